#!/usr/bin/env python3
"""Every public header compiles on its own, as C and as C++, in every release selection.

Usage: check_headers.py INCLUDE_DIR

Host headers (libflexio/, dpa_stats.h) are compiled with the host's gcc and g++;
device headers (libflexio-dev/, libflexio-libc/, dpaintrin.h) with clang for the
DPA (RV64); common/ headers with both.  Each is compiled with and without the
ALLOW_EXPERIMENTAL macros, for every release served (23.x, NVIDIA 24.01 .. 24.07,
24.10, 25.x, 26.x, the default and FLEXIO_VER_LATEST), with -Wall -Wextra -Werror.
Then it checks, per release: the signatures each release declares (and that it
does not declare the names of another), that experimental functions warn unless
allowed (and that 24.x programs get no such warning, -Werror), that the version
may be defined after the version header without a warning, that a build's
FLEXIO_VER_DEFAULT / FLEXIO_DEV_VER_DEFAULT selects the release of sources that
select none and leaves alone those that do, and that 25.x and 26.x programs'
message-stream attributes (as NVIDIA's 25.1 samples set them, -Werror, no ALLOW
flag) and WQE-building names compile.
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
# Every release served, by the version a program selects it with.
HOST_EDITIONS = {"default": [], "latest": ["-DFLEXIO_VER_USED=FLEXIO_VER_LATEST"],
                 "23.4": ["-DFLEXIO_VER_USED=FLEXIO_VER(23,4,0)"],
                 "24.1": ["-DFLEXIO_VER_USED=FLEXIO_VER(24,1,0)"],
                 "24.7": ["-DFLEXIO_VER_USED=FLEXIO_VER(24,7,0)"],
                 "24.10": ["-DFLEXIO_VER_USED=FLEXIO_VER(24,10,0)"],
                 "25.1": ["-DFLEXIO_VER_USED=FLEXIO_VER(25,1,0)"],
                 "26.1": ["-DFLEXIO_VER_USED=FLEXIO_VER(26,1,0)"]}
DEVICE_EDITIONS = {"default": [], "latest": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER_LATEST"],
                   "23.4": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(23,4,0)"],
                   "24.1": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,1,0)"],
                   "24.7": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,7,0)"],
                   "24.10": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,10,0)"],
                   "25.1": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(25,1,0)"],
                   "26.1": ["-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(26,1,0)"]}
HOST_ALLOW = ["-DFLEXIO_ALLOW_EXPERIMENTAL_API", "-DDPA_STATS_ALLOW_EXPERIMENTAL_API"]
DEVICE_ALLOW = ["-DFLEXIO_DEV_ALLOW_EXPERIMENTAL_API"]

# One experimental function per side, and the header declaring it.
# Experimental functions of the current release (NVIDIA 25.1's markers on the device side).
EXPERIMENTAL_USES = [
    ("host", "libflexio/flexio.h", "int main(void) { return (int)flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR); }"),
    ("host", "libflexio/flexio.h", "unsigned f(struct flexio_cq *cq) { return flexio_cq_get_cq_num(cq); }"),
    ("device", "libflexio-dev/flexio_dev_err.h",
     "unsigned long f(struct flexio_dev_thread_ctx *t) { return flexio_dev_get_errno(t); }"),
    ("device", "libflexio-dev/flexio_dev.h",
     "int f(struct flexio_dev_thread_ctx *t) { return flexio_dev_outbox_config(t, 1); }"),
    ("device", "libflexio-dev/flexio_dev.h", "int f(void) { return flexio_dev_print(\"x\"); }"),
]

# Each release declares its own signatures: assigning a function to a pointer of
# the expected type fails to compile (-Werror) when the header declares another.
# The second source uses a name of another release and must NOT compile.
EDITION_SIGNATURES = {
    ("host", "default"): ("""#include <libflexio/flexio.h>
flexio_status (*app_create)(struct flexio_app_attr *, flexio_app **) = flexio_app_create;
flexio_status (*app_get)(const struct flexio_app_select_attr *, flexio_app **) = flexio_app_get;
flexio_status (*eh_create)(flexio_process *, struct flexio_event_handler_attr *, flexio_event_handler **) = flexio_event_handler_create;
flexio_status (*outbox_create)(flexio_process *, struct flexio_outbox_attr *, flexio_outbox **) = flexio_outbox_create;
flexio_status (*uar_create)(flexio_process *, flexio_uar **) = flexio_uar_create;
flexio_status (*err_set)(flexio_process *, flexio_func_t *) = flexio_process_error_handler_set;
flexio_status (*stream)(flexio_process *, struct flexio_msg_stream_attr *, FILE *, pthread_t *, flexio_msg_stream **) = flexio_msg_stream_create;
int (*err_status)(flexio_process *) = flexio_err_status_get;
""", """#include <libflexio/flexio.h>
void *old = (void *)&flexio_print_init;
"""),
    ("host", "25.1"): ("""#include <libflexio/flexio.h>
