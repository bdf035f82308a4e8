/* DPA processes and the objects created in them, as the rest of the host library sees them. */
#ifndef OPENFLEXIO_CORE_HOST_PROCESS_H
#define OPENFLEXIO_CORE_HOST_PROCESS_H

#include "../provider.h"
#include "app.h"
#include "dpa_objects.h"
#include "handle.h"
#include "heap.h"

#include <stdatomic.h>

/* Stream ids 0 (the default stream) .. MAX_STREAMS - 1; FLEXIO_MSG_DEV_BROADCAST_STREAM is apart. */
#define MAX_STREAMS 64

struct msg_stream;

/*
 * An object created in a process (UAR, outbox, window, mkey, command queue, message stream,
 * ...): its handle, and its place in the process's list. It holds a reference to the process
 * from creation until it is freed, so a process outlives everything created in it.
 */
struct process_child {
	struct handle_object handle; /* first: handle_get returns the object */
	struct process *process;
	/* Run once, by whoever closed the handle (its destroy call, or the process's): stops what
	 * must stop at once. May be NULL. */
	void (*on_close)(struct process_child *child);
	/* Run when the last reference goes: releases the device's side and frees the object. */
	void (*on_free)(struct process_child *child);
	struct process_child *prev, *next; /* in process->children, newest first */
};

struct process {
	struct handle_object handle; /* first: handle_get returns the object */
	struct app *app;
	struct ibv_context *ibv_ctx;
	struct ibv_pd *pd;
	bool own_pd;  /* created for the process (flexio_process_attr.pd was NULL) */
	bool pd_held; /* the provider counts the process as a user of pd */
	char name[FLEXIO_MAX_NAME_LEN + 1];
	const struct flexio_provider_ops *provider;
	struct provider_process *device;
	struct heap heap;

	/* The objects created in the process, and which message stream has which id. */
	pthread_mutex_t children_lock;
	struct process_child *children;
	struct msg_stream *streams[MAX_STREAMS];

	/* Fatal errors: why the process stopped (written once, before error is set; read only
	 * after error is seen set), and an eventfd that turns readable (flexio_err_handler_fd). */
	atomic_int error; /* nonzero once the process stopped for good */
	struct provider_stop stop;
	int error_fd;
	atomic_bool error_displayed; /* the older edition's flexio_err_display resets flexio_err_status */

	/* uar, outbox, window, mkey, recoverable buffers (dpa_objects.h) */
	struct process_objects objects;

	/* The memory-model checker's counts and log (memcheck.c), made when first turned on. */
	struct memcheck *_Atomic memcheck;
};

/* The process of a live handle, with a reference (process_put), or NULL logged as func. */
struct process *process_get(const flexio_process *handle, const char *func);
void process_put(struct process *process);

/*
 * Creates a child of process: takes a reference to the process, links the child and opens its
 * handle (returned). NULL, logged as func, when out of memory: the child is then not linked
 * and its on_free is not run.
 */
void *process_child_open(struct process *process, struct process_child *child, enum handle_kind kind,
			 void (*on_close)(struct process_child *child), void (*on_free)(struct process_child *child),
			 const char *func);
/*
 * The next free id 1..65535 among the process's children of kind, whose id is the uint32_t at
 * id_offset in the object, going round from *last (updated); 0 when all are taken. Called with
 * process->objects.lock held, so that the id stays free until the child is linked.
 */
uint32_t process_child_free_id(struct process *process, enum handle_kind kind, size_t id_offset, uint32_t *last);

/* The destroy call of a child kind: closes the handle (one of two racing destroyers wins; the
 * other gets FLEXIO_STATUS_FAILED and a log line), runs on_close and drops the object's
 * reference. The object is freed once calls other threads have in progress on it return. */
flexio_status process_child_destroy(const void *handle, enum handle_kind kind, const char *func);
/* The same for a child the caller has found and holds a reference to (dropped here). */
flexio_status process_child_destroy_held(struct process_child *child, const char *func);

/* The BlueField-3 DPA: 16 cores of 16 hardware threads (execution units, ids 0..255), of which
 * 189 are available to applications. */
#define DPA_EXECUTION_UNITS 256
#define DPA_APPLICATION_EUS 189

/* Whether an affinity is valid (a type of enum flexio_affinity_type; for STRICT an execution
 * unit of the BlueField-3 DPA); logs why not as func, naming it what. */
bool affinity_valid(const struct flexio_affinity *affinity, const char *what, const char *func);

/* Where pc of the process's device code is, for reports: "at FILE:LINE in FUNCTION (pc 0x..)"
 * when the ELF has debug info for it, "in FUNCTION+0xOFFSET (pc 0x..)" when only symbols,
 * else "at pc 0x..". */
void process_describe_pc(const struct process *process, uint64_t pc, char *text, size_t size);
/* Why a stopped process stopped, for error lines: the fault, or the status given. */
void process_describe_stop(const struct process *process, char *text, size_t size);
/* Logs, as func, that the process has stopped, and why. */
void process_log_stopped(const struct process *process, const char *func);
/* When the process has stopped: logs it as func and returns true. */
bool process_stopped(const struct process *process, const char *func);

/* Event handlers (event_handler.c) for the queues that trigger them: the handler of a live
 * handle (an event handler's, or its flexio_thread's) with a reference, or NULL logged as func. */
struct event_handler;
struct event_handler *event_handler_get(const void *handle, const char *func);
void event_handler_put(struct event_handler *eh);
struct provider_thread *event_handler_thread(const struct event_handler *eh);

/* The memory-model checker (memcheck.c): the provider's reports, FLEXIO_SIM_MEMCHECK at
 * creation, and the end (after the device's process is gone). */
void memcheck_on_report(void *user, const struct provider_memcheck_report *report);
void memcheck_from_env(struct process *process);
void memcheck_free(struct process *process);

/* Device messages of the process reach its streams here. */
int64_t msg_stream_deliver(struct process *process, int stream_id, int level, const char *text, size_t len);

#endif
