/*
 * The engine under several threads (built again with ThreadSanitizer by scripts/test.sh):
 *   - two QP pairs driven from two threads, one pair each;
 *   - one pair whose two ends are driven from two threads (each side's sends run on its own
 *     thread and write into the other side's memory and CQ);
 *   - queues created, used and destroyed while doorbells with stale numbers and timer runs
 *     go on around them;
 *   - RQs destroyed while a port's receive TIR, a direct TIR and an RQ table name them and
 *     another thread gives them frames through all three.
 */
#include "nic_test.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <setjmp.h>

#include <cmocka.h>

#define PD 4
#define IOVA 0x100000ull
#define ROUNDS 20000
#define RW (NIC_ACCESS_LOCAL_WRITE | NIC_ACCESS_REMOTE_WRITE | NIC_ACCESS_REMOTE_READ)

/* One end of a pair: its QP, CQ and buffer. */
struct end {
	struct tcq cq;
	struct tqp qp;
	uint8_t *buf; /* 4 KiB */
	uint32_t key;
};

struct pair {
	struct end a, b;
};

static struct test_env te;
static struct nic *nic;

static void end_create(struct end *e, uint64_t owner)
{
	e->buf = calloc(1, 4096);
	e->key = te_mkey(&te, PD, e->buf, 4096, IOVA, RW);
	tcq_create(&e->cq, &te, nic, owner, 6, NULL);
	tqp_create(&e->qp, &te, nic, owner, PD, &e->cq, &e->cq, 5, 5);
}

static void pair_create(struct pair *p, uint64_t owner)
{
	end_create(&p->a, owner);
	end_create(&p->b, owner);
	tqp_connect(&p->a.qp, p->b.qp.qpn, NULL, RW);
	tqp_connect(&p->b.qp, p->a.qp.qpn, NULL, RW);
}

static void end_free(struct end *e)
{
	free(e->buf);
}

/* cmocka's assertions belong to the main thread: other threads check with this. */
#define CHECK(cond)                                                                              \
	do {                                                                                     \
		if (!(cond)) {                                                                   \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
			abort();                                                                 \
		}                                                                                \
	} while (0)

/* Waits for the next completion of opcode (REQ = 0, RESP_SEND = 2) and returns its byte count. */
static uint32_t wait_cqe(struct end *e, uint8_t opcode)
{
	struct flexio_dev_cqe64 cqe;

	while (!tcq_poll(&e->cq, &cqe))
		sched_yield();
	CHECK(flexio_dev_cqe_get_opcode(&cqe) == opcode);
	return flexio_dev_cqe_get_byte_cnt(&cqe);
}

/* Sends the round number (4 bytes) from e to its peer, who has a receive posted. */
static void send_round(struct end *e, uint32_t round)
{
	memcpy(e->buf, &round, 4);
	CHECK(tqp_send(&e->qp, e->key, IOVA, 4) == 0);
}

/* Ping-pong on a pair, both ends on this thread. */
static void *drive_pair(void *arg)
{
	struct pair *p = arg;

	for (uint32_t round = 0; round < ROUNDS; round++) {
		uint32_t got;

		tqp_post_recv(&p->b.qp, p->b.key, IOVA + 64, 64);
		tqp_post_recv(&p->a.qp, p->a.key, IOVA + 64, 64);
		send_round(&p->a, round);
		CHECK(wait_cqe(&p->b, 2) == 4);
		memcpy(&got, p->b.buf + 64, 4);
		CHECK(got == round);
		CHECK(wait_cqe(&p->a, 0) == 4);
		send_round(&p->b, round + 1);
		CHECK(wait_cqe(&p->a, 2) == 4);
		memcpy(&got, p->a.buf + 64, 4);
		CHECK(got == round + 1);
		CHECK(wait_cqe(&p->b, 0) == 4);
	}
	return NULL;
}

static void test_two_pairs(void **state)
{
	struct pair p[2];
	pthread_t t[2];
	struct nic_stats stats;

	(void)state;
	for (int i = 0; i < 2; i++)
		pair_create(&p[i], 1);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, drive_pair, &p[i]), 0);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	nic_stats_get(nic, &stats);
	assert_int_equal(stats.wqes, 4ull * ROUNDS);
	for (int i = 0; i < 2; i++) {
		end_free(&p[i].a);
		end_free(&p[i].b);
	}
}

/* The echo end: replies to each message with the same bytes. Its own send completions and the
 * next message may come in either order: the peer sees the reply before this thread sees its
 * send complete. */
