/**
 * @file
 * @brief OpenFlexIO — Flex IO SDK dev queue types: the layouts of the NIC queue
 * elements a DPA program reads and writes.
 *
 * Every structure here is packed, 8-byte aligned and big-endian (__be16/
 * __be32/__be64 fields hold network-order values; use be32_to_cpu() and
 * friends, or the getters and builders of
 * <libflexio-dev/flexio_dev_queue_access.h>).  The 23.x and 24.x releases have
 * NVIDIA 24.01's layouts, later releases NVIDIA 25.1's (a CQE with separate
 * syndrome bytes, more WQE segments).  Sizes: a CQE, a
 * compressed CQE (mini-CQE array) and an EQE are 64 bytes; a WQE segment is
 * 16 bytes and four of them make a 64-byte WQE basic block (WQEBB).
 *
 * Offsets in the field comments are given as in the reference manual: DWORD
 * indexes (00h..0Fh) with bit ranges inside the big-endian DWORD (bit 31 is the
 * first byte in memory) for CQEs and WQE segments, byte offsets for EQEs and
 * mini-CQE arrays.  The layouts are checked at compile time.
 *
 * This header compiles for the DPA and for the host (the simulated NIC builds
 * the same structures).
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_QUEUE_TYPES_H
#define OPENFLEXIO_FLEXIO_DEV_QUEUE_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include <libflexio-dev/flexio_dev_markers.h>

#include <libflexio-dev/flexio_dev_endianity.h>
#include <libflexio-dev/flexio_dev_ver.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief log2 of the number of 16-byte segments in a WQE basic block.
 *
 * An SQ's depth (log_sq_depth) counts WQEBBs of 64 bytes = 4 segments of 16
 * bytes; WQE index w is made of segment indexes 4w .. 4w+3 (WQE 5 = segments
 * 20, 21, 22 and 23).
 * @since 24.01
 */
#define LOG_SQE_NUM_SEGS 2

/*
 * Queue elements are packed and 8-byte aligned, as in NVIDIA's headers (an
 * element always sits at an aligned place of its ring).
 */
#define FLEXIO_DEV_QUEUE_ELEMENT __attribute__((packed, aligned(8))) /**< Internal: the attributes of a queue element. */

/* ------------------------------------------------------------------------ */
/* Event queue element                                                       */
/* ------------------------------------------------------------------------ */

/**
 * @brief Flex IO dev EQE (64 bytes; offsets are byte offsets).
 * @since 24.01
 */
struct flexio_dev_eqe {
	uint8_t rsvd00;    /**< 00h - Reserved. */
	uint8_t type;      /**< 01h - EQE type. */
	uint8_t rsvd02;    /**< 02h - Reserved. */
	uint8_t sub_type;  /**< 03h - Sub type. */
	uint8_t rsvd4[28]; /**< 04h..1Fh - Reserved. */
	struct {
		__be32 rsvd00[6]; /* 20h..37h - Reserved. */
		__be32 cqn;       /* 38h - CQN in the 24 least significant bits. */
	} event_data; /**< 20h..3Bh - Event data (completion event layout: the CQN at 38h). */
	__be16 rsvd3c;     /**< 3Ch - Reserved. */
	uint8_t signature; /**< 3Eh - Signature. */
	uint8_t owner;     /**< 3Fh - Owner (bit 0). */
} FLEXIO_DEV_QUEUE_ELEMENT;

/* ------------------------------------------------------------------------ */
/* Completion queue element                                                  */
/* ------------------------------------------------------------------------ */

#if FLEXIO_DEV_LAYOUTS_2401

/**
 * @brief Flex IO dev CQE (64 bytes), NVIDIA 24.01's layout.
 * @since 24.01
 */
