/* The live-handle registry: an open-addressing hash set of (pointer, kind). */
#include "handle.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

struct slot {
	const void *object; /* NULL: empty; TOMBSTONE: removed */
	enum handle_kind kind;
};

#define TOMBSTONE ((const void *)1)
#define MIN_CAPACITY 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct slot *slots;
static size_t capacity; /* a power of two */
static size_t used;     /* live entries plus tombstones */

static size_t hash(const void *object)
{
	uint64_t x = (uint64_t)(uintptr_t)object;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (size_t)x;
}

/* The slot holding object, or the empty slot where it would go. */
static struct slot *find(struct slot *table, size_t cap, const void *object)
{
	struct slot *reusable = NULL;

	for (size_t i = hash(object) & (cap - 1);; i = (i + 1) & (cap - 1)) {
		if (table[i].object == object)
			return &table[i];
		if (table[i].object == TOMBSTONE && !reusable)
			reusable = &table[i];
		if (!table[i].object)
			return reusable ? reusable : &table[i];
	}
}

static bool grow(void)
{
	size_t new_cap = capacity ? capacity * 2 : MIN_CAPACITY;
	struct slot *table = calloc(new_cap, sizeof(*table));

	if (!table)
		return false;
	used = 0;
	for (size_t i = 0; i < capacity; i++) {
		if (slots[i].object && slots[i].object != TOMBSTONE) {
			*find(table, new_cap, slots[i].object) = slots[i];
			used++;
		}
	}
	free(slots);
	slots = table;
	capacity = new_cap;
	return true;
}

bool handle_add(const void *object, enum handle_kind kind)
{
	bool ok = true;

	pthread_mutex_lock(&lock);
	if ((used + 1) * 2 > capacity)
		ok = grow();
	if (ok) {
		struct slot *s = find(slots, capacity, object);

		if (!s->object)
			used++;
		s->object = object;
		s->kind = kind;
	}
	pthread_mutex_unlock(&lock);
	return ok;
}

void handle_remove(const void *object)
{
	pthread_mutex_lock(&lock);
	if (capacity) {
		struct slot *s = find(slots, capacity, object);

		if (s->object == object)
			s->object = TOMBSTONE;
	}
	pthread_mutex_unlock(&lock);
}

bool handle_is(const void *object, enum handle_kind kind)
{
	bool live = false;

	if (!object || object == TOMBSTONE)
		return false;
	pthread_mutex_lock(&lock);
	if (capacity) {
		struct slot *s = find(slots, capacity, object);

		live = s->object == object && s->kind == kind;
	}
	pthread_mutex_unlock(&lock);
	return live;
}
