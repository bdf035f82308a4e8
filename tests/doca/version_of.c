/*
 * doca_version() and the version macros of the release this unit is compiled for (the test builds
 * it once per release, DOCA_VER_USED and VERSION_OF set by the build).
 */
#include <string.h>

#include <doca_version.h>

#include "version_of.h"

int VERSION_OF(const char **compiled)
{
	*compiled = doca_version();
#if OPENDOCA_REL <= 25
	/* 2.2 and 1.x spell the numbers DOCA_VER_*; the current version compares equal to itself. */
	return DOCA_VERSION_EQ_CURRENT(DOCA_VER_MAJOR, DOCA_VER_MINOR, DOCA_VER_PATCH) &&
	       DOCA_VERSION_LTE_CURRENT(DOCA_VER_MAJOR, DOCA_VER_MINOR, 0) &&
	       !DOCA_VERSION_LTE_CURRENT(DOCA_VER_MAJOR + 1, 0, 0) && strcmp(DOCA_VER_STRING, *compiled) == 0;
#else
	return DOCA_VERSION_EQ_CURRENT(DOCA_VERSION_MAJOR, DOCA_VERSION_MINOR, DOCA_VERSION_PATCH) &&
	       DOCA_VERSION_LTE_CURRENT(DOCA_VERSION_MAJOR, DOCA_VERSION_MINOR, 0) &&
	       !DOCA_VERSION_LTE_CURRENT(DOCA_VERSION_MAJOR + 1, 0, 0) && strcmp(DOCA_VERSION_STRING, *compiled) == 0;
#endif
}
