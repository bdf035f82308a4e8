/*
 * RC QPs: the state machine and its masks, send/receive, RDMA write/read, atomics, inline
 * data, error CQEs (bad lkey, rkey, PD, bounds, access, lengths, unreachable peers) with the
 * queues going to error and flushing, RNR retries, SQD, owners that may not ring each other's
 * queues, compressed receive completions, messages over their own source.
 */
#include "nic_test.h"

#include <stdarg.h>
#include <setjmp.h>

#include <cmocka.h>

#define OWNER 3
#define PD 11
#define RW (NIC_ACCESS_LOCAL_WRITE | NIC_ACCESS_REMOTE_WRITE | NIC_ACCESS_REMOTE_READ | NIC_ACCESS_REMOTE_ATOMIC)

struct fixture {
	struct test_env te;
	struct nic *nic;
	struct tcq acq, bcq;  /* A's and B's CQs (send and receive completions) */
	struct tqp a, b;      /* connected to each other */
	uint8_t *abuf, *bbuf; /* 64 KiB each */
	uint32_t akey, bkey;  /* keys on PD with every right, iova = 0x10000 */
};

#define IOVA 0x10000ull

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	te_init(&f->te);
	f->nic = te_nic(&f->te, NULL);
	tcq_create(&f->acq, &f->te, f->nic, OWNER, 6, NULL);
	tcq_create(&f->bcq, &f->te, f->nic, OWNER, 6, NULL);
	tqp_create(&f->a, &f->te, f->nic, OWNER, PD, &f->acq, &f->acq, 5, 5);
	tqp_create(&f->b, &f->te, f->nic, OWNER, PD, &f->bcq, &f->bcq, 5, 5);
	tqp_connect(&f->a, f->b.qpn, NULL, RW);
	tqp_connect(&f->b, f->a.qpn, NULL, RW);
	f->abuf = calloc(1, 65536);
	f->bbuf = calloc(1, 65536);
	f->akey = te_mkey(&f->te, PD, f->abuf, 65536, IOVA, RW);
	f->bkey = te_mkey(&f->te, PD, f->bbuf, 65536, IOVA, RW);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	nic_destroy(f->nic);
	te_fini(&f->te);
	free(f->abuf);
	free(f->bbuf);
	free(f);
	return 0;
}

static struct flexio_dev_cqe64 poll1(struct tcq *cq)
{
	struct flexio_dev_cqe64 cqe;

	assert_true(tcq_poll(cq, &cqe));
	return cqe;
}

static void expect_error(struct tcq *cq, uint8_t opcode, uint8_t syndrome, uint32_t qpn)
{
	struct flexio_dev_cqe64 cqe = poll1(cq);

	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), opcode);
	assert_int_equal(flexio_dev_cqe_get_err_synd(&cqe) & 0xff, syndrome);
	assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), qpn);
}

static int qp_state(struct fixture *f, uint32_t qpn)
{
	struct nic_qp_attr a;

	assert_int_equal(nic_qp_query(f->nic, qpn, &a), 0);
	return a.state;
}

/* ---- The state machine ------------------------------------------------------------------------ */

/* The SQ follows the RQ in mlx5's QP buffer: after a one-WQE RQ (16 bytes) it starts at a
 * 16-byte boundary, which the NIC takes and executes from; a ring off that boundary is refused. */
static void test_sq_after_one_wqe_rq(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_qp_create_attr a;
	struct tqp q;
	uint32_t qpn;

	tqp_create(&q, &f->te, f->nic, OWNER, PD, &f->acq, &f->acq, 3, 0);
	assert_int_equal(q.sq_addr, 16);
	tqp_connect(&q, f->b.qpn, NULL, RW);
	assert_int_equal(tqp_nops(&q, 2), 0);
	for (int i = 0; i < 2; i++) {
		assert_true(tcq_poll(&f->acq, &cqe));
		assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 0);
		assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), q.qpn);
	}
	a = (struct nic_qp_create_attr){
		.owner = OWNER,
		.pd = PD,
		.sq_cqn = f->acq.cqn,
		.rq_cqn = f->acq.cqn,
		.log_sq_depth = 3,
		.rq_type = NIC_QP_RQ_NONE,
		.sq_ring = { q.space, 8 },
		.dbr = { q.space, q.dbr_addr },
	};
	assert_int_equal(nic_qp_create(f->nic, &a, &qpn), -EFAULT);
}

