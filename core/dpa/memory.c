/*
 * The address space of a process. DPA memory (ELF segments, heap, stacks, extra data) is one
 * host mapping reserved up front with a permission byte per page, which is all the
 * interpreter's fast path checks. Apertures (MMIO, windows) live above it and are reached
 * through the slow path and their callbacks.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "internal.h"
#include "memcheck.h"

static uint64_t page_up(uint64_t x)
{
	return (x + DPA_PAGE_SIZE - 1) & ~(uint64_t)(DPA_PAGE_SIZE - 1);
}

static bool is_aperture(enum dpa_region_kind kind)
{
	return kind == DPA_REGION_MMIO || kind == DPA_REGION_WINDOW;
}

/* Index of the region containing address, or -1. Caller holds regions_lock. */
static ptrdiff_t find_region(const struct dpa_process *process, uint64_t address)
{
	size_t lo = 0, hi = process->nregions;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct dpa_region *r = &process->regions[mid];
		if (address < r->base)
			hi = mid;
		else if (address - r->base >= r->size)
			lo = mid + 1;
		else
			return (ptrdiff_t)mid;
	}
	return -1;
}

/* Inserts a region keeping the array sorted. Caller holds regions_lock for writing. */
static int insert_region(struct dpa_process *process, const struct dpa_region *region)
{
	if (process->nregions == process->regions_cap) {
		size_t cap = process->regions_cap ? process->regions_cap * 2 : 16;
		struct dpa_region *grown = realloc(process->regions, cap * sizeof(*grown));
		if (grown == NULL)
			return -ENOMEM;
		process->regions = grown;
		process->regions_cap = cap;
	}
	size_t at = 0;
	while (at < process->nregions && process->regions[at].base < region->base)
		at++;
	memmove(&process->regions[at + 1], &process->regions[at], (process->nregions - at) * sizeof(*region));
	process->regions[at] = *region;
	process->nregions++;
	return 0;
}

static void set_page_perms(struct dpa_process *process, uint64_t base, uint64_t size, unsigned perms, bool merge)
{
	uint64_t first = (base - process->ram_base) >> DPA_PAGE_SHIFT;
	uint64_t last = (base + size - 1 - process->ram_base) >> DPA_PAGE_SHIFT;
	for (uint64_t p = first; p <= last; p++) {
		unsigned value = perms;
		if (merge)
			value |= atomic_load_explicit(&process->perms[p], memory_order_relaxed);
		atomic_store_explicit(&process->perms[p], (uint8_t)value, memory_order_relaxed);
	}
}

/* First fit with a guard page on each side of the new region. Caller holds the lock. */
static int place_ram(const struct dpa_process *process, uint64_t size, uint64_t *base)
{
	uint64_t cursor = process->ram_base;
	uint64_t end = process->ram_base + process->ram_size;
	for (size_t i = 0; i <= process->nregions; i++) {
		const struct dpa_region *r = i < process->nregions ? &process->regions[i] : NULL;
		if (r != NULL && is_aperture(r->kind))
			continue;
		uint64_t start = cursor + DPA_PAGE_SIZE;
		uint64_t limit = r != NULL ? r->base - DPA_PAGE_SIZE : end;
		if (r != NULL && r->base < DPA_PAGE_SIZE + cursor)
			limit = 0;
		if (limit > start && limit - start >= size) {
			*base = start;
			return 0;
		}
		if (r != NULL)
			cursor = r->base + r->size;
	}
	return -ENOSPC;
}

