/*
 * dpa_stats handles: opening a simulated device's statistics registry, the last error of a
 * handle, capabilities, and the counter state and sample type of processes.
 */
#include "device_names.h"
#include "stats.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void stats_log(const char *func, const char *fmt, ...)
{
	char message[STATS_MESSAGE_SIZE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	fprintf(stderr, "dpa_stats ERR %s: %s\n", func, message);
}

dpa_stats_status stats_fail(dpa_stats_handler_t *h, dpa_stats_status status, const char *func, const char *fmt, ...)
{
	char message[STATS_MESSAGE_SIZE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	if (h) {
		h->error = status;
		snprintf(h->message, sizeof(h->message), "%s", message);
		snprintf(h->location, sizeof(h->location), "%s", func);
	}
	fprintf(stderr, "dpa_stats ERR %s: %s\n", func, message);
	return status;
}

/* Whether this OS process's libflexio would make device (FLEXIO_SIM_DEVICES, read as
 * core/providers/sim/verbs reads it: device_names.c is compiled into this library too). */
static bool simulated_here(const char *device)
{
	struct device_names names;

	device_names_read(&names);
	return device_names_have(&names, device);
}

DPA_STATS_EXPERIMENTAL dpa_stats_handler_t *dpa_stats_open(const char *dpa_device)
{
	dpa_stats_handler_t *h;
	char path[4096];
	int rc;

	if (!dpa_device) {
		stats_log(__func__, "dpa_device is NULL");
		return NULL;
	}
	if (!stats_registry_device_name_valid(dpa_device)) {
		stats_log(__func__, "\"%.64s\" is not a device name", dpa_device);
		return NULL;
	}
	/* A device of this OS process's configuration, or one another OS process publishes on. */
	if (!simulated_here(dpa_device) &&
	    (stats_registry_path(dpa_device, path, sizeof(path)) || access(path, F_OK))) {
		stats_log(__func__, "no DPA device \"%s\" (simulated devices: " DEVICE_NAMES_ENV ")", dpa_device);
		return NULL;
	}
	h = calloc(1, sizeof(*h));
	if (!h) {
		stats_log(__func__, "out of memory");
		return NULL;
	}
	rc = stats_registry_map(dpa_device, &h->registry);
	if (rc) {
		stats_registry_path(dpa_device, path, sizeof(path));
		stats_log(__func__, "cannot map the statistics of \"%s\" (index %s): %s", dpa_device, path,
			  rc == -EPROTO ? "the index is damaged or of another version (remove it: programs started "
					  "afterwards make a new one)"
					: strerror(-rc));
		free(h);
		return NULL;
	}
	snprintf(h->device, sizeof(h->device), "%s", dpa_device);
	return h;
}

DPA_STATS_EXPERIMENTAL void dpa_stats_close(dpa_stats_handler_t *dpa_handler)
{
	if (!dpa_handler)
		return;
	stats_registry_unmap(&dpa_handler->registry);
	free(dpa_handler);
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_get_error_code(dpa_stats_handler_t *dpa_handler)
{
	if (!dpa_handler) {
		stats_log(__func__, "dpa_handler is NULL");
		return DPA_STATS_STATUS_NULL_POINTER;
	}
	return dpa_handler->error;
}

DPA_STATS_EXPERIMENTAL char *dpa_stats_get_error_message(dpa_stats_handler_t *dpa_handler)
{
	if (!dpa_handler) {
		stats_log(__func__, "dpa_handler is NULL");
		return NULL;
	}
	return dpa_handler->message;
}

DPA_STATS_EXPERIMENTAL char *dpa_stats_get_error_location(dpa_stats_handler_t *dpa_handler)
{
	if (!dpa_handler) {
		stats_log(__func__, "dpa_handler is NULL");
		return NULL;
	}
	return dpa_handler->location;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_read_caps(dpa_stats_handler_t *dpa_handler, dpa_stats_capabilities *caps)
{
	if (!dpa_handler || !caps)
		return stats_fail(dpa_handler, DPA_STATS_STATUS_NULL_POINTER, __func__, "%s is NULL",
				  dpa_handler ? "caps" : "dpa_handler");
	/* The simulated DPA has both kinds of samples. */
	caps->dpa_supported = 1;
	caps->process_performance_counters = 1;
	caps->performance_sample_type =
		1u << DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT | 1u << DPA_STATS_SAMPLE_TYPE_EVENT_TRACER;
	return DPA_STATS_STATUS_OK;
}

/* The slot of live process id, or NULL. */
static struct stats_registry_process *process_slot(dpa_stats_handler_t *h, uint32_t id)
{
	struct stats_process live[STATS_REGISTRY_MAX_PROCESSES];
	unsigned n = stats_processes(h, live);

	for (unsigned i = 0; i < n; i++)
		if (live[i].id == id)
			return &h->registry.processes[live[i].slot];
	return NULL;
}

/* A reset: the counters of every thread of the process in slot, and its samples, start again. */
static void reset(dpa_stats_handler_t *h, uint32_t slot, uint32_t id)
{
	for (uint32_t i = 0; i < STATS_REGISTRY_MAX_THREADS; i++) {
		struct stats_registry_thread *t = &h->registry.threads[i];

		if (!atomic_load(&t->live) || t->process_slot != slot || atomic_load(&t->process_id) != id)
			continue;
		atomic_store(&t->instructions, 0);
		atomic_store(&t->cycles, 0);
		atomic_store(&t->time_ns, 0);
		atomic_store(&t->executions, 0);
		for (int e = 0; e < STATS_REGISTRY_EVENTS; e++)
			atomic_store(&t->events[e], 0);
	}
	atomic_store(&h->registry.processes[slot].sample_head, 0);
}

/* Applies state (and type) to the control word at *control. */
static void apply(_Atomic uint32_t *control, dpa_stats_counter_state state, dpa_stats_sample_type type)
{
	uint32_t seen = atomic_load(control), next;

	do {
		/* A reset keeps counting as it was. */
		next = STATS_REGISTRY_CONTROL(
			state == DPA_STATS_COUNTER_STATE_RESET ? STATS_REGISTRY_STATE(seen) : (uint32_t)state, type);
		if (!STATS_REGISTRY_STATE(next))
			next = STATS_REGISTRY_CONTROL(STATS_REGISTRY_INACTIVE, type);
	} while (!atomic_compare_exchange_weak(control, &seen, next));
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_set_counter_state(dpa_stats_handler_t *dpa_handler, uint32_t process_id,
							      dpa_stats_counter_state state, dpa_stats_sample_type type)
{
	struct stats_process live[STATS_REGISTRY_MAX_PROCESSES];
	struct stats_registry_process *s;
	unsigned n;

	if (!dpa_handler)
		return stats_fail(NULL, DPA_STATS_STATUS_NULL_POINTER, __func__, "dpa_handler is NULL");
	if (state != DPA_STATS_COUNTER_STATE_ACTIVE && state != DPA_STATS_COUNTER_STATE_INACTIVE &&
	    state != DPA_STATS_COUNTER_STATE_RESET)
		return stats_fail(dpa_handler, DPA_STATS_STATUS_VALUE_OUT_OF_ENUM, __func__,
				  "state %d is no dpa_stats_counter_state", (int)state);
	if (type != DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT && type != DPA_STATS_SAMPLE_TYPE_EVENT_TRACER)
		return stats_fail(dpa_handler, DPA_STATS_STATUS_VALUE_OUT_OF_ENUM, __func__,
				  "type %d is no dpa_stats_sample_type", (int)type);
	if (process_id != DPA_STATS_ALL_PROCESSES) {
		s = process_slot(dpa_handler, process_id);
		if (!s)
			return stats_fail(dpa_handler, DPA_STATS_STATUS_NO_SUCH_PROCESS, __func__,
					  "no DPA process %u on %s", process_id, dpa_handler->device);
		if (state == DPA_STATS_COUNTER_STATE_RESET)
			reset(dpa_handler, (uint32_t)(s - dpa_handler->registry.processes), process_id);
		apply(&s->control, state, type);
		return DPA_STATS_STATUS_OK;
	}
	/* Every process now, and those published later (also by a registry made again). */
	apply(&dpa_handler->registry.header->default_control, state, type);
	/* Not an error when it fails: the live registry has it, and a damaged index (the only way it
	 * fails) makes no registry again. */
	stats_registry_default_save(&dpa_handler->registry,
				    atomic_load(&dpa_handler->registry.header->default_control));
	n = stats_processes(dpa_handler, live);
	for (unsigned i = 0; i < n; i++) {
		if (state == DPA_STATS_COUNTER_STATE_RESET)
			reset(dpa_handler, live[i].slot, live[i].id);
		apply(&dpa_handler->registry.processes[live[i].slot].control, state, type);
	}
	return DPA_STATS_STATUS_OK;
}

DPA_STATS_STABLE dpa_stats_status dpa_stats_get_counter_state(dpa_stats_handler_t *dpa_handler, uint32_t process_id,
							      dpa_stats_counter_state *state,
							      dpa_stats_sample_type *type)
{
	struct stats_registry_process *s;
	uint32_t control;

	if (!dpa_handler || !state || !type)
		return stats_fail(dpa_handler, DPA_STATS_STATUS_NULL_POINTER, __func__, "%s is NULL",
				  !dpa_handler ? "dpa_handler"
				  : !state     ? "state"
					       : "type");
	if (process_id == DPA_STATS_ALL_PROCESSES) {
		control = atomic_load(&dpa_handler->registry.header->default_control);
	} else {
		s = process_slot(dpa_handler, process_id);
		if (!s)
			return stats_fail(dpa_handler, DPA_STATS_STATUS_NO_SUCH_PROCESS, __func__,
					  "no DPA process %u on %s", process_id, dpa_handler->device);
		control = atomic_load(&s->control);
	}
	*state = STATS_REGISTRY_STATE(control) == STATS_REGISTRY_ACTIVE ? DPA_STATS_COUNTER_STATE_ACTIVE
									: DPA_STATS_COUNTER_STATE_INACTIVE;
	*type = STATS_REGISTRY_TYPE(control) == STATS_REGISTRY_TRACER ? DPA_STATS_SAMPLE_TYPE_EVENT_TRACER
								      : DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT;
	return DPA_STATS_STATUS_OK;
}
