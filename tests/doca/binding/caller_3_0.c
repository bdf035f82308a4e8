/* Built for DOCA 3.0: its doca_log call is 3.0's, with the file and the function. */
#define DOCA_VER_USED DOCA_VER(3, 0, 58)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <doca_log.h>

DOCA_LOG_REGISTER(CALLER_3_0);

int caller_3_0(void)
{
	DOCA_LOG_INFO("from a 3.0 object");
	return __LINE__ - 1;
}
