/*
 * DOCA graphs (doca_graph.h): runs of instances over the tests' copy context (copy_context.c) as
 * the node context, in dependency order; user nodes, sub-graphs, failures; every function with
 * good and bad input (one SDK line naming it per failure).
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_ctx.h>
#include <doca_graph.h>
#include <doca_pe.h>

#include "copy_context.h"
#include "sdk_lines.h"

#define INSTANCES 10
#define LEN 256

/* Two copy contexts on one progress engine, and what the callbacks saw. */
static struct fixture {
	struct doca_pe *pe;
	struct copy_ctx *cc[2];
	int task_callbacks; /* the copy tasks' own callbacks: a graph's tasks never call them */
	int completed, failed;
	struct doca_graph_instance *last;
	union doca_data last_instance_data, last_graph_data;
	char log[64]; /* the order nodes ran in */
	int logged;
	bool resubmit;
} fx;

static void task_cb(struct copy_task *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	(void)task;
	(void)task_user_data;
	(void)ctx_user_data;
	fx.task_callbacks++;
}

static void setup(enum copy_mode mode)
{
	memset(&fx, 0, sizeof(fx));
	assert_int_equal(doca_pe_create(&fx.pe), DOCA_SUCCESS);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, mode, &fx.cc[i]), DOCA_SUCCESS);
		assert_int_equal(doca_pe_connect_ctx(fx.pe, copy_ctx_as_ctx(fx.cc[i])), DOCA_SUCCESS);
		assert_int_equal(copy_task_set_conf(fx.cc[i], task_cb, task_cb, 4 * INSTANCES), DOCA_SUCCESS);
		assert_int_equal(doca_ctx_start(copy_ctx_as_ctx(fx.cc[i])), DOCA_SUCCESS);
	}
}

static void teardown(void)
{
	for (int i = 0; i < 2; i++) {
		assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(fx.cc[i])), DOCA_SUCCESS);
		assert_int_equal(copy_ctx_destroy(fx.cc[i]), DOCA_SUCCESS);
	}
	assert_int_equal(doca_pe_destroy(fx.pe), DOCA_SUCCESS);
}

static void graph_done(struct doca_graph_instance *instance, union doca_data instance_user_data,
		       union doca_data graph_user_data)
{
	fx.completed++;
	fx.last = instance;
	fx.last_instance_data = instance_user_data;
	fx.last_graph_data = graph_user_data;
	if (fx.resubmit) {
		fx.resubmit = false;
		assert_int_equal(doca_graph_instance_submit(instance), DOCA_SUCCESS);
	}
}

static void graph_failed(struct doca_graph_instance *instance, union doca_data instance_user_data,
			 union doca_data graph_user_data)
{
	fx.failed++;
	fx.last = instance;
	fx.last_instance_data = instance_user_data;
	fx.last_graph_data = graph_user_data;
}

static void progress_until(int runs)
{
	for (long spins = 0; fx.completed + fx.failed < runs; spins++) {
		assert_true(spins < 50000000);
		doca_pe_progress(fx.pe);
	}
}

/* NVIDIA's graph sample's shape: one source copied by two contexts, then a user node checks both. */
struct sample_instance {
	char src[LEN], dst[2][LEN];
	struct copy_task *task[2];
	struct doca_graph_instance *instance;
	int checked;
};

static doca_error_t check_copies(void *cookie)
{
	struct sample_instance *si = cookie;

	for (int i = 0; i < 2; i++)
		if (memcmp(si->src, si->dst[i], LEN) != 0)
			return DOCA_ERROR_BAD_STATE;
	si->checked++;
	return DOCA_SUCCESS;
}

