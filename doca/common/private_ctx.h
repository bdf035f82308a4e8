/*
 * The private API of DOCA contexts: how a library's context (DOCA DMA's, later RDMA's, the DPA
 * completion's, sync events') plugs into libdoca_common's generic context, progress engines (2.5
 * and later) and work queues (1.x, 2.2). Exported in libdoca_common's DOCA_PRIVATE node, as
 * private.h; doca/README.md ("Writing a context") has the checklist and a minimal context.
 *
 * A library's context is two objects: its own (struct doca_dma, with its handle) and a generic
 * context it creates with opendoca_ctx_create (struct doca_ctx, the handle doca_dma_as_ctx
 * returns). The generic context runs the state machine (idle -> starting -> running -> stopping
 * -> idle), the state callbacks and user data, the devices of 1.x/2.2, the pools of tasks, the
 * submission bookkeeping and the delivery of completions; the library brings what differs, in a
 * table of operations (struct opendoca_ctx_ops, rdma-core style: what a context lacks has a
 * default). Both release models are served by the same table:
 *
 *   2.5 and later   tasks: the library allocates one from its context's pool (opendoca_task_alloc,
 *                   sized by its *_set_conf), the program submits it (doca_task_submit), the
 *                   library executes it (ops->submit) and completes it (opendoca_task_complete),
 *                   the progress engine calls the task's completion or error callback on its
 *                   own thread;
 *   1.x and 2.2     jobs: the program submits a struct doca_job to a work queue added to the
 *                   context; the work queue takes a job record of its own (as many as its depth),
 *                   the library fills it from the job (ops->job_init) and executes it as a task;
 *                   doca_workq_progress_retrieve returns the completion as a struct doca_event.
 *
 * Completions may come from any thread (the simulated NIC's, a worker's): opendoca_task_complete
 * queues them without a lock; the program's callbacks run on the progress thread only.
 */
#ifndef OPENDOCA_COMMON_PRIVATE_CTX_H
#define OPENDOCA_COMMON_PRIVATE_CTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doca_error.h"
#include "doca_types.h"
#include "private.h"

struct doca_ctx;
struct doca_dev;
struct doca_dpa;
struct doca_gpu;
struct doca_job;
struct doca_task;
struct doca_task_batch;
struct opendoca_ctx;
struct opendoca_dpa;
struct opendoca_engine;
struct opendoca_task_batch;
struct opendoca_graph_run;
struct opendoca_task_pool;

/* Which release model a context serves: fixed by the library's create function of that release. */
enum opendoca_ctx_api {
	OPENDOCA_CTX_API_WORKQ, /* 1.x, 2.2: devices through doca_ctx_dev_add, jobs through work queues */
	OPENDOCA_CTX_API_PE,    /* 2.5 and later: tasks, a progress engine (doca_pe_connect_ctx) */
	/*
	 * Both, for a library whose create function is one symbol in 2.2 and 2.5 (sync events): the
	 * progress engine's once connected to one (doca_pe_connect_ctx), else the work queues' from
	 * doca_ctx_start on.
	 */
	OPENDOCA_CTX_API_ANY,
};

/* A context's states: enum doca_ctx_states of 2.5 and later, which units of older releases do not see. */
enum opendoca_ctx_state {
	OPENDOCA_CTX_IDLE = 0,
	OPENDOCA_CTX_STARTING = 1,
	OPENDOCA_CTX_RUNNING = 2,
	OPENDOCA_CTX_STOPPING = 3,
};

/* ops->submit's flags: DOCA_TASK_SUBMIT_FLAG_* (3.0), which units of older releases do not see. */
#define OPENDOCA_TASK_SUBMIT_FLUSH 1u
#define OPENDOCA_TASK_SUBMIT_OPTIMIZE_REPORTS 2u

/* A callback of the program as a library's *_set_conf received it (its own function type). */
typedef void (*opendoca_callback)(void);

/*
 * Where a running context's tasks complete: its progress engine (2.5 and later: one binding, from
 * doca_ctx_start to idle) or each work queue it was added to (1.x, 2.2: from doca_ctx_workq_add to
 * doca_ctx_workq_rm). A library that keeps a queue per binding sets priv in ops->bind.
 */
struct opendoca_binding {
	struct opendoca_ctx *ctx;
	struct opendoca_engine *engine; /* the progress engine or work queue */
	void *priv;                     /* the library's */
	/* libdoca_common's */
	struct opendoca_task_pool *jobs; /* 1.x, 2.2: the work queue's job records for this context */
	size_t inflight;                 /* jobs submitted through this binding and not yet retrieved */
	bool bound;                      /* ops->bind succeeded; ops->unbind is owed */
};

