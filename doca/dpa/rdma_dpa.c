/*
 * DOCA RDMA with its datapath on the DPA: what libdoca_dpa makes for libdoca_rdma (the
 * struct opendoca_dpa_ops entries rdma_* of libdoca_common's mmap.h), so that DPA code posts an
 * RDMA context's work (libdoca_dpa_dev_comm, device/rdma_dev.c).
 *
 * What. At doca_ctx_start of an RDMA context whose datapath is on a DOCA DPA context, one DPA
 * buffer holds, 64-byte aligned:
 *
 *   descriptor (struct opendoca_dpa_rdma_desc: the doca_dpa_dev_rdma_t) | connection table |
 *   shared receive ring (16-byte WQEs) | its doorbell record
 *
 * and an RMP of the process over that ring: every connection receives from it, so that a
 * receive DPA code posts (doca_dpa_dev_rdma_post_receive names no connection) takes whatever
 * send arrives first on any of them. Each connection (doca_rdma_export) is a DPA QP endpoint
 * (dpa_qp.h) receiving from the RMP; with a DPA completion context attached
 * (doca_rdma_dpa_completion_attach), both its queues report into the context's CQ with the
 * connection's id as user data (doca_dpa_dev_get_completion_user_data), and a work request asks
 * for a completion unless DPA code posts it with DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS;
 * without one, the endpoint's own CQs take the completions (2.5/2.6's
 * doca_dpa_dev_rdma_synchronize waits on them). The table entry of a connection is written once
 * its endpoint exists; doca_rdma_connect connects it to the peer's queue pair.
 *
 * 2.6's shared receive queue (doca_rdma_srq) is such an object without connections; a context made
 * with it (doca_rdma_create_with_srq) has no RMP of its own: its connections receive from the
 * SRQ's, its descriptor names the SRQ's (DPA code's receives on either go to the SRQ's ring), and
 * it holds a use of the SRQ, which goes with its last use (its owner's and the contexts').
 *
 * Life. The object is on its DOCA DPA context's list of started objects (thread.h): a stop of
 * the DOCA DPA context releases its FlexIO resources (the process goes); the RDMA context's stop
 * moves the queue pairs to error and its end frees the rest. All calls hold the DOCA DPA
 * context's lock (libdoca_rdma calls with its own lock held: RDMA context, then DOCA DPA context).
 */
#include "thread.h"

#include <infiniband/verbs.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dev.h"
#include "device/rdma_dev.h"
#include "dpa_qp.h"

#define LINE 64u
#define RWQE_BYTES 16u
#define MAX_LOG_QUEUE 15u /* 16-bit WQE counters */

struct opendoca_dpa_rdma {
	struct dpa_object link; /* on the context's list while its FlexIO resources exist */
	struct dpa_context *ctx;
	struct dpa_completion *comp; /* attached (a reference held), NULL: none */
	uint32_t cqn;                /* its CQ */
	bool live;                   /* not released yet */
	uint32_t max_conns;
	uint32_t log_sq, log_rq;
	int access;
	uint64_t mem; /* the DPA buffer above */
	uint64_t table;
	flexio_rmp *rmp;
	struct opendoca_dpa_qp **conns;
	struct opendoca_dpa_rdma *srq; /* the SRQ the connections receive from (a use held), NULL: rmp */
	uint32_t uses;                 /* an SRQ's: its owner's and the contexts' made with it (lock held) */
};

static struct dpa_context *of(struct opendoca_dpa *dpa)
{
	return (struct dpa_context *)dpa;
}

static uint32_t log_of(uint32_t n)
{
	uint32_t log = 0;

	while ((1u << log) < n)
		log++;
	return log;
}

