/*
 * Sync events in other processes and on the DPA (doca_sync_event.h, the forms of 2.5 and later):
 * exports to a remote PCI peer or a remote node and creation from them, remote net events, the
 * DPA handles (3.0's get_dpa_handle; 2.x's export_to_dpa is sync_event_v2_7.c's), GPU handles
 * (no GPU here).
 *
 * Another process of the machine stands for the peer on the other side of the PCI link (the DPU,
 * or the host for a program on the DPU) and for a remote node: an event with such a location
 * keeps its counter in a POSIX shared memory object named "/opendoca-se-<pid>-<id>-<token>"
 * (the exporting process, the event's number, a random 64-bit token), which its descriptor
 * (struct opendoca_se_desc) names and create_from_export maps: both processes' atomic
 * instructions work on the same word. The name lives as long as the exporting event; a mapping
 * as long as the event that made it.
 *
 * The DPA reaches the counter as it reaches any host memory (sync_event_dpa.h): a memory region
 * over the counter on the DOCA DPA context's device, and a descriptor in the context's DPA memory
 * naming its address and key, whose DPA address is the handle. One per context, kept until the
 * event goes. A remote net event's handle is for RDMA signals from DPA code to the exporter: its
 * descriptor names the exporter's counter as the exporter's device knows it (address and key,
 * carried by the net export), so the signal reaches the counter from another device.
 */
#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <unistd.h>

#include "doca_sync_event.h"

#include "dev.h"
#include "mmap.h"
#include "private.h"
#include "sync_event.h"
#include "sync_event_dpa.h"

const struct opendoca_kind opendoca_sync_event_remote_net_kind = { "remote net sync event" };

#define SHM_SIZE 4096u

static void shm_name(char *name, size_t size, uint32_t pid, uint64_t id, uint64_t token)
{
	snprintf(name, size, "/opendoca-se-%u-%llx-%016llx", pid, (unsigned long long)id, (unsigned long long)token);
}

/* Maps the object an fd opens. */
static void *map_counter(int fd)
{
	void *map = mmap(NULL, SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	close(fd);
	return map == MAP_FAILED ? NULL : map;
}

doca_error_t opendoca_se_share(struct opendoca_sync_event *se, const char *func)
{
	static atomic_uint_fast64_t next_id;
	char name[64];
	int fd;

	se->pid = (uint32_t)getpid();
	se->id = atomic_fetch_add(&next_id, 1) + 1;
	if (getrandom(&se->token, sizeof(se->token), 0) != sizeof(se->token))
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "no random token: %s", strerror(errno));
	shm_name(name, sizeof(name), se->pid, se->id, se->token);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "no shared memory %s: %s", name,
				     strerror(errno));
	if (ftruncate(fd, SHM_SIZE)) {
		close(fd);
		fd = -1;
	}
	se->shared = fd < 0 ? NULL : map_counter(fd);
	if (!se->shared) {
		shm_unlink(name);
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "shared memory %s not mapped", name);
	}
	se->named = true;
	se->desc = (struct opendoca_se_desc){
		.magic = OPENDOCA_SE_DESC_MAGIC, .version = 1, .pid = se->pid, .id = se->id, .token = se->token
	};
	return DOCA_SUCCESS;
}

void opendoca_se_unshare(struct opendoca_sync_event *se)
{
	struct opendoca_se_dpa_export *e;
	char name[64];

	while ((e = se->dpa_exports)) {
		se->dpa_exports = e->next;
		e->dpa->ops->mem_free(e->dpa, e->daddr);
		if (e->mr)
			ibv_dereg_mr(e->mr);
		opendoca_handle_put(&e->dpa->object);
		free(e);
	}
	if (se->remote_mr)
		ibv_dereg_mr(se->remote_mr);
	if (se->shared)
		munmap(se->shared, SHM_SIZE);
	if (se->named) {
		shm_name(name, sizeof(name), se->pid, se->id, se->token);
		shm_unlink(name);
	}
}

static doca_error_t remote_rkey(struct opendoca_sync_event *se, uint32_t *rkey, const char *func);