/* A task's state (libdoca_common's). */
enum opendoca_task_state {
	OPENDOCA_TASK_FREE,      /* in its pool */
	OPENDOCA_TASK_READY,     /* the program's: allocated, or completed and handed back */
	OPENDOCA_TASK_SUBMITTED, /* DOCA's: executing, or completed and waiting for the progress engine */
};

/*
 * A task (2.5 and later) or a work queue's job record (1.x, 2.2). The library's part of it follows
 * the header (opendoca_task_priv), as large as its task type's priv_size (ops->job_size for jobs).
 */
struct opendoca_task {
	struct opendoca_task *next;       /* libdoca_common's: its pool's free list, completion queues */
	struct opendoca_binding *binding; /* where it completes; set when submitted */
	struct opendoca_task_pool *pool;  /* libdoca_common's */
	union doca_data user_data;        /* the program's */
	union {
		union doca_data result; /* 1.x, 2.2: the event's result (ops->job_result, or the status) */
		/* 2.5 and later, libdoca_common's: the graph instance's node it runs for (graph.c), else NULL */
		struct opendoca_graph_run *graph;
	};
	doca_error_t status;               /* what the library completed it with */
	uint32_t index;                    /* libdoca_common's: its place in its pool */
	uint16_t generation;               /* libdoca_common's: counts its allocations */
	uint8_t state;                     /* enum opendoca_task_state, libdoca_common's */
	int job_type;                      /* 1.x, 2.2: the job's type, returned in its event */
	struct opendoca_task_batch *batch; /* 3.0: the batch it belongs to, NULL: none */
} __attribute__((aligned(16)));

/* The library's part of a task. */
static inline void *opendoca_task_priv(struct opendoca_task *task)
{
	return task + 1;
}

/* The task of the library's part. */
static inline struct opendoca_task *opendoca_task_of_priv(void *priv)
{
	return (struct opendoca_task *)priv - 1;
}

/* A type of task a context offers (2.5 and later): DMA's memcpy task. */
struct opendoca_task_type {
	const char *name;   /* "memcpy task", in log lines */
	size_t priv_size;   /* bytes of the library's part of each task */
	uint32_t max_tasks; /* the most tasks of this type a context has (its *_set_conf refuses more) */
	/*
	 * Calls the program's callback cb (a completion or an error callback of this type, as its
	 * *_set_conf received it) with task as the type's own pointer. NULL: cb is a
	 * doca_task_completion_cb_t, task a struct doca_task *. Every task of a type with its own
	 * callback type needs it (calling through another function type is undefined behaviour).
	 */
	void (*invoke)(opendoca_callback cb, struct doca_task *task, union doca_data task_user_data,
		       union doca_data ctx_user_data);
	/* doca_task_try_submit's validation of a task; NULL: every task is valid. */
	doca_error_t (*check)(struct opendoca_task *task, const char *func);
	/*
	 * 3.0's task batches of this type: calls the program's batch callback cb (as the library's
	 * *_task_batch_set_conf received it) once every task of batch completed. NULL: the type has
	 * no batches.
	 */
	void (*invoke_batch)(opendoca_callback cb, struct doca_task_batch *batch, uint16_t num_tasks,
			     union doca_data batch_user_data, union doca_data ctx_user_data);
};

/*
 * What a context brings. Called with the context's state consistent; never two at once for the
 * same binding unless said. In the work-queue model (1.x, 2.2) several work queues, each on its
 * own thread, may submit to one context at once: submit, progress, arm and clear run concurrently
 * for different bindings then.
 */
struct opendoca_ctx_ops {
	const char *name; /* "DMA context", in log lines */
	/* 2.5 and later: the task types, by number (opendoca_ctx_set_task_conf, opendoca_task_alloc). */
	const struct opendoca_task_type *task_types;
	unsigned num_task_types;
	/* 1.x, 2.2: bytes of the library's part of each job record. */
	size_t job_size;

	/*
	 * doca_ctx_start: takes what running needs. DOCA_SUCCESS: running; DOCA_ERROR_IN_PROGRESS:
	 * starting, until the library calls opendoca_ctx_start_done; another error: still idle (the
	 * program gets it). Required.
	 */
	doca_error_t (*start)(struct opendoca_ctx *ctx);
	/*
	 * The context is stopping (doca_ctx_stop, or the library's opendoca_ctx_request_stop): complete
	 * every submitted task soon, the ones not yet executed with an error (flushed: the project's
	 * DOCA_ERROR_IO_FAILED, NVIDIA documents no code). NULL: submitted tasks drain as they execute.
	 */
	void (*stop)(struct opendoca_ctx *ctx);
	/* Idle again (every task completed and freed): releases what start took. NULL: nothing. */
	void (*stopped)(struct opendoca_ctx *ctx);

