/*
 * The handle table both libraries keep an instance of (core/common/handle_table.h): a handle
 * names its object until closed, a closed one is refused even once its slot and memory were
 * reused, references keep an object alive, kinds and tables are told apart, freed slots wait
 * for the threshold and are reused oldest first, and lookups racing a close never reach a freed
 * object (run under ThreadSanitizer too, label concurrency).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <pthread.h>

#include "handle_table.h"

enum {
	WIDGET = 1,
	GADGET
};

struct thing {
	uint32_t slot;
	int value;
};

static _Atomic int frees;

static void thing_free(void *object)
{
	atomic_fetch_add(&frees, 1);
	free(object);
}

static struct handle_table table = HANDLE_TABLE_INIT(thing_free);
static struct handle_table other_table = HANDLE_TABLE_INIT(thing_free);

static void *thing_new(struct handle_table *in, uintptr_t kind, int value, struct thing **out)
{
	struct thing *thing = calloc(1, sizeof(*thing));
	void *handle;

	assert_non_null(thing);
	thing->value = value;
	handle = handle_table_open(in, thing, kind, &thing->slot);
	assert_non_null(handle);
	if (out)
		*out = thing;
	return handle;
}

/* Closes a live handle and drops the call's reference and the object's own. */
static void thing_destroy(struct handle_table *in, void *handle, uintptr_t kind)
{
	uint32_t index = 0;
	struct thing *thing = handle_table_get(in, handle, kind, &index);

	assert_non_null(thing);
	assert_int_equal(index, thing->slot);
	assert_true(handle_table_close(in, index));
	handle_table_put(in, index);
	handle_table_put(in, index);
}

static void get_and_close(void **state)
{
	struct thing *thing, *got;
	uint32_t index = 0;
	int before = frees;
	void *handle = thing_new(&table, WIDGET, 7, &thing);

	assert_int_equal((uintptr_t)handle % HANDLE_TABLE_STRIDE, 0);
	got = handle_table_get(&table, handle, WIDGET, &index);
	assert_ptr_equal(got, thing);
	assert_ptr_equal(handle_table_handle_of(&table, index), handle);
	assert_true(handle_table_is_open(&table, index));
	handle_table_put(&table, index);
	/* Another kind, NULL, an address inside the range but off the stride, a plain pointer. */
	assert_null(handle_table_get(&table, handle, GADGET, &index));
	assert_null(handle_table_get(&table, NULL, WIDGET, &index));
	assert_null(handle_table_get(&table, (char *)handle + 1, WIDGET, &index));
	assert_null(handle_table_get(&table, thing, WIDGET, &index));
	thing_destroy(&table, handle, WIDGET);
	assert_int_equal(frees, before + 1);
	assert_null(handle_table_get(&table, handle, WIDGET, &index));
	(void)state;
}

static void reference_outlives_close(void **state)
{
	struct thing *thing;
	uint32_t index = 0, held = 0;
	int before = frees;
	void *handle = thing_new(&table, WIDGET, 1, &thing);

	assert_non_null(handle_table_get(&table, handle, WIDGET, &held));
	handle_table_hold(&table, held);
	thing_destroy(&table, handle, WIDGET);
	/* Closed: refused, and a second close loses; the object lives while referenced. */
	assert_null(handle_table_get(&table, handle, WIDGET, &index));
	assert_false(handle_table_close(&table, held));
	assert_false(handle_table_is_open(&table, held));
	assert_int_equal(thing->value, 1);
	handle_table_put(&table, held);
	assert_int_equal(frees, before);
	handle_table_put(&table, held);
	assert_int_equal(frees, before + 1);
	(void)state;
}

/* Each library's table is its own: its own range, so one's handles name nothing in another. */
static void tables_are_apart(void **state)
{
	uint32_t index = 0;
	void *mine = thing_new(&table, WIDGET, 1, NULL);
	void *theirs = thing_new(&other_table, WIDGET, 2, NULL);

	assert_ptr_not_equal(mine, theirs);
	assert_null(handle_table_get(&other_table, mine, WIDGET, &index));
	assert_null(handle_table_get(&table, theirs, WIDGET, &index));
	thing_destroy(&table, mine, WIDGET);
	thing_destroy(&other_table, theirs, WIDGET);
	(void)state;
}

