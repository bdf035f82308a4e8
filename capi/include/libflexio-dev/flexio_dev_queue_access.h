/**
 * @file
 * @brief OpenFlexIO — Flex IO SDK dev queue access: reading completions and events,
 * building work requests, ringing doorbells.
 *
 * A typical event handler polls its CQ (flexio_dev_cqe_get_owner() until the
 * CQE is in software ownership), reads the CQE (byte count, WQE counter, ...),
 * builds send WQEs segment by segment (flexio_dev_swqe_seg_*_set(), the
 * control segment first), writes them back (__dpa_thread_memory_writeback()),
 * rings the SQ doorbell (flexio_dev_qp_sq_ring_db()), updates the CQ doorbell
 * record (flexio_dev_dbr_cq_set_ci() + writeback), re-arms the CQ
 * (flexio_dev_cq_arm()) and ends with flexio_dev_thread_reschedule().
 *
 * Doorbells are 64-bit stores into the calling thread's outbox page (the
 * outbox selected with flexio_dev_outbox_config(); see
 * <libflexio-dev/flexio_dev_dpa_arch.h> for the registers and encodings).
 *
 * Releases:
 *   - 24.10 and later (NVIDIA 25.1): every helper is header-inline
 *     (FLEXIO_DEV_ALWAYS_INLINE, no symbol); doorbells need no thread context;
 *   - 24.x (NVIDIA 24.01): every helper is header-inline (static inline);
 *     doorbells take the thread context first and return flexio_dev_status_t;
 *   - 23.x: the doorbell helpers (thread context first), the WQE builders and
 *     the doorbell-record helpers are functions of libflexio_dev; the CQE/EQE/
 *     RWQE getters are header-inline.
 * The control-segment types (flexio_ctrl_seg_t) have NVIDIA 24.01's values up
 * to 24.x and NVIDIA 25.1's from 24.10 on.
 *
 * Alignment: queue elements live in queue rings, so a CQE, mini-CQE array or EQE
 * pointer must be 64-byte aligned and a WQE segment pointer 16-byte aligned;
 * the helpers access whole aligned fields (the DPA faults on misaligned
 * accesses).
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_QUEUE_ACCESS_H
#define OPENFLEXIO_FLEXIO_DEV_QUEUE_ACCESS_H

#include <stddef.h>
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_dpa_arch.h>
#include <libflexio-dev/flexio_dev_endianity.h>
#include <libflexio-dev/flexio_dev_queue_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Enumerations                                                              */
/* ------------------------------------------------------------------------ */

/** WQE control segment opcode modifiers of the local MMO opcode. */
enum {
	MLX5_CTRL_SEGMENT_OPC_MOD_LOCAL_MMO_TRANSPOSE = 0x0, /**< Matrix transpose. */
	MLX5_CTRL_SEGMENT_OPC_MOD_LOCAL_MMO_LOCAL_DMA = 0x1, /**< Local DMA. */
};

#if !FLEXIO_DEV_LAYOUTS_2401
/** WQE control segment opcode modifier of the wait opcode. */
enum {
	MLX5_CTRL_SEGMENT_OPC_MOD_WAIT_ON_DATA = 0x1, /**< Wait on data. */
};
#endif

/** WQE control segment opcodes (mlx5). */
enum {
	MLX5_CTRL_SEG_OPCODE_NOP = 0x0,
	MLX5_CTRL_SEG_OPCODE_SND_INV = 0x1,
	MLX5_CTRL_SEG_OPCODE_RDMA_WRITE = 0x8,
	MLX5_CTRL_SEG_OPCODE_RDMA_WRITE_WITH_IMMEDIATE = 0x9,
	MLX5_CTRL_SEG_OPCODE_SEND = 0xa,
	MLX5_CTRL_SEG_OPCODE_SEND_WITH_IMMEDIATE = 0xb,
	MLX5_CTRL_SEG_OPCODE_LSO = 0xe,
	MLX5_CTRL_SEG_OPCODE_WAIT = 0xf,
	MLX5_CTRL_SEG_OPCODE_RDMA_READ = 0x10,
	MLX5_CTRL_SEG_OPCODE_ATOMIC_COMPARE_AND_SWAP = 0x11,
	MLX5_CTRL_SEG_OPCODE_ATOMIC_FETCH_AND_ADD = 0x12,
	MLX5_CTRL_SEG_OPCODE_ATOMIC_MASKED_COMPARE_AND_SWAP = 0x14,
	MLX5_CTRL_SEG_OPCODE_ATOMIC_MASKED_FETCH_AND_ADD = 0x15,
	MLX5_CTRL_SEG_OPCODE_RECEIVE_EN = 0x16,
	MLX5_CTRL_SEG_OPCODE_SEND_EN = 0x17,
	MLX5_CTRL_SEG_OPCODE_SET_PSV = 0x20,
	MLX5_CTRL_SEG_OPCODE_GET_PSV = 0x21,
	MLX5_CTRL_SEG_OPCODE_CHECK_PSV = 0x22,
	MLX5_CTRL_SEG_OPCODE_DUMP = 0x23,
	MLX5_CTRL_SEG_OPCODE_UMR = 0x25,
	MLX5_CTRL_SEG_OPCODE_RGET_PSV = 0x26,
	MLX5_CTRL_SEG_OPCODE_RCHECK_PSV = 0x27,
	MLX5_CTRL_SEG_OPCODE_TAG_MATCHING = 0x28,
	MLX5_CTRL_SEG_OPCODE_ENHANCED_MPSW = 0x29,
	MLX5_CTRL_SEG_OPCODE_QOS_REMAP = 0x2a,
	MLX5_CTRL_SEG_OPCODE_FLOW_TABLE_ACCESS = 0x2c,
	MLX5_CTRL_SEG_OPCODE_ACCESS_ASO = 0x2d,
	MLX5_CTRL_SEG_OPCODE_MMO = 0x2f,
	MLX5_CTRL_SEG_OPCODE_LOAD_REMOTE_MICRO_APP = 0x30,
	MLX5_CTRL_SEG_OPCODE_STORE_REMOTE_MICRO_APP = 0x31,
	MLX5_CTRL_SEG_OPCODE_LOCAL_MMO = 0x32,
};

#if FLEXIO_DEV_LAYOUTS_2401

