/* Device functions the binding tests (Python, Rust, Go) call through libbind_test_app.so. */
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_err.h>

/* Several arguments of several types: each is weighted so a swapped argument shows. */
__dpa_rpc__ uint64_t weighted_sum(uint64_t a, uint32_t b, int16_t c, uint8_t d, int64_t e)
{
	return a + 2 * (uint64_t)b + 3 * (int64_t)c + 4 * (uint64_t)d + 5 * e;
}

/* Sums len bytes of heap memory the host wrote. */
__dpa_rpc__ uint64_t sum_bytes(flexio_uintptr_t daddr, uint32_t len)
{
	const uint8_t *p = (const uint8_t *)daddr;
	uint64_t sum = 0;

	for (uint32_t i = 0; i < len; i++)
		sum += p[i];
	return sum;
}

/* Writes value + i to each of len bytes at daddr (the host reads them back). */
__dpa_rpc__ uint64_t fill_bytes(flexio_uintptr_t daddr, uint32_t len, uint8_t value)
{
	uint8_t *p = (uint8_t *)daddr;

	for (uint32_t i = 0; i < len; i++)
		p[i] = (uint8_t)(value + i);
	return len;
}

__dpa_rpc__ uint64_t greet(uint32_t n)
{
	flexio_dev_print("hello from the DPA, %u\n", n);
	return n;
}

/* A 4-byte load-reserved from an address that is not 4-byte aligned: the DPA faults (a misaligned
 * atomic; plain loads and stores are performed, as BlueField-3 performs them). */
__dpa_rpc__ uint64_t load_misaligned(flexio_uintptr_t daddr)
{
	uint64_t value;

	__asm__ volatile("lr.w %0, (%1)" : "=r"(value) : "r"(daddr + 1) : "memory");
	return value;
}

/* The benchmark's empty call. */
__dpa_rpc__ uint64_t nop(void)
{
	return 0;
}

/* Stops the process with a user error: its status is code (flexio_dev_error). */
__dpa_rpc__ uint64_t user_error(uint64_t code)
{
	flexio_dev_error((uint8_t)code);
	return 0;
}

/* ---- event handlers ---------------------------------------------------------------------- */

/* The record the binding tests' event handler keeps in heap memory (its argument is the
 * record's address): the host polls count. */
struct handler_record {
	uint64_t count;     /* invocations so far: written last */
	uint64_t thread_id; /* flexio_dev_get_thread_id of the handler's thread */
	char name[64];      /* the thread's name (flexio_dev_get_current_thread_name), cut to 63 bytes */
};

/* An event handler: records its thread's id and name, counts the invocation, waits for the
 * next trigger. */
__dpa_global__ void count_invocations(uint64_t record_daddr)
{
	struct handler_record *r = (struct handler_record *)record_daddr;
	const char *name = flexio_dev_get_current_thread_name();
	struct flexio_dev_thread_ctx *dtctx;
	uint32_t i;

	flexio_dev_get_thread_ctx(&dtctx);
	r->thread_id = flexio_dev_get_thread_id(dtctx);
	for (i = 0; i + 1 < sizeof(r->name) && name[i]; i++)
		r->name[i] = name[i];
	r->name[i] = '\0';
	__atomic_add_fetch(&r->count, 1, __ATOMIC_RELEASE);
	flexio_dev_thread_reschedule();
}

/* Triggers the event handler with activation_id, as another DPA thread of the process would. */
__dpa_rpc__ uint64_t activate_handler(uint32_t activation_id)
{
	flexio_dev_event_handler_activate(activation_id);
	return 0;
}
