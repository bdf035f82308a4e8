//! DOCA DPA from Rust: the three-kernel pipeline func1 -> func2 -> func3 chained by sync events,
//! the CPU waiting on the last one's event, then an RPC.  The DPA code is a dpacc-built
//! application linked with -ldoca_dpa_dev, in a shared object (the bindings' test application:
//! tests/bindings/device/bind_dpa_pipeline_device.c):
//!
//!     cargo run -p doca --example dpa_pipeline -- ../../build/tests/bindings/libbind_dpa_pipeline.so
use std::time::Duration;

use doca::{Device, Dpa, Launch, SyncEvent};

const THREADS: u32 = 4;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: dpa_pipeline LIBAPP.so")?;
    let app = flexio::App::load(path, None)?;
    let dev = Device::open("mlx5_sim0")?;
    let dpa = Dpa::new(&dev, &app)?;
    let n = u64::from(THREADS);
    let out = dpa.alloc(8 * (THREADS as usize + 2))?;
    out.memset(0)?;
    // go: the CPU starts the chain; e1, e2: between kernels; done: the last kernel, to the CPU.
    let go = SyncEvent::new(&dev, &dpa)?;
    let (e1, e2) = (SyncEvent::new(&dpa, &dpa)?, SyncEvent::new(&dpa, &dpa)?);
    let done = SyncEvent::new(&dpa, &dev)?;
    dpa.launch("func1", &[out.address()], Launch::threads(THREADS).wait(&go, 1).complete(&e1, 1))?;
    dpa.launch("func2", &[out.address(), n], Launch::threads(1).wait(&e1, 1).complete(&e2, 1))?;
    dpa.launch("func3", &[out.address(), n], Launch::threads(1).wait(&e2, 1).complete(&done, 1))?;
    println!("before go: done = {}", done.get()?);
    go.update_set(1)?;
    done.wait_gt(0, Some(Duration::from_secs(30)))?;
    let bytes = out.read(0, out.len())?;
    let words: Vec<u64> = bytes.chunks(8).map(|w| u64::from_le_bytes(w.try_into().unwrap())).collect();
    println!("pipeline: {words:?}");
    println!("scale(21) = {}", dpa.rpc("scale", &[21])?);
    let e = dpa.launch("func1", &[out.address()], Launch::threads(0)).unwrap_err();
    println!("{} {}", e.function(), e.name());
    Ok(())
}
