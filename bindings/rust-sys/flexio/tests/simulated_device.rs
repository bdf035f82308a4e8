//! The safe crate on the simulated device (FLEXIO_TEST_APP: the test application's shared object).
use flexio::{Affinity, App, Device, ErrorKind, EventHandlerConfig, Fault, FaultAccess, FaultCause};
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
    assert_eq!(*e.kind(), ErrorKind::NotFound);
    assert!(e.message().contains("no device named \"mlx5_nope\""), "{e}");
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
    assert_eq!(*e.kind(), ErrorKind::Arity { expected: 5, given: 2 });
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
    assert_eq!(*e.kind(), ErrorKind::Failed);
    assert!(e.message().starts_with("flexio ERR flexio_buf_dev_alloc: "), "{e}");
    // A pointer that is no process, through the raw layer: the library rejects it.
    let bogus = 0x1000 as *mut flexio_sys::flexio_process;
    assert_eq!(unsafe { flexio_sys::flexio_process_destroy(bogus) }, flexio_sys::FLEXIO_STATUS_FAILED);
    let e = app().function("no_such_function").unwrap_err();
    assert_eq!(*e.kind(), ErrorKind::NotFound);
}

#[test]
fn nul_bytes_in_names_are_errors_not_panics() {
    let e = app().function("weighted\0sum").unwrap_err();
    assert_eq!((e.kind(), e.function()), (&ErrorKind::InvalidArgument, "dlsym"));
    assert_eq!(e.message(), "dlsym: the function name \"weighted\\0sum\" holds a NUL byte");
    let e = App::get("bind\0test").unwrap_err();
    assert_eq!((e.kind(), e.function()), (&ErrorKind::InvalidArgument, "flexio_app_get"));
    let e = App::load("lib\0app.so", None).unwrap_err();
    assert_eq!((e.kind(), e.function()), (&ErrorKind::InvalidArgument, "dlopen"));
    assert!(e.message().contains("path"), "{e}");
    assert_eq!(*Device::open("mlx5\0sim0").unwrap_err().kind(), ErrorKind::NotFound);
}

#[test]
fn device_fault_is_a_clean_error() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let bad = dev.process(app()).unwrap();
    let good = dev.process(app()).unwrap();
    let buf = bad.alloc(64).unwrap();
    let f = app().function("load_misaligned").unwrap();
    let e = bad.call(&f, &[buf.daddr()]).unwrap_err();
    assert!(e.message().contains("did not complete"), "{e}");
    let ErrorKind::DeviceFault(fault) = e.kind() else { panic!("not a device fault: {e}") };
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
    assert_eq!(e.to_string(), format!("{} [DPA process stopped, {line}]", e.message()));
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

// ------------------------------------------------------------------------------------------
// Event handlers (count_invocations and activate_handler in tests/bindings/device/bind_test_device.c)

/// struct handler_record: count, thread_id, name[64].
const RECORD_SIZE: usize = 80;

fn count_of(record: &flexio::HeapBuffer<'_>) -> u64 {
    let mut word = [0u8; 8];
    record.read(0, &mut word).unwrap();
    u64::from_le_bytes(word)
}

