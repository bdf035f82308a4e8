/* The buffer array forms of 2.5 - 2.10, as a 2.7 program calls them (2.5's DPA handle a pointer). */
#define DOCA_VER_USED DOCA_VER(2, 9, 0)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <doca_buf_array.h>
#include <doca_mmap.h>

#include "mem_releases.h"
#include "mem_util.h"

static char memory[4096];

void buf_arr_2_7(void **state)
{
	struct doca_dpa_dev_buf_arr *handle = NULL;
	struct doca_buf_arr *arr;
	struct doca_mmap *mmap;

	(void)state;
	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_memrange(mmap, memory, sizeof(memory)));
	expect_ok(doca_buf_arr_create(mmap, &arr));
	expect_ok(doca_buf_arr_set_params(arr, 128, 4, 256));
	expect_fail(doca_buf_arr_get_dpa_handle(arr, &handle), DOCA_ERROR_BAD_STATE, "doca_buf_arr_get_dpa_handle");
	expect_fail(doca_buf_arr_get_dpa_handle(arr, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_arr_get_dpa_handle");
	assert_null(handle);
	expect_ok(doca_buf_arr_destroy(arr));
	expect_ok(doca_mmap_destroy(mmap));
}
