/*
 * A handle table: how a library names the objects it hands out, checks those names and keeps
 * the objects alive. libflexio (core/host/handle.c) and libdoca_common (doca/common/handle.c)
 * each keep one instance, with their own kinds, log lines and objects.
 *
 * A program never holds an object's address. It holds a handle: an address inside a range of
 * the address space the table reserves and never maps, encoding a slot of the table and that
 * slot's generation:
 *
 *     handle = base + ((generation << HANDLE_TABLE_INDEX_BITS) | slot) * HANDLE_TABLE_STRIDE
 *
 * Each slot counts the references to its object. handle_table_get takes one only if the slot
 * is open and of the handle's generation and kind; handle_table_put drops it. Closing a slot
 * (handle_table_close: of two closers one wins) makes later gets refuse it; the object is freed
 * (the table's free_object) by whoever drops the last reference. A closed slot is reused only
 * once its object is freed, with the next generation: a closed handle is refused even when the
 * object's memory, or its slot, has been reused since. Freed slots are reused oldest first and
 * only once HANDLE_TABLE_REUSE_THRESHOLD of them wait, so a stale handle could only alias a new
 * object after 2^generation-bits reuses of every free slot (capi/CHOICES-host.md).
 *
 * Lookups are lock-free (one atomic compare-and-swap on the object's own slot, each slot on its
 * own cache line) and inline here, so that a library's per-call check compiles to what it would
 * be written out by hand; only opening a slot and freeing one take the table's lock.
 */
#ifndef OPENFLEXIO_CORE_COMMON_HANDLE_TABLE_H
#define OPENFLEXIO_CORE_COMMON_HANDLE_TABLE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* Up to 2^20 live objects: chunks of slots are allocated as the table grows, never freed. */
#define HANDLE_TABLE_INDEX_BITS 20
#define HANDLE_TABLE_CHUNK_BITS 10
#define HANDLE_TABLE_CHUNK_SLOTS (1u << HANDLE_TABLE_CHUNK_BITS)
#define HANDLE_TABLE_CHUNK_COUNT (1u << (HANDLE_TABLE_INDEX_BITS - HANDLE_TABLE_CHUNK_BITS))
/* Handles are 8-byte aligned addresses, as any object pointer could be. */
#define HANDLE_TABLE_STRIDE 8u
/* Freed slots are reused only once this many wait, so that a slot's generations advance slowly. */
#define HANDLE_TABLE_REUSE_THRESHOLD 1024u

/* A slot's state word: generation (31 bits) | open (1 bit) | references (32 bits). */
#define HANDLE_TABLE_REFS_MASK 0xffffffffull
#define HANDLE_TABLE_OPEN_BIT (1ull << 32)
#define HANDLE_TABLE_GEN_SHIFT 33

struct handle_table_slot {
	_Atomic uint64_t state;
	/* Written before the slot opens, read only by holders of a reference. */
	void *object;
	uintptr_t kind;
	uint32_t next_free;
} __attribute__((aligned(64))); /* one cache line each: calls on different objects share none */

/* One library's table: a static instance initialised with HANDLE_TABLE_INIT. */
struct handle_table {
	struct handle_table_slot *_Atomic chunks[HANDLE_TABLE_CHUNK_COUNT];
	/* The reserved range, set once under lock (size last, released): 0 until the first open. */
	uintptr_t base;
	_Atomic uint64_t size;
	unsigned generation_bits; /* how much of a slot's generation a handle carries */
	/* Opening and freeing slots: the free list (oldest first) and the table's growth. */
	pthread_mutex_t lock;
	_Atomic uint32_t slots_used; /* slots ever handed out: 0 .. slots_used - 1 exist */
	uint32_t free_head, free_tail, free_count;
	/* Frees an object once its last reference is dropped; called once per object. */
	void (*free_object)(void *object);
};

#define HANDLE_TABLE_INIT(free_fn)                                          \
	{                                                                   \
		.lock = PTHREAD_MUTEX_INITIALIZER, .free_object = (free_fn) \
	}

/*
 * Opens a slot for object, of kind (the library's tag: an enum value, a descriptor's address),
 * with one reference: the object's own, dropped when the caller closes it. *slot is set before
 * the slot opens. Returns the handle, or NULL when the range cannot be reserved or memory or
 * slots run out.
 */
void *handle_table_open(struct handle_table *table, void *object, uintptr_t kind, uint32_t *slot);

/* The last reference of slot's object was dropped (state is the slot's word after the drop):
 * frees the object and then the slot. For handle_table_put. */
void handle_table_free_slot(struct handle_table *table, uint32_t index, uint64_t state);

