/*
 * What a device must do for the host library: the provider interface.
 *
 * core/host implements the public API (argument checks, handles, lifetimes,
 * heap bookkeeping, message streams) and reaches a device only through these
 * operations. core/sim is the simulated BlueField-3 DPA; a DEVX provider for
 * real hardware (rdma-core mlx5dv_devx_*) would implement the same table.
 *
 * Conventions: functions returning int give 0 or a negative errno and, where
 * an err buffer is passed, a one-line reason in it.
 */
#ifndef OPENFLEXIO_CORE_PROVIDER_H
#define OPENFLEXIO_CORE_PROVIDER_H

#include <stddef.h>
#include <stdint.h>

struct dpa_image;
struct dpa_fault;
struct ibv_context;
struct provider_process;

/* What the device tells the host library about a process, from its threads. */
struct provider_events {
	void *user;
	/* A device message (flexio_dev_msg, prints): stream id, level, text without NUL. Returns
	 * the bytes accepted (0 when there is no such stream). */
	int64_t (*message)(void *user, int stream_id, int level, const char *text, size_t len);
	/* The process stopped for good: status is the dpa_process_status (0x40 after
	 * flexio_dev_process_finish, 128..255 from flexio_dev_error, 0x42 for an illegal user
	 * code, DPA_STATUS_THREAD_FAULT after a fault); fault is the record of a faulting thread,
	 * or NULL. Called once, from the thread that observed it. */
	void (*fatal)(void *user, uint32_t status, const struct dpa_fault *fault);
};

/* The dpa_process_status of a process whose thread faulted (range 1..63: the DPA OS). */
#define DPA_STATUS_THREAD_FAULT 0x10
#define DPA_STATUS_PROCESS_FINISH 0x40
#define DPA_STATUS_ILLEGAL_USER_ERROR 0x42

struct provider_process_config {
	uint64_t heap_size; /* bytes of DPA heap */
};

/* A synchronous call of a device function on the process's RPC thread. */
struct provider_call {
	uint64_t function;    /* device address */
	const uint64_t *args; /* integer arguments (at most 8) */
	unsigned nargs;
	const void *argbuf;   /* copied into DPA memory; its address replaces args[0] when set */
	size_t argbuf_size;
};

enum provider_call_result {
	PROVIDER_CALL_RETURNED, /* *result holds the function's return value */
	PROVIDER_CALL_ENDED,    /* the function ended its thread (finish, reschedule): result 0 */
	PROVIDER_CALL_FAILED,   /* the process is in error state: see the fatal event */
};

struct flexio_provider_ops {
	const char *name;
	/* Whether this provider serves the device of ibv_ctx. */
	int (*serves)(struct ibv_context *ibv_ctx);
	struct provider_process *(*process_create)(struct ibv_context *ibv_ctx, struct dpa_image *image,
						   const struct provider_process_config *config,
						   const struct provider_events *events, char *err,
						   size_t err_size);
	/* Stops every thread of the process and frees it. */
	void (*process_destroy)(struct provider_process *process);
	void (*heap_range)(struct provider_process *process, uint64_t *base, uint64_t *size);
	/* Host access to DPA memory: the whole range must be mapped. */
	int (*memory_write)(struct provider_process *process, uint64_t daddr, const void *src, size_t size);
	int (*memory_read)(struct provider_process *process, uint64_t daddr, void *dst, size_t size);
	int (*memory_set)(struct provider_process *process, uint64_t daddr, int value, size_t size);
	enum provider_call_result (*call)(struct provider_process *process, const struct provider_call *call,
					  uint64_t *result);
	/* Identifiers the device gives the process (dumem id: its DPA memory object). */
	uint32_t (*dumem_id)(struct provider_process *process);
};

/* The simulated BlueField-3 DPA (core/sim). */
extern const struct flexio_provider_ops sim_provider;

#endif
