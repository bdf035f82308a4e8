/*
 * Simulated devices and the device list that puts them before rdma-core's real devices;
 * device name, GUID, index and attributes.
 *
 * FLEXIO_SIM_DEVICES names them: unset, one device mlx5_sim0; a count N (1..16),
 * mlx5_sim0 .. mlx5_sim<N-1>; or a comma-separated list of names (mlx5_0,mlx5_bond_0), for
 * programs that hard-code the names of the hardware they were written for.
 *
 * Devices live as long as the process, like rdma-core's cached devices: a program may keep a
 * device pointer after freeing the list that held it.  A device is known by its name: the
 * same name gives the same device, index and GUID in every listing.
 */
#include "device_names.h"
#include "verbs_internal.h"

#include <ctype.h>
#include <endian.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* BlueField-3's integrated ConnectX-7 (PCI 15b3:a2dc); vendor id is Mellanox's IEEE OUI. */
#define VERBS_VENDOR_ID 0x02c9
#define VERBS_VENDOR_PART_ID 0xa2dc
#define VERBS_FW_VERSION "32.41.1000 (OpenFlexIO simulator)"
/* Mellanox OUI in the top bytes; the index makes each device's GUID stable and distinct. */
#define VERBS_GUID_BASE 0x0002c90300f1e000ULL

struct verbs_device_list {
	struct ibv_device **real;     /* rdma-core's own list, freed with ours */
	struct ibv_device *devices[]; /* the program's handle: simulated, then real, then NULL */
};

/* Every device created so far, by creation order (== index). */
static struct verbs_device *devices[VERBS_MAX_CREATED];
static int created;

/* The simulated device called name, created on first use; NULL when memory or indexes run
 * out.  verbs_lock held. */
static struct verbs_device *verbs_device_get(const char *name)
{
	struct verbs_device *device;

	for (int i = 0; i < created; i++)
		if (!strcmp(devices[i]->ibv.name, name))
			return devices[i];
	if (created == VERBS_MAX_CREATED)
		return NULL;
	device = calloc(1, sizeof(*device));
	if (!device)
		return NULL;
	device->index = created;
	device->guid = htobe64(VERBS_GUID_BASE + (uint64_t)created);
	device->ibv.node_type = IBV_NODE_CA;
	device->ibv.transport_type = IBV_TRANSPORT_IB;
	snprintf(device->ibv.name, sizeof(device->ibv.name), "%s", name);
	snprintf(device->ibv.dev_name, sizeof(device->ibv.dev_name), "uverbs_sim%d", created);
	snprintf(device->ibv.dev_path, sizeof(device->ibv.dev_path), "/sys/class/infiniband_verbs/uverbs_sim%d",
		 created);
	snprintf(device->ibv.ibdev_path, sizeof(device->ibv.ibdev_path), "/sys/class/infiniband/%s", name);
	if (!verbs_registry_add(&device->ibv, VERBS_DEVICE, device)) {
		free(device);
		return NULL;
	}
	devices[created++] = device;
	return device;
}

struct verbs_device *verbs_device_at(int index)
{
	return index >= 0 && index < created ? devices[index] : NULL;
}

/* Read at every listing, so a program (or a test) may change it between listings. */
static void verbs_device_names(struct device_names *names)
{
	if (!device_names_read(names))
		verbs_warn("ibv_get_device_list",
			   "%s=\"%s\" is neither a count in 1..%d nor a comma-separated list of at most "
			   "%d distinct device names (a letter first, a digit last, as mlx5_0; each may be "
			   "followed by @ and its PCI address, as mlx5_0@0000:03:00.0); serving "
			   "%s",
			   DEVICE_NAMES_ENV, getenv(DEVICE_NAMES_ENV), DEVICE_NAMES_MAX, DEVICE_NAMES_MAX,
			   DEVICE_NAMES_DEFAULT);
}

