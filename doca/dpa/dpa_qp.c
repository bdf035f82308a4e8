/*
 * DPA QP endpoints: what DOCA DPA needs for RDMA issued from DPA code.
 *
 * Why. DPA code reaches host memory through windows, but the DPA's atomic instructions work on
 * DPA memory only (the DPA memory model): an atomic on host memory (a sync event's update_add
 * from the DPA), like DOCA RDMA's datapath on the DPA, is an RDMA operation on an RC queue pair
 * whose work DPA code posts. FlexIO makes such queue pairs (flexio_qp_create, its queues in DPA
 * memory); this is the building block over it, on the public FlexIO and rdma-core APIs only.
 *
 * How. One DPA heap buffer per endpoint holds, 64-byte aligned:
 *
 *   descriptor (struct opendoca_dpa_qp_desc, 4 cache lines) | slot records | result words |
 *   send CQ ring | receive CQ ring | QP buffer (RQ of 16-byte WQEs, then SQ of 64-byte WQEBBs) |
 *   send CQ record | receive CQ record | QP record
 *
 * The send CQ is polled (FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ), the receive CQ too or, given an
 * event handler, reports to its thread (created armed; the handler re-arms it). The descriptor tells device code where everything is
 * (device/dpa_qp_dev.h) and holds the state DPA threads share: the send side under one
 * spinlock in DPA memory (producer counter, send CQ consumer counter, first error), the receive
 * side under another. Every WQE asks for a CQE; the thread holding the send lock takes every
 * CQE there is into the WQE's slot record (status, byte count, a done word published last), so
 * a thread waiting for its WQE spins on its slot's done word and takes completions itself when
 * the lock is free: no thread depends on another to poll, and any number of threads post and
 * wait on one endpoint. A slot is reused once its CQE was taken and, if posted for a waiter,
 * once the waiter read it (the result word of the slot is where opendoca_dev_qp_fetch_add's
 * value arrives). An error completion moves the QP to error, the NIC flushes the rest with a
 * CQE each: every waiter gets a status, none hangs. Connecting moves the QP RESET -> INIT ->
 * RTR -> RTS toward a peer's address (its QPN and GID, or LID); the loopback form connects it
 * to a responder RC QP of rdma-core on the same PD, so DPA code does RDMA on host memory
 * registered there (sync event counters are, with remote atomic access).
 *
 * Costs. Memory: 256 bytes + 88 per SQ entry (WQEBB, CQE, slot record, result word) + 80 per
 * RQ entry + 3 records, in one heap allocation, and one memory key over the result words. A
 * work request: one spinlock round trip, one WQEBB written back, one doorbell (on the simulated
 * NIC the doorbell executes it: the CQE is there when the poster lets the lock go). A waiter
 * spins on one word of DPA memory. Threads of one endpoint serialize on its send lock; separate
 * endpoints do not share anything. Nothing here waits for the DPA: destroying the endpoint
 * (or its process, which stops the threads) never hangs the host.
 */
#include "dpa_qp.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "device/dpa_qp_dev.h"
#include "private.h"

_Static_assert(sizeof(struct opendoca_dpa_qp_desc) == 256, "the descriptor is four cache lines");
_Static_assert(sizeof(struct opendoca_dpa_qp_slot) == 16, "slot records are 16 bytes");
_Static_assert(offsetof(struct opendoca_dpa_qp_desc, sq_lock) == 128, "the send side has line 2");
_Static_assert(offsetof(struct opendoca_dpa_qp_desc, rq_lock) == 192, "the receive side has line 3");

#define LINE 64u
#define CQE_BYTES 64u
#define WQEBB_BYTES 64u
#define RWQE_BYTES 16u
#define PORT 1
#define GID_INDEX 0
#define LOOPBACK_DEPTH 1 /* the responder posts nothing: its queues hold nothing */

/* Offsets in the endpoint's buffer. */
struct layout {
	uint64_t slots, results, sq_cq, rq_cq, qp_buf, sq, sq_cq_dbr, rq_cq_dbr, qp_dbr, size;
};

struct opendoca_dpa_qp {
	flexio_process *process;
	struct ibv_pd *pd;
	int access;
	flexio_uintptr_t mem; /* the buffer; the descriptor at its start */
	flexio_mkey *results_mkey;
	flexio_cq *sq_cq, *rq_cq;
	flexio_qp *qp;
	bool connected; /* a connection was attempted */
	/* the loopback responder */
	struct ibv_cq *host_cq;
	struct ibv_qp *host_qp;
};

