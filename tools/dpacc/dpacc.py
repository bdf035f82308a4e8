#!/usr/bin/env python3
"""dpacc — OpenFlexIO's DPACC-compatible compiler driver.

Builds FlexIO device code (C with __dpa_global__ / __dpa_rpc__ functions) into
a host archive that registers the DPA application with libflexio, as NVIDIA's
dpacc does:

  dpacc SRCS -o DIR/APP.a --app-name=APP -hostcc=gcc [options]   application mode
  dpacc SRCS --gen-libs -o DIR/libX [options]                      library mode:
                                                                    libX_device.a + libX_host.a

Pipeline (application mode):
  1. every device source is parsed (clang's JSON AST) to find the annotated
     functions it defines and their parameter types, then compiled for the DPA
     (RV64, clang) as a wrapper translation unit that #includes it and adds one
     unpack wrapper per annotated function: __dpacc_unpack_<fn>(argbuf, func)
     converts each argument in the buffer to the parameter's type and calls fn;
  2. the device objects are linked (lld) with crt0, the linker script,
     libflexio_dev, picolibc and libgcc into a static ELF; unpack wrappers found
     in the device libraries are forced in, so library entry points register too
     (but those a library registers by name itself: marked __dpacc_by_name_<fn>);
  3. host code is generated and compiled with -hostcc: per function a stub
     symbol named like it (its flexio_func_t handle), __dpacc_pack_<fn>
     (va_list -> slots) and __dpacc_argbuf_size_<fn>; the ELF embedded with
     .incbin; a constructor calling flexio_app_create and
     flexio_func_pup_register for every wrapper present in the ELF, defining
     `struct flexio_app *APP`; a destructor calling flexio_app_destroy (both
     through the object's own, hidden, names of the stubs and of APP);
  4. the host object goes into APP.a.

Library mode stops after step 1 (device objects -> libX_device.a) and writes
the stubs and pack functions of step 3 into libX_host.a.

Release: device sources that define no FLEXIO_DEV_VER_USED (NVIDIA's 24.01 ones) get the newest
device API, or the release named by --release, $FLEXIO_RELEASE or the per-release pkg-config
directory in use (flexio-dev's variable flexio_release): dpacc defines FLEXIO_DEV_VER_DEFAULT.
DOCA DPA sources that define no DOCA_VER_USED get the DOCA release of $DOCA_RELEASE or of the
DOCA pkg-config directory in use (doca-common's or doca's variable doca_release), as the host
code's pkg-config Cflags select it: dpacc defines OPENDOCA_VER_DEFAULT. The DOCA headers and the
DOCA DPA device libraries of the tree (dpacc.json: doca_include_dir, doca_lib_dir) are found
without -I/-L, as NVIDIA's dpacc finds /opt/mellanox/doca's.

Arguments travel in the argument buffer: a scalar in an 8-byte slot (int-sized
ones sign- or zero-extended by signedness, float and double in their own
format), the device converting each slot to the parameter's type; a struct or
union passed by value whole, in the DPA's layout (riscv64 lp64), which a probe
compiled for the DPA measures (dpacc_records). The host reads it with va_arg as
a host type of the same members whose layout is asserted to be the DPA's: a
host compiler that lays it out otherwise (-fpack-struct ...) is an error
naming the parameter. The device copies it into a variable of the parameter's
type and calls the function, which the RISC-V psABI passes in registers or, if
larger than two, by reference.

Modules: dpacc_functions (the annotated functions, from the AST), dpacc_records (structs and
unions by value: their host types and DPA layouts), dpacc_codegen
(the generated sources), elf_symbols (abi/elf_symbols.py, the tree's one ELF symbol
reader, installed next to them: the linked ELF's functions). This file: the command line (argparse) and the steps.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# The modules live next to the script (source and build trees) or in ${datadir}/flexio/dpacc.
_HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(_HERE), str(_HERE.parent / "share" / "flexio" / "dpacc")]
from dpacc_codegen import (BY_NAME_PREFIX, UNPACK_PREFIX, device_wrapper_source, host_functions_source,  # noqa: E402
                           registration_source)
from dpacc_functions import SignatureError, annotated_functions  # noqa: E402
from dpacc_records import LAYOUT_MARK, probe_source, read_probe  # noqa: E402
from dpa_attributes import AttributesError, read_blob_file  # noqa: E402

# NVIDIA's doca_build_dpacc.sh --version reads the number after "version " on the lines that
# have the word: only the first line of dpacc --version has it, and the number (OpenFlexIO's, from
# the build: dpacc.json) ends it.
VERSION_LINE = "OpenFlexIO dpacc (DPACC-compatible), version {}"
# A release named as NVIDIA's packages name it (24.01, 25.10): the device API version it selects is
# FLEXIO_DEV_VER(24, 1, 0). cmake/FlexioDpaApp.cmake (flexio_release_version) reads them alike.
RELEASE_NAME = re.compile(r"(\d\d)\.(\d\d?)")
# DOCA DPA code that defines no DOCA_VER_USED gets the release of the DOCA pkg-config directory in
# use (its modules' doca_release variable), or $DOCA_RELEASE: dpacc defines OPENDOCA_VER_DEFAULT.
DOCA_RELEASE_NAME = re.compile(r"(\d+)\.(\d+)")
DOCA_RELEASE_ENV = "DOCA_RELEASE"
DOCA_RELEASE_VARIABLE = "doca_release"
# Where a release for device sources that select none comes from, strongest first: --release, the
# environment, the per-release pkg-config directory in use (its flexio-dev module's variable).
RELEASE_ENV = "FLEXIO_RELEASE"
# -mcpu values and the RV64 ISA each compiles for.
CPU_MARCH = {
    "nv-dpa-bf3": "rv64imac_zbb_zbs",
    "nv-dpa-cx7": "rv64imac_zbb_zbs",
    "nv-dpa-cx8": "rv64imac_zba_zbb_zbs",
    # DOCA 3.x build scripts list it and DOCA's device headers test __NV_DPA_CX9; no ISA fact is
    # public: it is taken to have ConnectX-8's (with other models the image uses their common ISA).
    "nv-dpa-cx9": "rv64imac_zba_zbb_zbs",
}
# The keywords of dpa-clang. The annotation marks the function in the AST; it is recognised
# by coming from the command line (dpacc_functions.is_keyword_annotation).
KEYWORDS = [
    "-D__dpa_global__=__attribute__((annotate(\"dpa_global\"), used))",
    "-D__dpa_rpc__=__attribute__((annotate(\"dpa_rpc\"), used))",
]
# What dpa-clang predefines for device code, which NVIDIA's headers and programs test: __DPA
# (NVIDIA's SNAP code: `#if !defined(__DPA)`), __DPA__ (DPACC's documented macro) and __NV_DPA,
# the -mcpu model, compared with __NV_DPA_<MODEL> (flexio_dev.h 25.x: `#if __NV_DPA ==
# __NV_DPA_CX7`; DOCA PCC: `#if __NV_DPA >= __NV_DPA_CX8`). The numbers are ours; their order
# (BF3 < CX7 < CX8 < CX9) is what such comparisons need. cmake/CMakeLists.txt reads NV_DPA_IDS (one
# line) for flexio-dev.pc's model macros.
NV_DPA_MODELS = {"nv-dpa-bf3": "__NV_DPA_BF3", "nv-dpa-cx7": "__NV_DPA_CX7", "nv-dpa-cx8": "__NV_DPA_CX8",
                 "nv-dpa-cx9": "__NV_DPA_CX9"}
NV_DPA_IDS = {"__NV_DPA_BF3": 1, "__NV_DPA_CX7": 2, "__NV_DPA_CX8": 3, "__NV_DPA_CX9": 4}
# NVIDIA's dpacc names the application (and its host variable) __dpa_a_out without --app-name.
DEFAULT_APP_NAME = "__dpa_a_out"
# Debian packages of the tools dpacc runs.
PACKAGES = {"clang": "clang", "ld.lld": "lld", "llvm-ar": "llvm", "llvm-nm": "llvm"}

class DpaccError(Exception):
    pass


def read_config():
    """dpacc.json, written by the build or the install: OpenFlexIO's version and the paths of the
    toolchain and of the device runtime."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "dpacc.json", here.parent / "share" / "flexio" / "dpacc.json"):
        if candidate.exists():
            config = json.loads(candidate.read_text())
            break
    else:
        raise DpaccError(f"dpacc.json not found next to {here} or in {here.parent}/share/flexio")
    # The installed file holds paths relative to itself: the tree may have moved.
    return {key: str((candidate.parent / value).resolve())
            if key != "version" and value and not Path(value).is_absolute() else value
            for key, value in config.items()}


