/*
 * DOCA DMA (libdoca_dma) of 2.5 and later: capabilities, the context, memcpy tasks of every size
 * up to the device's limits, buffer lists gathered and scattered, the destination's data growing
 * after its data, failures as error callbacks with DOCA's status, stopping with copies in
 * flight, another process's exported memory on either side; and each older release's form
 * (dma_2_2.c, dma_1_4.c: jobs on work queues). Each failure of a public function is one SDK line
 * naming it.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_dev.h>

#include "dma_releases.h"
#include "dma_util.h"
#include "mem_util.h"

#define MAX_LIST 30u
#define MAX_SIZE (1ull << 30)

/* Bytes that tell where they came from. */
static void pattern(uint8_t *p, size_t len, unsigned seed)
{
	for (size_t i = 0; i < len; i++)
		p[i] = (uint8_t)(i * 7 + seed + (i >> 8));
}

static void capabilities(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	struct doca_dma *dma;
	uint64_t size = 0;
	uint32_t len = 0, tasks = 0;

	(void)state;
	sdk_log_capture();
	expect_ok(doca_dma_cap_task_memcpy_is_supported(info));
	expect_ok(doca_dma_cap_task_memcpy_get_max_buf_size(info, &size));
	assert_int_equal(size, MAX_SIZE); /* the port's max_msg_sz */
	expect_ok(doca_dma_cap_task_memcpy_get_max_buf_list_len(info, &len));
	assert_int_equal(len, MAX_LIST); /* the device's max_sge */
	expect_ok(doca_dma_create(dev, &dma));
	expect_ok(doca_dma_cap_get_max_num_tasks(dma, &tasks));
	assert_int_equal(tasks, 1u << 15); /* the device's max_qp_wr */

	expect_fail(doca_dma_cap_task_memcpy_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_cap_task_memcpy_is_supported");
	expect_fail(doca_dma_cap_task_memcpy_get_max_buf_size(NULL, &size), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_cap_task_memcpy_get_max_buf_size");
	expect_fail(doca_dma_cap_task_memcpy_get_max_buf_size(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_cap_task_memcpy_get_max_buf_size");
	expect_fail(doca_dma_cap_task_memcpy_get_max_buf_list_len(NULL, &len), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_cap_task_memcpy_get_max_buf_list_len");
	expect_fail(doca_dma_cap_task_memcpy_get_max_buf_list_len(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_cap_task_memcpy_get_max_buf_list_len");
	expect_fail(doca_dma_cap_get_max_num_tasks(NULL, &tasks), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_cap_get_max_num_tasks");
	expect_fail(doca_dma_cap_get_max_num_tasks(dma, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_cap_get_max_num_tasks");
	assert_int_equal(size, MAX_SIZE);
	assert_int_equal(len, MAX_LIST);
	expect_ok(doca_dma_destroy(dma));
	sim_dev_close(dev);
}

static void objects(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_dma *dma, *stale;
	struct doca_gpu_dma *gpu = NULL;
	struct doca_pe *pe;

	(void)state;
	sdk_log_capture();
	expect_fail(doca_dma_create(NULL, &dma), DOCA_ERROR_INVALID_VALUE, "doca_dma_create");
	expect_fail(doca_dma_create(dev, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dma_create");
	expect_ok(doca_dma_create(dev, &dma));
	/* the device is in use while the context lives */
	expect_fail(doca_dev_close(dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	assert_non_null(doca_dma_as_ctx(dma));
	expect_ok(DOCA_SUCCESS);
	assert_null(doca_dma_as_ctx(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_as_ctx");
	expect_fail(doca_dma_get_gpu_handle(dma, &gpu), DOCA_ERROR_NOT_SUPPORTED, "doca_dma_get_gpu_handle");
	assert_null(gpu);
	expect_fail(doca_dma_get_gpu_handle(dma, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dma_get_gpu_handle");
	expect_fail(doca_dma_get_gpu_handle(NULL, &gpu), DOCA_ERROR_INVALID_VALUE, "doca_dma_get_gpu_handle");

	/* configuration: callbacks, a number of tasks the device takes, while idle */
	expect_fail(doca_dma_task_memcpy_set_conf(NULL, NULL, NULL, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_task_memcpy_set_conf");
	expect_fail(doca_dma_task_memcpy_set_conf(dma, NULL, NULL, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_dma_task_memcpy_set_conf");
	expect_fail(doca_dma_task_memcpy_set_conf(dma, (doca_dma_task_memcpy_completion_cb_t)abort,
						  (doca_dma_task_memcpy_completion_cb_t)abort, (1u << 15) + 1),
		    DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_set_conf");
	expect_fail(doca_dma_task_memcpy_set_conf(dma, (doca_dma_task_memcpy_completion_cb_t)abort,
						  (doca_dma_task_memcpy_completion_cb_t)abort, 0),
		    DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_set_conf");
	expect_ok(doca_dma_task_memcpy_set_conf(dma, (doca_dma_task_memcpy_completion_cb_t)abort,
						(doca_dma_task_memcpy_completion_cb_t)abort, 16));

	/* running: not destroyed, not configured */
	expect_ok(doca_pe_create(&pe));
	expect_ok(doca_pe_connect_ctx(pe, doca_dma_as_ctx(dma)));
	expect_ok(doca_ctx_start(doca_dma_as_ctx(dma)));
	expect_fail(doca_dma_destroy(dma), DOCA_ERROR_BAD_STATE, "doca_dma_destroy");
	expect_fail(doca_dma_task_memcpy_set_conf(dma, (doca_dma_task_memcpy_completion_cb_t)abort,
						  (doca_dma_task_memcpy_completion_cb_t)abort, 16),
		    DOCA_ERROR_BAD_STATE, "doca_dma_task_memcpy_set_conf");
	expect_ok(doca_ctx_stop(doca_dma_as_ctx(dma)));
	expect_ok(doca_dma_destroy(dma));
	stale = dma;
	expect_fail(doca_dma_destroy(stale), DOCA_ERROR_INVALID_VALUE, "doca_dma_destroy");
	expect_fail(doca_dma_destroy(NULL), DOCA_ERROR_INVALID_VALUE, "doca_dma_destroy");
	expect_ok(doca_pe_destroy(pe));
	sim_dev_close(dev);
}

static void task_accessors(void **state)
{
	struct dma_fixture fx;
	uint8_t mem[256];
	struct doca_mmap *map;
	struct doca_buf *a, *b;
	struct doca_dma_task_memcpy *task, *none = NULL;

	(void)state;
	dma_fixture_open(&fx, NULL, 4);
	map = dma_map(&fx, mem, sizeof(mem));
	a = dma_buf(&fx, map, mem, 128, 128);
	b = dma_buf(&fx, map, mem + 128, 128, 0);
	expect_ok(doca_dma_task_memcpy_alloc_init(fx.dma, a, b, (union doca_data){ .u64 = 7 }, &task));
	assert_ptr_equal(doca_dma_task_memcpy_get_src(task), a);
	assert_ptr_equal(doca_dma_task_memcpy_get_dst(task), b);
	assert_ptr_equal(doca_dma_task_memcpy_as_task(task), (struct doca_task *)task);
	doca_dma_task_memcpy_set_src(task, b);
	doca_dma_task_memcpy_set_dst(task, a);
	assert_ptr_equal(doca_dma_task_memcpy_get_src(task), b);
	assert_ptr_equal(doca_dma_task_memcpy_get_dst(task), a);
	expect_ok(DOCA_SUCCESS);

	/* bad input: one line each, nothing touched */
	expect_fail(doca_dma_task_memcpy_alloc_init(NULL, a, b, (union doca_data){ 0 }, &none),
		    DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_alloc_init");
	expect_fail(doca_dma_task_memcpy_alloc_init(fx.dma, a, b, (union doca_data){ 0 }, NULL),
		    DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_alloc_init");
	expect_fail(doca_dma_task_memcpy_alloc_init(fx.dma, (struct doca_buf *)mem, b, (union doca_data){ 0 }, &none),
		    DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_alloc_init");
	assert_null(none);
	doca_dma_task_memcpy_set_src(task, (struct doca_buf *)mem);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_set_src");
	doca_dma_task_memcpy_set_dst(task, (struct doca_buf *)mem);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_set_dst");
	assert_ptr_equal(doca_dma_task_memcpy_get_src(task), b);
	assert_ptr_equal(doca_dma_task_memcpy_get_dst(task), a);
	expect_ok(DOCA_SUCCESS);
	doca_dma_task_memcpy_set_src(NULL, a);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_set_src");
	doca_dma_task_memcpy_set_dst(NULL, a);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_set_dst");
	assert_null(doca_dma_task_memcpy_get_src(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_get_src");
	assert_null(doca_dma_task_memcpy_get_dst(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_get_dst");
	assert_null(doca_dma_task_memcpy_as_task(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_as_task");
	/* a freed task is no task */
	doca_task_free(doca_dma_task_memcpy_as_task(task));
	assert_null(doca_dma_task_memcpy_get_src(task));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_dma_task_memcpy_get_src");

	expect_ok(doca_buf_dec_refcount(a, NULL));
	expect_ok(doca_buf_dec_refcount(b, NULL));
	expect_ok(doca_mmap_destroy(map));
	dma_fixture_close(&fx);
}

/* One copy of each size from 1 byte up, host to host: the bytes, and the destination's data_len. */
static void copies_of_every_size(void **state)
{
	static const size_t sizes[] = { 1, 2, 63, 64, 65, 4095, 4096, 65536, 1u << 20, 16u << 20 };
	size_t most = 16u << 20;
	uint8_t *src = malloc(most), *dst = malloc(most + 8);
	struct dma_fixture fx;
	struct doca_mmap *smap, *dmap;

	(void)state;
	assert_non_null(src);
	assert_non_null(dst);
	pattern(src, most, 3);
	dma_fixture_open(&fx, NULL, 16);
	smap = dma_map(&fx, src, most);
	dmap = dma_map(&fx, dst, most + 8);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct doca_buf *s = dma_buf(&fx, smap, src, sizes[i], sizes[i]);
		struct doca_buf *d = dma_buf(&fx, dmap, dst, most + 8, 0);
		size_t len;

		memset(dst, 0xee, most + 8);
		dma_submit(&fx, s, d);
		dma_wait(&fx, (unsigned)i + 1);
		assert_int_equal(fx.status[i], DOCA_SUCCESS);
		assert_memory_equal(dst, src, sizes[i]);
		assert_int_equal(dst[sizes[i]], 0xee);
		expect_ok(doca_buf_get_data_len(d, &len));
		assert_int_equal(len, sizes[i]);
		expect_ok(doca_buf_dec_refcount(s, NULL));
		expect_ok(doca_buf_dec_refcount(d, NULL));
	}
	expect_ok(doca_mmap_destroy(smap));
	expect_ok(doca_mmap_destroy(dmap));
	dma_fixture_close(&fx);
	free(src);
	free(dst);
}

/*
 * Lists: the source's data gathered in order, the destination's room filled in order, each
 * destination buffer's data growing after what it held.
 */
static void lists_gather_and_scatter(void **state)
{
	uint8_t src[3000], dst[4000], want[2500];
	struct dma_fixture fx;
	struct doca_mmap *smap, *dmap;
	struct doca_buf *s[3], *d[3];
	size_t len;

	(void)state;
	pattern(src, sizeof(src), 9);
	memset(dst, 0, sizeof(dst));
	dma_fixture_open(&fx, NULL, 4);
	smap = dma_map(&fx, src, sizeof(src));
	dmap = dma_map(&fx, dst, sizeof(dst));
	/* source: data [100, 600) + [1000, 1800) + [2000, 3000): 2300 bytes */
	s[0] = dma_buf(&fx, smap, src, 1000, 0);
	expect_ok(doca_buf_set_data(s[0], src + 100, 500));
	s[1] = dma_buf(&fx, smap, src + 1000, 1000, 800);
	s[2] = dma_buf(&fx, smap, src + 2000, 1000, 1000);
	expect_ok(doca_buf_chain_list(s[0], s[1]));
	expect_ok(doca_buf_chain_list(s[0], s[2]));
	/* destination: 10 bytes of data then room for 290; room for 1000; room for 2000 */
	d[0] = dma_buf(&fx, dmap, dst, 300, 10);
	d[1] = dma_buf(&fx, dmap, dst + 300, 1000, 0);
	d[2] = dma_buf(&fx, dmap, dst + 1300, 2000, 0);
	expect_ok(doca_buf_chain_list(d[0], d[1]));
	expect_ok(doca_buf_chain_list(d[0], d[2]));
	dma_submit(&fx, s[0], d[0]);
	dma_wait(&fx, 1);
	assert_int_equal(fx.status[0], DOCA_SUCCESS);
	memcpy(want, src + 100, 500);
	memcpy(want + 500, src + 1000, 800);
	memcpy(want + 1300, src + 2000, 1000);
	assert_memory_equal(dst + 10, want, 290);
	assert_memory_equal(dst + 300, want + 290, 1000);
	assert_memory_equal(dst + 1300, want + 1290, 1010);
	expect_ok(doca_buf_get_data_len(d[0], &len));
	assert_int_equal(len, 300);
	expect_ok(doca_buf_get_data_len(d[1], &len));
	assert_int_equal(len, 1000);
	expect_ok(doca_buf_get_data_len(d[2], &len));
	assert_int_equal(len, 1010);
	expect_ok(doca_buf_dec_refcount(s[0], NULL));
	expect_ok(doca_buf_dec_refcount(d[0], NULL));
	expect_ok(doca_mmap_destroy(smap));
	expect_ok(doca_mmap_destroy(dmap));
	dma_fixture_close(&fx);
}

/* A list of n one-byte buffers of map over mem (data: each its byte). */
static struct doca_buf *list_of(struct dma_fixture *fx, struct doca_mmap *map, uint8_t *mem, unsigned n, size_t data)
{
	struct doca_buf *head = dma_buf(fx, map, mem, 1, data);

	for (unsigned i = 1; i < n; i++)
		expect_ok(doca_buf_chain_list(head, dma_buf(fx, map, mem + i, 1, data)));
	return head;
}

/* The longest lists the device takes work; a longer one, or too little room, fails the task. */
static void failures_are_error_callbacks(void **state)
{
	uint8_t src[64], dst[64];
	struct dma_fixture fx;
	struct doca_mmap *smap, *dmap;
	struct doca_buf *longest, *too_long, *d, *small;
	enum doca_ctx_states st;
	char *log;

	(void)state;
	pattern(src, sizeof(src), 1);
	memset(dst, 0, sizeof(dst));
	dma_fixture_open(&fx, NULL, 8);
	smap = dma_map(&fx, src, sizeof(src));
	dmap = dma_map(&fx, dst, sizeof(dst));
	longest = list_of(&fx, smap, src, MAX_LIST, 1);
	too_long = list_of(&fx, smap, src, MAX_LIST + 1, 1);
	d = list_of(&fx, dmap, dst, MAX_LIST, 0);
	small = dma_buf(&fx, dmap, dst + 40, 4, 0);
	dma_submit(&fx, longest, d);
	dma_wait(&fx, 1);
	assert_int_equal(fx.status[0], DOCA_SUCCESS);
	assert_memory_equal(dst, src, MAX_LIST);

	/* doca_task_try_submit refuses it at once; doca_task_submit fails it in its error callback */
	{
		struct doca_dma_task_memcpy *task;

		expect_ok(doca_dma_task_memcpy_alloc_init(fx.dma, too_long, d, (union doca_data){ 0 }, &task));
		assert_int_equal(doca_task_try_submit(doca_dma_task_memcpy_as_task(task)), DOCA_ERROR_INVALID_VALUE);
		log = sdk_log_take();
		assert_non_null(strstr(log, "[doca_task_try_submit]"));
		free(log);
		doca_task_free(doca_dma_task_memcpy_as_task(task));
	}
	dma_submit(&fx, too_long, small);
	dma_wait(&fx, 2);
	assert_int_equal(fx.status[1], DOCA_ERROR_INVALID_VALUE);
	log = sdk_log_take();
	assert_non_null(strstr(log, "[doca_task_submit] the source list is longer than the 30 buffers"));
	free(log);
	/* a failed task stops the context, as DOCA's */
	dma_wait_idle(&fx);
	expect_ok(doca_ctx_get_state(doca_dma_as_ctx(fx.dma), &st));
	assert_int_equal(st, DOCA_CTX_STATE_IDLE);

	/* restarted: too little room */
	expect_ok(doca_ctx_start(doca_dma_as_ctx(fx.dma)));
	dma_submit(&fx, longest, small);
	dma_wait(&fx, 3);
	assert_int_equal(fx.status[2], DOCA_ERROR_INVALID_VALUE);
	log = sdk_log_take();
	assert_non_null(strstr(log, "room for 4 bytes, the source holds 30"));
	free(log);
	dma_wait_idle(&fx);
	expect_ok(doca_ctx_start(doca_dma_as_ctx(fx.dma)));

	/* restarted: a source with no data (NVIDIA's pe_task_error sample makes its bad task so) */
	{
		struct doca_buf *empty = dma_buf(&fx, smap, src, 8, 0);

		dma_submit(&fx, empty, small);
		dma_wait(&fx, 4);
		assert_int_equal(fx.status[3], DOCA_ERROR_INVALID_VALUE);
		log = sdk_log_take();
		assert_non_null(strstr(log, "[doca_task_submit] the source holds no data"));
		free(log);
		dma_wait_idle(&fx);
		expect_ok(doca_ctx_start(doca_dma_as_ctx(fx.dma)));
		expect_ok(doca_buf_dec_refcount(empty, NULL));
	}

	expect_ok(doca_buf_dec_refcount(longest, NULL));
	expect_ok(doca_buf_dec_refcount(too_long, NULL));
	expect_ok(doca_buf_dec_refcount(d, NULL));
	expect_ok(doca_buf_dec_refcount(small, NULL));
	expect_ok(doca_mmap_destroy(smap));
	expect_ok(doca_mmap_destroy(dmap));
	dma_fixture_close(&fx);
}

/* A map that forbids the device to write is no destination. */
static void a_read_only_destination(void **state)
{
	uint8_t src[64], dst[64];
	struct dma_fixture fx;
	struct doca_mmap *smap, *dmap;
	struct doca_buf *s, *d;
	char *log;

	(void)state;
	dma_fixture_open(&fx, NULL, 2);
	smap = dma_map(&fx, src, sizeof(src));
	expect_ok(doca_mmap_create(&dmap));
	expect_ok(doca_mmap_set_memrange(dmap, dst, sizeof(dst)));
	expect_ok(doca_mmap_set_permissions(dmap, DOCA_ACCESS_FLAG_LOCAL_READ_ONLY));
	expect_ok(doca_mmap_add_dev(dmap, fx.dev));
	expect_ok(doca_mmap_start(dmap));
	s = dma_buf(&fx, smap, src, 64, 64);
	d = dma_buf(&fx, dmap, dst, 64, 0);
	dma_submit(&fx, s, d);
	dma_wait(&fx, 1);
	assert_int_equal(fx.status[0], DOCA_ERROR_NOT_PERMITTED);
	log = sdk_log_take();
	assert_non_null(strstr(log, "[doca_task_submit]"));
	free(log);
	expect_ok(doca_buf_dec_refcount(s, NULL));
	expect_ok(doca_buf_dec_refcount(d, NULL));
	expect_ok(doca_mmap_destroy(smap));
	expect_ok(doca_mmap_destroy(dmap));
	dma_fixture_close(&fx);
}

/*
 * Stopping with copies in flight: each task completes once, copied or flushed
 * (DOCA_ERROR_IO_FAILED), and the context turns idle when the program freed them all.
 */
static void stopping_with_copies_in_flight(void **state)
{
	enum {
		N = 520, /* not a whole number of the context's posting batches (32): some still wait at stop */
		SIZE = 65536
	};
	uint8_t *src = malloc(SIZE), *dst = malloc((size_t)N * SIZE);
	struct dma_fixture fx;
	struct doca_mmap *smap, *dmap;
	struct doca_buf *s, *d[N];
	unsigned copied = 0, flushed = 0;
	doca_error_t err;

	(void)state;
	assert_non_null(src);
	assert_non_null(dst);
	pattern(src, SIZE, 5);
	dma_fixture_open(&fx, NULL, N);
	smap = dma_map(&fx, src, SIZE);
	dmap = dma_map(&fx, dst, (size_t)N * SIZE);
	s = dma_buf(&fx, smap, src, SIZE, SIZE);
	for (int i = 0; i < N; i++)
		d[i] = dma_buf(&fx, dmap, dst + (size_t)i * SIZE, SIZE, 0);
	for (int i = 0; i < N; i++)
		dma_submit(&fx, s, d[i]);
	err = doca_ctx_stop(doca_dma_as_ctx(fx.dma));
	assert_int_equal(err, DOCA_ERROR_IN_PROGRESS);
	dma_wait_idle(&fx);
	assert_int_equal(fx.done, N);
	for (int i = 0; i < N; i++) {
		assert_true(fx.status[i] == DOCA_SUCCESS || fx.status[i] == DOCA_ERROR_IO_FAILED);
		copied += fx.status[i] == DOCA_SUCCESS;
		flushed += fx.status[i] == DOCA_ERROR_IO_FAILED;
	}
	assert_int_equal(copied + flushed, N);
	assert_true(flushed >= N % 32); /* those never handed to the device, at least */
	expect_ok(doca_buf_dec_refcount(s, NULL));
	for (int i = 0; i < N; i++)
		expect_ok(doca_buf_dec_refcount(d[i], NULL));
	expect_ok(doca_mmap_destroy(smap));
	expect_ok(doca_mmap_destroy(dmap));
	dma_fixture_close(&fx);
	free(src);
	free(dst);
}

/* The copies are the device's, later: submitting returns before the bytes move. */
static void the_device_copies_asynchronously(void **state)
{
	enum {
		SIZE = 64u << 20
	};
	uint8_t *src = malloc(SIZE), *dst = calloc(1, SIZE);
	struct dma_fixture fx;
	struct doca_mmap *smap, *dmap;
	struct doca_buf *s, *d;

	(void)state;
	assert_non_null(src);
	assert_non_null(dst);
	memset(src, 0x5a, SIZE);
	dma_fixture_open(&fx, NULL, 2);
	smap = dma_map(&fx, src, SIZE);
	dmap = dma_map(&fx, dst, SIZE);
	s = dma_buf(&fx, smap, src, SIZE, SIZE);
	d = dma_buf(&fx, dmap, dst, SIZE, 0);
	dma_submit(&fx, s, d);
	/* 64 MiB takes the engine milliseconds: its last byte is not there yet */
	assert_int_equal(__atomic_load_n(&dst[SIZE - 1], __ATOMIC_RELAXED), 0);
	assert_int_equal(fx.done, 0);
	dma_wait(&fx, 1);
	assert_int_equal(fx.status[0], DOCA_SUCCESS);
	assert_int_equal(dst[SIZE - 1], 0x5a);
	expect_ok(doca_buf_dec_refcount(s, NULL));
	expect_ok(doca_buf_dec_refcount(d, NULL));
	expect_ok(doca_mmap_destroy(smap));
	expect_ok(doca_mmap_destroy(dmap));
	dma_fixture_close(&fx);
	free(src);
	free(dst);
}

/*
 * Another process's memory (a map created from its PCI export) as source and destination: the
 * child exports 8 KiB, the parent copies its own bytes into the first half and the second half
 * back; the child checks what arrived.
 */
static void another_process_memory(void **state)
{
	enum {
		SIZE = 8192,
		HALF = SIZE / 2
	};
	int to_parent[2], to_child[2], status;
	pid_t child;
	size_t desc_len;
	char desc[4096];

	(void)state;
	assert_int_equal(pipe(to_parent), 0);
	assert_int_equal(pipe(to_child), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		/* the exporter: serves its memory until the parent is done */
		uint8_t *mem = calloc(1, SIZE), want[HALF], go;
		struct doca_dev *dev = sim_dev_open(0);
		struct doca_mmap *map;
		const void *d;
		size_t len;
		int ok;

		/* the parent gone, reading ends: the child never outlives it */
		close(to_parent[0]);
		close(to_child[1]);
		pattern(mem + HALF, HALF, 77);
		doca_mmap_create(&map);
		doca_mmap_set_memrange(map, mem, SIZE);
		doca_mmap_set_permissions(map, DOCA_ACCESS_FLAG_PCI_READ_WRITE);
		doca_mmap_add_dev(map, dev);
		doca_mmap_start(map);
		ok = doca_mmap_export_pci(map, dev, &d, &len) == DOCA_SUCCESS;
		if (!ok || write(to_parent[1], &len, sizeof(len)) != sizeof(len) ||
		    write(to_parent[1], d, len) != (ssize_t)len)
			_exit(2);
		if (read(to_child[0], &go, 1) != 1)
			_exit(3);
		pattern(want, HALF, 11);
		ok = memcmp(mem, want, HALF) == 0;
		doca_mmap_stop(map);
		doca_mmap_destroy(map);
		doca_dev_close(dev);
		_exit(ok ? 0 : 1);
	}
	close(to_parent[1]);
	close(to_child[0]);
	assert_int_equal(read(to_parent[0], &desc_len, sizeof(desc_len)), sizeof(desc_len));
	assert_true(desc_len <= sizeof(desc));
	assert_int_equal(read(to_parent[0], desc, desc_len), (ssize_t)desc_len);
	{
		uint8_t mine[HALF], back[HALF + 16], want[HALF];
		struct dma_fixture fx;
		struct doca_mmap *remote, *local, *backmap;
		struct doca_buf *rfirst, *rsecond, *src, *dst;
		size_t len;

		pattern(mine, HALF, 11);
		memset(back, 0, sizeof(back));
		dma_fixture_open(&fx, NULL, 4);
		expect_ok(doca_mmap_create_from_export(NULL, desc, desc_len, fx.dev, &remote));
		local = dma_map(&fx, mine, HALF);
		backmap = dma_map(&fx, back, sizeof(back));
		{
			void *base;
			size_t total;

			expect_ok(doca_mmap_get_memrange(remote, &base, &total));
			assert_int_equal(total, SIZE);
			rfirst = dma_buf(&fx, remote, base, HALF, 0);
			rsecond = dma_buf(&fx, remote, (uint8_t *)base + HALF, HALF, HALF);
		}
		src = dma_buf(&fx, local, mine, HALF, HALF);
		dst = dma_buf(&fx, backmap, back, sizeof(back), 8);
		dma_submit(&fx, src, rfirst);  /* host -> the other process */
		dma_submit(&fx, rsecond, dst); /* the other process -> host, after dst's 8 bytes */
		dma_wait(&fx, 2);
		assert_int_equal(fx.status[0], DOCA_SUCCESS);
		assert_int_equal(fx.status[1], DOCA_SUCCESS);
		pattern(want, HALF, 77);
		assert_memory_equal(back + 8, want, HALF);
		expect_ok(doca_buf_get_data_len(dst, &len));
		assert_int_equal(len, 8 + HALF);
		expect_ok(doca_buf_get_data_len(rfirst, &len));
		assert_int_equal(len, HALF);
		expect_ok(doca_buf_dec_refcount(rfirst, NULL));
		expect_ok(doca_buf_dec_refcount(rsecond, NULL));
		expect_ok(doca_buf_dec_refcount(src, NULL));
		expect_ok(doca_buf_dec_refcount(dst, NULL));
		expect_ok(doca_mmap_destroy(remote));
		expect_ok(doca_mmap_destroy(local));
		expect_ok(doca_mmap_destroy(backmap));
		dma_fixture_close(&fx);
	}
	assert_int_equal(write(to_child[1], "x", 1), 1);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	close(to_parent[0]);
	close(to_child[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(capabilities),
		cmocka_unit_test(objects),
		cmocka_unit_test(task_accessors),
		cmocka_unit_test(copies_of_every_size),
		cmocka_unit_test(lists_gather_and_scatter),
		cmocka_unit_test(failures_are_error_callbacks),
		cmocka_unit_test(a_read_only_destination),
		cmocka_unit_test(stopping_with_copies_in_flight),
		cmocka_unit_test(the_device_copies_asynchronously),
		cmocka_unit_test(another_process_memory),
		cmocka_unit_test(dma_2_2_jobs_on_a_work_queue),
		cmocka_unit_test(dma_1_4_jobs_on_a_work_queue),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