static uint64_t align_line(uint64_t v)
{
	return (v + LINE - 1) & ~(uint64_t)(LINE - 1);
}

static struct layout layout_of(uint32_t log_sq, uint32_t log_rq)
{
	uint64_t sq = 1ull << log_sq, rq = 1ull << log_rq;
	struct layout l;

	l.slots = sizeof(struct opendoca_dpa_qp_desc);
	l.results = align_line(l.slots + sq * sizeof(struct opendoca_dpa_qp_slot));
	l.sq_cq = align_line(l.results + sq * sizeof(uint64_t));
	l.rq_cq = l.sq_cq + sq * CQE_BYTES;
	l.qp_buf = l.rq_cq + rq * CQE_BYTES;
	l.sq = l.qp_buf + rq * RWQE_BYTES;
	l.sq_cq_dbr = align_line(l.sq + sq * WQEBB_BYTES);
	l.rq_cq_dbr = l.sq_cq_dbr + LINE;
	l.qp_dbr = l.rq_cq_dbr + LINE;
	l.size = l.qp_dbr + LINE;
	return l;
}

/* The buffer's first content: every CQE hardware-owned (op_own 0xF1: invalid opcode, owner bit
 * 1, so pass 0 reads as empty), everything else zero. */
static doca_error_t write_rings(struct opendoca_dpa_qp *qp, const struct layout *l, const char *func)
{
	uint8_t *image = calloc(1, l->size);
	flexio_status rc;

	if (!image)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for the endpoint's image");
	for (uint64_t off = l->sq_cq; off < l->qp_buf; off += CQE_BYTES)
		image[off + CQE_BYTES - 1] = 0xF1;
	rc = flexio_host2dev_memcpy(qp->process, image, l->size, qp->mem);
	free(image);
	if (rc != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing the endpoint's queue memory failed");
	return DOCA_SUCCESS;
}

static doca_error_t make_queues(struct opendoca_dpa_qp *qp, const struct opendoca_dpa_qp_attr *attr,
				const struct layout *l, const char *func)
{
	uint32_t uar_id = flexio_uar_get_id(flexio_process_get_uar(qp->process));
	struct flexio_cq_attr cq = { .log_cq_depth = (uint8_t)attr->log_sq_depth,
				     .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ,
				     .uar_id = uar_id,
				     .no_arm = true,
				     .cq_ring_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = qp->mem + l->sq_cq },
				     .cq_dbr_daddr = qp->mem + l->sq_cq_dbr };
	struct flexio_qp_attr q = {
		.transport_type = FLEXIO_QPC_ST_RC,
		.uar_id = uar_id,
		.user_index = attr->user_index,
		.qp_access_mask = IBV_ACCESS_LOCAL_WRITE | attr->access,
		.pd = qp->pd,
		.log_sq_depth = (int)attr->log_sq_depth,
		.log_rq_depth = (int)attr->log_rq_depth,
		.rq_type = attr->rmpqn ? FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ : FLEXIO_QP_QPC_RQ_TYPE_REGULAR,
		.rmpqn = attr->rmpqn,
		.sq_cqn = attr->cqn,
		.rq_cqn = attr->cqn,
		.qp_wq_buff_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = qp->mem + l->qp_buf },
		.qp_wq_dbr_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = qp->mem + l->qp_dbr },
	};

	if (!attr->cqn) {
		if (flexio_cq_create(qp->process, NULL, &cq, &qp->sq_cq) != FLEXIO_STATUS_SUCCESS)
			return opendoca_fail(DOCA_ERROR_DRIVER, func, "no send CQ of %u entries",
					     1u << attr->log_sq_depth);
		cq.log_cq_depth = (uint8_t)attr->log_rq_depth;
		/* A DOCA RDMA connection of 2.5/2.6 (an RMP QP, no completion context): no DPA code reads its
		 * receive completions (those releases' programs learn of receives from memory), so they
		 * must not overrun the CQ into error after the first. */
		cq.overrun_ignore = attr->rmpqn && !attr->rq_handler;
		cq.cq_ring_qmem.daddr = qp->mem + l->rq_cq;
		cq.cq_dbr_daddr = qp->mem + l->rq_cq_dbr;
		if (attr->rq_handler) { /* armed: the first completion wakes the thread, which re-arms */
			cq.element_type = FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD;
			cq.thread = flexio_event_handler_get_thread(attr->rq_handler);
			cq.no_arm = false;
		}
		if (flexio_cq_create(qp->process, NULL, &cq, &qp->rq_cq) != FLEXIO_STATUS_SUCCESS)
			return opendoca_fail(DOCA_ERROR_DRIVER, func, "no receive CQ of %u entries",
					     1u << attr->log_rq_depth);
		q.sq_cqn = flexio_cq_get_cq_num(qp->sq_cq);
		q.rq_cqn = flexio_cq_get_cq_num(qp->rq_cq);
	}
	if (flexio_qp_create(qp->process, NULL, &q, &qp->qp) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no RC QP of %u send and %u receive entries",
				     1u << attr->log_sq_depth, attr->rmpqn ? 0 : 1u << attr->log_rq_depth);
	return DOCA_SUCCESS;
}

