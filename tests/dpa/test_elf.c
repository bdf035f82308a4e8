/* The loader: a valid image and a catalogue of malformed ones. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

static const uint32_t code_words[] = { 0x00a50533 /* add a0,a0,a0 */, 0x00008067 /* ret */ };

/* A valid two-segment ELF with symbols "twice" and "data". */
static size_t valid_elf(uint8_t **out)
{
	struct test_segment segs[2] = {
		{ .vaddr = CODE_BASE, .flags = 5, .data = code_words, .filesz = 8, .memsz = 8 },
		{ .vaddr = DATA_BASE, .flags = 6, .data = code_words, .filesz = 8, .memsz = 0x3000 },
	};
	struct test_symbol syms[2] = { { "twice", CODE_BASE, 8, 1 }, { "data", DATA_BASE, 8, 0 } };
	return test_elf_build(out, CODE_BASE, segs, 2, syms, 2);
}

static void expect_error(const uint8_t *elf, size_t size, const char *fragment)
{
	char err[DPA_ERROR_MAX];
	struct dpa_image *image = dpa_image_load(elf, size, err, sizeof(err));
	if (image != NULL) {
		dpa_image_release(image);
		fail_msg("loaded an ELF that should fail with '%s'", fragment);
	}
	if (strstr(err, fragment) == NULL)
		fail_msg("error '%s' does not mention '%s'", err, fragment);
}

/* Offsets in our ELF64 layout. */
enum {
	E_TYPE = 16,
	E_MACHINE = 18,
	E_ENTRY = 24,
	E_PHOFF = 32,
	E_SHOFF = 40,
	E_FLAGS = 48,
	E_PHENTSIZE = 54,
	E_PHNUM = 56,
	PH0 = 64,
	PH_SIZE = 56,
	P_FLAGS = 4,
	P_OFFSET = 8,
	P_VADDR = 16,
	P_FILESZ = 32,
	P_MEMSZ = 40,
	P_ALIGN = 48
};

static void put16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, 2);
}
static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}
static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/* The thread-local template is read from PT_TLS; a hostile one is refused. */
static void test_tls(void **state)
{
	(void)state;
	uint8_t *elf;
	size_t size = valid_elf(&elf);
	char err[DPA_ERROR_MAX];
	put32(elf + PH0 + PH_SIZE, 7 /* PT_TLS */);
	struct dpa_image *image = dpa_image_load(elf, size, err, sizeof(err));
	assert_non_null(image);
	const struct dpa_tls *tls = dpa_image_tls(image);
	assert_int_equal(tls->filesz, 8);
	assert_int_equal(tls->memsz, 0x3000);
	assert_memory_equal(tls->template_data, code_words, 8);
	dpa_image_release(image);
	assert_null(dpa_image_tls(NULL));

	put64(elf + PH0 + PH_SIZE + P_MEMSZ, 1ull << 40);
	expect_error(elf, size, "thread-local storage");
	put64(elf + PH0 + PH_SIZE + P_MEMSZ, 0x3000);
	put64(elf + PH0 + PH_SIZE + P_OFFSET, size);
	expect_error(elf, size, "thread-local data outside the file");
	free(elf);
}

