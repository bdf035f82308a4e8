/*
 * doca_argp_start: the command line, or a JSON file, parsed into the program's callbacks.
 *
 * The command line: `program [DOCA and program flags] [command [its flags] [sub-command ...]]`.
 * A flag is "-SHORT" or "--LONG" exactly as registered (short names may be longer than one letter,
 * as NVIDIA's samples' "-ns"); a string or integer flag takes the next argument as its value, a
 * boolean flag none. Flags are handled, and their callbacks called, in the order they appear; a
 * command's callback when its name appears. A flag belongs to the command it is registered to,
 * plus the commands below it when inherited; argp's own flags (DOCA Flags) hold everywhere. A
 * DPDK program's arguments before the first "--" are DPDK's (all of them without "--"): its DPDK
 * callback gets them, after argv[0], once the rest is parsed.
 *
 * A JSON file: `program -j FILE` (or --json), nothing else. Its keys are long names: in
 * "doca_general_flags" argp's own flags, in "doca_program_flags" the program's, a command's name
 * with an object of its own flags; keys outside those sections count as the program's too, and
 * "doca_dpdk_flags" gives a DPDK program its DPDK arguments ("devices", "core-list", "core-mask",
 * "flags"), as NVIDIA's applications' JSON files do. C and C++ comments and trailing commas are
 * accepted (json-c's tokener, which NVIDIA's libdoca_argp uses too); unknown keys are errors. A
 * multiple-use flag takes an array of values.
 *
 * Then: mandatory flags (unless a singular flag was given, which must then come alone), the DPDK
 * callback, the validation callback. Every failure prints its message (argp_message), the usage
 * text, and returns the error with one SDK log line. --help prints the usage text and --version
 * the version, and the program exits (EXIT_SUCCESS), the parser destroyed.
 */
#include "argp.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "doca_log.h"
#include "doca_version.h"

/* A configuration file, not a data set: larger ones are refused before parsing. */
#define JSON_MAX_BYTES (16u << 20)

struct parse {
	struct argp_cmd *cmd;        /* the command whose flags come next */
	struct argp_cmd *selected;   /* the deepest command given */
	struct argp_param *singular; /* the first singular flag given */
	unsigned int program_flags;  /* program flags given (not argp's own) */
};

/* Which flags a JSON object's keys may name. */
enum scope {
	SCOPE_GENERAL, /* "doca_general_flags": argp's own */
	SCOPE_PROGRAM, /* "doca_program_flags" and a command's object: the program's, and commands */
	SCOPE_ANY,     /* keys outside the sections: both */
};

union value {
	const char *string;
	int integer;
	bool boolean;
	struct json_object *object;
};

/* The growing argument vector of the DPDK callback (argp.dpdk_argv). */
static bool dpdk_push(const char *arg)
{
	char **grown = realloc(argp.dpdk_argv, (size_t)(argp.dpdk_argc + 2) * sizeof(*grown));

	if (!grown)
		return false;
	argp.dpdk_argv = grown;
	grown[argp.dpdk_argc] = strdup(arg);
	if (!grown[argp.dpdk_argc])
		return false;
	grown[++argp.dpdk_argc] = NULL;
	return true;
}

static const char *display_name(const struct argp_param *param)
{
	return param->long_name ? param->long_name : param->short_name;
}

/*
 * Fails doca_argp_start: the message to the user (argp_message), the usage text of the command
 * being parsed, one SDK log line. Returns err.
 */
