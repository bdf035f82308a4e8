/*
 * The simulated DPA OS: the ecall services device code reaches through
 * libflexio_dev (numbers and meanings in core/dpa/dpa_ecall.h).
 */
#include "sim.h"

#include <errno.h>

static struct sim_thread *thread_of(struct dpa_hart *hart)
{
	return dpa_hart_user(hart);
}

static int64_t thread_ctx_get(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	return (int64_t)thread_of(hart)->ctx;
}

static int64_t thread_id(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	return thread_of(hart)->id;
}

static int64_t thread_local_storage(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	return (int64_t)thread_of(hart)->thread_local_storage;
}

/* finish, reschedule, retrigger: the invocation ends here. */
static int64_t end_invocation(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	dpa_hart_request_stop(hart, dpa_hart_reg(hart, 17 /* a7: which service */));
	return 0;
}

/* flexio_dev_yield (and _and_retrigger): a continuable event handler's invocation ends here and
 * the next trigger resumes after the ecall; other threads go on at once. */
static int64_t yield(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	if (sim_thread_continuable(thread_of(hart)))
		dpa_hart_request_stop(hart, dpa_hart_reg(hart, 17 /* a7: which service */));
	return 0;
}

static int64_t thread_name(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	return (int64_t)thread_of(hart)->name;
}

/* flexio_dev_event_handler_activate(id): a handler of the caller's process. */
static int64_t event_activate(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	return sim_event_activate(user, (uint32_t)args[0], thread_of(hart)->id);
}

static int64_t process_finish(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)args;
	sim_process_fail(user, DPA_STATUS_PROCESS_FINISH, NULL);
	dpa_hart_request_stop(hart, DPA_ECALL_PROCESS_FINISH);
	return 0;
}

static int64_t process_error(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	uint64_t code = args[0];

	if (code < 128 || code > 255)
		code = DPA_STATUS_ILLEGAL_USER_ERROR;
	sim_process_fail_from(user, thread_of(hart), (uint32_t)code, NULL);
	dpa_hart_request_stop(hart, DPA_ECALL_PROCESS_ERROR);
	return 0;
}

static int64_t send_message(struct sim_process *p, int stream, int level, uint64_t text, uint64_t len)
{
	const char *host = len ? dpa_process_host_pointer(p->engine, text, len, false) : "";

	if (!host)
		return -EFAULT;
	return p->events.message(p->events.user, stream, level, host, len);
}

static int64_t msg(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	if (args[1] < FLEXIO_MSG_DEV_ALWAYS_PRINT || args[1] > FLEXIO_MSG_DEV_DEBUG)
		return -EINVAL;
	return send_message(user, (int)args[0], (int)args[1], args[2], args[3]);
}

static int64_t print(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	return send_message(user, FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, FLEXIO_MSG_DEV_INFO, args[0], args[1]);
}

/* The Linux write call of freestanding test programs: fd 1 and 2 go to the default stream. */
static int64_t linux_write(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	if (args[0] != 1 && args[0] != 2)
		return -EBADF;
	return send_message(user, FLEXIO_MSG_DEV_DEFAULT_STREAM_ID,
			    args[0] == 1 ? FLEXIO_MSG_DEV_INFO : FLEXIO_MSG_DEV_ERROR, args[1], args[2]);
}

/* Services of objects the simulated device does not have yet (the PCC table):
 * the device call fails with ENOSYS in the thread's errno instead of faulting the process. */
static int64_t not_served_yet(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	(void)args;
	return -ENOSYS;
}

void sim_services_install(struct sim_process *p)
{
	static const struct {
		uint64_t number;
		dpa_service_fn fn;
	} services[] = {
		{ DPA_ECALL_THREAD_CTX_GET, thread_ctx_get },
		{ DPA_ECALL_THREAD_ID, thread_id },
		{ DPA_ECALL_THREAD_LOCAL_STORAGE, thread_local_storage },
		{ DPA_ECALL_THREAD_FINISH, end_invocation },
		{ DPA_ECALL_THREAD_RESCHEDULE, end_invocation },
		{ DPA_ECALL_THREAD_RETRIGGER, end_invocation },
		{ DPA_ECALL_THREAD_YIELD, yield },
		{ DPA_ECALL_THREAD_YIELD_RETRIGGER, yield },
		{ DPA_ECALL_THREAD_NAME, thread_name },
		{ DPA_ECALL_PROCESS_FINISH, process_finish },
		{ DPA_ECALL_PROCESS_ERROR, process_error },
		{ DPA_ECALL_MSG, msg },
		{ DPA_ECALL_PRINT, print },
		{ DPA_ECALL_LINUX_WRITE, linux_write },
		{ DPA_ECALL_EVENT_ACTIVATE, event_activate },
		{ DPA_ECALL_PCC_TABLE_BASE, not_served_yet },
	};

	for (size_t i = 0; i < sizeof(services) / sizeof(services[0]); i++)
		dpa_process_set_service(p->engine, services[i].number, services[i].fn, p);
	/* uar, outbox, window, mkey: OUTBOX_CONFIG, OUTBOX_UAR_EXTENSION, CROSS_DEVICE_RING_DB,
	 * WINDOW_CONFIG, WINDOW_MKEY_CONFIG, WINDOW_PTR, WINDOW_COPY_TO_HOST, WINDOW_WRITEBACK */
	sim_outbox_services_install(p);
	sim_window_services_install(p);
	/* NIC_COUNTERS_CONFIG, NIC_COUNTERS_SAMPLE */
	sim_counters_services_install(p);
}
