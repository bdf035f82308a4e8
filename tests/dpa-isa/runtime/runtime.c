#include "runtime.h"

/* Set by _start; see start.S for why sp is reported relative to it. A
 * program that moves sp to a buffer of its own (the random programs) stores
 * that buffer's address here so its dump stays comparable. */
uint64_t rt_sp_origin;
uint64_t rt_register_dump[32];
int rt_main_status;
static unsigned failure_count;

/* A program may mark a memory region to be dumped after the registers. */
extern const unsigned char rt_dump_region_start[] __attribute__((weak));
extern const unsigned char rt_dump_region_end[] __attribute__((weak));

static long syscall3(long number, long arg0, long arg1, long arg2)
{
	register long a0 __asm__("a0") = arg0;
	register long a1 __asm__("a1") = arg1;
	register long a2 __asm__("a2") = arg2;
	register long a7 __asm__("a7") = number;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
	return a0;
}

long rt_write(int fd, const void *buf, size_t len)
{
	return syscall3(RT_SYS_WRITE, fd, (long)buf, (long)len);
}

_Noreturn void rt_exit(int status)
{
	rt_flush();
	syscall3(RT_SYS_EXIT, status, 0, 0);
	__builtin_unreachable();
}

_Noreturn void rt_exit_group(int status)
{
	rt_flush();
	syscall3(RT_SYS_EXIT_GROUP, status, 0, 0);
	__builtin_unreachable();
}

static char output_buffer[512];
static size_t output_length;

void rt_flush(void)
{
	size_t written = 0;
	while (written < output_length) {
		long result = rt_write(1, output_buffer + written, output_length - written);
		if (result <= 0)
			break;
		written += (size_t)result;
	}
	output_length = 0;
}

void rt_print_char(char c)
{
	output_buffer[output_length++] = c;
	if (c == '\n' || output_length == sizeof(output_buffer))
		rt_flush();
}

void rt_print(const char *text)
{
	while (*text)
		rt_print_char(*text++);
}

void rt_print_hex(uint64_t value)
{
	for (int shift = 60; shift >= 0; shift -= 4)
		rt_print_char("0123456789abcdef"[(value >> shift) & 0xf]);
}

void rt_print_dec(int64_t value)
{
	char digits[20];
	int count = 0;
	uint64_t magnitude = value < 0 ? -(uint64_t)value : (uint64_t)value;
	if (value < 0)
		rt_print_char('-');
	do {
		digits[count++] = (char)('0' + magnitude % 10);
		magnitude /= 10;
	} while (magnitude);
	while (count)
		rt_print_char(digits[--count]);
}

static void print_label(const char *label)
{
	/* Pad to a column so diffs of two runs line up. */
	int length = 0;
	for (; label[length]; length++)
		rt_print_char(label[length]);
	for (; length < 14; length++)
		rt_print_char(' ');
}

void rt_check(const char *label, uint64_t operand_a, uint64_t operand_b, uint64_t actual, uint64_t expected,
	      unsigned operand_count)
{
	print_label(label);
	if (operand_count >= 1) {
		rt_print_char(' ');
		rt_print_hex(operand_a);
	}
	if (operand_count >= 2) {
		rt_print_char(' ');
		rt_print_hex(operand_b);
	}
	rt_print(" -> ");
	rt_print_hex(actual);
	if (actual != expected) {
		failure_count++;
		rt_print("  FAIL expected ");
		rt_print_hex(expected);
	}
	rt_print_char('\n');
}

void rt_check_true(const char *label, int condition)
{
	print_label(label);
	if (condition) {
		rt_print(" ok\n");
	} else {
		failure_count++;
		rt_print(" FAIL\n");
	}
}

static const char *const register_names[32] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
	"a6",   "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

static void dump_memory_region(void)
{
	const unsigned char *cursor = rt_dump_region_start;
	rt_print("memory\n");
	while (cursor < rt_dump_region_end) {
		const uint64_t *words = (const uint64_t *)cursor;
		rt_print_hex((uint64_t)(cursor - rt_dump_region_start));
		rt_print(":");
		for (int word = 0; word < 4 && cursor < rt_dump_region_end; word++) {
			rt_print_char(' ');
			rt_print_hex(words[word]);
			cursor += 8;
		}
		rt_print_char('\n');
	}
}

_Noreturn void rt_finish_with_register_dump(void)
{
	rt_print("registers\n");
	for (int index = 1; index < 32; index++) {
		uint64_t value = rt_register_dump[index];
		rt_print(register_names[index]);
		rt_print(index == 2 ? " (rel) = " : " = ");
		rt_print_hex(index == 2 ? value - rt_sp_origin : value);
		rt_print_char('\n');
	}
	if (rt_dump_region_start && rt_dump_region_end)
		dump_memory_region();
	if (failure_count) {
		rt_print("failures ");
		rt_print_dec(failure_count);
		rt_print_char('\n');
		rt_exit(failure_count > 100 ? 100 : (int)failure_count);
	}
	rt_exit(rt_main_status);
}

/* The compiler emits calls to these for aggregate copies and zeroing even
 * in freestanding code. */
void *memcpy(void *destination, const void *source, size_t length)
{
	unsigned char *to = destination;
	const unsigned char *from = source;
	while (length--)
		*to++ = *from++;
	return destination;
}

void *memset(void *destination, int value, size_t length)
{
	unsigned char *to = destination;
	while (length--)
		*to++ = (unsigned char)value;
	return destination;
}

void *memmove(void *destination, const void *source, size_t length)
{
	unsigned char *to = destination;
	const unsigned char *from = source;
	if (to < from)
		return memcpy(destination, source, length);
	while (length--)
		to[length] = from[length];
	return destination;
}

int memcmp(const void *left, const void *right, size_t length)
{
	const unsigned char *a = left, *b = right;
	for (; length; length--, a++, b++)
		if (*a != *b)
			return *a - *b;
	return 0;
}
