/*
 * A 2.2 program's argp calls: the 2.2 names of the callback types (callback_func,
 * validation_callback) and the gRPC flag, gone from 3.0.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <stdio.h>
#include <string.h>

#include <doca_argp.h>

#include "argp_2_2.h"

struct calls {
	char *text;
	size_t size;
};

static struct calls calls;

static doca_error_t port_callback(void *param, void *config)
{
	(void)config;
	snprintf(calls.text + strlen(calls.text), calls.size - strlen(calls.text), "port=%d;", *(int *)param);
	return DOCA_SUCCESS;
}

static doca_error_t validate(void *config)
{
	(void)config;
	snprintf(calls.text + strlen(calls.text), calls.size - strlen(calls.text), "validate;");
	return DOCA_SUCCESS;
}

doca_error_t argp22_grpc_program(char *text, size_t size)
{
	callback_func callback = port_callback;
	validation_callback validation = validate;
	struct doca_argp_param *param;
	doca_error_t err;

	calls.text = text;
	calls.size = size;
	err = doca_argp_init("doca_grpc_app", &calls);
	if (err)
		return err;
	doca_argp_set_grpc_program();
	err = doca_argp_param_create(&param);
	if (err)
		return err;
	doca_argp_param_set_short_name(param, "p");
	doca_argp_param_set_long_name(param, "port");
	doca_argp_param_set_arguments(param, "<PORT>");
	doca_argp_param_set_description(param, "Port to serve on");
	doca_argp_param_set_callback(param, callback);
	doca_argp_param_set_type(param, DOCA_ARGP_TYPE_INT);
	err = doca_argp_register_param(param);
	return err ? err : doca_argp_register_validation_callback(validation);
}

void argp22_set_grpc_program(void)
{
	doca_argp_set_grpc_program();
}

doca_error_t argp22_get_grpc_addr(const char **address)
{
	return doca_argp_get_grpc_addr(address);
}
