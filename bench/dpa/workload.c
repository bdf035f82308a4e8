/*
 * A CPU-bound RV64 workload for the engine benchmark: sieve, CRC-32, quicksort, recursive calls
 * and integer arithmetic. Freestanding: _start parses the round count from argv[1], prints the
 * checksum with the write ecall and exits through exit, so qemu-riscv64 runs it unchanged.
 * dpa-bench also calls bench_kernel, bench_identity and bench_ecalls directly.
 */
#include <stddef.h>
#include <stdint.h>

#include "dpa_ecall.h"

#define SIEVE_SIZE 8192
#define SORT_SIZE 1024
#define CRC_SIZE 4096

/* Per-hart scratch memory, so that many harts can run the kernel at once. */
struct workspace {
	uint8_t sieve_flags[SIEVE_SIZE];
	uint32_t sort_data[SORT_SIZE];
	uint8_t crc_data[CRC_SIZE];
};

static struct workspace main_workspace;

static long syscall3(long n, long a, long b, long c)
{
	register long a0 __asm__("a0") = a;
	register long a1 __asm__("a1") = b;
	register long a2 __asm__("a2") = c;
	register long a7 __asm__("a7") = n;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
	return a0;
}

static uint32_t sieve(uint8_t *sieve_flags)
{
	uint32_t count = 0;
	for (uint32_t i = 0; i < SIEVE_SIZE; i++)
		sieve_flags[i] = 1;
	for (uint32_t i = 2; i < SIEVE_SIZE; i++) {
		if (!sieve_flags[i])
			continue;
		count++;
		for (uint32_t j = i * 2; j < SIEVE_SIZE; j += i)
			sieve_flags[j] = 0;
	}
	return count;
}

static uint32_t crc32(const uint8_t *p, size_t n)
{
	uint32_t crc = ~0u;
	for (size_t i = 0; i < n; i++) {
		crc ^= p[i];
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static void quicksort(uint32_t *a, long lo, long hi)
{
	while (lo < hi) {
		uint32_t pivot = a[(lo + hi) / 2];
		long i = lo, j = hi;
		while (i <= j) {
			while (a[i] < pivot)
				i++;
			while (a[j] > pivot)
				j--;
			if (i <= j) {
				uint32_t t = a[i];
				a[i++] = a[j];
				a[j--] = t;
			}
		}
		if (j - lo < hi - i) {
			quicksort(a, lo, j);
			lo = i;
		} else {
			quicksort(a, i, hi);
			hi = j;
		}
	}
}

static __attribute__((noinline)) uint64_t fib(unsigned n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static uint64_t arith(uint64_t x)
{
	uint64_t acc = 0;
	for (unsigned i = 1; i < 2000; i++) {
		acc += (x * i) ^ (acc >> 7);
		acc += (x / i) % 97;
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	}
	return acc;
}

uint64_t bench_kernel(uint64_t rounds, struct workspace *ws)
{
	uint64_t sum = 0, seed = 12345;
	uint8_t *crc_data = ws->crc_data;
	uint32_t *sort_data = ws->sort_data;
	for (uint64_t r = 0; r < rounds; r++) {
		sum += sieve(ws->sieve_flags);
		for (size_t i = 0; i < CRC_SIZE; i++)
			crc_data[i] = (uint8_t)(i * 31 + r);
		sum += crc32(crc_data, CRC_SIZE);
		for (size_t i = 0; i < SORT_SIZE; i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			sort_data[i] = (uint32_t)(seed >> 33);
		}
		quicksort(sort_data, 0, SORT_SIZE - 1);
		sum += sort_data[SORT_SIZE / 2];
		sum += fib(18);
		sum += arith(sum);
	}
	return sum;
}

/* For the call-latency measurement. */
__attribute__((noinline)) uint64_t bench_identity(uint64_t x)
{
	return x;
}

/* n iterations of the same loop, with and without an ecall to service `number`. */
__attribute__((noinline)) void bench_ecalls(uint64_t n, uint64_t number)
{
	register uint64_t a7 __asm__("a7") = number;
	for (; n != 0; n--) {
		register uint64_t a0 __asm__("a0") = n;
		__asm__ volatile("ecall" : "+r"(a0) : "r"(a7) : "memory");
	}
}

__attribute__((noinline)) void bench_no_ecalls(uint64_t n, uint64_t number)
{
	register uint64_t a7 __asm__("a7") = number;
	for (; n != 0; n--) {
		register uint64_t a0 __asm__("a0") = n;
		__asm__ volatile("nop" : "+r"(a0) : "r"(a7) : "memory");
	}
}

static uint64_t parse(const char *s)
{
	uint64_t v = 0;
	while (s != NULL && *s >= '0' && *s <= '9')
		v = v * 10 + (uint64_t)(*s++ - '0');
	return v;
}

__attribute__((used)) static void start_c(long *sp)
{
	long argc = sp[0];
	char **argv = (char **)(sp + 1);
	uint64_t rounds = argc > 1 ? parse(argv[1]) : 10;
	uint64_t sum = bench_kernel(rounds, &main_workspace);
	char line[20];
	for (int i = 0; i < 16; i++)
		line[i] = "0123456789abcdef"[(sum >> (60 - 4 * i)) & 15];
	line[16] = '\n';
	syscall3(DPA_ECALL_LINUX_WRITE, 1, (long)line, 17);
	syscall3(DPA_ECALL_LINUX_EXIT, 0, 0, 0);
	for (;;)
		;
}

__asm__(".globl _start\n"
	"_start:\n"
	"  mv a0, sp\n"
	"  call start_c\n");
