/* A 2.2 program's logging calls: doca_log binds to its 2.2 form (doca_log_v2_2). */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <doca_log.h>

#include "log_2_2.h"

DOCA_LOG_REGISTER(OLD_RELEASE);

int log_2_2_line;

int log_2_2_file_backend(FILE *file)
{
	struct doca_logger_backend *backend;

	return doca_log_create_file_backend(file, &backend);
}

void log_2_2_info(const char *text)
{
	log_2_2_line = __LINE__ + 1;
	DOCA_LOG_INFO("%s", text);
}

void log_2_2_burst(int count, unsigned quantity)
{
	doca_log_set_quantity((uint16_t)quantity);
	doca_log_set_bucket_time(3600); /* one period for the whole burst */
	for (int i = 0; i < count; i++)
		DOCA_LOG_RATE_LIMIT_INFO("burst %d", i);
}
