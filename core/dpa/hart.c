/* Harts: register contexts with a stack, counters, a fault record and the run entry points. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define STACK_DEFAULT (64u << 10)
/* Runs are cut into pieces of at most this many instructions, so that a hart honours a pause
 * (dpa_process_pause) within one piece even when its run has no budget. A piece costs one
 * return from the interpreter, nothing inside its loop. */
#define PAUSE_PIECE (1u << 16)
_Static_assert(PAUSE_PIECE > DPA_BLOCK_MAX, "every piece holds at least the next block");

struct dpa_hart *dpa_hart_create(struct dpa_process *process, const struct dpa_hart_config *cfg)
{
	static const struct dpa_hart_config defaults = { 0 };
	if (process == NULL)
		return NULL;
	if (cfg == NULL)
		cfg = &defaults;
	struct dpa_hart *hart = calloc(1, sizeof(*hart));
	if (hart == NULL)
		return NULL;
	hart->stack_size = cfg->stack_size ? cfg->stack_size : STACK_DEFAULT;
	if (dpa_process_map(process, DPA_REGION_STACK, hart->stack_size, DPA_PERM_R | DPA_PERM_W, &hart->stack_base) !=
	    0) {
		free(hart);
		return NULL;
	}
	hart->stack_size = (hart->stack_size + DPA_PAGE_SIZE - 1) & ~(uint64_t)(DPA_PAGE_SIZE - 1);
	hart->process = process;
	hart->id = atomic_fetch_add(&process->next_hart_id, 1);
	hart->watchdog = cfg->watchdog ? cfg->watchdog : process->watchdog;
	hart->regs[2] = hart->stack_base + hart->stack_size;
	/* A run started with dpa_hart_set_pc alone, without a prepare, keeps sp in the stack too. */
	hart->sp_low = hart->stack_base;
	hart->sp_span = hart->stack_size;
	hart->pc = DPA_RETURN_ADDRESS;
	atomic_fetch_add(&process->harts, 1);
	dpa_pause_add_hart(process, hart);
	return hart;
}

int dpa_hart_destroy(struct dpa_hart *hart)
{
	if (hart == NULL)
		return -EINVAL;
	if (hart->sched_state != DPA_HART_IDLE)
		return -EBUSY;
	dpa_pause_remove_hart(hart->process, hart);
	dpa_process_unmap(hart->process, hart->stack_base);
	dpa_window_free(hart);
	atomic_fetch_sub(&hart->process->harts, 1);
	free(hart);
	return 0;
}

struct dpa_process *dpa_hart_process(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->process : NULL;
}

unsigned dpa_hart_id(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->id : 0;
}

void dpa_hart_set_user(struct dpa_hart *hart, void *user)
{
	if (hart != NULL)
		hart->user = user;
}

void *dpa_hart_user(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->user : NULL;
}

void dpa_hart_stack(const struct dpa_hart *hart, uint64_t *base, uint64_t *size)
{
	if (hart == NULL)
		return;
	if (base != NULL)
		*base = hart->stack_base;
	if (size != NULL)
		*size = hart->stack_size;
}

static void begin_activation(struct dpa_hart *hart, uint64_t pc)
{
	hart->faulted = false;
	hart->fault.cause = DPA_FAULT_NONE;
	hart->stop_requested = false;
	hart->stop_code = 0;
	hart->reserved = false;
	hart->activation_start = hart->instret;
	hart->pc = pc;
}

/* The hart is active (pause.c), as for every function named *_active below. */
static int prepare_call_active(struct dpa_hart *hart, uint64_t function, const uint64_t *args, unsigned nargs)
{
	if (nargs > 8 || (nargs > 0 && args == NULL))
		return -EINVAL;
	if (hart->sched_state != DPA_HART_IDLE)
		return -EBUSY;
	for (unsigned i = 0; i < nargs; i++)
		hart->regs[10 + i] = args[i];
	hart->regs[1] = DPA_RETURN_ADDRESS;
	hart->regs[2] = hart->stack_base + hart->stack_size;
	hart->sp_low = hart->stack_base;
	hart->sp_span = hart->stack_size;
	begin_activation(hart, function);
	return 0;
}

int dpa_hart_prepare_call(struct dpa_hart *hart, uint64_t function, const uint64_t *args, unsigned nargs)
{
	if (hart == NULL)
		return -EINVAL;
	dpa_gate_enter(hart);
	int rc = prepare_call_active(hart, function, args, nargs);
	dpa_gate_leave(hart);
	return rc;
}

int dpa_hart_prepare_entry(struct dpa_hart *hart, uint64_t pc)
{
	if (hart == NULL)
		return -EINVAL;
	dpa_gate_enter(hart);
	int rc = -EBUSY;
	if (hart->sched_state == DPA_HART_IDLE) {
		/* The caller set sp up (a Linux initial stack, say) and the program may move it
         * anywhere, as on Linux: the engine knows no stack to hold it to. */
		hart->sp_low = 0;
		hart->sp_span = UINT64_MAX;
		begin_activation(hart, pc);
		rc = 0;
	}
	dpa_gate_leave(hart);
	return rc;
}

