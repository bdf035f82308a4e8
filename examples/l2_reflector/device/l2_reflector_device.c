/*
 * The L2 reflector's event handler (the DPA side of NVIDIA's packet processor sample, reduced
 * to reflection): woken by the receive CQ of its RQ, it takes every frame the NIC steered
 * there, swaps the destination and source MAC addresses in place and sends the frame back out
 * through its SQ, then gives the receive buffers back.
 *
 * Zero copy: the send WQE (control, Ethernet and data-pointer segments: one WQEBB, as the
 * sample builds it) points at the receive buffer itself, through the receive buffers' mkey. A
 * buffer can therefore only be re-posted once the NIC has sent it: only the last send WQE of an
 * invocation asks for a CQE (sends complete in order, so it vouches for all before it), and the
 * invocation waits for it before re-posting the batch's receive WQEs. On the simulated device
 * the NIC completes a send before the doorbell returns; on hardware it is a short wait.
 *
 * Every invocation: drain the receive CQ, ring one SQ doorbell for the whole batch, reap the
 * send CQ, publish both consumer indexes, re-post the receive WQEs (the doorbell record's
 * counter), arm the receive CQ and reschedule. Arming fires at once if a frame came in between,
 * so none is missed.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../l2_reflector_common.h"

/* CQE opcodes (mlx5). */
#define CQE_REQ 0x0
#define CQE_RESP_SEND 0x2

/* Two MAC addresses: the shortest frame that can be reflected. */
#define MACS_LEN 12

/* How long to wait for the send completion that frees a batch's buffers (polls of the send CQ)
 * before leaving the buffers for the next invocation. */
#define SEND_WAIT_POLLS 100000

/* The CQE at consumer counter ci, or NULL while the NIC has not written it: the NIC writes
 * owner bit (ci >> log_depth) & 1, and the ring starts with the other value (op_own 0xF1). */
static struct flexio_dev_cqe64 *cqe_at(const struct l2r_cq *cq, uint32_t ci)
{
	struct flexio_dev_cqe64 *cqe = (struct flexio_dev_cqe64 *)cq->ring + (ci & ((1u << cq->log_depth) - 1));

	if (flexio_dev_cqe_get_owner(cqe) != ((ci >> cq->log_depth) & 1))
		return NULL;
	/* The owner bit is the last thing the NIC writes: read the rest after it. */
	__dpa_thread_memory_fence(__DPA_R, __DPA_R);
	return cqe;
}

/* Keeps the first error completion for the host, and counts them all. */
static void note_error(struct l2r_state *s, struct flexio_dev_cqe64 *cqe)
{
	s->error_cqes++;
	if (!s->error)
		s->error = (uint32_t)flexio_dev_cqe_get_opcode(cqe) << 8 | flexio_dev_cqe_get_err_synd(cqe);
}

/*
 * Swaps the two MAC addresses at the start of a frame. The receive buffer is 2 KiB aligned, so
 * the 12 bytes are one aligned 8-byte word and one aligned 4-byte word (the DPA is little
 * endian): five loads and stores instead of the sample's byte loop.
 */
static void swap_macs(uint64_t frame)
{
	volatile uint64_t *w0 = (volatile uint64_t *)frame;
	volatile uint32_t *w1 = (volatile uint32_t *)(frame + 8);
	uint64_t lo = *w0, hi = *w1;
	uint64_t dmac = lo & 0xFFFFFFFFFFFFull, smac = lo >> 48 | hi << 16;

	*w0 = smac | dmac << 48;
	*w1 = (uint32_t)(dmac >> 16);
}

/* Writes the send WQE of a len-byte frame at addr into the next WQEBB (the SQ is as deep as the
 * RQ and a batch never exceeds the RQ: there is always room). */
static union flexio_dev_sqe_seg *post_send(struct l2r_state *s, uint64_t addr, uint32_t len)
{
	union flexio_dev_sqe_seg *wqe =
		(union flexio_dev_sqe_seg *)(s->sq.ring + ((uint64_t)(s->sq_pi & ((1u << s->sq.log_depth) - 1)) << 6));

	flexio_dev_swqe_seg_ctrl_set(wqe, s->sq_pi, s->sq.number, MLX5_CTRL_SEG_CE_CQE_ON_CQE_ERROR,
				     FLEXIO_CTRL_SEG_SEND_EN);
	flexio_dev_swqe_seg_eth_set(wqe + 1, 0, 0, 0, NULL);
	flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 2, len, s->rq.mkey, addr);
	s->sq_pi++;
	return wqe;
}

