/*
 * What the DMA tests share (dma_util.c, built for the newest release): a DMA context of 2.5 and
 * later on a simulated device, started on a progress engine, host memory maps and an inventory,
 * and the completions its callbacks record.
 */
#ifndef TESTS_DOCA_DMA_UTIL_H
#define TESTS_DOCA_DMA_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dma.h>
#include <doca_mmap.h>
#include <doca_pe.h>

#define DMA_MAX_DONE 4096

struct dma_fixture {
	struct doca_dev *dev;
	int own_dev;
	struct doca_pe *pe;
	struct doca_dma *dma;
	struct doca_buf_inventory *inventory;
	/* completions, in the order the callbacks ran */
	unsigned done, failed;
	doca_error_t status[DMA_MAX_DONE];
	struct doca_dma_task_memcpy *task[DMA_MAX_DONE];
	uint64_t slot[DMA_MAX_DONE]; /* the tasks' user data */
	int free_in_callback;        /* the callbacks free their task (else the test does) */
};

/*
 * A started DMA context with num_tasks tasks on dev (NULL: simulated device 0, opened and closed
 * by the fixture), its progress engine and an inventory.
 */
void dma_fixture_open(struct dma_fixture *fx, struct doca_dev *dev, uint32_t num_tasks);
/* Stops (progressing until idle) and destroys what open made. */
void dma_fixture_close(struct dma_fixture *fx);
/* Progresses until count completions in all arrived (fails the test after 10 s). */
void dma_wait(struct dma_fixture *fx, unsigned count);
/* Progresses until the context is idle. */
void dma_wait_idle(struct dma_fixture *fx);
/* A started map of [addr, addr + len) of this process on the fixture's device. */
struct doca_mmap *dma_map(struct dma_fixture *fx, void *addr, size_t len);
/* A buffer of map over [addr, addr + len) with data_len bytes of data. */
struct doca_buf *dma_buf(struct dma_fixture *fx, struct doca_mmap *map, void *addr, size_t len, size_t data_len);
/* Allocates and submits a memcpy task (the SDK lines it logs are the test's to check); returns it. */
struct doca_dma_task_memcpy *dma_submit(struct dma_fixture *fx, struct doca_buf *src, struct doca_buf *dst);

#endif
