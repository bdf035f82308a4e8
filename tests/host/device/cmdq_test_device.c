/*
 * Device functions of the command-queue and error tests: tasks that record their argument in
 * heap memory, spin, fault or end the process; error handlers; RPCs to read results back.
 */
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

/* The record: rec[0] = tasks recorded, rec[1 + i] = the argument of the i-th. Set by set_record. */
static volatile uint64_t *rec;

/* A word of data for the older-edition test: a symbol that is not a function. */
uint64_t not_a_function = 1;

__dpa_rpc__ uint64_t set_record(flexio_uintptr_t daddr)
{
	rec = (volatile uint64_t *)daddr;
	return 0;
}

__dpa_rpc__ uint64_t read_u64(flexio_uintptr_t daddr)
{
	return *(volatile uint64_t *)daddr;
}

/* Writes value at daddr (the healthy core dump shows it). */
__dpa_rpc__ uint64_t write_u64(flexio_uintptr_t daddr, uint64_t value)
{
	*(volatile uint64_t *)daddr = value;
	return 0;
}

static void record(uint64_t arg)
{
	uint64_t n = __atomic_fetch_add(&rec[0], 1, __ATOMIC_SEQ_CST);

	rec[1 + n] = arg;
}

/* flexio_dev_async_rpc_handler_t: void f(uint64_t arg). */
__dpa_global__ void record_task(uint64_t arg)
{
	record(arg);
}

/* Spins arg & 0xffff iterations (other workers run meanwhile), then records arg. */
__dpa_global__ void spin_record_task(uint64_t arg)
{
	volatile uint64_t n = 0;

	for (uint64_t i = 0; i < (arg & 0xffff); i++)
		n += i;
	record(arg);
}

/* Ends its invocation instead of returning: still one task done. */
__dpa_global__ void finish_thread_task(uint64_t arg)
{
	record(arg);
	flexio_dev_thread_reschedule();
}

/* A store to daddr: with an unmapped address the thread faults with a0 = daddr. */
__dpa_global__ void fault_task(uint64_t daddr)
{
	*(volatile uint64_t *)daddr = 0x1234;
}

__dpa_global__ void error_task(uint64_t code)
{
	flexio_dev_error((uint8_t)code);
}

__dpa_global__ void finish_process_task(uint64_t unused)
{
	(void)unused;
	flexio_dev_process_finish();
}

__dpa_rpc__ uint64_t fault_rpc(flexio_uintptr_t daddr)
{
	return *(volatile uint64_t *)daddr;
}

/* The error handlers: say they ran, with their argument. */
__dpa_global__ void on_error(uint64_t arg)
{
	flexio_dev_print("error handler: status 0x%lx cause %lu thread %lu\n", (unsigned long)(arg & 0xff),
			 (unsigned long)((arg >> 8) & 0xff), (unsigned long)(arg >> 32));
}

__dpa_global__ void on_error_faulting(uint64_t arg)
{
	flexio_dev_print("faulting error handler: status 0x%lx\n", (unsigned long)(arg & 0xff));
	*(volatile uint64_t *)8 = arg;
}
