#!/usr/bin/env python3
"""Every public header compiles on its own, as C and as C++, in every configuration.

Usage: check_headers.py INCLUDE_DIR

Host headers (libflexio/, dpa_stats.h) are compiled with the host's gcc and g++;
device headers (libflexio-dev/, libflexio-libc/, dpaintrin.h) with clang for the
DPA (RV64); common/ headers with both.  Each is compiled with and without the
ALLOW_EXPERIMENTAL macros, for both API editions, with -Wall -Wextra -Werror.
Then it checks that calling an experimental function warns unless allowed.
"""
import itertools
import os
import subprocess
import sys
import tempfile
from pathlib import Path

WARN_FLAGS = ["-Wall", "-Wextra", "-Werror"]
HOST_LANGS = {"C": ["gcc", "-x", "c", "-std=c11"], "C++": ["g++", "-x", "c++", "-std=c++17"]}
DEVICE_TARGET = ["--target=riscv64-unknown-elf", "-march=rv64imac_zba_zbb_zbs", "-mabi=lp64", "-ffreestanding"]
DEVICE_LANGS = {"C": ["clang", *DEVICE_TARGET, "-x", "c", "-std=c11"],
                "C++": ["clang++", *DEVICE_TARGET, "-x", "c++", "-std=c++17"]}
# The older edition's version equals FLEXIO_LAST_SUPPORTED_VERSION, which warns by design.
HOST_EDITIONS = {"current": [], "older": ["-DFLEXIO_VER_USED=FLEXIO_VER(24,1,0)", "-Wno-cpp"],
                 "older-24.7": ["-DFLEXIO_VER_USED=FLEXIO_VER(24,7,0)"]}
DEVICE_EDITIONS = {"current": [], "older": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,1,0)", "-Wno-#warnings"],
                   "older-24.7": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,7,0)"]}
HOST_ALLOW = ["-DFLEXIO_ALLOW_EXPERIMENTAL_API", "-DDPA_STATS_ALLOW_EXPERIMENTAL_API"]
DEVICE_ALLOW = ["-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"]

# One experimental function per side, and the header declaring it.
EXPERIMENTAL_USES = {
    "host": ("libflexio/flexio.h", "int main(void) { return (int)flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR); }"),
    "device": ("libflexio-dev/flexio_dev_err.h",
               "unsigned long f(struct flexio_dev_thread_ctx *t) { return flexio_dev_get_errno(t); }"),
}

# Each edition declares its own signatures: assigning a function to a pointer of
# the expected type fails to compile (-Werror) when the header declares another.
# The second source uses a name of the other edition and must NOT compile.
EDITION_SIGNATURES = {
    ("host", "current"): ("""#include <libflexio/flexio.h>
flexio_status (*app_create)(struct flexio_app_attr *, flexio_app **) = flexio_app_create;
flexio_status (*app_get)(const struct flexio_app_select_attr *, flexio_app **) = flexio_app_get;
flexio_status (*eh_create)(flexio_process *, struct flexio_event_handler_attr *, flexio_event_handler **) = flexio_event_handler_create;
flexio_status (*outbox_create)(flexio_process *, struct flexio_outbox_attr *, flexio_outbox **) = flexio_outbox_create;
flexio_status (*uar_create)(flexio_process *, flexio_uar **) = flexio_uar_create;
flexio_status (*err_set)(flexio_process *, flexio_func_t *) = flexio_process_error_handler_set;
flexio_status (*stream)(flexio_process *, flexio_msg_stream_attr_t *, FILE *, pthread_t *, flexio_msg_stream **) = flexio_msg_stream_create;
""", """#include <libflexio/flexio.h>
void *old = (void *)&flexio_print_init;
"""),
    ("host", "older"): ("""#include <libflexio/flexio.h>
flexio_status (*app_create)(const char *, void *, size_t, flexio_app **) = flexio_app_create;
flexio_status (*eh_create)(flexio_process *, struct flexio_event_handler_attr *, const flexio_window *, const flexio_outbox *, flexio_event_handler **) = flexio_event_handler_create;
flexio_status (*outbox_create)(flexio_process *, struct ibv_context *, flexio_uar *, flexio_outbox **) = flexio_outbox_create;
flexio_status (*uar_create)(flexio_process *, struct mlx5dv_devx_uar *, flexio_uar **) = flexio_uar_create;
flexio_status (*err_set)(flexio_process *, const char *) = flexio_process_error_handler_set;
flexio_status (*print_init)(flexio_process *, flexio_uar *, size_t, FILE *, int, pthread_t *) = flexio_print_init;
int (*err_status)(flexio_process *) = flexio_err_status;
""", """#include <libflexio/flexio.h>
void *new_only = (void *)&flexio_msg_stream_create;
"""),
    ("device", "current"): ("""#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
void (*arm)(uint32_t, uint32_t) = flexio_dev_cq_arm;
flexio_dev_status_t (*win)(enum flexio_window_entity, uint16_t, uint32_t) = flexio_dev_window_config;
void (*resched)(void) = flexio_dev_thread_reschedule;
""", """#include <libflexio-dev/flexio_dev.h>
void (*old)(void) = flexio_dev_finish;
"""),
    ("device", "older"): ("""#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
flexio_dev_status_t (*arm)(struct flexio_dev_thread_ctx *, uint32_t, uint32_t) = flexio_dev_cq_arm;
flexio_dev_status_t (*win)(struct flexio_dev_thread_ctx *, uint16_t, uint32_t) = flexio_dev_window_config;
void (*fin)(void) = flexio_dev_finish;
""", """#include <libflexio-dev/flexio_dev.h>
void *new_only = (void *)&flexio_dev_multi_window_config;
"""),
}