static void test_states(void **state)
{
	struct fixture *f = *state;
	struct nic_stats stats;
	struct nic_qp_attr a = { 0 };
	struct tqp q;

	tqp_create(&q, &f->te, f->nic, OWNER, PD, &f->acq, &f->acq, 3, 3);
	assert_int_equal(qp_state(f, q.qpn), NIC_QP_RST);
	/* Posting in RST, INIT and RTR: the doorbell is refused and counted. */
	assert_int_equal(tqp_nops(&q, 1), -EINVAL);
	/* Illegal transitions. */
	a.state = NIC_QP_RTR;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE), -EPERM);
	a.state = NIC_QP_RTS;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE), -EPERM);
	/* RST->INIT without its required attributes, or with one it does not take. */
	a = (struct nic_qp_attr){ .state = NIC_QP_INIT, .port = 1 };
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE | NIC_QP_PORT), -EINVAL);
	assert_int_equal(
		nic_qp_modify(f->nic, q.qpn, &a,
			      NIC_QP_STATE | NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT | NIC_QP_DEST_QPN),
		-EINVAL);
	a.port = 3; /* out of range */
	assert_int_equal(
		nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE | NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT),
		-EINVAL);
	assert_int_equal(qp_state(f, q.qpn), NIC_QP_RST);
	a.port = 1;
	assert_int_equal(
		nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE | NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT), 0);
	assert_int_equal(qp_state(f, q.qpn), NIC_QP_INIT);
	assert_int_equal(tqp_ring(&q), -EINVAL);
	/* INIT->INIT in place (no state bit); INIT->RTS skips RTR. */
	a.access = NIC_ACCESS_REMOTE_READ;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_ACCESS), 0);
	a.state = NIC_QP_RTS;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE), -EPERM);
	a = (struct nic_qp_attr){ .state = NIC_QP_RTR, .dest_qpn = q.qpn, .path_mtu = 9 };
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a,
				       NIC_QP_STATE | NIC_QP_PATH | NIC_QP_PATH_MTU | NIC_QP_DEST_QPN | NIC_QP_RQ_PSN |
					       NIC_QP_MAX_DEST_RD_ATOMIC | NIC_QP_MIN_RNR_TIMER),
			 -EINVAL); /* path MTU 9 */
	a.path_mtu = 1;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a,
				       NIC_QP_STATE | NIC_QP_PATH | NIC_QP_PATH_MTU | NIC_QP_DEST_QPN | NIC_QP_RQ_PSN |
					       NIC_QP_MAX_DEST_RD_ATOMIC | NIC_QP_MIN_RNR_TIMER),
			 0);
	assert_int_equal(qp_state(f, q.qpn), NIC_QP_RTR);
	assert_int_equal(tqp_ring(&q), -EINVAL);
	a = (struct nic_qp_attr){ .state = NIC_QP_RTS, .sq_psn = 100, .rnr_retry = 7 };
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE | NIC_QP_SQ_PSN), -EINVAL);
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a,
				       NIC_QP_STATE | NIC_QP_SQ_PSN | NIC_QP_TIMEOUT | NIC_QP_RETRY_CNT |
					       NIC_QP_RNR_RETRY | NIC_QP_MAX_QP_RD_ATOMIC),
			 0);
	assert_int_equal(qp_state(f, q.qpn), NIC_QP_RTS);
	/* The NOP posted in RST runs now that the doorbell is taken. */
	assert_int_equal(tqp_ring(&q), 0);
	(void)poll1(&f->acq);
	assert_int_equal(nic_qp_query(f->nic, q.qpn, &a), 0);
	assert_int_equal(a.sq_psn, 101);
	assert_int_equal(a.path_mtu, 1);
	assert_int_equal(a.access, NIC_ACCESS_REMOTE_READ);

	/* SQD keeps doorbells until RTS again. */
	a.state = NIC_QP_SQD;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE), 0);
	assert_int_equal(tqp_nops(&q, 2), 0);
	assert_false(tcq_poll(&f->acq, &(struct flexio_dev_cqe64){ 0 }));
	a.state = NIC_QP_RTS;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE | NIC_QP_MIN_RNR_TIMER), 0);
	(void)poll1(&f->acq);
	(void)poll1(&f->acq);

	/* ERR: only RST leads out; RST forgets everything. */
	a.state = NIC_QP_ERR;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE), 0);
	a.state = NIC_QP_RTS;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE), -EPERM);
	a.state = NIC_QP_RST;
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE), 0);
	assert_int_equal(qp_state(f, q.qpn), NIC_QP_RST);
	nic_stats_get(f->nic, &stats);
	assert_int_equal(stats.refused_state, 3);
	assert_int_equal(nic_qp_modify(f->nic, f->acq.cqn + 999, &a, NIC_QP_STATE), -ENOENT);
}

/* ---- Data movement ----------------------------------------------------------------------------- */

static void test_send_recv(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;

	for (int i = 0; i < 3; i++)
		tqp_post_recv(&f->b, f->bkey, IOVA + 1000 * i, 1000);
	for (int i = 0; i < 3; i++) {
		memset(f->abuf + 100 * i, 'a' + i, 100 + i);
		assert_int_equal(tqp_send(&f->a, f->akey, IOVA + 100 * i, 100 + i), 0);
	}
	for (uint16_t i = 0; i < 3; i++) {
		cqe = poll1(&f->bcq);
		assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 2); /* RESP_SEND */
		assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 100 + i);
		assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), f->b.qpn);
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), i);
		assert_int_equal(flexio_dev_cqe_get_user_index(&cqe), 0x77);
		assert_int_equal(f->bbuf[1000 * i], 'a' + i);
		assert_int_equal(f->bbuf[1000 * i + 99 + i], 'a' + i);
		assert_int_equal(f->bbuf[1000 * i + 100 + i], 0);
		cqe = poll1(&f->acq);
		assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 0); /* REQ */
		assert_int_equal(cqe.sop_rdrop, 0x0a);
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), i);
	}

	/* SEND with immediate and solicited event, gathered from two segments. */
	uint16_t pi = f->a.sq_pi;
	union flexio_dev_sqe_seg *ctrl = tqp_seg(&f->a, pi, 0);

	flexio_dev_swqe_seg_ctrl_set(ctrl, pi, f->a.qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS, FLEXIO_CTRL_SEG_SEND_RC);
	ctrl->ctrl.idx_opcode = cpu_to_be32(be32_to_cpu(ctrl->ctrl.idx_opcode) | 0x0b); /* SEND_IMM */
	ctrl->ctrl.qpn_ds = cpu_to_be32(f->a.qpn << 8 | 3);
	ctrl->ctrl.signature_fm_ce_se = cpu_to_be32(MLX5_CTRL_SEG_CE_CQE_ALWAYS << 2 | 2);
	ctrl->ctrl.general_id = cpu_to_be32(0xabcd1234);
	flexio_dev_swqe_seg_mem_ptr_data_set(tqp_seg(&f->a, pi, 1), 10, f->akey, IOVA);
	flexio_dev_swqe_seg_mem_ptr_data_set(tqp_seg(&f->a, pi, 2), 20, f->akey, IOVA + 200);
	f->a.sq_pi++;
	tqp_post_recv(&f->b, f->bkey, IOVA + 5000, 100);
	te_clear(&f->te);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_CQ_ARM_SOLICITED, f->bcq.cqn, f->bcq.ci), 0);
	assert_int_equal(tqp_ring(&f->a), 0);
	cqe = poll1(&f->bcq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 3); /* RESP_SEND_IMM */
	assert_int_equal(be32_to_cpu(cqe.imm_inval_pkey), 0xabcd1234);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 30);
	assert_int_equal(cqe.op_own & 2, 2); /* solicited */
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, f->bcq.cqn), 1);
	assert_memory_equal(f->bbuf + 5000, f->abuf, 10);
	assert_memory_equal(f->bbuf + 5010, f->abuf + 200, 20);
	(void)poll1(&f->acq);
}

