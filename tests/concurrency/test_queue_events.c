/*
 * The event path under threads: queues, their event handlers and the processes owning them
 * destroyed while handlers run and other threads ring doorbells; a process ringing another's
 * queue refused; a CQ overrun (and one told to ignore overruns); moderation by count and by
 * period. Built and run under ThreadSanitizer too (label "concurrency").
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../host/host_test.h"
#include "../host/queue_test.h"

extern flexio_func_t queue_cq_handler, queue_sq_post_nop, qe_count, qe_activate;

static flexio_app *app;
static struct ibv_pd *pd;

/* A process with one outbox, an event handler consuming a CQ, and an SQ completing to it. */
struct rig {
	flexio_process *p;
	flexio_outbox *outbox;
	flexio_event_handler *eh;
	flexio_cq *cq;
	flexio_sq *sq;
	flexio_uintptr_t cq_state, sq_state, cq_ring;
};

static int setup(void **state)
{
	(void)state;
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open())
		return -1;
	pd = ibv_alloc_pd(ctx);
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "queue_events_test", .ibv_ctx = ctx },
			      &app);
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	sim_device_close();
	return 0;
}

static uint64_t read_u64(flexio_process *p, flexio_uintptr_t daddr)
{
	uint64_t value = 0;

	MUST(flexio_dev2host_memcpy(p, &value, sizeof(value), daddr));
	return value;
}

#define CQ_FIELD(r, field) read_u64((r)->p, (r)->cq_state + offsetof(struct queue_test_cq, field))

/* The word reaches want within a few seconds. */
static void wait_for(flexio_process *p, flexio_uintptr_t daddr, uint64_t want)
{
	struct timespec pause = { 0, 1000000 };

	for (int i = 0; i < 5000 && read_u64(p, daddr) < want; i++)
		nanosleep(&pause, NULL);
	assert_int_equal(read_u64(p, daddr), want);
}

static void sleep_ms(long ms)
{
	nanosleep(&(struct timespec){ ms / 1000, (ms % 1000) * 1000000 }, NULL);
}

/* Builds a rig: a CQ of 2^log_cq CQEs (every one hardware-owned) for a handler spinning `spin`
 * iterations per invocation, an SQ of 16 WQEBBs; attr_extra adjusts the CQ's attributes. */
static void rig_make(struct rig *r, unsigned log_cq, uint64_t spin, void (*attr_extra)(struct flexio_cq_attr *))
{
	size_t ring_size = (size_t)64 << log_cq;
	unsigned char *ring = calloc(1, ring_size);
	struct flexio_cq_attr ca = { .log_cq_depth = (uint8_t)log_cq,
				     .element_type = FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD };
	struct flexio_wq_attr sa = { .log_wq_depth = 4, .pd = pd };
	struct queue_test_cq cqs;
	struct queue_test_sq sqs;

	memset(r, 0, sizeof(*r));
	MUST(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = pd }, &r->p));
	MUST(flexio_outbox_create(r->p, &(struct flexio_outbox_attr){ 0 }, &r->outbox));
	r->cq_state = dpa_zeroed(r->p, sizeof(struct queue_test_cq));
	r->sq_state = dpa_zeroed(r->p, sizeof(struct queue_test_sq));
	MUST(flexio_event_handler_create(
		r->p, &(struct flexio_event_handler_attr){ .host_stub_func = &queue_cq_handler, .arg = r->cq_state },
		&r->eh));
	assert_non_null(ring);
	for (size_t i = 63; i < ring_size; i += 64)
		ring[i] = 0xF1;
	r->cq_ring = dpa_zeroed(r->p, ring_size);
	MUST(flexio_host2dev_memcpy(r->p, ring, ring_size, r->cq_ring));
	free(ring);
	ca.uar_id = flexio_uar_get_id(flexio_process_get_uar(r->p));
	ca.thread = flexio_event_handler_get_thread(r->eh);
	ca.cq_ring_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = r->cq_ring };
	ca.cq_dbr_daddr = dpa_zeroed(r->p, 64);
	if (attr_extra)
		attr_extra(&ca);
	MUST(flexio_cq_create(r->p, NULL, &ca, &r->cq));
	sa.uar_id = ca.uar_id;
	sa.wq_ring_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(r->p, 64 << 4) };
	sa.wq_dbr_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(r->p, 64) };
	MUST(flexio_sq_create(r->p, NULL, flexio_cq_get_cq_num(r->cq), &sa, &r->sq));
	cqs = (struct queue_test_cq){ .ring = r->cq_ring,
				      .dbr = ca.cq_dbr_daddr,
				      .cqn = flexio_cq_get_cq_num(r->cq),
				      .log_depth = log_cq,
				      .outbox_id = flexio_outbox_get_id(r->outbox),
				      .spin = spin };
	sqs = (struct queue_test_sq){ .ring = sa.wq_ring_qmem.daddr,
				      .sqn = flexio_sq_get_wq_num(r->sq),
				      .log_depth = 4,
				      .outbox_id = flexio_outbox_get_id(r->outbox) };
	MUST(flexio_host2dev_memcpy(r->p, &cqs, sizeof(cqs), r->cq_state));
	MUST(flexio_host2dev_memcpy(r->p, &sqs, sizeof(sqs), r->sq_state));
	MUST(flexio_event_handler_run(r->eh, 0));
}

