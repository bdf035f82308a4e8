/*
 * DPA resources (flexio_resources_*, 25.x on): the execution units (EUs) and EU groups a DPA
 * resources file reserves for an application. NVIDIA's DOCA DPA samples read the file their
 * --dpa-resources option names and pin their DPA threads to the EUs of the application
 * --dpa-app-key names. NVIDIA's format is not public: this one is OpenFlexIO's
 * (capi/CHOICES-host.md, "DPA resources").
 *
 * The file is read with libyaml's event parser, which never builds the document: nothing is kept
 * but the EUs of the application asked for, aliases are refused instead of expanded, and the
 * form is checked event by event, so a deep or long file fails at its first unexpected event.
 * The whole file is checked, not only the application asked for: a file that is wrong for one
 * application is wrong for all.
 */
#include "handle.h"
#include "log.h"
#include "process.h"

#include <yaml.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A file lists a few EUs per application (at most 189 ids each): 1 MiB is thousands of
 * applications, and bounds the time a file that is not one takes to refuse. */
#define RESOURCES_MAX_BSIZE (1u << 20)

struct resources {
	struct handle_object handle; /* first: handle_get returns the object */
	int eugs_num;
	uint32_t eus_num;
	uint32_t eus[DPA_APPLICATION_EUS];
};

/* One application of the file, while it is read. */
struct app_entry {
	bool has_key, matches; /* its key was read; it is the one asked for */
	int eugs_num;
	uint32_t eus_num; /* the EUs of its eus list, in eus[] */
	uint32_t total;   /* its EUs in all, those of its groups included */
	uint32_t eus[DPA_APPLICATION_EUS];
	bool taken[DPA_EXECUTION_UNITS]; /* given to it already, in eus or in a group */
};

struct reader {
	yaml_parser_t parser;
	yaml_event_t event; /* the current event, when has_event */
	bool has_event;
	const char *app_key;
	const char *func;
};

/* Logs why the file is refused, at the current event's line, as the public function. */
static bool refuse(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool refuse(struct reader *r, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	flexio_log_at(FLEXIO_LOG_LVL_ERR, r->func, "DPA resources line %zu: %s", r->event.start_mark.line + 1, why);
	return false;
}

/* The next event; false (logged) when the text is not YAML or the event is an alias. */
static bool next(struct reader *r)
{
	if (r->has_event)
		yaml_event_delete(&r->event);
	r->has_event = yaml_parser_parse(&r->parser, &r->event);
	if (!r->has_event) {
		if (r->parser.error == YAML_MEMORY_ERROR)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, r->func, "out of memory");
		else
			flexio_log_at(FLEXIO_LOG_LVL_ERR, r->func, "DPA resources line %zu: not YAML: %s",
				      r->parser.problem_mark.line + 1,
				      r->parser.problem ? r->parser.problem : "unreadable");
		return false;
	}
	/* An alias repeats a node: a file of a few lines could name millions of EUs. */
	if (r->event.type == YAML_ALIAS_EVENT)
		return refuse(r, "aliases are not allowed");
	return true;
}

/* The next event, which must be of type; what says what the text holds there. */
static bool expect(struct reader *r, yaml_event_type_t type, const char *what)
{
	static const char *const forms[] = {
		[YAML_SCALAR_EVENT] = "a scalar",
		[YAML_SEQUENCE_START_EVENT] = "a list",
		[YAML_MAPPING_START_EVENT] = "a mapping",
	};

	if (!next(r))
		return false;
	return r->event.type == type || refuse(r, "%s must be %s", what, forms[type]);
}

/* The current scalar, shortened for a log line. */
#define SCALAR_ARGS(r)                                                                  \
	(int)((r)->event.data.scalar.length < 40 ? (r)->event.data.scalar.length : 40), \
		(const char *)(r)->event.data.scalar.value

static bool scalar_is(const struct reader *r, const char *text)
{
	return r->event.data.scalar.length == strlen(text) && !memcmp(r->event.data.scalar.value, text, strlen(text));
}

/*
 * The next key of the mapping being read, among the names of known (at most 3); its index in
 * *index, or -1 at the mapping's end. False (logged) on anything else, an unknown key or one
 * given twice (seen: a bit per name).
 */
static bool next_key(struct reader *r, const char *const *known, unsigned *seen, const char *what, int *index)
{
	if (!next(r))
		return false;
	*index = -1;
	if (r->event.type == YAML_MAPPING_END_EVENT)
		return true;
	if (r->event.type != YAML_SCALAR_EVENT)
		return refuse(r, "the keys of %s must be scalars", what);
	for (int i = 0; known[i]; i++) {
		if (!scalar_is(r, known[i]))
			continue;
		if (*seen & (1u << i))
			return refuse(r, "%s has two %s keys", what, known[i]);
		*seen |= 1u << i;
		*index = i;
		return true;
	}
	return refuse(r, "unknown key \"%.*s\" in %s", SCALAR_ARGS(r), what);
}

