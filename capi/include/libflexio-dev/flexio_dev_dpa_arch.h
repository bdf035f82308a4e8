/*
 * OpenFlexIO — DPA architecture details used by the header-inline device API:
 * the OS thread context and the outbox doorbell registers.
 *
 * ABI between libflexio_dev / the public inline helpers and the simulated DPA
 * and NIC; NOT FOR APPLICATIONS (use <libflexio-dev/flexio_dev_queue_access.h>).
 * The values here are fixed: code compiled against them rings doorbells
 * directly, the way it does on real hardware.
 *
 * Thread context.  For every DPA thread (event handler, RPC, async RPC) the
 * simulator gives the thread a thread-local area and sets the RISC-V thread
 * pointer `tp` to it before the first instruction runs:
 *
 *     tp - FLEXIO_OS_THREAD_CTX_TP_OFFSET   struct flexio_os_thread_ctx
 *     tp                                    the image's TLS block (.tdata, .tbss;
 *                                           the device libc keeps errno there)
 *
 * RISC-V TLS places thread-local variables at tp + offset, so the context sits
 * below tp, where no TLS access reaches.  The simulator owns the structure;
 * device code reads it (libflexio_dev also updates the config ids and errno
 * through the services that change them).  In OpenFlexIO the struct
 * flexio_dev_thread_ctx pointer returned by flexio_dev_get_thread_ctx() is the
 * address of this context.
 *
 * Outbox.  Each thread has an outbox page (outbox_base, selected with
 * flexio_dev_outbox_config()).  A doorbell is one aligned 64-bit store of the
 * value given by the FLEXIO_OUTBOX_V_* encoder into the register at
 * outbox_base + FLEXIO_OUTBOX_*.  The simulated NIC decodes exactly these
 * encodings.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_DPA_ARCH_H
#define OPENFLEXIO_FLEXIO_DEV_DPA_ARCH_H

#include <stddef.h>
#include <stdint.h>

#include <libflexio-dev/flexio_dev_markers.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* OS thread context                                                         */
/* ------------------------------------------------------------------------ */

/** Version of struct flexio_os_thread_ctx written by the simulator into `version`. */
#define FLEXIO_OS_THREAD_CTX_VERSION 1

/** Distance from `tp` down to the thread's struct flexio_os_thread_ctx. */
#define FLEXIO_OS_THREAD_CTX_TP_OFFSET 64

/** The OS thread context a DPA thread finds below `tp` (48 bytes, little-endian). */
struct flexio_os_thread_ctx {
	uint32_t version;            /**< 0x00 - Layout version (FLEXIO_OS_THREAD_CTX_VERSION). */
	uint16_t outbox_config_id;   /**< 0x04 - Id of the outbox currently configured (0 = none). */
	uint16_t window_config_id;   /**< 0x06 - Id of the window currently configured (0 = none). */
	uint64_t outbox_base;        /**< 0x08 - DPA address of the current outbox page. */
	uint64_t window_base;        /**< 0x10 - DPA address of the window aperture. */
	uint64_t window_config_base; /**< 0x18 - DPA address of the window configuration registers. */
	uint64_t metadata_parameter; /**< 0x20 - DPA address of the thread metadata (argument, TLS, ids). */
	uint32_t errno_val;          /**< 0x28 - Recoverable error flag (flexio_dev_get_errno()). */
	uint32_t reserved;           /**< 0x2C - Reserved, zero. */
};

FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, outbox_config_id) == 0x04, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, outbox_base) == 0x08, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, window_base) == 0x10, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, window_config_base) == 0x18, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, metadata_parameter) == 0x20, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, errno_val) == 0x28, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_os_thread_ctx) == 48, "thread ctx is 48 bytes");

#if defined(__riscv)
/**
 * Returns the calling DPA thread's OS thread context (tp - FLEXIO_OS_THREAD_CTX_TP_OFFSET).
 * Valid from the first instruction of the thread's invocation.
 */
FLEXIO_DEV_ALWAYS_INLINE struct flexio_os_thread_ctx *flexio_os_get_thread_ctx(void)
{
	uintptr_t tp;

	__asm__("mv %0, tp" : "=r"(tp));
	return (struct flexio_os_thread_ctx *)(tp - FLEXIO_OS_THREAD_CTX_TP_OFFSET);
}
#else
/*
 * Other targets (host-side unit tests of the inline helpers): the test harness
 * defines this function and returns a context whose outbox_base points to a
 * buffer standing in for the outbox page.
 */
struct flexio_os_thread_ctx *flexio_os_get_thread_ctx(void);
#endif

/* ------------------------------------------------------------------------ */
/* Outbox doorbell registers                                                 */
/* ------------------------------------------------------------------------ */

