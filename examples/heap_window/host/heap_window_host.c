/*
 * The heap/window example: the host copies numbers into the DPA process's heap, registers a
 * host buffer and creates a window on its protection domain; the device sums the numbers and
 * writes the sum into the host buffer through the window; the host prints it.
 *
 * Usage: flexio-heap-window [DEVICE [COUNT]]   (default: mlx5_sim0 1000)
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API /* flexio_window_get_id */
#include <stdio.h>
#include <stdlib.h>

#include "example_setup.h"

extern flexio_func_t heap_window_sum;

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	uint32_t count = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 0) : 1000;
	struct flexio_process *process = NULL;
	struct flexio_window *window = NULL;
	struct example_setup setup;
	struct ibv_mr *mr = NULL;
	struct ibv_pd *pd = NULL;
	flexio_uintptr_t data = 0;
	uint64_t *numbers = NULL, *result = NULL, expected = 0, ret = 1;
	int ok = 0;

	if (!count) {
		fprintf(stderr, "COUNT must be at least 1\n");
		return 1;
	}
	if (example_setup_open(&setup, dev_name, "heap_window_app", EXAMPLE_WITH_PD | EXAMPLE_WITH_STREAM))
		goto out;
	process = setup.process;
	pd = setup.pd;

	/* The numbers, in DPA heap memory. */
	numbers = calloc(count, sizeof(*numbers));
	if (!numbers)
		goto out;
	for (uint32_t i = 0; i < count; i++) {
		numbers[i] = (uint64_t)i * i + 1;
		expected += numbers[i];
	}
	if (flexio_copy_from_host(process, numbers, count * sizeof(*numbers), &data) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "Failed to copy the numbers to the DPA heap\n");
		goto out;
	}

	/* Where the device writes the sum: registered host memory, reached through a window. */
	result = calloc(1, sizeof(*result));
	if (!result)
		goto out;
	mr = ibv_reg_mr(pd, result, sizeof(*result), IBV_ACCESS_LOCAL_WRITE);
	if (!mr || flexio_window_create(process, pd, &window) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "Failed to set up the window\n");
		goto out;
	}

	if (flexio_process_call(process, &heap_window_sum, &ret, data, count, flexio_window_get_id(window), mr->lkey,
				(uint64_t)(uintptr_t)result) != FLEXIO_STATUS_SUCCESS ||
	    ret) {
		fprintf(stderr, "The device could not write the sum\n");
		goto out;
	}
	printf("Sum of %u numbers: %lu (expected %lu)\n", count, (unsigned long)*result, (unsigned long)expected);
	ok = *result == expected;
out:
	if (window)
		flexio_window_destroy(window);
	if (data)
		flexio_buf_dev_free(process, data);
	if (mr) /* before the set-up's PD goes */
		ibv_dereg_mr(mr);
	example_setup_close(&setup);
	free(result);
	free(numbers);
	return ok ? 0 : 1;
}
