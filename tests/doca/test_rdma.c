/*
 * DOCA RDMA (libdoca_rdma, 3.0 forms): properties, capabilities, export and connect, every task
 * kind between contexts on two simulated devices and on one, a stop with tasks in flight, and a
 * peer in another process. FLEXIO_SIM_DEVICES=2 (the test's environment).
 */
#define DOCA_ALLOW_EXPERIMENTAL_API /* DOCA RDMA is experimental in every release */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <endian.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_mmap.h>
#include <doca_pe.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "mem_util.h"
#include "rdma_releases.h"

#define NTASKS 16
#define SIZE 4096

/* One side: a context on a device, its progress engine, memory, an inventory. */
struct side {
	struct doca_dev *dev;
	struct doca_pe *pe;
	struct doca_rdma *rdma;
	struct doca_rdma_connection *conn;
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
	char mem[SIZE] __attribute__((aligned(64)));
	unsigned done, failed;
	doca_error_t last;
	struct doca_task *last_task;
};

#define COUNT_CB(name, type)                                                                               \
	static void name(struct type *task, union doca_data task_user_data, union doca_data ctx_user_data) \
	{                                                                                                  \
		struct side *s = ctx_user_data.ptr;                                                        \
		struct doca_task *t = (struct doca_task *)task;                                            \
		(void)task_user_data;                                                                      \
		s->last = doca_task_get_status(t);                                                         \
		s->last_task = t;                                                                          \
		if (s->last)                                                                               \
			s->failed++;                                                                       \
		else                                                                                       \
			s->done++;                                                                         \
	}
COUNT_CB(recv_cb, doca_rdma_task_receive)
COUNT_CB(send_cb, doca_rdma_task_send)
COUNT_CB(send_imm_cb, doca_rdma_task_send_imm)
COUNT_CB(read_cb, doca_rdma_task_read)
COUNT_CB(write_cb, doca_rdma_task_write)
COUNT_CB(write_imm_cb, doca_rdma_task_write_imm)
COUNT_CB(fa_cb, doca_rdma_task_atomic_fetch_add)
COUNT_CB(cs_cb, doca_rdma_task_atomic_cmp_swp)