static void *echo(void *arg)
{
	struct end *b = arg;
	uint32_t received = 0, sent = 0;

	tqp_post_recv(&b->qp, b->key, IOVA + 64, 64);
	while (received < ROUNDS || sent < ROUNDS) {
		struct flexio_dev_cqe64 cqe;
		uint32_t got;

		if (!tcq_poll(&b->cq, &cqe)) {
			sched_yield();
			continue;
		}
		if (flexio_dev_cqe_get_opcode(&cqe) == 0) {
			sent++;
			continue;
		}
		CHECK(flexio_dev_cqe_get_opcode(&cqe) == 2 && flexio_dev_cqe_get_byte_cnt(&cqe) == 4);
		memcpy(&got, b->buf + 64, 4);
		CHECK(got == received);
		received++;
		tqp_post_recv(&b->qp, b->key, IOVA + 64, 64);
		send_round(b, got);
	}
	return NULL;
}

static void test_two_threads_one_pair(void **state)
{
	struct pair p;
	pthread_t t;

	(void)state;
	pair_create(&p, 2);
	assert_int_equal(pthread_create(&t, NULL, echo, &p.b), 0);
	for (uint32_t round = 0; round < ROUNDS; round++) {
		struct flexio_dev_cqe64 cqe;
		bool replied = false, sent = false;
		uint32_t got;

		tqp_post_recv(&p.a.qp, p.a.key, IOVA + 64, 64);
		/* The echo thread may post its receive late: RNR retries by doorbell and timer. */
		send_round(&p.a, round);
		while (!replied || !sent) {
			if (!tcq_poll(&p.a.cq, &cqe)) {
				atomic_fetch_add(&te.now, 20000);
				nic_timers_run(nic);
				sched_yield();
				continue;
			}
			if (flexio_dev_cqe_get_opcode(&cqe) == 0) {
				sent = true;
			} else {
				assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 2);
				memcpy(&got, p.a.buf + 64, 4);
				assert_int_equal(got, round);
				replied = true;
			}
		}
	}
	pthread_join(t, NULL);
	end_free(&p.a);
	end_free(&p.b);
}

/* Queues come and go while other threads ring numbers that may be theirs, and run timers. */
static atomic_bool churning;
static atomic_uint ring_passes; /* passes of ring_stale over the numbers */

static void *ring_stale(void *arg)
{
	(void)arg;
	while (atomic_load(&churning)) {
		for (uint32_t n = 1; n < 64; n++) {
			nic_doorbell(nic, 3, NIC_DB_SEND, n, 1);
			nic_doorbell(nic, 3, NIC_DB_CQ_ARM, n, 0);
		}
		nic_timers_run(nic);
		atomic_fetch_add(&ring_passes, 1);
		sched_yield();
	}
	return NULL;
}

static void test_churn(void **state)
{
	struct nic_stats stats;
	pthread_t t;

	(void)state;
	atomic_store(&churning, true);
	atomic_store(&ring_passes, 0);
	assert_int_equal(pthread_create(&t, NULL, ring_stale, NULL), 0);
	/* At least 300 rounds, and until the ringing thread has made two passes meanwhile (on a
	 * loaded machine it may not run at all in 300 rounds); a pass rings numbers no queue has. */
	for (int i = 0; i < 300 || atomic_load(&ring_passes) < 2; i++) {
		struct tcq cq;
		struct tqp sq;

		tcq_create(&cq, &te, nic, 4, 3,
			   &(struct nic_cq_attr){ .armed = true, .moderation_count = 2, .moderation_period_us = 1 });
		tsq_create(&sq, &te, nic, 4, PD, &cq, 3, 0);
		assert_int_equal(tqp_nops(&sq, 3), 0);
		assert_int_equal(nic_wq_destroy(nic, sq.qpn), 0);
		assert_int_equal(nic_cq_destroy(nic, cq.cqn), 0);
	}
	atomic_store(&churning, false);
	pthread_join(t, NULL);
	nic_stats_get(nic, &stats);
	assert_true(stats.refused_unknown + stats.refused_owner > 0);
}

/* Frames through a port's receive TIR and a steering TIR, for ever (until frames_stop). */
static atomic_bool frames_stop;
static atomic_uint frames_tirn, frames_given;

