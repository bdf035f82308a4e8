/*
 * The parser from several threads: DOCA documents argp as a program's start-up, one thread, but
 * misuse must not crash or race. Threads create, set, register and destroy parameters and
 * commands, read the levels and print the usage while another destroys and re-creates the parser;
 * every call either works or is refused. Runs under ThreadSanitizer too (label concurrency).
 */
#include "argp_test.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
	THREADS = 4,
	ROUNDS = 300
};

static atomic_int registered;
static atomic_bool stop;

static void *flags_thread(void *arg)
{
	int id = (int)(intptr_t)arg;

	for (int i = 0; i < ROUNDS; i++) {
		struct doca_argp_param *param;
		char name[32];
		int level;

		if (doca_argp_param_create(&param) != DOCA_SUCCESS)
			continue; /* the parser is being re-created */
		snprintf(name, sizeof(name), "t%d-%d", id, i);
		doca_argp_param_set_long_name(param, name);
		doca_argp_param_set_description(param, "a flag");
		doca_argp_param_set_callback(param, record_int);
		doca_argp_param_set_type(param, DOCA_ARGP_TYPE_INT);
		if (i % 3 == 0) {
			doca_argp_param_destroy(param);
		} else if (doca_argp_register_param(param) == DOCA_SUCCESS) {
			atomic_fetch_add(&registered, 1);
			/* argp's now: refused. */
			doca_argp_param_set_mandatory(param);
		}
		doca_argp_get_log_level(&level);
	}
	return NULL;
}

static void *commands_thread(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS / 3; i++) {
		struct doca_argp_cmd *cmd;
		char name[32];

		if (doca_argp_cmd_create(&cmd) != DOCA_SUCCESS)
			continue;
		snprintf(name, sizeof(name), "cmd%d", i);
		doca_argp_cmd_set_name(cmd, name);
		doca_argp_cmd_set_description(cmd, "a command");
		if (i % 2)
			doca_argp_register_cmd(cmd);
		else
			doca_argp_cmd_destroy(cmd);
	}
	return NULL;
}

static void *usage_thread(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop))
		doca_argp_usage();
	return NULL;
}

static void *recreate_thread(void *arg)
{
	(void)arg;
	for (int i = 0; i < 50; i++) {
		doca_argp_destroy();
		doca_argp_init("prog", NULL);
	}
	return NULL;
}

static void run_threads(bool recreate)
{
	pthread_t threads[THREADS + 3];
	int n = 0;

	atomic_store(&stop, false);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&threads[n++], NULL, flags_thread, (void *)(intptr_t)i), 0);
	assert_int_equal(pthread_create(&threads[n++], NULL, commands_thread, NULL), 0);
	if (recreate)
		assert_int_equal(pthread_create(&threads[n++], NULL, recreate_thread, NULL), 0);
	for (int i = 0; i < n; i++)
		assert_int_equal(pthread_join(threads[i], NULL), 0);
}

static void threads_registering(void **state)
{
	struct config cfg = { "" };
	pthread_t printer;
	int saved = dup(STDOUT_FILENO), devnull = open("/dev/null", O_WRONLY);
	char *argv[] = { "prog", "--t1-1", "5", NULL };

	(void)state;
	/* The usage texts go nowhere. */
	fflush(stdout);
	dup2(devnull, STDOUT_FILENO);
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	atomic_store(&registered, 0);
	assert_int_equal(pthread_create(&printer, NULL, usage_thread, NULL), 0);
	run_threads(false);
	atomic_store(&stop, true);
	assert_int_equal(pthread_join(printer, NULL), 0);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(devnull);
	/* Every flag registered is there. */
	assert_int_equal(atomic_load(&registered), THREADS * (ROUNDS - ROUNDS / 3));
	assert_int_equal(doca_argp_start(3, argv), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "i=5;");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void threads_while_the_parser_goes(void **state)
{
	(void)state;
	assert_int_equal(doca_argp_init("prog", NULL), DOCA_SUCCESS);
	run_threads(true);
	/* Whatever state it is in: destroyed once more cleanly (or already not there). */
	doca_argp_destroy();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(threads_registering, argp_test_teardown),
		cmocka_unit_test_teardown(threads_while_the_parser_goes, argp_test_teardown),
	};

	return cmocka_run_group_tests(tests, argp_group_setup, NULL);
}