VERBS_EXPORT struct ibv_device **ibv_get_device_list(int *num_devices)
{
	__typeof__(&ibv_get_device_list) real_list = VERBS_REAL(ibv_get_device_list);
	struct ibv_device **real = NULL;
	struct verbs_device_list *list;
	struct device_names names;
	int real_count = 0;
	int n = 0;

	VERBS_DELEGATE(ibv_get_device_list, (num_devices));
	verbs_device_names(&names);
	/* no rdma-core, no kernel support or no hardware all mean: no real devices */
	if (real_list) {
		real = real_list(&real_count);
		real_devices_listed();
	}
	if (!real)
		real_count = 0;
	real_devices_learn(real);

	list = calloc(1, sizeof(*list) + (size_t)(names.count + real_count + 1) * sizeof(list->devices[0]));
	if (!list)
		goto no_memory;
	list->real = real;
	pthread_mutex_lock(&verbs_lock);
	for (; n < names.count; n++) {
		struct verbs_device *device = verbs_device_get(names.name[n]);

		if (!device)
			break;
		list->devices[n] = &device->ibv;
	}
	if (n < names.count || !verbs_registry_add(list->devices, VERBS_DEVICE_LIST, list)) {
		pthread_mutex_unlock(&verbs_lock);
		free(list);
		goto no_memory;
	}
	pthread_mutex_unlock(&verbs_lock);
	for (int i = 0; i < real_count; i++)
		list->devices[n++] = real[i];
	if (num_devices)
		*num_devices = n;
	return list->devices;

no_memory:
	if (real)
		VERBS_REAL(ibv_free_device_list)(real);
	verbs_err(__func__, "out of memory (or more than %d distinct simulated device names)", VERBS_MAX_CREATED);
	errno = ENOMEM;
	return NULL;
}

