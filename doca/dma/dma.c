/*
 * DOCA DMA (doca_dma.h), the newest forms (2.5 and later: tasks on a progress engine) and the
 * context every release's form shares: its queues on the device, its copies, its completions
 * (dma.h has the design). dma_v2_2.c and dma_v1_4.c hold the forms of 2.2 and 1.x.
 */
#include "doca_dma.h"
#include "doca_log.h"

#include "buf.h"
#include "dev.h"
#include "dma.h"
#include "mmap.h"

#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <stdlib.h>
#include <string.h>
#ifdef OPENDOCA_SIMULATED_DEVICES
#include <libflexio/flexio_sim.h>
#endif

static const struct opendoca_kind dma_kind = { "DMA context" };

/* The most tasks a context has: the deepest queue the project's devices make (max_qp_wr). */
#define DMA_MAX_TASKS (1u << 15)
/* The depth of a work queue's queue pair (1.x, 2.2: the work queue's depth is not the context's
 * to know); a deeper backlog waits in the context for room. */
#define DMA_WORKQ_DEPTH 1024u
/* Completions polled at once. */
#define DMA_POLL_BATCH 32
/* Batches of completions one progress call polls at most. */
#define DMA_POLL_ROUNDS 4
/* Copies posted with one doorbell at most (more ring another). */
#define DMA_POST_BATCH 32
/* The bounce buffer of a copy between two other processes' memories. */
#define DMA_BOUNCE_SIZE 65536u

/* The library's part of a task or job: the copy. */
struct dma_task {
	struct opendoca_dma *dma;
	const struct doca_buf *src;
	struct doca_buf *dst;
	struct dma_task *next; /* a queue's backlog or remote list */
	uint32_t bytes;        /* what the receive completion says arrived */
	bool flushed;          /* its receive was flushed (the context stopping) */
	doca_error_t status;   /* the first failure of its work requests */
};

/* One side of a copy: a buffer's data (source) or free room (destination), and how it is reached. */
struct dma_seg {
	struct opendoca_mmap *mmap;
	uint64_t addr;
	size_t len;
	struct opendoca_reach reach;
};

struct dma_plan {
	struct dma_seg src[OPENDOCA_DMA_MAX_LIST], dst[OPENDOCA_DMA_MAX_LIST];
	uint32_t nsrc, ndst;
	uint64_t total; /* bytes of the source */
	bool remote;    /* another process's memory on either side: copied at progress */
};

/* The work requests of the copies submitted since the last doorbell, posted as two chains. */
struct dma_batch {
	struct ibv_recv_wr rwr[DMA_POST_BATCH];
	struct ibv_send_wr swr[DMA_POST_BATCH];
	struct ibv_sge rsge[DMA_POST_BATCH][OPENDOCA_DMA_MAX_LIST], ssge[DMA_POST_BATCH][OPENDOCA_DMA_MAX_LIST];
	uint32_t n;
};

/* What a binding owns on the device. */
struct dma_queue {
	struct opendoca_dma *dma;
	struct doca_dev *dev;
	struct ibv_comp_channel *channel;
	struct ibv_cq *cq;
	struct ibv_qp *qp;
	uint32_t max_sge;
	uint64_t max_size;                      /* the device's largest copy */
	uint32_t free;                          /* tasks the rings still take */
	uint32_t sig_every, unsignaled;         /* sends: one in sig_every asks for a completion */
	struct dma_task *backlog, *backlog_end; /* waiting for room, in submission order */
	struct dma_task *remote, *remote_end;   /* on other processes' memory, for progress */
	bool failed;                            /* a task failed since the last progress */
	bool stopping;                          /* the context stops: nothing more is posted */
	struct ibv_wc wc[DMA_POLL_BATCH];       /* completions arm polled ahead of progress */
	int nwc;
	struct dma_batch batch; /* copies not handed to the device yet (flush) */
	struct dma_queue *next; /* the context's queues */
};

static struct dma_task *dma_of(struct opendoca_task *task)
{
	return opendoca_task_priv(task);
}

static struct opendoca_task *task_of(struct dma_task *t)
{
	return opendoca_task_of_priv(t);
}

static void invoke(opendoca_callback cb, struct doca_task *task, union doca_data task_user_data,
		   union doca_data ctx_user_data)
{
	((doca_dma_task_memcpy_completion_cb_t)cb)((struct doca_dma_task_memcpy *)task, task_user_data, ctx_user_data);
}

static doca_error_t check(struct opendoca_task *task, const char *func);

static const struct opendoca_task_type memcpy_type = {
	.name = "memcpy task",
	.priv_size = sizeof(struct dma_task),
	.max_tasks = DMA_MAX_TASKS,
	.invoke = invoke,
	.check = check,
};

/* ---- Capabilities ---------------------------------------------------------------------------- */

doca_error_t opendoca_dma_supported(const struct doca_devinfo *devinfo, bool *supported, const char *func)
{
	uint8_t answer;
	doca_error_t err = opendoca_devinfo_cap(devinfo, OPENDOCA_CAP_DMA_MEMCPY, &answer, func);

	if (!err)
		*supported = answer != 0;
	return err;
}

