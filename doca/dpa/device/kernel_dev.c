/*
 * The device side of kernel launches and RPCs (doca_dpa_kernel_launch_update_*, doca_dpa_rpc):
 * the entry points libdoca_dpa runs, by name, on the context's FlexIO process, and the thread
 * state the DOCA device API reads (thread rank, number of threads, current context).
 *
 * A kernel of N threads is N tasks of a FlexIO command queue, each with argument launch | rank
 * (dev_context.h): each waits for the launch's wait event, runs the kernel through its unpack
 * wrapper with the packed arguments, and the last to finish updates the completion event and
 * marks the launch done, which tells the host it may free the descriptor.
 */
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>

#include "dev_internal.h"
#include "doca_dpa_dev.h"
#include "doca_dpa_dev_sync_event.h"

typedef uint64_t (*unpack_fn)(void *argbuf, void *func);

/* libdoca_dpa registers these entry points by name (dpa.c). */
REGISTERED_BY_NAME(opendoca_dpa_kernel_thread);
REGISTERED_BY_NAME(opendoca_dpa_rpc);

static __thread uint64_t current_context;
static __thread unsigned int thread_rank;
static __thread unsigned int thread_count = 1;

const struct opendoca_dpa_dev_context *opendoca_dev_context(void)
{
	return (const struct opendoca_dpa_dev_context *)(uintptr_t)current_context;
}

void opendoca_dev_set_context(uint64_t context)
{
	current_context = context;
}

void opendoca_dev_set_kernel_thread(unsigned int rank, unsigned int num_threads)
{
	thread_rank = rank;
	thread_count = num_threads;
}

unsigned int doca_dpa_dev_thread_rank(void)
{
	return thread_rank;
}

unsigned int doca_dpa_dev_num_threads(void)
{
	return thread_count;
}

static uint64_t run(const struct opendoca_dpa_launch *launch)
{
	return ((unpack_fn)(uintptr_t)launch->unpack)((void *)(launch + 1), (void *)(uintptr_t)launch->func);
}

/* One thread of a kernel: the command queue task libdoca_dpa adds per thread. */
__dpa_global__ void opendoca_dpa_kernel_thread(uint64_t arg)
{
	struct opendoca_dpa_launch *launch =
		(struct opendoca_dpa_launch *)(uintptr_t)(arg & ~(uint64_t)(OPENDOCA_DPA_LAUNCH_ALIGN - 1));
	opendoca_dev_set_context(launch->context);
	opendoca_dev_set_kernel_thread((unsigned int)(arg & (OPENDOCA_DPA_LAUNCH_ALIGN - 1)), launch->num_threads);
	/* value >= threshold: every value is at least 0 */
	if (launch->wait_event && launch->wait_threshold)
		doca_dpa_dev_sync_event_wait_gt(launch->wait_event, launch->wait_threshold - 1, ~0ull);
	run(launch);
	if (__atomic_add_fetch(&launch->finished, 1, __ATOMIC_ACQ_REL) == launch->num_threads) {
		if (launch->comp_op == OPENDOCA_DPA_COMP_SET)
			opendoca_dev_sync_event_set(launch->comp_event, launch->comp_count);
		else if (launch->comp_op == OPENDOCA_DPA_COMP_ADD)
			opendoca_dev_sync_event_add(launch->comp_event, launch->comp_count);
		__atomic_store_n(&launch->state, OPENDOCA_DPA_LAUNCH_DONE, __ATOMIC_RELEASE);
	}
	opendoca_dev_set_kernel_thread(0, 1);
	opendoca_dev_set_context(0);
}

/* doca_dpa_rpc: runs the function of the descriptor at arg once and returns its value. */
__dpa_global__ uint64_t opendoca_dpa_rpc(uint64_t arg)
{
	const struct opendoca_dpa_launch *launch = (const struct opendoca_dpa_launch *)(uintptr_t)arg;
	uint64_t result;

	opendoca_dev_set_context(launch->context);
	result = run(launch);
	opendoca_dev_set_context(0);
	return result;
}

/* The DPA's execution units run other threads between polls of a waiting one: nothing to do here. */
void doca_dpa_dev_yield(void)
{
	__asm__ volatile("" ::: "memory");
}

/* 3.0: the context of an extended DOCA DPA (another device's) for this thread's next calls. */
void doca_dpa_dev_device_set(doca_dpa_dev_t dpa_handle)
{
	opendoca_dev_set_context(dpa_handle);
}
