/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers; no NVIDIA header text.
 */

/**
 * @file doca_config.h
 * @brief Build configuration of the DOCA headers.
 */
#ifndef OPENDOCA_DOCA_CONFIG_H
#define OPENDOCA_DOCA_CONFIG_H

#include "doca_build_config.h"

/** The headers provide the compatibility helpers (DOCA_STRUCT_* in doca_compat.h). */
#define DOCA_COMPAT_HELPERS

#endif /* OPENDOCA_DOCA_CONFIG_H */
