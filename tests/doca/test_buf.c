/*
 * DOCA buffers, inventories, pools and buffer arrays (host side), and the memory map's life
 * without devices, in the newest release's API: every function with good and bad input (one SDK
 * line naming it, nothing touched), reference counts down to their underflow, lists, inventory
 * exhaustion, pool alignment, stale and foreign buffer pointers.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API /* as NVIDIA's samples build */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_array.h>
#include <doca_buf_inventory.h>
#include <doca_buf_pool.h>
#include <doca_mmap.h>

#include "mem_util.h"

#define MEM_SIZE 4096

static char memory[MEM_SIZE] __attribute__((aligned(64)));

/* A started map over memory (no device: buffers need none), and a started inventory. */
struct fixture {
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	expect_ok(doca_mmap_create(&fx->mmap));
	expect_ok(doca_mmap_set_memrange(fx->mmap, memory, MEM_SIZE));
	expect_ok(doca_mmap_start(fx->mmap));
	expect_ok(doca_buf_inventory_create(8, &fx->inv));
	expect_ok(doca_buf_inventory_start(fx->inv));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_buf_inventory_destroy(fx->inv));
	expect_ok(doca_mmap_destroy(fx->mmap));
	free(fx);
	return 0;
}

static uint32_t free_of(struct doca_buf_inventory *inv)
{
	uint32_t n;

	expect_ok(doca_buf_inventory_get_num_free_elements(inv, &n));
	return n;
}

static uint32_t bufs_of(struct doca_mmap *mmap)
{
	uint32_t n;

	expect_ok(doca_mmap_get_num_bufs(mmap, &n));
	return n;
}

static struct doca_buf *take(struct fixture *fx, size_t offset, size_t len)
{
	struct doca_buf *buf = NULL;

	expect_ok(doca_buf_inventory_buf_get_by_addr(fx->inv, fx->mmap, memory + offset, len, &buf));
	assert_non_null(buf);
	return buf;
}

static void release(struct doca_buf *buf)
{
	expect_ok(doca_buf_dec_refcount(buf, NULL));
}

/* ---------------------------------------------------------------------------------------------- */

