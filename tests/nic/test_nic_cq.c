/*
 * CQs and EQs: owner-bit phases over many ring passes, arming, moderation by count and by
 * period (injected time), overrun with and without overrun_ignore, zero CQEs, EQEs,
 * compressed CQEs read back with the device's comp_cq helpers, collapsed CQs.
 */
#include "nic_test.h"

#include <stdarg.h>
#include <setjmp.h>
#include <string.h>

#include <cmocka.h>

#define OWNER 7
#define PD 1

struct fixture {
	struct test_env te;
	struct nic *nic;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	te_init(&f->te);
	f->nic = te_nic(&f->te, NULL);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	nic_destroy(f->nic);
	te_fini(&f->te);
	free(f);
	return 0;
}

/* 70000 completions through an 8-entry CQ: owner bits flip at every pass, WQE counters wrap
 * at 16 bits, nothing is lost. */
static void test_owner_wrap(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct tcq cq;
	struct tqp sq;
	uint16_t expect = 0;

	tcq_create(&cq, &f->te, f->nic, OWNER, 3, NULL);
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 3, 0);
	for (unsigned round = 0; round < 14000; round++) {
		assert_int_equal(tqp_nops(&sq, 5), 0);
		for (unsigned i = 0; i < 5; i++) {
			uint32_t ci = cq.ci;

			assert_true(tcq_poll(&cq, &cqe));
			assert_int_equal(flexio_dev_cqe_get_owner(&cqe), (ci >> 3) & 1);
			assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 0);
			assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), expect++);
			assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), sq.qpn);
			assert_int_equal(flexio_dev_cqe_get_user_index(&cqe), 0x55);
			assert_int_equal(cqe.sop_rdrop, 0); /* NOP */
		}
		assert_false(tcq_poll(&cq, &cqe));
	}
	struct nic_cq_info info;

	assert_int_equal(nic_cq_query(f->nic, cq.cqn, &info), 0);
	assert_int_equal(info.produced, 70000);
	assert_int_equal(info.completions, 70000);
	assert_false(info.error);
}

/* One-shot arming: an event for the first completion after an arm, none after; arming with
 * completions the consumer has not reached fires at once. */
static void test_arming(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct tcq cq;
	struct tqp sq;

	tcq_create(&cq, &f->te, f->nic, OWNER, 4, &(struct nic_cq_attr){ .cookie = 99 });
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 4, 0);
	assert_int_equal(tqp_nops(&sq, 2), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 0); /* created unarmed */
	tcq_arm(&cq); /* two completions not consumed yet: at once */
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1);
	assert_int_equal(f->te.events[0].cookie, 99);
	assert_int_equal(f->te.events[0].owner, OWNER);
	while (tcq_poll(&cq, &cqe))
		;
	assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1); /* not re-armed */
	assert_true(tcq_poll(&cq, &cqe));
	tcq_arm(&cq);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1);
	assert_int_equal(tqp_nops(&sq, 3), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 2); /* one event for three */

	/* Solicited arming: a successful unsolicited completion does not fire. */
	while (tcq_poll(&cq, &cqe))
		;
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_CQ_ARM_SOLICITED, cq.cqn, cq.ci), 0);
	assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 2);
}

static void test_always_armed(void **state)
{
	struct fixture *f = *state;
	struct tcq cq;
	struct tqp sq;

	tcq_create(&cq, &f->te, f->nic, OWNER, 4, &(struct nic_cq_attr){ .always_armed = true });
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 4, 0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 3);
}

static void test_moderation_count(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct tcq cq;
	struct tqp sq;

	tcq_create(&cq, &f->te, f->nic, OWNER, 5, &(struct nic_cq_attr){ .armed = true, .moderation_count = 4 });
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 5, 0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 0);
	assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1);
	while (tcq_poll(&cq, &cqe))
		;
	tcq_arm(&cq);
	assert_int_equal(tqp_nops(&sq, 3), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1);
	assert_int_equal(tqp_nops(&sq, 2), 0); /* 5 since the last event: over the count */
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 2);

	/* Moderation changes take effect on the next completions. */
	while (tcq_poll(&cq, &cqe))
		;
	assert_int_equal(nic_cq_moderate(f->nic, cq.cqn, 0, 0, NIC_MODERATION_EVENT), 0);
	tcq_arm(&cq);
	assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 3);
	assert_int_equal(nic_cq_moderate(f->nic, cq.cqn, 0, 0, 7), -EINVAL);
}

