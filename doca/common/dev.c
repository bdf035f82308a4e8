/*
 * DOCA devices (doca_dev.h), the newest forms: device lists, properties, capabilities, opening
 * and closing; and what the other families get (dev.h). Representors are dev_rep.c's; the forms
 * of older releases are dev_v2_7.c's, dev_v2_2.c's and dev_v1_4.c's.
 *
 * The devices are rdma-core's (ibv_get_device_list): the simulated ones (mlx5_sim0 ...) first,
 * then real ones. All doca_devinfo and doca_dev operations are thread-safe, as the DOCA Core
 * programming guide says.
 */
#include "doca_dev.h"

#include <errno.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "dev_internal.h"

const struct opendoca_kind opendoca_devinfo_kind = { "device information" };
const struct opendoca_kind opendoca_dev_kind = { "device" };

/* ---- holders of a devinfo or repinfo ---- */

bool dev_info_hold(struct info *info)
{
	uint32_t holders = atomic_load(&info->holders);

	do {
		if (!holders)
			return false;
	} while (!atomic_compare_exchange_weak(&info->holders, &holders, holders + 1));
	return true;
}

void dev_info_release(struct info *info)
{
	struct opendoca_object *object;

	if (atomic_fetch_sub(&info->holders, 1) != 1)
		return;
	/* The last holder: nobody may reach it through its handle any more. */
	object = opendoca_handle_close(opendoca_handle_of(&info->object), info->object.kind, __func__);
	opendoca_handle_put(object);
	opendoca_handle_put(object);
}

/* ---- lists handed to programs ---- */

/* A list a program holds: items, an array of handles of one kind. */
struct published {
	struct published *next;
	const struct opendoca_kind *kind;
	uint32_t count;
	void *items[];
};

static pthread_mutex_t lists_lock = PTHREAD_MUTEX_INITIALIZER;
static struct published *lists;

doca_error_t dev_list_publish(void *const *items, uint32_t count, const struct opendoca_kind *kind, void ***list,
			      uint32_t *count_out, const char *func)
{
	/* one more, NULL: not DOCA's promise, a guard for a program that walks past the end */
	struct published *published = calloc(1, sizeof(*published) + (count + 1) * sizeof(void *));

	if (!published)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for a list of %u", count);
	published->kind = kind;
	published->count = count;
	memcpy(published->items, items, count * sizeof(void *));
	pthread_mutex_lock(&lists_lock);
	published->next = lists;
	lists = published;
	pthread_mutex_unlock(&lists_lock);
	*list = published->items;
	*count_out = count;
	return DOCA_SUCCESS;
}

doca_error_t dev_list_release(void **list, const struct opendoca_kind *kind, const char *func)
{
	struct published **at, *published = NULL;

	if (!list)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the list is NULL");
	pthread_mutex_lock(&lists_lock);
	for (at = &lists; *at; at = &(*at)->next)
		if ((*at)->items == list && (*at)->kind == kind) {
			published = *at;
			*at = published->next;
			break;
		}
	pthread_mutex_unlock(&lists_lock);
	if (!published)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "%p is no list of %s this library made (or it was destroyed)", (void *)list,
				     kind->name);
	for (uint32_t i = 0; i < published->count; i++) {
		struct info *info = opendoca_handle_try_get(published->items[i], kind);

		dev_info_release(info); /* the list's holder: live until now */
		opendoca_handle_put(&info->object);
	}
	free(published);
	return DOCA_SUCCESS;
}

/* ---- device information ---- */

static void listing_release(struct listing *listing)
{
	if (atomic_fetch_sub(&listing->refs, 1) != 1)
		return;
	ibv_free_device_list(listing->devices);
	free(listing);
}

static void devinfo_free(struct opendoca_object *object)
{
	struct devinfo *devinfo = (struct devinfo *)object;

	listing_release(devinfo->listing);
	free(devinfo->reps);
	free(devinfo);
}