doca_error_t opendoca_dma_max_buf_size(const struct doca_devinfo *devinfo, uint64_t *size, const char *func)
{
	return opendoca_devinfo_max_msg_size(devinfo, size, func);
}

doca_error_t opendoca_dma_max_list_len(const struct doca_devinfo *devinfo, uint32_t *len, const char *func)
{
	struct ibv_device_attr attr;
	doca_error_t err;

	if (!len)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the output is NULL");
	err = opendoca_devinfo_attr(devinfo, &attr, func);
	if (!err)
		*len = attr.max_sge < (int)OPENDOCA_DMA_MAX_LIST ? (uint32_t)attr.max_sge : OPENDOCA_DMA_MAX_LIST;
	return err;
}

/* The most tasks a context on devinfo's device has. */
static doca_error_t max_tasks(const struct doca_devinfo *devinfo, uint32_t *max, const char *func)
{
	struct ibv_device_attr attr;
	doca_error_t err = opendoca_devinfo_attr(devinfo, &attr, func);

	if (!err)
		*max = attr.max_qp_wr < (int)DMA_MAX_TASKS ? (uint32_t)attr.max_qp_wr : DMA_MAX_TASKS;
	return err;
}

/* ---- Planning a copy ------------------------------------------------------------------------- */

/* The segments of the list buf heads (src: each buffer's data; dst: each buffer's room after it). */
static doca_error_t plan_side(struct dma_queue *q, const struct doca_buf *pointer, bool dst, struct dma_seg *segs,
			      uint32_t *nsegs, uint64_t *bytes, bool *remote, const char *func)
{
	const char *side = dst ? "destination" : "source";
	struct opendoca_buf *buf = opendoca_buf_get(pointer, func);
	uint32_t n = 0;

	if (!buf)
		return DOCA_ERROR_INVALID_VALUE;
	*bytes = 0;
	for (; buf; buf = buf->next) {
		struct dma_seg *seg = &segs[n];
		uint64_t data = (uint64_t)(uintptr_t)buf->data, end = (uint64_t)(uintptr_t)buf->head + buf->len;
		doca_error_t err;

		if (n == q->max_sge)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
					     "the %s list is longer than the %u buffers the device takes", side,
					     q->max_sge);
		seg->mmap = buf->mmap;
		seg->addr = dst ? data + buf->data_len : data;
		seg->len = dst ? end - seg->addr : buf->data_len;
		memset(&seg->reach, 0, sizeof(seg->reach));
		n++;
		if (!seg->len)
			continue;
		err = opendoca_mmap_reach(seg->mmap, q->dev, seg->addr, seg->len, &seg->reach, func);
		if (err)
			return err;
		if (dst && !seg->reach.writable)
			return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
					     "the destination's memory map does not let the device write it");
		if (!seg->reach.readable)
			return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
					     "the source's memory map does not let the device read it");
		*remote |= seg->reach.remote;
		*bytes += seg->len;
	}
	*nsegs = n;
	return DOCA_SUCCESS;
}

/* What a task copies, checked: DOCA's error (logged, naming func) when it cannot run. */
static doca_error_t plan(struct dma_queue *q, struct dma_task *t, struct dma_plan *p, const char *func)
{
	uint64_t room, max_size;
	doca_error_t err;

	if (!t->src || !t->dst)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the memcpy task has no %s",
				     t->src ? "destination" : "source");
	p->remote = false;
	err = plan_side(q, t->src, false, p->src, &p->nsrc, &p->total, &p->remote, func);
	if (!err)
		err = plan_side(q, t->dst, true, p->dst, &p->ndst, &room, &p->remote, func);
	if (err)
		return err;
	/* The device refuses a copy of nothing (NVIDIA's pe_task_error sample counts on it). */
	if (!p->total)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the source holds no data");
	if (p->total > room)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "the destination has room for %llu bytes, the source holds %llu",
				     (unsigned long long)room, (unsigned long long)p->total);
	max_size = q->max_size;
	if (p->total > max_size)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "the source holds %llu bytes, more than the %llu the device copies at once",
				     (unsigned long long)p->total, (unsigned long long)max_size);
	if (p->remote)
		for (uint32_t i = 0; i < p->nsrc + p->ndst; i++) {
			const struct dma_seg *seg = i < p->nsrc ? &p->src[i] : &p->dst[i - p->nsrc];

			if (seg->len && !seg->reach.host && !seg->reach.remote)
				return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
						     "a copy between another process's memory and DPA memory");
		}
	return DOCA_SUCCESS;
}

/* ---- Executing ------------------------------------------------------------------------------- */

/* The names of the public calls submitting and progressing a task of q's context (for log lines). */
static const char *submit_name(const struct dma_queue *q)
{
	return q->dma->api == OPENDOCA_CTX_API_WORKQ ? "doca_workq_submit" : "doca_task_submit";
}

static const char *progress_name(const struct dma_queue *q)
{
	return q->dma->api == OPENDOCA_CTX_API_WORKQ ? "doca_workq_progress_retrieve" : "doca_pe_progress";
}

