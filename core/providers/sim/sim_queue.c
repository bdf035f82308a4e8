/*
 * Queues of the simulated device: the provider's queue operations over the device NICs
 * (core/nic, owned by libflexio_verbs: flexio_verbs_device_nic), and the doorbells DPA threads
 * ring through their outboxes.
 *
 * FlexIO's attributes map onto the engine's as core/nic/README.md ("Wiring it in") says. What
 * this file adds is the process's side:
 *   - queue memory in DPA memory is the process's space (struct sim_process.space: a
 *     flexio_verbs_space answering with the engine's host pointers), host memory a devx umem
 *     of the device (FLEXIO_VERBS_SPACE_UMEM);
 *   - every queue is owned by its process (owner: sim_queue_owner): a doorbell another
 *     process rings for it is refused and counted by the NIC, and its work queues report to
 *     CQs (receive from RMPs) of its own or of the host's verbs, never of another process;
 *   - a CQ for a DPA thread has a sink as its cookie: a completion that fires it triggers the
 *     event handler (which the sink holds, so a handler destroyed before its CQ is only
 *     marked, never freed under the NIC).
 */
#include "sim_objects.h"
#include "sim_trace.h"

#include <memcheck.h>
#include <nic.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PRM command opcodes, informative in the DEVX objects that stand for the queues. */
static const uint32_t devx_types[] = {
	[PROVIDER_OBJECT_CQ] = 0x400,  [PROVIDER_OBJECT_SQ] = 0x904,  [PROVIDER_OBJECT_RQ] = 0x908,
	[PROVIDER_OBJECT_RMP] = 0x90c, [PROVIDER_OBJECT_QP] = 0x500,  [PROVIDER_OBJECT_TD] = 0x816,
	[PROVIDER_OBJECT_TIS] = 0x912, [PROVIDER_OBJECT_TIR] = 0x900, [PROVIDER_OBJECT_THREAD] = 0xa00,
};

/* log2 of a receive WQE of FlexIO's RQs and QPs when the attribute leaves it 0: one data
 * segment. */
#define DEFAULT_LOG_RQ_STRIDE 4
#define SQ_WQEBB 64u
#define CQE_SIZE 64u

struct sim_queue {
	struct flexio_verbs_sink sink; /* first: a CQ's cookie */
	struct sim_process *process;   /* owner; NULL for a TD or a TIS */
	struct nic *nic;
	enum provider_object_kind kind;
	uint32_t number;
	struct sim_event *thread;             /* CQ of a DPA thread: held */
	uint32_t made_td, made_tis, made_tir; /* objects made with the queue, destroyed with it */
};

static void *space_reach(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write)
{
	struct sim_process *p = (struct sim_process *)((char *)space - offsetof(struct sim_process, space));

	if (!write) /* the NIC reads: what threads stored there must have been written back */
		dpa_process_memcheck_device_read(p->engine, addr, len);
	return dpa_process_host_pointer(p->engine, addr, len, write);
}

int sim_queues_init(struct sim_process *p, struct ibv_context *ibv_ctx)
{
	p->space.reach = space_reach;
	p->device_index = flexio_verbs_context_device(ibv_ctx);
	p->nic = flexio_verbs_device_nic(p->device_index);
	return p->nic ? 0 : -ENOMEM;
}

/* The NIC of a device the process may use: its own, or any simulated one. */
static struct nic *nic_of(struct ibv_context *ibv_ctx, char *err, size_t err_size)
{
	int index = flexio_verbs_context_device(ibv_ctx);
	struct nic *nic = index >= 0 ? flexio_verbs_device_nic(index) : NULL;

	if (!nic)
		snprintf(err, err_size, "ibv_ctx %p is not a live context of a simulated device", (void *)ibv_ctx);
	return nic;
}

static const char *errno_text(int rc)
{
	switch (rc) {
	case -EINVAL:
		return "a value out of range";
	case -ENOENT:
		return "a queue number naming no live object of the device";
	case -EBUSY:
		return "still in use";
	case -ENOMEM:
		return "out of memory";
	case -ENOSPC:
		return "too many objects of this kind";
	case -EPERM:
		return "not allowed";
	default:
		return "refused";
	}
}

