/*
 * The simulated device's queues through rdma-core's calls: RC QPs on one device and between
 * mlx5_sim0 and mlx5_sim1 (FLEXIO_SIM_DEVICES=2), every opcode, inline and unsignaled sends,
 * SRQs, completion channels waking poll(), error completions and flushes, the destroy order,
 * devx umems, and libflexio's private interface to the device NIC (space keys, DEVX object
 * wrappers).  `test_verbs_queues threads` runs the two-thread test alone (label concurrency).
 */
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <libflexio/flexio_sim.h>

#include "nic.h"
#include "flexio_verbs.h"

/* ---- stderr capture: every refusal logs exactly one line naming its function ---- */

static int saved_stderr = -1;
static FILE *capture_file;
static char captured[4096];

static void capture_begin(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	assert_non_null(capture_file);
	saved_stderr = dup(STDERR_FILENO);
	dup2(fileno(capture_file), STDERR_FILENO);
}

static const char *capture_end(void)
{
	size_t n;

	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	rewind(capture_file);
	n = fread(captured, 1, sizeof(captured) - 1, capture_file);
	captured[n] = '\0';
	fclose(capture_file);
	return captured;
}

static void expect_refusal(const char *function, int error, int expected)
{
	const char *text = capture_end();
	char prefix[128];
	int lines = 0;

	for (const char *p = text; *p; p++)
		lines += *p == '\n';
	snprintf(prefix, sizeof(prefix), "flexio_verbs ERR %s: ", function);
	if (lines != 1 || strncmp(text, prefix, strlen(prefix)))
		fail_msg("expected one line \"%s...\", got \"%s\"", prefix, text);
	assert_int_equal(error, expected);
}

/* ---- fixtures ---- */

#define BUF 4096
#define ALL_ACCESS \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC)

/* One side of a connection: a context, PD, region, CQ and RC QP. */
struct side {
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_qp *qp;
	struct ibv_mr *mr;
	uint64_t *buf; /* BUF bytes, 8-aligned */
};

static struct ibv_context *open_device(int index)
{
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct ibv_context *ctx;

	assert_non_null(list);
	assert_non_null(list[index]);
	ctx = ibv_open_device(list[index]);
	assert_non_null(ctx);
	ibv_free_device_list(list);
	return ctx;
}

static void side_open(struct side *s, int device, struct ibv_srq **srq, unsigned int sig_all)
{
	struct ibv_qp_init_attr attr = {
		.qp_type = IBV_QPT_RC,
		.sq_sig_all = (int)sig_all,
		.cap = { .max_send_wr = 64,
			 .max_recv_wr = 64,
			 .max_send_sge = 2,
			 .max_recv_sge = 2,
			 .max_inline_data = 64 },
	};

	memset(s, 0, sizeof(*s));
	s->ctx = open_device(device);
	s->pd = ibv_alloc_pd(s->ctx);
	assert_non_null(s->pd);
	s->buf = aligned_alloc(64, BUF);
	assert_non_null(s->buf);
	memset(s->buf, 0, BUF);
	s->mr = ibv_reg_mr(s->pd, s->buf, BUF, ALL_ACCESS);
	assert_non_null(s->mr);
	s->cq = ibv_create_cq(s->ctx, 128, s, NULL, 0);
	assert_non_null(s->cq);
	attr.send_cq = attr.recv_cq = s->cq;
	if (srq) {
		struct ibv_srq_init_attr sattr = { .attr = { .max_wr = 16, .max_sge = 1 } };

		*srq = ibv_create_srq(s->pd, &sattr);
		assert_non_null(*srq);
		attr.srq = *srq;
	}
	s->qp = ibv_create_qp(s->pd, &attr);
	assert_non_null(s->qp);
	assert_true(attr.cap.max_inline_data >= 64);
}

static void side_close(struct side *s)
{
	assert_int_equal(ibv_destroy_qp(s->qp), 0);
	assert_int_equal(ibv_destroy_cq(s->cq), 0);
	assert_int_equal(ibv_dereg_mr(s->mr), 0);
	assert_int_equal(ibv_dealloc_pd(s->pd), 0);
	assert_int_equal(ibv_close_device(s->ctx), 0);
	free(s->buf);
}

/* INIT -> RTR -> RTS towards dest_qpn on the device of peer_ctx (named by its GID). */
static void connect_qp(struct ibv_qp *qp, struct ibv_context *peer_ctx, uint32_t dest_qpn)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_INIT, .port_num = 1, .qp_access_flags = ALL_ACCESS };
	union ibv_gid gid;

	assert_int_equal(ibv_query_gid(peer_ctx, 1, 1, &gid), 0);
	assert_int_equal(ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS),
			 0);
	a = (struct ibv_qp_attr){ .qp_state = IBV_QPS_RTR,
				  .path_mtu = IBV_MTU_1024,
				  .dest_qp_num = dest_qpn,
				  .max_dest_rd_atomic = 1,
				  .min_rnr_timer = 1,
				  .ah_attr = {
					  .is_global = 1, .grh = { .dgid = gid, .sgid_index = 1 }, .port_num = 1 } };
	assert_int_equal(ibv_modify_qp(qp, &a,
				       IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
					       IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER),
			 0);
	a = (struct ibv_qp_attr){
		.qp_state = IBV_QPS_RTS, .timeout = 14, .retry_cnt = 7, .rnr_retry = 7, .max_rd_atomic = 1
	};
	assert_int_equal(ibv_modify_qp(qp, &a,
				       IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY |
					       IBV_QP_SQ_PSN | IBV_QP_MAX_QP_RD_ATOMIC),
			 0);
}

static void pair_open(struct side *a, struct side *b, int device_a, int device_b)
{
	side_open(a, device_a, NULL, 0);
	side_open(b, device_b, NULL, 0);
	connect_qp(a->qp, b->ctx, b->qp->qp_num);
	connect_qp(b->qp, a->ctx, a->qp->qp_num);
}

/* Polls until n completions arrived (1 s at most). */
static void poll_n(struct ibv_cq *cq, struct ibv_wc *wc, int n)
{
	int got = 0;

	for (int spins = 0; got < n && spins < 1000000; spins++) {
		int r = ibv_poll_cq(cq, n - got, wc + got);

		assert_true(r >= 0);
		got += r;
	}
	assert_int_equal(got, n);
}

static int post_recv(struct side *s, uint64_t wr_id, uint64_t offset, uint32_t length)
{
	struct ibv_sge sge = { .addr = (uintptr_t)s->buf + offset, .length = length, .lkey = s->mr->lkey };
	struct ibv_recv_wr wr = { .wr_id = wr_id, .sg_list = &sge, .num_sge = 1 }, *bad;

	return ibv_post_recv(s->qp, &wr, &bad);
}

static int post_send(struct side *s, struct ibv_send_wr *wr)
{
	struct ibv_send_wr *bad = NULL;

	return ibv_post_send(s->qp, wr, &bad);
}

/* ---- the traffic ---- */