struct devinfo *dev_devinfo_get(const void *handle, const char *func)
{
	return opendoca_handle_get(handle, &opendoca_devinfo_kind, func);
}

doca_error_t dev_list_create(struct doca_devinfo ***list, uint32_t *count, const char *func)
{
	struct listing *listing;
	struct devinfo **items;
	doca_error_t err = DOCA_SUCCESS;
	uint32_t n = 0;
	int found = 0;

	if (!list || !count)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", !list ? "dev_list" : "nb_devs");
	listing = calloc(1, sizeof(*listing));
	if (!listing)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	listing->devices = ibv_get_device_list(&found);
	if (!listing->devices) {
		free(listing);
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "rdma-core lists no device: %s", strerror(errno));
	}
	atomic_init(&listing->refs, 1); /* this call's */
	items = calloc((size_t)found + 1, sizeof(*items));
	if (!items)
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	for (int i = 0; !err && i < found; i++) {
		struct devinfo *devinfo = calloc(1, sizeof(*devinfo));

		if (!devinfo) {
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
			break;
		}
		devinfo->device = listing->devices[i];
		if (!dev_props_read(devinfo, func)) {
			free(devinfo->reps);
			free(devinfo);
			continue;
		}
		if (!devinfo->num_reps) /* no representor: not an embedded switch's manager */
			devinfo->caps &= ~(OPENDOCA_CAP_BIT(OPENDOCA_CAP_REP_FILTER_ALL) |
					   OPENDOCA_CAP_BIT(OPENDOCA_CAP_REP_FILTER_NET) |
					   OPENDOCA_CAP_BIT(OPENDOCA_CAP_REP_FILTER_EMULATED));
		devinfo->listing = listing;
		atomic_fetch_add(&listing->refs, 1);
		atomic_init(&devinfo->info.holders, 1); /* the list's */
		if (!opendoca_handle_open(&devinfo->info.object, &opendoca_devinfo_kind, devinfo_free)) {
			devinfo_free(&devinfo->info.object);
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of handles");
			break;
		}
		items[n++] = devinfo;
	}
	for (uint32_t i = 0; i < n; i++)
		items[i] = opendoca_handle_of(&items[i]->info.object);
	if (!err)
		err = dev_list_publish((void *const *)items, n, &opendoca_devinfo_kind, (void ***)list, count, func);
	if (err)
		for (uint32_t i = 0; i < n; i++) {
			struct info *info = opendoca_handle_try_get(items[i], &opendoca_devinfo_kind);

			dev_info_release(info);
			opendoca_handle_put(&info->object);
		}
	free(items);
	listing_release(listing);
	return err;
}

doca_error_t dev_list_destroy(struct doca_devinfo **list, const char *func)
{
	return dev_list_release((void **)list, &opendoca_devinfo_kind, func);
}

doca_error_t dev_props_of(const struct doca_devinfo *devinfo, struct dev_props *props, const char *func)
{
	struct devinfo *info = dev_devinfo_get(devinfo, func);

	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	*props = info->props;
	opendoca_handle_put(&info->info.object);
	return DOCA_SUCCESS;
}

doca_error_t dev_cap(const struct doca_devinfo *devinfo, enum opendoca_cap cap, uint8_t *supported, const char *func)
{
	struct devinfo *info;

	if ((unsigned)cap >= OPENDOCA_CAP_COUNT)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "no capability %d", (int)cap);
	info = dev_devinfo_get(devinfo, func);
	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	if (supported)
		*supported = (info->caps & OPENDOCA_CAP_BIT(cap)) != 0;
	opendoca_handle_put(&info->info.object);
	return supported ? DOCA_SUCCESS : opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output is NULL");
}

doca_error_t opendoca_devinfo_cap(const struct doca_devinfo *devinfo, enum opendoca_cap cap, uint8_t *supported,
				  const char *func)
{
	return dev_cap(devinfo, cap, supported, func);
}

