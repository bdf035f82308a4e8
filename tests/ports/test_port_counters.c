/*
 * flexio_dev_nic_counters_config / _sample on the simulated device (core/providers/sim/sim_counters.c):
 * a DPA process samples the byte counters of mlx5_sim0's port 1 while frames cross the wire
 * to mlx5_sim1 (FLEXIO_SIM_PORTS set by main); an id that is no counter, and a sample never
 * configured, crash the process (the call fails).
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "port_dev.h"

extern flexio_func_t counters_config, counters_sample, counters_bad_id;

static flexio_process *process_on(struct port_dev *dev)
{
	flexio_app *app;
	flexio_process *p = NULL;

	assert_int_equal(flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "port_counters_test" }, &app), 0);
	assert_int_equal(flexio_process_create(dev->ctx, app, NULL, &p), FLEXIO_STATUS_SUCCESS);
	return p;
}

static uint64_t sample(flexio_process *p, uint64_t index)
{
	uint64_t value = ~0ull;

	assert_int_equal(flexio_process_call(p, &counters_sample, &value, index), FLEXIO_STATUS_SUCCESS);
	return value;
}

static void test_counters(void **state)
{
	struct port_dev a, b;
	uint8_t frame[PORT_DEV_SLOT];
	flexio_process *p;
	uint64_t ret;

	(void)state;
	assert_true(port_dev_open(&a, 0, true));
	assert_true(port_dev_open(&b, 1, true));
	p = process_on(&a);
	assert_int_equal(flexio_process_call(p, &counters_config, &ret, 0ull), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(sample(p, 0), 0);
	assert_int_equal(sample(p, 1), 0);
	for (unsigned n = 0; n < 3; n++) /* 300 bytes out of sim0 */
		assert_int_equal(port_dev_send(&a, frame, port_dev_frame(frame, n, 100)), 0);
	for (unsigned n = 0; n < 2; n++) /* 400 bytes into sim0 */
		assert_int_equal(port_dev_send(&b, frame, port_dev_frame(frame, n, 200)), 0);
	assert_int_equal(sample(p, 0), 400);
	assert_int_equal(sample(p, 1), 300);
	assert_int_equal(sample(p, 4), 0); /* port 2: none */
	assert_int_equal(flexio_process_destroy(p), FLEXIO_STATUS_SUCCESS);

	/* a sample never configured, and an id that is no counter: the process crashes */
	p = process_on(&a);
	assert_int_not_equal(flexio_process_call(p, &counters_sample, &ret, 0ull), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_destroy(p), FLEXIO_STATUS_SUCCESS);
	p = process_on(&a);
	assert_int_not_equal(flexio_process_call(p, &counters_bad_id, &ret, 0ull), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_process_destroy(p), FLEXIO_STATUS_SUCCESS);
	port_dev_close(&a);
	port_dev_close(&b);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counters),
	};

	setenv("FLEXIO_SIM_DEVICES", "2", 1);
	setenv("FLEXIO_SIM_PORTS", "mlx5_sim0:1=wire:mlx5_sim1:1", 1);
	unsetenv("FLEXIO_SIM_PORTS_FILE");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
