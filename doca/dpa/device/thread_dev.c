/*
 * The device side of DOCA DPA threads (doca_dpa_thread_*, 2.7 on): the event handler entry
 * libdoca_dpa gives every DPA thread's FlexIO event handler, and what thread functions call
 * (doca_dpa_dev_thread_reschedule, _finish, _notify, _get_local_storage). thread_dev.h has the
 * descriptors.
 */
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>

#include "dev_internal.h"
#include "doca_dpa_dev.h"
#include "thread_dev.h"

typedef uint64_t (*unpack_fn)(void *argbuf, void *func);

/* libdoca_dpa registers these entry points by name (thread.c). */
REGISTERED_BY_NAME(opendoca_dpa_thread_entry);

static __thread uint64_t local_storage;

/* One run of a DPA thread: arg is its descriptor. Returning ends the run as a reschedule does. */
__dpa_global__ void opendoca_dpa_thread_entry(uint64_t arg)
{
	const struct opendoca_dpa_thread_desc *t = (const struct opendoca_dpa_thread_desc *)(uintptr_t)arg;

	opendoca_dev_set_context(t->context);
	opendoca_dev_set_kernel_thread(t->rank, t->num_threads);
	local_storage = t->local_storage;
	((unpack_fn)(uintptr_t)t->unpack)((void *)(t + 1), (void *)(uintptr_t)t->func);
	flexio_dev_thread_reschedule();
}

void doca_dpa_dev_thread_reschedule(void)
{
	flexio_dev_thread_reschedule();
}

void doca_dpa_dev_thread_finish(void)
{
	flexio_dev_thread_finish();
}

doca_dpa_dev_uintptr_t doca_dpa_dev_thread_get_local_storage(void)
{
	return local_storage;
}

/* A run that comes while the thread runs is latched: the thread runs again once this run ends. */
void doca_dpa_dev_thread_notify(doca_dpa_dev_notification_completion_t comp_handle)
{
	const struct opendoca_dpa_notification_desc *n =
		(const struct opendoca_dpa_notification_desc *)(uintptr_t)comp_handle;

	flexio_dev_event_handler_activate(n->activation_id);
}
