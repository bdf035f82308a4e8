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

/** @brief WQE control segment opcode modifiers of the local MMO opcode. @since 24.01 */
enum {
	MLX5_CTRL_SEGMENT_OPC_MOD_LOCAL_MMO_TRANSPOSE = 0x0, /**< Matrix transpose. */
	MLX5_CTRL_SEGMENT_OPC_MOD_LOCAL_MMO_LOCAL_DMA = 0x1, /**< Local DMA. */
};

#if !FLEXIO_DEV_LAYOUTS_2401
/** @brief WQE control segment opcode modifier of the wait opcode. @since 24.10 */
enum {
	MLX5_CTRL_SEGMENT_OPC_MOD_WAIT_ON_DATA = 0x1, /**< Wait on data. */
};
#endif

/** @brief WQE control segment opcodes (mlx5). @since 24.01 */
enum {
	MLX5_CTRL_SEG_OPCODE_NOP = 0x0, /**< mlx5 opcode: nop. */
	MLX5_CTRL_SEG_OPCODE_SND_INV = 0x1, /**< mlx5 opcode: snd inv. */
	MLX5_CTRL_SEG_OPCODE_RDMA_WRITE = 0x8, /**< mlx5 opcode: rdma write. */
	MLX5_CTRL_SEG_OPCODE_RDMA_WRITE_WITH_IMMEDIATE = 0x9, /**< mlx5 opcode: rdma write with immediate. */
	MLX5_CTRL_SEG_OPCODE_SEND = 0xa, /**< mlx5 opcode: send. */
	MLX5_CTRL_SEG_OPCODE_SEND_WITH_IMMEDIATE = 0xb, /**< mlx5 opcode: send with immediate. */
	MLX5_CTRL_SEG_OPCODE_LSO = 0xe, /**< mlx5 opcode: lso. */
	MLX5_CTRL_SEG_OPCODE_WAIT = 0xf, /**< mlx5 opcode: wait. */
	MLX5_CTRL_SEG_OPCODE_RDMA_READ = 0x10, /**< mlx5 opcode: rdma read. */
	MLX5_CTRL_SEG_OPCODE_ATOMIC_COMPARE_AND_SWAP = 0x11, /**< mlx5 opcode: atomic compare and swap. */
	MLX5_CTRL_SEG_OPCODE_ATOMIC_FETCH_AND_ADD = 0x12, /**< mlx5 opcode: atomic fetch and add. */
	MLX5_CTRL_SEG_OPCODE_ATOMIC_MASKED_COMPARE_AND_SWAP = 0x14, /**< mlx5 opcode: atomic masked compare and swap. */
	MLX5_CTRL_SEG_OPCODE_ATOMIC_MASKED_FETCH_AND_ADD = 0x15, /**< mlx5 opcode: atomic masked fetch and add. */
	MLX5_CTRL_SEG_OPCODE_RECEIVE_EN = 0x16, /**< mlx5 opcode: receive en. */
	MLX5_CTRL_SEG_OPCODE_SEND_EN = 0x17, /**< mlx5 opcode: send en. */
	MLX5_CTRL_SEG_OPCODE_SET_PSV = 0x20, /**< mlx5 opcode: set psv. */
	MLX5_CTRL_SEG_OPCODE_GET_PSV = 0x21, /**< mlx5 opcode: get psv. */
	MLX5_CTRL_SEG_OPCODE_CHECK_PSV = 0x22, /**< mlx5 opcode: check psv. */
	MLX5_CTRL_SEG_OPCODE_DUMP = 0x23, /**< mlx5 opcode: dump. */
	MLX5_CTRL_SEG_OPCODE_UMR = 0x25, /**< mlx5 opcode: umr. */
	MLX5_CTRL_SEG_OPCODE_RGET_PSV = 0x26, /**< mlx5 opcode: rget psv. */
	MLX5_CTRL_SEG_OPCODE_RCHECK_PSV = 0x27, /**< mlx5 opcode: rcheck psv. */
	MLX5_CTRL_SEG_OPCODE_TAG_MATCHING = 0x28, /**< mlx5 opcode: tag matching. */
	MLX5_CTRL_SEG_OPCODE_ENHANCED_MPSW = 0x29, /**< mlx5 opcode: enhanced mpsw. */
	MLX5_CTRL_SEG_OPCODE_QOS_REMAP = 0x2a, /**< mlx5 opcode: qos remap. */
	MLX5_CTRL_SEG_OPCODE_FLOW_TABLE_ACCESS = 0x2c, /**< mlx5 opcode: flow table access. */
	MLX5_CTRL_SEG_OPCODE_ACCESS_ASO = 0x2d, /**< mlx5 opcode: access aso. */
	MLX5_CTRL_SEG_OPCODE_MMO = 0x2f, /**< mlx5 opcode: mmo. */
	MLX5_CTRL_SEG_OPCODE_LOAD_REMOTE_MICRO_APP = 0x30, /**< mlx5 opcode: load remote micro app. */
	MLX5_CTRL_SEG_OPCODE_STORE_REMOTE_MICRO_APP = 0x31, /**< mlx5 opcode: store remote micro app. */
	MLX5_CTRL_SEG_OPCODE_LOCAL_MMO = 0x32, /**< mlx5 opcode: local mmo. */
};

#if FLEXIO_DEV_LAYOUTS_2401

