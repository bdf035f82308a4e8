/*
 * DPA functions of the DPA QP endpoint test (test_dpa_qp.c): each drives an endpoint by the DPA
 * address of its descriptor (doca/dpa/device/dpa_qp_dev.h), as DOCA DPA's device library will.
 * RPCs post one work request and wait for it, writing the completion where the host reads it;
 * command queue tasks add to a host counter from many DPA threads at once.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>

#include "dpa_qp_dev.h"

#define QP(desc) ((struct opendoca_dpa_qp_desc *)(desc))

/* Posts one work request of op (enum opendoca_dpa_qp_op) for a waiter and waits for it; the
 * completion goes to out (DPA memory), the return value is its status. lkey_len: lkey | len << 32;
 * rkey_imm: rkey | imm << 32; operand: what an atomic adds. */
__dpa_rpc__ uint64_t qp_rpc_post(uint64_t desc, uint64_t op, uint64_t laddr, uint64_t lkey_len, uint64_t raddr,
				 uint64_t rkey_imm, uint64_t operand, uint64_t out)
{
	uint32_t lkey = (uint32_t)lkey_len, len = (uint32_t)(lkey_len >> 32);
	uint32_t rkey = (uint32_t)rkey_imm, imm = (uint32_t)(rkey_imm >> 32);
	uint32_t t;

	switch (op) {
	case OPENDOCA_DPA_QP_OP_RDMA_WRITE:
		t = opendoca_dev_qp_post_write(QP(desc), laddr, lkey, len, raddr, rkey, 1);
		break;
	case OPENDOCA_DPA_QP_OP_RDMA_WRITE_IMM:
		t = opendoca_dev_qp_post_write_imm(QP(desc), laddr, lkey, len, raddr, rkey, imm, 1);
		break;
	case OPENDOCA_DPA_QP_OP_RDMA_READ:
		t = opendoca_dev_qp_post_read(QP(desc), laddr, lkey, len, raddr, rkey, 1);
		break;
	case OPENDOCA_DPA_QP_OP_SEND:
		t = opendoca_dev_qp_post_send(QP(desc), laddr, lkey, len, 1);
		break;
	case OPENDOCA_DPA_QP_OP_SEND_IMM:
		t = opendoca_dev_qp_post_send_imm(QP(desc), laddr, lkey, len, imm, 1);
		break;
	case OPENDOCA_DPA_QP_OP_ATOMIC_FETCH_ADD:
		t = opendoca_dev_qp_post_fetch_add(QP(desc), raddr, rkey, operand, laddr, lkey, 1);
		break;
	default:
		return 0x100;
	}
	return (uint64_t)opendoca_dev_qp_wait(QP(desc), t, (struct opendoca_dpa_qp_completion *)out);
}

/* A compare-and-swap for a waiter: the value raddr held goes to laddr, the completion to out. */
__dpa_rpc__ uint64_t qp_rpc_compare_swap(uint64_t desc, uint64_t raddr, uint64_t rkey, uint64_t compare, uint64_t swap,
					 uint64_t laddr, uint64_t lkey, uint64_t out)
{
	uint32_t t = opendoca_dev_qp_post_compare_swap(QP(desc), raddr, (uint32_t)rkey, compare, swap, laddr,
						       (uint32_t)lkey, 1);

	return (uint64_t)opendoca_dev_qp_wait(QP(desc), t, (struct opendoca_dpa_qp_completion *)out);
}

/* Posts count writes without waiters, then waits for all: the endpoint's error status. */
__dpa_rpc__ uint64_t qp_rpc_write_many(uint64_t desc, uint64_t laddr, uint64_t lkey_len, uint64_t raddr, uint64_t rkey,
				       uint64_t count)
{
	uint32_t len = (uint32_t)(lkey_len >> 32);

	for (uint64_t i = 0; i < count; i++)
		opendoca_dev_qp_post_write(QP(desc), laddr, (uint32_t)lkey_len, len, raddr + i * len, (uint32_t)rkey,
					   0);
	return (uint64_t)opendoca_dev_qp_synchronize(QP(desc));
}

/* opendoca_dev_qp_fetch_add: the value fetched. */
__dpa_rpc__ uint64_t qp_rpc_fetch_add(uint64_t desc, uint64_t raddr, uint64_t rkey, uint64_t value)
{
	return opendoca_dev_qp_fetch_add(QP(desc), raddr, (uint32_t)rkey, value);
}

__dpa_rpc__ uint64_t qp_rpc_error(uint64_t desc)
{
	return (uint64_t)opendoca_dev_qp_error(QP(desc));
}

