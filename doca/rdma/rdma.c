/*
 * DOCA RDMA (doca_rdma.h), the newest forms (3.0: connections, tasks on a progress engine); rdma.h
 * has the design.
 */
#include "doca_rdma.h"
#include "doca_log.h"

#include "buf.h"
#include "dev.h"
#include "mmap.h"
#include "rdma.h"
#include "sync_event.h"

#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

static const struct opendoca_kind rdma_kind = { "RDMA context" };
static const struct opendoca_kind conn_kind = { "RDMA connection" };

/* The deepest queues a context makes (the project's devices take 32768 work requests). */
#define RDMA_MAX_QUEUE (1u << 15)
#define RDMA_DEFAULT_QUEUE 32u
#define RDMA_MAX_TASKS (1u << 15)
#define RDMA_POLL_BATCH 32
#define RDMA_MAGIC "ODCARDMA"

static struct rdma_task *part(struct opendoca_task *task)
{
	return opendoca_task_priv(task);
}

/* ---- Task types ------------------------------------------------------------------------------ */

#define RDMA_INVOKE(fn, cb_t, task_t)                                                                \
	static void fn(opendoca_callback cb, struct doca_task *task, union doca_data task_user_data, \
		       union doca_data ctx_user_data)                                                \
	{                                                                                            \
		((cb_t)cb)((struct task_t *)task, task_user_data, ctx_user_data);                    \
	}
RDMA_INVOKE(invoke_receive, doca_rdma_task_receive_completion_cb_t, doca_rdma_task_receive)
RDMA_INVOKE(invoke_send, doca_rdma_task_send_completion_cb_t, doca_rdma_task_send)
RDMA_INVOKE(invoke_send_imm, doca_rdma_task_send_imm_completion_cb_t, doca_rdma_task_send_imm)
RDMA_INVOKE(invoke_read, doca_rdma_task_read_completion_cb_t, doca_rdma_task_read)
RDMA_INVOKE(invoke_write, doca_rdma_task_write_completion_cb_t, doca_rdma_task_write)
RDMA_INVOKE(invoke_write_imm, doca_rdma_task_write_imm_completion_cb_t, doca_rdma_task_write_imm)
RDMA_INVOKE(invoke_fetch_add, doca_rdma_task_atomic_fetch_add_completion_cb_t, doca_rdma_task_atomic_fetch_add)
RDMA_INVOKE(invoke_cmp_swp, doca_rdma_task_atomic_cmp_swp_completion_cb_t, doca_rdma_task_atomic_cmp_swp)
RDMA_INVOKE(invoke_se_get, doca_rdma_task_remote_net_sync_event_get_completion_cb_t,
	    doca_rdma_task_remote_net_sync_event_get)
RDMA_INVOKE(invoke_se_set, doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t,
	    doca_rdma_task_remote_net_sync_event_notify_set)
RDMA_INVOKE(invoke_se_add, doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t,
	    doca_rdma_task_remote_net_sync_event_notify_add)

static doca_error_t check(struct opendoca_task *task, const char *func);

#define RDMA_TYPE(nm, fn)                                                                                     \
	{                                                                                                     \
		.name = nm, .priv_size = sizeof(struct rdma_task), .max_tasks = RDMA_MAX_TASKS, .invoke = fn, \
		.check = check                                                                                \
	}
static const struct opendoca_task_type types[T_COUNT] = {
	[T_RECEIVE] = RDMA_TYPE("receive task", invoke_receive),
	[T_SEND] = RDMA_TYPE("send task", invoke_send),
	[T_SEND_IMM] = RDMA_TYPE("send with immediate task", invoke_send_imm),
	[T_READ] = RDMA_TYPE("read task", invoke_read),
	[T_WRITE] = RDMA_TYPE("write task", invoke_write),
	[T_WRITE_IMM] = RDMA_TYPE("write with immediate task", invoke_write_imm),
	[T_FETCH_ADD] = RDMA_TYPE("atomic fetch and add task", invoke_fetch_add),
	[T_CMP_SWP] = RDMA_TYPE("atomic compare and swap task", invoke_cmp_swp),
	[T_SE_GET] = RDMA_TYPE("remote net sync event get task", invoke_se_get),
	[T_SE_SET] = RDMA_TYPE("remote net sync event notify set task", invoke_se_set),
	[T_SE_ADD] = RDMA_TYPE("remote net sync event notify add task", invoke_se_add),
};

/* ---- Objects --------------------------------------------------------------------------------- */

struct opendoca_rdma *rdma_get(const struct doca_rdma *rdma, const char *func)
{
	return opendoca_handle_get(rdma, &rdma_kind, func);
}

struct opendoca_rdma_conn *rdma_conn_get(const struct doca_rdma_connection *conn, const char *func)
{
	return opendoca_handle_get(conn, &conn_kind, func);
}

static void conn_free(struct opendoca_object *object)
{
	struct opendoca_rdma_conn *conn = (struct opendoca_rdma_conn *)object;

	rdma_sock_stop(conn);
	rdma_cm_conn_free(conn);
	if (conn->qp)
		ibv_destroy_qp(conn->qp);
	free(conn);
}

/* Ends a connection (the context stopped): its handle refused from now on. */
static void conn_close(struct opendoca_rdma_conn *conn)
{
	struct opendoca_rdma_conn *closed = opendoca_handle_close(conn->handle, &conn_kind, "doca_ctx_stop");

	if (closed) {
		opendoca_handle_put(&closed->object);
		opendoca_handle_put(&closed->object);
	}
}

/* ---- Capabilities ---------------------------------------------------------------------------- */

static doca_error_t attr_of(const struct doca_devinfo *devinfo, struct ibv_device_attr *attr, const char *func)
{
	return opendoca_devinfo_attr(devinfo, attr, func);
}

/* Every device rdma-core reaches does RC sends, receives, reads, writes and atomics. */
static doca_error_t supported(const struct doca_devinfo *devinfo, const char *func)
{
	struct ibv_device_attr attr;

	return attr_of(devinfo, &attr, func);
}

doca_error_t rdma_cap_u32(const struct doca_devinfo *devinfo, uint32_t *out, int which, const char *func)
{
	struct ibv_device_attr attr;
	uint64_t msg;
	doca_error_t err;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output is NULL");
	err = attr_of(devinfo, &attr, func);
	if (err)
		return err;
	switch (which) {
	case 0: /* message size */
		err = opendoca_devinfo_max_msg_size(devinfo, &msg, func);
		*out = err ? 0 : msg > UINT32_MAX ? UINT32_MAX : (uint32_t)msg;
		return err;
	case 1: /* queue size */
		*out = attr.max_qp_wr < (int)RDMA_MAX_QUEUE ? (uint32_t)attr.max_qp_wr : RDMA_MAX_QUEUE;
		return DOCA_SUCCESS;
	default: /* list length */
		*out = attr.max_sge < (int)RDMA_MAX_LIST ? (uint32_t)attr.max_sge : RDMA_MAX_LIST;
		return DOCA_SUCCESS;
	}
}

doca_error_t doca_rdma_cap_get_max_message_size(const struct doca_devinfo *devinfo, uint32_t *max_message_size)
{
	return rdma_cap_u32(devinfo, max_message_size, 0, __func__);
}

doca_error_t doca_rdma_cap_get_max_recv_queue_size(const struct doca_devinfo *devinfo, uint32_t *max_recv_queue_size)
{
	return rdma_cap_u32(devinfo, max_recv_queue_size, 1, __func__);
}

doca_error_t doca_rdma_cap_get_max_send_queue_size(const struct doca_devinfo *devinfo, uint32_t *max_send_queue_size)
{
	return rdma_cap_u32(devinfo, max_send_queue_size, 1, __func__);
}

doca_error_t doca_rdma_cap_get_max_send_buf_list_len(const struct doca_devinfo *devinfo,
						     uint32_t *max_send_buf_list_len)
{
	return rdma_cap_u32(devinfo, max_send_buf_list_len, 2, __func__);
}

doca_error_t doca_rdma_cap_task_receive_get_max_dst_buf_list_len(const struct doca_devinfo *devinfo,
								 enum doca_rdma_transport_type transport_type,
								 uint32_t *max_buf_list_len)
{
	if (transport_type != DOCA_RDMA_TRANSPORT_TYPE_RC && transport_type != DOCA_RDMA_TRANSPORT_TYPE_DC)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "transport type %d is none of DOCA's",
				     (int)transport_type);
	return rdma_cap_u32(devinfo, max_buf_list_len, 2, __func__);
}

/* The GID table of the device's port: what doca_rdma_set_gid_index chooses from (2.5 on). */
doca_error_t rdma_gid_table_size(const struct doca_devinfo *devinfo, uint32_t *gid_table_size, const char *func)
{
	if (!gid_table_size)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "gid_table_size is NULL");
	return opendoca_devinfo_gids(devinfo, 0, 0, NULL, gid_table_size, func);
}

doca_error_t doca_rdma_cap_get_gid_table_size(const struct doca_devinfo *devinfo, uint32_t *gid_table_size)
{
	return rdma_gid_table_size(devinfo, gid_table_size, __func__);
}

doca_error_t rdma_gids(const struct doca_devinfo *devinfo, uint32_t start_index, uint32_t num_entries,
		       struct doca_rdma_gid *gid_array, const char *func)
{
	_Static_assert(sizeof(struct doca_rdma_gid) == 16, "a GID is 16 bytes");
	if (!gid_array || !num_entries)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     gid_array ? "num_entries is 0" : "gid_array is NULL");
	return opendoca_devinfo_gids(devinfo, start_index, num_entries, (uint8_t *)gid_array, NULL, func);
}

doca_error_t doca_rdma_cap_get_gid(const struct doca_devinfo *devinfo, uint32_t start_index, uint32_t num_entries,
				   struct doca_rdma_gid *gid_array)
{
	return rdma_gids(devinfo, start_index, num_entries, gid_array, __func__);
}

doca_error_t rdma_transport_supported(const struct doca_devinfo *devinfo, int transport_type, const char *func)
{
	doca_error_t err = supported(devinfo, func);

	if (err)
		return err;
	if (transport_type == DOCA_RDMA_TRANSPORT_TYPE_RC)
		return DOCA_SUCCESS;
	if (transport_type == DOCA_RDMA_TRANSPORT_TYPE_DC)
		return DOCA_ERROR_NOT_SUPPORTED; /* the answer, not a failure: nothing logged */
	return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "transport type %d is none of DOCA's", transport_type);
}