static void append(struct dma_task **head, struct dma_task **end, struct dma_task *t)
{
	t->next = NULL;
	if (*end)
		(*end)->next = t;
	else
		*head = t;
	*end = t;
}

/* The destination's buffers take the bytes that arrived, in order, each after its data. */
static void grow_dst(struct dma_task *t, const char *func)
{
	uint64_t left = t->bytes;

	for (struct opendoca_buf *buf = opendoca_buf_get(t->dst, func); buf && left; buf = buf->next) {
		uint64_t room = (uint64_t)((char *)buf->head + buf->len - ((char *)buf->data + buf->data_len));
		uint64_t take = room < left ? room : left;

		buf->data_len += take;
		left -= take;
	}
}

/* A task is done: its buffers updated, its completion handed to the engine. */
static void finish(struct dma_queue *q, struct dma_task *t)
{
	struct opendoca_task *task = task_of(t);

	if (t->status == DOCA_SUCCESS)
		grow_dst(t, submit_name(q));
	else if (!t->flushed)
		q->failed = true;
	opendoca_task_complete(task, t->status);
}

/* Fails a task at once (it never reached the device). */
static void fail(struct dma_queue *q, struct dma_task *t, doca_error_t status)
{
	t->status = status;
	t->flushed = status == DOCA_ERROR_IO_FAILED;
	finish(q, t);
}

/*
 * Hands the copies of the batch to the device: the receives (the destinations), then the sends
 * (the sources), one chain each, so one doorbell for them all. A receive the device refused fails
 * its task and its send stays unposted; a refused send leaves its receive posted: the context
 * stops, which flushes it, and the task completes with the send's failure.
 */
static void flush(struct dma_queue *q)
{
	struct dma_batch *b = &q->batch;
	struct ibv_recv_wr *bad_rwr = NULL;
	struct ibv_send_wr *bad_swr = NULL;
	uint32_t n = b->n, posted = n;

	if (!n)
		return;
	b->n = 0;
	b->rwr[n - 1].next = NULL;
	b->swr[n - 1].next = NULL;
	if (ibv_post_recv(q->qp, b->rwr, &bad_rwr)) {
		posted = bad_rwr ? (uint32_t)(bad_rwr - b->rwr) : 0;
		opendoca_sdk_log(DOCA_LOG_LEVEL_ERROR, submit_name(q), "the device refused the copy (%s)",
				 strerror(errno));
		for (uint32_t i = posted; i < n; i++) {
			q->free++;
			fail(q, (struct dma_task *)(uintptr_t)b->rwr[i].wr_id, DOCA_ERROR_DRIVER);
		}
		if (!posted)
			return;
		b->swr[posted - 1].next = NULL;
	}
	if (ibv_post_send(q->qp, b->swr, &bad_swr)) {
		for (uint32_t i = bad_swr ? (uint32_t)(bad_swr - b->swr) : 0; i < posted; i++)
			((struct dma_task *)(uintptr_t)b->rwr[i].wr_id)->status = DOCA_ERROR_DRIVER;
		q->failed = true;
	}
}

/*
 * Adds a planned copy to the batch: the receive (the destination) and the send (the source). The
 * receive's completion completes the task (RC executes in order: the bytes are there); a send
 * asks for a completion only once in sig_every, which frees the send ring up to it, or reports its
 * failure before its receive is flushed.
 */
static void post(struct dma_queue *q, struct dma_task *t, const struct dma_plan *p)
{
	struct dma_batch *b = &q->batch;
	uint32_t k = b->n++;
	struct ibv_sge *rsge = b->rsge[k], *ssge = b->ssge[k];
	struct ibv_recv_wr *rwr = &b->rwr[k];
	struct ibv_send_wr *swr = &b->swr[k];
	uint64_t left = p->total;

	*rwr = (struct ibv_recv_wr){ .wr_id = (uintptr_t)t, .sg_list = rsge, .next = rwr + 1 };
	*swr = (struct ibv_send_wr){
		.wr_id = (uintptr_t)t | 1, .sg_list = ssge, .opcode = IBV_WR_SEND, .next = swr + 1
	};
	/* The destination's room in order, as much of it as the source fills. */
	for (uint32_t i = 0; i < p->ndst && left; i++) {
		uint64_t take = p->dst[i].len < left ? p->dst[i].len : left;

		if (!take)
			continue;
		rsge[rwr->num_sge++] = (struct ibv_sge){ .addr = p->dst[i].addr,
							 .length = (uint32_t)take,
							 .lkey = p->dst[i].reach.mkey };
		left -= take;
	}
	for (uint32_t i = 0; i < p->nsrc; i++)
		if (p->src[i].len)
			ssge[swr->num_sge++] = (struct ibv_sge){ .addr = p->src[i].addr,
								 .length = (uint32_t)p->src[i].len,
								 .lkey = p->src[i].reach.mkey };
	if (++q->unsignaled >= q->sig_every) {
		swr->send_flags = IBV_SEND_SIGNALED;
		q->unsignaled = 0;
	}
	t->status = DOCA_SUCCESS;
	t->flushed = false;
	t->bytes = 0;
	if (b->n == DMA_POST_BATCH)
		flush(q);
}