static doca_error_t write_descriptor(struct opendoca_dpa_qp *qp, const struct opendoca_dpa_qp_attr *attr,
				     const struct layout *l, const char *func)
{
	struct opendoca_dpa_qp_desc d = {
		.sq_ring = qp->mem + (attr->rmpqn ? l->qp_buf : l->sq), /* an RMP QP's buffer is its SQ */
		.rq_ring = qp->mem + l->qp_buf,
		.qp_dbr = qp->mem + l->qp_dbr,
		.sq_cq_ring = qp->mem + l->sq_cq,
		.sq_cq_dbr = qp->mem + l->sq_cq_dbr,
		.rq_cq_ring = qp->mem + l->rq_cq,
		.rq_cq_dbr = qp->mem + l->rq_cq_dbr,
		.slots = qp->mem + l->slots,
		.results = qp->mem + l->results,
		.results_lkey = flexio_mkey_get_id(qp->results_mkey),
		.qpn = flexio_qp_get_qp_num(qp->qp),
		.rq_cqn = qp->rq_cq ? flexio_cq_get_cq_num(qp->rq_cq) : attr->cqn,
		.log_sq_depth = (uint8_t)attr->log_sq_depth,
		.log_rq_depth = (uint8_t)attr->log_rq_depth,
		.external_cq = attr->cqn ? 1 : 0,
	};

	if (flexio_host2dev_memcpy(qp->process, &d, sizeof(d), qp->mem) != FLEXIO_STATUS_SUCCESS)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "writing the endpoint's descriptor failed");
	return DOCA_SUCCESS;
}

doca_error_t opendoca_dpa_qp_create(flexio_process *process, struct ibv_pd *pd, const struct opendoca_dpa_qp_attr *attr,
				    const char *func, struct opendoca_dpa_qp **out)
{
	const int remote = IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC;
	struct opendoca_dpa_qp *qp;
	struct layout l;
	doca_error_t err;

	if (!process || !pd || !attr || !out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "no %s",
				     !process ? "FlexIO process"
				     : !pd    ? "protection domain"
				     : !attr  ? "endpoint attributes"
					      : "place for the endpoint");
	if (attr->log_sq_depth > OPENDOCA_DPA_QP_MAX_LOG_DEPTH || attr->log_rq_depth > OPENDOCA_DPA_QP_MAX_LOG_DEPTH)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "queue depths 2^%u and 2^%u: at most 2^%u",
				     attr->log_sq_depth, attr->log_rq_depth, OPENDOCA_DPA_QP_MAX_LOG_DEPTH);
	if (attr->access & ~remote)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "access %#x: only IBV_ACCESS_REMOTE_WRITE, _READ and _ATOMIC",
				     (unsigned)attr->access);
	qp = calloc(1, sizeof(*qp));
	if (!qp)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for an endpoint");
	qp->process = process;
	qp->pd = pd;
	qp->access = attr->access;
	l = layout_of(attr->log_sq_depth, attr->log_rq_depth);
	if (flexio_buf_dev_alloc(process, l.size, &qp->mem) != FLEXIO_STATUS_SUCCESS) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no %lu bytes of DPA memory for an endpoint",
				    (unsigned long)l.size);
		goto fail;
	}
	err = write_rings(qp, &l, func);
	if (err)
		goto fail;
	if (flexio_device_mkey_create(process,
				      &(struct flexio_mkey_attr){ .pd = pd,
								  .daddr = qp->mem + l.results,
								  .len = sizeof(uint64_t) << attr->log_sq_depth,
								  .access = IBV_ACCESS_LOCAL_WRITE },
				      &qp->results_mkey) != FLEXIO_STATUS_SUCCESS) {
		err = opendoca_fail(DOCA_ERROR_DRIVER, func, "no memory key over the endpoint's result words");
		goto fail;
	}
	err = make_queues(qp, attr, &l, func);
	if (!err)
		err = write_descriptor(qp, attr, &l, func);
	if (err)
		goto fail;
	*out = qp;
	return DOCA_SUCCESS;
