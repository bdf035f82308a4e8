/*
 * The loopback echo's two event handlers, one per RC QP of a connected pair in one DPA process.
 *
 * Each QP has a receive CQ armed for its handler's thread (a receive completion wakes the
 * handler) and a send CQ the handler only polls (to know which send WQEs and buffers are free
 * again). Rings and doorbell records are in DPA memory; the state of each handler is a
 * struct echo_state in DPA memory (its thread argument).
 *
 *   client  on its first activation (by the host's echo_start RPC) posts a window of sends;
 *           then, for every echo received, checks it, reposts the receive WQE and sends the
 *           next message, until every message came back;
 *   server  sends every message it receives back from the receive buffer it landed in, and
 *           reposts that receive WQE once the echo's send has completed (the NIC reads the
 *           buffer until then).
 *
 * Every invocation drains what the CQs hold, rings one doorbell for all the WQEs it wrote,
 * publishes its consumer indexes, re-arms its receive CQ and reschedules. Arming fires at once
 * if a completion came in between, so none is missed.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../echo_common.h"

/* CQE opcodes (mlx5). */
#define CQE_REQ 0x0
#define CQE_RESP_SEND 0x2

/* The CQE at consumer counter ci, or NULL while the NIC has not written it: the NIC writes
 * owner bit (ci >> log_depth) & 1, and the ring starts with the other value (op_own 0xF1). */
static struct flexio_dev_cqe64 *cqe_at(uint64_t ring, uint32_t log_depth, uint32_t ci)
{
	struct flexio_dev_cqe64 *cqe = (struct flexio_dev_cqe64 *)ring + (ci & ((1u << log_depth) - 1));

	if (flexio_dev_cqe_get_owner(cqe) != ((ci >> log_depth) & 1))
		return NULL;
	/* The owner bit is the last thing the NIC writes: read the rest after it. */
	__dpa_thread_memory_fence(__DPA_R, __DPA_R);
	return cqe;
}

/* An error CQE (or another unexpected opcode): kept for the host, which reports it. */
static void fail_cqe(struct echo_state *s, struct flexio_dev_cqe64 *cqe)
{
	if (!s->error)
		s->error = (uint32_t)flexio_dev_cqe_get_opcode(cqe) << 8 | flexio_dev_cqe_get_err_synd(cqe);
}

/* Takes the send completions: each frees one SQ WQEBB (every send WQE is one WQEBB and asks for
 * a CQE). Returns how many came. */
static uint32_t reap_sends(struct echo_state *s)
{
	uint32_t n = 0;
	struct flexio_dev_cqe64 *cqe;

	while ((cqe = cqe_at(s->q.sq_cq_ring, s->q.log_sq_depth, s->sq_ci))) {
		if (flexio_dev_cqe_get_opcode(cqe) != CQE_REQ)
			fail_cqe(s, cqe);
		s->sq_ci++;
		n++;
	}
	return n;
}

/* Writes a SEND WQE of len bytes at addr into the next WQEBB (the caller checked there is one). */
static void post_send(struct echo_state *s, uint64_t addr, uint32_t len)
{
	union flexio_dev_sqe_seg *wqe =
		(union flexio_dev_sqe_seg *)(s->q.sq_ring +
					     ((uint64_t)(s->sq_pi & ((1u << s->q.log_sq_depth) - 1)) << 6));

	flexio_dev_swqe_seg_ctrl_set(wqe, s->sq_pi, s->q.qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS, FLEXIO_CTRL_SEG_SEND_RC);
	flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 1, len, s->q.lkey, addr);
	s->sq_pi++;
}

/* Room for one more send WQE: on hardware a full SQ empties as the NIC completes sends, so wait
 * for a completion (in the simulator sends complete at the doorbell: it is never full here). */
static void wait_sq_room(struct echo_state *s)
{
	while (s->sq_pi - s->sq_ci >= (1u << s->q.log_sq_depth))
		reap_sends(s);
}

/* Publishes what the invocation did: WQEs and records written back, one doorbell for all the
 * sends, the consumer indexes, and the receive CQ armed for the next completion. */
static void finish_invocation(struct echo_state *s, uint32_t sq_pi_before)
{
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->q.rq_cq_dbr, s->rq_ci);
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->q.sq_cq_dbr, s->sq_ci);
	/* The receive counter last: the WQEs it reveals were written before. */
	__dpa_thread_memory_fence(__DPA_W, __DPA_W);
	*(volatile uint32_t *)s->q.qp_dbr = cpu_to_be32(s->rq_posted & 0xFFFFu);
	__dpa_thread_memory_writeback();
	if (s->sq_pi != sq_pi_before)
		flexio_dev_qp_sq_ring_db((uint16_t)s->sq_pi, s->q.qpn);
	if (!s->done && !s->error)
		flexio_dev_cq_arm(s->rq_ci, s->q.rq_cqn);
}

