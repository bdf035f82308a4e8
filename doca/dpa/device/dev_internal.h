/*
 * The device library's internals (libdoca_dpa_dev): the calling thread's DOCA DPA context and
 * kernel, and host memory reached through the context's window.
 */
#ifndef OPENDOCA_DPA_DEV_INTERNAL_H
#define OPENDOCA_DPA_DEV_INTERNAL_H

#include <stdint.h>

#include "dev_context.h"

/*
 * Marks an entry point (a __dpa_global__ function) libdoca_dpa registers by name in the program's
 * application: dpacc then does not register it with its stub, which is in no host archive the
 * program links (tools/dpacc: BY_NAME_PREFIX).
 */
#define REGISTERED_BY_NAME(fn) const char __dpacc_by_name_##fn __attribute__((used)) = 1

/* The calling thread's context: its kernel's or RPC's, or what doca_dpa_dev_device_set chose. */
const struct opendoca_dpa_dev_context *opendoca_dev_context(void);
void opendoca_dev_set_context(uint64_t context);

/* The thread's rank in its kernel and the kernel's threads (0 and 1 outside a kernel). */
void opendoca_dev_set_kernel_thread(unsigned int rank, unsigned int num_threads);

/*
 * A pointer to host memory at haddr, registered with key mkey on the context's device, through
 * the context's window; 0 when the window refuses it (the thread's FlexIO errno says why).
 */
volatile uint64_t *opendoca_dev_host_ptr(uint64_t haddr, uint32_t mkey);

/* The window's pointer to host memory at haddr (key mkey); the process stops if refused. */
uint64_t opendoca_dev_external_ptr(uint64_t haddr, uint32_t mkey);

/* Copies on the context's loopback endpoint (copy_dev.c): RDMA writes from src (key src_key) to
 * dst (dst_key), a transposed matrix, and waiting for them. */
void opendoca_dev_copy(uint64_t dst, uint32_t dst_key, uint64_t src, uint32_t src_key, uint64_t length);
void opendoca_dev_copy_transposed(uint64_t dst, uint32_t dst_key, uint64_t src, uint32_t src_key, uint64_t length,
				  uint64_t element_size, uint64_t num_columns, uint64_t num_rows);
void opendoca_dev_copy_synchronize(void);

/* The sync event updates a kernel's last thread makes (sync_event_dev.c). */
void opendoca_dev_sync_event_set(uint64_t handle, uint64_t value);
void opendoca_dev_sync_event_add(uint64_t handle, uint64_t value);

#endif /* OPENDOCA_DPA_DEV_INTERNAL_H */
