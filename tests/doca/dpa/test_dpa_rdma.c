/*
 * DOCA RDMA with its datapath on the DPA (doca_ctx_set_datapath_on_dpa, doca_rdma_get_dpa_handle,
 * doca_rdma_dpa_completion_attach) and RDMA from DPA code (libdoca_dpa_dev_comm): two RDMA
 * contexts of one DOCA DPA context connected to each other on the simulated device, DPA code
 * (device/dpa_rdma_device.c) posting writes, sends, reads, atomics and signals, completions
 * read from DPA completion contexts. Every failure is one SDK line naming the function called.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "dpa_util.h"
#include "mem_util.h"

extern struct doca_dpa_app *doca_dpa_rdma_app;
extern doca_dpa_func_t rpc_post_receive, rpc_write_then_send, rpc_read_add, rpc_poll, rpc_signal, rpc_bad_connection,
	thread_receiver;

#define PERMISSIONS                                                                                     \
	(DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_READ | \
	 DOCA_ACCESS_FLAG_RDMA_ATOMIC)
#define BUF 64u
/* Completion types (doca_dpa_dev_completion_type_t: the CQE opcodes). */
#define COMP_SEND 0x0
#define COMP_RECV_SEND_IMM 0x3

/* One side: an RDMA context on the DPA, its completion context, a buffer of DPA memory. */
struct side {
	struct doca_rdma *rdma;
	struct doca_dpa_completion *comp;
	doca_dpa_dev_completion_t comp_h;
	doca_dpa_dev_rdma_t h;
	struct doca_rdma_connection *conn;
	uint32_t conn_id;
	const void *details;
	size_t details_len;
	doca_dpa_dev_uintptr_t buf;
	struct doca_mmap *mmap;
	doca_dpa_dev_mmap_t key;
};

struct fixture {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct side a, b;
};

static void side_make(struct fixture *fx, struct side *s)
{
	expect_ok(doca_dpa_completion_create(fx->dpa, 16, &s->comp));
	expect_ok(doca_dpa_completion_start(s->comp));
	expect_ok(doca_dpa_completion_get_dpa_handle(s->comp, &s->comp_h));
	expect_ok(doca_rdma_create(fx->dev, &s->rdma));
	expect_ok(doca_rdma_set_permissions(s->rdma, PERMISSIONS));
	expect_ok(doca_rdma_set_recv_queue_size(s->rdma, 8));
	expect_ok(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(s->rdma), fx->dpa));
	expect_ok(doca_rdma_dpa_completion_attach(s->rdma, s->comp));
	expect_ok(doca_ctx_start(doca_rdma_as_ctx(s->rdma)));
	expect_ok(doca_rdma_get_dpa_handle(s->rdma, &s->h));
	expect_ok(doca_rdma_export(s->rdma, &s->details, &s->details_len, &s->conn));
	expect_ok(doca_rdma_connection_get_id(s->conn, &s->conn_id));
	expect_ok(doca_dpa_mem_alloc(fx->dpa, BUF, &s->buf));
	expect_ok(doca_dpa_memset(fx->dpa, s->buf, 0, BUF));
	expect_ok(doca_mmap_create(&s->mmap));
	expect_ok(doca_mmap_set_dpa_memrange(s->mmap, fx->dpa, s->buf, BUF));
	expect_ok(doca_mmap_set_permissions(s->mmap, PERMISSIONS));
	expect_ok(doca_mmap_start(s->mmap));
	expect_ok(doca_mmap_dev_get_dpa_handle(s->mmap, fx->dev, &s->key));
}

static void side_free(struct fixture *fx, struct side *s)
{
	expect_ok(doca_ctx_stop(doca_rdma_as_ctx(s->rdma)));
	expect_ok(doca_rdma_destroy(s->rdma));
	expect_ok(doca_dpa_completion_destroy(s->comp));
	expect_ok(doca_mmap_destroy(s->mmap));
	expect_ok(doca_dpa_mem_free(fx->dpa, s->buf));
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	fx->dpa = dpa_util_start(fx->dev, doca_dpa_rdma_app);
	side_make(fx, &fx->a);
	side_make(fx, &fx->b);
	expect_ok(doca_rdma_connect(fx->a.rdma, fx->b.details, fx->b.details_len, fx->a.conn));
	expect_ok(doca_rdma_connect(fx->b.rdma, fx->a.details, fx->a.details_len, fx->b.conn));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	side_free(fx, &fx->a);
	side_free(fx, &fx->b);
	expect_ok(doca_dpa_destroy(fx->dpa));
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* The next completion of a side (the NIC executes at the doorbell: it is there already), 0: none. */
static uint64_t poll_once(struct fixture *fx, struct side *s)
{
	uint64_t r = 0;

	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_poll, &r, s->comp_h));
	return r;
}

