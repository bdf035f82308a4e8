/*
 * DOCA buffers (doca_buf.h, 2.5 and later; buf_v2_2.c and buf_v1_4.c spell the older forms): the
 * descriptor arena, the stores inventories and pools hand buffers out of, reference counts and
 * lists. buf.h says how a buffer pointer is checked without a handle.
 */
#include "doca_buf.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "buf.h"
#include "mmap.h"
#include "private.h"

/* ---------------------------------------------------------------------------------------------- */
/* The arena                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

uintptr_t opendoca_buf_arena_base;
_Atomic size_t opendoca_buf_arena_committed;

/* Committed in steps of this many bytes, so that growing stores do not call mprotect often. */
#define COMMIT_STEP (2u << 20)

static pthread_once_t arena_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t arena_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t arena_capacity;                  /* descriptors the range holds */
static size_t arena_used;                      /* descriptors ever handed to a store (the high mark) */
static struct opendoca_buf_extent *arena_free; /* runs given back, by address, merged when adjacent */

/* The largest range it can get, from 64 GiB (512 Mi descriptors) down: address space only. */
static void arena_reserve(void)
{
	for (unsigned bits = 36; bits >= 24; bits--) {
		void *at = mmap(NULL, (size_t)1 << bits, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

		if (at != MAP_FAILED) {
			opendoca_buf_arena_base = (uintptr_t)at;
			arena_capacity = ((size_t)1 << bits) / OPENDOCA_BUF_SIZE;
			return;
		}
	}
}

/* Makes the first `end` descriptors readable and writable, under arena_lock. */
static bool arena_commit_locked(size_t end)
{
	size_t committed = atomic_load_explicit(&opendoca_buf_arena_committed, memory_order_relaxed);
	size_t want = end * OPENDOCA_BUF_SIZE, limit = arena_capacity * OPENDOCA_BUF_SIZE;

	if (want <= committed)
		return true;
	want = (want + COMMIT_STEP - 1) / COMMIT_STEP * COMMIT_STEP;
	if (want > limit)
		want = limit;
	if (mprotect((void *)(opendoca_buf_arena_base + committed), want - committed, PROT_READ | PROT_WRITE))
		return false;
	/* Published once readable: a check seeing the new size may read any descriptor below it. */
	atomic_store_explicit(&opendoca_buf_arena_committed, want, memory_order_release);
	return true;
}

/* A run of count descriptors: a freed run first (first fit), else fresh ones; false when full. */
static bool arena_take(size_t count, size_t *first)
{
	struct opendoca_buf_extent **link, *run;
	bool taken = false;

	pthread_once(&arena_once, arena_reserve);
	pthread_mutex_lock(&arena_lock);
	for (link = &arena_free; (run = *link); link = &run->next)
		if (run->count >= count)
			break;
	if (run) {
		*first = run->first;
		run->first += count;
		run->count -= count;
		if (!run->count) {
			*link = run->next;
			free(run);
		}
		taken = true;
	} else if (count <= arena_capacity - arena_used && arena_commit_locked(arena_used + count)) {
		*first = arena_used;
		arena_used += count;
		taken = true;
	}
	pthread_mutex_unlock(&arena_lock);
	return taken;
}

/* Gives a run back: it joins the free runs, merged with its neighbours. Takes ownership of run. */
static void arena_give(struct opendoca_buf_extent *run)
{
	struct opendoca_buf_extent *prev = NULL, *next;

	pthread_mutex_lock(&arena_lock);
	for (next = arena_free; next && next->first < run->first; next = next->next)
		prev = next;
	if (next && run->first + run->count == next->first) {
		run->count += next->count;
		run->next = next->next;
		free(next);
	} else {
		run->next = next;
	}
	if (prev && prev->first + prev->count == run->first) {
		prev->count += run->count;
		prev->next = run->next;
		free(run);
	} else if (prev) {
		prev->next = run;
	} else {
		arena_free = run;
	}
	pthread_mutex_unlock(&arena_lock);
}

static struct opendoca_buf *arena_at(size_t index)
{
	return (struct opendoca_buf *)(opendoca_buf_arena_base + index * OPENDOCA_BUF_SIZE);
}

/* ---------------------------------------------------------------------------------------------- */
/* Stores                                                                                         */
/* ---------------------------------------------------------------------------------------------- */

doca_error_t opendoca_buf_store_grow(struct opendoca_buf_store *store, uint32_t count, const char *func)
{
	struct opendoca_buf_extent *run = malloc(sizeof(*run));

	if (!run)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for %u buffers", count);
	if (!arena_take(count, &run->first)) {
		free(run);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no room for %u more buffers in the process", count);
	}
	run->count = count;
	run->next = store->extents;
	store->extents = run;
	for (size_t i = run->first + count; i-- > run->first;) {
		struct opendoca_buf *buf = arena_at(i);
		uint32_t tag = atomic_load_explicit(&buf->tag, memory_order_relaxed);

		/*
		 * A descriptor keeps its generation from store to store, so that a pointer kept from its
		 * last life stays stale; a fresh one (zero) gets the magic number.
		 */
		if ((tag & ~(OPENDOCA_BUF_LIVE | OPENDOCA_BUF_GEN_MASK)) != OPENDOCA_BUF_MAGIC)
			tag = OPENDOCA_BUF_MAGIC;
		atomic_store_explicit(&buf->tag, tag & ~OPENDOCA_BUF_LIVE, memory_order_relaxed);
		buf->store = store;
		buf->next = store->free;
		store->free = buf;
	}
	store->num_elements += count;
	store->num_free += count;
	return DOCA_SUCCESS;
}

void opendoca_buf_store_release(struct opendoca_buf_store *store)
{
	struct opendoca_buf_extent *run, *next;

	for (run = store->extents; run; run = next) {
		next = run->next;
		arena_give(run);
	}
	store->extents = NULL;
	store->free = NULL;
	store->num_elements = store->num_free = 0;
}

/* Hands store's first free descriptor out as a buffer of mmap (whose buffer count it now has). */
static struct opendoca_buf *hand_out(struct opendoca_buf_store *store, struct opendoca_mmap *mmap)
{
	struct opendoca_buf *buf = store->free;

	store->free = buf->next;
	store->num_free--;
	opendoca_handle_hold(store->owner);
	buf->refcount = 1;
	buf->chained = 0;
	buf->list_len = 1;
	buf->mmap = mmap;
	buf->next = NULL;
	buf->last = buf;
	atomic_store_explicit(&buf->tag, atomic_load_explicit(&buf->tag, memory_order_relaxed) | OPENDOCA_BUF_LIVE,
			      memory_order_release);
	return buf;
}

doca_error_t opendoca_buf_store_take(struct opendoca_buf_store *store, struct opendoca_mmap *mmap, void *head,
				     size_t len, void *data, size_t data_len, doca_error_t empty,
				     struct opendoca_buf **out, const char *func)
{
	struct opendoca_buf *buf;
	doca_error_t err;

	if (!store->free)
		return opendoca_fail(empty, func, "all %u buffers are taken", store->num_elements);
	err = opendoca_mmap_buf_ref(mmap, (uint64_t)(uintptr_t)head, len, func);
	if (err)
		return err;
	buf = hand_out(store, mmap);
	buf->head = head;
	buf->len = len;
	buf->data = data;
	buf->data_len = data_len;
	*out = buf;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_store_take_bound(struct opendoca_buf_store *store, struct opendoca_mmap *mmap,
					   struct opendoca_buf **out, const char *func)
{
	struct opendoca_buf *buf = store->free;
	doca_error_t err;

	if (!buf)
		return opendoca_fail(DOCA_ERROR_EMPTY, func, "all %u buffers are taken", store->num_elements);
	err = opendoca_mmap_buf_ref(mmap, (uint64_t)(uintptr_t)buf->head, buf->len, func);
	if (err)
		return err;
	buf = hand_out(store, mmap);
	buf->data = buf->head;
	buf->data_len = 0;
	*out = buf;
	return DOCA_SUCCESS;
}

void opendoca_buf_store_each(struct opendoca_buf_store *store,
			     void (*bind)(struct opendoca_buf *buf, size_t index, void *arg), void *arg)
{
	size_t index = 0;

	for (struct opendoca_buf_extent *run = store->extents; run; run = run->next)
		for (size_t i = 0; i < run->count; i++)
			bind(arena_at(run->first + i), index++, arg);
}

void opendoca_buf_store_put(struct opendoca_buf *buf)
{
	struct opendoca_buf_store *store = buf->store;
	uint32_t tag = atomic_load_explicit(&buf->tag, memory_order_relaxed);

	opendoca_mmap_buf_unref(buf->mmap);
	buf->mmap = NULL;
	/* The next generation, not live: every pointer to this buffer is now refused. */
	atomic_store_explicit(&buf->tag, OPENDOCA_BUF_MAGIC | ((tag + 1) & OPENDOCA_BUF_GEN_MASK),
			      memory_order_release);
	buf->next = store->free;
	store->free = buf;
	store->num_free++;
	/* Last: the owner may go with this reference (a destroyed inventory waiting for its buffers). */
	opendoca_handle_put(store->owner);
}

/* ---------------------------------------------------------------------------------------------- */
/* Checking pointers                                                                              */
/* ---------------------------------------------------------------------------------------------- */

/* Why pointer names no buffer, for func (the rare path, out of line). */
static __attribute__((noinline)) struct opendoca_buf *refuse(const struct doca_buf *pointer,
							     enum opendoca_buf_state state, const char *func)
{
	if (state == OPENDOCA_BUF_RELEASED)
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
			      "buffer %p was returned to its inventory (its reference count reached 0)",
			      (void *)pointer);
	else
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not a live DOCA buffer", (void *)pointer);
	return NULL;
}

/* The buffer pointer names, or NULL after opendoca_fail (inlined where the data path calls). */
static inline struct opendoca_buf *buf_of(const struct doca_buf *pointer, const char *func)
{
	struct opendoca_buf *buf;
	enum opendoca_buf_state state = opendoca_buf_check(pointer, &buf);

	if (__builtin_expect(state == OPENDOCA_BUF_VALID, 1))
		return buf;
	return refuse(pointer, state, func);
}

struct opendoca_buf *opendoca_buf_get(const struct doca_buf *pointer, const char *func)
{
	return buf_of(pointer, func);
}

static doca_error_t null_output(const char *func, const char *what)
{
	return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", what);
}

/* ---------------------------------------------------------------------------------------------- */
/* Reference counts                                                                               */
/* ---------------------------------------------------------------------------------------------- */

/* A list's first buffer, for a call that takes one: DOCA_ERROR_NOT_PERMITTED for another. */
static doca_error_t first_of_list(const struct opendoca_buf *buf, const char *func)
{
	if (buf->chained)
		return opendoca_fail(
			DOCA_ERROR_NOT_PERMITTED, func,
			"buffer %p is not the first of its list (its list's first buffer counts references)",
			(void *)opendoca_buf_pointer(buf));
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_dec(const struct doca_buf *pointer, uint16_t *before, const char *func)
{
	struct opendoca_buf *buf, *next;
	enum opendoca_buf_state state = opendoca_buf_check(pointer, &buf);

	if (state == OPENDOCA_BUF_RELEASED)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "buffer %p: its reference count is already 0",
				     (void *)pointer);
	if (state != OPENDOCA_BUF_VALID) {
		refuse(pointer, state, func);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (first_of_list(buf, func))
		return DOCA_ERROR_NOT_PERMITTED;
	if (before)
		*before = buf->refcount;
	if (--buf->refcount)
		return DOCA_SUCCESS;
	/* The last reference to the list: every buffer of it goes back to its store. */
	for (; buf; buf = next) {
		next = buf->next;
		buf->next = NULL;
		buf->chained = 0;
		opendoca_buf_store_put(buf);
	}
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_inc(const struct doca_buf *pointer, uint16_t *before, const char *func)
{
	struct opendoca_buf *buf = buf_of(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (first_of_list(buf, func))
		return DOCA_ERROR_NOT_PERMITTED;
	if (buf->refcount == UINT16_MAX)
		return opendoca_fail(DOCA_ERROR_TOO_BIG, func, "buffer %p already has %u references", (void *)pointer,
				     UINT16_MAX);
	if (before)
		*before = buf->refcount;
	buf->refcount++;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_refcount(const struct doca_buf *pointer, uint16_t *refcount, const char *func)
{
	struct opendoca_buf *buf = buf_of(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!refcount)
		return null_output(func, "refcount");
	*refcount = buf->refcount;
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_dec_refcount(struct doca_buf *buf, uint16_t *refcount)
{
	return opendoca_buf_dec(buf, refcount, __func__);
}

doca_error_t doca_buf_inc_refcount(struct doca_buf *buf, uint16_t *refcount)
{
	return opendoca_buf_inc(buf, refcount, __func__);
}

doca_error_t doca_buf_get_refcount(const struct doca_buf *buf, uint16_t *refcount)
{
	return opendoca_buf_refcount(buf, refcount, __func__);
}

/* ---------------------------------------------------------------------------------------------- */
/* Head, length and data: the data path                                                           */
/* ---------------------------------------------------------------------------------------------- */

doca_error_t opendoca_buf_head(const struct doca_buf *pointer, void **head, const char *func)
{
	struct opendoca_buf *buf = buf_of(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!head)
		return null_output(func, "head");
	*head = buf->head;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_len(const struct doca_buf *pointer, size_t *len, const char *func)
{
	struct opendoca_buf *buf = buf_of(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!len)
		return null_output(func, "len");
	*len = buf->len;
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_get_head(const struct doca_buf *buf, void **head)
{
	return opendoca_buf_head(buf, head, __func__);
}

doca_error_t doca_buf_get_len(const struct doca_buf *buf, size_t *len)
{
	return opendoca_buf_len(buf, len, __func__);
}

doca_error_t doca_buf_get_data(const struct doca_buf *pointer, void **data)
{
	struct opendoca_buf *buf = buf_of(pointer, __func__);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!data)
		return null_output(__func__, "data");
	*data = buf->data;
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_get_data_len(const struct doca_buf *pointer, size_t *data_len)
{
	struct opendoca_buf *buf = buf_of(pointer, __func__);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!data_len)
		return null_output(__func__, "data_len");
	*data_len = buf->data_len;
	return DOCA_SUCCESS;
}

/* Whether [data, data + data_len) lies in buf's [head, head + len) (addresses as numbers: they may not be ours). */
static bool data_fits(const struct opendoca_buf *buf, uintptr_t data, size_t data_len)
{
	uintptr_t head = (uintptr_t)buf->head;

	return data >= head && data - head <= buf->len && data_len <= buf->len - (data - head);
}

static doca_error_t outside(const struct opendoca_buf *buf, uintptr_t data, size_t data_len, const char *func)
{
	return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "data [%#lx, +%zu) is outside buffer %p [%p, +%zu)",
			     (unsigned long)data, data_len, (void *)opendoca_buf_pointer(buf), buf->head, buf->len);
}

doca_error_t doca_buf_set_data(struct doca_buf *pointer, void *data, size_t data_len)
{
	struct opendoca_buf *buf = buf_of(pointer, __func__);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!data)
		return null_output(__func__, "data");
	if (!data_fits(buf, (uintptr_t)data, data_len))
		return outside(buf, (uintptr_t)data, data_len, __func__);
	buf->data = data;
	buf->data_len = data_len;
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_set_data_len(struct doca_buf *pointer, size_t data_len)
{
	struct opendoca_buf *buf = buf_of(pointer, __func__);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!data_fits(buf, (uintptr_t)buf->data, data_len))
		return outside(buf, (uintptr_t)buf->data, data_len, __func__);
	buf->data_len = data_len;
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_reset_data_len(struct doca_buf *pointer)
{
	struct opendoca_buf *buf = buf_of(pointer, __func__);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	buf->data_len = 0;
	return DOCA_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* Lists                                                                                          */
/* ---------------------------------------------------------------------------------------------- */

/* Appends list2 to list1 whose last buffer is tail: both heads (checked), list2 with one reference. */
static doca_error_t chain(struct opendoca_buf *list1, struct opendoca_buf *list2, const char *func)
{
	if (list1 == list2)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "a list cannot be appended to itself (%p)",
				     (void *)opendoca_buf_pointer(list1));
	if (list2->refcount != 1)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				     "the appended list %p has %u references (it must have 1)",
				     (void *)opendoca_buf_pointer(list2), list2->refcount);
	list1->last->next = list2;
	list1->last = list2->last;
	list1->list_len += list2->list_len;
	list2->chained = 1;
	list2->last = NULL;
	list2->list_len = 0;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_chain(struct doca_buf *pointer1, struct doca_buf *pointer2, const char *func)
{
	struct opendoca_buf *list1 = buf_of(pointer1, func), *list2;

	if (!list1)
		return DOCA_ERROR_INVALID_VALUE;
	list2 = buf_of(pointer2, func);
	if (!list2)
		return DOCA_ERROR_INVALID_VALUE;
	if (first_of_list(list1, func) || first_of_list(list2, func))
		return DOCA_ERROR_NOT_PERMITTED;
	return chain(list1, list2, func);
}

doca_error_t opendoca_buf_unchain(struct doca_buf *pointer1, struct doca_buf *pointer2, const char *func)
{
	struct opendoca_buf *list1 = buf_of(pointer1, func), *list2, *prev;
	uint32_t position = 1;

	if (!list1)
		return DOCA_ERROR_INVALID_VALUE;
	list2 = buf_of(pointer2, func);
	if (!list2)
		return DOCA_ERROR_INVALID_VALUE;
	if (first_of_list(list1, func))
		return DOCA_ERROR_NOT_PERMITTED;
	for (prev = list1; prev->next && prev->next != list2; prev = prev->next)
		position++;
	if (!prev->next)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "buffer %p is not after the first of list %p",
				     (void *)pointer2, (void *)pointer1);
	prev->next = NULL;
	list2->chained = 0;
	list2->refcount = 1;
	list2->last = list1->last;
	list2->list_len = list1->list_len - position;
	list1->last = prev;
	list1->list_len = position;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_is(const struct doca_buf *pointer, enum opendoca_buf_place place, bool *answer,
			     const char *func)
{
	struct opendoca_buf *buf = buf_of(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!answer)
		return null_output(func, "the answer");
	switch (place) {
	case OPENDOCA_BUF_FIRST:
		*answer = !buf->chained;
		break;
	case OPENDOCA_BUF_LAST:
		*answer = !buf->next;
		break;
	case OPENDOCA_BUF_IN_LIST:
		/* In a list with other buffers. */
		*answer = buf->chained || buf->next;
		break;
	}
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_next(struct doca_buf *pointer, struct doca_buf **next, const char *func)
{
	struct opendoca_buf *buf = buf_of(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!next)
		return null_output(func, "next_buf");
	*next = buf->next ? opendoca_buf_pointer(buf->next) : NULL;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_last(struct doca_buf *pointer, struct doca_buf **last, const char *func)
{
	struct opendoca_buf *buf = buf_of(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!last)
		return null_output(func, "last_buf");
	if (!buf->chained) {
		buf = buf->last;
	} else {
		while (buf->next)
			buf = buf->next;
	}
	*last = opendoca_buf_pointer(buf);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_buf_list_len(const struct doca_buf *pointer, uint32_t *num, const char *func)
{
	struct opendoca_buf *buf = buf_of(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (!num)
		return null_output(func, "num_elements");
	if (first_of_list(buf, func))
		return DOCA_ERROR_NOT_PERMITTED;
	*num = buf->list_len;
	return DOCA_SUCCESS;
}

doca_error_t doca_buf_chain_list(struct doca_buf *list1, struct doca_buf *list2)
{
	return opendoca_buf_chain(list1, list2, __func__);
}

doca_error_t doca_buf_chain_list_tail(struct doca_buf *list1_head, struct doca_buf *list1_tail, struct doca_buf *list2)
{
	struct opendoca_buf *head = buf_of(list1_head, __func__), *tail, *list2_buf;

	if (!head)
		return DOCA_ERROR_INVALID_VALUE;
	tail = buf_of(list1_tail, __func__);
	if (!tail)
		return DOCA_ERROR_INVALID_VALUE;
	list2_buf = buf_of(list2, __func__);
	if (!list2_buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (first_of_list(head, __func__) || first_of_list(list2_buf, __func__))
		return DOCA_ERROR_NOT_PERMITTED;
	/* The tail the caller gives saves the walk; it must be the list's. */
	if (head->last != tail)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "buffer %p is not the last of list %p",
				     (void *)list1_tail, (void *)list1_head);
	return chain(head, list2_buf, __func__);
}

doca_error_t doca_buf_unchain_list(struct doca_buf *list1, struct doca_buf *list2)
{
	return opendoca_buf_unchain(list1, list2, __func__);
}

doca_error_t doca_buf_get_last_in_list(struct doca_buf *buf, struct doca_buf **last_buf)
{
	return opendoca_buf_last(buf, last_buf, __func__);
}

doca_error_t doca_buf_get_next_in_list(struct doca_buf *buf, struct doca_buf **next_buf)
{
	return opendoca_buf_next(buf, next_buf, __func__);
}

doca_error_t doca_buf_get_list_len(const struct doca_buf *buf, uint32_t *num_elements)
{
	return opendoca_buf_list_len(buf, num_elements, __func__);
}

static doca_error_t is_u8(const struct doca_buf *buf, enum opendoca_buf_place place, uint8_t *answer, const char *func)
{
	bool yes;
	doca_error_t err;

	if (!answer)
		return null_output(func, "the answer");
	err = opendoca_buf_is(buf, place, &yes, func);
	if (!err)
		*answer = yes;
	return err;
}

doca_error_t doca_buf_is_first_in_list(const struct doca_buf *buf, uint8_t *is_first)
{
	return is_u8(buf, OPENDOCA_BUF_FIRST, is_first, __func__);
}

doca_error_t doca_buf_is_last_in_list(const struct doca_buf *buf, uint8_t *is_last)
{
	return is_u8(buf, OPENDOCA_BUF_LAST, is_last, __func__);
}

doca_error_t doca_buf_is_in_list(const struct doca_buf *buf, uint8_t *is_in_list)
{
	return is_u8(buf, OPENDOCA_BUF_IN_LIST, is_in_list, __func__);
}
