/* Applications and their registered device functions, as the rest of the host library sees them. */
#ifndef OPENFLEXIO_CORE_HOST_APP_H
#define OPENFLEXIO_CORE_HOST_APP_H

#include "handle.h"
#include "provider_table.h"

#include <libflexio/flexio.h>

#include <pthread.h>
#include <stdatomic.h>

struct app;

/* A device function registered in an application; its address is the handle of flexio_func_register. */
struct func {
	struct app *app;
	flexio_func_t *host_stub; /* the key programs call it by */
	char name[FLEXIO_MAX_NAME_LEN + 1];
	char unpack_name[FLEXIO_MAX_NAME_LEN + 1];
	bool pup; /* registered with argument packing */
	size_t argbuf_size;
	flexio_func_arg_pack_fn_t *pack;
	flexio_uintptr_t dev_addr;
	flexio_uintptr_t unpack_addr;
	struct func *next;
};

struct app {
	struct handle_object handle; /* first: handle_get returns the object */
	char name[FLEXIO_MAX_NAME_LEN + 1];
	void *elf;
	size_t elf_size;
	void *sig;
	size_t sig_size;
	uint64_t dpa_api_version;
	uint64_t *dev_versions;
	size_t dev_versions_len;
	/* The application as each provider loaded it (provider_at(i)), once, for all its processes. */
	struct provider_image *images[PROVIDERS_MAX];
	/* Functions are only ever added (until the app is freed), so look-ups need no lock: calls
	 * of different processes of one app never meet on one. Additions take funcs_lock. */
	pthread_mutex_t funcs_lock;
	struct func *_Atomic funcs;
	struct app *next; /* in the registry of live applications */
};

/* Whether name is a non-empty name of at most FLEXIO_MAX_NAME_LEN characters; logs why not as func. */
bool app_valid_name(const char *name, const char *what, const char *func);

/* The application of a live handle with a reference (app_put), or NULL logged as func. */
struct app *app_get(const flexio_app *handle, const char *func);
void app_put(struct app *app);

/* The image of app that provider loaded. */
const struct provider_image *app_image(const struct app *app, const struct flexio_provider_ops *provider);
/* A symbol of the application's ELF: 0, or -ENOENT. */
int app_symbol(const struct app *app, const char *name, struct provider_symbol *symbol);

/* The function of app that host_stub names; NULL, with a log line as func, if none. */
struct func *app_find_func(struct app *app, flexio_func_t *host_stub, const char *func);

#endif
