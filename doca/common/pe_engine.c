/*
 * What progress engines (pe.c) and work queues (workq_v2_2.c) share (ctx.h, "Engines"): the guard
 * that gives an engine to one thread at a time, the completion queues, the bindings of the
 * contexts and the notification handle (an epoll file descriptor holding an eventfd and the
 * bound contexts' own descriptors).
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "doca_log.h"
#include "doca_pe.h"

#include "ctx.h"

bool opendoca_guard_enter(struct opendoca_guard *guard)
{
	uintptr_t self = (uintptr_t)pthread_self();
	uintptr_t owner = atomic_load_explicit(&guard->owner, memory_order_relaxed);

	if (owner == self) {
		guard->depth++;
		return true;
	}
	owner = 0;
	if (!atomic_compare_exchange_strong_explicit(&guard->owner, &owner, self, memory_order_acquire,
						     memory_order_relaxed))
		return false;
	guard->depth = 1;
	return true;
}

void opendoca_guard_leave(struct opendoca_guard *guard)
{
	if (--guard->depth == 0)
		atomic_store_explicit(&guard->owner, 0, memory_order_release);
}

bool opendoca_guard_owned(const struct opendoca_guard *guard)
{
	/* Only the owner itself can read its own identity there. */
	return atomic_load_explicit(&guard->owner, memory_order_relaxed) == (uintptr_t)pthread_self();
}

/* The arming bit of async_head (tasks are 16-byte aligned). */
#define ENGINE_ARMED ((uintptr_t)1)

void opendoca_engine_init(struct opendoca_engine *engine)
{
	atomic_init(&engine->async_head, 0);
	atomic_init(&engine->signals_done, 0);
	atomic_init(&engine->guard.owner, 0);
	atomic_init(&engine->inflight, 0);
	engine->ready_head = NULL;
	engine->ready_tail = &engine->ready_head;
	engine->epoll_fd = -1;
	engine->event_fd = -1;
}

/* Takes ENGINE_ARMED back if no completer took it. */
static void disarm(struct opendoca_engine *engine)
{
	uintptr_t head = atomic_load_explicit(&engine->async_head, memory_order_relaxed);

	while (head & ENGINE_ARMED) {
		if (atomic_compare_exchange_weak_explicit(&engine->async_head, &head, head & ~ENGINE_ARMED,
							  memory_order_relaxed, memory_order_relaxed)) {
			engine->self_clears++;
			return;
		}
	}
}

void opendoca_engine_fini(struct opendoca_engine *engine)
{
	disarm(engine);
	/* A completer that took the arming writes the event fd after its push: the last it touches. */
	while (atomic_load_explicit(&engine->signals_done, memory_order_acquire) != engine->arms - engine->self_clears)
		sched_yield();
	if (engine->epoll_fd >= 0)
		close(engine->epoll_fd);
	if (engine->event_fd >= 0)
		close(engine->event_fd);
	free(engine->bindings);
}

void opendoca_engine_count(struct opendoca_engine *engine, long delta)
{
	/* The owner's alone: a plain update other threads may read. */
	size_t now = atomic_load_explicit(&engine->inflight, memory_order_relaxed);

	atomic_store_explicit(&engine->inflight, now + (size_t)delta, memory_order_relaxed);
}

bool opendoca_engine_add(struct opendoca_engine *engine, struct opendoca_binding *binding)
{
	if (engine->num_bindings == engine->max_bindings) {
		unsigned max = engine->max_bindings ? 2 * engine->max_bindings : 4;
		struct opendoca_binding **bindings = realloc(engine->bindings, max * sizeof(*bindings));

		if (!bindings)
			return false;
		engine->bindings = bindings;
		engine->max_bindings = max;
	}
	engine->bindings[engine->num_bindings++] = binding;
	return true;
}

