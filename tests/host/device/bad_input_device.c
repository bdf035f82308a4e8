/*
 * The device side of the bad-input tests (test_bad_input*.c): a function of each kind the host
 * API takes, and a data symbol, which is not a function.
 */
#include <libflexio-dev/flexio_dev.h>

/* A word of data: a symbol of the ELF that is not code. */
uint64_t bad_input_data = 1;

/* An RPC of two arguments (flexio_process_call_args counts them). */
__dpa_rpc__ uint64_t bad_input_add(uint64_t a, uint64_t b)
{
	return a + b;
}

/* A task / error handler: void f(uint64_t arg). */
__dpa_global__ void bad_input_task(uint64_t arg)
{
	(void)arg;
}
