/**
 * @file
 * @brief OpenFlexIO — DPA architecture details used by the header-inline device API:
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

/** @brief Version of struct flexio_os_thread_ctx written by the simulator into `version`. @since 24.10 */
#define FLEXIO_OS_THREAD_CTX_VERSION 1

/** @brief Distance from `tp` down to the thread's struct flexio_os_thread_ctx. @since 24.10 */
#define FLEXIO_OS_THREAD_CTX_TP_OFFSET 64

/** @brief The OS thread context a DPA thread finds below `tp` (48 bytes, little-endian). @since 24.01 */
struct flexio_os_thread_ctx {
	uint32_t version;            /**< 0x00 - Layout version (FLEXIO_OS_THREAD_CTX_VERSION). */
	uint16_t outbox_config_id;   /**< 0x04 - Id of the outbox currently configured (0 = none). */
	uint16_t window_config_id;   /**< 0x06 - Id of the window currently configured (0 = none). */
	uint64_t outbox_base;        /**< 0x08 - DPA address of the current outbox page. */
	uint64_t window_base;        /**< 0x10 - DPA address of the window aperture. */
	uint64_t window_config_base; /**< 0x18 - DPA address of the window configuration registers. */
	uint64_t metadata_parameter; /**< 0x20 - DPA address of the thread metadata (argument, TLS, ids). */
#if FLEXIO_DEV_EDITION_2401 && !defined(errno)
	uint32_t errno;              /**< 0x28 - Recoverable error flag, under NVIDIA 24.01's name. */
#define OPENFLEXIO_OS_THREAD_CTX_ERRNO errno /**< Internal: the name of the errno field. */
#else
	uint32_t errno_val;          /**< 0x28 - Recoverable error flag (flexio_dev_get_errno()). */
#define OPENFLEXIO_OS_THREAD_CTX_ERRNO errno_val /**< Internal: the name of the errno field. */
#endif
	uint32_t reserved;           /**< 0x2C - Reserved, zero. */
} __attribute__((aligned(8)));

/** @cond INTERNAL */
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, outbox_config_id) == 0x04, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, outbox_base) == 0x08, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, window_base) == 0x10, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, window_config_base) == 0x18, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, metadata_parameter) == 0x20, "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_os_thread_ctx, OPENFLEXIO_OS_THREAD_CTX_ERRNO) == 0x28,
			 "thread ctx layout");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_os_thread_ctx) == 48, "thread ctx is 48 bytes");

/** @endcond */

#if defined(__riscv)
/**
 * @brief Returns the calling DPA thread's OS thread context (tp - FLEXIO_OS_THREAD_CTX_TP_OFFSET).
 * Valid from the first instruction of the thread's invocation.
 * @return The context.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE struct flexio_os_thread_ctx *flexio_os_get_thread_ctx(void)
{
	uintptr_t tp;

	__asm__("mv %0, tp" : "=r"(tp));
	return (struct flexio_os_thread_ctx *)(tp - FLEXIO_OS_THREAD_CTX_TP_OFFSET);
}
#else
/**
 * @brief Returns the calling thread's OS thread context (host-side unit tests).
 * Other targets (host-side unit tests of the inline helpers): the test harness
 * defines this function and returns a context whose outbox_base points to a
 * buffer standing in for the outbox page.
 * @return The context.
 * @since 24.10
 */
struct flexio_os_thread_ctx *flexio_os_get_thread_ctx(void);
#endif

/* ------------------------------------------------------------------------ */
/* Outbox doorbell registers                                                 */
/* ------------------------------------------------------------------------ */

/** @brief Size of an outbox page. @since 24.10 */
#define FLEXIO_OUTBOX_PAGE_SIZE 0x1000

