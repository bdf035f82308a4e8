/*
 * The null provider's test interface: what a test calls to get the null provider's devices
 * and to play the device's part (README.md in this folder).
 *
 * The null provider's devices are stand-in contexts it makes itself: a struct ibv_context whose
 * device has a name, which libflexio's functions take like any context (and libibverbs' never
 * may: no rdma-core call is made with them). Their protection domains, memory regions and UARs
 * come from here too. A test links libflexio-null.so for these functions and names it in
 * FLEXIO_PROVIDERS, so that libflexio loads it as a provider module: both are then the same
 * loaded object.
 *
 * Functions returning int give 0 or a negative errno.
 */
#ifndef OPENFLEXIO_CORE_PROVIDERS_NULL_H
#define OPENFLEXIO_CORE_PROVIDERS_NULL_H

#include <infiniband/verbs.h>

#include <stddef.h>
#include <stdint.h>

#define NULL_API __attribute__((visibility("default")))

/* A new device called name ("null0" when NULL; its device's name field), or NULL (errno:
 * ENOMEM). */
NULL_API struct ibv_context *flexio_null_open(const char *name);
/* Closes ctx: -EBUSY while it has protection domains, UARs or processes, -EINVAL when it is
 * not an open device of the null provider. */
NULL_API int flexio_null_close(struct ibv_context *ctx);

/* A protection domain of ctx (NULL, errno EINVAL: ctx is no open null device), and its end:
 * -EBUSY while a process, window or memory key holds it, as rdma-core answers for a PD with
 * objects. */
NULL_API struct ibv_pd *flexio_null_pd_alloc(struct ibv_context *ctx);
NULL_API int flexio_null_pd_free(struct ibv_pd *pd);

/* Host memory registered on pd with access (IBV_ACCESS_*): what windows, memory keys and
 * recoverable buffers reach. lkey and rkey are one key, unique among the provider's keys. */
NULL_API struct ibv_mr *flexio_null_mr_reg(struct ibv_pd *pd, void *addr, size_t length, int access);
NULL_API int flexio_null_mr_dereg(struct ibv_mr *mr);

/* The device's part, for the process whose flexio_process_get_dumem_id is dumem_id: */
/* a message (NUL-terminated text) its device code writes to stream stream_id at level
 * (flexio_dev_msg): the bytes the stream took (0: no such stream), or -ENOENT (no such process); */
NULL_API int64_t flexio_null_message(uint32_t dumem_id, int stream_id, int level, const char *text);
/* its stop for good with status (0x40: flexio_dev_process_finish; 128..255: flexio_dev_error)
 * as if raised by its thread thread_id (0: none): -ENOENT, -EALREADY once stopped. */
NULL_API int flexio_null_stop(uint32_t dumem_id, uint32_t status, uint32_t thread_id);

#endif
