/* Applications and function registration: the manual's semantics, bad handles and bad input. */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "capture.h"
#include "elf_file.h"

static struct elf_file elf;

static void pack_nothing(void *argbuf, va_list ap)
{
	(void)argbuf;
	(void)ap;
}

static void stub_add(void)
{
}

static void stub_other(void)
{
}

static flexio_app *create(const char *name)
{
	struct flexio_app_attr attr = { .app_name = name, .app_ptr = elf.data, .app_bsize = elf.size };
	flexio_app *app = NULL;

	assert_int_equal(flexio_app_create(&attr, &app), FLEXIO_STATUS_SUCCESS);
	assert_non_null(app);
	return app;
}

/* Runs a call that must fail, and checks it logged exactly one line naming func. */
#define EXPECT_FAILURE_LOGGED(call, func)                                \
	do {                                                             \
		struct stderr_capture c_;                                \
		const char *text_;                                       \
		capture_begin(&c_);                                      \
		assert_int_equal((call), FLEXIO_STATUS_FAILED);          \
		text_ = capture_end(&c_);                                \
		assert_int_equal(count_lines(text_), 1);                 \
		assert_non_null(strstr(text_, "flexio ERR " func ": ")); \
	} while (0)

static void create_get_and_destroy(void **state)
{
	flexio_app *app = create("app_one"), *found = NULL;
	uint64_t *copy = malloc(elf.size);

	(void)state;
	assert_string_equal(flexio_app_get_name(app), "app_one");
	assert_int_equal(flexio_app_get_elf_size(app), elf.size);
	assert_int_equal(flexio_app_get_elf(app, copy, elf.size), FLEXIO_STATUS_SUCCESS);
	assert_memory_equal(copy, elf.data, elf.size);
	EXPECT_FAILURE_LOGGED(flexio_app_get_elf(app, copy, elf.size - 1), "flexio_app_get_elf");
	free(copy);

	assert_int_equal(flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "app_one",
									  .hw_model_id = FLEXIO_HW_MODEL_DEF },
					&found),
			 FLEXIO_STATUS_SUCCESS);
	assert_ptr_equal(found, app);
	EXPECT_FAILURE_LOGGED(flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "nope" }, &found),
			      "flexio_app_get");
	assert_null(found);
	EXPECT_FAILURE_LOGGED(flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "app_one",
									       .hw_model_id = FLEXIO_HW_MODEL_CX8 },
					     &found),
			      "flexio_app_get");

	assert_int_equal(flexio_app_destroy(app), FLEXIO_STATUS_SUCCESS);
	/* Destroyed: every call rejects the handle. */
	EXPECT_FAILURE_LOGGED(flexio_app_destroy(app), "flexio_app_destroy");
	assert_null(flexio_app_get_name(app));
	assert_int_equal(flexio_app_get_elf_size(app), 0);
}

static void the_elf_is_copied(void **state)
{
	unsigned char *mine = malloc(elf.size);
	struct flexio_app_attr attr = { .app_name = "copied", .app_ptr = mine, .app_bsize = elf.size };
	flexio_app *app;
	uint64_t *copy = malloc(elf.size);

	(void)state;
	memcpy(mine, elf.data, elf.size);
	assert_int_equal(flexio_app_create(&attr, &app), FLEXIO_STATUS_SUCCESS);
	memset(mine, 0, elf.size);
	free(mine);
	assert_int_equal(flexio_app_get_elf(app, copy, elf.size), FLEXIO_STATUS_SUCCESS);
	assert_memory_equal(copy, elf.data, elf.size);
	free(copy);
	flexio_app_destroy(app);
}