int dpa_process_map(struct dpa_process *process, enum dpa_region_kind kind, uint64_t size, unsigned perms,
		    uint64_t *base)
{
	if (process == NULL || base == NULL || size == 0 || size > process->ram_size ||
	    (kind != DPA_REGION_DATA && kind != DPA_REGION_HEAP && kind != DPA_REGION_STACK) ||
	    (perms != DPA_PERM_R && perms != (DPA_PERM_R | DPA_PERM_W)))
		return -EINVAL;
	size = page_up(size);
	struct dpa_region region = { .kind = kind, .size = size, .perms = perms };
	pthread_rwlock_wrlock(&process->regions_lock);
	int rc = place_ram(process, size, &region.base);
	if (rc == 0)
		rc = insert_region(process, &region);
	if (rc == 0)
		set_page_perms(process, region.base, size, perms, false);
	pthread_rwlock_unlock(&process->regions_lock);
	if (rc == 0)
		*base = region.base;
	return rc;
}

int dpa_process_map_aperture(struct dpa_process *process, enum dpa_region_kind kind, uint64_t size,
			     const struct dpa_mmio_ops *ops, void *user, uint64_t *base)
{
	if (process == NULL || ops == NULL || base == NULL || !is_aperture(kind) || size == 0 || size > (1ull << 32) ||
	    ops->read == NULL || ops->write == NULL)
		return -EINVAL;
	size = page_up(size);
	struct dpa_region region = {
		.kind = kind, .size = size, .perms = DPA_PERM_R | DPA_PERM_W, .ops = *ops, .user = user
	};
	pthread_rwlock_wrlock(&process->regions_lock);
	/* Aperture addresses are never reused, so stale window lines can never hit a new one. */
	int rc = -ENOSPC;
	if (process->aperture_limit - process->aperture_base >= size + DPA_PAGE_SIZE) {
		region.base = process->aperture_base;
		rc = insert_region(process, &region);
		if (rc == 0)
			process->aperture_base += size + DPA_PAGE_SIZE;
	}
	pthread_rwlock_unlock(&process->regions_lock);
	if (rc == 0)
		*base = region.base;
	return rc;
}

int dpa_process_unmap(struct dpa_process *process, uint64_t base)
{
	if (process == NULL)
		return -EINVAL;
	pthread_rwlock_wrlock(&process->regions_lock);
	ptrdiff_t i = find_region(process, base);
	int rc = -ENOENT;
	if (i >= 0 && process->regions[i].base == base && process->regions[i].kind != DPA_REGION_CODE &&
	    process->regions[i].kind != DPA_REGION_RODATA) {
		struct dpa_region r = process->regions[i];
		memmove(&process->regions[i], &process->regions[i + 1],
			(process->nregions - (size_t)i - 1) * sizeof(r));
		process->nregions--;
		if (!is_aperture(r.kind)) {
			set_page_perms(process, r.base, r.size, 0, false);
			madvise(process->ram + (r.base - process->ram_base), r.size, MADV_DONTNEED);
		}
		rc = 0;
	}
	pthread_rwlock_unlock(&process->regions_lock);
	return rc;
}

int dpa_process_region(const struct dpa_process *process, uint64_t address, struct dpa_region_info *info)
{
	if (process == NULL || info == NULL)
		return -EINVAL;
	struct dpa_process *p = (struct dpa_process *)process;
	pthread_rwlock_rdlock(&p->regions_lock);
	ptrdiff_t i = find_region(p, address);
	if (i >= 0)
		*info = (struct dpa_region_info){ .kind = p->regions[i].kind,
						  .base = p->regions[i].base,
						  .size = p->regions[i].size,
						  .perms = p->regions[i].perms };
	pthread_rwlock_unlock(&p->regions_lock);
	return i >= 0 ? 0 : -ENOENT;
}

size_t dpa_process_regions(const struct dpa_process *process, struct dpa_region_info *out, size_t max)
{
	if (process == NULL)
		return 0;
	struct dpa_process *p = (struct dpa_process *)process;
	pthread_rwlock_rdlock(&p->regions_lock);
	size_t n = p->nregions;
	for (size_t i = 0; i < n && i < max && out != NULL; i++)
		out[i] = (struct dpa_region_info){ .kind = p->regions[i].kind,
						   .base = p->regions[i].base,
						   .size = p->regions[i].size,
						   .perms = p->regions[i].perms };
	pthread_rwlock_unlock(&p->regions_lock);
	return n;
}

