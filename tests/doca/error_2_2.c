/* A 2.2 program's calls: doca_get_error_name and doca_get_error_string exist in 2.2 only. */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <doca_error.h>

#include "error_2_2.h"

const char *name_2_2(int code)
{
	return doca_get_error_name((doca_error_t)code);
}

const char *string_2_2(int code)
{
	return doca_get_error_string((doca_error_t)code);
}
