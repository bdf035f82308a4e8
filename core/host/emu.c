/*
 * Emulated devices (the older edition's flexio_emu_db_to_cq_* and flexio_emulated_device_msix_*,
 * and the driver's side in flexio_ext.h): the emulated PCI functions a device manages, whose
 * queue doorbells become CQEs on a CQ (doorbell-to-CQ mappings) and whose MSI-X vectors the DPA
 * raises. What the device does is the provider's ("emulated devices", core/provider.h).
 *
 * Lifetimes: a mapping belongs to a device context, not to a process; it holds its CQ (and so
 * the CQ's process) until it is removed, so the CQ is never destroyed under it. An EQ-to-MSI-X
 * map and an MSI-X vector are children of their process, closed with it.
 *
 * This file is compiled as the older edition, so that its definitions are checked against the
 * declarations programs see; the structures it shares with the rest of the library hold none
 * whose layout differs between editions.
 */
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#include "queue.h"

#include "log.h"
#include "provider_table.h"

#include <infiniband/verbs.h>

#include <errno.h>
#include <stdlib.h>

/* A doorbell-to-CQ mapping (flexio_emu_db_to_cq_ctx). */
struct emu_db {
	struct handle_object handle; /* first: handle_get returns the object */
	const struct flexio_provider_ops *provider;
	struct provider_emu_db *device;
	struct queue_child *cq; /* held while the mapping lives */
	uint32_t id;
};

/* An EQ-to-MSI-X map (flexio_emu_device_msix_map): the EQs of an emulated function's vectors. */
struct msix_map {
	struct process_child child;    /* first: handle_get returns the object */
	struct ibv_device *ibv_device; /* the emulation manager's device */
	uint32_t vhca_id;
	uint16_t count; /* vectors 0 .. count - 1 */
	uint32_t eqns[FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS];
};

/* An MSI-X vector made raisable by a process (flexio_msix). */
struct msix {
	struct process_child child; /* first: handle_get returns the object */
	struct provider_msix *device;
	uint32_t cqn; /* the CQ made for it; 0 in direct mode */
	uint32_t eqn;
};

/* ---- doorbell-to-CQ mappings -------------------------------------------------------------- */

static void emu_db_free(struct handle_object *object)
{
	struct emu_db *db = (struct emu_db *)object;

	db->provider->emu_db_unmap(db->device);
	handle_put(&db->cq->child.handle);
	free(db);
}

