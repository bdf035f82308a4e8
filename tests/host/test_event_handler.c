/*
 * Event handlers on the simulated device: each trigger runs the handler once (activations by
 * another thread of the process), the ways an invocation ends (reschedule, return, finish,
 * retrigger, yield of a continuable handler), thread names, bad input, destroying a handler
 * while it runs, and the idle workers' spin set by FLEXIO_SIM_SPIN_US.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <string.h>
#include <time.h>

#include "host_test.h"

extern flexio_func_t count_handler, count_and_return, count_and_finish, count_to_five, yield_between, write_name,
	activate;

static flexio_app *app;
static flexio_process *process;

static int setup(void **state)
{
	(void)state;
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open() ||
	    flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "event_test", .ibv_ctx = ctx }, &app))
		return -1;
	return flexio_process_create(ctx, app, NULL, &process);
}

static int teardown(void **state)
{
	(void)state;
	flexio_process_destroy(process);
	sim_device_close();
	return 0;
}

static flexio_uintptr_t zeroed(size_t size)
{
	flexio_uintptr_t daddr;

	assert_int_equal(flexio_buf_dev_alloc(process, size, &daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_buf_dev_memset(process, 0, size, daddr), FLEXIO_STATUS_SUCCESS);
	return daddr;
}

static flexio_event_handler *handler(flexio_func_t *function, uint64_t arg, int continuable, const char *name)
{
	struct flexio_event_handler_attr attr = {
		.host_stub_func = function, .arg = arg, .continuable = continuable, .name = name
	};
	flexio_event_handler *eh;

	assert_int_equal(flexio_event_handler_create(process, &attr, &eh), FLEXIO_STATUS_SUCCESS);
	return eh;
}

static uint64_t read_word(flexio_uintptr_t daddr)
{
	uint64_t value = 0;

	assert_int_equal(flexio_dev2host_memcpy(process, &value, sizeof(value), daddr), FLEXIO_STATUS_SUCCESS);
	return value;
}

/* The word at daddr reaches want within a few seconds; then it must stay there a moment. */
static void expect_word(flexio_uintptr_t daddr, uint64_t want)
{
	struct timespec pause = { 0, 1000000 };

	for (int i = 0; i < 5000 && read_word(daddr) < want; i++)
		nanosleep(&pause, NULL);
	for (int i = 0; i < 20; i++)
		nanosleep(&pause, NULL);
	assert_int_equal(read_word(daddr), want);
}

/* The word at daddr settles between low and high. */
static void expect_word_between(flexio_uintptr_t daddr, uint64_t low, uint64_t high)
{
	struct timespec pause = { 0, 1000000 };
	uint64_t before, after;

	for (int i = 0; i < 5000 && read_word(daddr) < low; i++)
		nanosleep(&pause, NULL);
	do {
		before = read_word(daddr);
		for (int i = 0; i < 50; i++)
			nanosleep(&pause, NULL);
		after = read_word(daddr);
	} while (after != before);
	assert_in_range(after, low, high);
}

static void trigger(flexio_event_handler *eh)
{
	uint64_t ret;

	assert_int_equal(flexio_process_call(process, &activate, &ret, flexio_event_handler_get_activation_id(eh)),
			 FLEXIO_STATUS_SUCCESS);
}

static void once_per_trigger(void **state)
{
	flexio_uintptr_t a = zeroed(8), b = zeroed(8);
	flexio_event_handler *rescheduling = handler(&count_handler, a, 0, NULL);
	flexio_event_handler *returning = handler(&count_and_return, b, 0, NULL);

	(void)state;
	assert_int_equal(flexio_event_handler_run(rescheduling, 0), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_event_handler_run(returning, 0), FLEXIO_STATUS_SUCCESS);
	/* One invocation per trigger when each comes after the last invocation ended. */
	for (uint64_t i = 1; i <= 50; i++) {
		trigger(rescheduling);
		trigger(returning);
		expect_word(a, i);
		expect_word(b, i);
	}
	/* Triggers that come while the handler runs are latched into one more invocation, as on
	 * the hardware: a burst runs it at least once and at most once per trigger. */
	for (int i = 0; i < 50; i++)
		trigger(rescheduling);
	expect_word_between(a, 51, 100);
	assert_int_equal(flexio_event_handler_destroy(rescheduling), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_event_handler_destroy(returning), FLEXIO_STATUS_SUCCESS);
}

static void finish_and_retrigger(void **state)
{
	flexio_uintptr_t a = zeroed(8), b = zeroed(8);
	flexio_event_handler *finishing = handler(&count_and_finish, a, 0, NULL);
	flexio_event_handler *five = handler(&count_to_five, b, 0, NULL);

	(void)state;
	assert_int_equal(flexio_event_handler_run(finishing, 0), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_event_handler_run(five, 0), FLEXIO_STATUS_SUCCESS);
	for (int i = 0; i < 3; i++)
		trigger(finishing);
	trigger(five);
	expect_word(a, 1);
	expect_word(b, 5);
	assert_int_equal(flexio_event_handler_destroy(finishing), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_event_handler_destroy(five), FLEXIO_STATUS_SUCCESS);
}

static void continuable_yield(void **state)
{
	flexio_uintptr_t words = zeroed(16);
	flexio_event_handler *eh = handler(&yield_between, words, 1, NULL);

	(void)state;
	assert_int_equal(flexio_event_handler_run(eh, 0), FLEXIO_STATUS_SUCCESS);
	trigger(eh);
	expect_word(words, 1);
	expect_word(words + 8, 0);
	trigger(eh); /* resumes after the yield */
	expect_word(words, 1);
	expect_word(words + 8, 1);
	assert_int_equal(flexio_event_handler_destroy(eh), FLEXIO_STATUS_SUCCESS);
}

