/* The ecall service table: Linux numbers below 256 and the DPA runtime block. */
#include <errno.h>

#include "internal.h"

static struct dpa_service *slot(struct dpa_process *process, uint64_t number)
{
	if (number < DPA_LINUX_SERVICES)
		return &process->linux_services[number];
	if (number >= DPA_ECALL_BASE && number < DPA_ECALL_LIMIT)
		return &process->runtime_services[number - DPA_ECALL_BASE];
	return NULL;
}

int dpa_process_set_service(struct dpa_process *process, uint64_t number, dpa_service_fn fn, void *user)
{
	if (process == NULL)
		return -EINVAL;
	struct dpa_service *s = slot(process, number);
	if (s == NULL)
		return -ERANGE;
	*s = (struct dpa_service){ .fn = fn, .user = user };
	return 0;
}

int dpa_process_set_fallback_service(struct dpa_process *process, dpa_service_fn fn, void *user)
{
	if (process == NULL)
		return -EINVAL;
	process->fallback = (struct dpa_service){ .fn = fn, .user = user };
	return 0;
}

enum dpa_service_result dpa_service_call(struct dpa_hart *hart)
{
	struct dpa_process *process = hart->process;
	const struct dpa_service *s = slot(process, hart->regs[17]);
	if (s == NULL || s->fn == NULL)
		s = &process->fallback;
	if (s->fn == NULL)
		return DPA_SERVICE_MISSING;
	hart->stop_requested = false;
	/* A service may block (a synchronous message waits for the host), so the hart counts as
     * stopped for dpa_process_pause while it runs; it writes a0 only once no pause holds it.
     * a0..a5 are x10..x15: the services see the registers themselves. */
	dpa_gate_leave(hart);
	int64_t result = s->fn(hart, s->user, &hart->regs[10]);
	dpa_gate_enter(hart);
	hart->regs[10] = (uint64_t)result;
	return hart->stop_requested ? DPA_SERVICE_STOP : DPA_SERVICE_CONTINUE;
}

static int64_t window_writeback(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	return dpa_hart_window_writeback(hart);
}

static int64_t window_invalidate(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	return dpa_hart_window_invalidate(hart);
}

static int64_t memory_writeback(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	dpa_hart_memory_writeback(hart);
	return 0;
}

/* The simulator executes in program order per hart and its memory is coherent, so a fence
 * only has to be a compiler barrier; in the DPA memory model it does not imply a writeback. */
static int64_t fence(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	bool known = args[0] != 0 && (args[0] & ~(uint64_t)(DPA_FENCE_SPACE_HEAP | DPA_FENCE_SPACE_SYSTEM)) == 0;
	return known ? 0 : -EINVAL;
}

void dpa_services_install_defaults(struct dpa_process *process)
{
	dpa_process_set_service(process, DPA_ECALL_WINDOW_WRITEBACK, window_writeback, NULL);
	dpa_process_set_service(process, DPA_ECALL_WINDOW_INVALIDATE, window_invalidate, NULL);
	dpa_process_set_service(process, DPA_ECALL_MEMORY_WRITEBACK, memory_writeback, NULL);
	dpa_process_set_service(process, DPA_ECALL_FENCE, fence, NULL);
}
