/* flexio-info: what this OpenFlexIO library is and which FlexIO API editions it serves. */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <stdio.h>

static void print_version(const char *label, uint64_t v)
{
	printf("%s%llu.%llu.%llu\n", label, FLEXIO_VER_MAJOR(v), FLEXIO_VER_MINOR(v), FLEXIO_VER_SUB(v));
}

int main(void)
{
	uint64_t library = flexio_version_get(NULL);

	printf("OpenFlexIO libflexio.so.1: the FlexIO SDK API on a simulated BlueField-3 DPA\n");
	print_version("API version (FLEXIO_CURRENT_VERSION): ", library);
	printf("API editions served:\n");
	print_version("  older edition   (DOCA Driver APIs manual, FlexIO <= 24.07): from ",
		      FLEXIO_LAST_SUPPORTED_VERSION);
	print_version("  current edition (FlexIO SDK API Reference Manual):          from ",
		      FLEXIO_CURRENT_EDITION_FIRST_VERSION);
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
		return 1;
	print_version("This program uses: ", FLEXIO_VER_USED);
	return 0;
}
