/* Exit statuses through exit and exit_group: "exit_status exit|exit_group
 * N" ends the process with status N, which the kernel truncates to 8 bits. */
#include "runtime.h"

static int64_t parse_decimal(const char *text)
{
	int64_t value = 0;
	int negative = *text == '-';
	for (text += negative; *text >= '0' && *text <= '9'; text++)
		value = value * 10 + (*text - '0');
	return negative ? -value : value;
}

int test_main(long argc, char **argv)
{
	if (argc != 3) {
		rt_print("usage: exit_status exit|exit_group STATUS\n");
		return 2;
	}
	int status = (int)parse_decimal(argv[2]);
	rt_print("exiting with ");
	rt_print_dec(status);
	rt_print_char('\n');
	if (argv[1][0] == 'e' && argv[1][4] == '_')
		rt_exit_group(status);
	rt_exit(status);
}