static void test_rdma(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;

	for (int i = 0; i < 4096; i++)
		f->abuf[i] = (uint8_t)(i * 7);
	assert_int_equal(tqp_rdma(&f->a, FLEXIO_CTRL_SEG_RDMA_WRITE, f->akey, IOVA, 4096, f->bkey, IOVA + 8192), 0);
	cqe = poll1(&f->acq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 0);
	assert_int_equal(cqe.sop_rdrop, 0x08);
	assert_memory_equal(f->bbuf + 8192, f->abuf, 4096);
	assert_false(tcq_poll(&f->bcq, &cqe)); /* a plain write is silent at the responder */

	/* Read it back elsewhere. */
	assert_int_equal(tqp_rdma(&f->a, FLEXIO_CTRL_SEG_RDMA_READ, f->akey, IOVA + 20000, 4096, f->bkey, IOVA + 8192),
			 0);
	cqe = poll1(&f->acq);
	assert_int_equal(cqe.sop_rdrop, 0x10);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 4096);
	assert_memory_equal(f->abuf + 20000, f->abuf, 4096);

	/* Write with immediate: takes a receive WQE, the CQE counts the bytes written. */
	tqp_post_recv(&f->b, f->bkey, IOVA, 16);
	assert_int_equal(tqp_rdma(&f->a, FLEXIO_CTRL_SEG_RDMA_WRITE_IMM, f->akey, IOVA, 300, f->bkey, IOVA + 30000), 0);
	cqe = poll1(&f->bcq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 1); /* RESP_WR_IMM */
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 300);
	assert_memory_equal(f->bbuf + 30000, f->abuf, 300);
	cqe = poll1(&f->acq);
	assert_int_equal(cqe.sop_rdrop, 0x09);
}

/* A message whose destination overlaps its source (one buffer, both QPs on one PD): the NIC
 * copies as if through a buffer, as DMA does, whichever way they overlap (a memcpy there is
 * undefined: ASan's memcpy-param-overlap). */
static void test_overlap(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	uint8_t want[4096];

	for (int i = 0; i < 8192; i++)
		f->abuf[i] = (uint8_t)(i * 13 + i / 256);
	/* RDMA write forwards (to 64 bytes on) and backwards (to 100 bytes before) in A's buffer */
	memcpy(want, f->abuf, 4096);
	assert_int_equal(tqp_rdma(&f->a, FLEXIO_CTRL_SEG_RDMA_WRITE, f->akey, IOVA, 4096, f->akey, IOVA + 64), 0);
	cqe = poll1(&f->acq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 0);
	assert_memory_equal(f->abuf + 64, want, 4096);
	memcpy(want, f->abuf + 200, 4096);
	assert_int_equal(tqp_rdma(&f->a, FLEXIO_CTRL_SEG_RDMA_WRITE, f->akey, IOVA + 200, 4096, f->akey, IOVA + 100),
			 0);
	(void)poll1(&f->acq);
	assert_memory_equal(f->abuf + 100, want, 4096);
	/* RDMA read into the bytes it reads from */
	memcpy(want, f->abuf + 1000, 4096);
	assert_int_equal(tqp_rdma(&f->a, FLEXIO_CTRL_SEG_RDMA_READ, f->akey, IOVA + 1500, 4096, f->akey, IOVA + 1000),
			 0);
	(void)poll1(&f->acq);
	assert_memory_equal(f->abuf + 1500, want, 4096);
	/* SEND into a receive buffer over its own source */
	memcpy(want, f->abuf, 3000);
	tqp_post_recv(&f->b, f->akey, IOVA + 10, 3000);
	assert_int_equal(tqp_send(&f->a, f->akey, IOVA, 3000), 0);
	(void)poll1(&f->acq);
	cqe = poll1(&f->bcq);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 3000);
	assert_memory_equal(f->abuf + 10, want, 3000);
}

