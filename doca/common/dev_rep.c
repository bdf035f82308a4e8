/*
 * Representors (doca_dev.h), the newest forms, and what every release's representor and 1.x
 * remote-device calls share: on a BlueField's Arm side (DPU mode) a device manages the functions
 * of the host (PF, VFs) and its own SFs, and lists a representor of each; the simulated devices
 * have those their configuration gives (docs/doca-devices.md). The DOCA Core programming guide
 * (1.x) calls them remote devices: "a representor of a network function managed by the host".
 *
 * An open representor is a user of the device its list was made from (doca_dev_close refuses
 * while it is open); a remote device is not ("dev can be closed after the remote list is
 * created", the guide says).
 */
#include "doca_dev.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev_internal.h"

const struct opendoca_kind opendoca_repinfo_kind = { "representor information" };
const struct opendoca_kind opendoca_remote_info_kind = { "remote device information" };
const struct opendoca_kind opendoca_rep_kind = { "representor" };
const struct opendoca_kind opendoca_remote_kind = { "remote device" };

static void repinfo_free(struct opendoca_object *object)
{
	struct repinfo *repinfo = (struct repinfo *)object;

	dev_info_release(&repinfo->parent->info);
	if (repinfo->dev)
		opendoca_handle_put(&repinfo->dev->object);
	free(repinfo);
}

/* Whether a representor passes a filter: 0 all, DEV_FILTER_NET network ones, DEV_FILTER_EMULATED emulated ones. */
static bool passes(const struct rep_props *rep, int filter)
{
	return !filter || (filter & (rep->emulated ? DEV_FILTER_EMULATED : DEV_FILTER_NET));
}

doca_error_t dev_rep_list_create(struct doca_dev *dev, int filter, const struct opendoca_kind *kind, void ***list,
				 uint32_t *count, const char *func)
{
	bool remote = kind == &opendoca_remote_info_kind;
	struct dev *open;
	struct devinfo *devinfo;
	void **items;
	uint32_t n = 0;
	doca_error_t err = DOCA_SUCCESS;

	if (!list || !count)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", !list ? "the list" : "the count");
	if (filter & ~(DEV_FILTER_NET | DEV_FILTER_EMULATED))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "filter %d is none of ALL (0), NET (%d), EMULATED (%d)", filter, DEV_FILTER_NET,
				     DEV_FILTER_EMULATED);
	open = dev_get(dev, func);
	if (!open)
		return DOCA_ERROR_INVALID_VALUE;
	devinfo = open->devinfo;
	if (!(devinfo->caps & OPENDOCA_CAP_BIT(OPENDOCA_CAP_REP_FILTER_ALL))) {
		opendoca_handle_put(&open->object);
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
				     "%s has no representors: they are listed on a BlueField's Arm side (DPU mode), by "
				     "the manager of its embedded switch",
				     devinfo->props.ibdev_name);
	}
	items = calloc(devinfo->num_reps + 1, sizeof(*items));
	if (!items)
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	for (uint32_t i = 0; !err && i < devinfo->num_reps; i++) {
		struct repinfo *repinfo;

		if (!passes(&devinfo->reps[i], filter))
			continue;
		repinfo = calloc(1, sizeof(*repinfo));
		if (!repinfo) {
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
			break;
		}
		repinfo->props = devinfo->reps[i];
		/* the device holds its devinfo: a holder more always succeeds */
		dev_info_hold(&devinfo->info);
		repinfo->parent = devinfo;
		if (!remote) {
			opendoca_handle_hold(&open->object);
			repinfo->dev = open;
		}
		atomic_init(&repinfo->info.holders, 1); /* the list's */
		items[n] = opendoca_handle_open(&repinfo->info.object, kind, repinfo_free);
		if (!items[n]) {
			repinfo_free(&repinfo->info.object);
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of handles");
			break;
		}
		n++;
	}
	if (!err)
		err = dev_list_publish(items, n, kind, list, count, func);
	if (err)
		for (uint32_t i = 0; i < n; i++) {
			struct info *info = opendoca_handle_try_get(items[i], kind);

			dev_info_release(info);
			opendoca_handle_put(&info->object);
		}
	free(items);
	opendoca_handle_put(&open->object);
	return err;
}

