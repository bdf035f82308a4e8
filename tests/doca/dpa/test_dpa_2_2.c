/*
 * DOCA DPA 2.2 (libdoca_dpa's 2.2 forms): doca_dpa_create with the application and flags, the
 * application's name, workers, endpoints, host memory registration, and DPA code of 2.2
 * (device/dpa_kernels_device_2_2.c): puts and signals between two endpoints, copies by memory
 * handles, host pointers, doca_dpa_dev_printf. Every failure is one SDK line naming the function.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_sync_event.h>
#include <doca_types.h>

#include "mem_util.h"

extern doca_dpa_app_t doca_dpa_kernels_2_2;
extern doca_dpa_func_t kernel_put_signal, kernel_put, kernel_copy, kernel_transpose, kernel_rkey, kernel_hello;

#define ACCESS (DOCA_ACCESS_LOCAL_READ_WRITE | DOCA_ACCESS_RDMA_WRITE | DOCA_ACCESS_RDMA_READ | DOCA_ACCESS_RDMA_ATOMIC)

struct fixture {
	struct doca_dev *dev;
	doca_dpa_t dpa;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	expect_ok(doca_dpa_create(fx->dev, doca_dpa_kernels_2_2, &fx->dpa, 0));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_dpa_destroy(fx->dpa));
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* An event DPA code signals and the CPU waits on (2.2's location names). */
static struct doca_sync_event *cpu_event(struct fixture *fx)
{
	struct doca_sync_event *se;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_publisher_add_location_dpa(se, fx->dpa));
	expect_ok(doca_sync_event_subscriber_add_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_start(se));
	return se;
}

static void create_and_name(void **state)
{
	struct fixture *fx = *state;
	char name[64];
	int len = sizeof(name);
	doca_dpa_t dpa;

	expect_fail(doca_dpa_create(fx->dev, doca_dpa_kernels_2_2, &dpa, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_create");
	expect_fail(doca_dpa_create(fx->dev, NULL, &dpa, 0), DOCA_ERROR_INVALID_VALUE, "doca_dpa_create");
	expect_ok(doca_dpa_app_name_get(doca_dpa_kernels_2_2, name, &len));
	assert_string_equal(name, "doca_dpa_kernels_2_2");
	len = -1;
	expect_fail(doca_dpa_app_name_get(doca_dpa_kernels_2_2, name, &len), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_app_name_get");
	expect_ok(doca_devinfo_get_is_dpa_supported(doca_dev_as_devinfo(fx->dev)));
}

/* Two endpoints of the context connected to each other; one puts into memory the other side
 * registered and signals its event, as NVIDIA's dpa_endpoint_copy sample does. */
static void endpoints_put_and_signal(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *comp = cpu_event(fx), *done = cpu_event(fx);
	doca_dpa_worker_t worker;
	doca_dpa_ep_t a, b;
	doca_dpa_ep_addr_t addr_a, addr_b;
	doca_dpa_dev_ep_t ha;
	doca_dpa_mem_t mem_src, mem_dst;
	doca_dpa_dev_mem_t hsrc, hdst;
	doca_sync_event_remote_t remote;
	uint64_t src[4] = { 11, 22, 33, 44 }, dst[4] = { 0 };
	uint32_t rkey, got_rkey;
	uint64_t value;
	size_t len;

	expect_fail(doca_dpa_worker_create(fx->dpa, &worker, 2), DOCA_ERROR_INVALID_VALUE, "doca_dpa_worker_create");
	expect_ok(doca_dpa_worker_create(fx->dpa, &worker, 0));
	expect_fail(doca_dpa_ep_create(worker, 1u << 10, &a), DOCA_ERROR_INVALID_VALUE, "doca_dpa_ep_create");
	expect_ok(doca_dpa_ep_create(worker, ACCESS, &a));
	expect_ok(doca_dpa_ep_create(worker, ACCESS, &b));
	expect_ok(doca_dpa_ep_addr_get(a, &addr_a, &len));
	expect_ok(doca_dpa_ep_addr_get(b, &addr_b, &len));
	expect_fail(doca_dpa_ep_connect(a, (doca_dpa_ep_addr_t)src), DOCA_ERROR_INVALID_VALUE, "doca_dpa_ep_connect");
	expect_ok(doca_dpa_ep_connect(a, addr_b));
	expect_ok(doca_dpa_ep_connect(b, addr_a));
	expect_fail(doca_dpa_ep_connect(a, addr_b), DOCA_ERROR_BAD_STATE, "doca_dpa_ep_connect");
	expect_ok(doca_dpa_ep_dev_export(a, &ha));
	expect_ok(doca_dpa_mem_host_register(fx->dpa, src, sizeof(src), ACCESS, &mem_src, 0));
	expect_ok(doca_dpa_mem_host_register(fx->dpa, dst, sizeof(dst), ACCESS, &mem_dst, 0));
	expect_fail(doca_dpa_mem_host_register(fx->dpa, dst, 0, ACCESS, &mem_dst, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_mem_host_register");
	expect_ok(doca_dpa_mem_dev_export(mem_src, &hsrc));
	expect_ok(doca_dpa_mem_rkey_get(mem_dst, &rkey));
	expect_ok(doca_sync_event_export_remote(comp, &remote));
	/* The context is in use while its worker and registrations live. */
	expect_fail(doca_dpa_destroy(fx->dpa), DOCA_ERROR_IN_USE, "doca_dpa_destroy");

	/* set, then add */
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, done, 1, 1, &kernel_put_signal, ha,
						    (uint64_t)(uintptr_t)src, hsrc, (uint64_t)sizeof(src),
						    (uint64_t)(uintptr_t)dst, rkey, remote, 5ull, 1ull));
	expect_ok(doca_sync_event_wait_gt(comp, 4, UINT64_MAX));
	expect_ok(doca_sync_event_wait_gt(done, 0, UINT64_MAX));
	assert_memory_equal(src, dst, sizeof(src));
	src[0] = 99;
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, done, 2, 1, &kernel_put_signal, ha,
						    (uint64_t)(uintptr_t)src, hsrc, (uint64_t)sizeof(uint64_t),
						    (uint64_t)(uintptr_t)dst, rkey, remote, 3ull, 0ull));
	expect_ok(doca_sync_event_wait_gt(done, 1, UINT64_MAX));
	expect_ok(doca_sync_event_get(comp, &value));
	assert_int_equal(value, 8);
	assert_int_equal(dst[0], 99);
	/* DPA code reads the rkey from the handle (and stores it through a host pointer). */
	expect_ok(doca_dpa_mem_dev_export(mem_dst, &hdst));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, done, 3, 1, &kernel_rkey, hdst,
						    (uint64_t)(uintptr_t)&dst[3], hdst));
	expect_ok(doca_sync_event_wait_gt(done, 2, UINT64_MAX));
	expect_ok(doca_dpa_mem_rkey_get(mem_dst, &got_rkey));
	assert_int_equal(dst[3], got_rkey);

	expect_fail(doca_dpa_ep_addr_free((doca_dpa_ep_addr_t)src), DOCA_ERROR_INVALID_VALUE, "doca_dpa_ep_addr_free");
	expect_ok(doca_dpa_ep_addr_free(NULL));
	expect_ok(doca_dpa_ep_addr_free(addr_a));
	expect_ok(doca_dpa_ep_addr_free(addr_b));
	expect_ok(doca_dpa_ep_destroy(a));
	expect_ok(doca_dpa_ep_destroy(b));
	expect_fail(doca_dpa_ep_destroy(b), DOCA_ERROR_INVALID_VALUE, "doca_dpa_ep_destroy");
	expect_ok(doca_dpa_worker_destroy(worker));
	expect_ok(doca_dpa_mem_unregister(mem_src));
	expect_ok(doca_dpa_mem_unregister(mem_dst));
	expect_fail(doca_dpa_mem_unregister(mem_dst), DOCA_ERROR_INVALID_VALUE, "doca_dpa_mem_unregister");
	expect_ok(doca_sync_event_destroy(done));
	expect_ok(doca_sync_event_destroy(comp));
}

