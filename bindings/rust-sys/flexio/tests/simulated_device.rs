//! The safe crate on the simulated device (FLEXIO_TEST_APP: the test application's shared object).
use flexio::{App, Device, ErrorKind};
use std::sync::OnceLock;

fn app() -> &'static App {
    static APP: OnceLock<App> = OnceLock::new();
    APP.get_or_init(|| {
        let path = std::env::var("FLEXIO_TEST_APP").expect("FLEXIO_TEST_APP: the test application's shared object");
        App::load(path, None).expect("load the test application")
    })
}

#[test]
fn version_handshake() {
    flexio::init().unwrap();
    assert_eq!(flexio::api_version(), "25.1.0");
    assert_eq!(flexio::library_version(), "25.1.0");
}

#[test]
fn open_device_and_unknown_device() {
    assert!(Device::names().unwrap().iter().any(|n| n == "mlx5_sim0"));
    let e = Device::open("mlx5_nope").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert!(e.message.contains("no device named \"mlx5_nope\""), "{e}");
}

#[test]
fn call_with_several_arguments() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let f = app().function("weighted_sum").unwrap();
    assert_eq!(f.nargs(), 5);
    // a + 2b + 3c + 4d + 5e, c an int16 and e an int64 given as two's complement
    assert_eq!(proc.call(&f, &[1, 2, (-3i64) as u64, 4, 5]).unwrap(), 37);
    assert_eq!(proc.call(&f, &[0, 0, 0, 0, u64::MAX]).unwrap() as i64, -5);
    let e = proc.call(&f, &[1, 2]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Arity { expected: 5, given: 2 });
}

#[test]
fn heap_write_and_read_back() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let data: Vec<u8> = (1..=200).collect();
    let buf = proc.alloc(data.len()).unwrap();
    buf.write(0, &data).unwrap();
    let sum_bytes = app().function("sum_bytes").unwrap();
    let expect: u64 = data.iter().map(|&b| b as u64).sum();
    assert_eq!(proc.call(&sum_bytes, &[buf.daddr(), data.len() as u64]).unwrap(), expect);
    assert_eq!(buf.to_vec().unwrap(), data);
    let fill = app().function("fill_bytes").unwrap();
    proc.call(&fill, &[buf.daddr(), 16, 0x40]).unwrap();
    let mut back = [0u8; 16];
    buf.read(0, &mut back).unwrap();
    assert_eq!(back.to_vec(), (0x40..0x50).collect::<Vec<u8>>());
    assert!(buf.write(190, &[0; 20]).is_err()); // out of bounds: an error, not a write
    let before = proc.heap_info().unwrap().allocated;
    drop(buf);
    assert!(proc.heap_info().unwrap().allocated < before);
    let copy = proc.copy_from_host(b"hello").unwrap();
    assert_eq!(copy.to_vec().unwrap(), b"hello");
}

#[test]
fn device_print_captured() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let greet = app().function("greet").unwrap();
    proc.call(&greet, &[3]).unwrap();
    proc.call(&greet, &[4]).unwrap();
    assert_eq!(proc.output().unwrap(), "hello from the DPA, 3\nhello from the DPA, 4\n");
    assert_eq!(proc.output().unwrap(), "");
}

#[test]
fn bad_handle_is_a_clean_error() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let e = proc.alloc(1 << 40).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Failed);
    assert!(e.message.starts_with("flexio ERR flexio_buf_dev_alloc: "), "{e}");
    // A pointer that is no process, through the raw layer: the library rejects it.
    let bogus = 0x1000 as *mut flexio_sys::flexio_process;
    assert_eq!(unsafe { flexio_sys::flexio_process_destroy(bogus) }, flexio_sys::FLEXIO_STATUS_FAILED);
    let e = app().function("no_such_function").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
}

#[test]
fn device_fault_is_a_clean_error() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let bad = dev.process(app()).unwrap();
    let good = dev.process(app()).unwrap();
    let buf = bad.alloc(64).unwrap();
    let f = app().function("load_misaligned").unwrap();
    let e = bad.call(&f, &[buf.daddr()]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::DeviceFault { status: 0x10 });
    assert!(e.message.contains("did not complete"), "{e}");
    assert!(bad.failed());
    assert!(bad.crash_data().unwrap().contains("misaligned"));
    let ws = app().function("weighted_sum").unwrap();
    assert_eq!(good.call(&ws, &[1, 1, 1, 1, 1]).unwrap(), 15); // the other process runs on
}

#[test]
fn processes_move_between_threads() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let f = app().function("weighted_sum").unwrap();
    std::thread::scope(|s| {
        s.spawn(move || assert_eq!(proc.call(&f, &[1, 0, 0, 0, 0]).unwrap(), 1));
    });
}