doca_error_t dev_rep_list_destroy(void **list, const struct opendoca_kind *kind, const char *func)
{
	return dev_list_release(list, kind, func);
}

doca_error_t dev_rep_props_of(const void *repinfo, const struct opendoca_kind *kind, struct rep_props *props,
			      const char *func)
{
	struct repinfo *info = opendoca_handle_get(repinfo, kind, func);

	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	*props = info->props;
	opendoca_handle_put(&info->info.object);
	return DOCA_SUCCESS;
}

doca_error_t dev_rep_is_equal_pci_addr(const struct doca_devinfo_rep *repinfo, const char *pci_addr, uint8_t *is_equal,
				       const char *func)
{
	char address[DEV_PCI_ADDR_SIZE];
	struct rep_props props;
	doca_error_t err = dev_rep_props_of(repinfo, &opendoca_repinfo_kind, &props, func);

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

static void rep_free(struct opendoca_object *object)
{
	struct rep *rep = (struct rep *)object;

	dev_info_release(&rep->repinfo->info);
	free(rep);
}

doca_error_t dev_rep_open(const void *repinfo, const struct opendoca_kind *kind, void **rep, const char *func)
{
	const struct opendoca_kind *info_kind =
		kind == &opendoca_rep_kind ? &opendoca_repinfo_kind : &opendoca_remote_info_kind;
	struct repinfo *info = opendoca_handle_get(repinfo, info_kind, func);
	struct rep *opened;
	doca_error_t err = DOCA_SUCCESS;

	if (!info)
		return DOCA_ERROR_INVALID_VALUE;
	opened = rep ? calloc(1, sizeof(*opened)) : NULL;
	if (!opened)
		err = opendoca_fail(rep ? DOCA_ERROR_NO_MEMORY : DOCA_ERROR_INVALID_VALUE, func,
				    rep ? "out of memory" : "the output is NULL");
	/* A representor is used through the device its list was made from. */
	else if (info->dev && (err = dev_use(info->dev, func)) == DOCA_SUCCESS)
		opened->dev = info->dev;
	if (!err && !dev_info_hold(&info->info))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%p is not a live %s", repinfo, info_kind->name);
	else if (!err) {
		opened->repinfo = info;
		*rep = opendoca_handle_open(&opened->object, kind, rep_free);
		if (!*rep) {
			dev_info_release(&info->info);
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of handles");
		}
	}
	if (err) {
		if (opened && opened->dev)
			dev_unuse(opened->dev);
		free(opened);
	}
	opendoca_handle_put(&info->info.object);
	return err;
}

doca_error_t dev_rep_close(void *rep, const struct opendoca_kind *kind, const char *func)
{
	struct rep *closing = opendoca_handle_close(rep, kind, func);

	if (!closing)
		return DOCA_ERROR_INVALID_VALUE;
	if (closing->dev)
		dev_unuse(closing->dev);
	opendoca_handle_put(&closing->object);
	opendoca_handle_put(&closing->object);
	return DOCA_SUCCESS;
}

void *dev_rep_as_devinfo(void *rep, const struct opendoca_kind *kind, const char *func)
{
	struct rep *open = opendoca_handle_get(rep, kind, func);
	void *repinfo;

	if (!open)
		return NULL;
	repinfo = opendoca_handle_of(&open->repinfo->info.object);
	opendoca_handle_put(&open->object);
	return repinfo;
}

/* ---- the newest forms ---- */

doca_error_t doca_devinfo_rep_create_list(struct doca_dev *dev, int filter, struct doca_devinfo_rep ***dev_list_rep,
					  uint32_t *nb_devs_rep)
{
	return dev_rep_list_create(dev, filter, &opendoca_repinfo_kind, (void ***)dev_list_rep, nb_devs_rep, __func__);
}

doca_error_t doca_devinfo_rep_destroy_list(struct doca_devinfo_rep **dev_list_rep)
{
	return dev_rep_list_destroy((void **)dev_list_rep, &opendoca_repinfo_kind, __func__);
}

doca_error_t doca_dev_rep_open(struct doca_devinfo_rep *devinfo, struct doca_dev_rep **dev_rep)
{
	return dev_rep_open(devinfo, &opendoca_rep_kind, (void **)dev_rep, __func__);
}

doca_error_t doca_dev_rep_close(struct doca_dev_rep *dev)
{
	return dev_rep_close(dev, &opendoca_rep_kind, __func__);
}

struct doca_devinfo_rep *doca_dev_rep_as_devinfo(struct doca_dev_rep *dev_rep)
{
	return dev_rep_as_devinfo(dev_rep, &opendoca_rep_kind, __func__);
}

doca_error_t doca_devinfo_rep_is_equal_pci_addr(const struct doca_devinfo_rep *devinfo_rep, const char *pci_addr_str,
						uint8_t *is_equal)
{
	return dev_rep_is_equal_pci_addr(devinfo_rep, pci_addr_str, is_equal, __func__);
}

/* A string property of a representor into out (size bytes, at least min). */
static doca_error_t rep_string(const struct doca_devinfo_rep *devinfo_rep, size_t offset, const char *what, char *out,
			       uint32_t size, uint32_t min, const char *func)
{
	struct rep_props props;
	doca_error_t err = dev_rep_props_of(devinfo_rep, &opendoca_repinfo_kind, &props, func);

	if (err)
		return err;
	if (!out || size < min)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s buffer is %s (%u bytes, at least %u)",
				     what, out ? "too small" : "NULL", size, min);
	snprintf(out, size, "%s", (const char *)&props + offset);
	return DOCA_SUCCESS;
}