static void atomic_wqe(struct tqp *qp, uint8_t opcode, uint64_t raddr, uint32_t rkey, uint64_t a, uint64_t b,
		       uint32_t lkey, uint64_t laddr)
{
	uint16_t pi = qp->sq_pi;
	union flexio_dev_sqe_seg *ctrl = tqp_seg(qp, pi, 0);

	flexio_dev_swqe_seg_ctrl_set(ctrl, pi, qp->qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
				     FLEXIO_CTRL_SEG_ATOMIC_COMPARE_AND_SWAP);
	ctrl->ctrl.idx_opcode = cpu_to_be32((uint32_t)pi << 8 | opcode);
	flexio_dev_swqe_seg_rdma_set(tqp_seg(qp, pi, 1), rkey, raddr);
	flexio_dev_swqe_seg_atomic_set(tqp_seg(qp, pi, 2), a, b);
	flexio_dev_swqe_seg_mem_ptr_data_set(tqp_seg(qp, pi, 3), 8, lkey, laddr);
	qp->sq_pi++;
}

static void test_atomics(void **state)
{
	struct fixture *f = *state;
	uint64_t *target = (uint64_t *)(f->bbuf + 64), result;
	struct flexio_dev_cqe64 cqe;

	*target = 40;
	atomic_wqe(&f->a, 0x12, IOVA + 64, f->bkey, 2, 0, f->akey, IOVA); /* fetch-and-add */
	assert_int_equal(tqp_ring(&f->a), 0);
	memcpy(&result, f->abuf, 8);
	assert_int_equal(result, 40);
	assert_int_equal(*target, 42);
	cqe = poll1(&f->acq);
	assert_int_equal(cqe.sop_rdrop, 0x12);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 8);

	atomic_wqe(&f->a, 0x11, IOVA + 64, f->bkey, 100, 41, f->akey, IOVA + 8);  /* CAS, compare fails */
	atomic_wqe(&f->a, 0x11, IOVA + 64, f->bkey, 100, 42, f->akey, IOVA + 16); /* CAS, succeeds */
	assert_int_equal(tqp_ring(&f->a), 0);
	memcpy(&result, f->abuf + 8, 8);
	assert_int_equal(result, 42);
	memcpy(&result, f->abuf + 16, 8);
	assert_int_equal(result, 42);
	assert_int_equal(*target, 100);
	(void)poll1(&f->acq);
	(void)poll1(&f->acq);

	/* A misaligned remote address is an invalid request. */
	atomic_wqe(&f->a, 0x12, IOVA + 65, f->bkey, 1, 0, f->akey, IOVA);
	assert_int_equal(tqp_ring(&f->a), 0);
	expect_error(&f->acq, 13, 0x12, f->a.qpn);
	assert_int_equal(qp_state(f, f->a.qpn), NIC_QP_ERR);
}

/* Inline data: one segment of up to 12 bytes, and a longer run over several segments. */
static void test_inline(void **state)
{
	struct fixture *f = *state;
	uint32_t words[3] = { 0x64636261, 0x68676665, 0x6c6b6a69 }; /* "abcdefghijkl" */
	struct flexio_dev_cqe64 cqe;
	uint16_t pi = f->a.sq_pi;
	uint8_t *seg;

	tqp_post_recv(&f->b, f->bkey, IOVA, 256);
	tqp_post_recv(&f->b, f->bkey, IOVA + 256, 256);
	flexio_dev_swqe_seg_ctrl_set(tqp_seg(&f->a, pi, 0), pi, f->a.qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
				     FLEXIO_CTRL_SEG_SEND_RC);
	flexio_dev_swqe_seg_inline_data_set(tqp_seg(&f->a, pi, 1), 12, words);
	f->a.sq_pi++;
	assert_int_equal(tqp_ring(&f->a), 0);
	cqe = poll1(&f->bcq);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 12);
	assert_memory_equal(f->bbuf, "abcdefghijkl", 12);
	(void)poll1(&f->acq);

	/* 40 bytes inline: byte count word, then the data over three segments (ds = 4). */
	pi = f->a.sq_pi;
	flexio_dev_swqe_seg_ctrl_set(tqp_seg(&f->a, pi, 0), pi, f->a.qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
				     FLEXIO_CTRL_SEG_SEND_RC);
	tqp_seg(&f->a, pi, 0)->ctrl.qpn_ds = cpu_to_be32(f->a.qpn << 8 | 4);
	seg = (uint8_t *)tqp_seg(&f->a, pi, 1);
	*(uint32_t *)seg = cpu_to_be32(0x80000000u | 40);
	for (int i = 0; i < 40; i++)
		seg[4 + i] = (uint8_t)('A' + i);
	f->a.sq_pi++;
	assert_int_equal(tqp_ring(&f->a), 0);
	cqe = poll1(&f->bcq);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 40);
	assert_memory_equal(f->bbuf + 256, seg + 4, 40);
	(void)poll1(&f->acq);

	/* Inline data claiming more than its WQE holds is a malformed WQE. */
	pi = f->a.sq_pi;
	flexio_dev_swqe_seg_ctrl_set(tqp_seg(&f->a, pi, 0), pi, f->a.qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
				     FLEXIO_CTRL_SEG_SEND_RC);
	*(uint32_t *)tqp_seg(&f->a, pi, 1) = cpu_to_be32(0x80000000u | 13);
	f->a.sq_pi++;
	assert_int_equal(tqp_ring(&f->a), 0);
	expect_error(&f->acq, 13, 0x02, f->a.qpn);
}

/* ---- Errors ------------------------------------------------------------------------------------- */

