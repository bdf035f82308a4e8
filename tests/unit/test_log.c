/*
 * The library's logger: levels, FLEXIO_LOG_LEVEL, one line per event naming the function, the
 * log callback (flexio_log_callback_set), and libflexio.so.1 logging its host and its simulated
 * rdma-core device (core/providers/sim/verbs) through that one logger.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <dlfcn.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <cmocka.h>

#include "log.h"
#include "capture.h"

/* ctest runs this program with FLEXIO_LOG_LEVEL set to the level named by argv[1]. */
static enum flexio_log_lvl level_from_environment;

static void environment_sets_the_starting_level(void **state)
{
	enum flexio_log_lvl start;

	(void)state;
	start = flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	assert_int_equal(start, level_from_environment);
	flexio_log_lvl_set(start);
}

static void set_returns_the_previous_level(void **state)
{
	enum flexio_log_lvl start = flexio_log_lvl_set(FLEXIO_LOG_LVL_DBG);

	(void)state;
	assert_int_equal(flexio_log_lvl_set(FLEXIO_LOG_LVL_INFO), FLEXIO_LOG_LVL_DBG);
	assert_int_equal(flexio_log_lvl_set(start), FLEXIO_LOG_LVL_INFO);
}

static void invalid_level_is_rejected_with_one_line(void **state)
{
	struct stderr_capture c;
	const char *text;

	(void)state;
	flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR);
	capture_begin(&c);
	assert_int_equal(flexio_log_lvl_set((enum flexio_log_lvl)7), FLEXIO_LOG_LVL_ERR);
	text = capture_end(&c);
	assert_int_equal(count_lines(text), 1);
	assert_non_null(strstr(text, "flexio ERR flexio_log_lvl_set: level 7"));
	assert_int_equal(flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR), FLEXIO_LOG_LVL_ERR);
}

static void only_entries_at_or_above_the_level_print(void **state)
{
	struct stderr_capture c;
	const char *text;

	(void)state;
	flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	capture_begin(&c);
	flexio_log_at(FLEXIO_LOG_LVL_ERR, "fn_err", "e %d", 1);
	flexio_log_at(FLEXIO_LOG_LVL_WARN, "fn_warn", "w");
	flexio_log_at(FLEXIO_LOG_LVL_INFO, "fn_info", "i");
	flexio_log_at(FLEXIO_LOG_LVL_DBG, "fn_dbg", "d");
	text = capture_end(&c);
	assert_string_equal(text, "flexio ERR fn_err: e 1\nflexio WARN fn_warn: w\n");

	flexio_log_lvl_set(FLEXIO_LOG_LVL_DBG);
	capture_begin(&c);
	flexio_log_at(FLEXIO_LOG_LVL_DBG, "fn_dbg", "d");
	text = capture_end(&c);
	assert_string_equal(text, "flexio DBG fn_dbg: d\n");
}

static void long_messages_stay_one_line(void **state)
{
	struct stderr_capture c;
	char big[3000];
	const char *text;

	(void)state;
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	flexio_log_lvl_set(FLEXIO_LOG_LVL_ERR);
	capture_begin(&c);
	flexio_log_at(FLEXIO_LOG_LVL_ERR, "fn", "%s", big);
	text = capture_end(&c);
	assert_int_equal(count_lines(text), 1);
	assert_true(text[strlen(text) - 1] == '\n');
}

/* ---- the callback, on the logger compiled into this test ---- */

/* What a callback received: the last line, and how many. */
struct received {
	int count;
	enum flexio_log_lvl lvl;
	char func[64];
	char msg[256];
	char last_error[256]; /* flexio_last_error as the callback saw it */
};

static void record(enum flexio_log_lvl lvl, const char *func, const char *msg, void *user)
{
	struct received *r = user;

	r->count++;
	r->lvl = lvl;
	snprintf(r->func, sizeof(r->func), "%s", func);
	snprintf(r->msg, sizeof(r->msg), "%s", msg);
	snprintf(r->last_error, sizeof(r->last_error), "%s", log_last_error());
}

