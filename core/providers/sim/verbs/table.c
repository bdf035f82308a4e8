/*
 * Lock-free tables of a device's memory keys and umems, by number (24 bits).  The NIC's
 * callbacks (mkey_reach, space_reach) run on every thread that rings a doorbell, once per
 * data segment: they read a slot here without a lock, so that no global lock sits on the
 * per-packet path.  Writers hold verbs_lock; a slot is a seqlock (seq odd while it is being
 * rewritten), so a reader gets a consistent snapshot or retries.  Chunks of slots are made on
 * demand and never freed (they live as long as the device, i.e. the process), so a reader
 * never meets freed memory.
 *
 * Accesses in flight.  The NIC copies through a key after mkey_reach returned, so a key's
 * memory must outlive the copies begun before the key went (ibv_dereg_mr returns once no DMA
 * can reach the region).  Each thread that accesses memory through keys has a record whose
 * sequence number is odd while it is inside accesses (they nest: a gather list and the
 * peer's receive WQE); a deregistration clears the key's slot, then waits until every thread
 * inside accesses at that time has left them (a grace period, as RCU's).  The record's
 * sequence and the slot's seq make a Dekker pair: either the wait sees the thread inside, or
 * the thread's read sees the slot cleared (and refuses the key).  The pair is asymmetric, as
 * liburcu's membarrier flavour: a thread entering stores its sequence and reads the slot with
 * only a compiler barrier between, and the grace period makes every thread of the process
 * execute a full barrier first (membarrier(2), MEMBARRIER_CMD_PRIVATE_EXPEDITED); where the
 * kernel refuses membarrier the entering thread fences itself.  So an access costs two plain
 * stores on the thread's own cache line: a per-key count in the slot, which threads sending
 * and receiving through one region share, cost the packet path a tenth of its time in
 * cache-line transfers, and an atomic addition per access a further 2.5 %.
 */
#include "verbs_internal.h"

#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define CHUNK_SLOTS (1u << VERBS_TABLE_BITS)
#define INDEX_MASK ((1u << (2 * VERBS_TABLE_BITS)) - 1)

#define LOAD(field) __atomic_load_n(&(field), __ATOMIC_RELAXED)
#define STORE(field, value) __atomic_store_n(&(field), (value), __ATOMIC_RELAXED)

static struct verbs_slot *slot_at(const struct verbs_table *table, uint32_t index)
{
	struct verbs_slot *chunk;

	index &= INDEX_MASK;
	chunk = __atomic_load_n(&table->chunks[index >> VERBS_TABLE_BITS], __ATOMIC_ACQUIRE);
	return chunk ? &chunk[index & (CHUNK_SLOTS - 1)] : NULL;
}

