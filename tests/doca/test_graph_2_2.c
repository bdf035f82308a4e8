/*
 * DOCA graphs of 2.2 (doca_graph.h's work-queue forms, libdoca_common) with the contexts NVIDIA's
 * 2.2 graph sample uses, SHA and DMA: runs in dependency order through a work queue (the jobs'
 * completions fill the nodes' events, doca_workq_progress_retrieve answers DOCA_ERROR_AGAIN for
 * them and returns one DOCA_GRAPH_JOB event per instance), failures of jobs and user nodes, the work
 * queue's depth, the graph's states and bad input (each failure one SDK line naming its function).
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <pthread.h>
#include <semaphore.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dma.h>
#include <doca_graph.h>
#include <doca_mmap.h>
#include <doca_sha.h>

#include "mem_util.h"

#define SIZE 1024
#define INSTANCES 3

/* "abc"'s SHA-256 (FIPS 180-2). */
static const uint8_t abc_sha256[32] = { 0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40,
					0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17,
					0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad };

struct instance {
	struct doca_graph_instance *gi;
	struct doca_buf *src, *dma_dst, *sha_dst;
	struct doca_sha_job sha_job;
	struct doca_dma_job_memcpy dma_job;
	struct doca_event sha_ev, dma_ev, user_ev;
	int user_calls;
	sem_t *inside, *go; /* set: the user node waits for another thread's calls */
	bool dma_done_at_user, sha_done_at_user;
	doca_error_t user_result;
};

/* The sample's graph: SHA and DMA nodes, a user node depending on both. */
struct fixture {
	struct doca_dev *dev;
	struct doca_workq *workq;
	struct doca_sha *sha;
	struct doca_dma *dma;
	struct doca_ctx *sha_ctx, *dma_ctx;
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
	uint8_t mem[INSTANCES][2 * SIZE + 64];
	struct doca_graph *graph;
	struct doca_graph_node *sha_node, *dma_node, *user_node;
	struct instance inst[INSTANCES];
};

static doca_error_t user_cb(void *cookie, struct doca_event *ev)
{
	struct instance *in = cookie;
	size_t len = 0;

	in->user_calls++;
	assert_ptr_equal(ev, &in->user_ev);
	ev->type = 77;
	/* both jobs completed before: their events are filled */
	in->sha_done_at_user = in->sha_ev.type == DOCA_SHA_JOB_SHA256 && in->sha_ev.result.u64 == DOCA_SUCCESS;
	assert_int_equal(doca_buf_get_data_len(in->dma_dst, &len), DOCA_SUCCESS);
	in->dma_done_at_user = len == 3 && in->dma_ev.type == DOCA_DMA_JOB_MEMCPY;
	if (in->inside) {
		sem_post(in->inside);
		sem_wait(in->go);
	}
	return in->user_result;
}

static void setup(struct fixture *fx, uint32_t depth)
{
	memset(fx, 0, sizeof(*fx));
	sdk_log_capture();
	fx->dev = sim_dev_open(0);
	expect_ok(doca_workq_create(depth, &fx->workq));
	expect_ok(doca_sha_create(&fx->sha));
	expect_ok(doca_dma_create(&fx->dma));
	fx->sha_ctx = doca_sha_as_ctx(fx->sha);
	fx->dma_ctx = doca_dma_as_ctx(fx->dma);
	expect_ok(doca_mmap_create(NULL, &fx->mmap));
	expect_ok(doca_mmap_set_memrange(fx->mmap, fx->mem, sizeof(fx->mem)));
	expect_ok(doca_mmap_dev_add(fx->mmap, fx->dev));
	expect_ok(doca_mmap_set_permissions(fx->mmap, DOCA_ACCESS_LOCAL_READ_WRITE));
	expect_ok(doca_mmap_start(fx->mmap));
	expect_ok(doca_buf_inventory_create(NULL, 3 * INSTANCES + 2, DOCA_BUF_EXTENSION_NONE, &fx->inv));
	expect_ok(doca_buf_inventory_start(fx->inv));
	expect_ok(doca_ctx_dev_add(fx->sha_ctx, fx->dev));
	expect_ok(doca_ctx_start(fx->sha_ctx));
	expect_ok(doca_ctx_workq_add(fx->sha_ctx, fx->workq));
	expect_ok(doca_ctx_dev_add(fx->dma_ctx, fx->dev));
	expect_ok(doca_ctx_start(fx->dma_ctx));
	expect_ok(doca_ctx_workq_add(fx->dma_ctx, fx->workq));
	expect_ok(doca_graph_create(&fx->graph));
	expect_ok(doca_graph_ctx_node_create(fx->graph, DOCA_SHA_JOB_SHA256, fx->sha_ctx, &fx->sha_node));
	expect_ok(doca_graph_ctx_node_create(fx->graph, DOCA_DMA_JOB_MEMCPY, fx->dma_ctx, &fx->dma_node));
	expect_ok(doca_graph_user_node_create(fx->graph, user_cb, &fx->user_node));
	expect_ok(doca_graph_add_dependency(fx->graph, fx->sha_node, fx->user_node));
	expect_ok(doca_graph_add_dependency(fx->graph, fx->dma_node, fx->user_node));
	expect_ok(doca_graph_start(fx->graph));
	expect_ok(doca_graph_workq_add(fx->graph, fx->workq));
}