void opendoca_engine_remove(struct opendoca_engine *engine, struct opendoca_binding *binding)
{
	for (unsigned i = 0; i < engine->num_bindings; i++) {
		if (engine->bindings[i] == binding) {
			engine->bindings[i] = engine->bindings[--engine->num_bindings];
			return;
		}
	}
}

static int binding_fd(struct opendoca_binding *binding)
{
	const struct opendoca_ctx_ops *ops = binding->ctx->ops;

	return binding->bound && ops->event_fd ? ops->event_fd(binding) : -1;
}

void opendoca_engine_watch(struct opendoca_engine *engine, struct opendoca_binding *binding, bool watch)
{
	int fd = binding_fd(binding);
	struct epoll_event event = { .events = EPOLLIN, .data.ptr = binding };

	if (engine->epoll_fd < 0 || fd < 0)
		return;
	/* Adding a valid descriptor to a valid epoll set fails only without memory: the context's
	 * completions are then seen by polling alone, which the program does after every wake-up. */
	if (epoll_ctl(engine->epoll_fd, watch ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, fd, &event))
		opendoca_sdk_log(DOCA_LOG_LEVEL_WARNING, "opendoca_engine_watch", "epoll_ctl of fd %d: %s", fd,
				 strerror(errno));
}

doca_error_t opendoca_engine_notify_open(struct opendoca_engine *engine, const char *func)
{
	struct epoll_event event = { .events = EPOLLIN };
	int epoll_fd, event_fd;

	if (engine->epoll_fd >= 0)
		return DOCA_SUCCESS;
	epoll_fd = epoll_create1(EPOLL_CLOEXEC);
	if (epoll_fd < 0)
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "epoll_create1: %s", strerror(errno));
	event_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (event_fd < 0) {
		int err = errno;

		close(epoll_fd);
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "eventfd: %s", strerror(err));
	}
	event.data.ptr = NULL;
	if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, event_fd, &event)) {
		int err = errno;

		close(event_fd);
		close(epoll_fd);
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "epoll_ctl: %s", strerror(err));
	}
	engine->epoll_fd = epoll_fd;
	engine->event_fd = event_fd;
	for (unsigned i = 0; i < engine->num_bindings; i++)
		opendoca_engine_watch(engine, engine->bindings[i], true);
	return DOCA_SUCCESS;
}

/* Makes the notification handle readable. */
static void engine_signal(struct opendoca_engine *engine)
{
	uint64_t one = 1;

	/* Fails only when the counter would overflow: it is readable then anyway. */
	if (write(engine->event_fd, &one, sizeof(one)) != sizeof(one))
		return;
}

bool opendoca_engine_pending(struct opendoca_engine *engine)
{
	if (engine->ready_head || (atomic_load_explicit(&engine->async_head, memory_order_acquire) & ~ENGINE_ARMED))
		return true;
	for (unsigned i = 0; engine->transitions && i < engine->num_bindings; i++)
		if (opendoca_ctx_has_ready_change(engine->bindings[i]->ctx))
			return true;
	return false;
}

