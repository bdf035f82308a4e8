/* One function per release selection (version_of.c, compiled once for each). */
#ifndef TESTS_DOCA_VERSION_OF_H
#define TESTS_DOCA_VERSION_OF_H

int version_of_1_4(const char **compiled);
int version_of_2_2(const char **compiled);
int version_of_2_5(const char **compiled);
int version_of_2_6(const char **compiled);
int version_of_2_9(const char **compiled);
int version_of_3_0(const char **compiled);
int version_of_default(const char **compiled);

#endif