static doca_error_t parse_error(const struct parse *p, doca_error_t err, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

static doca_error_t parse_error(const struct parse *p, doca_error_t err, const char *format, ...)
{
	va_list ap, copy;
	char *text = NULL;

	va_start(ap, format);
	va_copy(copy, ap);
	argp_vmessage(DOCA_LOG_LEVEL_ERROR, format, copy);
	va_end(copy);
	if (vasprintf(&text, format, ap) < 0)
		text = NULL;
	va_end(ap);
	argp_print_usage(p->cmd);
	opendoca_fail(err, "doca_argp_start", "%s", text ? text : format);
	free(text);
	return err;
}

/* --help and --version: the program ends here, its parser destroyed (NVIDIA's does the same). */
static void __attribute__((noreturn)) finish(void)
{
	fflush(stdout);
	argp_free_all();
	exit(EXIT_SUCCESS);
}

/* A callback of the program returned: whether it destroyed the parser (then nothing goes on). */
static bool destroyed(void)
{
	return argp.destroy_pending;
}

static doca_error_t version(const struct parse *p)
{
	if (argp.version_callback) {
		bool on = true;
		doca_error_t err = argp.version_callback(&on, argp.config);

		if (destroyed())
			return DOCA_ERROR_BAD_STATE;
		if (err)
			return parse_error(p, err, "Encountered an error [%s] while handling param \"%s\"",
					   doca_error_get_descr(err), "version");
	} else {
		printf("DOCA Runtime Version (Runtime):     %s\n", doca_version_runtime());
	}
	finish();
}

static doca_error_t set_level(const struct parse *p, enum argp_kind kind, int level)
{
	doca_error_t err;

	if (level < DOCA_LOG_LEVEL_DISABLE || level > DOCA_LOG_LEVEL_TRACE || level % 10)
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "The log-level \"%d\" is not supported.", level);
	if (kind == ARGP_LOG_LEVEL) {
		err = doca_log_level_set_global_lower_limit((uint32_t)level);
		argp.log_level_given = true;
		argp.log_level = level;
	} else {
		err = doca_log_level_set_global_sdk_limit((uint32_t)level);
		argp.sdk_log_level_given = true;
		argp.sdk_log_level = level;
	}
	if (err)
		return parse_error(p, err, "Failed to set log-level \"%d\". err=%s", level, doca_error_get_descr(err));
	return DOCA_SUCCESS;
}

/* Calls a program flag's callback with its value (a string in a copy valid during the call). */
static doca_error_t call_param(const struct parse *p, struct argp_param *param, const union value *v)
{
	char *copy = NULL;
	int integer;
	bool boolean;
	void *arg;
	doca_error_t err;

	switch (param->type) {
	case DOCA_ARGP_TYPE_STRING:
		copy = strdup(v->string);
		if (!copy)
			return parse_error(p, DOCA_ERROR_NO_MEMORY, "Out of memory while handling param \"%s\"",
					   display_name(param));
		arg = copy;
		break;
	case DOCA_ARGP_TYPE_INT:
		integer = v->integer;
		arg = &integer;
		break;
	case DOCA_ARGP_TYPE_BOOLEAN:
		boolean = v->boolean;
		arg = &boolean;
		break;
	default: /* DOCA_ARGP_TYPE_JSON_OBJ: json-c's object, borrowed for the call */
		arg = v->object;
		break;
	}
	err = param->callback(arg, argp.config);
	free(copy);
	if (destroyed())
		return DOCA_ERROR_BAD_STATE;
	if (err)
		return parse_error(p, err, "Encountered an error [%s] while handling param \"%s\"",
				   doca_error_get_descr(err), display_name(param));
	return DOCA_SUCCESS;
}

/* One appearance of a flag with its value. */
static doca_error_t apply(struct parse *p, struct argp_param *param, const union value *v)
{
	if (param->seen && !param->multiplicity)
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Param \"%s\" should not appear more than once",
				   display_name(param));
	param->seen++;
	switch (param->kind) {
	case ARGP_HELP:
		argp_print_usage(p->cmd);
		finish();
	case ARGP_VERSION:
		return version(p);
	case ARGP_LOG_LEVEL:
	case ARGP_SDK_LOG_LEVEL:
		return set_level(p, param->kind, v->integer);
	case ARGP_JSON:
		return parse_error(p, DOCA_ERROR_INVALID_VALUE,
				   "Json mode was invoked with incorrect number of arguments");
	case ARGP_GRPC:
		free(argp.grpc_address);
		argp.grpc_address = strdup(v->string);
		if (!argp.grpc_address)
			return parse_error(p, DOCA_ERROR_NO_MEMORY, "Out of memory while handling param \"%s\"",
					   display_name(param));
		return DOCA_SUCCESS;
	case ARGP_PROGRAM:
		break;
	}
	p->program_flags++;
	if (param->singular && !p->singular)
		p->singular = param;
	return call_param(p, param, v);
}

