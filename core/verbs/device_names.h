/*
 * The simulated devices a process serves: FLEXIO_SIM_DEVICES read one way by the simulated
 * rdma-core device (device.c, at every device listing) and by libdpa_stats (which
 * compiles device_names.c in: it links no libflexio). Unset: mlx5_sim0; a count N (1..16):
 * mlx5_sim0 .. mlx5_sim<N-1>; or a comma-separated list of at most 16 distinct names as the
 * kernel gives RDMA devices (mlx5_0, rxe0: a letter first, a digit last).
 */
#ifndef OPENFLEXIO_VERBS_DEVICE_NAMES_H
#define OPENFLEXIO_VERBS_DEVICE_NAMES_H

#include <stdbool.h>

#define SIM_DEVICES_ENV "FLEXIO_SIM_DEVICES"
#define SIM_DEFAULT_DEVICE "mlx5_sim0"
#define SIM_MAX_DEVICES 16
#define SIM_DEVICE_NAME_MAX 64 /* IBV_SYSFS_NAME_MAX, with its terminating NUL */

struct sim_names {
	int count;
	char name[SIM_MAX_DEVICES][SIM_DEVICE_NAME_MAX];
};

/* The devices FLEXIO_SIM_DEVICES names now; false when its value is neither form (names then
 * holds the default device alone, for the caller to serve after saying so). */
bool sim_device_names_read(struct sim_names *names);
/* Whether name is one of names. */
bool sim_device_names_have(const struct sim_names *names, const char *name);

#endif
