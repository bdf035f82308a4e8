/*
 * Queues on the simulated device: CQs (moderation, DEVX objects), SQs, RQs and RMPs (with TISs,
 * transport domains, on another device), RC QPs through their states, what the device still
 * uses not destroyed (its handle still valid), a process taking its queues with it, and a DPA
 * event handler woken by the CQEs of NOP WQEs device code posts to an SQ, over many ring passes.
 * Every failure returns its error value with one log line naming the function.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <string.h>
#include <time.h>

#include "host_test.h"
#include "queue_test.h"

extern flexio_func_t queue_cq_handler, queue_sq_post_nop;

static struct {
	struct ibv_context *ctx1; /* mlx5_sim1 */
	struct ibv_pd *pd, *pd1;  /* of mlx5_sim0, of mlx5_sim1 */
	flexio_app *app;
	flexio_process *p;
	flexio_outbox *outbox;
	uint32_t uar_id; /* the process UAR's */
} fx;

static struct ibv_context *open_device(const char *name)
{
	struct ibv_context *c = NULL;

	for (int i = 0; devices && devices[i] && !c; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), name))
			c = ibv_open_device(devices[i]);
	return c;
}

static int setup(void **state)
{
	(void)state;
	setenv("FLEXIO_SIM_DEVICES", "2", 1); /* mlx5_sim1 for the cross-device queues */
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open())
		return -1;
	fx.ctx1 = open_device("mlx5_sim1");
	fx.pd = ibv_alloc_pd(ctx);
	fx.pd1 = fx.ctx1 ? ibv_alloc_pd(fx.ctx1) : NULL;
	if (!fx.pd || !fx.pd1 ||
	    flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "queue_test", .ibv_ctx = ctx }, &fx.app) ||
	    flexio_process_create(ctx, fx.app, &(struct flexio_process_attr){ .pd = fx.pd }, &fx.p) ||
	    flexio_outbox_create(fx.p, &(struct flexio_outbox_attr){ 0 }, &fx.outbox))
		return -1;
	fx.uar_id = flexio_uar_get_id(flexio_process_get_uar(fx.p));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	MUST(flexio_process_destroy(fx.p));
	/* Every queue gave back its hold on the PDs. */
	assert_int_equal(ibv_dealloc_pd(fx.pd), 0);
	assert_int_equal(ibv_dealloc_pd(fx.pd1), 0);
	assert_int_equal(ibv_close_device(fx.ctx1), 0);
	sim_device_close();
	return 0;
}

/* size bytes of the process's heap, zeroed. */
/* The attributes of a CQ of 2^log CQEs in DPA memory of p, every CQE hardware-owned (op_own 0xF1,
 * as FlexIO's samples prepare rings). */
static struct flexio_cq_attr cq_attr(flexio_process *p, unsigned log, uint8_t element_type)
{
	size_t size = (size_t)64 << log;
	unsigned char *ring = calloc(1, size);
	struct flexio_cq_attr attr = { .log_cq_depth = (uint8_t)log,
				       .element_type = element_type,
				       .uar_id = fx.uar_id };
	flexio_uintptr_t daddr = dpa_zeroed(p, size);

	assert_non_null(ring);
	for (size_t i = 63; i < size; i += 64)
		ring[i] = 0xF1;
	MUST(flexio_host2dev_memcpy(p, ring, size, daddr));
	free(ring);
	attr.cq_ring_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = daddr };
	attr.cq_dbr_daddr = dpa_zeroed(p, 64);
	return attr;
}

static flexio_cq *new_cq(flexio_process *p, struct ibv_context *c)
{
	struct flexio_cq_attr attr = cq_attr(p, 3, FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ);
	flexio_cq *cq = NULL;

	MUST(flexio_cq_create(p, c, &attr, &cq));
	assert_non_null(cq);
	return cq;
}

/* Work-queue attributes of 2^log entries in DPA memory of p, on pd. */
static struct flexio_wq_attr wq_attr(flexio_process *p, unsigned log, struct ibv_pd *pd)
{
	return (struct flexio_wq_attr){ .log_wq_depth = (uint8_t)log,
					.uar_id = fx.uar_id,
					.pd = pd,
					.wq_ring_qmem = { .memtype = FLEXIO_MEMTYPE_DPA,
							  .daddr = dpa_zeroed(p, (size_t)64 << log) },
					.wq_dbr_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 64) } };
}

