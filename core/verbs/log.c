/* The log line of libflexio_verbs: one line on stderr per refused call, naming the entry point. */
#include "verbs_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

static void emit(const char *level, const char *function, const char *format, va_list args)
{
	int saved_errno = errno; /* callers set errno before or after logging: keep it */
	char reason[256];

	vsnprintf(reason, sizeof(reason), format, args);
	/* one fprintf call, so lines from concurrent threads do not interleave */
	fprintf(stderr, "flexio_verbs %s %s: %s\n", level, function, reason);
	errno = saved_errno;
}

void sim_err(const char *function, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	emit("ERR", function, format, args);
	va_end(args);
}

void sim_warn(const char *function, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	emit("WARN", function, format, args);
	va_end(args);
}
