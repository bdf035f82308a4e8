/*
 * The memory-model checker's host side (flexio_ext.h): turning it on (flexio_process_memcheck_set,
 * FLEXIO_SIM_MEMCHECK), counting what the device reports, logging the first violation of each
 * rule at each pc, and answering flexio_process_memcheck_get. The device finds the violations
 * (core/dpa/memcheck.h has the rules and how). Also the memory model's other switch, strict
 * alignment (flexio_process_strict_alignment_set; FLEXIO_SIM_STRICT_ALIGNMENT is read by the
 * device's provider when it makes the process).
 */
#include "process.h"

#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Room for process_describe_pc's text: a source path, a line, a function. */
#define WHERE_MAX 512

struct memcheck {
	pthread_mutex_t lock; /* everything below; reports come from DPA and NIC threads */
	atomic_bool enabled;
	struct flexio_memcheck_info info;
	/* (pc, rule) pairs logged already: open addressing, 0 = free, at most half full */
	uint64_t *seen;
	size_t seen_cap, seen_count;
};

static struct memcheck *state_of(const struct process *process)
{
	return atomic_load(&((struct process *)process)->memcheck);
}

/* The process's state, made at the first call; NULL when out of memory. */
static struct memcheck *state_make(struct process *process)
{
	struct memcheck *mc = state_of(process), *expected = NULL;

	if (mc)
		return mc;
	mc = calloc(1, sizeof(*mc));
	if (!mc)
		return NULL;
	pthread_mutex_init(&mc->lock, NULL);
	if (!atomic_compare_exchange_strong(&process->memcheck, &expected, mc)) {
		pthread_mutex_destroy(&mc->lock);
		free(mc);
		return expected;
	}
	return mc;
}

void memcheck_free(struct process *process)
{
	struct memcheck *mc = state_of(process);

	if (!mc)
		return;
	pthread_mutex_destroy(&mc->lock);
	free(mc->seen);
	free(mc);
	atomic_store(&process->memcheck, NULL);
}

/* Whether key was new (and is now recorded); lock held. Out of memory: logged again. */
static bool first_time(struct memcheck *mc, uint64_t key)
{
	if (2 * (mc->seen_count + 1) > mc->seen_cap) {
		size_t cap = mc->seen_cap ? 2 * mc->seen_cap : 64;
		uint64_t *grown = calloc(cap, sizeof(*grown));

		if (!grown)
			return true;
		for (size_t i = 0; i < mc->seen_cap; i++) {
			if (!mc->seen[i])
				continue;
			size_t j = (mc->seen[i] * 0x9e3779b97f4a7c15ull) & (cap - 1);
			while (grown[j])
				j = (j + 1) & (cap - 1);
			grown[j] = mc->seen[i];
		}
		free(mc->seen);
		mc->seen = grown;
		mc->seen_cap = cap;
	}
	size_t j = (key * 0x9e3779b97f4a7c15ull) & (mc->seen_cap - 1);
	while (mc->seen[j]) {
		if (mc->seen[j] == key)
			return false;
		j = (j + 1) & (mc->seen_cap - 1);
	}
	mc->seen[j] = key;
	mc->seen_count++;
	return true;
}

/* Where the data should have been written back: "the doorbell at f.c:12 in g (pc 0x..)", ... */
static void publish_point(const struct process *process, const struct provider_memcheck_report *r, char *text,
			  size_t size)
{
	char where[WHERE_MAX];

	if (r->at_pc) {
		process_describe_pc(process, r->at_pc, where, sizeof(where));
		snprintf(text, size, "the doorbell %s", where);
	} else if (r->at_end)
		snprintf(text, size, "the end of the invocation");
	else
		snprintf(text, size, "a doorbell or the end of the invocation");
}

/* Logged on the reporting thread with no lock held: the provider's code_location may read the
 * ELF's debug info there. */
static void log_report(const struct process *process, const struct provider_memcheck_report *r)
{
	char thread[32], where[WHERE_MAX], point[WHERE_MAX + 16];
	unsigned long long address = r->address;

	if (r->has_thread)
		snprintf(thread, sizeof(thread), "%u", r->thread_id);
	else
		snprintf(thread, sizeof(thread), "(gone)");
	process_describe_pc(process, r->pc, where, sizeof(where));
	publish_point(process, r, point, sizeof(point));
	switch (r->rule) {
	case FLEXIO_MEMCHECK_STALE_WINDOW_READ:
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_memcheck",
			      "process \"%s\" thread %s %s, address 0x%llx: a %u-byte load through a window "
			      "returned what the host has changed since the thread cached it: "
			      "__dpa_thread_window_read_inv() missing before it (DPA memory model)",
			      process->name, thread, where, address, r->size);
		break;
	case FLEXIO_MEMCHECK_WINDOW_NOT_WRITTEN_BACK:
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_memcheck",
			      "process \"%s\" thread %s %s, address 0x%llx: %u bytes stored through a window "
			      "were not written back before %s: __dpa_thread_window_writeback() missing "
			      "(DPA memory model)",
			      process->name, thread, where, address, r->size, point);
		break;
	case FLEXIO_MEMCHECK_MEMORY_NOT_WRITTEN_BACK:
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_memcheck",
			      "process \"%s\" thread %s %s, address 0x%llx: the NIC read DPA memory this store "
			      "wrote and %s published without __dpa_thread_memory_writeback() (a fence is not "
			      "one; DPA memory model)",
			      process->name, thread, where, address, r->has_thread ? "the thread" : "its thread");
		break;
	case FLEXIO_MEMCHECK_MISALIGNED_ACCESS:
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_memcheck",
			      "process \"%s\" thread %s %s, address 0x%llx: a misaligned %u-byte access "
			      "(the DPA programming guide: no unaligned accesses; performed here, as BlueField-3 does, "
			      "without atomicity; FLEXIO_SIM_STRICT_ALIGNMENT=1 makes it a fault)",
			      process->name, thread, where, address, r->size);
		break;
	}
}