flexio_status (*stream)(flexio_process *, struct flexio_msg_stream_attr *, FILE *, pthread_t *, flexio_msg_stream **) = flexio_msg_stream_create;
_Static_assert(sizeof(struct flexio_msg_stream_attr) == 64, "25.1's transport_mode");
_Static_assert(sizeof(struct flexio_process_attr) == 24, "process name");
enum flexio_msg_transport transport = FLEXIO_MSG_TRANSPORT_QP_RC;
flexio_msg_dev_sync_mode sync = FLEXIO_MSG_DEV_SYNC_MODE_SYNC;
enum flexio_hw_model_id model = FLEXIO_HW_MODEL_DEF;
""", """#include <libflexio/flexio.h>
void *old = (void *)&flexio_print_init;
"""),
    ("host", "24.10"): ("""#include <libflexio/flexio.h>
flexio_status (*stream)(flexio_process *, struct flexio_msg_stream_attr *, FILE *, pthread_t *, flexio_msg_stream **) = flexio_msg_stream_create;
_Static_assert(sizeof(struct flexio_msg_stream_attr) == 56, "no transport_mode before 25.x");
_Static_assert(sizeof(struct flexio_process_attr) == 24, "process name");
flexio_msg_dev_sync_mode sync = FLEXIO_LOG_DEV_SYNC_MODE_SYNC;
""", """#include <libflexio/flexio.h>
int mode = FLEXIO_MSG_TRANSPORT_QP_RC;
"""),
    ("host", "24.1"): ("""#include <libflexio/flexio.h>
flexio_status (*app_create)(struct flexio_app_attr *, struct flexio_app **) = flexio_app_create;
flexio_status (*stream)(struct flexio_process *, flexio_msg_stream_attr_t *, FILE *, pthread_t *, struct flexio_msg_stream **) = flexio_msg_stream_create;
#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* deprecated in NVIDIA 24.01 too */
flexio_status (*log_init)(struct flexio_process *, struct flexio_log_dev_attr *, FILE *, pthread_t *) = flexio_log_dev_init;
enum flexio_err_status (*err_status)(struct flexio_process *) = flexio_err_status_get;
flexio_msg_dev_sync_mode sync = FLEXIO_LOG_DEV_SYNC_MODE_SYNC;
_Static_assert(sizeof(struct flexio_process_attr) == 16, "24.01 process attributes");
_Static_assert(sizeof(struct flexio_wq_attr) == 80, "24.01 WQ attributes");
""", """#include <libflexio/flexio.h>
void *old = (void *)&flexio_print_init;
"""),
    ("host", "23.4"): ("""#include <libflexio/flexio.h>
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
    ("device", "default"): ("""#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
void (*arm)(uint32_t, uint32_t) = flexio_dev_cq_arm;
flexio_dev_status_t (*win)(enum flexio_window_entity, uint16_t, uint32_t) = flexio_dev_window_config;
void (*resched)(void) = flexio_dev_thread_reschedule;
uint32_t (*synd)(struct flexio_dev_cqe64 *) = flexio_dev_cqe_get_hw_err_synd;
_Static_assert(FLEXIO_CTRL_SEG_LDMA == 3 && FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP == 11, "25.1 values");
_Static_assert(_Alignof(struct flexio_dev_cqe64) == 8 && _Alignof(union flexio_dev_sqe_seg) == 8, "aligned");
""", """#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
void *old = (void *)&flexio_dev_swqe_seg_data_set;
"""),
    ("device", "24.1"): ("""#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
flexio_dev_status_t (*arm)(struct flexio_dev_thread_ctx *, uint32_t, uint32_t) = flexio_dev_cq_arm;
flexio_dev_status_t (*win)(struct flexio_dev_thread_ctx *, uint16_t, uint32_t) = flexio_dev_window_config;
flexio_dev_status_t (*acq)(struct flexio_dev_thread_ctx *, uint64_t, flexio_uintptr_t *) = flexio_dev_window_ptr_acquire;
int (*msg)(int, flexio_msg_dev_level, const char *, ...) = flexio_dev_msg;
uint8_t (*csum)(struct flexio_dev_cqe64 *) = flexio_dev_cqe_get_csum_ok;
_Static_assert(FLEXIO_CTRL_SEG_LDMA == 2 && FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP == 5, "24.01 values");
_Static_assert(_Alignof(struct flexio_dev_cqe64) == 8 && __builtin_offsetof(struct flexio_dev_cqe64, csum_ok) == 28, "24.01 CQE");
""", """#include <libflexio-dev/flexio_dev.h>
void *new_only = (void *)&flexio_dev_multi_window_config;
"""),
    ("device", "23.4"): ("""#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
flexio_dev_status_t (*arm)(struct flexio_dev_thread_ctx *, uint32_t, uint32_t) = flexio_dev_cq_arm;
flexio_dev_status_t (*win)(struct flexio_dev_thread_ctx *, uint16_t, uint32_t) = flexio_dev_window_config;
void (*fin)(void) = flexio_dev_finish;
int (*print)(const char *, ...) = flexio_dev_print;
""", """#include <libflexio-dev/flexio_dev.h>
void *new_only = (void *)&flexio_dev_multi_window_config;
"""),
}