/* The exact line a call logged: "flexio ERR <func>: <reason>". */
#define EXPECT_LINE(call, expected, func, ...)                                    \
	do {                                                                      \
		char want_[512];                                                  \
		struct stderr_capture c_;                                         \
		const char *text_;                                                \
		int n_ = snprintf(want_, sizeof(want_), "flexio ERR %s: ", func); \
		snprintf(want_ + n_, sizeof(want_) - (size_t)n_, __VA_ARGS__);    \
		strcat(want_, "\n");                                              \
		capture_begin(&c_);                                               \
		assert_true((call) == (expected));                                \
		text_ = capture_end(&c_);                                         \
		if (strcmp(text_, want_))                                         \
			fail_msg("expected: %sgot:      %s", want_, text_);       \
	} while (0)

/* ---- completion queues --------------------------------------------------------------------- */

static void cq_lifecycle(void **state)
{
	flexio_cq *cq = new_cq(fx.p, NULL), *other = new_cq(fx.p, ctx);
	uint16_t count = 0, period = 0, mode = 9;
	struct mlx5dv_devx_obj *obj;

	(void)state;
	assert_int_not_equal(flexio_cq_get_cq_num(cq), UINT32_MAX);
	assert_int_not_equal(flexio_cq_get_cq_num(cq), flexio_cq_get_cq_num(other));
	obj = flexio_cq_get_obj(cq);
	assert_non_null(obj);
	assert_ptr_equal(flexio_cq_get_obj(cq), obj); /* made once */

	MUST(flexio_cq_modify_moderation(cq, 4, 10, FLEXIO_CQ_PERIOD_MODE_CQE));
	MUST(flexio_cq_query_moderation(cq, &count, &period, &mode));
	assert_int_equal(count, 4);
	assert_int_equal(period, 10);
	assert_int_equal(mode, FLEXIO_CQ_PERIOD_MODE_CQE);
	EXPECT_LINE(flexio_cq_modify_moderation(cq, 1, 1, 2), FLEXIO_STATUS_FAILED, "flexio_cq_modify_moderation",
		    "mode 2 is not FLEXIO_CQ_PERIOD_MODE_EVENT or _CQE");
	EXPECT_LINE(flexio_cq_query_moderation(cq, &count, NULL, &mode), FLEXIO_STATUS_FAILED,
		    "flexio_cq_query_moderation", "period is NULL");
	MUST(flexio_cq_query_moderation(cq, &count, &period, &mode)); /* unchanged by the refused call */
	assert_int_equal(count, 4);

	MUST(flexio_cq_destroy(cq));
	EXPECT_LINE(flexio_cq_destroy(cq), FLEXIO_STATUS_FAILED, "flexio_cq_destroy", "%p is not a live CQ",
		    (void *)cq);
	EXPECT_LINE(flexio_cq_get_cq_num(cq), UINT32_MAX, "flexio_cq_get_cq_num", "%p is not a live CQ", (void *)cq);
	EXPECT_LINE(flexio_cq_get_obj(cq), NULL, "flexio_cq_get_obj", "%p is not a live CQ", (void *)cq);
	MUST(flexio_cq_destroy(other));
}

/* A bool of the caller's structure holding a byte other than 0 or 1 (a binding's, another
 * compiler's) is read as the byte it is, nonzero true: reading it as a bool is undefined
 * behaviour (UBSan stops the test). */
static void cq_bool_bytes(void **state)
{
	struct flexio_cq_attr attr = cq_attr(fx.p, 3, FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ);
	flexio_cq *cq = NULL;

	(void)state;
	memset(&attr.no_arm, 0x02, 1);
	memset(&attr.cc, 0xff, 1);
	MUST(flexio_cq_create(fx.p, NULL, &attr, &cq));
	MUST(flexio_cq_destroy(cq));
}