static inline struct handle_table_slot *handle_table_slot_at(struct handle_table *table, uint32_t index)
{
	struct handle_table_slot *chunk =
		atomic_load_explicit(&table->chunks[index >> HANDLE_TABLE_CHUNK_BITS], memory_order_acquire);

	return chunk ? &chunk[index & (HANDLE_TABLE_CHUNK_SLOTS - 1)] : NULL;
}

static inline uint32_t handle_table_generation_of(uint64_t state)
{
	return (uint32_t)(state >> HANDLE_TABLE_GEN_SHIFT);
}

static inline void *handle_table_encode(const struct handle_table *table, uint32_t index, uint32_t generation)
{
	uint64_t value =
		((uint64_t)(generation & ((1u << table->generation_bits) - 1)) << HANDLE_TABLE_INDEX_BITS) | index;

	return (void *)(table->base + value * HANDLE_TABLE_STRIDE);
}

/* The slot a handle names and the generation it carries; NULL when it names none. */
static inline struct handle_table_slot *handle_table_decode(struct handle_table *table, const void *handle,
							    uint32_t *index, uint32_t *generation)
{
	uintptr_t at = (uintptr_t)handle;
	uint64_t size = atomic_load_explicit(&table->size, memory_order_acquire);
	uint64_t value;

	if (!size || at < table->base || at - table->base >= size || (at - table->base) % HANDLE_TABLE_STRIDE)
		return NULL;
	value = (at - table->base) / HANDLE_TABLE_STRIDE;
	*index = (uint32_t)(value & ((1u << HANDLE_TABLE_INDEX_BITS) - 1));
	*generation = (uint32_t)(value >> HANDLE_TABLE_INDEX_BITS);
	if (*index >= atomic_load_explicit(&table->slots_used, memory_order_acquire))
		return NULL;
	return handle_table_slot_at(table, *index);
}

/* Drops one reference to slot index's object; the last one frees the object, then the slot. */
static inline void handle_table_put(struct handle_table *table, uint32_t index)
{
	uint64_t state =
		atomic_fetch_sub_explicit(&handle_table_slot_at(table, index)->state, 1, memory_order_acq_rel) - 1;

	if (!(state & HANDLE_TABLE_REFS_MASK))
		handle_table_free_slot(table, index, state);
}

/*
 * The object of handle when it names an open slot of kind, with a reference held for the caller
 * (*index is then its slot); otherwise NULL. Never logs: the library words its refusals.
 */
static inline void *handle_table_get(struct handle_table *table, const void *handle, uintptr_t kind, uint32_t *index)
{
	uint32_t generation;
	struct handle_table_slot *slot = handle_table_decode(table, handle, index, &generation);
	uint64_t state;

	if (!slot)
		return NULL;
	state = atomic_load_explicit(&slot->state, memory_order_relaxed);
	do {
		if (!(state & HANDLE_TABLE_OPEN_BIT) ||
		    (handle_table_generation_of(state) & ((1u << table->generation_bits) - 1)) != generation)
			return NULL;
	} while (!atomic_compare_exchange_weak_explicit(&slot->state, &state, state + 1, memory_order_acquire,
							memory_order_relaxed));
	if (slot->kind != kind) {
		handle_table_put(table, *index);
		return NULL;
	}
	return slot->object;
}

/* Another reference to the object of slot index, whose caller already holds one. */
static inline void handle_table_hold(struct handle_table *table, uint32_t index)
{
	atomic_fetch_add_explicit(&handle_table_slot_at(table, index)->state, 1, memory_order_relaxed);
}

/* Closes slot index, whose caller holds a reference: later gets refuse it. True when this call
 * closed it (the caller then owns the object's own reference too), false when it was closed. */
static inline bool handle_table_close(struct handle_table *table, uint32_t index)
{
	return atomic_fetch_and_explicit(&handle_table_slot_at(table, index)->state, ~HANDLE_TABLE_OPEN_BIT,
					 memory_order_acq_rel) &
	       HANDLE_TABLE_OPEN_BIT;
}

/* Whether slot index is still open (it may be closed by another thread right after). */
static inline bool handle_table_is_open(struct handle_table *table, uint32_t index)
{
	return atomic_load_explicit(&handle_table_slot_at(table, index)->state, memory_order_acquire) &
	       HANDLE_TABLE_OPEN_BIT;
}

/* The handle of slot index (open or closed), whose caller holds a reference to its object. */
static inline void *handle_table_handle_of(struct handle_table *table, uint32_t index)
{
	uint64_t state = atomic_load_explicit(&handle_table_slot_at(table, index)->state, memory_order_relaxed);

	return handle_table_encode(table, index, handle_table_generation_of(state));
}

#endif
