/*
 * The DOCA DPA observability tests' view of the simulated device (observe_util.c). observe_setup
 * (a cmocka group setup, before the first DPA process) sets the environment: every process traced
 * into observe_trace_path (FLEXIO_SIM_TRACE, written when it is destroyed), a GDB stub on a free
 * port (FLEXIO_SIM_GDB=0), statistics in a private directory; observe_teardown removes them.
 */
#ifndef OPENDOCA_TESTS_OBSERVE_UTIL_H
#define OPENDOCA_TESTS_OBSERVE_UTIL_H

extern char observe_trace_path[64];

int observe_setup(void **state);
int observe_teardown(void **state);
/* A file's text (free it). */
char *observe_slurp(const char *path);
/* The GDB stub's qXfer:threads document of the newest process (free it). */
char *observe_gdb_threads(void);
/* The names dpa_stats gives the threads of mlx5_sim0's processes, one a line (free it). */
char *observe_stats_thread_names(void);

#endif
