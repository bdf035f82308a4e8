/*
 * The DOCA argument parser: its life, parameters and their checks, the command line (every type,
 * short and long names, mandatory, repeated, singular flags, unknown ones), the order of the
 * callbacks, the log levels, --help and --version (which end the program), the usage text
 * (golden), the logger callback and DPDK programs. Each failing call writes one SDK log line.
 */
#include "argp_test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <doca_log.h>
#include <doca_version.h>

/* Callbacks that must not be called. */
static doca_error_t no_validation(void *config)
{
	(void)config;
	fail_msg("the validation callback was called");
	return DOCA_ERROR_UNEXPECTED;
}

static doca_error_t no_dpdk(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fail_msg("the DPDK callback was called");
	return DOCA_ERROR_UNEXPECTED;
}

/* ---------------------------------------------------------------------------------------------- */
/* The parser's life                                                                              */
/* ---------------------------------------------------------------------------------------------- */

static void init_and_destroy_pair(void **state)
{
	struct config cfg = { "" };
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_init] the argument parser is already initialised");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_destroy(), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_destroy] the argument parser is not initialised");
	/* Again after destroying; without a name (3.x: argv[0]'s), without a configuration. */
	assert_int_equal(doca_argp_init(NULL, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_init("", &cfg), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "the program name is empty");
	/* Nothing was made: destroy refuses. */
	assert_int_equal(doca_argp_destroy(), DOCA_ERROR_BAD_STATE);
}

