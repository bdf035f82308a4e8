/*
 * DOCA buffers inside the libraries (doca_buf.h, doca_buf_inventory.h, doca_buf_pool.h,
 * doca_bufpool.h): the buffer descriptor, how a struct doca_buf pointer is checked, and the stores
 * (inventories, pools) buffers come from and go back to. The descriptor's layout and
 * opendoca_buf_get are what the other DOCA libraries (DMA, sync events ...) read buffers through
 * (DOCA_PRIVATE).
 *
 * A struct doca_buf * is not a handle. doca_buf_get_data and friends run per task on the data
 * path, where a handle's table lookup and reference count would cost more than the call itself;
 * yet a program's stale or foreign pointer must be refused, never followed. So:
 *
 *   - Every descriptor lives in one arena: an address range the library reserves at first use and
 *     commits as stores grow, never unmapped or reused for anything else. A pointer outside the
 *     committed part is refused without being read; one inside can always be read.
 *   - Descriptors are OPENDOCA_BUF_SIZE bytes, aligned to it. The pointer a program gets is the
 *     descriptor's address plus the descriptor's generation in the low bits
 *     (OPENDOCA_BUF_GEN_MASK); the descriptor's tag holds a magic number, a "live" bit and that
 *     generation. A buffer going back to its store advances the generation and clears the bit.
 *   - Checking a pointer is a subtraction and a compare (in the arena), a mask, one relaxed load
 *     (the tag, on the cache line the call reads anyway) and a compare: no lock, no table.
 *
 * A pointer is refused once its buffer went back to its store (the tag is no longer live), and
 * after the descriptor was taken again (the generation moved on), unless it moved on by a multiple
 * of 128 takes: then it names the descriptor's current buffer. A buffer whose reference count
 * reached 0 is told apart ("reference count already 0", DOCA_ERROR_BAD_STATE for a further
 * decrement) while its generation is the next one.
 *
 * Buffers are not thread-safe (DOCA's contract): a buffer, its list and its store are used by one
 * thread at a time. What several threads may share (memory maps, the stores' owners) is counted
 * with atomics: a buffer holds its memory map and the object owning its store (an inventory or a
 * pool) alive, so that no misuse makes a buffer point at freed memory.
 */
#ifndef OPENDOCA_COMMON_BUF_H
#define OPENDOCA_COMMON_BUF_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf_array_dpa.h"
#include "doca_types.h"
#include "private.h"

struct doca_buf;
struct doca_buf_arr;
struct doca_buf_inventory;
struct doca_mmap;
struct opendoca_mmap;
struct opendoca_buf_store;

/* A descriptor's size and alignment; the generation lives in the pointer bits this leaves. */
#define OPENDOCA_BUF_SIZE 128u
#define OPENDOCA_BUF_GEN_MASK (OPENDOCA_BUF_SIZE - 1u)
/* The tag: magic (high 16 bits) | live | generation. */
#define OPENDOCA_BUF_MAGIC 0xd0ca0000u
#define OPENDOCA_BUF_LIVE 0x100u

/*
 * A buffer: [head, head + len) of its memory map, with data [data, data + data_len) inside it.
 * Addresses are the map's (another process's for a map created from an export, the DPA's for DPA
 * memory): uint64_t would describe them better, but programs read them back as pointers.
 * The first cache line holds what the data path reads.
 */
struct opendoca_buf {
	_Atomic uint32_t tag;
	uint16_t refcount; /* references to the list this buffer heads; 1 for the others */
	uint8_t chained;   /* a buffer after the first of a list */
	uint8_t reserved;
	uint32_t list_len; /* at the first buffer of a list: the buffers in it */
	uint32_t reserved2;
	void *head;
	size_t len;
	void *data;
	size_t data_len;
	struct opendoca_mmap *mmap; /* holds the map (opendoca_mmap_buf_ref) */
	struct opendoca_buf *next;  /* the next buffer of the list; in a store: the next free one */
	/* Second line: lists and stores. */
	struct opendoca_buf *last; /* at the first buffer of a list: its last buffer */
	struct opendoca_buf_store *store;
} __attribute__((aligned(OPENDOCA_BUF_SIZE)));

