/*
 * A program built through a release's pkg-config directory alone: prints the release its headers
 * selected (doca_version) and the libraries' (doca_version_runtime), and logs through its source.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API
#include <stdio.h>

#include <doca_log.h>
#include <doca_version.h>

DOCA_LOG_REGISTER(CONSUMER);

int main(void)
{
	printf("compiled %s runtime %s\n", doca_version(), doca_version_runtime());
	return 0;
}
