/*
 * Messages to the host: the text is formatted here with the libc's vsnprintf and sent with one
 * ecall (DPA_ECALL_MSG), so concurrent messages never interleave.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "runtime.h"

/* Stream ids are what the host's flexio_msg_stream_get_id returns, or the broadcast id. */
#define DEV_STREAM_ID_MAX FLEXIO_MSG_DEV_BROADCAST_STREAM

static int msg_send(int stream_id, int level, const char *text, size_t len)
{
	uint64_t result;

	/* A message at NO_PRINT is formatted (for the return value) and shown nowhere. */
	if (level == FLEXIO_MSG_DEV_NO_PRINT)
		return 0;
	result = dev_ecall4(DPA_ECALL_MSG, (uint64_t)stream_id, (uint64_t)level, (uint64_t)(uintptr_t)text, len);
	return dev_status_of(result) == FLEXIO_DEV_STATUS_SUCCESS ? 0 : -1;
}

int dev_msg_va(int stream_id, int level, const char *format, va_list ap)
{
	char text[DPA_MSG_MAX_LEN];
	int len;

	if (!format || stream_id < 0 || stream_id > DEV_STREAM_ID_MAX || level < FLEXIO_MSG_DEV_NO_PRINT ||
	    level > FLEXIO_MSG_DEV_DEBUG) {
		dev_set_errno(EINVAL);
		return -1;
	}
	len = vsnprintf(text, sizeof(text), format, ap);
	if (len < 0)
		return len;
	/* Longer texts are cut at the message size; the result is still what printf would return. */
	if (msg_send(stream_id, level, text, (size_t)len < sizeof(text) ? (size_t)len : sizeof(text) - 1))
		return -1;
	return len;
}

int flexio_dev_msg(int stream_id, flexio_msg_dev_level level, const char *format, ...)
{
	va_list ap;
	int len;

	va_start(ap, format);
	len = dev_msg_va(stream_id, (int)level, format, ap);
	va_end(ap);
	return len;
}

int flexio_dev_puts(struct flexio_dev_thread_ctx *dtctx, char *str)
{
	size_t len;

	if (!dev_ctx_is_current(dtctx) || !str) {
		dev_set_errno(EINVAL);
		return -1;
	}
	len = strlen(str);
	if (len && msg_send(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, FLEXIO_MSG_DEV_INFO, str, len))
		return -1;
	return (int)len;
}
