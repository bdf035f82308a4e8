/*
 * The simulated device's DPA processes: an engine process (core/dpa) per
 * flexio process, its heap, and the RPC thread that runs flexio_process_call.
 */
#include "sim_gdb.h"
#include "sim_stats.h"
#include "sim_trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The DPA heap of a process: FLEXIO_SIM_HEAP_SIZE bytes (a number, with an optional K, M or G
 * suffix), 1 MiB to 16 GiB, by default 1 GiB, as much as real programs allocate. DPA memory is
 * reserved address space backed only where written (and given back when unmapped), so an idle
 * process costs little whatever its heap.
 */
#define SIM_HEAP_DEFAULT (1ull << 30)
#define SIM_HEAP_MIN (1ull << 20)
#define SIM_HEAP_MAX (16ull << 30)
/* DPA memory beyond the heap and the ELF: stacks, thread-local areas, queues. */
#define SIM_PROCESS_OVERHEAD (256ull << 20)
#define SIM_RPC_STACK (64u << 10)
/* Instructions an activation may run before the watchdog stops it (FLEXIO_SIM_WATCHDOG). */
#define SIM_DEFAULT_WATCHDOG 2000000000ull

static atomic_uint next_dumem_id = 1;

static uint64_t watchdog_budget(void)
{
	const char *value = getenv("FLEXIO_SIM_WATCHDOG");
	char *end;
	unsigned long long n;

	if (!value || !*value)
		return SIM_DEFAULT_WATCHDOG;
	n = strtoull(value, &end, 0);
	return (*end || !n) ? SIM_DEFAULT_WATCHDOG : n;
}

/* FLEXIO_SIM_STRICT_ALIGNMENT=1: misaligned loads and stores fault (core/dpa/README.md, "Faults"). */
static bool strict_alignment_from_env(void)
{
	const char *value = getenv("FLEXIO_SIM_STRICT_ALIGNMENT");

	return value && *value && strcmp(value, "0");
}

static int strict_alignment_set(struct provider_process *process, bool on)
{
	return dpa_process_set_strict_alignment(((struct sim_process *)process)->engine, on);
}

static uint64_t heap_size(void)
{
	const char *value = getenv("FLEXIO_SIM_HEAP_SIZE");
	unsigned long long n;
	char *end;

	if (!value || !*value)
		return SIM_HEAP_DEFAULT;
	n = strtoull(value, &end, 0);
	switch (*end) {
	case 'G':
	case 'g':
		n <<= 10; /* fall through */
	case 'M':
	case 'm':
		n <<= 10; /* fall through */
	case 'K':
	case 'k':
		n <<= 10;
		end++;
		break;
	default:
		break;
	}
	return (*end || n < SIM_HEAP_MIN || n > SIM_HEAP_MAX) ? SIM_HEAP_DEFAULT : n;
}

/* The process stops for good: halt its harts and tell the host library, once. */
void sim_process_fail(struct sim_process *p, uint32_t status, const struct dpa_fault *fault)
{
	sim_process_fail_from(p, NULL, status, fault);
}

/* The error handler (if any) runs before the harts halt and the host hears of it. */
void sim_process_fail_from(struct sim_process *p, struct sim_thread *t, uint32_t status, const struct dpa_fault *fault)
{
	struct provider_stop stop = {
		.status = status, .has_thread = t != NULL, .thread_id = t ? t->id : 0, .has_fault = fault != NULL
	};

	if (atomic_exchange(&p->failed, true))
		return;
	sim_gdb_fault(p, t, fault); /* a debugger attached sees the fault first */
	p->status = status;
	if (sim_tracing(p))
		sim_trace_fault(p, t, status, fault);
	if (t) {
		pthread_mutex_lock(&p->threads_lock); /* core dumps read it under the lock */
		p->culprit = t->id;
		p->has_culprit = true;
		pthread_mutex_unlock(&p->threads_lock);
	}
	if (fault)
		sim_fault_record(fault, &stop.fault);
	if (status != DPA_STATUS_PROCESS_FINISH && atomic_load(&p->error_handler))
		sim_run_error_handler(p, t, status, fault);
	dpa_process_halt(p->engine);
	p->events.fatal(p->events.user, &stop);
}