/* A CQ of a DPA thread: a live event handler's of the same process. */
static void cq_of_thread(void **state)
{
	struct flexio_cq_attr attr = cq_attr(fx.p, 2, FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD);
	flexio_uintptr_t st = dpa_zeroed(fx.p, sizeof(struct queue_test_cq));
	flexio_event_handler *eh = NULL;
	flexio_cq *cq = NULL;

	(void)state;
	MUST(flexio_event_handler_create(
		fx.p, &(struct flexio_event_handler_attr){ .host_stub_func = &queue_cq_handler, .arg = st }, &eh));
	attr.thread = flexio_event_handler_get_thread(eh);
	MUST(flexio_cq_create(fx.p, NULL, &attr, &cq));
	/* The thread's DEVX object, made once, released with the handler. */
	assert_non_null(flexio_event_handler_get_thread_obj(eh));
	assert_ptr_equal(flexio_event_handler_get_thread_obj(eh), flexio_event_handler_get_thread_obj(eh));
	MUST(flexio_cq_destroy(cq));
	MUST(flexio_event_handler_destroy(eh));
	/* Its handler destroyed, the thread is refused. */
	EXPECT_FAILURE_LOGGED(flexio_cq_create(fx.p, NULL, &attr, &cq), "flexio_cq_create");
	assert_null(cq);
}

/* ---- work queues, TIS, transport domains ------------------------------------------------------- */

static void work_queues(void **state)
{
	flexio_cq *cq = new_cq(fx.p, NULL);
	uint32_t cqn = flexio_cq_get_cq_num(cq);
	struct flexio_wq_attr sa = wq_attr(fx.p, 4, fx.pd), ra = wq_attr(fx.p, 4, fx.pd), ma = wq_attr(fx.p, 4, fx.pd);
	struct flexio_wq_attr la = wq_attr(fx.p, 3, fx.pd);
	flexio_sq *sq = NULL;
	flexio_rq *rq = NULL, *ll = NULL;
	flexio_rmp *rmp = NULL;

	(void)state;
	ra.rq.wq_type = ma.rq.wq_type = FLEXIO_WQ_TYPE_CYCLIC;
	la.rq.wq_type = FLEXIO_WQ_TYPE_LINKED_LIST;
	la.log_wq_stride = 6;
	MUST(flexio_sq_create(fx.p, NULL, cqn, &sa, &sq));
	MUST(flexio_rq_create(fx.p, ctx, cqn, &ra, &rq));
	MUST(flexio_rq_create(fx.p, NULL, cqn, &la, &ll));
	MUST(flexio_rmp_create(fx.p, NULL, &ma, &rmp));
	/* SQs, RQs and RMPs share one number space. */
	assert_int_not_equal(flexio_sq_get_wq_num(sq), UINT32_MAX);
	assert_int_not_equal(flexio_rq_get_wq_num(rq), UINT32_MAX);
	assert_int_not_equal(flexio_rmp_get_wq_num(rmp), UINT32_MAX);
	assert_int_not_equal(flexio_sq_get_wq_num(sq), flexio_rq_get_wq_num(rq));
	assert_int_not_equal(flexio_rq_get_wq_num(rq), flexio_rmp_get_wq_num(rmp));
	assert_non_null(flexio_rq_get_object(rq));
	assert_ptr_equal(flexio_rq_get_object(rq), flexio_rq_get_object(rq));
	assert_non_null(flexio_rq_get_tir(rq));
	assert_ptr_not_equal(flexio_rq_get_tir(rq), flexio_rq_get_object(rq));
	MUST(flexio_rq_set_err_state(rq));
	MUST(flexio_rq_set_err_state(rq)); /* ERR -> ERR flushes what was posted since */

	/* A CQ that work queues report to stays, its handle valid. */
	EXPECT_LINE(flexio_cq_destroy(cq), FLEXIO_STATUS_FAILED, "flexio_cq_destroy",
		    "CQ 0x%x is in use: work queues or QPs report to it", cqn);
	assert_int_equal(flexio_cq_get_cq_num(cq), cqn);
	MUST(flexio_sq_destroy(sq));
	MUST(flexio_rq_destroy(rq));
	MUST(flexio_rq_destroy(ll));
	MUST(flexio_rmp_destroy(rmp));
	MUST(flexio_cq_destroy(cq));
	EXPECT_LINE(flexio_sq_get_wq_num(sq), UINT32_MAX, "flexio_sq_get_wq_num", "%p is not a live SQ", (void *)sq);
	EXPECT_LINE(flexio_rq_set_err_state(rq), FLEXIO_STATUS_FAILED, "flexio_rq_set_err_state", "%p is not a live RQ",
		    (void *)rq);
	EXPECT_LINE(flexio_rq_get_tir(rq), NULL, "flexio_rq_get_tir", "%p is not a live RQ", (void *)rq);
	EXPECT_LINE(flexio_rmp_destroy(rmp), FLEXIO_STATUS_FAILED, "flexio_rmp_destroy", "%p is not a live RMP",
		    (void *)rmp);
}

