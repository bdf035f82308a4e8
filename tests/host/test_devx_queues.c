/*
 * The NIC's queues made with raw DEVX commands, as flexio_cq_create & co. make them (and as
 * NVIDIA's libflexio does): a CQ whose events run a DPA event handler (apu_cq, the thread's id),
 * an SQ on a TIS of a transport domain, an RQ with a TIR, an RQ table and an indirect TIR, an RMP
 * and a QP on it through RST, INIT, RTR and RTS, every ring in the process's DPA memory (umem id:
 * its dumem id, offset: the DPA address) and the process UAR as their uar_page. Device code posts
 * NOPs to the SQ and to the QP: their completions run the handler. The queues are the process's
 * because their uar_page is its UAR: made with none, they are the host's, and the process's
 * doorbells for them are refused. Commands the firmware refuses for their content fail with
 * EREMOTEIO, the PRM status (BAD_PARAM, BAD_RESOURCE_STATE) and a syndrome, and one line.
 *
 * The commands are written here bit by bit at the offsets of Linux's and rdma-core's mlx5_ifc
 * (not with the library's layouts, core/common/mlx5_prm.h): a field misplaced there fails here.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <infiniband/mlx5dv.h>
#include <string.h>
#include <time.h>

#include "host_test.h"
#include "queue_test.h"

extern flexio_func_t queue_cq_handler, queue_sq_post_nop;

/* Opcodes and statuses of the PRM. */
enum {
	CREATE_CQ = 0x400,
	QUERY_CQ = 0x402,
	MODIFY_CQ = 0x403,
	CREATE_QP = 0x500,
	RST2INIT_QP = 0x502,
	INIT2RTR_QP = 0x503,
	RTR2RTS_QP = 0x504,
	QP_2ERR = 0x507,
	QP_2RST = 0x50a,
	QUERY_QP = 0x50b,
	ALLOC_TRANSPORT_DOMAIN = 0x816,
	CREATE_TIR = 0x900,
	CREATE_SQ = 0x904,
	MODIFY_SQ = 0x905,
	CREATE_RQ = 0x908,
	MODIFY_RQ = 0x909,
	QUERY_RQ = 0x90b,
	CREATE_RMP = 0x90c,
	CREATE_TIS = 0x912,
	CREATE_RQT = 0x916,
	STATUS_BAD_PARAM = 0x3,
	STATUS_BAD_RESOURCE_STATE = 0x9,
};

/* Where the contexts start in their commands (bits). */
enum {
	CQC = 0x80,   /* CREATE_CQ_IN, MODIFY_CQ_IN, QUERY_CQ_OUT */
	CTX = 0x100,  /* CREATE_SQ/RQ/RMP/TIS/TIR/RQT_IN, MODIFY_SQ/RQ_IN, QUERY_RQ_OUT */
	WQ = 0x280,   /* the wq of an SQ, RQ or RMP context in its command (CTX + 0x180) */
	QPC = 0xc0,   /* CREATE_QP_IN, the transitions, QUERY_QP_OUT */
	PATH = 0x180, /* the QPC's primary_address_path (QPC + 0xc0) */
};

/* Big enough for any command here (CREATE_QP_IN: 0x880 bits and the PAS it does not use). */
#define CMD_BYTES 0x200

static struct {
	struct ibv_context *ctx;
	flexio_app *app;
	flexio_process *p;
	flexio_outbox *outbox;
	uint32_t pdn, uar, dumem;
} fx;

/* value into `width` bits at bit `bit` of a big-endian layout (bit 0: the top of byte 0). */
static void set(uint8_t *layout, unsigned bit, unsigned width, uint64_t value)
{
	for (unsigned i = 0; i < width; i++) {
		unsigned at = bit + i;
		uint8_t mask = (uint8_t)(0x80 >> (at % 8));

		if ((value >> (width - 1 - i)) & 1)
			layout[at / 8] |= mask;
		else
			layout[at / 8] &= (uint8_t)~mask;
	}
}

static uint64_t get(const uint8_t *layout, unsigned bit, unsigned width)
{
	uint64_t value = 0;

	for (unsigned i = 0; i < width; i++) {
		unsigned at = bit + i;

		value = value << 1 | ((layout[at / 8] >> (7 - at % 8)) & 1);
	}
	return value;
}

