/* Device functions of an application: registration and look-up (flexio_func_*). */
#include "../provider.h"
#include "app.h"

#include "handle.h"
#include "log.h"

#include <dpa.h>

#include <stdlib.h>
#include <string.h>


struct flexio_func *app_find_func(struct flexio_app *app, flexio_func_t *host_stub, const char *func)
{
	struct flexio_func *f = NULL;

	if (host_stub) {
		pthread_mutex_lock(&app->funcs_lock);
		for (f = app->funcs; f && f->host_stub != host_stub; f = f->next)
			;
		pthread_mutex_unlock(&app->funcs_lock);
	}
	if (!f)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a function registered in application \"%s\"",
			      (void *)host_stub, app->name);
	return f;
}

static bool resolve(struct flexio_app *app, const char *name, flexio_uintptr_t *addr, const char *func)
{
	uint64_t size;

	if (dpa_image_symbol(app->image, name, addr, &size) == 0)
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\" has no device function \"%s\"", app->name, name);
	return false;
}

/* Adds f to its application unless its host stub is taken; frees it otherwise. */
static flexio_status add_func(struct flexio_func *f, const char *func)
{
	struct flexio_app *app = f->app;
	struct flexio_func *existing;

	pthread_mutex_lock(&app->funcs_lock);
	for (existing = app->funcs; existing && existing->host_stub != f->host_stub; existing = existing->next)
		;
	if (!existing) {
		f->next = app->funcs;
		app->funcs = f;
	}
	pthread_mutex_unlock(&app->funcs_lock);
	if (existing) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\": host stub %p is already registered (as \"%s\")",
			      app->name, (void *)f->host_stub, existing->name);
		free(f);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_func_pup_register(flexio_app *app, const char *dev_func_name,
						     const char *dev_unpack_func_name,
						     flexio_func_t *host_stub_func_addr, size_t argbuf_size,
						     flexio_func_arg_pack_fn_t *host_pack_func)
{
	struct flexio_func *f;

	if (!handle_is(app, HANDLE_APP)) {
		flexio_err("%p is not a live application", (void *)app);
		return FLEXIO_STATUS_FAILED;
	}
	if (!app_valid_name(dev_func_name, "dev_func_name", __func__) ||
	    !app_valid_name(dev_unpack_func_name, "dev_unpack_func_name", __func__))
		return FLEXIO_STATUS_FAILED;
	if (!host_stub_func_addr || !host_pack_func) {
		flexio_err("%s of \"%s\" is NULL", host_stub_func_addr ? "host_pack_func" : "host_stub_func_addr",
			   dev_func_name);
		return FLEXIO_STATUS_FAILED;
	}
	if (argbuf_size > PROVIDER_ARGBUF_MAX) {
		flexio_err("argbuf_size %zu of \"%s\" is above %d bytes", argbuf_size, dev_func_name, PROVIDER_ARGBUF_MAX);
		return FLEXIO_STATUS_FAILED;
	}
	f = calloc(1, sizeof(*f));
	if (!f) {
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	f->app = app;
	f->host_stub = host_stub_func_addr;
	strcpy(f->name, dev_func_name);
	strcpy(f->unpack_name, dev_unpack_func_name);
	f->pup = true;
	f->argbuf_size = argbuf_size;
	f->pack = host_pack_func;
	if (!resolve(app, f->name, &f->dev_addr, __func__) || !resolve(app, f->unpack_name, &f->unpack_addr, __func__)) {
		free(f);
		return FLEXIO_STATUS_FAILED;
	}
	return add_func(f, __func__);
}

FLEXIO_STABLE flexio_status flexio_func_register(flexio_app *app, const char *dev_func_name, flexio_func_t **out_func)
{
	struct flexio_func *f;

	if (!handle_is(app, HANDLE_APP)) {
		flexio_err("%p is not a live application", (void *)app);
		return FLEXIO_STATUS_FAILED;
	}
	if (!out_func) {
		flexio_err("out_func is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*out_func = NULL;
	if (!app_valid_name(dev_func_name, "dev_func_name", __func__))
		return FLEXIO_STATUS_FAILED;
	f = calloc(1, sizeof(*f));
	if (!f) {
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	f->app = app;
	/* The handle is the registration itself: unique, and never a function the program has. */
	f->host_stub = (flexio_func_t *)(void *)f;
	strcpy(f->name, dev_func_name);
	if (!resolve(app, f->name, &f->dev_addr, __func__)) {
		free(f);
		return FLEXIO_STATUS_FAILED;
	}
	if (add_func(f, __func__) != FLEXIO_STATUS_SUCCESS)
		return FLEXIO_STATUS_FAILED;
	*out_func = f->host_stub;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_func_get_register_info(flexio_app *app, flexio_func_t *host_stub_func_addr,
							  uint32_t *pup, char *dev_func_name,
							  char *dev_unpack_func_name, size_t func_name_size,
							  size_t *argbuf_size,
							  flexio_func_arg_pack_fn_t **host_pack_func,
							  flexio_uintptr_t *dev_func_addr,
							  flexio_uintptr_t *dev_unpack_func_addr)
{
	struct flexio_func *f;

	if (!handle_is(app, HANDLE_APP)) {
		flexio_err("%p is not a live application", (void *)app);
		return FLEXIO_STATUS_FAILED;
	}
	if (!pup || !dev_func_name || !dev_unpack_func_name || !argbuf_size || !host_pack_func || !dev_func_addr ||
	    !dev_unpack_func_addr) {
		flexio_err("an output pointer is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	f = app_find_func(app, host_stub_func_addr, __func__);
	if (!f)
		return FLEXIO_STATUS_FAILED;
	if (strlen(f->name) >= func_name_size || strlen(f->unpack_name) >= func_name_size) {
		flexio_err("func_name_size %zu cannot hold the names of \"%s\" (give FLEXIO_MAX_NAME_LEN + 1)",
			   func_name_size, f->name);
		return FLEXIO_STATUS_FAILED;
	}
	*pup = f->pup;
	strcpy(dev_func_name, f->name);
	strcpy(dev_unpack_func_name, f->unpack_name);
	*argbuf_size = f->argbuf_size;
	*host_pack_func = f->pack;
	*dev_func_addr = f->dev_addr;
	*dev_unpack_func_addr = f->unpack_addr;
	return FLEXIO_STATUS_SUCCESS;
}
