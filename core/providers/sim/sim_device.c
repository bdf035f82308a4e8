/* Which devices the simulated provider serves: the mlx5_sim devices of libflexio_verbs. */
#include "sim.h"

#include <flexio_verbs.h>

int sim_serves(struct ibv_context *ibv_ctx)
{
	return flexio_verbs_context_device(ibv_ctx) >= 0;
}