doca_error_t opendoca_devinfo_attr(const struct doca_devinfo *devinfo, struct ibv_device_attr *attr, const char *func)
{
	struct devinfo *info = dev_devinfo_get(devinfo, func);

	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	if (attr)
		*attr = info->attr;
	opendoca_handle_put(&info->info.object);
	return attr ? DOCA_SUCCESS : opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "attr is NULL");
}

doca_error_t opendoca_devinfo_max_msg_size(const struct doca_devinfo *devinfo, uint64_t *size, const char *func)
{
	struct devinfo *info = dev_devinfo_get(devinfo, func);

	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	if (size)
		*size = info->props.max_msg_size;
	opendoca_handle_put(&info->info.object);
	return size ? DOCA_SUCCESS : opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "size is NULL");
}

doca_error_t opendoca_devinfo_gids(const struct doca_devinfo *devinfo, uint32_t start, uint32_t num, uint8_t *gids,
				   uint32_t *table_size, const char *func)
{
	struct devinfo *info = dev_devinfo_get(devinfo, func);
	struct ibv_context *context;
	struct ibv_port_attr port;
	union ibv_gid gid;
	doca_error_t err = DOCA_SUCCESS;

	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	/* The table is the port's now (addresses come and go): read at each call, on a context of its own. */
	context = ibv_open_device(info->device);
	memset(&port, 0, sizeof(port));
	if (!context || ibv_query_port(context, 1, &port))
		err = opendoca_fail(DOCA_ERROR_DRIVER, func, "%s: %s failed: %s", info->props.ibdev_name,
				    context ? "ibv_query_port" : "ibv_open_device", strerror(errno));
	else if (gids && (start >= (uint32_t)port.gid_tbl_len || num > (uint32_t)port.gid_tbl_len - start))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "GIDs %u - %u are past %s's table of %d", start,
				    start + num - 1, info->props.ibdev_name, port.gid_tbl_len);
	for (uint32_t i = 0; !err && gids && i < num; i++) {
		if (ibv_query_gid(context, 1, (int)(start + i), &gid))
			err = opendoca_fail(DOCA_ERROR_DRIVER, func, "%s: ibv_query_gid of GID %u failed: %s",
					    info->props.ibdev_name, start + i, strerror(errno));
		else
			memcpy(gids + 16 * (size_t)i, gid.raw, sizeof(gid.raw));
	}
	if (!err && table_size)
		*table_size = (uint32_t)port.gid_tbl_len;
	if (context)
		ibv_close_device(context);
	opendoca_handle_put(&info->info.object);
	return err;
}

doca_error_t dev_is_equal_pci_addr(const struct doca_devinfo *devinfo, const char *pci_addr, uint8_t *is_equal,
				   const char *func)
{
	char address[DEV_PCI_ADDR_SIZE];
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, func);

	if (err)
		return err;
	if (!is_equal)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "is_equal is NULL");
	if (!dev_pci_addr_parse(pci_addr, address))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "\"%s\" is no PCI address \"XXXX:XX:XX.X\" or \"XX:XX.X\"",
				     pci_addr ? pci_addr : "(null)");
	*is_equal = !strcmp(address, props.pci_addr);
	return DOCA_SUCCESS;
}

/* A string property into out (size bytes, at least min): DOCA_ERROR_NOT_FOUND when unknown. */
static doca_error_t get_string(const struct doca_devinfo *devinfo, size_t offset, const char *what, char *out,
			       uint32_t size, uint32_t min, const char *func)
{
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, func);
	const char *value = (const char *)&props + offset;

	if (err)
		return err;
	if (!out || size < min)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s buffer is %s (%u bytes, at least %u)",
				     what, out ? "too small" : "NULL", size, min);
	if (!value[0])
		return opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "%s has no %s", props.ibdev_name, what);
	snprintf(out, size, "%s", value);
	return DOCA_SUCCESS;
}