doca_error_t doca_rdma_cap_transport_type_is_supported(const struct doca_devinfo *devinfo,
						       enum doca_rdma_transport_type transport_type)
{
	return rdma_transport_supported(devinfo, (int)transport_type, __func__);
}

#define RDMA_CAP_TASK(name)                                                                       \
	doca_error_t doca_rdma_cap_task_##name##_is_supported(const struct doca_devinfo *devinfo) \
	{                                                                                         \
		return supported(devinfo, __func__);                                              \
	}
RDMA_CAP_TASK(receive)
RDMA_CAP_TASK(send)
RDMA_CAP_TASK(send_imm)
RDMA_CAP_TASK(read)
RDMA_CAP_TASK(write)
RDMA_CAP_TASK(write_imm)
RDMA_CAP_TASK(atomic_fetch_add)
RDMA_CAP_TASK(atomic_cmp_swp)
RDMA_CAP_TASK(remote_net_sync_event_get)
RDMA_CAP_TASK(remote_net_sync_event_notify_set)
RDMA_CAP_TASK(remote_net_sync_event_notify_add)

/* ---- The context's operations ---------------------------------------------------------------- */

/* What the peer may do to this side's memory through the queue pair (doca_rdma_set_permissions). */
static int qp_access(uint32_t permissions)
{
	return IBV_ACCESS_LOCAL_WRITE | (permissions & DOCA_ACCESS_FLAG_RDMA_READ ? IBV_ACCESS_REMOTE_READ : 0) |
	       (permissions & DOCA_ACCESS_FLAG_RDMA_WRITE ? IBV_ACCESS_REMOTE_WRITE : 0) |
	       (permissions & DOCA_ACCESS_FLAG_RDMA_ATOMIC ? IBV_ACCESS_REMOTE_ATOMIC : 0);
}

/* A queue pair of the device on the context's CQ. */
static doca_error_t cpu_transport_create(struct opendoca_rdma *rdma, struct opendoca_rdma_conn *conn,
					 struct ibv_context *context, const char *func)
{
	struct ibv_qp_init_attr init = {
		.qp_type = IBV_QPT_RC,
		.send_cq = rdma->cq,
		.recv_cq = rdma->cq,
		.cap = { .max_send_wr = rdma->sq_size,
			 .max_recv_wr = rdma->rq_size,
			 .max_send_sge = rdma->max_sge,
			 .max_recv_sge = rdma->max_sge },
	};
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_INIT,
				 .port_num = 1,
				 .qp_access_flags = qp_access(rdma->permissions) };
	union ibv_gid gid;

	if (ibv_query_gid(context, 1, (int)rdma->gid_index, &gid))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the device has no GID at index %u",
				     rdma->gid_index);
	conn->qp = ibv_create_qp(opendoca_dev_ibv_pd(rdma->dev), &init);
	if (!conn->qp ||
	    ibv_modify_qp(conn->qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS))
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "the device's queue pair for the connection: %s",
				     strerror(errno));
	memcpy(conn->local.gid, gid.raw, sizeof(gid.raw));
	conn->local.qpn = conn->qp->qp_num;
	return DOCA_SUCCESS;
}

/* The transport of a connection: the one function that makes one. */
static doca_error_t rdma_transport_create(struct opendoca_rdma *rdma, struct opendoca_rdma_conn *conn, const char *func)
{
	struct ibv_context *context = opendoca_dev_ibv_context(rdma->dev);

	if (rdma->dpa) /* a queue pair on the DPA, its GID the port's */
		return rdma->dpa->ops->rdma_conn_create(rdma->dpa_rdma, conn->id, &conn->local.qpn, conn->local.gid,
							func);
	return cpu_transport_create(rdma, conn, context, func);
}

/* The datapath on the DPA: what DPA code posts on, made by the DOCA DPA context (no CQ here). */
static doca_error_t start_on_dpa(struct opendoca_rdma *rdma, const char *func)
{
	struct opendoca_dpa_rdma_attr attr = {
		.max_conns = rdma->max_conns,
		.sq_size = rdma->sq_size,
		.rq_size = rdma->rq_size,
		.access = qp_access(rdma->permissions) & ~IBV_ACCESS_LOCAL_WRITE,
		.completion = rdma->dpa_comp,
	};
	doca_error_t err;

	if (!rdma->conns)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for %u connections", rdma->max_conns);
	err = rdma->srq ? rdma_srq_start_on_dpa(rdma, &attr, func)
			: rdma->dpa->ops->rdma_create(rdma->dpa, &attr, &rdma->dpa_rdma, &rdma->dpa_handle, func);
	if (err) {
		free(rdma->conns);
		rdma->conns = NULL;
	}
	return err;
}

static doca_error_t start(struct opendoca_ctx *ctx)
{
	static const char *func = "doca_ctx_start";
	struct opendoca_rdma *rdma = opendoca_ctx_priv(ctx);
	struct ibv_context *context = opendoca_dev_ibv_context(rdma->dev);
	struct ibv_device_attr attr;
	uint32_t max_list = 0, cqe;

	if (rdma->srq && !rdma->dpa) /* DOCA 2.6 has RDMA with an SRQ on the DPA datapath only; doca_ctx_start logs */
		return DOCA_ERROR_NOT_SUPPORTED;
	if (rdma_cap_u32(doca_dev_as_devinfo(rdma->dev), &max_list, 2, func) ||
	    attr_of(doca_dev_as_devinfo(rdma->dev), &attr, func))
		return DOCA_ERROR_INVALID_VALUE;
	rdma->max_sge = max_list;
	cqe = (rdma->sq_size + rdma->rq_size) * rdma->max_conns;
	cqe = cqe < (uint32_t)attr.max_cqe ? cqe : (uint32_t)attr.max_cqe;
	if (rdma->max_send_list > max_list || rdma->recv_list_len > max_list)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "buffer lists of %u/%u: the device takes %u",
				     rdma->max_send_list, rdma->recv_list_len, max_list);
	rdma->conns = calloc(rdma->max_conns, sizeof(*rdma->conns));
	if (rdma->dpa)
		return start_on_dpa(rdma, func);
	rdma->channel = rdma->conns ? ibv_create_comp_channel(context) : NULL;
	if (rdma->channel && fcntl(rdma->channel->fd, F_SETFL, fcntl(rdma->channel->fd, F_GETFL) | O_NONBLOCK) == 0)
		rdma->cq = ibv_create_cq(context, (int)cqe, rdma, rdma->channel, 0);
	if (!rdma->cq) {
		int error = errno;

		if (rdma->channel)
			ibv_destroy_comp_channel(rdma->channel);
		free(rdma->conns);
		rdma->conns = NULL;
		rdma->channel = NULL;
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "the device's completion queue: %s", strerror(error));
	}
	return DOCA_SUCCESS;
}

static void stopped(struct opendoca_ctx *ctx)
{
	struct opendoca_rdma *rdma = opendoca_ctx_priv(ctx);

	pthread_mutex_lock(&rdma->lock);
	for (uint32_t i = 0, n = __atomic_load_n(&rdma->nconns, __ATOMIC_ACQUIRE); i < n; i++)
		conn_close(rdma->conns[i]);
	__atomic_store_n(&rdma->nconns, 0, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&rdma->lock);
	free(rdma->conns);
	rdma->conns = NULL;
	if (rdma->dpa) {
		rdma->dpa->ops->rdma_destroy(rdma->dpa_rdma);
		rdma->dpa_rdma = NULL;
		rdma->dpa_handle = 0;
		return;
	}
	ibv_destroy_cq(rdma->cq);
	ibv_destroy_comp_channel(rdma->channel);
	rdma->cq = NULL;
	rdma->channel = NULL;
}

static doca_error_t bind(struct opendoca_binding *binding)
{
	binding->priv = opendoca_ctx_priv(binding->ctx);
	return DOCA_SUCCESS;
}

static void append(struct rdma_task **head, struct rdma_task **end, struct rdma_task *t)
{
	t->next = NULL;
	if (*end)
		(*end)->next = t;
	else
		*head = t;
	*end = t;
}

/* DOCA's status of a failed work request. */
static doca_error_t status_of(enum ibv_wc_status status)
{
	switch (status) {
	case IBV_WC_SUCCESS:
		return DOCA_SUCCESS;
	case IBV_WC_LOC_PROT_ERR:
	case IBV_WC_REM_ACCESS_ERR:
		return DOCA_ERROR_NOT_PERMITTED;
	case IBV_WC_LOC_LEN_ERR:
	case IBV_WC_REM_INV_REQ_ERR:
		return DOCA_ERROR_INVALID_VALUE;
	default:
		return DOCA_ERROR_IO_FAILED;
	}
}

/* One side's buffers as scatter/gather entries (src: each buffer's data; dst: its room after the data). */
static doca_error_t sges(struct opendoca_rdma *rdma, const struct doca_buf *pointer, bool dst, struct ibv_sge *sge,
			 int *n, uint64_t *bytes, const char *func)
{
	struct opendoca_buf *buf = opendoca_buf_get(pointer, func);

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	*n = 0;
	*bytes = 0;
	for (; buf; buf = buf->next) {
		uint64_t data = (uint64_t)(uintptr_t)buf->data, end = (uint64_t)(uintptr_t)buf->head + buf->len;
		uint64_t addr = dst ? data + buf->data_len : data, len = dst ? end - addr : buf->data_len;
		struct opendoca_reach reach;
		doca_error_t err;

		if (!len)
			continue;
		if ((uint32_t)*n == rdma->max_sge)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
					     "the buffer list is longer than the %u buffers the context takes",
					     rdma->max_sge);
		err = opendoca_mmap_reach(buf->mmap, rdma->dev, addr, len, &reach, func);
		if (err)
			return err;
		if (dst && !reach.writable)
			return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
					     "the destination's memory map does not let the device write it");
		sge[(*n)++] = (struct ibv_sge){ .addr = addr, .length = (uint32_t)len, .lkey = reach.mkey };
		*bytes += len;
	}
	return DOCA_SUCCESS;
}

