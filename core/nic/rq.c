/*
 * Receive queues and RMPs: taking receive WQEs (cyclic rings by the doorbell record's counter,
 * linked lists by their next segments), scattering messages and frames over their data
 * segments, striding WQEs that take several packets each (filler CQEs when a packet does not
 * fit what is left), and the receive CQEs.
 *
 * Software posts receive WQEs without a doorbell: it advances the 16-bit counter of the ring's
 * doorbell record, which the engine reads when something arrives.
 */
#include "internal.h"
#include "byteorder.h"

#define WQE_MAX 1024 /* the largest receive WQE (log_stride 10) */

static int nic_recv_attr_check(const struct nic_rq_attr *a)
{
	unsigned min_stride = a->kind == NIC_RQ_LINKED_LIST ? 5 : 4; /* room for one data segment */

	if ((a->kind != NIC_RQ_CYCLIC && a->kind != NIC_RQ_LINKED_LIST) || a->log_depth > NIC_LOG_MAX_WQ_SIZE ||
	    a->log_stride < min_stride || a->log_stride > NIC_LOG_MAX_RQ_STRIDE)
		return -EINVAL;
	if (a->log_num_strides &&
	    (a->log_num_strides < 3 || a->log_num_strides > 16 || a->log_stride_size < 6 || a->log_stride_size > 13))
		return -EINVAL;
	return 0;
}

void nic_recv_init(struct nic_recv *recv, const struct nic_rq_attr *attr)
{
	recv->ring = attr->ring;
	recv->dbr = attr->dbr;
	recv->kind = attr->kind;
	recv->log_depth = attr->log_depth;
	recv->log_stride = attr->log_stride;
	recv->log_num_strides = attr->log_num_strides;
	recv->log_stride_size = attr->log_stride_size;
}

void nic_recv_reset(struct nic_recv *recv)
{
	recv->ci = 0;
	recv->head = 0;
	recv->strides_used = 0;
}

/* WQEs posted and not yet taken; -1 when the doorbell record is gone. */
static int posted(struct nic *nic, const struct nic_recv *recv)
{
	const void *dbr = nic_reach(nic, recv->dbr, 0, 4, false);

	if (!dbr)
		return -1;
	return (uint16_t)(nic_load_be32(dbr) - recv->ci);
}

/* The WQE to take next: its index and bytes. */
struct rwqe {
	uint16_t index;
	uint8_t bytes[WQE_MAX] __attribute__((aligned(8)));
};

static int rwqe_read(struct nic *nic, const struct nic_recv *recv, struct rwqe *w)
{
	uint32_t stride = 1u << recv->log_stride;
	const void *p;

	w->index = recv->kind == NIC_RQ_CYCLIC ? recv->ci : recv->head;
	p = nic_reach(nic, recv->ring, (uint64_t)(w->index & ((1u << recv->log_depth) - 1)) * stride, stride, false);
	if (!p)
		return -EFAULT;
	nic_copy_in(w->bytes, p, stride);
	return 0;
}

/* The WQE just read is used up. */
static void rwqe_done(struct nic_recv *recv, const struct rwqe *w)
{
	recv->ci++;
	recv->strides_used = 0;
	if (recv->kind == NIC_RQ_LINKED_LIST)
		recv->head = (uint16_t)(w->bytes[2] << 8 | w->bytes[3]);
}

static unsigned first_data(const struct nic_recv *recv)
{
	return recv->kind == NIC_RQ_LINKED_LIST ? 16 : 0;
}