static void side_open(struct side *s, int dev_index)
{
	union doca_data ud = { .ptr = s };

	memset(s, 0, sizeof(*s));
	s->dev = sim_dev_open(dev_index);
	assert_int_equal(doca_pe_create(&s->pe), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_create(s->dev, &s->rdma), DOCA_SUCCESS);
	assert_int_equal(
		doca_rdma_set_permissions(s->rdma, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ |
							   DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_ATOMIC),
		DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_receive_set_conf(s->rdma, recv_cb, recv_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_send_set_conf(s->rdma, send_cb, send_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_send_imm_set_conf(s->rdma, send_imm_cb, send_imm_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_read_set_conf(s->rdma, read_cb, read_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_write_set_conf(s->rdma, write_cb, write_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_write_imm_set_conf(s->rdma, write_imm_cb, write_imm_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_atomic_fetch_add_set_conf(s->rdma, fa_cb, fa_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_atomic_cmp_swp_set_conf(s->rdma, cs_cb, cs_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_user_data(doca_rdma_as_ctx(s->rdma), ud), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(s->pe, doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create(&s->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(s->mmap, s->mem, SIZE), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(s->mmap, s->dev), DOCA_SUCCESS);
	assert_int_equal(
		doca_mmap_set_permissions(s->mmap, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ |
							   DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_ATOMIC),
		DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(s->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_create(64, &s->inv), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_start(s->inv), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
}

static void progress_until_idle(struct side *a, struct side *b)
{
	enum doca_ctx_states sa = DOCA_CTX_STATE_RUNNING, sb = DOCA_CTX_STATE_RUNNING;

	for (int i = 0; i < 100000 && (sa != DOCA_CTX_STATE_IDLE || sb != DOCA_CTX_STATE_IDLE); i++) {
		doca_pe_progress(a->pe);
		if (b)
			doca_pe_progress(b->pe);
		doca_ctx_get_state(doca_rdma_as_ctx(a->rdma), &sa);
		sb = b ? (doca_ctx_get_state(doca_rdma_as_ctx(b->rdma), &sb), sb) : DOCA_CTX_STATE_IDLE;
	}
	assert_int_equal(sa, DOCA_CTX_STATE_IDLE);
	assert_int_equal(sb, DOCA_CTX_STATE_IDLE);
}

static void side_close(struct side *s)
{
	assert_int_equal(doca_rdma_destroy(s->rdma), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(s->pe), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_destroy(s->inv), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(s->mmap), DOCA_SUCCESS);
	sim_dev_close(s->dev);
}

static void stop_both(struct side *a, struct side *b)
{
	doca_ctx_stop(doca_rdma_as_ctx(a->rdma));
	doca_ctx_stop(doca_rdma_as_ctx(b->rdma));
	progress_until_idle(a, b);
}

/* a and b export and connect to each other. */
static void pair(struct side *a, struct side *b)
{
	const void *da, *db;
	size_t la, lb;

	assert_int_equal(doca_rdma_export(a->rdma, &da, &la, &a->conn), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_export(b->rdma, &db, &lb, &b->conn), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_connect(a->rdma, db, lb, a->conn), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_connect(b->rdma, da, la, b->conn), DOCA_SUCCESS);
}

/* Waits for side s to count one more completion than *seen. */
static void wait_one(struct side *a, struct side *b, struct side *s, unsigned *seen)
{
	for (int i = 0; i < 100000 && s->done + s->failed == *seen; i++) {
		doca_pe_progress(a->pe);
		doca_pe_progress(b->pe);
	}
	assert_int_equal(s->done + s->failed, *seen + 1);
	(*seen)++;
}

/* The buffers a test took, released at its end. */
static struct doca_buf *taken[32];
static unsigned ntaken;

static void release_bufs(void)
{
	while (ntaken)
		assert_int_equal(doca_buf_dec_refcount(taken[--ntaken], NULL), DOCA_SUCCESS);
}

static struct doca_buf *buf(struct side *s, struct doca_mmap *map, void *addr, size_t len, size_t data_len)
{
	struct doca_buf *b;

	assert_int_equal(doca_buf_inventory_buf_get_by_data(s->inv, map, addr, len, &b), DOCA_SUCCESS);
	assert_int_equal(doca_buf_set_data(b, addr, data_len), DOCA_SUCCESS);
	taken[ntaken++] = b;
	return b;
}

/* b's memory as a's: a map of b's RDMA export. */
static struct doca_mmap *peer_map(struct side *a, struct side *b)
{
	const void *desc;
	size_t len;
	struct doca_mmap *map;

	assert_int_equal(doca_mmap_export_rdma(b->mmap, b->dev, &desc, &len), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create_from_export(NULL, desc, len, a->dev, &map), DOCA_SUCCESS);
	return map;
}

static void every_task_kind(int dev_b)
{
	struct side *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	union doca_data ud = { .u64 = 0 };
	unsigned sa = 0, sb = 0;
	struct doca_mmap *bmap;
	struct doca_buf *src, *dst, *rbuf, *rdst, *res;
	struct doca_rdma_task_receive *recv;
	struct doca_rdma_task_send *send;
	struct doca_rdma_task_send_imm *send_imm;
	struct doca_rdma_task_write *write;
	struct doca_rdma_task_write_imm *write_imm;
	struct doca_rdma_task_read *read;
	struct doca_rdma_task_atomic_fetch_add *fa;
	struct doca_rdma_task_atomic_cmp_swp *cs;
	uint64_t *counter = (uint64_t *)(void *)(b->mem + 2048);
	uint32_t id = 99;
	struct doca_rdma_addr *addr;

	side_open(a, 0);
	side_open(b, dev_b);
	pair(a, b);
	assert_int_equal(doca_rdma_connection_get_id(a->conn, &id), DOCA_SUCCESS);
	/* exported and connected: no connection manager's address */
	sdk_log_capture();
	free(sdk_log_take());
	expect_fail(doca_rdma_connection_get_addr(a->conn, &addr), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_connection_get_addr");
	assert_int_equal(id, 0);
	bmap = peer_map(a, b);

	/* send -> receive */
	strcpy(a->mem, "hello over RC");
	src = buf(a, a->mmap, a->mem, 64, strlen(a->mem) + 1);
	rbuf = buf(b, b->mmap, b->mem, 64, 0);
	assert_int_equal(doca_rdma_task_receive_allocate_init(b->rdma, rbuf, ud, &recv), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_receive_as_task(recv)), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_send_allocate_init(a->rdma, a->conn, src, ud, &send), DOCA_SUCCESS);
	assert_ptr_equal(doca_rdma_task_send_get_rdma_connection(send), a->conn);
	assert_int_equal(doca_task_submit(doca_rdma_task_send_as_task(send)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	wait_one(a, b, b, &sb);
	assert_int_equal(a->last, DOCA_SUCCESS);
	assert_int_equal(b->last, DOCA_SUCCESS);
	assert_string_equal(b->mem, "hello over RC");
	assert_int_equal(doca_rdma_task_receive_get_result_len(recv), strlen(a->mem) + 1);
	assert_int_equal(doca_rdma_task_receive_get_result_opcode(recv), DOCA_RDMA_OPCODE_RECV_SEND);
	assert_ptr_equal(doca_rdma_task_receive_get_result_rdma_connection(recv), b->conn);
	doca_task_free(doca_rdma_task_send_as_task(send));

	/* send with immediate -> the same receive task, reused */
	assert_int_equal(doca_buf_set_data(rbuf, b->mem, 0), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_receive_as_task(recv)), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_send_imm_allocate_init(a->rdma, a->conn, src, htobe32(0x1234), ud, &send_imm),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_send_imm_as_task(send_imm)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	wait_one(a, b, b, &sb);
	assert_int_equal(doca_rdma_task_receive_get_result_opcode(recv), DOCA_RDMA_OPCODE_RECV_SEND_WITH_IMM);
	assert_int_equal(doca_rdma_task_receive_get_result_immediate_data(recv), htobe32(0x1234));
	doca_task_free(doca_rdma_task_send_imm_as_task(send_imm));

	/* write into b's memory at 1024 */
	strcpy(a->mem + 256, "written");
	dst = buf(a, bmap, b->mem + 1024, 64, 0);
	src = buf(a, a->mmap, a->mem + 256, 64, 8);
	assert_int_equal(doca_rdma_task_write_allocate_init(a->rdma, a->conn, src, dst, ud, &write), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_write_as_task(write)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	assert_int_equal(a->last, DOCA_SUCCESS);
	assert_string_equal(b->mem + 1024, "written");
	doca_task_free(doca_rdma_task_write_as_task(write));

	/* write with immediate: the peer's receive sees the immediate */
	assert_int_equal(doca_task_submit(doca_rdma_task_receive_as_task(recv)), DOCA_SUCCESS);
	assert_int_equal(doca_buf_set_data(dst, b->mem + 1024, 0), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_write_imm_allocate_init(a->rdma, a->conn, src, dst, htobe32(7), ud, &write_imm),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_write_imm_as_task(write_imm)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	wait_one(a, b, b, &sb);
	assert_int_equal(doca_rdma_task_receive_get_result_opcode(recv), DOCA_RDMA_OPCODE_RECV_WRITE_WITH_IMM);
	assert_int_equal(doca_rdma_task_receive_get_result_immediate_data(recv), htobe32(7));
	doca_task_free(doca_rdma_task_write_imm_as_task(write_imm));
	doca_task_free(doca_rdma_task_receive_as_task(recv));

	/* read b's 1024 back into a's 512 */
	rdst = buf(a, a->mmap, a->mem + 512, 64, 0);
	assert_int_equal(doca_buf_set_data(dst, b->mem + 1024, 8), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_read_allocate_init(a->rdma, a->conn, dst, rdst, ud, &read), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_read_as_task(read)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	assert_int_equal(a->last, DOCA_SUCCESS);
	assert_string_equal(a->mem + 512, "written");
	assert_int_equal(doca_rdma_task_read_get_result_len(read), 8);
	doca_task_free(doca_rdma_task_read_as_task(read));

	/* atomics on b's counter */
	*counter = 40;
	res = buf(a, a->mmap, a->mem + 1024, 8, 0);
	dst = buf(a, bmap, counter, 8, 8);
	assert_int_equal(doca_rdma_task_atomic_fetch_add_allocate_init(a->rdma, a->conn, dst, res, 2, ud, &fa),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_atomic_fetch_add_as_task(fa)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	assert_int_equal(a->last, DOCA_SUCCESS);
	assert_int_equal(*counter, 42);
	assert_int_equal(*(uint64_t *)(void *)(a->mem + 1024), 40);
	doca_task_free(doca_rdma_task_atomic_fetch_add_as_task(fa));
	assert_int_equal(doca_buf_set_data(res, a->mem + 1024, 0), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_atomic_cmp_swp_allocate_init(a->rdma, a->conn, dst, res, 42, 7, ud, &cs),
			 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_atomic_cmp_swp_get_cmp_data(cs), 42);
	assert_int_equal(doca_rdma_task_atomic_cmp_swp_get_swap_data(cs), 7);
	assert_int_equal(doca_task_submit(doca_rdma_task_atomic_cmp_swp_as_task(cs)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	assert_int_equal(*counter, 7);
	assert_int_equal(*(uint64_t *)(void *)(a->mem + 1024), 42);
	doca_task_free(doca_rdma_task_atomic_cmp_swp_as_task(cs));

	assert_int_equal(a->failed + b->failed, 0);
	stop_both(a, b);
	/* the connection ended with the stop */
	sdk_log_capture();
	expect_fail(doca_rdma_connection_get_id(a->conn, &id), DOCA_ERROR_INVALID_VALUE, "doca_rdma_connection_get_id");
	release_bufs();
	assert_int_equal(doca_mmap_destroy(bmap), DOCA_SUCCESS);
	side_close(a);
	side_close(b);
	free(b);
	free(a);
}

static void test_two_devices(void **state)
{
	(void)state;
	every_task_kind(1);
}

static void test_one_device(void **state)
{
	(void)state;
	every_task_kind(0);
}

/* A stop with receives posted and waiting: each completes with DOCA_ERROR_IO_FAILED. */
static void test_stop_in_flight(void **state)
{
	struct side *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	union doca_data ud = { .u64 = 0 };
	struct doca_rdma_task_receive *recv[4];

	(void)state;
	side_open(a, 0);
	side_open(b, 1);
	/* one receive before any connection (waits in the context), three posted to the queue pair */
	assert_int_equal(doca_rdma_task_receive_allocate_init(b->rdma, buf(b, b->mmap, b->mem, 64, 0), ud, &recv[0]),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_receive_as_task(recv[0])), DOCA_SUCCESS);
	pair(a, b);
	for (int i = 1; i < 4; i++) {
		assert_int_equal(doca_rdma_task_receive_allocate_init(b->rdma, buf(b, b->mmap, b->mem + 64 * i, 64, 0),
								      ud, &recv[i]),
				 DOCA_SUCCESS);
		assert_int_equal(doca_task_submit(doca_rdma_task_receive_as_task(recv[i])), DOCA_SUCCESS);
	}
	for (int i = 0; i < 100; i++)
		doca_pe_progress(b->pe);
	assert_int_equal(b->done + b->failed, 0);
	assert_int_equal(doca_ctx_stop(doca_rdma_as_ctx(b->rdma)), DOCA_ERROR_IN_PROGRESS);
	for (int i = 0; i < 1000 && b->failed < 4; i++)
		doca_pe_progress(b->pe);
	assert_int_equal(b->failed, 4);
	assert_int_equal(b->last, DOCA_ERROR_IO_FAILED);
	for (int i = 0; i < 4; i++)
		doca_task_free(doca_rdma_task_receive_as_task(recv[i]));
	stop_both(a, b);
	release_bufs();
	side_close(a);
	side_close(b);
	free(a);
	free(b);
}

/* Every property: good values read back, bad ones refused with one line naming the function. */
static void test_properties(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_rdma *rdma;
	struct doca_pe *pe;
	uint32_t u32;
	uint16_t u16;
	uint8_t u8;
	enum doca_mtu_size mtu;
	enum doca_rdma_transport_type tt;
	doca_dpa_dev_rdma_t dpa;
	struct doca_gpu_dev_rdma *gpu;

	(void)state;
	sdk_log_capture();
	expect_fail(doca_rdma_create(dev, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_create");
	expect_fail(doca_rdma_create(NULL, &rdma), DOCA_ERROR_INVALID_VALUE, "doca_rdma_create");
	expect_ok(doca_rdma_create(dev, &rdma));
	expect_ok(doca_rdma_set_permissions(rdma, DOCA_ACCESS_FLAG_RDMA_WRITE));
	expect_ok(doca_rdma_get_permissions(rdma, &u32));
	assert_int_equal(u32, DOCA_ACCESS_FLAG_RDMA_WRITE);
	expect_fail(doca_rdma_set_permissions(rdma, DOCA_ACCESS_FLAG_PCI_READ_ONLY), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_set_permissions");
	expect_fail(doca_rdma_get_permissions(rdma, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_permissions");
	expect_fail(doca_rdma_get_permissions(NULL, &u32), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_permissions");
	expect_ok(doca_rdma_set_grh_enabled(rdma, 1));
	expect_ok(doca_rdma_get_grh_enabled(rdma, &u8));
	assert_int_equal(u8, 1);
	expect_fail(doca_rdma_set_grh_enabled(rdma, 2), DOCA_ERROR_INVALID_VALUE, "doca_rdma_set_grh_enabled");
	expect_ok(doca_rdma_set_gid_index(rdma, 0));
	expect_ok(doca_rdma_get_gid_index(rdma, &u32));
	assert_int_equal(u32, 0);
	expect_fail(doca_rdma_set_gid_index(rdma, 1000), DOCA_ERROR_INVALID_VALUE, "doca_rdma_set_gid_index");
	expect_ok(doca_rdma_set_max_num_connections(rdma, 4));
	expect_ok(doca_rdma_get_max_num_connections(rdma, &u16));
	assert_int_equal(u16, 4);
	expect_fail(doca_rdma_set_max_num_connections(rdma, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_set_max_num_connections");
	expect_ok(doca_rdma_set_send_queue_size(rdma, 64));
	expect_ok(doca_rdma_get_send_queue_size(rdma, &u32));
	assert_int_equal(u32, 64);
	expect_fail(doca_rdma_set_send_queue_size(rdma, 0), DOCA_ERROR_INVALID_VALUE, "doca_rdma_set_send_queue_size");
	expect_ok(doca_rdma_set_recv_queue_size(rdma, 64));
	expect_ok(doca_rdma_get_recv_queue_size(rdma, &u32));
	assert_int_equal(u32, 64);
	expect_fail(doca_rdma_set_recv_queue_size(rdma, 1u << 20), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_set_recv_queue_size");
	expect_ok(doca_rdma_set_mtu(rdma, DOCA_MTU_SIZE_4K_BYTES));
	expect_ok(doca_rdma_get_mtu(rdma, &mtu));
	assert_int_equal(mtu, DOCA_MTU_SIZE_4K_BYTES);
	expect_fail(doca_rdma_set_mtu(rdma, DOCA_MTU_SIZE_RAW_ETHERNET), DOCA_ERROR_INVALID_VALUE, "doca_rdma_set_mtu");
	expect_ok(doca_rdma_set_transport_type(rdma, DOCA_RDMA_TRANSPORT_TYPE_RC));
	expect_ok(doca_rdma_get_transport_type(rdma, &tt));
	assert_int_equal(tt, DOCA_RDMA_TRANSPORT_TYPE_RC);
	expect_fail(doca_rdma_set_transport_type(rdma, DOCA_RDMA_TRANSPORT_TYPE_DC), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_set_transport_type");
	expect_ok(doca_rdma_set_sl(rdma, 3));
	expect_ok(doca_rdma_get_sl(rdma, &u32));
	assert_int_equal(u32, 3);
	expect_fail(doca_rdma_set_sl(rdma, 16), DOCA_ERROR_INVALID_VALUE, "doca_rdma_set_sl");
	expect_ok(doca_rdma_set_max_send_buf_list_len(rdma, 4));
	expect_ok(doca_rdma_get_max_send_buf_list_len(rdma, &u32));
	assert_int_equal(u32, 4);
	expect_fail(doca_rdma_set_max_send_buf_list_len(rdma, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_set_max_send_buf_list_len");
	expect_ok(doca_rdma_task_receive_set_dst_buf_list_len(rdma, 2));
	expect_ok(doca_rdma_task_receive_get_dst_buf_list_len(rdma, &u32));
	assert_int_equal(u32, 2);
	expect_fail(doca_rdma_task_receive_set_dst_buf_list_len(rdma, 31), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_task_receive_set_dst_buf_list_len");
	expect_ok(doca_rdma_set_rnr_retry_count(rdma, 5));
	expect_ok(doca_rdma_get_rnr_retry_count(rdma, &u8));
	assert_int_equal(u8, 5);
	expect_fail(doca_rdma_set_rnr_retry_count(rdma, 8), DOCA_ERROR_INVALID_VALUE, "doca_rdma_set_rnr_retry_count");
	expect_ok(doca_rdma_set_connection_request_timeout(rdma, 100));
	expect_ok(doca_rdma_get_connection_request_timeout(rdma, &u16));
	assert_int_equal(u16, 100);
	/* The datapath on the DPA (test_dpa_rdma.c has it running): refused here, the context being
	 * idle and on the CPU. */
	expect_fail(doca_rdma_get_dpa_handle(rdma, &dpa), DOCA_ERROR_BAD_STATE, "doca_rdma_get_dpa_handle");
	expect_fail(doca_rdma_get_dpa_handle(rdma, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_get_dpa_handle");
	expect_fail(doca_rdma_get_gpu_handle(rdma, &gpu), DOCA_ERROR_NOT_SUPPORTED, "doca_rdma_get_gpu_handle");
	expect_fail(doca_rdma_dpa_completion_attach(rdma, (struct doca_dpa_completion *)rdma), DOCA_ERROR_BAD_STATE,
		    "doca_rdma_dpa_completion_attach");
	expect_fail(doca_rdma_dpa_completion_attach(rdma, NULL), DOCA_ERROR_BAD_STATE,
		    "doca_rdma_dpa_completion_attach");
	expect_fail(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(rdma), (struct doca_dpa *)rdma),
		    DOCA_ERROR_INVALID_VALUE, "doca_ctx_set_datapath_on_dpa");
	assert_null(doca_rdma_as_ctx(NULL));
	free(sdk_log_take());
	/* tasks not configured: start refuses nothing; running refuses the setters; export works */
	expect_ok(doca_pe_create(&pe));
	expect_ok(doca_pe_connect_ctx(pe, doca_rdma_as_ctx(rdma)));
	expect_ok(doca_ctx_start(doca_rdma_as_ctx(rdma)));
	expect_fail(doca_rdma_set_sl(rdma, 1), DOCA_ERROR_BAD_STATE, "doca_rdma_set_sl");
	{
		const void *d;
		size_t l;
		struct doca_rdma_connection *c[5];
		char junk[8] = { 0 };

		for (int i = 0; i < 4; i++)
			expect_ok(doca_rdma_export(rdma, &d, &l, &c[i]));
		expect_fail(doca_rdma_export(rdma, &d, &l, &c[4]), DOCA_ERROR_FULL, "doca_rdma_export");
		expect_fail(doca_rdma_export(rdma, NULL, &l, &c[4]), DOCA_ERROR_INVALID_VALUE, "doca_rdma_export");
		expect_fail(doca_rdma_connect(rdma, junk, sizeof(junk), c[0]), DOCA_ERROR_INVALID_VALUE,
			    "doca_rdma_connect");
		expect_fail(doca_rdma_connect(rdma, d, l, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_connect");
		/* a context connects to itself (its own connections are peers) */
		expect_ok(doca_rdma_connect(rdma, d, l, c[0]));
		expect_fail(doca_rdma_connect(rdma, d, l, c[0]), DOCA_ERROR_BAD_STATE, "doca_rdma_connect");
		expect_ok(doca_rdma_connection_set_user_data(c[1], (union doca_data){ .u64 = 9 }));
		{
			union doca_data v;

			expect_ok(doca_rdma_connection_get_user_data(c[1], &v));
			assert_int_equal(v.u64, 9);
			expect_fail(doca_rdma_connection_get_user_data(c[1], NULL), DOCA_ERROR_INVALID_VALUE,
				    "doca_rdma_connection_get_user_data");
			expect_fail(doca_rdma_connection_get_id(NULL, &u32), DOCA_ERROR_INVALID_VALUE,
				    "doca_rdma_connection_get_id");
		}
	}
	expect_fail(doca_rdma_destroy(rdma), DOCA_ERROR_BAD_STATE, "doca_rdma_destroy");
	expect_ok(doca_ctx_stop(doca_rdma_as_ctx(rdma)));
	expect_ok(doca_rdma_destroy(rdma));
	expect_fail(doca_rdma_destroy(rdma), DOCA_ERROR_INVALID_VALUE, "doca_rdma_destroy");
	expect_ok(doca_pe_destroy(pe));
	sim_dev_close(dev);
}

/* Capabilities of a device; a bad devinfo refused. */
static void test_caps(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	struct doca_rdma_gid gids[3];
	uint32_t v;

	(void)state;
	sdk_log_capture();
	expect_ok(doca_rdma_cap_get_max_message_size(info, &v));
	assert_true(v >= 4096);
	expect_ok(doca_rdma_cap_get_max_recv_queue_size(info, &v));
	assert_true(v >= 1024);
	expect_ok(doca_rdma_cap_get_max_send_queue_size(info, &v));
	expect_ok(doca_rdma_cap_get_max_send_buf_list_len(info, &v));
	assert_true(v >= 1);
	expect_ok(doca_rdma_cap_task_receive_get_max_dst_buf_list_len(info, DOCA_RDMA_TRANSPORT_TYPE_RC, &v));
	expect_fail(doca_rdma_cap_get_max_message_size(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_cap_get_max_message_size");
	expect_fail(doca_rdma_cap_get_max_message_size(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_cap_get_max_message_size");
	expect_ok(doca_rdma_cap_transport_type_is_supported(info, DOCA_RDMA_TRANSPORT_TYPE_RC));
	assert_int_equal(doca_rdma_cap_transport_type_is_supported(info, DOCA_RDMA_TRANSPORT_TYPE_DC),
			 DOCA_ERROR_NOT_SUPPORTED);
	expect_ok(doca_rdma_cap_task_send_is_supported(info));
	expect_ok(doca_rdma_cap_task_receive_is_supported(info));
	expect_ok(doca_rdma_cap_task_send_imm_is_supported(info));
	expect_ok(doca_rdma_cap_task_read_is_supported(info));
	expect_ok(doca_rdma_cap_task_write_is_supported(info));
	expect_ok(doca_rdma_cap_task_write_imm_is_supported(info));
	expect_ok(doca_rdma_cap_task_atomic_fetch_add_is_supported(info));
	expect_ok(doca_rdma_cap_task_atomic_cmp_swp_is_supported(info));
	expect_fail(doca_rdma_cap_task_send_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_cap_task_send_is_supported");
	/* The port's GID table: the simulated port's link-local address, as RoCE v1 (0) and v2 (1). */
	expect_ok(doca_rdma_cap_get_gid_table_size(info, &v));
	assert_int_equal(v, 2);
	memset(gids, 0xff, sizeof(gids));
	expect_ok(doca_rdma_cap_get_gid(info, 0, 2, gids));
	assert_int_equal(gids[0].raw[0], 0xfe);
	assert_int_equal(gids[0].raw[1], 0x80);
	assert_memory_equal(gids[0].raw, gids[1].raw, sizeof(gids[0].raw));
	assert_int_equal(gids[2].raw[0], 0xff); /* nothing written past num_entries */
	expect_ok(doca_rdma_cap_get_gid(info, 1, 1, &gids[2]));
	assert_memory_equal(gids[1].raw, gids[2].raw, sizeof(gids[1].raw));
	expect_fail(doca_rdma_cap_get_gid_table_size(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_cap_get_gid_table_size");
	expect_fail(doca_rdma_cap_get_gid_table_size(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_cap_get_gid_table_size");
	expect_fail(doca_rdma_cap_get_gid(info, 0, 1, NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_cap_get_gid");
	expect_fail(doca_rdma_cap_get_gid(info, 0, 0, gids), DOCA_ERROR_INVALID_VALUE, "doca_rdma_cap_get_gid");
	expect_fail(doca_rdma_cap_get_gid(info, 1, 2, gids), DOCA_ERROR_INVALID_VALUE, "doca_rdma_cap_get_gid");
	expect_fail(doca_rdma_cap_get_gid(info, 2, 1, gids), DOCA_ERROR_INVALID_VALUE, "doca_rdma_cap_get_gid");
	expect_fail(doca_rdma_cap_get_gid(info, UINT32_MAX, 2, gids), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_cap_get_gid");
	expect_fail(doca_rdma_cap_get_gid(NULL, 0, 1, gids), DOCA_ERROR_INVALID_VALUE, "doca_rdma_cap_get_gid");
	sim_dev_close(dev);
}

/* Progresses s until its completions reach count (or a long while passed). */
static int progress_to(struct side *s, unsigned count)
{
	for (long i = 0; i < 2000000 && s->done + s->failed < count; i++)
		doca_pe_progress(s->pe);
	return s->done + s->failed == count && !s->failed;
}

static void full_write(int fd, const void *p, size_t n)
{
	if (write(fd, &n, sizeof(n)) != sizeof(n) || write(fd, p, n) != (ssize_t)n)
		abort();
}

static void *full_read(int fd, size_t *n)
{
	void *p;

	if (read(fd, n, sizeof(*n)) != sizeof(*n) || !(p = malloc(*n)) || read(fd, p, *n) != (ssize_t)*n)
		abort();
	return p;
}

/* The child: connects back, receives the parent's send, writes with immediate and reads its memory. */
static int other_process_child(int in, int out)
{
	struct side *b = calloc(1, sizeof(*b));
	union doca_data ud = { .u64 = 0 };
	struct doca_rdma_task_receive *recv;
	struct doca_rdma_task_write_imm *wimm;
	struct doca_rdma_task_read *rd;
	struct doca_mmap *amap;
	struct doca_buf *rbuf, *src, *dst, *rsrc, *rdst;
	const void *d;
	size_t l, la, lm;
	void *details_a, *desc_a;
	char *amem;
	size_t alen;

	side_open(b, 1);
	if (doca_rdma_export(b->rdma, &d, &l, &b->conn))
		return 10;
	full_write(out, d, l);
	details_a = full_read(in, &la);
	desc_a = full_read(in, &lm);
	if (doca_rdma_connect(b->rdma, details_a, la, b->conn) ||
	    doca_mmap_create_from_export(NULL, desc_a, lm, b->dev, &amap) ||
	    doca_mmap_get_memrange(amap, (void **)&amem, &alen))
		return 11;
	rbuf = buf(b, b->mmap, b->mem, 64, 0);
	if (doca_rdma_task_receive_allocate_init(b->rdma, rbuf, ud, &recv) ||
	    doca_task_submit(doca_rdma_task_receive_as_task(recv)) || !progress_to(b, 1) || strcmp(b->mem, "ping"))
		return 12;
	strcpy(b->mem + 256, "pong");
	src = buf(b, b->mmap, b->mem + 256, 64, 5);
	dst = buf(b, amap, amem + 1024, 64, 0);
	if (doca_rdma_task_write_imm_allocate_init(b->rdma, b->conn, src, dst, htobe32(5), ud, &wimm) ||
	    doca_task_submit(doca_rdma_task_write_imm_as_task(wimm)) || !progress_to(b, 2))
		return 13;
	rsrc = buf(b, amap, amem + 100, 7, 7);
	rdst = buf(b, b->mmap, b->mem + 512, 64, 0);
	if (doca_rdma_task_read_allocate_init(b->rdma, b->conn, rsrc, rdst, ud, &rd) ||
	    doca_task_submit(doca_rdma_task_read_as_task(rd)) || !progress_to(b, 3) || strcmp(b->mem + 512, "readme"))
		return 14;
	full_write(out, "done", 4);
	release_bufs();
	doca_task_free(doca_rdma_task_read_as_task(rd));
	doca_task_free(doca_rdma_task_write_imm_as_task(wimm));
	doca_task_free(doca_rdma_task_receive_as_task(recv));
	doca_ctx_stop(doca_rdma_as_ctx(b->rdma));
	progress_until_idle(b, NULL);
	doca_mmap_destroy(amap);
	side_close(b);
	free(b);
	free(details_a);
	free(desc_a);
	return 0;
}

/*
 * A peer in another process (fork): the details and the memory's export go through pipes, as the
 * samples' files; a send one way, a write with immediate and a read the other way.
 */
static void test_other_process(void **state)
{
	int p2c[2], c2p[2], status;
	struct side *a;
	union doca_data ud = { .u64 = 0 };
	struct doca_rdma_task_receive *recv;
	struct doca_rdma_task_send *send;
	const void *d, *desc;
	size_t l, lb, lm;
	void *details_b, *done;
	pid_t pid;

	(void)state;
	assert_int_equal(pipe(p2c), 0);
	assert_int_equal(pipe(c2p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(other_process_child(p2c[0], c2p[1]));
	a = calloc(1, sizeof(*a));
	side_open(a, 0);
	strcpy(a->mem + 100, "readme");
	assert_int_equal(doca_rdma_export(a->rdma, &d, &l, &a->conn), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_export_rdma(a->mmap, a->dev, &desc, &lm), DOCA_SUCCESS);
	full_write(p2c[1], d, l);
	full_write(p2c[1], desc, lm);
	details_b = full_read(c2p[0], &lb);
	assert_int_equal(doca_rdma_connect(a->rdma, details_b, lb, a->conn), DOCA_SUCCESS);
	/* the write with immediate's notification */
	assert_int_equal(
		doca_rdma_task_receive_allocate_init(a->rdma, buf(a, a->mmap, a->mem + 2048, 64, 0), ud, &recv),
		DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_receive_as_task(recv)), DOCA_SUCCESS);
	strcpy(a->mem, "ping");
	assert_int_equal(doca_rdma_task_send_allocate_init(a->rdma, a->conn, buf(a, a->mmap, a->mem, 64, 5), ud, &send),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_send_as_task(send)), DOCA_SUCCESS);
	assert_true(progress_to(a, 2));
	assert_int_equal(doca_rdma_task_receive_get_result_opcode(recv), DOCA_RDMA_OPCODE_RECV_WRITE_WITH_IMM);
	assert_int_equal(doca_rdma_task_receive_get_result_immediate_data(recv), htobe32(5));
	assert_string_equal(a->mem + 1024, "pong");
	/* the child read a's memory (served by this process's exporter while it progresses) */
	{
		struct pollfd p = { .fd = c2p[0], .events = POLLIN };

		for (int i = 0; i < 20000 && poll(&p, 1, 0) == 0; i++)
			doca_pe_progress(a->pe), usleep(100);
	}
	done = full_read(c2p[0], &l);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	free(done);
	free(details_b);
	doca_task_free(doca_rdma_task_send_as_task(send));
	doca_task_free(doca_rdma_task_receive_as_task(recv));
	doca_ctx_stop(doca_rdma_as_ctx(a->rdma));
	progress_until_idle(a, NULL);
	release_bufs();
	side_close(a);
	free(a);
	for (int i = 0; i < 2; i++) {
		close(p2c[i]);
		close(c2p[i]);
	}
}
/* The remote net sync event tasks: get, notify_set and notify_add on b's event, from a. */
COUNT_CB(se_get_cb, doca_rdma_task_remote_net_sync_event_get)
COUNT_CB(se_set_cb, doca_rdma_task_remote_net_sync_event_notify_set)
COUNT_CB(se_add_cb, doca_rdma_task_remote_net_sync_event_notify_add)

static void test_sync_event_tasks(void **state)
{
	struct side *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	union doca_data ud = { .u64 = 0 };
	struct doca_sync_event *se;
	struct doca_sync_event_remote_net *rn;
	struct doca_rdma_task_remote_net_sync_event_get *get;
	struct doca_rdma_task_remote_net_sync_event_notify_set *set;
	struct doca_rdma_task_remote_net_sync_event_notify_add *add;
	const uint8_t *desc;
	size_t len;
	uint64_t v = 0;
	unsigned sa = 0;

	(void)state;
	side_open(a, 0);
	/* a's task types are configured before start: a second context takes the sync event tasks */
	assert_int_equal(doca_ctx_stop(doca_rdma_as_ctx(a->rdma)), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_remote_net_sync_event_get_set_conf(a->rdma, se_get_cb, se_get_cb, 4),
			 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_remote_net_sync_event_notify_set_set_conf(a->rdma, se_set_cb, se_set_cb, 4),
			 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_remote_net_sync_event_notify_add_set_conf(a->rdma, se_add_cb, se_add_cb, 4),
			 DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_rdma_as_ctx(a->rdma)), DOCA_SUCCESS);
	side_open(b, 1);
	pair(a, b);
	assert_int_equal(doca_sync_event_create(&se), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_publisher_location_remote_net(se), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_subscriber_location_cpu(se, b->dev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_start(se), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_update_set(se, 5), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_export_to_remote_net(se, &desc, &len), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_remote_net_create_from_export(a->dev, desc, len, &rn), DOCA_SUCCESS);

	assert_int_equal(doca_rdma_task_remote_net_sync_event_get_allocate_init(
				 a->rdma, a->conn, rn, buf(a, a->mmap, a->mem, 8, 0), ud, &get),
			 DOCA_SUCCESS);
	assert_ptr_equal(doca_rdma_task_remote_net_sync_event_get_get_sync_event(get), rn);
	assert_int_equal(doca_task_submit(doca_rdma_task_remote_net_sync_event_get_as_task(get)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	assert_int_equal(*(uint64_t *)(void *)a->mem, 5);
	assert_int_equal(doca_rdma_task_remote_net_sync_event_get_get_result_len(get), 8);

	v = 9;
	memcpy(a->mem + 64, &v, 8);
	assert_int_equal(doca_rdma_task_remote_net_sync_event_notify_set_allocate_init(
				 a->rdma, a->conn, rn, buf(a, a->mmap, a->mem + 64, 8, 8), ud, &set),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_remote_net_sync_event_notify_set_as_task(set)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	assert_int_equal(doca_sync_event_get(se, &v), DOCA_SUCCESS);
	assert_int_equal(v, 9);

	assert_int_equal(doca_rdma_task_remote_net_sync_event_notify_add_allocate_init(
				 a->rdma, a->conn, rn, buf(a, a->mmap, a->mem + 128, 8, 0), 3, ud, &add),
			 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_remote_net_sync_event_notify_add_get_add_data(add), 3);
	assert_int_equal(doca_task_submit(doca_rdma_task_remote_net_sync_event_notify_add_as_task(add)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	assert_int_equal(doca_sync_event_get(se, &v), DOCA_SUCCESS);
	assert_int_equal(v, 12);
	assert_int_equal(*(uint64_t *)(void *)(a->mem + 128), 9);
	assert_int_equal(a->failed, 0);

	/* a task without its event fails in the error callback */
	doca_rdma_task_remote_net_sync_event_notify_add_set_sync_event(add, NULL);
	sdk_log_capture();
	assert_int_equal(doca_task_submit(doca_rdma_task_remote_net_sync_event_notify_add_as_task(add)), DOCA_SUCCESS);
	wait_one(a, b, a, &sa);
	assert_int_equal(a->last, DOCA_ERROR_INVALID_VALUE);
	free(sdk_log_take());

	doca_task_free(doca_rdma_task_remote_net_sync_event_get_as_task(get));
	doca_task_free(doca_rdma_task_remote_net_sync_event_notify_set_as_task(set));
	doca_task_free(doca_rdma_task_remote_net_sync_event_notify_add_as_task(add));
	assert_int_equal(doca_sync_event_remote_net_destroy(rn), DOCA_SUCCESS);
	stop_both(a, b);
	assert_int_equal(doca_sync_event_stop(se), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(se), DOCA_SUCCESS);
	release_bufs();
	side_close(a);
	side_close(b);
	free(a);
	free(b);
}

/* ---- The connection manager ---- */

static struct doca_rdma_connection *cm_conn;
static unsigned cm_requests, cm_established, cm_failures, cm_disconnects;

static void cm_request_cb(struct doca_rdma_connection *conn, union doca_data ctx_user_data)
{
	(void)ctx_user_data;
	cm_requests++;
	assert_int_equal(doca_rdma_connection_accept(conn, NULL, 0), DOCA_SUCCESS);
}

static void cm_established_cb(struct doca_rdma_connection *conn, union doca_data conn_data, union doca_data ctx_data)
{
	(void)conn_data;
	(void)ctx_data;
	cm_conn = conn;
	cm_established++;
}

static void cm_failure_cb(struct doca_rdma_connection *conn, union doca_data conn_data, union doca_data ctx_data)
{
	(void)conn;
	(void)conn_data;
	(void)ctx_data;
	cm_failures++;
}

static void cm_disconnect_cb(struct doca_rdma_connection *conn, union doca_data conn_data, union doca_data ctx_data)
{
	(void)conn_data;
	(void)ctx_data;
	cm_disconnects++;
	assert_int_equal(doca_rdma_connection_disconnect(conn), DOCA_SUCCESS);
}

/* A side with the connection manager's callbacks, started. */
static void cm_side_open(struct side *s, int dev)
{
	union doca_data ud = { .ptr = s };

	memset(s, 0, sizeof(*s));
	s->dev = sim_dev_open(dev);
	assert_int_equal(doca_pe_create(&s->pe), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_create(s->dev, &s->rdma), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_set_connection_state_callbacks(s->rdma, cm_request_cb, cm_established_cb,
								  cm_failure_cb, cm_disconnect_cb),
			 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_receive_set_conf(s->rdma, recv_cb, recv_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_send_set_conf(s->rdma, send_cb, send_cb, NTASKS), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_user_data(doca_rdma_as_ctx(s->rdma), ud), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(s->pe, doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create(&s->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(s->mmap, s->mem, SIZE), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(s->mmap, s->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(s->mmap, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(s->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_create(16, &s->inv), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_start(s->inv), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
}

/* The client (a child process): connects to port 24680 before the server listens, sends, disconnects. */
static int cm_client(void)
{
	struct side *b = calloc(1, sizeof(*b));
	struct doca_rdma_addr *addr;
	struct doca_rdma_task_send *send;
	union doca_data ud = { .u64 = 0 };
	enum doca_rdma_addr_type type;
	const char *text;
	uint16_t port;

	cm_side_open(b, 1);
	if (doca_rdma_addr_create(DOCA_RDMA_ADDR_TYPE_IPv4, "192.168.100.1", 24680, &addr) ||
	    doca_rdma_connect_to_addr(b->rdma, addr, ud))
		return 20;
	/* the connection keeps its own copy of the address */
	if (doca_rdma_addr_destroy(addr))
		return 24;
	for (long i = 0; i < 5000000 && !cm_established && !cm_failures; i++)
		doca_pe_progress(b->pe);
	if (!cm_established)
		return 21;
	/* the client's connection: the address it connected to, the connection's to keep */
	if (doca_rdma_connection_get_addr(cm_conn, &addr) || doca_rdma_addr_get_params(addr, &type, &text, &port) ||
	    type != DOCA_RDMA_ADDR_TYPE_IPv4 || strcmp(text, "192.168.100.1") || port != 24680 ||
	    doca_rdma_addr_destroy(addr) != DOCA_ERROR_BAD_STATE)
		return 25;
	strcpy(b->mem, "over the CM");
	if (doca_rdma_task_send_allocate_init(b->rdma, cm_conn, buf(b, b->mmap, b->mem, 64, 12), ud, &send) ||
	    doca_task_submit(doca_rdma_task_send_as_task(send)) || !progress_to(b, 1))
		return 22;
	if (doca_rdma_connection_disconnect(cm_conn))
		return 23;
	doca_task_free(doca_rdma_task_send_as_task(send));
	release_bufs();
	doca_ctx_stop(doca_rdma_as_ctx(b->rdma));
	progress_until_idle(b, NULL);
	side_close(b);
	free(b);
	return 0;
}

/* The server listens (after the client tried: it retries), accepts, receives, sees the disconnection. */
static void test_connection_manager(void **state)
{
	struct side *a = calloc(1, sizeof(*a));
	struct doca_rdma_task_receive *recv;
	union doca_data ud = { .u64 = 0 };
	struct doca_rdma_addr *addr;
	enum doca_rdma_addr_type type;
	struct doca_rdma_gid gid;
	struct doca_dev *client_dev;
	char want[INET6_ADDRSTRLEN];
	const char *text;
	uint16_t port;
	int status;
	pid_t pid;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(cm_client());
	cm_side_open(a, 0);
	client_dev = sim_dev_open(1);
	usleep(200000);
	assert_int_equal(doca_rdma_start_listen_to_port(a->rdma, 24680), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_receive_allocate_init(a->rdma, buf(a, a->mmap, a->mem, 64, 0), ud, &recv),
			 DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_receive_as_task(recv)), DOCA_SUCCESS);
	if (!progress_to(a, 1))
		fail_msg("done %u failed %u last %s requests %u established %u", a->done, a->failed,
			 doca_error_get_name(a->last), cm_requests, cm_established);
	assert_string_equal(a->mem, "over the CM");
	assert_int_equal(cm_requests, 1);
	assert_int_equal(cm_established, 1);
	assert_ptr_equal(doca_rdma_task_receive_get_result_rdma_connection(recv), cm_conn);
	/* the server's connection: the client's GID (its device's GID 0) and the port it asked for */
	sdk_log_capture();
	free(sdk_log_take());
	expect_ok(doca_rdma_cap_get_gid(doca_dev_as_devinfo(client_dev), 0, 1, &gid));
	assert_non_null(inet_ntop(AF_INET6, gid.raw, want, sizeof(want)));
	expect_ok(doca_rdma_connection_get_addr(cm_conn, &addr));
	expect_ok(doca_rdma_addr_get_params(addr, &type, &text, &port));
	assert_int_equal(type, DOCA_RDMA_ADDR_TYPE_GID);
	assert_string_equal(text, want);
	assert_int_equal(port, 24680);
	expect_fail(doca_rdma_addr_destroy(addr), DOCA_ERROR_BAD_STATE, "doca_rdma_addr_destroy");
	expect_fail(doca_rdma_connection_get_addr(cm_conn, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_connection_get_addr");
	expect_fail(doca_rdma_connection_get_addr(NULL, &addr), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_connection_get_addr");
	for (long i = 0; i < 5000000 && !cm_disconnects; i++)
		doca_pe_progress(a->pe);
	assert_int_equal(cm_disconnects, 1);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(doca_rdma_stop_listen_to_port(a->rdma, 24680), DOCA_SUCCESS);
	doca_task_free(doca_rdma_task_receive_as_task(recv));
	doca_ctx_stop(doca_rdma_as_ctx(a->rdma));
	progress_until_idle(a, NULL);
	/* the address went with its connection */
	expect_fail(doca_rdma_addr_get_params(addr, &type, &text, &port), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_addr_get_params");
	release_bufs();
	side_close(a);
	sim_dev_close(client_dev);
	free(a);
}

/* Bad input of the connection manager's calls: one line each. */
static void test_connection_manager_bad(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_rdma *rdma;
	struct doca_rdma_addr *addr;
	enum doca_rdma_addr_type type;
	const char *text;
	uint16_t port;

	(void)state;
	sdk_log_capture();
	expect_fail(doca_rdma_addr_create(DOCA_RDMA_ADDR_TYPE_IPv4, "not an address", 1, &addr),
		    DOCA_ERROR_INVALID_VALUE, "doca_rdma_addr_create");
	expect_fail(doca_rdma_addr_create(DOCA_RDMA_ADDR_TYPE_IPv4, "10.0.0.1", 1, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_addr_create");
	expect_ok(doca_rdma_addr_create(DOCA_RDMA_ADDR_TYPE_IPv6, "fe80::1", 7, &addr));
	expect_ok(doca_rdma_addr_get_params(addr, &type, &text, &port));
	assert_int_equal(type, DOCA_RDMA_ADDR_TYPE_IPv6);
	assert_string_equal(text, "fe80::1");
	assert_int_equal(port, 7);
	expect_fail(doca_rdma_addr_get_params(addr, NULL, &text, &port), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_addr_get_params");
	expect_ok(doca_rdma_create(dev, &rdma));
	expect_fail(doca_rdma_set_connection_state_callbacks(rdma, NULL, cm_established_cb, cm_failure_cb,
							     cm_disconnect_cb),
		    DOCA_ERROR_INVALID_VALUE, "doca_rdma_set_connection_state_callbacks");
	expect_fail(doca_rdma_start_listen_to_port(rdma, 1), DOCA_ERROR_BAD_STATE, "doca_rdma_start_listen_to_port");
	expect_fail(doca_rdma_connect_to_addr(rdma, addr, (union doca_data){ .u64 = 0 }), DOCA_ERROR_BAD_STATE,
		    "doca_rdma_connect_to_addr");
	expect_fail(doca_rdma_stop_listen_to_port(rdma, 1), DOCA_ERROR_BAD_STATE, "doca_rdma_stop_listen_to_port");
	expect_fail(doca_rdma_connection_accept(NULL, NULL, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_rdma_connection_accept");
	expect_fail(doca_rdma_connection_reject(NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_connection_reject");
	expect_fail(doca_rdma_connection_disconnect(NULL), DOCA_ERROR_INVALID_VALUE, "doca_rdma_connection_disconnect");
	expect_ok(doca_rdma_destroy(rdma));
	expect_ok(doca_rdma_addr_destroy(addr));
	expect_fail(doca_rdma_addr_destroy(addr), DOCA_ERROR_INVALID_VALUE, "doca_rdma_addr_destroy");
	sim_dev_close(dev);
}

/* The forms of 2.5 and 2.6 (rdma_2_5.c, rdma_2_6.c). */
static void test_older_releases(void **state)
{
	struct doca_dev *a = sim_dev_open(0), *b = sim_dev_open(1);

	(void)state;
	rdma_2_6_pair(a, b);
	rdma_2_5_grh(a);
	sim_dev_close(a);
	sim_dev_close(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_properties),         cmocka_unit_test(test_caps),
		cmocka_unit_test(test_two_devices),        cmocka_unit_test(test_one_device),
		cmocka_unit_test(test_stop_in_flight),     cmocka_unit_test(test_other_process),
		cmocka_unit_test(test_connection_manager), cmocka_unit_test(test_connection_manager_bad),
		cmocka_unit_test(test_sync_event_tasks),   cmocka_unit_test(test_older_releases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
