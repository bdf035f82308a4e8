/* DPA processes as the rest of the host library sees them. */
#ifndef OPENFLEXIO_CORE_HOST_PROCESS_H
#define OPENFLEXIO_CORE_HOST_PROCESS_H

#include "../provider.h"
#include "app.h"
#include "dpa_objects.h"
#include "heap.h"

#include <dpa.h>

#include <stdatomic.h>

/* Stream ids 0 (the default stream) .. MAX_STREAMS - 1; FLEXIO_MSG_DEV_BROADCAST_STREAM is apart. */
#define MAX_STREAMS 64

struct flexio_process {
	struct flexio_app *app;
	struct ibv_context *ibv_ctx;
	struct ibv_pd *pd;
	bool own_pd; /* created for the process (flexio_process_attr.pd was NULL) */
	char name[FLEXIO_MAX_NAME_LEN + 1];
	const struct flexio_provider_ops *provider;
	struct provider_process *device;
	struct heap heap;

	pthread_mutex_t streams_lock;
	struct flexio_msg_stream *streams[MAX_STREAMS];

	/* Fatal errors: the status, the faulting thread's record, and an eventfd that turns
	 * readable (flexio_err_handler_fd). */
	atomic_int error;        /* nonzero once the process stopped for good */
	uint32_t status;         /* dpa_process_status */
	bool has_fault;
	struct dpa_fault fault;
	int error_fd;
	atomic_bool error_displayed; /* the older edition's flexio_err_display resets flexio_err_status */
	flexio_func_t *error_handler;

	/* cmdq, threads, error handler, core dump */
	struct flexio_cmdq *cmdqs; /* the process's command queues (cmdq.c) */

	/* uar, outbox, window, mkey, recoverable buffers (dpa_objects.h) */
	struct process_objects objects;
};

/* Why a stopped process stopped, for error lines: the fault, or the status given. */
void process_describe_stop(const struct flexio_process *process, char *text, size_t size);
/* Logs, as func, that the process has stopped, and why. */
void process_log_stopped(const struct flexio_process *process, const char *func);
/* When the process has stopped: logs it as func and returns true. */
bool process_stopped(const struct flexio_process *process, const char *func);

/* The process's live handle check with a log line naming func. */
bool process_check(const struct flexio_process *process, const char *func);

/* Device messages of the process reach its streams here. */
int64_t msg_stream_deliver(struct flexio_process *process, int stream_id, int level, const char *text,
			   size_t len);
/* Flushes and frees every stream of the process. */
void msg_streams_destroy_all(struct flexio_process *process);
/* Stops and frees every command queue of the process. */
void cmdqs_destroy_all(struct flexio_process *process);

#endif
