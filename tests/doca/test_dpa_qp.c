/*
 * DPA QP endpoints (doca/dpa/dpa_qp.h, device/dpa_qp_dev.h) on the simulated devices, over DOCA
 * DPA contexts as libdoca_dpa will make them (dpa_context.h): DPA code adds to, compares and
 * swaps, writes and reads host memory through a loopback responder (from 16 DPA threads at once:
 * the counter ends exact and every value fetched is fetched once); two endpoints send, send
 * with immediate and write with immediate to each other on one device and across two; a bad
 * rkey completes with its status and flushes what follows. The fetch-add rates from one and
 * from 16 DPA threads are printed (no timing is asserted). The host calls' bad input.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <doca_dev.h>

#include "dev.h"
#include "device/dpa_qp_dev.h"
#include "dpa_context.h"
#include "dpa_qp.h"
#include "mem_util.h"

extern flexio_func_t qp_rpc_post, qp_rpc_compare_swap, qp_rpc_write_many, qp_rpc_fetch_add, qp_rpc_error,
	qp_rpc_recv_post, qp_rpc_recv_poll, qp_rpc_job_set, qp_rpc_job_get, qp_fetch_add_task, qp_rpc_rx_set,
	qp_rpc_rx_get, qp_recv_handler;
extern struct flexio_app *doca_dpa_qp;

#define FUNC "test_dpa_qp" /* the function the endpoint's failures name */
#define BYTES 4096         /* host and DPA buffers */
#define THREADS 16         /* DPA threads adding at once */
#define ADDS 1000          /* fetch-adds of each */
#define SPINS 10000000     /* receive polls before a test gives up */
#define DEADLINE 120       /* seconds the command queue's tasks may take before the test fails */
#define ACCESS (IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC)

/* DPA memory with a key of the process's PD. */
struct dpa_buf {
	flexio_uintptr_t daddr;
	flexio_mkey *mkey;
	uint32_t key;
};

/* A DOCA DPA context on a device. */
struct side {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	flexio_process *process;
	struct dpa_buf buf, out; /* data; completions */
};

struct fixture {
	struct side a, b; /* b: on the second device */
	uint8_t *host;    /* host memory on a's PD */
	struct ibv_mr *mr;
};

static void side_open(struct side *s, int index)
{
	struct ibv_pd *pd;

	s->dev = sim_dev_open(index);
	s->dpa = dpa_context_create(s->dev, doca_dpa_qp, &s->process);
	pd = opendoca_dev_ibv_pd(s->dev);
	for (struct dpa_buf *b = &s->buf; b <= &s->out; b++) {
		assert_int_equal(flexio_buf_dev_alloc(s->process, BYTES, &b->daddr), FLEXIO_STATUS_SUCCESS);
		assert_int_equal(
			flexio_device_mkey_create(s->process,
						  &(struct flexio_mkey_attr){
							  .pd = pd, .daddr = b->daddr, .len = BYTES, .access = ACCESS },
						  &b->mkey),
			FLEXIO_STATUS_SUCCESS);
		b->key = flexio_mkey_get_id(b->mkey);
	}
}

static void side_close(struct side *s)
{
	for (struct dpa_buf *b = &s->buf; b <= &s->out; b++) {
		assert_int_equal(flexio_device_mkey_destroy(b->mkey), FLEXIO_STATUS_SUCCESS);
		assert_int_equal(flexio_buf_dev_free(s->process, b->daddr), FLEXIO_STATUS_SUCCESS);
	}
	dpa_context_destroy(s->dpa);
	sim_dev_close(s->dev);
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	side_open(&fx->a, 0);
	side_open(&fx->b, 1);
	fx->host = aligned_alloc(4096, BYTES);
	assert_non_null(fx->host);
	memset(fx->host, 0, BYTES);
	fx->mr = ibv_reg_mr(opendoca_dev_ibv_pd(fx->a.dev), fx->host, BYTES, ACCESS);
	assert_non_null(fx->mr);
	free(sdk_log_take());
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(ibv_dereg_mr(fx->mr), 0);
	free(fx->host);
	side_close(&fx->b);
	side_close(&fx->a);
	free(fx);
	return 0;
}

