/*
 * DOCA DPA 2.5 (the host's 2.5 forms and DPA code of 2.5, device/dpa_kernels_device_2_5.c): the
 * buffers of a buffer array read by doca_dpa_dev_buf_array_get_buf, doca_dpa_dev_buf_get_addr and
 * doca_dpa_dev_buf_get_len, functions of the device library in 2.5. A bad handle or index stops
 * the context's process; the host says so in one SDK line naming the device function.
 */
#define DOCA_VER_USED DOCA_VER(2, 5, 108)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_buf_array.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>

#include "mem_util.h"

extern struct doca_dpa_app *doca_dpa_kernels_2_5;
extern doca_dpa_func_t kernel_buf_info, kernel_buf_len, kernel_buf_addr;

enum {
	ELEMS = 4,
	ELEM_SIZE = 256,
	OFFSET = 512
};

struct fixture {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_mmap *mmap;
	struct doca_buf_arr *arr;
	struct doca_sync_event *comp;
	doca_dpa_dev_uintptr_t out;
	uint64_t host[512];
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	expect_ok(doca_dpa_create(fx->dev, doca_dpa_kernels_2_5, &fx->dpa));
	for (size_t i = 0; i < 512; i++)
		fx->host[i] = 0x1000 + i;
	expect_ok(doca_mmap_create(&fx->mmap));
	expect_ok(doca_mmap_set_memrange(fx->mmap, fx->host, sizeof(fx->host)));
	expect_ok(doca_mmap_add_dev(fx->mmap, fx->dev));
	expect_ok(doca_mmap_start(fx->mmap));
	expect_ok(doca_buf_arr_create(fx->mmap, &fx->arr));
	expect_ok(doca_buf_arr_set_params(fx->arr, ELEM_SIZE, ELEMS, OFFSET));
	expect_ok(doca_buf_arr_set_target_dpa(fx->arr, fx->dpa));
	expect_ok(doca_buf_arr_start(fx->arr));
	expect_ok(doca_sync_event_create(&fx->comp));
	expect_ok(doca_sync_event_add_publisher_location_dpa(fx->comp, fx->dpa));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(fx->comp, fx->dev));
	expect_ok(doca_sync_event_start(fx->comp));
	expect_ok(doca_dpa_mem_alloc(fx->dpa, 3 * sizeof(uint64_t), &fx->out));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_dpa_mem_free(fx->dpa, fx->out));
	expect_ok(doca_sync_event_destroy(fx->comp));
	expect_ok(doca_buf_arr_destroy(fx->arr));
	expect_ok(doca_mmap_destroy(fx->mmap));
	expect_ok(doca_dpa_destroy(fx->dpa));
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* Every element's address, length and memory, as the host laid the array out. */
static void buffers_of_an_array(void **state)
{
	struct fixture *fx = *state;
	struct doca_dpa_dev_buf_arr *table;
	uint64_t got[3];

	expect_ok(doca_buf_arr_get_dpa_handle(fx->arr, &table));
	for (uint64_t i = 0; i < ELEMS; i++) {
		/* one thread; its completion sets the event to i + 1 */
		expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, fx->comp, i + 1, 1, &kernel_buf_info,
							    (uintptr_t)table, i, fx->out));
		expect_ok(doca_sync_event_wait_gt(fx->comp, i, UINT64_MAX));
		expect_ok(doca_dpa_d2h_memcpy(fx->dpa, got, fx->out, sizeof(got)));
		assert_int_equal(got[0], (uintptr_t)fx->host + OFFSET + i * ELEM_SIZE);
		assert_int_equal(got[1], ELEM_SIZE);
		assert_int_equal(got[2], 0x1000 + (OFFSET + i * ELEM_SIZE) / sizeof(uint64_t));
	}
	expect_ok(doca_dpa_peek_at_last_error(fx->dpa));
}

/*
 * A bad handle or index stops the process: the context says so, in one SDK line naming the
 * device function.
 */
static void expect_stopped(struct fixture *fx, const char *device_func)
{
	doca_error_t err;
	char *text;

	for (int i = 0; i < 1000 && doca_dpa_peek_at_last_error(fx->dpa) == DOCA_SUCCESS; i++)
		usleep(2000);
	free(sdk_log_take());
	err = doca_dpa_peek_at_last_error(fx->dpa);
	text = sdk_log_take();
	assert_int_equal(err, DOCA_ERROR_BAD_STATE);
	assert_non_null(strstr(text, "[ERR][doca_dpa_peek_at_last_error] "));
	assert_non_null(strstr(text, device_func));
	assert_ptr_equal(strchr(text, '\n'), text + strlen(text) - 1);
	free(text);
}

static void index_past_the_end(void **state)
{
	struct fixture *fx = *state;
	struct doca_dpa_dev_buf_arr *table;

	expect_ok(doca_buf_arr_get_dpa_handle(fx->arr, &table));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_buf_info, (uintptr_t)table,
						    (uint64_t)ELEMS, fx->out));
	expect_stopped(fx, "doca_dpa_dev_buf_array_get_buf");
}

static void null_array(void **state)
{
	struct fixture *fx = *state;

	expect_ok(
		doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_buf_info, 0ull, 0ull, fx->out));
	expect_stopped(fx, "doca_dpa_dev_buf_array_get_buf");
}

static void null_buffer_length(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_buf_len, 0ull, fx->out));
	expect_stopped(fx, "doca_dpa_dev_buf_get_len");
}

static void null_buffer_address(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_buf_addr, 0ull, fx->out));
	expect_stopped(fx, "doca_dpa_dev_buf_get_addr");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(buffers_of_an_array, setup, teardown),
		cmocka_unit_test_setup_teardown(index_past_the_end, setup, teardown),
		cmocka_unit_test_setup_teardown(null_array, setup, teardown),
		cmocka_unit_test_setup_teardown(null_buffer_length, setup, teardown),
		cmocka_unit_test_setup_teardown(null_buffer_address, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
