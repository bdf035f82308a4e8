/*
 * DPA resources files (flexio_resources_*): the EUs and EU groups a file reserves for an
 * application, read as NVIDIA's DOCA DPA samples read them (the whole file in a buffer without a
 * NUL byte, an application key), and files that are refused, each with its one log line. The
 * format is OpenFlexIO's (capi/CHOICES-host.md, "DPA resources"). Arguments and handles:
 * test_bad_input.c.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "../unit/capture.h"

/* The file's text in a buffer of its exact size, as the samples read it (ASan sees a read past it). */
static char *file_buffer(const char *text, size_t *size)
{
	char *buffer;

	*size = strlen(text);
	buffer = malloc(*size);
	assert_non_null(buffer);
	memcpy(buffer, text, *size);
	return buffer;
}

/* The object of key in text; fails the test when it is refused or logs anything. */
static struct flexio_resource *read_ok(const char *text, const char *key)
{
	struct stderr_capture c;
	struct flexio_resource *res = NULL;
	size_t size;
	char *buffer = file_buffer(text, &size);
	flexio_status status;

	capture_begin(&c);
	status = flexio_resources_create(key, buffer, size, &res);
	free(buffer);
	assert_string_equal(capture_end(&c), "");
	assert_int_equal(status, FLEXIO_STATUS_SUCCESS);
	assert_non_null(res);
	return res;
}

/* text with key is refused with exactly the line "flexio ERR flexio_resources_create: <reason>". */
static void refused_at(const char *text, size_t size, const char *key, const char *reason_fmt, ...)
{
	char want[1024];
	struct stderr_capture c;
	struct flexio_resource *res = NULL;
	flexio_status status;
	va_list ap;
	int head = snprintf(want, sizeof(want), "flexio ERR flexio_resources_create: ");

	va_start(ap, reason_fmt);
	vsnprintf(want + head, sizeof(want) - (size_t)head, reason_fmt, ap);
	va_end(ap);
	capture_begin(&c);
	status = flexio_resources_create(key, text, size, &res);
	strcat(want, "\n");
	assert_string_equal(capture_end(&c), want);
	assert_int_equal(status, FLEXIO_STATUS_FAILED);
	assert_null(res);
}

#define refused(text, reason)                                    \
	do {                                                     \
		size_t size_;                                    \
		char *buffer_ = file_buffer(text, &size_);       \
		refused_at(buffer_, size_, "app", "%s", reason); \
		free(buffer_);                                   \
	} while (0)

static void eus_of(struct flexio_resource *res, const uint32_t *want, uint32_t n)
{
	uint32_t *eus = flexio_resources_get_eus(res);

	assert_int_equal(flexio_resources_get_eus_num(res), n);
	assert_non_null(eus);
	for (uint32_t i = 0; i < n; i++)
		assert_int_equal(eus[i], want[i]);
}

/* The application asked for, among others; its EUs in the file's order. */
static void picks_the_application(void **state)
{
	static const char *const text = "# reserved by the administrator\n"
					"applications:\n"
					"  - key: other\n"
					"    eus: [7, 8]\n"
					"  - key: app\n"
					"    eus: [3, 0, 255, 16]\n"
					"  - key: \"third app\"\n"
					"    eus:\n"
					"      - 9\n";
	struct flexio_resource *res = read_ok(text, "app"), *third = read_ok(text, "third app");

	(void)state;
	eus_of(res, (const uint32_t[]){ 3, 0, 255, 16 }, 4);
	assert_int_equal(flexio_resources_get_eugs_num(res), 0);
	eus_of(third, (const uint32_t[]){ 9 }, 1);
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_resources_destroy(third), FLEXIO_STATUS_SUCCESS);
}

/* EU groups are counted apart from the eus list; an application may have either, or neither. */
static void groups(void **state)
{
	static const char *const text = "---\n"
					"{applications: [\n"
					"  {key: app, eus: [1], eu_groups: [{eus: [16, 17]}, {eus: [18]}]},\n"
					"  {key: grouped, eu_groups: [{eus: [0]}]},\n"
					"  {key: nothing},\n"
					"]}\n"
					"...\n";
	struct flexio_resource *res = read_ok(text, "app"), *grouped = read_ok(text, "grouped"),
			       *nothing = read_ok(text, "nothing");

	(void)state;
	eus_of(res, (const uint32_t[]){ 1 }, 1);
	assert_int_equal(flexio_resources_get_eugs_num(res), 2);
	eus_of(grouped, NULL, 0);
	assert_int_equal(flexio_resources_get_eugs_num(grouped), 1);
	eus_of(nothing, NULL, 0);
	assert_int_equal(flexio_resources_get_eugs_num(nothing), 0);
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_resources_destroy(grouped), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_resources_destroy(nothing), FLEXIO_STATUS_SUCCESS);
}

