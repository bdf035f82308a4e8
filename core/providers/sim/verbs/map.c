/*
 * A small open-addressing hash map (linear probing, backward-shift deletion, no tombstones).
 * The registry and the memory-key table are looked up on every call, so lookups must not
 * degrade with the number of objects a program has created and destroyed.
 */
#include "verbs_internal.h"

#include <stdlib.h>

#define MIN_CAPACITY 64

static size_t slot_of(const struct verbs_map *map, uint64_t key)
{
	/* splitmix64 finaliser: handles are 16-byte aligned addresses, keys are counters */
	key ^= key >> 30;
	key *= 0xbf58476d1ce4e5b9ULL;
	key ^= key >> 27;
	key *= 0x94d049bb133111ebULL;
	key ^= key >> 31;
	return key & (map->capacity - 1);
}

struct verbs_map_slot *verbs_map_find(const struct verbs_map *map, uint64_t key)
{
	if (!map->capacity || !key)
		return NULL;
	for (size_t i = slot_of(map, key);; i = (i + 1) & (map->capacity - 1)) {
		if (map->slots[i].key == key)
			return &map->slots[i];
		if (!map->slots[i].key)
			return NULL;
	}
}

static void place(struct verbs_map *map, struct verbs_map_slot slot)
{
	size_t i = slot_of(map, slot.key);

	while (map->slots[i].key)
		i = (i + 1) & (map->capacity - 1);
	map->slots[i] = slot;
}

static bool grow(struct verbs_map *map)
{
	size_t old_capacity = map->capacity;
	struct verbs_map_slot *old = map->slots;
	size_t capacity = old_capacity ? old_capacity * 2 : MIN_CAPACITY;
	struct verbs_map_slot *slots = calloc(capacity, sizeof(*slots));

	if (!slots)
		return false;
	map->slots = slots;
	map->capacity = capacity;
	for (size_t i = 0; i < old_capacity; i++)
		if (old[i].key)
			place(map, old[i]);
	free(old);
	return true;
}

bool verbs_map_put(struct verbs_map *map, uint64_t key, void *value, uint32_t tag)
{
	struct verbs_map_slot *slot = verbs_map_find(map, key);

	if (slot) {
		slot->value = value;
		slot->tag = tag;
		return true;
	}
	/* keep the load at most one half so probe runs stay short */
	if ((map->used + 1) * 2 > map->capacity && !grow(map))
		return false;
	place(map, (struct verbs_map_slot){ .key = key, .value = value, .tag = tag });
	map->used++;
	return true;
}

void verbs_map_remove(struct verbs_map *map, uint64_t key)
{
	struct verbs_map_slot *slot = verbs_map_find(map, key);
	size_t mask = map->capacity - 1;
	size_t hole, i;

	if (!slot)
		return;
	hole = (size_t)(slot - map->slots);
	/* shift back every following entry of the run whose home slot is not after the hole */
	for (i = (hole + 1) & mask; map->slots[i].key; i = (i + 1) & mask) {
		size_t home = slot_of(map, map->slots[i].key);

		if (((i - home) & mask) >= ((i - hole) & mask)) {
			map->slots[hole] = map->slots[i];
			hole = i;
		}
	}
	map->slots[hole] = (struct verbs_map_slot){ 0 };
	map->used--;
}
