/**
 * @file
 * @brief OpenFlexIO — the release a device program selected, and the markers of the
 * device API: stable and experimental functions, header-inline helpers,
 * compile-time layout checks.  Included by every device header.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_MARKERS_H
#define OPENFLEXIO_FLEXIO_DEV_MARKERS_H

#include <libflexio-dev/flexio_dev_ver.h>

/* ------------------------------------------------------------------------ */
/* Release selection (see <libflexio-dev/flexio_dev_ver.h>)                  */
/* ------------------------------------------------------------------------ */

#ifndef FLEXIO_DEV_VER_USED
#ifdef FLEXIO_DEV_VER_DEFAULT
/* The release the build chose for sources that choose none (see <libflexio-dev/flexio_dev_ver.h>). */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER_DEFAULT
#else
/**
 * @brief The device API version the program was written for (default: the newest one served,
 * or FLEXIO_DEV_VER_DEFAULT when the build defines it).
 * Define it (with FLEXIO_DEV_VER()) before including the device headers to
 * choose the release served; see <libflexio-dev/flexio_dev_ver.h>.
 * @since 24.10
 */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_CURRENT_VERSION
#endif
#endif

/* Internal: the version actually served (LATEST resolved to CURRENT). */
#if FLEXIO_DEV_VER_USED == FLEXIO_DEV_VER_LATEST
#define FLEXIO_DEV_VER_EFFECTIVE FLEXIO_DEV_CURRENT_VERSION /**< Internal: the device API version served (FLEXIO_DEV_VER_LATEST resolved). */
#else
#define FLEXIO_DEV_VER_EFFECTIVE (FLEXIO_DEV_VER_USED) /**< Internal: the device API version served (FLEXIO_DEV_VER_LATEST resolved). */
#endif

#if FLEXIO_DEV_VER_EFFECTIVE < FLEXIO_DEV_LAST_SUPPORTED_VERSION
#error "FLEXIO_DEV_VER_USED is older than FLEXIO_DEV_LAST_SUPPORTED_VERSION (23.0.0): this device API version is no longer served"
#elif FLEXIO_DEV_VER_EFFECTIVE > FLEXIO_DEV_CURRENT_VERSION
#error "FLEXIO_DEV_VER_USED is newer than FLEXIO_DEV_CURRENT_VERSION (26.4.0), the newest device API version this library serves"
#elif FLEXIO_DEV_VER_EFFECTIVE == FLEXIO_DEV_LAST_SUPPORTED_VERSION
#warning "FLEXIO_DEV_VER_USED selects FLEXIO_DEV_LAST_SUPPORTED_VERSION: this device API version will be removed in a future release"
#endif

/*
 * Internal: the release served, one flag each.  FLEXIO_DEV_EDITION_OLD: 23.x
 * (DOCA Driver APIs manual); FLEXIO_DEV_EDITION_2401: NVIDIA 24.01 .. 24.07;
 * neither: 24.10 and later (NVIDIA 25.1's device API).
 */
#if FLEXIO_DEV_VER_EFFECTIVE < FLEXIO_DEV_NV2401_FIRST_VERSION
#define FLEXIO_DEV_EDITION_OLD 1 /**< Internal: 1 when the 23.x device API is served. */
#else
#define FLEXIO_DEV_EDITION_OLD 0 /**< Internal: 1 when the 23.x device API is served. */
#endif
#if FLEXIO_DEV_VER_EFFECTIVE >= FLEXIO_DEV_NV2401_FIRST_VERSION && \
	FLEXIO_DEV_VER_EFFECTIVE < FLEXIO_DEV_CURRENT_EDITION_FIRST_VERSION
#define FLEXIO_DEV_EDITION_2401 1 /**< Internal: 1 when the NVIDIA 24.01 .. 24.07 device API is served. */
#else
#define FLEXIO_DEV_EDITION_2401 0 /**< Internal: 1 when the NVIDIA 24.01 .. 24.07 device API is served. */
#endif
#if FLEXIO_DEV_VER_EFFECTIVE >= FLEXIO_DEV_RELEASE_26_FIRST_VERSION
#define FLEXIO_DEV_EDITION_26 1 /**< Internal: 1 when the 26.x names are served (25.1's device API and the names 26.x programs use). */
#else
#define FLEXIO_DEV_EDITION_26 0 /**< Internal: 1 when the 26.x names are served. */
#endif
/* Internal: 1 when the release uses NVIDIA 24.01's queue layouts and values (23.x and 24.x). */
#if FLEXIO_DEV_EDITION_OLD || FLEXIO_DEV_EDITION_2401
#define FLEXIO_DEV_LAYOUTS_2401 1 /**< Internal: 1 when NVIDIA 24.01's queue layouts and values are served. */
#else
#define FLEXIO_DEV_LAYOUTS_2401 0 /**< Internal: 1 when NVIDIA 24.01's queue layouts and values are served. */
#endif

/* ------------------------------------------------------------------------ */
/* Markers                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * @brief Marks a function of libflexio_dev's stable ABI.
 * @since 24.10
 */
#define FLEXIO_DEV_STABLE __attribute__((visibility("default"))) __attribute__((used))

/**
 * @brief Marks a function that may still change.
 * Using it warns ("Symbol is defined as experimental") unless
 * FLEXIO_DEV_ALLOW_EXPERIMENTAL_API is defined; its code lives in section
 * .text.experimental.
 * @since 24.10
 */
#ifdef FLEXIO_DEV_ALLOW_EXPERIMENTAL_API
#define FLEXIO_DEV_EXPERIMENTAL __attribute__((section(".text.experimental"))) FLEXIO_DEV_STABLE
#else
#define FLEXIO_DEV_EXPERIMENTAL                                                              \
	__attribute__((deprecated("Symbol is defined as experimental"),                   \
		       section(".text.experimental"))) FLEXIO_DEV_STABLE
#endif

/**
 * @brief Marks a header-inline device helper (always inlined, no symbol).
 * @since 24.10
 */
#define FLEXIO_DEV_ALWAYS_INLINE static inline __attribute__((always_inline))

/*
 * Internal: compile-time layout checks in C and C++11.  In C, __extension__ keeps them silent
 * under -std=c99/gnu99 -Wpedantic (-Werror), which NVIDIA's headers, having no such checks,
 * build with: _Static_assert is C11.
 */
#ifdef __cplusplus
#define FLEXIO_DEV_STATIC_ASSERT(cond, msg) static_assert(cond, msg) /**< Internal: a compile-time layout check. */
#else
#define FLEXIO_DEV_STATIC_ASSERT(cond, msg)                                                      \
	__extension__ _Static_assert(cond, msg) /**< Internal: a compile-time layout check. */
#endif

/*
 * Internal: the marker of a function NVIDIA 25.1 marks experimental.  The
 * 23.x and 24.x releases mark nothing experimental.
 */
#if FLEXIO_DEV_LAYOUTS_2401
#define FLEXIO_DEV_EXP_ FLEXIO_DEV_STABLE /**< Internal: the marker of a function NVIDIA 25.1 marks experimental. */
#else
#define FLEXIO_DEV_EXP_ FLEXIO_DEV_EXPERIMENTAL /**< Internal: the marker of a function NVIDIA 25.1 marks experimental. */
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_MARKERS_H */
