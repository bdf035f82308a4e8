/*
 * The memory-model checker (memcheck.h): the shadow of DPA memory, the harts' writeback epochs,
 * the publish points and the NIC's reads. The window side (stale reads, window bytes not
 * written back) lives in dpa_window.c, next to the cache lines it inspects.
 *
 * DPA memory: every store of the checked interpreter tags its 8-byte word with (hart, epoch,
 * pc). A hart's epoch advances at each memory writeback (which also moves its written_back
 * mark there) and at each publish point (doorbell, end of invocation). A word is then
 *   - written back     when its epoch < the hart's written_back mark;
 *   - published dirty  when written_back <= its epoch < the hart's current epoch: a publish
 *                      point came after the store with no writeback in between.
 * Only a NIC read of a published-dirty word is a violation: a read racing the store and the
 * writeback that follows it (a frame's receive reading a doorbell record the thread is
 * updating, say) is not one, since the program made no promise yet.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "internal.h"
#include "memcheck.h"

/* Hart ids beyond this are not checked (ids are per process and never reused). */
#define HART_MAX 65536u
#define EPOCH_BITS 40
#define EPOCH_MASK ((1ull << EPOCH_BITS) - 1)

struct shadow_word {
	_Atomic uint64_t tag; /* (hart id + 1) << EPOCH_BITS | epoch; 0: no store to check */
	_Atomic uint64_t pc;
};

struct hart_epochs {
	_Atomic uint64_t current, written_back;
};

struct dpa_memcheck {
	dpa_memcheck_fn fn;
	void *user;
	struct shadow_word *shadow; /* one per 8-byte word of DPA memory, reserved */
	size_t shadow_bytes;
	struct hart_epochs *harts; /* HART_MAX */
};

static void state_free(struct dpa_memcheck *mc)
{
	if (mc->shadow != NULL)
		munmap(mc->shadow, mc->shadow_bytes);
	free(mc->harts);
	free(mc);
}

static struct dpa_memcheck *state_new(const struct dpa_process *process)
{
	struct dpa_memcheck *mc = calloc(1, sizeof(*mc));
	if (mc == NULL)
		return NULL;
	mc->shadow_bytes = (process->ram_size / 8) * sizeof(struct shadow_word);
	mc->shadow = mmap(NULL, mc->shadow_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			  -1, 0);
	if (mc->shadow == MAP_FAILED) {
		mc->shadow = NULL;
		state_free(mc);
		return NULL;
	}
	mc->harts = calloc(HART_MAX, sizeof(*mc->harts));
	if (mc->harts == NULL) {
		state_free(mc);
		return NULL;
	}
	return mc;
}

static struct dpa_memcheck *state_of(const struct dpa_process *process)
{
	return atomic_load_explicit(&((struct dpa_process *)process)->memcheck, memory_order_acquire);
}

int dpa_process_memcheck(struct dpa_process *process, dpa_memcheck_fn fn, void *user)
{
	if (process == NULL)
		return -EINVAL;
	if (fn == NULL) {
		atomic_store(&process->memcheck_on, false);
		return 0;
	}
	struct dpa_memcheck *mc = state_of(process);
	if (mc == NULL) {
		struct dpa_memcheck *made = state_new(process), *expected = NULL;
		if (made == NULL)
			return -ENOMEM;
		made->fn = fn;
		made->user = user;
		if (atomic_compare_exchange_strong(&process->memcheck, &expected, made))
			mc = made;
		else {
			state_free(made);
			mc = expected;
		}
	}
	/* Written only when they change, so enabling again while threads report is no race. */
	if (mc->fn != fn)
		mc->fn = fn;
	if (mc->user != user)
		mc->user = user;
	atomic_store(&process->memcheck_on, true);
	return 0;
}

bool dpa_process_memcheck_enabled(const struct dpa_process *process)
{
	return process != NULL && dpa_memcheck_on(process);
}

void dpa_memcheck_free(struct dpa_process *process)
{
	struct dpa_memcheck *mc = state_of(process);
	if (mc != NULL)
		state_free(mc);
	atomic_store(&process->memcheck, NULL);
}