/* The peer's memory a write, read or atomic names: one buffer of a map of the peer's export. */
static doca_error_t remote_of(struct opendoca_rdma_conn *conn, const struct doca_buf *pointer, bool dst, uint64_t *addr,
			      uint64_t *len, struct opendoca_reach *reach, const char *func)
{
	struct opendoca_buf *buf = opendoca_buf_get(pointer, func);
	doca_error_t err;

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	if (buf->next)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the peer's memory is one buffer, not a list");
	*addr = (uint64_t)(uintptr_t)buf->data + (dst ? buf->data_len : 0);
	*len = dst ? (uint64_t)((char *)buf->head + buf->len - ((char *)buf->data + buf->data_len)) : buf->data_len;
	err = opendoca_mmap_reach(buf->mmap, NULL, *addr, *len, reach, func);
	if (err || reach->remote)
		return err;
	/* This process's memory: the key the peer's device knows it by. */
	return opendoca_mmap_reach(buf->mmap, conn->peer_dev, *addr, *len, reach, func);
}

void rdma_grow(struct doca_buf *pointer, uint64_t left, const char *func)
{
	for (struct opendoca_buf *buf = opendoca_buf_get(pointer, func); buf && left; buf = buf->next) {
		uint64_t room = (uint64_t)((char *)buf->head + buf->len - ((char *)buf->data + buf->data_len));
		uint64_t take = room < left ? room : left;

		buf->data_len += take;
		left -= take;
	}
}

static struct opendoca_rdma_conn *recv_conn(struct opendoca_rdma *rdma)
{
	struct opendoca_rdma_conn *best = NULL;

	for (uint32_t i = 0, n = __atomic_load_n(&rdma->nconns, __ATOMIC_ACQUIRE); i < n; i++) {
		struct opendoca_rdma_conn *c = rdma->conns[i];

		if (__atomic_load_n(&c->connected, __ATOMIC_ACQUIRE) && !c->other_process &&
		    (!best || c->posted_recv < best->posted_recv))
			best = c;
	}
	return best;
}

static doca_error_t post_receive(struct opendoca_rdma *rdma, struct rdma_task *t, struct opendoca_rdma_conn *conn,
				 const char *func)
{
	struct ibv_sge sge[RDMA_MAX_LIST];
	struct ibv_recv_wr wr = { .wr_id = (uintptr_t)t, .sg_list = sge }, *bad;
	uint64_t bytes;
	/* a receive without a buffer takes what carries no data (a write with immediate's notice) */
	doca_error_t err = t->dst ? sges(rdma, t->dst, true, sge, &wr.num_sge, &bytes, func) : DOCA_SUCCESS;

	if (err)
		return err;
	if (ibv_post_recv(conn->qp, &wr, &bad))
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "the device refused the receive: %s", strerror(errno));
	t->result_conn = conn;
	conn->posted_recv++;
	return DOCA_SUCCESS;
}

/* Posts the receives that waited for a connection. */
static bool run_pending(struct opendoca_rdma *rdma)
{
	bool done = false;
	struct opendoca_rdma_conn *conn;

	while (rdma->pending && (conn = recv_conn(rdma))) {
		struct rdma_task *t = rdma->pending;
		doca_error_t err;

		rdma->pending = t->next;
		if (!rdma->pending)
			rdma->pending_end = NULL;
		err = post_receive(rdma, t, conn, "doca_pe_progress");
		if (err)
			opendoca_task_complete(opendoca_task_of_priv(t), err);
		done = true;
	}
	return done;
}

/* 8 bytes of a buffer's data (at) or room after it (!at), in this process's memory. */
static doca_error_t word_of(const struct doca_buf *pointer, bool data, uint64_t **word, const char *func)
{
	struct opendoca_buf *buf = opendoca_buf_get(pointer, func);
	struct opendoca_reach reach;
	uint64_t addr;
	doca_error_t err;

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	addr = (uint64_t)(uintptr_t)buf->data + (data ? 0 : buf->data_len);
	if ((data ? buf->data_len : (uint64_t)((char *)buf->head + buf->len - (char *)(uintptr_t)addr)) < 8)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the buffer has no 8 bytes of %s",
				     data ? "data" : "room");
	err = opendoca_mmap_reach(buf->mmap, NULL, addr, 8, &reach, func);
	if (!err && (!reach.host || (!data && !reach.writable)))
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the buffer is not this process's %s memory",
				    data ? "readable" : "writable");
	if (!err)
		*word = reach.host;
	return err;
}

/*
 * A remote net sync event task: the simulated machine's remote net events are memory shared by
 * its processes, so the peer's event is reached directly (one atomic instruction), and the task
 * completes at once.
 */
static doca_error_t sync_event_op(struct rdma_task *t, const char *func)
{
	uint64_t *word = NULL, value = t->data;
	doca_error_t err;

	if (!t->event)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the task has no sync event");
	err = t->kind == T_SE_GET   ? word_of(t->dst, false, &word, func)
	      : t->kind == T_SE_SET ? word_of(t->src, true, &word, func)
				    : word_of(t->result, false, &word, func);
	if (!err && t->kind == T_SE_SET)
		memcpy(&value, word, 8);
	if (!err)
		err = opendoca_sync_event_remote_net_op(t->event,
							t->kind == T_SE_GET   ? OPENDOCA_SE_NET_GET
							: t->kind == T_SE_SET ? OPENDOCA_SE_NET_SET
									      : OPENDOCA_SE_NET_ADD,
							&value, func);
	if (err)
		return err;
	if (t->kind != T_SE_SET) {
		memcpy(word, &value, 8);
		rdma_grow(t->kind == T_SE_GET ? t->dst : t->result, 8, func);
	}
	t->len = 8;
	opendoca_task_complete(opendoca_task_of_priv(t), DOCA_SUCCESS);
	return DOCA_SUCCESS;
}

/* Builds and posts a task of a connection, or queues it for progress (another process's memory). */
static doca_error_t execute(struct rdma_task *t, const char *func)
{
	struct opendoca_rdma *rdma = t->rdma;
	struct opendoca_rdma_conn *conn = t->conn;
	struct ibv_sge sge[RDMA_MAX_LIST];
	struct ibv_send_wr wr = { .wr_id = (uintptr_t)t, .sg_list = sge, .send_flags = IBV_SEND_SIGNALED }, *bad;
	struct opendoca_reach reach;
	uint64_t bytes = 0, raddr = 0, rlen = 0;
	doca_error_t err = DOCA_SUCCESS;

	if (t->kind == T_RECEIVE) {
		conn = recv_conn(rdma);
		if (!conn) {
			append(&rdma->pending, &rdma->pending_end, t);
			return DOCA_SUCCESS;
		}
		return post_receive(rdma, t, conn, func);
	}
	/* 2.5 and 2.6 have one connection and tasks without one: the context's */
	if (!conn && __atomic_load_n(&rdma->nconns, __ATOMIC_ACQUIRE) == 1 && rdma->max_conns == 1)
		conn = t->conn = rdma->conns[0];
	if (!conn || !__atomic_load_n(&conn->connected, __ATOMIC_ACQUIRE))
		return opendoca_fail(DOCA_ERROR_NOT_CONNECTED, func, "the task's connection is not connected");
	if (conn->other_process && (t->kind == T_SEND || t->kind == T_SEND_IMM)) {
		if (!t->src)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the send task has no source");
		rdma_sock_submit(conn, t);
		return DOCA_SUCCESS;
	}
	if (t->kind >= T_SE_GET)
		return sync_event_op(t, func);
	if (conn->other_process && (t->kind == T_FETCH_ADD || t->kind == T_CMP_SWP))
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
				     "an atomic on the memory of a peer in another process");
	switch (t->kind) {
	case T_SEND:
	case T_SEND_IMM:
		if (!t->src)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the send task has no source");
		err = sges(rdma, t->src, false, sge, &wr.num_sge, &bytes, func);
		wr.opcode = t->kind == T_SEND ? IBV_WR_SEND : IBV_WR_SEND_WITH_IMM;
		wr.imm_data = t->imm;
		break;
	case T_WRITE:
	case T_WRITE_IMM:
	case T_READ: {
		bool read = t->kind == T_READ;

		if (!t->src || !t->dst)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the task has no %s",
					     t->src ? "destination" : "source");
		err = remote_of(conn, read ? t->src : t->dst, !read, &raddr, &rlen, &reach, func);
		if (!err)
			err = sges(rdma, read ? t->dst : t->src, read, sge, &wr.num_sge, &bytes, func);
		if (err)
			return err;
		if (read ? rlen > bytes : bytes > rlen)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
					     "the destination has room for %llu bytes, the source holds %llu",
					     (unsigned long long)(read ? bytes : rlen),
					     (unsigned long long)(read ? rlen : bytes));
		if (read && !reach.readable)
			return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the peer's memory map is not readable");
		if (!read && !reach.writable)
			return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the peer's memory map is not writable");
		if (reach.remote) {
			/* the immediate's notification goes on the connection's socket */
			if (t->kind == T_WRITE_IMM && !conn->other_process)
				return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
						     "a write with immediate to another process's memory");
			append(&rdma->remote, &rdma->remote_end, t);
			return DOCA_SUCCESS;
		}
		if (conn->other_process)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
					     "the buffer is not the peer's memory (a map of its export)");
		if (read)
			rlen = rlen < bytes ? rlen : bytes;
		t->len = (uint32_t)(read ? rlen : bytes);
		wr.opcode = read                 ? IBV_WR_RDMA_READ
			    : t->kind == T_WRITE ? IBV_WR_RDMA_WRITE
						 : IBV_WR_RDMA_WRITE_WITH_IMM;
		wr.imm_data = t->imm;
		wr.wr.rdma.remote_addr = raddr;
		wr.wr.rdma.rkey = reach.mkey;
		if (read) {
			/* as much of the local room as the peer's data fills */
			uint64_t left = rlen;

			for (int i = 0; i < wr.num_sge; i++) {
				sge[i].length = sge[i].length < left ? sge[i].length : (uint32_t)left;
				left -= sge[i].length;
			}
		}
		break;
	}
	default: { /* atomics: 8 bytes of the peer's, the original value into the result buffer */
		struct opendoca_buf *res;

		if (!t->dst || !t->result)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the atomic task has no %s",
					     t->dst ? "result buffer" : "destination");
		err = remote_of(conn, t->dst, false, &raddr, &rlen, &reach, func);
		if (err)
			return err;
		if (reach.remote)
			return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "an atomic on another process's memory");
		if (rlen < 8 || raddr % 8)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
					     "the destination is not 8 aligned bytes of data");
		res = opendoca_buf_get(t->result, func);
		if (!res)
			return DOCA_ERROR_INVALID_VALUE;
		err = sges(rdma, t->result, true, sge, &wr.num_sge, &bytes, func);
		if (err)
			return err;
		if (bytes < 8)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
					     "the result buffer has no room for 8 bytes");
		sge[0].length = 8;
		wr.num_sge = 1;
		wr.opcode = t->kind == T_FETCH_ADD ? IBV_WR_ATOMIC_FETCH_AND_ADD : IBV_WR_ATOMIC_CMP_AND_SWP;
		wr.wr.atomic.remote_addr = raddr;
		wr.wr.atomic.rkey = reach.mkey;
		wr.wr.atomic.compare_add = t->kind == T_FETCH_ADD ? t->data : t->cmp;
		wr.wr.atomic.swap = t->data;
		t->len = 8;
		break;
	}
	}
	if (err)
		return err;
	if (ibv_post_send(conn->qp, &wr, &bad))
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "the device refused the task: %s", strerror(errno));
	return DOCA_SUCCESS;
}

