/* A 2.2 program's logging (log_2_2.c selects 2.2): its backends, DOCA_LOG and rate limits. */
#ifndef TESTS_DOCA_LOG_2_2_H
#define TESTS_DOCA_LOG_2_2_H

#include <stdio.h>

/* The line of log_2_2_info's DOCA_LOG_INFO. */
extern int log_2_2_line;

int log_2_2_file_backend(FILE *file);
void log_2_2_info(const char *text);
/* Logs count messages through one DOCA_LOG_RATE_LIMIT_INFO call site, quantity per period. */
void log_2_2_burst(int count, unsigned quantity);

#endif
