/*
 * One program, two objects built for different DOCA releases making the same call (doca_log),
 * linked against the same libdoca_common: each reaches its own form. Prints the lines each call
 * site is on, for check_binding.py to find in the log.
 */
#include <stdio.h>

#define DOCA_ALLOW_EXPERIMENTAL_API
#include <doca_log.h>

int caller_2_2(void);
int caller_3_0(void);

int main(void)
{
	int line_2_2, line_3_0;

	if (doca_log_backend_create_standard() != DOCA_SUCCESS)
		return 1;
	line_2_2 = caller_2_2();
	line_3_0 = caller_3_0();
	printf("lines %d %d\n", line_2_2, line_3_0);
	return 0;
}
