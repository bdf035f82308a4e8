/*
 * Sync event calls as programs of older releases make them: each unit selects its release
 * (sync_event_2_2.c, sync_event_2_7.c) and binds to that release's symbols;
 * test_sync_event_releases.c runs them as cmocka tests on a simulated device.
 */
#ifndef TESTS_DOCA_SYNC_EVENT_RELEASES_H
#define TESTS_DOCA_SYNC_EVENT_RELEASES_H

/* 2.2 (and 1.x, which sees its declarations): locations, capabilities, exports, jobs on a work queue. */
void sync_event_2_2_configuration(void **state);
void sync_event_2_2_jobs(void **state);
/* 2.5 - 2.10 (the 2.7 headers): DPU locations and export, wait_gt tasks, the GPU and DPA exports. */
void sync_event_2_7_dpu_and_exports(void **state);
void sync_event_2_7_wait_gt_tasks(void **state);

#endif