/* The FlexIO resources go (lock held; the process is alive): the QPs before the RMP and the memory. */
static void release_resources(struct opendoca_dpa_rdma *r)
{
	if (!r->live)
		return;
	for (uint32_t i = 0; i < r->max_conns; i++) {
		opendoca_dpa_qp_destroy(r->conns[i]);
		r->conns[i] = NULL;
	}
	if (r->rmp)
		flexio_rmp_destroy(r->rmp);
	if (r->mem)
		flexio_buf_dev_free(r->ctx->process, r->mem);
	r->rmp = NULL;
	r->mem = 0;
	dpa_object_unlink(r->ctx, &r->link);
	if (r->comp)
		dpa_completion_detach(r->comp);
	r->live = false;
}

static void release(struct dpa_object *object)
{
	release_resources((struct opendoca_dpa_rdma *)((char *)object - offsetof(struct opendoca_dpa_rdma, link)));
}

/* Memory, RMP and descriptor (lock held; release_resources frees what was made). */
static doca_error_t make(struct opendoca_dpa_rdma *r, const char *func)
{
	flexio_process *process = r->ctx->process;
	uint64_t table = sizeof(struct opendoca_dpa_rdma_desc);
	uint64_t ring = (table + (uint64_t)r->max_conns * sizeof(uint64_t) + LINE - 1) & ~(uint64_t)(LINE - 1);
	uint64_t dbr = ring + ((uint64_t)RWQE_BYTES << r->log_rq), size = dbr + LINE;
	struct flexio_wq_attr wq = {
		.log_wq_depth = (uint8_t)r->log_rq,
		.uar_id = flexio_uar_get_id(flexio_process_get_uar(process)),
		.pd = opendoca_dev_ibv_pd(r->ctx->base.dev),
		.rq = { .wq_type = FLEXIO_WQ_TYPE_CYCLIC },
	};
	struct opendoca_dpa_rdma_desc d = { .max_conns = r->max_conns, .log_rq_depth = (uint8_t)r->log_rq };

	if (flexio_buf_dev_alloc(process, size, &r->mem) != FLEXIO_STATUS_SUCCESS) {
		r->mem = 0;
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no %llu bytes of DPA memory for the RDMA context",
				     (unsigned long long)size);
	}
	if (flexio_buf_dev_memset(process, 0, size, r->mem) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "clearing the RDMA context's DPA memory failed");
	wq.wq_ring_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = r->mem + ring };
	wq.wq_dbr_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = r->mem + dbr };
	if (!r->srq && flexio_rmp_create(process, NULL, &wq, &r->rmp) != FLEXIO_STATUS_SUCCESS) {
		r->rmp = NULL;
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no shared receive queue of %u receives",
				     1u << r->log_rq);
	}
	r->table = r->mem + table;
	if (r->srq) {
		d.srq = r->srq->mem;
	} else {
		d.rmp_ring = r->mem + ring;
		d.rmp_dbr = r->mem + dbr;
	}
	d.conns = r->table;
	if (flexio_host2dev_memcpy(process, &d, sizeof(d), r->mem) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing the RDMA context's descriptor failed");
	return DOCA_SUCCESS;
}

static void rdma_free(struct opendoca_dpa_rdma *r)
{
	if (r->comp)
		dpa_completion_put(r->comp);
	dpa_put(r->ctx);
	free(r->conns);
	free(r);
}

/* Drops a use of an SRQ (NULL: none); the last frees it. */
static void srq_put(struct opendoca_dpa_rdma *srq)
{
	bool last;

	if (!srq)
		return;
	pthread_mutex_lock(&srq->ctx->lock);
	last = --srq->uses == 0;
	if (last)
		release_resources(srq);
	pthread_mutex_unlock(&srq->ctx->lock);
	if (last)
		rdma_free(srq);
}

/* A datapath, or an SRQ (no connections); attr checked. */
static doca_error_t create(struct dpa_context *ctx, const struct opendoca_dpa_rdma_attr *attr,
			   struct opendoca_dpa_rdma **out, uint64_t *handle, const char *func)
{
	struct opendoca_dpa_rdma *r;
	doca_error_t err = DOCA_SUCCESS;

