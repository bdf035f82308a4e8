/*
 * DOCA RDMA's shared receive queues, 2.6's (doca_rdma_srq_*, doca_rdma_create_with_srq,
 * doca_dpa_dev_rdma_srq_post_receive): an SRQ on the DPA datapath shared by two RDMA contexts,
 * each connected to a peer context; DPA code of 2.6 (device/dpa_rdma_srq_device_2_6.c) posts the
 * receives on the SRQ and the peers' sends, and the sends land in the SRQ's receives in order,
 * whichever context's connection they arrive on. Every failure is one SDK line naming the
 * function called.
 */
#define DOCA_VER_USED DOCA_VER(2, 6, 58)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_buf_array.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_pe.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "mem_util.h"

extern struct doca_dpa_app *doca_dpa_rdma_srq_app_2_6;
extern doca_dpa_func_t kernel_receive, kernel_send;

enum {
	ELEMS = 8,
	ELEM = 64
};

struct fixture {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_sync_event *comp;
	uint64_t launches;
	char mem[ELEMS][ELEM];
	struct doca_mmap *mmap;
	struct doca_buf_arr *arr;
	struct doca_dpa_dev_buf_arr *arr_h;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	expect_ok(doca_dpa_create(fx->dev, &fx->dpa));
	expect_ok(doca_dpa_set_app(fx->dpa, doca_dpa_rdma_srq_app_2_6));
	expect_ok(doca_dpa_start(fx->dpa));
	expect_ok(doca_sync_event_create(&fx->comp));
	expect_ok(doca_sync_event_add_publisher_location_dpa(fx->comp, fx->dpa));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(fx->comp, fx->dev));
	expect_ok(doca_sync_event_start(fx->comp));
	expect_ok(doca_mmap_create(&fx->mmap));
	expect_ok(doca_mmap_set_memrange(fx->mmap, fx->mem, sizeof(fx->mem)));
	expect_ok(doca_mmap_set_permissions(fx->mmap, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE));
	expect_ok(doca_mmap_add_dev(fx->mmap, fx->dev));
	expect_ok(doca_mmap_start(fx->mmap));
	expect_ok(doca_buf_arr_create(fx->mmap, &fx->arr));
	expect_ok(doca_buf_arr_set_params(fx->arr, ELEM, ELEMS, 0));
	expect_ok(doca_buf_arr_set_target_dpa(fx->arr, fx->dpa));
	expect_ok(doca_buf_arr_start(fx->arr));
	expect_ok(doca_buf_arr_get_dpa_handle(fx->arr, &fx->arr_h));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_buf_arr_destroy(fx->arr));
	expect_ok(doca_mmap_destroy(fx->mmap));
	expect_ok(doca_sync_event_destroy(fx->comp));
	expect_ok(doca_dpa_destroy(fx->dpa));
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* Waits for launch n; a DPA process that stopped meanwhile fails the test (with its SDK line shown). */
static void wait_launch(struct fixture *fx, uint64_t n)
{
	uint64_t value = 0;

	while (doca_sync_event_get(fx->comp, &value) == DOCA_SUCCESS && value < n)
		if (doca_dpa_peek_at_last_error(fx->dpa) != DOCA_SUCCESS)
			fail_msg("launch %llu: the DPA process stopped: %s", (unsigned long long)n, sdk_log_take());
	expect_ok(doca_sync_event_get(fx->comp, &value));
}

/* Runs DPA code on one thread and waits for it. */
#define RUN(fx, fn, ...)                                                                                              \
	do {                                                                                                          \
		(fx)->launches++;                                                                                     \
		expect_ok(doca_dpa_kernel_launch_update_set((fx)->dpa, NULL, 0, (fx)->comp, (fx)->launches, 1, &(fn), \
							    __VA_ARGS__));                                            \
		wait_launch(fx, (fx)->launches);                                                                      \
	} while (0)

/* A started SRQ of 16 receives on the fixture's DOCA DPA context. */
static struct doca_rdma_srq *srq_started(struct fixture *fx)
{
	struct doca_rdma_srq *srq;

	expect_ok(doca_rdma_srq_create(fx->dev, &srq));
	expect_ok(doca_rdma_srq_set_shared_recv_queue_size(srq, 16));
	expect_ok(doca_rdma_srq_task_receive_set_dst_buf_list_len(srq, 1));
	expect_ok(doca_rdma_srq_set_type(srq, DOCA_RDMA_SRQ_TYPE_CYCLIC));
	expect_ok(doca_ctx_set_datapath_on_dpa(doca_rdma_srq_as_ctx(srq), fx->dpa));
	expect_ok(doca_ctx_start(doca_rdma_srq_as_ctx(srq)));
	return srq;
}

