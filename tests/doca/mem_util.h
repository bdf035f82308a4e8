/*
 * What the memory family's tests share (mem_util.c, built for the newest release): the SDK log,
 * read back to check that a failure logs one line naming its function, and simulated devices.
 * Translation units of older releases include it too: it names no DOCA type but opaque structs.
 */
#ifndef TESTS_DOCA_MEM_UTIL_H
#define TESTS_DOCA_MEM_UTIL_H

#include <stddef.h>

struct doca_dev;

/* Sends the SDK log to a file the tests read (once per process; later calls do nothing). */
void sdk_log_capture(void);
/*
 * Checks that err is want and that exactly one SDK line, naming func ("[func] "), was logged since
 * the last check (or since sdk_log_capture).
 */
void expect_fail_at(int err, int want, const char *func, const char *file, int line);
#define expect_fail(err, want, func) expect_fail_at((int)(err), (int)(want), (func), __FILE__, __LINE__)
/* Checks that err is DOCA_SUCCESS and nothing was logged since the last check. */
void expect_ok_at(int err, const char *file, int line);
#define expect_ok(err) expect_ok_at((int)(err), __FILE__, __LINE__)
/* The SDK lines logged since the last check (the caller frees them); the next check starts after. */
char *sdk_log_take(void);

/* Opens the index-th simulated device (mlx5_sim<index>); fails the test if there is none. */
struct doca_dev *sim_dev_open(int index);
void sim_dev_close(struct doca_dev *dev);

#endif
