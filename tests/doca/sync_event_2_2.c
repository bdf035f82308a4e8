/*
 * A 2.2 program's sync events: publisher_add_location / subscriber_add_location, the
 * get_*_supported capabilities, export_to_dpu and export_remote, job_get_supported, and the four
 * jobs (DOCA_SYNC_EVENT_JOB_*) on a work queue, a wait completing once an update satisfies it.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_sync_event.h>

#include "mem_util.h"
#include "sync_event_releases.h"

static uint64_t not_a_handle[4];

void sync_event_2_2_configuration(void **state)
{
	struct doca_dev *dev = *state;
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	struct doca_sync_event *se;
	doca_sync_event_remote_t remote;
	const uint8_t *data;
	size_t sz;

	expect_ok(doca_sync_event_get_create_from_export_supported(info));
	expect_ok(doca_sync_event_get_export_to_dpa_supported(info));
	expect_ok(doca_sync_event_get_export_to_dpu_supported(info));
	assert_int_equal(doca_sync_event_get_export_to_gpu_supported(info), DOCA_ERROR_NOT_SUPPORTED);
	expect_fail(doca_sync_event_get_export_to_dpu_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_export_to_dpu_supported");
	expect_fail(doca_sync_event_get_create_from_export_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_create_from_export_supported");
	expect_fail(doca_sync_event_get_export_to_dpa_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_export_to_dpa_supported");
	expect_fail(doca_sync_event_get_export_to_gpu_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_get_export_to_gpu_supported");
	for (int type = DOCA_SYNC_EVENT_JOB_WAIT_GT; type <= DOCA_SYNC_EVENT_JOB_UPDATE_ADD; type++)
		expect_ok(doca_sync_event_job_get_supported(info, type));
	expect_fail(doca_sync_event_job_get_supported(info, (enum doca_sync_event_job_types)7),
		    DOCA_ERROR_INVALID_VALUE, "doca_sync_event_job_get_supported");
	expect_fail(doca_sync_event_job_get_supported(NULL, DOCA_SYNC_EVENT_JOB_GET), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_job_get_supported");

	expect_ok(doca_sync_event_create(&se));
	expect_fail(doca_sync_event_publisher_add_location_cpu(se, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_publisher_add_location_cpu");
	expect_fail(doca_sync_event_publisher_add_location_dpa(se, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_publisher_add_location_dpa");
	expect_fail(doca_sync_event_publisher_add_location_gpu(se, (struct doca_gpu *)not_a_handle),
		    DOCA_ERROR_NOT_SUPPORTED, "doca_sync_event_publisher_add_location_gpu");
	expect_fail(doca_sync_event_subscriber_add_location_gpu(se, (struct doca_gpu *)not_a_handle),
		    DOCA_ERROR_NOT_SUPPORTED, "doca_sync_event_subscriber_add_location_gpu");
	expect_fail(doca_sync_event_subscriber_add_location_dpa(se, (struct doca_dpa *)not_a_handle),
		    DOCA_ERROR_INVALID_VALUE, "doca_sync_event_subscriber_add_location_dpa");
	expect_fail(doca_sync_event_subscriber_add_location_cpu(NULL, dev), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_subscriber_add_location_cpu");
	expect_ok(doca_sync_event_publisher_add_location_dpu(se));
	expect_fail(doca_sync_event_publisher_add_location_cpu(se, dev), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_publisher_add_location_cpu");
	expect_ok(doca_sync_event_subscriber_add_location_cpu(se, dev));
	expect_fail(doca_sync_event_subscriber_add_location_dpu(se), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_subscriber_add_location_dpu");
	expect_fail(doca_sync_event_export_remote(se, &remote), DOCA_ERROR_BAD_STATE, "doca_sync_event_export_remote");
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_export_to_dpu(se, dev, &data, &sz));
	expect_fail(doca_sync_event_export_remote(se, NULL), DOCA_ERROR_INVALID_VALUE, "doca_sync_event_export_remote");
	expect_ok(doca_sync_event_export_remote(se, &remote));
	/* The remote handle is the counter's address and its rkey on the CPU location's device. */
	assert_int_not_equal(remote.data[0], 0);
	assert_int_not_equal(remote.data[1], 0);
	expect_ok(doca_sync_event_update_set(se, 42));
	assert_int_equal(*(volatile uint64_t *)(uintptr_t)remote.data[0], 42);
	expect_ok(doca_sync_event_destroy(se));
}

