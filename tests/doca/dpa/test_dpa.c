/*
 * DOCA DPA contexts (libdoca_dpa): life cycle, properties, DPA memory, kernel launches and RPCs
 * on the simulated device, with DPA code built against the device library
 * (device/dpa_kernels_device.c). Every failure is one SDK line naming the function called.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>

#include "mem_util.h"

extern struct doca_dpa_app *doca_dpa_kernels;
extern doca_dpa_func_t kernel_ranks, kernel_struct, rpc_sum, rpc_event_get, kernel_event_set, kernel_event_add,
	kernel_event_wait, kernel_log, kernel_fault, kernel_nothing, kernel_event_set_on;

/* As the DPA code's (device/dpa_kernels_device.c): the host's layout is the DPA's. */
struct kernel_args {
	uint64_t out;
	uint32_t a;
	uint16_t b;
	uint64_t c;
};

struct fixture {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
};

static struct doca_dpa *started_dpa(struct doca_dev *dev)
{
	struct doca_dpa *dpa;

	expect_ok(doca_dpa_create(dev, &dpa));
	expect_ok(doca_dpa_set_app(dpa, doca_dpa_kernels));
	expect_ok(doca_dpa_start(dpa));
	return dpa;
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	fx->dpa = started_dpa(fx->dev);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	if (fx->dpa)
		expect_ok(doca_dpa_destroy(fx->dpa));
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* An event the CPU sets and DPA code waits on (wait), or DPA code updates and the CPU waits on. */
static struct doca_sync_event *event(struct fixture *fx, bool dpa_publishes)
{
	struct doca_sync_event *se;