/* Host view of [address, address + size) when every page in it has the needed permission. */
static uint8_t *ram_range(const struct dpa_process *process, uint64_t address, size_t size, unsigned need)
{
	uint64_t off = address - process->ram_base;
	if (size == 0 || off >= process->ram_size || size > process->ram_size - off)
		return NULL;
	for (uint64_t p = off >> DPA_PAGE_SHIFT; p <= (off + size - 1) >> DPA_PAGE_SHIFT; p++)
		if ((atomic_load_explicit(&process->perms[p], memory_order_relaxed) & need) != need)
			return NULL;
	return process->ram + off;
}

/*
 * Host access to DPA memory is the device's DMA: it may overlap device threads' accesses by
 * design (a host polling a counter a handler increments), with no order but the one device
 * code and the host program make. ThreadSanitizer is told to ignore these accesses, so that
 * what it reports are races of the simulator itself.
 */
#if defined(__SANITIZE_THREAD__)
void __tsan_ignore_thread_begin(void);
void __tsan_ignore_thread_end(void);
#define DEVICE_MEMORY_DMA_BEGIN() __tsan_ignore_thread_begin()
#define DEVICE_MEMORY_DMA_END() __tsan_ignore_thread_end()
#else
#define DEVICE_MEMORY_DMA_BEGIN() ((void)0)
#define DEVICE_MEMORY_DMA_END() ((void)0)
#endif

int dpa_process_read(const struct dpa_process *process, uint64_t address, void *dst, size_t size)
{
	if (process == NULL || (dst == NULL && size != 0))
		return -EINVAL;
	if (size == 0)
		return 0;
	const uint8_t *src = ram_range(process, address, size, DPA_PERM_R);
	if (src == NULL)
		return -EFAULT;
	DEVICE_MEMORY_DMA_BEGIN();
	memcpy(dst, src, size);
	DEVICE_MEMORY_DMA_END();
	return 0;
}

int dpa_process_write(struct dpa_process *process, uint64_t address, const void *src, size_t size)
{
	if (process == NULL || (src == NULL && size != 0))
		return -EINVAL;
	if (size == 0)
		return 0;
	uint8_t *dst = ram_range(process, address, size, DPA_PERM_R | DPA_PERM_W);
	if (dst == NULL)
		return -EFAULT;
	DEVICE_MEMORY_DMA_BEGIN();
	memcpy(dst, src, size);
	DEVICE_MEMORY_DMA_END();
	return 0;
}

int dpa_process_fill(struct dpa_process *process, uint64_t address, int value, size_t size)
{
	if (process == NULL)
		return -EINVAL;
	if (size == 0)
		return 0;
	uint8_t *dst = ram_range(process, address, size, DPA_PERM_R | DPA_PERM_W);
	if (dst == NULL)
		return -EFAULT;
	DEVICE_MEMORY_DMA_BEGIN();
	memset(dst, value, size);
	DEVICE_MEMORY_DMA_END();
	return 0;
}

void *dpa_process_host_pointer(struct dpa_process *process, uint64_t address, size_t size, bool writable)
{
	if (process == NULL)
		return NULL;
	return ram_range(process, address, size, writable ? DPA_PERM_R | DPA_PERM_W : DPA_PERM_R);
}

int dpa_process_heap(const struct dpa_process *process, uint64_t *base, uint64_t *size)
{
	if (process == NULL || base == NULL || size == NULL)
		return -EINVAL;
	if (process->heap_size == 0)
		return -ENOENT;
	*base = process->heap_base;
	*size = process->heap_size;
	return 0;
}

/* Why an aligned access to DPA memory was refused by the fast path. */
static int ram_fault(const struct dpa_process *process, uint64_t address)
{
	uint64_t page = (address - process->ram_base) >> DPA_PAGE_SHIFT;
	return atomic_load_explicit(&process->perms[page], memory_order_relaxed) ? DPA_FAULT_PERMISSION
										 : DPA_FAULT_UNMAPPED;
}

