/*
 * OpenFlexIO's addition to dpa_stats (dpa_stats_ext.h): the per-thread event counts of the
 * registry (activations, wake-ups, RPC calls, doorbells, CQEs, misaligned accesses), selected as the other per-id reads.
 */
#include "stats.h"

#include <dpa_stats_ext.h>

#include <stdlib.h>

DPA_STATS_EXPERIMENTAL dpa_stats_status dpa_stats_read_process_events_list(dpa_stats_handler_t *dpa_handler,
									   uint32_t process_id, uint32_t thread_id,
									   dpa_stats_thread_events_list **events_list)
{
	dpa_stats_thread_events_list *list;
	struct stats_thread *threads;
	dpa_stats_status status;
	int count;

	if (!dpa_handler || !events_list)
		return stats_fail(dpa_handler, DPA_STATS_STATUS_NULL_POINTER, __func__, "%s is NULL",
				  dpa_handler ? "events_list" : "dpa_handler");
	*events_list = NULL;
	status = stats_select_threads(dpa_handler, process_id, thread_id, &threads, &count, __func__);
	if (status)
		return status;
	list = calloc(1, sizeof(*list) + (size_t)count * sizeof(*list->samples));
	if (!list) {
		free(threads);
		return stats_fail(dpa_handler, DPA_STATS_STATUS_ERROR_IN_ALLOC, __func__, "out of memory");
	}
	list->samples_num = (uint32_t)count;
	list->samples = (dpa_stats_thread_events *)(list + 1);
	for (int i = 0; i < count; i++)
		list->samples[i] = (dpa_stats_thread_events){
			.dpa_process_id = threads[i].process_id,
			.dpa_thread_id = threads[i].thread_id,
			.activations = threads[i].events[STATS_REGISTRY_ACTIVATIONS],
			.wakeups = threads[i].events[STATS_REGISTRY_WAKEUPS],
			.rpc_calls = threads[i].events[STATS_REGISTRY_RPC_CALLS],
			.doorbells = threads[i].events[STATS_REGISTRY_DOORBELLS],
			.cqes = threads[i].events[STATS_REGISTRY_CQES],
			.misaligned = threads[i].events[STATS_REGISTRY_MISALIGNED],
		};
	free(threads);
	*events_list = list;
	return DPA_STATS_STATUS_OK;
}

DPA_STATS_EXPERIMENTAL void dpa_stats_free_events_list(dpa_stats_thread_events_list *events_list)
{
	free(events_list);
}