static doca_error_t submit(struct opendoca_task *task, uint32_t flags)
{
	struct rdma_task *t = part(task);
	/* a 2.2 job's part is filled without its context (rdma_job_init): its binding's */
	struct opendoca_rdma *rdma = t->rdma = opendoca_ctx_priv(task->binding->ctx);
	doca_error_t err;

	(void)flags;
	if (t->kind == T_RECEIVE && rdma->pending) {
		/* receives are posted in submission order */
		append(&rdma->pending, &rdma->pending_end, t);
		return DOCA_SUCCESS;
	}
	err = execute(t, rdma->workq ? "doca_workq_submit" : "doca_task_submit");
	/* The task failed (logged above): the program learns it from the error callback. */
	if (err)
		opendoca_task_complete(task, err);
	return DOCA_SUCCESS;
}

/* Writes and reads of another process's memory: through its exporter, now, on the progress thread. */
static bool run_remote(struct opendoca_rdma *rdma, bool stopping)
{
	static const char *func = "doca_pe_progress";
	struct rdma_task *t = rdma->remote;

	if (!t)
		return false;
	rdma->remote = rdma->remote_end = NULL;
	while (t) {
		struct rdma_task *next = t->next;
		bool read = t->kind == T_READ;
		struct opendoca_buf *local = opendoca_buf_get(read ? t->dst : t->src, func);
		struct opendoca_buf *peer = opendoca_buf_get(read ? t->src : t->dst, func);
		doca_error_t err = stopping ? DOCA_ERROR_IO_FAILED : !local || !peer ? DOCA_ERROR_INVALID_VALUE : 0;
		uint64_t moved = 0;

		/* the peer's is one buffer (checked at submission); the local side a list */
		for (; !err && local; local = local->next) {
			char *at = (char *)local->data + (read ? local->data_len : 0);
			uint64_t n = read ? (uint64_t)((char *)local->head + local->len - at) : local->data_len;
			uint64_t peer_addr = (uint64_t)(uintptr_t)peer->data + (read ? 0 : peer->data_len) + moved;

			if (read && moved + n > peer->data_len)
				n = peer->data_len - moved;
			if (!n)
				continue;
			err = read ? opendoca_mmap_remote_read(peer->mmap, peer_addr, at, n, func)
				   : opendoca_mmap_remote_write(peer->mmap, peer_addr, at, n, func);
			moved += n;
		}
		if (!err && read)
			rdma_grow(t->dst, moved, func);
		else if (!err)
			opendoca_buf_get(t->dst, func)->data_len += moved;
		t->len = (uint32_t)moved;
		if (!err && t->kind == T_WRITE_IMM)
			rdma_sock_submit(t->conn, t);
		else
			opendoca_task_complete(opendoca_task_of_priv(t), err);
		t = next;
	}
	return true;
}

static void completed(const struct ibv_wc *wc)
{
	static const char *func = "doca_pe_progress";
	struct rdma_task *t = (struct rdma_task *)(uintptr_t)wc->wr_id;
	doca_error_t status = status_of(wc->status);

	if (t->kind == T_RECEIVE) {
		t->result_conn->posted_recv--;
		if (!status) {
			t->len = wc->byte_len;
			t->opcode = wc->opcode == IBV_WC_RECV_RDMA_WITH_IMM ? DOCA_RDMA_OPCODE_RECV_WRITE_WITH_IMM
				    : wc->wc_flags & IBV_WC_WITH_IMM        ? DOCA_RDMA_OPCODE_RECV_SEND_WITH_IMM
									    : DOCA_RDMA_OPCODE_RECV_SEND;
			t->result_imm = wc->imm_data;
			if (t->dst && t->len)
				rdma_grow(t->dst, t->len, func);
		}
	} else if (!status && t->kind == T_READ) {
		rdma_grow(t->dst, t->len, func);
	} else if (!status && (t->kind == T_FETCH_ADD || t->kind == T_CMP_SWP)) {
		rdma_grow(t->result, 8, func);
	} else if (!status && (t->kind == T_WRITE || t->kind == T_WRITE_IMM)) {
		struct opendoca_buf *dst = opendoca_buf_get(t->dst, func);

		/* the peer's buffer, when this process has it, holds the data written */
		if (dst)
			dst->data_len += t->len;
	}
	if (status && wc->status != IBV_WC_WR_FLUSH_ERR)
		opendoca_sdk_log(DOCA_LOG_LEVEL_ERROR, "doca_task_submit", "the %s failed on the device: %s",
				 types[t->kind].name, ibv_wc_status_str(wc->status));
	opendoca_task_complete(opendoca_task_of_priv(t), status);
}

static bool progress(struct opendoca_binding *binding)
{
	struct opendoca_rdma *rdma = binding->priv;
	struct ibv_wc wc[RDMA_POLL_BATCH];
	bool done = run_pending(rdma);
	int n;

	while ((n = ibv_poll_cq(rdma->cq, RDMA_POLL_BATCH, wc)) > 0) {
		for (int i = 0; i < n; i++)
			completed(&wc[i]);
		done = true;
		if (n < RDMA_POLL_BATCH)
			break;
	}
	done |= run_remote(rdma, false);
	done |= rdma_sock_progress(rdma);
	/* last: a program callback may stop the context */
	return rdma_cm_progress(rdma) || done;
}

static int event_fd(struct opendoca_binding *binding)
{
	return ((struct opendoca_rdma *)binding->priv)->channel->fd;
}

static bool arm(struct opendoca_binding *binding)
{
	struct opendoca_rdma *rdma = binding->priv;

	ibv_req_notify_cq(rdma->cq, 0);
	/* a completion before the arming would not wake the program: progress looks at once */
	return rdma->remote || (rdma->pending && recv_conn(rdma)) || rdma_sock_ready(rdma);
}

static void clear(struct opendoca_binding *binding)
{
	struct opendoca_rdma *rdma = binding->priv;
	struct ibv_cq *cq;
	void *cq_context;

	while (!ibv_get_cq_event(rdma->channel, &cq, &cq_context))
		ibv_ack_cq_events(cq, 1);
}

/*
 * The context stops: every queue pair goes to error, so that the device flushes what it has not
 * executed (DOCA_ERROR_IO_FAILED), and so do the receives waiting for a connection and the
 * transfers waiting for progress.
 */
static void stop(struct opendoca_ctx *ctx)
{
	struct opendoca_rdma *rdma = opendoca_ctx_priv(ctx);
	struct rdma_task *t = rdma->pending;

	pthread_mutex_lock(&rdma->lock);
	for (uint32_t i = 0, n = __atomic_load_n(&rdma->nconns, __ATOMIC_ACQUIRE); i < n; i++) {
		struct ibv_qp_attr attr = { .qp_state = IBV_QPS_ERR };

		__atomic_store_n(&rdma->conns[i]->connected, false, __ATOMIC_RELEASE);
		if (rdma->conns[i]->qp)
			ibv_modify_qp(rdma->conns[i]->qp, &attr, IBV_QP_STATE);
		rdma_sock_stop(rdma->conns[i]);
	}
	if (rdma->dpa_rdma)
		rdma->dpa->ops->rdma_stop(rdma->dpa_rdma);
	pthread_mutex_unlock(&rdma->lock);
	rdma_cm_stop(rdma);
	rdma->pending = rdma->pending_end = NULL;
	while (t) {
		struct rdma_task *next = t->next;

		opendoca_task_complete(opendoca_task_of_priv(t), DOCA_ERROR_IO_FAILED);
		t = next;
	}
	run_remote(rdma, true);
}

/*
 * The datapath on a DOCA DPA context of the context's device (idle; libdoca_common checked the
 * handle and logs a refusal: one of another device, or that makes no RDMA datapaths).
 */
static doca_error_t set_datapath_on_dpa(struct opendoca_ctx *ctx, struct opendoca_dpa *dpa)
{
	struct opendoca_rdma *rdma = opendoca_ctx_priv(ctx);

	if (dpa->dev != rdma->dev || !dpa->ops->rdma_create)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_hold(&dpa->object);
	pthread_mutex_lock(&rdma->lock);
	if (rdma->dpa)
		opendoca_handle_put(&rdma->dpa->object);
	rdma->dpa = dpa; /* held until the context goes */
	rdma->dpa_comp = NULL;
	pthread_mutex_unlock(&rdma->lock);
	return DOCA_SUCCESS;
}

/* What a context of every release does. */
#define RDMA_OPS_COMMON                                                                             \
	.name = "RDMA context", .start = start, .stop = stop, .stopped = stopped, .submit = submit, \
	.progress = progress, .event_fd = event_fd, .arm = arm, .clear = clear

static const struct opendoca_ctx_ops rdma_ops = {
	RDMA_OPS_COMMON,
	.task_types = types,
	.num_task_types = T_COUNT,
	.bind = bind,
	.set_datapath_on_dpa = set_datapath_on_dpa,
};

