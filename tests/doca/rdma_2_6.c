/* DOCA RDMA as a 2.6 program calls it: export and connect without connections, tasks without one. */
#define DOCA_VER_USED DOCA_VER(2, 6, 58)
#define DOCA_ALLOW_EXPERIMENTAL_API /* DOCA RDMA is experimental in every release */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_mmap.h>
#include <doca_pe.h>
#include <doca_rdma.h>

#include "mem_util.h"
#include "rdma_releases.h"

static unsigned done;

static void send_cb(struct doca_rdma_task_send *t, union doca_data u, union doca_data c)
{
	(void)u, (void)c;
	done += doca_task_get_status(doca_rdma_task_send_as_task(t)) == DOCA_SUCCESS;
}

static void recv_cb(struct doca_rdma_task_receive *t, union doca_data u, union doca_data c)
{
	(void)u, (void)c;
	done += doca_task_get_status(doca_rdma_task_receive_as_task(t)) == DOCA_SUCCESS;
}

static void write_cb(struct doca_rdma_task_write *t, union doca_data u, union doca_data c)
{
	(void)u, (void)c;
	done += doca_task_get_status(doca_rdma_task_write_as_task(t)) == DOCA_SUCCESS;
}

static void read_cb(struct doca_rdma_task_read *t, union doca_data u, union doca_data c)
{
	(void)u, (void)c;
	done += doca_task_get_status(doca_rdma_task_read_as_task(t)) == DOCA_SUCCESS;
}

struct old_side {
	struct doca_pe *pe;
	struct doca_rdma *rdma;
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
	char mem[1024];
};

static void open_side(struct old_side *s, struct doca_dev *dev)
{
	assert_int_equal(doca_pe_create(&s->pe), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_create(dev, &s->rdma), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_set_permissions(s->rdma, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE |
								    DOCA_ACCESS_FLAG_RDMA_READ |
								    DOCA_ACCESS_FLAG_RDMA_WRITE),
			 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_send_set_conf(s->rdma, send_cb, send_cb, 4), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_receive_set_conf(s->rdma, recv_cb, recv_cb, 4), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_write_set_conf(s->rdma, write_cb, write_cb, 4), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_read_set_conf(s->rdma, read_cb, read_cb, 4), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(s->pe, doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create(&s->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(s->mmap, s->mem, sizeof(s->mem)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(s->mmap, dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(s->mmap, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE |
								    DOCA_ACCESS_FLAG_RDMA_READ |
								    DOCA_ACCESS_FLAG_RDMA_WRITE),
			 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(s->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_create(8, &s->inv), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_start(s->inv), DOCA_SUCCESS);
}

static void close_side(struct old_side *s)
{
	assert_int_equal(doca_ctx_stop(doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_destroy(s->rdma), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(s->pe), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_destroy(s->inv), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(s->mmap), DOCA_SUCCESS);
}

static void wait_done(struct old_side *a, struct old_side *b, unsigned want)
{
	for (int i = 0; i < 100000 && done < want; i++) {
		doca_pe_progress(a->pe);
		doca_pe_progress(b->pe);
	}
	assert_int_equal(done, want);
}

void rdma_2_6_pair(struct doca_dev *deva, struct doca_dev *devb)
{
	static struct old_side a, b;
	const void *da, *db, *again, *desc;
	size_t la, lb, lagain, ldesc;
	union doca_data ud = { .u64 = 0 };
	struct doca_rdma_task_send *send;
	struct doca_rdma_task_receive *recv;
	struct doca_rdma_task_write *write;
	struct doca_rdma_task_read *read;
	struct doca_mmap *bmap;
	struct doca_buf *src, *rbuf, *dst, *rdst;

	done = 0;
	open_side(&a, deva);
	open_side(&b, devb);
	assert_int_equal(doca_rdma_export(a.rdma, &da, &la), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_export(a.rdma, &again, &lagain), DOCA_SUCCESS);
	assert_ptr_equal(again, da); /* the one connection's details */
	assert_int_equal(doca_rdma_export(b.rdma, &db, &lb), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_connect(a.rdma, db, lb), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_connect(b.rdma, da, la), DOCA_SUCCESS);

	strcpy(a.mem, "2.6 send");
	assert_int_equal(doca_buf_inventory_buf_get_by_data(a.inv, a.mmap, a.mem, 9, &src), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_buf_get_by_addr(b.inv, b.mmap, b.mem, 64, &rbuf), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_receive_allocate_init(b.rdma, rbuf, ud, &recv), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_receive_as_task(recv)), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_send_allocate_init(a.rdma, src, ud, &send), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_send_as_task(send)), DOCA_SUCCESS);
	wait_done(&a, &b, 2);
	assert_string_equal(b.mem, "2.6 send");

	assert_int_equal(doca_mmap_export_rdma(b.mmap, devb, &desc, &ldesc), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create_from_export(NULL, desc, ldesc, deva, &bmap), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_buf_get_by_addr(a.inv, bmap, b.mem + 512, 64, &dst), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_write_allocate_init(a.rdma, src, dst, ud, &write), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_write_as_task(write)), DOCA_SUCCESS);
	wait_done(&a, &b, 3);
	assert_string_equal(b.mem + 512, "2.6 send");
	assert_int_equal(doca_buf_inventory_buf_get_by_addr(a.inv, a.mmap, a.mem + 256, 64, &rdst), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_read_allocate_init(a.rdma, dst, rdst, ud, &read), DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_rdma_task_read_as_task(read)), DOCA_SUCCESS);
	wait_done(&a, &b, 4);
	assert_string_equal(a.mem + 256, "2.6 send");

	doca_task_free(doca_rdma_task_send_as_task(send));
	doca_task_free(doca_rdma_task_receive_as_task(recv));
	doca_task_free(doca_rdma_task_write_as_task(write));
	doca_task_free(doca_rdma_task_read_as_task(read));
	for (struct doca_buf **p = (struct doca_buf *[]){ src, rbuf, dst, rdst, NULL }; *p; p++)
		assert_int_equal(doca_buf_dec_refcount(*p, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(bmap), DOCA_SUCCESS);
	close_side(&a);
	close_side(&b);
}