FLEXIO_STABLE flexio_status flexio_emu_db_to_cq_map(struct ibv_context *ibv_ctx, uint32_t emu_dev_vhca_id,
						    uint32_t emu_dev_queue_id, flexio_cq *cq,
						    flexio_emu_db_to_cq_ctx **emu_db_to_cq_ctx)
{
	const struct flexio_provider_ops *provider;
	char err[PROVIDER_ERROR_MAX];
	struct queue_child *qc;
	struct emu_db *db;

	if (emu_db_to_cq_ctx)
		*emu_db_to_cq_ctx = NULL;
	provider = provider_for_arg(ibv_ctx, "ibv_ctx", __func__);
	if (!provider)
		return FLEXIO_STATUS_FAILED;
	if (!emu_db_to_cq_ctx) {
		flexio_err("emu_db_to_cq_ctx is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	qc = handle_get(cq, HANDLE_CQ, __func__);
	if (!qc)
		return FLEXIO_STATUS_FAILED;
	if (qc->q.provider != provider || qc->q.ibv_device != ibv_ctx->device) {
		flexio_err("CQ 0x%x is on %s, not on ibv_ctx's device %s: doorbells of an emulated function go to "
			   "a CQ of its emulation manager",
			   qc->q.number, qc->q.ibv_device->name, ibv_ctx->device->name);
		goto fail;
	}
	db = calloc(1, sizeof(*db));
	if (!db) {
		flexio_err("out of memory");
		goto fail;
	}
	/* Under the CQ's lock: a destroy of the CQ racing with this either comes first (the CQ is
	 * gone) or meets the mapping (the device refuses to destroy a mapped CQ). */
	if (!queue_lock_live(&qc->q, cq, __func__)) {
		free(db);
		goto fail;
	}
	db->device = provider->emu_db_map(ibv_ctx, emu_dev_vhca_id, emu_dev_queue_id, qc->q.number, &db->id, err,
					  sizeof(err));
	queue_unlock(&qc->q);
	if (!db->device) {
		flexio_err("cannot map queue %u of emulated function %u to CQ 0x%x: %s", emu_dev_queue_id,
			   emu_dev_vhca_id, qc->q.number, err);
		free(db);
		goto fail;
	}
	db->provider = provider;
	db->cq = qc; /* the reference handle_get took is the mapping's */
	*emu_db_to_cq_ctx = handle_open(&db->handle, HANDLE_EMU_DB_TO_CQ, emu_db_free);
	if (*emu_db_to_cq_ctx)
		return FLEXIO_STATUS_SUCCESS;
	flexio_err("out of handles");
	emu_db_free(&db->handle);
	return FLEXIO_STATUS_FAILED;
fail:
	handle_put(&qc->child.handle);
	return FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_emu_db_to_cq_unmap(flexio_emu_db_to_cq_ctx *emu_db_to_cq_ctx)
{
	struct emu_db *db = handle_close(emu_db_to_cq_ctx, HANDLE_EMU_DB_TO_CQ, __func__);

	if (!db)
		return FLEXIO_STATUS_FAILED;
	/* The call's reference and the object's own: the last one (maybe another thread's, still
	 * in a call on it) removes the mapping. */
	handle_put(&db->handle);
	handle_put(&db->handle);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE uint32_t flexio_emu_db_to_cq_ctx_get_id(flexio_emu_db_to_cq_ctx *emu_db_to_cq_ctx)
{
	return handle_read_u32(emu_db_to_cq_ctx, HANDLE_EMU_DB_TO_CQ, offsetof(struct emu_db, id), __func__);
}

/* ---- MSI-X -------------------------------------------------------------------------------- */

static void msix_map_free(struct process_child *child)
{
	free(child);
}

FLEXIO_STABLE flexio_status flexio_emulated_device_msix_map_create(flexio_process *handle, uint32_t device_emulation_id,
								   uint16_t max_msix, flexio_emu_device_msix_map **map)
{
	struct process *process;
	struct msix_map *m = NULL;
	int vectors;

	if (map)
		*map = NULL;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!map) {
		flexio_err("map is NULL");
		goto out;
	}
	if (!max_msix || max_msix > FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS) {
		flexio_err("max_msix %u is not 1..FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS (%d)", max_msix,
			   FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS);
		goto out;
	}
	m = calloc(1, sizeof(*m));
	if (!m) {
		flexio_err("out of memory");
		goto out;
	}
	vectors = process->provider->emu_msix_eqs(process->ibv_ctx, device_emulation_id, m->eqns, max_msix);
	if (vectors < 0) {
		flexio_err(vectors == -ENOENT
				   ? "process \"%s\"'s device %s has no emulated function %u"
				   : "process \"%s\"'s device %s has no room for the EQs of emulated function %u",
			   process->name, process->ibv_ctx->device->name, device_emulation_id);
		free(m);
		goto out;
	}
	m->ibv_device = process->ibv_ctx->device;
	m->vhca_id = device_emulation_id;
	m->count = (uint16_t)(vectors < max_msix ? vectors : max_msix);
	*map = process_child_open(process, &m->child, HANDLE_MSIX_MAP, NULL, msix_map_free, __func__);
	if (!*map)
		free(m);
out:
	process_put(process);
	return map && *map ? FLEXIO_STATUS_SUCCESS : FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_emulated_device_msix_map_free(flexio_emu_device_msix_map *map)
{
	return process_child_destroy(map, HANDLE_MSIX_MAP, __func__);
}

static void msix_free(struct process_child *child)
{
	struct msix *x = (struct msix *)child;

	child->process->provider->emu_msix_destroy(x->device);
	free(x);
}

/* The vector for msix_create, from checked arguments; NULL logged as func. */
static void *msix_new(struct process *process, const struct msix_map *m, uint16_t msix_id, bool direct,
		      struct ibv_context *target, const char *func)
{
	char err[PROVIDER_ERROR_MAX];
	struct msix *x = calloc(1, sizeof(*x));
	void *handle;

	if (!x) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return NULL;
	}
	x->eqn = m->eqns[msix_id];
	x->device = process->provider->emu_msix_create(process->device, m->vhca_id, msix_id, direct, target, &x->cqn,
						       err, sizeof(err));
	if (!x->device) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot make vector %u of emulated function %u raisable: %s",
			      msix_id, m->vhca_id, err);
		free(x);
		return NULL;
	}
	handle = process_child_open(process, &x->child, HANDLE_MSIX, NULL, msix_free, func);
	if (!handle) {
		process->provider->emu_msix_destroy(x->device);
		free(x);
	}
	return handle;
}

FLEXIO_STABLE flexio_status flexio_emulated_device_msix_create(flexio_process *handle,
							       struct ibv_context *target_ibv_ctx, uint8_t direct_mode,
							       uint32_t target_uar_id, uint16_t msix_id,
							       flexio_emu_device_msix_map *map, flexio_msix **msix)
{
	struct process *process;
	struct msix_map *m = NULL;

	/* The simulated device rings no UAR page: target_uar_id, which only names the page the
	 * vector's CQ would use on hardware, has nothing to be checked against. */
	(void)target_uar_id;
	if (msix)
		*msix = NULL;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!msix) {
		flexio_err("msix is NULL");
		goto out;
	}
	m = handle_get(map, HANDLE_MSIX_MAP, __func__);
	if (!m)
		goto out;
	if (m->ibv_device != process->ibv_ctx->device) {
		flexio_err("map is of a function of %s, not of process \"%s\"'s device %s", m->ibv_device->name,
			   process->name, process->ibv_ctx->device->name);
		goto out;
	}
	if (msix_id >= m->count) {
		flexio_err("msix_id %u is not in map (vectors 0..%u of emulated function %u)", msix_id, m->count - 1,
			   m->vhca_id);
		goto out;
	}
	if (!direct_mode && !target_ibv_ctx) {
		flexio_err("target_ibv_ctx is NULL");
		goto out;
	}
	if (!direct_mode && !process->provider->serves(target_ibv_ctx)) {
		flexio_err("target_ibv_ctx %p is not an open device of the %s provider", (void *)target_ibv_ctx,
			   process->provider->name);
		goto out;
	}
	*msix = msix_new(process, m, msix_id, direct_mode, direct_mode ? NULL : target_ibv_ctx, __func__);
out:
	if (m)
		handle_put(&m->child.handle);
	process_put(process);
	return msix && *msix ? FLEXIO_STATUS_SUCCESS : FLEXIO_STATUS_FAILED;
}