/* Starts a task: posted to the device, queued for progress (another process's memory), or failed. */
static void execute(struct dma_queue *q, struct dma_task *t)
{
	struct dma_plan p;
	doca_error_t err = plan(q, t, &p, submit_name(q));

	if (err) {
		fail(q, t, err);
		return;
	}
	if (p.remote) {
		append(&q->remote, &q->remote_end, t);
		return;
	}
	q->free--;
	post(q, t, &p);
}

/*
 * Copies a task involving another process's memory, piece by piece: reads from it into this
 * process's memory, writes to it from there, or both through a bounce buffer.
 */
static doca_error_t copy_remote(struct dma_queue *q, const struct dma_plan *p, uint64_t *copied)
{
	const char *func = progress_name(q);
	uint32_t si = 0, di = 0;
	uint64_t soff = 0, doff = 0, left = p->total;
	char *bounce = NULL;
	doca_error_t err = DOCA_SUCCESS;

	while (left && !err) {
		const struct dma_seg *s = &p->src[si], *d = &p->dst[di];
		uint64_t n;

		if (soff == s->len) {
			si++, soff = 0;
			continue;
		}
		if (doff == d->len) {
			di++, doff = 0;
			continue;
		}
		n = s->len - soff < d->len - doff ? s->len - soff : d->len - doff;
		if (s->reach.host && d->reach.host) {
			memcpy((char *)d->reach.host + doff, (const char *)s->reach.host + soff, n);
		} else if (s->reach.remote && d->reach.host) {
			err = opendoca_mmap_remote_read(s->mmap, s->addr + soff, (char *)d->reach.host + doff, n, func);
		} else if (s->reach.host && d->reach.remote) {
			err = opendoca_mmap_remote_write(d->mmap, d->addr + doff, (const char *)s->reach.host + soff, n,
							 func);
		} else {
			if (!bounce && !(bounce = malloc(DMA_BOUNCE_SIZE))) {
				err = DOCA_ERROR_NO_MEMORY;
				break;
			}
			n = n < DMA_BOUNCE_SIZE ? n : DMA_BOUNCE_SIZE;
			err = opendoca_mmap_remote_read(s->mmap, s->addr + soff, bounce, n, func);
			if (!err)
				err = opendoca_mmap_remote_write(d->mmap, d->addr + doff, bounce, n, func);
		}
		soff += n;
		doff += n;
		left -= n;
		*copied += err ? 0 : n;
	}
	free(bounce);
	return err;
}

/* The tasks on other processes' memory: copied now, on the progress thread. */
static bool run_remote(struct dma_queue *q)
{
	struct dma_task *t = q->remote;

	if (!t)
		return false;
	q->remote = q->remote_end = NULL;
	while (t) {
		struct dma_task *next = t->next;
		struct dma_plan p;
		uint64_t copied = 0;

		t->status = q->stopping ? DOCA_ERROR_IO_FAILED : plan(q, t, &p, progress_name(q));
		if (!t->status)
			t->status = copy_remote(q, &p, &copied);
		t->flushed = q->stopping;
		t->bytes = (uint32_t)copied;
		finish(q, t);
		t = next;
	}
	return true;
}

/* Posts what waited for room. */
static void run_backlog(struct dma_queue *q)
{
	while (q->backlog && q->free && !q->stopping) {
		struct dma_task *t = q->backlog;

		q->backlog = t->next;
		if (!q->backlog)
			q->backlog_end = NULL;
		execute(q, t);
	}
}

/* DOCA's status of a failed work request. */
static doca_error_t status_of(enum ibv_wc_status status)
{
	switch (status) {
	case IBV_WC_SUCCESS:
		return DOCA_SUCCESS;
	case IBV_WC_LOC_PROT_ERR:
	case IBV_WC_REM_ACCESS_ERR:
	case IBV_WC_MW_BIND_ERR:
		return DOCA_ERROR_NOT_PERMITTED;
	case IBV_WC_LOC_LEN_ERR:
	case IBV_WC_REM_INV_REQ_ERR:
		return DOCA_ERROR_INVALID_VALUE;
	default:
		return DOCA_ERROR_IO_FAILED;
	}
}

/* A work completion of the queue's. */
static void completed(struct dma_queue *q, const struct ibv_wc *wc)
{
	struct dma_task *t = (struct dma_task *)(uintptr_t)(wc->wr_id & ~(uint64_t)1);

	if (wc->wr_id & 1) {
		/*
		 * A send: a success says nothing of its task (perhaps completed and reused since); a
		 * failure comes before the task's receive is flushed and is the task's status.
		 */
		if (wc->status != IBV_WC_SUCCESS && wc->status != IBV_WC_WR_FLUSH_ERR && t->status == DOCA_SUCCESS)
			t->status = status_of(wc->status);
		return;
	}
	if (wc->status == IBV_WC_SUCCESS) {
		t->bytes = wc->byte_len;
	} else if (t->status == DOCA_SUCCESS) {
		t->status = status_of(wc->status);
		t->flushed = wc->status == IBV_WC_WR_FLUSH_ERR;
	}
	q->free++;
	finish(q, t);
}

