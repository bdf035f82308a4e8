/*
 * Debugger support (a GDB stub, core/providers/sim/sim_gdb.c): traps on instructions, the pc a single
 * step leads to, and holding or letting go one hart of a paused process.
 *
 * A trap is a patched pre-decoded op: its handler becomes the interpreter's debug trap, its
 * operands and block counts stay, so nothing else changes and a process without traps runs
 * exactly the code it ran before. Images are shared by the processes made from them, so the
 * first attach gives the process a private copy of the image's ops, which the interpreter runs
 * from then on (process->debug_ops, read once per run piece); the image's own array keeps the
 * original handlers, which the trap jumps to when the debugger lets the hart go on.
 *
 * Watchpoints cannot be patched into ops (an access's address is known only when it runs): while
 * any is set the harts run the slow interpreter, which checks every access against them
 * (dpa_debug_watched) and stops before it as at a trap; the fast one never looks. A hart held at
 * a trap while the debugger sets one leaves the interpreter it runs (trap_entry) so as to go on
 * in the slow one at once, not at its next run piece.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

/*
 * What a trap calls: the debugger's function, then, when watchpoints are set now, the way out of
 * the interpreter without a check of it (the fast one never checks them): the hart "returns" to
 * DPA_RETURN_ADDRESS, which the interpreter handles as a jump anywhere (with the counters as
 * before the trap's instruction), and run_slice_active sees debug_switch and goes on in the slow
 * interpreter from the pc the debugger left.
 */
static void trap_entry(void *user, struct dpa_hart *hart)
{
	struct dpa_process *process = user;
	uint64_t trap_pc = hart->pc;

	process->debug_client_fn(process->debug_client_user, hart);
	if (atomic_load_explicit(&process->nwatches, memory_order_relaxed) == 0 ||
	    !dpa_image_is_code(process->image, hart->pc))
		return;
	hart->debug_resume_pc = hart->pc;
	hart->debug_pass = hart->pc == trap_pc;
	hart->debug_switch = true;
	hart->pc = DPA_RETURN_ADDRESS;
}

int dpa_process_debug_attach(struct dpa_process *process, dpa_debug_fn fn, void *user)
{
	if (process == NULL || fn == NULL)
		return -EINVAL;
	const struct dpa_image *image = process->image;
	size_t count = image->code_span / 2 + 2; /* with the two fetch-fault sentinels */
	if (process->debug_ops == NULL) {
		struct dpa_op *ops = malloc(count * sizeof(*ops));
		if (ops == NULL)
			return -ENOMEM;
		memcpy(ops, image->ops, count * sizeof(*ops));
		process->debug_ops = ops;
	}
	process->debug_client_fn = fn;
	process->debug_client_user = user;
	process->debug_fn = trap_entry;
	process->debug_user = process;
	return 0;
}

void dpa_process_debug_detach(struct dpa_process *process)
{
	if (process == NULL || process->debug_ops == NULL)
		return;
	/* Every trap goes; the copy stays (a hart inside a service may still run from it). */
	memcpy(process->debug_ops, process->image->ops,
	       (process->image->code_span / 2 + 2) * sizeof(*process->debug_ops));
	atomic_store_explicit(&process->nwatches, 0, memory_order_relaxed);
	/* Harts that reached a trap before it went may still be on their way into the function:
     * wait for them (they do not need the pause to end to get out). */
	while (atomic_load_explicit(&process->debug_inside, memory_order_acquire) != 0)
		nanosleep(&(struct timespec){ .tv_nsec = 50000 }, NULL);
	process->debug_fn = NULL;
	process->debug_user = NULL;
	process->debug_client_fn = NULL;
	process->debug_client_user = NULL;
}

int dpa_process_debug_trap(struct dpa_process *process, uint64_t pc, bool set)
{
	if (process == NULL)
		return -EINVAL;
	if (process->debug_ops == NULL)
		return -EPERM;
	const struct dpa_image *image = process->image;
	uint64_t off = pc - image->code_base;
	if (off >= image->code_span || (pc & 1) || !dpa_image_is_code(image, pc))
		return -EINVAL;
	process->debug_ops[off / 2].h = set ? dpa_exec_handlers()[DPA_HANDLER_DEBUG_TRAP] : image->ops[off / 2].h;
	return 0;
}

