/*
 * UARs, outboxes, windows, device memory keys and recoverable buffers on the simulated device:
 * device code reaching host memory through windows (the DPA memory model's writeback / invalidate), the
 * protection of that memory, doorbells through outboxes, getters, and bad input everywhere.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <infiniband/mlx5dv.h>
#include <errno.h>

#include "host_test.h"

extern flexio_func_t win_store, win_writeback, win_load, win_config, win_mkey_config, win_ptr, win_sum, win_copy, ring,
	ring_bad, uar_extension, fill, fill_and_crash;

#define ERR_BASE 1000000u

static struct ibv_pd *test_pd; /* the processes' PD, so regions may outlive a process */
static flexio_app *app;

static int open_simulated_device(void **state)
{
	(void)state;
	if (sim_device_open())
		return -1;
	test_pd = ibv_alloc_pd(ctx);
	if (!test_pd)
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "window_test" }, &app);
}

static int close_simulated_device(void **state)
{
	(void)state;
	assert_int_equal(ibv_dealloc_pd(test_pd), 0);
	sim_device_close(); /* every PD and devx UAR was released */
	return 0;
}

static flexio_process *new_process(void)
{
	flexio_process *p = NULL;

	assert_int_equal(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = test_pd }, &p),
			 FLEXIO_STATUS_SUCCESS);
	assert_ptr_equal(flexio_process_get_pd(p), test_pd);
	return p;
}

#define CALL(p, f, ...)                                                                                \
	({                                                                                             \
		uint64_t r_ = 0;                                                                       \
		assert_int_equal(flexio_process_call(p, &f, &r_, __VA_ARGS__), FLEXIO_STATUS_SUCCESS); \
		r_;                                                                                    \
	})

/* Entity, window id and mkey packed for the device functions. */
static uint64_t ids(int entity, flexio_window *w, uint32_t mkey)
{
	return (uint64_t)entity << 48 | (uint64_t)flexio_window_get_id(w) << 32 | mkey;
}

/* A page-aligned host buffer registered on pd (len bytes of the region, size bytes allocated). */
struct host_buf {
	uint64_t *data;
	struct ibv_mr *mr;
};

static struct host_buf host_buf(struct ibv_pd *pd, size_t size, size_t len, int access)
{
	struct host_buf b;

	b.data = aligned_alloc(4096, size);
	assert_non_null(b.data);
	memset(b.data, 0, size);
	b.mr = ibv_reg_mr(pd, b.data, len, access);
	assert_non_null(b.mr);
	return b;
}

static void host_buf_free(struct host_buf *b)
{
	if (b->mr)
		assert_int_equal(ibv_dereg_mr(b->mr), 0);
	free(b->data);
}

/* ---- windows ------------------------------------------------------------------------------ */

static void stores_reach_host_at_writeback(void **state)
{
	flexio_process *p = NULL;
	struct host_buf b;
	flexio_window *w = NULL;

	(void)state;
	/* This process has a PD of its own (flexio_process_attr.pd NULL). */
	assert_int_equal(flexio_process_create(ctx, app, NULL, &p), FLEXIO_STATUS_SUCCESS);
	b = host_buf(flexio_process_get_pd(p), 4096, 4096, IBV_ACCESS_LOCAL_WRITE);
	assert_int_equal(flexio_window_create(p, flexio_process_get_pd(p), &w), FLEXIO_STATUS_SUCCESS);
	assert_int_not_equal(flexio_window_get_id(w), UINT32_MAX);
	/* Without a writeback the store stays in the DPA's window cache. */
	assert_int_equal(CALL(p, win_store, ids(0, w, b.mr->lkey), (uint64_t)b.data, 64, 0x1122334455667788ull, 0), 0);
	assert_int_equal(b.data[8], 0);
	assert_int_equal(CALL(p, win_writeback, 0), 0);
	assert_int_equal(b.data[8], 0x1122334455667788ull);
	/* Entity 1, writing back at once; a host address inside the region, not its start. */
	assert_int_equal(CALL(p, win_store, ids(1, w, b.mr->lkey), (uint64_t)&b.data[100], 8, 42, 1), 0);
	assert_int_equal(b.data[101], 42);
	assert_int_equal(flexio_err_status_get(p), 0);
	assert_int_equal(flexio_window_destroy(w), FLEXIO_STATUS_SUCCESS);
	host_buf_free(&b); /* before the process frees its PD */
	flexio_process_destroy(p);
}