/* Scatters sg (len bytes) over the WQE's data segments (lkeys on pd, write access). */
static enum nic_rx_result scatter(struct nic *nic, uint32_t pd, const struct nic_recv *recv, const struct rwqe *w,
				  const struct nic_sg *sg, uint32_t len)
{
	unsigned end = 1u << recv->log_stride, first = first_data(recv);
	uint64_t room = 0;
	unsigned from = 0;
	uint32_t from_off = 0;

	for (unsigned off = first; off < end && room < len; off += 16) {
		uint32_t count = be32_get(&w->bytes[off]);

		if (be32_get(&w->bytes[off + 4]) == NIC_INVALID_LKEY)
			break;
		room += count ? count : 0x80000000u;
	}
	if (room < len)
		return NIC_RX_LENGTH;
	for (unsigned off = first; len; off += 16) {
		uint32_t count = be32_get(&w->bytes[off]), key = be32_get(&w->bytes[off + 4]), take;
		uint64_t addr;
		uint8_t *dst;
		void *ptr;

		memcpy(&addr, &w->bytes[off + 8], 8);
		take = count && count < len ? count : len;
		if (nic->env.mkey_reach(nic->env.user, pd, key, __builtin_bswap64(addr), take, NIC_ACCESS_LOCAL_WRITE,
					&ptr))
			return NIC_RX_PROT;
		dst = ptr;
		len -= take;
		while (take) {
			uint32_t n = sg[from].len - from_off < take ? sg[from].len - from_off : take;

			nic_dma_copy(dst, (const uint8_t *)sg[from].ptr + from_off, n);
			dst += n;
			take -= n;
			from_off += n;
			if (from_off == sg[from].len) {
				from++;
				from_off = 0;
			}
		}
		nic_mkey_done(nic, key);
	}
	return NIC_RX_OK;
}

/* A striding WQE's next packet: at the first free stride, as many strides as it needs. */
static enum nic_rx_result stride_place(struct nic *nic, uint32_t pd, const struct nic_recv *recv, const struct rwqe *w,
				       const struct nic_sg *sg, unsigned nsg, uint32_t len)
{
	const uint8_t *d = &w->bytes[first_data(recv)];
	uint64_t addr;
	uint8_t *dst;
	void *ptr;

	memcpy(&addr, d + 8, 8);
	addr = __builtin_bswap64(addr) + ((uint64_t)recv->strides_used << recv->log_stride_size);
	if (nic->env.mkey_reach(nic->env.user, pd, be32_get(d + 4), addr, len, NIC_ACCESS_LOCAL_WRITE, &ptr))
		return NIC_RX_PROT;
	dst = ptr;
	for (unsigned i = 0; i < nsg; i++) {
		nic_dma_copy(dst, sg[i].ptr, sg[i].len);
		dst += sg[i].len;
	}
	nic_mkey_done(nic, be32_get(d + 4));
	return NIC_RX_OK;
}

/* The ring receiving for wq (its own, or its RMP's, locked here) and the PD of its lkeys. */
static struct nic_wq *ring_owner(struct nic_wq *wq)
{
	if (wq->type == NIC_WQ_TYPE_QP && wq->rq_type == NIC_QP_RQ_RMP) {
		pthread_mutex_lock(&wq->rmp->rlock);
		return wq->rmp;
	}
	return wq;
}

static void ring_release(struct nic_wq *wq, struct nic_wq *owner)
{
	if (owner != wq)
		pthread_mutex_unlock(&owner->rlock);
}

static bool receiving(const struct nic_wq *wq)
{
	int state = nic_wq_state(wq);

	if (wq->type == NIC_WQ_TYPE_QP)
		return wq->rq_type != NIC_QP_RQ_NONE &&
		       (state == NIC_QP_RTR || state == NIC_QP_RTS || state == NIC_QP_SQD) &&
		       (wq->rq_type != NIC_QP_RQ_RMP || nic_wq_state(wq->rmp) == NIC_WQ_RDY);
	return state == NIC_WQ_RDY;
}

/*
 * Takes the WQE a message needs from wq's ring (its RMP's) and places the message's bytes there:
 * the outcome, and in *cqe (the message's completion on entry) the completion to write: the
 * message's, or its error's; before it, in *filler when *filled, a striding WQE's given up for
 * the message. Nothing is written to a CQ here, so that the sender's memory is let go
 * (nic_sg_done) before any completion is.
 */
