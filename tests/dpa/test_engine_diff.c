/*
 * Differential test of the two engines (dpa_process_set_engine): every program runs in two
 * processes made from the same ELF bytes, one on the interpreter and one on the translator,
 * with identical registers, memory, services and apertures. They run block by block (a run
 * whose budget is the next basic block's instruction count makes an engine run exactly that
 * block, exec_loop.inc's ENTER_BLOCK) and again in runs of random budgets (small ones take
 * run_active's progress rule), and after every run both must show the same stop, pc, x0..x31,
 * instret, cycles, stop code, fault record, writable memory, window and writeback state, what
 * the services saw (pc, counters, arguments) and every aperture access. The first difference
 * is reported with the block (its pc and decoded instructions) and both states.
 *
 * Programs: random ones from a seeded generator (RV64IMAC + Zba/Zbb/Zbs, compressed forms,
 * loads and stores of every size, aligned or not, in and out of bounds, to read-only pages and
 * apertures, atomics, bounded loops, calls, sp writes, counters, ecalls, ebreak, illegal
 * encodings, jumps out of the code), at least DPA_DIFF_BLOCKS blocks (default one million) from
 * seed DPA_DIFF_SEED; and, with --elf-list FILE, the ELF files of the engine's tests under the
 * Linux calls dpa-sim-run serves (write, exit, exit_group). Without a translator on the host
 * the tests are skipped: comparing the interpreter with itself would prove nothing.
 */
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "internal.h" /* the image's ops: the next block's instruction count */
#include "test_util.h"

/* ---- Both sides of a comparison -------------------------------------------------------- */

#define RODATA_BASE 0x30000ull
#define APERTURE_SIZE 0x1000ull
#define APERTURE_REFUSED 0x700ull /* aperture offsets from here on fault (DPA_FAULT_APERTURE) */
#define SERVICE_MIX 200           /* a test service: mixes what it sees, writes memory and a2 */
#define SERVICE_STOP 201          /* requests a stop with code a0 */
#define SERVICE_NONE 202          /* nobody serves it: DPA_FAULT_BAD_SERVICE */
#define EXIT_CODE 0x5eedull       /* SERVICE_STOP with this code ends a generated program */
#define ELF_STACK (8u << 20)      /* as dpa-sim-run */
#define STACK_WINDOW 4096u        /* big stacks are compared from this far below the lowest sp */

static const char *const kind_names[DPA_KIND_COUNT] = {
#define KIND_NAME(name, cost) #name,
	DPA_SIMPLE_KINDS(KIND_NAME) DPA_FLOW_KINDS(KIND_NAME) DPA_TERMINAL_KINDS(KIND_NAME)
#undef KIND_NAME
};

static const char *const engine_names[2] = { "interpreter", "translator" };

struct side {
	struct dpa_image *image;
	struct dpa_process *process;
	struct dpa_hart *hart;
	uint64_t mmio, window; /* aperture bases (generated programs) */
	uint64_t services;     /* hash of every service call: pc, counters, arguments */
	uint64_t accesses;     /* hash of every aperture access */
	uint64_t mmio_reads;
	char *out; /* what the program wrote (Linux write) */
	size_t out_len, out_cap;
	bool exited;
	int status;
};

struct pair {
	struct side side[2];
	char what[512]; /* the program, for reports */
	uint64_t sp_low;
};

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

static int64_t service_mix(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct side *s = user;
	uint64_t h = mix(mix(mix(s->services, dpa_hart_pc(hart)), dpa_hart_instret(hart)), dpa_hart_cycles(hart));
	for (int i = 0; i < 6; i++)
		h = mix(h, args[i]);
	s->services = h;
	/* Services write memory and registers while the hart is inside its run. */
	dpa_process_write(dpa_hart_process(hart), DATA_BASE + (args[1] & (DPA_PAGE_SIZE - 8)), &h, sizeof(h));
	dpa_hart_set_reg(hart, 12, h ^ dpa_hart_pc(hart));
	return (int64_t)(h >> 1);
}

static int64_t service_stop(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct side *s = user;
	s->services = mix(mix(s->services, dpa_hart_pc(hart)), args[0]);
	dpa_hart_request_stop(hart, args[0]);
	return 0;
}

static int64_t linux_write(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct side *s = user;
	uint64_t fd = args[0], address = args[1], len = args[2];
	if (fd != 1 && fd != 2)
		return -EBADF;
	if (len == 0)
		return 0;
	const char *src = dpa_process_host_pointer(dpa_hart_process(hart), address, len, false);
	if (src == NULL)
		return -EFAULT;
	if (s->out_len + len > s->out_cap) {
		size_t cap = (s->out_len + len) * 2;
		char *grown = realloc(s->out, cap);
		if (grown == NULL)
			return -ENOMEM;
		s->out = grown;
		s->out_cap = cap;
	}
	memcpy(s->out + s->out_len, src, len);
	s->out_len += len;
	return (int64_t)len;
}

static int64_t linux_exit(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct side *s = user;
	s->exited = true;
	s->status = (int)(args[0] & 0xff);
	dpa_hart_request_stop(hart, args[0]);
	return 0;
}

static int64_t linux_missing(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	(void)args;
	return -ENOSYS;
}

/* MMIO reads see a counter (every access reaches the callback); window lines are a pattern of
 * their offset (the per-hart cache decides when they are read). */
static int aperture_read(struct side *s, bool mmio, uint64_t offset, void *dst, size_t size)
{
	if (offset >= APERTURE_REFUSED)
		return 1;
	uint8_t *bytes = dst;
	uint64_t salt = mmio ? ++s->mmio_reads : 0;
	for (size_t i = 0; i < size; i++)
		bytes[i] = (uint8_t)mix(offset + i, salt);
	s->accesses = mix(mix(mix(s->accesses, mmio), offset), size);
	return 0;
}

static int aperture_write(struct side *s, bool mmio, uint64_t offset, const void *src, size_t size)
{
	if (offset >= APERTURE_REFUSED)
		return 1;
	const uint8_t *bytes = src;
	uint64_t h = mix(mix(mix(s->accesses, mmio + 2), offset), size);
	for (size_t i = 0; i < size; i++)
		h = mix(h, bytes[i]);
	s->accesses = h;
	return 0;
}

static int mmio_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	(void)hart;
	return aperture_read(user, true, offset, dst, size);
}

static int mmio_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	(void)hart;
	return aperture_write(user, true, offset, src, size);
}

static int window_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	(void)hart;
	return aperture_read(user, false, offset, dst, size);
}

static int window_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	(void)hart;
	return aperture_write(user, false, offset, src, size);
}

static const struct dpa_mmio_ops mmio_ops = { mmio_read, mmio_write };
static const struct dpa_mmio_ops window_ops = { window_read, window_write };

/* Opens one side on engine; linux_abi: the Linux calls of dpa-sim-run, else the test services
 * and two apertures. */
