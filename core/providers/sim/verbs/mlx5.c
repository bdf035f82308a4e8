/*
 * The mlx5 direct-verbs calls a simulated device answers itself: it is an mlx5 device
 * (mlx5dv_is_supported), opens with mlx5dv_open_device (with or without DEVX), reports its
 * mlx5 context (mlx5dv_query_device) and gives the PD number of a simulated protection
 * domain (mlx5dv_init_obj).  devx UARs are in uar.c; every other mlx5dv_* call fails cleanly
 * on a simulated object (generic.c).
 */
#include "verbs_internal.h"

#include <errno.h>
#include <string.h>

VERBS_EXPORT bool mlx5dv_is_supported(struct ibv_device *device)
{
	__typeof__(&mlx5dv_is_supported) real = VERBS_REAL(mlx5dv_is_supported);
	void *sim;

	VERBS_DELEGATE(mlx5dv_is_supported, (device));
	switch (verbs_route(__func__, device, VERBS_DEVICE, &sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock);
		return true;
	case VERBS_ROUTE_REAL:
		return real(device);
	default:
		return false;
	}
}

/* rdma-core's VFIO devices: real ones, listed outside ibv_get_device_list; the list is freed
 * with ibv_free_device_list. */
VERBS_EXPORT struct ibv_device **mlx5dv_get_vfio_device_list(struct mlx5dv_vfio_context_attr *attr)
{
	__typeof__(&mlx5dv_get_vfio_device_list) real = VERBS_REAL(mlx5dv_get_vfio_device_list);
	struct ibv_device **list;

	VERBS_DELEGATE(mlx5dv_get_vfio_device_list, (attr));
	if (!real) {
		verbs_err(__func__, "rdma-core lacks this call");
		errno = EOPNOTSUPP;
		return NULL;
	}
	if (!attr) {
		verbs_err(__func__, "attr is NULL");
		errno = EINVAL;
		return NULL;
	}
	list = real(attr);
	if (list) {
		real_devices_learn(list);
		real_remember(VERBS_DEVICE_LIST, list);
	}
	return list;
}

VERBS_EXPORT struct ibv_context *mlx5dv_open_device(struct ibv_device *device, struct mlx5dv_context_attr *attr)
{
	__typeof__(&mlx5dv_open_device) real = VERBS_REAL(mlx5dv_open_device);
	struct verbs_device *sim;

	VERBS_DELEGATE(mlx5dv_open_device, (device, attr));
	switch (verbs_route(__func__, device, VERBS_DEVICE, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock); /* devices live forever */
		break;
	case VERBS_ROUTE_REAL:
		return real(device, attr);
	default:
		return NULL;
	}
	/* as libmlx5: no extension is defined; DEVX is what the simulated device offers anyway */
	if (attr && (attr->comp_mask || (attr->flags & ~(uint32_t)MLX5DV_CONTEXT_FLAGS_DEVX))) {
		verbs_err(__func__,
			  "attr->comp_mask 0x%llx or attr->flags 0x%x asks for what the "
			  "simulated device does not know",
			  (unsigned long long)attr->comp_mask, attr->flags);
		errno = EINVAL;
		return NULL;
	}
	return verbs_open(__func__, sim);
}

/* Returns 0 or an errno value. */
VERBS_EXPORT int mlx5dv_query_device(struct ibv_context *ctx_in, struct mlx5dv_context *attrs_out)
{
	__typeof__(&mlx5dv_query_device) real = VERBS_REAL(mlx5dv_query_device);
	void *sim;

	VERBS_DELEGATE(mlx5dv_query_device, (ctx_in, attrs_out));
	switch (verbs_route(__func__, ctx_in, VERBS_CONTEXT, &sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock);
		break;
	case VERBS_ROUTE_REAL:
		return real(ctx_in, attrs_out);
	default:
		return errno;
	}
	if (!attrs_out) {
		verbs_err(__func__, "attrs_out is NULL");
		return errno = EINVAL;
	}
	/* the optional parts asked for in comp_mask are not reported: comp_mask comes back 0 */
	memset(attrs_out, 0, sizeof(*attrs_out));
	attrs_out->version = 1;
	attrs_out->flags =
		MLX5DV_CONTEXT_FLAGS_CQE_V1 | MLX5DV_CONTEXT_FLAGS_MPW_ALLOWED | MLX5DV_CONTEXT_FLAGS_ENHANCED_MPW;
	attrs_out->num_lag_ports = 1;
	return 0;
}

