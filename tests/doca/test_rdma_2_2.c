/*
 * DOCA RDMA of 2.2 (libdoca_rdma's 2.2 forms, doca/rdma/rdma_v2_2.c): a context created without a
 * device, given one by doca_ctx_dev_add, driven by a work queue; two contexts on two simulated
 * devices connected to each other exchange a send and a receive (with and without immediate
 * data), a write, a read and both atomics as jobs, each result read from the struct
 * doca_rdma_result the event points at; every 2.2 getter; bad input, each failure one SDK line
 * naming the function. The unit selects 2.2, as a 2.2 program does.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API /* DOCA RDMA is experimental in every release */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_mmap.h>
#include <doca_rdma.h>

#include "mem_util.h"

_Static_assert(sizeof(struct doca_rdma_job_send) == 48, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_rdma_job_read_write, immediate_data) == 40, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_rdma_job_atomic, cmp_data) == 48, "2.2's layout (the facts)");
_Static_assert(offsetof(struct doca_rdma_result, immediate_data) == 24, "2.2's layout (the facts)");

#define ACCESS (DOCA_ACCESS_LOCAL_READ_WRITE | DOCA_ACCESS_RDMA_READ | DOCA_ACCESS_RDMA_WRITE | DOCA_ACCESS_RDMA_ATOMIC)

/* A started 2.2 RDMA context on its work queue, exported, with a map over its memory. */
struct side {
	struct doca_dev *dev;
	struct doca_rdma *rdma;
	struct doca_ctx *ctx;
	struct doca_workq *workq;
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
	const void *details;
	size_t details_len;
	struct doca_rdma_result result; /* the last event's */
	struct doca_event event;
	unsigned events;
	_Alignas(8) char mem[1024];
};

static void open_side(struct side *s, int index)
{
	memset(s, 0, sizeof(*s));
	s->dev = sim_dev_open(index);
	expect_ok(doca_rdma_create(&s->rdma));
	s->ctx = doca_rdma_as_ctx(s->rdma);
	assert_non_null(s->ctx);
	expect_ok(doca_ctx_dev_add(s->ctx, s->dev));
	expect_ok(doca_rdma_set_permissions(s->rdma, ACCESS));
	expect_ok(doca_ctx_start(s->ctx));
	expect_ok(doca_rdma_export(s->rdma, &s->details, &s->details_len));
	expect_ok(doca_workq_create(8, &s->workq));
	expect_ok(doca_ctx_workq_add(s->ctx, s->workq));
	expect_ok(doca_mmap_create(NULL, &s->mmap));
	expect_ok(doca_mmap_set_permissions(s->mmap, ACCESS));
	expect_ok(doca_mmap_set_memrange(s->mmap, s->mem, sizeof(s->mem)));
	expect_ok(doca_mmap_dev_add(s->mmap, s->dev));
	expect_ok(doca_mmap_start(s->mmap));
	expect_ok(doca_buf_inventory_create(NULL, 16, DOCA_BUF_EXTENSION_NONE, &s->inv));
	expect_ok(doca_buf_inventory_start(s->inv));
}

static void close_side(struct side *s)
{
	expect_ok(doca_ctx_workq_rm(s->ctx, s->workq));
	expect_ok(doca_ctx_stop(s->ctx));
	expect_ok(doca_ctx_dev_rm(s->ctx, s->dev));
	expect_ok(doca_rdma_destroy(s->rdma));
	expect_ok(doca_workq_destroy(s->workq));
	expect_ok(doca_buf_inventory_stop(s->inv));
	expect_ok(doca_buf_inventory_destroy(s->inv));
	expect_ok(doca_mmap_stop(s->mmap));
	expect_ok(doca_mmap_destroy(s->mmap));
	sim_dev_close(s->dev);
}

/* Retrieves on both work queues (the device moves the data as each polls) until a and b have their events. */
static void wait_events(struct side *a, struct side *b, unsigned want_a, unsigned want_b)
{
	for (int i = 0; i < 100000 && (a->events < want_a || b->events < want_b); i++) {
		for (struct side **s = (struct side *[]){ a, b, NULL }; *s; s++) {
			doca_error_t err;

			(*s)->event.result.ptr = &(*s)->result; /* as 2.2's samples: the program's result */
			err = doca_workq_progress_retrieve((*s)->workq, &(*s)->event, DOCA_WORKQ_RETRIEVE_FLAGS_NONE);
			if (err == DOCA_SUCCESS)
				(*s)->events++;
			else
				assert_int_equal(err, DOCA_ERROR_AGAIN);
		}
	}
	assert_int_equal(a->events, want_a);
	assert_int_equal(b->events, want_b);
	free(sdk_log_take());
}

