/* Applications: DPA ELF images registered by dpacc's constructors (flexio_app_*). */
#include "app.h"

#include "handle.h"
#include "layouts.h"
#include "log.h"
#include "provider_table.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct app *registry; /* newest first */

/* Lists made by flexio_app_get_list and not freed yet (arrays the program reads: no handles). */
struct app_list {
	flexio_app **apps;
	struct app_list *next;
};
static struct app_list *app_lists;

bool app_valid_name(const char *name, const char *what, const char *func)
{
	if (!name || !*name) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is NULL or empty", what);
		return false;
	}
	if (strnlen(name, FLEXIO_MAX_NAME_LEN + 1) > FLEXIO_MAX_NAME_LEN) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%s is longer than FLEXIO_MAX_NAME_LEN (%d)", what,
			      FLEXIO_MAX_NAME_LEN);
		return false;
	}
	return true;
}

static void *copy_of(const void *src, size_t size)
{
	void *dst = malloc(size ? size : 1);

	if (dst && size)
		memcpy(dst, src, size);
	return dst;
}

static void app_free(struct app *app)
{
	struct func *f, *next;

	for (f = atomic_load(&app->funcs); f; f = next) {
		next = f->next;
		free(f);
	}
	for (unsigned i = 0; i < provider_count(); i++)
		if (app->images[i])
			provider_at(i)->image_release(app->images[i]);
	pthread_mutex_destroy(&app->funcs_lock);
	free(app->elf);
	free(app->sig);
	free(app->dev_versions);
	free(app);
}

static void app_free_handle(struct handle_object *object)
{
	app_free((struct app *)object);
}

const struct provider_image *app_image(const struct app *app, const struct flexio_provider_ops *provider)
{
	for (unsigned i = 0; i < provider_count(); i++)
		if (provider_at(i) == provider)
			return app->images[i];
	return NULL;
}

/* Symbols are the ELF's: every provider's image has the same addresses; the first one answers. */
int app_symbol(const struct app *app, const char *name, struct provider_symbol *symbol)
{
	return provider_count() ? provider_at(0)->image_symbol(app->images[0], name, symbol) : -ENOENT;
}

struct app *app_get(const flexio_app *handle, const char *func)
{
	return handle_get(handle, HANDLE_APP, func);
}

void app_put(struct app *app)
{
	handle_put(&app->handle);
}

/* The newest live application called name (the registry is newest first). */
static struct app *find_by_name_locked(const char *name)
{
	for (struct app *a = registry; a; a = a->next)
		if (!strcmp(a->name, name))
			return a;
	return NULL;
}