static void transport_objects(void **state)
{
	flexio_transport_domain *td = NULL, *td1 = NULL;
	flexio_sq_tis *tis = NULL, *tis1 = NULL, *xt = NULL;
	flexio_cq *cq = new_cq(fx.p, NULL);
	uint32_t cqn = flexio_cq_get_cq_num(cq);
	struct flexio_wq_attr sa = wq_attr(fx.p, 2, fx.pd), ra = wq_attr(fx.p, 2, fx.pd);
	flexio_sq *sq = NULL, *xs = NULL;
	flexio_rq *rq = NULL;

	(void)state;
	ra.rq.wq_type = FLEXIO_WQ_TYPE_CYCLIC;
	MUST(flexio_transport_domain_create(ctx, &td));
	MUST(flexio_transport_domain_create(fx.ctx1, &td1));
	MUST(flexio_sq_tis_create(ctx, td, &tis));
	MUST(flexio_sq_tis_create(fx.ctx1, td1, &tis1));
	/* A TIS goes in a domain of its own device. */
	EXPECT_FAILURE_LOGGED(flexio_sq_tis_create(fx.ctx1, td, &xt), "flexio_sq_tis_create");
	assert_null(xt);
	sa.sq.tis = tis;
	ra.rq.td = td;
	MUST(flexio_sq_create(fx.p, NULL, cqn, &sa, &sq));
	MUST(flexio_rq_create(fx.p, NULL, cqn, &ra, &rq));

	/* What is used stays. */
	EXPECT_FAILURE_LOGGED(flexio_sq_tis_destroy(tis), "flexio_sq_tis_destroy");
	EXPECT_FAILURE_LOGGED(flexio_transport_domain_destroy(td), "flexio_transport_domain_destroy");
	/* A TIS of another device than the SQ's. */
	sa.sq.tis = tis1;
	EXPECT_LINE(flexio_sq_create(fx.p, NULL, cqn, &sa, &xs), FLEXIO_STATUS_FAILED, "flexio_sq_create",
		    "fattr->sq.tis %p is a TIS of mlx5_sim1, not of the queue's device mlx5_sim0", (void *)tis1);
	assert_null(xs);

	MUST(flexio_sq_destroy(sq));
	MUST(flexio_rq_destroy(rq));
	MUST(flexio_sq_tis_destroy(tis1));
	MUST(flexio_transport_domain_destroy(td1));
	MUST(flexio_cq_destroy(cq));
	MUST(flexio_sq_tis_destroy(tis));
	MUST(flexio_transport_domain_destroy(td));
	EXPECT_LINE(flexio_sq_tis_destroy(tis), FLEXIO_STATUS_FAILED, "flexio_sq_tis_destroy", "%p is not a live TIS",
		    (void *)tis);
	EXPECT_LINE(flexio_transport_domain_destroy(td), FLEXIO_STATUS_FAILED, "flexio_transport_domain_destroy",
		    "%p is not a live transport domain", (void *)td);
}

