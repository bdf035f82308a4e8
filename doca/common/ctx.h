/*
 * Contexts, progress engines, work queues and tasks: libdoca_common's internals, shared by
 * ctx.c, ctx_v2_2.c, pe.c, pe_engine.c, task.c, workq_v2_2.c and workq_v1_4.c.
 *
 * Design (doca/README.md, "Contexts and engines", "Writing a context"):
 *
 *   Contexts are generic. A library's context (DMA's) creates a struct opendoca_ctx and gives it a
 *   table of operations (private_ctx.h): start/stop, submit, progress, notifications, jobs,
 *   devices; a missing operation has a default. The generic context owns the state machine
 *   (idle -> starting -> running -> stopping -> idle) and the program's callbacks, user data,
 *   devices (1.x/2.2) and task pools.
 *
 *   Engines. A progress engine (2.5 and later) and a work queue (1.x/2.2) are one structure, an
 *   engine: the contexts bound to it, a completion queue, the in-flight count and the
 *   notification handle. A running context has a binding per engine it completes to (its
 *   progress engine; each work queue it was added to).
 *
 *   Tasks come from pools: a 2.5 context has one per configured task type, sized by the type's
 *   *_set_conf and allocated at start (freed when idle again); a work queue has one per context
 *   it is added to, of its depth (1.x/2.2 job records). Nothing on the data path allocates. A
 *   program names a task by a reference, an address in a reserved range (as handles are) that
 *   encodes its pool, its index and a few bits of its allocation count: a freed task, a task of
 *   a destroyed context and a pointer that is no task are refused without touching memory
 *   (task.c).
 *
 *   Completions. A library completes a task from any thread (opendoca_task_complete). On the
 *   engine's own thread (inside a call that holds its guard: progress, submit, stop) the task goes
 *   to the engine's ready list, no atomic operation; from another thread it is pushed on the
 *   engine's completion stack (one compare-and-swap; the engine takes the whole stack at once and
 *   reverses it). The stack's word holds the notification's arming too: the push tells the
 *   completer whether to write the notification (only when the program armed it), and that write
 *   is the only thing a completer does after its push, which the engine waits for before it goes
 *   (a 2.2 work queue may be destroyed while the context's completer runs on). doca_pe_progress: (1) each bound context's progress operation (it polls its CQ),
 *   (2) the completion stack, (3) the ready tasks of this call delivered in order (counts down,
 *   then the program's callback: nothing of the task is touched after it), (4) the contexts'
 *   pending state changes (starting -> running, stopping -> idle) with their callbacks.
 *   The program's callbacks run on the progress thread only, and only in (3) and (4) or in the
 *   program's own calls (doca_ctx_start, doca_ctx_stop), never while libdoca_common iterates
 *   something they may change.
 *
 *   Stopping. doca_ctx_stop moves a running context to stopping and asks the library to flush
 *   (ops->stop); the context turns idle once every task is completed and freed (NVIDIA's rule).
 *   Outside a callback with nothing in flight nor allocated that happens in doca_ctx_stop
 *   (DOCA_SUCCESS); otherwise in a later doca_pe_progress (DOCA_ERROR_IN_PROGRESS). Inside one
 *   of the engine's callbacks it is always the engine's, so that a callback never destroys a
 *   context whose completions are being delivered.
 *
 *   Threads. An engine is one thread's at a time (DOCA: not thread-safe): each call takes its
 *   guard, an owner word taken with one compare-and-swap, re-entered freely by its owner (a
 *   callback submitting), refused to another thread (DOCA_ERROR_NO_LOCK) instead of racing. A
 *   context's control calls (start, stop, devices, work queues) take the context's mutex, never
 *   held while a program callback runs. No lock is global.
 */
#ifndef OPENDOCA_COMMON_CTX_H
#define OPENDOCA_COMMON_CTX_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doca_error.h"
#include "doca_types.h"
#include "common.h"
#include "private.h"
#include "private_ctx.h"

struct doca_workq;