/* Where a ring or record of len bytes is: DPA memory of the process, or a host umem. align is
 * the alignment the NIC needs of it (nic_*_create refuse others with -EFAULT, which says no
 * more than "refused"): said here with the address, as a program that packs a CQ ring into a
 * structure at an odd offset needs to hear it. */
static bool qmem_place(struct sim_process *p, const struct flexio_qmem *q, uint64_t offset, uint64_t len,
		       unsigned align, struct nic_mem *mem, const char *what, char *err, size_t err_size)
{
	switch (q->memtype) {
	case FLEXIO_MEMTYPE_DPA:
		if (q->daddr + offset < q->daddr ||
		    !dpa_process_host_pointer(p->engine, q->daddr + offset, len, true)) {
			snprintf(err, err_size, "%s: [0x%llx, +%llu) is not writable DPA memory of the process", what,
				 (unsigned long long)(q->daddr + offset), (unsigned long long)len);
			return false;
		}
		mem->space = (uintptr_t)&p->space;
		mem->addr = q->daddr + offset;
		break;
	case FLEXIO_MEMTYPE_HOST:
		mem->space = FLEXIO_VERBS_SPACE_UMEM(q->umem_id);
		mem->addr = q->humem_offset + offset;
		break;
	default:
		snprintf(err, err_size, "%s: memtype %d is not a flexio_memtype", what, (int)q->memtype);
		return false;
	}
	if (mem->addr % align) {
		snprintf(err, err_size, "%s: 0x%llx is not %u-byte aligned, as the NIC needs", what,
			 (unsigned long long)mem->addr, align);
		return false;
	}
	return true;
}

static struct sim_queue *queue_new(struct sim_process *p, struct nic *nic, enum provider_object_kind kind, char *err,
				   size_t err_size)
{
	struct sim_queue *q = calloc(1, sizeof(*q));

	if (!q) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	q->process = p;
	q->nic = nic;
	q->kind = kind;
	return q;
}

/* The queue made (rc 0), or NULL and q freed: what (the object refused) goes in err, unless it
 * is NULL because err says why already. */
static struct provider_queue *queue_made(struct sim_queue *q, int rc, struct provider_queue_info *info,
					 const char *what, char *err, size_t err_size)
{
	if (rc) {
		if (what)
			snprintf(err, err_size, "the NIC refused the %s: %s", what, errno_text(rc));
		if (q->thread)
			sim_event_put(q->thread);
		free(q);
		return NULL;
	}
	info->number = q->number;
	info->tir = q->made_tir;
	return (struct provider_queue *)q;
}

/*
 * Whether a queue of p may name the queue of owner (its CQ, a QP's RMP): its own, or the host's
 * (an rdma-core CQ or SRQ). Another process's is refused, logged in err naming it what: that
 * process's destroy would leave its queue to the device (ring in memory freed with the process,
 * handler gone) under this one. Asked once the new queue holds the other (the NIC then refuses
 * to destroy it), so the answer stays true.
 */
static bool owner_ok(const struct sim_process *p, uint64_t owner, const char *what, uint32_t number, char *err,
		     size_t err_size)
{
	if (owner == sim_queue_owner(p) || !(owner & 1))
		return true;
	snprintf(err, err_size, "%s 0x%x is another process's (queues name their own process's, or the host's)", what,
		 number);
	return false;
}

/* A completion fired a DPA thread's CQ: trigger its handler (queued; it runs on the scheduler). */
static void cq_notify(struct flexio_verbs_sink *sink, const struct nic_event *event)
{
	struct sim_queue *q = (struct sim_queue *)sink;

	if (event->kind != NIC_EVENT_COMPLETION || !q->thread)
		return;
	if (sim_tracing(q->process))
		sim_event_trace_wakeup(q->thread, SIM_TRACE_CQE, event->queue);
	sim_event_trigger_queued(q->thread);
}