void dpa_memcheck_emit(struct dpa_process *process, const struct dpa_memcheck_report *report)
{
	struct dpa_memcheck *mc = state_of(process);
	if (mc != NULL && dpa_memcheck_on(process))
		mc->fn(mc->user, report);
}

void dpa_memcheck_store(struct dpa_hart *hart, uint64_t address, uint64_t pc)
{
	const struct dpa_process *process = hart->process;
	struct dpa_memcheck *mc = state_of(process);
	if (mc == NULL || hart->id >= HART_MAX)
		return;
	uint64_t epoch = atomic_load_explicit(&mc->harts[hart->id].current, memory_order_relaxed);
	struct shadow_word *w = &mc->shadow[(address - process->ram_base) >> 3];
	atomic_store_explicit(&w->pc, pc, memory_order_relaxed);
	atomic_store_explicit(&w->tag, ((uint64_t)(hart->id + 1) << EPOCH_BITS) | (epoch & EPOCH_MASK),
			      memory_order_relaxed);
}

/* The mark moves first, so that a reader seeing the new epoch also sees the new mark (and one
 * seeing the old epoch with the new mark finds nothing published dirty). */
void dpa_memcheck_memory_writeback(struct dpa_hart *hart)
{
	struct dpa_memcheck *mc = state_of(hart->process);
	if (mc == NULL || hart->id >= HART_MAX)
		return;
	struct hart_epochs *h = &mc->harts[hart->id];
	uint64_t next = atomic_load_explicit(&h->current, memory_order_relaxed) + 1;
	atomic_store_explicit(&h->written_back, next, memory_order_release);
	atomic_store_explicit(&h->current, next, memory_order_release);
}

void dpa_memcheck_publish(struct dpa_hart *hart, int point, uint64_t at_pc)
{
	struct dpa_memcheck *mc = state_of(hart->process);
	if (mc == NULL || !dpa_memcheck_on(hart->process))
		return;
	dpa_window_memcheck_publish(hart, point, at_pc);
	if (hart->id < HART_MAX)
		atomic_fetch_add_explicit(&mc->harts[hart->id].current, 1, memory_order_release);
}

void dpa_hart_memcheck_end(struct dpa_hart *hart)
{
	if (hart != NULL && dpa_memcheck_on(hart->process))
		dpa_memcheck_publish(hart, DPA_MEMCHECK_AT_END, 0);
}

void dpa_process_memcheck_device_read(struct dpa_process *process, uint64_t address, uint64_t size)
{
	if (process == NULL || size == 0 || !dpa_memcheck_on(process))
		return;
	struct dpa_memcheck *mc = state_of(process);
	uint64_t off = address - process->ram_base;
	if (mc == NULL || off >= process->ram_size || size > process->ram_size - off)
		return;
	uint64_t last_pc = 0;
	for (uint64_t word = off >> 3; word <= (off + size - 1) >> 3; word++) {
		struct shadow_word *w = &mc->shadow[word];
		uint64_t tag = atomic_load_explicit(&w->tag, memory_order_relaxed);
		if (tag == 0)
			continue;
		unsigned id = (unsigned)(tag >> EPOCH_BITS) - 1;
		uint64_t epoch = tag & EPOCH_MASK;
		const struct hart_epochs *h = &mc->harts[id];
		uint64_t current = atomic_load_explicit(&h->current, memory_order_acquire) & EPOCH_MASK;
		uint64_t written_back = atomic_load_explicit(&h->written_back, memory_order_acquire) & EPOCH_MASK;
		if (epoch < written_back || epoch >= current)
			continue;
		uint64_t pc = atomic_load_explicit(&w->pc, memory_order_relaxed);
		/* Reported once: a later store tags the word again. */
		if (!atomic_compare_exchange_strong(&w->tag, &tag, 0) || pc == last_pc)
			continue;
		last_pc = pc;
		uint64_t at = process->ram_base + (word << 3);
		struct dpa_memcheck_report report = {
			.rule = DPA_MEMCHECK_MEMORY_NOT_WRITTEN_BACK,
			.point = DPA_MEMCHECK_AT_NIC_READ,
			.hart_id = id,
			.pc = pc,
			.address = at > address ? at : address,
			.size = 8,
		};
		dpa_memcheck_emit(process, &report);
	}
}