/* An instance's data: "abc" copied by DMA and digested by SHA. */
static void instance_init(struct fixture *fx, int i)
{
	struct instance *in = &fx->inst[i];
	uint8_t *mem = fx->mem[i];

	memcpy(mem, "abc", 3);
	expect_ok(doca_graph_instance_create(fx->graph, &in->gi));
	expect_ok(doca_buf_inventory_buf_by_data(fx->inv, fx->mmap, mem, 3, &in->src));
	expect_ok(doca_buf_inventory_buf_by_addr(fx->inv, fx->mmap, mem + SIZE, SIZE, &in->dma_dst));
	expect_ok(doca_buf_inventory_buf_by_addr(fx->inv, fx->mmap, mem + 2 * SIZE, 64, &in->sha_dst));
	in->sha_job = (struct doca_sha_job){
		.base = { .type = DOCA_SHA_JOB_SHA256, .ctx = fx->sha_ctx, .user_data = { .u64 = 100u + i } },
		.req_buf = in->src,
		.resp_buf = in->sha_dst
	};
	in->dma_job = (struct doca_dma_job_memcpy){
		.base = { .type = DOCA_DMA_JOB_MEMCPY, .ctx = fx->dma_ctx, .user_data = { .u64 = 200u + i } },
		.dst_buff = in->dma_dst,
		.src_buff = in->src
	};
	expect_ok(doca_graph_instance_set_ctx_node_data(in->gi, fx->sha_node, &in->sha_job.base, &in->sha_ev));
	expect_ok(doca_graph_instance_set_ctx_node_data(in->gi, fx->dma_node, &in->dma_job.base, &in->dma_ev));
	expect_ok(doca_graph_instance_set_user_node_data(in->gi, fx->user_node, in, &in->user_ev));
}

static void instance_fini(struct fixture *fx, int i)
{
	struct instance *in = &fx->inst[i];

	expect_ok(doca_graph_instance_destroy(in->gi));
	expect_ok(doca_buf_refcount_rm(in->src, NULL));
	expect_ok(doca_buf_refcount_rm(in->dma_dst, NULL));
	expect_ok(doca_buf_refcount_rm(in->sha_dst, NULL));
}

static void teardown(struct fixture *fx)
{
	expect_ok(doca_graph_workq_rm(fx->graph, fx->workq));
	expect_ok(doca_graph_stop(fx->graph));
	expect_ok(doca_graph_destroy(fx->graph));
	expect_ok(doca_ctx_workq_rm(fx->sha_ctx, fx->workq));
	expect_ok(doca_ctx_workq_rm(fx->dma_ctx, fx->workq));
	expect_ok(doca_ctx_stop(fx->sha_ctx));
	expect_ok(doca_ctx_stop(fx->dma_ctx));
	expect_ok(doca_sha_destroy(fx->sha));
	expect_ok(doca_dma_destroy(fx->dma));
	expect_ok(doca_workq_destroy(fx->workq));
	expect_ok(doca_buf_inventory_stop(fx->inv));
	expect_ok(doca_buf_inventory_destroy(fx->inv));
	expect_ok(doca_mmap_stop(fx->mmap));
	expect_ok(doca_mmap_destroy(fx->mmap));
	sim_dev_close(fx->dev);
}

/* Retrieves the next instance event: its status; *agains counts the DOCA_ERROR_AGAIN answers before it. */
static doca_error_t next_instance(struct fixture *fx, struct doca_event *ev, long *agains)
{
	doca_error_t err;

	*agains = 0;
	while ((err = doca_workq_progress_retrieve(fx->workq, ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE)) == DOCA_ERROR_AGAIN)
		assert_true(++*agains < 100000000L);
	assert_int_equal(ev->type, DOCA_GRAPH_JOB);
	return err;
}