static int setup(void **state)
{
	struct mlx5dv_pd dv = { 0 };
	struct mlx5dv_obj obj = { .pd = { .out = &dv } };

	(void)state;
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open() ||
	    flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "queue_test", .ibv_ctx = ctx }, &fx.app) ||
	    flexio_process_create(ctx, fx.app, NULL, &fx.p) ||
	    flexio_outbox_create(fx.p, &(struct flexio_outbox_attr){ 0 }, &fx.outbox))
		return -1;
	obj.pd.in = flexio_process_get_pd(fx.p);
	if (mlx5dv_init_obj(&obj, MLX5DV_OBJ_PD))
		return -1;
	fx.pdn = dv.pdn;
	fx.uar = flexio_uar_get_id(flexio_process_get_uar(fx.p));
	fx.dumem = flexio_process_get_dumem_id(fx.p);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	MUST(flexio_process_destroy(fx.p));
	sim_device_close();
	return 0;
}

/* A new command of opcode. */
static uint8_t *command(uint8_t *in, uint16_t opcode)
{
	memset(in, 0, CMD_BYTES);
	set(in, 0, 16, opcode);
	return in;
}

/* The object a command makes; its number (cqn, sqn, ... at 48h of the output) in *number. */
static struct mlx5dv_devx_obj *create(const uint8_t *in, uint32_t *number)
{
	uint8_t out[16] = { 0 };
	struct mlx5dv_devx_obj *obj = mlx5dv_devx_obj_create(ctx, in, CMD_BYTES, out, sizeof(out));

	assert_non_null(obj);
	assert_int_equal(get(out, 0, 8), 0); /* status */
	*number = (uint32_t)get(out, 0x48, 24);
	return obj;
}

static void modify(struct mlx5dv_devx_obj *obj, const uint8_t *in)
{
	uint8_t out[16] = { 0 };

	assert_int_equal(mlx5dv_devx_obj_modify(obj, in, CMD_BYTES, out, sizeof(out)), 0);
}

/* A create command the firmware refuses: EREMOTEIO, status, a syndrome, one line. */
static void create_refused(const uint8_t *in, unsigned status)
{
	uint8_t out[16] = { 0 };
	struct stderr_capture c;
	const char *text;

	capture_begin(&c);
	assert_null(mlx5dv_devx_obj_create(ctx, in, CMD_BYTES, out, sizeof(out)));
	assert_int_equal(errno, EREMOTEIO);
	text = capture_end(&c);
	assert_int_equal(get(out, 0, 8), status);
	assert_int_not_equal(get(out, 0x20, 32), 0); /* syndrome */
	assert_int_equal(count_lines(text), 1);
	assert_non_null(strstr(text, "flexio_verbs ERR mlx5dv_devx_obj_create: "));
}

/* A destroy the device refuses while other objects use obj: EBUSY, one line. */
static void destroy_busy(struct mlx5dv_devx_obj *obj)
{
	struct stderr_capture c;

	capture_begin(&c);
	assert_int_equal(mlx5dv_devx_obj_destroy(obj), EBUSY);
	assert_int_equal(count_lines(capture_end(&c)), 1);
}

/* A umem reference as the PRM takes it: an id at `id`, its offset at `offset`, the valid bit. */
static void umem(uint8_t *in, unsigned id, unsigned offset, unsigned valid, flexio_uintptr_t daddr)
{
	set(in, id, 32, fx.dumem);
	set(in, offset, 64, daddr);
	set(in, valid, 1, 1);
}

/* CREATE_CQ of 2^log CQEs in DPA memory, armed, every CQE hardware-owned (op_own 0xF1, as
 * FlexIO's samples prepare rings): its events run DPA thread `thread` (~0: none, polled). */
