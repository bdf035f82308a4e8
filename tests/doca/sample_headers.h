/* One function per release selection (sample_headers.c, compiled once for each). */
#ifndef TESTS_DOCA_SAMPLE_HEADERS_H
#define TESTS_DOCA_SAMPLE_HEADERS_H

#include <stddef.h>

int sample_headers_2_2(char *out, size_t size);
int sample_headers_2_9(char *out, size_t size);
int sample_headers_default(char *out, size_t size);
/* sample_headers_clock.c (the newest release): the size of a PCI address plus 1. */
size_t sample_headers_clock(void);

#endif
