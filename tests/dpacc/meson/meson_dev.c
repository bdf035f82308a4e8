/* The device side of the meson test: the functions shell/host_current.c looks for. */
#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t app_rpc(uint64_t x)
{
	return x + 1;
}

__dpa_global__ void app_handler(uint64_t arg)
{
	(void)arg;
	flexio_dev_thread_reschedule();
}