	/*
	 * A binding begins (a 2.5 context starting with its progress engine, a work queue added to a
	 * 1.x/2.2 context) or ends (idle again, the work queue removed; never with jobs in flight).
	 * NULL: nothing.
	 */
	doca_error_t (*bind)(struct opendoca_binding *binding);
	void (*unbind)(struct opendoca_binding *binding);

	/*
	 * Executes a submitted task: the context's state is running, task->binding is set. Completes
	 * it later, from any thread, with opendoca_task_complete. An error (not logged: libdoca_common
	 * records it for the program): the task was not taken, the program keeps it. flags:
	 * OPENDOCA_TASK_SUBMIT_* (FLUSH for doca_task_submit and every job; without it the library may
	 * hold the task back until a flush). Required.
	 */
	doca_error_t (*submit)(struct opendoca_task *task, uint32_t flags);
	/* doca_ctx_flush_tasks: execute what submit held back. NULL: submit holds nothing back. */
	void (*flush)(struct opendoca_ctx *ctx);
	/*
	 * Polls the binding for completions (a CQ), completing them with opendoca_task_complete, and
	 * moves the context along (opendoca_ctx_start_done). Called on every doca_pe_progress /
	 * doca_workq_progress_retrieve while bound. Returns whether it made progress. NULL: the
	 * library completes from its own thread only.
	 */
	bool (*progress)(struct opendoca_binding *binding);
	/*
	 * Notifications of a polling library (progress set): event_fd is a file descriptor that turns
	 * readable when a completion arrives after arm (its CQ's channel), added to the engine's
	 * notification handle while bound; arm returns true when completions are already waiting;
	 * clear acknowledges the fd's events. A library completing from its own thread needs none:
	 * opendoca_task_complete notifies.
	 */
	int (*event_fd)(struct opendoca_binding *binding);
	bool (*arm)(struct opendoca_binding *binding);
	void (*clear)(struct opendoca_binding *binding);

	/*
	 * 1.x, 2.2 (NULL: the context takes no devices / jobs). dev_add validates and holds the device
	 * (opendoca_dev_hold, dev.h) and logs its own refusal naming func, as opendoca_dev_hold does;
	 * dev_rm releases it.
	 */
	doca_error_t (*dev_add)(struct opendoca_ctx *ctx, struct doca_dev *dev, const char *func);
	void (*dev_rm)(struct opendoca_ctx *ctx, struct doca_dev *dev);
	/* Checks a job (its type, its fields) and fills the library's part of task from it. */
	doca_error_t (*job_init)(struct opendoca_task *task, const struct doca_job *job);
	/*
	 * The result of a completed job's event; given: the event's result as the program passed it
	 * (2.2's RDMA has the program point it at a result structure of its own). NULL: the status
	 * (result.u64).
	 */
	union doca_data (*job_result)(struct opendoca_task *task, union doca_data given);

	/* Optional configuration while idle (NULL: DOCA_ERROR_NOT_SUPPORTED). set_datapath_on_dpa gets
	 * a live DOCA DPA context (the call's reference: the context holds its own to keep it) and
	 * answers DOCA_ERROR_INVALID_VALUE for one it cannot run on (another device's); libdoca_common
	 * logs the refusal. */
	doca_error_t (*set_datapath_on_dpa)(struct opendoca_ctx *ctx, struct opendoca_dpa *dpa);
	doca_error_t (*set_datapath_on_gpu)(struct opendoca_ctx *ctx, struct doca_gpu *gpu);
	doca_error_t (*set_completion_vector)(struct opendoca_ctx *ctx, uint32_t vector);
};

/* ---- Contexts ---- */

/*
 * Creates a generic context for a library's object priv (opendoca_ctx_priv), in the idle state;
 * *ctx holds the object's own reference. DOCA_ERROR_NO_MEMORY past doca_ctx_get_max_num_ctx
 * contexts or without memory. Failures are recorded for public function func.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_ctx_create(const struct opendoca_ctx_ops *ops, enum opendoca_ctx_api api,
						  void *priv, struct opendoca_ctx **ctx, const char *func);
/*
 * Destroys a context (the library's *_destroy, before it frees its own object): DOCA_ERROR_BAD_STATE
 * unless idle; disconnects it from its progress engine and gives back its 1.x/2.2 devices
 * (ops->dev_rm). No operation is called after.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_ctx_destroy(struct opendoca_ctx *ctx, const char *func);
/* The handle of a context (doca_*_as_ctx), its library's object. */
OPENDOCA_PRIVATE struct doca_ctx *opendoca_ctx_handle(struct opendoca_ctx *ctx);
OPENDOCA_PRIVATE void *opendoca_ctx_priv(struct opendoca_ctx *ctx);
/*
 * A task type's configuration (the library's *_set_conf): the program's completion and error
 * callbacks and the number of tasks of the type's pool. DOCA_ERROR_BAD_STATE unless idle,
 * DOCA_ERROR_INVALID_VALUE for a NULL callback, 0 tasks or more than the type's max_tasks.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_ctx_set_task_conf(struct opendoca_ctx *ctx, unsigned type,
							 opendoca_callback completion, opendoca_callback error,
							 uint32_t num_tasks, const char *func);
/*
 * From ops->progress (the progress thread): an asynchronous start ended: running on DOCA_SUCCESS,
 * else idle again. The progress engine makes the change and calls the state callback.
 */
