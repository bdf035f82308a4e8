/* Applications: DPA ELF images registered by dpacc's constructors (flexio_app_*). */
#include "app.h"

#include "handle.h"
#include "log.h"

#include <dpa.h>

#include <stdlib.h>
#include <string.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct flexio_app *registry; /* newest first */

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

static void app_free(struct flexio_app *app)
{
	struct flexio_func *f, *next;

	for (f = app->funcs; f; f = next) {
		next = f->next;
		handle_remove(f);
		free(f);
	}
	if (app->image)
		dpa_image_release(app->image);
	pthread_mutex_destroy(&app->funcs_lock);
	free(app->elf);
	free(app->sig);
	free(app->dev_versions);
	free(app);
}

void app_hold(struct flexio_app *app)
{
	atomic_fetch_add(&app->refs, 1);
}

void app_release(struct flexio_app *app)
{
	if (atomic_fetch_sub(&app->refs, 1) == 1)
		app_free(app);
}

static struct flexio_app *find_by_name_locked(const char *name)
{
	for (struct flexio_app *a = registry; a; a = a->next)
		if (!strcmp(a->name, name))
			return a;
	return NULL;
}

/* Both editions' flexio_app_create end here. */
static flexio_status create_app(const char *func, const struct flexio_app_attr *attr, flexio_app **app_out)
{
	char err[DPA_ERROR_MAX];
	struct flexio_app *app;

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

	app = calloc(1, sizeof(*app));
	if (!app) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_init(&app->funcs_lock, NULL);
	atomic_init(&app->refs, 1);
	strcpy(app->name, attr->app_name);
	app->image = dpa_image_load(attr->app_ptr, attr->app_bsize, err, sizeof(err));
	if (!app->image) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\": not a DPA executable: %s", app->name, err);
		app_free(app);
		return FLEXIO_STATUS_FAILED;
	}
	app->elf = copy_of(attr->app_ptr, attr->app_bsize);
	app->elf_size = attr->app_bsize;
	app->sig = attr->sig_bsize ? copy_of(attr->sig_ptr, attr->sig_bsize) : NULL;
	app->sig_size = attr->sig_bsize;
	app->dpa_api_version = attr->dpa_api_version;
	app->dev_versions_len = attr->flexio_dev_versions_len_size;
	app->dev_versions = copy_of(attr->flexio_dev_versions, app->dev_versions_len * sizeof(uint64_t));
	if (!app->elf || (app->sig_size && !app->sig) || !app->dev_versions || !handle_add(app, HANDLE_APP)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		app_free(app);
		return FLEXIO_STATUS_FAILED;
	}

	pthread_mutex_lock(&registry_lock);
	if (find_by_name_locked(app->name)) {
		pthread_mutex_unlock(&registry_lock);
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "an application named \"%s\" already exists", app->name);
		handle_remove(app);
		app_free(app);
		return FLEXIO_STATUS_FAILED;
	}
	app->next = registry;
	registry = app;
	pthread_mutex_unlock(&registry_lock);
	*app_out = app;
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
	if (!fattr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, "flexio_app_create", "fattr is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	return create_app("flexio_app_create", fattr, app);
}

__asm__(".symver flexio_app_create_v1_0, flexio_app_create@FLEXIO_1.0");
FLEXIO_STABLE flexio_status flexio_app_create_v1_0(const char *name, void *elf, size_t elf_size, flexio_app **app);
FLEXIO_STABLE flexio_status flexio_app_create_v1_0(const char *name, void *elf, size_t elf_size, flexio_app **app)
{
	struct flexio_app_attr attr = {.app_name = name, .app_ptr = elf, .app_bsize = elf_size};

	return create_app("flexio_app_create", &attr, app);
}

FLEXIO_STABLE flexio_status flexio_app_destroy(flexio_app *app)
{
	struct flexio_app **link;

	if (!handle_is(app, HANDLE_APP)) {
		flexio_err("%p is not a live application", (void *)app);
		return FLEXIO_STATUS_FAILED;
	}
	handle_remove(app);
	pthread_mutex_lock(&registry_lock);
	for (link = &registry; *link && *link != app; link = &(*link)->next)
		;
	if (*link)
		*link = app->next;
	pthread_mutex_unlock(&registry_lock);
	app_release(app);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_app_get(const struct flexio_app_select_attr *attr, flexio_app **app)
{
	if (!attr || !app) {
		flexio_err("%s is NULL", attr ? "app" : "attr");
		return FLEXIO_STATUS_FAILED;
	}
	*app = NULL;
	if (!app_valid_name(attr->app_name, "app_name", __func__))
		return FLEXIO_STATUS_FAILED;
	if (attr->hw_model_id != FLEXIO_HW_MODEL_DEF && attr->hw_model_id != FLEXIO_HW_MODEL_BF3) {
		flexio_err("hw_model_id %u: the simulated device is a BlueField-3 DPA (FLEXIO_HW_MODEL_DEF or _BF3)",
			   attr->hw_model_id);
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&registry_lock);
	*app = find_by_name_locked(attr->app_name);
	pthread_mutex_unlock(&registry_lock);
	if (!*app) {
		flexio_err("no application named \"%s\" (is its dpacc archive linked into the program?)",
			   attr->app_name);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_app_get_list(flexio_app ***app_list, uint32_t *num_apps)
{
	uint32_t count = 0;
	flexio_app **list;

	if (!app_list || !num_apps) {
		flexio_err("%s is NULL", app_list ? "num_apps" : "app_list");
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&registry_lock);
	for (struct flexio_app *a = registry; a; a = a->next)
		count++;
	/* Never an empty allocation: the list is a handle flexio_app_list_free checks. */
	list = malloc((count + 1) * sizeof(*list));
	if (list) {
		uint32_t i = count;

		for (struct flexio_app *a = registry; a; a = a->next)
			list[--i] = a; /* oldest first */
		list[count] = NULL;
	}
	pthread_mutex_unlock(&registry_lock);
	if (!list || !handle_add(list, HANDLE_APP_LIST)) {
		free(list);
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	*app_list = list;
	*num_apps = count;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_app_list_free(flexio_app **apps_list)
{
	if (!handle_is(apps_list, HANDLE_APP_LIST)) {
		flexio_err("%p is not a list made by flexio_app_get_list", (void *)apps_list);
		return FLEXIO_STATUS_FAILED;
	}
	handle_remove(apps_list);
	free(apps_list);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL const char *flexio_app_get_name(flexio_app *app)
{
	if (!handle_is(app, HANDLE_APP)) {
		flexio_err("%p is not a live application", (void *)app);
		return NULL;
	}
	return app->name;
}

FLEXIO_EXPERIMENTAL size_t flexio_app_get_elf_size(flexio_app *app)
{
	if (!handle_is(app, HANDLE_APP)) {
		flexio_err("%p is not a live application", (void *)app);
		return 0;
	}
	return app->elf_size;
}

FLEXIO_STABLE flexio_status flexio_app_get_elf(flexio_app *app, uint64_t *bin_buff, size_t bin_size)
{
	if (!handle_is(app, HANDLE_APP)) {
		flexio_err("%p is not a live application", (void *)app);
		return FLEXIO_STATUS_FAILED;
	}
	if (!bin_buff) {
		flexio_err("bin_buff is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	if (bin_size < app->elf_size) {
		flexio_err("bin_size %zu is smaller than the ELF image of \"%s\" (%zu bytes)", bin_size, app->name,
			   app->elf_size);
		return FLEXIO_STATUS_FAILED;
	}
	memcpy(bin_buff, app->elf, app->elf_size);
	return FLEXIO_STATUS_SUCCESS;
}
