//! Compiles the generated tables of the C layouts (src/c_layout.c, src/doca_c_layout.c) into
//! static libraries, with the header directories the -sys crates' build scripts found (`links`
//! passes them on as DEP_FLEXIO_INCLUDE and DEP_DOCA_COMMON_INCLUDE).
use std::env;

fn table(source: &str, include_var: &str, name: &str) {
    println!("cargo:rerun-if-changed={source}");
    println!("cargo:rerun-if-env-changed={include_var}");
    let mut build = cc::Build::new();
    build.file(source).warnings(true);
    // Absent when the -sys crate skipped its probe (DOCS_RS): the compiler's own paths then.
    if let Some(include) = env::var_os(include_var) {
        build.includes(env::split_paths(&include));
    }
    build.compile(name);
}

fn main() {
    table("src/c_layout.c", "DEP_FLEXIO_INCLUDE", "flexio_c_layout");
    table("src/doca_c_layout.c", "DEP_DOCA_COMMON_INCLUDE", "doca_c_layout");
}
