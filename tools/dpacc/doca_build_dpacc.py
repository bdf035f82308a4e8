#!/usr/bin/env python3
"""doca_build_dpacc.sh: the device-build wrapper NVIDIA's FlexIO and DOCA meson files call.

NVIDIA's samples build device code through a script with this interface, found by a fixed
path (find_program('/opt/mellanox/flexio/samples/doca_build_dpacc.sh')) and running dpacc from
a fixed path of its own. This is OpenFlexIO's implementation of that interface over our dpacc:
installed as <prefix>/share/flexio/samples/doca_build_dpacc.sh (and in the build tree's bin/),
so such a meson file builds unchanged once its path names ours.

  doca_build_dpacc.sh --application --app_name APP --srcs SRC... --dpacc_build_dir DIR
        [--external_cc_options OPT[,OPT...]] [--hostcc_args ARGS]
        [--additional_include_directories DIR] [--additional_ld_libs NAME]
        [--additional_lib_paths DIR] [--additional_dpacc_options OPTS]
      -> DIR/APP.a (dpacc application mode)
  doca_build_dpacc.sh --library --archive_name DIR/libX.a --srcs SRC...
        [--host_archive_path none|remain|DIR] [--external_cc_options ...] [--hostcc_args ...]
        [--additional_include_directories DIR] [--additional_dpacc_options OPTS]
      -> DIR/libX.a (the device library; the host one is deleted, kept or moved)
  doca_build_dpacc.sh --version | --help

Both modes take --allow-experimental-api yes|no (default yes), as NVIDIA's script does: yes compiles
the device code with -DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API and the host code with
-DFLEXIO_ALLOW_EXPERIMENTAL_API, so experimental functions (flexio_dev_print, ...) build without
"Symbol is defined as experimental" warnings (errors under -Werror).

Device sources that select no release (NVIDIA's 24.01 ones define no FLEXIO_DEV_VER_USED) get the one
dpacc takes from $FLEXIO_RELEASE or from the per-release pkg-config directory in use
(PKG_CONFIG_PATH=PREFIX/lib/pkgconfig/flexio-24.01), so NVIDIA's meson files need no change.

As in NVIDIA's script, every word after an option up to the next "--word" is one of its values,
and options may repeat. dpacc is $DPACC_PATH when set, else the dpacc installed beside this
script (bin/ of the same prefix, or of the build tree).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

APPLICATION_OPTIONS = {"app_name", "srcs", "dpacc_build_dir", "external_cc_options", "hostcc_args",
                       "additional_include_directories", "additional_ld_libs", "additional_lib_paths",
                       "additional_dpacc_options", "allow-experimental-api"}
LIBRARY_OPTIONS = {"archive_name", "host_archive_path", "srcs", "external_cc_options", "hostcc_args",
                   "additional_include_directories", "additional_dpacc_options", "allow-experimental-api"}


def fail(message, code=1):
    print(f"doca_build_dpacc.sh: {message}", file=sys.stderr)
    sys.exit(code)


def find_dpacc():
    if os.environ.get("DPACC_PATH"):
        return os.environ["DPACC_PATH"]
    here = Path(__file__).resolve().parent
    for candidate in (here / "dpacc", here.parents[2] / "bin" / "dpacc"):
        if candidate.is_file():
            return str(candidate)
    found = shutil.which("dpacc")
    if not found:
        fail("no dpacc: set DPACC_PATH or install OpenFlexIO's dpacc", 4)
    return found


def parse(mode, words, allowed):
    """NVIDIA's rule: '--name' starts an option, other words are its values."""
    values = {name: [] for name in allowed}
    option = None
    for word in words:
        if word.startswith("--"):
            option = word[2:]
            if option not in allowed:
                fail(f"invalid option --{option} for mode --{mode}")
        elif option is None:
            fail(f"a value without an option: {word}")
        else:
            values[option].append(word)
    return values


