/*
 * dpa_stats lists: processes, threads, cumulative counters and event-tracer samples, each
 * allocated as one block (the list, then its array) that its dpa_stats_free_*() releases.
 */
#include "stats.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One block holding a list header of head bytes followed by n elements of size bytes; NULL
 * when that is more than memory can hold. */
static void *list_alloc(size_t head, size_t n, size_t size)
{
	if (size && n > (PTRDIFF_MAX - head) / size)
		return NULL;
	return calloc(1, head + n * size);
}

/* Checks the handle and the output pointer of a read (*out set to NULL first). */
#define CHECK_READ(h, out, func)                                                                \
	do {                                                                                    \
		if (!(h) || !(out))                                                             \
			return stats_fail(h, DPA_STATS_STATUS_NULL_POINTER, func, "%s is NULL", \
					  !(h) ? "dpa_handler" : #out);                         \
		*(out) = NULL;                                                                  \
	} while (0)

/* The ids of a list read before: NULL_POINTER / INVALID_PARAMS as the list is unusable. */
static dpa_stats_status list_ids(dpa_stats_handler_t *h, const dpa_stats_process_list *list, uint32_t **ids,
				 const char *func)
{
	*ids = NULL;
	if (!list)
		return stats_fail(h, DPA_STATS_STATUS_NULL_POINTER, func, "process_list is NULL");
	if (list->process_num && !list->processes)
		return stats_fail(h, DPA_STATS_STATUS_INVALID_PARAMS, func,
				  "process_list has %u processes but its array is NULL", list->process_num);
	if (list->process_num > STATS_REGISTRY_MAX_PROCESSES)
		return stats_fail(h, DPA_STATS_STATUS_INVALID_PARAMS, func,
				  "process_list has %u processes, more than a device holds (%u)", list->process_num,
				  STATS_REGISTRY_MAX_PROCESSES);
	*ids = malloc((list->process_num ? list->process_num : 1) * sizeof(**ids));
	if (!*ids)
		return stats_fail(h, DPA_STATS_STATUS_ERROR_IN_ALLOC, func, "out of memory");
	for (uint32_t i = 0; i < list->process_num; i++)
		(*ids)[i] = list->processes[i].dpa_process_id;
	return DPA_STATS_STATUS_OK;
}

/*
 * The threads of the processes in a list read before, into a new array *threads of *count
 * (the caller frees it): the list's errors as list_ids() gives them, ERROR_IN_ALLOC without memory.
 */
static dpa_stats_status list_threads(dpa_stats_handler_t *h, const dpa_stats_process_list *list,
				     struct stats_thread **threads, int *count, const char *func)
{
	dpa_stats_status status;
	uint32_t *ids;

	*threads = NULL;
	status = list_ids(h, list, &ids, func);
	if (status)
		return status;
	*count = stats_threads(h, ids, list->process_num, threads);
	free(ids);
	if (*count < 0)
		return stats_fail(h, DPA_STATS_STATUS_ERROR_IN_ALLOC, func, "out of memory");
	return DPA_STATS_STATUS_OK;
}

dpa_stats_status stats_select_threads(dpa_stats_handler_t *h, uint32_t process_id, uint32_t thread_id,
				      struct stats_thread **threads, int *count, const char *func)
{
	struct stats_process live[STATS_REGISTRY_MAX_PROCESSES];
	unsigned n;
	bool found = false;
	int kept = 0;

	*threads = NULL;
	*count = 0;
	if (process_id == DPA_STATS_ALL_PROCESSES && thread_id != DPA_STATS_ALL_THREADS)
		return stats_fail(h, DPA_STATS_STATUS_INVALID_PARAMS, func,
				  "thread_id %u with DPA_STATS_ALL_PROCESSES: it must be DPA_STATS_ALL_THREADS",
				  thread_id);
	if (process_id != DPA_STATS_ALL_PROCESSES) {
		n = stats_processes(h, live);
		for (unsigned i = 0; i < n && !found; i++)
			found = live[i].id == process_id;
		if (!found)
			return stats_fail(h, DPA_STATS_STATUS_NO_SUCH_PROCESS, func, "no DPA process %u on %s",
					  process_id, h->device);
	}
	*count = stats_threads(h, process_id == DPA_STATS_ALL_PROCESSES ? NULL : &process_id, 1, threads);
	if (*count < 0)
		return stats_fail(h, DPA_STATS_STATUS_ERROR_IN_ALLOC, func, "out of memory");
	if (thread_id == DPA_STATS_ALL_THREADS)
		return DPA_STATS_STATUS_OK;
	for (int i = 0; i < *count; i++)
		if ((*threads)[i].thread_id == thread_id)
			(*threads)[kept++] = (*threads)[i];
	*count = kept;
	if (!kept) {
		free(*threads);
		*threads = NULL;
		return stats_fail(h, DPA_STATS_STATUS_NO_SUCH_THREADS, func, "no DPA thread %u in process %u on %s",
				  thread_id, process_id, h->device);
	}
	return DPA_STATS_STATUS_OK;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_read_processes_list(dpa_stats_handler_t *dpa_handler, uint32_t process_id,
								dpa_stats_process_list **process_list)
{
	struct stats_process live[STATS_REGISTRY_MAX_PROCESSES];
	struct stats_thread *threads;
	dpa_stats_process_list *list;
	unsigned n, kept = 0;
	int nthreads;

	CHECK_READ(dpa_handler, process_list, __func__);
	n = stats_processes(dpa_handler, live);
	for (unsigned i = 0; i < n; i++)
		if (process_id == DPA_STATS_ALL_PROCESSES || live[i].id == process_id)
			live[kept++] = live[i];
	if (!kept && process_id != DPA_STATS_ALL_PROCESSES)
		return stats_fail(dpa_handler, DPA_STATS_STATUS_NO_SUCH_PROCESS, __func__, "no DPA process %u on %s",
				  process_id, dpa_handler->device);
	nthreads = stats_threads(dpa_handler, process_id == DPA_STATS_ALL_PROCESSES ? NULL : &process_id, 1, &threads);
	list = list_alloc(sizeof(*list), kept, sizeof(*list->processes));
	if (nthreads < 0 || !list) {
		free(threads);
		free(list);
		return stats_fail(dpa_handler, DPA_STATS_STATUS_ERROR_IN_ALLOC, __func__, "out of memory");
	}
	list->process_num = kept;
	list->processes = (dpa_stats_process_info *)(list + 1);
	for (unsigned i = 0; i < kept; i++) {
		dpa_stats_process_info *info = &list->processes[i];

		info->dpa_process_id = live[i].id;
		memcpy(info->process_name, live[i].name, sizeof(info->process_name));
		for (int t = 0; t < nthreads; t++)
			info->num_of_threads += threads[t].process_id == live[i].id;
	}
	free(threads);
	*process_list = list;
	return DPA_STATS_STATUS_OK;
}

/* A thread list of threads[0..count). */
static dpa_stats_status thread_list_of(dpa_stats_handler_t *h, const struct stats_thread *threads, int count,
				       dpa_stats_thread_list **out, const char *func)
{
	dpa_stats_thread_list *list = list_alloc(sizeof(*list), (size_t)count, sizeof(*list->threads));

	if (!list)
		return stats_fail(h, DPA_STATS_STATUS_ERROR_IN_ALLOC, func, "out of memory");
	list->threads_num = (uint32_t)count;
	list->threads = (dpa_stats_thread_info *)(list + 1);
	for (int i = 0; i < count; i++) {
		list->threads[i].dpa_process_id = threads[i].process_id;
		list->threads[i].dpa_thread_id = threads[i].thread_id;
		memcpy(list->threads[i].thread_name, threads[i].name, sizeof(list->threads[i].thread_name));
	}
	*out = list;
	return DPA_STATS_STATUS_OK;
}

/* A cumulative list of threads[0..count). */
static dpa_stats_status cumul_list_of(dpa_stats_handler_t *h, const struct stats_thread *threads, int count,
				      dpa_stats_perf_cumul_list **out, const char *func)
{
	dpa_stats_perf_cumul_list *list = list_alloc(sizeof(*list), (size_t)count, sizeof(*list->samples));

	if (!list)
		return stats_fail(h, DPA_STATS_STATUS_ERROR_IN_ALLOC, func, "out of memory");
	list->samples_num = (uint32_t)count;
	list->samples = (dpa_stats_thread_cumul_info *)(list + 1);
	for (int i = 0; i < count; i++) {
		dpa_stats_thread_cumul_info *s = &list->samples[i];

		s->dpa_process_id = threads[i].process_id;
		s->dpa_thread_id = threads[i].thread_id;
		s->cycles = threads[i].cycles;
		s->instructions = threads[i].instructions;
		s->num_executions = threads[i].executions;
		s->time = threads[i].time_ns; /* ticks of 1 ns of simulated DPA time */
	}
	*out = list;
	return DPA_STATS_STATUS_OK;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_read_thread_list(dpa_stats_handler_t *dpa_handler,
							     dpa_stats_process_list *process_list,
							     dpa_stats_thread_list **thread_list)
{
	struct stats_thread *threads;
	dpa_stats_status status;
	int count;

	CHECK_READ(dpa_handler, thread_list, __func__);
	status = list_threads(dpa_handler, process_list, &threads, &count, __func__);
	if (status)
		return status;
	status = thread_list_of(dpa_handler, threads, count, thread_list, __func__);
	free(threads);
	return status;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_read_process_thread_list(dpa_stats_handler_t *dpa_handler,
								     uint32_t process_id, uint32_t thread_id,
								     dpa_stats_thread_list **thread_list)
{
	struct stats_thread *threads;
	dpa_stats_status status;
	int count;

	CHECK_READ(dpa_handler, thread_list, __func__);
	status = stats_select_threads(dpa_handler, process_id, thread_id, &threads, &count, __func__);
	if (status)
		return status;
	status = thread_list_of(dpa_handler, threads, count, thread_list, __func__);
	free(threads);
	return status;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_read_cumul_info_list(dpa_stats_handler_t *dpa_handler,
								 dpa_stats_process_list *process_list,
								 dpa_stats_perf_cumul_list **cumul_info_list)
{
	struct stats_thread *threads;
	dpa_stats_status status;
	int count;

	CHECK_READ(dpa_handler, cumul_info_list, __func__);
	status = list_threads(dpa_handler, process_list, &threads, &count, __func__);
	if (status)
		return status;
	status = cumul_list_of(dpa_handler, threads, count, cumul_info_list, __func__);
	free(threads);
	return status;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_read_process_cumul_info_list(dpa_stats_handler_t *dpa_handler,
									 uint32_t process_id, uint32_t thread_id,
									 dpa_stats_perf_cumul_list **cumul_info_list)
{
	struct stats_thread *threads;
	dpa_stats_status status;
	int count;

	CHECK_READ(dpa_handler, cumul_info_list, __func__);
	status = stats_select_threads(dpa_handler, process_id, thread_id, &threads, &count, __func__);
	if (status)
		return status;
	status = cumul_list_of(dpa_handler, threads, count, cumul_info_list, __func__);
	free(threads);
	return status;
}

/*
 * The event-tracer samples of the processes ids[0..n) (thread thread_id, or all) into a new list.
 * Each ring is read from its oldest sample still held; a ring that wrapped starts with a
 * BUFFER_FULL sample (samples were lost). NO_SUCH_EVENTS when none of the processes has the event
 * tracer as its sample type.
 */
static dpa_stats_status events_of(dpa_stats_handler_t *h, const uint32_t *ids, unsigned n, uint32_t thread_id,
				  dpa_stats_perf_event_list **out, const char *func)
{
	struct stats_process live[STATS_REGISTRY_MAX_PROCESSES];
	unsigned processes = stats_processes(h, live);
	dpa_stats_perf_event_sample *samples = NULL;
	dpa_stats_perf_event_list *list;
	size_t count = 0, capacity = 0;
	bool tracing = false;

	for (unsigned p = 0; p < processes; p++) {
		struct stats_registry_process *slot = &h->registry.processes[live[p].slot];
		const struct stats_registry_sample *ring = stats_registry_ring(&h->registry, live[p].slot);
		uint64_t head = atomic_load_explicit(&slot->sample_head, memory_order_acquire);
		uint64_t first = head > STATS_REGISTRY_SAMPLES ? head - STATS_REGISTRY_SAMPLES : 0;
		bool selected = !ids;

		for (unsigned i = 0; ids && i < n && !selected; i++)
			selected = ids[i] == live[p].id;
		if (!selected)
			continue;
		tracing |= STATS_REGISTRY_TYPE(live[p].control) == STATS_REGISTRY_TRACER;
		if (capacity < count + (head - first) + 1) {
			capacity = count + (head - first) + 1;
			dpa_stats_perf_event_sample *more = realloc(samples, capacity * sizeof(*samples));

			if (!more) {
				free(samples);
				return stats_fail(h, DPA_STATS_STATUS_ERROR_IN_ALLOC, func, "out of memory");
			}
			samples = more;
		}
		if (first)
			samples[count++] = (dpa_stats_perf_event_sample){
				.dpa_process_id = live[p].id,
				.dpa_thread_id = DPA_STATS_ALL_THREADS,
				.type = DPA_STATS_EVENT_SAMPLE_TYPE_BUFFER_FULL,
			};
		for (uint64_t i = first; i < head; i++) {
			const struct stats_registry_sample *s = &ring[i % STATS_REGISTRY_SAMPLES];
			uint64_t seq = STATS_REGISTRY_SEQ(live[p].id, i);
			dpa_stats_perf_event_sample *d = &samples[count];

			if (atomic_load_explicit(&((struct stats_registry_sample *)s)->seq, memory_order_acquire) !=
			    seq)
				continue; /* being written, or overwritten since */
			d->type = (enum dpa_stats_event_sample_type)s->type;
			d->cycles = s->cycles;
			d->instructions = s->instructions;
			d->time = s->time_us;
			d->dpa_process_id = s->process_id;
			d->dpa_thread_id = s->thread_id;
			d->eu_id = s->eu_id;
			d->sample_id_in_eu = s->sample_id_in_eu;
			atomic_thread_fence(memory_order_acquire);
			if (atomic_load_explicit(&((struct stats_registry_sample *)s)->seq, memory_order_relaxed) !=
			    seq)
				continue;
			if (thread_id == DPA_STATS_ALL_THREADS || d->dpa_thread_id == thread_id)
				count++;
		}
	}
	if (!tracing) {
		free(samples);
		return stats_fail(h, DPA_STATS_STATUS_NO_SUCH_EVENTS, func,
				  "no event samples: no selected process has DPA_STATS_SAMPLE_TYPE_EVENT_TRACER");
	}
	list = list_alloc(sizeof(*list), count, sizeof(*list->samples));
	if (!list) {
		free(samples);
		return stats_fail(h, DPA_STATS_STATUS_ERROR_IN_ALLOC, func, "out of memory");
	}
	list->samples_num = (uint32_t)count;
	list->samples = (dpa_stats_perf_event_sample *)(list + 1);
	if (count)
		memcpy(list->samples, samples, count * sizeof(*samples));
	free(samples);
	*out = list;
	return DPA_STATS_STATUS_OK;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_read_perf_event_list(dpa_stats_handler_t *dpa_handler,
								 dpa_stats_process_list *process_list,
								 dpa_stats_perf_event_list **perf_event_list)
{
	dpa_stats_status status;
	uint32_t *ids;

	CHECK_READ(dpa_handler, perf_event_list, __func__);
	status = list_ids(dpa_handler, process_list, &ids, __func__);
	if (status)
		return status;
	status = events_of(dpa_handler, ids, process_list->process_num, DPA_STATS_ALL_THREADS, perf_event_list,
			   __func__);
	free(ids);
	return status;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_read_process_perf_event_list(dpa_stats_handler_t *dpa_handler,
									 uint32_t process_id, uint32_t thread_id,
									 dpa_stats_perf_event_list **perf_event_list)
{
	struct stats_thread *threads;
	dpa_stats_status status;
	int count;

	CHECK_READ(dpa_handler, perf_event_list, __func__);
	/* The same checks as the other per-id reads: the process and the thread must exist. */
	status = stats_select_threads(dpa_handler, process_id, thread_id, &threads, &count, __func__);
	if (status)
		return status;
	free(threads);
	return events_of(dpa_handler, process_id == DPA_STATS_ALL_PROCESSES ? NULL : &process_id, 1, thread_id,
			 perf_event_list, __func__);
}
