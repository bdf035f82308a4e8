/*
 * DOCA argument parser (doca_argp.h): the parser's life, its parameters and commands, and the
 * callbacks a program registers. Parsing is parse.c's, the usage text usage.c's.
 *
 * What NVIDIA documents and this follows: a program creates parameters, sets them and registers
 * them; registering hands a parameter (or a command) to argp in every case, failure included, and
 * argp frees it with the parser; a registered one can no longer be changed or destroyed
 * (DOCA_ERROR_BAD_STATE). A parameter needs a name (short, long or both), a description, a
 * callback and a type (DOCA_ERROR_INITIALIZATION otherwise); a command a name and a description.
 * The setters return nothing: a bad call is refused with one SDK log line and changes nothing.
 */
#include "argp.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "doca_log.h"

struct argp_state argp;

/* Recursive: the program's callbacks, called under it by doca_argp_start, may call the API. */
static pthread_mutex_t argp_mutex = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

static const struct opendoca_kind param_kind = { "argp parameter" };
static const struct opendoca_kind cmd_kind = { "argp command" };

/* What argp's own flags say in the usage text (the texts of NVIDIA's DOCA Flags). */
#define LEVELS "<10=DISABLE, 20=CRITICAL, 30=ERROR, 40=WARNING, 50=INFO, 60=DEBUG, 70=TRACE>"

void argp_lock(void)
{
	pthread_mutex_lock(&argp_mutex);
}

void argp_unlock(void)
{
	pthread_mutex_unlock(&argp_mutex);
}

doca_error_t argp_check_open(const char *func, bool allow_started)
{
	if (!argp.initialized)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				     "the argument parser is not initialised (doca_argp_init)");
	if (argp.started && !allow_started)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the arguments were already parsed (doca_argp_start)");
	return DOCA_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* Objects                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

static void param_free(struct argp_param *param)
{
	free(param->short_name);
	free(param->long_name);
	free(param->arguments);
	free(param->description);
	free(param);
}

static void param_object_free(struct opendoca_object *object)
{
	param_free((struct argp_param *)object);
}

static void cmd_object_free(struct opendoca_object *object)
{
	struct argp_cmd *cmd = (struct argp_cmd *)object;

	free(cmd->name);
	free(cmd->description);
	free(cmd);
}

/* Closes the handle of a parameter the program created and frees it (its lists are the caller's). */
static void param_release(struct argp_param *param)
{
	struct opendoca_object *object;

	if (param->prev_object)
		param->prev_object->next_object = param->next_object;
	else
		argp.param_objects = param->next_object;
	if (param->next_object)
		param->next_object->prev_object = param->prev_object;
	object = opendoca_handle_close(opendoca_handle_of(&param->object), &param_kind, "doca_argp_param_destroy");
	opendoca_handle_put(object);
	opendoca_handle_put(object);
}

static void cmd_release(struct argp_cmd *cmd)
{
	struct opendoca_object *object;

	if (cmd->prev_object)
		cmd->prev_object->next_object = cmd->next_object;
	else
		argp.cmd_objects = cmd->next_object;
	if (cmd->next_object)
		cmd->next_object->prev_object = cmd->prev_object;
	object = opendoca_handle_close(opendoca_handle_of(&cmd->object), &cmd_kind, "doca_argp_cmd_destroy");
	opendoca_handle_put(object);
	opendoca_handle_put(object);
}

/* Frees a command that is no one's, with the parameters and commands registered to it. */
static void cmd_release_tree(struct argp_cmd *cmd)
{
	while (cmd->params) {
		struct argp_param *param = cmd->params;

		cmd->params = param->next;
		param_release(param);
	}
	while (cmd->subs) {
		struct argp_cmd *sub = cmd->subs;

		cmd->subs = sub->next_sub;
		cmd_release_tree(sub);
	}
	cmd_release(cmd);
}

static void general_free(void)
{
	while (argp.general.params) {
		struct argp_param *param = argp.general.params;

		argp.general.params = param->next;
		param_free(param);
	}
}

void argp_free_all(void)
{
	while (argp.param_objects)
		param_release(argp.param_objects);
	while (argp.cmd_objects)
		cmd_release(argp.cmd_objects);
	general_free();
	free(argp.program_name);
	free(argp.grpc_address);
	for (int i = 0; i < argp.dpdk_argc; i++)
		free(argp.dpdk_argv[i]);
	free(argp.dpdk_argv);
	memset(&argp, 0, sizeof(argp));
}

