#!/usr/bin/env python3
"""Builds one program of tests/releases against an installed OpenFlexIO, as its user would, and
runs it on the simulated device.

  run_release.py BUILD_DIR WORK_DIR PROGRAM [SANITIZER_FLAGS]

Installs BUILD_DIR into WORK_DIR/prefix (cmake --install), points PKG_CONFIG_PATH and
CMAKE_PREFIX_PATH at it, configures and builds PROGRAM's folder with its own build files
(meson.build or CMakeLists.txt), runs the program on mlx5_sim0 and checks its output:
expected-stdout.txt and expected-stderr.txt in the folder hold one regular expression per line;
the program's lines must match them in order, and stderr must have no other line. The
sanitizer flags of the library's build are given to the host compile and link (an ASan library
needs ASan programs). Exit 77 (skipped) when meson is needed and missing.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEVICE = "mlx5_sim0"

# name: (folder, build system, extra configure options, executable)
PROGRAMS = {
    "nv2401": ("nv2401", "meson", [], "nv2401"),
    "v25": ("v25", "cmake", [], "v25"),
    "v25_pkgconfig": ("v25", "cmake", ["-DUSE_PKG_CONFIG=ON"], "v25"),
    "v26_1": ("v26_1", "meson", ["-Dbuild_dpacc={prefix}/share/flexio/samples/doca_build_dpacc.sh"], "v26_1"),
}


def run(command, log, env, cwd=None):
    with open(log, "w") as out:
        result = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    if result.returncode != 0:
        sys.stdout.write(Path(log).read_text())
        sys.exit(f"FAILED ({result.returncode}): {' '.join(map(str, command))}")


def check_lines(what, text, expected_file, exclusive):
    """Every pattern matches a line, in order; with exclusive, no other line is there."""
    patterns = [p for p in expected_file.read_text().splitlines() if p]
    lines = text.splitlines()
    at, unexpected = 0, []
    for line in lines:
        if at < len(patterns) and re.fullmatch(patterns[at], line):
            at += 1
        elif exclusive:
            unexpected.append(line)
    errors = []
    if at < len(patterns):
        errors.append(f"{what}: no line matches /{patterns[at]}/ (after {at} matched)")
    if unexpected:
        errors.append(f"{what}: unexpected lines:\n  " + "\n  ".join(unexpected))
    return errors


def main(argv):
    if len(argv) < 3 or argv[2] not in PROGRAMS:
        sys.exit(f"usage: run_release.py BUILD_DIR WORK_DIR {'|'.join(PROGRAMS)} [SANITIZER_FLAGS]")
    build, work, name = Path(argv[0]), Path(argv[1]), argv[2]
    flags = argv[3] if len(argv) > 3 else ""
    folder, system, options, exe = PROGRAMS[name]
    source = HERE / folder

    meson = shutil.which("meson")
    if system == "meson" and not meson:
        print("SKIP: meson is not installed (scripts/install-deps.sh installs it)")
        return 77

    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    prefix = work / "prefix"
    env = {k: v for k, v in os.environ.items()
           if k not in ("FLEXIO_LOG_LEVEL", "FLEXIO_SIM_HEAP_SIZE", "FLEXIO_SIM_DEVICES", "CFLAGS", "LDFLAGS")}
    run(["cmake", "--install", build, "--prefix", prefix], work / "install.log", env)
    pc_files = list(prefix.glob("lib*/pkgconfig/libflexio.pc"))
    if not pc_files:
        sys.exit(f"no libflexio.pc installed under {prefix}")
    env["PKG_CONFIG_PATH"] = str(pc_files[0].parent)
    env["CMAKE_PREFIX_PATH"] = str(prefix)
    options = [o.format(prefix=prefix) for o in options]
    out = work / "build"

    if system == "meson":
        env["CFLAGS"] = flags
        env["LDFLAGS"] = flags
        run([meson, "setup", out, source, *options], work / "configure.log", env)
        run([meson, "compile", "-C", out], work / "build.log", env)
    else:
        run(["cmake", "-S", source, "-B", out, "-G", "Ninja", f"-DCMAKE_C_FLAGS={flags}",
             f"-DCMAKE_EXE_LINKER_FLAGS={flags}", *options], work / "configure.log", env)
        run(["cmake", "--build", out], work / "build.log", env)

    result = subprocess.run([out / exe, DEVICE], capture_output=True, text=True, env=env, cwd=out, timeout=60)
    sys.stdout.write(result.stdout)
    sys.stdout.write(result.stderr)
    errors = [] if result.returncode == 0 else [f"{exe} exited with {result.returncode}"]
    errors += check_lines("stdout", result.stdout, source / "expected-stdout.txt", exclusive=False)
    errors += check_lines("stderr", result.stderr, source / "expected-stderr.txt", exclusive=True)
    if errors:
        print("\n".join(errors))
        return 1
    print(f"releases.{name}: built with {system} against the installed tree, ran on {DEVICE}: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
