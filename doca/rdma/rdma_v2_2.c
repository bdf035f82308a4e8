/*
 * DOCA RDMA of 2.2 (doca/README.md, "Writing a family"): a context created without a device,
 * which doca_ctx_dev_add gives it, driven by one work queue (doca_ctx_workq_add): jobs (struct
 * doca_rdma_job_*) submitted with doca_workq_submit execute as rdma.c's tasks on the context's one
 * connection (doca_rdma_export / doca_rdma_connect of 2.2 - 2.6, rdma_v2_6.c), and complete at
 * doca_workq_progress_retrieve, which fills the struct doca_rdma_result the program points the
 * event's result at (as 2.2's samples do). The device's limits under 2.2's names. A job's
 * rdma_peer_addr is for DC, which the devices do not serve: an RC context ignores it, as 2.2's
 * samples leave it unset.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#include "doca_rdma.h"

#include "dev.h"
#include "rdma.h"

#include <string.h>

_Static_assert(DOCA_RDMA_JOB_RECV == DOCA_ACTION_RDMA_FIRST + 1, "2.2's first RDMA job type");

/* ---- The context ---------------------------------------------------------------------------- */

doca_error_t doca_rdma_create(struct doca_rdma **rdma)
{
	return rdma_create(NULL, true, rdma, __func__);
}

/*
 * One work queue: the context's CQ and lists are progressed by one thread. doca_ctx_workq_add logs
 * the refusal.
 */
doca_error_t rdma_workq_bind(struct opendoca_binding *binding)
{
	struct opendoca_rdma *rdma = opendoca_ctx_priv(binding->ctx);

	if (rdma->binding)
		return DOCA_ERROR_NOT_SUPPORTED;
	rdma->binding = binding;
	binding->priv = rdma;
	return DOCA_SUCCESS;
}

void rdma_workq_unbind(struct opendoca_binding *binding)
{
	struct opendoca_rdma *rdma = binding->priv;

	rdma->binding = NULL;
}

doca_error_t rdma_dev_add(struct opendoca_ctx *ctx, struct doca_dev *dev, const char *func)
{
	struct opendoca_rdma *rdma = opendoca_ctx_priv(ctx);
	doca_error_t err;

	if (rdma->dev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the RDMA context has a device already");
	err = opendoca_dev_hold(dev, func);
	if (!err) {
		pthread_mutex_lock(&rdma->lock);
		rdma->dev = dev;
		pthread_mutex_unlock(&rdma->lock);
	}
	return err;
}

void rdma_dev_rm(struct opendoca_ctx *ctx, struct doca_dev *dev)
{
	struct opendoca_rdma *rdma = opendoca_ctx_priv(ctx);

	if (rdma->dev != dev)
		return;
	pthread_mutex_lock(&rdma->lock);
	rdma->dev = NULL;
	pthread_mutex_unlock(&rdma->lock);
	opendoca_dev_release(dev);
}

/* ---- Jobs ------------------------------------------------------------------------------------ */

/* The task kind of a job type, T_COUNT for none of 2.2's. */
static unsigned kind_of(int type)
{
	switch (type) {
	case DOCA_RDMA_JOB_RECV:
		return T_RECEIVE;
	case DOCA_RDMA_JOB_SEND:
		return T_SEND;
	case DOCA_RDMA_JOB_SEND_IMM:
		return T_SEND_IMM;
	case DOCA_RDMA_JOB_READ:
		return T_READ;
	case DOCA_RDMA_JOB_WRITE:
		return T_WRITE;
	case DOCA_RDMA_JOB_WRITE_IMM:
		return T_WRITE_IMM;
	case DOCA_RDMA_JOB_ATOMIC_CMP_SWP:
		return T_CMP_SWP;
	case DOCA_RDMA_JOB_ATOMIC_FETCH_ADD:
		return T_FETCH_ADD;
	default:
		return T_COUNT;
	}
}

/* doca_workq_submit logs a refusal (the error's description): the buffers are checked again at execution. */
doca_error_t rdma_job_init(struct opendoca_task *task, const struct doca_job *job)
{
	struct rdma_task *t = opendoca_task_priv(task);
	unsigned kind = kind_of(job->type);

	if (kind == T_COUNT)
		return DOCA_ERROR_NOT_SUPPORTED;
	memset(t, 0, sizeof(*t));
	t->kind = (uint8_t)kind;
	switch (kind) {
	case T_RECEIVE: /* a receive without a buffer takes what carries no data (a write with immediate's notice) */
		t->dst = ((const struct doca_rdma_job_recv *)job)->dst_buff;
		return DOCA_SUCCESS;
	case T_SEND:
	case T_SEND_IMM: {
		const struct doca_rdma_job_send *send = (const struct doca_rdma_job_send *)job;

		t->src = send->src_buff;
		t->imm = send->immediate_data;
		return t->src ? DOCA_SUCCESS : DOCA_ERROR_INVALID_VALUE;
	}
	case T_READ:
	case T_WRITE:
	case T_WRITE_IMM: {
		const struct doca_rdma_job_read_write *rw = (const struct doca_rdma_job_read_write *)job;

		t->src = rw->src_buff;
		t->dst = rw->dst_buff;
		t->imm = rw->immediate_data;
		return t->src && t->dst ? DOCA_SUCCESS : DOCA_ERROR_INVALID_VALUE;
	}
	default: {
		const struct doca_rdma_job_atomic *atomic = (const struct doca_rdma_job_atomic *)job;

		t->dst = atomic->cmp_or_add_dest_buff;
		t->result = atomic->result_buff;
		t->data = atomic->swap_or_add_data;
		t->cmp = atomic->cmp_data;
		return t->dst && t->result ? DOCA_SUCCESS : DOCA_ERROR_INVALID_VALUE;
	}
	}
}

union doca_data rdma_job_result(struct opendoca_task *task, union doca_data given)
{
	const struct rdma_task *t = opendoca_task_priv(task);
	struct doca_rdma_result *result = given.ptr;

	if (result) {
		bool received = t->kind == T_RECEIVE || t->kind == T_READ;

		/* the length of what arrived: 0 for sends, writes and atomics, as 2.2 documents */
		*result = (struct doca_rdma_result){
			.result = task->status,
			.opcode =
				t->kind == T_RECEIVE ? (enum doca_rdma_opcode_t)t->opcode : DOCA_RDMA_OPCODE_RECV_SEND,
			.length = received && !task->status ? t->len : 0,
			.immediate_data = t->kind == T_RECEIVE ? t->result_imm : 0,
		};
	}
	return given;
}

/* ---- Capabilities ---------------------------------------------------------------------------- */

doca_error_t doca_rdma_job_get_supported(const struct doca_devinfo *devinfo, enum doca_rdma_job_types job_type)
{
	uint32_t size;
	doca_error_t err = rdma_cap_u32(devinfo, &size, 0, __func__);

	if (err)
		return err;
	/* Not supported is the answer, not a failure: nothing logged. */
	return kind_of(job_type) == T_COUNT ? DOCA_ERROR_NOT_SUPPORTED : DOCA_SUCCESS;
}

doca_error_t doca_rdma_get_transport_type_supported(const struct doca_devinfo *devinfo,
						    enum doca_rdma_transport_type transport_type)
{
	return rdma_transport_supported(devinfo, (int)transport_type, __func__);
}

doca_error_t doca_rdma_get_max_message_size(const struct doca_devinfo *devinfo, uint32_t *max_message_size)
{
	return rdma_cap_u32(devinfo, max_message_size, 0, __func__);
}

doca_error_t doca_rdma_get_max_recv_queue_size(const struct doca_devinfo *devinfo, uint32_t *max_recv_queue_size)
{
	return rdma_cap_u32(devinfo, max_recv_queue_size, 1, __func__);
}

doca_error_t doca_rdma_get_max_send_queue_size(const struct doca_devinfo *devinfo, uint32_t *max_send_queue_size)
{
	return rdma_cap_u32(devinfo, max_send_queue_size, 1, __func__);
}

/* An atomic's local side is its one result buffer; the other jobs take lists. */
doca_error_t doca_rdma_get_max_buf_chain_len(const struct doca_devinfo *devinfo, enum doca_rdma_job_types job_type,
					     enum doca_rdma_transport_type transport_type, uint32_t *max_buf_chain_len)
{
	unsigned kind = kind_of(job_type);
	doca_error_t err;

	if (kind == T_COUNT)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "job type %d is none of DOCA RDMA's",
				     (int)job_type);
	if (transport_type != DOCA_RDMA_TRANSPORT_RC && transport_type != DOCA_RDMA_TRANSPORT_DC)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "transport type %d is none of DOCA's",
				     (int)transport_type);
	err = rdma_cap_u32(devinfo, max_buf_chain_len, 2, __func__);
	if (!err && (kind == T_FETCH_ADD || kind == T_CMP_SWP))
		*max_buf_chain_len = 1;
	return err;
}

