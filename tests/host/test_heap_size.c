/*
 * DPA memory sized for real programs: the default heap holds a 1 GiB buffer, FLEXIO_SIM_HEAP_SIZE
 * changes it, and DPA memory is backed only where written, so a thousand idle processes fit in a
 * few hundred MiB of host memory.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "host_test.h"

extern flexio_func_t add3;

static flexio_app *app;

static int setup(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "process_test", .ibv_ctx = ctx }, &app);
}

static int teardown(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

/* The host memory the program has resident, in bytes. */
static long long resident_bytes(void)
{
	long long pages = 0, resident = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (f) {
		if (fscanf(f, "%lld %lld", &pages, &resident) != 2)
			resident = 0;
		fclose(f);
	}
	return resident * sysconf(_SC_PAGESIZE);
}

static void one_gib_buffer(void **state)
{
	struct flexio_heap_mem_info info;
	flexio_process *process;
	flexio_uintptr_t daddr;
	uint64_t word = 0x1122334455667788ull, back = 0, ret;

	(void)state;
	assert_int_equal(flexio_process_create(ctx, app, NULL, &process), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_mem_info_get(process, &info), FLEXIO_STATUS_SUCCESS);
	assert_true(info.size >= (1ull << 30));
	assert_int_equal(flexio_buf_dev_alloc(process, 1ull << 30, &daddr), FLEXIO_STATUS_SUCCESS);
	/* Its last word is DPA memory like any other. */
	assert_int_equal(flexio_host2dev_memcpy(process, &word, 8, daddr + (1ull << 30) - 8), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_dev2host_memcpy(process, &back, 8, daddr + (1ull << 30) - 8), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(back, word);
	assert_int_equal(flexio_process_call(process, &add3, &ret, 1, 2, 3), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_buf_dev_free(process, daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
}

static void heap_size_from_environment(void **state)
{
	static const struct {
		const char *value;
		uint64_t size;
	} cases[] = { { "2G", 2ull << 30 },   { "64M", 64ull << 20 }, { "4194304", 4ull << 20 },
		      { "junk", 1ull << 30 }, { "100T", 1ull << 30 }, { "1K", 1ull << 30 } };

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct flexio_heap_mem_info info;
		flexio_process *process;

		setenv("FLEXIO_SIM_HEAP_SIZE", cases[i].value, 1);
		assert_int_equal(flexio_process_create(ctx, app, NULL, &process), FLEXIO_STATUS_SUCCESS);
		assert_int_equal(flexio_process_mem_info_get(process, &info), FLEXIO_STATUS_SUCCESS);
		assert_int_equal(info.size, cases[i].size);
		assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
	}
	unsetenv("FLEXIO_SIM_HEAP_SIZE");
}

/* A thousand idle processes, each with a 1 GiB heap: a few hundred MiB in all. */
static void thousand_idle_processes(void **state)
{
	enum {
		COUNT = 1000
	};
	static flexio_process *processes[COUNT];
	long long before = resident_bytes(), grown;
	uint64_t ret;

	(void)state;
	for (int i = 0; i < COUNT; i++)
		assert_int_equal(flexio_process_create(ctx, app, NULL, &processes[i]), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(processes[COUNT - 1], &add3, &ret, 1, 2, 3), FLEXIO_STATUS_SUCCESS);
	grown = resident_bytes() - before;
	printf("1000 idle processes: %lld MiB resident\n", grown >> 20);
	assert_true(grown < (512ll << 20));
	for (int i = 0; i < COUNT; i++)
		assert_int_equal(flexio_process_destroy(processes[i]), FLEXIO_STATUS_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_gib_buffer),
		cmocka_unit_test(heap_size_from_environment),
		cmocka_unit_test(thousand_idle_processes),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
