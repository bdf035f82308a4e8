/* The Linux initial stack as the runner lays it out: argc, the argv
 * strings (including empty and non-ASCII ones), the NULL terminator and a
 * 16-byte aligned stack pointer. */
#include "runtime.h"

extern uint64_t rt_sp_origin;

static size_t string_length(const char *text)
{
	size_t length = 0;
	while (text[length])
		length++;
	return length;
}

int test_main(long argc, char **argv)
{
	rt_print("argc ");
	rt_print_dec(argc);
	rt_print_char('\n');
	rt_check_true("argc_on_stack", *(long *)rt_sp_origin == argc);
	rt_check_true("sp_16_aligned", rt_sp_origin % 16 == 0);
	rt_check_true("argv_after_argc", (uint64_t)argv == rt_sp_origin + 8);
	rt_check_true("argv_terminated", argv[argc] == NULL);

	/* argv[0] is the path the runner was given, which differs between the
     * two runs of a differential test, so only its presence is checked. */
	rt_check_true("argv0_nonempty", argc >= 1 && string_length(argv[0]) > 0);
	for (long index = 1; index < argc; index++) {
		rt_print("argv[");
		rt_print_dec(index);
		rt_print("] length ");
		rt_print_dec((int64_t)string_length(argv[index]));
		rt_print(" \"");
		rt_print(argv[index]);
		rt_print("\"\n");
		rt_check_true("argv_above_sp", (uint64_t)argv[index] > rt_sp_origin);
	}
	return 0;
}
