/*
 * FLEXIO_SIM_DEVICES, read the one way (device_names.h): by the simulated device and by
 * libdpa_stats.
 */
#include "device_names.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A name as the kernel gives RDMA devices: a driver prefix and a number (mlx5_0,
 * mlx5_bond_0, rxe0): letters, digits, '_', '-' and '.', a letter first and a digit last,
 * shorter than DEVICE_NAME_SIZE (IBV_SYSFS_NAME_MAX).  (So "many" is no name: a count was meant.)
 */
static bool valid_name(const char *name, size_t length)
{
	if (!length || length >= DEVICE_NAME_SIZE || !isalpha((unsigned char)name[0]) ||
	    !isdigit((unsigned char)name[length - 1]))
		return false;
	for (size_t i = 0; i < length; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("_-.", name[i]))
			return false;
	return true;
}

static bool parse_count(const char *value, struct device_names *names)
{
	char *end;
	long count;

	errno = 0;
	count = strtol(value, &end, 10);
	if (errno || end == value || *end || count < 1 || count > DEVICE_NAMES_MAX)
		return false;
	names->count = (int)count;
	for (int i = 0; i < names->count; i++) {
		snprintf(names->name[i], sizeof(names->name[i]), "mlx5_sim%d", i);
		names->pci[i][0] = '\0';
	}
	return true;
}

bool device_names_pci_parse(const char *text, size_t length, char out[DEVICE_PCI_ADDR_SIZE])
{
	/* "BB:DD.F" is "DDDD:BB:DD.F" without its domain: the 4 hex digits and ':' before it. */
	static const char form[] = "xxxx:xx:xx.x";
	const char *full = length == sizeof(form) - 1 ? text : NULL;
	char address[sizeof(form)] = "0000:";
	unsigned domain, bus, device, function;

	if (!full && length != sizeof(form) - 1 - 5)
		return false;
	memcpy(address + (full ? 0 : 5), text, length);
	address[sizeof(form) - 1] = '\0';
	for (size_t i = 0; i < sizeof(form) - 1; i++)
		if (form[i] == 'x' ? !isxdigit((unsigned char)address[i]) : address[i] != form[i])
			return false;
	if (sscanf(address, "%4x:%2x:%2x.%1x", &domain, &bus, &device, &function) != 4 || device > 0x1f || function > 7)
		return false;
	snprintf(out, DEVICE_PCI_ADDR_SIZE, "%04x:%02x:%02x.%x", domain, bus, device, function);
	return true;
}

/* One item of a list: NAME or NAME@PCI. */
static bool parse_item(const char *item, size_t length, struct device_names *names)
{
	const char *at = memchr(item, '@', length);
	size_t name_length = at ? (size_t)(at - item) : length;
	char *name = names->name[names->count];

	if (!valid_name(item, name_length) || names->count == DEVICE_NAMES_MAX)
		return false;
	memcpy(name, item, name_length);
	name[name_length] = '\0';
	names->pci[names->count][0] = '\0';
	if (at && !device_names_pci_parse(at + 1, length - name_length - 1, names->pci[names->count]))
		return false;
	for (int i = 0; i < names->count; i++)
		if (!strcmp(names->name[i], name))
			return false; /* twice the same device */
	names->count++;
	return true;
}

static bool parse_names(const char *value, struct device_names *names)
{
	names->count = 0;
	for (const char *p = value;; p++) {
		size_t length = strcspn(p, ",");

		if (!parse_item(p, length, names))
			return false;
		p += length;
		if (!*p)
			return true;
	}
}

bool device_names_read(struct device_names *names)
{
	const char *value = getenv(DEVICE_NAMES_ENV);

	if (value && (isdigit((unsigned char)value[0]) || value[0] == '-' ? parse_count(value, names)
									  : parse_names(value, names)))
		return true;
	names->count = 1;
	snprintf(names->name[0], sizeof(names->name[0]), "%s", DEVICE_NAMES_DEFAULT);
	names->pci[0][0] = '\0';
	return !value;
}

bool device_names_have(const struct device_names *names, const char *name)
{
	for (int i = 0; i < names->count; i++)
		if (!strcmp(names->name[i], name))
			return true;
	return false;
}