int dpa_hart_linux_stack(struct dpa_hart *hart, int argc, char *const argv[])
{
	if (hart == NULL || argc < 0 || (argc > 0 && argv == NULL))
		return -EINVAL;
	uint64_t base, size;
	dpa_hart_stack(hart, &base, &size);
	uint64_t top = base + size;
	size_t words = 1 + (size_t)argc + 1 + 1 + 2; /* argc, argv[], NULL, envp NULL, AT_NULL pair */
	uint64_t *frame = calloc(words, sizeof(*frame));
	if (frame == NULL)
		return -ENOMEM;
	frame[0] = (uint64_t)argc;
	int rc = 0;
	for (int i = argc - 1; i >= 0 && rc == 0; i--) {
		size_t len = strlen(argv[i]) + 1;
		if (top - base < DPA_PAGE_SIZE + len) {
			rc = -E2BIG;
			break;
		}
		top -= len;
		rc = dpa_process_write(hart->process, top, argv[i], len) != 0 ? -E2BIG : 0;
		frame[1 + i] = top;
	}
	uint64_t sp = (top - words * sizeof(*frame)) & ~(uint64_t)15;
	if (rc == 0 && sp < base)
		rc = -E2BIG;
	if (rc == 0)
		rc = dpa_process_write(hart->process, sp, frame, words * sizeof(*frame)) != 0 ? -E2BIG : 0;
	free(frame);
	if (rc == 0)
		dpa_hart_set_reg(hart, DPA_REG_SP, sp);
	return rc;
}

/* Runs up to budget instructions, piece by piece with a pause check in between. It stops where
 * one interpreter run with the whole budget would: a piece ends before a block that does not
 * fit in it, and the next piece runs that block if the budget still holds it. */
static enum dpa_stop run_slice_active(struct dpa_hart *hart, uint64_t budget)
{
	for (;;) {
		uint64_t piece = budget < PAUSE_PIECE ? budget : PAUSE_PIECE;
		uint64_t before = hart->instret;
		/* The memory-model checker records stores and watchpoints see accesses in the slow
		 * build (checks once per piece). */
		enum dpa_stop stop =
			hart->trace != NULL || DPA_UNLIKELY(dpa_memcheck_on(hart->process)) ||
					DPA_UNLIKELY(atomic_load_explicit(&hart->process->nwatches,
									  memory_order_relaxed) != 0)
				? dpa_exec_traced(hart, (int64_t)piece)
			: atomic_load_explicit(&hart->process->engine, memory_order_relaxed) == DPA_ENGINE_TRANSLATOR
				? dpa_jit_exec(hart, (int64_t)piece)
				: dpa_exec(hart, (int64_t)piece);
		if (stop == DPA_STOP_RETURNED && DPA_UNLIKELY(hart->debug_switch)) {
			/* A trap left for the slow build (debug.c): not the activation's end. No pause
			 * check, so the watchpoints are still set when it starts (it consumes
			 * debug_pass). */
			hart->debug_switch = false;
			hart->pc = hart->debug_resume_pc;
			budget -= hart->instret - before;
			continue;
		}
		if (stop != DPA_STOP_BUDGET || piece == budget)
			return stop;
		budget -= hart->instret - before;
		dpa_gate_check(hart);
	}
}

static enum dpa_stop run_active(struct dpa_hart *hart, uint64_t budget)
{
	if (hart->faulted)
		return DPA_STOP_FAULT;
	if (atomic_load(&hart->process->halted))
		return DPA_STOP_HALTED;
	if (hart->pc == DPA_RETURN_ADDRESS)
		return DPA_STOP_RETURNED;
	uint64_t used = hart->instret - hart->activation_start;
	uint64_t left = hart->watchdog > used ? hart->watchdog - used : 0;
	bool watchdog_bound = budget == 0 || budget >= left;
	uint64_t slice = watchdog_bound ? left : budget;
	uint64_t before = hart->instret;
	enum dpa_stop stop = slice > 0 ? run_slice_active(hart, slice) : DPA_STOP_BUDGET;
	if (stop == DPA_STOP_BUDGET && hart->instret == before && !watchdog_bound) {
		/* The next block is longer than the budget: let it run so the hart makes progress. */
		watchdog_bound = left <= DPA_BLOCK_MAX;
		stop = run_slice_active(hart, watchdog_bound ? left : DPA_BLOCK_MAX);
	}
	if (stop == DPA_STOP_BUDGET && watchdog_bound) {
		dpa_hart_record_fault(hart, DPA_FAULT_WATCHDOG, DPA_ACCESS_NONE, hart->pc, hart->pc);
		stop = DPA_STOP_FAULT;
	}
	return stop;
}

enum dpa_stop dpa_hart_run(struct dpa_hart *hart, uint64_t budget)
{
	if (hart == NULL)
		return DPA_STOP_FAULT;
	dpa_gate_enter(hart);
	enum dpa_stop stop = run_active(hart, budget);
	dpa_gate_leave(hart);
	return stop;
}