static bool cq_owner_ok(const struct sim_process *p, struct nic *nic, uint32_t cqn, char *err, size_t err_size)
{
	struct nic_cq_info info = { 0 };

	/* The new queue holds it: the query cannot fail (0 is no owner). */
	(void)nic_cq_query(nic, cqn, &info);
	if (!owner_ok(p, info.owner, "CQ", cqn, err, err_size))
		return false;
	/* The process's CQs are this file's, but for its MSI-X vectors' (sim_emu.c), whose ring
	 * goes with the vector: no work queue may report to those. */
	if (info.owner == sim_queue_owner(p) &&
	    ((struct flexio_verbs_sink *)(uintptr_t)info.cookie)->notify != cq_notify) {
		snprintf(err, err_size, "CQ 0x%x is an MSI-X vector's (flexio_emulated_device_msix_create)", cqn);
		return false;
	}
	return true;
}

static bool rmp_owner_ok(const struct sim_process *p, struct nic *nic, uint32_t rmpn, char *err, size_t err_size)
{
	struct nic_wq_info info = { 0 };

	(void)nic_wq_query(nic, rmpn, &info);
	return owner_ok(p, info.owner, "RMP", rmpn, err, err_size);
}


struct provider_queue *sim_cq_create(struct provider_process *process, struct ibv_context *ibv_ctx,
				     const struct flexio_cq_attr *attr, const struct provider_queue_refs *refs,
				     struct provider_queue_info *info, char *err, size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct nic *nic = nic_of(ibv_ctx, err, err_size);
	struct nic_cq_attr cq = {
		.owner = sim_queue_owner(p),
		.log_size = attr->log_cq_depth,
		.armed = !attr->no_arm,
		.always_armed = attr->always_armed,
		.overrun_ignore = attr->overrun_ignore,
		.collapsed = attr->cc,
		.compress = attr->cqe_comp_type != FLEXIO_CQE_COMP_NONE,
		.comp_format = (enum nic_comp_format)attr->cqe_comp_format,
		.moderation_count = attr->cq_max_count,
		.moderation_period_us = attr->cq_period,
		.moderation_mode = (enum nic_moderation_mode)attr->cq_period_mode,
	};
	struct flexio_qmem dbr = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = attr->cq_dbr_daddr };
	struct sim_queue *q;

	if (!nic)
		return NULL;
	if (!qmem_place(p, &attr->cq_ring_qmem, 0, (uint64_t)CQE_SIZE << attr->log_cq_depth, CQE_SIZE, &cq.ring,
			"cq_ring_qmem", err, err_size) ||
	    !qmem_place(p, &dbr, 0, 8, 8, &cq.dbr, "cq_dbr_daddr", err, err_size))
		return NULL;
	q = queue_new(p, nic, PROVIDER_OBJECT_CQ, err, err_size);
	if (!q)
		return NULL;
	switch (attr->element_type) {
	case FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD:
		if (!refs->thread) {
			snprintf(err, err_size, "element type DPA_THREAD without a thread");
			free(q);
			return NULL;
		}
		q->thread = (struct sim_event *)refs->thread;
		sim_event_hold(q->thread);
		cq.target = NIC_CQ_NOTIFY;
		break;
	case FLEXIO_CQ_ELEMENT_TYPE_EXT_EQ:
	case FLEXIO_CQ_ELEMENT_TYPE_DPA_MSIX_EMULATED_CQ:
		cq.target = NIC_CQ_EQ;
		cq.eqn = attr->emulated_eqn;
		break;
	case FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ:
		cq.target = NIC_CQ_NOTIFY; /* polled by its owner: the sink has no thread */
		break;
	default:
		snprintf(err, err_size, "element_type %u is not a flexio_cq_element_type", attr->element_type);
		free(q);
		return NULL;
	}
	q->sink.notify = cq_notify;
	cq.cookie = (uintptr_t)&q->sink;
	return queue_made(q, nic_cq_create(nic, &cq, &q->number), info, "CQ", err, err_size);
}

