/* The DPA heap of a process, managed from the host: first fit over address-ordered free blocks. */
#ifndef OPENFLEXIO_CORE_HOST_HEAP_H
#define OPENFLEXIO_CORE_HOST_HEAP_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Every block starts on a DPA cache line. */
#define HEAP_GRANULE 64u

struct heap_block;

struct heap {
	pthread_mutex_t lock;
	uint64_t base, size;
	struct heap_block *blocks; /* free and used, by address */
	size_t requested;          /* bytes asked for by live allocations */
	size_t allocated;          /* the same, rounded to granules */
};

void heap_init(struct heap *heap, uint64_t base, uint64_t size);
void heap_fini(struct heap *heap);
/* 0 when full (0 is never a heap address). */
uint64_t heap_alloc(struct heap *heap, size_t size);
/* False when address is not the start of a live allocation. */
bool heap_free(struct heap *heap, uint64_t address);
/* Whether [address, address + size) lies inside one live allocation. */
bool heap_contains(struct heap *heap, uint64_t address, size_t size);

#endif