	expect_ok(doca_sync_event_create(&se));
	if (dpa_publishes) {
		expect_ok(doca_sync_event_add_publisher_location_dpa(se, fx->dpa));
		expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	} else {
		expect_ok(doca_sync_event_add_publisher_location_cpu(se, fx->dev));
		expect_ok(doca_sync_event_add_subscriber_location_dpa(se, fx->dpa));
	}
	expect_ok(doca_sync_event_start(se));
	return se;
}

static void life_cycle(void **state)
{
	struct fixture *fx = *state;
	struct doca_dpa *dpa;
	struct doca_dpa_app *app;
	doca_dpa_dev_t handle;
	char name[64];
	uint32_t len = sizeof(name);

	expect_fail(doca_dpa_create(NULL, &dpa), DOCA_ERROR_INVALID_VALUE, "doca_dpa_create");
	expect_fail(doca_dpa_create(fx->dev, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_create");
	expect_ok(doca_dpa_create(fx->dev, &dpa));
	expect_fail(doca_dpa_start(dpa), DOCA_ERROR_BAD_STATE, "doca_dpa_start");
	expect_fail(doca_dpa_get_app(dpa, &app), DOCA_ERROR_BAD_STATE, "doca_dpa_get_app");
	expect_fail(doca_dpa_get_dpa_handle(dpa, &handle), DOCA_ERROR_BAD_STATE, "doca_dpa_get_dpa_handle");
	expect_fail(doca_dpa_stop(dpa), DOCA_ERROR_BAD_STATE, "doca_dpa_stop");
	expect_fail(doca_dpa_set_app(dpa, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_set_app");
	expect_fail(doca_dpa_set_app(dpa, (struct doca_dpa_app *)fx), DOCA_ERROR_INVALID_VALUE, "doca_dpa_set_app");
	expect_ok(doca_dpa_set_app(dpa, doca_dpa_kernels));
	expect_ok(doca_dpa_get_app(dpa, &app));
	assert_ptr_equal(app, doca_dpa_kernels);
	expect_ok(doca_dpa_start(dpa));
	expect_fail(doca_dpa_start(dpa), DOCA_ERROR_BAD_STATE, "doca_dpa_start");
	expect_fail(doca_dpa_set_app(dpa, doca_dpa_kernels), DOCA_ERROR_BAD_STATE, "doca_dpa_set_app");
	expect_ok(doca_dpa_get_dpa_handle(dpa, &handle));
	assert_int_not_equal(handle, 0);
	/* The device is in use while the context lives. */
	expect_fail(doca_dev_close(fx->dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	expect_ok(doca_dpa_app_get_name(app, name, &len));
	assert_string_equal(name, "doca_dpa_kernels");
	assert_int_equal(len, strlen("doca_dpa_kernels") + 1);
	len = 3;
	expect_fail(doca_dpa_app_get_name(app, name, &len), DOCA_ERROR_INVALID_VALUE, "doca_dpa_app_get_name");
	/* Stopped, it starts again. */
	expect_ok(doca_dpa_stop(dpa));
	expect_ok(doca_dpa_start(dpa));
	expect_ok(doca_dpa_destroy(dpa));
	/* A destroyed handle is refused. */
	expect_fail(doca_dpa_destroy(dpa), DOCA_ERROR_INVALID_VALUE, "doca_dpa_destroy");
	expect_fail(doca_dpa_start(dpa), DOCA_ERROR_INVALID_VALUE, "doca_dpa_start");
	expect_fail(doca_dpa_destroy(NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_destroy");
}

static void properties(void **state)
{
	struct fixture *fx = *state;
	unsigned int value;
	unsigned long long run_time;
	doca_dpa_dev_log_level_t level;
	uint32_t uar;
	struct doca_devinfo *devinfo = doca_dev_as_devinfo(fx->dev);

	expect_ok(doca_dpa_cap_is_supported(devinfo));
	expect_fail(doca_dpa_cap_is_supported(NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_cap_is_supported");
	expect_ok(doca_dpa_get_max_threads_per_kernel(fx->dpa, &value));
	assert_int_equal(value, 64);
	expect_fail(doca_dpa_get_max_threads_per_kernel(fx->dpa, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_get_max_threads_per_kernel");
	expect_fail(doca_dpa_get_max_threads_per_kernel(NULL, &value), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_get_max_threads_per_kernel");
	expect_ok(doca_dpa_get_core_num(fx->dpa, &value));
	assert_int_equal(value, 16);
	expect_ok(doca_dpa_get_num_eus_per_core(fx->dpa, &value));
	assert_int_equal(value, 16);
	expect_ok(doca_dpa_get_total_num_eus_available(fx->dpa, &value));
	assert_int_equal(value, 189);
	expect_ok(doca_dpa_get_kernel_max_run_time(fx->dpa, &run_time));
	expect_ok(doca_dpa_get_uar_id(fx->dpa, &uar));
	expect_ok(doca_dpa_get_log_level(fx->dpa, &level));
	assert_int_equal(level, DOCA_DPA_DEV_LOG_LEVEL_INFO);
	expect_fail(doca_dpa_set_log_level(fx->dpa, DOCA_DPA_DEV_LOG_LEVEL_DEBUG), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_set_log_level");
	expect_ok(doca_dpa_peek_at_last_error(fx->dpa));
}

static void memory(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_uintptr_t p;
	unsigned char in[256], out[256];

	expect_ok(doca_dpa_mem_alloc(fx->dpa, sizeof(in), &p));
	expect_ok(doca_dpa_memset(fx->dpa, p, 0x5a, sizeof(in)));
	expect_ok(doca_dpa_d2h_memcpy(fx->dpa, out, p, sizeof(out)));
	for (size_t i = 0; i < sizeof(out); i++)
		assert_int_equal(out[i], 0x5a);
	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (unsigned char)i;
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, p, in, sizeof(in)));
	expect_ok(doca_dpa_d2h_memcpy(fx->dpa, out, p, sizeof(out)));
	assert_memory_equal(in, out, sizeof(in));
	expect_fail(doca_dpa_mem_alloc(fx->dpa, 0, &p), DOCA_ERROR_INVALID_VALUE, "doca_dpa_mem_alloc");
	expect_fail(doca_dpa_mem_alloc(fx->dpa, 16, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_mem_alloc");
	expect_fail(doca_dpa_h2d_memcpy(fx->dpa, p, NULL, 4), DOCA_ERROR_INVALID_VALUE, "doca_dpa_h2d_memcpy");
	expect_fail(doca_dpa_d2h_memcpy(fx->dpa, out, 0, 4), DOCA_ERROR_INVALID_VALUE, "doca_dpa_d2h_memcpy");
	expect_fail(doca_dpa_memset(fx->dpa, p, 0, 0), DOCA_ERROR_INVALID_VALUE, "doca_dpa_memset");
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	expect_fail(doca_dpa_mem_free(fx->dpa, p), DOCA_ERROR_INVALID_VALUE, "doca_dpa_mem_free");
}

static void kernel_threads_and_completion(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *comp = event(fx, true);
	doca_dpa_dev_uintptr_t out;
	uint32_t got[64];

	for (unsigned int n = 1; n <= 64; n *= 4) {
		expect_ok(doca_dpa_mem_alloc(fx->dpa, sizeof(got), &out));
		expect_ok(doca_dpa_memset(fx->dpa, out, 0, sizeof(got)));
		expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, comp, n, n, &kernel_ranks, out));
		expect_ok(doca_sync_event_wait_gt(comp, n - 1, UINT64_MAX));
		expect_ok(doca_dpa_d2h_memcpy(fx->dpa, got, out, sizeof(got)));
		for (unsigned int i = 0; i < 64; i++)
			assert_int_equal(got[i], i < n ? n : 0);
		expect_ok(doca_dpa_mem_free(fx->dpa, out));
	}
	expect_fail(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, comp, 1, 0, &kernel_ranks, out),
		    DOCA_ERROR_INVALID_VALUE, "doca_dpa_kernel_launch_update_set");
	expect_fail(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, comp, 1, 65, &kernel_ranks, out),
		    DOCA_ERROR_INVALID_VALUE, "doca_dpa_kernel_launch_update_set");
	expect_fail(doca_dpa_kernel_launch_update_add(fx->dpa, NULL, 0, comp, 1, 1, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_kernel_launch_update_add");
	expect_fail(doca_dpa_kernel_launch_update_add(NULL, NULL, 0, comp, 1, 1, &kernel_nothing),
		    DOCA_ERROR_INVALID_VALUE, "doca_dpa_kernel_launch_update_add");
	expect_ok(doca_sync_event_destroy(comp));
}

static void structs_by_value(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *comp = event(fx, true);
	doca_dpa_dev_uintptr_t out;
	struct kernel_args args = { .a = 7, .b = 8, .c = 9 };
	uint64_t value = 0;

	expect_ok(doca_dpa_mem_alloc(fx->dpa, sizeof(value), &out));
	args.out = out;
	expect_ok(doca_dpa_kernel_launch_update_add(fx->dpa, NULL, 0, comp, 1, 1, &kernel_struct, args, 10ull));
	expect_ok(doca_sync_event_wait_gt(comp, 0, UINT64_MAX));
	expect_ok(doca_dpa_d2h_memcpy(fx->dpa, &value, out, sizeof(value)));
	assert_int_equal(value, 7008019);
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_sum, &value, args, 100ull));
	assert_int_equal(value, 124);
	expect_fail(doca_dpa_rpc(fx->dpa, &rpc_sum, NULL, args, 100ull), DOCA_ERROR_INVALID_VALUE, "doca_dpa_rpc");
	expect_fail(doca_dpa_rpc(fx->dpa, (doca_dpa_func_t *)fx, &value), DOCA_ERROR_INVALID_VALUE, "doca_dpa_rpc");
	expect_ok(doca_dpa_mem_free(fx->dpa, out));
	expect_ok(doca_sync_event_destroy(comp));
}

/* The seed's pipeline: func1 -> func2 -> func3, each waiting on the event the one before updates. */
static void kernels_chained_by_events(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *start = event(fx, false), *comp = event(fx, true), *e1, *e2;
	doca_dpa_dev_sync_event_t h1, h2, hcomp;
	uint64_t value;

	/* Events between kernels: DPA publishers and subscribers. */
	expect_ok(doca_sync_event_create(&e1));
	expect_ok(doca_sync_event_add_publisher_location_dpa(e1, fx->dpa));
	expect_ok(doca_sync_event_add_subscriber_location_dpa(e1, fx->dpa));
	expect_ok(doca_sync_event_start(e1));
	expect_ok(doca_sync_event_create(&e2));
	expect_ok(doca_sync_event_add_publisher_location_dpa(e2, fx->dpa));
	expect_ok(doca_sync_event_add_subscriber_location_dpa(e2, fx->dpa));
	expect_ok(doca_sync_event_start(e2));
	expect_ok(doca_sync_event_get_dpa_handle(e1, fx->dpa, &h1));
	expect_ok(doca_sync_event_get_dpa_handle(e2, fx->dpa, &h2));
	expect_ok(doca_sync_event_get_dpa_handle(comp, fx->dpa, &hcomp));
	/* Launched last to first: each waits for its predecessor's event whatever the order. */
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, e2, 1, comp, 3, 1, &kernel_nothing));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, e1, 1, e2, 1, 1, &kernel_nothing));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, start, 5, e1, 1, 1, &kernel_nothing));
	usleep(20000);
	expect_ok(doca_sync_event_get(comp, &value));
	assert_int_equal(value, 0);
	expect_ok(doca_sync_event_update_set(start, 4)); /* below the threshold */
	usleep(20000);
	expect_ok(doca_sync_event_get(comp, &value));
	assert_int_equal(value, 0);
	expect_ok(doca_sync_event_update_set(start, 5)); /* at it: the chain runs */
	expect_ok(doca_sync_event_wait_gt(comp, 2, UINT64_MAX));
	/* DPA code reads and updates the events by their handles too. */
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_event_get, &value, h2));
	assert_int_equal(value, 1);
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_event_set, hcomp, 40ull));
	expect_ok(doca_sync_event_wait_gt(comp, 39, UINT64_MAX));
	expect_ok(doca_sync_event_destroy(e2));
	expect_ok(doca_sync_event_destroy(e1));
	expect_ok(doca_sync_event_destroy(comp));
	expect_ok(doca_sync_event_destroy(start));
}

/* The DOCA DPA guide's pipeline: func1, func2, func3 on one event, each waiting for the value the
 * one before added to it (0, 1, 2) and adding 1. */
static void pipeline_on_one_event(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *e, *comp = event(fx, true);

	expect_ok(doca_sync_event_create(&e));
	expect_ok(doca_sync_event_add_publisher_location_dpa(e, fx->dpa));
	expect_ok(doca_sync_event_add_subscriber_location_dpa(e, fx->dpa));
	expect_ok(doca_sync_event_start(e));
	for (int round = 0; round < 20; round++) {
		expect_ok(doca_dpa_kernel_launch_update_add(fx->dpa, e, 3 * round, e, 1, 2, &kernel_nothing));
		expect_ok(doca_dpa_kernel_launch_update_add(fx->dpa, e, 3 * round + 1, e, 1, 2, &kernel_nothing));
		expect_ok(doca_dpa_kernel_launch_update_add(fx->dpa, e, 3 * round + 2, comp, 1, 2, &kernel_nothing));
		/* the third adds to the CPU's event; the next round's first waits for 3 * (round + 1) */
		expect_ok(doca_sync_event_wait_gt(comp, round, UINT64_MAX));
		expect_ok(doca_dpa_kernel_launch_update_add(fx->dpa, NULL, 0, e, 1, 1, &kernel_nothing));
	}
	expect_ok(doca_sync_event_destroy(e));
	expect_ok(doca_sync_event_destroy(comp));
}

/* Many kernels in flight adding to one event from DPA code and as their completion. */
static void many_kernels_add(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *comp = event(fx, true), *added = event(fx, true);
	doca_dpa_dev_sync_event_t hadded;
	enum {
		KERNELS = 32,
		THREADS = 4
	};

	expect_ok(doca_sync_event_get_dpa_handle(added, fx->dpa, &hadded));
	for (int i = 0; i < KERNELS; i++)
		expect_ok(doca_dpa_kernel_launch_update_add(fx->dpa, NULL, 0, comp, 1, THREADS, &kernel_event_add,
							    hadded, 1ull));
	expect_ok(doca_sync_event_wait_gt(comp, KERNELS - 1, UINT64_MAX));
	expect_ok(doca_sync_event_wait_gt(added, KERNELS * THREADS - 1, UINT64_MAX));
	expect_ok(doca_sync_event_destroy(added));
	expect_ok(doca_sync_event_destroy(comp));
}

static void device_log_to_file(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *comp;
	struct doca_dpa *dpa;
	char path[] = "/tmp/doca-dpa-log-XXXXXX", got[64], text[4096] = "";
	uint32_t len = sizeof(got);
	int fd = mkstemp(path);
	FILE *f;

	assert_true(fd >= 0);
	close(fd);
	expect_ok(doca_dpa_create(fx->dev, &dpa));
	expect_fail(doca_dpa_log_file_get_path(dpa, got, &len), DOCA_ERROR_NOT_FOUND, "doca_dpa_log_file_get_path");
	expect_fail(doca_dpa_log_file_set_path(dpa, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_log_file_set_path");
	expect_ok(doca_dpa_log_file_set_path(dpa, path));
	expect_ok(doca_dpa_log_file_get_path(dpa, got, &len));
	assert_string_equal(got, path);
	expect_fail(doca_dpa_set_log_level(dpa, (doca_dpa_dev_log_level_t)55), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_set_log_level");
	expect_ok(doca_dpa_set_log_level(dpa, DOCA_DPA_DEV_LOG_LEVEL_INFO));
	expect_ok(doca_dpa_set_app(dpa, doca_dpa_kernels));
	expect_ok(doca_dpa_start(dpa));
	expect_fail(doca_dpa_log_file_set_path(dpa, path), DOCA_ERROR_BAD_STATE, "doca_dpa_log_file_set_path");
	expect_ok(doca_sync_event_create(&comp));
	expect_ok(doca_sync_event_add_publisher_location_dpa(comp, dpa));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(comp, fx->dev));
	expect_ok(doca_sync_event_start(comp));
	expect_ok(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, 1, 2, &kernel_log));
	expect_ok(doca_sync_event_wait_gt(comp, 0, UINT64_MAX));
	expect_ok(doca_sync_event_destroy(comp));
	expect_ok(doca_dpa_destroy(dpa)); /* flushes the stream */
	f = fopen(path, "r");
	assert_non_null(f);
	assert_true(fread(text, 1, sizeof(text) - 1, f) > 0);
	fclose(f);
	unlink(path);
	assert_non_null(strstr(text, "kernel_log: thread 0 of 2"));
	assert_non_null(strstr(text, "kernel_log: thread 1 of 2"));
	assert_null(strstr(text, "a debug line"));
}

/* A kernel that faults stops the context's process; the context says so, the program goes on. */
static void faulting_kernel(void **state)
{
	struct fixture *fx = *state;
	char *text;
	uint64_t value;

	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_fault));
	for (int i = 0; i < 1000 && doca_dpa_peek_at_last_error(fx->dpa) == DOCA_SUCCESS; i++)
		usleep(2000);
	text = sdk_log_take();
	free(text);
	expect_fail(doca_dpa_peek_at_last_error(fx->dpa), DOCA_ERROR_BAD_STATE, "doca_dpa_peek_at_last_error");
	expect_fail(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_nothing),
		    DOCA_ERROR_BAD_STATE, "doca_dpa_kernel_launch_update_set");
	expect_fail(doca_dpa_rpc(fx->dpa, &rpc_sum, &value, (struct kernel_args){ 0 }, 1ull), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_rpc");
}

