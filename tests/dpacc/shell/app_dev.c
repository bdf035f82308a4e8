/* A device application using the library of lib_dev.c. */
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>

uint64_t mylib_twice(uint64_t x);

__dpa_rpc__ uint64_t app_rpc(uint64_t x)
{
	return mylib_twice(x);
}

__dpa_global__ void app_handler(uint64_t arg)
{
	(void)arg;
	flexio_dev_thread_reschedule();
}
