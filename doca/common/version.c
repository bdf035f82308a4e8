/* The run-time DOCA version (doca_version.h). */
#include "doca_version.h"

/*
 * The libraries serve every release up to the newest the headers know: they report that one. A
 * program compares it with doca_version() (its compile-time release) to tell which it runs on.
 */
const char *doca_version_runtime(void)
{
	return DOCA_VERSION_STRING;
}
