#!/usr/bin/env python3
"""dpacc — OpenFlexIO's DPACC-compatible compiler driver.

Builds FlexIO device code (C with __dpa_global__ / __dpa_rpc__ functions) into
a host archive that registers the DPA application with libflexio, as NVIDIA's
dpacc does:

  dpacc SRCS -o DIR/APP.a --app-name=APP -hostcc=gcc [options]   application mode
  dpacc SRCS --gen-libs -o libX [options]                          library mode:
                                                                    libX_device.a + libX_host.a

Pipeline (application mode):
  1. every device source is compiled for the DPA (RV64, clang + lld) together
     with generated unpack wrappers, one per annotated function, which take the
     packed argument buffer and call the function with typed arguments;
  2. the device objects are linked with libflexio_dev, the device libc and the
     --device-libs into a static ELF;
  3. host code is generated and compiled with -hostcc: per function a stub
     symbol named like it (its flexio_func_t handle), a pack function and its
     argument-buffer size; the ELF embedded with .incbin; a constructor that
     calls flexio_app_create and flexio_func_pup_register for every annotated
     function present in the ELF (libraries' included), defines
     `struct flexio_app *APP`, and a destructor calling flexio_app_destroy;
  4. `ar` puts the host objects into APP.a.

Arguments travel in 8-byte slots: the host packs each promoted variadic
argument, the device converts each slot to the parameter's type.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

VERSION = "OpenFlexIO dpacc 1.1.0 (FlexIO 25.1 / 24.1 compatible; clang {clang})"
MAX_ARGS = 16
UNPACK_PREFIX = "__dpacc_unpack_"
PACK_PREFIX = "__dpacc_pack_"
ARGBUF_PREFIX = "__dpacc_argbuf_size_"
# -mcpu values and the RV64 ISA string each compiles for.
CPU_MARCH = {
    "nv-dpa-bf3": "rv64imac_zbb_zbs",
    "nv-dpa-cx7": "rv64imac_zbb_zbs",
    "nv-dpa-cx8": "rv64imac_zba_zbb_zbs",
}
KEYWORDS = [
    "-D__dpa_global__=__attribute__((annotate(\"dpa_global\"), used))",
    "-D__dpa_rpc__=__attribute__((annotate(\"dpa_rpc\"), used))",
]
SIGNED_SMALL = {"_Bool", "char", "signed char", "short", "int"}
UNSIGNED_SMALL = {"unsigned char", "unsigned short", "unsigned int"}
WIDE = {"long", "unsigned long", "long long", "unsigned long long"}

USAGE = """usage: dpacc SOURCES... -o OUTPUT [options]

  -o FILE                      output: APP.a (application mode) or a prefix libX (--gen-libs)
  --app-name=NAME              application name; also the host variable `struct flexio_app *NAME`
  --gen-libs                   library mode: write OUTPUT_device.a and OUTPUT_host.a
  -hostcc=CC                   host C compiler (default: cc)
  -hostcc-options=OPTS         options for the host compiler
  --devicecc-options=OPTS      options for the device compiler (comma or space separated)
  --devicelink-options=OPTS    options for the device linker (e.g. -lmylib)
  --device-libs=OPTS           device libraries linked whole: "-L<dir> -l<lib>"
  -mcpu=CPU[,CPU...]           nv-dpa-bf3 (default), nv-dpa-cx7, nv-dpa-cx8
  -flto                        link-time optimisation of device code
  -disable-asm-check           accepted (no inline-assembly restrictions are checked)
  --dpa-proc-attr=BLOB         accepted and ignored (process attributes of newer dpacc)
  -I DIR, -D NAME[=V]          passed to the device compiler
  --keep-tmp                   keep the intermediate files (printed)
  --version, --help
Environment: DPACC_VERBOSE=1 prints each command.
"""


class DpaccError(Exception):
    pass


def load_config():
    """Paths of the toolchain and of the device runtime, written by the build or the install."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "dpacc.json", here.parent / "share" / "flexio" / "dpacc.json"):
        if candidate.exists():
            return json.loads(candidate.read_text())
    raise DpaccError(f"dpacc.json not found next to {here} or in {here.parent}/share/flexio")