/* Every opcode between a and b; b's QP on device_b. */
static void traffic(int device_a, int device_b)
{
	struct side a, b;
	struct ibv_wc wc[4];
	struct ibv_sge sge;
	struct ibv_send_wr wr;

	pair_open(&a, &b, device_a, device_b);

	/* send / receive */
	memcpy(a.buf, "hello", 6);
	assert_int_equal(post_recv(&b, 11, 0, 64), 0);
	sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 6, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){
		.wr_id = 1, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED
	};
	assert_int_equal(post_send(&a, &wr), 0);
	poll_n(a.cq, wc, 1);
	assert_int_equal(wc[0].status, IBV_WC_SUCCESS);
	assert_int_equal(wc[0].opcode, IBV_WC_SEND);
	assert_int_equal(wc[0].wr_id, 1);
	assert_int_equal(wc[0].qp_num, a.qp->qp_num);
	poll_n(b.cq, wc, 1);
	assert_int_equal(wc[0].status, IBV_WC_SUCCESS);
	assert_int_equal(wc[0].opcode, IBV_WC_RECV);
	assert_int_equal(wc[0].wr_id, 11);
	assert_int_equal(wc[0].byte_len, 6);
	assert_int_equal(wc[0].qp_num, b.qp->qp_num);
	assert_int_equal(wc[0].src_qp, a.qp->qp_num);
	assert_string_equal((char *)b.buf, "hello");

	/* send with immediate, inline */
	assert_int_equal(post_recv(&b, 12, 64, 64), 0);
	memcpy(a.buf + 8, "inline!", 8);
	sge = (struct ibv_sge){ .addr = (uintptr_t)(a.buf + 8), .length = 8, .lkey = 0xdead };
	wr = (struct ibv_send_wr){ .wr_id = 2,
				   .sg_list = &sge,
				   .num_sge = 1,
				   .opcode = IBV_WR_SEND_WITH_IMM,
				   .send_flags = IBV_SEND_SIGNALED | IBV_SEND_INLINE,
				   .imm_data = htobe32(0x1234) };
	memcpy(a.buf + 8, "inline!", 8);
	assert_int_equal(post_send(&a, &wr), 0);
	memset(a.buf + 8, 0, 8); /* inline: the data was copied at post time */
	poll_n(a.cq, wc, 1);
	assert_int_equal(wc[0].status, IBV_WC_SUCCESS);
	poll_n(b.cq, wc, 1);
	assert_int_equal(wc[0].wr_id, 12);
	assert_int_equal(wc[0].opcode, IBV_WC_RECV);
	assert_true(wc[0].wc_flags & IBV_WC_WITH_IMM);
	assert_int_equal(be32toh(wc[0].imm_data), 0x1234);
	assert_string_equal((char *)(b.buf + 8), "inline!");

	/* RDMA write with immediate */
	assert_int_equal(post_recv(&b, 13, 0, 0), 0);
	memcpy(a.buf + 16, "written", 8);
	sge = (struct ibv_sge){ .addr = (uintptr_t)(a.buf + 16), .length = 8, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){ .wr_id = 3,
				   .sg_list = &sge,
				   .num_sge = 1,
				   .opcode = IBV_WR_RDMA_WRITE_WITH_IMM,
				   .send_flags = IBV_SEND_SIGNALED,
				   .imm_data = htobe32(77),
				   .wr.rdma = { .remote_addr = (uintptr_t)(b.buf + 32), .rkey = b.mr->rkey } };
	assert_int_equal(post_send(&a, &wr), 0);
	poll_n(a.cq, wc, 1);
	assert_int_equal(wc[0].opcode, IBV_WC_RDMA_WRITE);
	assert_int_equal(wc[0].wr_id, 3);
	poll_n(b.cq, wc, 1);
	assert_int_equal(wc[0].opcode, IBV_WC_RECV_RDMA_WITH_IMM);
	assert_int_equal(wc[0].wr_id, 13);
	assert_int_equal(be32toh(wc[0].imm_data), 77);
	assert_int_equal(wc[0].byte_len, 8);
	assert_string_equal((char *)(b.buf + 32), "written");

	/* RDMA read */
	memcpy(b.buf + 40, "readme!", 8);
	sge = (struct ibv_sge){ .addr = (uintptr_t)(a.buf + 24), .length = 8, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){ .wr_id = 4,
				   .sg_list = &sge,
				   .num_sge = 1,
				   .opcode = IBV_WR_RDMA_READ,
				   .send_flags = IBV_SEND_SIGNALED,
				   .wr.rdma = { .remote_addr = (uintptr_t)(b.buf + 40), .rkey = b.mr->rkey } };
	assert_int_equal(post_send(&a, &wr), 0);
	poll_n(a.cq, wc, 1);
	assert_int_equal(wc[0].opcode, IBV_WC_RDMA_READ);
	assert_int_equal(wc[0].byte_len, 8);
	assert_string_equal((char *)(a.buf + 24), "readme!");

	/* atomics */
	b.buf[100] = 5;
	sge = (struct ibv_sge){ .addr = (uintptr_t)(a.buf + 100), .length = 8, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){
		.wr_id = 5,
		.sg_list = &sge,
		.num_sge = 1,
		.opcode = IBV_WR_ATOMIC_FETCH_AND_ADD,
		.send_flags = IBV_SEND_SIGNALED,
		.wr.atomic = { .remote_addr = (uintptr_t)(b.buf + 100), .rkey = b.mr->rkey, .compare_add = 10 }
	};
	assert_int_equal(post_send(&a, &wr), 0);
	poll_n(a.cq, wc, 1);
	assert_int_equal(wc[0].opcode, IBV_WC_FETCH_ADD);
	assert_int_equal(wc[0].byte_len, 8);
	assert_int_equal(a.buf[100], 5);
	assert_int_equal(b.buf[100], 15);
	wr.opcode = IBV_WR_ATOMIC_CMP_AND_SWP;
	wr.wr_id = 6;
	wr.wr.atomic.compare_add = 15;
	wr.wr.atomic.swap = 99;
	assert_int_equal(post_send(&a, &wr), 0);
	poll_n(a.cq, wc, 1);
	assert_int_equal(wc[0].opcode, IBV_WC_COMP_SWAP);
	assert_int_equal(wc[0].wr_id, 6);
	assert_int_equal(a.buf[100], 15);
	assert_int_equal(b.buf[100], 99);

	/* unsignaled writes, then a signaled one: one completion, the ring reused many times */
	for (int round = 0; round < 200; round++) {
		sge = (struct ibv_sge){ .addr = (uintptr_t)(a.buf + 200), .length = 8, .lkey = a.mr->lkey };
		a.buf[200] = (uint64_t)round;
		wr = (struct ibv_send_wr){ .wr_id = 1000 + (uint64_t)round,
					   .sg_list = &sge,
					   .num_sge = 1,
					   .opcode = IBV_WR_RDMA_WRITE,
					   .send_flags = round % 10 == 9 ? IBV_SEND_SIGNALED : 0,
					   .wr.rdma = { .remote_addr = (uintptr_t)(b.buf + 300), .rkey = b.mr->rkey } };
		assert_int_equal(post_send(&a, &wr), 0);
		assert_int_equal(b.buf[300], (uint64_t)round);
		if (round % 10 == 9) {
			poll_n(a.cq, wc, 1);
			assert_int_equal(wc[0].wr_id, 1000 + (uint64_t)round);
		}
	}
	assert_int_equal(ibv_poll_cq(a.cq, 4, wc), 0);
	assert_int_equal(ibv_poll_cq(b.cq, 4, wc), 0);
	side_close(&a);
	side_close(&b);
}

static void test_rc_one_device(void **state)
{
	(void)state;
	traffic(0, 0);
}

static void test_rc_two_devices(void **state)
{
	(void)state;
	traffic(0, 1);
}

/* A chain of work requests, and a QP with sq_sig_all. */
static void test_chain_and_sig_all(void **state)
{
	struct ibv_sge sge[3];
	struct ibv_send_wr wr[3];
	struct ibv_wc wc[8];
	struct side a, b;

	(void)state;
	side_open(&a, 0, NULL, 1);
	side_open(&b, 1, NULL, 0);
	connect_qp(a.qp, b.ctx, b.qp->qp_num);
	connect_qp(b.qp, a.ctx, a.qp->qp_num);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(post_recv(&b, 20 + (uint64_t)i, 64 * (uint64_t)i, 64), 0);
		sge[i] = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 16, .lkey = a.mr->lkey };
		wr[i] = (struct ibv_send_wr){ .wr_id = 10 + (uint64_t)i,
					      .sg_list = &sge[i],
					      .num_sge = 1,
					      .opcode = IBV_WR_SEND,
					      .next = i < 2 ? &wr[i + 1] : NULL };
	}
	assert_int_equal(post_send(&a, wr), 0);
	poll_n(a.cq, wc, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(wc[i].wr_id, 10 + (uint64_t)i);
	poll_n(b.cq, wc, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(wc[i].wr_id, 20 + (uint64_t)i);
	side_close(&a);
	side_close(&b);
}

/* An SRQ shared by two QPs: completions carry the SRQ's wr_ids. */
static void test_srq(void **state)
{
	struct ibv_srq *srq;
	struct side a, b, c;
	struct ibv_sge sge;
	struct ibv_recv_wr rwr, *rbad;
	struct ibv_send_wr wr;
	struct ibv_srq_attr attr;
	struct ibv_wc wc[2];

	(void)state;
	side_open(&a, 0, NULL, 1);
	side_open(&c, 0, NULL, 1);
	side_open(&b, 0, &srq, 0);
	connect_qp(a.qp, b.ctx, b.qp->qp_num);
	connect_qp(b.qp, a.ctx, a.qp->qp_num);
	assert_int_equal(ibv_query_srq(srq, &attr), 0);
	assert_true(attr.max_wr >= 16);
	/* a QP with an SRQ has no receive queue of its own */
	capture_begin();
	assert_int_equal(post_recv(&b, 1, 0, 8), EINVAL);
	expect_refusal("ibv_post_recv", EINVAL, EINVAL);
	for (int i = 0; i < 2; i++) {
		sge = (struct ibv_sge){ .addr = (uintptr_t)(b.buf + i), .length = 8, .lkey = b.mr->lkey };
		rwr = (struct ibv_recv_wr){ .wr_id = 500 + (uint64_t)i, .sg_list = &sge, .num_sge = 1 };
		assert_int_equal(ibv_post_srq_recv(srq, &rwr, &rbad), 0);
	}
	for (int i = 0; i < 2; i++) {
		a.buf[0] = 7 + (uint64_t)i;
		sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 8, .lkey = a.mr->lkey };
		wr = (struct ibv_send_wr){ .wr_id = 1, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND };
		assert_int_equal(post_send(&a, &wr), 0);
		poll_n(a.cq, wc, 1);
		assert_int_equal(wc[0].status, IBV_WC_SUCCESS);
		poll_n(b.cq, wc, 1);
		assert_int_equal(wc[0].wr_id, 500 + (uint64_t)i);
		assert_int_equal(b.buf[i], 7 + (uint64_t)i);
	}
	capture_begin();
	assert_int_equal(ibv_destroy_srq(srq), EBUSY);
	expect_refusal("ibv_destroy_srq", errno, EBUSY);
	side_close(&a);
	side_close(&c);
	assert_int_equal(ibv_destroy_qp(b.qp), 0);
	assert_int_equal(ibv_destroy_srq(srq), 0);
	b.qp = ibv_create_qp(
		b.pd, &(struct ibv_qp_init_attr){
			      .qp_type = IBV_QPT_RC, .send_cq = b.cq, .recv_cq = b.cq, .cap = { .max_send_wr = 1 } });
	assert_non_null(b.qp);
	side_close(&b);
}

