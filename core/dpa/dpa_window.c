/*
 * The per-hart window cache of the DPA memory model: window memory is not coherent. Reads fill whole lines
 * from the aperture and are served from them until invalidate; writes stay in the cache until
 * writeback. Lines track valid and dirty bytes, so invalidate keeps unflushed writes and a fill
 * never overwrites them. A full cache evicts (and writes back) lines round robin, as hardware
 * may; programs must not rely on either.
 *
 * The host memory behind an aperture can be revoked (a memory region deregistered): the
 * process's epoch (dpa_process_set_window_epoch) changes then, and at its next window access
 * the hart drops every byte it read from the host, so the next read goes through the
 * aperture's callback, which checks the registration again. Dirty bytes stay: their writeback
 * is checked byte by byte. The check is one atomic load per access.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "memcheck.h"

#define LINE_SIZE 64
#define LINE_COUNT 64

struct window_line {
	bool used;
	uint64_t address;
	uint64_t valid, dirty; /* one bit per byte */
	uint64_t store_pc;     /* the last store to the line, for the memory-model checker */
	bool reported;         /* its dirty bytes were reported not written back (checker) */
	uint8_t data[LINE_SIZE];
};

struct dpa_window_cache {
	unsigned victim;
	uint64_t epoch; /* the process's window epoch when the clean bytes were read */
	struct window_line lines[LINE_COUNT];
};

static uint64_t current_epoch(const struct dpa_process *process)
{
	return process->window_epoch != NULL ? __atomic_load_n(process->window_epoch, __ATOMIC_ACQUIRE) : 0;
}

/* Forgets the bytes the lines read from the host, as invalidate does, and makes even the dirty
 * bytes unreadable until a fill through the callback has checked the line's memory again;
 * they stay for writeback. */
static void revoke(struct dpa_window_cache *cache)
{
	for (unsigned i = 0; i < LINE_COUNT; i++) {
		struct window_line *line = &cache->lines[i];
		line->valid = 0;
		line->used = line->used && line->dirty != 0;
	}
}

/* Writes the dirty runs of a line to its aperture and cleans it. */
static int flush_line(struct dpa_hart *hart, struct window_line *line)
{
	struct dpa_region region;
	int rc = 0;
	if (line->dirty == 0)
		return 0;
	if (dpa_memory_aperture(hart->process, line->address, LINE_SIZE, &region) != 0) {
		line->dirty = 0; /* the window is gone: nothing left to write to */
		return 0;
	}
	for (unsigned i = 0; i < LINE_SIZE;) {
		if (!((line->dirty >> i) & 1)) {
			i++;
			continue;
		}
		unsigned start = i;
		while (i < LINE_SIZE && ((line->dirty >> i) & 1))
			i++;
		if (region.ops.write(region.user, hart, line->address - region.base + start, line->data + start,
				     i - start) != 0)
			rc = DPA_FAULT_APERTURE;
	}
	line->dirty = 0;
	return rc;
}

static struct window_line *line_for(struct dpa_hart *hart, uint64_t address, int *fault)
{
	*fault = 0;
	if (hart->window == NULL) {
		hart->window = calloc(1, sizeof(*hart->window));
		if (hart->window == NULL) {
			*fault = DPA_FAULT_APERTURE;
			return NULL;
		}
	}
	struct dpa_window_cache *cache = hart->window;
	/* Loaded before any fill below, so a revocation after this load is seen next time. */
	uint64_t epoch = current_epoch(hart->process);
	if (DPA_UNLIKELY(epoch != cache->epoch)) {
		revoke(cache);
		cache->epoch = epoch;
	}
	struct window_line *free_line = NULL;
	for (unsigned i = 0; i < LINE_COUNT; i++) {
		if (cache->lines[i].used && cache->lines[i].address == address)
			return &cache->lines[i];
		if (!cache->lines[i].used && free_line == NULL)
			free_line = &cache->lines[i];
	}
	if (free_line == NULL) {
		free_line = &cache->lines[cache->victim];
		cache->victim = (cache->victim + 1) % LINE_COUNT;
		*fault = flush_line(hart, free_line);
	}
	*free_line = (struct window_line){ .used = true, .address = address };
	return free_line;
}

static uint64_t byte_mask(uint64_t address, unsigned size)
{
	return (size >= 64 ? ~0ull : ((1ull << size) - 1)) << (address % LINE_SIZE);
}

/* The checker: a load served from the cache must return what the host memory holds, unless the
 * thread wrote those bytes itself (same-address ordering, DPA memory model); otherwise the host changed
 * them since the line was filled and __dpa_thread_window_read_inv() was missing. */
