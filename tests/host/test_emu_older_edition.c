/*
 * Emulated devices on the simulated device, in the older edition's API: an emulated function's
 * queue doorbell, rung by its driver (flexio_emu_db_ring), wakes a DPA event handler through a
 * doorbell-to-CQ mapping; the handler raises an MSI-X vector of the function for each doorbell
 * CQE, which the driver sees (flexio_emu_msix_wait). Also: coalesced doorbells while the handler
 * runs, forced triggers, arms refused for a wrong context, CQ or process, direct-mode vectors
 * (the app's CQ on the vector's EQ), the function list and its configuration, lifetimes, and
 * bad input of the calls with their one log line.
 */
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <infiniband/mlx5dv.h>

#include "host_test.h"

#include "emu_test.h"

extern struct flexio_app *emu_test; /* from the dpacc archive */
extern flexio_func_t emu_db_handler;
extern flexio_func_t emu_force_trigger;
extern flexio_func_t emu_arm;
extern flexio_func_t emu_msix_send;

#define VHCA 1 /* mlx5_sim0's one emulated function (the default) */
#define QUEUE 3
#define LOG_DEPTH 2 /* 4-entry doorbell CQs: their ring passes wrap often */
#define WAIT_MS 20000

/* The processes, queues and mappings every test starts with: the handler's CQ mapped to QUEUE,
 * MSI-X vector 0 raised through a CQ made for it, the handler running. */
static struct {
	struct mlx5dv_devx_uar *devx;
	flexio_process *p;
	flexio_uar *uar;
	flexio_outbox *outbox;
	flexio_event_handler *eh;
	flexio_cq *cq;
	flexio_emu_device_msix_map *map;
	flexio_msix *msix;
	flexio_emu_db_to_cq_ctx *db;
	flexio_uintptr_t state_daddr;
	uint32_t id;
	/* The messages vectors 0..2 had when the test began: a function's vectors count for as long
	 * as its device lives, as the interrupts a host's driver received. */
	uint64_t base[3];
} fx;

/* A CQ of p whose ring and doorbell record are in DPA memory (the ring prepared as hardware
 * leaves it: every entry the NIC's for pass 0). */
static flexio_cq *dpa_cq(flexio_process *p, struct flexio_cq_attr attr, flexio_uintptr_t *ring, flexio_uintptr_t *dbr)
{
	uint8_t entries[1 << LOG_DEPTH][64] = { { 0 } };
	flexio_cq *cq = NULL;

	for (int i = 0; i < 1 << LOG_DEPTH; i++)
		entries[i][63] = 0xF1;
	MUST(flexio_copy_from_host(p, entries, sizeof(entries), ring));
	MUST(flexio_buf_dev_alloc(p, 8, dbr));
	MUST(flexio_buf_dev_memset(p, 0, 8, *dbr));
	attr.log_cq_depth = LOG_DEPTH;
	attr.cq_ring_qmem.daddr = *ring;
	attr.cq_dbr_daddr = *dbr;
	MUST(flexio_cq_create(p, NULL, &attr, &cq));
	return cq;
}

static struct emu_test_state state(void)
{
	struct emu_test_state s;

	MUST(flexio_dev2host_memcpy(fx.p, &s, sizeof(s), fx.state_daddr));
	return s;
}

/* The messages vector has received since the test began. */
static uint64_t msix_count(uint16_t vector)
{
	uint64_t count = UINT64_MAX;

	MUST(flexio_emu_msix_count(ctx, VHCA, vector, &count));
	return count - fx.base[vector];
}

/* Waits for vector to have received more than seen messages since the test began; returns
 * how many it has. */
static uint64_t msix_after_on(uint16_t vector, uint64_t seen)
{
	uint64_t count = 0;

	assert_int_equal(flexio_emu_msix_wait(ctx, VHCA, vector, fx.base[vector] + seen, WAIT_MS, &count),
			 FLEXIO_STATUS_SUCCESS);
	assert_true(count > fx.base[vector] + seen);
	return count - fx.base[vector];
}

static uint64_t msix_after(uint64_t seen)
{
	return msix_after_on(0, seen);
}