/**
 * @brief Flex IO dev WQE control segment types (the kind of WQE a control segment starts).
 * @since 23.x (these values: 23.x and 24.x)
 */
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

/**
 * @brief Flex IO dev congestion control next action types (flexio_dev_cc_ring_db()).
 * @since 24.01
 */
typedef enum flexio_dev_cc_db_next_act_t {
	CC_DB_NEXT_ACT_SINGLE = 0x0,   /**< Handle a single event. */
	CC_DB_NEXT_ACT_MULTIPLE = 0x1, /**< Handle multiple events. */
	CC_DB_NEXT_ACT_FW = 0x2,       /**< Pass to firmware. */
} flexio_dev_cc_db_next_act_t;

#else

/**
 * @brief Flex IO dev WQE control segment types (the kind of WQE a control segment starts).
 * @since 24.10 (these values; the FLEXIO_CTRL_SEG_TYPE_* names: 26.0)
 */
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
	FLEXIO_CTRL_SEG_TYPE_SEND_EN = FLEXIO_CTRL_SEG_SEND_EN, /**< FLEXIO_CTRL_SEG_SEND_EN under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_SEND_RC = FLEXIO_CTRL_SEG_SEND_RC, /**< FLEXIO_CTRL_SEG_SEND_RC under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_SEND_UC = FLEXIO_CTRL_SEG_SEND_UC, /**< FLEXIO_CTRL_SEG_SEND_UC under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_SEND_UD = FLEXIO_CTRL_SEG_SEND_UD, /**< FLEXIO_CTRL_SEG_SEND_UD under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_LDMA = FLEXIO_CTRL_SEG_LDMA, /**< FLEXIO_CTRL_SEG_LDMA under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_RDMA_WRITE = FLEXIO_CTRL_SEG_RDMA_WRITE, /**< FLEXIO_CTRL_SEG_RDMA_WRITE under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_RDMA_READ = FLEXIO_CTRL_SEG_RDMA_READ, /**< FLEXIO_CTRL_SEG_RDMA_READ under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_LSO = FLEXIO_CTRL_SEG_LSO, /**< FLEXIO_CTRL_SEG_LSO under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_NOP = FLEXIO_CTRL_SEG_NOP, /**< FLEXIO_CTRL_SEG_NOP under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_RDMA_WRITE_IMM = FLEXIO_CTRL_SEG_RDMA_WRITE_IMM, /**< FLEXIO_CTRL_SEG_RDMA_WRITE_IMM under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_TRANSPOSE = FLEXIO_CTRL_SEG_TRANSPOSE, /**< FLEXIO_CTRL_SEG_TRANSPOSE under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_WAIT_ON_DATA = FLEXIO_CTRL_SEG_WAIT_ON_DATA, /**< FLEXIO_CTRL_SEG_WAIT_ON_DATA under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_ATOMIC_COMPARE_AND_SWAP = FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP, /**< FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP under its 26.x name. */
	FLEXIO_CTRL_SEG_TYPE_ATOMIC_FETCH_AND_ADD = FLEXIO_CTRL_SEG_ATOMIC_FETCH_AND_ADD, /**< FLEXIO_CTRL_SEG_ATOMIC_FETCH_AND_ADD under its 26.x name. */
#endif
};

/**
 * @brief Flex IO dev congestion control next action types (flexio_dev_cc_ring_db()).
 * @since 24.10 (the enum tag)
 */
enum flexio_dev_cc_db_next_act {
	CC_DB_NEXT_ACT_SINGLE = 0x0,   /**< Handle a single event. */
	CC_DB_NEXT_ACT_MULTIPLE = 0x1, /**< Handle multiple events. */
	CC_DB_NEXT_ACT_FW = 0x2,       /**< Pass to firmware. */
};

/** @brief enum flexio_dev_cc_db_next_act under its older typedef name. @since 24.01 */
typedef enum flexio_dev_cc_db_next_act flexio_dev_cc_db_next_act_t;
/** @brief enum flexio_ctrl_seg under its older typedef name. @since 23.x */
typedef enum flexio_ctrl_seg flexio_ctrl_seg_t;

#endif

/** @cond INTERNAL */
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

/** @endcond */

/* ------------------------------------------------------------------------ */
/* CQE, EQE and receive WQE getters (every release)                          */
/* ------------------------------------------------------------------------ */

