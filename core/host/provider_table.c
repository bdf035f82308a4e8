/* The providers the host library can drive (provider_table.h). */
#include "provider_table.h"

#include "log.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Filled while the library loads (built-in providers' constructors) and, at the first call that
 * needs a provider, by the modules FLEXIO_PROVIDERS names; then sealed: registrations after that
 * are refused, so that readers, who all pass table_ready first, need no lock.
 */
static struct provider_entry {
	struct flexio_provider_ops ops; /* the provider's, with defaults for what it lacks */
	int priority;
} table[PROVIDERS_MAX];
static unsigned count;
static bool sealed;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

#define REGISTER "provider_register"
/* The header every version of the table starts with: abi_version, size, name. */
#define HEADER_SIZE (offsetof(struct flexio_provider_ops, name) + sizeof(const char *))

/* Why the table cannot be taken as it is, or NULL. */
static const char *table_refusal(const struct flexio_provider_ops *ops, char *why, size_t why_size)
{
	if (ops->abi_version != PROVIDER_ABI_VERSION) {
		snprintf(why, why_size, "its table is of ABI version %u, this library's of version %u",
			 ops->abi_version, PROVIDER_ABI_VERSION);
		return why;
	}
	/* Tables hold pointers: the size of every version is a multiple of theirs. */
	if (ops->size < HEADER_SIZE || ops->size % sizeof(void *)) {
		snprintf(why, why_size, "its table's size, %u bytes, is no version's", ops->size);
		return why;
	}
	if (!ops->name || !*ops->name)
		return "its table has no name";
	for (unsigned i = 0; i < count; i++)
		if (!strcmp(table[i].ops.name, ops->name))
			return "a provider of that name is registered already";
	if (sealed)
		return "the library has begun to use its providers (a module registers from its entry, "
		       "a built-in provider when the library loads)";
	if (count == PROVIDERS_MAX) {
		snprintf(why, why_size, "the table is full (%d providers)", PROVIDERS_MAX);
		return why;
	}
	return NULL;
}

void provider_register(const struct flexio_provider_ops *ops, int priority)
{
	struct flexio_provider_ops copy = { 0 };
	char buf[96];
	const char *why;
	unsigned at;

	if (!ops) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, REGISTER, "ops is NULL");
		return;
	}
	pthread_mutex_lock(&table_lock);
	why = table_refusal(ops, buf, sizeof(buf));
	if (why) {
		pthread_mutex_unlock(&table_lock);
		/* The header is the same in every version: name is readable whatever the rest is. */
		flexio_log_at(FLEXIO_LOG_LVL_ERR, REGISTER, "provider \"%s\" refused: %s", ops->name ? ops->name : "",
			      why);
		return;
	}
	/* An older table stops at its size: what it lacks gets the defaults. A newer one's
	 * operations past this library's table are never called. */
	memcpy(&copy, ops, ops->size < sizeof(copy) ? ops->size : sizeof(copy));
	copy.size = sizeof(copy);
	provider_fill_defaults(&copy);
	for (at = count; at > 0 && table[at - 1].priority > priority; at--)
		table[at] = table[at - 1];
	table[at] = (struct provider_entry){ copy, priority };
	count++;
	pthread_mutex_unlock(&table_lock);
}

/* The module entry names: a path, or N for libflexio-N.so, next to this library if it is there,
 * else wherever the dynamic loader finds libraries. */
static void *module_open(const char *entry, char *file, size_t size)
{
	const char *slash;
	Dl_info self;

	if (strchr(entry, '/')) {
		snprintf(file, size, "%s", entry);
		return dlopen(file, RTLD_NOW | RTLD_LOCAL);
	}
	if (dladdr((void *)provider_register, &self) && self.dli_fname && (slash = strrchr(self.dli_fname, '/'))) {
		snprintf(file, size, "%.*s/libflexio-%s.so", (int)(slash - self.dli_fname), self.dli_fname, entry);
		if (!access(file, F_OK))
			return dlopen(file, RTLD_NOW | RTLD_LOCAL);
	}
	snprintf(file, size, "libflexio-%s.so", entry);
	return dlopen(file, RTLD_NOW | RTLD_LOCAL);
}

/* Loads the module entry names and calls its entry point, which registers its providers. One
 * log line when it cannot. */
static void module_load(const char *entry)
{
	char file[PATH_MAX];
	provider_module_entry_fn *init;
	void *module = module_open(entry, file, sizeof(file));

	if (!module) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, "FLEXIO_PROVIDERS", "provider module \"%s\" not loaded: %s", entry,
			      dlerror());
		return;
	}
	init = (provider_module_entry_fn *)dlsym(module, PROVIDER_MODULE_ENTRY);
	if (!init) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, "FLEXIO_PROVIDERS",
			      "%s is not a provider module (it has no " PROVIDER_MODULE_ENTRY ")", file);
		dlclose(module);
		return;
	}
	/* Never closed: the table points into it. */
	init(provider_register);
}

/* The modules FLEXIO_PROVIDERS names are loaded, and the table sealed. */
static void table_seal(void)
{
	const char *names = getenv("FLEXIO_PROVIDERS");
	char *list = names ? strdup(names) : NULL, *next = list, *entry;

	if (names && !list)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, "FLEXIO_PROVIDERS", "out of memory: no module loaded");
	while ((entry = strsep(&next, ":")))
		if (*entry)
			module_load(entry);
	free(list);
	pthread_mutex_lock(&table_lock);
	sealed = true;
	pthread_mutex_unlock(&table_lock);
}

static void table_ready(void)
{
	pthread_once(&table_once, table_seal);
}

unsigned provider_count(void)
{
	table_ready();
	return count;
}

const struct flexio_provider_ops *provider_at(unsigned i)
{
	table_ready();
	return i < count ? &table[i].ops : NULL;
}

const struct flexio_provider_ops *provider_for(struct ibv_context *ibv_ctx)
{
	table_ready();
	for (unsigned i = 0; i < count; i++)
		if (table[i].ops.serves(ibv_ctx))
			return &table[i].ops;
	return NULL;
}

const struct flexio_provider_ops *provider_for_arg(struct ibv_context *ibv_ctx, const char *what, const char *func)
{
	const struct flexio_provider_ops *provider;
	char devices[256] = "";
	size_t used = 0;

	if (!ibv_ctx) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is NULL", what);
		return NULL;
	}
	provider = provider_for(ibv_ctx);
	if (provider)
		return provider;
	/* "the simulated mlx5_sim devices", "a, b and c": what the providers drive. */
	for (unsigned i = 0; i < count && used < sizeof(devices); i++)
		used += snprintf(devices + used, sizeof(devices) - used, "%s%s",
				 i == 0           ? ""
				 : i + 1 == count ? " and "
						  : ", ",
				 table[i].ops.devices);
	if (count)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "%s %p is not an open device context this library can drive (only %s)", what,
			      (void *)ibv_ctx, devices);
	else
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "%s %p is not an open device context this library can drive (it has no provider: "
			      "FLEXIO_PROVIDERS names the modules to load)",
			      what, (void *)ibv_ctx);
	return NULL;
}