static void append_param(struct argp_cmd *cmd, struct argp_param *param)
{
	struct argp_param **tail = &cmd->params;

	while (*tail)
		tail = &(*tail)->next;
	*tail = param;
	param->owner = cmd;
}

struct argp_param *argp_general_add(enum argp_kind kind, const char *short_name, const char *long_name,
				    const char *arguments, const char *description, enum doca_argp_type type,
				    bool cli_only)
{
	struct argp_param *param = calloc(1, sizeof(*param));

	if (!param)
		return NULL;
	param->kind = kind;
	param->type = type;
	param->cli_only = cli_only;
	param->short_name = short_name ? strdup(short_name) : NULL;
	param->long_name = long_name ? strdup(long_name) : NULL;
	param->arguments = arguments ? strdup(arguments) : NULL;
	param->description = strdup(description);
	if ((short_name && !param->short_name) || (long_name && !param->long_name) ||
	    (arguments && !param->arguments) || !param->description) {
		param_free(param);
		return NULL;
	}
	append_param(&argp.general, param);
	return param;
}

static bool same(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

struct argp_param *argp_find_short(const struct argp_cmd *cmd, const char *name)
{
	for (struct argp_param *param = cmd->params; param; param = param->next)
		if (same(param->short_name, name))
			return param;
	return NULL;
}

struct argp_param *argp_find_long(const struct argp_cmd *cmd, const char *name)
{
	for (struct argp_param *param = cmd->params; param; param = param->next)
		if (same(param->long_name, name))
			return param;
	return NULL;
}

/* ---------------------------------------------------------------------------------------------- */
/* The parser                                                                                     */
/* ---------------------------------------------------------------------------------------------- */

/* argp's own flags, as NVIDIA's DOCA Flags: help, version, the two log levels, the JSON file. */
static bool add_general_flags(void)
{
	return argp_general_add(ARGP_HELP, "h", "help", NULL, "Print a help synopsis", DOCA_ARGP_TYPE_BOOLEAN, true) &&
	       argp_general_add(ARGP_VERSION, "v", "version", NULL, "Print program version information",
				DOCA_ARGP_TYPE_BOOLEAN, true) &&
	       argp_general_add(ARGP_LOG_LEVEL, "l", "log-level", NULL,
				"Set the (numeric) log level for the program " LEVELS, DOCA_ARGP_TYPE_INT, false) &&
	       argp_general_add(ARGP_SDK_LOG_LEVEL, NULL, "sdk-log-level", NULL,
				"Set the SDK (numeric) log level for the program " LEVELS, DOCA_ARGP_TYPE_INT, false) &&
	       argp_general_add(ARGP_JSON, "j", "json", "<path>", "Parse command line flags from an input json file",
				DOCA_ARGP_TYPE_STRING, true);
}

doca_error_t doca_argp_init(const char *program_name, void *program_config)
{
	doca_error_t err = DOCA_SUCCESS;

	argp_lock();
	if (argp.initialized) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "the argument parser is already initialised (doca_argp_destroy it first)");
	} else if (program_name && !*program_name) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the program name is empty");
	} else {
		argp.initialized = true;
		argp.config = program_config;
		if ((program_name && !(argp.program_name = strdup(program_name))) || !add_general_flags()) {
			argp_free_all();
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
		}
	}
	argp_unlock();
	return err;
}

doca_error_t doca_argp_destroy(void)
{
	doca_error_t err = DOCA_SUCCESS;

	argp_lock();
	if (!argp.initialized)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the argument parser is not initialised");
	else if (argp.in_start)
		argp.destroy_pending = true; /* a callback's: doca_argp_start frees it once the callback returns */
	else
		argp_free_all();
	argp_unlock();
	return err;
}

/* ---------------------------------------------------------------------------------------------- */
/* Parameters                                                                                     */
/* ---------------------------------------------------------------------------------------------- */

doca_error_t doca_argp_param_create(struct doca_argp_param **param)
{
	struct argp_param *p;
	void *handle;
	doca_error_t err;

	if (!param)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "param is NULL");
	argp_lock();
	err = argp_check_open(__func__, false);
	if (err) {
		argp_unlock();
		return err;
	}
	p = calloc(1, sizeof(*p));
	handle = p ? opendoca_handle_open(&p->object, &param_kind, param_object_free) : NULL;
	if (!handle) {
		free(p);
		argp_unlock();
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
	}
	p->kind = ARGP_PROGRAM;
	p->next_object = argp.param_objects;
	if (p->next_object)
		p->next_object->prev_object = p;
	argp.param_objects = p;
	argp_unlock();
	*param = handle;
	return DOCA_SUCCESS;
}

