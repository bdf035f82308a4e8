/*
 * Shared receive queues of simulated PDs: ibv_create_srq, ibv_query_srq, ibv_destroy_srq and
 * ibv_post_srq_recv (through context->ops).  An SRQ is a NIC RMP: a cyclic ring of receive
 * WQEs that the QPs created with it take from in order, each completion going to the taking
 * QP's receive CQ.  A slot is free again once its completion is polled (verbs_cq.c), so a post never
 * overwrites a WQE the NIC may still take.  srq_limit (the limit event) is not simulated.
 */
#include "verbs_internal.h"

#include <endian.h>
#include <stdlib.h>
#include <string.h>

static void *srq_reach(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write)
{
	struct verbs_srq *srq = VERBS_CONTAINER(space, struct verbs_srq, space);

	(void)write;
	if (addr > srq->buffer_size || len > srq->buffer_size - addr)
		return NULL;
	return srq->buffer + addr;
}

static void free_srq(struct verbs_srq *srq)
{
	free(srq->buffer);
	free(srq->busy);
	free(srq->wr_id);
	srq->buffer = srq->busy = NULL;
	srq->wr_id = NULL;
}

/* Makes the SRQ (verbs_lock held, released here). */
static struct ibv_srq *create(struct verbs_pd *pd, struct ibv_srq_init_attr *attr)
{
	struct verbs_ctx *context = pd->context;
	struct verbs_srq *srq = NULL;
	struct verbs_nic *nic;
	size_t ring;
	uint64_t space;

	if (!attr || !attr->attr.max_wr || attr->attr.max_wr > (1u << NIC_LOG_MAX_WQ_SIZE) - 1 ||
	    attr->attr.max_sge > 31) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err("ibv_create_srq", "srq_init_attr is NULL, or max_wr is not in 1..32767 or max_sge above 31");
		errno = EINVAL;
		return NULL;
	}
	nic = verbs_nic_of(context->device);
	srq = calloc(1, sizeof(*srq));
	if (!nic || !srq)
		goto no_memory;
	srq->log_depth = verbs_log2_ceil(attr->attr.max_wr + 1u);
	srq->log_stride = verbs_log2_ceil((attr->attr.max_sge ? attr->attr.max_sge : 1) * 16u);
	srq->max_sge = (1u << srq->log_stride) / 16;
	ring = (size_t)1 << (srq->log_depth + srq->log_stride);
	srq->buffer_size = ring + 64;
	srq->busy = calloc(1u << srq->log_depth, 1);
	srq->wr_id = calloc(1u << srq->log_depth, sizeof(*srq->wr_id));
	if (!srq->busy || !srq->wr_id || posix_memalign((void **)&srq->buffer, 4096, srq->buffer_size))
		goto no_memory;
	memset(srq->buffer, 0, srq->buffer_size);
	srq->space.reach = srq_reach;
	space = (uintptr_t)&srq->space;
	if (nic_rmp_create(nic->nic,
			   &(struct nic_rq_attr){ .owner = verbs_owner(context),
						  .pd = pd->ibv.handle,
						  .kind = NIC_RQ_CYCLIC,
						  .log_depth = (uint8_t)srq->log_depth,
						  .log_stride = (uint8_t)srq->log_stride,
						  .ring = { space, 0 },
						  .dbr = { space, ring } },
			   &srq->rmpn))
		goto no_memory;
	if (nic_wq_modify(nic->nic, srq->rmpn, NIC_WQ_RDY) || !verbs_registry_add(&srq->ibv, VERBS_SRQ, srq)) {
		nic_wq_destroy(nic->nic, srq->rmpn);
		goto no_memory;
	}
	pthread_mutex_init(&srq->lock, NULL);
	pthread_mutex_init(&srq->ibv.mutex, NULL);
	pthread_cond_init(&srq->ibv.cond, NULL);
	srq->context = context;
	srq->nic = nic;
	srq->pd = pd;
	srq->ibv.context = &context->vctx.context;
	srq->ibv.srq_context = attr->srq_context;
	srq->ibv.pd = &pd->ibv;
	srq->ibv.handle = srq->rmpn;
	/* what it takes, as libmlx5 reports it: one slot kept free */
	attr->attr.max_wr = (1u << srq->log_depth) - 1;
	attr->attr.max_sge = srq->max_sge;
	pd->queue_count++;
	__atomic_store_n(&nic->srqs[VERBS_NIC_INDEX(srq->rmpn)], srq, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&verbs_lock);
	return &srq->ibv;

no_memory:
	pthread_mutex_unlock(&verbs_lock);
	if (srq)
		free_srq(srq);
	free(srq);
	verbs_err("ibv_create_srq", "out of memory (or of the NIC's queues)");
	errno = ENOMEM;
	return NULL;
}