/* Both editions' flexio_app_create end here. */
static flexio_status create_app(const char *func, const struct app_args *attr, flexio_app **app_out)
{
	char err[PROVIDER_ERROR_MAX];
	struct app *app;
	void *handle;

	if (!app_out) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "app is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*app_out = NULL;
	if (!app_valid_name(attr->app_name, "application name", func))
		return FLEXIO_STATUS_FAILED;
	if (!attr->app_ptr || !attr->app_bsize) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\": no ELF image (pointer %p, size %zu)",
			      attr->app_name, attr->app_ptr, attr->app_bsize);
		return FLEXIO_STATUS_FAILED;
	}
	if (attr->sig_bsize && !attr->sig_ptr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\": sig_bsize %zu with a NULL sig_ptr",
			      attr->app_name, attr->sig_bsize);
		return FLEXIO_STATUS_FAILED;
	}
	if (attr->flexio_dev_versions_len_size && !attr->flexio_dev_versions) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\": %zu device versions with a NULL array",
			      attr->app_name, attr->flexio_dev_versions_len_size);
		return FLEXIO_STATUS_FAILED;
	}
	if (attr->flexio_dev_versions_len_size > SIZE_MAX / sizeof(uint64_t)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "application \"%s\": %zu device versions is more than memory holds", attr->app_name,
			      attr->flexio_dev_versions_len_size);
		return FLEXIO_STATUS_FAILED;
	}

	app = calloc(1, sizeof(*app));
	if (!app) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_init(&app->funcs_lock, NULL);
	strcpy(app->name, attr->app_name);
	/* Every provider validates and loads the ELF now, so a bad one fails here, not later. */
	for (unsigned i = 0; i < provider_count(); i++) {
		app->images[i] = provider_at(i)->image_load(attr->app_ptr, attr->app_bsize, err, sizeof(err));
		if (!app->images[i]) {
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\": not a DPA executable: %s",
				      app->name, err);
			app_free(app);
			return FLEXIO_STATUS_FAILED;
		}
	}
	app->elf = copy_of(attr->app_ptr, attr->app_bsize);
	app->elf_size = attr->app_bsize;
	app->sig = attr->sig_bsize ? copy_of(attr->sig_ptr, attr->sig_bsize) : NULL;
	app->sig_size = attr->sig_bsize;
	app->dpa_api_version = attr->dpa_api_version;
	app->dev_versions_len = attr->flexio_dev_versions_len_size;
	app->dev_versions = copy_of(attr->flexio_dev_versions, app->dev_versions_len * sizeof(uint64_t));
	if (!app->elf || (app->sig_size && !app->sig) || !app->dev_versions) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		app_free(app);
		return FLEXIO_STATUS_FAILED;
	}

	/* Names may repeat (an application rebuilt and loaded again keeps its name): each is an
	 * application of its own, and flexio_app_get finds the newest. */
	pthread_mutex_lock(&registry_lock);
	handle = handle_open(&app->handle, HANDLE_APP, app_free_handle);
	if (handle) {
		app->next = registry;
		registry = app;
	}
	pthread_mutex_unlock(&registry_lock);
	if (!handle) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory (or of handles)");
		app_free(app);
		return FLEXIO_STATUS_FAILED;
	}
	*app_out = handle;
	return FLEXIO_STATUS_SUCCESS;
}

/*
 * Both forms of flexio_app_create are bound to their versions here: the current one
 * is the default (@@FLEXIO_1.1), the older edition's stays at FLEXIO_1.0.
 */