static void put(struct fixture *fx, struct side *s, uint64_t off, uint64_t v)
{
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, s->buf + off, &v, sizeof(v)));
}

static uint64_t get(struct fixture *fx, struct side *s, uint64_t off)
{
	uint64_t v = 0;

	expect_ok(doca_dpa_d2h_memcpy(fx->dpa, &v, s->buf + off, sizeof(v)));
	return v;
}

/* DPA code writes into the peer's memory and sends with immediate into a receive the peer's DPA
 * code posted; the receive completes at the peer with the immediate and the connection's id. */
static void write_and_send(void **state)
{
	struct fixture *fx = *state;
	uint64_t r = 0, c;

	put(fx, &fx->a, 0, 0x1122334455667788ull);
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_post_receive, &r, fx->b.h, fx->b.key, fx->b.buf + 16, (uint64_t)8));
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_write_then_send, &r, fx->a.h, fx->a.conn_id, fx->b.key, fx->b.buf + 8,
			       fx->a.key, fx->a.buf, (uint64_t)8, 77u, 1u /* DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH */));
	assert_int_equal(get(fx, &fx->b, 8), 0x1122334455667788ull);  /* the write */
	assert_int_equal(get(fx, &fx->b, 16), 0x1122334455667788ull); /* the send */
	c = poll_once(fx, &fx->b);
	assert_true(c >> 63);
	assert_int_equal((c >> 48) & 0xff, COMP_RECV_SEND_IMM);
	assert_int_equal((c >> 32) & 0xffff, fx->b.conn_id);
	assert_int_equal((uint32_t)c, 77);
	assert_int_equal(poll_once(fx, &fx->b), 0);
	/* The sender asked for completions: the write's and the send's. */
	assert_int_equal((poll_once(fx, &fx->a) >> 48) & 0xff, COMP_SEND);
	assert_int_equal((poll_once(fx, &fx->a) >> 48) & 0xff, COMP_SEND);
	assert_int_equal(poll_once(fx, &fx->a), 0);
}

/* DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS: the work is done, no completion reported. */
static void optimized_reports(void **state)
{
	struct fixture *fx = *state;
	uint64_t r = 0;

	put(fx, &fx->a, 0, 42);
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_post_receive, &r, fx->b.h, fx->b.key, fx->b.buf + 16, (uint64_t)8));
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_write_then_send, &r, fx->a.h, fx->a.conn_id, fx->b.key, fx->b.buf + 8,
			       fx->a.key, fx->a.buf, (uint64_t)8, 5u, 3u /* FLUSH | OPTIMIZE_REPORTS */));
	assert_int_equal(get(fx, &fx->b, 8), 42);
	assert_int_equal(get(fx, &fx->b, 16), 42);
	assert_int_equal((uint32_t)poll_once(fx, &fx->b), 5);
	assert_int_equal(poll_once(fx, &fx->a), 0);
}

/* A read of the peer's memory and an atomic add on it. */
static void read_and_atomic(void **state)
{
	struct fixture *fx = *state;
	uint64_t r = 0;

	put(fx, &fx->b, 0, 1000);
	put(fx, &fx->b, 24, 7);
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_read_add, &r, fx->a.h, fx->a.conn_id, fx->a.key, fx->a.buf + 32, fx->b.key,
			       fx->b.buf, (uint64_t)8, fx->b.buf + 24, (uint64_t)5));
	assert_int_equal(get(fx, &fx->a, 32), 1000);
	assert_int_equal(get(fx, &fx->b, 24), 12);
}

/* Signals set and add a sync event's counter in host memory, exported to the remote net. */
static void signals(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *se;
	struct doca_sync_event_remote_net *remote;
	doca_dpa_dev_sync_event_remote_net_t h;
	const uint8_t *blob;
	size_t len;
	uint64_t r = 0, value = 0;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_remote_net(se));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_export_to_remote_net(se, &blob, &len));
	expect_ok(doca_sync_event_remote_net_create_from_export(fx->dev, blob, len, &remote));
	expect_ok(doca_sync_event_remote_net_get_dpa_handle(remote, fx->dpa, &h));
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_signal, &r, fx->a.h, fx->a.conn_id, h, (uint64_t)40, 0u));
	expect_ok(doca_sync_event_wait_gt(se, 39, UINT64_MAX));
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_signal, &r, fx->a.h, fx->a.conn_id, h, (uint64_t)2, 1u));
	expect_ok(doca_sync_event_wait_gt(se, 41, UINT64_MAX));
	expect_ok(doca_sync_event_get(se, &value));
	assert_int_equal(value, 42);
	assert_int_equal(poll_once(fx, &fx->a), 0); /* signals report nothing */
	expect_ok(doca_sync_event_remote_net_destroy(remote));
	expect_ok(doca_sync_event_destroy(se));
}