static void verbs_line(enum flexio_log_lvl lvl, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* How core/providers/sim/verbs logs (core/providers/sim/verbs/log.c): its own first word, through the same logger. */
static void verbs_line(enum flexio_log_lvl lvl, const char *func, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	flexio_log_va("flexio_verbs", lvl, func, fmt, ap);
	va_end(ap);
}

static void callback_receives_level_function_and_message(void **state)
{
	struct received r = { 0 };
	struct stderr_capture c;

	(void)state;
	flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	capture_begin(&c);
	assert_int_equal(flexio_log_callback_set(record, &r), FLEXIO_STATUS_SUCCESS);
	flexio_log_at(FLEXIO_LOG_LVL_WARN, "fn_warn", "w %d", 2);
	assert_int_equal(r.count, 1);
	assert_int_equal(r.lvl, FLEXIO_LOG_LVL_WARN);
	assert_string_equal(r.func, "fn_warn");
	assert_string_equal(r.msg, "w 2");

	flexio_log_at(FLEXIO_LOG_LVL_DBG, "fn_dbg", "below the level");
	assert_int_equal(r.count, 1);

	/* ERR lines are still the thread's last error, already when the callback runs */
	flexio_log_at(FLEXIO_LOG_LVL_ERR, "fn_err", "e");
	assert_int_equal(r.count, 2);
	assert_int_equal(r.lvl, FLEXIO_LOG_LVL_ERR);
	assert_string_equal(r.msg, "e");
	assert_string_equal(r.last_error, "flexio ERR fn_err: e");

	verbs_line(FLEXIO_LOG_LVL_ERR, "ibv_dealloc_pd", "pd is NULL");
	assert_int_equal(r.count, 3);
	assert_string_equal(r.func, "ibv_dealloc_pd");
	assert_string_equal(r.msg, "pd is NULL");
	assert_string_equal(log_last_error(), "flexio_verbs ERR ibv_dealloc_pd: pd is NULL");

	assert_int_equal(flexio_log_callback_set(NULL, NULL), FLEXIO_STATUS_SUCCESS);
	assert_string_equal(capture_end(&c), "");
}

static void null_callback_restores_stderr(void **state)
{
	struct received r = { 0 };
	struct stderr_capture c;

	(void)state;
	flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	flexio_log_callback_set(record, &r);
	flexio_log_callback_set(NULL, NULL);
	capture_begin(&c);
	flexio_log_at(FLEXIO_LOG_LVL_WARN, "fn", "to stderr");
	verbs_line(FLEXIO_LOG_LVL_WARN, "ibv_get_device_list", "to stderr too");
	assert_string_equal(capture_end(&c),
			    "flexio WARN fn: to stderr\nflexio_verbs WARN ibv_get_device_list: to stderr too\n");
	assert_int_equal(r.count, 0);
}

/* A callback that logs, fails a call and clobbers errno, as careless callbacks do. */
static void logging_callback(enum flexio_log_lvl lvl, const char *func, const char *msg, void *user)
{
	int *calls = user;

	(void)lvl;
	(void)msg;
	(*calls)++;
	flexio_log_at(FLEXIO_LOG_LVL_WARN, "inside_callback", "about %s", func);
	assert_int_equal(flexio_log_callback_set(NULL, NULL), FLEXIO_STATUS_FAILED);
	errno = 0;
}

static void callback_may_log_without_recursing(void **state)
{
	struct stderr_capture c;
	const char *text;
	int calls = 0;

	(void)state;
	flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	flexio_log_callback_set(logging_callback, &calls);
	capture_begin(&c);
	errno = EBUSY;
	flexio_log_at(FLEXIO_LOG_LVL_WARN, "outer", "x");
	assert_int_equal(errno, EBUSY); /* logging keeps errno, whatever the callback did */
	text = capture_end(&c);
	assert_int_equal(flexio_log_callback_set(NULL, NULL), FLEXIO_STATUS_SUCCESS);
	/* the callback ran once; its own lines went to stderr */
	assert_int_equal(calls, 1);
	assert_int_equal(count_lines(text), 2);
	assert_non_null(strstr(text, "flexio WARN inside_callback: about outer\n"));
	assert_non_null(strstr(text, "flexio ERR flexio_log_callback_set: called from a log callback"));
}

/*
 * Threads log while the main thread switches between two callbacks and stderr.  Each callback
 * checks that its setter has not yet returned from replacing it: flexio_log_callback_set
 * promises that a replaced callback is never running or called once it returns.
 */
#define LOG_THREADS 4
#define LINES_PER_THREAD 2000
#define MIN_SWITCHES 100

struct installed {
	atomic_bool current; /* set before installing, cleared after replacing returned */
	atomic_int calls;
};

static atomic_int late_calls;
static atomic_int loggers_done;

static void counting_callback(enum flexio_log_lvl lvl, const char *func, const char *msg, void *user)
{
	struct installed *i = user;

	(void)lvl;
	(void)func;
	(void)msg;
	if (!atomic_load(&i->current))
		atomic_fetch_add(&late_calls, 1);
	atomic_fetch_add(&i->calls, 1);
}

static void *log_lines(void *arg)
{
	(void)arg;
	for (int n = 0; n < LINES_PER_THREAD; n++)
		flexio_log_at(FLEXIO_LOG_LVL_WARN, "log_lines", "line %d", n);
	atomic_fetch_add(&loggers_done, 1);
	return NULL;
}

static void callback_set_while_threads_log(void **state)
{
	struct installed a = { 0 }, b = { 0 };
	struct installed *pair[2] = { &a, &b };
	pthread_t threads[LOG_THREADS];
	struct stderr_capture c;
	int s;

	(void)state;
	flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	capture_begin(&c); /* the lines logged while no callback is set */
	atomic_store(&a.current, true);
	flexio_log_callback_set(counting_callback, &a);
	for (int t = 0; t < LOG_THREADS; t++)
		assert_int_equal(pthread_create(&threads[t], NULL, log_lines, NULL), 0);
	while (!atomic_load(&a.calls)) /* switching starts while lines arrive */
		sched_yield();
	for (s = 1; s < MIN_SWITCHES || atomic_load(&loggers_done) < LOG_THREADS; s++) {
		struct installed *next = pair[s % 2], *previous = pair[(s + 1) % 2];

		atomic_store(&next->current, true);
		flexio_log_callback_set(counting_callback, next);
		atomic_store(&previous->current, false);
		if (s % 3 == 0) { /* and to stderr now and then */
			flexio_log_callback_set(NULL, NULL);
			atomic_store(&next->current, false);
		}
	}
	flexio_log_callback_set(NULL, NULL);
	atomic_store(&a.current, false);
	atomic_store(&b.current, false);
	for (int t = 0; t < LOG_THREADS; t++)
		pthread_join(threads[t], NULL);
	capture_end(&c);
	assert_int_equal(atomic_load(&late_calls), 0);
	assert_true(atomic_load(&a.calls) + atomic_load(&b.calls) <= LOG_THREADS * LINES_PER_THREAD);
}

#if TEST_WITH_SIMULATOR
/*
 * ---- libflexio.so.1: its host and its simulated rdma-core device share one logger ----
 *
 * This program is built from log.c to reach the logger's internals; libflexio.so.1 is its
 * own instance, which its core/providers/sim/verbs lines must reach.  It is opened here (from the build
 * tree's lib/, next to bin/) and called through its exported functions.
 */
static struct {
	flexio_status (*callback_set)(flexio_log_cb_t *cb, void *user);
	enum flexio_log_lvl (*lvl_set)(enum flexio_log_lvl lvl);
	const char *(*last_error)(void);
	int (*dealloc_pd)(struct ibv_pd *pd);
	struct ibv_device **(*get_device_list)(int *num_devices);
	void (*free_device_list)(struct ibv_device **list);
} lib;

static int open_library(void **state)
{
	char exe[PATH_MAX], path[PATH_MAX + 32];
	struct stderr_capture c;
	ssize_t n;
	void *dl;

	(void)state;
	if (lib.callback_set)
		return 0; /* opened for an earlier test */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n < 0)
		return -1;
	exe[n] = '\0';
	snprintf(path, sizeof(path), "%s/../lib/libflexio.so.1", dirname(exe));
	/* Loading may warn that libibverbs (which this program links) comes first; the first line
	 * or level query reads FLEXIO_LOG_LEVEL and warns if it is invalid.  Both happen here, so
	 * that the tests see only the lines they cause. */
	capture_begin(&c);
	dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (dl) {
		*(void **)&lib.lvl_set = dlsym(dl, "flexio_log_lvl_set");
		*(void **)&lib.last_error = dlsym(dl, "flexio_last_error");
		*(void **)&lib.dealloc_pd = dlsym(dl, "ibv_dealloc_pd");
		*(void **)&lib.get_device_list = dlsym(dl, "ibv_get_device_list");
		*(void **)&lib.free_device_list = dlsym(dl, "ibv_free_device_list");
		*(void **)&lib.callback_set = dlsym(dl, "flexio_log_callback_set");
	}
	if (lib.lvl_set)
		lib.lvl_set(lib.lvl_set(FLEXIO_LOG_LVL_ERR));
	capture_end(&c);
	if (!lib.lvl_set || !lib.last_error || !lib.dealloc_pd || !lib.get_device_list || !lib.free_device_list ||
	    !lib.callback_set) {
		print_error("%s (build the flexio target): %s\n", path, dl ? "a function is missing" : dlerror());
		lib.callback_set = NULL;
		return -1;
	}
	return 0; /* kept open: the simulated devices live until the process exits */
}

