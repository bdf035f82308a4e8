/**
 * @file
 * @brief OpenFlexIO — dpaintrin.h: DPA intrinsics (memory fences, cache control,
 * per-execution-unit counters, Q16.16 fixed-point helpers).
 *
 * The DPA memory model (DPA programming guide, "Memory Model"):
 *   - coherent but weakly ordered: without a fence, other observers may see a
 *     thread's writes in any order;
 *   - a thread always reads back its own last write to an address;
 *   - aligned accesses of up to 8 bytes are indivisible; unaligned accesses are
 *     not supported (the simulated DPA faults on them);
 *   - DPA thread -> NIC engine is NOT coherent: data the NIC reads (WQEs,
 *     doorbell records, CQ consumer indexes) must be written back with
 *     __dpa_thread_memory_writeback() (DPA memory) or
 *     __dpa_thread_window_writeback() (window memory) before the doorbell;
 *   - window (external) memory is cached: reads may be served from the cache
 *     until __dpa_thread_window_read_inv(), writes are not visible outside the
 *     DPA until __dpa_thread_window_writeback();
 *   - fences order; they may also write data back as a side effect, but a
 *     program must not rely on that (the simulator's strict mode does not).
 *
 * Every fence, cache-control operation and counter read is a compiler barrier:
 * the compiler does not move memory accesses across it.
 *
 * Implementation on the simulated DPA (RV64): fences are RISC-V FENCE
 * instructions (see __DPA_FENCE_PRED_SUCC below for the encoding of memory
 * spaces), cache-control operations are ecalls (<libflexio-dev/flexio_dev_ecall.h>),
 * counters are the rdcycle / rdtime / rdinstret instructions, and the
 * fixed-point functions are plain C.  On other targets (host-side unit tests)
 * only the memory-space names and the fixed-point functions are available.
 */
#ifndef OPENFLEXIO_DPAINTRIN_H
#define OPENFLEXIO_DPAINTRIN_H

#include <stdint.h>

#include <libflexio-dev/flexio_dev_ecall.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* DPACC keywords                                                            */
/* ------------------------------------------------------------------------ */

/*
 * __dpa_global__ marks event handlers (and user data types passed from the
 * host); __dpa_rpc__ marks RPC handlers (returning uint64_t).  They are
 * keywords of NVIDIA's dpa-clang; OpenFlexIO's dpacc driver defines them on
 * its own command line (-D__dpa_global__=... -D__dpa_rpc__=...) and finds the
 * annotated functions itself.  When a device source is compiled by a plain
 * compiler (tests, IDE indexers) they expand to nothing.
 */
#ifndef __dpa_global__
/** @brief Marks an event handler (or a user data type passed from the host) for dpacc. @since 23.x */
#define __dpa_global__
#endif
#ifndef __dpa_rpc__
/** @brief Marks an RPC handler (returning uint64_t) for dpacc. @since 23.x */
#define __dpa_rpc__
#endif

/* ------------------------------------------------------------------------ */
/* Memory spaces and operation sets                                          */
/* ------------------------------------------------------------------------ */

/*
 * Memory spaces are bit sets: __DPA_SYSTEM is __DPA_MEMORY | __DPA_MMIO, and
 * __DPA_HEAP is treated as part of __DPA_MEMORY.  They are integer constant
 * expressions, usable in #if.
 */
#ifndef __DPA_HEAP
/**
 * @brief Memory space: locations within the DPA process heap.
 * @since 23.x
 */
#define __DPA_HEAP 0x1
#endif
#ifndef __DPA_MEMORY
/**
 * @brief Memory space: all memory of the DPA process (stack, heap, BSS, data), except memory-mapped I/O.
 * @since 23.x
 */
#define __DPA_MEMORY 0x2
#endif
#ifndef __DPA_MMIO
/**
 * @brief Memory space: external memory reached through memory-mapped I/O (window and outbox apertures).
 * @since 23.x
 */
#define __DPA_MMIO 0x4
#endif
#ifndef __DPA_SYSTEM
/**
 * @brief Memory space: everything the thread can reach, __DPA_MEMORY and __DPA_MMIO.
 * @since 23.x
 */
#define __DPA_SYSTEM (__DPA_MEMORY | __DPA_MMIO)
#endif

#ifndef __DPA_R
/**
 * @brief Fence operation set: reads.
 * @since 23.x
 */
#define __DPA_R 0x1
#endif
#ifndef __DPA_W
/**
 * @brief Fence operation set: writes.
 * @since 23.x
 */
#define __DPA_W 0x2
#endif
#ifndef __DPA_RW
/**
 * @brief Fence operation set: reads and writes.
 * @since 23.x
 */