/** @brief Outbox register offset: CQ doorbell (arm): FLEXIO_OUTBOX_V_CQ_DB(cqn, ci). @since 24.10 */
#define FLEXIO_OUTBOX_CQ_DB 0x100
/** @brief Outbox register offset: EQ doorbell, update the consumer index and re-arm: FLEXIO_OUTBOX_V_EQ_DB(eqn, ci). @since 24.10 */
#define FLEXIO_OUTBOX_EQ_DB_REARM 0x140
/** @brief Outbox register offset: EQ doorbell, update the consumer index without re-arming: FLEXIO_OUTBOX_V_EQ_DB(eqn, ci). @since 24.10 */
#define FLEXIO_OUTBOX_EQ_DB_NO_REARM 0x180
/** @brief Outbox register offset: SQ / QP send doorbell: FLEXIO_OUTBOX_V_SXD_DB(pi, qnum). @since 24.10 */
#define FLEXIO_OUTBOX_SXD_DB 0x1c0
/** @brief Outbox register offset: Emulation doorbell context arm: FLEXIO_OUTBOX_V_EMU_CAP(qnum, emu_ctx_id). @since 24.10 */
#define FLEXIO_OUTBOX_EMU_CAP 0x200
/** @brief Outbox register offset: Emulation doorbell context forced trigger: FLEXIO_OUTBOX_V_EMU_CAP(cqn, emu_ctx_id). @since 24.10 */
#define FLEXIO_OUTBOX_EMU_CAP_TRIGGER 0x240
/** @brief Outbox register offset: Zero-CQE generation on a CQ (RX trigger): FLEXIO_OUTBOX_V_RXT_DB(cqn). @since 24.10 */
#define FLEXIO_OUTBOX_RXT_DB 0x280
/** @brief Outbox register offset: Congestion-control doorbell, low 64 bits: FLEXIO_OUTBOX_V_CC_DB(...). @since 24.10 */
#define FLEXIO_OUTBOX_CC_DB 0x340
/** @brief Outbox register offset: Congestion-control doorbell, high 64 bits (raw, caller-defined layout). @since 24.10 */
#define FLEXIO_OUTBOX_CC_DB_MSB 0x348

/**
 * @brief CQ arm value: CQ number in bits 23..0, consumer index (24 bits) in bits 55..32.
 * @param cqn The CQ number.
 * @param ci The consumer index.
 * @return The 64-bit register value.
 * @since 24.10
 */
#define FLEXIO_OUTBOX_V_CQ_DB(cqn, ci) \
	(((uint64_t)(cqn) & 0xFFFFFFULL) | (((uint64_t)(ci) & 0xFFFFFFULL) << 32))
/**
 * @brief EQ consumer-index value: EQ number in bits 23..0, consumer index (24 bits) in bits 55..32.
 * @param eqn The EQ number.
 * @param ci The consumer index.
 * @return The 64-bit register value.
 * @since 24.10
 */
#define FLEXIO_OUTBOX_V_EQ_DB(eqn, ci) \
	(((uint64_t)(eqn) & 0xFFFFFFULL) | (((uint64_t)(ci) & 0xFFFFFFULL) << 32))
/**
 * @brief Send doorbell value: WQE index (producer counter) in bits 15..0, SQ/QP number in bits 55..32.
 * @param pi The WQE index (producer counter).
 * @param qnum The SQ or QP number.
 * @return The 64-bit register value.
 * @since 24.10
 */
#define FLEXIO_OUTBOX_V_SXD_DB(pi, qnum) \
	(((uint64_t)(pi) & 0xFFFFULL) | (((uint64_t)(qnum) & 0xFFFFFFULL) << 32))
/**
 * @brief Emulation context value: queue/CQ number in bits 23..0, emulation context id in bits 63..32.
 * @param qnum The queue or CQ number.
 * @param emu_ctx_id The emulation context id.
 * @return The 64-bit register value.
 * @since 24.10
 */
#define FLEXIO_OUTBOX_V_EMU_CAP(qnum, emu_ctx_id) \
	(((uint64_t)(qnum) & 0xFFFFFFULL) | (((uint64_t)(emu_ctx_id) & 0xFFFFFFFFULL) << 32))
/**
 * @brief Zero-CQE value: CQ number in bits 23..0, other bits zero.
 * @param cqn The CQ number.
 * @return The 64-bit register value.
 * @since 24.10
 */
#define FLEXIO_OUTBOX_V_RXT_DB(cqn) ((uint64_t)(cqn) & 0xFFFFFFULL)
/**
 * @brief Congestion-control value (the hardware's CC_DB layout, struct
 * dpa_outbox_v9_reg_CC_DB_rbits below): rate (1/rate) in bits 31..0, RTT
 * request flag (bit 0 of rtt_req) in bit 32, next action
 * (flexio_dev_cc_db_next_act_t) in bits 35..34, CC queue id in bits 63..48.
 * @param ccq_id The CC queue id.
 * @param rate The rate (1/rate).
 * @param rtt_req The RTT measurement request flag.
 * @param next_act The next action.
 * @return The 64-bit register value.
 * @since 24.10
 */
