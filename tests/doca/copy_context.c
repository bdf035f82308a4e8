/*
 * The reference copy context (copy_context.h): a DOCA context made the way a library makes one
 * (doca/README.md, "Writing a context"), over libdoca_common's private API. Built for 2.2 to see
 * the 2.2 job layout; its 2.5 side needs no public declaration.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_ctx.h"

#include "copy_context.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* The library's part of a task or job. */
struct copy {
	void *dst;
	const void *src;
	size_t len;
	struct copy *next; /* the worker's queues */
};

/*
 * COPY_POLL: a binding's completion queue (the worker writes it, the binding's thread polls it).
 * The worker still reads armed after its push, which may hand over the binding's last task:
 * unbind waits until the worker is done with the queue (touching), then frees it.
 */
struct cq {
	_Atomic(struct copy *) head;
	atomic_bool armed;
	atomic_int touching;
	int event_fd;
};

struct copy_ctx {
	struct opendoca_ctx *ctx;
	enum copy_mode mode;
	atomic_uint devices;
	/* The worker (COPY_ASYNC, COPY_POLL), from start to idle. */
	pthread_t worker;
	bool running;
	_Atomic(struct copy *) inbox;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	atomic_bool sleeping, quit, flush, hold;
	atomic_ullong executed, flushed;
	/* COPY_POLL's asynchronous start. */
	unsigned start_calls, start_left;
	doca_error_t start_status;
};

static struct copy *copy_of(struct opendoca_task *task)
{
	return opendoca_task_priv(task);
}

static void invoke(opendoca_callback cb, struct doca_task *task, union doca_data task_user_data,
		   union doca_data ctx_user_data)
{
	((copy_task_cb)cb)((struct copy_task *)task, task_user_data, ctx_user_data);
}

static doca_error_t check(struct opendoca_task *task, const char *func)
{
	struct copy *copy = copy_of(task);

	if (!copy->dst || !copy->src)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the copy task has no %s",
				     copy->dst ? "source" : "destination");
	return DOCA_SUCCESS;
}

static void invoke_batch(opendoca_callback cb, struct doca_task_batch *batch, uint16_t num_tasks,
			 union doca_data batch_user_data, union doca_data ctx_user_data)
{
	((copy_batch_cb)cb)(batch, num_tasks, batch_user_data, ctx_user_data);
}

static const struct opendoca_task_type copy_type = {
	.name = "copy task",
	.priv_size = sizeof(struct copy),
	.max_tasks = 1u << 16,
	.invoke = invoke,
	.check = check,
	.invoke_batch = invoke_batch,
};

/* Executes a copy: a zero length fails, as a DMA of an empty buffer does. */
static doca_error_t execute(struct copy_ctx *cc, struct copy *copy)
{
	atomic_fetch_add_explicit(&cc->executed, 1, memory_order_relaxed);
	if (!copy->len)
		return DOCA_ERROR_INVALID_VALUE;
	memcpy(copy->dst, copy->src, copy->len);
	return DOCA_SUCCESS;
}

/* Completes a copy the worker executed or flushed, as the mode does. */
static void complete(struct copy_ctx *cc, struct copy *copy, doca_error_t status)
{
	struct opendoca_task *task = opendoca_task_of_priv(copy);
	struct cq *cq = task->binding->priv;
	struct copy *head;

	if (cc->mode == COPY_ASYNC) {
		opendoca_task_complete(task, status);
		return;
	}
	task->status = status; /* read back by the poller */
	atomic_fetch_add(&cq->touching, 1);
	head = atomic_load_explicit(&cq->head, memory_order_relaxed);
	do
		copy->next = head;
	while (!atomic_compare_exchange_weak(&cq->head, &head, copy));
	if (atomic_load(&cq->armed) && atomic_exchange(&cq->armed, false)) {
		uint64_t one = 1;

		if (write(cq->event_fd, &one, sizeof(one)) != sizeof(one))
			abort();
	}
	atomic_fetch_sub(&cq->touching, 1);
}

/* Whether the worker has something to do: copies it may execute or flush, or to quit. */
static bool has_work(struct copy_ctx *cc)
{
	return atomic_load(&cc->quit) ||
	       (atomic_load(&cc->inbox) && (!atomic_load(&cc->hold) || atomic_load(&cc->flush)));
}

