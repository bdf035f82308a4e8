/*
 * Many threads on libdoca_common: logging while levels change and backends are added, and handles
 * got, put and destroyed from several threads (exactly one destroyer wins, the object is freed
 * once, after the last call on it). Runs under ThreadSanitizer too (label concurrency).
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#define DOCA_ALLOW_EXPERIMENTAL_API
#include <doca_log.h>

#include "private.h"

DOCA_LOG_REGISTER(CONCURRENCY);

enum {
	THREADS = 4,
	ROUNDS = 2000
};

static void *log_lines(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++)
		DOCA_LOG_INFO("line %d", i);
	return NULL;
}

static void *change_levels(void *arg)
{
	FILE *sink = arg;

	for (int i = 0; i < ROUNDS / 10; i++) {
		struct doca_log_backend *backend;

		assert_int_equal(
			doca_log_level_set_global_lower_limit(i % 2 ? DOCA_LOG_LEVEL_INFO : DOCA_LOG_LEVEL_DEBUG),
			DOCA_SUCCESS);
		if (i % 50 == 0)
			assert_int_equal(doca_log_backend_create_with_file(sink, &backend), DOCA_SUCCESS);
	}
	return NULL;
}

static void logging_from_many_threads(void **state)
{
	pthread_t threads[THREADS + 1];
	FILE *sink = fopen("/dev/null", "w"); /* every backend's for the rest of the process */

	(void)state;
	assert_non_null(sink);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, log_lines, NULL), 0);
	assert_int_equal(pthread_create(&threads[THREADS], NULL, change_levels, sink), 0);
	for (int i = 0; i <= THREADS; i++)
		assert_int_equal(pthread_join(threads[i], NULL), 0);
	assert_int_equal(doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_INFO), DOCA_SUCCESS);
}

static const struct opendoca_kind widget = { "widget" };
static atomic_int freed, destroyed;

struct thing {
	struct opendoca_object object;
	atomic_int uses;
};

static void thing_free(struct opendoca_object *object)
{
	atomic_fetch_add(&freed, 1);
	free(object);
}

static void *use_or_destroy(void *handle)
{
	for (int i = 0; i < ROUNDS; i++) {
		struct thing *thing = opendoca_handle_try_get(handle, &widget);

		if (thing) {
			atomic_fetch_add(&thing->uses, 1);
			opendoca_handle_put(&thing->object);
		}
		if (i == ROUNDS / 2) {
			struct opendoca_object *object = opendoca_handle_close(handle, &widget, __func__);

			if (object) {
				atomic_fetch_add(&destroyed, 1);
				opendoca_handle_put(object);
				opendoca_handle_put(object);
			}
		}
	}
	return NULL;
}

static void handles_from_many_threads(void **state)
{
	pthread_t threads[THREADS];

	(void)state;
	for (int round = 0; round < 20; round++) {
		struct thing *thing = calloc(1, sizeof(*thing));
		void *handle;

		assert_non_null(thing);
		handle = opendoca_handle_open(&thing->object, &widget, thing_free);
		assert_non_null(handle);
		for (int i = 0; i < THREADS; i++)
			assert_int_equal(pthread_create(&threads[i], NULL, use_or_destroy, handle), 0);
		for (int i = 0; i < THREADS; i++)
			assert_int_equal(pthread_join(threads[i], NULL), 0);
		assert_int_equal(atomic_load(&destroyed), round + 1);
		assert_int_equal(atomic_load(&freed), round + 1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(logging_from_many_threads),
		cmocka_unit_test(handles_from_many_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
