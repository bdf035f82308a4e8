/* A freestanding RV64 program for dpa-sim-run, which runs it as qemu-riscv64 would: Linux
 * ecalls write (64) and exit (93), no libc. Prints a line and exits with status 7. */
static long linux_ecall(long number, long a0, long a1, long a2)
{
	register long r_a0 __asm__("a0") = a0;
	register long r_a1 __asm__("a1") = a1;
	register long r_a2 __asm__("a2") = a2;
	register long r_a7 __asm__("a7") = number;

	__asm__ volatile("ecall" : "+r"(r_a0) : "r"(r_a1), "r"(r_a2), "r"(r_a7) : "memory");
	return r_a0;
}

void _start(void)
{
	static const char line[] = "hello from dpa-sim-run\n";

	linux_ecall(64, 1, (long)line, sizeof(line) - 1);
	linux_ecall(93, 7, 0, 0);
	for (;;)
		;
}
