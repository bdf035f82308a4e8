/*
 * RDMA from DPA code driven from many host threads at once (in the ThreadSanitizer suite too):
 * each worker's RPCs post writes on one shared connection of an RDMA context whose datapath is on
 * the DPA (DPA code of many RPCs posting on one endpoint), while other workers make, connect and
 * tear down RDMA contexts of the same DOCA DPA context.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma.h>

#include "dpa_util.h"
#include "mem_util.h"

#define WRITERS 3
#define CHURNERS 2
#define WRITES 40
#define ROUNDS 6
#define PERMISSIONS (DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_WRITE)
#define OPTIMIZE_REPORTS_AND_FLUSH 3u

extern struct doca_dpa_app *doca_dpa_rdma_app;
extern doca_dpa_func_t rpc_write;

static struct doca_dev *dev;
static struct doca_dpa *dpa;

/* An RDMA context on the DPA with one connection, and a map of DPA memory. */
struct side {
	struct doca_rdma *rdma;
	doca_dpa_dev_rdma_t h;
	struct doca_rdma_connection *conn;
	uint32_t conn_id;
	const void *details;
	size_t len;
};

static doca_error_t side_make(struct side *s)
{
	doca_error_t err = doca_rdma_create(dev, &s->rdma);

	err = err ?: doca_rdma_set_permissions(s->rdma, PERMISSIONS);
	err = err ?: doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(s->rdma), dpa);
	err = err ?: doca_ctx_start(doca_rdma_as_ctx(s->rdma));
	err = err ?: doca_rdma_get_dpa_handle(s->rdma, &s->h);
	err = err ?: doca_rdma_export(s->rdma, &s->details, &s->len, &s->conn);
	return err ?: doca_rdma_connection_get_id(s->conn, &s->conn_id);
}

static doca_error_t side_free(struct side *s)
{
	doca_error_t err = doca_ctx_stop(doca_rdma_as_ctx(s->rdma));

	return err ?: doca_rdma_destroy(s->rdma);
}

static doca_error_t pair(struct side *a, struct side *b)
{
	doca_error_t err = side_make(a);

	err = err ?: side_make(b);
	err = err ?: doca_rdma_connect(a->rdma, b->details, b->len, a->conn);
	return err ?: doca_rdma_connect(b->rdma, a->details, a->len, b->conn);
}

static struct side shared_a, shared_b;
static doca_dpa_dev_uintptr_t mem; /* WRITERS source words, then WRITERS destination words */
static doca_dpa_dev_mmap_t key;

static void *writer(void *arg)
{
	uint64_t i = (uint64_t)(uintptr_t)arg, r;

	for (uint64_t n = 1; n <= WRITES; n++) {
		uint64_t v = i << 32 | n;

		if (doca_dpa_h2d_memcpy(dpa, mem + 8 * i, &v, sizeof(v)) ||
		    doca_dpa_rpc(dpa, &rpc_write, &r, shared_a.h, shared_a.conn_id, key, mem + 8 * (WRITERS + i), key,
				 mem + 8 * i, OPTIMIZE_REPORTS_AND_FLUSH))
			return (void *)1;
	}
	return NULL;
}

static void *churner(void *arg)
{
	(void)arg;
	for (int round = 0; round < ROUNDS; round++) {
		struct side a = { 0 }, b = { 0 };

		if (pair(&a, &b) || side_free(&a) || side_free(&b))
			return (void *)1;
	}
	return NULL;
}

static void many_threads(void **state)
{
	pthread_t t[WRITERS + CHURNERS];
	struct doca_mmap *mmap;
	void *ret;

	(void)state;
	expect_ok(pair(&shared_a, &shared_b));
	expect_ok(doca_dpa_mem_alloc(dpa, 16 * WRITERS, &mem));
	expect_ok(doca_dpa_memset(dpa, mem, 0, 16 * WRITERS));
	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_dpa_memrange(mmap, dpa, mem, 16 * WRITERS));
	expect_ok(doca_mmap_set_permissions(mmap, PERMISSIONS));
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_mmap_dev_get_dpa_handle(mmap, dev, &key));
	for (uintptr_t i = 0; i < WRITERS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, writer, (void *)i), 0);
	for (uintptr_t i = 0; i < CHURNERS; i++)
		assert_int_equal(pthread_create(&t[WRITERS + i], NULL, churner, NULL), 0);
	for (int i = 0; i < WRITERS + CHURNERS; i++) {
		assert_int_equal(pthread_join(t[i], &ret), 0);
		assert_null(ret);
	}
	/* Each writer's last write is in its destination word. */
	for (uint64_t i = 0; i < WRITERS; i++) {
		uint64_t v = 0;

		expect_ok(doca_dpa_d2h_memcpy(dpa, &v, mem + 8 * (WRITERS + i), sizeof(v)));
		assert_int_equal(v, i << 32 | WRITES);
	}
	expect_ok(side_free(&shared_a));
	expect_ok(side_free(&shared_b));
	expect_ok(doca_mmap_destroy(mmap));
	expect_ok(doca_dpa_mem_free(dpa, mem));
	free(sdk_log_take());
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(many_threads) };
	int failed;

	sdk_log_capture();
	dev = sim_dev_open(0);
	dpa = dpa_util_start(dev, doca_dpa_rdma_app);
	failed = cmocka_run_group_tests(tests, NULL, NULL);
	expect_ok(doca_dpa_destroy(dpa));
	sim_dev_close(dev);
	return failed;
}
