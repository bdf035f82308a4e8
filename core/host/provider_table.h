/*
 * The providers the host library can drive, in the order they are asked (the simulated
 * BlueField-3 first, when the library has it), as rdma-core keeps its providers: each registers
 * its operations (PROVIDER_REGISTER, core/provider.h), built in or from a module FLEXIO_PROVIDERS
 * names, and the operations it lacks are filled with defaults that fail cleanly
 * (provider_defaults.c). The first call of any function below loads those modules and seals the
 * table.
 */
#ifndef OPENFLEXIO_CORE_HOST_PROVIDER_TABLE_H
#define OPENFLEXIO_CORE_HOST_PROVIDER_TABLE_H

#include "../provider.h"

/* Room in the table. */
#define PROVIDERS_MAX 8

/* The provider serving the device of ibv_ctx (its operations complete), or NULL. */
const struct flexio_provider_ops *provider_for(struct ibv_context *ibv_ctx);
/* The same for a device context a public function was given as `what`: NULL, with one log line
 * naming func, when it is NULL or no provider serves it. */
const struct flexio_provider_ops *provider_for_arg(struct ibv_context *ibv_ctx, const char *what, const char *func);
/* How many providers there are, and the i-th (0 .. count - 1) in the order they are asked. */
unsigned provider_count(void);
const struct flexio_provider_ops *provider_at(unsigned i);

/* Fills the operations ops leaves NULL with the defaults (provider_defaults.c). */
void provider_fill_defaults(struct flexio_provider_ops *ops);

#endif