#define FLEXIO_OUTBOX_V_CC_DB(ccq_id, rate, rtt_req, next_act)                                 \
	(((uint64_t)(rate) & 0xFFFFFFFFULL) | (((uint64_t)(rtt_req) & 0x1ULL) << 32) |         \
	 (((uint64_t)(next_act) & 0x3ULL) << 34) | (((uint64_t)(ccq_id) & 0xFFFFULL) << 48))

/**
 * @brief Writes a value to an outbox register: one aligned 64-bit store.
 * @param outbox_base The DPA address of the outbox page.
 * @param offset The register's offset (FLEXIO_OUTBOX_*).
 * @param value The value (FLEXIO_OUTBOX_V_*).
 * @since 24.10
 *  Earlier memory accesses are not
 * moved past it by the compiler (the NIC-visibility of WQEs still needs
 * __dpa_thread_memory_writeback() or __dpa_thread_window_writeback() first).
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_outbox_write(uint64_t outbox_base, uint32_t offset,
						       uint64_t value)
{
	__asm__ __volatile__("" : : : "memory");
	*(volatile uint64_t *)(uintptr_t)(outbox_base + offset) = value;
}

/* ------------------------------------------------------------------------ */
/* The outbox page and its registers, as NVIDIA's headers describe them      */
/* ------------------------------------------------------------------------ */

/** @brief A 64-bit value written to an outbox register. @since 24.01 */
typedef uint64_t dpa_outbox_value_t;
/** @brief A 64-bit value written to a window register. @since 24.01 */
typedef uint64_t dpa_window_value_t;

/**
 * @brief The outbox page (4 KiB, little-endian): one 64-bit register every 64 bytes
 * or so; the names are the hardware's.  Offsets in bytes: CQ_DB 0x100,
 * EQ_DB_REARM 0x140, EQ_DB_NO_REARM 0x180, SXD_DB 0x1c0, EMU_CAP 0x200,
 * EMU_CAP_TRIGGER 0x240, RXT_DB 0x280, CC_DB 0x340 (the FLEXIO_OUTBOX_* offsets
 * above).  The reserved_at_N names give N as a bit offset.
 * @since 24.01
 */
struct dpa_outbox9_u_page_le {
	uint64_t UCTL; /**< 0x000 */
	unsigned char reserved_at_40[56]; /**< Reserved. */
	uint64_t BUFFER; /**< 0x040 */
	unsigned char reserved_at_240[184]; /**< Reserved. */
	uint64_t CQ_DB;                    /**< 0x100 - CQ arm. */
	unsigned char reserved_at_840[56]; /**< Reserved. */
	uint64_t EQ_DB_REARM;              /**< 0x140 - EQ consumer index, re-arm. */
	unsigned char reserved_at_a40[56]; /**< Reserved. */
	uint64_t EQ_DB_NO_REARM;           /**< 0x180 - EQ consumer index. */
	unsigned char reserved_at_c40[56]; /**< Reserved. */
	uint64_t SXD_DB;                   /**< 0x1c0 - SQ/QP send doorbell. */
	unsigned char reserved_at_e40[56]; /**< Reserved. */
	uint64_t EMU_CAP;                  /**< 0x200 - emulation context arm. */
	unsigned char reserved_at_1040[56]; /**< Reserved. */
	uint64_t EMU_CAP_TRIGGER;          /**< 0x240 - emulation context trigger. */
	unsigned char reserved_at_1240[56]; /**< Reserved. */
	uint64_t RXT_DB;                   /**< 0x280 - zero CQE (MSI-X). */
	unsigned char reserved_at_1440[56]; /**< Reserved. */
	uint64_t RXT_DONE0; /**< 0x2c0 */
	uint64_t RXT_DONE1; /**< 0x2c8 */
	unsigned char reserved_at_1680[48]; /**< Reserved. */
	uint64_t RXC_RD; /**< 0x300 */
	unsigned char reserved_at_1840[56]; /**< Reserved. */
	uint64_t CC_DB;                    /**< 0x340 - congestion control. */
	unsigned char reserved_at_1a40[3192]; /**< Reserved. */
	uint64_t SW_RESERVE; /**< 0xfc0 */
	unsigned char reserved_at_7e40[56]; /**< Reserved. */
};
/** @brief The outbox page type of the queue helpers. @since 24.01 */
typedef struct dpa_outbox9_u_page_le dpa_outbox_u_page_t;