/** Flex IO dev WQE control segment types (the kind of WQE a control segment starts). */
typedef enum flexio_ctrl_seg_t {
	FLEXIO_CTRL_SEG_SEND_EN = 0,                 /**< Ethernet send: ctrl + eth + data (3 segments). */
	FLEXIO_CTRL_SEG_SEND_RC = 1,                 /**< Send on a connected QP: ctrl + data (2). */
	FLEXIO_CTRL_SEG_LDMA = 2,                    /**< Local DMA (local MMO): 4 segments. */
	FLEXIO_CTRL_SEG_RDMA_WRITE = 3,              /**< RDMA write: ctrl + rdma + data (3). */
	FLEXIO_CTRL_SEG_RDMA_READ = 4,               /**< RDMA read: ctrl + rdma + data (3). */
	FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP = 5, /**< Atomic CAS: ctrl + rdma + atomic + data (4). */
	FLEXIO_CTRL_SEG_LSO = 6,                     /**< Large send offload: 4 segments. */
	FLEXIO_CTRL_SEG_NOP = 7,                     /**< No operation: ctrl only (1). */
	FLEXIO_CTRL_SEG_RDMA_WRITE_IMM = 8,          /**< RDMA write with immediate (3); immediate in general_id. */
	FLEXIO_CTRL_SEG_TRANSPOSE = 9,               /**< Matrix transpose (local MMO): 4 segments. */
} flexio_ctrl_seg_t;

/** Flex IO dev congestion control next action types (flexio_dev_cc_ring_db()). */
typedef enum flexio_dev_cc_db_next_act_t {
	CC_DB_NEXT_ACT_SINGLE = 0x0,   /**< Handle a single event. */
	CC_DB_NEXT_ACT_MULTIPLE = 0x1, /**< Handle multiple events. */
	CC_DB_NEXT_ACT_FW = 0x2,       /**< Pass to firmware. */
} flexio_dev_cc_db_next_act_t;

#else

/** Flex IO dev WQE control segment types (the kind of WQE a control segment starts). */
enum flexio_ctrl_seg {
	FLEXIO_CTRL_SEG_SEND_EN = 0,                  /**< Ethernet send: ctrl + eth + data (3 segments). */
	FLEXIO_CTRL_SEG_SEND_RC = 1,                  /**< Send on a connected QP: ctrl + data (2). */
	FLEXIO_CTRL_SEG_SEND_UC = 1,                  /**< The same control segment as SEND_RC. */
	FLEXIO_CTRL_SEG_SEND_UD = 2,                  /**< Datagram send: ctrl + address vector + data (3). */
	FLEXIO_CTRL_SEG_LDMA = 3,                     /**< Local DMA (local MMO): 4 segments. */
	FLEXIO_CTRL_SEG_RDMA_WRITE = 4,               /**< RDMA write: ctrl + rdma + data (3). */
	FLEXIO_CTRL_SEG_RDMA_READ = 5,                /**< RDMA read: ctrl + rdma + data (3). */
	FLEXIO_CTRL_SEG_LSO = 6,                      /**< Large send offload: 4 segments. */
	FLEXIO_CTRL_SEG_NOP = 7,                      /**< No operation: ctrl only (1). */
	FLEXIO_CTRL_SEG_RDMA_WRITE_IMM = 8,           /**< RDMA write with immediate (3); immediate in general_id. */
	FLEXIO_CTRL_SEG_TRANSPOSE = 9,                /**< Matrix transpose (local MMO): 4 segments. */
	FLEXIO_CTRL_SEG_WAIT_ON_DATA = 10,            /**< Wait on data: ctrl + wait + wait data (3). */
	FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP = 11, /**< Atomic CAS: ctrl + rdma + atomic + data (4). */
	FLEXIO_CTRL_SEG_ATOMIC_FETCH_AND_ADD = 12,    /**< Atomic fetch-and-add: 4 segments. */
#if FLEXIO_DEV_EDITION_26
	/* The 26.x names of the same types. */
	FLEXIO_CTRL_SEG_TYPE_SEND_EN = FLEXIO_CTRL_SEG_SEND_EN,
	FLEXIO_CTRL_SEG_TYPE_SEND_RC = FLEXIO_CTRL_SEG_SEND_RC,
	FLEXIO_CTRL_SEG_TYPE_SEND_UC = FLEXIO_CTRL_SEG_SEND_UC,
	FLEXIO_CTRL_SEG_TYPE_SEND_UD = FLEXIO_CTRL_SEG_SEND_UD,
	FLEXIO_CTRL_SEG_TYPE_LDMA = FLEXIO_CTRL_SEG_LDMA,
	FLEXIO_CTRL_SEG_TYPE_RDMA_WRITE = FLEXIO_CTRL_SEG_RDMA_WRITE,
	FLEXIO_CTRL_SEG_TYPE_RDMA_READ = FLEXIO_CTRL_SEG_RDMA_READ,
	FLEXIO_CTRL_SEG_TYPE_LSO = FLEXIO_CTRL_SEG_LSO,
	FLEXIO_CTRL_SEG_TYPE_NOP = FLEXIO_CTRL_SEG_NOP,
	FLEXIO_CTRL_SEG_TYPE_RDMA_WRITE_IMM = FLEXIO_CTRL_SEG_RDMA_WRITE_IMM,
	FLEXIO_CTRL_SEG_TYPE_TRANSPOSE = FLEXIO_CTRL_SEG_TRANSPOSE,
	FLEXIO_CTRL_SEG_TYPE_WAIT_ON_DATA = FLEXIO_CTRL_SEG_WAIT_ON_DATA,
	FLEXIO_CTRL_SEG_TYPE_ATOMIC_COMPARE_AND_SWAP = FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP,
	FLEXIO_CTRL_SEG_TYPE_ATOMIC_FETCH_AND_ADD = FLEXIO_CTRL_SEG_ATOMIC_FETCH_AND_ADD,
#endif
};

/** Flex IO dev congestion control next action types (flexio_dev_cc_ring_db()). */
enum flexio_dev_cc_db_next_act {
	CC_DB_NEXT_ACT_SINGLE = 0x0,   /**< Handle a single event. */
	CC_DB_NEXT_ACT_MULTIPLE = 0x1, /**< Handle multiple events. */
	CC_DB_NEXT_ACT_FW = 0x2,       /**< Pass to firmware. */
};

/** The types under their older typedef names. */
typedef enum flexio_dev_cc_db_next_act flexio_dev_cc_db_next_act_t;
typedef enum flexio_ctrl_seg flexio_ctrl_seg_t;

#endif

/* ------------------------------------------------------------------------ */
/* Internal helpers (every release; also used by libflexio_dev)              */
/* ------------------------------------------------------------------------ */

/* Internal: volatile loads of an aligned field at byte offset @off of @base. */
FLEXIO_DEV_ALWAYS_INLINE uint8_t __flexio_dev_ld8(const void *base, size_t off)
{
	return *(const volatile uint8_t *)((const char *)base + off);
}

FLEXIO_DEV_ALWAYS_INLINE uint16_t __flexio_dev_ld_be16(const void *base, size_t off)
{
	return be16_to_cpu(*(const volatile uint16_t *)((const char *)base + off));
}

