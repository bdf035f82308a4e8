#!/usr/bin/env python3
"""Builds one program of tests/releases against an installed OpenFlexIO, as its user would, and
runs it on the simulated device.

  run_release.py BUILD_DIR WORK_DIR PROGRAM [SANITIZER_FLAGS]

Installs BUILD_DIR into WORK_DIR/prefix (cmake --install), points PKG_CONFIG_PATH (the
prefix's lib/pkgconfig, or one of its per-release directories, lib/pkgconfig/flexio-24.01) and
CMAKE_PREFIX_PATH at it, configures and builds PROGRAM's folder with its own build files
(meson.build or CMakeLists.txt), changing nothing else, runs the program on mlx5_sim0 and checks
its output: expected-stdout.txt and expected-stderr.txt in the folder hold one regular
expression per line; the program's lines must match them in order, and stderr must have no
other line. A program that must not build (a 24.01 program given no release) is built with
ninja -k 0 instead, and each of the given patterns must match a line of its build log. The sanitizer
flags of the library's build are given to the host compile and link (an ASan library needs
ASan programs). Exit 77 (skipped) when meson is needed and missing.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEVICE = "mlx5_sim0"

# The errors a 24.01 program's sources give when nothing selects 24.01 for them: they get the
# newest release, whose device doorbell helpers take no thread context and which marks host
# functions experimental (-Werror), as NVIDIA's 25.x headers do.
NEWEST_2401_ERRORS = [r".*nv2401_dev\.c:\d+:\d+: error: too many arguments to function call.*",
                      r".*nv2401_host\.c:\d+:\d+: error: .flexio_cq_get_cq_num. is deprecated: "
                      r"Symbol is defined as experimental.*"]
# name: (folder, build system, extra configure options, executable,
#        per-release pkg-config directory or "", build errors expected instead of a program)
PROGRAMS = {
    # A 24.01 program selecting nothing (NVIDIA's 24.01 sources), built unchanged as 24.01 by the
    # per-release pkg-config directory alone (the host through its Cflags, dpacc reads its variable),
    # or by the CMake package's FLEXIO_RELEASE; with the plain directory it fails as on NVIDIA 25.x.
    "nv2401": ("nv2401", "meson", [], "nv2401", "flexio-24.01", None),
    "nv2401_cmake": ("nv2401", "cmake", ["-DFLEXIO_RELEASE=24.01"], "nv2401", "", None),
    "nv2401_newest": ("nv2401", "meson", [], "nv2401", "", NEWEST_2401_ERRORS),
    "v25": ("v25", "cmake", [], "v25", "", None),
    "v25_pkgconfig": ("v25", "cmake", ["-DUSE_PKG_CONFIG=ON"], "v25", "", None),
    "v26_1": ("v26_1", "meson", ["-Dbuild_dpacc={prefix}/share/flexio/samples/doca_build_dpacc.sh"], "v26_1", "",
              None),
    # Sources that select their release keep it under another release's directory (no redefinition).
    "v26_1_in_2401": ("v26_1", "meson", ["-Dbuild_dpacc={prefix}/share/flexio/samples/doca_build_dpacc.sh"],
                      "v26_1", "flexio-24.01", None),
}


def run(command, log, env, cwd=None, may_fail=False):
    with open(log, "w") as out:
        result = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    if result.returncode != 0 and not may_fail:
        sys.stdout.write(Path(log).read_text())
        sys.exit(f"FAILED ({result.returncode}): {' '.join(map(str, command))}")
    return result.returncode


def check_lines(what, text, patterns, exclusive):
    """Every pattern matches a line, in order; with exclusive, no other line is there."""
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


def patterns(path):
    return [p for p in path.read_text().splitlines() if p]


def main(argv):
    if len(argv) < 3 or argv[2] not in PROGRAMS:
        sys.exit(f"usage: run_release.py BUILD_DIR WORK_DIR {'|'.join(PROGRAMS)} [SANITIZER_FLAGS]")
    build, work, name = Path(argv[0]), Path(argv[1]), argv[2]
    flags = argv[3] if len(argv) > 3 else ""
    folder, system, options, exe, release_dir, build_errors = PROGRAMS[name]
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
    pc_files = list(prefix.glob(f"lib*/pkgconfig/{release_dir}/libflexio.pc".replace("//", "/")))
    if not pc_files:
        sys.exit(f"no {release_dir or '.'}/libflexio.pc installed under {prefix}/lib*/pkgconfig")
    env["PKG_CONFIG_PATH"] = str(pc_files[0].parent)
    env["CMAKE_PREFIX_PATH"] = str(prefix)
    options = [o.format(prefix=prefix) for o in options]
    out = work / "build"

    if system == "meson":
        env["CFLAGS"] = flags
        env["LDFLAGS"] = flags
        run([meson, "setup", out, source, *options], work / "configure.log", env)
        build = [meson, "compile", "-C", out]
    else:
        run(["cmake", "-S", source, "-B", out, "-G", "Ninja", f"-DCMAKE_C_FLAGS={flags}",
             f"-DCMAKE_EXE_LINKER_FLAGS={flags}", *options], work / "configure.log", env)
        build = ["cmake", "--build", out]
    if build_errors:
        # Every step that can fail does (ninja -k 0): the host's and the device's errors.
        build += ["--ninja-args=-k0"] if system == "meson" else ["--", "-k", "0"]
        status = run(build, work / "build.log", env, may_fail=True)
        log = (work / "build.log").read_text()
        errors = ["the build succeeded"] if status == 0 else []
        errors += [f"build log: no line matches /{p}/" for p in build_errors
                   if not any(re.fullmatch(p, line) for line in log.splitlines())]
        if errors:
            sys.stdout.write(log)
            print("\n".join(errors))
            return 1
        print(f"releases.{name}: does not build, with the errors of another release: OK")
        return 0
    run(build, work / "build.log", env)

    result = subprocess.run([out / exe, DEVICE], capture_output=True, text=True, env=env, cwd=out, timeout=60)
    sys.stdout.write(result.stdout)
    sys.stdout.write(result.stderr)
    errors = [] if result.returncode == 0 else [f"{exe} exited with {result.returncode}"]
    errors += check_lines("stdout", result.stdout, patterns(source / "expected-stdout.txt"), exclusive=False)
    errors += check_lines("stderr", result.stderr, patterns(source / "expected-stderr.txt"), exclusive=True)
    if errors:
        print("\n".join(errors))
        return 1
    where = f"lib/pkgconfig/{release_dir}" if release_dir else " ".join(options) or "the installed tree"
    print(f"releases.{name}: built with {system} ({where}), ran on {DEVICE}: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
