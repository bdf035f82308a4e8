/*
 * Send queues: reading WQEs from the ring (64-byte WQEBBs, a WQE of ds 16-byte segments
 * spanning ceil(ds / 4) of them, wrapping at the ring's end) and executing each opcode:
 *   SQ (Ethernet): NOP; SEND = ctrl, eth (checksum flags, inline headers), data segments
 *                  (pointers and inline data) -> one frame out through the TIS's port.
 *   QP (RC):       NOP; SEND, SEND_IMM (data segments -> the peer's receive WQE);
 *                  RDMA_WRITE, RDMA_WRITE_IMM (ctrl, rdma, data); RDMA_READ (ctrl, rdma,
 *                  local scatter segments); ATOMIC_CS, ATOMIC_FA (ctrl, rdma, atomic, one
 *                  8-byte local segment).
 * Everything a segment names passes nic_env.mkey_reach (local keys on the queue's PD, remote
 * keys on the peer's) before a byte moves, and each access it grants ends (nic_env.mkey_done)
 * once the bytes have moved, before the WQE's completion is written. A WQE completes with a
 * CQE when its control segment asks for one (ce 2 or 3; 3 also forces an event), and always
 * when it fails.
 */
#include "internal.h"
#include "byteorder.h"

#include <libflexio-dev/flexio_dev_queue_types.h>

#include <stddef.h>
#include <stdlib.h>

/* A send WQE, copied out of the ring. */
struct wqe {
	uint64_t words[63 * 2]; /* up to 63 segments */
	uint8_t opcode;
	uint8_t ce; /* completion mode (cq_ce_mode) */
	bool solicited;
	unsigned ds;
	uint16_t wqebbs;
	uint32_t imm_be; /* control segment DWORD 3, as stored */
};

/* What executing a WQE came to. */
struct outcome {
	uint8_t syndrome; /* 0: done */
	bool rnr;         /* the peer had no receive WQE: retry later */
	uint32_t byte_cnt;
};

static const uint8_t *seg(const struct wqe *w, unsigned offset)
{
	return (const uint8_t *)w->words + offset;
}

static void parse_head(const uint8_t *ctrl, struct nic_wqe_head *head)
{
	head->opcode = ctrl[3];
	head->ds = ctrl[7] & 0x3f;
	head->wqebbs = (uint16_t)((head->ds + 3) / 4);
}

int nic_wqe_head(struct nic_wq *wq, uint16_t index, struct nic_wqe_head *head)
{
	uint64_t ctrl[2];
	const void *p = nic_reach(wq->h.nic, wq->send.ring, (uint64_t)(index & ((1u << wq->send.log_depth) - 1)) * 64,
				  16, false);

	if (!p)
		return -EFAULT;
	nic_copy_in(ctrl, p, sizeof(ctrl));
	parse_head((const uint8_t *)ctrl, head);
	return head->ds ? 0 : -EINVAL;
}

/* Copies the WQE at index out of the ring (whole ring at ring, 1 << log_depth WQEBBs). */
static int wqe_read(const uint8_t *ring, uint8_t log_depth, uint16_t index, struct wqe *w)
{
	uint32_t mask = (1u << log_depth) - 1;
	struct nic_wqe_head head;

	nic_copy_in(w->words, ring + (size_t)(index & mask) * 64, 16);
	parse_head(seg(w, 0), &head);
	w->opcode = head.opcode;
	w->ds = head.ds;
	w->wqebbs = head.wqebbs;
	if (!head.ds)
		return -EINVAL;
	w->ce = (seg(w, 0)[11] >> 2) & 3;
	w->solicited = seg(w, 0)[11] & 2;
	memcpy(&w->imm_be, seg(w, 12), 4);
	for (uint16_t bb = 0; bb < w->wqebbs; bb++) {
		unsigned len = bb == w->wqebbs - 1 && w->ds % 4 ? (w->ds % 4) * 16 : 64;

		nic_copy_in(&w->words[bb * 8], ring + (size_t)((index + bb) & mask) * 64, len);
	}
	return 0;
}

