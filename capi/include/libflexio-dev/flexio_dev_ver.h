/**
 * @file
 * @brief OpenFlexIO — API versions of the device library (libflexio_dev): the version
 * macros and the releases served.
 *
 * A DPA program chooses the release of the FlexIO device API it was written
 * for by defining FLEXIO_DEV_VER_USED, before or after including this header
 * but before any other <libflexio-dev/...> header:
 *
 *     #include <libflexio-dev/flexio_dev_ver.h>
 *     #define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(24, 4, 0)
 *     #include <libflexio-dev/flexio_dev.h>
 *
 * This header only defines macros and never defines FLEXIO_DEV_VER_USED: the
 * other device headers resolve it (left undefined, or FLEXIO_DEV_VER_LATEST,
 * it means FLEXIO_DEV_CURRENT_VERSION).
 *
 * A build chooses the release of device sources that define no
 * FLEXIO_DEV_VER_USED (NVIDIA's 24.01 device headers had no version macros)
 * without editing them: FLEXIO_DEV_VER_DEFAULT, defined on the command line,
 * replaces FLEXIO_DEV_CURRENT_VERSION as the default, and a source that
 * defines FLEXIO_DEV_VER_USED keeps its own.  dpacc defines it for the release
 * named by FLEXIO_RELEASE or by the per-release pkg-config directory in use,
 * flexio-dev.pc of those directories adds it (docs/releases.md).
 *
 * Releases served (each from its first version up to the next release's):
 *   FLEXIO_DEV_VER(23, 0, 0) .. (23, x, x)   the device API of the DOCA Driver
 *       APIs manual: queue helpers of libflexio_dev taking the thread context
 *       first, flexio_dev_print() a function, flexio_dev_finish() and
 *       flexio_dev_reschedule(); documented as FLEXIO_DEV_VER(23, 4, 0);
 *   FLEXIO_DEV_VER(24, 0, 0) .. (24, 9, x)   NVIDIA FlexIO 24.01 .. 24.07:
 *       header-inline queue helpers taking the thread context first, one
 *       window per thread, flexio_dev_msg(), nothing marked experimental;
 *   FLEXIO_DEV_VER(24, 10, 0) ..             the FlexIO SDK API Reference
 *       Manual with NVIDIA 25.1's names, layouts, values and markers:
 *       header-inline queue helpers without a thread context, two window
 *       entities; 26.x serves the same device API.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_VER_H
#define OPENFLEXIO_FLEXIO_DEV_VER_H

/**
 * @brief Encodes a device API version: major in bits 31..24, minor in 23..16, sub in 15..0.
 * Usable both in C expressions and in preprocessor conditionals (the "+ 0ULL" keeps it unsigned 64-bit).
 * @param major The major number (the year of the release, e.g. 24).
 * @param minor The minor number (e.g. 10).
 * @param sub The sub number.
 * @return The encoded version, an unsigned long long.
 * @since 24.10
 */
#define FLEXIO_DEV_VER(major, minor, sub) \
	((((major) + 0ULL) << 24) | (((minor) + 0ULL) << 16) | ((sub) + 0ULL))

/**
 * @brief Extracts the major number of a version made with FLEXIO_DEV_VER().
 * @param ver The encoded version.
 * @return The major number.
 * @since 24.10
 */
#define FLEXIO_DEV_VER_MAJOR(ver) (((ver) >> 24) & 0xFFULL)
/**
 * @brief Extracts the minor number of a version made with FLEXIO_DEV_VER().
 * @param ver The encoded version.
 * @return The minor number.
 * @since 24.10
 */
#define FLEXIO_DEV_VER_MINOR(ver) (((ver) >> 16) & 0xFFULL)
/**
 * @brief Extracts the sub number of a version made with FLEXIO_DEV_VER().
 * @param ver The encoded version.
 * @return The sub number.
 * @since 24.10
 */
#define FLEXIO_DEV_VER_SUB(ver) ((ver) & 0xFFFFULL)

/**
 * @brief Selects "the newest this library serves": FLEXIO_DEV_CURRENT_VERSION.
 * @since 24.10
 */
#define FLEXIO_DEV_VER_LATEST FLEXIO_DEV_VER(0xFF, 0xFF, 0xFFFF)

/**
 * @brief The newest device API version served (the host's FLEXIO_CURRENT_VERSION).
 * @since 24.10
 */
#define FLEXIO_DEV_CURRENT_VERSION FLEXIO_DEV_VER(26, 4, 0)

/**
 * @brief The oldest device API version still served: the start of the older (23.x) API.
 * Selecting it compiles with a "will be removed" warning; older versions are an error.
 * @since 24.10
 */
#define FLEXIO_DEV_LAST_SUPPORTED_VERSION FLEXIO_DEV_VER(23, 0, 0)

/**
 * @brief The version under which the older device API is documented; any 23.x selects it.
 * @since 24.10
 */
#define FLEXIO_DEV_OLDER_EDITION_VERSION FLEXIO_DEV_VER(23, 4, 0)

/**
 * @brief The first version of the NVIDIA 24.01 .. 24.07 device API (24.0).
 * @since 24.10
 */
#define FLEXIO_DEV_NV2401_FIRST_VERSION FLEXIO_DEV_VER(24, 0, 0)
/** @brief The first version of the current device API (24.10: NVIDIA 25.1's). @since 24.10 */
#define FLEXIO_DEV_CURRENT_EDITION_FIRST_VERSION FLEXIO_DEV_VER(24, 10, 0)
/** @brief The first version of the 26.x release (the 26.x names). @since 24.10 */
#define FLEXIO_DEV_RELEASE_26_FIRST_VERSION FLEXIO_DEV_VER(26, 0, 0)

#endif /* OPENFLEXIO_FLEXIO_DEV_VER_H */
