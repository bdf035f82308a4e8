/*
 * JSON configuration files (`program -j FILE`): NVIDIA's layout (sections, comments, trailing
 * commas) and keys outside the sections, every type, arrays of a multiple-use flag, objects for
 * DOCA_ARGP_TYPE_JSON_OBJ, flags for the command line only, a DPDK program's "doca_dpdk_flags";
 * and files that are wrong or hostile (missing, empty, malformed, too deep, too large, NUL bytes,
 * unknown keys, wrong types): each one message, the usage text and one SDK line, nothing crashing.
 */
#include "argp_test.h"

#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include <doca_log.h>

/* A JSON_OBJ flag's callback: what the object holds, through json-c. */
static doca_error_t record_object(void *param, void *config)
{
	struct json_object *obj = param, *count;

	config_record(config, "o=%s;", json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN));
	if (json_object_object_get_ex(obj, "count", &count))
		config_record(config, "count=%d;", json_object_get_int(count));
	return DOCA_SUCCESS;
}

static void register_program(struct config *cfg)
{
	assert_int_equal(doca_argp_init("prog", cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("p", "pci-addr", "Device PCI address", record_string, DOCA_ARGP_TYPE_STRING, 0),
			 DOCA_SUCCESS);
	assert_int_equal(add_param("ns", "num-src", "Source buffers", record_int, DOCA_ARGP_TYPE_INT, 0), DOCA_SUCCESS);
	assert_int_equal(add_param("f", "force", "Force it", record_bool, DOCA_ARGP_TYPE_BOOLEAN, 0), DOCA_SUCCESS);
	assert_int_equal(add_param("c", "core", "A core", record_int, DOCA_ARGP_TYPE_INT, PARAM_MULTIPLE),
			 DOCA_SUCCESS);
	assert_int_equal(add_param("r", "rules", "Rules", record_object, DOCA_ARGP_TYPE_JSON_OBJ, 0), DOCA_SUCCESS);
	assert_int_equal(add_param("q", "quiet", "Quiet", record_bool, DOCA_ARGP_TYPE_BOOLEAN, 0), DOCA_SUCCESS);
	assert_int_equal(
		add_param(NULL, "interactive", "CLI only", record_bool, DOCA_ARGP_TYPE_BOOLEAN, PARAM_CLI_ONLY),
		DOCA_SUCCESS);
}

static doca_error_t start_json(const char *path)
{
	return START("-j", path);
}

static void a_file_in_nvidias_layout(void **state)
{
	struct config cfg = { "" };
	struct capture io;
	int level;

	(void)state;
	register_program(&cfg);
	capture_begin(&io);
	assert_int_equal(start_json(data_path("json/program.json")), DOCA_SUCCESS);
	capture_end(&io);
	assert_string_equal(io.out, "");
	assert_string_equal(io.err, "");
	capture_free(&io);
	/* In the file's order; booleans with their value; the object as parsed. */
	assert_string_equal(cfg.calls,
			    "i=4;s=03:00.0;b=1;i=1;i=2;i=3;o={\"drop\":[\"tcp\",\"udp\"],\"count\":2};count=2;"
			    "b=0;");
	assert_int_equal(doca_argp_get_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, 60);
	assert_int_equal(doca_argp_get_sdk_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, 30);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* Keys outside the sections: the program's and argp's own alike. */
	cfg.calls[0] = '\0';
	register_program(&cfg);
	assert_int_equal(START("--json", data_path("json/flat.json")), DOCA_SUCCESS);
	assert_string_equal(cfg.calls, "s=b1:00.0;b=0;");
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_WARNING);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void flags_for_the_command_line_only(void **state)
{
	static const char text[] = "{\"doca_general_flags\": {\"help\": true, \"json\": \"x\"},"
				   " \"doca_program_flags\": {\"interactive\": true, \"force\": true}}";
	struct config cfg = { "" };
	struct capture io;

	(void)state;
	register_program(&cfg);
	capture_begin(&io);
	assert_int_equal(start_json(temp_file(text, strlen(text))), DOCA_SUCCESS);
	capture_end(&io);
	/* Warned and skipped; the rest is parsed. */
	assert_string_equal(io.err, "Flag \"help\" is only supported in the CLI\n"
				    "Flag \"json\" is only supported in the CLI\n"
				    "Flag \"interactive\" is only supported in the CLI\n");
	assert_string_equal(cfg.calls, "b=1;");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void a_json_object_flag_is_for_files_only(void **state)
{
	struct config cfg = { "" };
	struct capture io;

	(void)state;
	register_program(&cfg);
	capture_begin(&io);
	assert_int_equal(START("--rules", "{}"), DOCA_ERROR_INVALID_VALUE);
	capture_end(&io);
	assert_string_equal(io.err, "Param \"rules\" takes a JSON object: it is only supported in a JSON file\n");
	assert_string_equal(cfg.calls, "");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* Each bad file: its code and message (stderr), the usage (stdout), one SDK line. */
static void bad_files(void **state)
{
	static const struct {
		const char *text;
		doca_error_t err;
		const char *message;
	} cases[] = {
		{ "", DOCA_ERROR_IO_FAILED, "Json file is empty" },
		{ "{", DOCA_ERROR_IO_FAILED, "Invalid Json file format" },
		{ "not json", DOCA_ERROR_IO_FAILED, "Invalid Json file format" },
		{ "[1, 2]", DOCA_ERROR_IO_FAILED, "Invalid Json file format" },
		{ "\"string\"", DOCA_ERROR_IO_FAILED, "Invalid Json file format" },
		{ "{} {}", DOCA_ERROR_IO_FAILED, "Invalid Json file format" },
		{ "{\"force\": true} trailing", DOCA_ERROR_IO_FAILED, "Invalid Json file format" },
		{ "{\"force\": tru}", DOCA_ERROR_IO_FAILED, "Invalid Json file format" },
		{ "{\"pci-addr\": \"unterminated}", DOCA_ERROR_IO_FAILED, "Invalid Json file format" },
		{ "{\"nope\": 1}", DOCA_ERROR_NOT_SUPPORTED, "The param \"nope\" is not supported." },
		{ "{\"doca_general_flags\": {\"pci-addr\": \"x\"}}", DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"pci-addr\" is not supported." },
		{ "{\"doca_program_flags\": {\"log-level\": 50}}", DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"log-level\" is not supported." },
		{ "{\"doca_program_flags\": {\"p\": \"x\"}}", DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"p\" is not supported." },
		{ "{\"doca_dpdk_flags\": {}}", DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"doca_dpdk_flags\" is not supported." },
		{ "{\"doca_general_flags\": 5}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting an object value for \"doca_general_flags\"" },
		{ "{\"pci-addr\": 5}", DOCA_ERROR_INVALID_VALUE, "Expecting a string value for \"pci-addr\"" },
		{ "{\"pci-addr\": \"a\\u0000b\"}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting a string value for \"pci-addr\"" },
		{ "{\"pci-addr\": null}", DOCA_ERROR_INVALID_VALUE, "Expecting a string value for \"pci-addr\"" },
		{ "{\"num-src\": \"4\"}", DOCA_ERROR_INVALID_VALUE, "Expecting a int value for \"num-src\"" },
		{ "{\"num-src\": 1.5}", DOCA_ERROR_INVALID_VALUE, "Expecting a int value for \"num-src\"" },
		{ "{\"num-src\": 3000000000}", DOCA_ERROR_INVALID_VALUE,
		  "Failed to convert value of \"num-src\" to \"3000000000\" - greater than INT_MAX" },
		{ "{\"num-src\": -3000000000}", DOCA_ERROR_INVALID_VALUE,
		  "Failed to convert value of \"num-src\" to \"-3000000000\" - smaller than INT_MIN" },
		{ "{\"force\": 1}", DOCA_ERROR_INVALID_VALUE, "Expecting a boolean value for \"force\"" },
		{ "{\"rules\": \"x\"}", DOCA_ERROR_INVALID_VALUE, "Expecting a json object value for \"rules\"" },
		{ "{\"core\": 1}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting array of values for multiplicity param \"core\"" },
		{ "{\"core\": [1, \"2\"]}", DOCA_ERROR_INVALID_VALUE, "Mismatch for \"core\" value type in the array" },
		{ "{\"log-level\": 65}", DOCA_ERROR_INVALID_VALUE, "The log-level \"65\" is not supported." },
	};
	char *usage = data_text("golden/usage_json.txt");

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct config cfg = { "" };
		struct capture io;
		char want[256];
		long mark;
		doca_error_t err;

		register_program(&cfg);
		mark = sdk_mark();
		capture_begin(&io);
		err = start_json(temp_file(cases[i].text, strlen(cases[i].text)));
		capture_end(&io);
		snprintf(want, sizeof(want), "%s\n", cases[i].message);
		if (err != cases[i].err || strcmp(io.err, want) || strcmp(io.out, usage) || sdk_lines_since(mark) != 1)
			fail_msg("case %zu (%s): %s, stderr \"%s\", SDK %d lines, stdout:\n%s", i, cases[i].text,
				 doca_error_get_name(err), io.err, sdk_lines_since(mark), io.out);
		capture_free(&io);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
	free(usage);
}

/* Files no one writes by hand: missing, NUL bytes, nested past json-c's depth, too large. */
static void hostile_files(void **state)
{
	static const char nul[] = "{\"force\": true}\0{\"quiet\": true}";
	size_t deep_len = 200000, big_len = (16u << 20) + 2;
	char *deep = malloc(deep_len + 1), *big = malloc(big_len);
	const struct {
		const char *path;
		doca_error_t err;
		const char *message;
	} cases[] = {
		{ "/nonexistent/argp.json", DOCA_ERROR_IO_FAILED,
		  "Failed to open json file: \"/nonexistent/argp.json\"" },
		{ "/", DOCA_ERROR_IO_FAILED, "Failed to read json file: \"/\"" },
	};
	struct config cfg = { "" };
	struct capture io;
	long mark;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		register_program(&cfg);
		mark = sdk_mark();
		capture_begin(&io);
		assert_int_equal(start_json(cases[i].path), cases[i].err);
		capture_end(&io);
		assert_non_null(strstr(io.err, cases[i].message));
		assert_int_equal(sdk_lines_since(mark), 1);
		capture_free(&io);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}

	/* "{"x": [[[[...": deeper than json-c parses (32). */
	assert_non_null(deep);
	memcpy(deep, "{\"x\": ", 6);
	memset(deep + 6, '[', deep_len - 6);
	deep[deep_len] = '\0';
	/* Larger than a configuration file is, blanks after an object. */
	assert_non_null(big);
	memset(big, ' ', big_len);
	memcpy(big, "{}", 2);
	const struct {
		const char *text;
		size_t len;
		const char *message;
	} files[] = {
		{ nul, sizeof(nul) - 1, "Invalid Json file format" },
		{ deep, deep_len, "Invalid Json file format" },
		{ big, big_len, "Json file is larger than 16777216 bytes" },
	};
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		cfg.calls[0] = '\0';
		register_program(&cfg);
		mark = sdk_mark();
		capture_begin(&io);
		assert_int_equal(start_json(temp_file(files[i].text, files[i].len)), DOCA_ERROR_IO_FAILED);
		capture_end(&io);
		assert_non_null(strstr(io.err, files[i].message));
		assert_int_equal(sdk_lines_since(mark), 1);
		assert_string_equal(cfg.calls, "");
		capture_free(&io);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
	/* Just under the limit: parsed. */
	big_len -= 2;
	register_program(&cfg);
	assert_int_equal(start_json(temp_file(big, big_len)), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	free(deep);
	free(big);
}

static void mandatory_flags_in_a_file(void **state)
{
	static const char text[] = "{\"force\": true}";
	struct config cfg = { "" };
	struct capture io;

	(void)state;
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(add_param("p", "pci-addr", "d", record_string, DOCA_ARGP_TYPE_STRING, PARAM_MANDATORY),
			 DOCA_SUCCESS);
	assert_int_equal(add_param("f", "force", "d", record_bool, DOCA_ARGP_TYPE_BOOLEAN, 0), DOCA_SUCCESS);
	capture_begin(&io);
	assert_int_equal(start_json(temp_file(text, strlen(text))), DOCA_ERROR_INVALID_VALUE);
	capture_end(&io);
	assert_string_equal(io.err, "Parameter \"pci-addr\" is mandatory\n");
	assert_string_equal(cfg.calls, "b=1;");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* DPDK programs                                                                                  */
/* ---------------------------------------------------------------------------------------------- */

static char dpdk_args[1024];

static doca_error_t dpdk_init(int argc, char **argv)
{
	dpdk_args[0] = '\0';
	for (int i = 0; i < argc; i++)
		snprintf(dpdk_args + strlen(dpdk_args), sizeof(dpdk_args) - strlen(dpdk_args), "%s%s", i ? " " : "",
			 argv[i]);
	return DOCA_SUCCESS;
}

static void dpdk_flags_from_a_file(void **state)
{
	struct config cfg = { "" };

	(void)state;
	register_program(&cfg);
	doca_argp_set_dpdk_program(dpdk_init);
	assert_int_equal(start_json(data_path("json/dpdk.json")), DOCA_SUCCESS);
	assert_string_equal(dpdk_args, "prog -a auxiliary:mlx5_core.sf.4,sft_en=1 -a 0000:08:00.0,dv_flow_en=2 "
				       "-a 0000:08:00.2,sft_en=0 -a 03:00.0,class=regex -l 0-3 -c 0xf --in-memory "
				       "--log-level=eal,8");
	assert_string_equal(cfg.calls, "s=03:00.0;");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* Without the section: argv[0] alone. */
	register_program(&cfg);
	doca_argp_set_dpdk_program(dpdk_init);
	assert_int_equal(start_json(data_path("json/flat.json")), DOCA_SUCCESS);
	assert_string_equal(dpdk_args, "prog");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void bad_dpdk_sections(void **state)
{
	static const struct {
		const char *text;
		doca_error_t err;
		const char *message;
	} cases[] = {
		{ "{\"doca_dpdk_flags\": []}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting an object value for \"doca_dpdk_flags\"" },
		{ "{\"doca_dpdk_flags\": {\"bogus\": 1}}", DOCA_ERROR_NOT_SUPPORTED,
		  "The param \"bogus\" is not supported." },
		{ "{\"doca_dpdk_flags\": {\"devices\": {}}}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting an array value for \"devices\"" },
		{ "{\"doca_dpdk_flags\": {\"devices\": [5]}}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting an object value for \"devices\"" },
		{ "{\"doca_dpdk_flags\": {\"devices\": [{\"id\": \"1\"}]}}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting a string value for \"device\"" },
		{ "{\"doca_dpdk_flags\": {\"devices\": [{\"device\": \"pf\"}]}}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting a string value for \"id\"" },
		{ "{\"doca_dpdk_flags\": {\"devices\": [{\"device\": 1, \"id\": \"1\"}]}}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting a string value for \"device\"" },
		{ "{\"doca_dpdk_flags\": {\"devices\": [{\"device\": \"pf\", \"id\": \"1\", \"sft\": \"yes\"}]}}",
		  DOCA_ERROR_INVALID_VALUE, "Expecting a boolean value for \"sft\"" },
		{ "{\"doca_dpdk_flags\": {\"devices\": [{\"device\": \"pf\", \"id\": \"1\", \"hws\": 1}]}}",
		  DOCA_ERROR_INVALID_VALUE, "Expecting a boolean value for \"hws\"" },
		{ "{\"doca_dpdk_flags\": {\"devices\": [{\"device\": \"pf\", \"id\": \"1\", \"port\": 1}]}}",
		  DOCA_ERROR_NOT_SUPPORTED, "The param \"port\" is not supported." },
		{ "{\"doca_dpdk_flags\": {\"devices\": [{\"device\": \"nic\", \"id\": \"1\"}]}}",
		  DOCA_ERROR_INVALID_VALUE,
		  "Device \"nic\" is currently unsupported, please use the \"flags\" field for now." },
		{ "{\"doca_dpdk_flags\": {\"core-list\": 3}}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting a string value for \"core-list\"" },
		{ "{\"doca_dpdk_flags\": {\"core-mask\": 3}}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting a string value for \"core-mask\"" },
		{ "{\"doca_dpdk_flags\": {\"flags\": []}}", DOCA_ERROR_INVALID_VALUE,
		  "Expecting a string value for \"flags\"" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct config cfg = { "" };
		struct capture io;
		char want[256];
		long mark;
		doca_error_t err;

		register_program(&cfg);
		doca_argp_set_dpdk_program(dpdk_init);
		mark = sdk_mark();
		capture_begin(&io);
		err = start_json(temp_file(cases[i].text, strlen(cases[i].text)));
		capture_end(&io);
		snprintf(want, sizeof(want), "%s\n", cases[i].message);
		if (err != cases[i].err || strcmp(io.err, want) || sdk_lines_since(mark) != 1)
			fail_msg("case %zu (%s): %s, stderr \"%s\"", i, cases[i].text, doca_error_get_name(err),
				 io.err);
		capture_free(&io);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(a_file_in_nvidias_layout, argp_test_teardown),
		cmocka_unit_test_teardown(flags_for_the_command_line_only, argp_test_teardown),
		cmocka_unit_test_teardown(a_json_object_flag_is_for_files_only, argp_test_teardown),
		cmocka_unit_test_teardown(bad_files, argp_test_teardown),
		cmocka_unit_test_teardown(hostile_files, argp_test_teardown),
		cmocka_unit_test_teardown(mandatory_flags_in_a_file, argp_test_teardown),
		cmocka_unit_test_teardown(dpdk_flags_from_a_file, argp_test_teardown),
		cmocka_unit_test_teardown(bad_dpdk_sections, argp_test_teardown),
	};

	return cmocka_run_group_tests(tests, argp_group_setup, NULL);
}
