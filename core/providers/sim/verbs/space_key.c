/*
 * Space keys (flexio_verbs_space_key_create / _destroy): memory keys libflexio makes over
 * memory that no MR covers (a DPA process's memory), answered by a struct flexio_verbs_space.
 * They come from the device's key space (sim_key_next), so they never collide with an MR's,
 * and sit in the same lock-free key table the NIC's mkey_reach reads (nic.c).
 */
#include "verbs_internal.h"

#define SUPPORTED_ACCESS \
	(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC)

SIM_EXPORT int flexio_verbs_space_key_create(const struct ibv_pd *pd, struct flexio_verbs_space *space, uint64_t addr,
					     uint64_t length, unsigned int access, uint32_t *key)
{
	struct sim_device *device;
	struct sim_pd *sim;
	uint32_t new_key;

	SIM_DELEGATE(flexio_verbs_space_key_create, (pd, space, addr, length, access, key));
	if (!space || !space->reach || !key || addr + length < addr || (access & ~(unsigned int)SUPPORTED_ACCESS))
		return -EINVAL;
	pthread_mutex_lock(&sim_lock);
	if (!sim_registry_lookup(pd, SIM_PD, (void **)&sim)) {
		pthread_mutex_unlock(&sim_lock);
		return -EINVAL;
	}
	device = sim->context->device;
	new_key = sim_key_next(device);
	if (!sim_table_write(&device->keys, new_key >> 8,
			     &(struct sim_slot){ .tag = new_key,
						 .pd = sim->ibv.handle,
						 .access = access,
						 .start = addr,
						 .length = length,
						 .space = (uintptr_t)space,
						 .holder = sim })) {
		pthread_mutex_unlock(&sim_lock);
		return -ENOMEM;
	}
	sim->users++; /* ibv_dealloc_pd answers EBUSY while the key lives */
	*key = new_key;
	pthread_mutex_unlock(&sim_lock);
	return 0;
}

SIM_EXPORT int flexio_verbs_space_key_destroy(const struct ibv_pd *pd, uint32_t key)
{
	struct sim_slot *slot;
	struct sim_pd *sim;
	int rc = -ENOENT;

	SIM_DELEGATE(flexio_verbs_space_key_destroy, (pd, key));
	pthread_mutex_lock(&sim_lock);
	if (sim_registry_lookup(pd, SIM_PD, (void **)&sim)) {
		struct sim_table *keys = &sim->context->device->keys;

		slot = sim_table_slot(keys, key >> 8);
		if (slot && slot->holder && __atomic_load_n(&slot->tag, __ATOMIC_RELAXED) == key) {
			slot->holder->users--;
			sim_table_clear(keys, key >> 8);
			rc = 0;
		}
	}
	pthread_mutex_unlock(&sim_lock);
	if (!rc) /* the space's memory may go once this returns */
		sim_table_quiesce();
	return rc;
}

/* The PD goes with its context (ibv_close_device): so do its space keys. */
void sim_space_keys_drop(struct sim_pd *pd)
{
	struct sim_table *keys = &pd->context->device->keys;

	for (uint32_t chunk = 0; chunk < 1u << SIM_TABLE_BITS; chunk++) {
		if (!keys->chunks[chunk])
			continue;
		for (uint32_t i = 0; i < 1u << SIM_TABLE_BITS; i++) {
			uint32_t index = chunk << SIM_TABLE_BITS | i;

			if (keys->chunks[chunk][i].holder == pd)
				sim_table_clear(keys, index);
		}
	}
}
