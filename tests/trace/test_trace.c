/*
 * Timelines: DPA processes traced while their threads run, each trace written to OUT_DIR with
 * a line of OUT_DIR/expect.jsonl saying what it must show (what the device code counted
 * itself), which check_trace.py (the ctest) checks with a JSON parser:
 *   cqes_and_doorbells  an event handler woken by the CQEs of NOPs an RPC posts (RPC spans,
 *                       send and CQ-arm doorbells, CQEs, activations);
 *   activations         a handler activated by another DPA thread (the RPC's);
 *   fault               an RPC that faults (the fault, the failed RPC);
 *   tasks               command-queue tasks (a span each on the worker's thread);
 *   environment         FLEXIO_SIM_TRACE=FILE: processes traced from creation to destroy;
 *   refused             what a start or stop refuses, with its one log line.
 * Each trace names its process as the program does: "name (app, dumem N)", or "app (dumem N)"
 * when the process has no name of its own.
 * usage: test_trace OUT_DIR
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host_test.h"
#include "queue_test.h"

extern flexio_func_t queue_cq_handler, queue_sq_post_nop, trace_count_handler, trace_activate, trace_fault, trace_task;

static const char *out_dir;
static FILE *expect;
static flexio_app *app;

struct fixture {
	struct ibv_pd *pd;
	flexio_process *p;
	flexio_outbox *outbox;
	uint32_t uar_id;
	char label[FLEXIO_MAX_NAME_LEN + 64]; /* the process's name in its traces */
};

static void fixture_open(struct fixture *fx, const char *name)
{
	fx->pd = ibv_alloc_pd(ctx);
	assert_non_null(fx->pd);
	MUST(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = fx->pd, .name = name }, &fx->p));
	MUST(flexio_outbox_create(fx->p, &(struct flexio_outbox_attr){ 0 }, &fx->outbox));
	fx->uar_id = flexio_uar_get_id(flexio_process_get_uar(fx->p));
	snprintf(fx->label, sizeof(fx->label), "%s (trace_test, dumem %u)", name, flexio_process_get_dumem_id(fx->p));
}

static void fixture_close(struct fixture *fx)
{
	MUST(flexio_outbox_destroy(fx->outbox));
	MUST(flexio_process_destroy(fx->p));
	assert_int_equal(ibv_dealloc_pd(fx->pd), 0);
}

static char *out_path(const char *name)
{
	static char path[4][512];
	static unsigned next;
	char *p = path[next++ % 4];

	snprintf(p, sizeof(path[0]), "%s/%s", out_dir, name);
	return p;
}

static flexio_uintptr_t zeroed(flexio_process *p, size_t size)
{
	flexio_uintptr_t daddr;

	MUST(flexio_buf_dev_alloc(p, size, &daddr));
	MUST(flexio_buf_dev_memset(p, 0, size, daddr));
	return daddr;
}

static uint64_t read_u64(flexio_process *p, flexio_uintptr_t daddr)
{
	uint64_t value = 0;

	MUST(flexio_dev2host_memcpy(p, &value, sizeof(value), daddr));
	return value;
}

/* The word at daddr reaches want within a few seconds, then settles. */
static uint64_t wait_for(flexio_process *p, flexio_uintptr_t daddr, uint64_t want)
{
	struct timespec pause = { 0, 1000000 };

	for (int i = 0; i < 5000 && read_u64(p, daddr) < want; i++)
		nanosleep(&pause, NULL);
	for (int i = 0; i < 20; i++)
		nanosleep(&pause, NULL);
	assert_true(read_u64(p, daddr) >= want);
	return read_u64(p, daddr);
}

/* ---- an event handler woken by CQEs ----------------------------------------------------------- */

static struct flexio_cq_attr cq_attr(struct fixture *fx, unsigned log)
{
	size_t size = (size_t)64 << log;
	unsigned char ring[64 << 4] = { 0 };
	struct flexio_cq_attr attr = { .log_cq_depth = (uint8_t)log,
				       .element_type = FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD,
				       .uar_id = fx->uar_id };
	flexio_uintptr_t daddr = zeroed(fx->p, size);