struct flexio_dev_cqe64 {
	__be32 rsvd0[7];         /**< 00h..06h - Reserved. */
	uint8_t csum_ok;         /**< 07h 24..31 - Checksum OK bits. */
	uint8_t rsvd29[3];       /**< 07h 0..23 - Reserved. */
	__be32 srqn_uidx;        /**< 08h - SRQ number or user index (24 bits). */
	__be32 rsvd36[2];        /**< 09h..0Ah - Reserved. */
	__be32 byte_cnt;         /**< 0Bh - Byte count. */
	__be32 rsvd48;           /**< 0Ch - Reserved. */
	__be32 err_syndrome;     /**< 0Dh - Error syndrome. */
	__be32 qpn;              /**< 0Eh - QPN (24 bits). */
	__be16 wqe_counter;      /**< 0Fh 16..31 - WQE counter. */
	uint8_t signature;       /**< 0Fh 8..15 - Signature. */
	volatile uint8_t op_own; /**< 0Fh 0..7 - Opcode (7..4), CQE format (3..2), ownership (bit 0). */
} FLEXIO_DEV_QUEUE_ELEMENT;

#else

/**
 * @brief Flex IO dev CQE (64 bytes), NVIDIA 25.1's layout.
 * @since 24.01 (this layout: 24.10)
 */
struct flexio_dev_cqe64 {
	__be32 rsvd00[5];        /**< 00h..04h - Reserved. */
	__be16 csum_ok;          /**< 05h 16..31 - Checksum OK bits. */
	uint8_t rsvd22[2];       /**< 05h 0..15 - Reserved. */
	__be32 rsvd24[2];        /**< 06h..07h - Reserved. */
	__be32 srqn_uidx;        /**< 08h - SRQ number or user index (24 bits). */
	__be32 imm_inval_pkey;   /**< 09h - Immediate / invalidate key / pkey. */
	__be32 rsvd40;           /**< 0Ah - Reserved. */
	__be32 byte_cnt;         /**< 0Bh - Byte count. */
	__be32 rsvd48;           /**< 0Ch - Reserved. */
	uint8_t hw_err_syndrome; /**< 0Dh 24..31 - Hardware error syndrome. */
	uint8_t rsvd50;          /**< 0Dh 16..23 - Reserved. */
	uint8_t vendor_err_synd; /**< 0Dh 8..15 - Vendor error syndrome. */
	uint8_t syndrome;        /**< 0Dh 0..7 - Error syndrome. */
	__extension__ union {
		__extension__ struct {
			uint8_t sop_rdrop; /**< 0Eh 24..31 - Send WQE opcode / RX drop counter. */
			uint8_t qpn24[3];  /**< 0Eh 0..23 - QPN with 24 bits. */
		};
		__be32 qpn;              /**< 0Eh - QPN (24 bits). */
	};
	__be16 wqe_counter;      /**< 0Fh 16..31 - WQE counter. */
	__extension__ union {
		uint8_t signature;                /**< 0Fh 8..15 - Signature. */
		uint8_t validity_iteration_count; /**< 0Fh 8..15 - Validity iteration count (CQE compression). */
	};
	volatile uint8_t op_own; /**< 0Fh 0..7 - Opcode (7..4), CQE format (3..2), ownership (bit 0). */
} FLEXIO_DEV_QUEUE_ELEMENT;

#endif

/**
 * @brief Flex IO dev compressed CQE: an array of mini CQEs in one 64-byte CQE slot.
 * @since 24.10
 */
struct flexio_dev_mini_cqe64 {
	__be64 mini_cqe[7];               /**< 00h..37h - Mini CQE array. */
	uint8_t rsvd0[6];                 /**< 38h..3Dh - Reserved. */
	uint8_t validity_iteration_count; /**< 3Eh - Validity iteration count. */
	uint8_t num_and_type;             /**< 3Fh - Number of mini CQEs - 1 (7..4), format (3..2 = 3). */
} FLEXIO_DEV_QUEUE_ELEMENT;

/* ------------------------------------------------------------------------ */
/* Work queue element segments (16 bytes each)                               */
/* ------------------------------------------------------------------------ */

/**
 * @brief Flex IO dev WQE memory pointer send data segment.
 * @since 24.01
 */
