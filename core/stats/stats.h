/*
 * libdpa_stats internals: the handle, error reporting, and consistent copies of what the
 * device's statistics registry (core/providers/sim/stats_registry.h) holds.
 */
#ifndef OPENFLEXIO_CORE_STATS_H
#define OPENFLEXIO_CORE_STATS_H

#include <dpa_stats.h>

#include "stats_registry.h"

#define STATS_MESSAGE_SIZE 256
#define STATS_LOCATION_SIZE 64

struct dpa_stats_handler {
	struct stats_registry registry;
	char device[STATS_REGISTRY_DEVICE_SIZE];
	dpa_stats_status error; /* the last error (kept until the next one, like errno) */
	char message[STATS_MESSAGE_SIZE];
	char location[STATS_LOCATION_SIZE];
};

/* Records the error on h (when not NULL) and writes its one log line naming func; returns status. */
dpa_stats_status stats_fail(dpa_stats_handler_t *h, dpa_stats_status status, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The log line alone, for functions without a handle. */
void stats_log(const char *func, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A live DPA process as read from the registry. */
struct stats_process {
	uint32_t slot, id, control;
	char name[STATS_REGISTRY_NAME_SIZE];
};

/* A live DPA thread as read from the registry: identity, name and counters. */
struct stats_thread {
	uint32_t process_id, thread_id;
	char name[STATS_REGISTRY_NAME_SIZE];
	uint64_t instructions, cycles, time_ns, executions;
	uint64_t events[STATS_REGISTRY_EVENTS];
};

/* Every live process of the device (at most STATS_REGISTRY_MAX_PROCESSES) into out; returns the count. */
unsigned stats_processes(const dpa_stats_handler_t *h, struct stats_process *out);
/* The live threads of the processes ids[0..n) (of every process when ids is NULL) into a new array
 * *out (NULL when none); returns the count, or -1 when out of memory. */
int stats_threads(const dpa_stats_handler_t *h, const uint32_t *ids, unsigned n, struct stats_thread **out);
/*
 * The threads a (process_id, thread_id) pair selects, as the manual's rule says (every process needs
 * every thread; a process must exist, and so must a thread asked for by id), into a new array
 * *threads of *count; on failure the status, recorded on h as func's.
 */
dpa_stats_status stats_select_threads(dpa_stats_handler_t *h, uint32_t process_id, uint32_t thread_id,
				      struct stats_thread **threads, int *count, const char *func);

#endif