struct provider_queue *sim_sq_create(struct provider_process *process, struct ibv_context *ibv_ctx, uint32_t cq_num,
				     const struct flexio_wq_attr *attr, const struct provider_queue_refs *refs,
				     struct provider_queue_info *info, char *err, size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct nic *nic = nic_of(ibv_ctx, err, err_size);
	struct nic_sq_attr sq = {
		.owner = sim_queue_owner(p),
		.pd = attr->pd ? attr->pd->handle : 0,
		.user_index = attr->user_index,
		.cqn = cq_num,
		.log_depth = attr->log_wq_depth,
	};
	struct sim_queue *q;
	bool owned = true;
	int rc;

	if (!nic)
		return NULL;
	if (!qmem_place(p, &attr->wq_ring_qmem, 0, (uint64_t)SQ_WQEBB << attr->log_wq_depth, SQ_WQEBB, &sq.ring,
			"wq_ring_qmem", err, err_size))
		return NULL;
	q = queue_new(p, nic, PROVIDER_OBJECT_SQ, err, err_size);
	if (!q)
		return NULL;
	if (refs->tis) {
		sq.tisn = ((struct sim_queue *)refs->tis)->number;
	} else {
		rc = nic_td_create(nic, &q->made_td);
		if (!rc)
			rc = nic_tis_create(nic, q->made_td, 1, &q->made_tis);
		if (rc) {
			if (q->made_td)
				nic_td_destroy(nic, q->made_td);
			return queue_made(q, rc, info, "SQ's transport domain", err, err_size);
		}
		sq.tisn = q->made_tis;
	}
	rc = nic_sq_create(nic, &sq, &q->number);
	if (!rc && !(owned = cq_owner_ok(p, nic, cq_num, err, err_size)))
		rc = -EPERM;
	else if (!rc)
		rc = nic_wq_modify(nic, q->number, NIC_WQ_RDY);
	if (rc && q->number)
		nic_wq_destroy(nic, q->number);
	if (rc && q->made_tis) {
		nic_tis_destroy(nic, q->made_tis);
		nic_td_destroy(nic, q->made_td);
	}
	return queue_made(q, rc, info, owned ? "SQ" : NULL, err, err_size);
}

/* The receive ring of an RQ or RMP. */
static bool rq_attr(struct sim_process *p, const struct flexio_wq_attr *attr, uint32_t cq_num, struct nic_rq_attr *rq,
		    char *err, size_t err_size)
{
	uint8_t log_stride = attr->log_wq_stride ? attr->log_wq_stride : DEFAULT_LOG_RQ_STRIDE;

	*rq = (struct nic_rq_attr){
		.owner = sim_queue_owner(p),
		.pd = attr->pd ? attr->pd->handle : 0,
		.user_index = attr->user_index,
		.cqn = cq_num,
		.kind = (enum nic_rq_kind)attr->rq.wq_type,
		.log_depth = attr->log_wq_depth,
		.log_stride = log_stride,
	};
	if (log_stride > NIC_LOG_MAX_RQ_STRIDE) {
		snprintf(err, err_size, "log_wq_stride %u is over %d", attr->log_wq_stride, NIC_LOG_MAX_RQ_STRIDE);
		return false;
	}
	return qmem_place(p, &attr->wq_ring_qmem, 0, (uint64_t)1 << (attr->log_wq_depth + log_stride), 1, &rq->ring,
			  "wq_ring_qmem", err, err_size) &&
	       qmem_place(p, &attr->wq_dbr_qmem, 0, 4, 4, &rq->dbr, "wq_dbr_qmem", err, err_size);
}