/* As the DPA code's (device/dpa_rdma_device.c). */
struct receiver {
	doca_dpa_dev_completion_t comp;
	doca_dpa_dev_sync_event_t done;
	uint64_t buf;
	uint64_t received;
	uint64_t count;
	uint64_t last_user_data;
};

/* A DPA thread attached to an RDMA context's completion context runs on its receives (NVIDIA's
 * samples' model): doca_dpa_thread_run makes it runnable, each send to it wakes it. */
static void thread_woken_by_receives(void **state)
{
	struct fixture *fx = *state;
	struct doca_dpa_completion *comp;
	struct doca_dpa_thread *t;
	struct doca_sync_event *done;
	struct side c = { 0 };
	struct receiver rv = { 0 };
	doca_dpa_dev_uintptr_t arg;
	uint64_t r = 0, sum = 0;

	/* The receiving side C: an RDMA context whose completion context wakes the thread. */
	expect_ok(doca_dpa_thread_create(fx->dpa, &t));
	expect_ok(doca_dpa_mem_alloc(fx->dpa, sizeof(rv), &arg));
	expect_ok(doca_dpa_memset(fx->dpa, arg, 0, sizeof(rv)));
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_receiver, arg));
	expect_ok(doca_dpa_thread_start(t));
	expect_ok(doca_dpa_completion_create(fx->dpa, 16, &comp));
	expect_ok(doca_dpa_completion_set_thread(comp, t));
	expect_ok(doca_dpa_completion_start(comp));
	expect_ok(doca_dpa_completion_get_dpa_handle(comp, &rv.comp));
	done = dpa_util_event(fx->dev, fx->dpa, true, &rv.done);
	expect_ok(doca_rdma_create(fx->dev, &c.rdma));
	expect_ok(doca_rdma_set_permissions(c.rdma, PERMISSIONS));
	expect_ok(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(c.rdma), fx->dpa));
	expect_ok(doca_rdma_dpa_completion_attach(c.rdma, comp));
	expect_ok(doca_ctx_start(doca_rdma_as_ctx(c.rdma)));
	expect_ok(doca_rdma_get_dpa_handle(c.rdma, &c.h));
	expect_ok(doca_rdma_export(c.rdma, &c.details, &c.details_len, &c.conn));
	expect_ok(doca_rdma_connection_get_id(c.conn, &c.conn_id));
	expect_ok(doca_mmap_dev_get_dpa_handle(fx->b.mmap, fx->dev, &c.key)); /* receives land in B's buffer */
	rv.buf = fx->b.buf + 40;
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, arg, &rv, sizeof(rv)));
	expect_ok(doca_dpa_thread_run(t));
	usleep(20000);
	expect_ok(doca_sync_event_get(done, &r));
	assert_int_equal(r, 0); /* runnable, not run */

	/* The sending side D: an RDMA context on the DPA without a completion context. */
	struct side d = { 0 };

	expect_ok(doca_rdma_create(fx->dev, &d.rdma));
	expect_ok(doca_rdma_set_permissions(d.rdma, PERMISSIONS));
	expect_ok(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(d.rdma), fx->dpa));
	expect_ok(doca_ctx_start(doca_rdma_as_ctx(d.rdma)));
	expect_ok(doca_rdma_get_dpa_handle(d.rdma, &d.h));
	expect_ok(doca_rdma_export(d.rdma, &d.details, &d.details_len, &d.conn));
	expect_ok(doca_rdma_connection_get_id(d.conn, &d.conn_id));
	expect_ok(doca_rdma_connect(c.rdma, d.details, d.details_len, c.conn));
	expect_ok(doca_rdma_connect(d.rdma, c.details, c.details_len, d.conn));
	for (uint64_t i = 1; i <= 5; i++) {
		put(fx, &fx->a, 0, i);
		sum += i;
		expect_ok(doca_dpa_rpc(fx->dpa, &rpc_post_receive, &r, c.h, c.key, rv.buf, (uint64_t)8));
		expect_ok(doca_dpa_rpc(fx->dpa, &rpc_write_then_send, &r, d.h, d.conn_id, c.key, fx->b.buf + 48,
				       fx->a.key, fx->a.buf, (uint64_t)8, 0u, 3u /* FLUSH | OPTIMIZE_REPORTS */));
		expect_ok(doca_sync_event_wait_gt(done, i - 1, UINT64_MAX));
	}
	expect_ok(doca_dpa_d2h_memcpy(fx->dpa, &rv, arg, sizeof(rv)));
	assert_int_equal(rv.count, 5);
	assert_int_equal(rv.received, sum);
	assert_int_equal(rv.last_user_data, c.conn_id);
	expect_ok(doca_ctx_stop(doca_rdma_as_ctx(d.rdma)));
	expect_ok(doca_rdma_destroy(d.rdma));
	expect_ok(doca_ctx_stop(doca_rdma_as_ctx(c.rdma)));
	expect_ok(doca_rdma_destroy(c.rdma));
	expect_ok(doca_dpa_completion_destroy(comp));
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_sync_event_destroy(done));
	expect_ok(doca_dpa_mem_free(fx->dpa, arg));
}