/*
 * 2.7 on: a context extended to another device (here another doca_dev of the same simulated
 * device: its own ibv context and PD) shares the process; DPA code selects it by its handle
 * (doca_dpa_dev_device_set) to reach that device's memory: an event whose counter is registered
 * on it. The base context is in use until the extended one is destroyed.
 */
static void extended_context(void **state)
{
	struct fixture *fx = *state;
	struct doca_dev *other = sim_dev_open(0);
	struct doca_dpa *ext, *out = NULL, *unstarted;
	struct doca_sync_event *se;
	doca_dpa_dev_t base_handle, ext_handle;
	doca_dpa_dev_sync_event_t hse;
	doca_dpa_dev_uintptr_t mem;
	char *text;

	expect_fail(doca_dpa_device_extend(NULL, other, &ext), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	expect_fail(doca_dpa_device_extend(fx->dpa, NULL, &ext), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	expect_fail(doca_dpa_device_extend(fx->dpa, other, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	expect_fail(doca_dpa_device_extend(fx->dpa, fx->dev, &out), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	expect_ok(doca_dpa_create(fx->dev, &unstarted));
	expect_fail(doca_dpa_device_extend(unstarted, other, &out), DOCA_ERROR_BAD_STATE, "doca_dpa_device_extend");
	expect_ok(doca_dpa_destroy(unstarted));
	assert_null(out);

	expect_ok(doca_dpa_device_extend(fx->dpa, other, &ext));
	expect_ok(doca_dpa_get_dpa_handle(fx->dpa, &base_handle));
	expect_ok(doca_dpa_get_dpa_handle(ext, &ext_handle));
	assert_int_not_equal(ext_handle, 0);
	assert_int_not_equal(ext_handle, base_handle);
	expect_fail(doca_dpa_device_extend(ext, fx->dev, &out), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	/* Made started, it is destroyed, never started or stopped; the base and the device are in use. */
	expect_fail(doca_dpa_start(ext), DOCA_ERROR_BAD_STATE, "doca_dpa_start");
	expect_fail(doca_dpa_stop(ext), DOCA_ERROR_NOT_PERMITTED, "doca_dpa_stop");
	expect_fail(doca_dpa_stop(fx->dpa), DOCA_ERROR_IN_USE, "doca_dpa_stop");
	expect_fail(doca_dpa_destroy(fx->dpa), DOCA_ERROR_IN_USE, "doca_dpa_destroy");
	expect_fail(doca_dev_close(other), DOCA_ERROR_IN_USE, "doca_dev_close");

	/* An event the CPU waits on, published by DPA code through the extended context. */
	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_dpa(se, ext));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, other));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_get_dpa_handle(se, ext, &hse));
	/* A kernel of the base selecting the extended context, and one launched on it. */
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_event_set_on, ext_handle, hse,
						    7ull));
	expect_ok(doca_sync_event_wait_gt(se, 6, UINT64_MAX));
	expect_ok(doca_dpa_kernel_launch_update_set(ext, NULL, 0, NULL, 0, 1, &kernel_event_set, hse, 9ull));
	expect_ok(doca_sync_event_wait_gt(se, 8, UINT64_MAX));
	/* DPA memory of the shared process. */
	expect_ok(doca_dpa_mem_alloc(ext, 64, &mem));
	expect_ok(doca_dpa_memset(ext, mem, 0, 64));
	expect_ok(doca_dpa_mem_free(ext, mem));
	expect_ok(doca_dpa_peek_at_last_error(ext));

	expect_ok(doca_sync_event_destroy(se));
	expect_ok(doca_dpa_destroy(ext));
	expect_fail(doca_dpa_get_dpa_handle(ext, &ext_handle), DOCA_ERROR_INVALID_VALUE, "doca_dpa_get_dpa_handle");
	sim_dev_close(other);
	/* The base is free again. */
	expect_ok(doca_dpa_stop(fx->dpa));
	expect_ok(doca_dpa_start(fx->dpa));
	text = sdk_log_take();
	free(text);
}