/* ---- The context's operations ---------------------------------------------------------------- */

/* What running needs is per binding (bind): the queues on the device. */
static doca_error_t start(struct opendoca_ctx *ctx)
{
	(void)ctx;
	return DOCA_SUCCESS;
}

/* The queue pair sends to itself: INIT, RTR towards its own number, RTS. */
static int connect_self(struct ibv_qp *qp)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_INIT, .port_num = 1, .qp_access_flags = IBV_ACCESS_LOCAL_WRITE };
	union ibv_gid gid;

	if (ibv_query_gid(qp->context, 1, 1, &gid) && ibv_query_gid(qp->context, 1, 0, &gid))
		return -1;
	if (ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS))
		return -1;
	a = (struct ibv_qp_attr){ .qp_state = IBV_QPS_RTR,
				  .path_mtu = IBV_MTU_4096,
				  .dest_qp_num = qp->qp_num,
				  .max_dest_rd_atomic = 1,
				  .min_rnr_timer = 1,
				  .ah_attr = {
					  .is_global = 1, .grh = { .dgid = gid, .sgid_index = 1 }, .port_num = 1 } };
	if (ibv_modify_qp(qp, &a,
			  IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
				  IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER))
		return -1;
	a = (struct ibv_qp_attr){
		.qp_state = IBV_QPS_RTS, .timeout = 14, .retry_cnt = 7, .rnr_retry = 7, .max_rd_atomic = 1
	};
	return ibv_modify_qp(qp, &a,
			     IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN |
				     IBV_QP_MAX_QP_RD_ATOMIC);
}

static void queue_free(struct dma_queue *q)
{
	if (q->qp)
		ibv_destroy_qp(q->qp);
	if (q->cq)
		ibv_destroy_cq(q->cq);
	if (q->channel)
		ibv_destroy_comp_channel(q->channel);
	free(q);
}

static doca_error_t bind(struct opendoca_binding *binding)
{
	static const char *func = "doca_ctx_start";
	struct opendoca_dma *dma = opendoca_ctx_priv(binding->ctx);
	struct ibv_context *context = opendoca_dev_ibv_context(dma->dev);
	struct ibv_qp_init_attr init = { .qp_type = IBV_QPT_RC };
	struct dma_queue *q = calloc(1, sizeof(*q));
	struct ibv_device_attr attr;
	uint32_t depth, max_sge;

	if (!q)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	q->dma = dma;
	q->dev = dma->dev;
	depth = dma->api == OPENDOCA_CTX_API_PE ? dma->num_tasks : DMA_WORKQ_DEPTH;
	if (max_tasks(doca_dev_as_devinfo(dma->dev), &q->free, func) ||
	    opendoca_dma_max_list_len(doca_dev_as_devinfo(dma->dev), &max_sge, func) ||
	    opendoca_dma_max_buf_size(doca_dev_as_devinfo(dma->dev), &q->max_size, func) ||
	    opendoca_devinfo_attr(doca_dev_as_devinfo(dma->dev), &attr, func)) {
		free(q);
		return DOCA_ERROR_INVALID_VALUE;
	}
	q->free = depth < q->free ? depth : q->free;
	q->max_sge = max_sge;
	/* Sends without a completion hold their ring's slots until a later one's: room for them. */
	q->sig_every = (uint32_t)attr.max_qp_wr - q->free < 16 ? (uint32_t)attr.max_qp_wr - q->free : 16;
	if (!q->sig_every)
		q->sig_every = 1;
	q->channel = ibv_create_comp_channel(context);
	if (q->channel && fcntl(q->channel->fd, F_SETFL, fcntl(q->channel->fd, F_GETFL) | O_NONBLOCK) == 0)
		q->cq = ibv_create_cq(context, (int)(2 * q->free + q->sig_every), q, q->channel, 0);
	if (q->cq) {
		init.send_cq = init.recv_cq = q->cq;
		init.cap = (struct ibv_qp_cap){ .max_send_wr = q->free + q->sig_every - 1,
						.max_recv_wr = q->free,
						.max_send_sge = max_sge,
						.max_recv_sge = max_sge };
		q->qp = ibv_create_qp(opendoca_dev_ibv_pd(dma->dev), &init);
	}
	if (!q->qp || connect_self(q->qp)) {
		int error = errno;

		queue_free(q);
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "the device's queues for the DMA context: %s",
				     strerror(error));
	}
#ifdef OPENDOCA_SIMULATED_DEVICES
	/* The simulated NIC executes the copies on its DMA engine's thread, as a device does. */
	if (flexio_sim_qp_use_dma_engine(q->qp) && errno != ENODEV) {
		int error = errno;

		queue_free(q);
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "the device's DMA engine: %s", strerror(error));
	}
#endif
	binding->priv = q;
	pthread_mutex_lock(&dma->lock);
	q->next = dma->queues;
	dma->queues = q;
	pthread_mutex_unlock(&dma->lock);
	return DOCA_SUCCESS;
}

