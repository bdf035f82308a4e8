/* The 2.2 spellings of the error strings (doca_get_error_name / doca_get_error_string). */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_error.h"

#include "common.h"

const char *doca_get_error_name(doca_error_t error)
{
	return opendoca_error_name(error);
}

const char *doca_get_error_string(doca_error_t error)
{
	return opendoca_error_descr(error);
}
