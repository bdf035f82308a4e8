/*
 * Emulated devices on the NIC: emulation doorbell contexts (a driver's doorbells become CQEs,
 * one per arming; device code arms and forces them; owners and CQs checked) and always-armed
 * EQs (an MSI-X vector's: every EQE an event, never an overrun).
 */
#include "nic_test.h"

#include <stdarg.h>
#include <setjmp.h>
#include <string.h>

#include <cmocka.h>

#define OWNER 7
#define OTHER 8

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

/* The CQE a doorbell wrote: the queue, the context, the value and the doorbell count. */
static void expect_db_cqe(struct tcq *cq, uint32_t queue, uint32_t id, uint32_t value, uint16_t rung)
{
	struct flexio_dev_cqe64 cqe;

	assert_true(tcq_poll(cq, &cqe));
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 0);
	assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), queue);
	assert_int_equal(flexio_dev_cqe_get_user_index(&cqe), id);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), value);
	assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), rung);
}

/* Created armed: the first doorbell is a CQE (and the CQ's event); later ones wait, coalesced,
 * for the arm, which writes their CQE at once; a trigger is a doorbell with the last value. */
static void test_arm_and_trigger(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_emu_db_info info;
	struct nic_stats stats;
	struct tcq cq;
	uint32_t id;

	tcq_create(&cq, &f->te, f->nic, OWNER, 3, NULL);
	assert_int_equal(nic_emu_db_create(f->nic, &(struct nic_emu_db_attr){ .cqn = cq.cqn, .queue = 5 }, &id), 0);
	assert_int_not_equal(id, 0);
	assert_int_equal(nic_emu_db_query(f->nic, id, &info), 0);
	assert_true(info.armed);
	assert_int_equal(info.owner, OWNER); /* the CQ's */
	assert_int_equal(info.cqn, cq.cqn);
	assert_int_equal(info.queue, 5);

	assert_int_equal(nic_emu_db_ring(f->nic, id, 10), 0);
	expect_db_cqe(&cq, 5, id, 10, 1);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 1);
	assert_int_equal(nic_emu_db_ring(f->nic, id, 11), 0);
	assert_int_equal(nic_emu_db_ring(f->nic, id, 12), 0);
	assert_false(tcq_poll(&cq, &cqe));
	assert_int_equal(nic_emu_db_query(f->nic, id, &info), 0);
	assert_false(info.armed);
	assert_true(info.pending);
	assert_int_equal(info.value, 12);

	/* The device's arm: the pending doorbells' one CQE, at once; then armed no more. */
	tcq_arm(&cq);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_ARM, cq.cqn, id), 0);
	expect_db_cqe(&cq, 5, id, 12, 3);
	assert_int_equal(te_events(&f->te, NIC_EVENT_COMPLETION, cq.cqn), 2);
	assert_false(tcq_poll(&cq, &cqe));

	/* Armed with nothing pending: waits for the next doorbell. */
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_ARM, cq.cqn, id), 0);
	assert_false(tcq_poll(&cq, &cqe));
	assert_int_equal(nic_emu_db_ring(f->nic, id, 13), 0);
	expect_db_cqe(&cq, 5, id, 13, 4);

	/* Arm then trigger (a handler that stopped early): a CQE with the last value. */
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_ARM, cq.cqn, id), 0);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_TRIGGER, cq.cqn, id), 0);
	expect_db_cqe(&cq, 5, id, 13, 4);
	/* A trigger while disarmed is pending until the arm. */
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_TRIGGER, cq.cqn, id), 0);
	assert_false(tcq_poll(&cq, &cqe));
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_ARM, cq.cqn, id), 0);
	expect_db_cqe(&cq, 5, id, 13, 4);

	assert_int_equal(nic_emu_db_query(f->nic, id, &info), 0);
	assert_int_equal(info.doorbells, 4);
	assert_int_equal(info.cqes, 5);
	assert_int_equal(info.lost, 0);
	nic_stats_get(f->nic, &stats);
	assert_int_equal(stats.doorbells, 6 + 1); /* the context's arms and triggers, the CQ's arm */
	assert_int_equal(nic_emu_db_destroy(f->nic, id), 0);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), 0);
}

/* Doorbells of another owner, for another CQ or for no context are refused and counted; the
 * CQ cannot go while mapped; a destroyed context's id is refused. */
static void test_refusals(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_stats stats;
	struct tcq cq, other;
	uint32_t id, id2;

	tcq_create(&cq, &f->te, f->nic, OWNER, 3, NULL);
	tcq_create(&other, &f->te, f->nic, OWNER, 3, NULL);
	assert_int_equal(nic_emu_db_create(f->nic, &(struct nic_emu_db_attr){ .cqn = 0x777, .queue = 1 }, &id),
			 -ENOENT);
	assert_int_equal(nic_emu_db_create(f->nic, &(struct nic_emu_db_attr){ .cqn = cq.cqn, .queue = 1u << 24 }, &id),
			 -EINVAL);
	assert_int_equal(nic_emu_db_create(f->nic, &(struct nic_emu_db_attr){ .cqn = cq.cqn, .queue = 1 }, &id), 0);
	assert_int_equal(nic_emu_db_create(f->nic, &(struct nic_emu_db_attr){ .cqn = cq.cqn, .queue = 2 }, &id2), 0);
	assert_int_not_equal(id, id2);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), -EBUSY);

	assert_int_equal(nic_emu_db_ring(f->nic, id, 1), 0); /* armed at creation */
	expect_db_cqe(&cq, 1, id, 1, 1);
	assert_int_equal(nic_emu_db_ring(f->nic, id, 2), 0); /* pending */
	assert_int_equal(nic_doorbell(f->nic, OTHER, NIC_DB_EMU_ARM, cq.cqn, id), -EPERM);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_ARM, other.cqn, id), -ENOENT);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_TRIGGER, cq.cqn, 0x1234), -ENOENT);
	assert_false(tcq_poll(&cq, &cqe));
	assert_false(tcq_poll(&other, &cqe));
	nic_stats_get(f->nic, &stats);
	assert_int_equal(stats.refused_owner, 1);
	assert_int_equal(stats.refused_unknown, 2);

	assert_int_equal(nic_emu_db_destroy(f->nic, id), 0);
	assert_int_equal(nic_emu_db_destroy(f->nic, id), -ENOENT);
	assert_int_equal(nic_emu_db_ring(f->nic, id, 3), -ENOENT);
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_ARM, cq.cqn, id), -ENOENT);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), -EBUSY); /* id2 still maps to it */
	assert_int_equal(nic_emu_db_destroy(f->nic, id2), 0);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), 0);
	assert_int_equal(nic_cq_destroy(f->nic, other.cqn), 0);
}