static enum nic_rx_result place(struct nic_wq *wq, const struct nic_sg *sg, unsigned nsg, uint32_t len,
				struct nic_cqe *cqe, struct nic_cqe *filler, bool *filled)
{
	struct nic *nic = wq->h.nic;
	struct nic_wq *owner = ring_owner(wq);
	struct nic_recv *recv = &owner->recv;
	enum nic_rx_result result;
	struct rwqe w;

	for (;;) {
		int avail = posted(nic, recv);

		if (avail <= 0 || rwqe_read(nic, recv, &w)) {
			recv->dropped++;
			ring_release(wq, owner);
			return NIC_RX_NO_WQE;
		}
		if (!recv->log_num_strides)
			break;
		/* Striding: the packet needs whole strides; the WQE's rest is given up with a
		 * filler CQE when they are not there (once: the next WQE has them all). */
		uint32_t needed = (len >> recv->log_stride_size) + !!(len & ((1u << recv->log_stride_size) - 1));
		uint32_t strides = 1u << recv->log_num_strides;

		if (!needed)
			needed = 1;
		if (needed > strides || len > 0xFFFF) {
			result = NIC_RX_LENGTH;
			goto failed;
		}
		if (needed <= strides - recv->strides_used) {
			cqe->wqe_counter = (uint16_t)recv->strides_used;
			cqe->wqe_id = w.index;
			cqe->byte_cnt = needed << NIC_MPRQ_STRIDES_SHIFT | len;
			break;
		}
		*filler = *cqe;
		filler->byte_cnt = NIC_MPRQ_FILLER | (strides - recv->strides_used) << NIC_MPRQ_STRIDES_SHIFT;
		filler->wqe_counter = (uint16_t)recv->strides_used;
		filler->wqe_id = w.index;
		*filled = true;
		rwqe_done(recv, &w);
	}
	if (recv->log_num_strides) {
		result = stride_place(nic, owner->pd, recv, &w, sg, nsg, len);
		if (result != NIC_RX_OK)
			goto failed;
		recv->strides_used += cqe->byte_cnt >> NIC_MPRQ_STRIDES_SHIFT;
		if (recv->strides_used == 1u << recv->log_num_strides)
			rwqe_done(recv, &w);
	} else {
		result = scatter(nic, owner->pd, recv, &w, sg, len);
		if (result != NIC_RX_OK)
			goto failed;
		cqe->wqe_counter = w.index;
		rwqe_done(recv, &w);
	}
	recv->received++;
	ring_release(wq, owner);
	if (owner != wq)
		wq->recv.received++;
	return NIC_RX_OK;
failed:
	/* the WQE is used up by its error CQE, and the receiver goes to error */
	rwqe_done(recv, &w);
	ring_release(wq, owner);
	nic_cqe_recv_error(cqe, wq, w.index, result == NIC_RX_LENGTH ? NIC_SYND_LOCAL_LENGTH : NIC_SYND_LOCAL_PROT);
	return result;
}

enum nic_rx_result nic_recv_deliver(struct nic_op *op, struct nic_wq *wq, const struct nic_sg *sg, unsigned nsg,
				    uint32_t len, const struct nic_rx_meta *meta)
{
	struct nic_cqe cqe = {
		.opcode = meta->opcode,
		.solicited = meta->solicited,
		.csum = meta->csum,
		.l3_l4 = meta->l3_l4,
		.qpn = wq->h.num,
		.user_index = wq->user_index,
		.byte_cnt = meta->opcode == NIC_CQE_RESP_WR_IMM ? meta->write_len : len,
		.imm_be = meta->imm_be,
		.rx_hash = meta->rx_hash,
	};
	struct nic_cqe filler;
	bool filled = false;
	enum nic_rx_result result;

	if (!receiving(wq)) {
		nic_sg_done(sg, nsg);
		if (nic_wq_state(wq) == (wq->type == NIC_WQ_TYPE_QP ? NIC_QP_ERR : NIC_WQ_ERR))
			nic_recv_flush(op, wq); /* receive WQEs posted in error are flushed */
		return NIC_RX_STATE;
	}
	result = place(wq, sg, nsg, len, &cqe, &filler, &filled);
	nic_sg_done(sg, nsg);
	if (filled && nic_cq_complete(op, wq->rcq, &filler)) {
		/* the filler lost: the receiver goes to error, the message's completion with it */
		nic_recv_fail(op, wq);
		return result == NIC_RX_OK || result == NIC_RX_NO_WQE ? NIC_RX_CQ : result;
	}
	if (result == NIC_RX_NO_WQE)
		return result;
	if (nic_cq_complete(op, wq->rcq, &cqe) && result == NIC_RX_OK)
		result = NIC_RX_CQ; /* a completion lost: the receiver goes to error */
	if (result != NIC_RX_OK)
		nic_recv_fail(op, wq);
	return result;
}

