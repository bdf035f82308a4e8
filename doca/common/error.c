/*
 * DOCA error codes: their names and descriptions (doca_error.h), and the per-thread record of the
 * last failure (private.h).
 */
#include "doca_error.h"

#include <stdio.h>

#include "common.h"
#include "doca_log.h"
#include "private.h"

/* What NVIDIA's libraries answer for a code they do not know, name and description alike. */
#define UNRECOGNIZED "unrecognized error code"

struct error_text {
	const char *name;
	const char *descr;
};

/*
 * Every code of every release (3.x adds 28-30 to 2.2's 0-26, 2.5 added 27): the name is the
 * enumerator's, the description the one the DOCA API reference gives each code.
 */
static const struct error_text error_texts[] = {
	[DOCA_SUCCESS] = { "DOCA_SUCCESS", "Success" },
	[DOCA_ERROR_UNKNOWN] = { "DOCA_ERROR_UNKNOWN", "Unknown error" },
	[DOCA_ERROR_NOT_PERMITTED] = { "DOCA_ERROR_NOT_PERMITTED", "Operation not permitted" },
	[DOCA_ERROR_IN_USE] = { "DOCA_ERROR_IN_USE", "Resource already in use" },
	[DOCA_ERROR_NOT_SUPPORTED] = { "DOCA_ERROR_NOT_SUPPORTED", "Operation not supported" },
	[DOCA_ERROR_AGAIN] = { "DOCA_ERROR_AGAIN", "Resource temporarily unavailable, try again" },
	[DOCA_ERROR_INVALID_VALUE] = { "DOCA_ERROR_INVALID_VALUE", "Invalid input" },
	[DOCA_ERROR_NO_MEMORY] = { "DOCA_ERROR_NO_MEMORY", "Memory allocation failure" },
	[DOCA_ERROR_INITIALIZATION] = { "DOCA_ERROR_INITIALIZATION", "Resource initialization failure" },
	[DOCA_ERROR_TIME_OUT] = { "DOCA_ERROR_TIME_OUT", "Timer expired waiting for resource" },
	[DOCA_ERROR_SHUTDOWN] = { "DOCA_ERROR_SHUTDOWN", "Shut down in process or completed" },
	[DOCA_ERROR_CONNECTION_RESET] = { "DOCA_ERROR_CONNECTION_RESET", "Connection reset by peer" },
	[DOCA_ERROR_CONNECTION_ABORTED] = { "DOCA_ERROR_CONNECTION_ABORTED", "Connection aborted" },
	[DOCA_ERROR_CONNECTION_INPROGRESS] = { "DOCA_ERROR_CONNECTION_INPROGRESS", "Connection in progress" },
	[DOCA_ERROR_NOT_CONNECTED] = { "DOCA_ERROR_NOT_CONNECTED", "Not Connected" },
	[DOCA_ERROR_NO_LOCK] = { "DOCA_ERROR_NO_LOCK", "Unable to acquire required lock" },
	[DOCA_ERROR_NOT_FOUND] = { "DOCA_ERROR_NOT_FOUND", "Resource Not Found" },
	[DOCA_ERROR_IO_FAILED] = { "DOCA_ERROR_IO_FAILED", "Input/Output Operation Failed" },
	[DOCA_ERROR_BAD_STATE] = { "DOCA_ERROR_BAD_STATE", "Bad State" },
	[DOCA_ERROR_UNSUPPORTED_VERSION] = { "DOCA_ERROR_UNSUPPORTED_VERSION", "Unsupported version" },
	[DOCA_ERROR_OPERATING_SYSTEM] = { "DOCA_ERROR_OPERATING_SYSTEM", "Operating system call failure" },
	[DOCA_ERROR_DRIVER] = { "DOCA_ERROR_DRIVER", "DOCA Driver call failure" },
	[DOCA_ERROR_UNEXPECTED] = { "DOCA_ERROR_UNEXPECTED", "An unexpected scenario was detected" },
	[DOCA_ERROR_ALREADY_EXIST] = { "DOCA_ERROR_ALREADY_EXIST", "Resource already exist" },
	[DOCA_ERROR_FULL] = { "DOCA_ERROR_FULL", "No more space in resource" },
	[DOCA_ERROR_EMPTY] = { "DOCA_ERROR_EMPTY", "No entry is available in resource" },
	[DOCA_ERROR_IN_PROGRESS] = { "DOCA_ERROR_IN_PROGRESS", "Operation is in progress" },
	[DOCA_ERROR_TOO_BIG] = { "DOCA_ERROR_TOO_BIG", "Requested operation too big to be contained" },
	[DOCA_ERROR_AUTHENTICATION] = { "DOCA_ERROR_AUTHENTICATION", "Authentication failure" },
	[DOCA_ERROR_BAD_CONFIG] = { "DOCA_ERROR_BAD_CONFIG", "Configuration is not valid" },
	[DOCA_ERROR_SKIPPED] = { "DOCA_ERROR_SKIPPED", "Result is valid, but some previous output data was dropped" },
};

static const struct error_text *text_of(doca_error_t error)
{
	/* The code comes from the program: any int, so compare unsigned to refuse negative ones. */
	if ((unsigned)error >= sizeof(error_texts) / sizeof(error_texts[0]))
		return NULL;
	return &error_texts[error];
}

const char *opendoca_error_name(doca_error_t error)
{
	const struct error_text *text = text_of(error);

	return text ? text->name : UNRECOGNIZED;
}

const char *opendoca_error_descr(doca_error_t error)
{
	const struct error_text *text = text_of(error);

	return text ? text->descr : UNRECOGNIZED;
}

const char *doca_error_get_name(doca_error_t error)
{
	return opendoca_error_name(error);
}

const char *doca_error_get_descr(doca_error_t error)
{
	return opendoca_error_descr(error);
}

/* The thread's last failure (opendoca_fail). */
static _Thread_local doca_error_t last_error = DOCA_SUCCESS;
static _Thread_local char last_message[512];

doca_error_t opendoca_fail(doca_error_t err, const char *func, const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	vsnprintf(last_message, sizeof(last_message), format, ap);
	va_end(ap);
	last_error = err;
	opendoca_sdk_log(DOCA_LOG_LEVEL_ERROR, func, "%s", last_message);
	return err;
}

doca_error_t opendoca_last_error(void)
{
	return last_error;
}

const char *opendoca_last_error_message(void)
{
	return last_message;
}
