/*
 * dpa_stats lists released, sorted and compared (by process id, then thread id).
 */
#include "stats.h"

#include <stdlib.h>

/* Each list is one block (lists.c): freeing the list frees its array. */
DPA_STATS_EXPERIMENTAL void dpa_stats_free_process_list(dpa_stats_process_list *process_list)
{
	free(process_list);
}

DPA_STATS_EXPERIMENTAL void dpa_stats_free_thread_list(dpa_stats_thread_list *thread_list)
{
	free(thread_list);
}

DPA_STATS_EXPERIMENTAL void dpa_stats_free_cumul_info_list(dpa_stats_perf_cumul_list *cumul_info_list)
{
	free(cumul_info_list);
}

DPA_STATS_EXPERIMENTAL void dpa_stats_free_perf_event_list(dpa_stats_perf_event_list *perf_event_list)
{
	free(perf_event_list);
}

static int compare_ids(uint32_t a_process, uint32_t a_thread, uint32_t b_process, uint32_t b_thread)
{
	if (a_process != b_process)
		return a_process < b_process ? -1 : 1;
	return a_thread < b_thread ? -1 : a_thread > b_thread;
}

DPA_STATS_STABLE int dpa_stats_compare_4_processes(const void *elem1, const void *elem2)
{
	const dpa_stats_process_info *a = elem1, *b = elem2;

	if (!a || !b) {
		stats_log(__func__, "%s is NULL", a ? "elem2" : "elem1");
		return 0;
	}
	return compare_ids(a->dpa_process_id, 0, b->dpa_process_id, 0);
}

DPA_STATS_STABLE int dpa_stats_compare_4_threads(const void *elem1, const void *elem2)
{
	const dpa_stats_thread_info *a = elem1, *b = elem2;

	if (!a || !b) {
		stats_log(__func__, "%s is NULL", a ? "elem2" : "elem1");
		return 0;
	}
	return compare_ids(a->dpa_process_id, a->dpa_thread_id, b->dpa_process_id, b->dpa_thread_id);
}

DPA_STATS_STABLE int dpa_stats_compare_4_perf_cumul(const void *elem1, const void *elem2)
{
	const dpa_stats_thread_cumul_info *a = elem1, *b = elem2;

	if (!a || !b) {
		stats_log(__func__, "%s is NULL", a ? "elem2" : "elem1");
		return 0;
	}
	return compare_ids(a->dpa_process_id, a->dpa_thread_id, b->dpa_process_id, b->dpa_thread_id);
}

/* Sorts the n elements of size bytes at array of a list with cmp; logs as func why it cannot. */
static void sort_list(const void *list, uint32_t n, void *array, size_t size, int (*cmp)(const void *, const void *),
		      const char *name, const char *func)
{
	if (!list) {
		stats_log(func, "%s is NULL", name);
		return;
	}
	if (n && !array) {
		stats_log(func, "%s holds %u elements but its array is NULL", name, n);
		return;
	}
	if (n)
		qsort(array, n, size, cmp);
}

DPA_STATS_STABLE void dpa_stats_sort_process_list(dpa_stats_process_list *process_list)
{
	sort_list(process_list, process_list ? process_list->process_num : 0,
		  process_list ? process_list->processes : NULL, sizeof(*process_list->processes),
		  dpa_stats_compare_4_processes, "process_list", __func__);
}

DPA_STATS_STABLE void dpa_stats_sort_thread_list(dpa_stats_thread_list *thread_list)
{
	sort_list(thread_list, thread_list ? thread_list->threads_num : 0, thread_list ? thread_list->threads : NULL,
		  sizeof(*thread_list->threads), dpa_stats_compare_4_threads, "thread_list", __func__);
}

DPA_STATS_STABLE void dpa_stats_sort_perf_cumul_list(dpa_stats_perf_cumul_list *cumul_list)
{
	sort_list(cumul_list, cumul_list ? cumul_list->samples_num : 0, cumul_list ? cumul_list->samples : NULL,
		  sizeof(*cumul_list->samples), dpa_stats_compare_4_perf_cumul, "cumul_list", __func__);
}
