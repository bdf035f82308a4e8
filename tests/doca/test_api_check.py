#!/usr/bin/env python3
"""doca-api-check finds every kind of difference: it passes a copy of the headers, then fails a copy
changed in one way per case, reporting that change (and nothing about other declarations: a struct
that grows reports its size and its new field) for the release it touches. The DOCA DPA cases
change the host header doca_dpa.h and the device headers, which the check compiles for the DPA; a
header of the facts not installed yet (doca_rdma.h) is checked as soon as a tree has it.

Usage: test_api_check.py DOCA_TOOLS_DIR INCLUDE_DIR
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# (what, file, text, replacement, release checked, what the report must say)
CASES = [
    ("enumerator value", "doca_error.h", "DOCA_ERROR_AGAIN = 5,", "DOCA_ERROR_AGAIN = 55,", "3.0",
     "enum DOCA_ERROR_AGAIN: release: 5 | headers: 55"),
    ("parameter type", "doca_mmap.h", "doca_error_t doca_mmap_set_permissions(struct doca_mmap *mmap, uint32_t "
     "access_mask);", "doca_error_t doca_mmap_set_permissions(struct doca_mmap *mmap, uint16_t access_mask);", "3.0",
     "func doca_mmap_set_permissions: release:"),
    ("parameter name", "doca_dev.h", "doca_error_t doca_dev_open(struct doca_devinfo *devinfo, struct doca_dev "
     "**dev);", "doca_error_t doca_dev_open(struct doca_devinfo *info, struct doca_dev **dev);", "2.5",
     "func doca_dev_open: release:"),
    ("marker", "doca_pe.h", "DOCA_STABLE\nuint8_t doca_pe_progress", "DOCA_EXPERIMENTAL\nuint8_t doca_pe_progress",
     "3.0", "[stable] | headers: uint8_t doca_pe_progress(struct doca_pe *pe) [experimental]"),
    ("field type", "doca_types.h", "\tuint64_t len; ", "\tuint32_t len; ", "2.6",
     "field doca_gather_list.len: release: 8|uint64_t"),
    ("struct size", "doca_dma.h", "the status of the copy */\n};", "the status of the copy */\n\tint extra;\n};", "2.2",
     "struct-size struct doca_dma_memcpy_result: release: 4 | headers: 8"),
    ("macro value", "doca_dev.h", "#define DOCA_DEVINFO_IBDEV_NAME_SIZE 64", "#define DOCA_DEVINFO_IBDEV_NAME_SIZE 65",
     "3.0", "macro DOCA_DEVINFO_IBDEV_NAME_SIZE: release: 64 | headers: 65"),
    ("typedef", "doca_types.h", "typedef int doca_event_handle_t;", "typedef long doca_event_handle_t;", "2.5",
     "typedef doca_event_handle_t: release: int | headers: long"),
    ("missing function", "doca_buf.h", "DOCA_STABLE\ndoca_error_t doca_buf_reset_data_len(struct doca_buf *buf);",
     "", "3.0", "func doca_buf_reset_data_len: missing"),
    ("extra function", "doca_buf.h", "#ifdef __cplusplus\n} /* extern", "DOCA_STABLE int doca_buf_extra(void);\n"
     "#ifdef __cplusplus\n} /* extern", "3.0", "func doca_buf_extra: not in the release"),
    ("symbol binding", "doca_mmap.h", "OPENDOCA_FORM(doca_mmap_create_v2_2)", "OPENDOCA_FORM(doca_mmap_create_v2_5)",
     "2.2", "-> doca_mmap_create_v2_2 | headers:"),
    ("lost binding", "doca_mmap.h", " OPENDOCA_FORM(doca_mmap_create_v1_4)", "", "1.4",
     "func doca_mmap_create: release:"),
    # DOCA DPA: the host header
    ("DPA parameter type", "doca_dpa.h", "doca_dpa_func_t *func, uint64_t *retval, ...);",
     "doca_dpa_func_t *func, uint32_t *retval, ...);", "3.0", "func doca_dpa_rpc: release:"),
    ("DPA symbol binding", "doca_dpa.h", "OPENDOCA_FORM(doca_dpa_create_v2_2)", "OPENDOCA_FORM(doca_dpa_create_v2_5)",
     "2.2", "-> doca_dpa_create_v2_2 | headers:"),
    ("pending header installed", "doca_rdma.h", "", "/* nothing yet */\n", "2.2",
     "func doca_rdma_create: missing", "rdma"),
    # DOCA DPA: the device headers, compiled for riscv64
    ("device struct size", "doca_dpa_dev_buf.h", "unsigned char reserved[12];", "unsigned char reserved[13];", "3.0",
     "dev-struct-size struct doca_dpa_dev_buf: release: 32 | headers: 33"),
    ("device enumerator value", "doca_dpa_dev.h", "DOCA_DPA_DEV_COMP_RECV_ERR = 14,",
     "DOCA_DPA_DEV_COMP_RECV_ERR = 15,", "2.7", "dev-enum DOCA_DPA_DEV_COMP_RECV_ERR: release: 14 | headers: 15"),
    ("device inline", "doca_dpa_dev_buf.h",
     "OPENDOCA_EXPERIMENTAL_INLINE_\nstatic inline uintptr_t doca_dpa_dev_buf_get_addr",
     "OPENDOCA_EXPERIMENTAL_INLINE_\nuintptr_t doca_dpa_dev_buf_get_addr", "2.6",
     "[experimental inline] | headers: uintptr_t doca_dpa_dev_buf_get_addr(doca_dpa_dev_buf_t buf) [experimental]"),
    ("device macro arity", "doca_dpa_dev.h", "#define DOCA_DPA_DEV_LOG_INFO(...)",
     "#define DOCA_DPA_DEV_LOG_INFO(f, ...)", "3.0",
     "dev-macro DOCA_DPA_DEV_LOG_INFO: release: function-like/1 | headers: function-like/2"),
    ("device symbol binding", "doca_dpa_dev_rdma.h", " OPENDOCA_FORM(doca_dpa_dev_rdma_signal_add_v2_5)", "", "2.5",
     "dev-func doca_dpa_dev_rdma_signal_add: release:"),
    ("device handle type of the host's", "doca_dpa_dev.h", "typedef uint64_t doca_dpa_dev_sync_event_t;",
     "typedef uint32_t doca_dpa_dev_sync_event_t;", "2.2",
     "dev-typedef doca_dpa_dev_sync_event_t: release: uint64_t | headers: uint32_t"),
    ("device function missing", "doca_dpa_dev.h", "void doca_dpa_dev_thread_reschedule(void);", "", "3.0",
     "dev-func doca_dpa_dev_thread_reschedule: missing"),
]


def run(tools, inc, release):
    return subprocess.run([f"{tools}/doca-api-check", "--release", release, inc], capture_output=True, text=True)


def main():
    tools, include = sys.argv[1:3]
    failed = []
    with tempfile.TemporaryDirectory() as work:
        base = Path(work) / "base"
        shutil.copytree(include, base)
        clean = run(tools, str(base), "3.0")
        if clean.returncode:
            failed.append(f"the unchanged headers differ:\n{clean.stdout}{clean.stderr}")
        for what, name, old, new, release, want, *scope in CASES:
            case = Path(work) / what.replace(" ", "_").replace("'", "")
            shutil.copytree(include, case)
            text = (case / name).read_text() if (case / name).exists() else ""
            if old not in text:
                failed.append(f"{what}: the case's text is no longer in {name}: {old!r}")
                continue
            (case / name).write_text(text.replace(old, new, 1))
            r = run(tools, str(case), release)
            report = [line for line in r.stdout.splitlines() if line.startswith("  ")]
            if r.returncode != 1 or not any(want in line for line in report):
                failed.append(f"{what}: not reported ({r.returncode}): want {want!r}\n{r.stdout}{r.stderr}")
            elif any((scope or [want.split(":")[0].split()[-1]])[0].lower() not in line.lower() for line in report):
                failed.append(f"{what}: more than the change reported:\n" + "\n".join(report))
            else:
                print(f"test_api_check: {what}: {report[0].strip()}")
    for f in failed:
        print(f"test_api_check: {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
