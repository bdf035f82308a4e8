/*
 * libdoca_dpa's DPA threads and what is attached to them (private): DPA threads (thread.c),
 * thread groups (thread_group.c), execution-unit affinities (affinity.c), notification
 * completions (notification.c) and completion contexts (completion.c).
 *
 * A DPA thread is a FlexIO event handler of its context's process, made at doca_dpa_thread_start,
 * whose entry is the device library's opendoca_dpa_thread_entry (registered by name, as the
 * kernel entry is) and whose argument is the thread's descriptor in DPA memory
 * (device/thread_dev.h): the program's function, its unpack wrapper, the packed argument, the
 * local storage, the rank in its group. It runs when woken: by a notification completion
 * (doca_dpa_dev_thread_notify activates it) or by a completion of an armed completion context (a
 * FlexIO CQ reporting to its event handler); doca_dpa_thread_run only checks that it may be.
 *
 * Completions from RDMA work and async ops. A completion context is a CQ in DPA memory: whatever
 * reports into it is a queue whose CQ number is the context's, attached with
 * dpa_completion_attach (the context must be started, and then refuses stop and destruction,
 * DOCA_ERROR_IN_USE, until dpa_completion_detach) and destroyed before the context stops (the
 * list below releases it first, being newer). Its CQEs are DOCA's completion elements as they
 * are: type = mlx5 opcode, immediate, byte count, and user data = the CQE's 24-bit user index,
 * i.e. the reporting QP's flexio_qp_attr.user_index (hence DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA).
 *   - async ops (async_ops.c): an RC QP connected to itself, its send CQ the context's, its user
 *     index the queue's user data; DPA code posts RDMA writes on it (device/async_ops_dev.h).
 *   - RDMA of a DPA QP endpoint (dpa_qp.h), for doca_rdma's DPA datapath
 *     (doca_rdma_dpa_completion_attach): the endpoint is created with its send and/or receive CQ
 *     being the completion context's (flexio_qp_attr.sq_cqn / rq_cqn) and its user index the
 *     connection's user data; its device side then must not take completions from that CQ (the
 *     context's thread does): posting checks room against what the thread acknowledged, as async
 *     ops leave it to the program (DOCA's queue_size contract).
 *
 * Every object holds its context; all their state is under the context's lock, which makes every
 * call thread-safe. A started object is on the context's list of objects with a release
 * (dpa_ctx.h, struct dpa_object: the one rule): stopping the context releases them newest first
 * (a completion's CQ before the event handler it reports to), so the process goes with nothing
 * of it left.
 */
#ifndef OPENDOCA_DPA_THREAD_H
#define OPENDOCA_DPA_THREAD_H

#include "doca_dpa.h"

#include "dpa_ctx.h"

/* The DPA thread behind a handle, with a reference held (dpa_thread_put). */
struct dpa_thread;
struct dpa_thread *dpa_thread_get(const struct doca_dpa_thread *handle, const char *func);
void dpa_thread_put(struct dpa_thread *thread);
/* Its handle (the caller holds a reference). */
struct doca_dpa_thread *dpa_thread_handle(const struct dpa_thread *thread);
/* Its context (the same for the thread's life). */
struct dpa_context *dpa_thread_context(const struct dpa_thread *thread);
/*
 * An attachment of a completion context, a notification completion or a group (lock held): the
 * thread then refuses destruction (DOCA_ERROR_IN_USE), and stop while a started one is attached.
 */
void dpa_thread_attach(struct dpa_thread *thread);
void dpa_thread_detach(struct dpa_thread *thread);
void dpa_thread_use(struct dpa_thread *thread, int delta);
/* Started: its event handler (for a CQ) and activation id; NULL / false otherwise (lock held). */
flexio_event_handler *dpa_thread_handler(const struct dpa_thread *thread);
bool dpa_thread_started(const struct dpa_thread *thread);
uint32_t dpa_thread_activation_id(const struct dpa_thread *thread);
/* Its group's rank and size (thread_group.c sets them, lock held; DOCA_ERROR_BAD_STATE if started). */
doca_error_t dpa_thread_set_rank(struct dpa_thread *thread, unsigned int rank, unsigned int num_threads,
				 const char *func);

/*
 * A queue reporting into a completion context (completion.c): the context of a handle, with a
 * reference (dpa_completion_put); attached (lock held) it must be started and of ctx, gives its
 * CQ's number and refuses stop and destruction (DOCA_ERROR_IN_USE) until detached.
 */
struct dpa_completion;
struct dpa_completion *dpa_completion_get(const struct doca_dpa_completion *handle, const char *func);
void dpa_completion_put(struct dpa_completion *comp);
doca_error_t dpa_completion_attach(struct dpa_completion *comp, struct dpa_context *ctx, uint32_t *cqn,
				   const char *func);
void dpa_completion_detach(struct dpa_completion *comp);
/* Whether comp is ctx's (DOCA_ERROR_INVALID_VALUE after one log line otherwise); lock not needed. */
doca_error_t dpa_completion_attachable(const struct dpa_completion *comp, const struct dpa_context *ctx,
				       const char *func);

/* The execution unit of an affinity handle (affinity.c): *eu, or DOCA_ERROR_BAD_STATE if none set. */
doca_error_t dpa_eu_affinity_eu(const struct doca_dpa_eu_affinity *affinity, struct dpa_context *ctx, unsigned int *eu,
				const char *func);

#endif /* OPENDOCA_DPA_THREAD_H */