/**
 * @brief Returns the byte count of a CQE (bytes received or transferred).
 * @param cqe The CQE (64-byte aligned).
 * @return The byte count.
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_byte_cnt(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be32(cqe, offsetof(struct flexio_dev_cqe64, byte_cnt));
}

/**
 * @brief Returns the opcode of a CQE (bits 7..4 of op_own).
 * @param cqe The CQE (64-byte aligned).
 * @return The CQE opcode.
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_cqe_get_opcode(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)(__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, op_own)) >> 4);
}

/**
 * @brief Returns the ownership bit of a CQE (bit 0 of op_own).
 * The CQE belongs to software when it equals the software owner value of the
 * current pass over the ring (it flips at every wrap-around).  Reads memory on
 * every call, so it can be polled.
 * @param cqe The CQE (64-byte aligned).
 * @return 0 or 1.
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_cqe_get_owner(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)(__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, op_own)) & 0x1u);
}

/**
 * @brief Returns the QP number of a CQE.
 * @param cqe The CQE (64-byte aligned).
 * @return The QP number (24 bits).
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_qpn(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be32(cqe, offsetof(struct flexio_dev_cqe64, qpn)) & 0xFFFFFFu;
}

/**
 * @brief Returns the WQE counter of a CQE: the index of the WQE the completion is for.
 * @param cqe The CQE (64-byte aligned).
 * @return The WQE counter.
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE uint16_t flexio_dev_cqe_get_wqe_counter(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be16(cqe, offsetof(struct flexio_dev_cqe64, wqe_counter));
}

/**
 * @brief Returns the CQ number of a completion event.
 * @param eqe The EQE (64-byte aligned).
 * @return The CQ number (24 bits).
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_eqe_get_cqn(struct flexio_dev_eqe *eqe)
{
	return __flexio_dev_ld_be32(eqe, offsetof(struct flexio_dev_eqe, event_data.cqn)) & 0xFFFFFFu;
}

/**
 * @brief Returns the ownership bit of an EQE (bit 0 of owner).  Can be polled.
 * @param eqe The EQE (64-byte aligned).
 * @return 0 or 1.
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_eqe_get_owner(struct flexio_dev_eqe *eqe)
{
	return (uint8_t)(__flexio_dev_ld8(eqe, offsetof(struct flexio_dev_eqe, owner)) & 0x1u);
}

#if FLEXIO_DEV_EDITION_OLD
/**
 * @brief Returns the buffer address of a receive WQE.
 * @param rwqe The receive WQE (23.x form: a struct flexio_dev_wqe_data_seg).
 * @return The buffer address.
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE void *flexio_dev_rwqe_get_addr(struct flexio_dev_wqe_data_seg *rwqe)
{
	return (void *)(uintptr_t)be64_to_cpu(
		__flexio_dev_ld64_raw(rwqe, offsetof(struct flexio_dev_wqe_data_seg, addr)));
}
#else
/**
 * @brief Returns the buffer address of a receive WQE.
 * @param rwqe The receive WQE (a receive data segment).
 * @return The buffer address.
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE void *flexio_dev_rwqe_get_addr(struct flexio_dev_wqe_rcv_data_seg *rwqe)
{
	return (void *)(uintptr_t)be64_to_cpu(
		__flexio_dev_ld64_raw(rwqe, offsetof(struct flexio_dev_wqe_rcv_data_seg, addr)));
}

/**
 * @brief Returns the user index of a CQE (24 bits of srqn_uidx).
 * @param cqe The CQE (64-byte aligned).
 * @return The user index.
 * @since 24.01
 */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_user_index(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be32(cqe, offsetof(struct flexio_dev_cqe64, srqn_uidx)) & 0xFFFFFFu;
}
#endif

#if !FLEXIO_DEV_LAYOUTS_2401

/* ------------------------------------------------------------------------ */
/* 24.10 and later: more CQE getters, compressed CQEs                        */
/* ------------------------------------------------------------------------ */

/**
 * @brief Returns the checksum-OK bits of a CQE.
 * @param cqe The CQE (64-byte aligned).
 * @return The checksum-OK bits.
 * @since 24.01
 */
FLEXIO_DEV_ALWAYS_INLINE uint16_t flexio_dev_cqe_get_csum_ok(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be16(cqe, offsetof(struct flexio_dev_cqe64, csum_ok));
}

/**
 * @brief Returns the error syndrome of a CQE (byte 37h).
 * @param cqe The CQE (64-byte aligned).
 * @return The error syndrome.
 * @since 24.01
 */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_err_synd(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, syndrome));
}