__asm__(".symver flexio_app_create_v1_1, flexio_app_create@@FLEXIO_1.1");
FLEXIO_STABLE flexio_status flexio_app_create_v1_1(struct flexio_app_attr *fattr, flexio_app **app);
FLEXIO_STABLE flexio_status flexio_app_create_v1_1(struct flexio_app_attr *fattr, flexio_app **app)
{
	struct app_args attr;

	if (!fattr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, "flexio_app_create", "fattr is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	layouts_app_attr(fattr, &attr);
	return create_app("flexio_app_create", &attr, app);
}

__asm__(".symver flexio_app_create_v1_0, flexio_app_create@FLEXIO_1.0");
FLEXIO_STABLE flexio_status flexio_app_create_v1_0(const char *name, void *elf, size_t elf_size, flexio_app **app);
FLEXIO_STABLE flexio_status flexio_app_create_v1_0(const char *name, void *elf, size_t elf_size, flexio_app **app)
{
	struct app_args attr = { .app_name = name, .app_ptr = elf, .app_bsize = elf_size };

	return create_app("flexio_app_create", &attr, app);
}

/* Processes created from the application keep it alive: it is freed after the last of them. */
FLEXIO_STABLE flexio_status flexio_app_destroy(flexio_app *handle)
{
	struct app **link, *app = handle_close(handle, HANDLE_APP, __func__);

	if (!app)
		return FLEXIO_STATUS_FAILED;
	pthread_mutex_lock(&registry_lock);
	for (link = &registry; *link && *link != app; link = &(*link)->next)
		;
	if (*link)
		*link = app->next;
	pthread_mutex_unlock(&registry_lock);
	app_put(app); /* the application's own reference */
	app_put(app); /* this call's */
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_app_get(const struct flexio_app_select_attr *attr, flexio_app **app)
{
	struct app *found;

	if (!attr || !app) {
		flexio_err("%s is NULL", attr ? "app" : "attr");
		return FLEXIO_STATUS_FAILED;
	}
	*app = NULL;
	if (!app_valid_name(attr->app_name, "app_name", __func__))
		return FLEXIO_STATUS_FAILED;
	if (attr->ibv_ctx && !provider_for_arg(attr->ibv_ctx, "attr->ibv_ctx", __func__))
		return FLEXIO_STATUS_FAILED;
	if (attr->hw_model_id != FLEXIO_HW_MODEL_DEF && attr->hw_model_id != FLEXIO_HW_MODEL_BF3) {
		flexio_err("hw_model_id %u: the simulated device is a BlueField-3 DPA (FLEXIO_HW_MODEL_DEF or _BF3)",
			   attr->hw_model_id);
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&registry_lock);
	found = find_by_name_locked(attr->app_name);
	if (found)
		*app = handle_of(&found->handle);
	pthread_mutex_unlock(&registry_lock);
	if (!found) {
		flexio_err("no application named \"%s\" (is its dpacc archive linked into the program?)",
			   attr->app_name);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_app_get_list(flexio_app ***app_list, uint32_t *num_apps)
{
	struct app_list *entry;
	uint32_t count = 0;
	flexio_app **list;

	if (!app_list || !num_apps) {
		flexio_err("%s is NULL", app_list ? "num_apps" : "app_list");
		return FLEXIO_STATUS_FAILED;
	}
	entry = malloc(sizeof(*entry));
	pthread_mutex_lock(&registry_lock);
	for (struct app *a = registry; a; a = a->next)
		count++;
	/* Never an empty allocation: the list is what flexio_app_list_free checks. */
	list = entry ? malloc((count + 1) * sizeof(*list)) : NULL;
	if (list) {
		uint32_t i = count;

		for (struct app *a = registry; a; a = a->next)
			list[--i] = handle_of(&a->handle); /* oldest first */
		list[count] = NULL;
		entry->apps = list;
		entry->next = app_lists;
		app_lists = entry;
	}
	pthread_mutex_unlock(&registry_lock);
	if (!list) {
		free(entry);
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	*app_list = list;
	*num_apps = count;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_app_list_free(flexio_app **apps_list)
{
	struct app_list **link, *entry = NULL;

	pthread_mutex_lock(&registry_lock);
	for (link = &app_lists; *link && (*link)->apps != apps_list; link = &(*link)->next)
		;
	if (apps_list && *link) {
		entry = *link;
		*link = entry->next;
	}
	pthread_mutex_unlock(&registry_lock);
	if (!entry) {
		flexio_err("%p is not a list made by flexio_app_get_list", (void *)apps_list);
		return FLEXIO_STATUS_FAILED;
	}
	free(entry->apps);
	free(entry);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL const char *flexio_app_get_name(flexio_app *handle)
{
	struct app *app = app_get(handle, __func__);
	const char *name;

	if (!app)
		return NULL;
	name = app->name; /* lives as long as the application, as the manual's does */
	app_put(app);
	return name;
}

FLEXIO_EXPERIMENTAL size_t flexio_app_get_elf_size(flexio_app *handle)
{
	struct app *app = app_get(handle, __func__);
	size_t size;

	if (!app)
		return 0;
	size = app->elf_size;
	app_put(app);
	return size;
}

FLEXIO_STABLE flexio_status flexio_app_get_elf(flexio_app *handle, uint64_t *bin_buff, size_t bin_size)
{
	struct app *app = app_get(handle, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (!app)
		return FLEXIO_STATUS_FAILED;
	if (!bin_buff)
		flexio_err("bin_buff is NULL");
	else if (bin_size < app->elf_size)
		flexio_err("bin_size %zu is smaller than the ELF image of \"%s\" (%zu bytes)", bin_size, app->name,
			   app->elf_size);
	else {
		memcpy(bin_buff, app->elf, app->elf_size);
		status = FLEXIO_STATUS_SUCCESS;
	}
	app_put(app);
	return status;
}
