/*
 * CoreMark port for bench/dpa: a static Linux RV64 program (the ISA corpus's runtime, output
 * through the write ecall) that qemu-riscv64, libriscv's emulator and dpa-sim-run run unchanged.
 * Seeds and the iteration count come from argv ("0 0 0x66 <iterations>": the performance run).
 * The run is timed from outside, so CoreMark's clock reads no time: it prints its 10-second
 * warning, and the CRC lines are what shows a correct run.
 */
#ifndef CORE_PORTME_H
#define CORE_PORTME_H

#include <stddef.h>
#include <stdint.h>

#define HAS_FLOAT 0
#define HAS_TIME_H 0
#define USE_CLOCK 0
#define HAS_STDIO 0
#define HAS_PRINTF 0
#define SEED_METHOD SEED_ARG
#define MEM_METHOD MEM_STATIC
#define MEM_LOCATION "STATIC"
#define MULTITHREAD 1
#define MAIN_HAS_NOARGC 0
#define MAIN_HAS_NORETURN 0
#define COMPILER_VERSION "clang " __clang_version__
#define COMPILER_FLAGS "-O2 (cmake/RiscvDeviceCompile.cmake)"

typedef int16_t ee_s16;
typedef uint16_t ee_u16;
typedef int32_t ee_s32;
typedef uint8_t ee_u8;
typedef uint32_t ee_u32;
typedef uintptr_t ee_ptr_int;
typedef size_t ee_size_t;
typedef ee_u32 CORE_TICKS;

/* Aligns an address up to 32 bits (the matrix algorithm's data). */
#define align_mem(x) (void *)(4 + (((ee_ptr_int)(x)-1) & ~3))

extern ee_u32 default_num_contexts;

typedef struct CORE_PORTABLE_S {
	ee_u8 portable_id;
} core_portable;

void portable_init(core_portable *p, int *argc, char *argv[]);
void portable_fini(core_portable *p);
int ee_printf(const char *fmt, ...);

#endif
