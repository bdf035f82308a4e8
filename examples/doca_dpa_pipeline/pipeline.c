/*
 * doca-dpa-pipeline: the DOCA DPA guide's pipeline of three kernels (func1 -> func2 -> func3)
 * chained by one sync event on the DPA, the last completing an event the CPU waits on (README.md).
 *
 *   doca-dpa-pipeline [DEVICE [N [THREADS]]]
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_error.h>
#include <doca_sync_event.h>

/* dpacc --app-name=pipeline_app defines the application; the kernels are their host stubs. */
extern struct doca_dpa_app *pipeline_app;
extern doca_dpa_func_t func1, func2, func3;

static int failed(const char *what, doca_error_t err)
{
	fprintf(stderr, "%s: %s\n", what, doca_error_get_descr(err));
	return 1;
}

/* The named device, or the first with a DPA. */
static struct doca_dev *open_device(const char *name)
{
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	struct doca_devinfo **list;
	struct doca_dev *dev = NULL;
	uint32_t n;

	if (doca_devinfo_create_list(&list, &n) != DOCA_SUCCESS)
		return NULL;
	for (uint32_t i = 0; i < n && !dev; i++) {
		if (doca_dpa_cap_is_supported(list[i]) != DOCA_SUCCESS ||
		    doca_devinfo_get_ibdev_name(list[i], ibdev, sizeof(ibdev)) != DOCA_SUCCESS ||
		    (name && strcmp(ibdev, name)))
			continue;
		if (doca_dev_open(list[i], &dev) != DOCA_SUCCESS)
			dev = NULL;
	}
	doca_devinfo_destroy_list(list);
	return dev;
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : NULL;
	uint64_t n = argc > 2 ? strtoull(argv[2], NULL, 0) : 1000;
	unsigned int threads = argc > 3 ? (unsigned int)strtoul(argv[3], NULL, 0) : 4, max_threads;
	struct doca_sync_event *stages = NULL, *done = NULL;
	doca_dpa_dev_uintptr_t numbers = 0, sum = 0;
	struct doca_dpa *dpa = NULL;
	struct doca_dev *dev;
	uint64_t result = 0, expected;
	doca_error_t err;
	int rc = 1;

	dev = open_device(name);
	if (!dev) {
		fprintf(stderr, "no device with a DPA%s%s\n", name ? " named " : "", name ? name : "");
		return 1;
	}
	/* A context running the application on the device. */
	if ((err = doca_dpa_create(dev, &dpa)) || (err = doca_dpa_set_app(dpa, pipeline_app)) ||
	    (err = doca_dpa_start(dpa))) {
		rc = failed("the DOCA DPA context", err);
		goto out;
	}
	if ((err = doca_dpa_get_max_threads_per_kernel(dpa, &max_threads)))
		goto out;
	if (n < 1 || n > 2000000 || threads < 1 || threads > max_threads) {
		fprintf(stderr, "N: 1 to 2000000 numbers; THREADS: 1 to %u\n", max_threads);
		goto out;
	}
	/* The events: one the kernels chain on (published and awaited by the DPA), one the last
	 * kernel completes for the CPU. */
	if ((err = doca_sync_event_create(&stages)) ||
	    (err = doca_sync_event_add_publisher_location_dpa(stages, dpa)) ||
	    (err = doca_sync_event_add_subscriber_location_dpa(stages, dpa)) || (err = doca_sync_event_start(stages)) ||
	    (err = doca_sync_event_create(&done)) || (err = doca_sync_event_add_publisher_location_dpa(done, dpa)) ||
	    (err = doca_sync_event_add_subscriber_location_cpu(done, dev)) || (err = doca_sync_event_start(done))) {
		rc = failed("the sync events", err);
		goto out;
	}
	if ((err = doca_dpa_mem_alloc(dpa, n * sizeof(uint64_t), &numbers)) ||
	    (err = doca_dpa_mem_alloc(dpa, sizeof(uint64_t), &sum))) {
		rc = failed("DPA memory", err);
		goto out;
	}
	/* Each kernel waits for the event to reach its stage and adds 1 when its threads are done. */
	if ((err = doca_dpa_kernel_launch_update_add(dpa, stages, 0, stages, 1, threads, &func1, numbers, n)) ||
	    (err = doca_dpa_kernel_launch_update_add(dpa, stages, 1, stages, 1, threads, &func2, numbers, n)) ||
	    (err = doca_dpa_kernel_launch_update_set(dpa, stages, 2, done, 1, 1, &func3, numbers, n, sum))) {
		rc = failed("launching the kernels", err);
		goto out;
	}
	printf("Launched func1 -> func2 -> func3 (%u threads each, %" PRIu64 " numbers)\n", threads, n);
	if ((err = doca_sync_event_wait_gt(done, 0, UINT64_MAX)) ||
	    (err = doca_dpa_d2h_memcpy(dpa, &result, sum, sizeof(result)))) {
		rc = failed("waiting for the pipeline", err);
		goto out;
	}
	expected = n * (n + 1) * (2 * n + 1) / 6;
	printf("The pipeline summed the squares of 1..%" PRIu64 ": %" PRIu64 " (%s)\n", n, result,
	       result == expected ? "as expected" : "WRONG");
	rc = result != expected;
out:
	if (sum)
		doca_dpa_mem_free(dpa, sum);
	if (numbers)
		doca_dpa_mem_free(dpa, numbers);
	if (done)
		doca_sync_event_destroy(done);
	if (stages)
		doca_sync_event_destroy(stages);
	if (dpa)
		doca_dpa_destroy(dpa);
	doca_dev_close(dev);
	return rc;
}
