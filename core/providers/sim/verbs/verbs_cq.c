/*
 * Completion queues of simulated contexts: ibv_create_cq, ibv_destroy_cq, and the per-call ops
 * ibv_poll_cq and ibv_req_notify_cq (verbs.h's inline helpers, through context->ops).
 *
 * A CQ is a NIC CQ (core/nic) over a ring this library allocates: 64-byte mlx5 CQEs, which
 * ibv_poll_cq reads as rdma-core's mlx5 provider does (owner bit, opcode, syndrome) into
 * struct ibv_wc, taking the wr_id from the QP's own arrays.  Events go to the CQ's completion
 * channel (channel.c).  The per-call ops take no global lock: the CQ they are given is checked
 * against the NIC's table of live CQs (an atomic load), and polls of one CQ share its own lock.
 */
#include "verbs_internal.h"

#include <endian.h>
#include <stdlib.h>
#include <string.h>

#define CQE_INVALID 0xf

/* ---- the NIC's view ---- */

static void *cq_reach(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write)
{
	struct verbs_cq *cq = VERBS_CONTAINER(space, struct verbs_cq, space);

	(void)write;
	if (addr > cq->buffer_size || len > cq->buffer_size - addr)
		return NULL;
	return cq->buffer + addr;
}

static void cq_notify(struct flexio_verbs_sink *sink, const struct nic_event *event)
{
	struct verbs_cq *cq = VERBS_CONTAINER(sink, struct verbs_cq, sink);

	/* an overrun (NIC_EVENT_CQ_ERROR) would be an asynchronous event: not simulated */
	if (event->kind == NIC_EVENT_COMPLETION && cq->channel)
		verbs_channel_signal(cq->channel, cq);
}

/* ---- ibv_create_cq / ibv_destroy_cq ---- */

/* Makes the CQ (verbs_lock held, released here). */
static struct ibv_cq *create(struct verbs_ctx *context, int cqe, void *cq_context, struct ibv_comp_channel *channel,
			     int comp_vector)
{
	struct verbs_channel *verbs_channel = NULL;
	const char *reason = NULL;
	struct verbs_nic *nic;
	struct verbs_cq *cq;
	int rc;

	if (cqe < 1 || cqe > (1 << NIC_LOG_MAX_CQ_SIZE) - 1)
		reason = "cqe is not in 1..max_cqe (the NIC's largest CQ, one entry kept free)";
	else if (comp_vector != 0)
		reason = "comp_vector is not 0 (the context has 1 completion vector)";
	else if (channel && (!verbs_registry_lookup(channel, VERBS_COMP_CHANNEL, (void **)&verbs_channel) ||
			     verbs_channel->context != context))
		reason = "channel is not a live completion channel of this context";
	if (reason) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err("ibv_create_cq", "%s", reason);
		errno = EINVAL;
		return NULL;
	}
	nic = verbs_nic_of(context->device);
	cq = calloc(1, sizeof(*cq));
	if (!nic || !cq)
		goto no_memory;
	/* as mlx5: a power of two above cqe, one entry kept free */
	cq->log_size = verbs_log2_ceil((uint64_t)cqe + 1);
	cq->buffer_size = (64u << cq->log_size) + 64;
	if (posix_memalign((void **)&cq->buffer, 4096, cq->buffer_size))
		goto no_memory;
	memset(cq->buffer, 0, cq->buffer_size);
	for (uint32_t i = 0; i < 1u << cq->log_size; i++) /* invalid, hardware-owned for pass 0 */
		cq->buffer[i * 64 + 63] = CQE_INVALID << 4 | 1;
	cq->space.reach = cq_reach;
	cq->sink.notify = cq_notify;
	cq->context = context;
	cq->nic = nic;
	cq->channel = verbs_channel;
	rc = nic_cq_create(nic->nic,
			   &(struct nic_cq_attr){ .owner = verbs_owner(context),
						  .log_size = (uint8_t)cq->log_size,
						  .ring = { (uintptr_t)&cq->space, 0 },
						  .dbr = { (uintptr_t)&cq->space, 64u << cq->log_size },
						  .target = NIC_CQ_NOTIFY,
						  .cookie = (uintptr_t)&cq->sink },
			   &cq->cqn);
	if (rc)
		goto no_memory; /* -ENOSPC: the NIC's table is full */
	if (!verbs_registry_add(&cq->ibv, VERBS_CQ, cq)) {
		nic_cq_destroy(nic->nic, cq->cqn);
		goto no_memory;
	}
	pthread_mutex_init(&cq->poll_lock, NULL);
	pthread_mutex_init(&cq->ibv.mutex, NULL);
	pthread_cond_init(&cq->ibv.cond, NULL);
	cq->ibv.context = &context->vctx.context;
	cq->ibv.channel = channel;
	cq->ibv.cq_context = cq_context;
	cq->ibv.handle = cq->cqn;
	cq->ibv.cqe = (int)(1u << cq->log_size) - 1;
	if (verbs_channel)
		verbs_channel->ibv.refcnt++;
	context->object_count++;
	__atomic_store_n(&nic->cqs[VERBS_NIC_INDEX(cq->cqn)], cq, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&verbs_lock);
	return &cq->ibv;