def load_config():
    """read_config(), with the files of the toolchain and of the device runtime present."""
    config = read_config()
    needs = {"libc": "picolibc-riscv64-unknown-elf", "libgcc": "gcc-riscv64-unknown-elf",
             "crt0": "OpenFlexIO's device runtime (build the flexio_dev_runtime target)",
             "linker_script": "OpenFlexIO's device runtime (build the flexio_dev_runtime target)"}
    for key, package in needs.items():
        if not config.get(key) or not Path(config[key]).exists():
            what = package if " " in package else f"the Debian package {package}"
            raise DpaccError(f"{config.get(key) or key} not found: install {what}")
    return config


def require_tool(name):
    path = shutil.which(name)
    if not path:
        raise DpaccError(f"'{name}' not found: install the Debian package {PACKAGES[name]}")
    return path


# The wrapper that includes a device source is dpacc's business: diagnostics name the user's files.
WRAPPER_INCLUDE = re.compile(r"(?m)^In file included from .*/dpacc-[^/]+/dev\d+_[^/]*\.c:\d+:\n")


def run(cmd, what):
    if os.environ.get("DPACC_VERBOSE"):
        print("dpacc: " + " ".join(shlex.quote(c) for c in cmd), file=sys.stderr)
    r = subprocess.run(cmd, capture_output=True, text=True)
    stderr = WRAPPER_INCLUDE.sub("", r.stderr).strip()
    if r.returncode:
        raise DpaccError(f"{what} failed:\n{stderr or r.stdout.strip()}")
    if stderr:
        print(stderr, file=sys.stderr)
    return r.stdout


