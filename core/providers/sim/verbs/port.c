/*
 * The port of a simulated device and the context-level queries: ibv_query_port (the entry
 * point and the op verbs.h's inline ibv_query_port calls), GIDs, P_Keys, ibv_query_device_ex
 * and the asynchronous events of a context.
 *
 * Port 1 is a RoCE port (Ethernet link layer, as BlueField-3's uplinks), active unless its
 * configuration (core/net/PORTS.md) leaves it down, with its configured MTU: no LID, one
 * P_Key (0xffff), and two GIDs, the link-local address derived from the device GUID as RoCE
 * v1 (index 0) and RoCE v2 (index 1), as mlx5 lists it before any IP address is configured.
 */
#include "verbs_internal.h"

#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#define VERBS_PORT 1
#define VERBS_GID_COUNT 2
#define VERBS_PKEY 0xffff

/* The layout ibv_query_port@IBVERBS_1.1 fills: struct ibv_port_attr up to `flags`
 * (rdma-core's verbs.c). */
struct _compat_ibv_port_attr {
	enum ibv_port_state state;
	enum ibv_mtu max_mtu;
	enum ibv_mtu active_mtu;
	int gid_tbl_len;
	uint32_t port_cap_flags;
	uint32_t max_msg_sz;
	uint32_t bad_pkey_cntr;
	uint32_t qkey_viol_cntr;
	uint16_t pkey_tbl_len;
	uint16_t lid;
	uint16_t sm_lid;
	uint8_t lmc;
	uint8_t max_vl_num;
	uint8_t sm_sl;
	uint8_t subnet_timeout;
	uint8_t init_type_reply;
	uint8_t active_width;
	uint8_t active_speed;
	uint8_t phys_state;
	uint8_t link_layer;
	uint8_t flags;
};

/* An Ethernet MTU as the IB MTU RoCE uses: the largest that fits in it (1500: 1024). */
static enum ibv_mtu ib_mtu(uint32_t mtu)
{
	enum ibv_mtu ib = IBV_MTU_256;

	while (ib < IBV_MTU_4096 && 256u << ib <= mtu)
		ib++;
	return ib;
}

static void fill_port(struct ibv_port_attr *attr, bool connected, uint32_t mtu)
{
	memset(attr, 0, sizeof(*attr));
	attr->state = connected ? IBV_PORT_ACTIVE : IBV_PORT_DOWN;
	attr->max_mtu = IBV_MTU_4096;
	attr->active_mtu = ib_mtu(mtu);
	attr->gid_tbl_len = VERBS_GID_COUNT;
	attr->port_cap_flags = IBV_PORT_CM_SUP | IBV_PORT_IP_BASED_GIDS;
	attr->max_msg_sz = 1u << 30;
	attr->pkey_tbl_len = 1;
	attr->max_vl_num = 1;
	attr->active_width = 2;               /* 4X */
	attr->active_speed = 64;              /* HDR: 4 x 50 Gb/s */
	attr->phys_state = connected ? 5 : 3; /* LinkUp, Disabled */
	attr->link_layer = IBV_LINK_LAYER_ETHERNET;
	attr->flags = IBV_QPF_GRH_REQUIRED;
}

/* The port of a live simulated context (verbs_lock held, released here); 0 or an errno value.
 * Its state and MTU are the NIC's port's, as its attachment set them (core/net): the query
 * makes the device's NIC, which attaches the ports, if no queue has yet. */
static int port_of(const char *function, struct verbs_ctx *context, uint8_t port_num, struct ibv_port_attr *attr)
{
	struct verbs_nic *nic = verbs_nic_of(context->device);
	struct nic_port_attr port = { .mtu = 1500 };

	pthread_mutex_unlock(&verbs_lock);
	if (port_num != VERBS_PORT) {
		verbs_err(function, "port %u does not exist: the simulated device has port 1 only", port_num);
		return errno = EINVAL;
	}
	if (nic)
		nic_port_get(nic->nic, port_num, &port);
	fill_port(attr, !port.down, port.mtu);
	return 0;
}

int verbs_query_port(const char *function, struct ibv_context *context, uint8_t port_num, struct ibv_port_attr *attr)
{
	void *sim;

	if (verbs_route(function, context, VERBS_CONTEXT, &sim, false) != VERBS_ROUTE_SIMULATED)
		return errno;
	return port_of(function, sim, port_num, attr);
}

