/*
 * A 2.2 program's memory calls: maps created with user data, devices added before start
 * (doca_mmap_dev_add), export_dpu, the dma-buf range by offset; inventories with user data and
 * extensions, buf_by_args and the inline buf_by_addr / buf_by_data; doca_buf_list_*,
 * refcount_add / _rm; 2.2's doca_bufpool; buffer arrays over a map.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API
#define _GNU_SOURCE /* memfd_create */

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_array.h>
#include <doca_buf_inventory.h>
#include <doca_bufpool.h>
#include <doca_mmap.h>

#include "mem_releases.h"
#include "mem_util.h"

static char memory[8192] __attribute__((aligned(4096)));

void mmap_2_2(void **state)
{
	struct doca_dev *dev = sim_dev_open(0), *other = sim_dev_open(1);
	union doca_data data = { .u64 = 22 };
	struct doca_mmap *mmap, *imported, *dmabuf;
	struct doca_buf_inventory *inv;
	struct doca_buf *buf;
	const void *desc;
	size_t len;
	void *addr;
	int fd = memfd_create("dmabuf", 0);

	(void)state;
	expect_ok(doca_mmap_create(&data, &mmap));
	data.u64 = 0;
	expect_ok(doca_mmap_get_user_data(mmap, &data));
	assert_int_equal(data.u64, 22);
	/* 2.2: devices before start, as 2.5's add_dev. */
	expect_ok(doca_mmap_dev_add(mmap, dev));
	expect_fail(doca_mmap_dev_add(mmap, dev), DOCA_ERROR_ALREADY_EXIST, "doca_mmap_dev_add");
	expect_ok(doca_mmap_set_permissions(mmap, DOCA_ACCESS_DPU_READ_WRITE));
	expect_ok(doca_mmap_set_memrange(mmap, memory, sizeof(memory)));
	expect_ok(doca_mmap_start(mmap));
	expect_fail(doca_mmap_dev_add(mmap, other), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_dev_add");
	expect_fail(doca_mmap_dev_rm(mmap, dev), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_dev_rm");
	expect_fail(doca_mmap_export_dpu(mmap, other, &desc, &len), DOCA_ERROR_NOT_FOUND, "doca_mmap_export_dpu");
	expect_ok(doca_mmap_export_dpu(mmap, dev, &desc, &len));
	expect_ok(doca_mmap_create_from_export(NULL, desc, len, other, &imported));
	expect_ok(doca_buf_inventory_create(NULL, 1, DOCA_BUF_EXTENSION_NONE, &inv));
	expect_ok(doca_buf_inventory_start(inv));
	expect_ok(doca_buf_inventory_buf_by_addr(inv, imported, memory + 8, 8, &buf));
	expect_ok(doca_buf_refcount_rm(buf, NULL));
	expect_ok(doca_buf_inventory_destroy(inv));
	expect_ok(doca_mmap_destroy(imported));
	expect_ok(doca_mmap_destroy(mmap));
	/* 2.2's dma-buf range has no address: buffers address it by offset. */
	assert_true(fd >= 0);
	expect_ok(doca_mmap_create(NULL, &dmabuf));
	expect_fail(doca_mmap_set_dmabuf_memrange(dmabuf, fd, 0, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_set_dmabuf_memrange");
	expect_ok(doca_mmap_set_dmabuf_memrange(dmabuf, fd, 4096, 8192));
	expect_ok(doca_mmap_get_memrange(dmabuf, &addr, &len));
	assert_int_equal((uintptr_t)addr, 4096);
	assert_int_equal(len, 8192);
	expect_ok(doca_mmap_destroy(dmabuf));
	close(fd);
	sim_dev_close(dev);
	sim_dev_close(other);
}

void buffers_and_lists_2_2(void **state)
{
	struct doca_buf_inventory *inv;
	struct doca_mmap *mmap;
	struct doca_buf *a, *b, *c, *out;
	union doca_data data = { .u64 = 5 };
	uint32_t n;
	uint16_t count;
	size_t data_len;
	bool yes;

	(void)state;
	expect_ok(doca_mmap_create(NULL, &mmap));
	expect_ok(doca_mmap_set_memrange(mmap, memory, sizeof(memory)));
	expect_ok(doca_mmap_start(mmap));
	expect_fail(doca_buf_inventory_create(&data, 4, 2, &inv), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_create");
	expect_ok(doca_buf_inventory_create(&data, 4, DOCA_BUF_EXTENSION_NONE, &inv));
	data.u64 = 0;
	expect_ok(doca_buf_inventory_get_user_data(inv, &data));
	assert_int_equal(data.u64, 5);
	expect_ok(doca_buf_inventory_start(inv));
	expect_ok(doca_buf_inventory_buf_by_args(inv, mmap, memory, 64, memory + 8, 8, &a));
	expect_ok(doca_buf_inventory_buf_by_addr(inv, mmap, memory + 64, 64, &b));
	expect_ok(doca_buf_inventory_buf_by_data(inv, mmap, memory + 128, 64, &c));
	expect_ok(doca_buf_get_data_len(c, &data_len));
	assert_int_equal(data_len, 64);
	expect_fail(doca_buf_inventory_buf_by_args(inv, mmap, memory, 64, memory + 60, 8, &out),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_by_args");
	expect_ok(doca_buf_list_chain(a, b));
	expect_ok(doca_buf_list_chain(a, c));
	expect_ok(doca_buf_list_num_elements(a, &n));
	assert_int_equal(n, 3);
	expect_fail(doca_buf_list_num_elements(b, &n), DOCA_ERROR_NOT_PERMITTED, "doca_buf_list_num_elements");
	expect_ok(doca_buf_list_is_first(a, &yes));
	assert_true(yes);
	expect_ok(doca_buf_list_is_last(b, &yes));
	assert_false(yes);
	expect_ok(doca_buf_list_last(a, &out));
	assert_ptr_equal(out, c);
	expect_ok(doca_buf_list_next(b, &out));
	assert_ptr_equal(out, c);
	expect_fail(doca_buf_list_is_first(NULL, &yes), DOCA_ERROR_INVALID_VALUE, "doca_buf_list_is_first");
	expect_fail(doca_buf_list_chain(a, a), DOCA_ERROR_INVALID_VALUE, "doca_buf_list_chain");
	expect_ok(doca_buf_list_unchain(a, b));
	expect_fail(doca_buf_list_unchain(a, c), DOCA_ERROR_INVALID_VALUE, "doca_buf_list_unchain");
	expect_ok(doca_buf_refcount_add(b, &count));
	assert_int_equal(count, 1);
	expect_ok(doca_buf_refcount_rm(b, &count));
	assert_int_equal(count, 2);
	expect_fail(doca_buf_refcount_add(c, &count), DOCA_ERROR_NOT_PERMITTED, "doca_buf_refcount_add");
	expect_ok(doca_buf_refcount_rm(b, NULL));
	expect_ok(doca_buf_refcount_rm(a, NULL));
	expect_fail(doca_buf_refcount_rm(a, NULL), DOCA_ERROR_BAD_STATE, "doca_buf_refcount_rm");
	expect_ok(doca_buf_inventory_destroy(inv));
	expect_ok(doca_mmap_destroy(mmap));
}

void bufpool_2_2(void **state)
{
	struct doca_bufpool *pool;
	struct doca_mmap *mmap;
	struct doca_buf *b[3], *none = NULL;
	union doca_data data = { .u64 = 7 };
	uint32_t n;
	void *head;

	(void)state;
	expect_ok(doca_mmap_create(NULL, &mmap));
	expect_ok(doca_mmap_set_memrange(mmap, memory + 1, sizeof(memory) - 1));
	expect_ok(doca_mmap_start(mmap));
	expect_fail(doca_bufpool_create(&data, 3, 1, 100, 64, mmap, &pool), DOCA_ERROR_INVALID_VALUE,
		    "doca_bufpool_create");
	expect_fail(doca_bufpool_create(&data, 3, DOCA_BUF_EXTENSION_NONE, 100, 12, mmap, &pool),
		    DOCA_ERROR_INVALID_VALUE, "doca_bufpool_create");
	expect_ok(doca_bufpool_create(&data, 3, DOCA_BUF_EXTENSION_NONE, 100, 64, mmap, &pool));
	expect_fail(doca_bufpool_buf_alloc(pool, &none), DOCA_ERROR_BAD_STATE, "doca_bufpool_buf_alloc");
	expect_ok(doca_bufpool_start(pool));
	for (int i = 0; i < 3; i++) {
		expect_ok(doca_bufpool_buf_alloc(pool, &b[i]));
		expect_ok(doca_buf_get_head(b[i], &head));
		/* The range starts one byte in: the first element is aligned up. */
		assert_int_equal((uintptr_t)head % 64, 0);
		assert_true((char *)head > memory);
	}
	expect_fail(doca_bufpool_buf_alloc(pool, &none), DOCA_ERROR_EMPTY, "doca_bufpool_buf_alloc");
	expect_ok(doca_bufpool_get_num_free_elements(pool, &n));
	assert_int_equal(n, 0);
	expect_fail(doca_bufpool_stop(pool), DOCA_ERROR_IN_USE, "doca_bufpool_stop");
	for (int i = 0; i < 3; i++)
		expect_ok(doca_buf_refcount_rm(b[i], NULL));
	expect_ok(doca_bufpool_get_num_elements(pool, &n));
	assert_int_equal(n, 3);
	data.u64 = 0;
	expect_ok(doca_bufpool_get_user_data(pool, &data));
	assert_int_equal(data.u64, 7);
	expect_ok(doca_bufpool_stop(pool));
	expect_ok(doca_bufpool_destroy(pool));
	expect_fail(doca_bufpool_destroy(pool), DOCA_ERROR_INVALID_VALUE, "doca_bufpool_destroy");
	expect_ok(doca_mmap_destroy(mmap));
}

void buf_arr_2_2(void **state)
{
	struct doca_buf_arr *arr;
	struct doca_mmap *mmap;
	int not_a_gpu;

	(void)state;
	expect_ok(doca_mmap_create(NULL, &mmap));
	expect_ok(doca_mmap_set_memrange(mmap, memory, sizeof(memory)));
	expect_fail(doca_buf_arr_create(NULL, &arr), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_create");
	expect_ok(doca_buf_arr_create(mmap, &arr));
	expect_fail(doca_buf_arr_set_params(arr, 64, 0, 0), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_set_params");
	expect_ok(doca_buf_arr_set_params(arr, 64, 8, 0));
	expect_fail(doca_buf_arr_set_target_gpu(arr, (struct doca_gpu *)&not_a_gpu), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_buf_arr_set_target_gpu");
	expect_fail(doca_buf_arr_start(arr), DOCA_ERROR_BAD_STATE, "doca_buf_arr_start");
	expect_ok(doca_buf_arr_destroy(arr));
	expect_ok(doca_mmap_destroy(mmap));
}
