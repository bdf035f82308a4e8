//! The doca crate's DOCA DPA: contexts, DPA memory, the three-kernel pipeline chained by sync
//! events, RPCs and bad input, on the bindings' DOCA DPA test application (FLEXIO_TEST_DPA_APP:
//! tests/bindings/device/bind_dpa_pipeline_device.c built with -ldoca_dpa_dev); and the notebook
//! loop, a cell rebuilt under its name with FLEXIO_DPACC (notebook_*: ctest bindings.rust.notebook).
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use doca::{Device, Dpa, Launch, SyncEvent};

const THREADS: u32 = 4;

fn app() -> flexio::App {
    let path = std::env::var("FLEXIO_TEST_DPA_APP").expect("FLEXIO_TEST_DPA_APP: the DOCA DPA test application");
    flexio::App::load(path, None).unwrap()
}

/// err is the DOCA error name of function, with the library's line.
fn expect_error<T: std::fmt::Debug>(r: doca::Result<T>, name: &str, function: &str) -> doca::Error {
    let e = r.unwrap_err();
    assert_eq!((e.name().as_str(), e.function()), (name, function), "{e}");
    assert!(!e.message().is_empty(), "no line of the library: {e}");
    e
}

fn words(bytes: &[u8]) -> Vec<u64> {
    bytes.chunks(8).map(|w| u64::from_le_bytes(w.try_into().unwrap())).collect()
}

/// func1 (THREADS threads) -> func2 -> func3, completing done with 1; what they wrote.
fn run_pipeline(dev: &Device, dpa: &Dpa<'_>) -> Vec<u64> {
    let n = u64::from(THREADS);
    let out = dpa.alloc(8 * (THREADS as usize + 2)).unwrap();
    out.memset(0).unwrap();
    let go = SyncEvent::new(dev, dpa).unwrap();
    let (e1, e2) = (SyncEvent::new(dpa, dpa).unwrap(), SyncEvent::new(dpa, dpa).unwrap());
    let done = SyncEvent::new(dpa, dev).unwrap();
    // Launched last to first: each waits for its predecessor's event whatever the order.
    dpa.launch("func3", &[out.address(), n], Launch::threads(1).wait(&e2, 1).complete(&done, 1)).unwrap();
    dpa.launch("func2", &[out.address(), n], Launch::threads(1).wait(&e1, 1).complete(&e2, 1)).unwrap();
    dpa.launch("func1", &[out.address()], Launch::threads(THREADS).wait(&go, 1).complete(&e1, 1)).unwrap();
    expect_error(done.wait_gt(0, Some(Duration::from_millis(50))), "DOCA_ERROR_TIME_OUT", "doca_sync_event_wait_gt");
    assert_eq!(done.get().unwrap(), 0);
    go.update_set(1).unwrap();
    done.wait_gt(0, Some(Duration::from_secs(30))).unwrap();
    // DPA code reads an event by its handle.
    assert_eq!(dpa.rpc("event_value", &[e2.dpa_handle(dpa).unwrap()]).unwrap(), 1);
    words(&out.read(0, out.len()).unwrap())
}

#[test]
fn pipeline_of_three_kernels_chained_by_events() {
    let app = app();
    let dev = Device::open("mlx5_sim0").unwrap();
    let dpa = Dpa::new(&dev, &app).unwrap();
    assert_eq!(run_pipeline(&dev, &dpa), [1, 2, 3, 4, 10, 20]);
    // add(): the completion adds; the CPU adds too.
    let done = SyncEvent::new(&dpa, &dev).unwrap();
    let out = dpa.alloc(16).unwrap();
    dpa.launch("func1", &[out.address()], Launch::threads(2).complete(&done, 5).add()).unwrap();
    dpa.launch("func1", &[out.address()], Launch::threads(2).complete(&done, 5).add()).unwrap();
    done.wait_gt(9, None).unwrap();
    assert_eq!(done.update_add(1).unwrap(), 10);
    assert_eq!(done.get().unwrap(), 11);
}

#[test]
fn life_cycle_memory_and_rpc() {
    let app = app();
    let dev = Device::open("mlx5_sim0").unwrap();
    let dpa = Dpa::unstarted(&dev, &app).unwrap();
    expect_error(dpa.handle(), "DOCA_ERROR_BAD_STATE", "doca_dpa_get_dpa_handle");
    dpa.start().unwrap();
    assert_ne!(dpa.handle().unwrap(), 0);
    assert_eq!(dpa.max_threads_per_kernel().unwrap(), 64);
    expect_error(dpa.start(), "DOCA_ERROR_BAD_STATE", "doca_dpa_start");
    dpa.check().unwrap();
    assert_eq!(dpa.rpc("scale", &[21]).unwrap(), 42);
    assert_eq!(dpa.rpc("scale", &[u64::MAX]).unwrap(), u64::MAX.wrapping_mul(2));
    {
        let mem = dpa.alloc(64).unwrap();
        mem.memset(0x5a).unwrap();
        assert_eq!(mem.read(0, 64).unwrap(), vec![0x5a; 64]);
        mem.write(3, b"hello").unwrap();
        assert_eq!(mem.read(0, 8).unwrap(), b"\x5a\x5a\x5ahello");
        expect_range(mem.write(60, b"hello"), "doca_dpa_h2d_memcpy");
        expect_range(mem.read(65, 0), "doca_dpa_d2h_memcpy");
    }
    expect_error(dpa.alloc(0), "DOCA_ERROR_INVALID_VALUE", "doca_dpa_mem_alloc");
    dpa.stop().unwrap();
    expect_error(dpa.rpc("scale", &[1]), "DOCA_ERROR_BAD_STATE", "doca_dpa_rpc");
    dpa.start().unwrap();
    assert_eq!(dpa.rpc("scale", &[1]).unwrap(), 2);
    dpa.close().unwrap();
}