FLEXIO_DEV_ALWAYS_INLINE uint32_t __flexio_dev_ld_be32(const void *base, size_t off)
{
	return be32_to_cpu(*(const volatile uint32_t *)((const char *)base + off));
}

FLEXIO_DEV_ALWAYS_INLINE uint64_t __flexio_dev_ld64_raw(const void *base, size_t off)
{
	return *(const volatile uint64_t *)((const char *)base + off);
}

/* Internal: plain stores of an aligned field at byte offset @off of @base. */
FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_st8(void *base, size_t off, uint8_t v)
{
	*(uint8_t *)((char *)base + off) = v;
}

FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_st_be16(void *base, size_t off, uint16_t v)
{
	*(uint16_t *)(void *)((char *)base + off) = cpu_to_be16(v);
}

FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_st32_raw(void *base, size_t off, uint32_t v)
{
	*(uint32_t *)(void *)((char *)base + off) = v;
}

FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_st_be32(void *base, size_t off, uint32_t v)
{
	*(uint32_t *)(void *)((char *)base + off) = cpu_to_be32(v);
}

FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_st_be64(void *base, size_t off, uint64_t v)
{
	*(uint64_t *)(void *)((char *)base + off) = cpu_to_be64(v);
}

/* Internal: body of flexio_dev_swqe_seg_ctrl_set() (see there); FAILED for an unknown type. */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t __flexio_dev_swqe_ctrl_fill(union flexio_dev_sqe_seg *swqe,
									uint32_t sq_pi, uint32_t sq_number,
									uint32_t ce, flexio_ctrl_seg_t ctrl_seg_type)
{
	uint32_t opcode, opmod = 0, ds;

	switch (ctrl_seg_type) {
	case FLEXIO_CTRL_SEG_SEND_EN:
		opcode = MLX5_CTRL_SEG_OPCODE_SEND;
		ds = 3;
		break;
	case FLEXIO_CTRL_SEG_SEND_RC:
		opcode = MLX5_CTRL_SEG_OPCODE_SEND;
		ds = 2;
		break;
	case FLEXIO_CTRL_SEG_LDMA:
		opcode = MLX5_CTRL_SEG_OPCODE_LOCAL_MMO;
		opmod = MLX5_CTRL_SEGMENT_OPC_MOD_LOCAL_MMO_LOCAL_DMA;
		ds = 4;
		break;
	case FLEXIO_CTRL_SEG_RDMA_WRITE:
		opcode = MLX5_CTRL_SEG_OPCODE_RDMA_WRITE;
		ds = 3;
		break;
	case FLEXIO_CTRL_SEG_RDMA_READ:
		opcode = MLX5_CTRL_SEG_OPCODE_RDMA_READ;
		ds = 3;
		break;
	case FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP:
		opcode = MLX5_CTRL_SEG_OPCODE_ATOMIC_COMPARE_AND_SWAP;
		ds = 4;
		break;
	case FLEXIO_CTRL_SEG_LSO:
		opcode = MLX5_CTRL_SEG_OPCODE_LSO;
		ds = 4;
		break;
	case FLEXIO_CTRL_SEG_NOP:
		opcode = MLX5_CTRL_SEG_OPCODE_NOP;
		ds = 1;
		break;
	case FLEXIO_CTRL_SEG_RDMA_WRITE_IMM:
		opcode = MLX5_CTRL_SEG_OPCODE_RDMA_WRITE_WITH_IMMEDIATE;
		ds = 3;
		break;
	case FLEXIO_CTRL_SEG_TRANSPOSE:
		opcode = MLX5_CTRL_SEG_OPCODE_LOCAL_MMO;
		opmod = MLX5_CTRL_SEGMENT_OPC_MOD_LOCAL_MMO_TRANSPOSE;
		ds = 4;
		break;
#if !FLEXIO_DEV_LAYOUTS_2401
	case FLEXIO_CTRL_SEG_SEND_UD:
		opcode = MLX5_CTRL_SEG_OPCODE_SEND;
		ds = 3; /* ctrl, a one-segment address vector, data */
		break;
	case FLEXIO_CTRL_SEG_WAIT_ON_DATA:
		opcode = MLX5_CTRL_SEG_OPCODE_WAIT;
		opmod = MLX5_CTRL_SEGMENT_OPC_MOD_WAIT_ON_DATA;
		ds = 3;
		break;
	case FLEXIO_CTRL_SEG_ATOMIC_FETCH_AND_ADD:
		opcode = MLX5_CTRL_SEG_OPCODE_ATOMIC_FETCH_AND_ADD;
		ds = 4;
		break;
#endif
	default:
		return FLEXIO_DEV_STATUS_FAILED;
	}
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_ctrl_seg, idx_opcode),
			     (opmod << 24) | ((sq_pi & 0xFFFFu) << 8) | opcode);
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_ctrl_seg, qpn_ds),
			     ((sq_number & 0xFFFFFFu) << 8) | ds);
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_ctrl_seg, signature_fm_ce_se),
			     (ce & 0x3u) << 2);
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_ctrl_seg, general_id), 0);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/* Internal: body of flexio_dev_swqe_seg_eth_set() (see there). */
FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_swqe_eth_fill(union flexio_dev_sqe_seg *swqe, uint16_t cs_swp_flags,
							 uint16_t mss, uint16_t inline_hdr_bsz,
							 const uint8_t *inline_hdrs)
{
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_eth_seg, rsvd0), 0);
	__flexio_dev_st_be16(swqe, offsetof(struct flexio_dev_wqe_eth_seg, cs_swp_flags), cs_swp_flags);
	__flexio_dev_st_be16(swqe, offsetof(struct flexio_dev_wqe_eth_seg, mss), mss);
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_eth_seg, rsvd2), 0);
	__flexio_dev_st_be16(swqe, offsetof(struct flexio_dev_wqe_eth_seg, inline_hdr_bsz), inline_hdr_bsz);
	__flexio_dev_st8(swqe, offsetof(struct flexio_dev_wqe_eth_seg, inline_hdrs) + 0,
			 inline_hdrs ? inline_hdrs[0] : 0);
	__flexio_dev_st8(swqe, offsetof(struct flexio_dev_wqe_eth_seg, inline_hdrs) + 1,
			 inline_hdrs ? inline_hdrs[1] : 0);
}

/* Internal: body of the data-pointer segment builders (mem_ptr / 23.x data_set). */
FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_swqe_data_fill(union flexio_dev_sqe_seg *swqe, uint32_t data_sz,
							  uint32_t lkey, uint64_t data_addr)
{
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_mem_ptr_send_data_seg, byte_count), data_sz);
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_mem_ptr_send_data_seg, lkey), lkey);
	__flexio_dev_st_be64(swqe, offsetof(struct flexio_dev_wqe_mem_ptr_send_data_seg, addr), data_addr);
}