static void start_invocation(struct echo_state *s)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_outbox_config(dtctx, (uint16_t)s->q.outbox_id);
	s->activations++;
}

/* True when the echo of message i, in the buffer at addr, is what the client sent. */
static int payload_ok(const struct echo_state *s, uint64_t addr, uint64_t i)
{
	const volatile uint64_t *words = (const volatile uint64_t *)addr;

	for (uint32_t j = 0; j < s->msg_size / 8; j++)
		if (words[j] != echo_word(i, j))
			return 0;
	return 1;
}

__dpa_global__ void echo_client_handler(uint64_t arg)
{
	struct echo_state *s = (struct echo_state *)arg;
	uint32_t rq_mask = (1u << s->q.log_rq_depth) - 1, sq_before;
	struct flexio_dev_cqe64 *cqe;

	start_invocation(s);
	sq_before = s->sq_pi;
	reap_sends(s);
	while (!s->error && (cqe = cqe_at(s->q.rq_cq_ring, s->q.log_rq_depth, s->rq_ci))) {
		uint64_t buf =
			s->q.rx_bufs + (uint64_t)(flexio_dev_cqe_get_wqe_counter(cqe) & rq_mask) * s->q.buf_stride;

		if (flexio_dev_cqe_get_opcode(cqe) != CQE_RESP_SEND)
			fail_cqe(s, cqe);
		else if (flexio_dev_cqe_get_byte_cnt(cqe) != s->msg_size)
			s->error = ECHO_BAD_LENGTH;
		else if (s->verify && !payload_ok(s, buf, s->received))
			s->error = ECHO_BAD_PAYLOAD;
		s->rq_ci++;
		s->received++;
		s->rq_posted++; /* checked: its buffer can take the next message */
	}
	while (!s->error && s->sent < s->messages && s->sent - s->received < s->window) {
		uint64_t buf;

		wait_sq_room(s);
		buf = s->q.tx_bufs + (uint64_t)(s->sq_pi & ((1u << s->q.log_sq_depth) - 1)) * s->q.buf_stride;
		for (uint32_t j = 0; j < s->msg_size / 8; j++)
			((uint64_t *)buf)[j] = echo_word(s->sent, j);
		post_send(s, buf, s->msg_size);
		s->sent++;
	}
	if (s->received == s->messages)
		s->done = 1;
	finish_invocation(s, sq_before);
	flexio_dev_thread_reschedule();
}

__dpa_global__ void echo_server_handler(uint64_t arg)
{
	struct echo_state *s = (struct echo_state *)arg;
	uint32_t rq_mask = (1u << s->q.log_rq_depth) - 1, sq_before;
	struct flexio_dev_cqe64 *cqe;

	start_invocation(s);
	sq_before = s->sq_pi;
	/* Sends complete in order, as the receives they echo came: each completed echo gives
	 * back the oldest receive buffer. */
	s->rq_posted += reap_sends(s);
	while (!s->error && (cqe = cqe_at(s->q.rq_cq_ring, s->q.log_rq_depth, s->rq_ci))) {
		uint32_t slot = flexio_dev_cqe_get_wqe_counter(cqe) & rq_mask;

		if (flexio_dev_cqe_get_opcode(cqe) != CQE_RESP_SEND) {
			fail_cqe(s, cqe);
			break;
		}
		wait_sq_room(s);
		post_send(s, s->q.rx_bufs + (uint64_t)slot * s->q.buf_stride, flexio_dev_cqe_get_byte_cnt(cqe));
		s->rq_ci++;
		s->received++;
		s->sent++;
	}
	finish_invocation(s, sq_before);
	/* The simulated NIC completes the sends at the doorbell: give their buffers back now
	 * rather than at the next activation (the record is published again below). */
	if (s->sq_pi != sq_before) {
		s->rq_posted += reap_sends(s);
		flexio_dev_dbr_cq_set_ci((uint32_t *)s->q.sq_cq_dbr, s->sq_ci);
		__dpa_thread_memory_fence(__DPA_W, __DPA_W);
		*(volatile uint32_t *)s->q.qp_dbr = cpu_to_be32(s->rq_posted & 0xFFFFu);
		__dpa_thread_memory_writeback();
	}
	flexio_dev_thread_reschedule();
}

/* The host's start: wakes the client, whose first invocation posts the first window. */
__dpa_rpc__ uint64_t echo_start(uint32_t client_activation_id)
{
	flexio_dev_event_handler_activate(client_activation_id);
	return 0;
}