	r = calloc(1, sizeof(*r));
	if (r)
		r->conns = calloc(attr->max_conns ? attr->max_conns : 1, sizeof(*r->conns));
	if (!r || !r->conns) {
		free(r);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a DPA datapath");
	}
	opendoca_handle_hold(&ctx->base.object);
	r->ctx = ctx;
	r->max_conns = attr->max_conns;
	r->log_sq = log_of(attr->sq_size ? attr->sq_size : 1);
	r->log_rq = log_of(attr->rq_size && !attr->srq ? attr->rq_size : 1);
	r->access = attr->access;
	if (attr->completion && !(r->comp = dpa_completion_get(attr->completion, func))) {
		rdma_free(r);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&ctx->lock);
	if (!ctx->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the DOCA DPA context of the datapath is not started");
	if (!err && attr->srq && (attr->srq->ctx != ctx || !attr->srq->live))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the shared receive queue's datapath is %s",
				    attr->srq->ctx != ctx ? "another DOCA DPA context"
							  : "gone (its DOCA DPA context stopped)");
	if (!err && attr->srq) {
		r->srq = attr->srq;
		r->srq->uses++;
	}
	if (!err && r->comp)
		err = dpa_completion_attach(r->comp, ctx, &r->cqn, func);
	if (!err) {
		r->live = true;
		r->link.release = release;
		dpa_object_link(ctx, &r->link);
		err = make(r, func);
		if (err)
			release_resources(r);
	}
	pthread_mutex_unlock(&ctx->lock);
	if (err) {
		srq_put(r->srq);
		rdma_free(r);
		return err;
	}
	*out = r;
	*handle = r->mem;
	return DOCA_SUCCESS;
}

doca_error_t dpa_rdma_create(struct opendoca_dpa *dpa, const struct opendoca_dpa_rdma_attr *attr,
			     struct opendoca_dpa_rdma **out, uint64_t *handle, const char *func)
{
	if (!attr->max_conns || attr->sq_size > (1u << MAX_LOG_QUEUE) || attr->rq_size > (1u << MAX_LOG_QUEUE))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "%u connections of %u work requests and %u receives: a DPA datapath takes at "
				     "most %u of each",
				     attr->max_conns, attr->sq_size, attr->rq_size, 1u << MAX_LOG_QUEUE);
	return create(of(dpa), attr, out, handle, func);
}

doca_error_t dpa_rdma_srq_create(struct opendoca_dpa *dpa, uint32_t size, struct opendoca_dpa_rdma **srq,
				 uint64_t *handle, const char *func)
{
	struct opendoca_dpa_rdma_attr attr = { .rq_size = size };
	doca_error_t err;

	if (!size || size > (1u << MAX_LOG_QUEUE))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "a shared receive queue of %u receives: a DPA datapath takes 1 to %u", size,
				     1u << MAX_LOG_QUEUE);
	err = create(of(dpa), &attr, srq, handle, func);
	if (!err)
		(*srq)->uses = 1; /* its owner's */
	return err;
}

void dpa_rdma_srq_destroy(struct opendoca_dpa_rdma *srq)
{
	srq_put(srq);
}

doca_error_t dpa_rdma_completion_check(struct opendoca_dpa *dpa, struct doca_dpa_completion *completion,
				       const char *func)
{
	struct dpa_completion *c = dpa_completion_get(completion, func);
	doca_error_t err;

	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	err = dpa_completion_attachable(c, of(dpa), func);
	dpa_completion_put(c);
	return err;
}

/* DOCA_SUCCESS while the FlexIO resources exist (lock held). */
static doca_error_t live(struct opendoca_dpa_rdma *r, const char *func)
{
	if (r->live)
		return DOCA_SUCCESS;
	return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the DOCA DPA context of the datapath stopped");
}