static void everything_needs_the_parser(void **state)
{
	struct doca_argp_param *param;
	struct doca_argp_cmd *cmd;
	int level;
	long mark;

	(void)state;
	mark = sdk_mark();
	assert_int_equal(doca_argp_param_create(&param), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_param_create] the argument parser is not initialised");
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_create(&cmd), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_cmd_create]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_version_callback(record_bool), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_register_version_callback]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_validation_callback(no_validation), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_register_validation_callback]");
	mark = sdk_mark();
	doca_argp_set_dpdk_program(no_dpdk);
	assert_one_sdk_line(mark, "[doca_argp_set_dpdk_program]");
	mark = sdk_mark();
	assert_int_equal(START("-h"), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_start]");
	mark = sdk_mark();
	doca_argp_usage();
	assert_one_sdk_line(mark, "[doca_argp_usage]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_disable_logger_callback(), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_disable_logger_callback]");
	/* The levels need no parser: the process's. */
	assert_int_equal(doca_argp_get_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, DOCA_LOG_LEVEL_INFO);
	assert_int_equal(doca_argp_get_sdk_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, DOCA_LOG_LEVEL_WARNING);
	mark = sdk_mark();
	assert_int_equal(doca_argp_get_log_level(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_get_log_level] log_level is NULL");
	mark = sdk_mark();
	assert_int_equal(doca_argp_get_sdk_log_level(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_get_sdk_log_level] log_level is NULL");
}

static void start_checks_its_arguments(void **state)
{
	char *argv[] = { "prog", NULL, NULL };
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", NULL), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_start(0, argv), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "argv[0] at least is needed");
	mark = sdk_mark();
	assert_int_equal(doca_argp_start(1, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "argv[0] at least is needed");
	mark = sdk_mark();
	assert_int_equal(doca_argp_start(2, argv), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "argv[1] is NULL");
	/* Refused calls change nothing: the arguments are parsed once, then no more. */
	assert_int_equal(doca_argp_start(1, argv), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_start(1, argv), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "the arguments were already parsed");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* Parameters                                                                                     */
/* ---------------------------------------------------------------------------------------------- */

static void param_create_and_destroy(void **state)
{
	struct doca_argp_param *param;
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", NULL), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_param_create(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_param_create] param is NULL");
	assert_int_equal(doca_argp_param_create(&param), DOCA_SUCCESS);
	assert_int_equal(doca_argp_param_destroy(param), DOCA_SUCCESS);
	/* Destroyed: refused, by every function. */
	mark = sdk_mark();
	assert_int_equal(doca_argp_param_destroy(param), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_param_destroy]");
	mark = sdk_mark();
	doca_argp_param_set_long_name(param, "x");
	assert_one_sdk_line(mark, "[doca_argp_param_set_long_name]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_param(param), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_register_param]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_param_destroy(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_param_destroy]");
	/* A parameter created and left is the parser's to free (ASan's leak check says it does). */
	assert_int_equal(doca_argp_param_create(&param), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	mark = sdk_mark();
	doca_argp_param_set_mandatory(param);
	assert_one_sdk_line(mark, "[doca_argp_param_set_mandatory]");
}

/* Every setter refuses a NULL parameter with one line naming it. */
static void setters_refuse_null(void **state)
{
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", NULL), DOCA_SUCCESS);
#define REFUSED(call, text)                      \
	do {                                     \
		mark = sdk_mark();               \
		call;                            \
		assert_one_sdk_line(mark, text); \
	} while (0)
	REFUSED(doca_argp_param_set_short_name(NULL, "a"), "[doca_argp_param_set_short_name]");
	REFUSED(doca_argp_param_set_long_name(NULL, "a"), "[doca_argp_param_set_long_name]");
	REFUSED(doca_argp_param_set_arguments(NULL, "<a>"), "[doca_argp_param_set_arguments]");
	REFUSED(doca_argp_param_set_description(NULL, "a"), "[doca_argp_param_set_description]");
	REFUSED(doca_argp_param_set_callback(NULL, record_bool), "[doca_argp_param_set_callback]");
	REFUSED(doca_argp_param_set_type(NULL, DOCA_ARGP_TYPE_INT), "[doca_argp_param_set_type]");
	REFUSED(doca_argp_param_set_mandatory(NULL), "[doca_argp_param_set_mandatory]");
	REFUSED(doca_argp_param_set_cli_only(NULL), "[doca_argp_param_set_cli_only]");
	REFUSED(doca_argp_param_set_multiplicity(NULL), "[doca_argp_param_set_multiplicity]");
	REFUSED(doca_argp_param_set_singular(NULL), "[doca_argp_param_set_singular]");
	REFUSED(doca_argp_param_set_inherited(NULL), "[doca_argp_param_set_inherited]");
	REFUSED(doca_argp_param_set_hidden(NULL), "[doca_argp_param_set_hidden]");
	REFUSED(doca_argp_cmd_set_name(NULL, "a"), "[doca_argp_cmd_set_name]");
	REFUSED(doca_argp_cmd_set_description(NULL, "a"), "[doca_argp_cmd_set_description]");
	REFUSED(doca_argp_cmd_set_callback(NULL, NULL), "[doca_argp_cmd_set_callback]");
	REFUSED(doca_argp_cmd_set_hidden(NULL), "[doca_argp_cmd_set_hidden]");
	REFUSED(doca_argp_set_dpdk_program(NULL), "[doca_argp_set_dpdk_program]");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void setters_refuse_bad_values(void **state)
{
	struct config cfg = { "" };
	struct doca_argp_param *param;
	struct capture io;
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	param = make_param("n", "num", "a number", record_int, DOCA_ARGP_TYPE_INT, 0);
	REFUSED(doca_argp_param_set_short_name(param, NULL), "the short name is NULL");
	REFUSED(doca_argp_param_set_short_name(param, "-x"), "\"-x\" is not a short name");
	REFUSED(doca_argp_param_set_long_name(param, ""), "\"\" is not a long name");
	REFUSED(doca_argp_param_set_long_name(param, "two words"), "\"two words\" is not a long name");
	REFUSED(doca_argp_param_set_description(param, NULL), "the description is NULL");
	REFUSED(doca_argp_param_set_arguments(param, NULL), "the arguments text is NULL");
	REFUSED(doca_argp_param_set_callback(param, NULL), "the callback is NULL");
	REFUSED(doca_argp_param_set_type(param, DOCA_ARGP_TYPE_UNKNOWN), "0 is not a parameter type");
	REFUSED(doca_argp_param_set_type(param, (enum doca_argp_type)99), "99 is not a parameter type");
	/* Nothing changed: still -n/--num, an integer. */
	assert_int_equal(doca_argp_register_param(param), DOCA_SUCCESS);
	capture_begin(&io);
	assert_int_equal(START("--num", "7", "-n", "8"), DOCA_ERROR_INVALID_VALUE);
	capture_end(&io);
	assert_string_equal(io.err, "Param \"num\" should not appear more than once\n");
	capture_free(&io);
	assert_string_equal(cfg.calls, "i=7;");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void register_needs_the_mandatory_fields(void **state)
{
	struct doca_argp_param *param;
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", NULL), DOCA_SUCCESS);
	mark = sdk_mark();
	param = make_param(NULL, NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0);
	assert_int_equal(doca_argp_register_param(param), DOCA_ERROR_INITIALIZATION);
	assert_one_sdk_line(mark, "Missing param name, at least one name should be set.");
	/* argp owns it in every case: freed. */
	mark = sdk_mark();
	assert_int_equal(doca_argp_param_destroy(param), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_param_destroy]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_param(make_param("a", NULL, NULL, record_int, DOCA_ARGP_TYPE_INT, 0)),
			 DOCA_ERROR_INITIALIZATION);
	assert_one_sdk_line(mark, "Missing param description. (parameter -a)");
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_param(make_param(NULL, "bee", "d", NULL, DOCA_ARGP_TYPE_INT, 0)),
			 DOCA_ERROR_INITIALIZATION);
	assert_one_sdk_line(mark, "Missing param callback. (parameter --bee)");
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_param(make_param("c", "cee", "d", record_int, DOCA_ARGP_TYPE_UNKNOWN, 0)),
			 DOCA_ERROR_INITIALIZATION);
	assert_one_sdk_line(mark, "Missing param arguments type. (parameter --cee)");
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_param(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_register_param]");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void names_are_unique(void **state)
{
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", NULL), DOCA_SUCCESS);
	assert_int_equal(add_param("p", "pci-addr", "d", record_string, DOCA_ARGP_TYPE_STRING, 0), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(add_param("p", "other", "d", record_string, DOCA_ARGP_TYPE_STRING, 0),
			 DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "Param short name is already in use (parameter --other)");
	mark = sdk_mark();
	assert_int_equal(add_param("q", "pci-addr", "d", record_string, DOCA_ARGP_TYPE_STRING, 0),
			 DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "Param long name is already in use");
	/* argp's own: -h -v -l -j, --help --version --log-level --sdk-log-level --json. */
	const char *taken[][2] = { { "h", NULL },         { "v", NULL },
				   { "l", NULL },         { "j", NULL },
				   { NULL, "help" },      { NULL, "version" },
				   { NULL, "log-level" }, { NULL, "sdk-log-level" },
				   { NULL, "json" } };
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++) {
		mark = sdk_mark();
		assert_int_equal(add_param(taken[i][0], taken[i][1], "d", record_bool, DOCA_ARGP_TYPE_BOOLEAN, 0),
				 DOCA_ERROR_INVALID_VALUE);
		assert_one_sdk_line(mark, "Param name is used by DOCA general params");
	}
	/* A short name may be longer than a letter, and differ from a long one only by its dash. */
	assert_int_equal(add_param("pci-addr", NULL, "d", record_string, DOCA_ARGP_TYPE_STRING, 0), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void a_registered_param_is_argps(void **state)
{
	struct config cfg = { "" };
	struct doca_argp_param *param;
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	param = make_param("a", "aa", "d", record_int, DOCA_ARGP_TYPE_INT, 0);
	assert_int_equal(doca_argp_register_param(param), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_param(param), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "the parameter is already registered");
	mark = sdk_mark();
	assert_int_equal(doca_argp_param_destroy(param), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "the parameter is registered: argp frees it");
	REFUSED(doca_argp_param_set_long_name(param, "bb"), "the parameter is registered");
	REFUSED(doca_argp_param_set_mandatory(param), "the parameter is registered");
	/* After parsing, nothing is created or registered (and argp frees what it was given). */
	param = make_param(NULL, "late", "d", record_int, DOCA_ARGP_TYPE_INT, 0);
	assert_int_equal(START("--aa", "1"), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_param(param), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "the arguments were already parsed");
	mark = sdk_mark();
	assert_int_equal(doca_argp_param_destroy(param), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_param_destroy]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_param_create(&param), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "the arguments were already parsed");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* The command line                                                                               */
/* ---------------------------------------------------------------------------------------------- */

/* The flags of a DMA-like program: a string, two integers, a boolean. */
static void register_program(struct config *cfg)
{
	assert_int_equal(doca_argp_init("prog", cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("p", "pci-addr", "Device PCI address", record_string, DOCA_ARGP_TYPE_STRING, 0),
			 DOCA_SUCCESS);
	assert_int_equal(add_param("ns", "num-src", "Source buffers", record_int, DOCA_ARGP_TYPE_INT, 0), DOCA_SUCCESS);
	assert_int_equal(add_param(NULL, "depth", "Queue depth", record_int, DOCA_ARGP_TYPE_INT, 0), DOCA_SUCCESS);
	assert_int_equal(add_param("f", "force", "Force it", record_bool, DOCA_ARGP_TYPE_BOOLEAN, 0), DOCA_SUCCESS);
}

static void every_type_by_short_and_long_name(void **state)
{
	struct config cfg = { "" };

	(void)state;
	register_program(&cfg);
	/* In the order given; a value may start with '-' (a negative number, a path). */
	assert_int_equal(START("--depth", "-3", "-f", "-p", "03:00.0", "--num-src", "12"), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "i=-3;b=1;s=03:00.0;i=12;");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	cfg.calls[0] = '\0';
	register_program(&cfg);
	assert_int_equal(START("-ns", "+5", "--pci-addr", "-weird", "--force"), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "i=5;s=-weird;b=1;");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* No flags at all: no callback. */
	cfg.calls[0] = '\0';
	register_program(&cfg);
	assert_int_equal(START(NULL), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* A run of doca_argp_start that fails: its code, stderr (the message) and stdout (the usage). */
struct failure {
	doca_error_t err;
	struct capture io;
	int sdk_lines;
	char *sdk;
};

static void run_failing(struct failure *f, const char *const *args)
{
	const char *argv[16] = { "prog" };
	int argc = 1;
	long mark = sdk_mark();

	while (args[argc - 1])
		argv[argc] = args[argc - 1], argc++;
	capture_begin(&f->io);
	f->err = doca_argp_start(argc, (char **)argv);
	capture_end(&f->io);
	f->sdk_lines = sdk_lines_since(mark);
	f->sdk = sdk_since(mark);
}

static void failure_free(struct failure *f)
{
	capture_free(&f->io);
	free(f->sdk);
}

/* Each bad command line: its code, NVIDIA's message on stderr, the usage on stdout, one SDK line. */
static void bad_command_lines(void **state)
{
	static const struct {
		const char *args[6];
		doca_error_t err;
		const char *message;
	} cases[] = {
		{ { "--nope" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"--nope\" is not supported." },
		{ { "-x" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"-x\" is not supported." },
		{ { "-pci-addr", "1" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"-pci-addr\" is not supported." },
		{ { "--p", "1" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"--p\" is not supported." },
		{ { "--pci-addr=1" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"--pci-addr=1\" is not supported." },
		{ { "stray" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"stray\" is not supported." },
		{ { "--" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"--\" is not supported." },
		{ { "-" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"-\" is not supported." },
		{ { "-p" }, DOCA_ERROR_INVALID_VALUE, "Missing value for parameter \"pci-addr\"" },
		{ { "--depth" }, DOCA_ERROR_INVALID_VALUE, "Missing value for parameter \"depth\"" },
		{ { "-ns", "abc" }, DOCA_ERROR_INVALID_VALUE, "Integer argument \"abc\" is not a number" },
		{ { "-ns", "" }, DOCA_ERROR_INVALID_VALUE, "Integer argument \"\" is not a number" },
		{ { "-ns", "12x" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Integer argument \"12x\" has extra characters at end of input: x" },
		{ { "-ns", "0x10" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Integer argument \"0x10\" has extra characters at end of input: x10" },
		{ { "-ns", "2147483648" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Failed to convert value of \"num-src\" to \"2147483648\" - greater than INT_MAX" },
		{ { "-ns", "-2147483649" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Failed to convert value of \"num-src\" to \"-2147483649\" - smaller than INT_MIN" },
		{ { "-ns", "99999999999999999999999" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Failed to convert value of \"num-src\" to \"9223372036854775807\" - greater than INT_MAX" },
		{ { "-p", "a", "--pci-addr", "b" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Param \"pci-addr\" should not appear more than once" },
		{ { "-f", "-f" }, DOCA_ERROR_INVALID_VALUE, "Param \"force\" should not appear more than once" },
		{ { "-j", "x.json", "-f" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Json mode was invoked with incorrect number of arguments" },
		{ { "-f", "--json", "x.json" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Json mode was invoked with incorrect number of arguments" },
		{ { "-j" }, DOCA_ERROR_INVALID_VALUE, "Json mode was invoked with incorrect number of arguments" },
		{ { "-l", "65" }, DOCA_ERROR_INVALID_VALUE, "The log-level \"65\" is not supported." },
		{ { "--sdk-log-level", "80" }, DOCA_ERROR_INVALID_VALUE, "The log-level \"80\" is not supported." },
		{ { "-l", "0" }, DOCA_ERROR_INVALID_VALUE, "The log-level \"0\" is not supported." },
		{ { "-l", "-l" }, DOCA_ERROR_INVALID_VALUE, "Integer argument \"-l\" is not a number" },
	};
	char *usage = data_text("golden/usage_program.txt");

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct config cfg = { "" };
		struct failure f;
		char want[256];

		register_program(&cfg);
		run_failing(&f, cases[i].args);
		snprintf(want, sizeof(want), "%s\n", cases[i].message);
		if (f.err != cases[i].err || strcmp(f.io.err, want) || strcmp(f.io.out, usage) || f.sdk_lines != 1 ||
		    !strstr(f.sdk, cases[i].message))
			fail_msg("case %zu (%s): %s, stderr \"%s\", SDK %d lines \"%s\", stdout:\n%s", i,
				 cases[i].message, doca_error_get_name(f.err), f.io.err, f.sdk_lines, f.sdk, f.io.out);
		failure_free(&f);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
	free(usage);
}

static void mandatory_flags(void **state)
{
	struct config cfg = { "" };
	struct failure f;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("p", "pci-addr", "d", record_string, DOCA_ARGP_TYPE_STRING, PARAM_MANDATORY),
			 DOCA_SUCCESS);
	assert_int_equal(add_param("t", NULL, "d", record_string, DOCA_ARGP_TYPE_STRING, PARAM_MANDATORY),
			 DOCA_SUCCESS);
	run_failing(&f, (const char *const[]){ "-t", "x", NULL });
	assert_int_equal(f.err, DOCA_ERROR_INVALID_VALUE);
	assert_string_equal(f.io.err, "Parameter \"pci-addr\" is mandatory\n");
	assert_int_equal(f.sdk_lines, 1);
	/* The callbacks of the flags given ran first. */
	assert_string_equal(cfg.calls, "s=x;");
	failure_free(&f);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* A short name only: named by it. */
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("t", NULL, "d", record_string, DOCA_ARGP_TYPE_STRING, PARAM_MANDATORY),
			 DOCA_SUCCESS);
	run_failing(&f, (const char *const[]){ NULL });
	assert_string_equal(f.io.err, "Parameter \"t\" is mandatory\n");
	failure_free(&f);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void repeated_flags(void **state)
{
	struct config cfg = { "" };

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("c", "core", "d", record_int, DOCA_ARGP_TYPE_INT, PARAM_MULTIPLE), DOCA_SUCCESS);
	assert_int_equal(add_param("v4", NULL, "d", record_bool, DOCA_ARGP_TYPE_BOOLEAN, PARAM_MULTIPLE), DOCA_SUCCESS);
	assert_int_equal(START("-c", "1", "--core", "2", "-v4", "-c", "3", "-v4"), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "i=1;i=2;b=1;i=3;b=1;");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void singular_flags(void **state)
{
	struct config cfg = { "" };
	struct failure f;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("p", "pci-addr", "d", record_string, DOCA_ARGP_TYPE_STRING, PARAM_MANDATORY),
			 DOCA_SUCCESS);
	assert_int_equal(
		add_param(NULL, "list", "List the devices", record_bool, DOCA_ARGP_TYPE_BOOLEAN, PARAM_SINGULAR),
		DOCA_SUCCESS);
	/* Alone: the mandatory flags are not needed; the log level is argp's, not another flag. */
	assert_int_equal(START("-l", "50", "--list"), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "b=1;");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	cfg.calls[0] = '\0';
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("p", "pci-addr", "d", record_string, DOCA_ARGP_TYPE_STRING, 0), DOCA_SUCCESS);
	assert_int_equal(add_param(NULL, "list", "d", record_bool, DOCA_ARGP_TYPE_BOOLEAN, PARAM_SINGULAR),
			 DOCA_SUCCESS);
	run_failing(&f, (const char *const[]){ "-p", "1", "--list", NULL });
	assert_int_equal(f.err, DOCA_ERROR_INVALID_VALUE);
	assert_string_equal(f.io.err, "Param \"list\" must not be passed alongside other parameters\n");
	assert_int_equal(f.sdk_lines, 1);
	failure_free(&f);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void a_failing_callback_stops_parsing(void **state)
{
	struct config cfg = { "" };
	struct failure f;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("a", NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0), DOCA_SUCCESS);
	assert_int_equal(add_param("b", NULL, "d", fail_callback, DOCA_ARGP_TYPE_STRING, 0), DOCA_SUCCESS);
	assert_int_equal(add_param("c", NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0), DOCA_SUCCESS);
	run_failing(&f, (const char *const[]){ "-a", "1", "-b", "x", "-c", "2", NULL });
	/* The callback's own error comes back. */
	assert_int_equal(f.err, DOCA_ERROR_INVALID_VALUE);
	assert_string_equal(f.io.err, "Encountered an error [Invalid input] while handling param \"b\"\n");
	assert_string_equal(cfg.calls, "i=1;fail;");
	assert_int_equal(f.sdk_lines, 1);
	failure_free(&f);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* The validation callback: once, after every flag, with the configuration. */
static int validations;

static doca_error_t validate(void *config)
{
	config_record(config, "validate;");
	validations++;
	return DOCA_SUCCESS;
}

static doca_error_t refuse(void *config)
{
	config_record(config, "refuse;");
	return DOCA_ERROR_BAD_CONFIG;
}

static void validation_callback(void **state)
{
	struct config cfg = { "" };
	struct failure f;
	long mark;

	(void)state;
	register_program(&cfg);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_validation_callback(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_register_validation_callback] the callback is NULL");
	assert_int_equal(doca_argp_register_validation_callback(validate), DOCA_SUCCESS);
	validations = 0;
	assert_int_equal(START("-f", "-p", "x"), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "b=1;s=x;validate;");
	assert_int_equal(validations, 1);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* Not after a failure; its own failure comes back. */
	cfg.calls[0] = '\0';
	register_program(&cfg);
	assert_int_equal(doca_argp_register_validation_callback(validate), DOCA_SUCCESS);
	run_failing(&f, (const char *const[]){ "--bad", NULL });
	assert_string_equal(cfg.calls, "");
	failure_free(&f);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	register_program(&cfg);
	assert_int_equal(doca_argp_register_validation_callback(refuse), DOCA_SUCCESS);
	run_failing(&f, (const char *const[]){ "-f", NULL });
	assert_int_equal(f.err, DOCA_ERROR_BAD_CONFIG);
	assert_string_equal(cfg.calls, "b=1;refuse;");
	assert_string_equal(f.io.err, "Encountered an error [Configuration is not valid] while validating the "
				      "program flags\n");
	assert_int_equal(f.sdk_lines, 1);
	failure_free(&f);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* A callback destroying the parser in the middle (what a version callback does before exiting). */
static doca_error_t destroy_callback(void *param, void *config)
{
	(void)param;
	config_record(config, "destroy;");
	return doca_argp_destroy();
}

static void a_callback_destroying_the_parser(void **state)
{
	struct config cfg = { "" };
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("d", NULL, "d", destroy_callback, DOCA_ARGP_TYPE_BOOLEAN, 0), DOCA_SUCCESS);
	assert_int_equal(add_param("a", NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(START("-d", "-a", "1"), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "a callback destroyed the argument parser");
	/* Nothing after it ran; the parser is gone. */
	assert_string_equal(cfg.calls, "destroy;");
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void log_levels(void **state)
{
	struct config cfg = { "" };
	int level;

	(void)state;
	register_program(&cfg);
	assert_int_equal(START("-l", "60", "--sdk-log-level", "30"), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_DEBUG);
	assert_int_equal(doca_log_level_get_global_sdk_limit(), DOCA_LOG_LEVEL_ERROR);
	assert_int_equal(doca_argp_get_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, 60);
	assert_int_equal(doca_argp_get_sdk_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, 30);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	/* Not given: the process's levels. */
	doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_WARNING);
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_WARNING);
	register_program(&cfg);
	assert_int_equal(START("--log-level", "10"), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_DISABLE);
	assert_int_equal(doca_argp_get_sdk_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, DOCA_LOG_LEVEL_WARNING);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* --help, --version, the usage text                                                              */
/* ---------------------------------------------------------------------------------------------- */

static int start_in_child(void *arg)
{
	const char *const *args = arg;
	int argc = 0;

	while (args[argc])
		argc++;
	return doca_argp_start(argc, (char **)args);
}

static void help_prints_the_usage_and_exits(void **state)
{
	const char *const argvs[][4] = { { "prog", "-h", NULL },
					 { "prog", "--help", NULL },
					 { "prog", "-f", "--help", NULL } };
	char *usage = data_text("golden/usage_program.txt");

	(void)state;
	for (size_t i = 0; i < sizeof(argvs) / sizeof(argvs[0]); i++) {
		struct config cfg = { "" };
		struct capture io;
		int status;

		register_program(&cfg);
		run_in_child(start_in_child, (void *)argvs[i], &io, &status);
		assert_int_equal(status, EXIT_SUCCESS);
		assert_string_equal(io.out, usage);
		assert_string_equal(io.err, "");
		capture_free(&io);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
	free(usage);
}

static void usage_text_is_the_golden_one(void **state)
{
	struct config cfg = { "" };
	struct capture io;
	char *want;

	(void)state;
	register_program(&cfg);
	capture_begin(&io);
	doca_argp_usage();
	capture_end(&io);
	want = data_text("golden/usage_program.txt");
	assert_string_equal(io.out, want);
	free(want);
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* Arguments texts, hidden and long flags, a DPDK program, no program flags. */
	assert_int_equal(doca_argp_init("doca_wide", &cfg), DOCA_SUCCESS);
	doca_argp_set_dpdk_program(no_dpdk);
	{
		struct doca_argp_param *param =
			make_param("t", "text", "Text to copy", record_string, DOCA_ARGP_TYPE_STRING, 0);

		doca_argp_param_set_arguments(param, "<TEXT>");
		assert_int_equal(doca_argp_register_param(param), DOCA_SUCCESS);
		param = make_param("pf_dev", "pf-device", "PF device name", record_string, DOCA_ARGP_TYPE_STRING, 0);
		doca_argp_param_set_arguments(param, "<PF DOCA device name>");
		assert_int_equal(doca_argp_register_param(param), DOCA_SUCCESS);
	}
	assert_int_equal(add_param("s", "secret", "Not listed", record_bool, DOCA_ARGP_TYPE_BOOLEAN, PARAM_HIDDEN),
			 DOCA_SUCCESS);
	/* "  --" and 31 characters: padded by one blank; 32: one blank all the same. */
	assert_int_equal(add_param(NULL, "thirty-one-characters-long-name", "At the column", record_bool,
				   DOCA_ARGP_TYPE_BOOLEAN, 0),
			 DOCA_SUCCESS);
	assert_int_equal(add_param(NULL, "thirty-two-characters-long-names", "One column later", record_bool,
				   DOCA_ARGP_TYPE_BOOLEAN, 0),
			 DOCA_SUCCESS);
	capture_begin(&io);
	doca_argp_usage();
	capture_end(&io);
	want = data_text("golden/usage_dpdk.txt");
	assert_string_equal(io.out, want);
	free(want);
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* Without a name: argv[0]'s base name once parsing started. */
	assert_int_equal(doca_argp_init(NULL, &cfg), DOCA_SUCCESS);
	{
		char *argv[] = { "/opt/samples/doca_sample", NULL };

		assert_int_equal(doca_argp_start(1, argv), DOCA_SUCCESS);
	}
	capture_begin(&io);
	doca_argp_usage();
	capture_end(&io);
	want = data_text("golden/usage_no_flags.txt");
	assert_string_equal(io.out, want);
	free(want);
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static doca_error_t version_and_exit(void *param, void *config)
{
	(void)config;
	/* As NVIDIA's samples' sdk_version_callback: print, destroy, exit. */
	printf("version %d\n", *(bool *)param);
	doca_argp_destroy();
	exit(7);
}

static doca_error_t version_returns(void *param, void *config)
{
	(void)param;
	config_record(config, "version;");
	printf("the program's version\n");
	return DOCA_SUCCESS;
}

static void version_prints_and_exits(void **state)
{
	const char *const argv[] = { "prog", "-v", NULL }, *const long_argv[] = { "prog", "-f", "--version", NULL };
	struct config cfg = { "" };
	struct capture io;
	char want[128];
	int status;
	long mark;

	(void)state;
	/* argp's own: the runtime version. */
	register_program(&cfg);
	run_in_child(start_in_child, (void *)argv, &io, &status);
	assert_int_equal(status, EXIT_SUCCESS);
	snprintf(want, sizeof(want), "DOCA Runtime Version (Runtime):     %s\n", doca_version_runtime());
	assert_string_equal(io.out, want);
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* The program's, which exits itself. */
	register_program(&cfg);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_version_callback(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "the callback is NULL");
	assert_int_equal(doca_argp_register_version_callback(version_and_exit), DOCA_SUCCESS);
	run_in_child(start_in_child, (void *)long_argv, &io, &status);
	assert_int_equal(status, 7);
	assert_string_equal(io.out, "version 1\n");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* The program's, which returns: argp ends the program. */
	register_program(&cfg);
	assert_int_equal(doca_argp_register_version_callback(version_returns), DOCA_SUCCESS);
	run_in_child(start_in_child, (void *)argv, &io, &status);
	assert_int_equal(status, EXIT_SUCCESS);
	assert_string_equal(io.out, "the program's version\n");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* A failing one: doca_argp_start returns its error. */
	register_program(&cfg);
	assert_int_equal(doca_argp_register_version_callback(fail_callback), DOCA_SUCCESS);
	capture_begin(&io);
	assert_int_equal(START("-v"), DOCA_ERROR_INVALID_VALUE);
	capture_end(&io);
	assert_string_equal(io.err, "Encountered an error [Invalid input] while handling param \"version\"\n");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* The logger callback                                                                            */
/* ---------------------------------------------------------------------------------------------- */

static char logged[1024];

static doca_error_t logger(enum doca_log_level level, const char *format, va_list args)
{
	size_t used = strlen(logged);

	used += (size_t)snprintf(logged + used, sizeof(logged) - used, "[%d] ", (int)level);
	vsnprintf(logged + used, sizeof(logged) - used, format, args);
	return DOCA_SUCCESS;
}

static void logger_callback(void **state)
{
	struct config cfg = { "" };
	struct capture io;
	long mark;

	(void)state;
	register_program(&cfg);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_logger_callback(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_register_logger_callback] the callback is NULL");
	mark = sdk_mark();
	assert_int_equal(doca_argp_disable_logger_callback(), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "no logger callback is registered");
	assert_int_equal(doca_argp_register_logger_callback(logger), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_logger_callback(logger), DOCA_ERROR_ALREADY_EXIST);
	assert_one_sdk_line(mark, "a logger callback is already registered");
	logged[0] = '\0';
	capture_begin(&io);
	assert_int_equal(START("--what"), DOCA_ERROR_NOT_SUPPORTED);
	capture_end(&io);
	assert_string_equal(logged, "[30] The param \"--what\" is not supported.");
	assert_string_equal(io.err, "");
	capture_free(&io);
	/* Disabled: stderr again. */
	assert_int_equal(doca_argp_disable_logger_callback(), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	register_program(&cfg);
	logged[0] = '\0';
	capture_begin(&io);
	assert_int_equal(START("--what"), DOCA_ERROR_NOT_SUPPORTED);
	capture_end(&io);
	assert_string_equal(logged, "");
	assert_string_equal(io.err, "The param \"--what\" is not supported.\n");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* DPDK programs                                                                                  */
/* ---------------------------------------------------------------------------------------------- */

static int dpdk_argc;
static char **dpdk_argv;
static doca_error_t dpdk_result;

static doca_error_t dpdk_init(int argc, char **argv)
{
	dpdk_argc = argc;
	dpdk_argv = argv;
	return dpdk_result;
}

static char *joined(int argc, char **argv)
{
	static char text[512];

	text[0] = '\0';
	for (int i = 0; i < argc; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s%s", i ? " " : "", argv[i]);
	return text;
}

static void dpdk_flags_go_to_the_dpdk_callback(void **state)
{
	struct config cfg = { "" };
	struct failure f;

	(void)state;
	dpdk_result = DOCA_SUCCESS;
	register_program(&cfg);
	doca_argp_set_dpdk_program(dpdk_init);
	assert_int_equal(START("-a", "03:00.0", "-c", "0x3", "--", "-p", "x", "-l", "50"), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "s=x;");
	/* argv[0] first; DPDK's getopt may reorder the array: it is argp's copy, kept until destroy. */
	assert_int_equal(dpdk_argc, 5);
	assert_null(dpdk_argv[5]);
	assert_string_equal(joined(dpdk_argc, dpdk_argv), "prog -a 03:00.0 -c 0x3");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* No "--": all of it is DPDK's. */
	cfg.calls[0] = '\0';
	register_program(&cfg);
	doca_argp_set_dpdk_program(dpdk_init);
	assert_int_equal(START("-aCA:00.0", "-c0xa"), DOCA_SUCCESS);
	assert_string_equal(joined(dpdk_argc, dpdk_argv), "prog -aCA:00.0 -c0xa");
	assert_string_equal(cfg.calls, "");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* Its failure is doca_argp_start's. */
	register_program(&cfg);
	doca_argp_set_dpdk_program(dpdk_init);
	dpdk_result = DOCA_ERROR_DRIVER;
	run_failing(&f, (const char *const[]){ "--", NULL });
	assert_int_equal(f.err, DOCA_ERROR_DRIVER);
	assert_string_equal(joined(dpdk_argc, dpdk_argv), "prog");
	assert_string_equal(f.io.err,
			    "Encountered an error [DOCA Driver call failure] while handling the DPDK flags\n");
	failure_free(&f);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* Not parsed when the program's flags are wrong. */
	register_program(&cfg);
	doca_argp_set_dpdk_program(dpdk_init);
	dpdk_argc = -1;
	run_failing(&f, (const char *const[]){ "-x", "--", "-p", NULL });
	assert_int_equal(f.err, DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(dpdk_argc, -1);
	failure_free(&f);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(init_and_destroy_pair, argp_test_teardown),
		cmocka_unit_test_teardown(everything_needs_the_parser, argp_test_teardown),
		cmocka_unit_test_teardown(start_checks_its_arguments, argp_test_teardown),
		cmocka_unit_test_teardown(param_create_and_destroy, argp_test_teardown),
		cmocka_unit_test_teardown(setters_refuse_null, argp_test_teardown),
		cmocka_unit_test_teardown(setters_refuse_bad_values, argp_test_teardown),
		cmocka_unit_test_teardown(register_needs_the_mandatory_fields, argp_test_teardown),
		cmocka_unit_test_teardown(names_are_unique, argp_test_teardown),
		cmocka_unit_test_teardown(a_registered_param_is_argps, argp_test_teardown),
		cmocka_unit_test_teardown(every_type_by_short_and_long_name, argp_test_teardown),
		cmocka_unit_test_teardown(bad_command_lines, argp_test_teardown),
		cmocka_unit_test_teardown(mandatory_flags, argp_test_teardown),
		cmocka_unit_test_teardown(repeated_flags, argp_test_teardown),
		cmocka_unit_test_teardown(singular_flags, argp_test_teardown),
		cmocka_unit_test_teardown(a_failing_callback_stops_parsing, argp_test_teardown),
		cmocka_unit_test_teardown(validation_callback, argp_test_teardown),
		cmocka_unit_test_teardown(a_callback_destroying_the_parser, argp_test_teardown),
		cmocka_unit_test_teardown(log_levels, argp_test_teardown),
		cmocka_unit_test_teardown(help_prints_the_usage_and_exits, argp_test_teardown),
		cmocka_unit_test_teardown(usage_text_is_the_golden_one, argp_test_teardown),
		cmocka_unit_test_teardown(version_prints_and_exits, argp_test_teardown),
		cmocka_unit_test_teardown(logger_callback, argp_test_teardown),
		cmocka_unit_test_teardown(dpdk_flags_go_to_the_dpdk_callback, argp_test_teardown),
	};

	return cmocka_run_group_tests(tests, argp_group_setup, NULL);
}