bool nic_rq_armed(struct nic *nic, uint32_t rqn)
{
	struct nic_wq *rq = nic_wq_lock_recv(nic, rqn);
	bool armed;

	if (!rq)
		return false;
	armed = rq->type == NIC_WQ_TYPE_RQ && receiving(rq) && posted(nic, &rq->recv) > 0;
	pthread_mutex_unlock(&rq->rlock);
	return armed;
}

void nic_recv_flush(struct nic_op *op, struct nic_wq *wq)
{
	struct nic_recv *recv = &wq->recv;
	int avail;

	if (wq->type == NIC_WQ_TYPE_RMP || (wq->type == NIC_WQ_TYPE_QP && wq->rq_type != NIC_QP_RQ_REGULAR))
		return; /* an RMP's WQEs are shared: nobody flushes them */
	avail = posted(wq->h.nic, recv);
	while (avail-- > 0) {
		struct nic_cqe cqe;
		struct rwqe w;

		if (rwqe_read(wq->h.nic, recv, &w))
			return;
		nic_cqe_recv_error(&cqe, wq, w.index, NIC_SYND_WR_FLUSH);
		rwqe_done(recv, &w);
		if (nic_cq_complete(op, wq->rcq, &cqe))
			return;
	}
}

/* ---- Objects ------------------------------------------------------------------------------- */

static int recv_create(struct nic *nic, const struct nic_rq_attr *attr, enum nic_wq_type type, uint32_t *num)
{
	struct nic_cq *cq = NULL;
	struct nic_wq *wq;
	int rc = nic_recv_attr_check(attr);

	if (rc)
		return rc;
	if (!nic_reach(nic, attr->ring, 0, (uint64_t)1 << (attr->log_depth + attr->log_stride), false) ||
	    attr->dbr.addr % 4 || !nic_reach(nic, attr->dbr, 0, 4, false))
		return -EFAULT;
	if (type == NIC_WQ_TYPE_RQ) {
		cq = (struct nic_cq *)nic_obj_get(nic, NIC_OBJ_CQ, attr->cqn);
		if (!cq)
			return -ENOENT;
	}
	wq = (struct nic_wq *)nic_obj_alloc(nic, NIC_OBJ_WQ);
	if (!wq) {
		nic_obj_put((struct nic_obj *)cq);
		return -ENOSPC;
	}
	wq->h.owner = attr->owner;
	wq->type = type;
	atomic_init(&wq->state, NIC_WQ_RST);
	wq->pd = attr->pd;
	wq->user_index = attr->user_index;
	wq->rcq = cq;
	nic_recv_init(&wq->recv, attr);
	*num = wq->h.num;
	nic_obj_publish(&wq->h);
	return 0;
}

int nic_rq_create(struct nic *nic, const struct nic_rq_attr *attr, uint32_t *rqn)
{
	return recv_create(nic, attr, NIC_WQ_TYPE_RQ, rqn);
}

int nic_rmp_create(struct nic *nic, const struct nic_rq_attr *attr, uint32_t *rmpn)
{
	return recv_create(nic, attr, NIC_WQ_TYPE_RMP, rmpn);
}