/* A spinning thread's pause: the sibling hardware thread, and the power, get the pipeline. */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ volatile("yield");
#endif
}

static void wake(struct copy_ctx *cc)
{
	pthread_mutex_lock(&cc->lock);
	pthread_cond_signal(&cc->wake);
	pthread_mutex_unlock(&cc->lock);
}

/* Executes (or flushes) everything submitted so far, newest first: out of the submission's order. */
static void run(struct copy_ctx *cc, bool flushing)
{
	for (struct copy *batch = atomic_exchange(&cc->inbox, NULL); batch;) {
		struct copy *next = batch->next;

		if (flushing)
			atomic_fetch_add_explicit(&cc->flushed, 1, memory_order_relaxed);
		complete(cc, batch, flushing ? DOCA_ERROR_IO_FAILED : execute(cc, batch));
		batch = next;
	}
}

static void *worker(void *arg)
{
	struct copy_ctx *cc = arg;

	for (;;) {
		/* A while spinning (a device polls its queue), then asleep until submit wakes it. */
		for (int spin = 0; spin < 20000 && !has_work(cc); spin++)
			cpu_relax();
		if (!has_work(cc)) {
			pthread_mutex_lock(&cc->lock);
			atomic_store(&cc->sleeping, true);
			while (!has_work(cc))
				pthread_cond_wait(&cc->wake, &cc->lock);
			atomic_store(&cc->sleeping, false);
			pthread_mutex_unlock(&cc->lock);
		}
		/* Idle: every copy completed before the context asks the worker to quit. */
		if (atomic_load(&cc->quit))
			return NULL;
		run(cc, atomic_load(&cc->flush));
	}
}

static doca_error_t start(struct opendoca_ctx *ctx)
{
	struct copy_ctx *cc = opendoca_ctx_priv(ctx);

	atomic_store(&cc->quit, false);
	atomic_store(&cc->flush, false);
	if (cc->mode != COPY_SYNC) {
		if (pthread_create(&cc->worker, NULL, worker, cc))
			return DOCA_ERROR_INITIALIZATION;
		cc->running = true;
	}
	cc->start_left = cc->start_calls;
	return cc->start_left ? DOCA_ERROR_IN_PROGRESS : DOCA_SUCCESS;
}

static void stop(struct opendoca_ctx *ctx)
{
	struct copy_ctx *cc = opendoca_ctx_priv(ctx);

	if (cc->running) {
		atomic_store(&cc->flush, true);
		wake(cc);
	}
}

static void stopped(struct opendoca_ctx *ctx)
{
	struct copy_ctx *cc = opendoca_ctx_priv(ctx);

	if (!cc->running)
		return;
	/* Every task is completed: the worker has nothing left but may still be returning. */
	atomic_store(&cc->quit, true);
	wake(cc);
	pthread_join(cc->worker, NULL);
	cc->running = false;
}

static doca_error_t bind(struct opendoca_binding *binding)
{
	struct copy_ctx *cc = opendoca_ctx_priv(binding->ctx);
	struct cq *cq;

	if (cc->mode != COPY_POLL)
		return DOCA_SUCCESS;
	cq = calloc(1, sizeof(*cq));
	if (!cq)
		return DOCA_ERROR_NO_MEMORY;
	cq->event_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (cq->event_fd < 0) {
		free(cq);
		return DOCA_ERROR_OPERATING_SYSTEM;
	}
	binding->priv = cq;
	return DOCA_SUCCESS;
}

static void unbind(struct opendoca_binding *binding)
{
	struct cq *cq = binding->priv;

	if (cq) {
		while (atomic_load(&cq->touching))
			sched_yield();
		close(cq->event_fd);
		free(cq);
		binding->priv = NULL;
	}
}

static doca_error_t submit(struct opendoca_task *task, uint32_t flags)
{
	struct copy_ctx *cc = opendoca_ctx_priv(task->binding->ctx);
	struct copy *copy = copy_of(task), *head;

	(void)flags;
	if (cc->mode == COPY_SYNC) {
		opendoca_task_complete(task, execute(cc, copy));
		return DOCA_SUCCESS;
	}
	head = atomic_load_explicit(&cc->inbox, memory_order_relaxed);
	do
		copy->next = head;
	while (!atomic_compare_exchange_weak(&cc->inbox, &head, copy));
	if (atomic_load(&cc->sleeping))
		wake(cc);
	return DOCA_SUCCESS;
}

