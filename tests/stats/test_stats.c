/*
 * dpa_stats from another OS process: this program links libdpa_stats only and watches
 * stats_child (libflexio, DPA event handlers on mlx5_sim0) through the device's statistics
 * registry: processes, threads and their names, counters rising while the child's handlers run,
 * counter state and sample type set here and honoured there, event-tracer samples, a reset, a
 * process that exits (or is killed) disappearing; then every function's good and bad input (the
 * status, the handle's code, message and location, one log line), sorting and comparing, and
 * OpenFlexIO's event counts (dpa_stats_ext.h); and another program of the user truncating the
 * registry's files while a process counts and this program reads.
 *
 * The registry lives in a directory of this test's own (FLEXIO_SIM_STATS_DIR), so processes of
 * other tests running at the same time are not seen.
 */
#define DPA_STATS_ALLOW_EXPERIMENTAL_API
#include <dpa_stats.h>
#include <dpa_stats_ext.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "../unit/capture.h"

extern char **environ;

/* A running stats_child. */
struct child {
	pid_t pid;
	FILE *out;
	int in;
	uint32_t process_id, thread_a, thread_b;
};

static char stats_dir[] = "/tmp/dpa-stats-test-XXXXXX";
static dpa_stats_handler_t *h;

static void child_start(struct child *c, const char *name)
{
	int to_child[2], from_child[2];
	posix_spawn_file_actions_t actions;
	char *argv[] = { STATS_CHILD, (char *)name, NULL };
	char line[64];

	assert_int_equal(pipe(to_child), 0);
	assert_int_equal(pipe(from_child), 0);
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&actions, to_child[1]);
	posix_spawn_file_actions_addclose(&actions, from_child[0]);
	assert_int_equal(posix_spawn(&c->pid, STATS_CHILD, &actions, NULL, argv, environ), 0);
	posix_spawn_file_actions_destroy(&actions);
	close(to_child[0]);
	close(from_child[1]);
	c->in = to_child[1];
	c->out = fdopen(from_child[0], "r");
	assert_non_null(c->out);
	assert_non_null(fgets(line, sizeof(line), c->out));
	assert_int_equal(sscanf(line, "ready %u %u %u", &c->process_id, &c->thread_a, &c->thread_b), 3);
}

static void child_stop(struct child *c)
{
	char line[16] = "";
	int status;

	assert_int_equal(write(c->in, "q\n", 2), 2);
	assert_non_null(fgets(line, sizeof(line), c->out));
	assert_string_equal(line, "bye\n");
	close(c->in);
	fclose(c->out);
	assert_int_equal(waitpid(c->pid, &status, 0), c->pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&t, NULL);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(stats_dir) || setenv("FLEXIO_SIM_STATS_DIR", stats_dir, 1))
		return -1;
	h = dpa_stats_open("mlx5_sim0");
	return h ? 0 : -1;
}

static int teardown(void **state)
{
	char path[256];

	(void)state;
	dpa_stats_close(h);
	snprintf(path, sizeof(path), "%s/openflexio-stats-mlx5_sim0-%u", stats_dir, (unsigned)getuid());
	unlink(path);
	rmdir(stats_dir);
	return 0;
}

/* The cumulative counters of thread tid of process pid. */
static dpa_stats_thread_cumul_info cumul(uint32_t pid, uint32_t tid)
{
	dpa_stats_perf_cumul_list *list;
	dpa_stats_thread_cumul_info info;

	assert_int_equal(dpa_stats_read_process_cumul_info_list(h, pid, tid, &list), DPA_STATS_STATUS_OK);
	assert_int_equal(list->samples_num, 1);
	info = list->samples[0];
	assert_int_equal(info.dpa_process_id, pid);
	assert_int_equal(info.dpa_thread_id, tid);
	dpa_stats_free_cumul_info_list(list);
	return info;
}

/* A name's thread in list, or NULL. */
static const dpa_stats_thread_info *thread_named(const dpa_stats_thread_list *list, uint32_t pid, const char *name)
{
	for (uint32_t i = 0; i < list->threads_num; i++)
		if (list->threads[i].dpa_process_id == pid && !strcmp(list->threads[i].thread_name, name))
			return &list->threads[i];
	return NULL;
}