static void unbind(struct opendoca_binding *binding)
{
	struct dma_queue *q = binding->priv;

	pthread_mutex_lock(&q->dma->lock);
	for (struct dma_queue **link = &q->dma->queues; *link; link = &(*link)->next)
		if (*link == q) {
			*link = q->next;
			break;
		}
	pthread_mutex_unlock(&q->dma->lock);
	queue_free(q);
	binding->priv = NULL;
}

static doca_error_t submit(struct opendoca_task *task, uint32_t flags)
{
	struct dma_queue *q = task->binding->priv;
	struct dma_task *t = dma_of(task);

	(void)flags;
	t->dma = q->dma; /* a job's record learns its context here */
	if (q->backlog || !q->free)
		append(&q->backlog, &q->backlog_end, t);
	else
		execute(q, t);
	if (q->failed && q->dma->api == OPENDOCA_CTX_API_PE) {
		q->failed = false;
		opendoca_ctx_request_stop(task->binding->ctx);
	}
	return DOCA_SUCCESS;
}

/* Completions arm polled ahead, then the CQ's. */
static int poll_cq(struct dma_queue *q, struct ibv_wc *wc)
{
	int n;

	if (q->nwc) {
		n = q->nwc;
		memcpy(wc, q->wc, (size_t)n * sizeof(*wc));
		q->nwc = 0;
		return n;
	}
	n = ibv_poll_cq(q->cq, DMA_POLL_BATCH, wc);
	return n > 0 ? n : 0;
}

static bool progress(struct opendoca_binding *binding)
{
	struct dma_queue *q = binding->priv;
	struct ibv_wc wc[DMA_POLL_BATCH];
	bool done = false;
	int n;

	/* What was submitted since the last progress goes to the device (one doorbell), and the
	 * simulated NIC executes it as its CQ is polled. Rounds are bounded: the callbacks' tasks
	 * go to the device too and would keep one progress call going. */
	flush(q);
	for (int round = 0; round < DMA_POLL_ROUNDS && (n = poll_cq(q, wc)) > 0; round++) {
		for (int i = 0; i < n; i++)
			completed(q, &wc[i]);
		done = true;
		if (n < DMA_POLL_BATCH)
			break;
	}
	done |= run_remote(q);
	run_backlog(q);
	if (q->failed) {
		q->failed = false;
		opendoca_ctx_request_stop(binding->ctx);
	}
	return done;
}

static int event_fd(struct opendoca_binding *binding)
{
	return ((struct dma_queue *)binding->priv)->channel->fd;
}

static bool arm(struct opendoca_binding *binding)
{
	struct dma_queue *q = binding->priv;
	int n;

	/* the program waits: what it submitted goes to the device first */
	flush(q);
	ibv_req_notify_cq(q->cq, 0);
	/* A completion that came before the arming would not wake the program: look now. */
	if (!q->nwc && (n = ibv_poll_cq(q->cq, DMA_POLL_BATCH, q->wc)) > 0)
		q->nwc = n;
	return q->nwc || q->remote || (q->backlog && q->free);
}

static void clear(struct opendoca_binding *binding)
{
	struct dma_queue *q = binding->priv;
	struct ibv_cq *cq;
	void *cq_context;

	while (!ibv_get_cq_event(q->channel, &cq, &cq_context))
		ibv_ack_cq_events(cq, 1);
}

/*
 * The context stops: nothing more is posted, the queue pair goes to error so that the device
 * flushes what it has not executed (those tasks complete with DOCA_ERROR_IO_FAILED), and what
 * waited in the batch, for room or for progress is flushed too.
 */
static void stop(struct opendoca_ctx *ctx)
{
	struct opendoca_dma *dma = opendoca_ctx_priv(ctx);

	for (struct dma_queue *q = dma->queues; q; q = q->next) {
		struct ibv_qp_attr attr = { .qp_state = IBV_QPS_ERR };
		struct dma_task *t = q->backlog;

		q->stopping = true;
		/* Never handed to the device: flushed here, as the device flushes what it holds. */
		for (uint32_t i = 0; i < q->batch.n; i++) {
			q->free++;
			fail(q, (struct dma_task *)(uintptr_t)q->batch.rwr[i].wr_id, DOCA_ERROR_IO_FAILED);
		}
		q->batch.n = 0;
		ibv_modify_qp(q->qp, &attr, IBV_QP_STATE);
		q->backlog = q->backlog_end = NULL;
		while (t) {
			struct dma_task *next = t->next;

			fail(q, t, DOCA_ERROR_IO_FAILED);
			t = next;
		}
	}
}

static doca_error_t dev_add(struct opendoca_ctx *ctx, struct doca_dev *dev, const char *func)
{
	struct opendoca_dma *dma = opendoca_ctx_priv(ctx);
	bool supported = false;
	doca_error_t err;

	if (dma->dev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the DMA context has a device already");
	err = opendoca_dev_hold(dev, func);
	if (err)
		return err;
	err = opendoca_dma_supported(doca_dev_as_devinfo(dev), &supported, func);
	if (!err && !supported)
		err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "the device does not do DMA memcpy");
	if (err) {
		opendoca_dev_release(dev);
		return err;
	}
	dma->dev = dev;
	return DOCA_SUCCESS;
}

