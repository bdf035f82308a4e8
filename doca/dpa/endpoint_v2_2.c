/*
 * 2.2's DPA endpoints, workers and host memory registration (doca_dpa.h, 2.2 only): RDMA from DPA
 * code on RC queue pairs of the context's process (DPA QP endpoints, dpa_qp.h).
 *
 * A worker groups endpoints (2.2 defines no flags: it holds its context). An endpoint is a DPA
 * QP endpoint with the remote access given, its descriptor for DPA code
 * (device/endpoint_dev.h) and scratch words signals are sent from; its address is the endpoint's
 * QP address, which the peer passes to doca_dpa_ep_connect. Host memory registered with
 * doca_dpa_mem_host_register is a memory region on the context's PD; its DPA handle carries its
 * keys. Everything holds its context, which refuses destruction while they live.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_dpa.h"
#include "doca_types.h"

#include "dev.h"
#include "device/endpoint_dev.h"
#include "dpa_ctx.h"
#include "dpa_qp.h"

#include <errno.h>
#include <infiniband/verbs.h>
#include <stdlib.h>
#include <string.h>

/* Send work requests an endpoint has in flight (log2). */
#define EP_LOG_SQ_DEPTH 7
/* Receive buffers (2.2's endpoints do puts and signals only). */
#define EP_LOG_RQ_DEPTH 0

static const struct opendoca_kind worker_kind = { "DOCA DPA worker" };
static const struct opendoca_kind ep_kind = { "DOCA DPA endpoint" };
static const struct opendoca_kind mem_kind = { "DOCA DPA memory registration" };

struct dpa_worker {
	struct opendoca_object object;
	struct dpa_context *ctx; /* held, keeping it in use (dpa_object_hold) */
	struct dpa_object link;
};

struct dpa_ep {
	struct opendoca_object object;
	struct dpa_worker *worker; /* held */
	pthread_mutex_t lock;      /* connect against connect */
	struct opendoca_dpa_qp *qp;
	bool connected;
	uint64_t desc; /* DPA address of its struct opendoca_dpa_ep_desc, scratch words after it */
	void *scratch_mkey;
};

/* An endpoint's address, as doca_dpa_ep_addr_get hands it out. */
#define EP_ADDR_MAGIC 0x4f44455041646472ull /* "ODEPAddr" */
struct doca_dpa_ep_addr {
	uint64_t magic;
	struct opendoca_dpa_qp_addr qp;
};

struct dpa_mem {
	struct opendoca_object object;
	struct dpa_context *ctx; /* held, keeping it in use (dpa_object_hold) */
	struct dpa_object link;
	struct ibv_mr *mr;
};

/* DOCA_ACCESS_* as rdma-core's access flags; false for bits 2.2 does not define for DPA memory. */
static bool access_flags(unsigned int access, int *ibv)
{
	*ibv = 0;
	if (access & ~(unsigned int)(DOCA_ACCESS_LOCAL_READ_WRITE | DOCA_ACCESS_RDMA_READ | DOCA_ACCESS_RDMA_WRITE |
				     DOCA_ACCESS_RDMA_ATOMIC))
		return false;
	if (access & DOCA_ACCESS_LOCAL_READ_WRITE)
		*ibv |= IBV_ACCESS_LOCAL_WRITE;
	if (access & DOCA_ACCESS_RDMA_READ)
		*ibv |= IBV_ACCESS_REMOTE_READ;
	/* rdma-core requires local write with remote write or atomics */
	if (access & DOCA_ACCESS_RDMA_WRITE)
		*ibv |= IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_LOCAL_WRITE;
	if (access & DOCA_ACCESS_RDMA_ATOMIC)
		*ibv |= IBV_ACCESS_REMOTE_ATOMIC | IBV_ACCESS_LOCAL_WRITE;
	return true;
}

/* ---- Workers ---- */

static void worker_free(struct opendoca_object *object)
{
	struct dpa_worker *worker = (struct dpa_worker *)object;

	dpa_object_drop(worker->ctx, &worker->link);
	free(worker);
}

doca_error_t doca_dpa_worker_create(doca_dpa_t dpa, doca_dpa_worker_t *worker, unsigned int flags)
{
	struct dpa_worker *w;
	doca_error_t err;
	struct dpa_context *ctx;

	if (!worker)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "worker is NULL");
	if (flags)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "flags %#x: none is defined", flags);
	ctx = dpa_get_started(dpa, &err, __func__);
	if (!ctx)
		return err;
	w = calloc(1, sizeof(*w));
	if (!w) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a worker");
	}
	w->ctx = ctx;
	dpa_object_hold(ctx, &w->link);
	dpa_put(ctx);
	*worker = opendoca_handle_open(&w->object, &worker_kind, worker_free);
	if (!*worker) {
		worker_free(&w->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for a worker");
	}
	return DOCA_SUCCESS;
}

