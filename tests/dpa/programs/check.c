/*
 * A freestanding RV64 program for dpa-sim-run and qemu-riscv64: prints a line per check and
 * exits 42 when every result matches. With argv[1] naming a fault it provokes that fault.
 */
#include <stddef.h>
#include <stdint.h>

#include "dpa_ecall.h"

static long sys3(long n, long a, long b, long c)
{
	register long a0 __asm__("a0") = a;
	register long a1 __asm__("a1") = b;
	register long a2 __asm__("a2") = c;
	register long a7 __asm__("a7") = n;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
	return a0;
}

static size_t length(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

static void print(const char *s)
{
	sys3(DPA_ECALL_LINUX_WRITE, 1, (long)s, (long)length(s));
}

static void print_hex(const char *label, uint64_t v)
{
	char buf[40];
	size_t n = 0;
	while (label[n] && n < 20) {
		buf[n] = label[n];
		n++;
	}
	buf[n++] = '=';
	for (int i = 15; i >= 0; i--)
		buf[n++] = "0123456789abcdef"[(v >> (4 * i)) & 15];
	buf[n++] = '\n';
	buf[n] = 0;
	print(buf);
}

static int equal(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

static volatile uint64_t sink;
static uint64_t words[4];

static __attribute__((noinline)) uint64_t divide(volatile int64_t a, volatile int64_t b)
{
	return (uint64_t)(a / b) ^ (uint64_t)(a % b) * 3;
}

static __attribute__((noinline)) uint64_t ackermann(uint64_t m, uint64_t n)
{
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ackermann(m - 1, 1);
	return ackermann(m - 1, ackermann(m, n - 1));
}

static int provoke(const char *what)
{
	uintptr_t misaligned = (uintptr_t)&words[0] + 4;
	/* A misaligned atomic faults; plain loads are performed, as BlueField-3 performs them. */
	if (equal(what, "misaligned"))
		__asm__ volatile("lr.d %0, (%1)" : "=r"(sink) : "r"(misaligned) : "memory");
	if (equal(what, "segv"))
		sink = *(volatile uint64_t *)16;
	if (equal(what, "ill"))
		__asm__ volatile(".word 0xffffffff");
	if (equal(what, "ebreak"))
		__asm__ volatile("ebreak");
	if (equal(what, "loop"))
		for (;;)
			__asm__ volatile("");
	if (equal(what, "exit7"))
		return 7;
	return -1;
}

static int run_checks(void)
{
	uint64_t sum = 0;
	sum += divide(-7, 2) + divide(100, 7) + divide(INT64_MIN + 1, -1);
	print_hex("div", sum);
	uint64_t bits = (uint64_t)__builtin_clzll(0x00f0000000000000ull) + (uint64_t)__builtin_ctzll(0x100) +
			(uint64_t)__builtin_popcountll(0xff0f) + __builtin_bswap64(0x0102030405060708ull);
	print_hex("bits", bits);
	uint64_t rot = 0x8000000000000001ull;
	for (int i = 0; i < 5; i++)
		rot = (rot << 3) | (rot >> 61);
	print_hex("rot", rot);
	print_hex("ack", ackermann(2, 3));
	__atomic_fetch_add(&words[1], 5, __ATOMIC_SEQ_CST);
	__atomic_fetch_or(&words[1], 0x100, __ATOMIC_SEQ_CST);
	uint64_t expected = 0x105;
	int swapped = __atomic_compare_exchange_n(&words[1], &expected, 7, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	uint32_t small = 3;
	__atomic_fetch_add((uint32_t *)&words[2], small, __ATOMIC_SEQ_CST);
	print_hex("atomic", words[1] * 16 + (uint64_t)swapped + words[2] * 256);
	int64_t neg = -1234567;
	print_hex("mulh", (uint64_t)(((__int128)neg * (__int128)0x123456789abcdefll) >> 64));
	uint32_t w = 0xfffffff0u;
	print_hex("word", (uint64_t)(int64_t)(int32_t)(w * 3u + 17u) + (w >> 3));
	return sum == divide(-7, 2) + divide(100, 7) + divide(INT64_MIN + 1, -1) && ackermann(2, 3) == 9 &&
			       words[1] == 7 && swapped
		       ? 42
		       : 1;
}

__attribute__((used)) static int start_c(long *sp)
{
	long argc = sp[0];
	char **argv = (char **)(sp + 1);
	if (argc != 3 && argc != 2)
		return 2;
	if (argc == 2)
		return provoke(argv[1]);
	print(argv[1]);
	print(argv[2]);
	print("\n");
	return run_checks();
}

__asm__(".globl _start\n"
	"_start:\n"
	"  mv a0, sp\n"
	"  call start_c\n"
	"  li a7, 93\n"
	"  ecall\n");
