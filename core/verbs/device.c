/*
 * Simulated devices (mlx5_sim0 .. mlx5_sim<N-1>, N from FLEXIO_SIM_DEVICES) and the device
 * list that puts them before rdma-core's real devices; device name, GUID and attributes.
 *
 * Devices live as long as the process, like rdma-core's cached devices: a program may keep a
 * device pointer after freeing the list that held it.
 */
#include "verbs_internal.h"

#include <endian.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIM_DEVICES_ENV "FLEXIO_SIM_DEVICES"

/* BlueField-3's integrated ConnectX-7 (PCI 15b3:a2dc); vendor id is Mellanox's IEEE OUI. */
#define SIM_VENDOR_ID 0x02c9
#define SIM_VENDOR_PART_ID 0xa2dc
#define SIM_FW_VERSION "32.41.1000 (OpenFlexIO simulator)"
/* Mellanox OUI in the top bytes; the index makes each device's GUID stable and distinct. */
#define SIM_GUID_BASE 0x0002c90300f1e000ULL

struct sim_device_list {
	struct ibv_device **real;      /* rdma-core's own list, freed with ours */
	struct ibv_device *devices[]; /* the program's handle: simulated, then real, then NULL */
};

static struct sim_device *devices[SIM_MAX_DEVICES];

/* The simulated device N, created on first use; NULL only when memory runs out.  sim_lock held. */
static struct sim_device *sim_device_get(int index)
{
	struct sim_device *device = devices[index];

	if (device)
		return device;
	device = calloc(1, sizeof(*device));
	if (!device)
		return NULL;
	device->index = index;
	device->guid = htobe64(SIM_GUID_BASE + (uint64_t)index);
	device->ibv.node_type = IBV_NODE_CA;
	device->ibv.transport_type = IBV_TRANSPORT_IB;
	snprintf(device->ibv.name, sizeof(device->ibv.name), "mlx5_sim%d", index);
	snprintf(device->ibv.dev_name, sizeof(device->ibv.dev_name), "uverbs_sim%d", index);
	snprintf(device->ibv.dev_path, sizeof(device->ibv.dev_path),
		 "/sys/class/infiniband_verbs/uverbs_sim%d", index);
	snprintf(device->ibv.ibdev_path, sizeof(device->ibv.ibdev_path),
		 "/sys/class/infiniband/mlx5_sim%d", index);
	if (!sim_registry_add(&device->ibv, SIM_DEVICE, device)) {
		free(device);
		return NULL;
	}
	devices[index] = device;
	return device;
}

/* Read at every listing, so a program (or a test) may change it between listings. */
static int sim_device_count(void)
{
	const char *value = getenv(SIM_DEVICES_ENV);
	char *end;
	long count;

	if (!value)
		return 1;
	errno = 0;
	count = strtol(value, &end, 10);
	if (errno || end == value || *end || count < 1 || count > SIM_MAX_DEVICES) {
		sim_warn("ibv_get_device_list", "%s=\"%s\" is not a number in 1..%d; serving 1 device",
			 SIM_DEVICES_ENV, value, SIM_MAX_DEVICES);
		return 1;
	}
	return (int)count;
}

SIM_EXPORT struct ibv_device **ibv_get_device_list(int *num_devices)
{
	const struct real_verbs *rv = real_verbs();
	int sim_count = sim_device_count();
	struct ibv_device **real = NULL;
	struct sim_device_list *list;
	int real_count = 0;
	int n = 0;

	/* no rdma-core, no kernel support or no hardware all mean: no real devices */
	if (rv->get_device_list)
		real = rv->get_device_list(&real_count);
	if (!real)
		real_count = 0;
	real_devices_learn(real);

	list = calloc(1, sizeof(*list) +
			 (size_t)(sim_count + real_count + 1) * sizeof(list->devices[0]));
	if (!list)
		goto no_memory;
	list->real = real;
	pthread_mutex_lock(&sim_lock);
	for (; n < sim_count; n++) {
		struct sim_device *device = sim_device_get(n);

		if (!device)
			break;
		list->devices[n] = &device->ibv;
	}
	if (n < sim_count || !sim_registry_add(list->devices, SIM_DEVICE_LIST, list)) {
		pthread_mutex_unlock(&sim_lock);
		free(list);
		goto no_memory;
	}
	pthread_mutex_unlock(&sim_lock);
	for (int i = 0; i < real_count; i++)
		list->devices[n++] = real[i];
	if (num_devices)
		*num_devices = n;
	return list->devices;

no_memory:
	if (real)
		rv->free_device_list(real);
	sim_err(__func__, "out of memory");
	errno = ENOMEM;
	return NULL;
}