static uint64_t call(flexio_process *process, flexio_func_t *func, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
		     uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7)
{
	uint64_t rc = 0;

	assert_int_equal(flexio_process_call(process, func, &rc, a0, a1, a2, a3, a4, a5, a6, a7),
			 FLEXIO_STATUS_SUCCESS);
	return rc;
}

static struct opendoca_dpa_qp *endpoint(struct side *s, uint32_t log_depth)
{
	struct opendoca_dpa_qp_attr attr = { .log_sq_depth = log_depth,
					     .log_rq_depth = log_depth,
					     .access = ACCESS & ~IBV_ACCESS_LOCAL_WRITE };
	struct opendoca_dpa_qp *qp = NULL;

	expect_ok(opendoca_dpa_qp_create(s->process, opendoca_dev_ibv_pd(s->dev), &attr, FUNC, &qp));
	assert_non_null(qp);
	assert_int_not_equal(opendoca_dpa_qp_dev_addr(qp), 0);
	return qp;
}

static struct opendoca_dpa_qp *loopback(struct side *s, uint32_t log_depth)
{
	struct opendoca_dpa_qp *qp = endpoint(s, log_depth);

	expect_ok(opendoca_dpa_qp_connect_loopback(qp, FUNC));
	return qp;
}

/* Connects x (of side sx) and y to each other. */
static void connect_pair(struct opendoca_dpa_qp *x, struct opendoca_dpa_qp *y)
{
	struct opendoca_dpa_qp_addr ax, ay;

	expect_ok(opendoca_dpa_qp_query(x, FUNC, &ax));
	expect_ok(opendoca_dpa_qp_query(y, FUNC, &ay));
	assert_int_not_equal(ax.qpn, ay.qpn);
	expect_ok(opendoca_dpa_qp_connect(x, &ay, NULL, FUNC));
	expect_ok(opendoca_dpa_qp_connect(y, &ax, NULL, FUNC));
}

/* One work request posted and waited for on the DPA: its status; the completion in *c. */
static int post(struct side *s, struct opendoca_dpa_qp *qp, enum opendoca_dpa_qp_op op, uint64_t laddr, uint32_t lkey,
		uint32_t len, uint64_t raddr, uint32_t rkey, uint32_t imm, uint64_t operand,
		struct opendoca_dpa_qp_completion *c)
{
	uint64_t status = call(s->process, &qp_rpc_post, opendoca_dpa_qp_dev_addr(qp), op, laddr,
			       lkey | (uint64_t)len << 32, raddr, rkey | (uint64_t)imm << 32, operand, s->out.daddr);