VERBS_EXPORT struct ibv_srq *ibv_create_srq(struct ibv_pd *pd, struct ibv_srq_init_attr *srq_init_attr)
{
	__typeof__(&ibv_create_srq) real = VERBS_REAL(ibv_create_srq);
	struct verbs_pd *sim;

	VERBS_DELEGATE(ibv_create_srq, (pd, srq_init_attr));
	switch (verbs_route(__func__, pd, VERBS_PD, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		return create(sim, srq_init_attr);
	case VERBS_ROUTE_REAL:
		return real(pd, srq_init_attr);
	default:
		return NULL;
	}
}

/* Returns 0 or an errno value. */
VERBS_EXPORT int ibv_query_srq(struct ibv_srq *srq, struct ibv_srq_attr *srq_attr)
{
	__typeof__(&ibv_query_srq) real = VERBS_REAL(ibv_query_srq);
	struct verbs_srq *sim;

	VERBS_DELEGATE(ibv_query_srq, (srq, srq_attr));
	switch (verbs_route(__func__, srq, VERBS_SRQ, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(srq, srq_attr);
	default:
		return errno;
	}
	if (!srq_attr) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "srq_attr is NULL");
		return errno = EINVAL;
	}
	srq_attr->max_wr = (1u << sim->log_depth) - 1;
	srq_attr->max_sge = sim->max_sge;
	srq_attr->srq_limit = 0;
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

void verbs_srq_destroy(struct verbs_srq *srq)
{
	nic_wq_destroy(srq->nic->nic, srq->rmpn);
	__atomic_store_n(&srq->nic->srqs[VERBS_NIC_INDEX(srq->rmpn)], NULL, __ATOMIC_RELEASE);
	/* posts check the table again under the lock: once it has been taken here, none is still
	 * writing the ring freed below (the lock is not destroyed: a post that found the SRQ live
	 * just before may still be about to take it, and sees it gone; glibc's mutexes hold
	 * nothing to free) */
	pthread_mutex_lock(&srq->lock);
	pthread_mutex_unlock(&srq->lock);
	srq->pd->queue_count--;
	free_srq(srq);
	verbs_registry_retire(&srq->ibv, srq);
}

/* Returns 0 or an errno value: EBUSY while QPs receive from it. */
VERBS_EXPORT int ibv_destroy_srq(struct ibv_srq *srq)
{
	__typeof__(&ibv_destroy_srq) real = VERBS_REAL(ibv_destroy_srq);
	struct verbs_srq *sim;
	unsigned int users;

	VERBS_DELEGATE(ibv_destroy_srq, (srq));
	switch (verbs_route(__func__, srq, VERBS_SRQ, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(srq);
	default:
		return errno;
	}
	users = sim->users;
	if (users) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "shared receive queue %p is used by %u queue pair(s)", (void *)srq, users);
		return errno = EBUSY;
	}
	verbs_srq_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

int verbs_op_post_srq_recv(struct ibv_srq *srq, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)
{
	struct verbs_nic *nic = srq ? verbs_nic_of_context(srq->context) : NULL;
	struct verbs_srq *sim =
		nic ? __atomic_load_n(&nic->srqs[VERBS_NIC_INDEX(srq->handle)], __ATOMIC_ACQUIRE) : NULL;
	const char *reason = NULL;
	int error = 0;

	if (bad_wr)
		*bad_wr = NULL;
	if (!sim || &sim->ibv != srq || !bad_wr) {
		if (bad_wr)
			*bad_wr = wr;
		verbs_err("ibv_post_srq_recv",
			  "%p is not a live shared receive queue of the simulated device, or "
			  "bad_wr is NULL",
			  (void *)srq);
		return errno = EINVAL;
	}
	pthread_mutex_lock(&sim->lock);
	if (__atomic_load_n(&nic->srqs[VERBS_NIC_INDEX(sim->rmpn)], __ATOMIC_ACQUIRE) != sim) {
		pthread_mutex_unlock(&sim->lock);
		*bad_wr = wr;
		verbs_err("ibv_post_srq_recv", "%p is not a live shared receive queue of the simulated device",
			  (void *)srq);
		return errno = EINVAL;
	}
	for (; wr; wr = wr->next) {
		unsigned int slot = sim->head & ((1u << sim->log_depth) - 1), n = 0;
		uint8_t *p = sim->buffer + ((size_t)slot << sim->log_stride);

		if (wr->num_sge < 0 || (unsigned int)wr->num_sge > sim->max_sge) {
			reason = "num_sge is above the shared receive queue's max_sge", error = EINVAL;
			break;
		}
		if (wr->num_sge && !wr->sg_list) {
			reason = "num_sge is not 0 but sg_list is NULL", error = EINVAL;
			break;
		}
		/* in ring order: the slot is free once the NIC took its WQE and its CQE was polled */
		if (__atomic_load_n(&sim->busy[slot], __ATOMIC_ACQUIRE)) {
			reason = "the shared receive queue is full", error = ENOMEM;
			break;
		}
		for (int i = 0; i < wr->num_sge; i++) {
			if (!wr->sg_list[i].length)
				continue;
			uint32_t words[4] = { htobe32(wr->sg_list[i].length), htobe32(wr->sg_list[i].lkey),
					      htobe32((uint32_t)(wr->sg_list[i].addr >> 32)),
					      htobe32((uint32_t)wr->sg_list[i].addr) };

			memcpy(p + 16 * n++, words, 16);
		}
		if (n < sim->max_sge) {
			uint32_t end[4] = { 0, htobe32(MLX5_INVALID_LKEY), 0, 0 };

			memcpy(p + 16 * n, end, 16);
		}
		sim->wr_id[slot] = wr->wr_id;
		__atomic_store_n(&sim->busy[slot], 1, __ATOMIC_RELAXED);
		sim->head++;
	}
	__atomic_store_n((uint32_t *)(sim->buffer + ((size_t)1 << (sim->log_depth + sim->log_stride))),
			 htobe32(sim->head), __ATOMIC_RELEASE);
	pthread_mutex_unlock(&sim->lock);
	if (reason) {
		*bad_wr = wr;
		verbs_err("ibv_post_srq_recv", "%s", reason);
		return errno = error;
	}
	return 0;
}