static struct doca_buf *buf_at(struct side *s, struct doca_mmap *mmap, void *addr, size_t room, size_t data)
{
	struct doca_buf *buf;

	expect_ok(doca_buf_inventory_buf_by_addr(s->inv, mmap, addr, room, &buf));
	if (data)
		expect_ok(doca_buf_set_data(buf, addr, data));
	return buf;
}

/* err is want, an answer and not a failure: nothing logged. */
static void expect_answer(doca_error_t err, doca_error_t want)
{
	char *text = sdk_log_take();

	assert_int_equal(err, want);
	assert_string_equal(text, "");
	free(text);
}

static void put_bufs(struct doca_buf **bufs)
{
	for (; *bufs; bufs++)
		expect_ok(doca_buf_refcount_rm(*bufs, NULL));
}

/* Every job type between two connected contexts. */
static void test_jobs(void **state)
{
	static struct side a, b;
	struct doca_rdma_job_recv recv = { .base = { .type = DOCA_RDMA_JOB_RECV, .user_data.u64 = 1 } };
	struct doca_rdma_job_send send = { .base = { .type = DOCA_RDMA_JOB_SEND, .user_data.u64 = 2 } };
	struct doca_rdma_job_read_write rw = { .base = { .type = DOCA_RDMA_JOB_WRITE, .user_data.u64 = 3 } };
	struct doca_rdma_job_atomic atomic = { .base = { .type = DOCA_RDMA_JOB_ATOMIC_FETCH_ADD } };
	enum doca_rdma_state st;
	struct doca_mmap *bmap;
	const void *desc;
	size_t desc_len, len = 0;
	uint64_t word = 40;
	struct doca_buf *src, *rbuf, *rbuf2, *remote, *rdst, *counter, *result;

	(void)state;
	sdk_log_capture();
	open_side(&a, 0);
	open_side(&b, 1);
	expect_ok(doca_rdma_get_state(a.rdma, &st));
	assert_int_equal(st, DOCA_RDMA_STATE_INIT);
	expect_ok(doca_rdma_connect(a.rdma, b.details, b.details_len));
	expect_ok(doca_rdma_connect(b.rdma, a.details, a.details_len));
	expect_ok(doca_rdma_get_state(a.rdma, &st));
	assert_int_equal(st, DOCA_RDMA_STATE_CONNECTED);

	/* a send into a receive posted first, then a send with immediate data */
	strcpy(a.mem, "2.2 send");
	src = buf_at(&a, a.mmap, a.mem, 64, 9);
	rbuf = buf_at(&b, b.mmap, b.mem, 64, 0);
	rbuf2 = buf_at(&b, b.mmap, b.mem + 64, 64, 0);
	recv.base.ctx = b.ctx;
	recv.dst_buff = rbuf;
	expect_ok(doca_workq_submit(b.workq, &recv.base));
	send.base.ctx = a.ctx;
	send.src_buff = src;
	expect_ok(doca_workq_submit(a.workq, &send.base));
	wait_events(&a, &b, 1, 1);
	assert_int_equal(b.event.type, DOCA_RDMA_JOB_RECV);
	assert_int_equal(b.event.user_data.u64, 1);
	assert_ptr_equal(b.event.result.ptr, &b.result);
	assert_int_equal(b.result.result, DOCA_SUCCESS);
	assert_int_equal(b.result.opcode, DOCA_RDMA_OPCODE_RECV_SEND);
	assert_int_equal(b.result.length, 9);
	assert_null(b.result.rdma_peer_addr);
	assert_string_equal(b.mem, "2.2 send");
	expect_ok(doca_buf_get_data_len(rbuf, &len));
	assert_int_equal(len, 9);
	assert_int_equal(a.event.type, DOCA_RDMA_JOB_SEND);
	assert_int_equal(a.event.user_data.u64, 2);
	assert_int_equal(a.result.result, DOCA_SUCCESS);
	assert_int_equal(a.result.length, 0);

	recv.dst_buff = rbuf2;
	expect_ok(doca_workq_submit(b.workq, &recv.base));
	send.base.type = DOCA_RDMA_JOB_SEND_IMM;
	send.immediate_data = htonl(0xC0FFEE);
	expect_ok(doca_workq_submit(a.workq, &send.base));
	wait_events(&a, &b, 2, 2);
	assert_int_equal(b.result.opcode, DOCA_RDMA_OPCODE_RECV_SEND_WITH_IMM);
	assert_int_equal(ntohl(b.result.immediate_data), 0xC0FFEE);
	assert_string_equal(b.mem + 64, "2.2 send");

	/* a write into b's memory by a map of its export, and a read of it back */
	expect_ok(doca_mmap_export_rdma(b.mmap, b.dev, &desc, &desc_len));
	expect_ok(doca_mmap_create_from_export(NULL, desc, desc_len, a.dev, &bmap));
	remote = buf_at(&a, bmap, b.mem + 512, 64, 0);
	rw.base.ctx = a.ctx;
	rw.src_buff = src;
	rw.dst_buff = remote;
	expect_ok(doca_workq_submit(a.workq, &rw.base));
	wait_events(&a, &b, 3, 2);
	assert_int_equal(a.event.type, DOCA_RDMA_JOB_WRITE);
	assert_int_equal(a.result.result, DOCA_SUCCESS);
	assert_string_equal(b.mem + 512, "2.2 send");
	rdst = buf_at(&a, a.mmap, a.mem + 256, 64, 0);
	rw.base.type = DOCA_RDMA_JOB_READ;
	rw.src_buff = remote;
	rw.dst_buff = rdst;
	expect_ok(doca_workq_submit(a.workq, &rw.base));
	wait_events(&a, &b, 4, 2);
	assert_int_equal(a.result.result, DOCA_SUCCESS);
	assert_int_equal(a.result.length, 9);
	assert_string_equal(a.mem + 256, "2.2 send");

	/* atomics on 8 bytes of b's: fetch and add, then compare and swap */
	memcpy(b.mem + 768, &word, 8);
	counter = buf_at(&a, bmap, b.mem + 768, 8, 8);
	result = buf_at(&a, a.mmap, a.mem + 512, 8, 0);
	atomic.base.ctx = a.ctx;
	atomic.cmp_or_add_dest_buff = counter;
	atomic.result_buff = result;
	atomic.swap_or_add_data = 2;
	expect_ok(doca_workq_submit(a.workq, &atomic.base));
	wait_events(&a, &b, 5, 2);
	assert_int_equal(a.event.type, DOCA_RDMA_JOB_ATOMIC_FETCH_ADD);
	assert_int_equal(a.result.result, DOCA_SUCCESS);
	memcpy(&word, a.mem + 512, 8);
	assert_int_equal(word, 40);
	memcpy(&word, b.mem + 768, 8);
	assert_int_equal(word, 42);
	expect_ok(doca_buf_reset_data_len(result));
	atomic.base.type = DOCA_RDMA_JOB_ATOMIC_CMP_SWP;
	atomic.cmp_data = 42;
	atomic.swap_or_add_data = 7;
	expect_ok(doca_workq_submit(a.workq, &atomic.base));
	wait_events(&a, &b, 6, 2);
	assert_int_equal(a.result.result, DOCA_SUCCESS);
	memcpy(&word, b.mem + 768, 8);
	assert_int_equal(word, 7);

	/* bad jobs: each refused with one line naming doca_workq_submit, nothing taken */
	send.base.type = DOCA_RDMA_JOB_SEND;
	send.src_buff = NULL;
	expect_fail(doca_workq_submit(a.workq, &send.base), DOCA_ERROR_INVALID_VALUE, "doca_workq_submit");
	rw.src_buff = NULL;
	expect_fail(doca_workq_submit(a.workq, &rw.base), DOCA_ERROR_INVALID_VALUE, "doca_workq_submit");
	atomic.result_buff = NULL;
	expect_fail(doca_workq_submit(a.workq, &atomic.base), DOCA_ERROR_INVALID_VALUE, "doca_workq_submit");
	send.base.type = DOCA_ACTION_RDMA_FIRST + 42;
	expect_fail(doca_workq_submit(a.workq, &send.base), DOCA_ERROR_NOT_SUPPORTED, "doca_workq_submit");
	/* one work queue per context */
	{
		struct doca_workq *other;

		expect_ok(doca_workq_create(4, &other));
		expect_fail(doca_ctx_workq_add(a.ctx, other), DOCA_ERROR_INITIALIZATION, "doca_ctx_workq_add");
		expect_ok(doca_workq_destroy(other));
	}

	put_bufs((struct doca_buf *[]){ src, rbuf, rbuf2, remote, rdst, counter, result, NULL });
	expect_ok(doca_mmap_destroy(bmap));
	close_side(&a);
	close_side(&b);
}