	assert_int_equal(flexio_dev2host_memcpy(s->process, c, sizeof(*c), s->out.daddr), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(c->status, status);
	return (int)status;
}

static void dpa_read(struct side *s, uint64_t daddr, void *dst, size_t len)
{
	assert_int_equal(flexio_dev2host_memcpy(s->process, dst, len, daddr), FLEXIO_STATUS_SUCCESS);
}

static void dpa_write(struct side *s, uint64_t daddr, const void *src, size_t len)
{
	assert_int_equal(flexio_host2dev_memcpy(s->process, (void *)src, len, daddr), FLEXIO_STATUS_SUCCESS);
}

static void fill(uint8_t *p, size_t len, uint8_t seed)
{
	for (size_t i = 0; i < len; i++)
		p[i] = (uint8_t)(seed + i * 7);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- Host calls: bad input ----------------------------------------------------------------- */

static void bad_input_is_refused(void **state)
{
	struct fixture *fx = *state;
	struct ibv_pd *pd = opendoca_dev_ibv_pd(fx->a.dev);
	struct opendoca_dpa_qp_attr attr = { .log_sq_depth = 2, .log_rq_depth = 2 };
	struct opendoca_dpa_qp_addr addr;
	struct opendoca_dpa_qp_rc rc = { .path_mtu = FLEXIO_QP_QPC_MTU_BYTES_1K, .retry_count = 8 };
	struct opendoca_dpa_qp *qp = (struct opendoca_dpa_qp *)&attr, *other;
	flexio_event_handler *foreign;

	expect_fail(opendoca_dpa_qp_create(NULL, pd, &attr, FUNC, &qp), DOCA_ERROR_INVALID_VALUE, FUNC);
	expect_fail(opendoca_dpa_qp_create(fx->a.process, NULL, &attr, FUNC, &qp), DOCA_ERROR_INVALID_VALUE, FUNC);
	expect_fail(opendoca_dpa_qp_create(fx->a.process, pd, NULL, FUNC, &qp), DOCA_ERROR_INVALID_VALUE, FUNC);
	expect_fail(opendoca_dpa_qp_create(fx->a.process, pd, &attr, FUNC, NULL), DOCA_ERROR_INVALID_VALUE, FUNC);
	attr.log_sq_depth = OPENDOCA_DPA_QP_MAX_LOG_DEPTH + 1;
	expect_fail(opendoca_dpa_qp_create(fx->a.process, pd, &attr, FUNC, &qp), DOCA_ERROR_INVALID_VALUE, FUNC);
	attr.log_sq_depth = 2;
	attr.log_rq_depth = OPENDOCA_DPA_QP_MAX_LOG_DEPTH + 1;
	expect_fail(opendoca_dpa_qp_create(fx->a.process, pd, &attr, FUNC, &qp), DOCA_ERROR_INVALID_VALUE, FUNC);
	attr.log_rq_depth = 2;
	attr.access = IBV_ACCESS_MW_BIND;
	expect_fail(opendoca_dpa_qp_create(fx->a.process, pd, &attr, FUNC, &qp), DOCA_ERROR_INVALID_VALUE, FUNC);
	/* FlexIO refuses what it is given: what was made before is undone (ASan sees leaks). */
	attr.access = 0;
	expect_fail(opendoca_dpa_qp_create(fx->a.process, opendoca_dev_ibv_pd(fx->b.dev), &attr, FUNC, &qp),
		    DOCA_ERROR_DRIVER, FUNC);
	assert_int_equal(flexio_event_handler_create(
				 fx->b.process,
				 &(struct flexio_event_handler_attr){ .host_stub_func = &qp_recv_handler }, &foreign),
			 FLEXIO_STATUS_SUCCESS);
	attr.rq_handler = foreign; /* another process's thread: the receive CQ is refused */
	expect_fail(opendoca_dpa_qp_create(fx->a.process, pd, &attr, FUNC, &qp), DOCA_ERROR_DRIVER, FUNC);
	assert_int_equal(flexio_event_handler_destroy(foreign), FLEXIO_STATUS_SUCCESS);
	assert_ptr_equal(qp, (struct opendoca_dpa_qp *)&attr); /* untouched by every failure */

	qp = endpoint(&fx->a, 2);
	other = endpoint(&fx->a, 2);
	expect_fail(opendoca_dpa_qp_query(NULL, FUNC, &addr), DOCA_ERROR_INVALID_VALUE, FUNC);
	expect_fail(opendoca_dpa_qp_query(qp, FUNC, NULL), DOCA_ERROR_INVALID_VALUE, FUNC);
	expect_ok(opendoca_dpa_qp_query(other, FUNC, &addr));
	assert_int_not_equal(addr.qpn, 0);
	assert_int_equal(addr.port, 1);
	expect_fail(opendoca_dpa_qp_connect(NULL, &addr, NULL, FUNC), DOCA_ERROR_INVALID_VALUE, FUNC);
	expect_fail(opendoca_dpa_qp_connect(qp, NULL, NULL, FUNC), DOCA_ERROR_INVALID_VALUE, FUNC);
	expect_fail(opendoca_dpa_qp_connect(qp, &addr, &rc, FUNC), DOCA_ERROR_INVALID_VALUE, FUNC);
	rc.retry_count = 7;
	rc.path_mtu = (enum flexio_qp_qpc_mtu)9;
	expect_fail(opendoca_dpa_qp_connect(qp, &addr, &rc, FUNC), DOCA_ERROR_INVALID_VALUE, FUNC);
	addr.qpn = 0;
	expect_fail(opendoca_dpa_qp_connect(qp, &addr, NULL, FUNC), DOCA_ERROR_INVALID_VALUE, FUNC);
	expect_fail(opendoca_dpa_qp_connect_loopback(NULL, FUNC), DOCA_ERROR_INVALID_VALUE, FUNC);
	/* Once connected, no second connection of either kind. */
	expect_ok(opendoca_dpa_qp_query(other, FUNC, &addr));
	expect_ok(opendoca_dpa_qp_connect(qp, &addr, NULL, FUNC));
	expect_fail(opendoca_dpa_qp_connect(qp, &addr, NULL, FUNC), DOCA_ERROR_BAD_STATE, FUNC);
	expect_fail(opendoca_dpa_qp_connect_loopback(qp, FUNC), DOCA_ERROR_BAD_STATE, FUNC);
	assert_int_equal(opendoca_dpa_qp_dev_addr(NULL), 0);
	opendoca_dpa_qp_destroy(NULL);
	opendoca_dpa_qp_destroy(other);
	opendoca_dpa_qp_destroy(qp);
}

/* ---- Loopback: RDMA on host memory ---------------------------------------------------------- */

static void loopback_atomics_on_host_memory(void **state)
{
	struct fixture *fx = *state;
	struct opendoca_dpa_qp *qp = loopback(&fx->a, 3);
	uint64_t desc = opendoca_dpa_qp_dev_addr(qp), *counter = (uint64_t *)fx->host, fetched;
	struct opendoca_dpa_qp_completion c;

	/* More than the SQ's depth, so that slots are reused. */
	*counter = 40;
	for (uint64_t i = 0; i < 20; i++)
		assert_int_equal(
			call(fx->a.process, &qp_rpc_fetch_add, desc, (uintptr_t)counter, fx->mr->rkey, 3, 0, 0, 0, 0),
			40 + 3 * i);
	assert_int_equal(*counter, 100);
	/* Posted with the value fetched to DPA memory of the caller's. */
	assert_int_equal(post(&fx->a, qp, OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD, fx->a.buf.daddr, fx->a.buf.key, 0,
			      (uintptr_t)counter, fx->mr->rkey, 0, 1ull << 40, &c),
			 0);
	assert_int_equal(c.op, OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD);
	assert_int_equal(c.byte_cnt, 8);
	dpa_read(&fx->a, fx->a.buf.daddr, &fetched, sizeof(fetched));
	assert_int_equal(fetched, 100);
	assert_int_equal(*counter, 100 + (1ull << 40));
	/* Compare and swap: equal swaps, different does not; both fetch. */
	*counter = 7;
	assert_int_equal(call(fx->a.process, &qp_rpc_compare_swap, desc, (uintptr_t)counter, fx->mr->rkey, 7, 99,
			      fx->a.buf.daddr + 8, fx->a.buf.key, fx->a.out.daddr),
			 0);
	assert_int_equal(*counter, 99);
	dpa_read(&fx->a, fx->a.buf.daddr + 8, &fetched, sizeof(fetched));
	assert_int_equal(fetched, 7);
	dpa_read(&fx->a, fx->a.out.daddr, &c, sizeof(c));
	assert_int_equal(c.op, OPENDOCA_DPA_QP_OP_ATOMIC_COMPARE_SWAP);
	assert_int_equal(call(fx->a.process, &qp_rpc_compare_swap, desc, (uintptr_t)counter, fx->mr->rkey, 7, 5,
			      fx->a.buf.daddr + 8, fx->a.buf.key, fx->a.out.daddr),
			 0);
	assert_int_equal(*counter, 99);
	dpa_read(&fx->a, fx->a.buf.daddr + 8, &fetched, sizeof(fetched));
	assert_int_equal(fetched, 99);
	assert_int_equal(call(fx->a.process, &qp_rpc_error, desc, 0, 0, 0, 0, 0, 0, 0), 0);
	opendoca_dpa_qp_destroy(qp);
}

/* Runs tasks command queue tasks of ADDS fetch-adds each on workers DPA threads; the rate. */
static double fetch_add_run(struct fixture *fx, struct opendoca_dpa_qp *qp, int workers, int tasks, uint32_t adds)
{
	struct flexio_cmdq_attr attr = { .workers = workers, .batch_size = 1, .state = FLEXIO_CMDQ_STATE_PENDING };
	uint64_t *counter = (uint64_t *)fx->host, n = (uint64_t)tasks * adds;
	flexio_cmdq *cmdq;
	double start, took;

	*counter = 0;
	call(fx->a.process, &qp_rpc_job_set, opendoca_dpa_qp_dev_addr(qp), (uintptr_t)counter, fx->mr->rkey, adds, 0, 0,
	     0, 0);
	assert_int_equal(flexio_cmdq_create(fx->a.process, &attr, &cmdq), FLEXIO_STATUS_SUCCESS);
	for (int i = 0; i < tasks; i++)
		assert_int_equal(flexio_cmdq_task_add(cmdq, &qp_fetch_add_task, (uint64_t)i), FLEXIO_STATUS_SUCCESS);
	start = now();
	assert_int_equal(flexio_cmdq_state_running(cmdq), FLEXIO_STATUS_SUCCESS);
	while (call(fx->a.process, &qp_rpc_job_get, 1, 0, 0, 0, 0, 0, 0, 0) != (uint64_t)tasks) {
		assert_true(now() - start < DEADLINE); /* a lost completion fails the test, not hangs it */
		assert_int_equal(flexio_err_status_get(fx->a.process), 0);
		nanosleep(&(struct timespec){ .tv_nsec = 100000 }, NULL);
	}
	took = now() - start;
	assert_int_equal(flexio_cmdq_destroy(cmdq), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(call(fx->a.process, &qp_rpc_job_get, 2, 0, 0, 0, 0, 0, 0, 0), 0);
	/* Exact, and every value from 0 to n - 1 fetched once: their sum is n(n-1)/2. */
	assert_int_equal(*counter, n);
	assert_int_equal(call(fx->a.process, &qp_rpc_job_get, 0, 0, 0, 0, 0, 0, 0, 0), n * (n - 1) / 2);
	return (double)n / took;
}

static void loopback_fetch_add_from_many_threads(void **state)
{
	struct fixture *fx = *state;
	/* A shallow SQ: the threads contend for its slots too. */
	struct opendoca_dpa_qp *qp = loopback(&fx->a, 3);
	double one = fetch_add_run(fx, qp, 1, 1, 4 * ADDS);
	double many = fetch_add_run(fx, qp, THREADS, THREADS, ADDS);

	printf("fetch-add on host memory from the DPA: %.0f/s from 1 DPA thread, %.0f/s from %d (%d x %d)\n", one, many,
	       THREADS, THREADS, ADDS);
	opendoca_dpa_qp_destroy(qp);
}

static void loopback_writes_and_reads_host_memory(void **state)
{
	struct fixture *fx = *state;
	struct opendoca_dpa_qp *qp = loopback(&fx->a, 2);
	uint8_t data[BYTES], back[BYTES];
	struct opendoca_dpa_qp_completion c;

	/* DPA memory to host memory. */
	fill(data, sizeof(data), 3);
	dpa_write(&fx->a, fx->a.buf.daddr, data, sizeof(data));
	assert_int_equal(post(&fx->a, qp, OPENDOCA_DPA_QP_OP_RDMA_WRITE, fx->a.buf.daddr + 16, fx->a.buf.key, 1000,
			      (uintptr_t)fx->host + 100, fx->mr->rkey, 0, 0, &c),
			 0);
	assert_int_equal(c.op, OPENDOCA_DPA_QP_OP_RDMA_WRITE);
	assert_int_equal(c.byte_cnt, 1000);
	assert_memory_equal(fx->host + 100, data + 16, 1000);
	assert_int_equal(fx->host[99], 0);
	assert_int_equal(fx->host[1100], 0);
	/* Host memory to DPA memory. */
	fill(fx->host, BYTES, 9);
	assert_int_equal(post(&fx->a, qp, OPENDOCA_DPA_QP_OP_RDMA_READ, fx->a.buf.daddr, fx->a.buf.key, BYTES,
			      (uintptr_t)fx->host, fx->mr->rkey, 0, 0, &c),
			 0);
	assert_int_equal(c.op, OPENDOCA_DPA_QP_OP_RDMA_READ);
	assert_int_equal(c.byte_cnt, BYTES);
	dpa_read(&fx->a, fx->a.buf.daddr, back, sizeof(back));
	assert_memory_equal(back, fx->host, BYTES);
	/* Writes nobody waits for, more than the SQ holds, then one synchronize. */
	memset(fx->host, 0, BYTES);
	assert_int_equal(call(fx->a.process, &qp_rpc_write_many, opendoca_dpa_qp_dev_addr(qp), fx->a.buf.daddr,
			      fx->a.buf.key | (uint64_t)64 << 32, (uintptr_t)fx->host, fx->mr->rkey, BYTES / 64, 0, 0),
			 0);
	for (int i = 0; i < BYTES / 64; i++)
		assert_memory_equal(fx->host + 64 * i, back, 64);
	opendoca_dpa_qp_destroy(qp);
}

static void a_bad_rkey_completes_with_its_status(void **state)
{
	struct fixture *fx = *state;
	struct opendoca_dpa_qp *qp = loopback(&fx->a, 2);
	uint64_t desc = opendoca_dpa_qp_dev_addr(qp), *counter = (uint64_t *)fx->host;
	struct opendoca_dpa_qp_completion c;

	*counter = 5;
	assert_int_equal(post(&fx->a, qp, OPENDOCA_DPA_QP_OP_RDMA_WRITE, fx->a.buf.daddr, fx->a.buf.key, 8,
			      (uintptr_t)fx->host, fx->mr->rkey + 1, 0, 0, &c),
			 OPENDOCA_DPA_QP_STATUS_REMOTE_ACCESS);
	assert_int_equal(c.op, OPENDOCA_DPA_QP_OP_RDMA_WRITE);
	assert_int_equal(*counter, 5);
	assert_int_equal(call(fx->a.process, &qp_rpc_error, desc, 0, 0, 0, 0, 0, 0, 0),
			 OPENDOCA_DPA_QP_STATUS_REMOTE_ACCESS);
	/* The QP is in error: what follows is flushed, with a good key too; nothing hangs. */
	assert_int_equal(post(&fx->a, qp, OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD, fx->a.buf.daddr, fx->a.buf.key, 0,
			      (uintptr_t)counter, fx->mr->rkey, 0, 1, &c),
			 OPENDOCA_DPA_QP_STATUS_WR_FLUSH);
	assert_int_equal(call(fx->a.process, &qp_rpc_fetch_add, desc, (uintptr_t)counter, fx->mr->rkey, 1, 0, 0, 0, 0),
			 0);
	assert_int_equal(*counter, 5);
	assert_int_equal(call(fx->a.process, &qp_rpc_write_many, desc, fx->a.buf.daddr,
			      fx->a.buf.key | (uint64_t)8 << 32, (uintptr_t)fx->host, fx->mr->rkey, 10, 0, 0),
			 OPENDOCA_DPA_QP_STATUS_REMOTE_ACCESS);
	opendoca_dpa_qp_destroy(qp);

	/* An atomic on memory registered without remote atomic access: refused alike. */
	qp = loopback(&fx->a, 2);
	struct ibv_mr *ro = ibv_reg_mr(opendoca_dev_ibv_pd(fx->a.dev), fx->host + 2048, 64, IBV_ACCESS_REMOTE_READ);

	assert_non_null(ro);
	assert_int_equal(post(&fx->a, qp, OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD, fx->a.buf.daddr, fx->a.buf.key, 0,
			      (uintptr_t)fx->host + 2048, ro->rkey, 0, 1, &c),
			 OPENDOCA_DPA_QP_STATUS_REMOTE_ACCESS);
	assert_int_equal(ibv_dereg_mr(ro), 0);
	opendoca_dpa_qp_destroy(qp);
}

/* ---- Two endpoints ---------------------------------------------------------------------------- */

/* y's DPA code takes a receive completion: its op, immediate and length. */
static void expect_receive(struct side *sy, struct opendoca_dpa_qp *y, uint8_t op, uint32_t imm, uint32_t len)
{
	struct opendoca_dpa_qp_completion c;

	assert_int_equal(call(sy->process, &qp_rpc_recv_poll, opendoca_dpa_qp_dev_addr(y), sy->out.daddr + 64, SPINS, 0,
			      0, 0, 0, 0),
			 1);
	dpa_read(sy, sy->out.daddr + 64, &c, sizeof(c));
	assert_int_equal(c.status, 0);
	assert_int_equal(c.op, op);
	assert_int_equal(c.byte_cnt, len);
	if (op != OPENDOCA_DPA_QP_OP_RECV)
		assert_int_equal(c.imm, imm);
}

/* x (on sx) sends to y (on sy): a send, a send with immediate, a write with immediate. */
static void exchange(struct side *sx, struct opendoca_dpa_qp *x, struct side *sy, struct opendoca_dpa_qp *y)
{
	uint64_t ydesc = opendoca_dpa_qp_dev_addr(y);
	uint8_t data[256], got[256];
	struct opendoca_dpa_qp_completion c;

	fill(data, sizeof(data), 0x21);
	dpa_write(sx, sx->buf.daddr, data, sizeof(data));
	/* Three receive buffers of 256 bytes at y's buf + 1024, + 1280, + 1536. */
	for (uint64_t i = 0; i < 3; i++)
		assert_int_equal(call(sy->process, &qp_rpc_recv_post, ydesc, sy->buf.daddr + 1024 + 256 * i,
				      sy->buf.key, 256, 0, 0, 0, 0),
				 i);
	assert_int_equal(post(sx, x, OPENDOCA_DPA_QP_OP_SEND, sx->buf.daddr, sx->buf.key, 200, 0, 0, 0, 0, &c), 0);
	assert_int_equal(c.op, OPENDOCA_DPA_QP_OP_SEND);
	expect_receive(sy, y, OPENDOCA_DPA_QP_OP_RECV, 0, 200);
	dpa_read(sy, sy->buf.daddr + 1024, got, 200);
	assert_memory_equal(got, data, 200);
	assert_int_equal(
		post(sx, x, OPENDOCA_DPA_QP_OP_SEND_IMM, sx->buf.daddr + 8, sx->buf.key, 100, 0, 0, 0xC0DE0001, 0, &c),
		0);
	assert_int_equal(c.op, OPENDOCA_DPA_QP_OP_SEND_IMM);
	expect_receive(sy, y, OPENDOCA_DPA_QP_OP_RECV_IMM, 0xC0DE0001, 100);
	dpa_read(sy, sy->buf.daddr + 1280, got, 100);
	assert_memory_equal(got, data + 8, 100);
	/* The write lands where it names (y's buf + 3072) and takes the third receive WQE. */
	assert_int_equal(post(sx, x, OPENDOCA_DPA_QP_OP_RDMA_WRITE_IMM, sx->buf.daddr, sx->buf.key, 256,
			      sy->buf.daddr + 3072, sy->buf.key, 0xC0DE0002, 0, &c),
			 0);
	expect_receive(sy, y, OPENDOCA_DPA_QP_OP_RECV_RDMA_WRITE_IMM, 0xC0DE0002, 256);
	dpa_read(sy, sy->buf.daddr + 3072, got, 256);
	assert_memory_equal(got, data, 256);
	/* Nothing more arrived. */
	assert_int_equal(call(sy->process, &qp_rpc_recv_poll, ydesc, sy->out.daddr + 64, 100, 0, 0, 0, 0, 0), 0);
}

static void endpoints_on_one_device(void **state)
{
	struct fixture *fx = *state;
	struct opendoca_dpa_qp *x = endpoint(&fx->a, 2), *y = endpoint(&fx->a, 2);

	connect_pair(x, y);
	exchange(&fx->a, x, &fx->a, y);
	exchange(&fx->a, y, &fx->a, x);
	opendoca_dpa_qp_destroy(x);
	opendoca_dpa_qp_destroy(y);
}

static void endpoints_on_two_devices(void **state)
{
	struct fixture *fx = *state;
	struct opendoca_dpa_qp *x = endpoint(&fx->a, 2), *y = endpoint(&fx->b, 2);
	struct opendoca_dpa_qp_addr ax, ay;

	expect_ok(opendoca_dpa_qp_query(x, FUNC, &ax));
	expect_ok(opendoca_dpa_qp_query(y, FUNC, &ay));
	assert_memory_not_equal(&ax.gid, &ay.gid, sizeof(ax.gid));
	connect_pair(x, y);
	exchange(&fx->a, x, &fx->b, y);
	exchange(&fx->b, y, &fx->a, x);
	opendoca_dpa_qp_destroy(x);
	opendoca_dpa_qp_destroy(y);
}

/* A full RQ refuses another buffer. */
static void receive_queue_limits(void **state)
{
	struct fixture *fx = *state;
	struct opendoca_dpa_qp *x = endpoint(&fx->a, 1), *y = endpoint(&fx->a, 1);
	uint64_t ydesc = opendoca_dpa_qp_dev_addr(y);

	connect_pair(x, y);
	assert_int_equal(call(fx->a.process, &qp_rpc_recv_post, ydesc, fx->a.buf.daddr, fx->a.buf.key, 64, 0, 0, 0, 0),
			 0);
	assert_int_equal(call(fx->a.process, &qp_rpc_recv_post, ydesc, fx->a.buf.daddr, fx->a.buf.key, 64, 0, 0, 0, 0),
			 1);
	assert_int_equal(call(fx->a.process, &qp_rpc_recv_post, ydesc, fx->a.buf.daddr, fx->a.buf.key, 64, 0, 0, 0, 0),
			 UINT64_MAX);
	opendoca_dpa_qp_destroy(x);
	opendoca_dpa_qp_destroy(y);
}

/* A receive CQ reporting to an event handler: each arrival wakes its thread, which re-arms. */
static void receives_wake_an_event_handler(void **state)
{
	struct fixture *fx = *state;
	struct opendoca_dpa_qp_attr attr = { .log_sq_depth = 2, .log_rq_depth = 2 };
	struct opendoca_dpa_qp *x = endpoint(&fx->a, 2), *y;
	struct opendoca_dpa_qp_completion c;
	flexio_event_handler *handler;
	double start;

	assert_int_equal(flexio_event_handler_create(
				 fx->a.process,
				 &(struct flexio_event_handler_attr){ .host_stub_func = &qp_recv_handler }, &handler),
			 FLEXIO_STATUS_SUCCESS);
	attr.rq_handler = handler;
	expect_ok(opendoca_dpa_qp_create(fx->a.process, opendoca_dev_ibv_pd(fx->a.dev), &attr, FUNC, &y));
	connect_pair(x, y);
	call(fx->a.process, &qp_rpc_rx_set, opendoca_dpa_qp_dev_addr(y), fx->a.buf.daddr + 2048, fx->a.buf.key, 0, 0, 0,
	     0, 0);
	for (int i = 0; i < 4; i++)
		call(fx->a.process, &qp_rpc_recv_post, opendoca_dpa_qp_dev_addr(y), fx->a.buf.daddr + 2048,
		     fx->a.buf.key, 64, 0, 0, 0, 0);
	assert_int_equal(flexio_event_handler_run(handler, 0), FLEXIO_STATUS_SUCCESS);
	/* More than the RQ holds: the handler gives buffers back as they fill (a send finding
	 * none waits for one, RNR). */
	for (uint32_t i = 1; i <= 10; i++)
		assert_int_equal(
			post(&fx->a, x, OPENDOCA_DPA_QP_OP_SEND, fx->a.buf.daddr, fx->a.buf.key, i, 0, 0, 0, 0, &c), 0);
	start = now();
	while (call(fx->a.process, &qp_rpc_rx_get, 0, 0, 0, 0, 0, 0, 0, 0) != 10) {
		assert_int_equal(flexio_err_status_get(fx->a.process), 0);
		assert_true(now() - start < DEADLINE);
		nanosleep(&(struct timespec){ .tv_nsec = 100000 }, NULL);
	}
	assert_int_equal(call(fx->a.process, &qp_rpc_rx_get, 1, 0, 0, 0, 0, 0, 0, 0), 55);
	assert_in_range(call(fx->a.process, &qp_rpc_rx_get, 2, 0, 0, 0, 0, 0, 0, 0), 1, 10);
	opendoca_dpa_qp_destroy(x);
	opendoca_dpa_qp_destroy(y);
	assert_int_equal(flexio_event_handler_destroy(handler), FLEXIO_STATUS_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(bad_input_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(loopback_atomics_on_host_memory, setup, teardown),
		cmocka_unit_test_setup_teardown(loopback_fetch_add_from_many_threads, setup, teardown),
		cmocka_unit_test_setup_teardown(loopback_writes_and_reads_host_memory, setup, teardown),
		cmocka_unit_test_setup_teardown(a_bad_rkey_completes_with_its_status, setup, teardown),
		cmocka_unit_test_setup_teardown(endpoints_on_one_device, setup, teardown),
		cmocka_unit_test_setup_teardown(endpoints_on_two_devices, setup, teardown),
		cmocka_unit_test_setup_teardown(receive_queue_limits, setup, teardown),
		cmocka_unit_test_setup_teardown(receives_wake_an_event_handler, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