/* count NOP WQEs posted by the process's RPC thread to the SQ described at sq_state. */
static void post_nops(flexio_process *p, flexio_uintptr_t sq_state, uint64_t count)
{
	uint64_t ret = 1;

	MUST(flexio_process_call(p, &queue_sq_post_nop, &ret, sq_state, count));
	assert_int_equal(ret, 0);
}

/* ---- lifetimes ----------------------------------------------------------------------------- */

struct poster {
	struct rig *r;
	atomic_bool stop;
	atomic_int rounds;
};

/* Rings doorbells until told to stop; after the SQ is gone they are refused by the NIC, after
 * the process is gone the calls fail (both cleanly). */
static void *post_until_stopped(void *arg)
{
	struct poster *ps = arg;
	uint64_t ret;

	while (!atomic_load(&ps->stop)) {
		if (flexio_process_call(ps->r->p, &queue_sq_post_nop, &ret, ps->r->sq_state, 4) !=
		    FLEXIO_STATUS_SUCCESS)
			break;
		atomic_fetch_add(&ps->rounds, 1);
	}
	return NULL;
}

/* The SQ, the CQ and the event handler destroyed while the handler runs (it spins after each
 * batch) and another thread keeps ringing the SQ's doorbell. */
static void destroy_queues_while_handler_runs(void **state)
{
	(void)state;
	for (int round = 0; round < 8; round++) {
		struct rig r;
		struct poster ps = { .r = &r };
		pthread_t thread;

		rig_make(&r, 4, 20000, NULL);
		assert_int_equal(pthread_create(&thread, NULL, post_until_stopped, &ps), 0);
		while (atomic_load(&ps.rounds) < 3)
			sleep_ms(1);
		MUST(flexio_sq_destroy(r.sq));
		MUST(flexio_cq_destroy(r.cq));
		MUST(flexio_event_handler_destroy(r.eh));
		atomic_store(&ps.stop, true);
		assert_int_equal(pthread_join(thread, NULL), 0);
		MUST(flexio_process_destroy(r.p));
	}
}

/* The process destroyed while its handler runs and its queues exist: it takes them along. */
static void destroy_process_with_running_handler(void **state)
{
	(void)state;
	for (int round = 0; round < 8; round++) {
		struct rig r;

		rig_make(&r, 4, 50000, NULL);
		post_nops(r.p, r.sq_state, 4);
		MUST(flexio_process_destroy(r.p));
	}
}

/* Core dumps of a live process (which pause its threads, then list them) while its RPC thread
 * activates a handler again and again: an activation holding the thread list while it waited
 * for the pause to end deadlocked with the dump waiting for the list. */
struct activator {
	flexio_process *p;
	uint32_t id;
	atomic_bool stop;
};

static void *activate_until_stopped(void *arg)
{
	struct activator *a = arg;
	uint64_t ret;

	while (!atomic_load(&a->stop))
		MUST(flexio_process_call(a->p, &qe_activate, &ret, (uint64_t)a->id, (uint64_t)200));
	return NULL;
}

static void core_dumps_while_handlers_are_activated(void **state)
{
	struct activator a = { 0 };
	flexio_event_handler *eh;
	char path[] = "/tmp/qe_core_XXXXXX";
	int fd = mkstemp(path);
	pthread_t thread;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	MUST(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = pd }, &a.p));
	MUST(flexio_event_handler_create(
		a.p, &(struct flexio_event_handler_attr){ .host_stub_func = &qe_count, .arg = dpa_zeroed(a.p, 8) },
		&eh));
	MUST(flexio_event_handler_run(eh, 0));
	a.id = flexio_event_handler_get_activation_id(eh);
	assert_int_equal(pthread_create(&thread, NULL, activate_until_stopped, &a), 0);
	for (int i = 0; i < 40; i++)
		MUST(flexio_coredump_create(a.p, path));
	atomic_store(&a.stop, true);
	assert_int_equal(pthread_join(thread, NULL), 0);
	unlink(path);
	MUST(flexio_process_destroy(a.p));
}

