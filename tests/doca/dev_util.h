/*
 * What the device tests share (test_dev.c and the units calling each release's forms): the SDK
 * log lines a call leaves, and the simulated devices' configuration.
 */
#ifndef TESTS_DOCA_DEV_UTIL_H
#define TESTS_DOCA_DEV_UTIL_H

#include <stdint.h>

/* Starts collecting the SDK log (an SDK backend on a file, made once). */
void sdk_begin(void);
/* Asserts that exactly one line reached the SDK log since sdk_begin, naming function func. */
void sdk_one_line(const char *func);
/* Asserts that nothing reached it. */
void sdk_silent(void);

/* Checks that call returns err and logs one line naming func. */
#define EXPECT_FAIL(call, err, func)                       \
	do {                                               \
		sdk_begin();                               \
		assert_int_equal((int)(call), (int)(err)); \
		sdk_one_line(func);                        \
	} while (0)

/* Sets (value not NULL) or unsets FLEXIO_SIM_DEVICES and FLEXIO_SIM_DEVICE_CONFIG. */
void sim_devices(const char *devices, const char *config);
/* A teardown: both unset. */
int sim_reset(void **state);

#endif