static void runs_instances_of_the_samples_graph(void **state)
{
	struct fixture fx;
	bool seen[INSTANCES] = { false };
	long total_agains;

	(void)state;
	setup(&fx, 3 * INSTANCES);
	for (int i = 0; i < INSTANCES; i++)
		instance_init(&fx, i);
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < INSTANCES; i++)
			expect_ok(
				doca_workq_graph_submit(fx.workq, fx.inst[i].gi, (union doca_data){ .u64 = 10u + i }));
		/* an instance submitted is in use */
		expect_fail(doca_workq_graph_submit(fx.workq, fx.inst[0].gi, (union doca_data){ .u64 = 0 }),
			    DOCA_ERROR_IN_USE, "doca_workq_graph_submit");
		expect_fail(doca_graph_instance_destroy(fx.inst[0].gi), DOCA_ERROR_IN_USE,
			    "doca_graph_instance_destroy");
		expect_fail(doca_graph_workq_rm(fx.graph, fx.workq), DOCA_ERROR_IN_USE, "doca_graph_workq_rm");
		memset(seen, 0, sizeof(seen));
		total_agains = 0;
		for (int n = 0; n < INSTANCES; n++) {
			struct doca_event ev = { 0 };
			long agains;
			uint64_t i;

			assert_int_equal(next_instance(&fx, &ev, &agains), DOCA_SUCCESS);
			total_agains += agains;
			i = ev.user_data.u64 - 10;
			assert_true(i < INSTANCES && !seen[i]);
			seen[i] = true;
			assert_int_equal(ev.result.u64, DOCA_SUCCESS);
			assert_int_equal(fx.inst[i].user_calls, round + 1);
			assert_true(fx.inst[i].sha_done_at_user);
			assert_true(fx.inst[i].dma_done_at_user);
			assert_int_equal(fx.inst[i].sha_ev.user_data.u64, 100 + i);
			assert_int_equal(fx.inst[i].dma_ev.user_data.u64, 200 + i);
			assert_int_equal(fx.inst[i].user_ev.type, 77);
			assert_memory_equal(fx.mem[i] + SIZE, "abc", 3);
			assert_memory_equal(fx.mem[i] + 2 * SIZE + 32 * round, abc_sha256, 32);
		}
		/* the first job of each instance to complete was an intermediate DOCA_ERROR_AGAIN */
		assert_true(total_agains >= INSTANCES);
		expect_ok(DOCA_SUCCESS);
		/* the jobs' events were the graph's: nothing more to retrieve */
		{
			struct doca_event ev = { 0 };

			assert_int_equal(doca_workq_progress_retrieve(fx.workq, &ev, DOCA_WORKQ_RETRIEVE_FLAGS_NONE),
					 DOCA_ERROR_AGAIN);
		}
		for (int i = 0; i < INSTANCES; i++) {
			expect_ok(doca_buf_reset_data_len(fx.inst[i].dma_dst));
			memset(&fx.inst[i].sha_ev, 0, sizeof(fx.inst[i].sha_ev));
			memset(&fx.inst[i].dma_ev, 0, sizeof(fx.inst[i].dma_ev));
		}
	}
	for (int i = 0; i < INSTANCES; i++)
		instance_fini(&fx, i);
	teardown(&fx);
}

