/*
 * Internal helpers of libflexio_dev: ecalls with up to four arguments, thread-context checks
 * and the per-thread error flag. Not installed.
 */
#ifndef OPENFLEXIO_DEV_RUNTIME_H
#define OPENFLEXIO_DEV_RUNTIME_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>

#include "dpa_ecall.h"

/* Service results in [-4095, -1] are negative errno values (see dpa_ecall.h). */
#define DEV_ECALL_FAILED(result) ((result) >= (uint64_t)-4095)

static inline uint64_t dev_ecall4(uint64_t nr, uint64_t arg0, uint64_t arg1, uint64_t arg2, uint64_t arg3)
{
	register uint64_t a7 __asm__("a7") = nr;
	register uint64_t a0 __asm__("a0") = arg0;
	register uint64_t a1 __asm__("a1") = arg1;
	register uint64_t a2 __asm__("a2") = arg2;
	register uint64_t a3 __asm__("a3") = arg3;

	__asm__ __volatile__("ecall" : "+r"(a0) : "r"(a7), "r"(a1), "r"(a2), "r"(a3) : "memory");
	return a0;
}

/* The calling thread's context, or NULL when tp was never set up (no runtime behind us). */
static inline struct flexio_os_thread_ctx *dev_thread_ctx(void)
{
	struct flexio_os_thread_ctx *ctx = flexio_os_get_thread_ctx();

	if ((uintptr_t)ctx + FLEXIO_OS_THREAD_CTX_TP_OFFSET < FLEXIO_OS_THREAD_CTX_TP_OFFSET * 2)
		return NULL;
	return ctx->version == FLEXIO_OS_THREAD_CTX_VERSION ? ctx : NULL;
}

/* True when dtctx is the calling thread's context (a context is only valid in its own thread). */
static inline bool dev_ctx_is_current(struct flexio_dev_thread_ctx *dtctx)
{
	return dtctx != NULL && (struct flexio_os_thread_ctx *)dtctx == dev_thread_ctx();
}

/*
 * Returns FLEXIO_DEV_STATUS_SUCCESS for a successful service result; otherwise records the
 * errno in the calling thread's context and returns FLEXIO_DEV_STATUS_FAILED.
 */
flexio_dev_status_t dev_status_of(uint64_t result);

/* Records a recoverable error (a positive errno value) in the calling thread's context. */
void dev_set_errno(uint32_t error);

/*
 * Sends what stdout and stderr hold for the calling thread (before an invocation ends). Also
 * called by dpacc's unpack wrappers after the function returns, hence the reserved name.
 */
void __flexio_dev_flush_stdio(void);

/* flexio_dev_msg with a va_list: formats and sends one message; returns printf's result or -1. */
int dev_msg_va(int stream_id, int level, const char *format, va_list ap);

/* Window operations on entity 0 or 1, shared by both editions' window functions (window.c). */
flexio_dev_status_t dev_window_config(unsigned entity, uint16_t window_config_id, uint32_t mkey);
flexio_dev_status_t dev_window_mkey_config(unsigned entity, uint32_t mkey);
flexio_dev_status_t dev_window_ptr_acquire(unsigned entity, uint64_t haddr, flexio_uintptr_t *daddr);
flexio_dev_status_t dev_window_copy_to_host(unsigned entity, uint64_t haddr, const void *daddr, uint32_t size);
flexio_dev_status_t dev_window_copy_from_host(void);

/* Ends the invocation with a service that does not return. */
__attribute__((__noreturn__)) void dev_end_invocation(uint64_t service, uint64_t arg);

#endif
