/*
 * DPA threads of the simulated device: a hart, and the thread-local area its
 * tp points into — struct flexio_os_thread_ctx at tp - 64, the image's TLS
 * block (PT_TLS) from tp on (see libflexio-dev/flexio_dev_dpa_arch.h), then
 * the thread's name.
 */
#include "sim_gdb.h"
#include "sim_objects.h"
#include "sim_trace.h"
#include "sim_stats.h"

#include <libflexio-dev/flexio_dev_dpa_arch.h>

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define RISCV_TP 4

static atomic_uint next_thread_id;

static int lay_out_local_area(struct sim_thread *t)
{
	struct dpa_process *engine = t->process->engine;
	const struct dpa_tls *tls = dpa_image_tls(dpa_process_image(engine));
	uint64_t align = tls->align > FLEXIO_OS_THREAD_CTX_TP_OFFSET ? tls->align : FLEXIO_OS_THREAD_CTX_TP_OFFSET;
	struct flexio_os_thread_ctx ctx = { .version = FLEXIO_OS_THREAD_CTX_VERSION };
	uint64_t tls_end = (tls->memsz + 7) & ~7ull;
	uint64_t size = align + tls_end + FLEXIO_MAX_NAME_LEN + 1;

	if (dpa_process_map(engine, DPA_REGION_DATA, size, DPA_PERM_R | DPA_PERM_W, &t->local_area))
		return -1;
	/* Mappings are page aligned, so tp = area + align keeps the TLS alignment. */
	t->tp = t->local_area + align;
	t->ctx = t->tp - FLEXIO_OS_THREAD_CTX_TP_OFFSET;
	t->name = t->tp + tls_end; /* zeroed: no name */
	if (t->process->objects->default_outbox)
		ctx.outbox_base = t->process->objects->default_outbox->base;
	if (dpa_process_write(engine, t->ctx, &ctx, sizeof(ctx)) ||
	    (tls->filesz && dpa_process_write(engine, t->tp, tls->template_data, tls->filesz)))
		return -1;
	return 0;
}

struct sim_thread *sim_thread_create(struct sim_process *p, const struct dpa_hart_config *config,
				     uint64_t thread_local_storage)
{
	struct sim_thread *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->process = p;
	t->id = atomic_fetch_add(&next_thread_id, 1);
	t->thread_local_storage = thread_local_storage;
	t->hart = dpa_hart_create(p->engine, config);
	if (!t->hart || lay_out_local_area(t)) {
		sim_thread_destroy(t);
		return NULL;
	}
	dpa_hart_set_user(t->hart, t);
	pthread_mutex_lock(&p->threads_lock);
	t->next = p->threads;
	p->threads = t;
	pthread_mutex_unlock(&p->threads_lock);
	/* The RPC thread is created first; any later one closes flexio_process_error_handler_set. */
	if (p->rpc)
		atomic_store(&p->threads_created, true);
	return t;
}

void sim_thread_leave(struct sim_thread *t)
{
	if (!t || atomic_exchange(&t->leaving, true))
		return;
	/* Marked first (the stub holds no leaving thread again), let go by the debugger next, exempt
	 * from pauses last: in another order the stub could hold it again after the exemption. */
	sim_gdb_thread_leaving(t->process, t);
	if (t->hart)
		dpa_hart_pause_exempt(t->hart);
}

void sim_thread_destroy(struct sim_thread *t)
{
	struct sim_thread **at;

	if (!t)
		return;
	sim_thread_leave(t);
	pthread_mutex_lock(&t->process->threads_lock);
	for (at = &t->process->threads; *at && *at != t; at = &(*at)->next)
		;
	if (*at)
		*at = t->next;
	pthread_mutex_unlock(&t->process->threads_lock);
	sim_stats_thread_remove(t);
	sim_trace_thread_gone(t);
	if (t->hart)
		dpa_hart_destroy(t->hart);
	if (t->local_area)
		dpa_process_unmap(t->process->engine, t->local_area);
	free(t);
}

int sim_thread_set_name(struct sim_thread *t, const char *name)
{
	size_t len = name ? strnlen(name, FLEXIO_MAX_NAME_LEN) : 0;
	char terminated[FLEXIO_MAX_NAME_LEN + 1];

	memcpy(terminated, name ? name : "", len);
	terminated[len] = '\0';
	return dpa_process_write(t->process->engine, t->name, terminated, len + 1) ? -ENOMEM : 0;
}

int sim_thread_set_metadata(struct sim_thread *t, uint64_t value)
{
	return dpa_process_write(t->process->engine, t->ctx + offsetof(struct flexio_os_thread_ctx, metadata_parameter),
				 &value, sizeof(value))
		       ? -EFAULT
		       : 0;
}

enum provider_call_result sim_thread_call(struct sim_thread *t, uint64_t function, const uint64_t *args, unsigned nargs,
					  uint64_t *result)
{
	struct sim_process *p = t->process;
	enum dpa_stop stop;

	if (atomic_load(&p->failed))
		return PROVIDER_CALL_FAILED;
	*result = 0;
	dpa_hart_set_reg(t->hart, RISCV_TP, t->tp);
	sim_stats_begin(t);
	stop = dpa_hart_call(t->hart, function, args, nargs, result);
	sim_memcheck_end(t, stop);
	sim_stats_end(t);
	switch (stop) {
	case DPA_STOP_RETURNED:
		return PROVIDER_CALL_RETURNED;
	case DPA_STOP_REQUESTED:
		*result = 0;
		return atomic_load(&p->failed) ? PROVIDER_CALL_FAILED : PROVIDER_CALL_ENDED;
	case DPA_STOP_FAULT:
		sim_process_fail_from(p, t, DPA_STATUS_THREAD_FAULT, dpa_hart_fault(t->hart));
		return PROVIDER_CALL_FAILED;
	case DPA_STOP_HALTED:
	case DPA_STOP_BUDGET:
		break;
	}
	return PROVIDER_CALL_FAILED;
}
