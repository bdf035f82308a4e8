/*
 * RDMA from DPA code as a DOCA 2.6 program writes it: the RDMA context's one connection
 * (doca_rdma_export / doca_rdma_connect without connection objects), its DPA handle a pointer,
 * memory named by buffer arrays targeting the DPA. DPA code in device/dpa_rdma_device_2_6.c.
 */
#define DOCA_VER_USED DOCA_VER(2, 6, 0)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_buf_array.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "dpa_util.h"
#include "mem_util.h"

extern struct doca_dpa_app *doca_dpa_rdma_2_6_app;
extern doca_dpa_func_t kernel_rdma_2_6, kernel_send_2_6;

#define PERMISSIONS                                                                                     \
	(DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_READ | \
	 DOCA_ACCESS_FLAG_RDMA_ATOMIC)

/* One side: an RDMA context on the DPA, host memory in a map, a buffer array over it for the DPA. */
struct side {
	struct doca_rdma *rdma;
	struct doca_dpa_dev_rdma *h;
	const void *details;
	size_t len;
	uint64_t mem[8] __attribute__((aligned(64)));
	struct doca_mmap *mmap;
	struct doca_buf_arr *arr;
	struct doca_dpa_dev_buf_arr *arr_h;
};

struct fixture {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct side a, b;
};

static void side_make(struct fixture *fx, struct side *s)
{
	expect_ok(doca_rdma_create(fx->dev, &s->rdma));
	expect_ok(doca_rdma_set_permissions(s->rdma, PERMISSIONS));
	expect_ok(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(s->rdma), fx->dpa));
	expect_ok(doca_ctx_start(doca_rdma_as_ctx(s->rdma)));
	expect_ok(doca_rdma_get_dpa_handle(s->rdma, &s->h));
	expect_ok(doca_rdma_export(s->rdma, &s->details, &s->len));
	expect_ok(doca_mmap_create(&s->mmap));
	expect_ok(doca_mmap_set_memrange(s->mmap, s->mem, sizeof(s->mem)));
	expect_ok(doca_mmap_add_dev(s->mmap, fx->dev));
	expect_ok(doca_mmap_set_permissions(s->mmap, PERMISSIONS));
	expect_ok(doca_mmap_start(s->mmap));
	expect_ok(doca_buf_arr_create(s->mmap, &s->arr));
	expect_ok(doca_buf_arr_set_params(s->arr, sizeof(s->mem), 1, 0));
	expect_ok(doca_buf_arr_set_target_dpa(s->arr, fx->dpa));
	expect_ok(doca_buf_arr_start(s->arr));
	expect_ok(doca_buf_arr_get_dpa_handle(s->arr, &s->arr_h));
}

static void side_free(struct side *s)
{
	expect_ok(doca_ctx_stop(doca_rdma_as_ctx(s->rdma)));
	expect_ok(doca_rdma_destroy(s->rdma));
	expect_ok(doca_buf_arr_destroy(s->arr));
	expect_ok(doca_mmap_destroy(s->mmap));
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	fx->dpa = dpa_util_start(fx->dev, doca_dpa_rdma_2_6_app);
	side_make(fx, &fx->a);
	side_make(fx, &fx->b);
	expect_ok(doca_rdma_connect(fx->a.rdma, fx->b.details, fx->b.len));
	expect_ok(doca_rdma_connect(fx->b.rdma, fx->a.details, fx->a.len));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	side_free(&fx->a);
	side_free(&fx->b);
	expect_ok(doca_dpa_destroy(fx->dpa));
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* A write, a read, an atomic add and a signal, then a send into a receive. */
static void rdma_2_6(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *se, *done;
	struct doca_sync_event_remote_net *remote;
	doca_dpa_dev_sync_event_remote_net_t h = 0;
	const uint8_t *blob;
	size_t len;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_remote_net(se));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_export_to_remote_net(se, &blob, &len));
	expect_ok(doca_sync_event_remote_net_create_from_export(fx->dev, blob, len, &remote));
	expect_ok(doca_sync_event_remote_net_export_to_dpa(remote, fx->dpa, &h));
	done = dpa_util_event(fx->dev, fx->dpa, true, NULL);
	fx->a.mem[0] = 0xa0a0a0a0;
	fx->b.mem[0] = 0xb0b0b0b0;
	fx->b.mem[3] = 10;
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, done, 1, 1, &kernel_rdma_2_6, fx->a.h,
						    fx->a.arr_h, fx->b.arr_h, h));
	expect_ok(doca_sync_event_wait_gt(done, 0, UINT64_MAX));
	assert_int_equal(fx->b.mem[1], 0xa0a0a0a0); /* the write */
	assert_int_equal(fx->a.mem[2], 0xb0b0b0b0); /* the read */
	assert_int_equal(fx->b.mem[3], 13);         /* the add */
	expect_ok(doca_sync_event_wait_gt(se, 8, UINT64_MAX));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, done, 2, 1, &kernel_send_2_6, fx->a.h, fx->b.h,
						    fx->a.arr_h, fx->b.arr_h));
	expect_ok(doca_sync_event_wait_gt(done, 1, UINT64_MAX));
	assert_int_equal(fx->b.mem[4], 0xa0a0a0a0);
	expect_ok(doca_sync_event_remote_net_destroy(remote));
	expect_ok(doca_sync_event_destroy(se));
	expect_ok(doca_sync_event_destroy(done));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(rdma_2_6, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
