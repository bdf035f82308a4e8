/**
 * @file
 * OpenFlexIO — the FlexIO host API (libflexio).
 *
 * An open implementation of NVIDIA's FlexIO SDK host library.  A FlexIO
 * program loads a DPA application (built by dpacc) into a DPA process on a
 * device, calls its functions, gives it memory, queues and event handlers,
 * and collects its messages and errors.  OpenFlexIO runs all of it on a
 * simulated BlueField-3 DPA and NIC (device "mlx5_sim0").
 *
 * Releases.  This header serves the API of each FlexIO release exactly: a
 * program picks one with FLEXIO_VER_USED (see <libflexio/flexio_ver.h>):
 *   - 23.x: the older API of the DOCA Driver APIs manual (flexio_print_init,
 *     flexio_app_create(name, elf, size, &app), ...).  Functions whose
 *     parameters changed keep their old form under the symbol version
 *     FLEXIO_1.0, so programs of every release link against the same
 *     libflexio.so.1;
 *   - 24.0 .. 24.9: NVIDIA FlexIO 24.01 .. 24.07 (flexio_msg_stream_* and
 *     flexio_log_dev_*, nothing marked experimental);
 *   - 24.10 .. 25.x: the FlexIO SDK API Reference Manual, from 25.0 with
 *     NVIDIA 25.1's message-stream transports (struct flexio_msg_stream_attr
 *     with transport_mode, the FLEXIO_MSG_DEV_SYNC_MODE_* names), which
 *     NVIDIA's 25.1 samples use, and the DPA resources functions
 *     (flexio_resources_*) NVIDIA's DOCA 3.0 samples call;
 *   - 26.x (default: FLEXIO_CURRENT_VERSION): the same plus the 26.x
 *     additions.
 * Structure layouts are NVIDIA's declaration order: the 23.x and 24.x
 * releases use NVIDIA 24.01's structures, later releases the same with the
 * fields the later releases add.  flexio_version_set tells the library which
 * layouts the program uses; a program that never calls it gets those of the
 * version this header announces (flexio_version_announce), or 24.01's when
 * nothing announced one (NVIDIA's headers, a dlopen user).
 *
 * Stability.  Functions marked FLEXIO_EXPERIMENTAL may change between
 * releases; using one raises a "deprecated" warning unless the program
 * defines FLEXIO_ALLOW_EXPERIMENTAL_API before including this header.  The
 * 24.x releases mark nothing experimental, as NVIDIA's 24.01 headers.
 *
 * Errors.  Functions returning flexio_status return FLEXIO_STATUS_SUCCESS or
 * FLEXIO_STATUS_FAILED; getters of ids return UINT32_MAX on error, getters of
 * pointers return NULL.  Every failure logs one line naming the function and
 * the reason (see flexio_log_lvl_set).
 *
 * Every object is an opaque handle.  Objects created in a process are
 * destroyed with it: flexio_process_destroy releases everything created in
 * the process; destroying the children first is also fine.
 */
#ifndef OPENFLEXIO_FLEXIO_H
#define OPENFLEXIO_FLEXIO_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

#include <infiniband/verbs.h>
#include <infiniband/mlx5dv.h>

#include <common/flexio_common.h>
#include <libflexio/flexio_ver.h>

/* ------------------------------------------------------------------------ */
/* Release selection                                                         */
/* ------------------------------------------------------------------------ */

#ifndef FLEXIO_VER_USED
#ifdef FLEXIO_VER_DEFAULT
/* The release the build chose for sources that choose none (see <libflexio/flexio_ver.h>). */
#define FLEXIO_VER_USED FLEXIO_VER_DEFAULT
#else
/** The API version the program was written for (default: the newest one served). */
#define FLEXIO_VER_USED FLEXIO_CURRENT_VERSION
#endif
#endif

/* Internal: the version actually served (LATEST resolved to CURRENT). */
#if FLEXIO_VER_USED == FLEXIO_VER_LATEST
#define FLEXIO_VER_EFFECTIVE FLEXIO_CURRENT_VERSION
#else
#define FLEXIO_VER_EFFECTIVE (FLEXIO_VER_USED)
#endif

#if FLEXIO_VER_EFFECTIVE < FLEXIO_LAST_SUPPORTED_VERSION
#error "FLEXIO_VER_USED is older than FLEXIO_LAST_SUPPORTED_VERSION (23.0.0): this API version is no longer served"
#elif FLEXIO_VER_EFFECTIVE > FLEXIO_CURRENT_VERSION
#error "FLEXIO_VER_USED is newer than FLEXIO_CURRENT_VERSION (26.4.0), the newest API version this library serves"
#elif FLEXIO_VER_EFFECTIVE == FLEXIO_LAST_SUPPORTED_VERSION
#warning "FLEXIO_VER_USED selects FLEXIO_LAST_SUPPORTED_VERSION: this API version will be removed in a future release"
#endif

/*
 * Internal: the release served, one flag each.  FLEXIO_EDITION_OLD: 23.x (the
 * DOCA Driver APIs manual); FLEXIO_EDITION_2401: NVIDIA 24.01 .. 24.07; neither:
 * 24.10 and later, FLEXIO_EDITION_25 adding the message-stream transports
 * of 25.x (NVIDIA 25.1) and the DPA resources functions, FLEXIO_EDITION_26 the 26.x additions.
 */
#if FLEXIO_VER_EFFECTIVE < FLEXIO_NV2401_FIRST_VERSION
#define FLEXIO_EDITION_OLD 1
#else
#define FLEXIO_EDITION_OLD 0
#endif
#if FLEXIO_VER_EFFECTIVE >= FLEXIO_NV2401_FIRST_VERSION && \
	FLEXIO_VER_EFFECTIVE < FLEXIO_CURRENT_EDITION_FIRST_VERSION
#define FLEXIO_EDITION_2401 1
#else
#define FLEXIO_EDITION_2401 0
#endif
#if FLEXIO_VER_EFFECTIVE >= FLEXIO_MSG_TRANSPORT_FIRST_VERSION
#define FLEXIO_EDITION_25 1
#else
#define FLEXIO_EDITION_25 0
#endif
#if FLEXIO_VER_EFFECTIVE >= FLEXIO_RELEASE_26_FIRST_VERSION
#define FLEXIO_EDITION_26 1
#else
#define FLEXIO_EDITION_26 0
#endif
/* Internal: 1 when the release uses NVIDIA 24.01's structure layouts (23.x and 24.x). */
#if FLEXIO_EDITION_OLD || FLEXIO_EDITION_2401
#define FLEXIO_LAYOUTS_2401 1
#else
#define FLEXIO_LAYOUTS_2401 0
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Markers                                                                   */
/* ------------------------------------------------------------------------ */

/** Marks a function of the stable ABI. */
#define FLEXIO_STABLE __attribute__((visibility("default")))

/**
 * Marks a function that may still change.  Using it warns unless
 * FLEXIO_ALLOW_EXPERIMENTAL_API is defined; its code lives in
 * .text.experimental and its symbol in the FLEXIO_EXPERIMENTAL version node.
 */
#ifdef FLEXIO_ALLOW_EXPERIMENTAL_API
#define FLEXIO_EXPERIMENTAL __attribute__((section(".text.experimental"))) FLEXIO_STABLE
#else
#define FLEXIO_EXPERIMENTAL                                                                  \
	__attribute__((deprecated("Symbol is defined as experimental"),                   \
		       section(".text.experimental"))) FLEXIO_STABLE
#endif

/* Internal: the marker of a function that is experimental, in the releases that mark it (not 24.x). */
#if FLEXIO_EDITION_2401
#define FLEXIO_EXP_ FLEXIO_STABLE
#else
#define FLEXIO_EXP_ FLEXIO_EXPERIMENTAL
#endif

/* Internal: a function NVIDIA's 24.x releases declare deprecated. */
#if FLEXIO_EDITION_2401
#define FLEXIO_DEPRECATED_2401_ __attribute__((deprecated))
#else
#define FLEXIO_DEPRECATED_2401_
#endif

/**
 * Binds the program's calls of an older-edition function to its FLEXIO_1.0
 * symbol version, for the functions whose parameters changed between the
 * editions (the library's default versions are the current edition's forms).
 */
#define FLEXIO_OLD_EDITION_SYMBOL(name) __asm__(".symver " #name ", " #name "@FLEXIO_1.0")

/* ------------------------------------------------------------------------ */
/* Basic types and values                                                    */
/* ------------------------------------------------------------------------ */

/** DPA execution units (EUs): 16 cores of 16 hardware threads, 2 reserved for the DPA OS. */
#define PHY_CORES_NUM 16
#define EUS_PER_CORE 16 /**< hardware threads (EUs) per core */
#define EUS_LIMIT (PHY_CORES_NUM * EUS_PER_CORE) /**< EUs in all */
#define OS_RESERVED_EUS 2 /**< EUs the DPA OS keeps */
#define USER_EUS_LIMIT (EUS_LIMIT - OS_RESERVED_EUS) /**< EUs programs can use */
/** Bytes of a bit mask with one bit per EU. */
#define EU_BITMASK_LEN (EUS_LIMIT / 8)

/** Maximum length of application and device function names. */
#define FLEXIO_MAX_NAME_LEN (256)

/** A device function, seen from the host: used only through pointers. */
typedef void(flexio_func_t)(void);

/**
 * Packs the variadic arguments of flexio_process_call into argbuf (ap is
 * already started by the caller).  dpacc generates one per device function.
 */
typedef void(flexio_func_arg_pack_fn_t)(void *argbuf, va_list ap);

/** Return codes of the API. */
typedef enum flexio_status {
	FLEXIO_STATUS_SUCCESS = 0,
	FLEXIO_STATUS_FAILED = 1,
	FLEXIO_STATUS_TIMEOUT = 2,
	FLEXIO_STATUS_FATAL_ERR = 3,
} flexio_status;

/** Kinds of the error status of a DPA process (the 24.x result of flexio_err_status_get). */
enum flexio_err_status {
	FLEXIO_DEV_NO_ERROR = 0,
	FLEXIO_DEV_FATAL_ERROR = 1,
	FLEXIO_DEV_USER_ERROR = 2,
};