static bool slot_read(const struct verbs_slot *slot, uint32_t tag, struct verbs_slot *value)
{
	uint32_t seq;

	for (;;) {
		/* seq_cst: a hold's side of the Dekker pair (verbs_table_hold) */
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

bool verbs_table_read(const struct verbs_table *table, uint32_t index, uint32_t tag, struct verbs_slot *value)
{
	struct verbs_slot *slot = slot_at(table, index);

	return slot && slot_read(slot, tag, value);
}

/* ---- accesses in flight ---- */

struct accessor {
	unsigned long seq; /* odd while its thread is inside accesses (atomic) */
	bool used;         /* a live thread's (atomic) */
	struct accessor *next;
} __attribute__((aligned(64)));

static struct accessor *accessors; /* every record made, never freed (atomic head) */
/* The grace period fences every thread (membarrier): entering threads need not. Set before the
 * first record is claimed; cleared in a forked child whose registration fails. */
static bool barrier_by_kernel;
/* The calling thread's record and how many accesses it is inside: read at each access, so in
 * the static TLS block (initial-exec: no __tls_get_addr call; 16 bytes of the room glibc keeps
 * there for libraries loaded with dlopen). */
static __thread struct {
	struct accessor *self;
	unsigned depth;
} me __attribute__((tls_model("initial-exec")));
static pthread_key_t accessor_key;
static pthread_once_t accessor_once = PTHREAD_ONCE_INIT;

static void accessor_exit(void *record)
{
	__atomic_store_n(&((struct accessor *)record)->used, false, __ATOMIC_RELEASE);
}

static bool membarrier_register(void)
{
	return !syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0);
}

/* A forked child has only the forking thread: the others' records, whatever they were inside,
 * are free (a grace period must not wait for threads that are not there). Its process is new to
 * membarrier: registered again (single-threaded here: no access runs meanwhile). */
static void accessors_after_fork(void)
{
	for (struct accessor *a = __atomic_load_n(&accessors, __ATOMIC_ACQUIRE); a; a = a->next)
		if (a != me.self) {
			__atomic_store_n(&a->seq, a->seq & ~1ul, __ATOMIC_RELAXED);
			__atomic_store_n(&a->used, false, __ATOMIC_RELAXED);
		}
	if (barrier_by_kernel && !membarrier_register())
		__atomic_store_n(&barrier_by_kernel, false, __ATOMIC_RELAXED);
}

static void accessors_init(void)
{
	pthread_key_create(&accessor_key, accessor_exit);
	pthread_atfork(NULL, NULL, accessors_after_fork);
	__atomic_store_n(&barrier_by_kernel, membarrier_register(), __ATOMIC_RELAXED);
}

/* The calling thread's record: a free one, or a new one; NULL when memory runs out. */
static struct accessor *accessor_claim(void)
{
	struct accessor *a;

	pthread_once(&accessor_once, accessors_init);
	for (a = __atomic_load_n(&accessors, __ATOMIC_ACQUIRE); a; a = a->next) {
		bool free = false;

		if (__atomic_compare_exchange_n(&a->used, &free, true, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			break;
	}
	if (!a) {
		a = aligned_alloc(_Alignof(struct accessor), sizeof(*a));
		if (!a)
			return NULL;
		memset(a, 0, sizeof(*a));
		a->used = true;
		a->next = __atomic_load_n(&accessors, __ATOMIC_RELAXED);
		/* seq_cst: a grace period that sees no record at all skips its barrier (quiesce) */
		while (!__atomic_compare_exchange_n(&accessors, &a->next, a, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
			;
	}
	pthread_setspecific(accessor_key, a);
	return a;
}

bool verbs_table_hold(const struct verbs_table *table, uint32_t index, uint32_t tag, struct verbs_slot *value)
{
	struct verbs_slot *slot = slot_at(table, index);

	if (!slot || (!me.self && !(me.self = accessor_claim())))
		return false;
	/* the hold's side of the Dekker pair: the store, then the slot's load (slot_read) */
	if (!me.depth++) {
		__atomic_store_n(&me.self->seq, me.self->seq + 1, __ATOMIC_RELAXED);
		if (__atomic_load_n(&barrier_by_kernel, __ATOMIC_RELAXED))
			__atomic_signal_fence(__ATOMIC_SEQ_CST);
		else
			__atomic_thread_fence(__ATOMIC_SEQ_CST);
	}
	if (slot_read(slot, tag, value))
		return true;
	verbs_table_release();
	return false;
}

void verbs_table_release(void)
{
	/* release: the access's copies happen before the grace period that sees it even */
	if (!--me.depth)
		__atomic_store_n(&me.self->seq, me.self->seq + 1, __ATOMIC_RELEASE);
}

void verbs_table_quiesce(void)
{
	/* no record yet: no thread ever reached memory through a key, and one that comes now pushes
	 * its record before it reads a slot (seq_cst both: it reads the slots cleared) */
	if (!__atomic_load_n(&accessors, __ATOMIC_SEQ_CST))
		return;
	/* the grace period's side of the Dekker pair: the slots cleared, a full barrier on every
	 * thread of the process (or on this one, the others fencing themselves), then the records
	 * read (one pushed after the barrier belongs to a thread that reads the slots cleared) */
	if (!__atomic_load_n(&barrier_by_kernel, __ATOMIC_RELAXED) ||
	    syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0))
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (struct accessor *a = __atomic_load_n(&accessors, __ATOMIC_ACQUIRE); a; a = a->next) {
		unsigned long seq = __atomic_load_n(&a->seq, __ATOMIC_SEQ_CST);

		/* a copy in flight: microseconds, a 2 GiB one a fraction of a second */
		while (a != me.self && (seq & 1) && __atomic_load_n(&a->seq, __ATOMIC_ACQUIRE) == seq)
			sched_yield();
	}
}

bool verbs_table_used(const struct verbs_table *table, uint32_t index)
{
	struct verbs_slot *slot = slot_at(table, index);

	return slot && LOAD(slot->tag);
}

struct verbs_slot *verbs_table_slot(struct verbs_table *table, uint32_t index)
{
	return slot_at(table, index);
}

static void publish(struct verbs_slot *slot, const struct verbs_slot *value)
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
	/* seq_cst: a grace period's side of the Dekker pair (verbs_table_hold) */
	__atomic_store_n(&slot->seq, seq + 2, __ATOMIC_SEQ_CST);
}

bool verbs_table_write(struct verbs_table *table, uint32_t index, const struct verbs_slot *value)
{
	struct verbs_slot *slot = slot_at(table, index);

	if (!slot) {
		struct verbs_slot *chunk = calloc(CHUNK_SLOTS, sizeof(*chunk));

		if (!chunk)
			return false;
		__atomic_store_n(&table->chunks[(index & INDEX_MASK) >> VERBS_TABLE_BITS], chunk, __ATOMIC_RELEASE);
		slot = &chunk[index & (CHUNK_SLOTS - 1)];
	}
	publish(slot, value);
	return true;
}

void verbs_table_clear(struct verbs_table *table, uint32_t index)
{
	struct verbs_slot *slot = slot_at(table, index);

	if (slot)
		publish(slot, &(struct verbs_slot){ 0 });
}
