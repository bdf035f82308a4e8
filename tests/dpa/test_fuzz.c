/*
 * Bounded deterministic fuzzing (fixed seeds): the loader on mutated valid ELFs and random
 * bytes, and the interpreter on random instruction words with a small watchdog. Passing means
 * no crash, hang or leak (under the sanitizers) and only the documented outcomes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static size_t valid_elf(uint8_t **out)
{
	static const uint32_t code[] = { 0x00a50533, 0x00008067, 0x00000013, 0x0000006f };
	struct test_segment segs[2] = {
		{ .vaddr = CODE_BASE, .flags = 5, .data = code, .filesz = sizeof(code), .memsz = 64 },
		{ .vaddr = DATA_BASE, .flags = 6, .data = code, .filesz = 8, .memsz = 0x3000 },
	};
	struct test_symbol syms[2] = { { "f", CODE_BASE, 8, 1 }, { "g", DATA_BASE, 8, 0 } };
	return test_elf_build(out, CODE_BASE, segs, 2, syms, 2);
}

static int try_load(const uint8_t *bytes, size_t size)
{
	char err[DPA_ERROR_MAX];
	struct dpa_image *image = dpa_image_load(bytes, size, err, sizeof(err));
	if (image == NULL) {
		assert_true(strlen(err) > 0);
		return 0;
	}
	/* whatever loaded must also build a process and run (briefly) from its entry */
	struct dpa_process_config config = { .memory_size = 64 << 20, .watchdog = 1000 };
	struct dpa_process *process = dpa_process_create(image, &config, err, sizeof(err));
	if (process != NULL) {
		struct dpa_hart *hart = dpa_hart_create(process, NULL);
		if (hart != NULL) {
			dpa_hart_call(hart, dpa_image_entry(image), NULL, 0, NULL);
			dpa_hart_destroy(hart);
		}
		dpa_process_destroy(process);
	}
	uint64_t a;
	dpa_image_symbol(image, "f", &a, NULL);
	dpa_image_release(image);
	return 1;
}

static void test_loader_fuzz(void **state)
{
	(void)state;
	uint8_t *elf;
	size_t size = valid_elf(&elf);
	uint8_t *m = malloc(size + 64);
	rng_state = 0x9e3779b97f4a7c15ull;
	int loaded = 0;
	for (int iter = 0; iter < 20000; iter++) {
		memcpy(m, elf, size);
		size_t len = size;
		unsigned edits = 1 + (unsigned)(rnd() % 8);
		for (unsigned e = 0; e < edits; e++) {
			/* most edits hit the headers, where the decisions are */
			size_t at = (rnd() & 3) ? rnd() % 256 : rnd() % size;
			switch (rnd() % 5) {
			case 0:
				m[at] = (uint8_t)rnd();
				break;
			case 1:
				m[at] ^= (uint8_t)(1u << (rnd() % 8));
				break;
			case 2:
				if (at + 8 <= size) {
					uint64_t v = rnd();
					memcpy(m + at, &v, 8);
				}
				break;
			case 3:
				if (at + 8 <= size) {
					uint64_t v = rnd() % 0x100000;
					memcpy(m + at, &v, 8);
				}
				break;
			default:
				len = rnd() % (size + 1);
				break;
			}
		}
		loaded += try_load(m, len);
	}
	assert_true(loaded > 100); /* the mutations also reach the process and the interpreter */
	for (int iter = 0; iter < 2000; iter++) {
		size_t len = rnd() % (size + 64);
		for (size_t i = 0; i < len; i++)
			m[i] = (uint8_t)rnd();
		if (len >= 4 && (rnd() & 1))
			memcpy(m, "\177ELF\002\001\001", len < 7 ? len : 7);
		try_load(m, len);
	}
	free(m);
	free(elf);
}

/* Random code: every outcome must be a clean stop with a sane record. */
static void test_instruction_fuzz(void **state)
{
	(void)state;
	rng_state = 0x2545f4914f6cdd1dull;
	unsigned outcomes[5] = { 0 };
	for (int iter = 0; iter < 3000; iter++) {
		struct prog p = { .n = 0 };
		struct guest g;
		unsigned n = 8 + (unsigned)(rnd() % 56);
		for (unsigned i = 0; i < n; i++) {
			uint32_t w = (uint32_t)rnd();
			if (rnd() & 1) /* bias towards valid major opcodes */
				w = (w & ~0x7fu) |
				    (uint32_t)((const uint8_t[]){ 0x13, 0x33, 0x03, 0x23, 0x63, 0x6f, 0x67, 0x1b, 0x3b,
								  0x2f, 0x37, 0x17, 0x73, 0x0f })[rnd() % 14];
			if ((rnd() & 3) == 0)
				emit16(&p, (uint16_t)w);
			else
				emit32(&p, w);
		}
		assert_int_equal(guest_open(&g, &p, 5000), 0);
		uint64_t args[8];
		for (int i = 0; i < 8; i++)
			args[i] = (rnd() & 1) ? DATA_BASE + (rnd() % DATA_SIZE) : rnd();
		dpa_process_set_service(g.process, 64, NULL, NULL);
		enum dpa_stop stop = guest_call(&g, 0, args, 8, NULL);
		assert_true(stop == DPA_STOP_RETURNED || stop == DPA_STOP_FAULT);
		outcomes[stop]++;
		if (stop == DPA_STOP_FAULT) {
			const struct dpa_fault *f = dpa_hart_fault(g.hart);
			assert_non_null(f);
			assert_true(f->cause > DPA_FAULT_NONE && f->cause <= DPA_FAULT_STACK_OVERFLOW);
			assert_true(f->instret <= 5000);
			assert_int_equal(f->regs[0], 0);
		}
		guest_close(&g);
	}
	assert_true(outcomes[DPA_STOP_FAULT] > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loader_fuzz),
		cmocka_unit_test(test_instruction_fuzz),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