void memcheck_on_report(void *user, const struct provider_memcheck_report *r)
{
	struct process *process = user;
	struct memcheck *mc = state_of(process);
	bool first;

	if (!mc)
		return;
	pthread_mutex_lock(&mc->lock);
	switch (r->rule) {
	case FLEXIO_MEMCHECK_STALE_WINDOW_READ:
		mc->info.stale_window_reads++;
		break;
	case FLEXIO_MEMCHECK_WINDOW_NOT_WRITTEN_BACK:
		mc->info.window_not_written_back++;
		break;
	case FLEXIO_MEMCHECK_MEMORY_NOT_WRITTEN_BACK:
		mc->info.memory_not_written_back++;
		break;
	case FLEXIO_MEMCHECK_MISALIGNED_ACCESS:
		mc->info.misaligned_accesses++;
		break;
	}
	mc->info.last_rule = r->rule;
	mc->info.last_thread_id = r->has_thread ? r->thread_id : UINT32_MAX;
	mc->info.last_pc = r->pc;
	mc->info.last_address = r->address;
	/* pc < 2^62 on the DPA (its addresses have 40 bits): the rule fits above it; +1 keeps 0 free. */
	first = first_time(mc, ((r->pc << 2) | (uint64_t)r->rule) + 1);
	if (first)
		mc->info.logged++;
	pthread_mutex_unlock(&mc->lock);
	if (first)
		log_report(process, r);
}

/* 0, or a -errno the caller logs. */
static int set(struct process *process, bool on)
{
	struct memcheck *mc = state_make(process);
	int rc;

	if (!mc)
		return -ENOMEM;
	rc = process->provider->memcheck_set(process->device, on);
	if (!rc)
		atomic_store(&mc->enabled, on);
	return rc;
}

static const char *set_error(int rc)
{
	return rc == -EOPNOTSUPP ? "the device's provider has no memory-model checker" : "out of memory";
}

void memcheck_from_env(struct process *process)
{
	const char *value = getenv("FLEXIO_SIM_MEMCHECK");
	int rc;

	if (!value || !*value || !strcmp(value, "0"))
		return;
	rc = set(process, true);
	if (rc)
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "flexio_process_create",
			      "process \"%s\": FLEXIO_SIM_MEMCHECK is set but the checker is off: %s", process->name,
			      set_error(rc));
}

FLEXIO_EXPERIMENTAL flexio_status flexio_process_memcheck_set(flexio_process *handle, int enable)
{
	struct process *process = process_get(handle, __func__);
	int rc;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (enable != 0 && enable != 1) {
		flexio_err("enable is %d (give 1 for on, 0 for off)", enable);
		process_put(process);
		return FLEXIO_STATUS_FAILED;
	}
	rc = set(process, enable);
	if (rc)
		flexio_err("process \"%s\": %s", process->name, set_error(rc));
	process_put(process);
	return rc ? FLEXIO_STATUS_FAILED : FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL flexio_status flexio_process_memcheck_get(flexio_process *handle, struct flexio_memcheck_info *info)
{
	struct process *process = process_get(handle, __func__);
	struct memcheck *mc;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!info) {
		flexio_err("info is NULL");
		process_put(process);
		return FLEXIO_STATUS_FAILED;
	}
	memset(info, 0, sizeof(*info));
	mc = state_of(process);
	if (mc) {
		pthread_mutex_lock(&mc->lock);
		*info = mc->info;
		pthread_mutex_unlock(&mc->lock);
		info->enabled = atomic_load(&mc->enabled);
	}
	process_put(process);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL flexio_status flexio_process_strict_alignment_set(flexio_process *handle, int enable)
{
	struct process *process = process_get(handle, __func__);
	int rc;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (enable != 0 && enable != 1) {
		flexio_err("enable is %d (give 1 for strict, 0 for performed)", enable);
		process_put(process);
		return FLEXIO_STATUS_FAILED;
	}
	rc = process->provider->strict_alignment_set(process->device, enable);
	if (rc)
		flexio_err("process \"%s\": the device's provider has no strict alignment switch", process->name);
	process_put(process);
	return rc ? FLEXIO_STATUS_FAILED : FLEXIO_STATUS_SUCCESS;
}
