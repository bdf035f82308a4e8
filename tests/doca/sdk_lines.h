/*
 * The SDK log lines a test's calls produced: each failure of a public DOCA function is one line
 * naming it (doca/README.md, "Writing a family"). Built with the newest selection (its backend
 * call is 2.5's), used by units of every release.
 */
#ifndef TESTS_DOCA_SDK_LINES_H
#define TESTS_DOCA_SDK_LINES_H

/* Opens the test program's SDK backend (a temporary file); the lines before are not counted. */
void sdk_lines_open(void);
/* Asserts that exactly count lines were logged since the last check, each naming func. */
void sdk_lines_expect(const char *func, int count);

#endif /* TESTS_DOCA_SDK_LINES_H */