/*
 * Bit maps of the registers: one char per bit, so a field's offset in the
 * structure is its first bit in the 64-bit value (the *_SHIFT macros below).
 */

/** @brief Register bit map, CQ_DB: arm CQ cqn at consumer index cq_ci. @since 24.01 */
struct dpa_outbox_v9_reg_CQ_DB_rbits {
	unsigned char cqn[0x18]; /**< CQ number. */
	unsigned char reserved_at_18[0x8]; /**< Reserved. */
	unsigned char cq_ci[0x18]; /**< CQ consumer index. */
	unsigned char reserved_at_38[0x8]; /**< Reserved. */
};

/** @brief Register bit map, EQ_DB_NO_REARM: EQ eqn consumed up to eq_ci. @since 24.01 */
struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits {
	unsigned char eqn[0x18]; /**< EQ number. */
	unsigned char reserved_at_18[0x8]; /**< Reserved. */
	unsigned char eq_ci[0x1a]; /**< EQ consumer index. */
	unsigned char reserved_at_3a[0x6]; /**< Reserved. */
};

/** @brief Register bit map, SXD_DB: send doorbell of SQ or QP qp_or_sq at WQE index wqe_index. @since 24.01 */
struct dpa_outbox_v9_reg_SXD_DB_rbits {
	unsigned char wqe_index[0x10]; /**< WQE index (producer counter). */
	unsigned char reserved_at_10[0x10]; /**< Reserved. */
	unsigned char qp_or_sq[0x18]; /**< SQ or QP number. */
	unsigned char reserved_at_38[0x8]; /**< Reserved. */
};

/** @brief Register bit map, RXT_DB: a zero CQE on CQ cqn (which may raise an MSI-X on the host). @since 24.01 */
struct dpa_outbox_v9_reg_RXT_DB_rbits {
	unsigned char cqn[0x18]; /**< CQ number. */
	unsigned char reserved_at_18[0x8]; /**< Reserved. */
	unsigned char reserved_at_20[0x20]; /**< Reserved. */
};

/** @brief Register bit map, CC_DB: congestion control of CC queue ccq_id. @since 24.01 */
struct dpa_outbox_v9_reg_CC_DB_rbits {
	unsigned char ccq_res[0x20];       /**< 1/rate */
	unsigned char rttrq[0x1];          /**< RTT measurement request */
	unsigned char reserved_at_21[0x1]; /**< Reserved. */
	unsigned char nxt_act[0x2];        /**< next action (flexio_dev_cc_db_next_act_t) */
	unsigned char reserved_at_24[0xc]; /**< Reserved. */
	unsigned char ccq_id[0x10]; /**< CC queue id. */
};

/** @brief One bit of a register bit map. @since 24.01 */
typedef unsigned char pseudo_bit_t;

/** @brief Register bit map, EMU_CAP: arm emulation context emulation_index for queue dummy_qpn. @since 24.01 */
struct dpa_outbox_v9_reg_EMU_CAP_rbits {
	pseudo_bit_t dummy_qpn[0x18]; /**< Queue (or CQ) number. */
	pseudo_bit_t reserved_at_18[0x8]; /**< Reserved. */
	pseudo_bit_t emulation_index[0x1a]; /**< Emulation context id. */
	pseudo_bit_t reserved_at_3a[0x6]; /**< Reserved. */
};

/** @brief Register bit map, EMU_CAP_TRIGGER: trigger emulation context emulation_index on CQ dummy_qpn. @since 24.01 */
struct dpa_outbox_v9_reg_EMU_CAP_TRIGGER_rbits {
	pseudo_bit_t dummy_qpn[0x18]; /**< Queue (or CQ) number. */
	pseudo_bit_t reserved_at_18[0x8]; /**< Reserved. */
	pseudo_bit_t emulation_index[0x1a]; /**< Emulation context id. */
	pseudo_bit_t reserved_at_3a[0x6]; /**< Reserved. */
};