/* The most contexts at once (doca_ctx_get_max_num_ctx). */
#define OPENDOCA_MAX_CTX 4096u
/* The most tasks of a pool (a task type's, a work queue's depth): the task references' index bits. */
#define OPENDOCA_MAX_POOL_TASKS (1u << 20)

/* ---- Guards: one thread's at a time ---- */

struct opendoca_guard {
	_Atomic uintptr_t owner; /* pthread_self() of the owner, 0 when free */
	unsigned depth;          /* the owner's nested entries */
};

/* Takes guard for the calling thread (again if it owns it); false when another thread does. */
bool opendoca_guard_enter(struct opendoca_guard *guard);
void opendoca_guard_leave(struct opendoca_guard *guard);
/* Whether the calling thread owns guard. */
bool opendoca_guard_owned(const struct opendoca_guard *guard);

/* ---- Pools of tasks ---- */

struct opendoca_task_pool {
	struct opendoca_ctx *ctx;
	const struct opendoca_task_type *type; /* NULL for a work queue's job records */
	unsigned type_index;
	opendoca_callback completion, error; /* the program's, from the type's configuration */
	char *base;                          /* count tasks of stride bytes */
	size_t stride;
	uint32_t count;
	uint32_t id;   /* in the pool table (task.c) */
	uint32_t used; /* not free */
	struct opendoca_task *free;
};

/* A pool of count tasks with priv_size bytes for the library each; NULL after opendoca_fail. */
struct opendoca_task_pool *opendoca_task_pool_create(struct opendoca_ctx *ctx, const struct opendoca_task_type *type,
						     unsigned type_index, size_t priv_size, uint32_t count,
						     const char *func);
void opendoca_task_pool_destroy(struct opendoca_task_pool *pool);
/* A free task of pool, READY; NULL when none is. */
struct opendoca_task *opendoca_task_pool_take(struct opendoca_task_pool *pool);
/* Gives a task back to its pool. */
void opendoca_task_pool_give(struct opendoca_task *task);

/* ---- Engines: progress engines and work queues ---- */

struct opendoca_engine {
	struct opendoca_object object;
	/*
	 * Completions from other threads: a LIFO stack of tasks whose word also holds ENGINE_ARMED,
	 * so that a completer's push tells it in the same compare-and-swap whether to signal (then it
	 * owes signals_done one: the engine is not freed before). Completers write both.
	 */
	_Atomic uintptr_t async_head __attribute__((aligned(64)));
	atomic_uint signals_done;
	/*
	 * Read by every completion (opendoca_task_complete: on the owner's thread?), written by the
	 * owner once per call: a line of its own, not the one the owner writes per task.
	 */
	struct opendoca_guard guard __attribute__((aligned(64)));
	/* The rest is the owner thread's. */
	struct opendoca_task *ready_head __attribute__((aligned(64)));
	struct opendoca_task **ready_tail;  /* completions to deliver, in order */
	atomic_size_t inflight;             /* submitted, not yet delivered */
	struct opendoca_binding **bindings; /* the contexts bound or connected */
	unsigned num_bindings, max_bindings;
	unsigned transitions; /* bound contexts with a state change pending (ctx->pending) */
	unsigned callbacks;   /* program callbacks running from this engine */
	bool progressing;     /* inside doca_pe_progress / doca_workq_progress_retrieve */
	int epoll_fd;         /* the notification handle, -1 until needed */
	int event_fd;         /* in epoll_fd: completions of other threads, pending work */
	int mode;             /* enum doca_pe_event_mode (3.0), DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE at first */
	unsigned arms;        /* ENGINE_ARMED set so far; ... */
	unsigned self_clears; /* ... cleared by the owner (the rest: by completers, which signal) */
	/* Work queues (1.x/2.2). */
	uint32_t depth;
	bool event_driven;
	unsigned graphs; /* 2.2 graphs added (doca_graph_workq_add): the work queue is in use */
};

extern const struct opendoca_kind opendoca_pe_kind, opendoca_workq_kind;

