/*
 * Device code the GDB test debugs (built with -g -O0, so locals live in the frame): an RPC that
 * calls a device function and adds to a global (watched), an event handler that stays idle, a
 * second DPA thread to list; an RPC that spins until the debugger stops it (interrupted), and
 * one that faults; an event handler that spins until its program destroys it, and an RPC that
 * activates it.
 */
#include <libflexio-dev/flexio_dev.h>

/* gdb_rpc adds its result: the test's watchpoints are on it. */
uint64_t gdb_total;
/* gdb_spin runs until the debugger sets it. */
volatile uint32_t gdb_spin_stop;

/* The function the debugger stops in. */
__attribute__((noinline)) uint64_t gdb_scale(uint64_t value, uint64_t factor)
{
	uint64_t product = value * factor;
	uint64_t bumped = product + 1;

	return bumped;
}

__dpa_rpc__ uint64_t gdb_rpc(uint64_t value)
{
	uint64_t result = gdb_scale(value, 3);

	gdb_total += result;
	return result;
}

/* Spins (counting its turns) until gdb_spin_stop is set. */
__dpa_rpc__ uint64_t gdb_spin(uint64_t arg)
{
	uint64_t turns = 0;

	while (!gdb_spin_stop)
		turns++;
	return arg + turns;
}

/* A 4-byte atomic store (amoswap.w) offset bytes into gdb_total: misaligned for an odd offset, a
 * fault (misaligned atomics fault; plain stores are performed, as BlueField-3 performs them). */
__dpa_rpc__ uint64_t gdb_fault(uint64_t offset)
{
	uint64_t old;

	__asm__ volatile("amoswap.w %0, %1, (%2)"
			 : "=r"(old)
			 : "r"(1ull), "r"((uintptr_t)&gdb_total + offset)
			 : "memory");
	return 0;
}

__dpa_global__ void gdb_handler(uint64_t arg)
{
	(void)arg;
	flexio_dev_thread_reschedule();
}

/* gdb_spin_handler spins until the host destroys its handler (which cuts the invocation). */
volatile uint32_t gdb_spin_handler_stop;

__dpa_global__ void gdb_spin_handler(uint64_t arg)
{
	(void)arg;
	while (!gdb_spin_handler_stop)
		;
	flexio_dev_thread_reschedule();
}

__dpa_rpc__ uint64_t gdb_activate(uint32_t activation_id)
{
	flexio_dev_event_handler_activate(activation_id);
	return 0;
}