doca_error_t dev_ip_addr(const struct doca_devinfo *devinfo, int family, uint8_t *out, uint32_t size, const char *func)
{
	uint32_t need = family == AF_INET ? DEV_IPV4_SIZE : DEV_IPV6_SIZE;
	const char *what = family == AF_INET ? "IPv4" : "IPv6";
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, func);
	struct ifaddrs *addresses;
	bool found = false;

	if (err)
		return err;
	if (!out || size < need)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "the %s address buffer is %s (%u bytes, at least %u)", what,
				     out ? "too small" : "NULL", size, need);
	if (family == AF_INET ? props.has_ipv4 : props.has_ipv6) {
		memcpy(out, family == AF_INET ? props.ipv4 : props.ipv6, need);
		return DOCA_SUCCESS;
	}
	/* The interface's address as the kernel has it now, as the guide's property is "up-to-date". */
	if (props.iface_name[0] && !getifaddrs(&addresses)) {
		for (struct ifaddrs *a = addresses; a && !found; a = a->ifa_next) {
			if (!a->ifa_addr || a->ifa_addr->sa_family != family || strcmp(a->ifa_name, props.iface_name))
				continue;
			if (family == AF_INET)
				memcpy(out, &((struct sockaddr_in *)a->ifa_addr)->sin_addr, need);
			else
				memcpy(out, &((struct sockaddr_in6 *)a->ifa_addr)->sin6_addr, need);
			found = true;
		}
		freeifaddrs(addresses);
	}
	return found ? DOCA_SUCCESS
		     : opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "%s (interface %s) has no %s address",
				     props.ibdev_name, props.iface_name[0] ? props.iface_name : "none", what);
}

/* ---- open devices ---- */

struct dev *dev_get(const void *handle, const char *func)
{
	return opendoca_handle_get(handle, &opendoca_dev_kind, func);
}

static void dev_free(struct opendoca_object *object)
{
	struct dev *dev = (struct dev *)object;

	dev_info_release(&dev->devinfo->info);
	pthread_mutex_destroy(&dev->lock);
	free(dev);
}

doca_error_t dev_use(struct dev *dev, const char *func)
{
	doca_error_t err = DOCA_SUCCESS;

	pthread_mutex_lock(&dev->lock);
	if (dev->closed)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the device %s is being closed",
				    dev->devinfo->props.ibdev_name);
	else
		dev->users++;
	pthread_mutex_unlock(&dev->lock);
	return err;
}

void dev_unuse(struct dev *dev)
{
	pthread_mutex_lock(&dev->lock);
	dev->users--;
	pthread_mutex_unlock(&dev->lock);
}

