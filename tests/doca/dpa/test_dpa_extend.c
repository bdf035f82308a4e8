/*
 * doca_dpa_device_extend on the simulated device: bad arguments, a context not started, and the
 * refusal (DOCA_ERROR_NOT_SUPPORTED) of extending a context to another device, whose DPA code the
 * simulated DPA cannot serve. Every failure is one SDK line naming the function; nothing is
 * returned through extended_dpa.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <doca_dev.h>
#include <doca_dpa.h>

#include "mem_util.h"

extern struct doca_dpa_app *doca_dpa_kernels;

static void test_extend(void **state)
{
	static char untouched; /* what extended_dpa must still point at after every failure */
	struct doca_dev *dev = sim_dev_open(0), *other = sim_dev_open(1);
	struct doca_dpa *dpa, *extended = (struct doca_dpa *)&untouched;

	(void)state;
	expect_ok(doca_dpa_create(dev, &dpa));
	expect_ok(doca_dpa_set_app(dpa, doca_dpa_kernels));
	expect_fail(doca_dpa_device_extend(dpa, other, &extended), DOCA_ERROR_BAD_STATE, "doca_dpa_device_extend");
	expect_ok(doca_dpa_start(dpa));

	expect_fail(doca_dpa_device_extend(NULL, other, &extended), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	expect_fail(doca_dpa_device_extend(dpa, other, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	expect_fail(doca_dpa_device_extend(dpa, NULL, &extended), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	expect_fail(doca_dpa_device_extend(dpa, dev, &extended), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	expect_fail(doca_dpa_device_extend(dpa, other, &extended), DOCA_ERROR_NOT_SUPPORTED, "doca_dpa_device_extend");
	assert_ptr_equal(extended, (struct doca_dpa *)&untouched);
	/* the refusal held nothing: both devices close, the context stops and goes */
	expect_ok(doca_dpa_stop(dpa));
	expect_ok(doca_dpa_destroy(dpa));
	expect_fail(doca_dpa_device_extend(dpa, other, &extended), DOCA_ERROR_INVALID_VALUE, "doca_dpa_device_extend");
	sim_dev_close(other);
	sim_dev_close(dev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_extend),
	};

	sdk_log_capture();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
