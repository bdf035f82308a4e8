/*
 * Memory maps and buffers from several threads (label concurrency, also under ThreadSanitizer):
 * threads take and return buffers of one thread-safe map through their own inventories while
 * another stops and restarts the map (a stop succeeds only when no buffer is out: no thread ever
 * holds a buffer of a stopped map), then the map is destroyed with buffers out and goes with the
 * last one.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_mmap.h>

#include "buf.h"
#include "mem_util.h"
#include "mmap.h"

enum {
	THREADS = 4,
	ROUNDS = 3000,
	SIZE = 1 << 16
};

static char memory[SIZE];
static struct doca_mmap *shared;
static atomic_bool done;              /* the stopper stops */
static atomic_bool destroyed;         /* the map was destroyed: the takers return their last buffers */
static atomic_int holding;            /* takers holding their last buffer */
static atomic_int holding_on_stopped; /* buffers seen over a stopped map: must stay 0 */
static atomic_int frees;
static atomic_int stops;
static pthread_barrier_t idle, resume; /* halfway, the takers wait with nothing out: a stop succeeds */

static void count_free(void *addr, size_t len, void *opaque)
{
	(void)addr;
	(void)len;
	(void)opaque;
	atomic_fetch_add(&frees, 1);
}

/* Takes and returns buffers; keeps the last one, returned at the end (after the map's destroy). */
static void *take_and_return(void *arg)
{
	struct doca_buf_inventory *inv;
	struct doca_buf *buf = NULL;
	struct opendoca_reach reach;
	size_t slot = (size_t)(uintptr_t)arg * (SIZE / THREADS);

	if (doca_buf_inventory_create(4, &inv) || doca_buf_inventory_start(inv))
		return (void *)1;
	for (int i = 0; i < ROUNDS; i++) {
		void *data;

		if (i == ROUNDS / 2) {
			pthread_barrier_wait(&idle);
			pthread_barrier_wait(&resume);
		}
		if (doca_buf_inventory_buf_get_by_addr(inv, shared, memory + slot + (size_t)(i % 64), 64, &buf))
			continue; /* the map is stopped now */
		/* Held, the buffer keeps the map started. */
		if (opendoca_mmap_reach(opendoca_buf_get(buf, "test")->mmap, NULL, (uintptr_t)memory + slot, 64, &reach,
					"test"))
			atomic_fetch_add(&holding_on_stopped, 1);
		if (doca_buf_set_data(buf, memory + slot + (size_t)(i % 64), 8) || doca_buf_get_data(buf, &data) ||
		    data != memory + slot + (size_t)(i % 64) || doca_buf_dec_refcount(buf, NULL))
			return (void *)1;
		/* Now and then nothing out, so that stops succeed too. */
		if (!(i % 16))
			usleep(100);
	}
	/* One buffer kept until the map is destroyed (taken when the map is started). */
	while (doca_buf_inventory_buf_get_by_addr(inv, shared, memory + slot, 64, &buf))
		;
	atomic_fetch_add(&holding, 1);
	while (!atomic_load(&destroyed))
		;
	/* The map was destroyed meanwhile: the buffer still works, and returns. */
	if (doca_buf_get_data(buf, &(void *){ NULL }) || doca_buf_dec_refcount(buf, NULL))
		return (void *)1;
	return doca_buf_inventory_destroy(inv) ? (void *)1 : NULL;
}

static void *stop_and_restart(void *arg)
{
	(void)arg;
	while (!atomic_load(&done)) {
		if (doca_mmap_stop(shared) == DOCA_SUCCESS) {
			atomic_fetch_add(&stops, 1);
			if (doca_mmap_start(shared))
				return (void *)1;
		}
	}
	return NULL;
}

static void buffers_of_a_shared_map(void **state)
{
	pthread_t takers[THREADS], stopper;
	void *rc;
	int before;

	(void)state;
	sdk_log_capture();
	assert_int_equal(pthread_barrier_init(&idle, NULL, THREADS + 1), 0);
	assert_int_equal(pthread_barrier_init(&resume, NULL, THREADS + 1), 0);
	assert_int_equal(doca_mmap_create(&shared), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(shared, memory, SIZE), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_free_cb(shared, count_free, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_enable_thread_safety(shared), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(shared), DOCA_SUCCESS);
	for (uintptr_t i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&takers[i], NULL, take_and_return, (void *)i), 0);
	assert_int_equal(pthread_create(&stopper, NULL, stop_and_restart, NULL), 0);
	/* Every taker holds its last buffer: the map cannot stop; it is destroyed with them out. */
	pthread_barrier_wait(&idle);
	before = atomic_load(&stops);
	while (atomic_load(&stops) == before)
		;
	pthread_barrier_wait(&resume);
	while (atomic_load(&holding) < THREADS)
		;
	atomic_store(&done, true);
	assert_int_equal(pthread_join(stopper, &rc), 0);
	assert_null(rc);
	assert_int_equal(doca_mmap_destroy(shared), DOCA_SUCCESS);
	assert_int_equal(atomic_load(&frees), 0);
	atomic_store(&destroyed, true);
	for (int i = 0; i < THREADS; i++) {
		assert_int_equal(pthread_join(takers[i], &rc), 0);
		assert_null(rc);
	}
	assert_int_equal(atomic_load(&holding_on_stopped), 0);
	/* The last buffer took the map with it. */
	assert_int_equal(atomic_load(&frees), 1);
	pthread_barrier_destroy(&idle);
	pthread_barrier_destroy(&resume);
	free(sdk_log_take());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(buffers_of_a_shared_map),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
