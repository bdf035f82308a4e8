/* 2.5's spelling of the buffer backends (2.6 renamed them doca_log_backend_create_with_buf*). */
#define DOCA_VER_USED DOCA_VER(2, 5, 108)

#include "doca_log.h"

#include "common.h"
#include "private.h"

static doca_error_t create(unsigned audience, char *buffer, size_t capacity, log_flush_callback handler,
			   struct doca_log_backend **backend, const char *func)
{
	struct opendoca_log_sink sink = {
		.kind = OPENDOCA_SINK_BUFFER, .buffer = buffer, .capacity = capacity, .flush = handler
	};

	if (!backend)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "backend is NULL");
	return opendoca_log_backend_create(&sink, audience, (void **)backend, func);
}

doca_error_t doca_log_backend_create_with_buffer(char *buffer, size_t capacity, log_flush_callback handler,
						 struct doca_log_backend **backend)
{
	return create(OPENDOCA_LOG_PROGRAM, buffer, capacity, handler, backend, __func__);
}

doca_error_t doca_log_backend_create_with_buffer_sdk(char *buffer, size_t capacity, log_flush_callback handler,
						     struct doca_log_backend **backend)
{
	return create(OPENDOCA_LOG_SDK, buffer, capacity, handler, backend, __func__);
}