/* Queues on mlx5_sim1 with rings in the process's DPA memory (mlx5_sim0's DPA). */
static void cross_device(void **state)
{
	flexio_cq *cq = new_cq(fx.p, fx.ctx1);
	uint32_t cqn = flexio_cq_get_cq_num(cq);
	struct flexio_wq_attr sa = wq_attr(fx.p, 2, fx.pd1), ra = wq_attr(fx.p, 2, fx.pd1);
	flexio_sq *sq = NULL, *xs = NULL;
	flexio_rq *rq = NULL, *xr = NULL;

	(void)state;
	ra.rq.wq_type = FLEXIO_WQ_TYPE_CYCLIC;
	MUST(flexio_sq_create_cross_dev(fx.p, fx.ctx1, cqn, &sa, &sq));
	MUST(flexio_rq_create_cross_dev(fx.p, fx.ctx1, cqn, &ra, &rq));
	assert_int_not_equal(flexio_sq_get_wq_num(sq), UINT32_MAX);
	assert_int_not_equal(flexio_rq_get_wq_num(rq), UINT32_MAX);
	EXPECT_FAILURE_LOGGED(flexio_sq_create_cross_dev(fx.p, ctx, cqn, &sa, &xs), "flexio_sq_create_cross_dev");
	EXPECT_FAILURE_LOGGED(flexio_rq_create_cross_dev(fx.p, NULL, cqn, &ra, &xr), "flexio_rq_create_cross_dev");
	/* On the process's own device, mlx5_sim1's PD is refused. */
	EXPECT_FAILURE_LOGGED(flexio_sq_create(fx.p, NULL, cqn, &sa, &xs), "flexio_sq_create");
	assert_null(xs);
	assert_null(xr);
	MUST(flexio_sq_destroy(sq));
	MUST(flexio_rq_destroy(rq));
	MUST(flexio_cq_destroy(cq));
}

/* ---- queue pairs ------------------------------------------------------------------------------ */

/* An RC QP of p on its device with 2^2 WQEBBs and receive WQEs, reporting to cqn (rmp: its RQ). */
static flexio_qp *new_qp(flexio_process *p, uint32_t cqn, flexio_rmp *rmp)
{
	struct flexio_qp_attr attr = { .transport_type = FLEXIO_QPC_ST_RC,
				       .uar_id = fx.uar_id,
				       .qp_access_mask = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE,
				       .pd = fx.pd,
				       .log_sq_depth = 2,
				       .sq_cqn = cqn,
				       .log_rq_depth = 2,
				       .rq_cqn = cqn };
	flexio_qp *qp = NULL;

	if (rmp) {
		attr.rq_type = FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ;
		attr.rmpqn = flexio_rmp_get_wq_num(rmp);
	}
	/* The receive ring first, the send ring after it. */
	attr.qp_wq_buff_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 64 + 256) };
	attr.qp_wq_dbr_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 64) };
	MUST(flexio_qp_create(p, NULL, &attr, &qp));
	return qp;
}

/* Moves qp through INIT and RTR to RTS, connected to remote on this device. */
static void qp_connect(flexio_qp *qp, flexio_qp *remote)
{
	struct flexio_qp_attr attr = { .qp_access_mask = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE,
				       .vhca_port_num = 1,
				       .remote_qp_num = flexio_qp_get_qp_num(remote),
				       .path_mtu = FLEXIO_QP_QPC_MTU_BYTES_1K,
				       .fl = 1,
				       .min_rnr_nak_timer = 12,
				       .retry_count = 7,
				       .next_rcv_psn = 0,
				       .next_send_psn = 0,
				       .log_rra_max = 2,
				       .log_sra_max = 2 };

	attr.next_state = FLEXIO_QP_STATE_INIT;
	MUST(flexio_qp_modify(qp, &attr, NULL));
	assert_int_equal(flexio_qp_state_get(qp), FLEXIO_QP_STATE_INIT);
	attr.next_state = FLEXIO_QP_STATE_RTR;
	MUST(flexio_qp_modify(qp, &attr, NULL));
	assert_int_equal(flexio_qp_state_get(qp), FLEXIO_QP_STATE_RTR);
	attr.next_state = FLEXIO_QP_STATE_RTS;
	MUST(flexio_qp_modify(qp, &attr, &(struct flexio_qp_attr_opt_param_mask){ .min_rnr_nak_timer = true }));
	assert_int_equal(flexio_qp_state_get(qp), FLEXIO_QP_STATE_RTS);
}