static void dev_rm(struct opendoca_ctx *ctx, struct doca_dev *dev)
{
	struct opendoca_dma *dma = opendoca_ctx_priv(ctx);

	if (dma->dev == dev) {
		opendoca_dev_release(dev);
		dma->dev = NULL;
	}
}

static const struct opendoca_ctx_ops dma_ops = {
	.name = "DMA context",
	.task_types = &memcpy_type,
	.num_task_types = 1,
	.job_size = sizeof(struct dma_task),
	.start = start,
	.stop = stop,
	.bind = bind,
	.unbind = unbind,
	.submit = submit,
	.progress = progress,
	.event_fd = event_fd,
	.arm = arm,
	.clear = clear,
	.dev_add = dev_add,
	.dev_rm = dev_rm,
	.job_init = opendoca_dma_job_init,
};

/* ---- Objects --------------------------------------------------------------------------------- */

struct opendoca_dma *opendoca_dma_get(const struct doca_dma *dma, const char *func)
{
	return opendoca_handle_get(dma, &dma_kind, func);
}

static void dma_free(struct opendoca_object *object)
{
	struct opendoca_dma *dma = (struct opendoca_dma *)object;

	/* 1.x, 2.2: the context gave its device back (dev_rm); 2.5: the one of create. */
	if (dma->dev)
		opendoca_dev_release(dma->dev);
	pthread_mutex_destroy(&dma->lock);
	free(dma);
}

doca_error_t opendoca_dma_create(enum opendoca_ctx_api api, struct doca_dev *dev, struct doca_dma **handle,
				 const char *func)
{
	struct opendoca_dma *dma;
	bool supported = false;
	doca_error_t err;

	if (!handle)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "dma is NULL");
	if (api == OPENDOCA_CTX_API_PE) {
		err = opendoca_dev_hold(dev, func);
		if (err)
			return err;
		err = opendoca_dma_supported(doca_dev_as_devinfo(dev), &supported, func);
		if (!err && !supported)
			err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "the device does not do DMA memcpy");
		if (err) {
			opendoca_dev_release(dev);
			return err;
		}
	}
	dma = calloc(1, sizeof(*dma));
	if (!dma) {
		if (dev)
			opendoca_dev_release(dev);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	}
	dma->api = api;
	dma->dev = api == OPENDOCA_CTX_API_PE ? dev : NULL;
	pthread_mutex_init(&dma->lock, NULL);
	err = opendoca_ctx_create(&dma_ops, api, dma, &dma->ctx, func);
	if (err) {
		dma_free(&dma->object);
		return err;
	}
	*handle = opendoca_handle_open(&dma->object, &dma_kind, dma_free);
	if (!*handle) {
		opendoca_ctx_destroy(dma->ctx, func);
		dma_free(&dma->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of DMA contexts");
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_dma_create(struct doca_dev *dev, struct doca_dma **dma)
{
	return opendoca_dma_create(OPENDOCA_CTX_API_PE, dev, dma, __func__);
}

doca_error_t doca_dma_destroy(struct doca_dma *handle)
{
	struct opendoca_dma *dma = opendoca_dma_get(handle, __func__), *closed;
	doca_error_t err;

	if (!dma)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_ctx_destroy(dma->ctx, __func__);
	if (!err) {
		closed = opendoca_handle_close(handle, &dma_kind, __func__);
		if (closed) {
			opendoca_handle_put(&closed->object);
			opendoca_handle_put(&closed->object);
		} else {
			err = DOCA_ERROR_INVALID_VALUE; /* another destroy won */
		}
	}
	opendoca_handle_put(&dma->object);
	return err;
}

struct doca_ctx *doca_dma_as_ctx(struct doca_dma *handle)
{
	struct opendoca_dma *dma = opendoca_dma_get(handle, __func__);
	struct doca_ctx *ctx;

	if (!dma)
		return NULL;
	ctx = opendoca_ctx_handle(dma->ctx);
	opendoca_handle_put(&dma->object);
	return ctx;
}

/* ---- Capabilities (2.5 and later) ------------------------------------------------------------ */

doca_error_t doca_dma_cap_task_memcpy_is_supported(const struct doca_devinfo *devinfo)
{
	bool supported = false;
	doca_error_t err = opendoca_dma_supported(devinfo, &supported, __func__);

	/* Not supported is the answer, not a failure: nothing logged. */
	return err ? err : supported ? DOCA_SUCCESS : DOCA_ERROR_NOT_SUPPORTED;
}

doca_error_t doca_dma_cap_task_memcpy_get_max_buf_size(const struct doca_devinfo *devinfo, uint64_t *buf_size)
{
	return opendoca_dma_max_buf_size(devinfo, buf_size, __func__);
}

doca_error_t doca_dma_cap_task_memcpy_get_max_buf_list_len(const struct doca_devinfo *devinfo,
							   uint32_t *max_buf_list_len)
{
	return opendoca_dma_max_list_len(devinfo, max_buf_list_len, __func__);
}

doca_error_t doca_dma_cap_get_max_num_tasks(struct doca_dma *handle, uint32_t *max_num_tasks)
{
	struct opendoca_dma *dma = opendoca_dma_get(handle, __func__);
	doca_error_t err;

	if (!dma)
		return DOCA_ERROR_INVALID_VALUE;
	if (!max_num_tasks)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "max_num_tasks is NULL");
	else if (!dma->dev)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the DMA context has no device");
	else
		err = max_tasks(doca_dev_as_devinfo(dma->dev), max_num_tasks, __func__);
	opendoca_handle_put(&dma->object);
	return err;
}

doca_error_t doca_dma_get_gpu_handle(struct doca_dma *handle, struct doca_gpu_dma **gpu_dma)
{
	struct opendoca_dma *dma = opendoca_dma_get(handle, __func__);

	if (!dma)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(&dma->object);
	if (!gpu_dma)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "gpu_dma is NULL");
	return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, __func__, "the simulated machine has no GPU");
}

