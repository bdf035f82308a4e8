/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_version.h
 * @brief The DOCA version of the headers (compile time) and of the libraries (run time).
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_VERSION_H
#define OPENDOCA_DOCA_VERSION_H

#include "doca_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The version of the release the headers serve (doca_release.h): the numbers of the newest NVIDIA
 * release of the selected line. 2.2 and 1.x spell them DOCA_VER_*, later releases DOCA_VERSION_*.
 */
#if OPENDOCA_REL == 14
#define DOCA_VER_MAJOR 1        /**< major number */
#define DOCA_VER_MINOR 4        /**< minor number */
#define DOCA_VER_PATCH 0        /**< patch number */
#define DOCA_VER_STRING "1.4.0" /**< the version as a string */
#elif OPENDOCA_REL == 22
#define DOCA_VER_MAJOR 2           /**< major number */
#define DOCA_VER_MINOR 2           /**< minor number */
#define DOCA_VER_PATCH 80          /**< patch number */
#define DOCA_VER_STRING "2.2.0080" /**< the version as a string */
#elif OPENDOCA_REL == 25
#define DOCA_VER_MAJOR 2           /**< major number */
#define DOCA_VER_MINOR 5           /**< minor number */
#define DOCA_VER_PATCH 108         /**< patch number */
#define DOCA_VER_STRING "2.5.0108" /**< the version as a string */
#elif OPENDOCA_REL == 26
#define DOCA_VERSION_MAJOR 2           /**< major number */
#define DOCA_VERSION_MINOR 6           /**< minor number */
#define DOCA_VERSION_PATCH 58          /**< patch number */
#define DOCA_VERSION_STRING "2.6.0058" /**< the version as a string */
#elif OPENDOCA_REL == 27
#define DOCA_VERSION_MAJOR 2            /**< major number */
#define DOCA_VERSION_MINOR 10           /**< minor number */
#define DOCA_VERSION_PATCH 87           /**< patch number */
#define DOCA_VERSION_STRING "2.10.0087" /**< the version as a string */
#elif OPENDOCA_REL == 30
#define DOCA_VERSION_MAJOR 3           /**< major number */
#define DOCA_VERSION_MINOR 0           /**< minor number */
#define DOCA_VERSION_PATCH 58          /**< patch number */
#define DOCA_VERSION_STRING "3.0.0058" /**< the version as a string */
#else
#define DOCA_VERSION_MAJOR 3        /**< major number */
#define DOCA_VERSION_MINOR 3        /**< minor number */
#define DOCA_VERSION_PATCH 0        /**< patch number */
#define DOCA_VERSION_STRING "3.3.0" /**< the version as a string */
#endif

#if OPENDOCA_REL <= 25
/** A version as one number (major, minor and patch), comparable with DOCA_CURRENT_VERSION_NUM. */
#define DOCA_VERSION_NUM(major, minor, patch) ((size_t)(((major) << 24) | ((minor) << 16) | (patch)))
/** The version of these headers as one number. */
#define DOCA_CURRENT_VERSION_NUM DOCA_VERSION_NUM(DOCA_VER_MAJOR, DOCA_VER_MINOR, DOCA_VER_PATCH)
/** Whether the headers are exactly this version. */
#define DOCA_VERSION_EQ_CURRENT(major, minor, patch) (DOCA_VERSION_NUM(major, minor, patch) == DOCA_CURRENT_VERSION_NUM)
/** Whether this version is at most the headers' version. */
#define DOCA_VERSION_LTE_CURRENT(major, minor, patch) \
	(DOCA_VERSION_NUM(major, minor, patch) <= DOCA_CURRENT_VERSION_NUM)
#else
/** A release (major and minor; the patch is ignored) as one number. */
#define DOCA_VERSION_CALC(major, minor, patch) ((size_t)(((major) << 24) | ((minor) << 16)))
/** A version (major, minor and patch) as one number. */
#define DOCA_VERSION_CALC_EXACT(major, minor, patch) ((size_t)(((major) << 24) | ((minor) << 16) | (patch)))
/** The release of these headers as one number. */
#define DOCA_VERSION_OFFICIAL DOCA_VERSION_CALC(DOCA_VERSION_MAJOR, DOCA_VERSION_MINOR, DOCA_VERSION_PATCH)
/** The version of these headers as one number. */
#define DOCA_VERSION_EXACT DOCA_VERSION_CALC_EXACT(DOCA_VERSION_MAJOR, DOCA_VERSION_MINOR, DOCA_VERSION_PATCH)
/** Whether the headers are exactly this version. */
#define DOCA_VERSION_EQ_CURRENT(major, minor, patch) \
	(DOCA_VERSION_CALC_EXACT(major, minor, patch) == DOCA_VERSION_EXACT)
/** Whether this version is at most the headers' version. */
#define DOCA_VERSION_LTE_CURRENT(major, minor, patch) \
	(DOCA_VERSION_CALC_EXACT(major, minor, patch) <= DOCA_VERSION_EXACT)
#endif

/* Internal: the version string under either spelling. */
#if OPENDOCA_REL <= 25
#define OPENDOCA_VERSION_STRING_ DOCA_VER_STRING
#else
#define OPENDOCA_VERSION_STRING_ DOCA_VERSION_STRING
#endif

/**
 * @brief The DOCA version of the libraries the program runs against (run time).
 *
 * @return a string of the library (never NULL, never to be freed).
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
const char *doca_version_runtime(void);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
const char *doca_version_runtime(void);
#endif

/**
 * @brief The DOCA version these headers were selected for, e.g. "3.0.0058" (compile time).
 *
 * @return a string of the library (never NULL, never to be freed).
 * @since 2.2
 */
static inline const char *doca_version(void)
{
	return OPENDOCA_VERSION_STRING_;
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_VERSION_H */