/* Copies between registered host memories, a host pointer, a transposed matrix. */
static void copies(void **state)
{
	struct fixture *fx = *state;
	struct doca_sync_event *done = cpu_event(fx);
	uint64_t src[8], dst[8] = { 0 };
	uint32_t m[6] = { 1, 2, 3, 4, 5, 6 }, t[6] = { 0 }, want[6] = { 1, 3, 5, 2, 4, 6 };
	doca_dpa_mem_t ms, md, mm, mt;
	doca_dpa_dev_mem_t hs, hd, hm, ht;

	for (int i = 0; i < 8; i++)
		src[i] = 100 + i;
	expect_ok(doca_dpa_mem_host_register(fx->dpa, src, sizeof(src), ACCESS, &ms, 0));
	expect_ok(doca_dpa_mem_host_register(fx->dpa, dst, sizeof(dst), ACCESS, &md, 0));
	expect_ok(doca_dpa_mem_host_register(fx->dpa, m, sizeof(m), ACCESS, &mm, 0));
	expect_ok(doca_dpa_mem_host_register(fx->dpa, t, sizeof(t), ACCESS, &mt, 0));
	expect_ok(doca_dpa_mem_dev_export(ms, &hs));
	expect_ok(doca_dpa_mem_dev_export(md, &hd));
	expect_ok(doca_dpa_mem_dev_export(mm, &hm));
	expect_ok(doca_dpa_mem_dev_export(mt, &ht));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, done, 1, 1, &kernel_copy,
						    (uint64_t)(uintptr_t)dst, hd, (uint64_t)(uintptr_t)src, hs,
						    (uint64_t)sizeof(src)));
	expect_ok(doca_sync_event_wait_gt(done, 0, UINT64_MAX));
	assert_int_equal(dst[0], 200);
	assert_memory_equal(&src[1], &dst[1], sizeof(src) - sizeof(src[0]));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, done, 2, 1, &kernel_transpose,
						    (uint64_t)(uintptr_t)t, ht, (uint64_t)(uintptr_t)m, hm));
	expect_ok(doca_sync_event_wait_gt(done, 1, UINT64_MAX));
	assert_memory_equal(t, want, sizeof(t));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, done, 3, 2, &kernel_hello));
	expect_ok(doca_sync_event_wait_gt(done, 2, UINT64_MAX));
	expect_ok(doca_dpa_mem_unregister(ms));
	expect_ok(doca_dpa_mem_unregister(md));
	expect_ok(doca_dpa_mem_unregister(mm));
	expect_ok(doca_dpa_mem_unregister(mt));
	expect_ok(doca_sync_event_destroy(done));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(create_and_name, setup, teardown),
		cmocka_unit_test_setup_teardown(endpoints_put_and_signal, setup, teardown),
		cmocka_unit_test_setup_teardown(copies, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
