/*
 * One DPA QP's queue memory in one DPA heap buffer, as the examples lay it out:
 *
 *   receive CQ ring | send CQ ring (when the SQ has a CQ of its own) | QP buffer (the RQ's
 *   16-byte WQEs, then the SQ's 64-byte WQEBBs) | receive CQ record | send CQ record (idem) |
 *   QP record        (each record a cache line)
 *
 * and its first content, written by the host before the queues are created: every CQE
 * hardware-owned (op_own 0xF1: invalid opcode, owner bit 1), every receive WQE pointing at its
 * buffer (buffer i at bufs + i * stride, under lkey) and posted (the QP record's receive counter
 * at the RQ's depth).
 *
 *   struct example_queue_layout l = example_queue_layout(log_rq, log_sq, true);
 *   flexio_buf_dev_alloc(process, l.size, &queues);
 *   example_queue_memory_write(process, &l, queues, bufs, stride, lkey);
 *   ... cq_attr.cq_ring_qmem.daddr = queues + l.rq_cq; cq_attr.cq_dbr_daddr = queues + l.rq_cq_dbr;
 *
 * Header only, as example_setup.h.
 */
#ifndef EXAMPLE_QUEUES_H
#define EXAMPLE_QUEUES_H

#include <endian.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio/flexio.h>

#define EXAMPLE_CQE_BYTES 64u
#define EXAMPLE_RWQE_BYTES 16u
#define EXAMPLE_WQEBB_BYTES 64u
#define EXAMPLE_RECORD_BYTES 64u

/* Offsets from the start of the queue memory. Without a send CQ of its own, sq_cq and
 * sq_cq_dbr are the receive CQ's (both queues complete to one CQ). */
struct example_queue_layout {
	uint32_t log_rq, log_sq;
	bool own_sq_cq;
	uint64_t rq_cq, sq_cq, qp_buf, sq, rq_cq_dbr, sq_cq_dbr, qp_dbr, size;
};

static inline struct example_queue_layout example_queue_layout(uint32_t log_rq, uint32_t log_sq, bool own_sq_cq)
{
	struct example_queue_layout l = { .log_rq = log_rq, .log_sq = log_sq, .own_sq_cq = own_sq_cq };

	l.rq_cq = 0;
	l.sq_cq = own_sq_cq ? l.rq_cq + ((uint64_t)EXAMPLE_CQE_BYTES << log_rq) : l.rq_cq;
	l.qp_buf = own_sq_cq ? l.sq_cq + ((uint64_t)EXAMPLE_CQE_BYTES << log_sq)
			     : l.rq_cq + ((uint64_t)EXAMPLE_CQE_BYTES << log_rq);
	l.sq = l.qp_buf + ((uint64_t)EXAMPLE_RWQE_BYTES << log_rq);
	l.rq_cq_dbr = l.sq + ((uint64_t)EXAMPLE_WQEBB_BYTES << log_sq);
	l.sq_cq_dbr = own_sq_cq ? l.rq_cq_dbr + EXAMPLE_RECORD_BYTES : l.rq_cq_dbr;
	l.qp_dbr = l.sq_cq_dbr + EXAMPLE_RECORD_BYTES;
	l.size = l.qp_dbr + EXAMPLE_RECORD_BYTES;
	return l;
}

/* Writes the first content into the queue memory at queues; FLEXIO_STATUS_SUCCESS or
 * FLEXIO_STATUS_FAILED (out of memory, or the copy failed: libflexio logged why). */
static inline flexio_status example_queue_memory_write(flexio_process *process, const struct example_queue_layout *l,
						       flexio_uintptr_t queues, flexio_uintptr_t bufs, uint32_t stride,
						       uint32_t lkey)
{
	uint8_t *image = calloc(1, l->size);
	flexio_status rc;

	if (!image)
		return FLEXIO_STATUS_FAILED;
	for (uint64_t i = 0; i < (1u << l->log_rq); i++)
		image[l->rq_cq + i * EXAMPLE_CQE_BYTES + EXAMPLE_CQE_BYTES - 1] = 0xF1;
	for (uint64_t i = 0; l->own_sq_cq && i < (1u << l->log_sq); i++)
		image[l->sq_cq + i * EXAMPLE_CQE_BYTES + EXAMPLE_CQE_BYTES - 1] = 0xF1;
	for (uint64_t i = 0; i < (1u << l->log_rq); i++) {
		struct {
			uint32_t byte_count, lkey;
			uint64_t addr;
		} wqe = { htobe32(stride), htobe32(lkey), htobe64(bufs + i * stride) };

		memcpy(image + l->qp_buf + i * EXAMPLE_RWQE_BYTES, &wqe, sizeof(wqe));
	}
	*(uint32_t *)(image + l->qp_dbr) = htobe32(1u << l->log_rq);
	rc = flexio_host2dev_memcpy(process, image, l->size, queues);
	free(image);
	return rc;
}

#endif