static bool in_ram(const struct dpa_process *process, uint64_t address)
{
	return address - process->ram_base < process->ram_size;
}

int dpa_memory_aperture(struct dpa_process *process, uint64_t address, unsigned size, struct dpa_region *out)
{
	pthread_rwlock_rdlock(&process->regions_lock);
	ptrdiff_t i = find_region(process, address);
	bool ok = i >= 0 && is_aperture(process->regions[i].kind) &&
		  address + size - process->regions[i].base <= process->regions[i].size;
	if (ok)
		*out = process->regions[i];
	pthread_rwlock_unlock(&process->regions_lock);
	return ok ? 0 : DPA_FAULT_UNMAPPED;
}

/*
 * Misaligned loads and stores (README.md, "Faults"). The DPA programming guide says the DPA does not
 * support unaligned accesses, yet code that runs on BlueField-3 makes them (BenchBF3's dpa_send
 * stores a uint64_t at offset 42 of a frame): the device performs them, without atomicity. So does
 * the engine unless the process asked for strict alignment: byte by byte in DPA memory, after
 * every page touched passed its permission check (a store the second page refuses writes
 * nothing), and in one piece per 64-byte line through a window. An MMIO access stays a fault:
 * a device register is read or written whole or not at all. An access straddling two regions
 * leaves the first one's bounds and faults as unmapped.
 */
static bool misaligned_allowed(struct dpa_hart *hart)
{
	return !atomic_load_explicit(&hart->process->strict_alignment, memory_order_relaxed);
}

/* A misaligned access was performed: counted, and reported to the memory-model checker. */
static void misaligned_done(struct dpa_hart *hart, uint64_t address, unsigned size)
{
	struct dpa_process *process = hart->process;
	hart->misaligned++;
	atomic_fetch_add_explicit(&process->misaligned, 1, memory_order_relaxed);
	if (DPA_UNLIKELY(dpa_memcheck_on(process))) {
		struct dpa_memcheck_report report = {
			.rule = DPA_MEMCHECK_MISALIGNED_ACCESS,
			.point = DPA_MEMCHECK_AT_ACCESS,
			.hart = hart,
			.hart_id = hart->id,
			.pc = hart->pc,
			.address = address,
			.size = size,
		};
		dpa_memcheck_emit(process, &report);
	}
}

/* The fault of a misaligned access to DPA memory, or 0 when every page of it allows need. */
static int ram_misaligned_fault(const struct dpa_process *process, uint64_t address, unsigned size, unsigned need)
{
	uint64_t off = address - process->ram_base;
	if (size > process->ram_size - off)
		return DPA_FAULT_UNMAPPED;
	for (uint64_t p = off >> DPA_PAGE_SHIFT; p <= (off + size - 1) >> DPA_PAGE_SHIFT; p++) {
		unsigned perms = atomic_load_explicit(&process->perms[p], memory_order_relaxed);
		if ((perms & need) != need)
			return perms ? DPA_FAULT_PERMISSION : DPA_FAULT_UNMAPPED;
	}
	return 0;
}

/* The window pieces of a misaligned access: split where it crosses a 64-byte line. */
static unsigned window_piece(uint64_t address, unsigned size)
{
	unsigned room = 64 - (unsigned)(address & 63);
	return size < room ? size : room;
}

/* The window a misaligned access outside DPA memory goes to, else its fault: a device register
 * (MMIO) is read or written whole, so a misaligned access to one faults. */
static int misaligned_window(struct dpa_process *process, uint64_t address, unsigned size, struct dpa_region *region)
{
	int rc = dpa_memory_aperture(process, address, size, region);
	if (rc != 0)
		return rc;
	return region->kind == DPA_REGION_WINDOW ? 0 : DPA_FAULT_MISALIGNED;
}