static void queue_pairs(void **state)
{
	flexio_cq *cq = new_cq(fx.p, NULL);
	uint32_t cqn = flexio_cq_get_cq_num(cq);
	struct flexio_wq_attr ma = wq_attr(fx.p, 3, fx.pd);
	flexio_qp *a = new_qp(fx.p, cqn, NULL), *b = new_qp(fx.p, cqn, NULL), *c;
	struct flexio_qp_attr attr = { 0 };
	flexio_rmp *rmp = NULL;

	(void)state;
	ma.rq.wq_type = FLEXIO_WQ_TYPE_CYCLIC;
	assert_int_not_equal(flexio_qp_get_qp_num(a), UINT32_MAX);
	assert_int_not_equal(flexio_qp_get_qp_num(a), flexio_qp_get_qp_num(b));
	assert_int_equal(flexio_qp_state_get(a), FLEXIO_QP_STATE_RST);
	qp_connect(a, b);
	qp_connect(b, a);

	/* RTS -> RTS with the optional attributes, the mask's bools holding bytes other than 0 and 1:
	 * read as bytes (nonzero true), not as bools (undefined behaviour: UBSan stops the test). */
	{
		struct flexio_qp_attr rts = { .next_state = FLEXIO_QP_STATE_RTS,
					      .qp_access_mask = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE,
					      .min_rnr_nak_timer = 12 };
		struct flexio_qp_attr_opt_param_mask mask;

		memset(&mask.qp_access_mask, 0x02, 1);
		memset(&mask.min_rnr_nak_timer, 0xff, 1);
		MUST(flexio_qp_modify(a, &rts, &mask));
		assert_int_equal(flexio_qp_state_get(a), FLEXIO_QP_STATE_RTS);
	}

	/* No RTS -> RTR in IB's state machine: refused, the QP unchanged. */
	attr.next_state = FLEXIO_QP_STATE_RTR;
	EXPECT_FAILURE_LOGGED(flexio_qp_modify(a, &attr, NULL), "flexio_qp_modify");
	assert_int_equal(flexio_qp_state_get(a), FLEXIO_QP_STATE_RTS);
	attr.next_state = (enum flexio_qp_state)5;
	EXPECT_LINE(flexio_qp_modify(a, &attr, NULL), FLEXIO_STATUS_FAILED, "flexio_qp_modify",
		    "fattr->next_state 5 is not a QP state (FLEXIO_QP_STATE_RST, _INIT, _RTR, _RTS, SQD 4 or "
		    "FLEXIO_QP_STATE_ERR)");
	EXPECT_LINE(flexio_qp_modify(a, NULL, NULL), FLEXIO_STATUS_FAILED, "flexio_qp_modify", "fattr is NULL");
	/* RTS <-> SQD (IB's value 4, which enum flexio_qp_state does not name), any -> ERR, any -> RST. */
	attr.next_state = (enum flexio_qp_state)4;
	MUST(flexio_qp_modify(a, &attr, NULL));
	assert_int_equal(flexio_qp_state_get(a), 4);
	attr.next_state = FLEXIO_QP_STATE_RTS;
	MUST(flexio_qp_modify(a, &attr, NULL));
	attr.next_state = FLEXIO_QP_STATE_ERR;
	MUST(flexio_qp_modify(a, &attr, NULL));
	assert_int_equal(flexio_qp_state_get(a), FLEXIO_QP_STATE_ERR);
	attr.next_state = FLEXIO_QP_STATE_RST;
	MUST(flexio_qp_modify(a, &attr, NULL));
	assert_int_equal(flexio_qp_state_get(a), FLEXIO_QP_STATE_RST);

	/* A QP receiving from an RMP: the RMP stays while the QP does. */
	MUST(flexio_rmp_create(fx.p, NULL, &ma, &rmp));
	c = new_qp(fx.p, cqn, rmp);
	EXPECT_LINE(flexio_rmp_destroy(rmp), FLEXIO_STATUS_FAILED, "flexio_rmp_destroy",
		    "RMP 0x%x is in use: QPs receive from it", flexio_rmp_get_wq_num(rmp));
	MUST(flexio_qp_destroy(c));
	/* Depths of rings a QP does not have are not read: no SQ, receives from the RMP. */
	attr = (struct flexio_qp_attr){ .transport_type = FLEXIO_QPC_ST_RC,
					.pd = fx.pd,
					.no_sq = 1,
					.log_sq_depth = -1,
					.rq_type = FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ,
					.log_rq_depth = -1,
					.rq_cqn = cqn,
					.rmpqn = flexio_rmp_get_wq_num(rmp) };
	attr.qp_wq_buff_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(fx.p, 64) };
	attr.qp_wq_dbr_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(fx.p, 64) };
	MUST(flexio_qp_create(fx.p, NULL, &attr, &c));
	MUST(flexio_qp_destroy(c));
	MUST(flexio_rmp_destroy(rmp));

	MUST(flexio_qp_destroy(a));
	EXPECT_LINE(flexio_qp_state_get(a), FLEXIO_QP_STATE_ERR, "flexio_qp_state_get", "%p is not a live QP",
		    (void *)a);
	EXPECT_LINE(flexio_qp_get_qp_num(a), UINT32_MAX, "flexio_qp_get_qp_num", "%p is not a live QP", (void *)a);
	MUST(flexio_qp_destroy(b));
	MUST(flexio_cq_destroy(cq));
}

