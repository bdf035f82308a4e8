/*
 * The log callback while threads log: threads fail calls of libflexio (host) and of its
 * simulated rdma-core device (verbs) while the main thread switches between two callbacks and
 * stderr.  A replaced callback is never running or called once flexio_log_callback_set has
 * returned; each thread's last error stays its own line; under ThreadSanitizer, no race.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include <infiniband/verbs.h>

#include "../unit/capture.h"

#define THREADS 4
#define FAILURES_PER_THREAD 1000
#define MIN_SWITCHES 100

struct installed {
	atomic_bool current; /* set before installing, cleared once replacing it returned */
	atomic_int calls;
};

static atomic_int late_calls, wrong_last_errors, threads_done;

static void counting_callback(enum flexio_log_lvl lvl, const char *func, const char *msg, void *user)
{
	struct installed *i = user;

	(void)lvl;
	(void)func;
	(void)msg;
	if (!atomic_load(&i->current))
		atomic_fetch_add(&late_calls, 1);
	atomic_fetch_add(&i->calls, 1);
}

/* Alternates a host failure and a verbs failure, checking the thread's last error after each. */
static void *fail_calls(void *arg)
{
	static char not_a_process;

	(void)arg;
	for (int n = 0; n < FAILURES_PER_THREAD; n++) {
		const char *expected;

		if (n % 2) {
			flexio_process_destroy((flexio_process *)&not_a_process);
			expected = "flexio ERR flexio_process_destroy: ";
		} else {
			ibv_dealloc_pd(NULL);
			expected = "flexio_verbs ERR ibv_dealloc_pd: ";
		}
		if (strncmp(flexio_last_error(), expected, strlen(expected)))
			atomic_fetch_add(&wrong_last_errors, 1);
	}
	atomic_fetch_add(&threads_done, 1);
	return NULL;
}

static void callback_switched_while_threads_fail_calls(void **state)
{
	struct installed a = { 0 }, b = { 0 };
	struct installed *pair[2] = { &a, &b };
	pthread_t threads[THREADS];
	struct stderr_capture c;
	int s;

	(void)state;
	capture_begin(&c); /* the lines failed while no callback is set */
	atomic_store(&a.current, true);
	assert_int_equal(flexio_log_callback_set(counting_callback, &a), FLEXIO_STATUS_SUCCESS);
	for (int t = 0; t < THREADS; t++)
		assert_int_equal(pthread_create(&threads[t], NULL, fail_calls, NULL), 0);
	while (!atomic_load(&a.calls)) /* switching starts while lines arrive */
		sched_yield();
	for (s = 1; s < MIN_SWITCHES || atomic_load(&threads_done) < THREADS; s++) {
		struct installed *next = pair[s % 2], *previous = pair[(s + 1) % 2];

		atomic_store(&next->current, true);
		flexio_log_callback_set(counting_callback, next);
		atomic_store(&previous->current, false);
		if (s % 3 == 0) { /* and to stderr now and then */
			flexio_log_callback_set(NULL, NULL);
			atomic_store(&next->current, false);
		}
	}
	flexio_log_callback_set(NULL, NULL);
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	capture_end(&c);
	assert_int_equal(atomic_load(&late_calls), 0);
	assert_int_equal(atomic_load(&wrong_last_errors), 0);
	assert_true(atomic_load(&a.calls) + atomic_load(&b.calls) <= THREADS * FAILURES_PER_THREAD);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(callback_switched_while_threads_fail_calls),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
