/*
 * What the argp tests share: the SDK log lines a call wrote, what a call printed to stdout and
 * stderr, a program's run that ends in exit() (--help, --version) in a child process, a
 * configuration whose callbacks record what they were called with, and the test data.
 */
#ifndef TESTS_DOCA_ARGP_TEST_H
#define TESTS_DOCA_ARGP_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#define DOCA_ALLOW_EXPERIMENTAL_API
#include <doca_argp.h>

/* The SDK log: every test reads the lines written since its mark (one backend, made once). */
void sdk_log_open(void);
long sdk_mark(void);
/* The SDK lines since mark (the caller frees them), and their count. */
char *sdk_since(long mark);
int sdk_lines_since(long mark);
/* Asserts that exactly one SDK line was written since mark and that it holds text. */
void assert_one_sdk_line(long mark, const char *text);

/* stdout and stderr of the calls between capture_begin and capture_end. */
struct capture {
	int saved_out, saved_err;
	FILE *out_file, *err_file;
	char *out, *err; /* after capture_end; the caller frees them (capture_free) */
};
void capture_begin(struct capture *c);
void capture_end(struct capture *c);
void capture_free(struct capture *c);

/*
 * Runs fn(arg) in a child process with stdout and stderr captured; the child's exit status (or
 * 128 + signal) in *status. fn returns normally: the child exits with 100 + its value.
 */
void run_in_child(int (*fn)(void *arg), void *arg, struct capture *c, int *status);

/* doca_argp_start with argv "prog" and the arguments given, NULL-terminated. */
doca_error_t start_with(const char *first, ...);
#define START(...) start_with(__VA_ARGS__, (const char *)NULL)

/* A configuration whose callbacks append "name=value;" to calls. */
struct config {
	char calls[1024];
};
void config_record(struct config *cfg, const char *format, ...) __attribute__((format(printf, 2, 3)));
doca_error_t record_string(void *param, void *config);
doca_error_t record_int(void *param, void *config);
doca_error_t record_bool(void *param, void *config);
doca_error_t fail_callback(void *param, void *config);

/*
 * Creates, sets and registers a parameter (short or long may be NULL); returns what register
 * returned. flags: PARAM_* below.
 */
enum {
	PARAM_MANDATORY = 1 << 0,
	PARAM_MULTIPLE = 1 << 1,
	PARAM_CLI_ONLY = 1 << 2,
	PARAM_SINGULAR = 1 << 3,
	PARAM_INHERITED = 1 << 4,
	PARAM_HIDDEN = 1 << 5,
};
struct doca_argp_param *make_param(const char *short_name, const char *long_name, const char *description,
				   doca_argp_param_cb_t callback, enum doca_argp_type type, unsigned int flags);
doca_error_t add_param(const char *short_name, const char *long_name, const char *description,
		       doca_argp_param_cb_t callback, enum doca_argp_type type, unsigned int flags);

/* The text of a test data file (ARGP_TEST_DATA/name), or of a golden file; the caller frees it. */
char *data_text(const char *name);
/* The path of a test data file (a static buffer). */
const char *data_path(const char *name);
/* Writes text to a new temporary file and returns its path (a static buffer; removed at exit). */
const char *temp_file(const char *text, size_t len);

/* Group setup: the SDK log. Test teardown: the parser destroyed if a test left it, levels back. */
int argp_group_setup(void **state);
int argp_test_teardown(void **state);

#endif
