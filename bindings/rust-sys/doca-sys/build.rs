//! Links the DOCA libraries the bindings call (src/libraries.rs, generated: doca-common,
//! doca-dma and doca-dpa), found with pkg-config (an install prefix's
//! lib/pkgconfig, or a build tree's bindings/pkgconfig, on PKG_CONFIG_PATH).
//!
//! The -sys conventions, as flexio-sys's:
//! - `DOCS_RS` set: nothing is probed or linked (the bindings are committed Rust).
//! - `links = "doca_common"`: crates depending on this one read `DEP_DOCA_COMMON_INCLUDE` (the
//!   header directories, joined like PATH), `DEP_DOCA_COMMON_LIBDIR` (the library directories),
//!   `DEP_DOCA_COMMON_VERSION` (the DOCA release of doca-common) and, when the module names a
//!   prefix, `DEP_DOCA_COMMON_ROOT`.
use std::env;
use std::path::PathBuf;
use std::process::exit;

include!("src/libraries.rs");

/// The release the committed bindings were generated from serves no older library.
const MIN_VERSION: &str = "3.3";

fn main() {
    println!("cargo:rerun-if-env-changed=DOCS_RS");
    println!("cargo:rerun-if-changed=src/libraries.rs");
    if env::var_os("DOCS_RS").is_some() {
        return;
    }
    let (mut includes, mut libdirs) = (Vec::<PathBuf>::new(), Vec::<PathBuf>::new());
    let mut version = String::new();
    for module in LIBRARIES {
        // The pkg-config crate reports PKG_CONFIG, PKG_CONFIG_PATH, ... itself (rerun-if-env-changed).
        let lib = match pkg_config::Config::new().atleast_version(MIN_VERSION).probe(module) {
            Ok(lib) => lib,
            Err(e) => {
                eprintln!(
                    "doca-sys: {module} >= {MIN_VERSION} not found by pkg-config: set PKG_CONFIG_PATH to the \
                     directory of {module}.pc (an install's lib/pkgconfig, a build tree's bindings/pkgconfig). \
                     To build documentation only, set DOCS_RS=1.\n{e}"
                );
                exit(1);
            }
        };
        if version.is_empty() {
            version = lib.version.clone();
        }
        includes.extend(lib.include_paths.into_iter().filter(|p| !includes.contains(p)).collect::<Vec<_>>());
        libdirs.extend(lib.link_paths.into_iter().filter(|p| !libdirs.contains(p)).collect::<Vec<_>>());
    }
    let joined = |paths: &[PathBuf]| match env::join_paths(paths) {
        Ok(joined) => joined.to_string_lossy().into_owned(),
        Err(e) => {
            eprintln!("doca-sys: pkg-config gave a path that cannot be passed on: {e}");
            exit(1);
        }
    };
    println!("cargo:include={}", joined(&includes));
    println!("cargo:libdir={}", joined(&libdirs));
    println!("cargo:version={version}");
    if let Ok(prefix) = pkg_config::get_variable("doca-common", "prefix") {
        if !prefix.is_empty() {
            println!("cargo:root={prefix}");
        }
    }
}
