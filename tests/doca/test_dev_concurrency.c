/*
 * DOCA devices from many threads, as the DOCA Core programming guide allows ("all doca_devinfo and
 * doca_dev operations are considered thread-safe"): lists made, read and destroyed, devices of a
 * shared devinfo opened and closed, users held while another thread tries to close the device (it
 * is refused while they are held, never closed under them), a list destroyed while its devinfo is
 * being opened. Runs under ThreadSanitizer too (label concurrency).
 */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include <doca_dev.h>

#include "dev.h"

enum {
	THREADS = 4,
	ROUNDS = 200
};

static void *list_and_read(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		struct doca_devinfo **list;
		uint32_t count;
		char pci[DOCA_DEVINFO_PCI_ADDR_SIZE];
		struct doca_dev *dev;

		assert_int_equal(doca_devinfo_create_list(&list, &count), DOCA_SUCCESS);
		assert_int_equal(doca_devinfo_get_pci_addr_str(list[0], pci), DOCA_SUCCESS);
		assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
		assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
		assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	}
	return NULL;
}

static void many_threads_list_open_and_close(void **state)
{
	pthread_t threads[THREADS];

	(void)state;
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, list_and_read, NULL), 0);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_join(threads[i], NULL), 0);
}

struct shared {
	struct doca_dev *dev;
	atomic_int in_use_refusals;
};

/* A family's object: holds the device, uses its PD, releases it. */
static void *user(void *arg)
{
	struct shared *shared = arg;

	for (int i = 0; i < ROUNDS; i++) {
		assert_int_equal(opendoca_dev_hold(shared->dev, "user"), DOCA_SUCCESS);
		assert_non_null(opendoca_dev_ibv_pd(shared->dev));
		assert_non_null(opendoca_dev_ibv_context(shared->dev));
		opendoca_dev_release(shared->dev);
	}
	return NULL;
}

/* Tries to close the device until it is closed: refused while a user holds it. */
static void *closer(void *arg)
{
	struct shared *shared = arg;

	for (;;) {
		doca_error_t err = doca_dev_close(shared->dev);

		if (err == DOCA_SUCCESS)
			return NULL;
		assert_int_equal(err, DOCA_ERROR_IN_USE);
		atomic_fetch_add(&shared->in_use_refusals, 1);
	}
}

static void users_and_a_closer(void **state)
{
	struct doca_devinfo **list;
	uint32_t count;
	struct shared shared = { .in_use_refusals = 0 };
	pthread_t threads[THREADS], closing;

	(void)state;
	assert_int_equal(doca_devinfo_create_list(&list, &count), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[0], &shared.dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	/* this test's own user keeps it open until the users are done */
	assert_int_equal(opendoca_dev_hold(shared.dev, "test"), DOCA_SUCCESS);
	assert_int_equal(pthread_create(&closing, NULL, closer, &shared), 0);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, user, &shared), 0);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_join(threads[i], NULL), 0);
	while (!atomic_load(&shared.in_use_refusals))
		sched_yield();
	opendoca_dev_release(shared.dev);
	assert_int_equal(pthread_join(closing, NULL), 0);
	assert_int_equal(opendoca_dev_users(shared.dev), 0);
}

struct race {
	struct doca_devinfo **list;
	struct doca_devinfo *devinfo;
	struct doca_dev *dev;
	doca_error_t opened;
};

static void *open_it(void *arg)
{
	struct race *race = arg;

	race->opened = doca_dev_open(race->devinfo, &race->dev);
	return NULL;
}

static void *destroy_it(void *arg)
{
	struct race *race = arg;

	assert_int_equal(doca_devinfo_destroy_list(race->list), DOCA_SUCCESS);
	return NULL;
}

/* The device opens (and then keeps its devinfo) or the devinfo is gone: nothing in between. */
static void a_list_destroyed_while_its_devinfo_opens(void **state)
{
	(void)state;
	for (int i = 0; i < ROUNDS; i++) {
		struct race race = { .dev = NULL };
		uint32_t count;
		pthread_t opener, destroyer;

		assert_int_equal(doca_devinfo_create_list(&race.list, &count), DOCA_SUCCESS);
		race.devinfo = race.list[0];
		assert_int_equal(pthread_create(&opener, NULL, open_it, &race), 0);
		assert_int_equal(pthread_create(&destroyer, NULL, destroy_it, &race), 0);
		assert_int_equal(pthread_join(opener, NULL), 0);
		assert_int_equal(pthread_join(destroyer, NULL), 0);
		if (race.opened == DOCA_SUCCESS) {
			assert_ptr_equal(doca_dev_as_devinfo(race.dev), race.devinfo);
			assert_int_equal(doca_dev_close(race.dev), DOCA_SUCCESS);
		} else {
			assert_int_equal(race.opened, DOCA_ERROR_INVALID_VALUE);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(many_threads_list_open_and_close),
		cmocka_unit_test(users_and_a_closer),
		cmocka_unit_test(a_list_destroyed_while_its_devinfo_opens),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