static void test_valid(void **state)
{
	(void)state;
	uint8_t *elf;
	size_t size = valid_elf(&elf);
	char err[DPA_ERROR_MAX];
	struct dpa_image *image = dpa_image_load(elf, size, err, sizeof(err));
	assert_non_null(image);
	assert_int_equal(dpa_image_entry(image), CODE_BASE);
	uint64_t a = 0, s = 0;
	assert_int_equal(dpa_image_symbol(image, "twice", &a, &s), 0);
	assert_int_equal(a, CODE_BASE);
	assert_int_equal(s, 8);
	assert_int_equal(dpa_image_symbol(image, "data", &a, NULL), 0);
	assert_int_equal(a, DATA_BASE);
	assert_int_equal(dpa_image_symbol(image, "", &a, NULL), -ENOENT);
	assert_int_equal(dpa_image_symbol(NULL, "twice", &a, NULL), -EINVAL);
	/* and back from an address: a symbol's name, none between symbols */
	assert_string_equal(dpa_image_symbol_name(image, CODE_BASE), "twice");
	assert_string_equal(dpa_image_symbol_name(image, DATA_BASE), "data");
	assert_null(dpa_image_symbol_name(image, CODE_BASE + 4));
	assert_null(dpa_image_symbol_name(NULL, CODE_BASE));
	struct dpa_process *process = dpa_process_create(image, NULL, err, sizeof(err));
	assert_non_null(process);
	struct dpa_hart *hart = dpa_hart_create(process, NULL);
	uint64_t arg = 21, r = 0, data = 0;
	assert_int_equal(dpa_hart_call(hart, CODE_BASE, &arg, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 42);
	/* file bytes then zeroes up to memsz */
	assert_int_equal(dpa_process_read(process, DATA_BASE, &data, 8), 0);
	assert_memory_equal(&data, code_words, 8);
	assert_int_equal(dpa_process_read(process, DATA_BASE + 0x2ff8, &data, 8), 0);
	assert_int_equal(data, 0);
	assert_int_equal(dpa_process_destroy(process), -EBUSY);
	dpa_hart_destroy(hart);
	assert_int_equal(dpa_process_destroy(process), 0);
	/* memory too small for the image */
	struct dpa_process_config tiny = { .memory_size = 4096 };
	assert_null(dpa_process_create(image, &tiny, err, sizeof(err)));
	struct dpa_process_config huge = { .memory_size = 1ull << 40 };
	assert_null(dpa_process_create(image, &huge, err, sizeof(err)));
	dpa_image_release(image);
	free(elf);
}

static void test_malformed(void **state)
{
	(void)state;
	uint8_t *elf, *m;
	size_t size = valid_elf(&elf);
	m = malloc(size);
#define MUTATE(stmt, fragment)                   \
	do {                                     \
		memcpy(m, elf, size);            \
		stmt;                            \
		expect_error(m, size, fragment); \
	} while (0)
	expect_error(elf, 10, "truncated");
	expect_error(NULL, 100, "truncated");
	MUTATE(m[0] = 0x7e, "magic");
	MUTATE(m[4] = 1, "ELF64");
	MUTATE(m[5] = 2, "little-endian");
	MUTATE(m[6] = 2, "version");
	MUTATE(put16(m + E_TYPE, 3), "static executable");
	MUTATE(put16(m + E_MACHINE, 62), "RISC-V");
	MUTATE(put32(m + E_FLAGS, 0x5), "float");
	MUTATE(put16(m + E_PHENTSIZE, 32), "program header size");
	MUTATE(put16(m + E_PHNUM, 0), "program header count");
	MUTATE(put16(m + E_PHNUM, 1000), "program header count");
	MUTATE(put64(m + E_PHOFF, size - 10), "outside the file");
	MUTATE(put64(m + E_PHOFF, UINT64_MAX - 8), "outside the file");
	MUTATE(put64(m + PH0 + P_OFFSET, size), "outside the file");
	MUTATE(put64(m + PH0 + P_FILESZ, UINT64_MAX), "file size exceeds");
	MUTATE(put64(m + PH0 + P_FILESZ, 16), "file size exceeds");
	MUTATE(put64(m + PH0 + P_MEMSZ, 1ull << 40), "too large");
	MUTATE((put64(m + PH0 + PH_SIZE + P_MEMSZ, 1ull << 29), put64(m + PH0 + PH_SIZE + P_VADDR, 0x7ff00000)),
	       "span");
	MUTATE(put64(m + PH0 + P_ALIGN, 3), "alignment");
	MUTATE(put64(m + PH0 + P_VADDR, CODE_BASE + 8), "modulo");
	MUTATE(put64(m + PH0 + P_VADDR, 0), "out of range");
	MUTATE(put64(m + PH0 + P_VADDR, UINT64_MAX & ~0xfffull), "out of range");
	MUTATE(put64(m + PH0 + PH_SIZE + P_VADDR, CODE_BASE), "overlap");
	MUTATE(put32(m + PH0 + P_FLAGS, 7), "writable code");
	MUTATE(put32(m + PH0 + P_FLAGS, 0x100), "unknown flags");
	MUTATE(put64(m + E_ENTRY, DATA_BASE), "entry point");
	MUTATE(put64(m + E_ENTRY, CODE_BASE + 0x1000), "entry point");
	MUTATE(put64(m + E_ENTRY, CODE_BASE + 1), "misaligned entry");
	MUTATE(put32(m + PH0, 2), "dynamic");
	MUTATE(put32(m + PH0, 3), "dynamic");
	MUTATE(put64(m + E_SHOFF, size), "section headers outside");
	/* broken symbol tables: find the section headers at e_shoff */
	uint64_t shoff;
	memcpy(&shoff, elf + E_SHOFF, 8);
	MUTATE(put32(m + shoff + 64 + 40, 9), "string table index");  /* symtab sh_link */
	MUTATE(put64(m + shoff + 64 + 56, 16), "entry size");         /* symtab sh_entsize */
	MUTATE(put64(m + shoff + 64 + 24, size), "outside the file"); /* symtab sh_offset */
	uint64_t strtab_off, strtab_size;
	memcpy(&strtab_off, elf + shoff + 128 + 24, 8);
	memcpy(&strtab_size, elf + shoff + 128 + 32, 8);
	MUTATE(m[strtab_off + strtab_size - 1] = 'x', "string table");
	uint64_t symtab_off;
	memcpy(&symtab_off, elf + shoff + 64 + 24, 8);
	MUTATE(put32(m + symtab_off + 24, 0xffffff), "name outside");
	/* a writable and an executable segment sharing a page */
	MUTATE((put64(m + PH0 + PH_SIZE + P_VADDR, CODE_BASE + 0x100), put64(m + PH0 + PH_SIZE + P_OFFSET, 0x2100)),
	       "writable and executable");
#undef MUTATE
	free(m);
	free(elf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_tls),
		cmocka_unit_test(test_malformed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