/* ---- completion channels ---- */

static void test_channel_wakes_poll(void **state)
{
	struct ibv_comp_channel *channel;
	struct ibv_cq *event_cq;
	void *event_context;
	struct pollfd pfd;
	struct ibv_wc wc;
	struct side a, b;
	struct ibv_sge sge;
	struct ibv_send_wr wr;
	struct ibv_cq *cq;

	(void)state;
	pair_open(&a, &b, 0, 1);
	channel = ibv_create_comp_channel(b.ctx);
	assert_non_null(channel);
	cq = ibv_create_cq(b.ctx, 4, &b, channel, 0);
	assert_non_null(cq);
	/* a second QP of b's reporting to the channel's CQ */
	assert_int_equal(ibv_destroy_qp(b.qp), 0);
	b.qp = ibv_create_qp(
		b.pd, &(struct ibv_qp_init_attr){
			      .qp_type = IBV_QPT_RC,
			      .send_cq = cq,
			      .recv_cq = cq,
			      .cap = { .max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1 } });
	assert_non_null(b.qp);
	assert_int_equal(ibv_modify_qp(a.qp, &(struct ibv_qp_attr){ .qp_state = IBV_QPS_RESET }, IBV_QP_STATE), 0);
	connect_qp(a.qp, b.ctx, b.qp->qp_num);
	connect_qp(b.qp, a.ctx, a.qp->qp_num);

	fcntl(channel->fd, F_SETFL, fcntl(channel->fd, F_GETFL) | O_NONBLOCK);
	pfd = (struct pollfd){ .fd = channel->fd, .events = POLLIN };
	assert_int_equal(poll(&pfd, 1, 0), 0);
	assert_int_equal(ibv_get_cq_event(channel, &event_cq, &event_context), -1);
	assert_int_equal(errno, EAGAIN);
	assert_int_equal(ibv_req_notify_cq(cq, 0), 0);
	assert_int_equal(post_recv(&b, 1, 0, 64), 0);
	sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 8, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){
		.wr_id = 1, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED
	};
	assert_int_equal(post_send(&a, &wr), 0);
	assert_int_equal(poll(&pfd, 1, 1000), 1);
	assert_int_equal(ibv_get_cq_event(channel, &event_cq, &event_context), 0);
	assert_ptr_equal(event_cq, cq);
	assert_ptr_equal(event_context, &b);
	assert_int_equal(poll(&pfd, 1, 0), 0); /* one event per arming */
	poll_n(cq, &wc, 1);
	assert_int_equal(wc.opcode, IBV_WC_RECV);
	ibv_ack_cq_events(cq, 1);

	/* solicited only: an unsolicited send does not wake it, a solicited one does */
	assert_int_equal(ibv_req_notify_cq(cq, 1), 0);
	assert_int_equal(post_recv(&b, 2, 0, 64), 0);
	assert_int_equal(post_recv(&b, 3, 0, 64), 0);
	assert_int_equal(post_send(&a, &wr), 0);
	assert_int_equal(poll(&pfd, 1, 0), 0);
	wr.send_flags |= IBV_SEND_SOLICITED;
	assert_int_equal(post_send(&a, &wr), 0);
	assert_int_equal(poll(&pfd, 1, 1000), 1);
	assert_int_equal(ibv_get_cq_event(channel, &event_cq, &event_context), 0);
	ibv_ack_cq_events(cq, 1);

	capture_begin();
	assert_int_equal(ibv_destroy_comp_channel(channel), EBUSY);
	expect_refusal("ibv_destroy_comp_channel", errno, EBUSY);
	assert_int_equal(ibv_destroy_qp(b.qp), 0);
	assert_int_equal(ibv_destroy_cq(cq), 0);
	assert_int_equal(ibv_destroy_comp_channel(channel), 0);
	b.qp = ibv_create_qp(
		b.pd, &(struct ibv_qp_init_attr){
			      .qp_type = IBV_QPT_RC, .send_cq = b.cq, .recv_cq = b.cq, .cap = { .max_send_wr = 1 } });
	assert_non_null(b.qp);
	side_close(&a);
	side_close(&b);
}

/* ibv_destroy_cq waits for the events read to be acknowledged (from another thread here). */
static void *ack_later(void *arg)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };

	nanosleep(&pause, NULL);
	ibv_ack_cq_events(arg, 1);
	return NULL;
}

static void test_destroy_waits_for_acks(void **state)
{
	struct ibv_comp_channel *channel;
	struct ibv_cq *cq, *event_cq;
	void *event_context;
	struct side a, b;
	struct ibv_sge sge;
	struct ibv_send_wr wr;
	pthread_t thread;

	(void)state;
	pair_open(&a, &b, 0, 0);
	channel = ibv_create_comp_channel(a.ctx);
	assert_non_null(channel);
	cq = ibv_create_cq(a.ctx, 4, NULL, channel, 0);
	assert_non_null(cq);
	assert_int_equal(ibv_destroy_qp(a.qp), 0);
	a.qp = ibv_create_qp(a.pd, &(struct ibv_qp_init_attr){ .qp_type = IBV_QPT_RC,
							       .send_cq = cq,
							       .recv_cq = cq,
							       .cap = { .max_send_wr = 4, .max_send_sge = 1 } });
	assert_non_null(a.qp);
	assert_int_equal(ibv_modify_qp(b.qp, &(struct ibv_qp_attr){ .qp_state = IBV_QPS_RESET }, IBV_QP_STATE), 0);
	connect_qp(a.qp, b.ctx, b.qp->qp_num);
	connect_qp(b.qp, a.ctx, a.qp->qp_num);
	assert_int_equal(ibv_req_notify_cq(cq, 0), 0);
	sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 8, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){ .sg_list = &sge,
				   .num_sge = 1,
				   .opcode = IBV_WR_RDMA_WRITE,
				   .send_flags = IBV_SEND_SIGNALED,
				   .wr.rdma = { .remote_addr = (uintptr_t)b.buf, .rkey = b.mr->rkey } };
	assert_int_equal(post_send(&a, &wr), 0);
	assert_int_equal(ibv_get_cq_event(channel, &event_cq, &event_context), 0);
	assert_ptr_equal(event_cq, cq);
	assert_int_equal(ibv_destroy_qp(a.qp), 0);
	assert_int_equal(pthread_create(&thread, NULL, ack_later, cq), 0);
	assert_int_equal(ibv_destroy_cq(cq), 0); /* returns once ack_later acknowledged */
	assert_int_equal(pthread_join(thread, NULL), 0);
	assert_int_equal(ibv_destroy_comp_channel(channel), 0);
	a.qp = ibv_create_qp(
		a.pd, &(struct ibv_qp_init_attr){
			      .qp_type = IBV_QPT_RC, .send_cq = a.cq, .recv_cq = a.cq, .cap = { .max_send_wr = 1 } });
	assert_non_null(a.qp);
	side_close(&a);
	side_close(&b);
}

/* ---- errors ---- */