/* 2.2's: a device added while idle, jobs through one work queue (rdma_v2_2.c). */
static const struct opendoca_ctx_ops rdma_workq_ops = {
	RDMA_OPS_COMMON,           .job_size = sizeof(struct rdma_task),
	.bind = rdma_workq_bind,   .unbind = rdma_workq_unbind,
	.dev_add = rdma_dev_add,   .dev_rm = rdma_dev_rm,
	.job_init = rdma_job_init, .job_result = rdma_job_result,
};

/* ---- Create, destroy ------------------------------------------------------------------------- */

static void rdma_free(struct opendoca_object *object)
{
	struct opendoca_rdma *rdma = (struct opendoca_rdma *)object;

	if (rdma->dpa)
		opendoca_handle_put(&rdma->dpa->object);
	if (rdma->srq)
		rdma_srq_unuse(rdma->srq);
	if (rdma->dev)
		opendoca_dev_release(rdma->dev);
	pthread_mutex_destroy(&rdma->lock);
	free(rdma);
}

doca_error_t rdma_create(struct doca_dev *dev, bool workq, struct doca_rdma **handle, const char *func)
{
	struct opendoca_rdma *rdma;
	doca_error_t err;

	if (!handle)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "rdma is NULL");
	err = workq ? DOCA_SUCCESS : opendoca_dev_hold(dev, func);
	if (err)
		return err;
	rdma = calloc(1, sizeof(*rdma));
	if (!rdma) {
		if (dev)
			opendoca_dev_release(dev);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	}
	rdma->dev = dev;
	rdma->workq = workq;
	rdma->permissions = DOCA_ACCESS_FLAG_LOCAL_READ_WRITE;
	rdma->max_conns = 1;
	rdma->sq_size = rdma->rq_size = RDMA_DEFAULT_QUEUE;
	rdma->mtu = DOCA_MTU_SIZE_1K_BYTES;
	rdma->transport = DOCA_RDMA_TRANSPORT_TYPE_RC;
	rdma->max_send_list = rdma->recv_list_len = 1;
	rdma->rnr_retry = 7;
	rdma->cm_listen_fd = -1;
	pthread_mutex_init(&rdma->lock, NULL);
	err = workq ? opendoca_ctx_create(&rdma_workq_ops, OPENDOCA_CTX_API_WORKQ, rdma, &rdma->ctx, func)
		    : opendoca_ctx_create(&rdma_ops, OPENDOCA_CTX_API_PE, rdma, &rdma->ctx, func);
	if (err) {
		rdma_free(&rdma->object);
		return err;
	}
	*handle = opendoca_handle_open(&rdma->object, &rdma_kind, rdma_free);
	rdma->handle = *handle;
	if (!*handle) {
		opendoca_ctx_destroy(rdma->ctx, func);
		rdma_free(&rdma->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of RDMA contexts");
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_rdma_create(struct doca_dev *dev, struct doca_rdma **handle)
{
	return rdma_create(dev, false, handle, __func__);
}

doca_error_t doca_rdma_destroy(struct doca_rdma *handle)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__), *closed;
	doca_error_t err;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_ctx_destroy(rdma->ctx, __func__);
	if (!err) {
		closed = opendoca_handle_close(handle, &rdma_kind, __func__);
		if (closed) {
			opendoca_handle_put(&closed->object);
			opendoca_handle_put(&closed->object);
		} else {
			err = DOCA_ERROR_INVALID_VALUE;
		}
	}
	opendoca_handle_put(&rdma->object);
	return err;
}

struct doca_ctx *doca_rdma_as_ctx(struct doca_rdma *handle)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__);
	struct doca_ctx *ctx;

	if (!rdma)
		return NULL;
	ctx = opendoca_ctx_handle(rdma->ctx);
	opendoca_handle_put(&rdma->object);
	return ctx;
}

/* ---- Properties ------------------------------------------------------------------------------ */

enum opendoca_ctx_state rdma_state(struct opendoca_rdma *rdma)
{
	enum doca_ctx_states state;

	doca_ctx_get_state(opendoca_ctx_handle(rdma->ctx), &state);
	return (enum opendoca_ctx_state)state;
}

/* Whether the context is idle (configurable); else logged, naming func. */
doca_error_t rdma_idle(struct opendoca_rdma *rdma, const char *func)
{
	enum doca_ctx_states state;

	doca_ctx_get_state(opendoca_ctx_handle(rdma->ctx), &state);
	return state == DOCA_CTX_STATE_IDLE ? DOCA_SUCCESS
					    : opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the RDMA context is not idle");
}

#define RDMA_ACCESS_ALL                                                                                 \
	(DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ | DOCA_ACCESS_FLAG_RDMA_WRITE | \
	 DOCA_ACCESS_FLAG_RDMA_ATOMIC)

RDMA_SET(doca_rdma_set_permissions, uint32_t, permissions, permissions, !(permissions & ~(uint32_t)RDMA_ACCESS_ALL),
	 "permissions %#llx: an RDMA context takes local read/write and RDMA read, write, atomic only")
RDMA_GET(doca_rdma_get_permissions, , uint32_t, permissions, permissions)
RDMA_SET(doca_rdma_set_gid_index, uint32_t, gid_index, gid_index, gid_index < 256,
	 "GID index %llu: the device's table has 256 entries at most")
RDMA_GET(doca_rdma_get_gid_index, const, uint32_t, gid_index, gid_index)
RDMA_SET(doca_rdma_set_max_num_connections, uint16_t, max_num_connections, max_conns,
	 max_num_connections >= 1 && max_num_connections <= OPENDOCA_RDMA_MAX_CONNECTIONS,
	 "%llu connections: a context has 1 to 1024")
RDMA_GET(doca_rdma_get_max_num_connections, , uint16_t, max_num_connections, max_conns)
RDMA_SET(doca_rdma_set_send_queue_size, uint32_t, send_queue_size, sq_size,
	 send_queue_size >= 1 && send_queue_size <= RDMA_MAX_QUEUE, "a send queue of %llu: 1 to 32768")
RDMA_GET(doca_rdma_get_send_queue_size, const, uint32_t, send_queue_size, sq_size)
RDMA_SET(doca_rdma_set_recv_queue_size, uint32_t, recv_queue_size, rq_size,
	 recv_queue_size >= 1 && recv_queue_size <= RDMA_MAX_QUEUE, "a receive queue of %llu: 1 to 32768")
RDMA_GET(doca_rdma_get_recv_queue_size, const, uint32_t, recv_queue_size, rq_size)
RDMA_SET(doca_rdma_set_mtu, enum doca_mtu_size, mtu, mtu, (unsigned)mtu <= DOCA_MTU_SIZE_4K_BYTES,
	 "MTU %llu is not one of an RDMA context's (256 bytes to 4 KiB)")
RDMA_GET(doca_rdma_get_mtu, const, enum doca_mtu_size, mtu, mtu)
RDMA_SET(doca_rdma_set_transport_type, enum doca_rdma_transport_type, transport_type, transport,
	 transport_type == DOCA_RDMA_TRANSPORT_TYPE_RC,
	 "transport type %llu: the devices serve reliable connections (RC) only")
RDMA_GET(doca_rdma_get_transport_type, const, enum doca_rdma_transport_type, transport_type, transport)
RDMA_SET(doca_rdma_set_sl, uint32_t, sl, sl, sl <= 15, "service level %llu is not 0 - 15")
RDMA_GET(doca_rdma_get_sl, const, uint32_t, sl, sl)
RDMA_SET(doca_rdma_set_max_send_buf_list_len, uint32_t, max_send_buf_list_len, max_send_list,
	 max_send_buf_list_len >= 1 && max_send_buf_list_len <= RDMA_MAX_LIST, "a list of %llu buffers: 1 to 30")
RDMA_GET(doca_rdma_get_max_send_buf_list_len, const, uint32_t, max_send_buf_list_len, max_send_list)
RDMA_SET(doca_rdma_task_receive_set_dst_buf_list_len, uint32_t, buf_list_len, recv_list_len,
	 buf_list_len >= 1 && buf_list_len <= RDMA_MAX_LIST, "a list of %llu buffers: 1 to 30")
RDMA_GET(doca_rdma_task_receive_get_dst_buf_list_len, const, uint32_t, buf_list_len, recv_list_len)
RDMA_SET(doca_rdma_set_connection_request_timeout, uint16_t, timeout, cm_timeout, 1, "%llu")
RDMA_GET(doca_rdma_get_connection_request_timeout, const, uint16_t, timeout, cm_timeout)
RDMA_SET(doca_rdma_set_rnr_retry_count, uint8_t, rnr_retry_count, rnr_retry, rnr_retry_count <= 7,
	 "an RNR retry count of %llu: 0 - 7")
RDMA_GET(doca_rdma_get_rnr_retry_count, const, uint8_t, rnr_retry_count, rnr_retry)

doca_error_t rdma_grh(struct doca_rdma *handle, int set, uint8_t *get, const char *func)
{
	struct opendoca_rdma *rdma = rdma_get(handle, func);
	doca_error_t err = DOCA_SUCCESS;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	if (get)
		*get = rdma->grh;
	else if (set < 0)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "grh_enabled is NULL");
	else if (!(err = rdma_idle(rdma, func)) && set > 1)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "grh_enabled %d is not 0 or 1", set);
	else if (!err)
		rdma->grh = (uint8_t)set;
	pthread_mutex_unlock(&rdma->lock);
	opendoca_handle_put(&rdma->object);
	return err;
}

doca_error_t doca_rdma_set_grh_enabled(struct doca_rdma *rdma, uint8_t grh_enabled)
{
	return rdma_grh(rdma, grh_enabled, NULL, __func__);
}

doca_error_t doca_rdma_get_grh_enabled(const struct doca_rdma *rdma, uint8_t *grh_enabled)
{
	return rdma_grh((struct doca_rdma *)(uintptr_t)rdma, -1, grh_enabled, __func__);
}

doca_error_t rdma_cpu_datapath(struct opendoca_rdma *rdma, const char *func)
{
	if (!rdma->dpa)
		return DOCA_SUCCESS;
	return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
			     "the context's datapath is on the DPA: connect it with doca_rdma_export/_connect "
			     "to a peer of this process");
}

