/*
 * The registry of simulated objects, keyed by the address the program holds.  Every entry
 * point looks a handle up here before dereferencing it: a live simulated object is served
 * here, a destroyed one is refused (it must never reach rdma-core, which would read our
 * memory as its own), and anything else goes to rdma-core only if it looks like a real object.
 */
#include "dr_internal.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

pthread_mutex_t verbs_lock = PTHREAD_MUTEX_INITIALIZER;

/* Destroyed objects stay allocated and registered as dead until this many others have been
 * destroyed after them; a pointer older than that is forgotten (and treated as foreign). */
#define QUARANTINE_SIZE 1024

#define TAG_KIND_MASK 0xffu
#define TAG_DEAD 0x100u

struct quarantined {
	const void *handle;
	void *allocation;
};

static struct verbs_map registry;
static struct verbs_map keys;
static struct quarantined quarantine[QUARANTINE_SIZE];
static size_t quarantine_next; /* oldest entry once the ring has wrapped */

/* How an unknown pointer of a kind is recognised as rdma-core's (real.c). */
enum real_rule {
	REAL_NEVER,      /* nothing of this kind is rdma-core's */
	REAL_DEVICE,     /* listed by rdma-core */
	REAL_CONTEXT,    /* its device was listed by rdma-core */
	REAL_OWNED,      /* its context field (at .offset) is a real context */
	REAL_REMEMBERED, /* remembered from allocation to free */
	REAL_OPAQUE,     /* an mlx5dv object without a readable owner: real when real devices exist */
};

#define OWNED(type, field) REAL_OWNED, offsetof(type, field)

static const struct {
	const char *name;
	const char *destroyed; /* what destroying this kind is called */
	enum real_rule rule;
	size_t offset;
} kinds[VERBS_KIND_COUNT] = {
	/* rdma-core's device lists are inside ours, but for mlx5dv_get_vfio_device_list's */
	[VERBS_DEVICE_LIST] = { "device list", "freed", REAL_REMEMBERED, 0 },
	[VERBS_DEVICE] = { "device", "removed", REAL_DEVICE, 0 },
	[VERBS_CONTEXT] = { "context", "closed", REAL_CONTEXT, 0 },
	[VERBS_PD] = { "protection domain", "deallocated", OWNED(struct ibv_pd, context) },
	[VERBS_MR] = { "memory region", "deregistered", OWNED(struct ibv_mr, context) },
	[VERBS_UAR] = { "devx UAR", "freed", REAL_REMEMBERED, 0 },
	[VERBS_CQ] = { "completion queue", "destroyed", OWNED(struct ibv_cq, context) },
	[VERBS_QP] = { "queue pair", "destroyed", OWNED(struct ibv_qp, context) },
	[VERBS_SRQ] = { "shared receive queue", "destroyed", OWNED(struct ibv_srq, context) },
	[VERBS_WQ] = { "work queue", "destroyed", OWNED(struct ibv_wq, context) },
	[VERBS_AH] = { "address handle", "destroyed", OWNED(struct ibv_ah, context) },
	[VERBS_MW] = { "memory window", "deallocated", OWNED(struct ibv_mw, context) },
	[VERBS_XRCD] = { "XRC domain", "closed", OWNED(struct ibv_xrcd, context) },
	[VERBS_COMP_CHANNEL] = { "completion channel", "destroyed", OWNED(struct ibv_comp_channel, context) },
	[VERBS_TD] = { "thread domain", "deallocated", OWNED(struct ibv_td, context) },
	[VERBS_RWQ_IND_TABLE] = { "RWQ indirection table", "destroyed", OWNED(struct ibv_rwq_ind_table, context) },
	[VERBS_COUNTERS] = { "counters object", "destroyed", OWNED(struct ibv_counters, context) },
	[VERBS_DM] = { "device memory", "freed", OWNED(struct ibv_dm, context) },
	[VERBS_FLOW_ACTION] = { "flow action", "destroyed", OWNED(struct ibv_flow_action, context) },
	[VERBS_FLOW] = { "flow", "destroyed", OWNED(struct ibv_flow, context) },
	[VERBS_QP_EX] = { "extended queue pair", "destroyed", OWNED(struct ibv_qp_ex, qp_base.context) },
	[VERBS_MLX5_QP_EX] = { "mlx5dv extended queue pair", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DEVX_OBJ] = { "devx object", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DEVX_UMEM] = { "devx umem", "deregistered", REAL_OPAQUE, 0 },
	[VERBS_DEVX_EVENT_CHANNEL] = { "devx event channel", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DEVX_CMD_COMP] = { "devx command completion", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DEVX_EQ] = { "devx event queue", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DEVX_MSI_VECTOR] = { "devx MSI vector", "freed", REAL_OPAQUE, 0 },
	[VERBS_VAR] = { "VAR", "freed", REAL_OPAQUE, 0 },
	[VERBS_PP] = { "packet pacing entry", "freed", REAL_OPAQUE, 0 },
	[VERBS_FLOW_MATCHER] = { "flow matcher", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_MKEY] = { "mlx5dv mkey", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DEK] = { "data encryption key", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_CRYPTO_LOGIN] = { "crypto login object", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_SCHED_NODE] = { "scheduling node", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_SCHED_LEAF] = { "scheduling leaf", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_STEERING_ANCHOR] = { "steering anchor", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DR_DOMAIN] = { "steering domain", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DR_TABLE] = { "steering table", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DR_MATCHER] = { "steering matcher", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DR_RULE] = { "steering rule", "destroyed", REAL_OPAQUE, 0 },
	[VERBS_DR_ACTION] = { "steering action", "destroyed", REAL_OPAQUE, 0 },
};

