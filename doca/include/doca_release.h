/*
 * OpenDOCA — the project's own header (NVIDIA's DOCA has no such file).
 */

/**
 * @file doca_release.h
 * @brief The DOCA releases these headers serve, and how a program selects one.
 *
 * NVIDIA's DOCA releases are source-incompatible with each other: the same name takes other
 * parameters (doca_mmap_create(user_data, &mmap) in 2.2, doca_mmap_create(&mmap) in 2.5), types
 * and constants are renamed, the work-queue model of 2.2 gave way to progress engines in 2.5.
 * These headers serve each release exactly; a program selects the release it was written for
 * with DOCA_VER_USED, defined before the first DOCA header (or on the command line, as the
 * per-release pkg-config directories do, see docs/doca-releases.md):
 *
 *     #define DOCA_VER_USED DOCA_VER(2, 2, 0)
 *     #include <doca_mmap.h>
 *
 * DOCA_VER may be used before this header is included (the macro expands only where
 * DOCA_VER_USED is tested). Left undefined, or DOCA_VER_LATEST, it selects the newest release.
 *
 * Releases served — any version of a line selects the line's API:
 *   1.x         the API of the DOCA Core programming guide (1.4): doca_mmap_create(name, ...),
 *               the *_property_get/set calls, doca_mmap_populate, remote devices, work queues;
 *               with the rest of the 2.2 API, its closest documented release;
 *   2.0 - 2.4   2.2.0080 (work queues and jobs);
 *   2.5         2.5.0108 (progress engines and tasks);
 *   2.6         2.6.0058;
 *   2.7 - 2.10  2.6.0058 plus what the 2.9 and 2.10 DOCA samples use (sync event wait_eq, remote PCI);
 *   3.0         3.0.0058;
 *   3.1 - 3.3   3.0.0058 plus what the 3.1 - 3.3 DOCA samples use (the newest, the default).
 *
 * The libraries serve every release at once: a function whose parameters changed is one
 * symbol per form, and each release's header binds the program to its form (doca_compat.h,
 * OPENDOCA_FORM), so a program built for 2.2 keeps running against later libraries.
 */
#ifndef OPENDOCA_DOCA_RELEASE_H
#define OPENDOCA_DOCA_RELEASE_H

/** A DOCA version as a number, usable in C expressions and in \#if. */
#define DOCA_VER(major, minor, patch) ((((major) + 0ULL) << 24) | (((minor) + 0ULL) << 16) | ((patch) + 0ULL))

/** "The newest release these headers serve", as DOCA_VER_USED. */
#define DOCA_VER_LATEST DOCA_VER(0xFF, 0xFF, 0xFFFF)

#ifndef DOCA_VER_USED
#ifdef OPENDOCA_VER_DEFAULT
/* DPA code: the release of the DOCA pkg-config directory dpacc found (its doca_release variable). */
#define DOCA_VER_USED OPENDOCA_VER_DEFAULT
#else
/** The DOCA release the program is written for (default: the newest served). */
#define DOCA_VER_USED DOCA_VER_LATEST
#endif
#endif

/* Internal: the newest and the oldest versions served. */
#define OPENDOCA_VER_NEWEST DOCA_VER(3, 3, 0)
#define OPENDOCA_VER_OLDEST DOCA_VER(1, 0, 0)

/* Internal: the version served (DOCA_VER_LATEST resolved). */
#if DOCA_VER_USED == DOCA_VER_LATEST
#define OPENDOCA_VER OPENDOCA_VER_NEWEST
#else
#define OPENDOCA_VER (DOCA_VER_USED)
#endif

#if OPENDOCA_VER < OPENDOCA_VER_OLDEST
#error "DOCA_VER_USED selects a DOCA release older than 1.0: no such release is served"
#elif OPENDOCA_VER > OPENDOCA_VER_NEWEST
#error "DOCA_VER_USED selects a DOCA release newer than 3.3, the newest these headers serve"
#endif

/*
 * Internal: the API line served, as the headers test it (OPENDOCA_REL >= 25 ...):
 * 14 = 1.x, 22 = 2.0-2.4, 25 = 2.5, 26 = 2.6, 27 = 2.7-2.10, 30 = 3.0, 31 = 3.1-3.3.
 */
#if OPENDOCA_VER < DOCA_VER(2, 0, 0)
#define OPENDOCA_REL 14
#elif OPENDOCA_VER < DOCA_VER(2, 5, 0)
#define OPENDOCA_REL 22
#elif OPENDOCA_VER < DOCA_VER(2, 6, 0)
#define OPENDOCA_REL 25
#elif OPENDOCA_VER < DOCA_VER(2, 7, 0)
#define OPENDOCA_REL 26
#elif OPENDOCA_VER < DOCA_VER(3, 0, 0)
#define OPENDOCA_REL 27
#elif OPENDOCA_VER < DOCA_VER(3, 1, 0)
#define OPENDOCA_REL 30
#else
#define OPENDOCA_REL 31
#endif

#endif /* OPENDOCA_DOCA_RELEASE_H */