static void side_open(struct side *s, enum dpa_engine engine, const void *elf, size_t size, uint64_t watchdog,
		      uint64_t stack, bool linux_abi)
{
	char err[DPA_ERROR_MAX];
	memset(s, 0, sizeof(*s));
	s->image = dpa_image_load(elf, size, err, sizeof(err));
	if (s->image == NULL)
		fail_msg("loading the program: %s", err);
	struct dpa_process_config config = { .memory_size = linux_abi ? 0 : 16u << 20, .watchdog = watchdog };
	s->process = dpa_process_create(s->image, &config, err, sizeof(err));
	if (s->process == NULL)
		fail_msg("creating the process: %s", err);
	assert_int_equal(dpa_process_set_engine(s->process, engine), 0);
	assert_int_equal(dpa_process_engine(s->process), engine);
	if (linux_abi) {
		dpa_process_set_service(s->process, DPA_ECALL_LINUX_WRITE, linux_write, s);
		dpa_process_set_service(s->process, DPA_ECALL_LINUX_EXIT, linux_exit, s);
		dpa_process_set_service(s->process, DPA_ECALL_LINUX_EXIT_GROUP, linux_exit, s);
		dpa_process_set_fallback_service(s->process, linux_missing, s);
	} else {
		dpa_process_set_service(s->process, SERVICE_MIX, service_mix, s);
		dpa_process_set_service(s->process, SERVICE_STOP, service_stop, s);
		assert_int_equal(
			dpa_process_map_aperture(s->process, DPA_REGION_MMIO, APERTURE_SIZE, &mmio_ops, s, &s->mmio),
			0);
		assert_int_equal(dpa_process_map_aperture(s->process, DPA_REGION_WINDOW, APERTURE_SIZE, &window_ops, s,
							  &s->window),
				 0);
	}
	struct dpa_hart_config hconfig = { .stack_size = stack };
	s->hart = dpa_hart_create(s->process, &hconfig);
	assert_non_null(s->hart);
}

static void side_close(struct side *s)
{
	dpa_hart_destroy(s->hart);
	dpa_process_destroy(s->process);
	dpa_image_release(s->image);
	free(s->out);
}

static void pair_open(struct pair *p, const void *elf, size_t size, uint64_t watchdog, uint64_t stack, bool linux_abi)
{
	side_open(&p->side[0], DPA_ENGINE_INTERPRETER, elf, size, watchdog, stack, linux_abi);
	side_open(&p->side[1], DPA_ENGINE_TRANSLATOR, elf, size, watchdog, stack, linux_abi);
	p->sp_low = UINT64_MAX;
}

static void pair_close(struct pair *p)
{
	side_close(&p->side[0]);
	side_close(&p->side[1]);
}

/* ---- Comparing --------------------------------------------------------------------------- */

struct report {
	char text[4096];
	size_t len;
};

