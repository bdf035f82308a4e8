/*
 * Debug traces (flexio_dev_debug.h): NVIDIA's simulator writes them to its log; here they go to
 * the host's default message stream at FLEXIO_MSG_DEV_ALWAYS_PRINT, where the simulated DPA's
 * output appears. And the device side of tracer-mode streams (flexio_dev_tracer.h): the host
 * library creates no tracer-mode stream yet, so there is no tracer and the calls do nothing.
 */
#include <stdarg.h>

#include <libflexio-dev/flexio_dev_debug.h>
#include <libflexio-dev/flexio_dev_tracer.h>

#include "runtime.h"

static void debug_msg(const char *format, ...) __attribute__((format(printf, 1, 2)));

static void debug_msg(const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	dev_msg_va(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, FLEXIO_MSG_DEV_ALWAYS_PRINT, format, ap);
	va_end(ap);
}

void print_sim_str(const char *str, int len)
{
	if (str && len > 0)
		debug_msg("%.*s", len, str);
}

/* The last `len` digits of val in base `base` (at least one digit). */
static void print_digits(uint64_t val, int len, unsigned base, bool negative)
{
	char digits[24];
	int n = 0;

	if (len <= 0)
		return;
	do {
		digits[sizeof(digits) - 1 - (size_t)n] = "0123456789abcdef"[val % base];
		val /= base;
		n++;
	} while (val && n < len && n < (int)sizeof(digits) - 1);
	if (negative)
		debug_msg("-%.*s", n, &digits[sizeof(digits) - (size_t)n]);
	else
		debug_msg("%.*s", n, &digits[sizeof(digits) - (size_t)n]);
}

void print_sim_hex(uint64_t val, int len)
{
	print_digits(val, len, 16, false);
}

void print_sim_int(int val, int len)
{
	print_digits(val < 0 ? (uint64_t)0 - (uint64_t)(int64_t)val : (uint64_t)val, len, 10, val < 0);
}

void print_sim_putc(int val)
{
	debug_msg("%c", val);
}

void sim_trace(const char *text, uint64_t val, const char *func, int line)
{
	debug_msg("%s:%d: %s = 0x%llx\n", func ? func : "?", line, text ? text : "", (unsigned long long)val);
}

struct flexio_dev_process_tracer_ctx *g_dev_p_tracer_ctx;

void flexio_dev_tracer_flush(uint8_t tracer_id)
{
	(void)tracer_id;
}

void flexio_dev_tracer_notify_host(uint8_t tracer_id, uint32_t num_msg)
{
	(void)tracer_id;
	(void)num_msg;
}
