/*
 * Each release's argp: a 2.2 program (argp_2_2.c) with its callback types and the gRPC flag of
 * 2.2 - 2.7 (mandatory -g/--grpc-address, in the usage text, from a JSON file, its address read
 * back), and the gRPC functions' refusals.
 */
#include "argp_test.h"

#include <stdlib.h>
#include <string.h>

#include "argp_2_2.h"

static void a_2_2_grpc_program(void **state)
{
	char calls[256] = "";
	const char *address;
	struct capture io;
	char *want;
	long mark;

	(void)state;
	assert_int_equal(argp22_grpc_program(calls, sizeof(calls)), DOCA_SUCCESS);
	/* Once is enough. */
	argp22_set_grpc_program();
	capture_begin(&io);
	doca_argp_usage();
	capture_end(&io);
	want = data_text("golden/usage_grpc.txt");
	assert_string_equal(io.out, want);
	free(want);
	capture_free(&io);
	mark = sdk_mark();
	assert_int_equal(argp22_get_grpc_addr(&address), DOCA_ERROR_NOT_FOUND);
	assert_one_sdk_line(mark, "[doca_argp_get_grpc_addr] no gRPC address was parsed yet");
	assert_int_equal(START("-p", "50051", "-g", "10.0.0.1:50051"), DOCA_SUCCESS);
	assert_string_equal(calls, "port=50051;validate;");
	assert_int_equal(argp22_get_grpc_addr(&address), DOCA_SUCCESS);
	assert_string_equal(address, "10.0.0.1:50051");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* Mandatory. */
	calls[0] = '\0';
	assert_int_equal(argp22_grpc_program(calls, sizeof(calls)), DOCA_SUCCESS);
	capture_begin(&io);
	assert_int_equal(START("--port", "1"), DOCA_ERROR_INVALID_VALUE);
	capture_end(&io);
	assert_string_equal(io.err, "Parameter \"grpc-address\" is mandatory\n");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* From a JSON file's DOCA flags, as NVIDIA's gRPC applications' files give it. */
	{
		static const char text[] =
			"{\"doca_general_flags\": {\"log-level\": 60, \"grpc-address\": \"0.0.0.0\"},"
			" \"doca_program_flags\": {\"port\": 7}}";

		calls[0] = '\0';
		assert_int_equal(argp22_grpc_program(calls, sizeof(calls)), DOCA_SUCCESS);
		assert_int_equal(START("-j", temp_file(text, strlen(text))), DOCA_SUCCESS);
		assert_int_equal(argp22_get_grpc_addr(&address), DOCA_SUCCESS);
		assert_string_equal(address, "0.0.0.0");
		assert_string_equal(calls, "port=7;validate;");
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}
}

static void grpc_refusals(void **state)
{
	const char *address = NULL;
	long mark;

	(void)state;
	mark = sdk_mark();
	argp22_set_grpc_program();
	assert_one_sdk_line(mark, "[doca_argp_set_grpc_program] the argument parser is not initialised");
	mark = sdk_mark();
	assert_int_equal(argp22_get_grpc_addr(&address), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "[doca_argp_get_grpc_addr] the argument parser is not initialised");
	mark = sdk_mark();
	assert_int_equal(argp22_get_grpc_addr(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_one_sdk_line(mark, "[doca_argp_get_grpc_addr] address is NULL");

	assert_int_equal(doca_argp_init("prog", NULL), DOCA_SUCCESS);
	mark = sdk_mark();
	assert_int_equal(argp22_get_grpc_addr(&address), DOCA_ERROR_BAD_STATE);
	assert_one_sdk_line(mark, "not a gRPC program");
	/* The program took -g first: no gRPC flag. */
	assert_int_equal(add_param("g", NULL, "d", record_string, DOCA_ARGP_TYPE_STRING, 0), DOCA_SUCCESS);
	mark = sdk_mark();
	argp22_set_grpc_program();
	assert_one_sdk_line(mark, "Param name is used by program params");
	assert_int_equal(argp22_get_grpc_addr(&address), DOCA_ERROR_BAD_STATE);
	assert_null(address);
	/* After parsing: too late. */
	assert_int_equal(START(NULL), DOCA_SUCCESS);
	mark = sdk_mark();
	argp22_set_grpc_program();
	assert_one_sdk_line(mark, "the arguments were already parsed");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(a_2_2_grpc_program, argp_test_teardown),
		cmocka_unit_test_teardown(grpc_refusals, argp_test_teardown),
	};

	return cmocka_run_group_tests(tests, argp_group_setup, NULL);
}
