/*
 * DPA resources objects from many threads: one file read by all at once (each read has its own
 * parser), and destroys racing on one object, of which exactly one wins while the getters either
 * read it or refuse it (their lines go to stderr).
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdatomic.h>
#include <string.h>
#include <cmocka.h>

#define THREADS 8
#define ROUNDS 200

static const char file[] = "applications:\n"
			   "  - {key: t0, eus: [0]}\n  - {key: t1, eus: [1]}\n  - {key: t2, eus: [2]}\n"
			   "  - {key: t3, eus: [3]}\n  - {key: t4, eus: [4]}\n  - {key: t5, eus: [5]}\n"
			   "  - {key: t6, eus: [6]}\n  - {key: t7, eus: [7]}\n  - {key: shared, eus: [9, 8]}\n";

static void *reader(void *arg)
{
	const unsigned id = (unsigned)(uintptr_t)arg;
	char key[8];

	snprintf(key, sizeof(key), "t%u", id);
	for (int i = 0; i < ROUNDS; i++) {
		struct flexio_resource *res = NULL;

		if (flexio_resources_create(key, file, sizeof(file) - 1, &res) != FLEXIO_STATUS_SUCCESS ||
		    flexio_resources_get_eus_num(res) != 1 || flexio_resources_get_eus(res)[0] != id ||
		    flexio_resources_destroy(res) != FLEXIO_STATUS_SUCCESS)
			return (void *)1;
	}
	return NULL;
}

static void parallel_reads(void **state)
{
	pthread_t threads[THREADS];
	void *failed;

	(void)state;
	for (uintptr_t i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, reader, (void *)i), 0);
	for (int i = 0; i < THREADS; i++) {
		assert_int_equal(pthread_join(threads[i], &failed), 0);
		assert_null(failed);
	}
}

static struct flexio_resource *shared;
static atomic_int destroyed, start;

/* Destroys the shared object, or reads it: a getter sees it whole or refuses it (0). */
static void *racer(void *arg)
{
	while (!atomic_load(&start))
		;
	if ((uintptr_t)arg % 2) {
		if (flexio_resources_destroy(shared) == FLEXIO_STATUS_SUCCESS)
			atomic_fetch_add(&destroyed, 1);
	} else {
		uint32_t n = flexio_resources_get_eus_num(shared);

		if (n != 0 && n != 2)
			return (void *)1;
	}
	return NULL;
}

static void racing_destroys(void **state)
{
	pthread_t threads[THREADS];
	void *failed;

	(void)state;
	for (int round = 0; round < ROUNDS / 10; round++) {
		assert_int_equal(flexio_resources_create("shared", file, sizeof(file) - 1, &shared),
				 FLEXIO_STATUS_SUCCESS);
		atomic_store(&destroyed, 0);
		atomic_store(&start, 0);
		for (uintptr_t i = 0; i < THREADS; i++)
			assert_int_equal(pthread_create(&threads[i], NULL, racer, (void *)i), 0);
		atomic_store(&start, 1);
		for (int i = 0; i < THREADS; i++) {
			assert_int_equal(pthread_join(threads[i], &failed), 0);
			assert_null(failed);
		}
		assert_int_equal(atomic_load(&destroyed), 1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parallel_reads),
		cmocka_unit_test(racing_destroys),
	};

	return cmocka_run_group_tests_name("concurrency_resources", tests, NULL, NULL);
}
