/*
 * DOCA DMA as programs of older releases call it: each unit selects its release (dma_2_2.c,
 * dma_1_4.c) and binds to that release's symbols; test_dma.c runs them as cmocka tests.
 */
#ifndef TESTS_DOCA_DMA_RELEASES_H
#define TESTS_DOCA_DMA_RELEASES_H

/* 2.2: doca_dma_create(&dma), doca_ctx_dev_add, DOCA_DMA_JOB_MEMCPY jobs on a work queue, the limits. */
void dma_2_2_jobs_on_a_work_queue(void **state);
/* 1.x: doca_dma_devinfo_caps_get, the guide's life cycle, a job on a work queue. */
void dma_1_4_jobs_on_a_work_queue(void **state);

#endif