static void test_bad_lkey(void **state)
{
	struct ibv_qp_init_attr init;
	struct ibv_qp_attr attr;
	struct ibv_sge sge;
	struct ibv_send_wr wr;
	struct ibv_wc wc[4];
	struct side a, b;

	(void)state;
	pair_open(&a, &b, 0, 1);
	assert_int_equal(post_recv(&a, 41, 0, 64), 0);
	assert_int_equal(post_recv(&a, 42, 0, 64), 0);
	sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 8, .lkey = a.mr->lkey + 0x100 };
	wr = (struct ibv_send_wr){ .wr_id = 40, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND };
	assert_int_equal(post_send(&a, &wr), 0); /* unsignaled: its error completes anyway */
	poll_n(a.cq, wc, 3);
	assert_int_equal(wc[0].wr_id, 40);
	assert_int_equal(wc[0].status, IBV_WC_LOC_PROT_ERR);
	/* the QP is in error: its receives are flushed */
	assert_int_equal(wc[1].status, IBV_WC_WR_FLUSH_ERR);
	assert_int_equal(wc[1].wr_id, 41);
	assert_int_equal(wc[2].status, IBV_WC_WR_FLUSH_ERR);
	assert_int_equal(wc[2].wr_id, 42);
	assert_int_equal(ibv_query_qp(a.qp, &attr, IBV_QP_STATE, &init), 0);
	assert_int_equal(attr.qp_state, IBV_QPS_ERR);
	assert_int_equal(init.qp_type, IBV_QPT_RC);
	/* what is posted to it now is flushed too */
	assert_int_equal(post_recv(&a, 43, 0, 64), 0);
	wr.wr_id = 44;
	sge.lkey = a.mr->lkey;
	assert_int_equal(post_send(&a, &wr), 0);
	poll_n(a.cq, wc, 2);
	assert_int_equal(wc[0].status, IBV_WC_WR_FLUSH_ERR);
	assert_int_equal(wc[1].status, IBV_WC_WR_FLUSH_ERR);
	assert_true((wc[0].wr_id == 43 && wc[1].wr_id == 44) || (wc[0].wr_id == 44 && wc[1].wr_id == 43));
	side_close(&a);
	side_close(&b);
}

static void test_bad_rkey(void **state)
{
	struct ibv_sge sge;
	struct ibv_send_wr wr;
	struct ibv_wc wc;
	struct side a, b;

	(void)state;
	pair_open(&a, &b, 0, 1);
	sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 8, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){ .wr_id = 50,
				   .sg_list = &sge,
				   .num_sge = 1,
				   .opcode = IBV_WR_RDMA_WRITE,
				   .send_flags = IBV_SEND_SIGNALED,
				   .wr.rdma = { .remote_addr = (uintptr_t)b.buf, .rkey = b.mr->rkey ^ 0x1000 } };
	assert_int_equal(post_send(&a, &wr), 0);
	poll_n(a.cq, &wc, 1);
	assert_int_equal(wc.wr_id, 50);
	assert_int_equal(wc.status, IBV_WC_REM_ACCESS_ERR);
	side_close(&a);
	side_close(&b);
}

static void test_bad_input(void **state)
{
	struct ibv_qp_attr attr = { .qp_state = IBV_QPS_RTS };
	struct ibv_send_wr wr = { .opcode = IBV_WR_SEND }, *bad = NULL;
	struct ibv_recv_wr rwr = { 0 }, *rbad = NULL;
	struct ibv_wc wc;
	struct side a;
	struct ibv_cq fake = { 0 };

	(void)state;
	side_open(&a, 0, NULL, 0);
	fake.context = a.ctx;

	/* RST -> RTS does not exist */
	capture_begin();
	assert_int_equal(ibv_modify_qp(a.qp, &attr, IBV_QP_STATE), EINVAL);
	expect_refusal("ibv_modify_qp", errno, EINVAL);
	/* RST -> INIT without its required attributes */
	attr.qp_state = IBV_QPS_INIT;
	capture_begin();
	assert_int_equal(ibv_modify_qp(a.qp, &attr, IBV_QP_STATE), EINVAL);
	expect_refusal("ibv_modify_qp", errno, EINVAL);
	capture_begin();
	assert_int_equal(ibv_modify_qp(a.qp, &attr, IBV_QP_STATE | IBV_QP_QKEY), EINVAL);
	expect_refusal("ibv_modify_qp", errno, EINVAL);
	/* a RoCE path needs a GID */
	capture_begin();
	assert_int_equal(
		ibv_modify_qp(a.qp, &(struct ibv_qp_attr){ .qp_state = IBV_QPS_RTR }, IBV_QP_STATE | IBV_QP_AV),
		EINVAL);
	expect_refusal("ibv_modify_qp", errno, EINVAL);
	/* posting to a QP in RESET */
	capture_begin();
	assert_int_equal(ibv_post_send(a.qp, &wr, &bad), EINVAL);
	expect_refusal("ibv_post_send", errno, EINVAL);
	assert_ptr_equal(bad, &wr);
	/* a receive with more entries than max_recv_sge */
	rwr.num_sge = 3;
	capture_begin();
	assert_int_equal(ibv_post_recv(a.qp, &rwr, &rbad), EINVAL);
	expect_refusal("ibv_post_recv", errno, EINVAL);
	assert_ptr_equal(rbad, &rwr);
	/* objects the device never made */
	capture_begin();
	assert_true(ibv_poll_cq(&fake, 1, &wc) < 0);
	expect_refusal("ibv_poll_cq", errno, EINVAL);
	capture_begin();
	assert_int_equal(ibv_req_notify_cq(&fake, 0), EINVAL);
	expect_refusal("ibv_req_notify_cq", errno, EINVAL);
	/* creation */
	capture_begin();
	assert_null(ibv_create_cq(a.ctx, 0, NULL, NULL, 0));
	expect_refusal("ibv_create_cq", errno, EINVAL);
	capture_begin();
	assert_null(ibv_create_qp(
		a.pd, &(struct ibv_qp_init_attr){ .qp_type = IBV_QPT_UD, .send_cq = a.cq, .recv_cq = a.cq }));
	expect_refusal("ibv_create_qp", errno, EOPNOTSUPP);
	capture_begin();
	assert_null(ibv_create_qp(
		a.pd, &(struct ibv_qp_init_attr){ .qp_type = IBV_QPT_RC, .send_cq = &fake, .recv_cq = a.cq }));
	expect_refusal("ibv_create_qp", errno, EINVAL);
	capture_begin();
	assert_null(ibv_create_ah(a.pd, &(struct ibv_ah_attr){ .port_num = 1 }));
	expect_refusal("ibv_create_ah", errno, EINVAL);
	/* destroy order: CQ and PD in use */
	capture_begin();
	assert_int_equal(ibv_destroy_cq(a.cq), EBUSY);
	expect_refusal("ibv_destroy_cq", errno, EBUSY);
	assert_int_equal(ibv_dereg_mr(a.mr), 0);
	capture_begin();
	assert_int_equal(ibv_dealloc_pd(a.pd), EBUSY);
	expect_refusal("ibv_dealloc_pd", errno, EBUSY);
	a.mr = ibv_reg_mr(a.pd, a.buf, BUF, 0);
	assert_non_null(a.mr);
	side_close(&a);
}

/* One send from a to b arrives. */
static void traffic_check_send(struct side *a, struct side *b)
{
	struct ibv_sge sge = { .addr = (uintptr_t)a->buf, .length = 8, .lkey = a->mr->lkey };
	struct ibv_send_wr wr = {
		.wr_id = 9, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED
	};
	struct ibv_wc wc;

	a->buf[0] = 0x5eed;
	assert_int_equal(post_recv(b, 10, 0, 64), 0);
	assert_int_equal(post_send(a, &wr), 0);
	poll_n(a->cq, &wc, 1);
	assert_int_equal(wc.status, IBV_WC_SUCCESS);
	assert_int_equal(wc.wr_id, 9);
	poll_n(b->cq, &wc, 1);
	assert_int_equal(wc.status, IBV_WC_SUCCESS);
	assert_int_equal(wc.wr_id, 10);
	assert_int_equal(b->buf[0], 0x5eed);
}

