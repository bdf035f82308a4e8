/*
 * The host logger: one line per event on stderr, naming the function.
 * Every public function reports a rejected argument or a failure through it.
 */
#ifndef OPENFLEXIO_CORE_HOST_LOG_H
#define OPENFLEXIO_CORE_HOST_LOG_H

#include <libflexio/flexio.h>

void flexio_log_at(enum flexio_log_lvl lvl, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The calling thread's last ERR line (no newline), "" if none: flexio_last_error. */
const char *log_last_error(void);

#define flexio_err(...) flexio_log_at(FLEXIO_LOG_LVL_ERR, __func__, __VA_ARGS__)
#define flexio_warn(...) flexio_log_at(FLEXIO_LOG_LVL_WARN, __func__, __VA_ARGS__)
#define flexio_info(...) flexio_log_at(FLEXIO_LOG_LVL_INFO, __func__, __VA_ARGS__)
#define flexio_dbg(...) flexio_log_at(FLEXIO_LOG_LVL_DBG, __func__, __VA_ARGS__)

#endif