/// Polls the handler's counter until it reaches `want` (10 s at most); returns what it reads.
fn wait_count(record: &flexio::HeapBuffer<'_>, want: u64) -> u64 {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let n = count_of(record);
        if n >= want || std::time::Instant::now() > deadline {
            return n;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

#[test]
fn event_handler_runs_once_per_trigger() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let record = proc.alloc(RECORD_SIZE).unwrap();
    record.memset(0).unwrap();
    let handler = app().function("count_invocations").unwrap();
    let activate = app().function("activate_handler").unwrap();
    let config = EventHandlerConfig { arg: record.daddr(), name: Some("bind_handler".into()), ..Default::default() };
    let eh = proc.event_handler(&handler, config.clone()).unwrap();
    assert_eq!(eh.name(), Some("bind_handler"));
    assert_eq!((eh.function_name(), eh.config()), ("count_invocations", &config));
    assert!(eh.id() != u32::MAX && eh.activation_id() == eh.id() && eh.obj_id() == eh.id());
    assert_eq!(
        unsafe { flexio_sys::experimental::flexio_event_handler_get_activation_id(eh.as_raw()) },
        eh.activation_id()
    );
    assert!(!eh.thread_raw().is_null());
    assert!(format!("{eh:?}").contains("bind_handler"));
    eh.run(0).unwrap();
    assert_eq!(count_of(&record), 0); // running, not triggered yet
    let n = 20;
    for i in 1..=n {
        proc.call(&activate, &[eh.activation_id() as u64]).unwrap();
        assert_eq!(wait_count(&record, i), i); // one invocation per trigger
    }
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert_eq!(count_of(&record), n); // and no more
    let mut rest = [0u8; RECORD_SIZE - 8];
    record.read(8, &mut rest).unwrap();
    assert_eq!(u64::from_le_bytes(rest[..8].try_into().unwrap()), eh.id() as u64); // flexio_dev_get_thread_id
    assert_eq!(rest[8..].split(|&b| b == 0).next().unwrap(), b"bind_handler"); // the thread's name
    eh.close().unwrap();
    assert_eq!(proc.call(&app().function("weighted_sum").unwrap(), &[1, 1, 1, 1, 1]).unwrap(), 15);
}

#[test]
fn event_handlers_dropped_and_configured() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let handler = app().function("count_invocations").unwrap();
    let activate = app().function("activate_handler").unwrap();
    let records: Vec<_> = (0..3).map(|_| proc.alloc(RECORD_SIZE).unwrap()).collect();
    let configs = [
        EventHandlerConfig { arg: records[0].daddr(), ..Default::default() },
        EventHandlerConfig {
            arg: records[1].daddr(),
            continuable: true,
            affinity: Affinity::Strict(1),
            ..Default::default()
        },
        EventHandlerConfig {
            arg: records[2].daddr(),
            thread_local_storage: records[2].daddr(),
            affinity: Affinity::Group(0),
            ..Default::default()
        },
    ];
    let before = proc.heap_info().unwrap();
    {
        let handlers: Vec<_> = configs.iter().map(|c| proc.event_handler(&handler, c.clone()).unwrap()).collect();
        for (k, (eh, record)) in handlers.iter().zip(&records).enumerate() {
            record.memset(0).unwrap();
            eh.run(7).unwrap();
            for i in 1..=k as u64 + 1 {
                proc.call(&activate, &[eh.activation_id() as u64]).unwrap();
                assert_eq!(wait_count(record, i), i);
            }
        }
        assert_eq!(handlers[0].name(), None);
        let mut name = [0xffu8];
        records[0].read(16, &mut name).unwrap();
        assert_eq!(name, [0]); // no name
        let ids: std::collections::HashSet<u32> = handlers.iter().map(|h| h.id()).collect();
        assert_eq!(ids.len(), 3);
    } // dropped: destroyed
    assert_eq!(proc.heap_info().unwrap(), before);
    assert!(!proc.failed());
}

#[test]
fn event_handler_bad_input() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    assert_eq!(*app().function("no_such_handler").unwrap_err().kind(), ErrorKind::NotFound);
    let handler = app().function("count_invocations").unwrap();
    // The library's own refusals, with its line.
    let long = EventHandlerConfig { name: Some("x".repeat(300)), ..Default::default() };
    let e = proc.event_handler(&handler, long).unwrap_err();
    assert_eq!((e.kind().clone(), e.function()), (ErrorKind::Failed, "flexio_event_handler_create"));
    assert!(
        e.message().starts_with("flexio ERR flexio_event_handler_create: ")
            && e.message().contains("FLEXIO_MAX_NAME_LEN"),
        "{e}"
    );
    let far = EventHandlerConfig { affinity: Affinity::Strict(1 << 20), ..Default::default() };
    let e = proc.event_handler(&handler, far).unwrap_err();
    assert!(
        e.message().starts_with("flexio ERR flexio_event_handler_create: ") && e.message().contains("execution units"),
        "{e}"
    );
    let nul = EventHandlerConfig { name: Some("a\0b".into()), ..Default::default() };
    assert_eq!(*proc.event_handler(&handler, nul).unwrap_err().kind(), ErrorKind::InvalidArgument);
    // A stopped process refuses new handlers and runs: device-fault errors.
    let record = proc.alloc(RECORD_SIZE).unwrap();
    let eh = proc.event_handler(&handler, EventHandlerConfig { arg: record.daddr(), ..Default::default() }).unwrap();
    let _ = proc.call(&app().function("user_error").unwrap(), &[200]).unwrap_err();
    let e = proc.event_handler(&handler, EventHandlerConfig::default()).unwrap_err();
    assert_eq!((e.function(), e.fault().map(|f| f.status)), ("flexio_event_handler_create", Some(200)), "{e}");
    let e = eh.run(0).unwrap_err();
    assert_eq!((e.function(), e.fault().map(|f| f.status)), ("flexio_event_handler_run", Some(200)), "{e}");
    eh.close().unwrap(); // destroying still works
}