/* ---- owners ------------------------------------------------------------------------------ */

/* Process B rings a doorbell for process A's SQ number (WQEs in B's memory): the NIC refuses
 * it; A's CQ gets nothing, A's handler does not run, and A's own doorbells still work. */
static void processes_do_not_touch_each_others_queues(void **state)
{
	struct rig a, b;
	struct queue_test_sq forged;

	(void)state;
	rig_make(&a, 4, 0, NULL);
	rig_make(&b, 4, 0, NULL);
	MUST(flexio_dev2host_memcpy(b.p, &forged, sizeof(forged), b.sq_state));
	forged.sqn = flexio_sq_get_wq_num(a.sq);
	MUST(flexio_host2dev_memcpy(b.p, &forged, sizeof(forged), b.sq_state));
	post_nops(b.p, b.sq_state, 2);
	sleep_ms(50);
	assert_int_equal(CQ_FIELD(&a, cqes), 0);
	assert_int_equal(CQ_FIELD(&a, invocations), 0);
	assert_int_equal(CQ_FIELD(&b, cqes), 0);

	post_nops(a.p, a.sq_state, 3);
	wait_for(a.p, a.cq_state + offsetof(struct queue_test_cq, cqes), 3);
	assert_int_equal(CQ_FIELD(&a, not_req), 0);
	MUST(flexio_process_destroy(a.p));
	MUST(flexio_process_destroy(b.p));
}

/* Process B's work queues may not report to process A's CQ, nor a QP of B receive from A's
 * RMP: A's destroy would leave that CQ (its ring in A's memory, its handler A's) or RMP to the
 * device, under B's queues. Refused at creation; B's own CQ is taken. */
static void queues_of_another_process_refused(void **state)
{
	struct rig a, b;
	struct flexio_wq_attr sa = { .log_wq_depth = 4, .pd = pd };
	struct flexio_qp_attr qa = { .transport_type = FLEXIO_QPC_ST_RC,
				     .log_sq_depth = 2,
				     .log_rq_depth = 2,
				     .qp_wq_buff_qmem = { .memtype = FLEXIO_MEMTYPE_DPA },
				     .qp_wq_dbr_qmem = { .memtype = FLEXIO_MEMTYPE_DPA },
				     .pd = pd };
	struct flexio_wq_attr ra = { .log_wq_depth = 2, .log_wq_stride = 5, .pd = pd };
	struct queue_test_sq sqs;
	flexio_rmp *rmp;
	flexio_sq *sq;
	flexio_rq *rq;
	flexio_qp *qp;

	(void)state;
	rig_make(&a, 4, 0, NULL);
	rig_make(&b, 4, 0, NULL);
	sa.wq_ring_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(b.p, 64 << 4) };
	sa.wq_dbr_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(b.p, 64) };
	assert_int_equal(flexio_sq_create(b.p, NULL, flexio_cq_get_cq_num(a.cq), &sa, &sq), FLEXIO_STATUS_FAILED);
	assert_null(sq);
	ra.wq_ring_qmem = sa.wq_ring_qmem;
	ra.wq_dbr_qmem = sa.wq_dbr_qmem;
	assert_int_equal(flexio_rq_create(b.p, NULL, flexio_cq_get_cq_num(a.cq), &ra, &rq), FLEXIO_STATUS_FAILED);
	qa.qp_wq_buff_qmem.daddr = dpa_zeroed(b.p, 1024);
	qa.qp_wq_dbr_qmem.daddr = dpa_zeroed(b.p, 64);
	qa.sq_cqn = flexio_cq_get_cq_num(b.cq);
	qa.rq_cqn = flexio_cq_get_cq_num(a.cq);
	assert_int_equal(flexio_qp_create(b.p, NULL, &qa, &qp), FLEXIO_STATUS_FAILED);
	ra.wq_ring_qmem.daddr = dpa_zeroed(a.p, 64 << 2);
	ra.wq_dbr_qmem.daddr = dpa_zeroed(a.p, 64);
	MUST(flexio_rmp_create(a.p, NULL, &ra, &rmp));
	qa.rq_cqn = flexio_cq_get_cq_num(b.cq);
	qa.rq_type = FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ;
	qa.rmpqn = flexio_rmp_get_wq_num(rmp);
	assert_int_equal(flexio_qp_create(b.p, NULL, &qa, &qp), FLEXIO_STATUS_FAILED);
	/* Had they been made, B's doorbells after A's destroy would reach A's freed memory. */
	MUST(flexio_process_destroy(a.p));
	MUST(flexio_sq_create(b.p, NULL, flexio_cq_get_cq_num(b.cq), &sa, &sq));
	sqs = (struct queue_test_sq){ .ring = sa.wq_ring_qmem.daddr,
				      .sqn = flexio_sq_get_wq_num(sq),
				      .log_depth = 4,
				      .outbox_id = flexio_outbox_get_id(b.outbox) };
	MUST(flexio_host2dev_memcpy(b.p, &sqs, sizeof(sqs), b.sq_state));
	post_nops(b.p, b.sq_state, 2);
	wait_for(b.p, b.cq_state + offsetof(struct queue_test_cq, cqes), 2);
	MUST(flexio_process_destroy(b.p));
}