/* A work queue's object with its guard taken, NULL after a failure of func; leaving it. */
struct opendoca_engine *opendoca_workq_enter(const struct doca_workq *handle, const char *func);
void opendoca_workq_leave(struct opendoca_engine *workq);
/* DOCA_SUCCESS for a depth a work queue can have, else a failure of func. */
doca_error_t opendoca_workq_check_depth(uint32_t depth, const char *func);

/* Sets up / releases what kinds of engine share (the release waits for completers' signals). */
void opendoca_engine_init(struct opendoca_engine *engine);
void opendoca_engine_fini(struct opendoca_engine *engine);
/* Adds / removes a binding (no order kept). false: no memory. */
bool opendoca_engine_add(struct opendoca_engine *engine, struct opendoca_binding *binding);
void opendoca_engine_remove(struct opendoca_engine *engine, struct opendoca_binding *binding);
/* Creates the notification handle (epoll with the event fd and the bound contexts' fds). */
doca_error_t opendoca_engine_notify_open(struct opendoca_engine *engine, const char *func);
/* A binding's fd joins / leaves the notification handle, if there is one. */
void opendoca_engine_watch(struct opendoca_engine *engine, struct opendoca_binding *binding, bool watch);
/* Arms the notification: it fires at the next completion, or now if work is waiting. */
doca_error_t opendoca_engine_arm(struct opendoca_engine *engine, const char *func);
/* Acknowledges fired notifications. */
doca_error_t opendoca_engine_clear(struct opendoca_engine *engine, const char *func);
/*
 * Polls the bound contexts and collects the completions of other threads into the ready list.
 * Returns whether a context made progress.
 */
bool opendoca_engine_collect(struct opendoca_engine *engine);
/* Takes the ready list (NULL when empty); the caller delivers it. */
struct opendoca_task *opendoca_engine_take_ready(struct opendoca_engine *engine);
/* Whether anything waits to be delivered or changed (collected or not). */
bool opendoca_engine_pending(struct opendoca_engine *engine);
/* The in-flight count, for the owner thread's updates (other threads only read it). */
void opendoca_engine_count(struct opendoca_engine *engine, long delta);

/* ---- Contexts ---- */

/* A state change the progress engine owes a context (ctx->pending). */
enum {
	CTX_PENDING_START = 1u, /* opendoca_ctx_start_done: starting -> running or idle */
	CTX_PENDING_STOP = 2u,  /* opendoca_ctx_request_stop: running -> stopping */
	CTX_PENDING_IDLE = 4u,  /* stopping: idle once every task is completed and freed */
};

/* A type's batches (3.0), allocated at start: their tasks come from a pool of their own. */
struct opendoca_batch_pool {
	struct opendoca_ctx *ctx;
	struct opendoca_task_pool *tasks; /* count * max_tasks */
	opendoca_callback completion, error;
	uint32_t count, used;
	uint16_t max_tasks;
	struct opendoca_task_batch *free;
	struct opendoca_task_batch **all;
};

/* A batch: a handle for the program, its tasks while allocated. */
struct opendoca_task_batch {
	struct opendoca_object object;
	struct opendoca_batch_pool *pool;
	struct opendoca_task_batch *next; /* in its pool's free list */
	void *handle;
	union doca_data user_data;
	doca_error_t status;
	uint16_t num_tasks, remaining; /* remaining: submitted and not yet delivered */
	bool allocated;
	struct opendoca_task *tasks[];
};

struct opendoca_task_conf {
	opendoca_callback completion, error;
	uint32_t num_tasks;              /* 0: not configured */
	struct opendoca_task_pool *pool; /* while not idle */
	/* 3.0's batches: 0 batches when not configured. */
	opendoca_callback batch_completion, batch_error;
	uint32_t num_batches, batch_max_tasks;
	struct opendoca_batch_pool *batches; /* while not idle */
};

