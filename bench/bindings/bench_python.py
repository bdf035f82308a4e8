"""bench/bindings, Python: raw cffi (flexio.capi) and the idiomatic layer, same loops as C.
Usage: bench_python.py APP.so [ITERATIONS] [ROUNDS]"""
import statistics
import sys
import time

import flexio
from flexio import capi


def median_ns(rounds, iters, fn):
    out = []
    for _ in range(rounds):
        t = time.perf_counter_ns()
        fn(iters)
        out.append((time.perf_counter_ns() - t) / iters)
    return statistics.median(out)


def main():
    iters = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 11
    app = flexio.App.load(sys.argv[1])
    with flexio.Device.open("mlx5_sim0") as dev, dev.process(app, capture_output=False) as proc:
        ffi, lib = capi.ffi, capi.lib
        p, nop = proc._p, app["nop"]
        f = nop._f
        info, ret = ffi.new("struct flexio_heap_mem_info *"), ffi.new("uint64_t *")

        def raw_cheap(n):
            get = lib.flexio_process_mem_info_get
            for _ in range(n):
                get(p, info)

        def raw_cheap_read(n):  # what heap_info() gives: the call and the four values
            get = lib.flexio_process_mem_info_get
            for _ in range(n):
                get(p, info)
                (info.base_addr, info.size, info.requested, info.allocated)

        def idiomatic_cheap(n):
            get = proc.heap_info
            for _ in range(n):
                get()

        def raw_call(n):
            call = lib.flexio_process_call
            for _ in range(n):
                call(p, f, ret)

        def idiomatic_call(n):
            call = proc.call
            for _ in range(n):
                call(nop)

        print(f"python-cffi.cheap {median_ns(rounds, iters, raw_cheap):.1f}")
        print(f"python-cffi-read.cheap {median_ns(rounds, iters, raw_cheap_read):.1f}")
        print(f"python.cheap {median_ns(rounds, iters, idiomatic_cheap):.1f}")
        print(f"python-cffi.call {median_ns(rounds, iters, raw_call):.1f}")
        print(f"python.call {median_ns(rounds, iters, idiomatic_call):.1f}")


if __name__ == "__main__":
    main()