static void test_moderation_period(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	uint64_t t0;
	struct tcq cq;
	struct tqp sq;

	/* EVENT mode: the period runs from the last event (creation here). */
	t0 = atomic_load(&f->te.now);
	tcq_create(&cq, &f->te, f->nic, OWNER, 5,
		   &(struct nic_cq_attr){ .armed = true, .moderation_period_us = 10, .moderation_count = 100 });
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 5, 0);
	atomic_store(&f->te.now, t0 + 3000);
	assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 0);
	assert_int_equal(atomic_load(&f->te.deadline), t0 + 10000);
	atomic_store(&f->te.now, t0 + 9999);
	nic_timers_run(f->nic);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 0);
	atomic_store(&f->te.now, t0 + 10000);
	nic_timers_run(f->nic);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1);
	nic_timers_run(f->nic); /* nothing pending */
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1);

	/* A completion long after the last event fires at once. */
	while (tcq_poll(&cq, &cqe))
		;
	tcq_arm(&cq);
	atomic_store(&f->te.now, t0 + 50000);
	assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 2);

	/* CQE mode: every completion restarts the period. */
	while (tcq_poll(&cq, &cqe))
		;
	assert_int_equal(nic_cq_moderate(f->nic, cq.cqn, 0, 10, NIC_MODERATION_CQE), 0);
	tcq_arm(&cq);
	assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(atomic_load(&f->te.deadline), t0 + 60000);
	atomic_store(&f->te.now, t0 + 55000);
	assert_int_equal(tqp_nops(&sq, 1), 0);
	/* The engine asks for the first deadline only, and then lists the CQ for the next. */
	assert_int_equal(atomic_load(&f->te.deadline), t0 + 60000);
	atomic_store(&f->te.now, t0 + 62000);
	nic_timers_run(f->nic);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 2);
	assert_int_equal(atomic_load(&f->te.deadline), t0 + 65000);
	atomic_store(&f->te.now, t0 + 65000);
	nic_timers_run(f->nic);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 3);
}

/* A CQ the consumer does not follow: an error (and an event for its owner), the queue that
 * lost its completion goes to error; with overrun_ignore the ring is just overwritten. */
static void test_overrun(void **state)
{
	struct fixture *f = *state;
	struct nic_wq_info wq;
	struct nic_cq_info info;
	struct flexio_dev_cqe64 cqe;
	struct tcq cq;
	struct tqp sq;

	tcq_create(&cq, &f->te, f->nic, OWNER, 2, NULL);
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 4, 0);
	assert_int_equal(tqp_nops(&sq, 4), 0);
	assert_int_equal(nic_cq_query(f->nic, cq.cqn, &info), 0);
	assert_false(info.error);
	assert_int_equal(tqp_nops(&sq, 1), 0);
	assert_int_equal(nic_cq_query(f->nic, cq.cqn, &info), 0);
	assert_true(info.error);
	assert_int_equal(info.produced, 4);
	assert_true(info.lost >= 1);
	assert_int_equal(te_events(&f->te, NIC_EVENT_CQ_ERROR, cq.cqn), 1);
	assert_int_equal(nic_wq_query(f->nic, sq.qpn, &wq), 0);
	assert_int_equal(wq.state, NIC_WQ_ERR);
	/* Doorbells on a CQ in error are refused. */
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_CQ_ARM, cq.cqn, 0), -EINVAL);

	/* overrun_ignore: 10 completions in 4 entries, the last pass is what the ring holds. */
	struct tcq cq2;
	struct tqp sq2;

	tcq_create(&cq2, &f->te, f->nic, OWNER, 2, &(struct nic_cq_attr){ .overrun_ignore = true });
	tsq_create(&sq2, &f->te, f->nic, OWNER, PD, &cq2, 4, 0);
	assert_int_equal(tqp_nops(&sq2, 10), 0);
	assert_int_equal(nic_cq_query(f->nic, cq2.cqn, &info), 0);
	assert_false(info.error);
	assert_int_equal(info.produced, 10);
	cq2.ci = 8; /* the consumer skips to the last pass */
	for (uint16_t i = 8; i < 10; i++) {
		assert_true(tcq_poll(&cq2, &cqe));
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), i);
	}
	assert_false(tcq_poll(&cq2, &cqe));
}