/* What the host refuses, one line each. */
static void bad_input(void **state)
{
	struct fixture *fx = *state;
	struct doca_rdma *cpu;
	doca_dpa_dev_rdma_t h;
	const void *d;
	size_t n;
	struct doca_rdma_connection *conn;

	expect_fail(doca_rdma_get_dpa_handle(fx->a.rdma, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_dpa_handle");
	expect_fail(doca_rdma_get_dpa_handle(NULL, &h), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_dpa_handle");
	expect_fail(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(fx->a.rdma), fx->dpa), DOCA_ERROR_BAD_STATE,
		    "doca_ctx_set_datapath_on_dpa");
	expect_ok(doca_rdma_create(fx->dev, &cpu));
	expect_fail(doca_rdma_dpa_completion_attach(cpu, fx->a.comp), DOCA_ERROR_BAD_STATE,
		    "doca_rdma_dpa_completion_attach");
	expect_fail(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(cpu), (struct doca_dpa *)cpu),
		    DOCA_ERROR_INVALID_VALUE, "doca_ctx_set_datapath_on_dpa");
	expect_fail(doca_rdma_get_dpa_handle(cpu, &h), DOCA_ERROR_BAD_STATE, "doca_rdma_get_dpa_handle");
	expect_ok(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(cpu), fx->dpa));
	expect_fail(doca_rdma_dpa_completion_attach(cpu, (struct doca_dpa_completion *)cpu), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_dpa_completion_attach");
	expect_fail(doca_rdma_get_dpa_handle(cpu, &h), DOCA_ERROR_BAD_STATE, "doca_rdma_get_dpa_handle");
	/* Without a completion context it runs too; one connection by default. */
	expect_ok(doca_ctx_start(doca_rdma_as_ctx(cpu)));
	expect_ok(doca_rdma_get_dpa_handle(cpu, &h));
	assert_int_not_equal(h, 0);
	expect_ok(doca_rdma_export(cpu, &d, &n, &conn));
	expect_fail(doca_rdma_export(cpu, &d, &n, &conn), DOCA_ERROR_FULL, "doca_rdma_export");
	expect_ok(doca_ctx_stop(doca_rdma_as_ctx(cpu)));
	expect_fail(doca_rdma_get_dpa_handle(cpu, &h), DOCA_ERROR_BAD_STATE, "doca_rdma_get_dpa_handle");
	expect_ok(doca_rdma_destroy(cpu));
	/* The attached completion contexts are in use while their RDMA contexts run. */
	expect_fail(doca_dpa_completion_destroy(fx->a.comp), DOCA_ERROR_IN_USE, "doca_dpa_completion_destroy");
}

/* DPA code naming a connection its context lacks stops the DPA process, reported by name. */
static void bad_connection_stops_the_process(void **state)
{
	struct fixture *fx = *state;
	uint64_t r = 0;

	expect_fail(doca_dpa_rpc(fx->dpa, &rpc_bad_connection, &r, fx->a.h, fx->a.key, fx->a.buf), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_rpc");
	expect_fail(doca_dpa_peek_at_last_error(fx->dpa), DOCA_ERROR_BAD_STATE, "doca_dpa_peek_at_last_error");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(write_and_send, setup, teardown),
		cmocka_unit_test_setup_teardown(optimized_reports, setup, teardown),
		cmocka_unit_test_setup_teardown(read_and_atomic, setup, teardown),
		cmocka_unit_test_setup_teardown(signals, setup, teardown),
		cmocka_unit_test_setup_teardown(thread_woken_by_receives, setup, teardown),
		cmocka_unit_test_setup_teardown(bad_input, setup, teardown),
		cmocka_unit_test_setup_teardown(bad_connection_stops_the_process, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