doca_error_t doca_devinfo_rep_get_pci_addr_str(const struct doca_devinfo_rep *devinfo_rep, char *pci_addr_str)
{
	return rep_string(devinfo_rep, offsetof(struct rep_props, pci_addr), "PCI address", pci_addr_str,
			  DOCA_DEVINFO_REP_PCI_ADDR_SIZE, DOCA_DEVINFO_REP_PCI_ADDR_SIZE, __func__);
}

doca_error_t doca_devinfo_rep_get_vuid(const struct doca_devinfo_rep *devinfo_rep, char *rep_vuid, uint32_t size)
{
	return rep_string(devinfo_rep, offsetof(struct rep_props, vuid), "VUID", rep_vuid, size,
			  DOCA_DEVINFO_REP_VUID_SIZE, __func__);
}

doca_error_t doca_devinfo_rep_get_iface_name(const struct doca_devinfo_rep *devinfo_rep, char *iface_name,
					     uint32_t size)
{
	return rep_string(devinfo_rep, offsetof(struct rep_props, iface_name), "network interface", iface_name, size,
			  DOCA_DEVINFO_IFACE_NAME_SIZE, __func__);
}

/* A number property of a representor: what reads it from props into out. */
#define REP_GET(devinfo_rep, out, expression)                                                               \
	do {                                                                                                \
		struct rep_props props;                                                                     \
		doca_error_t err = dev_rep_props_of(devinfo_rep, &opendoca_repinfo_kind, &props, __func__); \
                                                                                                            \
		if (err)                                                                                    \
			return err;                                                                         \
		if (!(out))                                                                                 \
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", #out);       \
		*(out) = (expression);                                                                      \
		return DOCA_SUCCESS;                                                                        \
	} while (0)

doca_error_t doca_devinfo_rep_get_pci_func_type(const struct doca_devinfo_rep *devinfo_rep,
						enum doca_pci_func_type *pci_func_type)
{
	REP_GET(devinfo_rep, pci_func_type, (enum doca_pci_func_type)props.func_type);
}

doca_error_t doca_devinfo_rep_get_is_hotplug(const struct doca_devinfo_rep *devinfo_rep, uint8_t *is_hotplug)
{
	REP_GET(devinfo_rep, is_hotplug, props.hotplug);
}

doca_error_t doca_devinfo_rep_get_vhca_id(const struct doca_devinfo_rep *devinfo_rep, uint16_t *vhca_id)
{
	REP_GET(devinfo_rep, vhca_id, props.vhca_id);
}