static void check_stale(struct dpa_hart *hart, const struct dpa_region *region, const struct window_line *line,
			uint64_t address, unsigned size)
{
	uint8_t fresh[LINE_SIZE];
	if (region->ops.read(region->user, hart, line->address - region->base, fresh, LINE_SIZE) != 0)
		return; /* revoked meanwhile: the next access faults or refills */
	for (unsigned i = address % LINE_SIZE; i < address % LINE_SIZE + size; i++) {
		if (!((line->dirty >> i) & 1) && line->data[i] != fresh[i]) {
			struct dpa_memcheck_report report = {
				.rule = DPA_MEMCHECK_STALE_WINDOW_READ,
				.point = DPA_MEMCHECK_AT_LOAD,
				.hart = hart,
				.hart_id = hart->id,
				.pc = hart->pc,
				.address = address,
				.size = size,
			};
			dpa_memcheck_emit(hart->process, &report);
			return;
		}
	}
}

int dpa_window_read(struct dpa_hart *hart, const struct dpa_region *region, uint64_t address, unsigned size,
		    uint64_t *value)
{
	int fault;
	struct window_line *line = line_for(hart, address & ~(uint64_t)(LINE_SIZE - 1), &fault);
	if (line == NULL || fault != 0)
		return fault;
	uint64_t mask = byte_mask(address, size);
	bool hit = (line->valid & mask) == mask;
	if (!hit) {
		uint8_t fill[LINE_SIZE];
		if (region->ops.read(region->user, hart, line->address - region->base, fill, LINE_SIZE) != 0)
			return DPA_FAULT_APERTURE;
		for (unsigned i = 0; i < LINE_SIZE; i++)
			if (!((line->dirty >> i) & 1))
				line->data[i] = fill[i];
		line->valid = ~0ull;
	}
	if (hit && DPA_UNLIKELY(dpa_memcheck_on(hart->process)))
		check_stale(hart, region, line, address, size);
	uint64_t v = 0;
	memcpy(&v, line->data + address % LINE_SIZE, size);
	*value = v;
	return 0;
}

int dpa_window_write(struct dpa_hart *hart, const struct dpa_region *region, uint64_t address, unsigned size,
		     uint64_t value)
{
	(void)region; /* write-allocate without a fill: the line knows which bytes it holds */
	int fault;
	struct window_line *line = line_for(hart, address & ~(uint64_t)(LINE_SIZE - 1), &fault);
	if (line == NULL || fault != 0)
		return fault;
	memcpy(line->data + address % LINE_SIZE, &value, size);
	uint64_t mask = byte_mask(address, size);
	line->valid |= mask;
	line->dirty |= mask;
	/* Two stores on a path that took the regions lock already: free whether checking or not. */
	line->store_pc = hart->pc;
	line->reported = false;
	return 0;
}

void dpa_window_memcheck_publish(struct dpa_hart *hart, int point, uint64_t at_pc)
{
	if (hart->window == NULL)
		return;
	for (unsigned i = 0; i < LINE_COUNT; i++) {
		struct window_line *line = &hart->window->lines[i];
		if (!line->used || line->dirty == 0 || line->reported)
			continue;
		line->reported = true;
		struct dpa_memcheck_report report = {
			.rule = DPA_MEMCHECK_WINDOW_NOT_WRITTEN_BACK,
			.point = (enum dpa_memcheck_point)point,
			.hart = hart,
			.hart_id = hart->id,
			.pc = line->store_pc,
			.address = line->address + (uint64_t)__builtin_ctzll(line->dirty),
			.size = (unsigned)__builtin_popcountll(line->dirty),
			.at_pc = at_pc,
		};
		dpa_memcheck_emit(hart->process, &report);
	}
}

int dpa_hart_window_writeback(struct dpa_hart *hart)
{
	if (hart == NULL)
		return -EINVAL;
	int rc = 0;
	if (hart->window != NULL)
		for (unsigned i = 0; i < LINE_COUNT; i++)
			if (hart->window->lines[i].used && flush_line(hart, &hart->window->lines[i]) != 0)
				rc = -EIO;
	return rc;
}

int dpa_hart_window_invalidate(struct dpa_hart *hart)
{
	if (hart == NULL)
		return -EINVAL;
	if (hart->window != NULL) {
		for (unsigned i = 0; i < LINE_COUNT; i++) {
			struct window_line *line = &hart->window->lines[i];
			line->valid = line->dirty;
			line->used = line->used && line->dirty != 0;
		}
	}
	return 0;
}

size_t dpa_hart_window_dirty_bytes(const struct dpa_hart *hart)
{
	size_t n = 0;
	if (hart != NULL && hart->window != NULL)
		for (unsigned i = 0; i < LINE_COUNT; i++)
			if (hart->window->lines[i].used)
				n += (size_t)__builtin_popcountll(hart->window->lines[i].dirty);
	return n;
}

void dpa_process_set_window_epoch(struct dpa_process *process, const uint64_t *epoch)
{
	if (process != NULL)
		process->window_epoch = epoch;
}

void dpa_window_free(struct dpa_hart *hart)
{
	free(hart->window);
	hart->window = NULL;
}
