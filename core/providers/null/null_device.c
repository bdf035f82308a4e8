/*
 * The null provider's devices: stand-in contexts, their protection domains, memory regions and
 * UARs (null.h), kept in lists, since the provider must tell its own objects from any pointer
 * (serves, pd_check, uar_check) and never reads one it did not make.
 */
#include "null_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

pthread_mutex_t null_lock = PTHREAD_MUTEX_INITIALIZER;
static struct null_device *devices;
static struct null_pd *pds;
static struct null_mr *mrs;
static struct null_uar *uars;
static atomic_uint last_key;

/* Unlinks item from the list at *head (a list of structures whose link is `next`). */
#define UNLINK(head, item)                         \
	do {                                       \
		__typeof__(item) *link_ = (head);  \
		while (*link_ && *link_ != (item)) \
			link_ = &(*link_)->next;   \
		if (*link_)                        \
			*link_ = (item)->next;     \
	} while (0)

struct null_device *null_device_locked(struct ibv_context *ctx)
{
	struct null_device *d = devices;

	while (d && &d->context != ctx)
		d = d->next;
	return d;
}

struct null_pd *null_pd_locked(struct ibv_context *ctx, struct ibv_pd *pd)
{
	struct null_pd *p = pds;

	while (p && &p->pd != pd)
		p = p->next;
	return p && p->pd.context == ctx ? p : NULL;
}

uint32_t null_key_new(void)
{
	return atomic_fetch_add(&last_key, 1) + 1;
}

struct ibv_context *flexio_null_open(const char *name)
{
	struct null_device *d = calloc(1, sizeof(*d));

	if (!d) {
		errno = ENOMEM;
		return NULL;
	}
	snprintf(d->device.name, sizeof(d->device.name), "%s", name ? name : "null0");
	snprintf(d->device.dev_name, sizeof(d->device.dev_name), "%s", d->device.name);
	d->device.node_type = IBV_NODE_UNKNOWN;
	d->device.transport_type = IBV_TRANSPORT_UNKNOWN;
	d->context.device = &d->device;
	pthread_mutex_lock(&null_lock);
	d->next = devices;
	devices = d;
	pthread_mutex_unlock(&null_lock);
	return &d->context;
}

int flexio_null_close(struct ibv_context *ctx)
{
	struct null_device *d;

	pthread_mutex_lock(&null_lock);
	d = null_device_locked(ctx);
	if (!d || d->users) {
		pthread_mutex_unlock(&null_lock);
		return d ? -EBUSY : -EINVAL;
	}
	UNLINK(&devices, d);
	pthread_mutex_unlock(&null_lock);
	free(d);
	return 0;
}

int null_serves(struct ibv_context *ctx)
{
	bool served;

	pthread_mutex_lock(&null_lock);
	served = null_device_locked(ctx) != NULL;
	pthread_mutex_unlock(&null_lock);
	return served;
}

struct ibv_pd *flexio_null_pd_alloc(struct ibv_context *ctx)
{
	struct null_pd *p = calloc(1, sizeof(*p));
	struct null_device *d;

	if (!p) {
		errno = ENOMEM;
		return NULL;
	}
	pthread_mutex_lock(&null_lock);
	d = null_device_locked(ctx);
	if (d) {
		d->users++;
		p->pd.context = ctx;
		p->pd.handle = null_key_new();
		p->next = pds;
		pds = p;
	}
	pthread_mutex_unlock(&null_lock);
	if (!d) {
		free(p);
		errno = EINVAL;
		return NULL;
	}
	return &p->pd;
}

int flexio_null_pd_free(struct ibv_pd *pd)
{
	struct null_pd *p = NULL;
	bool has_mrs = false;

	pthread_mutex_lock(&null_lock);
	for (struct null_pd *q = pds; q && !p; q = q->next)
		if (&q->pd == pd)
			p = q;
	for (struct null_mr *m = mrs; m && p && !has_mrs; m = m->next)
		has_mrs = m->mr.pd == pd;
	if (!p || p->holds || has_mrs) {
		pthread_mutex_unlock(&null_lock);
		return p ? -EBUSY : -EINVAL;
	}
	UNLINK(&pds, p);
	null_device_locked(pd->context)->users--;
	pthread_mutex_unlock(&null_lock);
	free(p);
	return 0;
}

int null_pd_check(struct ibv_context *ctx, struct ibv_pd *pd)
{
	int rc;

	pthread_mutex_lock(&null_lock);
	rc = null_pd_locked(ctx, pd) ? 0 : -EINVAL;
	pthread_mutex_unlock(&null_lock);
	return rc;
}

int null_pd_hold(struct ibv_context *ctx, struct ibv_pd *pd)
{
	struct null_pd *p;

	pthread_mutex_lock(&null_lock);
	p = null_pd_locked(ctx, pd);
	if (p)
		p->holds++;
	pthread_mutex_unlock(&null_lock);
	return p ? 0 : -EINVAL;
}

void null_pd_release(struct ibv_pd *pd)
{
	struct null_pd *p;

	pthread_mutex_lock(&null_lock);
	p = null_pd_locked(pd->context, pd);
	if (p && p->holds)
		p->holds--;
	pthread_mutex_unlock(&null_lock);
}

