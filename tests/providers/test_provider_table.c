/*
 * The provider table (core/host/provider_table.c, compiled in): tables registered as their
 * {abi_version, size} header says (an older one's missing operations get the defaults, a newer
 * one's unknown operations are ignored), refusals with one log line, the order of priorities,
 * the modules FLEXIO_PROVIDERS names, and the table sealed at its first use.
 *
 * Usage: test_provider_table NOT_A_MODULE.so NULL_MODULE.so
 */
#include "provider_table.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../unit/capture.h"

static const char *not_a_module, *null_module;

/* The contexts the test's providers serve: the address of their index. */
static int devices[8];

#define SERVES(n)                                          \
	static int serves_##n(struct ibv_context *ibv_ctx) \
	{                                                  \
		return (void *)ibv_ctx == &devices[n];     \
	}
SERVES(0)
SERVES(1)
SERVES(2)
SERVES(3)

static struct provider_image *image_load_set(const void *elf, size_t size, char *err, size_t err_size)
{
	(void)elf, (void)size, (void)err, (void)err_size;
	fail_msg("an operation past the table's size was called");
	return NULL;
}

/* call logs one line from provider_register that contains text. */
#define EXPECT_REFUSED(call, text)                                                                               \
	do {                                                                                                     \
		struct stderr_capture c_;                                                                        \
		const char *text_;                                                                               \
		capture_begin(&c_);                                                                              \
		call;                                                                                            \
		text_ = capture_end(&c_);                                                                        \
		if (!strstr(text_, "flexio ERR provider_register: ") || !strstr(text_, text) ||                  \
		    count_lines(text_) != 1)                                                                     \
			fail_msg("expected one line from provider_register with \"%s\", got:\n%s", text, text_); \
	} while (0)

/* Everything registers before the first use (which seals the table), then is checked. */
static void tables(void **state)
{
	struct flexio_provider_ops current = { PROVIDER_TABLE_HEADER("current"), .devices = "the current devices",
					       .serves = serves_0 };
	/* An older table: it ends before image_load, which must not be read. */
	struct flexio_provider_ops older = { PROVIDER_TABLE_HEADER("older"), .serves = serves_1,
					     .image_load = image_load_set };
	/* A newer table: operations this library does not know follow its own. */
	struct {
		struct flexio_provider_ops ops;
		void (*unknown[4])(void);
	} newer = { { PROVIDER_TABLE_HEADER("newer"), .serves = serves_2 }, { NULL } };
	struct flexio_provider_ops bad = { PROVIDER_TABLE_HEADER("bad") };
	struct stderr_capture c;
	char err[PROVIDER_ERROR_MAX] = "";
	const struct flexio_provider_ops *got;
	const char *text;

	(void)state;
	older.size = offsetof(struct flexio_provider_ops, image_load);
	newer.ops.size = sizeof(newer);
	capture_begin(&c);
	provider_register(&current, 5);
	provider_register(&older, 1);
	provider_register(&newer.ops, 3);
	assert_string_equal(capture_end(&c), "");
	current.serves = serves_3; /* the table took a copy */

	bad.abi_version = PROVIDER_ABI_VERSION + 1;
	EXPECT_REFUSED(provider_register(&bad, 0), "provider \"bad\" refused: its table is of ABI version 2");
	bad.abi_version = PROVIDER_ABI_VERSION;
	bad.size = sizeof(uint32_t) * 2;
	EXPECT_REFUSED(provider_register(&bad, 0), "its table's size, 8 bytes, is no version's");
	bad.size = sizeof(bad) - 4;
	EXPECT_REFUSED(provider_register(&bad, 0), "is no version's");
	bad.size = sizeof(bad);
	bad.name = NULL;
	EXPECT_REFUSED(provider_register(&bad, 0), "its table has no name");
	bad.name = "current";
	EXPECT_REFUSED(provider_register(&bad, 0), "a provider of that name is registered already");
	EXPECT_REFUSED(provider_register(NULL, 0), "ops is NULL");
	/* Filled up: 8 in all. */
	for (int i = 0; i < PROVIDERS_MAX - 3; i++) {
		static char names[PROVIDERS_MAX][8];

		snprintf(names[i], sizeof(names[i]), "fill%d", i);
		bad.name = names[i];
		provider_register(&bad, 10);
	}
	bad.name = "one_more";
	EXPECT_REFUSED(provider_register(&bad, 0), "the table is full (8 providers)");

	/* The first use loads the modules and seals the table: the missing module, the object that
	 * is not a module, and the null module, refused as the table is full, each say so. */
	capture_begin(&c);
	assert_int_equal(provider_count(), PROVIDERS_MAX);
	text = capture_end(&c);
	assert_int_equal(count_lines(text), 3);
	assert_non_null(strstr(text, "flexio ERR FLEXIO_PROVIDERS: provider module \"no-such\" not loaded: "
				     "libflexio-no-such.so"));
	assert_non_null(strstr(text, "is not a provider module (it has no flexio_provider_module_init)"));
	assert_non_null(strstr(text, "flexio ERR provider_register: provider \"null\" refused: the table is full"));
	bad.name = "late";
	bad.size = sizeof(bad);
	EXPECT_REFUSED(provider_register(&bad, 0), "the library has begun to use its providers");

	/* In the order of their priorities; the older table's operations past its size and what
	 * any table leaves NULL are the defaults. */
	assert_string_equal(provider_at(0)->name, "older");
	assert_string_equal(provider_at(1)->name, "newer");
	assert_string_equal(provider_at(2)->name, "current");
	assert_string_equal(provider_at(3)->name, "fill0");
	assert_null(provider_at(PROVIDERS_MAX));
	assert_ptr_equal(provider_for((struct ibv_context *)&devices[1]), provider_at(0));
	assert_ptr_equal(provider_for((struct ibv_context *)&devices[0]), provider_at(2));
	assert_null(provider_for((struct ibv_context *)&devices[3]));
	got = provider_at(0);
	assert_string_equal(got->devices, "older");
	assert_null(got->image_load("", 0, err, sizeof(err)));
	assert_string_equal(err, "the device's provider does not support this");
	assert_int_equal(got->thread_run(NULL, 0), -EOPNOTSUPP);
	assert_non_null(provider_at(1)->pd_alloc);

	/* A context no provider serves: one line naming what they drive. */
	capture_begin(&c);
	assert_null(provider_for_arg((struct ibv_context *)&devices[3], "ibv_ctx", "flexio_x"));
	text = capture_end(&c);
	assert_int_equal(count_lines(text), 1);
	assert_non_null(strstr(text, "flexio ERR flexio_x: ibv_ctx "));
	assert_non_null(strstr(text, "this library can drive (only older, newer, the current devices, fill0, "));
	assert_non_null(strstr(text, " and fill4)\n"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(tables) };
	char modules[4096];

	if (argc != 3) {
		fprintf(stderr, "usage: %s NOT_A_MODULE.so NULL_MODULE.so\n", argv[0]);
		return 2;
	}
	not_a_module = argv[1];
	null_module = argv[2];
	snprintf(modules, sizeof(modules), "no-such::%s:%s", not_a_module, null_module);
	setenv("FLEXIO_PROVIDERS", modules, 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