static void *give_frames(void *arg)
{
	uint8_t frame[64] = { [12] = 0x88, [13] = 0xb5 };

	(void)arg;
	while (!atomic_load(&frames_stop)) {
		int rc = nic_tir_rx(nic, atomic_load(&frames_tirn), frame, sizeof(frame));

		CHECK(rc == 0 || rc == -ENOBUFS || rc == -EIO || rc == -ENOENT);
		rc = nic_port_rx(nic, 1, frame, sizeof(frame));
		CHECK(rc == 0 || rc == -ENOBUFS || rc == -EIO || rc == -ENOENT);
		atomic_fetch_add(&frames_given, 1);
	}
	return NULL;
}

#define RQ_ROUNDS 200

static void test_rq_destroyed_under_frames(void **state)
{
	const struct nic_rx_hash none = { .fn = NIC_RX_HASH_NONE };
	uint8_t *buf = calloc(1, 16 * 64);
	uint32_t key = te_mkey(&te, PD, buf, 16 * 64, IOVA, RW);
	struct flexio_dev_wqe_rcv_data_seg *rings[RQ_ROUNDS];
	uint64_t spaces[RQ_ROUNDS];
	struct tcq cqs[RQ_ROUNDS];
	pthread_t t;

	(void)state;
	/* the environment's spaces are made before the thread reads them */
	for (int round = 0; round < RQ_ROUNDS; round++) {
		tcq_create(&cqs[round], &te, nic, 4, 5, NULL);
		spaces[round] = te_space(&te, 16 * 16 + 64, (void **)&rings[round]);
	}
	atomic_store(&frames_stop, false);
	atomic_store(&frames_tirn, 0);
	assert_int_equal(pthread_create(&t, NULL, give_frames, NULL), 0);
	for (int round = 0; round < RQ_ROUNDS; round++) {
		struct flexio_dev_wqe_rcv_data_seg *ring = rings[round];
		uint32_t rqn, tdn, tirn, rqtn, indirect, given;

		for (int i = 0; i < 16; i++)
			ring[i] = (struct flexio_dev_wqe_rcv_data_seg){ .byte_count = cpu_to_be32(64),
									.lkey = cpu_to_be32(key),
									.addr = cpu_to_be64(IOVA + 64 * i) };
		*(uint32_t *)(ring + 16) = cpu_to_be32(16);
		assert_int_equal(nic_rq_create(nic,
					       &(struct nic_rq_attr){ .owner = 4,
								      .pd = PD,
								      .cqn = cqs[round].cqn,
								      .kind = NIC_RQ_CYCLIC,
								      .log_depth = 4,
								      .log_stride = 4,
								      .ring = { spaces[round], 0 },
								      .dbr = { spaces[round], 16 * 16 } },
					       &rqn),
				 0);
		assert_int_equal(nic_wq_modify(nic, rqn, NIC_WQ_RDY), 0);
		assert_int_equal(nic_td_create(nic, &tdn), 0);
		assert_int_equal(nic_tir_create(nic, tdn, rqn, &tirn), 0);
		assert_int_equal(nic_rqt_create(nic, (uint32_t[]){ rqn, rqn }, 2, &rqtn), 0);
		assert_int_equal(nic_tir_create_indirect(nic, tdn, rqtn, &none, &indirect), 0);
		assert_int_equal(nic_port_set(nic, 1, &(struct nic_port_attr){ .mtu = 1500, .rx_tir = tirn }), 0);
		atomic_store(&frames_tirn, round % 2 ? tirn : indirect);
		/* some frames in, then the RQ goes under them */
		given = atomic_load(&frames_given);
		while (atomic_load(&frames_given) < given + 3)
			sched_yield();
		assert_int_equal(nic_wq_destroy(nic, rqn), 0);
		assert_int_equal(nic_cq_destroy(nic, cqs[round].cqn), 0); /* the RQ held it: no more */
		assert_int_equal(nic_port_set(nic, 1, &(struct nic_port_attr){ .mtu = 1500 }), 0);
		assert_int_equal(nic_tir_destroy(nic, indirect), 0);
		assert_int_equal(nic_tir_destroy(nic, tirn), 0);
		assert_int_equal(nic_rqt_destroy(nic, rqtn), 0);
		assert_int_equal(nic_td_destroy(nic, tdn), 0);
	}
	atomic_store(&frames_stop, true);
	pthread_join(t, NULL);
	free(buf);
}

static int setup(void **state)
{
	(void)state;
	te_init(&te);
	nic = te_nic(&te, NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	nic_destroy(nic);
	te_fini(&te);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_two_pairs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_two_threads_one_pair, setup, teardown),
		cmocka_unit_test_setup_teardown(test_churn, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rq_destroyed_under_frames, setup, teardown),
	};

	return cmocka_run_group_tests_name("nic_threads", tests, NULL, NULL);
}
