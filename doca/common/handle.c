/*
 * Handles of the DOCA objects (private.h): the table of slots behind them and their reserved
 * address range. The scheme is libflexio's (core/host/handle.c), which DOCA cannot link (it reaches
 * the device through the public FlexIO and rdma-core APIs only): kinds are descriptors here, so
 * that each DOCA family brings its own.
 */
#include "private.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mman.h>

/* Up to 2^20 live objects: chunks of slots are allocated as the table grows, never freed. */
#define INDEX_BITS 20
#define CHUNK_BITS 10
#define CHUNK_SLOTS (1u << CHUNK_BITS)
#define CHUNK_COUNT (1u << (INDEX_BITS - CHUNK_BITS))
#define INDEX_MASK ((1u << INDEX_BITS) - 1)
/* Handles are 8-byte aligned addresses, as any object pointer could be. */
#define STRIDE 8u
/* Freed slots are reused only once this many wait, so that a slot's generations advance slowly. */
#define REUSE_THRESHOLD 1024u

/* A slot's state word: generation (31 bits) | open (1 bit) | references (32 bits). */
#define REFS_MASK 0xffffffffull
#define OPEN_BIT (1ull << 32)
#define GEN_SHIFT 33

struct slot {
	_Atomic uint64_t state;
	/* Written before the slot opens, read by holders of a reference only. */
	struct opendoca_object *object;
	uint32_t next_free;
} __attribute__((aligned(64))); /* a cache line each: calls on different objects share none */

static struct slot *_Atomic chunks[CHUNK_COUNT];

static uintptr_t range_base;
static uint64_t range_size;
static unsigned generation_bits; /* how much of a slot's generation a handle carries */
static pthread_once_t range_once = PTHREAD_ONCE_INIT;

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uint32_t slots_used;
static uint32_t free_head, free_tail, free_count;