const char *verbs_kind_name(enum verbs_kind kind)
{
	return kind > 0 && kind < VERBS_KIND_COUNT ? kinds[kind].name : "object";
}

bool verbs_registry_add(const void *handle, enum verbs_kind kind, void *object)
{
	return verbs_map_put(&registry, (uintptr_t)handle, object, kind);
}

void verbs_registry_retire(const void *handle, void *allocation)
{
	struct verbs_map_slot *slot = verbs_map_find(&registry, (uintptr_t)handle);
	struct quarantined *oldest = &quarantine[quarantine_next];

	slot->tag |= TAG_DEAD;
	slot->value = NULL;
	if (oldest->handle) {
		verbs_map_remove(&registry, (uintptr_t)oldest->handle);
		free(oldest->allocation);
	}
	*oldest = (struct quarantined){ handle, allocation };
	quarantine_next = (quarantine_next + 1) % QUARANTINE_SIZE;
}

static bool is_real(enum verbs_kind kind, const void *handle)
{
	switch (kinds[kind].rule) {
	case REAL_DEVICE:
		return real_is_device(handle);
	case REAL_CONTEXT:
		return real_is_context(handle);
	case REAL_OWNED:
		return real_is_owned(handle, kinds[kind].offset);
	case REAL_REMEMBERED:
		return real_remembered(kind, handle);
	case REAL_OPAQUE:
		return real_any_device();
	case REAL_NEVER:
		break;
	}
	return false;
}

/* The simulated device whose live context an object's context field names (an object a
 * program made up, or one of a kind the simulator does not make yet), copied to name. */
static bool owner_name(enum verbs_kind kind, const void *handle, char *name, size_t size)
{
	struct verbs_ctx *context;
	void *field;
	bool found;

	if (kinds[kind].rule != REAL_OWNED || !real_read_pointer(handle, kinds[kind].offset, &field))
		return false;
	pthread_mutex_lock(&verbs_lock);
	found = verbs_registry_lookup(field, VERBS_CONTEXT, (void **)&context);
	if (found)
		snprintf(name, size, "%s", context->device->ibv.name);
	pthread_mutex_unlock(&verbs_lock);
	return found;
}