doca_error_t rdma_dpa_handle(struct doca_rdma *handle, uint64_t *out, const char *func)
{
	struct opendoca_rdma *rdma = rdma_get(handle, func);
	doca_error_t err;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	err = rdma_running(rdma, func);
	if (!err && !rdma->dpa_rdma)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func,
				    "the context's datapath is not on the DPA (doca_ctx_set_datapath_on_dpa)");
	if (!err)
		*out = rdma->dpa_handle;
	pthread_mutex_unlock(&rdma->lock);
	opendoca_handle_put(&rdma->object);
	return err;
}

/* Checked now against the datapath's DOCA DPA context, attached at start (it must be started then). */
doca_error_t doca_rdma_dpa_completion_attach(struct doca_rdma *handle, struct doca_dpa_completion *dpa_comp)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__);
	doca_error_t err;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	err = rdma_idle(rdma, __func__);
	if (!err && !rdma->dpa)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "the context's datapath is not on the DPA (doca_ctx_set_datapath_on_dpa first)");
	if (!err)
		err = rdma->dpa->ops->rdma_completion_check(rdma->dpa, dpa_comp, __func__);
	if (!err)
		rdma->dpa_comp = dpa_comp;
	pthread_mutex_unlock(&rdma->lock);
	opendoca_handle_put(&rdma->object);
	return err;
}

doca_error_t doca_rdma_get_dpa_handle(struct doca_rdma *handle, doca_dpa_dev_rdma_t *dpa_rdma)
{
	if (!dpa_rdma)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "dpa_rdma is NULL");
	return rdma_dpa_handle(handle, dpa_rdma, __func__);
}

doca_error_t doca_rdma_get_gpu_handle(struct doca_rdma *handle, struct doca_gpu_dev_rdma **gpu_rdma)
{
	struct opendoca_rdma *rdma = rdma_get(handle, __func__);

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(&rdma->object);
	if (!gpu_rdma)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "gpu_rdma is NULL");
	return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__, "the simulated machine has no GPU");
}

/* ---- Export and connect ---------------------------------------------------------------------- */

doca_error_t rdma_running(struct opendoca_rdma *rdma, const char *func)
{
	enum doca_ctx_states state;

	doca_ctx_get_state(opendoca_ctx_handle(rdma->ctx), &state);
	return state == DOCA_CTX_STATE_RUNNING
		       ? DOCA_SUCCESS
		       : opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the RDMA context is not running");
}

static const enum ibv_mtu mtus[] = { IBV_MTU_256, IBV_MTU_512, IBV_MTU_1024, IBV_MTU_2048, IBV_MTU_4096 };

doca_error_t rdma_conn_new(struct opendoca_rdma *rdma, struct opendoca_rdma_conn **out, const char *func)
{
	struct opendoca_rdma_conn *conn = NULL;
	doca_error_t err = DOCA_SUCCESS;

	if (rdma->nconns == rdma->max_conns)
		err = opendoca_fail(DOCA_ERROR_FULL, func, "the context has its %u connections already",
				    rdma->max_conns);
	if (!err && !(conn = calloc(1, sizeof(*conn))))
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	if (!err) {
		conn->rdma = rdma;
		conn->id = rdma->nconns;
		conn->listen_fd = conn->in_fd = conn->out_fd = -1;
		err = rdma_transport_create(rdma, conn, func);
	}
	if (!err) {
		memcpy(conn->local.magic, RDMA_MAGIC, sizeof(conn->local.magic));
		conn->local.version = 1;
		conn->local.pid = (uint32_t)getpid();
		conn->local.rdma = (uint64_t)(uintptr_t)rdma->handle;
		conn->local.conn_id = conn->id;
		conn->local.gid_index = rdma->gid_index;
		conn->local.mtu = mtus[rdma->mtu];
		if (getrandom(&conn->local.token, sizeof(conn->local.token), 0) != sizeof(conn->local.token))
			conn->local.token = (uint64_t)(uintptr_t)conn ^ (uint64_t)getpid() << 32;
		conn->handle = opendoca_handle_open(&conn->object, &conn_kind, conn_free);
		if (!conn->handle)
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of connections");
	}
	if (!err) {
		/* progress reads the table without the lock: the entry before the count */
		rdma->conns[rdma->nconns] = conn;
		__atomic_store_n(&rdma->nconns, rdma->nconns + 1, __ATOMIC_RELEASE);
		*out = conn;
	} else if (conn) {
		conn_free(&conn->object);
	}
	return err;
}

doca_error_t rdma_export(const struct doca_rdma *handle, const void **details, size_t *size,
			 struct doca_rdma_connection **connection, bool single, const char *func)
{
	struct opendoca_rdma *rdma = rdma_get(handle, func);
	struct opendoca_rdma_conn *conn = NULL;
	doca_error_t err;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rdma->lock);
	err = rdma_running(rdma, func);
	if (!err && (!details || !size || !connection))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "an output is NULL");
	if (!err && single && rdma->nconns)
		conn = rdma->conns[0]; /* 2.5, 2.6: the one connection's details, again */
	else if (!err)
		err = rdma_conn_new(rdma, &conn, func);
	/* a peer in another process reaches the connection through its socket (a CPU datapath's) */
	if (!err && !rdma->dpa && conn->listen_fd < 0)
		err = rdma_sock_listen(conn, func);
	if (!err) {
		*details = &conn->local;
		*size = sizeof(conn->local);
		*connection = conn->handle;
	}
	pthread_mutex_unlock(&rdma->lock);
	opendoca_handle_put(&rdma->object);
	return err;
}

/* Moves a connection's queue pair to RTR towards the peer's and to RTS. */
static int connect_qp(struct opendoca_rdma *rdma, struct opendoca_rdma_conn *conn,
		      const struct opendoca_rdma_details *peer)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTR,
		.path_mtu = (enum ibv_mtu)(peer->mtu < conn->local.mtu ? peer->mtu : conn->local.mtu),
		.dest_qp_num = peer->qpn,
		.max_dest_rd_atomic = 16,
		.min_rnr_timer = 1,
		.ah_attr = { .is_global = 1,
			     .sl = (uint8_t)rdma->sl,
			     .port_num = 1,
			     .grh = { .sgid_index = (uint8_t)rdma->gid_index, .hop_limit = 64 } },
	};

	memcpy(a.ah_attr.grh.dgid.raw, peer->gid, sizeof(peer->gid));
	if (ibv_modify_qp(conn->qp, &a,
			  IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
				  IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER))
		return -1;
	a = (struct ibv_qp_attr){ .qp_state = IBV_QPS_RTS,
				  .timeout = 14,
				  .retry_cnt = 7,
				  .rnr_retry = rdma->rnr_retry,
				  .max_rd_atomic = 16 };
	return ibv_modify_qp(conn->qp, &a,
			     IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN |
				     IBV_QP_MAX_QP_RD_ATOMIC);
}

doca_error_t doca_rdma_export(struct doca_rdma *handle, const void **details, size_t *size,
			      struct doca_rdma_connection **connection)
{
	return rdma_export(handle, details, size, connection, false, __func__);
}

doca_error_t rdma_connect(struct doca_rdma *handle, const void *details, size_t size,
			  struct doca_rdma_connection *connection, const char *func)
{
	struct opendoca_rdma *rdma = rdma_get(handle, func), *peer_rdma = NULL;
	struct opendoca_rdma_conn *conn = NULL;
	struct opendoca_rdma_details peer;
	doca_error_t err;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	err = rdma_running(rdma, func);
	if (!err && !(conn = rdma_conn_get(connection, func)))
		err = DOCA_ERROR_INVALID_VALUE;
	if (!err && conn->rdma != rdma)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the connection is another context's");
	if (!err && (!details || size != sizeof(peer)))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				    "%zu bytes at %p are no RDMA connection details (%zu bytes)", size, details,
				    sizeof(peer));
	if (!err) {
		memcpy(&peer, details, sizeof(peer));
		if (memcmp(peer.magic, RDMA_MAGIC, sizeof(peer.magic)) || peer.version != 1)
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the bytes are no RDMA connection details");
	}
	if (!err && conn->connected)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the connection is connected already");
	if (!err && peer.pid != (uint32_t)getpid() && rdma->dpa)
		err = opendoca_fail(
			DOCA_ERROR_NOT_SUPPORTED, func,
			"the peer is in another process: a datapath on the DPA reaches peers of this process");
	if (!err && peer.pid != (uint32_t)getpid()) {
		err = rdma_sock_connect(conn, &peer, func);
		if (!err)
			__atomic_store_n(&conn->connected, true, __ATOMIC_RELEASE);
		goto out;
	}
	/* The peer context in this process: its device gives the keys of its memory. */
	if (!err && !(peer_rdma = rdma_get((const struct doca_rdma *)(uintptr_t)peer.rdma, func)))
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "the exporting RDMA context is gone");
	if (!err && rdma->dpa) {
		pthread_mutex_lock(&rdma->lock);
		err = rdma->dpa->ops->rdma_conn_connect(rdma->dpa_rdma, conn->id, peer.qpn, peer.gid,
							peer.mtu < conn->local.mtu ? peer.mtu : conn->local.mtu, func);
		pthread_mutex_unlock(&rdma->lock);
	} else if (!err && connect_qp(rdma, conn, &peer))
		err = opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, func, "the queue pair does not reach the peer's: %s",
				    strerror(errno));
	if (!err) {
		conn->peer_dev = peer_rdma->dev;
		__atomic_store_n(&conn->connected, true, __ATOMIC_RELEASE);
	}
out:
	if (peer_rdma)
		opendoca_handle_put(&peer_rdma->object);
	if (conn)
		opendoca_handle_put(&conn->object);
	opendoca_handle_put(&rdma->object);
	return err;
}

doca_error_t doca_rdma_connect(struct doca_rdma *handle, const void *details, size_t size,
			       struct doca_rdma_connection *connection)
{
	return rdma_connect(handle, details, size, connection, __func__);
}

/* ---- Connections ----------------------------------------------------------------------------- */

doca_error_t doca_rdma_connection_get_id(const struct doca_rdma_connection *connection, uint32_t *connection_id)
{
	struct opendoca_rdma_conn *conn = rdma_conn_get(connection, __func__);

	if (!conn)
		return DOCA_ERROR_INVALID_VALUE;
	if (connection_id)
		*connection_id = conn->id;
	opendoca_handle_put(&conn->object);
	return connection_id ? DOCA_SUCCESS
			     : opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "connection_id is NULL");
}