static void library_host_and_verbs_lines_reach_one_callback(void **state)
{
	struct received r = { 0 };
	struct stderr_capture c;

	(void)state;
	capture_begin(&c);
	assert_int_equal(lib.callback_set(record, &r), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(lib.dealloc_pd(NULL), EINVAL);
	assert_int_equal(r.count, 1);
	assert_int_equal(r.lvl, FLEXIO_LOG_LVL_ERR);
	assert_string_equal(r.func, "ibv_dealloc_pd");
	assert_string_equal(r.msg, "protection domain is NULL");
	/* the per-thread last error is the library's, for both */
	assert_string_equal(lib.last_error(), "flexio_verbs ERR ibv_dealloc_pd: protection domain is NULL");

	lib.lvl_set((enum flexio_log_lvl)9);
	assert_int_equal(r.count, 2);
	assert_string_equal(r.func, "flexio_log_lvl_set");
	assert_non_null(strstr(lib.last_error(), "flexio ERR flexio_log_lvl_set: level 9"));

	assert_int_equal(lib.callback_set(NULL, NULL), FLEXIO_STATUS_SUCCESS);
	assert_string_equal(capture_end(&c), "");

	capture_begin(&c);
	lib.dealloc_pd(NULL);
	assert_string_equal(capture_end(&c), "flexio_verbs ERR ibv_dealloc_pd: protection domain is NULL\n");
	assert_int_equal(r.count, 2);
}

/* A bad FLEXIO_SIM_DEVICES makes ibv_get_device_list log a WARN line. */
static int verbs_warnings(struct received *r)
{
	struct ibv_device **list;
	int before = r->count;

	setenv("FLEXIO_SIM_DEVICES", "many", 1);
	list = lib.get_device_list(NULL);
	unsetenv("FLEXIO_SIM_DEVICES");
	assert_non_null(list);
	lib.free_device_list(list);
	if (r->count > before)
		assert_string_equal(r->func, "ibv_get_device_list");
	return r->count - before;
}

static void library_level_filters_verbs_lines(void **state)
{
	struct received r = { 0 };
	enum flexio_log_lvl start;
	struct stderr_capture c;

	(void)state;
	capture_begin(&c);
	lib.callback_set(record, &r);
	/* the library's starting level is FLEXIO_LOG_LEVEL's */
	assert_int_equal(verbs_warnings(&r), level_from_environment >= FLEXIO_LOG_LVL_WARN);
	start = lib.lvl_set(FLEXIO_LOG_LVL_ERR);
	assert_int_equal(start, level_from_environment);
	assert_int_equal(verbs_warnings(&r), 0);
	lib.lvl_set(FLEXIO_LOG_LVL_WARN);
	assert_int_equal(verbs_warnings(&r), 1);
	assert_int_equal(r.lvl, FLEXIO_LOG_LVL_WARN);
	lib.lvl_set(start);
	lib.callback_set(NULL, NULL);
	assert_string_equal(capture_end(&c), "");
}
#endif

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(environment_sets_the_starting_level),
		cmocka_unit_test(set_returns_the_previous_level),
		cmocka_unit_test(invalid_level_is_rejected_with_one_line),
		cmocka_unit_test(only_entries_at_or_above_the_level_print),
		cmocka_unit_test(long_messages_stay_one_line),
		cmocka_unit_test(callback_receives_level_function_and_message),
		cmocka_unit_test(null_callback_restores_stderr),
		cmocka_unit_test(callback_may_log_without_recursing),
		cmocka_unit_test(callback_set_while_threads_log),
#if TEST_WITH_SIMULATOR
		cmocka_unit_test_setup(library_host_and_verbs_lines_reach_one_callback, open_library),
		cmocka_unit_test_setup(library_level_filters_verbs_lines, open_library),
#endif
	};
	level_from_environment = argc > 1 ? (enum flexio_log_lvl)atoi(argv[1]) : FLEXIO_LOG_LVL_WARN;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
