/*
 * DPA code of the DOCA DPA tests (test_dpa.c): kernels and RPCs written as DOCA DPA programs write
 * them, against the device library (libdoca_dpa_dev).
 */
#include <stdint.h>

#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>

/* Each thread writes the kernel's thread count at its rank of out (DPA memory). */
__dpa_global__ void kernel_ranks(uint64_t out)
{
	((volatile uint32_t *)(uintptr_t)out)[doca_dpa_dev_thread_rank()] = doca_dpa_dev_num_threads();
}

/* A struct passed by value, as NVIDIA's samples pass theirs. */
struct kernel_args {
	uint64_t out;
	uint32_t a;
	uint16_t b;
	uint64_t c;
};

__dpa_global__ void kernel_struct(struct kernel_args args, uint64_t d)
{
	*(volatile uint64_t *)(uintptr_t)args.out = args.a * 1000000ull + args.b * 1000ull + args.c + d;
}

__dpa_rpc__ uint64_t rpc_sum(struct kernel_args args, uint64_t d)
{
	return args.a + args.b + args.c + d;
}

/* An RPC reading a sync event by its handle. */
__dpa_rpc__ uint64_t rpc_event_get(doca_dpa_dev_sync_event_t event)
{
	uint64_t value;

	doca_dpa_dev_sync_event_get(event, &value);
	return value;
}

__dpa_global__ void kernel_event_set(doca_dpa_dev_sync_event_t event, uint64_t value)
{
	doca_dpa_dev_sync_event_update_set(event, value);
}

__dpa_global__ void kernel_event_add(doca_dpa_dev_sync_event_t event, uint64_t value)
{
	doca_dpa_dev_sync_event_update_add(event, value);
}

/* Waits until the event's value passes value, then writes 1 at out. */
__dpa_global__ void kernel_event_wait(doca_dpa_dev_sync_event_t event, uint64_t value, uint64_t out)
{
	doca_dpa_dev_sync_event_wait_gt(event, value, ~0ull);
	*(volatile uint64_t *)(uintptr_t)out = 1;
}

__dpa_global__ void kernel_log(void)
{
	DOCA_DPA_DEV_LOG_INFO("kernel_log: thread %u of %u\n", doca_dpa_dev_thread_rank(), doca_dpa_dev_num_threads());
	DOCA_DPA_DEV_LOG_DBG("kernel_log: a debug line\n");
}

__dpa_global__ void kernel_fault(void)
{
	*(volatile uint64_t *)(uintptr_t)8 = 1;
}

__dpa_global__ void kernel_nothing(void)
{
}

/* Sets an event through the context dpa (an extended one: the event's memory is its device's). */
__dpa_global__ void kernel_event_set_on(doca_dpa_dev_t dpa, doca_dpa_dev_sync_event_t event, uint64_t value)
{
	doca_dpa_dev_device_set(dpa);
	doca_dpa_dev_sync_event_update_set(event, value);
}
