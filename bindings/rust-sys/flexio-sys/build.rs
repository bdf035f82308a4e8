//! Links libflexio, found with pkg-config (module `flexio`: set PKG_CONFIG_PATH to an install
//! prefix's lib/pkgconfig, or to a build tree's bindings/pkgconfig).
//!
//! The -sys conventions this follows:
//! - `DOCS_RS` set (docs.rs, or `DOCS_RS=1 cargo doc` anywhere): nothing is probed or linked.
//!   The bindings are committed Rust, so documenting them needs neither the library nor
//!   pkg-config.
//! - `links = "flexio"`: what the probe found reaches the build scripts of crates depending on
//!   this one as `DEP_FLEXIO_*` variables: `DEP_FLEXIO_INCLUDE` (the header directories, joined
//!   like PATH), `DEP_FLEXIO_LIBDIR` (the library directories, joined like PATH),
//!   `DEP_FLEXIO_VERSION` (the module's version) and, when flexio.pc names a prefix (installed
//!   libraries do; a build tree's does not), `DEP_FLEXIO_ROOT`.
use std::env;
use std::process::exit;

/// Older libraries do not serve the API edition of the committed bindings.
const MIN_VERSION: &str = "1.1";

fn main() {
    println!("cargo:rerun-if-env-changed=DOCS_RS");
    if env::var_os("DOCS_RS").is_some() {
        return;
    }
    // The pkg-config crate reports PKG_CONFIG, PKG_CONFIG_PATH, ... itself (rerun-if-env-changed).
    let lib = match pkg_config::Config::new().atleast_version(MIN_VERSION).probe("flexio") {
        Ok(lib) => lib,
        Err(e) => {
            eprintln!(
                "flexio-sys: libflexio >= {MIN_VERSION} not found by pkg-config: set PKG_CONFIG_PATH to \
                 the directory of flexio.pc (an install's lib/pkgconfig, a build tree's bindings/pkgconfig). \
                 To build documentation only, set DOCS_RS=1.\n{e}"
            );
            exit(1);
        }
    };
    let joined = |paths: &[std::path::PathBuf]| match env::join_paths(paths) {
        Ok(joined) => joined.to_string_lossy().into_owned(),
        Err(e) => {
            eprintln!("flexio-sys: pkg-config gave a path that cannot be passed on: {e}");
            exit(1);
        }
    };
    println!("cargo:include={}", joined(&lib.include_paths));
    println!("cargo:libdir={}", joined(&lib.link_paths));
    println!("cargo:version={}", lib.version);
    if let Ok(prefix) = pkg_config::get_variable("flexio", "prefix") {
        if !prefix.is_empty() {
            println!("cargo:root={prefix}");
        }
    }
}