def split_options(value):
    """Option lists come comma separated (NVIDIA's scripts: "-I.,-Wall") or space separated.
    Commas inside -Wl,/-Wa,/-Wp,/-Xlinker words belong to the option."""
    parts = []
    for word in shlex.split(value):
        if word.startswith(("-Wl,", "-Wa,", "-Wp,", "-Xlinker,")):
            parts.append(word)
        else:
            parts += [p for p in word.split(",") if p]
    return parts


def served_versions(config):
    """(oldest, newest) device API version the headers serve, from their flexio_dev_ver.h."""
    text = (Path(config["include_dir"]) / "libflexio-dev" / "flexio_dev_ver.h").read_text()
    found = {name: (int(major) << 24) | (int(minor) << 16) for name, major, minor in re.findall(
        r"#define FLEXIO_DEV_(LAST_SUPPORTED|CURRENT)_VERSION FLEXIO_DEV_VER\((\d+), (\d+), 0\)", text)}
    if len(found) != 2:
        raise DpaccError(f"{config['include_dir']}/libflexio-dev/flexio_dev_ver.h: no served versions found")
    return found["LAST_SUPPORTED"], found["CURRENT"]


def version_name(version):
    return f"{version >> 24}.{(version >> 16) & 0xFF}"


def pkg_config_release():
    """The release of the flexio-dev module pkg-config finds (a per-release directory's), or None."""
    pkg_config = shutil.which("pkg-config")
    if not pkg_config:
        return None
    r = subprocess.run([pkg_config, "--variable=flexio_release", "flexio-dev"], capture_output=True, text=True)
    return (r.stdout.strip() or None) if r.returncode == 0 else None


def pkg_config_doca_release(pkg_config):
    """(release, where) of the DOCA module pkg-config finds, "" if none: of doca-common (2.7 on)
    and doca (2.2 - 2.6), the one in the earliest directory of $PKG_CONFIG_PATH, as a host build
    asking for its release's module gets it (a 2.2 directory before the install's own one)."""
    path = [os.path.realpath(d) for d in os.environ.get("PKG_CONFIG_PATH", "").split(":") if d]
    found = []
    for module in ("doca-common", "doca"):
        r = subprocess.run([pkg_config, f"--variable={DOCA_RELEASE_VARIABLE}", module], capture_output=True, text=True)
        release = r.stdout.strip() if r.returncode == 0 else ""
        if not release:
            continue
        d = subprocess.run([pkg_config, "--variable=pcfiledir", module], capture_output=True, text=True)
        where = os.path.realpath(d.stdout.strip()) if d.returncode == 0 else ""
        rank = path.index(where) if where in path else len(path)
        found.append((rank, release, f"pkg-config's {module}"))
    if not found:
        return "", "pkg-config"
    _, release, where = min(found, key=lambda f: f[0])  # stable: doca-common first on a tie
    return release, where


def doca_release():
    """The DOCA release DPA code that selects none is compiled for: $DOCA_RELEASE, else the
    doca_release variable of the DOCA pkg-config module pkg-config finds (doca-common from 2.7,
    doca before), as the host code's Cflags select it; None: the DOCA headers' newest."""
    name = os.environ.get(DOCA_RELEASE_ENV)
    where = DOCA_RELEASE_ENV
    pkg_config = shutil.which("pkg-config")
    if not name and pkg_config:
        name, where = pkg_config_doca_release(pkg_config)
    if not name:
        return None
    match = DOCA_RELEASE_NAME.fullmatch(name)
    if not match:
        raise DpaccError(f"{where}: DOCA release '{name}' is not of the form MAJOR.MINOR (e.g. 2.2)")
    return (int(match.group(1)) << 24) | (int(match.group(2)) << 16)


def selected_release(opts, config):
    """(release, version, where it came from) for device sources that define no FLEXIO_DEV_VER_USED,
    or None: they get the headers' newest."""
    sources = ((lambda: opts.get("release"), "--release"), (lambda: os.environ.get(RELEASE_ENV), RELEASE_ENV),
               (pkg_config_release, "pkg-config's flexio-dev"))
    for read, where in sources:
        name = read()
        if not name:
            continue
        match = RELEASE_NAME.fullmatch(name)
        if not match:
            raise DpaccError(f"{where}: release '{name}' is not of the form YY.MM (e.g. 24.01)")
        version = (int(match.group(1)) << 24) | (int(match.group(2)) << 16)
        oldest, newest = served_versions(config)
        if not oldest <= version <= newest:
            raise DpaccError(f"{where}: release {name} is not served (device API "
                             f"{version_name(oldest)} to {version_name(newest)})")
        return name, version, where
    return None