/**
 * @brief Returns the hardware error syndrome of a CQE (byte 34h).
 * @param cqe The CQE (64-byte aligned).
 * @return The hardware error syndrome.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_hw_err_synd(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, hw_err_syndrome));
}

/**
 * @brief Returns the vendor error syndrome of a CQE (byte 36h).
 * @param cqe The CQE (64-byte aligned).
 * @return The vendor error syndrome.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE uint32_t flexio_dev_cqe_get_vendor_err_synd(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, vendor_err_synd));
}

/**
 * @brief Returns the format of a CQE (bits 3..2 of op_own).
 * @param cqe The CQE (64-byte aligned).
 * @return 0 no inline data, 1 inline data in the 32-byte data segment, 2 inline
 *         data in the 64-byte data segment, 3 compressed CQE (a mini-CQE array).
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_cqe_get_type(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)((__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, op_own)) >> 2) & 0x3u);
}

/**
 * @brief Prepares CQEs for CQE compression.
 * Sets the validity iteration count byte of each CQE.
 * @param cqe The first CQE.
 * @param num_cqes The number of CQEs.
 * @param validity_iteration_count The value of the byte.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_comp_cq_init(struct flexio_dev_cqe64 *cqe, int num_cqes,
						      uint8_t validity_iteration_count)
{
	int i;

	for (i = 0; i < num_cqes; i++)
		__flexio_dev_st8(cqe + i, offsetof(struct flexio_dev_mini_cqe64, validity_iteration_count),
				 validity_iteration_count);
}

/**
 * @brief Returns the validity iteration count byte (byte 3Eh) of a CQE.
 * @param cqe The CQE (64-byte aligned).
 * @return The validity iteration count.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_comp_cqe_get_validity_byte(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, validity_iteration_count));
}

/**
 * @brief Tells whether a CQE is a mini-CQE array (format bits 3..2 of byte 3Fh are 3).
 * @param cqe The CQE (64-byte aligned).
 * @return Nonzero for a mini-CQE array, 0 otherwise.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_comp_cqe_is_comp_cqe_array(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)(((__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_mini_cqe64, num_and_type)) >> 2) &
			  0x3u) == 0x3u);
}

/**
 * @brief Returns the number of mini CQEs in a mini-CQE array (bits 7..4 of byte 3Fh, plus one).
 * @param cqe The mini-CQE array.
 * @return The number of mini CQEs (1..8).
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE uint8_t flexio_dev_comp_cqe_get_num_comp_cqes(struct flexio_dev_cqe64 *cqe)
{
	return (uint8_t)((__flexio_dev_ld8(cqe, offsetof(struct flexio_dev_mini_cqe64, num_and_type)) >> 4) + 1);
}

/**
 * @brief Returns one mini CQE of a mini-CQE array, as the 8 bytes stored (not byte-swapped).
 * Decode its fields with FLEXIO_DEV_COMP_CQE_GET_RX_HASH_RESULT() and be32_to_cpu().
 * @param cqe The mini-CQE array.
 * @param comp_cqe_index The index of the mini CQE (0..6).
 * @return The mini CQE.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE uint64_t flexio_dev_comp_cqe_get_comp_cqe(struct flexio_dev_cqe64 *cqe,
								   int comp_cqe_index)
{
	return __flexio_dev_ld64_raw(cqe, offsetof(struct flexio_dev_mini_cqe64, mini_cqe) +
						  (size_t)comp_cqe_index * sizeof(__be64));
}

/**
 * @brief Gets the RX hash result (first big-endian DWORD) of a mini CQE.
 * @param _x A mini CQE from flexio_dev_comp_cqe_get_comp_cqe().
 * @return The RX hash result in CPU order.
 * @since 24.10
 */
#define FLEXIO_DEV_COMP_CQE_GET_RX_HASH_RESULT(_x) be32_to_cpu((uint32_t)((_x) & 0xFFFFFFFFULL))

/* ------------------------------------------------------------------------ */
/* 24.10 and later: doorbell records                                         */
/* ------------------------------------------------------------------------ */

/**
 * @brief Writes a consumer index into a CQ doorbell record (DWORD 0, big-endian).
 * Follow with __dpa_thread_memory_writeback() so the NIC sees it.
 * @param cq_dbr The CQ doorbell record.
 * @param ci The consumer index (24 bits).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci)
{
	*(volatile uint32_t *)cq_dbr = cpu_to_be32(ci & 0xFFFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Marks one more receive WQE as posted: adds 1 to the producer counter of an RQ doorbell record.
 * Order it after the WQE writes with __dpa_thread_memory_fence(__DPA_W, __DPA_W)
 * and follow it with __dpa_thread_memory_writeback().
 * The counter is 16 bits, in big-endian DWORD 0.
 * @param rq_dbr The RQ doorbell record.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
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
 * @brief Fills the control segment (always the first segment) of a send WQE.
 * general_id is zeroed; for FLEXIO_CTRL_SEG_RDMA_WRITE_IMM write the immediate
 * data there afterwards.
 * @param swqe The segment to fill (16-byte aligned).
 * @param sq_pi The WQE index (16 bits).
 * @param sq_number The SQ number.
 * @param ce The completion mode (enum cq_ce_mode).
 * @param ctrl_seg_type The WQE type: sets the opcode and the segment count.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The segment is filled.
 * @retval FLEXIO_DEV_STATUS_FAILED Unknown @p ctrl_seg_type (nothing is written).
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe,
									 uint32_t sq_pi, uint32_t sq_number,
									 uint32_t ce,
									 enum flexio_ctrl_seg ctrl_seg_type)
{
	return __flexio_dev_swqe_ctrl_fill(swqe, sq_pi, sq_number, ce, ctrl_seg_type);
}

/**
 * @brief Fills an Ethernet segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param cs_swp_flags Checksum and SWP flags (flexio_dev_wqe_eth_seg_cs_swp_flags_t).
 * @param mss The maximum segment size (LSO only, else 0).
 * @param inline_hdr_bsz The inline header size.
 * @param inline_hdrs The first two inline header bytes (NULL: zeros).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_eth_set(union flexio_dev_sqe_seg *swqe,
									uint16_t cs_swp_flags, uint16_t mss,
									uint16_t inline_hdr_bsz,
									uint8_t inline_hdrs[2])
{
	__flexio_dev_swqe_eth_fill(swqe, cs_swp_flags, mss, inline_hdr_bsz, inline_hdrs);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills an RDMA segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param rkey The remote key.
 * @param raddr The remote address.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe,
									 uint32_t rkey, uint64_t raddr)
{
	__flexio_dev_swqe_rdma_fill(swqe, rkey, raddr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills a memory pointer data segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param data_sz The number of bytes.
 * @param lkey The local key of the memory.
 * @param data_addr The address of the data.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01 (23.x: flexio_dev_swqe_seg_data_set())
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_mem_ptr_data_set(union flexio_dev_sqe_seg *swqe,
										 uint32_t data_sz, uint32_t lkey,
										 uint64_t data_addr)
{
	__flexio_dev_swqe_data_fill(swqe, data_sz, lkey, data_addr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills an inline send data segment of a send WQE.
 * The three DWORDs are copied as they are.
 * @param swqe The segment to fill (16-byte aligned).
 * @param data_sz The byte count (the inline flag, bit 31, is added).
 * @param data Three DWORDs of data.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01
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
 * @brief Fills an atomic segment of a send WQE (compare-and-swap or fetch-and-add).
 * @param swqe The segment to fill (16-byte aligned).
 * @param swap_or_add_data The value swapped in (compare-and-swap) or added (fetch-and-add).
 * @param compare_data The compare value (unused by fetch-and-add).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_atomic_set(union flexio_dev_sqe_seg *swqe,
									   uint64_t swap_or_add_data,
									   uint64_t compare_data)
{
	__flexio_dev_swqe_atomic_fill(swqe, swap_or_add_data, compare_data);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills the next segment of a linked-list shared receive WQE; reserved bytes are zeroed.
 * @param swqe The segment to fill (16-byte aligned).
 * @param next_wqe_index The index of the next WQE.
 * @param signature The signature byte.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01
 */