static void note(struct report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(struct report *r, const char *fmt, ...)
{
	if (r->len >= sizeof(r->text) - 1)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(r->text + r->len, sizeof(r->text) - r->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		r->len = r->len + (size_t)n < sizeof(r->text) ? r->len + (size_t)n : sizeof(r->text) - 1;
}

#define DIFF_U64(r, name, a, b)                                                                          \
	do {                                                                                             \
		if ((a) != (b))                                                                          \
			note((r), "  %s: interpreter 0x%" PRIx64 ", translator 0x%" PRIx64 "\n", (name), \
			     (uint64_t)(a), (uint64_t)(b));                                              \
	} while (0)

static void diff_fault(struct report *r, const struct dpa_fault *a, const struct dpa_fault *b)
{
	if ((a == NULL) != (b == NULL)) {
		note(r, "  fault: interpreter %s, translator %s\n", a ? dpa_fault_cause_name(a->cause) : "none",
		     b ? dpa_fault_cause_name(b->cause) : "none");
		return;
	}
	if (a == NULL)
		return;
	DIFF_U64(r, "fault cause", a->cause, b->cause);
	DIFF_U64(r, "fault access", a->access, b->access);
	DIFF_U64(r, "fault pc", a->pc, b->pc);
	DIFF_U64(r, "fault address", a->address, b->address);
	DIFF_U64(r, "fault insn", a->insn, b->insn);
	DIFF_U64(r, "fault instret", a->instret, b->instret);
	DIFF_U64(r, "fault cycles", a->cycles, b->cycles);
	for (int i = 0; i < 32; i++) {
		char name[16];
		snprintf(name, sizeof(name), "fault x%d", i);
		DIFF_U64(r, name, a->regs[i], b->regs[i]);
	}
}

/* Writable DPA memory: whole regions, except that a big stack is compared from STACK_WINDOW
 * below the lowest sp seen (every region whole at the end of a run: whole). */
static void diff_memory(struct report *r, const struct pair *p, bool whole)
{
	struct dpa_region_info regions[2][32];
	size_t n[2];
	for (int i = 0; i < 2; i++)
		n[i] = dpa_process_regions(p->side[i].process, regions[i], 32);
	if (n[0] != n[1] || n[0] > 32) {
		note(r, "  regions: interpreter %zu, translator %zu\n", n[0], n[1]);
		return;
	}
	for (size_t k = 0; k < n[0]; k++) {
		const struct dpa_region_info *a = &regions[0][k], *b = &regions[1][k];
		if (a->base != b->base || a->size != b->size || a->kind != b->kind || a->perms != b->perms) {
			note(r,
			     "  region %zu: interpreter 0x%" PRIx64 "+0x%" PRIx64 ", translator 0x%" PRIx64
			     "+0x%" PRIx64 "\n",
			     k, a->base, a->size, b->base, b->size);
			continue;
		}
		if (!(a->perms & DPA_PERM_W) || a->kind == DPA_REGION_MMIO || a->kind == DPA_REGION_WINDOW)
			continue;
		uint64_t lo = a->base, hi = a->base + a->size;
		if (!whole && a->kind == DPA_REGION_STACK && a->size > STACK_WINDOW && p->sp_low > lo + STACK_WINDOW &&
		    p->sp_low <= hi)
			lo = (p->sp_low - STACK_WINDOW) & ~(uint64_t)7;
		const uint8_t *m0 = dpa_process_host_pointer(p->side[0].process, lo, hi - lo, false);
		const uint8_t *m1 = dpa_process_host_pointer(p->side[1].process, lo, hi - lo, false);
		if (m0 == NULL || m1 == NULL || memcmp(m0, m1, hi - lo) == 0)
			continue;
		size_t at = 0;
		while (m0[at] == m1[at])
			at++;
		at &= ~(size_t)7;
		uint64_t w0, w1;
		memcpy(&w0, m0 + at, 8);
		memcpy(&w1, m1 + at, 8);
		note(r, "  memory at 0x%" PRIx64 ": interpreter %016" PRIx64 ", translator %016" PRIx64 "\n", lo + at,
		     w0, w1);
	}
}

static void print_state(const struct side *s, const char *name, enum dpa_stop stop)
{
	const struct dpa_fault *f = dpa_hart_fault(s->hart);
	print_message("%s: stop %d, pc 0x%" PRIx64 ", instret %" PRIu64 ", cycles %" PRIu64 ", stop code 0x%" PRIx64
		      ", fault %s",
		      name, (int)stop, dpa_hart_pc(s->hart), dpa_hart_instret(s->hart), dpa_hart_cycles(s->hart),
		      dpa_hart_stop_code(s->hart), f ? dpa_fault_cause_name(f->cause) : "none");
	if (f != NULL)
		print_message(" (access %d, pc 0x%" PRIx64 ", address 0x%" PRIx64 ")", (int)f->access, f->pc,
			      f->address);
	print_message("\n");
	for (unsigned i = 0; i < 32; i++)
		print_message("  x%-2u %016" PRIx64 "%s", i, dpa_hart_reg(s->hart, i), i % 4 == 3 ? "\n" : "");
}

/* The instructions of the block at pc, decoded as the engine decodes them. */
static void print_block(const struct side *s, uint64_t pc, uint64_t count)
{
	print_message("block at 0x%" PRIx64 " (%" PRIu64 " instructions):\n", pc, count);
	for (uint64_t i = 0; i < count && i < 32; i++) {
		uint16_t half[2] = { 0, 0 };
		if (dpa_process_read(s->process, pc, &half[0], 2) != 0) {
			print_message("  0x%" PRIx64 ": not readable\n", pc);
			return;
		}
		bool hi_valid = dpa_process_read(s->process, pc + 2, &half[1], 2) == 0;
		struct dpa_insn insn;
		dpa_decode(half[0], half[1], hi_valid, &insn);
		uint32_t word = insn.length == 4 ? (uint32_t)half[1] << 16 | half[0] : half[0];
		print_message("  0x%" PRIx64 ": %0*x %s rd=%u rs1=%u rs2=%u imm=%d\n", pc, insn.length * 2, word,
			      kind_names[insn.kind], insn.rd, insn.rs1, insn.rs2, insn.imm);
		pc += insn.length;
	}
}

/* The instructions the block at the hart's pc holds (a run of that budget runs exactly it), or
 * 1 where the pc is not code (the run faults on entry). */
static uint64_t next_block(const struct side *s)
{
	const struct dpa_image *image = dpa_process_image(s->process);
	uint64_t pc = dpa_hart_pc(s->hart), offset = pc - image->code_base;
	if (offset >= image->code_span || (pc & 1))
		return 1;
	return image->ops[offset >> 1].block;
}

/* Whether the block at pc (count instructions) holds an LR. */
static bool block_reserves(const struct side *s, uint64_t pc, uint64_t count)
{
	for (uint64_t i = 0; i < count; i++) {
		uint16_t half[2] = { 0, 0 };
		if (dpa_process_read(s->process, pc, half, 4) != 0)
			return false;
		struct dpa_insn insn;
		dpa_decode(half[0], half[1], 1, &insn);
		if (insn.kind == DPA_K_lr_w || insn.kind == DPA_K_lr_d)
			return true;
		pc += insn.length;
	}
	return false;
}

/* The budget of a block-by-block run: the next block's. A run ends with the hart's reservation
 * (README.md), so a block with an LR runs on with the blocks within 64 instructions after it, or
 * the SC of a retry loop could never succeed. */
static uint64_t block_budget(const struct side *s)
{
	uint64_t count = next_block(s);
	return block_reserves(s, dpa_hart_pc(s->hart), count) ? count + 64 : count;
}

/* Compares both sides after a run from pc with budget; reports and returns false at a
 * difference. */
static bool same(struct pair *p, const enum dpa_stop stop[2], uint64_t pc, uint64_t budget, uint64_t run, bool whole)
{
	struct report r = { .len = 0 };
	const struct side *a = &p->side[0], *b = &p->side[1];
	DIFF_U64(&r, "stop", stop[0], stop[1]);
	DIFF_U64(&r, "pc", dpa_hart_pc(a->hart), dpa_hart_pc(b->hart));
	for (unsigned i = 0; i < 32; i++) {
		char name[8];
		snprintf(name, sizeof(name), "x%u", i);
		DIFF_U64(&r, name, dpa_hart_reg(a->hart, i), dpa_hart_reg(b->hart, i));
	}
	DIFF_U64(&r, "instret", dpa_hart_instret(a->hart), dpa_hart_instret(b->hart));
	DIFF_U64(&r, "cycles", dpa_hart_cycles(a->hart), dpa_hart_cycles(b->hart));
	DIFF_U64(&r, "time", dpa_hart_time_ns(a->hart), dpa_hart_time_ns(b->hart));
	DIFF_U64(&r, "stop code", dpa_hart_stop_code(a->hart), dpa_hart_stop_code(b->hart));
	diff_fault(&r, dpa_hart_fault(a->hart), dpa_hart_fault(b->hart));
	DIFF_U64(&r, "services seen", a->services, b->services);
	DIFF_U64(&r, "aperture accesses", a->accesses, b->accesses);
	DIFF_U64(&r, "window dirty bytes", dpa_hart_window_dirty_bytes(a->hart), dpa_hart_window_dirty_bytes(b->hart));
	DIFF_U64(&r, "memory writebacks", dpa_hart_memory_writebacks(a->hart), dpa_hart_memory_writebacks(b->hart));
	DIFF_U64(&r, "exited", a->exited, b->exited);
	DIFF_U64(&r, "exit status", a->status, b->status);
	if (a->out_len != b->out_len || (a->out_len != 0 && memcmp(a->out, b->out, a->out_len) != 0))
		note(&r, "  output: interpreter %zu bytes, translator %zu bytes, not the same\n", a->out_len,
		     b->out_len);
	diff_memory(&r, p, whole);
	if (r.len == 0)
		return true;
	print_message("ENGINE DIFFERENCE in %s\nrun %" PRIu64 " from pc 0x%" PRIx64 " with budget %" PRIu64 ":\n%s",
		      p->what, run, pc, budget, r.text);
	print_block(a, pc, budget);
	print_state(a, engine_names[0], stop[0]);
	print_state(b, engine_names[1], stop[1]);
	return false;
}

struct totals {
	uint64_t blocks, runs, programs, faults, ends;
	uint64_t fault_causes[DPA_FAULT_STACK_OVERFLOW + 1];
};

static uint64_t rng_next(uint64_t *state)
{
	/* splitmix64: any seed, including 0, gives a full-period sequence */
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Budgets of every scale: below a block (the progress rule), a few blocks, long runs. */
static uint64_t random_budget(uint64_t *rng)
{
	static const uint64_t scales[] = { 1, 4, 16, 64, 256, 4096 };
	return 1 + rng_next(rng) % scales[rng_next(rng) % (sizeof(scales) / sizeof(scales[0]))];
}

/* Runs both sides until the program ends, comparing after every run: block by block (budget
 * 0 here) or with random budgets. false at the first difference. */
static bool pair_run(struct pair *p, bool by_block, uint64_t *rng, uint64_t max_runs, struct totals *t)
{
	for (uint64_t run = 1;; run++) {
		uint64_t pc = dpa_hart_pc(p->side[0].hart);
		uint64_t budget = by_block ? block_budget(&p->side[0]) : random_budget(rng);
		enum dpa_stop stop[2];
		for (int i = 0; i < 2; i++) {
			stop[i] = dpa_hart_run(p->side[i].hart, budget);
			/* Where the stack is in use (programs may use sp for anything else meanwhile). */
			uint64_t sp = dpa_hart_reg(p->side[i].hart, 2), base, size;
			dpa_hart_stack(p->side[i].hart, &base, &size);
			if (sp - base <= size && sp < p->sp_low)
				p->sp_low = sp;
		}
		t->runs++;
		if (by_block)
			t->blocks++;
		bool done = run >= max_runs || (stop[0] != DPA_STOP_BUDGET && stop[0] != DPA_STOP_REQUESTED) ||
			    p->side[0].exited ||
			    (stop[0] == DPA_STOP_REQUESTED && dpa_hart_stop_code(p->side[0].hart) == EXIT_CODE);
		if (!same(p, stop, pc, budget, run, done))
			return false;
		if (done) {
			const struct dpa_fault *f = dpa_hart_fault(p->side[0].hart);
			if (f != NULL) {
				t->faults++;
				t->fault_causes[f->cause]++;
			} else {
				t->ends++;
			}
			return true;
		}
	}
}

/* ---- The random-program generator ---------------------------------------------------------- */

/* Registers the generated code keeps: ra (calls), sp, s0 = data, s1 = read-only data, s2 =
 * data + 0xc00, s3 = MMIO aperture, s4 = window aperture, s9 = the caller's ra, s10 and s11 =
 * loop counters. Random instructions write only the others. */
enum {
	R_RA = 1,
	R_SP = 2,
	R_T0 = 5,
	R_S0 = 8,
	R_S1 = 9,
	R_A0 = 10,
	R_A7 = 17,
	R_S2 = 18,
	R_S3 = 19,
	R_S4 = 20,
	R_S9 = 25,
	R_S10 = 26,
	R_S11 = 27,
};
static const uint8_t free_regs[] = { 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 28, 29, 30, 31 };
#define DATA2_OFFSET 0xc00
#define CODE_LIMIT 7000 /* halfwords of code before the generator stops adding chunks */

static bool is_free(unsigned reg)
{
	for (size_t i = 0; i < sizeof(free_regs); i++)
		if (free_regs[i] == reg)
			return true;
	return false;
}

struct gen {
	struct prog p;
	uint64_t rng;
	unsigned depth; /* nesting of branches and loops */
	bool in_loop;
	unsigned frame; /* bytes of the current frame (a function's or an sp chunk's), 0: none */
	uint64_t functions[6];
	unsigned nfunctions;
};

/* The kinds the generator has emitted, over every program (branch_far and jal_far are what the
 * image makes of branches and jal leaving the code: counted where emitted). */
static bool kinds_emitted[DPA_KIND_COUNT];

static uint64_t rnd(struct gen *g)
{
	return rng_next(&g->rng);
}

static unsigned below(struct gen *g, unsigned n)
{
	return (unsigned)(rnd(g) % n);
}

static bool chance(struct gen *g, unsigned per_mille)
{
	return below(g, 1000) < per_mille;
}

static void note_kind(uint16_t lo, uint16_t hi)
{
	struct dpa_insn insn;
	dpa_decode(lo, hi, 1, &insn);
	kinds_emitted[insn.kind] = true;
}

static void put32(struct gen *g, uint32_t w)
{
	note_kind((uint16_t)w, (uint16_t)(w >> 16));
	emit32(&g->p, w);
}

static void put16(struct gen *g, uint16_t h)
{
	note_kind(h, 0);
	emit16(&g->p, h);
}

static void patch32(struct gen *g, size_t at, uint32_t w)
{
	g->p.h[at] = (uint16_t)w;
	g->p.h[at + 1] = (uint16_t)(w >> 16);
}

static unsigned pick_rd(struct gen *g)
{
	return chance(g, 40) ? 0 : free_regs[below(g, sizeof(free_regs))];
}

static unsigned pick_rs(struct gen *g)
{
	return below(g, 32);
}

static unsigned pick_rvc_free(struct gen *g)
{
	return R_A0 + below(g, 6); /* a0..a5: the free registers an r' field can name */
}

static bool alu_kind(enum dpa_kind kind)
{
	return kind <= DPA_K_bseti;
}

/* A random OP, OP-IMM, OP-32, OP-IMM-32, LUI, AUIPC or FENCE word the engine decodes as a
 * register operation (Zba/Zbb/Zbs included: their funct7/funct6 values are favoured, and the
 * one-operand Zbb forms, whose rs2 field is part of the opcode, are picked from a list). */
static uint32_t random_alu32(struct gen *g)
{
	static const uint8_t f7[] = { 0x00, 0x01, 0x04, 0x05, 0x10, 0x14, 0x20, 0x24, 0x30, 0x34 };
	static const uint8_t f6[] = { 0x00, 0x02, 0x0a, 0x10, 0x12, 0x18, 0x1a };
	static const uint8_t opcodes[] = { 0x13, 0x13, 0x1b, 0x33, 0x33, 0x3b, 0x37, 0x17, 0x0f };
	/* clz ctz cpop sext.b sext.h, clzw ctzw cpopw, rev8 orc.b, zext.h: opcode, funct3, imm[11:0] */
	static const uint32_t unary[][3] = {
		{ 0x13, 1, 0x600 }, { 0x13, 1, 0x601 }, { 0x13, 1, 0x602 }, { 0x13, 1, 0x604 },
		{ 0x13, 1, 0x605 }, { 0x1b, 1, 0x600 }, { 0x1b, 1, 0x601 }, { 0x1b, 1, 0x602 },
		{ 0x13, 5, 0x6b8 }, { 0x13, 5, 0x287 }, { 0x3b, 4, 0x080 },
	};
	if (chance(g, 60)) {
		const uint32_t *u = unary[below(g, sizeof(unary) / sizeof(unary[0]))];
		return rv_i((int32_t)u[2], pick_rs(g), u[1], pick_rd(g), u[0]);
	}
	for (;;) {
		uint32_t op = opcodes[below(g, sizeof(opcodes))];
		uint32_t w = ((uint32_t)rnd(g) & ~0xfffu) | pick_rd(g) << 7 | op;
		uint32_t f3 = (w >> 12) & 7;
		if (op == 0x33 || op == 0x3b)
			w = (w & 0x01ffffffu) | (uint32_t)f7[below(g, sizeof(f7))] << 25;
		else if ((op == 0x13 || op == 0x1b) && (f3 == 1 || f3 == 5))
			w = (w & 0x03ffffffu) | (uint32_t)f6[below(g, sizeof(f6))] << 26;
		if (op == 0x0f)
			w = chance(g, 500) ? 0x0ff0000fu : 0x0000100fu; /* fence, fence.i */
		struct dpa_insn insn;
		dpa_decode((uint16_t)w, (uint16_t)(w >> 16), 1, &insn);
		if (alu_kind((enum dpa_kind)insn.kind))
			return w;
	}
}

/* A random compressed register operation that writes no kept register. */
static uint16_t random_alu16(struct gen *g)
{
	for (;;) {
		uint16_t h = (uint16_t)(((uint16_t)rnd(g) & ~3u) | (1 + below(g, 2)));
		struct dpa_insn insn;
		dpa_decode(h, 0, 0, &insn);
		if (insn.length == 2 && alu_kind((enum dpa_kind)insn.kind) &&
		    (insn.rd == DPA_REG_DISCARD || is_free(insn.rd)))
			return h;
	}
}

static void chunk_alu(struct gen *g)
{
	for (unsigned n = 1 + below(g, 4); n > 0; n--) {
		if (chance(g, 300))
			put16(g, random_alu16(g));
		else
			put32(g, random_alu32(g));
	}
}

/* A base register and an in-bounds offset for an access of size bytes; hazard: misaligned,
 * out of bounds or a store to read-only memory. */
static void pick_address(struct gen *g, unsigned size, bool store, bool hazard, unsigned *base, int32_t *offset)
{
	unsigned r = below(g, 100);
	if (r < 40) {
		*base = R_S0;
		*offset = (int32_t)below(g, 2048);
	} else if (r < 72) {
		*base = R_S2;
		*offset =
			(int32_t)below(g, 2 * (DPA_PAGE_SIZE - DATA2_OFFSET)) - (int32_t)(DPA_PAGE_SIZE - DATA2_OFFSET);
	} else if (r < 82 && !store) {
		*base = R_S1;
		*offset = (int32_t)below(g, 2048);
	} else if (r < 90) {
		*base = R_SP;
		*offset = g->frame ? (int32_t)below(g, g->frame) : -(int32_t)below(g, 256) - 8;
	} else {
		*base = chance(g, 500) ? R_S3 : R_S4;
		*offset = (int32_t)below(g, APERTURE_REFUSED);
	}
	*offset &= ~(int32_t)(size - 1);
	if (!hazard)
		return;
	switch (below(g, 5)) {
	case 0:
	case 1:
		if (size > 1) {
			*offset += 1 + (int32_t)below(g, size - 1);
			break;
		}
		/* A byte is never misaligned: out of bounds instead. */
		__attribute__((fallthrough));
	case 2:
		*base = R_S2;
		*offset = (int32_t)(DPA_PAGE_SIZE - DATA2_OFFSET) + (int32_t)below(g, 512); /* the page after */
		break;
	case 3:
		*base = R_S0;
		*offset = -(int32_t)below(g, 256) - 8;
		break;
	default:
		if (store) {
			*base = R_S1;
			*offset = (int32_t)below(g, 1024);
		} else {
			*base = chance(g, 500) ? R_S3 : R_S4;
			*offset = (int32_t)(APERTURE_REFUSED + below(g, 256)) & ~(int32_t)(size - 1);
		}
		break;
	}
}

static void chunk_memory(struct gen *g)
{
	static const struct {
		uint32_t f3;
		unsigned size;
	} loads[] = { { 0, 1 }, { 1, 2 }, { 2, 4 }, { 3, 8 }, { 4, 1 }, { 5, 2 }, { 6, 4 } };
	bool store = chance(g, 450);
	unsigned k = below(g, store ? 4 : 7);
	uint32_t f3 = store ? k : loads[k].f3;
	unsigned size = store ? 1u << k : loads[k].size;
	unsigned base;
	int32_t offset;
	pick_address(g, size, store, chance(g, 10), &base, &offset);
	unsigned reg = store ? pick_rs(g) : pick_rd(g);
	bool word = size == 4 && (store || f3 == 2), dword = size == 8;
	/* Compressed forms where the operands fit. */
	if ((word || dword) && chance(g, 400)) {
		unsigned scale = word ? 4 : 8;
		bool aligned = offset >= 0 && offset % (int32_t)scale == 0;
		if (base == R_SP && aligned && offset < (word ? 256 : 512) && (store || reg != 0)) {
			put16(g, store ? (word ? rvc_swsp(reg, (uint32_t)offset) : rvc_sdsp(reg, (uint32_t)offset))
				       : (word ? rvc_lwsp(reg, (uint32_t)offset) : rvc_ldsp(reg, (uint32_t)offset)));
			return;
		}
		if ((base == R_S0 || base == R_S1) && aligned && offset < (word ? 128 : 256)) {
			unsigned r = pick_rvc_free(g);
			put16(g,
			      store ? (word ? rvc_sw(r, base, (uint32_t)offset) : rvc_sd(r, base, (uint32_t)offset))
				    : (word ? rvc_lw(r, base, (uint32_t)offset) : rvc_ld(r, base, (uint32_t)offset)));
			return;
		}
	}
	put32(g, store ? rv_s(offset, reg, base, f3, 0x23) : rv_i(offset, base, f3, reg, 0x03));
}

static void chunk_atomic(struct gen *g)
{
	static const uint32_t amos[] = { 0x01, 0x00, 0x04, 0x0c, 0x08, 0x10, 0x14, 0x18, 0x1c };
	bool dword = chance(g, 500);
	unsigned size = dword ? 8 : 4;
	unsigned base;
	int32_t offset;
	pick_address(g, size, true, chance(g, 20), &base, &offset);
	if ((base == R_SP || base == R_S3 || base == R_S4) && !chance(g, 30)) { /* atomics there: rarely */
		base = R_S0;
		offset = (int32_t)below(g, 2048) & ~(int32_t)(size - 1);
	}
	unsigned t = R_T0 + below(g, 3);
	put32(g, ADDI(t, base, offset));
	uint32_t f3 = dword ? 3 : 2, aqrl = below(g, 4);
	switch (below(g, 4)) {
	case 0: /* lr/sc in one block: the store succeeds */
		put32(g, rv_r(0x02 << 2 | aqrl, 0, t, f3, pick_rd(g), 0x2f));
		if (chance(g, 500))
			chunk_alu(g);
		put32(g, rv_r(0x03 << 2 | aqrl, pick_rs(g), t, f3, pick_rd(g), 0x2f));
		break;
	case 1: /* sc alone: no reservation */
		put32(g, rv_r(0x03 << 2 | aqrl, pick_rs(g), t, f3, pick_rd(g), 0x2f));
		break;
	default:
		put32(g, rv_r(amos[below(g, sizeof(amos) / sizeof(amos[0]))] << 2 | aqrl, pick_rs(g), t, f3, pick_rd(g),
			      0x2f));
		break;
	}
}

static void chunk_counters(struct gen *g)
{
	static const uint32_t f3s[] = { 2, 3, 6, 7 }; /* csrrs, csrrc, csrrsi, csrrci with nothing to set */
	put32(g, rv_i((int32_t)(0xc00 + below(g, 3)), 0, f3s[below(g, 4)], pick_rd(g), 0x73));
}

static void load_a7(struct gen *g, uint32_t number)
{
	if (number < 2048) {
		put32(g, LI(R_A7, (int32_t)number));
	} else {
		put32(g, LUI(R_A7, number & ~0xfffu));
		put32(g, ADDI(R_A7, R_A7, (int32_t)(number & 0xfff)));
	}
}

static void chunk_ecall(struct gen *g)
{
	unsigned r = below(g, 100);
	uint32_t number = r < 70   ? SERVICE_MIX
			  : r < 76 ? DPA_ECALL_FENCE
			  : r < 82 ? DPA_ECALL_MEMORY_WRITEBACK
			  : r < 88 ? DPA_ECALL_WINDOW_WRITEBACK
			  : r < 94 ? DPA_ECALL_WINDOW_INVALIDATE
			  : r < 99 ? SERVICE_STOP
				   : SERVICE_NONE;
	load_a7(g, number);
	put32(g, ECALL);
}

static void chunk(struct gen *g);

/* Forward branch over 1..4 chunks (compressed: over a short one). */
static void chunk_branch(struct gen *g)
{
	static const uint32_t f3s[] = { 0, 1, 4, 5, 6, 7 };
	size_t at = g->p.n;
	g->depth++;
	if (chance(g, 250)) {
		unsigned rs1 = pick_rvc_free(g);
		bool bnez = chance(g, 500);
		emit16(&g->p, 0);
		chunk_alu(g);
		int32_t offset = (int32_t)(g->p.n - at) * 2;
		g->p.h[at] = bnez ? rvc_bnez(rs1, offset) : rvc_beqz(rs1, offset);
		note_kind(g->p.h[at], 0);
	} else {
		uint32_t f3 = f3s[below(g, 6)];
		unsigned rs1 = pick_rs(g), rs2 = pick_rs(g);
		emit32(&g->p, 0);
		for (unsigned n = 1 + below(g, 4); n > 0 && g->p.n < CODE_LIMIT; n--)
			chunk(g);
		uint32_t w = rv_b((int32_t)(g->p.n - at) * 2, rs2, rs1, f3);
		patch32(g, at, w);
		note_kind((uint16_t)w, (uint16_t)(w >> 16));
	}
	g->depth--;
}

/* A counted loop: s11 = 1..16, body of 1..3 chunks, backward branch. */
static void chunk_loop(struct gen *g)
{
	put32(g, LI(R_S11, 1 + (int32_t)below(g, 16)));
	size_t top = g->p.n;
	g->in_loop = true;
	g->depth++;
	for (unsigned n = 1 + below(g, 3); n > 0 && g->p.n < CODE_LIMIT; n--)
		chunk(g);
	g->depth--;
	g->in_loop = false;
	put32(g, ADDI(R_S11, R_S11, -1));
	put32(g, BNE(R_S11, 0, -(int32_t)(g->p.n - top) * 2));
}

/* A call of a generated function: jal, auipc + jalr (sometimes to the odd address next to it,
 * which jalr rounds down) or c.jalr. */
static void chunk_call(struct gen *g)
{
	uint64_t f = g->functions[below(g, g->nfunctions)];
	unsigned r = below(g, 3);
	if (r == 0) {
		put32(g, JAL(R_RA, (int32_t)(f - prog_pc(&g->p))));
		return;
	}
	unsigned t = R_T0 + below(g, 3);
	int64_t offset = (int64_t)(f - prog_pc(&g->p));
	int64_t hi = (offset + 0x800) & ~0xfffll;
	put32(g, AUIPC(t, (uint32_t)hi));
	put32(g, ADDI(t, t, (int32_t)(offset - hi) + (chance(g, 200) ? 1 : 0)));
	if (r == 1)
		put32(g, JALR(R_RA, t, 0));
	else
		put16(g, RVC_JALR(t));
}

/* sp moves down by a frame, accesses go into it, sp moves back. */
static void chunk_stack(struct gen *g)
{
	unsigned saved = g->frame;
	int32_t size = 16 * (1 + (int32_t)below(g, 16));
	if (chance(g, 500))
		put16(g, rvc_addi16sp(-size));
	else
		put32(g, ADDI(R_SP, R_SP, -size));
	g->frame = (unsigned)size;
	for (unsigned n = 1 + below(g, 3); n > 0; n--)
		chunk_memory(g);
	if (chance(g, 300))
		put16(g, rvc_addi4spn(pick_rvc_free(g), 4 * (1 + below(g, 255))));
	g->frame = saved;
	if (chance(g, 500))
		put16(g, rvc_addi16sp(size));
	else
		put32(g, ADDI(R_SP, R_SP, size));
}

/* Rare instructions that end the program (or may): traps, illegal encodings, jumps out of the
 * code or into the middle of it, sp set anywhere. */
static void chunk_hazard(struct gen *g)
{
	static const uint32_t illegal32[] = {
		0xffffffffu,
		0xc0001073u /* csrrw x0, cycle */,
		0x00000053u /* fadd.s */,
		0x1005a52fu /* lr.w with rs2 */,
		0x0005c52fu /* amo with width 4 */,
		0x30200073u /* mret */,
	};
	uint64_t pc = prog_pc(&g->p);
	switch (below(g, 8)) {
	case 0:
		if (chance(g, 500))
			put32(g, EBREAK);
		else
			put16(g, RVC_EBREAK);
		break;
	case 1:
		if (chance(g, 300))
			put16(g, 0); /* c.illegal */
		else
			put32(g, illegal32[below(g, sizeof(illegal32) / sizeof(illegal32[0]))]);
		break;
	case 2: /* through a register: most values are no code */
		put32(g, JALR(chance(g, 500) ? R_RA : 0, pick_rs(g), (int32_t)below(g, 64) - 32));
		break;
	case 3: /* jal below the code: the image makes it jal_far */
		put32(g, JAL(chance(g, 500) ? R_RA : 0, -(int32_t)(pc - CODE_BASE) - 2 * (int32_t)(1 + below(g, 64))));
		kinds_emitted[DPA_K_jal_far] = true;
		break;
	case 4: /* a branch below the code (branch_far), where one reaches: taken or not */
		if (pc - CODE_BASE < 4000) {
			put32(g, rv_b(-(int32_t)(pc - CODE_BASE) - 2 * (int32_t)(1 + below(g, 32)), pick_rs(g),
				      pick_rs(g), chance(g, 500) ? 0 : 1));
			kinds_emitted[DPA_K_branch_far] = true;
		}
		break;
	case 5: { /* into the code emitted so far, at any halfword */
		unsigned t = R_T0 + below(g, 3);
		int64_t offset = -2 * (int64_t)below(g, (unsigned)g->p.n + 1);
		int64_t hi = (offset + 0x800) & ~0xfffll;
		put32(g, AUIPC(t, (uint32_t)hi));
		put32(g, ADDI(t, t, (int32_t)(offset - hi)));
		put32(g, JALR(0, t, 0));
		break;
	}
	case 6: /* sp anywhere: a call's stack check refuses most */
		if (chance(g, 500))
			put32(g, ADDI(R_SP, pick_rs(g), 0));
		else
			put32(g, ADDI(R_SP, R_SP, (int32_t)below(g, 4096) - 2048));
		break;
	default: /* the fetch of a misaligned target */
		put32(g, JALR(0, R_S0, 1));
		break;
	}
}

static void chunk(struct gen *g)
{
	unsigned r = below(g, 1000);
	if (r < 994 && g->depth > 2) /* no deeper nesting: plain chunks */
		r %= 530;
	if (r < 280)
		chunk_alu(g);
	else if (r < 480)
		chunk_memory(g);
	else if (r < 530)
		chunk_atomic(g);
	else if (r < 620)
		chunk_branch(g);
	else if (r < 660 && !g->in_loop)
		chunk_loop(g);
	else if (r < 720 && g->nfunctions > 0 && g->frame == 0)
		chunk_call(g);
	else if (r < 760)
		chunk_counters(g);
	else if (r < 810)
		chunk_ecall(g);
	else if (r < 850 && g->frame == 0)
		chunk_stack(g);
	else if (r < 994)
		chunk_alu(g);
	else
		chunk_hazard(g);
}

/* A leaf function: a frame, chunks (no calls, no loops), return. */
static void function(struct gen *g)
{
	g->functions[g->nfunctions++] = prog_pc(&g->p);
	int32_t frame = 16 * (1 + (int32_t)below(g, 16));
	put32(g, ADDI(R_SP, R_SP, -frame));
	g->frame = (unsigned)frame;
	g->in_loop = true; /* no loops in functions: s11 belongs to the caller */
	for (unsigned n = 1 + below(g, 6); n > 0; n--)
		chunk(g);
	g->in_loop = false;
	g->frame = 0;
	put32(g, ADDI(R_SP, R_SP, frame));
	if (chance(g, 500))
		put16(g, RVC_JR(R_RA));
	else
		put32(g, RET);
}

struct program {
	struct gen g;
	uint64_t entry;
	bool call; /* run as a call (sp held to the stack), else as an entry */
	uint64_t regs[32];
	uint8_t rodata[DPA_PAGE_SIZE], data[DPA_PAGE_SIZE];
};

static uint64_t interesting_value(struct gen *g)
{
	static const uint64_t values[] = { 0,
					   1,
					   2,
					   UINT64_MAX,
					   0x8000000000000000ull,
					   0x7fffffffffffffffull,
					   0x80000000ull,
					   0xffffffff80000000ull,
					   0x7fffffffull,
					   63,
					   64,
					   31,
					   32 };
	switch (below(g, 4)) {
	case 0:
		return values[below(g, sizeof(values) / sizeof(values[0]))];
	case 1:
		return DATA_BASE + (below(g, DPA_PAGE_SIZE) & ~7u);
	case 2:
		return (uint64_t)(int64_t)(int32_t)rnd(g);
	default:
		return rnd(g);
	}
}

static void generate(struct program *pr, uint64_t seed)
{
	struct gen *g = &pr->g;
	memset(pr, 0, sizeof(*pr));
	g->rng = seed;
	for (unsigned n = below(g, 6); n > 0; n--)
		function(g);
	pr->entry = prog_pc(&g->p);
	pr->call = chance(g, 700);
	put32(g, ADDI(R_S9, R_RA, 0));
	put32(g, LI(R_S10, 1 + (int32_t)below(g, 20)));
	size_t outer = g->p.n;
	for (unsigned n = 10 + below(g, 60); n > 0 && g->p.n < CODE_LIMIT; n--)
		chunk(g);
	put32(g, ADDI(R_S10, R_S10, -1));
	put32(g, BEQ(R_S10, 0, 8));
	put32(g, JAL(0, -(int32_t)(g->p.n - outer) * 2));
	if (pr->call) {
		put32(g, ADDI(R_RA, R_S9, 0));
		put32(g, RET);
	} else {
		put32(g, LI(R_A0, (int32_t)EXIT_CODE));
		load_a7(g, SERVICE_STOP);
		put32(g, ECALL);
	}
	for (unsigned i = 1; i < 32; i++)
		pr->regs[i] = interesting_value(g);
	for (size_t i = 0; i < sizeof(pr->data); i++) {
		pr->data[i] = (uint8_t)rnd(g);
		pr->rodata[i] = (uint8_t)rnd(g);
	}
}

/* Loads the program on both sides with identical registers and starts its activation. */
static void program_start(struct pair *p, const struct program *pr, const uint8_t *elf, size_t size)
{
	pair_open(p, elf, size, 200000, DPA_PAGE_SIZE, false);
	for (int i = 0; i < 2; i++) {
		struct side *s = &p->side[i];
		assert_int_equal(s->mmio, p->side[0].mmio);
		assert_int_equal(s->window, p->side[0].window);
		for (unsigned r = 1; r < 32; r++)
			dpa_hart_set_reg(s->hart, r, pr->regs[r]);
		dpa_hart_set_reg(s->hart, R_S0, DATA_BASE);
		dpa_hart_set_reg(s->hart, R_S1, RODATA_BASE);
		dpa_hart_set_reg(s->hart, R_S2, DATA_BASE + DATA2_OFFSET);
		dpa_hart_set_reg(s->hart, R_S3, s->mmio);
		dpa_hart_set_reg(s->hart, R_S4, s->window);
		if (pr->call) {
			assert_int_equal(dpa_hart_prepare_call(s->hart, pr->entry, NULL, 0), 0);
		} else {
			uint64_t base, stack;
			dpa_hart_stack(s->hart, &base, &stack);
			dpa_hart_set_reg(s->hart, R_SP, base + stack - 16 * (pr->regs[R_SP] % 16));
			assert_int_equal(dpa_hart_prepare_entry(s->hart, pr->entry), 0);
		}
	}
}

static uint64_t env_u64(const char *name, uint64_t fallback)
{
	const char *value = getenv(name);
	if (value == NULL || *value == 0)
		return fallback;
	char *end;
	errno = 0;
	uint64_t v = strtoull(value, &end, 0);
	if (errno != 0 || *end != 0)
		fail_msg("%s='%s' is not a number", name, value);
	return v;
}

/* The generator, at least DPA_DIFF_BLOCKS blocks, each program block by block and again with
 * random budgets. */
static void test_random_programs(void **state)
{
	(void)state;
	uint64_t target = env_u64("DPA_DIFF_BLOCKS", 1000000);
	uint64_t seed = env_u64("DPA_DIFF_SEED", 22);
	uint64_t only = env_u64("DPA_DIFF_PROGRAM", UINT64_MAX);
	struct program *pr = malloc(sizeof(*pr));
	assert_non_null(pr);
	struct totals t = { 0 };
	uint64_t random_runs = 0;
	for (uint64_t index = only == UINT64_MAX ? 0 : only; t.blocks < target; index++) {
		generate(pr, seed * 0x100000001b3ull + index);
		struct test_segment segs[3] = {
			{ .vaddr = CODE_BASE,
			  .flags = 5,
			  .data = pr->g.p.h,
			  .filesz = pr->g.p.n * 2,
			  .memsz = pr->g.p.n * 2 },
			{ .vaddr = RODATA_BASE,
			  .flags = 4,
			  .data = pr->rodata,
			  .filesz = DPA_PAGE_SIZE,
			  .memsz = DPA_PAGE_SIZE },
			{ .vaddr = DATA_BASE,
			  .flags = 6,
			  .data = pr->data,
			  .filesz = DPA_PAGE_SIZE,
			  .memsz = DPA_PAGE_SIZE },
		};
		struct test_symbol sym = { "main", pr->entry, 4, 1 };
		uint8_t *elf;
		size_t size = test_elf_build(&elf, pr->entry, segs, 3, &sym, 1);
		for (int by_block = 1; by_block >= 0; by_block--) {
			struct pair p;
			program_start(&p, pr, elf, size);
			snprintf(p.what, sizeof(p.what),
				 "generated program %" PRIu64
				 " (%s, %zu bytes of code; reproduce with DPA_DIFF_SEED=%" PRIu64
				 " DPA_DIFF_PROGRAM=%" PRIu64 " DPA_DIFF_BLOCKS=1), %s",
				 index, pr->call ? "call" : "entry", pr->g.p.n * 2, seed, index,
				 by_block ? "block by block" : "random budgets");
			uint64_t rng = seed ^ index, runs = t.runs;
			bool ok = pair_run(&p, by_block, &rng, 10000000, &t);
			if (!by_block)
				random_runs += t.runs - runs;
			pair_close(&p);
			if (!ok) {
				free(elf);
				free(pr);
				fail_msg("the engines differ (see above)");
			}
		}
		free(elf);
		t.programs++;
		if (only != UINT64_MAX)
			break;
	}
	free(pr);
	print_message("%" PRIu64 " programs, %" PRIu64 " blocks compared one by one, %" PRIu64
		      " runs of random budgets; %" PRIu64 " runs ended, %" PRIu64 " faulted (",
		      t.programs, t.blocks, random_runs, t.ends, t.faults);
	for (int c = 1; c <= DPA_FAULT_STACK_OVERFLOW; c++)
		if (t.fault_causes[c] != 0)
			print_message("%s %" PRIu64 "%s", dpa_fault_cause_name((enum dpa_fault_cause)c),
				      t.fault_causes[c], c < DPA_FAULT_STACK_OVERFLOW ? "; " : "");
	print_message(")\n");
	/* The generator must reach every kind the engines know (a fetch fault needs code running
	 * off the end of its pages, which a generated program never does), else it has gone blind. */
	if (only == UINT64_MAX && target >= 100000) {
		for (int k = 0; k < DPA_KIND_COUNT; k++)
			if (k != DPA_K_fetch_fault && !kinds_emitted[k])
				fail_msg("the generator never emitted %s", kind_names[k]);
	}
}

/* The compressed encoders the generator uses decode to what they claim. */
static void test_rvc_encoders(void **state)
{
	(void)state;
	const struct {
		uint16_t h;
		enum dpa_kind kind;
		unsigned rd, rs1, rs2; /* 0: not checked (rd, rs2) */
		int32_t imm;
	} cases[] = {
		{ rvc_lw(10, 8, 124), DPA_K_lw, 10, 8, 0, 124 },
		{ rvc_ld(11, 9, 248), DPA_K_ld, 11, 9, 0, 248 },
		{ rvc_sw(12, 8, 68), DPA_K_sw, 0, 8, 12, 68 },
		{ rvc_sd(15, 9, 136), DPA_K_sd, 0, 9, 15, 136 },
		{ rvc_lwsp(5, 252), DPA_K_lw, 5, 2, 0, 252 },
		{ rvc_ldsp(6, 504), DPA_K_ld, 6, 2, 0, 504 },
		{ rvc_swsp(7, 188), DPA_K_sw, 0, 2, 7, 188 },
		{ rvc_sdsp(30, 456), DPA_K_sd, 0, 2, 30, 456 },
		{ rvc_addi16sp(-496), DPA_K_addi, 2, 2, 0, -496 },
		{ rvc_addi4spn(13, 1020), DPA_K_addi, 13, 2, 0, 1020 },
		{ rvc_beqz(10, -256), DPA_K_beq, 0, 10, 0, -256 },
		{ rvc_bnez(15, 254), DPA_K_bne, 0, 15, 0, 254 },
		{ rvc_j(-2048), DPA_K_jal, 0, 0, 0, -2048 },
		{ rvc_addi(7, -32), DPA_K_addi, 7, 7, 0, -32 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct dpa_insn insn;
		dpa_decode(cases[i].h, 0, 0, &insn);
		assert_string_equal(kind_names[insn.kind], kind_names[cases[i].kind]);
		assert_int_equal(insn.length, 2);
		if (cases[i].rd != 0)
			assert_int_equal(insn.rd, cases[i].rd);
		assert_int_equal(insn.rs1, cases[i].rs1);
		if (cases[i].rs2 != 0)
			assert_int_equal(insn.rs2, cases[i].rs2);
		assert_int_equal(insn.imm, cases[i].imm);
	}
}

/* ---- The engine's test ELFs ------------------------------------------------------------------ */

static const char *elf_list_path;

static void *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	long len = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = len > 0 ? malloc((size_t)len) : NULL;
	if (buf != NULL && fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*size = (size_t)len;
	return buf;
}

/* One line of the list: watchdog, ELF, arguments, separated by tabs (an argument may be
 * empty). */
static void run_elf_line(char *line, struct totals *t, uint64_t *rng)
{
	char *argv[64];
	int argc = 0;
	char *watchdog_text = line, *field = strchr(line, '\t');
	while (field != NULL && argc < 64) {
		*field++ = 0;
		argv[argc++] = field;
		field = strchr(field, '\t');
	}
	if (argc == 0)
		fail_msg("bad line in %s", elf_list_path);
	size_t size = 0;
	void *elf = read_file(argv[0], &size);
	if (elf == NULL)
		fail_msg("cannot read %s (build the tests first)", argv[0]);
	for (int by_block = 1; by_block >= 0; by_block--) {
		struct pair p;
		pair_open(&p, elf, size, strtoull(watchdog_text, NULL, 0), ELF_STACK, true);
		int n = snprintf(p.what, sizeof(p.what), "%s", argv[0]);
		for (int i = 1; i < argc && n > 0 && (size_t)n < sizeof(p.what); i++)
			n += snprintf(p.what + n, sizeof(p.what) - (size_t)n, " '%s'", argv[i]);
		snprintf(p.what + strlen(p.what), sizeof(p.what) - strlen(p.what), ", %s",
			 by_block ? "block by block" : "random budgets");
		for (int i = 0; i < 2; i++) {
			struct side *s = &p.side[i];
			assert_int_equal(dpa_hart_linux_stack(s->hart, argc, argv), 0);
			dpa_hart_set_reg(s->hart, R_RA, 0);
			assert_int_equal(dpa_hart_prepare_entry(s->hart, dpa_image_entry(s->image)), 0);
		}
		bool ok = pair_run(&p, by_block, rng, UINT64_MAX, t);
		bool ended = p.side[0].exited || dpa_hart_fault(p.side[0].hart) != NULL;
		pair_close(&p);
		if (!ok) {
			free(elf);
			fail_msg("the engines differ (see above)");
		}
		if (!ended) {
			free(elf);
			fail_msg("%s neither exited nor faulted", argv[0]);
		}
	}
	free(elf);
	t->programs++;
}

static void test_elf_files(void **state)
{
	(void)state;
	FILE *list = fopen(elf_list_path, "r");
	if (list == NULL)
		fail_msg("cannot open %s", elf_list_path);
	struct totals t = { 0 };
	uint64_t rng = env_u64("DPA_DIFF_SEED", 22);
	char line[4096];
	while (fgets(line, sizeof(line), list) != NULL) {
		line[strcspn(line, "\n")] = 0;
		if (line[0] != 0)
			run_elf_line(line, &t, &rng);
	}
	fclose(list);
	print_message("%" PRIu64 " program runs, %" PRIu64 " blocks compared one by one, %" PRIu64 " runs in all\n",
		      t.programs, t.blocks, t.runs);
	assert_true(t.programs > 0);
}

/* Exit status 77, which ctest reports as a skip (SKIP_RETURN_CODE), where the host has no
 * translator: comparing the interpreter with itself would pass without proving anything. */
int main(int argc, char **argv)
{
	if (!dpa_engine_translator_available()) {
		printf("SKIPPED: no translator on this host, nothing to compare the interpreter with\n");
		return 77;
	}
	if (argc == 3 && strcmp(argv[1], "--elf-list") == 0) {
		elf_list_path = argv[2];
		const struct CMUnitTest elf_tests[] = { cmocka_unit_test(test_elf_files) };
		return cmocka_run_group_tests(elf_tests, NULL, NULL);
	}
	if (argc != 1) {
		fprintf(stderr, "usage: %s [--elf-list FILE]\n", argv[0]);
		return 2;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rvc_encoders),
		cmocka_unit_test(test_random_programs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
