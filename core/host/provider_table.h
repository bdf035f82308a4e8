/*
 * The providers the host library can drive, in the order they are asked (the simulated
 * BlueField-3 first), as rdma-core keeps its providers: each registers its operations, and the
 * operations it lacks are filled with defaults that fail cleanly (provider_defaults.c).
 */
#ifndef OPENFLEXIO_CORE_HOST_PROVIDER_TABLE_H
#define OPENFLEXIO_CORE_HOST_PROVIDER_TABLE_H

#include "../provider.h"

/* The provider serving the device of ibv_ctx (its operations complete), or NULL. */
const struct flexio_provider_ops *provider_for(struct ibv_context *ibv_ctx);

#endif
