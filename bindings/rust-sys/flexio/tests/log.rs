//! The library's log in the `log` crate: one record per line, target "flexio", none on stderr.
//! One test in this binary, as the logger is process-wide.
use flexio::{App, Device, LOG_TARGET};
use std::ffi::c_int;
use std::fs::File;
use std::io::Read;
use std::os::fd::AsRawFd;
use std::sync::Mutex;

struct Captured {
    level: log::Level,
    target: String,
    function: Option<String>,
    message: String,
}

struct Recorder(Mutex<Vec<Captured>>);

impl log::Log for Recorder {
    fn enabled(&self, _: &log::Metadata) -> bool {
        true
    }
    fn log(&self, record: &log::Record) {
        let function = record.key_values().get(log::kv::Key::from("function")).map(|v| v.to_string());
        self.0.lock().unwrap().push(Captured {
            level: record.level(),
            target: record.target().to_owned(),
            function,
            message: record.args().to_string(),
        });
    }
    fn flush(&self) {}
}

static RECORDS: Recorder = Recorder(Mutex::new(Vec::new()));

extern "C" {
    fn dup(fd: c_int) -> c_int;
    fn dup2(from: c_int, to: c_int) -> c_int;
    fn close(fd: c_int) -> c_int;
}

/// Runs f with fd 2 sent to a file; returns what was written there.
fn stderr_of(f: impl FnOnce()) -> String {
    let path = std::env::temp_dir().join(format!("flexio-log-test-{}", std::process::id()));
    let file = File::create(&path).unwrap();
    let saved = unsafe { dup(2) };
    unsafe { dup2(file.as_raw_fd(), 2) };
    f();
    unsafe {
        dup2(saved, 2);
        close(saved);
    }
    let mut text = String::new();
    File::open(&path).unwrap().read_to_string(&mut text).unwrap();
    std::fs::remove_file(&path).unwrap();
    text
}

fn take_flexio_records() -> Vec<Captured> {
    std::mem::take(&mut *RECORDS.0.lock().unwrap()).into_iter().filter(|r| r.target == LOG_TARGET).collect()
}

#[test]
fn failures_are_one_error_record_each() {
    log::set_logger(&RECORDS).unwrap();
    log::set_max_level(log::LevelFilter::Trace);
    let path = std::env::var("FLEXIO_TEST_APP").expect("FLEXIO_TEST_APP: the test application's shared object");
    let app = App::load(path, None).unwrap();
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(&app).unwrap();
    take_flexio_records();

    let mut error = None;
    let stderr = stderr_of(|| error = proc.alloc(1 << 40).err());
    let error = error.expect("allocating 1 TiB fails");
    let records = take_flexio_records();
    assert_eq!(records.len(), 1, "{:?}", records.iter().map(|r| &r.message).collect::<Vec<_>>());
    let r = &records[0];
    assert_eq!(r.level, log::Level::Error);
    assert_eq!(r.function.as_deref(), Some("flexio_buf_dev_alloc"));
    assert!(r.message.starts_with("flexio_buf_dev_alloc: "), "{}", r.message);
    // the error still carries the library's line, which the record says once
    assert_eq!(error.message(), format!("flexio ERR {}", r.message));
    assert_eq!(stderr, "");

    // the simulated rdma-core device logs through the same logger
    let stderr = stderr_of(|| assert_ne!(unsafe { flexio_sys::ibv_close_device(std::ptr::null_mut()) }, 0));
    let records = take_flexio_records();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].level, log::Level::Error);
    assert_eq!(records[0].function.as_deref(), Some("ibv_close_device"));
    assert_eq!(stderr, "");
}