static int load_misaligned(struct dpa_hart *hart, uint64_t address, unsigned size, uint64_t *value)
{
	struct dpa_process *process = hart->process;
	uint64_t v = 0;
	if (!misaligned_allowed(hart))
		return DPA_FAULT_MISALIGNED;
	if (in_ram(process, address)) {
		int rc = ram_misaligned_fault(process, address, size, DPA_PERM_R);
		if (rc != 0)
			return rc;
		const uint8_t *src = process->ram + (address - process->ram_base);
		for (unsigned i = 0; i < size; i++)
			v |= (uint64_t)__atomic_load_n(src + i, __ATOMIC_RELAXED) << (8 * i);
	} else {
		struct dpa_region region;
		int rc = misaligned_window(process, address, size, &region);
		if (rc != 0)
			return rc;
		for (unsigned done = 0, n; done < size; done += n) {
			uint64_t piece;
			n = window_piece(address + done, size - done);
			rc = dpa_window_read(hart, &region, address + done, n, &piece);
			if (rc != 0)
				return rc;
			v |= piece << (8 * done);
		}
	}
	*value = v;
	misaligned_done(hart, address, size);
	return 0;
}

static int store_misaligned(struct dpa_hart *hart, uint64_t address, unsigned size, uint64_t value)
{
	struct dpa_process *process = hart->process;
	if (!misaligned_allowed(hart))
		return DPA_FAULT_MISALIGNED;
	if (in_ram(process, address)) {
		int rc = ram_misaligned_fault(process, address, size, DPA_PERM_W);
		if (rc != 0)
			return rc;
		uint8_t *dst = process->ram + (address - process->ram_base);
		for (unsigned i = 0; i < size; i++)
			__atomic_store_n(dst + i, (uint8_t)(value >> (8 * i)), __ATOMIC_RELAXED);
		/* The fast path records aligned stores; this one may touch two 8-byte words. */
		if (DPA_UNLIKELY(dpa_memcheck_on(process))) {
			dpa_memcheck_store(hart, address, hart->pc);
			dpa_memcheck_store(hart, address + size - 1, hart->pc);
		}
	} else {
		struct dpa_region region;
		int rc = misaligned_window(process, address, size, &region);
		if (rc != 0)
			return rc;
		for (unsigned done = 0, n; done < size; done += n) {
			n = window_piece(address + done, size - done);
			rc = dpa_window_write(hart, &region, address + done, n, value >> (8 * done));
			if (rc != 0)
				return rc;
		}
	}
	misaligned_done(hart, address, size);
	return 0;
}

int dpa_memory_load_slow(struct dpa_hart *hart, uint64_t address, unsigned size, uint64_t *value)
{
	struct dpa_process *process = hart->process;
	struct dpa_region region;
	if (address & (size - 1))
		return load_misaligned(hart, address, size, value);
	if (in_ram(process, address))
		return ram_fault(process, address);
	int rc = dpa_memory_aperture(process, address, size, &region);
	if (rc != 0)
		return rc;
	if (region.kind == DPA_REGION_WINDOW)
		return dpa_window_read(hart, &region, address, size, value);
	uint64_t raw = 0;
	if (region.ops.read(region.user, hart, address - region.base, &raw, size) != 0)
		return DPA_FAULT_APERTURE;
	*value = raw; /* little-endian host: the low bytes hold the access */
	return 0;
}

int dpa_memory_store_slow(struct dpa_hart *hart, uint64_t address, unsigned size, uint64_t value)
{
	struct dpa_process *process = hart->process;
	struct dpa_region region;
	if (address & (size - 1))
		return store_misaligned(hart, address, size, value);
	if (in_ram(process, address))
		return ram_fault(process, address);
	int rc = dpa_memory_aperture(process, address, size, &region);
	if (rc != 0)
		return rc;
	if (region.kind == DPA_REGION_WINDOW)
		return dpa_window_write(hart, &region, address, size, value);
	/* An MMIO store is a doorbell (the outbox): what it publishes must be written back. */
	if (DPA_UNLIKELY(dpa_memcheck_on(process)))
		dpa_memcheck_publish(hart, DPA_MEMCHECK_AT_DOORBELL, hart->pc);
	if (region.ops.write(region.user, hart, address - region.base, &value, size) != 0)
		return DPA_FAULT_APERTURE;
	return 0;
}