/* Zero CQEs: the event of a completion, no ring entry. */
static void test_zero_cqe(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_stats stats;
	struct tcq cq;

	tcq_create(&cq, &f->te, f->nic, OWNER, 3, &(struct nic_cq_attr){ .armed = false });
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_ZERO_CQE, cq.cqn, 0), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 0); /* not armed */
	tcq_arm(&cq);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_ZERO_CQE, cq.cqn, 0), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1);
	assert_false(tcq_poll(&cq, &cqe));
	assert_int_equal(cq.ring[0].op_own, 0xf1);
	nic_stats_get(f->nic, &stats);
	assert_int_equal(stats.zero_cqes, 2);
}

/* EQs: a CQ reporting to an EQ writes EQEs (owner bits by pass), an armed EQ fires. */
static void test_eq(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_eq_info info;
	struct flexio_dev_eqe *eqes;
	uint32_t eqn, eq_ci = 0;
	struct tcq cq;
	struct tqp sq;
	uint64_t space = te_space(&f->te, 64 * 4, (void **)&eqes);

	for (int i = 0; i < 4; i++)
		eqes[i].owner = 1;
	assert_int_equal(
		nic_eq_create(f->nic,
			      &(struct nic_eq_attr){
				      .owner = OWNER, .log_size = 2, .ring = { space, 0 }, .cookie = 5, .armed = true },
			      &eqn),
		0);
	tcq_create(&cq, &f->te, f->nic, OWNER, 3,
		   &(struct nic_cq_attr){ .armed = true, .target = NIC_CQ_EQ, .eqn = eqn });
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 3, 0);
	assert_int_equal(nic_eq_destroy(f->nic, eqn), -EBUSY);
	for (unsigned round = 0; round < 10; round++) {
		struct flexio_dev_eqe *eqe = &eqes[eq_ci & 3];

		assert_int_equal(tqp_nops(&sq, 1), 0);
		/* The device loop: an EQE is software's when its owner bit is the pass's. */
		assert_int_equal(flexio_dev_eqe_get_owner(eqe), (eq_ci >> 2) & 1);
		assert_int_equal(flexio_dev_eqe_get_cqn(eqe), cq.cqn);
		assert_int_equal(eqe->type, 0);
		eq_ci++;
		assert_true(tcq_poll(&cq, &cqe));
		tcq_arm(&cq);
		assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EQ_ARM, eqn, eq_ci), 0);
	}
	assert_int_equal(te_events(&f->te, NIC_EVENT_EQ, eqn), 10);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 0);
	/* A zero CQE on the CQ is an EQE too (flexio_dev_msix_send). */
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_ZERO_CQE, cq.cqn, 0), 0);
	assert_int_equal(flexio_dev_eqe_get_cqn(&eqes[eq_ci & 3]), cq.cqn);
	assert_int_equal(flexio_dev_eqe_get_owner(&eqes[eq_ci & 3]), (eq_ci >> 2) & 1);
	eq_ci++;
	assert_int_equal(nic_eq_query(f->nic, eqn, &info), 0);
	assert_int_equal(info.produced, 11);
	assert_int_equal(info.consumed, 10);
	/* Arming with an EQE not consumed fires at once; the EQ overruns when not followed. */
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EQ_ARM, eqn, 10), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_EQ, eqn), 12);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EQ_UPDATE, eqn, 8), 0);
	for (int i = 0; i < 2; i++) {
		tcq_arm(&cq);
		assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_ZERO_CQE, cq.cqn, 0), 0);
	}
	assert_int_equal(nic_eq_query(f->nic, eqn, &info), 0);
	assert_true(info.error);
	assert_int_equal(nic_wq_destroy(f->nic, sq.qpn), 0);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), 0);
	assert_int_equal(nic_eq_destroy(f->nic, eqn), 0);
}

