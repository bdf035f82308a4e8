/* A first-fit allocator over the DPA heap; its bookkeeping lives on the host. */
#include "heap.h"

#include <stdlib.h>

struct heap_block {
	uint64_t address;
	uint64_t size;    /* granule multiple */
	size_t requested; /* 0: free */
	struct heap_block *next;
};

void heap_init(struct heap *heap, uint64_t base, uint64_t size)
{
	uint64_t aligned = (base + HEAP_GRANULE - 1) & ~(uint64_t)(HEAP_GRANULE - 1);

	pthread_mutex_init(&heap->lock, NULL);
	heap->base = base;
	heap->size = size;
	heap->requested = heap->allocated = 0;
	heap->blocks = NULL;
	if (size > aligned - base + HEAP_GRANULE) {
		heap->blocks = calloc(1, sizeof(*heap->blocks));
		if (heap->blocks) {
			heap->blocks->address = aligned;
			heap->blocks->size = (size - (aligned - base)) & ~(uint64_t)(HEAP_GRANULE - 1);
		}
	}
}

void heap_fini(struct heap *heap)
{
	struct heap_block *b, *next;

	for (b = heap->blocks; b; b = next) {
		next = b->next;
		free(b);
	}
	heap->blocks = NULL;
	pthread_mutex_destroy(&heap->lock);
}

uint64_t heap_alloc(struct heap *heap, size_t size)
{
	uint64_t need, address = 0;
	struct heap_block *b;

	if (!size || size > heap->size)
		return 0;
	need = (size + HEAP_GRANULE - 1) & ~(uint64_t)(HEAP_GRANULE - 1);
	pthread_mutex_lock(&heap->lock);
	for (b = heap->blocks; b && (b->requested || b->size < need); b = b->next)
		;
	if (b) {
		if (b->size > need) {
			struct heap_block *rest = calloc(1, sizeof(*rest));

			if (!rest)
				goto out;
			rest->address = b->address + need;
			rest->size = b->size - need;
			rest->next = b->next;
			b->next = rest;
			b->size = need;
		}
		b->requested = size;
		heap->requested += size;
		heap->allocated += need;
		address = b->address;
	}
out:
	pthread_mutex_unlock(&heap->lock);
	return address;
}

/* Merges b with the free block after it. */
static void merge_next(struct heap_block *b)
{
	struct heap_block *next = b->next;

	if (next && !b->requested && !next->requested) {
		b->size += next->size;
		b->next = next->next;
		free(next);
	}
}

bool heap_free(struct heap *heap, uint64_t address)
{
	struct heap_block *b, *prev = NULL;
	bool found = false;

	pthread_mutex_lock(&heap->lock);
	for (b = heap->blocks; b && b->address < address; prev = b, b = b->next)
		;
	if (b && b->address == address && b->requested) {
		heap->requested -= b->requested;
		heap->allocated -= b->size;
		b->requested = 0;
		merge_next(b);
		if (prev)
			merge_next(prev);
		found = true;
	}
	pthread_mutex_unlock(&heap->lock);
	return found;
}

bool heap_contains(struct heap *heap, uint64_t address, size_t size)
{
	struct heap_block *b;
	bool inside = false;

	pthread_mutex_lock(&heap->lock);
	for (b = heap->blocks; b && b->address + b->size <= address; b = b->next)
		;
	if (b && b->requested && address >= b->address && size <= b->requested &&
	    address - b->address <= b->requested - size)
		inside = true;
	pthread_mutex_unlock(&heap->lock);
	return inside;
}
