/*
 * The inline functions of the DOCA DPA device headers (2.6 and later), run on the host: they read
 * and write the layouts the host library gives buffer arrays in DPA memory (struct doca_dpa_dev_buf,
 * struct doca_dpa_dev_buf_arr), which are the same on x86-64 and on the DPA (riscv64 lp64: 8-byte
 * pointers and uint64_t, doca/facts). A doca_dpa_dev_buf_arr_t / doca_dpa_dev_buf_t is the address
 * of its structure.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define DOCA_ALLOW_EXPERIMENTAL_API
#include <doca_dpa_dev_buf.h>

static void elements_are_read_where_the_layout_puts_them(void **state)
{
	struct doca_dpa_dev_buf bufs[3] = {
		{ .addr = 0x1000, .len = 64, .mmap = 7 },
		{ .addr = 0x2000, .len = 128, .mmap = 8 },
		{ .addr = 0x3000, .len = 256, .mmap = 9 },
	};
	struct doca_dpa_dev_buf_arr arr = { .bufs = bufs };
	doca_dpa_dev_buf_arr_t handle = (doca_dpa_dev_buf_arr_t)(uintptr_t)&arr;

	(void)state;
	for (uint64_t i = 0; i < 3; i++) {
		doca_dpa_dev_buf_t buf = doca_dpa_dev_buf_array_get_buf(handle, i);

		assert_ptr_equal((void *)(uintptr_t)buf, &bufs[i]);
		assert_int_equal(doca_dpa_dev_buf_get_addr(buf), 0x1000 * (i + 1));
		assert_int_equal(doca_dpa_dev_buf_get_len(buf), 64u << i);
		assert_int_equal(doca_dpa_dev_buf_get_mmap(buf), 7 + i);
	}
	assert_int_equal(offsetof(struct doca_dpa_dev_buf, mmap), 16);
	assert_int_equal(sizeof(struct doca_dpa_dev_buf), 32);
}

static void setters_write_only_their_field(void **state)
{
	struct doca_dpa_dev_buf buf = { .addr = 1, .len = 2, .mmap = 3, .reserved = { 0xa5 } };
	doca_dpa_dev_buf_t handle = (doca_dpa_dev_buf_t)(uintptr_t)&buf;

	(void)state;
	doca_dpa_dev_buf_set_addr(handle, 0x4000);
	doca_dpa_dev_buf_set_len(handle, 4096);
	doca_dpa_dev_buf_set_mmap(handle, 42);
	assert_int_equal(buf.addr, 0x4000);
	assert_int_equal(buf.len, 4096);
	assert_int_equal(buf.mmap, 42);
	assert_int_equal(buf.reserved[0], 0xa5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(elements_are_read_where_the_layout_puts_them),
		cmocka_unit_test(setters_write_only_their_field),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