/* Closes a handle of kind and drops the object's own reference and the call's. */
static doca_error_t destroy_handle(const void *handle, const struct opendoca_kind *kind, const char *func)
{
	struct opendoca_object *object = opendoca_handle_close(handle, kind, func);

	if (!object)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_worker_destroy(doca_dpa_worker_t worker)
{
	return destroy_handle(worker, &worker_kind, __func__);
}

/* ---- Endpoints ---- */

static void ep_free(struct opendoca_object *object)
{
	struct dpa_ep *ep = (struct dpa_ep *)object;
	struct dpa_context *ctx = ep->worker->ctx;

	opendoca_dpa_qp_destroy(ep->qp);
	if (ep->scratch_mkey)
		ctx->base.ops->mkey_destroy(&ctx->base, ep->scratch_mkey);
	if (ep->desc)
		ctx->base.ops->mem_free(&ctx->base, ep->desc);
	pthread_mutex_destroy(&ep->lock);
	opendoca_handle_put(&ep->worker->object);
	free(ep);
}

/* The endpoint's descriptor and scratch words in DPA memory. */
static doca_error_t ep_describe(struct dpa_ep *ep, const char *func)
{
	struct dpa_context *ctx = ep->worker->ctx;
	struct opendoca_dpa_ep_desc desc = { .qp = opendoca_dpa_qp_dev_addr(ep->qp) };
	const size_t scratch_size = OPENDOCA_DPA_EP_SCRATCH * sizeof(uint64_t);
	doca_error_t err;

	err = ctx->base.ops->mem_alloc(&ctx->base, sizeof(desc) + scratch_size, &ep->desc, func);
	if (err)
		return err;
	desc.scratch = ep->desc + sizeof(desc);
	err = ctx->base.ops->mkey_create(&ctx->base, desc.scratch, scratch_size, IBV_ACCESS_LOCAL_WRITE,
					 &ep->scratch_mkey, &desc.scratch_lkey, func);
	if (err)
		return err;
	return ctx->base.ops->mem_write(&ctx->base, ep->desc, &desc, sizeof(desc), func);
}

doca_error_t doca_dpa_ep_create(doca_dpa_worker_t worker, unsigned int access, doca_dpa_ep_t *ep)
{
	struct opendoca_dpa_qp_attr attr = { .log_sq_depth = EP_LOG_SQ_DEPTH, .log_rq_depth = EP_LOG_RQ_DEPTH };
	struct dpa_worker *w = opendoca_handle_get(worker, &worker_kind, __func__);
	struct dpa_context *ctx;
	struct dpa_ep *e;
	doca_error_t err;

	if (!w)
		return DOCA_ERROR_INVALID_VALUE;
	ctx = w->ctx;
	if (!ep) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "ep is NULL");
	} else if (!access_flags(access, &attr.access)) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "access %#x: not DOCA_ACCESS_* of endpoints",
				    access);
	} else if (!(e = calloc(1, sizeof(*e)))) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for an endpoint");
	} else {
		pthread_mutex_init(&e->lock, NULL);
		opendoca_handle_hold(&w->object);
		e->worker = w;
		attr.access &= ~IBV_ACCESS_LOCAL_WRITE;
		pthread_mutex_lock(&ctx->lock);
		err = ctx->started ? opendoca_dpa_qp_create(ctx->process, opendoca_dev_ibv_pd(ctx->base.dev), &attr,
							    __func__, &e->qp)
				   : opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the worker's context was stopped");
		pthread_mutex_unlock(&ctx->lock);
		if (!err)
			err = ep_describe(e, __func__);
		if (!err && !(*ep = opendoca_handle_open(&e->object, &ep_kind, ep_free)))
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for an endpoint");
		if (err)
			ep_free(&e->object);
	}
	opendoca_handle_put(&w->object);
	return err;
}

doca_error_t doca_dpa_ep_destroy(doca_dpa_ep_t ep)
{
	return destroy_handle(ep, &ep_kind, __func__);
}

doca_error_t doca_dpa_ep_addr_get(doca_dpa_ep_t ep, doca_dpa_ep_addr_t *addr, size_t *addr_length)
{
	struct dpa_ep *e = opendoca_handle_get(ep, &ep_kind, __func__);
	struct doca_dpa_ep_addr *a = NULL;
	doca_error_t err;

	if (!e)
		return DOCA_ERROR_INVALID_VALUE;
	if (!addr || !addr_length)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", !addr ? "addr" : "addr_length");
	else if (!(a = calloc(1, sizeof(*a))))
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for an address");
	else
		err = opendoca_dpa_qp_query(e->qp, __func__, &a->qp);
	if (!err) {
		a->magic = EP_ADDR_MAGIC;
		*addr = a;
		*addr_length = sizeof(*a);
	} else {
		free(a);
	}
	opendoca_handle_put(&e->object);
	return err;
}