/* Applications: the engine's validated, pre-decoded images. */
static struct provider_image *image_load(const void *elf, size_t size, char *err, size_t err_size)
{
	return (struct provider_image *)dpa_image_load(elf, size, err, err_size);
}

static void image_release(struct provider_image *image)
{
	dpa_image_release((struct dpa_image *)image);
}

static int image_symbol(const struct provider_image *image, const char *name, struct provider_symbol *symbol)
{
	const struct dpa_image *dpa = (const struct dpa_image *)image;

	if (dpa_image_symbol(dpa, name, &symbol->address, &symbol->size))
		return -ENOENT;
	symbol->code = dpa_image_is_code(dpa, symbol->address);
	return 0;
}

static struct provider_process *process_create(struct ibv_context *ibv_ctx, const struct provider_image *provider_image,
					       const struct provider_process_config *config,
					       const struct provider_events *events, char *err, size_t err_size)
{
	uint64_t heap = config->heap_size ? config->heap_size : heap_size();
	struct dpa_process_config engine_config = {
		.memory_size = heap + dpa_image_span((const struct dpa_image *)provider_image) + SIM_PROCESS_OVERHEAD,
		.heap_size = heap,
		.watchdog = watchdog_budget(),
	};
	struct dpa_hart_config rpc_config = { .stack_size = SIM_RPC_STACK };
	/* The host library hands back the images this provider made (image_load). */
	struct dpa_image *image = (struct dpa_image *)provider_image;
	struct sim_process *p = calloc(1, sizeof(*p));
	uint64_t entry_result;
	uint32_t stats_id;

	if (!p) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	p->events = *events;
	p->dumem_id = atomic_fetch_add(&next_dumem_id, 1);
	atomic_init(&p->failed, false);
	pthread_mutex_init(&p->rpc_lock, NULL);
	pthread_mutex_init(&p->threads_lock, NULL);
	if (sim_objects_init(p) || sim_queues_init(p, ibv_ctx)) { /* uar, outbox, window, mkey; the NIC */
		snprintf(err, err_size, "out of memory");
		goto fail;
	}
	p->engine = dpa_process_create(image, &engine_config, err, err_size);
	if (!p->engine)
		goto fail;
	dpa_process_set_user(p->engine, p);
	dpa_process_set_strict_alignment(p->engine, strict_alignment_from_env());
	/* Published on the device, the process's id is the device-wide one dpa_stats shows. */
	stats_id = sim_stats_process_add(p, ibv_ctx, config->name);
	if (stats_id)
		p->dumem_id = stats_id;
	if (sim_queues_publish(p)) { /* its memory, as DEVX commands name it (by the dumem id) */
		snprintf(err, err_size, "out of memory");
		goto fail;
	}
	sim_services_install(p);
	sim_gdb_from_env(p, "flexio_process_create"); /* before _start: a debugger sees it all */
	if (sim_default_outbox_create(p)) {
		snprintf(err, err_size, "cannot map the process's default outbox");
		goto fail;
	}
	if (dpa_process_map(p->engine, DPA_REGION_DATA, PROVIDER_ARGBUF_MAX, DPA_PERM_R | DPA_PERM_W, &p->argbuf) ||
	    !(p->rpc = sim_thread_create(p, &rpc_config, 0))) {
		snprintf(err, err_size, "cannot map the RPC thread's memory");
		goto fail;
	}
	sim_stats_thread_add(p->rpc, "rpc");
	/* The image's constructors run once, as dpacc's crt0 expects. */
	if (sim_thread_call(p->rpc, dpa_image_entry(image), NULL, 0, &entry_result) != PROVIDER_CALL_RETURNED) {
		snprintf(err, err_size, "the image's start-up code (_start) did not return");
		goto fail;
	}
	sim_trace_process_created(p, config); /* names it; FLEXIO_SIM_TRACE */
	return (struct provider_process *)p;
fail:
	sim_gdb_close(p);
	if (p->rpc)
		sim_thread_destroy(p->rpc);
	if (p->engine)
		dpa_process_destroy(p->engine);
	sim_queues_fini(p);
	sim_stats_process_remove(p);
	sim_objects_fini(p);
	pthread_mutex_destroy(&p->rpc_lock);
	pthread_mutex_destroy(&p->threads_lock);
	free(p);
	return NULL;
}