doca_error_t doca_dev_open(struct doca_devinfo *devinfo, struct doca_dev **dev)
{
	struct devinfo *info = dev_devinfo_get(devinfo, __func__);
	struct dev *opened;
	void *handle;

	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	if (!dev) {
		opendoca_handle_put(&info->info.object);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dev is NULL");
	}
	opened = calloc(1, sizeof(*opened));
	if (!opened) {
		opendoca_handle_put(&info->info.object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
	}
	opened->context = ibv_open_device(info->device);
	opened->pd = opened->context ? ibv_alloc_pd(opened->context) : NULL;
	if (!opened->pd) {
		doca_error_t err =
			opendoca_fail(DOCA_ERROR_DRIVER, __func__, "%s: %s failed: %s", info->props.ibdev_name,
				      opened->context ? "ibv_alloc_pd" : "ibv_open_device", strerror(errno));

		if (opened->context)
			ibv_close_device(opened->context);
		free(opened);
		opendoca_handle_put(&info->info.object);
		return err;
	}
	pthread_mutex_init(&opened->lock, NULL);
	opened->devinfo = info;
	/* The device holds its devinfo: the list may go, doca_dev_as_devinfo still answers. A
	 * list destroyed meanwhile on another thread may have taken the last holder. */
	if (!dev_info_hold(&info->info)) {
		ibv_dealloc_pd(opened->pd);
		ibv_close_device(opened->context);
		pthread_mutex_destroy(&opened->lock);
		free(opened);
		opendoca_handle_put(&info->info.object);
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%p is not a live %s", (const void *)devinfo,
				     opendoca_devinfo_kind.name);
	}
	handle = opendoca_handle_open(&opened->object, &opendoca_dev_kind, dev_free);
	opendoca_handle_put(&info->info.object);
	if (!handle) {
		ibv_dealloc_pd(opened->pd);
		ibv_close_device(opened->context);
		dev_free(&opened->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of handles");
	}
	*dev = handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_dev_close(struct doca_dev *dev)
{
	struct dev *closing;
	struct opendoca_object *object;
	doca_error_t err = DOCA_SUCCESS;
	int ret;

	/*
	 * No device, nothing to close (as free(NULL)): NVIDIA documents no error but IN_USE, and the
	 * clean-up of its DMA samples of 2.9 - 3.3 closes again, counting errors, a device its common
	 * code closed and cleared. A pointer that is no device is still refused.
	 */
	if (!dev)
		return DOCA_SUCCESS;
	closing = dev_get(dev, __func__);
	if (!closing)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&closing->lock);
	if (closing->closed)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the device %s is already being closed",
				    closing->devinfo->props.ibdev_name);
	else if (closing->users)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__,
				    "the device %s has %u user(s): memory maps, contexts or representors using it",
				    closing->devinfo->props.ibdev_name, closing->users);
	else if ((ret = ibv_dealloc_pd(closing->pd)))
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "the device %s: ibv_dealloc_pd: %s",
				    closing->devinfo->props.ibdev_name, strerror(ret));
	else
		closing->closed = true;
	pthread_mutex_unlock(&closing->lock);
	if (err) {
		opendoca_handle_put(&closing->object);
		return err;
	}
	/* The rdma-core context goes with its last object: none is left. */
	ibv_close_device(closing->context);
	object = opendoca_handle_close(dev, &opendoca_dev_kind, __func__);
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	opendoca_handle_put(&closing->object);
	return DOCA_SUCCESS;
}

struct doca_devinfo *dev_as_devinfo(const struct doca_dev *dev, const char *func)
{
	struct dev *open = dev_get(dev, func);
	struct doca_devinfo *devinfo;

	if (!open)
		return NULL;
	devinfo = opendoca_handle_of(&open->devinfo->info.object);
	opendoca_handle_put(&open->object);
	return devinfo;
}

/* ---- dev.h: what the other families get ---- */

doca_error_t opendoca_dev_hold(struct doca_dev *dev, const char *func)
{
	struct dev *open = dev_get(dev, func);
	doca_error_t err;

	if (!open)
		return DOCA_ERROR_INVALID_VALUE;
	err = dev_use(open, func);
	opendoca_handle_put(&open->object);
	return err;
}

void opendoca_dev_release(struct doca_dev *dev)
{
	/* A user was held: the device cannot have been closed. */
	struct dev *open = opendoca_handle_try_get(dev, &opendoca_dev_kind);

	if (!open)
		return;
	dev_unuse(open);
	opendoca_handle_put(&open->object);
}

uint32_t opendoca_dev_users(struct doca_dev *dev)
{
	struct dev *open = opendoca_handle_try_get(dev, &opendoca_dev_kind);
	uint32_t users;

	if (!open)
		return 0;
	pthread_mutex_lock(&open->lock);
	users = open->users;
	pthread_mutex_unlock(&open->lock);
	opendoca_handle_put(&open->object);
	return users;
}