struct opendoca_ctx {
	struct opendoca_object object;
	const struct opendoca_ctx_ops *ops;
	void *priv;
	enum opendoca_ctx_api api;
	atomic_int state;
	void *handle;         /* the program's struct doca_ctx * */
	pthread_mutex_t lock; /* the control calls' */
	union doca_data user_data;
	opendoca_callback state_cb; /* a doca_ctx_state_changed_callback_t (2.5 and later) */
	/* 2.5 and later */
	struct opendoca_engine *pe;      /* connected to (it outlives the context: IN_USE) */
	struct opendoca_binding binding; /* to pe, bound while not idle */
	struct opendoca_task_conf *conf; /* per task type */
	size_t tasks_used;               /* tasks allocated and not freed (the progress thread's) */
	atomic_size_t inflight;          /* submitted and not yet delivered */
	unsigned pending;                /* CTX_PENDING_* (the progress thread's) */
	doca_error_t start_status;
	bool datapath; /* on a DPA or GPU: runs without a progress engine */
	/* 1.x, 2.2 */
	struct doca_dev **devs;
	unsigned num_devs;
	struct opendoca_binding **workqs;
	unsigned num_workqs;
};

extern const struct opendoca_kind opendoca_ctx_kind;

/* Whether a context notifies of its completions (a 2.2 work queue in event-driven mode takes it). */
static inline bool opendoca_ctx_notifies(const struct opendoca_ctx_ops *ops)
{
	return !ops->progress || (ops->event_fd && ops->arm);
}

/*
 * The release model a context serves now: its library's, or for OPENDOCA_CTX_API_ANY the progress
 * engine's once connected (or with task types configured: doca_ctx_start then wants a progress
 * engine), else the work queues'. Under the context's lock.
 */
static inline enum opendoca_ctx_api opendoca_ctx_model(const struct opendoca_ctx *ctx)
{
	if (ctx->api != OPENDOCA_CTX_API_ANY)
		return ctx->api;
	if (ctx->pe)
		return OPENDOCA_CTX_API_PE;
	for (unsigned t = 0; t < ctx->ops->num_task_types; t++)
		if (ctx->conf[t].num_tasks || ctx->conf[t].num_batches)
			return OPENDOCA_CTX_API_PE;
	return OPENDOCA_CTX_API_WORKQ;
}

/* Counts a task submitted to / delivered from ctx (the progress thread's). */
void opendoca_ctx_count(struct opendoca_ctx *ctx, long delta);
/* A 2.5 context's engine owes it a state change (flags: CTX_PENDING_*). */
void opendoca_ctx_set_pending(struct opendoca_ctx *ctx, unsigned flags);
/*
 * Makes the state changes pending on the engine's contexts, calling their state callbacks; the
 * engine's guard is held. Returns whether any was made.
 */
bool opendoca_ctx_run_pending(struct opendoca_engine *engine);
/* Whether a pending change can be made now (opendoca_engine_pending). */
bool opendoca_ctx_has_ready_change(const struct opendoca_ctx *ctx);

/* A type's batches at start (NULL after a failure of func), and their release. */
struct opendoca_batch_pool *opendoca_batch_pool_create(struct opendoca_ctx *ctx, unsigned type, const char *func);
void opendoca_batch_pool_destroy(struct opendoca_batch_pool *pool);

/*
 * Delivers a 2.5 task's completion: counts, then the program's callback, or the graph's for a task
 * a graph instance runs (the guard is held).
 */
void opendoca_task_deliver(struct opendoca_engine *engine, struct opendoca_task *task);

/* ---- Graphs (graph.c) ---- */

/* doca_task_submit of a graph instance's node: its completion goes to opendoca_graph_task_done. */
doca_error_t opendoca_task_submit_graph(struct doca_task *ref, struct opendoca_graph_run *run, const char *func);
/* A task a graph instance runs completed (delivered on the progress thread, the guard held). */
void opendoca_graph_task_done(struct opendoca_graph_run *run, doca_error_t status);

/* 2.2's graphs (graph_v2_2.c's public forms call these; func names them). */
struct doca_graph;
struct doca_graph_instance;
struct doca_event;
struct doca_job;
struct doca_graph_node;
/* A 2.2 user node's callback (2.2's doca_graph_user_node_cb_t). */
typedef doca_error_t (*opendoca_graph_user_cb_v2_2)(void *cookie, struct doca_event *ev);
doca_error_t opendoca_graph_create_v2_2(struct doca_graph **graph, const char *func);
doca_error_t opendoca_graph_ctx_node_create_v2_2(struct doca_graph *graph, int job_type, const struct doca_ctx *ctx,
						 struct doca_graph_node **node, const char *func);