doca_error_t dpa_rdma_conn_create(struct opendoca_dpa_rdma *r, uint32_t id, uint32_t *qpn, uint8_t *gid,
				  const char *func)
{
	struct opendoca_dpa_qp_attr attr = {
		.log_sq_depth = r->log_sq, .log_rq_depth = 0, .access = r->access, .user_index = id, .rmpqn = 0
	};
	struct opendoca_dpa_qp_addr addr;
	struct opendoca_dpa_qp *qp = NULL;
	uint64_t desc;
	doca_error_t err;

	pthread_mutex_lock(&r->ctx->lock);
	err = live(r, func);
	if (!err && (id >= r->max_conns || r->conns[id]))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				    "connection %u of %u exists already or is past them", id, r->max_conns);
	if (!err) {
		attr.rmpqn = flexio_rmp_get_wq_num(r->srq ? r->srq->rmp : r->rmp);
		attr.cqn = r->cqn;
		err = opendoca_dpa_qp_create(r->ctx->process, opendoca_dev_ibv_pd(r->ctx->base.dev), &attr, func, &qp);
	}
	if (!err)
		err = opendoca_dpa_qp_query(qp, func, &addr);
	desc = opendoca_dpa_qp_dev_addr(qp);
	if (!err && flexio_host2dev_memcpy(r->ctx->process, &desc, sizeof(desc), r->table + id * sizeof(desc)) !=
			    FLEXIO_STATUS_SUCCESS)
		err = opendoca_fail(DOCA_ERROR_DRIVER, func, "writing connection %u into the DPA table failed", id);
	if (!err) {
		r->conns[id] = qp;
		*qpn = addr.qpn;
		memcpy(gid, addr.gid.raw, sizeof(addr.gid.raw));
	} else {
		opendoca_dpa_qp_destroy(qp);
	}
	pthread_mutex_unlock(&r->ctx->lock);
	return err;
}

/* DOCA's MTUs (enum ibv_mtu) as FlexIO's QP context has them. */
static enum flexio_qp_qpc_mtu mtu_of(uint32_t mtu)
{
	switch (mtu) {
	case IBV_MTU_256:
		return FLEXIO_QP_QPC_MTU_BYTES_256;
	case IBV_MTU_512:
		return FLEXIO_QP_QPC_MTU_BYTES_512;
	case IBV_MTU_2048:
		return FLEXIO_QP_QPC_MTU_BYTES_2K;
	case IBV_MTU_4096:
		return FLEXIO_QP_QPC_MTU_BYTES_4K;
	default:
		return FLEXIO_QP_QPC_MTU_BYTES_1K;
	}
}

doca_error_t dpa_rdma_conn_connect(struct opendoca_dpa_rdma *r, uint32_t id, uint32_t peer_qpn, const uint8_t *peer_gid,
				   uint32_t mtu, const char *func)
{
	struct opendoca_dpa_qp_rc rc = {
		.path_mtu = mtu_of(mtu), .retry_count = 7, .min_rnr_nak_timer = 1, .log_rd_atomic = 4
	};
	struct opendoca_dpa_qp_addr peer = { .qpn = peer_qpn, .port = 1 };
	doca_error_t err;

	memcpy(peer.gid.raw, peer_gid, sizeof(peer.gid.raw));
	pthread_mutex_lock(&r->ctx->lock);
	err = live(r, func);
	if (!err && (id >= r->max_conns || !r->conns[id]))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the datapath has no connection %u", id);
	if (!err)
		err = opendoca_dpa_qp_connect(r->conns[id], &peer, &rc, func);
	pthread_mutex_unlock(&r->ctx->lock);
	return err;
}

void dpa_rdma_stop(struct opendoca_dpa_rdma *r)
{
	pthread_mutex_lock(&r->ctx->lock);
	if (r->live)
		for (uint32_t i = 0; i < r->max_conns; i++)
			opendoca_dpa_qp_fail(r->conns[i]);
	pthread_mutex_unlock(&r->ctx->lock);
}

void dpa_rdma_destroy(struct opendoca_dpa_rdma *r)
{
	if (!r)
		return;
	pthread_mutex_lock(&r->ctx->lock);
	release_resources(r);
	pthread_mutex_unlock(&r->ctx->lock);
	srq_put(r->srq);
	rdma_free(r);
}
