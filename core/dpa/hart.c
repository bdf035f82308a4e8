/* Harts: register contexts with a stack, counters, a fault record and the run entry points. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define STACK_DEFAULT (64u << 10)

struct dpa_hart *dpa_hart_create(struct dpa_process *process, const struct dpa_hart_config *cfg)
{
    static const struct dpa_hart_config defaults = {0};
    if (process == NULL)
        return NULL;
    if (cfg == NULL)
        cfg = &defaults;
    struct dpa_hart *hart = calloc(1, sizeof(*hart));
    if (hart == NULL)
        return NULL;
    hart->stack_size = cfg->stack_size ? cfg->stack_size : STACK_DEFAULT;
    if (dpa_process_map(process, DPA_REGION_STACK, hart->stack_size, DPA_PERM_R | DPA_PERM_W,
                        &hart->stack_base) != 0) {
        free(hart);
        return NULL;
    }
    hart->stack_size = (hart->stack_size + DPA_PAGE_SIZE - 1) & ~(uint64_t)(DPA_PAGE_SIZE - 1);
    hart->process = process;
    hart->id = atomic_fetch_add(&process->next_hart_id, 1);
    hart->watchdog = cfg->watchdog ? cfg->watchdog : process->watchdog;
    hart->regs[2] = hart->stack_base + hart->stack_size;
    hart->pc = DPA_RETURN_ADDRESS;
    atomic_fetch_add(&process->harts, 1);
    return hart;
}

int dpa_hart_destroy(struct dpa_hart *hart)
{
    if (hart == NULL)
        return -EINVAL;
    if (hart->sched_state != DPA_HART_IDLE)
        return -EBUSY;
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

int dpa_hart_prepare_call(struct dpa_hart *hart, uint64_t function, const uint64_t *args,
                          unsigned nargs)
{
    if (hart == NULL || nargs > 8 || (nargs > 0 && args == NULL))
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

int dpa_hart_prepare_entry(struct dpa_hart *hart, uint64_t pc)
{
    if (hart == NULL)
        return -EINVAL;
    if (hart->sched_state != DPA_HART_IDLE)
        return -EBUSY;
    /* The caller set sp up (a Linux initial stack, say) and the program may move it
     * anywhere, as on Linux: the engine knows no stack to hold it to. */
    hart->sp_low = 0;
    hart->sp_span = UINT64_MAX;
    begin_activation(hart, pc);
    return 0;
}

static enum dpa_stop run_slice(struct dpa_hart *hart, uint64_t budget)
{
    int64_t b = budget > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)budget;
    return hart->trace != NULL ? dpa_exec_traced(hart, b) : dpa_exec(hart, b);
}

enum dpa_stop dpa_hart_run(struct dpa_hart *hart, uint64_t budget)
{
    if (hart == NULL || hart->faulted)
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
    enum dpa_stop stop = slice > 0 ? run_slice(hart, slice) : DPA_STOP_BUDGET;
    if (stop == DPA_STOP_BUDGET && hart->instret == before && !watchdog_bound) {
        /* The next block is longer than the budget: let it run so the hart makes progress. */
        watchdog_bound = left <= DPA_BLOCK_MAX;
        stop = run_slice(hart, watchdog_bound ? left : DPA_BLOCK_MAX);
    }
    if (stop == DPA_STOP_BUDGET && watchdog_bound) {
        dpa_hart_record_fault(hart, DPA_FAULT_WATCHDOG, DPA_ACCESS_NONE, hart->pc, hart->pc);
        stop = DPA_STOP_FAULT;
    }
    return stop;
}

enum dpa_stop dpa_hart_call(struct dpa_hart *hart, uint64_t function, const uint64_t *args,
                            unsigned nargs, uint64_t *result)
{
    if (dpa_hart_prepare_call(hart, function, args, nargs) != 0)
        return DPA_STOP_FAULT;
    enum dpa_stop stop = dpa_hart_run(hart, 0);
    if (stop == DPA_STOP_RETURNED && result != NULL)
        *result = hart->regs[10];
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
    if (hart != NULL && index > 0 && index < 32)
        hart->regs[index] = value;
}

uint64_t dpa_hart_pc(const struct dpa_hart *hart)
{
    return hart != NULL ? hart->pc : 0;
}

void dpa_hart_set_pc(struct dpa_hart *hart, uint64_t pc)
{
    if (hart != NULL)
        hart->pc = pc;
}

void dpa_hart_record_fault(struct dpa_hart *hart, enum dpa_fault_cause cause,
                           enum dpa_access access, uint64_t pc, uint64_t address)
{
    struct dpa_fault *f = &hart->fault;
    uint16_t half[2] = {0, 0};
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
    case DPA_FAULT_NONE: return "none";
    case DPA_FAULT_MISALIGNED: return "misaligned access";
    case DPA_FAULT_UNMAPPED: return "access fault (unmapped address)";
    case DPA_FAULT_PERMISSION: return "access fault (permission denied)";
    case DPA_FAULT_FETCH: return "instruction access fault (not executable)";
    case DPA_FAULT_ILLEGAL: return "illegal instruction";
    case DPA_FAULT_BREAKPOINT: return "breakpoint (ebreak)";
    case DPA_FAULT_WATCHDOG: return "watchdog expired";
    case DPA_FAULT_BAD_SERVICE: return "unknown ecall service";
    case DPA_FAULT_APERTURE: return "access fault (aperture refused)";
    case DPA_FAULT_STACK_OVERFLOW: return "stack overflow (sp outside the thread's stack)";
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
    }
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