static void failures_end_the_run_with_their_status(void **state)
{
	struct fixture fx;
	struct doca_event ev = { 0 };
	struct instance *in;
	long agains;

	(void)state;
	setup(&fx, 3);
	instance_init(&fx, 0);
	in = &fx.inst[0];
	/* a user node's error */
	in->user_result = DOCA_ERROR_BAD_STATE;
	expect_ok(doca_workq_graph_submit(fx.workq, in->gi, (union doca_data){ .u64 = 5 }));
	assert_int_equal(next_instance(&fx, &ev, &agains), DOCA_ERROR_IO_FAILED);
	expect_fail(DOCA_ERROR_IO_FAILED, DOCA_ERROR_IO_FAILED, "doca_workq_progress_retrieve");
	assert_int_equal(ev.result.u64, DOCA_ERROR_BAD_STATE);
	assert_int_equal(ev.user_data.u64, 5);
	assert_int_equal(in->user_calls, 1);
	/* a failed job (the digest has no room): the user node does not run */
	in->user_result = DOCA_SUCCESS;
	expect_ok(doca_buf_reset_data_len(in->dma_dst));
	expect_ok(doca_buf_set_data(in->sha_dst, fx.mem[0] + 2 * SIZE, 40));
	expect_ok(doca_workq_graph_submit(fx.workq, in->gi, (union doca_data){ .u64 = 6 }));
	assert_int_equal(next_instance(&fx, &ev, &agains), DOCA_ERROR_IO_FAILED);
	free(sdk_log_take()); /* the job's line (naming doca_workq_submit) and the retrieval's */
	assert_int_equal(ev.result.u64, DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(in->sha_ev.result.u64, DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(in->user_calls, 1);
	/* what failed, and each node's state and result */
	{
		const struct doca_graph_node *failed[3] = { NULL };
		enum doca_graph_instance_node_state st;
		union doca_data result;
		uint32_t num = 0;

		expect_ok(doca_graph_instance_get_num_failed_nodes(in->gi, &num));
		assert_int_equal(num, 1);
		num = 3;
		expect_ok(doca_graph_instance_get_failed_nodes(in->gi, failed, &num));
		assert_int_equal(num, 1);
		assert_ptr_equal(failed[0], fx.sha_node);
		num = 0;
		expect_ok(doca_graph_instance_get_failed_nodes(in->gi, failed, &num));
		assert_int_equal(num, 0);
		expect_ok(doca_graph_instance_node_get_state(in->gi, fx.sha_node, &st));
		assert_int_equal(st, DOCA_GRAPH_INSTANCE_NODE_STATE_ERROR);
		expect_ok(doca_graph_instance_node_get_state(in->gi, fx.dma_node, &st));
		assert_int_equal(st, DOCA_GRAPH_INSTANCE_NODE_STATE_COMPLETED);
		expect_ok(doca_graph_instance_node_get_state(in->gi, fx.user_node, &st));
		assert_int_equal(st, DOCA_GRAPH_INSTANCE_NODE_STATE_NOT_STARTED);
		expect_ok(doca_graph_instance_node_get_result(in->gi, fx.sha_node, &result));
		assert_int_equal(result.u64, DOCA_ERROR_INVALID_VALUE);
		expect_ok(doca_graph_instance_node_get_result(in->gi, fx.dma_node, &result));
		assert_int_equal(result.u64, DOCA_SUCCESS);
		expect_fail(doca_graph_instance_node_get_result(in->gi, fx.user_node, &result), DOCA_ERROR_BAD_STATE,
			    "doca_graph_instance_node_get_result");
		expect_fail(doca_graph_instance_node_get_result(in->gi, fx.user_node, NULL), DOCA_ERROR_INVALID_VALUE,
			    "doca_graph_instance_node_get_result");
		expect_fail(doca_graph_instance_node_get_result(in->gi, (struct doca_graph_node *)&num, &result),
			    DOCA_ERROR_NOT_PERMITTED, "doca_graph_instance_node_get_result");
		expect_fail(doca_graph_instance_node_get_state(in->gi, (struct doca_graph_node *)&num, &st),
			    DOCA_ERROR_NOT_PERMITTED, "doca_graph_instance_node_get_state");
		expect_fail(doca_graph_instance_node_get_state(in->gi, NULL, &st), DOCA_ERROR_INVALID_VALUE,
			    "doca_graph_instance_node_get_state");
		expect_fail(doca_graph_instance_node_get_state(in->gi, fx.sha_node, NULL), DOCA_ERROR_INVALID_VALUE,
			    "doca_graph_instance_node_get_state");
		expect_fail(doca_graph_instance_node_get_state(NULL, fx.sha_node, &st), DOCA_ERROR_INVALID_VALUE,
			    "doca_graph_instance_node_get_state");
		expect_fail(doca_graph_instance_get_num_failed_nodes(in->gi, NULL), DOCA_ERROR_INVALID_VALUE,
			    "doca_graph_instance_get_num_failed_nodes");
		expect_fail(doca_graph_instance_get_num_failed_nodes(NULL, &num), DOCA_ERROR_INVALID_VALUE,
			    "doca_graph_instance_get_num_failed_nodes");
		expect_fail(doca_graph_instance_get_failed_nodes(in->gi, NULL, &num), DOCA_ERROR_INVALID_VALUE,
			    "doca_graph_instance_get_failed_nodes");
		expect_fail(doca_graph_instance_get_failed_nodes(in->gi, failed, NULL), DOCA_ERROR_INVALID_VALUE,
			    "doca_graph_instance_get_failed_nodes");
	}
	/* the work queue's depth counts the instance and its jobs: depth 3 holds one instance */
	expect_ok(doca_buf_reset_data_len(in->sha_dst));
	expect_ok(doca_buf_reset_data_len(in->dma_dst));
	instance_init(&fx, 1);
	expect_ok(doca_workq_graph_submit(fx.workq, in->gi, (union doca_data){ .u64 = 7 }));
	/* the instance and its two jobs fill the work queue */
	expect_fail(doca_workq_graph_submit(fx.workq, fx.inst[1].gi, (union doca_data){ .u64 = 8 }),
		    DOCA_ERROR_NO_MEMORY, "doca_workq_graph_submit");
	assert_int_equal(next_instance(&fx, &ev, &agains), DOCA_SUCCESS);
	assert_int_equal(ev.user_data.u64, 7);
	instance_fini(&fx, 0);
	instance_fini(&fx, 1);
	teardown(&fx);
}

static void refuses_bad_input_and_wrong_states(void **state)
{
	struct fixture fx;
	struct doca_graph *g, *stale;
	struct doca_graph_node *node;
	struct doca_graph_instance *gi;
	struct doca_workq *other;
	struct doca_event ev;
	struct instance *in;

	(void)state;
	setup(&fx, 8);
	expect_ok(doca_workq_create(4, &other));
	/* creating */
	expect_fail(doca_graph_create(NULL), DOCA_ERROR_INVALID_VALUE, "doca_graph_create");
	expect_ok(doca_graph_create(&g));
	expect_fail(doca_graph_ctx_node_create(g, DOCA_SHA_JOB_SHA256, fx.sha_ctx, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_ctx_node_create");
	expect_fail(doca_graph_ctx_node_create(g, DOCA_SHA_JOB_SHA256, NULL, &node), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_ctx_node_create");
	expect_fail(doca_graph_ctx_node_create(NULL, DOCA_SHA_JOB_SHA256, fx.sha_ctx, &node), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_ctx_node_create");
	expect_fail(doca_graph_user_node_create(g, NULL, &node), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_user_node_create");
	expect_fail(doca_graph_user_node_create(g, user_cb, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_user_node_create");
	expect_fail(doca_graph_user_node_create(NULL, user_cb, &node), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_user_node_create");
	/* a graph of user nodes only does not start; one not started goes on no work queue */
	expect_ok(doca_graph_user_node_create(g, user_cb, &node));
	expect_fail(doca_graph_start(g), DOCA_ERROR_BAD_STATE, "doca_graph_start");
	expect_fail(doca_graph_workq_add(g, fx.workq), DOCA_ERROR_BAD_STATE, "doca_graph_workq_add");
	expect_fail(doca_graph_instance_create(g, &gi), DOCA_ERROR_BAD_STATE, "doca_graph_instance_create");
	/* a context without the work queue */
	expect_ok(doca_graph_ctx_node_create(g, DOCA_SHA_JOB_SHA1, fx.sha_ctx, &node));
	expect_ok(doca_graph_start(g));
	expect_fail(doca_graph_ctx_node_create(g, DOCA_SHA_JOB_SHA1, fx.sha_ctx, &node), DOCA_ERROR_BAD_STATE,
		    "doca_graph_ctx_node_create");
	expect_fail(doca_graph_workq_add(g, other), DOCA_ERROR_NOT_FOUND, "doca_graph_workq_add");
	expect_fail(doca_graph_workq_add(g, NULL), DOCA_ERROR_INVALID_VALUE, "doca_graph_workq_add");
	expect_fail(doca_graph_workq_add(NULL, fx.workq), DOCA_ERROR_INVALID_VALUE, "doca_graph_workq_add");
	expect_fail(doca_graph_workq_rm(g, fx.workq), DOCA_ERROR_NOT_FOUND, "doca_graph_workq_rm");
	expect_ok(doca_graph_stop(g));
	expect_ok(doca_graph_destroy(g));
	stale = g;
	expect_fail(doca_graph_workq_add(stale, fx.workq), DOCA_ERROR_INVALID_VALUE, "doca_graph_workq_add");
	expect_fail(doca_graph_ctx_node_create(stale, DOCA_SHA_JOB_SHA1, fx.sha_ctx, &node), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_ctx_node_create");

	/* the sample's graph: on a work queue already, not stopped while on it, the work queue in use */
	expect_ok(doca_ctx_workq_rm(fx.sha_ctx, fx.workq));
	expect_ok(doca_ctx_workq_rm(fx.dma_ctx, fx.workq));
	expect_fail(doca_workq_destroy(fx.workq), DOCA_ERROR_IN_USE, "doca_workq_destroy");
	expect_ok(doca_ctx_workq_add(fx.sha_ctx, fx.workq));
	expect_ok(doca_ctx_workq_add(fx.dma_ctx, fx.workq));
	expect_fail(doca_graph_workq_add(fx.graph, fx.workq), DOCA_ERROR_BAD_STATE, "doca_graph_workq_add");
	expect_fail(doca_graph_workq_rm(fx.graph, other), DOCA_ERROR_NOT_FOUND, "doca_graph_workq_rm");
	expect_fail(doca_graph_stop(fx.graph), DOCA_ERROR_IN_USE, "doca_graph_stop");
	/* node data */
	instance_init(&fx, 0);
	in = &fx.inst[0];
	expect_fail(doca_graph_instance_set_ctx_node_data(in->gi, fx.sha_node, NULL, &ev), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_instance_set_ctx_node_data");
	expect_fail(doca_graph_instance_set_ctx_node_data(in->gi, fx.sha_node, &in->sha_job.base, NULL),
		    DOCA_ERROR_INVALID_VALUE, "doca_graph_instance_set_ctx_node_data");
	expect_fail(doca_graph_instance_set_ctx_node_data(NULL, fx.sha_node, &in->sha_job.base, &ev),
		    DOCA_ERROR_INVALID_VALUE, "doca_graph_instance_set_ctx_node_data");
	/* a job of another context, another type; a node of another kind */
	expect_fail(doca_graph_instance_set_ctx_node_data(in->gi, fx.sha_node, &in->dma_job.base, &ev),
		    DOCA_ERROR_NOT_PERMITTED, "doca_graph_instance_set_ctx_node_data");
	in->sha_job.base.type = DOCA_SHA_JOB_SHA1;
	expect_fail(doca_graph_instance_set_ctx_node_data(in->gi, fx.sha_node, &in->sha_job.base, &ev),
		    DOCA_ERROR_NOT_PERMITTED, "doca_graph_instance_set_ctx_node_data");
	in->sha_job.base.type = DOCA_SHA_JOB_SHA256;
	expect_fail(doca_graph_instance_set_ctx_node_data(in->gi, fx.user_node, &in->sha_job.base, &ev),
		    DOCA_ERROR_NOT_PERMITTED, "doca_graph_instance_set_ctx_node_data");
	expect_fail(doca_graph_instance_set_user_node_data(in->gi, fx.sha_node, in, &ev), DOCA_ERROR_NOT_PERMITTED,
		    "doca_graph_instance_set_user_node_data");
	expect_fail(doca_graph_instance_set_user_node_data(in->gi, fx.user_node, in, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_instance_set_user_node_data");
	expect_fail(doca_graph_instance_set_user_node_data(in->gi, NULL, in, &ev), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_instance_set_user_node_data");
	/* submitting: the graph's work queue, every node's data */
	expect_fail(doca_workq_graph_submit(other, in->gi, (union doca_data){ .u64 = 0 }), DOCA_ERROR_NOT_FOUND,
		    "doca_workq_graph_submit");
	expect_fail(doca_workq_graph_submit(fx.workq, NULL, (union doca_data){ .u64 = 0 }), DOCA_ERROR_INVALID_VALUE,
		    "doca_workq_graph_submit");
	expect_ok(doca_graph_instance_create(fx.graph, &gi));
	expect_fail(doca_workq_graph_submit(fx.workq, gi, (union doca_data){ .u64 = 0 }), DOCA_ERROR_INVALID_VALUE,
		    "doca_workq_graph_submit");
	expect_ok(doca_graph_instance_destroy(gi));
	expect_fail(doca_workq_graph_submit(fx.workq, gi, (union doca_data){ .u64 = 0 }), DOCA_ERROR_INVALID_VALUE,
		    "doca_workq_graph_submit");
	/* instances exist: the graph does not stop */
	expect_ok(doca_graph_workq_rm(fx.graph, fx.workq));
	expect_fail(doca_graph_stop(fx.graph), DOCA_ERROR_IN_USE, "doca_graph_stop");
	expect_fail(doca_workq_graph_submit(fx.workq, in->gi, (union doca_data){ .u64 = 0 }), DOCA_ERROR_NOT_FOUND,
		    "doca_workq_graph_submit");
	expect_ok(doca_graph_workq_add(fx.graph, fx.workq));
	instance_fini(&fx, 0);
	expect_ok(doca_workq_destroy(other));
	teardown(&fx);
}

static void runs_sub_graphs_through_the_work_queue(void **state)
{
	struct fixture fx;
	struct doca_graph *sub, *parent;
	struct doca_graph_node *sub_sha, *sub_node, *dma_node, *user_node, *node;
	struct doca_graph_instance *si, *pi, *other;
	struct doca_event sub_ev = { 0 }, ev = { 0 };
	enum doca_graph_instance_node_state st;
	struct instance *in;
	long agains;

	(void)state;
	setup(&fx, 8);
	instance_init(&fx, 0);
	in = &fx.inst[0];
	/* a sub-graph of the SHA node; a graph of it and the DMA node, then the user node */
	expect_ok(doca_graph_create(&sub));
	expect_ok(doca_graph_ctx_node_create(sub, DOCA_SHA_JOB_SHA256, fx.sha_ctx, &sub_sha));
	expect_ok(doca_graph_create(&parent));
	expect_fail(doca_graph_sub_graph_node_create(parent, sub, &node), DOCA_ERROR_BAD_STATE,
		    "doca_graph_sub_graph_node_create");
	expect_ok(doca_graph_start(sub));
	expect_fail(doca_graph_sub_graph_node_create(parent, parent, &node), DOCA_ERROR_NOT_PERMITTED,
		    "doca_graph_sub_graph_node_create");
	expect_fail(doca_graph_sub_graph_node_create(parent, sub, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_sub_graph_node_create");
	expect_fail(doca_graph_sub_graph_node_create(parent, NULL, &node), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_sub_graph_node_create");
	expect_ok(doca_graph_sub_graph_node_create(parent, sub, &sub_node));
	expect_ok(doca_graph_ctx_node_create(parent, DOCA_DMA_JOB_MEMCPY, fx.dma_ctx, &dma_node));
	expect_ok(doca_graph_user_node_create(parent, user_cb, &user_node));
	expect_ok(doca_graph_add_dependency(parent, sub_node, user_node));
	expect_ok(doca_graph_add_dependency(parent, dma_node, user_node));
	expect_ok(doca_graph_start(parent));
	expect_ok(doca_graph_workq_add(parent, fx.workq));
	/* the instances: the sub-graph's runs the SHA job */
	expect_ok(doca_graph_instance_create(sub, &si));
	expect_ok(doca_graph_instance_set_ctx_node_data(si, sub_sha, &in->sha_job.base, &in->sha_ev));
	expect_ok(doca_graph_instance_create(parent, &pi));
	expect_ok(doca_graph_instance_create(parent, &other));
	expect_fail(doca_graph_instance_set_sub_graph_node_data(pi, sub_node, other, &sub_ev), DOCA_ERROR_NOT_PERMITTED,
		    "doca_graph_instance_set_sub_graph_node_data");
	expect_fail(doca_graph_instance_set_sub_graph_node_data(pi, dma_node, si, &sub_ev), DOCA_ERROR_NOT_PERMITTED,
		    "doca_graph_instance_set_sub_graph_node_data");
	expect_fail(doca_graph_instance_set_sub_graph_node_data(pi, sub_node, NULL, &sub_ev), DOCA_ERROR_INVALID_VALUE,
		    "doca_graph_instance_set_sub_graph_node_data");
	expect_ok(doca_graph_instance_set_sub_graph_node_data(pi, sub_node, si, &sub_ev));
	/* a sub-graph instance is one node's data */
	expect_fail(doca_graph_instance_set_sub_graph_node_data(other, sub_node, si, NULL), DOCA_ERROR_NOT_PERMITTED,
		    "doca_graph_instance_set_sub_graph_node_data");
	expect_ok(doca_graph_instance_destroy(other));
	expect_ok(doca_graph_instance_set_ctx_node_data(pi, dma_node, &in->dma_job.base, &in->dma_ev));
	expect_ok(doca_graph_instance_set_user_node_data(pi, user_node, in, &in->user_ev));
	for (int round = 0; round < 2; round++) {
		memset(&sub_ev, 0, sizeof(sub_ev));
		expect_ok(doca_buf_reset_data_len(in->dma_dst));
		expect_ok(doca_buf_reset_data_len(in->sha_dst));
		memset(fx.mem[0] + 2 * SIZE, 0, 32);
		expect_ok(doca_workq_graph_submit(fx.workq, pi, (union doca_data){ .u64 = 99 }));
		/* the sub-graph instance runs for its node: not destroyed meanwhile */
		expect_fail(doca_graph_instance_destroy(si), DOCA_ERROR_IN_USE, "doca_graph_instance_destroy");
		assert_int_equal(next_instance(&fx, &ev, &agains), DOCA_SUCCESS);
		assert_int_equal(ev.user_data.u64, 99);
		assert_int_equal(sub_ev.type, DOCA_GRAPH_JOB);
		assert_int_equal(sub_ev.result.u64, DOCA_SUCCESS);
		assert_int_equal(in->user_calls, round + 1);
		assert_true(in->sha_done_at_user);
		assert_true(in->dma_done_at_user);
		assert_memory_equal(fx.mem[0] + 2 * SIZE, abc_sha256, 32);
		expect_ok(doca_graph_instance_node_get_state(pi, sub_node, &st));
		assert_int_equal(st, DOCA_GRAPH_INSTANCE_NODE_STATE_COMPLETED);
	}
	expect_ok(doca_graph_instance_destroy(pi));
	expect_ok(doca_graph_instance_destroy(si));
	expect_ok(doca_graph_workq_rm(parent, fx.workq));
	expect_ok(doca_graph_stop(parent));
	expect_ok(doca_graph_destroy(parent));
	expect_ok(doca_graph_stop(sub));
	expect_ok(doca_graph_destroy(sub));
	instance_fini(&fx, 0);
	teardown(&fx);
}

struct other_thread {
	struct fixture *fx;
	sem_t inside, go;
	doca_error_t destroy, submit, rm, set;
};

/* While the user node runs (the work queue's guard held by the retrieving thread), this one's calls are refused. */
static void *other_thread(void *arg)
{
	struct other_thread *o = arg;
	struct instance *in = &o->fx->inst[0];

	sem_wait(&o->inside);
	o->destroy = doca_graph_instance_destroy(in->gi);
	o->submit = doca_workq_graph_submit(o->fx->workq, o->fx->inst[1].gi, (union doca_data){ .u64 = 0 });
	o->rm = doca_graph_workq_rm(o->fx->graph, o->fx->workq);
	o->set = doca_graph_instance_set_user_node_data(in->gi, o->fx->user_node, in, &in->user_ev);
	sem_post(&o->go);
	return NULL;
}

static void another_thread_is_refused_while_the_work_queue_runs_the_graph(void **state)
{
	struct fixture fx;
	struct other_thread o = { .fx = &fx };
	struct doca_event ev = { 0 };
	pthread_t thread;
	long agains;
	char *lines;
	int count = 0;

	(void)state;
	setup(&fx, 8);
	instance_init(&fx, 0);
	instance_init(&fx, 1);
	sem_init(&o.inside, 0, 0);
	sem_init(&o.go, 0, 0);
	fx.inst[0].inside = &o.inside;
	fx.inst[0].go = &o.go;
	assert_int_equal(pthread_create(&thread, NULL, other_thread, &o), 0);
	expect_ok(doca_workq_graph_submit(fx.workq, fx.inst[0].gi, (union doca_data){ .u64 = 1 }));
	assert_int_equal(next_instance(&fx, &ev, &agains), DOCA_SUCCESS);
	assert_int_equal(pthread_join(thread, NULL), 0);
	assert_int_equal(o.destroy, DOCA_ERROR_NO_LOCK);
	assert_int_equal(o.submit, DOCA_ERROR_NO_LOCK);
	assert_int_equal(o.rm, DOCA_ERROR_NO_LOCK);
	assert_int_equal(o.set, DOCA_ERROR_NO_LOCK);
	lines = sdk_log_take();
	for (const char *c = lines; *c; c++)
		count += *c == '\n';
	assert_int_equal(count, 4);
	free(lines);
	fx.inst[0].inside = NULL;
	sem_destroy(&o.inside);
	sem_destroy(&o.go);
	instance_fini(&fx, 0);
	instance_fini(&fx, 1);
	teardown(&fx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(runs_instances_of_the_samples_graph),
		cmocka_unit_test(failures_end_the_run_with_their_status),
		cmocka_unit_test(refuses_bad_input_and_wrong_states),
		cmocka_unit_test(runs_sub_graphs_through_the_work_queue),
		cmocka_unit_test(another_thread_is_refused_while_the_work_queue_runs_the_graph),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
