/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_log.h
 * @brief DOCA logging: sources, levels, backends and the DOCA_LOG macros.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_LOG_H
#define OPENDOCA_DOCA_LOG_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include "doca_compat.h"
#include "doca_error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_log_backend;
struct doca_logger_backend;

/**
 * Registers the log source of the translation unit: DOCA_LOG_REGISTER(NAME) at file scope, once
 * per file, before any DOCA_LOG_* (the source is registered before main and unregistered at exit).
 * NAME is any text NVIDIA's programs give ("DMA_COPY::MAIN"): it is only a string here.
 */
#define DOCA_LOG_REGISTER(source)                                                                                  \
	static int log_source = -1;                                                                                \
	_Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wdeprecated-declarations\"") static void \
		__attribute__((constructor, used)) opendoca_log_register_source_(void)                             \
	{                                                                                                          \
		OPENDOCA_LOG_REGISTER_SOURCE_(#source, &log_source);                                               \
	}                                                                                                          \
	static void __attribute__((destructor, used)) opendoca_log_unregister_source_(void)                        \
	{                                                                                                          \
		OPENDOCA_LOG_UNREGISTER_SOURCE_(log_source);                                                       \
	}                                                                                                          \
	_Pragma("GCC diagnostic pop")

#if OPENDOCA_REL <= 22
/* Internal: the registration calls of DOCA_LOG_REGISTER (experimental: it silences their warning). */
#define OPENDOCA_LOG_REGISTER_SOURCE_ doca_log_source_register
#define OPENDOCA_LOG_UNREGISTER_SOURCE_ doca_log_source_destroy
/** Logs at a level (CRIT, ERROR, WARNING, INFO, DEBUG) of the file's log source. */
#define DOCA_LOG(level, format, ...) doca_log(DOCA_LOG_LEVEL_##level, log_source, __LINE__, format, ##__VA_ARGS__)
/** Logs through a rate limit: at most doca_log_get_quantity() messages per bucket period, per call site. */
#define DOCA_LOG_RATE_LIMIT(level, format, ...)                                                                       \
	do {                                                                                                          \
		static int log_bucket = -1;                                                                           \
		if (log_bucket == -1)                                                                                 \
			doca_log_rate_bucket_register(log_source, &log_bucket);                                       \
		doca_log_rate_limit(DOCA_LOG_LEVEL_##level, log_source, __LINE__, log_bucket, format, ##__VA_ARGS__); \
	} while (0)
#define DOCA_LOG_RATE_LIMIT_CRIT(format, ...) DOCA_LOG_RATE_LIMIT(CRIT, format, ##__VA_ARGS__) /**< rate-limited CRIT */
#define DOCA_LOG_RATE_LIMIT_ERR(format, ...) \
	DOCA_LOG_RATE_LIMIT(ERROR, format, ##__VA_ARGS__) /**< rate-limited ERROR */
#define DOCA_LOG_RATE_LIMIT_WARN(format, ...) \
	DOCA_LOG_RATE_LIMIT(WARNING, format, ##__VA_ARGS__) /**< rate-limited WARNING */
#define DOCA_LOG_RATE_LIMIT_INFO(format, ...) DOCA_LOG_RATE_LIMIT(INFO, format, ##__VA_ARGS__) /**< rate-limited INFO */
#define DOCA_LOG_RATE_LIMIT_DBG(format, ...) \
	DOCA_LOG_RATE_LIMIT(DEBUG, format, ##__VA_ARGS__) /**< rate-limited DEBUG */
#ifdef DOCA_LOGGING_ALLOW_DLOG
/** Developer log (kept only when the program defines DOCA_LOGGING_ALLOW_DLOG). */
#define DOCA_DLOG(level, format, ...) \
	doca_log_developer(DOCA_LOG_LEVEL_##level, log_source, __LINE__, format, ##__VA_ARGS__)
#else
/** Developer log (kept only when the program defines DOCA_LOGGING_ALLOW_DLOG). */
#define DOCA_DLOG(level, format, ...) \
	do {                          \
	} while (0)
#endif
#define DOCA_DLOG_CRIT(format, ...) DOCA_DLOG(CRIT, format, ##__VA_ARGS__)    /**< developer CRIT */
#define DOCA_DLOG_ERR(format, ...) DOCA_DLOG(ERROR, format, ##__VA_ARGS__)    /**< developer ERROR */
#define DOCA_DLOG_WARN(format, ...) DOCA_DLOG(WARNING, format, ##__VA_ARGS__) /**< developer WARNING */
#define DOCA_DLOG_INFO(format, ...) DOCA_DLOG(INFO, format, ##__VA_ARGS__)    /**< developer INFO */
#define DOCA_DLOG_DBG(format, ...) DOCA_DLOG(DEBUG, format, ##__VA_ARGS__)    /**< developer DEBUG */
#else
/* Internal: the registration calls of DOCA_LOG_REGISTER. */
#define OPENDOCA_LOG_REGISTER_SOURCE_ doca_log_register_source
#define OPENDOCA_LOG_UNREGISTER_SOURCE_ doca_log_unregister_source
/** Logs at a level (CRIT, ERROR, WARNING, INFO, DEBUG, TRACE) of the file's log source. */
#define DOCA_LOG(level, format, ...) \
	doca_log(DOCA_LOG_LEVEL_##level, log_source, __FILE__, __LINE__, __func__, format, ##__VA_ARGS__)
#ifdef DOCA_LOGGING_ALLOW_TRACE
#define DOCA_LOG_TRC(format, ...) DOCA_LOG(TRACE, format, ##__VA_ARGS__) /**< logs at TRACE */
#else
/** Logs at TRACE: kept only when the program defines DOCA_LOGGING_ALLOW_TRACE. */
#define DOCA_LOG_TRC(format, ...) \
	do {                      \
	} while (0)
#endif
#endif
#define DOCA_LOG_CRIT(format, ...) DOCA_LOG(CRIT, format, ##__VA_ARGS__)    /**< logs at CRIT */
#define DOCA_LOG_ERR(format, ...) DOCA_LOG(ERROR, format, ##__VA_ARGS__)    /**< logs at ERROR */
#define DOCA_LOG_WARN(format, ...) DOCA_LOG(WARNING, format, ##__VA_ARGS__) /**< logs at WARNING */
#define DOCA_LOG_INFO(format, ...) DOCA_LOG(INFO, format, ##__VA_ARGS__)    /**< logs at INFO */
#define DOCA_LOG_DBG(format, ...) DOCA_LOG(DEBUG, format, ##__VA_ARGS__)    /**< logs at DEBUG */

/** Log levels: lower is more severe. */
enum doca_log_level {
#if OPENDOCA_REL >= 25
	DOCA_LOG_LEVEL_DISABLE = 10,
#endif
	DOCA_LOG_LEVEL_CRIT = 20,
	DOCA_LOG_LEVEL_ERROR = 30,
	DOCA_LOG_LEVEL_WARNING = 40,
	DOCA_LOG_LEVEL_INFO = 50,
	DOCA_LOG_LEVEL_DEBUG = 60,
#if OPENDOCA_REL >= 25
	DOCA_LOG_LEVEL_TRACE = 70,
#endif
};

/** Receives each formatted line of a buffer log backend. */
typedef void (*log_flush_callback)(char *buffer);

/**
 * @brief Logs a message of a program log source at a level (what the DOCA_LOG macros call).
 *
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @param [in] source the log source
 * @param [in] fname source file name
 * @param [in] line source line
 * @param [in] func function name
 * @param [in] format printf-style format
 * @param ... the arguments of format
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_log(uint32_t level, int source, const char *fname, int line, const char *func, const char *format, ...)
 * - 1.4, 2.2: doca_error_t doca_log(uint32_t level, int source, int line, const char *format, ...) — symbol doca_log_v2_2@DOCA_2.2
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log(uint32_t level, int source, const char *fname, int line, const char *func, const char *format,
		      ...);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log(uint32_t level, int source, int line, const char *format, ...) OPENDOCA_FORM(doca_log_v2_2);
#endif

/**
 * @brief Adds the standard backend: program messages to stdout.
 *
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_standard(void);
#endif

/**
 * @brief Adds a program log backend that formats each line into a buffer and passes it to a callback.
 *
 * @param [in] buf the buffer
 * @param [in] capacity capacity of the buffer in bytes
 * @param [in] handler called with each formatted line
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_buf(char *buf, size_t capacity, log_flush_callback handler,
					      struct doca_log_backend **backend);
#endif

/**
 * @brief Adds an SDK log backend that formats each line into a buffer and passes it to a callback.
 *
 * @param [in] buf the buffer
 * @param [in] capacity capacity of the buffer in bytes
 * @param [in] handler called with each formatted line
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.6
 */
#if OPENDOCA_REL >= 26
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_buf_sdk(char *buf, size_t capacity, log_flush_callback handler,
						  struct doca_log_backend **backend);
#endif

/**
 * @brief Adds a program log backend that formats each line into a buffer and passes it to a callback (2.5).
 *
 * @param [out] buffer buffer
 * @param [in] capacity capacity of the buffer in bytes
 * @param [in] handler called with each formatted line
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_buffer(char *buffer, size_t capacity, log_flush_callback handler,
						 struct doca_log_backend **backend);
#endif

/**
 * @brief Adds an SDK log backend that formats each line into a buffer and passes it to a callback (2.5).
 *
 * @param [out] buffer buffer
 * @param [in] capacity capacity of the buffer in bytes
 * @param [in] handler called with each formatted line
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL == 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_buffer_sdk(char *buffer, size_t capacity, log_flush_callback handler,
						     struct doca_log_backend **backend);
#endif

/**
 * @brief Adds a program log backend writing to a file descriptor.
 *
 * @param [in] fd file descriptor
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_fd(int fd, struct doca_log_backend **backend);
#endif

/**
 * @brief Adds an SDK log backend writing to a file descriptor.
 *
 * @param [in] fd file descriptor
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_fd_sdk(int fd, struct doca_log_backend **backend);
#endif

/**
 * @brief Adds a program log backend writing to a stream.
 *
 * @param [out] fptr stream
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_file(FILE *fptr, struct doca_log_backend **backend);
#endif

/**
 * @brief Adds an SDK log backend writing to a stream.
 *
 * @param [out] fptr stream
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_file_sdk(FILE *fptr, struct doca_log_backend **backend);
#endif

/**
 * @brief Adds a program log backend writing to syslog under a name.
 *
 * @param [in] name name
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_syslog(const char *name, struct doca_log_backend **backend);
#endif

/**
 * @brief Adds an SDK log backend writing to syslog under a name.
 *
 * @param [in] name name
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_create_with_syslog_sdk(const char *name, struct doca_log_backend **backend);
#endif

/**
 * @brief Sets the most verbose level a log backend prints (2.2).
 *
 * @param [in] logger the log backend
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_level_set(struct doca_logger_backend *logger, uint32_t level);
#endif

/**
 * @brief Sets the level lower limit of a log backend.
 *
 * @param [in] backend the log backend
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_set_level_lower_limit(struct doca_log_backend *backend, uint32_t level);
#endif

/**
 * @brief Sets the level lower limit strict of a log backend.
 *
 * @param [in] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_set_level_lower_limit_strict(struct doca_log_backend *backend);
#endif

/**
 * @brief Sets the level upper limit of a log backend.
 *
 * @param [in] backend the log backend
 * @param [in] upper_limit the most verbose level
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_set_level_upper_limit(struct doca_log_backend *backend, uint32_t upper_limit);
#endif

/**
 * @brief Sets the level upper limit strict of a log backend.
 *
 * @param [in] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_set_level_upper_limit_strict(struct doca_log_backend *backend);
#endif

/**
 * @brief Sets the lower level immutable of a log backend.
 *
 * @param [in] logger the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_set_lower_level_immutable(struct doca_logger_backend *logger);
#endif

/**
 * @brief Sets the sdk level of a log backend.
 *
 * @param [in] backend the log backend
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_set_sdk_level(struct doca_log_backend *backend, uint32_t level);
#endif

/**
 * @brief Sets the upper level immutable of a log backend.
 *
 * @param [in] logger the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_set_upper_level_immutable(struct doca_logger_backend *logger);
#endif

/**
 * @brief Sets the upper level limit of a log backend.
 *
 * @param [in] logger the log backend
 * @param [in] upper_level_limit the most verbose level
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_backend_set_upper_level_limit(struct doca_logger_backend *logger, uint32_t upper_level_limit);
#endif

/**
 * @brief Adds a log backend that formats each line into a buffer and passes it to a callback (2.2).
 *
 * @param [out] buffer buffer
 * @param [in] capacity capacity of the buffer in bytes
 * @param [in] handler called with each formatted line
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_create_buffer_backend(char *buffer, size_t capacity, log_flush_callback handler,
					    struct doca_logger_backend **backend);
#endif

/**
 * @brief Adds a log backend writing to a file descriptor (2.2).
 *
 * @param [in] fd file descriptor
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_create_fd_backend(int fd, struct doca_logger_backend **backend);
#endif

/**
 * @brief Adds a log backend writing to a stream (2.2).
 *
 * @param [out] fptr stream
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_create_file_backend(FILE *fptr, struct doca_logger_backend **backend);
#endif

/**
 * @brief Adds the standard backend: program messages to stdout.
 *
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_create_standard_backend(void);
#endif

/**
 * @brief Adds a log backend writing to syslog under a name (2.2).
 *
 * @param [in] name name
 * @param [out] backend the log backend
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_create_syslog_backend(const char *name, struct doca_logger_backend **backend);
#endif

/**
 * @brief Logs a developer message (DOCA_DLOG macros; compiled in with DOCA_LOGGING_ALLOW_DLOG).
 *
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @param [in] source the log source
 * @param [in] line source line
 * @param [in] format printf-style format
 * @param ... the arguments of format
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_developer(uint32_t level, int source, int line, const char *format, ...);
#endif

/**
 * @brief Gets the bucket time of a log.
 *
 * @return the value (0 for a bad argument).
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
uint16_t doca_log_get_bucket_time(void);
#endif

/**
 * @brief Gets the quantity of a log.
 *
 * @return the value (0 for a bad argument).
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
uint16_t doca_log_get_quantity(void);
#endif

/**
 * @brief The most verbose level programs log at (2.2).
 *
 * @return the value (0 for a bad argument).
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
uint32_t doca_log_global_level_get(void);
#endif

/**
 * @brief Sets the most verbose level programs log at, and every backend's (2.2).
 *
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_global_level_set(uint32_t level);
#endif

/**
 * @brief Sets the most severe level every backend prints (2.2).
 *
 * @param [in] upper_level_limit the most verbose level
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_global_set_upper_level_limit(uint32_t upper_level_limit);
#endif

/**
 * @brief Gets the global lower limit of a log level limit.
 *
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint32_t doca_log_level_get_global_lower_limit(void);
#endif

/**
 * @brief Gets the global sdk limit of a log level limit.
 *
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint32_t doca_log_level_get_global_sdk_limit(void);
#endif

/**
 * @brief Gets the global upper limit of a log level limit.
 *
 * @return the value (0 for a bad argument).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
uint32_t doca_log_level_get_global_upper_limit(void);
#endif

/**
 * @brief Sets the global lower limit of a log level limit.
 *
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_level_set_global_lower_limit(uint32_t level);
#endif

/**
 * @brief Sets the global sdk limit of a log level limit.
 *
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_level_set_global_sdk_limit(uint32_t level);
#endif

/**
 * @brief Sets the global upper limit of a log level limit.
 *
 * @param [in] upper_limit the most verbose level
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_level_set_global_upper_limit(uint32_t upper_limit);
#endif

/**
 * @brief Registers a rate-limit bucket for a log source.
 *
 * @param [in] source the log source
 * @param [in] bucket the rate-limit bucket
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_rate_bucket_register(int source, int *bucket);
#endif

/**
 * @brief Logs a message through a rate-limit bucket (DOCA_LOG_RATE_LIMIT macros).
 *
 * @param [in] level a log level (DOCA_LOG_LEVEL_*)
 * @param [in] source the log source
 * @param [in] line source line
 * @param [in] bucket the rate-limit bucket
 * @param [in] format printf-style format
 * @param ... the arguments of format
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_rate_limit(uint32_t level, int source, int line, int bucket, const char *format, ...);
#endif

/**
 * @brief Registers a program log source by name (DOCA_LOG_REGISTER does it).
 *
 * @param [in] source_name the source name
 * @param [in] source the log source
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_register_source(const char *source_name, int *source);
#endif

/**
 * @brief Sets the bucket time of a log.
 *
 * @param [in] bucket_time bucket period in seconds
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_log_set_bucket_time(uint16_t bucket_time);
#endif

/**
 * @brief Sets the quantity of a log.
 *
 * @param [in] quantity messages per bucket period
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_log_set_quantity(uint16_t quantity);
#endif

/**
 * @brief Unregisters a log source.
 *
 * @param [in] source the log source
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_source_destroy(int source);
#endif

/**
 * @brief Registers a program log source by name (DOCA_LOG_REGISTER does it).
 *
 * @param [in] source_name the source name
 * @param [in] source the log source
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_log_source_register(const char *source_name, int *source);
#endif

/**
 * @brief Unregisters a log source.
 *
 * @param [in] source the log source
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_log_unregister_source(int source);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_LOG_H */
