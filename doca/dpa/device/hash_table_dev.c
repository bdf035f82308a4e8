/*
 * DOCA DPA hash tables in device code (doca_dpa_dev_hash_table_add / _find / _remove, 3.0),
 * safe for any number of DPA threads at once: hash_table_dev.h has the layout and the protocol.
 * Adding a key beyond the number of entries the table was made for ends the process with
 * OPENDOCA_DPA_DEV_ERROR_HASH_FULL, which the host reports by name.
 */
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

#include "dev_context.h"
#include "doca_dpa_dev.h"
#include "hash_table_dev.h"

static struct opendoca_dpa_ht *table_of(doca_dpa_dev_hash_table_t handle)
{
	return (struct opendoca_dpa_ht *)(uintptr_t)handle;
}

static struct opendoca_dpa_ht_slot *slot_at(struct opendoca_dpa_ht *ht, uint32_t i)
{
	return (struct opendoca_dpa_ht_slot *)(ht + 1) + (i & ((1u << ht->log_capacity) - 1));
}

/* Fibonacci hashing: the key's golden-ratio product, its top bits the first slot. */
static uint32_t first_slot(const struct opendoca_dpa_ht *ht, uint32_t key)
{
	return (uint32_t)((key * 2654435769u) >> (32 - ht->log_capacity));
}

static uint32_t state_of(uint32_t seq)
{
	return seq & OPENDOCA_DPA_HT_STATE_MASK;
}

/* Rewrites a slot (the table's lock held): BUSY while the key and value change, then state. */
static void slot_write(struct opendoca_dpa_ht_slot *s, uint32_t state, uint32_t key, uint64_t value)
{
	uint32_t seq = s->seq - state_of(s->seq) + OPENDOCA_DPA_HT_SEQ_ONE;

	__atomic_store_n(&s->seq, seq | OPENDOCA_DPA_HT_BUSY, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE); /* BUSY before the new key and value */
	__atomic_store_n(&s->key, key, __ATOMIC_RELAXED);
	__atomic_store_n(&s->value, value, __ATOMIC_RELAXED);
	__atomic_store_n(&s->seq, (seq + OPENDOCA_DPA_HT_SEQ_ONE) | state, __ATOMIC_RELEASE);
}

/* The slot holding key (the lock held), or 0; *free the first slot an add may take. */
static struct opendoca_dpa_ht_slot *locate(struct opendoca_dpa_ht *ht, uint32_t key, struct opendoca_dpa_ht_slot **free)
{
	uint32_t start = first_slot(ht, key), capacity = 1u << ht->log_capacity;

	*free = 0;
	for (uint32_t i = 0; i < capacity; i++) {
		struct opendoca_dpa_ht_slot *s = slot_at(ht, start + i);
		uint32_t state = state_of(s->seq);

		if (state == OPENDOCA_DPA_HT_FULL && s->key == key)
			return s;
		if (state != OPENDOCA_DPA_HT_FULL && !*free)
			*free = s;
		if (state == OPENDOCA_DPA_HT_EMPTY)
			break;
	}
	return 0;
}

/* A key already there gets the new value. */
void doca_dpa_dev_hash_table_add(doca_dpa_dev_hash_table_t ht_handle, uint32_t key, uint64_t value)
{
	struct opendoca_dpa_ht *ht = table_of(ht_handle);
	struct opendoca_dpa_ht_slot *s, *free;

	spin_lock((struct spinlock_s *)&ht->lock);
	s = locate(ht, key, &free);
	if (!s && (ht->entries >= ht->max_entries || !free)) {
		spin_unlock((struct spinlock_s *)&ht->lock);
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_HASH_FULL);
	}
	if (s) {
		slot_write(s, OPENDOCA_DPA_HT_FULL, key, value);
	} else {
		slot_write(free, OPENDOCA_DPA_HT_FULL, key, value);
		ht->entries++;
	}
	spin_unlock((struct spinlock_s *)&ht->lock);
}

void doca_dpa_dev_hash_table_remove(doca_dpa_dev_hash_table_t ht_handle, uint32_t key)
{
	struct opendoca_dpa_ht *ht = table_of(ht_handle);
	struct opendoca_dpa_ht_slot *s, *free;

	spin_lock((struct spinlock_s *)&ht->lock);
	s = locate(ht, key, &free);
	if (s) {
		slot_write(s, OPENDOCA_DPA_HT_TOMBSTONE, key, 0);
		ht->entries--;
	}
	spin_unlock((struct spinlock_s *)&ht->lock);
}

/* 1 and *value when the key is there, else 0. */
int doca_dpa_dev_hash_table_find(doca_dpa_dev_hash_table_t ht_handle, uint32_t key, uint64_t *value)
{
	struct opendoca_dpa_ht *ht = table_of(ht_handle);
	uint32_t start = first_slot(ht, key), capacity = 1u << ht->log_capacity;

	for (uint32_t i = 0; i < capacity; i++) {
		struct opendoca_dpa_ht_slot *s = slot_at(ht, start + i);
		uint32_t seq, again, k;
		uint64_t v;

		do {
			seq = __atomic_load_n(&s->seq, __ATOMIC_ACQUIRE);
			k = __atomic_load_n(&s->key, __ATOMIC_RELAXED);
			v = __atomic_load_n(&s->value, __ATOMIC_RELAXED);
			__atomic_thread_fence(__ATOMIC_ACQUIRE); /* the key and value before the second read */
			again = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);
		} while (seq != again || state_of(seq) == OPENDOCA_DPA_HT_BUSY);
		if (state_of(seq) == OPENDOCA_DPA_HT_EMPTY)
			return 0;
		if (state_of(seq) == OPENDOCA_DPA_HT_FULL && k == key) {
			*value = v;
			return 1;
		}
	}
	return 0;
}