doca_error_t opendoca_engine_arm(struct opendoca_engine *engine, const char *func)
{
	bool pending = false;
	uintptr_t head;
	doca_error_t err = opendoca_engine_notify_open(engine, func);

	if (err)
		return err;
	/* 3.0's DOCA_PE_EVENT_MODE_PROGRESS_ALL: arming clears what fired before. */
	if (engine->mode == DOCA_PE_EVENT_MODE_PROGRESS_ALL) {
		err = opendoca_engine_clear(engine, func);
		if (err)
			return err;
	}
	for (unsigned i = 0; i < engine->num_bindings; i++) {
		struct opendoca_binding *binding = engine->bindings[i];

		if (binding->bound && binding->ctx->ops->arm && binding->ctx->ops->arm(binding))
			pending = true;
	}
	if (pending || opendoca_engine_pending(engine)) {
		engine_signal(engine);
		return DOCA_SUCCESS;
	}
	/* Armed unless a completion came meanwhile: one word, no completion is missed. */
	head = atomic_load_explicit(&engine->async_head, memory_order_relaxed);
	do {
		if (head & ~ENGINE_ARMED) {
			engine_signal(engine);
			return DOCA_SUCCESS;
		}
		if (head & ENGINE_ARMED)
			return DOCA_SUCCESS;
	} while (!atomic_compare_exchange_weak_explicit(&engine->async_head, &head, ENGINE_ARMED, memory_order_release,
							memory_order_relaxed));
	engine->arms++;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_engine_clear(struct opendoca_engine *engine, const char *func)
{
	uint64_t count;

	if (engine->event_fd < 0)
		return DOCA_SUCCESS;
	disarm(engine);
	if (read(engine->event_fd, &count, sizeof(count)) < 0 && errno != EAGAIN)
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "read of the eventfd: %s", strerror(errno));
	for (unsigned i = 0; i < engine->num_bindings; i++) {
		struct opendoca_binding *binding = engine->bindings[i];

		if (binding->bound && binding->ctx->ops->clear)
			binding->ctx->ops->clear(binding);
	}
	return DOCA_SUCCESS;
}

bool opendoca_engine_collect(struct opendoca_engine *engine)
{
	bool progress = false;
	struct opendoca_task *stack, *fifo = NULL;
	uintptr_t head;

	/* The contexts' progress operations only complete tasks and flag state changes: the
	 * bindings do not change under this loop. */
	for (unsigned i = 0; i < engine->num_bindings; i++) {
		struct opendoca_binding *binding = engine->bindings[i];

		if (binding->bound && binding->ctx->ops->progress && binding->ctx->ops->progress(binding))
			progress = true;
	}
	head = atomic_load_explicit(&engine->async_head, memory_order_relaxed);
	if (!(head & ~ENGINE_ARMED))
		return progress;
	/* The whole stack at once, newest first: reversed, it continues the ready list. A stack holding
	 * tasks is never armed (a push clears the arming, arming needs an empty stack). */
	head = atomic_exchange_explicit(&engine->async_head, 0, memory_order_acquire);
	stack = (struct opendoca_task *)(head & ~ENGINE_ARMED);
	while (stack) {
		struct opendoca_task *next = stack->next;

		stack->next = fifo;
		fifo = stack;
		stack = next;
	}
	*engine->ready_tail = fifo;
	while (fifo) {
		engine->ready_tail = &fifo->next;
		fifo = fifo->next;
	}
	return progress;
}

struct opendoca_task *opendoca_engine_take_ready(struct opendoca_engine *engine)
{
	struct opendoca_task *head = engine->ready_head;

	engine->ready_head = NULL;
	engine->ready_tail = &engine->ready_head;
	return head;
}

void opendoca_task_complete(struct opendoca_task *task, doca_error_t status)
{
	struct opendoca_engine *engine = task->binding->engine;
	uintptr_t head;

	task->status = status;
	if (opendoca_guard_owned(&engine->guard)) {
		/* On the engine's thread, inside one of its calls: no other thread touches the list. */
		task->next = NULL;
		*engine->ready_tail = task;
		engine->ready_tail = &task->next;
		if (atomic_load_explicit(&engine->async_head, memory_order_relaxed) & ENGINE_ARMED) {
			disarm(engine);
			engine_signal(engine);
		}
		return;
	}
	head = atomic_load_explicit(&engine->async_head, memory_order_relaxed);
	do
		task->next = (struct opendoca_task *)(head & ~ENGINE_ARMED);
	while (!atomic_compare_exchange_weak_explicit(&engine->async_head, &head, (uintptr_t)task, memory_order_acq_rel,
						      memory_order_relaxed));
	/*
	 * The task is the engine's now. Armed (the push took the arming): a system call, then the
	 * count the engine waits for before it goes. Else nothing of the engine is touched again.
	 */
	if (head & ENGINE_ARMED) {
		engine_signal(engine);
		atomic_fetch_add_explicit(&engine->signals_done, 1, memory_order_release);
	}
}
