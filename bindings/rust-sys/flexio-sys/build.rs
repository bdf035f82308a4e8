//! Finds libflexio with pkg-config (`flexio`: set PKG_CONFIG_PATH to an install prefix's
//! lib/pkgconfig, or to a build tree's bindings/pkgconfig), and measures the C layout of the
//! API's structs with the C compiler for tests/layout.rs.
use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=src/layout_probe.c");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    println!("cargo:rerun-if-env-changed=CC");
    let lib = pkg_config::Config::new()
        .atleast_version("1.1")
        .probe("flexio")
        .unwrap_or_else(|e| {
            panic!("flexio-sys: libflexio not found by pkg-config (set PKG_CONFIG_PATH to the directory of flexio.pc): {e}")
        });
    // For dependents' build scripts (links = "flexio"): DEP_FLEXIO_INCLUDE.
    let includes = env::join_paths(&lib.include_paths).unwrap();
    println!("cargo:include={}", includes.to_string_lossy());

    // The C compiler's layout of every struct: compile and run the generated probe.
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let probe = out.join("layout_probe");
    let cc = env::var("CC").unwrap_or_else(|_| "cc".into());
    let mut cmd = Command::new(&cc);
    cmd.arg("-o").arg(&probe).arg("src/layout_probe.c");
    for dir in &lib.include_paths {
        cmd.arg("-I").arg(dir);
    }
    let status = cmd.status().unwrap_or_else(|e| panic!("flexio-sys: cannot run {cc}: {e}"));
    assert!(status.success(), "flexio-sys: {cc} failed on src/layout_probe.c");
    let output = Command::new(&probe).output().expect("flexio-sys: cannot run the layout probe");
    assert!(output.status.success(), "flexio-sys: the layout probe failed");
    let mut rs = String::from("/// (member, size/alignment/offset) as the C compiler lays them out.\n");
    rs.push_str("pub const C_LAYOUT: &[(&str, usize)] = &[\n");
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let (name, value) = line.rsplit_once(' ').unwrap();
        rs.push_str(&format!("    ({name:?}, {value}),\n"));
    }
    rs.push_str("];\n");
    fs::write(out.join("c_layout.rs"), rs).unwrap();
}
