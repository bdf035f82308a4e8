/* One function per release selection (sample_headers.c, compiled once for each). */
#ifndef TESTS_DOCA_SAMPLE_HEADERS_H
#define TESTS_DOCA_SAMPLE_HEADERS_H

#include <stddef.h>

int sample_headers_2_2(char *out, size_t size);
int sample_headers_2_9(char *out, size_t size);
int sample_headers_default(char *out, size_t size);

#endif
