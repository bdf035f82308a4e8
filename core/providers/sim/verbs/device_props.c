/*
 * What a simulated device is besides its verbs (libflexio/flexio_sim.h): PCI address, network
 * interface, addresses, VUID, function type and representors, as FLEXIO_SIM_DEVICES (PCI
 * addresses: device_names.c) and FLEXIO_SIM_DEVICE_CONFIG configure them, read again at each
 * call (docs/doca-devices.md). Unconfigured, device N of the listing looks like a BlueField-3's
 * ECPF in DPU mode with one representor of the host's PF N.
 *
 * FLEXIO_SIM_DEVICE_CONFIG holds entries DEVICE:ITEM[,ITEM...] separated by ';' or newlines;
 * an item is KEY=VALUE. An item that cannot be understood is ignored with one WARN line.
 */
#include "verbs_internal.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONFIG_ENV "FLEXIO_SIM_DEVICE_CONFIG"
/* Representors a device may have (a BlueField manages up to hundreds of functions; a
 * simulation needs few). */
#define MAX_REPS 64
/*
 * The serial number in the VUIDs of the simulated card, as a BlueField's VPD has one
 * ("MT" year week and six characters); every simulated device is a function of that one card.
 */
#define VERBS_SERIAL "MT2400OFXSIM"
/* The host's side of the card: its PF N is at 0000:3b:00.N (representors' default). */
#define HOST_BUS 0x3b
/* The DPU's side: the simulated device N of the listing is at 0000:03:00.N. */
#define DPU_BUS 0x03

struct props {
	struct flexio_sim_device_attr dev;
	struct flexio_sim_rep_attr reps[MAX_REPS];
	bool reps_configured; /* a rep= item replaced the default representor */
};

/* The PCI address of function `position` of bus: functions 0..7 of device 0, then of device 1 ... */
static void pci_at(char out[FLEXIO_SIM_PCI_ADDR_SIZE], uint8_t bus, int position)
{
	snprintf(out, FLEXIO_SIM_PCI_ADDR_SIZE, "0000:%02x:%02x.%c", bus, (uint8_t)(position / 8 % 32),
		 '0' + position % 8);
}

/*
 * A VUID as a BlueField's VPD gives one: the card's serial, MLNX (VNET for an emulated
 * virtio-net function), then S<side>D<device>F<function> of its PCI address; side 1 is the
 * DPU's, 0 the host's. An SF shares its PF's address: SF<n> tells them apart.
 */
static void vuid_of(char out[FLEXIO_SIM_VUID_SIZE], const char *pci, bool emulated, unsigned side, int sf)
{
	unsigned device = (unsigned)strtoul(pci + 8, NULL, 16);
	unsigned function = (unsigned)strtoul(pci + 11, NULL, 16);
	int n = snprintf(out, FLEXIO_SIM_VUID_SIZE, "%s%sS%uD%uF%u", VERBS_SERIAL, emulated ? "VNET" : "MLNX", side,
			 device, function);

	if (sf >= 0)
		snprintf(out + n, FLEXIO_SIM_VUID_SIZE - (size_t)n, "SF%d", sf);
}

static void defaults(struct props *props, int position, __be64 guid)
{
	const uint8_t *g = (const uint8_t *)&guid;
	struct flexio_sim_rep_attr *rep = &props->reps[0];

	memset(props, 0, sizeof(*props));
	pci_at(props->dev.pci_addr, DPU_BUS, position);
	snprintf(props->dev.iface_name, sizeof(props->dev.iface_name), "p%d", position);
	/* A ConnectX's GUID is its MAC address with 03:00 in the middle: the other way round. */
	memcpy(props->dev.mac, g, 3);
	memcpy(props->dev.mac + 3, g + 5, 3);
	props->dev.vhca_id = (uint16_t)position;
	props->dev.func_type = FLEXIO_SIM_FUNC_PF;
	props->dev.num_reps = 1;
	snprintf(rep->iface_name, sizeof(rep->iface_name), "pf%dhpf", position);
	pci_at(rep->pci_addr, HOST_BUS, position);
	rep->func_type = FLEXIO_SIM_FUNC_PF;
	rep->vhca_id = (uint16_t)(DEVICE_NAMES_MAX + position);
}