/* A test's own table, emptied: its chunk goes with it (a library's lives as long as the library). */
static void table_drop(struct handle_table *fresh)
{
	free(atomic_load(&fresh->chunks[0]));
	pthread_mutex_destroy(&fresh->lock);
}

/*
 * Freed slots are reused only once HANDLE_TABLE_REUSE_THRESHOLD wait, oldest first, with the
 * next generation: the first handle closed is refused though its slot now names a new object.
 */
static void stale_handle_refused_after_reuse(void **state)
{
	enum {
		N = HANDLE_TABLE_REUSE_THRESHOLD
	};
	struct handle_table fresh = HANDLE_TABLE_INIT(thing_free);
	void **handles = calloc(N, sizeof(*handles));
	struct thing *first, *reused;
	uint32_t first_slot, index = 0;
	void *handle;

	assert_non_null(handles);
	for (unsigned i = 0; i < N; i++)
		handles[i] = thing_new(&fresh, WIDGET, (int)i, i ? NULL : &first);
	first_slot = first->slot;
	for (unsigned i = 0; i < N; i++)
		thing_destroy(&fresh, handles[i], WIDGET);
	handle = thing_new(&fresh, WIDGET, -1, &reused);
	assert_int_equal(reused->slot, first_slot);
	assert_ptr_not_equal(handle, handles[0]);
	for (unsigned i = 0; i < N; i++)
		assert_null(handle_table_get(&fresh, handles[i], WIDGET, &index));
	assert_ptr_equal(handle_table_get(&fresh, handle, WIDGET, &index), reused);
	handle_table_put(&fresh, index);
	thing_destroy(&fresh, handle, WIDGET);
	free(handles);
	table_drop(&fresh);
	(void)state;
}

/* Before the threshold a freed slot waits: the next object gets a fresh one. */
static void freed_slot_waits(void **state)
{
	struct handle_table fresh = HANDLE_TABLE_INIT(thing_free);
	struct thing *a, *b;
	void *handle = thing_new(&fresh, WIDGET, 1, &a);
	uint32_t a_slot = a->slot;

	thing_destroy(&fresh, handle, WIDGET);
	handle = thing_new(&fresh, GADGET, 2, &b);
	assert_int_not_equal(b->slot, a_slot);
	thing_destroy(&fresh, handle, GADGET);
	table_drop(&fresh);
	(void)state;
}

/* Lookups racing the close of the handle they look up: each either gets the live object or NULL. */
struct race {
	void *handle;
	_Atomic int go;
};

static void *looker(void *arg)
{
	struct race *race = arg;
	uint32_t index = 0;

	while (!atomic_load(&race->go))
		;
	for (int i = 0; i < 10000; i++) {
		struct thing *thing = handle_table_get(&table, race->handle, WIDGET, &index);

		if (!thing)
			break;
		assert_int_equal(thing->value, 42);
		handle_table_put(&table, index);
	}
	return NULL;
}

static void lookups_race_close(void **state)
{
	for (int round = 0; round < 50; round++) {
		struct race race = { thing_new(&table, WIDGET, 42, NULL), 0 };
		pthread_t threads[3];

		for (int i = 0; i < 3; i++)
			assert_int_equal(pthread_create(&threads[i], NULL, looker, &race), 0);
		atomic_store(&race.go, 1);
		thing_destroy(&table, race.handle, WIDGET);
		for (int i = 0; i < 3; i++)
			pthread_join(threads[i], NULL);
	}
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(get_and_close),    cmocka_unit_test(reference_outlives_close),
		cmocka_unit_test(tables_are_apart), cmocka_unit_test(stale_handle_refused_after_reuse),
		cmocka_unit_test(freed_slot_waits), cmocka_unit_test(lookups_race_close),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