struct flexio_dev_wqe_mem_ptr_send_data_seg {
	__be32 byte_count; /**< 00h - Byte count. */
	__be32 lkey;       /**< 01h - Local key. */
	__be64 addr;       /**< 02h..03h - Address. */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev WQE inline send data segment.
 * @since 24.01
 */
struct flexio_dev_wqe_inline_send_data_seg {
	__be32 byte_count;          /**< 00h - Byte count; bit 31 set marks inline data. */
	__be32 data_and_padding[3]; /**< 01h..03h - Data and padding. */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev WQE receive data segment (one per receive WQE).
 * @since 24.01
 */
struct flexio_dev_wqe_rcv_data_seg {
	__be32 byte_count; /**< 00h - Byte count. */
	__be32 lkey;       /**< 01h - Local key. */
	__be64 addr;       /**< 02h..03h - Address. */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev shared receive WQE next segment (linked-list SRQ/RMP).
 * @since 24.01
 */
struct flexio_dev_wqe_shared_receive_seg {
	uint8_t rsvd0[2];      /**< 00h 16..31 - Reserved. */
	__be16 next_wqe_index; /**< 00h 0..15 - Index of the next WQE to be executed. */
	uint8_t signature;     /**< 01h 24..31 - WQE signature. */
	uint8_t rsvd1[11];     /**< 01h 0..23, 02h..03h - Reserved. */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev WQE control segment: the first segment of every send WQE.
 * @since 24.01
 */
struct flexio_dev_wqe_ctrl_seg {
	__be32 idx_opcode;         /**< 00h - Opcode modifier (31..24), WQE index (23..8), opcode (7..0). */
	__be32 qpn_ds;             /**< 01h - QP/SQ number (31..8), number of 16-byte segments (5..0). */
	__be32 signature_fm_ce_se; /**< 02h - Signature, fence mode, completion mode (3..2), solicited event. */
	__be32 general_id;         /**< 03h - Control general ID (immediate data for RDMA write with immediate). */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev Ethernet segment bit mask of checksum / SWP flags (cs_swp_flags).
 * @since 24.01
 */
typedef enum flexio_dev_wqe_eth_seg_cs_swp_flags_t {
	FLEXIO_ETH_SEG_L4CS = 0x8000,              /**< Compute the L4 checksum. */
	FLEXIO_ETH_SEG_L3CS = 0x4000,              /**< Compute the L3 checksum. */
	FLEXIO_ETH_SEG_L4CS_INNER = 0x2000,        /**< Compute the inner L4 checksum. */
	FLEXIO_ETH_SEG_L3CS_INNER = 0x1000,        /**< Compute the inner L3 checksum. */
	FLEXIO_ETH_SEG_TRAILER_ALIGN = 0x0200,     /**< Trailer alignment. */
	FLEXIO_ETH_SEG_SWP_OUTER_L4_TYPE = 0x0040, /**< SWP outer L4 type. */
	FLEXIO_ETH_SEG_SWP_OUTER_L3_TYPE = 0x0020, /**< SWP outer L3 type. */
	FLEXIO_ETH_SEG_SWP_INNER_L4_TYPE = 0x0002, /**< SWP inner L4 type. */
	FLEXIO_ETH_SEG_SWP_INNER_L3_TYPE = 0x0001, /**< SWP inner L3 type. */
} flexio_dev_wqe_eth_seg_cs_swp_flags_t;

/**
 * @brief Flex IO dev WQE Ethernet segment.
 * @since 24.01
 */
struct flexio_dev_wqe_eth_seg {
	__be32 rsvd0;           /**< 00h - Reserved. */
	__be16 cs_swp_flags;    /**< 01h 16..31 - Checksum and SWP flags (flexio_dev_wqe_eth_seg_cs_swp_flags_t). */
	__be16 mss;             /**< 01h 0..15 - Maximum segment size (LSO only). */
	__be32 rsvd2;           /**< 02h - Reserved. */
	__be16 inline_hdr_bsz;  /**< 03h 16..31 - Inline headers size in bytes. */
	uint8_t inline_hdrs[2]; /**< 03h 0..15 - Inline headers (first two bytes). */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev WQE inline data segment: 16 bytes of raw data.
 * @since 24.01
 */
struct flexio_dev_wqe_inline_data_seg {
	uint8_t inline_data[16]; /**< 00h..03h - Inline data. */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev WQE RDMA segment.
 * @since 24.01
 */
struct flexio_dev_wqe_rdma_seg {
	__be64 raddr; /**< 00h..01h - Remote address. */
	__be32 rkey;  /**< 02h - Remote key. */
	__be32 rsvd0; /**< 03h - Reserved. */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev WQE atomic segment (compare-and-swap or fetch-and-add).
 * @since 24.01
 */
struct flexio_dev_wqe_atomic_seg {
	__be64 swap_or_add_data; /**< 00h..01h - Swap or add operand. */
	__be64 compare_data;     /**< 02h..03h - Compare operand (unused for fetch-and-add). */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev WQE transpose segment (local MMO matrix transpose).
 * @since 24.01
 */
struct flexio_dev_wqe_transpose_seg {
	uint8_t rsvd0[3];     /**< 00h 8..31 - Reserved. */
	uint8_t element_size; /**< 00h 0..7 - Matrix element size. */
	uint8_t rsvd1;        /**< 01h 24..31 - Reserved. */
	uint8_t num_of_cols;  /**< 01h 16..22 - Number of columns (7 bits). */
	uint8_t rsvd2;        /**< 01h 8..15 - Reserved. */
	uint8_t num_of_rows;  /**< 01h 0..6 - Number of rows (7 bits). */
	uint8_t rsvd4[8];     /**< 02h..03h - Reserved. */
} FLEXIO_DEV_QUEUE_ELEMENT;

#if FLEXIO_DEV_EDITION_OLD
/**
 * @brief 23.x: the WQE data segment (send or receive; the layout of the mem_ptr / rcv segments).
 * @since 23.x (23.x only)
 */
struct flexio_dev_wqe_data_seg {
	__be32 byte_count; /**< 00h - Byte count. */
	__be32 lkey;       /**< 01h - Local key. */
	__be64 addr;       /**< 02h..03h - Address. */
} FLEXIO_DEV_QUEUE_ELEMENT;
#endif

#if !FLEXIO_DEV_LAYOUTS_2401

/**
 * @brief Flex IO dev wait-on-data segment, control part (WQE of type FLEXIO_CTRL_SEG_WAIT_ON_DATA).
 * @since 24.10
 */
struct flexio_dev_wqe_wait_on_data_seg {
	uint8_t rsvd0[3];          /**< 00h 8..31 - Reserved. */
	uint8_t op_inv;            /**< 00h 0..3 - Operation, 4 - Invert. */
	uint32_t lkey;             /**< 01h - Local key of the address (big-endian). */
	uint32_t va_63_32;         /**< 02h - Address bits 63..32 (big-endian). */
	uint32_t va_31_3_fail_act; /**< 03h - Address bits 31..3, action on failure in bits 2..0 (big-endian). */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev wait-on-data segment, data part.
 * @since 24.10
 */
struct flexio_dev_wqe_wait_on_data_data_seg {
	__be64 data;      /**< 00h..01h - Data compared with. */
	__be64 data_mask; /**< 02h..03h - Mask of the data. */
} FLEXIO_DEV_QUEUE_ELEMENT;

/**
 * @brief Flex IO dev WQE address vector (datagram segment, UD sends): one segment
 * (s1), or three with the extension bit set (s1, s2, s3).
 * @since 24.10
 */
struct flexio_dev_wqe_datagram_seg {
	__extension__ union {
		struct {
			union {
				struct {
					__be32 qkey;     /**< 00h - Queue key. */
					__be32 reserved; /**< 01h - Reserved. */
				} qkey;
				__be64 dc_key;           /**< 00h..01h - DC access key. */
			} key;
			__be32 ext_dqp_dct;  /**< 02h - Extension (31), destination QP or DCT (23..0). */
			uint8_t stat_rate_sl; /**< 03h 24..31 - Static rate (7..4), service level (3..0). */
			uint8_t fl_mlid;      /**< 03h 16..23 - Force loopback (7), source LID (6..0). */
			__be16 rlid;          /**< 03h 0..15 - Remote LID. */
		} s1;
		struct {
			uint8_t reserved0[4]; /**< 00h - Reserved. */
			uint8_t rmac[6];      /**< 01h..02h - Remote MAC. */
			uint8_t tclass;       /**< 02h 8..15 - GRH traffic class. */
			uint8_t hop_limit;    /**< 02h 0..7 - GRH hop limit. */
			__be32 grh_gid_fl;    /**< 03h - GRH (30), source GID index (27..20), flow label (19..0). */
		} s2;
		struct {
			uint8_t rgid[16];     /**< 00h..03h - Remote GID. */
		} s3;
	};
} FLEXIO_DEV_QUEUE_ELEMENT;

#endif

/**
 * @brief Flex IO dev send WQE segment: one 16-byte segment, seen as any segment type.
 * @since 24.01
 */
union flexio_dev_sqe_seg {
	struct flexio_dev_wqe_ctrl_seg ctrl;                           /**< Control segment. */
	struct flexio_dev_wqe_eth_seg eth;                             /**< Ethernet segment. */
	struct flexio_dev_wqe_inline_data_seg inline_data;             /**< Inline data segment. */
	struct flexio_dev_wqe_rdma_seg rdma;                           /**< RDMA segment. */
	struct flexio_dev_wqe_mem_ptr_send_data_seg mem_ptr_send_data; /**< Memory pointer send data segment. */
	struct flexio_dev_wqe_inline_send_data_seg inline_send_data;   /**< Inline send data segment. */
	struct flexio_dev_wqe_atomic_seg atomic;                       /**< Atomic segment. */
	struct flexio_dev_wqe_transpose_seg transpose;                 /**< Transpose segment. */
	struct flexio_dev_wqe_shared_receive_seg shared_receive;       /**< Shared receive. */
#if !FLEXIO_DEV_LAYOUTS_2401
	struct flexio_dev_wqe_wait_on_data_seg wait_on_data;           /**< Wait on data, control part. */
	struct flexio_dev_wqe_wait_on_data_data_seg wait_on_data_data; /**< Wait on data, data part. */
	struct flexio_dev_wqe_datagram_seg adres_vector;               /**< Address vector (datagram). */
#endif
#if FLEXIO_DEV_EDITION_OLD
	struct flexio_dev_wqe_data_seg data;                           /**< Data segment (23.x). */
#endif
};

/* Spellings without the struct/union keyword, as the reference manual prints them. */
typedef struct flexio_dev_cqe64 flexio_dev_cqe64; /**< @brief struct flexio_dev_cqe64 without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_mini_cqe64 flexio_dev_mini_cqe64; /**< @brief struct flexio_dev_mini_cqe64 without the keyword, as the reference manual prints it. @since 24.10 */
typedef struct flexio_dev_eqe flexio_dev_eqe; /**< @brief struct flexio_dev_eqe without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_ctrl_seg flexio_dev_wqe_ctrl_seg; /**< @brief struct flexio_dev_wqe_ctrl_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_eth_seg flexio_dev_wqe_eth_seg; /**< @brief struct flexio_dev_wqe_eth_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_inline_data_seg flexio_dev_wqe_inline_data_seg; /**< @brief struct flexio_dev_wqe_inline_data_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_inline_send_data_seg flexio_dev_wqe_inline_send_data_seg; /**< @brief struct flexio_dev_wqe_inline_send_data_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_mem_ptr_send_data_seg flexio_dev_wqe_mem_ptr_send_data_seg; /**< @brief struct flexio_dev_wqe_mem_ptr_send_data_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_rcv_data_seg flexio_dev_wqe_rcv_data_seg; /**< @brief struct flexio_dev_wqe_rcv_data_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_rdma_seg flexio_dev_wqe_rdma_seg; /**< @brief struct flexio_dev_wqe_rdma_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_atomic_seg flexio_dev_wqe_atomic_seg; /**< @brief struct flexio_dev_wqe_atomic_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_transpose_seg flexio_dev_wqe_transpose_seg; /**< @brief struct flexio_dev_wqe_transpose_seg without the keyword, as the reference manual prints it. @since 24.01 */
typedef struct flexio_dev_wqe_shared_receive_seg flexio_dev_wqe_shared_receive_seg; /**< @brief struct flexio_dev_wqe_shared_receive_seg without the keyword, as the reference manual prints it. @since 24.01 */
#if FLEXIO_DEV_EDITION_OLD
typedef struct flexio_dev_wqe_data_seg flexio_dev_wqe_data_seg; /**< @brief struct flexio_dev_wqe_data_seg without the keyword, as the reference manual prints it. @since 23.x (23.x only) */
#endif
#if !FLEXIO_DEV_LAYOUTS_2401
typedef struct flexio_dev_wqe_wait_on_data_seg flexio_dev_wqe_wait_on_data_seg; /**< @brief struct flexio_dev_wqe_wait_on_data_seg without the keyword, as the reference manual prints it. @since 24.10 */
typedef struct flexio_dev_wqe_wait_on_data_data_seg flexio_dev_wqe_wait_on_data_data_seg; /**< @brief struct flexio_dev_wqe_wait_on_data_data_seg without the keyword, as the reference manual prints it. @since 24.10 */
typedef struct flexio_dev_wqe_datagram_seg flexio_dev_wqe_datagram_seg; /**< @brief struct flexio_dev_wqe_datagram_seg without the keyword, as the reference manual prints it. @since 24.10 */
#endif
typedef union flexio_dev_sqe_seg flexio_dev_sqe_seg; /**< @brief union flexio_dev_sqe_seg without the keyword, as the reference manual prints it. @since 24.01 */

/** @cond INTERNAL */
/* ------------------------------------------------------------------------ */
/* Layout checks                                                             */
/* ------------------------------------------------------------------------ */

FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_cqe64) == 64, "CQE is 64 bytes");
#if FLEXIO_DEV_LAYOUTS_2401
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, csum_ok) == 0x1c, "CQE csum_ok at 0x1c");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, err_syndrome) == 0x34, "CQE err_syndrome at 0x34");
#else
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, csum_ok) == 0x14, "CQE csum_ok at 0x14");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, imm_inval_pkey) == 0x24, "CQE imm at 0x24");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, hw_err_syndrome) == 0x34, "CQE syndromes at 0x34");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, syndrome) == 0x37, "CQE syndrome at 0x37");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, sop_rdrop) == 0x38, "CQE sop_rdrop at 0x38");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, qpn24) == 0x39, "CQE qpn24 at 0x39");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, validity_iteration_count) == 0x3e,
			 "CQE validity at 0x3e");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_wait_on_data_seg) == 16, "wait segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_datagram_seg) == 16, "address vector segment is 16 bytes");
