/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers; no NVIDIA header text.
 */

/**
 * @file doca_common_defines.h
 * @brief Branch-prediction hints.
 */
#ifndef OPENDOCA_DOCA_COMMON_DEFINES_H
#define OPENDOCA_DOCA_COMMON_DEFINES_H

/** Tells the compiler that x is most likely true. */
#define doca_likely(x) __builtin_expect(!!(x), 1)
/** Tells the compiler that x is most likely false. */
#define doca_unlikely(x) __builtin_expect(!!(x), 0)

#endif /* OPENDOCA_DOCA_COMMON_DEFINES_H */