/* First bit of each register field. */
/** @brief First bit of field cqn in struct dpa_outbox_v9_reg_CQ_DB_rbits. @since 24.01 */
#define CQ_DB_CQN_SHIFT offsetof(struct dpa_outbox_v9_reg_CQ_DB_rbits, cqn)
/** @brief First bit of field cq_ci in struct dpa_outbox_v9_reg_CQ_DB_rbits. @since 24.01 */
#define CQ_DB_CQ_CI_SHIFT offsetof(struct dpa_outbox_v9_reg_CQ_DB_rbits, cq_ci)
/** @brief First bit of field eqn in struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits. @since 24.01 */
#define EQ_DB_REARM_EQN_SHIFT offsetof(struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits, eqn)
/** @brief First bit of field eq_ci in struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits. @since 24.01 */
#define EQ_DB_REARM_EQ_CI_SHIFT offsetof(struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits, eq_ci)
/** @brief First bit of field eqn in struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits. @since 24.01 */
#define EQ_DB_NO_REARM_EQN_SHIFT offsetof(struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits, eqn)
/** @brief First bit of field eq_ci in struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits. @since 24.01 */
#define EQ_DB_NO_REARM_EQ_CI_SHIFT offsetof(struct dpa_outbox_v9_reg_EQ_DB_NO_REARM_rbits, eq_ci)
/** @brief First bit of field wqe_index in struct dpa_outbox_v9_reg_SXD_DB_rbits. @since 24.01 */
#define SXD_DB_WQE_INDEX_SHIFT offsetof(struct dpa_outbox_v9_reg_SXD_DB_rbits, wqe_index)
/** @brief First bit of field qp_or_sq in struct dpa_outbox_v9_reg_SXD_DB_rbits. @since 24.01 */
#define SXD_DB_QP_OR_SQ_SHIFT offsetof(struct dpa_outbox_v9_reg_SXD_DB_rbits, qp_or_sq)
/** @brief First bit of field cqn in struct dpa_outbox_v9_reg_RXT_DB_rbits. @since 24.01 */
#define RXT_DB_CQN_SHIFT offsetof(struct dpa_outbox_v9_reg_RXT_DB_rbits, cqn)
/** @brief First bit of field ccq_res in struct dpa_outbox_v9_reg_CC_DB_rbits. @since 24.01 */
#define CC_DB_RES_SHIFT offsetof(struct dpa_outbox_v9_reg_CC_DB_rbits, ccq_res)
/** @brief First bit of field ccq_id in struct dpa_outbox_v9_reg_CC_DB_rbits. @since 24.01 */
#define CC_DB_ID_SHIFT offsetof(struct dpa_outbox_v9_reg_CC_DB_rbits, ccq_id)
/** @brief First bit of field nxt_act in struct dpa_outbox_v9_reg_CC_DB_rbits. @since 24.01 */
#define CC_DB_NXT_ACT_SHIFT offsetof(struct dpa_outbox_v9_reg_CC_DB_rbits, nxt_act)
/** @brief First bit of field rttrq in struct dpa_outbox_v9_reg_CC_DB_rbits. @since 24.01 */
#define CC_DB_RTTRQ_SHIFT offsetof(struct dpa_outbox_v9_reg_CC_DB_rbits, rttrq)
/** @brief First bit of field dummy_qpn in struct dpa_outbox_v9_reg_EMU_CAP_rbits. @since 24.01 */
#define EMU_CAP_DUMMY_QPN_SHIFT offsetof(struct dpa_outbox_v9_reg_EMU_CAP_rbits, dummy_qpn)
/** @brief First bit of field emulation_index in struct dpa_outbox_v9_reg_EMU_CAP_rbits. @since 24.01 */
#define EMU_CAP_EMULATION_INDEX_SHIFT offsetof(struct dpa_outbox_v9_reg_EMU_CAP_rbits, emulation_index)
/** @brief First bit of field dummy_qpn in struct dpa_outbox_v9_reg_EMU_CAP_TRIGGER_rbits. @since 24.01 */
#define EMU_CAP_TRIGGER_DUMMY_QPN_SHIFT offsetof(struct dpa_outbox_v9_reg_EMU_CAP_TRIGGER_rbits, dummy_qpn)
/** @brief First bit of field emulation_index in struct dpa_outbox_v9_reg_EMU_CAP_TRIGGER_rbits. @since 24.01 */
#define EMU_CAP_TRIGGER_EMULATION_INDEX_SHIFT \
	offsetof(struct dpa_outbox_v9_reg_EMU_CAP_TRIGGER_rbits, emulation_index)