static void runs_instances_of_the_samples_graph(void **state)
{
	static struct sample_instance si[INSTANCES];
	struct doca_graph_node *copy[2], *user;
	struct doca_graph *graph;
	union doca_data ud;

	(void)state;
	setup(COPY_ASYNC);
	assert_int_equal(doca_graph_create(fx.pe, &graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_user(graph, check_copies, &user), DOCA_SUCCESS);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[i]), &copy[i]),
				 DOCA_SUCCESS);
		assert_int_equal(doca_graph_add_dependency(graph, copy[i], user), DOCA_SUCCESS);
	}
	/* an edge given twice is one edge */
	assert_int_equal(doca_graph_add_dependency(graph, copy[0], user), DOCA_SUCCESS);
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, INSTANCES), DOCA_SUCCESS);
	assert_int_equal(doca_graph_set_user_data(graph, (union doca_data){ .u64 = 77 }), DOCA_SUCCESS);
	assert_int_equal(doca_graph_get_user_data(graph, &ud), DOCA_SUCCESS);
	assert_int_equal(ud.u64, 77);
	assert_int_equal(doca_graph_start(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_start(graph), DOCA_SUCCESS); /* started already: fine */

	for (int n = 0; n < INSTANCES; n++) {
		memset(&si[n], 0, sizeof(si[n]));
		memset(si[n].src, n + 1, LEN);
		assert_int_equal(doca_graph_instance_create(graph, &si[n].instance), DOCA_SUCCESS);
		for (int i = 0; i < 2; i++) {
			assert_int_equal(copy_task_alloc_init(fx.cc[i], si[n].dst[i], si[n].src, LEN,
							      (union doca_data){ .u64 = 0 }, &si[n].task[i]),
					 DOCA_SUCCESS);
			assert_int_equal(doca_graph_instance_set_ctx_node_data(si[n].instance, copy[i],
									       copy_task_as_task(si[n].task[i])),
					 DOCA_SUCCESS);
		}
		assert_int_equal(doca_graph_instance_set_user_node_data(si[n].instance, user, &si[n]), DOCA_SUCCESS);
		assert_int_equal(doca_graph_instance_set_user_data(si[n].instance, (union doca_data){ .u64 = n }),
				 DOCA_SUCCESS);
		assert_int_equal(doca_graph_instance_get_user_data(si[n].instance, &ud), DOCA_SUCCESS);
		assert_int_equal(ud.u64, (uint64_t)n);
	}
	for (int n = 0; n < INSTANCES; n++)
		assert_int_equal(doca_graph_instance_submit(si[n].instance), DOCA_SUCCESS);
	progress_until(INSTANCES);
	assert_int_equal(fx.completed, INSTANCES);
	assert_int_equal(fx.failed, 0);
	assert_int_equal(fx.last_graph_data.u64, 77);
	assert_int_equal(fx.task_callbacks, 0);
	for (int n = 0; n < INSTANCES; n++)
		assert_int_equal(si[n].checked, 1);

	/* again, with fresh data: an instance runs as often as it is submitted (here once from its callback) */
	memset(si[3].src, 0x5a, LEN);
	fx.resubmit = true;
	assert_int_equal(doca_graph_instance_submit(si[3].instance), DOCA_SUCCESS);
	progress_until(INSTANCES + 2);
	assert_int_equal(si[3].checked, 3);
	assert_int_equal(fx.last_instance_data.u64, 3);
	assert_int_equal(fx.task_callbacks, 0);

	for (int n = 0; n < INSTANCES; n++) {
		assert_int_equal(doca_graph_instance_destroy(si[n].instance), DOCA_SUCCESS);
		for (int i = 0; i < 2; i++)
			doca_task_free(copy_task_as_task(si[n].task[i]));
	}
	assert_int_equal(doca_graph_stop(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_stop(graph), DOCA_SUCCESS); /* stopped already: fine */
	assert_int_equal(doca_graph_destroy(graph), DOCA_SUCCESS);
	teardown();
}

/* A diamond: copy A, then user nodes B and C (each sees A's copy), then copy D of what B wrote. */
static char a_src[LEN], a_dst[LEN], d_dst[LEN];
static doca_error_t fail_with;

static doca_error_t node_b(void *cookie)
{
	assert_memory_equal(a_dst, a_src, LEN);
	fx.log[fx.logged++] = *(char *)cookie;
	a_dst[0] = 'B';
	return fail_with;
}

static doca_error_t node_c(void *cookie)
{
	assert_memory_equal(a_dst + 1, a_src + 1, LEN - 1);
	fx.log[fx.logged++] = *(char *)cookie;
	return DOCA_SUCCESS;
}

static void runs_nodes_in_dependency_order_and_stops_at_a_failure(void **state)
{
	struct doca_graph_node *a, *b, *c, *d;
	struct copy_task *ta, *td;
	struct doca_graph_instance *inst;
	struct doca_graph *graph;
	static char cookie_b = 'b', cookie_c = 'c';

	(void)state;
	setup(COPY_ASYNC);
	memset(a_src, 'a', LEN);
	memset(a_dst, 0, LEN);
	memset(d_dst, 0, LEN);
	assert_int_equal(doca_graph_create(fx.pe, &graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[0]), &a), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_user(graph, node_b, &b), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_user(graph, node_c, &c), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[1]), &d), DOCA_SUCCESS);
	assert_int_equal(doca_graph_add_dependency(graph, a, b), DOCA_SUCCESS);
	assert_int_equal(doca_graph_add_dependency(graph, a, c), DOCA_SUCCESS);
	assert_int_equal(doca_graph_add_dependency(graph, b, d), DOCA_SUCCESS);
	assert_int_equal(doca_graph_add_dependency(graph, c, d), DOCA_SUCCESS);
	/* a cycle, directly or through other nodes, is refused */
	sdk_lines_open();
	assert_int_equal(doca_graph_add_dependency(graph, d, a), DOCA_ERROR_NOT_PERMITTED);
	assert_int_equal(doca_graph_add_dependency(graph, b, b), DOCA_ERROR_NOT_PERMITTED);
	sdk_lines_expect("doca_graph_add_dependency", 2);
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, 1), DOCA_SUCCESS);
	assert_int_equal(doca_graph_start(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_create(graph, &inst), DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(fx.cc[0], a_dst, a_src, LEN, (union doca_data){ .u64 = 0 }, &ta),
			 DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(fx.cc[1], d_dst, a_dst, LEN, (union doca_data){ .u64 = 0 }, &td),
			 DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, a, copy_task_as_task(ta)), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, d, copy_task_as_task(td)), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_user_node_data(inst, b, &cookie_b), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_user_node_data(inst, c, &cookie_c), DOCA_SUCCESS);

	fail_with = DOCA_SUCCESS;
	assert_int_equal(doca_graph_instance_submit(inst), DOCA_SUCCESS);
	/* submitted: its data and user data are fixed, it is not destroyed, not submitted twice */
	sdk_lines_open();
	assert_int_equal(doca_graph_instance_submit(inst), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_graph_instance_submit", 1);
	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_graph_instance_destroy", 1);
	assert_int_equal(doca_graph_instance_set_user_node_data(inst, b, &cookie_c), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_graph_instance_set_user_node_data", 1);
	assert_int_equal(doca_graph_instance_set_user_data(inst, (union doca_data){ .u64 = 1 }), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_graph_instance_set_user_data", 1);
	progress_until(1);
	assert_int_equal(fx.completed, 1);
	assert_int_equal(fx.logged, 2);
	assert_int_equal(d_dst[0], 'B'); /* D copied after B wrote */
	assert_memory_equal(d_dst + 1, a_src + 1, LEN - 1);
	assert_int_equal(fx.task_callbacks, 0);

	/* B fails: D does not run, the error callback ends the run */
	fail_with = DOCA_ERROR_IO_FAILED;
	memset(d_dst, 0, LEN);
	assert_int_equal(doca_graph_instance_submit(inst), DOCA_SUCCESS);
	progress_until(2);
	assert_int_equal(fx.failed, 1);
	assert_ptr_equal(fx.last, inst);
	assert_int_equal(d_dst[0], 0);
	assert_int_equal(copy_ctx_executed(fx.cc[1]), 1); /* D ran once, in the first run */

	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_SUCCESS);
	doca_task_free(copy_task_as_task(ta));
	doca_task_free(copy_task_as_task(td));
	assert_int_equal(doca_graph_stop(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(graph), DOCA_SUCCESS);
	teardown();
}

/* A graph of one copy node: its task fails (a zero length) and the error callback ends the run. */
static void a_failed_task_fails_the_run(void **state)
{
	struct doca_graph_instance *inst;
	struct doca_graph_node *node;
	struct doca_graph *graph;
	struct copy_task *task;
	static char src[LEN], dst[LEN];

	(void)state;
	setup(COPY_ASYNC);
	assert_int_equal(doca_graph_create(fx.pe, &graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[0]), &node), DOCA_SUCCESS);
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, 1), DOCA_SUCCESS);
	assert_int_equal(doca_graph_start(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_create(graph, &inst), DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(fx.cc[0], dst, src, 0, (union doca_data){ .u64 = 0 }, &task),
			 DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, node, copy_task_as_task(task)), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_submit(inst), DOCA_SUCCESS);
	progress_until(1);
	assert_int_equal(fx.failed, 1);
	assert_int_equal(fx.task_callbacks, 0);
	assert_int_equal(doca_task_get_status(copy_task_as_task(task)), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_SUCCESS);
	doca_task_free(copy_task_as_task(task));
	assert_int_equal(doca_graph_stop(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(graph), DOCA_SUCCESS);
	teardown();
}