/* The entry point verbs.h's inline ibv_query_port falls back to, and older binaries call. */
VERBS_EXPORT int(ibv_query_port)(struct ibv_context *context, uint8_t port_num, struct _compat_ibv_port_attr *port_attr)
{
	__typeof__(&ibv_query_port) real = VERBS_REAL(ibv_query_port);
	struct ibv_port_attr attr;
	void *sim;
	int rc;

	VERBS_DELEGATE(ibv_query_port, (context, port_num, port_attr));
	if (!port_attr) {
		verbs_err(__func__, "port_attr is NULL");
		return errno = EINVAL;
	}
	switch (verbs_route(__func__, context, VERBS_CONTEXT, &sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context, port_num, port_attr);
	default:
		return errno;
	}
	rc = port_of(__func__, sim, port_num, &attr);
	if (!rc)
		memcpy(port_attr, &attr, sizeof(*port_attr)); /* the same leading fields */
	return rc;
}

/* GID index of the port: the link-local address from the GUID (an EUI-64, universal bit
 * flipped), RoCE v1 at index 0 and v2 at index 1. */
static bool gid_of(const struct verbs_device *device, uint32_t index, union ibv_gid *gid, uint32_t *type)
{
	if (index >= VERBS_GID_COUNT)
		return false;
	memset(gid, 0, sizeof(*gid));
	gid->raw[0] = 0xfe;
	gid->raw[1] = 0x80;
	memcpy(&gid->raw[8], &device->guid, 8);
	gid->raw[8] ^= 0x02;
	if (type)
		*type = index ? IBV_GID_TYPE_ROCE_V2 : IBV_GID_TYPE_ROCE_V1;
	return true;
}

void verbs_port_gid(const struct verbs_device *device, uint8_t gid[16])
{
	union ibv_gid value;

	gid_of(device, 0, &value, NULL);
	memcpy(gid, value.raw, sizeof(value.raw));
}

/* The MAC the GUID was made from: Mellanox GUIDs put 03:00 between the OUI and the rest. */
void verbs_port_mac(const struct verbs_device *device, uint8_t mac[6])
{
	const uint8_t *guid = (const uint8_t *)&device->guid;

	memcpy(mac, guid, 3);
	memcpy(mac + 3, guid + 5, 3);
}

