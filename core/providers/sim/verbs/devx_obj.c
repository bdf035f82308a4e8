/*
 * DEVX objects: those create commands make (devx_cmd.c: flow counters; devx_transport.c and
 * devx_queue.c: the NIC's objects), which mlx5dv_devx_obj_destroy destroys, and wrappers
 * (flexio_verbs_devx_obj_create / _release / _id) that stand for an object the device's
 * integrator made itself and owns: a DPA thread (flexio_event_handler_get_thread_obj), whose
 * PRM is not public. All are registered like every simulated object, so the mlx5dv_devx_obj_*
 * entry points recognise them: mlx5dv_devx_obj_destroy refuses a wrapper (EBUSY: its owner
 * destroys what it stands for).
 */
#include "devx_prm.h"
#include "dr_internal.h"

#include <stdlib.h>

struct verbs_devx_obj *verbs_devx_obj_new(struct verbs_ctx *context, uint32_t type, uint32_t id)
{
	struct verbs_devx_obj *obj = calloc(1, sizeof(*obj));

	if (!obj || !verbs_registry_add(obj, VERBS_DEVX_OBJ, obj)) {
		free(obj);
		return NULL;
	}
	obj->context = context;
	obj->type = type;
	obj->id = id;
	context->object_count++;
	return obj;
}

VERBS_EXPORT struct mlx5dv_devx_obj *flexio_verbs_devx_obj_create(struct ibv_context *context, uint32_t type,
								  uint32_t id)
{
	struct verbs_devx_obj *obj;
	struct verbs_ctx *sim;

	VERBS_DELEGATE(flexio_verbs_devx_obj_create, (context, type, id));
	pthread_mutex_lock(&verbs_lock);
	if (!verbs_registry_lookup(context, VERBS_CONTEXT, (void **)&sim)) {
		pthread_mutex_unlock(&verbs_lock);
		errno = EINVAL;
		return NULL;
	}
	obj = verbs_devx_obj_new(sim, type, id);
	pthread_mutex_unlock(&verbs_lock);
	if (!obj)
		errno = ENOMEM;
	return (struct mlx5dv_devx_obj *)obj;
}

void verbs_devx_obj_destroy(struct verbs_devx_obj *obj)
{
	/* a NIC object left at close (users before what they use: context.c) */
	if (obj->nic && verbs_devx_nic_destroy(obj))
		verbs_err("ibv_close_device",
			  "devx object %p (type 0x%x, id 0x%x) is still used on the NIC: left there", (void *)obj,
			  obj->type, obj->id);
	/* a counter still counting for an action of another context (this one is being closed)
	 * is freed with the last such action */
	if (obj->counter && !obj->counter->users)
		verbs_flow_counter_free(obj->counter);
	else if (obj->counter)
		obj->counter->orphan = true;
	obj->context->object_count--;
	verbs_registry_retire(obj, obj);
}

VERBS_EXPORT void flexio_verbs_devx_obj_release(struct mlx5dv_devx_obj *obj)
{
	struct verbs_devx_obj *sim;

	VERBS_DELEGATE_VOID(flexio_verbs_devx_obj_release, (obj));
	pthread_mutex_lock(&verbs_lock);
	if (verbs_registry_lookup(obj, VERBS_DEVX_OBJ, (void **)&sim))
		verbs_devx_obj_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
}

VERBS_EXPORT uint32_t flexio_verbs_devx_obj_id(const struct mlx5dv_devx_obj *obj)
{
	struct verbs_devx_obj *sim;
	uint32_t id = UINT32_MAX;

	VERBS_DELEGATE(flexio_verbs_devx_obj_id, (obj));
	pthread_mutex_lock(&verbs_lock);
	if (verbs_registry_lookup(obj, VERBS_DEVX_OBJ, (void **)&sim))
		id = sim->id;
	pthread_mutex_unlock(&verbs_lock);
	return id;
}

/* Returns 0 or an errno value: EBUSY for a wrapper (libflexio destroys what it stands for) or
 * a flow counter steering actions count in. */
VERBS_EXPORT int mlx5dv_devx_obj_destroy(struct mlx5dv_devx_obj *obj)
{
	__typeof__(&mlx5dv_devx_obj_destroy) real = VERBS_REAL(mlx5dv_devx_obj_destroy);
	struct verbs_devx_obj *sim;
	uint32_t type, id;

	VERBS_DELEGATE(mlx5dv_devx_obj_destroy, (obj));
	switch (verbs_route(__func__, obj, VERBS_DEVX_OBJ, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(obj);
	default:
		return errno;
	}
	if (sim->counter && !sim->counter->users) {
		verbs_devx_obj_destroy(sim);
		pthread_mutex_unlock(&verbs_lock);
		return 0;
	}
	if (sim->counter) {
		verbs_dr_refuse(__func__, EBUSY, "flow counter %p is used by %u steering action(s)", (void *)obj,
				sim->counter->users);
		return EBUSY;
	}
	if (sim->nic) {
		if (verbs_devx_nic_destroy(sim)) {
			verbs_dr_refuse(__func__, EBUSY, "devx object %p (type 0x%x, id 0x%x) is in use: %s",
					(void *)obj, sim->type, sim->id, verbs_devx_users(sim));
			return EBUSY;
		}
		verbs_devx_obj_destroy(sim);
		pthread_mutex_unlock(&verbs_lock);
		return 0;
	}
	type = sim->type;
	id = sim->id;
	pthread_mutex_unlock(&verbs_lock);
	verbs_err(__func__,
		  "devx object %p (type 0x%x, id 0x%x) stands for a FlexIO object: destroy that "
		  "instead",
		  (void *)obj, type, id);
	return errno = EBUSY;
}
