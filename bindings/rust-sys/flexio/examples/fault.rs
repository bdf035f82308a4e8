//! A fault in device code is an error carrying the library's record of what stopped the
//! process: its cause, the faulting instruction and address, the registers.
//!
//! ```sh
//! cargo run --example fault -- build/tests/bindings/libbind_test_app.so
//! ```
use flexio::{App, Device, ErrorKind, FaultCause};

fn main() -> flexio::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "libbind_test_app.so".into());
    let app = App::load(&path, None)?;
    let dev = Device::open("mlx5_sim0")?;
    let proc = dev.process(&app)?;
    let buf = proc.alloc(16)?;

    // A 4-byte load from an odd address.
    let e = match proc.call(&app.function("load_misaligned")?, &[buf.daddr()]) {
        Ok(value) => {
            eprintln!("the misaligned load returned {value} instead of stopping the process");
            std::process::exit(1);
        }
        Err(e) => e,
    };
    match e.kind() {
        ErrorKind::DeviceFault(fault) => {
            assert_eq!(fault.cause, FaultCause::Misaligned);
            println!("{} failed: the DPA process stopped", e.function());
            println!("cause: {} ({} access)", fault.cause, fault.access);
            println!("address is the buffer + 1: {}", fault.address == buf.daddr() + 1);
            println!("sp at the fault is set: {}", fault.reg("sp").is_some_and(|sp| sp != 0));
        }
        _ => return Err(e),
    }
    // The process stays stopped; its record is there at any time.
    println!("process failed: {}, same fault: {}", proc.failed(), proc.fault()?.cause == FaultCause::Misaligned);
    Ok(())
}