static uint8_t *cq_command(uint8_t *in, unsigned log, uint32_t uar, uint32_t thread, flexio_uintptr_t *ring,
			   flexio_uintptr_t *dbr)
{
	size_t size = (size_t)64 << log;
	uint8_t *cqes = calloc(1, size);

	assert_non_null(cqes);
	for (size_t i = 63; i < size; i += 64)
		cqes[i] = 0xF1;
	*ring = dpa_zeroed(fx.p, size);
	*dbr = dpa_zeroed(fx.p, 64);
	MUST(flexio_host2dev_memcpy(fx.p, cqes, size, *ring));
	free(cqes);
	command(in, CREATE_CQ);
	set(in, CQC + 0x14, 4, 0x9);  /* st: ARMED */
	set(in, CQC + 0x63, 5, log);  /* log_cq_size */
	set(in, CQC + 0x68, 24, uar); /* uar_page */
	if (thread != ~0u) {
		set(in, CQC + 0x07, 1, 1);       /* apu_cq */
		set(in, CQC + 0x19, 3, 0);       /* apu_element_type: THREAD */
		set(in, CQC + 0xa0, 32, thread); /* c_eqn_or_apu_element */
	}
	umem(in, CQC + 0x20, CQC + 0x1c0, CQC + 0x06, *dbr); /* dbr_umem_id, dbr_addr, dbr_umem_valid */
	umem(in, 0x2c0, 0x280, 0x2e0, *ring);                /* cq_umem_id, _offset, _valid */
	return in;
}

/* The wq of an SQ, RQ or RMP context: 2^log entries of 2^log_stride bytes in DPA memory. */
static void wq(uint8_t *in, unsigned type, unsigned log, unsigned log_stride, uint32_t uar, flexio_uintptr_t *ring)
{
	*ring = dpa_zeroed(fx.p, (size_t)1 << (log + log_stride));
	set(in, WQ + 0x00, 4, type);                                       /* wq_type */
	set(in, WQ + 0x48, 24, fx.pdn);                                    /* pd */
	set(in, WQ + 0x68, 24, uar);                                       /* uar_page */
	set(in, WQ + 0x10c, 4, log_stride);                                /* log_wq_stride */
	set(in, WQ + 0x11b, 5, log);                                       /* log_wq_sz */
	umem(in, WQ + 0x140, WQ + 0x80, WQ + 0x120, dpa_zeroed(fx.p, 64)); /* the doorbell record */
	umem(in, WQ + 0x160, WQ + 0x180, WQ + 0x121, *ring);               /* the ring */
}

/* A transport domain and a TIS in it (what flexio_sq_create makes for an SQ without a TIS). */
static struct mlx5dv_devx_obj *tis_make(struct mlx5dv_devx_obj **td, uint32_t *tisn)
{
	uint8_t in[CMD_BYTES];
	uint32_t tdn;

	*td = create(command(in, ALLOC_TRANSPORT_DOMAIN), &tdn);
	command(in, CREATE_TIS);
	set(in, CTX + 0x128, 24, tdn); /* tisc.transport_domain */
	return create(in, tisn);
}

/* CREATE_SQ (in RST) of 2^log WQEBBs reporting to cqn through tisn. */
static uint8_t *sq_command(uint8_t *in, unsigned log, uint32_t cqn, uint32_t tisn, uint32_t uar, flexio_uintptr_t *ring)
{
	command(in, CREATE_SQ);
	set(in, CTX + 0x48, 24, cqn);   /* sqc.cqn */
	set(in, CTX + 0x100, 16, 1);    /* tis_lst_sz */
	set(in, CTX + 0x168, 24, tisn); /* tis_num_0 */
	wq(in, 1 /* CYCLIC */, log, 6, uar, ring);
	return in;
}

/* MODIFY_SQ or MODIFY_RQ from state `from` to `to`. */
static void wq_modify(struct mlx5dv_devx_obj *obj, uint16_t opcode, uint32_t number, unsigned from, unsigned to)
{
	uint8_t in[CMD_BYTES];

	command(in, opcode);
	set(in, 0x40, 4, from);     /* sq_state / rq_state */
	set(in, 0x48, 24, number);  /* sqn / rqn */
	set(in, CTX + 0x08, 4, to); /* the context's state */
	modify(obj, in);
}

static uint64_t read_u64(flexio_uintptr_t daddr)
{
	uint64_t value = 0;

	MUST(flexio_dev2host_memcpy(fx.p, &value, sizeof(value), daddr));
	return value;
}

