/* Handles: the table of slots behind them and their reserved address range (handle.h). */
#include "handle.h"

#include "log.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Up to 2^20 live objects: chunks of slots are allocated as the table grows, never freed. */
#define HANDLE_INDEX_BITS 20
#define CHUNK_BITS 10
#define CHUNK_SLOTS (1u << CHUNK_BITS)
#define CHUNK_COUNT (1u << (HANDLE_INDEX_BITS - CHUNK_BITS))
#define INDEX_MASK ((1u << HANDLE_INDEX_BITS) - 1)
/* Handles are 8-byte aligned addresses, as any object pointer could be. */
#define HANDLE_STRIDE 8u
/* Freed slots are reused only once this many wait, so a slot's generations advance slowly. */
#define REUSE_THRESHOLD 1024u

/* A slot's state word: generation (31 bits) | open (1 bit) | references (32 bits). */
#define REFS_MASK 0xffffffffull
#define OPEN_BIT (1ull << 32)
#define GEN_SHIFT 33

struct slot {
	_Atomic uint64_t state;
	/* Written before the slot opens, read only by holders of a reference. */
	struct handle_object *object;
	enum handle_kind kind;
	uint32_t next_free;
} __attribute__((aligned(64))); /* one cache line each: calls on different objects share none */

static struct slot *_Atomic chunks[CHUNK_COUNT];

/* The reserved range, set once. */
static uintptr_t range_base;
static uint64_t range_size;
static unsigned generation_bits; /* how much of a slot's generation a handle carries */
static pthread_once_t range_once = PTHREAD_ONCE_INIT;

/* Creating and freeing objects: the free list (oldest first) and the table's growth. */
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uint32_t slots_used; /* slots ever handed out: 0 .. slots_used - 1 exist */
static uint32_t free_head, free_tail, free_count;

static const char *const kind_names[HANDLE_KIND_COUNT] = {
	[HANDLE_APP] = "application",
	[HANDLE_PROCESS] = "process",
	[HANDLE_EVENT_HANDLER] = "event handler",
	[HANDLE_THREAD] = "thread",
	[HANDLE_CQ] = "CQ",
	[HANDLE_SQ] = "SQ",
	[HANDLE_RQ] = "RQ",
	[HANDLE_RMP] = "RMP",
	[HANDLE_QP] = "QP",
	[HANDLE_UAR] = "UAR",
	[HANDLE_OUTBOX] = "outbox",
	[HANDLE_WINDOW] = "window",
	[HANDLE_MKEY] = "memory key",
	[HANDLE_MSG_STREAM] = "message stream",
	[HANDLE_CMDQ] = "command queue",
	[HANDLE_TRANSPORT_DOMAIN] = "transport domain",
	[HANDLE_SQ_TIS] = "TIS",
	[HANDLE_EMU_DB_TO_CQ] = "emulated doorbell to CQ mapping",
	[HANDLE_MSIX] = "MSI-X vector",
	[HANDLE_MSIX_MAP] = "EQ to MSI-X map",
};

const char *handle_kind_name(enum handle_kind kind)
{
	return kind > 0 && kind < HANDLE_KIND_COUNT ? kind_names[kind] : "object";
}

/*
 * Reserves the largest range it can, from 256 GiB down: it costs address space only (never
 * mapped, no memory). The smaller the range, the fewer generation bits a handle carries.
 */