struct provider_queue *sim_rq_create(struct provider_process *process, struct ibv_context *ibv_ctx, uint32_t cq_num,
				     const struct flexio_wq_attr *attr, const struct provider_queue_refs *refs,
				     struct provider_queue_info *info, char *err, size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct nic *nic = nic_of(ibv_ctx, err, err_size);
	struct nic_rq_attr rq;
	struct sim_queue *q;
	uint32_t tdn;
	int rc;

	if (!nic || !rq_attr(p, attr, cq_num, &rq, err, err_size))
		return NULL;
	q = queue_new(p, nic, PROVIDER_OBJECT_RQ, err, err_size);
	if (!q)
		return NULL;
	rc = nic_rq_create(nic, &rq, &q->number);
	if (rc)
		return queue_made(q, rc, info, "RQ", err, err_size);
	if (!cq_owner_ok(p, nic, cq_num, err, err_size)) {
		nic_wq_destroy(nic, q->number);
		return queue_made(q, -EPERM, info, NULL, err, err_size);
	}
	if (refs->td) {
		tdn = ((struct sim_queue *)refs->td)->number;
	} else if (!(rc = nic_td_create(nic, &q->made_td))) {
		tdn = q->made_td;
	}
	if (!rc)
		rc = nic_tir_create(nic, tdn, q->number, &q->made_tir);
	if (!rc)
		rc = nic_wq_modify(nic, q->number, NIC_WQ_RDY);
	if (rc) {
		if (q->made_tir)
			nic_tir_destroy(nic, q->made_tir);
		if (q->made_td)
			nic_td_destroy(nic, q->made_td);
		nic_wq_destroy(nic, q->number);
	}
	return queue_made(q, rc, info, "RQ", err, err_size);
}

struct provider_queue *sim_rmp_create(struct provider_process *process, struct ibv_context *ibv_ctx,
				      const struct flexio_wq_attr *attr, struct provider_queue_info *info, char *err,
				      size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct nic *nic = nic_of(ibv_ctx, err, err_size);
	struct nic_rq_attr rq;
	struct sim_queue *q;
	int rc;

	if (!nic || !rq_attr(p, attr, 0, &rq, err, err_size))
		return NULL;
	q = queue_new(p, nic, PROVIDER_OBJECT_RMP, err, err_size);
	if (!q)
		return NULL;
	rc = nic_rmp_create(nic, &rq, &q->number);
	if (!rc && (rc = nic_wq_modify(nic, q->number, NIC_WQ_RDY)))
		nic_wq_destroy(nic, q->number);
	return queue_made(q, rc, info, "RMP", err, err_size);
}

struct provider_queue *sim_qp_create(struct provider_process *process, struct ibv_context *ibv_ctx,
				     const struct flexio_qp_attr *attr, struct provider_queue_info *info, char *err,
				     size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct nic *nic = nic_of(ibv_ctx, err, err_size);
	struct nic_qp_create_attr qp = {
		.owner = sim_queue_owner(p),
		.pd = attr->pd ? attr->pd->handle : 0,
		.user_index = attr->user_index,
		.sq_cqn = attr->sq_cqn,
		.rq_cqn = attr->rq_cqn,
		.no_sq = attr->no_sq,
		.log_sq_depth = (uint8_t)attr->log_sq_depth,
		.rq_type = (enum nic_qp_rq_type)attr->rq_type,
		.log_rq_depth = (uint8_t)attr->log_rq_depth,
		.log_rq_stride = DEFAULT_LOG_RQ_STRIDE,
		.rmpn = attr->rmpqn,
	};
	uint64_t rq_bytes = 0, sq_bytes = 0;
	struct sim_queue *q;
	int rc;

	if (!nic)
		return NULL;
	if (attr->transport_type != FLEXIO_QPC_ST_RC) {
		snprintf(err, err_size, "transport_type %u: only FLEXIO_QPC_ST_RC QPs are simulated",
			 attr->transport_type);
		return NULL;
	}
	/* mlx5's QP buffer: the RQ first, the SQ after it. */
	if (attr->rq_type == FLEXIO_QP_QPC_RQ_TYPE_REGULAR)
		rq_bytes = (uint64_t)1 << (attr->log_rq_depth + DEFAULT_LOG_RQ_STRIDE);
	if (!attr->no_sq)
		sq_bytes = (uint64_t)SQ_WQEBB << attr->log_sq_depth;
	if ((rq_bytes && !qmem_place(p, &attr->qp_wq_buff_qmem, 0, rq_bytes, 1, &qp.rq_ring, "qp_wq_buff_qmem (RQ)",
				     err, err_size)) ||
	    (sq_bytes && !qmem_place(p, &attr->qp_wq_buff_qmem, rq_bytes, sq_bytes, 16, &qp.sq_ring,
				     "qp_wq_buff_qmem (SQ)", err, err_size)) ||
	    !qmem_place(p, &attr->qp_wq_dbr_qmem, 0, 8, 8, &qp.dbr, "qp_wq_dbr_qmem", err, err_size))
		return NULL;
	q = queue_new(p, nic, PROVIDER_OBJECT_QP, err, err_size);
	if (!q)
		return NULL;
	rc = nic_qp_create(nic, &qp, &q->number);
	if (rc)
		return queue_made(q, rc, info, "QP", err, err_size);
	if ((!attr->no_sq && !cq_owner_ok(p, nic, attr->sq_cqn, err, err_size)) ||
	    (attr->rq_type != FLEXIO_QP_QPC_RQ_TYPE_ZERO_SIZE_RQ &&
	     !cq_owner_ok(p, nic, attr->rq_cqn, err, err_size)) ||
	    (attr->rq_type == FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ &&
	     !rmp_owner_ok(p, nic, attr->rmpqn, err, err_size))) {
		nic_wq_destroy(nic, q->number);
		return queue_made(q, -EPERM, info, NULL, err, err_size);
	}
	return queue_made(q, 0, info, "QP", err, err_size);
}

