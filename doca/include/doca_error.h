/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_error.h
 * @brief Return codes of the DOCA API and their names and descriptions.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_ERROR_H
#define OPENDOCA_DOCA_ERROR_H

#include "doca_compat.h"
#include "doca_common_defines.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Whether a return code is an error (branch hinted: errors are rare). */
#define DOCA_IS_ERROR(r) doca_unlikely((r) != DOCA_SUCCESS)
/** Keeps the first error: sets r to t unless r already holds an error. */
#define DOCA_ERROR_PROPAGATE(r, t)       \
	do {                             \
		if ((r) == DOCA_SUCCESS) \
			(r) = (t);       \
	} while (0)

/** Return codes of the DOCA API. */
enum doca_error {
	DOCA_SUCCESS = 0,
	DOCA_ERROR_UNKNOWN = 1,
	DOCA_ERROR_NOT_PERMITTED = 2,
	DOCA_ERROR_IN_USE = 3,
	DOCA_ERROR_NOT_SUPPORTED = 4,
	DOCA_ERROR_AGAIN = 5,
	DOCA_ERROR_INVALID_VALUE = 6,
	DOCA_ERROR_NO_MEMORY = 7,
	DOCA_ERROR_INITIALIZATION = 8,
	DOCA_ERROR_TIME_OUT = 9,
	DOCA_ERROR_SHUTDOWN = 10,
	DOCA_ERROR_CONNECTION_RESET = 11,
	DOCA_ERROR_CONNECTION_ABORTED = 12,
	DOCA_ERROR_CONNECTION_INPROGRESS = 13,
	DOCA_ERROR_NOT_CONNECTED = 14,
	DOCA_ERROR_NO_LOCK = 15,
	DOCA_ERROR_NOT_FOUND = 16,
	DOCA_ERROR_IO_FAILED = 17,
	DOCA_ERROR_BAD_STATE = 18,
	DOCA_ERROR_UNSUPPORTED_VERSION = 19,
	DOCA_ERROR_OPERATING_SYSTEM = 20,
	DOCA_ERROR_DRIVER = 21,
	DOCA_ERROR_UNEXPECTED = 22,
	DOCA_ERROR_ALREADY_EXIST = 23,
	DOCA_ERROR_FULL = 24,
	DOCA_ERROR_EMPTY = 25,
	DOCA_ERROR_IN_PROGRESS = 26,
#if OPENDOCA_REL >= 25
	DOCA_ERROR_TOO_BIG = 27,
#endif
#if OPENDOCA_REL >= 30
	DOCA_ERROR_AUTHENTICATION = 28,
#endif
#if OPENDOCA_REL >= 30
	DOCA_ERROR_BAD_CONFIG = 29,
#endif
#if OPENDOCA_REL >= 30
	DOCA_ERROR_SKIPPED = 30,
#endif
};

/** A DOCA return code. */
typedef enum doca_error doca_error_t;

/**
 * @brief The description of an error code ("Invalid input"), or "unrecognized error code".
 *
 * @param [in] error error
 * @return a string of the library (never NULL, never to be freed).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
const char *doca_error_get_descr(doca_error_t error);
#endif

/**
 * @brief The name of an error code ("DOCA_ERROR_INVALID_VALUE"), or "unrecognized error code".
 *
 * @param [in] error error
 * @return a string of the library (never NULL, never to be freed).
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_STABLE
const char *doca_error_get_name(doca_error_t error);
#endif

/**
 * @brief The name of an error code (2.2 spelling of doca_error_get_name).
 *
 * @param [in] error error
 * @return a string of the library (never NULL, never to be freed).
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
const char *doca_get_error_name(doca_error_t error);
#endif

/**
 * @brief The description of an error code (2.2 spelling of doca_error_get_descr).
 *
 * @param [in] error error
 * @return a string of the library (never NULL, never to be freed).
 * @since 2.2
 */
#if OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
const char *doca_get_error_string(doca_error_t error);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_ERROR_H */
