/* The older edition's flexio_dev_print: a function printing to the host's default stream. */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(23, 4, 0)
#include <stdarg.h>

#include "runtime.h"

int flexio_dev_print(const char *format, ...)
{
	va_list ap;
	int len;

	va_start(ap, format);
	len = dev_msg_va(FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, FLEXIO_MSG_DEV_INFO, format, ap);
	va_end(ap);
	return len;
}