enum dpa_stop dpa_hart_call(struct dpa_hart *hart, uint64_t function, const uint64_t *args, unsigned nargs,
			    uint64_t *result)
{
	if (hart == NULL)
		return DPA_STOP_FAULT;
	/* One activation of the gate for both steps: a call is one of the engine's hot paths. */
	dpa_gate_enter(hart);
	enum dpa_stop stop =
		prepare_call_active(hart, function, args, nargs) != 0 ? DPA_STOP_FAULT : run_active(hart, 0);
	if (stop == DPA_STOP_RETURNED && result != NULL)
		*result = hart->regs[10];
	dpa_gate_leave(hart);
	return stop;
}

void dpa_hart_request_stop(struct dpa_hart *hart, uint64_t code)
{
	if (hart == NULL)
		return;
	hart->stop_requested = true;
	hart->stop_code = code;
}

uint64_t dpa_hart_stop_code(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->stop_code : 0;
}

uint64_t dpa_hart_reg(const struct dpa_hart *hart, unsigned index)
{
	return hart != NULL && index < 32 ? hart->regs[index] : 0;
}

void dpa_hart_set_reg(struct dpa_hart *hart, unsigned index, uint64_t value)
{
	if (hart == NULL || index == 0 || index >= 32)
		return;
	bool entered = dpa_gate_outside_run(hart);
	hart->regs[index] = value;
	if (entered)
		dpa_gate_leave(hart);
}

uint64_t dpa_hart_pc(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->pc : 0;
}

void dpa_hart_set_pc(struct dpa_hart *hart, uint64_t pc)
{
	if (hart == NULL)
		return;
	bool entered = dpa_gate_outside_run(hart);
	hart->pc = pc;
	if (entered)
		dpa_gate_leave(hart);
}

void dpa_hart_record_fault(struct dpa_hart *hart, enum dpa_fault_cause cause, enum dpa_access access, uint64_t pc,
			   uint64_t address)
{
	struct dpa_fault *f = &hart->fault;
	uint16_t half[2] = { 0, 0 };
	f->cause = cause;
	f->access = access;
	f->pc = pc;
	f->address = address;
	f->insn = 0;
	if (dpa_process_read(hart->process, pc, &half[0], 2) == 0) {
		f->insn = half[0];
		if ((half[0] & 3) == 3 && dpa_process_read(hart->process, pc + 2, &half[1], 2) == 0)
			f->insn |= (uint32_t)half[1] << 16;
	}
	memcpy(f->regs, hart->regs, sizeof(f->regs));
	f->regs[0] = 0;
	f->instret = hart->instret;
	f->cycles = hart->cycles;
	hart->faulted = true;
}

const struct dpa_fault *dpa_hart_fault(const struct dpa_hart *hart)
{
	return hart != NULL && hart->faulted ? &hart->fault : NULL;
}

const char *dpa_fault_cause_name(enum dpa_fault_cause cause)
{
	switch (cause) {
	case DPA_FAULT_NONE:
		return "none";
	case DPA_FAULT_MISALIGNED:
		return "misaligned access";
	case DPA_FAULT_UNMAPPED:
		return "access fault (unmapped address)";
	case DPA_FAULT_PERMISSION:
		return "access fault (permission denied)";
	case DPA_FAULT_FETCH:
		return "instruction access fault (not executable)";
	case DPA_FAULT_ILLEGAL:
		return "illegal instruction";
	case DPA_FAULT_BREAKPOINT:
		return "breakpoint (ebreak)";
	case DPA_FAULT_WATCHDOG:
		return "watchdog expired";
	case DPA_FAULT_BAD_SERVICE:
		return "unknown ecall service";
	case DPA_FAULT_APERTURE:
		return "access fault (aperture refused)";
	case DPA_FAULT_STACK_OVERFLOW:
		return "stack overflow (sp outside the thread's stack)";
	}
	return "unknown fault";
}

uint64_t dpa_hart_instret(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->instret : 0;
}

uint64_t dpa_hart_cycles(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->cycles : 0;
}

uint64_t dpa_hart_time_ns(const struct dpa_hart *hart)
{
	return hart != NULL ? dpa_cycles_to_ns(hart->cycles) : 0;
}

void dpa_hart_memory_writeback(struct dpa_hart *hart)
{
	if (hart != NULL) {
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		hart->memory_writebacks++;
		if (DPA_UNLIKELY(atomic_load_explicit(&hart->process->memcheck, memory_order_relaxed) != NULL))
			dpa_memcheck_memory_writeback(hart);
	}
}

uint64_t dpa_hart_misaligned(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->misaligned : 0;
}

uint64_t dpa_hart_memory_writebacks(const struct dpa_hart *hart)
{
	return hart != NULL ? hart->memory_writebacks : 0;
}

void dpa_hart_set_trace(struct dpa_hart *hart, dpa_trace_fn fn, void *user)
{
	if (hart == NULL)
		return;
	hart->trace = fn;
	hart->trace_user = user;
}
