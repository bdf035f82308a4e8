//! Compiles the generated table of the C layouts (src/c_layout.c) into a static library, with the
//! header directories flexio-sys's build script found (`links = "flexio"` passes them on as
//! DEP_FLEXIO_INCLUDE).
use std::env;

fn main() {
    println!("cargo:rerun-if-changed=src/c_layout.c");
    println!("cargo:rerun-if-env-changed=DEP_FLEXIO_INCLUDE");
    let mut build = cc::Build::new();
    build.file("src/c_layout.c").warnings(true);
    // Absent when flexio-sys skipped its probe (DOCS_RS): the compiler's own paths then.
    if let Some(include) = env::var_os("DEP_FLEXIO_INCLUDE") {
        build.includes(env::split_paths(&include));
    }
    build.compile("flexio_c_layout");
}
