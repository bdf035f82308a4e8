/*
 * A stand-in for rdma-core with one "real" device, fake0, so the forwarding paths of
 * libflexio_verbs run on machines without RDMA hardware.  Linked after libflexio_verbs and
 * before libibverbs, it is what the simulator finds as "the next" definitions.  Every call
 * counts itself in fake_rdma_calls.
 */
#include <errno.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <stdlib.h>
#include <string.h>

int fake_rdma_calls;

static struct ibv_device fake_device = { .name = "fake0", .node_type = IBV_NODE_CA };
/* devices rdma-core makes outside ibv_get_device_list */
static struct ibv_device fake_vfio_device = { .name = "vfio0", .node_type = IBV_NODE_CA };
static struct ibv_device fake_imported_device = { .name = "imported0", .node_type = IBV_NODE_CA };

struct ibv_device **ibv_get_device_list(int *num_devices)
{
	struct ibv_device **list = calloc(2, sizeof(*list));

	fake_rdma_calls++;
	list[0] = &fake_device;
	if (num_devices)
		*num_devices = 1;
	return list;
}

void ibv_free_device_list(struct ibv_device **list)
{
	fake_rdma_calls++;
	free(list);
}

const char *ibv_get_device_name(struct ibv_device *device)
{
	fake_rdma_calls++;
	return device->name;
}

__be64 ibv_get_device_guid(struct ibv_device *device)
{
	(void)device;
	fake_rdma_calls++;
	return 42;
}

struct ibv_context *ibv_open_device(struct ibv_device *device)
{
	struct ibv_context *context = calloc(1, sizeof(*context));

	fake_rdma_calls++;
	context->device = device;
	return context;
}

int ibv_close_device(struct ibv_context *context)
{
	fake_rdma_calls++;
	free(context);
	return 0;
}

int ibv_query_device(struct ibv_context *context, struct ibv_device_attr *attr)
{
	(void)context;
	fake_rdma_calls++;
	memset(attr, 0, sizeof(*attr));
	attr->vendor_id = 0x15b3;
	return 0;
}

/* What a real ConnectX's RoCE port reports: active, Ethernet, 4X EDR (100 Gb/s), no LID. */
int(ibv_query_port)(struct ibv_context *context, uint8_t port_num, struct _compat_ibv_port_attr *port_attr)
{
	struct ibv_port_attr *attr = (struct ibv_port_attr *)port_attr;

	(void)context;
	fake_rdma_calls++;
	if (port_num != 1)
		return EINVAL;
	memset(attr, 0, sizeof(*attr));
	attr->state = IBV_PORT_ACTIVE;
	attr->link_layer = IBV_LINK_LAYER_ETHERNET;
	attr->active_width = 2;  /* 4X */
	attr->active_speed = 32; /* EDR */
	return 0;
}

struct ibv_pd *ibv_alloc_pd(struct ibv_context *context)
{
	struct ibv_pd *pd = calloc(1, sizeof(*pd));

	fake_rdma_calls++;
	pd->context = context;
	return pd;
}

int ibv_dealloc_pd(struct ibv_pd *pd)
{
	fake_rdma_calls++;
	free(pd);
	return 0;
}

static struct ibv_mr *new_mr(struct ibv_pd *pd, void *addr, size_t length)
{
	struct ibv_mr *mr = calloc(1, sizeof(*mr));

	fake_rdma_calls++;
	mr->context = pd->context;
	mr->pd = pd;
	mr->addr = addr;
	mr->length = length;
	mr->lkey = mr->rkey = 7;
	return mr;
}

struct ibv_mr *(ibv_reg_mr)(struct ibv_pd *pd, void *addr, size_t length, int access)
{
	(void)access;
	return new_mr(pd, addr, length);
}

struct ibv_mr *(ibv_reg_mr_iova)(struct ibv_pd *pd, void *addr, size_t length, uint64_t iova, int access)
{
	(void)iova, (void)access;
	return new_mr(pd, addr, length);
}

struct ibv_mr *ibv_reg_mr_iova2(struct ibv_pd *pd, void *addr, size_t length, uint64_t iova, unsigned int access)
{
	(void)iova, (void)access;
	return new_mr(pd, addr, length);
}

int ibv_dereg_mr(struct ibv_mr *mr)
{
	fake_rdma_calls++;
	free(mr);
	return 0;
}

struct mlx5dv_devx_uar *mlx5dv_devx_alloc_uar(struct ibv_context *context, uint32_t flags)
{
	(void)context, (void)flags;
	fake_rdma_calls++;
	return calloc(1, sizeof(struct mlx5dv_devx_uar));
}

void mlx5dv_devx_free_uar(struct mlx5dv_devx_uar *uar)
{
	fake_rdma_calls++;
	free(uar);
}

struct ibv_device **mlx5dv_get_vfio_device_list(struct mlx5dv_vfio_context_attr *attr)
{
	struct ibv_device **list = calloc(2, sizeof(*list));

	(void)attr;
	fake_rdma_calls++;
	list[0] = &fake_vfio_device;
	return list;
}

struct ibv_context *ibv_import_device(int cmd_fd)
{
	struct ibv_context *context = calloc(1, sizeof(*context));

	fake_rdma_calls++;
	context->device = &fake_imported_device;
	context->cmd_fd = cmd_fd;
	return context;
}
