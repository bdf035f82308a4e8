/*
 * dpa_image_source_line and dpa_image_function: the source line of a pc from a clang-built RV64
 * ELF's DWARF line table (DWARF 5), nothing from the same program without debug info or from
 * hand-assembled images, the function holding a pc from .symtab, bad arguments refused, and
 * threads asking at once (the line table is read once, under the image's lock).
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

/* The bytes of path (a test fixture: failing to read it fails the test). */
static uint8_t *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *bytes;
	long n;

	if (!f)
		fail_msg("cannot open %s", path);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n > 0);
	rewind(f);
	bytes = malloc((size_t)n);
	assert_non_null(bytes);
	assert_int_equal(fread(bytes, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*size = (size_t)n;
	return bytes;
}

static struct dpa_image *load_bytes(uint8_t *bytes, size_t size, const char *what)
{
	char err[DPA_ERROR_MAX];
	struct dpa_image *image = dpa_image_load(bytes, size, err, sizeof(err));

	free(bytes);
	if (!image)
		fail_msg("%s: %s", what, err);
	return image;
}

static struct dpa_image *load(const char *path)
{
	size_t size;
	uint8_t *bytes = read_file(path, &size);

	return load_bytes(bytes, size, path);
}

/* The line of SOURCE_LINE_C that defines the marker. */
static unsigned marker_line(void)
{
	FILE *f = fopen(SOURCE_LINE_C, "r");
	char text[256];
	unsigned line = 0;

	assert_non_null(f);
	while (fgets(text, sizeof(text), f)) {
		line++;
		if (strstr(text, "source_line_marker:")) {
			fclose(f);
			return line;
		}
	}
	fclose(f);
	fail_msg("no marker in %s", SOURCE_LINE_C);
	return 0;
}

static uint64_t marker_address(const struct dpa_image *image)
{
	uint64_t address;

	assert_int_equal(dpa_image_symbol(image, "source_line_marker", &address, NULL), 0);
	return address;
}

static void line_from_debug_info(void **state)
{
	struct dpa_image *image = load(ELF_WITH_DEBUG_INFO);
	uint64_t marker = marker_address(image), start, offset = 0;
	const char *file = NULL;
	unsigned line = 0;

	(void)state;
	assert_int_equal(dpa_image_source_line(image, marker, &file, &line), 0);
	assert_non_null(file);
	if (strlen(file) < strlen("/source_line.c") ||
	    strcmp(file + strlen(file) - strlen("/source_line.c"), "/source_line.c"))
		fail_msg("file %s", file);
	assert_int_equal(line, marker_line());
	/* Asked again: the same answer, from the table read the first time. */
	assert_int_equal(dpa_image_source_line(image, marker, &file, &line), 0);
	assert_int_equal(line, marker_line());
	/* Outside the code: no line. */
	assert_int_equal(dpa_image_source_line(image, 0x10, &file, &line), -ENOENT);

	assert_int_equal(dpa_image_symbol(image, "_start", &start, NULL), 0);
	assert_string_equal(dpa_image_function(image, marker, &offset), "_start");
	assert_int_equal(offset, marker - start);
	assert_null(dpa_image_function(image, 0x10, NULL));
	dpa_image_release(image);
}

static void nothing_without_debug_info(void **state)
{
	struct dpa_image *image = load(ELF_WITHOUT_DEBUG_INFO);
	const char *file = NULL;
	unsigned line = 0;

	(void)state;
	assert_int_equal(dpa_image_source_line(image, marker_address(image), &file, &line), -ENOENT);
	assert_null(file);
	assert_string_equal(dpa_image_function(image, marker_address(image), NULL), "_start");
	dpa_image_release(image);

	/* A hand-made ELF: neither debug info nor symbols. */
	const uint32_t code[] = { LI(10, 1), ECALL };
	struct test_segment segment = {
		.vaddr = CODE_BASE, .flags = 5, .data = code, .filesz = sizeof(code), .memsz = sizeof(code)
	};
	uint8_t *bytes;
	size_t size = test_elf_build(&bytes, CODE_BASE, &segment, 1, NULL, 0);

	image = load_bytes(bytes, size, "the hand-made ELF");
	assert_int_equal(dpa_image_source_line(image, dpa_image_entry(image), &file, &line), -ENOENT);
	assert_null(dpa_image_function(image, dpa_image_entry(image), NULL));
	dpa_image_release(image);
}

static void bad_arguments(void **state)
{
	struct dpa_image *image = load(ELF_WITH_DEBUG_INFO);
	const char *file;
	unsigned line;

	(void)state;
	assert_int_equal(dpa_image_source_line(NULL, 0, &file, &line), -EINVAL);
	assert_int_equal(dpa_image_source_line(image, 0, NULL, &line), -EINVAL);
	assert_int_equal(dpa_image_source_line(image, 0, &file, NULL), -EINVAL);
	assert_null(dpa_image_function(NULL, 0, NULL));
	dpa_image_release(image);
}

struct asker {
	pthread_t thread;
	const struct dpa_image *image;
	uint64_t pc;
	unsigned line;
	int rc;
};

static void *ask(void *arg)
{
	struct asker *a = arg;
	const char *file;

	a->rc = dpa_image_source_line(a->image, a->pc, &file, &a->line);
	return NULL;
}

static void threads_ask_at_once(void **state)
{
	struct dpa_image *image = load(ELF_WITH_DEBUG_INFO);
	struct asker askers[4];

	(void)state;
	for (unsigned i = 0; i < 4; i++) {
		askers[i] = (struct asker){ .image = image, .pc = marker_address(image) };
		assert_int_equal(pthread_create(&askers[i].thread, NULL, ask, &askers[i]), 0);
	}
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(pthread_join(askers[i].thread, NULL), 0);
		assert_int_equal(askers[i].rc, 0);
		assert_int_equal(askers[i].line, marker_line());
	}
	dpa_image_release(image);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(line_from_debug_info),
		cmocka_unit_test(nothing_without_debug_info),
		cmocka_unit_test(bad_arguments),
		cmocka_unit_test(threads_ask_at_once),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
