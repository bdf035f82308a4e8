#!/usr/bin/env python3
"""The regeneration test of the bindings (ctest bindings.regen.*).

  regen_check.py LANG        regenerates LANG's low-level layer (python, rust, go) from capi/ and doca/
                             into a temporary directory and fails on any difference with the
                             committed files: a header or map change must come with a
                             regeneration (bindings/regen.sh).
  regen_check.py --self-test shows the check failing: a copy of capi/ with one more exported
                             function regenerates differently from the committed files.
"""
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BINDINGS = Path(__file__).resolve().parent
LANGS = {
    "python": ("python/gen/gen_cdef.py", "python",
               ["flexio/_flexio_cdef.h", "flexio/_api.py", "flexio/_capi.pyi", "flexio/capi.pyi",
                "opendoca/_doca_cdef.h", "opendoca/_api.py", "opendoca/_capi.pyi", "opendoca/capi.pyi"]),
    "rust": ("rust-sys/gen/gen_bindgen.py", "rust-sys",
             ["flexio-sys/src/bindings.rs", "flexio-sys/src/experimental.rs", "flexio-sys/src/consts.rs",
              "flexio-sys-test/src/c_layout.c", "flexio-sys-test/tests/layout.rs",
              "doca-sys/src/bindings.rs", "doca-sys/src/experimental.rs", "doca-sys/src/consts.rs",
              "doca-sys/src/libraries.rs", "flexio-sys-test/src/doca_c_layout.c",
              "flexio-sys-test/tests/doca_layout.rs"]),
    "go": ("go/gen/gen_go.py", "go", ["capi/zcapi.go", "capi/zcapi_experimental.go", "internal/xcapi/zxcapi.go",
                                      "doca/capi/zcapi.go", "doca/capi/zcapi_experimental.go"]),
}
BINDGEN_VERSION = "0.73.2"


def ensure_bindgen():
    """bindgen-cli, pinned, installed once into the build tree (first run: a crates.io fetch)."""
    tools = Path(os.environ.get("FLEXIO_BIND_DIR", BINDINGS.parent / "build-bindings")) / "tools"
    exe = tools / "bin" / "bindgen"
    if not exe.exists():
        print(f"regen_check: installing bindgen-cli {BINDGEN_VERSION} into {tools} (once)", flush=True)
        subprocess.run(["cargo", "install", "-q", "bindgen-cli", "--version", BINDGEN_VERSION, "--locked",
                        "--root", str(tools)], check=True, env={**os.environ, "CARGO_BUILD_JOBS": "2"})
    return str(exe)


def regenerate(lang, out, env=None):
    script, _, _ = LANGS[lang]
    cmd = [sys.executable, str(BINDINGS / script), "--out", str(out)]
    if lang == "rust":
        cmd += ["--bindgen", ensure_bindgen()]
    subprocess.run(cmd, check=True, env={**os.environ, **(env or {})})


def differences(lang, out):
    _, subdir, files = LANGS[lang]
    diffs = []
    for f in files:
        committed = BINDINGS / subdir / f
        fresh = out / f
        a = committed.read_text().splitlines(keepends=True) if committed.exists() else []
        b = fresh.read_text().splitlines(keepends=True) if fresh.exists() else []
        if a != b:
            diffs.append("".join(difflib.unified_diff(a, b, f"committed/{subdir}/{f}", f"regenerated/{subdir}/{f}",
                                                      n=1)))
    return diffs


def check(lang, env=None):
    with tempfile.TemporaryDirectory() as d:
        regenerate(lang, Path(d), env)
        return differences(lang, Path(d))


def _changed_capi(d: Path) -> dict:
    """A copy of capi/ whose header and map have flexio_regen_selftest: its environment."""
    capi = d / "capi"
    shutil.copytree(BINDINGS.parent / "capi", capi)
    h = capi / "include" / "libflexio" / "flexio.h"
    anchor = "#ifdef __cplusplus\n}\n#endif"
    h.write_text(h.read_text().replace(anchor, "/* Added by the regeneration self-test. */\n"
                                       "FLEXIO_STABLE flexio_status flexio_regen_selftest(flexio_process *process);\n\n"
                                       + anchor))
    m = capi / "libflexio.map"
    m.write_text(m.read_text().replace("FLEXIO_1.1 {\n  global:\n", "FLEXIO_1.1 {\n  global:\n"
                                       "    flexio_regen_selftest;\n", 1))
    return {"FLEXIO_CAPI_DIR": str(capi)}


def _changed_doca(d: Path) -> dict:
    """A copy of doca/ whose doca_mmap.h and libdoca_common.map have doca_regen_selftest."""
    doca = d / "doca"
    shutil.copytree(BINDINGS.parent / "doca" / "include", doca / "include")
    for lib in ("common", "dma"):
        if (BINDINGS.parent / "doca" / lib).is_dir():
            (doca / lib).mkdir()
            for m in (BINDINGS.parent / "doca" / lib).glob("*.map"):
                shutil.copy(m, doca / lib)
    h = doca / "include" / "doca_mmap.h"
    anchor = "#ifdef __cplusplus\n} /* extern \"C\" */\n#endif"
    text = h.read_text()
    at = text.rindex(anchor)
    h.write_text(text[:at] + "/* Added by the regeneration self-test. */\n"
                 "DOCA_STABLE doca_error_t doca_regen_selftest(struct doca_mmap *mmap);\n\n" + text[at:])
    m = doca / "common" / "libdoca_common.map"
    m.write_text(m.read_text().replace("DOCA_2.5 {\n  global:\n", "DOCA_2.5 {\n  global:\n"
                                       "    doca_regen_selftest;\n", 1))
    return {"FLEXIO_DOCA_DIR": str(doca)}


def self_test():
    """A header and map with one more function (libflexio's, then DOCA's): every binding's check must fail."""
    ok = True
    for changed, name in ((_changed_capi, "flexio_regen_selftest"), (_changed_doca, "doca_regen_selftest")):
        with tempfile.TemporaryDirectory() as d:
            env = changed(Path(d))
            for lang in LANGS:
                if lang == "rust" and not shutil.which("cargo"):
                    continue
                diffs = check(lang, env)
                caught = any(name in dd for dd in diffs)
                print(f"self-test {lang}: changed header ({name}) {'caught' if caught else 'NOT caught'}"
                      f" ({len(diffs)} stale file(s))")
                if diffs:
                    print("  " + next((line for dd in diffs for line in dd.splitlines() if name in line),
                                      "(no line names it)").strip())
                ok &= caught
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 2 or sys.argv[1] not in LANGS:
        sys.exit(__doc__)
    lang = sys.argv[1]
    diffs = check(lang)
    if diffs:
        sys.stdout.write("".join(diffs))
        print(f"\nregen_check: the committed {lang} bindings are stale: capi/ changed without regenerating. "
              f"Run bindings/regen.sh (or python3 bindings/{LANGS[lang][0]}) and commit the result.")
        sys.exit(1)
    print(f"regen_check: {lang} bindings match capi/")


if __name__ == "__main__":
    main()
