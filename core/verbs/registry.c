/*
 * The registry of simulated objects, keyed by the address the program holds.  Every entry
 * point looks a handle up here before dereferencing it: a live simulated object is served
 * here, a destroyed one is refused (it must never reach rdma-core, which would read our
 * memory as its own), and anything else goes to rdma-core only if it looks like a real object.
 */
#include "verbs_internal.h"

#include <errno.h>
#include <stdlib.h>

pthread_mutex_t sim_lock = PTHREAD_MUTEX_INITIALIZER;

/* Destroyed objects stay allocated and registered as dead until this many others have been
 * destroyed after them; a pointer older than that is forgotten (and treated as foreign). */
#define QUARANTINE_SIZE 1024

#define TAG_KIND_MASK 0xffu
#define TAG_DEAD 0x100u

struct quarantined {
	const void *handle;
	void *allocation;
};

static struct sim_map registry;
static struct sim_map keys;
static struct quarantined quarantine[QUARANTINE_SIZE];
static size_t quarantine_next; /* oldest entry once the ring has wrapped */

static const struct {
	const char *name;
	const char *destroyed; /* what destroying this kind is called */
} kinds[] = {
	[SIM_DEVICE_LIST] = {"device list", "freed"},
	[SIM_DEVICE] = {"device", "removed"},
	[SIM_CONTEXT] = {"context", "closed"},
	[SIM_PD] = {"protection domain", "deallocated"},
	[SIM_MR] = {"memory region", "deregistered"},
	[SIM_UAR] = {"devx UAR", "freed"},
};

bool sim_registry_add(const void *handle, enum sim_kind kind, void *object)
{
	return sim_map_put(&registry, (uintptr_t)handle, object, kind);
}

void sim_registry_retire(const void *handle, void *allocation)
{
	struct sim_map_slot *slot = sim_map_find(&registry, (uintptr_t)handle);
	struct quarantined *oldest = &quarantine[quarantine_next];

	slot->tag |= TAG_DEAD;
	slot->value = NULL;
	if (oldest->handle) {
		sim_map_remove(&registry, (uintptr_t)oldest->handle);
		free(oldest->allocation);
	}
	*oldest = (struct quarantined){handle, allocation};
	quarantine_next = (quarantine_next + 1) % QUARANTINE_SIZE;
}

static bool is_real(enum sim_kind kind, const void *handle)
{
	switch (kind) {
	case SIM_DEVICE:
		return real_is_device(handle);
	case SIM_CONTEXT:
		return real_is_context(handle);
	case SIM_PD:
	case SIM_MR:
		return real_is_owned(handle);
	case SIM_UAR:
		return real_uar_known(handle);
	case SIM_DEVICE_LIST: /* every list a program holds came from us */
		break;
	}
	return false;
}

enum sim_route sim_route(const char *function, const void *handle, enum sim_kind kind,
			 void **object, bool real_exists)
{
	const char *name = kinds[kind].name;
	struct sim_map_slot *slot;
	uint32_t tag;

	if (!handle) {
		sim_err(function, "%s is NULL", name);
		errno = EINVAL;
		return SIM_ROUTE_REFUSED;
	}
	pthread_mutex_lock(&sim_lock);
	slot = sim_map_find(&registry, (uintptr_t)handle);
	if (slot && slot->tag == kind) {
		*object = slot->value;
		return SIM_ROUTE_SIMULATED;
	}
	tag = slot ? slot->tag : 0;
	pthread_mutex_unlock(&sim_lock);

	errno = EINVAL;
	if (tag == (kind | TAG_DEAD)) {
		sim_err(function, "%s %p was already %s", name, handle, kinds[kind].destroyed);
	} else if (tag) {
		sim_err(function, "%p is a %s simulated %s, not a %s", handle,
			tag & TAG_DEAD ? "destroyed" : "live", kinds[tag & TAG_KIND_MASK].name, name);
	} else if (!is_real(kind, handle)) {
		sim_err(function, "%p is neither a simulated nor a real rdma-core %s", handle, name);
	} else if (!real_exists) {
		sim_err(function, "rdma-core does not provide this call for the real %s %p", name,
			handle);
		errno = EOPNOTSUPP;
	} else {
		return SIM_ROUTE_REAL;
	}
	return SIM_ROUTE_REFUSED;
}

bool sim_registry_lookup(const void *handle, enum sim_kind kind, void **object)
{
	struct sim_map_slot *slot = handle ? sim_map_find(&registry, (uintptr_t)handle) : NULL;

	if (!slot || slot->tag != kind)
		return false;
	*object = slot->value;
	return true;
}

static uint64_t key_of(int device, uint32_t key)
{
	return (uint64_t)(device + 1) << 32 | key; /* never 0, so a valid map key */
}

bool sim_key_add(int device, uint32_t key, struct sim_mr *mr)
{
	return sim_map_put(&keys, key_of(device, key), mr, 0);
}

void sim_key_remove(int device, uint32_t key)
{
	sim_map_remove(&keys, key_of(device, key));
}

struct sim_mr *sim_key_find(int device, uint32_t key)
{
	struct sim_map_slot *slot = sim_map_find(&keys, key_of(device, key));

	return slot ? slot->value : NULL;
}
