/*
 * Space keys (flexio_verbs_space_key_create / _destroy): memory keys libflexio makes over
 * memory that no MR covers (a DPA process's memory), answered by a struct flexio_verbs_space.
 * They come from the device's key space (verbs_key_next), so they never collide with an MR's,
 * and sit in the same lock-free key table the NIC's mkey_reach reads (nic.c).
 */
#include "verbs_internal.h"

#define SUPPORTED_ACCESS \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC)

VERBS_EXPORT int flexio_verbs_space_key_create(const struct ibv_pd *pd, struct flexio_verbs_space *space, uint64_t addr,
					       uint64_t length, unsigned int access, uint32_t *key)
{
	struct verbs_device *device;
	struct verbs_pd *sim;
	uint32_t new_key;

	VERBS_DELEGATE(flexio_verbs_space_key_create, (pd, space, addr, length, access, key));
	if (!space || !space->reach || !key || addr + length < addr || (access & ~(unsigned int)SUPPORTED_ACCESS))
		return -EINVAL;
	pthread_mutex_lock(&verbs_lock);
	if (!verbs_registry_lookup(pd, VERBS_PD, (void **)&sim)) {
		pthread_mutex_unlock(&verbs_lock);
		return -EINVAL;
	}
	device = sim->context->device;
	new_key = verbs_key_next(device);
	if (!verbs_table_write(&device->keys, new_key >> 8,
			       &(struct verbs_slot){ .tag = new_key,
						     .pd = sim->ibv.handle,
						     .access = access,
						     .start = addr,
						     .length = length,
						     .space = (uintptr_t)space,
						     .holder = sim })) {
		pthread_mutex_unlock(&verbs_lock);
		return -ENOMEM;
	}
	sim->users++; /* ibv_dealloc_pd answers EBUSY while the key lives */
	*key = new_key;
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

VERBS_EXPORT int flexio_verbs_space_key_destroy(const struct ibv_pd *pd, uint32_t key)
{
	struct verbs_slot *slot;
	struct verbs_pd *sim;
	int rc = -ENOENT;

	VERBS_DELEGATE(flexio_verbs_space_key_destroy, (pd, key));
	pthread_mutex_lock(&verbs_lock);
	if (verbs_registry_lookup(pd, VERBS_PD, (void **)&sim)) {
		struct verbs_table *keys = &sim->context->device->keys;

		slot = verbs_table_slot(keys, key >> 8);
		if (slot && slot->holder && __atomic_load_n(&slot->tag, __ATOMIC_RELAXED) == key) {
			slot->holder->users--;
			verbs_table_clear(keys, key >> 8);
			rc = 0;
		}
	}
	pthread_mutex_unlock(&verbs_lock);
	if (!rc) /* the space's memory may go once this returns */
		verbs_table_quiesce();
	return rc;
}

/* The PD goes with its context (ibv_close_device): so do its space keys. */
void verbs_space_keys_drop(struct verbs_pd *pd)
{
	struct verbs_table *keys = &pd->context->device->keys;

	for (uint32_t chunk = 0; chunk < 1u << VERBS_TABLE_BITS; chunk++) {
		if (!keys->chunks[chunk])
			continue;
		for (uint32_t i = 0; i < 1u << VERBS_TABLE_BITS; i++) {
			uint32_t index = chunk << VERBS_TABLE_BITS | i;

			if (keys->chunks[chunk][i].holder == pd)
				verbs_table_clear(keys, index);
		}
	}
}
