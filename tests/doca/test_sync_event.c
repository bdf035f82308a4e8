/*
 * DOCA sync events of 2.5 and later (doca_sync_event.h): configuration and its state rules, the
 * counter (the event's own, the program's address, 3.0's doca_buf), values and masks, the
 * capabilities, the event as a context with every task type on a progress engine, exports to
 * another OS process (a forked child) and remote net events, GPU refusals, 3.0's
 * doca_ctx_cap_get_num_completion_vectors; every function's bad input (one SDK line each,
 * nothing touched). The forms of older releases: test_sync_event_releases.c.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_mmap.h>
#include <doca_pe.h>
#include <doca_sync_event.h>

#include "mem_util.h"

/* Something that is no handle of any kind (a DPA context's, a GPU's). */
static uint64_t not_a_handle[4];
#define NOT_DPA ((struct doca_dpa *)not_a_handle)
#define SOME_GPU ((struct doca_gpu *)not_a_handle)

struct fixture {
	struct doca_dev *dev;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	fx->dev = sim_dev_open(0);
	free(sdk_log_take());
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* A started event, CPU publisher and subscriber. */
static struct doca_sync_event *cpu_event(struct doca_dev *dev)
{
	struct doca_sync_event *se;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, dev));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, dev));
	expect_ok(doca_sync_event_start(se));
	return se;
}