doca_error_t doca_rdma_connection_get_user_data(const struct doca_rdma_connection *connection,
						union doca_data *connection_user_data)
{
	struct opendoca_rdma_conn *conn = rdma_conn_get(connection, __func__);

	if (!conn)
		return DOCA_ERROR_INVALID_VALUE;
	if (connection_user_data)
		*connection_user_data = conn->user_data;
	opendoca_handle_put(&conn->object);
	return connection_user_data ? DOCA_SUCCESS
				    : opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "connection_user_data is NULL");
}

doca_error_t doca_rdma_connection_set_user_data(struct doca_rdma_connection *connection,
						union doca_data connection_user_data)
{
	struct opendoca_rdma_conn *conn = rdma_conn_get(connection, __func__);

	if (!conn)
		return DOCA_ERROR_INVALID_VALUE;
	conn->user_data = connection_user_data;
	opendoca_handle_put(&conn->object);
	return DOCA_SUCCESS;
}

/* ---- Tasks ----------------------------------------------------------------------------------- */

/* doca_task_try_submit's validation: nothing to check before the device does (connections change). */
static doca_error_t check(struct opendoca_task *task, const char *func)
{
	struct rdma_task *t = part(task);

	struct opendoca_rdma_conn *conn =
		t->conn || t->rdma->max_conns != 1 || !__atomic_load_n(&t->rdma->nconns, __ATOMIC_ACQUIRE)
			? t->conn
			: t->rdma->conns[0]; /* 2.5, 2.6: the context's one connection */

	if (t->kind != T_RECEIVE && (!conn || !__atomic_load_n(&conn->connected, __ATOMIC_ACQUIRE)))
		return opendoca_fail(DOCA_ERROR_NOT_CONNECTED, func, "the task's connection is not connected");
	return DOCA_SUCCESS;
}

static doca_error_t set_conf(struct doca_rdma *handle, unsigned kind, opendoca_callback completion,
			     opendoca_callback error, uint32_t num, const char *func)
{
	struct opendoca_rdma *rdma = rdma_get(handle, func);
	doca_error_t err;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_ctx_set_task_conf(rdma->ctx, kind, completion, error, num, func);
	opendoca_handle_put(&rdma->object);
	return err;
}

/* A buffer the program passes: NULL (set later) or a live one. */
static bool buf_ok(const struct doca_buf *buf, const char *func)
{
	return !buf || opendoca_buf_get(buf, func);
}

/*
 * Allocates a task of kind on a connection (NULL for a receive); *t is its part to fill. The
 * reference to the context is dropped before return: the task's pool keeps the context alive.
 */
static doca_error_t alloc(struct doca_rdma *handle, unsigned kind, struct doca_rdma_connection *connection,
			  union doca_data user_data, const void *out, struct rdma_task **t, const char *func)
{
	struct opendoca_rdma *rdma = rdma_get(handle, func);
	struct opendoca_rdma_conn *conn = NULL;
	struct opendoca_task *task;
	doca_error_t err = DOCA_SUCCESS;

	if (!rdma)
		return DOCA_ERROR_INVALID_VALUE;
	if (!out)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "task is NULL");
	else if (kind != T_RECEIVE && connection && !(conn = rdma_conn_get(connection, func)))
		err = DOCA_ERROR_INVALID_VALUE;
	else if (conn && conn->rdma != rdma)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the connection is another context's");
	if (!err)
		err = opendoca_task_alloc(rdma->ctx, kind, user_data, &task, func);
	if (!err) {
		*t = part(task);
		memset(*t, 0, sizeof(**t));
		(*t)->rdma = rdma;
		(*t)->conn = conn;
		(*t)->kind = (uint8_t)kind;
	}
	if (conn)
		opendoca_handle_put(&conn->object);
	opendoca_handle_put(&rdma->object);
	return err;
}

/* The task of a program's pointer, of kind; NULL (logged) otherwise. */
static struct rdma_task *task_of(const void *ref, unsigned kind, const char *func)
{
	struct opendoca_task *task = opendoca_task_get(ref, &types[kind], func);

	return task ? part(task) : NULL;
}

uint32_t rdma_result_len(const void *task, unsigned kind, const char *func)
{
	struct rdma_task *t = task_of(task, kind, func);

	return t ? t->len : 0;
}

static struct doca_rdma_connection *conn_handle(const struct opendoca_rdma_conn *conn)
{
	return conn ? conn->handle : NULL;
}

/* A connection the program sets on a task: a live one of the task's context. */
static void set_conn(struct rdma_task *t, struct doca_rdma_connection *connection, const char *func)
{
	struct opendoca_rdma_conn *conn = rdma_conn_get(connection, func);

	if (!conn)
		return;
	if (conn->rdma != t->rdma)
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the connection is another context's");
	else
		t->conn = conn;
	opendoca_handle_put(&conn->object);
}

/* What every task type has: set_conf, as_task. */
#define RDMA_TASK_COMMON(name, kind)                                                                                 \
	doca_error_t doca_rdma_task_##name##_set_conf(struct doca_rdma *rdma,                                        \
						      doca_rdma_task_##name##_completion_cb_t completion,            \
						      doca_rdma_task_##name##_completion_cb_t error, uint32_t num)   \
	{                                                                                                            \
		return set_conf(rdma, kind, (opendoca_callback)completion, (opendoca_callback)error, num, __func__); \
	}                                                                                                            \
	struct doca_task *doca_rdma_task_##name##_as_task(struct doca_rdma_task_##name *task)                        \
	{                                                                                                            \
		return task_of(task, kind, __func__) ? (struct doca_task *)task : NULL;                              \
	}

/* A getter and a setter of a task's field. */
#define RDMA_TASK_FIELD(name, kind, what, type, field)                                         \
	type doca_rdma_task_##name##_get_##what(const struct doca_rdma_task_##name *task)      \
	{                                                                                      \
		struct rdma_task *t = task_of(task, kind, __func__);                           \
		return t ? (type)t->field : (type)0;                                           \
	}                                                                                      \
	void doca_rdma_task_##name##_set_##what(struct doca_rdma_task_##name *task, type what) \
	{                                                                                      \
		struct rdma_task *t = task_of(task, kind, __func__);                           \
		if (t)                                                                         \
			t->field = what;                                                       \
	}

/* A buffer's getter and setter (the buffer checked). */
#define RDMA_TASK_BUF(name, kind, what, type, field)                                           \
	type doca_rdma_task_##name##_get_##what(const struct doca_rdma_task_##name *task)      \
	{                                                                                      \
		struct rdma_task *t = task_of(task, kind, __func__);                           \
		return t ? t->field : NULL;                                                    \
	}                                                                                      \
	void doca_rdma_task_##name##_set_##what(struct doca_rdma_task_##name *task, type what) \
	{                                                                                      \
		struct rdma_task *t = task_of(task, kind, __func__);                           \
		if (t && buf_ok(what, __func__))                                               \
			t->field = (void *)(uintptr_t)what;                                    \
	}

/* The connection's getter and setter. */
#define RDMA_TASK_CONN(name, kind)                                                                     \
	const struct doca_rdma_connection *doca_rdma_task_##name##_get_rdma_connection(                \
		const struct doca_rdma_task_##name *task)                                              \
	{                                                                                              \
		struct rdma_task *t = task_of(task, kind, __func__);                                   \
		return t ? conn_handle(t->conn) : NULL;                                                \
	}                                                                                              \
	void doca_rdma_task_##name##_set_rdma_connection(struct doca_rdma_task_##name *task,           \
							 struct doca_rdma_connection *rdma_connection) \
	{                                                                                              \
		struct rdma_task *t = task_of(task, kind, __func__);                                   \
		if (t)                                                                                 \
			set_conn(t, rdma_connection, __func__);                                        \
	}

/* receive */
RDMA_TASK_COMMON(receive, T_RECEIVE)
RDMA_TASK_BUF(receive, T_RECEIVE, dst_buf, struct doca_buf *, dst)

doca_error_t doca_rdma_task_receive_allocate_init(struct doca_rdma *rdma, struct doca_buf *dst_buf,
						  union doca_data user_data, struct doca_rdma_task_receive **task)
{
	struct rdma_task *t;
	doca_error_t err = buf_ok(dst_buf, __func__) ? alloc(rdma, T_RECEIVE, NULL, user_data, task, &t, __func__)
						     : DOCA_ERROR_INVALID_VALUE;

	if (!err) {
		t->dst = dst_buf;
		*task = (struct doca_rdma_task_receive *)opendoca_task_ref(opendoca_task_of_priv(t));
	}
	return err;
}

uint32_t doca_rdma_task_receive_get_result_len(const struct doca_rdma_task_receive *task)
{
	return rdma_result_len(task, T_RECEIVE, __func__);
}

enum doca_rdma_opcode doca_rdma_task_receive_get_result_opcode(const struct doca_rdma_task_receive *task)
{
	struct rdma_task *t = task_of(task, T_RECEIVE, __func__);

	return t ? t->opcode : DOCA_RDMA_OPCODE_RECV_SEND;
}

doca_be32_t doca_rdma_task_receive_get_result_immediate_data(const struct doca_rdma_task_receive *task)
{
	struct rdma_task *t = task_of(task, T_RECEIVE, __func__);

	return t ? t->result_imm : 0;
}

const struct doca_rdma_connection *
doca_rdma_task_receive_get_result_rdma_connection(const struct doca_rdma_task_receive *task)
{
	struct rdma_task *t = task_of(task, T_RECEIVE, __func__);

	return t ? conn_handle(t->result_conn) : NULL;
}

/* send, send_imm */
RDMA_TASK_COMMON(send, T_SEND)
RDMA_TASK_CONN(send, T_SEND)
RDMA_TASK_BUF(send, T_SEND, src_buf, const struct doca_buf *, src)

doca_error_t doca_rdma_task_send_allocate_init(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
					       const struct doca_buf *src_buf, union doca_data user_data,
					       struct doca_rdma_task_send **task)
{
	return rdma_transfer_task(rdma, T_SEND, rdma_connection, src_buf, NULL, 0, user_data, task, __func__);
}

