/*
 * The binding tests' loopback echo (Python, Rust, Go): two RC QPs of one DPA process, connected
 * to each other, each served by an event handler woken by its receive CQ. The client sends
 * `messages` messages, at most `window` outstanding; the server sends each one back; the client
 * checks every payload.
 *
 * Each side has one record, struct bind_echo, in DPA heap memory (the handler's argument). The
 * host creates the queues with the bindings, writes the record's first part (where the queues
 * are, their numbers), calls echo_prepare (which lays out the rings, so that no language has to
 * write CQEs or WQEs), runs both handlers and calls echo_start; then it polls the client's
 * record. The receive CQ is armed for its handler's thread; the send CQ is a polled one
 * (FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ), read here to know which send WQEs are free again.
 *
 * Queues (2^log_depth entries each): receive CQ ring, send CQ ring, the QP buffer (the RQ of
 * 16-byte WQEs, then the SQ of 64-byte WQEBBs), three doorbell records; data buffers: 2^log_depth
 * receive buffers, then 2^log_depth send buffers, stride bytes each (msg_size rounded up to 64),
 * covered by the device mkey lkey. Receive WQE i always points at receive buffer i, so the
 * client's receive buffer i holds the last message whose number is i modulo 2^log_depth (the
 * host checks those payloads too).
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

/* One side of the echo. Every field is naturally aligned (no padding): the bindings' tests write
 * and read it at these offsets. */
struct bind_echo {
	/* host: DPA addresses */
	uint64_t rq_cq_ring; /*  0 */
	uint64_t sq_cq_ring; /*  8 */
	uint64_t qp_buf;     /* 16: RQ, then SQ */
	uint64_t rq_cq_dbr;  /* 24 */
	uint64_t sq_cq_dbr;  /* 32 */
	uint64_t qp_dbr;     /* 40: DWORD 0 receive counter, DWORD 1 send counter */
	uint64_t bufs;       /* 48: receive buffers, then send buffers */
	uint64_t messages;   /* 56: client: how many to send */
	/* host: numbers and sizes */
	uint32_t rq_cqn;    /* 64 */
	uint32_t sq_cqn;    /* 68 */
	uint32_t qpn;       /* 72 */
	uint32_t lkey;      /* 76: over bufs */
	uint32_t log_depth; /* 80: every ring */
	uint32_t msg_size;  /* 84: bytes, a multiple of 8 */
	uint32_t outbox_id; /* 88 */
	uint32_t window;    /* 92: client: sends outstanding at most, 1..2^log_depth / 2 */
	/* device: progress */
	uint64_t sent;         /*  96 */
	uint64_t received;     /* 104 */
	uint64_t activations;  /* 112 */
	uint32_t rq_ci, sq_ci; /* 120, 124: CQ consumer counters */
	uint32_t sq_pi;        /* 128: WQEBBs posted */
	uint32_t rq_posted;    /* 132: receive WQEs posted */
	uint32_t error;        /* 136: nonzero: CQE opcode << 8 | syndrome, or BIND_ECHO_BAD_* */
	uint32_t done;         /* 140: client: every echo came back */
};

_Static_assert(sizeof(struct bind_echo) == 144, "the bindings' tests write struct bind_echo at fixed offsets");

#define BIND_ECHO_BAD_CONFIG 0x10000u  /* echo_prepare: the window does not fit the rings */
#define BIND_ECHO_BAD_LENGTH 0x20000u  /* an echo of the wrong size */
#define BIND_ECHO_BAD_PAYLOAD 0x30000u /* an echo changed or out of order */

#define CQE_BYTES 64u
#define RWQE_BYTES 16u
#define WQEBB_BYTES 64u
#define CQE_REQ 0x0
#define CQE_RESP_SEND 0x2

/* Word j of message i: what the client sends and expects back (the tests compute it too). */
static uint64_t echo_word(uint64_t i, uint32_t j)
{
	return i * 0x9E3779B97F4A7C15ull + j;
}

static uint32_t stride_of(const struct bind_echo *s)
{
	return (s->msg_size + 63u) & ~63u;
}

static uint64_t rx_buf(const struct bind_echo *s, uint32_t slot)
{
	return s->bufs + (uint64_t)slot * stride_of(s);
}

static uint64_t tx_buf(const struct bind_echo *s, uint32_t slot)
{
	return s->bufs + ((uint64_t)(1u << s->log_depth) + slot) * stride_of(s);
}