/* The word at daddr reaches want within a few seconds. */
static void wait_for(flexio_uintptr_t daddr, uint64_t want)
{
	struct timespec pause = { 0, 1000000 };

	for (int i = 0; i < 5000 && read_u64(daddr) < want; i++)
		nanosleep(&pause, NULL);
	assert_int_equal(read_u64(daddr), want);
}

/* An event handler polling a CQ (its state at *cq_state), and the state of the SQ device code
 * posts NOPs to (*sq_state); the handler runs once the CQ is described (run_handler). */
static flexio_event_handler *handler(flexio_uintptr_t *cq_state, flexio_uintptr_t *sq_state)
{
	flexio_event_handler *eh = NULL;

	*cq_state = dpa_zeroed(fx.p, sizeof(struct queue_test_cq));
	*sq_state = dpa_zeroed(fx.p, sizeof(struct queue_test_sq));
	MUST(flexio_event_handler_create(
		fx.p, &(struct flexio_event_handler_attr){ .host_stub_func = &queue_cq_handler, .arg = *cq_state },
		&eh));
	return eh;
}

static void describe(flexio_uintptr_t cq_state, flexio_uintptr_t sq_state, flexio_uintptr_t cq_ring,
		     flexio_uintptr_t cq_dbr, uint32_t cqn, unsigned log_cq, flexio_uintptr_t sq_ring, uint32_t sqn,
		     unsigned log_sq)
{
	struct queue_test_cq cqs = { .ring = cq_ring,
				     .dbr = cq_dbr,
				     .cqn = cqn,
				     .log_depth = log_cq,
				     .outbox_id = flexio_outbox_get_id(fx.outbox),
				     .last_opcode = 0xff };
	struct queue_test_sq sqs = {
		.ring = sq_ring, .sqn = sqn, .log_depth = log_sq, .outbox_id = flexio_outbox_get_id(fx.outbox)
	};

	MUST(flexio_host2dev_memcpy(fx.p, &cqs, sizeof(cqs), cq_state));
	MUST(flexio_host2dev_memcpy(fx.p, &sqs, sizeof(sqs), sq_state));
}

static void post_nops(flexio_uintptr_t sq_state, uint32_t count)
{
	uint64_t ret = 1;

	MUST(flexio_process_call(fx.p, &queue_sq_post_nop, &ret, sq_state, count));
	assert_int_equal(ret, 0);
}

/* ---- a CQ for a DPA thread, an SQ on a TIS: completions run the handler ------------------- */

static void sq_completions_run_handler(void **state)
{
	enum {
		LOG_CQ = 3,
		LOG_SQ = 4,
		BATCH = 4,
		BATCHES = 10
	};
	struct mlx5dv_devx_obj *cq, *td, *tis, *sq;
	flexio_uintptr_t cq_state, sq_state, cq_ring, cq_dbr, sq_ring;
	uint8_t in[CMD_BYTES], out[CMD_BYTES];
	flexio_event_handler *eh = handler(&cq_state, &sq_state);
	uint32_t cqn, tisn, sqn;

	(void)state;
	cq = create(cq_command(in, LOG_CQ, fx.uar, flexio_event_handler_get_id(eh), &cq_ring, &cq_dbr), &cqn);
	tis = tis_make(&td, &tisn);
	sq = create(sq_command(in, LOG_SQ, cqn, tisn, fx.uar, &sq_ring), &sqn);
	wq_modify(sq, MODIFY_SQ, sqn, 0 /* RST */, 1 /* RDY */);
	describe(cq_state, sq_state, cq_ring, cq_dbr, cqn, LOG_CQ, sq_ring, sqn, LOG_SQ);
	MUST(flexio_event_handler_run(eh, 0));

	/* Batches of NOPs: each a requester's CQE; the handler consumes them and arms the CQ again
	 * (over several passes of the 8-CQE ring). */
	for (uint64_t i = 1; i <= BATCHES; i++) {
		post_nops(sq_state, BATCH);
		wait_for(cq_state + offsetof(struct queue_test_cq, cqes), i * BATCH);
	}
	assert_int_equal(read_u64(cq_state + offsetof(struct queue_test_cq, not_req)), 0);
	assert_true(read_u64(cq_state + offsetof(struct queue_test_cq, invocations)) >= 1);

	/* The moderation: MODIFY_CQ (period, count, mode), read back with QUERY_CQ. */
	command(in, MODIFY_CQ);
	set(in, 0x48, 24, cqn);
	set(in, 0x60, 32, 1 << 0 | 1 << 1 | 1 << 4); /* modify_field_select: PERIOD, COUNT, PERIOD_MODE */
	set(in, CQC + 0x84, 12, 100);                /* cq_period */
	set(in, CQC + 0x90, 16, 8);                  /* cq_max_count */
	set(in, CQC + 0x0f, 2, 1);                   /* cq_period_mode: CQE */
	modify(cq, in);
	command(in, QUERY_CQ);
	set(in, 0x48, 24, cqn);
	memset(out, 0, sizeof(out));
	assert_int_equal(mlx5dv_devx_obj_query(cq, in, 16, out, sizeof(out)), 0);
	assert_int_equal(get(out, CQC + 0x84, 12), 100);
	assert_int_equal(get(out, CQC + 0x90, 16), 8);
	assert_int_equal(get(out, CQC + 0x0f, 2), 1);

	/* What the SQ uses cannot go before it (the device's EBUSY). */
	destroy_busy(cq);
	destroy_busy(tis);
	assert_int_equal(mlx5dv_devx_obj_destroy(sq), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(cq), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(tis), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(td), 0);
	MUST(flexio_event_handler_destroy(eh));
}

