/*
 * DOCA DMA inside libdoca_dma (doca_dma.h): the context object its units share (dma.c: 2.5 and
 * later; dma_v2_2.c, dma_v1_4.c: the forms of 2.2 and 1.x), and what each release's form calls.
 *
 * How a copy runs. A DMA context is a DOCA context (doca/README.md, "Writing a context") whose
 * copies the device executes: each binding (the progress engine of 2.5 and later, each work
 * queue of 1.x/2.2) owns on the context's device an RC queue pair connected to itself and a CQ.
 * A memcpy task posts a receive whose scatter list is the destination's free room (each buffer's
 * tail, after its data) and a send whose gather list is the source's data, rdma-core's way, with
 * the buffers' memory keys (opendoca_mmap_reach). The work requests of the tasks submitted
 * between two progress calls are posted together (one doorbell) by the next progress call, when
 * the program arms the notification, or every 32 tasks. The device's DMA engine moves the bytes
 * when it gets to them (a simulated device's: its NIC's engine, flexio_sim_qp_use_dma_engine,
 * which also executes queued work as its CQ is polled), writes the CQEs, and the binding's
 * progress polls the CQ and completes the task. Memory of
 * another process (a map created from an export) is no memory of this process's device: those
 * copies go through the exporting process (opendoca_mmap_remote_read / _write) at progress.
 */
#ifndef OPENDOCA_DMA_DMA_H
#define OPENDOCA_DMA_DMA_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "doca_error.h"
#include "doca_types.h"
#include "private.h"
#include "private_ctx.h"

struct doca_buf;
struct doca_dev;
struct doca_devinfo;
struct doca_dma;
struct doca_job;
struct dma_queue;

/* The longest buffer list a copy takes on either side (the most the project's devices take). */
#define OPENDOCA_DMA_MAX_LIST 30u

struct opendoca_dma {
	struct opendoca_object object;
	struct opendoca_ctx *ctx;
	enum opendoca_ctx_api api;
	/* 2.5 and later: the device of doca_dma_create; 1.x, 2.2: the one doca_ctx_dev_add gave (a
	 * user of it held either way). Changes only while idle. */
	struct doca_dev *dev;
	uint32_t num_tasks;       /* 2.5 and later: doca_dma_task_memcpy_set_conf's */
	pthread_mutex_t lock;     /* queues */
	struct dma_queue *queues; /* one per binding (dma.c) */
};

/* The DMA context behind a program's handle (a reference for the call), or NULL after opendoca_fail. */
struct opendoca_dma *opendoca_dma_get(const struct doca_dma *dma, const char *func);

/* Creates a DMA context of api on dev (2.5 and later; NULL for 1.x/2.2, which add it later). */
doca_error_t opendoca_dma_create(enum opendoca_ctx_api api, struct doca_dev *dev, struct doca_dma **dma,
				 const char *func);

/* What a device offers, for every release's getters: DOCA_ERROR_INVALID_VALUE for a bad devinfo. */
doca_error_t opendoca_dma_supported(const struct doca_devinfo *devinfo, bool *supported, const char *func);
doca_error_t opendoca_dma_max_buf_size(const struct doca_devinfo *devinfo, uint64_t *size, const char *func);
doca_error_t opendoca_dma_max_list_len(const struct doca_devinfo *devinfo, uint32_t *len, const char *func);

/* 1.x, 2.2 (dma_v2_2.c): checks a job (DOCA_DMA_JOB_MEMCPY) and fills the task's source and destination. */
doca_error_t opendoca_dma_job_init(struct opendoca_task *task, const struct doca_job *job);
/* Fills a task's part (the library's task part: the source and destination of the copy). */
void opendoca_dma_task_set(struct opendoca_task *task, struct opendoca_dma *dma, const struct doca_buf *src,
			   struct doca_buf *dst);

#endif /* OPENDOCA_DMA_DMA_H */
