/*
 * OpenFlexIO — API versions and edition selection for the device library (libflexio_dev).
 *
 * A DPA program chooses the FlexIO device API it was written for by defining
 * FLEXIO_DEV_VER_USED before including any <libflexio-dev/...> header:
 *
 *     #define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(24, 1, 0)   // older edition
 *     #include <libflexio-dev/flexio_dev.h>
 *
 * (FLEXIO_DEV_VER is a plain macro, so the definition may come before this
 * header is seen; it is only evaluated here.)  Left undefined, or set to
 * FLEXIO_DEV_VER_LATEST, the current edition is used.
 *
 * Two editions are served:
 *   - the older edition, FLEXIO_DEV_VER(24, 1, 0) up to, not including,
 *     FLEXIO_DEV_VER(24, 10, 0): the device API of the DOCA Driver APIs manual
 *     (NVIDIA FlexIO up to 24.07): queue helpers take the thread context first
 *     and return flexio_dev_status_t, one window per thread, flexio_dev_finish(),
 *     flexio_dev_reschedule(), flexio_dev_print() as a function;
 *   - the current edition, FLEXIO_DEV_VER(24, 10, 0) up to
 *     FLEXIO_DEV_CURRENT_VERSION: the device API of the FlexIO SDK API Reference
 *     Manual (25.1): header-inline queue helpers without a thread context, two
 *     window entities, flexio_dev_thread_*() and flexio_dev_process_finish(),
 *     device messages through flexio_dev_msg().
 *
 * The version macros mirror the host ones in <libflexio/flexio_ver.h>.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_VER_H
#define OPENFLEXIO_FLEXIO_DEV_VER_H

/**
 * Encodes a device API version: major in bits 31..24, minor in 23..16, sub in 15..0.
 * Usable both in C expressions and in #if (the "+ 0ULL" keeps it unsigned 64-bit).
 */
#define FLEXIO_DEV_VER(major, minor, sub) \
	((((major) + 0ULL) << 24) | (((minor) + 0ULL) << 16) | ((sub) + 0ULL))

/** Extracts the major number of a version made with FLEXIO_DEV_VER. */
#define FLEXIO_DEV_VER_MAJOR(ver) (((ver) >> 24) & 0xFFULL)
/** Extracts the minor number of a version made with FLEXIO_DEV_VER. */
#define FLEXIO_DEV_VER_MINOR(ver) (((ver) >> 16) & 0xFFULL)
/** Extracts the sub number of a version made with FLEXIO_DEV_VER. */
#define FLEXIO_DEV_VER_SUB(ver) ((ver) & 0xFFFFULL)

/** "The newest this library serves": selects FLEXIO_DEV_CURRENT_VERSION. */
#define FLEXIO_DEV_VER_LATEST FLEXIO_DEV_VER(0xFF, 0xFF, 0xFFFF)

/** The newest device API version this library implements. */
#define FLEXIO_DEV_CURRENT_VERSION FLEXIO_DEV_VER(25, 1, 0)

/** The oldest device API version still implemented (the older edition). */
#define FLEXIO_DEV_LAST_SUPPORTED_VERSION FLEXIO_DEV_VER(24, 1, 0)

/** The first version of the current edition; anything below it selects the older edition. */
#define FLEXIO_DEV_CURRENT_EDITION_FIRST_VERSION FLEXIO_DEV_VER(24, 10, 0)

#ifndef FLEXIO_DEV_VER_USED
/** The device API version the program was written for (default: the current one). */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_CURRENT_VERSION
#endif

/* Internal: the version actually served (LATEST resolved to CURRENT). */
#if FLEXIO_DEV_VER_USED == FLEXIO_DEV_VER_LATEST
#define FLEXIO_DEV_VER_EFFECTIVE FLEXIO_DEV_CURRENT_VERSION
#else
#define FLEXIO_DEV_VER_EFFECTIVE FLEXIO_DEV_VER_USED
#endif

#if FLEXIO_DEV_VER_EFFECTIVE < FLEXIO_DEV_LAST_SUPPORTED_VERSION
#error "FLEXIO_DEV_VER_USED is older than FLEXIO_DEV_LAST_SUPPORTED_VERSION (24.1.0): this device API version is no longer served"
#elif FLEXIO_DEV_VER_EFFECTIVE > FLEXIO_DEV_CURRENT_VERSION
#error "FLEXIO_DEV_VER_USED is newer than FLEXIO_DEV_CURRENT_VERSION (25.1.0), the newest device API version this library serves"
#elif FLEXIO_DEV_VER_EFFECTIVE == FLEXIO_DEV_LAST_SUPPORTED_VERSION
#warning "FLEXIO_DEV_VER_USED selects FLEXIO_DEV_LAST_SUPPORTED_VERSION: this device API version will be removed in a future release"
#endif

/*
 * Internal: 1 when the program selected the older edition (DOCA Driver APIs
 * manual names and signatures), else 0.  Not part of the API.
 */
#if FLEXIO_DEV_VER_EFFECTIVE < FLEXIO_DEV_CURRENT_EDITION_FIRST_VERSION
#define FLEXIO_DEV_EDITION_OLD 1
#else
#define FLEXIO_DEV_EDITION_OLD 0
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_VER_H */
