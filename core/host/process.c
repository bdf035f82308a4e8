/* DPA processes: creation from an application, destruction and getters (flexio_process_*). */
#include "process.h"

#include "handle.h"
#include "log.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* The DPA heap of each process. */
#define PROCESS_HEAP_SIZE (64ull << 20)

static const struct flexio_provider_ops *const providers[] = {&sim_provider};

bool process_check(const struct flexio_process *process, const char *func)
{
	if (handle_is(process, HANDLE_PROCESS))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live process", (const void *)process);
	return false;
}

static int64_t on_message(void *user, int stream_id, int level, const char *text, size_t len)
{
	return msg_stream_deliver(user, stream_id, level, text, len);
}

void process_describe_stop(const struct flexio_process *process, char *text, size_t size)
{
	const struct dpa_fault *f = &process->fault;

	if (process->has_fault)
		snprintf(text, size, "a DPA thread fault (%s at pc 0x%llx, address 0x%llx), status 0x%x",
			 dpa_fault_cause_name(f->cause), (unsigned long long)f->pc, (unsigned long long)f->address,
			 process->status);
	else if (process->status == DPA_STATUS_PROCESS_FINISH)
		snprintf(text, size, "flexio_dev_process_finish, status 0x%x", process->status);
	else
		snprintf(text, size, "flexio_dev_error, status 0x%x", process->status);
}

void process_log_stopped(const struct flexio_process *process, const char *func)
{
	char why[256];

	process_describe_stop(process, why, sizeof(why));
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\" has stopped on %s", process->name, why);
}

bool process_stopped(const struct flexio_process *process, const char *func)
{
	if (!atomic_load(&process->error))
		return false;
	process_log_stopped(process, func);
	return true;
}

/* The process stopped for good. The calls that meet the stopped process report it; this
 * event itself is logged at INFO, from whichever thread observed it. */
static void on_fatal(void *user, uint32_t status, const struct dpa_fault *fault)
{
	struct flexio_process *process = user;
	char why[256];
	uint64_t one = 1;

	process->status = status;
	if (fault) {
		process->fault = *fault;
		process->has_fault = true;
	}
	process_describe_stop(process, why, sizeof(why));
	flexio_log_at(FLEXIO_LOG_LVL_INFO, "flexio_process", "process \"%s\" stopped: %s", process->name, why);
	atomic_store(&process->error, 1);
	if (write(process->error_fd, &one, sizeof(one)) < 0)
		flexio_err("process \"%s\": cannot signal its error fd: %s", process->name, strerror(errno));
}

static const struct flexio_provider_ops *provider_for(struct ibv_context *ibv_ctx)
{
	for (size_t i = 0; i < sizeof(providers) / sizeof(providers[0]); i++)
		if (providers[i]->serves(ibv_ctx))
			return providers[i];
	return NULL;
}

static void process_free(struct flexio_process *process)
{
	cmdqs_destroy_all(process); /* their threads may still print */
	msg_streams_destroy_all(process);
	process_objects_fini(process); /* uar, outbox, window, mkey: dumps recoverable buffers */
	if (process->device)
		process->provider->process_destroy(process->device);
	heap_fini(&process->heap);
	if (process->own_pd && process->pd && ibv_dealloc_pd(process->pd))
		flexio_warn("process \"%s\": cannot free its protection domain: %s", process->name, strerror(errno));
	if (process->error_fd >= 0)
		close(process->error_fd);
	pthread_mutex_destroy(&process->streams_lock);
	app_release(process->app);
	free(process);
}