/* A job the context cannot execute: its event's result carries the status, the retrieval fails. */
static void test_failed_job(void **state)
{
	static struct side a, b;
	struct doca_rdma_job_read_write rw = { .base = { .type = DOCA_RDMA_JOB_WRITE } };
	struct doca_buf *src, *local;
	char *log;
	doca_error_t err = DOCA_ERROR_AGAIN;

	(void)state;
	sdk_log_capture();
	open_side(&a, 0);
	open_side(&b, 1);
	expect_ok(doca_rdma_connect(a.rdma, b.details, b.details_len));
	expect_ok(doca_rdma_connect(b.rdma, a.details, a.details_len));
	src = buf_at(&a, a.mmap, a.mem, 64, 8);
	/* a buffer of a's own map is no memory of the peer's: the write cannot reach it */
	local = buf_at(&a, a.mmap, a.mem + 128, 64, 0);
	rw.base.ctx = a.ctx;
	rw.src_buff = src;
	rw.dst_buff = local;
	/* taken (the job is the work queue's), the device's refusal logged and its completion an error */
	assert_int_equal(doca_workq_submit(a.workq, &rw.base), DOCA_SUCCESS);
	log = sdk_log_take();
	assert_non_null(strstr(log, "[doca_workq_submit] "));
	free(log);
	for (int i = 0; i < 100000 && err == DOCA_ERROR_AGAIN; i++) {
		a.event.result.ptr = &a.result;
		err = doca_workq_progress_retrieve(a.workq, &a.event, DOCA_WORKQ_RETRIEVE_FLAGS_NONE);
	}
	assert_int_equal(err, DOCA_ERROR_IO_FAILED);
	assert_int_not_equal(a.result.result, DOCA_SUCCESS);
	assert_int_equal(a.result.length, 0);
	log = sdk_log_take();
	assert_non_null(strstr(log, "[doca_workq_progress_retrieve] "));
	free(log);
	put_bufs((struct doca_buf *[]){ src, local, NULL });
	close_side(&a);
	close_side(&b);
}