struct provider_queue *sim_td_create(struct ibv_context *ibv_ctx, struct provider_queue_info *info, char *err,
				     size_t err_size)
{
	struct nic *nic = nic_of(ibv_ctx, err, err_size);
	struct sim_queue *q = nic ? queue_new(NULL, nic, PROVIDER_OBJECT_TD, err, err_size) : NULL;

	return q ? queue_made(q, nic_td_create(nic, &q->number), info, "transport domain", err, err_size) : NULL;
}

struct provider_queue *sim_tis_create(struct ibv_context *ibv_ctx, struct provider_queue *td,
				      struct provider_queue_info *info, char *err, size_t err_size)
{
	struct nic *nic = nic_of(ibv_ctx, err, err_size);
	struct sim_queue *t = (struct sim_queue *)td;
	struct sim_queue *q;

	if (!nic)
		return NULL;
	if (t->nic != nic) {
		snprintf(err, err_size, "the transport domain is another device's");
		return NULL;
	}
	q = queue_new(NULL, nic, PROVIDER_OBJECT_TIS, err, err_size);
	return q ? queue_made(q, nic_tis_create(nic, t->number, 1, &q->number), info, "TIS", err, err_size) : NULL;
}

int sim_queue_destroy(struct provider_queue *queue)
{
	struct sim_queue *q = (struct sim_queue *)queue;
	int rc;

	switch (q->kind) {
	case PROVIDER_OBJECT_CQ:
		rc = nic_cq_destroy(q->nic, q->number);
		break;
	case PROVIDER_OBJECT_TD:
		rc = nic_td_destroy(q->nic, q->number);
		break;
	case PROVIDER_OBJECT_TIS:
		rc = nic_tis_destroy(q->nic, q->number);
		break;
	case PROVIDER_OBJECT_RQ:
		/* Its TIR names it: the TIR goes first (no port receives through it). */
		if (q->made_tir && !(rc = nic_tir_destroy(q->nic, q->made_tir)))
			q->made_tir = 0;
		/* fall through */
	default:
		rc = nic_wq_destroy(q->nic, q->number);
		break;
	}
	if (rc)
		return rc;
	if (q->made_tis)
		nic_tis_destroy(q->nic, q->made_tis);
	if (q->made_td)
		nic_td_destroy(q->nic, q->made_td);
	if (q->thread)
		sim_event_put(q->thread); /* no event of the CQ can come any more */
	free(q);
	return 0;
}

