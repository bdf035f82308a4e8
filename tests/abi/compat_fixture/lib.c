/* A miniature stable library for the ABI-compatibility check (see fixture.h). */
#include "fixture.h"

__attribute__((visibility("default"))) int fixture_get(const struct fixture_attr *attr)
{
	return (int)attr->value;
}

#if CHANGE == 1
__attribute__((visibility("default"))) int fixture_added(void)
{
	return 1;
}
#endif

#if CHANGE != 3
__attribute__((visibility("default"))) int fixture_removed_later(void)
{
	return 2;
}
#endif