_Static_assert(sizeof(struct opendoca_buf) == OPENDOCA_BUF_SIZE, "one descriptor per OPENDOCA_BUF_SIZE bytes");

/* What a pointer names. */
enum opendoca_buf_state {
	OPENDOCA_BUF_VALID,    /* a live buffer */
	OPENDOCA_BUF_RELEASED, /* a buffer whose reference count reached 0 */
	OPENDOCA_BUF_INVALID,  /* anything else: NULL, foreign, stale */
};

/* The arena (buf.c): where descriptors live, and how much of it is committed (grows only). */
extern uintptr_t opendoca_buf_arena_base __attribute__((visibility("hidden")));
extern _Atomic size_t opendoca_buf_arena_committed __attribute__((visibility("hidden")));

/*
 * The descriptor a pointer names and what it names; the descriptor is NULL when INVALID. Inside
 * libdoca_common only (the arena's variables are its own): the other libraries call
 * opendoca_buf_get.
 */
static inline enum opendoca_buf_state opendoca_buf_check(const struct doca_buf *pointer, struct opendoca_buf **buf)
{
	uintptr_t at = (uintptr_t)pointer, offset = at - opendoca_buf_arena_base;
	uint32_t generation = (uint32_t)(at & OPENDOCA_BUF_GEN_MASK), tag;
	struct opendoca_buf *desc;

	*buf = NULL;
	/* One compare covers both sides: below the base, the offset wraps around to a huge value. */
	if (offset >= atomic_load_explicit(&opendoca_buf_arena_committed, memory_order_acquire))
		return OPENDOCA_BUF_INVALID;
	desc = (struct opendoca_buf *)(at - generation);
	tag = atomic_load_explicit(&desc->tag, memory_order_relaxed);
	if (tag == (OPENDOCA_BUF_MAGIC | OPENDOCA_BUF_LIVE | generation)) {
		*buf = desc;
		return OPENDOCA_BUF_VALID;
	}
	if ((tag & ~(OPENDOCA_BUF_LIVE | OPENDOCA_BUF_GEN_MASK)) == OPENDOCA_BUF_MAGIC &&
	    (tag & OPENDOCA_BUF_GEN_MASK) == ((generation + 1) & OPENDOCA_BUF_GEN_MASK))
		return OPENDOCA_BUF_RELEASED;
	return OPENDOCA_BUF_INVALID;
}

/*
 * The buffer a program's pointer names, for public function func: NULL, after
 * opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, ...), when it names no live buffer.
 */
OPENDOCA_PRIVATE struct opendoca_buf *opendoca_buf_get(const struct doca_buf *buf, const char *func);

/* The pointer a program gets for a live descriptor. */
static inline struct doca_buf *opendoca_buf_pointer(const struct opendoca_buf *buf)
{
	uint32_t tag = atomic_load_explicit(&buf->tag, memory_order_relaxed);

	return (struct doca_buf *)((uintptr_t)buf | (tag & OPENDOCA_BUF_GEN_MASK));
}

/* ---------------------------------------------------------------------------------------------- */
/* Stores: the descriptors an inventory or a pool owns                                            */
/* ---------------------------------------------------------------------------------------------- */

/* A run of descriptors taken from the arena. */
struct opendoca_buf_extent {
	struct opendoca_buf_extent *next;
	size_t first; /* index of its first descriptor in the arena */
	size_t count;
};

struct opendoca_buf_store {
	struct opendoca_object *owner; /* the inventory or pool: each buffer out holds it */
	struct opendoca_buf *free;     /* the free descriptors */
	uint32_t num_elements;
	uint32_t num_free;
	struct opendoca_buf_extent *extents;
	bool started;
};