static int setup(void **state_)
{
	struct emu_test_state s = { .log_depth = LOG_DEPTH, .outbox_id = 0 };
	struct flexio_event_handler_attr ea = { .host_stub_func = &emu_db_handler };
	flexio_uintptr_t ring, dbr;

	(void)state_;
	memset(&fx, 0, sizeof(fx));
	for (uint16_t v = 0; v < 3; v++)
		MUST(flexio_emu_msix_count(ctx, VHCA, v, &fx.base[v]));
	fx.devx = mlx5dv_devx_alloc_uar(ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
	assert_non_null(fx.devx);
	MUST(flexio_process_create(ctx, emu_test, NULL, &fx.p));
	MUST(flexio_uar_create(fx.p, fx.devx, &fx.uar));
	MUST(flexio_outbox_create(fx.p, NULL, fx.uar, &fx.outbox));
	MUST(flexio_buf_dev_alloc(fx.p, sizeof(s), &fx.state_daddr));
	ea.arg = fx.state_daddr;
	MUST(flexio_event_handler_create(fx.p, &ea, NULL, fx.outbox, &fx.eh));
	fx.cq = dpa_cq(fx.p,
		       (struct flexio_cq_attr){ .element_type = FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD,
						.thread = flexio_event_handler_get_thread(fx.eh) },
		       &ring, &dbr);
	MUST(flexio_emulated_device_msix_map_create(fx.p, VHCA, 4, &fx.map));
	MUST(flexio_emulated_device_msix_create(fx.p, ctx, 0, flexio_uar_get_id(fx.uar), 0, fx.map, &fx.msix));
	MUST(flexio_emu_db_to_cq_map(ctx, VHCA, QUEUE, fx.cq, &fx.db));
	fx.id = flexio_emu_db_to_cq_ctx_get_id(fx.db);
	assert_int_not_equal(fx.id, UINT32_MAX);
	s.ring = ring;
	s.dbr = dbr;
	s.cqn = flexio_cq_get_cq_num(fx.cq);
	s.emu_ctx_id = fx.id;
	s.msix_cqn = flexio_emulated_device_msix_get_cqn(fx.msix);
	s.outbox_id = flexio_outbox_get_id(fx.outbox);
	assert_int_not_equal(s.msix_cqn, UINT32_MAX);
	MUST(flexio_host2dev_memcpy(fx.p, &s, sizeof(s), fx.state_daddr));
	MUST(flexio_event_handler_run(fx.eh, 0));
	return 0;
}

static int teardown(void **state_)
{
	(void)state_;
	if (fx.db)
		MUST(flexio_emu_db_to_cq_unmap(fx.db));
	MUST(flexio_process_destroy(fx.p)); /* the CQ, the vector, the map, the handler with it */
	mlx5dv_devx_free_uar(fx.devx);
	return 0;
}

static int occurrences(const char *text, const char *what)
{
	int n = 0;

	for (const char *at = text; (at = strstr(at, what)); at++)
		n++;
	return n;
}

/* Each doorbell wakes the handler, whose MSI-X the driver sees; the CQE carries the queue, the
 * mapping's id, the value and the doorbells rung so far; the 4-entry ring wraps. */
static void doorbell_to_msix(void **state_)
{
	char trace[] = "/tmp/emu-trace-XXXXXX";
	int fd = mkstemp(trace);
	FILE *f;

	(void)state_;
	assert_true(fd >= 0);
	close(fd);
	MUST(flexio_process_trace_start(fx.p, trace)); /* its timeline shows each CQE and MSI-X */
	assert_int_equal(msix_count(0), 0);
	for (uint32_t i = 1; i <= 10; i++) {
		struct emu_test_state s;

		MUST(flexio_emu_db_ring(ctx, VHCA, QUEUE, 100 + i));
		assert_int_equal(msix_after(i - 1), i);
		s = state();
		assert_int_equal(s.cqes, i);
		assert_int_equal(s.last_queue, QUEUE);
		assert_int_equal(s.last_ctx, fx.id);
		assert_int_equal(s.last_value, 100 + i);
		assert_int_equal(s.last_count, i);
	}
	/* A queue no mapping takes: its doorbells go nowhere. */
	MUST(flexio_emu_db_ring(ctx, VHCA, QUEUE + 1, 7));
	assert_int_equal(state().cqes, 10);
	MUST(flexio_process_trace_stop(fx.p));
	f = fopen(trace, "r");
	assert_non_null(f);
	assert_int_equal(occurrences(file_text(f), "\"cat\":\"eqe\""), 10);
	assert_int_equal(occurrences(file_text(f), "\"cat\":\"cqe\""), 10);
	fclose(f);
	unlink(trace);
}

/* Doorbells rung while the handler runs are not lost: the last one's CQE always comes, one per
 * arming, one MSI-X each. */
static void burst(void **state_)
{
	struct emu_test_state s;
	uint64_t seen = 0;

	(void)state_;
	for (uint32_t i = 1; i <= 300; i++)
		MUST(flexio_emu_db_ring(ctx, VHCA, QUEUE, i));
	/* Until the last doorbell's CQE was handled and every CQE's MSI-X was sent (each is sent
	 * after its CQE is counted). */
	do {
		seen = msix_after(seen);
		s = state();
	} while (s.last_value != 300 || seen < s.cqes);
	assert_int_equal(s.last_count, 300);
	assert_true(s.cqes >= 1 && s.cqes <= 300);
	assert_int_equal(msix_count(0), s.cqes);
}

/* The device forces a doorbell (arm, then trigger): a CQE with the last value. */
static void force_trigger(void **state_)
{
	uint64_t ret = 1;

	(void)state_;
	MUST(flexio_emu_db_ring(ctx, VHCA, QUEUE, 42));
	msix_after(0);
	MUST(flexio_process_call(fx.p, &emu_force_trigger, &ret, fx.state_daddr));
	assert_int_equal(ret, 0);
	assert_int_equal(msix_after(1), 2);
	assert_int_equal(state().last_value, 42);
	assert_int_equal(state().last_count, 1); /* one doorbell rung: the second CQE was forced */
}

/* Reads entry i of a CQ's DPA ring. */
static void read_cqe(flexio_process *p, flexio_uintptr_t ring, unsigned i, uint8_t cqe[64])
{
	MUST(flexio_dev2host_memcpy(p, cqe, 64, ring + 64 * i));
}

static uint32_t be32_at(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Without a handler: a mapping to a polled CQ. Armed at creation; doorbells while disarmed wait
 * for the arm of the right context on the right CQ from the CQ's own process, then make one CQE. */
static void arm_refusals(void **state_)
{
	flexio_process *q = NULL;
	flexio_uar *quar = NULL;
	flexio_outbox *qout = NULL;
	flexio_emu_db_to_cq_ctx *db = NULL, *again = NULL;
	flexio_uintptr_t ring, dbr;
	flexio_cq *cq =
		dpa_cq(fx.p, (struct flexio_cq_attr){ .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ }, &ring, &dbr);
	uint32_t cqn = flexio_cq_get_cq_num(cq), id, outbox = flexio_outbox_get_id(fx.outbox);
	uint64_t ret;
	uint8_t cqe[64];

	(void)state_;
	MUST(flexio_emu_db_to_cq_map(ctx, VHCA, 9, cq, &db));
	id = flexio_emu_db_to_cq_ctx_get_id(db);
	MUST(flexio_emu_db_ring(ctx, VHCA, 9, 1));
	read_cqe(fx.p, ring, 0, cqe);
	assert_int_equal(cqe[63], 0x00); /* opcode 0, owner 0: software's, pass 0 */
	assert_int_equal(be32_at(&cqe[0x38]) & 0xFFFFFF, 9);
	assert_int_equal(be32_at(&cqe[0x20]) & 0xFFFFFF, id);
	assert_int_equal(be32_at(&cqe[0x2C]), 1);
	MUST(flexio_emu_db_ring(ctx, VHCA, 9, 2)); /* disarmed: pending */
	MUST(flexio_emu_db_ring(ctx, VHCA, 9, 3));

	/* Another process's arm, a wrong id, a wrong CQ: refused, nothing written. */
	MUST(flexio_process_create(ctx, emu_test, NULL, &q));
	MUST(flexio_uar_create(q, fx.devx, &quar));
	MUST(flexio_outbox_create(q, NULL, quar, &qout));
	MUST(flexio_process_call(q, &emu_arm, &ret, (uint64_t)flexio_outbox_get_id(qout), cqn, id));
	MUST(flexio_process_call(fx.p, &emu_arm, &ret, (uint64_t)outbox, cqn, id + 1));
	MUST(flexio_process_call(fx.p, &emu_arm, &ret, (uint64_t)outbox, flexio_cq_get_cq_num(fx.cq), id));
	read_cqe(fx.p, ring, 1, cqe);
	assert_int_equal(cqe[63], 0xF1);
	/* The right arm: the pending doorbells' one CQE, with the last value. */
	MUST(flexio_process_call(fx.p, &emu_arm, &ret, (uint64_t)outbox, cqn, id));
	assert_int_equal(ret, 0);
	read_cqe(fx.p, ring, 1, cqe);
	assert_int_equal(cqe[63], 0x00);
	assert_int_equal(be32_at(&cqe[0x2C]), 3);
	assert_int_equal(cqe[0x3D], 3); /* the WQE counter's low byte: 3 doorbells rung */

	/* The CQ stays while mapped; a queue takes one mapping. */
	EXPECT_FAILURE_LOGGED(flexio_cq_destroy(cq), "flexio_cq_destroy");
	EXPECT_FAILURE_LOGGED(flexio_emu_db_to_cq_map(ctx, VHCA, 9, fx.cq, &again), "flexio_emu_db_to_cq_map");
	assert_null(again);
	MUST(flexio_emu_db_to_cq_unmap(db));
	MUST(flexio_cq_destroy(cq));
	MUST(flexio_process_destroy(q));
}

/* The CQ made for a vector goes with it: no work queue may report to it. */
static void msix_cq_not_for_work_queues(void **state_)
{
	flexio_uintptr_t ring;
	struct flexio_wq_attr sa = { .log_wq_depth = 3,
				     .pd = flexio_process_get_pd(fx.p),
				     .uar_id = flexio_uar_get_id(fx.uar) };
	flexio_sq *sq = NULL;

	(void)state_;
	MUST(flexio_buf_dev_alloc(fx.p, 64 << 3, &ring));
	sa.wq_ring_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = ring };
	EXPECT_FAILURE_LOGGED(flexio_sq_create(fx.p, NULL, flexio_emulated_device_msix_get_cqn(fx.msix), &sa, &sq),
			      "flexio_sq_create");
	assert_null(sq);
	/* The app's own CQ still takes an SQ. */
	MUST(flexio_sq_create(fx.p, NULL, flexio_cq_get_cq_num(fx.cq), &sa, &sq));
	MUST(flexio_sq_destroy(sq));
}

/* Direct mode: the vector's EQ taken directly, by a CQ of the app's (always armed), each of whose
 * zero CQEs is a message; no CQ was made for the vector. */
static void direct_mode(void **state_)
{
	flexio_msix *direct = NULL;
	flexio_uintptr_t ring, dbr;
	uint32_t eqn;
	flexio_cq *cq;
	uint64_t ret = 1, count = 0;

	(void)state_;
	MUST(flexio_emulated_device_msix_create(fx.p, NULL, 1, 0, 2, fx.map, &direct));
	eqn = flexio_emulated_device_msix_get_eqn(direct);
	assert_int_not_equal(eqn, UINT32_MAX);
	assert_int_not_equal(eqn, flexio_emulated_device_msix_get_eqn(fx.msix)); /* vector 0's */
	EXPECT_LOGGED(flexio_emulated_device_msix_get_cqn(direct), UINT32_MAX, "flexio_emulated_device_msix_get_cqn");
	cq = dpa_cq(fx.p,
		    (struct flexio_cq_attr){ .element_type = FLEXIO_CQ_ELEMENT_TYPE_DPA_MSIX_EMULATED_CQ,
					     .emulated_eqn = eqn,
					     .always_armed = 1 },
		    &ring, &dbr);
	MUST(flexio_process_call(fx.p, &emu_msix_send, &ret, (uint64_t)flexio_outbox_get_id(fx.outbox),
				 flexio_cq_get_cq_num(cq), 3));
	assert_int_equal(ret, 0);
	while (msix_count(2) < 3)
		msix_after_on(2, msix_count(2));
	assert_int_equal(msix_count(2), 3);
	assert_int_equal(msix_count(0), 0); /* another vector's */
	/* A wait that times out: the count, FLEXIO_STATUS_TIMEOUT, no line. */
	{
		struct stderr_capture c;

		capture_begin(&c);
		assert_int_equal(flexio_emu_msix_wait(ctx, VHCA, 2, fx.base[2] + 3, 50, &count), FLEXIO_STATUS_TIMEOUT);
		assert_string_equal(capture_end(&c), "");
	}
	assert_int_equal(count, fx.base[2] + 3);
	MUST(flexio_cq_destroy(cq));
	MUST(flexio_emulated_device_msix_destroy(direct));
}

/* A mapping removed: its queue's doorbells go nowhere; it can be made again. A mapping outlives
 * its CQ's process (which the mapping keeps until it is removed). */
static void unmap_and_lifetimes(void **state_)
{
	uint64_t count;

	(void)state_;
	MUST(flexio_emu_db_to_cq_unmap(fx.db));
	EXPECT_FAILURE_LOGGED(flexio_emu_db_to_cq_unmap(fx.db), "flexio_emu_db_to_cq_unmap");
	MUST(flexio_emu_db_ring(ctx, VHCA, QUEUE, 5));
	assert_int_equal(flexio_emu_msix_wait(ctx, VHCA, 0, fx.base[0], 100, &count), FLEXIO_STATUS_TIMEOUT);
	MUST(flexio_emu_db_to_cq_map(ctx, VHCA, QUEUE, fx.cq, &fx.db));
	/* The process goes first: the mapping stays valid until removed (teardown). */
	MUST(flexio_process_destroy(fx.p));
	MUST(flexio_emu_db_ring(ctx, VHCA, QUEUE, 6));
	MUST(flexio_emu_db_to_cq_unmap(fx.db));
	fx.db = NULL;
	MUST(flexio_process_create(ctx, emu_test, NULL, &fx.p)); /* for the teardown */
}

/* The emulated functions: one on mlx5_sim0 (the default), FLEXIO_SIM_EMU_FUNCTIONS's count on a
 * device first used after it was set; bad input logged once each. */
static void functions(void **state_)
{
	struct ibv_context *ctx1 = NULL;
	flexio_emu_db_to_cq_ctx *db = NULL;
	uint32_t ids[4] = { 0 };
	size_t n = 0;

	(void)state_;
	MUST(flexio_emu_functions_get(ctx, ids, 4, &n));
	assert_int_equal(n, 1);
	assert_int_equal(ids[0], VHCA);
	setenv("FLEXIO_SIM_EMU_FUNCTIONS", "3", 1);
	for (int i = 0; devices[i] && !ctx1; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), "mlx5_sim1"))
			ctx1 = ibv_open_device(devices[i]);
	assert_non_null(ctx1);
	MUST(flexio_emu_functions_get(ctx1, NULL, 0, &n));
	assert_int_equal(n, 3);
	MUST(flexio_emu_functions_get(ctx1, ids, 2, &n));
	assert_int_equal(n, 3);
	assert_int_equal(ids[0], 1);
	assert_int_equal(ids[1], 2);
	MUST(flexio_emu_db_ring(ctx1, 3, 65535, 1));
	EXPECT_FAILURE_LOGGED(flexio_emu_db_ring(ctx1, 4, 0, 1), "flexio_emu_db_ring");
	EXPECT_FAILURE_LOGGED(flexio_emu_db_ring(ctx1, 3, 65536, 1), "flexio_emu_db_ring");
	EXPECT_FAILURE_LOGGED(flexio_emu_functions_get(ctx1, NULL, 2, &n), "flexio_emu_functions_get");
	EXPECT_FAILURE_LOGGED(flexio_emu_functions_get(NULL, ids, 2, &n), "flexio_emu_functions_get");
	/* A CQ of mlx5_sim0 for a queue of mlx5_sim1's function. */
	EXPECT_FAILURE_LOGGED(flexio_emu_db_to_cq_map(ctx1, 1, 0, fx.cq, &db), "flexio_emu_db_to_cq_map");
	assert_null(db);
	EXPECT_FAILURE_LOGGED(flexio_emu_msix_count(ctx1, 1, 64, &(uint64_t){ 0 }), "flexio_emu_msix_count");
	assert_int_equal(ibv_close_device(ctx1), 0);
	unsetenv("FLEXIO_SIM_EMU_FUNCTIONS");
}

static int open_simulated_device(void **state_)
{
	(void)state_;
	unsetenv("FLEXIO_SIM_EMU_FUNCTIONS");
	setenv("FLEXIO_SIM_DEVICES", "2", 1);
	return !sim_device_open() && emu_test ? 0 : -1;
}

static int close_simulated_device(void **state_)
{
	(void)state_;
	sim_device_close();
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(doorbell_to_msix, setup, teardown),
		cmocka_unit_test_setup_teardown(burst, setup, teardown),
		cmocka_unit_test_setup_teardown(force_trigger, setup, teardown),
		cmocka_unit_test_setup_teardown(arm_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(msix_cq_not_for_work_queues, setup, teardown),
		cmocka_unit_test_setup_teardown(direct_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(unmap_and_lifetimes, setup, teardown),
		cmocka_unit_test_setup_teardown(functions, setup, teardown),
	};

	return cmocka_run_group_tests_name("emu_older_edition", tests, open_simulated_device, close_simulated_device);
}