/* The current event as an EU id given to app (a plain decimal integer 0..255, not given to it yet). */
static bool take_eu(struct reader *r, struct app_entry *app, uint32_t *id)
{
	const yaml_event_t *e = &r->event;
	const char *text = (const char *)e->data.scalar.value;
	uint32_t value;

	if (e->type != YAML_SCALAR_EVENT)
		return refuse(r, "an EU id must be a scalar");
	/* Quoted ("7") or tagged (!!str 7): a string that looks like an id is still a string. Three
	 * digits at most (255): strtoul cannot overflow, nor a sign or a space slip through. */
	if (e->data.scalar.style != YAML_PLAIN_SCALAR_STYLE || e->data.scalar.tag || !e->data.scalar.length ||
	    e->data.scalar.length > 3 || strspn(text, "0123456789") != e->data.scalar.length ||
	    (value = (uint32_t)strtoul(text, NULL, 10)) >= DPA_EXECUTION_UNITS)
		return refuse(r, "\"%.*s\" is not an EU id (a plain integer 0..%d)", SCALAR_ARGS(r),
			      DPA_EXECUTION_UNITS - 1);
	if (app->taken[value])
		return refuse(r, "EU %u is given twice to the application", value);
	if (app->total == DPA_APPLICATION_EUS)
		return refuse(r, "an application is given at most %d EUs (those of the DPA available to applications)",
			      DPA_APPLICATION_EUS);
	app->taken[value] = true;
	app->total++;
	*id = value;
	return true;
}

/* A list of EU ids given to app: its eus list (kept in order) when group_eus is NULL, else a
 * group's (counted in *group_eus). */
static bool read_eus(struct reader *r, struct app_entry *app, uint32_t *group_eus)
{
	uint32_t id = 0; /* take_eu sets it when it succeeds; GCC -O3 cannot see that */

	if (!expect(r, YAML_SEQUENCE_START_EVENT, "eus"))
		return false;
	for (;;) {
		if (!next(r))
			return false;
		if (r->event.type == YAML_SEQUENCE_END_EVENT)
			return true;
		if (!take_eu(r, app, &id))
			return false;
		if (group_eus)
			(*group_eus)++;
		else
			app->eus[app->eus_num++] = id;
	}
}

/* An application's eu_groups: a list of mappings, each with a non-empty eus list. */
static bool read_groups(struct reader *r, struct app_entry *app)
{
	static const char *const known[] = { "eus", NULL };

	if (!expect(r, YAML_SEQUENCE_START_EVENT, "eu_groups"))
		return false;
	for (;;) {
		uint32_t count = 0;
		unsigned seen = 0;
		int key;

		if (!next(r))
			return false;
		if (r->event.type == YAML_SEQUENCE_END_EVENT)
			return true;
		if (r->event.type != YAML_MAPPING_START_EVENT)
			return refuse(r, "an EU group must be a mapping");
		for (;;) {
			if (!next_key(r, known, &seen, "an EU group", &key))
				return false;
			if (key < 0)
				break;
			if (!read_eus(r, app, &count))
				return false;
		}
		if (!count)
			return refuse(r, "an EU group has no EUs");
		app->eugs_num++;
	}
}

/* One application (its mapping started); the one asked for goes into res, once. */
static bool read_app(struct reader *r, struct resources *res, bool *found)
{
	static const char *const known[] = { "key", "eus", "eu_groups", NULL };
	struct app_entry app;
	unsigned seen = 0;
	int key;

	memset(&app, 0, sizeof(app));
	for (;;) {
		if (!next_key(r, known, &seen, "an application", &key))
			return false;
		if (key < 0)
			break;
		if (key == 0) {
			if (!expect(r, YAML_SCALAR_EVENT, "key"))
				return false;
			if (!r->event.data.scalar.length)
				return refuse(r, "an application's key is empty");
			app.has_key = true;
			app.matches = scalar_is(r, r->app_key);
		} else if (key == 1) {
			if (!read_eus(r, &app, NULL))
				return false;
		} else if (!read_groups(r, &app)) {
			return false;
		}
	}
	if (!app.has_key)
		return refuse(r, "an application has no key");
	if (!app.matches)
		return true;
	if (*found)
		return refuse(r, "application \"%s\" is listed twice", r->app_key);
	*found = true;
	res->eugs_num = app.eugs_num;
	res->eus_num = app.eus_num;
	memcpy(res->eus, app.eus, app.eus_num * sizeof(app.eus[0]));
	return true;
}