SIM_EXPORT void ibv_free_device_list(struct ibv_device **devices)
{
	struct sim_device_list *list;
	struct ibv_device **real;

	/* every list comes from us: an unknown one has nowhere to go */
	if (sim_route(__func__, devices, SIM_DEVICE_LIST, (void **)&list, false) !=
	    SIM_ROUTE_SIMULATED)
		return;
	real = list->real;
	sim_registry_retire(devices, list);
	pthread_mutex_unlock(&sim_lock);
	if (real)
		real_verbs()->free_device_list(real);
}

SIM_EXPORT const char *ibv_get_device_name(struct ibv_device *device)
{
	const struct real_verbs *rv = real_verbs();
	struct sim_device *sim;
	const char *name;

	switch (sim_route(__func__, device, SIM_DEVICE, (void **)&sim,
			  rv->get_device_name != NULL)) {
	case SIM_ROUTE_SIMULATED:
		name = sim->ibv.name;
		pthread_mutex_unlock(&sim_lock);
		return name;
	case SIM_ROUTE_REAL:
		return rv->get_device_name(device);
	default:
		return NULL;
	}
}

/* rdma-core returns 0 when it cannot tell the GUID; so do we, with errno set. */
SIM_EXPORT __be64 ibv_get_device_guid(struct ibv_device *device)
{
	const struct real_verbs *rv = real_verbs();
	struct sim_device *sim;
	__be64 guid;

	switch (sim_route(__func__, device, SIM_DEVICE, (void **)&sim,
			  rv->get_device_guid != NULL)) {
	case SIM_ROUTE_SIMULATED:
		guid = sim->guid;
		pthread_mutex_unlock(&sim_lock);
		return guid;
	case SIM_ROUTE_REAL:
		return rv->get_device_guid(device);
	default:
		return 0;
	}
}

/* What a BlueField-3 NIC reports (mlx5 driver, firmware 32.x), with the simulator named. */
static void fill_attributes(const struct sim_device *device, struct ibv_device_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	snprintf(attr->fw_ver, sizeof(attr->fw_ver), "%s", SIM_FW_VERSION);
	attr->node_guid = device->guid;
	attr->sys_image_guid = device->guid;
	attr->max_mr_size = UINT64_MAX;
	attr->page_size_cap = ~0xfffULL; /* 4 KiB and every larger power of two */
	attr->vendor_id = SIM_VENDOR_ID;
	attr->vendor_part_id = SIM_VENDOR_PART_ID;
	attr->hw_ver = 0;
	attr->max_qp = 1 << 17;
	attr->max_qp_wr = 1 << 15;
	attr->device_cap_flags = IBV_DEVICE_BAD_PKEY_CNTR | IBV_DEVICE_BAD_QKEY_CNTR |
				 IBV_DEVICE_CHANGE_PHY_PORT | IBV_DEVICE_PORT_ACTIVE_EVENT |
				 IBV_DEVICE_SYS_IMAGE_GUID | IBV_DEVICE_RC_RNR_NAK_GEN |
				 IBV_DEVICE_N_NOTIFY_CQ | IBV_DEVICE_MEM_WINDOW |
				 IBV_DEVICE_UD_IP_CSUM | IBV_DEVICE_XRC |
				 IBV_DEVICE_MEM_MGT_EXTENSIONS | IBV_DEVICE_MEM_WINDOW_TYPE_2B |
				 IBV_DEVICE_RAW_IP_CSUM | IBV_DEVICE_MANAGED_FLOW_STEERING;
	attr->max_sge = 30;
	attr->max_sge_rd = 30;
	attr->max_cq = 1 << 24;
	attr->max_cqe = (1 << 22) - 1;
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
	attr->max_srq_wr = (1 << 15) - 1;
	attr->max_srq_sge = 31;
	attr->max_pkeys = 128;
	attr->local_ca_ack_delay = 16;
	attr->phys_port_cnt = 1;
}

/* Returns 0 or an errno value, as rdma-core does. */
SIM_EXPORT int ibv_query_device(struct ibv_context *context, struct ibv_device_attr *device_attr)
{
	const struct real_verbs *rv = real_verbs();
	struct sim_context *sim;

	if (!device_attr) {
		sim_err(__func__, "device_attr is NULL");
		return errno = EINVAL;
	}
	switch (sim_route(__func__, context, SIM_CONTEXT, (void **)&sim,
			  rv->query_device != NULL)) {
	case SIM_ROUTE_SIMULATED:
		fill_attributes(sim->device, device_attr);
		pthread_mutex_unlock(&sim_lock);
		return 0;
	case SIM_ROUTE_REAL:
		return rv->query_device(context, device_attr);
	default:
		return errno;
	}
}