/* Work-request lists whose entries point at nothing or add up past 32 bits: refused, never read. */
static void test_bad_wr_lists(void **state)
{
	struct ibv_srq_init_attr sattr = { .attr = { .max_wr = 4, .max_sge = 2 } };
	struct ibv_send_wr wr, *bad;
	struct ibv_recv_wr rwr, *rbad;
	struct ibv_sge sge[2];
	struct ibv_srq *srq;
	struct side a, b;

	(void)state;
	pair_open(&a, &b, 0, 0);
	/* num_sge 1 without a scatter list: a send, an atomic, a receive, an SRQ receive */
	wr = (struct ibv_send_wr){ .wr_id = 1, .num_sge = 1, .opcode = IBV_WR_SEND };
	bad = NULL;
	capture_begin();
	assert_int_equal(ibv_post_send(a.qp, &wr, &bad), EINVAL);
	expect_refusal("ibv_post_send", errno, EINVAL);
	assert_ptr_equal(bad, &wr);
	wr = (struct ibv_send_wr){ .wr_id = 2,
				   .num_sge = 1,
				   .opcode = IBV_WR_ATOMIC_FETCH_AND_ADD,
				   .wr.atomic = { .remote_addr = (uintptr_t)b.buf, .rkey = b.mr->rkey } };
	bad = NULL;
	capture_begin();
	assert_int_equal(ibv_post_send(a.qp, &wr, &bad), EINVAL);
	expect_refusal("ibv_post_send", errno, EINVAL);
	assert_ptr_equal(bad, &wr);
	rwr = (struct ibv_recv_wr){ .wr_id = 3, .num_sge = 1 };
	rbad = NULL;
	capture_begin();
	assert_int_equal(ibv_post_recv(b.qp, &rwr, &rbad), EINVAL);
	expect_refusal("ibv_post_recv", errno, EINVAL);
	assert_ptr_equal(rbad, &rwr);
	srq = ibv_create_srq(b.pd, &sattr);
	assert_non_null(srq);
	rbad = NULL;
	capture_begin();
	assert_int_equal(ibv_post_srq_recv(srq, &rwr, &rbad), EINVAL);
	expect_refusal("ibv_post_srq_recv", errno, EINVAL);
	assert_ptr_equal(rbad, &rwr);
	assert_int_equal(ibv_destroy_srq(srq), 0);
	/* inline entries whose lengths wrap around 32 bits: too much inline data */
	sge[0] = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 16, .lkey = a.mr->lkey };
	sge[1] = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = UINT32_MAX - 7, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){ .wr_id = 4,
				   .sg_list = sge,
				   .num_sge = 2,
				   .opcode = IBV_WR_SEND,
				   .send_flags = IBV_SEND_INLINE | IBV_SEND_SIGNALED };
	bad = NULL;
	capture_begin();
	assert_int_equal(ibv_post_send(a.qp, &wr, &bad), ENOMEM);
	expect_refusal("ibv_post_send", errno, ENOMEM);
	assert_ptr_equal(bad, &wr);
	/* the QP is unhurt */
	traffic_check_send(&a, &b);
	side_close(&a);
	side_close(&b);
}

/* A umem as large as the address space from address 1 is not mapped memory. */
static void test_umem_huge(void **state)
{
	struct ibv_context *ctx = open_device(0);

	(void)state;
	capture_begin();
	assert_null(mlx5dv_devx_umem_reg(ctx, (void *)(uintptr_t)1, UINTPTR_MAX - 1, 0));
	expect_refusal("mlx5dv_devx_umem_reg", errno, EFAULT);
	capture_begin();
	assert_null(mlx5dv_devx_umem_reg(ctx, (void *)(uintptr_t)4096, UINTPTR_MAX - 4096, 0));
	expect_refusal("mlx5dv_devx_umem_reg", errno, EFAULT);
	assert_int_equal(ibv_close_device(ctx), 0);
}

/* A QP destroyed before the completions of the SRQ WQEs it took were polled gives those WQEs
 * back to the SRQ (as libmlx5 cleans the CQ at destroy): the SRQ is not left full. */
static void test_srq_after_qp_destroy(void **state)
{
	struct ibv_srq_init_attr sattr = { .attr = { .max_wr = 1, .max_sge = 1 } };
	struct ibv_qp_init_attr qattr = { .qp_type = IBV_QPT_RC, .cap = { .max_send_wr = 4, .max_send_sge = 1 } };
	struct ibv_recv_wr rwr, *rbad;
	struct ibv_send_wr wr;
	struct ibv_sge sge;
	struct ibv_srq *srq;
	struct ibv_wc wc;
	struct side a, b;
	int slots = 0;

	(void)state;
	side_open(&a, 0, NULL, 1);
	side_open(&b, 0, NULL, 0);
	srq = ibv_create_srq(b.pd, &sattr);
	assert_non_null(srq);
	assert_int_equal(ibv_destroy_qp(b.qp), 0);
	qattr.send_cq = qattr.recv_cq = b.cq;
	qattr.srq = srq;
	b.qp = ibv_create_qp(b.pd, &qattr);
	assert_non_null(b.qp);
	connect_qp(a.qp, b.ctx, b.qp->qp_num);
	connect_qp(b.qp, a.ctx, a.qp->qp_num);
	/* fill the SRQ, and have the QP take every WQE */
	sge = (struct ibv_sge){ .addr = (uintptr_t)b.buf, .length = 8, .lkey = b.mr->lkey };
	for (;;) {
		rwr = (struct ibv_recv_wr){ .wr_id = (uint64_t)slots, .sg_list = &sge, .num_sge = 1 };
		capture_begin();
		if (ibv_post_srq_recv(srq, &rwr, &rbad)) {
			expect_refusal("ibv_post_srq_recv", errno, ENOMEM);
			break;
		}
		capture_end();
		slots++;
	}
	assert_true(slots >= 1);
	for (int i = 0; i < slots; i++) {
		sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 8, .lkey = a.mr->lkey };
		wr = (struct ibv_send_wr){ .wr_id = 1, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND };
		assert_int_equal(post_send(&a, &wr), 0);
		poll_n(a.cq, &wc, 1);
		assert_int_equal(wc.status, IBV_WC_SUCCESS);
	}
	/* the receive completions stay unpolled */
	assert_int_equal(ibv_destroy_qp(b.qp), 0);
	sge = (struct ibv_sge){ .addr = (uintptr_t)b.buf, .length = 8, .lkey = b.mr->lkey };
	for (int i = 0; i < slots; i++) {
		rwr = (struct ibv_recv_wr){ .wr_id = 100 + (uint64_t)i, .sg_list = &sge, .num_sge = 1 };
		assert_int_equal(ibv_post_srq_recv(srq, &rwr, &rbad), 0);
	}
	assert_int_equal(ibv_poll_cq(b.cq, 1, &wc), 0); /* the destroyed QP's CQEs are gone */
	assert_int_equal(ibv_destroy_srq(srq), 0);
	b.qp = ibv_create_qp(
		b.pd, &(struct ibv_qp_init_attr){
			      .qp_type = IBV_QPT_RC, .send_cq = b.cq, .recv_cq = b.cq, .cap = { .max_send_wr = 1 } });
	assert_non_null(b.qp);
	side_close(&a);
	side_close(&b);
}

/* A forked child's own queues get their timers (RNR retries) even when the parent had a timer
 * pending at the fork (the child has no timer thread; its copy of the deadline must not stop it
 * from starting one). */
static void rnr_pair(struct side *a, struct side *b, uint8_t min_rnr_timer)
{
	struct ibv_qp_attr attr = { .min_rnr_timer = min_rnr_timer };
	struct ibv_sge sge;
	struct ibv_send_wr wr;

	pair_open(a, b, 0, 0);
	/* b's RNR NAK timer: what a's retries wait for */
	assert_int_equal(ibv_modify_qp(b->qp, &attr, IBV_QP_MIN_RNR_TIMER), 0);
	sge = (struct ibv_sge){ .addr = (uintptr_t)a->buf, .length = 8, .lkey = a->mr->lkey };
	wr = (struct ibv_send_wr){
		.wr_id = 77, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED
	};
	/* no receive posted: an RNR NAK, retried at the timer */
	assert_int_equal(post_send(a, &wr), 0);
}

static bool rnr_completes(struct side *a, struct side *b)
{
	struct ibv_wc wc;
	struct timespec pause = { 0, 1000 * 1000 };

	if (post_recv(b, 1, 0, 64))
		return false;
	for (int i = 0; i < 3000; i++) {
		int n = ibv_poll_cq(a->cq, 1, &wc);

		if (n < 0)
			return false;
		if (n)
			return wc.status == IBV_WC_SUCCESS && wc.wr_id == 77;
		nanosleep(&pause, NULL);
	}
	return false;
}

