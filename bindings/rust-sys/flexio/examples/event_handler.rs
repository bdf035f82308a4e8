//! An event handler: a DPA thread that runs a `__dpa_global__` device function once per
//! trigger.  Here device code of the same process triggers it (an RPC calling
//! `flexio_dev_event_handler_activate`), and the handler counts its runs in heap memory.
//!
//! ```sh
//! cargo run --example event_handler -- build/tests/bindings/libbind_test_app.so
//! ```
use flexio::{App, Device, EventHandlerConfig, HeapBuffer};
use std::time::{Duration, Instant};

/// `struct handler_record` of the device code: count, thread_id, name[64].
const RECORD_SIZE: usize = 80;

/// The record's count, which the handler writes last.
fn count(record: &HeapBuffer<'_>) -> flexio::Result<u64> {
    let mut word = [0u8; 8];
    record.read(0, &mut word)?;
    Ok(u64::from_le_bytes(word))
}

fn main() -> flexio::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "libbind_test_app.so".into());
    let app = App::load(&path, None)?;
    let dev = Device::open("mlx5_sim0")?;
    let proc = dev.process(&app)?;
    let record = proc.alloc(RECORD_SIZE)?;
    record.memset(0)?;

    let config = EventHandlerConfig { arg: record.daddr(), name: Some("counter".into()), ..Default::default() };
    let handler = proc.event_handler(&app.function("count_invocations")?, config)?;
    handler.run(0)?; // from now on each trigger runs it once
    let activate = app.function("activate_handler")?;
    for round in 1..=3 {
        proc.call(&activate, &[handler.activation_id().into()])?;
        // The handler runs on its own DPA thread: wait for its count.
        let deadline = Instant::now() + Duration::from_secs(10);
        while count(&record)? < round && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        println!("after trigger {round}: {} run(s)", count(&record)?);
    }
    let mut name = [0u8; 64];
    record.read(16, &mut name)?;
    let name = String::from_utf8_lossy(&name);
    println!("the handler's thread is named {:?}", name.trim_end_matches('\0'));
    handler.close() // or let it drop
}
