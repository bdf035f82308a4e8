/*
 * Commands (3.0): registering a tree of commands and their flags (each failure one SDK line,
 * argp owning what it is given), parsing `program [flags] command [flags] [sub-command ...]`
 * (callbacks in order, flags per command, inherited flags, mandatory flags of the commands given,
 * hidden commands), their usage texts (golden) and JSON files selecting a command.
 */
#include "argp_test.h"

#include <stdlib.h>
#include <string.h>

static doca_error_t record_cmd_get(void *config)
{
	config_record(config, "get;");
	return DOCA_SUCCESS;
}

static doca_error_t record_cmd_set(void *config)
{
	config_record(config, "set;");
	return DOCA_SUCCESS;
}

static doca_error_t record_cmd_other(void *config)
{
	config_record(config, "cmd;");
	return DOCA_SUCCESS;
}

static doca_error_t failing_cmd(void *config)
{
	config_record(config, "failing;");
	return DOCA_ERROR_NOT_PERMITTED;
}

static struct doca_argp_cmd *make_cmd(const char *name, const char *description, doca_argp_cmd_cb_t callback)
{
	struct doca_argp_cmd *cmd;

	assert_int_equal(doca_argp_cmd_create(&cmd), DOCA_SUCCESS);
	if (name)
		doca_argp_cmd_set_name(cmd, name);
	if (description)
		doca_argp_cmd_set_description(cmd, description);
	if (callback)
		doca_argp_cmd_set_callback(cmd, callback);
	return cmd;
}

static void cmd_param(struct doca_argp_cmd *cmd, const char *short_name, const char *long_name, const char *description,
		      doca_argp_param_cb_t callback, enum doca_argp_type type, unsigned int flags)
{
	assert_int_equal(doca_argp_cmd_register_param(
				 cmd, make_param(short_name, long_name, description, callback, type, flags)),
			 DOCA_SUCCESS);
}

/*
 * A quota tool, after NVIDIA's management samples: `get [--limit]`, `set -L LIMIT [--reset]`,
 * `caps`, a hidden `debug`, `tool net show` two levels down; -d/--device in each command, an
 * inherited --verbose from the program.
 */
static void register_tool(struct config *cfg)
{
	struct doca_argp_cmd *get, *set, *caps, *debug, *tool, *net, *show;

	assert_int_equal(doca_argp_init("quota", cfg), DOCA_SUCCESS);
	assert_int_equal(add_param(NULL, "verbose", "Say more", record_bool, DOCA_ARGP_TYPE_BOOLEAN, PARAM_INHERITED),
			 DOCA_SUCCESS);
	assert_int_equal(add_param(NULL, "root-only", "Before any command", record_bool, DOCA_ARGP_TYPE_BOOLEAN, 0),
			 DOCA_SUCCESS);

	get = make_cmd("get", "Get the quota", record_cmd_get);
	cmd_param(get, "d", "device", "The device", record_string, DOCA_ARGP_TYPE_STRING, 0);
	cmd_param(get, NULL, "limit", "Only the limit", record_bool, DOCA_ARGP_TYPE_BOOLEAN, 0);
	assert_int_equal(doca_argp_register_cmd(get), DOCA_SUCCESS);

	set = make_cmd("set", "Set the quota", record_cmd_set);
	cmd_param(set, "d", "device", "The device", record_string, DOCA_ARGP_TYPE_STRING, 0);
	cmd_param(set, "L", "limit", "The limit", record_int, DOCA_ARGP_TYPE_INT, PARAM_MANDATORY);
	cmd_param(set, NULL, "reset", "Reset the maximum", record_bool, DOCA_ARGP_TYPE_BOOLEAN, 0);
	assert_int_equal(doca_argp_register_cmd(set), DOCA_SUCCESS);

	caps = make_cmd("caps", "Show the capabilities", NULL);
	assert_int_equal(doca_argp_register_cmd(caps), DOCA_SUCCESS);

	debug = make_cmd("debug", "Not listed", record_cmd_other);
	doca_argp_cmd_set_hidden(debug);
	assert_int_equal(doca_argp_register_cmd(debug), DOCA_SUCCESS);

	/* Bottom up: a command's commands are registered before it. */
	show = make_cmd("show", "Show the interface", record_cmd_other);
	cmd_param(show, "i", "interface", "The interface", record_string, DOCA_ARGP_TYPE_STRING, PARAM_MANDATORY);
	net = make_cmd("net", "Network commands", NULL);
	cmd_param(net, "n", "namespace", "The namespace", record_string, DOCA_ARGP_TYPE_STRING, PARAM_INHERITED);
	assert_int_equal(doca_argp_cmd_register_cmd(net, show), DOCA_SUCCESS);
	tool = make_cmd("tool", "Tools", NULL);
	assert_int_equal(doca_argp_cmd_register_cmd(tool, net), DOCA_SUCCESS);
	assert_int_equal(doca_argp_register_cmd(tool), DOCA_SUCCESS);
}

