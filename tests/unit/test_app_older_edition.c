/* The older edition's flexio_app_create(name, elf, size, &app) reaches flexio_app_create@FLEXIO_1.0. */
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "elf_file.h"

static struct elf_file elf;

static void create_by_name(void **state)
{
	flexio_app *app = NULL, **list;
	uint32_t n;

	(void)state;
	assert_int_equal(flexio_app_create("older_app", elf.data, elf.size, &app), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_app_get_list(&list, &n), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(n, 1);
	assert_ptr_equal(list[0], app);
	flexio_app_list_free(list);
	assert_int_equal(flexio_app_destroy(app), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_app_create(NULL, elf.data, elf.size, &app), FLEXIO_STATUS_FAILED);
	assert_null(app);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(create_by_name),
	};
	int failed;

	if (argc != 2 || !(elf = elf_file_read(argv[1])).data)
		return 2;
	failed = cmocka_run_group_tests(tests, NULL, NULL);
	free(elf.data);
	return failed;
}