FLEXIO_STABLE flexio_status flexio_emulated_device_msix_destroy(flexio_msix *msix)
{
	return process_child_destroy(msix, HANDLE_MSIX, __func__);
}

FLEXIO_EXPERIMENTAL uint32_t flexio_emulated_device_msix_get_cqn(flexio_msix *handle)
{
	struct msix *x = handle_get(handle, HANDLE_MSIX, __func__);
	uint32_t cqn;

	if (!x)
		return UINT32_MAX;
	cqn = x->cqn;
	if (!cqn) {
		flexio_err("the vector is in direct mode: no CQ was made for it (its EQ: "
			   "flexio_emulated_device_msix_get_eqn)");
		cqn = UINT32_MAX;
	}
	handle_put(&x->child.handle);
	return cqn;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_emulated_device_msix_get_eqn(flexio_msix *msix)
{
	return handle_read_u32(msix, HANDLE_MSIX, offsetof(struct msix, eqn), __func__);
}

/* ---- the driver's side (flexio_ext.h) ------------------------------------------------------ */

FLEXIO_EXPERIMENTAL flexio_status flexio_emu_functions_get(struct ibv_context *ibv_ctx, uint32_t *vhca_ids, size_t max,
							   size_t *count)
{
	const struct flexio_provider_ops *provider = provider_for_arg(ibv_ctx, "ibv_ctx", __func__);

	if (!provider)
		return FLEXIO_STATUS_FAILED;
	if (!count || (!vhca_ids && max)) {
		flexio_err("%s is NULL", count ? "vhca_ids" : "count");
		return FLEXIO_STATUS_FAILED;
	}
	*count = provider->emu_functions(ibv_ctx, vhca_ids, max);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL flexio_status flexio_emu_db_ring(struct ibv_context *ibv_ctx, uint32_t emu_dev_vhca_id,
						     uint32_t emu_dev_queue_id, uint32_t value)
{
	const struct flexio_provider_ops *provider = provider_for_arg(ibv_ctx, "ibv_ctx", __func__);
	int rc;

	if (!provider)
		return FLEXIO_STATUS_FAILED;
	rc = provider->emu_db_ring(ibv_ctx, emu_dev_vhca_id, emu_dev_queue_id, value);
	if (!rc)
		return FLEXIO_STATUS_SUCCESS;
	if (rc == -EINVAL)
		flexio_err("emu_dev_queue_id %u is not a queue of emulated function %u (0..65535)", emu_dev_queue_id,
			   emu_dev_vhca_id);
	else
		flexio_err("%s has no emulated function %u", ibv_ctx->device->name, emu_dev_vhca_id);
	return FLEXIO_STATUS_FAILED;
}

/* Both MSI-X readers: the provider's wait, its errors logged as func. */
static flexio_status msix_wait(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint16_t msix_id, uint64_t seen,
			       int timeout_ms, uint64_t *count, const char *func)
{
	const struct flexio_provider_ops *provider = provider_for_arg(ibv_ctx, "ibv_ctx", func);
	int rc;

	if (!provider)
		return FLEXIO_STATUS_FAILED;
	if (!count) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "count is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	rc = provider->emu_msix_wait(ibv_ctx, vhca_id, msix_id, seen, timeout_ms, count);
	if (rc == -ENOENT) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s has no emulated function %u with an MSI-X vector %u",
			      ibv_ctx->device->name, vhca_id, msix_id);
		return FLEXIO_STATUS_FAILED;
	}
	return rc ? FLEXIO_STATUS_TIMEOUT : FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL flexio_status flexio_emu_msix_count(struct ibv_context *ibv_ctx, uint32_t emu_dev_vhca_id,
							uint16_t msix_id, uint64_t *count)
{
	/* A wait that never waits and for which no count is enough: it reads the count. */
	flexio_status status = msix_wait(ibv_ctx, emu_dev_vhca_id, msix_id, UINT64_MAX, 0, count, __func__);

	return status == FLEXIO_STATUS_TIMEOUT ? FLEXIO_STATUS_SUCCESS : status;
}

FLEXIO_EXPERIMENTAL flexio_status flexio_emu_msix_wait(struct ibv_context *ibv_ctx, uint32_t emu_dev_vhca_id,
						       uint16_t msix_id, uint64_t seen, int timeout_ms, uint64_t *count)
{
	return msix_wait(ibv_ctx, emu_dev_vhca_id, msix_id, seen, timeout_ms, count, __func__);
}