static void test_fork_timer(void **state)
{
	struct side a, b, c, d;
	int status;
	pid_t child;
	struct timespec settle = { 0, 50 * 1000 * 1000 };

	(void)state;
	rnr_pair(&a, &b, 0); /* 655 ms: still pending at the fork */
	/* the timer thread the RNR started is asleep at the fork, not starting (a thread starting
	 * under AddressSanitizer holds its allocator's lock, which the child would inherit held) */
	nanosleep(&settle, NULL);
	child = fork();
	assert_true(child >= 0);
	if (!child) {
		struct timespec past_it = { 0, 700 * 1000 * 1000 };

		/* the parent's deadline is past, and earlier than any the child asks for */
		nanosleep(&past_it, NULL);
		rnr_pair(&c, &d, 1); /* 10 us */
		_exit(rnr_completes(&c, &d) ? 0 : 1);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(rnr_completes(&a, &b));
	side_close(&a);
	side_close(&b);
}

static void test_ah(void **state)
{
	struct ibv_context *ctx = open_device(0);
	struct ibv_pd *pd = ibv_alloc_pd(ctx);
	struct ibv_ah_attr attr = { .is_global = 1, .port_num = 1 };
	struct ibv_ah *ah;

	(void)state;
	assert_int_equal(ibv_query_gid(ctx, 1, 0, &attr.grh.dgid), 0);
	ah = ibv_create_ah(pd, &attr);
	assert_non_null(ah);
	capture_begin();
	assert_int_equal(ibv_dealloc_pd(pd), EBUSY);
	expect_refusal("ibv_dealloc_pd", errno, EBUSY);
	assert_int_equal(ibv_destroy_ah(ah), 0);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	assert_int_equal(ibv_close_device(ctx), 0);
}

/* Closing a context destroys its queues, as the kernel does. */
static void test_close_with_queues(void **state)
{
	struct side a, b;

	(void)state;
	pair_open(&a, &b, 0, 0);
	assert_non_null(ibv_create_comp_channel(a.ctx));
	assert_int_equal(ibv_close_device(a.ctx), 0);
	assert_int_equal(ibv_close_device(b.ctx), 0);
	free(a.buf);
	free(b.buf);
}

/* ---- umems and libflexio's private interface ---- */

static void test_umem(void **state)
{
	struct ibv_context *ctx = open_device(0);
	struct nic *nic = flexio_verbs_device_nic(0);
	struct mlx5dv_devx_umem *umem, *other;
	void *mem = aligned_alloc(4096, 8192);
	void *gone;
	uint32_t cqn;

	(void)state;
	assert_non_null(nic);
	assert_ptr_equal(flexio_verbs_device_nic(0), nic);
	assert_null(flexio_verbs_device_nic(-1));
	assert_null(flexio_verbs_device_nic(63));
	umem = mlx5dv_devx_umem_reg(ctx, mem, 8192, IBV_ACCESS_LOCAL_WRITE);
	assert_non_null(umem);
	other = mlx5dv_devx_umem_reg_ex(
		ctx, &(struct mlx5dv_devx_umem_in){
			     .addr = mem, .size = 4096, .access = IBV_ACCESS_LOCAL_WRITE, .pgsz_bitmap = 4096 });
	assert_non_null(other);
	assert_int_not_equal(umem->umem_id, other->umem_id);
	/* the NIC reaches the umem: a CQ over it (ring at 0, record at 4096) */
	assert_int_equal(nic_cq_create(nic,
				       &(struct nic_cq_attr){ .owner = 1,
							      .log_size = 2,
							      .ring = { FLEXIO_VERBS_SPACE_UMEM(umem->umem_id), 0 },
							      .dbr = { FLEXIO_VERBS_SPACE_UMEM(umem->umem_id), 4096 } },
				       &cqn),
			 0);
	assert_int_equal(nic_cq_destroy(nic, cqn), 0);
	/* out of its bounds, or deregistered: no memory there */
	assert_int_equal(nic_cq_create(nic,
				       &(struct nic_cq_attr){ .owner = 1,
							      .log_size = 2,
							      .ring = { FLEXIO_VERBS_SPACE_UMEM(other->umem_id), 4096 },
							      .dbr = { FLEXIO_VERBS_SPACE_UMEM(other->umem_id), 0 } },
				       &cqn),
			 -EFAULT);
	assert_int_equal(mlx5dv_devx_umem_dereg(other), 0);
	assert_int_equal(nic_cq_create(nic,
				       &(struct nic_cq_attr){ .owner = 1,
							      .log_size = 2,
							      .ring = { FLEXIO_VERBS_SPACE_UMEM(umem->umem_id), 0 },
							      .dbr = { FLEXIO_VERBS_SPACE_UMEM(umem->umem_id), 4096 } },
				       &cqn),
			 0);
	assert_int_equal(mlx5dv_devx_umem_dereg(umem), 0);
	assert_int_equal(nic_doorbell(nic, 1, NIC_DB_CQ_ARM, cqn, 0), 0); /* the NIC is unhurt */
	assert_int_equal(nic_cq_destroy(nic, cqn), 0);
	/* bad input */
	capture_begin();
	assert_int_equal(mlx5dv_devx_umem_dereg(umem), EINVAL);
	expect_refusal("mlx5dv_devx_umem_dereg", errno, EINVAL);
	capture_begin();
	assert_null(mlx5dv_devx_umem_reg(ctx, NULL, 4096, 0));
	expect_refusal("mlx5dv_devx_umem_reg", errno, EINVAL);
	gone = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(gone != MAP_FAILED);
	munmap(gone, 4096);
	capture_begin();
	assert_null(mlx5dv_devx_umem_reg(ctx, gone, 4096, 0));
	expect_refusal("mlx5dv_devx_umem_reg", errno, EFAULT);
	capture_begin();
	assert_null(mlx5dv_devx_umem_reg_ex(ctx, &(struct mlx5dv_devx_umem_in){ .addr = mem, .size = 4096 }));
	expect_refusal("mlx5dv_devx_umem_reg_ex", errno, EINVAL);
	/* a umem left at close goes with the context */
	assert_non_null(mlx5dv_devx_umem_reg(ctx, mem, 4096, 0));
	assert_int_equal(ibv_close_device(ctx), 0);
	free(mem);
}

/* A fake space: host memory at a distant address space, as libflexio's DPA memory would be. */
struct fake_space {
	struct flexio_verbs_space space;
	uint8_t *mem;
	uint64_t base, size;
	int reaches;
};

static void *fake_reach(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write)
{
	struct fake_space *f = (struct fake_space *)space;

	(void)write;
	__atomic_fetch_add(&f->reaches, 1, __ATOMIC_RELAXED);
	if (addr < f->base || addr - f->base > f->size || len > f->size - (addr - f->base))
		return NULL;
	return f->mem + (addr - f->base);
}

static void test_space_key(void **state)
{
	struct fake_space f = { .space = { fake_reach }, .base = 0x10000000, .size = 4096 };
	struct ibv_sge sge;
	struct ibv_send_wr wr;
	struct ibv_wc wc;
	struct side a, b;
	uint32_t key, key2;

	(void)state;
	f.mem = calloc(1, 4096);
	pair_open(&a, &b, 0, 1);
	assert_int_equal(flexio_verbs_space_key_create(b.pd, &f.space, f.base, 4096,
						       IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE, &key),
			 0);
	assert_int_equal(flexio_verbs_space_key_create(b.pd, &f.space, f.base, 4096, 0, &key2), 0);
	assert_int_not_equal(key, key2);
	assert_int_not_equal(key, b.mr->lkey);
	assert_int_equal(flexio_verbs_space_key_create(NULL, &f.space, 0, 1, 0, &key2), -EINVAL);
	assert_int_equal(flexio_verbs_space_key_create(b.pd, NULL, 0, 1, 0, &key2), -EINVAL);
	/* an RDMA write into the space through its key */
	memcpy(a.buf, "to dpa!", 8);
	sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 8, .lkey = a.mr->lkey };
	wr = (struct ibv_send_wr){ .wr_id = 60,
				   .sg_list = &sge,
				   .num_sge = 1,
				   .opcode = IBV_WR_RDMA_WRITE,
				   .send_flags = IBV_SEND_SIGNALED,
				   .wr.rdma = { .remote_addr = f.base + 128, .rkey = key } };
	assert_int_equal(post_send(&a, &wr), 0);
	poll_n(a.cq, &wc, 1);
	assert_int_equal(wc.status, IBV_WC_SUCCESS);
	assert_string_equal((char *)f.mem + 128, "to dpa!");
	assert_true(f.reaches > 0);
	/* the key holds its PD */
	assert_int_equal(ibv_destroy_qp(b.qp), 0);
	assert_int_equal(ibv_dereg_mr(b.mr), 0);
	capture_begin();
	assert_int_equal(ibv_dealloc_pd(b.pd), EBUSY);
	expect_refusal("ibv_dealloc_pd", errno, EBUSY);
	assert_int_equal(flexio_verbs_space_key_destroy(b.pd, key), 0);
	assert_int_equal(flexio_verbs_space_key_destroy(b.pd, key), -ENOENT);
	assert_int_equal(flexio_verbs_space_key_destroy(b.pd, a.mr->lkey), -ENOENT);
	/* key2 stays: it goes with the PD when the context closes */
	assert_int_equal(ibv_close_device(b.ctx), 0);
	free(b.buf);
	side_close(&a);
	free(f.mem);
}

static void test_devx_obj(void **state)
{
	struct ibv_context *ctx = open_device(0);
	struct mlx5dv_devx_obj *obj;
	uint32_t out[4];

	(void)state;
	assert_null(flexio_verbs_devx_obj_create(NULL, 1, 2));
	assert_int_equal(errno, EINVAL);
	obj = flexio_verbs_devx_obj_create(ctx, 0x400, 0x1234);
	assert_non_null(obj);
	assert_int_equal(flexio_verbs_devx_obj_id(obj), 0x1234);
	capture_begin();
	assert_int_equal(mlx5dv_devx_obj_destroy(obj), EBUSY);
	expect_refusal("mlx5dv_devx_obj_destroy", errno, EBUSY);
	capture_begin();
	assert_int_equal(mlx5dv_devx_obj_query(obj, out, sizeof(out), out, sizeof(out)), EOPNOTSUPP);
	expect_refusal("mlx5dv_devx_obj_query", errno, EOPNOTSUPP);
	capture_begin();
	assert_int_equal(mlx5dv_devx_obj_modify(obj, out, sizeof(out), out, sizeof(out)), EOPNOTSUPP);
	expect_refusal("mlx5dv_devx_obj_modify", errno, EOPNOTSUPP);
	flexio_verbs_devx_obj_release(obj);
	assert_int_equal(flexio_verbs_devx_obj_id(obj), UINT32_MAX);
	flexio_verbs_devx_obj_release(obj); /* silent */
	assert_int_equal(flexio_verbs_devx_obj_id(NULL), UINT32_MAX);
	assert_int_equal(ibv_close_device(ctx), 0);
}

