/* Calls of the 2.2 error-string functions, made by a translation unit that selects 2.2. */
#ifndef TESTS_DOCA_ERROR_2_2_H
#define TESTS_DOCA_ERROR_2_2_H

const char *name_2_2(int code);
const char *string_2_2(int code);

#endif
