/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers; no NVIDIA header text.
 */

/**
 * @file doca_build_config.h
 * @brief The platform a DOCA program is built for.
 *
 * DOCA_ARCH_HOST: a host (the default here: the simulated device is driven from the host),
 * DOCA_ARCH_DPU: the BlueField's Arm cores — a program selects it by defining OPENDOCA_ARCH_DPU,
 * to build the DPU side of a sample, which then runs against the simulated device too.
 * DOCA_ARCH_X86 / DOCA_ARCH_ARM: the processor.
 */
#ifndef OPENDOCA_DOCA_BUILD_CONFIG_H
#define OPENDOCA_DOCA_BUILD_CONFIG_H

#include "doca_release.h"

#ifdef OPENDOCA_ARCH_DPU
/** Built for the DPU's cores. */
#define DOCA_ARCH_DPU
#else
/** Built for a host. */
#define DOCA_ARCH_HOST
#endif

#if defined(__x86_64__) || defined(__i386__)
/** Built for an x86 processor. */
#define DOCA_ARCH_X86
#elif defined(__aarch64__) || defined(__arm__)
/** Built for an Arm processor. */
#define DOCA_ARCH_ARM
#endif

#if OPENDOCA_REL >= 30
/** The BlueField-2 DPU generation (a name 3.0 and later define on every platform). */
#define DOCA_ARCH_DPU_BF2
#endif

#endif /* OPENDOCA_DOCA_BUILD_CONFIG_H */
