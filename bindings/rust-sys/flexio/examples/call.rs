//! Calls device functions and moves data through DPA heap memory: the first steps of every
//! program (load a dpacc-built application, open the device, create a process).
//!
//! Runs the bindings' test application (tests/bindings/device/bind_test_device.c, built as
//! `tests/bindings/libbind_test_app.so` in a build tree):
//!
//! ```sh
//! cargo run --example call -- build/tests/bindings/libbind_test_app.so
//! ```
use flexio::{App, Device};

fn main() -> flexio::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "libbind_test_app.so".into());
    let app = App::load(&path, None)?;
    let dev = Device::open("mlx5_sim0")?;
    let proc = dev.process(&app)?; // dropped last: destroys what is left in it

    // One u64 per parameter; a negative value as its two's complement.
    let weighted_sum = app.function("weighted_sum")?;
    let sum = proc.call(&weighted_sum, &[1, 2, (-3i64) as u64, 4, 5])?;
    println!("weighted_sum(1, 2, -3, 4, 5) = {sum}");

    // Host data into the heap; a pointer argument is the buffer's device address.
    let data = proc.copy_from_host(b"hello")?;
    let sum_bytes = app.function("sum_bytes")?;
    println!("sum_bytes(\"hello\") = {}", proc.call(&sum_bytes, &[data.daddr(), data.len() as u64])?);

    // Device code writes the heap; the host reads it back.
    let out = proc.alloc(4)?;
    proc.call(&app.function("fill_bytes")?, &[out.daddr(), 4, 0x41])?;
    println!("fill_bytes wrote {:?}", String::from_utf8_lossy(&out.to_vec()?));

    // What device code prints is captured per process.
    proc.call(&app.function("greet")?, &[7])?;
    print!("the device printed: {}", proc.output()?);
    Ok(())
}