/* Internal: body of flexio_dev_swqe_seg_rdma_set(). */
FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_swqe_rdma_fill(union flexio_dev_sqe_seg *swqe, uint32_t rkey,
							  uint64_t raddr)
{
	__flexio_dev_st_be64(swqe, offsetof(struct flexio_dev_wqe_rdma_seg, raddr), raddr);
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_rdma_seg, rkey), rkey);
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_rdma_seg, rsvd0), 0);
}

/* Internal: body of flexio_dev_swqe_seg_atomic_set(). */
FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_swqe_atomic_fill(union flexio_dev_sqe_seg *swqe,
							    uint64_t swap_or_add_data, uint64_t compare_data)
{
	__flexio_dev_st_be64(swqe, offsetof(struct flexio_dev_wqe_atomic_seg, swap_or_add_data),
			     swap_or_add_data);
	__flexio_dev_st_be64(swqe, offsetof(struct flexio_dev_wqe_atomic_seg, compare_data), compare_data);
}

/* Internal: body of flexio_dev_swqe_seg_shared_receive_set(); reserved bytes zeroed. */
FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_swqe_shared_receive_fill(union flexio_dev_sqe_seg *swqe,
								    uint16_t next_wqe_index, uint8_t signature)
{
	__flexio_dev_st32_raw(swqe, 0, 0);
	__flexio_dev_st_be16(swqe, offsetof(struct flexio_dev_wqe_shared_receive_seg, next_wqe_index),
			     next_wqe_index);
	__flexio_dev_st32_raw(swqe, 4, 0);
	__flexio_dev_st8(swqe, offsetof(struct flexio_dev_wqe_shared_receive_seg, signature), signature);
	__flexio_dev_st32_raw(swqe, 8, 0);
	__flexio_dev_st32_raw(swqe, 12, 0);
}

/* Internal: body of flexio_dev_swqe_seg_transpose_set(); 7-bit sizes, reserved bytes zeroed. */
FLEXIO_DEV_ALWAYS_INLINE void __flexio_dev_swqe_transpose_fill(union flexio_dev_sqe_seg *swqe, uint8_t element_size,
							       uint8_t num_of_cols, uint8_t num_of_rows)
{
	__flexio_dev_st32_raw(swqe, 0, 0);
	__flexio_dev_st8(swqe, offsetof(struct flexio_dev_wqe_transpose_seg, element_size), element_size);
	__flexio_dev_st32_raw(swqe, 4, 0);
	__flexio_dev_st8(swqe, offsetof(struct flexio_dev_wqe_transpose_seg, num_of_cols),
			 (uint8_t)(num_of_cols & 0x7Fu));
	__flexio_dev_st8(swqe, offsetof(struct flexio_dev_wqe_transpose_seg, num_of_rows),
			 (uint8_t)(num_of_rows & 0x7Fu));
	__flexio_dev_st32_raw(swqe, 8, 0);
	__flexio_dev_st32_raw(swqe, 12, 0);
}

/* Internal: the outbox page of the calling thread (through its thread context). */
FLEXIO_DEV_ALWAYS_INLINE uint64_t __flexio_dev_outbox_of(struct flexio_dev_thread_ctx *dtctx)
{
	return ((struct flexio_os_thread_ctx *)(void *)dtctx)->outbox_base;
}

/* ------------------------------------------------------------------------ */
/* CQE, EQE and receive WQE getters (every release)                          */
/* ------------------------------------------------------------------------ */

/** Returns the byte count of CQE @p cqe (bytes received or transferred). */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_byte_cnt(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be32(cqe, offsetof(struct flexio_dev_cqe64, byte_cnt));
}

/** Returns the opcode of CQE @p cqe: bits 7..4 of op_own. */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_cqe_get_opcode(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)(__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, op_own)) >> 4);
}

/**
 * Returns the ownership bit of CQE @p cqe (bit 0 of op_own).  The CQE belongs
 * to software when it equals the software owner value of the current pass over
 * the ring (it flips at every wrap-around).  Reads memory on every call, so it
 * can be polled.
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_cqe_get_owner(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)(__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, op_own)) & 0x1u);
}

/** Returns the QP number (24 bits) of CQE @p cqe. */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_qpn(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be32(cqe, offsetof(struct flexio_dev_cqe64, qpn)) & 0xFFFFFFu;
}

/** Returns the WQE counter of CQE @p cqe: the index of the WQE the completion is for. */
FLEXIO_DEV_ALWAYS_INLINE uint16_t flexio_dev_cqe_get_wqe_counter(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be16(cqe, offsetof(struct flexio_dev_cqe64, wqe_counter));
}

/** Returns the CQ number (24 bits) of completion event @p eqe. */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_eqe_get_cqn(struct flexio_dev_eqe *eqe)
{
	return __flexio_dev_ld_be32(eqe, offsetof(struct flexio_dev_eqe, event_data.cqn)) & 0xFFFFFFu;
}

/** Returns the ownership bit of EQE @p eqe (bit 0 of owner).  Can be polled. */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_eqe_get_owner(struct flexio_dev_eqe *eqe)
{
	return (uint8_t)(__flexio_dev_ld8(eqe, offsetof(struct flexio_dev_eqe, owner)) & 0x1u);
}

#if FLEXIO_DEV_EDITION_OLD
/** Returns the buffer address of receive WQE @p rwqe. */
FLEXIO_DEV_ALWAYS_INLINE void *flexio_dev_rwqe_get_addr(struct flexio_dev_wqe_data_seg *rwqe)
{
	return (void *)(uintptr_t)be64_to_cpu(
		__flexio_dev_ld64_raw(rwqe, offsetof(struct flexio_dev_wqe_data_seg, addr)));
}
#else
/** Returns the buffer address of receive WQE @p rwqe. */
FLEXIO_DEV_ALWAYS_INLINE void *flexio_dev_rwqe_get_addr(struct flexio_dev_wqe_rcv_data_seg *rwqe)
{
	return (void *)(uintptr_t)be64_to_cpu(
		__flexio_dev_ld64_raw(rwqe, offsetof(struct flexio_dev_wqe_rcv_data_seg, addr)));
}

/** Returns the user index (24 bits of srqn_uidx) of CQE @p cqe. */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_user_index(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be32(cqe, offsetof(struct flexio_dev_cqe64, srqn_uidx)) & 0xFFFFFFu;
}
#endif

#if !FLEXIO_DEV_LAYOUTS_2401

/* ------------------------------------------------------------------------ */
/* 24.10 and later: more CQE getters, compressed CQEs                        */
/* ------------------------------------------------------------------------ */