struct ibv_mr *flexio_null_mr_reg(struct ibv_pd *pd, void *addr, size_t length, int access)
{
	struct null_mr *m = calloc(1, sizeof(*m));
	bool live;

	if (!m) {
		errno = ENOMEM;
		return NULL;
	}
	pthread_mutex_lock(&null_lock);
	live = pd && null_pd_locked(pd->context, pd);
	if (live) {
		m->mr = (struct ibv_mr){ .context = pd->context, .pd = pd, .addr = addr, .length = length };
		m->mr.lkey = m->mr.rkey = null_key_new();
		m->access = access;
		m->next = mrs;
		mrs = m;
	}
	pthread_mutex_unlock(&null_lock);
	if (!live) {
		free(m);
		errno = EINVAL;
		return NULL;
	}
	return &m->mr;
}

int flexio_null_mr_dereg(struct ibv_mr *mr)
{
	struct null_mr *m;

	pthread_mutex_lock(&null_lock);
	for (m = mrs; m && &m->mr != mr; m = m->next)
		;
	if (m)
		UNLINK(&mrs, m);
	pthread_mutex_unlock(&null_lock);
	free(m);
	return m ? 0 : -EINVAL;
}

/* Under null_lock: the region whose key is key, checked as mr_range says. */
static int mr_find_locked(struct ibv_pd *pd, uint32_t key, unsigned access, struct null_mr **found)
{
	struct null_mr *m = mrs;

	if (!pd || !null_pd_locked(pd->context, pd))
		return -EINVAL;
	while (m && m->mr.lkey != key)
		m = m->next;
	if (!m)
		return -ENOENT;
	if (m->mr.pd != pd)
		return -EPERM;
	if ((m->access & access) != access)
		return -EACCES;
	*found = m;
	return 0;
}

int null_mr_range(struct ibv_pd *pd, uint32_t key, unsigned access, uint64_t *iova, uint64_t *length)
{
	struct null_mr *m;
	int rc;

	pthread_mutex_lock(&null_lock);
	rc = mr_find_locked(pd, key, access, &m);
	if (!rc) {
		*iova = (uintptr_t)m->mr.addr;
		*length = m->mr.length;
	}
	pthread_mutex_unlock(&null_lock);
	return rc;
}

void *null_mr_reach(struct ibv_pd *pd, uint32_t key, uint64_t size)
{
	struct null_mr *m;
	void *host = NULL;

	pthread_mutex_lock(&null_lock);
	if (!mr_find_locked(pd, key, IBV_ACCESS_LOCAL_WRITE, &m) && size <= m->mr.length)
		host = m->mr.addr;
	pthread_mutex_unlock(&null_lock);
	return host;
}

int null_uar_check(struct ibv_context *ctx, const struct mlx5dv_devx_uar *uar)
{
	struct null_uar *u;
	int rc;

	pthread_mutex_lock(&null_lock);
	for (u = uars; u && &u->uar != uar; u = u->next)
		;
	rc = u && &u->device->context == ctx ? 0 : -EINVAL;
	pthread_mutex_unlock(&null_lock);
	return rc;
}

struct mlx5dv_devx_uar *null_uar_alloc(struct ibv_context *ctx)
{
	struct null_uar *u = calloc(1, sizeof(*u));

	if (!u) {
		errno = ENOMEM;
		return NULL;
	}
	pthread_mutex_lock(&null_lock);
	u->device = null_device_locked(ctx);
	if (u->device) {
		u->device->users++;
		u->uar.page_id = ++u->device->next_page_id;
		u->next = uars;
		uars = u;
	}
	pthread_mutex_unlock(&null_lock);
	if (!u->device) {
		free(u);
		errno = EINVAL;
		return NULL;
	}
	return &u->uar;
}

void null_uar_free(struct mlx5dv_devx_uar *uar)
{
	struct null_uar *u;

	pthread_mutex_lock(&null_lock);
	for (u = uars; u && &u->uar != uar; u = u->next)
		;
	if (u) {
		UNLINK(&uars, u);
		u->device->users--;
	}
	pthread_mutex_unlock(&null_lock);
	free(u);
}

/* The null device has no NIC: every DEVX command fails as rdma-core's do on a device without
 * DEVX (EOPNOTSUPP), so no queue is made on it; its PDs have no number. */
struct mlx5dv_devx_obj *null_devx_obj_create(struct ibv_context *ctx, const void *in, size_t inlen, void *out,
					     size_t outlen)
{
	(void)ctx, (void)in, (void)inlen, (void)out, (void)outlen;
	errno = EOPNOTSUPP;
	return NULL;
}

int null_devx_obj_command(struct mlx5dv_devx_obj *obj, const void *in, size_t inlen, void *out, size_t outlen)
{
	(void)obj, (void)in, (void)inlen, (void)out, (void)outlen;
	return EOPNOTSUPP;
}

int null_devx_obj_destroy(struct mlx5dv_devx_obj *obj)
{
	(void)obj;
	return EOPNOTSUPP;
}

int null_devx_general_cmd(struct ibv_context *ctx, const void *in, size_t inlen, void *out, size_t outlen)
{
	(void)ctx, (void)in, (void)inlen, (void)out, (void)outlen;
	return EOPNOTSUPP;
}

int null_pd_number(struct ibv_pd *pd, uint32_t *pdn)
{
	(void)pd, (void)pdn;
	return EOPNOTSUPP;
}