def print_version(opts):
    config = read_config()
    oldest, newest = served_versions(config)
    release = selected_release(opts, config)
    chosen = f"{release[0]} ({release[2]})" if release else f"the newest, {version_name(newest)}"
    clang = shutil.which("clang")
    line = "clang not found"
    if clang:
        line = subprocess.run([clang, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    print(VERSION_LINE.format(config["version"]))
    print(f"FlexIO device API: releases {version_name(oldest)} to {version_name(newest)}; "
          f"device sources that select none get {chosen}")
    print("device compiler: " + line.replace(" version ", " "))


# Options whose value is a list of compiler options: it starts with '-', which argparse takes
# for an option unless it is glued on (OPTION=VALUE), so a separate value word is glued first.
OPTION_LISTS = {"-hostcc-options", "--hostcc-options", "-devicecc-options", "--devicecc-options", "-dcc-options",
                "-devicelink-options", "--devicelink-options", "-device-libs", "--device-libs"}
# NVIDIA's helper flag -optf/--options-file FILE[,FILE...]: each file's words are read as if given
# on the command line at that place.
OPTION_FILES = {"-optf", "--options-file"}


class OptionList(argparse.Action):
    """Appends a comma or space separated option list (split_options) to the destination."""

    def __call__(self, parser, namespace, value, option_string=None):
        getattr(namespace, self.dest).extend(split_options(value))


class DeviceFlag(argparse.Action):
    """-I DIR / -D NAME[=V]: one more device compiler option, in command-line order."""

    def __call__(self, parser, namespace, value, option_string=None):
        getattr(namespace, self.dest).append(option_string + value)


class PrintVersion(argparse.Action):
    """Prints after the whole command line is read, so a --release anywhere in it counts."""

    def __call__(self, parser, namespace, value, option_string=None):
        namespace.print_version = True


def cpu_list(value):
    cpus = [c for c in value.split(",") if c]
    for cpu in cpus:
        if cpu not in CPU_MARCH:
            raise argparse.ArgumentTypeError(f"unknown DPA model '{cpu}' (known: {', '.join(CPU_MARCH)})")
    return cpus


class DpaccArgumentParser(argparse.ArgumentParser):
    """Usage errors are DpaccErrors: one "dpacc: error: ..." line, exit status 1."""

    def error(self, message):
        raise DpaccError(f"{message} (dpacc --help lists the options)")


def argument_parser():
    # NVIDIA's spellings: single-dash long options (-hostcc=gcc, -mcpu=..., -flto) next to GNU ones.
    p = DpaccArgumentParser(
        prog="dpacc", usage="dpacc SOURCES... -o OUTPUT [options]", add_help=False, allow_abbrev=False,
        description="Builds FlexIO device code into a host archive registering the DPA application.",
        epilog="Environment: DPACC_VERBOSE=1 prints each command.")
    p.add_argument("sources", nargs="*", metavar="SOURCES", help="device C sources")
    p.add_argument("-o", "-output-file", "--output-file", dest="output", metavar="FILE",
                   help="output: DIR/APP.a (application mode) or DIR/libX (--gen-libs)")
    p.add_argument("-app-name", "--app-name", dest="app_name", metavar="NAME",
                   help=f"application name (default: {DEFAULT_APP_NAME}, as NVIDIA's dpacc); also the host "
                        "variable `struct flexio_app *NAME`")
    p.add_argument("-gen-libs", "--gen-libs", dest="gen_libs", action="store_true",
                   help="library mode: write OUTPUT_device.a and OUTPUT_host.a")
    p.add_argument("-hostcc", "--hostcc", default="gcc", metavar="CC", help="host C compiler (default: gcc)")
    p.add_argument("-hostcc-options", "--hostcc-options", dest="hostcc_options", action=OptionList, default=[],
                   metavar="OPTS", help="options for the host compiler (comma or space separated)")
    p.add_argument("-devicecc-options", "--devicecc-options", "-dcc-options", dest="devicecc_options",
                   action=OptionList, default=[], metavar="OPTS",
                   help="options for the device compiler (comma or space separated)")
    p.add_argument("-devicelink-options", "--devicelink-options", dest="devicelink_options", action=OptionList,
                   default=[], metavar="OPTS", help="options for the device linker, e.g. -lmylib")
    p.add_argument("-device-libs", "--device-libs", dest="device_libs", action=OptionList, default=[],
                   metavar="OPTS", help='device libraries: "-L<dir> -l<lib>"')
    p.add_argument("-common-include-path", "--common-include-path", dest="common_include", action="append",
                   default=[], metavar="DIR", help="include directory of both the device and the host compiler")
    p.add_argument("-mcpu", "--mcpu", dest="cpus", type=cpu_list, default=["nv-dpa-bf3"], metavar="CPU[,CPU...]",
                   help="nv-dpa-bf3 (default), nv-dpa-cx7, nv-dpa-cx8, nv-dpa-cx9: the code runs on all listed")
    p.add_argument("-flto", "--flto", dest="lto", action="store_true", help="link-time optimisation of device code")
    # NVIDIA's own build scripts spell it both ways (-disable-asm-check, -disable-asm-checks).
    p.add_argument("-disable-asm-check", "--disable-asm-check", "-disable-asm-checks", "--disable-asm-checks",
                   dest="disable_asm_check", action="store_true",
                   help="accepted (no inline-assembly restrictions are checked)")
    p.add_argument("-dpa-proc-attr", "--dpa-proc-attr", dest="dpa_proc_attr", metavar="BLOB",
                   help="the application's attributes (a blob of dpa-app-attributes2blob): checked; the "
                        "simulated DPA grants every feature")
    p.add_argument("--release", metavar="YY.MM",
                   help="(OpenFlexIO) the FlexIO release (e.g. 24.01) of device sources that define no "
                        f"FLEXIO_DEV_VER_USED; default: ${RELEASE_ENV}, else the flexio_release of the "
                        "flexio-dev module pkg-config finds (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig/flexio-24.01), "
                        "else the newest")
    # NVIDIA's 2.6 and 2.9 DOCA DPA scripts pass -ldpa (and -L) outside -device-libs.
    p.add_argument("-l", dest="device_libs", action=DeviceFlag, metavar="LIB",
                   help="a device library (as in -device-libs), e.g. -ldpa")
    p.add_argument("-L", dest="device_libs", action=DeviceFlag, metavar="DIR",
                   help="a directory of device libraries (as in -device-libs)")
    p.add_argument("-I", dest="devicecc_options", action=DeviceFlag, metavar="DIR",
                   help="include directory of the device compiler")
    p.add_argument("-D", dest="devicecc_options", action=DeviceFlag, metavar="NAME[=V]",
                   help="macro of the device compiler")
    p.add_argument("-keep", "--keep", dest="keep_dir", action="store_const", const=".",
                   help="keep the intermediate files in the current directory")
    p.add_argument("-keep-dir", "--keep-dir", dest="keep_dir", metavar="DIR",
                   help="keep the intermediate files in DIR (created if missing)")
    p.add_argument("--keep-tmp", dest="keep", action="store_true",
                   help="keep the intermediate files in their temporary directory (printed)")
    p.add_argument("-v", "--verbose", dest="verbose", action="store_true",
                   help="print every command dpacc runs (as DPACC_VERBOSE=1)")
    p.add_argument("--depfile", metavar="FILE",
                   help="(OpenFlexIO) write a Makefile-style list of the files the device code includes, "
                        "for build systems (CMake DEPFILE, ninja depfile)")
    p.add_argument("-h", "-help", "--help", action="help", help="show this help and exit")
    p.add_argument("-V", "-version", "--version", dest="print_version", action=PrintVersion, nargs=0, default=False,
                   help="show the version, the releases served and the one selected, and exit")
    return p


def expand_option_files(argv, depth=0):
    expanded, words = [], iter(argv)
    for word in words:
        name, eq, value = word.partition("=")
        if name not in OPTION_FILES:
            expanded.append(word)
            continue
        if not eq:
            value = next(words, None)
            if value is None:
                raise DpaccError(f"option {word} needs a file")
        for path in (p for p in value.split(",") if p):
            try:
                text = Path(path).read_text()
            except OSError as e:
                raise DpaccError(f"{name} {path}: {e.strerror}") from None
            if depth > 8:
                raise DpaccError(f"{name} {path}: options files nested too deeply")
            expanded += expand_option_files(shlex.split(text, comments=True), depth + 1)
    return expanded


def glue_option_lists(argv):
    glued, words = [], iter(argv)
    for word in words:
        if word in OPTION_LISTS:
            value = next(words, None)
            if value is None:
                raise DpaccError(f"option {word} needs a value")
            word = f"{word}={value}"
        glued.append(word)
    return glued


def parse_args(argv):
    parsed, unknown = argument_parser().parse_known_intermixed_args(glue_option_lists(expand_option_files(argv)))
    if unknown:
        raise DpaccError(f"unknown option '{unknown[0]}' (dpacc --help lists the options)")
    opts = vars(parsed)
    if opts["print_version"]:
        print_version(opts)
        sys.exit(0)
    for directory in opts["common_include"]:
        opts["devicecc_options"].append(f"-I{directory}")
        opts["hostcc_options"].append(f"-I{directory}")
    if opts["verbose"]:
        os.environ["DPACC_VERBOSE"] = "1"
    check_args(opts)
    return opts


def check_args(opts):
    if not opts["sources"]:
        raise DpaccError("no device source files given")
    if not opts["output"]:
        raise DpaccError("no output given (-o DIR/APP.a, or -o DIR/libX with --gen-libs)")
    for src in opts["sources"]:
        if not Path(src).is_file():
            raise DpaccError(f"{src}: no such file")
    if not opts["hostcc"].strip():
        raise DpaccError("-hostcc: empty compiler name")
    if opts["gen_libs"]:
        return
    if not opts["app_name"]:
        opts["app_name"] = DEFAULT_APP_NAME
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", opts["app_name"]):
        raise DpaccError(f"--app-name={opts['app_name']}: must be a C identifier (it names a host variable)")


# ---- Steps ----------------------------------------------------------------------------------

def model_macros(cpus):
    """__DPA, __DPA__ and __NV_DPA for the models of -mcpu. NVIDIA compiles once per model; the one
    image here is compiled once, as the simulated BlueField-3 when it is among them."""
    model = "nv-dpa-bf3" if "nv-dpa-bf3" in cpus else cpus[0]
    return ["-D__DPA=1", "-D__DPA__=1", *(f"-D{name}={value}" for name, value in NV_DPA_IDS.items()),
            f"-D__NV_DPA={NV_DPA_MODELS[model]}"]


def device_flags(config, opts):
    march = min((CPU_MARCH[c] for c in opts["cpus"]), key=len)  # the ISA every selected model has
    # The release of sources that select none: the headers' default, which a source's own
    # FLEXIO_DEV_VER_USED overrides without a redefinition warning.
    release = selected_release(opts, config)
    selection = [f"-DFLEXIO_DEV_VER_DEFAULT={release[1]:#x}"] if release else []
    doca = doca_release()
    if doca is not None:
        selection.append(f"-DOPENDOCA_VER_DEFAULT={doca:#x}")
    flags = ["--target=riscv64-unknown-elf", f"-march={march}", "-mabi=lp64", "-mcmodel=medany",
             "-mno-relax", "-ffreestanding", "-fno-common", "-ffunction-sections", *KEYWORDS,
             *model_macros(opts["cpus"]),
             # As NVIDIA's dpacc compiles device code (its -v log): attributes clang does not know and
             # linker options among --devicecc-options (-L, -l) do not warn, so -Werror builds pass.
             "-Wno-attributes", "-Wno-unused-command-line-argument",
             # System headers, as NVIDIA's dpacc includes /opt/mellanox/flexio/include (its -v log):
             # a program's own warning options (-Wcast-align, -Wpadded, ... -Werror) judge its code,
             # not the SDK's headers. The order is the lookup order (our stdio.h before picolibc's).
             "-isystem", config["include_dir"], "-isystem", config["libc_include_dir"],
             "-isystem", config["picolibc_include_dir"], *selection]
    # The DOCA DPA device headers, as NVIDIA's dpacc (in /opt/mellanox/doca/tools) finds
    # /opt/mellanox/doca/include: 2.9's sample script passes no -I; a program's own -I comes first.
    if config.get("doca_include_dir"):
        flags += ["-idirafter", config["doca_include_dir"]]
    if opts["lto"]:
        flags.append("-flto")
    if not any(o.startswith("-O") for o in opts["devicecc_options"]):
        flags.append("-O2")
    return flags + opts["devicecc_options"]


def compile_device(config, opts, tmp):
    clang = require_tool("clang")
    flags = device_flags(config, opts)
    objects, functions = [], []
    for n, src in enumerate(opts["sources"]):
        if Path(src).suffix != ".c":
            objects.append(device_object(src, opts))
            continue
        # -w: warnings are reported once, by the real compilation; errors stop here with file:line.
        ast = run([clang, *flags, "-w", "-fsyntax-only", "-Xclang", "-ast-dump=json", str(src)], f"compiling {src}")
        try:
            found = annotated_functions(ast, src)
            measure_records(clang, flags, src, found, tmp / f"dev{n}_{Path(src).stem}_probe.c")
        except SignatureError as e:
            raise DpaccError(str(e)) from None
        known = {f.name: f for f in functions}
        for fn in found:
            if fn.name in known:
                raise DpaccError(f"{fn.location}: device function '{fn.name}' is also defined at "
                                 f"{known[fn.name].location}; its host handle must be unique")
        functions += found
        wrapper = tmp / f"dev{n}_{Path(src).stem}.c"
        wrapper.write_text(device_wrapper_source(src, found))
        obj = tmp / f"dev{n}_{Path(src).stem}.o"
        deps = ["-MD", "-MF", str(obj.with_suffix(".d"))] if opts["depfile"] else []
        run([clang, *flags, *deps, "-c", str(wrapper), "-o", str(obj)], f"compiling {src} for the DPA")
        objects.append(obj)
    return objects, functions


def measure_records(clang, flags, src, functions, probe):
    """Lays out the functions' argument buffers: the structs and unions passed by value are
    measured as the DPA compiler lays them out (a probe of their sizes, alignments and member
    offsets, read back from clang's AST)."""
    if any(fn.records for fn in functions):
        probe.write_text(probe_source(Path(src).resolve(), functions))
        ast = run([clang, *flags, "-w", "-fsyntax-only", "-Xclang", "-ast-dump=json", str(probe)],
                  f"measuring the by-value arguments of {src}")
        read_probe(json.loads(ast).get("inner", []), functions)
    for fn in functions:
        fn.layout()


def device_object(path, opts):
    """As NVIDIA's dpacc, an input that is not a .c source is a DPA object: linked as it is (an
    archive too, in application mode), a member of the device library with --gen-libs. Its
    annotated functions are wrapped only if it was built by dpacc (a --gen-libs member)."""
    path = Path(path).resolve()
    with open(path, "rb") as f:
        head = f.read(8)
    if head == b"!<arch>\n":
        if opts["gen_libs"]:
            raise DpaccError(f"{path}: an archive cannot be a member of the device library (--gen-libs); "
                             f"give its objects, or link it into the application")
        return path
    if head[:4] != b"\x7fELF":
        raise DpaccError(f"{path}: neither a C source (.c) nor a DPA object (ELF) or archive")
    return path


def write_depfile(opts, objects, tmp):
    """The files the device sources include (clang's -MD lists, without dpacc's own wrappers),
    as one Makefile rule for the output."""
    files = []
    for obj in (o for o in objects if tmp in o.parents):  # inputs that were objects include nothing
        text = obj.with_suffix(".d").read_text().replace("\\\n", " ")
        for name in text.partition(":")[2].split():
            path = Path(name)
            if tmp not in path.parents and str(path) not in files:
                files.append(str(path))
    escaped = " ".join(f.replace(" ", "\\ ") for f in files)
    Path(opts["depfile"]).write_text(f"{opts['output']}: {escaped}\n")


def compile_host(config, opts, source_text, path, functions=()):
    path.write_text(source_text)
    obj = path.with_suffix(".o")
    hostcc = shlex.split(opts["hostcc"])
    if not shutil.which(hostcc[0]):
        raise DpaccError(f"host compiler '{hostcc[0]}' not found (install the Debian package gcc, or pass -hostcc)")
    # After the program's options, as NVIDIA's dpacc compiles its host stubs (its -v log): the
    # generated code and the headers it includes build under any -std/-Wpedantic/-Werror they choose.
    # The generated code uses the current host API (it undefines FLEXIO_VER_USED): a release chosen
    # for the program's own sources (FLEXIO_VER_DEFAULT among the options) is not its.
    quiet = ["-Wno-attributes", "-Wno-pedantic", "-Wno-unused-parameter", "-Wno-return-type",
             "-UFLEXIO_VER_DEFAULT"]
    try:
        run([*hostcc, "-x", "c", "-c", f"-I{config['include_dir']}", *opts["hostcc_options"], *quiet, str(path),
             "-o", str(obj)], f"compiling {path.name} for the host")
    except DpaccError as e:
        raise layout_error(str(e), functions) or e from None
    return obj


def layout_error(message, functions):
    """The generated host code's layout assertions that failed (dpacc_records.host_layout_asserts),
    as one error naming the function, the parameter and what differs; None if none failed."""
    found = re.findall(LAYOUT_MARK + r" (\w+) (\d+) ([^\"]*)", message)
    if not found:
        return None
    by_name = {fn.name: fn for fn in functions}
    first = {}  # per parameter, the first difference (the others follow from it)
    for name, index, what in found:
        first.setdefault((name, index), what)
    lines = []
    for (name, index), what in first.items():
        fn = by_name[name]
        lines.append(f"{fn.location}: device function '{name}': parameter {index} of type "
                     f"'{fn.params[int(index) - 1][0]}': the host compiler lays it out unlike the DPA, on which "
                     f"its {what}")
    return DpaccError("\n".join(lines) + "\n(a struct passed by value must have the same layout on both sides: "
                      "the host options, a #pragma pack or a host-only attribute change it)")


def library_entry_points(nm, link_options, default_dirs=()):
    """The unpack wrappers defined in the -l libraries of the link (forced into the image), and the
    functions those libraries register by name themselves (each marked by a defined symbol
    BY_NAME_PREFIX<fn>: the application registers no stub for them, whose host archive the
    program need not link). llvm-nm reads the archives, not pyelftools: members of -flto
    libraries are LLVM bitcode."""
    dirs = [o[2:] for o in link_options if o.startswith("-L") and len(o) > 2] + list(default_dirs)
    symbols, by_name = [], set()
    for option in link_options:
        if option.startswith("-l") and len(option) > 2:
            name = option[2:]
            candidates = [Path(d) / (name[1:] if name.startswith(":") else f"lib{name}.a") for d in dirs]
            archive_path = next((c for c in candidates if c.is_file()), None)
            if archive_path is None:
                continue  # the linker reports it
        elif option.endswith(".a") and Path(option).is_file():
            archive_path = Path(option)
        else:
            continue
        # POSIX format: "NAME TYPE VALUE SIZE" per symbol, "ARCHIVE[MEMBER]:" per member.
        listing = run([nm, "--defined-only", "--extern-only", "--format=posix", str(archive_path)],
                      f"reading {archive_path}")
        for line in listing.splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[1] == "T" and parts[0].startswith(UNPACK_PREFIX):
                symbols.append(parts[0])
            elif len(parts) >= 2 and parts[0].startswith(BY_NAME_PREFIX):
                by_name.add(parts[0][len(BY_NAME_PREFIX):])
    return sorted(set(symbols)), by_name


def link_device(config, opts, objects, elf):
    """Links the device executable; returns the library functions registered by name (not by the
    application)."""
    lld = require_tool("ld.lld")
    libs = opts["device_libs"] + opts["devicelink_options"]
    # The DOCA DPA device libraries (libdoca_dpa_dev*.a, libdpa.a) are found in the install's
    # libdir without -L, as NVIDIA's dpacc finds its own: 2.9's script points -L at the include dir.
    default_dirs = [config["doca_lib_dir"]] if config.get("doca_lib_dir") else []
    entry_points, by_name = library_entry_points(require_tool("llvm-nm"), libs, default_dirs)
    forced = [f"--undefined={s}" for s in entry_points]
    cmd = [lld, "-static", "-nostdlib", "--no-relax", "-T", config["linker_script"], "-o", str(elf), *forced,
           config["crt0"], *map(str, objects), *libs, "-L", config["device_lib_dir"],
           *(f"-L{d}" for d in default_dirs), "--start-group",
           "-lflexio_dev", config["libc"], config["libgcc"], "--end-group"]
    if opts["lto"]:
        cmd.insert(1, "--lto-O2")
    run(cmd, "linking the device executable")
    return by_name


def wrapped_names(elf):
    """The annotated functions linked into the ELF, from their unpack wrappers."""
    try:  # here, not at the top: dpacc --help and --gen-libs need no pyelftools
        import elf_symbols
        from elftools.common.exceptions import ELFError
        from elftools.construct import ConstructError
    except ImportError:
        raise DpaccError("the Python module 'elftools' is missing: install the Debian package "
                         "python3-pyelftools (or `pip install pyelftools` for this python3)") from None
    try:
        functions = elf_symbols.defined_functions(str(elf))
    except (ELFError, ConstructError) as e:  # a damaged or truncated file
        raise DpaccError(f"reading the device ELF: {elf}: not a readable ELF file ({e})") from None
    return sorted(name[len(UNPACK_PREFIX):] for name in functions if name.startswith(UNPACK_PREFIX))


def archive(objects, output):
    ar = require_tool("llvm-ar")
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    if output.exists():
        output.unlink()
    run([ar, "rcs", str(output), *map(str, objects)], f"writing {output}")


def keep_intermediates(tmp, directory):
    """-keep/-keep-dir: the generated sources, objects and the device ELF, copied out of the
    temporary directory (which is removed as usual)."""
    directory.mkdir(parents=True, exist_ok=True)
    for path in tmp.iterdir():
        if path.is_file():
            shutil.copy2(path, directory / path.name)


def main(argv):
    opts = parse_args(argv)
    config = load_config()
    if opts["dpa_proc_attr"]:
        # A file that is no attributes blob is refused (a build naming one means it); a valid one
        # changes nothing: the simulated DPA grants every feature (docs/guide/dpa-attributes.md).
        try:
            read_blob_file(opts["dpa_proc_attr"])
        except AttributesError as err:
            raise DpaccError(f"--dpa-proc-attr: {err}") from err
    tmp = Path(tempfile.mkdtemp(prefix="dpacc-"))
    try:
        dev_objects, functions = compile_device(config, opts, tmp)
        if opts["depfile"]:
            write_depfile(opts, dev_objects, tmp)
        if opts["gen_libs"]:
            prefix = opts["output"].removesuffix(".a")
            archive(dev_objects, prefix + "_device.a")
            archive([compile_host(config, opts, host_functions_source(functions), tmp / "host_functions.c",
                                  functions)],
                    prefix + "_host.a")
            return 0
        clash = next((f for f in functions if f.name == opts["app_name"]), None)
        if clash:
            raise DpaccError(f"{clash.location}: device function '{clash.name}' has the application's name "
                             f"(--app-name={opts['app_name']}): both would be host symbols; rename one")
        elf = tmp / f"{opts['app_name']}.elf"
        by_name = link_device(config, opts, dev_objects, elf)
        names = [name for name in wrapped_names(elf) if name not in by_name]
        # One object: a program that uses any device function's handle also gets the constructor.
        source = host_functions_source(functions) + registration_source(opts["app_name"], elf, names,
                                                                           {f.name for f in functions})
        archive([compile_host(config, opts, source, tmp / f"{opts['app_name']}_host.c", functions)], opts["output"])
        return 0
    finally:
        if opts["keep_dir"]:
            keep_intermediates(tmp, Path(opts["keep_dir"]))
        if opts["keep"]:
            print(f"dpacc: intermediate files kept in {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except DpaccError as e:
        print(f"dpacc: error: {e}", file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:  # `dpacc --help | head`: the reader has seen enough
        sys.exit(1)