static bool progress(struct opendoca_binding *binding)
{
	struct copy_ctx *cc = opendoca_ctx_priv(binding->ctx);
	struct cq *cq = binding->priv;
	struct copy *done, *fifo = NULL;
	bool failed = false;

	if (cc->start_left) {
		if (--cc->start_left == 0)
			opendoca_ctx_start_done(binding->ctx, cc->start_status);
		return true;
	}
	if (!cq || !atomic_load_explicit(&cq->head, memory_order_relaxed))
		return false;
	done = atomic_exchange(&cq->head, NULL);
	while (done) {
		struct copy *next = done->next;

		done->next = fifo;
		fifo = done;
		done = next;
	}
	while (fifo) {
		struct copy *next = fifo->next;
		struct opendoca_task *task = opendoca_task_of_priv(fifo);

		/* A flushed task is no failure of the copy: only a failed one stops the context. */
		failed |= task->status != DOCA_SUCCESS && task->status != DOCA_ERROR_IO_FAILED;
		opendoca_task_complete(task, task->status);
		fifo = next;
	}
	if (failed)
		opendoca_ctx_request_stop(binding->ctx);
	return true;
}

static int event_fd(struct opendoca_binding *binding)
{
	return ((struct cq *)binding->priv)->event_fd;
}

static bool arm(struct opendoca_binding *binding)
{
	struct cq *cq = binding->priv;

	atomic_store(&cq->armed, true);
	return atomic_load(&cq->head) != NULL;
}

static void clear(struct opendoca_binding *binding)
{
	struct cq *cq = binding->priv;
	uint64_t count;

	atomic_store(&cq->armed, false);
	if (read(cq->event_fd, &count, sizeof(count)) < 0 && errno != EAGAIN)
		abort();
}

static doca_error_t dev_add(struct opendoca_ctx *ctx, struct doca_dev *dev, const char *func)
{
	(void)dev;
	(void)func;
	atomic_fetch_add(&((struct copy_ctx *)opendoca_ctx_priv(ctx))->devices, 1);
	return DOCA_SUCCESS;
}

static void dev_rm(struct opendoca_ctx *ctx, struct doca_dev *dev)
{
	(void)dev;
	atomic_fetch_sub(&((struct copy_ctx *)opendoca_ctx_priv(ctx))->devices, 1);
}

static doca_error_t job_init(struct opendoca_task *task, const struct doca_job *job)
{
	const struct copy_job *copy_job = (const struct copy_job *)job;
	struct copy *copy = copy_of(task);

	if (job->type != COPY_JOB)
		return DOCA_ERROR_NOT_SUPPORTED;
	if (!copy_job->dst || !copy_job->src)
		return DOCA_ERROR_INVALID_VALUE;
	copy->dst = copy_job->dst;
	copy->src = copy_job->src;
	copy->len = copy_job->len;
	return DOCA_SUCCESS;
}

#define COMMON_OPS                                                                                                    \
	.task_types = &copy_type, .num_task_types = 1, .job_size = sizeof(struct copy), .start = start, .stop = stop, \
	.stopped = stopped, .bind = bind, .unbind = unbind, .submit = submit, .dev_add = dev_add, .dev_rm = dev_rm,   \
	.job_init = job_init

static const struct opendoca_ctx_ops ops[] = {
	[COPY_SYNC] = { .name = "copy context", COMMON_OPS },
	[COPY_ASYNC] = { .name = "copy context", COMMON_OPS },
	[COPY_POLL] = { .name = "copy context",
			COMMON_OPS,
			.progress = progress,
			.event_fd = event_fd,
			.arm = arm,
			.clear = clear },
};

