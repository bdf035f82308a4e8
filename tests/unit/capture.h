/* Captures what the library writes to stderr while a test runs a call. */
#ifndef OPENFLEXIO_TESTS_CAPTURE_H
#define OPENFLEXIO_TESTS_CAPTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct stderr_capture {
	int saved_fd;
	FILE *file;
	char text[4096];
};

static inline void capture_begin(struct stderr_capture *c)
{
	fflush(stderr);
	c->file = tmpfile();
	c->saved_fd = dup(STDERR_FILENO);
	dup2(fileno(c->file), STDERR_FILENO);
}

/* Ends the capture; returns the captured text (NUL-terminated, possibly truncated). */
static inline const char *capture_end(struct stderr_capture *c)
{
	size_t n;

	fflush(stderr);
	dup2(c->saved_fd, STDERR_FILENO);
	close(c->saved_fd);
	rewind(c->file);
	n = fread(c->text, 1, sizeof(c->text) - 1, c->file);
	c->text[n] = '\0';
	fclose(c->file);
	return c->text;
}

static inline int count_lines(const char *text)
{
	int lines = 0;

	for (; *text; text++)
		lines += *text == '\n';
	return lines;
}

#endif