/* NULL frees nothing, as free(): NVIDIA's dpa_endpoint_copy sample frees an address it never got. */
doca_error_t doca_dpa_ep_addr_free(doca_dpa_ep_addr_t addr)
{
	if (!addr)
		return DOCA_SUCCESS;
	if (addr->magic != EP_ADDR_MAGIC)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%p is no address of doca_dpa_ep_addr_get",
				     (void *)addr);
	addr->magic = 0;
	free(addr);
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_ep_connect(doca_dpa_ep_t ep, doca_dpa_ep_addr_t addr)
{
	struct dpa_ep *e = opendoca_handle_get(ep, &ep_kind, __func__);
	doca_error_t err;

	if (!e)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&e->lock);
	if (!addr || addr->magic != EP_ADDR_MAGIC)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%p is no address of doca_dpa_ep_addr_get",
				    (void *)addr);
	else if (e->connected)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "endpoint %p is connected", (void *)ep);
	else if (!(err = opendoca_dpa_qp_connect(e->qp, &addr->qp, NULL, __func__)))
		e->connected = true;
	pthread_mutex_unlock(&e->lock);
	opendoca_handle_put(&e->object);
	return err;
}

doca_error_t doca_dpa_ep_dev_export(doca_dpa_ep_t ep, doca_dpa_dev_ep_t *handle)
{
	struct dpa_ep *e = opendoca_handle_get(ep, &ep_kind, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!e)
		return DOCA_ERROR_INVALID_VALUE;
	if (!handle)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "handle is NULL");
	else
		*handle = e->desc;
	opendoca_handle_put(&e->object);
	return err;
}

/* ---- Host memory ---- */

static void mem_free(struct opendoca_object *object)
{
	struct dpa_mem *m = (struct dpa_mem *)object;

	ibv_dereg_mr(m->mr);
	dpa_object_drop(m->ctx, &m->link);
	free(m);
}

doca_error_t doca_dpa_mem_host_register(doca_dpa_t dpa, void *addr, size_t length, unsigned int access,
					doca_dpa_mem_t *mem, unsigned int flags)
{
	struct dpa_context *ctx;
	struct dpa_mem *m;
	doca_error_t err;
	int ibv;

	if (!mem || !addr || !length)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s",
				     !mem    ? "mem is NULL"
				     : !addr ? "addr is NULL"
					     : "length is 0");
	if (flags)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "flags %#x: none is defined", flags);
	if (!access_flags(access, &ibv))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "access %#x: not DOCA_ACCESS_* of host memory",
				     access);
	ctx = dpa_get_started(dpa, &err, __func__);
	if (!ctx)
		return err;
	m = calloc(1, sizeof(*m));
	if (!m) {
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a registration");
	}
	m->mr = ibv_reg_mr(opendoca_dev_ibv_pd(ctx->base.dev), addr, length, ibv);
	if (!m->mr) {
		free(m);
		dpa_put(ctx);
		return opendoca_fail(DOCA_ERROR_DRIVER, __func__, "[%p, +%zu) was not registered: %s", addr, length,
				     strerror(errno));
	}
	m->ctx = ctx;
	dpa_object_hold(ctx, &m->link);
	dpa_put(ctx);
	*mem = opendoca_handle_open(&m->object, &mem_kind, mem_free);
	if (!*mem) {
		mem_free(&m->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle for a registration");
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_dpa_mem_unregister(doca_dpa_mem_t mem)
{
	return destroy_handle(mem, &mem_kind, __func__);
}

doca_error_t doca_dpa_mem_rkey_get(doca_dpa_mem_t mem, uint32_t *rkey)
{
	struct dpa_mem *m = opendoca_handle_get(mem, &mem_kind, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!m)
		return DOCA_ERROR_INVALID_VALUE;
	if (!rkey)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "rkey is NULL");
	else
		*rkey = m->mr->rkey;
	opendoca_handle_put(&m->object);
	return err;
}

doca_error_t doca_dpa_mem_dev_export(doca_dpa_mem_t mem, doca_dpa_dev_mem_t *handle)
{
	struct dpa_mem *m = opendoca_handle_get(mem, &mem_kind, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!m)
		return DOCA_ERROR_INVALID_VALUE;
	if (!handle)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "handle is NULL");
	else
		*handle = (uint64_t)m->mr->rkey << 32 | m->mr->lkey;
	opendoca_handle_put(&m->object);
	return err;
}