int dpa_process_set_strict_alignment(struct dpa_process *process, bool strict)
{
	if (process == NULL)
		return -EINVAL;
	atomic_store_explicit(&process->strict_alignment, strict, memory_order_relaxed);
	return 0;
}

bool dpa_process_strict_alignment(const struct dpa_process *process)
{
	return process != NULL && atomic_load_explicit(&process->strict_alignment, memory_order_relaxed);
}

uint64_t dpa_process_misaligned(const struct dpa_process *process)
{
	return process != NULL ? atomic_load_explicit(&process->misaligned, memory_order_relaxed) : 0;
}

int dpa_memory_atomic_fault(const struct dpa_process *process, uint64_t address, unsigned size)
{
	if (address & (size - 1))
		return DPA_FAULT_MISALIGNED;
	if (in_ram(process, address))
		return ram_fault(process, address);
	struct dpa_region region;
	return dpa_memory_aperture((struct dpa_process *)process, address, size, &region) == 0
		       ? DPA_FAULT_APERTURE /* atomics need DPA memory */
		       : DPA_FAULT_UNMAPPED;
}

int dpa_memory_init(struct dpa_process *process, char *err, size_t err_size)
{
	const struct dpa_image *image = process->image;
	if (pthread_rwlock_init(&process->regions_lock, NULL) != 0) {
		dpa_format_error(err, err_size, "out of memory");
		return -ENOMEM;
	}
	process->regions_lock_ready = true;
	process->ram_base = image->low;
	process->ram = mmap(NULL, process->ram_size, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (process->ram == MAP_FAILED) {
		process->ram = NULL;
		dpa_format_error(err, err_size, "cannot reserve %llu bytes of DPA memory",
				 (unsigned long long)process->ram_size);
		return -ENOMEM;
	}
	process->perms = calloc(process->ram_size >> DPA_PAGE_SHIFT, 1);
	if (process->perms == NULL) {
		dpa_format_error(err, err_size, "out of memory");
		return -ENOMEM;
	}
	process->aperture_base = ((process->ram_base + process->ram_size) | ((1ull << 30) - 1)) + 1 + (1ull << 30);
	process->aperture_limit = process->aperture_base + (1ull << 40);
	uint64_t mapped_end = process->ram_base;
	for (unsigned i = 0; i < image->nsegments; i++) {
		const struct dpa_segment *s = &image->segments[i];
		memcpy(process->ram + (s->vaddr - process->ram_base), image->file + s->offset, s->filesz);
		/* A page shared with the previous segment gets both permissions (never W+X, checked
         * by the loader) and stays in the previous region. */
		uint64_t lo = s->vaddr & ~(uint64_t)(DPA_PAGE_SIZE - 1), hi = page_up(s->vaddr + s->memsz);
		set_page_perms(process, lo, hi - lo, s->perms, true);
		if (lo < mapped_end)
			lo = mapped_end;
		if (lo >= hi)
			continue;
		enum dpa_region_kind kind = (s->perms & DPA_PERM_X)   ? DPA_REGION_CODE
					    : (s->perms & DPA_PERM_W) ? DPA_REGION_DATA
								      : DPA_REGION_RODATA;
		struct dpa_region region = { .kind = kind, .base = lo, .size = hi - lo, .perms = s->perms };
		if (insert_region(process, &region) != 0) {
			dpa_format_error(err, err_size, "out of memory");
			return -ENOMEM;
		}
		mapped_end = hi;
	}
	return 0;
}

void dpa_memory_fini(struct dpa_process *process)
{
	if (process->ram != NULL)
		munmap(process->ram, process->ram_size);
	if (process->regions_lock_ready)
		pthread_rwlock_destroy(&process->regions_lock);
	free((void *)process->perms);
	free(process->regions);
}
