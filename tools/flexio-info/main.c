/*
 * flexio-info: what this OpenFlexIO library is and which FlexIO API releases it serves.
 *
 *   flexio-info [--help]
 *
 * Exit status: 0, 1 when the library refuses this program's version, 2 for a usage error.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <getopt.h>
#include <stdio.h>

#define EXIT_USAGE 2

static void usage(FILE *out)
{
	fprintf(out, "usage: flexio-info [--help]\n"
		     "Prints the FlexIO API version of libflexio.so.1, the API releases it serves (what\n"
		     "FLEXIO_VER_USED selects) and the version this program was built for.\n"
		     "  -h, --help   show this help\n");
}

static void print_version(const char *label, uint64_t v)
{
	printf("%s%llu.%llu.%llu\n", label, FLEXIO_VER_MAJOR(v), FLEXIO_VER_MINOR(v), FLEXIO_VER_SUB(v));
}

/* Returns -1 when the options are good, else the exit status (0 after --help). */
static int parse_options(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int option;

	/* getopt_long names what is wrong itself (unrecognized option, an argument --help does not take). */
	while ((option = getopt_long(argc, argv, "h", long_options, NULL)) != -1) {
		if (option == 'h') {
			usage(stdout);
			return 0;
		}
		usage(stderr);
		return EXIT_USAGE;
	}
	if (optind < argc) {
		fprintf(stderr, "flexio-info: unexpected argument '%s'\n", argv[optind]);
		usage(stderr);
		return EXIT_USAGE;
	}
	return -1;
}

int main(int argc, char **argv)
{
	int status = parse_options(argc, argv);

	if (status >= 0)
		return status;
	printf("OpenFlexIO libflexio.so.1: the FlexIO SDK API on a simulated BlueField-3 DPA\n");
	print_version("API version (FLEXIO_CURRENT_VERSION): ", flexio_version_get(NULL));
	printf("API releases served (FLEXIO_VER_USED), each from its first version:\n");
	print_version("  the older API (DOCA Driver APIs manual):                    ", FLEXIO_LAST_SUPPORTED_VERSION);
	print_version("  NVIDIA FlexIO 24.01 .. 24.07:                               ", FLEXIO_NV2401_FIRST_VERSION);
	print_version("  the FlexIO SDK API Reference Manual (NVIDIA 24.10 .. 25.x): ",
		      FLEXIO_CURRENT_EDITION_FIRST_VERSION);
	print_version("  the 26.x additions:                                         ",
		      FLEXIO_RELEASE_26_FIRST_VERSION);
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
		return 1;
	print_version("This program uses: ", FLEXIO_VER_USED);
	return 0;
}