doca_error_t opendoca_se_export(struct doca_sync_event *handle, enum opendoca_se_export_kind kind, struct doca_dev *dev,
				const uint8_t **data, size_t *sz, const char *func)
{
	struct opendoca_sync_event *se = opendoca_se_get(handle, func);
	bool with_dev = kind == OPENDOCA_SE_EXPORT_PCI, net = kind == OPENDOCA_SE_EXPORT_NET;
	doca_error_t err = DOCA_SUCCESS;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	if (!data || !sz) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", data ? "sz" : "data");
	} else if (with_dev && !dev) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "dev is NULL");
	} else if (with_dev && (err = opendoca_dev_hold(dev, func)) == DOCA_SUCCESS) {
		opendoca_dev_release(dev); /* an open device, which the export does not keep */
	}
	if (err) {
		opendoca_se_put(se);
		return err;
	}
	pthread_mutex_lock(&se->lock);
	if (!atomic_load(&se->started))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "sync event %p is not started", (void *)handle);
	else if (se->imported)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "sync event %p was created from an export",
				    (void *)handle);
	else if (net ? se->publisher != OPENDOCA_SE_REMOTE_NET
		     : se->publisher != OPENDOCA_SE_REMOTE_PCI && se->subscriber != OPENDOCA_SE_REMOTE_PCI &&
				 se->publisher != OPENDOCA_SE_DPU && se->subscriber != OPENDOCA_SE_DPU)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "sync event %p has no %s location", (void *)handle,
				    net ? "remote net publisher" : "remote PCI (DPU)");
	/* A net export carries the counter as the exporter's device knows it, when it is on one (a
	 * DPA or a CPU location): a peer's DPA code signals it there (remote_net_get_dpa_handle). */
	if (!err && net && (se->publisher_dpa || se->subscriber_dpa || se->publisher_dev || se->subscriber_dev) &&
	    !(err = remote_rkey(se, &se->desc.rkey, func)))
		se->desc.addr = (uint64_t)(uintptr_t)atomic_load(&se->counter);
	if (!err) {
		/* One descriptor per event: PCI and net exports name the same counter; net marks it. */
		se->desc.net = net;
		*data = (const uint8_t *)&se->desc;
		*sz = sizeof(se->desc);
	}
	pthread_mutex_unlock(&se->lock);
	opendoca_se_put(se);
	return err;
}

doca_error_t opendoca_se_import(struct doca_dev *dev, const uint8_t *data, size_t sz, bool net, void **out,
				const char *func)
{
	struct opendoca_se_desc desc;
	struct opendoca_sync_event *se;
	char name[64];
	void *handle, *shared;
	doca_error_t err;
	int fd;

	if (!dev || !data || !out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL",
				     !dev    ? "dev"
				     : !data ? "data"
					     : "event");
	if (sz != sizeof(desc))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%zu bytes are no sync event export (%zu are)", sz,
				     sizeof(desc));
	memcpy(&desc, data, sizeof(desc));
	if (desc.magic != OPENDOCA_SE_DESC_MAGIC || desc.version != 1)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "data is no sync event export");
	if (net && !desc.net)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "data is no remote net export");
	err = opendoca_dev_hold(dev, func);
	if (err)
		return err;
	shm_name(name, sizeof(name), desc.pid, desc.id, desc.token);
	fd = shm_open(name, O_RDWR | O_CLOEXEC, 0);
	if (fd < 0) {
		opendoca_dev_release(dev);
		return opendoca_fail(errno == ENOENT ? DOCA_ERROR_NOT_FOUND : DOCA_ERROR_OPERATING_SYSTEM, func,
				     "the exported sync event is gone (%s)", strerror(errno));
	}
	shared = map_counter(fd);
	if (!shared) {
		opendoca_dev_release(dev);
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "the exported sync event was not mapped");
	}
	err = opendoca_se_new(net ? &opendoca_sync_event_remote_net_kind : &opendoca_sync_event_kind, &se, &handle,
			      func);
	if (err) {
		munmap(shared, SHM_SIZE);
		opendoca_dev_release(dev);
		return err;
	}
	/* The importing CPU subscribes (and publishes) through dev. */
	se->imported = true;
	if (net) {
		se->peer_addr = desc.addr;
		se->peer_rkey = desc.rkey;
	}
	se->publisher = se->subscriber = OPENDOCA_SE_CPU;
	se->subscriber_dev = dev;
	se->shared = shared;
	atomic_store(&se->counter, (uint64_t *)shared);
	atomic_store(&se->started, true);
	*out = handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_sync_event_export_to_remote_pci(struct doca_sync_event *event, struct doca_dev *dev,
						  const uint8_t **data, size_t *sz)
{
	return opendoca_se_export(event, OPENDOCA_SE_EXPORT_PCI, dev, data, sz, __func__);
}

