/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_compat.h
 * @brief Stability markers of the DOCA API, the struct-version helpers, and the release selection.
 *
 * Every DOCA function carries a marker, as NVIDIA's headers mark them:
 *   - DOCA_STABLE (2.5 and later; DOCA_EXPORTED in 2.2 and 1.x): part of the stable API;
 *   - DOCA_EXPERIMENTAL (__DOCA_EXPERIMENTAL in 2.2 and 1.x): may change in a later release.
 *     Calling one warns ("Symbol is defined as experimental", a deprecation warning) unless the
 *     program defines DOCA_ALLOW_EXPERIMENTAL_API, as NVIDIA's samples do; its code lives in the
 *     .text.experimental section of the library and its symbol in the DOCA_EXPERIMENTAL version
 *     node;
 *   - DOCA_DEPRECATED (2.5 and later): to be removed; calling one warns.
 */
#ifndef OPENDOCA_DOCA_COMPAT_H
#define OPENDOCA_DOCA_COMPAT_H

#include <stdint.h>
#include <string.h>

#include "doca_config.h"
#include "doca_release.h"

/* Internal: the visibility every DOCA function has (the libraries hide everything else). */
#define OPENDOCA_EXPORTED_ __attribute__((visibility("default")))

/*
 * Internal: the experimental marker. The section stays when DOCA_ALLOW_EXPERIMENTAL_API lifts the
 * warning: on a declaration it changes nothing for a caller, and the library's definitions take
 * it from their declarations.
 */
#ifdef DOCA_ALLOW_EXPERIMENTAL_API
#define OPENDOCA_EXPERIMENTAL_ __attribute__((section(".text.experimental"))) OPENDOCA_EXPORTED_
#else
#define OPENDOCA_EXPERIMENTAL_                                                                          \
	__attribute__((deprecated("Symbol is defined as experimental"), section(".text.experimental"))) \
	OPENDOCA_EXPORTED_
#endif

#if OPENDOCA_REL <= 22
/** Marks a function of the DOCA API (2.2 and 1.x). */
#define DOCA_EXPORTED OPENDOCA_EXPORTED_
/** Marks a function that may still change (2.2 and 1.x); see DOCA_ALLOW_EXPERIMENTAL_API. */
#define __DOCA_EXPERIMENTAL OPENDOCA_EXPERIMENTAL_
#else
/** Marks a function of the stable DOCA API. */
#define DOCA_STABLE OPENDOCA_EXPORTED_
/** Marks a function that may still change; see DOCA_ALLOW_EXPERIMENTAL_API. */
#define DOCA_EXPERIMENTAL OPENDOCA_EXPERIMENTAL_
/** Marks a function to be removed: calling it warns. */
#define DOCA_DEPRECATED __attribute__((deprecated)) OPENDOCA_EXPORTED_
#endif

/**
 * Internal: binds a declaration to the symbol of an older form of a function (see doca_release.h).
 * An asm label names the exported symbol the calls reach, in every C and C++ compiler, with or
 * without LTO, and in static links; a .symver directive would not (GCC's LTO partitions lose it).
 */
#define OPENDOCA_FORM(symbol) __asm__(#symbol)

/** Marks a function or variable as used, so that the compiler keeps it. */
#define DOCA_USED __attribute__((used))

/*
 * Versioned structures: a structure whose first member is DOCA_STRUCT_START carries the DOCA
 * version the program was built with, so that a library can tell the layouts of releases apart.
 */
/** The first member of a versioned structure. */
#define DOCA_STRUCT_START uint32_t __doca_api_version
/** Starts the initialiser list of a versioned structure: its version. */
#define DOCA_STRUCT_CTOR_LIST_START .__doca_api_version = (uint32_t)OPENDOCA_VER
/** Initialises versioned structure _X_ (a declarator): `struct s DOCA_STRUCT_CTOR(v);`. */
#define DOCA_STRUCT_CTOR(_X_) _X_ = { DOCA_STRUCT_CTOR_LIST_START }
/** Zeroes versioned structure _X_ (an lvalue) and sets its version. */
#define DOCA_STRUCT_MEMSET_CTOR(_X_)                               \
	do {                                                       \
		memset(&(_X_), 0, sizeof(_X_));                    \
		(_X_).__doca_api_version = (uint32_t)OPENDOCA_VER; \
	} while (0)
/** Sets the version of the versioned structure _X_ points to. */
#define DOCA_STRUCT_PTR_CTOR(_X_) ((_X_)->__doca_api_version = (uint32_t)OPENDOCA_VER)
/** Zeroes the versioned structure _X_ points to and sets its version. */
#define DOCA_STRUCT_PTR_MEMSET_CTOR(_X_)                            \
	do {                                                        \
		memset((_X_), 0, sizeof(*(_X_)));                   \
		(_X_)->__doca_api_version = (uint32_t)OPENDOCA_VER; \
	} while (0)
/** The version the versioned structure _X_ points to was built with. */
#define DOCA_STRUCT_GET_VERSION(_X_) ((_X_)->__doca_api_version)
#if OPENDOCA_REL >= 30
/** Defines variable _name_ of versioned structure type _type_, initialised. */
#define DOCA_STRUCT_DEF(_type_, _name_) _type_ DOCA_STRUCT_CTOR(_name_)
#endif

/* The version macros: doca_version.h needs the markers above, so it comes last. */
#include "doca_version.h"

#endif /* OPENDOCA_DOCA_COMPAT_H */