static void loads_see_host_changes_after_invalidate(void **state)
{
	flexio_process *p = new_process();
	struct host_buf b = host_buf(flexio_process_get_pd(p), 4096, 4096, IBV_ACCESS_LOCAL_WRITE);
	flexio_window *w = NULL;
	uint64_t id;

	(void)state;
	assert_int_equal(flexio_window_create(p, flexio_process_get_pd(p), &w), FLEXIO_STATUS_SUCCESS);
	id = ids(0, w, b.mr->lkey);
	b.data[3] = 1;
	assert_int_equal(CALL(p, win_load, id, (uint64_t)b.data, 24, 1), 1);
	b.data[3] = 2;
	assert_int_equal(CALL(p, win_load, id, (uint64_t)b.data, 24, 0), 1); /* served from the cache */
	assert_int_equal(CALL(p, win_load, id, (uint64_t)b.data, 24, 1), 2);
	for (int i = 0; i < 512; i++)
		b.data[i] = (uint64_t)i;
	assert_int_equal(CALL(p, win_sum, id, (uint64_t)b.data, 512), 511 * 512 / 2);
	flexio_process_destroy(p); /* destroys the window too */
	assert_int_equal(flexio_window_get_id(w), UINT32_MAX);
	host_buf_free(&b);
}

