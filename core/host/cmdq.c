/*
 * Command queues (flexio_cmdq_*): asynchronous calls of device functions, run in the
 * background by DPA worker threads of the process (the provider's cmdq operations).
 *
 * A task is a registered device function of type flexio_dev_async_rpc_handler_t,
 * void f(uint64_t arg), called with the task's arg (registered by dpacc or with
 * flexio_func_register). Tasks start in the order they were added.
 */
#include "process.h"

#include "log.h"

#include <errno.h>
#include <stdlib.h>

/* At most a worker per DPA thread available to applications. */
#define CMDQ_MAX_WORKERS DPA_APPLICATION_EUS

struct cmdq {
	struct process_child child; /* first: handle_get returns the object */
	struct provider_cmdq *device;
};

/* Stops the workers and frees the queue, once no call uses it any more. */
static void cmdq_free(struct process_child *child)
{
	struct cmdq *cmdq = (struct cmdq *)child;

	child->process->provider->cmdq_destroy(cmdq->device);
	free(cmdq);
}

static bool check_attr(const struct flexio_cmdq_attr *fattr, const char *func)
{
	if (!fattr) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "fattr is NULL");
	} else if (fattr->workers < 1 || fattr->workers > CMDQ_MAX_WORKERS) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "fattr->workers is %d: give 1 to %d DPA threads",
			      fattr->workers, CMDQ_MAX_WORKERS);
	} else if (fattr->batch_size < 1) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->batch_size is %d: a worker must run at least one task per invocation",
			      fattr->batch_size);
	} else if (fattr->state != FLEXIO_CMDQ_STATE_PENDING && fattr->state != FLEXIO_CMDQ_STATE_RUNNING) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "fattr->state %d is neither FLEXIO_CMDQ_STATE_PENDING nor FLEXIO_CMDQ_STATE_RUNNING",
			      (int)fattr->state);
	} else {
		return true;
	}
	return false;
}

static flexio_status cmdq_create(struct process *process, const struct flexio_cmdq_attr *fattr, flexio_cmdq **cmdq_ptr,
				 const char *func)
{
	struct provider_cmdq_config config = { .workers = (unsigned)fattr->workers,
					       .batch_size = (unsigned)fattr->batch_size,
					       .running = fattr->state == FLEXIO_CMDQ_STATE_RUNNING };
	char err[PROVIDER_ERROR_MAX] = "";
	struct cmdq *cmdq;
	void *handle;

	if (process_stopped(process, func))
		return FLEXIO_STATUS_FAILED;
	cmdq = calloc(1, sizeof(*cmdq));
	if (!cmdq) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	cmdq->device = process->provider->cmdq_create(process->device, &config, err, sizeof(err));
	if (!cmdq->device) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\": cannot create the command queue: %s",
			      process->name, err);
		free(cmdq);
		return FLEXIO_STATUS_FAILED;
	}
	handle = process_child_open(process, &cmdq->child, HANDLE_CMDQ, NULL, cmdq_free, func);
	if (!handle) {
		cmdq->child.process = process;
		cmdq_free(&cmdq->child);
		return FLEXIO_STATUS_FAILED;
	}
	*cmdq_ptr = handle;
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_cmdq_create(flexio_process *handle, struct flexio_cmdq_attr *fattr,
					       flexio_cmdq **cmdq_ptr)
{
	struct process *process;
	flexio_status status = FLEXIO_STATUS_FAILED;

	if (!cmdq_ptr) {
		flexio_err("cmdq is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	*cmdq_ptr = NULL;
	process = process_get(handle, __func__);
	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (check_attr(fattr, __func__))
		status = cmdq_create(process, fattr, cmdq_ptr, __func__);
	process_put(process);
	return status;
}

/* The queue's workers stop once calls other threads have in progress on it return. */
FLEXIO_STABLE flexio_status flexio_cmdq_destroy(flexio_cmdq *cmdq)
{
	return process_child_destroy(cmdq, HANDLE_CMDQ, __func__);
}

static struct cmdq *cmdq_get(const flexio_cmdq *handle, const char *func)
{
	return handle_get(handle, HANDLE_CMDQ, func);
}

static void cmdq_put(struct cmdq *cmdq)
{
	handle_put(&cmdq->child.handle);
}

/* Queues host_func(arg), shown as shown (NULL: as itself); logged as func. */
static flexio_status task_add(flexio_cmdq *handle, flexio_func_t *host_func, uint64_t arg, flexio_func_t *shown,
			      const char *func)
{
	struct cmdq *cmdq = cmdq_get(handle, func);
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct process *process;
	struct func *f, *as = NULL;
	int rc;

	if (!cmdq)
		return FLEXIO_STATUS_FAILED;
	process = cmdq->child.process;
	f = app_find_func(process->app, host_func, func);
	if (f && shown)
		as = app_find_func(process->app, shown, func);
	if (f && (!shown || as) && !process_stopped(process, func)) {
		/* The device function itself (not a pack/unpack wrapper) gets arg. The name is the
		 * application's, which the process holds: it outlives the task and its traces. */
		rc = process->provider->cmdq_task_add(cmdq->device, f->dev_addr, arg, as ? as->name : NULL);
		if (rc == -ESHUTDOWN)
			process_log_stopped(process, func);
		else if (rc)
			flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
				      "process \"%s\": the command queue cannot hold more waiting tasks",
				      process->name);
		else
			status = FLEXIO_STATUS_SUCCESS;
	}
	cmdq_put(cmdq);
	return status;
}

FLEXIO_STABLE flexio_status flexio_cmdq_task_add(flexio_cmdq *handle, flexio_func_t *host_func, uint64_t arg)
{
	return task_add(handle, host_func, arg, NULL, __func__);
}

FLEXIO_EXPERIMENTAL flexio_status flexio_cmdq_task_add_as(flexio_cmdq *handle, flexio_func_t *host_func, uint64_t arg,
							  flexio_func_t *shown_func)
{
	if (!shown_func) {
		flexio_err("shown_func is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	return task_add(handle, host_func, arg, shown_func, __func__);
}

FLEXIO_STABLE flexio_status flexio_cmdq_state_running(flexio_cmdq *handle)
{
	struct cmdq *cmdq = cmdq_get(handle, __func__);
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct process *process;

	if (!cmdq)
		return FLEXIO_STATUS_FAILED;
	process = cmdq->child.process;
	if (!process_stopped(process, __func__)) {
		if (process->provider->cmdq_start(cmdq->device))
			process_log_stopped(process, __func__);
		else
			status = FLEXIO_STATUS_SUCCESS;
	}
	cmdq_put(cmdq);
	return status;
}

/*
 * 1 when every task added so far has run. Once the process has stopped (a fault, an error,
 * flexio_dev_process_finish) the tasks still waiting never run: the queue has nothing left
 * to wait for, so this answers 1 too, with an error line (check flexio_err_status_get).
 * A bad handle answers 0.
 */
FLEXIO_EXPERIMENTAL int flexio_cmdq_is_empty(flexio_cmdq *handle)
{
	struct cmdq *cmdq = cmdq_get(handle, __func__);
	int empty;

	if (!cmdq)
		return 0;
	empty = cmdq->child.process->provider->cmdq_is_empty(cmdq->device) == 1 ||
		process_stopped(cmdq->child.process, __func__);
	cmdq_put(cmdq);
	return empty;
}
