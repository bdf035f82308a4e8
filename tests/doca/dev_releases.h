/* The device tests of the older releases' forms, each in a unit selecting its release (test_dev.c runs them). */
#ifndef TESTS_DOCA_DEV_RELEASES_H
#define TESTS_DOCA_DEV_RELEASES_H

/* Each runs its group and returns the number of failed tests. */
int dev_2_2_tests(void);
int dev_2_7_tests(void);
int dev_1_4_tests(void);

#endif