# 24.x marks nothing experimental: a 24.01-era program built with -Werror and no ALLOW flag
# gets no deprecation warning from the functions current releases mark experimental.
NO_WARNING_IN_2401 = {
    "host": ("-DFLEXIO_VER_USED=FLEXIO_VER(24,1,0)", """#include <libflexio/flexio.h>
uint32_t f(struct flexio_cq *cq, struct flexio_process *p, struct flexio_sq *sq, struct flexio_outbox *o)
{
	struct ibv_pd *pd = flexio_process_get_pd(p);
	(void)pd;
	(void)flexio_process_get_uar(p);
	(void)flexio_process_get_dumem_id(p);
	(void)flexio_err_status_get(p);
	(void)flexio_err_handler_fd(p);
	(void)flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR);
	(void)flexio_outbox_get_id(o);
	(void)flexio_sq_get_wq_num(sq);
	(void)flexio_process_udbg_token_get(p);
	return flexio_cq_get_cq_num(cq);
}
"""),
    "device": ("-DFLEXIO_DEV_VER_USED=FLEXIO_DEV_VER(24,1,0)", """#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
flexio_dev_event_handler_t handler;
void handler(uint64_t arg)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_print("arg %llu thread %u\\n", (unsigned long long)arg, flexio_dev_get_thread_id(dtctx));
	flexio_dev_msg_dflt(FLEXIO_MSG_DEV_INFO, "tls %llu\\n",
			    (unsigned long long)flexio_dev_get_thread_local_storage(dtctx));
	flexio_dev_outbox_config(dtctx, 1);
	flexio_dev_cq_arm(dtctx, 0, 1);
	(void)flexio_dev_get_errno(dtctx);
	flexio_dev_thread_reschedule();
}
"""),
}

# NVIDIA's pattern: the version header first, then the release, then the API header. No
# redefinition warning, and the release chosen is the one served.
VERSION_AFTER_HEADER = {
    "host": """#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(24, 4, 0)
#include <libflexio/flexio.h>
_Static_assert(FLEXIO_VER_USED == FLEXIO_VER(24, 4, 0), "the program's choice");
struct flexio_log_dev_attr attr_of_24_x;
""",
    "device": """#include <libflexio-dev/flexio_dev_ver.h>
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(24, 4, 0)
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
flexio_dev_status_t (*arm)(struct flexio_dev_thread_ctx *, uint32_t, uint32_t) = flexio_dev_cq_arm;
""",
}

# A build's release for sources that select none (FLEXIO_VER_DEFAULT, FLEXIO_DEV_VER_DEFAULT, as the
# per-release pkg-config directories and dpacc define them): (side, build flags, source) that must
# compile with no warning. A source without a selection gets 24.01's API; one with its own keeps it.
SELECTED_BY_BUILD = [
    ("host", ["-DFLEXIO_VER_DEFAULT=0x18010000"], """#include <libflexio/flexio.h>
#if FLEXIO_VER_USED != FLEXIO_VER(24, 1, 0)
#error "not the build's choice"
#endif
typedef char process_attr_of_24_01[sizeof(struct flexio_process_attr) == 16 ? 1 : -1];
struct flexio_log_dev_attr attr_of_24_x;
unsigned f(struct flexio_cq *cq) { return flexio_cq_get_cq_num(cq); } /* not experimental in 24.x */
"""),
    ("host", ["-DFLEXIO_VER_DEFAULT=0x18010000"], """#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(25, 1, 0)
#include <libflexio/flexio.h>
#if FLEXIO_VER_USED != FLEXIO_VER(25, 1, 0)
#error "not the program's choice"
#endif
typedef char stream_attr_of_25_1[sizeof(struct flexio_msg_stream_attr) == 64 ? 1 : -1];
"""),
    ("device", ["-DFLEXIO_DEV_VER_DEFAULT=0x18010000"], """#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
flexio_dev_status_t (*arm)(struct flexio_dev_thread_ctx *, uint32_t, uint32_t) = flexio_dev_cq_arm;
int (*msg)(int, flexio_msg_dev_level, const char *, ...) = flexio_dev_msg;
"""),
    ("device", ["-DFLEXIO_DEV_VER_DEFAULT=0x18010000"], """#include <libflexio-dev/flexio_dev_ver.h>
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(25, 1, 0)
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
void (*arm)(uint32_t, uint32_t) = flexio_dev_cq_arm;
"""),
]