/* The device's limits under 2.2's names, good and bad. */
static void test_caps(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	struct doca_rdma_gid gids[2];
	uint32_t v = 0, list = 0;

	(void)state;
	sdk_log_capture();
	for (int type = DOCA_RDMA_JOB_RECV; type <= DOCA_RDMA_JOB_ATOMIC_FETCH_ADD; type++)
		expect_ok(doca_rdma_job_get_supported(info, type));
	/* not supported is the answer, not a failure: nothing logged */
	expect_answer(doca_rdma_job_get_supported(info, DOCA_RDMA_JOB_RECV - 1), DOCA_ERROR_NOT_SUPPORTED);
	expect_fail(doca_rdma_job_get_supported(NULL, DOCA_RDMA_JOB_SEND), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_job_get_supported");

	expect_ok(doca_rdma_get_transport_type_supported(info, DOCA_RDMA_TRANSPORT_RC));
	expect_answer(doca_rdma_get_transport_type_supported(info, DOCA_RDMA_TRANSPORT_DC), DOCA_ERROR_NOT_SUPPORTED);
	expect_fail(doca_rdma_get_transport_type_supported(info, (enum doca_rdma_transport_type)7),
		    DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_transport_type_supported");

	expect_ok(doca_rdma_get_max_message_size(info, &v));
	assert_true(v >= 4096);
	expect_fail(doca_rdma_get_max_message_size(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_get_max_message_size");
	expect_ok(doca_rdma_get_max_recv_queue_size(info, &v));
	assert_true(v >= 32);
	expect_fail(doca_rdma_get_max_recv_queue_size(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_get_max_recv_queue_size");
	expect_ok(doca_rdma_get_max_send_queue_size(info, &v));
	assert_true(v >= 32);
	expect_fail(doca_rdma_get_max_send_queue_size(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_get_max_send_queue_size");

	expect_ok(doca_rdma_get_max_buf_chain_len(info, DOCA_RDMA_JOB_SEND, DOCA_RDMA_TRANSPORT_RC, &list));
	assert_true(list > 1);
	expect_ok(doca_rdma_get_max_buf_chain_len(info, DOCA_RDMA_JOB_ATOMIC_CMP_SWP, DOCA_RDMA_TRANSPORT_RC, &v));
	assert_int_equal(v, 1);
	expect_fail(doca_rdma_get_max_buf_chain_len(info, (enum doca_rdma_job_types)1, DOCA_RDMA_TRANSPORT_RC, &v),
		    DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_max_buf_chain_len");
	expect_fail(doca_rdma_get_max_buf_chain_len(info, DOCA_RDMA_JOB_SEND, (enum doca_rdma_transport_type)7, &v),
		    DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_max_buf_chain_len");
	expect_fail(doca_rdma_get_max_buf_chain_len(info, DOCA_RDMA_JOB_SEND, DOCA_RDMA_TRANSPORT_RC, NULL),
		    DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_max_buf_chain_len");

	expect_ok(doca_rdma_get_gid_table_size(info, &v));
	assert_int_equal(v, 2);
	expect_ok(doca_rdma_get_gid(info, 0, 2, gids));
	expect_fail(doca_rdma_get_gid(info, 1, 2, gids), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_gid");
	expect_fail(doca_rdma_get_gid(info, 0, 0, gids), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_gid");
	expect_fail(doca_rdma_get_gid(info, 0, 1, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_gid");
	expect_fail(doca_rdma_get_gid_table_size(info, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_gid_table_size");
	expect_fail(doca_rdma_get_gid_table_size(NULL, &v), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_gid_table_size");
	sim_dev_close(dev);
}

/* The context's 2.2 properties and state through its life, good and bad. */
static void test_context(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_rdma *rdma;
	struct doca_ctx *ctx;
	enum doca_rdma_state st = DOCA_RDMA_STATE_ERROR;
	uint32_t len = 0;

	(void)state;
	sdk_log_capture();
	expect_fail(doca_rdma_create(NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_create");
	expect_ok(doca_rdma_create(&rdma));
	ctx = doca_rdma_as_ctx(rdma);
	/* before a device: getters refuse, as 2.2 documents; a start has nothing to run on */
	expect_fail(doca_rdma_get_state(rdma, &st), DOCA_ERROR_BAD_STATE, "doca_rdma_get_state");
	expect_fail(doca_rdma_get_recv_buf_chain_len(rdma, &len), DOCA_ERROR_BAD_STATE,
		    "doca_rdma_get_recv_buf_chain_len");
	expect_fail(doca_ctx_start(ctx), DOCA_ERROR_INVALID_VALUE, "doca_ctx_start");
	expect_ok(doca_rdma_set_recv_buf_chain_len(rdma, 4));
	expect_ok(doca_ctx_dev_add(ctx, dev));
	expect_fail(doca_ctx_dev_add(ctx, dev), DOCA_ERROR_IN_USE, "doca_ctx_dev_add");
	expect_ok(doca_rdma_get_recv_buf_chain_len(rdma, &len));
	assert_int_equal(len, 4);
	expect_ok(doca_rdma_get_state(rdma, &st));
	assert_int_equal(st, DOCA_RDMA_STATE_RESET);
	expect_fail(doca_rdma_set_recv_buf_chain_len(rdma, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_set_recv_buf_chain_len");
	expect_fail(doca_rdma_set_recv_buf_chain_len(rdma, 31), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_set_recv_buf_chain_len");
	expect_fail(doca_rdma_set_recv_buf_chain_len(NULL, 2), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_set_recv_buf_chain_len");
	expect_fail(doca_rdma_get_recv_buf_chain_len(rdma, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_get_recv_buf_chain_len");
	expect_fail(doca_rdma_get_state(rdma, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_state");
	expect_fail(doca_rdma_get_state(NULL, &st), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_state");
	expect_ok(doca_ctx_start(ctx));
	expect_ok(doca_rdma_get_state(rdma, &st));
	assert_int_equal(st, DOCA_RDMA_STATE_INIT);
	expect_fail(doca_rdma_set_recv_buf_chain_len(rdma, 2), DOCA_ERROR_BAD_STATE,
		    "doca_rdma_set_recv_buf_chain_len");
	expect_fail(doca_ctx_dev_rm(ctx, dev), DOCA_ERROR_BAD_STATE, "doca_ctx_dev_rm");
	expect_fail(doca_rdma_destroy(rdma), DOCA_ERROR_BAD_STATE, "doca_rdma_destroy");
	expect_ok(doca_ctx_stop(ctx));
	expect_ok(doca_rdma_get_state(rdma, &st));
	assert_int_equal(st, DOCA_RDMA_STATE_RESET);
	expect_ok(doca_ctx_dev_rm(ctx, dev));
	expect_ok(doca_rdma_destroy(rdma));
	expect_fail(doca_rdma_get_state(rdma, &st), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_state");
	sim_dev_close(dev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_caps),
		cmocka_unit_test(test_context),
		cmocka_unit_test(test_jobs),
		cmocka_unit_test(test_failed_job),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