/*
 * The parameter of a setter, locked and held, when it may still change; NULL (the failure logged
 * for func) otherwise. param_done() ends the call.
 */
static struct argp_param *param_for_setter(struct doca_argp_param *handle, const char *func)
{
	struct argp_param *param;

	argp_lock();
	param = opendoca_handle_get(handle, &param_kind, func);
	if (param && param->owner) {
		opendoca_fail(DOCA_ERROR_BAD_STATE, func,
			      "the parameter is registered: it belongs to argp and no longer changes");
		opendoca_handle_put(&param->object);
		param = NULL;
	}
	if (!param)
		argp_unlock();
	return param;
}

static void param_done(struct argp_param *param)
{
	opendoca_handle_put(&param->object);
	argp_unlock();
}

/*
 * Whether a flag or command name can be typed: not empty, no leading '-' (argp adds the dashes),
 * no blank.
 */
static bool name_valid(const char *name)
{
	if (!*name || *name == '-')
		return false;
	for (const char *c = name; *c; c++)
		if (isspace((unsigned char)*c))
			return false;
	return true;
}

/* Replaces *field with a copy of text (a name when name is set: it must be valid). */
static void set_text(char **field, const char *text, bool name, const char *what, const char *func)
{
	char *copy;

	if (!text) {
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s is NULL", what);
		return;
	}
	if (name && !name_valid(text)) {
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
			      "\"%s\" is not a %s: it must be non-empty, without blanks and without a leading '-'",
			      text, what);
		return;
	}
	copy = strdup(text);
	if (!copy) {
		opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
		return;
	}
	free(*field);
	*field = copy;
}

void doca_argp_param_set_short_name(struct doca_argp_param *param, const char *name)
{
	struct argp_param *p = param_for_setter(param, __func__);

	if (p) {
		set_text(&p->short_name, name, true, "short name", __func__);
		param_done(p);
	}
}

void doca_argp_param_set_long_name(struct doca_argp_param *param, const char *name)
{
	struct argp_param *p = param_for_setter(param, __func__);

	if (p) {
		set_text(&p->long_name, name, true, "long name", __func__);
		param_done(p);
	}
}

void doca_argp_param_set_arguments(struct doca_argp_param *param, const char *arguments)
{
	struct argp_param *p = param_for_setter(param, __func__);

	if (p) {
		set_text(&p->arguments, arguments, false, "arguments text", __func__);
		param_done(p);
	}
}

void doca_argp_param_set_description(struct doca_argp_param *param, const char *description)
{
	struct argp_param *p = param_for_setter(param, __func__);

	if (p) {
		set_text(&p->description, description, false, "description", __func__);
		param_done(p);
	}
}

void doca_argp_param_set_callback(struct doca_argp_param *param, doca_argp_param_cb_t callback)
{
	struct argp_param *p = param_for_setter(param, __func__);

	if (!p)
		return;
	if (!callback)
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the callback is NULL");
	else
		p->callback = callback;
	param_done(p);
}

void doca_argp_param_set_type(struct doca_argp_param *param, enum doca_argp_type type)
{
	struct argp_param *p = param_for_setter(param, __func__);

	if (!p)
		return;
	if (type < DOCA_ARGP_TYPE_STRING || type > DOCA_ARGP_TYPE_JSON_OBJ)
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%d is not a parameter type (DOCA_ARGP_TYPE_*)",
			      (int)type);
	else
		p->type = type;
	param_done(p);
}

/* The flag setters: each marks one property of a parameter. */
#define PARAM_FLAG_SETTER(function, field)                                \
	void function(struct doca_argp_param *param)                      \
	{                                                                 \
		struct argp_param *p = param_for_setter(param, __func__); \
                                                                          \
		if (p) {                                                  \
			p->field = true;                                  \
			param_done(p);                                    \
		}                                                         \
	}