/* The data segments from offset on as a gather list (local keys, read access): its accesses
 * end with nic_sg_done, or here when it fails. */
static uint8_t gather(struct nic_wq *wq, const struct wqe *w, unsigned offset, struct nic_sg *sg, unsigned *nsg,
		      uint32_t *len)
{
	struct nic *nic = wq->h.nic;
	unsigned end = w->ds * 16;
	uint64_t total = 0;
	uint8_t syndrome = 0;

	*nsg = 0;
	while (offset < end) {
		const uint8_t *s = seg(w, offset);
		uint32_t count = be32_get(s), key = be32_get(s + 4);
		void *ptr;

		if (count & 0x80000000u) {
			count &= 0x7fffffffu;
			if (count > end - offset - 4) {
				syndrome = NIC_SYND_LOCAL_QP_OP;
				break;
			}
			sg[*nsg] = (struct nic_sg){ .ptr = s + 4, .len = count };
			offset += (4 + count + 15) & ~15u;
		} else {
			if (!count)
				count = 0x80000000u; /* PRM: a byte count of 0 means 2 GiB */
			if (nic->env.mkey_reach(nic->env.user, wq->pd, key, be64_get(s + 8), count, 0, &ptr)) {
				syndrome = NIC_SYND_LOCAL_PROT;
				break;
			}
			sg[*nsg] = (struct nic_sg){ .ptr = ptr, .len = count, .key = key, .held = nic };
			offset += 16;
		}
		total += sg[*nsg].len;
		(*nsg)++;
	}
	if (!syndrome && total > 0x80000000u)
		syndrome = NIC_SYND_LOCAL_LENGTH;
	if (syndrome) {
		nic_sg_done(sg, *nsg);
		return syndrome;
	}
	*len = (uint32_t)total;
	return 0;
}

/* Copies the bytes of a gather list to dst. */
static void copy_out(uint8_t *dst, const struct nic_sg *sg, unsigned nsg)
{
	for (unsigned i = 0; i < nsg; i++) {
		nic_dma_copy(dst, sg[i].ptr, sg[i].len);
		dst += sg[i].len;
	}
}

/* Copies src over a scatter list (as long as the list). */
static void copy_in(const struct nic_sg *sg, unsigned nsg, const uint8_t *src)
{
	for (unsigned i = 0; i < nsg; i++) {
		nic_dma_copy((void *)sg[i].ptr, src, sg[i].len);
		src += sg[i].len;
	}
}

/* ---- Ethernet ---------------------------------------------------------------------------- */

static struct outcome eth_send(struct nic_wq *sq, const struct wqe *w)
{
	struct outcome out = { 0 };
	const uint8_t *eth = seg(w, 16);
	unsigned header_len, eth_len;
	struct nic_sg sg[63];
	unsigned nsg, port = sq->send.tis ? sq->send.tis->port : 1;
	uint8_t frame[NIC_MAX_FRAME];
	uint32_t data_len, max;

	if (w->ds < 2) {
		out.syndrome = NIC_SYND_LOCAL_QP_OP;
		return out;
	}
	header_len = (unsigned)eth[offsetof(struct flexio_dev_wqe_eth_seg, inline_hdr_bsz)] << 8 |
		     eth[offsetof(struct flexio_dev_wqe_eth_seg, inline_hdr_bsz) + 1];
	/* The eth segment goes on over the inline headers past its first two bytes. */
	eth_len = 16 + (header_len > 2 ? (header_len - 2 + 15) & ~15u : 0);
	if (16 + eth_len > w->ds * 16u) {
		out.syndrome = NIC_SYND_LOCAL_QP_OP;
		return out;
	}
	out.syndrome = gather(sq, w, 16 + eth_len, sg, &nsg, &data_len);
	if (out.syndrome)
		return out;
	max = nic_port_max_frame(sq->h.nic, port);
	if ((uint64_t)header_len + data_len > max || (uint64_t)header_len + data_len < 14) {
		nic_sg_done(sg, nsg);
		out.syndrome = NIC_SYND_LOCAL_LENGTH;
		return out;
	}
	/* The inline headers: two bytes in the eth segment, the rest in the segments after it. */
	memcpy(frame, eth + offsetof(struct flexio_dev_wqe_eth_seg, inline_hdrs), header_len < 2 ? header_len : 2);
	if (header_len > 2)
		memcpy(frame + 2, eth + 16, header_len - 2);
	copy_out(frame + header_len, sg, nsg);
	nic_sg_done(sg, nsg);
	out.byte_cnt = header_len + data_len;
	sq->send.frames++;
	nic_port_send(sq, port, frame, out.byte_cnt, eth[offsetof(struct flexio_dev_wqe_eth_seg, cs_swp_flags)]);
	return out;
}

