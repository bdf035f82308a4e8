/*
 * What a device is, read when a list is made: its properties (a simulated device's from the
 * simulator's extension, libflexio/flexio_sim.h; a real one's from sysfs, dev_sysfs.c), its
 * limits and port (rdma-core, on a context opened for the purpose), its capabilities (caps.h)
 * and its representors.
 */
#include "dev_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio/flexio_sim.h>

#include "doca_log.h"

/* The rate of a port in Gb/s, from its lanes' width and speed (enum ibv_port_attr's codes). */
static double port_rate_gbps(const struct ibv_port_attr *port)
{
	static const struct {
		uint8_t code;
		double gbps;
	} speeds[] = { { 1, 2.5 },      { 2, 5.0 },       { 4, 10.0 },  { 8, 10.0 },
		       { 16, 14.0625 }, { 32, 25.78125 }, { 64, 50.0 }, { 128, 100.0 } };
	static const struct {
		uint8_t code;
		unsigned lanes;
	} widths[] = { { 1, 1 }, { 2, 4 }, { 4, 8 }, { 8, 12 }, { 16, 2 } };
	double lane = 0;
	unsigned lanes = 0;

	for (size_t i = 0; i < sizeof(speeds) / sizeof(speeds[0]); i++)
		if (speeds[i].code == port->active_speed)
			lane = speeds[i].gbps;
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		if (widths[i].code == port->active_width)
			lanes = widths[i].lanes;
	return lane * lanes;
}

static void copy_string(char *to, size_t size, const char *from)
{
	snprintf(to, size, "%s", from);
}

/* A simulated device's properties and representors; false when device is a real one. */
static bool read_simulated(struct devinfo *devinfo)
{
#ifdef OPENDOCA_SIMULATED_DEVICES
	struct flexio_sim_device_attr attr;
	struct dev_props *props = &devinfo->props;

	if (flexio_sim_device_query(devinfo->device, &attr, sizeof(attr)))
		return false;
	copy_string(props->pci_addr, sizeof(props->pci_addr), attr.pci_addr);
	copy_string(props->iface_name, sizeof(props->iface_name), attr.iface_name);
	copy_string(props->vuid, sizeof(props->vuid), attr.vuid);
	props->has_mac = true;
	memcpy(props->mac, attr.mac, sizeof(props->mac));
	props->has_ipv4 = attr.has_ipv4;
	memcpy(props->ipv4, attr.ipv4, sizeof(props->ipv4));
	props->has_ipv6 = attr.has_ipv6;
	memcpy(props->ipv6, attr.ipv6, sizeof(props->ipv6));
	props->has_vhca_id = true;
	props->vhca_id = attr.vhca_id;
	props->func_type = (enum dev_func_type)attr.func_type;
	props->sf_index = attr.sf_index;
	devinfo->reps = attr.num_reps ? calloc(attr.num_reps, sizeof(*devinfo->reps)) : NULL;
	for (uint32_t i = 0; devinfo->reps && i < attr.num_reps; i++) {
		struct flexio_sim_rep_attr rep;
		struct rep_props *to = &devinfo->reps[devinfo->num_reps];

		if (flexio_sim_device_query_rep(devinfo->device, i, &rep, sizeof(rep)))
			break; /* the configuration changed meanwhile: the ones read */
		copy_string(to->iface_name, sizeof(to->iface_name), rep.iface_name);
		copy_string(to->pci_addr, sizeof(to->pci_addr), rep.pci_addr);
		copy_string(to->vuid, sizeof(to->vuid), rep.vuid);
		to->func_type = (enum dev_func_type)rep.func_type;
		to->vhca_id = rep.vhca_id;
		to->emulated = rep.emulated;
		to->hotplug = rep.hotplug;
		devinfo->num_reps++;
	}
	devinfo->simulated = true;
	devinfo->caps = OPENDOCA_CAPS_SIMULATED;
	return true;
#else
	(void)devinfo;
	return false;
#endif
}

bool dev_props_read(struct devinfo *devinfo, const char *func)
{
	struct dev_props *props = &devinfo->props;
	struct ibv_port_attr port;
	struct ibv_context *context;
	const char *name = ibv_get_device_name(devinfo->device);

	if (!name)
		return false;
	copy_string(props->ibdev_name, sizeof(props->ibdev_name), name);
	context = ibv_open_device(devinfo->device);
	if (!context) {
		opendoca_sdk_log(DOCA_LOG_LEVEL_DEBUG, func, "%s cannot be opened (%s): not listed", name,
				 strerror(errno));
		return false;
	}
	memset(&port, 0, sizeof(port));
	if (ibv_query_device(context, &devinfo->attr) || ibv_query_port(context, 1, &port)) {
		opendoca_sdk_log(DOCA_LOG_LEVEL_DEBUG, func, "%s cannot be queried: not listed", name);
		ibv_close_device(context);
		return false;
	}
	ibv_close_device(context);
	props->lid = port.lid;
	props->active_rate_gbps = port_rate_gbps(&port);
	props->max_msg_size = port.max_msg_sz;
	if (!read_simulated(devinfo)) {
		/* where rdma-core reads sysfs (its ibv_get_sysfs_path, which no public header declares) */
		const char *sysfs = getenv("SYSFS_PATH");

		dev_sysfs_read(sysfs && *sysfs ? sysfs : "/sys", name, props);
		devinfo->caps = OPENDOCA_CAPS_REAL;
	}
	return true;
}