/* "applications:\n  - key: app\n    eus: [first, first + 1, ... first + n - 1]\n" */
static char *eus_file(unsigned first, unsigned n)
{
	char *text = malloc(64 + 5 * n), *p = text;

	assert_non_null(text);
	p += sprintf(p, "applications:\n  - key: app\n    eus: [");
	for (unsigned i = 0; i < n; i++)
		p += sprintf(p, i ? ", %u" : "%u", first + i);
	strcpy(p, "]\n");
	return text;
}

/* 189 EUs, those available to applications, and no more. */
static void most_eus(void **state)
{
	char *most = eus_file(0, 189), *more = eus_file(0, 190);
	struct flexio_resource *res = read_ok(most, "app");

	(void)state;
	assert_int_equal(flexio_resources_get_eus_num(res), 189);
	assert_int_equal(flexio_resources_get_eus(res)[188], 188);
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_SUCCESS);
	refused(more, "DPA resources line 3: an application is given at most 189 EUs (those of the DPA available "
		      "to applications)");
	free(most);
	free(more);
}

/* A file of 1 MiB, the most: thousands of applications, the one asked for last. */
static void largest_file(void **state)
{
	const size_t size = 1u << 20;
	static const char tail[] = "  - key: app\n    eus: [5]\n";
	char *text = malloc(size + 1), *p = text;
	struct flexio_resource *res;

	(void)state;
	assert_non_null(text);
	p += sprintf(p, "applications:\n");
	for (unsigned i = 0; (size_t)(p - text) + 64 + sizeof(tail) < size; i++)
		p += sprintf(p, "  - {key: a%u, eus: [%u]}\n", i, i % 256);
	memset(p, '#', text + size - sizeof(tail) - p); /* a comment up to the tail */
	p = text + size - sizeof(tail);
	p[-1] = '\n';
	strcpy(p, tail);
	assert_int_equal(strlen(text), size - 1);
	res = read_ok(text, "app");
	eus_of(res, (const uint32_t[]){ 5 }, 1);
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_SUCCESS);
	free(text);
}

/* More than 1 MiB, and a megabyte of nesting: refused at once. */
static void huge_files(void **state)
{
	const size_t size = (1u << 20) + 1;
	char *text = malloc(size);

	(void)state;
	assert_non_null(text);
	memset(text, '[', size);
	refused_at(text, size, "app", "size %zu: a DPA resources file is 1 .. 1048576 bytes", size);
	refused_at(text, size - 1, "app", "DPA resources line 1: the file must be a mapping");
	memcpy(text, "applications: [{key: app, eus: ", 31);
	refused_at(text, size - 1, "app", "DPA resources line 1: an EU id must be a scalar");
	free(text);
}

/* Not YAML at all: libyaml's reason, and the line. */
static void not_yaml(void **state)
{
	static const char binary[] = { 'a', 'p', 'p', 0, 1, 2, (char)0xff, (char)0xfe };

	(void)state;
	refused("applications: [{key: app, eus: [1]}\n",
		"DPA resources line 2: not YAML: did not find expected ',' or ']'");
	refused("applications:\n  - key: app\n eus: [1]\n",
		"DPA resources line 3: not YAML: did not find expected key");
	refused_at(binary, sizeof(binary), "app", "DPA resources line 1: not YAML: control characters are not allowed");
	refused("\t", "DPA resources line 1: not YAML: found character that cannot start any token");
}

