/*
 * A 2.5 - 2.10 program's sync events (the 2.7 headers): DPU locations and export_to_dpu, the
 * DPU and wait_gt capabilities, export_to_dpa's and the GPU exports' refusals without a DPA
 * context or GPU, and wait_gt tasks on a progress engine.
 */
#define DOCA_VER_USED DOCA_VER(2, 7, 0)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_pe.h>
#include <doca_sync_event.h>

#include "mem_util.h"
#include "sync_event_releases.h"

static uint64_t not_a_handle[4];

void sync_event_2_7_dpu_and_exports(void **state)
{
	struct doca_dev *dev = *state;
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	struct doca_sync_event *se, *imported;
	struct doca_sync_event_remote_net *remote;
	doca_dpa_dev_sync_event_t dpa_handle;
	doca_dpa_dev_sync_event_remote_net_t remote_dpa;
	doca_gpu_dev_sync_event_t *gpu_handle;
	doca_gpu_dev_sync_event_remote_net_t remote_gpu;
	const uint8_t *data;
	uint64_t fetched;
	size_t sz;

	expect_ok(doca_sync_event_cap_is_export_to_dpu_supported(info));
	expect_ok(doca_sync_event_cap_task_wait_gt_is_supported(info));
	expect_fail(doca_sync_event_cap_is_export_to_dpu_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_cap_is_export_to_dpu_supported");
	expect_fail(doca_sync_event_cap_task_wait_gt_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_cap_task_wait_gt_is_supported");

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, dev));
	expect_fail(doca_sync_event_add_publisher_location_dpu(se), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_add_publisher_location_dpu");
	expect_fail(doca_sync_event_add_subscriber_location_dpu(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_add_subscriber_location_dpu");
	expect_ok(doca_sync_event_add_subscriber_location_dpu(se));
	expect_fail(doca_sync_event_export_to_dpu(se, dev, &data, &sz), DOCA_ERROR_BAD_STATE,
		    "doca_sync_event_export_to_dpu");
	expect_ok(doca_sync_event_start(se));
	expect_fail(doca_sync_event_export_to_dpu(se, dev, &data, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_export_to_dpu");
	expect_ok(doca_sync_event_export_to_dpu(se, dev, &data, &sz));
	expect_ok(doca_sync_event_create_from_export(dev, data, sz, &imported));
	expect_ok(doca_sync_event_update_add(imported, 2, &fetched));
	expect_ok(doca_sync_event_wait_gt(se, 1, UINT64_MAX));
	expect_ok(doca_sync_event_destroy(imported));

	/* No DPA context here (test_sync_event_dpa.c has one), no GPU. */
	expect_fail(doca_sync_event_export_to_dpa(se, NULL, &dpa_handle), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_export_to_dpa");
	expect_fail(doca_sync_event_export_to_gpu(se, (struct doca_gpu *)not_a_handle, &gpu_handle),
		    DOCA_ERROR_NOT_SUPPORTED, "doca_sync_event_export_to_gpu");
	expect_fail(doca_sync_event_export_to_gpu(se, NULL, &gpu_handle), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_export_to_gpu");
	expect_ok(doca_sync_event_destroy(se));

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_remote_net(se));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, dev));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_export_to_remote_net(se, &data, &sz));
	expect_ok(doca_sync_event_remote_net_create_from_export(dev, data, sz, &remote));
	expect_fail(doca_sync_event_remote_net_export_to_dpa(remote, (struct doca_dpa *)not_a_handle, &remote_dpa),
		    DOCA_ERROR_INVALID_VALUE, "doca_sync_event_remote_net_export_to_dpa");
	expect_fail(doca_sync_event_remote_net_export_to_gpu(remote, (struct doca_gpu *)not_a_handle, &remote_gpu),
		    DOCA_ERROR_NOT_SUPPORTED, "doca_sync_event_remote_net_export_to_gpu");
	expect_ok(doca_sync_event_remote_net_destroy(remote));
	expect_ok(doca_sync_event_destroy(se));
}

static int waited;

static void wait_gt_done(struct doca_sync_event_task_wait_gt *task, union doca_data task_user_data,
			 union doca_data ctx_user_data)
{
	(void)ctx_user_data;
	assert_int_equal(task_user_data.u64, 27);
	assert_int_equal(doca_task_get_status(doca_sync_event_task_wait_gt_as_doca_task(task)), DOCA_SUCCESS);
	waited++;
	doca_task_free(doca_sync_event_task_wait_gt_as_doca_task(task));
}

void sync_event_2_7_wait_gt_tasks(void **state)
{
	struct doca_dev *dev = *state;
	struct doca_sync_event_task_wait_gt *task;
	struct doca_sync_event *se;
	struct doca_pe *pe;

	expect_ok(doca_pe_create(&pe));
	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_cpu(se, dev));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, dev));
	expect_fail(doca_sync_event_task_wait_gt_set_conf(se, wait_gt_done, wait_gt_done, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_sync_event_task_wait_gt_set_conf");
	expect_ok(doca_sync_event_task_wait_gt_set_conf(se, wait_gt_done, wait_gt_done, 1));
	expect_ok(doca_pe_connect_ctx(pe, doca_sync_event_as_ctx(se)));
	expect_fail(doca_sync_event_task_wait_gt_alloc_init(se, 5, 0xff, (union doca_data){ .u64 = 27 }, &task),
		    DOCA_ERROR_BAD_STATE, "doca_sync_event_task_wait_gt_alloc_init");
	expect_ok(doca_ctx_start(doca_sync_event_as_ctx(se)));
	expect_ok(doca_sync_event_task_wait_gt_alloc_init(se, 0, 0, (union doca_data){ .u64 = 27 }, &task));
	doca_sync_event_task_wait_gt_set_wait_val(task, 5);
	doca_sync_event_task_wait_gt_set_mask(task, 0xff);
	assert_int_equal(doca_sync_event_task_wait_gt_get_wait_val(task), 5);
	assert_int_equal(doca_sync_event_task_wait_gt_get_mask(task), 0xff);
	assert_int_equal(doca_sync_event_task_wait_gt_get_mask(NULL), 0);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_sync_event_task_wait_gt_get_mask");
	expect_ok(doca_task_submit(doca_sync_event_task_wait_gt_as_doca_task(task)));
	doca_pe_progress(pe);
	/* 0x105 under the mask is 5: not above. */
	expect_ok(doca_sync_event_update_set(se, 0x105));
	doca_pe_progress(pe);
	assert_int_equal(waited, 0);
	expect_ok(doca_sync_event_update_set(se, 6));
	while (!waited)
		doca_pe_progress(pe);
	expect_ok(doca_ctx_stop(doca_sync_event_as_ctx(se)));
	expect_ok(doca_sync_event_destroy(se));
	expect_ok(doca_pe_destroy(pe));
}