/*
 * Lays out the rings of one side (the queues exist; no traffic yet): every CQE hardware-owned
 * (op_own 0xF1: a pass-0 CQE, owner bit 0, is then a new one), receive WQE i on receive buffer
 * i, all of them posted, the CQ records at 0, the progress cleared. Returns 0, or
 * BIND_ECHO_BAD_CONFIG (also left in error) when the window does not fit the rings.
 */
__dpa_rpc__ uint64_t echo_prepare(flexio_uintptr_t echo_daddr)
{
	struct bind_echo *s = (struct bind_echo *)echo_daddr;
	uint32_t depth = 1u << s->log_depth;

	s->sent = s->received = s->activations = 0;
	s->rq_ci = s->sq_ci = s->sq_pi = 0;
	s->done = 0;
	/* Sends are posted all at once and rung at the end of an invocation: a full window of
	 * echoes must fit the SQ besides the sends still completing. */
	s->error = s->log_depth > 12 || s->window < 1 || 2 * s->window > depth || s->msg_size < 8 || s->msg_size % 8
			   ? BIND_ECHO_BAD_CONFIG
			   : 0;
	if (s->error)
		return s->error;
	for (uint32_t i = 0; i < depth; i++) {
		((struct flexio_dev_cqe64 *)s->rq_cq_ring)[i].op_own = 0xF1;
		((struct flexio_dev_cqe64 *)s->sq_cq_ring)[i].op_own = 0xF1;
	}
	for (uint32_t i = 0; i < depth; i++) {
		struct flexio_dev_wqe_rcv_data_seg *rwqe =
			(struct flexio_dev_wqe_rcv_data_seg *)(s->qp_buf + (uint64_t)i * RWQE_BYTES);

		rwqe->byte_count = cpu_to_be32(stride_of(s));
		rwqe->lkey = cpu_to_be32(s->lkey);
		rwqe->addr = cpu_to_be64(rx_buf(s, i));
	}
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->rq_cq_dbr, 0);
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->sq_cq_dbr, 0);
	((volatile uint32_t *)s->qp_dbr)[1] = 0;
	s->rq_posted = depth;
	/* The receive counter last: the WQEs it reveals were written before. */
	__dpa_thread_memory_fence(__DPA_W, __DPA_W);
	*(volatile uint32_t *)s->qp_dbr = cpu_to_be32(depth & 0xFFFFu);
	__dpa_thread_memory_writeback();
	return 0;
}

/* The CQE at consumer counter ci, or NULL while the NIC has not written it. */
static struct flexio_dev_cqe64 *cqe_at(uint64_t ring, uint32_t log_depth, uint32_t ci)
{
	struct flexio_dev_cqe64 *cqe = (struct flexio_dev_cqe64 *)ring + (ci & ((1u << log_depth) - 1));

	if (flexio_dev_cqe_get_owner(cqe) != ((ci >> log_depth) & 1))
		return NULL;
	/* The owner bit is the last thing the NIC writes: read the rest after it. */
	__dpa_thread_memory_fence(__DPA_R, __DPA_R);
	return cqe;
}

static void fail_cqe(struct bind_echo *s, struct flexio_dev_cqe64 *cqe)
{
	if (!s->error)
		s->error = (uint32_t)flexio_dev_cqe_get_opcode(cqe) << 8 | flexio_dev_cqe_get_err_synd(cqe);
}

/* Takes the send completions of the polled send CQ (one per send WQE, one WQEBB each). */
static void reap_sends(struct bind_echo *s)
{
	struct flexio_dev_cqe64 *cqe;

	while ((cqe = cqe_at(s->sq_cq_ring, s->log_depth, s->sq_ci))) {
		if (flexio_dev_cqe_get_opcode(cqe) != CQE_REQ)
			fail_cqe(s, cqe);
		s->sq_ci++;
	}
}

/* Writes a SEND of send buffer sq_pi's first len bytes into the next WQEBB. */
static void post_send(struct bind_echo *s, uint32_t len)
{
	uint32_t slot = s->sq_pi & ((1u << s->log_depth) - 1);
	union flexio_dev_sqe_seg *wqe =
		(union flexio_dev_sqe_seg *)(s->qp_buf + ((uint64_t)RWQE_BYTES << s->log_depth) +
					     (uint64_t)slot * WQEBB_BYTES);

	flexio_dev_swqe_seg_ctrl_set(wqe, s->sq_pi, s->qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS, FLEXIO_CTRL_SEG_SEND_RC);
	flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 1, len, s->lkey, tx_buf(s, slot));
	s->sq_pi++;
}

static void start_invocation(struct bind_echo *s)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_outbox_config(dtctx, (uint16_t)s->outbox_id);
	s->activations++;
	reap_sends(s);
}

