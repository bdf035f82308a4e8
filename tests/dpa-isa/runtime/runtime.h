/* Freestanding runtime for the ISA corpus: output through the Linux write
 * ecall, self-checks that count failures, and the final register dump.
 * Only what both qemu-riscv64 and dpa-sim-run provide is used. */
#ifndef DPA_ISA_RUNTIME_H
#define DPA_ISA_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#define RT_SYS_WRITE 64
#define RT_SYS_EXIT 93
#define RT_SYS_EXIT_GROUP 94

/* Corpus programs provide this; _start passes the Linux argc/argv. */
int test_main(long argc, char **argv);

long rt_write(int fd, const void *buf, size_t len);
_Noreturn void rt_exit(int status);
_Noreturn void rt_exit_group(int status);

/* Buffered stdout; a line is flushed as soon as it is complete so that the
 * output of a program that faults half-way still shows how far it got. */
void rt_print(const char *text);
void rt_print_hex(uint64_t value);
void rt_print_dec(int64_t value);
void rt_print_char(char c);
void rt_flush(void);

/* Prints "<label> <operands> -> <actual>" and, when actual != expected,
 * appends the expected value and counts a failure. operand_count is 0..2. */
void rt_check(const char *label, uint64_t operand_a, uint64_t operand_b, uint64_t actual, uint64_t expected,
	      unsigned operand_count);

/* Counts a failure and prints the reason for a non-value check. */
void rt_check_true(const char *label, int condition);

#endif
