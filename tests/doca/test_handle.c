/*
 * The handles of the DOCA objects (doca/common/private.h): a handle names its object until
 * destroyed, a destroyed one is refused even once its slot and memory were reused, a reference
 * keeps an object alive past its destruction, and kinds are told apart.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "private.h"

static const struct opendoca_kind widget = { "widget" }, gadget = { "gadget" };

struct thing {
	struct opendoca_object object;
	int value;
	int *freed; /* counts the frees */
};

static void thing_free(struct opendoca_object *object)
{
	struct thing *thing = (struct thing *)object;

	(*thing->freed)++;
	free(thing);
}

static void *thing_new(const struct opendoca_kind *kind, int value, int *freed)
{
	struct thing *thing = calloc(1, sizeof(*thing));
	void *handle;

	assert_non_null(thing);
	thing->value = value;
	thing->freed = freed;
	handle = opendoca_handle_open(&thing->object, kind, thing_free);
	assert_non_null(handle);
	assert_ptr_not_equal(handle, thing);
	return handle;
}

static void destroy(void *handle, const struct opendoca_kind *kind)
{
	struct opendoca_object *object = opendoca_handle_close(handle, kind, "destroy");

	assert_non_null(object);
	opendoca_handle_put(object);
	opendoca_handle_put(object);
}

static void a_handle_names_its_object_until_destroyed(void **state)
{
	int freed = 0;
	void *handle = thing_new(&widget, 42, &freed);
	struct thing *thing = opendoca_handle_get(handle, &widget, __func__);

	(void)state;
	assert_non_null(thing);
	assert_int_equal(thing->value, 42);
	assert_ptr_equal(opendoca_handle_of(&thing->object), handle);
	opendoca_handle_put(&thing->object);
	destroy(handle, &widget);
	assert_int_equal(freed, 1);
	assert_null(opendoca_handle_get(handle, &widget, "doca_widget_use"));
	assert_int_equal(opendoca_last_error(), DOCA_ERROR_INVALID_VALUE);
	assert_non_null(strstr(opendoca_last_error_message(), "is not a live widget"));
	/* Destroying twice: the second is refused. */
	assert_null(opendoca_handle_close(handle, &widget, "doca_widget_destroy"));
}

static void kinds_and_foreign_pointers_are_refused(void **state)
{
	int freed = 0, local = 0;
	void *handle = thing_new(&widget, 1, &freed);

	(void)state;
	assert_null(opendoca_handle_get(handle, &gadget, __func__));
	assert_non_null(strstr(opendoca_last_error_message(), "is not a live gadget"));
	assert_null(opendoca_handle_get(NULL, &widget, __func__));
	assert_null(opendoca_handle_get(&local, &widget, __func__));
	assert_null(opendoca_handle_try_get((char *)handle + 1, &widget));
	destroy(handle, &widget);
}

static void a_reference_outlives_the_destruction(void **state)
{
	int freed = 0;
	void *handle = thing_new(&widget, 7, &freed);
	struct thing *thing = opendoca_handle_get(handle, &widget, __func__);

	(void)state;
	destroy(handle, &widget);
	assert_int_equal(freed, 0); /* the call in flight still holds it */
	assert_int_equal(thing->value, 7);
	opendoca_handle_hold(&thing->object);
	opendoca_handle_put(&thing->object);
	assert_int_equal(freed, 0);
	opendoca_handle_put(&thing->object);
	assert_int_equal(freed, 1);
}

static void a_stale_handle_stays_refused_after_reuse(void **state)
{
	enum {
		MANY = 3000
	}; /* more than the freed slots that wait before one is reused */
	static void *old[MANY], *fresh[MANY];
	int freed = 0;

	(void)state;
	for (int i = 0; i < MANY; i++)
		old[i] = thing_new(&widget, i, &freed);
	for (int i = 0; i < MANY; i++)
		destroy(old[i], &widget);
	for (int i = 0; i < MANY; i++)
		fresh[i] = thing_new(&widget, MANY + i, &freed);
	for (int i = 0; i < MANY; i++) {
		struct thing *thing = opendoca_handle_try_get(fresh[i], &widget);

		assert_null(opendoca_handle_try_get(old[i], &widget));
		assert_non_null(thing);
		assert_int_equal(thing->value, MANY + i);
		opendoca_handle_put(&thing->object);
	}
	for (int i = 0; i < MANY; i++)
		destroy(fresh[i], &widget);
	assert_int_equal(freed, 2 * MANY);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_handle_names_its_object_until_destroyed),
		cmocka_unit_test(kinds_and_foreign_pointers_are_refused),
		cmocka_unit_test(a_reference_outlives_the_destruction),
		cmocka_unit_test(a_stale_handle_stays_refused_after_reuse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