static void commands_select_their_flags(void **state)
{
	static const struct {
		const char *args[10];
		const char *calls;
	} cases[] = {
		{ { "get", "-d", "pci/0000:08:00.0", "--limit" }, "get;s=pci/0000:08:00.0;b=1;" },
		{ { "--verbose", "set", "-L", "4096", "--device", "x" }, "b=1;set;i=4096;s=x;" },
		{ { "set", "--verbose", "--limit", "1" }, "set;b=1;i=1;" },
		{ { "--root-only", "caps" }, "b=1;" },
		{ { "debug" }, "cmd;" },
		{ { "tool", "net", "-n", "ns0", "show", "-i", "eth0" }, "s=ns0;cmd;s=eth0;" },
		{ { "tool", "net", "show", "-n", "ns1", "-i", "eth1", "--verbose" }, "cmd;s=ns1;s=eth1;b=1;" },
		{ { "-l", "50" }, "" }, /* no command: the program decides */
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *argv[12] = { "quota" };
		struct config cfg = { "" };
		int argc = 1;

		while (cases[i].args[argc - 1])
			argv[argc] = cases[i].args[argc - 1], argc++;
		register_tool(&cfg);
		assert_int_equal(doca_argp_start(argc, (char **)argv), DOCA_SUCCESS);
		assert_string_equal(cfg.calls, cases[i].calls);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
}

static void bad_command_lines(void **state)
{
	static const struct {
		const char *args[10];
		doca_error_t err;
		const char *message;
		const char *usage;
	} cases[] = {
		{ { "bogus" },
		  DOCA_ERROR_NOT_SUPPORTED,
		  "The command \"bogus\" is not supported.",
		  "usage_cmd_root.txt" },
		{ { "get", "-L", "1" },
		  DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"-L\" is not supported.",
		  "usage_cmd_get.txt" },
		/* A command's flag before the command; a program flag (not inherited) after it. */
		{ { "-d", "x", "get" },
		  DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"-d\" is not supported.",
		  "usage_cmd_root.txt" },
		{ { "get", "--root-only" },
		  DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"--root-only\" is not supported.",
		  "usage_cmd_get.txt" },
		{ { "get", "set" },
		  DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"set\" is not supported.",
		  "usage_cmd_get.txt" },
		{ { "set", "-d", "x" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Parameter \"limit\" is mandatory",
		  "usage_cmd_set.txt" },
		{ { "--verbose", "get", "--verbose" },
		  DOCA_ERROR_INVALID_VALUE,
		  "Param \"verbose\" should not appear more than once",
		  "usage_cmd_get.txt" },
		{ { "tool", "net", "show" }, DOCA_ERROR_INVALID_VALUE, "Parameter \"interface\" is mandatory", NULL },
		{ { "tool", "-n", "x" }, DOCA_ERROR_NOT_SUPPORTED, "The param \"-n\" is not supported.", NULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *argv[12] = { "quota" };
		struct config cfg = { "" };
		struct capture io;
		char want[256], *usage = NULL;
		int argc = 1;
		long mark;
		doca_error_t err;

		while (cases[i].args[argc - 1])
			argv[argc] = cases[i].args[argc - 1], argc++;
		register_tool(&cfg);
		mark = sdk_mark();
		capture_begin(&io);
		err = doca_argp_start(argc, (char **)argv);
		capture_end(&io);
		snprintf(want, sizeof(want), "%s\n", cases[i].message);
		if (cases[i].usage) {
			snprintf(want + strlen(want) + 1, sizeof(want) - strlen(want) - 1, "golden/%s", cases[i].usage);
			usage = data_text(want + strlen(want) + 1);
		}
		if (err != cases[i].err || strcmp(io.err, want) || (usage && strcmp(io.out, usage)) ||
		    sdk_lines_since(mark) != 1)
			fail_msg("case %zu (%s): %s, stderr \"%s\", stdout:\n%s", i, cases[i].message,
				 doca_error_get_name(err), io.err, io.out);
		free(usage);
		capture_free(&io);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
}

static void a_failing_command_callback(void **state)
{
	struct config cfg = { "" };
	struct doca_argp_cmd *cmd;
	struct capture io;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	cmd = make_cmd("run", "Run", failing_cmd);
	cmd_param(cmd, "x", NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0);
	assert_int_equal(doca_argp_register_cmd(cmd), DOCA_SUCCESS);
	capture_begin(&io);
	assert_int_equal(START("run", "-x", "1"), DOCA_ERROR_NOT_PERMITTED);
	capture_end(&io);
	assert_string_equal(io.err, "Encountered an error [Operation not permitted] while handling command \"run\"\n");
	assert_string_equal(cfg.calls, "failing;");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static int start_in_child(void *arg)
{
	const char *const *args = arg;
	int argc = 0;

	while (args[argc])
		argc++;
	return doca_argp_start(argc, (char **)args);
}

static void usage_of_each_command(void **state)
{
	static const struct {
		const char *argv[6];
		const char *golden;
	} cases[] = {
		{ { "quota", "--help" }, "golden/usage_cmd_root.txt" },
		{ { "quota", "get", "-h" }, "golden/usage_cmd_get.txt" },
		{ { "quota", "--verbose", "set", "--help" }, "golden/usage_cmd_set.txt" },
		{ { "quota", "tool", "net", "show", "-h" }, "golden/usage_cmd_show.txt" },
	};
	struct config cfg = { "" };
	struct capture io;
	char *want;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int status;

		register_tool(&cfg);
		run_in_child(start_in_child, (void *)cases[i].argv, &io, &status);
		assert_int_equal(status, EXIT_SUCCESS);
		want = data_text(cases[i].golden);
		assert_string_equal(io.out, want);
		free(want);
		capture_free(&io);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
	/* doca_argp_usage after parsing: the command given. */
	register_tool(&cfg);
	assert_int_equal(START("get"), DOCA_SUCCESS);
	capture_begin(&io);
	doca_argp_usage();
	capture_end(&io);
	want = data_text("golden/usage_cmd_get.txt");
	assert_string_equal(io.out, want);
	free(want);
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void registering_commands(void **state)
{
	struct doca_argp_cmd *cmd, *sub, *other;
	struct doca_argp_param *param;
	long mark;

	(void)state;
	assert_int_equal(doca_argp_init("prog", NULL), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_create(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_cmd_create] cmd is NULL");

	/* Name and description are needed; argp frees what it refused. */
	cmd = make_cmd(NULL, "d", NULL);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_cmd(cmd), DOCA_ERROR_INITIALIZATION);
	assert_one_sdk_line(mark, "Missing command name.");
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_destroy(cmd), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_cmd_destroy]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_cmd(make_cmd("x", NULL, NULL)), DOCA_ERROR_INITIALIZATION);
	assert_one_sdk_line(mark, "Missing command description.");

	/* Names: typable, unique among siblings. */
	cmd = make_cmd("run", "Run", NULL);
	mark = sdk_mark();
	doca_argp_cmd_set_name(cmd, "-run");
	assert_one_sdk_line(mark, "\"-run\" is not a command name");
	mark = sdk_mark();
	doca_argp_cmd_set_description(cmd, NULL);
	assert_one_sdk_line(mark, "the description is NULL");
	mark = sdk_mark();
	doca_argp_cmd_set_callback(cmd, NULL);
	assert_one_sdk_line(mark, "the callback is NULL");
	assert_int_equal(doca_argp_register_cmd(cmd), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_cmd(make_cmd("run", "Again", NULL)), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "Command name \"run\" is already in use");

	/* Registered: argp's; no more changes, flags or commands; not destroyed by the program. */
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_cmd(cmd), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "command \"run\" is already registered");
	mark = sdk_mark();
	doca_argp_cmd_set_hidden(cmd);
	assert_one_sdk_line(mark, "the command is registered");
	param = make_param("a", NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0);
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_register_param(cmd, param), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "command \"run\" is registered: register its parameters before it");
	assert_int_equal(doca_argp_param_destroy(param), DOCA_ERROR_INVALID_VALUE); /* freed */
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_register_cmd(cmd, make_cmd("sub", "d", NULL)), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "register its commands before it");
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_destroy(cmd), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "the command is registered: argp frees it");

	/* Not its own sub-command; a command's flag belongs to one command. */
	other = make_cmd("other", "d", NULL);
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_register_cmd(other, other), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "a command cannot be its own sub-command");
	other = make_cmd("other", "d", NULL);
	sub = make_cmd("sub", "d", NULL);
	param = make_param("a", NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0);
	assert_int_equal(doca_argp_cmd_register_param(other, param), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_register_param(sub, param), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "the parameter is already registered");
	mark = sdk_mark();
	assert_int_equal(
		doca_argp_cmd_register_param(other, make_param("a", NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0)),
		DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "Param short name is already in use");
	/* An unregistered command goes with its flags and commands. */
	assert_int_equal(doca_argp_cmd_register_cmd(other, sub), DOCA_SUCCESS);
	assert_int_equal(doca_argp_cmd_destroy(other), DOCA_SUCCESS);
	assert_int_equal(doca_argp_cmd_destroy(sub), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_argp_param_destroy(param), DOCA_ERROR_INVALID_VALUE);

	/* NULL and stale handles; argp takes the other argument all the same. */
	param = make_param("b", NULL, "d", record_int, DOCA_ARGP_TYPE_INT, 0);
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_register_param(NULL, param), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_cmd_register_param]");
	assert_int_equal(doca_argp_param_destroy(param), DOCA_ERROR_INVALID_VALUE);
	sub = make_cmd("s2", "d", NULL);
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_register_cmd(other, sub), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_cmd_register_cmd]");
	assert_int_equal(doca_argp_cmd_destroy(sub), DOCA_ERROR_INVALID_VALUE);
	mark = sdk_mark();
	assert_int_equal(doca_argp_register_cmd(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_register_cmd]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_destroy(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_cmd_destroy]");
	mark = sdk_mark();
	assert_int_equal(doca_argp_cmd_register_param(cmd, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_cmd_register_param]");
	/* Commands created and left: the parser frees them (ASan's leak check says so). */
	make_cmd("left", "d", NULL);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void json_files_select_commands(void **state)
{
	static const struct {
		const char *text;
		doca_error_t err;
		const char *calls_or_message;
	} cases[] = {
		{ "{\"doca_program_flags\": {\"verbose\": true, \"get\": {\"device\": \"x\", \"limit\": true}}}",
		  DOCA_SUCCESS, "b=1;get;s=x;b=1;" },
		{ "{\"set\": {\"limit\": 5, \"verbose\": true}}", DOCA_SUCCESS, "set;i=5;b=1;" },
		{ "{\"tool\": {\"net\": {\"namespace\": \"a\", \"show\": {\"interface\": \"e\"}}}}", DOCA_SUCCESS,
		  "s=a;cmd;s=e;" },
		{ "{\"get\": {}, \"set\": {\"limit\": 1}}", DOCA_ERROR_INVALID_VALUE,
		  "Command \"set\" follows another command: give one" },
		{ "{\"get\": 5}", DOCA_ERROR_INVALID_VALUE, "Expecting an object value for command \"get\"" },
		{ "{\"set\": {}}", DOCA_ERROR_INVALID_VALUE, "Parameter \"limit\" is mandatory" },
		{ "{\"get\": {\"reset\": true}}", DOCA_ERROR_NOT_SUPPORTED, "The param \"reset\" is not supported." },
		{ "{\"doca_general_flags\": {\"get\": {}}}", DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"get\" is not supported." },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct config cfg = { "" };
		struct capture io;
		char want[256];
		doca_error_t err;

		register_tool(&cfg);
		capture_begin(&io);
		err = START("-j", temp_file(cases[i].text, strlen(cases[i].text)));
		capture_end(&io);
		snprintf(want, sizeof(want), "%s\n", cases[i].calls_or_message);
		if (err != cases[i].err || (err ? strcmp(io.err, want) : strcmp(cfg.calls, cases[i].calls_or_message)))
			fail_msg("case %zu (%s): %s, calls %s, stderr \"%s\"", i, cases[i].text,
				 doca_error_get_name(err), cfg.calls, io.err);
		capture_free(&io);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(commands_select_their_flags, argp_test_teardown),
		cmocka_unit_test_teardown(bad_command_lines, argp_test_teardown),
		cmocka_unit_test_teardown(a_failing_command_callback, argp_test_teardown),
		cmocka_unit_test_teardown(usage_of_each_command, argp_test_teardown),
		cmocka_unit_test_teardown(registering_commands, argp_test_teardown),
		cmocka_unit_test_teardown(json_files_select_commands, argp_test_teardown),
	};

	return cmocka_run_group_tests(tests, argp_group_setup, NULL);
}