static bool parse_uint(const char *text, unsigned long max, unsigned long *value)
{
	char *end;

	if (!isdigit((unsigned char)*text))
		return false;
	errno = 0;
	*value = strtoul(text, &end, 0);
	return !errno && !*end && *value <= max;
}

/* A name the kernel takes for an interface: 1..15 characters, no '/', ':' or blank. */
static bool parse_iface(const char *text, char out[FLEXIO_SIM_IFACE_NAME_SIZE])
{
	size_t length = strlen(text);

	if (!length || length >= FLEXIO_SIM_IFACE_NAME_SIZE)
		return false;
	for (size_t i = 0; i < length; i++)
		if (!isgraph((unsigned char)text[i]) || strchr("/:", text[i]))
			return false;
	memcpy(out, text, length + 1);
	return true;
}

static bool parse_vuid(const char *text, char out[FLEXIO_SIM_VUID_SIZE])
{
	size_t length = strlen(text);

	if (!length || length >= FLEXIO_SIM_VUID_SIZE)
		return false;
	for (size_t i = 0; i < length; i++)
		if (!isgraph((unsigned char)text[i]))
			return false;
	memcpy(out, text, length + 1);
	return true;
}

static bool parse_func(const char *text, uint32_t *type)
{
	static const char *const names[] = {
		[FLEXIO_SIM_FUNC_PF] = "pf", [FLEXIO_SIM_FUNC_VF] = "vf", [FLEXIO_SIM_FUNC_SF] = "sf"
	};

	for (uint32_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(text, names[i])) {
			*type = i;
			return true;
		}
	return false;
}

