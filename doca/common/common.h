/*
 * libdoca_common's internal functions: shared by its translation units (one per release line of the
 * forms it defines), hidden from everything else.
 */
#ifndef OPENDOCA_COMMON_COMMON_H
#define OPENDOCA_COMMON_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "doca_error.h"

/* The name and the description of an error code, or "unrecognized error code" (error.c). */
const char *opendoca_error_name(doca_error_t error);
const char *opendoca_error_descr(doca_error_t error);

/* ---- The log (log.c), which log_v2_2.c and log_v2_5.c serve 2.2's and 2.5's spellings of ---- */

/* Who a backend prints for: programs (DOCA_LOG_*), the DOCA libraries (the SDK), or both (2.2). */
#define OPENDOCA_LOG_PROGRAM 1u
#define OPENDOCA_LOG_SDK 2u

/* Where a backend writes. */
struct opendoca_log_sink {
	enum {
		OPENDOCA_SINK_FILE,
		OPENDOCA_SINK_FD,
		OPENDOCA_SINK_BUFFER,
		OPENDOCA_SINK_SYSLOG
	} kind;
	FILE *file;
	int fd;
	char *buffer; /* holds one line, passed to flush */
	size_t capacity;
	void (*flush)(char *buffer);
	const char *syslog_name;
};

/* The limits of a backend or of the process (OPENDOCA_LIMIT_*_STRICT: backends only). */
enum opendoca_log_limit {
	OPENDOCA_LIMIT_LOWER,        /* the most verbose level printed */
	OPENDOCA_LIMIT_UPPER,        /* the most severe level printed */
	OPENDOCA_LIMIT_LOWER_STRICT, /* the lower limit no longer changes */
	OPENDOCA_LIMIT_UPPER_STRICT, /* the upper limit no longer changes */
	OPENDOCA_LIMIT_SDK,          /* the most verbose SDK level printed */
};

/* Whether level is one of DOCA_LOG_LEVEL_*. */
bool opendoca_log_level_valid(uint32_t level);
/*
 * Logs a message of program log source at level, formatted by format and ap, as public function api
 * (doca_log ...). file and func (2.5 and later) or neither (2.2: the line names the source).
 */
doca_error_t opendoca_log_program(const char *api, uint32_t level, int source, const char *file, int line,
				  const char *func, const char *format, va_list ap)
	__attribute__((format(printf, 7, 0)));
/* Adds a backend for audience (OPENDOCA_LOG_*); *backend (if not NULL) is it. */
doca_error_t opendoca_log_backend_create(const struct opendoca_log_sink *sink, unsigned audience, void **backend,
					 const char *func);
/* Sets a limit of a backend, or of the process (every backend's unless strict). */
doca_error_t opendoca_log_backend_limit(void *backend, enum opendoca_log_limit which, uint32_t level, const char *func);
doca_error_t opendoca_log_global_limit(enum opendoca_log_limit which, uint32_t level, const char *func);
uint32_t opendoca_log_global(enum opendoca_log_limit which);
/* Registers a program log source by name (*source is its number) / unregisters one. */
doca_error_t opendoca_log_source_add(const char *name, int *source, const char *func);
doca_error_t opendoca_log_source_remove(int source, const char *func);
#endif /* OPENDOCA_COMMON_COMMON_H */
