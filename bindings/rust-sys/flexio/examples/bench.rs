//! bench/bindings: the cost of one cheap call (flexio_process_mem_info_get) and of one empty
//! flexio_process_call, through flexio-sys and through the safe crate.  Prints
//! "<name> <median ns per call>" lines for bench/bindings/run.py.
//! Usage: bench APP.so [ITERATIONS] [ROUNDS]
use flexio::{App, Device};
use flexio_sys as sys;
use std::hint::black_box;
use std::time::Instant;

fn median_ns(rounds: usize, iters: usize, mut f: impl FnMut()) -> f64 {
    let mut v: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            t.elapsed().as_nanos() as f64 / iters as f64
        })
        .collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iters: usize = args.get(2).map_or(20000, |s| s.parse().unwrap());
    let rounds: usize = args.get(3).map_or(11, |s| s.parse().unwrap());
    let app = App::load(&args[1], None).unwrap();
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process_uncaptured(&app).unwrap();
    let nop = app.function("nop").unwrap();
    let (p, f) = (proc.as_raw(), nop.as_raw());

    let raw_cheap = median_ns(rounds, iters * 10, || unsafe {
        let mut info: sys::flexio_heap_mem_info = std::mem::zeroed();
        black_box(sys::flexio_process_mem_info_get(black_box(p), &mut info));
    });
    let safe_cheap = median_ns(rounds, iters * 10, || {
        black_box(proc.heap_info().unwrap());
    });
    let raw_call = median_ns(rounds, iters, || unsafe {
        let mut ret = 0u64;
        black_box(sys::flexio_process_call(black_box(p), f, &mut ret));
    });
    let safe_call = median_ns(rounds, iters, || {
        black_box(proc.call(&nop, &[]).unwrap());
    });
    println!("rust-sys.cheap {raw_cheap:.1}");
    println!("rust.cheap {safe_cheap:.1}");
    println!("rust-sys.call {raw_call:.1}");
    println!("rust.call {safe_call:.1}");
}