static void reserve_range(void)
{
	for (unsigned bits = 38; bits >= HANDLE_INDEX_BITS + 3 + 4; bits--) {
		void *at = mmap(NULL, 1ull << bits, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (at != MAP_FAILED) {
			range_base = (uintptr_t)at;
			range_size = 1ull << bits;
			generation_bits = bits - 3 - HANDLE_INDEX_BITS;
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
	uint64_t value = ((uint64_t)(generation & ((1u << generation_bits) - 1)) << HANDLE_INDEX_BITS) | index;

	return (void *)(range_base + value * HANDLE_STRIDE);
}

/* The slot a handle names and the generation it carries; NULL when it names none. */
static struct slot *decode(const void *handle, uint32_t *generation)
{
	uintptr_t at = (uintptr_t)handle;
	uint64_t value;
	uint32_t index;

	if (!range_size || at < range_base || at - range_base >= range_size || (at - range_base) % HANDLE_STRIDE)
		return NULL;
	value = (at - range_base) / HANDLE_STRIDE;
	index = (uint32_t)(value & INDEX_MASK);
	*generation = (uint32_t)(value >> HANDLE_INDEX_BITS);
	if (index >= atomic_load_explicit(&slots_used, memory_order_acquire))
		return NULL;
	return slot_at(index);
}

static bool same_generation(uint64_t state, uint32_t generation)
{
	return (generation_of(state) & ((1u << generation_bits) - 1)) == generation;
}

/* A slot to fill, under table_lock: a fresh one while the free list is short. */
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

void *handle_open(struct handle_object *object, enum handle_kind kind, void (*free_fn)(struct handle_object *object))
{
	struct slot *slot;
	uint32_t index;
	uint64_t state;

	pthread_once(&range_once, reserve_range);
	if (!range_size)
		return NULL;
	pthread_mutex_lock(&table_lock);
	if (take_slot_locked(&index)) {
		pthread_mutex_unlock(&table_lock);
		return NULL;
	}
	pthread_mutex_unlock(&table_lock);
	slot = slot_at(index);
	object->slot = index;
	object->kind = kind;
	object->free_fn = free_fn;
	slot->object = object;
	slot->kind = kind;
	state = atomic_load_explicit(&slot->state, memory_order_relaxed);
	/* Open, with the object's own reference; publishes object and kind. */
	atomic_store_explicit(&slot->state, (state & ~REFS_MASK) | OPEN_BIT | 1, memory_order_release);
	return encode(index, generation_of(state));
}

/* One more reference if the slot is open in generation; false otherwise. */
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

void *handle_try_get(const void *handle, enum handle_kind kind)
{
	uint32_t generation;
	struct slot *slot = decode(handle, &generation);

	if (!slot || !acquire(slot, generation))
		return NULL;
	if (slot->kind != kind) {
		handle_put(slot->object);
		return NULL;
	}
	return slot->object;
}

void *handle_get(const void *handle, enum handle_kind kind, const char *func)
{
	void *object = handle_try_get(handle, kind);

	if (!object)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live %s", handle, handle_kind_name(kind));
	return object;
}

bool handle_close_object(struct handle_object *object)
{
	struct slot *slot = slot_at(object->slot);

	return atomic_fetch_and_explicit(&slot->state, ~OPEN_BIT, memory_order_acq_rel) & OPEN_BIT;
}

void *handle_close(const void *handle, enum handle_kind kind, const char *func)
{
	struct handle_object *object = handle_try_get(handle, kind);

	if (object && handle_close_object(object))
		return object;
	if (object)
		handle_put(object);
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live %s", handle, handle_kind_name(kind));
	return NULL;
}

void handle_hold(struct handle_object *object)
{
	atomic_fetch_add_explicit(&slot_at(object->slot)->state, 1, memory_order_relaxed);
}

void handle_put(struct handle_object *object)
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

void *handle_of(const struct handle_object *object)
{
	struct slot *slot = slot_at(object->slot);

	return encode(object->slot, generation_of(atomic_load_explicit(&slot->state, memory_order_relaxed)));
}

bool handle_is_open(const struct handle_object *object)
{
	return atomic_load_explicit(&slot_at(object->slot)->state, memory_order_acquire) & OPEN_BIT;
}

uint32_t handle_read_u32(const void *handle, enum handle_kind kind, size_t offset, const char *func)
{
	struct handle_object *object = handle_get(handle, kind, func);
	uint32_t value;

	if (!object)
		return UINT32_MAX;
	memcpy(&value, (const char *)object + offset, sizeof(value));
	handle_put(object);
	return value;
}