/* ---- RC ---------------------------------------------------------------------------------- */

/* The copy of the send at index, NULL: none. */
static struct nic_send_copy *copy_at(struct nic_send *s, uint16_t index)
{
	struct nic_send_copy *c = s->copies ? &s->copies[index & ((1u << s->log_depth) - 1)] : NULL;

	return c && c->data ? c : NULL;
}

static void forget_copy(struct nic_send *s, uint16_t index)
{
	struct nic_send_copy *c = copy_at(s, index);

	if (c) {
		free(c->data);
		*c = (struct nic_send_copy){ 0 };
	}
}

void nic_send_forget_copies(struct nic_send *s)
{
	if (!s->copies)
		return;
	for (uint32_t i = 0; i < 1u << s->log_depth; i++)
		free(s->copies[i].data);
	free(s->copies);
	s->copies = NULL;
}

/* Copies the payloads of the sends from ci to pi that have none (an RNR wait began at ci): one
 * gather each; a send past NIC_RNR_COPY_MAX, or one that does not gather, reads memory when it runs. */
static void keep_copies(struct nic_wq *qp, const uint8_t *ring)
{
	struct nic_send *s = &qp->send;
	struct nic_sg sg[63];
	struct wqe w;
	unsigned nsg;
	uint32_t len;

	if (!s->copies && !(s->copies = calloc(1u << s->log_depth, sizeof(*s->copies))))
		return;
	for (uint16_t i = s->ci; i != s->pi; i = (uint16_t)(i + w.wqebbs)) {
		struct nic_send_copy *c = &s->copies[i & ((1u << s->log_depth) - 1)];

		if (wqe_read(ring, s->log_depth, i, &w) || w.wqebbs > (uint16_t)(s->pi - i))
			return;
		if (c->data || (w.opcode != NIC_WQE_SEND && w.opcode != NIC_WQE_SEND_IMM) ||
		    gather(qp, &w, 16, sg, &nsg, &len))
			continue;
		if (len <= NIC_RNR_COPY_MAX && (c->data = malloc(len ? len : 1))) {
			copy_out(c->data, sg, nsg);
			c->len = len;
		}
		nic_sg_done(sg, nsg);
	}
}

static struct outcome rc_send(struct nic_op *op, struct nic_wq *qp, const struct wqe *w)
{
	struct nic_rx_meta meta = {
		.opcode = w->opcode == NIC_WQE_SEND_IMM ? NIC_CQE_RESP_SEND_IMM : NIC_CQE_RESP_SEND,
		.solicited = w->solicited,
		.imm_be = w->opcode == NIC_WQE_SEND_IMM ? w->imm_be : 0,
	};
	struct outcome out = { 0 };
	struct nic_sg sg[63];
	struct nic_wq *peer;
	unsigned nsg;

	struct nic_send_copy *copy = copy_at(&qp->send, qp->send.ci);