/* A CQ that overran loses the doorbell's CQE, counted as the context's. */
static void test_lost(void **state)
{
	struct fixture *f = *state;
	struct nic_emu_db_info info;
	struct tcq cq;
	uint32_t id;

	tcq_create(&cq, &f->te, f->nic, OWNER, 1, NULL); /* 2 entries, never consumed */
	assert_int_equal(nic_emu_db_create(f->nic, &(struct nic_emu_db_attr){ .cqn = cq.cqn, .queue = 0 }, &id), 0);
	for (uint32_t i = 0; i < 3; i++) {
		assert_int_equal(nic_emu_db_ring(f->nic, id, i), 0);
		assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EMU_ARM, cq.cqn, id), 0);
	}
	assert_int_equal(nic_emu_db_query(f->nic, id, &info), 0);
	assert_int_equal(info.cqes, 2);
	assert_int_equal(info.lost, 1);
	assert_int_equal(nic_emu_db_destroy(f->nic, id), 0);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), 0);
}

/* An always-armed EQ of one entry: every EQE an event, no overrun however many come. */
static void test_always_armed_eq(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_eqe *eqe;
	struct nic_eq_info info;
	struct tcq cq;
	uint32_t eqn;
	uint64_t space = te_space(&f->te, 64, (void **)&eqe);

	assert_int_equal(nic_eq_create(f->nic,
				       &(struct nic_eq_attr){ .owner = OTHER,
							      .log_size = 0,
							      .ring = { space, 0 },
							      .cookie = 9,
							      .always_armed = true },
				       &eqn),
			 0);
	tcq_create(&cq, &f->te, f->nic, OWNER, 3,
		   &(struct nic_cq_attr){ .always_armed = true, .target = NIC_CQ_EQ, .eqn = eqn });
	for (int i = 0; i < 100; i++)
		assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_ZERO_CQE, cq.cqn, 0), 0);
	assert_int_equal(te_events(&f->te, NIC_EVENT_EQ, eqn), 100);
	assert_int_equal(flexio_dev_eqe_get_cqn(eqe), cq.cqn);
	assert_int_equal(nic_eq_query(f->nic, eqn, &info), 0);
	assert_false(info.error);
	assert_true(info.armed);
	assert_int_equal(info.produced, 100);
	/* Its doorbells are its owner's only. */
	assert_int_equal(nic_doorbell(f->nic, OWNER, NIC_DB_EQ_ARM, eqn, 0), -EPERM);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), 0);
	assert_int_equal(nic_eq_destroy(f->nic, eqn), 0);
}

/* Contexts churning on one thread while another rings and arms: nothing crashes, every id
 * refused once gone (run under ThreadSanitizer with the nic label's concurrency tests). */
struct churn {
	struct nic *nic;
	struct tcq *cq;
	_Atomic uint32_t id;
	atomic_bool stop;
};

static void *ring_loop(void *arg)
{
	struct churn *c = arg;

	while (!atomic_load(&c->stop)) {
		uint32_t id = atomic_load(&c->id);

		(void)nic_emu_db_ring(c->nic, id, 1);
		(void)nic_doorbell(c->nic, OWNER, NIC_DB_EMU_ARM, c->cq->cqn, id);
	}
	return NULL;
}

static void test_churn(void **state)
{
	struct fixture *f = *state;
	struct churn c = { .nic = f->nic };
	struct tcq cq;
	pthread_t t;

	tcq_create(&cq, &f->te, f->nic, OWNER, 3, &(struct nic_cq_attr){ .overrun_ignore = true });
	c.cq = &cq;
	assert_int_equal(pthread_create(&t, NULL, ring_loop, &c), 0);
	for (int i = 0; i < 2000; i++) {
		uint32_t id;

		assert_int_equal(nic_emu_db_create(f->nic, &(struct nic_emu_db_attr){ .cqn = cq.cqn, .queue = 3 }, &id),
				 0);
		atomic_store(&c.id, id);
		assert_int_equal(nic_emu_db_destroy(f->nic, id), 0);
	}
	atomic_store(&c.stop, true);
	pthread_join(t, NULL);
	assert_int_equal(nic_cq_destroy(f->nic, cq.cqn), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_arm_and_trigger, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lost, setup, teardown),
		cmocka_unit_test_setup_teardown(test_always_armed_eq, setup, teardown),
		cmocka_unit_test_setup_teardown(test_churn, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
