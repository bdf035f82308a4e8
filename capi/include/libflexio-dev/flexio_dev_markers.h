/*
 * OpenFlexIO — the markers of the device API: stable and experimental
 * functions, header-inline helpers, compile-time layout checks.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_MARKERS_H
#define OPENFLEXIO_FLEXIO_DEV_MARKERS_H

/** Marks a function of libflexio_dev's stable ABI. */
#define FLEXIO_DEV_STABLE __attribute__((visibility("default"))) __attribute__((used))

/**
 * Marks a function that may still change.  Using it warns ("Symbol is defined
 * as experimental") unless FLEXIO_DEV_ALLOW_EXPERIMENTAL_API is defined; its
 * code lives in section .text.experimental.
 */
#ifdef FLEXIO_DEV_ALLOW_EXPERIMENTAL_API
#define FLEXIO_DEV_EXPERIMENTAL __attribute__((section(".text.experimental"))) FLEXIO_DEV_STABLE
#else
#define FLEXIO_DEV_EXPERIMENTAL                                                              \
	__attribute__((deprecated("Symbol is defined as experimental"),                   \
		       section(".text.experimental"))) FLEXIO_DEV_STABLE
#endif

/** Marks a header-inline device helper (always inlined, no symbol). */
#define FLEXIO_DEV_ALWAYS_INLINE static inline __attribute__((always_inline))

/* Internal: compile-time layout checks in C11 and C++11. */
#ifdef __cplusplus
#define FLEXIO_DEV_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#else
#define FLEXIO_DEV_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_MARKERS_H */
