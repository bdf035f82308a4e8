/**
 * @file
 * OpenFlexIO — API versions of the host library: the version macros and the
 * releases this library serves.
 *
 * A program chooses the release of the FlexIO API it was written for by
 * defining FLEXIO_VER_USED, before or after including this header but before
 * <libflexio/flexio.h>:
 *
 *     #include <libflexio/flexio_ver.h>
 *     #define FLEXIO_VER_USED FLEXIO_VER(24, 7, 0)   // NVIDIA's usual pattern
 *     #include <libflexio/flexio.h>
 *
 * This header only defines macros and never defines FLEXIO_VER_USED itself:
 * <libflexio/flexio.h> resolves it (left undefined, or FLEXIO_VER_LATEST, it
 * means FLEXIO_CURRENT_VERSION).  The version is then announced to the
 * library at run time with flexio_version_set(FLEXIO_VER_USED), which tells
 * it the structure layouts the program uses.
 *
 * A build can choose the release of sources that define no FLEXIO_VER_USED
 * (NVIDIA's 24.01 headers had no version macros, so programs of that time
 * select nothing) without editing them: FLEXIO_VER_DEFAULT, defined on the
 * command line, replaces FLEXIO_CURRENT_VERSION as the default.  A source that
 * defines FLEXIO_VER_USED keeps its own choice, with no redefinition warning.
 * The per-release pkg-config directories (PREFIX/lib/pkgconfig/flexio-24.01,
 * ...) and the CMake package's FLEXIO_RELEASE add it (docs/releases.md).
 *
 * Releases served (each from its first version up to the next release's):
 *   FLEXIO_VER(23, 0, 0) .. (23, x, x)   the older API of the DOCA Driver APIs
 *                                        manual (flexio_print_init,
 *                                        flexio_err_status, ...), documented as
 *                                        FLEXIO_OLDER_EDITION_VERSION (23.4);
 *   FLEXIO_VER(24, 0, 0) .. (24, 9, x)   NVIDIA FlexIO 24.01 .. 24.07;
 *   FLEXIO_VER(24, 10, 0) .. (24, x, x)  the FlexIO SDK API Reference Manual
 *                                        (NVIDIA 24.10), with NVIDIA 25.1's
 *                                        device layouts;
 *   FLEXIO_VER(25, 0, 0) .. (25, x, x)   the same plus NVIDIA 25.1's message-stream
 *                                        transports (struct flexio_msg_stream_attr
 *                                        with transport_mode, the
 *                                        FLEXIO_MSG_DEV_SYNC_MODE_* names);
 *   FLEXIO_VER(26, 0, 0) .. FLEXIO_CURRENT_VERSION   the same plus the 26.x
 *                                        additions.
 */
#ifndef OPENFLEXIO_FLEXIO_VER_H
#define OPENFLEXIO_FLEXIO_VER_H

/** Encodes a version; usable both in C expressions and in \#if (the + 0ULL keeps it unsigned). */
#define FLEXIO_VER(major, minor, sub) \
	((((major) + 0ULL) << 24) | (((minor) + 0ULL) << 16) | ((sub) + 0ULL))

/** Splits a version made with FLEXIO_VER. */
#define FLEXIO_VER_MAJOR(ver) (((ver) >> 24) & 0xFFULL)
#define FLEXIO_VER_MINOR(ver) (((ver) >> 16) & 0xFFULL) /**< the minor number of ver */
#define FLEXIO_VER_SUB(ver) ((ver) & 0xFFFFULL) /**< the sub number of ver */

/** "The newest this library serves": selects FLEXIO_CURRENT_VERSION, here and in flexio_version_set. */
#define FLEXIO_VER_LATEST FLEXIO_VER(0xFF, 0xFF, 0xFFFF)

/**
 * The newest API version this library serves: 26.4, the newest version current
 * programs select (FLEXIO_VER(26, 1, 0) and FLEXIO_VER(26, 4, 0) are both in use).
 */
#define FLEXIO_CURRENT_VERSION FLEXIO_VER(26, 4, 0)

/** The oldest API version still served: the start of the older (23.x) API. */
#define FLEXIO_LAST_SUPPORTED_VERSION FLEXIO_VER(23, 0, 0)

/** The version under which the older API (DOCA Driver APIs manual) is documented; any 23.x selects it. */
#define FLEXIO_OLDER_EDITION_VERSION FLEXIO_VER(23, 4, 0)

/** The first version of each later release. */
#define FLEXIO_NV2401_FIRST_VERSION FLEXIO_VER(24, 0, 0)
#define FLEXIO_CURRENT_EDITION_FIRST_VERSION FLEXIO_VER(24, 10, 0) /**< 24.10: the FlexIO SDK API Reference Manual */
#define FLEXIO_MSG_TRANSPORT_FIRST_VERSION FLEXIO_VER(25, 0, 0) /**< 25.x (NVIDIA 25.1): message-stream transports (transport_mode) and the FLEXIO_MSG_DEV_SYNC_MODE_* names */
#define FLEXIO_RELEASE_26_FIRST_VERSION FLEXIO_VER(26, 0, 0) /**< 26.0: the 26.x additions */

#endif /* OPENFLEXIO_FLEXIO_VER_H */