	if (copy) { /* caught by an RNR wait: the bytes it had then */
		sg[0] = (struct nic_sg){ .ptr = copy->data, .len = copy->len };
		nsg = 1;
		out.byte_cnt = copy->len;
	} else {
		out.syndrome = gather(qp, w, 16, sg, &nsg, &out.byte_cnt);
		if (out.syndrome)
			return out;
	}
	peer = nic_qp_peer_lock(qp);
	if (!peer) {
		nic_sg_done(sg, nsg);
		out.syndrome = NIC_SYND_TRANSPORT_RETRY_EXC;
		return out;
	}
	switch (nic_recv_deliver(op, peer, sg, nsg, out.byte_cnt, &meta)) { /* ends sg's accesses */
	case NIC_RX_OK:
		peer->qattr.rq_psn = (peer->qattr.rq_psn + nic_qp_packets(qp, out.byte_cnt)) & NIC_NUM_MASK;
		break;
	case NIC_RX_NO_WQE:
		out.rnr = true;
		qp->send.rnr_timer = peer->qattr.min_rnr_timer;
		break;
	case NIC_RX_LENGTH:
		out.syndrome = NIC_SYND_REMOTE_INVAL_REQ;
		break;
	case NIC_RX_PROT:
	case NIC_RX_CQ:
		out.syndrome = NIC_SYND_REMOTE_OP;
		break;
	case NIC_RX_STATE:
		out.syndrome = NIC_SYND_TRANSPORT_RETRY_EXC;
		break;
	}
	nic_qp_peer_unlock(peer);
	return out;
}

/* The peer's memory at the rdma segment (offset 16) for len bytes with access, an access that
 * ends with remote_done; NULL and the requester's syndrome in *syndrome otherwise (peer rlock
 * held). */
static void *remote(struct nic_wq *peer, const struct wqe *w, uint64_t len, unsigned access, uint8_t *syndrome)
{
	struct nic *nic = peer->h.nic;
	void *ptr;

	if (!(peer->qattr.access & access) || nic->env.mkey_reach(nic->env.user, peer->pd, be32_get(seg(w, 24)),
								  be64_get(seg(w, 16)), len, access, &ptr)) {
		*syndrome = NIC_SYND_REMOTE_ACCESS;
		return NULL;
	}
	return ptr;
}

static void remote_done(struct nic_wq *peer, const struct wqe *w)
{
	nic_mkey_done(peer->h.nic, be32_get(seg(w, 24)));
}

static struct outcome rc_write(struct nic_op *op, struct nic_wq *qp, const struct wqe *w)
{
	struct outcome out = { 0 };
	struct nic_sg sg[63];
	struct nic_wq *peer;
	unsigned nsg;
	void *dst;

	if (w->ds < 2) {
		out.syndrome = NIC_SYND_LOCAL_QP_OP;
		return out;
	}
	out.syndrome = gather(qp, w, 32, sg, &nsg, &out.byte_cnt);
	if (out.syndrome)
		return out;
	peer = nic_qp_peer_lock(qp);
	if (!peer) {
		nic_sg_done(sg, nsg);
		out.syndrome = NIC_SYND_TRANSPORT_RETRY_EXC;
		return out;
	}
	dst = remote(peer, w, out.byte_cnt, NIC_ACCESS_REMOTE_WRITE, &out.syndrome);
	if (!dst) {
		nic_sg_done(sg, nsg);
		nic_qp_peer_unlock(peer);
		return out;
	}
	/* The data first: once the peer's CQE of a write with immediate is visible, so is what it
	 * announces. An RNR retry writes it again, which changes nothing. */
	copy_out(dst, sg, nsg);
	nic_sg_done(sg, nsg);
	remote_done(peer, w);
	if (w->opcode == NIC_WQE_RDMA_WRITE_IMM) {
		struct nic_rx_meta meta = {
			.opcode = NIC_CQE_RESP_WR_IMM,
			.write_len = out.byte_cnt,
			.solicited = w->solicited,
			.imm_be = w->imm_be,
		};

		switch (nic_recv_deliver(op, peer, NULL, 0, 0, &meta)) {
		case NIC_RX_OK:
			break;
		case NIC_RX_NO_WQE:
			out.rnr = true;
			qp->send.rnr_timer = peer->qattr.min_rnr_timer;
			break;
		case NIC_RX_STATE:
			out.syndrome = NIC_SYND_TRANSPORT_RETRY_EXC;
			break;
		default:
			out.syndrome = NIC_SYND_REMOTE_OP;
			break;
		}
	}
	if (!out.syndrome && !out.rnr)
		peer->qattr.rq_psn = (peer->qattr.rq_psn + nic_qp_packets(qp, out.byte_cnt)) & NIC_NUM_MASK;
	nic_qp_peer_unlock(peer);
	return out;
}

