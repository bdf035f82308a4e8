/**
 * @file
 * @brief OpenFlexIO — ecall service numbers used by public inline device code.
 *
 * ABI between libflexio_dev (and the inline code of the public device
 * headers) and the simulated DPA; NOT FOR APPLICATIONS.  Programs use the
 * intrinsics of <dpaintrin.h> and the functions of <libflexio-dev/...>, never
 * these numbers directly.
 *
 * Calling convention (the same as the RISC-V Linux system-call convention):
 *   - a7 holds the service number;
 *   - a0..a5 hold up to six 64-bit arguments;
 *   - the result, if any, is returned in a0;
 *   - every other register (a1..a6 included) is preserved by the simulator;
 *   - an ecall is a full compiler barrier (the inline helpers below clobber
 *     "memory").
 *
 * Numbering: the simulator's services occupy [0x1000, 0x1100); the full table,
 * private to libflexio_dev and the simulator, is capi/ecall/dpa_ecall.h, which
 * includes this header.  The three services named here are emitted by public
 * inline code, so their numbers can never change.  Numbers below 0x1000 stay
 * free for the Linux-compatible write (64) and exit (93) calls that
 * qemu-riscv64 also understands.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_ECALL_H
#define OPENFLEXIO_FLEXIO_DEV_ECALL_H

#include <stdint.h>

/**
 * @brief Service of __dpa_thread_window_writeback().
 * Makes every write the calling thread made through its windows visible to the
 * host, NIC and peers.  No arguments, no result.
 * @since 24.10
 */
#define DPA_ECALL_WINDOW_WRITEBACK 0x1030

/**
 * @brief Service of __dpa_thread_window_read_inv().
 * Drops the calling thread's cached window reads, so later reads fetch external
 * memory again.  No arguments, no result.
 * @since 24.10
 */
#define DPA_ECALL_WINDOW_INVALIDATE 0x1031

/**
 * @brief Service of __dpa_thread_memory_writeback().
 * Makes every write the calling thread made to DPA process memory visible to the
 * NIC engines (WQEs, doorbell records, CQ consumer indexes).  No arguments, no result.
 * @since 24.10
 */
#define DPA_ECALL_MEMORY_WRITEBACK 0x1032

#if defined(__riscv)

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Issues a service call without arguments (internal: not for applications).
 * @param nr The service number.
 * @return a0 after the call (meaningless for services without a result).
 * @since 24.10
 */
static inline __attribute__((always_inline)) uint64_t __flexio_dev_ecall0(uint64_t nr)
{
	register uint64_t a7 __asm__("a7") = nr;
	register uint64_t a0 __asm__("a0");

	__asm__ __volatile__("ecall" : "=r"(a0) : "r"(a7) : "memory");
	return a0;
}

/**
 * @brief Issues a service call with one argument in a0 (internal: not for applications).
 * @param nr The service number.
 * @param arg0 The argument.
 * @return a0 after the call.
 * @since 24.10
 */
static inline __attribute__((always_inline)) uint64_t __flexio_dev_ecall1(uint64_t nr,
									   uint64_t arg0)
{
	register uint64_t a7 __asm__("a7") = nr;
	register uint64_t a0 __asm__("a0") = arg0;

	__asm__ __volatile__("ecall" : "+r"(a0) : "r"(a7) : "memory");
	return a0;
}

/**
 * @brief Issues a service call with two arguments in a0, a1 (internal: not for applications).
 * @param nr The service number.
 * @param arg0 The first argument.
 * @param arg1 The second argument.
 * @return a0 after the call.
 * @since 24.10
 */
static inline __attribute__((always_inline)) uint64_t __flexio_dev_ecall2(uint64_t nr,
									   uint64_t arg0,
									   uint64_t arg1)
{
	register uint64_t a7 __asm__("a7") = nr;
	register uint64_t a0 __asm__("a0") = arg0;
	register uint64_t a1 __asm__("a1") = arg1;

	__asm__ __volatile__("ecall" : "+r"(a0) : "r"(a7), "r"(a1) : "memory");
	return a0;
}

/**
 * @brief Issues a service call with three arguments in a0..a2 (internal: not for applications).
 * @param nr The service number.
 * @param arg0 The first argument.
 * @param arg1 The second argument.
 * @param arg2 The third argument.
 * @return a0 after the call.
 * @since 24.10
 */
static inline __attribute__((always_inline)) uint64_t __flexio_dev_ecall3(uint64_t nr,
									   uint64_t arg0,
									   uint64_t arg1,
									   uint64_t arg2)
{
	register uint64_t a7 __asm__("a7") = nr;
	register uint64_t a0 __asm__("a0") = arg0;
	register uint64_t a1 __asm__("a1") = arg1;
	register uint64_t a2 __asm__("a2") = arg2;

	__asm__ __volatile__("ecall" : "+r"(a0) : "r"(a7), "r"(a1), "r"(a2) : "memory");
	return a0;
}

#ifdef __cplusplus
}
#endif

#endif /* __riscv */

#endif /* OPENFLEXIO_FLEXIO_DEV_ECALL_H */
