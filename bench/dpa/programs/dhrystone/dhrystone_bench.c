/*
 * Dhrystone (riscv-tests) for bench/dpa: "dhrystone N" runs Dhrystone's main N times, each time
 * its NUMBER_OF_RUNS (500) passes, then prints the final values that Dhrystone documents, with
 * what they should be (those of the global variables: its records live in main's stack frame,
 * gone once it returns). Dhrystone's own output reports its timing, which the benchmark measures
 * from outside, so printf prints nothing (as riscv-tests' debug_printf, in dhrystone.c).
 */
#include "dhrystone.h"
#include "runtime.h"

/* Dhrystone's main, renamed by the build (-Dmain=dhrystone_main). */
int dhrystone_main(int argc, char **argv);

extern int Int_Glob, Bool_Glob;
extern char Ch_1_Glob, Ch_2_Glob;
extern int Arr_1_Glob[50], Arr_2_Glob[50][50];

void setStats(int enable)
{
	(void)enable;
}

/* Each reading is one tick later: the measured time is never "too small", so each main() call
 * does exactly NUMBER_OF_RUNS passes. */
long bench_clock(void)
{
	static long ticks;
	return ++ticks;
}

int printf(const char *format, ...)
{
	(void)format;
	return 0;
}

static int failures;

static void check(const char *name, long value, long expected)
{
	rt_print(name);
	rt_print(" ");
	rt_print_dec(value);
	if (value != expected) {
		rt_print(" FAIL expected ");
		rt_print_dec(expected);
		failures++;
	}
	rt_print("\n");
}

int test_main(long argc, char **argv)
{
	long calls = 1;
	if (argc > 1) {
		calls = 0;
		for (const char *p = argv[1]; *p >= '0' && *p <= '9'; p++)
			calls = calls * 10 + (*p - '0');
	}
	for (long i = 0; i < calls; i++)
		dhrystone_main(argc, argv);
	rt_print("dhrystone runs ");
	rt_print_dec(calls * NUMBER_OF_RUNS);
	rt_print("\n");
	check("Int_Glob", Int_Glob, 5);
	check("Bool_Glob", Bool_Glob, 1);
	check("Ch_1_Glob", Ch_1_Glob, 'A');
	check("Ch_2_Glob", Ch_2_Glob, 'B');
	check("Arr_1_Glob[8]", Arr_1_Glob[8], 7);
	check("Arr_2_Glob[8][7]", Arr_2_Glob[8][7], NUMBER_OF_RUNS + 10);
	rt_exit(failures);
}