def comma_list(values):
    """Joins comma-separated pieces, dropping empty ones."""
    return ",".join(p for v in values for p in v.split(",") if p)


def experimental_flags(values):
    """(device options, host options) of --allow-experimental-api: NVIDIA's default is yes."""
    answers = values["allow-experimental-api"] or ["yes"]
    for answer in answers:
        if answer not in ("yes", "no"):
            fail(f"Unknown {answer} for allow-experimental-api")
    if answers[-1] == "no":
        return [], []
    return ["-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"], ["-DFLEXIO_ALLOW_EXPERIMENTAL_API"]


def host_options(values, experimental):
    return f"-hostcc-options={' '.join(['-fPIC', *experimental, *values['hostcc_args']])}"


def run(command):
    if subprocess.run(command).returncode != 0:
        sys.exit(2)


def application(values, dpacc):
    if len(values["app_name"]) != 1 or len(values["dpacc_build_dir"]) != 1 or not values["srcs"]:
        fail("--application needs --app_name, --srcs and --dpacc_build_dir")
    app, out_dir = values["app_name"][0], values["dpacc_build_dir"][0]
    dev_experimental, host_experimental = experimental_flags(values)
    cc = comma_list(["-I."] + [f"-I{d}" for d in values["additional_include_directories"]]
                    + values["external_cc_options"] + dev_experimental)
    os.makedirs(out_dir, exist_ok=True)
    run([dpacc, *values["srcs"], "-o", f"{out_dir}/{app}.a", "-hostcc=gcc",
         f"--devicecc-options={cc}",
         f"--devicelink-options={comma_list(f'-l{lib}' for lib in values['additional_ld_libs'])}",
         f"--device-libs={' '.join(f'-L{d}' for d in values['additional_lib_paths'])}",
         host_options(values, host_experimental),
         *[o for opts in values["additional_dpacc_options"] for o in opts.split()],
         f"--app-name={app}"])


def library(values, dpacc):
    if len(values["archive_name"]) != 1 or not values["srcs"]:
        fail("--library needs --archive_name and --srcs")
    archive = Path(values["archive_name"][0])
    name = archive.name
    if not (name.startswith("lib") and name.endswith(".a")):
        fail(f"--archive_name {archive}: the name must be libNAME.a")
    base = archive.parent / name[:-2]
    archive.parent.mkdir(parents=True, exist_ok=True)
    dev_experimental, host_experimental = experimental_flags(values)
    cc = comma_list(["-I."] + [f"-I{d}" for d in values["additional_include_directories"]]
                    + values["external_cc_options"] + dev_experimental)
    run([dpacc, *values["srcs"], "--gen-libs", f"--devicecc-options={cc}", "-hostcc=gcc", "-o", str(base),
         *[o for opts in values["additional_dpacc_options"] for o in opts.split()],
         host_options(values, host_experimental)])
    os.replace(f"{base}_device.a", archive)
    host = Path(f"{base}_host.a")
    keep = values["host_archive_path"][0] if values["host_archive_path"] else "none"
    if keep == "none":
        host.unlink()
    elif keep != "remain":
        Path(keep).mkdir(parents=True, exist_ok=True)
        os.replace(host, Path(keep) / host.name)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 1
    mode = argv[0]
    dpacc = find_dpacc()
    if mode == "--version":
        # As NVIDIA's script: only the number after "version " on dpacc's version line(s).
        r = subprocess.run([dpacc, "--version"], capture_output=True, text=True)
        if r.returncode:
            return r.returncode
        print(" ".join(line.rsplit("version ", 1)[1] for line in r.stdout.splitlines() if "version " in line))
        return 0
    if mode == "--application":
        application(parse("application", argv[1:], APPLICATION_OPTIONS), dpacc)
    elif mode == "--library":
        library(parse("library", argv[1:], LIBRARY_OPTIONS), dpacc)
    else:
        fail(f"invalid mode {mode}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