/* Adds count descriptors to store (taken from the arena): DOCA_ERROR_NO_MEMORY when it is full. */
doca_error_t opendoca_buf_store_grow(struct opendoca_buf_store *store, uint32_t count, const char *func);
/* Gives all of store's descriptors back to the arena (every buffer is back). */
void opendoca_buf_store_release(struct opendoca_buf_store *store);
/*
 * A new buffer from store over [head, head + len) of mmap with data [data, data + data_len): the
 * caller checked the ranges; the map must be started and hold the range (its error otherwise:
 * opendoca_mmap_buf_ref). DOCA_ERROR_NO_MEMORY (inventories) or DOCA_ERROR_EMPTY (pools, as empty)
 * when no descriptor is free. Nothing is touched on failure.
 */
doca_error_t opendoca_buf_store_take(struct opendoca_buf_store *store, struct opendoca_mmap *mmap, void *head,
				     size_t len, void *data, size_t data_len, doca_error_t empty,
				     struct opendoca_buf **buf, const char *func);
/* The same for a pool's store: the descriptor keeps the element it was bound to (data = head, empty). */
doca_error_t opendoca_buf_store_take_bound(struct opendoca_buf_store *store, struct opendoca_mmap *mmap,
					   struct opendoca_buf **buf, const char *func);
/* Calls bind(buf, index, arg) for each of store's descriptors, all free, in the order they were added. */
void opendoca_buf_store_each(struct opendoca_buf_store *store,
			     void (*bind)(struct opendoca_buf *buf, size_t index, void *arg), void *arg);
/* Returns buf (a single buffer, unlinked from any list) to its store. */
void opendoca_buf_store_put(struct opendoca_buf *buf);

/* ---------------------------------------------------------------------------------------------- */
/* Inventories (buf_inventory*.c) and pools (buf_pool*.c)                                         */
/* ---------------------------------------------------------------------------------------------- */

struct opendoca_inventory {
	struct opendoca_object object;
	struct opendoca_buf_store store;
	union doca_data user_data;
	char *name; /* 1.x */
};

extern const struct opendoca_kind opendoca_inventory_kind __attribute__((visibility("hidden")));

struct opendoca_inventory *opendoca_inventory_get(const struct doca_buf_inventory *inventory, const char *func);
/* Creates an inventory of num elements (extensions: 2.2's and 1.x's, none defined but 0). */
doca_error_t opendoca_inventory_create(const char *name, const union doca_data *user_data, size_t num,
				       uint32_t extensions, struct doca_buf_inventory **inventory, const char *func);
/* A buffer over [addr, addr + len) of mmap with data [data, data + data_len), from inventory. */
doca_error_t opendoca_inventory_buf_get(struct doca_buf_inventory *inventory, struct doca_mmap *mmap, void *addr,
					size_t len, void *data, size_t data_len, struct doca_buf **buf,
					const char *func);
/* A duplicate of list src_buf (every buffer of it) from inventory. */
doca_error_t opendoca_inventory_buf_dup(struct doca_buf_inventory *inventory, const struct doca_buf *src_buf,
					struct doca_buf **dst_buf, const char *func);

struct opendoca_pool {
	struct opendoca_object object;
	struct opendoca_buf_store store; /* its descriptors, each bound to one element at start */
	struct opendoca_mmap *mmap;      /* held */
	size_t elem_size;
	size_t alignment;
	union doca_data user_data;
};

extern const struct opendoca_kind opendoca_pool_kind __attribute__((visibility("hidden")));

struct opendoca_pool *opendoca_pool_get(const void *pool, const char *func);
/* Creates a pool of num elements of elem_size bytes over mmap's range (a handle for *pool). */
doca_error_t opendoca_pool_create(const union doca_data *user_data, size_t num, size_t elem_size, size_t alignment,
				  const struct doca_mmap *mmap, void **pool, const char *func);
