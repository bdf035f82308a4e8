/*
 * The simulated devices a process serves: FLEXIO_SIM_DEVICES read one way by the simulated
 * rdma-core device (core/providers/sim/verbs device.c, at every device listing) and by
 * libdpa_stats (core/stats, which links no libflexio: both link this file's objects). Unset: mlx5_sim0; a count N (1..16):
 * mlx5_sim0 .. mlx5_sim<N-1>; or a comma-separated list of at most 16 distinct names as the
 * kernel gives RDMA devices (mlx5_0, rxe0: a letter first, a digit last), each optionally with
 * the PCI address of the device's function (mlx5_0@0000:03:00.0, docs/doca-devices.md).
 */
#ifndef OPENFLEXIO_CORE_COMMON_DEVICE_NAMES_H
#define OPENFLEXIO_CORE_COMMON_DEVICE_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#define DEVICE_NAMES_ENV "FLEXIO_SIM_DEVICES"
#define DEVICE_NAMES_DEFAULT "mlx5_sim0"
#define DEVICE_NAMES_MAX 16
#define DEVICE_NAME_SIZE 64     /* IBV_SYSFS_NAME_MAX, with its terminating NUL */
#define DEVICE_PCI_ADDR_SIZE 13 /* "DDDD:BB:DD.F" and its terminating NUL */

struct device_names {
	int count;
	char name[DEVICE_NAMES_MAX][DEVICE_NAME_SIZE];
	char pci[DEVICE_NAMES_MAX][DEVICE_PCI_ADDR_SIZE]; /* as given after '@', normalised; "" if not */
};

/* The devices FLEXIO_SIM_DEVICES names now; false when its value is neither form (names then
 * holds the default device alone, for the caller to serve after saying so). */
bool device_names_read(struct device_names *names);
/* Whether name is one of names. */
bool device_names_have(const struct device_names *names, const char *name);
/*
 * Reads the length characters at text as a PCI address, "DDDD:BB:DD.F" or "BB:DD.F" (hex, either
 * case; device <= 0x1f, function <= 7), into out as "dddd:bb:dd.f" (lower case, domain 0000 when
 * not given). false when it is none.
 */
bool device_names_pci_parse(const char *text, size_t length, char out[DEVICE_PCI_ADDR_SIZE]);

#endif