RDMA_TASK_COMMON(send_imm, T_SEND_IMM)
RDMA_TASK_CONN(send_imm, T_SEND_IMM)
RDMA_TASK_BUF(send_imm, T_SEND_IMM, src_buf, const struct doca_buf *, src)
RDMA_TASK_FIELD(send_imm, T_SEND_IMM, immediate_data, doca_be32_t, imm)

doca_error_t doca_rdma_task_send_imm_allocate_init(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
						   const struct doca_buf *src_buf, doca_be32_t immediate_data,
						   union doca_data user_data, struct doca_rdma_task_send_imm **task)
{
	return rdma_transfer_task(rdma, T_SEND_IMM, rdma_connection, src_buf, NULL, immediate_data, user_data, task,
				  __func__);
}

/* read, write, write_imm */
#define RDMA_TRANSFER(name, kind)                                        \
	RDMA_TASK_COMMON(name, kind)                                     \
	RDMA_TASK_CONN(name, kind)                                       \
	RDMA_TASK_BUF(name, kind, src_buf, const struct doca_buf *, src) \
	RDMA_TASK_BUF(name, kind, dst_buf, struct doca_buf *, dst)

RDMA_TRANSFER(read, T_READ)
RDMA_TRANSFER(write, T_WRITE)
RDMA_TRANSFER(write_imm, T_WRITE_IMM)
RDMA_TASK_FIELD(write_imm, T_WRITE_IMM, immediate_data, doca_be32_t, imm)

doca_error_t rdma_transfer_task(struct doca_rdma *rdma, unsigned kind, struct doca_rdma_connection *connection,
				const struct doca_buf *src, struct doca_buf *dst, doca_be32_t imm,
				union doca_data user_data, void *out, const char *func)
{
	struct rdma_task *t;
	doca_error_t err = buf_ok(src, func) && buf_ok(dst, func)
				   ? alloc(rdma, kind, connection, user_data, out, &t, func)
				   : DOCA_ERROR_INVALID_VALUE;

	if (!err) {
		t->src = src;
		t->dst = dst;
		t->imm = imm;
		*(struct doca_task **)out = opendoca_task_ref(opendoca_task_of_priv(t));
	}
	return err;
}

doca_error_t doca_rdma_task_read_allocate_init(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
					       const struct doca_buf *src_buf, struct doca_buf *dst_buf,
					       union doca_data user_data, struct doca_rdma_task_read **task)
{
	return rdma_transfer_task(rdma, T_READ, rdma_connection, src_buf, dst_buf, 0, user_data, task, __func__);
}

uint32_t doca_rdma_task_read_get_result_len(const struct doca_rdma_task_read *task)
{
	return rdma_result_len(task, T_READ, __func__);
}

doca_error_t doca_rdma_task_write_allocate_init(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
						const struct doca_buf *src_buf, struct doca_buf *dst_buf,
						union doca_data user_data, struct doca_rdma_task_write **task)
{
	return rdma_transfer_task(rdma, T_WRITE, rdma_connection, src_buf, dst_buf, 0, user_data, task, __func__);
}

doca_error_t doca_rdma_task_write_imm_allocate_init(struct doca_rdma *rdma,
						    struct doca_rdma_connection *rdma_connection,
						    const struct doca_buf *src_buf, struct doca_buf *dst_buf,
						    doca_be32_t immediate_data, union doca_data user_data,
						    struct doca_rdma_task_write_imm **task)
{
	return rdma_transfer_task(rdma, T_WRITE_IMM, rdma_connection, src_buf, dst_buf, immediate_data, user_data, task,
				  __func__);
}

/* atomics */
#define RDMA_ATOMIC(name, kind)                                    \
	RDMA_TASK_COMMON(name, kind)                               \
	RDMA_TASK_CONN(name, kind)                                 \
	RDMA_TASK_BUF(name, kind, dst_buf, struct doca_buf *, dst) \
	RDMA_TASK_BUF(name, kind, result_buf, struct doca_buf *, result)

RDMA_ATOMIC(atomic_fetch_add, T_FETCH_ADD)
RDMA_TASK_FIELD(atomic_fetch_add, T_FETCH_ADD, add_data, uint64_t, data)
RDMA_ATOMIC(atomic_cmp_swp, T_CMP_SWP)
RDMA_TASK_FIELD(atomic_cmp_swp, T_CMP_SWP, swap_data, uint64_t, data)
RDMA_TASK_FIELD(atomic_cmp_swp, T_CMP_SWP, cmp_data, uint64_t, cmp)

doca_error_t rdma_atomic_task(struct doca_rdma *rdma, unsigned kind, struct doca_rdma_connection *connection,
			      struct doca_buf *dst, struct doca_buf *result, uint64_t cmp, uint64_t data,
			      union doca_data user_data, void *out, const char *func)
{
	struct rdma_task *t;
	doca_error_t err = buf_ok(dst, func) && buf_ok(result, func)
				   ? alloc(rdma, kind, connection, user_data, out, &t, func)
				   : DOCA_ERROR_INVALID_VALUE;

	if (!err) {
		t->dst = dst;
		t->result = result;
		t->cmp = cmp;
		t->data = data;
		*(struct doca_task **)out = opendoca_task_ref(opendoca_task_of_priv(t));
	}
	return err;
}

doca_error_t doca_rdma_task_atomic_fetch_add_allocate_init(struct doca_rdma *rdma,
							   struct doca_rdma_connection *rdma_connection,
							   struct doca_buf *dst_buf, struct doca_buf *result_buf,
							   uint64_t add_data, union doca_data user_data,
							   struct doca_rdma_task_atomic_fetch_add **task)
{
	return rdma_atomic_task(rdma, T_FETCH_ADD, rdma_connection, dst_buf, result_buf, 0, add_data, user_data, task,
				__func__);
}

doca_error_t doca_rdma_task_atomic_cmp_swp_allocate_init(struct doca_rdma *rdma,
							 struct doca_rdma_connection *rdma_connection,
							 struct doca_buf *dst_buf, struct doca_buf *result_buf,
							 uint64_t cmp_data, uint64_t swap_data,
							 union doca_data user_data,
							 struct doca_rdma_task_atomic_cmp_swp **task)
{
	return rdma_atomic_task(rdma, T_CMP_SWP, rdma_connection, dst_buf, result_buf, cmp_data, swap_data, user_data,
				task, __func__);
}

/* remote net sync events */
#define RDMA_SE_TASK(name, kind, event_t)                                                \
	RDMA_TASK_COMMON(remote_net_sync_event_##name, kind)                             \
	RDMA_TASK_CONN(remote_net_sync_event_##name, kind)                               \
	event_t doca_rdma_task_remote_net_sync_event_##name##_get_sync_event(            \
		const struct doca_rdma_task_remote_net_sync_event_##name *task)          \
	{                                                                                \
		struct rdma_task *t = task_of(task, kind, __func__);                     \
		return t ? (event_t)(uintptr_t)t->event : NULL;                          \
	}                                                                                \
	void doca_rdma_task_remote_net_sync_event_##name##_set_sync_event(               \
		struct doca_rdma_task_remote_net_sync_event_##name *task, event_t event) \
	{                                                                                \
		struct rdma_task *t = task_of(task, kind, __func__);                     \
		if (t)                                                                   \
			t->event = event;                                                \
	}

RDMA_SE_TASK(get, T_SE_GET, const struct doca_sync_event_remote_net *)
RDMA_TASK_BUF(remote_net_sync_event_get, T_SE_GET, dst_buf, struct doca_buf *, dst)
RDMA_SE_TASK(notify_set, T_SE_SET, struct doca_sync_event_remote_net *)
RDMA_TASK_BUF(remote_net_sync_event_notify_set, T_SE_SET, src_buf, const struct doca_buf *, src)
RDMA_SE_TASK(notify_add, T_SE_ADD, struct doca_sync_event_remote_net *)
RDMA_TASK_BUF(remote_net_sync_event_notify_add, T_SE_ADD, result_buf, struct doca_buf *, result)
RDMA_TASK_FIELD(remote_net_sync_event_notify_add, T_SE_ADD, add_data, uint64_t, data)

uint32_t
doca_rdma_task_remote_net_sync_event_get_get_result_len(const struct doca_rdma_task_remote_net_sync_event_get *task)
{
	return rdma_result_len(task, T_SE_GET, __func__);
}

/* A remote net sync event task on a connection, with its event and buffer. */
doca_error_t rdma_se_task(struct doca_rdma *rdma, unsigned kind, struct doca_rdma_connection *connection,
			  const struct doca_sync_event_remote_net *event, const struct doca_buf *buf, uint64_t data,
			  union doca_data user_data, void *out, const char *func)
{
	struct rdma_task *t;
	doca_error_t err =
		buf_ok(buf, func) ? alloc(rdma, kind, connection, user_data, out, &t, func) : DOCA_ERROR_INVALID_VALUE;

	if (!err) {
		t->event = event;
		if (kind == T_SE_GET)
			t->dst = (struct doca_buf *)(uintptr_t)buf;
		else if (kind == T_SE_SET)
			t->src = buf;
		else
			t->result = (struct doca_buf *)(uintptr_t)buf;
		t->data = data;
		*(struct doca_task **)out = opendoca_task_ref(opendoca_task_of_priv(t));
	}
	return err;
}

doca_error_t doca_rdma_task_remote_net_sync_event_get_allocate_init(
	struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
	const struct doca_sync_event_remote_net *event, struct doca_buf *dst_buf, union doca_data user_data,
	struct doca_rdma_task_remote_net_sync_event_get **task)
{
	return rdma_se_task(rdma, T_SE_GET, rdma_connection, event, dst_buf, 0, user_data, task, __func__);
}

doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_allocate_init(
	struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection, struct doca_sync_event_remote_net *event,
	const struct doca_buf *src_buf, union doca_data user_data,
	struct doca_rdma_task_remote_net_sync_event_notify_set **task)
{
	return rdma_se_task(rdma, T_SE_SET, rdma_connection, event, src_buf, 0, user_data, task, __func__);
}

doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_allocate_init(
	struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection, struct doca_sync_event_remote_net *event,
	struct doca_buf *result_buf, uint64_t add_data, union doca_data user_data,
	struct doca_rdma_task_remote_net_sync_event_notify_add **task)
{
	return rdma_se_task(rdma, T_SE_ADD, rdma_connection, event, result_buf, add_data, user_data, task, __func__);
}