/* ---- an RMP and an RC QP through its states: its send completions run the handler --------- */

/* A QP transition; state the QPC state QUERY_QP then reads. */
static void qp_transition(struct mlx5dv_devx_obj *qp, uint8_t *in, uint16_t opcode, uint32_t qpn, unsigned state)
{
	uint8_t query[16], out[CMD_BYTES] = { 0 };

	set(in, 0, 16, opcode);
	set(in, 0x48, 24, qpn);
	modify(qp, in);
	memset(query, 0, sizeof(query));
	set(query, 0, 16, QUERY_QP);
	set(query, 0x48, 24, qpn);
	assert_int_equal(mlx5dv_devx_obj_query(qp, query, sizeof(query), out, sizeof(out)), 0);
	assert_int_equal(get(out, QPC, 4), state);
}

static void qp_on_rmp_through_states(void **state)
{
	enum {
		LOG_CQ = 3,
		LOG = 2
	};
	struct mlx5dv_devx_obj *cq, *rmp, *qp;
	flexio_uintptr_t cq_state, sq_state, cq_ring, cq_dbr, rmp_ring, buffer;
	uint8_t in[CMD_BYTES], out[16] = { 0 };
	flexio_event_handler *eh = handler(&cq_state, &sq_state);
	uint32_t cqn, rmpn, qpn;
	struct stderr_capture c;

	(void)state;
	cq = create(cq_command(in, LOG_CQ, fx.uar, flexio_event_handler_get_id(eh), &cq_ring, &cq_dbr), &cqn);
	command(in, CREATE_RMP);
	set(in, CTX + 0x08, 4, 1); /* rmpc.state: RDY */
	set(in, CTX + 0x20, 1, 1); /* basic_cyclic_rcv_wqe */
	wq(in, 1 /* CYCLIC */, LOG, 4, fx.uar, &rmp_ring);
	rmp = create(in, &rmpn);

	/* An RC QP with a send ring of 2^2 WQEBBs, receiving from the RMP. */
	buffer = dpa_zeroed(fx.p, 64 << LOG);
	command(in, CREATE_QP);
	set(in, QPC + 0x08, 8, 0x0);                                           /* st: RC */
	set(in, QPC + 0x13, 2, 0x3);                                           /* pm_state: MIGRATED */
	set(in, QPC + 0x28, 24, fx.pdn);                                       /* pd */
	set(in, QPC + 0x51, 4, LOG);                                           /* log_sq_size */
	set(in, QPC + 0x68, 24, fx.uar);                                       /* uar_page */
	set(in, QPC + 0x3e8, 24, cqn);                                         /* cqn_snd */
	set(in, QPC + 0x4e8, 24, cqn);                                         /* cqn_rcv */
	set(in, QPC + 0x565, 3, 0x1);                                          /* rq_type: RMP */
	set(in, QPC + 0x568, 24, rmpn);                                        /* srqn_rmpn_xrqn */
	umem(in, QPC + 0x720, QPC + 0x500, QPC + 0x683, dpa_zeroed(fx.p, 64)); /* the doorbell record */
	umem(in, 0x840, 0x800, 0x860, buffer);                                 /* wq_umem */
	qp = create(in, &qpn);
	/* Used by the QP: the RMP and the CQ stay. */
	destroy_busy(rmp);

	/* RST -> INIT (port 1, remote writes), INIT -> RTR (to itself, by loopback), RTR -> RTS. */
	memset(in, 0, sizeof(in));
	set(in, QPC + 0x491, 1, 1);  /* rwe */
	set(in, PATH + 0x128, 8, 1); /* vhca_port_num */
	qp_transition(qp, in, RST2INIT_QP, qpn, 1);
	set(in, QPC + 0x40, 3, 3);    /* mtu: 1024 */
	set(in, QPC + 0xa8, 24, qpn); /* remote_qpn */
	set(in, QPC + 0x4a3, 5, 12);  /* min_rnr_nak */
	set(in, PATH + 0x00, 1, 1);   /* fl: loopback */
	qp_transition(qp, in, INIT2RTR_QP, qpn, 2);
	set(in, QPC + 0x38d, 3, 7);  /* retry_count */
	set(in, QPC + 0x390, 3, 7);  /* rnr_retry */
	set(in, PATH + 0x40, 5, 14); /* ack_timeout */
	qp_transition(qp, in, RTR2RTS_QP, qpn, 3);
	/* No RTR -> RTS from RTS: the QP is not in the state the command moves from. */
	set(in, 0, 16, RTR2RTS_QP);
	capture_begin(&c);
	assert_int_equal(mlx5dv_devx_obj_modify(qp, in, CMD_BYTES, out, sizeof(out)), EREMOTEIO);
	assert_int_equal(count_lines(capture_end(&c)), 1);
	assert_int_equal(get(out, 0, 8), STATUS_BAD_RESOURCE_STATE);

	/* NOPs on the QP's send ring (after its receive ring, which an RMP QP has none of). */
	describe(cq_state, sq_state, cq_ring, cq_dbr, cqn, LOG_CQ, buffer, qpn, LOG);
	MUST(flexio_event_handler_run(eh, 0));
	post_nops(sq_state, 3);
	wait_for(cq_state + offsetof(struct queue_test_cq, cqes), 3);

	memset(in, 0, sizeof(in));
	qp_transition(qp, in, QP_2ERR, qpn, 6);
	qp_transition(qp, in, QP_2RST, qpn, 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(qp), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(rmp), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(cq), 0);
	MUST(flexio_event_handler_destroy(eh));
}

