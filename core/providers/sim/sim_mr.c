/*
 * Memory keys for the simulated DPA: host memory regions (ibv_reg_mr on a simulated PD) as
 * windows and recoverable buffers reach them, and device memory keys over DPA memory.
 */
#include "sim_objects.h"

#include <errno.h>
#include <stdlib.h>

int sim_pd_check(struct ibv_context *ibv_ctx, struct ibv_pd *pd)
{
	int device = flexio_verbs_pd_device(pd);

	return device >= 0 && device == flexio_verbs_context_device(ibv_ctx) ? 0 : -EINVAL;
}

int sim_pd_hold(struct ibv_context *ibv_ctx, struct ibv_pd *pd)
{
	int device = flexio_verbs_context_device(ibv_ctx);

	return device >= 0 ? flexio_verbs_pd_hold(pd, device) : -EINVAL;
}

void sim_pd_release(struct ibv_pd *pd)
{
	flexio_verbs_pd_release(pd);
}

int sim_uar_check(struct ibv_context *ibv_ctx, const struct mlx5dv_devx_uar *uar)
{
	int device;

	return flexio_verbs_uar_page(uar, &device) && device == flexio_verbs_context_device(ibv_ctx) ? 0 : -EINVAL;
}

int sim_mr_range(struct ibv_pd *pd, uint32_t key, unsigned access, uint64_t *iova, uint64_t *length)
{
	return flexio_verbs_mr_range(pd, key, access, iova, length);
}

int sim_memory_dump(struct provider_process *process, uint64_t daddr, size_t size, struct ibv_pd *pd, uint32_t key)
{
	struct sim_process *p = (struct sim_process *)process;
	uint64_t iova, length;
	void *host;
	int rc = sim_mr_range(pd, key, IBV_ACCESS_LOCAL_WRITE, &iova, &length);

	if (rc)
		return rc;
	if (length < size)
		return -ERANGE;
	host = flexio_verbs_mr_reach(pd, key, iova, size, IBV_ACCESS_LOCAL_WRITE);
	if (!host)
		return -errno;
	return dpa_process_read(p->engine, daddr, host, size);
}

/*
 * Device memory keys: keys of the device's key space (libflexio_verbs' space keys, never an
 * MR's) over the process's DPA memory as the NIC sees it (sim_process.space). The process
 * keeps which PD each key is on, to remove it; keys left at its end go with it.
 */
int sim_device_mkey_create(struct provider_process *process, struct ibv_pd *pd, uint64_t daddr, uint64_t len,
			   int access, uint32_t *key)
{
	struct sim_process *p = (struct sim_process *)process;
	struct sim_dev_mkey *m;
	int rc;

	if (!dpa_process_host_pointer(p->engine, daddr, len, false))
		return -EFAULT;
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	rc = flexio_verbs_space_key_create(pd, &p->space, daddr, len, (unsigned)access, &m->key);
	if (rc) {
		free(m);
		return rc;
	}
	m->pd = pd;
	m->daddr = daddr;
	m->len = len;
	m->access = access;
	pthread_mutex_lock(&p->objects->lock);
	m->next = p->objects->mkeys;
	p->objects->mkeys = m;
	pthread_mutex_unlock(&p->objects->lock);
	*key = m->key;
	return 0;
}

void sim_device_mkey_destroy(struct provider_process *process, uint32_t key)
{
	struct sim_objects *o = ((struct sim_process *)process)->objects;
	struct sim_dev_mkey *m = NULL;

	pthread_mutex_lock(&o->lock);
	for (struct sim_dev_mkey **link = &o->mkeys; *link; link = &(*link)->next) {
		if ((*link)->key == key) {
			m = *link;
			*link = m->next;
			break;
		}
	}
	pthread_mutex_unlock(&o->lock);
	if (m)
		flexio_verbs_space_key_destroy(m->pd, m->key);
	free(m);
}
