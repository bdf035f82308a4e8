/*
 * DOCA DPA threads, thread groups, execution-unit affinities, notification completions and
 * completion contexts (libdoca_dpa, 2.7 - 3.x) on the simulated device, with DPA code built
 * against the device library (device/dpa_threads_device.c). Every failure is one SDK line naming
 * the function called.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>

#include "mem_util.h"

extern struct doca_dpa_app *doca_dpa_threads_app;
extern doca_dpa_func_t thread_func, thread_spin, kernel_notify, rpc_notify, rpc_local_storage, kernel_ht_hammer,
	kernel_ht_add, rpc_ht_find, kernel_post_memcpy;

/* As the DPA code's (device/dpa_threads_device.c). */
struct thread_arg {
	uint64_t runs;
	uint64_t event;
	uint64_t local_storage;
	uint32_t rank, num_threads;
	uint64_t notify;
	uint64_t limit;
	uint64_t comp;
	uint64_t completions;
	uint64_t finish;
	uint64_t ls_value;
	uint64_t last_type;
	uint64_t last_user;
};

struct fixture {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev = sim_dev_open(0);
	expect_ok(doca_dpa_create(fx->dev, &fx->dpa));
	expect_ok(doca_dpa_set_app(fx->dpa, doca_dpa_threads_app));
	expect_ok(doca_dpa_start(fx->dpa));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	if (fx->dpa)
		expect_ok(doca_dpa_destroy(fx->dpa));
	sim_dev_close(fx->dev);
	free(fx);
	return 0;
}

/* An event DPA code sets and the CPU waits on. */
static struct doca_sync_event *dpa_event(struct fixture *fx, doca_dpa_dev_sync_event_t *handle)
{
	struct doca_sync_event *se;

	expect_ok(doca_sync_event_create(&se));
	expect_ok(doca_sync_event_add_publisher_location_dpa(se, fx->dpa));
	expect_ok(doca_sync_event_add_subscriber_location_cpu(se, fx->dev));
	expect_ok(doca_sync_event_start(se));
	expect_ok(doca_sync_event_get_dpa_handle(se, fx->dpa, handle));
	return se;
}

/* A thread argument in DPA memory. */
static doca_dpa_dev_uintptr_t arg_alloc(struct fixture *fx, const struct thread_arg *arg)
{
	doca_dpa_dev_uintptr_t p;

	expect_ok(doca_dpa_mem_alloc(fx->dpa, sizeof(*arg), &p));
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, p, (void *)arg, sizeof(*arg)));
	return p;
}

static struct thread_arg arg_read(struct fixture *fx, doca_dpa_dev_uintptr_t p)
{
	struct thread_arg a;

	expect_ok(doca_dpa_d2h_memcpy(fx->dpa, &a, p, sizeof(a)));
	return a;
}

/* A started thread running thread_func on arg (and on affinity, if given). */
static struct doca_dpa_thread *thread_started(struct fixture *fx, doca_dpa_func_t *func, doca_dpa_dev_uintptr_t arg)
{
	struct doca_dpa_thread *t;

	expect_ok(doca_dpa_thread_create(fx->dpa, &t));
	expect_ok(doca_dpa_thread_set_func_arg(t, func, arg));
	expect_ok(doca_dpa_thread_start(t));
	return t;
}

/*
 * What wakes a thread, as DOCA programs (NVIDIA's samples) do it: a notification completion
 * attached to the thread, then doca_dpa_thread_run (which runs nothing: it makes the thread
 * runnable), then device code notifying it: here an RPC, the host's way into device code.
 */
struct waker {
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t handle;
};

static struct waker waker_attach(struct fixture *fx, struct doca_dpa_thread *t)
{
	struct waker w;

	expect_ok(doca_dpa_notification_completion_create(fx->dpa, t, &w.nc));
	expect_ok(doca_dpa_notification_completion_start(w.nc));
	expect_ok(doca_dpa_notification_completion_get_dpa_handle(w.nc, &w.handle));
	expect_ok(doca_dpa_thread_run(t));
	return w;
}

/* One run of the thread (a run asked for while it runs is latched: it runs again after). */
static void wake(struct fixture *fx, const struct waker *w)
{
	uint64_t ret;

	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_notify, &ret, w->handle));
}

/* Before the thread's destroy: an attached notification completion keeps it in use. */
static void waker_destroy(struct waker *w)
{
	expect_ok(doca_dpa_notification_completion_destroy(w->nc));
}