enum verbs_route verbs_route(const char *function, const void *handle, enum verbs_kind kind, void **object,
			     bool real_exists)
{
	char owner[IBV_SYSFS_NAME_MAX];

	const char *name = kinds[kind].name;
	struct verbs_map_slot *slot;
	uint32_t tag;

	if (!handle) {
		verbs_err(function, "%s is NULL", name);
		errno = EINVAL;
		return VERBS_ROUTE_REFUSED;
	}
	pthread_mutex_lock(&verbs_lock);
	slot = verbs_map_find(&registry, (uintptr_t)handle);
	if (slot && slot->tag == kind) {
		*object = slot->value;
		return VERBS_ROUTE_SIMULATED;
	}
	tag = slot ? slot->tag : 0;
	pthread_mutex_unlock(&verbs_lock);

	errno = EINVAL;
	if (tag == (kind | TAG_DEAD)) {
		verbs_err(function, "%s %p was already %s", name, handle, kinds[kind].destroyed);
	} else if (tag) {
		verbs_err(function, "%p is a %s simulated %s, not a %s", handle, tag & TAG_DEAD ? "destroyed" : "live",
			  kinds[tag & TAG_KIND_MASK].name, name);
	} else if (!is_real(kind, handle)) {
		if (owner_name(kind, handle, owner, sizeof(owner)))
			verbs_err(function, "%p is no %s the simulated device %s made", handle, name, owner);
		else
			verbs_err(function, "%p is neither a simulated nor a real rdma-core %s", handle, name);
	} else if (!real_exists) {
		verbs_err(function, "rdma-core does not provide this call for the real %s %p", name, handle);
		errno = EOPNOTSUPP;
	} else {
		return VERBS_ROUTE_REAL;
	}
	return VERBS_ROUTE_REFUSED;
}

void verbs_registry_each(enum verbs_kind kind, void (*fn)(void *object, void *arg), void *arg)
{
	for (size_t i = 0; i < registry.capacity; i++)
		if (registry.slots[i].key && registry.slots[i].tag == kind)
			fn(registry.slots[i].value, arg);
}

struct verbs_device *verbs_device_of(enum verbs_kind kind, void *object)
{
	switch (kind) {
	case VERBS_DEVICE:
		return object;
	case VERBS_CONTEXT:
		return ((struct verbs_ctx *)object)->device;
	case VERBS_PD:
		return ((struct verbs_pd *)object)->context->device;
	case VERBS_MR:
		return ((struct verbs_mr *)object)->pd->context->device;
	case VERBS_UAR:
		return ((struct verbs_uar *)object)->context->device;
	case VERBS_CQ:
		return ((struct verbs_cq *)object)->context->device;
	case VERBS_QP:
		return ((struct verbs_qp *)object)->context->device;
	case VERBS_SRQ:
		return ((struct verbs_srq *)object)->context->device;
	case VERBS_AH:
		return ((struct verbs_ah *)object)->pd->context->device;
	case VERBS_COMP_CHANNEL:
		return ((struct verbs_channel *)object)->context->device;
	case VERBS_DEVX_UMEM:
		return ((struct verbs_umem *)object)->context->device;
	case VERBS_DEVX_OBJ:
		return ((struct verbs_devx_obj *)object)->context->device;
	case VERBS_DR_DOMAIN:
	case VERBS_DR_TABLE:
	case VERBS_DR_MATCHER:
	case VERBS_DR_RULE:
	case VERBS_DR_ACTION: {
		struct verbs_ctx *context = verbs_dr_context_of(kind, object);

		return context ? context->device : NULL;
	}
	default:
		return NULL;
	}
}

void verbs_unsupported(const char *function, enum verbs_kind kind, void *object)
{
	struct verbs_device *device = verbs_device_of(kind, object);
	char name[sizeof(device->ibv.name)] = "?";

	if (device)
		snprintf(name, sizeof(name), "%s", device->ibv.name);
	pthread_mutex_unlock(&verbs_lock);
	verbs_err(function, "the simulated device %s does not support this call (yet)", name);
	errno = EOPNOTSUPP;
}

bool verbs_registry_lookup(const void *handle, enum verbs_kind kind, void **object)
{
	struct verbs_map_slot *slot = handle ? verbs_map_find(&registry, (uintptr_t)handle) : NULL;

	if (!slot || slot->tag != kind)
		return false;
	*object = slot->value;
	return true;
}

static uint64_t key_of(int device, uint32_t key)
{
	return (uint64_t)(device + 1) << 32 | key; /* never 0, so a valid map key */
}

bool verbs_key_add(int device, uint32_t key, struct verbs_mr *mr)
{
	return verbs_map_put(&keys, key_of(device, key), mr, 0);
}

void verbs_key_remove(int device, uint32_t key)
{
	verbs_map_remove(&keys, key_of(device, key));
}

struct verbs_mr *verbs_key_find(int device, uint32_t key)
{
	struct verbs_map_slot *slot = verbs_map_find(&keys, key_of(device, key));

	return slot ? slot->value : NULL;
}
