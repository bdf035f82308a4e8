/*
 * stdin of DPA programs: the DPA has no input device, so stdin is a readable stream that is
 * always at end of file (getchar() returns EOF and sets the EOF flag).
 */
#include <stdio.h>

static int stdin_get(FILE *stream)
{
	(void)stream;
	return _FDEV_EOF;
}

static FILE stdin_stream = FDEV_SETUP_STREAM(NULL, stdin_get, NULL, _FDEV_SETUP_READ);

FILE *const stdin = &stdin_stream;