PARAM_FLAG_SETTER(doca_argp_param_set_mandatory, mandatory)
PARAM_FLAG_SETTER(doca_argp_param_set_cli_only, cli_only)
PARAM_FLAG_SETTER(doca_argp_param_set_multiplicity, multiplicity)
PARAM_FLAG_SETTER(doca_argp_param_set_singular, singular)
PARAM_FLAG_SETTER(doca_argp_param_set_inherited, inherited)
PARAM_FLAG_SETTER(doca_argp_param_set_hidden, hidden)

doca_error_t doca_argp_param_destroy(struct doca_argp_param *param)
{
	struct argp_param *p;

	argp_lock();
	p = opendoca_handle_get(param, &param_kind, __func__);
	if (!p) {
		argp_unlock();
		return DOCA_ERROR_INVALID_VALUE;
	}
	opendoca_handle_put(&p->object);
	if (p->owner) {
		argp_unlock();
		return opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				     "the parameter is registered: argp frees it with the parser (doca_argp_destroy)");
	}
	param_release(p);
	argp_unlock();
	return DOCA_SUCCESS;
}

/* Why a parameter cannot be registered to cmd, as NVIDIA's messages say it; NULL when it can. */
static const char *param_unfit(const struct argp_cmd *cmd, const struct argp_param *param, doca_error_t *err)
{
	*err = DOCA_ERROR_INITIALIZATION;
	if (!param->short_name && !param->long_name)
		return "Missing param name, at least one name should be set.";
	if (!param->description)
		return "Missing param description.";
	if (!param->callback)
		return "Missing param callback.";
	if (param->type == DOCA_ARGP_TYPE_UNKNOWN)
		return "Missing param arguments type.";
	*err = DOCA_ERROR_INVALID_VALUE;
	if ((param->short_name && argp_find_short(&argp.general, param->short_name)) ||
	    (param->long_name && argp_find_long(&argp.general, param->long_name)))
		return "Param name is used by DOCA general params";
	if (param->short_name && argp_find_short(cmd, param->short_name))
		return "Param short name is already in use";
	if (param->long_name && argp_find_long(cmd, param->long_name))
		return "Param long name is already in use";
	return NULL;
}

/*
 * Registers a parameter to cmd (the root: the program's). argp owns the parameter from here on,
 * whatever happens: a parameter that cannot be registered is freed (unless it already belongs to
 * a command, which keeps it).
 */
static doca_error_t register_param_to(struct argp_cmd *cmd, struct doca_argp_param *handle, const char *func)
{
	struct argp_param *param = opendoca_handle_get(handle, &param_kind, func);
	const char *why;
	doca_error_t err;

	if (!param)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(&param->object);
	if (param->owner)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the parameter is already registered");
	err = argp_check_open(func, false);
	if (!err && cmd != &argp.root && cmd->registered)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				    "command \"%s\" is registered: register its parameters before it", cmd->name);
	if (!err) {
		why = param_unfit(cmd, param, &err);
		if (why)
			opendoca_fail(err, func, "%s (parameter %s%s)", why,
				      param->long_name    ? "--"
				      : param->short_name ? "-"
							  : "",
				      param->long_name    ? param->long_name
				      : param->short_name ? param->short_name
							  : "unnamed");
		else
			err = DOCA_SUCCESS;
	}
	if (err) {
		param_release(param);
		return err;
	}
	/* JSON keys are long names: a parameter without one is for the command line only. */
	if (!param->long_name)
		param->cli_only = true;
	append_param(cmd, param);
	return DOCA_SUCCESS;
}

doca_error_t doca_argp_register_param(struct doca_argp_param *input_param)
{
	doca_error_t err;

	argp_lock();
	err = register_param_to(&argp.root, input_param, __func__);
	argp_unlock();
	return err;
}

/* ---------------------------------------------------------------------------------------------- */
/* Commands                                                                                       */
/* ---------------------------------------------------------------------------------------------- */

doca_error_t doca_argp_cmd_create(struct doca_argp_cmd **cmd)
{
	struct argp_cmd *c;
	void *handle;
	doca_error_t err;

	if (!cmd)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "cmd is NULL");
	argp_lock();
	err = argp_check_open(__func__, false);
	if (err) {
		argp_unlock();
		return err;
	}
	c = calloc(1, sizeof(*c));
	handle = c ? opendoca_handle_open(&c->object, &cmd_kind, cmd_object_free) : NULL;
	if (!handle) {
		free(c);
		argp_unlock();
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
	}
	c->next_object = argp.cmd_objects;
	if (c->next_object)
		c->next_object->prev_object = c;
	argp.cmd_objects = c;
	argp_unlock();
	*cmd = handle;
	return DOCA_SUCCESS;
}

