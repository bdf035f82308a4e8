/* dpaintrin.h: fences, the compiler barrier, cache-control ecalls, counters and the Q16.16 fixed-point helpers. */
#include <stdint.h>

#include <dpaintrin.h>

#define CHECK(bit, cond) ((cond) ? 0 : (1ull << (bit)))

static volatile uint64_t shared_value;

__dpa_rpc__ uint64_t intrinsics_fences(void)
{
	shared_value = 1;
	__dpa_thread_memory_fence(__DPA_W, __DPA_W);
	__dpa_thread_outbox_fence(__DPA_RW, __DPA_W);
	__dpa_thread_window_fence(__DPA_R, __DPA_RW);
	__dpa_thread_fence(__DPA_HEAP, __DPA_RW, __DPA_RW);
	__dpa_thread_system_fence();
	__dpa_thread_memory_writeback();
	__dpa_thread_writeback_memory();
	__dpa_thread_window_writeback();
	__dpa_thread_window_read_inv();
	__dpa_compiler_barrier();
	return shared_value;
}

__dpa_rpc__ uint64_t intrinsics_counters(void)
{
	uint64_t cycles = __dpa_thread_cycles();
	uint64_t instret = __dpa_thread_inst_ret();
	uint64_t time = __dpa_thread_time();
	uint64_t failed = 0;
	volatile uint64_t spin = 0;

	for (int i = 0; i < 2000; i++)
		spin += (uint64_t)i;
	failed |= CHECK(0, __dpa_thread_cycles() > cycles + 2000);
	failed |= CHECK(1, __dpa_thread_inst_ret() > instret + 2000);
	failed |= CHECK(2, __dpa_thread_time() > time);
	failed |= CHECK(3, spin == 1999000);
	return failed;
}

__dpa_rpc__ uint64_t intrinsics_fxp(void)
{
	uint64_t failed = 0;

	failed |= CHECK(0, __dpa_fxp_log2(1) == 0);
	failed |= CHECK(1, __dpa_fxp_log2(2) == 0x10000);
	failed |= CHECK(2, __dpa_fxp_log2(1024) == 10 * 0x10000);
	failed |= CHECK(3, __dpa_fxp_log2(3) == 103872); /* round(log2(3) * 65536) */
	failed |= CHECK(4, __dpa_fxp_rcp(2 * 0x10000) == 0x8000);
	failed |= CHECK(5, __dpa_fxp_rcp(0x10000) == 0x10000);
	failed |= CHECK(6, __dpa_fxp_rcp(0) == INT32_MAX);
	failed |= CHECK(7, __dpa_fxp_pow2(0) == 0x10000);
	failed |= CHECK(8, __dpa_fxp_pow2(3 * 0x10000) == 8 * 0x10000);
	failed |= CHECK(9, __dpa_fxp_pow2(-0x10000) == 0x8000);
	failed |= CHECK(10, __dpa_fxp_pow2(0x8000) == 92682); /* round(sqrt(2) * 65536) */
	return failed;
}