/* The context (which == 0) or PD of an open device. */
static void *rdma_object(struct doca_dev *dev, int which)
{
	struct dev *open = opendoca_handle_try_get(dev, &opendoca_dev_kind);
	void *object = NULL;

	if (!open)
		return NULL;
	pthread_mutex_lock(&open->lock);
	if (!open->closed)
		object = which == 0 ? (void *)open->context : (void *)open->pd;
	pthread_mutex_unlock(&open->lock);
	opendoca_handle_put(&open->object);
	return object;
}

struct ibv_context *opendoca_dev_ibv_context(struct doca_dev *dev)
{
	return rdma_object(dev, 0);
}

struct ibv_pd *opendoca_dev_ibv_pd(struct doca_dev *dev)
{
	return rdma_object(dev, 1);
}

/* ---- the newest forms of doca_dev.h ---- */

doca_error_t doca_devinfo_create_list(struct doca_devinfo ***dev_list, uint32_t *nb_devs)
{
	return dev_list_create(dev_list, nb_devs, __func__);
}

doca_error_t doca_devinfo_destroy_list(struct doca_devinfo **dev_list)
{
	return dev_list_destroy(dev_list, __func__);
}

struct doca_devinfo *doca_dev_as_devinfo(const struct doca_dev *dev)
{
	return dev_as_devinfo(dev, __func__);
}

doca_error_t doca_dev_accelerate_resource_reclaim(struct doca_dev *dev)
{
	struct dev *open = dev_get(dev, __func__);

	if (!open)
		return DOCA_ERROR_INVALID_VALUE;
	/* Destroyed objects free their resources at once: nothing waits to be reclaimed. */
	opendoca_handle_put(&open->object);
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_get_ibdev_name(const struct doca_devinfo *devinfo, char *ibdev_name, uint32_t size)
{
	return get_string(devinfo, offsetof(struct dev_props, ibdev_name), "IB device name", ibdev_name, size,
			  DOCA_DEVINFO_IBDEV_NAME_SIZE, __func__);
}

doca_error_t doca_devinfo_get_iface_name(const struct doca_devinfo *devinfo, char *iface_name, uint32_t size)
{
	return get_string(devinfo, offsetof(struct dev_props, iface_name), "network interface", iface_name, size,
			  DOCA_DEVINFO_IFACE_NAME_SIZE, __func__);
}

doca_error_t doca_devinfo_get_pci_addr_str(const struct doca_devinfo *devinfo, char *pci_addr_str)
{
	/* The caller's buffer is DOCA_DEVINFO_PCI_ADDR_SIZE bytes, as the API says. */
	return get_string(devinfo, offsetof(struct dev_props, pci_addr), "PCI address", pci_addr_str,
			  DOCA_DEVINFO_PCI_ADDR_SIZE, DOCA_DEVINFO_PCI_ADDR_SIZE, __func__);
}

doca_error_t doca_devinfo_get_ipv4_addr(const struct doca_devinfo *devinfo, uint8_t *ipv4_addr, uint32_t size)
{
	return dev_ip_addr(devinfo, AF_INET, ipv4_addr, size, __func__);
}

doca_error_t doca_devinfo_get_ipv6_addr(const struct doca_devinfo *devinfo, uint8_t *ipv6_addr, uint32_t size)
{
	return dev_ip_addr(devinfo, AF_INET6, ipv6_addr, size, __func__);
}

doca_error_t doca_devinfo_get_mac_addr(const struct doca_devinfo *devinfo, uint8_t *mac_addr, uint32_t size)
{
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, __func__);

	if (err)
		return err;
	if (!mac_addr || size < DOCA_DEVINFO_MAC_ADDR_SIZE)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				     "the MAC address buffer is %s (%u bytes, at least %d)",
				     mac_addr ? "too small" : "NULL", size, DOCA_DEVINFO_MAC_ADDR_SIZE);
	if (!props.has_mac)
		return opendoca_fail(DOCA_ERROR_NOT_FOUND, __func__, "%s has no MAC address (no network interface)",
				     props.ibdev_name);
	memcpy(mac_addr, props.mac, DOCA_DEVINFO_MAC_ADDR_SIZE);
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_get_lid(const struct doca_devinfo *devinfo, uint16_t *lid)
{
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, __func__);

	if (err)
		return err;
	if (!lid)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "lid is NULL");
	*lid = props.lid; /* 0 on Ethernet (RoCE), as the port reports */
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_get_active_rate(const struct doca_devinfo *devinfo, uint64_t *active_rate)
{
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, __func__);

	if (err)
		return err;
	if (!active_rate)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "active_rate is NULL");
	*active_rate = (uint64_t)(props.active_rate_gbps * 1e9); /* bits per second */
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_get_vhca_id(const struct doca_devinfo *devinfo, uint16_t *vhca_id)
{
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, __func__);

	if (err)
		return err;
	if (!vhca_id)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "vhca_id is NULL");
	if (!props.has_vhca_id) /* the kernel does not tell a real device's */
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__, "the VHCA id of %s is unknown",
				     props.ibdev_name);
	*vhca_id = props.vhca_id;
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_get_pci_func_type(const struct doca_devinfo *devinfo, enum doca_pci_func_type *pci_func_type)
{
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, __func__);

	if (err)
		return err;
	if (!pci_func_type)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "pci_func_type is NULL");
	*pci_func_type = (enum doca_pci_func_type)props.func_type;
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_get_sf_index(const struct doca_devinfo *devinfo, uint32_t *sf_index)
{
	struct dev_props props;
	doca_error_t err = dev_props_of(devinfo, &props, __func__);

	if (err)
		return err;
	if (!sf_index)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "sf_index is NULL");
	if (props.func_type != DEV_FUNC_SF)
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__, "%s is no scalable function",
				     props.ibdev_name);
	*sf_index = props.sf_index;
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_is_equal_pci_addr(const struct doca_devinfo *devinfo, const char *pci_addr_str,
					    uint8_t *is_equal)
{
	return dev_is_equal_pci_addr(devinfo, pci_addr_str, is_equal, __func__);
}