/* The command of a setter, locked and held, when it may still change; NULL (logged) otherwise. */
static struct argp_cmd *cmd_for_setter(struct doca_argp_cmd *handle, const char *func)
{
	struct argp_cmd *cmd;

	argp_lock();
	cmd = opendoca_handle_get(handle, &cmd_kind, func);
	if (cmd && cmd->registered) {
		opendoca_fail(DOCA_ERROR_BAD_STATE, func,
			      "the command is registered: it belongs to argp and no longer changes");
		opendoca_handle_put(&cmd->object);
		cmd = NULL;
	}
	if (!cmd)
		argp_unlock();
	return cmd;
}

static void cmd_done(struct argp_cmd *cmd)
{
	opendoca_handle_put(&cmd->object);
	argp_unlock();
}

void doca_argp_cmd_set_name(struct doca_argp_cmd *cmd, const char *name)
{
	struct argp_cmd *c = cmd_for_setter(cmd, __func__);

	if (c) {
		set_text(&c->name, name, true, "command name", __func__);
		cmd_done(c);
	}
}

void doca_argp_cmd_set_description(struct doca_argp_cmd *cmd, const char *description)
{
	struct argp_cmd *c = cmd_for_setter(cmd, __func__);

	if (c) {
		set_text(&c->description, description, false, "description", __func__);
		cmd_done(c);
	}
}

void doca_argp_cmd_set_callback(struct doca_argp_cmd *cmd, doca_argp_cmd_cb_t callback)
{
	struct argp_cmd *c = cmd_for_setter(cmd, __func__);

	if (!c)
		return;
	if (!callback)
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "the callback is NULL");
	else
		c->callback = callback;
	cmd_done(c);
}

void doca_argp_cmd_set_hidden(struct doca_argp_cmd *cmd)
{
	struct argp_cmd *c = cmd_for_setter(cmd, __func__);

	if (c) {
		c->hidden = true;
		cmd_done(c);
	}
}

doca_error_t doca_argp_cmd_register_param(struct doca_argp_cmd *cmd, struct doca_argp_param *input_param)
{
	struct argp_cmd *c;
	doca_error_t err;

	argp_lock();
	c = opendoca_handle_get(cmd, &cmd_kind, __func__);
	if (!c) {
		/* argp owns the parameter all the same. */
		struct argp_param *param = opendoca_handle_try_get(input_param, &param_kind);

		if (param) {
			opendoca_handle_put(&param->object);
			if (!param->owner)
				param_release(param);
		}
		argp_unlock();
		return DOCA_ERROR_INVALID_VALUE;
	}
	err = register_param_to(c, input_param, __func__);
	opendoca_handle_put(&c->object);
	argp_unlock();
	return err;
}

struct argp_cmd *argp_find_sub(const struct argp_cmd *cmd, const char *name)
{
	for (struct argp_cmd *sub = cmd->subs; sub; sub = sub->next_sub)
		if (same(sub->name, name))
			return sub;
	return NULL;
}

/* Registers sub to parent (the root: the program's); argp owns sub from here on, as for parameters. */
static doca_error_t register_cmd_to(struct argp_cmd *parent, struct doca_argp_cmd *handle, const char *func)
{
	struct argp_cmd *sub = opendoca_handle_get(handle, &cmd_kind, func), **tail;
	doca_error_t err;

	if (!sub)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(&sub->object);
	if (sub->registered)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "command \"%s\" is already registered", sub->name);
	err = argp_check_open(func, false);
	if (!err && parent != &argp.root && parent->registered)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				    "command \"%s\" is registered: register its commands before it", parent->name);
	else if (!err && sub == parent)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "a command cannot be its own sub-command");
	else if (!err && (!sub->name || !sub->description))
		err = opendoca_fail(DOCA_ERROR_INITIALIZATION, func, "Missing command %s.",
				    sub->name ? "description" : "name");
	else if (!err && argp_find_sub(parent, sub->name))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "Command name \"%s\" is already in use", sub->name);
	if (err) {
		cmd_release_tree(sub);
		return err;
	}
	for (tail = &parent->subs; *tail; tail = &(*tail)->next_sub)
		;
	*tail = sub;
	sub->parent = parent;
	sub->registered = true;
	return DOCA_SUCCESS;
}

