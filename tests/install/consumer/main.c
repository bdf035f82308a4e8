/* A program built against the installed OpenFlexIO, the way users build theirs. */
#include <libflexio/flexio.h>

#include <stdio.h>

int main(void)
{
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
		return 1;
	printf("installed libflexio serves FLEXIO_VER %llu.%llu\n", FLEXIO_VER_MAJOR(FLEXIO_CURRENT_VERSION),
	       FLEXIO_VER_MINOR(FLEXIO_CURRENT_VERSION));
	return 0;
}