/* The local scatter list of a read or atomic response (local keys, write access): its accesses
 * end with nic_sg_done, or here when it fails. */
static uint8_t scatter_list(struct nic_wq *qp, const struct wqe *w, unsigned offset, struct nic_sg *sg, unsigned *nsg,
			    uint32_t *len)
{
	struct nic *nic = qp->h.nic;
	uint64_t total = 0;
	uint8_t syndrome = 0;

	*nsg = 0;
	for (; offset < w->ds * 16u; offset += 16) {
		const uint8_t *s = seg(w, offset);
		uint32_t count = be32_get(s), key = be32_get(s + 4);
		void *ptr;

		if (count & 0x80000000u) {
			syndrome = NIC_SYND_LOCAL_QP_OP; /* inline data cannot receive */
			break;
		}
		if (!count)
			count = 0x80000000u;
		if (nic->env.mkey_reach(nic->env.user, qp->pd, key, be64_get(s + 8), count, NIC_ACCESS_LOCAL_WRITE,
					&ptr)) {
			syndrome = NIC_SYND_LOCAL_PROT;
			break;
		}
		sg[(*nsg)++] = (struct nic_sg){ .ptr = ptr, .len = count, .key = key, .held = nic };
		total += count;
	}
	if (!syndrome && total > 0x80000000u)
		syndrome = NIC_SYND_LOCAL_LENGTH;
	if (syndrome) {
		nic_sg_done(sg, *nsg);
		return syndrome;
	}
	*len = (uint32_t)total;
	return 0;
}

static struct outcome rc_read(struct nic_wq *qp, const struct wqe *w)
{
	struct outcome out = { 0 };
	struct nic_sg sg[63];
	struct nic_wq *peer;
	const uint8_t *src;
	unsigned nsg;

	if (w->ds < 2) {
		out.syndrome = NIC_SYND_LOCAL_QP_OP;
		return out;
	}
	out.syndrome = scatter_list(qp, w, 32, sg, &nsg, &out.byte_cnt);
	if (out.syndrome)
		return out;
	peer = nic_qp_peer_lock(qp);
	if (!peer) {
		nic_sg_done(sg, nsg);
		out.syndrome = NIC_SYND_TRANSPORT_RETRY_EXC;
		return out;
	}
	src = remote(peer, w, out.byte_cnt, NIC_ACCESS_REMOTE_READ, &out.syndrome);
	if (src) {
		copy_in(sg, nsg, src);
		remote_done(peer, w);
	}
	nic_sg_done(sg, nsg);
	nic_qp_peer_unlock(peer);
	return out;
}

/* Atomics work on 64-bit values in host order (little-endian, as both the host and the DPA
 * are); the WQE's operands are big-endian, as mlx5's. */
static struct outcome rc_atomic(struct nic_wq *qp, const struct wqe *w)
{
	struct outcome out = { .byte_cnt = 8 };
	struct nic_sg sg[63];
	struct nic_wq *peer;
	uint64_t *target, original;
	unsigned nsg;
	uint32_t len;