doca_error_t doca_argp_cmd_register_cmd(struct doca_argp_cmd *cmd, struct doca_argp_cmd *input_cmd)
{
	struct argp_cmd *parent;
	doca_error_t err;

	argp_lock();
	parent = opendoca_handle_get(cmd, &cmd_kind, __func__);
	if (!parent) {
		struct argp_cmd *sub = opendoca_handle_try_get(input_cmd, &cmd_kind);

		if (sub) {
			opendoca_handle_put(&sub->object);
			if (!sub->registered)
				cmd_release_tree(sub);
		}
		argp_unlock();
		return DOCA_ERROR_INVALID_VALUE;
	}
	err = register_cmd_to(parent, input_cmd, __func__);
	opendoca_handle_put(&parent->object);
	argp_unlock();
	return err;
}

doca_error_t doca_argp_register_cmd(struct doca_argp_cmd *input_cmd)
{
	doca_error_t err;

	argp_lock();
	err = register_cmd_to(&argp.root, input_cmd, __func__);
	argp_unlock();
	return err;
}

doca_error_t doca_argp_cmd_destroy(struct doca_argp_cmd *cmd)
{
	struct argp_cmd *c;

	argp_lock();
	c = opendoca_handle_get(cmd, &cmd_kind, __func__);
	if (!c) {
		argp_unlock();
		return DOCA_ERROR_INVALID_VALUE;
	}
	opendoca_handle_put(&c->object);
	if (c->registered) {
		argp_unlock();
		return opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				     "the command is registered: argp frees it with the parser (doca_argp_destroy)");
	}
	cmd_release_tree(c);
	argp_unlock();
	return DOCA_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* Callbacks and levels                                                                           */
/* ---------------------------------------------------------------------------------------------- */

/* Whether a callback may be registered now, for func: the parser open, the callback not NULL. */
static doca_error_t may_register(bool null_callback, bool allow_started, const char *func)
{
	if (null_callback)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the callback is NULL");
	return argp_check_open(func, allow_started);
}

doca_error_t doca_argp_register_version_callback(doca_argp_param_cb_t callback)
{
	doca_error_t err;

	argp_lock();
	err = may_register(!callback, false, __func__);
	if (!err)
		argp.version_callback = callback;
	argp_unlock();
	return err;
}

doca_error_t doca_argp_register_validation_callback(doca_argp_validation_cb_t callback)
{
	doca_error_t err;

	argp_lock();
	err = may_register(!callback, false, __func__);
	if (!err)
		argp.validation_callback = callback;
	argp_unlock();
	return err;
}

void doca_argp_set_dpdk_program(doca_argp_dpdk_cb_t callback)
{
	argp_lock();
	if (!may_register(!callback, false, __func__))
		argp.dpdk_callback = callback;
	argp_unlock();
}

doca_error_t doca_argp_register_logger_callback(doca_argp_logger_cb_t callback)
{
	doca_error_t err;

	argp_lock();
	err = may_register(!callback, true, __func__);
	if (!err && argp.logger_callback)
		err = opendoca_fail(
			DOCA_ERROR_ALREADY_EXIST, __func__,
			"a logger callback is already registered (doca_argp_disable_logger_callback first)");
	if (!err)
		argp.logger_callback = callback;
	argp_unlock();
	return err;
}

doca_error_t doca_argp_disable_logger_callback(void)
{
	doca_error_t err;

	argp_lock();
	err = argp_check_open(__func__, true);
	if (!err && !argp.logger_callback)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "no logger callback is registered");
	if (!err)
		argp.logger_callback = NULL;
	argp_unlock();
	return err;
}

/* The level the user gave (given), else the process's (global). */
static doca_error_t get_level(int *log_level, const bool *given, const int *level, uint32_t (*global)(void),
			      const char *func)
{
	if (!log_level)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "log_level is NULL");
	argp_lock();
	*log_level = *given ? *level : (int)global();
	argp_unlock();
	return DOCA_SUCCESS;
}

doca_error_t doca_argp_get_log_level(int *log_level)
{
	return get_level(log_level, &argp.log_level_given, &argp.log_level, doca_log_level_get_global_lower_limit,
			 __func__);
}

doca_error_t doca_argp_get_sdk_log_level(int *log_level)
{
	return get_level(log_level, &argp.sdk_log_level_given, &argp.sdk_log_level, doca_log_level_get_global_sdk_limit,
			 __func__);
}
