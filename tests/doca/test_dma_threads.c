/*
 * DOCA DMA with threads (also in the ThreadSanitizer suite): the progress engine runs on a thread
 * of its own while the device's DMA engine (the simulated NIC's thread) moves the bytes and
 * writes the completions; once polling, once waiting on the engine's notification handle (epoll)
 * as NVIDIA's pe_event sample does. Every byte arrives and every task completes once.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cmocka.h>

#include "dma_util.h"
#include "mem_util.h"

enum {
	TASKS = 4000,
	INFLIGHT = 64,
	SIZE = 64
};

struct run {
	struct dma_fixture fx;
	uint8_t *src, *dst;
	struct doca_buf *s[INFLIGHT], *d[INFLIGHT];
	bool event_mode;
	unsigned submitted;
};

static void submit_slot(struct run *r, unsigned slot)
{
	struct doca_dma_task_memcpy *task;

	/* each copy lands in its slot: the destination's data starts empty again */
	assert_int_equal(doca_buf_reset_data_len(r->d[slot]), DOCA_SUCCESS);
	assert_int_equal(doca_dma_task_memcpy_alloc_init(r->fx.dma, r->s[slot], r->d[slot],
							 (union doca_data){ .u64 = slot }, &task),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_dma_task_memcpy_as_task(task)), DOCA_SUCCESS);
	r->submitted++;
}

static void *pe_thread(void *arg)
{
	struct run *r = arg;
	doca_event_handle_t handle = -1;
	int epfd = -1;
	unsigned seen = 0;

	if (r->event_mode) {
		struct epoll_event ev = { .events = EPOLLIN };

		assert_int_equal(doca_pe_get_notification_handle(r->fx.pe, &handle), DOCA_SUCCESS);
		epfd = epoll_create1(0);
		assert_true(epfd >= 0);
		assert_int_equal(epoll_ctl(epfd, EPOLL_CTL_ADD, handle, &ev), 0);
	}
	for (unsigned i = 0; i < INFLIGHT; i++)
		submit_slot(r, i);
	while (r->fx.done < TASKS) {
		if (r->event_mode && !doca_pe_progress(r->fx.pe)) {
			struct epoll_event ev;

			assert_int_equal(doca_pe_request_notification(r->fx.pe), DOCA_SUCCESS);
			if (!doca_pe_progress(r->fx.pe))
				assert_int_equal(epoll_wait(epfd, &ev, 1, 10000), 1);
			assert_int_equal(doca_pe_clear_notification(r->fx.pe, handle), DOCA_SUCCESS);
		} else if (!r->event_mode) {
			doca_pe_progress(r->fx.pe);
		}
		/* resubmit the slots that completed */
		for (; seen < r->fx.done; seen++) {
			assert_int_equal(r->fx.status[seen], DOCA_SUCCESS);
			if (r->submitted < TASKS)
				submit_slot(r, r->fx.slot[seen]);
		}
	}
	if (epfd >= 0)
		close(epfd);
	return NULL;
}

static void run_on_a_thread(bool event_mode)
{
	struct run *r = calloc(1, sizeof(*r));
	struct doca_mmap *smap, *dmap;
	pthread_t thread;

	assert_non_null(r);
	r->event_mode = event_mode;
	r->src = malloc(INFLIGHT * SIZE);
	r->dst = calloc(INFLIGHT, SIZE);
	for (unsigned i = 0; i < INFLIGHT * SIZE; i++)
		r->src[i] = (uint8_t)(i * 13 + 1);
	dma_fixture_open(&r->fx, NULL, INFLIGHT);
	smap = dma_map(&r->fx, r->src, INFLIGHT * SIZE);
	dmap = dma_map(&r->fx, r->dst, INFLIGHT * SIZE);
	for (unsigned i = 0; i < INFLIGHT; i++) {
		r->s[i] = dma_buf(&r->fx, smap, r->src + i * SIZE, SIZE, SIZE);
		r->d[i] = dma_buf(&r->fx, dmap, r->dst + i * SIZE, SIZE, 0);
	}
	/* the engine is the thread's from here to its end */
	assert_int_equal(pthread_create(&thread, NULL, pe_thread, r), 0);
	assert_int_equal(pthread_join(thread, NULL), 0);
	assert_int_equal(r->fx.done, TASKS);
	assert_int_equal(r->fx.failed, 0);
	assert_memory_equal(r->dst, r->src, INFLIGHT * SIZE);
	for (unsigned i = 0; i < INFLIGHT; i++) {
		expect_ok(doca_buf_dec_refcount(r->s[i], NULL));
		expect_ok(doca_buf_dec_refcount(r->d[i], NULL));
	}
	expect_ok(doca_mmap_destroy(smap));
	expect_ok(doca_mmap_destroy(dmap));
	dma_fixture_close(&r->fx);
	free(r->src);
	free(r->dst);
	free(r);
}

static void polling_on_another_thread(void **state)
{
	(void)state;
	run_on_a_thread(false);
}

static void waiting_on_the_notification_handle(void **state)
{
	(void)state;
	run_on_a_thread(true);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(polling_on_another_thread),
		cmocka_unit_test(waiting_on_the_notification_handle),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
