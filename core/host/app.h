/* Applications and their registered device functions, as the rest of the host library sees them. */
#ifndef OPENFLEXIO_CORE_HOST_APP_H
#define OPENFLEXIO_CORE_HOST_APP_H

#include <libflexio/flexio.h>

#include <pthread.h>
#include <stdatomic.h>

struct dpa_image;

/* A device function registered in an application; its address is the handle of flexio_func_register. */
struct flexio_func {
	struct flexio_app *app;
	flexio_func_t *host_stub;  /* the key programs call it by */
	char name[FLEXIO_MAX_NAME_LEN + 1];
	char unpack_name[FLEXIO_MAX_NAME_LEN + 1];
	bool pup;                  /* registered with argument packing */
	size_t argbuf_size;
	flexio_func_arg_pack_fn_t *pack;
	flexio_uintptr_t dev_addr;
	flexio_uintptr_t unpack_addr;
	struct flexio_func *next;
};

struct flexio_app {
	char name[FLEXIO_MAX_NAME_LEN + 1];
	void *elf;
	size_t elf_size;
	void *sig;
	size_t sig_size;
	uint64_t dpa_api_version;
	uint64_t *dev_versions;
	size_t dev_versions_len;
	struct dpa_image *image; /* validated and decoded once, shared by the app's processes */
	pthread_mutex_t funcs_lock;
	struct flexio_func *funcs;
	atomic_int refs;         /* the registry's, plus one per process using the app */
	struct flexio_app *next; /* in the registry of live applications */
};

/* Whether name is a non-empty name of at most FLEXIO_MAX_NAME_LEN characters; logs why not as func. */
bool app_valid_name(const char *name, const char *what, const char *func);

/* The function of app that host_stub names; NULL, with a log line as func, if none. */
struct flexio_func *app_find_func(struct flexio_app *app, flexio_func_t *host_stub, const char *func);

/* Keeps an application's memory alive while a process uses it, even after flexio_app_destroy. */
void app_hold(struct flexio_app *app);
void app_release(struct flexio_app *app);

#endif