static doca_error_t refuse(void *cookie)
{
	(void)cookie;
	fx.log[fx.logged++] = 'r';
	return DOCA_ERROR_NOT_PERMITTED;
}

/* A root user node that fails with nothing in flight: no run, submit says why, no callback. */
static void a_run_failing_before_anything_is_in_flight_is_refused(void **state)
{
	struct doca_graph_node *user, *copy;
	struct doca_graph_instance *inst;
	struct doca_graph *graph;
	struct copy_task *task;
	static char src[LEN], dst[LEN];

	(void)state;
	setup(COPY_SYNC);
	assert_int_equal(doca_graph_create(fx.pe, &graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_user(graph, refuse, &user), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[0]), &copy), DOCA_SUCCESS);
	assert_int_equal(doca_graph_add_dependency(graph, user, copy), DOCA_SUCCESS);
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, 1), DOCA_SUCCESS);
	assert_int_equal(doca_graph_start(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_create(graph, &inst), DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(fx.cc[0], dst, src, LEN, (union doca_data){ .u64 = 0 }, &task),
			 DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, copy, copy_task_as_task(task)), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_user_node_data(inst, user, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_submit(inst), DOCA_ERROR_NOT_PERMITTED);
	for (int i = 0; i < 10; i++)
		doca_pe_progress(fx.pe);
	assert_int_equal(fx.logged, 1);
	assert_int_equal(fx.completed + fx.failed, 0);
	assert_int_equal(copy_ctx_executed(fx.cc[0]), 0);
	/* not submitted: it goes */
	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_SUCCESS);
	doca_task_free(copy_task_as_task(task));
	assert_int_equal(doca_graph_stop(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(graph), DOCA_SUCCESS);
	teardown();
}