/* The largest range it can get, from 256 GiB down: address space only, never mapped. */
static void reserve_range(void)
{
	for (unsigned bits = 38; bits >= INDEX_BITS + 3 + 4; bits--) {
		void *at = mmap(NULL, 1ull << bits, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (at != MAP_FAILED) {
			range_base = (uintptr_t)at;
			range_size = 1ull << bits;
			generation_bits = bits - 3 - INDEX_BITS;
			return;
		}
	}
}

static struct slot *slot_at(uint32_t index)
{
	struct slot *chunk = atomic_load_explicit(&chunks[index >> CHUNK_BITS], memory_order_acquire);

	return chunk ? &chunk[index & (CHUNK_SLOTS - 1)] : NULL;
}

static uint32_t generation_of(uint64_t state)
{
	return (uint32_t)(state >> GEN_SHIFT);
}

static void *encode(uint32_t index, uint32_t generation)
{
	uint64_t value = ((uint64_t)(generation & ((1u << generation_bits) - 1)) << INDEX_BITS) | index;

	return (void *)(range_base + value * STRIDE);
}

static struct slot *decode(const void *handle, uint32_t *generation)
{
	uintptr_t at = (uintptr_t)handle;
	uint64_t value;
	uint32_t index;

	if (!range_size || at < range_base || at - range_base >= range_size || (at - range_base) % STRIDE)
		return NULL;
	value = (at - range_base) / STRIDE;
	index = (uint32_t)(value & INDEX_MASK);
	*generation = (uint32_t)(value >> INDEX_BITS);
	if (index >= atomic_load_explicit(&slots_used, memory_order_acquire))
		return NULL;
	return slot_at(index);
}

static bool same_generation(uint64_t state, uint32_t generation)
{
	return (generation_of(state) & ((1u << generation_bits) - 1)) == generation;
}

/* A slot to fill, under table_lock: a fresh one while few freed ones wait. */
static int take_slot_locked(uint32_t *index)
{
	uint32_t used = atomic_load_explicit(&slots_used, memory_order_relaxed);

	if (free_count && (free_count >= REUSE_THRESHOLD || used == CHUNK_COUNT * CHUNK_SLOTS)) {
		*index = free_head;
		free_head = slot_at(free_head)->next_free;
		free_count--;
		return 0;
	}
	if (used == CHUNK_COUNT * CHUNK_SLOTS)
		return -1;
	if (!(used & (CHUNK_SLOTS - 1))) {
		struct slot *chunk = aligned_alloc(64, CHUNK_SLOTS * sizeof(*chunk));

		if (!chunk)
			return -1;
		for (uint32_t i = 0; i < CHUNK_SLOTS; i++)
			atomic_init(&chunk[i].state, 0);
		atomic_store_explicit(&chunks[used >> CHUNK_BITS], chunk, memory_order_release);
	}
	*index = used;
	atomic_store_explicit(&slots_used, used + 1, memory_order_release);
	return 0;
}

void *opendoca_handle_open(struct opendoca_object *object, const struct opendoca_kind *kind,
			   void (*free_fn)(struct opendoca_object *object))
{
	struct slot *slot;
	uint32_t index;
	uint64_t state;
	int taken;

	pthread_once(&range_once, reserve_range);
	if (!range_size)
		return NULL;
	pthread_mutex_lock(&table_lock);
	taken = take_slot_locked(&index);
	pthread_mutex_unlock(&table_lock);
	if (taken)
		return NULL;
	slot = slot_at(index);
	object->slot = index;
	object->kind = kind;
	object->free_fn = free_fn;
	slot->object = object;
	state = atomic_load_explicit(&slot->state, memory_order_relaxed);
	/* Open, with the object's own reference; publishes the object. */
	atomic_store_explicit(&slot->state, (state & ~REFS_MASK) | OPEN_BIT | 1, memory_order_release);
	return encode(index, generation_of(state));
}

/* One more reference if the slot is open in generation. */
static bool acquire(struct slot *slot, uint32_t generation)
{
	uint64_t state = atomic_load_explicit(&slot->state, memory_order_relaxed);

	do {
		if (!(state & OPEN_BIT) || !same_generation(state, generation))
			return false;
	} while (!atomic_compare_exchange_weak_explicit(&slot->state, &state, state + 1, memory_order_acquire,
							memory_order_relaxed));
	return true;
}

void *opendoca_handle_try_get(const void *handle, const struct opendoca_kind *kind)
{
	uint32_t generation;
	struct slot *slot = decode(handle, &generation);

	if (!slot || !acquire(slot, generation))
		return NULL;
	if (slot->object->kind != kind) {
		opendoca_handle_put(slot->object);
		return NULL;
	}
	return slot->object;
}

void *opendoca_handle_get(const void *handle, const struct opendoca_kind *kind, const char *func)
{
	void *object = opendoca_handle_try_get(handle, kind);

	if (!object)
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not a live %s", handle, kind->name);
	return object;
}

void *opendoca_handle_close(const void *handle, const struct opendoca_kind *kind, const char *func)
{
	struct opendoca_object *object = opendoca_handle_try_get(handle, kind);

	if (object &&
	    atomic_fetch_and_explicit(&slot_at(object->slot)->state, ~OPEN_BIT, memory_order_acq_rel) & OPEN_BIT)
		return object;
	if (object)
		opendoca_handle_put(object);
	opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not a live %s", handle, kind->name);
	return NULL;
}

void opendoca_handle_hold(struct opendoca_object *object)
{
	atomic_fetch_add_explicit(&slot_at(object->slot)->state, 1, memory_order_relaxed);
}

void opendoca_handle_put(struct opendoca_object *object)
{
	uint32_t index = object->slot;
	struct slot *slot = slot_at(index);
	uint64_t state = atomic_fetch_sub_explicit(&slot->state, 1, memory_order_acq_rel) - 1;

	if (state & REFS_MASK)
		return;
	/* The last reference of a closed handle: nobody can reach the object any more. */
	object->free_fn(object);
	atomic_store_explicit(&slot->state, (uint64_t)(generation_of(state) + 1) << GEN_SHIFT, memory_order_release);
	pthread_mutex_lock(&table_lock);
	slot->next_free = 0;
	if (free_count)
		slot_at(free_tail)->next_free = index;
	else
		free_head = index;
	free_tail = index;
	free_count++;
	pthread_mutex_unlock(&table_lock);
}

void *opendoca_handle_of(const struct opendoca_object *object)
{
	struct slot *slot = slot_at(object->slot);

	return encode(object->slot, generation_of(atomic_load_explicit(&slot->state, memory_order_relaxed)));
}