#define __DPA_RW (__DPA_R | __DPA_W)
#endif

/** @cond INTERNAL */
/*
 * Internal: the RISC-V FENCE predecessor/successor bits (I=8, O=4, R=2, W=1)
 * for an operation set @ops in memory space @space.  DPA memory maps to the
 * R/W bits, MMIO (windows, outbox) to the device-I/O bits I/O:
 *     __DPA_MEMORY/__DPA_HEAP:  __DPA_R -> r,  __DPA_W -> w
 *     __DPA_MMIO:               __DPA_R -> i,  __DPA_W -> o
 *     __DPA_SYSTEM:             __DPA_R -> ir, __DPA_W -> ow
 * The simulator decodes fences with exactly this mapping.
 */
#define __DPA_FENCE_BITS(space, ops)                                                        \
	(((((space) & (__DPA_HEAP | __DPA_MEMORY)) != 0) ?                                  \
		  ((((ops) & __DPA_R) ? 0x2 : 0) | (((ops) & __DPA_W) ? 0x1 : 0)) :         \
		  0) |                                                                      \
	 ((((space) & __DPA_MMIO) != 0) ?                                                   \
		  ((((ops) & __DPA_R) ? 0x8 : 0) | (((ops) & __DPA_W) ? 0x4 : 0)) :         \
		  0))

/* Internal: the 12-bit immediate of FENCE (fm = 0) for a fence on @space. */
#define __DPA_FENCE_PRED_SUCC(space, pred, succ) \
	((__DPA_FENCE_BITS(space, pred) << 4) | __DPA_FENCE_BITS(space, succ))
/** @endcond */

/* ------------------------------------------------------------------------ */
/* Memory fences                                                             */
/* ------------------------------------------------------------------------ */

#if defined(__riscv)

/**
 * @brief Orders memory operations of the calling thread.
 * Every @p pred_op operation the thread made on @p memory_space before the
 * fence is performed and made visible to all DPA threads, the host, the NIC
 * engines and peer devices before any @p succ_op operation on that space after
 * it.  A compiler barrier.  The three arguments must be integer constant
 * expressions (the memory-space and operation macros), as with dpa-clang's built-in.
 * @param memory_space The memory space (__DPA_HEAP, __DPA_MEMORY, __DPA_MMIO, __DPA_SYSTEM).
 * @param pred_op The operations ordered before (__DPA_R, __DPA_W, __DPA_RW).
 * @param succ_op The operations ordered after (__DPA_R, __DPA_W, __DPA_RW).
 * @since 23.x
 */
#define __dpa_thread_fence(memory_space, pred_op, succ_op)                                 \
	__asm__ __volatile__(".insn i 0x0F, 0, x0, x0, %0"                                 \
			     :                                                             \
			     : "i"(__DPA_FENCE_PRED_SUCC((memory_space), (pred_op), (succ_op))) \
			     : "memory")

/**
 * @brief Orders all reads and writes to all memory: __dpa_thread_fence(__DPA_SYSTEM, __DPA_RW, __DPA_RW).
 * @since 23.x
 */
#define __dpa_thread_system_fence() __dpa_thread_fence(__DPA_SYSTEM, __DPA_RW, __DPA_RW)

/**
 * @brief Orders outbox (MMIO) accesses: __dpa_thread_fence(__DPA_MMIO, pred_op, succ_op).
 * @param pred_op The operations ordered before (__DPA_R, __DPA_W, __DPA_RW).
 * @param succ_op The operations ordered after.
 * @since 23.x
 */
#define __dpa_thread_outbox_fence(pred_op, succ_op) __dpa_thread_fence(__DPA_MMIO, pred_op, succ_op)

/**
 * @brief Orders window (MMIO) accesses: __dpa_thread_fence(__DPA_MMIO, pred_op, succ_op).
 * @param pred_op The operations ordered before (__DPA_R, __DPA_W, __DPA_RW).
 * @param succ_op The operations ordered after.
 * @since 23.x
 */
#define __dpa_thread_window_fence(pred_op, succ_op) __dpa_thread_fence(__DPA_MMIO, pred_op, succ_op)

/**
 * @brief Orders DPA memory accesses: __dpa_thread_fence(__DPA_MEMORY, pred_op, succ_op).
 * @param pred_op The operations ordered before (__DPA_R, __DPA_W, __DPA_RW).
 * @param succ_op The operations ordered after.
 * @since 23.x
 */
#define __dpa_thread_memory_fence(pred_op, succ_op) __dpa_thread_fence(__DPA_MEMORY, pred_op, succ_op)