/**
 * @brief A register value made of 1 field, each shifted to its first bit.
 * @param v1 Value of field 1.
 * @param s1 First bit of field 1 (a *_SHIFT macro).
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_VALUE1(v1, s1) (((dpa_outbox_value_t)(v1)) << (s1))
/**
 * @brief A register value made of 2 fields, each shifted to its first bit.
 * @param v1 Value of field 1.
 * @param s1 First bit of field 1 (a *_SHIFT macro).
 * @param v2 Value of field 2.
 * @param s2 First bit of field 2 (a *_SHIFT macro).
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_VALUE2(v1, s1, v2, s2) (OUTBOX_VALUE1(v1, s1) | OUTBOX_VALUE1(v2, s2))
/**
 * @brief A register value made of 3 fields, each shifted to its first bit.
 * @param v1 Value of field 1.
 * @param s1 First bit of field 1 (a *_SHIFT macro).
 * @param v2 Value of field 2.
 * @param s2 First bit of field 2 (a *_SHIFT macro).
 * @param v3 Value of field 3.
 * @param s3 First bit of field 3 (a *_SHIFT macro).
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_VALUE3(v1, s1, v2, s2, v3, s3) (OUTBOX_VALUE2(v1, s1, v2, s2) | OUTBOX_VALUE1(v3, s3))
/**
 * @brief A register value made of 4 fields, each shifted to its first bit.
 * @param v1 Value of field 1.
 * @param s1 First bit of field 1 (a *_SHIFT macro).
 * @param v2 Value of field 2.
 * @param s2 First bit of field 2 (a *_SHIFT macro).
 * @param v3 Value of field 3.
 * @param s3 First bit of field 3 (a *_SHIFT macro).
 * @param v4 Value of field 4.
 * @param s4 First bit of field 4 (a *_SHIFT macro).
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_VALUE4(v1, s1, v2, s2, v3, s3, v4, s4) \
	(OUTBOX_VALUE3(v1, s1, v2, s2, v3, s3) | OUTBOX_VALUE1(v4, s4))

/**
 * @brief The value of register CQ_DB (arm a CQ); the same encoding as FLEXIO_OUTBOX_V_*.
 * @param cqn The CQ number.
 * @param cq_ci The consumer index.
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_V_CQ_DB(cqn, cq_ci) OUTBOX_VALUE2(cqn, CQ_DB_CQN_SHIFT, cq_ci, CQ_DB_CQ_CI_SHIFT)
/**
 * @brief The value of register RXT_DB (a zero CQE); the same encoding as FLEXIO_OUTBOX_V_*.
 * @param cqn The CQ number.
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_V_RXT_DB(cqn) OUTBOX_VALUE1(cqn, RXT_DB_CQN_SHIFT)
/**
 * @brief The value of register CC_DB (congestion control); the same encoding as FLEXIO_OUTBOX_V_*.
 * @param res The rate (1/rate).
 * @param id The CC queue id.
 * @param nxt_act The next action.
 * @param rttrq The RTT measurement request flag.
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_V_CC_DB(res, id, nxt_act, rttrq)                                              \
	OUTBOX_VALUE4(res, CC_DB_RES_SHIFT, id, CC_DB_ID_SHIFT, nxt_act, CC_DB_NXT_ACT_SHIFT, \
		      rttrq, CC_DB_RTTRQ_SHIFT)
/**
 * @brief The value of register EQ_DB_REARM (EQ consumer index, re-arm); the same encoding as FLEXIO_OUTBOX_V_*.
 * @param eqn The EQ number.
 * @param eq_ci The consumer index.
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_V_EQ_DB_REARM(eqn, eq_ci) \
	OUTBOX_VALUE2(eqn, EQ_DB_REARM_EQN_SHIFT, eq_ci, EQ_DB_REARM_EQ_CI_SHIFT)
/**
 * @brief The value of register EQ_DB_NO_REARM (EQ consumer index); the same encoding as FLEXIO_OUTBOX_V_*.
 * @param eqn The EQ number.
 * @param eq_ci The consumer index.
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_V_EQ_DB_NO_REARM(eqn, eq_ci) \
	OUTBOX_VALUE2(eqn, EQ_DB_NO_REARM_EQN_SHIFT, eq_ci, EQ_DB_NO_REARM_EQ_CI_SHIFT)
/**
 * @brief The value of register SXD_DB (send doorbell); the same encoding as FLEXIO_OUTBOX_V_*.
 * @param wqe_index The WQE index (producer counter).
 * @param qp_or_sq The SQ or QP number.
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_V_SXD_DB(wqe_index, qp_or_sq) \
	OUTBOX_VALUE2(wqe_index, SXD_DB_WQE_INDEX_SHIFT, qp_or_sq, SXD_DB_QP_OR_SQ_SHIFT)
/**
 * @brief The value of register EMU_CAP_TRIGGER (trigger an emulation context); the same encoding as FLEXIO_OUTBOX_V_*.
 * @param dummy_qpn The CQ number.
 * @param emulation_index The emulation context id.
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_V_EMU_CAP_TRIGGER(dummy_qpn, emulation_index)                           \
	OUTBOX_VALUE2(dummy_qpn, EMU_CAP_TRIGGER_DUMMY_QPN_SHIFT, emulation_index, \
		      EMU_CAP_TRIGGER_EMULATION_INDEX_SHIFT)
/**
 * @brief The value of register EMU_CAP (arm an emulation context); the same encoding as FLEXIO_OUTBOX_V_*.
 * @param dummy_qpn The queue number.
 * @param emulation_index The emulation context id.
 * @return The value (dpa_outbox_value_t).
 * @since 24.01
 */