static void process_destroy(struct provider_process *process)
{
	struct sim_process *p = (struct sim_process *)process;

	sim_gdb_close(p); /* the debugger sees the process exit; held threads go */
	dpa_process_halt(p->engine);
	sim_events_fini(p); /* the host destroyed every event handler before */
	sim_thread_destroy(p->rpc);
	/* What is left: the error handler's thread (the host destroyed the objects owning others). */
	while (p->threads)
		sim_thread_destroy(p->threads);
	sim_trace_process_fini(p); /* before the engine: it names functions by its image */
	sim_queues_fini(p);        /* its memory, before the engine it is in */
	dpa_process_destroy(p->engine);
	sim_stats_process_remove(p);
	sim_objects_fini(p); /* uar, outbox, window, mkey: after the engine, which calls into them */
	pthread_mutex_destroy(&p->rpc_lock);
	pthread_mutex_destroy(&p->threads_lock);
	free(p);
}

static void heap_range(struct provider_process *process, uint64_t *base, uint64_t *size)
{
	struct sim_process *p = (struct sim_process *)process;

	if (dpa_process_heap(p->engine, base, size))
		*base = *size = 0;
}

static int memory_write(struct provider_process *process, uint64_t daddr, const void *src, size_t size)
{
	return dpa_process_write(((struct sim_process *)process)->engine, daddr, src, size);
}

static int memory_read(struct provider_process *process, uint64_t daddr, void *dst, size_t size)
{
	return dpa_process_read(((struct sim_process *)process)->engine, daddr, dst, size);
}

static int memory_set(struct provider_process *process, uint64_t daddr, int value, size_t size)
{
	return dpa_process_fill(((struct sim_process *)process)->engine, daddr, value, size);
}

static enum provider_call_result call(struct provider_process *process, const struct provider_call *c, uint64_t *result)
{
	struct sim_process *p = (struct sim_process *)process;
	uint64_t args[8];
	unsigned nargs = c->nargs;
	enum provider_call_result r;
	struct sim_trace_mark mark = { 0 };

	if (nargs > 8 || c->argbuf_size > PROVIDER_ARGBUF_MAX)
		return PROVIDER_CALL_FAILED;
	memcpy(args, c->args, nargs * sizeof(args[0]));
	pthread_mutex_lock(&p->rpc_lock);
	if (c->argbuf) {
		if (dpa_process_write(p->engine, p->argbuf, c->argbuf, c->argbuf_size)) {
			pthread_mutex_unlock(&p->rpc_lock);
			return PROVIDER_CALL_FAILED;
		}
		args[0] = p->argbuf;
	}
	sim_stats_count(p->rpc, STATS_REGISTRY_RPC_CALLS);
	if (sim_tracing(p))
		sim_trace_mark(p->rpc, &mark);
	r = sim_thread_call(p->rpc, c->function, args, nargs, result);
	if (sim_tracing(p))
		sim_trace_span(p->rpc, SIM_TRACE_RPC, &mark, c->function, NULL,
			       r == PROVIDER_CALL_RETURNED ? SIM_TRACE_END_RETURNED
			       : r == PROVIDER_CALL_ENDED  ? SIM_TRACE_END_RESCHEDULE
							   : SIM_TRACE_END_FAILED);
	pthread_mutex_unlock(&p->rpc_lock);
	return r;
}

