//! `cfg(doca_dma)` when doca-sys binds DOCA DMA (its build script passes on the libraries it links
//! as DEP_DOCA_COMMON_LIBRARIES; under DOCS_RS, its generated list, src/libraries.rs).
use std::env;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(doca_dma)");
    println!("cargo:rerun-if-env-changed=DEP_DOCA_COMMON_LIBRARIES");
    if env::var("DEP_DOCA_COMMON_LIBRARIES").is_ok_and(|libs| libs.split(',').any(|l| l == "doca-dma")) {
        println!("cargo:rustc-cfg=doca_dma");
    }
}
