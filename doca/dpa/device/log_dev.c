/*
 * Printing from DPA code: doca_dpa_dev_printf (2.2, 2.5), doca_dpa_dev_log and the
 * DOCA_DPA_DEV_LOG_* macros (2.6 on), doca_dpa_dev_trace. The text is formatted here and sent as
 * one FlexIO message on the context's stream (which libdoca_dpa opens on the program's stdout, or
 * on the file of doca_dpa_log_file_set_path / doca_dpa_trace_file_set_path), so lines of
 * concurrent threads never interleave. A log line below the context's level
 * (doca_dpa_set_log_level) is not sent.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

#include "dev_internal.h"
#include "doca_dpa_dev.h"

/* FlexIO's message size: longer texts are cut. */
#define LINE_MAX_LEN 512

static void send_text(uint32_t stream_id, const char *format, va_list ap)
{
	char text[LINE_MAX_LEN];

	vsnprintf(text, sizeof(text), format, ap);
	flexio_dev_msg((int)stream_id, FLEXIO_MSG_DEV_ALWAYS_PRINT, "%s", text);
}

static const struct opendoca_dpa_dev_context *context(void)
{
	const struct opendoca_dpa_dev_context *ctx = opendoca_dev_context();

	if (!ctx)
		flexio_dev_error(OPENDOCA_DPA_DEV_ERROR_NO_CONTEXT);
	return ctx;
}

void doca_dpa_dev_printf(const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	send_text(context()->stream_id, format, ap);
	va_end(ap);
}

void doca_dpa_dev_log(doca_dpa_dev_log_level_t log_level, const char *format, ...)
{
	const struct opendoca_dpa_dev_context *ctx = context();
	va_list ap;

	/* Levels grow with verbosity (DISABLE 10 ... DEBUG 60): a line shows up to the set level. */
	if ((uint32_t)log_level > ctx->log_level)
		return;
	va_start(ap, format);
	send_text(ctx->stream_id, format, ap);
	va_end(ap);
}

static void trace_line(const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	send_text(context()->trace_stream_id, format, ap);
	va_end(ap);
}

void doca_dpa_dev_trace(uint64_t arg1, uint64_t arg2, uint64_t arg3, uint64_t arg4, uint64_t arg5)
{
	trace_line("thread %u: %#llx %#llx %#llx %#llx %#llx\n", doca_dpa_dev_thread_rank(), (unsigned long long)arg1,
		   (unsigned long long)arg2, (unsigned long long)arg3, (unsigned long long)arg4,
		   (unsigned long long)arg5);
}

/* Trace records are sent as they are made: nothing is buffered on the device. */
void doca_dpa_dev_trace_flush(void)
{
}