no_memory:
	pthread_mutex_unlock(&verbs_lock);
	if (cq)
		free(cq->buffer);
	free(cq);
	verbs_err("ibv_create_cq", "out of memory (or of the NIC's CQs)");
	errno = ENOMEM;
	return NULL;
}

VERBS_EXPORT struct ibv_cq *ibv_create_cq(struct ibv_context *context, int cqe, void *cq_context,
					  struct ibv_comp_channel *channel, int comp_vector)
{
	__typeof__(&ibv_create_cq) real = VERBS_REAL(ibv_create_cq);
	struct verbs_ctx *sim;

	VERBS_DELEGATE(ibv_create_cq, (context, cqe, cq_context, channel, comp_vector));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		return create(sim, cqe, cq_context, channel, comp_vector);
	case VERBS_ROUTE_REAL:
		return real(context, cqe, cq_context, channel, comp_vector);
	default:
		return NULL;
	}
}

/* Takes the CQ out of the NIC and of the op table (verbs_lock held; no QP uses it). */
static void unpublish(struct verbs_cq *cq)
{
	nic_cq_destroy(cq->nic->nic, cq->cqn);
	__atomic_store_n(&cq->nic->cqs[VERBS_NIC_INDEX(cq->cqn)], NULL, __ATOMIC_RELEASE);
	/* polls check the table again under poll_lock: once it has been taken here, none is still
	 * reading the ring that retire() frees (poll_lock is not destroyed: a poll that found the
	 * CQ live just before may still be about to take it, and sees it gone; glibc's mutexes
	 * hold nothing to free) */
	pthread_mutex_lock(&cq->poll_lock);
	pthread_mutex_unlock(&cq->poll_lock);
	if (cq->channel)
		verbs_channel_forget(cq->channel, cq);
}

/* Frees what is left once the CQ's events are acknowledged (verbs_lock held). */
static void retire(struct verbs_cq *cq)
{
	if (cq->channel)
		cq->channel->ibv.refcnt--;
	cq->context->object_count--;
	free(cq->buffer);
	cq->buffer = NULL;
	verbs_registry_retire(&cq->ibv, cq);
}

void verbs_cq_destroy(struct verbs_cq *cq)
{
	unpublish(cq);
	retire(cq);
}

/* Returns 0 or an errno value, as rdma-core does.  As libibverbs, waits until every event
 * ibv_get_cq_event returned for the CQ is acknowledged (ibv_ack_cq_events). */