/* Returns 0, or -1 with errno (rdma-core's convention for this call). */
VERBS_EXPORT int ibv_query_gid(struct ibv_context *context, uint8_t port_num, int index, union ibv_gid *gid)
{
	__typeof__(&ibv_query_gid) real = VERBS_REAL(ibv_query_gid);
	struct verbs_ctx *sim;
	bool found;

	VERBS_DELEGATE(ibv_query_gid, (context, port_num, index, gid));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context, port_num, index, gid);
	default:
		return -1;
	}
	found = gid && port_num == VERBS_PORT && index >= 0 && gid_of(sim->device, (uint32_t)index, gid, NULL);
	pthread_mutex_unlock(&verbs_lock);
	if (!found) {
		if (gid)
			verbs_err(__func__, "no GID %d on port %u (port 1 has GIDs 0 and 1)", index, port_num);
		else
			verbs_err(__func__, "gid is NULL");
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/* Returns 0 or an errno value. */
VERBS_EXPORT int _ibv_query_gid_ex(struct ibv_context *context, uint32_t port_num, uint32_t gid_index,
				   struct ibv_gid_entry *entry, uint32_t flags, size_t entry_size)
{
	__typeof__(&_ibv_query_gid_ex) real = VERBS_REAL(_ibv_query_gid_ex);
	struct ibv_gid_entry found = { 0 };
	struct verbs_ctx *sim;
	bool ok;

	VERBS_DELEGATE(_ibv_query_gid_ex, (context, port_num, gid_index, entry, flags, entry_size));
	switch (verbs_route("ibv_query_gid_ex", context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context, port_num, gid_index, entry, flags, entry_size);
	default:
		return errno;
	}
	ok = port_num == VERBS_PORT && gid_of(sim->device, gid_index, &found.gid, &found.gid_type);
	pthread_mutex_unlock(&verbs_lock);
	if (!entry || flags || entry_size < offsetof(struct ibv_gid_entry, ndev_ifindex)) {
		verbs_err("ibv_query_gid_ex", "entry is NULL or too small, or flags are not 0");
		return errno = EINVAL;
	}
	if (!ok) {
		verbs_err("ibv_query_gid_ex", "no GID %u on port %u (port 1 has GIDs 0 and 1)", gid_index, port_num);
		return errno = EINVAL;
	}
	found.gid_index = gid_index;
	found.port_num = port_num;
	found.ndev_ifindex = 0; /* no network device behind the simulated port */
	memset(entry, 0, entry_size);
	memcpy(entry, &found, entry_size < sizeof(found) ? entry_size : sizeof(found));
	return 0;
}

/* Returns the number of entries written, or minus an errno value. */
VERBS_EXPORT ssize_t _ibv_query_gid_table(struct ibv_context *context, struct ibv_gid_entry *entries,
					  size_t max_entries, uint32_t flags, size_t entry_size)
{
	__typeof__(&_ibv_query_gid_table) real = VERBS_REAL(_ibv_query_gid_table);
	struct ibv_gid_entry table[VERBS_GID_COUNT];
	struct verbs_ctx *sim;

	VERBS_DELEGATE(_ibv_query_gid_table, (context, entries, max_entries, flags, entry_size));
	switch (verbs_route("ibv_query_gid_table", context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context, entries, max_entries, flags, entry_size);
	default:
		return -errno;
	}
	memset(table, 0, sizeof(table));
	for (uint32_t i = 0; i < VERBS_GID_COUNT; i++) {
		gid_of(sim->device, i, &table[i].gid, &table[i].gid_type);
		table[i].gid_index = i;
		table[i].port_num = VERBS_PORT;
	}
	pthread_mutex_unlock(&verbs_lock);
	if (!entries || flags || entry_size < offsetof(struct ibv_gid_entry, ndev_ifindex) ||
	    max_entries < VERBS_GID_COUNT) {
		verbs_err("ibv_query_gid_table",
			  "entries is NULL or holds fewer than %d entries, or "
			  "flags are not 0",
			  VERBS_GID_COUNT);
		errno = EINVAL;
		return -EINVAL;
	}
	for (size_t i = 0; i < VERBS_GID_COUNT; i++) {
		char *to = (char *)entries + i * entry_size;

		memset(to, 0, entry_size);
		memcpy(to, &table[i], entry_size < sizeof(table[i]) ? entry_size : sizeof(table[i]));
	}
	return VERBS_GID_COUNT;
}

/* Returns 0, or -1 with errno. */
VERBS_EXPORT int ibv_query_pkey(struct ibv_context *context, uint8_t port_num, int index, __be16 *pkey)
{
	__typeof__(&ibv_query_pkey) real = VERBS_REAL(ibv_query_pkey);
	void *sim;

	VERBS_DELEGATE(ibv_query_pkey, (context, port_num, index, pkey));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, &sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock);
		break;
	case VERBS_ROUTE_REAL:
		return real(context, port_num, index, pkey);
	default:
		return -1;
	}
	if (!pkey || port_num != VERBS_PORT || index != 0) {
		if (pkey)
			verbs_err(__func__, "no P_Key %d on port %u (port 1 has P_Key 0 only)", index, port_num);
		else
			verbs_err(__func__, "pkey is NULL");
		errno = EINVAL;
		return -1;
	}
	*pkey = htobe16(VERBS_PKEY);
	return 0;
}

/* Returns the index, or -1 with errno. */
VERBS_EXPORT int ibv_get_pkey_index(struct ibv_context *context, uint8_t port_num, __be16 pkey)
{
	__typeof__(&ibv_get_pkey_index) real = VERBS_REAL(ibv_get_pkey_index);
	void *sim;

	VERBS_DELEGATE(ibv_get_pkey_index, (context, port_num, pkey));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, &sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock);
		break;
	case VERBS_ROUTE_REAL:
		return real(context, port_num, pkey);
	default:
		return -1;
	}
	if (port_num != VERBS_PORT || pkey != htobe16(VERBS_PKEY)) {
		verbs_err(__func__, "no P_Key 0x%04x on port %u (port 1 has 0xffff only)", be16toh(pkey), port_num);
		errno = ENOENT;
		return -1;
	}
	return 0;
}

