/*
 * stderr of DPA programs: like stdout (stdout.c) at level FLEXIO_MSG_DEV_ERROR, with its own
 * line buffer so that error text is never glued to a pending stdout line.
 */
#include <stdio.h>

#include <common/flexio_common.h>

#include "stdio_line.h"

static __thread struct dev_line stderr_line;

static int stderr_put(char c, FILE *stream)
{
	(void)stream;
	return dev_line_put(&stderr_line, c, FLEXIO_MSG_DEV_ERROR);
}

static int stderr_flush(FILE *stream)
{
	(void)stream;
	return dev_line_flush(&stderr_line, FLEXIO_MSG_DEV_ERROR);
}

static FILE stderr_stream = FDEV_SETUP_STREAM(stderr_put, NULL, stderr_flush, _FDEV_SETUP_WRITE);

FILE *const stderr = &stderr_stream;
