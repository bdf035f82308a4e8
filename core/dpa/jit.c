/*
 * The translator (hosts with a backend, DPA_HAVE_TRANSLATOR): the per-image cache of translated blocks, the run loop that
 * enters generated code and finishes what it leaves (faults, returns, budgets, exactly as the
 * interpreter does), and the helpers generated code calls for what it does not inline.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "exec_ops.h"
#include "internal.h"
#include "jit.h"

/* An image's translations: blocks are appended to one executable arena and found by op index.
 * Translating takes the lock; finding a block does not (entries are published with release). */
struct dpa_jit {
	pthread_mutex_t lock;
	void *_Atomic *entries; /* per op, as dpa_image.ops (with its two sentinels) */
	size_t entries_size;
	struct dpa_jit_arena arena;
	atomic_bool full; /* the arena has no room left: the interpreter runs what is not translated */
};

/* What image->jit holds when the translator cannot work for the image (no executable memory). */
static struct dpa_jit unavailable;

/* Room for the translations of a whole image: generated code is a few times the size of the
 * RISC-V code; reserved, not committed, so only what is written costs memory. */
#define ARENA_PER_CODE_BYTE 64
#define ARENA_MIN (4ull << 20)
#define ARENA_MAX (1ull << 30)

static void jit_destroy(struct dpa_jit *jit)
{
	if (jit->arena.base != NULL)
		munmap(jit->arena.base, jit->arena.size);
	if (jit->entries != NULL)
		munmap((void *)jit->entries, jit->entries_size);
	pthread_mutex_destroy(&jit->lock);
	free(jit);
}