doca_error_t doca_rdma_get_gid_table_size(struct doca_devinfo *devinfo, uint32_t *gid_table_size)
{
	return rdma_gid_table_size(devinfo, gid_table_size, __func__);
}

doca_error_t doca_rdma_get_gid(struct doca_devinfo *devinfo, uint32_t start_index, uint32_t num_entries,
			       struct doca_rdma_gid *gid_array)
{
	return rdma_gids(devinfo, start_index, num_entries, gid_array, __func__);
}

/* ---- Properties ------------------------------------------------------------------------------ */

/* 2.2's name of the receive buffer list length (3.0's doca_rdma_task_receive_set_dst_buf_list_len). */
RDMA_SET(doca_rdma_set_recv_buf_chain_len, uint32_t, recv_buf_chain_len, recv_list_len,
	 recv_buf_chain_len >= 1 && recv_buf_chain_len <= RDMA_MAX_LIST, "a chain of %llu buffers: 1 to 30")
RDMA_GET(doca_rdma_get_recv_buf_chain_len, const, uint32_t, recv_buf_chain_len, recv_list_len)

/*
 * The state of the context's connection: reset while the context is idle, init once started,
 * connected once doca_rdma_connect connected it, error while it stops (its queue pair moved to
 * error).
 */
doca_error_t doca_rdma_get_state(const struct doca_rdma *handle, enum doca_rdma_state *state)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__);
	enum opendoca_ctx_state ctx_state;
	doca_error_t err = DOCA_SUCCESS;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	if (!state)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "state is NULL");
	else if (!rdma->dev)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "no device was added to the RDMA context");
	if (!err) {
		ctx_state = rdma_state(rdma);
		*state = ctx_state == OPENDOCA_CTX_IDLE      ? DOCA_RDMA_STATE_RESET
			 : ctx_state != OPENDOCA_CTX_RUNNING ? DOCA_RDMA_STATE_ERROR
			 : rdma->nconns && __atomic_load_n(&rdma->conns[0]->connected, __ATOMIC_ACQUIRE)
				 ? DOCA_RDMA_STATE_CONNECTED
				 : DOCA_RDMA_STATE_INIT;
	}
	pthread_mutex_unlock(&rdma->lock);
	opendoca_handle_put(&rdma->object);
	return err;
}