	if (w->ds != 4) {
		out.syndrome = NIC_SYND_LOCAL_QP_OP;
		return out;
	}
	out.syndrome = scatter_list(qp, w, 48, sg, &nsg, &len);
	if (out.syndrome)
		return out;
	if (len != 8)
		out.syndrome = NIC_SYND_LOCAL_LENGTH;
	else if (be64_get(seg(w, 16)) % 8)
		out.syndrome = NIC_SYND_REMOTE_INVAL_REQ;
	peer = out.syndrome ? NULL : nic_qp_peer_lock(qp);
	if (!peer) {
		nic_sg_done(sg, nsg);
		if (!out.syndrome)
			out.syndrome = NIC_SYND_TRANSPORT_RETRY_EXC;
		return out;
	}
	target = remote(peer, w, 8, NIC_ACCESS_REMOTE_ATOMIC, &out.syndrome);
	if (target && (uintptr_t)target % 8) {
		out.syndrome = NIC_SYND_REMOTE_INVAL_REQ; /* a key whose memory is not 8-aligned there */
	} else if (target) {
		if (w->opcode == NIC_WQE_ATOMIC_CS) {
			original = be64_get(seg(w, 40));
			__atomic_compare_exchange_n(target, &original, be64_get(seg(w, 32)), false, __ATOMIC_SEQ_CST,
						    __ATOMIC_SEQ_CST);
		} else {
			original = __atomic_fetch_add(target, be64_get(seg(w, 32)), __ATOMIC_SEQ_CST);
		}
		copy_in(sg, nsg, (const uint8_t *)&original);
	}
	if (target)
		remote_done(peer, w);
	nic_sg_done(sg, nsg);
	nic_qp_peer_unlock(peer);
	return out;
}

static struct outcome execute(struct nic_op *op, struct nic_wq *wq, const struct wqe *w)
{
	struct outcome out = { .syndrome = NIC_SYND_LOCAL_QP_OP };

	if (w->opcode == NIC_WQE_NOP)
		return (struct outcome){ 0 };
	if (wq->type == NIC_WQ_TYPE_SQ)
		return w->opcode == NIC_WQE_SEND ? eth_send(wq, w) : out;
	switch (w->opcode) {
	case NIC_WQE_SEND:
	case NIC_WQE_SEND_IMM:
		return rc_send(op, wq, w);
	case NIC_WQE_RDMA_WRITE:
	case NIC_WQE_RDMA_WRITE_IMM:
		return rc_write(op, wq, w);
	case NIC_WQE_RDMA_READ:
		return rc_read(wq, w);
	case NIC_WQE_ATOMIC_CS:
	case NIC_WQE_ATOMIC_FA:
		return rc_atomic(wq, w);
	default:
		return out;
	}
}

/* ---- The send loop ------------------------------------------------------------------------- */

static bool runnable(const struct nic_wq *wq)
{
	int state = nic_wq_state(wq);

	return wq->type == NIC_WQ_TYPE_SQ ? state == NIC_WQ_RDY : state == NIC_QP_RTS;
}

/* An RNR NAK: the WQE stays at ci and is tried again at the next doorbell or once the RNR
 * timer has passed, until rnr_retry attempts failed (7: for ever). */
static void rnr_wait(struct nic_op *op, struct nic_wq *wq, const struct wqe *w)
{
	struct nic_send *s = &wq->send;
	struct nic *nic = wq->h.nic;

	s->rnr++;
	if (wq->qattr.rnr_retry != 7 && s->rnr_attempts++ >= wq->qattr.rnr_retry) {
		nic_send_fail(op, wq, w->opcode, NIC_SYND_RNR_RETRY_EXC, w->wqebbs);
		return;
	}
	s->stalled = true;
	nic_timer_list(nic, &wq->h.timer, nic->env.now_ns(nic->env.user) + nic_qp_rnr_ns(wq));
}