#endif
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, srqn_uidx) == 0x20, "CQE srqn_uidx at 0x20");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, byte_cnt) == 0x2c, "CQE byte_cnt at 0x2c");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, qpn) == 0x38, "CQE qpn at 0x38");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, wqe_counter) == 0x3c, "CQE wqe_counter at 0x3c");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, signature) == 0x3e, "CQE signature at 0x3e");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_cqe64, op_own) == 0x3f, "CQE op_own at 0x3f");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_mini_cqe64) == 64, "mini-CQE array is 64 bytes");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_mini_cqe64, validity_iteration_count) == 0x3e,
			 "mini-CQE validity at 0x3e");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_mini_cqe64, num_and_type) == 0x3f,
			 "mini-CQE num_and_type at 0x3f");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_eqe) == 64, "EQE is 64 bytes");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_eqe, event_data) == 0x20, "EQE event_data at 0x20");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_eqe, event_data.cqn) == 0x38, "EQE cqn at 0x38");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_eqe, owner) == 0x3f, "EQE owner at 0x3f");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_ctrl_seg) == 16, "ctrl segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_eth_seg) == 16, "eth segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_wqe_eth_seg, inline_hdr_bsz) == 12, "eth inline_hdr_bsz at 12");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_inline_data_seg) == 16, "inline data segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_inline_send_data_seg) == 16, "inline send segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_mem_ptr_send_data_seg) == 16, "data segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_rcv_data_seg) == 16, "receive segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_rdma_seg) == 16, "RDMA segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_atomic_seg) == 16, "atomic segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_transpose_seg) == 16, "transpose segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(offsetof(struct flexio_dev_wqe_transpose_seg, num_of_rows) == 7, "transpose rows at 7");
FLEXIO_DEV_STATIC_ASSERT(sizeof(struct flexio_dev_wqe_shared_receive_seg) == 16, "SRQ next segment is 16 bytes");
FLEXIO_DEV_STATIC_ASSERT(sizeof(union flexio_dev_sqe_seg) == 16, "a WQE segment is 16 bytes");
/** @endcond */

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_QUEUE_TYPES_H */