# How 26.x device programs build a WQE.
RELEASE_26_DEVICE_PROGRAM = """#include <libflexio-dev/flexio_dev_ver.h>
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(26, 1, 0)
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
void send(union flexio_dev_sqe_seg *swqe, uint32_t pi, uint32_t sqn)
{
	flexio_dev_swqe_seg_ctrl_set(swqe, pi, sqn, FLEXIO_CTRL_SEG_CE_CQE_ON_CQE_ERROR, FLEXIO_CTRL_SEG_TYPE_SEND_EN);
	flexio_dev_swqe_seg_eth_set(swqe + 1, 0, 0, 0, NULL);
}
"""

# How 25.x and 26.x programs set up a message stream (transport_mode, FLEXIO_MSG_DEV_SYNC_MODE_*), as
# NVIDIA's 25.1 samples do it, built with -Werror and no ALLOW flag.
RELEASE_26_PROGRAM = """#include <libflexio/flexio_ver.h>
#define FLEXIO_VER_USED FLEXIO_VER(26, 1, 0)
#include <libflexio/flexio.h>
int start(struct flexio_process *process, struct flexio_msg_stream **stream)
{
	struct flexio_msg_stream_attr stream_attr = {0};

	if (flexio_version_set(FLEXIO_VER(26, 1, 0)) != FLEXIO_STATUS_SUCCESS)
		return -1;
	stream_attr.data_bsize = 4096;
	stream_attr.sync_mode = FLEXIO_MSG_DEV_SYNC_MODE_SYNC;
	stream_attr.level = FLEXIO_MSG_DEV_INFO;
	stream_attr.transport_mode = FLEXIO_MSG_TRANSPORT_QP_RC;
	return flexio_msg_stream_create(process, &stream_attr, stdout, NULL, stream) == FLEXIO_STATUS_SUCCESS ? 0 : -1;
}
"""


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

    for side, rel, body in EXPERIMENTAL_USES:
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
            print(f"FAIL {side} {edition}: signatures differ from the release's\n{r.stderr.strip()}\n")
        if compile_source(cmd, include, other_edition, flags).returncode == 0:
            failures += 1
            print(f"FAIL {side} {edition}: declares a name of another release")
        checked += 2

    for side, (selection, source) in NO_WARNING_IN_2401.items():
        for lang, cmd in (HOST_LANGS if side == "host" else DEVICE_LANGS).items():
            r = compile_source(cmd, include, source, [selection])
            checked += 1
            if r.returncode or r.stderr.strip():
                failures += 1
                print(f"FAIL {side} {lang} 24.1: a 24.x program warned (-Werror, no ALLOW flag)\n{r.stderr.strip()}\n")

    for side, source in VERSION_AFTER_HEADER.items():
        cmd = (HOST_LANGS if side == "host" else DEVICE_LANGS)["C"]
        r = compile_source(cmd, include, source, [])
        checked += 1
        if r.returncode or r.stderr.strip():
            failures += 1
            print(f"FAIL {side}: defining the version after the version header warned or failed\n{r.stderr.strip()}\n")

    for side, flags, source in SELECTED_BY_BUILD:
        for lang, cmd in (HOST_LANGS if side == "host" else DEVICE_LANGS).items():
            r = compile_source(cmd, include, source, flags)
            checked += 1
            if r.returncode or r.stderr.strip():
                failures += 1
                print(f"FAIL {side} {lang} {' '.join(flags)}: the build's release selection\n{source}\n{r.stderr.strip()}\n")

    for lang, cmd in DEVICE_LANGS.items():
        r = compile_source(cmd, include, RELEASE_26_DEVICE_PROGRAM, DEVICE_ALLOW)
        checked += 1
        if r.returncode or r.stderr.strip():
            failures += 1
            print(f"FAIL device {lang} 26.1: a 26.x program's WQE building does not compile\n{r.stderr.strip()}\n")

    stream_releases = (("26.1", "26, 1, 0"), ("25.7", "25, 7, 0"), ("25.4", "25, 4, 0"), ("25.1", "25, 1, 0"))
    for (lang, cmd), (release, ver) in itertools.product(HOST_LANGS.items(), stream_releases):
        source = RELEASE_26_PROGRAM.replace("26, 1, 0", ver)
        source = source if lang == "C" else source.replace("= {0}", "= {}")
        r = compile_source(cmd, include, source, [])
        checked += 1
        if r.returncode or r.stderr.strip():
            failures += 1
            print(f"FAIL host {lang} {release}: a {release} program's message stream set-up does not compile\n"
                  f"{r.stderr.strip()}\n")

    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