/* A started RDMA context on the DPA, made with srq unless NULL. */
static struct doca_rdma *rdma_started(struct fixture *fx, struct doca_rdma_srq *srq)
{
	struct doca_rdma *rdma;

	if (srq)
		expect_ok(doca_rdma_create_with_srq(fx->dev, srq, &rdma));
	else
		expect_ok(doca_rdma_create(fx->dev, &rdma));
	expect_ok(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(rdma), fx->dpa));
	expect_ok(doca_ctx_start(doca_rdma_as_ctx(rdma)));
	return rdma;
}

/* 2.6's one connection per context: each exports, then connects to the other's details. */
static void pair(struct doca_rdma *a, struct doca_rdma *b)
{
	const void *da, *db;
	size_t la, lb;

	expect_ok(doca_rdma_export(a, &da, &la));
	expect_ok(doca_rdma_export(b, &db, &lb));
	expect_ok(doca_rdma_connect(a, db, lb));
	expect_ok(doca_rdma_connect(b, da, la));
}

static uint64_t handle_of(struct doca_rdma *rdma)
{
	struct doca_dpa_dev_rdma *h = NULL;

	expect_ok(doca_rdma_get_dpa_handle(rdma, &h));
	return (uintptr_t)h;
}

static void rdma_gone(struct doca_rdma *rdma)
{
	expect_ok(doca_ctx_stop(doca_rdma_as_ctx(rdma)));
	expect_ok(doca_rdma_destroy(rdma));
}

/* Two contexts made with one SRQ receive from it: the sends land in its receives in order. */
static void two_contexts_share_the_queue(void **state)
{
	struct fixture *fx = *state;
	struct doca_rdma_srq *srq = srq_started(fx);
	struct doca_rdma *a1 = rdma_started(fx, srq), *a2 = rdma_started(fx, srq);
	struct doca_rdma *b1 = rdma_started(fx, NULL), *b2 = rdma_started(fx, NULL);
	struct doca_dpa_dev_rdma_srq *srq_h = NULL;
	uint64_t arr = (uintptr_t)fx->arr_h;

	expect_ok(doca_rdma_srq_get_dpa_handle(srq, &srq_h));
	assert_non_null(srq_h);
	pair(a1, b1);
	pair(a2, b2);
	strcpy(fx->mem[4], "from b1");
	strcpy(fx->mem[5], "from b2");
	strcpy(fx->mem[6], "third");
	RUN(fx, kernel_receive, (uintptr_t)srq_h, 0ull, arr, 0ull, 0ull, (uint64_t)ELEM);
	RUN(fx, kernel_receive, (uintptr_t)srq_h, 0ull, arr, 1ull, 0ull, (uint64_t)ELEM);
	/* b2's send arrives on a2's connection first: the SRQ's first receive takes it. */
	RUN(fx, kernel_send, handle_of(b2), arr, 5ull, (uint64_t)8);
	RUN(fx, kernel_send, handle_of(b1), arr, 4ull, (uint64_t)8);
	assert_string_equal(fx->mem[0], "from b2");
	assert_string_equal(fx->mem[1], "from b1");
	/* A receive DPA code posts on a context made with the SRQ goes to the SRQ: a2's connection takes it. */
	RUN(fx, kernel_receive, 0ull, handle_of(a1), arr, 2ull, 8ull, (uint64_t)16);
	RUN(fx, kernel_send, handle_of(b2), arr, 6ull, (uint64_t)6);
	assert_string_equal(fx->mem[2] + 8, "third");
	expect_ok(doca_dpa_peek_at_last_error(fx->dpa));
	/* In use by the contexts made with it. */
	expect_fail(doca_rdma_srq_destroy(srq), DOCA_ERROR_IN_USE, "doca_rdma_srq_destroy");
	/* Stopped first, the SRQ keeps its queue while the contexts' connections run. */
	expect_ok(doca_ctx_stop(doca_rdma_srq_as_ctx(srq)));
	expect_fail(doca_rdma_srq_get_dpa_handle(srq, &srq_h), DOCA_ERROR_BAD_STATE, "doca_rdma_srq_get_dpa_handle");
	RUN(fx, kernel_receive, 0ull, handle_of(a2), arr, 3ull, 0ull, (uint64_t)ELEM);
	RUN(fx, kernel_send, handle_of(b1), arr, 4ull, (uint64_t)8);
	assert_string_equal(fx->mem[3], "from b1");
	rdma_gone(b2);
	rdma_gone(b1);
	rdma_gone(a2);
	expect_fail(doca_rdma_srq_destroy(srq), DOCA_ERROR_IN_USE, "doca_rdma_srq_destroy");
	rdma_gone(a1);
	expect_ok(doca_rdma_srq_destroy(srq));
	expect_fail(doca_rdma_srq_destroy(srq), DOCA_ERROR_INVALID_VALUE, "doca_rdma_srq_destroy");
}

