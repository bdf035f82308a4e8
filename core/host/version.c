/* API version negotiation (flexio_version_set) and the library's own version. */
#include "log.h"

#include "layouts.h" /* after log.h: it needs <libflexio/flexio.h> */

#include <stdatomic.h>

static _Atomic uint64_t version_in_use;    /* 0 until flexio_version_set succeeds */
static _Atomic uint64_t version_announced; /* the oldest flexio_version_announce gave, 0 if none */

#define VER_ARGS(v) (unsigned)FLEXIO_VER_MAJOR(v), (unsigned)FLEXIO_VER_MINOR(v), (unsigned)FLEXIO_VER_SUB(v)

FLEXIO_STABLE flexio_status flexio_version_set(uint64_t version)
{
	uint64_t expected = 0;

	if (version == FLEXIO_VER_LATEST)
		version = FLEXIO_CURRENT_VERSION;
	if (version >> 32) {
		flexio_err("version 0x%llx is not a FLEXIO_VER(major, minor, sub) value", (unsigned long long)version);
		return FLEXIO_STATUS_FAILED;
	}
	if (version > FLEXIO_CURRENT_VERSION) {
		flexio_err("version %u.%u.%u is newer than FLEXIO_CURRENT_VERSION %u.%u.%u", VER_ARGS(version),
			   VER_ARGS(FLEXIO_CURRENT_VERSION));
		return FLEXIO_STATUS_FAILED;
	}
	if (version < FLEXIO_LAST_SUPPORTED_VERSION) {
		flexio_err("version %u.%u.%u is older than FLEXIO_LAST_SUPPORTED_VERSION %u.%u.%u", VER_ARGS(version),
			   VER_ARGS(FLEXIO_LAST_SUPPORTED_VERSION));
		return FLEXIO_STATUS_FAILED;
	}
	if (atomic_compare_exchange_strong(&version_in_use, &expected, version) || expected == version)
		return FLEXIO_STATUS_SUCCESS;
	flexio_err("version already set to %u.%u.%u; cannot change it to %u.%u.%u", VER_ARGS(expected),
		   VER_ARGS(version));
	return FLEXIO_STATUS_FAILED;
}

FLEXIO_EXPERIMENTAL void flexio_version_announce(uint64_t version)
{
	uint64_t seen = atomic_load(&version_announced);

	if (version == FLEXIO_VER_LATEST)
		version = FLEXIO_CURRENT_VERSION;
	/* A constructor calls it before main: nothing to tell a caller, so a version not served
	 * is dropped (the header's own FLEXIO_VER_USED checks refuse those at compile time). */
	if (version < FLEXIO_LAST_SUPPORTED_VERSION || version > FLEXIO_CURRENT_VERSION)
		return;
	/* The oldest wins: from 24.10 on, an older layout read from a newer structure only misses
	 * its last fields (23.x/24.x units mixed with later ones cannot all be read right: flexio.h). */
	while ((!seen || version < seen) && !atomic_compare_exchange_weak(&version_announced, &seen, version))
		;
}

FLEXIO_EXPERIMENTAL uint64_t flexio_version_get(uint64_t *set_version)
{
	if (set_version)
		*set_version = atomic_load(&version_in_use);
	return FLEXIO_CURRENT_VERSION;
}

uint64_t layouts_version(void)
{
	uint64_t version = atomic_load_explicit(&version_in_use, memory_order_relaxed);

	if (!version)
		version = atomic_load_explicit(&version_announced, memory_order_relaxed);
	return version ? version : FLEXIO_VER(24, 1, 0);
}