doca_error_t doca_sync_event_export_to_remote_net(struct doca_sync_event *event, const uint8_t **data, size_t *sz)
{
	return opendoca_se_export(event, OPENDOCA_SE_EXPORT_NET, NULL, data, sz, __func__);
}

doca_error_t doca_sync_event_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
						struct doca_sync_event **event)
{
	return opendoca_se_import(dev, data, sz, false, (void **)event, __func__);
}

doca_error_t doca_sync_event_remote_net_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
							   struct doca_sync_event_remote_net **event)
{
	return opendoca_se_import(dev, data, sz, true, (void **)event, __func__);
}

doca_error_t doca_sync_event_remote_net_destroy(struct doca_sync_event_remote_net *event)
{
	struct opendoca_object *object = opendoca_handle_close(event, &opendoca_sync_event_remote_net_kind, __func__);

	if (!object)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_sync_event_remote_net_op(const struct doca_sync_event_remote_net *event,
					       enum opendoca_se_net_op op, uint64_t *value, const char *func)
{
	struct opendoca_sync_event *se = opendoca_handle_get(event, &opendoca_sync_event_remote_net_kind, func);
	_Atomic uint64_t *counter;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	counter = (_Atomic uint64_t *)opendoca_se_counter(se, func);
	if (counter && op == OPENDOCA_SE_NET_GET)
		*value = atomic_load_explicit(counter, memory_order_acquire);
	else if (counter && op == OPENDOCA_SE_NET_SET)
		atomic_store_explicit(counter, *value, memory_order_release);
	else if (counter)
		*value = atomic_fetch_add_explicit(counter, *value, memory_order_acq_rel);
	opendoca_handle_put(&se->object);
	return counter ? DOCA_SUCCESS : DOCA_ERROR_BAD_STATE;
}

/* ---- The DPA ---- */

/* The DPA handle of started event se for dpa (lock held). */
static doca_error_t dpa_export(struct opendoca_sync_event *se, bool net, struct opendoca_dpa *dpa, uint64_t *out,
			       const char *func)
{
	uint64_t *counter = atomic_load(&se->counter);
	struct opendoca_dpa_sync_event desc;
	struct opendoca_se_dpa_export *e;
	doca_error_t err;

	for (e = se->dpa_exports; e; e = e->next) {
		if (e->dpa == dpa) {
			*out = e->daddr;
			return DOCA_SUCCESS;
		}
	}
	if (net && !se->peer_rkey)
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
				     "the exported event is on no device (a DPA or a CPU location): nothing to signal");
	e = calloc(1, sizeof(*e));
	if (!e)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a DPA handle");
	if (net) {
		/* DPA code signals a remote net event through an RDMA connection to the exporter: the
		 * exporter's address and key, not a region of this device (the peer's NIC knows none). */
		desc = (struct opendoca_dpa_sync_event){ .haddr = se->peer_addr,
							 .mkey = se->peer_rkey,
							 .flags = OPENDOCA_DPA_SYNC_EVENT_REMOTE_NET };
	} else {
		e->mr = ibv_reg_mr(opendoca_dev_ibv_pd(dpa->dev), counter, sizeof(*counter),
				   IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_WRITE |
					   IBV_ACCESS_REMOTE_ATOMIC);
		if (!e->mr) {
			free(e);
			return opendoca_fail(DOCA_ERROR_DRIVER, func,
					     "the counter was not registered on the DPA's device: %s", strerror(errno));
		}
		desc = (struct opendoca_dpa_sync_event){ .haddr = (uint64_t)(uintptr_t)counter, .mkey = e->mr->lkey };
	}
	err = dpa->ops->mem_alloc(dpa, sizeof(desc), &e->daddr, func);
	if (!err) {
		err = dpa->ops->mem_write(dpa, e->daddr, &desc, sizeof(desc), func);
		if (err)
			dpa->ops->mem_free(dpa, e->daddr);
	}
	if (err) {
		if (e->mr)
			ibv_dereg_mr(e->mr);
		free(e);
		return err;
	}
	opendoca_handle_hold(&dpa->object);
	e->dpa = dpa;
	e->next = se->dpa_exports;
	se->dpa_exports = e;
	*out = e->daddr;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_se_dpa_handle(const void *handle, bool net, struct doca_dpa *dpa_handle, uint64_t *out,
				    const char *func)
{
	struct opendoca_sync_event *se = opendoca_handle_get(
		handle, net ? &opendoca_sync_event_remote_net_kind : &opendoca_sync_event_kind, func);
	struct opendoca_dpa *dpa;
	doca_error_t err;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	dpa = opendoca_handle_get(dpa_handle, opendoca_dpa_kind(), func);
	if (!dpa) {
		opendoca_se_put(se);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&se->lock);
	if (!out)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the handle's address is NULL");
	else if (!atomic_load(&se->started))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "sync event %p is not started", handle);
	else
		err = dpa_export(se, net, dpa, out, func);
	pthread_mutex_unlock(&se->lock);
	opendoca_handle_put(&dpa->object);
	opendoca_se_put(se);
	return err;
}