static void test_local_key_errors(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	uint32_t other_pd = te_mkey(&f->te, PD + 1, f->abuf, 65536, IOVA, RW);
	struct {
		uint32_t key;
		uint64_t addr;
		uint32_t len;
	} bad[] = {
		{ 0xdead00, 0xdeadbeef, 64 },  /* no such key */
		{ other_pd, IOVA, 64 },        /* another PD's key */
		{ f->akey, IOVA + 65500, 64 }, /* past the region */
		{ f->akey, IOVA - 8, 16 },     /* before it */
	};

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct tcq cq;
		struct tqp q, peer;

		tcq_create(&cq, &f->te, f->nic, OWNER, 4, NULL);
		tqp_create(&q, &f->te, f->nic, OWNER, PD, &cq, &cq, 3, 3);
		tqp_create(&peer, &f->te, f->nic, OWNER, PD, &cq, &cq, 3, 3);
		tqp_connect(&q, peer.qpn, NULL, RW);
		tqp_connect(&peer, q.qpn, NULL, RW);
		tqp_post_recv(&peer, f->bkey, IOVA, 256);
		tqp_post_recv(&q, f->akey, IOVA, 256);
		assert_int_equal(tqp_send(&q, bad[i].key, bad[i].addr, bad[i].len), 0);
		cqe = poll1(&cq);
		assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 13); /* REQ_ERR */
		assert_int_equal(flexio_dev_cqe_get_err_synd(&cqe), 0x04);
		assert_int_equal(cqe.sop_rdrop, 0x0a);
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 0);
		assert_int_equal(qp_state(f, q.qpn), NIC_QP_ERR);
		/* Its receive WQE is flushed; so is what is posted afterwards. */
		expect_error(&cq, 14, 0x05, q.qpn);
		assert_int_equal(tqp_nops(&q, 2), 0);
		expect_error(&cq, 13, 0x05, q.qpn);
		cqe = poll1(&cq);
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 2);
		assert_false(tcq_poll(&cq, &cqe));
		assert_int_equal(qp_state(f, peer.qpn), NIC_QP_RTS); /* nothing reached it */
	}
}

static void test_remote_errors(void **state)
{
	struct fixture *f = *state;
	uint32_t other_pd = te_mkey(&f->te, PD + 1, f->bbuf, 65536, IOVA, RW);
	uint32_t read_only = te_mkey(&f->te, PD, f->bbuf, 65536, IOVA, NIC_ACCESS_REMOTE_READ);
	struct {
		uint32_t rkey;
		uint64_t raddr;
		unsigned peer_access;
	} bad[] = {
		{ 0x777700, IOVA, RW },                    /* no such key */
		{ other_pd, IOVA, RW },                    /* the peer's PD is not the key's */
		{ f->bkey, IOVA + 65536 - 8, RW },         /* past the region */
		{ read_only, IOVA, RW },                   /* the key does not allow writes */
		{ f->bkey, IOVA, NIC_ACCESS_REMOTE_READ }, /* the peer QP does not allow writes */
	};

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct tcq cq;
		struct tqp q, peer;

		tcq_create(&cq, &f->te, f->nic, OWNER, 4, NULL);
		tqp_create(&q, &f->te, f->nic, OWNER, PD, &cq, &cq, 3, 3);
		tqp_create(&peer, &f->te, f->nic, OWNER, PD, &cq, &cq, 3, 3);
		tqp_connect(&q, peer.qpn, NULL, RW);
		tqp_connect(&peer, q.qpn, NULL, bad[i].peer_access);
		memset(f->bbuf, 0, 64);
		assert_int_equal(tqp_rdma(&q, FLEXIO_CTRL_SEG_RDMA_WRITE, f->akey, IOVA, 64, bad[i].rkey, bad[i].raddr),
				 0);
		expect_error(&cq, 13, 0x13, q.qpn);
		assert_int_equal(qp_state(f, q.qpn), NIC_QP_ERR);
		assert_int_equal(qp_state(f, peer.qpn), NIC_QP_RTS);
		assert_int_equal(f->bbuf[0], 0);
	}
}

/* A message longer than the receive WQE: both sides fail, the responder flushes. */
static void test_length_errors(void **state)
{
	struct fixture *f = *state;

	tqp_post_recv(&f->b, f->bkey, IOVA, 100);
	tqp_post_recv(&f->b, f->bkey, IOVA + 100, 100);
	assert_int_equal(tqp_send(&f->a, f->akey, IOVA, 101), 0);
	expect_error(&f->bcq, 14, 0x01, f->b.qpn);
	expect_error(&f->bcq, 14, 0x05, f->b.qpn);
	expect_error(&f->acq, 13, 0x12, f->a.qpn);
	assert_int_equal(qp_state(f, f->a.qpn), NIC_QP_ERR);
	assert_int_equal(qp_state(f, f->b.qpn), NIC_QP_ERR);
	/* Receive WQEs posted in ERR are drained by moving to ERR again. */
	tqp_post_recv(&f->b, f->bkey, IOVA, 100);
	assert_false(tcq_poll(&f->bcq, &(struct flexio_dev_cqe64){ 0 }));
	assert_int_equal(nic_qp_modify(f->nic, f->b.qpn, &(struct nic_qp_attr){ .state = NIC_QP_ERR }, NIC_QP_STATE),
			 0);
	expect_error(&f->bcq, 14, 0x05, f->b.qpn);
	assert_false(tcq_poll(&f->bcq, &(struct flexio_dev_cqe64){ 0 }));
}

/* A receive WQE with a bad key: the responder fails with a protection error, the requester
 * with a remote operation error. */
