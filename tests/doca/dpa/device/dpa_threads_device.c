/*
 * DPA code of the DOCA DPA thread tests (test_dpa_threads.c): DPA thread functions, kernels and
 * RPCs written as NVIDIA's samples write theirs, against the device library (libdoca_dpa_dev).
 */
#include <stdint.h>

#include <dpaintrin.h>
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>

/* A thread's argument, in DPA memory (the host's copy: struct thread_arg of test_dpa_threads.c). */
struct thread_arg {
	uint64_t runs;          /* runs so far */
	uint64_t event;         /* a sync event set to runs at the end of each run (0: none) */
	uint64_t local_storage; /* what doca_dpa_dev_thread_get_local_storage gave */
	uint32_t rank, num_threads;
	uint64_t notify;      /* a notification completion notified while runs < limit (0: none) */
	uint64_t limit;
	uint64_t comp;        /* a completion context read each run (0: none) */
	uint64_t completions; /* completions read from it */
	uint64_t finish;      /* 1: the thread finishes at its first run */
	uint64_t ls_value;    /* the first word of the local storage */
};

/* One run of a test thread: counts, records, notifies, reads completions, then reschedules. */
__dpa_global__ void thread_func(uint64_t arg)
{
	struct thread_arg *a = (struct thread_arg *)arg;
	doca_dpa_dev_completion_element_t element;

	a->runs++;
	a->local_storage = doca_dpa_dev_thread_get_local_storage();
	if (a->local_storage)
		a->ls_value = *(volatile uint64_t *)a->local_storage;
	a->rank = doca_dpa_dev_thread_rank();
	a->num_threads = doca_dpa_dev_num_threads();
	if (a->comp) {
		while (doca_dpa_dev_get_completion(a->comp, &element)) {
			a->completions++;
			doca_dpa_dev_completion_ack(a->comp, 1);
		}
		doca_dpa_dev_completion_request_notification(a->comp);
	}
	if (a->notify && a->runs < a->limit)
		doca_dpa_dev_thread_notify(a->notify);
	__dpa_thread_memory_writeback();
	if (a->event)
		doca_dpa_dev_sync_event_update_set(a->event, a->runs);
	if (a->finish)
		doca_dpa_dev_thread_finish();
	doca_dpa_dev_thread_reschedule();
}

/* A thread that wakes itself for ever (destroy while threads run). */
__dpa_global__ void thread_spin(uint64_t arg)
{
	struct thread_arg *a = (struct thread_arg *)arg;

	a->runs++;
	doca_dpa_dev_thread_notify(a->notify);
}

/* A kernel waking a DPA thread. */
__dpa_global__ void kernel_notify(doca_dpa_dev_notification_completion_t notify)
{
	doca_dpa_dev_thread_notify(notify);
}

/* Not a DPA thread: no local storage, rank 0 of 1. */
__dpa_rpc__ uint64_t rpc_local_storage(void)
{
	return doca_dpa_dev_thread_get_local_storage() + doca_dpa_dev_thread_rank() + doca_dpa_dev_num_threads();
}
