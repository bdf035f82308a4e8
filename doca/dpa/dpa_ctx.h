/*
 * libdoca_dpa's internals: a DOCA DPA context (struct doca_dpa) and what its families share.
 *
 * A context is a struct opendoca_dpa (libdoca_common's mmap.h: the handle kind and the memory
 * operations libdoca_common's families use for DPA memory) over a FlexIO process of the DOCA
 * device's ibv context and PD, running the program's DPA application (doca_dpa_app is
 * flexio_app: dpacc defines the application variable). Started, it owns:
 *   - the process, a window onto host memory for the device library (sync event counters,
 *     doca_mmap memory), the message streams of doca_dpa_dev_log/printf and of doca_dpa_dev_trace;
 *   - its descriptor in DPA memory (device/dev_context.h), whose address is doca_dpa_dev_t;
 *   - a FlexIO command queue whose workers run kernel threads (kernel.c);
 *   - the device library's entry points, registered by name in the application.
 * Life cycle (2.6 on): create -> set_app -> start -> stop -> destroy; 2.2 and 2.5's create starts.
 * doca_dpa_device_extend (2.7 on) makes a context on another device sharing a started one's
 * process: its objects (memory keys, sync events, RDMA) are of that device's PD, its descriptor
 * names its own window onto that device's memory (doca_dpa_dev_device_set selects it).
 */
#ifndef OPENDOCA_DPA_DPA_H
#define OPENDOCA_DPA_DPA_H

#ifndef FLEXIO_ALLOW_EXPERIMENTAL_API
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#endif

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <libflexio/flexio.h>

#include "device/dev_context.h"
#include "mmap.h"
#include "private.h"

struct dpa_context;
struct dpa_launches;
struct opendoca_dpa_qp;

/*
 * The one rule for objects made in a context. Every object holds its context (the handle's
 * object: its memory stays) for its life, and is on the context's list while it has resources in
 * the context. What stopping the context does to it is what its release says, as each release of
 * DOCA has it:
 *   - release set (3.0's DPA threads, completion contexts, notification completions, async ops,
 *     hash tables: started objects): stop and destroy release its FlexIO resources (newest
 *     first: a completion's CQ before the thread it reports to) and it is stopped;
 *   - release NULL (2.2's workers and host memory registrations, a context extended to another
 *     device): stop and destroy answer DOCA_ERROR_IN_USE until it is unlinked.
 * dpa_object_link / _unlink: the context's lock held. dpa_object_hold / _drop: for objects
 * without a release, the hold of the context and the link (taking the lock) together.
 */
struct dpa_object {
	struct dpa_object *next, *prev;
	/* Frees the object's FlexIO resources and marks it stopped (it unlinks itself); NULL: the
	 * object keeps the context in use. */
	void (*release)(struct dpa_object *object);
};

void dpa_object_link(struct dpa_context *ctx, struct dpa_object *object);
void dpa_object_unlink(struct dpa_context *ctx, struct dpa_object *object);
void dpa_object_hold(struct dpa_context *ctx, struct dpa_object *object);
void dpa_object_drop(struct dpa_context *ctx, struct dpa_object *object);

struct dpa_context {
	struct opendoca_dpa base; /* first: the handle's object */
	pthread_mutex_t lock;     /* the state and everything set before start; launch bookkeeping */
	bool started;
	flexio_app *app;
	uint32_t log_level; /* DOCA_DPA_DEV_LOG_LEVEL_* */
	char *log_path;     /* doca_dpa_log_file_set_path, NULL: stdout */
	char *trace_path;   /* doca_dpa_trace_file_set_path, NULL: stdout */
	/* Started: */
	flexio_process *process;
	flexio_window *window;
	FILE *log_file, *trace_file; /* opened from the paths (NULL: stdout) */
	flexio_msg_stream *log_stream, *trace_stream;
	flexio_func_t *kernel_entry, *rpc_entry;
	struct opendoca_dpa_qp *loopback; /* RDMA atomics on host memory from the DPA (dpa_qp.h) */
	uint64_t dev_context;             /* doca_dpa_dev_t: its descriptor's DPA address */
	struct dpa_launches *launches;    /* kernel.c */
	/* DPA threads and what reports to them (thread.h): their entries, registered with the first
	 * thread. */
	flexio_func_t *thread_entry;
	struct dpa_object *objects; /* the objects with resources in the context, newest first */
	/* doca_dpa_device_extend: the context whose process, application, streams this one shares
	 * (held by extended_link: dpa_object_hold), NULL for a context of its own. An extended context is made
	 * started, with its own window, loopback endpoint, descriptor and kernel queue on its
	 * device; it is destroyed (not stopped) before the context it extends. */
	struct dpa_context *extends;
	struct dpa_object extended_link;
};

/* The context of a handle, with a reference for the call (opendoca_handle_put(&ctx->base.object)). */
struct dpa_context *dpa_get(const struct doca_dpa *handle, const char *func);
/* The same for a context that must be started (DOCA_ERROR_BAD_STATE otherwise, in *err). */
struct dpa_context *dpa_get_started(const struct doca_dpa *handle, doca_error_t *err, const char *func);
static inline void dpa_put(struct dpa_context *ctx)
{
	opendoca_handle_put(&ctx->base.object);
}

/* Context creation as every release's doca_dpa_create does it: created (2.6 on), or also started
 * with app (2.2, 2.5: app non-NULL). */
doca_error_t dpa_create(struct doca_dev *dev, flexio_app *app, struct doca_dpa **dpa, const char *func);
doca_error_t dpa_destroy(struct doca_dpa *dpa, const char *func);

/* Why a context's process stopped, DOCA_SUCCESS while it runs (one SDK line naming func otherwise). */
doca_error_t dpa_process_error(struct dpa_context *ctx, const char *func);

/* Kernel launches (kernel.c): set up at start, drained and freed at stop. */
doca_error_t dpa_launches_start(struct dpa_context *ctx, const char *func);
void dpa_launches_stop(struct dpa_context *ctx);

/* DOCA RDMA's datapath on the DPA (rdma_dpa.c): libdoca_common's opendoca_dpa_ops entries rdma_*. */
doca_error_t dpa_rdma_create(struct opendoca_dpa *dpa, const struct opendoca_dpa_rdma_attr *attr,
			     struct opendoca_dpa_rdma **rdma, uint64_t *handle, const char *func);
doca_error_t dpa_rdma_completion_check(struct opendoca_dpa *dpa, struct doca_dpa_completion *completion,
				       const char *func);
doca_error_t dpa_rdma_conn_create(struct opendoca_dpa_rdma *rdma, uint32_t id, uint32_t *qpn, uint8_t *gid,
				  const char *func);
doca_error_t dpa_rdma_conn_connect(struct opendoca_dpa_rdma *rdma, uint32_t id, uint32_t peer_qpn,
				   const uint8_t *peer_gid, uint32_t mtu, const char *func);
void dpa_rdma_stop(struct opendoca_dpa_rdma *rdma);
void dpa_rdma_destroy(struct opendoca_dpa_rdma *rdma);
doca_error_t dpa_rdma_srq_create(struct opendoca_dpa *dpa, uint32_t size, struct opendoca_dpa_rdma **srq,
				 uint64_t *handle, const char *func);
void dpa_rdma_srq_destroy(struct opendoca_dpa_rdma *srq);

/* The name of an application (doca_dpa_app_get_name and 2.2/2.5's app_name_get). */
doca_error_t dpa_app_name(flexio_app *app, char *name, size_t *len, const char *func);

#endif /* OPENDOCA_DPA_DPA_H */