static void test_receive_key_error(void **state)
{
	struct fixture *f = *state;

	tqp_post_recv(&f->b, 0xbad00, IOVA, 100);
	assert_int_equal(tqp_send(&f->a, f->akey, IOVA, 10), 0);
	expect_error(&f->bcq, 14, 0x04, f->b.qpn);
	expect_error(&f->acq, 13, 0x14, f->a.qpn);
}

/* Peers that do not answer: in RST, connected elsewhere, not there at all. */
static void test_unreachable(void **state)
{
	struct fixture *f = *state;
	struct nic_qp_attr a = { .state = NIC_QP_RST };
	struct tcq cq;
	struct tqp q, r;

	tcq_create(&cq, &f->te, f->nic, OWNER, 4, NULL);
	tqp_create(&q, &f->te, f->nic, OWNER, PD, &cq, &cq, 3, 3);
	tqp_create(&r, &f->te, f->nic, OWNER, PD, &cq, &cq, 3, 3);
	tqp_connect(&q, f->b.qpn, NULL, RW); /* b is connected to a, not to q */
	assert_int_equal(tqp_nops(&q, 1), 0);
	(void)poll1(&cq); /* a NOP needs no peer */
	assert_int_equal(tqp_send(&q, f->akey, IOVA, 8), 0);
	expect_error(&cq, 13, 0x15, q.qpn);

	tqp_connect(&r, 0xfffff, &(struct nic_path){ .loopback = true }, RW); /* no such QP */
	assert_int_equal(tqp_send(&r, f->akey, IOVA, 8), 0);
	expect_error(&cq, 13, 0x15, r.qpn);

	assert_int_equal(nic_qp_modify(f->nic, f->b.qpn, &a, NIC_QP_STATE), 0);
	assert_int_equal(tqp_send(&f->a, f->akey, IOVA, 8), 0);
	expect_error(&f->acq, 13, 0x15, f->a.qpn);
}

/* RNR: a send without a receive WQE waits (doorbells and the RNR timer retry it). */
static void test_rnr(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_wq_info info;

	assert_int_equal(tqp_send(&f->a, f->akey, IOVA, 8), 0);
	assert_false(tcq_poll(&f->acq, &cqe));
	assert_int_equal(nic_wq_query(f->nic, f->a.qpn, &info), 0);
	assert_int_equal(info.rnr, 1);
	assert_int_equal(info.sq_ci, 0);
	assert_int_equal(atomic_load(&f->te.deadline), atomic_load(&f->te.now) + 10000); /* min_rnr_timer 1 */
	tqp_post_recv(&f->b, f->bkey, IOVA, 64);
	nic_timers_run(f->nic); /* not yet due */
	assert_false(tcq_poll(&f->acq, &cqe));
	atomic_fetch_add(&f->te.now, 10000);
	nic_timers_run(f->nic);
	cqe = poll1(&f->acq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 0);
	cqe = poll1(&f->bcq);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 8);

	/* A retry count: after rnr_retry retries, RNR_RETRY_EXC. */
	struct nic_qp_attr a = { .state = NIC_QP_RTS, .rnr_retry = 2 };

	assert_int_equal(nic_qp_modify(f->nic, f->a.qpn, &a, NIC_QP_STATE), 0); /* RTS->RTS takes no RNR_RETRY */
	assert_int_equal(nic_qp_modify(f->nic, f->a.qpn, &a, NIC_QP_STATE | NIC_QP_RNR_RETRY), -EINVAL);
	struct tcq cq;
	struct tqp q, peer;

	tcq_create(&cq, &f->te, f->nic, OWNER, 4, NULL);
	tqp_create(&q, &f->te, f->nic, OWNER, PD, &cq, &cq, 3, 3);
	tqp_create(&peer, &f->te, f->nic, OWNER, PD, &cq, &cq, 3, 3);
	tqp_connect(&peer, q.qpn, NULL, RW);
	a = (struct nic_qp_attr){ .state = NIC_QP_INIT, .port = 1 };
	assert_int_equal(
		nic_qp_modify(f->nic, q.qpn, &a, NIC_QP_STATE | NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT), 0);
	a = (struct nic_qp_attr){ .state = NIC_QP_RTR, .dest_qpn = peer.qpn, .path_mtu = 3 };
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a,
				       NIC_QP_STATE | NIC_QP_PATH | NIC_QP_PATH_MTU | NIC_QP_DEST_QPN | NIC_QP_RQ_PSN |
					       NIC_QP_MAX_DEST_RD_ATOMIC | NIC_QP_MIN_RNR_TIMER),
			 0);
	a = (struct nic_qp_attr){ .state = NIC_QP_RTS, .rnr_retry = 2 };
	assert_int_equal(nic_qp_modify(f->nic, q.qpn, &a,
				       NIC_QP_STATE | NIC_QP_SQ_PSN | NIC_QP_TIMEOUT | NIC_QP_RETRY_CNT |
					       NIC_QP_RNR_RETRY | NIC_QP_MAX_QP_RD_ATOMIC),
			 0);
	assert_int_equal(tqp_send(&q, f->akey, IOVA, 8), 0);
	assert_int_equal(tqp_ring(&q), 0);
	assert_false(tcq_poll(&cq, &cqe));
	atomic_fetch_add(&f->te.now, 1000000);
	nic_timers_run(f->nic);
	expect_error(&cq, 13, 0x16, q.qpn);
	assert_int_equal(qp_state(f, q.qpn), NIC_QP_ERR);
}

/* ---- Owners -------------------------------------------------------------------------------------- */

