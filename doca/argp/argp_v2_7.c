/*
 * The gRPC flag of 2.2 - 2.7 (doca_argp_set_grpc_program, doca_argp_get_grpc_addr): gone from
 * 3.0, defined in a unit selecting 2.7, the newest release that declares them.
 *
 * A gRPC program takes its server's address in the mandatory DOCA flag -g/--grpc-address
 * ("grpc-address" in a JSON file's "doca_general_flags"), as NVIDIA's gRPC applications did.
 */
#define DOCA_VER_USED DOCA_VER(2, 7, 0)

#include "argp.h"

void doca_argp_set_grpc_program(void)
{
	struct argp_param *param;

	argp_lock();
	if (argp_check_open(__func__, false) || argp.grpc) {
		argp_unlock();
		return;
	}
	if (argp_find_short(&argp.root, "g") || argp_find_long(&argp.root, "grpc-address")) {
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
			      "Param name is used by program params (-g, --grpc-address)");
		argp_unlock();
		return;
	}
	param = argp_general_add(ARGP_GRPC, "g", "grpc-address", "ip_address[:port]",
				 "Set the IP address for the grpc server", DOCA_ARGP_TYPE_STRING, false);
	if (!param) {
		opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "out of memory");
	} else {
		param->mandatory = true;
		argp.grpc = true;
	}
	argp_unlock();
}

doca_error_t doca_argp_get_grpc_addr(const char **address)
{
	doca_error_t err;

	if (!address)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "address is NULL");
	argp_lock();
	err = argp_check_open(__func__, true);
	if (!err && !argp.grpc)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "not a gRPC program (doca_argp_set_grpc_program)");
	else if (!err && !argp.grpc_address)
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, __func__, "no gRPC address was parsed yet (doca_argp_start)");
	if (!err)
		*address = argp.grpc_address;
	argp_unlock();
	return err;
}