static uint32_t dumem_id(struct provider_process *process)
{
	return ((struct sim_process *)process)->dumem_id;
}

static int process_pause(struct provider_process *process)
{
	dpa_process_pause(((struct sim_process *)process)->engine);
	return 0;
}

static void process_resume(struct provider_process *process)
{
	dpa_process_resume(((struct sim_process *)process)->engine);
}

/* The image's symbols and debug info (dpa_image_source_line takes only the image's own lock). */
static void code_location(struct provider_process *process, uint64_t pc, struct provider_code_location *where)
{
	const struct dpa_image *image = dpa_process_image(((struct sim_process *)process)->engine);

	where->function = dpa_image_function(image, pc, &where->offset);
	if (dpa_image_source_line(image, pc, &where->file, &where->line))
		where->file = NULL;
}

static const struct flexio_provider_ops sim_provider = {
	PROVIDER_TABLE_HEADER("sim"),
	.devices = "the simulated mlx5_sim devices",
	.serves = sim_serves,
	.image_load = image_load,
	.image_release = image_release,
	.image_symbol = image_symbol,
	.process_create = process_create,
	.process_destroy = process_destroy,
	.heap_range = heap_range,
	.memory_write = memory_write,
	.memory_read = memory_read,
	.memory_set = memory_set,
	.call = call,
	.dumem_id = dumem_id,
	/* cmdq, threads, error handler, core dump */
	.thread_create = sim_thread_create_event,
	.thread_run = sim_thread_run,
	.thread_trigger = sim_thread_trigger,
	.thread_destroy = sim_thread_destroy_event,
	.thread_id = sim_thread_id,
	.cmdq_create = sim_cmdq_create,
	.cmdq_task_add = sim_cmdq_task_add,
	.cmdq_start = sim_cmdq_start,
	.cmdq_is_empty = sim_cmdq_is_empty,
	.cmdq_destroy = sim_cmdq_destroy,
	.error_handler_set = sim_error_handler_set,
	.thread_states = sim_thread_states,
	.memory_regions = sim_memory_regions,
	/* uar, outbox, window, mkey */
	.pd_check = sim_pd_check,
	.pd_hold = sim_pd_hold,
	.pd_release = sim_pd_release,
	.mr_range = sim_mr_range,
	.memory_dump = sim_memory_dump,
	.uar_check = sim_uar_check,
	.outbox_create = sim_outbox_create,
	.outbox_destroy = sim_outbox_destroy,
	.window_create = sim_window_create,
	.window_destroy = sim_window_destroy,
	.uar_extension_add = sim_uar_extension_add,
	.uar_extension_remove = sim_uar_extension_remove,
	.device_mkey_create = sim_device_mkey_create,
	.device_mkey_destroy = sim_device_mkey_destroy,
	.process_pause = process_pause,
	.process_resume = process_resume,
	.gdb_listen = sim_gdb_listen_op,
	.memcheck_set = sim_memcheck_set,
	.strict_alignment_set = strict_alignment_set,
	/* the DPA's side of the NIC's queues */
	.uar_bind = sim_uar_bind,
	.thread_obj_create = sim_thread_obj_create,
	.thread_obj_release = sim_thread_obj_release,
	/* emulated devices */
	.emu_functions = sim_emu_functions,
	.emu_db_map = sim_emu_db_map,
	.emu_db_unmap = sim_emu_db_unmap,
	.emu_db_ring = sim_emu_db_ring,
	.emu_msix_eqs = sim_emu_msix_eqs,
	.emu_msix_create = sim_emu_msix_create,
	.emu_msix_destroy = sim_emu_msix_destroy,
	.emu_msix_wait = sim_emu_msix_wait,
	/* timelines */
	.trace_start = sim_trace_start,
	.trace_stop = sim_trace_stop,
	/* reports */
	.code_location = code_location,
};

/* The simulated device is the embedded default: asked first. */
PROVIDER_REGISTER(sim_provider, 0)