static void configuration_and_states(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *se;
	uint64_t value = 7, word = 0, other = 0, misaligned[2];

	expect_fail(doca_sync_event_create(NULL), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_create");
	expect_ok(doca_sync_event_create(&se));
	/* Not started: no value. */
	expect_fail(doca_sync_event_get(se, &value), DOCA_ERROR_BAD_STATE, "doca_sync_event_get");
	assert_int_equal(value, 7);
	expect_fail(doca_sync_event_update_set(se, 1), DOCA_ERROR_BAD_STATE, "doca_sync_event_update_set");
	expect_fail(doca_sync_event_wait_gt(se, 0, UINT64_MAX), DOCA_ERROR_BAD_STATE, "doca_sync_event_wait_gt");
	expect_fail(doca_sync_event_stop(se), DOCA_ERROR_BAD_STATE, "doca_sync_event_stop");
	/* A publisher and a subscriber, each once. */
	expect_fail(doca_sync_event_start(se), DOCA_ERROR_BAD_STATE, "doca_sync_event_start");
	expect_fail(doca_sync_event_add_publisher_location_cpu(se, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_add_publisher_location_cpu");
	expect_fail(doca_sync_event_add_publisher_location_dpa(se, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_add_publisher_location_dpa");
	expect_fail(doca_sync_event_add_publisher_location_dpa(se, NOT_DPA), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_add_publisher_location_dpa");
	expect_fail(doca_sync_event_add_publisher_location_gpu(se, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_add_publisher_location_gpu");
	expect_fail(doca_sync_event_add_publisher_location_gpu(se, SOME_GPU), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_sync_event_add_publisher_location_gpu");
	expect_fail(doca_sync_event_add_subscriber_location_gpu(se, SOME_GPU), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_sync_event_add_subscriber_location_gpu");
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, fx->dev));
	expect_fail(doca_sync_event_add_publisher_location_remote_pci(se), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_add_publisher_location_remote_pci");
	expect_fail(doca_sync_event_add_publisher_location_remote_net(se), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_add_publisher_location_remote_net");
	expect_fail(doca_sync_event_start(se), DOCA_ERROR_BAD_STATE, "doca_sync_event_start");
	expect_fail(doca_sync_event_add_subscriber_location_cpu(se, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_add_subscriber_location_cpu");
	expect_fail(doca_sync_event_add_subscriber_location_dpa(se, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_add_subscriber_location_dpa");
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_fail(doca_sync_event_add_subscriber_location_remote_pci(se), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_add_subscriber_location_remote_pci");
	/* The device is in use while the event holds it. */
	expect_fail(doca_dev_close(fx->dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	/* The counter's address: 8-byte aligned. */
	expect_fail(doca_sync_event_set_addr(se, NULL), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_set_addr");
	expect_fail(doca_sync_event_set_addr(se, (uint64_t *)((char *)misaligned + 4)), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_set_addr");
	expect_ok(doca_sync_event_set_addr(se, &word));
	expect_ok(doca_sync_event_start(se));
	expect_fail(doca_sync_event_start(se), DOCA_ERROR_BAD_STATE, "doca_sync_event_start");
	expect_fail(doca_sync_event_set_addr(se, &word), DOCA_ERROR_BAD_STATE, "doca_sync_event_set_addr");
	expect_fail(doca_sync_event_add_subscriber_location_remote_pci(se), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_add_subscriber_location_remote_pci");
	/* The program's word is the counter, both ways. */
	expect_ok(doca_sync_event_update_set(se, 41));
	assert_int_equal(word, 41);
	word = 42;
	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 42);
	expect_ok(doca_sync_event_stop(se));
	expect_fail(doca_sync_event_stop(se), DOCA_ERROR_BAD_STATE, "doca_sync_event_stop");
	expect_fail(doca_sync_event_get(se, &value), DOCA_ERROR_BAD_STATE, "doca_sync_event_get");
	/* Restarted, the same counter. */
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 42);
	/* Stopped, it takes another address. */
	expect_ok(doca_sync_event_stop(se));
	expect_ok(doca_sync_event_set_addr(se, &other));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_update_set(se, 43));
	assert_int_equal(other, 43);
	assert_int_equal(word, 42);
	expect_ok(doca_sync_event_destroy(se));
	expect_fail(doca_sync_event_destroy(se), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_destroy");
	expect_fail(doca_sync_event_get(se, &value), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_get");
	expect_fail(doca_sync_event_start(NULL), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_start");
	expect_fail(doca_sync_event_stop(NULL), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_stop");
	assert_null(doca_sync_event_as_ctx(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_sync_event_as_ctx");
	/* The device is free again. */
	expect_ok(doca_dev_close(fx->dev));
	fx->dev = sim_dev_open(0);
}

static void values_and_masks(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *se = cpu_event(fx->dev);
	uint64_t value = 0, fetched = 99;

	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 0);
	expect_fail(doca_sync_event_get(se, NULL), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_get");
	expect_ok(doca_sync_event_update_set(se, 0x1234));
	expect_ok(doca_sync_event_update_add(se, 0x10, &fetched));
	assert_int_equal(fetched, 0x1234);
	expect_fail(doca_sync_event_update_add(se, 1, NULL), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_update_add");
	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 0x1244);
	/* Wraps around as 64-bit arithmetic. */
	expect_ok(doca_sync_event_update_add(se, UINT64_MAX, &fetched));
	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 0x1243);
	/* Satisfied waits return at once, the mask applied to the value. */
	expect_ok(doca_sync_event_wait_gt(se, 0x1242, UINT64_MAX));
	expect_ok(doca_sync_event_wait_gt_yield(se, 0x42, 0xff));
	expect_ok(doca_sync_event_wait_eq(se, 0x43, 0xff));
	expect_ok(doca_sync_event_wait_eq_yield(se, 0x1200, 0xff00));
	expect_ok(doca_sync_event_wait_neq(se, 0x44, 0xff));
	expect_ok(doca_sync_event_wait_neq_yield(se, 0, 0xf000));
	expect_fail(doca_sync_event_wait_eq(NULL, 0, 0), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_wait_eq");
	expect_fail(doca_sync_event_wait_neq_yield(NULL, 0, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_wait_neq_yield");
	expect_fail(doca_sync_event_update_set(NULL, 0), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_update_set");
	expect_ok(doca_sync_event_destroy(se));
}

static void counter_in_a_doca_buf(void **state)
{
	struct fixture *fx = *state;
	static uint64_t memory[8];
	struct doca_buf_inventory *inv;
	struct doca_sync_event *se;
	struct doca_buf *buf, *small;
	struct doca_mmap *mmap;

	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_memrange(mmap, memory, sizeof(memory)));
	expect_ok(doca_mmap_add_dev(mmap, fx->dev));
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_buf_inventory_create(2, &inv));
	expect_ok(doca_buf_inventory_start(inv));
	expect_ok(doca_buf_inventory_buf_get_by_addr(inv, mmap, &memory[2], 16, &buf));
	expect_ok(doca_buf_inventory_buf_get_by_addr(inv, mmap, &memory[7], 4, &small));
	expect_ok(doca_sync_event_create(&se));
	expect_fail(doca_sync_event_set_doca_buf(se, NULL), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_set_doca_buf");
	expect_fail(doca_sync_event_set_doca_buf(se, small), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_set_doca_buf");
	expect_fail(doca_sync_event_set_doca_buf(NULL, buf), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_set_doca_buf");
	expect_ok(doca_sync_event_set_doca_buf(se, buf));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_start(se));
	expect_fail(doca_sync_event_set_doca_buf(se, buf), DOCA_ERROR_BAD_STATE, "doca_sync_event_set_doca_buf");
	expect_ok(doca_sync_event_update_set(se, 0xfeed));
	assert_int_equal(memory[2], 0xfeed);
	expect_ok(doca_sync_event_destroy(se));
	expect_ok(doca_buf_dec_refcount(buf, NULL));
	expect_ok(doca_buf_dec_refcount(small, NULL));
	expect_ok(doca_buf_inventory_destroy(inv));
	expect_ok(doca_mmap_destroy(mmap));
}

static void capabilities(void **state)
{
	struct fixture *fx = *state;
	struct doca_devinfo *info = doca_dev_as_devinfo(fx->dev);
	const struct {
		doca_error_t (*fn)(const struct doca_devinfo *);
		const char *name;
	} supported[] = {
		{ doca_sync_event_cap_is_create_from_export_supported,
		  "doca_sync_event_cap_is_create_from_export_supported" },
		{ doca_sync_event_cap_is_export_to_dpa_supported, "doca_sync_event_cap_is_export_to_dpa_supported" },
		{ doca_sync_event_cap_is_export_to_remote_net_supported,
		  "doca_sync_event_cap_is_export_to_remote_net_supported" },
		{ doca_sync_event_cap_is_export_to_remote_pci_supported,
		  "doca_sync_event_cap_is_export_to_remote_pci_supported" },
		{ doca_sync_event_cap_remote_net_is_create_from_export_supported,
		  "doca_sync_event_cap_remote_net_is_create_from_export_supported" },
		{ doca_sync_event_cap_remote_net_is_export_to_dpa_supported,
		  "doca_sync_event_cap_remote_net_is_export_to_dpa_supported" },
		{ doca_sync_event_cap_task_get_is_supported, "doca_sync_event_cap_task_get_is_supported" },
		{ doca_sync_event_cap_task_notify_add_is_supported,
		  "doca_sync_event_cap_task_notify_add_is_supported" },
		{ doca_sync_event_cap_task_notify_set_is_supported,
		  "doca_sync_event_cap_task_notify_set_is_supported" },
		{ doca_sync_event_cap_task_wait_eq_is_supported, "doca_sync_event_cap_task_wait_eq_is_supported" },
		{ doca_sync_event_cap_task_wait_neq_is_supported, "doca_sync_event_cap_task_wait_neq_is_supported" },
	};
	uint32_t vectors = 0;

	for (size_t i = 0; i < sizeof(supported) / sizeof(supported[0]); i++) {
		expect_ok(supported[i].fn(info));
		expect_fail(supported[i].fn(NULL), DOCA_ERROR_INVALID_VALUE, supported[i].name);
	}
	/* No GPU: an answer, not a failure (nothing logged). */
	expect_ok(doca_sync_event_cap_is_export_to_gpu_supported(info) == DOCA_ERROR_NOT_SUPPORTED
			  ? DOCA_SUCCESS
			  : DOCA_ERROR_UNKNOWN);
	expect_ok(doca_sync_event_cap_remote_net_is_export_to_gpu_supported(info) == DOCA_ERROR_NOT_SUPPORTED
			  ? DOCA_SUCCESS
			  : DOCA_ERROR_UNKNOWN);
	expect_ok(doca_ctx_cap_get_num_completion_vectors(info, &vectors));
	assert_int_equal(vectors, 1);
	expect_fail(doca_ctx_cap_get_num_completion_vectors(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_ctx_cap_get_num_completion_vectors");
	expect_fail(doca_ctx_cap_get_num_completion_vectors(NULL, &vectors), DOCA_ERROR_INVALID_VALUE,
		    "doca_ctx_cap_get_num_completion_vectors");
}

/* ---------------------------------------------------------------------------------------------- */
/* The event as a context                                                                          */
/* ---------------------------------------------------------------------------------------------- */

struct record {
	int completed, failed;
	uint64_t order[16];
	doca_error_t status[16];
};

#define RECORD(kind)                                                                                      \
	static void kind##_done(struct doca_sync_event_task_##kind *task, union doca_data task_user_data, \
				union doca_data ctx_user_data)                                            \
	{                                                                                                 \
		struct record *r = ctx_user_data.ptr;                                                     \
		struct doca_task *t = doca_sync_event_task_##kind##_as_doca_task(task);                   \
		int n = r->completed + r->failed;                                                         \
                                                                                                          \
		assert_true(n < 16);                                                                      \
		r->order[n] = task_user_data.u64;                                                         \
		r->status[n] = doca_task_get_status(t);                                                   \
		if (r->status[n])                                                                         \
			r->failed++;                                                                      \
		else                                                                                      \
			r->completed++;                                                                   \
		doca_task_free(t);                                                                        \
	}

RECORD(get)
RECORD(notify_set)
RECORD(notify_add)
RECORD(wait_eq)
RECORD(wait_neq)

static void configure_tasks(struct doca_sync_event *se)
{
	expect_ok(doca_sync_event_task_get_set_conf(se, get_done, get_done, 2));
	expect_ok(doca_sync_event_task_notify_set_set_conf(se, notify_set_done, notify_set_done, 2));
	expect_ok(doca_sync_event_task_notify_add_set_conf(se, notify_add_done, notify_add_done, 2));
	expect_ok(doca_sync_event_task_wait_eq_set_conf(se, wait_eq_done, wait_eq_done, 2));
	expect_ok(doca_sync_event_task_wait_neq_set_conf(se, wait_neq_done, wait_neq_done, 2));
}

static void progress_all(struct doca_pe *pe)
{
	while (doca_pe_progress(pe))
		;
}

static void tasks_on_a_progress_engine(void **state)
{
	struct fixture *fx = *state;
	struct record rec = { 0 };
	struct doca_sync_event *se;
	struct doca_sync_event_task_get *get;
	struct doca_sync_event_task_notify_set *set;
	struct doca_sync_event_task_notify_add *add;
	struct doca_sync_event_task_wait_eq *eq;
	struct doca_sync_event_task_wait_neq *neq;
	struct doca_ctx *ctx;
	struct doca_pe *pe;
	uint64_t got = 0, fetched = 0, other = 0, value;
	enum doca_ctx_states st;
	union doca_data ud = { .ptr = &rec };

	expect_ok(doca_pe_create(&pe));
	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	ctx = doca_sync_event_as_ctx(se);
	assert_non_null(ctx);
	expect_ok(doca_ctx_set_user_data(ctx, ud));
	expect_fail(doca_sync_event_task_get_set_conf(NULL, get_done, get_done, 2), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_task_get_set_conf");
	expect_fail(doca_sync_event_task_wait_eq_set_conf(se, NULL, wait_eq_done, 2), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_task_wait_eq_set_conf");
	configure_tasks(se);
	/* Tasks configured: the 2.5 model, which wants a progress engine. */
	expect_fail(doca_ctx_start(ctx), DOCA_ERROR_NOT_CONNECTED, "doca_ctx_start");
	expect_ok(doca_pe_connect_ctx(pe, ctx));
	/* The context starts the event. */
	expect_ok(doca_ctx_start(ctx));
	expect_ok(doca_ctx_get_state(ctx, &st));
	assert_int_equal(st, DOCA_CTX_STATE_RUNNING);
	expect_ok(doca_sync_event_get(se, &value));
	expect_fail(doca_sync_event_stop(se), DOCA_ERROR_IN_USE, "doca_sync_event_stop");
	expect_fail(doca_sync_event_destroy(se), DOCA_ERROR_BAD_STATE, "doca_sync_event_destroy");

	/* Bad input of each allocation and field. */
	expect_fail(doca_sync_event_task_get_alloc_init(se, NULL, (union doca_data){ 0 }, &get),
		    DOCA_ERROR_INVALID_VALUE, "doca_sync_event_task_get_alloc_init");
	expect_fail(doca_sync_event_task_get_alloc_init(se, &got, (union doca_data){ 0 }, NULL),
		    DOCA_ERROR_INVALID_VALUE, "doca_sync_event_task_get_alloc_init");
	expect_fail(doca_sync_event_task_notify_set_alloc_init(NULL, 1, (union doca_data){ 0 }, &set),
		    DOCA_ERROR_INVALID_VALUE, "doca_sync_event_task_notify_set_alloc_init");
	assert_int_equal(doca_sync_event_task_notify_set_get_set_val((void *)not_a_handle), 0);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_sync_event_task_notify_set_get_set_val");
	doca_sync_event_task_wait_neq_set_mask(NULL, 1);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_sync_event_task_wait_neq_set_mask");
	assert_null(doca_sync_event_task_get_as_doca_task(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_sync_event_task_get_as_doca_task");

	/* The fields, as set and as changed. */
	expect_ok(doca_sync_event_task_notify_set_alloc_init(se, 10, (union doca_data){ .u64 = 1 }, &set));
	assert_int_equal(doca_sync_event_task_notify_set_get_set_val(set), 10);
	doca_sync_event_task_notify_set_set_set_val(set, 100);
	assert_int_equal(doca_sync_event_task_notify_set_get_set_val(set), 100);
	expect_ok(doca_sync_event_task_notify_add_alloc_init(se, 5, &other, (union doca_data){ .u64 = 2 }, &add));
	assert_int_equal(doca_sync_event_task_notify_add_get_inc_val(add), 5);
	assert_ptr_equal(doca_sync_event_task_notify_add_get_fetched_val_ptr(add), &other);
	doca_sync_event_task_notify_add_set_inc_val(add, 7);
	doca_sync_event_task_notify_add_set_fetched_val_ptr(add, &fetched);
	expect_ok(doca_sync_event_task_get_alloc_init(se, &other, (union doca_data){ .u64 = 3 }, &get));
	assert_ptr_equal(doca_sync_event_task_get_get_ret_val_ptr(get), &other);
	doca_sync_event_task_get_set_ret_val_ptr(get, &got);
	expect_ok(doca_sync_event_task_wait_eq_alloc_init(se, 0, 0, (union doca_data){ .u64 = 4 }, &eq));
	doca_sync_event_task_wait_eq_set_wait_val(eq, 0x200);
	doca_sync_event_task_wait_eq_set_mask(eq, 0xf00);
	assert_int_equal(doca_sync_event_task_wait_eq_get_wait_val(eq), 0x200);
	assert_int_equal(doca_sync_event_task_wait_eq_get_mask(eq), 0xf00);
	expect_ok(doca_sync_event_task_wait_neq_alloc_init(se, 107, UINT64_MAX, (union doca_data){ .u64 = 5 }, &neq));
	assert_int_equal(doca_sync_event_task_wait_neq_get_wait_val(neq), 107);
	assert_int_equal(doca_sync_event_task_wait_neq_get_mask(neq), UINT64_MAX);
	doca_sync_event_task_wait_neq_set_wait_val(neq, 0);
	doca_sync_event_task_wait_neq_set_mask(neq, 0xf000);
	assert_int_equal(doca_sync_event_task_wait_neq_get_wait_val(neq), 0);
	assert_int_equal(doca_sync_event_task_wait_neq_get_mask(neq), 0xf000);
	/* A task of one type is no task of another. */
	assert_int_equal(doca_sync_event_task_wait_neq_get_mask((void *)eq), 0);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_sync_event_task_wait_neq_get_mask");

	/* The waits first: neither is satisfied by 0, 100 or 107 under its mask. */
	expect_ok(doca_task_submit(doca_sync_event_task_wait_eq_as_doca_task(eq)));
	expect_ok(doca_task_submit(doca_sync_event_task_wait_neq_as_doca_task(neq)));
	progress_all(pe);
	assert_int_equal(rec.completed, 0);
	expect_ok(doca_task_submit(doca_sync_event_task_notify_set_as_doca_task(set)));
	expect_ok(doca_task_submit(doca_sync_event_task_notify_add_as_doca_task(add)));
	expect_ok(doca_task_submit(doca_sync_event_task_get_as_doca_task(get)));
	progress_all(pe);
	assert_int_equal(rec.completed, 3);
	assert_int_equal(rec.order[0], 1);
	assert_int_equal(rec.order[1], 2);
	assert_int_equal(rec.order[2], 3);
	assert_int_equal(fetched, 100);
	assert_int_equal(got, 107);
	/* 0x1334: the neq's mask sees 0x1000, the eq's 0x300 (it waits on for 0x200). */
	expect_ok(doca_sync_event_update_set(se, 0x1334));
	progress_all(pe);
	assert_int_equal(rec.completed, 4);
	assert_int_equal(rec.order[3], 5);
	expect_ok(doca_sync_event_update_set(se, 0x3210));
	progress_all(pe);
	assert_int_equal(rec.completed, 5);
	assert_int_equal(rec.order[4], 4);

	/* Stopping with a wait pending flushes it (the error callback, DOCA_ERROR_IO_FAILED). */
	expect_ok(doca_sync_event_task_wait_eq_alloc_init(se, 1, UINT64_MAX, (union doca_data){ .u64 = 6 }, &eq));
	expect_ok(doca_task_submit(doca_sync_event_task_wait_eq_as_doca_task(eq)));
	progress_all(pe);
	assert_int_equal(doca_ctx_stop(ctx), DOCA_ERROR_IN_PROGRESS);
	progress_all(pe);
	assert_int_equal(rec.failed, 1);
	assert_int_equal(rec.order[5], 6);
	assert_int_equal(rec.status[5], DOCA_ERROR_IO_FAILED);
	expect_ok(doca_ctx_get_state(ctx, &st));
	assert_int_equal(st, DOCA_CTX_STATE_IDLE);
	free(sdk_log_take());
	/* Idle, the event stopped with its context. */
	expect_fail(doca_sync_event_get(se, &value), DOCA_ERROR_BAD_STATE, "doca_sync_event_get");
	expect_ok(doca_sync_event_destroy(se));
	expect_ok(doca_pe_destroy(pe));
}

static void a_context_needs_its_locations(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *se;
	struct doca_pe *pe;

	expect_ok(doca_pe_create(&pe));
	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, fx->dev));
	expect_ok(doca_pe_connect_ctx(pe, doca_sync_event_as_ctx(se)));
	expect_fail(doca_ctx_start(doca_sync_event_as_ctx(se)), DOCA_ERROR_BAD_STATE, "doca_ctx_start");
	expect_ok(doca_sync_event_destroy(se));
	expect_ok(doca_pe_destroy(pe));
}

/* ---------------------------------------------------------------------------------------------- */
/* Other processes, remote net events, GPUs                                                       */
/* ---------------------------------------------------------------------------------------------- */

#define CHILD_CHECK(cond)                                                                 \
	do {                                                                              \
		if (!(cond)) {                                                            \
			fprintf(stderr, "child: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
			_exit(1);                                                         \
		}                                                                         \
	} while (0)

static void exports_to_another_process(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *se, *local, *imported;
	const uint8_t *data;
	size_t sz;
	uint8_t copy[64];
	uint64_t value = 0;
	int status;
	pid_t pid;

	/* Without a remote PCI location the counter is this process's own. */
	local = cpu_event(fx->dev);
	expect_fail(doca_sync_event_export_to_remote_pci(local, fx->dev, &data, &sz), DOCA_ERROR_NOT_PERMITTED,
		    "doca_sync_event_export_to_remote_pci");
	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_remote_pci(se));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_fail(doca_sync_event_export_to_remote_pci(se, fx->dev, &data, &sz), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_export_to_remote_pci");
	expect_ok(doca_sync_event_start(se));
	expect_fail(doca_sync_event_export_to_remote_pci(se, NULL, &data, &sz), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_export_to_remote_pci");
	expect_fail(doca_sync_event_export_to_remote_pci(se, fx->dev, NULL, &sz), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_export_to_remote_pci");
	expect_fail(doca_sync_event_export_to_remote_net(se, &data, &sz), DOCA_ERROR_NOT_PERMITTED,
		    "doca_sync_event_export_to_remote_net");
	expect_ok(doca_sync_event_export_to_remote_pci(se, fx->dev, &data, &sz));
	assert_true(sz <= sizeof(copy));
	memcpy(copy, data, sz);
	/* Bad descriptors. */
	expect_fail(doca_sync_event_create_from_export(NULL, copy, sz, &imported), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_create_from_export");
	expect_fail(doca_sync_event_create_from_export(fx->dev, copy, sz - 1, &imported), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_create_from_export");
	copy[0] ^= 1;
	expect_fail(doca_sync_event_create_from_export(fx->dev, copy, sz, &imported), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_create_from_export");
	copy[0] ^= 1;
	expect_fail(doca_sync_event_remote_net_create_from_export(fx->dev, copy, sz,
								  (struct doca_sync_event_remote_net **)&imported),
		    DOCA_ERROR_INVALID_VALUE, "doca_sync_event_remote_net_create_from_export");

	/* The child, another process, adds to the counter and waits for the parent's answer. */
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		alarm(60); /* a parent that failed no longer answers */
		CHILD_CHECK(doca_sync_event_create_from_export(fx->dev, copy, sz, &imported) == DOCA_SUCCESS);
		/* Created started (programs may start it again); its configuration is the exporter's. */
		CHILD_CHECK(doca_sync_event_start(imported) == DOCA_SUCCESS);
		CHILD_CHECK(doca_sync_event_add_publisher_location_cpu(imported, fx->dev) == DOCA_ERROR_NOT_PERMITTED);
		CHILD_CHECK(doca_sync_event_update_add(imported, 5, &value) == DOCA_SUCCESS);
		CHILD_CHECK(doca_sync_event_wait_eq_yield(imported, 100, UINT64_MAX) == DOCA_SUCCESS);
		CHILD_CHECK(doca_sync_event_update_set(imported, 200) == DOCA_SUCCESS);
		CHILD_CHECK(doca_sync_event_destroy(imported) == DOCA_SUCCESS);
		_exit(0);
	}
	/* The child logs to the same SDK file: its lines are dropped once it is done. */
	assert_int_equal(doca_sync_event_wait_gt_yield(se, 4, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get(se, &value), DOCA_SUCCESS);
	assert_int_equal(value, 5);
	assert_int_equal(doca_sync_event_update_set(se, 100), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_eq_yield(se, 200, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	free(sdk_log_take());

	/* In this process too, the same counter. */
	expect_ok(doca_sync_event_create_from_export(fx->dev, copy, sz, &imported));
	expect_ok(doca_sync_event_update_add(imported, 1, &value));
	assert_int_equal(value, 200);
	expect_fail(doca_sync_event_export_to_remote_pci(imported, fx->dev, &data, &sz), DOCA_ERROR_NOT_PERMITTED,
		    "doca_sync_event_export_to_remote_pci");
	expect_ok(doca_sync_event_destroy(imported));
	/* The exporter gone, its export is. */
	expect_ok(doca_sync_event_destroy(se));
	expect_fail(doca_sync_event_create_from_export(fx->dev, copy, sz, &imported), DOCA_ERROR_NOT_FOUND,
		    "doca_sync_event_create_from_export");
	expect_ok(doca_sync_event_destroy(local));
}

static void remote_net_events(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event_remote_net *remote;
	struct doca_sync_event *se;
	doca_dpa_dev_sync_event_remote_net_t dpa_handle;
	doca_gpu_dev_sync_event_remote_net_t gpu_handle;
	doca_gpu_dev_sync_event_t *gpu_se;
	const uint8_t *data;
	size_t sz;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_remote_net(se));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_start(se));
	expect_fail(doca_sync_event_export_to_remote_net(se, &data, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_export_to_remote_net");
	expect_ok(doca_sync_event_export_to_remote_net(se, &data, &sz));
	expect_fail(doca_sync_event_remote_net_create_from_export(fx->dev, data, sz, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_remote_net_create_from_export");
	expect_ok(doca_sync_event_remote_net_create_from_export(fx->dev, data, sz, &remote));
	/* A remote net event is no sync event (and the other way round). */
	expect_fail(doca_sync_event_update_set((struct doca_sync_event *)remote, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_update_set");
	expect_fail(doca_sync_event_remote_net_destroy((struct doca_sync_event_remote_net *)se),
		    DOCA_ERROR_INVALID_VALUE, "doca_sync_event_remote_net_destroy");
	/* Its DPA handle needs a DOCA DPA context (test_sync_event_dpa.c has one); no GPU. */
	expect_fail(doca_sync_event_remote_net_get_dpa_handle(remote, NULL, &dpa_handle), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_remote_net_get_dpa_handle");
	expect_fail(doca_sync_event_remote_net_get_gpu_handle(remote, SOME_GPU, &gpu_handle), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_sync_event_remote_net_get_gpu_handle");
	expect_fail(doca_sync_event_remote_net_get_gpu_handle(remote, NULL, &gpu_handle), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_remote_net_get_gpu_handle");
	expect_fail(doca_sync_event_get_gpu_handle(se, SOME_GPU, &gpu_se), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_sync_event_get_gpu_handle");
	expect_fail(doca_sync_event_get_gpu_handle(NULL, SOME_GPU, &gpu_se), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_gpu_handle");
	expect_fail(doca_sync_event_get_dpa_handle(se, NOT_DPA, &dpa_handle), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_dpa_handle");
	expect_ok(doca_sync_event_remote_net_destroy(remote));
	expect_fail(doca_sync_event_remote_net_destroy(remote), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_remote_net_destroy");
	expect_ok(doca_sync_event_destroy(se));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(configuration_and_states),   cmocka_unit_test(values_and_masks),
		cmocka_unit_test(counter_in_a_doca_buf),      cmocka_unit_test(capabilities),
		cmocka_unit_test(tasks_on_a_progress_engine), cmocka_unit_test(a_context_needs_its_locations),
		cmocka_unit_test(exports_to_another_process), cmocka_unit_test(remote_net_events),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