#define OUTBOX_V_EMU_CAP(dummy_qpn, emulation_index) \
	OUTBOX_VALUE2(dummy_qpn, EMU_CAP_DUMMY_QPN_SHIFT, emulation_index, EMU_CAP_EMULATION_INDEX_SHIFT)

/**
 * @brief The address of a register in an outbox page.
 * @param outbox_page_ptr The DPA address of the outbox page.
 * @param name The register (a member of struct dpa_outbox9_u_page_le: CQ_DB, SXD_DB, ...).
 * @return A dpa_outbox_value_t pointer to the register.
 * @since 24.01
 */
#define OUTBOX_PAGE_FIELD_PTR(outbox_page_ptr, name) \
	((dpa_outbox_value_t *)(&(((dpa_outbox_u_page_t *)(uintptr_t)(outbox_page_ptr))->name)))

/**
 * @brief Writes a value to a register of an outbox page: one aligned 64-bit store.
 * @param ptr The register (OUTBOX_PAGE_FIELD_PTR()).
 * @param value The value.
 * @since 24.01
 */
static inline void __outbox_write(dpa_outbox_value_t *ptr, dpa_outbox_value_t value)
{
	__asm__ __volatile__("" : : : "memory");
	*(volatile dpa_outbox_value_t *)ptr = value;
}

#if defined(__riscv)
/**
 * @brief Writes a value to a register of the outbox page.
 * Device code only: on the host (the simulator builds with this header) the
 * name stays free.
 * @param outbox_page_ptr The DPA address of the outbox page.
 * @param name The register (CQ_DB, SXD_DB, ...).
 * @param value The value.
 * @since 24.01
 */
#define outbox_write(outbox_page_ptr, name, value) \
	__outbox_write(OUTBOX_PAGE_FIELD_PTR(outbox_page_ptr, name), (dpa_outbox_value_t)(value))
#endif

/** @cond INTERNAL */
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct dpa_outbox9_u_page_le) == FLEXIO_OUTBOX_PAGE_SIZE, "outbox page is 4 KiB");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct dpa_outbox9_u_page_le, CQ_DB) == FLEXIO_OUTBOX_CQ_DB, "CQ_DB offset");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct dpa_outbox9_u_page_le, SXD_DB) == FLEXIO_OUTBOX_SXD_DB, "SXD_DB offset");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct dpa_outbox9_u_page_le, RXT_DB) == FLEXIO_OUTBOX_RXT_DB, "RXT_DB offset");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct dpa_outbox9_u_page_le, CC_DB) == FLEXIO_OUTBOX_CC_DB, "CC_DB offset");
/** @endcond */

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_DPA_ARCH_H */
