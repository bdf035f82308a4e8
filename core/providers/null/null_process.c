/*
 * The null provider's processes: DPA memory that is a plain buffer, calls that run nothing and
 * answer their first argument, threads and command queues that run nothing, and the objects
 * (outboxes, windows, UAR extensions, memory keys) a device would hold, kept and checked. The
 * device's own part (messages, a stop) comes from the test through null.h. README.md says what
 * each operation answers. The provider's table is at the end.
 */
#include "null_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The heap of a process created without a heap size, and the largest one it takes. Reserved
 * address space, backed where written: an idle process costs little whatever its heap. */
#define NULL_HEAP_DEFAULT (64ull << 20)
#define NULL_HEAP_MAX (16ull << 30)
#define NULL_PAGE 4096ull

struct null_process *null_processes;
static atomic_uint last_dumem_id;

struct null_thread {
	struct null_process *process;
	uint32_t id;
};

struct null_cmdq {
	struct null_process *process;
	bool running;
	uint64_t pending; /* tasks added while pending */
};

static struct null_process *to_process(struct provider_process *process)
{
	return (struct null_process *)process;
}

/* ---- Processes and their memory ---------------------------------------------------------- */

static struct provider_process *process_create(struct ibv_context *ibv_ctx, const struct provider_image *image,
					       const struct provider_process_config *config,
					       const struct provider_events *events, char *err, size_t err_size)
{
	const struct null_image *img = (const struct null_image *)image;
	uint64_t heap = config->heap_size ? config->heap_size : NULL_HEAP_DEFAULT;
	struct null_process *p;

	if (heap > NULL_HEAP_MAX) {
		snprintf(err, err_size, "a heap of %llu bytes is more than the null device has (%llu)",
			 (unsigned long long)heap, NULL_HEAP_MAX);
		return NULL;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	p->image = img;
	p->events = *events;
	p->heap_size = heap;
	/* The argument buffer, then the heap, a page above the image's segments. */
	p->base = (img->high + 2 * NULL_PAGE - 1) & ~(NULL_PAGE - 1);
	p->span = PROVIDER_ARGBUF_MAX + heap;
	p->memory = mmap(NULL, p->span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p->memory == MAP_FAILED) {
		snprintf(err, err_size, "cannot map %llu bytes of DPA memory: %s", (unsigned long long)p->span,
			 strerror(errno));
		free(p);
		return NULL;
	}
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->injections_done, NULL);
	pthread_mutex_lock(&null_lock);
	p->device = null_device_locked(ibv_ctx);
	if (p->device) {
		p->device->users++;
		p->dumem_id = atomic_fetch_add(&last_dumem_id, 1) + 1;
		p->next = null_processes;
		null_processes = p;
	}
	pthread_mutex_unlock(&null_lock);
	if (!p->device) { /* the host asks the provider that serves ibv_ctx: closed meanwhile */
		snprintf(err, err_size, "the device was closed");
		munmap(p->memory, p->span);
		free(p);
		return NULL;
	}
	return (struct provider_process *)p;
}

