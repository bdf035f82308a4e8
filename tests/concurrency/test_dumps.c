/*
 * Core dumps and crash data of a live process: its DPA threads keep running on other host
 * threads while the dump reads their registers and memory. The dump pauses them (under
 * ThreadSanitizer, no read races a running thread's writes) and they go on afterwards.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../host/host_test.h"

extern flexio_func_t spin_task;
extern flexio_func_t add;

static flexio_app *app;

static int setup(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "concurrency_test", .ibv_ctx = ctx }, &app);
}

static int teardown(void **state)
{
	(void)state;
	sim_device_close();
	return 0;
}

static bool is_elf_core(const char *path)
{
	unsigned char ident[18] = { 0 };
	int fd = open(path, O_RDONLY);
	bool ok = fd >= 0 && read(fd, ident, sizeof(ident)) == (ssize_t)sizeof(ident) && !memcmp(ident, "\177ELF", 4) &&
		  ident[16] == 4 /* ET_CORE */;

	if (fd >= 0)
		close(fd);
	return ok;
}

static void dump_while_threads_run(void **state)
{
	struct flexio_cmdq_attr qattr = { .workers = 4, .batch_size = 1, .state = FLEXIO_CMDQ_STATE_RUNNING };
	char dir[] = "/tmp/flexio-dumps-XXXXXX", prefix[64], path[128];
	flexio_process *process;
	flexio_cmdq *cmdq;
	uint64_t ret;
	uint32_t id;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(prefix, sizeof(prefix), "%s/live", dir);
	assert_int_equal(flexio_process_create(ctx, app, NULL, &process), FLEXIO_STATUS_SUCCESS);
	id = flexio_process_get_dumem_id(process);
	assert_int_equal(flexio_cmdq_create(process, &qattr, &cmdq), FLEXIO_STATUS_SUCCESS);
	for (int i = 0; i < 8; i++)
		assert_int_equal(flexio_cmdq_task_add(cmdq, &spin_task, 3000000), FLEXIO_STATUS_SUCCESS);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(flexio_coredump_create(process, prefix), FLEXIO_STATUS_SUCCESS);
		snprintf(path, sizeof(path), "%s.%u.core", prefix, id);
		assert_true(is_elf_core(path));
		unlink(path);
		sched_yield();
	}
	/* The threads go on after the dumps: the queue drains and the process still answers. */
	while (!flexio_cmdq_is_empty(cmdq))
		sched_yield();
	assert_int_equal(flexio_process_call(process, &add, &ret, 40, 2), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 42);
	assert_int_equal(flexio_process_destroy(process), FLEXIO_STATUS_SUCCESS);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dump_while_threads_run),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