VERBS_EXPORT int ibv_destroy_cq(struct ibv_cq *cq)
{
	__typeof__(&ibv_destroy_cq) real = VERBS_REAL(ibv_destroy_cq);
	struct verbs_cq *sim;
	uint32_t read;

	VERBS_DELEGATE(ibv_destroy_cq, (cq));
	switch (verbs_route(__func__, cq, VERBS_CQ, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(cq);
	default:
		return errno;
	}
	if (sim->users || sim->destroying) {
		unsigned int users = sim->users;

		pthread_mutex_unlock(&verbs_lock);
		if (users)
			verbs_err(__func__, "completion queue %p is used by %u queue pair(s)", (void *)cq, users);
		else
			verbs_err(__func__, "completion queue %p is being destroyed by another thread", (void *)cq);
		return errno = users ? EBUSY : EINVAL;
	}
	unpublish(sim);
	sim->destroying = true;
	read = sim->channel ? sim->events_read : 0;
	pthread_mutex_unlock(&verbs_lock);

	pthread_mutex_lock(&cq->mutex);
	while (cq->comp_events_completed != read)
		pthread_cond_wait(&cq->cond, &cq->mutex);
	pthread_mutex_unlock(&cq->mutex);

	pthread_mutex_lock(&verbs_lock);
	retire(sim);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

/* ---- ibv_poll_cq ---- */

/* The live CQ the op was called on, or NULL (logged, errno EINVAL). */
static struct verbs_cq *live_cq(const char *function, struct ibv_cq *cq)
{
	struct verbs_nic *nic;
	struct verbs_cq *sim;

	if (!cq) {
		verbs_err(function, "completion queue is NULL");
		errno = EINVAL;
		return NULL;
	}
	nic = verbs_nic_of_context(cq->context);
	sim = nic ? __atomic_load_n(&nic->cqs[VERBS_NIC_INDEX(cq->handle)], __ATOMIC_ACQUIRE) : NULL;
	if (!sim || &sim->ibv != cq) {
		verbs_err(function, "%p is not a live completion queue of the simulated device", (void *)cq);
		errno = EINVAL;
		return NULL;
	}
	return sim;
}

static enum ibv_wc_status status_of(uint8_t syndrome)
{
	switch (syndrome) {
	case MLX5_CQE_SYNDROME_LOCAL_LENGTH_ERR:
		return IBV_WC_LOC_LEN_ERR;
	case MLX5_CQE_SYNDROME_LOCAL_QP_OP_ERR:
		return IBV_WC_LOC_QP_OP_ERR;
	case MLX5_CQE_SYNDROME_LOCAL_PROT_ERR:
		return IBV_WC_LOC_PROT_ERR;
	case MLX5_CQE_SYNDROME_WR_FLUSH_ERR:
		return IBV_WC_WR_FLUSH_ERR;
	case MLX5_CQE_SYNDROME_MW_BIND_ERR:
		return IBV_WC_MW_BIND_ERR;
	case MLX5_CQE_SYNDROME_BAD_RESP_ERR:
		return IBV_WC_BAD_RESP_ERR;
	case MLX5_CQE_SYNDROME_LOCAL_ACCESS_ERR:
		return IBV_WC_LOC_ACCESS_ERR;
	case MLX5_CQE_SYNDROME_REMOTE_INVAL_REQ_ERR:
		return IBV_WC_REM_INV_REQ_ERR;
	case MLX5_CQE_SYNDROME_REMOTE_ACCESS_ERR:
		return IBV_WC_REM_ACCESS_ERR;
	case MLX5_CQE_SYNDROME_REMOTE_OP_ERR:
		return IBV_WC_REM_OP_ERR;
	case MLX5_CQE_SYNDROME_TRANSPORT_RETRY_EXC_ERR:
		return IBV_WC_RETRY_EXC_ERR;
	case MLX5_CQE_SYNDROME_RNR_RETRY_EXC_ERR:
		return IBV_WC_RNR_RETRY_EXC_ERR;
	case MLX5_CQE_SYNDROME_REMOTE_ABORTED_ERR:
		return IBV_WC_REM_ABORT_ERR;
	default:
		return IBV_WC_GENERAL_ERR;
	}
}

static enum ibv_wc_opcode send_opcode(uint8_t wqe_opcode, unsigned int *flags)
{
	switch (wqe_opcode) {
	case MLX5_OPCODE_RDMA_WRITE_IMM:
		*flags |= IBV_WC_WITH_IMM;
		/* fall through */
	case MLX5_OPCODE_RDMA_WRITE:
		return IBV_WC_RDMA_WRITE;
	case MLX5_OPCODE_SEND_IMM:
		*flags |= IBV_WC_WITH_IMM;
		/* fall through */
	case MLX5_OPCODE_SEND:
		return IBV_WC_SEND;
	case MLX5_OPCODE_RDMA_READ:
		return IBV_WC_RDMA_READ;
	case MLX5_OPCODE_ATOMIC_CS:
		return IBV_WC_COMP_SWAP;
	case MLX5_OPCODE_ATOMIC_FA:
		return IBV_WC_FETCH_ADD;
	default:
		return IBV_WC_SEND;
	}
}

/* Fills wc from a CQE (poll_lock held); false when its QP is gone (the CQE is skipped, as
 * mlx5 cleans a destroyed QP's CQEs out of its CQs). */
static bool parse(struct verbs_cq *cq, const struct mlx5_cqe64 *cqe, uint8_t opcode, struct ibv_wc *wc)
{
	uint32_t qpn = be32toh(cqe->sop_drop_qpn) & 0xffffff;
	struct verbs_qp *qp = __atomic_load_n(&cq->nic->qps[VERBS_NIC_INDEX(qpn)], __ATOMIC_ACQUIRE);
	uint16_t counter = be16toh(cqe->wqe_counter);
	bool error = opcode == MLX5_CQE_REQ_ERR || opcode == MLX5_CQE_RESP_ERR;

	if (!qp || qp->qpn != qpn)
		return false;
	memset(wc, 0, sizeof(*wc));
	wc->qp_num = qpn;
	wc->src_qp = __atomic_load_n(&qp->dest_qpn, __ATOMIC_RELAXED);
	wc->byte_len = be32toh(cqe->byte_cnt);
	if (error) {
		const struct mlx5_err_cqe *err = (const struct mlx5_err_cqe *)cqe;

		wc->status = status_of(err->syndrome);
		wc->vendor_err = err->vendor_err_synd;
		if (err->syndrome != MLX5_CQE_SYNDROME_WR_FLUSH_ERR)
			__atomic_store_n(&qp->error, true, __ATOMIC_RELAXED);
	}
	if (opcode == MLX5_CQE_REQ || opcode == MLX5_CQE_REQ_ERR) {
		unsigned int index = counter & (qp->sq_count - 1);

		wc->wr_id = qp->sq_wr_id[index];
		wc->opcode = send_opcode(be32toh(cqe->sop_drop_qpn) >> 24, &wc->wc_flags);
		if (wc->opcode == IBV_WC_COMP_SWAP || wc->opcode == IBV_WC_FETCH_ADD)
			wc->byte_len = 8;
		/* the WQEs up to this one are done: their WQEBBs are free again */
		__atomic_store_n(&qp->sq_tail, (uint16_t)(counter + qp->sq_wqebbs[index]), __ATOMIC_RELEASE);
		return true;
	}
	if (qp->srq) {
		unsigned int slot = counter & ((1u << qp->srq->log_depth) - 1);

		wc->wr_id = qp->srq->wr_id[slot];
		__atomic_store_n(&qp->srq->busy[slot], 0, __ATOMIC_RELEASE);
	} else {
		wc->wr_id = qp->rq_wr_id[counter & (qp->rq_count - 1)];
		__atomic_store_n(&qp->rq_tail, (uint16_t)(counter + 1), __ATOMIC_RELEASE);
	}
	switch (opcode) {
	case MLX5_CQE_RESP_WR_IMM:
		wc->opcode = IBV_WC_RECV_RDMA_WITH_IMM;
		wc->wc_flags = IBV_WC_WITH_IMM;
		wc->imm_data = cqe->imm_inval_pkey; /* as sent: network order */
		break;
	case MLX5_CQE_RESP_SEND_IMM:
		wc->wc_flags = IBV_WC_WITH_IMM;
		wc->imm_data = cqe->imm_inval_pkey;
		/* fall through */
	default:
		wc->opcode = IBV_WC_RECV;
		break;
	}
	return true;
}

/* Copies the CQE at consumer index ci into *cqe (poll_lock held); false when the NIC has not
 * written it yet (still hardware-owned for this pass of the ring). */
static bool read_cqe(const struct verbs_cq *cq, uint32_t ci, struct mlx5_cqe64 *cqe, uint8_t *opcode)
{
	const uint64_t *entry = (const uint64_t *)(cq->buffer + (size_t)(ci & ((1u << cq->log_size) - 1)) * 64);
	/* the NIC stores the entry's last 8-byte word last, with release order */
	uint64_t last = __atomic_load_n(entry + 7, __ATOMIC_ACQUIRE);
	uint8_t op_own = (uint8_t)(last >> 56);
	uint64_t words[8];

	*opcode = op_own >> 4;
	if (*opcode == CQE_INVALID || (op_own & 1) != ((ci >> cq->log_size) & 1))
		return false;
	for (unsigned int i = 0; i < 7; i++)
		words[i] = __atomic_load_n(entry + i, __ATOMIC_RELAXED);
	words[7] = last;
	memcpy(cqe, words, sizeof(*cqe)); /* a copy, not stores through uint64_t *: no aliasing */
	return true;
}

void verbs_cq_release_srq_wqes(struct verbs_cq *cq, const struct verbs_qp *qp)
{
	uint32_t ci = cq->ci;
	struct mlx5_cqe64 cqe;
	uint8_t opcode;

	for (uint32_t n = 0; n < 1u << cq->log_size && read_cqe(cq, ci, &cqe, &opcode); n++, ci++)
		if (opcode != MLX5_CQE_REQ && opcode != MLX5_CQE_REQ_ERR &&
		    (be32toh(cqe.sop_drop_qpn) & 0xffffff) == qp->qpn)
			__atomic_store_n(&qp->srq->busy[be16toh(cqe.wqe_counter) & ((1u << qp->srq->log_depth) - 1)], 0,
					 __ATOMIC_RELEASE);
}

int verbs_op_poll_cq(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc)
{
	struct verbs_cq *sim = live_cq("ibv_poll_cq", cq);
	uint32_t ci;
	int n = 0;

	if (!sim)
		return -EINVAL;
	if (num_entries < 0 || (num_entries && !wc)) {
		verbs_err("ibv_poll_cq", "num_entries %d with wc %p", num_entries, (void *)wc);
		errno = EINVAL;
		return -EINVAL;
	}
	/* the work queued for the NIC's DMA engine on the QPs reporting here executes as the host
	 * polls, unless the engine's thread is executing it: before the poll lock, the NIC writes
	 * CQEs under its own */
	nic_engine_poll(sim->nic->nic, verbs_owner(sim->context), sim->cqn);
	pthread_mutex_lock(&sim->poll_lock);
	if (__atomic_load_n(&sim->nic->cqs[VERBS_NIC_INDEX(sim->cqn)], __ATOMIC_ACQUIRE) != sim) {
		pthread_mutex_unlock(&sim->poll_lock);
		verbs_err("ibv_poll_cq", "%p is not a live completion queue of the simulated device", (void *)cq);
		errno = EINVAL;
		return -EINVAL;
	}
	ci = sim->ci;
	while (n < num_entries) {
		struct mlx5_cqe64 cqe;
		uint8_t opcode;

		if (!read_cqe(sim, ci, &cqe, &opcode))
			break;
		ci++;
		if (parse(sim, &cqe, opcode, &wc[n]))
			n++;
	}
	if (ci != sim->ci) {
		__atomic_store_n(&sim->ci, ci, __ATOMIC_RELAXED);
		/* the consumer index frees the entries for the NIC (released after reading them) */
		__atomic_store_n((uint32_t *)(sim->buffer + (64u << sim->log_size)), htobe32(ci & 0xffffff),
				 __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&sim->poll_lock);
	return n;
}

/* ---- ibv_req_notify_cq ---- */

int verbs_op_req_notify_cq(struct ibv_cq *cq, int solicited_only)
{
	struct verbs_cq *sim = live_cq("ibv_req_notify_cq", cq);
	int rc;

	if (!sim)
		return EINVAL;
	rc = nic_doorbell(sim->nic->nic, verbs_owner(sim->context),
			  solicited_only ? NIC_DB_CQ_ARM_SOLICITED : NIC_DB_CQ_ARM, sim->cqn,
			  __atomic_load_n(&sim->ci, __ATOMIC_RELAXED) & 0xffffff);
	if (rc) {
		verbs_err("ibv_req_notify_cq", "the NIC refused to arm CQ 0x%x (%d)", sim->cqn, rc);
		return errno = EINVAL;
	}
	return 0;
}