FLEXIO_STABLE flexio_status flexio_process_create(struct ibv_context *ibv_ctx, flexio_app *app,
						  const struct flexio_process_attr *process_attr,
						  flexio_process **process_ptr)
{
	struct provider_process_config config = {.heap_size = PROCESS_HEAP_SIZE};
	struct provider_events events = {.message = on_message, .fatal = on_fatal, .doorbell = outbox_on_doorbell};
	const struct flexio_provider_ops *provider;
	struct flexio_process *process;
	char err[DPA_ERROR_MAX];
	uint64_t heap_base, heap_size;

	if (!process_ptr) {
		flexio_err("process_ptr is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*process_ptr = NULL;
	if (!ibv_ctx) {
		flexio_err("ibv_ctx is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	if (!handle_is(app, HANDLE_APP)) {
		flexio_err("%p is not a live application", (void *)app);
		return FLEXIO_STATUS_FAILED;
	}
	if (process_attr && process_attr->name &&
	    strnlen(process_attr->name, FLEXIO_MAX_NAME_LEN + 1) > FLEXIO_MAX_NAME_LEN) {
		flexio_err("process name is longer than FLEXIO_MAX_NAME_LEN (%d)", FLEXIO_MAX_NAME_LEN);
		return FLEXIO_STATUS_FAILED;
	}
	provider = provider_for(ibv_ctx);
	if (!provider) {
		flexio_err("device %s has no DPA this library can drive (only the simulated mlx5_sim devices)",
			   ibv_get_device_name(ibv_ctx->device));
		return FLEXIO_STATUS_FAILED;
	}
	if (process_attr && process_attr->pd && process_attr->pd->context != ibv_ctx) {
		flexio_err("process_attr->pd belongs to another device than ibv_ctx");
		return FLEXIO_STATUS_FAILED;
	}

	process = calloc(1, sizeof(*process));
	if (!process) {
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	app_hold(app);
	process->app = app;
	process->ibv_ctx = ibv_ctx;
	process->provider = provider;
	process->error_fd = -1;
	pthread_mutex_init(&process->streams_lock, NULL);
	heap_init(&process->heap, 0, 0);
	snprintf(process->name, sizeof(process->name), "%s",
		 process_attr && process_attr->name ? process_attr->name : app->name);
	process->pd = process_attr ? process_attr->pd : NULL;
	if (!process->pd) {
		process->pd = ibv_alloc_pd(ibv_ctx);
		process->own_pd = true;
		if (!process->pd) {
			flexio_err("cannot allocate a protection domain: %s", strerror(errno));
			goto fail;
		}
	}
	process->error_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (process->error_fd < 0) {
		flexio_err("cannot create the error fd: %s", strerror(errno));
		goto fail;
	}
	events.user = process;
	process->device = provider->process_create(ibv_ctx, app->image, &config, &events, err, sizeof(err));
	if (!process->device) {
		flexio_err("cannot load application \"%s\": %s", app->name, err);
		goto fail;
	}
	provider->heap_range(process->device, &heap_base, &heap_size);
	heap_fini(&process->heap);
	heap_init(&process->heap, heap_base, heap_size);
	if (process_objects_init(process)) /* the process UAR */
		goto fail;
	if (!handle_add(process, HANDLE_PROCESS)) {
		flexio_err("out of memory");
		goto fail;
	}
	*process_ptr = process;
	return FLEXIO_STATUS_SUCCESS;
fail:
	process_free(process);
	return FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_process_destroy(flexio_process *process)
{
	if (!process)
		return FLEXIO_STATUS_SUCCESS;
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	handle_remove(process);
	process_free(process);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL struct ibv_pd *flexio_process_get_pd(flexio_process *process)
{
	return process_check(process, __func__) ? process->pd : NULL;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_process_get_dumem_id(flexio_process *process)
{
	return process_check(process, __func__) ? process->provider->dumem_id(process->device) : UINT32_MAX;
}

/* The simulator has no user-debug interface to hand a token for: access is not allowed. */
FLEXIO_EXPERIMENTAL uint64_t flexio_process_udbg_token_get(flexio_process *process)
{
	if (process_check(process, __func__))
		flexio_dbg("process \"%s\": user debug access is not available on the simulated device",
			   process->name);
	return 0;
}

FLEXIO_STABLE flexio_status flexio_process_mem_info_get(const flexio_process *process,
							struct flexio_heap_mem_info *info)
{
	struct flexio_process *p = (struct flexio_process *)process;

	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!info) {
		flexio_err("info is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&p->heap.lock);
	info->base_addr = p->heap.base;
	info->size = p->heap.size;
	info->requested = p->heap.requested;
	info->allocated = p->heap.allocated;
	pthread_mutex_unlock(&p->heap.lock);
	return FLEXIO_STATUS_SUCCESS;
}
