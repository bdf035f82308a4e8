/* Host logging: level selection (flexio_log_lvl_set, FLEXIO_LOG_LEVEL) and output. */
#include "log.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static const char *const level_names[] = {"ERR", "WARN", "INFO", "DBG"};
#define LEVEL_COUNT ((int)(sizeof(level_names) / sizeof(level_names[0])))
#define DEFAULT_LEVEL FLEXIO_LOG_LVL_WARN

static _Atomic int current_level = -1; /* -1: not read from the environment yet */

/* FLEXIO_LOG_LEVEL takes a level name (ERR, WARN, INFO, DBG) or its number. */
static int level_from_environment(void)
{
	const char *value = getenv("FLEXIO_LOG_LEVEL");

	if (!value || !*value)
		return DEFAULT_LEVEL;
	for (int lvl = 0; lvl < LEVEL_COUNT; lvl++)
		if (!strcasecmp(value, level_names[lvl]))
			return lvl;
	if (value[1] == '\0' && value[0] >= '0' && value[0] < '0' + LEVEL_COUNT)
		return value[0] - '0';
	fprintf(stderr, "flexio WARN flexio_log: FLEXIO_LOG_LEVEL=\"%s\" is not ERR, WARN, INFO, DBG or 0-3; using WARN\n",
		value);
	return DEFAULT_LEVEL;
}

static int level(void)
{
	int lvl = atomic_load_explicit(&current_level, memory_order_relaxed);

	if (lvl < 0) {
		int expected = -1;

		lvl = level_from_environment();
		if (!atomic_compare_exchange_strong(&current_level, &expected, lvl))
			lvl = expected;
	}
	return lvl;
}

/* The calling thread's last ERR line, without its newline (flexio_last_error, for bindings). */
static _Thread_local char last_error[1024];

const char *log_last_error(void)
{
	return last_error;
}

void flexio_log_at(enum flexio_log_lvl lvl, const char *func, const char *fmt, ...)
{
	char line[1024];
	int len;
	va_list ap;

	/* ERR is the most severe level: its lines are always printed, so always kept. */
	if ((int)lvl > level())
		return;
	len = snprintf(line, sizeof(line), "flexio %s %s: ", level_names[lvl], func);
	va_start(ap, fmt);
	len += vsnprintf(line + len, sizeof(line) - (size_t)len, fmt, ap);
	va_end(ap);
	if (len > (int)sizeof(line) - 2)
		len = (int)sizeof(line) - 2;
	if (lvl == FLEXIO_LOG_LVL_ERR) {
		memcpy(last_error, line, (size_t)len);
		last_error[len] = '\0';
	}
	line[len++] = '\n';
	/* One write per line keeps lines whole when several threads log at once. */
	if (write(STDERR_FILENO, line, (size_t)len) < 0)
		return;
}

FLEXIO_EXPERIMENTAL enum flexio_log_lvl flexio_log_lvl_set(enum flexio_log_lvl lvl)
{
	int previous = level();

	if ((int)lvl < 0 || (int)lvl >= LEVEL_COUNT) {
		flexio_err("level %d is not one of FLEXIO_LOG_LVL_ERR..FLEXIO_LOG_LVL_DBG (0-3)", (int)lvl);
		return (enum flexio_log_lvl)previous;
	}
	return (enum flexio_log_lvl)atomic_exchange(&current_level, (int)lvl);
}
