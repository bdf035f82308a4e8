/*
 * OpenFlexIO — API versions and edition selection for the host library.
 *
 * A program chooses the FlexIO API it was written for by defining
 * FLEXIO_VER_USED before including <libflexio/flexio.h>:
 *
 *     #define FLEXIO_VER_USED FLEXIO_VER(24, 1, 0)   // older edition (DOCA Driver APIs manual)
 *     #include <libflexio/flexio.h>
 *
 * Left undefined (or FLEXIO_VER_LATEST), the current edition is used.  The
 * version is then announced to the library at run time with
 * flexio_version_set(FLEXIO_VER_USED).
 *
 * Two editions are served:
 *   - the older edition, FLEXIO_VER(24, 1, 0) up to, not including, FLEXIO_VER(24, 10, 0):
 *     the names and signatures of NVIDIA's FlexIO up to 24.07;
 *   - the current edition, FLEXIO_VER(24, 10, 0) up to FLEXIO_CURRENT_VERSION:
 *     the names and signatures of the FlexIO SDK API Reference Manual (25.1).
 */
#ifndef OPENFLEXIO_FLEXIO_VER_H
#define OPENFLEXIO_FLEXIO_VER_H

/* Encodes a version; usable both in C expressions and in #if (the + 0ULL keeps it unsigned). */
#define FLEXIO_VER(major, minor, sub) \
	((((major) + 0ULL) << 24) | (((minor) + 0ULL) << 16) | ((sub) + 0ULL))

/* Splits a version made with FLEXIO_VER. */
#define FLEXIO_VER_MAJOR(ver) (((ver) >> 24) & 0xFFULL)
#define FLEXIO_VER_MINOR(ver) (((ver) >> 16) & 0xFFULL)
#define FLEXIO_VER_SUB(ver) ((ver) & 0xFFFFULL)

/* "The newest this library serves": selects FLEXIO_CURRENT_VERSION, here and in flexio_version_set. */
#define FLEXIO_VER_LATEST FLEXIO_VER(0xFF, 0xFF, 0xFFFF)

/* The newest API version this library implements. */
#define FLEXIO_CURRENT_VERSION FLEXIO_VER(25, 1, 0)

/* The oldest API version this library still implements (the older edition). */
#define FLEXIO_LAST_SUPPORTED_VERSION FLEXIO_VER(24, 1, 0)

/* The first version of the current edition; anything below it selects the older edition. */
#define FLEXIO_CURRENT_EDITION_FIRST_VERSION FLEXIO_VER(24, 10, 0)

#ifndef FLEXIO_VER_USED
#define FLEXIO_VER_USED FLEXIO_CURRENT_VERSION
#endif

#if FLEXIO_VER_USED == FLEXIO_VER_LATEST
#define FLEXIO_VER_EFFECTIVE FLEXIO_CURRENT_VERSION
#else
#define FLEXIO_VER_EFFECTIVE FLEXIO_VER_USED
#endif

#if FLEXIO_VER_EFFECTIVE < FLEXIO_LAST_SUPPORTED_VERSION
#error "FLEXIO_VER_USED is older than FLEXIO_LAST_SUPPORTED_VERSION (24.1.0): this API version is no longer served"
#elif FLEXIO_VER_EFFECTIVE > FLEXIO_CURRENT_VERSION
#error "FLEXIO_VER_USED is newer than FLEXIO_CURRENT_VERSION (25.1.0), the newest API version this library serves"
#elif FLEXIO_VER_EFFECTIVE == FLEXIO_LAST_SUPPORTED_VERSION
#warning "FLEXIO_VER_USED selects FLEXIO_LAST_SUPPORTED_VERSION: this API version will be removed in a future release"
#endif

/* 1 when the program selected the older edition (seed 001 names and signatures), else 0. */
#if FLEXIO_VER_EFFECTIVE < FLEXIO_CURRENT_EDITION_FIRST_VERSION
#define FLEXIO_EDITION_OLD 1
#else
#define FLEXIO_EDITION_OLD 0
#endif

#endif /* OPENFLEXIO_FLEXIO_VER_H */