static void thread_life_cycle(void **state)
{
	struct fixture *fx = *state;
	struct doca_dpa_thread *t;
	doca_dpa_func_t *func;
	doca_dpa_dev_uintptr_t ls, p;
	uint64_t arg;
	uint32_t id;
	struct doca_dpa *idle;

	expect_fail(doca_dpa_thread_create(NULL, &t), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_create");
	expect_fail(doca_dpa_thread_create(fx->dpa, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_create");
	expect_ok(doca_dpa_thread_create(fx->dpa, &t));
	expect_fail(doca_dpa_thread_start(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_start");
	expect_fail(doca_dpa_thread_get_func_arg(t, &func, &arg), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_get_func_arg");
	expect_fail(doca_dpa_thread_set_func_arg(t, NULL, 1), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_set_func_arg");
	expect_fail(doca_dpa_thread_set_func_arg(t, (doca_dpa_func_t *)fx, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_set_func_arg");
	expect_fail(doca_dpa_thread_set_func_arg(NULL, &thread_func, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_set_func_arg");
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, 77));
	expect_ok(doca_dpa_thread_get_func_arg(t, &func, &arg));
	assert_ptr_equal(func, &thread_func);
	assert_int_equal(arg, 77);
	expect_fail(doca_dpa_thread_get_func_arg(t, NULL, &arg), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_get_func_arg");
	expect_fail(doca_dpa_thread_get_local_storage(t, &ls), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_thread_get_local_storage");
	expect_fail(doca_dpa_thread_set_local_storage(t, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_set_local_storage");
	expect_ok(doca_dpa_mem_alloc(fx->dpa, 64, &p));
	expect_ok(doca_dpa_thread_set_local_storage(t, p));
	expect_ok(doca_dpa_thread_get_local_storage(t, &ls));
	assert_int_equal(ls, p);
	expect_fail(doca_dpa_thread_get_local_storage(t, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_get_local_storage");
	expect_fail(doca_dpa_thread_get_id(t, &id), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_get_id");
	expect_fail(doca_dpa_thread_run(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_run");
	expect_fail(doca_dpa_thread_stop(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_stop");
	expect_ok(doca_dpa_thread_start(t));
	expect_fail(doca_dpa_thread_start(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_start");
	expect_fail(doca_dpa_thread_set_func_arg(t, &thread_func, 1), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_thread_set_func_arg");
	expect_fail(doca_dpa_thread_set_local_storage(t, p), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_set_local_storage");
	expect_ok(doca_dpa_thread_get_id(t, &id));
	expect_fail(doca_dpa_thread_get_id(t, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_get_id");
	expect_ok(doca_dpa_thread_stop(t));
	expect_ok(doca_dpa_thread_start(t));   /* stopped, it starts again */
	expect_ok(doca_dpa_thread_destroy(t)); /* started: NVIDIA's samples destroy without stopping */
	expect_fail(doca_dpa_thread_destroy(t), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_destroy");
	expect_fail(doca_dpa_thread_start(t), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_start");
	expect_fail(doca_dpa_thread_run(NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_run");
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	/* A context not started makes threads that cannot start yet. */
	expect_ok(doca_dpa_create(fx->dev, &idle));
	expect_ok(doca_dpa_thread_create(idle, &t));
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, 0));
	expect_fail(doca_dpa_thread_start(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_start");
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_dpa_destroy(idle));
}

/* A notification runs it once per notify; its local storage and argument are its own. */
static void thread_runs(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_sync_event_t h;
	struct doca_sync_event *se = dpa_event(fx, &h);
	struct thread_arg a = { .event = h };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a), ls;
	uint64_t magic = 0x1234abcd, value;
	struct doca_dpa_thread *t;
	struct waker w;

	expect_ok(doca_dpa_mem_alloc(fx->dpa, sizeof(magic), &ls));
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, ls, &magic, sizeof(magic)));
	expect_ok(doca_dpa_thread_create(fx->dpa, &t));
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, p));
	expect_ok(doca_dpa_thread_set_local_storage(t, ls));
	expect_ok(doca_dpa_thread_start(t));
	usleep(20000);
	a = arg_read(fx, p);
	assert_int_equal(a.runs, 0); /* started, not run */
	w = waker_attach(fx, t);
	for (uint64_t i = 1; i <= 3; i++) {
		wake(fx, &w);
		expect_ok(doca_sync_event_wait_gt(se, i - 1, UINT64_MAX));
	}
	a = arg_read(fx, p);
	assert_int_equal(a.runs, 3);
	assert_int_equal(a.local_storage, ls);
	assert_int_equal(a.ls_value, magic);
	assert_int_equal(a.rank, 0);
	assert_int_equal(a.num_threads, 1);
	/* Outside a DPA thread there is no local storage. */
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_local_storage, &value));
	assert_int_equal(value, 1);
	waker_destroy(&w);
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_dpa_mem_free(fx->dpa, ls));
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	expect_ok(doca_sync_event_destroy(se));
}

/*
 * doca_dpa_thread_run as DOCA documents it: it makes a started thread runnable, to run when what
 * is attached to it reports; it does not run it (NVIDIA's samples call it before they write the
 * thread's argument). Only a started thread of a started context becomes runnable.
 */
static void thread_run_makes_runnable(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_sync_event_t h;
	struct doca_sync_event *se = dpa_event(fx, &h);
	struct thread_arg a = { .event = h };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a);
	struct doca_dpa_thread *t;
	struct waker w;

	expect_fail(doca_dpa_thread_run(NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_run");
	expect_ok(doca_dpa_thread_create(fx->dpa, &t));
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, p));
	expect_fail(doca_dpa_thread_run(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_run"); /* not started */
	expect_ok(doca_dpa_thread_start(t));
	w = waker_attach(fx, t); /* doca_dpa_thread_run, after the notification completion is attached */
	usleep(20000);
	a = arg_read(fx, p);
	assert_int_equal(a.runs, 0);
	wake(fx, &w); /* what is attached to it runs it */
	expect_ok(doca_sync_event_wait_gt(se, 0, UINT64_MAX));
	usleep(20000);
	a = arg_read(fx, p);
	assert_int_equal(a.runs, 1);
	waker_destroy(&w);
	expect_ok(doca_dpa_thread_stop(t));
	expect_fail(doca_dpa_thread_run(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_run"); /* stopped */
	expect_ok(doca_dpa_thread_destroy(t));
	expect_fail(doca_dpa_thread_run(t), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_run"); /* destroyed */
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	expect_ok(doca_sync_event_destroy(se));
}

/* A finished thread runs no more. */
static void thread_finish(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_sync_event_t h;
	struct doca_sync_event *se = dpa_event(fx, &h);
	struct thread_arg a = { .event = h, .finish = 1 };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a);
	struct doca_dpa_thread *t = thread_started(fx, &thread_func, p);
	struct waker w = waker_attach(fx, t);

	wake(fx, &w);
	expect_ok(doca_sync_event_wait_gt(se, 0, UINT64_MAX));
	wake(fx, &w);
	usleep(20000);
	a = arg_read(fx, p);
	assert_int_equal(a.runs, 1);
	waker_destroy(&w);
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	expect_ok(doca_sync_event_destroy(se));
}

static void affinities(void **state)
{
	struct fixture *fx = *state;
	struct doca_dpa_eu_affinity *aff;
	const struct doca_dpa_eu_affinity *got;
	doca_dpa_dev_sync_event_t h;
	struct doca_sync_event *se = dpa_event(fx, &h);
	struct thread_arg a = { .event = h };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a);
	struct doca_dpa_thread *t;
	struct waker w;
	unsigned int eu, total;

	expect_fail(doca_dpa_eu_affinity_create(NULL, &aff), DOCA_ERROR_INVALID_VALUE, "doca_dpa_eu_affinity_create");
	expect_fail(doca_dpa_eu_affinity_create(fx->dpa, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_eu_affinity_create");
	expect_ok(doca_dpa_eu_affinity_create(fx->dpa, &aff));
	expect_fail(doca_dpa_eu_affinity_get(aff, &eu), DOCA_ERROR_BAD_STATE, "doca_dpa_eu_affinity_get");
	expect_ok(doca_dpa_get_total_num_eus_available(fx->dpa, &total));
	expect_fail(doca_dpa_eu_affinity_set(aff, total), DOCA_ERROR_INVALID_VALUE, "doca_dpa_eu_affinity_set");
	expect_ok(doca_dpa_eu_affinity_set(aff, total - 1));
	expect_ok(doca_dpa_eu_affinity_get(aff, &eu));
	assert_int_equal(eu, total - 1);
	expect_fail(doca_dpa_eu_affinity_get(aff, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_eu_affinity_get");
	expect_ok(doca_dpa_eu_affinity_clear(aff));
	expect_fail(doca_dpa_eu_affinity_get(aff, &eu), DOCA_ERROR_BAD_STATE, "doca_dpa_eu_affinity_get");
	expect_ok(doca_dpa_thread_create(fx->dpa, &t));
	expect_fail(doca_dpa_thread_set_affinity(t, aff), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_set_affinity");
	expect_fail(doca_dpa_thread_set_affinity(t, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_set_affinity");
	expect_fail(doca_dpa_thread_get_affinity(t, &got), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_get_affinity");
	expect_ok(doca_dpa_eu_affinity_set(aff, 5));
	expect_ok(doca_dpa_thread_set_affinity(t, aff));
	expect_ok(doca_dpa_thread_get_affinity(t, &got));
	assert_ptr_equal(got, aff);
	expect_fail(doca_dpa_thread_get_affinity(t, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_get_affinity");
	/* The thread copied the execution unit: as NVIDIA's samples do, the affinity is set anew, then goes. */
	expect_ok(doca_dpa_eu_affinity_set(aff, 6));
	expect_ok(doca_dpa_eu_affinity_destroy(aff));
	expect_fail(doca_dpa_eu_affinity_destroy(aff), DOCA_ERROR_INVALID_VALUE, "doca_dpa_eu_affinity_destroy");
	expect_fail(doca_dpa_eu_affinity_set(aff, 1), DOCA_ERROR_INVALID_VALUE, "doca_dpa_eu_affinity_set");
	expect_fail(doca_dpa_eu_affinity_clear(NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_eu_affinity_clear");
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, p));
	expect_ok(doca_dpa_thread_start(t));
	w = waker_attach(fx, t);
	wake(fx, &w);
	expect_ok(doca_sync_event_wait_gt(se, 0, UINT64_MAX));
	waker_destroy(&w);
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	expect_ok(doca_sync_event_destroy(se));
}

/* A thread woken by a notification completion a kernel notifies. */
static void notification_from_kernel(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_sync_event_t h;
	struct doca_sync_event *se = dpa_event(fx, &h);
	struct thread_arg a = { .event = h };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a);
	struct doca_dpa_thread *t, *got;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t nh;

	expect_ok(doca_dpa_thread_create(fx->dpa, &t));
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, p));
	expect_fail(doca_dpa_notification_completion_create(fx->dpa, NULL, &nc), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_notification_completion_create");
	expect_fail(doca_dpa_notification_completion_create(fx->dpa, t, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_notification_completion_create");
	expect_ok(doca_dpa_notification_completion_create(fx->dpa, t, &nc));
	expect_fail(doca_dpa_notification_completion_start(nc), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_notification_completion_start");
	expect_fail(doca_dpa_notification_completion_get_dpa_handle(nc, &nh), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_notification_completion_get_dpa_handle");
	expect_fail(doca_dpa_notification_completion_stop(nc), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_notification_completion_stop");
	expect_ok(doca_dpa_thread_start(t));
	expect_ok(doca_dpa_notification_completion_start(nc));
	expect_fail(doca_dpa_notification_completion_start(nc), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_notification_completion_start");
	expect_ok(doca_dpa_notification_completion_get_thread(nc, &got));
	assert_ptr_equal(got, t);
	expect_fail(doca_dpa_notification_completion_get_thread(nc, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_notification_completion_get_thread");
	expect_ok(doca_dpa_notification_completion_get_dpa_handle(nc, &nh));
	expect_fail(doca_dpa_notification_completion_get_dpa_handle(nc, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_notification_completion_get_dpa_handle");
	/* In use: the thread neither stops nor goes. */
	expect_fail(doca_dpa_thread_stop(t), DOCA_ERROR_IN_USE, "doca_dpa_thread_stop");
	expect_fail(doca_dpa_thread_destroy(t), DOCA_ERROR_IN_USE, "doca_dpa_thread_destroy");
	expect_ok(doca_dpa_thread_run(t));
	for (uint64_t i = 1; i <= 4; i++) {
		expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_notify, nh));
		expect_ok(doca_sync_event_wait_gt(se, i - 1, UINT64_MAX));
	}
	expect_ok(doca_dpa_notification_completion_stop(nc));
	expect_ok(doca_dpa_thread_stop(t)); /* stopped, the notification completion no longer uses it */
	expect_fail(doca_dpa_thread_destroy(t), DOCA_ERROR_IN_USE, "doca_dpa_thread_destroy");
	expect_ok(doca_dpa_notification_completion_destroy(nc));
	expect_fail(doca_dpa_notification_completion_destroy(nc), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_notification_completion_destroy");
	expect_ok(doca_dpa_thread_destroy(t));
	a = arg_read(fx, p);
	assert_int_equal(a.runs, 4);
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	expect_ok(doca_sync_event_destroy(se));
}

/* Two DPA threads waking each other through notification completions, as NVIDIA's ping-pong does. */
static void ping_pong(void **state)
{
	struct fixture *fx = *state;
	enum {
		ROUNDS = 50
	};
	doca_dpa_dev_sync_event_t hping, hpong;
	struct doca_sync_event *se_ping = dpa_event(fx, &hping), *se_pong = dpa_event(fx, &hpong);
	struct thread_arg ping = { .event = hping, .limit = ROUNDS }, pong = { .event = hpong, .limit = ROUNDS };
	doca_dpa_dev_uintptr_t pping = arg_alloc(fx, &ping), ppong = arg_alloc(fx, &pong);
	struct doca_dpa_thread *tping = thread_started(fx, &thread_func, pping),
			       *tpong = thread_started(fx, &thread_func, ppong);
	struct doca_dpa_notification_completion *to_ping, *to_pong;
	doca_dpa_dev_notification_completion_t h;
	uint64_t ret;

	expect_ok(doca_dpa_notification_completion_create(fx->dpa, tping, &to_ping));
	expect_ok(doca_dpa_notification_completion_start(to_ping));
	expect_ok(doca_dpa_notification_completion_create(fx->dpa, tpong, &to_pong));
	expect_ok(doca_dpa_notification_completion_start(to_pong));
	/* Each notifies the other: the threads' arguments name the peer's notification completion. */
	expect_ok(doca_dpa_notification_completion_get_dpa_handle(to_pong, &h));
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, pping + offsetof(struct thread_arg, notify), &h, sizeof(h)));
	expect_ok(doca_dpa_notification_completion_get_dpa_handle(to_ping, &h));
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, ppong + offsetof(struct thread_arg, notify), &h, sizeof(h)));
	expect_ok(doca_dpa_thread_run(tping));
	expect_ok(doca_dpa_thread_run(tpong));
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_notify, &ret, h)); /* the first ping */
	expect_ok(doca_sync_event_wait_gt(se_ping, ROUNDS - 1, UINT64_MAX));
	expect_ok(doca_sync_event_wait_gt(se_pong, ROUNDS - 2, UINT64_MAX));
	usleep(20000);
	ping = arg_read(fx, pping);
	pong = arg_read(fx, ppong);
	assert_int_equal(ping.runs, ROUNDS);
	assert_int_equal(pong.runs, ROUNDS - 1);
	expect_ok(doca_dpa_notification_completion_destroy(to_ping));
	expect_ok(doca_dpa_notification_completion_destroy(to_pong));
	expect_ok(doca_dpa_thread_destroy(tping));
	expect_ok(doca_dpa_thread_destroy(tpong));
	expect_ok(doca_dpa_mem_free(fx->dpa, pping));
	expect_ok(doca_dpa_mem_free(fx->dpa, ppong));
	expect_ok(doca_sync_event_destroy(se_ping));
	expect_ok(doca_sync_event_destroy(se_pong));
}

/* A context's stop takes its threads' DPA side with the process: a thread starts again with it. */
static void context_restart(void **state)
{
	struct fixture *fx = *state;
	struct thread_arg a = { 0 };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a);
	struct doca_dpa_thread *t = thread_started(fx, &thread_func, p);
	struct doca_dpa_hash_table *ht;
	doca_dpa_dev_hash_table_t h;
	struct waker w;

	expect_ok(doca_dpa_hash_table_create(fx->dpa, 4, &ht));
	expect_ok(doca_dpa_stop(fx->dpa));
	expect_fail(doca_dpa_thread_run(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_run");
	expect_fail(doca_dpa_thread_stop(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_stop");
	expect_fail(doca_dpa_hash_table_get_dpa_handle(ht, &h), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_hash_table_get_dpa_handle");
	expect_ok(doca_dpa_start(fx->dpa));
	/* Its argument went with the process too: a new one. */
	p = arg_alloc(fx, &a);
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, p));
	expect_ok(doca_dpa_thread_start(t));
	w = waker_attach(fx, t);
	wake(fx, &w);
	do
		a = arg_read(fx, p);
	while (a.runs < 1);
	expect_ok(doca_dpa_hash_table_destroy(ht));
	waker_destroy(&w);
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
}

/*
 * The one rule for objects of a context, both kinds on one context: an object that keeps it in
 * use (a context extended to another device; 2.2's workers are the other such objects) makes
 * stop and destroy answer DOCA_ERROR_IN_USE and leaves the started DPA thread running; once it
 * is gone, stop releases the thread (3.0: it is stopped, its handle stays).
 */
static void objects_of_both_kinds(void **state)
{
	struct fixture *fx = *state;
	struct thread_arg a = { 0 };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a);
	struct doca_dpa_thread *t = thread_started(fx, &thread_func, p);
	struct doca_dev *other = sim_dev_open(0);
	struct waker w = waker_attach(fx, t);
	struct doca_dpa *ext;

	expect_ok(doca_dpa_device_extend(fx->dpa, other, &ext));
	expect_fail(doca_dpa_stop(fx->dpa), DOCA_ERROR_IN_USE, "doca_dpa_stop");
	expect_fail(doca_dpa_destroy(fx->dpa), DOCA_ERROR_IN_USE, "doca_dpa_destroy");
	/* Refused, the stop left the thread as it was. */
	wake(fx, &w);
	do
		a = arg_read(fx, p);
	while (a.runs < 1);
	expect_ok(doca_dpa_destroy(ext));
	sim_dev_close(other);
	waker_destroy(&w);
	expect_ok(doca_dpa_stop(fx->dpa));
	expect_fail(doca_dpa_thread_run(t), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_run");
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_dpa_start(fx->dpa));
}

/* Threads of a group know their ranks. */
static void thread_groups(void **state)
{
	struct fixture *fx = *state;
	enum {
		N = 4
	};
	doca_dpa_dev_sync_event_t h[N];
	struct doca_sync_event *se[N];
	doca_dpa_dev_uintptr_t p[N];
	struct doca_dpa_thread *t[N];
	struct waker w[N];
	struct doca_dpa_tg *tg;
	unsigned int n;

	expect_fail(doca_dpa_thread_group_create(fx->dpa, 0, &tg), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_group_create");
	expect_fail(doca_dpa_thread_group_create(fx->dpa, N, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_group_create");
	expect_fail(doca_dpa_thread_group_create(NULL, N, &tg), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_group_create");
	expect_ok(doca_dpa_thread_group_create(fx->dpa, N, &tg));
	expect_ok(doca_dpa_thread_group_get_num_threads(tg, &n));
	assert_int_equal(n, N);
	expect_fail(doca_dpa_thread_group_get_num_threads(tg, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_group_get_num_threads");
	for (int i = 0; i < N; i++) {
		struct thread_arg a = { 0 };

		se[i] = dpa_event(fx, &h[i]);
		a.event = h[i];
		p[i] = arg_alloc(fx, &a);
		expect_ok(doca_dpa_thread_create(fx->dpa, &t[i]));
		expect_ok(doca_dpa_thread_set_func_arg(t[i], &thread_func, p[i]));
	}
	expect_fail(doca_dpa_thread_group_start(tg), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_group_start");
	expect_fail(doca_dpa_thread_group_set_thread(tg, t[0], N), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_group_set_thread");
	expect_fail(doca_dpa_thread_group_set_thread(tg, NULL, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_group_set_thread");
	for (int i = 0; i < N; i++)
		expect_ok(doca_dpa_thread_group_set_thread(tg, t[i], (unsigned int)(N - 1 - i)));
	expect_fail(doca_dpa_thread_group_set_thread(tg, t[0], 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_thread_group_set_thread");
	expect_ok(doca_dpa_thread_group_start(tg));
	expect_fail(doca_dpa_thread_group_start(tg), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_group_start");
	expect_fail(doca_dpa_thread_group_destroy(tg), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_group_destroy");
	expect_fail(doca_dpa_thread_destroy(t[0]), DOCA_ERROR_IN_USE, "doca_dpa_thread_destroy");
	for (int i = 0; i < N; i++) {
		struct thread_arg a;

		expect_ok(doca_dpa_thread_start(t[i]));
		w[i] = waker_attach(fx, t[i]);
		wake(fx, &w[i]);
		expect_ok(doca_sync_event_wait_gt(se[i], 0, UINT64_MAX));
		a = arg_read(fx, p[i]);
		assert_int_equal(a.rank, N - 1 - i);
		assert_int_equal(a.num_threads, N);
	}
	expect_ok(doca_dpa_thread_group_stop(tg));
	expect_fail(doca_dpa_thread_group_stop(tg), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_group_stop");
	expect_ok(doca_dpa_thread_group_destroy(tg));
	expect_fail(doca_dpa_thread_group_destroy(tg), DOCA_ERROR_INVALID_VALUE, "doca_dpa_thread_group_destroy");
	for (int i = 0; i < N; i++) {
		waker_destroy(&w[i]);
		expect_ok(doca_dpa_thread_destroy(t[i]));
		expect_ok(doca_dpa_mem_free(fx->dpa, p[i]));
		expect_ok(doca_sync_event_destroy(se[i]));
	}
}

/* A completion context attached to a thread; the thread reads it (empty) and arms it. */
static void completion_contexts(void **state)
{
	struct fixture *fx = *state;
	doca_dpa_dev_sync_event_t h;
	struct doca_sync_event *se = dpa_event(fx, &h);
	struct thread_arg a = { .event = h };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a);
	struct doca_dpa_completion *comp, *polled;
	struct doca_dpa_thread *t, *got;
	doca_dpa_dev_completion_t ch;
	struct waker w;
	unsigned int size;

	expect_fail(doca_dpa_completion_create(NULL, 4, &comp), DOCA_ERROR_INVALID_VALUE, "doca_dpa_completion_create");
	expect_fail(doca_dpa_completion_create(fx->dpa, 0, &comp), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_completion_create");
	expect_fail(doca_dpa_completion_create(fx->dpa, 4, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_completion_create");
	expect_ok(doca_dpa_completion_create(fx->dpa, 3, &comp));
	expect_ok(doca_dpa_completion_get_queue_size(comp, &size));
	assert_int_equal(size, 4);
	expect_fail(doca_dpa_completion_get_queue_size(comp, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_completion_get_queue_size");
	expect_fail(doca_dpa_completion_get_thread(comp, &got), DOCA_ERROR_BAD_STATE, "doca_dpa_completion_get_thread");
	expect_fail(doca_dpa_completion_get_dpa_handle(comp, &ch), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_completion_get_dpa_handle");
	expect_ok(doca_dpa_thread_create(fx->dpa, &t));
	expect_ok(doca_dpa_thread_set_func_arg(t, &thread_func, p));
	expect_fail(doca_dpa_completion_set_thread(comp, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_completion_set_thread");
	expect_ok(doca_dpa_completion_set_thread(comp, t));
	expect_ok(doca_dpa_completion_get_thread(comp, &got));
	assert_ptr_equal(got, t);
	expect_fail(doca_dpa_completion_start(comp), DOCA_ERROR_BAD_STATE, "doca_dpa_completion_start");
	expect_ok(doca_dpa_thread_start(t));
	expect_ok(doca_dpa_completion_start(comp));
	expect_fail(doca_dpa_completion_start(comp), DOCA_ERROR_BAD_STATE, "doca_dpa_completion_start");
	expect_fail(doca_dpa_completion_set_thread(comp, t), DOCA_ERROR_BAD_STATE, "doca_dpa_completion_set_thread");
	expect_ok(doca_dpa_completion_get_dpa_handle(comp, &ch));
	expect_fail(doca_dpa_completion_get_dpa_handle(comp, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_completion_get_dpa_handle");
	expect_fail(doca_dpa_thread_stop(t), DOCA_ERROR_IN_USE, "doca_dpa_thread_stop");
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, p + offsetof(struct thread_arg, comp), &ch, sizeof(ch)));
	w = waker_attach(fx, t);
	wake(fx, &w);
	expect_ok(doca_sync_event_wait_gt(se, 0, UINT64_MAX));
	a = arg_read(fx, p);
	assert_int_equal(a.completions, 0);
	waker_destroy(&w); /* what follows checks what the completion context alone does */
	/* Without a thread, the queue is only polled. */
	expect_ok(doca_dpa_completion_create(fx->dpa, 8, &polled));
	expect_ok(doca_dpa_completion_start(polled));
	expect_ok(doca_dpa_completion_stop(polled));
	expect_fail(doca_dpa_completion_stop(polled), DOCA_ERROR_BAD_STATE, "doca_dpa_completion_stop");
	expect_ok(doca_dpa_completion_destroy(polled));
	expect_ok(doca_dpa_completion_stop(comp));
	expect_fail(doca_dpa_thread_destroy(t), DOCA_ERROR_IN_USE, "doca_dpa_thread_destroy");
	expect_ok(doca_dpa_completion_destroy(comp));
	expect_fail(doca_dpa_completion_destroy(comp), DOCA_ERROR_INVALID_VALUE, "doca_dpa_completion_destroy");
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	expect_ok(doca_sync_event_destroy(se));
}

/* Destroying a context while its threads run: they and their notification completions go with
 * it; their handles are destroyed after, nothing hangs or leaks. */
static void destroy_while_threads_run(void **state)
{
	struct fixture *fx = *state;
	enum {
		N = 4
	};
	struct doca_dpa_thread *t[N];
	struct waker w[N];
	doca_dpa_dev_uintptr_t p[N];
	struct thread_arg a = { 0 };

	for (int i = 0; i < N; i++) {
		p[i] = arg_alloc(fx, &a);
		t[i] = thread_started(fx, &thread_spin, p[i]);
		w[i] = waker_attach(fx, t[i]); /* the thread notifies itself through it after the first wake */
		expect_ok(doca_dpa_h2d_memcpy(fx->dpa, p[i] + offsetof(struct thread_arg, notify), &w[i].handle,
					      sizeof(w[i].handle)));
		wake(fx, &w[i]);
	}
	do {
		usleep(1000);
		a = arg_read(fx, p[N - 1]);
	} while (a.runs < 10);
	expect_ok(doca_dpa_destroy(fx->dpa));
	fx->dpa = NULL;
	for (int i = 0; i < N; i++) {
		expect_fail(doca_dpa_thread_run(t[i]), DOCA_ERROR_BAD_STATE, "doca_dpa_thread_run");
		waker_destroy(&w[i]);
		expect_ok(doca_dpa_thread_destroy(t[i]));
	}
}

/* Hash tables: many kernel threads at once on one table. */
static void hash_table_hammered(void **state)
{
	struct fixture *fx = *state;
	enum {
		KERNELS = 4,
		THREADS = 16,
		KEYS = 32
	};
	struct doca_sync_event *comp;
	struct doca_dpa_hash_table *ht;
	doca_dpa_dev_hash_table_t h;
	doca_dpa_dev_uintptr_t errors;
	doca_dpa_dev_sync_event_t hcomp;
	uint64_t value, bad;
	struct doca_dpa *idle;

	comp = dpa_event(fx, &hcomp);
	expect_fail(doca_dpa_hash_table_create(fx->dpa, 0, &ht), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_hash_table_create");
	expect_fail(doca_dpa_hash_table_create(fx->dpa, 8, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_hash_table_create");
	expect_fail(doca_dpa_hash_table_create(NULL, 8, &ht), DOCA_ERROR_INVALID_VALUE, "doca_dpa_hash_table_create");
	expect_ok(doca_dpa_create(fx->dev, &idle));
	expect_fail(doca_dpa_hash_table_create(idle, 8, &ht), DOCA_ERROR_BAD_STATE, "doca_dpa_hash_table_create");
	expect_ok(doca_dpa_destroy(idle));
	expect_ok(doca_dpa_hash_table_create(fx->dpa, KERNELS * THREADS * KEYS + 1, &ht));
	expect_ok(doca_dpa_hash_table_get_dpa_handle(ht, &h));
	expect_fail(doca_dpa_hash_table_get_dpa_handle(ht, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_hash_table_get_dpa_handle");
	expect_ok(doca_dpa_mem_alloc(fx->dpa, sizeof(bad), &errors));
	expect_ok(doca_dpa_memset(fx->dpa, errors, 0, sizeof(bad)));
	for (uint32_t k = 0; k < KERNELS; k++)
		expect_ok(doca_dpa_kernel_launch_update_add(fx->dpa, NULL, 0, comp, 1, THREADS, &kernel_ht_hammer, h,
							    1 + k * THREADS * KEYS, (uint32_t)KEYS, errors));
	expect_ok(doca_sync_event_wait_gt(comp, KERNELS - 1, UINT64_MAX));
	expect_ok(doca_dpa_d2h_memcpy(fx->dpa, &bad, errors, sizeof(bad)));
	assert_int_equal(bad, 0);
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_ht_find, &value, h, 2u));
	assert_int_equal(value, 7);
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_ht_find, &value, h, 3u));
	assert_int_equal(value, ~0ull);
	expect_ok(doca_dpa_rpc(fx->dpa, &rpc_ht_find, &value, h, 0u));
	assert_true(value >= 1 && value <= KERNELS * THREADS * KEYS);
	expect_ok(doca_dpa_hash_table_destroy(ht));
	expect_fail(doca_dpa_hash_table_destroy(ht), DOCA_ERROR_INVALID_VALUE, "doca_dpa_hash_table_destroy");
	expect_fail(doca_dpa_hash_table_get_dpa_handle(ht, &h), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_hash_table_get_dpa_handle");
	expect_ok(doca_dpa_mem_free(fx->dpa, errors));
	expect_ok(doca_sync_event_destroy(comp));
}

/* A key beyond the table's entries stops the process, which the context reports. */
static void hash_table_full(void **state)
{
	struct fixture *fx = *state;
	struct doca_dpa_hash_table *ht;
	doca_dpa_dev_hash_table_t h;
	char *text;

	expect_ok(doca_dpa_hash_table_create(fx->dpa, 2, &ht));
	expect_ok(doca_dpa_hash_table_get_dpa_handle(ht, &h));
	for (uint32_t k = 1; k <= 2; k++)
		expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_ht_add, h, k, 10ull));
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_ht_add, h, 2u, 20ull));
	usleep(20000);
	expect_ok(doca_dpa_peek_at_last_error(fx->dpa)); /* a key already there takes the new value */
	expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_ht_add, h, 3u, 30ull));
	for (int i = 0; i < 1000 && doca_dpa_peek_at_last_error(fx->dpa) == DOCA_SUCCESS; i++)
		usleep(2000);
	text = sdk_log_take(); /* the failing peek said why */
	assert_non_null(strstr(text, "full hash table"));
	free(text);
	expect_fail(doca_dpa_peek_at_last_error(fx->dpa), DOCA_ERROR_BAD_STATE, "doca_dpa_peek_at_last_error");
	expect_ok(doca_dpa_stop(fx->dpa));
	/* Its memory went with the process. */
	expect_fail(doca_dpa_hash_table_get_dpa_handle(ht, &h), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_hash_table_get_dpa_handle");
	expect_ok(doca_dpa_hash_table_destroy(ht));
}

/* A map over DPA memory of the context, and its key for DPA code. */
static struct doca_mmap *dpa_map(struct fixture *fx, doca_dpa_dev_uintptr_t p, size_t len, doca_dpa_dev_mmap_t *key)
{
	struct doca_mmap *mmap;

	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_dpa_memrange(mmap, fx->dpa, p, len));
	expect_ok(doca_mmap_set_permissions(mmap, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_WRITE));
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_mmap_dev_get_dpa_handle(mmap, fx->dev, key));
	return mmap;
}

/* Copies on an asynchronous-operations queue complete on the attached completion context, whose
 * thread they wake: the thread reads each completion (type, user data), acknowledges and re-arms. */
static void async_ops_wake_thread(void **state)
{
	struct fixture *fx = *state;
	enum {
		COPIES = 3,
		LEN = 256
	};
	doca_dpa_dev_sync_event_t h;
	struct doca_sync_event *se = dpa_event(fx, &h);
	struct thread_arg a = { .event = h };
	doca_dpa_dev_uintptr_t p = arg_alloc(fx, &a), src, dst;
	struct doca_dpa_completion *comp;
	struct doca_dpa_async_ops *ops;
	struct doca_dpa_thread *t;
	doca_dpa_dev_completion_t ch;
	doca_dpa_dev_async_ops_t oh;
	doca_dpa_dev_mmap_t src_key, dst_key;
	struct doca_mmap *src_map, *dst_map;
	unsigned char in[LEN], out[LEN];
	unsigned int size;
	uint64_t user;

	for (int i = 0; i < LEN; i++)
		in[i] = (unsigned char)(i * 7 + 1);
	expect_ok(doca_dpa_mem_alloc(fx->dpa, LEN, &src));
	expect_ok(doca_dpa_mem_alloc(fx->dpa, COPIES * LEN, &dst));
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, src, in, LEN));
	expect_ok(doca_dpa_memset(fx->dpa, dst, 0, COPIES * LEN));
	src_map = dpa_map(fx, src, LEN, &src_key);
	dst_map = dpa_map(fx, dst, COPIES * LEN, &dst_key);

	t = thread_started(fx, &thread_func, p);
	expect_ok(doca_dpa_completion_create(fx->dpa, 8, &comp));
	expect_ok(doca_dpa_completion_set_thread(comp, t));
	expect_ok(doca_dpa_completion_start(comp));
	expect_ok(doca_dpa_completion_get_dpa_handle(comp, &ch));
	expect_ok(doca_dpa_h2d_memcpy(fx->dpa, p + offsetof(struct thread_arg, comp), &ch, sizeof(ch)));

	expect_fail(doca_dpa_async_ops_create(fx->dpa, 0, 0, &ops), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_async_ops_create");
	expect_fail(doca_dpa_async_ops_create(fx->dpa, 4, 1ull << 24, &ops), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_async_ops_create");
	expect_fail(doca_dpa_async_ops_create(fx->dpa, 4, 0, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_async_ops_create");
	expect_fail(doca_dpa_async_ops_create(NULL, 4, 0, &ops), DOCA_ERROR_INVALID_VALUE, "doca_dpa_async_ops_create");
	expect_ok(doca_dpa_async_ops_create(fx->dpa, 5, 0x42, &ops));
	expect_ok(doca_dpa_async_ops_get_queue_size(ops, &size));
	assert_int_equal(size, 8);
	expect_fail(doca_dpa_async_ops_get_queue_size(ops, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_async_ops_get_queue_size");
	expect_ok(doca_dpa_async_ops_get_user_data(ops, &user));
	assert_int_equal(user, 0x42);
	expect_fail(doca_dpa_async_ops_get_user_data(ops, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_async_ops_get_user_data");
	expect_fail(doca_dpa_async_ops_start(ops), DOCA_ERROR_BAD_STATE, "doca_dpa_async_ops_start");
	expect_fail(doca_dpa_async_ops_get_dpa_handle(ops, &oh), DOCA_ERROR_BAD_STATE,
		    "doca_dpa_async_ops_get_dpa_handle");
	expect_fail(doca_dpa_async_ops_stop(ops), DOCA_ERROR_BAD_STATE, "doca_dpa_async_ops_stop");
	expect_fail(doca_dpa_async_ops_attach(ops, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_async_ops_attach");
	expect_ok(doca_dpa_async_ops_attach(ops, comp));
	expect_ok(doca_dpa_async_ops_start(ops));
	expect_fail(doca_dpa_async_ops_start(ops), DOCA_ERROR_BAD_STATE, "doca_dpa_async_ops_start");
	expect_fail(doca_dpa_async_ops_attach(ops, comp), DOCA_ERROR_BAD_STATE, "doca_dpa_async_ops_attach");
	expect_ok(doca_dpa_async_ops_get_dpa_handle(ops, &oh));
	expect_fail(doca_dpa_async_ops_get_dpa_handle(ops, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dpa_async_ops_get_dpa_handle");
	/* The queue reports into the completion context: it neither stops nor goes. */
	expect_fail(doca_dpa_completion_stop(comp), DOCA_ERROR_IN_USE, "doca_dpa_completion_stop");
	expect_fail(doca_dpa_completion_destroy(comp), DOCA_ERROR_IN_USE, "doca_dpa_completion_destroy");

	/* Runnable, as DOCA programs make it: it runs at its completion context's first completion
	 * (the context is armed when started), not now. */
	expect_ok(doca_dpa_thread_run(t));
	usleep(20000);
	a = arg_read(fx, p);
	assert_int_equal(a.runs, 0);
	for (uint64_t i = 0; i < COPIES; i++) {
		expect_ok(doca_dpa_kernel_launch_update_set(fx->dpa, NULL, 0, NULL, 0, 1, &kernel_post_memcpy, oh,
							    dst_key, dst + i * LEN, src_key, src, (uint64_t)LEN));
		expect_ok(doca_sync_event_wait_gt(se, i, UINT64_MAX)); /* the completion woke the thread */
	}
	a = arg_read(fx, p);
	assert_int_equal(a.runs, COPIES);
	assert_int_equal(a.completions, COPIES);
	assert_int_equal(a.last_type, 0); /* DOCA_DPA_DEV_COMP_SEND (device code's header) */
	assert_int_equal(a.last_user, 0x42);
	for (uint64_t i = 0; i < COPIES; i++) {
		expect_ok(doca_dpa_d2h_memcpy(fx->dpa, out, dst + i * LEN, LEN));
		assert_memory_equal(in, out, LEN);
	}
	expect_ok(doca_dpa_async_ops_stop(ops));
	expect_ok(doca_dpa_async_ops_start(ops));   /* stopped, it starts again */
	expect_ok(doca_dpa_async_ops_destroy(ops)); /* started */
	expect_fail(doca_dpa_async_ops_destroy(ops), DOCA_ERROR_INVALID_VALUE, "doca_dpa_async_ops_destroy");
	expect_ok(doca_dpa_completion_destroy(comp));
	expect_ok(doca_dpa_thread_destroy(t));
	expect_ok(doca_mmap_destroy(src_map));
	expect_ok(doca_mmap_destroy(dst_map));
	expect_ok(doca_dpa_mem_free(fx->dpa, src));
	expect_ok(doca_dpa_mem_free(fx->dpa, dst));
	expect_ok(doca_dpa_mem_free(fx->dpa, p));
	expect_ok(doca_sync_event_destroy(se));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(thread_life_cycle, setup, teardown),
		cmocka_unit_test_setup_teardown(thread_runs, setup, teardown),
		cmocka_unit_test_setup_teardown(thread_run_makes_runnable, setup, teardown),
		cmocka_unit_test_setup_teardown(thread_finish, setup, teardown),
		cmocka_unit_test_setup_teardown(affinities, setup, teardown),
		cmocka_unit_test_setup_teardown(notification_from_kernel, setup, teardown),
		cmocka_unit_test_setup_teardown(ping_pong, setup, teardown),
		cmocka_unit_test_setup_teardown(context_restart, setup, teardown),
		cmocka_unit_test_setup_teardown(objects_of_both_kinds, setup, teardown),
		cmocka_unit_test_setup_teardown(thread_groups, setup, teardown),
		cmocka_unit_test_setup_teardown(completion_contexts, setup, teardown),
		cmocka_unit_test_setup_teardown(destroy_while_threads_run, setup, teardown),
		cmocka_unit_test_setup_teardown(hash_table_hammered, setup, teardown),
		cmocka_unit_test_setup_teardown(hash_table_full, setup, teardown),
		cmocka_unit_test_setup_teardown(async_ops_wake_thread, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