/* Compression: the requester completions of one doorbell become a title CQE and mini-CQE
 * arrays, read back with flexio_dev_comp_cqe_* as device code reads them. */
static void test_compression(void **state)
{
	struct fixture *f = *state;
	struct tcomp comp[64];
	struct tcq cq;
	struct tqp sq;
	uint16_t expect = 0;
	unsigned minis = 0;

	tcq_create(&cq, &f->te, f->nic, OWNER, 4,
		   &(struct nic_cq_attr){ .compress = true, .comp_format = NIC_COMP_HASH });
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 5, 0);
	for (unsigned round = 0; round < 40; round++) {
		unsigned n = 1 + round % 20, got;

		assert_int_equal(tqp_nops(&sq, n), 0);
		got = tcq_poll_comp(&cq, comp, 64);
		assert_int_equal(got, n);
		for (unsigned i = 0; i < got; i++) {
			assert_int_equal(comp[i].opcode, 0);
			assert_int_equal(comp[i].qpn, sq.qpn);
			assert_int_equal(comp[i].wqe_counter, expect++);
			minis += comp[i].mini;
		}
	}
	/* 8 completions take two entries: a title and an array of seven. */
	assert_true(minis > 300);
	struct nic_cq_info info;

	assert_int_equal(nic_cq_query(f->nic, cq.cqn, &info), 0);
	assert_int_equal(info.completions, expect);
	assert_true(info.produced < expect / 3);
	assert_false(info.error);
}

/* A collapsed CQ writes every CQE in entry 0, flipping its owner bit. */
static void test_collapsed(void **state)
{
	struct fixture *f = *state;
	struct tcq cq;
	struct tqp sq;

	tcq_create(&cq, &f->te, f->nic, OWNER, 0, &(struct nic_cq_attr){ .collapsed = true });
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 3, 0);
	for (uint16_t i = 0; i < 6; i++) {
		assert_int_equal(tqp_nops(&sq, 1), 0);
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cq.ring[0]), i);
		assert_int_equal(flexio_dev_cqe_get_owner(&cq.ring[0]), i & 1);
	}
}

static void test_objects(void **state)
{
	struct fixture *f = *state;
	struct tcq cq;
	struct tqp sq;
	uint32_t n;

	tcq_create(&cq, &f->te, f->nic, OWNER, 2, NULL);
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 2, 0);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), -EBUSY);
	assert_int_equal(nic_wq_destroy(f->nic, sq.qpn), 0);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), 0);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), -ENOENT);
	/* A number does not come back at once: the generation above the index changed. */
	tcq_create(&cq, &f->te, f->nic, OWNER, 2, NULL);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_CQ_ARM, 0, 0), -ENOENT);
	/* Bad attributes and memory are refused. */
	assert_int_equal(nic_cq_create(f->nic, &(struct nic_cq_attr){ .log_size = 23 }, &n), -EINVAL);
	assert_int_equal(nic_cq_create(f->nic, &(struct nic_cq_attr){ .ring = { 999, 0 } }, &n), -EFAULT);
	assert_int_equal(nic_cq_create(f->nic, &(struct nic_cq_attr){ .ring = { cq.nic ? 1 : 0, 32 } }, &n), -EFAULT);
	assert_int_equal(nic_sq_create(f->nic, &(struct nic_sq_attr){ .cqn = 12345, .ring = { 1, 0 } }, &n), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_owner_wrap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_arming, setup, teardown),
		cmocka_unit_test_setup_teardown(test_always_armed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_moderation_count, setup, teardown),
		cmocka_unit_test_setup_teardown(test_moderation_period, setup, teardown),
		cmocka_unit_test_setup_teardown(test_overrun, setup, teardown),
		cmocka_unit_test_setup_teardown(test_zero_cqe, setup, teardown),
		cmocka_unit_test_setup_teardown(test_eq, setup, teardown),
		cmocka_unit_test_setup_teardown(test_compression, setup, teardown),
		cmocka_unit_test_setup_teardown(test_collapsed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_objects, setup, teardown),
	};

	return cmocka_run_group_tests_name("nic_cq", tests, NULL, NULL);
}
