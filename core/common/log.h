/*
 * The library's logger: one line per event naming the function, on stderr or to the callback
 * set with flexio_log_callback_set, filtered by one level (flexio_log_lvl_set,
 * FLEXIO_LOG_LEVEL).  Every public function reports a rejected argument or a failure through
 * it, and so does the simulated rdma-core device (core/providers/sim/verbs), so a program sets the level and
 * the callback once for both.  Compiled into libflexio.so.1 once, and into libflexio_verbs.so.1
 * for programs that use the simulated device without libflexio.
 */
#ifndef OPENFLEXIO_CORE_HOST_LOG_H
#define OPENFLEXIO_CORE_HOST_LOG_H

#include <stdarg.h>

#include <libflexio/flexio.h>

/* Logs "flexio <LVL> <func>: <message>". */
void flexio_log_at(enum flexio_log_lvl lvl, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * The same with another first word than "flexio" (core/providers/sim/verbs keeps its own, "flexio_verbs",
 * which its users and tests know), for wrappers that take their own variadic arguments.
 * Keeps errno, so callers may set it before or after logging.
 */
void flexio_log_va(const char *prefix, enum flexio_log_lvl lvl, const char *func, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));

/* The calling thread's last ERR line (no newline), "" if none: flexio_last_error. */
const char *log_last_error(void);

/*
 * The reason a device gave for refusing a command the library issued (core/host/devx_cmds.c).
 * While a thread captures, the ERR lines logged on it (the simulated device's refusals of
 * mlx5dv_devx_* commands) are not written: the first one's message is kept in text, so that the
 * library's one line for the public call says why, as one line. A real device logs nothing
 * there (its reasons go to the kernel's log) and text stays "". Captures nest.
 */
struct log_capture {
	char text[256];
	struct log_capture *outer;
};
void log_capture_begin(struct log_capture *capture);
void log_capture_end(struct log_capture *capture);

#define flexio_err(...) flexio_log_at(FLEXIO_LOG_LVL_ERR, __func__, __VA_ARGS__)
#define flexio_warn(...) flexio_log_at(FLEXIO_LOG_LVL_WARN, __func__, __VA_ARGS__)
#define flexio_info(...) flexio_log_at(FLEXIO_LOG_LVL_INFO, __func__, __VA_ARGS__)
#define flexio_dbg(...) flexio_log_at(FLEXIO_LOG_LVL_DBG, __func__, __VA_ARGS__)

#endif