/* ---- two threads, each driving its own pair (concurrency) ---- */

static void *drive_pair(void *arg)
{
	int device = (int)(intptr_t)arg;
	struct ibv_sge sge;
	struct ibv_send_wr wr;
	struct ibv_wc wc[2];
	struct side a, b;

	pair_open(&a, &b, device, 1 - device);
	for (uint64_t i = 0; i < 2000; i++) {
		assert_int_equal(post_recv(&b, i, 0, 64), 0);
		a.buf[0] = i;
		sge = (struct ibv_sge){ .addr = (uintptr_t)a.buf, .length = 8, .lkey = a.mr->lkey };
		wr = (struct ibv_send_wr){ .wr_id = i,
					   .sg_list = &sge,
					   .num_sge = 1,
					   .opcode = IBV_WR_SEND,
					   .send_flags = IBV_SEND_SIGNALED };
		assert_int_equal(post_send(&a, &wr), 0);
		poll_n(a.cq, wc, 1);
		poll_n(b.cq, wc + 1, 1);
		assert_int_equal(wc[0].wr_id, i);
		assert_int_equal(wc[1].wr_id, i);
		assert_int_equal(b.buf[0], i);
	}
	side_close(&a);
	side_close(&b);
	return NULL;
}

static void test_two_threads(void **state)
{
	pthread_t threads[2];

	(void)state;
	for (intptr_t i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, drive_pair, (void *)i), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(threads[i], NULL), 0);
}

/* ---- deregistration while the NIC copies through the region ---- */

#define DMA_BYTES (64u << 20) /* a copy of some milliseconds */

struct dma_race {
	struct side *side;
	struct ibv_mr *src_mr, *dst_mr;
	uint8_t *src, *dst;
	bool posting; /* atomic */
	enum ibv_wc_status status;
};

/* One RDMA write of DMA_BYTES from src to dst (the QP loops back to itself): its status. */
static void *write_once(void *arg)
{
	struct dma_race *r = arg;
	struct ibv_sge sge = { .addr = (uintptr_t)r->src, .length = DMA_BYTES, .lkey = r->src_mr->lkey };
	struct ibv_send_wr wr = { .sg_list = &sge,
				  .num_sge = 1,
				  .opcode = IBV_WR_RDMA_WRITE,
				  .send_flags = IBV_SEND_SIGNALED,
				  .wr.rdma = { .remote_addr = (uintptr_t)r->dst, .rkey = r->dst_mr->rkey } };
	struct ibv_wc wc;

	__atomic_store_n(&r->posting, true, __ATOMIC_RELEASE);
	assert_int_equal(post_send(r->side, &wr), 0);
	poll_n(r->side->cq, &wc, 1);
	r->status = wc.status;
	return NULL;
}

static void *dma_buffer(uint8_t fill)
{
	uint8_t *buf = malloc(DMA_BYTES);

	assert_non_null(buf);
	memset(buf, fill, DMA_BYTES);
	return buf;
}

/*
 * ibv_dereg_mr while an RDMA write copies through the region: once it returns, the program may
 * reuse or free the memory (rdma-core's promise, the kernel's: no DMA once deregistration
 * returns). A thread posts a 64 MiB write; the test deregisters the source (then the
 * destination) about a millisecond later and at once writes 0xEE over it. Whatever the
 * timing, the write then either completed before the deregistration returned (the destination
 * holds the source's bytes, or the poison over all of it) or was refused for the key: never a
 * destination mixing source bytes and poison, which is what a NIC still copying gives.
 */
static void test_dereg_waits_for_dma(void **state)
{
	struct timespec pause = { 0, 1000 * 1000 };
	struct dma_race r;
	struct side a;
	pthread_t thread;

	(void)state;
	for (unsigned round = 0; round < 6; round++) {
		bool source = round % 2 == 0;
		size_t poisoned = 0, copied = 0;

		side_open(&a, 0, NULL, 0);
		connect_qp(a.qp, a.ctx, a.qp->qp_num);
		r = (struct dma_race){ .side = &a, .src = dma_buffer(0x5a), .dst = dma_buffer(0) };
		r.src_mr = ibv_reg_mr(a.pd, r.src, DMA_BYTES, ALL_ACCESS);
		r.dst_mr = ibv_reg_mr(a.pd, r.dst, DMA_BYTES, ALL_ACCESS);
		assert_non_null(r.src_mr);
		assert_non_null(r.dst_mr);
		assert_int_equal(pthread_create(&thread, NULL, write_once, &r), 0);
		while (!__atomic_load_n(&r.posting, __ATOMIC_ACQUIRE))
			sched_yield();
		nanosleep(&pause, NULL);
		assert_int_equal(ibv_dereg_mr(source ? r.src_mr : r.dst_mr), 0);
		memset(source ? r.src : r.dst, 0xee, DMA_BYTES);
		assert_int_equal(pthread_join(thread, NULL), 0);
		for (size_t i = 0; i < DMA_BYTES; i++) {
			poisoned += r.dst[i] == 0xee;
			copied += r.dst[i] == 0x5a;
		}
		if (source) { /* no poison copied: the copy was over (or refused) before it came */
			assert_int_equal(poisoned, 0);
			assert_int_equal(copied, r.status == IBV_WC_SUCCESS ? DMA_BYTES : 0);
		} else { /* the poison over the whole destination: nothing copied after it */
			assert_int_equal(poisoned, DMA_BYTES);
		}
		print_message("round %u (%s): the write %s\n", round, source ? "source" : "destination",
			      r.status == IBV_WC_SUCCESS ? "completed first" : "was refused");
		assert_int_equal(ibv_dereg_mr(source ? r.dst_mr : r.src_mr), 0);
		free(r.src);
		free(r.dst);
		side_close(&a);
	}
}

/* ---- destroy racing with the per-call ops: the op either works or is refused ---- */

struct racer {
	struct side *side;
	struct ibv_srq *srq;
	bool started; /* atomic */
};

/* Posts (and polls) on the QP until it is gone. */
static void *post_until_gone(void *arg)
{
	struct racer *r = arg;
	struct side *s = r->side;
	struct ibv_sge sge = { .addr = (uintptr_t)s->buf, .length = 64, .lkey = s->mr->lkey };
	struct ibv_send_wr wr = { .sg_list = &sge,
				  .num_sge = 1,
				  .opcode = IBV_WR_RDMA_WRITE,
				  .send_flags = IBV_SEND_SIGNALED,
				  .wr.rdma = { .remote_addr = (uintptr_t)s->buf + 1024, .rkey = s->mr->rkey } };
	struct ibv_send_wr *bad;
	struct ibv_wc wc[8];

	for (;;) {
		int rc = ibv_post_send(s->qp, &wr, &bad);

		__atomic_store_n(&r->started, true, __ATOMIC_RELAXED);
		if (rc == EINVAL)
			return NULL;
		assert_true(rc == 0 || rc == ENOMEM);
		assert_true(ibv_poll_cq(s->cq, 8, wc) >= 0);
	}
}

/* Polls the CQ until it is gone. */
static void *poll_until_gone(void *arg)
{
	struct racer *r = arg;
	struct ibv_wc wc[8];

	for (;;) {
		int rc = ibv_poll_cq(r->side->cq, 8, wc);

		__atomic_store_n(&r->started, true, __ATOMIC_RELAXED);
		if (rc < 0)
			return NULL;
		assert_int_equal(ibv_req_notify_cq(r->side->cq, 0) == 0 || errno == EINVAL, 1);
	}
}

/* Posts to the SRQ until it is gone. */
static void *srq_post_until_gone(void *arg)
{
	struct racer *r = arg;
	struct ibv_sge sge = { .addr = (uintptr_t)r->side->buf, .length = 64, .lkey = r->side->mr->lkey };
	struct ibv_recv_wr wr = { .sg_list = &sge, .num_sge = 1 }, *bad;

	for (;;) {
		int rc = ibv_post_srq_recv(r->srq, &wr, &bad);

		__atomic_store_n(&r->started, true, __ATOMIC_RELAXED);
		if (rc == EINVAL)
			return NULL;
		assert_true(rc == 0 || rc == ENOMEM);
	}
}

