/**
 * @file
 * @brief OpenFlexIO — big-endian types and byte-order conversion for device code.
 *
 * NIC data structures (CQEs, EQEs, WQE segments, doorbell records) are
 * big-endian; the DPA is little-endian RV64.  This header provides the
 * __be16 / __be32 / __be64 types of the queue layouts and the usual
 * cpu_to_be* / be*_to_cpu conversions.
 *
 * On Linux hosts (simulator, unit tests) the __be* types come from
 * <linux/types.h> so that both headers can be used in one translation unit; in
 * the freestanding DPA build they are plain unsigned integer typedefs.  The
 * conversion macros are defined only when not already defined (rdma-core and
 * user code sometimes provide their own).
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_ENDIANITY_H
#define OPENFLEXIO_FLEXIO_DEV_ENDIANITY_H

#include <stdint.h>

#if defined(__linux__) && defined(__has_include)
#if __has_include(<linux/types.h>)
#include <linux/types.h>
#define OPENFLEXIO_HAVE_LINUX_BE_TYPES 1
#endif
#endif

#ifndef OPENFLEXIO_HAVE_LINUX_BE_TYPES
#ifndef OPENFLEXIO_BE_TYPES_DEFINED
#define OPENFLEXIO_BE_TYPES_DEFINED 1 /**< Internal: the __be types are defined (by this header). */
/**
 * @brief A 16-bit big-endian value.
 * @since 24.01
 */
typedef uint16_t __be16;
/**
 * @brief A 32-bit big-endian value.
 * @since 24.01
 */
typedef uint32_t __be32;
/**
 * @brief A 64-bit big-endian value.
 * @since 24.01
 */
typedef uint64_t __be64;
#endif
#endif

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "libflexio-dev: the DPA (and every supported host) is little-endian"
#endif

#ifndef cpu_to_be16
/**
 * @brief Converts a CPU-order 16-bit value to big-endian.
 * @param x The value.
 * @return The value in big-endian order.
 * @since 24.01
 */
#define cpu_to_be16(x) ((__be16)__builtin_bswap16((uint16_t)(x)))
#endif
#ifndef be16_to_cpu
/**
 * @brief Converts a big-endian 16-bit value to CPU order.
 * @param x The value.
 * @return The value in CPU order.
 * @since 24.01
 */
#define be16_to_cpu(x) ((uint16_t)__builtin_bswap16((uint16_t)(x)))
#endif
#ifndef cpu_to_be32
/**
 * @brief Converts a CPU-order 32-bit value to big-endian.
 * @param x The value.
 * @return The value in big-endian order.
 * @since 24.01
 */
#define cpu_to_be32(x) ((__be32)__builtin_bswap32((uint32_t)(x)))
#endif
#ifndef be32_to_cpu
/**
 * @brief Converts a big-endian 32-bit value to CPU order.
 * @param x The value.
 * @return The value in CPU order.
 * @since 24.01
 */
#define be32_to_cpu(x) ((uint32_t)__builtin_bswap32((uint32_t)(x)))
#endif
#ifndef cpu_to_be64
/**
 * @brief Converts a CPU-order 64-bit value to big-endian.
 * @param x The value.
 * @return The value in big-endian order.
 * @since 24.01
 */
#define cpu_to_be64(x) ((__be64)__builtin_bswap64((uint64_t)(x)))
#endif
#ifndef be64_to_cpu
/**
 * @brief Converts a big-endian 64-bit value to CPU order.
 * @param x The value.
 * @return The value in CPU order.
 * @since 24.01
 */
#define be64_to_cpu(x) ((uint64_t)__builtin_bswap64((uint64_t)(x)))
#endif

/* Little-endian values need no conversion on the DPA. */
#ifndef cpu_to_le16
/**
 * @brief Converts a CPU-order 16-bit value to little-endian (no-op on the little-endian DPA).
 * @param x The value.
 * @return The value in little-endian order.
 * @since 24.01
 */
#define cpu_to_le16(x) (x)
#endif
#ifndef le16_to_cpu
/**
 * @brief Converts a little-endian 16-bit value to CPU order (no-op on the little-endian DPA).
 * @param x The value.
 * @return The value in CPU order.
 * @since 24.01
 */
#define le16_to_cpu(x) (x)
#endif
#ifndef cpu_to_le32
/**
 * @brief Converts a CPU-order 32-bit value to little-endian (no-op on the little-endian DPA).
 * @param x The value.
 * @return The value in little-endian order.
 * @since 24.01
 */
#define cpu_to_le32(x) (x)
#endif
#ifndef le32_to_cpu
/**
 * @brief Converts a little-endian 32-bit value to CPU order (no-op on the little-endian DPA).
 * @param x The value.
 * @return The value in CPU order.
 * @since 24.01
 */
#define le32_to_cpu(x) (x)
#endif
#ifndef cpu_to_le64
/**
 * @brief Converts a CPU-order 64-bit value to little-endian (no-op on the little-endian DPA).
 * @param x The value.
 * @return The value in little-endian order.
 * @since 24.01
 */
#define cpu_to_le64(x) (x)
#endif
#ifndef le64_to_cpu
/**
 * @brief Converts a little-endian 64-bit value to CPU order (no-op on the little-endian DPA).
 * @param x The value.
 * @return The value in CPU order.
 * @since 24.01
 */
#define le64_to_cpu(x) (x)
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_ENDIANITY_H */