static void names_and_ids(void **state)
{
	flexio_uintptr_t text = zeroed(64);
	flexio_event_handler *eh = handler(&write_name, text, 0, "rx_handler");
	char name[64] = "";

	(void)state;
	assert_int_not_equal(flexio_event_handler_get_id(eh), UINT32_MAX);
	assert_int_equal(flexio_event_handler_get_activation_id(eh), flexio_event_handler_get_id(eh));
	assert_ptr_equal(flexio_event_handler_get_thread(eh), (flexio_thread *)eh);
	assert_int_equal(flexio_event_handler_run(eh, 0), FLEXIO_STATUS_SUCCESS);
	trigger(eh);
	for (int i = 0; i < 5000 && !name[0]; i++) {
		struct timespec pause = { 0, 1000000 };

		nanosleep(&pause, NULL);
		assert_int_equal(flexio_dev2host_memcpy(process, name, sizeof(name), text), FLEXIO_STATUS_SUCCESS);
	}
	assert_string_equal(name, "rx_handler");
	assert_int_equal(flexio_event_handler_destroy(eh), FLEXIO_STATUS_SUCCESS);
}

static void bad_input(void **state)
{
	struct flexio_event_handler_attr attr = { 0 };
	flexio_event_handler *eh = handler(&count_handler, zeroed(8), 0, NULL), *none;
	flexio_event_handler *dead = handler(&count_handler, zeroed(8), 0, NULL);

	(void)state;
	assert_int_equal(flexio_event_handler_destroy(dead), FLEXIO_STATUS_SUCCESS);
	attr.host_stub_func = (flexio_func_t *)&attr; /* not a registered function */
	EXPECT_FAILURE_LOGGED(flexio_event_handler_create(process, &attr, &none), "flexio_event_handler_create");
	EXPECT_FAILURE_LOGGED(flexio_event_handler_create(process, NULL, &none), "flexio_event_handler_create");
	attr = (struct flexio_event_handler_attr){ .host_stub_func = &count_handler,
						   .affinity = { .type = (enum flexio_affinity_type)9 } };
	EXPECT_FAILURE_LOGGED(flexio_event_handler_create(process, &attr, &none), "flexio_event_handler_create");
	EXPECT_FAILURE_LOGGED(flexio_event_handler_run(dead, 0), "flexio_event_handler_run");
	EXPECT_FAILURE_LOGGED(flexio_event_handler_destroy(dead), "flexio_event_handler_destroy");
	EXPECT_LOGGED(flexio_event_handler_get_id(dead), UINT32_MAX, "flexio_event_handler_get_id");
	EXPECT_LOGGED(flexio_event_handler_get_thread(NULL), NULL, "flexio_event_handler_get_thread");
	assert_int_equal(flexio_event_handler_destroy(eh), FLEXIO_STATUS_SUCCESS);
}

/* Destroying a handler that is running, and one that was never run. */
static void destroy_running(void **state)
{
	flexio_uintptr_t a = zeroed(8);
	flexio_event_handler *eh = handler(&count_to_five, a, 0, NULL), *idle = handler(&count_handler, a, 0, NULL);

	(void)state;
	assert_int_equal(flexio_event_handler_run(eh, 0), FLEXIO_STATUS_SUCCESS);
	trigger(eh);
	assert_int_equal(flexio_event_handler_destroy(eh), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_event_handler_destroy(idle), FLEXIO_STATUS_SUCCESS);
}

/* FLEXIO_SIM_SPIN_US, read when a process creates its first handler: a valid budget (none, the
 * longest) is taken silently, anything else is refused with one warning; handlers run either way.
 * Each case has a process of its own (the helpers above use the one in `process`). */
static void spin_from_environment(void **state)
{
	static const struct {
		const char *value;
		int lines;
	} cases[] = { { "0", 0 },     { "10000", 0 }, { "250", 0 }, { "", 0 },  { "junk", 1 },
		      { "10001", 1 }, { "-1", 1 },    { "5us", 1 }, { " 7", 1 } };
	flexio_process *shared = process;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		flexio_event_handler *eh;
		flexio_uintptr_t count;
		struct stderr_capture c;
		const char *text;

		MUST(flexio_process_create(ctx, app, NULL, &process));
		count = zeroed(8);
		setenv("FLEXIO_SIM_SPIN_US", cases[i].value, 1);
		capture_begin(&c);
		eh = handler(&count_handler, count, 0, NULL);
		text = capture_end(&c);
		unsetenv("FLEXIO_SIM_SPIN_US");
		if (count_lines(text) != cases[i].lines ||
		    (cases[i].lines && !strstr(text, "flexio WARN flexio_event_handler_create: FLEXIO_SIM_SPIN_US=")))
			fail_msg("FLEXIO_SIM_SPIN_US=\"%s\": expected %d warning lines, got:\n%s", cases[i].value,
				 cases[i].lines, text);
		MUST(flexio_event_handler_run(eh, 0));
		for (uint64_t n = 1; n <= 3; n++) {
			trigger(eh);
			expect_word(count, n);
		}
		MUST(flexio_event_handler_destroy(eh));
		MUST(flexio_process_destroy(process));
	}
	process = shared;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(once_per_trigger),
		cmocka_unit_test(finish_and_retrigger),
		cmocka_unit_test(continuable_yield),
		cmocka_unit_test(names_and_ids),
		cmocka_unit_test(bad_input),
		cmocka_unit_test(destroy_running),
		cmocka_unit_test(spin_from_environment),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