/* ---- overrun ----------------------------------------------------------------------------- */

/* No consumer: a CQ of 4 CQEs and 8 completions. Without overrun_ignore the NIC stops at a full
 * ring (every CQE still of the first pass, owner 0); with it, it writes on (the second pass
 * leaves owner 1). */
static void no_arm(struct flexio_cq_attr *ca)
{
	ca->no_arm = 1;
}

static void no_arm_overrun_ignore(struct flexio_cq_attr *ca)
{
	ca->no_arm = 1;
	ca->overrun_ignore = 1;
}

static unsigned owner_bits(struct rig *r)
{
	unsigned char ring[4 * 64];
	unsigned bits = 0;

	MUST(flexio_dev2host_memcpy(r->p, ring, sizeof(ring), r->cq_ring));
	for (unsigned i = 0; i < 4; i++)
		bits |= (unsigned)(ring[i * 64 + 63] & 1) << i;
	return bits;
}

static void cq_overrun(void **state)
{
	struct rig r;

	(void)state;
	rig_make(&r, 2, 0, no_arm);
	post_nops(r.p, r.sq_state, 8);
	assert_int_equal(owner_bits(&r), 0x0);
	MUST(flexio_process_destroy(r.p));

	rig_make(&r, 2, 0, no_arm_overrun_ignore);
	post_nops(r.p, r.sq_state, 8);
	assert_int_equal(owner_bits(&r), 0xF);
	MUST(flexio_process_destroy(r.p));
}

/* ---- moderation -------------------------------------------------------------------------- */

static void moderated_by_count(struct flexio_cq_attr *ca)
{
	ca->cq_max_count = 4;
}

/* Three completions make no event; the fourth does. */
static void moderation_by_count(void **state)
{
	struct rig r;

	(void)state;
	rig_make(&r, 4, 0, moderated_by_count);
	for (int i = 0; i < 3; i++)
		post_nops(r.p, r.sq_state, 1);
	sleep_ms(50);
	assert_int_equal(CQ_FIELD(&r, invocations), 0);
	post_nops(r.p, r.sq_state, 1);
	wait_for(r.p, r.cq_state + offsetof(struct queue_test_cq, cqes), 4);
	assert_int_equal(CQ_FIELD(&r, invocations), 1);
	MUST(flexio_process_destroy(r.p));
}

/* The longest period a CQ context holds (cqc.cq_period: 12 bits of microseconds). */
#define PERIOD_MS 4

static void moderated_by_period(struct flexio_cq_attr *ca)
{
	ca->cq_period = PERIOD_MS * 1000;
	ca->cq_period_mode = FLEXIO_CQ_PERIOD_MODE_EVENT;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* A completion long after the last event fires at once; the next one, within the period,
 * waits until the period since that event has passed: so the second event comes a period
 * after the first completion at the earliest, however fast the handler arms again (a loaded
 * machine that posts the second one later than that sees it fire at once). */
static void moderation_by_period(void **state)
{
	struct rig r;
	double start;

	(void)state;
	rig_make(&r, 4, 0, moderated_by_period);
	sleep_ms(2 * PERIOD_MS); /* a period since the CQ was made */
	start = now_ms();
	post_nops(r.p, r.sq_state, 1);
	/* Armed again by the handler: a completion before that would fire at the arming. */
	wait_for(r.p, r.cq_state + offsetof(struct queue_test_cq, arms), 1);
	post_nops(r.p, r.sq_state, 1);
	wait_for(r.p, r.cq_state + offsetof(struct queue_test_cq, invocations), 2);
	assert_true(now_ms() - start >= PERIOD_MS);
	assert_int_equal(CQ_FIELD(&r, cqes), 2);
	MUST(flexio_process_destroy(r.p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(destroy_queues_while_handler_runs),
		cmocka_unit_test(destroy_process_with_running_handler),
		cmocka_unit_test(core_dumps_while_handlers_are_activated),
		cmocka_unit_test(processes_do_not_touch_each_others_queues),
		cmocka_unit_test(queues_of_another_process_refused),
		cmocka_unit_test(cq_overrun),
		cmocka_unit_test(moderation_by_count),
		cmocka_unit_test(moderation_by_period),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