/* The op behind verbs.h's inline ibv_query_device_ex; 0 or an errno value. */
int verbs_query_device_ex(struct ibv_context *context, const struct ibv_query_device_ex_input *input,
			  struct ibv_device_attr_ex *attr, size_t attr_size)
{
	struct ibv_device_attr_ex full;
	struct verbs_ctx *sim;

	if (verbs_route("ibv_query_device_ex", context, VERBS_CONTEXT, (void **)&sim, false) != VERBS_ROUTE_SIMULATED)
		return errno;
	memset(&full, 0, sizeof(full));
	verbs_fill_device_attr(sim->device, &full.orig_attr);
	pthread_mutex_unlock(&verbs_lock);
	if (!attr || attr_size < sizeof(attr->orig_attr) || (input && input->comp_mask)) {
		verbs_err("ibv_query_device_ex", "attr is NULL or too small, or input->comp_mask is not 0");
		return errno = EINVAL;
	}
	full.device_cap_flags_ex = full.orig_attr.device_cap_flags;
	full.phys_port_cnt_ex = full.orig_attr.phys_port_cnt;
	memset(attr, 0, attr_size);
	memcpy(attr, &full, attr_size < sizeof(full) ? attr_size : sizeof(full));
	return 0;
}

/*
 * A simulated device raises no asynchronous event: like rdma-core on a device without
 * events, this waits on the context's async_fd (forever, or EAGAIN when the program made it
 * non-blocking, as programs that poll it do).  Returns 0, or -1 with errno.
 */
VERBS_EXPORT int ibv_get_async_event(struct ibv_context *context, struct ibv_async_event *event)
{
	__typeof__(&ibv_get_async_event) real = VERBS_REAL(ibv_get_async_event);
	uint64_t count;
	void *sim;
	int fd;

	VERBS_DELEGATE(ibv_get_async_event, (context, event));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, &sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		fd = context->async_fd;
		pthread_mutex_unlock(&verbs_lock);
		break;
	case VERBS_ROUTE_REAL:
		return real(context, event);
	default:
		return -1;
	}
	if (!event) {
		verbs_err(__func__, "event is NULL");
		errno = EINVAL;
		return -1;
	}
	/* nothing ever writes the eventfd: this returns only with an error */
	if (read(fd, &count, sizeof(count)) == (ssize_t)sizeof(count))
		errno = EAGAIN;
	return -1;
}

/* Acknowledges an event of rdma-core's; the simulated devices raise none. */
VERBS_EXPORT void ibv_ack_async_event(struct ibv_async_event *event)
{
	__typeof__(&ibv_ack_async_event) real = VERBS_REAL(ibv_ack_async_event);
	enum verbs_kind kind;
	const void *element;
	void *sim;

	VERBS_DELEGATE_VOID(ibv_ack_async_event, (event));
	if (!event) {
		verbs_err(__func__, "event is NULL");
		errno = EINVAL;
		return;
	}
	switch (event->event_type) {
	case IBV_EVENT_CQ_ERR:
		kind = VERBS_CQ, element = event->element.cq;
		break;
	case IBV_EVENT_QP_FATAL:
	case IBV_EVENT_QP_REQ_ERR:
	case IBV_EVENT_QP_ACCESS_ERR:
	case IBV_EVENT_COMM_EST:
	case IBV_EVENT_SQ_DRAINED:
	case IBV_EVENT_PATH_MIG:
	case IBV_EVENT_PATH_MIG_ERR:
	case IBV_EVENT_QP_LAST_WQE_REACHED:
		kind = VERBS_QP, element = event->element.qp;
		break;
	case IBV_EVENT_SRQ_ERR:
	case IBV_EVENT_SRQ_LIMIT_REACHED:
		kind = VERBS_SRQ, element = event->element.srq;
		break;
	case IBV_EVENT_WQ_FATAL:
		kind = VERBS_WQ, element = event->element.wq;
		break;
	default: /* port and device events name no object: nothing to count */
		return;
	}
	switch (verbs_route(__func__, element, kind, &sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED: /* not reached: the simulator makes no such object */
		pthread_mutex_unlock(&verbs_lock);
		return;
	case VERBS_ROUTE_REAL:
		real(event);
		return;
	default:
		return;
	}
}