/* ---- an RQ with its TIR; an RQ table and an indirect TIR over it ---------------------------- */

static unsigned rq_state(struct mlx5dv_devx_obj *rq, uint32_t rqn)
{
	uint8_t in[16] = { 0 }, out[CMD_BYTES] = { 0 };

	set(in, 0, 16, QUERY_RQ);
	set(in, 0x48, 24, rqn);
	assert_int_equal(mlx5dv_devx_obj_query(rq, in, sizeof(in), out, sizeof(out)), 0);
	return (unsigned)get(out, CTX + 0x08, 4);
}

static void rq_tir_and_rqt(void **state)
{
	struct mlx5dv_devx_obj *cq, *td, *rq, *tir, *rqt, *rss;
	flexio_uintptr_t cq_ring, cq_dbr, rq_ring;
	uint32_t cqn, tdn, rqn, tirn, rqtn, rssn;
	uint8_t in[CMD_BYTES];

	(void)state;
	cq = create(cq_command(in, 3, fx.uar, ~0u, &cq_ring, &cq_dbr), &cqn); /* polled */
	td = create(command(in, ALLOC_TRANSPORT_DOMAIN), &tdn);
	command(in, CREATE_RQ);
	set(in, CTX + 0x48, 24, cqn); /* rqc.cqn */
	wq(in, 1 /* CYCLIC */, 4, 4, fx.uar, &rq_ring);
	rq = create(in, &rqn);
	command(in, CREATE_TIR);
	set(in, CTX + 0x20, 4, 0);     /* disp_type: DIRECT */
	set(in, CTX + 0xe8, 24, rqn);  /* inline_rqn */
	set(in, CTX + 0x128, 24, tdn); /* transport_domain */
	tir = create(in, &tirn);
	assert_int_equal(rq_state(rq, rqn), 0); /* RST */
	wq_modify(rq, MODIFY_RQ, rqn, 0, 1);
	assert_int_equal(rq_state(rq, rqn), 1); /* RDY */

	/* Receive-side scaling over it: an RQ table of one entry, a Toeplitz TIR. */
	command(in, CREATE_RQT);
	set(in, CTX + 0xb0, 16, 1);    /* rqt_max_size */
	set(in, CTX + 0xd0, 16, 1);    /* rqt_actual_size */
	set(in, CTX + 0x780, 32, rqn); /* rq_num[0] */
	rqt = create(in, &rqtn);
	command(in, CREATE_TIR);
	set(in, CTX + 0x20, 4, 1);      /* disp_type: INDIRECT */
	set(in, CTX + 0x108, 24, rqtn); /* indirect_table */
	set(in, CTX + 0x120, 4, 2);     /* rx_hash_fn: TOEPLITZ */
	set(in, CTX + 0x128, 24, tdn);  /* transport_domain */
	set(in, CTX + 0x280, 32, 0xf);  /* selector: IPv4, TCP, addresses and ports */
	rss = create(in, &rssn);
	assert_int_not_equal(rssn, tirn);

	/* To ERR (its WQEs flush) and back through RST. */
	wq_modify(rq, MODIFY_RQ, rqn, 1, 3);
	assert_int_equal(rq_state(rq, rqn), 3);
	wq_modify(rq, MODIFY_RQ, rqn, 3, 0);
	destroy_busy(td); /* its TIRs */
	assert_int_equal(mlx5dv_devx_obj_destroy(rss), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(rqt), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(tir), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(rq), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(td), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(cq), 0);
}

