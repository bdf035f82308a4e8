/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts); no NVIDIA
 * header text.
 */

/**
 * @file doca_dpa_common.h
 * @brief What host and device code of DOCA DPA share: the levels of the device's log lines.
 *
 * NVIDIA's 2.6 has this header; its 3.0 declares the same enumeration in doca_dpa.h and in
 * doca_dpa_dev.h. Here both include this one, so that a source including both (a header of
 * structures shared by host and device code) sees one definition. It includes nothing of the host:
 * device code (riscv64, picolibc) includes it too.
 */
#ifndef OPENDOCA_DOCA_DPA_COMMON_H
#define OPENDOCA_DOCA_DPA_COMMON_H

#include "doca_release.h"

#ifdef __cplusplus
extern "C" {
#endif

#if OPENDOCA_REL >= 26
/** Levels of the log lines of device code (doca_dpa_dev_log), set on the host by doca_dpa_set_log_level. */
enum doca_dpa_dev_log_level {
	DOCA_DPA_DEV_LOG_LEVEL_DISABLE = 10, /**< no line */
#if OPENDOCA_REL <= 26
	DOCA_DPA_DEV_LOG_LEVEL_CRIT = 20, /**< critical errors (2.6) */
#endif
	DOCA_DPA_DEV_LOG_LEVEL_ERROR = 30,   /**< errors */
	DOCA_DPA_DEV_LOG_LEVEL_WARNING = 40, /**< warnings */
	DOCA_DPA_DEV_LOG_LEVEL_INFO = 50,    /**< information */
	DOCA_DPA_DEV_LOG_LEVEL_DEBUG = 60,   /**< debugging */
};

/** A level of the device's log lines. */
typedef enum doca_dpa_dev_log_level doca_dpa_dev_log_level_t;
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_DPA_COMMON_H */