/* A receive past its buffer stops the process; the context says so. */
static void receive_past_the_buffer(void **state)
{
	struct fixture *fx = *state;
	struct doca_rdma_srq *srq = srq_started(fx);
	struct doca_dpa_dev_rdma_srq *srq_h = NULL;

	expect_ok(doca_rdma_srq_get_dpa_handle(srq, &srq_h));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_receive, (uintptr_t)srq_h,
						    0ull, (uintptr_t)fx->arr_h, 0ull, 8ull, (uint64_t)ELEM));
	for (int i = 0; i < 1000 && doca_dpa_peek_at_last_error(fx->dpa) == DOCA_SUCCESS; i++)
		usleep(2000);
	free(sdk_log_take());
	expect_fail(doca_dpa_peek_at_last_error(fx->dpa), DOCA_ERROR_BAD_STATE, "doca_dpa_peek_at_last_error");
	expect_ok(doca_ctx_stop(doca_rdma_srq_as_ctx(srq)));
	expect_ok(doca_rdma_srq_destroy(srq));
}

/* Configuration, capabilities and bad input: one line each. */
static void configuration_and_bad_input(void **state)
{
	struct fixture *fx = *state;
	struct doca_devinfo *info = doca_dev_as_devinfo(fx->dev);
	struct doca_rdma_srq *srq;
	struct doca_dpa_dev_rdma_srq *srq_h;
	struct doca_rdma *rdma;
	struct doca_pe *pe;
	enum doca_rdma_srq_type type;
	uint32_t v;

	expect_ok(doca_rdma_srq_cap_get_max_shared_recv_queue_size(info, &v));
	assert_int_equal(v, 32767);
	expect_ok(doca_rdma_srq_cap_task_receive_get_max_dst_buf_list_len(info, &v));
	assert_int_equal(v, 30);
	expect_fail(doca_rdma_srq_cap_get_max_shared_recv_queue_size(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_cap_get_max_shared_recv_queue_size");
	expect_fail(doca_rdma_srq_cap_task_receive_get_max_dst_buf_list_len(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_cap_task_receive_get_max_dst_buf_list_len");
	expect_fail(doca_rdma_srq_create(fx->dev, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_srq_create");
	expect_fail(doca_rdma_srq_create(NULL, &srq), DOCA_ERROR_INVALID_VALUE, "doca_rdma_srq_create");
	expect_ok(doca_rdma_srq_create(fx->dev, &srq));
	/* Defaults, then set and read back. */
	expect_ok(doca_rdma_srq_get_shared_recv_queue_size(srq, &v));
	assert_int_equal(v, 32);
	expect_ok(doca_rdma_srq_get_type(srq, &type));
	assert_int_equal(type, DOCA_RDMA_SRQ_TYPE_LINKED_LIST);
	expect_ok(doca_rdma_srq_set_shared_recv_queue_size(srq, 100));
	expect_ok(doca_rdma_srq_get_shared_recv_queue_size(srq, &v));
	assert_int_equal(v, 100);
	expect_ok(doca_rdma_srq_task_receive_set_dst_buf_list_len(srq, 4));
	expect_ok(doca_rdma_srq_task_receive_get_dst_buf_list_len(srq, &v));
	assert_int_equal(v, 4);
	expect_ok(doca_rdma_srq_set_type(srq, DOCA_RDMA_SRQ_TYPE_CYCLIC));
	expect_ok(doca_rdma_srq_get_type(srq, &type));
	assert_int_equal(type, DOCA_RDMA_SRQ_TYPE_CYCLIC);
	expect_fail(doca_rdma_srq_set_shared_recv_queue_size(srq, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_set_shared_recv_queue_size");
	expect_fail(doca_rdma_srq_task_receive_set_dst_buf_list_len(srq, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_task_receive_set_dst_buf_list_len");
	expect_fail(doca_rdma_srq_task_receive_set_dst_buf_list_len(srq, 31), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_task_receive_set_dst_buf_list_len");
	expect_fail(doca_rdma_srq_set_type(srq, (enum doca_rdma_srq_type)7), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_set_type");
	expect_fail(doca_rdma_srq_get_type(srq, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_srq_get_type");
	expect_fail(doca_rdma_srq_get_shared_recv_queue_size(srq, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_get_shared_recv_queue_size");
	expect_fail(doca_rdma_srq_task_receive_get_dst_buf_list_len(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_task_receive_get_dst_buf_list_len");
	assert_null(doca_rdma_srq_as_ctx(NULL));
	free(sdk_log_take());
	/* Idle: no DPA handle, no RDMA context made with it. */
	expect_fail(doca_rdma_srq_get_dpa_handle(srq, &srq_h), DOCA_ERROR_BAD_STATE, "doca_rdma_srq_get_dpa_handle");
	expect_fail(doca_rdma_create_with_srq(fx->dev, srq, &rdma), DOCA_ERROR_BAD_STATE, "doca_rdma_create_with_srq");
	/* On the CPU: DOCA 2.6 has shared receive queues on the DPA datapath only. */
	expect_ok(doca_pe_create(&pe));
	expect_ok(doca_pe_connect_ctx(pe, doca_rdma_srq_as_ctx(srq)));
	expect_fail(doca_ctx_start(doca_rdma_srq_as_ctx(srq)), DOCA_ERROR_NOT_SUPPORTED, "doca_ctx_start");
	/* A queue larger than the device's. */
	expect_ok(doca_rdma_srq_set_shared_recv_queue_size(srq, 40000));
	expect_ok(doca_ctx_set_datapath_on_dpa(doca_rdma_srq_as_ctx(srq), fx->dpa));
	expect_fail(doca_ctx_start(doca_rdma_srq_as_ctx(srq)), DOCA_ERROR_INVALID_VALUE, "doca_ctx_start");
	expect_ok(doca_rdma_srq_set_shared_recv_queue_size(srq, 8));
	expect_ok(doca_ctx_start(doca_rdma_srq_as_ctx(srq)));
	/* Running: configuration refused. */
	expect_fail(doca_rdma_srq_set_shared_recv_queue_size(srq, 16), DOCA_ERROR_BAD_STATE,
		    "doca_rdma_srq_set_shared_recv_queue_size");
	expect_fail(doca_rdma_srq_set_type(srq, DOCA_RDMA_SRQ_TYPE_LINKED_LIST), DOCA_ERROR_BAD_STATE,
		    "doca_rdma_srq_set_type");
	expect_fail(doca_rdma_srq_get_dpa_handle(srq, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_srq_get_dpa_handle");
	expect_fail(doca_rdma_create_with_srq(fx->dev, NULL, &rdma), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_create_with_srq");
	expect_fail(doca_rdma_create_with_srq(fx->dev, srq, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_create_with_srq");
	/* An RDMA context made with it must run on the DPA too. */
	expect_ok(doca_rdma_create_with_srq(fx->dev, srq, &rdma));
	expect_ok(doca_pe_connect_ctx(pe, doca_rdma_as_ctx(rdma)));
	expect_fail(doca_ctx_start(doca_rdma_as_ctx(rdma)), DOCA_ERROR_NOT_SUPPORTED, "doca_ctx_start");
	expect_fail(doca_rdma_srq_destroy(srq), DOCA_ERROR_IN_USE, "doca_rdma_srq_destroy");
	expect_ok(doca_rdma_destroy(rdma));
	/* Running, it is not destroyed. */
	expect_fail(doca_rdma_srq_destroy(srq), DOCA_ERROR_BAD_STATE, "doca_rdma_srq_destroy");
	expect_ok(doca_ctx_stop(doca_rdma_srq_as_ctx(srq)));
	expect_ok(doca_rdma_srq_destroy(srq));
	expect_fail(doca_rdma_srq_set_type(srq, DOCA_RDMA_SRQ_TYPE_CYCLIC), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_srq_set_type");
	expect_ok(doca_pe_destroy(pe));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(configuration_and_bad_input, setup, teardown),
		cmocka_unit_test_setup_teardown(two_contexts_share_the_queue, setup, teardown),
		cmocka_unit_test_setup_teardown(receive_past_the_buffer, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