doca_error_t opendoca_graph_user_node_create_v2_2(struct doca_graph *graph, opendoca_graph_user_cb_v2_2 cb,
						  struct doca_graph_node **node, const char *func);
doca_error_t opendoca_graph_workq_add(struct doca_graph *graph, struct doca_workq *workq, const char *func);
doca_error_t opendoca_graph_workq_rm(struct doca_graph *graph, struct doca_workq *workq, const char *func);
/* job_ctx and job_type: the job's (read by the caller, which checked job and ev). */
doca_error_t opendoca_graph_instance_set_ctx_node_data_v2_2(struct doca_graph_instance *graph_instance,
							    struct doca_graph_node *node, struct doca_job *job,
							    const struct doca_ctx *job_ctx, int job_type,
							    struct doca_event *ev, const char *func);
doca_error_t opendoca_graph_instance_set_user_node_data_v2_2(struct doca_graph_instance *graph_instance,
							     struct doca_graph_node *node, void *cookie,
							     struct doca_event *ev, const char *func);
doca_error_t opendoca_workq_graph_submit(struct doca_workq *workq, struct doca_graph_instance *graph_instance,
					 union doca_data user_data, const char *func);
/* Whether context ctx has work queue workq added (workq's guard held). */
bool opendoca_workq_bound(struct opendoca_engine *workq, struct opendoca_ctx *ctx);
/*
 * Submits a 2.2 graph instance's node's job through work queue workq (its guard held), as
 * doca_workq_submit would; its completion goes to opendoca_graph_job_done in
 * doca_workq_progress_retrieve.
 */
doca_error_t opendoca_workq_submit_job(struct opendoca_engine *workq, const struct doca_job *job,
				       struct opendoca_graph_run *run, const char *func);
/*
 * 2.2's queries of a run: the failed nodes (failed_nodes NULL: their count), a node's state (enum
 * doca_graph_instance_node_state) or, with state NULL, its result (its status; DOCA_ERROR_BAD_STATE
 * before it completed).
 */
doca_error_t opendoca_graph_instance_failed_nodes(const struct doca_graph_instance *graph_instance,
						  const struct doca_graph_node **failed_nodes,
						  uint32_t *num_failed_nodes, const char *func);
doca_error_t opendoca_graph_instance_node_run(const struct doca_graph_instance *graph_instance,
					      const struct doca_graph_node *node, int *state, union doca_data *result,
					      const char *func);
doca_error_t opendoca_graph_sub_graph_node_create_v2_2(struct doca_graph *graph, struct doca_graph *sub_graph,
						       struct doca_graph_node **node, const char *func);
/* ev: the node's event (optional: NULL). */
doca_error_t opendoca_graph_instance_set_sub_graph_node_data_v2_2(struct doca_graph_instance *graph_instance,
								  struct doca_graph_node *node,
								  struct doca_graph_instance *sub_graph_instance,
								  struct doca_event *ev, const char *func);
/* Fills a 2.2 sub-graph node's event when its instance's run ends (graph_v2_2.c: 2.2's struct). */
void opendoca_graph_event_fill(struct doca_event *ev, doca_error_t status);
/* The event a 2.2 graph node's job fills when it completes. */
struct doca_event *opendoca_graph_run_event(const struct opendoca_graph_run *run);
/*
 * A job a 2.2 graph instance runs completed (in doca_workq_progress_retrieve, the work queue's guard
 * held): true when the run of its top-level instance ended with it, with that instance's user data
 * and status (its work queue slot given back).
 */
bool opendoca_graph_job_done(struct opendoca_graph_run *run, doca_error_t status, union doca_data *user_data,
			     doca_error_t *run_status);

#endif /* OPENDOCA_COMMON_CTX_H */