/** Host SDK logging levels; an entry prints when its level is at or below the set level. */
typedef enum flexio_log_lvl {
	FLEXIO_LOG_LVL_ERR = 0,
	FLEXIO_LOG_LVL_WARN = 1,
	FLEXIO_LOG_LVL_INFO = 2,
	FLEXIO_LOG_LVL_DBG = 3,
} flexio_log_lvl_t;

/* ------------------------------------------------------------------------ */
/* Opaque handles                                                            */
/* ------------------------------------------------------------------------- */

typedef struct flexio_app flexio_app;                 /**< a DPA application image */
typedef struct flexio_process flexio_process;         /**< a DPA process */
typedef struct flexio_thread flexio_thread;           /**< a DPA thread */
typedef struct flexio_event_handler flexio_event_handler; /**< a DPA thread run by events */
typedef struct flexio_cq flexio_cq;                   /**< completion queue */
typedef struct flexio_sq flexio_sq;                   /**< send queue */
typedef struct flexio_rq flexio_rq;                   /**< receive queue */
typedef struct flexio_rmp flexio_rmp;                 /**< shared receive memory pool */
typedef struct flexio_qp flexio_qp;                   /**< queue pair */
typedef struct flexio_uar flexio_uar;                 /**< user access region */
typedef struct flexio_outbox flexio_outbox;           /**< DPA doorbell page */
typedef struct flexio_window flexio_window;           /**< DPA access to host memory */
typedef struct flexio_mkey flexio_mkey;               /**< memory key over DPA memory */
typedef struct flexio_msg_stream flexio_msg_stream;   /**< device-to-host message stream */
typedef struct flexio_cmdq flexio_cmdq;               /**< asynchronous command queue */
typedef struct flexio_transport_domain flexio_transport_domain; /**< transport domain */
typedef struct flexio_sq_tis flexio_sq_tis;           /**< transport interface send */
/** A doorbell-to-CQ mapping of an emulated function (23.x API only). */
typedef struct flexio_emu_db_to_cq_ctx flexio_emu_db_to_cq_ctx;
/** An MSI-X vector of an emulated function (23.x API only). */
typedef struct flexio_msix flexio_msix;
/** The EQ-to-MSI-X map of an emulated function (23.x API only). */
typedef struct flexio_emu_device_msix_map flexio_emu_device_msix_map;

/* ------------------------------------------------------------------------ */
/* Enumerations                                                              */
/* ------------------------------------------------------------------------ */

/** Thread affinity types. */
enum flexio_affinity_type {
	FLEXIO_AFFINITY_NONE = 0,
	FLEXIO_AFFINITY_STRICT = 1, /**< one execution unit */
	FLEXIO_AFFINITY_GROUP = 2,  /**< a group of execution units */
};

/** Command queue states. */
enum flexio_cmdq_state {
	FLEXIO_CMDQ_STATE_PENDING = 0,
	FLEXIO_CMDQ_STATE_RUNNING = 1,
};

/** CQ moderation period modes. */
enum flexio_cq_period_mode {
	FLEXIO_CQ_PERIOD_MODE_EVENT = 0x0,
	FLEXIO_CQ_PERIOD_MODE_CQE = 0x1,
};

/** CQE compression. */
enum flexio_cqe_comp_type {
	FLEXIO_CQE_COMP_NONE = 0x0,
	FLEXIO_CQE_COMP_BASIC = 0x1,  /**< basic compression */
	FLEXIO_CQE_COMP_ENH = 0x2,    /**< enhanced compression */
#if !FLEXIO_LAYOUTS_2401
	FLEXIO_CQE_COMP_ENABLE = 0x2, /**< the manual's name of enhanced compression */
#endif
};

/** Mini-CQE formats of compressed CQEs (values of the mlx5 CQ context). */
enum flexio_cqe_comp_format {
	FLEXIO_CQE_COMP_FORMAT_HASH = 0x0,    /**< mini-CQE carries the RX hash */
	FLEXIO_CQE_COMP_FORMAT_CSUM = 0x1,    /**< mini-CQE carries the checksum */
	FLEXIO_CQE_COMP_FORMAT_CSUM_STRIDX = 0x2,
};

/** Element a CQ reports to (flexio_cq_attr.element_type). */
enum flexio_cq_element_type {
	FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD = 0x0,
	FLEXIO_CQ_ELEMENT_TYPE_EXT_EQ = 0x2,
	FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ = 0x8,
	FLEXIO_CQ_ELEMENT_TYPE_DPA_MSIX_EMULATED_CQ = 0x9,
};

/** Where queue memory lives. */
enum flexio_memtype {
	FLEXIO_MEMTYPE_DPA = 0,
	FLEXIO_MEMTYPE_HOST = 1,
};

#if FLEXIO_LAYOUTS_2401
/** How device messages reach the host. */
typedef enum flexio_log_dev_sync_mode {
	FLEXIO_LOG_DEV_SYNC_MODE_SYNC = 0,   /**< a host thread drains the buffer continuously */
	FLEXIO_LOG_DEV_SYNC_MODE_ASYNC = 1,  /**< drained by flush only; may overrun */
	FLEXIO_LOG_DEV_SYNC_MODE_BATCH = 2,  /**< drained when the buffer fills or on flush */
	FLEXIO_LOG_DEV_SYNC_MODE_TRACER = 3, /**< format ids + arguments, formatted on the host */
} flexio_msg_dev_sync_mode;
#else
/** How device messages reach the host. */
typedef enum flexio_msg_dev_sync_mode {
	FLEXIO_LOG_DEV_SYNC_MODE_SYNC = 0,   /**< a host thread drains the buffer continuously */
	FLEXIO_LOG_DEV_SYNC_MODE_ASYNC = 1,  /**< drained by flush only; may overrun */
	FLEXIO_LOG_DEV_SYNC_MODE_BATCH = 2,  /**< drained when the buffer fills or on flush */
	FLEXIO_LOG_DEV_SYNC_MODE_TRACER = 3, /**< format ids + arguments, formatted on the host */
#if FLEXIO_EDITION_25
	/* The names of the same modes from 25.x (NVIDIA 25.1) on. */
	FLEXIO_MSG_DEV_SYNC_MODE_SYNC = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
	FLEXIO_MSG_DEV_SYNC_MODE_ASYNC = FLEXIO_LOG_DEV_SYNC_MODE_ASYNC,
	FLEXIO_MSG_DEV_SYNC_MODE_BATCH = FLEXIO_LOG_DEV_SYNC_MODE_BATCH,
	FLEXIO_MSG_DEV_SYNC_MODE_TRACER = FLEXIO_LOG_DEV_SYNC_MODE_TRACER,
#endif
} flexio_msg_dev_sync_mode;
#endif

/** Transport of tracer-mode streams. */
enum flexio_tracer_transport {
	FLEXIO_TRACER_TRANSPORT_QP = 0,
	FLEXIO_TRACER_TRANSPORT_WINDOW = 1,
};

#if FLEXIO_EDITION_25
/** Transport a message stream's messages take to the host (25.x on; the simulator has one path). */
enum flexio_msg_transport {
	FLEXIO_MSG_TRANSPORT_QP_RC = 0, /**< reliable connected QP (the default) */
	FLEXIO_MSG_TRANSPORT_QP_UC = 1, /**< unreliable connected QP */
	FLEXIO_MSG_TRANSPORT_QP_UD = 2, /**< unreliable datagram QP */
};
#endif

/** QP operations. */
enum flexio_qp_op_types {
	FLEXIO_QP_WR_RDMA_WRITE = 0x4,
	FLEXIO_QP_WR_RDMA_READ = 0x8,
	FLEXIO_QP_WR_ATOMIC_CMP_AND_SWAP = 0x10,
};

/** QP path MTU. */
enum flexio_qp_qpc_mtu {
	FLEXIO_QP_QPC_MTU_BYTES_256 = 0x1,
	FLEXIO_QP_QPC_MTU_BYTES_512 = 0x2,
	FLEXIO_QP_QPC_MTU_BYTES_1K = 0x3,
	FLEXIO_QP_QPC_MTU_BYTES_2K = 0x4,
	FLEXIO_QP_QPC_MTU_BYTES_4K = 0x5,
};

/** Kind of receive queue of a QP (flexio_qp_attr.rq_type): the QPC rq_type values. */
enum flexio_qp_qpc_rq_type {
	FLEXIO_QP_QPC_RQ_TYPE_REGULAR = 0x0,
	FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ = 0x1, /**< receives from the RMP rmpqn */
	FLEXIO_QP_QPC_RQ_TYPE_ZERO_SIZE_RQ = 0x3,
};

/** The same values under OpenFlexIO's earlier names. */
enum flexio_qp_rq_type {
	FLEXIO_QP_RQ_TYPE_REGULAR = FLEXIO_QP_QPC_RQ_TYPE_REGULAR,
	FLEXIO_QP_RQ_TYPE_RMP = FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ,
	FLEXIO_QP_RQ_TYPE_ZERO_SIZE_RQ = FLEXIO_QP_QPC_RQ_TYPE_ZERO_SIZE_RQ,
};

/** QP states. */
typedef enum flexio_qp_state {
	FLEXIO_QP_STATE_RST = 0x0,
	FLEXIO_QP_STATE_INIT = 0x1,
	FLEXIO_QP_STATE_RTR = 0x2,
	FLEXIO_QP_STATE_RTS = 0x3,
	FLEXIO_QP_STATE_ERR = 0x6,
} flexio_qp_state;

/** QP transport types (only RC is supported by QPs). */
enum flexio_qp_transport_type {
	FLEXIO_QPC_ST_RC = 0x0,
	FLEXIO_QPC_ST_UC = 0x1,
	FLEXIO_QPC_ST_UD = 0x2,
	FLEXIO_QPC_ST_XRC = 0x3,
	FLEXIO_QPC_ST_IBL2 = 0x4,
	FLEXIO_QPC_ST_DCI = 0x5,
	FLEXIO_QPC_ST_QP0 = 0x7,
	FLEXIO_QPC_ST_QP1 = 0x8,
	FLEXIO_QPC_ST_RAW_DATAGRAM = 0x9,
	FLEXIO_QPC_ST_REG_UMR = 0xc,
	FLEXIO_QPC_ST_DC_CNAK = 0x10,
};

/** WQ end padding modes. */
enum flexio_wq_end_pad_mode {
	FLEXIO_WQ_END_PAD_NONE = 0x0,
	FLEXIO_WQ_END_PAD_ALIGN = 0x1,
};