OPENDOCA_PRIVATE void opendoca_ctx_start_done(struct opendoca_ctx *ctx, doca_error_t status);
/*
 * From the library on the progress thread (ops->progress, ops->submit): the context stops by
 * itself (DMA does after a failed task): the progress engine makes it stopping, calls ops->stop
 * and the state callback. 2.5 and later only: in the work-queue model it does nothing (a context
 * stops once its work queues are removed).
 */
OPENDOCA_PRIVATE void opendoca_ctx_request_stop(struct opendoca_ctx *ctx);

/* ---- Tasks ---- */

/*
 * A task of type from the context's pool (the library's *_alloc_init), the program's, with
 * user_data; the library fills its part. DOCA_ERROR_BAD_STATE unless running, DOCA_ERROR_NO_MEMORY
 * when the pool is empty (every task allocated), DOCA_ERROR_NOT_PERMITTED for an unconfigured type.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_task_alloc(struct opendoca_ctx *ctx, unsigned type, union doca_data user_data,
						  struct opendoca_task **task, const char *func);
/* The pointer the program holds for a task: a struct doca_task * (and the library's type's). */
OPENDOCA_PRIVATE struct doca_task *opendoca_task_ref(const struct opendoca_task *task);
/*
 * The task a program's pointer names, allocated and of type (NULL: any type); NULL otherwise,
 * after opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, ...). A freed task is refused, and so is
 * mostly one whose memory was given to another task since.
 */
OPENDOCA_PRIVATE struct opendoca_task *opendoca_task_get(const void *ref, const struct opendoca_task_type *type,
							 const char *func);
/*
 * A submitted task is done, with status: from any thread, once per submission. The progress engine
 * of its binding delivers it (a 2.5 callback, a 1.x/2.2 event) on its own thread; the library must
 * not touch the task afterwards. Lock-free; no system call unless the engine waits for a
 * notification.
 */
OPENDOCA_PRIVATE void opendoca_task_complete(struct opendoca_task *task, doca_error_t status);

/* ---- Task batches (3.0) ---- */

/*
 * A task type's batches (the library's *_task_batch_set_conf): num_batches batches of at most
 * max_tasks tasks (enum doca_task_batch_max_tasks_number: 16 << max_tasks), the program's batch
 * callbacks (invoked by the type's invoke_batch). Allocated at start, beside the type's own
 * tasks. DOCA_ERROR_BAD_STATE unless idle, DOCA_ERROR_INVALID_VALUE for a type without batches,
 * a NULL callback, 0 batches or a bad max_tasks.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_ctx_set_batch_conf(struct opendoca_ctx *ctx, unsigned type, uint32_t max_tasks,
							  uint32_t num_batches, opendoca_callback completion,
							  opendoca_callback error, const char *func);
/*
 * A batch of num_tasks tasks of type (the library's *_task_batch_alloc_init), the program's, with
 * user_data: *batch is the program's pointer, (*tasks)[0 .. num_tasks) the tasks, whose parts (and
 * user data) the library fills. Submitted at once (doca_task_batch_submit: ops->submit for each,
 * in order), completed one by one (opendoca_task_complete), delivered as one call of the batch
 * callback when the last completes, its status the first failure's. DOCA_ERROR_BAD_STATE unless
 * running, DOCA_ERROR_INVALID_VALUE for 0 or more than the configured tasks, DOCA_ERROR_NO_MEMORY
 * when every batch is allocated, DOCA_ERROR_NOT_PERMITTED for an unconfigured type.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_task_batch_alloc(struct opendoca_ctx *ctx, unsigned type, uint16_t num_tasks,
							union doca_data user_data, struct doca_task_batch **batch,
							struct opendoca_task ***tasks, const char *func);

#endif /* OPENDOCA_COMMON_PRIVATE_CTX_H */