/* ---- ownership: what uar_page says ------------------------------------------------------- */

/* Queues made with uar_page 0 are the host's (the context's): the process's doorbells for them
 * are refused, so device code's NOPs make no CQE. */
static void queues_without_the_process_uar_are_the_hosts(void **state)
{
	struct mlx5dv_devx_obj *cq, *td, *tis, *sq;
	flexio_uintptr_t cq_state, sq_state, cq_ring, cq_dbr, sq_ring;
	flexio_event_handler *eh = handler(&cq_state, &sq_state);
	struct timespec pause = { 0, 50000000 };
	uint32_t cqn, tisn, sqn;
	uint8_t in[CMD_BYTES];

	(void)state;
	cq = create(cq_command(in, 3, 0, flexio_event_handler_get_id(eh), &cq_ring, &cq_dbr), &cqn);
	tis = tis_make(&td, &tisn);
	sq = create(sq_command(in, 4, cqn, tisn, 0, &sq_ring), &sqn);
	wq_modify(sq, MODIFY_SQ, sqn, 0, 1);
	describe(cq_state, sq_state, cq_ring, cq_dbr, cqn, 3, sq_ring, sqn, 4);
	MUST(flexio_event_handler_run(eh, 0));
	post_nops(sq_state, 2);
	nanosleep(&pause, NULL);
	assert_int_equal(read_u64(cq_state + offsetof(struct queue_test_cq, cqes)), 0);
	assert_int_equal(read_u64(cq_state + offsetof(struct queue_test_cq, invocations)), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(sq), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(tis), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(td), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(cq), 0);
	MUST(flexio_event_handler_destroy(eh));
}

/* ---- what the firmware refuses -------------------------------------------------------------- */

