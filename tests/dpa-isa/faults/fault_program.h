/* Shared driver for the fault programs: "PROGRAM KIND" runs one access or
 * instruction of the named kind, printing a marker before and after it so
 * the fault tests can tell where the program stopped. */
#ifndef DPA_ISA_FAULT_PROGRAM_H
#define DPA_ISA_FAULT_PROGRAM_H

#include "runtime.h"

struct fault_case {
	const char *kind;
	void (*trigger)(uintptr_t argument);
};

static int strings_equal(const char *left, const char *right)
{
	while (*left && *left == *right) {
		left++;
		right++;
	}
	return *left == *right;
}

static uintptr_t parse_unsigned(const char *text)
{
	uintptr_t value = 0;
	for (; *text >= '0' && *text <= '9'; text++)
		value = value * 10 + (uintptr_t)(*text - '0');
	return value;
}

/* argv[2], when present, is a decimal argument for the case (an offset). */
static int run_fault_case(const struct fault_case *cases, size_t case_count, long argc, char **argv)
{
	if (argc < 2) {
		rt_print("usage: PROGRAM KIND [ARGUMENT]\n");
		return 2;
	}
	for (size_t index = 0; index < case_count; index++) {
		if (!strings_equal(cases[index].kind, argv[1]))
			continue;
		rt_print("before ");
		rt_print(argv[1]);
		rt_print_char('\n');
		cases[index].trigger(argc > 2 ? parse_unsigned(argv[2]) : 0);
		rt_print("survived ");
		rt_print(argv[1]);
		rt_print_char('\n');
		return 0;
	}
	rt_print("unknown kind ");
	rt_print(argv[1]);
	rt_print_char('\n');
	return 2;
}

#define FAULT_CASE_COUNT(cases) (sizeof(cases) / sizeof((cases)[0]))

#endif
