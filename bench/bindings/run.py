#!/usr/bin/env python3
"""bench/bindings: one cheap library call (flexio_process_mem_info_get) and one empty
flexio_process_call from C, Rust, Go and Python, in one run, with ratios against C and the
per-call overhead of each layer.

    cmake --build build --target bindings-bench        (builds what it needs, then runs this)
    bench/bindings/run.py --c build/bin/flexio-bindings-bench-c --app build/bench/bindings/libbindbench_app.so

Environment: PKG_CONFIG_PATH and LD_LIBRARY_PATH for the build tree's libflexio, FLEXIO_BIND_DIR
(cargo target dir, Python venv with the flexio package: ctest bindings.python makes it).
Not a test: the numbers depend on the machine; each is the median of --rounds loops.
"""
import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(cmd, cwd=None, env=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})})
    if r.returncode:
        print(f"run.py: {' '.join(map(str, cmd))} failed:\n{r.stdout}{r.stderr}", file=sys.stderr)
        return {}
    out = {}
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--c", required=True, help="flexio-bindings-bench-c")
    ap.add_argument("--app", required=True, help="libbindbench_app.so")
    ap.add_argument("--iterations", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=11)
    args = ap.parse_args()
    args.app, args.c = os.path.abspath(args.app), os.path.abspath(args.c)
    bind = Path(os.environ.get("FLEXIO_BIND_DIR", ROOT / "build" / "bindings"))
    n = [str(args.iterations), str(args.rounds)]
    r = {}
    print("bench/bindings: building the Rust and Go benchmarks (release)...", flush=True)
    rust = ["cargo", "run", "-q", "--release", "-j", "2", "-p", "flexio", "--example", "bench", "--", args.app, *n]
    go = ["go", "run", "./internal/bench", args.app, *n]
    py = [str(bind / "venv" / "bin" / "python"), str(Path(__file__).with_name("bench_python.py")), args.app, *n]
    # Interleave the languages twice and keep each one's better run: less skew from machine load.
    for _ in range(2):
        for name, cmd, cwd, env in (("c", [args.c, *n], None, None),
                                    ("rust", rust, ROOT / "bindings" / "rust-sys",
                                     {"CARGO_TARGET_DIR": str(bind / "cargo-target")}),
                                    ("go", go, ROOT / "bindings" / "go", {"GOFLAGS": "-mod=mod"}),
                                    ("python", py, bind, None)):
            if name == "python" and not Path(py[0]).exists():
                print("run.py: no Python venv (run ctest -R bindings.python once)", file=sys.stderr)
                continue
            for k, v in run(cmd, cwd, env).items():
                r[k] = min(v, r.get(k, v))

    rows = [("C", "c"), ("C process_call_args", "c-args"), ("Rust flexio-sys", "rust-sys"), ("Rust flexio (safe)", "rust"), ("Go capi (cgo)", "go-capi"),
            ("Go flexio", "go"), ("Python raw cffi", "python-cffi"), ("Python cffi + read", "python-cffi-read"), ("Python flexio", "python")]
    for what, title in (("cheap", "cheap call: flexio_process_mem_info_get"),
                        ("call", "empty call: flexio_process_call of an empty device function")):
        c = r.get(f"c.{what}")
        print(f"\n{title}\n{'layer':<22}{'ns/call':>10}{'vs C':>9}{'overhead':>12}")
        for label, key in rows:
            v = r.get(f"{key}.{what}")
            if v is None or not c:
                continue
            print(f"{label:<22}{v:>10.1f}{v / c:>8.2f}x{v - c:>+10.1f} ns")
        if r.get(f"python.{what}") and r.get(f"python-cffi.{what}"):
            print(f"{'Python idiomatic / raw cffi':<32}{r[f'python.{what}'] / r[f'python-cffi.{what}']:.2f}x (target <= 2x)")
        if r.get(f"python.{what}") and r.get(f"python-cffi-read.{what}"):
            print(f"{'Python idiomatic / cffi + read':<32}{r[f'python.{what}'] / r[f'python-cffi-read.{what}']:.2f}x"
                  " (the same values out)")
        if r.get(f"rust-sys.{what}") and c:
            print(f"{'Rust flexio-sys / C':<32}{r[f'rust-sys.{what}'] / c:.3f}x (target within 5%)")
            print(f"{'Rust safe / C':<32}{r[f'rust.{what}'] / c:.3f}x")


if __name__ == "__main__":
    main()