static bool parse_mac(const char *text, uint8_t mac[6])
{
	unsigned b[6];
	char tail;

	if (strlen(text) != 17 ||
	    sscanf(text, "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &tail) != 6)
		return false;
	for (int i = 0; i < 6; i++) {
		if (!isxdigit((unsigned char)text[3 * i]) || !isxdigit((unsigned char)text[3 * i + 1]))
			return false;
		mac[i] = (uint8_t)b[i];
	}
	return true;
}

/*
 * rep=NAME@PCI[/pf|/vf|/sf][/emulated][/hotplug][/vhca=N][/vuid=VUID], or rep=none. index is the
 * representor's place in the device's list (an SF's VUID carries it).
 */
static bool parse_rep(char *text, struct flexio_sim_rep_attr *rep, uint32_t index)
{
	char *at = strchr(text, '@');
	char *options = strchr(text, '/');
	bool vuid = false;

	memset(rep, 0, sizeof(*rep));
	if (!at || (options && options < at))
		return false;
	*at = '\0';
	if (options)
		*options++ = '\0';
	if (!parse_iface(text, rep->iface_name) || !device_names_pci_parse(at + 1, strlen(at + 1), rep->pci_addr))
		return false;
	rep->vhca_id = (uint16_t)(2 * DEVICE_NAMES_MAX + index);
	while (options) {
		char *option = options;
		unsigned long value;

		options = strchr(options, '/');
		if (options)
			*options++ = '\0';
		if (!strcmp(option, "emulated"))
			rep->emulated = 1;
		else if (!strcmp(option, "hotplug"))
			rep->hotplug = 1;
		else if (!strncmp(option, "vhca=", 5) && parse_uint(option + 5, UINT16_MAX, &value))
			rep->vhca_id = (uint16_t)value;
		else if (!strncmp(option, "vuid=", 5) && parse_vuid(option + 5, rep->vuid))
			vuid = true;
		else if (!parse_func(option, &rep->func_type))
			return false;
	}
	if (rep->hotplug && !rep->emulated)
		return false; /* only emulated functions are hot-plugged */
	if (!vuid)
		vuid_of(rep->vuid, rep->pci_addr, rep->emulated, rep->func_type == FLEXIO_SIM_FUNC_SF ? 1 : 0,
			rep->func_type == FLEXIO_SIM_FUNC_SF ? (int)index : -1);
	return true;
}

static bool apply_item(struct props *props, char *key, char *value)
{
	struct flexio_sim_device_attr *dev = &props->dev;
	uint8_t address[16];
	unsigned long number;

	if (!strcmp(key, "iface"))
		return parse_iface(value, dev->iface_name);
	if (!strcmp(key, "mac"))
		return parse_mac(value, dev->mac);
	if (!strcmp(key, "ipv4") && inet_pton(AF_INET, value, address) == 1) {
		memcpy(dev->ipv4, address, sizeof(dev->ipv4));
		dev->has_ipv4 = 1;
		return true;
	}
	if (!strcmp(key, "ipv6") && inet_pton(AF_INET6, value, address) == 1) {
		memcpy(dev->ipv6, address, sizeof(dev->ipv6));
		dev->has_ipv6 = 1;
		return true;
	}
	if (!strcmp(key, "vhca") && parse_uint(value, UINT16_MAX, &number)) {
		dev->vhca_id = (uint16_t)number;
		return true;
	}
	if (!strcmp(key, "func"))
		return parse_func(value, &dev->func_type);
	if (!strcmp(key, "sf") && parse_uint(value, UINT32_MAX, &number)) {
		dev->sf_index = (uint32_t)number;
		return true;
	}
	if (!strcmp(key, "vuid"))
		return parse_vuid(value, dev->vuid);
	if (strcmp(key, "rep"))
		return false;
	if (!props->reps_configured)
		dev->num_reps = 0;
	props->reps_configured = true;
	if (!strcmp(value, "none")) {
		dev->num_reps = 0;
		return true;
	}
	if (dev->num_reps == MAX_REPS || !parse_rep(value, &props->reps[dev->num_reps], dev->num_reps))
		return false;
	dev->num_reps++;
	return true;
}

/* The items of the entries for device name, applied in order; what is not understood is
 * ignored, said once per device query (warn) rather than once per representor too. */
static void apply_config(const char *func, const char *name, struct props *props, bool warn)
{
	const char *value = getenv(CONFIG_ENV);
	char *text = value ? strdup(value) : NULL;
	char *save = NULL;
	size_t name_length = strlen(name);

	if (value && !text) {
		verbs_warn(func, "%s: out of memory, ignored", CONFIG_ENV);
		return;
	}
	if (!warn)
		func = NULL;
	for (char *entry = text ? strtok_r(text, ";\n", &save) : NULL; entry; entry = strtok_r(NULL, ";\n", &save)) {
		char *items = strchr(entry, ':');
		char *item_save = NULL;

		while (isspace((unsigned char)*entry))
			entry++;
		if (!*entry)
			continue;
		if ((!items || items == entry) && func) {
			verbs_warn(func, "%s: \"%s\" is no entry DEVICE:KEY=VALUE[,KEY=VALUE...] (ignored)", CONFIG_ENV,
				   entry);
			continue;
		}
		if (!items || (size_t)(items - entry) != name_length || strncmp(entry, name, name_length))
			continue;
		for (char *item = strtok_r(items + 1, ",", &item_save); item; item = strtok_r(NULL, ",", &item_save)) {
			char *equals = strchr(item, '=');
			char shown[256];

			snprintf(shown, sizeof(shown), "%s", item);
			if ((!equals || !(*equals = '\0', apply_item(props, item, equals + 1))) && func)
				verbs_warn(func, "%s: %s: \"%s\" is no item the device takes (ignored)", CONFIG_ENV,
					   name, shown);
		}
	}
	free(text);
}

/* The properties of the simulated device behind device (its name, place in the listing, GUID). */
static int device_props(const char *func, struct ibv_device *device, struct props *props, bool warn)
{
	struct verbs_device *sim;
	struct device_names names;
	char name[DEVICE_NAME_SIZE];
	int position;
	__be64 guid;

	switch (verbs_route(func, device, VERBS_DEVICE, (void **)&sim, true)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return errno = ENODEV; /* the kernel's device: sysfs tells */
	default:
		return errno;
	}
	snprintf(name, sizeof(name), "%s", sim->ibv.name);
	position = sim->index;
	guid = sim->guid;
	pthread_mutex_unlock(&verbs_lock); /* devices live forever */

	/* its place in the listing as configured now; its creation order when no longer listed */
	device_names_read(&names);
	for (int i = 0; i < names.count; i++)
		if (!strcmp(names.name[i], name))
			position = i;
	defaults(props, position, guid);
	if (position < names.count && !strcmp(names.name[position], name) && names.pci[position][0])
		memcpy(props->dev.pci_addr, names.pci[position], sizeof(props->dev.pci_addr));
	apply_config(func, name, props, warn);
	if (!props->dev.vuid[0])
		vuid_of(props->dev.vuid, props->dev.pci_addr, false, 1,
			props->dev.func_type == FLEXIO_SIM_FUNC_SF ? (int)props->dev.sf_index : -1);
	if (!props->reps_configured)
		vuid_of(props->reps[0].vuid, props->reps[0].pci_addr, false, 0, -1);
	return 0;
}

/* Copies what the caller's structure has room for (a later version's is larger: zeroed beyond). */
static void fill(void *to, size_t to_size, const void *from, size_t from_size)
{
	memcpy(to, from, to_size < from_size ? to_size : from_size);
	if (to_size > from_size)
		memset((char *)to + from_size, 0, to_size - from_size);
}

VERBS_EXPORT int flexio_sim_device_query(struct ibv_device *device, struct flexio_sim_device_attr *attr,
					 size_t attr_size)
{
	struct props *props;
	int err;

	VERBS_DELEGATE(flexio_sim_device_query, (device, attr, attr_size));
	if (!attr || attr_size < sizeof(*attr)) {
		verbs_err(__func__, "attr is %s (size %zu, at least %zu)", attr ? "too small" : "NULL", attr_size,
			  sizeof(*attr));
		return errno = EINVAL;
	}
	props = malloc(sizeof(*props));
	if (!props) {
		verbs_err(__func__, "out of memory");
		return errno = ENOMEM;
	}
	err = device_props(__func__, device, props, true);
	if (!err)
		fill(attr, attr_size, &props->dev, sizeof(props->dev));
	free(props);
	return err;
}

VERBS_EXPORT int flexio_sim_device_query_rep(struct ibv_device *device, uint32_t index,
					     struct flexio_sim_rep_attr *attr, size_t attr_size)
{
	struct props *props;
	int err;

	VERBS_DELEGATE(flexio_sim_device_query_rep, (device, index, attr, attr_size));
	if (!attr || attr_size < sizeof(*attr)) {
		verbs_err(__func__, "attr is %s (size %zu, at least %zu)", attr ? "too small" : "NULL", attr_size,
			  sizeof(*attr));
		return errno = EINVAL;
	}
	props = malloc(sizeof(*props));
	if (!props) {
		verbs_err(__func__, "out of memory");
		return errno = ENOMEM;
	}
	err = device_props(__func__, device, props, false);
	if (!err && index >= props->dev.num_reps) {
		verbs_err(__func__, "%s has %u representor(s), none at %u", device->name, props->dev.num_reps, index);
		err = errno = ERANGE;
	}
	if (!err)
		fill(attr, attr_size, &props->reps[index], sizeof(props->reps[index]));
	free(props);
	return err;
}