static void race(void *(*fn)(void *), struct racer *r, unsigned int round)
{
	struct timespec pause = { 0, (long)(round % 7) * 20 * 1000 };
	pthread_t thread;

	__atomic_store_n(&r->started, false, __ATOMIC_RELAXED);
	assert_int_equal(pthread_create(&thread, NULL, fn, r), 0);
	while (!__atomic_load_n(&r->started, __ATOMIC_RELAXED))
		sched_yield();
	nanosleep(&pause, NULL);
	if (fn == post_until_gone)
		assert_int_equal(ibv_destroy_qp(r->side->qp), 0);
	else if (fn == poll_until_gone)
		assert_int_equal(ibv_destroy_cq(r->side->cq), 0);
	else
		assert_int_equal(ibv_destroy_srq(r->srq), 0);
	assert_int_equal(pthread_join(thread, NULL), 0);
}

static void test_destroy_races(void **state)
{
	int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
	struct side a, b;
	struct racer r = { .side = &a };

	(void)state;
	/* every refused call logs its line: not worth reading here */
	dup2(null, STDERR_FILENO);
	for (unsigned int round = 0; round < 60; round++) {
		pair_open(&a, &b, 0, 1);
		race(post_until_gone, &r, round);
		a.qp = ibv_create_qp(a.pd, &(struct ibv_qp_init_attr){ .qp_type = IBV_QPT_RC,
								       .send_cq = a.cq,
								       .recv_cq = a.cq,
								       .cap = { .max_send_wr = 1 } });
		assert_non_null(a.qp);
		r.srq = ibv_create_srq(a.pd, &(struct ibv_srq_init_attr){ .attr = { .max_wr = 8, .max_sge = 1 } });
		assert_non_null(r.srq);
		race(srq_post_until_gone, &r, round);
		assert_int_equal(ibv_destroy_qp(a.qp), 0);
		race(poll_until_gone, &r, round);
		assert_int_equal(ibv_dereg_mr(a.mr), 0);
		assert_int_equal(ibv_dealloc_pd(a.pd), 0);
		assert_int_equal(ibv_close_device(a.ctx), 0);
		free(a.buf);
		side_close(&b);
	}
	dup2(saved, STDERR_FILENO);
	close(saved);
	close(null);
}

/*
 * A queue pair given to the device's DMA engine (flexio_sim_qp_use_dma_engine): ibv_post_send
 * returns before the NIC executes the write, which the engine's thread does later, its CQE then
 * polled as any. Bad input: one line.
 */
static void test_dma_engine(void **state)
{
	enum {
		LEN = 32u << 20
	};
	uint8_t *mem = calloc(2, LEN);
	struct side a;
	struct ibv_mr *mr;
	struct ibv_sge sge;
	struct ibv_send_wr wr;
	struct ibv_wc wc;

	(void)state;
	assert_non_null(mem);
	memset(mem, 0x77, LEN);
	side_open(&a, 0, NULL, 0);
	connect_qp(a.qp, a.ctx, a.qp->qp_num);
	mr = ibv_reg_mr(a.pd, mem, 2 * (size_t)LEN, ALL_ACCESS);
	assert_non_null(mr);
	assert_int_equal(flexio_sim_qp_use_dma_engine(a.qp), 0);
	sge = (struct ibv_sge){ .addr = (uintptr_t)mem, .length = LEN, .lkey = mr->lkey };
	wr = (struct ibv_send_wr){ .wr_id = 5,
				   .sg_list = &sge,
				   .num_sge = 1,
				   .opcode = IBV_WR_RDMA_WRITE,
				   .send_flags = IBV_SEND_SIGNALED,
				   .wr = { .rdma = { .remote_addr = (uintptr_t)mem + LEN, .rkey = mr->rkey } } };
	assert_int_equal(post_send(&a, &wr), 0);
	/* 32 MiB take the engine milliseconds: the last byte has not moved yet */
	assert_int_equal(__atomic_load_n(&mem[2 * (size_t)LEN - 1], __ATOMIC_RELAXED), 0);
	poll_n(a.cq, &wc, 1);
	assert_int_equal(wc.status, IBV_WC_SUCCESS);
	assert_int_equal(wc.wr_id, 5);
	assert_int_equal(mem[2 * (size_t)LEN - 1], 0x77);
	assert_memory_equal(mem, mem + LEN, LEN);

	capture_begin();
	assert_int_equal(flexio_sim_qp_use_dma_engine(NULL), EINVAL);
	expect_refusal("flexio_sim_qp_use_dma_engine", errno, EINVAL);
	assert_int_equal(ibv_dereg_mr(mr), 0);
	side_close(&a);
	free(mem);
}

/*
 * A poll of the CQ of a queue pair given to the DMA engine executes what was posted to it when
 * the engine's thread has not claimed it: a program posting and polling on one CPU, the engine's
 * thread on the same CPU, gets each completion without waiting for that thread's time slice.
 * Rounds of one write and its completion, counting the completions the first poll after the post
 * returns: nearly all when the poll executes the queue (only a preemption between post and poll
 * lets the engine's thread claim it), next to none when it waits for the engine's thread, which
 * gets the shared CPU only when the test's thread is preempted. No timing: a count. On the second
 * device, whose engine's thread no other test starts: started by the first deferred doorbell, it
 * inherits the CPU.
 */
static void test_dma_engine_polled(void **state)
{
	enum {
		ROUNDS = 1000
	};
	uint8_t *mem = calloc(2, 64);
	cpu_set_t saved, one;
	int first_poll = 0;
	struct side a;
	struct ibv_mr *mr;
	struct ibv_sge sge;
	struct ibv_send_wr wr;
	struct ibv_wc wc;

	(void)state;
	assert_non_null(mem);
	assert_int_equal(sched_getaffinity(0, sizeof(saved), &saved), 0);
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	assert_int_equal(sched_setaffinity(0, sizeof(one), &one), 0);
	side_open(&a, 1, NULL, 0);
	connect_qp(a.qp, a.ctx, a.qp->qp_num);
	mr = ibv_reg_mr(a.pd, mem, 128, ALL_ACCESS);
	assert_non_null(mr);
	assert_int_equal(flexio_sim_qp_use_dma_engine(a.qp), 0);
	sge = (struct ibv_sge){ .addr = (uintptr_t)mem, .length = 64, .lkey = mr->lkey };
	wr = (struct ibv_send_wr){ .sg_list = &sge,
				   .num_sge = 1,
				   .opcode = IBV_WR_RDMA_WRITE,
				   .send_flags = IBV_SEND_SIGNALED,
				   .wr = { .rdma = { .remote_addr = (uintptr_t)mem + 64, .rkey = mr->rkey } } };
	for (int i = 0; i < ROUNDS; i++) {
		wr.wr_id = (uint64_t)i;
		mem[i % 64] = (uint8_t)i;
		assert_int_equal(post_send(&a, &wr), 0);
		if (ibv_poll_cq(a.cq, 1, &wc) == 1)
			first_poll++;
		else
			poll_n(a.cq, &wc, 1);
		assert_int_equal(wc.status, IBV_WC_SUCCESS);
		assert_int_equal(wc.wr_id, i);
		assert_int_equal(mem[64 + i % 64], (uint8_t)i);
	}
	if (first_poll < ROUNDS / 2)
		fail_msg("%d of %d completions came with the first poll: the polls waited for the engine's thread",
			 first_poll, ROUNDS);
	assert_int_equal(sched_setaffinity(0, sizeof(saved), &saved), 0);
	assert_int_equal(ibv_dereg_mr(mr), 0);
	side_close(&a);
	free(mem);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rc_one_device),      cmocka_unit_test(test_rc_two_devices),
		cmocka_unit_test(test_chain_and_sig_all),  cmocka_unit_test(test_srq),
		cmocka_unit_test(test_channel_wakes_poll), cmocka_unit_test(test_destroy_waits_for_acks),
		cmocka_unit_test(test_bad_lkey),           cmocka_unit_test(test_bad_rkey),
		cmocka_unit_test(test_bad_input),          cmocka_unit_test(test_bad_wr_lists),
		cmocka_unit_test(test_umem_huge),          cmocka_unit_test(test_srq_after_qp_destroy),
		cmocka_unit_test(test_fork_timer),         cmocka_unit_test(test_ah),
		cmocka_unit_test(test_close_with_queues),  cmocka_unit_test(test_umem),
		cmocka_unit_test(test_space_key),          cmocka_unit_test(test_devx_obj),
		cmocka_unit_test(test_dma_engine_polled),  cmocka_unit_test(test_dma_engine),
	};
	const struct CMUnitTest threads[] = {
		cmocka_unit_test(test_two_threads),
		cmocka_unit_test(test_destroy_races),
		cmocka_unit_test(test_dereg_waits_for_dma),
	};

	if (argc > 1 && !strcmp(argv[1], "threads"))
		return cmocka_run_group_tests(threads, NULL, NULL);
	if (argc > 1) /* a test name (pattern) to run alone */
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