static void copy_to_host(void **state)
{
	flexio_process *p = new_process();
	struct host_buf b = host_buf(flexio_process_get_pd(p), 4096, 4096, IBV_ACCESS_LOCAL_WRITE);
	struct host_buf ro = host_buf(flexio_process_get_pd(p), 4096, 4096, 0);
	unsigned char src[100];
	flexio_uintptr_t daddr = 0;
	flexio_window *w = NULL;
	uint64_t id;

	(void)state;
	for (int i = 0; i < 100; i++)
		src[i] = (unsigned char)(i * 3);
	assert_int_equal(flexio_copy_from_host(p, src, sizeof(src), &daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_window_create(p, flexio_process_get_pd(p), &w), FLEXIO_STATUS_SUCCESS);
	id = ids(1, w, b.mr->lkey);
	assert_int_equal(CALL(p, win_copy, id, (uint64_t)b.data + 5, daddr, 100), 0);
	assert_memory_equal((char *)b.data + 5, src, 100); /* complete when the call returns */
	/* Out of the region, a bad DPA source, a region without write access: errors, no fault. */
	assert_int_equal(CALL(p, win_copy, id, (uint64_t)b.data + 4000, daddr, 100), ERR_BASE + EFAULT);
	assert_int_equal(CALL(p, win_copy, id, (uint64_t)b.data, 16, 100), ERR_BASE + EFAULT);
	assert_int_equal(CALL(p, win_copy, ids(1, w, ro.mr->lkey), (uint64_t)ro.data, daddr, 100), ERR_BASE + EACCES);
	assert_int_equal(flexio_err_status_get(p), 0);
	flexio_process_destroy(p);
	host_buf_free(&b);
	host_buf_free(&ro);
}

static void configuration_errors(void **state)
{
	flexio_process *p = new_process();
	struct ibv_pd *other_pd = ibv_alloc_pd(ctx);
	struct host_buf b = host_buf(flexio_process_get_pd(p), 4096, 4096, IBV_ACCESS_LOCAL_WRITE);
	struct host_buf foreign = host_buf(other_pd, 4096, 4096, IBV_ACCESS_LOCAL_WRITE);
	flexio_window *w = NULL;
	uint32_t id;

	(void)state;
	assert_int_equal(flexio_window_create(p, flexio_process_get_pd(p), &w), FLEXIO_STATUS_SUCCESS);
	id = flexio_window_get_id(w);
	assert_int_equal(CALL(p, win_config, 0, id, 0xdead00), ERR_BASE + ENOENT);        /* no such key */
	assert_int_equal(CALL(p, win_config, 0, id, foreign.mr->lkey), ERR_BASE + EPERM); /* other PD */
	assert_int_equal(CALL(p, win_config, 0, id + 1, b.mr->lkey), ERR_BASE + ENOENT);  /* no such window */
	assert_int_equal(CALL(p, win_config, 2, id, b.mr->lkey), ERR_BASE + EINVAL);      /* no entity 2 */
	assert_int_equal(CALL(p, win_ptr, 1, (uint64_t)b.data), ERR_BASE + EINVAL);       /* not configured */
	assert_int_equal(CALL(p, win_config, 0, id, b.mr->lkey), 0);
	assert_int_equal(CALL(p, win_ptr, 0, (uint64_t)b.data + 4096), ERR_BASE + EFAULT); /* past the end */
	assert_int_equal(CALL(p, win_ptr, 0, (uint64_t)b.data - 1), ERR_BASE + EFAULT);    /* before it */
	assert_int_equal(CALL(p, win_ptr, 0, (uint64_t)b.data + 4095), 0);
	assert_int_equal(CALL(p, win_mkey_config, 0, foreign.mr->lkey), ERR_BASE + EPERM);
	assert_int_equal(CALL(p, win_mkey_config, 1, b.mr->lkey), ERR_BASE + EINVAL); /* entity 1 unset */
	assert_int_equal(CALL(p, win_mkey_config, 0, b.mr->lkey), 0);
	/* A window of the other PD reaches the other PD's memory only. */
	flexio_window *w2 = NULL;
	assert_int_equal(flexio_window_create(p, other_pd, &w2), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(CALL(p, win_config, 0, flexio_window_get_id(w2), b.mr->lkey), ERR_BASE + EPERM);
	assert_int_equal(CALL(p, win_store, ids(0, w2, foreign.mr->lkey), (uint64_t)foreign.data, 0, 9, 1), 0);
	assert_int_equal(foreign.data[0], 9);
	/* A destroyed window, a deregistered region. */
	assert_int_equal(flexio_window_destroy(w2), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(CALL(p, win_ptr, 0, (uint64_t)foreign.data), ERR_BASE + ENOENT);
	host_buf_free(&foreign);
	assert_int_equal(flexio_err_status_get(p), 0);
	flexio_process_destroy(p);
	host_buf_free(&b);
	assert_int_equal(ibv_dealloc_pd(other_pd), 0);
}

/* An access outside the region faults the thread: the process is in error state, the program
 * and other processes go on. */
static void expect_fault(const char *cause, flexio_process *p, flexio_func_t *f, uint64_t a0, uint64_t a1, int64_t a2,
			 uint64_t a3, int a4)
{
	struct stderr_capture c;
	uint64_t ret;
	flexio_status st;
	const char *text;

	capture_begin(&c);
	st = flexio_process_call(p, f, &ret, a0, a1, a2, a3, a4);
	text = capture_end(&c);
	assert_int_equal(st, FLEXIO_STATUS_FAILED);
	if (!strstr(text, cause))
		fail_msg("expected a fault \"%s\", got \"%s\"", cause, text);
	assert_int_not_equal(flexio_err_status_get(p), 0);
}

static void out_of_bounds_access_faults(void **state)
{
	flexio_process *other = new_process();
	flexio_process *p;
	struct host_buf b;
	flexio_window *w;
	char crash[] = "/tmp/flexio_window_crash_XXXXXX";
	int fd;

	(void)state;
	/* A 100-byte region at the start of a page. */
	for (int kind = 0; kind < 4; kind++) {
		p = new_process();
		b = host_buf(flexio_process_get_pd(p), 8192, 100, IBV_ACCESS_LOCAL_WRITE);
		w = NULL;
		assert_int_equal(flexio_window_create(p, flexio_process_get_pd(p), &w), FLEXIO_STATUS_SUCCESS);
		switch (kind) {
		case 0: /* store just past the end, caught when written back */
			expect_fault("aperture refused", p, &win_store, ids(0, w, b.mr->lkey), (uint64_t)b.data, 104, 7,
				     1);
			assert_int_equal(b.data[13], 0);
			break;
		case 1: /* load from a line with no byte of the region */
			expect_fault("aperture refused", p, &win_load, ids(0, w, b.mr->lkey), (uint64_t)b.data, 128, 1,
				     0);
			break;
		case 2: /* store a page away: nothing is mapped there */
			expect_fault("unmapped", p, &win_store, ids(0, w, b.mr->lkey), (uint64_t)b.data, 4096, 7, 1);
			break;
		case 3: /* load before the region's page */
			expect_fault("unmapped", p, &win_load, ids(0, w, b.mr->lkey), (uint64_t)b.data, -8, 1, 0);
			break;
		}
		if (kind == 0) {
			fd = mkstemp(crash);
			assert_true(fd >= 0);
			close(fd);
			assert_int_equal(flexio_crash_data(p, crash), FLEXIO_STATUS_SUCCESS);
			unlink(crash);
		}
		flexio_process_destroy(p);
		host_buf_free(&b);
	}
	/* The other process never noticed. */
	assert_int_equal(flexio_err_status_get(other), 0);
	assert_int_equal(CALL(other, win_writeback, 0), 0);
	flexio_process_destroy(other);
}

static void window_bad_input(void **state)
{
	flexio_process *p = new_process(), *dead = new_process();
	struct ibv_pd *gone = ibv_alloc_pd(ctx);
	flexio_window *w = NULL, *w2 = NULL;
	int not_a_pd;

	(void)state;
	flexio_process_destroy(dead);
	assert_int_equal(ibv_dealloc_pd(gone), 0);
	EXPECT_FAILURE_LOGGED(flexio_window_create(NULL, flexio_process_get_pd(p), &w), "flexio_window_create");
	EXPECT_FAILURE_LOGGED(flexio_window_create(dead, flexio_process_get_pd(p), &w), "flexio_window_create");
	EXPECT_FAILURE_LOGGED(flexio_window_create(p, NULL, &w), "flexio_window_create");
	EXPECT_FAILURE_LOGGED(flexio_window_create(p, flexio_process_get_pd(p), NULL), "flexio_window_create");
	EXPECT_FAILURE_LOGGED(flexio_window_create(p, gone, &w), "flexio_window_create");
	EXPECT_FAILURE_LOGGED(flexio_window_create(p, (struct ibv_pd *)&not_a_pd, &w), "flexio_window_create");
	assert_null(w);
	EXPECT_FAILURE_LOGGED(flexio_window_destroy(NULL), "flexio_window_destroy");
	EXPECT_LOGGED(flexio_window_get_id(NULL), UINT32_MAX, "flexio_window_get_id");
	assert_int_equal(flexio_window_create(p, flexio_process_get_pd(p), &w), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_window_create(p, flexio_process_get_pd(p), &w2), FLEXIO_STATUS_SUCCESS);
	assert_int_not_equal(flexio_window_get_id(w), flexio_window_get_id(w2));
	assert_int_equal(flexio_window_destroy(w), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_window_destroy(w), "flexio_window_destroy");
	EXPECT_LOGGED(flexio_window_get_id(w), UINT32_MAX, "flexio_window_get_id");
	EXPECT_LOGGED(flexio_window_get_id((flexio_window *)p), UINT32_MAX, "flexio_window_get_id");
	flexio_process_destroy(p); /* w2 goes with it */
	EXPECT_FAILURE_LOGGED(flexio_window_destroy(w2), "flexio_window_destroy");
}

/* ---- outboxes and UARs ---------------------------------------------------------------------- */

static void doorbells_arrive_decoded(void **state)
{
	flexio_process *p = new_process();
	flexio_outbox *o = NULL, *o2 = NULL;
	struct stderr_capture c;
	const char *text;
	enum flexio_log_lvl old;
	uint32_t id;
	char want[256];

	(void)state;
	assert_int_equal(flexio_outbox_create(p, &(struct flexio_outbox_attr){ 0 }, &o), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_outbox_create(p, &(struct flexio_outbox_attr){ .en_pcc = 1 }, &o2),
			 FLEXIO_STATUS_SUCCESS);
	id = flexio_outbox_get_id(o);
	assert_int_not_equal(id, UINT32_MAX);
	assert_int_not_equal(id, flexio_outbox_get_id(o2));
	assert_true(id > 0 && id <= UINT16_MAX);
	assert_ptr_equal(flexio_outbox_get_uar(o), flexio_process_get_uar(p));

	old = flexio_log_lvl_set(FLEXIO_LOG_LVL_DBG);
	capture_begin(&c);
	assert_int_equal(CALL(p, ring, id, 0x123, 7, 0x45, 9), 0);
	text = capture_end(&c);
	flexio_log_lvl_set(old);
	snprintf(want, sizeof(want), "outbox %u thread", id);
	assert_non_null(strstr(text, want));
	assert_non_null(strstr(text, ": send queue 0x123 index 7 extra 0x0 raw 0x0000012300000007"));
	assert_non_null(strstr(text, ": CQ arm queue 0x45 index 9 "));
	assert_non_null(strstr(text, ": EQ update queue 0x46 index 10 "));
	assert_non_null(strstr(text, ": zero CQE queue 0x47 index 0 "));
	{
		int n = 0;

		for (const char *t = text; (t = strstr(t, "flexio DBG doorbell: ")); t++)
			n++;
		assert_int_equal(n, 4);
	}

	/* A destroyed outbox cannot be selected; a store that is no doorbell faults. */
	assert_int_equal(flexio_outbox_destroy(o2), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(CALL(p, ring, 0, 1, 1, 1, 1), ERR_BASE + ENOENT);
	assert_int_equal(flexio_err_status_get(p), 0);
	capture_begin(&c);
	assert_int_equal(flexio_process_call(p, &ring_bad, &(uint64_t){ 0 }, id), FLEXIO_STATUS_FAILED);
	capture_end(&c);
	assert_int_not_equal(flexio_err_status_get(p), 0);
	flexio_process_destroy(p); /* o goes with it */
	assert_int_equal(flexio_outbox_get_id(o), UINT32_MAX);
}

static void outbox_bad_input(void **state)
{
	flexio_process *p = new_process(), *dead = new_process();
	struct flexio_outbox_attr attr = { 0 };
	flexio_outbox *o = NULL;

	(void)state;
	flexio_process_destroy(dead);
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(NULL, &attr, &o), "flexio_outbox_create");
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(dead, &attr, &o), "flexio_outbox_create");
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(p, NULL, &o), "flexio_outbox_create");
	EXPECT_FAILURE_LOGGED(flexio_outbox_create(p, &attr, NULL), "flexio_outbox_create");
	assert_null(o);
	/* The deprecated uar field is ignored, even when it is garbage. */
	attr.uar = (flexio_uar *)&attr;
	assert_int_equal(flexio_outbox_create(p, &attr, &o), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_uar_destroy(flexio_process_get_uar(p)), "flexio_uar_destroy");
	assert_int_equal(flexio_outbox_destroy(o), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_outbox_destroy(o), "flexio_outbox_destroy");
	EXPECT_FAILURE_LOGGED(flexio_outbox_destroy(NULL), "flexio_outbox_destroy");
	EXPECT_LOGGED(flexio_outbox_get_id(o), UINT32_MAX, "flexio_outbox_get_id");
	EXPECT_LOGGED(flexio_outbox_get_uar(o), NULL, "flexio_outbox_get_uar");
	EXPECT_LOGGED(flexio_outbox_get_uar(NULL), NULL, "flexio_outbox_get_uar");
	flexio_process_destroy(p);
}

static void uars(void **state)
{
	flexio_process *p = new_process(), *q = new_process();
	flexio_uar *own = flexio_process_get_uar(p), *u = NULL, *ext = NULL, *ext2 = NULL;
	struct stderr_capture c;
	const char *text;
	enum flexio_log_lvl old;
	uint32_t device_id;

	(void)state;
	assert_non_null(own);
	assert_ptr_not_equal(own, flexio_process_get_uar(q));
	assert_int_not_equal(flexio_uar_get_id(own), UINT32_MAX);
	assert_int_not_equal(flexio_uar_get_id(own), flexio_uar_get_id(flexio_process_get_uar(q)));
	assert_int_equal(flexio_uar_create(p, &u), FLEXIO_STATUS_SUCCESS);
	assert_int_not_equal(flexio_uar_get_id(u), flexio_uar_get_id(own));
	EXPECT_LOGGED(flexio_uar_get_extended_id(u), UINT32_MAX, "flexio_uar_get_extended_id");

	assert_int_equal(flexio_uar_extend(own, ctx, &ext), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_uar_extend(u, ctx, &ext2), FLEXIO_STATUS_SUCCESS);
	device_id = flexio_uar_get_extended_id(ext);
	assert_int_not_equal(device_id, UINT32_MAX);
	assert_int_not_equal(device_id, flexio_uar_get_extended_id(ext2));
	assert_int_not_equal(flexio_uar_get_id(ext), UINT32_MAX);
	EXPECT_FAILURE_LOGGED(flexio_uar_extend(ext, ctx, &u), "flexio_uar_extend");

	old = flexio_log_lvl_set(FLEXIO_LOG_LVL_DBG);
	capture_begin(&c);
	assert_int_equal(CALL(p, uar_extension, device_id, 0xabc, 5), 0);
	text = capture_end(&c);
	flexio_log_lvl_set(old);
	assert_non_null(strstr(text, ": cross-device queue 0xabc index 5 "));
	/* Another process's extension, or none, is unknown to this process. */
	assert_int_equal(CALL(q, uar_extension, device_id, 1, 1), ERR_BASE + ENOENT);
	assert_int_equal(CALL(p, uar_extension, 0x7777777, 1, 1), ERR_BASE + ENOENT);
	assert_int_equal(flexio_uar_destroy(ext), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(CALL(p, uar_extension, device_id, 1, 1), ERR_BASE + ENOENT);

	EXPECT_FAILURE_LOGGED(flexio_uar_create(NULL, &u), "flexio_uar_create");
	EXPECT_FAILURE_LOGGED(flexio_uar_create(p, NULL), "flexio_uar_create");
	EXPECT_FAILURE_LOGGED(flexio_uar_destroy(NULL), "flexio_uar_destroy");
	EXPECT_FAILURE_LOGGED(flexio_uar_destroy(ext), "flexio_uar_destroy");
	EXPECT_FAILURE_LOGGED(flexio_uar_extend(NULL, ctx, &ext), "flexio_uar_extend");
	EXPECT_FAILURE_LOGGED(flexio_uar_extend(own, NULL, &ext), "flexio_uar_extend");
	EXPECT_FAILURE_LOGGED(flexio_uar_extend(own, ctx, NULL), "flexio_uar_extend");
	EXPECT_FAILURE_LOGGED(flexio_uar_extend(own, (struct ibv_context *)&c, &ext), "flexio_uar_extend");
	EXPECT_LOGGED(flexio_uar_get_id(NULL), UINT32_MAX, "flexio_uar_get_id");
	EXPECT_LOGGED(flexio_uar_get_id(ext), UINT32_MAX, "flexio_uar_get_id");
	EXPECT_LOGGED(flexio_uar_get_extended_id(NULL), UINT32_MAX, "flexio_uar_get_extended_id");
	EXPECT_LOGGED(flexio_process_get_uar(NULL), NULL, "flexio_process_get_uar");
	flexio_process_destroy(q);
	EXPECT_LOGGED(flexio_process_get_uar(q), NULL, "flexio_process_get_uar");
	flexio_process_destroy(p); /* u, ext2 and the process UAR go with it */
	EXPECT_LOGGED(flexio_uar_get_id(own), UINT32_MAX, "flexio_uar_get_id");
	EXPECT_FAILURE_LOGGED(flexio_uar_destroy(u), "flexio_uar_destroy");
}

/* ---- memory keys and recoverable buffers ------------------------------------------------------ */

static void device_mkeys(void **state)
{
	flexio_process *p = new_process(), *dead = new_process();
	struct ibv_pd *pd = flexio_process_get_pd(p), *gone = ibv_alloc_pd(ctx);
	flexio_uintptr_t daddr = 0;
	flexio_mkey *m = NULL, *m2 = NULL;
	struct flexio_mkey_attr attr;

	(void)state;
	flexio_process_destroy(dead);
	assert_int_equal(ibv_dealloc_pd(gone), 0);
	assert_int_equal(flexio_buf_dev_alloc(p, 256, &daddr), FLEXIO_STATUS_SUCCESS);
	attr = (struct flexio_mkey_attr){ .pd = pd, .daddr = daddr, .len = 256, .access = IBV_ACCESS_LOCAL_WRITE };
	assert_int_equal(flexio_device_mkey_create(p, &attr, &m), FLEXIO_STATUS_SUCCESS);
	attr = (struct flexio_mkey_attr){
		.pd = pd, .daddr = daddr + 64, .len = 64, .access = IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_LOCAL_WRITE
	};
	assert_int_equal(flexio_device_mkey_create(p, &attr, &m2), FLEXIO_STATUS_SUCCESS);
	assert_int_not_equal(flexio_mkey_get_id(m), UINT32_MAX);
	assert_int_not_equal(flexio_mkey_get_id(m), flexio_mkey_get_id(m2));

	attr = (struct flexio_mkey_attr){ .pd = pd, .daddr = daddr, .len = 256, .access = IBV_ACCESS_LOCAL_WRITE };
	flexio_mkey *x = NULL;
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(NULL, &attr, &x), "flexio_device_mkey_create");
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(dead, &attr, &x), "flexio_device_mkey_create");
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(p, NULL, &x), "flexio_device_mkey_create");
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(p, &attr, NULL), "flexio_device_mkey_create");
	attr.pd = NULL;
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(p, &attr, &x), "flexio_device_mkey_create");
	attr.pd = gone;
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(p, &attr, &x), "flexio_device_mkey_create");
	attr.pd = pd;
	attr.len = 0;
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(p, &attr, &x), "flexio_device_mkey_create");
	attr.len = 257; /* past the buffer */
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(p, &attr, &x), "flexio_device_mkey_create");
	attr.len = 16;
	attr.daddr = 0x10; /* not heap memory */
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(p, &attr, &x), "flexio_device_mkey_create");
	attr.daddr = daddr;
	attr.access = IBV_ACCESS_MW_BIND;
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_create(p, &attr, &x), "flexio_device_mkey_create");
	assert_null(x);

	assert_int_equal(flexio_device_mkey_destroy(NULL), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_device_mkey_destroy(m), FLEXIO_STATUS_SUCCESS);
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_destroy(m), "flexio_device_mkey_destroy");
	EXPECT_LOGGED(flexio_mkey_get_id(m), UINT32_MAX, "flexio_mkey_get_id");
	EXPECT_LOGGED(flexio_mkey_get_id(NULL), UINT32_MAX, "flexio_mkey_get_id");
	flexio_process_destroy(p); /* m2 goes with it */
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_destroy(m2), "flexio_device_mkey_destroy");
}