/// The binding's own refusal of a range outside the memory (nothing reaches the library).
fn expect_range<T: std::fmt::Debug>(r: doca::Result<T>, function: &str) {
    let e = r.unwrap_err();
    assert_eq!((e.name().as_str(), e.function()), ("DOCA_ERROR_INVALID_VALUE", function), "{e}");
    assert!(e.message().contains("outside"), "{e}");
}

#[test]
fn bad_input_names_the_function() {
    let app = app();
    let dev = Device::open("mlx5_sim0").unwrap();
    let dpa = Dpa::new(&dev, &app).unwrap();
    let done = SyncEvent::new(&dpa, &dev).unwrap();
    expect_error(
        dpa.launch("func1", &[0], Launch::threads(0).complete(&done, 1)),
        "DOCA_ERROR_INVALID_VALUE",
        "doca_dpa_kernel_launch_update_set",
    );
    expect_error(
        dpa.launch("func1", &[0], Launch::threads(65).complete(&done, 1).add()),
        "DOCA_ERROR_INVALID_VALUE",
        "doca_dpa_kernel_launch_update_add",
    );
    let e = expect_error(
        dpa.launch("no_such_kernel", &[], Launch::threads(1)),
        "DOCA_ERROR_INVALID_VALUE",
        "doca_dpa_kernel_launch_update_set",
    );
    assert!(e.message().contains("no_such_kernel"), "{e}");
    let e = expect_error(dpa.rpc("func2", &[1]), "DOCA_ERROR_INVALID_VALUE", "doca_dpa_rpc");
    assert!(e.message().contains("func2() takes 2 arguments (1 given)"), "{e}");
    // An event configured after its start.
    let event = SyncEvent::new(&dev, &dev).unwrap();
    expect_error(event.add_publisher(&dev), "DOCA_ERROR_BAD_STATE", "doca_sync_event_add_publisher_location_cpu");
}

fn run(cmd: &mut Command) {
    let status = cmd.status().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(status.success(), "{cmd:?} failed");
}

fn pkg_config(args: &[&str]) -> String {
    let out = Command::new("pkg-config").args(args).output().expect("pkg-config");
    assert!(out.status.success(), "pkg-config {args:?} failed");
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

/// The pipeline's DPA code with SCALE set to scale, built as application name into
/// dir/lib<name>.so: dpacc with DOCA DPA's device library and headers (pkg-config doca-dpa's
/// libdir and Cflags), then the host compiler.
fn build_cell(dir: &Path, name: &str, scale: u64) -> PathBuf {
    let dpacc = std::env::var("FLEXIO_DPACC").expect("FLEXIO_DPACC: this tree's dpacc");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let source =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../tests/bindings/device/bind_dpa_pipeline_device.c");
    let cell = std::fs::read_to_string(source).unwrap().replace("#define SCALE 2", &format!("#define SCALE {scale}"));
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("cell.c"), cell).unwrap();
    let includes = pkg_config(&["--cflags-only-I", "doca-dpa"]).replace(' ', ",");
    let libdir = pkg_config(&["--variable=libdir", "doca-dpa"]);
    run(Command::new(&dpacc).current_dir(dir).args([
        "cell.c".to_owned(),
        "-o".to_owned(),
        format!("{name}.a"),
        format!("--app-name={name}"),
        format!("-hostcc={cc}"),
        "-hostcc-options=-fPIC".to_owned(),
        format!("--devicecc-options={includes},-DDOCA_ALLOW_EXPERIMENTAL_API"),
        format!("--device-libs=-L{libdir} -ldoca_dpa_dev"),
    ]));
    let so = format!("lib{name}.so");
    run(Command::new(&cc)
        .current_dir(dir)
        .args(["-shared", "-o", &so, "-Wl,--whole-archive", &format!("{name}.a"), "-Wl,--no-whole-archive"])
        .args(pkg_config(&["--libs", "flexio"]).split_whitespace()));
    dir.join(so)
}

/// The notebook loop: the cell edited and built again at the same path under the same name is
/// the new code; a context of the earlier one goes on with its code.
#[test]
fn notebook_dpa_cell_rebuilt_under_its_name() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("notebook_dpa_cell");
    let _ = std::fs::remove_dir_all(&dir);
    let first = flexio::App::load(build_cell(&dir, "dpa_cell", 2), None).unwrap();
    let edited = flexio::App::load(build_cell(&dir, "dpa_cell", 7), None).unwrap();
    assert_eq!(flexio::App::get("dpa_cell").unwrap().as_raw(), edited.as_raw());
    let dev = Device::open("mlx5_sim0").unwrap();
    let (old, new) = (Dpa::new(&dev, &first).unwrap(), Dpa::new(&dev, &edited).unwrap());
    assert_eq!((old.rpc("scale", &[3]).unwrap(), new.rpc("scale", &[3]).unwrap()), (6, 21));
    assert_eq!(run_pipeline(&dev, &new), [1, 2, 3, 4, 10, 70]);
}
