/* The providers the host library can drive (provider_table.h). */
#include "provider_table.h"

static const struct flexio_provider_ops *const providers[] = {&sim_provider};

const struct flexio_provider_ops *provider_for(struct ibv_context *ibv_ctx)
{
	for (size_t i = 0; i < sizeof(providers) / sizeof(providers[0]); i++)
		if (providers[i]->serves(ibv_ctx))
			return providers[i];
	return NULL;
}
