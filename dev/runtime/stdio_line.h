/*
 * Line buffering of the standard streams: a stream's text goes to the host as one message per
 * line (or per full buffer), so lines from concurrent threads never mix. The buffers are
 * thread-local: every DPA thread has its own, and no lock is needed.
 */
#ifndef OPENFLEXIO_DEV_STDIO_LINE_H
#define OPENFLEXIO_DEV_STDIO_LINE_H

#include <stdint.h>

/* Longest message a standard stream sends; longer lines arrive in pieces. */
#define DEV_LINE_MAX 128

struct dev_line {
	uint32_t len;
	char text[DEV_LINE_MAX];
};

/* Appends c; sends the line at '\n' or when full. Returns c, or EOF when the host refused it. */
int dev_line_put(struct dev_line *line, char c, int level);

/* Sends what the line holds (nothing if empty). Returns 0, or EOF when the host refused it. */
int dev_line_flush(struct dev_line *line, int level);

#endif
