//! The safe crate on the simulated device (FLEXIO_TEST_APP: the test application's shared object).
use flexio::{App, Device, ErrorKind, Fault, FaultAccess, FaultCause};
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
    assert_eq!(flexio::api_version(), "26.4.0");
    assert_eq!(flexio::library_version(), "26.4.0");
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
    assert!(e.message.contains("did not complete"), "{e}");
    let ErrorKind::DeviceFault(fault) = &e.kind else { panic!("not a device fault: {e}") };
    assert_eq!(e.fault(), Some(&**fault));
    // The library's record, not crash text.
    let status = unsafe { flexio_sys::experimental::flexio_err_status_get(bad.as_raw()) };
    assert_eq!((fault.status, status), (0x10, 0x10));
    assert!(fault.stopped && fault.faulted() && fault.thread_id.is_some());
    assert_eq!(fault.cause, FaultCause::Misaligned);
    assert_eq!(fault.cause.to_string(), "misaligned access");
    assert_eq!(fault.access, FaultAccess::Read);
    assert_eq!(fault.address, buf.daddr() + 1); // the 4-byte load at daddr + 1
    assert!(fault.pc != 0 && fault.insn != 0 && fault.instret > 0 && fault.cycles > 0, "{fault:?}");
    assert_eq!(fault.regs[0], 0);
    assert_eq!(fault.reg("sp"), Some(fault.regs[2]));
    assert_ne!(fault.regs[2], 0);
    assert!(fault.regs.contains(&buf.daddr()) || fault.regs.contains(&(buf.daddr() + 1)), "{fault:?}");
    let line = format!(
        "status 0x10: misaligned access (read) at pc {:#x}, address {:#x}, thread {}",
        fault.pc,
        fault.address,
        fault.thread_id.unwrap()
    );
    assert_eq!(fault.to_string(), line);
    assert_eq!(e.to_string(), format!("{} [DPA process stopped, {line}]", e.message));
    let report = format!("{fault:#}");
    assert_eq!(report.lines().count(), 3 + 8, "{report}");
    assert!(report.starts_with(&line) && report.contains("x2  sp   0x"), "{report}");
    assert!(format!("{fault:?}").contains(&format!("pc: {:#x}", fault.pc)));
    assert_eq!(&bad.fault().unwrap(), &**fault); // the same record, read again
    assert!(bad.failed());
    let ws = app().function("weighted_sum").unwrap();
    assert_eq!(good.call(&ws, &[1, 1, 1, 1, 1]).unwrap(), 15); // the other process runs on
    assert_eq!(good.fault().unwrap().to_string(), "running");
}

#[test]
fn user_error_stops_the_process_without_a_fault() {
    let Ok(user_error) = app().function("user_error") else {
        eprintln!("skipped: the test application has no user_error (tests/bindings/device/bind_test_device.c)");
        return;
    };
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let e = proc.call(&user_error, &[200]).unwrap_err(); // flexio_dev_error(200)
    let fault = e.fault().unwrap_or_else(|| panic!("not a device fault: {e}"));
    let status = unsafe { flexio_sys::experimental::flexio_err_status_get(proc.as_raw()) };
    assert_eq!((fault.status, status), (200, 200));
    assert!(fault.stopped && !fault.faulted());
    assert_eq!((fault.cause, fault.cause.to_string()), (FaultCause::None, "none".to_string()));
    assert_eq!((fault.access, fault.pc, fault.address, fault.regs), (FaultAccess::None, 0, 0, [0; 32]));
    assert!(fault.to_string().starts_with("status 0xc8") && !fault.to_string().contains("pc"), "{fault}");
    assert_eq!(format!("{fault:#}"), fault.to_string());
}

#[test]
fn fault_record_of_a_running_process_and_causes() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let fault = proc.fault().unwrap();
    assert_eq!(
        fault,
        Fault {
            status: 0,
            stopped: false,
            thread_id: None,
            cause: FaultCause::None,
            access: FaultAccess::None,
            pc: 0,
            address: 0,
            insn: 0,
            regs: [0; 32],
            instret: 0,
            cycles: 0
        }
    );
    assert_eq!(fault.to_string(), "running");
    for raw in 0..=10 {
        let cause = FaultCause::from_raw(raw);
        assert!(!matches!(cause, FaultCause::Other(_)) && cause.as_raw() == raw);
        assert_ne!(cause.name(), "unknown");
    }
    assert_eq!(FaultCause::from_raw(99), FaultCause::Other(99));
    assert_eq!(FaultCause::Other(99).name(), "unknown");
    assert_eq!(format!("{:>20}", FaultCause::Breakpoint), " breakpoint (ebreak)");
    assert_eq!(FaultAccess::from_raw(2).to_string(), "write");
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