/**
 * @brief A compiler barrier only: the compiler neither moves memory accesses across it nor keeps
 * memory values in registers over it; no instruction is emitted, so nothing is ordered for other
 * threads or the NIC (that is __dpa_thread_fence()'s job).
 * @since 25.10 (the DPA toolchain of DOCA 3.2, whose dpa_nvqual sample uses it)
 */
#define __dpa_compiler_barrier() __asm__ __volatile__("" : : : "memory")

/* ------------------------------------------------------------------------ */
/* Cache control                                                             */
/* ------------------------------------------------------------------------ */

/**
 * @brief Invalidates the calling thread's cached window contents.
 * Reads made after the call fetch external memory again.  Needed, for example,
 * inside a loop polling a flag that the host sets in its memory.  A compiler barrier.
 * @since 23.x
 */
static inline __attribute__((always_inline)) void __dpa_thread_window_read_inv(void)
{
	(void)__flexio_dev_ecall0(DPA_ECALL_WINDOW_INVALIDATE);
}

/**
 * @brief Writes back the calling thread's window writes.
 * They are visible to the DPA threads, the host, the NIC engines and peers
 * before any later write.  Needed before a doorbell for a WQE that lives in
 * external memory.  A compiler barrier.
 * @since 23.x
 */
static inline __attribute__((always_inline)) void __dpa_thread_window_writeback(void)
{
	(void)__flexio_dev_ecall0(DPA_ECALL_WINDOW_WRITEBACK);
}

/**
 * @brief Writes back the calling thread's writes to DPA memory.
 * They become visible to the NIC engines (and everyone else) before any later
 * write.  Needed after writing a WQE, a doorbell record or a CQ consumer index
 * in DPA memory and before ringing the doorbell.  (The programming guide also
 * calls it __dpa_thread_writeback_memory(); both names are provided.)  A
 * compiler barrier.
 * @since 23.x
 */
static inline __attribute__((always_inline)) void __dpa_thread_memory_writeback(void)
{
	(void)__flexio_dev_ecall0(DPA_ECALL_MEMORY_WRITEBACK);
}

/**
 * @brief Alias of __dpa_thread_memory_writeback(), the name used by the guide's text.
 * @since 23.x
 */
#define __dpa_thread_writeback_memory() __dpa_thread_memory_writeback()

/* ------------------------------------------------------------------------ */
/* Per-execution-unit counters                                               */
/* ------------------------------------------------------------------------ */

/**
 * @brief Returns the cycle count of the execution unit the thread runs on.
 * Meaningful only while the thread stays on that unit.  A compiler barrier.
 * @return The cycles, from an arbitrary origin.
 * @since 23.x
 */
static inline __attribute__((always_inline)) uint64_t __dpa_thread_cycles(void)
{
	uint64_t v;

	__asm__ __volatile__("rdcycle %0" : "=r"(v) : : "memory");
	return v;
}

/**
 * @brief Returns the timer ticks of the execution unit the thread runs on.
 * Meaningful only while the thread stays on that unit.  A compiler barrier.
 * @return The ticks, from an arbitrary origin.
 * @since 23.x
 */
static inline __attribute__((always_inline)) uint64_t __dpa_thread_time(void)
{
	uint64_t v;

	__asm__ __volatile__("rdtime %0" : "=r"(v) : : "memory");
	return v;
}

/**
 * @brief Returns the number of instructions retired by the execution unit the thread runs on.
 * Meaningful only while the thread stays on that unit.  A compiler barrier.
 * @return The instructions, from an arbitrary origin.
 * @since 23.x
 */
static inline __attribute__((always_inline)) uint64_t __dpa_thread_inst_ret(void)
{
	uint64_t v;

	__asm__ __volatile__("rdinstret %0" : "=r"(v) : : "memory");
	return v;
}

#endif /* __riscv */

/* ------------------------------------------------------------------------ */
/* Q16.16 fixed point                                                        */
/* ------------------------------------------------------------------------ */

/*
 * Q16.16: a signed 32-bit integer v stands for v / 65536.  The three functions
 * below are plain C (any target with GCC/Clang's 128-bit integer extension) and
 * return the exact mathematical result rounded to the nearest Q16.16 number,
 * ties away from zero.  The intermediate arithmetic keeps more than 40 guard
 * bits, so a result can only deviate for an input whose exact value lies within
 * 2^-25 ulp of a tie; none did among 4 million sampled inputs checked against a
 * long-double reference (all inputs for rcp up to |x| = 70000).  Results that do
 * not fit saturate to INT32_MAX / INT32_MIN.
 */