static void bad_creation_input(void **state)
{
	char long_name[FLEXIO_MAX_NAME_LEN + 2];
	char not_elf[256] = "not an ELF";
	flexio_app *app = (flexio_app *)0x1;

	(void)state;
	memset(long_name, 'n', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	EXPECT_FAILURE_LOGGED(flexio_app_create(NULL, &app), "flexio_app_create");
	EXPECT_FAILURE_LOGGED(
		flexio_app_create(
			&(struct flexio_app_attr){ .app_name = "x", .app_ptr = elf.data, .app_bsize = elf.size }, NULL),
		"flexio_app_create");
	EXPECT_FAILURE_LOGGED(
		flexio_app_create(&(struct flexio_app_attr){ .app_ptr = elf.data, .app_bsize = elf.size }, &app),
		"flexio_app_create");
	assert_null(app);
	EXPECT_FAILURE_LOGGED(
		flexio_app_create(
			&(struct flexio_app_attr){ .app_name = long_name, .app_ptr = elf.data, .app_bsize = elf.size },
			&app),
		"flexio_app_create");
	EXPECT_FAILURE_LOGGED(flexio_app_create(&(struct flexio_app_attr){ .app_name = "x", .app_bsize = 10 }, &app),
			      "flexio_app_create");
	EXPECT_FAILURE_LOGGED(
		flexio_app_create(
			&(struct flexio_app_attr){ .app_name = "x", .app_ptr = not_elf, .app_bsize = sizeof(not_elf) },
			&app),
		"flexio_app_create");
	EXPECT_FAILURE_LOGGED(
		flexio_app_create(
			&(struct flexio_app_attr){ .app_name = "x", .app_ptr = elf.data, .app_bsize = elf.size / 2 },
			&app),
		"flexio_app_create");
}

/* The argument-buffer size app registered for host_stub (0 when it registered nothing there). */
static size_t argbuf_of(flexio_app *app, flexio_func_t *host_stub)
{
	char name[FLEXIO_MAX_NAME_LEN + 1], unpack[FLEXIO_MAX_NAME_LEN + 1];
	flexio_func_arg_pack_fn_t *pack;
	flexio_uintptr_t dev_addr, unpack_addr;
	uint32_t pup;
	size_t argbuf;

	return flexio_func_get_register_info(app, host_stub, &pup, name, unpack, sizeof(name), &argbuf, &pack,
					     &dev_addr, &unpack_addr) == FLEXIO_STATUS_SUCCESS
		       ? argbuf
		       : 0;
}

/*
 * Names may repeat (a notebook cell rebuilt and loaded again under its name): each application
 * is one of its own, with its own functions even under one stub; flexio_app_get finds the
 * newest, and destroying it leaves the older one.
 */
static void names_may_repeat(void **state)
{
	struct flexio_app_select_attr cell = { .app_name = "cell", .hw_model_id = FLEXIO_HW_MODEL_DEF };
	flexio_app *older = create("cell"), *newer = create("cell"), *found = NULL;
	flexio_app **list;
	uint32_t n = 0;

	(void)state;
	assert_ptr_not_equal(older, newer);
	assert_int_equal(
		flexio_func_pup_register(older, "rpc_add", "__dpacc_unpack_rpc_add", stub_add, 8, pack_nothing),
		FLEXIO_STATUS_SUCCESS);
	assert_int_equal(
		flexio_func_pup_register(newer, "rpc_add", "__dpacc_unpack_rpc_add", stub_add, 16, pack_nothing),
		FLEXIO_STATUS_SUCCESS);
	assert_int_equal(argbuf_of(older, stub_add), 8);
	assert_int_equal(argbuf_of(newer, stub_add), 16);

	assert_int_equal(flexio_app_get_list(&list, &n), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(n, 2);
	assert_ptr_equal(list[0], older);
	assert_ptr_equal(list[1], newer);
	flexio_app_list_free(list);
	assert_int_equal(flexio_app_get(&cell, &found), FLEXIO_STATUS_SUCCESS);
	assert_ptr_equal(found, newer);

	assert_int_equal(flexio_app_destroy(newer), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_app_get(&cell, &found), FLEXIO_STATUS_SUCCESS);
	assert_ptr_equal(found, older);
	assert_int_equal(argbuf_of(older, stub_add), 8);
	assert_int_equal(flexio_app_destroy(older), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_app_get(&cell, &found), "flexio_app_get");
}

static void foreign_handles_are_rejected(void **state)
{
	int local;
	flexio_app *fake = (flexio_app *)&local;
	uint64_t buf[4];

	(void)state;
	EXPECT_FAILURE_LOGGED(flexio_app_destroy(NULL), "flexio_app_destroy");
	EXPECT_FAILURE_LOGGED(flexio_app_destroy(fake), "flexio_app_destroy");
	EXPECT_FAILURE_LOGGED(flexio_app_get_elf(fake, buf, sizeof(buf)), "flexio_app_get_elf");
	assert_null(flexio_app_get_name(fake));
	EXPECT_FAILURE_LOGGED(flexio_app_list_free((flexio_app **)buf), "flexio_app_list_free");
	EXPECT_FAILURE_LOGGED(flexio_app_list_free(NULL), "flexio_app_list_free");
	EXPECT_FAILURE_LOGGED(flexio_func_register(fake, "rpc_add", (flexio_func_t **)buf), "flexio_func_register");
}

static void list_holds_every_live_app(void **state)
{
	flexio_app *a = create("list_a"), *b = create("list_b");
	flexio_app **list;
	uint32_t n = 0;

	(void)state;
	assert_int_equal(flexio_app_get_list(&list, &n), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(n, 2);
	assert_ptr_equal(list[0], a);
	assert_ptr_equal(list[1], b);
	assert_int_equal(flexio_app_list_free(list), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_app_list_free(list), "flexio_app_list_free"); /* double free */
	EXPECT_FAILURE_LOGGED(flexio_app_get_list(NULL, &n), "flexio_app_get_list");
	flexio_app_destroy(a);
	assert_int_equal(flexio_app_get_list(&list, &n), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(n, 1);
	assert_ptr_equal(list[0], b);
	flexio_app_list_free(list);
	flexio_app_destroy(b);
}

static void register_and_look_up(void **state)
{
	flexio_app *app = create("funcs");
	char name[FLEXIO_MAX_NAME_LEN + 1], unpack[FLEXIO_MAX_NAME_LEN + 1];
	flexio_func_arg_pack_fn_t *pack;
	flexio_uintptr_t dev_addr = 0, unpack_addr = 0;
	flexio_func_t *by_name = NULL, *again = NULL;
	uint32_t pup = 7;
	size_t argbuf = 0;

	(void)state;
	assert_int_equal(flexio_func_pup_register(app, "rpc_add", "__dpacc_unpack_rpc_add", stub_add, 16, pack_nothing),
			 FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_func_get_register_info(app, stub_add, &pup, name, unpack, sizeof(name), &argbuf, &pack,
						       &dev_addr, &unpack_addr),
			 FLEXIO_STATUS_SUCCESS);
	assert_int_equal(pup, 1);
	assert_string_equal(name, "rpc_add");
	assert_string_equal(unpack, "__dpacc_unpack_rpc_add");
	assert_int_equal(argbuf, 16);
	assert_ptr_equal(pack, pack_nothing);
	assert_true(dev_addr >= 0x10000 && unpack_addr > dev_addr);

	/* Registration by name: a handle of its own, no packing. */
	assert_int_equal(flexio_func_register(app, "rpc_add", &by_name), FLEXIO_STATUS_SUCCESS);
	assert_non_null(by_name);
	assert_int_equal(flexio_func_register(app, "rpc_add", &again), FLEXIO_STATUS_SUCCESS);
	assert_ptr_not_equal(by_name, again);
	assert_int_equal(flexio_func_get_register_info(app, by_name, &pup, name, unpack, sizeof(name), &argbuf, &pack,
						       &dev_addr, &unpack_addr),
			 FLEXIO_STATUS_SUCCESS);
	assert_int_equal(pup, 0);
	assert_string_equal(name, "rpc_add");

	/* What cannot be registered or found. */
	EXPECT_FAILURE_LOGGED(
		flexio_func_pup_register(app, "rpc_add", "__dpacc_unpack_rpc_add", stub_add, 16, pack_nothing),
		"flexio_func_pup_register"); /* stub taken */
	EXPECT_FAILURE_LOGGED(
		flexio_func_pup_register(app, "missing", "__dpacc_unpack_rpc_add", stub_other, 16, pack_nothing),
		"flexio_func_pup_register");
	EXPECT_FAILURE_LOGGED(flexio_func_pup_register(app, "rpc_add", "missing", stub_other, 16, pack_nothing),
			      "flexio_func_pup_register");
	EXPECT_FAILURE_LOGGED(
		flexio_func_pup_register(app, "rpc_add", "__dpacc_unpack_rpc_add", NULL, 16, pack_nothing),
		"flexio_func_pup_register");
	EXPECT_FAILURE_LOGGED(flexio_func_pup_register(app, "rpc_add", "__dpacc_unpack_rpc_add", stub_other, 16, NULL),
			      "flexio_func_pup_register");
	EXPECT_FAILURE_LOGGED(
		flexio_func_pup_register(app, NULL, "__dpacc_unpack_rpc_add", stub_other, 16, pack_nothing),
		"flexio_func_pup_register");
	EXPECT_FAILURE_LOGGED(
		flexio_func_pup_register(app, "rpc_add", "__dpacc_unpack_rpc_add", stub_other, 1 << 20, pack_nothing),
		"flexio_func_pup_register");
	EXPECT_FAILURE_LOGGED(flexio_func_register(app, "missing", &again), "flexio_func_register");
	assert_null(again);
	EXPECT_FAILURE_LOGGED(flexio_func_register(app, "rpc_add", NULL), "flexio_func_register");
	EXPECT_FAILURE_LOGGED(flexio_func_get_register_info(app, stub_other, &pup, name, unpack, sizeof(name), &argbuf,
							    &pack, &dev_addr, &unpack_addr),
			      "flexio_func_get_register_info");
	EXPECT_FAILURE_LOGGED(flexio_func_get_register_info(app, stub_add, &pup, name, unpack, 4, &argbuf, &pack,
							    &dev_addr, &unpack_addr),
			      "flexio_func_get_register_info");
	EXPECT_FAILURE_LOGGED(flexio_func_get_register_info(app, stub_add, NULL, name, unpack, sizeof(name), &argbuf,
							    &pack, &dev_addr, &unpack_addr),
			      "flexio_func_get_register_info");
	flexio_app_destroy(app);
	EXPECT_FAILURE_LOGGED(flexio_func_get_register_info(app, stub_add, &pup, name, unpack, sizeof(name), &argbuf,
							    &pack, &dev_addr, &unpack_addr),
			      "flexio_func_get_register_info");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(create_get_and_destroy),    cmocka_unit_test(the_elf_is_copied),
		cmocka_unit_test(bad_creation_input),        cmocka_unit_test(foreign_handles_are_rejected),
		cmocka_unit_test(list_holds_every_live_app), cmocka_unit_test(register_and_look_up),
		cmocka_unit_test(names_may_repeat),
	};
	int failed;

	if (argc != 2 || !(elf = elf_file_read(argv[1])).data) {
		fprintf(stderr, "usage: %s DPA_ELF\n", argv[0]);
		return 2;
	}
	failed = cmocka_run_group_tests(tests, NULL, NULL);
	free(elf.data);
	return failed;
}