/* The rkey of the counter of started event se for remote writers (lock held). */
static doca_error_t remote_rkey(struct opendoca_sync_event *se, uint32_t *rkey, const char *func)
{
	struct opendoca_dpa *dpa = se->publisher_dpa ? se->publisher_dpa : se->subscriber_dpa;
	struct doca_dev *dev = se->subscriber_dev ? se->subscriber_dev : se->publisher_dev;
	struct opendoca_se_dpa_export *e;
	uint64_t daddr;
	doca_error_t err;

	if (dpa) {
		err = dpa_export(se, false, dpa, &daddr, func);
		if (err)
			return err;
		for (e = se->dpa_exports; e->dpa != dpa; e = e->next)
			;
		*rkey = e->mr->rkey;
		return DOCA_SUCCESS;
	}
	if (!dev)
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
				     "sync event %p has no location on a device (a DPA context or a CPU's device)",
				     opendoca_handle_of(&se->object));
	if (!se->remote_mr) {
		se->remote_mr = ibv_reg_mr(opendoca_dev_ibv_pd(dev), atomic_load(&se->counter), sizeof(uint64_t),
					   IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_WRITE |
						   IBV_ACCESS_REMOTE_ATOMIC);
		if (!se->remote_mr)
			return opendoca_fail(DOCA_ERROR_DRIVER, func, "the counter was not registered: %s",
					     strerror(errno));
	}
	*rkey = se->remote_mr->rkey;
	return DOCA_SUCCESS;
}

doca_error_t opendoca_se_remote_handle(struct doca_sync_event *handle, uint64_t data[2], const char *func)
{
	struct opendoca_sync_event *se = opendoca_se_get(handle, func);
	uint32_t rkey = 0;
	doca_error_t err;

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&se->lock);
	if (!data)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "handle is NULL");
	else if (!atomic_load(&se->started))
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "sync event %p is not started", (void *)handle);
	else
		err = remote_rkey(se, &rkey, func);
	if (!err) {
		data[0] = (uint64_t)(uintptr_t)atomic_load(&se->counter);
		data[1] = rkey;
	}
	pthread_mutex_unlock(&se->lock);
	opendoca_se_put(se);
	return err;
}

doca_error_t doca_sync_event_get_dpa_handle(struct doca_sync_event *event, struct doca_dpa *dpa,
					    doca_dpa_dev_sync_event_t *dpa_dev_se_handle)
{
	return opendoca_se_dpa_handle(event, false, dpa, dpa_dev_se_handle, __func__);
}

doca_error_t doca_sync_event_remote_net_get_dpa_handle(struct doca_sync_event_remote_net *event, struct doca_dpa *dpa,
						       doca_dpa_dev_sync_event_remote_net_t *dpa_remote_event)
{
	return opendoca_se_dpa_handle(event, true, dpa, dpa_remote_event, __func__);
}

/* ---- The GPU: none on the simulated machine ---- */

doca_error_t opendoca_se_gpu_handle(const void *handle, bool net, const struct doca_gpu *gpu, const void *out,
				    const char *func)
{
	struct opendoca_sync_event *se = opendoca_handle_get(
		handle, net ? &opendoca_sync_event_remote_net_kind : &opendoca_sync_event_kind, func);

	if (!se)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_se_put(se);
	if (!gpu || !out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL",
				     gpu ? "the handle's address" : "gpu");
	return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "no GPU on the simulated machine");
}

doca_error_t doca_sync_event_get_gpu_handle(struct doca_sync_event *event, struct doca_gpu *gpu,
					    doca_gpu_dev_sync_event_t **gpu_dev_se)
{
	return opendoca_se_gpu_handle(event, false, gpu, gpu_dev_se, __func__);
}

doca_error_t doca_sync_event_remote_net_get_gpu_handle(struct doca_sync_event_remote_net *event, struct doca_gpu *gpu,
						       doca_gpu_dev_sync_event_remote_net_t *gpu_remote_event)
{
	return opendoca_se_gpu_handle(event, true, gpu, gpu_remote_event, __func__);
}