/* The objects mlx5dv_init_obj can be asked about, in mlx5dv_obj_type order. */
static const struct {
	uint64_t type;
	enum verbs_kind kind;
} obj_kinds[] = {
	{ MLX5DV_OBJ_QP, VERBS_QP },  { MLX5DV_OBJ_CQ, VERBS_CQ }, { MLX5DV_OBJ_SRQ, VERBS_SRQ },
	{ MLX5DV_OBJ_RWQ, VERBS_WQ }, { MLX5DV_OBJ_DM, VERBS_DM }, { MLX5DV_OBJ_AH, VERBS_AH },
	{ MLX5DV_OBJ_PD, VERBS_PD },
};

static const void *obj_in(const struct mlx5dv_obj *obj, uint64_t type)
{
	switch (type) {
	case MLX5DV_OBJ_QP:
		return obj->qp.in;
	case MLX5DV_OBJ_CQ:
		return obj->cq.in;
	case MLX5DV_OBJ_SRQ:
		return obj->srq.in;
	case MLX5DV_OBJ_RWQ:
		return obj->rwq.in;
	case MLX5DV_OBJ_DM:
		return obj->dm.in;
	case MLX5DV_OBJ_AH:
		return obj->ah.in;
	default:
		return obj->pd.in;
	}
}

/*
 * Routes every object asked about: all real ones go to libmlx5 in one call; a simulated PD
 * gets its PD number (its handle); the simulator has no other mlx5 objects.  Returns 0 or an
 * errno value.
 */
VERBS_EXPORT int mlx5dv_init_obj(struct mlx5dv_obj *obj, uint64_t obj_type)
{
	__typeof__(&mlx5dv_init_obj) real = VERBS_REAL(mlx5dv_init_obj);
	uint64_t known = 0, simulated = 0;
	struct verbs_pd *pd = NULL;

	VERBS_DELEGATE(mlx5dv_init_obj, (obj, obj_type));
	if (!obj) {
		verbs_err(__func__, "obj is NULL");
		return errno = EINVAL;
	}
	for (size_t i = 0; i < sizeof(obj_kinds) / sizeof(obj_kinds[0]); i++) {
		void *sim;

		known |= obj_kinds[i].type;
		if (!(obj_type & obj_kinds[i].type))
			continue;
		switch (verbs_route(__func__, obj_in(obj, obj_kinds[i].type), obj_kinds[i].kind, &sim, real != NULL)) {
		case VERBS_ROUTE_SIMULATED:
			pthread_mutex_unlock(&verbs_lock);
			if (obj_kinds[i].kind != VERBS_PD) {
				/* their mlx5 layouts (rings, doorbells) are the simulator's own */
				verbs_err(__func__, "mlx5dv_init_obj of a simulated %s is not supported",
					  verbs_kind_name(obj_kinds[i].kind));
				return errno = EOPNOTSUPP;
			}
			pd = sim;
			simulated |= obj_kinds[i].type;
			break;
		case VERBS_ROUTE_REAL:
			break;
		default:
			return errno;
		}
	}
	if (obj_type & ~known) {
		verbs_err(__func__, "obj_type 0x%llx has unknown bits", (unsigned long long)(obj_type & ~known));
		return errno = EINVAL;
	}
	if (!simulated) {
		if (!real) {
			verbs_err(__func__, "rdma-core lacks this call");
			return errno = EOPNOTSUPP;
		}
		return real(obj, obj_type);
	}
	if (simulated != obj_type) {
		verbs_err(__func__, "a simulated protection domain and real rdma-core objects in one call");
		return errno = EINVAL;
	}
	if (!obj->pd.out) {
		verbs_err(__func__, "obj->pd.out is NULL");
		return errno = EINVAL;
	}
	pthread_mutex_lock(&verbs_lock);
	/* the PD may have gone between the check and now: look again */
	if (!verbs_registry_lookup(obj->pd.in, VERBS_PD, (void **)&pd)) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "protection domain %p was deallocated meanwhile", (void *)obj->pd.in);
		return errno = EINVAL;
	}
	obj->pd.out->pdn = pd->ibv.handle;
	obj->pd.out->comp_mask = 0;
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}