/** Size of an outbox page. */
#define FLEXIO_OUTBOX_PAGE_SIZE 0x1000

/** CQ doorbell (arm): FLEXIO_OUTBOX_V_CQ_DB(cqn, ci). */
#define FLEXIO_OUTBOX_CQ_DB 0x100
/** EQ doorbell, update the consumer index and re-arm: FLEXIO_OUTBOX_V_EQ_DB(eqn, ci). */
#define FLEXIO_OUTBOX_EQ_DB_REARM 0x140
/** EQ doorbell, update the consumer index without re-arming: FLEXIO_OUTBOX_V_EQ_DB(eqn, ci). */
#define FLEXIO_OUTBOX_EQ_DB_NO_REARM 0x180
/** SQ / QP send doorbell: FLEXIO_OUTBOX_V_SXD_DB(pi, qnum). */
#define FLEXIO_OUTBOX_SXD_DB 0x1c0
/** Emulation doorbell context arm: FLEXIO_OUTBOX_V_EMU_CAP(qnum, emu_ctx_id). */
#define FLEXIO_OUTBOX_EMU_CAP 0x200
/** Emulation doorbell context forced trigger: FLEXIO_OUTBOX_V_EMU_CAP(cqn, emu_ctx_id). */
#define FLEXIO_OUTBOX_EMU_CAP_TRIGGER 0x240
/** Zero-CQE generation on a CQ (RX trigger): FLEXIO_OUTBOX_V_RXT_DB(cqn). */
#define FLEXIO_OUTBOX_RXT_DB 0x280
/** Congestion-control doorbell, low 64 bits: FLEXIO_OUTBOX_V_CC_DB(...). */
#define FLEXIO_OUTBOX_CC_DB 0x340
/** Congestion-control doorbell, high 64 bits (raw, caller-defined layout). */
#define FLEXIO_OUTBOX_CC_DB_MSB 0x348

/** CQ arm value: CQ number in bits 23..0, consumer index (24 bits) in bits 55..32. */
#define FLEXIO_OUTBOX_V_CQ_DB(cqn, ci) \
	(((uint64_t)(cqn) & 0xFFFFFFULL) | (((uint64_t)(ci) & 0xFFFFFFULL) << 32))
/** EQ consumer-index value: EQ number in bits 23..0, consumer index (24 bits) in bits 55..32. */
#define FLEXIO_OUTBOX_V_EQ_DB(eqn, ci) \
	(((uint64_t)(eqn) & 0xFFFFFFULL) | (((uint64_t)(ci) & 0xFFFFFFULL) << 32))
/** Send doorbell value: WQE index (producer counter) in bits 15..0, SQ/QP number in bits 55..32. */
#define FLEXIO_OUTBOX_V_SXD_DB(pi, qnum) \
	(((uint64_t)(pi) & 0xFFFFULL) | (((uint64_t)(qnum) & 0xFFFFFFULL) << 32))
/** Emulation context value: queue/CQ number in bits 23..0, emulation context id in bits 63..32. */
#define FLEXIO_OUTBOX_V_EMU_CAP(qnum, emu_ctx_id) \
	(((uint64_t)(qnum) & 0xFFFFFFULL) | (((uint64_t)(emu_ctx_id) & 0xFFFFFFFFULL) << 32))
/** Zero-CQE value: CQ number in bits 23..0, other bits zero. */
#define FLEXIO_OUTBOX_V_RXT_DB(cqn) ((uint64_t)(cqn) & 0xFFFFFFULL)
/**
 * Congestion-control value: CC queue id in bits 15..0, next action
 * (flexio_dev_cc_db_next_act_t) in bits 17..16, RTT request flag (bit 0 of
 * rtt_req) in bit 24, rate in bits 63..32.
 */
#define FLEXIO_OUTBOX_V_CC_DB(ccq_id, rate, rtt_req, next_act)                                 \
	(((uint64_t)(ccq_id) & 0xFFFFULL) | (((uint64_t)(next_act) & 0x3ULL) << 16) |          \
	 (((uint64_t)(rtt_req) & 0x1ULL) << 24) | (((uint64_t)(rate) & 0xFFFFFFFFULL) << 32))

/**
 * Writes @p value to the outbox register at @p offset of the outbox page at
 * @p outbox_base: one aligned 64-bit store.  Earlier memory accesses are not
 * moved past it by the compiler (the NIC-visibility of WQEs still needs
 * __dpa_thread_memory_writeback() or __dpa_thread_window_writeback() first).
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_outbox_write(uint64_t outbox_base, uint32_t offset,
						       uint64_t value)
{
	__asm__ __volatile__("" : : : "memory");
	*(volatile uint64_t *)(uintptr_t)(outbox_base + offset) = value;
}

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_DPA_ARCH_H */
