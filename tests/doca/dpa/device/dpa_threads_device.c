/*
 * DPA code of the DOCA DPA thread tests (test_dpa_threads.c): DPA thread functions, kernels and
 * RPCs written as NVIDIA's samples write theirs, against the device library (libdoca_dpa_dev).
 */
#include <stdint.h>

#include <dpaintrin.h>
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_sync_event.h>

/* A thread's argument, in DPA memory (the host's copy: struct thread_arg of test_dpa_threads.c). */
struct thread_arg {
	uint64_t runs;          /* runs so far */
	uint64_t event;         /* a sync event set to runs at the end of each run (0: none) */
	uint64_t local_storage; /* what doca_dpa_dev_thread_get_local_storage gave */
	uint32_t rank, num_threads;
	uint64_t notify; /* a notification completion notified while runs < limit (0: none) */
	uint64_t limit;
	uint64_t comp;        /* a completion context read each run (0: none) */
	uint64_t completions; /* completions read from it */
	uint64_t finish;      /* 1: the thread finishes at its first run */
	uint64_t ls_value;    /* the first word of the local storage */
	uint64_t last_type;   /* the last completion's type */
	uint64_t last_user;   /* and user data */
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
			a->last_type = doca_dpa_dev_get_completion_type(element);
			a->last_user = doca_dpa_dev_get_completion_user_data(element);
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

/* The host waking a DPA thread: DOCA has no host call that runs a thread, device code notifies it. */
__dpa_rpc__ uint64_t rpc_notify(doca_dpa_dev_notification_completion_t notify)
{
	doca_dpa_dev_thread_notify(notify);
	return 0;
}

/* Not a DPA thread: no local storage, rank 0 of 1. */
__dpa_rpc__ uint64_t rpc_local_storage(void)
{
	return doca_dpa_dev_thread_get_local_storage() + doca_dpa_dev_thread_rank() + doca_dpa_dev_num_threads();
}

/*
 * Many threads on one hash table: each adds its own keys (base + rank * n ...), finds them,
 * removes the odd ones, checks what is left, and all of them update a shared key meanwhile.
 * Every mismatch adds 1 at errors (DPA memory).
 */
__dpa_global__ void kernel_ht_hammer(doca_dpa_dev_hash_table_t ht, uint32_t base, uint32_t n, uint64_t errors)
{
	uint32_t first = base + doca_dpa_dev_thread_rank() * n;
	uint64_t v, bad = 0;

	for (uint32_t k = first; k < first + n; k++) {
		doca_dpa_dev_hash_table_add(ht, k, k * 3ull + 1);
		doca_dpa_dev_hash_table_add(ht, 0, k); /* the shared key */
	}
	for (uint32_t k = first; k < first + n; k++) {
		if (!doca_dpa_dev_hash_table_find(ht, k, &v) || v != k * 3ull + 1)
			bad++;
		if (k & 1)
			doca_dpa_dev_hash_table_remove(ht, k);
		if (!doca_dpa_dev_hash_table_find(ht, 0, &v))
			bad++;
	}
	for (uint32_t k = first; k < first + n; k++)
		if (doca_dpa_dev_hash_table_find(ht, k, &v) != !(k & 1) || (!(k & 1) && v != k * 3ull + 1))
			bad++;
	if (bad)
		__atomic_fetch_add((uint64_t *)errors, bad, __ATOMIC_RELAXED);
}

__dpa_global__ void kernel_ht_add(doca_dpa_dev_hash_table_t ht, uint32_t key, uint64_t value)
{
	doca_dpa_dev_hash_table_add(ht, key, value);
}

/* The value of key, ~0 if it is not there. */
__dpa_rpc__ uint64_t rpc_ht_find(doca_dpa_dev_hash_table_t ht, uint32_t key)
{
	uint64_t v;

	return doca_dpa_dev_hash_table_find(ht, key, &v) ? v : ~0ull;
}

/* One copy between memory maps on an asynchronous-operations queue. */
__dpa_global__ void kernel_post_memcpy(doca_dpa_dev_async_ops_t ops, doca_dpa_dev_mmap_t dst_key, uint64_t dst,
				       doca_dpa_dev_mmap_t src_key, uint64_t src, uint64_t len)
{
	doca_dpa_dev_post_memcpy(ops, dst_key, dst, src_key, src, len, DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
}