/* The masks IB's RC state machine takes for each transition (nic.h, nic_qp_modify). */
static unsigned transition_mask(enum nic_qp_state from, enum nic_qp_state to)
{
	if (to == NIC_QP_RST || to == NIC_QP_ERR)
		return NIC_QP_STATE;
	if (from == NIC_QP_RST && to == NIC_QP_INIT)
		return NIC_QP_STATE | NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT;
	if (from == NIC_QP_INIT && to == NIC_QP_RTR)
		return NIC_QP_STATE | NIC_QP_PATH | NIC_QP_PATH_MTU | NIC_QP_DEST_QPN | NIC_QP_RQ_PSN |
		       NIC_QP_MAX_DEST_RD_ATOMIC | NIC_QP_MIN_RNR_TIMER;
	if (from == NIC_QP_RTR && to == NIC_QP_RTS)
		return NIC_QP_STATE | NIC_QP_SQ_PSN | NIC_QP_TIMEOUT | NIC_QP_RETRY_CNT | NIC_QP_RNR_RETRY |
		       NIC_QP_MAX_QP_RD_ATOMIC;
	return NIC_QP_STATE; /* INIT->INIT, RTS->RTS, SQD: only the optional ones; others: EPERM */
}

int sim_qp_modify(struct provider_queue *queue, const struct flexio_qp_attr *attr,
		  const struct flexio_qp_attr_opt_param_mask *mask, char *err, size_t err_size)
{
	struct sim_queue *q = (struct sim_queue *)queue;
	struct nic_qp_attr now, to = {
		.state = (enum nic_qp_state)attr->next_state,
		.access = (unsigned)attr->qp_access_mask &
			  (NIC_ACCESS_REMOTE_WRITE | NIC_ACCESS_REMOTE_READ | NIC_ACCESS_REMOTE_ATOMIC),
		.port = attr->vhca_port_num ? attr->vhca_port_num : 1,
		.path = { .loopback = attr->fl != 0 },
		.path_mtu = (uint8_t)attr->path_mtu,
		.dest_qpn = attr->remote_qp_num,
		.rq_psn = attr->next_rcv_psn & 0xFFFFFF,
		.sq_psn = attr->next_send_psn & 0xFFFFFF,
		.max_dest_rd_atomic = attr->log_rra_max,
		.max_rd_atomic = attr->log_sra_max,
		.min_rnr_timer = (uint8_t)attr->min_rnr_nak_timer,
		.timeout = 14, /* FlexIO takes no timeout: the fabric loses nothing anyway */
		.retry_cnt = attr->retry_count > 7 ? 7 : attr->retry_count,
		.rnr_retry = 7, /* FlexIO takes no RNR retry count: retry for ever */
	};
	unsigned mask_bits;
	int rc;

	if (attr->min_rnr_nak_timer > 31) {
		snprintf(err, err_size, "min_rnr_nak_timer %u is over 31", attr->min_rnr_nak_timer);
		return -EINVAL;
	}
	rc = nic_qp_query(q->nic, q->number, &now);
	if (rc) {
		snprintf(err, err_size, "the QP is gone");
		return rc;
	}
	if (attr->grh || !attr->dest_mac)
		memcpy(to.path.dgid, attr->rgid_or_rip.raw, sizeof(to.path.dgid));
	if (attr->dest_mac)
		memcpy(to.path.dmac, attr->dest_mac, sizeof(to.path.dmac));
	mask_bits = transition_mask(now.state, to.state);
	if (mask && provider_caller_bool(&mask->qp_access_mask) && to.state != NIC_QP_RST && to.state != NIC_QP_ERR)
		mask_bits |= NIC_QP_ACCESS;
	if (mask && provider_caller_bool(&mask->min_rnr_nak_timer) && to.state != NIC_QP_RST &&
	    to.state != NIC_QP_ERR && to.state != NIC_QP_INIT)
		mask_bits |= NIC_QP_MIN_RNR_TIMER;
	rc = nic_qp_modify(q->nic, q->number, &to, mask_bits);
	if (rc == -EPERM)
		snprintf(err, err_size, "no transition from state %d to %d", (int)now.state, (int)to.state);
	else if (rc)
		snprintf(err, err_size, "an attribute of the %d->%d transition is out of range (path_mtu %d, port %u)",
			 (int)now.state, (int)to.state, (int)attr->path_mtu, to.port);
	return rc;
}

