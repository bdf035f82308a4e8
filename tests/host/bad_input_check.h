/*
 * What the bad-input tests (test_bad_input.c, test_bad_input_older_edition.c) share: checks of
 * a call's value and of the EXACT line it logs, and the bad handles of each kind.
 *
 * A call given bad input must return its error value and log exactly one line, exactly
 *     flexio ERR <function>: <reason>
 * on stderr (and flexio_last_error() must then be that line); a call given input documented as
 * valid (NULL for flexio_process_destroy, ...) must return its value and log nothing. Expected
 * reasons are built with the library's own format, e.g. "%p is not a live process" with the
 * same %p of the same handle, and compared with strcmp.
 *
 * check_bad_input_coverage.py counts a function as covered when a call of it appears in the
 * arguments of one of the EXPECT_* macros below in one of the two test files.
 *
 * A test includes <libflexio/flexio.h> (choosing its edition, with FLEXIO_ALLOW_EXPERIMENTAL_API)
 * before this header.
 */
#ifndef OPENFLEXIO_TESTS_HOST_BAD_INPUT_CHECK_H
#define OPENFLEXIO_TESTS_HOST_BAD_INPUT_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "host_test.h"

/* "flexio ERR <func>: <reason>", reason formatted as the library formats it. */
static void bi_expected(char *buf, size_t size, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void bi_expected(char *buf, size_t size, const char *func, const char *fmt, ...)
{
	va_list ap;
	int head = snprintf(buf, size, "flexio ERR %s: ", func);

	va_start(ap, fmt);
	vsnprintf(buf + head, size - (size_t)head, fmt, ap);
	va_end(ap);
}

/*
 * The verdict on one call: value_ok, what stderr received (got), the one line it should have
 * received (want, without its newline; NULL: nothing at all). Fails the test at file:line.
 */
static void bi_check(bool value_ok, uint64_t value, uint64_t wanted, const char *got, const char *want,
		     const char *call, const char *file, int line)
{
	char want_line[1200];
	bool text_ok, last_ok = true;

	if (want) {
		snprintf(want_line, sizeof(want_line), "%s\n", want);
		text_ok = !strcmp(got, want_line);
		last_ok = !strcmp(flexio_last_error(), want);
	} else {
		text_ok = !*got;
	}
	if (value_ok && text_ok && last_ok)
		return;
	print_error("%s:%d: %s\n", file, line, call);
	if (!value_ok)
		print_error("  returned 0x%llx, expected 0x%llx\n", (unsigned long long)value,
			    (unsigned long long)wanted);
	if (!text_ok)
		print_error("  stderr expected: %s  stderr got:      %s", want ? want_line : "(nothing)\n",
			    *got ? got : "(nothing)\n");
	if (!last_ok)
		print_error("  flexio_last_error() is \"%s\"\n", flexio_last_error());
	_fail(file, line);
}

/* Any return value (integer, enum or pointer) as a number, for the failure report. */
#define BI_U64(x) ((uint64_t)(uintptr_t)(x))

/* call returns want and logs exactly "flexio ERR func: <printf(...)>". */
#define EXPECT_ERR(call, want, func, ...)                                                                             \
	do {                                                                                                          \
		char bi_want_[1024];                                                                                  \
		struct stderr_capture bi_c_;                                                                          \
		const char *bi_got_;                                                                                  \
		__typeof__(call) bi_v_;                                                                               \
		bi_expected(bi_want_, sizeof(bi_want_), func, __VA_ARGS__);                                           \
		capture_begin(&bi_c_);                                                                                \
		bi_v_ = (call);                                                                                       \
		bi_got_ = capture_end(&bi_c_);                                                                        \
		bi_check(bi_v_ == (want), BI_U64(bi_v_), BI_U64(want), bi_got_, bi_want_, #call, __FILE__, __LINE__); \
	} while (0)

/* The same for a function returning nothing (flexio_err_display). */
#define EXPECT_ERR_VOID(call, func, ...)                                            \
	do {                                                                        \
		char bi_want_[1024];                                                \
		struct stderr_capture bi_c_;                                        \
		const char *bi_got_;                                                \
		bi_expected(bi_want_, sizeof(bi_want_), func, __VA_ARGS__);         \
		capture_begin(&bi_c_);                                              \
		call;                                                               \
		bi_got_ = capture_end(&bi_c_);                                      \
		bi_check(true, 0, 0, bi_got_, bi_want_, #call, __FILE__, __LINE__); \
	} while (0)

/* call returns want and logs nothing. */
#define EXPECT_SILENT(call, want)                                                                                 \
	do {                                                                                                      \
		struct stderr_capture bi_c_;                                                                      \
		const char *bi_got_;                                                                              \
		__typeof__(call) bi_v_;                                                                           \
		capture_begin(&bi_c_);                                                                            \
		bi_v_ = (call);                                                                                   \
		bi_got_ = capture_end(&bi_c_);                                                                    \
		bi_check(bi_v_ == (want), BI_U64(bi_v_), BI_U64(want), bi_got_, NULL, #call, __FILE__, __LINE__); \
	} while (0)

/* call returns the string want (strcmp) and logs nothing. */
#define EXPECT_SILENT_STR(call, want)                                                                                \
	do {                                                                                                         \
		struct stderr_capture bi_c_;                                                                         \
		const char *bi_got_, *bi_v_;                                                                         \
		capture_begin(&bi_c_);                                                                               \
		bi_v_ = (call);                                                                                      \
		bi_got_ = capture_end(&bi_c_);                                                                       \
		if (!bi_v_ || strcmp(bi_v_, want))                                                                   \
			print_error("%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #call,             \
				    bi_v_ ? bi_v_ : "(null)", want);                                                 \
		bi_check(bi_v_ && !strcmp(bi_v_, want), BI_U64(bi_v_), BI_U64(want), bi_got_, NULL, #call, __FILE__, \
			 __LINE__);                                                                                  \
	} while (0)

/* ---- bad handles --------------------------------------------------------------------------- */

/*
 * The handles a test made, live and destroyed, by kind (the kind's name in the library's lines:
 * "process", "command queue", ...; core/host/handle.c).
 */
#define BI_MAX_HANDLES 80
static struct bi_handle {
	void *handle;
	const char *kind;
	bool live;
} bi_handles[BI_MAX_HANDLES];
static size_t bi_handle_count;

static void bi_add(void *handle, const char *kind, bool live)
{
	assert_non_null(handle);
	assert_true(bi_handle_count < BI_MAX_HANDLES);
	bi_handles[bi_handle_count++] = (struct bi_handle){ handle, kind, live };
}
#define bi_live(handle, kind) bi_add(handle, kind, true)
#define bi_stale(handle, kind) bi_add(handle, kind, false)

/* An address that never was a handle of any kind. */
static char bi_never_a_handle[64];

/*
 * The bad handles for a parameter of kind: NULL (unless with_null is false: NULL is valid
 * there), an address that was never a handle, every destroyed handle of the kind, and every
 * live handle of another kind.
 */
static size_t bi_bad_handles(const char *kind, bool with_null, void **out)
{
	size_t n = 0;

	if (with_null)
		out[n++] = NULL;
	out[n++] = &bi_never_a_handle[8];
	for (size_t i = 0; i < bi_handle_count; i++)
		if (bi_handles[i].live != !strcmp(bi_handles[i].kind, kind))
			out[n++] = bi_handles[i].handle;
	return n;
}

/*
 * For each bad handle h of kind (a variable of type T * the call uses): the call returns want
 * and logs "<%p of h> is not a live <kind>" as func.
 */
#define BI_EXPECT_BAD_HANDLES(T, kind, with_null, call, want, func)                           \
	do {                                                                                  \
		void *bi_bad_[BI_MAX_HANDLES + 2];                                            \
		size_t bi_n_ = bi_bad_handles(kind, with_null, bi_bad_);                      \
		for (size_t bi_i_ = 0; bi_i_ < bi_n_; bi_i_++) {                              \
			T *h = bi_bad_[bi_i_];                                                \
			EXPECT_ERR(call, want, func, "%p is not a live %s", (void *)h, kind); \
		}                                                                             \
	} while (0)
#define EXPECT_BAD_HANDLES(T, kind, call, want, func) BI_EXPECT_BAD_HANDLES(T, kind, true, call, want, func)
/* For the functions where NULL is valid: the other bad handles. */
#define EXPECT_BAD_NONNULL_HANDLES(T, kind, call, want, func) BI_EXPECT_BAD_HANDLES(T, kind, false, call, want, func)

#define EXPECT_BAD_HANDLES_VOID(T, kind, call, func)                                         \
	do {                                                                                 \
		void *bi_bad_[BI_MAX_HANDLES + 2];                                           \
		size_t bi_n_ = bi_bad_handles(kind, true, bi_bad_);                          \
		for (size_t bi_i_ = 0; bi_i_ < bi_n_; bi_i_++) {                             \
			T *h = bi_bad_[bi_i_];                                               \
			EXPECT_ERR_VOID(call, func, "%p is not a live %s", (void *)h, kind); \
		}                                                                            \
	} while (0)

#endif