FLEXIO_DEV_ALWAYS_INLINE flexio_dev_status_t flexio_dev_swqe_seg_shared_receive_set(union flexio_dev_sqe_seg *swqe,
										   uint16_t next_wqe_index,
										   uint8_t signature)
{
	__flexio_dev_swqe_shared_receive_fill(swqe, next_wqe_index, signature);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills a transpose segment of a send WQE; reserved bytes are zeroed.
 * @param swqe The segment to fill (16-byte aligned).
 * @param element_size The matrix element size.
 * @param num_of_cols The number of columns (7 bits).
 * @param num_of_rows The number of rows (7 bits).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01
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
 * @brief Fills the first (or only) address vector segment of a datagram WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param qkey The destination queue key.
 * @param dqp The destination QP (or DCT).
 * @param ext The extension flag (1: two more segments follow, see flexio_dev_swqe_seg_av2_set()
 *        and flexio_dev_swqe_seg_av3_set()).
 * @param stat_rate_sl The static rate and service level.
 * @param fl_mlid The force loopback flag and source LID.
 * @param rlid The remote LID.
 * @since 24.10
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
 * @brief Fills the second address vector segment of an extended datagram WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param rmac The remote MAC (6 bytes).
 * @param tclass The traffic class.
 * @param hop_limit The hop limit.
 * @param grh_gid_fl The GRH / source GID index / flow label word.
 * @since 24.10
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

/**
 * @brief Fills the third address vector segment of an extended datagram WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param rgid The remote GID (16 bytes).
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_swqe_seg_av3_set(union flexio_dev_sqe_seg *swqe, uint8_t *rgid)
{
	int i;

	for (i = 0; i < 16; i++)
		__flexio_dev_st8(swqe, (size_t)i, rgid[i]);
}

/**
 * @brief Fills the control part of a wait-on-data WQE.
 * Needs the device's wait_on_data capability.
 * @param swqe The segment to fill (16-byte aligned).
 * @param operation The compare operation.
 * @param inv 1 to invert the comparison.
 * @param lkey The local key of the data.
 * @param addr The address of the data (8-byte aligned).
 * @param action_on_fail The action when the comparison fails (3 bits).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.10
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
 * @brief Fills the data part of a wait-on-data WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param data The value compared, stored as given (in the order the device's
 *        wait_on_data_big_endian capability asks for).
 * @param data_mask The mask applied (stored big-endian).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.10
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
 * @brief Rings the send doorbell of an SQ or QP: the NIC executes the WQEs up to the producer index.
 * Write the WQEs back first (__dpa_thread_memory_writeback()).
 * @param pi The producer index: the index of the next free WQE (16 bits).
 * @param qnum The SQ or QP number.
 * @since 23.x (this form: 24.10)
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_qp_sq_ring_db(uint16_t pi, uint32_t qnum)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_SXD_DB,
				FLEXIO_OUTBOX_V_SXD_DB(pi, qnum));
}

/**
 * @brief Arms an emulation doorbell context of a queue.
 * @param qnum The queue number.
 * @param emu_ctx_id The context id (the host's flexio_emu_db_to_cq_ctx_get_id()).
 * @since 23.x (this form: 24.10)
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_db_ctx_arm(uint32_t qnum, uint32_t emu_ctx_id)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_EMU_CAP,
				FLEXIO_OUTBOX_V_EMU_CAP(qnum, emu_ctx_id));
}

/**
 * @brief Forces a trigger of an emulation doorbell context on a CQ.
 * @param cqn The CQ number.
 * @param emu_ctx_id The context id.
 * @since 23.x (this form: 24.10)
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_db_ctx_force_trigger(uint32_t cqn, uint32_t emu_ctx_id)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_EMU_CAP_TRIGGER,
				FLEXIO_OUTBOX_V_EMU_CAP(cqn, emu_ctx_id));
}

/**
 * @brief Updates the consumer index of an EQ after handling EQEs, without re-arming it.
 * @param ci The consumer index.
 * @param qnum The EQ number.
 * @since 23.x (this form: 24.10)
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_eq_update_ci(uint32_t ci, uint32_t qnum)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_EQ_DB_NO_REARM,
				FLEXIO_OUTBOX_V_EQ_DB(qnum, ci));
}

/**
 * @brief Arms a CQ: the next CQE written to it produces an event.
 * The event is an EQE, or the activation of the event handler attached to the
 * CQ.  Arming is one-shot: re-arm before every flexio_dev_thread_reschedule().
 * @param ci The consumer index.
 * @param qnum The CQ number.
 * @since 23.x (this form: 24.10)
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_cq_arm(uint32_t ci, uint32_t qnum)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_CQ_DB,
				FLEXIO_OUTBOX_V_CQ_DB(qnum, ci));
}

/**
 * @brief Generates a zero CQE on a CQ through the current outbox.
 * This may activate whatever is attached to the CQ (another thread, or an EQ and its MSI-X).
 * @param cqn The CQ number.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_zcqe_gen(uint32_t cqn)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_RXT_DB,
				FLEXIO_OUTBOX_V_RXT_DB(cqn));
}

/**
 * @brief Generates an MSI-X through a CQ linked to an MSI-X EQ: flexio_dev_zcqe_gen().
 * @param cqn The CQ number.
 * @since 23.x (this form: 24.10)
 */
#define flexio_dev_msix_send(cqn) flexio_dev_zcqe_gen(cqn)

/**
 * @brief Rings the congestion-control doorbell of a CC queue.
 * @param ccq_id The CC queue id.
 * @param rate The rate to set.
 * @param rtt_req 1 to request an RTT measurement, else 0.
 * @param next_act The next action.
 * @since 24.01 (this form: 24.10)
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_cc_ring_db(uint16_t ccq_id, uint32_t rate, uint32_t rtt_req,
						    enum flexio_dev_cc_db_next_act next_act)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_CC_DB,
				FLEXIO_OUTBOX_V_CC_DB(ccq_id, rate, rtt_req, next_act));
}

/**
 * @brief Writes a value prepared by the caller to the low 64 bits of the CC doorbell register.
 * @param value The value.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_cc_ring_db_low64bit(uint64_t value)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_CC_DB, value);
}

/**
 * @brief Writes a value prepared by the caller to the high 64 bits of the CC doorbell register.
 * @param value The value.
 * @since 24.10
 */
FLEXIO_DEV_ALWAYS_INLINE void flexio_dev_cc_ring_db_high64bit(uint64_t value)
{
	flexio_dev_outbox_write(flexio_os_get_thread_ctx()->outbox_base, FLEXIO_OUTBOX_CC_DB_MSB, value);
}

#elif FLEXIO_DEV_EDITION_2401

/* ------------------------------------------------------------------------ */
/* 24.x (NVIDIA 24.01): more CQE getters                                     */
/* ------------------------------------------------------------------------ */

/**
 * @brief Returns the checksum-OK bits of a CQE (byte 1Ch).
 * @param cqe The CQE (64-byte aligned).
 * @return The checksum-OK bits.
 * @since 24.01
 */
static inline uint8_t flexio_dev_cqe_get_csum_ok(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld8(cqe, offsetof(struct flexio_dev_cqe64, csum_ok));
}

/**
 * @brief Returns the error syndrome DWORD (0Dh) of a CQE, in CPU order.
 * @param cqe The CQE (64-byte aligned).
 * @return The error syndrome.
 * @since 24.01
 */
static inline uint32_t flexio_dev_cqe_get_err_synd(struct flexio_dev_cqe64 *cqe)
{
	return __flexio_dev_ld_be32(cqe, offsetof(struct flexio_dev_cqe64, err_syndrome));
}

/* ------------------------------------------------------------------------ */
/* 24.x: doorbell records and send WQE segment builders (header-inline)      */
/* ------------------------------------------------------------------------ */

/**
 * @brief Writes a consumer index into a CQ doorbell record (DWORD 0, big-endian).
 * @param cq_dbr The CQ doorbell record.
 * @param ci The consumer index (24 bits).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci)
{
	*(volatile uint32_t *)cq_dbr = cpu_to_be32(ci & 0xFFFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Marks one more receive WQE as posted: adds 1 to the producer counter of an RQ doorbell record.
 * The counter is 16 bits, in big-endian DWORD 0.
 * @param rq_dbr The RQ doorbell record.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_dbr_rq_inc_pi(uint32_t *rq_dbr)
{
	uint32_t pi = be32_to_cpu(*(volatile uint32_t *)rq_dbr);

	*(volatile uint32_t *)rq_dbr = cpu_to_be32((pi + 1) & 0xFFFFu);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills the control segment (always the first segment) of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param sq_pi The WQE index (16 bits).
 * @param sq_number The SQ number.
 * @param ce The completion mode (enum cq_ce_mode).
 * @param ctrl_seg_type The WQE type: sets the opcode and the segment count.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The segment is filled.
 * @retval FLEXIO_DEV_STATUS_FAILED Unknown @p ctrl_seg_type (nothing is written).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe, uint32_t sq_pi,
							       uint32_t sq_number, uint32_t ce,
							       flexio_ctrl_seg_t ctrl_seg_type)
{
	return __flexio_dev_swqe_ctrl_fill(swqe, sq_pi, sq_number, ce, ctrl_seg_type);
}

/**
 * @brief Fills an Ethernet segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param cs_swp_flags Checksum and SWP flags (flexio_dev_wqe_eth_seg_cs_swp_flags_t).
 * @param mss The maximum segment size (LSO only, else 0).
 * @param inline_hdr_bsz The inline header size.
 * @param inline_hdrs The first two inline header bytes (NULL: zeros).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_swqe_seg_eth_set(union flexio_dev_sqe_seg *swqe,
							      uint16_t cs_swp_flags, uint16_t mss,
							      uint16_t inline_hdr_bsz, uint8_t inline_hdrs[2])
{
	__flexio_dev_swqe_eth_fill(swqe, cs_swp_flags, mss, inline_hdr_bsz, inline_hdrs);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills an RDMA segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param rkey The remote key.
 * @param raddr The remote address.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe, uint32_t rkey,
							       uint64_t raddr)
{
	__flexio_dev_swqe_rdma_fill(swqe, rkey, raddr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills a memory pointer data segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param data_sz The number of bytes.
 * @param lkey The local key of the memory.
 * @param data_addr The address of the data.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01 (23.x: flexio_dev_swqe_seg_data_set())
 */
static inline flexio_dev_status_t flexio_dev_swqe_seg_mem_ptr_data_set(union flexio_dev_sqe_seg *swqe,
								       uint32_t data_sz, uint32_t lkey,
								       uint64_t data_addr)
{
	__flexio_dev_swqe_data_fill(swqe, data_sz, lkey, data_addr);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills an inline send data segment of a send WQE, as NVIDIA 24.01 does.
 * The byte count and the three DWORDs are stored big-endian.
 * @param swqe The segment to fill (16-byte aligned).
 * @param data_sz The byte count.
 * @param data Three DWORDs of data.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01
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

/**
 * @brief Fills an atomic segment of a send WQE (compare-and-swap or fetch-and-add).
 * @param swqe The segment to fill (16-byte aligned).
 * @param swap_or_add_data The value swapped in (compare-and-swap) or added (fetch-and-add).
 * @param compare_data The compare value (unused by fetch-and-add).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_swqe_seg_atomic_set(union flexio_dev_sqe_seg *swqe,
								 uint64_t swap_or_add_data, uint64_t compare_data)
{
	__flexio_dev_swqe_atomic_fill(swqe, swap_or_add_data, compare_data);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills the next segment of a linked-list shared receive WQE; reserved bytes are zeroed.
 * @param swqe The segment to fill (16-byte aligned).
 * @param next_wqe_index The index of the next WQE.
 * @param signature The signature byte.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01
 */
static inline flexio_dev_status_t flexio_dev_swqe_seg_shared_receive_set(union flexio_dev_sqe_seg *swqe,
									 uint16_t next_wqe_index, uint8_t signature)
{
	__flexio_dev_swqe_shared_receive_fill(swqe, next_wqe_index, signature);
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Fills a transpose segment of a send WQE; reserved bytes are zeroed.
 * @param swqe The segment to fill (16-byte aligned).
 * @param element_size The matrix element size.
 * @param num_of_cols The number of columns (7 bits).
 * @param num_of_rows The number of rows (7 bits).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01
 */
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

/**
 * @brief Rings the send doorbell of an SQ or QP.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param pi The producer index: the index of the next free WQE (16 bits).
 * @param qnum The SQ or QP number.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_qp_sq_ring_db(struct flexio_dev_thread_ctx *dtctx, uint16_t pi,
							   uint32_t qnum)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_SXD_DB, FLEXIO_OUTBOX_V_SXD_DB(pi, qnum));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Arms an emulation doorbell context of a queue.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param qnum The queue number.
 * @param emu_ctx_id The context id.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_db_ctx_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t qnum,
							uint32_t emu_ctx_id)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_EMU_CAP,
				FLEXIO_OUTBOX_V_EMU_CAP(qnum, emu_ctx_id));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Forces a trigger of an emulation doorbell context on a CQ.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param cqn The CQ number.
 * @param emu_ctx_id The context id.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_db_ctx_force_trigger(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn,
								  uint32_t emu_ctx_id)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_EMU_CAP_TRIGGER,
				FLEXIO_OUTBOX_V_EMU_CAP(cqn, emu_ctx_id));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Updates the consumer index of an EQ, without re-arming it.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param ci The consumer index.
 * @param qnum The EQ number.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_eq_update_ci(struct flexio_dev_thread_ctx *dtctx, uint32_t ci,
							  uint32_t qnum)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_EQ_DB_NO_REARM,
				FLEXIO_OUTBOX_V_EQ_DB(qnum, ci));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Arms a CQ: the next CQE written to it produces an event.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param ci The consumer index.
 * @param qnum The CQ number.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_cq_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t ci, uint32_t qnum)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_CQ_DB, FLEXIO_OUTBOX_V_CQ_DB(qnum, ci));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Sends an MSI-X through a CQ linked to an MSI-X EQ (a zero CQE).
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param cqn The CQ number.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
static inline flexio_dev_status_t flexio_dev_msix_send(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn)
{
	flexio_dev_outbox_write(__flexio_dev_outbox_of(dtctx), FLEXIO_OUTBOX_RXT_DB, FLEXIO_OUTBOX_V_RXT_DB(cqn));
	return FLEXIO_DEV_STATUS_SUCCESS;
}

/**
 * @brief Rings the congestion-control doorbell of a CC queue.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param ccq_id The CC queue id.
 * @param rate The rate to set.
 * @param rtt_req 1 to request an RTT measurement, else 0.
 * @param next_act The next action.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 24.01
 */
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

/**
 * @brief Writes a consumer index into a CQ doorbell record (DWORD 0, big-endian).
 * @param cq_dbr The CQ doorbell record.
 * @param ci The consumer index (24 bits).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci);

/**
 * @brief Marks one more receive WQE as posted: adds 1 to the producer counter of an RQ doorbell record.
 * The counter is 16 bits, in big-endian DWORD 0.
 * @param rq_dbr The RQ doorbell record.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_dbr_rq_inc_pi(uint32_t *rq_dbr);

/**
 * @brief Writes a producer index into the send counter of an SQ doorbell record.
 * The send counter is its second DWORD, big-endian, as on mlx5 hardware.
 * @param sq_dbr The SQ doorbell record.
 * @param pi The producer index (16 bits).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x (23.x only)
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_dbr_sq_set_pi(uint32_t *sq_dbr, uint32_t pi);

/**
 * @brief Fills the control segment (always the first segment) of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param sq_pi The WQE index (16 bits).
 * @param sq_number The SQ number.
 * @param ce The completion mode (enum cq_ce_mode).
 * @param ctrl_seg_type The WQE type: sets the opcode and the segment count.
 * @return The status (flexio_dev_status_t):
 * @retval FLEXIO_DEV_STATUS_SUCCESS The segment is filled.
 * @retval FLEXIO_DEV_STATUS_FAILED Unknown @p ctrl_seg_type (nothing is written).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe,
								   uint32_t sq_pi, uint32_t sq_number, uint32_t ce,
								   flexio_ctrl_seg_t ctrl_seg_type);

/**
 * @brief Fills an Ethernet segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param cs_swp_flags Checksum and SWP flags (flexio_dev_wqe_eth_seg_cs_swp_flags_t).
 * @param mss The maximum segment size (LSO only, else 0).
 * @param inline_hdr_bsz The inline header size.
 * @param inline_hdrs The first two inline header bytes (NULL: zeros).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_eth_set(union flexio_dev_sqe_seg *swqe,
								  uint16_t cs_swp_flags, uint16_t mss,
								  uint16_t inline_hdr_bsz, uint8_t inline_hdrs[2]);

/**
 * @brief Fills a data segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param data_sz The number of bytes.
 * @param lkey The local key of the memory.
 * @param data_addr The address of the data.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x (23.x only; later: flexio_dev_swqe_seg_mem_ptr_data_set())
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_data_set(union flexio_dev_sqe_seg *swqe,
								   uint32_t data_sz, uint32_t lkey,
								   uint64_t data_addr);

/**
 * @brief Fills an RDMA segment of a send WQE.
 * @param swqe The segment to fill (16-byte aligned).
 * @param rkey The remote key.
 * @param data_addr The remote address.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe,
								   uint32_t rkey, uint64_t data_addr);

/**
 * @brief Fills an atomic segment of a send WQE (compare-and-swap or fetch-and-add).
 * @param swqe The segment to fill (16-byte aligned).
 * @param swap_or_add_data The value swapped in (compare-and-swap) or added (fetch-and-add).
 * @param compare_data The compare value (unused by fetch-and-add).
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_swqe_seg_atomic_set(union flexio_dev_sqe_seg *swqe,
								     uint64_t swap_or_add_data,
								     uint64_t compare_data);

/**
 * @brief Rings the send doorbell of an SQ or QP.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param pi The producer index: the index of the next free WQE (16 bits).
 * @param qnum The SQ or QP number.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_qp_sq_ring_db(struct flexio_dev_thread_ctx *dtctx, uint16_t pi,
							       uint32_t qnum);

/**
 * @brief Arms a CQ: the next CQE written to it produces an event.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param ci The consumer index.
 * @param qnum The CQ number.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_cq_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t ci,
							uint32_t qnum);

/**
 * @brief Updates the consumer index of an EQ, without re-arming it.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param ci The consumer index.
 * @param qnum The EQ number.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_eq_update_ci(struct flexio_dev_thread_ctx *dtctx, uint32_t ci,
							      uint32_t qnum);

/**
 * @brief Sends an MSI-X through a CQ linked to an MSI-X EQ (a zero CQE).
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param cqn The CQ number.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_msix_send(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn);

/**
 * @brief Arms an emulation doorbell context of a CQ.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param cqn The CQ number.
 * @param emu_ctx_id The context id.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_db_ctx_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t cqn,
							    uint32_t emu_ctx_id);

/**
 * @brief Forces a trigger of an emulation doorbell context on a CQ.
 * @param dtctx The thread context whose outbox is used (flexio_dev_get_thread_ctx()).
 * @param cqn The CQ number.
 * @param emu_ctx_id The context id.
 * @return FLEXIO_DEV_STATUS_SUCCESS (nothing is checked).
 * @since 23.x
 */
FLEXIO_DEV_STABLE flexio_dev_status_t flexio_dev_db_ctx_force_trigger(struct flexio_dev_thread_ctx *dtctx,
								      uint32_t cqn, uint32_t emu_ctx_id);

#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_QUEUE_ACCESS_H */