/* The pool's calls every release shares (pool is a program's handle). */
doca_error_t opendoca_pool_destroy(void *pool, const char *func);
doca_error_t opendoca_pool_start(void *pool, const char *func);
doca_error_t opendoca_pool_stop(void *pool, const char *func);
doca_error_t opendoca_pool_buf_alloc(void *pool, struct doca_buf **buf, const char *func);
enum opendoca_pool_value {
	OPENDOCA_POOL_NUM_ELEMENTS,
	OPENDOCA_POOL_NUM_FREE,
	OPENDOCA_POOL_ALIGNMENT,
	OPENDOCA_POOL_USER_DATA,
};
doca_error_t opendoca_pool_read(const void *pool, enum opendoca_pool_value what, void *out, const char *func);

/* ---------------------------------------------------------------------------------------------- */
/* Operations every release's spelling shares (buf.c)                                             */
/* ---------------------------------------------------------------------------------------------- */

/* Drops a reference to the list buf heads (*before: the count before); the last returns every buffer. */
doca_error_t opendoca_buf_dec(const struct doca_buf *buf, uint16_t *before, const char *func);
doca_error_t opendoca_buf_inc(const struct doca_buf *buf, uint16_t *before, const char *func);
doca_error_t opendoca_buf_refcount(const struct doca_buf *buf, uint16_t *refcount, const char *func);
doca_error_t opendoca_buf_head(const struct doca_buf *buf, void **head, const char *func);
doca_error_t opendoca_buf_len(const struct doca_buf *buf, size_t *len, const char *func);
/* Appends list2 to list1 (both heads of lists, list2 with one reference). */
doca_error_t opendoca_buf_chain(struct doca_buf *list1, struct doca_buf *list2, const char *func);
/* Splits list1 before list2, an element of it after its first. */
doca_error_t opendoca_buf_unchain(struct doca_buf *list1, struct doca_buf *list2, const char *func);
/* Where buf stands in its list. */
enum opendoca_buf_place {
	OPENDOCA_BUF_FIRST,
	OPENDOCA_BUF_LAST,
	OPENDOCA_BUF_IN_LIST,
};
doca_error_t opendoca_buf_is(const struct doca_buf *buf, enum opendoca_buf_place place, bool *answer, const char *func);
doca_error_t opendoca_buf_next(struct doca_buf *buf, struct doca_buf **next, const char *func);
doca_error_t opendoca_buf_last(struct doca_buf *buf, struct doca_buf **last, const char *func);
doca_error_t opendoca_buf_list_len(const struct doca_buf *buf, uint32_t *num, const char *func);

/* ---------------------------------------------------------------------------------------------- */
/* Buffer arrays (buf_array*.c)                                                                   */
/* ---------------------------------------------------------------------------------------------- */

struct opendoca_dpa;

struct opendoca_buf_arr {
	struct opendoca_object object;
	struct opendoca_mmap *mmap; /* held; NULL until the parameters are set */
	uint64_t num_elem;
	size_t elem_size;
	uint64_t start_offset;
	struct opendoca_dpa *dpa; /* the target (held) */
	bool started;
	bool ever_started;
	uint64_t dpa_table; /* started: the table's DPA address (buf_array_dpa.h) */
};

extern const struct opendoca_kind opendoca_buf_arr_kind __attribute__((visibility("hidden")));

struct opendoca_buf_arr *opendoca_buf_arr_get(const struct doca_buf_arr *buf_arr, const char *func);
/* Creates an array of num_elem elements (0: set later, by 2.2's set_params), over mmap if given. */
doca_error_t opendoca_buf_arr_create(uint64_t num_elem, struct doca_mmap *mmap, struct doca_buf_arr **buf_arr,
				     const char *func);
/* Sets the parameters of a stopped array: mmap (NULL: keeps its own), elements, offset in the map. */
doca_error_t opendoca_buf_arr_set_params(struct doca_buf_arr *buf_arr, struct doca_mmap *mmap, uint64_t num_elem,
					 size_t elem_size, uint64_t start_offset, const char *func);
/* The DPA address of a started array's table. */
doca_error_t opendoca_buf_arr_dpa_handle(const struct doca_buf_arr *buf_arr, uint64_t *handle, const char *func);

#endif /* OPENDOCA_COMMON_BUF_H */