/* The applications list. */
static bool read_apps(struct reader *r, struct resources *res, bool *found)
{
	if (!expect(r, YAML_SEQUENCE_START_EVENT, "applications"))
		return false;
	for (;;) {
		if (!next(r))
			return false;
		if (r->event.type == YAML_SEQUENCE_END_EVENT)
			return true;
		if (r->event.type != YAML_MAPPING_START_EVENT)
			return refuse(r, "an application must be a mapping");
		if (!read_app(r, res, found))
			return false;
	}
}

/* The stream: one document, a mapping whose one key is applications. */
static bool read_file(struct reader *r, struct resources *res)
{
	static const char *const known[] = { "applications", NULL };
	bool found = false;
	unsigned seen = 0;
	int key;

	/* libyaml's grammar: the stream starts first, then a document starts or the stream ends. */
	if (!next(r) || !next(r))
		return false;
	if (r->event.type == YAML_STREAM_END_EVENT)
		return refuse(r, "the file is empty");
	if (!expect(r, YAML_MAPPING_START_EVENT, "the file"))
		return false;
	for (;;) {
		if (!next_key(r, known, &seen, "the file", &key))
			return false;
		if (key < 0)
			break;
		if (!read_apps(r, res, &found))
			return false;
	}
	if (!seen)
		return refuse(r, "the file has no applications list");
	/* The document ends after its one node (libyaml's grammar); another may follow. */
	if (!next(r) || !next(r))
		return false;
	if (r->event.type != YAML_STREAM_END_EVENT)
		return refuse(r, "the file has more than one YAML document");
	if (!found)
		flexio_log_at(FLEXIO_LOG_LVL_ERR, r->func, "DPA resources: no application of key \"%s\"", r->app_key);
	return found;
}

static void resources_free(struct handle_object *object)
{
	free(object);
}

FLEXIO_EXPERIMENTAL flexio_status flexio_resources_create(const char *app_key, const void *buffer, size_t size,
							  struct flexio_resource **res_out)
{
	struct reader r = { .app_key = app_key, .func = __func__ };
	struct resources *res;
	bool read;

	if (res_out)
		*res_out = NULL;
	if (!app_key || !*app_key) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, __func__, "app_key is NULL or empty");
		return FLEXIO_STATUS_FAILED;
	}
	if (!buffer || !res_out) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, __func__, "%s is NULL", !buffer ? "buffer" : "res");
		return FLEXIO_STATUS_FAILED;
	}
	if (!size || size > RESOURCES_MAX_BSIZE) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, __func__, "size %zu: a DPA resources file is 1 .. %u bytes", size,
			      RESOURCES_MAX_BSIZE);
		return FLEXIO_STATUS_FAILED;
	}
	res = calloc(1, sizeof(*res));
	if (!res || !yaml_parser_initialize(&r.parser)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, __func__, "out of memory");
		free(res);
		return FLEXIO_STATUS_FAILED;
	}
	yaml_parser_set_input_string(&r.parser, buffer, size);
	read = read_file(&r, res);
	if (r.has_event)
		yaml_event_delete(&r.event);
	yaml_parser_delete(&r.parser);
	if (!read) {
		free(res);
		return FLEXIO_STATUS_FAILED;
	}
	*res_out = handle_open(&res->handle, HANDLE_RESOURCES, resources_free);
	if (!*res_out) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, __func__, "out of memory (or of handles)");
		free(res);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL flexio_status flexio_resources_destroy(struct flexio_resource *handle)
{
	struct resources *res = handle_close(handle, HANDLE_RESOURCES, __func__);

	if (!res)
		return FLEXIO_STATUS_FAILED;
	handle_put(&res->handle); /* its own reference */
	handle_put(&res->handle); /* this call's */
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_EXPERIMENTAL int flexio_resources_get_eugs_num(struct flexio_resource *handle)
{
	struct resources *res = handle_get(handle, HANDLE_RESOURCES, __func__);
	int num;

	if (!res)
		return 0;
	num = res->eugs_num;
	handle_put(&res->handle);
	return num;
}

FLEXIO_EXPERIMENTAL uint32_t flexio_resources_get_eus_num(struct flexio_resource *handle)
{
	struct resources *res = handle_get(handle, HANDLE_RESOURCES, __func__);
	uint32_t num;

	if (!res)
		return 0;
	num = res->eus_num;
	handle_put(&res->handle);
	return num;
}

/* The array lives as long as the object: the program reads it after this call's reference goes. */
FLEXIO_EXPERIMENTAL uint32_t *flexio_resources_get_eus(struct flexio_resource *handle)
{
	struct resources *res = handle_get(handle, HANDLE_RESOURCES, __func__);

	if (!res)
		return NULL;
	handle_put(&res->handle);
	return res->eus;
}