/* A command's name: its flags come next, its callback now. */
static doca_error_t enter(struct parse *p, struct argp_cmd *sub)
{
	doca_error_t err;

	p->cmd = sub;
	p->selected = sub;
	if (!sub->callback)
		return DOCA_SUCCESS;
	err = sub->callback(argp.config);
	if (destroyed())
		return DOCA_ERROR_BAD_STATE;
	if (err)
		return parse_error(p, err, "Encountered an error [%s] while handling command \"%s\"",
				   doca_error_get_descr(err), sub->name);
	return DOCA_SUCCESS;
}

/*
 * The flag a name means where the parser is: the current command's, then those its ancestors
 * pass down (inherited; the nearest first), then argp's own.
 */
static struct argp_param *lookup(const struct parse *p, bool is_long, const char *name)
{
	for (const struct argp_cmd *cmd = p->cmd; cmd; cmd = cmd->parent)
		for (struct argp_param *param = cmd->params; param; param = param->next) {
			const char *own = is_long ? param->long_name : param->short_name;

			if ((cmd == p->cmd || param->inherited) && own && strcmp(own, name) == 0)
				return param;
		}
	return is_long ? argp_find_long(&argp.general, name) : argp_find_short(&argp.general, name);
}

/* The integer value of flag name, in the range of int, with NVIDIA's messages for the others. */
static doca_error_t to_int(const struct parse *p, const char *name, const char *text, int *out)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(text, &end, 10);
	if (end == text)
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Integer argument \"%s\" is not a number", text);
	if (*end)
		return parse_error(p, DOCA_ERROR_INVALID_VALUE,
				   "Integer argument \"%s\" has extra characters at end of input: %s", text, end);
	if (n > INT_MAX || (errno == ERANGE && n == LONG_MAX))
		return parse_error(p, DOCA_ERROR_INVALID_VALUE,
				   "Failed to convert value of \"%s\" to \"%ld\" - greater than INT_MAX", name, n);
	if (n < INT_MIN || (errno == ERANGE && n == LONG_MIN))
		return parse_error(p, DOCA_ERROR_INVALID_VALUE,
				   "Failed to convert value of \"%s\" to \"%ld\" - smaller than INT_MIN", name, n);
	*out = (int)n;
	return DOCA_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* The command line                                                                               */
/* ---------------------------------------------------------------------------------------------- */

static doca_error_t parse_cli(struct parse *p, int argc, char **argv, int first)
{
	doca_error_t err = DOCA_SUCCESS;

	for (int i = first; i < argc && !err; i++) {
		const char *arg = argv[i];
		struct argp_param *param;
		union value v = { 0 };

		if (arg[0] != '-' || !arg[1]) {
			struct argp_cmd *sub = argp_find_sub(p->cmd, arg);

			if (!sub)
				return parse_error(p, DOCA_ERROR_NOT_SUPPORTED,
						   p->cmd->subs ? "The command \"%s\" is not supported."
								: "The param \"%s\" is not supported.",
						   arg);
			err = enter(p, sub);
			continue;
		}
		param = lookup(p, arg[1] == '-', arg + (arg[1] == '-' ? 2 : 1));
		if (!param)
			return parse_error(p, DOCA_ERROR_NOT_SUPPORTED, "The param \"%s\" is not supported.", arg);
		switch (param->type) {
		case DOCA_ARGP_TYPE_STRING:
		case DOCA_ARGP_TYPE_INT:
			if (param->kind == ARGP_JSON)
				break; /* -j is the whole command line, or wrong (apply says so) */
			if (i + 1 == argc)
				return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Missing value for parameter \"%s\"",
						   display_name(param));
			v.string = argv[++i];
			if (param->type == DOCA_ARGP_TYPE_INT) {
				err = to_int(p, display_name(param), v.string, &v.integer);
				if (err)
					return err;
			}
			break;
		case DOCA_ARGP_TYPE_BOOLEAN:
			v.boolean = true;
			break;
		default:
			return parse_error(p, DOCA_ERROR_INVALID_VALUE,
					   "Param \"%s\" takes a JSON object: it is only supported in a JSON file",
					   display_name(param));
		}
		err = apply(p, param, &v);
	}
	return err;
}