static void process_destroy(struct provider_process *process)
{
	struct null_process *p = to_process(process);

	pthread_mutex_lock(&null_lock);
	for (struct null_process **link = &null_processes; *link; link = &(*link)->next)
		if (*link == p) {
			*link = p->next;
			break;
		}
	while (p->injections) /* a test's flexio_null_* call reaching the process */
		pthread_cond_wait(&p->injections_done, &null_lock);
	p->device->users--;
	pthread_mutex_unlock(&null_lock);
	for (struct null_object *o = p->objects, *next; o; o = next) {
		next = o->next;
		free(o);
	}
	munmap(p->memory, p->span);
	pthread_cond_destroy(&p->injections_done);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

static void heap_range(struct provider_process *process, uint64_t *base, uint64_t *size)
{
	struct null_process *p = to_process(process);

	*base = p->base + PROVIDER_ARGBUF_MAX;
	*size = p->heap_size;
}

/* Where [daddr, daddr + size) of the buffer is on the host, or NULL when it is not all there. */
static unsigned char *in_buffer(struct null_process *p, uint64_t daddr, size_t size)
{
	return daddr >= p->base && daddr - p->base <= p->span && size <= p->span - (daddr - p->base)
		       ? p->memory + (daddr - p->base)
		       : NULL;
}

static int memory_write(struct provider_process *process, uint64_t daddr, const void *src, size_t size)
{
	unsigned char *at = in_buffer(to_process(process), daddr, size);

	if (!at)
		return -EFAULT;
	memcpy(at, src, size);
	return 0;
}

static int memory_set(struct provider_process *process, uint64_t daddr, int value, size_t size)
{
	unsigned char *at = in_buffer(to_process(process), daddr, size);

	if (!at)
		return -EFAULT;
	memset(at, value, size);
	return 0;
}

/* The buffer, or the image's segments as the file has them (zeros past their file bytes). */
static int memory_read(struct provider_process *process, uint64_t daddr, void *dst, size_t size)
{
	struct null_process *p = to_process(process);
	const unsigned char *at = in_buffer(p, daddr, size);

	if (at) {
		memcpy(dst, at, size);
		return 0;
	}
	for (unsigned i = 0; i < p->image->nsegments; i++) {
		const struct null_segment *s = &p->image->segments[i];
		uint64_t offset = daddr - s->vaddr, from_file;

		if (daddr < s->vaddr || offset > s->memsz || size > s->memsz - offset)
			continue;
		from_file = offset < s->filesz ? s->filesz - offset : 0;
		from_file = from_file < size ? from_file : size;
		memcpy(dst, p->image->file + s->offset + offset, from_file);
		memset((unsigned char *)dst + from_file, 0, size - from_file);
		return 0;
	}
	return -EFAULT;
}

/* Nothing runs: a call answers its first argument. The packed arguments of a call through a
 * stub are copied to the argument buffer, as for a device, and the first 64-bit word of them
 * answered; a function registered by name answers the one argument it takes. */
static enum provider_call_result call(struct provider_process *process, const struct provider_call *call,
				      uint64_t *result)
{
	struct null_process *p = to_process(process);

	*result = 0;
	if (atomic_load(&p->stopped))
		return PROVIDER_CALL_FAILED;
	pthread_mutex_lock(&p->lock);
	if (call->argbuf) {
		memcpy(p->memory, call->argbuf, call->argbuf_size);
		memcpy(result, p->memory, call->argbuf_size < sizeof(*result) ? call->argbuf_size : sizeof(*result));
	} else if (call->nargs) {
		*result = call->args[0];
	}
	pthread_mutex_unlock(&p->lock);
	return PROVIDER_CALL_RETURNED;
}

static uint32_t dumem_id(struct provider_process *process)
{
	return to_process(process)->dumem_id;
}

/* The image's segments, then the buffer (the argument buffer and the heap), by address. */
static size_t memory_regions(struct provider_process *process, struct provider_memory_region *regions, size_t max)
{
	struct null_process *p = to_process(process);
	size_t n = 0;

	for (unsigned i = 0; i < p->image->nsegments; i++, n++)
		if (n < max)
			regions[n] = (struct provider_memory_region){ .base = p->image->segments[i].vaddr,
								      .size = p->image->segments[i].memsz,
								      .perms = p->image->segments[i].perms };
	if (n < max)
		regions[n] = (struct provider_memory_region){ .base = p->base,
							      .size = p->span,
							      .perms = PROVIDER_PERM_R | PROVIDER_PERM_W };
	return n + 1;
}

/* Nothing runs, so nothing is to be stopped: a pause holds at once. */
static int process_pause(struct provider_process *process)
{
	(void)process;
	return 0;
}

static void process_resume(struct provider_process *process)
{
	(void)process;
}

/* ---- Threads and command queues: created, numbered, run nothing --------------------------- */

static struct provider_thread *thread_create(struct provider_process *process,
					     const struct provider_thread_config *config, char *err, size_t err_size)
{
	struct null_process *p = to_process(process);
	struct null_thread *t = calloc(1, sizeof(*t));

	(void)config;
	if (!t) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	t->process = p;
	pthread_mutex_lock(&p->lock);
	t->id = ++p->next_thread_id;
	p->threads_created = true;
	pthread_mutex_unlock(&p->lock);
	return (struct provider_thread *)t;
}

static int thread_run(struct provider_thread *thread, uint64_t user_arg)
{
	(void)user_arg;
	return atomic_load(&((struct null_thread *)thread)->process->stopped) ? -ESHUTDOWN : 0;
}

static void thread_destroy(struct provider_thread *thread)
{
	free(thread);
}

static uint32_t thread_id(struct provider_thread *thread)
{
	return ((struct null_thread *)thread)->id;
}

static int error_handler_set(struct provider_process *process, uint64_t function)
{
	struct null_process *p = to_process(process);
	int rc;

	(void)function; /* it would run on a fatal error; nothing runs */
	pthread_mutex_lock(&p->lock);
	rc = p->threads_created ? -EBUSY : 0;
	pthread_mutex_unlock(&p->lock);
	return rc;
}

/* A task runs when the queue runs: at once, since it runs nothing. */
static struct provider_cmdq *cmdq_create(struct provider_process *process, const struct provider_cmdq_config *config,
					 char *err, size_t err_size)
{
	struct null_process *p = to_process(process);
	struct null_cmdq *q = calloc(1, sizeof(*q));

	if (!q) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	q->process = p;
	q->running = config->running;
	pthread_mutex_lock(&p->lock);
	p->threads_created = true; /* its workers */
	pthread_mutex_unlock(&p->lock);
	return (struct provider_cmdq *)q;
}

static int cmdq_task_add(struct provider_cmdq *cmdq, uint64_t function, uint64_t arg, const char *name)
{
	struct null_cmdq *q = (struct null_cmdq *)cmdq;

	(void)function, (void)arg, (void)name;
	if (atomic_load(&q->process->stopped))
		return -ESHUTDOWN;
	pthread_mutex_lock(&q->process->lock);
	if (!q->running)
		q->pending++;
	pthread_mutex_unlock(&q->process->lock);
	return 0;
}

static int cmdq_start(struct provider_cmdq *cmdq)
{
	struct null_cmdq *q = (struct null_cmdq *)cmdq;

	pthread_mutex_lock(&q->process->lock);
	q->running = true;
	q->pending = 0;
	pthread_mutex_unlock(&q->process->lock);
	return 0;
}

static int cmdq_is_empty(struct provider_cmdq *cmdq)
{
	struct null_cmdq *q = (struct null_cmdq *)cmdq;
	int empty;

	pthread_mutex_lock(&q->process->lock);
	empty = q->pending == 0;
	pthread_mutex_unlock(&q->process->lock);
	return empty;
}

static void cmdq_destroy(struct provider_cmdq *cmdq)
{
	free(cmdq);
}

/* ---- Outboxes, windows, UAR extensions, memory keys: kept, checked ------------------------ */

/* Adds an object: -EEXIST when the process has one of that kind and id. */
static int object_add(struct null_process *p, enum null_object_kind kind, uint32_t id)
{
	struct null_object *o;
	int rc = 0;

	pthread_mutex_lock(&p->lock);
	for (o = p->objects; o && !(o->kind == kind && o->id == id); o = o->next)
		;
	if (o)
		rc = -EEXIST;
	else if (!(o = calloc(1, sizeof(*o))))
		rc = -ENOMEM;
	else {
		*o = (struct null_object){ kind, id, p->objects };
		p->objects = o;
	}
	pthread_mutex_unlock(&p->lock);
	return rc;
}

static void object_remove(struct null_process *p, enum null_object_kind kind, uint32_t id)
{
	struct null_object *o = NULL;

	pthread_mutex_lock(&p->lock);
	for (struct null_object **link = &p->objects; *link; link = &(*link)->next)
		if ((*link)->kind == kind && (*link)->id == id) {
			o = *link;
			*link = o->next;
			break;
		}
	pthread_mutex_unlock(&p->lock);
	free(o);
}

static int outbox_create(struct provider_process *process, uint32_t id)
{
	return object_add(to_process(process), NULL_OUTBOX, id);
}

static void outbox_destroy(struct provider_process *process, uint32_t id)
{
	object_remove(to_process(process), NULL_OUTBOX, id);
}

static int window_create(struct provider_process *process, uint32_t id, struct ibv_pd *pd)
{
	struct null_process *p = to_process(process);

	if (null_pd_check(&p->device->context, pd))
		return -EINVAL;
	return object_add(p, NULL_WINDOW, id);
}

static void window_destroy(struct provider_process *process, uint32_t id)
{
	object_remove(to_process(process), NULL_WINDOW, id);
}

static int uar_extension_add(struct provider_process *process, uint32_t device_id, struct ibv_context *ibv_ctx)
{
	if (!null_serves(ibv_ctx))
		return -EINVAL;
	return object_add(to_process(process), NULL_UAR_EXTENSION, device_id);
}

static void uar_extension_remove(struct provider_process *process, uint32_t device_id)
{
	object_remove(to_process(process), NULL_UAR_EXTENSION, device_id);
}

static int device_mkey_create(struct provider_process *process, struct ibv_pd *pd, uint64_t daddr, uint64_t len,
			      int access, uint32_t *key)
{
	struct null_process *p = to_process(process);

	(void)access;
	if (null_pd_check(&p->device->context, pd))
		return -EINVAL;
	if (!in_buffer(p, daddr, len))
		return -EFAULT;
	*key = null_key_new();
	return object_add(p, NULL_MKEY, *key);
}

static void device_mkey_destroy(struct provider_process *process, uint32_t key)
{
	object_remove(to_process(process), NULL_MKEY, key);
}

/* Recoverable buffers: DPA memory copied to the start of a writable host region. */
static int memory_dump(struct provider_process *process, uint64_t daddr, size_t size, struct ibv_pd *pd, uint32_t key)
{
	uint64_t iova, length;
	int rc = null_mr_range(pd, key, IBV_ACCESS_LOCAL_WRITE, &iova, &length);
	void *host;

	if (rc)
		return rc;
	host = null_mr_reach(pd, key, size);
	return host ? memory_read(process, daddr, host, size) : -ERANGE;
}

/* ---- The device's part, played by the test (null.h) ---------------------------------------- */

/* The live process of dumem_id, kept alive until injection_end, or NULL. */
static struct null_process *injection_begin(uint32_t dumem_id)
{
	struct null_process *p;

	pthread_mutex_lock(&null_lock);
	for (p = null_processes; p && p->dumem_id != dumem_id; p = p->next)
		;
	if (p)
		p->injections++;
	pthread_mutex_unlock(&null_lock);
	return p;
}

static void injection_end(struct null_process *p)
{
	pthread_mutex_lock(&null_lock);
	if (!--p->injections)
		pthread_cond_broadcast(&p->injections_done);
	pthread_mutex_unlock(&null_lock);
}

int64_t flexio_null_message(uint32_t dumem_id, int stream_id, int level, const char *text)
{
	struct null_process *p = injection_begin(dumem_id);
	int64_t taken;

	if (!p)
		return -ENOENT;
	taken = p->events.message(p->events.user, stream_id, level, text, strlen(text));
	injection_end(p);
	return taken;
}

int flexio_null_stop(uint32_t dumem_id, uint32_t status, uint32_t thread_id)
{
	struct null_process *p = injection_begin(dumem_id);
	struct provider_stop stop = { .status = status, .has_thread = thread_id != 0, .thread_id = thread_id };
	int rc = 0;

	if (!p)
		return -ENOENT;
	if (atomic_exchange(&p->stopped, true))
		rc = -EALREADY;
	else
		p->events.fatal(p->events.user, &stop);
	injection_end(p);
	return rc;
}

/* ---- The table ------------------------------------------------------------------------------ */

static const struct flexio_provider_ops null_provider = {
	PROVIDER_TABLE_HEADER("null"),
	.devices = "the null provider's stand-in devices",
	.serves = null_serves,
	.image_load = null_image_load,
	.image_release = null_image_release,
	.image_symbol = null_image_symbol,
	.process_create = process_create,
	.process_destroy = process_destroy,
	.heap_range = heap_range,
	.memory_write = memory_write,
	.memory_read = memory_read,
	.memory_set = memory_set,
	.call = call,
	.dumem_id = dumem_id,
	.thread_create = thread_create,
	.thread_run = thread_run,
	.thread_destroy = thread_destroy,
	.thread_id = thread_id,
	.cmdq_create = cmdq_create,
	.cmdq_task_add = cmdq_task_add,
	.cmdq_start = cmdq_start,
	.cmdq_is_empty = cmdq_is_empty,
	.cmdq_destroy = cmdq_destroy,
	.error_handler_set = error_handler_set,
	.memory_regions = memory_regions,
	.pd_check = null_pd_check,
	.pd_hold = null_pd_hold,
	.pd_release = null_pd_release,
	.pd_alloc = flexio_null_pd_alloc,
	.pd_dealloc = flexio_null_pd_free,
	.mr_range = null_mr_range,
	.memory_dump = memory_dump,
	.uar_check = null_uar_check,
	.uar_alloc = null_uar_alloc,
	.uar_free = null_uar_free,
	.outbox_create = outbox_create,
	.outbox_destroy = outbox_destroy,
	.window_create = window_create,
	.window_destroy = window_destroy,
	.uar_extension_add = uar_extension_add,
	.uar_extension_remove = uar_extension_remove,
	.device_mkey_create = device_mkey_create,
	.device_mkey_destroy = device_mkey_destroy,
	.process_pause = process_pause,
	.process_resume = process_resume,
	.devx_obj_create = null_devx_obj_create,
	.devx_obj_modify = null_devx_obj_command,
	.devx_obj_query = null_devx_obj_command,
	.devx_obj_destroy = null_devx_obj_destroy,
	.devx_general_cmd = null_devx_general_cmd,
	.pd_number = null_pd_number,
};

/* Asked after the simulator, when both are there: their devices are apart anyway. */
PROVIDER_REGISTER(null_provider, 100)