/* Posts a receive buffer: its index, or UINT64_MAX when the RQ is full. */
__dpa_rpc__ uint64_t qp_rpc_recv_post(uint64_t desc, uint64_t laddr, uint64_t lkey, uint64_t len)
{
	int index = opendoca_dev_qp_post_recv(QP(desc), laddr, (uint32_t)lkey, (uint32_t)len);

	return index < 0 ? UINT64_MAX : (uint64_t)index;
}

/* Polls for a receive completion up to spins times: 1 with it at out, else 0 (a test that
 * fails rather than one that hangs). */
__dpa_rpc__ uint64_t qp_rpc_recv_poll(uint64_t desc, uint64_t out, uint64_t spins)
{
	for (uint64_t i = 0; i < spins; i++)
		if (opendoca_dev_qp_poll_recv(QP(desc), (struct opendoca_dpa_qp_completion *)out))
			return 1;
	return 0;
}

/* The fetch-add job the command queue's tasks share: its counters are DPA memory (AMOs). */
static struct {
	uint64_t desc, raddr;
	uint32_t rkey, count;
	uint64_t old_sum; /* the values fetched, summed */
	uint64_t done;    /* tasks finished */
	uint64_t errors;  /* tasks that saw an error completion */
} job;

__dpa_rpc__ uint64_t qp_rpc_job_set(uint64_t desc, uint64_t raddr, uint64_t rkey, uint64_t count)
{
	job.desc = desc;
	job.raddr = raddr;
	job.rkey = (uint32_t)rkey;
	job.count = (uint32_t)count;
	job.old_sum = job.done = job.errors = 0;
	__dpa_thread_memory_writeback();
	return 0;
}

/* 0: the sum of the values fetched; 1: tasks done; 2: tasks with errors. */
__dpa_rpc__ uint64_t qp_rpc_job_get(uint64_t which)
{
	return __atomic_load_n(which == 0 ? &job.old_sum : which == 1 ? &job.done : &job.errors, __ATOMIC_ACQUIRE);
}

/* A task: job.count fetch-adds of 1 on the host counter. */
__dpa_global__ void qp_fetch_add_task(uint64_t arg)
{
	uint64_t sum = 0;

	(void)arg;
	for (uint32_t i = 0; i < job.count; i++)
		sum += opendoca_dev_qp_fetch_add(QP(job.desc), job.raddr, job.rkey, 1);
	if (opendoca_dev_qp_error(QP(job.desc)))
		__atomic_fetch_add(&job.errors, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&job.old_sum, sum, __ATOMIC_RELAXED);
	__atomic_fetch_add(&job.done, 1, __ATOMIC_RELEASE);
}

/* The receiver of the event handler test: an endpoint whose receive CQ wakes qp_recv_handler. */
static struct {
	uint64_t desc, buf;
	uint32_t lkey;
	uint64_t received; /* receive completions without error */
	uint64_t bytes;
	uint64_t runs; /* invocations of the handler */
} rx;

__dpa_rpc__ uint64_t qp_rpc_rx_set(uint64_t desc, uint64_t buf, uint64_t lkey)
{
	rx.desc = desc;
	rx.buf = buf;
	rx.lkey = (uint32_t)lkey;
	rx.received = rx.bytes = rx.runs = 0;
	__dpa_thread_memory_writeback();
	return 0;
}

/* 0: completions received; 1: their bytes; 2: the handler's invocations. */
__dpa_rpc__ uint64_t qp_rpc_rx_get(uint64_t which)
{
	return __atomic_load_n(which == 0 ? &rx.received : which == 1 ? &rx.bytes : &rx.runs, __ATOMIC_ACQUIRE);
}

/* Takes every receive completion, gives each buffer back, arms the CQ and sleeps until the next. */
__dpa_global__ void qp_recv_handler(uint64_t arg)
{
	struct opendoca_dpa_qp_completion c;

	(void)arg;
	__atomic_fetch_add(&rx.runs, 1, __ATOMIC_RELAXED);
	while (opendoca_dev_qp_poll_recv(QP(rx.desc), &c)) {
		if (!c.status) {
			__atomic_fetch_add(&rx.bytes, c.byte_cnt, __ATOMIC_RELAXED);
			__atomic_fetch_add(&rx.received, 1, __ATOMIC_RELEASE);
		}
		opendoca_dev_qp_post_recv(QP(rx.desc), rx.buf, rx.lkey, 64);
	}
	opendoca_dev_qp_arm_recv(QP(rx.desc));
	flexio_dev_thread_reschedule();
}