fail:
	opendoca_dpa_qp_destroy(qp);
	return err;
}

doca_error_t opendoca_dpa_qp_query(struct opendoca_dpa_qp *qp, const char *func, struct opendoca_dpa_qp_addr *addr)
{
	struct ibv_port_attr port;

	if (!qp || !addr)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "no %s",
				     qp ? "place for the address" : "endpoint");
	*addr = (struct opendoca_dpa_qp_addr){ .qpn = flexio_qp_get_qp_num(qp->qp),
					       .port = PORT,
					       .gid_index = GID_INDEX };
	if (ibv_query_port(qp->pd->context, PORT, &port) || ibv_query_gid(qp->pd->context, PORT, GID_INDEX, &addr->gid))
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "cannot read port %d of %s", PORT,
				     ibv_get_device_name(qp->pd->context->device));
	addr->lid = port.lid;
	return DOCA_SUCCESS;
}

static bool gid_zero(const union ibv_gid *gid)
{
	static const union ibv_gid zero;

	return !memcmp(gid, &zero, sizeof(zero));
}

/* The DPA QP toward peer, RESET to RTS (the caller checked the arguments). */
static doca_error_t dpa_side_connect(struct opendoca_dpa_qp *qp, const struct opendoca_dpa_qp_addr *peer,
				     const struct opendoca_dpa_qp_rc *rc, const char *func)
{
	static const enum flexio_qp_state path[] = { FLEXIO_QP_STATE_INIT, FLEXIO_QP_STATE_RTR, FLEXIO_QP_STATE_RTS };
	struct flexio_qp_attr a = {
		.qp_access_mask = IBV_ACCESS_LOCAL_WRITE | qp->access,
		.remote_qp_num = peer->qpn,
		.gid_table_index = GID_INDEX,
		.rgid_or_rip = peer->gid,
		.rlid = peer->lid,
		.grh = !gid_zero(&peer->gid),
		.min_rnr_nak_timer = rc->min_rnr_nak_timer,
		.path_mtu = rc->path_mtu,
		.retry_count = rc->retry_count,
		.vhca_port_num = PORT,
		.next_rcv_psn = rc->rq_psn,
		.next_send_psn = rc->sq_psn,
		.log_rra_max = rc->log_rd_atomic,
		.log_sra_max = rc->log_rd_atomic,
	};

	for (size_t i = 0; i < sizeof(path) / sizeof(path[0]); i++) {
		a.next_state = path[i];
		if (flexio_qp_modify(qp->qp, &a, NULL) != FLEXIO_STATUS_SUCCESS)
			return opendoca_fail(DOCA_ERROR_DRIVER, func, "the DPA QP %#x cannot move to %s toward QP %#x",
					     flexio_qp_get_qp_num(qp->qp),
					     i == 0   ? "INIT"
					     : i == 1 ? "RTR"
						      : "RTS",
					     peer->qpn);
	}
	return DOCA_SUCCESS;
}

static const struct opendoca_dpa_qp_rc rc_defaults = {
	.path_mtu = FLEXIO_QP_QPC_MTU_BYTES_1K, .retry_count = 7, .min_rnr_nak_timer = 1, .log_rd_atomic = 4
};

/* The checks every connection makes. */
static doca_error_t connectable(struct opendoca_dpa_qp *qp, const char *func)
{
	if (!qp)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "no endpoint");
	if (qp->connected)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the endpoint was connected already");
	return DOCA_SUCCESS;
}

doca_error_t opendoca_dpa_qp_connect(struct opendoca_dpa_qp *qp, const struct opendoca_dpa_qp_addr *peer,
				     const struct opendoca_dpa_qp_rc *rc, const char *func)
{
	doca_error_t err = connectable(qp, func);

	if (err)
		return err;
	if (!peer)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "no peer address");
	if (!peer->qpn || peer->qpn > 0xFFFFFF)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "peer QP number %#x is no QP number", peer->qpn);
	if (rc && (rc->path_mtu < FLEXIO_QP_QPC_MTU_BYTES_256 || rc->path_mtu > FLEXIO_QP_QPC_MTU_BYTES_4K ||
		   rc->retry_count > 7 || rc->min_rnr_nak_timer > 31 || rc->log_rd_atomic > 7))
		return opendoca_fail(
			DOCA_ERROR_INVALID_VALUE, func,
			"RC attributes out of range (MTU %d, retries %u, RNR timer %u, log reads/atomics %u)",
			(int)rc->path_mtu, rc->retry_count, rc->min_rnr_nak_timer, rc->log_rd_atomic);
	qp->connected = true; /* one attempt: a failed one leaves the QP between states */
	return dpa_side_connect(qp, peer, rc ? rc : &rc_defaults, func);
}