VERBS_EXPORT void ibv_free_device_list(struct ibv_device **devices)
{
	struct verbs_device_list *list;
	struct ibv_device **real;

	VERBS_DELEGATE_VOID(ibv_free_device_list, (devices));
	/* every list comes from us, but for mlx5dv_get_vfio_device_list's */
	switch (verbs_route(__func__, devices, VERBS_DEVICE_LIST, (void **)&list,
			    VERBS_REAL(ibv_free_device_list) != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		real_forget(devices);
		VERBS_REAL(ibv_free_device_list)(devices);
		return;
	default:
		return;
	}
	real = list->real;
	verbs_registry_retire(devices, list);
	pthread_mutex_unlock(&verbs_lock);
	if (real)
		VERBS_REAL(ibv_free_device_list)(real);
}

VERBS_EXPORT const char *ibv_get_device_name(struct ibv_device *device)
{
	__typeof__(&ibv_get_device_name) real = VERBS_REAL(ibv_get_device_name);
	struct verbs_device *sim;
	const char *name;

	VERBS_DELEGATE(ibv_get_device_name, (device));
	switch (verbs_route(__func__, device, VERBS_DEVICE, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		name = sim->ibv.name;
		pthread_mutex_unlock(&verbs_lock);
		return name;
	case VERBS_ROUTE_REAL:
		return real(device);
	default:
		return NULL;
	}
}

/* rdma-core returns 0 when it cannot tell the GUID; so do we, with errno set. */
VERBS_EXPORT __be64 ibv_get_device_guid(struct ibv_device *device)
{
	__typeof__(&ibv_get_device_guid) real = VERBS_REAL(ibv_get_device_guid);
	struct verbs_device *sim;
	__be64 guid;

	VERBS_DELEGATE(ibv_get_device_guid, (device));
	switch (verbs_route(__func__, device, VERBS_DEVICE, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		guid = sim->guid;
		pthread_mutex_unlock(&verbs_lock);
		return guid;
	case VERBS_ROUTE_REAL:
		return real(device);
	default:
		return 0;
	}
}

/* rdma-core answers -1 where the kernel has no device index; the simulated devices have none. */
VERBS_EXPORT int ibv_get_device_index(struct ibv_device *device)
{
	__typeof__(&ibv_get_device_index) real = VERBS_REAL(ibv_get_device_index);
	struct verbs_device *sim;

	VERBS_DELEGATE(ibv_get_device_index, (device));
	switch (verbs_route(__func__, device, VERBS_DEVICE, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "the simulated device %s has no kernel device index", device->name);
		errno = EOPNOTSUPP;
		return -1;
	case VERBS_ROUTE_REAL:
		return real(device);
	default:
		return -1;
	}
}

/* A context of rdma-core's made from a command fd: its device is a real one. */
VERBS_EXPORT struct ibv_context *ibv_import_device(int cmd_fd)
{
	__typeof__(&ibv_import_device) real = VERBS_REAL(ibv_import_device);
	struct ibv_device *devices[2] = { NULL, NULL };
	struct ibv_context *context;

	VERBS_DELEGATE(ibv_import_device, (cmd_fd));
	if (!real) {
		verbs_err(__func__, "rdma-core lacks this call");
		errno = EOPNOTSUPP;
		return NULL;
	}
	context = real(cmd_fd);
	if (context) {
		devices[0] = context->device;
		real_devices_learn(devices);
	}
	return context;
}

VERBS_EXPORT struct ibv_context *ibv_open_device(struct ibv_device *device)
{
	__typeof__(&ibv_open_device) real = VERBS_REAL(ibv_open_device);
	struct verbs_device *sim;

	VERBS_DELEGATE(ibv_open_device, (device));
	switch (verbs_route(__func__, device, VERBS_DEVICE, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock); /* devices live forever */
		return verbs_open(__func__, sim);
	case VERBS_ROUTE_REAL:
		return real(device);
	default:
		return NULL;
	}
}

/* What a BlueField-3 NIC reports (mlx5 driver, firmware 32.x), with the simulator named. */
void verbs_fill_device_attr(const struct verbs_device *device, struct ibv_device_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	snprintf(attr->fw_ver, sizeof(attr->fw_ver), "%s", VERBS_FW_VERSION);
	attr->node_guid = device->guid;
	attr->sys_image_guid = device->guid;
	attr->max_mr_size = UINT64_MAX;
	attr->page_size_cap = ~0xfffULL; /* 4 KiB and every larger power of two */
	attr->vendor_id = VERBS_VENDOR_ID;
	attr->vendor_part_id = VERBS_VENDOR_PART_ID;
	attr->hw_ver = 0;
	attr->max_qp = 1 << 17;
	attr->max_qp_wr = 1 << NIC_LOG_MAX_WQ_SIZE;
	attr->device_cap_flags = IBV_DEVICE_BAD_PKEY_CNTR | IBV_DEVICE_BAD_QKEY_CNTR | IBV_DEVICE_CHANGE_PHY_PORT |
				 IBV_DEVICE_PORT_ACTIVE_EVENT | IBV_DEVICE_SYS_IMAGE_GUID | IBV_DEVICE_RC_RNR_NAK_GEN |
				 IBV_DEVICE_N_NOTIFY_CQ | IBV_DEVICE_MEM_WINDOW | IBV_DEVICE_UD_IP_CSUM |
				 IBV_DEVICE_XRC | IBV_DEVICE_MEM_MGT_EXTENSIONS | IBV_DEVICE_MEM_WINDOW_TYPE_2B |
				 IBV_DEVICE_RAW_IP_CSUM | IBV_DEVICE_MANAGED_FLOW_STEERING;
	attr->max_sge = 30;
	attr->max_sge_rd = 30;
	attr->max_cq = 1 << 24;
	attr->max_cqe = (1 << NIC_LOG_MAX_CQ_SIZE) - 1;
	attr->max_mr = 1 << 24;
	attr->max_pd = 1 << 24;
	attr->max_qp_rd_atom = 16;
	attr->max_res_rd_atom = 1 << 21;
	attr->max_qp_init_rd_atom = 16;
	attr->atomic_cap = IBV_ATOMIC_HCA;
	attr->max_mw = 1 << 24;
	attr->max_mcast_grp = 1 << 21;
	attr->max_mcast_qp_attach = 240;
	attr->max_total_mcast_qp_attach = 240 << 21;
	attr->max_ah = INT_MAX;
	attr->max_srq = 1 << 23;
	attr->max_srq_wr = (1 << NIC_LOG_MAX_WQ_SIZE) - 1;
	attr->max_srq_sge = 31;
	attr->max_pkeys = 128;
	attr->local_ca_ack_delay = 16;
	attr->phys_port_cnt = 1;
}

/* Returns 0 or an errno value, as rdma-core does. */
VERBS_EXPORT int ibv_query_device(struct ibv_context *context, struct ibv_device_attr *device_attr)
{
	__typeof__(&ibv_query_device) real = VERBS_REAL(ibv_query_device);
	struct verbs_ctx *sim;

	VERBS_DELEGATE(ibv_query_device, (context, device_attr));
	if (!device_attr) {
		verbs_err(__func__, "device_attr is NULL");
		return errno = EINVAL;
	}
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		verbs_fill_device_attr(sim->device, device_attr);
		pthread_mutex_unlock(&verbs_lock);
		return 0;
	case VERBS_ROUTE_REAL:
		return real(context, device_attr);
	default:
		return errno;
	}
}