static void recoverable_buffers(void **state)
{
	flexio_process *p = new_process(), *dead = new_process();
	struct ibv_pd *pd = flexio_process_get_pd(p), *other_pd = ibv_alloc_pd(ctx);
	struct host_buf b = host_buf(pd, 8192, 8192, IBV_ACCESS_LOCAL_WRITE);
	struct host_buf small = host_buf(pd, 4096, 4096, IBV_ACCESS_LOCAL_WRITE);
	struct host_buf ro = host_buf(pd, 4096, 4096, 0);
	struct host_buf foreign = host_buf(other_pd, 4096, 4096, IBV_ACCESS_LOCAL_WRITE);
	flexio_uintptr_t daddr = 1;
	const unsigned char *bytes = (const unsigned char *)b.data;
	struct flexio_heap_mem_info info;

	(void)state;
	flexio_process_destroy(dead);
	/* 5000 bytes round up to two 4096-byte blocks: the region must have exactly 8192. */
	assert_int_equal(flexio_recoverable_buf_dev_alloc(p, 5000, b.mr->lkey, &daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_not_equal(daddr, 0);
	assert_int_equal(flexio_process_mem_info_get(p, &info), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(info.allocated, 8192);
	assert_int_equal(CALL(p, fill, daddr, 5000, 7), 5000);
	assert_int_equal(bytes[0], 0); /* nothing yet */
	assert_int_equal(flexio_buf_dev_free(p, daddr), FLEXIO_STATUS_SUCCESS);
	for (int i = 0; i < 5000; i++)
		assert_int_equal(bytes[i], (unsigned char)(7 + i));

	flexio_uintptr_t d = 1;
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(p, 5000, small.mr->lkey, &d),
			      "flexio_recoverable_buf_dev_alloc");
	assert_int_equal(d, 0);
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(p, 100, b.mr->lkey, &d),
			      "flexio_recoverable_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(p, 100, ro.mr->lkey, &d),
			      "flexio_recoverable_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(p, 100, foreign.mr->lkey, &d),
			      "flexio_recoverable_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(p, 100, 0xdead00, &d),
			      "flexio_recoverable_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(p, 0, small.mr->lkey, &d),
			      "flexio_recoverable_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(p, 100, small.mr->lkey, NULL),
			      "flexio_recoverable_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(NULL, 100, small.mr->lkey, &d),
			      "flexio_recoverable_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(dead, 100, small.mr->lkey, &d),
			      "flexio_recoverable_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_recoverable_buf_dev_alloc(p, SIZE_MAX, small.mr->lkey, &d),
			      "flexio_recoverable_buf_dev_alloc");
	assert_int_equal(d, 0);

	/* The process crashes: its recoverable buffer reaches the host when it is destroyed. */
	assert_int_equal(flexio_recoverable_buf_dev_alloc(p, 4096, small.mr->lkey, &d), FLEXIO_STATUS_SUCCESS);
	struct stderr_capture c;
	capture_begin(&c);
	assert_int_equal(flexio_process_call(p, &fill_and_crash, &(uint64_t){ 0 }, d, 4096, 3), FLEXIO_STATUS_FAILED);
	capture_end(&c);
	assert_int_not_equal(flexio_err_status_get(p), 0);
	assert_int_equal(((unsigned char *)small.data)[4095], 0);
	flexio_process_destroy(p);
	for (int i = 0; i < 4096; i++)
		assert_int_equal(((unsigned char *)small.data)[i], (unsigned char)(3 + i));
	host_buf_free(&b);
	host_buf_free(&small);
	host_buf_free(&ro);
	host_buf_free(&foreign);
	assert_int_equal(ibv_dealloc_pd(other_pd), 0);
}

/* Destroying a process with everything still alive releases it all (ASan checks for leaks). */
static void process_destroy_releases_everything(void **state)
{
	flexio_process *p = new_process();
	struct ibv_pd *pd = flexio_process_get_pd(p);
	struct host_buf b = host_buf(pd, 4096, 4096, IBV_ACCESS_LOCAL_WRITE);
	flexio_window *w = NULL;
	flexio_outbox *o = NULL;
	flexio_uar *u = NULL, *e = NULL;
	flexio_mkey *m = NULL;
	flexio_uintptr_t daddr = 0, r = 0;

	(void)state;
	assert_int_equal(flexio_window_create(p, pd, &w), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_outbox_create(p, &(struct flexio_outbox_attr){ 0 }, &o), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_uar_create(p, &u), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_uar_extend(u, ctx, &e), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_buf_dev_alloc(p, 64, &daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(
		flexio_device_mkey_create(p, &(struct flexio_mkey_attr){ .pd = pd, .daddr = daddr, .len = 64 }, &m),
		FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_recoverable_buf_dev_alloc(p, 10, b.mr->lkey, &r), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(CALL(p, win_store, ids(0, w, b.mr->lkey), (uint64_t)b.data, 8, 5, 0), 0); /* left dirty */
	assert_int_equal(flexio_process_destroy(p), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_window_get_id(w), UINT32_MAX);
	assert_int_equal(flexio_outbox_get_id(o), UINT32_MAX);
	assert_int_equal(flexio_uar_get_id(u), UINT32_MAX);
	assert_int_equal(flexio_uar_get_id(e), UINT32_MAX);
	assert_int_equal(flexio_mkey_get_id(m), UINT32_MAX);
	host_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stores_reach_host_at_writeback),
		cmocka_unit_test(loads_see_host_changes_after_invalidate),
		cmocka_unit_test(copy_to_host),
		cmocka_unit_test(configuration_errors),
		cmocka_unit_test(out_of_bounds_access_faults),
		cmocka_unit_test(window_bad_input),
		cmocka_unit_test(doorbells_arrive_decoded),
		cmocka_unit_test(outbox_bad_input),
		cmocka_unit_test(uars),
		cmocka_unit_test(device_mkeys),
		cmocka_unit_test(recoverable_buffers),
		cmocka_unit_test(process_destroy_releases_everything),
	};

	return cmocka_run_group_tests(tests, open_simulated_device, close_simulated_device);
}