/* ---------------------------------------------------------------------------------------------- */
/* JSON files                                                                                     */
/* ---------------------------------------------------------------------------------------------- */

static doca_error_t read_json(const struct parse *p, const char *path, struct json_object **root)
{
	FILE *file = fopen(path, "r");
	char *data = NULL;
	size_t len = 0, end;
	struct json_tokener *tok;
	doca_error_t err = DOCA_SUCCESS;

	if (!file)
		return parse_error(p, DOCA_ERROR_IO_FAILED, "Failed to open json file: \"%s\"", path);
	data = malloc(JSON_MAX_BYTES + 1);
	if (!data) {
		fclose(file);
		return parse_error(p, DOCA_ERROR_NO_MEMORY, "Failed to allocate data buffer for the json file");
	}
	/* Read, not sized by seeking: a pipe or /proc file has no size. */
	for (size_t n; len <= JSON_MAX_BYTES && (n = fread(data + len, 1, JSON_MAX_BYTES + 1 - len, file)) > 0;)
		len += n;
	if (ferror(file))
		err = parse_error(p, DOCA_ERROR_IO_FAILED, "Failed to read json file: \"%s\"", path);
	else if (len == 0)
		err = parse_error(p, DOCA_ERROR_IO_FAILED, "Json file is empty");
	else if (len > JSON_MAX_BYTES)
		err = parse_error(p, DOCA_ERROR_IO_FAILED, "Json file is larger than %u bytes", JSON_MAX_BYTES);
	fclose(file);
	if (err) {
		free(data);
		return err;
	}
	tok = json_tokener_new();
	*root = tok ? json_tokener_parse_ex(tok, data, (int)len) : NULL;
	end = tok ? json_tokener_get_parse_end(tok) : 0;
	/* Only blanks may follow the value (json-c stops at its end). */
	while (*root && end < len && strchr(" \t\r\n", data[end]))
		end++;
	if (!*root || json_tokener_get_error(tok) != json_tokener_success || end != len ||
	    !json_object_is_type(*root, json_type_object)) {
		json_object_put(*root);
		*root = NULL;
		err = parse_error(p, DOCA_ERROR_IO_FAILED, "Invalid Json file format");
	}
	if (tok)
		json_tokener_free(tok);
	free(data);
	return err;
}

/* The value of a flag from JSON (an element of its array when in_array). */
static doca_error_t json_value(struct parse *p, struct argp_param *param, const char *key, struct json_object *val,
			       bool in_array)
{
	union value v = { 0 };
	const char *want;
	enum json_type type = json_object_get_type(val);

	switch (param->type) {
	case DOCA_ARGP_TYPE_STRING:
		want = "a string";
		if (type != json_type_string ||
		    strlen(json_object_get_string(val)) != (size_t)json_object_get_string_len(val))
			goto mismatch;
		v.string = json_object_get_string(val);
		break;
	case DOCA_ARGP_TYPE_INT: {
		int64_t n;

		want = "a int";
		if (type != json_type_int)
			goto mismatch;
		n = json_object_get_int64(val);
		if (n > INT_MAX)
			return parse_error(p, DOCA_ERROR_INVALID_VALUE,
					   "Failed to convert value of \"%s\" to \"%ld\" - greater than INT_MAX", key,
					   (long)n);
		if (n < INT_MIN)
			return parse_error(p, DOCA_ERROR_INVALID_VALUE,
					   "Failed to convert value of \"%s\" to \"%ld\" - smaller than INT_MIN", key,
					   (long)n);
		v.integer = (int)n;
		break;
	}
	case DOCA_ARGP_TYPE_BOOLEAN:
		want = "a boolean";
		if (type != json_type_boolean)
			goto mismatch;
		v.boolean = json_object_get_boolean(val);
		break;
	default:
		want = "a json object";
		if (type != json_type_object && type != json_type_array)
			goto mismatch;
		v.object = val;
		break;
	}
	return apply(p, param, &v);
mismatch:
	if (in_array)
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Mismatch for \"%s\" value type in the array", key);
	return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting %s value for \"%s\"", want, key);
}