/** WQ types. */
enum flexio_wq_type {
	FLEXIO_WQ_TYPE_LINKED_LIST = 0x0,
	FLEXIO_WQ_TYPE_CYCLIC = 0x1,
};

/* ------------------------------------------------------------------------ */
/* Attribute structures                                                      */
/*                                                                           */
/* Fields in NVIDIA's declaration order.  23.x and 24.x: NVIDIA 24.01's      */
/* structures; 24.10 and later: the same with the fields added since,        */
/* appended (or inside the SQ/RQ parts of a WQ).                             */
/* ------------------------------------------------------------------------ */

/** Queue memory: a buffer in DPA memory, or an offset in a host umem. */
struct flexio_qmem {
	enum flexio_memtype memtype; /**< where the memory lives: DPA heap or host umem */
	union {
		flexio_uintptr_t daddr; /**< FLEXIO_MEMTYPE_DPA */
		uint64_t humem_offset;  /**< FLEXIO_MEMTYPE_HOST */
	};
	uint32_t umem_id; /**< FLEXIO_MEMTYPE_HOST */
};

/** Process heap figures. */
struct flexio_heap_mem_info {
	uint64_t base_addr; /**< device address of the heap */
	size_t size;        /**< bytes */
	size_t requested;   /**< bytes asked for by live allocations */
	size_t allocated;   /**< bytes taken by them, with rounding */
};

/** Completion queue. */
struct flexio_cq_attr {
	uint8_t log_cq_depth; /**< log2 of the number of CQEs */
	uint8_t element_type; /**< enum flexio_cq_element_type */
	union {
		uint32_t emulated_eqn;        /**< element type EXT_EQ / emulated EQ */
		struct flexio_thread *thread; /**< element type DPA_THREAD */
	};
	uint32_t uar_id;      /**< devx UAR id for host queues, else a flexio_uar id */
	void *uar_base_addr;  /**< devx UAR only, else NULL */
	enum flexio_cqe_comp_type cqe_comp_type; /**< CQE compression */
	enum flexio_cq_period_mode cq_period_mode; /**< what the moderation period counts from */
	uint16_t cq_period;    /**< moderation period, microseconds (at most 4095) */
	uint16_t cq_max_count; /**< moderation: CQEs before an event */
	bool no_arm;           /**< do not arm at creation */
	bool cc;               /**< collapsed CQE */
	uint8_t overrun_ignore; /**< 1: an overrun does not move the CQ to error */
	uint8_t always_armed; /**< 1: the CQ stays armed after each event */
	struct flexio_qmem cq_ring_qmem; /**< the CQE ring */
	flexio_uintptr_t cq_dbr_daddr; /**< doorbell record, DPA memory */
#if !FLEXIO_LAYOUTS_2401
	enum flexio_cqe_comp_format cqe_comp_format; /**< mini-CQE format of compressed CQEs */
#endif
};

/** SQ-only WQ attributes. */
struct flexio_wq_sq_attr {
	uint8_t allow_multi_pkt_send_wqe; /**< 1: multi-packet send WQEs allowed */
#if !FLEXIO_LAYOUTS_2401
	struct flexio_sq_tis *tis; /**< NULL: a TIS is created with the SQ */
#endif
};

/** RQ-only WQ attributes. */
struct flexio_wq_rq_attr {
	enum flexio_wq_type wq_type; /**< linked-list or cyclic */
#if !FLEXIO_LAYOUTS_2401
	enum flexio_wq_end_pad_mode end_pad_mode; /**< padding at the end of received data */
	uint8_t vlan_strip_disable; /**< 1: received VLAN tags are kept */
	struct flexio_transport_domain *td; /**< NULL: a TD is created with the RQ */
#endif
};

/** Work queue (SQ, RQ, RMP). */
struct flexio_wq_attr {
	uint8_t log_wq_stride; /**< 0 means the default, 4 */
	uint8_t log_wq_depth; /**< log2 of the number of WQEs */
	uint32_t uar_id; /**< the UAR its doorbells ring */
	uint32_t user_index; /**< a value reported in the queue's CQEs */
	struct ibv_pd *pd; /**< the protection domain */
	union {
		struct flexio_wq_sq_attr sq; /**< SQs only */
		struct flexio_wq_rq_attr rq; /**< RQs and RMPs only */
	};
	struct flexio_qmem wq_ring_qmem; /**< the WQE ring */
	struct flexio_qmem wq_dbr_qmem; /**< the doorbell record */
};

/** Process. */
struct flexio_process_attr {
	struct ibv_pd *pd; /**< NULL: an internal PD is created */
	int en_pcc;        /**< enable PCC configuration */
#if !FLEXIO_LAYOUTS_2401
	const char *name;  /**< optional */
#endif
};

/** Thread affinity. */
struct flexio_affinity {
	enum flexio_affinity_type type; /**< none, strict or group */
	uint32_t id;                    /**< EU or EU group id; reserved for FLEXIO_AFFINITY_NONE */
};

/** Event handler (a DPA thread run by events). */
struct flexio_event_handler_attr {
	flexio_func_t *host_stub_func;        /**< entry: a __dpa_global__ function's host stub */
	int continuable;                      /**< allows flexio_dev_yield */
	uint64_t arg;                         /**< thread argument */
	flexio_uintptr_t thread_local_storage_daddr; /**< DPA address of the thread's local storage, or 0 */
	struct flexio_affinity affinity; /**< the EU or EU group the thread runs on */
#if !FLEXIO_LAYOUTS_2401
	const char *name;                     /**< optional */
#endif
};

/** Optional parameters of flexio_qp_modify. */
struct flexio_qp_attr_opt_param_mask {
	bool qp_access_mask; /**< apply flexio_qp_attr.qp_access_mask */
	bool min_rnr_nak_timer; /**< apply flexio_qp_attr.min_rnr_nak_timer */
};

/** QP creation and modification. */
struct flexio_qp_attr {
	/* creation */
	uint32_t transport_type; /**< enum flexio_qp_transport_type; only FLEXIO_QPC_ST_RC */
	uint32_t uar_id; /**< the UAR its doorbells ring */
	uint32_t user_index; /**< a value reported in the queue's CQEs */
	int qp_access_mask;      /**< IBV_ACCESS_* flags */
	int ops_flag;            /**< deprecated */
	struct ibv_pd *pd; /**< the protection domain */
	int log_sq_depth; /**< log2 of the number of send WQEs */
	int no_sq; /**< 1: a QP without a send queue */
	uint32_t sq_cqn; /**< the CQ of the send queue */
	int log_rq_depth; /**< log2 of the number of receive WQEs */
	int rq_type;             /**< FLEXIO_QP_QPC_RQ_TYPE_* */
	uint32_t rq_cqn;         /**< not for an RMP RQ */
	uint32_t rmpqn;          /**< RMP RQ only */
	struct flexio_qmem qp_wq_buff_qmem; /**< the WQE buffer: receive ring, then send ring */
	struct flexio_qmem qp_wq_dbr_qmem; /**< the doorbell record */
	/* modification (RC QP) */
	enum flexio_qp_state next_state; /**< the state flexio_qp_modify moves to */
	uint32_t remote_qp_num; /**< the peer QP's number */
	uint8_t gid_table_index; /**< the local GID index */
	uint8_t fl;              /**< force loopback */
	uint8_t *dest_mac; /**< the peer's MAC address (6 bytes; RoCE) */
	union ibv_gid rgid_or_rip; /**< the peer's GID or IP address */
	uint16_t rlid; /**< the peer's LID (InfiniBand) */
	uint32_t min_rnr_nak_timer; /**< the RNR NAK timer value */
	enum flexio_qp_qpc_mtu path_mtu; /**< the path MTU */
	uint8_t retry_count; /**< transport retries before an error */
	uint8_t vhca_port_num; /**< the port */
	uint32_t next_rcv_psn; /**< the first expected receive PSN */
	uint32_t next_send_psn; /**< the first send PSN */
	uint16_t udp_sport; /**< the RoCE UDP source port */
	uint8_t grh; /**< 1: packets carry a GRH */
	uint8_t log_rra_max; /**< log2 of the responder's outstanding RDMA reads/atomics */
	uint8_t log_sra_max; /**< log2 of the requester's outstanding RDMA reads/atomics */
	uint8_t isolate_vl_tc; /**< 1: isolate the VL traffic class */
};

/** Memory key over DPA memory. */
struct flexio_mkey_attr {
	struct ibv_pd *pd; /**< the protection domain */
	flexio_uintptr_t daddr; /**< start, DPA address */
	size_t len;             /**< bytes */
	int access;             /**< IBV_ACCESS_* flags */
};

/** Command queue (asynchronous RPC). */
struct flexio_cmdq_attr {
	int workers;                  /**< number of DPA threads running tasks */
	int batch_size;               /**< tasks a worker runs to completion per invocation */
	enum flexio_cmdq_state state; /**< initial state */
};

/** Application image, as dpacc's generated constructor registers it. */
struct flexio_app_attr {
	const char *app_name;          /**< at most FLEXIO_MAX_NAME_LEN characters */
	void *app_ptr;                 /**< the DPA ELF image; copied by flexio_app_create */
	size_t app_bsize;              /**< its size in bytes */
#if FLEXIO_LAYOUTS_2401
	char *app_sig_sec_name;        /**< name of the image's signature section, or NULL */
#else
	void *sig_ptr;                 /**< signature of the image, or NULL */
	size_t sig_bsize;              /**< its size; 0 means no signature */
	uint64_t dpa_api_version;      /**< version of the DPA runtime (RTOS) the image expects */
	uint64_t *flexio_dev_versions; /**< device-library versions the image was built with */
	size_t flexio_dev_versions_len_size; /**< number of entries in flexio_dev_versions */
#endif
};

