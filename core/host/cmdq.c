/*
 * Command queues (flexio_cmdq_*): asynchronous calls of device functions, run in the
 * background by DPA worker threads of the process (the provider's cmdq operations).
 *
 * A task is a registered device function of type flexio_dev_async_rpc_handler_t,
 * void f(uint64_t arg), called with the task's arg (registered by dpacc or with
 * flexio_func_register). Tasks start in the order they were added.
 */
#include "process.h"

#include "handle.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>

/* BlueField-3: 189 of the 256 DPA hardware threads are available to applications. */
#define CMDQ_MAX_WORKERS 189

struct flexio_cmdq {
	struct flexio_process *process;
	struct provider_cmdq *device;
	struct flexio_cmdq *next; /* in process->cmdqs */
};

/* Guards every process's list of queues. */
static pthread_mutex_t cmdqs_lock = PTHREAD_MUTEX_INITIALIZER;

static bool cmdq_check(const struct flexio_cmdq *cmdq, const char *func)
{
	if (handle_is(cmdq, HANDLE_CMDQ))
		return true;
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "%p is not a live command queue", (const void *)cmdq);
	return false;
}

static void cmdq_free(struct flexio_cmdq *cmdq)
{
	handle_remove(cmdq);
	cmdq->process->provider->cmdq_destroy(cmdq->device);
	free(cmdq);
}

void cmdqs_destroy_all(struct flexio_process *process)
{
	struct flexio_cmdq *list;

	pthread_mutex_lock(&cmdqs_lock);
	list = process->cmdqs;
	process->cmdqs = NULL;
	pthread_mutex_unlock(&cmdqs_lock);
	while (list) {
		struct flexio_cmdq *next = list->next;

		cmdq_free(list);
		list = next;
	}
}

FLEXIO_STABLE flexio_status flexio_cmdq_create(flexio_process *process, struct flexio_cmdq_attr *fattr,
					       flexio_cmdq **cmdq_ptr)
{
	struct provider_cmdq_config config;
	struct flexio_cmdq *cmdq;
	char err[DPA_ERROR_MAX] = "";

	if (!cmdq_ptr) {
		flexio_err("cmdq is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*cmdq_ptr = NULL;
	if (!process_check(process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (!fattr) {
		flexio_err("fattr is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	if (fattr->workers < 1 || fattr->workers > CMDQ_MAX_WORKERS) {
		flexio_err("fattr->workers is %d: give 1 to %d DPA threads", fattr->workers, CMDQ_MAX_WORKERS);
		return FLEXIO_STATUS_FAILED;
	}
	if (fattr->batch_size < 1) {
		flexio_err("fattr->batch_size is %d: a worker must run at least one task per invocation",
			   fattr->batch_size);
		return FLEXIO_STATUS_FAILED;
	}
	if (fattr->state != FLEXIO_CMDQ_STATE_PENDING && fattr->state != FLEXIO_CMDQ_STATE_RUNNING) {
		flexio_err("fattr->state %d is neither FLEXIO_CMDQ_STATE_PENDING nor FLEXIO_CMDQ_STATE_RUNNING",
			   (int)fattr->state);
		return FLEXIO_STATUS_FAILED;
	}
	if (process_stopped(process, __func__))
		return FLEXIO_STATUS_FAILED;

	cmdq = calloc(1, sizeof(*cmdq));
	if (!cmdq) {
		flexio_err("out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	cmdq->process = process;
	config = (struct provider_cmdq_config){.workers = (unsigned)fattr->workers,
					       .batch_size = (unsigned)fattr->batch_size,
					       .running = fattr->state == FLEXIO_CMDQ_STATE_RUNNING};
	cmdq->device = process->provider->cmdq_create(process->device, &config, err, sizeof(err));
	if (!cmdq->device) {
		flexio_err("process \"%s\": cannot create the command queue: %s", process->name, err);
		free(cmdq);
		return FLEXIO_STATUS_FAILED;
	}
	if (!handle_add(cmdq, HANDLE_CMDQ)) {
		flexio_err("out of memory");
		process->provider->cmdq_destroy(cmdq->device);
		free(cmdq);
		return FLEXIO_STATUS_FAILED;
	}
	pthread_mutex_lock(&cmdqs_lock);
	cmdq->next = process->cmdqs;
	process->cmdqs = cmdq;
	pthread_mutex_unlock(&cmdqs_lock);
	*cmdq_ptr = cmdq;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_cmdq_destroy(flexio_cmdq *cmdq)
{
	struct flexio_cmdq **at;

	if (!cmdq_check(cmdq, __func__))
		return FLEXIO_STATUS_FAILED;
	pthread_mutex_lock(&cmdqs_lock);
	for (at = &cmdq->process->cmdqs; *at && *at != cmdq; at = &(*at)->next)
		;
	if (*at)
		*at = cmdq->next;
	pthread_mutex_unlock(&cmdqs_lock);
	cmdq_free(cmdq);
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_cmdq_task_add(flexio_cmdq *cmdq, flexio_func_t *host_func, uint64_t arg)
{
	struct flexio_process *process;
	struct flexio_func *f;
	int rc;

	if (!cmdq_check(cmdq, __func__))
		return FLEXIO_STATUS_FAILED;
	process = cmdq->process;
	f = app_find_func(process->app, host_func, __func__);
	if (!f)
		return FLEXIO_STATUS_FAILED;
	if (process_stopped(process, __func__))
		return FLEXIO_STATUS_FAILED;
	/* The device function itself (not a pack/unpack wrapper) gets arg. */
	rc = process->provider->cmdq_task_add(cmdq->device, f->dev_addr, arg);
	if (rc == -ESHUTDOWN) {
		process_log_stopped(process, __func__);
		return FLEXIO_STATUS_FAILED;
	}
	if (rc) {
		flexio_err("process \"%s\": the command queue cannot hold more waiting tasks", process->name);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_cmdq_state_running(flexio_cmdq *cmdq)
{
	if (!cmdq_check(cmdq, __func__))
		return FLEXIO_STATUS_FAILED;
	if (process_stopped(cmdq->process, __func__))
		return FLEXIO_STATUS_FAILED;
	if (cmdq->process->provider->cmdq_start(cmdq->device)) {
		process_log_stopped(cmdq->process, __func__);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

/*
 * 1 when every task added so far has run. Once the process has stopped (a fault, an error,
 * flexio_dev_process_finish) the tasks still waiting never run: the queue has nothing left
 * to wait for, so this answers 1 too, with an error line (check flexio_err_status_get).
 * A bad handle answers 0.
 */
FLEXIO_EXPERIMENTAL int flexio_cmdq_is_empty(flexio_cmdq *cmdq)
{
	if (!cmdq_check(cmdq, __func__))
		return 0;
	if (cmdq->process->provider->cmdq_is_empty(cmdq->device) == 1)
		return 1;
	return process_stopped(cmdq->process, __func__) ? 1 : 0;
}