static struct dpa_jit *jit_create(const struct dpa_image *image)
{
	struct dpa_jit *jit = calloc(1, sizeof(*jit));
	if (jit == NULL)
		return NULL;
	pthread_mutex_init(&jit->lock, NULL);
	uint64_t arena = image->code_span * ARENA_PER_CODE_BYTE;
	arena = arena < ARENA_MIN ? ARENA_MIN : arena > ARENA_MAX ? ARENA_MAX : arena;
	jit->entries_size = (image->code_span / 2 + 2) * sizeof(void *);
	void *entries = mmap(NULL, jit->entries_size, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	void *code = mmap(NULL, arena, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			  -1, 0);
	jit->entries = entries == MAP_FAILED ? NULL : entries;
	jit->arena.base = code == MAP_FAILED ? NULL : code;
	jit->arena.size = arena;
	if (jit->entries == NULL || jit->arena.base == NULL || !dpa_jit_backend_init(&jit->arena)) {
		jit_destroy(jit);
		return NULL;
	}
	return jit;
}

/* The image's translations, made by the first run that needs them. */
static struct dpa_jit *image_jit(struct dpa_image *image)
{
	struct dpa_jit *jit = atomic_load_explicit(&image->jit, memory_order_acquire);
	if (jit != NULL)
		return jit == &unavailable ? NULL : jit;
	struct dpa_jit *made = jit_create(image);
	struct dpa_jit *expected = NULL;
	if (!atomic_compare_exchange_strong_explicit(&image->jit, &expected, made ? made : &unavailable,
						     memory_order_acq_rel, memory_order_acquire)) {
		if (made != NULL)
			jit_destroy(made);
		return expected == &unavailable ? NULL : expected;
	}
	return made;
}

void dpa_jit_free(struct dpa_image *image)
{
	struct dpa_jit *jit = atomic_load_explicit(&image->jit, memory_order_relaxed);
	if (jit != NULL && jit != &unavailable)
		jit_destroy(jit);
}

/*
 * FLEXIO_SIM_PERF_MAP=1: every translated block is listed in /tmp/perf-<pid>.map (Linux perf's
 * format for JIT code), named by the DPA function it belongs to and its pc, so that `perf
 * report` attributes host time to DPA code.
 */
static FILE *perf_map;
static pthread_mutex_t perf_map_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t perf_map_once = PTHREAD_ONCE_INIT;

static void open_perf_map(void)
{
	const char *value = getenv("FLEXIO_SIM_PERF_MAP");
	if (value == NULL || strcmp(value, "1") != 0)
		return;
	char path[64];
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	perf_map = fopen(path, "a");
}

static void perf_map_block(const struct dpa_image *image, uint32_t index, const void *code, size_t size)
{
	uint64_t pc = image->code_base + (uint64_t)index * 2, offset;
	const char *function = dpa_image_function(image, pc, &offset);
	pthread_mutex_lock(&perf_map_lock);
	if (function != NULL)
		fprintf(perf_map, "%llx %zx dpa:%s+0x%llx\n", (unsigned long long)(uintptr_t)code, size, function,
			(unsigned long long)offset);
	else
		fprintf(perf_map, "%llx %zx dpa:0x%llx\n", (unsigned long long)(uintptr_t)code, size,
			(unsigned long long)pc);
	fflush(perf_map);
	pthread_mutex_unlock(&perf_map_lock);
}

/* The code of the block that starts at op index, translated now if it is not yet; NULL when the
 * arena is full. */
static void *block_code(struct dpa_jit *jit, const struct dpa_image *image, uint32_t index)
{
	void *code = atomic_load_explicit(&jit->entries[index], memory_order_acquire);
	if (code != NULL || atomic_load_explicit(&jit->full, memory_order_relaxed))
		return code;
	pthread_mutex_lock(&jit->lock);
	code = atomic_load_explicit(&jit->entries[index], memory_order_relaxed);
	if (code == NULL) {
		size_t before = jit->arena.used;
		code = dpa_jit_backend_compile(&jit->arena, image, index, (void *_Atomic const *)jit->entries);
		if (code != NULL)
			atomic_store_explicit(&jit->entries[index], code, memory_order_release);
		else
			atomic_store_explicit(&jit->full, true, memory_order_relaxed);
		pthread_once(&perf_map_once, open_perf_map);
		if (code != NULL && perf_map != NULL)
			perf_map_block(image, index, code, jit->arena.used - before);
	}
	pthread_mutex_unlock(&jit->lock);
	return code;
}

static uint64_t run_pc(const struct dpa_jit_run *run, uint32_t index)
{
	return run->image->code_base + (uint64_t)index * 2;
}

static enum dpa_kind run_kind(const struct dpa_jit_run *run, uint32_t index)
{
	bool checks_sp;
	return dpa_variant_kind((enum dpa_variant)run->image->variants[index], &checks_sp);
}

/* The hart's counters as the interpreter keeps them where a helper hands over control. */
static void sync_counters(const struct dpa_jit_run *run)
{
	run->hart->instret = run->instret_end - (uint64_t)run->left;
	run->hart->cycles = run->cycles;
}

static int leave_with_fault(struct dpa_jit_run *run, uint32_t index, int cause, enum dpa_access access,
			    uint64_t address)
{
	run->exit_reason = DPA_JIT_EXIT_FAULT;
	run->exit_op = index;
	run->fault_cause = (uint32_t)cause;
	run->fault_access = access;
	run->exit_value = address;
	return 1;
}

int dpa_jit_load(struct dpa_jit_run *run, uint32_t index, uint64_t address)
{
	struct dpa_hart *hart = run->hart;
	enum dpa_kind kind = run_kind(run, index);
	unsigned size = dpa_kind_access_size(kind);
	uint64_t value;
	hart->pc = run_pc(run, index); /* apertures and the checker report the load's pc */
	int cause = dpa_memory_load_slow(hart, address, size, &value);
	if (cause != 0)
		return leave_with_fault(run, index, cause, DPA_ACCESS_READ, address);
	switch (kind) {
	case DPA_K_lb:
		value = (uint64_t)(int64_t)(int8_t)value;
		break;
	case DPA_K_lh:
		value = (uint64_t)(int64_t)(int16_t)value;
		break;
	case DPA_K_lw:
		value = (uint64_t)(int64_t)(int32_t)value;
		break;
	case DPA_K_lbu:
		value = (uint8_t)value;
		break;
	case DPA_K_lhu:
		value = (uint16_t)value;
		break;
	case DPA_K_lwu:
		value = (uint32_t)value;
		break;
	default:
		break;
	}
	hart->regs[run->image->ops[index].rd] = value;
	return 0;
}

int dpa_jit_store(struct dpa_jit_run *run, uint32_t index, uint64_t address)
{
	struct dpa_hart *hart = run->hart;
	const struct dpa_op *op = &run->image->ops[index];
	unsigned size = dpa_kind_access_size(run_kind(run, index));
	hart->pc = run_pc(run, index); /* apertures and the checker report the store's pc */
	sync_counters(run);            /* apertures see the counters as of this block (timelines) */
	int cause = dpa_memory_store_slow(hart, address, size, hart->regs[op->rs2]);
	return cause != 0 ? leave_with_fault(run, index, cause, DPA_ACCESS_WRITE, address) : 0;
}

/* The A extension, on DPA memory only, as exec_loop.inc's ATOMIC_PTR and handlers. */
int dpa_jit_atomic(struct dpa_jit_run *run, uint32_t index)
{
	struct dpa_hart *hart = run->hart;
	const struct dpa_op *op = &run->image->ops[index];
	enum dpa_kind kind = run_kind(run, index);
	uint64_t a = hart->regs[op->rs1], b = hart->regs[op->rs2];
	bool word = kind == DPA_K_lr_w || kind == DPA_K_sc_w || (kind >= DPA_K_amoswap_w && kind <= DPA_K_amomaxu_w);
	unsigned size = word ? 4 : 8, need = kind == DPA_K_lr_w || kind == DPA_K_lr_d ? DPA_PERM_R : DPA_PERM_W;
	uint64_t offset = a - run->ram_base;
	if (offset >= run->ram_size || (a & (size - 1)) != 0 ||
	    !(atomic_load_explicit(&run->perms[offset >> DPA_PAGE_SHIFT], memory_order_relaxed) & need))
		return leave_with_fault(run, index, dpa_memory_atomic_fault(hart->process, a, size),
					need == DPA_PERM_R ? DPA_ACCESS_READ : DPA_ACCESS_WRITE, a);
	void *p = run->ram + offset;
	uint64_t rd;
	switch (kind) {
	case DPA_K_lr_w: {
		uint32_t v = __atomic_load_n((uint32_t *)p, __ATOMIC_SEQ_CST);
		reserve(hart, a, 4, v);
		rd = (uint64_t)(int64_t)(int32_t)v;
		break;
	}
	case DPA_K_lr_d: {
		uint64_t v = __atomic_load_n((uint64_t *)p, __ATOMIC_SEQ_CST);
		reserve(hart, a, 8, v);
		rd = v;
		break;
	}
	case DPA_K_sc_w:
		rd = store_conditional32(hart, p, a, (uint32_t)b);
		break;
	case DPA_K_sc_d:
		rd = store_conditional64(hart, p, a, b);
		break;
#define AMO(k, width, T, fn)                                   \
	case DPA_K_##k:                                        \
		rd = DPA_AMO_RESULT_##width(fn((T *)p, (T)b)); \
		break;
		DPA_AMO_OPS(AMO)
#undef AMO
	default:
		return leave_with_fault(run, index, DPA_FAULT_ILLEGAL, DPA_ACCESS_NONE, run_pc(run, index));
	}
	hart->regs[op->rd] = rd;
	return 0;
}

int dpa_jit_ecall(struct dpa_jit_run *run, uint32_t index)
{
	struct dpa_hart *hart = run->hart;
	hart->pc = run_pc(run, index);
	sync_counters(run);
	switch (dpa_service_call(hart)) {
	case DPA_SERVICE_CONTINUE:
		return 0;
	case DPA_SERVICE_STOP:
		run->exit_reason = DPA_JIT_EXIT_STOP;
		run->exit_op = index + run->image->ops[index].length / 2;
		return 1;
	case DPA_SERVICE_MISSING:
		break;
	}
	return leave_with_fault(run, index, DPA_FAULT_BAD_SERVICE, DPA_ACCESS_NONE, run_pc(run, index));
}

/* Finishes a run the way exec_loop.inc's exits do, from what generated code left. */
static enum dpa_stop finish_exit(struct dpa_jit_run *run)
{
	struct dpa_hart *hart = run->hart;
	switch (run->exit_reason) {
	case DPA_JIT_EXIT_BUDGET:
		hart->pc = run_pc(run, run->exit_op);
		return DPA_STOP_BUDGET;
	case DPA_JIT_EXIT_STOP:
		hart->pc = run_pc(run, run->exit_op);
		return DPA_STOP_REQUESTED;
	case DPA_JIT_EXIT_FAULT: {
		/* the instruction did not retire, nor did the rest of its block, charged on entry */
		const struct dpa_op *op = &run->image->ops[run->exit_op];
		run->left += op->block;
		run->cycles -= op->cycles;
		hart->pc = run_pc(run, run->exit_op);
		sync_counters(run);
		dpa_hart_record_fault(hart, (enum dpa_fault_cause)run->fault_cause, (enum dpa_access)run->fault_access,
				      hart->pc, run->exit_value);
		return DPA_STOP_FAULT;
	}
	default: /* DPA_JIT_EXIT_OUTSIDE: the jump retired; its target is not code */
		hart->pc = run->exit_value;
		if (run->exit_value == DPA_RETURN_ADDRESS)
			return DPA_STOP_RETURNED;
		sync_counters(run);
		dpa_hart_record_fault(hart, DPA_FAULT_FETCH, DPA_ACCESS_EXECUTE, run->exit_value, run->exit_value);
		return DPA_STOP_FAULT;
	}
}

enum dpa_stop dpa_jit_exec(struct dpa_hart *hart, int64_t budget)
{
	struct dpa_process *process = hart->process;
	struct dpa_image *image = process->image;
	/* A debugged process runs its own ops, with traps: the interpreter's job. */
	struct dpa_jit *jit = process->debug_ops == NULL && process->ram_base == image->low ? image_jit(image) : NULL;
	if (jit == NULL)
		return dpa_exec(hart, budget);
	struct dpa_jit_run run = { .hart = hart,
				   .image = image,
				   .ram = process->ram,
				   .perms = process->perms,
				   .ram_base = process->ram_base,
				   .ram_size = process->ram_size,
				   .code_base = image->code_base,
				   .code_span = image->code_span,
				   .entries = (void *const *)jit->entries,
				   .instret_end = hart->instret + (uint64_t)budget,
				   .left = budget,
				   .cycles = hart->cycles };
	uint64_t offset = hart->pc - image->code_base;
	/* Not code: the interpreter records the fetch fault or the return. */
	if (offset >= image->code_span || (hart->pc & 1))
		return dpa_exec(hart, budget);
	uint32_t index = (uint32_t)(offset >> 1);
	enum dpa_stop stop;
	for (;;) {
		/* index may be a fetch-fault sentinel past the code, reached by falling through */
		void *code = block_code(jit, image, index);
		if (code == NULL) {
			/* No room for more translations: the interpreter runs the rest of the budget. */
			hart->pc = run_pc(&run, index);
			sync_counters(&run);
			return dpa_exec(hart, run.left);
		}
		jit->arena.enter(&run, code);
		if (run.exit_reason != DPA_JIT_EXIT_ENTER) {
			stop = finish_exit(&run);
			break;
		}
		index = run.exit_op;
	}
	sync_counters(&run);
	hart->reserved = false;
	return stop;
}
