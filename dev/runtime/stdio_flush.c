/*
 * __flexio_dev_flush_stdio: sends the calling thread's pending stdout/stderr text before its
 * invocation ends. Whatever stdout and stderr are (ours or the program's), flushing them is
 * harmless.
 */
#include <stdio.h>

#include "runtime.h"

void __flexio_dev_flush_stdio(void)
{
	if (stdout)
		fflush(stdout);
	if (stderr && stderr != stdout)
		fflush(stderr);
}
