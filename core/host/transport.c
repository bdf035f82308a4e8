/*
 * Transport domains (flexio_transport_domain_*) and TISs (flexio_sq_tis_*): objects of a device
 * context, not of a process. An RQ's TIR is made in a transport domain (flexio_wq_attr.rq.td),
 * an SQ sends through a TIS (flexio_wq_attr.sq.tis), a TIS belongs to a transport domain of its
 * device. They are ALLOC_TRANSPORT_DOMAIN's and CREATE_TIS's DEVX objects (devx_cmds.h). While
 * something uses one, the device refuses to destroy it and its handle stays valid.
 */
#include "queue.h"

#include "log.h"
#include "provider_table.h"

#include <stdlib.h>

static void transport_free(struct handle_object *object)
{
	struct queue_object *t = (struct queue_object *)object;

	queue_fini(&t->q);
	free(t);
}

/* A new TD (td NULL) or TIS in td (held and locked by the caller) on ibv_ctx's device. */
static flexio_status transport_create(const struct flexio_provider_ops *provider, struct ibv_context *ibv_ctx,
				      struct queue_object *td, void **out, const char *func)
{
	struct queue_object *t = calloc(1, sizeof(*t));
	enum handle_kind kind = td ? HANDLE_SQ_TIS : HANDLE_TRANSPORT_DOMAIN;
	char err[DEVX_ERROR_MAX] = "";
	struct mlx5dv_devx_obj *obj;
	uint32_t number;

	if (!t) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	obj = td ? devx_tis_create(provider, ibv_ctx, td->q.number, &number, err)
		 : devx_td_alloc(provider, ibv_ctx, &number, err);
	if (!obj) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot create a %s on %s: %s", handle_kind_name(kind),
			      ibv_ctx->device->name, err);
		free(t);
		return FLEXIO_STATUS_FAILED;
	}
	queue_init(&t->q, provider, ibv_ctx, td ? QUEUE_TIS : QUEUE_TD, obj, number, NULL, NULL);
	*out = handle_open(&t->handle, kind, transport_free);
	if (!*out) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory (or of handles)");
		transport_free(&t->handle);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

/* The destroy calls: the device object first, then the handle. */
static flexio_status transport_destroy(const void *handle, enum handle_kind kind, const char *busy, const char *func)
{
	struct queue_object *t = handle_get(handle, kind, func);

	if (!t)
		return FLEXIO_STATUS_FAILED;
	if (!queue_destroy_device(&t->q, handle, busy, func)) {
		handle_put(&t->handle);
		return FLEXIO_STATUS_FAILED;
	}
	/* Of two destroyers only the one that destroyed the device object gets here. */
	if (handle_close_object(&t->handle))
		handle_put(&t->handle);
	handle_put(&t->handle);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_transport_domain_create(struct ibv_context *ibv_ctx, flexio_transport_domain **td)
{
	const struct flexio_provider_ops *provider;

	if (td)
		*td = NULL;
	provider = provider_for_arg(ibv_ctx, "ibv_ctx", __func__);
	if (!provider)
		return FLEXIO_STATUS_FAILED;
	if (!td) {
		flexio_err("td is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	return transport_create(provider, ibv_ctx, NULL, (void **)td, __func__);
}

/* A transport domain that TISs or TIRs use is not destroyed: its handle stays valid. */
FLEXIO_STABLE flexio_status flexio_transport_domain_destroy(flexio_transport_domain *td)
{
	return transport_destroy(td, HANDLE_TRANSPORT_DOMAIN, "TISs or TIRs use it", __func__);
}

FLEXIO_STABLE flexio_status flexio_sq_tis_create(struct ibv_context *ibv_ctx, flexio_transport_domain *td_handle,
						 flexio_sq_tis **tis)
{
	const struct flexio_provider_ops *provider;
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct queue_object *td;

	if (tis)
		*tis = NULL;
	provider = provider_for_arg(ibv_ctx, "ibv_ctx", __func__);
	if (!provider)
		return FLEXIO_STATUS_FAILED;
	if (!tis) {
		flexio_err("tis is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	td = handle_get(td_handle, HANDLE_TRANSPORT_DOMAIN, __func__);
	if (!td)
		return FLEXIO_STATUS_FAILED;
	if (td->q.ibv_device != ibv_ctx->device) {
		flexio_err("transport domain %p is of %s, not of ibv_ctx's device %s", (void *)td_handle,
			   td->q.ibv_device->name, ibv_ctx->device->name);
	} else if (queue_lock_live(&td->q, td_handle, __func__)) {
		/* Locked: the domain is not destroyed while the TIS is made in it. */
		status = transport_create(provider, ibv_ctx, td, (void **)tis, __func__);
		queue_unlock(&td->q);
	}
	handle_put(&td->handle);
	return status;
}

/* A TIS that SQs send through is not destroyed: its handle stays valid. */
FLEXIO_STABLE flexio_status flexio_sq_tis_destroy(flexio_sq_tis *tis)
{
	return transport_destroy(tis, HANDLE_SQ_TIS, "SQs send through it", __func__);
}