/* ---- lifetimes ------------------------------------------------------------------------------ */

/* Destroying a process takes its queues with it, those that use others first; the PD it held
 * for them is free again; transport objects are the device context's and stay. */
static void process_takes_its_queues(void **state)
{
	struct ibv_pd *pd = ibv_alloc_pd(ctx);
	flexio_process *p = NULL;
	flexio_transport_domain *td = NULL;
	flexio_sq_tis *tis = NULL;
	flexio_cq *cq;
	flexio_sq *sq = NULL;
	flexio_rq *rq = NULL;
	flexio_rmp *rmp = NULL;
	flexio_qp *qp = NULL;
	struct flexio_wq_attr sa, ra, ma;
	struct flexio_qp_attr qa = { .transport_type = FLEXIO_QPC_ST_RC,
				     .log_sq_depth = 2,
				     .rq_type = FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ };
	uint32_t cqn;

	(void)state;
	assert_non_null(pd);
	MUST(flexio_process_create(ctx, fx.app, &(struct flexio_process_attr){ .pd = pd }, &p));
	/* Created in the order of their numbers' use: the CQ first, the QP on the RMP last. */
	cq = new_cq(p, NULL);
	cqn = flexio_cq_get_cq_num(cq);
	sa = wq_attr(p, 2, pd);
	ra = wq_attr(p, 2, pd);
	ma = wq_attr(p, 2, pd);
	ra.rq.wq_type = ma.rq.wq_type = FLEXIO_WQ_TYPE_CYCLIC;
	MUST(flexio_transport_domain_create(ctx, &td));
	MUST(flexio_sq_tis_create(ctx, td, &tis));
	sa.sq.tis = tis;
	MUST(flexio_sq_create(p, NULL, cqn, &sa, &sq));
	MUST(flexio_rq_create(p, NULL, cqn, &ra, &rq));
	MUST(flexio_rmp_create(p, NULL, &ma, &rmp));
	qa.pd = pd;
	qa.sq_cqn = qa.rq_cqn = cqn;
	qa.rmpqn = flexio_rmp_get_wq_num(rmp);
	qa.qp_wq_buff_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 256) };
	qa.qp_wq_dbr_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 64) };
	MUST(flexio_qp_create(p, NULL, &qa, &qp));
	assert_int_equal(ibv_dealloc_pd(pd), EBUSY);

	{
		struct stderr_capture c;

		capture_begin(&c);
		MUST(flexio_process_destroy(p));
		assert_string_equal(capture_end(&c), ""); /* nothing was left to the device */
	}
	EXPECT_FAILURE_LOGGED(flexio_cq_destroy(cq), "flexio_cq_destroy");
	EXPECT_FAILURE_LOGGED(flexio_sq_destroy(sq), "flexio_sq_destroy");
	EXPECT_FAILURE_LOGGED(flexio_rq_destroy(rq), "flexio_rq_destroy");
	EXPECT_FAILURE_LOGGED(flexio_rmp_destroy(rmp), "flexio_rmp_destroy");
	EXPECT_FAILURE_LOGGED(flexio_qp_destroy(qp), "flexio_qp_destroy");
	/* The SQ is gone: its TIS, then the domain, may go. */
	MUST(flexio_sq_tis_destroy(tis));
	MUST(flexio_transport_domain_destroy(td));
	assert_int_equal(ibv_dealloc_pd(pd), 0);
}

/* ---- the data path: an event handler woken by CQEs --------------------------------------------- */

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