/* YAML, but not a DPA resources file. */
static void wrong_form(void **state)
{
	(void)state;
	refused("", "size 0: a DPA resources file is 1 .. 1048576 bytes");
	refused("# nothing\n", "DPA resources line 2: the file is empty");
	refused("- key: app\n", "DPA resources line 1: the file must be a mapping");
	refused("{}\n", "DPA resources line 1: the file has no applications list");
	refused("apps: []\n", "DPA resources line 1: unknown key \"apps\" in the file");
	refused("? [a]\n: 1\n", "DPA resources line 1: the keys of the file must be scalars");
	refused("applications: app\n", "DPA resources line 1: applications must be a list");
	refused("applications: [app]\n", "DPA resources line 1: an application must be a mapping");
	refused("applications: [{eus: [1]}]\n", "DPA resources line 1: an application has no key");
	refused("applications: [{key: ''}]\n", "DPA resources line 1: an application's key is empty");
	refused("applications: [{key: [app]}]\n", "DPA resources line 1: key must be a scalar");
	refused("applications:\n  - key: app\n    threads: [1]\n",
		"DPA resources line 3: unknown key \"threads\" in an application");
	refused("applications: [{key: app, eus: [1], eus: [2]}]\n",
		"DPA resources line 1: an application has two eus keys");
	refused("applications: [{key: app, eus: 1}]\n", "DPA resources line 1: eus must be a list");
	refused("applications: [{key: app, eu_groups: {eus: [1]}}]\n",
		"DPA resources line 1: eu_groups must be a list");
	refused("applications: [{key: app, eu_groups: [[1]]}]\n",
		"DPA resources line 1: an EU group must be a mapping");
	refused("applications: [{key: app, eu_groups: [{eus: []}]}]\n", "DPA resources line 1: an EU group has no EUs");
	refused("applications: [{key: app, eu_groups: [{id: 3, eus: [1]}]}]\n",
		"DPA resources line 1: unknown key \"id\" in an EU group");
	refused("applications: []\n--- {applications: []}\n",
		"DPA resources line 2: the file has more than one YAML document");
	refused("applications:\n  - &a {key: x, eus: [1]}\n  - *a\n", "DPA resources line 3: aliases are not allowed");
}

/* EU ids: plain decimal integers 0..255, each given once to an application. */
static void eu_ids(void **state)
{
	static const char *const bad[] = { "256", "-1", "1000", "0x10", "1.5", "abc", "'7'", "!!str 7", "\"\"", "~" };
	char text[128], reason[160];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *shown = !strcmp(bad[i], "'7'") || !strcmp(bad[i], "!!str 7") ? "7"
				    : !strcmp(bad[i], "\"\"")                            ? ""
											 : bad[i];

		snprintf(text, sizeof(text), "applications:\n  - key: app\n    eus: [1, %s]\n", bad[i]);
		snprintf(reason, sizeof(reason),
			 "DPA resources line 3: \"%s\" is not an EU id (a plain integer 0..255)", shown);
		refused(text, reason);
	}
	refused("applications: [{key: app, eus: [4, 5, 4]}]\n",
		"DPA resources line 1: EU 4 is given twice to the application");
	refused("applications:\n  - key: app\n    eus: [4]\n    eu_groups:\n      - eus: [5, 4]\n",
		"DPA resources line 5: EU 4 is given twice to the application");
	/* Wrong for another application is wrong for all. */
	refused("applications:\n  - {key: app, eus: [1]}\n  - {key: other, eus: [300]}\n",
		"DPA resources line 3: \"300\" is not an EU id (a plain integer 0..255)");
}

/* The key: the application asked for must be there, once. */
static void keys(void **state)
{
	(void)state;
	refused("applications:\n  - {key: other, eus: [1]}\n", "DPA resources: no application of key \"app\"");
	refused("applications: []\n", "DPA resources: no application of key \"app\"");
	refused("applications:\n  - {key: app, eus: [1]}\n  - {key: app, eus: [2]}\n",
		"DPA resources line 3: application \"app\" is listed twice");
	/* Keys are compared whole: neither a prefix nor a longer key is the application. */
	refused("applications: [{key: ap}, {key: apps}]\n", "DPA resources: no application of key \"app\"");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(picks_the_application),
		cmocka_unit_test(groups),
		cmocka_unit_test(most_eus),
		cmocka_unit_test(largest_file),
		cmocka_unit_test(huge_files),
		cmocka_unit_test(not_yaml),
		cmocka_unit_test(wrong_form),
		cmocka_unit_test(eu_ids),
		cmocka_unit_test(keys),
	};

	return cmocka_run_group_tests_name("resources", tests, NULL, NULL);
}
