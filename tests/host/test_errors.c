/*
 * Fatal errors on the simulated device: the process error handler (both editions' forms)
 * and ELF core dumps that gdb-multiarch opens.
 */
#include "cmdq_test_common.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The older edition's form, bound to its symbol version as an older-edition program is. */
__asm__(".symver older_error_handler_set, flexio_process_error_handler_set@FLEXIO_1.0");
flexio_status older_error_handler_set(flexio_process *process, const char *handler);

/* A process whose default stream writes device prints to *out, synchronously. */
static flexio_process *process_with_stream(FILE **out)
{
	flexio_msg_stream_attr_t attr = { .data_bsize = 4096,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					  .level = FLEXIO_MSG_DEV_INFO };
	flexio_process *p = new_process();
	flexio_msg_stream *s;

	*out = tmpfile();
	assert_int_equal(flexio_msg_stream_create(p, &attr, *out, NULL, &s), FLEXIO_STATUS_SUCCESS);
	return p;
}

/* Several workers fault at once: the handler runs once, with the fault's status and cause. */
static void handler_runs_once_on_task_faults(void **state)
{
	FILE *out;
	flexio_process *p = process_with_stream(&out);
	struct stderr_capture c;
	flexio_cmdq *q;
	const char *text;
	unsigned long status, cause, thread;

	(void)state;
	assert_int_equal(flexio_process_error_handler_set(p, &on_error), FLEXIO_STATUS_SUCCESS);
	q = new_cmdq(p, 8, 1, FLEXIO_CMDQ_STATE_PENDING);
	for (int i = 0; i < 8; i++)
		assert_int_equal(flexio_cmdq_task_add(q, &fault_task, 0x10), FLEXIO_STATUS_SUCCESS);
	capture_begin(&c);
	assert_int_equal(flexio_cmdq_state_running(q), FLEXIO_STATUS_SUCCESS);
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	wait_empty(q);
	capture_end(&c);
	assert_int_not_equal(flexio_err_status_get(p), 0);
	text = file_text(out);
	assert_int_equal(occurrences(text, "error handler:"), 1);
	assert_int_equal(sscanf(strstr(text, "error handler:"), "error handler: status 0x%lx cause %lu thread %lu",
				&status, &cause, &thread),
			 3);
	assert_int_equal(status, 0x10); /* a thread fault */
	assert_int_equal(cause, 2);     /* unmapped data access */
	assert_int_not_equal(thread, 0xffffffffu);
	flexio_process_destroy(p);
	fclose(out);
}

static void handler_runs_on_rpc_fault_and_user_error(void **state)
{
	FILE *out;
	flexio_process *p = process_with_stream(&out);
	struct stderr_capture c;
	uint64_t ret;
	flexio_cmdq *q;

	(void)state;
	assert_int_equal(flexio_process_error_handler_set(p, &on_error), FLEXIO_STATUS_SUCCESS);
	capture_begin(&c);
	assert_int_equal(flexio_process_call(p, &fault_rpc, &ret, 0x7), FLEXIO_STATUS_FAILED);
	capture_end(&c);
	/* Synchronous stream, handler before the report: printed by the time the call fails. */
	/* 0x7 is misaligned, but misaligned loads are performed: the fault is its address, unmapped. */
	assert_non_null(strstr(file_text(out), "error handler: status 0x10 cause 2 "));
	flexio_process_destroy(p);
	fclose(out);

	p = process_with_stream(&out);
	assert_int_equal(flexio_process_error_handler_set(p, &on_error), FLEXIO_STATUS_SUCCESS);
	q = new_cmdq(p, 1, 1, FLEXIO_CMDQ_STATE_RUNNING);
	capture_begin(&c);
	assert_int_equal(flexio_cmdq_task_add(q, &error_task, 200), FLEXIO_STATUS_SUCCESS);
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	capture_end(&c);
	assert_non_null(strstr(file_text(out), "error handler: status 0xc8 cause 0 "));
	assert_int_equal(occurrences(file_text(out), "error handler:"), 1);
	flexio_process_destroy(p);
	fclose(out);

	/* A normal end (flexio_dev_process_finish) is no error: the handler does not run. */
	p = process_with_stream(&out);
	assert_int_equal(flexio_process_error_handler_set(p, &on_error), FLEXIO_STATUS_SUCCESS);
	q = new_cmdq(p, 1, 1, FLEXIO_CMDQ_STATE_RUNNING);
	assert_int_equal(flexio_cmdq_task_add(q, &finish_process_task, 0), FLEXIO_STATUS_SUCCESS);
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	assert_int_equal(occurrences(file_text(out), "error handler:"), 0);
	flexio_process_destroy(p);
	fclose(out);
}

