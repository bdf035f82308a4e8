/* Device functions of an application: registration and look-up (flexio_func_*). */
#include "../provider.h"
#include "app.h"

#include "handle.h"
#include "log.h"


#include <stdlib.h>
#include <string.h>


struct func *app_find_func(struct app *app, flexio_func_t *host_stub, const char *func)
{
	struct func *f = NULL;

	if (host_stub)
		for (f = atomic_load_explicit(&app->funcs, memory_order_acquire); f && f->host_stub != host_stub;
		     f = f->next)
			;
	if (!f)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a function registered in application \"%s\"",
			      (void *)host_stub, app->name);
	return f;
}

/* The address of a device function of app: a symbol in executable memory. */
static bool resolve(struct app *app, const char *name, flexio_uintptr_t *addr, const char *func)
{
	struct provider_symbol symbol;

	if (app_symbol(app, name, &symbol)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\" has no device function \"%s\"", app->name,
			      name);
		return false;
	}
	if (!symbol.code) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "\"%s\" of application \"%s\" is data, not a device function",
			      name, app->name);
		return false;
	}
	*addr = symbol.address;
	return true;
}

/* Adds f to its application unless its host stub is taken; frees it otherwise. */
static flexio_status add_func(struct func *f, const char *func)
{
	struct app *app = f->app;
	struct func *existing;

	pthread_mutex_lock(&app->funcs_lock);
	for (existing = atomic_load_explicit(&app->funcs, memory_order_relaxed);
	     existing && existing->host_stub != f->host_stub; existing = existing->next)
		;
	if (!existing) {
		f->next = atomic_load_explicit(&app->funcs, memory_order_relaxed);
		/* Readers walk the list without the lock: publish f whole. */
		atomic_store_explicit(&app->funcs, f, memory_order_release);
	}
	pthread_mutex_unlock(&app->funcs_lock);
	if (existing) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "application \"%s\": host stub %p is already registered (as \"%s\")", app->name,
			      (void *)f->host_stub, existing->name);
		free(f);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

static flexio_status pup_register(struct app *app, const char *dev_func_name, const char *dev_unpack_func_name,
				  flexio_func_t *host_stub_func_addr, size_t argbuf_size,
				  flexio_func_arg_pack_fn_t *host_pack_func)
{
	static const char func[] = "flexio_func_pup_register";
	struct func *f;

	if (!app_valid_name(dev_func_name, "dev_func_name", func) ||
	    !app_valid_name(dev_unpack_func_name, "dev_unpack_func_name", func))
		return FLEXIO_STATUS_FAILED;
	if (!host_stub_func_addr || !host_pack_func) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s of \"%s\" is NULL",
			      host_stub_func_addr ? "host_pack_func" : "host_stub_func_addr", dev_func_name);
		return FLEXIO_STATUS_FAILED;
	}
	if (argbuf_size > PROVIDER_ARGBUF_MAX) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "argbuf_size %zu of \"%s\" is above %d bytes", argbuf_size,
			      dev_func_name, PROVIDER_ARGBUF_MAX);
		return FLEXIO_STATUS_FAILED;
	}
	f = calloc(1, sizeof(*f));
	if (!f) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	f->app = app;
	f->host_stub = host_stub_func_addr;
	strcpy(f->name, dev_func_name);
	strcpy(f->unpack_name, dev_unpack_func_name);
	f->pup = true;
	f->argbuf_size = argbuf_size;
	f->pack = host_pack_func;
	if (!resolve(app, f->name, &f->dev_addr, func) || !resolve(app, f->unpack_name, &f->unpack_addr, func)) {
		free(f);
		return FLEXIO_STATUS_FAILED;
	}
	return add_func(f, func);
}

FLEXIO_STABLE flexio_status flexio_func_pup_register(flexio_app *handle, const char *dev_func_name,
						     const char *dev_unpack_func_name,
						     flexio_func_t *host_stub_func_addr, size_t argbuf_size,
						     flexio_func_arg_pack_fn_t *host_pack_func)
{
	struct app *app = app_get(handle, __func__);
	flexio_status status;

	if (!app)
		return FLEXIO_STATUS_FAILED;
	status = pup_register(app, dev_func_name, dev_unpack_func_name, host_stub_func_addr, argbuf_size,
			      host_pack_func);
	app_put(app);
	return status;
}

static flexio_status func_register(struct app *app, const char *dev_func_name, flexio_func_t **out_func)
{
	static const char func[] = "flexio_func_register";
	struct func *f;

	if (!out_func) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out_func is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*out_func = NULL;
	if (!app_valid_name(dev_func_name, "dev_func_name", func))
		return FLEXIO_STATUS_FAILED;
	f = calloc(1, sizeof(*f));
	if (!f) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	f->app = app;
	/* The handle is the registration itself: unique, and never a function the program has. */
	f->host_stub = (flexio_func_t *)(void *)f;
	strcpy(f->name, dev_func_name);
	if (!resolve(app, f->name, &f->dev_addr, func)) {
		free(f);
		return FLEXIO_STATUS_FAILED;
	}
	if (add_func(f, func) != FLEXIO_STATUS_SUCCESS)
		return FLEXIO_STATUS_FAILED;
	*out_func = f->host_stub;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_func_register(flexio_app *handle, const char *dev_func_name,
						 flexio_func_t **out_func)
{
	struct app *app = app_get(handle, __func__);
	flexio_status status;

	if (!app)
		return FLEXIO_STATUS_FAILED;
	status = func_register(app, dev_func_name, out_func);
	app_put(app);
	return status;
}

static flexio_status get_register_info(struct app *app, flexio_func_t *host_stub_func_addr, uint32_t *pup,
				       char *dev_func_name, char *dev_unpack_func_name, size_t func_name_size,
				       size_t *argbuf_size, flexio_func_arg_pack_fn_t **host_pack_func,
				       flexio_uintptr_t *dev_func_addr, flexio_uintptr_t *dev_unpack_func_addr)
{
	static const char func[] = "flexio_func_get_register_info";
	struct func *f;

	if (!pup || !dev_func_name || !dev_unpack_func_name || !argbuf_size || !host_pack_func || !dev_func_addr ||
	    !dev_unpack_func_addr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "an output pointer is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	f = app_find_func(app, host_stub_func_addr, func);
	if (!f)
		return FLEXIO_STATUS_FAILED;
	if (strlen(f->name) >= func_name_size || strlen(f->unpack_name) >= func_name_size) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "func_name_size %zu cannot hold the names of \"%s\" (give FLEXIO_MAX_NAME_LEN + 1)",
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

FLEXIO_STABLE flexio_status flexio_func_get_register_info(flexio_app *handle, flexio_func_t *host_stub_func_addr,
							  uint32_t *pup, char *dev_func_name,
							  char *dev_unpack_func_name, size_t func_name_size,
							  size_t *argbuf_size,
							  flexio_func_arg_pack_fn_t **host_pack_func,
							  flexio_uintptr_t *dev_func_addr,
							  flexio_uintptr_t *dev_unpack_func_addr)
{
	struct app *app = app_get(handle, __func__);
	flexio_status status;

	if (!app)
		return FLEXIO_STATUS_FAILED;
	status = get_register_info(app, host_stub_func_addr, pup, dev_func_name, dev_unpack_func_name, func_name_size,
				   argbuf_size, host_pack_func, dev_func_addr, dev_unpack_func_addr);
	app_put(app);
	return status;
}