int dpa_process_debug_watch(struct dpa_process *process, uint64_t address, uint64_t length, enum dpa_watch_kind kind,
			    bool set)
{
	if (process == NULL || length == 0 || address + length < address ||
	    (kind != DPA_WATCH_WRITE && kind != DPA_WATCH_READ && kind != DPA_WATCH_ACCESS))
		return -EINVAL;
	if (process->debug_ops == NULL)
		return -EPERM;
	/* Paused: no hart reads the set while it changes (the pause orders it for them). */
	unsigned n = atomic_load_explicit(&process->nwatches, memory_order_relaxed);
	for (unsigned i = 0; i < n; i++) {
		struct dpa_watch *w = &process->watches[i];
		if (w->address != address || w->length != length || w->kind != (unsigned)kind)
			continue;
		if (!set) {
			*w = process->watches[n - 1];
			atomic_store_explicit(&process->nwatches, n - 1, memory_order_relaxed);
		}
		return 0;
	}
	if (!set)
		return -ENOENT;
	if (n == DPA_DEBUG_WATCHES)
		return -ENOSPC;
	process->watches[n] = (struct dpa_watch){ .address = address, .length = length, .kind = kind };
	atomic_store_explicit(&process->nwatches, n + 1, memory_order_relaxed);
	return 0;
}

unsigned dpa_hart_debug_watch_hit(const struct dpa_hart *hart, uint64_t *address)
{
	if (hart == NULL)
		return 0;
	if (address != NULL)
		*address = hart->watch_address;
	return hart->watch_kind;
}

uint64_t dpa_hart_next_pc(const struct dpa_hart *hart)
{
	if (hart == NULL)
		return 0;
	uint64_t pc = hart->pc;
	uint16_t half[2] = { 0, 0 };
	if (dpa_process_read(hart->process, pc, &half[0], 2) != 0)
		return pc; /* a fetch fault: the hart stays where it is */
	int hi_valid = dpa_process_read(hart->process, pc + 2, &half[1], 2) == 0;
	struct dpa_insn insn;
	dpa_decode(half[0], half[1], hi_valid, &insn);
	const uint64_t *x = hart->regs;
	uint64_t a = x[insn.rs1], b = x[insn.rs2], taken = pc + (uint64_t)(int64_t)insn.imm;
	switch ((enum dpa_kind)insn.kind) {
	case DPA_K_beq:
	case DPA_K_bne:
	case DPA_K_blt:
	case DPA_K_bge:
	case DPA_K_bltu:
	case DPA_K_bgeu:
		return dpa_branch_taken((enum dpa_kind)insn.kind, a, b) ? taken : pc + insn.length;
	case DPA_K_jal:
		return taken;
	case DPA_K_jalr:
		return (a + (uint64_t)(int64_t)insn.imm) & ~1ull;
	case DPA_K_ebreak:
	case DPA_K_illegal:
	case DPA_K_fetch_fault:
		return pc; /* it faults without retiring */
	default:
		return pc + insn.length;
	}
}

void dpa_hart_debug_set_reg(struct dpa_hart *hart, unsigned index, uint64_t value)
{
	if (hart == NULL || index == 0 || index > 32)
		return;
	if (index == 32)
		hart->pc = value;
	else
		hart->regs[index] = value;
}

void dpa_hart_debug_hold(struct dpa_hart *hart, bool paused)
{
	if (hart == NULL)
		return;
	struct dpa_process *process = hart->process;
	pthread_mutex_lock(&process->pause_lock);
	if (!paused) {
		atomic_fetch_and_explicit(&hart->gate, ~DPA_GATE_PAUSED, memory_order_release);
		pthread_cond_broadcast(&process->pause_changed);
	} else {
		/* As dpa_process_pause does for every hart: the hart's leave wakes us. */
		atomic_fetch_or_explicit(&hart->gate, DPA_GATE_PAUSED, memory_order_acq_rel);
		while (atomic_load_explicit(&hart->gate, memory_order_acquire) & DPA_GATE_ACTIVE)
			pthread_cond_wait(&process->pause_changed, &process->pause_lock);
	}
	pthread_mutex_unlock(&process->pause_lock);
}

void dpa_debug_free(struct dpa_process *process)
{
	free(process->debug_ops);
	process->debug_ops = NULL;
}
