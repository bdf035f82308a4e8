/*
 * Applications loaded into one process as a notebook loads them, each a dpacc-built shared
 * object opened with RTLD_GLOBAL: a cell, the same cell edited and rebuilt under its name, and
 * another application defining the same device functions. Each runs its own code through its own
 * handles and keeps its own variable, however the names resolve in the process; flexio_app_get
 * finds the newest cell; unloading it leaves the older cell, whose process went on working.
 */
#include <libflexio/flexio.h>

#include <dlfcn.h>
#include <string.h>

#include "host_test.h"

/* The shared objects: the cell (CELL_ADD 0), the cell edited (1000), other_app (2000). */
static const char *cell_path, *edited_path, *other_path;

struct loaded {
	void *dl;
	flexio_app *app;
	flexio_func_t *triple, *index;
	flexio_process *process;
};

/* Opens the object at path and a process of the application it registered (its variable app_name). */
static void load(struct loaded *l, const char *path, const char *app_name)
{
	flexio_app **variable;

	l->dl = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
	assert_non_null(l->dl);
	variable = dlsym(l->dl, app_name);
	assert_non_null(variable);
	l->app = *variable;
	assert_non_null(l->app);
	l->triple = dlsym(l->dl, "triple");
	l->index = dlsym(l->dl, "index");
	assert_non_null(l->triple);
	assert_non_null(l->index);
	MUST(flexio_process_create(ctx, l->app, NULL, &l->process));
}

static void unload(struct loaded *l)
{
	MUST(flexio_process_destroy(l->process));
	assert_int_equal(dlclose(l->dl), 0);
}

static uint64_t call(const struct loaded *l, flexio_func_t *fn, uint64_t x)
{
	uint64_t ret = 0;

	MUST(flexio_process_call(l->process, fn, &ret, x));
	return ret;
}

static flexio_app *newest_cell(void)
{
	flexio_app *app = NULL;

	MUST(flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "cell" }, &app));
	return app;
}

static void a_cell_rebuilt_and_another_app(void **state)
{
	struct loaded cell, other, edited;

	(void)state;
	load(&cell, cell_path, "cell");
	assert_int_equal(call(&cell, cell.triple, 5), 15);
	load(&other, other_path, "other_app");
	load(&edited, edited_path, "cell");
	assert_ptr_not_equal(edited.app, cell.app);
	assert_ptr_equal(newest_cell(), edited.app);

	assert_int_equal(call(&cell, cell.triple, 5), 15);
	assert_int_equal(call(&edited, edited.triple, 5), 1015);
	assert_int_equal(call(&other, other.triple, 5), 2015);
	/* The C library's index comes first in the process: each object registered its own stub. */
	assert_ptr_not_equal(edited.index, (void *)index);
	assert_int_equal(call(&cell, cell.index, 5), 5);
	assert_int_equal(call(&edited, edited.index, 5), 1005);
	assert_int_equal(call(&other, other.index, 5), 2005);
	/* The address the process knows `triple` by (the first object's) names each application's own. */
	assert_int_equal(call(&edited, cell.triple, 5), 1015);
	assert_int_equal(call(&other, cell.triple, 5), 2015);

	/* Unloading the edited cell: the first one is the newest again, and still runs. */
	unload(&edited);
	assert_ptr_equal(newest_cell(), cell.app);
	assert_int_equal(call(&cell, cell.triple, 5), 15);
	assert_int_equal(call(&other, other.triple, 5), 2015);
	unload(&other);
	unload(&cell);
}

static int setup(void **state)
{
	(void)state;
	return sim_device_open();
}

static int teardown(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_cell_rebuilt_and_another_app),
	};

	if (argc != 4) {
		fprintf(stderr, "usage: %s CELL.so EDITED_CELL.so OTHER_APP.so\n", argv[0]);
		return 2;
	}
	cell_path = argv[1];
	edited_path = argv[2];
	other_path = argv[3];
	return cmocka_run_group_tests(tests, setup, teardown);
}
