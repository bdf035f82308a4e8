/* The older edition's names of the invocation ends (DOCA Driver APIs manual). */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(23, 4, 0)
#include "runtime.h"

void flexio_dev_finish(void)
{
	dev_end_invocation(DPA_ECALL_PROCESS_FINISH, 0);
}

void flexio_dev_reschedule(void)
{
	dev_end_invocation(DPA_ECALL_THREAD_RESCHEDULE, 0);
}