/* Sends caught by an RNR wait (the waiting one and those posted behind it) deliver their payload
 * as it was when the wait began, whatever is written there before the retry. */
static void test_rnr_payload_kept(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;

	memset(f->abuf, 'x', 8);
	assert_int_equal(tqp_send(&f->a, f->akey, IOVA, 8), 0); /* waits: no receive */
	memset(f->abuf + 8, 'y', 8);
	assert_int_equal(tqp_send(&f->a, f->akey, IOVA + 8, 8), 0); /* behind it: its doorbell retries the first */
	memset(f->abuf, 'X', 16);                                   /* the program reuses the buffers */
	tqp_post_recv(&f->b, f->bkey, IOVA, 8);
	tqp_post_recv(&f->b, f->bkey, IOVA + 8, 8);
	atomic_fetch_add(&f->te.now, 10000);
	nic_timers_run(f->nic);
	for (int i = 0; i < 2; i++) {
		cqe = poll1(&f->bcq);
		assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 8);
		(void)poll1(&f->acq);
	}
	assert_memory_equal(f->bbuf, "xxxxxxxxyyyyyyyy", 16);
	/* With a receive there, a send reads its memory when it runs, as before. */
	memset(f->abuf, 'z', 8);
	tqp_post_recv(&f->b, f->bkey, IOVA + 16, 8);
	assert_int_equal(tqp_send(&f->a, f->akey, IOVA, 8), 0);
	(void)poll1(&f->bcq);
	(void)poll1(&f->acq);
	assert_memory_equal(f->bbuf + 16, "zzzzzzzz", 8);
}

static void test_owners(void **state)
{
	struct fixture *f = *state;
	struct nic_stats stats;
	struct nic_wq_info info;
	struct tcq cq;
	struct tqp q;

	tcq_create(&cq, &f->te, f->nic, OWNER + 1, 4, NULL);
	tsq_create(&q, &f->te, f->nic, OWNER + 1, PD, &cq, 3, 0);
	/* Owner 3 rings owner 4's queues: refused, counted, nothing runs. */
	flexio_dev_swqe_seg_ctrl_set(tqp_seg(&q, 0, 0), 0, q.qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS, FLEXIO_CTRL_SEG_NOP);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_SEND, q.qpn, 1), -EPERM);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_CQ_ARM, cq.cqn, 0), -EPERM);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_ZERO_CQE, cq.cqn, 0), -EPERM);
	assert_int_equal(nic_doorbell(f->nic, OWNER + 1, NIC_DB_SEND, f->a.qpn, 1), -EPERM);
	assert_int_equal(nic_wq_query(f->nic, q.qpn, &info), 0);
	assert_int_equal(info.sq_pi, 0);
	assert_int_equal(info.wqes, 0);
	assert_int_equal(info.owner, OWNER + 1);
	/* Numbers that are no queue of the kind. */
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_SEND, 0x123456, 1), -ENOENT);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_CQ_ARM, 0x654321, 1), -ENOENT);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EQ_ARM, 5, 0), -ENOENT);
	nic_stats_get(f->nic, &stats);
	assert_int_equal(stats.refused_owner, 4);
	assert_int_equal(stats.refused_unknown, 3);
	/* Its own owner may. */
	assert_int_equal(nic_doorbell(f->nic, OWNER + 1, NIC_DB_SEND, q.qpn, 1), 0);
	assert_true(tcq_poll(&cq, &(struct flexio_dev_cqe64){ 0 }));
	nic_stats_get(f->nic, &stats);
	assert_int_equal(stats.doorbells, 1);
	assert_int_equal(stats.wqes, 1);
}

/* Receive completions of one doorbell, compressed (HASH format: counters follow the title's). */
static void test_compressed_receive(void **state)
{
	struct fixture *f = *state;
	struct tcomp comp[32];
	struct tcq rcq;
	struct tqp q;
	unsigned got, minis = 0;

	tcq_create(&rcq, &f->te, f->nic, OWNER, 4, &(struct nic_cq_attr){ .compress = true });
	tqp_create(&q, &f->te, f->nic, OWNER, PD, &f->acq, &rcq, 5, 5);
	tqp_connect(&q, f->a.qpn, NULL, RW);
	assert_int_equal(nic_qp_modify(f->nic, f->a.qpn, &(struct nic_qp_attr){ .state = NIC_QP_RST }, NIC_QP_STATE),
			 0);
	tqp_connect(&f->a, q.qpn, NULL, RW); /* a now talks to q */
	f->a.sq_pi = 0;
	for (int i = 0; i < 12; i++)
		tqp_post_recv(&q, f->bkey, IOVA + 256 * i, 256);
	for (int i = 0; i < 12; i++) {
		uint16_t pi = f->a.sq_pi++;

		flexio_dev_swqe_seg_ctrl_set(tqp_seg(&f->a, pi, 0), pi, f->a.qpn, MLX5_CTRL_SEG_CE_CQE_ON_CQE_ERROR,
					     FLEXIO_CTRL_SEG_SEND_RC);
		flexio_dev_swqe_seg_mem_ptr_data_set(tqp_seg(&f->a, pi, 1), 10 + i, f->akey, IOVA);
	}
	assert_int_equal(tqp_ring(&f->a), 0);
	got = tcq_poll_comp(&rcq, comp, 32);
	assert_int_equal(got, 12);
	for (unsigned i = 0; i < got; i++) {
		assert_int_equal(comp[i].opcode, 2);
		assert_int_equal(comp[i].qpn, q.qpn);
		assert_int_equal(comp[i].wqe_counter, i);
		assert_int_equal(comp[i].byte_cnt, 10 + i);
		minis += comp[i].mini;
	}
	assert_int_equal(minis, 10);                                      /* title + 7, title + 3 */
	assert_false(tcq_poll(&f->acq, &(struct flexio_dev_cqe64){ 0 })); /* unsignaled sends */
}