void nic_send_run(struct nic_op *op, struct nic_wq *wq)
{
	struct nic_send *s = &wq->send;
	uint32_t depth = 1u << s->log_depth;
	const uint8_t *ring = nic_reach(wq->h.nic, s->ring, 0, (uint64_t)depth * 64, false);
	struct wqe w;

	s->stalled = false;
	while (s->ci != s->pi && runnable(wq)) {
		struct outcome out;

		if (!ring) {
			nic_send_fail(op, wq, 0, NIC_SYND_LOCAL_QP_OP, 1); /* the ring is gone */
			return;
		}
		if (wqe_read(ring, s->log_depth, s->ci, &w) || w.wqebbs > (uint16_t)(s->pi - s->ci)) {
			nic_send_fail(op, wq, w.opcode, NIC_SYND_LOCAL_QP_OP, 1); /* no WQE there */
			return;
		}
		out = execute(op, wq, &w);
		if (out.rnr) {
			keep_copies(wq, ring);
			rnr_wait(op, wq, &w);
			return;
		}
		s->rnr_attempts = 0;
		forget_copy(s, s->ci);
		if (out.syndrome) {
			nic_send_fail(op, wq, w.opcode, out.syndrome, w.wqebbs);
			return;
		}
		s->wqes++;
		if (wq->type == NIC_WQ_TYPE_QP)
			wq->qattr.sq_psn = (wq->qattr.sq_psn + nic_qp_packets(wq, out.byte_cnt)) & NIC_NUM_MASK;
		if (w.ce >= 2) {
			struct nic_cqe cqe = {
				.opcode = NIC_CQE_REQ,
				.sop = w.opcode,
				.force_event = w.ce == 3,
				.wqe_counter = s->ci,
				.qpn = wq->h.num,
				.user_index = wq->user_index,
				.byte_cnt = out.byte_cnt,
			};

			if (nic_cq_complete(op, s->cq, &cqe)) {
				s->ci = (uint16_t)(s->ci + w.wqebbs);
				nic_wq_to_error(wq); /* its completions are lost: the CQ overran */
				nic_send_flush(op, wq);
				return;
			}
		}
		s->ci = (uint16_t)(s->ci + w.wqebbs);
	}
}

int nic_send_doorbell(struct nic_op *op, struct nic_wq *wq, uint16_t pi)
{
	struct nic_send *s = &wq->send;
	int state = nic_wq_state(wq);

	if ((uint16_t)(pi - s->ci) > (1u << s->log_depth))
		return -EINVAL; /* more posted than the ring holds */
	if (wq->type == NIC_WQ_TYPE_SQ ? state == NIC_WQ_RST
				       : state == NIC_QP_RST || state == NIC_QP_INIT || state == NIC_QP_RTR)
		return -EINVAL;
	s->pi = pi;
	if (state == (wq->type == NIC_WQ_TYPE_SQ ? NIC_WQ_ERR : NIC_QP_ERR))
		nic_send_flush(op, wq); /* work posted in error is flushed */
	else if (state != NIC_QP_SQD)
		nic_send_run(op, wq);
	return 0;
}

/* ---- Objects ------------------------------------------------------------------------------- */

int nic_sq_create(struct nic *nic, const struct nic_sq_attr *attr, uint32_t *sqn)
{
	struct nic_obj *tis = NULL, *cq;
	struct nic_wq *sq;

	if (attr->log_depth > NIC_LOG_MAX_WQ_SIZE)
		return -EINVAL;
	if (attr->ring.addr % 64 || !nic_reach(nic, attr->ring, 0, 64ull << attr->log_depth, false))
		return -EFAULT;
	if (attr->tisn && !(tis = nic_obj_get(nic, NIC_OBJ_TIS, attr->tisn)))
		return -ENOENT;
	cq = nic_obj_get(nic, NIC_OBJ_CQ, attr->cqn);
	if (!cq) {
		nic_obj_put(tis);
		return -ENOENT;
	}
	sq = (struct nic_wq *)nic_obj_alloc(nic, NIC_OBJ_WQ);
	if (!sq) {
		nic_obj_put(tis);
		nic_obj_put(cq);
		return -ENOSPC;
	}
	sq->h.owner = attr->owner;
	sq->type = NIC_WQ_TYPE_SQ;
	atomic_init(&sq->state, NIC_WQ_RST);
	sq->pd = attr->pd;
	sq->user_index = attr->user_index;
	sq->send.ring = attr->ring;
	sq->send.log_depth = attr->log_depth;
	sq->send.cq = (struct nic_cq *)cq;
	sq->send.tis = (struct nic_tis *)tis;
	*sqn = sq->h.num;
	nic_obj_publish(&sq->h);
	return 0;
}
