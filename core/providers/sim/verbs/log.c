/*
 * The log lines of libflexio_verbs go through the library's one logger (core/common/log.c): the
 * same level, callback and per-thread last error as libflexio's own lines, with the first word
 * "flexio_verbs" its users know.  In libflexio.so.1 that is libflexio's logger itself; in
 * libflexio_verbs.so.1 a copy of its objects (flexio_log, see CMakeLists.txt).
 */
#include "verbs_internal.h"

#include <stdarg.h>

#include "log.h"

void verbs_err(const char *function, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	flexio_log_va("flexio_verbs", FLEXIO_LOG_LVL_ERR, function, format, args);
	va_end(args);
}

void verbs_warn(const char *function, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	flexio_log_va("flexio_verbs", FLEXIO_LOG_LVL_WARN, function, format, args);
	va_end(args);
}

void verbs_dbg(const char *function, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	flexio_log_va("flexio_verbs", FLEXIO_LOG_LVL_DBG, function, format, args);
	va_end(args);
}