/* Takes the send CQ's completions: a good one completes every WQE up to its own. */
static void reap_sends(struct l2r_state *s)
{
	struct flexio_dev_cqe64 *cqe;

	while ((cqe = cqe_at(&s->sq_cq, s->sq_ci))) {
		uint16_t done = (uint16_t)(flexio_dev_cqe_get_wqe_counter(cqe) + 1);

		if (flexio_dev_cqe_get_opcode(cqe) != CQE_REQ)
			note_error(s, cqe);
		/* The CQE names its WQE by a 16-bit counter; sq_pi is at most a ring ahead of it. */
		s->sq_done = s->sq_pi - (uint16_t)((uint16_t)s->sq_pi - done);
		s->sq_ci++;
	}
}

flexio_dev_event_handler_t l2_reflector_handler;
__dpa_global__ void l2_reflector_handler(uint64_t thread_arg)
{
	struct l2r_state *s = (struct l2r_state *)thread_arg;
	uint32_t rq_mask = (1u << s->rq.log_depth) - 1, taken = 0, sent = 0;
	uint64_t sent_bytes = 0;
	union flexio_dev_sqe_seg *last = NULL;
	struct flexio_dev_thread_ctx *dtctx;
	struct flexio_dev_cqe64 *cqe;

	/* Doorbells go through the thread's default outbox (no flexio_dev_outbox_config), as in
	 * NVIDIA's sample. */
	flexio_dev_get_thread_ctx(&dtctx);
	s->activations++;
	/* Buffers a previous invocation could not free yet (their send had not completed). */
	reap_sends(s);
	if (s->sq_done == s->sq_pi)
		s->rq_freed = s->rq_ci;

	while ((cqe = cqe_at(&s->rq_cq, s->rq_ci))) {
		struct flexio_dev_wqe_rcv_data_seg *rwqe = (struct flexio_dev_wqe_rcv_data_seg *)s->rq.ring +
							   (flexio_dev_cqe_get_wqe_counter(cqe) & rq_mask);
		uint32_t len = flexio_dev_cqe_get_byte_cnt(cqe);
		uint64_t frame = (uint64_t)flexio_dev_rwqe_get_addr(rwqe);

		s->rq_ci++;
		taken++;
		if (flexio_dev_cqe_get_opcode(cqe) != CQE_RESP_SEND) {
			note_error(s, cqe); /* a flushed or failed receive: nothing to send */
			continue;
		}
		s->rx_frames++;
		s->rx_bytes += len;
		if (len < MACS_LEN) {
			s->short_frames++;
			continue;
		}
		if (s->verbose)
			flexio_dev_print("frame %lu: %u bytes reflected\n", (unsigned long)s->rx_frames, len);
		swap_macs(frame);
		last = post_send(s, frame, len);
		sent++;
		sent_bytes += len;
		if (taken == rq_mask + 1)
			break; /* a whole ring: every buffer is in flight, free them before taking more */
	}

	if (last) {
		/* The batch's last WQE asks for the completion that frees the batch's buffers. */
		flexio_dev_swqe_seg_ctrl_set(last, s->sq_pi - 1, s->sq.number, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
					     FLEXIO_CTRL_SEG_SEND_EN);
		__dpa_thread_memory_writeback();
		flexio_dev_qp_sq_ring_db((uint16_t)s->sq_pi, s->sq.number);
		for (uint32_t polls = 0; s->sq_done != s->sq_pi && polls < SEND_WAIT_POLLS; polls++)
			reap_sends(s);
		/* Counted once handed to the NIC: a host that sees the count can stop the reflector
		 * without losing the frames counted. */
		s->tx_frames += sent;
		s->tx_bytes += sent_bytes;
	}
	/* Every receive WQE taken is free again once every send has completed (otherwise the
	 * next invocation frees them). */
	if (s->sq_done == s->sq_pi)
		s->rq_freed = s->rq_ci;

	/* Publish: consumer indexes first (the CQs must have room for what the re-posted WQEs
	 * bring), then the receive counter. */
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->rq_cq.dbr, s->rq_ci);
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->sq_cq.dbr, s->sq_ci);
	__dpa_thread_memory_fence(__DPA_W, __DPA_W);
	*(volatile uint32_t *)s->rq.dbr = cpu_to_be32((s->rq_freed + rq_mask + 1) & 0xFFFFu);
	s->finished++;
	__dpa_thread_memory_writeback();
	flexio_dev_cq_arm(s->rq_ci, s->rq_cq.number);
	flexio_dev_thread_reschedule();
}