/* ---- Tasks (2.5 and later) ------------------------------------------------------------------- */

/* doca_task_try_submit's validation (the context is running): what submitting would fail the task with. */
static doca_error_t check(struct opendoca_task *task, const char *func)
{
	struct dma_task *t = dma_of(task);
	struct dma_plan p;

	/* 2.5 and later: the one queue, of the progress engine's binding. */
	return plan(t->dma->queues, t, &p, func);
}

void opendoca_dma_task_set(struct opendoca_task *task, struct opendoca_dma *dma, const struct doca_buf *src,
			   struct doca_buf *dst)
{
	struct dma_task *t = dma_of(task);

	t->dma = dma;
	t->src = src;
	t->dst = dst;
}

doca_error_t doca_dma_task_memcpy_set_conf(struct doca_dma *handle,
					   doca_dma_task_memcpy_completion_cb_t task_completion_cb,
					   doca_dma_task_memcpy_completion_cb_t task_error_cb,
					   uint32_t num_memcpy_tasks)
{
	struct opendoca_dma *dma = opendoca_dma_get(handle, __func__);
	uint32_t max = 0;
	doca_error_t err;

	if (!dma)
		return DOCA_ERROR_INVALID_VALUE;
	err = dma->dev ? max_tasks(doca_dev_as_devinfo(dma->dev), &max, __func__) : DOCA_SUCCESS;
	if (!err && num_memcpy_tasks > max)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%u tasks: the device takes %u at most",
				    num_memcpy_tasks, max);
	if (!err)
		err = opendoca_ctx_set_task_conf(dma->ctx, 0, (opendoca_callback)task_completion_cb,
						 (opendoca_callback)task_error_cb, num_memcpy_tasks, __func__);
	if (!err)
		dma->num_tasks = num_memcpy_tasks;
	opendoca_handle_put(&dma->object);
	return err;
}

/* A buffer the program passes: NULL (set later) or a live one. */
static bool buf_ok(const struct doca_buf *buf, const char *func)
{
	return !buf || opendoca_buf_get(buf, func);
}

doca_error_t doca_dma_task_memcpy_alloc_init(struct doca_dma *handle, const struct doca_buf *src, struct doca_buf *dst,
					     union doca_data user_data, struct doca_dma_task_memcpy **out)
{
	struct opendoca_dma *dma = opendoca_dma_get(handle, __func__);
	struct opendoca_task *task;
	doca_error_t err;

	if (!dma)
		return DOCA_ERROR_INVALID_VALUE;
	if (!out)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "task is NULL");
	else if (!buf_ok(src, __func__) || !buf_ok(dst, __func__))
		err = DOCA_ERROR_INVALID_VALUE;
	else
		err = opendoca_task_alloc(dma->ctx, 0, user_data, &task, __func__);
	if (!err) {
		opendoca_dma_task_set(task, dma, src, dst);
		*out = (struct doca_dma_task_memcpy *)opendoca_task_ref(task);
	}
	opendoca_handle_put(&dma->object);
	return err;
}

struct doca_task *doca_dma_task_memcpy_as_task(struct doca_dma_task_memcpy *ref)
{
	return opendoca_task_get(ref, &memcpy_type, __func__) ? (struct doca_task *)ref : NULL;
}

void doca_dma_task_memcpy_set_src(struct doca_dma_task_memcpy *ref, const struct doca_buf *src)
{
	struct opendoca_task *task = opendoca_task_get(ref, &memcpy_type, __func__);

	if (task && buf_ok(src, __func__))
		dma_of(task)->src = src;
}

void doca_dma_task_memcpy_set_dst(struct doca_dma_task_memcpy *ref, struct doca_buf *dst)
{
	struct opendoca_task *task = opendoca_task_get(ref, &memcpy_type, __func__);

	if (task && buf_ok(dst, __func__))
		dma_of(task)->dst = dst;
}

const struct doca_buf *doca_dma_task_memcpy_get_src(const struct doca_dma_task_memcpy *ref)
{
	struct opendoca_task *task = opendoca_task_get(ref, &memcpy_type, __func__);

	return task ? dma_of(task)->src : NULL;
}

struct doca_buf *doca_dma_task_memcpy_get_dst(const struct doca_dma_task_memcpy *ref)
{
	struct opendoca_task *task = opendoca_task_get(ref, &memcpy_type, __func__);

	return task ? dma_of(task)->dst : NULL;
}
