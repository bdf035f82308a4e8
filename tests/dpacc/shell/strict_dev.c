/*
 * Every device header in one translation unit, for test_strict.sh: NVIDIA's sample build
 * options (-Wall -Wextra -Wpedantic ... -Werror) under C99 and C11 must not warn.
 */
#include <stddef.h>

#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_debug.h>
#include <libflexio-dev/flexio_dev_dpa_arch.h>
#include <libflexio-dev/flexio_dev_endianity.h>
#include <libflexio-dev/flexio_dev_err.h>
#include <libflexio-dev/flexio_dev_queue_access.h>
#include <libflexio-dev/flexio_dev_queue_types.h>
#include <libflexio-dev/flexio_dev_tracer.h>
#include <libflexio-libc/inttypes.h>
#include <libflexio-libc/stdio.h>
#include <libflexio-libc/string.h>
#include <dpaintrin.h>

uint64_t strict_rpc(uint64_t value);

__dpa_rpc__ uint64_t strict_rpc(uint64_t value)
{
	return value + 1;
}
