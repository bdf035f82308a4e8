/* Built for DOCA 2.2: its doca_log call is 2.2's, four arguments before the format. */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <doca_log.h>

DOCA_LOG_REGISTER(CALLER_2_2);

int caller_2_2(void)
{
	DOCA_LOG_INFO("from a 2.2 object");
	return __LINE__ - 1;
}