/** Returns the checksum-OK bits of CQE @p cqe. */
FLEXIO_DEV_ALWAYS_INLINE uint16_t flexio_dev_cqe_get_csum_ok(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be16(cqe, offsetof(struct flexio_dev_cqe64, csum_ok));
}

/** Returns the error syndrome of CQE @p cqe (byte 37h). */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_err_synd(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, syndrome));
}

/** Returns the hardware error syndrome of CQE @p cqe (byte 34h). */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_hw_err_synd(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, hw_err_syndrome));
}

/** Returns the vendor error syndrome of CQE @p cqe (byte 36h). */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_vendor_err_synd(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, vendor_err_synd));
}

/**
 * Returns the format of CQE @p cqe (bits 3..2 of op_own): 0 no inline data,
 * 1 inline data in the 32-byte data segment, 2 inline data in the 64-byte data
 * segment, 3 compressed CQE (a mini-CQE array).
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_cqe_get_type(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)((__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, op_own)) >> 2) & 0x3u);
}

/**
 * Prepares @p num_cqes CQEs starting at @p cqe for CQE compression: sets the
 * validity iteration count byte of each to @p validity_iteration_count.
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_comp_cq_init(struct flexio_dev_cqe64 *cqe, int num_cqes,
						      uint8_t validity_iteration_count)
{
	int i;

	for (i = 0; i < num_cqes; i++)
		__flexio_dev_st8(cqe + i, offsetof(struct flexio_dev_mini_cqe64, validity_iteration_count),
				 validity_iteration_count);
}

/** Returns the validity iteration count byte (byte 3Eh) of CQE @p cqe. */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_comp_cqe_get_validity_byte(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, validity_iteration_count));
}

/** Returns nonzero when CQE @p cqe is a mini-CQE array (format bits 3..2 of byte 3Fh are 3). */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_comp_cqe_is_comp_cqe_array(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)(((__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_mini_cqe64, num_and_type)) >> 2) &
			  0x3u) == 0x3u);
}

/** Returns the number of mini CQEs in mini-CQE array @p cqe (bits 7..4 of byte 3Fh, plus one). */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_comp_cqe_get_num_comp_cqes(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)((__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_mini_cqe64, num_and_type)) >> 4) + 1);
}

/**
 * Returns mini CQE @p comp_cqe_index (0..6) of mini-CQE array @p cqe, as the
 * 8 bytes stored (not byte-swapped); decode fields with
 * FLEXIO_DEV_COMP_CQE_GET_RX_HASH_RESULT() and be32_to_cpu().
 */
FLEXIO_DEV_ALWAYS_INLINE uint64_t flexio_dev_comp_cqe_get_comp_cqe(struct flexio_dev_cqe64 *cqe,
								   int comp_cqe_index)
{
	return __flexio_dev_ld64_raw(cqe, offsetof(struct flexio_dev_mini_cqe64, mini_cqe) +
						  (size_t)comp_cqe_index * sizeof(__be64));
}

/** Gets the RX hash result (first big-endian DWORD) of a mini CQE from flexio_dev_comp_cqe_get_comp_cqe(). */
#define FLEXIO_DEV_COMP_CQE_GET_RX_HASH_RESULT(_x) be32_to_cpu((uint32_t)((_x) & 0xFFFFFFFFULL))

/* ------------------------------------------------------------------------ */
/* 24.10 and later: doorbell records                                         */
/* ------------------------------------------------------------------------ */

/**
 * Writes consumer index @p ci (24 bits) into the CQ doorbell record @p cq_dbr
 * (DWORD 0, big-endian).  Follow with __dpa_thread_memory_writeback() so the
 * NIC sees it.
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci)
{
	*(volatile uint32_t *)cq_dbr = cpu_to_be32(ci & 0xFFFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Marks one more receive WQE as posted: adds 1 to the producer counter (16
 * bits, big-endian DWORD 0) of the RQ doorbell record @p rq_dbr.  Order it after
 * the WQE writes with __dpa_thread_memory_fence(__DPA_W, __DPA_W) and follow it
 * with __dpa_thread_memory_writeback().
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_dbr_rq_inc_pi(uint32_t *rq_dbr)
{
	uint32_t pi = be32_to_cpu(*(volatile uint32_t *)rq_dbr);

	*(volatile uint32_t *)rq_dbr = cpu_to_be32((pi + 1) & 0xFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* 24.10 and later: send WQE segment builders                                */
/* ------------------------------------------------------------------------ */

