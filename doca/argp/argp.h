/*
 * libdoca_argp's internals, shared by its translation units: argp.c (the parser's state, its
 * parameters and commands), parse.c (doca_argp_start: the command line, JSON files, DPDK flags),
 * usage.c (the usage text and argp's messages to the user) and argp_v2_7.c (the gRPC flag of
 * 2.2 - 2.7). Hidden from everything else.
 *
 * The parser is one per process (DOCA's API has no handle for it): doca_argp_init() makes it,
 * doca_argp_destroy() frees it and everything it owns. Parameters and commands are objects with
 * handles (private.h); the parser tracks every one it created, so that destroying it frees those
 * a program created and never registered too. One recursive lock serialises the API: the
 * callbacks doca_argp_start() calls run under it and may call the API again (a version callback
 * destroying the parser before it exits, a callback asking for the log level).
 */
#ifndef OPENDOCA_ARGP_ARGP_H
#define OPENDOCA_ARGP_ARGP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "doca_argp.h"
#include "private.h"

/*
 * The callbacks' types, spelled for every unit: each release's header names them differently
 * (2.2's callback_func, 2.5's doca_argp_param_cb_t; the command and logger ones from 3.0), and a
 * unit sees only its release's names.
 */
typedef doca_error_t (*argp_param_cb)(void *param, void *config);
typedef doca_error_t (*argp_cmd_cb)(void *config);
typedef doca_error_t (*argp_dpdk_cb)(int argc, char **argv);
typedef doca_error_t (*argp_validation_cb)(void *config);
typedef doca_error_t (*argp_logger_cb)(enum doca_log_level level, const char *format, va_list args);

/* What a parameter is: a program's, or one of argp's own flags ("DOCA Flags"). */
enum argp_kind {
	ARGP_PROGRAM,
	ARGP_HELP,
	ARGP_VERSION,
	ARGP_LOG_LEVEL,
	ARGP_SDK_LOG_LEVEL,
	ARGP_JSON,
	ARGP_GRPC,
};

struct argp_cmd;

struct argp_param {
	struct opendoca_object object;                /* first: the handle's (argp's own flags have none) */
	struct argp_param *prev_object, *next_object; /* every object the parser created */
	enum argp_kind kind;
	char *short_name, *long_name, *arguments, *description;
	argp_param_cb callback;
	enum doca_argp_type type;
	bool mandatory, cli_only, multiplicity, singular, inherited, hidden;
	struct argp_cmd *owner;  /* the command it is registered to; NULL before */
	struct argp_param *next; /* in its owner's list, in registration order */
	unsigned int seen;       /* appearances during doca_argp_start */
};

struct argp_cmd {
	struct opendoca_object object; /* first: the handle's (the root has none) */
	struct argp_cmd *prev_object, *next_object;
	char *name, *description;
	argp_cmd_cb callback;
	bool hidden;
	bool registered;           /* attached to a parent command (or to the program) */
	struct argp_cmd *parent;   /* NULL for the root and before registration */
	struct argp_param *params; /* in registration order */
	struct argp_cmd *subs, *next_sub;
};

/* The parser. Everything in it is under argp_lock(). */
struct argp_state {
	bool initialized;
	bool started;         /* doca_argp_start ran (arguments are parsed once) */
	bool in_start;        /* doca_argp_start is calling the program's callbacks */
	bool destroy_pending; /* a callback destroyed the parser: done when the callback returns */
	char *program_name;   /* NULL: argv[0]'s base name (the program's, before start) */
	void *config;
	struct argp_cmd root;             /* the program's own parameters and commands */
	struct argp_cmd general;          /* argp's own flags (general.params) */
	struct argp_cmd *selected;        /* the command the last doca_argp_start selected (usage) */
	struct argp_param *param_objects; /* every parameter the program created */
	struct argp_cmd *cmd_objects;     /* every command the program created */
	argp_dpdk_cb dpdk_callback;
	bool grpc;
	char *grpc_address;
	argp_param_cb version_callback;
	argp_validation_cb validation_callback;
	argp_logger_cb logger_callback;
	bool log_level_given, sdk_log_level_given;
	int log_level, sdk_log_level;
	int dpdk_argc;
	char **dpdk_argv; /* what the DPDK callback got: kept until doca_argp_destroy */
};

extern struct argp_state argp;

/* The lock of the parser (recursive: callbacks called under it may call the API). */
void argp_lock(void);
void argp_unlock(void);

/* DOCA_ERROR_BAD_STATE, recorded for func, unless the parser is initialised and not yet started. */
doca_error_t argp_check_open(const char *func, bool allow_started);

/* Adds argp's own flag (a "DOCA Flag"); NULL when out of memory. */
struct argp_param *argp_general_add(enum argp_kind kind, const char *short_name, const char *long_name,
				    const char *arguments, const char *description, enum doca_argp_type type,
				    bool cli_only);
/* The flag of cmd's own with a short or long name, the sub-command of cmd with a name; or NULL. */
struct argp_param *argp_find_short(const struct argp_cmd *cmd, const char *name);
struct argp_param *argp_find_long(const struct argp_cmd *cmd, const char *name);
struct argp_cmd *argp_find_sub(const struct argp_cmd *cmd, const char *name);

/* Frees the parser and everything it owns (under the lock). */
void argp_free_all(void);

/* ---- usage.c ---- */

/* Prints the usage text of cmd (the root: the program's) to stdout. */
void argp_print_usage(const struct argp_cmd *cmd);
/*
 * A message of argp to the program's user (a parse error, a warning): to the logger callback the
 * program registered, or to stderr.
 */
void argp_message(enum doca_log_level level, const char *format, ...) __attribute__((format(printf, 2, 3)));
void argp_vmessage(enum doca_log_level level, const char *format, va_list ap) __attribute__((format(printf, 2, 0)));

#endif /* OPENDOCA_ARGP_ARGP_H */
