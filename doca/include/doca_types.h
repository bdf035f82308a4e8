/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_types.h
 * @brief Types shared by the DOCA libraries: user data, access flags, MTUs, PCI function types.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_TYPES_H
#define OPENDOCA_DOCA_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#ifdef __riscv
/* DPA code (doca_sync_event.h in NVIDIA's dpa_nvqual) has no kernel headers: the __be types of the
 * FlexIO device headers, which DOCA DPA code builds on */
#include <libflexio-dev/flexio_dev_endianity.h>
#else
#include <linux/types.h>
#endif
#include "doca_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Length of a GID in bytes. */
#define DOCA_GID_BYTE_LENGTH 16
/** The value of no event handle. */
#define doca_event_invalid_handle (-1)

/** Access permissions of memory (or-ed). */
enum doca_access_flag {
#if OPENDOCA_REL >= 25
	DOCA_ACCESS_FLAG_LOCAL_READ_ONLY = 0,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ACCESS_LOCAL_READ_ONLY = 0,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ACCESS_FLAG_LOCAL_READ_WRITE = 1,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ACCESS_LOCAL_READ_WRITE = 1,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ACCESS_FLAG_RDMA_READ = 2,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ACCESS_RDMA_READ = 2,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ACCESS_FLAG_RDMA_WRITE = 4,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ACCESS_RDMA_WRITE = 4,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ACCESS_FLAG_RDMA_ATOMIC = 8,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ACCESS_RDMA_ATOMIC = 8,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ACCESS_DPU_READ_ONLY = 16,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ACCESS_FLAG_PCI_READ_ONLY = 16,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ACCESS_DPU_READ_WRITE = 32,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ACCESS_FLAG_PCI_READ_WRITE = 32,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ACCESS_FLAG_PCI_RELAXED_ORDERING = 64,
#endif
};

/** Wait-on-time modes of DOCA ETH. */
enum doca_eth_wait_on_time_type {
#if OPENDOCA_REL <= 22
	DOCA_ETH_WAIT_ON_TIME_NONE = 0,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ETH_WAIT_ON_TIME_TYPE_NONE = 0,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ETH_WAIT_ON_TIME_NATIVE = 1,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ETH_WAIT_ON_TIME_TYPE_NATIVE = 1,
#endif
#if OPENDOCA_REL <= 22
	DOCA_ETH_WAIT_ON_TIME_DPDK = 2,
#endif
#if OPENDOCA_REL >= 25
	DOCA_ETH_WAIT_ON_TIME_TYPE_DPDK = 2,
#endif
};

/** GPU memory types. */
enum doca_gpu_mem_type {
#if OPENDOCA_REL <= 22
	DOCA_GPU_MEM_GPU = 0,
#endif
#if OPENDOCA_REL >= 25
	DOCA_GPU_MEM_TYPE_GPU = 0,
#endif
#if OPENDOCA_REL <= 22
	DOCA_GPU_MEM_GPU_CPU = 1,
#endif
#if OPENDOCA_REL >= 25
	DOCA_GPU_MEM_TYPE_GPU_CPU = 1,
#endif
#if OPENDOCA_REL <= 22
	DOCA_GPU_MEM_CPU = 2,
#endif
#if OPENDOCA_REL >= 25
	DOCA_GPU_MEM_TYPE_CPU_GPU = 2,
#endif
#if OPENDOCA_REL <= 22
	DOCA_GPU_MEM_CPU_GPU = 3,
#endif
};

/** MTU sizes. */
enum doca_mtu_size {
	DOCA_MTU_SIZE_256_BYTES = 0,
	DOCA_MTU_SIZE_512_BYTES = 1,
	DOCA_MTU_SIZE_1K_BYTES = 2,
	DOCA_MTU_SIZE_2K_BYTES = 3,
	DOCA_MTU_SIZE_4K_BYTES = 4,
	DOCA_MTU_SIZE_RAW_ETHERNET = 5,
};

/** PCI function types. */
enum doca_pci_func_type {
#if OPENDOCA_REL <= 22
	DOCA_PCI_FUNC_PF = 0,
#endif
#if OPENDOCA_REL >= 25
	DOCA_PCI_FUNC_TYPE_PF = 0,
#endif
#if OPENDOCA_REL >= 25
	DOCA_PCI_FUNC_TYPE_VF = 1,
#endif
#if OPENDOCA_REL <= 22
	DOCA_PCI_FUNC_VF = 1,
#endif
#if OPENDOCA_REL <= 22
	DOCA_PCI_FUNC_SF = 2,
#endif
#if OPENDOCA_REL >= 25
	DOCA_PCI_FUNC_TYPE_SF = 2,
#endif
};

/** A big-endian 16-bit value. */
typedef __be16 doca_be16_t;
/** A big-endian 32-bit value. */
typedef __be32 doca_be32_t;
/** A big-endian 64-bit value. */
typedef __be64 doca_be64_t;
/** A file descriptor to wait on (epoll, poll). */
typedef int doca_event_handle_t;
/** The handle a progress engine or work queue notifies through. */
typedef doca_event_handle_t doca_notification_handle_t;
/** A gather list element: memory and the next element. */
#if OPENDOCA_REL >= 25
struct doca_gather_list {
	void *addr;                    /**< start of the memory */
	uint64_t len;                  /**< its length in bytes */
	struct doca_gather_list *next; /**< the next element, or NULL */
};
#endif

/** A PCI address, bus:device.function (1.4). */
#if OPENDOCA_REL <= 14
struct doca_pci_bdf {
	union {
		uint16_t raw; /**< the whole address */
		struct {
			uint16_t bus : 8;      /**< bus number */
			uint16_t device : 5;   /**< device number */
			uint16_t function : 3; /**< function number */
		};
	};
};
#endif

/** User data: a pointer or a 64-bit value. */
union doca_data {
	void *ptr;    /**< as a pointer */
	uint64_t u64; /**< as a number */
};


#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_TYPES_H */