def side_of(rel):
    if rel.startswith("common/"):
        return ["host", "device"]
    if rel.startswith(("libflexio-dev/", "libflexio-libc/")) or rel == "dpaintrin.h":
        return ["device"]
    return ["host"]


def compile_source(cmd, include, source, extra):
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "tu"
        src.write_text(source)
        argv = [*cmd, *WARN_FLAGS, f"-I{include}", f"-I{include}/libflexio-libc", *extra,
                "-fsyntax-only", str(src)]
        return subprocess.run(argv, capture_output=True, text=True)


def main():
    include = Path(sys.argv[1]).resolve()
    headers = sorted(str(p.relative_to(include)) for p in include.rglob("*.h"))
    failures = 0
    checked = 0
    for rel, side in ((h, s) for h in headers for s in side_of(h)):
        langs = HOST_LANGS if side == "host" else DEVICE_LANGS
        editions = HOST_EDITIONS if side == "host" else DEVICE_EDITIONS
        allow = HOST_ALLOW if side == "host" else DEVICE_ALLOW
        for (lang, cmd), (edition, ed_flags), allowed in itertools.product(langs.items(), editions.items(),
                                                                             (False, True)):
            extra = ed_flags + (allow if allowed else [])
            r = compile_source(cmd, include, f"#include <{rel}>\n", extra)
            checked += 1
            if r.returncode:
                failures += 1
                print(f"FAIL {rel} [{side} {lang} {edition}{' allow-experimental' if allowed else ''}]\n"
                      f"{r.stderr.strip()}\n")

    for side, (rel, body) in EXPERIMENTAL_USES.items():
        cmd = (HOST_LANGS if side == "host" else DEVICE_LANGS)["C"]
        allow = HOST_ALLOW if side == "host" else DEVICE_ALLOW
        source = f"#include <{rel}>\n{body}\n"
        warned = compile_source(cmd, include, source, [])
        if warned.returncode == 0 or "Symbol is defined as experimental" not in warned.stderr:
            failures += 1
            print(f"FAIL {side}: using an experimental function without ALLOW did not warn\n{warned.stderr}")
        quiet = compile_source(cmd, include, source, allow)
        if quiet.returncode:
            failures += 1
            print(f"FAIL {side}: using an experimental function with ALLOW warned\n{quiet.stderr}")
        checked += 2

    for (side, edition), (declared, other_edition) in EDITION_SIGNATURES.items():
        cmd = (HOST_LANGS if side == "host" else DEVICE_LANGS)["C"]
        flags = (HOST_EDITIONS if side == "host" else DEVICE_EDITIONS)[edition]
        flags = flags + (HOST_ALLOW if side == "host" else DEVICE_ALLOW)
        r = compile_source(cmd, include, declared, flags)
        if r.returncode:
            failures += 1
            print(f"FAIL {side} {edition} edition: signatures differ from the seed\n{r.stderr.strip()}\n")
        if compile_source(cmd, include, other_edition, flags).returncode == 0:
            failures += 1
            print(f"FAIL {side} {edition} edition: declares a name of the other edition")
        checked += 2

    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