doca_error_t doca_devinfo_cap_is_hotplug_manager_supported(const struct doca_devinfo *devinfo,
							   uint8_t *is_hotplug_manager)
{
	return dev_cap(devinfo, OPENDOCA_CAP_HOTPLUG_MANAGER, is_hotplug_manager, __func__);
}

doca_error_t doca_devinfo_cap_is_notification_moderation_supported(const struct doca_devinfo *devinfo,
								   uint8_t *is_notification_moderation_supported)
{
	return dev_cap(devinfo, OPENDOCA_CAP_NOTIFICATION_MODERATION, is_notification_moderation_supported, __func__);
}

doca_error_t doca_devinfo_cap_is_accelerate_resource_reclaim_supported(const struct doca_devinfo *devinfo,
								       uint8_t *is_accelerate_resource_reclaim)
{
	return dev_cap(devinfo, OPENDOCA_CAP_ACCELERATE_RESOURCE_RECLAIM, is_accelerate_resource_reclaim, __func__);
}

doca_error_t doca_devinfo_rep_cap_is_filter_all_supported(const struct doca_devinfo *devinfo,
							  uint8_t *filter_all_supported)
{
	return dev_cap(devinfo, OPENDOCA_CAP_REP_FILTER_ALL, filter_all_supported, __func__);
}

doca_error_t doca_devinfo_rep_cap_is_filter_net_supported(const struct doca_devinfo *devinfo,
							  uint8_t *filter_net_supported)
{
	return dev_cap(devinfo, OPENDOCA_CAP_REP_FILTER_NET, filter_net_supported, __func__);
}

doca_error_t doca_devinfo_rep_cap_is_filter_emulated_supported(const struct doca_devinfo *devinfo,
							       uint8_t *filter_emulated_supported)
{
	return dev_cap(devinfo, OPENDOCA_CAP_REP_FILTER_EMULATED, filter_emulated_supported, __func__);
}