static void head_len_and_data(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf *buf;
	void *head, *data;
	size_t len, data_len;

	expect_ok(doca_buf_inventory_buf_get_by_args(fx->inv, fx->mmap, memory + 16, 256, memory + 32, 64, &buf));
	expect_ok(doca_buf_get_head(buf, &head));
	expect_ok(doca_buf_get_len(buf, &len));
	expect_ok(doca_buf_get_data(buf, &data));
	expect_ok(doca_buf_get_data_len(buf, &data_len));
	assert_ptr_equal(head, memory + 16);
	assert_int_equal(len, 256);
	assert_ptr_equal(data, memory + 32);
	assert_int_equal(data_len, 64);
	/* The data moves inside the buffer, its end included. */
	expect_ok(doca_buf_set_data(buf, memory + 16, 256));
	expect_ok(doca_buf_set_data(buf, memory + 272, 0));
	expect_ok(doca_buf_set_data(buf, memory + 100, 10));
	expect_ok(doca_buf_set_data_len(buf, 172));
	expect_ok(doca_buf_get_data_len(buf, &data_len));
	assert_int_equal(data_len, 172);
	/* Outside it: refused, nothing changed. */
	expect_fail(doca_buf_set_data(buf, memory + 15, 1), DOCA_ERROR_INVALID_VALUE, "doca_buf_set_data");
	expect_fail(doca_buf_set_data(buf, memory + 100, 173), DOCA_ERROR_INVALID_VALUE, "doca_buf_set_data");
	expect_fail(doca_buf_set_data(buf, memory + 273, 0), DOCA_ERROR_INVALID_VALUE, "doca_buf_set_data");
	expect_fail(doca_buf_set_data(buf, (void *)UINTPTR_MAX, 2), DOCA_ERROR_INVALID_VALUE, "doca_buf_set_data");
	expect_fail(doca_buf_set_data(buf, NULL, 0), DOCA_ERROR_INVALID_VALUE, "doca_buf_set_data");
	expect_fail(doca_buf_set_data_len(buf, 173), DOCA_ERROR_INVALID_VALUE, "doca_buf_set_data_len");
	expect_fail(doca_buf_set_data_len(buf, SIZE_MAX), DOCA_ERROR_INVALID_VALUE, "doca_buf_set_data_len");
	expect_ok(doca_buf_get_data(buf, &data));
	expect_ok(doca_buf_get_data_len(buf, &data_len));
	assert_ptr_equal(data, memory + 100);
	assert_int_equal(data_len, 172);
	expect_ok(doca_buf_reset_data_len(buf));
	expect_ok(doca_buf_get_data_len(buf, &data_len));
	assert_int_equal(data_len, 0);
	expect_ok(doca_buf_get_data(buf, &data));
	assert_ptr_equal(data, memory + 100);
	/* NULL outputs. */
	expect_fail(doca_buf_get_head(buf, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_head");
	expect_fail(doca_buf_get_len(buf, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_len");
	expect_fail(doca_buf_get_data(buf, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_data");
	expect_fail(doca_buf_get_data_len(buf, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_data_len");
	expect_fail(doca_buf_get_refcount(buf, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_refcount");
	release(buf);
	/* The inline forms: by address (no data) and by data (all of it). */
	expect_ok(doca_buf_inventory_buf_get_by_data(fx->inv, fx->mmap, memory + 8, 8, &buf));
	expect_ok(doca_buf_get_head(buf, &head));
	expect_ok(doca_buf_get_data_len(buf, &data_len));
	assert_ptr_equal(head, memory + 8);
	assert_int_equal(data_len, 8);
	release(buf);
	buf = take(fx, 0, MEM_SIZE);
	expect_ok(doca_buf_get_data_len(buf, &data_len));
	assert_int_equal(data_len, 0);
	release(buf);
}

static void a_buffer_outside_its_map_is_refused(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf *buf = NULL;
	char elsewhere[16];

	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, fx->mmap, memory + MEM_SIZE - 8, 9, &buf),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_get_by_args");
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, fx->mmap, (void *)((uintptr_t)memory - 1), 2, &buf),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_get_by_args");
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, fx->mmap, elsewhere, sizeof(elsewhere), &buf),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_get_by_args");
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, fx->mmap, memory, SIZE_MAX, &buf),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_get_by_args");
	/* Data outside the buffer. */
	expect_fail(doca_buf_inventory_buf_get_by_args(fx->inv, fx->mmap, memory, 64, memory + 60, 8, &buf),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_get_by_args");
	expect_fail(doca_buf_inventory_buf_get_by_args(fx->inv, fx->mmap, memory + 8, 64, memory, 8, &buf),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_get_by_args");
	/* Nothing was touched: no buffer out, none counted. */
	assert_null(buf);
	assert_int_equal(free_of(fx->inv), 8);
	assert_int_equal(bufs_of(fx->mmap), 0);
	/* Bad handles and outputs. */
	expect_fail(doca_buf_inventory_buf_get_by_addr(NULL, fx->mmap, memory, 8, &buf), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_buf_get_by_args");
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, NULL, memory, 8, &buf), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_buf_get_by_args");
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, (struct doca_mmap *)fx->inv, memory, 8, &buf),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_get_by_args");
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, fx->mmap, memory, 8, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_buf_get_by_args");
}

static void stopped_maps_and_inventories_give_no_buffer(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf *buf = NULL;

	expect_ok(doca_buf_inventory_stop(fx->inv));
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, fx->mmap, memory, 8, &buf), DOCA_ERROR_BAD_STATE,
		    "doca_buf_inventory_buf_get_by_args");
	expect_ok(doca_buf_inventory_start(fx->inv));
	expect_ok(doca_mmap_stop(fx->mmap));
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, fx->mmap, memory, 8, &buf), DOCA_ERROR_BAD_STATE,
		    "doca_buf_inventory_buf_get_by_args");
	assert_null(buf);
	assert_int_equal(free_of(fx->inv), 8);
	assert_int_equal(bufs_of(fx->mmap), 0);
	expect_ok(doca_mmap_start(fx->mmap));
	/* A stop with buffers out is refused, the map stays started. */
	buf = take(fx, 0, 8);
	expect_fail(doca_mmap_stop(fx->mmap), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_stop");
	expect_fail(doca_mmap_destroy(fx->mmap), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_destroy");
	release(take(fx, 8, 8));
	release(buf);
	expect_ok(doca_mmap_stop(fx->mmap));
	expect_ok(doca_mmap_start(fx->mmap));
}

static void reference_counts_down_to_their_underflow(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf *buf = take(fx, 0, 64);
	uint16_t count;
	void *data;

	expect_ok(doca_buf_get_refcount(buf, &count));
	assert_int_equal(count, 1);
	expect_ok(doca_buf_inc_refcount(buf, &count));
	assert_int_equal(count, 1); /* the count before */
	expect_ok(doca_buf_inc_refcount(buf, NULL));
	expect_ok(doca_buf_get_refcount(buf, &count));
	assert_int_equal(count, 3);
	expect_ok(doca_buf_dec_refcount(buf, &count));
	assert_int_equal(count, 3);
	expect_ok(doca_buf_dec_refcount(buf, NULL));
	assert_int_equal(free_of(fx->inv), 7);
	assert_int_equal(bufs_of(fx->mmap), 1);
	/* The last reference returns it. */
	expect_ok(doca_buf_dec_refcount(buf, &count));
	assert_int_equal(count, 1);
	assert_int_equal(free_of(fx->inv), 8);
	assert_int_equal(bufs_of(fx->mmap), 0);
	/* An underflow: the documented error, one line, nothing touched. */
	expect_fail(doca_buf_dec_refcount(buf, &count), DOCA_ERROR_BAD_STATE, "doca_buf_dec_refcount");
	assert_int_equal(free_of(fx->inv), 8);
	expect_fail(doca_buf_get_data(buf, &data), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_data");
	expect_fail(doca_buf_inc_refcount(buf, &count), DOCA_ERROR_INVALID_VALUE, "doca_buf_inc_refcount");
	/* The most references a buffer has. */
	buf = take(fx, 0, 64);
	for (unsigned i = 1; i < UINT16_MAX; i++)
		assert_int_equal(doca_buf_inc_refcount(buf, NULL), DOCA_SUCCESS);
	expect_fail(doca_buf_inc_refcount(buf, &count), DOCA_ERROR_TOO_BIG, "doca_buf_inc_refcount");
	expect_ok(doca_buf_get_refcount(buf, &count));
	assert_int_equal(count, UINT16_MAX);
	for (unsigned i = 0; i < UINT16_MAX; i++)
		assert_int_equal(doca_buf_dec_refcount(buf, NULL), DOCA_SUCCESS);
	assert_int_equal(free_of(fx->inv), 8);
}

static void stale_and_foreign_pointers_are_refused(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf *old = take(fx, 0, 64), *fresh;
	uint64_t seed = 88172645463325252ull;
	int local;
	void *heap = malloc(64), *data;

	release(old);
	/* The descriptor is taken again (the inventory's last free one first): another generation. */
	fresh = take(fx, 64, 64);
	expect_fail(doca_buf_get_data(old, &data), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_data");
	expect_fail(doca_buf_dec_refcount(old, NULL), DOCA_ERROR_BAD_STATE, "doca_buf_dec_refcount");
	expect_ok(doca_buf_get_data(fresh, &data));
	assert_ptr_equal(data, memory + 64);
	/* Pointers that were never buffers: refused without being followed. */
	expect_fail(doca_buf_get_data(NULL, &data), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_data");
	expect_fail(doca_buf_get_data((struct doca_buf *)&local, &data), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_data");
	expect_fail(doca_buf_get_data(heap, &data), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_data");
	expect_fail(doca_buf_get_data((struct doca_buf *)fx->mmap, &data), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_get_data");
	expect_fail(doca_buf_dec_refcount((struct doca_buf *)((char *)fresh + 3), NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_dec_refcount");
	expect_fail(doca_buf_get_data((struct doca_buf *)((char *)fresh + 128), &data), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_get_data");
	/* Random pointers, near the buffer and anywhere. */
	for (int i = 0; i < 20000; i++) {
		uintptr_t p;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		p = i % 2 ? (uintptr_t)seed : (uintptr_t)fresh + (uintptr_t)(seed % (1u << 20)) - (1u << 19);
		if (p != (uintptr_t)fresh)
			assert_int_equal(doca_buf_get_data((struct doca_buf *)p, &data), DOCA_ERROR_INVALID_VALUE);
	}
	free(sdk_log_take());
	free(heap);
	release(fresh);
}

static void lists_chain_and_unchain(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf *b[5], *other, *out;
	uint32_t n;
	uint8_t yes;
	uint16_t count;

	for (int i = 0; i < 5; i++)
		b[i] = take(fx, (size_t)i * 64, 64);
	expect_ok(doca_buf_is_in_list(b[0], &yes));
	assert_false(yes);
	/* 1-2-3 and 4-5. */
	expect_ok(doca_buf_chain_list(b[0], b[1]));
	expect_ok(doca_buf_chain_list_tail(b[0], b[1], b[2]));
	expect_ok(doca_buf_chain_list(b[3], b[4]));
	expect_ok(doca_buf_get_list_len(b[0], &n));
	assert_int_equal(n, 3);
	/* A list with two references cannot join another. */
	expect_ok(doca_buf_inc_refcount(b[3], NULL));
	expect_fail(doca_buf_chain_list(b[0], b[3]), DOCA_ERROR_NOT_PERMITTED, "doca_buf_chain_list");
	expect_ok(doca_buf_dec_refcount(b[3], NULL));
	/* Neither can a buffer that is not a list's first, nor a list itself, nor with a wrong tail. */
	expect_fail(doca_buf_chain_list(b[0], b[4]), DOCA_ERROR_NOT_PERMITTED, "doca_buf_chain_list");
	expect_fail(doca_buf_chain_list(b[1], b[3]), DOCA_ERROR_NOT_PERMITTED, "doca_buf_chain_list");
	expect_fail(doca_buf_chain_list(b[0], b[0]), DOCA_ERROR_INVALID_VALUE, "doca_buf_chain_list");
	expect_fail(doca_buf_chain_list_tail(b[0], b[1], b[3]), DOCA_ERROR_INVALID_VALUE, "doca_buf_chain_list_tail");
	expect_fail(doca_buf_chain_list_tail(b[0], b[4], b[3]), DOCA_ERROR_INVALID_VALUE, "doca_buf_chain_list_tail");
	expect_fail(doca_buf_chain_list(b[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_chain_list");
	expect_ok(doca_buf_chain_list(b[0], b[3]));
	expect_ok(doca_buf_get_list_len(b[0], &n));
	assert_int_equal(n, 5);
	expect_fail(doca_buf_get_list_len(b[3], &n), DOCA_ERROR_NOT_PERMITTED, "doca_buf_get_list_len");
	for (int i = 0; i < 5; i++) {
		expect_ok(doca_buf_get_next_in_list(b[i], &out));
		assert_ptr_equal(out, i < 4 ? b[i + 1] : NULL);
		expect_ok(doca_buf_get_last_in_list(b[i], &out));
		assert_ptr_equal(out, b[4]);
		expect_ok(doca_buf_is_first_in_list(b[i], &yes));
		assert_int_equal(yes, i == 0);
		expect_ok(doca_buf_is_last_in_list(b[i], &yes));
		assert_int_equal(yes, i == 4);
		expect_ok(doca_buf_is_in_list(b[i], &yes));
		assert_true(yes);
		expect_ok(doca_buf_get_refcount(b[i], &count));
		assert_int_equal(count, 1);
	}
	/* The list's first buffer counts its references: the others refuse. */
	expect_fail(doca_buf_dec_refcount(b[2], NULL), DOCA_ERROR_NOT_PERMITTED, "doca_buf_dec_refcount");
	expect_fail(doca_buf_inc_refcount(b[2], NULL), DOCA_ERROR_NOT_PERMITTED, "doca_buf_inc_refcount");
	/* Split before 3: 1-2 and 3-4-5. */
	other = take(fx, 512, 8);
	expect_fail(doca_buf_unchain_list(b[0], other), DOCA_ERROR_INVALID_VALUE, "doca_buf_unchain_list");
	expect_fail(doca_buf_unchain_list(b[0], b[0]), DOCA_ERROR_INVALID_VALUE, "doca_buf_unchain_list");
	expect_fail(doca_buf_unchain_list(b[1], b[2]), DOCA_ERROR_NOT_PERMITTED, "doca_buf_unchain_list");
	expect_ok(doca_buf_unchain_list(b[0], b[2]));
	expect_ok(doca_buf_get_list_len(b[0], &n));
	assert_int_equal(n, 2);
	expect_ok(doca_buf_get_list_len(b[2], &n));
	assert_int_equal(n, 3);
	expect_ok(doca_buf_get_last_in_list(b[0], &out));
	assert_ptr_equal(out, b[1]);
	expect_ok(doca_buf_is_first_in_list(b[2], &yes));
	assert_true(yes);
	expect_ok(doca_buf_get_refcount(b[2], &count));
	assert_int_equal(count, 1);
	expect_fail(doca_buf_get_next_in_list(b[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_next_in_list");
	expect_fail(doca_buf_get_last_in_list(b[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_last_in_list");
	expect_fail(doca_buf_is_first_in_list(b[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_is_first_in_list");
	expect_fail(doca_buf_is_last_in_list(NULL, &yes), DOCA_ERROR_INVALID_VALUE, "doca_buf_is_last_in_list");
	expect_fail(doca_buf_is_in_list(b[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_is_in_list");
	/* The last reference to a list returns every buffer of it. */
	assert_int_equal(free_of(fx->inv), 2);
	release(b[2]);
	assert_int_equal(free_of(fx->inv), 5);
	expect_fail(doca_buf_get_list_len(b[4], &n), DOCA_ERROR_INVALID_VALUE, "doca_buf_get_list_len");
	release(b[0]);
	release(other);
	assert_int_equal(free_of(fx->inv), 8);
	assert_int_equal(bufs_of(fx->mmap), 0);
}

static void inventories_run_out_and_expand(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf_inventory *inv;
	struct doca_buf *b[5], *none = NULL;
	uint32_t n;
	union doca_data data = { .u64 = 77 };

	expect_fail(doca_buf_inventory_create(0, &inv), DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_create");
	expect_fail(doca_buf_inventory_create(1, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_create");
	expect_fail(doca_buf_inventory_create((size_t)UINT32_MAX + 1, &inv), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_create");
	expect_ok(doca_buf_inventory_create(2, &inv));
	expect_ok(doca_buf_inventory_set_user_data(inv, data));
	data.u64 = 0;
	expect_ok(doca_buf_inventory_get_user_data(inv, &data));
	assert_int_equal(data.u64, 77);
	expect_fail(doca_buf_inventory_expand(inv, 3), DOCA_ERROR_BAD_STATE, "doca_buf_inventory_expand");
	expect_ok(doca_buf_inventory_start(inv));
	expect_fail(doca_buf_inventory_set_user_data(inv, data), DOCA_ERROR_BAD_STATE,
		    "doca_buf_inventory_set_user_data");
	for (int i = 0; i < 2; i++)
		expect_ok(doca_buf_inventory_buf_get_by_addr(inv, fx->mmap, memory, 8, &b[i]));
	expect_fail(doca_buf_inventory_buf_get_by_addr(inv, fx->mmap, memory, 8, &none), DOCA_ERROR_NO_MEMORY,
		    "doca_buf_inventory_buf_get_by_args");
	assert_null(none);
	assert_int_equal(bufs_of(fx->mmap), 2);
	expect_fail(doca_buf_inventory_expand(inv, 0), DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_expand");
	expect_fail(doca_buf_inventory_expand(inv, UINT32_MAX), DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_expand");
	expect_ok(doca_buf_inventory_expand(inv, 3));
	expect_ok(doca_buf_inventory_get_num_elements(inv, &n));
	assert_int_equal(n, 5);
	assert_int_equal(free_of(inv), 3);
	for (int i = 2; i < 5; i++)
		expect_ok(doca_buf_inventory_buf_get_by_addr(inv, fx->mmap, memory, 8, &b[i]));
	/* Destroying with buffers out: in use. */
	expect_fail(doca_buf_inventory_destroy(inv), DOCA_ERROR_IN_USE, "doca_buf_inventory_destroy");
	for (int i = 0; i < 5; i++)
		release(b[i]);
	expect_ok(doca_buf_inventory_destroy(inv));
	expect_fail(doca_buf_inventory_destroy(inv), DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_destroy");
	expect_fail(doca_buf_inventory_start(inv), DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_start");
	expect_fail(doca_buf_inventory_get_num_elements(fx->inv, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_get_num_elements");
	expect_fail(doca_buf_inventory_get_num_free_elements(NULL, &n), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_get_num_free_elements");
	expect_fail(doca_buf_inventory_get_user_data(fx->inv, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_get_user_data");
	expect_fail(doca_buf_inventory_stop(NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_stop");
}

static void duplicates_are_new_buffers_over_the_same_memory(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf *a = take(fx, 0, 64), *b = take(fx, 64, 64), *copy, *next, *none = NULL;
	struct doca_buf_inventory *small;
	void *head;
	uint32_t n;
	uint16_t count;

	expect_ok(doca_buf_set_data(a, memory + 8, 8));
	expect_ok(doca_buf_chain_list(a, b));
	expect_fail(doca_buf_inventory_buf_dup(fx->inv, b, &copy), DOCA_ERROR_NOT_PERMITTED,
		    "doca_buf_inventory_buf_dup");
	expect_ok(doca_buf_inventory_buf_dup(fx->inv, a, &copy));
	assert_ptr_not_equal(copy, a);
	expect_ok(doca_buf_get_list_len(copy, &n));
	assert_int_equal(n, 2);
	expect_ok(doca_buf_get_head(copy, &head));
	assert_ptr_equal(head, memory);
	expect_ok(doca_buf_get_next_in_list(copy, &next));
	expect_ok(doca_buf_get_head(next, &head));
	assert_ptr_equal(head, memory + 64);
	expect_ok(doca_buf_get_refcount(copy, &count));
	assert_int_equal(count, 1);
	assert_int_equal(bufs_of(fx->mmap), 4);
	/* Not enough room for the list: nothing taken. */
	expect_ok(doca_buf_inventory_create(1, &small));
	expect_fail(doca_buf_inventory_buf_dup(small, a, &none), DOCA_ERROR_BAD_STATE, "doca_buf_inventory_buf_dup");
	expect_ok(doca_buf_inventory_start(small));
	expect_fail(doca_buf_inventory_buf_dup(small, a, &none), DOCA_ERROR_NO_MEMORY, "doca_buf_inventory_buf_dup");
	assert_null(none);
	assert_int_equal(free_of(small), 1);
	expect_fail(doca_buf_inventory_buf_dup(small, a, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_buf_dup");
	expect_fail(doca_buf_inventory_buf_dup(small, NULL, &none), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_buf_dup");
	expect_ok(doca_buf_inventory_destroy(small));
	release(a);
	release(copy);
	assert_int_equal(bufs_of(fx->mmap), 0);
}

static int free_calls;
static void *free_addr;

static void count_free(void *addr, size_t len, void *opaque)
{
	assert_int_equal(len, MEM_SIZE);
	assert_ptr_equal(opaque, &free_calls);
	free_addr = addr;
	free_calls++;
}

static void a_map_lives_from_range_to_destroy(void **state)
{
	struct doca_mmap *mmap;
	union doca_data data = { .u64 = 5 };
	uint32_t n;
	uint8_t flag;
	void *addr;
	size_t len;

	(void)state;
	expect_fail(doca_mmap_create(NULL), DOCA_ERROR_INVALID_VALUE, "doca_mmap_create");
	expect_ok(doca_mmap_create(&mmap));
	expect_fail(doca_mmap_get_memrange(mmap, &addr, &len), DOCA_ERROR_BAD_STATE, "doca_mmap_get_memrange");
	expect_fail(doca_mmap_start(mmap), DOCA_ERROR_BAD_STATE, "doca_mmap_start");
	expect_fail(doca_mmap_set_memrange(mmap, NULL, 8), DOCA_ERROR_INVALID_VALUE, "doca_mmap_set_memrange");
	expect_fail(doca_mmap_set_memrange(mmap, memory, 0), DOCA_ERROR_INVALID_VALUE, "doca_mmap_set_memrange");
	expect_fail(doca_mmap_set_memrange(mmap, (void *)(UINTPTR_MAX - 4), 8), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_set_memrange");
	expect_ok(doca_mmap_set_memrange(mmap, memory, MEM_SIZE));
	expect_fail(doca_mmap_set_memrange(mmap, memory, 8), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_set_memrange");
	expect_fail(doca_mmap_set_permissions(mmap, 0x80), DOCA_ERROR_INVALID_VALUE, "doca_mmap_set_permissions");
	expect_ok(doca_mmap_set_permissions(mmap, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_PCI_READ_WRITE));
	expect_fail(doca_mmap_set_max_num_devices(mmap, 0), DOCA_ERROR_INVALID_VALUE, "doca_mmap_set_max_num_devices");
	expect_ok(doca_mmap_set_max_num_devices(mmap, 3));
	expect_ok(doca_mmap_get_max_num_devices(mmap, &n));
	assert_int_equal(n, 3);
	expect_ok(doca_mmap_set_user_data(mmap, data));
	expect_ok(doca_mmap_set_free_cb(mmap, count_free, &free_calls));
	expect_ok(doca_mmap_start(mmap));
	/* Started: configuration is refused. */
	expect_fail(doca_mmap_start(mmap), DOCA_ERROR_BAD_STATE, "doca_mmap_start");
	expect_fail(doca_mmap_set_permissions(mmap, 0), DOCA_ERROR_BAD_STATE, "doca_mmap_set_permissions");
	expect_fail(doca_mmap_set_user_data(mmap, data), DOCA_ERROR_BAD_STATE, "doca_mmap_set_user_data");
	expect_fail(doca_mmap_set_free_cb(mmap, NULL, NULL), DOCA_ERROR_BAD_STATE, "doca_mmap_set_free_cb");
	expect_fail(doca_mmap_set_max_num_devices(mmap, 2), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_set_max_num_devices");
	expect_fail(doca_mmap_enable_thread_safety(mmap), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_enable_thread_safety");
	expect_ok(doca_mmap_get_memrange(mmap, &addr, &len));
	assert_ptr_equal(addr, memory);
	assert_int_equal(len, MEM_SIZE);
	data.u64 = 0;
	expect_ok(doca_mmap_get_user_data(mmap, &data));
	assert_int_equal(data.u64, 5);
	expect_ok(doca_mmap_get_exported(mmap, &flag));
	assert_false(flag);
	expect_ok(doca_mmap_get_from_export(mmap, &flag));
	assert_false(flag);
	expect_fail(doca_mmap_get_exported(mmap, NULL), DOCA_ERROR_INVALID_VALUE, "doca_mmap_get_exported");
	expect_fail(doca_mmap_get_from_export(NULL, &flag), DOCA_ERROR_INVALID_VALUE, "doca_mmap_get_from_export");
	expect_fail(doca_mmap_get_memrange(mmap, NULL, &len), DOCA_ERROR_INVALID_VALUE, "doca_mmap_get_memrange");
	expect_fail(doca_mmap_get_num_bufs(mmap, NULL), DOCA_ERROR_INVALID_VALUE, "doca_mmap_get_num_bufs");
	expect_fail(doca_mmap_get_user_data(mmap, NULL), DOCA_ERROR_INVALID_VALUE, "doca_mmap_get_user_data");
	expect_fail(doca_mmap_get_max_num_devices(mmap, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_get_max_num_devices");
	expect_ok(doca_mmap_stop(mmap));
	expect_fail(doca_mmap_stop(mmap), DOCA_ERROR_BAD_STATE, "doca_mmap_stop");
	/* Stopped, it can be configured again, but keeps its range. */
	expect_ok(doca_mmap_set_permissions(mmap, DOCA_ACCESS_FLAG_LOCAL_READ_ONLY));
	expect_fail(doca_mmap_set_memrange(mmap, memory, 8), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_set_memrange");
	/* The free callback runs once, at destroy of a map that was started. */
	assert_int_equal(free_calls, 0);
	expect_ok(doca_mmap_destroy(mmap));
	assert_int_equal(free_calls, 1);
	assert_ptr_equal(free_addr, memory);
	expect_fail(doca_mmap_destroy(mmap), DOCA_ERROR_INVALID_VALUE, "doca_mmap_destroy");
	expect_fail(doca_mmap_start(mmap), DOCA_ERROR_INVALID_VALUE, "doca_mmap_start");
	/* Never started: the callback does not run. */
	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_memrange(mmap, memory, MEM_SIZE));
	expect_ok(doca_mmap_set_free_cb(mmap, count_free, &free_calls));
	expect_ok(doca_mmap_destroy(mmap));
	assert_int_equal(free_calls, 1);
	free_calls = 0;
}

static void a_thread_safe_map_goes_with_its_last_buffer(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap;
	struct doca_buf *buf;
	void *data;

	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_memrange(mmap, memory, MEM_SIZE));
	expect_ok(doca_mmap_set_free_cb(mmap, count_free, &free_calls));
	expect_ok(doca_mmap_enable_thread_safety(mmap));
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_buf_inventory_buf_get_by_addr(fx->inv, mmap, memory, 64, &buf));
	/* NVIDIA: destroy succeeds with buffers; the map is gone for the program, its memory not yet. */
	expect_ok(doca_mmap_destroy(mmap));
	expect_fail(doca_mmap_start(mmap), DOCA_ERROR_INVALID_VALUE, "doca_mmap_start");
	expect_ok(doca_buf_get_data(buf, &data));
	assert_int_equal(free_calls, 0);
	release(buf);
	assert_int_equal(free_calls, 1);
	free_calls = 0;
}

/* ---------------------------------------------------------------------------------------------- */

static void pools_align_their_elements(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf_pool *pool;
	struct doca_buf *b[4], *none = NULL;
	struct doca_mmap *stopped;
	union doca_data data = { .u64 = 9 };
	size_t alignment, len, data_len;
	uint32_t n;
	void *head, *d;

	expect_fail(doca_buf_pool_create(0, 100, fx->mmap, &pool), DOCA_ERROR_INVALID_VALUE, "doca_buf_pool_create");
	expect_fail(doca_buf_pool_create(4, 0, fx->mmap, &pool), DOCA_ERROR_INVALID_VALUE, "doca_buf_pool_create");
	expect_fail(doca_buf_pool_create(4, 100, NULL, &pool), DOCA_ERROR_INVALID_VALUE, "doca_buf_pool_create");
	expect_fail(doca_buf_pool_create(4, 100, fx->mmap, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_pool_create");
	expect_ok(doca_buf_pool_create(4, 100, fx->mmap, &pool));
	expect_ok(doca_buf_pool_get_element_alignment(pool, &alignment));
	assert_int_equal(alignment, 1);
	expect_fail(doca_buf_pool_set_element_alignment(pool, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_pool_set_element_alignment");
	expect_fail(doca_buf_pool_set_element_alignment(pool, 48), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_pool_set_element_alignment");
	expect_ok(doca_buf_pool_set_element_alignment(pool, 256));
	expect_ok(doca_buf_pool_set_user_data(pool, data));
	expect_fail(doca_buf_pool_buf_alloc(pool, &none), DOCA_ERROR_BAD_STATE, "doca_buf_pool_buf_alloc");
	expect_ok(doca_buf_pool_start(pool));
	expect_fail(doca_buf_pool_start(pool), DOCA_ERROR_BAD_STATE, "doca_buf_pool_start");
	expect_fail(doca_buf_pool_set_element_alignment(pool, 64), DOCA_ERROR_BAD_STATE,
		    "doca_buf_pool_set_element_alignment");
	expect_fail(doca_buf_pool_set_user_data(pool, data), DOCA_ERROR_BAD_STATE, "doca_buf_pool_set_user_data");
	for (int i = 0; i < 4; i++) {
		expect_ok(doca_buf_pool_buf_alloc(pool, &b[i]));
		expect_ok(doca_buf_get_head(b[i], &head));
		expect_ok(doca_buf_get_len(b[i], &len));
		expect_ok(doca_buf_get_data(b[i], &d));
		expect_ok(doca_buf_get_data_len(b[i], &data_len));
		assert_int_equal((uintptr_t)head % 256, 0);
		assert_true((char *)head >= memory && (char *)head + 100 <= memory + MEM_SIZE);
		assert_int_equal(len, 100);
		assert_ptr_equal(d, head);
		assert_int_equal(data_len, 0);
		for (int j = 0; j < i; j++) {
			void *other;

			expect_ok(doca_buf_get_head(b[j], &other));
			assert_true(other != head);
		}
	}
	expect_fail(doca_buf_pool_buf_alloc(pool, &none), DOCA_ERROR_EMPTY, "doca_buf_pool_buf_alloc");
	assert_null(none);
	expect_ok(doca_buf_pool_get_num_free_elements(pool, &n));
	assert_int_equal(n, 0);
	expect_fail(doca_buf_pool_stop(pool), DOCA_ERROR_IN_USE, "doca_buf_pool_stop");
	expect_fail(doca_buf_pool_destroy(pool), DOCA_ERROR_IN_USE, "doca_buf_pool_destroy");
	/* A pool's buffer is a buffer like any: lists, references, back to the pool at 0. */
	expect_ok(doca_buf_chain_list(b[0], b[1]));
	expect_ok(doca_buf_inc_refcount(b[2], NULL));
	release(b[0]);
	release(b[2]);
	expect_ok(doca_buf_pool_get_num_free_elements(pool, &n));
	assert_int_equal(n, 2);
	release(b[2]);
	release(b[3]);
	expect_ok(doca_buf_pool_get_num_elements(pool, &n));
	assert_int_equal(n, 4);
	data.u64 = 0;
	expect_ok(doca_buf_pool_get_user_data(pool, &data));
	assert_int_equal(data.u64, 9);
	expect_ok(doca_buf_pool_stop(pool));
	/* 16 elements of 100 bytes, 256 apart: 15 * 256 + 100 bytes > 4096 - (alignment slack) fails. */
	expect_ok(doca_buf_pool_destroy(pool));
	expect_ok(doca_buf_pool_create(17, 100, fx->mmap, &pool));
	expect_ok(doca_buf_pool_set_element_alignment(pool, 256));
	expect_fail(doca_buf_pool_start(pool), DOCA_ERROR_INITIALIZATION, "doca_buf_pool_start");
	expect_ok(doca_buf_pool_set_element_alignment(pool, 1));
	expect_ok(doca_buf_pool_start(pool));
	expect_ok(doca_buf_pool_destroy(pool));
	/* The map must be started first. */
	expect_ok(doca_mmap_create(&stopped));
	expect_ok(doca_mmap_set_memrange(stopped, memory, MEM_SIZE));
	expect_ok(doca_buf_pool_create(1, 8, stopped, &pool));
	expect_fail(doca_buf_pool_start(pool), DOCA_ERROR_BAD_STATE, "doca_buf_pool_start");
	expect_ok(doca_buf_pool_destroy(pool));
	expect_ok(doca_mmap_destroy(stopped));
	expect_fail(doca_buf_pool_get_num_elements(pool, &n), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_pool_get_num_elements");
	expect_fail(doca_buf_pool_get_element_alignment(NULL, &alignment), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_pool_get_element_alignment");
	expect_fail(doca_buf_pool_get_user_data((struct doca_buf_pool *)fx->inv, &data), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_pool_get_user_data");
	expect_fail(doca_buf_pool_get_num_free_elements(NULL, &n), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_pool_get_num_free_elements");
}

static void buffer_arrays_need_a_target(void **state)
{
	struct fixture *fx = *state;
	struct doca_buf_arr *arr;
	doca_dpa_dev_buf_arr_t handle;
	struct doca_gpu_buf_arr *gpu;
	int not_a_gpu;

	expect_fail(doca_buf_arr_create(0, &arr), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_create");
	expect_fail(doca_buf_arr_create(4, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_create");
	expect_ok(doca_buf_arr_create(4, &arr));
	expect_fail(doca_buf_arr_start(arr), DOCA_ERROR_BAD_STATE, "doca_buf_arr_start");
	expect_fail(doca_buf_arr_set_params(arr, NULL, 64, 0), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_set_params");
	expect_fail(doca_buf_arr_set_params(arr, fx->mmap, 0, 0), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_set_params");
	expect_ok(doca_buf_arr_set_params(arr, fx->mmap, 64, 128));
	expect_fail(doca_buf_arr_set_target_gpu(arr, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_set_target_gpu");
	expect_fail(doca_buf_arr_set_target_gpu(arr, (struct doca_gpu *)&not_a_gpu), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_buf_arr_set_target_gpu");
	expect_fail(doca_buf_arr_set_target_dpa(arr, (struct doca_dpa *)fx->mmap), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_arr_set_target_dpa");
	expect_fail(doca_buf_arr_start(arr), DOCA_ERROR_BAD_STATE, "doca_buf_arr_start");
	expect_fail(doca_buf_arr_get_dpa_handle(arr, &handle), DOCA_ERROR_BAD_STATE, "doca_buf_arr_get_dpa_handle");
	expect_fail(doca_buf_arr_get_dpa_handle(arr, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_get_dpa_handle");
	expect_fail(doca_buf_arr_get_gpu_handle(arr, &gpu), DOCA_ERROR_BAD_STATE, "doca_buf_arr_get_gpu_handle");
	expect_fail(doca_buf_arr_stop(arr), DOCA_ERROR_BAD_STATE, "doca_buf_arr_stop");
	expect_ok(doca_buf_arr_destroy(arr));
	expect_fail(doca_buf_arr_destroy(arr), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_destroy");
	/* The array held the map, not a buffer of it: the map stops. */
	expect_ok(doca_mmap_stop(fx->mmap));
	expect_ok(doca_mmap_start(fx->mmap));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(head_len_and_data, setup, teardown),
		cmocka_unit_test_setup_teardown(a_buffer_outside_its_map_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(stopped_maps_and_inventories_give_no_buffer, setup, teardown),
		cmocka_unit_test_setup_teardown(reference_counts_down_to_their_underflow, setup, teardown),
		cmocka_unit_test_setup_teardown(stale_and_foreign_pointers_are_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(lists_chain_and_unchain, setup, teardown),
		cmocka_unit_test_setup_teardown(inventories_run_out_and_expand, setup, teardown),
		cmocka_unit_test_setup_teardown(duplicates_are_new_buffers_over_the_same_memory, setup, teardown),
		cmocka_unit_test(a_map_lives_from_range_to_destroy),
		cmocka_unit_test_setup_teardown(a_thread_safe_map_goes_with_its_last_buffer, setup, teardown),
		cmocka_unit_test_setup_teardown(pools_align_their_elements, setup, teardown),
		cmocka_unit_test_setup_teardown(buffer_arrays_need_a_target, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