static void test_processes_and_threads(void **state)
{
	dpa_stats_process_list *all, *one;
	dpa_stats_thread_list *threads, *by_list;
	const dpa_stats_thread_info *t;
	struct child c;
	bool found = false;

	(void)state;
	child_start(&c, "stats_proc_a");
	assert_int_equal(dpa_stats_read_processes_list(h, DPA_STATS_ALL_PROCESSES, &all), DPA_STATS_STATUS_OK);
	for (uint32_t i = 0; i < all->process_num; i++)
		if (all->processes[i].dpa_process_id == c.process_id) {
			found = true;
			assert_string_equal(all->processes[i].process_name, "stats_proc_a");
			/* the RPC thread and the two handlers */
			assert_int_equal(all->processes[i].num_of_threads, 3);
		}
	assert_true(found);
	assert_int_equal(dpa_stats_read_processes_list(h, c.process_id, &one), DPA_STATS_STATUS_OK);
	assert_int_equal(one->process_num, 1);
	assert_int_equal(one->processes[0].dpa_process_id, c.process_id);

	assert_int_equal(dpa_stats_read_process_thread_list(h, c.process_id, DPA_STATS_ALL_THREADS, &threads),
			 DPA_STATS_STATUS_OK);
	assert_int_equal(threads->threads_num, 3);
	t = thread_named(threads, c.process_id, "worker_a");
	assert_non_null(t);
	assert_int_equal(t->dpa_thread_id, c.thread_a);
	t = thread_named(threads, c.process_id, "stats_spin"); /* unnamed: its function's name */
	assert_non_null(t);
	assert_int_equal(t->dpa_thread_id, c.thread_b);
	assert_non_null(thread_named(threads, c.process_id, "rpc"));
	assert_int_equal(dpa_stats_read_thread_list(h, one, &by_list), DPA_STATS_STATUS_OK);
	assert_int_equal(by_list->threads_num, 3);
	dpa_stats_free_thread_list(by_list);
	dpa_stats_free_thread_list(threads);
	assert_int_equal(dpa_stats_read_process_thread_list(h, c.process_id, c.thread_a, &threads),
			 DPA_STATS_STATUS_OK);
	assert_int_equal(threads->threads_num, 1);
	assert_string_equal(threads->threads[0].thread_name, "worker_a");
	dpa_stats_free_thread_list(threads);
	dpa_stats_free_process_list(one);
	dpa_stats_free_process_list(all);
	child_stop(&c);
}