int sim_qp_state(struct provider_queue *queue)
{
	struct sim_queue *q = (struct sim_queue *)queue;
	struct nic_qp_attr attr;
	int rc = nic_qp_query(q->nic, q->number, &attr);

	return rc ? rc : (int)attr.state;
}

int sim_rq_set_error(struct provider_queue *queue)
{
	struct sim_queue *q = (struct sim_queue *)queue;

	return nic_wq_modify(q->nic, q->number, NIC_WQ_ERR);
}

int sim_cq_moderation_set(struct provider_queue *queue, uint16_t max_count, uint16_t period,
			  enum flexio_cq_period_mode mode)
{
	struct sim_queue *q = (struct sim_queue *)queue;

	return nic_cq_moderate(q->nic, q->number, max_count, period, (enum nic_moderation_mode)mode);
}

int sim_cq_moderation_get(struct provider_queue *queue, uint16_t *max_count, uint16_t *period, uint16_t *mode)
{
	struct sim_queue *q = (struct sim_queue *)queue;
	struct nic_cq_info info;
	int rc = nic_cq_query(q->nic, q->number, &info);

	if (rc)
		return rc;
	*max_count = info.moderation_count;
	*period = info.moderation_period_us;
	*mode = (uint16_t)info.moderation_mode;
	return 0;
}

struct mlx5dv_devx_obj *sim_devx_obj_create(struct ibv_context *ibv_ctx, enum provider_object_kind kind,
					    uint32_t number)
{
	uint32_t type = (unsigned)kind < sizeof(devx_types) / sizeof(devx_types[0]) ? devx_types[kind] : 0;

	return flexio_verbs_devx_obj_create(ibv_ctx, type, number);
}

void sim_devx_obj_release(struct mlx5dv_devx_obj *obj)
{
	flexio_verbs_devx_obj_release(obj);
}

/* The NIC a doorbell goes to: the ringing thread's device, or the extension it named. */
static struct nic *doorbell_nic(struct sim_process *p, uint32_t device_id)
{
	int index = -1;

	if (!device_id)
		return p->nic;
	pthread_mutex_lock(&p->objects->lock);
	for (struct sim_extension *e = p->objects->extensions; e; e = e->next)
		if (e->device_id == device_id)
			index = e->device_index;
	pthread_mutex_unlock(&p->objects->lock);
	return index >= 0 ? flexio_verbs_device_nic(index) : NULL;
}

/* A doorbell a DPA thread rang: executed by the NIC before the thread goes on (the NIC
 * refuses and counts doorbells for queues the process does not own). Emulation doorbells
 * arm and force the NIC's emulation contexts (sim_emu.c); congestion-control doorbells have no
 * NIC queue to act on. */
void sim_queue_doorbell(struct sim_process *p, const struct provider_doorbell *db)
{
	enum nic_doorbell_kind kind;
	struct nic *nic;

	switch (db->kind) {
	case PROVIDER_DB_CQ_ARM:
		kind = NIC_DB_CQ_ARM;
		break;
	case PROVIDER_DB_EQ_REARM:
		kind = NIC_DB_EQ_ARM;
		break;
	case PROVIDER_DB_EQ_NO_REARM:
		kind = NIC_DB_EQ_UPDATE;
		break;
	case PROVIDER_DB_SEND:
	case PROVIDER_DB_CROSS_DEVICE:
		kind = NIC_DB_SEND;
		break;
	case PROVIDER_DB_ZERO_CQE:
		kind = NIC_DB_ZERO_CQE;
		break;
	case PROVIDER_DB_EMU_ARM:
	case PROVIDER_DB_EMU_TRIGGER:
		sim_emu_doorbell(p, doorbell_nic(p, db->device_id), db);
		return;
	default:
		return;
	}
	nic = doorbell_nic(p, db->device_id);
	if (nic)
		nic_doorbell(nic, sim_queue_owner(p), kind, db->queue, db->index);
}