/* The host responder of a loopback connection toward the endpoint at dpa (INIT -> RTR -> RTS). */
static int host_side_connect(struct ibv_qp *host, const struct opendoca_dpa_qp_addr *dpa)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_INIT,
				 .port_num = PORT,
				 .qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
						    IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC };

	if (ibv_modify_qp(host, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS))
		return -1;
	a = (struct ibv_qp_attr){
		.qp_state = IBV_QPS_RTR,
		.path_mtu = IBV_MTU_1024,
		.dest_qp_num = dpa->qpn,
		.max_dest_rd_atomic = 1u << rc_defaults.log_rd_atomic,
		.min_rnr_timer = rc_defaults.min_rnr_nak_timer,
		.ah_attr = { .is_global = !gid_zero(&dpa->gid),
			     .grh = { .dgid = dpa->gid, .sgid_index = GID_INDEX, .hop_limit = 64 },
			     .dlid = dpa->lid,
			     .port_num = PORT },
	};
	if (ibv_modify_qp(host, &a,
			  IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
				  IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER))
		return -1;
	a = (struct ibv_qp_attr){ .qp_state = IBV_QPS_RTS,
				  .timeout = 14,
				  .retry_cnt = rc_defaults.retry_count,
				  .rnr_retry = 7,
				  .max_rd_atomic = 1u << rc_defaults.log_rd_atomic };
	return ibv_modify_qp(host, &a,
			     IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN |
				     IBV_QP_MAX_QP_RD_ATOMIC);
}

doca_error_t opendoca_dpa_qp_connect_loopback(struct opendoca_dpa_qp *qp, const char *func)
{
	struct ibv_qp_init_attr init = { .qp_type = IBV_QPT_RC,
					 .cap = { .max_send_wr = LOOPBACK_DEPTH,
						  .max_recv_wr = LOOPBACK_DEPTH,
						  .max_send_sge = 1,
						  .max_recv_sge = 1 } };
	struct opendoca_dpa_qp_addr me, host;
	doca_error_t err = connectable(qp, func);

	if (err)
		return err;
	err = opendoca_dpa_qp_query(qp, func, &me);
	if (err)
		return err;
	qp->connected = true; /* one attempt, as opendoca_dpa_qp_connect */
	qp->host_cq = ibv_create_cq(qp->pd->context, LOOPBACK_DEPTH, NULL, NULL, 0);
	if (!qp->host_cq)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no CQ for the endpoint's host responder");
	init.send_cq = init.recv_cq = qp->host_cq;
	qp->host_qp = ibv_create_qp(qp->pd, &init);
	if (!qp->host_qp)
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no RC QP for the endpoint's host responder");
	if (host_side_connect(qp->host_qp, &me))
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "the host responder QP %#x cannot connect to QP %#x",
				     qp->host_qp->qp_num, me.qpn);
	host = me; /* same port, same GID */
	host.qpn = qp->host_qp->qp_num;
	return dpa_side_connect(qp, &host, &rc_defaults, func);
}

uint64_t opendoca_dpa_qp_dev_addr(const struct opendoca_dpa_qp *qp)
{
	return qp ? qp->mem : 0;
}

void opendoca_dpa_qp_fail(struct opendoca_dpa_qp *qp)
{
	struct flexio_qp_attr a = { .next_state = FLEXIO_QP_STATE_ERR };

	if (qp && qp->qp)
		flexio_qp_modify(qp->qp, &a, NULL);
}

void opendoca_dpa_qp_destroy(struct opendoca_dpa_qp *qp)
{
	if (!qp)
		return;
	/* The QPs before the CQs they report to. */
	if (qp->host_qp)
		ibv_destroy_qp(qp->host_qp);
	if (qp->host_cq)
		ibv_destroy_cq(qp->host_cq);
	if (qp->qp)
		flexio_qp_destroy(qp->qp);
	if (qp->rq_cq)
		flexio_cq_destroy(qp->rq_cq);
	if (qp->sq_cq)
		flexio_cq_destroy(qp->sq_cq);
	if (qp->results_mkey)
		flexio_device_mkey_destroy(qp->results_mkey);
	if (qp->mem)
		flexio_buf_dev_free(qp->process, qp->mem);
	free(qp);
}