static doca_error_t json_param(struct parse *p, struct argp_param *param, const char *key, struct json_object *val)
{
	if (param->cli_only) {
		argp_message(DOCA_LOG_LEVEL_WARNING, "Flag \"%s\" is only supported in the CLI", key);
		return DOCA_SUCCESS;
	}
	if (!param->multiplicity)
		return json_value(p, param, key, val, false);
	if (!json_object_is_type(val, json_type_array))
		return parse_error(p, DOCA_ERROR_INVALID_VALUE,
				   "Expecting array of values for multiplicity param \"%s\"", key);
	for (size_t i = 0; i < json_object_array_length(val); i++) {
		doca_error_t err = json_value(p, param, key, json_object_array_get_idx(val, i), true);

		if (err)
			return err;
	}
	return DOCA_SUCCESS;
}

static doca_error_t json_flags(struct parse *p, struct json_object *obj, enum scope scope);

/*
 * One key of a flags object at command level: a flag, or (program flags) a command with its own
 * object; *sub_given: a command was given at this level already (one only).
 */
static doca_error_t json_entry(struct parse *p, struct argp_cmd *level, const char *key, struct json_object *val,
			       enum scope scope, bool *sub_given)
{
	struct argp_param *param;
	struct argp_cmd *sub;
	doca_error_t err;

	p->cmd = level;
	param = lookup(p, true, key);
	if (param && scope != SCOPE_ANY && (param->kind == ARGP_PROGRAM) != (scope == SCOPE_PROGRAM))
		param = NULL;
	if (param)
		return json_param(p, param, key, val);
	sub = scope == SCOPE_GENERAL ? NULL : argp_find_sub(level, key);
	if (!sub)
		return parse_error(p, DOCA_ERROR_NOT_SUPPORTED, "The param \"%s\" is not supported.", key);
	if (*sub_given)
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Command \"%s\" follows another command: give one",
				   key);
	if (!json_object_is_type(val, json_type_object))
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting an object value for command \"%s\"", key);
	*sub_given = true;
	err = enter(p, sub);
	return err ? err : json_flags(p, val, SCOPE_PROGRAM);
}

static doca_error_t json_flags(struct parse *p, struct json_object *obj, enum scope scope)
{
	struct argp_cmd *level = p->cmd;
	bool sub_given = false;

	json_object_object_foreach(obj, key, val)
	{
		doca_error_t err = json_entry(p, level, key, val, scope, &sub_given);

		if (err)
			return err;
	}
	return DOCA_SUCCESS;
}

/* A DPDK device of "devices": "-a" and its address as DPDK's EAL takes it. */
static doca_error_t json_dpdk_device(const struct parse *p, struct json_object *dev)
{
	const char *device = NULL, *id = NULL;
	int sft = -1, hws = 0;
	char *arg = NULL;
	int n;

	if (!json_object_is_type(dev, json_type_object))
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting an object value for \"devices\"");
	json_object_object_foreach(dev, key, val)
	{
		bool string = json_object_is_type(val, json_type_string),
		     boolean = json_object_is_type(val, json_type_boolean);

		if (strcmp(key, "device") == 0 && string)
			device = json_object_get_string(val);
		else if (strcmp(key, "id") == 0 && string)
			id = json_object_get_string(val);
		else if (strcmp(key, "sft") == 0 && boolean)
			sft = json_object_get_boolean(val);
		else if (strcmp(key, "hws") == 0 && boolean)
			hws = json_object_get_boolean(val);
		else if (strcmp(key, "device") == 0 || strcmp(key, "id") == 0)
			return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting a string value for \"%s\"", key);
		else if (strcmp(key, "sft") == 0 || strcmp(key, "hws") == 0)
			return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting a boolean value for \"%s\"", key);
		else
			return parse_error(p, DOCA_ERROR_NOT_SUPPORTED, "The param \"%s\" is not supported.", key);
	}
	if (!device || !id)
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting a string value for \"%s\"",
				   device ? "id" : "device");
	if (strcmp(device, "sf") == 0)
		n = asprintf(&arg, "auxiliary:mlx5_core.sf.%s%s%s", id,
			     sft < 0 ? ""
			     : sft   ? ",sft_en=1"
				     : ",sft_en=0",
			     hws ? ",dv_flow_en=2" : "");
	else if (strcmp(device, "pf") == 0 || strcmp(device, "vf") == 0)
		n = asprintf(&arg, "%s%s%s", id,
			     sft < 0 ? ""
			     : sft   ? ",sft_en=1"
				     : ",sft_en=0",
			     hws ? ",dv_flow_en=2" : "");
	else if (strcmp(device, "regex") == 0)
		n = asprintf(&arg, "%s,class=regex", id);
	else
		return parse_error(p, DOCA_ERROR_INVALID_VALUE,
				   "Device \"%s\" is currently unsupported, please use the \"flags\" field for now.",
				   device);
	if (n < 0 || !dpdk_push("-a") || !dpdk_push(arg)) {
		free(n < 0 ? NULL : arg);
		return parse_error(p, DOCA_ERROR_NO_MEMORY, "DPDK buffer is full");
	}
	free(arg);
	return DOCA_SUCCESS;
}

