/* The providers the host library can drive (provider_table.h). */
#include "provider_table.h"

#include "log.h"

/*
 * Filled by the providers' constructors while the library loads, before any call can read it,
 * and never changed after: readers need no lock.
 */
static struct provider_entry {
	struct flexio_provider_ops ops; /* the provider's, with defaults for what it lacks */
	int priority;
} table[PROVIDERS_MAX];
static unsigned count;

void provider_register(const struct flexio_provider_ops *ops, int priority)
{
	unsigned at = count;

	if (count == PROVIDERS_MAX) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, "provider_register",
			      "no room for provider \"%s\" (%d providers at most)", ops->name, PROVIDERS_MAX);
		return;
	}
	for (; at > 0 && table[at - 1].priority > priority; at--)
		table[at] = table[at - 1];
	table[at] = (struct provider_entry){ *ops, priority };
	provider_fill_defaults(&table[at].ops);
	count++;
}

unsigned provider_count(void)
{
	return count;
}

const struct flexio_provider_ops *provider_at(unsigned i)
{
	return i < count ? &table[i].ops : NULL;
}

const struct flexio_provider_ops *provider_for(struct ibv_context *ibv_ctx)
{
	for (unsigned i = 0; i < count; i++)
		if (table[i].ops.serves(ibv_ctx))
			return &table[i].ops;
	return NULL;
}

const struct flexio_provider_ops *provider_for_arg(struct ibv_context *ibv_ctx, const char *what, const char *func)
{
	const struct flexio_provider_ops *provider;

	if (!ibv_ctx) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is NULL", what);
		return NULL;
	}
	provider = provider_for(ibv_ctx);
	if (!provider)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "%s %p is not an open device context this library can drive (only the simulated "
			      "mlx5_sim devices)",
			      what, (void *)ibv_ctx);
	return provider;
}