static void test_counters(void **state)
{
	dpa_stats_thread_cumul_info before, after, reset;
	dpa_stats_counter_state counter_state;
	dpa_stats_sample_type type;
	dpa_stats_process_list *one;
	dpa_stats_perf_cumul_list *list;
	struct child c;

	(void)state;
	child_start(&c, NULL);
	/* Off by default: nothing counted. */
	assert_int_equal(dpa_stats_get_counter_state(h, c.process_id, &counter_state, &type), DPA_STATS_STATUS_OK);
	assert_int_equal(counter_state, DPA_STATS_COUNTER_STATE_INACTIVE);
	sleep_ms(100);
	assert_int_equal(cumul(c.process_id, c.thread_a).num_executions, 0);

	assert_int_equal(dpa_stats_set_counter_state(h, c.process_id, DPA_STATS_COUNTER_STATE_ACTIVE,
						     DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
			 DPA_STATS_STATUS_OK);
	assert_int_equal(dpa_stats_get_counter_state(h, c.process_id, &counter_state, &type), DPA_STATS_STATUS_OK);
	assert_int_equal(counter_state, DPA_STATS_COUNTER_STATE_ACTIVE);
	assert_int_equal(type, DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT);
	sleep_ms(200);
	before = cumul(c.process_id, c.thread_a);
	sleep_ms(200);
	after = cumul(c.process_id, c.thread_a);
	assert_true(after.num_executions > before.num_executions && before.num_executions > 0);
	assert_true(after.instructions > before.instructions);
	/* stats_spin's loop: some thousands of instructions an invocation, more cycles than that */
	assert_true(after.instructions >= after.num_executions * 1000);
	assert_true(after.cycles > after.instructions);
	assert_true(after.time > 0);
	assert_true(cumul(c.process_id, c.thread_b).num_executions > 0);

	/* Per list: the same threads' counters. */
	assert_int_equal(dpa_stats_read_processes_list(h, c.process_id, &one), DPA_STATS_STATUS_OK);
	assert_int_equal(dpa_stats_read_cumul_info_list(h, one, &list), DPA_STATS_STATUS_OK);
	assert_int_equal(list->samples_num, 3);
	dpa_stats_free_cumul_info_list(list);
	dpa_stats_free_process_list(one);

	/* Stopped: the values stay. */
	assert_int_equal(dpa_stats_set_counter_state(h, c.process_id, DPA_STATS_COUNTER_STATE_INACTIVE,
						     DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
			 DPA_STATS_STATUS_OK);
	sleep_ms(50); /* an invocation begun while counting ends counted */
	before = cumul(c.process_id, c.thread_a);
	sleep_ms(200);
	after = cumul(c.process_id, c.thread_a);
	assert_int_equal(after.num_executions, before.num_executions);
	assert_true(after.num_executions > 0);

	/* Reset: back to zero, still stopped. */
	assert_int_equal(dpa_stats_set_counter_state(h, c.process_id, DPA_STATS_COUNTER_STATE_RESET,
						     DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
			 DPA_STATS_STATUS_OK);
	reset = cumul(c.process_id, c.thread_a);
	assert_int_equal(reset.num_executions, 0);
	assert_int_equal(reset.instructions, 0);
	assert_int_equal(dpa_stats_get_counter_state(h, c.process_id, &counter_state, &type), DPA_STATS_STATUS_OK);
	assert_int_equal(counter_state, DPA_STATS_COUNTER_STATE_INACTIVE);
	child_stop(&c);
}

static void test_all_processes_and_new_ones(void **state)
{
	dpa_stats_counter_state counter_state;
	dpa_stats_sample_type type;
	struct child c;

	(void)state;
	assert_int_equal(dpa_stats_set_counter_state(h, DPA_STATS_ALL_PROCESSES, DPA_STATS_COUNTER_STATE_ACTIVE,
						     DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
			 DPA_STATS_STATUS_OK);
	assert_int_equal(dpa_stats_get_counter_state(h, DPA_STATS_ALL_PROCESSES, &counter_state, &type),
			 DPA_STATS_STATUS_OK);
	assert_int_equal(counter_state, DPA_STATS_COUNTER_STATE_ACTIVE);
	/* A process made afterwards starts counting. */
	child_start(&c, NULL);
	sleep_ms(200);
	assert_true(cumul(c.process_id, c.thread_a).num_executions > 0);
	child_stop(&c);
	assert_int_equal(dpa_stats_set_counter_state(h, DPA_STATS_ALL_PROCESSES, DPA_STATS_COUNTER_STATE_INACTIVE,
						     DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
			 DPA_STATS_STATUS_OK);
}

static void test_event_tracer(void **state)
{
	dpa_stats_perf_event_list *events, *by_list;
	dpa_stats_process_list *one;
	struct child c;
	uint32_t ins = 0, outs = 0;

	(void)state;
	child_start(&c, NULL);
	assert_int_equal(dpa_stats_read_processes_list(h, c.process_id, &one), DPA_STATS_STATUS_OK);
	{
		struct stderr_capture cap;

		capture_begin(&cap);
		assert_int_equal(dpa_stats_read_perf_event_list(h, one, &events), DPA_STATS_STATUS_NO_SUCH_EVENTS);
		assert_int_equal(count_lines(capture_end(&cap)), 1);
		assert_null(events);
	}
	assert_int_equal(dpa_stats_set_counter_state(h, c.process_id, DPA_STATS_COUNTER_STATE_ACTIVE,
						     DPA_STATS_SAMPLE_TYPE_EVENT_TRACER),
			 DPA_STATS_STATUS_OK);
	sleep_ms(200);
	assert_int_equal(dpa_stats_read_process_perf_event_list(h, c.process_id, c.thread_a, &events),
			 DPA_STATS_STATUS_OK);
	assert_true(events->samples_num >= 2);
	for (uint32_t i = 0; i < events->samples_num; i++) {
		const dpa_stats_perf_event_sample *s = &events->samples[i];

		if (s->type == DPA_STATS_EVENT_SAMPLE_TYPE_BUFFER_FULL)
			continue;
		assert_int_equal(s->dpa_process_id, c.process_id);
		assert_int_equal(s->dpa_thread_id, c.thread_a);
		ins += s->type == DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_IN;
		outs += s->type == DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_OUT;
		/* A pair: the out sample follows its in sample on the same EU, with the same id. */
		if (s->type == DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_OUT && i > 0 &&
		    events->samples[i - 1].type == DPA_STATS_EVENT_SAMPLE_TYPE_SCHEDULE_IN) {
			assert_int_equal(events->samples[i - 1].eu_id, s->eu_id);
			assert_int_equal(events->samples[i - 1].sample_id_in_eu, s->sample_id_in_eu);
			assert_true(s->cycles >= events->samples[i - 1].cycles + 1000);
			assert_true(s->time >= events->samples[i - 1].time);
		}
	}
	assert_true(ins > 0 && outs > 0);
	dpa_stats_free_perf_event_list(events);
	assert_int_equal(dpa_stats_read_perf_event_list(h, one, &by_list), DPA_STATS_STATUS_OK);
	assert_true(by_list->samples_num > 0);
	dpa_stats_free_perf_event_list(by_list);
	dpa_stats_free_process_list(one);
	child_stop(&c);
}

static void test_exit_and_kill_disappear(void **state)
{
	dpa_stats_process_list *list = NULL;
	struct child c, killed;
	int status;

	(void)state;
	child_start(&c, NULL);
	child_start(&killed, NULL);
	assert_int_equal(dpa_stats_read_processes_list(h, c.process_id, &list), DPA_STATS_STATUS_OK);
	dpa_stats_free_process_list(list);
	child_stop(&c);
	{
		struct stderr_capture cap;

		capture_begin(&cap);
		assert_int_equal(dpa_stats_read_processes_list(h, c.process_id, &list),
				 DPA_STATS_STATUS_NO_SUCH_PROCESS);
		assert_int_equal(count_lines(capture_end(&cap)), 1);
	}
	/* Killed: its slots stay behind, but its pid is gone, so nobody sees them. */
	kill(killed.pid, SIGKILL);
	assert_int_equal(waitpid(killed.pid, &status, 0), killed.pid);
	close(killed.in);
	fclose(killed.out);
	assert_int_equal(dpa_stats_read_processes_list(h, DPA_STATS_ALL_PROCESSES, &list), DPA_STATS_STATUS_OK);
	for (uint32_t i = 0; i < list->process_num; i++)
		assert_int_not_equal(list->processes[i].dpa_process_id, killed.process_id);
	dpa_stats_free_process_list(list);
}

/* call gives status, records it on the handle with func as location, and logs one line. */
#define EXPECT_STATUS(call, status, func)                                                   \
	do {                                                                                \
		struct stderr_capture c_;                                                   \
		const char *text_;                                                          \
		capture_begin(&c_);                                                         \
		assert_int_equal((call), (status));                                         \
		text_ = capture_end(&c_);                                                   \
		if (!strstr(text_, "dpa_stats ERR " func ": ") || count_lines(text_) != 1)  \
			fail_msg("expected one error line from %s, got:\n%s", func, text_); \
		assert_int_equal(dpa_stats_get_error_code(h), (status));                    \
		assert_string_equal(dpa_stats_get_error_location(h), func);                 \
		assert_true(strlen(dpa_stats_get_error_message(h)) > 0);                    \
	} while (0)

/* call logs one line naming func (no handle to record it on). */
#define EXPECT_LOGGED(call, func)                                                           \
	do {                                                                                \
		struct stderr_capture c_;                                                   \
		const char *text_;                                                          \
		capture_begin(&c_);                                                         \
		call;                                                                       \
		text_ = capture_end(&c_);                                                   \
		if (!strstr(text_, "dpa_stats ERR " func ": ") || count_lines(text_) != 1)  \
			fail_msg("expected one error line from %s, got:\n%s", func, text_); \
	} while (0)

static void test_open_close_errors(void **state)
{
	dpa_stats_handler_t *other;

	(void)state;
	EXPECT_LOGGED(assert_null(dpa_stats_open(NULL)), "dpa_stats_open");
	EXPECT_LOGGED(assert_null(dpa_stats_open("not a device")), "dpa_stats_open");
	EXPECT_LOGGED(assert_null(dpa_stats_open("mlx5_sim7")), "dpa_stats_open"); /* not simulated here */
	dpa_stats_close(NULL);
	/* A fresh handle has no error. */
	other = dpa_stats_open("mlx5_sim0");
	assert_non_null(other);
	assert_int_equal(dpa_stats_get_error_code(other), DPA_STATS_STATUS_OK);
	assert_string_equal(dpa_stats_get_error_message(other), "");
	assert_string_equal(dpa_stats_get_error_location(other), "");
	dpa_stats_close(other);
	EXPECT_LOGGED(assert_int_equal(dpa_stats_get_error_code(NULL), DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_get_error_code");
	EXPECT_LOGGED(assert_null(dpa_stats_get_error_message(NULL)), "dpa_stats_get_error_message");
	EXPECT_LOGGED(assert_null(dpa_stats_get_error_location(NULL)), "dpa_stats_get_error_location");
}

static void test_caps(void **state)
{
	dpa_stats_capabilities caps;

	(void)state;
	assert_int_equal(dpa_stats_read_caps(h, &caps), DPA_STATS_STATUS_OK);
	assert_int_equal(caps.dpa_supported, 1);
	assert_int_equal(caps.process_performance_counters, 1);
	assert_int_equal(caps.performance_sample_type, 3);
	EXPECT_STATUS(dpa_stats_read_caps(h, NULL), DPA_STATS_STATUS_NULL_POINTER, "dpa_stats_read_caps");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_read_caps(NULL, &caps), DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_read_caps");
}

static void test_bad_input(void **state)
{
	dpa_stats_process_list empty = { 0 }, broken = { .process_num = 2, .processes = NULL };
	dpa_stats_counter_state counter_state;
	dpa_stats_sample_type type;
	dpa_stats_process_list *pl = (void *)1;
	dpa_stats_thread_list *tl = (void *)1;
	dpa_stats_perf_cumul_list *cl = (void *)1;
	dpa_stats_perf_event_list *el = (void *)1;
	const uint32_t nobody = 0x7ffffff0u;
	struct child c;

	(void)state;
	/* counter state */
	EXPECT_STATUS(dpa_stats_set_counter_state(h, DPA_STATS_ALL_PROCESSES, (dpa_stats_counter_state)9,
						  DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
		      DPA_STATS_STATUS_VALUE_OUT_OF_ENUM, "dpa_stats_set_counter_state");
	EXPECT_STATUS(dpa_stats_set_counter_state(h, DPA_STATS_ALL_PROCESSES, DPA_STATS_COUNTER_STATE_ACTIVE,
						  (dpa_stats_sample_type)5),
		      DPA_STATS_STATUS_VALUE_OUT_OF_ENUM, "dpa_stats_set_counter_state");
	EXPECT_STATUS(dpa_stats_set_counter_state(h, nobody, DPA_STATS_COUNTER_STATE_ACTIVE,
						  DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
		      DPA_STATS_STATUS_NO_SUCH_PROCESS, "dpa_stats_set_counter_state");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_set_counter_state(NULL, 0, DPA_STATS_COUNTER_STATE_ACTIVE,
								   DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
				       DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_set_counter_state");
	EXPECT_STATUS(dpa_stats_get_counter_state(h, 0, NULL, &type), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_get_counter_state");
	EXPECT_STATUS(dpa_stats_get_counter_state(h, 0, &counter_state, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_get_counter_state");
	EXPECT_STATUS(dpa_stats_get_counter_state(h, nobody, &counter_state, &type), DPA_STATS_STATUS_NO_SUCH_PROCESS,
		      "dpa_stats_get_counter_state");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_get_counter_state(NULL, 0, &counter_state, &type),
				       DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_get_counter_state");

	/* processes */
	EXPECT_STATUS(dpa_stats_read_processes_list(h, DPA_STATS_ALL_PROCESSES, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_processes_list");
	EXPECT_STATUS(dpa_stats_read_processes_list(h, nobody, &pl), DPA_STATS_STATUS_NO_SUCH_PROCESS,
		      "dpa_stats_read_processes_list");
	assert_null(pl);
	EXPECT_LOGGED(assert_int_equal(dpa_stats_read_processes_list(NULL, 0, &pl), DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_read_processes_list");

	/* threads */
	EXPECT_STATUS(dpa_stats_read_thread_list(h, NULL, &tl), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_thread_list");
	assert_null(tl);
	EXPECT_STATUS(dpa_stats_read_thread_list(h, &broken, &tl), DPA_STATS_STATUS_INVALID_PARAMS,
		      "dpa_stats_read_thread_list");
	EXPECT_STATUS(dpa_stats_read_thread_list(h, &empty, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_thread_list");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_read_thread_list(NULL, &empty, &tl), DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_read_thread_list");
	assert_int_equal(dpa_stats_read_thread_list(h, &empty, &tl), DPA_STATS_STATUS_OK); /* no process: none */
	assert_int_equal(tl->threads_num, 0);
	dpa_stats_free_thread_list(tl);
	EXPECT_STATUS(dpa_stats_read_process_thread_list(h, DPA_STATS_ALL_PROCESSES, 1, &tl),
		      DPA_STATS_STATUS_INVALID_PARAMS, "dpa_stats_read_process_thread_list");
	EXPECT_STATUS(dpa_stats_read_process_thread_list(h, nobody, DPA_STATS_ALL_THREADS, &tl),
		      DPA_STATS_STATUS_NO_SUCH_PROCESS, "dpa_stats_read_process_thread_list");
	EXPECT_STATUS(dpa_stats_read_process_thread_list(h, 0, 0, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_process_thread_list");
	EXPECT_LOGGED(
		assert_int_equal(dpa_stats_read_process_thread_list(NULL, 0, 0, &tl), DPA_STATS_STATUS_NULL_POINTER),
		"dpa_stats_read_process_thread_list");

	/* cumulative counters */
	EXPECT_STATUS(dpa_stats_read_cumul_info_list(h, NULL, &cl), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_cumul_info_list");
	assert_null(cl);
	EXPECT_STATUS(dpa_stats_read_cumul_info_list(h, &broken, &cl), DPA_STATS_STATUS_INVALID_PARAMS,
		      "dpa_stats_read_cumul_info_list");
	EXPECT_STATUS(dpa_stats_read_cumul_info_list(h, &empty, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_cumul_info_list");
	EXPECT_LOGGED(
		assert_int_equal(dpa_stats_read_cumul_info_list(NULL, &empty, &cl), DPA_STATS_STATUS_NULL_POINTER),
		"dpa_stats_read_cumul_info_list");
	EXPECT_STATUS(dpa_stats_read_process_cumul_info_list(h, DPA_STATS_ALL_PROCESSES, 3, &cl),
		      DPA_STATS_STATUS_INVALID_PARAMS, "dpa_stats_read_process_cumul_info_list");
	EXPECT_STATUS(dpa_stats_read_process_cumul_info_list(h, nobody, DPA_STATS_ALL_THREADS, &cl),
		      DPA_STATS_STATUS_NO_SUCH_PROCESS, "dpa_stats_read_process_cumul_info_list");
	EXPECT_STATUS(dpa_stats_read_process_cumul_info_list(h, 0, 0, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_process_cumul_info_list");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_read_process_cumul_info_list(NULL, 0, 0, &cl),
				       DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_read_process_cumul_info_list");

	/* event tracer */
	EXPECT_STATUS(dpa_stats_read_perf_event_list(h, NULL, &el), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_perf_event_list");
	assert_null(el);
	EXPECT_STATUS(dpa_stats_read_perf_event_list(h, &broken, &el), DPA_STATS_STATUS_INVALID_PARAMS,
		      "dpa_stats_read_perf_event_list");
	EXPECT_STATUS(dpa_stats_read_perf_event_list(h, &empty, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_perf_event_list");
	EXPECT_STATUS(dpa_stats_read_perf_event_list(h, &empty, &el), DPA_STATS_STATUS_NO_SUCH_EVENTS,
		      "dpa_stats_read_perf_event_list");
	EXPECT_LOGGED(
		assert_int_equal(dpa_stats_read_perf_event_list(NULL, &empty, &el), DPA_STATS_STATUS_NULL_POINTER),
		"dpa_stats_read_perf_event_list");
	EXPECT_STATUS(dpa_stats_read_process_perf_event_list(h, DPA_STATS_ALL_PROCESSES, 3, &el),
		      DPA_STATS_STATUS_INVALID_PARAMS, "dpa_stats_read_process_perf_event_list");
	EXPECT_STATUS(dpa_stats_read_process_perf_event_list(h, nobody, DPA_STATS_ALL_THREADS, &el),
		      DPA_STATS_STATUS_NO_SUCH_PROCESS, "dpa_stats_read_process_perf_event_list");
	EXPECT_STATUS(dpa_stats_read_process_perf_event_list(h, 0, 0, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_process_perf_event_list");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_read_process_perf_event_list(NULL, 0, 0, &el),
				       DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_read_process_perf_event_list");

	/* A live process, a thread it does not have. */
	child_start(&c, NULL);
	EXPECT_STATUS(dpa_stats_read_process_thread_list(h, c.process_id, nobody, &tl),
		      DPA_STATS_STATUS_NO_SUCH_THREADS, "dpa_stats_read_process_thread_list");
	EXPECT_STATUS(dpa_stats_read_process_cumul_info_list(h, c.process_id, nobody, &cl),
		      DPA_STATS_STATUS_NO_SUCH_THREADS, "dpa_stats_read_process_cumul_info_list");
	EXPECT_STATUS(dpa_stats_read_process_perf_event_list(h, c.process_id, nobody, &el),
		      DPA_STATS_STATUS_NO_SUCH_THREADS, "dpa_stats_read_process_perf_event_list");
	child_stop(&c);

	/* Lists and sorting: NULL is accepted by the free functions, logged by the others. */
	dpa_stats_free_process_list(NULL);
	dpa_stats_free_thread_list(NULL);
	dpa_stats_free_cumul_info_list(NULL);
	dpa_stats_free_perf_event_list(NULL);
	EXPECT_LOGGED(dpa_stats_sort_process_list(NULL), "dpa_stats_sort_process_list");
	EXPECT_LOGGED(dpa_stats_sort_process_list(&broken), "dpa_stats_sort_process_list");
	EXPECT_LOGGED(dpa_stats_sort_thread_list(NULL), "dpa_stats_sort_thread_list");
	EXPECT_LOGGED(dpa_stats_sort_perf_cumul_list(NULL), "dpa_stats_sort_perf_cumul_list");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_compare_4_processes(NULL, &empty), 0),
		      "dpa_stats_compare_4_processes");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_compare_4_threads(&empty, NULL), 0), "dpa_stats_compare_4_threads");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_compare_4_perf_cumul(NULL, NULL), 0),
		      "dpa_stats_compare_4_perf_cumul");
}

/* OpenFlexIO's addition (dpa_stats_ext.h): the event counts behind the counters. */
static void test_events_ext(void **state)
{
	dpa_stats_thread_events_list *events = (void *)1;
	const uint32_t nobody = 0x7ffffff0u;
	struct child c;

	(void)state;
	child_start(&c, NULL);
	assert_int_equal(dpa_stats_set_counter_state(h, c.process_id, DPA_STATS_COUNTER_STATE_ACTIVE,
						     DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT),
			 DPA_STATS_STATUS_OK);
	sleep_ms(200);
	assert_int_equal(dpa_stats_read_process_events_list(h, c.process_id, c.thread_a, &events), DPA_STATS_STATUS_OK);
	assert_int_equal(events->samples_num, 1);
	assert_int_equal(events->samples[0].dpa_thread_id, c.thread_a);
	/* each activation by the RPC found it asleep (one RPC a millisecond, a short handler) or not */
	assert_true(events->samples[0].activations > 0 && events->samples[0].wakeups > 0);
	assert_true(events->samples[0].wakeups <= events->samples[0].activations);
	assert_int_equal(events->samples[0].doorbells, 0);
	assert_int_equal(events->samples[0].cqes, 0);
	assert_true(events->samples[0].misaligned > 0); /* one per invocation of stats_spin */
	dpa_stats_free_events_list(events);
	assert_int_equal(dpa_stats_read_process_events_list(h, c.process_id, DPA_STATS_ALL_THREADS, &events),
			 DPA_STATS_STATUS_OK);
	assert_int_equal(events->samples_num, 3);
	for (uint32_t i = 0; i < events->samples_num; i++)
		if (events->samples[i].dpa_thread_id != c.thread_a && events->samples[i].dpa_thread_id != c.thread_b) {
			assert_true(events->samples[i].rpc_calls > 0); /* the RPC thread */
			assert_int_equal(events->samples[i].misaligned, 0);
		}
	dpa_stats_free_events_list(events);
	EXPECT_STATUS(dpa_stats_read_process_events_list(h, c.process_id, nobody, &events),
		      DPA_STATS_STATUS_NO_SUCH_THREADS, "dpa_stats_read_process_events_list");
	assert_null(events);
	child_stop(&c);
	EXPECT_STATUS(dpa_stats_read_process_events_list(h, DPA_STATS_ALL_PROCESSES, 1, &events),
		      DPA_STATS_STATUS_INVALID_PARAMS, "dpa_stats_read_process_events_list");
	EXPECT_STATUS(dpa_stats_read_process_events_list(h, nobody, DPA_STATS_ALL_THREADS, &events),
		      DPA_STATS_STATUS_NO_SUCH_PROCESS, "dpa_stats_read_process_events_list");
	EXPECT_STATUS(dpa_stats_read_process_events_list(h, 0, 0, NULL), DPA_STATS_STATUS_NULL_POINTER,
		      "dpa_stats_read_process_events_list");
	EXPECT_LOGGED(assert_int_equal(dpa_stats_read_process_events_list(NULL, 0, 0, &events),
				       DPA_STATS_STATUS_NULL_POINTER),
		      "dpa_stats_read_process_events_list");
	dpa_stats_free_events_list(NULL);
}

/* Another program of the user truncates every file of the registry it can reach: the files in
 * FLEXIO_SIM_STATS_DIR, and whatever stats_child (pid) has open that looks like it. Returns
 * 16 * the number of the latter it found + the number of those it truncated, or -1 when it could
 * not run. */
static int truncate_everything(pid_t pid)
{
	pid_t truncator = fork();
	int status;

	if (truncator == 0) {
		char path[512], link[512];
		struct dirent *entry;
		int found = 0, truncated = 0;
		DIR *dir = opendir(stats_dir);

		while (dir && (entry = readdir(dir)))
			if (entry->d_name[0] != '.') {
				snprintf(path, sizeof(path), "%s/%s", stats_dir, entry->d_name);
				if (truncate(path, 0))
					_exit(100);
			}
		if (dir)
			closedir(dir);
		snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
		dir = opendir(path);
		while (dir && (entry = readdir(dir))) {
			ssize_t n;
			int fd;

			snprintf(path, sizeof(path), "/proc/%d/fd/%s", (int)pid, entry->d_name);
			n = readlink(path, link, sizeof(link) - 1);
			if (n <= 0)
				continue;
			link[n] = '\0';
			/* The registry itself, by its memfd's name: a clone of the tree may be named
			 * openflexio too, and the child's other files are not the registry. */
			if (strncmp(link, "/memfd:openflexio-stats-", 24) || (fd = open(path, O_RDWR | O_NONBLOCK)) < 0)
				continue;
			found++;
			truncated += ftruncate(fd, 0) == 0;
			close(fd);
		}
		if (dir)
			closedir(dir);
		_exit(found * 16 + truncated);
	}
	if (truncator < 0 || waitpid(truncator, &status, 0) != truncator || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status) == 100 ? -1 : WEXITSTATUS(status);
}

/* Last: the registry's index is damaged afterwards. Its holders (this program's handle, the child
 * that counts) go on; a program that opens it afterwards is told, and never dies of SIGBUS. */
static void test_registry_truncated(void **state)
{
	dpa_stats_thread_cumul_info before, after;
	dpa_stats_handler_t *late;
	struct child c;
	int truncated;

	(void)state;
	child_start(&c, NULL);
	assert_int_equal(dpa_stats_set_counter_state(h, c.process_id, DPA_STATS_COUNTER_STATE_ACTIVE,
						     DPA_STATS_SAMPLE_TYPE_EVENT_TRACER),
			 DPA_STATS_STATUS_OK);
	sleep_ms(100);
	truncated = truncate_everything(c.pid);
	before = cumul(c.process_id, c.thread_a);
	sleep_ms(200);
	after = cumul(c.process_id, c.thread_a);
	assert_true(after.num_executions > before.num_executions); /* the child counts on */
	/* The registry the child holds open cannot be truncated (sealed), its index can. */
	assert_true(truncated > 0 && truncated % 16 == 0);
	{
		struct stderr_capture cap;
		const char *text;

		capture_begin(&cap);
		late = dpa_stats_open("mlx5_sim0");
		text = capture_end(&cap);
		assert_null(late);
		assert_int_equal(count_lines(text), 1);
		assert_non_null(strstr(text, "the index is damaged"));
	}
	child_stop(&c);
}

static void test_sort_and_compare(void **state)
{
	dpa_stats_process_info processes[] = { { .dpa_process_id = 9 },
					       { .dpa_process_id = 2 },
					       { .dpa_process_id = 5 } };
	dpa_stats_process_list pl = { .process_num = 3, .processes = processes };
	dpa_stats_thread_info threads[] = { { .dpa_process_id = 2, .dpa_thread_id = 7 },
					    { .dpa_process_id = 1, .dpa_thread_id = 9 },
					    { .dpa_process_id = 2, .dpa_thread_id = 3 } };
	dpa_stats_thread_list tl = { .threads = threads, .threads_num = 3 };
	dpa_stats_thread_cumul_info cumuls[] = { { .dpa_process_id = 4, .dpa_thread_id = 1 },
						 { .dpa_process_id = 3, .dpa_thread_id = 8 },
						 { .dpa_process_id = 3, .dpa_thread_id = 2 } };
	dpa_stats_perf_cumul_list cl = { .samples = cumuls, .samples_num = 3 };
	dpa_stats_thread_list none = { 0 };

	(void)state;
	dpa_stats_sort_process_list(&pl);
	assert_int_equal(processes[0].dpa_process_id, 2);
	assert_int_equal(processes[2].dpa_process_id, 9);
	dpa_stats_sort_thread_list(&tl);
	assert_int_equal(threads[0].dpa_process_id, 1);
	assert_int_equal(threads[1].dpa_thread_id, 3);
	assert_int_equal(threads[2].dpa_thread_id, 7);
	dpa_stats_sort_perf_cumul_list(&cl);
	assert_int_equal(cumuls[0].dpa_thread_id, 2);
	assert_int_equal(cumuls[1].dpa_thread_id, 8);
	assert_int_equal(cumuls[2].dpa_process_id, 4);
	dpa_stats_sort_thread_list(&none); /* empty: nothing to do */
	assert_true(dpa_stats_compare_4_processes(&processes[0], &processes[1]) < 0);
	assert_int_equal(dpa_stats_compare_4_processes(&processes[1], &processes[1]), 0);
	assert_true(dpa_stats_compare_4_threads(&threads[2], &threads[1]) > 0);
	assert_true(dpa_stats_compare_4_perf_cumul(&cumuls[0], &cumuls[1]) < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_close_errors),
		cmocka_unit_test(test_caps),
		cmocka_unit_test(test_processes_and_threads),
		cmocka_unit_test(test_counters),
		cmocka_unit_test(test_all_processes_and_new_ones),
		cmocka_unit_test(test_event_tracer),
		cmocka_unit_test(test_exit_and_kill_disappear),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_events_ext),
		cmocka_unit_test(test_sort_and_compare),
		cmocka_unit_test(test_registry_truncated),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
