/* Line buffers of stdout and stderr (see stdio_line.h). */
#include <stdio.h>

#include "runtime.h"
#include "stdio_line.h"

int dev_line_flush(struct dev_line *line, int level)
{
	uint64_t result;

	if (!line)
		return EOF;
	if (line->len == 0)
		return 0;
	result = dev_ecall4(DPA_ECALL_MSG, FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, (uint64_t)level,
			    (uint64_t)(uintptr_t)line->text, line->len);
	line->len = 0;
	return DEV_ECALL_FAILED(result) ? EOF : 0;
}

int dev_line_put(struct dev_line *line, char c, int level)
{
	if (!line)
		return EOF;
	line->text[line->len++] = c;
	if (c == '\n' || line->len == DEV_LINE_MAX)
		return dev_line_flush(line, level) == 0 ? (unsigned char)c : EOF;
	return (unsigned char)c;
}
