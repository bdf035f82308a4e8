#!/usr/bin/env python3
"""Generates the Rust low-level layer (crate flexio-sys) from capi/ with bindgen:

  flexio-sys/src/bindings.rs      every type of <libflexio/flexio.h>, the stable functions the
                                  library exports, the device-opening ibv calls (bindgen)
  flexio-sys/src/experimental.rs  the experimental functions (bindgen; module `experimental`,
                                  behind the cargo feature "experimental")
  flexio-sys/src/consts.rs        integer macros and the API edition (evaluated by the C
                                  preprocessor: bindgen skips macros built from FLEXIO_VER())
  flexio-sys-test/src/c_layout.c  a table of the C compiler's sizes, alignments and field
                                  offsets of every struct (flexio-sys-test's build.rs compiles it)
  flexio-sys-test/tests/layout.rs compares them with the Rust types

And the same of DOCA Core, DMA and DPA (bindings/gen/doca_model.py: the newest release's declarations
that libdoca_common / libdoca_dma / libdoca_dpa export), for the crate doca-sys:

  doca-sys/src/bindings.rs, experimental.rs, consts.rs   as above
  doca-sys/src/libraries.rs       the pkg-config modules to link (doca-sys's build.rs reads it)
  flexio-sys-test/src/doca_c_layout.c, flexio-sys-test/tests/doca_layout.rs   its layout check

Which functions: bindings/gen/capi_model.py (exported by capi/libflexio.map and declared by
the current edition).  bindgen is pinned (BINDGEN_VERSION): its output changes between versions.

Usage: gen_bindgen.py [--out DIR] [--bindgen PATH]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "gen"))
import capi_model  # noqa: E402
import doca_model  # noqa: E402

GENERATOR = "bindings/rust-sys/gen/gen_bindgen.py"
BINDGEN_VERSION = "0.73.2"


def find_bindgen(explicit):
    candidates = [explicit, os.environ.get("BINDGEN")]
    if os.environ.get("FLEXIO_BIND_DIR"):
        candidates.append(str(Path(os.environ["FLEXIO_BIND_DIR"]) / "tools" / "bin" / "bindgen"))
    candidates.append(shutil.which("bindgen"))
    for c in candidates:
        if c and Path(c).exists():
            version = subprocess.run([c, "--version"], capture_output=True, text=True).stdout.split()
            if version[-1:] == [BINDGEN_VERSION]:
                return c
    raise SystemExit(f"gen_bindgen: bindgen {BINDGEN_VERSION} not found; install it with\n"
                     f"  cargo install bindgen-cli --version {BINDGEN_VERSION} --locked "
                     "--root $FLEXIO_BIND_DIR/tools   (or set BINDGEN)")


def anchored(names):
    return "^(" + "|".join(names) + ")$"


def run_bindgen(bindgen, out: Path, functions, extra, header_text,
                clang_args=("-I", str(capi_model.INCLUDE), "-DFLEXIO_ALLOW_EXPERIMENTAL_API")):
    with tempfile.TemporaryDirectory() as d:
        wrapper = Path(d) / "flexio_wrapper.h"
        wrapper.write_text(header_text)
        cmd = [bindgen, str(wrapper), "-o", str(out),
               "--allowlist-function", anchored(functions),
               "--no-prepend-enum-name", "--default-enum-style", "consts",
               *extra,
               "--", *clang_args]
        subprocess.run(cmd, check=True)


RUST_KEYWORDS = {"as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if",
                 "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self",
                 "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while",
                 "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override",
                 "priv", "typeof", "unsized", "virtual", "yield", "try"}


# Field names bindgen renames as it does keywords (union doca_data's u64 is u64_).
RUST_PRIMITIVES = {"u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
                   "f32", "f64", "bool", "char", "str"}


def rust_field(name):
    return name + "_" if name in RUST_KEYWORDS | RUST_PRIMITIVES else name  # bindgen's renaming


def layout_records(model):
    """(C name, Rust name, [(C member for offsetof, Rust member path)]) of every complete record."""
    out = []
    for key, rec in model.records.items():
        if rec.fields is None:
            continue
        rust = rec.tag
        members, anon = [], 0
        for f in rec.fields:
            if f.members is None:
                members.append((f.name, rust_field(f.name)))
            else:
                anon += 1
                members.append((f.members[0].name, f"__bindgen_anon_{anon}"))
        out.append((key, rust, members))
    return out


def c_layout_c(model, banner=capi_model.banner, what="<libflexio/flexio.h>",
               includes=("libflexio/flexio.h",), table="flexio_c_layout"):
    lines = [banner("//", GENERATOR, model).rstrip("\n"),
             f"// The C compiler's layout of every struct of {what}, as a table",
             "// flexio-sys-test reads (its build.rs compiles this file with the cc crate).",
             "#include <stddef.h>", *(f"#include <{h}>" for h in includes), "",
             f"struct {table}_entry {{", "\tconst char *name;", "\tsize_t value;", "};", "",
             "#define SIZE(t, name) { name, sizeof(t) }",
             "#define ALIGN(t, name) { name \".align\", _Alignof(t) }",
             "#define OFFSET(t, m, name) { name, offsetof(t, m) }", "",
             f"const struct {table}_entry {table}[] = {{"]
    for cname, rust, members in layout_records(model):
        lines.append(f'\tSIZE({cname}, "{rust}"),')
        lines.append(f'\tALIGN({cname}, "{rust}"),')
        for cm, rm in members:
            lines.append(f'\tOFFSET({cname}, {cm}, "{rust}.{rm}"),')
    lines += ["};", "",
              f"const size_t {table}_len = sizeof({table}) / sizeof({table}[0]);", ""]
    return "\n".join(lines)


def layout_test(model, banner=capi_model.banner, crate="flexio_sys", table="c_layout"):
    lines = [banner("//", GENERATOR, model).rstrip("\n"),
             f"//! The Rust types of {crate.replace('_', '-')} against the C compiler's layout of the same structs",
             f"//! (flexio_sys_test::{table}, from src/{table}.c).",
             f"use {crate}::*;", "use std::collections::BTreeMap;", "use std::mem::{align_of, offset_of, size_of};",
             "", "#[rustfmt::skip]", "fn rust_layout() -> BTreeMap<&'static str, usize> {",
             "    let mut m = BTreeMap::new();"]
    for _, rust, members in layout_records(model):
        lines.append(f'    m.insert("{rust}", size_of::<{rust}>());')
        lines.append(f'    m.insert("{rust}.align", align_of::<{rust}>());')
        for _, rm in members:
            lines.append(f'    m.insert("{rust}.{rm}", offset_of!({rust}, {rm}));')
    lines += ["    m", "}", "", "#[test]", "fn layouts_match_the_c_compiler() {",
              f"    let c = flexio_sys_test::{table}();",
              "    let rust = rust_layout();",
              '    assert_eq!(c.len(), rust.len(), "the C table and the test list different members");',
              "    for (name, size) in &rust {",
              '        assert_eq!(c.get(*name), Some(size), "{name}: C and Rust differ");', "    }", "}", ""]
    return "\n".join(lines)


def consts_rs(model):
    a, b, c = model.version
    lines = [capi_model.banner("//", GENERATOR, model).rstrip("\n"),
             "// Integer macros of <libflexio/flexio.h> (values from the C preprocessor).", "",
             f"/// The API edition these bindings were generated from: FLEXIO_VER({a}, {b}, {c}).",
             f"pub const FLEXIO_BINDINGS_API_VERSION: u64 = {model.version_value:#x};", ""]
    for name, value in model.constants:
        lines.append(f"pub const {name}: u64 = {value:#x};")
    return "\n".join(lines) + "\n"


def doca_consts_rs(model):
    a, b, c = model.version
    lines = [doca_model.banner("//", GENERATOR, model).rstrip("\n"),
             "// Integer macros of the DOCA headers (values from the C preprocessor).", "",
             f"/// The DOCA release these bindings were generated from: DOCA_VER({a}, {b}, {c}).",
             f"pub const DOCA_BINDINGS_RELEASE: u64 = {model.version_value:#x};", ""]
    for name, value in model.constants:
        lines.append(f"pub const {name}: u64 = {value:#x};")
    return "\n".join(lines) + "\n"


def doca_libraries_rs(model):
    modules = ", ".join(f'"{lib.replace("_", "-")}"' for lib in doca_model.libraries(model))
    return (doca_model.banner("//", GENERATOR, model)
            + "// The pkg-config modules of the libraries exporting the bound functions (build.rs links them).\n"
            + f"const LIBRARIES: &[&str] = &[{modules}];\n")


def generate_doca(bindgen, out: Path):
    model = doca_model.load()
    sysdir = out / "doca-sys"
    (sysdir / "src").mkdir(parents=True, exist_ok=True)
    header = "#include <stdio.h>\n" + doca_model.wrapper_source()
    banner = doca_model.banner("//", GENERATOR, model)
    clang = ("-I", str(doca_model.INCLUDE), f"-D{doca_model.ALLOW_EXPERIMENTAL}")
    run_bindgen(bindgen, sysdir / "src" / "bindings.rs", [f.name for f in model.stable],
                # every type of the headers: the experimental module's functions use them too (FILE,
                # log_flush_callback)
                ["--opaque-type", "_IO_FILE", "--allowlist-type", anchored(["doca_.*", "FILE", *model.func_typedefs]),
                 "--raw-line", banner.rstrip("\n")],
                header, clang)
    run_bindgen(bindgen, sysdir / "src" / "experimental.rs", [f.name for f in model.experimental],
                ["--blocklist-type", ".*", "--no-recursive-allowlist", "--raw-line", banner.rstrip("\n"),
                 "--raw-line", "use super::*;"], header, clang)
    capi_model.write_if_changed(sysdir / "src" / "consts.rs", doca_consts_rs(model))
    capi_model.write_if_changed(sysdir / "src" / "libraries.rs", doca_libraries_rs(model))
    testdir = out / "flexio-sys-test"
    (testdir / "src").mkdir(parents=True, exist_ok=True)
    (testdir / "tests").mkdir(parents=True, exist_ok=True)
    capi_model.write_if_changed(testdir / "src" / "doca_c_layout.c",
                                c_layout_c(model, doca_model.banner, "the DOCA headers", doca_model.HEADER_NAMES,
                                           "doca_c_layout"))
    capi_model.write_if_changed(testdir / "tests" / "doca_layout.rs",
                                layout_test(model, doca_model.banner, "doca_sys", "doca_c_layout"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE.parent)
    ap.add_argument("--bindgen")
    args = ap.parse_args()
    model = capi_model.load()
    bindgen = find_bindgen(args.bindgen)
    sysdir = args.out / "flexio-sys"
    (sysdir / "src").mkdir(parents=True, exist_ok=True)
    header = "#include <stdio.h>\n#include <libflexio/flexio.h>\n"
    banner = capi_model.banner("//", GENERATOR, model)
    opaque = ["ibv_context", "ibv_pd", "ibv_device", "_IO_FILE", "mlx5dv_devx_obj", "mlx5dv_devx_uar"]
    common = [arg for t in opaque for arg in ("--opaque-type", t)]
    stable = [f.name for f in model.device_functions] + [f.name for f in model.stable]
    run_bindgen(bindgen, sysdir / "src" / "bindings.rs", stable,
                common + ["--allowlist-type", "flexio_.*", "--raw-line", banner.rstrip("\n")], header)
    exp = [f.name for f in model.experimental]
    run_bindgen(bindgen, sysdir / "src" / "experimental.rs", exp,
                ["--blocklist-type", ".*", "--no-recursive-allowlist", "--raw-line", banner.rstrip("\n"), "--raw-line", "use super::*;"],
                header)
    capi_model.write_if_changed(sysdir / "src" / "consts.rs", consts_rs(model))
    testdir = args.out / "flexio-sys-test"
    (testdir / "src").mkdir(parents=True, exist_ok=True)
    (testdir / "tests").mkdir(parents=True, exist_ok=True)
    capi_model.write_if_changed(testdir / "src" / "c_layout.c", c_layout_c(model))
    capi_model.write_if_changed(testdir / "tests" / "layout.rs", layout_test(model))
    generate_doca(bindgen, args.out)


if __name__ == "__main__":
    main()