/* Garbage WQEs (random segments, keys, addresses, lengths, doorbell indexes) on an RC QP and
 * an Ethernet SQ: completions or errors, never a crash (the sanitizers watch). */
static void test_garbage(void **state)
{
	struct fixture *f = *state;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	struct flexio_dev_cqe64 cqe;
	unsigned outcomes[2] = { 0 }; /* completions, errors */
	struct tcq scq;
	struct tqp sq;

	tcq_create(&scq, &f->te, f->nic, OWNER, 6, &(struct nic_cq_attr){ .overrun_ignore = true });
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &scq, 3, 0);
	for (int round = 0; round < 3000; round++) {
		struct tqp *q = round % 2 ? &sq : &f->a;
		uint32_t *words = (uint32_t *)q->sq;
		unsigned n = (32u << q->log_sq) / 2;

		for (unsigned i = 0; i < n; i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			words[i] = (uint32_t)(seed >> 32);
			/* Now and then a real key or address, so that some reach memory. */
			if ((seed & 15) == 0)
				words[i] = cpu_to_be32(f->akey);
			else if ((seed & 15) == 1)
				words[i] = cpu_to_be32((uint32_t)IOVA);
		}
		for (unsigned i = 0; i < (4u << f->b.log_rq); i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			f->b.rq[i].byte_count = cpu_to_be32((uint32_t)(seed >> 40));
			f->b.rq[i].lkey = cpu_to_be32(seed & 1 ? f->bkey : (uint32_t)seed);
			f->b.rq[i].addr = cpu_to_be64(IOVA + ((seed >> 20) & 0xffff));
		}
		static const uint8_t opcodes[] = { 0x00, 0x0a, 0x0b, 0x08, 0x09, 0x10, 0x11, 0x12, 0x0e, 0x2f };
		struct nic_wq_info info;
		union flexio_dev_sqe_seg *ctrl;

		tqp_post_recv(&f->b, f->bkey, IOVA, 256);
		assert_int_equal(nic_wq_query(f->nic, q->qpn, &info), 0);
		/* A control segment that mostly makes sense in front of the garbage. */
		ctrl = tqp_seg(q, info.sq_ci, 0);
		ctrl->ctrl.idx_opcode = cpu_to_be32((uint32_t)info.sq_ci << 8 | opcodes[(seed >> 8) % sizeof(opcodes)]);
		ctrl->ctrl.qpn_ds = cpu_to_be32(q->qpn << 8 | (uint32_t)(1 + (seed >> 16) % 6));
		ctrl->ctrl.signature_fm_ce_se = cpu_to_be32(MLX5_CTRL_SEG_CE_CQE_ALWAYS << 2);
		q->sq_pi = (uint16_t)(info.sq_ci + 1 + (seed >> 62));
		(void)tqp_ring(q);
		while (tcq_poll(&f->acq, &cqe) || tcq_poll(&f->bcq, &cqe) || tcq_poll(&scq, &cqe)) {
			uint8_t opcode = flexio_dev_cqe_get_opcode(&cqe);

			outcomes[opcode >= 13]++;
		}
		if (qp_state(f, f->a.qpn) != NIC_QP_RTS || qp_state(f, f->b.qpn) != NIC_QP_RTS) {
			for (int i = 0; i < 2; i++) {
				struct tqp *e = i ? &f->b : &f->a;

				assert_int_equal(nic_qp_modify(f->nic, e->qpn,
							       &(struct nic_qp_attr){ .state = NIC_QP_RST },
							       NIC_QP_STATE),
						 0);
				e->sq_pi = e->rq_pi = 0;
				*e->dbr = 0;
				tqp_connect(e, i ? f->a.qpn : f->b.qpn, NULL, RW);
			}
		}
		assert_int_equal(nic_wq_query(f->nic, sq.qpn, &info), 0);
		if (info.state != NIC_WQ_RDY) {
			assert_int_equal(nic_wq_modify(f->nic, sq.qpn, NIC_WQ_RST), 0);
			assert_int_equal(nic_wq_modify(f->nic, sq.qpn, NIC_WQ_RDY), 0);
			sq.sq_pi = 0;
		}
	}
	assert_true(outcomes[0] > 100);
	assert_true(outcomes[1] > 1000); /* 424 and 3142 with this seed */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_states, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sq_after_one_wqe_rq, setup, teardown),
		cmocka_unit_test_setup_teardown(test_send_recv, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rdma, setup, teardown),
		cmocka_unit_test_setup_teardown(test_overlap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_atomics, setup, teardown),
		cmocka_unit_test_setup_teardown(test_inline, setup, teardown),
		cmocka_unit_test_setup_teardown(test_local_key_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_remote_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_length_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_receive_key_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unreachable, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rnr, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rnr_payload_kept, setup, teardown),
		cmocka_unit_test_setup_teardown(test_owners, setup, teardown),
		cmocka_unit_test_setup_teardown(test_compressed_receive, setup, teardown),
		cmocka_unit_test_setup_teardown(test_garbage, setup, teardown),
	};

	return cmocka_run_group_tests_name("nic_qp", tests, NULL, NULL);
}
