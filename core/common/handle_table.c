/* A handle table (handle_table.h): its reserved address range, opening and freeing slots. */
#include "handle_table.h"

#include <stdlib.h>
#include <sys/mman.h>

/*
 * Reserves the largest range it can, from 256 GiB down: it costs address space only (never
 * mapped, no memory). The smaller the range, the fewer generation bits a handle carries. Under
 * the table's lock; the size is published last, for the lock-free lookups.
 */
static void reserve_range_locked(struct handle_table *table)
{
	for (unsigned bits = 38; bits >= HANDLE_TABLE_INDEX_BITS + 3 + 4; bits--) {
		void *at = mmap(NULL, 1ull << bits, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (at != MAP_FAILED) {
			table->base = (uintptr_t)at;
			table->generation_bits = bits - 3 - HANDLE_TABLE_INDEX_BITS;
			atomic_store_explicit(&table->size, 1ull << bits, memory_order_release);
			return;
		}
	}
}

/* A slot to fill, under the table's lock: a fresh one while the free list is short. */
static int take_slot_locked(struct handle_table *table, uint32_t *index)
{
	uint32_t used = atomic_load_explicit(&table->slots_used, memory_order_relaxed);
	const uint32_t capacity = HANDLE_TABLE_CHUNK_COUNT * HANDLE_TABLE_CHUNK_SLOTS;

	if (table->free_count && (table->free_count >= HANDLE_TABLE_REUSE_THRESHOLD || used == capacity)) {
		*index = table->free_head;
		table->free_head = handle_table_slot_at(table, table->free_head)->next_free;
		table->free_count--;
		return 0;
	}
	if (used == capacity)
		return -1;
	if (!(used & (HANDLE_TABLE_CHUNK_SLOTS - 1))) {
		struct handle_table_slot *chunk = aligned_alloc(64, HANDLE_TABLE_CHUNK_SLOTS * sizeof(*chunk));

		if (!chunk)
			return -1;
		for (uint32_t i = 0; i < HANDLE_TABLE_CHUNK_SLOTS; i++)
			atomic_init(&chunk[i].state, 0);
		atomic_store_explicit(&table->chunks[used >> HANDLE_TABLE_CHUNK_BITS], chunk, memory_order_release);
	}
	*index = used;
	atomic_store_explicit(&table->slots_used, used + 1, memory_order_release);
	return 0;
}

void *handle_table_open(struct handle_table *table, void *object, uintptr_t kind, uint32_t *slot_index)
{
	struct handle_table_slot *slot;
	uint32_t index;
	uint64_t state;
	int taken = -1;

	pthread_mutex_lock(&table->lock);
	if (!atomic_load_explicit(&table->size, memory_order_relaxed))
		reserve_range_locked(table);
	if (atomic_load_explicit(&table->size, memory_order_relaxed))
		taken = take_slot_locked(table, &index);
	pthread_mutex_unlock(&table->lock);
	if (taken)
		return NULL;
	slot = handle_table_slot_at(table, index);
	*slot_index = index;
	slot->object = object;
	slot->kind = kind;
	state = atomic_load_explicit(&slot->state, memory_order_relaxed);
	/* Open, with the object's own reference; publishes object and kind. */
	atomic_store_explicit(&slot->state, (state & ~HANDLE_TABLE_REFS_MASK) | HANDLE_TABLE_OPEN_BIT | 1,
			      memory_order_release);
	return handle_table_encode(table, index, handle_table_generation_of(state));
}

void handle_table_free_slot(struct handle_table *table, uint32_t index, uint64_t state)
{
	struct handle_table_slot *slot = handle_table_slot_at(table, index);

	/* The last reference of a closed slot: nobody can reach the object any more. */
	table->free_object(slot->object);
	atomic_store_explicit(&slot->state, (uint64_t)(handle_table_generation_of(state) + 1) << HANDLE_TABLE_GEN_SHIFT,
			      memory_order_release);
	pthread_mutex_lock(&table->lock);
	slot->next_free = 0;
	if (table->free_count)
		handle_table_slot_at(table, table->free_tail)->next_free = index;
	else
		table->free_head = index;
	table->free_tail = index;
	table->free_count++;
	pthread_mutex_unlock(&table->lock);
}
