/* CoreMark port for bench/dpa (core_portme.h): entry, output and a clock that reads no time. */
#include <stdarg.h>
#include <stdio.h>

#include "coremark.h"
#include "runtime.h"

ee_u32 default_num_contexts = 1;

/* CoreMark's main, renamed by the build (-Dmain=coremark_main). */
int coremark_main(int argc, char *argv[]);

int test_main(long argc, char **argv)
{
	rt_exit(coremark_main((int)argc, argv));
}

/* Formatted by picolibc into a buffer; CoreMark's lines are short. */
int ee_printf(const char *fmt, ...)
{
	char line[256];
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	rt_print(line);
	return len;
}

/* The benchmark measures the whole run from outside; inside, time stands still so that every
 * emulator prints the same thing. */
void start_time(void)
{
}

void stop_time(void)
{
}

CORE_TICKS get_time(void)
{
	return 0;
}

secs_ret time_in_secs(CORE_TICKS ticks)
{
	return (secs_ret)ticks;
}

void portable_init(core_portable *p, int *argc, char *argv[])
{
	(void)argc;
	(void)argv;
	p->portable_id = 1;
}

void portable_fini(core_portable *p)
{
	p->portable_id = 0;
}