/* The extended context's window is its own: the base's does not reach the other device's memory,
 * so DPA code that does not select the extended context is refused (the process stops). */
static void extended_context_window(void **state)
{
	struct fixture *fx = *state;
	struct doca_dev *other = sim_dev_open(0);
	struct doca_sync_event *se;
	doca_dpa_dev_sync_event_t hse;
	struct doca_dpa *ext;
	char *text;

	expect_ok(doca_dpa_device_extend(fx->dpa, other, &ext));
	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_dpa(se, ext));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, other));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_get_dpa_handle(se, ext, &hse));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_event_set, hse, 7ull));
	for (int i = 0; i < 1000 && doca_dpa_peek_at_last_error(ext) == DOCA_SUCCESS; i++)
		usleep(2000);
	free(sdk_log_take());
	assert_int_equal(doca_dpa_peek_at_last_error(ext), DOCA_ERROR_BAD_STATE);
	text = sdk_log_take();
	assert_non_null(strstr(text, "whose host memory it may not reach"));
	free(text);
	expect_ok(doca_sync_event_destroy(se));
	expect_ok(doca_dpa_destroy(ext));
	sim_dev_close(other);
}

/* Destroying a context while its kernels wait: they go with it, nothing hangs or leaks. */
static void destroy_while_kernels_wait(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *never = event(fx, false);

	for (int i = 0; i < 8; i++)
		expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, never, 0, NULL, 0, 4, &kernel_nothing));
	expect_ok(doca_dpa_destroy(fx->dpa));
	fx->dpa = NULL;
	expect_ok(doca_sync_event_destroy(never));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(life_cycle, setup, teardown),
		cmocka_unit_test_setup_teardown(properties, setup, teardown),
		cmocka_unit_test_setup_teardown(memory, setup, teardown),
		cmocka_unit_test_setup_teardown(kernel_threads_and_completion, setup, teardown),
		cmocka_unit_test_setup_teardown(structs_by_value, setup, teardown),
		cmocka_unit_test_setup_teardown(kernels_chained_by_events, setup, teardown),
		cmocka_unit_test_setup_teardown(pipeline_on_one_event, setup, teardown),
		cmocka_unit_test_setup_teardown(many_kernels_add, setup, teardown),
		cmocka_unit_test_setup_teardown(device_log_to_file, setup, teardown),
		cmocka_unit_test_setup_teardown(faulting_kernel, setup, teardown),
		cmocka_unit_test_setup_teardown(destroy_while_kernels_wait, setup, teardown),
		cmocka_unit_test_setup_teardown(extended_context, setup, teardown),
		cmocka_unit_test_setup_teardown(extended_context_window, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