/* "doca_dpdk_flags": the DPDK arguments of a DPDK program. */
static doca_error_t json_dpdk(const struct parse *p, struct json_object *obj)
{
	if (!json_object_is_type(obj, json_type_object))
		return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting an object value for \"doca_dpdk_flags\"");
	json_object_object_foreach(obj, key, val)
	{
		doca_error_t err = DOCA_SUCCESS;
		bool ok = true;

		if (strcmp(key, "devices") == 0) {
			if (!json_object_is_type(val, json_type_array))
				return parse_error(p, DOCA_ERROR_INVALID_VALUE,
						   "Expecting an array value for \"devices\"");
			for (size_t i = 0; i < json_object_array_length(val) && !err; i++)
				err = json_dpdk_device(p, json_object_array_get_idx(val, i));
			if (err)
				return err;
			continue;
		}
		if (strcmp(key, "core-list") && strcmp(key, "core-mask") && strcmp(key, "flags"))
			return parse_error(p, DOCA_ERROR_NOT_SUPPORTED, "The param \"%s\" is not supported.", key);
		if (!json_object_is_type(val, json_type_string))
			return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting a string value for \"%s\"", key);
		if (strcmp(key, "flags") == 0) {
			/* Additional EAL flags, separated by blanks. */
			char *flags = strdup(json_object_get_string(val)), *save = NULL;

			ok = flags != NULL;
			for (char *f = flags ? strtok_r(flags, " \t", &save) : NULL; f && ok;
			     f = strtok_r(NULL, " \t", &save))
				ok = dpdk_push(f);
			free(flags);
		} else {
			ok = dpdk_push(strcmp(key, "core-list") == 0 ? "-l" : "-c") &&
			     dpdk_push(json_object_get_string(val));
		}
		if (!ok)
			return parse_error(p, DOCA_ERROR_NO_MEMORY, "DPDK buffer is full");
	}
	return DOCA_SUCCESS;
}

static doca_error_t parse_json(struct parse *p, const char *path)
{
	struct json_object *root = NULL;
	bool sub_given = false;
	doca_error_t err = read_json(p, path, &root);

	if (err)
		return err;
	json_object_object_foreach(root, key, val)
	{
		bool general = strcmp(key, "doca_general_flags") == 0;

		p->cmd = &argp.root;
		if (general || strcmp(key, "doca_program_flags") == 0) {
			if (!json_object_is_type(val, json_type_object))
				err = parse_error(p, DOCA_ERROR_INVALID_VALUE, "Expecting an object value for \"%s\"",
						  key);
			else
				err = json_flags(p, val, general ? SCOPE_GENERAL : SCOPE_PROGRAM);
		} else if (strcmp(key, "doca_dpdk_flags") == 0) {
			if (argp.dpdk_callback)
				err = json_dpdk(p, val);
			else
				err = parse_error(p, DOCA_ERROR_NOT_SUPPORTED, "The param \"%s\" is not supported.",
						  key);
		} else {
			err = json_entry(p, &argp.root, key, val, SCOPE_ANY, &sub_given);
		}
		if (err)
			break;
	}
	p->cmd = p->selected;
	json_object_put(root);
	return err;
}

