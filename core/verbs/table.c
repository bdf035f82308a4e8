/*
 * Lock-free tables of a device's memory keys and umems, by number (24 bits).  The NIC's
 * callbacks (mkey_reach, space_reach) run on every thread that rings a doorbell, once per
 * data segment: they read a slot here without a lock, so that no global lock sits on the
 * per-packet path.  Writers hold sim_lock; a slot is a seqlock (seq odd while it is being
 * rewritten), so a reader gets a consistent snapshot or retries.  Chunks of slots are made on
 * demand and never freed (they live as long as the device, i.e. the process), so a reader
 * never meets freed memory.
 *
 * Accesses in flight.  The NIC copies through a key after mkey_reach returned, so a key's
 * memory must outlive the copies begun before the key went (ibv_dereg_mr returns once no DMA
 * can reach the region).  A hold counts the access in the slot (users) before reading it, a
 * release ends it; deregistration clears the slot and then waits for users to be 0.  The
 * counter and the slot's seq are accessed sequentially consistently (a Dekker pair): either
 * the drain sees the hold, or the hold sees the slot cleared (and refuses the key).  Two
 * atomic additions per access, on the key's own cache line: no lock, nothing shared with
 * other keys.
 */
#include "verbs_internal.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_SLOTS (1u << SIM_TABLE_BITS)
#define INDEX_MASK ((1u << (2 * SIM_TABLE_BITS)) - 1)

#define LOAD(field) __atomic_load_n(&(field), __ATOMIC_RELAXED)
#define STORE(field, value) __atomic_store_n(&(field), (value), __ATOMIC_RELAXED)

static struct sim_slot *slot_at(const struct sim_table *table, uint32_t index)
{
	struct sim_slot *chunk;

	index &= INDEX_MASK;
	chunk = __atomic_load_n(&table->chunks[index >> SIM_TABLE_BITS], __ATOMIC_ACQUIRE);
	return chunk ? &chunk[index & (CHUNK_SLOTS - 1)] : NULL;
}

static bool slot_read(const struct sim_slot *slot, uint32_t tag, struct sim_slot *value)
{
	uint32_t seq;

	for (;;) {
		/* seq_cst: a hold's side of the Dekker pair (sim_table_hold) */
		seq = __atomic_load_n(&slot->seq, __ATOMIC_SEQ_CST);
		if (seq & 1) {
			sched_yield(); /* a writer is in the middle of it: rare, and short */
			continue;
		}
		value->tag = LOAD(slot->tag);
		value->pd = LOAD(slot->pd);
		value->access = LOAD(slot->access);
		value->start = LOAD(slot->start);
		value->length = LOAD(slot->length);
		value->host = LOAD(slot->host);
		value->space = LOAD(slot->space);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (__atomic_load_n(&slot->seq, __ATOMIC_RELAXED) == seq)
			break;
	}
	return tag && value->tag == tag;
}

bool sim_table_read(const struct sim_table *table, uint32_t index, uint32_t tag, struct sim_slot *value)
{
	struct sim_slot *slot = slot_at(table, index);

	return slot && slot_read(slot, tag, value);
}

bool sim_table_hold(struct sim_table *table, uint32_t index, uint32_t tag, struct sim_slot *value)
{
	struct sim_slot *slot = slot_at(table, index);

	if (!slot)
		return false;
	__atomic_fetch_add(&slot->users, 1, __ATOMIC_SEQ_CST);
	if (slot_read(slot, tag, value))
		return true;
	__atomic_fetch_sub(&slot->users, 1, __ATOMIC_RELEASE);
	return false;
}

void sim_table_release(struct sim_table *table, uint32_t index)
{
	/* release: the access's copies happen before the drain that sees the count drop */
	__atomic_fetch_sub(&slot_at(table, index)->users, 1, __ATOMIC_RELEASE);
}

void sim_table_drain(struct sim_table *table, uint32_t index)
{
	struct sim_slot *slot = slot_at(table, index);

	while (slot && __atomic_load_n(&slot->users, __ATOMIC_SEQ_CST))
		sched_yield(); /* a copy in flight: microseconds, a 2 GiB one a fraction of a second */
}

bool sim_table_used(const struct sim_table *table, uint32_t index)
{
	struct sim_slot *slot = slot_at(table, index);

	return slot && LOAD(slot->tag);
}

struct sim_slot *sim_table_slot(struct sim_table *table, uint32_t index)
{
	return slot_at(table, index);
}

static void publish(struct sim_slot *slot, const struct sim_slot *value)
{
	uint32_t seq = LOAD(slot->seq);

	STORE(slot->seq, seq + 1);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	STORE(slot->tag, value->tag);
	STORE(slot->pd, value->pd);
	STORE(slot->access, value->access);
	STORE(slot->start, value->start);
	STORE(slot->length, value->length);
	STORE(slot->host, value->host);
	STORE(slot->space, value->space);
	slot->holder = value->holder;
	/* seq_cst: a drain's side of the Dekker pair (sim_table_hold) */
	__atomic_store_n(&slot->seq, seq + 2, __ATOMIC_SEQ_CST);
}

bool sim_table_write(struct sim_table *table, uint32_t index, const struct sim_slot *value)
{
	struct sim_slot *slot = slot_at(table, index);

	if (!slot) {
		struct sim_slot *chunk = aligned_alloc(_Alignof(struct sim_slot), CHUNK_SLOTS * sizeof(*chunk));

		if (!chunk)
			return false;
		memset(chunk, 0, CHUNK_SLOTS * sizeof(*chunk));
		__atomic_store_n(&table->chunks[(index & INDEX_MASK) >> SIM_TABLE_BITS], chunk, __ATOMIC_RELEASE);
		slot = &chunk[index & (CHUNK_SLOTS - 1)];
	}
	publish(slot, value);
	return true;
}

void sim_table_clear(struct sim_table *table, uint32_t index)
{
	struct sim_slot *slot = slot_at(table, index);

	if (slot)
		publish(slot, &(struct sim_slot){ 0 });
}
