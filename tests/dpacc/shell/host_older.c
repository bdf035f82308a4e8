/* A host program of the older edition: reaches the application through dpacc's APP variable. */
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#include <stdio.h>

#include <libflexio/flexio.h>

extern struct flexio_app *shell_app;

int main(void)
{
	uint64_t elf[2];

	if (!shell_app || flexio_app_get_elf(shell_app, elf, sizeof(elf)) == FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "shell_app is not registered (or its ELF is 16 bytes)\n");
		return 1;
	}
	printf("older edition: shell_app registered\n");
	return 0;
}