/* The next event of the work queue, by polling. */
static doca_error_t retrieve(struct doca_workq *workq, struct doca_event *ev)
{
	doca_error_t err;

	for (int i = 0; i < 1000; i++) {
		err = doca_workq_progress_retrieve(workq, ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE);
		if (err != DOCA_ERROR_AGAIN)
			return err;
	}
	return DOCA_ERROR_AGAIN;
}

void sync_event_2_2_jobs(void **state)
{
	struct doca_dev *dev = *state;
	struct doca_sync_event *se;
	struct doca_workq *workq;
	struct doca_ctx *ctx;
	struct doca_event ev;
	struct doca_sync_event_result result;
	uint64_t value = 0, fetched = 0;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_publisher_add_location_cpu(se, dev));
	expect_ok(doca_sync_event_subscriber_add_location_cpu(se, dev));
	ctx = doca_sync_event_as_ctx(se);
	/* 2.2: the context starts without a progress engine, then takes work queues. */
	expect_ok(doca_ctx_start(ctx));
	expect_ok(doca_workq_create(8, &workq));
	expect_ok(doca_ctx_workq_add(ctx, workq));

	struct doca_sync_event_job_wait wait = {
		.base = { .type = DOCA_SYNC_EVENT_JOB_WAIT_GT, .ctx = ctx, .user_data = { .u64 = 1 } },
		.value = 9,
		.mask = UINT64_MAX,
	};
	struct doca_sync_event_job_update_set set = {
		.base = { .type = DOCA_SYNC_EVENT_JOB_UPDATE_SET, .ctx = ctx, .user_data = { .u64 = 2 } },
		.value = 7,
	};
	struct doca_sync_event_job_update_add add = {
		.base = { .type = DOCA_SYNC_EVENT_JOB_UPDATE_ADD, .ctx = ctx, .user_data = { .u64 = 3 } },
		.value = 3,
		.fetched = &fetched,
	};
	struct doca_sync_event_job_get get = {
		.base = { .type = DOCA_SYNC_EVENT_JOB_GET, .ctx = ctx, .user_data = { .u64 = 4 } },
		.value = &value,
	};
	struct doca_sync_event_job_get bad = { .base = { .type = DOCA_SYNC_EVENT_JOB_GET, .ctx = ctx } };

	expect_fail(doca_workq_submit(workq, &bad.base), DOCA_ERROR_INVALID_VALUE, "doca_workq_submit");
	bad.base.type = DOCA_ACTION_SYNC_EVENT_FIRST + 9;
	expect_fail(doca_workq_submit(workq, &bad.base), DOCA_ERROR_NOT_SUPPORTED, "doca_workq_submit");
	expect_ok(doca_workq_submit(workq, &wait.base));
	assert_int_equal(doca_workq_progress_retrieve(workq, &ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE), DOCA_ERROR_AGAIN);
	expect_ok(doca_workq_submit(workq, &set.base));
	expect_ok(retrieve(workq, &ev));
	assert_int_equal(ev.type, DOCA_SYNC_EVENT_JOB_UPDATE_SET);
	assert_int_equal(ev.user_data.u64, 2);
	/* the result as the library wrote it: copied out, not read through another type's pointer */
	memcpy(&result, &ev.result, sizeof(result));
	assert_int_equal(result.result, DOCA_SUCCESS);
	/* 7 is not above 9: the wait waits on. */
	assert_int_equal(doca_workq_progress_retrieve(workq, &ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE), DOCA_ERROR_AGAIN);
	expect_ok(doca_workq_submit(workq, &add.base));
	expect_ok(retrieve(workq, &ev));
	assert_int_equal(ev.user_data.u64, 3);
	assert_int_equal(fetched, 7);
	expect_ok(retrieve(workq, &ev));
	assert_int_equal(ev.type, DOCA_SYNC_EVENT_JOB_WAIT_GT);
	assert_int_equal(ev.user_data.u64, 1);
	expect_ok(doca_workq_submit(workq, &get.base));
	expect_ok(retrieve(workq, &ev));
	assert_int_equal(ev.user_data.u64, 4);
	assert_int_equal(value, 10);
	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 10);

	expect_ok(doca_ctx_workq_rm(ctx, workq));
	expect_ok(doca_ctx_stop(ctx));
	expect_ok(doca_workq_destroy(workq));
	/* The context started the event and stopped it. */
	expect_fail(doca_sync_event_update_set(se, 1), DOCA_ERROR_BAD_STATE, "doca_sync_event_update_set");
	expect_ok(doca_sync_event_destroy(se));
}