/* Publishes the invocation's work: records, one doorbell for its sends, the receive CQ armed
 * for the next completion (arming fires at once if one came meanwhile), then waits. */
static void finish_invocation(struct bind_echo *s, uint32_t sq_pi_before)
{
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->rq_cq_dbr, s->rq_ci);
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->sq_cq_dbr, s->sq_ci);
	__dpa_thread_memory_fence(__DPA_W, __DPA_W);
	*(volatile uint32_t *)s->qp_dbr = cpu_to_be32(s->rq_posted & 0xFFFFu);
	__dpa_thread_memory_writeback();
	if (s->sq_pi != sq_pi_before)
		flexio_dev_qp_sq_ring_db((uint16_t)s->sq_pi, s->qpn);
	if (!s->done && !s->error)
		flexio_dev_cq_arm(s->rq_ci, s->rq_cqn);
	flexio_dev_thread_reschedule();
}

static int payload_ok(const struct bind_echo *s, uint64_t addr, uint64_t i)
{
	const volatile uint64_t *words = (const volatile uint64_t *)addr;

	for (uint32_t j = 0; j < s->msg_size / 8; j++)
		if (words[j] != echo_word(i, j))
			return 0;
	return 1;
}

/* The client: its first invocation (echo_start) sends a window; each echo back is checked,
 * its receive reposted and the next message sent, until every message came back. */
__dpa_global__ void echo_client(uint64_t echo_daddr)
{
	struct bind_echo *s = (struct bind_echo *)echo_daddr;
	uint32_t mask = (1u << s->log_depth) - 1, sq_before = s->sq_pi;
	struct flexio_dev_cqe64 *cqe;

	start_invocation(s);
	while (!s->error && (cqe = cqe_at(s->rq_cq_ring, s->log_depth, s->rq_ci))) {
		uint32_t slot = flexio_dev_cqe_get_wqe_counter(cqe) & mask;

		if (flexio_dev_cqe_get_opcode(cqe) != CQE_RESP_SEND)
			fail_cqe(s, cqe);
		else if (flexio_dev_cqe_get_byte_cnt(cqe) != s->msg_size)
			s->error = BIND_ECHO_BAD_LENGTH;
		else if (!payload_ok(s, rx_buf(s, slot), s->received))
			s->error = BIND_ECHO_BAD_PAYLOAD;
		s->rq_ci++;
		s->received++;
		s->rq_posted++; /* checked: its receive WQE (still on its own buffer) takes the next */
	}
	while (!s->error && s->sent < s->messages && s->sent - s->received < s->window) {
		uint64_t *words = (uint64_t *)tx_buf(s, s->sq_pi & mask);

		for (uint32_t j = 0; j < s->msg_size / 8; j++)
			words[j] = echo_word(s->sent, j);
		post_send(s, s->msg_size);
		s->sent++;
	}
	if (s->received == s->messages)
		s->done = 1;
	finish_invocation(s, sq_before);
}

/* The server: copies every message received into a send buffer, sends it back and reposts
 * the receive. */
__dpa_global__ void echo_server(uint64_t echo_daddr)
{
	struct bind_echo *s = (struct bind_echo *)echo_daddr;
	uint32_t mask = (1u << s->log_depth) - 1, sq_before = s->sq_pi;
	struct flexio_dev_cqe64 *cqe;

	start_invocation(s);
	while (!s->error && (cqe = cqe_at(s->rq_cq_ring, s->log_depth, s->rq_ci))) {
		uint32_t len = flexio_dev_cqe_get_byte_cnt(cqe);
		const uint64_t *from = (const uint64_t *)rx_buf(s, flexio_dev_cqe_get_wqe_counter(cqe) & mask);
		uint64_t *to = (uint64_t *)tx_buf(s, s->sq_pi & mask);

		if (flexio_dev_cqe_get_opcode(cqe) != CQE_RESP_SEND) {
			fail_cqe(s, cqe);
			break;
		}
		if (len > stride_of(s)) {
			s->error = BIND_ECHO_BAD_LENGTH;
			break;
		}
		for (uint32_t j = 0; j < (len + 7) / 8; j++)
			to[j] = from[j];
		post_send(s, len);
		s->rq_ci++;
		s->received++;
		s->sent++;
		s->rq_posted++; /* copied out: its receive WQE takes the next */
	}
	finish_invocation(s, sq_before);
}

/* The host's start: wakes the client, whose first invocation sends the first window. */
__dpa_rpc__ uint64_t echo_start(uint32_t client_activation_id)
{
	flexio_dev_event_handler_activate(client_activation_id);
	return 0;
}