	assert_true(size <= sizeof(ring));
	for (size_t i = 63; i < size; i += 64)
		ring[i] = 0xF1; /* hardware-owned */
	MUST(flexio_host2dev_memcpy(fx->p, ring, size, daddr));
	attr.cq_ring_qmem = (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = daddr };
	attr.cq_dbr_daddr = zeroed(fx->p, 64);
	return attr;
}

static void cqes_and_doorbells(void **state)
{
	enum {
		LOG_CQ = 3,
		LOG_SQ = 4,
		BATCH = 4,
		BATCHES = 20
	};
	struct fixture fx;
	struct flexio_cq_attr ca;
	struct flexio_wq_attr sa;
	flexio_uintptr_t cq_state, sq_state;
	struct queue_test_cq cqs;
	struct queue_test_sq sqs;
	flexio_event_handler *eh = NULL;
	flexio_cq *cq = NULL;
	flexio_sq *sq = NULL;
	uint64_t ret = 1, invocations, cqes;
	const char *trace = out_path("cqes_and_doorbells.json");

	(void)state;
	fixture_open(&fx, "cq_trace");
	ca = cq_attr(&fx, LOG_CQ);
	sa = (struct flexio_wq_attr){ .log_wq_depth = LOG_SQ,
				      .uar_id = fx.uar_id,
				      .pd = fx.pd,
				      .wq_ring_qmem = { .memtype = FLEXIO_MEMTYPE_DPA,
							.daddr = zeroed(fx.p, (size_t)64 << LOG_SQ) },
				      .wq_dbr_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = zeroed(fx.p, 64) } };
	cq_state = zeroed(fx.p, sizeof(struct queue_test_cq));
	sq_state = zeroed(fx.p, sizeof(struct queue_test_sq));
	MUST(flexio_process_trace_start(fx.p, trace));
	MUST(flexio_event_handler_create(fx.p,
					 &(struct flexio_event_handler_attr){ .host_stub_func = &queue_cq_handler,
									      .arg = cq_state,
									      .name = "cq_poller" },
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
	/* Each batch consumed before the next, so that the 8-CQE ring never overruns. */
	for (uint64_t i = 1; i <= BATCHES; i++) {
		MUST(flexio_process_call(fx.p, &queue_sq_post_nop, &ret, sq_state, BATCH));
		assert_int_equal(ret, 0);
		wait_for(fx.p, cq_state + offsetof(struct queue_test_cq, cqes), i * BATCH);
	}
	MUST(flexio_sq_destroy(sq));
	MUST(flexio_cq_destroy(cq));
	MUST(flexio_event_handler_destroy(eh));
	invocations = read_u64(fx.p, cq_state + offsetof(struct queue_test_cq, invocations));
	cqes = read_u64(fx.p, cq_state + offsetof(struct queue_test_cq, cqes));
	MUST(flexio_process_trace_stop(fx.p));
	fprintf(expect,
		"{\"test\":\"cqes_and_doorbells\",\"trace\":\"%s\",\"process\":\"%s\",\"handler\":\"queue_cq_"
		"handler\","
		"\"thread_name\":\"cq_poller\",\"activations\":%llu,\"cqes\":%llu,\"rpc\":\"queue_sq_post_nop\","
		"\"rpcs\":%d}\n",
		trace, fx.label, (unsigned long long)invocations, (unsigned long long)cqes, BATCHES);
	fixture_close(&fx);
}

/* ---- activations by another DPA thread ------------------------------------------------------- */

/* Activations of trace_count_handler through trace_activate, each counted before the next. */
static uint64_t activate_n(flexio_process *p, flexio_event_handler *eh, flexio_uintptr_t counter, unsigned n)
{
	uint64_t ret = 1, id = flexio_event_handler_get_activation_id(eh);

	for (unsigned i = 1; i <= n; i++) {
		MUST(flexio_process_call(p, &trace_activate, &ret, id));
		assert_int_equal(ret, 0);
		wait_for(p, counter, i);
	}
	return read_u64(p, counter);
}

static flexio_event_handler *counting_handler(flexio_process *p, flexio_uintptr_t counter, const char *name)
{
	flexio_event_handler *eh = NULL;

	MUST(flexio_event_handler_create(p,
					 &(struct flexio_event_handler_attr){
						 .host_stub_func = &trace_count_handler, .arg = counter, .name = name },
					 &eh));
	MUST(flexio_event_handler_run(eh, 0));
	return eh;
}

static void activations(void **state)
{
	enum {
		N = 10
	};
	struct fixture fx;
	flexio_uintptr_t counter;
	flexio_event_handler *eh;
	uint64_t counted;
	const char *trace = out_path("activations.json");

	(void)state;
	fixture_open(&fx, "activation_trace");
	counter = zeroed(fx.p, 8);
	eh = counting_handler(fx.p, counter, "counter");
	MUST(flexio_process_trace_start(fx.p, trace));
	counted = activate_n(fx.p, eh, counter, N);
	MUST(flexio_process_trace_stop(fx.p));
	/* Nothing is recorded once stopped; a second session starts afresh. */
	activate_n(fx.p, eh, counter, N + 2);
	MUST(flexio_process_trace_start(fx.p, out_path("activations_again.json")));
	MUST(flexio_process_trace_stop(fx.p));
	MUST(flexio_event_handler_destroy(eh));
	fprintf(expect,
		"{\"test\":\"activations\",\"trace\":\"%s\",\"process\":\"%s\","
		"\"handler\":\"trace_count_handler\",\"thread_name\":\"counter\",\"activations\":%llu,\"activates\":%d,"
		"\"rpc\":\"trace_activate\",\"rpcs\":%d}\n",
		trace, fx.label, (unsigned long long)counted, N, N);
	fprintf(expect, "{\"test\":\"empty\",\"trace\":\"%s\",\"process\":\"%s\"}\n",
		out_path("activations_again.json"), fx.label);
	fixture_close(&fx);
}

/* ---- a fault ------------------------------------------------------------------------------------ */

static void fault(void **state)
{
	struct fixture fx;
	uint64_t ret = 0;
	const char *trace = out_path("fault.json");

	(void)state;
	fixture_open(&fx, "fault_trace");
	MUST(flexio_process_trace_start(fx.p, trace));
	EXPECT_FAILURE_LOGGED(flexio_process_call(fx.p, &trace_fault, &ret, (flexio_uintptr_t)8),
			      "flexio_process_call");
	/* A stopped process's trace is still written. */
	MUST(flexio_process_trace_stop(fx.p));
	fprintf(expect,
		"{\"test\":\"fault\",\"trace\":\"%s\",\"process\":\"%s\",\"rpc\":\"trace_fault\",\"rpcs\":1,"
		"\"fault_cause\":%d,\"fault_address\":\"0x8\"}\n",
		trace, fx.label, FLEXIO_FAULT_UNMAPPED);
	fixture_close(&fx);
}

/* ---- command-queue tasks ------------------------------------------------------------------------ */

static void tasks(void **state)
{
	enum {
		N = 12
	};
	struct fixture fx;
	flexio_uintptr_t counter;
	flexio_cmdq *q = NULL;
	const char *trace = out_path("tasks.json");

	(void)state;
	fixture_open(&fx, "task_trace");
	counter = zeroed(fx.p, 8);
	MUST(flexio_process_trace_start(fx.p, trace));
	MUST(flexio_cmdq_create(
		fx.p, &(struct flexio_cmdq_attr){ .workers = 1, .batch_size = 4, .state = FLEXIO_CMDQ_STATE_RUNNING },
		&q));
	for (int i = 0; i < N; i++)
		MUST(flexio_cmdq_task_add(q, &trace_task, counter));
	wait_for(fx.p, counter, N);
	MUST(flexio_cmdq_destroy(q));
	MUST(flexio_process_trace_stop(fx.p));
	fprintf(expect,
		"{\"test\":\"tasks\",\"trace\":\"%s\",\"process\":\"%s\",\"task\":\"trace_task\","
		"\"tasks\":%d,\"rpcs\":0,\"rpc\":\"none\"}\n",
		trace, fx.label, N);
	fixture_close(&fx);
}

/* ---- FLEXIO_SIM_TRACE ------------------------------------------------------------------------- */

static void environment(void **state)
{
	enum {
		N = 3
	};
	struct fixture fx;
	flexio_process *unnamed = NULL;
	flexio_uintptr_t counter;
	flexio_event_handler *eh;
	uint64_t counted;
	char trace[600], unnamed_label[64];

	(void)state;
	assert_int_equal(setenv("FLEXIO_SIM_TRACE", out_path("env.%p.json"), 1), 0);
	fixture_open(&fx, "env_trace");
	/* A process without a name of its own is its application's in the trace. */
	MUST(flexio_process_create(ctx, app, NULL, &unnamed));
	snprintf(unnamed_label, sizeof(unnamed_label), "trace_test (dumem %u)", flexio_process_get_dumem_id(unnamed));
	MUST(flexio_process_destroy(unnamed));
	assert_int_equal(unsetenv("FLEXIO_SIM_TRACE"), 0); /* read at creation */
	counter = zeroed(fx.p, 8);
	eh = counting_handler(fx.p, counter, "env_counter");
	counted = activate_n(fx.p, eh, counter, N);
	/* Traced from creation to destroy: no session of its own. */
	EXPECT_FAILURE_LOGGED(flexio_process_trace_start(fx.p, out_path("unused.json")), "flexio_process_trace_start");
	EXPECT_FAILURE_LOGGED(flexio_process_trace_stop(fx.p), "flexio_process_trace_stop");
	MUST(flexio_event_handler_destroy(eh));
	fixture_close(&fx); /* writes the file */
	snprintf(trace, sizeof(trace), "%s/env.%ld.json", out_dir, (long)getpid());
	assert_int_equal(access(trace, R_OK), 0);
	fprintf(expect,
		"{\"test\":\"environment\",\"trace\":\"%s\",\"process\":\"%s\",\"also\":\"%s\","
		"\"handler\":\"trace_count_handler\",\"thread_name\":\"env_counter\",\"activations\":%llu,"
		"\"activates\":%d,\"rpc\":\"trace_activate\",\"rpcs\":%d}\n",
		trace, fx.label, unnamed_label, (unsigned long long)counted, N, N);
}

/* ---- refused ------------------------------------------------------------------------------------ */

static void refused(void **state)
{
	struct fixture fx;

	(void)state;
	fixture_open(&fx, "refusals");
	MUST(flexio_process_trace_start(fx.p, out_path("refused.json")));
	EXPECT_FAILURE_LOGGED(flexio_process_trace_start(fx.p, out_path("refused2.json")),
			      "flexio_process_trace_start");
	MUST(flexio_process_trace_stop(fx.p));
	EXPECT_FAILURE_LOGGED(flexio_process_trace_stop(fx.p), "flexio_process_trace_stop");
	/* A directory cannot be written. */
	EXPECT_FAILURE_LOGGED(flexio_process_trace_start(fx.p, out_dir), "flexio_process_trace_start");
	/* A process destroyed while traced writes its trace. */
	MUST(flexio_process_trace_start(fx.p, out_path("destroyed.json")));
	fixture_close(&fx);
	fprintf(expect, "{\"test\":\"empty\",\"trace\":\"%s\",\"process\":\"%s\"}\n", out_path("refused.json"),
		fx.label);
	fprintf(expect, "{\"test\":\"empty\",\"trace\":\"%s\",\"process\":\"%s\"}\n", out_path("destroyed.json"),
		fx.label);
}

static int setup(void **state)
{
	(void)state;
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open() ||
	    flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "trace_test", .ibv_ctx = ctx }, &app))
		return -1;
	expect = fopen(out_path("expect.jsonl"), "w");
	return expect ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	fclose(expect);
	sim_device_close();
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cqes_and_doorbells),
		cmocka_unit_test(activations),
		cmocka_unit_test(fault),
		cmocka_unit_test(tasks),
		cmocka_unit_test(environment),
		cmocka_unit_test(refused),
	};

	if (argc != 2) {
		fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
		return 2;
	}
	out_dir = argv[1];
	return cmocka_run_group_tests(tests, setup, teardown);
}
