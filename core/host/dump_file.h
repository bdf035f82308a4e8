/* Files that crash data and core dumps are written to (crash_data.c, coredump.c). */
#ifndef OPENFLEXIO_CORE_HOST_DUMP_FILE_H
#define OPENFLEXIO_CORE_HOST_DUMP_FILE_H

#include "process.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Opens the manual's file for a dump: outfile (or "flexio_dev") + ".NNN." + kind, NNN the
 * process's id; a relative name goes in the current directory, or in /tmp when that fails.
 * Returns the fd (path holds the name) or -1 with errno (path holds the name tried).
 */
int dump_file_open(const char *outfile, const char *kind, uint32_t id, char *path, size_t size);
/* Writes all of buf at offset; false with errno on failure. */
bool dump_file_write(int fd, const void *buf, size_t size, uint64_t offset);
/* The crash data of a process as text (crash_data.c; flexio_err_display prints it too). */
void crash_data_write(FILE *out, struct process *process);

#endif