doca_error_t copy_ctx_create(enum opendoca_ctx_api api, enum copy_mode mode, struct copy_ctx **out)
{
	struct copy_ctx *cc = calloc(1, sizeof(*cc));
	doca_error_t err;

	*out = NULL;
	if (!cc)
		return DOCA_ERROR_NO_MEMORY;
	cc->mode = mode;
	pthread_mutex_init(&cc->lock, NULL);
	pthread_cond_init(&cc->wake, NULL);
	err = opendoca_ctx_create(&ops[mode], api, cc, &cc->ctx, "copy_ctx_create");
	if (err) {
		free(cc);
		return err;
	}
	*out = cc;
	return DOCA_SUCCESS;
}

doca_error_t copy_ctx_destroy(struct copy_ctx *cc)
{
	doca_error_t err = opendoca_ctx_destroy(cc->ctx, "copy_ctx_destroy");

	if (err)
		return err;
	pthread_cond_destroy(&cc->wake);
	pthread_mutex_destroy(&cc->lock);
	free(cc);
	return DOCA_SUCCESS;
}

struct doca_ctx *copy_ctx_as_ctx(struct copy_ctx *cc)
{
	return opendoca_ctx_handle(cc->ctx);
}

doca_error_t copy_task_set_conf(struct copy_ctx *cc, copy_task_cb completion, copy_task_cb error, uint32_t num_tasks)
{
	return opendoca_ctx_set_task_conf(cc->ctx, 0, (opendoca_callback)completion, (opendoca_callback)error,
					  num_tasks, __func__);
}

doca_error_t copy_task_alloc_init(struct copy_ctx *cc, void *dst, const void *src, size_t len,
				  union doca_data user_data, struct copy_task **out)
{
	struct opendoca_task *task;
	struct copy *copy;
	doca_error_t err = opendoca_task_alloc(cc->ctx, 0, user_data, &task, __func__);

	if (err)
		return err;
	copy = copy_of(task);
	copy->dst = dst;
	copy->src = src;
	copy->len = len;
	*out = (struct copy_task *)opendoca_task_ref(task);
	return DOCA_SUCCESS;
}

doca_error_t copy_task_batch_set_conf(struct copy_ctx *cc, uint32_t max_tasks, uint32_t num_batches,
				      copy_batch_cb completion, copy_batch_cb error)
{
	return opendoca_ctx_set_batch_conf(cc->ctx, 0, max_tasks, num_batches, (opendoca_callback)completion,
					   (opendoca_callback)error, __func__);
}

doca_error_t copy_task_batch_alloc_init(struct copy_ctx *cc, uint16_t num_tasks, void *const *dst,
					const void *const *src, const size_t *len, union doca_data user_data,
					struct doca_task_batch **batch)
{
	struct opendoca_task **tasks;
	doca_error_t err = opendoca_task_batch_alloc(cc->ctx, 0, num_tasks, user_data, batch, &tasks, __func__);

	if (err)
		return err;
	for (uint16_t i = 0; i < num_tasks; i++) {
		struct copy *copy = copy_of(tasks[i]);

		copy->dst = dst[i];
		copy->src = src[i];
		copy->len = len[i];
		tasks[i]->user_data.u64 = i;
	}
	return DOCA_SUCCESS;
}

struct doca_task *copy_task_as_task(struct copy_task *task)
{
	return (struct doca_task *)task;
}

void *copy_task_get_dst(const struct copy_task *ref)
{
	struct opendoca_task *task = opendoca_task_get(ref, &copy_type, __func__);

	return task ? copy_of(task)->dst : NULL;
}

void copy_ctx_hold(struct copy_ctx *cc, bool hold)
{
	atomic_store(&cc->hold, hold);
	if (!hold && cc->running)
		wake(cc);
}

void copy_ctx_drain(struct copy_ctx *cc)
{
	run(cc, false);
}

void copy_ctx_set_async_start(struct copy_ctx *cc, unsigned progress_calls, doca_error_t status)
{
	cc->start_calls = progress_calls;
	cc->start_status = status;
}

unsigned copy_ctx_devices(const struct copy_ctx *cc)
{
	return atomic_load(&cc->devices);
}

uint64_t copy_ctx_executed(struct copy_ctx *cc)
{
	return atomic_load(&cc->executed);
}

uint64_t copy_ctx_flushed(struct copy_ctx *cc)
{
	return atomic_load(&cc->flushed);
}
