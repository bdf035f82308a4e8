/*
 * What the host-runtime tests share: the simulated device mlx5_sim0, checks of failures and
 * their one log line, and reading what files and fds received. A test includes
 * <libflexio/flexio.h> (choosing its edition) before this header.
 */
#ifndef OPENFLEXIO_TESTS_HOST_TEST_H
#define OPENFLEXIO_TESTS_HOST_TEST_H

#include <infiniband/verbs.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../unit/capture.h"

static struct ibv_device **devices;
static struct ibv_context *ctx;

/* Opens mlx5_sim0 into ctx: 0, or -1 when there is no such device. */
static inline int sim_device_open(void)
{
	int n = 0;

	devices = ibv_get_device_list(&n);
	for (int i = 0; devices && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), "mlx5_sim0"))
			ctx = ibv_open_device(devices[i]);
	return ctx ? 0 : -1;
}

/* Closes it: every PD and devx UAR of the tests must be gone by then. */
static inline void sim_device_close(void)
{
	assert_int_equal(ibv_close_device(ctx), 0);
	ibv_free_device_list(devices);
	ctx = NULL;
}

/* A call that must succeed. */
#define MUST(call) assert_int_equal((call), FLEXIO_STATUS_SUCCESS)

/* size bytes of the process's DPA heap, zeroed: their device address. */
static inline flexio_uintptr_t dpa_zeroed(flexio_process *process, size_t size)
{
	flexio_uintptr_t daddr;

	MUST(flexio_buf_dev_alloc(process, size, &daddr));
	MUST(flexio_buf_dev_memset(process, 0, size, daddr));
	return daddr;
}

/* Opens mlx5_sim0 and a process of app there with a PD of its own (*pd): 0, or non-zero. */
static inline int process_with_pd_open(struct flexio_app *app, struct ibv_pd **pd, flexio_process **process)
{
	if (sim_device_open() || !app)
		return -1;
	*pd = ibv_alloc_pd(ctx);
	return !*pd || flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = *pd }, process);
}

/* Undoes process_with_pd_open. */
static inline void process_with_pd_close(struct ibv_pd *pd, flexio_process *process)
{
	MUST(flexio_process_destroy(process));
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	sim_device_close();
}

/* call gives `expected` and logs exactly one line, naming func. */
#define EXPECT_LOGGED(call, expected, func)                                                 \
	do {                                                                                \
		struct stderr_capture c_;                                                   \
		const char *text_;                                                          \
		capture_begin(&c_);                                                         \
		assert_true((call) == (expected));                                          \
		text_ = capture_end(&c_);                                                   \
		if (!strstr(text_, "flexio ERR " func ": ") || count_lines(text_) != 1)     \
			fail_msg("expected one error line from %s, got:\n%s", func, text_); \
	} while (0)
#define EXPECT_FAILURE_LOGGED(call, func) EXPECT_LOGGED(call, FLEXIO_STATUS_FAILED, func)

/* Whether fd turns readable within timeout_ms. */
static inline bool fd_readable(int fd, int timeout_ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	return poll(&pfd, 1, timeout_ms) == 1;
}

/* Everything written to f so far (up to 64 KiB). */
static inline char *file_text(FILE *f)
{
	static char text[65536];
	size_t n;

	fflush(f);
	rewind(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	return text;
}

#endif
