/*
 * stdout of DPA programs: text goes to the host's default message stream at level
 * FLEXIO_MSG_DEV_INFO, one message per line. Its own object file, so that a program defining
 * its own stdout (the manual's `stdout = &mystdout;` only assigns it) does not pull this one in.
 */
#include <stdio.h>

#include <common/flexio_common.h>

#include "stdio_line.h"

static __thread struct dev_line stdout_line;

static int stdout_put(char c, FILE *stream)
{
	(void)stream;
	return dev_line_put(&stdout_line, c, FLEXIO_MSG_DEV_INFO);
}

static int stdout_flush(FILE *stream)
{
	(void)stream;
	return dev_line_flush(&stdout_line, FLEXIO_MSG_DEV_INFO);
}

static FILE stdout_stream = FDEV_SETUP_STREAM(stdout_put, NULL, stdout_flush, _FDEV_SETUP_WRITE);

FILE *stdout = &stdout_stream;
