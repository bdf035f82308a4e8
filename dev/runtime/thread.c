/* Thread context getters and the ways an invocation ends (current edition names). */
#include "runtime.h"

int flexio_dev_get_thread_ctx(struct flexio_dev_thread_ctx **dtctx)
{
	struct flexio_os_thread_ctx *ctx;

	if (!dtctx)
		return -1;
	ctx = dev_thread_ctx();
	if (!ctx)
		return -1;
	*dtctx = (struct flexio_dev_thread_ctx *)ctx;
	return 0;
}

uint32_t flexio_dev_get_thread_id(struct flexio_dev_thread_ctx *dtctx)
{
	if (!dev_ctx_is_current(dtctx)) {
		dev_set_errno(EINVAL);
		return UINT32_MAX;
	}
	return (uint32_t)__flexio_dev_ecall0(DPA_ECALL_THREAD_ID);
}

flexio_uintptr_t flexio_dev_get_thread_local_storage(struct flexio_dev_thread_ctx *dtctx)
{
	if (!dev_ctx_is_current(dtctx)) {
		dev_set_errno(EINVAL);
		return 0;
	}
	return __flexio_dev_ecall0(DPA_ECALL_THREAD_LOCAL_STORAGE);
}

void dev_end_invocation(uint64_t service, uint64_t arg)
{
	__flexio_dev_flush_stdio();
	__flexio_dev_ecall1(service, arg);
	/* The service never comes back; if a broken runtime returns, fault visibly. */
	__builtin_trap();
}

void flexio_dev_thread_reschedule(void)
{
	dev_end_invocation(DPA_ECALL_THREAD_RESCHEDULE, 0);
}

void flexio_dev_thread_finish(void)
{
	dev_end_invocation(DPA_ECALL_THREAD_FINISH, 0);
}

void flexio_dev_thread_retrigger(void)
{
	dev_end_invocation(DPA_ECALL_THREAD_RETRIGGER, 0);
}

void flexio_dev_process_finish(void)
{
	dev_end_invocation(DPA_ECALL_PROCESS_FINISH, 0);
}

void flexio_dev_yield(struct flexio_dev_thread_ctx *dtctx)
{
	if (!dev_ctx_is_current(dtctx)) {
		dev_set_errno(EINVAL);
		return;
	}
	/* A continuable thread may not run again for a while: its text must not wait for it. */
	__flexio_dev_flush_stdio();
	__flexio_dev_ecall0(DPA_ECALL_THREAD_YIELD);
}

void flexio_dev_event_handler_activate(uint32_t activation_id)
{
	dev_status_of(__flexio_dev_ecall1(DPA_ECALL_EVENT_ACTIVATE, activation_id));
}

void flexio_dev_yield_and_retrigger(void)
{
	/* As flexio_dev_yield: the thread may not run again for a while. */
	__flexio_dev_flush_stdio();
	__flexio_dev_ecall0(DPA_ECALL_THREAD_YIELD_RETRIGGER);
}

const char *flexio_dev_get_current_thread_name(void)
{
	return (const char *)(uintptr_t)__flexio_dev_ecall0(DPA_ECALL_THREAD_NAME);
}