/* ---------------------------------------------------------------------------------------------- */
/* doca_argp_start                                                                                */
/* ---------------------------------------------------------------------------------------------- */

static doca_error_t check_mandatory(const struct parse *p)
{
	if (p->singular) {
		if (p->program_flags > 1)
			return parse_error(p, DOCA_ERROR_INVALID_VALUE,
					   "Param \"%s\" must not be passed alongside other parameters",
					   display_name(p->singular));
		return DOCA_SUCCESS;
	}
	for (const struct argp_cmd *cmd = p->selected; cmd; cmd = cmd->parent)
		for (const struct argp_param *param = cmd->params; param; param = param->next)
			if (param->mandatory && !param->seen)
				return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Parameter \"%s\" is mandatory",
						   display_name(param));
	for (const struct argp_param *param = argp.general.params; param; param = param->next)
		if (param->mandatory && !param->seen)
			return parse_error(p, DOCA_ERROR_INVALID_VALUE, "Parameter \"%s\" is mandatory",
					   display_name(param));
	return DOCA_SUCCESS;
}

static bool is_json_flag(const char *arg)
{
	return strcmp(arg, "-j") == 0 || strcmp(arg, "--json") == 0;
}

static doca_error_t run(struct parse *p, int argc, char **argv)
{
	doca_error_t err;

	if (argp.dpdk_callback && !dpdk_push(argv[0]))
		return parse_error(p, DOCA_ERROR_NO_MEMORY, "DPDK buffer is full");
	if (argc > 1 && is_json_flag(argv[1])) {
		if (argc != 3)
			return parse_error(p, DOCA_ERROR_INVALID_VALUE,
					   "Json mode was invoked with incorrect number of arguments");
		err = parse_json(p, argv[2]);
	} else {
		int first = 1;

		if (argp.dpdk_callback) {
			while (first < argc && strcmp(argv[first], "--"))
				if (!dpdk_push(argv[first++]))
					return parse_error(p, DOCA_ERROR_NO_MEMORY, "DPDK buffer is full");
			first++; /* past "--" */
		}
		err = parse_cli(p, argc, argv, first);
	}
	if (!err)
		err = check_mandatory(p);
	if (!err && argp.dpdk_callback) {
		err = argp.dpdk_callback(argp.dpdk_argc, argp.dpdk_argv);
		if (destroyed())
			return DOCA_ERROR_BAD_STATE;
		if (err)
			return parse_error(p, err, "Encountered an error [%s] while handling the DPDK flags",
					   doca_error_get_descr(err));
	}
	if (!err && argp.validation_callback) {
		err = argp.validation_callback(argp.config);
		if (destroyed())
			return DOCA_ERROR_BAD_STATE;
		if (err)
			return parse_error(p, err, "Encountered an error [%s] while validating the program flags",
					   doca_error_get_descr(err));
	}
	return err;
}

doca_error_t doca_argp_start(int argc, char **argv)
{
	struct parse p = { .cmd = &argp.root, .selected = &argp.root };
	doca_error_t err;

	if (argc < 1 || !argv)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				     "argc is %d and argv %p: argv[0] at least is needed", argc, (void *)argv);
	for (int i = 0; i < argc; i++)
		if (!argv[i])
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "argv[%d] is NULL (argc is %d)", i,
					     argc);
	argp_lock();
	err = argp_check_open(__func__, false);
	if (err) {
		argp_unlock();
		return err;
	}
	argp.started = true;
	if (!argp.program_name) {
		const char *base = strrchr(argv[0], '/');

		argp.program_name = strdup(base ? base + 1 : argv[0]);
	}
	argp.in_start = true;
	err = run(&p, argc, argv);
	argp.in_start = false;
	argp.selected = p.selected;
	if (argp.destroy_pending) {
		argp_free_all();
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "a callback destroyed the argument parser (doca_argp_destroy) while it parsed");
	}
	argp_unlock();
	return err;
}