static void faulting_handler_is_not_rerun(void **state)
{
	FILE *out;
	flexio_process *p = process_with_stream(&out);
	struct stderr_capture c;
	flexio_cmdq *q;

	(void)state;
	assert_int_equal(flexio_process_error_handler_set(p, &on_error_faulting), FLEXIO_STATUS_SUCCESS);
	q = new_cmdq(p, 2, 1, FLEXIO_CMDQ_STATE_RUNNING);
	capture_begin(&c);
	assert_int_equal(flexio_cmdq_task_add(q, &fault_task, 0x10), FLEXIO_STATUS_SUCCESS);
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	wait_empty(q);
	capture_end(&c);
	assert_int_equal(occurrences(file_text(out), "faulting error handler: status 0x10"), 1);
	assert_int_not_equal(flexio_err_status_get(p), 0);
	flexio_process_destroy(p);
	fclose(out);
}

static void older_edition_handler_by_name(void **state)
{
	FILE *out;
	flexio_process *p = process_with_stream(&out);
	struct stderr_capture c;
	char long_name[FLEXIO_MAX_NAME_LEN + 2];
	uint64_t ret;

	(void)state;
	EXPECT_FAILURE_LOGGED(older_error_handler_set(p, NULL), "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(older_error_handler_set(p, ""), "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(older_error_handler_set(p, "no_such_function"), "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(older_error_handler_set(p, "not_a_function"), "flexio_process_error_handler_set");
	memset(long_name, 'a', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	EXPECT_FAILURE_LOGGED(older_error_handler_set(p, long_name), "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(older_error_handler_set(NULL, "on_error"), "flexio_process_error_handler_set");
	assert_int_equal(older_error_handler_set(p, "on_error"), FLEXIO_STATUS_SUCCESS);
	capture_begin(&c);
	assert_int_equal(flexio_process_call(p, &fault_rpc, &ret, 0x10), FLEXIO_STATUS_FAILED);
	capture_end(&c);
	assert_int_equal(occurrences(file_text(out), "error handler: status 0x10 cause 2 "), 1);
	flexio_process_destroy(p);
	fclose(out);
}

static void handler_set_rules(void **state)
{
	flexio_process *p = new_process(), *dead = new_process();
	flexio_cmdq *q;
	struct stderr_capture c;
	flexio_uintptr_t daddr;
	uint64_t ret;
	int local;

	(void)state;
	flexio_process_destroy(dead);
	EXPECT_FAILURE_LOGGED(flexio_process_error_handler_set(NULL, &on_error), "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(flexio_process_error_handler_set(dead, &on_error), "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(flexio_process_error_handler_set((flexio_process *)&local, &on_error),
			      "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(flexio_process_error_handler_set(p, NULL), "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(flexio_process_error_handler_set(p, (flexio_func_t *)&local),
			      "flexio_process_error_handler_set");
	/* Set twice before the first thread: the last one counts. */
	assert_int_equal(flexio_process_error_handler_set(p, &on_error_faulting), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_error_handler_set(p, &on_error), FLEXIO_STATUS_SUCCESS);
	/* RPCs use the process's own thread: still allowed after one. */
	assert_int_equal(flexio_buf_dev_alloc(p, 8, &daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &read_u64, &ret, daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_error_handler_set(p, &on_error), FLEXIO_STATUS_SUCCESS);
	/* Not once the process has stopped. */
	capture_begin(&c);
	assert_int_equal(flexio_process_call(p, &fault_rpc, &ret, 0), FLEXIO_STATUS_FAILED);
	capture_end(&c);
	EXPECT_FAILURE_LOGGED(flexio_process_error_handler_set(p, &on_error), "flexio_process_error_handler_set");
	flexio_process_destroy(p);

	/* After the first thread (a cmdq worker): too late. */
	p = new_process();
	q = new_cmdq(p, 1, 1, FLEXIO_CMDQ_STATE_PENDING);
	EXPECT_FAILURE_LOGGED(flexio_process_error_handler_set(p, &on_error), "flexio_process_error_handler_set");
	EXPECT_FAILURE_LOGGED(older_error_handler_set(p, "on_error"), "flexio_process_error_handler_set");
	flexio_cmdq_destroy(q);
	EXPECT_FAILURE_LOGGED(flexio_process_error_handler_set(p, &on_error), "flexio_process_error_handler_set");
	capture_begin(&c);
	flexio_process_destroy(p);
	capture_end(&c);
}

/* ---- core dumps --------------------------------------------------------------------------- */

static bool have_gdb(void)
{
	return system("gdb-multiarch --version > /dev/null 2>&1") == 0;
}

/* Runs gdb-multiarch in batch mode on elf + core with the commands; returns its output. */
static char *gdb(const char *elf, const char *core, const char *commands)
{
	static char text[65536];
	char cmd[4096];
	FILE *f;
	size_t n;

	snprintf(cmd, sizeof(cmd), "gdb-multiarch -nx -batch %s %s %s 2>&1", commands, elf, core);
	f = popen(cmd, "r");
	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	pclose(f);
	return text;
}

/* The application's ELF in a temporary file. */
static void write_elf(char *path)
{
	size_t size = flexio_app_get_elf_size(app);
	uint64_t *elf = malloc(size + 8);
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(flexio_app_get_elf(app, elf, size), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(write(fd, elf, size), (ssize_t)size);
	close(fd);
	free(elf);
}

/* A value of crash data's "name: 0x..." or "xN  abi 0x..." line. */
static uint64_t crash_value(const char *text, const char *label)
{
	const char *at = strstr(text, label);

	assert_non_null(at);
	at = strstr(at, "0x");
	assert_non_null(at);
	return strtoull(at, NULL, 16);
}

/* gdb's value of register reg ("pc             0x10a4c  0x10a4c <fault_task+4>"). */
static uint64_t gdb_register(const char *text, const char *reg)
{
	char label[32];
	const char *at;

	snprintf(label, sizeof(label), "\n%s ", reg);
	at = strstr(text, label);
	if (!at && !strncmp(text, label + 1, strlen(label) - 1))
		at = text - 1;
	if (!at)
		fail_msg("gdb shows no register %s:\n%s", reg, text);
	return strtoull(strstr(at, "0x"), NULL, 16);
}

static void core_dump_of_a_faulted_process(void **state)
{
	flexio_process *p = new_process();
	char elf[] = "/tmp/flexio_core_elf_XXXXXX", base[] = "/tmp/flexio_core_XXXXXX",
	     crash[] = "/tmp/flexio_crash_XXXXXX";
	char core[256], crash_file[256], *out;
	struct stderr_capture c;
	struct stat st;
	flexio_cmdq *q;
	FILE *f;
	uint64_t pc, a0;
	int fd;

	(void)state;
	q = new_cmdq(p, 3, 1, FLEXIO_CMDQ_STATE_RUNNING);
	capture_begin(&c);
	assert_int_equal(flexio_cmdq_task_add(q, &fault_task, 0x40), FLEXIO_STATUS_SUCCESS);
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	wait_empty(q);
	capture_end(&c);

	fd = mkstemp(crash);
	close(fd);
	unlink(crash);
	assert_int_equal(flexio_crash_data(p, crash), FLEXIO_STATUS_SUCCESS);
	snprintf(crash_file, sizeof(crash_file), "%s.%u.crash", crash, flexio_process_get_dumem_id(p));
	f = fopen(crash_file, "r");
	assert_non_null(f);
	out = file_text(f);
	pc = crash_value(out, "\npc:");
	a0 = crash_value(out, "\nx10");
	fclose(f);
	unlink(crash_file);
	assert_int_equal(a0, 0x40);

	fd = mkstemp(base);
	close(fd);
	unlink(base);
	assert_int_equal(flexio_coredump_create(p, base), FLEXIO_STATUS_SUCCESS);
	snprintf(core, sizeof(core), "%s.%u.core", base, flexio_process_get_dumem_id(p));
	assert_int_equal(stat(core, &st), 0);
	write_elf(elf);
	if (!have_gdb()) {
		unlink(core);
		unlink(elf);
		flexio_process_destroy(p);
		print_message(
			"SKIPPED the gdb check: gdb-multiarch is not installed (apt-get install gdb-multiarch)\n");
		skip();
	}
	out = gdb(elf, core, "-ex 'info registers pc' -ex 'info registers a0' -ex 'info threads'");
	if (gdb_register(out, "pc") != pc || gdb_register(out, "a0") != 0x40 || !strstr(out, "fault_task") ||
	    occurrences(out, "LWP") < 5 /* the RPC thread and 3 workers, listed, plus the current one */)
		fail_msg("gdb-multiarch on the core (pc 0x%llx expected):\n%s", (unsigned long long)pc, out);
	unlink(core);
	unlink(elf);
	flexio_process_destroy(p);
}

static void core_dump_of_a_healthy_process(void **state)
{
	flexio_process *p = new_process();
	char elf[] = "/tmp/flexio_core_elf_XXXXXX", base[] = "/tmp/flexio_core_XXXXXX", core[256], cmd[128], *out;
	flexio_uintptr_t daddr;
	uint64_t ret;
	int fd;

	(void)state;
	assert_int_equal(flexio_buf_dev_alloc(p, 64, &daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_call(p, &write_u64, &ret, daddr + 8, 0x1122334455667788ull),
			 FLEXIO_STATUS_SUCCESS);
	fd = mkstemp(base);
	close(fd);
	unlink(base);
	assert_int_equal(flexio_coredump_create(p, base), FLEXIO_STATUS_SUCCESS);
	snprintf(core, sizeof(core), "%s.%u.core", base, flexio_process_get_dumem_id(p));
	write_elf(elf);
	if (!have_gdb()) {
		unlink(core);
		unlink(elf);
		flexio_process_destroy(p);
		print_message(
			"SKIPPED the gdb check: gdb-multiarch is not installed (apt-get install gdb-multiarch)\n");
		skip();
	}
	snprintf(cmd, sizeof(cmd), "-ex 'x/gx 0x%llx' -ex 'info registers pc'", (unsigned long long)daddr + 8);
	out = gdb(elf, core, cmd);
	if (!strstr(out, "0x1122334455667788"))
		fail_msg("gdb-multiarch does not show the heap word:\n%s", out);
	unlink(core);
	unlink(elf);
	/* The process goes on after a dump. */
	assert_int_equal(flexio_process_call(p, &read_u64, &ret, daddr + 8), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(ret, 0x1122334455667788ull);
	flexio_process_destroy(p);
}

static void core_dump_names_and_bad_input(void **state)
{
	flexio_process *p = new_process(), *dead = new_process();
	char name[64], cwd_name[80];
	struct stat st;
	int local;

	(void)state;
	flexio_process_destroy(dead);
	EXPECT_FAILURE_LOGGED(flexio_coredump_create(NULL, "/tmp/x"), "flexio_coredump_create");
	EXPECT_FAILURE_LOGGED(flexio_coredump_create(dead, "/tmp/x"), "flexio_coredump_create");
	EXPECT_FAILURE_LOGGED(flexio_coredump_create((flexio_process *)&local, "/tmp/x"), "flexio_coredump_create");
	EXPECT_FAILURE_LOGGED(flexio_coredump_create(p, ""), "flexio_coredump_create");
	EXPECT_FAILURE_LOGGED(flexio_coredump_create(p, "/nonexistent/dir/core"), "flexio_coredump_create");

	/* NULL: flexio_dev.NNN.core in the current directory. */
	snprintf(name, sizeof(name), "flexio_dev.%u.core", flexio_process_get_dumem_id(p));
	assert_int_equal(flexio_coredump_create(p, NULL), FLEXIO_STATUS_SUCCESS);
	if (stat(name, &st)) {
		snprintf(cwd_name, sizeof(cwd_name), "/tmp/%s", name); /* an unwritable directory */
		assert_int_equal(stat(cwd_name, &st), 0);
		unlink(cwd_name);
	} else {
		unlink(name);
	}
	flexio_process_destroy(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(handler_runs_once_on_task_faults),
		cmocka_unit_test(handler_runs_on_rpc_fault_and_user_error),
		cmocka_unit_test(faulting_handler_is_not_rerun),
		cmocka_unit_test(older_edition_handler_by_name),
		cmocka_unit_test(handler_set_rules),
		cmocka_unit_test(core_dump_of_a_faulted_process),
		cmocka_unit_test(core_dump_of_a_healthy_process),
		cmocka_unit_test(core_dump_names_and_bad_input),
	};

	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
