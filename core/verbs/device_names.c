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
 * shorter than SIM_DEVICE_NAME_MAX (IBV_SYSFS_NAME_MAX).  (So "many" is no name: a count was meant.)
 */
static bool valid_name(const char *name, size_t length)
{
	if (!length || length >= SIM_DEVICE_NAME_MAX || !isalpha((unsigned char)name[0]) ||
	    !isdigit((unsigned char)name[length - 1]))
		return false;
	for (size_t i = 0; i < length; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr("_-.", name[i]))
			return false;
	return true;
}

static bool parse_count(const char *value, struct sim_names *names)
{
	char *end;
	long count;

	errno = 0;
	count = strtol(value, &end, 10);
	if (errno || end == value || *end || count < 1 || count > SIM_MAX_DEVICES)
		return false;
	names->count = (int)count;
	for (int i = 0; i < names->count; i++)
		snprintf(names->name[i], sizeof(names->name[i]), "mlx5_sim%d", i);
	return true;
}

static bool parse_names(const char *value, struct sim_names *names)
{
	names->count = 0;
	for (const char *p = value;; p++) {
		size_t length = strcspn(p, ",");

		if (!valid_name(p, length) || names->count == SIM_MAX_DEVICES)
			return false;
		memcpy(names->name[names->count], p, length);
		names->name[names->count][length] = '\0';
		for (int i = 0; i < names->count; i++)
			if (!strcmp(names->name[i], names->name[names->count]))
				return false; /* twice the same device */
		names->count++;
		p += length;
		if (!*p)
			return true;
	}
}

bool sim_device_names_read(struct sim_names *names)
{
	const char *value = getenv(SIM_DEVICES_ENV);

	if (value && (isdigit((unsigned char)value[0]) || value[0] == '-' ? parse_count(value, names)
									  : parse_names(value, names)))
		return true;
	names->count = 1;
	snprintf(names->name[0], sizeof(names->name[0]), "%s", SIM_DEFAULT_DEVICE);
	return !value;
}

bool sim_device_names_have(const struct sim_names *names, const char *name)
{
	for (int i = 0; i < names->count; i++)
		if (!strcmp(names->name[i], name))
			return true;
	return false;
}