def require_tool(name, package):
    path = shutil.which(name)
    if not path:
        raise DpaccError(f"'{name}' not found: install the Debian package {package}")
    return path


def run(cmd, what, cwd=None):
    if os.environ.get("DPACC_VERBOSE"):
        print("dpacc: " + " ".join(shlex.quote(c) for c in cmd), file=sys.stderr)
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if r.returncode:
        raise DpaccError(f"{what} failed:\n{r.stderr.strip() or r.stdout.strip()}")
    if r.stderr.strip():
        print(r.stderr.rstrip(), file=sys.stderr)
    return r.stdout


def split_options(value, commas):
    """dpacc's option lists are comma separated (NVIDIA's scripts) or space separated."""
    parts = []
    for word in shlex.split(value):
        parts += [p for p in word.split(",") if p] if commas and not word.startswith("-Wl,") else [word]
    return parts


def parse_args(argv):
    opts = {"sources": [], "output": None, "app_name": None, "gen_libs": False, "hostcc": "cc",
            "hostcc_options": [], "devicecc_options": [], "devicelink_options": [], "device_libs": [],
            "cpus": ["nv-dpa-bf3"], "lto": False, "keep": False}
    valued = {"-hostcc": "hostcc", "-hostcc-options": "hostcc_options", "--devicecc-options": "devicecc_options",
              "-dcc-options": "devicecc_options", "--devicelink-options": "devicelink_options",
              "--device-libs": "device_libs", "--app-name": "app_name", "-mcpu": "cpus", "-o": "output",
              "--dpa-proc-attr": None}
    i = 0
    while i < len(argv):
        arg = argv[i]
        name, eq, value = arg.partition("=")
        if arg in ("--help", "-h"):
            print(USAGE)
            sys.exit(0)
        if arg == "--version":
            clang = require_tool("clang", "clang")
            v = subprocess.run([clang, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
            print(VERSION.format(clang=v))
            sys.exit(0)
        if name in valued:
            if not eq:
                i += 1
                if i >= len(argv):
                    raise DpaccError(f"option {name} needs a value")
                value = argv[i]
            key = valued[name]
            if key is None:
                pass
            elif key == "cpus":
                opts["cpus"] = [c for c in value.split(",") if c]
                for cpu in opts["cpus"]:
                    if cpu not in CPU_MARCH:
                        raise DpaccError(f"-mcpu={cpu}: unknown DPA model (known: {', '.join(CPU_MARCH)})")
            elif key in ("hostcc_options",):
                opts[key] += shlex.split(value)
            elif key == "devicecc_options":
                opts[key] += split_options(value, commas=True)
            elif key in ("devicelink_options", "device_libs"):
                opts[key] += split_options(value, commas=False)
            else:
                opts[key] = value
        elif arg == "--gen-libs":
            opts["gen_libs"] = True
        elif arg == "-flto":
            opts["lto"] = True
        elif arg in ("-disable-asm-check", "--disable-asm-check"):
            pass
        elif arg == "--keep-tmp":
            opts["keep"] = True
        elif arg in ("-I", "-D"):
            i += 1
            if i >= len(argv):
                raise DpaccError(f"option {arg} needs a value")
            opts["devicecc_options"].append(arg + argv[i])
        elif arg.startswith(("-I", "-D")) and len(arg) > 2:
            opts["devicecc_options"].append(arg)
        elif arg.startswith("-"):
            raise DpaccError(f"unknown option '{arg}' (dpacc --help lists the options)")
        else:
            opts["sources"].append(arg)
        i += 1
    if not opts["sources"]:
        raise DpaccError("no device source files given")
    if not opts["output"]:
        raise DpaccError("no output given (-o APP.a, or -o libX with --gen-libs)")
    for src in opts["sources"]:
        if not Path(src).is_file():
            raise DpaccError(f"{src}: no such file")
    if not opts["gen_libs"]:
        if not opts["app_name"]:
            opts["app_name"] = Path(opts["output"]).name.removesuffix(".a").removeprefix("lib")
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", opts["app_name"]):
            raise DpaccError(f"--app-name={opts['app_name']}: must be a C identifier (it names a host variable)")
    return opts


class DeviceFunction:
    def __init__(self, name, params, returns_void, location):
        self.name = name
        self.params = params  # [(type as written, desugared type)]
        self.returns_void = returns_void
        self.location = location

    def slot_kind(self, index):
        written, desugared = self.params[index]
        base = re.sub(r"\b(const|volatile|restrict)\b", "", desugared).strip()
        base = re.sub(r"\s+", " ", base)
        if "*" in base:
            return "pointer"
        if base in SIGNED_SMALL or base.startswith("enum "):
            return "signed"
        if base in UNSIGNED_SMALL:
            return "unsigned"
        if base in WIDE:
            return "wide"
        raise DpaccError(f"{self.location}: device function '{self.name}': parameter {index + 1} has type "
                         f"'{written}', which cannot be passed from the host (integers, enums and pointers "
                         f"as flexio_uintptr_t only; no floating point, no structs or unions by value)")


def device_flags(config, opts):
    march = min((CPU_MARCH[c] for c in opts["cpus"]), key=len)  # the ISA every selected model has
    flags = ["--target=riscv64-unknown-elf", f"-march={march}", "-mabi=lp64", "-mcmodel=medany",
             "-mno-relax", "-ffreestanding", "-fno-common", "-ffunction-sections", *KEYWORDS,
             f"-I{config['include_dir']}", f"-I{config['libc_include_dir']}",
             "-isystem", config["picolibc_include_dir"]]
    if opts["lto"]:
        flags.append("-flto")
    if not any(o.startswith("-O") for o in opts["devicecc_options"]):
        flags.append("-O2")
    return flags + opts["devicecc_options"]


def annotated_functions(clang, flags, source):
    """Finds the __dpa_global__ / __dpa_rpc__ functions of a source and their parameters."""
    ast = run([clang, *flags, "-fsyntax-only", "-Xclang", "-ast-dump=json", str(source)],
              f"compiling {source}")
    found = {}
    current_file = str(source)
    for node in json.loads(ast).get("inner", []):
        loc = node.get("loc", {})
        current_file = loc.get("file", loc.get("expansionLoc", {}).get("file", current_file))
        if node.get("kind") != "FunctionDecl":
            continue
        inner = node.get("inner", [])
        if not any(n.get("kind") == "AnnotateAttr" for n in inner):
            continue
        line = loc.get("line", loc.get("expansionLoc", {}).get("line", "?"))
        location = f"{current_file}:{line}"
        fn_type = node["type"]["qualType"]
        if fn_type.rstrip(")").endswith("..."):
            raise DpaccError(f"{location}: device function '{node['name']}' is variadic, which cannot be called "
                             f"from the host")
        params = [(p["type"]["qualType"], p["type"].get("desugaredQualType", p["type"]["qualType"]))
                  for p in inner if p.get("kind") == "ParmVarDecl"]
        if len(params) > MAX_ARGS:
            raise DpaccError(f"{location}: device function '{node['name']}' has {len(params)} parameters; "
                             f"at most {MAX_ARGS} can be passed")
        returns_void = fn_type.split("(")[0].strip() == "void"
        fn = DeviceFunction(node["name"], params, returns_void, location)
        for i in range(len(params)):
            fn.slot_kind(i)  # rejects what cannot be passed
        if not node.get("isImplicit") and any(n.get("kind") == "CompoundStmt" for n in inner):
            found[fn.name] = fn
        else:
            found.setdefault(fn.name, fn)
    return list(found.values())


def device_wrapper_source(source, functions):
    """The source itself, then one unpack wrapper per annotated function (statics included)."""
    out = [f'#include "{Path(source).resolve()}"', "#include <stdint.h>", ""]
    for fn in functions:
        args = []
        for i, (written, _) in enumerate(fn.params):
            cast = f"({written})(uintptr_t)" if fn.slot_kind(i) == "pointer" else f"({written})"
            args.append(f"{cast}slot[{i}]")
        call = f"((__typeof__(&{fn.name}))func)({', '.join(args)})"
        body = f"{call};\n\treturn 0;" if fn.returns_void else f"return (uint64_t){call};"
        out += [f"uint64_t {UNPACK_PREFIX}{fn.name}(void *argbuf, void *func) __attribute__((used));",
                f"uint64_t {UNPACK_PREFIX}{fn.name}(void *argbuf, void *func)", "{",
                "\tconst uint64_t *slot = (const uint64_t *)argbuf;", "",
                "\t(void)slot;", f"\t{body}", "}", ""]
    return "\n".join(out)


def host_functions_source(functions):
    """Stubs (handles named like the device functions), pack functions and argument-buffer sizes."""
    out = ["#include <stdarg.h>", "#include <stddef.h>", "#include <stdint.h>", ""]
    va_type = {"signed": "int", "unsigned": "unsigned int", "wide": "uint64_t", "pointer": "uint64_t"}
    for fn in functions:
        # A stub in assembly: a distinct function that no optimiser folds into another one.
        out.append(f'__asm__(".text\\n.globl {fn.name}\\n.type {fn.name}, @function\\n{fn.name}:\\n'
                   f'\\tret\\n.size {fn.name}, .-{fn.name}\\n");')
        out += [f"const size_t {ARGBUF_PREFIX}{fn.name} = {8 * len(fn.params)};",
                f"void {PACK_PREFIX}{fn.name}(void *argbuf, va_list ap);",
                f"void {PACK_PREFIX}{fn.name}(void *argbuf, va_list ap)", "{",
                "\tuint64_t *slot = (uint64_t *)argbuf;", "", "\t(void)slot;", "\t(void)ap;"]
        for i in range(len(fn.params)):
            kind = fn.slot_kind(i)
            value = f"va_arg(ap, {va_type[kind]})"
            if kind == "signed":
                value = f"(uint64_t)(int64_t){value}"
            elif kind == "unsigned":
                value = f"(uint64_t){value}"
            out.append(f"\tslot[{i}] = {value};")
        out += ["}", ""]
    return "\n".join(out)


def registration_source(app_name, elf_path, names):
    """Embeds the ELF and registers the application and its functions at program start."""
    sym = f"__dpacc_elf_{app_name}"
    out = ["#include <libflexio/flexio.h>", "",
           f'__asm__(".section .rodata.{sym}, \\"a\\"\\n.balign 16\\n.globl {sym}_start\\n.hidden {sym}_start\\n'
           f'{sym}_start:\\n.incbin \\"{elf_path}\\"\\n.globl {sym}_end\\n.hidden {sym}_end\\n{sym}_end:\\n'
           f'.previous\\n");',
           f"extern const char {sym}_start[], {sym}_end[];", "",
           f"struct flexio_app *{app_name};", ""]
    for name in names:
        out += [f"extern flexio_func_t {name};", f"extern flexio_func_arg_pack_fn_t {PACK_PREFIX}{name};",
                f"extern const size_t {ARGBUF_PREFIX}{name};"]
    out += ["", f"static void __attribute__((constructor)) {sym}_register(void)", "{",
            "\tstruct flexio_app_attr attr = {", f'\t\t.app_name = "{app_name}",',
            f"\t\t.app_ptr = (void *){sym}_start,", f"\t\t.app_bsize = (size_t)({sym}_end - {sym}_start),",
            "\t};", "", f"\tif (flexio_app_create(&attr, &{app_name}) != FLEXIO_STATUS_SUCCESS)", "\t\treturn;"]
    for name in names:
        out.append(f'\tflexio_func_pup_register({app_name}, "{name}", "{UNPACK_PREFIX}{name}", &{name}, '
                   f"{ARGBUF_PREFIX}{name}, &{PACK_PREFIX}{name});")
    out += ["}", "", f"static void __attribute__((destructor)) {sym}_unregister(void)", "{",
            f"\tflexio_app_destroy({app_name});", f"\t{app_name} = NULL;", "}", ""]
    return "\n".join(out)


def wrapped_names(nm, elf):
    """The annotated functions linked into the ELF, from their unpack wrappers."""
    names = []
    for line in run([nm, "--defined-only", str(elf)], "reading the device ELF").splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2].startswith(UNPACK_PREFIX):
            names.append(parts[2][len(UNPACK_PREFIX):])
    return sorted(set(names))


def compile_device(config, opts, tmp):
    clang = require_tool("clang", "clang")
    flags = device_flags(config, opts)
    objects, functions = [], []
    for n, src in enumerate(opts["sources"]):
        found = annotated_functions(clang, flags, src)
        names = {f.name for f in functions}
        for fn in found:
            if fn.name in names:
                raise DpaccError(f"{fn.location}: device function '{fn.name}' is annotated in two sources; "
                                 f"its host handle must be unique")
        functions += found
        wrapper = tmp / f"dev{n}_{Path(src).stem}.c"
        wrapper.write_text(device_wrapper_source(src, found))
        obj = tmp / f"dev{n}_{Path(src).stem}.o"
        run([clang, *flags, "-c", str(wrapper), "-o", str(obj)], f"compiling {src} for the DPA")
        objects.append(obj)
    return objects, functions


def compile_host(config, opts, source_text, path):
    path.write_text(source_text)
    obj = path.with_suffix(".o")
    hostcc = shlex.split(opts["hostcc"])
    if not shutil.which(hostcc[0]):
        raise DpaccError(f"host compiler '{hostcc[0]}' not found (install the Debian package gcc, or pass -hostcc)")
    run([*hostcc, "-x", "c", "-c", f"-I{config['include_dir']}", *opts["hostcc_options"], str(path), "-o", str(obj)],
        f"compiling {path.name} for the host")
    return obj


def link_device(config, opts, objects, elf):
    lld = require_tool("ld.lld", "lld")
    cmd = [lld, "-static", "-nostdlib", "--no-relax", "-T", config["linker_script"], "-o", str(elf),
           config["crt0"], *map(str, objects), "--whole-archive", *opts["device_libs"], "--no-whole-archive",
           *opts["devicelink_options"], "-L", config["device_lib_dir"], "--start-group", "-lflexio_dev",
           config["libc"], config["libgcc"], "--end-group"]
    if opts["lto"]:
        cmd.insert(1, "--lto-O2")
    run(cmd, "linking the device executable")


def archive(objects, output):
    ar = require_tool("llvm-ar", "llvm")
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    if output.exists():
        output.unlink()
    run([ar, "rcs", str(output), *map(str, objects)], f"writing {output}")


def main(argv):
    opts = parse_args(argv)
    config = load_config()
    tmp = Path(tempfile.mkdtemp(prefix="dpacc-"))
    try:
        dev_objects, functions = compile_device(config, opts, tmp)
        if opts["gen_libs"]:
            prefix = opts["output"].removesuffix(".a")
            archive(dev_objects, prefix + "_device.a")
            archive([compile_host(config, opts, host_functions_source(functions), tmp / "host_functions.c")],
                    prefix + "_host.a")
            return 0
        elf = tmp / f"{opts['app_name']}.elf"
        link_device(config, opts, dev_objects, elf)
        names = wrapped_names(require_tool("llvm-nm", "llvm"), elf)
        # One object: a program that uses any device function's handle also gets the constructor.
        source = host_functions_source(functions) + registration_source(opts["app_name"], elf, names)
        archive([compile_host(config, opts, source, tmp / f"{opts['app_name']}_host.c")], opts["output"])
        return 0
    finally:
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
