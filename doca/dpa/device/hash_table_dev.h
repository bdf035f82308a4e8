/*
 * A DOCA DPA hash table (doca_dpa_hash_table_*, 3.0): 32-bit keys and 64-bit values in the DPA
 * memory of the context's process, written by libdoca_dpa (hash_table.c) and used by the device
 * library (hash_table_dev.c). Shared by both sides: <stdint.h> only, naturally aligned fields.
 *
 * Open addressing with linear probing over 1 << log_capacity slots, at least twice the entries
 * the table was made for. Adds and removes take the table's spinlock (an AMO on DPA memory);
 * finds take no lock: each slot has a sequence word (its state in the low two bits, a count of
 * its changes above), which a writer moves to BUSY before it writes the key and value and to the
 * new state after, and which a reader reads before and after the key and value, again while they
 * differ. A removed key leaves a tombstone that probes go past and adds reuse.
 */
#ifndef OPENDOCA_DPA_HASH_TABLE_DEV_H
#define OPENDOCA_DPA_HASH_TABLE_DEV_H

#include <stdint.h>

enum opendoca_dpa_ht_state {
	OPENDOCA_DPA_HT_EMPTY = 0, /* never used: a probe stops here */
	OPENDOCA_DPA_HT_BUSY = 1,  /* being written */
	OPENDOCA_DPA_HT_FULL = 2,
	OPENDOCA_DPA_HT_TOMBSTONE = 3, /* removed */
};

#define OPENDOCA_DPA_HT_STATE_MASK 3u
#define OPENDOCA_DPA_HT_SEQ_ONE 4u /* a change of a slot's sequence word */

struct opendoca_dpa_ht_slot {
	uint32_t seq; /* state | changes * OPENDOCA_DPA_HT_SEQ_ONE */
	uint32_t key;
	uint64_t value;
};

/* The table's header, at its DPA handle; the slots follow (64-byte aligned). */
struct opendoca_dpa_ht {
	uint32_t lock;         /* adds and removes (a struct spinlock_s) */
	uint32_t log_capacity; /* slots: 1 << log_capacity */
	uint32_t entries;      /* keys in the table */
	uint32_t max_entries;  /* doca_dpa_hash_table_create's num_entries */
	uint32_t rsvd[12];
};

#endif /* OPENDOCA_DPA_HASH_TABLE_DEV_H */