/**
 * Fills @p swqe as the control segment (always the first segment of a WQE) of
 * a WQE of type @p ctrl_seg_type: WQE index @p sq_pi (16 bits), SQ number
 * @p sq_number, completion mode @p ce (enum cq_ce_mode), and the opcode and
 * segment count of the type (see enum flexio_ctrl_seg).  general_id is zeroed;
 * for FLEXIO_CTRL_SEG_RDMA_WRITE_IMM write the immediate data there afterwards.
 * Returns FLEXIO_DEV_STATUS_FAILED (and writes nothing) for an unknown type.
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe,
									 uint32_t sq_pi, uint32_t sq_number,
									 uint32_t ce,
									 enum flexio_ctrl_seg ctrl_seg_type)
{
	return __flexio_dev_swqe_ctrl_fill(swqe, sq_pi, sq_number, ce, ctrl_seg_type);
}

/**
 * Fills @p swqe as an Ethernet segment: checksum/SWP flags @p cs_swp_flags
 * (flexio_dev_wqe_eth_seg_cs_swp_flags_t), @p mss (LSO only, else 0), inline
 * header size @p inline_hdr_bsz and the first two inline header bytes
 * @p inline_hdrs (may be NULL: zeros).
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_eth_set(union flexio_dev_sqe_seg *swqe,
									uint16_t cs_swp_flags, uint16_t mss,
									uint16_t inline_hdr_bsz,
									uint8_t inline_hdrs[2])
{
	__flexio_dev_swqe_eth_fill(swqe, cs_swp_flags, mss, inline_hdr_bsz, inline_hdrs);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Fills @p swqe as an RDMA segment: remote address @p raddr, remote key @p rkey. */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe,
									 uint32_t rkey, uint64_t raddr)
{
	__flexio_dev_swqe_rdma_fill(swqe, rkey, raddr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as a memory pointer data segment: @p data_sz bytes at
 * @p data_addr, reached with local key @p lkey.
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_mem_ptr_data_set(union flexio_dev_sqe_seg *swqe,
										 uint32_t data_sz, uint32_t lkey,
										 uint64_t data_addr)
{
	__flexio_dev_swqe_data_fill(swqe, data_sz, lkey, data_addr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as an inline send data segment: byte count @p data_sz (with
 * the inline flag, bit 31) and the three DWORDs at @p data, copied as they are.
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_inline_data_set(union flexio_dev_sqe_seg *swqe,
										uint32_t data_sz, uint32_t *data)
{
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_inline_send_data_seg, byte_count),
			     0x80000000u | data_sz);
	__flexio_dev_st32_raw(swqe, offsetof(struct flexio_dev_wqe_inline_send_data_seg, data_and_padding) + 0,
			      data[0]);
	__flexio_dev_st32_raw(swqe, offsetof(struct flexio_dev_wqe_inline_send_data_seg, data_and_padding) + 4,
			      data[1]);
	__flexio_dev_st32_raw(swqe, offsetof(struct flexio_dev_wqe_inline_send_data_seg, data_and_padding) + 8,
			      data[2]);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as an atomic segment: the value swapped in (compare-and-swap)
 * or added (fetch-and-add) and the compare value (unused by fetch-and-add).
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_atomic_set(union flexio_dev_sqe_seg *swqe,
									   uint64_t swap_or_add_data,
									   uint64_t compare_data)
{
	__flexio_dev_swqe_atomic_fill(swqe, swap_or_add_data, compare_data);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as the next segment of a linked-list shared receive WQE:
 * @p next_wqe_index and @p signature; reserved bytes are zeroed.
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_shared_receive_set(union flexio_dev_sqe_seg *swqe,
										   uint16_t next_wqe_index,
										   uint8_t signature)
{
	__flexio_dev_swqe_shared_receive_fill(swqe, next_wqe_index, signature);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as a transpose segment: matrix element size @p element_size,
 * @p num_of_cols and @p num_of_rows (7 bits each); reserved bytes are zeroed.
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_transpose_set(union flexio_dev_sqe_seg *swqe,
									      uint8_t element_size,
									      uint8_t num_of_cols,
									      uint8_t num_of_rows)
{
	__flexio_dev_swqe_transpose_fill(swqe, element_size, num_of_cols, num_of_rows);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as the first (or only) address vector segment of a datagram
 * WQE: destination queue key @p qkey, destination QP (or DCT) @p dqp, the
 * extension flag @p ext (1: two more segments follow, see
 * flexio_dev_swqe_seg_av2_set() and flexio_dev_swqe_seg_av3_set()), static
 * rate and service level @p stat_rate_sl, force loopback and source LID
 * @p fl_mlid and remote LID @p rlid.
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_swqe_seg_av1_set(union flexio_dev_sqe_seg *swqe, uint32_t qkey,
							  uint32_t dqp, uint8_t ext, uint8_t stat_rate_sl,
							  uint8_t fl_mlid, uint16_t rlid)
{
	__flexio_dev_st_be32(swqe, 0, qkey);
	__flexio_dev_st32_raw(swqe, 4, 0);
	__flexio_dev_st_be32(swqe, 8, ((uint32_t)(ext & 0x1u) << 31) | (dqp & 0xFFFFFFu));
	__flexio_dev_st8(swqe, 12, stat_rate_sl);
	__flexio_dev_st8(swqe, 13, fl_mlid);
	__flexio_dev_st_be16(swqe, 14, rlid);
}

/**
 * Fills @p swqe as the second address vector segment of an extended datagram
 * WQE: the remote MAC (6 bytes at @p rmac), traffic class @p tclass, hop limit
 * @p hop_limit and the GRH / source GID index / flow label word @p grh_gid_fl.
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_swqe_seg_av2_set(union flexio_dev_sqe_seg *swqe, uint8_t *rmac,
							  uint8_t tclass, uint8_t hop_limit, uint32_t grh_gid_fl)
{
	int i;

	__flexio_dev_st32_raw(swqe, 0, 0);
	for (i = 0; i < 6; i++)
		__flexio_dev_st8(swqe, 4 + (size_t)i, rmac[i]);
	__flexio_dev_st8(swqe, 10, tclass);
	__flexio_dev_st8(swqe, 11, hop_limit);
	__flexio_dev_st_be32(swqe, 12, grh_gid_fl);
}

/** Fills @p swqe as the third address vector segment of an extended datagram WQE: remote GID @p rgid (16 bytes). */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_swqe_seg_av3_set(union flexio_dev_sqe_seg *swqe, uint8_t *rgid)
{
	int i;

	for (i = 0; i < 16; i++)
		__flexio_dev_st8(swqe, (size_t)i, rgid[i]);
}

/**
 * Fills @p swqe as the control part of a wait-on-data WQE (needs the device's
 * wait_on_data capability): compare @p operation (inverted when @p inv is 1)
 * on the data at @p addr reached with @p lkey; @p action_on_fail in bits 2..0.
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_wait_on_data_set(union flexio_dev_sqe_seg *swqe,
										 uint8_t operation, uint8_t inv,
										 uint32_t lkey, uint64_t addr,
										 uint8_t action_on_fail)
{
	__flexio_dev_st32_raw(swqe, 0, 0);
	__flexio_dev_st8(swqe, offsetof(struct flexio_dev_wqe_wait_on_data_seg, op_inv),
			 (uint8_t)((inv << 4) | operation));
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_wait_on_data_seg, lkey), lkey);
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_wait_on_data_seg, va_63_32), (uint32_t)(addr >> 32));
	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_wait_on_data_seg, va_31_3_fail_act),
			     ((uint32_t)addr & 0xFFFFFFF8u) | action_on_fail);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as the data part of a wait-on-data WQE: @p data, stored as
 * given (in the order the device's wait_on_data_big_endian capability asks
 * for), and @p data_mask (big-endian).
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_wait_on_data_data_set(union flexio_dev_sqe_seg *swqe,
										      uint64_t data, uint64_t data_mask)
{
	*(uint64_t *)(void *)((char *)swqe + offsetof(struct flexio_dev_wqe_wait_on_data_data_seg, data)) = data;
	__flexio_dev_st_be64(swqe, offsetof(struct flexio_dev_wqe_wait_on_data_data_seg, data_mask), data_mask);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* 24.10 and later: doorbells (through the thread's outbox)                  */
/* ------------------------------------------------------------------------ */

/**
 * Rings the send doorbell of SQ or QP @p qnum with producer index @p pi (the
 * index of the next free WQE, 16 bits): the NIC executes the WQEs up to it.
 * Write the WQEs back first (__dpa_thread_memory_writeback()).
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_qp_sq_ring_db(uint16_t pi, uint32_t qnum)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_SXD_DB,
				FLEXIO_OUTBOX_V_SXD_DB(pi, qnum));
}

/**
 * Arms emulation doorbell context @p emu_ctx_id (from the host's
 * flexio_emu_db_to_cq_ctx_get_id()) of queue @p qnum.
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_db_ctx_arm(uint32_t qnum, uint32_t emu_ctx_id)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_EMU_CAP,
				FLEXIO_OUTBOX_V_EMU_CAP(qnum, emu_ctx_id));
}

/** Forces a trigger of emulation doorbell context @p emu_ctx_id on CQ @p cqn. */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_db_ctx_force_trigger(uint32_t cqn, uint32_t emu_ctx_id)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_EMU_CAP_TRIGGER,
				FLEXIO_OUTBOX_V_EMU_CAP(cqn, emu_ctx_id));
}

/** Updates the consumer index of EQ @p qnum to @p ci after handling EQEs (without re-arming it). */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_eq_update_ci(uint32_t ci, uint32_t qnum)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_EQ_DB_NO_REARM,
				FLEXIO_OUTBOX_V_EQ_DB(qnum, ci));
}

/**
 * Arms CQ @p qnum at consumer index @p ci: the next CQE written to the CQ
 * produces an event (an EQE, or the activation of the event handler attached
 * to the CQ).  Arming is one-shot: re-arm before every
 * flexio_dev_thread_reschedule().
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_cq_arm(uint32_t ci, uint32_t qnum)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_CQ_DB,
				FLEXIO_OUTBOX_V_CQ_DB(qnum, ci));
}

/**
 * Generates a zero CQE on CQ @p cqn through the current outbox; this may
 * activate whatever is attached to the CQ (another thread, or an EQ and its
 * MSI-X).
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_zcqe_gen(uint32_t cqn)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_RXT_DB,
				FLEXIO_OUTBOX_V_RXT_DB(cqn));
}

/** Generates an MSI-X through CQ @p cqn (linked to an MSI-X EQ): flexio_dev_zcqe_gen(). */
#define flexio_dev_msix_send(cqn) flexio_dev_zcqe_gen(cqn)

/**
 * Rings the congestion-control doorbell of CC queue @p ccq_id: sets @p rate,
 * the RTT measurement request @p rtt_req (0 or 1) and the next action
 * @p next_act.
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_cc_ring_db(uint16_t ccq_id, uint32_t rate, uint32_t rtt_req,
						    enum flexio_dev_cc_db_next_act next_act)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_CC_DB,
				FLEXIO_OUTBOX_V_CC_DB(ccq_id, rate, rtt_req, next_act));
}

/** Writes @p value, prepared by the caller, to the low 64 bits of the CC doorbell register. */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_cc_ring_db_low64bit(uint64_t value)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_CC_DB, value);
}

