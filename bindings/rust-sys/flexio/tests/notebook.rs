//! The notebook loop: the test application loaded again, two applications defining the same
//! device function, and a cell edited and rebuilt under its name at the same path while a
//! process of the earlier code goes on.  The cells are built with FLEXIO_DPACC and the two
//! commands of bindings/README.md (ctest bindings.rust.notebook; the suite skips notebook_*).
use flexio::{App, Device, ErrorKind, Process};
use std::path::{Path, PathBuf};
use std::process::Command;

const CELL: &str = r#"
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t triple(uint64_t x)
{
	return 3 * x + OFFSET;
}
"#;

/// An empty directory of the test's own.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(cmd: &mut Command) {
    let status = cmd.status().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(status.success(), "{cmd:?} failed");
}

/// The cell (`triple` = 3x + offset) built as application `name` into `dir/lib<name>.so`.
fn build_cell(dir: &Path, name: &str, offset: u64) -> PathBuf {
    let dpacc = std::env::var("FLEXIO_DPACC").expect("FLEXIO_DPACC: this tree's dpacc");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("cell.c"), CELL).unwrap();
    run(Command::new(&dpacc).current_dir(dir).args([
        "cell.c".to_owned(),
        "-o".to_owned(),
        format!("{name}.a"),
        format!("--app-name={name}"),
        format!("-hostcc={cc}"),
        "-hostcc-options=-fPIC".to_owned(),
        format!("--devicecc-options=-DOFFSET={offset}"),
    ]));
    let libs = Command::new("pkg-config").args(["--libs", "flexio"]).output().expect("pkg-config");
    assert!(libs.status.success(), "pkg-config --libs flexio failed");
    let libs = String::from_utf8(libs.stdout).unwrap();
    let so = format!("lib{name}.so");
    run(Command::new(&cc)
        .current_dir(dir)
        .args(["-shared", "-o", &so, "-Wl,--whole-archive", &format!("{name}.a"), "-Wl,--no-whole-archive"])
        .args(libs.split_whitespace()));
    dir.join(so)
}

fn triple(process: &Process, app: &App, x: u64) -> u64 {
    process.call(&app.function("triple").unwrap(), &[x]).unwrap()
}

#[test]
fn notebook_loading_the_same_object_again_gives_the_same_app() {
    let path = std::env::var("FLEXIO_TEST_APP").expect("FLEXIO_TEST_APP: the test application's shared object");
    let app = App::load(&path, None).unwrap();
    assert_eq!(App::load(&path, None).unwrap().as_raw(), app.as_raw());
    assert_eq!(App::load(&path, Some(app.name())).unwrap().as_raw(), app.as_raw());
    let copy = scratch("same_object").join("copy.so");
    std::fs::copy(&path, &copy).unwrap();
    assert_eq!(App::load(&copy, None).unwrap().as_raw(), app.as_raw()); // the same bytes
    let e = App::load(&path, Some("nope")).unwrap_err();
    assert_eq!((e.kind(), e.function()), (&ErrorKind::NotFound, "flexio_app_get"));
    assert!(e.message().contains("registered no application named \"nope\" (bind_test)"), "{e}");
    let e = App::load(copy.with_file_name("missing.so"), None).unwrap_err();
    assert_eq!((e.kind(), e.function()), (&ErrorKind::NotFound, "dlopen"));
}

#[test]
fn notebook_two_apps_may_define_the_same_function() {
    let dir = scratch("two_apps");
    let one = App::load(build_cell(&dir.join("one"), "nb_one", 1), None).unwrap();
    let two = App::load(build_cell(&dir.join("two"), "nb_two", 2), None).unwrap();
    let dev = Device::open("mlx5_sim0").unwrap();
    let (p1, p2) = (dev.process(&one).unwrap(), dev.process(&two).unwrap());
    assert_eq!(triple(&p1, &one, 5), 16);
    assert_eq!(triple(&p2, &two, 5), 17);
}

#[test]
fn notebook_a_cell_rebuilt_at_the_same_path() {
    let dir = scratch("rebuilt");
    let path = build_cell(&dir, "nb_cell", 0);
    let first = App::load(&path, None).unwrap();
    let dev = Device::open("mlx5_sim0").unwrap();
    let old = dev.process(&first).unwrap();
    assert_eq!(triple(&old, &first, 5), 15);

    assert_eq!(build_cell(&dir, "nb_cell", 100), path);
    let edited = App::load(&path, None).unwrap();
    assert_ne!(edited.as_raw(), first.as_raw());
    assert_eq!(App::load(&path, None).unwrap().as_raw(), edited.as_raw());
    let newest = App::get("nb_cell").unwrap(); // the newest of the name, with its own functions
    assert_eq!(newest.as_raw(), edited.as_raw());
    let new = dev.process(&edited).unwrap();
    assert_eq!(triple(&new, &edited, 5), 115);
    assert_eq!(triple(&new, &newest, 5), 115);
    assert_eq!(triple(&old, &first, 5), 15);
}