/** @cond INTERNAL */
/* Internal: floor(log2(x)) for x != 0. */
static inline __attribute__((always_inline)) int __dpa_fxp_ilog2_(uint32_t x)
{
	return 31 - __builtin_clz(x);
}

/** @endcond */

/**
 * @brief Base-2 logarithm in Q16.16 of an unsigned integer.
 * The input is an integer, not a Q16.16 number: __dpa_fxp_log2(8) == 3 << 16.
 * @param x The integer.
 * @return round(log2(@p x) * 65536); INT32_MIN for 0 (log2(0) is -infinity).
 * @since 23.x
 */
static inline __attribute__((always_inline)) int __dpa_fxp_log2(unsigned int x)
{
	__extension__ typedef unsigned __int128 u128_t;
	uint64_t m;
	uint32_t frac = 0;
	int e, i;

	if (x == 0)
		return INT32_MIN;
	e = __dpa_fxp_ilog2_(x);
	/* Mantissa in [1, 2) as Q2.61; squaring keeps it below 4 * 2^61 = 2^63. */
	m = (uint64_t)x << (61 - e);
	for (i = 0; i < 17; i++) {
		m = (uint64_t)(((u128_t)m * m) >> 61);
		frac <<= 1;
		if (m >= (2ULL << 61)) {
			m >>= 1;
			frac |= 1;
		}
	}
	/* frac = floor(frac(log2 x) * 2^17); (v + 1) >> 1 rounds to nearest exactly. */
	return (int)((((uint32_t)e << 17) + frac + 1) >> 1);
}

/**
 * @brief Reciprocal in Q16.16: 1 / (x / 65536) as a Q16.16 number, rounded to nearest.
 * Ties round away from zero.
 * @param x The Q16.16 number.
 * @return round(2^32 / @p x); INT32_MAX for 0; results beyond the Q16.16 range
 *         (|x| <= 2) saturate to INT32_MAX / INT32_MIN.
 * @since 23.x
 */
static inline __attribute__((always_inline)) int __dpa_fxp_rcp(int x)
{
	uint64_t ax, q;

	if (x == 0)
		return INT32_MAX;
	ax = x < 0 ? (uint64_t)0 - (uint64_t)(int64_t)x : (uint64_t)x;
	q = ((1ULL << 32) + (ax >> 1)) / ax;
	if (x > 0)
		return q > (uint64_t)INT32_MAX ? INT32_MAX : (int)q;
	return q > (1ULL << 31) ? INT32_MIN : (int)(0 - (int64_t)q);
}

/**
 * @brief Power of two in Q16.16: 2 raised to a Q16.16 exponent.
 * @param x The Q16.16 exponent.
 * @return round(2^(@p x / 65536) * 65536); INT32_MAX for exponents of 15.0 and
 *         above; 0 for very negative exponents.
 * @since 23.x
 */
static inline __attribute__((always_inline)) int __dpa_fxp_pow2(int x)
{
	__extension__ typedef unsigned __int128 u128_t;
	/* round(2^(2^-k) * 2^62) for k = 1..16. */
	static const uint64_t root2[16] = {
		0x5a827999fcef3242ULL, 0x4c1bf828c6dc54b8ULL, 0x45cae0f1f545eb73ULL,
		0x42d561b3e6243d8aULL, 0x4166c34c5615d0ecULL, 0x40b268f9de0183baULL,
		0x4058f6a7ecccd5b6ULL, 0x402c6be96af2fb58ULL, 0x4016321b687027a8ULL,
		0x400b18178ba33b14ULL, 0x40058bce410147e8ULL, 0x4002c5d7bff71dafULL,
		0x400162e807ee7e5bULL, 0x4000b1730df6a524ULL, 0x400058b9497b8152ULL,
		0x40002c5c955dd701ULL,
	};
	int ip = x >> 16;                       /* floor(x / 65536) */
	uint32_t fp = (uint32_t)x & 0xFFFFu;    /* x - ip * 65536 */
	uint64_t m = 1ULL << 62;                /* 2^(fp/65536) as Q2.62, in [1, 2) */
	unsigned int k, shift;

	if (ip >= 15)
		return INT32_MAX;
	for (k = 0; k < 16; k++)
		if (fp & (0x8000u >> k))
			m = (uint64_t)(((u128_t)m * root2[k]) >> 62);
	/* result = m * 2^(16 + ip) / 2^62 = m >> (46 - ip), rounded. */
	shift = (unsigned int)(46 - ip);
	if (shift >= 64)
		return 0;
	return (int)((m + (1ULL << (shift - 1))) >> shift);
}

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_DPAINTRIN_H */