/** Writes @p value, prepared by the caller, to the high 64 bits of the CC doorbell register. */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_cc_ring_db_high64bit(uint64_t value)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_CC_DB_MSB, value);
}

#elif FLEXIO_DEV_EDITION_2401

/* ------------------------------------------------------------------------ */
/* 24.x (NVIDIA 24.01): more CQE getters                                     */
/* ------------------------------------------------------------------------ */

/** Returns the checksum-OK bits of CQE @p cqe (byte 1Ch). */
static inline uint8_t flexio_dev_cqe_get_csum_ok(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, csum_ok));
}

/** Returns the error syndrome DWORD (0Dh) of CQE @p cqe, in CPU order. */
static inline uint32_t flexio_dev_cqe_get_err_synd(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be32(cqe, offsetof(struct flexio_dev_cqe64, err_syndrome));
}

/* ------------------------------------------------------------------------ */
/* 24.x: doorbell records and send WQE segment builders (header-inline)      */
/* ------------------------------------------------------------------------ */

/** Writes consumer index @p ci (24 bits) into the CQ doorbell record @p cq_dbr. */
static inline flexio_dev_status_t flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci)
{
	*(volatile uint32_t *)cq_dbr = cpu_to_be32(ci & 0xFFFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Adds 1 to the 16-bit producer counter of the RQ doorbell record @p rq_dbr. */
static inline flexio_dev_status_t flexio_dev_dbr_rq_inc_pi(uint32_t *rq_dbr)
{
	uint32_t pi = be32_to_cpu(*(volatile uint32_t *)rq_dbr);

	*(volatile uint32_t *)rq_dbr = cpu_to_be32((pi + 1) & 0xFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as the control segment of a WQE of type @p ctrl_seg_type: WQE
 * index @p sq_pi, SQ number @p sq_number, completion mode @p ce (enum
 * cq_ce_mode); FLEXIO_DEV_STATUS_FAILED for an unknown type.
 */
static inline flexio_dev_status_t flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe, uint32_t sq_pi,
							       uint32_t sq_number, uint32_t ce,
							       flexio_ctrl_seg_t ctrl_seg_type)
{
	return __flexio_dev_swqe_ctrl_fill(swqe, sq_pi, sq_number, ce, ctrl_seg_type);
}

/** Fills @p swqe as an Ethernet segment (inline_hdrs: the first two inline header bytes, or NULL). */
static inline flexio_dev_status_t flexio_dev_swqe_seg_eth_set(union flexio_dev_sqe_seg *swqe,
							      uint16_t cs_swp_flags, uint16_t mss,
							      uint16_t inline_hdr_bsz, uint8_t inline_hdrs[2])
{
	__flexio_dev_swqe_eth_fill(swqe, cs_swp_flags, mss, inline_hdr_bsz, inline_hdrs);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Fills @p swqe as an RDMA segment: remote address @p raddr, remote key @p rkey. */
static inline flexio_dev_status_t flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe, uint32_t rkey,
							       uint64_t raddr)
{
	__flexio_dev_swqe_rdma_fill(swqe, rkey, raddr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Fills @p swqe as a memory pointer data segment: @p data_sz bytes at @p data_addr with @p lkey. */
static inline flexio_dev_status_t flexio_dev_swqe_seg_mem_ptr_data_set(union flexio_dev_sqe_seg *swqe,
								       uint32_t data_sz, uint32_t lkey,
								       uint64_t data_addr)
{
	__flexio_dev_swqe_data_fill(swqe, data_sz, lkey, data_addr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * Fills @p swqe as an inline send data segment, as NVIDIA 24.01 does: byte
 * count @p data_sz and the three DWORDs at @p data, each big-endian.
 */
static inline flexio_dev_status_t flexio_dev_swqe_seg_inline_data_set(union flexio_dev_sqe_seg *swqe,
								      uint32_t data_sz, uint32_t *data)
{
	int i;

	__flexio_dev_st_be32(swqe, offsetof(struct flexio_dev_wqe_inline_send_data_seg, byte_count), data_sz);
	for (i = 0; i < 3; i++)
		__flexio_dev_st_be32(swqe,
				     offsetof(struct flexio_dev_wqe_inline_send_data_seg, data_and_padding) +
					     4 * (size_t)i,
				     data[i]);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Fills @p swqe as an atomic segment (compare-and-swap or fetch-and-add). */
static inline flexio_dev_status_t flexio_dev_swqe_seg_atomic_set(union flexio_dev_sqe_seg *swqe,
								 uint64_t swap_or_add_data, uint64_t compare_data)
{
	__flexio_dev_swqe_atomic_fill(swqe, swap_or_add_data, compare_data);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Fills @p swqe as the next segment of a linked-list shared receive WQE. */
static inline flexio_dev_status_t flexio_dev_swqe_seg_shared_receive_set(union flexio_dev_sqe_seg *swqe,
									 uint16_t next_wqe_index, uint8_t signature)
{
	__flexio_dev_swqe_shared_receive_fill(swqe, next_wqe_index, signature);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Fills @p swqe as a transpose segment: element size, columns and rows. */
static inline flexio_dev_status_t flexio_dev_swqe_seg_transpose_set(union flexio_dev_sqe_seg *swqe,
								    uint8_t element_size, uint8_t num_of_cols,
								    uint8_t num_of_rows)
{
	__flexio_dev_swqe_transpose_fill(swqe, element_size, num_of_cols, num_of_rows);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/* ------------------------------------------------------------------------ */
/* 24.x: doorbells through the outbox of a thread context (header-inline)    */
/* ------------------------------------------------------------------------ */

/** Rings the send doorbell of SQ/QP @p qnum with producer index @p pi, through the outbox of @p dtctx. */
static inline flexio_dev_status_t flexio_dev_qp_sq_ring_db(struct flexio_dev_thread_ctx *dtctx, uint16_t pi,
							   uint32_t qnum)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_SXD_DB, FLEXIO_OUTBOX_V_SXD_DB(pi, qnum));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Arms emulation doorbell context @p emu_ctx_id of queue @p qnum. */
static inline flexio_dev_status_t flexio_dev_db_ctx_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t qnum,
							uint32_t emu_ctx_id)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_EMU_CAP,
				FLEXIO_OUTBOX_V_EMU_CAP(qnum, emu_ctx_id));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Forces a trigger of emulation doorbell context @p emu_ctx_id on CQ @p cqn. */
static inline flexio_dev_status_t flexio_dev_db_ctx_force_trigger(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn,
								  uint32_t emu_ctx_id)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_EMU_CAP_TRIGGER,
				FLEXIO_OUTBOX_V_EMU_CAP(cqn, emu_ctx_id));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Updates the consumer index of EQ @p qnum to @p ci, through the outbox of @p dtctx. */
static inline flexio_dev_status_t flexio_dev_eq_update_ci(struct flexio_dev_thread_ctx *dtctx, uint32_t ci,
							  uint32_t qnum)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_EQ_DB_NO_REARM,
				FLEXIO_OUTBOX_V_EQ_DB(qnum, ci));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Arms CQ @p qnum at consumer index @p ci, through the outbox of @p dtctx. */
static inline flexio_dev_status_t flexio_dev_cq_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t ci, uint32_t qnum)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_CQ_DB, FLEXIO_OUTBOX_V_CQ_DB(qnum, ci));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Sends an MSI-X on CQ @p cqn (linked to an MSI-X EQ): a zero CQE through the outbox of @p dtctx. */
static inline flexio_dev_status_t flexio_dev_msix_send(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_RXT_DB, FLEXIO_OUTBOX_V_RXT_DB(cqn));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/** Rings the congestion-control doorbell of CC queue @p ccq_id, through the outbox of @p dtctx. */
static inline flexio_dev_status_t flexio_dev_cc_ring_db(struct flexio_dev_thread_ctx *dtctx, uint16_t ccq_id,
							uint32_t rate, uint32_t rtt_req,
							flexio_dev_cc_db_next_act_t next_act)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_CC_DB,
				FLEXIO_OUTBOX_V_CC_DB(ccq_id, rate, rtt_req, next_act));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

#else /* 23.x */

/* ------------------------------------------------------------------------ */
/* 23.x: functions of libflexio_dev                                          */
/* ------------------------------------------------------------------------ */

/** Writes consumer index @p ci (24 bits) into the CQ doorbell record @p cq_dbr. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci);

/** Adds 1 to the producer counter of the RQ doorbell record @p rq_dbr. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_dbr_rq_inc_pi(uint32_t *rq_dbr);

/**
 * Writes producer index @p pi (16 bits) into the send counter of the SQ
 * doorbell record @p sq_dbr (its second DWORD, big-endian, as on mlx5 hardware).
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_dbr_sq_set_pi(uint32_t *sq_dbr, uint32_t pi);

/** Fills @p swqe as the control segment of a WQE of type @p ctrl_seg_type. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe,
								   uint32_t sq_pi, uint32_t sq_number, uint32_t ce,
								   flexio_ctrl_seg_t ctrl_seg_type);

/** Fills @p swqe as an Ethernet segment (inline_hdrs: the first two inline header bytes, or NULL). */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_eth_set(union flexio_dev_sqe_seg *swqe,
								  uint16_t cs_swp_flags, uint16_t mss,
								  uint16_t inline_hdr_bsz, uint8_t inline_hdrs[2]);

/** Fills @p swqe as a data segment: @p data_sz bytes at @p data_addr with local key @p lkey. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_data_set(union flexio_dev_sqe_seg *swqe,
								   uint32_t data_sz, uint32_t lkey,
								   uint64_t data_addr);

/** Fills @p swqe as an RDMA segment: remote address @p data_addr, remote key @p rkey. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe,
								   uint32_t rkey, uint64_t data_addr);

/** Fills @p swqe as an atomic segment (compare-and-swap or fetch-and-add). */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_atomic_set(union flexio_dev_sqe_seg *swqe,
								     uint64_t swap_or_add_data,
								     uint64_t compare_data);

/** Rings the send doorbell of SQ/QP @p qnum with producer index @p pi, through the outbox of @p dtctx. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_qp_sq_ring_db(struct flexio_dev_thread_ctx *dtctx, uint16_t pi,
							       uint32_t qnum);

/** Arms CQ @p qnum at consumer index @p ci, through the outbox of @p dtctx. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_cq_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t ci,
							uint32_t qnum);

/** Updates the consumer index of EQ @p qnum to @p ci, through the outbox of @p dtctx. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_eq_update_ci(struct flexio_dev_thread_ctx *dtctx, uint32_t ci,
							      uint32_t qnum);

/** Sends an MSI-X on CQ @p cqn (linked to an MSI-X EQ), through the current outbox of @p dtctx. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_msix_send(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn);

/** Arms emulation doorbell context @p emu_ctx_id of CQ @p cqn. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_db_ctx_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn,
							    uint32_t emu_ctx_id);

/** Forces a trigger of emulation doorbell context @p emu_ctx_id on CQ @p cqn. */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_db_ctx_force_trigger(struct flexio_dev_thread_ctx *dtctx,
								      uint32_t cqn, uint32_t emu_ctx_id);

#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_QUEUE_ACCESS_H */