/** Device-to-host message stream (24.x: struct flexio_log_dev_attr; later: struct flexio_msg_stream_attr). */
#if FLEXIO_LAYOUTS_2401
typedef struct flexio_log_dev_attr {
#else
typedef struct flexio_msg_stream_attr {
#endif
	struct flexio_uar *uar; /**< deprecated, ignored: the process UAR is used */
	size_t data_bsize;      /**< buffer size: a power of two, at least 2 KiB */
	flexio_msg_dev_sync_mode sync_mode; /**< how messages reach the host */
	char *stream_name; /**< the stream's name */
	flexio_msg_dev_level level; /**< NO_PRINT..DEBUG; ALWAYS_PRINT is not allowed */
	struct flexio_affinity mgmt_affinity; /**< zeroed means FLEXIO_AFFINITY_NONE */
	enum flexio_tracer_transport tracer_mode; /**< transport of tracer-mode streams */
	char **tracer_msg_formats; /**< NULL-terminated; a message's format id indexes it */
#if FLEXIO_EDITION_25
	enum flexio_msg_transport transport_mode; /**< zeroed means FLEXIO_MSG_TRANSPORT_QP_RC (25.x on) */
#endif
} flexio_msg_stream_attr_t; /**< the attributes of flexio_msg_stream_create */

/** Outbox. */
struct flexio_outbox_attr {
	struct flexio_uar *uar; /**< deprecated, ignored: the process UAR is used */
	uint32_t en_pcc;        /**< support congestion-control operations */
};

/* ------------------------------------------------------------------------ */
/* Versions and logging                                                      */
/* ------------------------------------------------------------------------ */

/**
 * Tells the library which API version the program uses, and so which structure layouts it passes.
 *
 * A program that never calls it is taken to use the layouts of the version its translation units
 * announced (flexio_version_announce, called by this header), or NVIDIA 24.01's when none did
 * (a program built with NVIDIA's 23.x or 24.x headers).  Every version of a release served is accepted, from FLEXIO_LAST_SUPPORTED_VERSION
 * (23.0) to FLEXIO_CURRENT_VERSION (26.4); FLEXIO_VER_LATEST means the current one.  It succeeds
 * once: the same version again is accepted, a different one fails.
 *
 * @param version  FLEXIO_VER(major, minor, sub), normally FLEXIO_VER_USED.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) when the version is not served or differs from the one already set.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_version_set(uint64_t version);

/**
 * The version this library was built as, and the version the program set.
 *
 * @param set_version  if not NULL, receives the version given to flexio_version_set (0 if none yet).
 * @return the library's FLEXIO_CURRENT_VERSION, in FLEXIO_VER form.
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint64_t flexio_version_get(uint64_t *set_version);

/**
 * Tells the library the API version one part of the program was built with, for programs that
 * never call flexio_version_set.
 *
 * Programs do not call it: <libflexio/flexio.h> calls it from a constructor in every translation
 * unit that includes it (defining FLEXIO_NO_VERSION_ANNOUNCE before the include leaves it out).
 * A program built with the current headers that never calls flexio_version_set (NVIDIA's samples
 * of the 24.x era, built with the default FLEXIO_VER_USED) passes the current structure layouts,
 * not 24.01's, and this is how the library learns it.  Among several announced versions the
 * oldest counts: from 24.10 on an older layout read from a newer structure only misses fields
 * added at its end, but the 23.x and 24.x layouts differ inside structures (flexio_wq_attr,
 * flexio_app_attr), so a program whose translation units select a 23.x or 24.x version and a
 * later one has its later ones' structures misread: all of a program's units must select
 * releases on the same side of 24.10.  A version given to flexio_version_set takes precedence
 * over all of them.  Announcements need the library linked: a program that loads it with
 * dlopen announces nothing, and calls flexio_version_set instead.
 *
 * @param version  FLEXIO_VER(major, minor, sub), normally FLEXIO_VER_USED; FLEXIO_VER_LATEST means
 *                 the current one; a version this library does not serve is ignored.
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 26.4 (FLEXIO_VER(26, 4, 0)).
 */
FLEXIO_EXP_ void flexio_version_announce(uint64_t version);

/** @cond INTERNAL */
#ifndef FLEXIO_NO_VERSION_ANNOUNCE
/* Internal: the announcement of this translation unit's version (see flexio_version_announce).
 * The reference is weak so that a program that includes this header without linking libflexio
 * (a layout check, a build probe) still links, and runs on a libflexio.so.1 that predates the
 * function.  It is read through a pointer in data: a non-PIE program's code that took the
 * function's address itself would get the address of its PLT entry, never null, and jump to 0
 * before main on such a library. */
extern void flexio_version_announce_ref_(uint64_t version) __asm__("flexio_version_announce")
	__attribute__((weak));
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
static void __attribute__((constructor, used)) flexio_version_announce_tu_(void)
{
	static void (*volatile flexio_announce_ptr_)(uint64_t) = flexio_version_announce_ref_;
	void (*flexio_announce_)(uint64_t) = flexio_announce_ptr_;

	if (flexio_announce_)
		flexio_announce_(FLEXIO_VER_EFFECTIVE);
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif
/** @endcond */

/**
 * Sets the host logging level: entries of this level and more severe are printed.
 *
 * Each entry is one line on stderr (or goes to the flexio_log_callback_set callback).  The starting
 * level is FLEXIO_LOG_LVL_WARN, or the one named by the FLEXIO_LOG_LEVEL environment variable (ERR,
 * WARN, INFO, DBG or 0-3).
 *
 * @param lvl  the new level.
 * @return the previous level; an invalid level is rejected (logged) and the level stays as it was.
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ enum flexio_log_lvl flexio_log_lvl_set(enum flexio_log_lvl lvl);

/* ------------------------------------------------------------------------ */
/* Applications                                                              */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_EDITION_OLD
/**
 * Creates an application from a DPA ELF image; called by dpacc's generated constructor.
 *
 * Names may repeat: an application of a name a live one has (an object rebuilt and loaded again)
 * is another application, with its own functions; flexio_app_get finds the newest of a name.
 *
 * @param fattr  the image, its name (at most FLEXIO_MAX_NAME_LEN characters) and signature; the image
 *               is copied.
 * @param app    receives the application.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a NULL or malformed argument, a name too long, or an image that
 *         is not a DPA ELF.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API; this form since 24.01 (FLEXIO_VER(24, 0, 0)).
 *  *        The 23.x form is flexio_app_create(name, elf, elf_size, app) (symbol version FLEXIO_1.0).
 */
FLEXIO_STABLE flexio_status flexio_app_create(struct flexio_app_attr *fattr, flexio_app **app);
#else
/**
 * Creates an application named name from a DPA ELF image (copied).
 *
 * Names may repeat: an application of a name a live one has is another application, with its
 * own functions.
 *
 * @param name      the application's name, at most FLEXIO_MAX_NAME_LEN characters.
 * @param elf       the DPA ELF image.
 * @param elf_size  its size in bytes.
 * @param app       receives the application.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a NULL or malformed argument or a name too long.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_app_create(const char *name, void *elf, size_t elf_size,
					      flexio_app **app);
FLEXIO_OLD_EDITION_SYMBOL(flexio_app_create);
#endif

/**
 * Destroys an application, its registered functions and its ELF copy; called by dpacc's destructor.
 * Other applications of its name stay registered.
 *
 * @param app  the application; processes created from it must be destroyed first.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_app_destroy(flexio_app *app);

/**
 * Copies the application's ELF image into a buffer.
 *
 * @param app       the application.
 * @param bin_buff  the buffer.
 * @param bin_size  its size in bytes, at least flexio_app_get_elf_size(app).
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle, a NULL buffer or bin_size smaller than the image.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_app_get_elf(flexio_app *app, uint64_t *bin_buff, size_t bin_size);

/**
 * The size of the application's ELF image.
 *
 * @param app  the application.
 * @return the size in bytes, 0 on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ size_t flexio_app_get_elf_size(flexio_app *app);

/**
 * The application's name.
 *
 * @param app  the application.
 * @return the name, valid as long as the application; NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ const char *flexio_app_get_name(flexio_app *app);

#if !FLEXIO_EDITION_OLD
/** Hardware models an application can be built for (flexio_app_select_attr.hw_model_id). */
enum flexio_hw_model_id {
	FLEXIO_HW_MODEL_DEF = 0, /**< the device's own model */
	FLEXIO_HW_MODEL_BF3 = 1, /**< BlueField-3 / ConnectX-7 DPA (nv-dpa-bf3) */
	FLEXIO_HW_MODEL_CX8 = 2, /**< ConnectX-8 DPA (nv-dpa-cx8) */
};

/** Which application flexio_app_get looks up. */
struct flexio_app_select_attr {
	const char *app_name;         /**< the name given to dpacc --app-name */
	uint32_t hw_model_id;         /**< enum flexio_hw_model_id */
	struct ibv_context *ibv_ctx;  /**< device the application will run on; NULL: any */
};

/**
 * Finds a registered application by name for a device: of several applications of the name, the
 * one registered last (the older ones are found again once it is destroyed).
 *
 * @param attr  the name given to dpacc --app-name, the hardware model (enum flexio_hw_model_id) and the
 *              device it will run on (NULL: any).
 * @param app   receives the application.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on NULL arguments or when no application of that name is registered for that model.
 * @since 24.10 (FLEXIO_VER(24, 10, 0)).
 */
FLEXIO_STABLE flexio_status flexio_app_get(const struct flexio_app_select_attr *attr,
					   flexio_app **app);
#endif

/**
 * Lists the loaded applications, oldest first.
 *
 * @param app_list  receives an array of the applications, to free with flexio_app_list_free.
 * @param num_apps  receives its length.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on NULL arguments or when out of memory.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_app_get_list(flexio_app ***app_list, uint32_t *num_apps);

/**
 * Frees a list made by flexio_app_get_list (not the applications in it).
 *
 * @param apps_list  the list.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on NULL.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_app_list_free(flexio_app **apps_list);

/* ------------------------------------------------------------------------ */
/* Device functions                                                          */
/* ------------------------------------------------------------------------ */

/**
 * Registers a device function with argument packing; called by dpacc's generated constructor.
 *
 * The function dev_func_name is called through dev_unpack_func_name, with arguments packed by
 * host_pack_func into an argbuf_size-byte buffer.
 *
 * @param app                   the application holding the function.
 * @param dev_func_name         the device function's name (at most FLEXIO_MAX_NAME_LEN characters).
 * @param dev_unpack_func_name  the name of its unpacking wrapper.
 * @param host_stub_func_addr   the handle the program passes to flexio_process_call.
 * @param argbuf_size           the size of the packed arguments in bytes.
 * @param host_pack_func        packs flexio_process_call's variadic arguments.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, a name missing from the ELF, or a stub already registered.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_func_pup_register(flexio_app *app, const char *dev_func_name,
						     const char *dev_unpack_func_name,
						     flexio_func_t *host_stub_func_addr,
						     size_t argbuf_size,
						     flexio_func_arg_pack_fn_t *host_pack_func);

/**
 * Registers a device function by name, without argument packing.
 *
 * The function gets one uint64_t argument.  There is no type checking: a device function of another
 * type is undefined behaviour.
 *
 * @param app            the application holding the function.
 * @param dev_func_name  the name of a __dpa_global__ function in the application's ELF.
 * @param out_func       receives the handle for flexio_process_call, event handlers and command queues.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a name missing from the ELF.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_func_register(flexio_app *app, const char *dev_func_name,
						 flexio_func_t **out_func);

#if !FLEXIO_EDITION_OLD
/**
 * Looks up a registered function by its host stub (for layered libraries).
 *
 * @param app                   the application.
 * @param host_stub_func_addr   the function's host stub.
 * @param pup                   receives 1 for a function registered with packing, else 0 (the
 *                              packing outputs then mean nothing).
 * @param dev_func_name         receives the device function's name.
 * @param dev_unpack_func_name  receives its unpacking wrapper's name.
 * @param func_name_size        the size of each name buffer, at least FLEXIO_MAX_NAME_LEN + 1.
 * @param argbuf_size           receives the size of the packed arguments.
 * @param host_pack_func        receives the packing function.
 * @param dev_func_addr         receives the function's device address.
 * @param dev_unpack_func_addr  receives the wrapper's device address.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, name buffers too small, or a stub not registered.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_func_get_register_info(
	flexio_app *app, flexio_func_t *host_stub_func_addr, uint32_t *pup, char *dev_func_name,
	char *dev_unpack_func_name, size_t func_name_size, size_t *argbuf_size,
	flexio_func_arg_pack_fn_t **host_pack_func, flexio_uintptr_t *dev_func_addr,
	flexio_uintptr_t *dev_unpack_func_addr);
#else
/**
 * Looks up a registered function by its host stub (for layered libraries).
 *
 * @param app                   the application.
 * @param host_stub_func_addr   the function's host stub.
 * @param pup                   receives 1 for a function registered with packing, else 0.
 * @param dev_func_name         receives the device function's name.
 * @param dev_unpack_func_name  receives its unpacking wrapper's name.
 * @param func_name_len         the size of each name buffer, at least FLEXIO_MAX_NAME_LEN.
 * @param argbuf_size           receives the size of the packed arguments.
 * @param host_pack_func        receives the packing function.
 * @param dev_func_addr         receives the function's device address.
 * @param dev_unpack_func_addr  receives the wrapper's device address.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, name buffers too small, or a stub not registered.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_func_get_register_info(
	flexio_app *app, flexio_func_t *host_stub_func_addr, uint32_t *pup, char *dev_func_name,
	char *dev_unpack_func_name, size_t func_name_len, size_t *argbuf_size,
	flexio_func_arg_pack_fn_t **host_pack_func, flexio_uintptr_t *dev_func_addr,
	flexio_uintptr_t *dev_unpack_func_addr);
#endif

/* ------------------------------------------------------------------------ */
/* Processes                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * Loads an application into a new DPA process on a device.
 *
 * @param ibv_ctx       the device (rdma-core context).
 * @param app           the application.
 * @param process_attr  the attributes; may be NULL (an internal PD, no name).
 * @param process_ptr   receives the process.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, a device without a DPA, or an image that does not load.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_process_create(struct ibv_context *ibv_ctx, flexio_app *app,
						  const struct flexio_process_attr *process_attr,
						  flexio_process **process_ptr);

/**
 * Destroys a process and everything created in it (threads, queues, memory, streams).
 *
 * @param process  the process; NULL is a no-op.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_process_destroy(flexio_process *process);

/**
 * Calls a device function synchronously.
 *
 * @param process   the process.
 * @param host_func the function's handle (its host stub, or flexio_func_register's output).
 * @param func_ret  receives the function's uint64_t return value.
 * @param ...       the arguments, packed as the function's registration says.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad
 *         argument, an unregistered function, a process in error, or a call that faults it.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_process_call(flexio_process *process, flexio_func_t *host_func,
						uint64_t *func_ret, ...);

#if !FLEXIO_EDITION_OLD
/**
 * Sets the device function run when a thread of the process hits a fatal error.
 *
 * Call it after creating the process and before its first thread.
 *
 * @param process        the process.
 * @param error_handler  a registered __dpa_global__ function.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or when the process already has threads.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API; this form since 24.01 (FLEXIO_VER(24, 0, 0)).
 *  *        The 23.x form is flexio_process_error_handler_set(process, handler_name) (symbol version FLEXIO_1.0).
 */
FLEXIO_STABLE flexio_status flexio_process_error_handler_set(flexio_process *process,
							     flexio_func_t *error_handler);
#else
/**
 * Sets the device function run when a thread of the process hits a fatal error, by name.
 *
 * @param process  the process.
 * @param handler  the name of a device function in the application's ELF.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a name missing from the ELF.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_process_error_handler_set(flexio_process *process,
							     const char *handler);
FLEXIO_OLD_EDITION_SYMBOL(flexio_process_error_handler_set);
#endif

/**
 * The process's device memory (dumem) id.
 *
 * @param process  the process.
 * @return the id, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_process_get_dumem_id(flexio_process *process);

/**
 * The process's protection domain.
 *
 * @param process  the process.
 * @return the PD, NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ struct ibv_pd *flexio_process_get_pd(flexio_process *process);

/**
 * The process's own UAR.
 *
 * @param process  the process.
 * @return the UAR, NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ flexio_uar *flexio_process_get_uar(flexio_process *process);

/**
 * Reads the process heap figures.
 *
 * @param process  the process.
 * @param info     receives the heap's base address, size, and bytes requested and allocated.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on NULL arguments.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_process_mem_info_get(const flexio_process *process,
							struct flexio_heap_mem_info *info);

/**
 * The token for the user-debug interface.
 *
 * @param process  the process.
 * @return the token; 0 when user debug access is not allowed or on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint64_t flexio_process_udbg_token_get(flexio_process *process);

/* ------------------------------------------------------------------------ */
/* DPA memory (process heap)                                                 */
/* ------------------------------------------------------------------------ */

/**
 * Allocates process heap memory.
 *
 * @param process       the process.
 * @param buff_bsize    the size in bytes.
 * @param dest_daddr_p  receives the buffer's device address; 0 on failure.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or an exhausted heap.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_buf_dev_alloc(flexio_process *process, size_t buff_bsize,
						 flexio_uintptr_t *dest_daddr_p);

/**
 * Frees process heap memory.
 *
 * @param process  the process.
 * @param daddr    the address flexio_buf_dev_alloc gave; 0 is a no-op.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle or an address that is not a live allocation.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_buf_dev_free(flexio_process *process, flexio_uintptr_t daddr);

/**
 * Sets bytes of a heap buffer to a value.
 *
 * @param process     the process.
 * @param value       the byte value.
 * @param buff_bsize  the number of bytes.
 * @param dest_daddr  the start, inside one allocation.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a range outside the allocation.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_buf_dev_memset(flexio_process *process, int value,
						  size_t buff_bsize, flexio_uintptr_t dest_daddr);

/**
 * Allocates a heap buffer and copies host memory into it; free it with flexio_buf_dev_free.
 *
 * @param process       the process.
 * @param src_haddr     the host memory.
 * @param buff_bsize    the number of bytes.
 * @param dest_daddr_p  receives the buffer's device address; 0 on failure.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or an exhausted heap.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_copy_from_host(flexio_process *process, void *src_haddr,
						  size_t buff_bsize, flexio_uintptr_t *dest_daddr_p);

/**
 * Copies host memory into an allocated heap buffer.
 *
 * @param process     the process.
 * @param src_haddr   the host memory.
 * @param buff_bsize  the number of bytes.
 * @param dest_daddr  the destination, inside one allocation.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a range outside the allocation.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_host2dev_memcpy(flexio_process *process, void *src_haddr,
						   size_t buff_bsize, flexio_uintptr_t dest_daddr);

/**
 * Allocates a heap buffer whose content is dumped to host memory when it is destroyed.
 *
 * The buffer is backed by its own memory object; the size rounds up to the DPA memory block size,
 * which mkey's length must equal.
 *
 * @param process       the process.
 * @param buff_bsize    the size in bytes.
 * @param mkey          a memory key of the host memory receiving the dump.
 * @param dest_daddr_p  receives the buffer's device address; 0 on failure.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, a key of another length, or an exhausted heap.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_recoverable_buf_dev_alloc(flexio_process *process,
							     size_t buff_bsize, uint32_t mkey,
							     flexio_uintptr_t *dest_daddr_p);

/* ------------------------------------------------------------------------ */
/* Event handlers (DPA threads)                                              */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_EDITION_OLD
/**
 * Creates an event handler: a DPA thread running a device function on events.
 *
 * @param process            the process.
 * @param fattr              the entry function, its argument, affinity and thread-local storage.
 * @param event_handler_ptr  receives the handler, created stopped (see flexio_event_handler_run).
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, an unregistered function, an affinity out of range, or no free
 *         thread.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API; this form since 24.01 (FLEXIO_VER(24, 0, 0)).
 *  *        The 23.x form is flexio_event_handler_create(process, fattr, window, outbox, event_handler_ptr) (symbol version FLEXIO_1.0).
 */
FLEXIO_STABLE flexio_status flexio_event_handler_create(flexio_process *process,
							struct flexio_event_handler_attr *fattr,
							flexio_event_handler **event_handler_ptr);
#else
/**
 * Creates an event handler using a window and an outbox.
 *
 * @param process            the process.
 * @param fattr              the entry function, its argument, affinity and thread-local storage.
 * @param window             the window of its thread; may be NULL.
 * @param outbox             the outbox of its thread; may be NULL.
 * @param event_handler_ptr  receives the handler, created stopped.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, an unregistered function or no free thread.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_event_handler_create(flexio_process *process,
							struct flexio_event_handler_attr *fattr,
							const flexio_window *window,
							const flexio_outbox *outbox,
							flexio_event_handler **event_handler_ptr);
FLEXIO_OLD_EDITION_SYMBOL(flexio_event_handler_create);
#endif

/**
 * Destroys an event handler; its thread stops.
 *
 * @param event_handler  the handler; CQs reporting to its thread must be destroyed first.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_event_handler_destroy(flexio_event_handler *event_handler);

/**
 * Starts an event handler: its thread runs once now and at each event.
 *
 * @param event_handler  the handler.
 * @param user_arg       the argument its thread receives.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle or a handler already running.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_event_handler_run(flexio_event_handler *event_handler,
						     uint64_t user_arg);

/**
 * The id with which threads of the same process activate this handler.
 *
 * @param event_handler  the handler.
 * @return the id, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_event_handler_get_activation_id(flexio_event_handler *event_handler);

/**
 * The handler's thread id.
 *
 * @param event_handler  the handler.
 * @return the id, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_event_handler_get_id(flexio_event_handler *event_handler);

/**
 * The handler's thread object id.
 *
 * @param event_handler  the handler.
 * @return the id, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_event_handler_get_obj_id(flexio_event_handler *event_handler);

/**
 * The handler's thread, for flexio_cq_attr.thread.
 *
 * @param event_handler  the handler.
 * @return the thread, NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ flexio_thread *flexio_event_handler_get_thread(flexio_event_handler *event_handler);

/**
 * The handler's thread DEVX object.
 *
 * @param event_handler  the handler.
 * @return the object, NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ struct mlx5dv_devx_obj *
flexio_event_handler_get_thread_obj(flexio_event_handler *event_handler);

#if FLEXIO_EDITION_25
/* ------------------------------------------------------------------------ */
/* DPA resources: the execution units reserved for an application            */
/* ------------------------------------------------------------------------ */

/**
 * The execution units (EUs) and EU groups a DPA resources file reserves for one application
 * (opaque; flexio_resources_create makes it).
 */
struct flexio_resource;

/**
 * Reads a DPA resources file for one application: the EUs and EU groups an administrator
 * reserved for it, so that its DPA threads run there (FLEXIO_AFFINITY_STRICT with each EU id).
 *
 * The file is YAML: a mapping whose one key, applications, lists the applications, each a
 * mapping of key (the application key: a string), eus (a list of EU ids) and eu_groups (a list of
 * mappings whose one key, eus, lists the EUs of the group); eus and eu_groups may be left out.
 * EU ids are plain decimal integers 0..255 (the BlueField-3 DPA's 256 EUs); an application is
 * given at most 189 EUs in all (those available to applications), each once.  The whole file
 * must be valid, not only the application asked for.  For example, an application with four EUs
 * and one with an EU group: "applications: [{key: app, eus: [0, 1, 2, 3]}, {key: telemetry,
 * eu_groups: [{eus: [16, 17]}]}]".
 *
 * @param app_key  the application's key in the file.
 * @param buffer   the file's contents (need not end with a NUL byte); read during the call only.
 * @param size     their size in bytes: 1 byte .. 1 MiB.
 * @param res      receives the object, to destroy with flexio_resources_destroy.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function and the
 *         line of the file) on NULL arguments, a size out of range, text that is not YAML or not
 *         of this form (an unknown key, an EU id out of range or given twice, too many EUs), no
 *         application or more than one of that key, or out of memory.
 * @note Experimental (FLEXIO_EXPERIMENTAL).
 * @since 25.0 (FLEXIO_VER(25, 0, 0)).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_resources_create(const char *app_key, const void *buffer, size_t size,
							  struct flexio_resource **res);

/**
 * Destroys a DPA resources object; the array flexio_resources_get_eus gave goes with it.
 *
 * @param res  the object.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) when it
 *         is not a live DPA resources object.
 * @note Experimental (FLEXIO_EXPERIMENTAL).
 * @since 25.0 (FLEXIO_VER(25, 0, 0)).
 */
FLEXIO_EXPERIMENTAL flexio_status flexio_resources_destroy(struct flexio_resource *res);

/**
 * The number of EU groups reserved for the application.
 *
 * @param res  the object.
 * @return the number of groups; 0 on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL).
 * @since 25.0 (FLEXIO_VER(25, 0, 0)).
 */
FLEXIO_EXPERIMENTAL int flexio_resources_get_eugs_num(struct flexio_resource *res);

/**
 * The number of EUs reserved for the application outside its EU groups (its eus list).
 *
 * @param res  the object.
 * @return the number of EUs; 0 on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL).
 * @since 25.0 (FLEXIO_VER(25, 0, 0)).
 */
FLEXIO_EXPERIMENTAL uint32_t flexio_resources_get_eus_num(struct flexio_resource *res);

/**
 * The ids of the EUs reserved for the application outside its EU groups, in the file's order.
 *
 * @param res  the object.
 * @return an array of flexio_resources_get_eus_num() ids owned by the object, valid until it is
 *         destroyed (not NULL when there are none); NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL).
 * @since 25.0 (FLEXIO_VER(25, 0, 0)).
 */
FLEXIO_EXPERIMENTAL uint32_t *flexio_resources_get_eus(struct flexio_resource *res);
#endif

/* ------------------------------------------------------------------------ */
/* Command queues (asynchronous RPC)                                         */
/* ------------------------------------------------------------------------ */

/**
 * Creates a command queue whose tasks run on DPA threads of the process.
 *
 * @param process  the process.
 * @param fattr    the number of worker threads, the batch size and the initial state.
 * @param cmdq     receives the queue.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or not enough free threads.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_cmdq_create(flexio_process *process, struct flexio_cmdq_attr *fattr,
					       flexio_cmdq **cmdq);

/**
 * Destroys a command queue; tasks not yet run are dropped.
 *
 * @param cmdq  the queue.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_cmdq_destroy(flexio_cmdq *cmdq);

/**
 * Queues a call of a device function.
 *
 * @param cmdq       the queue.
 * @param host_func  the function's handle.
 * @param arg        its argument.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, an unregistered function or a full queue.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_cmdq_task_add(flexio_cmdq *cmdq, flexio_func_t *host_func,
						 uint64_t arg);

/**
 * Moves a pending command queue to running; no effect on a running one.
 *
 * @param cmdq  the queue.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_cmdq_state_running(flexio_cmdq *cmdq);

/**
 * Tells whether every task added so far has run.
 *
 * @param cmdq  the queue.
 * @return nonzero when empty, 0 when tasks remain or on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ int flexio_cmdq_is_empty(flexio_cmdq *cmdq);

/* ------------------------------------------------------------------------ */
/* Completion queues                                                         */
/* ------------------------------------------------------------------------ */

/**
 * Creates a completion queue of a process.
 *
 * Its ring lives in DPA or host memory, its doorbell record in DPA memory.  With element type
 * FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD, fattr->thread is flexio_event_handler_get_thread() of an event
 * handler of the process.
 *
 * @param process  the process.
 * @param ibv_ctx  the device; NULL means the process's.
 * @param fattr    the CQ attributes.
 * @param cq       receives the CQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or attribute, or an exhausted device.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_cq_create(flexio_process *process, struct ibv_context *ibv_ctx,
					     const struct flexio_cq_attr *fattr, flexio_cq **cq);

/**
 * Destroys a completion queue.
 *
 * @param cq  the CQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle, or while work queues or QPs report to it (it then stays valid).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_cq_destroy(flexio_cq *cq);

/**
 * Changes CQ moderation: an event after max_count CQEs or period microseconds.
 *
 * @param cq         the CQ.
 * @param max_count  CQEs before an event; 0: not by count.
 * @param period     microseconds before an event (at most 4095); 0: not by time.
 * @param mode       an enum flexio_cq_period_mode.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle or mode.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_cq_modify_moderation(flexio_cq *cq, uint16_t max_count,
							uint16_t period, uint16_t mode);

/**
 * Reads CQ moderation.
 *
 * @param cq         the CQ.
 * @param max_count  receives the CQE count.
 * @param period     receives the period in microseconds.
 * @param mode       receives the enum flexio_cq_period_mode.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_cq_query_moderation(flexio_cq *cq, uint16_t *max_count,
						       uint16_t *period, uint16_t *mode);

/**
 * The CQ number.
 *
 * @param cq  the CQ.
 * @return the number, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_cq_get_cq_num(flexio_cq *cq);

/**
 * The CQ's DEVX object (the one its CREATE_CQ command made), destroyed with the CQ.
 *
 * @param cq  the CQ.
 * @return the object, NULL on error (logged).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE struct mlx5dv_devx_obj *flexio_cq_get_obj(flexio_cq *cq);

/* ------------------------------------------------------------------------ */
/* Send queues, TIS and transport domains                                    */
/* ------------------------------------------------------------------------ */

/**
 * Creates a send queue reporting to a CQ.
 *
 * @param process        the process.
 * @param ibv_ctx        the device; NULL means the process's.
 * @param cq_num         the CQ's number.
 * @param fattr          the WQ attributes (the TIS to send through, or NULL to create one).
 * @param flexio_sq_ptr  receives the SQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or attribute, or an unknown CQ.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_sq_create(flexio_process *process, struct ibv_context *ibv_ctx,
					     uint32_t cq_num, const struct flexio_wq_attr *fattr,
					     flexio_sq **flexio_sq_ptr);

/**
 * Creates a send queue on another device than the process's.
 *
 * @param process        the process.
 * @param ibv_ctx        the device; must differ from the process's.
 * @param cq_num         the CQ's number.
 * @param fattr          the WQ attributes.
 * @param flexio_sq_ptr  receives the SQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, the process's own device, or an unknown CQ.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_sq_create_cross_dev(flexio_process *process,
						       struct ibv_context *ibv_ctx, uint32_t cq_num,
						       const struct flexio_wq_attr *fattr,
						       flexio_sq **flexio_sq_ptr);

/**
 * Destroys a send queue and the TIS made with it.
 *
 * @param flexio_sq  the SQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_sq_destroy(flexio_sq *flexio_sq);

/**
 * The SQ number.
 *
 * @param sq  the SQ.
 * @return the number, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_sq_get_wq_num(flexio_sq *sq);

/**
 * Creates a transport interface send (TIS) in a transport domain.
 *
 * @param ibv_ctx  the device.
 * @param td       a transport domain of that device.
 * @param tis      receives the TIS.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a domain of another device.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_sq_tis_create(struct ibv_context *ibv_ctx,
						 flexio_transport_domain *td, flexio_sq_tis **tis);

/**
 * Destroys a TIS.
 *
 * @param tis  the TIS.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle, or while SQs send through it (it then stays valid).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_sq_tis_destroy(flexio_sq_tis *tis);

/**
 * Creates a transport domain.
 *
 * @param ibv_ctx  the device.
 * @param td       receives the domain.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_transport_domain_create(struct ibv_context *ibv_ctx,
							   flexio_transport_domain **td);

/**
 * Destroys a transport domain.
 *
 * @param td  the domain.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle, or while TISs or TIRs use it (it then stays valid).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_transport_domain_destroy(flexio_transport_domain *td);

/* ------------------------------------------------------------------------ */
/* Receive queues and RMPs                                                   */
/* ------------------------------------------------------------------------ */

/**
 * Creates a receive queue reporting to a CQ.
 *
 * @param process        the process.
 * @param ibv_ctx        the device; NULL means the process's.
 * @param cq_num         the CQ's number.
 * @param fattr          the WQ attributes (the transport domain, or NULL to create one).
 * @param flexio_rq_ptr  receives the RQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or attribute, or an unknown CQ.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_rq_create(flexio_process *process, struct ibv_context *ibv_ctx,
					     uint32_t cq_num, const struct flexio_wq_attr *fattr,
					     flexio_rq **flexio_rq_ptr);

/**
 * Creates a receive queue on another device than the process's.
 *
 * @param process        the process.
 * @param ibv_ctx        the device; must differ from the process's.
 * @param cq_num         the CQ's number.
 * @param fattr          the WQ attributes.
 * @param flexio_rq_ptr  receives the RQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, the process's own device, or an unknown CQ.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_rq_create_cross_dev(flexio_process *process,
						       struct ibv_context *ibv_ctx, uint32_t cq_num,
						       const struct flexio_wq_attr *fattr,
						       flexio_rq **flexio_rq_ptr);

/**
 * Destroys a receive queue, its TIR and the transport domain made with it.
 *
 * @param flexio_rq  the RQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_rq_destroy(flexio_rq *flexio_rq);

/**
 * Moves a receive queue to the error state: its posted WQEs complete flushed.
 *
 * @param rq  the RQ.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_rq_set_err_state(flexio_rq *rq);

/**
 * The RQ number.
 *
 * @param rq  the RQ.
 * @return the number, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_rq_get_wq_num(flexio_rq *rq);

/**
 * The RQ's DEVX object (the one its CREATE_RQ command made), destroyed with the RQ.
 *
 * @param rq  the RQ.
 * @return the object, NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ struct mlx5dv_devx_obj *flexio_rq_get_object(flexio_rq *rq);

/**
 * The DEVX object of the TIR made with the RQ (a steering destination), destroyed with the RQ.
 *
 * @param rq  the RQ.
 * @return the object, NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ struct mlx5dv_devx_obj *flexio_rq_get_tir(flexio_rq *rq);

/**
 * Creates a shared receive memory pool (RMP).
 *
 * @param process         the process.
 * @param ibv_ctx         the device; NULL means the process's.
 * @param fattr           the WQ attributes.
 * @param flexio_rmp_ptr  receives the RMP.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or attribute.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_rmp_create(flexio_process *process, struct ibv_context *ibv_ctx,
					      const struct flexio_wq_attr *fattr,
					      flexio_rmp **flexio_rmp_ptr);

/**
 * Destroys an RMP.
 *
 * @param flexio_rmp  the RMP.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle, or while QPs receive from it (it then stays valid).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_rmp_destroy(flexio_rmp *flexio_rmp);

/**
 * The RMP number.
 *
 * @param rmp  the RMP.
 * @return the number, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_rmp_get_wq_num(flexio_rmp *rmp);

/* ------------------------------------------------------------------------ */
/* Queue pairs                                                               */
/* ------------------------------------------------------------------------ */

/**
 * Creates an RC queue pair in state RST.
 *
 * Its buffer holds the receive ring first and the send ring after it.
 *
 * @param process   the process.
 * @param ibv_ctx   the device; NULL means the process's.
 * @param qp_fattr  the creation attributes (transport type FLEXIO_QPC_ST_RC only).
 * @param qp_ptr    receives the QP.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or attribute, or an unknown CQ or RMP.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_qp_create(flexio_process *process, struct ibv_context *ibv_ctx,
					     struct flexio_qp_attr *qp_fattr, flexio_qp **qp_ptr);

/**
 * Moves a QP to fattr->next_state with the attributes that transition needs.
 *
 * IB's RC state machine (SQD is state 4).  The QP is unchanged when it fails.
 *
 * @param qp     the QP.
 * @param fattr  the next state and its attributes.
 * @param mask   the optional attributes to apply too; may be NULL.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a transition the state machine does not allow.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_qp_modify(flexio_qp *qp, struct flexio_qp_attr *fattr,
					     struct flexio_qp_attr_opt_param_mask *mask);

/**
 * Destroys a queue pair.
 *
 * @param qp  the QP.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_qp_destroy(flexio_qp *qp);

/**
 * The QP number.
 *
 * @param qp  the QP.
 * @return the number, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_qp_get_qp_num(flexio_qp *qp);

/**
 * The QP's state.
 *
 * @param qp  the QP.
 * @return the state; FLEXIO_QP_STATE_ERR on error (logged).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_qp_state flexio_qp_state_get(flexio_qp *qp);

/* ------------------------------------------------------------------------ */
/* UARs, outboxes, windows, memory keys                                      */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_EDITION_OLD
/**
 * Creates a UAR (user access region) for the process.
 *
 * @param process     the process.
 * @param flexio_uar  receives the UAR.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API; this form since 24.01 (FLEXIO_VER(24, 0, 0)).
 *  *        The 23.x form is flexio_uar_create(process, devx_uar, flexio_uar) (symbol version FLEXIO_1.0).
 */
FLEXIO_STABLE flexio_status flexio_uar_create(flexio_process *process, flexio_uar **flexio_uar);
#else
/**
 * Creates a UAR for the process over a DEVX UAR.
 *
 * @param process     the process.
 * @param devx_uar    the DEVX UAR.
 * @param flexio_uar  receives the UAR.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_uar_create(flexio_process *process,
					      struct mlx5dv_devx_uar *devx_uar,
					      flexio_uar **flexio_uar);
FLEXIO_OLD_EDITION_SYMBOL(flexio_uar_create);
#endif

/**
 * Destroys a UAR.
 *
 * @param uar  the UAR.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_uar_destroy(flexio_uar *uar);

/**
 * Extends a UAR to another device, for cross-device doorbells.
 *
 * @param in_uar     the UAR.
 * @param to_extend  the other device.
 * @param extended   receives the extended UAR.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_uar_extend(flexio_uar *in_uar, struct ibv_context *to_extend,
					      flexio_uar **extended);

/**
 * The device id of an extended UAR.
 *
 * @param uar  the extended UAR.
 * @return the id, UINT32_MAX on error (logged).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_uar_device_id flexio_uar_get_extended_id(flexio_uar *uar);

/**
 * The UAR id.
 *
 * @param uar  the UAR.
 * @return the id, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_uar_get_id(flexio_uar *uar);

#if !FLEXIO_EDITION_OLD
/**
 * Creates an outbox: a doorbell page for DPA threads.
 *
 * @param process  the process.
 * @param fattr    the attributes (congestion-control support).
 * @param outbox   receives the outbox.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API; this form since 24.01 (FLEXIO_VER(24, 0, 0)).
 *  *        The 23.x form is flexio_outbox_create(process, other_ctx, uar, outbox) (symbol version FLEXIO_1.0).
 */
FLEXIO_STABLE flexio_status flexio_outbox_create(flexio_process *process,
						 struct flexio_outbox_attr *fattr,
						 flexio_outbox **outbox);
#else
/**
 * Creates an outbox ringing queues of a device through a UAR.
 *
 * @param process    the process.
 * @param other_ctx  the device whose queues it rings; NULL: the process's.
 * @param uar        the UAR it rings through.
 * @param outbox     receives the outbox.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_outbox_create(flexio_process *process,
						 struct ibv_context *other_ctx, flexio_uar *uar,
						 flexio_outbox **outbox);
FLEXIO_OLD_EDITION_SYMBOL(flexio_outbox_create);
#endif

/**
 * Destroys an outbox.
 *
 * @param outbox  the outbox.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_outbox_destroy(flexio_outbox *outbox);

/**
 * The outbox id.
 *
 * @param outbox  the outbox.
 * @return the id, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_outbox_get_id(flexio_outbox *outbox);

/**
 * The outbox's UAR.
 *
 * @param outbox  the outbox.
 * @return the UAR, NULL on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ flexio_uar *flexio_outbox_get_uar(flexio_outbox *outbox);

/**
 * Creates a window: DPA access to host memory registered in a PD.
 *
 * @param process  the process.
 * @param pd       the protection domain of the host memory regions.
 * @param window   receives the window.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_window_create(flexio_process *process, struct ibv_pd *pd,
						 flexio_window **window);

/**
 * Destroys a window.
 *
 * @param window  the window.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_window_destroy(flexio_window *window);

/**
 * The window id.
 *
 * @param window  the window.
 * @return the id, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_window_get_id(flexio_window *window);

/**
 * Creates a memory key over DPA memory, for the NIC or a peer to reach it.
 *
 * @param process  the process.
 * @param fattr    the PD, the DPA range and the IBV_ACCESS_* flags.
 * @param mkey     receives the key.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a range outside the process's memory.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_device_mkey_create(flexio_process *process,
						      struct flexio_mkey_attr *fattr,
						      flexio_mkey **mkey);

/**
 * Destroys a memory key.
 *
 * @param mkey  the key; NULL is a no-op.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_device_mkey_destroy(flexio_mkey *mkey);

/**
 * The memory key value.
 *
 * @param mkey  the key.
 * @return the key, UINT32_MAX on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ uint32_t flexio_mkey_get_id(flexio_mkey *mkey);

/* ------------------------------------------------------------------------ */
/* Device messages                                                           */
/* ------------------------------------------------------------------------ */

#if !FLEXIO_EDITION_OLD
/**
 * Creates a device message stream to a file.
 *
 * Device messages of stream_fattr->level and more severe are written to out.  In sync mode a host
 * thread drains the stream.  The first stream of a process is its default one
 * (FLEXIO_MSG_DEV_DEFAULT_STREAM_ID).
 *
 * @param process       the process.
 * @param stream_fattr  the buffer size (a power of two, at least 2 KiB), mode, name and level.
 * @param out           where messages are written.
 * @param ppthread      if not NULL, receives the id of the draining thread (sync mode).
 * @param stream        receives the stream.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or attribute, or too many streams.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_msg_stream_create(flexio_process *process,
						     flexio_msg_stream_attr_t *stream_fattr, FILE *out,
						     pthread_t *ppthread, flexio_msg_stream **stream);

/**
 * Flushes and destroys a message stream.
 *
 * @param stream  the stream.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_msg_stream_destroy(flexio_msg_stream *stream);

/**
 * Writes out every message a stream holds.
 *
 * @param stream  the stream.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_msg_stream_flush(flexio_msg_stream *stream);

/**
 * The stream id, which device code passes to flexio_dev_msg.
 *
 * @param stream  the stream.
 * @return the id, -1 on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_EXP_ int flexio_msg_stream_get_id(flexio_msg_stream *stream);

/**
 * Changes a stream's level.
 *
 * @param stream  the stream, not the default one.
 * @param level   the new level, FLEXIO_MSG_DEV_NO_PRINT .. FLEXIO_MSG_DEV_DEBUG.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle or level, or the default stream.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_msg_stream_level_set(flexio_msg_stream *stream,
							flexio_msg_dev_level level);

/**
 * Creates the process's default message stream (see flexio_msg_stream_create).
 *
 * @param process       the process.
 * @param stream_fattr  the stream attributes.
 * @param out           where messages are written.
 * @param ppthread      if not NULL, receives the id of the draining thread.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a default stream already made.
 * @deprecated Deprecated in 24.x; use flexio_msg_stream_create.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_log_dev_init(flexio_process *process,
						flexio_msg_stream_attr_t *stream_fattr, FILE *out,
						pthread_t *ppthread) FLEXIO_DEPRECATED_2401_;

/**
 * Writes out every message of the default stream.
 *
 * @param process  the process.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle or no default stream.
 * @deprecated Deprecated in 24.x; use flexio_msg_stream_flush.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_log_dev_flush(flexio_process *process) FLEXIO_DEPRECATED_2401_;

/**
 * Flushes and destroys the default stream.
 *
 * @param process  the process.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle or no default stream.
 * @deprecated Deprecated in 24.x; use flexio_msg_stream_destroy.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_log_dev_destroy(flexio_process *process) FLEXIO_DEPRECATED_2401_;
#else
/**
 * Sets up printing from the device to a file.
 *
 * @param process     the process.
 * @param flexio_uar  ignored (the process UAR is used).
 * @param data_bsize  the buffer size: a power of two, at least 2 KiB.
 * @param out         where prints are written.
 * @param is_async    0: a host thread drains the buffer; else only flexio_print_flush does.
 * @param ppthread    if not NULL, receives the draining thread's id.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or printing already set up.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_print_init(flexio_process *process, flexio_uar *flexio_uar,
					      size_t data_bsize, FILE *out, int is_async,
					      pthread_t *ppthread);

/**
 * Writes out every buffered device print.
 *
 * @param process  the process.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle or no printing set up.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_print_flush(flexio_process *process);

/**
 * Flushes and releases the printing set up by flexio_print_init.
 *
 * @param process  the process.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle or no printing set up.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_print_destroy(flexio_process *process);
#endif

/* ------------------------------------------------------------------------ */
/* Errors and dumps                                                          */
/* ------------------------------------------------------------------------ */

/**
 * A file descriptor that becomes readable when the process hits a fatal error.
 *
 * @param process  the process.
 * @return the descriptor, -1 on error (logged).
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_EXP_ int flexio_err_handler_fd(flexio_process *process);

#if !FLEXIO_EDITION_OLD
/**
 * The process's error status.
 *
 * @param process  the process; NULL is valid and gives 0.
 * @return 0 while it runs or after a normal flexio_dev_process_finish, else its dpa_process_status:
 *         1..63 DPA OS (e.g. a thread fault), 64..127 FlexIO SDK, 128..255 the code given to
 *         flexio_dev_error.  24.x returns it as an enum flexio_err_status.
 * @note Experimental (FLEXIO_EXPERIMENTAL) except in the 24.x releases, which mark nothing experimental.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
#if FLEXIO_EDITION_2401
FLEXIO_STABLE enum flexio_err_status flexio_err_status_get(flexio_process *process);
#else
FLEXIO_EXP_ int flexio_err_status_get(flexio_process *process);
#endif

/**
 * Writes the process's crash data (fault, registers, status) as text to a file.
 *
 * @param process  the process.
 * @param outfile  the file's path.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a file that cannot be written.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_crash_data(flexio_process *process, const char *outfile);

/**
 * Writes an ELF core of the process (memory and every thread's registers) to a file.
 *
 * @param process  the process.
 * @param outfile  the file's path.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a file that cannot be written.
 * @since 24.01 (FLEXIO_VER(24, 0, 0)).
 */
FLEXIO_STABLE flexio_status flexio_coredump_create(flexio_process *process, const char *outfile);
#else
/**
 * The process's error status (as flexio_err_status_get), 0 again after flexio_err_display.
 *
 * @param process  the process.
 * @return 0 while it runs normally, else its status; 0 on error (logged).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE int flexio_err_status(flexio_process *process);

/**
 * Prints the process's error data to stderr and resets its error status.
 *
 * @param process  the process.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE void flexio_err_display(flexio_process *process);
#endif

/* ------------------------------------------------------------------------ */
/* Older edition: device emulation and MSI-X                                 */
/* ------------------------------------------------------------------------ */

#if FLEXIO_EDITION_OLD
/** Most EQ-to-MSI-X pairs a map holds. */
#define FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS 64

/**
 * Maps the doorbell of a queue of an emulated function to a CQ.
 *
 * Each doorbell the function's driver rings while the mapping is armed writes one CQE to cq, and
 * disarms it.  Device code re-arms it with flexio_dev_db_ctx_arm (a doorbell rung meanwhile then
 * writes its CQE at once) and forces one with flexio_dev_db_ctx_force_trigger.  The CQE: opcode 0,
 * qpn = the queue, user index = the mapping's id, byte count = the doorbell's value, WQE counter =
 * doorbells rung so far.  A mapping is created armed; a queue takes one mapping at a time; cq cannot
 * be destroyed while mapped.
 *
 * @param ibv_ctx           the emulation manager's device.
 * @param emu_dev_vhca_id   the emulated function (its VHCA id).
 * @param emu_dev_queue_id  the queue.
 * @param cq                a CQ of that device.
 * @param emu_db_to_cq_ctx  receives the mapping.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument, an unknown function or queue, or a queue already mapped.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_emu_db_to_cq_map(struct ibv_context *ibv_ctx,
						    uint32_t emu_dev_vhca_id,
						    uint32_t emu_dev_queue_id, flexio_cq *cq,
						    flexio_emu_db_to_cq_ctx **emu_db_to_cq_ctx);

/**
 * Removes a doorbell-to-CQ mapping: the queue's doorbells go nowhere again.
 *
 * @param emu_db_to_cq_ctx  the mapping.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_emu_db_to_cq_unmap(flexio_emu_db_to_cq_ctx *emu_db_to_cq_ctx);

/**
 * The id of a doorbell-to-CQ mapping, for the device's flexio_dev_db_ctx_* calls.
 *
 * @param emu_db_to_cq_ctx  the mapping.
 * @return the id, UINT32_MAX on error (logged).
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE uint32_t flexio_emu_db_to_cq_ctx_get_id(flexio_emu_db_to_cq_ctx *emu_db_to_cq_ctx);

/**
 * Makes an MSI-X vector of an emulated function raisable by the process.
 *
 * direct_mode: the application uses the vector's EQ directly (CQs with element type
 * FLEXIO_CQ_ELEMENT_TYPE_DPA_MSIX_EMULATED_CQ and that emulated_eqn send its messages).  Otherwise a
 * CQ is made on target_ibv_ctx's device whose every zero CQE (flexio_dev_msix_send) is one MSI-X
 * message of the vector.
 *
 * @param process         the process (of the emulation manager, on map's device).
 * @param target_ibv_ctx  the device of the CQ made (not direct mode).
 * @param direct_mode     nonzero for direct mode.
 * @param target_uar_id   the UAR page of that CQ (not direct mode).
 * @param msix_id         the vector.
 * @param map             the function's EQ-to-MSI-X map.
 * @param msix            receives the vector.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or a vector outside the map.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_emulated_device_msix_create(
	flexio_process *process, struct ibv_context *target_ibv_ctx, uint8_t direct_mode,
	uint32_t target_uar_id, uint16_t msix_id, flexio_emu_device_msix_map *map,
	flexio_msix **msix);

/**
 * Destroys an emulated device MSI-X vector and the CQ made for it.
 *
 * @param msix  the vector.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_emulated_device_msix_destroy(flexio_msix *msix);

/**
 * Reads the EQ-to-MSI-X map of an emulated function of the process's device.
 *
 * @param process              the process.
 * @param device_emulation_id  the emulated function (its VHCA id).
 * @param max_msix             the vectors to map, 1 .. FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS.
 * @param map                  receives the map of the EQs of vectors 0 .. max_msix - 1.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad argument or an unknown function.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_emulated_device_msix_map_create(
	flexio_process *process, uint32_t device_emulation_id, uint16_t max_msix,
	flexio_emu_device_msix_map **map);

/**
 * Frees an EQ-to-MSI-X map; the vectors made from it stay.
 *
 * @param map  the map.
 * @return FLEXIO_STATUS_SUCCESS, or FLEXIO_STATUS_FAILED (one log line names the function) on a bad handle.
 * @since 23.x (FLEXIO_VER(23, 0, 0)), the older API.
 */
FLEXIO_STABLE flexio_status flexio_emulated_device_msix_map_free(flexio_emu_device_msix_map *map);
#endif

#undef FLEXIO_EXP_
#undef FLEXIO_DEPRECATED_2401_

#ifdef __cplusplus
}
#endif

/* OpenFlexIO's own additions, apart from NVIDIA's API. */
#include <libflexio/flexio_ext.h>

#endif /* OPENFLEXIO_FLEXIO_H */