static void bad_commands_refused(void **state)
{
	flexio_uintptr_t ring, dbr, sq_ring;
	struct mlx5dv_devx_obj *cq, *host_cq, *sq, *td, *tis;
	flexio_process *other = NULL;
	flexio_event_handler *eh = NULL;
	uint32_t cqn, host_cqn, sqn, tisn;
	uint8_t in[CMD_BYTES], out[16];
	struct stderr_capture c;

	(void)state;
	/* A CQ deeper than the device takes; a ring outside the process's DPA memory; a misaligned
	 * ring; a UAR the device does not have; no such DPA thread. */
	set(cq_command(in, 3, fx.uar, ~0u, &ring, &dbr), CQC + 0x63, 5, 30);
	create_refused(in, STATUS_BAD_PARAM);
	set(cq_command(in, 3, fx.uar, ~0u, &ring, &dbr), 0x280, 64, 0x10);
	create_refused(in, STATUS_BAD_PARAM);
	set(cq_command(in, 3, fx.uar, ~0u, &ring, &dbr), 0x280, 64, ring + 32);
	create_refused(in, STATUS_BAD_PARAM);
	cq_command(in, 3, 0xfffff, ~0u, &ring, &dbr);
	create_refused(in, STATUS_BAD_PARAM);
	cq_command(in, 3, fx.uar, 0xfffffff, &ring, &dbr);
	create_refused(in, STATUS_BAD_PARAM);

	/* An SQ of this process reporting to another process's CQ. */
	assert_int_equal(flexio_process_create(ctx, fx.app, NULL, &other), FLEXIO_STATUS_SUCCESS);
	MUST(flexio_event_handler_create(
		other, &(struct flexio_event_handler_attr){ .host_stub_func = &queue_cq_handler, .arg = 0 }, &eh));
	{
		flexio_process *mine = fx.p;
		uint32_t dumem = fx.dumem, uar = fx.uar;

		fx.p = other;
		fx.dumem = flexio_process_get_dumem_id(other);
		fx.uar = flexio_uar_get_id(flexio_process_get_uar(other));
		cq = create(cq_command(in, 3, fx.uar, flexio_event_handler_get_id(eh), &ring, &dbr), &cqn);
		fx.p = mine;
		fx.dumem = dumem;
		fx.uar = uar;
	}
	tis = tis_make(&td, &tisn);
	sq_command(in, 4, cqn, tisn, fx.uar, &sq_ring);
	create_refused(in, STATUS_BAD_PARAM);

	/* An SQ moved from a state it is not in (the host's: uar_page 0, on a CQ of the host's). */
	host_cq = create(cq_command(in, 3, 0, ~0u, &ring, &dbr), &host_cqn);
	sq = create(sq_command(in, 4, host_cqn, tisn, 0, &sq_ring), &sqn);
	command(in, MODIFY_SQ);
	set(in, 0x40, 4, 1); /* from RDY: it is in RST */
	set(in, 0x48, 24, sqn);
	set(in, CTX + 0x08, 4, 3);
	capture_begin(&c);
	assert_int_equal(mlx5dv_devx_obj_modify(sq, in, CMD_BYTES, out, sizeof(out)), EREMOTEIO);
	assert_int_equal(count_lines(capture_end(&c)), 1);
	assert_int_equal(get(out, 0, 8), STATUS_BAD_RESOURCE_STATE);
	/* A command of another object: not served on this one. */
	command(in, QUERY_QP);
	capture_begin(&c);
	assert_int_equal(mlx5dv_devx_obj_query(sq, in, 16, out, sizeof(out)), EOPNOTSUPP);
	assert_int_equal(count_lines(capture_end(&c)), 1);
	/* A command shorter than its layout. */
	capture_begin(&c);
	assert_null(mlx5dv_devx_obj_create(ctx, command(in, CREATE_CQ), 16, out, sizeof(out)));
	assert_int_equal(errno, EINVAL);
	assert_int_equal(count_lines(capture_end(&c)), 1);

	assert_int_equal(mlx5dv_devx_obj_destroy(sq), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(host_cq), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(tis), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(td), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(cq), 0);
	MUST(flexio_event_handler_destroy(eh));
	MUST(flexio_process_destroy(other));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sq_completions_run_handler),
		cmocka_unit_test(qp_on_rmp_through_states),
		cmocka_unit_test(rq_tir_and_rqt),
		cmocka_unit_test(queues_without_the_process_uar_are_the_hosts),
		cmocka_unit_test(bad_commands_refused),
	};

	return cmocka_run_group_tests_name("devx_queues", tests, setup, teardown);
}