static doca_error_t count_node(void *cookie)
{
	fx.log[fx.logged++] = *(const char *)cookie;
	return DOCA_SUCCESS;
}

/* A sub-graph node runs its instance to the end; the sub-graph's callbacks are not called. */
static int sub_completed;

static void sub_done(struct doca_graph_instance *instance, union doca_data instance_user_data,
		     union doca_data graph_user_data)
{
	(void)instance;
	(void)instance_user_data;
	(void)graph_user_data;
	sub_completed++;
}

static void runs_sub_graphs(void **state)
{
	struct doca_graph_node *sub_copy, *first, *sub_node, *last;
	struct doca_graph_instance *inst, *sub_inst, *other_sub;
	struct doca_graph *graph, *sub;
	struct copy_task *task;
	static char src[LEN], dst[LEN];
	static const char f = 'f', l = 'l';

	(void)state;
	setup(COPY_ASYNC);
	memset(src, 's', LEN);
	sub_completed = 0;
	assert_int_equal(doca_graph_create(fx.pe, &sub), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(sub, copy_ctx_as_ctx(fx.cc[0]), &sub_copy), DOCA_SUCCESS);
	assert_int_equal(doca_graph_set_conf(sub, sub_done, sub_done, 2), DOCA_SUCCESS);
	assert_int_equal(doca_graph_create(fx.pe, &graph), DOCA_SUCCESS);
	sdk_lines_open();
	/* a sub-graph is started first; a graph is no sub-graph of its own */
	assert_int_equal(doca_graph_node_create_from_graph(graph, sub, &sub_node), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_graph_node_create_from_graph(graph, graph, &sub_node), DOCA_ERROR_NOT_PERMITTED);
	sdk_lines_expect("doca_graph_node_create_from_graph", 2);
	assert_int_equal(doca_graph_start(sub), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_user(graph, count_node, &first), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_graph(graph, sub, &sub_node), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[1]), &last), DOCA_SUCCESS);
	assert_int_equal(doca_graph_add_dependency(graph, first, sub_node), DOCA_SUCCESS);
	assert_int_equal(doca_graph_add_dependency(graph, sub_node, last), DOCA_SUCCESS);
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, 1), DOCA_SUCCESS);
	assert_int_equal(doca_graph_start(graph), DOCA_SUCCESS);

	assert_int_equal(doca_graph_instance_create(sub, &sub_inst), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_create(sub, &other_sub), DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(fx.cc[0], dst, src, LEN, (union doca_data){ .u64 = 0 }, &task),
			 DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(sub_inst, sub_copy, copy_task_as_task(task)),
			 DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_create(graph, &inst), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_user_node_data(inst, first, (void *)&f), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_sub_graph_node_data(inst, sub_node, sub_inst), DOCA_SUCCESS);
	/* "last" has no data yet: the instance does not run */
	sdk_lines_open();
	assert_int_equal(doca_graph_instance_submit(inst), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_submit", 1);
	/* the sub-graph's instance is the node's: not submitted nor destroyed by itself, not another node's */
	assert_int_equal(doca_graph_instance_submit(sub_inst), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_graph_instance_submit", 1);
	assert_int_equal(doca_graph_instance_destroy(sub_inst), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_graph_instance_destroy", 1);
	/* a sub-graph node takes an instance of its sub-graph, of no other graph */
	assert_int_equal(doca_graph_instance_set_sub_graph_node_data(inst, sub_node, inst), DOCA_ERROR_NOT_PERMITTED);
	sdk_lines_expect("doca_graph_instance_set_sub_graph_node_data", 1);

	{
		struct copy_task *last_task;
		static char dst2[LEN];

		assert_int_equal(
			copy_task_alloc_init(fx.cc[1], dst2, dst, LEN, (union doca_data){ .u64 = 0 }, &last_task),
			DOCA_SUCCESS);
		assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, last, copy_task_as_task(last_task)),
				 DOCA_SUCCESS);
		assert_int_equal(doca_graph_instance_submit(inst), DOCA_SUCCESS);
		progress_until(1);
		assert_int_equal(fx.completed, 1);
		assert_int_equal(sub_completed, 0);
		assert_int_equal(fx.logged, 1);
		assert_memory_equal(dst2, src, LEN); /* last copied what the sub-graph's node had copied */
		assert_int_equal(fx.task_callbacks, 0);
		doca_task_free(copy_task_as_task(last_task));
	}
	(void)l;
	/* another instance replaces the first as the node's data: the first is free again */
	assert_int_equal(doca_graph_instance_set_sub_graph_node_data(inst, sub_node, other_sub), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_destroy(sub_inst), DOCA_SUCCESS);
	sdk_lines_open();
	/* a graph stops once its instances are gone, is destroyed once stopped */
	assert_int_equal(doca_graph_stop(sub), DOCA_ERROR_IN_USE);
	sdk_lines_expect("doca_graph_stop", 1);
	assert_int_equal(doca_graph_destroy(sub), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_graph_destroy", 1);
	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_destroy(other_sub), DOCA_SUCCESS);
	doca_task_free(copy_task_as_task(task));
	assert_int_equal(doca_graph_stop(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_stop(sub), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(sub), DOCA_SUCCESS);
	teardown();
}

static void *use_from_another_thread(void *arg)
{
	struct doca_graph *graph = arg;
	union doca_data ud;

	return (void *)(intptr_t)doca_graph_get_user_data(graph, &ud);
}

static void refuses_bad_input_and_wrong_states(void **state)
{
	struct doca_graph_node *node, *user, *node2, *foreign;
	struct doca_graph_instance *inst, *inst2;
	struct doca_graph *graph, *other;
	struct copy_ctx *unconnected;
	struct doca_pe *other_pe;
	struct copy_task *task, *task2;
	union doca_data ud;
	static char src[LEN], dst[LEN];
	void *ret;
	pthread_t thread;

	(void)state;
	setup(COPY_SYNC);
	sdk_lines_open();
	assert_int_equal(doca_graph_create(NULL, &graph), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_create(fx.pe, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_create", 2);
	assert_int_equal(doca_graph_create(fx.pe, &graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_create(fx.pe, &other), DOCA_SUCCESS);

	/* nodes */
	assert_int_equal(doca_graph_node_create_from_ctx(NULL, copy_ctx_as_ctx(fx.cc[0]), &node),
			 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, NULL, &node), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[0]), NULL),
			 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_PE, COPY_SYNC, &unconnected), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(unconnected), &node),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_node_create_from_ctx", 4);
	assert_int_equal(doca_graph_node_create_from_user(graph, NULL, &user), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_node_create_from_user(graph, count_node, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_node_create_from_user(NULL, count_node, &user), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_node_create_from_user", 3);
	assert_int_equal(doca_graph_node_create_from_graph(graph, NULL, &node), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_node_create_from_graph(graph, other, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_pe_create(&other_pe), DOCA_SUCCESS);
	{
		struct doca_graph *elsewhere;
		struct doca_graph_node *n;

		assert_int_equal(doca_graph_create(other_pe, &elsewhere), DOCA_SUCCESS);
		assert_int_equal(doca_graph_node_create_from_graph(graph, elsewhere, &n), DOCA_ERROR_INVALID_VALUE);
		assert_int_equal(doca_graph_destroy(elsewhere), DOCA_SUCCESS);
	}
	sdk_lines_expect("doca_graph_node_create_from_graph", 3);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[0]), &node), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[1]), &node2), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_user(graph, count_node, &user), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_user(other, count_node, &foreign), DOCA_SUCCESS);

	/* edges */
	assert_int_equal(doca_graph_add_dependency(graph, node, foreign), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_add_dependency(graph, NULL, node), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_add_dependency(NULL, node, user), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_add_dependency", 3);
	assert_int_equal(doca_graph_add_dependency(graph, node, user), DOCA_SUCCESS);

	/* configuration, start */
	assert_int_equal(doca_graph_set_conf(graph, NULL, graph_failed, 1), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, 0), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_set_conf(NULL, graph_done, graph_failed, 1), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_set_conf", 3);
	assert_int_equal(doca_graph_start(graph), DOCA_ERROR_BAD_STATE); /* not configured */
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, 1), DOCA_SUCCESS);
	assert_int_equal(doca_graph_set_conf(other, graph_done, graph_failed, 1), DOCA_SUCCESS);
	assert_int_equal(doca_graph_start(other), DOCA_ERROR_BAD_STATE); /* no context node */
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(fx.cc[1])), DOCA_SUCCESS);
	assert_int_equal(doca_graph_start(graph), DOCA_ERROR_BAD_STATE); /* a context not running */
	assert_int_equal(doca_graph_start(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_start", 4);
	assert_int_equal(doca_ctx_start(copy_ctx_as_ctx(fx.cc[1])), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_create(graph, &inst), DOCA_ERROR_BAD_STATE); /* not started */
	sdk_lines_expect("doca_graph_instance_create", 1);
	assert_int_equal(doca_graph_set_user_data(NULL, ud), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_set_user_data", 1);
	assert_int_equal(doca_graph_get_user_data(graph, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_get_user_data(NULL, &ud), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_get_user_data", 2);
	assert_int_equal(doca_graph_start(graph), DOCA_SUCCESS);

	/* a started graph is fixed */
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, 2), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_graph_set_conf", 1);
	assert_int_equal(doca_graph_set_user_data(graph, ud), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_graph_set_user_data", 1);
	assert_int_equal(doca_graph_node_create_from_user(graph, count_node, &foreign), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_graph_node_create_from_user", 1);
	assert_int_equal(doca_graph_add_dependency(graph, node, node2), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_graph_add_dependency", 1);
	assert_int_equal(doca_graph_destroy(graph), DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_graph_destroy", 1);

	/* instances */
	assert_int_equal(doca_graph_instance_create(graph, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_instance_create(NULL, &inst), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_create", 2);
	assert_int_equal(doca_graph_instance_create(graph, &inst), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_create(graph, &inst2), DOCA_ERROR_NO_MEMORY); /* one configured */
	sdk_lines_expect("doca_graph_instance_create", 1);
	assert_int_equal(copy_task_alloc_init(fx.cc[0], dst, src, LEN, (union doca_data){ .u64 = 0 }, &task),
			 DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(fx.cc[1], dst, src, LEN, (union doca_data){ .u64 = 0 }, &task2),
			 DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, node, copy_task_as_task(task2)),
			 DOCA_ERROR_NOT_PERMITTED); /* a task of the other context */
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, user, copy_task_as_task(task)),
			 DOCA_ERROR_NOT_PERMITTED); /* a user node */
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, foreign, copy_task_as_task(task)),
			 DOCA_ERROR_NOT_PERMITTED); /* another graph's node */
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, node, (struct doca_task *)src),
			 DOCA_ERROR_INVALID_VALUE); /* no task */
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, NULL, copy_task_as_task(task)),
			 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(NULL, node, copy_task_as_task(task)),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_set_ctx_node_data", 6);
	assert_int_equal(doca_graph_instance_set_user_node_data(inst, node, NULL), DOCA_ERROR_NOT_PERMITTED);
	assert_int_equal(doca_graph_instance_set_user_node_data(NULL, user, NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_set_user_node_data", 2);
	assert_int_equal(doca_graph_instance_set_sub_graph_node_data(inst, user, inst), DOCA_ERROR_NOT_PERMITTED);
	assert_int_equal(doca_graph_instance_set_sub_graph_node_data(NULL, user, inst), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_set_sub_graph_node_data", 2);
	assert_int_equal(doca_graph_instance_set_user_data(NULL, ud), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_set_user_data", 1);
	assert_int_equal(doca_graph_instance_get_user_data(inst, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_instance_get_user_data(NULL, &ud), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_get_user_data", 2);
	assert_int_equal(doca_graph_instance_submit(inst), DOCA_ERROR_INVALID_VALUE); /* no data */
	assert_int_equal(doca_graph_instance_submit(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_submit", 2);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, node, copy_task_as_task(task)), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, node2, copy_task_as_task(task2)), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_user_node_data(inst, user, (void *)"u"), DOCA_SUCCESS);
	/* a task freed since is refused when the instance runs: no run */
	doca_task_free(copy_task_as_task(task2));
	assert_int_equal(doca_graph_instance_submit(inst), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_submit", 1);
	assert_int_equal(copy_task_alloc_init(fx.cc[1], dst, src, LEN, (union doca_data){ .u64 = 0 }, &task2),
			 DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, node2, copy_task_as_task(task2)), DOCA_SUCCESS);

	/* the progress engine is one thread's */
	assert_int_equal(pthread_create(&thread, NULL, use_from_another_thread, graph), 0);
	assert_int_equal(pthread_join(thread, &ret), 0);
	assert_int_equal((doca_error_t)(intptr_t)ret, DOCA_SUCCESS); /* free: another thread may use it */

	assert_int_equal(doca_graph_instance_submit(inst), DOCA_SUCCESS);
	progress_until(1);
	assert_int_equal(fx.completed, 1);
	assert_int_equal(doca_graph_stop(graph), DOCA_ERROR_IN_USE);
	assert_int_equal(doca_graph_stop(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_stop", 2);
	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_SUCCESS);
	/* destroyed: its handle is refused */
	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_instance_destroy(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_instance_destroy", 2);
	doca_task_free(copy_task_as_task(task));
	doca_task_free(copy_task_as_task(task2));
	assert_int_equal(doca_graph_stop(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(other), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(graph), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_graph_destroy(NULL), DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_graph_destroy", 2);
	assert_int_equal(copy_ctx_destroy(unconnected), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(other_pe), DOCA_SUCCESS);
	teardown();
}

/* While another thread is inside the engine (its guard taken), graph calls are refused. */
static pthread_barrier_t inside, leave;

static doca_error_t hold_engine(void *cookie)
{
	(void)cookie;
	pthread_barrier_wait(&inside);
	pthread_barrier_wait(&leave);
	return DOCA_SUCCESS;
}

static void *submit_and_hold(void *arg)
{
	return (void *)(intptr_t)doca_graph_instance_submit(arg);
}

static void another_thread_is_refused_while_the_engine_is_in_use(void **state)
{
	struct doca_graph_node *user, *copy;
	struct doca_graph_instance *inst;
	struct doca_graph *graph;
	struct copy_task *task;
	static char src[LEN], dst[LEN];
	union doca_data ud;
	pthread_t thread;
	void *ret;

	(void)state;
	setup(COPY_SYNC);
	assert_int_equal(doca_graph_create(fx.pe, &graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_user(graph, hold_engine, &user), DOCA_SUCCESS);
	assert_int_equal(doca_graph_node_create_from_ctx(graph, copy_ctx_as_ctx(fx.cc[0]), &copy), DOCA_SUCCESS);
	assert_int_equal(doca_graph_set_conf(graph, graph_done, graph_failed, 1), DOCA_SUCCESS);
	assert_int_equal(doca_graph_start(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_create(graph, &inst), DOCA_SUCCESS);
	assert_int_equal(copy_task_alloc_init(fx.cc[0], dst, src, LEN, (union doca_data){ .u64 = 0 }, &task),
			 DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_ctx_node_data(inst, copy, copy_task_as_task(task)), DOCA_SUCCESS);
	assert_int_equal(doca_graph_instance_set_user_node_data(inst, user, NULL), DOCA_SUCCESS);
	pthread_barrier_init(&inside, NULL, 2);
	pthread_barrier_init(&leave, NULL, 2);
	assert_int_equal(pthread_create(&thread, NULL, submit_and_hold, inst), 0);
	pthread_barrier_wait(&inside);
	sdk_lines_open();
	assert_int_equal(doca_graph_get_user_data(graph, &ud), DOCA_ERROR_NO_LOCK);
	sdk_lines_expect("doca_graph_get_user_data", 1);
	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_ERROR_NO_LOCK);
	sdk_lines_expect("doca_graph_instance_destroy", 1);
	pthread_barrier_wait(&leave);
	assert_int_equal(pthread_join(thread, &ret), 0);
	assert_int_equal((doca_error_t)(intptr_t)ret, DOCA_SUCCESS);
	pthread_barrier_destroy(&inside);
	pthread_barrier_destroy(&leave);
	progress_until(1);
	assert_int_equal(fx.completed, 1);
	assert_int_equal(doca_graph_instance_destroy(inst), DOCA_SUCCESS);
	doca_task_free(copy_task_as_task(task));
	assert_int_equal(doca_graph_stop(graph), DOCA_SUCCESS);
	assert_int_equal(doca_graph_destroy(graph), DOCA_SUCCESS);
	teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(runs_instances_of_the_samples_graph),
		cmocka_unit_test(runs_nodes_in_dependency_order_and_stops_at_a_failure),
		cmocka_unit_test(a_failed_task_fails_the_run),
		cmocka_unit_test(a_run_failing_before_anything_is_in_flight_is_refused),
		cmocka_unit_test(runs_sub_graphs),
		cmocka_unit_test(refuses_bad_input_and_wrong_states),
		cmocka_unit_test(another_thread_is_refused_while_the_engine_is_in_use),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