static void handler_woken_by_cqes(void **state)
{
	enum {
		LOG_CQ = 3,
		LOG_SQ = 4,
		BATCH = 4,
		BATCHES = 50
	}; /* 200 CQEs: 25 passes of the CQ ring */
	struct flexio_cq_attr ca = cq_attr(fx.p, LOG_CQ, FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD);
	struct flexio_wq_attr sa = wq_attr(fx.p, LOG_SQ, fx.pd);
	flexio_uintptr_t cq_state = dpa_zeroed(fx.p, sizeof(struct queue_test_cq));
	flexio_uintptr_t sq_state = dpa_zeroed(fx.p, sizeof(struct queue_test_sq));
	struct queue_test_cq cqs;
	struct queue_test_sq sqs;
	flexio_event_handler *eh = NULL;
	flexio_cq *cq = NULL;
	flexio_sq *sq = NULL;
	uint64_t ret = 1;

	(void)state;
	MUST(flexio_event_handler_create(
		fx.p, &(struct flexio_event_handler_attr){ .host_stub_func = &queue_cq_handler, .arg = cq_state },
		&eh));
	ca.thread = flexio_event_handler_get_thread(eh);
	MUST(flexio_cq_create(fx.p, NULL, &ca, &cq));
	MUST(flexio_sq_create(fx.p, NULL, flexio_cq_get_cq_num(cq), &sa, &sq));
	cqs = (struct queue_test_cq){ .ring = ca.cq_ring_qmem.daddr,
				      .dbr = ca.cq_dbr_daddr,
				      .cqn = flexio_cq_get_cq_num(cq),
				      .log_depth = LOG_CQ,
				      .outbox_id = flexio_outbox_get_id(fx.outbox),
				      .last_opcode = 0xff };
	sqs = (struct queue_test_sq){ .ring = sa.wq_ring_qmem.daddr,
				      .sqn = flexio_sq_get_wq_num(sq),
				      .log_depth = LOG_SQ,
				      .outbox_id = flexio_outbox_get_id(fx.outbox) };
	MUST(flexio_host2dev_memcpy(fx.p, &cqs, sizeof(cqs), cq_state));
	MUST(flexio_host2dev_memcpy(fx.p, &sqs, sizeof(sqs), sq_state));
	MUST(flexio_event_handler_run(eh, 0));

	/* One NOP: one CQE (a requester's, opcode 0), which runs the handler. */
	MUST(flexio_process_call(fx.p, &queue_sq_post_nop, &ret, sq_state, 1));
	assert_int_equal(ret, 0);
	wait_for(cq_state + offsetof(struct queue_test_cq, cqes), 1);
	assert_int_equal(read_u64(cq_state + offsetof(struct queue_test_cq, last_opcode)), 0);
	assert_true(read_u64(cq_state + offsetof(struct queue_test_cq, invocations)) >= 1);

	/* Many batches: the owner bit flips at every pass of the 8-CQE ring, and each batch is
	 * consumed (and the CQ armed again) before the next could overrun it. */
	for (uint64_t i = 1; i <= BATCHES; i++) {
		MUST(flexio_process_call(fx.p, &queue_sq_post_nop, &ret, sq_state, BATCH));
		assert_int_equal(ret, 0);
		wait_for(cq_state + offsetof(struct queue_test_cq, cqes), 1 + i * BATCH);
	}
	assert_true(read_u64(cq_state + offsetof(struct queue_test_cq, invocations)) <= 1 + BATCHES * BATCH);

	/* The CQ's handler and its SQ are in use: the CQ stays. */
	EXPECT_FAILURE_LOGGED(flexio_cq_destroy(cq), "flexio_cq_destroy");
	MUST(flexio_sq_destroy(sq));
	MUST(flexio_cq_destroy(cq));
	MUST(flexio_event_handler_destroy(eh));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cq_lifecycle),          cmocka_unit_test(cq_bool_bytes),
		cmocka_unit_test(cq_of_thread),          cmocka_unit_test(work_queues),
		cmocka_unit_test(transport_objects),     cmocka_unit_test(cross_device),
		cmocka_unit_test(queue_pairs),           cmocka_unit_test(process_takes_its_queues),
		cmocka_unit_test(handler_woken_by_cqes),
	};

	return cmocka_run_group_tests_name("queues", tests, setup, teardown);
}
