/*
 * Completion and event queues: CQE and EQE writing with the owner-bit phase, arming (one-shot,
 * solicited, always armed), moderation by count and by period, overrun detection, CQE
 * compression into mini-CQE arrays, zero CQEs, and the events that activate whatever is
 * attached to a CQ (a DPA thread or completion channel through nic_env.notify, or an EQ).
 */
#include "internal.h"
#include "byteorder.h"

#include <libflexio-dev/flexio_dev_queue_types.h>

#include <stddef.h>

/* EQE types (mlx5). */
enum {
	EQE_COMPLETION = 0x00,
	EQE_CQ_ERROR = 0x04
};
/* CQ error syndrome of a CQ-error EQE. */
enum {
	CQ_ERROR_OVERRUN = 0x01
};

/* ---- Events ---------------------------------------------------------------------------------- */

static void notify(struct nic *nic, enum nic_event_kind kind, const struct nic_obj *obj, uint64_t cookie)
{
	struct nic_event event = { .kind = kind, .queue = obj->num, .owner = obj->owner, .cookie = cookie };

	nic->env.notify(nic->env.user, &event);
}

/* Writes an EQE (CQ lock held, EQ not): an armed EQ then fires and disarms. */
static void eq_post(struct nic_eq *eq, uint8_t type, uint32_t cqn)
{
	struct nic *nic = eq->h.nic;
	uint32_t size = 1u << eq->log_size;
	uint8_t eqe[64] = { 0 };
	void *slot;

	pthread_mutex_lock(&eq->h.lock);
	if (eq->error || !eq->h.num)
		goto out;
	if (!eq->always_armed && ((eq->pi - eq->ci) & NIC_NUM_MASK) >= size) { /* indexes are 24-bit */
		eq->error = true; /* overrun: the EQ stops, as mlx5's does */
		goto out;
	}
	slot = nic_reach(nic, eq->ring, (uint64_t)(eq->pi & (size - 1)) * 64, 64, true);
	if (!slot) {
		eq->error = true;
		goto out;
	}
	eqe[offsetof(struct flexio_dev_eqe, type)] = type;
	if (type == EQE_COMPLETION) {
		be32_put(&eqe[offsetof(struct flexio_dev_eqe, event_data.cqn)], cqn);
	} else {
		/* mlx5's CQ-error event data: the CQN first, the syndrome in byte 0Bh. */
		be32_put(&eqe[offsetof(struct flexio_dev_eqe, event_data)], cqn);
		eqe[offsetof(struct flexio_dev_eqe, event_data) + 0xb] = CQ_ERROR_OVERRUN;
	}
	eqe[offsetof(struct flexio_dev_eqe, owner)] = (uint8_t)((eq->pi >> eq->log_size) & 1);
	nic_store_entry(slot, eqe);
	eq->pi++;
	if (eq->armed || eq->always_armed) {
		eq->armed = false;
		eq->events++;
		notify(nic, NIC_EVENT_EQ, &eq->h, eq->cookie);
	}
out:
	pthread_mutex_unlock(&eq->h.lock);
}

/* The CQ's event: to its thread or channel, or as an EQE (CQ lock held). */
static void cq_fire(struct nic_cq *cq)
{
	struct nic *nic = cq->h.nic;

	cq->pending = 0;
	cq->pending_wakeup = false;
	cq->events++;
	if (cq->mod_period_us)
		cq->period_start = nic->env.now_ns(nic->env.user);
	if (!cq->always_armed)
		cq->arm = NIC_ARM_NONE;
	if (atomic_load_explicit(&cq->h.timer.listed, memory_order_relaxed))
		nic_timer_unlist(nic, &cq->h.timer);
	if (cq->target == NIC_CQ_EQ)
		eq_post(cq->eq, EQE_COMPLETION, cq->h.num);
	else
		notify(nic, NIC_EVENT_COMPLETION, &cq->h, cq->cookie);
}

/* Overrun (or memory gone): no more CQEs; the owner hears of it, once. */
static void cq_fail(struct nic_cq *cq)
{
	if (cq->error)
		return;
	cq->error = true;
	if (cq->target == NIC_CQ_EQ)
		eq_post(cq->eq, EQE_CQ_ERROR, cq->h.num);
	else
		notify(cq->h.nic, NIC_EVENT_CQ_ERROR, &cq->h, cq->cookie);
}

static bool moderated(const struct nic_cq *cq)
{
	return cq->mod_count || cq->mod_period_us;
}

/* Decides, after completions were written or time passed, whether the CQ fires now, later
 * (its timer listed) or not at all (CQ lock held). */
static void cq_consider(struct nic_cq *cq, bool force)
{
	struct nic *nic = cq->h.nic;
	uint64_t now, period_ns = (uint64_t)cq->mod_period_us * 1000;

	if (!cq->pending)
		return;
	if (cq->arm == NIC_ARM_NONE && !cq->always_armed)
		return;
	if (cq->arm == NIC_ARM_SOLICITED && !cq->always_armed && !cq->pending_wakeup && !force)
		return;
	if (force || !moderated(cq) || (cq->mod_count && cq->pending >= cq->mod_count)) {
		cq_fire(cq);
		return;
	}
	if (!period_ns)
		return; /* waits for the count */
	now = nic->env.now_ns(nic->env.user);
	if (now - cq->period_start >= period_ns)
		cq_fire(cq);
	else
		nic_timer_list(nic, &cq->h.timer, cq->period_start + period_ns);
}

void nic_cq_timer(struct nic_cq *cq)
{
	cq_consider(cq, false);
}

/* Counts n completions just written and sees whether they make an event (CQ lock held). */
static void cq_written(struct nic_cq *cq, unsigned n, bool wakeup, bool force)
{
	cq->completions += n;
	cq->pending += n;
	cq->pending_wakeup |= wakeup;
	if (cq->mod_period_us && cq->mod_mode == NIC_MODERATION_CQE)
		cq->period_start = cq->h.nic->env.now_ns(cq->h.nic->env.user);
	cq_consider(cq, force);
}

/* ---- Writing CQEs ---------------------------------------------------------------------------- */

static uint32_t cq_size(const struct nic_cq *cq)
{
	return cq->collapsed ? 1 : 1u << cq->log_size;
}

/* Whether the ring has room for n more entries (CQ lock held). */
static bool cq_room(struct nic_cq *cq, uint32_t n)
{
	const void *dbr;
	uint32_t ci;

	if (cq->overrun_ignore || cq->collapsed)
		return true;
	dbr = nic_reach(cq->h.nic, cq->dbr, 0, 4, false);
	if (!dbr)
		return false;
	ci = nic_load_be32(dbr) & NIC_NUM_MASK;
	return ((cq->pi - ci) & NIC_NUM_MASK) + n <= cq_size(cq);
}

/* The next ring entry, or NULL when its memory is gone. */
static void *cq_slot(struct nic_cq *cq)
{
	uint32_t index = cq->collapsed ? 0 : cq->pi & ((1u << cq->log_size) - 1);

	return nic_reach(cq->h.nic, cq->ring, (uint64_t)index * 64, 64, true);
}

/* The phase bytes of the next entry: owner bit and, compressed CQs, the validity iteration
 * count (the ring pass, which flexio_dev_comp_cqe_get_validity_byte reads). */
static uint8_t cq_owner(const struct nic_cq *cq)
{
	return (uint8_t)((cq->collapsed ? cq->pi : cq->pi >> cq->log_size) & 1);
}

static uint8_t cq_validity(const struct nic_cq *cq)
{
	return cq->compress ? (uint8_t)(cq->pi >> cq->log_size) : 0;
}

/* mlx5 CQE bytes FlexIO's layout leaves reserved: the striding WQE index (wqe_id), the RSS
 * hash (rx_hash_result; its type byte stays 0), the checksum bits and header types
 * (hds_ip_ext, l4_hdr_type_etc), and the syndrome, the low byte of FlexIO's err_syndrome DWORD. */
enum {
	CQE_WQE_ID = 0x02,
	CQE_RX_HASH_RESULT = 0x0c,
	CQE_HDS_IP_EXT = 0x1c,
	CQE_L4_L3 = 0x1d,
	CQE_SYNDROME = 0x37
};

#define CQE(field) offsetof(struct flexio_dev_cqe64, field)

static void build_cqe(uint8_t *e, const struct nic_cqe *c, uint8_t owner, uint8_t validity)
{
	memset(e, 0, 64);
	be16_put(&e[CQE_WQE_ID], c->wqe_id);
	be16_put(&e[CQE(csum_ok)], c->csum);
	e[CQE_HDS_IP_EXT] = c->csum;
	e[CQE_L4_L3] = c->l3_l4;
	be32_put(&e[CQE(srqn_uidx)], c->user_index & NIC_NUM_MASK);
	memcpy(&e[CQE(imm_inval_pkey)], &c->imm_be, 4);
	be32_put(&e[CQE(byte_cnt)], c->byte_cnt);
	be32_put(&e[CQE_RX_HASH_RESULT], c->rx_hash);
	e[CQE_SYNDROME] = c->syndrome;
	be32_put(&e[CQE(qpn)], c->qpn & NIC_NUM_MASK);
	e[CQE(sop_rdrop)] = c->sop;
	be16_put(&e[CQE(wqe_counter)], c->wqe_counter);
	e[CQE(signature)] = validity;
	e[CQE(op_own)] = (uint8_t)(c->opcode << 4 | (c->solicited ? 2 : 0) | owner);
}

static int write_cqe(struct nic_cq *cq, const struct nic_cqe *c)
{
	uint8_t entry[64];
	void *slot = cq_slot(cq);

	if (!slot)
		return -EFAULT;
	build_cqe(entry, c, cq_owner(cq), cq_validity(cq));
	nic_store_entry(slot, entry);
	cq->pi++;
	return 0;
}

/*
 * Compression: a session is a title CQE (the first completion, in full) and one mini-CQE
 * array in the next entry (up to 7 more completions, 8 bytes each), which take their other
 * fields from the title. Mini-CQE (big-endian):
 *   requester:              wqe_counter(16) s_wqe_opcode(8) 0(8)     byte_cnt(32)
 *   responder HASH:         rx_hash_result(32)                       byte_cnt(32)
 *   responder CSUM:         checksum flags(16) 0(16)                 byte_cnt(32)
 *   responder CSUM_STRIDX:  checksum flags(16) stride index(16)      byte_cnt(32)
 * A responder's WQE counter is the title's plus the mini-CQE's position (1..7) except with
 * CSUM_STRIDX, where it is the stride index. The array's byte 3Fh is (count - 1) << 4 | 3 << 2
 * | owner; byte 3Eh is the validity iteration count, as in every entry of a compressed CQ.
 */
static bool compressible_kind(const struct nic_cqe *c)
{
	return (c->opcode == NIC_CQE_REQ || c->opcode == NIC_CQE_RESP_SEND) && !c->solicited && !c->force_event &&
	       !(c->opcode == NIC_CQE_RESP_SEND && (c->byte_cnt & NIC_MPRQ_FILLER));
}

/* Whether c can be the next mini-CQE of the session cq has staged. */
static bool joins_session(const struct nic_cq *cq, const struct nic_cqe *c)
{
	const struct nic_cqe *t = &cq->staged[0];
	unsigned k = cq->nstaged;

	if (!compressible_kind(c) || c->opcode != t->opcode || c->qpn != t->qpn || c->user_index != t->user_index)
		return false;
	if (c->opcode == NIC_CQE_REQ)
		return true;
	if (c->l3_l4 != t->l3_l4)
		return false;
	switch (cq->comp_format) {
	case NIC_COMP_HASH:
		return c->csum == t->csum && c->wqe_counter == (uint16_t)(t->wqe_counter + k);
	case NIC_COMP_CSUM:
		return c->wqe_counter == (uint16_t)(t->wqe_counter + k);
	default:
		return c->wqe_id == t->wqe_id;
	}
}

static void build_mini(uint8_t *m, const struct nic_cq *cq, const struct nic_cqe *c)
{
	if (c->opcode == NIC_CQE_REQ) {
		be16_put(m, c->wqe_counter);
		m[2] = c->sop;
		m[3] = 0;
	} else if (cq->comp_format == NIC_COMP_HASH) {
		be32_put(m, c->rx_hash);
	} else {
		be16_put(m, c->csum);
		be16_put(m + 2, cq->comp_format == NIC_COMP_CSUM_STRIDX ? c->wqe_counter : 0);
	}
	be32_put(m + 4, c->byte_cnt);
}

static unsigned session_entries(unsigned completions)
{
	return completions > 1 ? 2 : completions;
}

/* Writes the staged session (CQ lock held). */
static void cq_flush(struct nic_cq *cq)
{
	unsigned n = cq->nstaged;
	uint8_t array[64] = { 0 };
	void *slot;

	if (!n)
		return;
	cq->nstaged = 0;
	if (write_cqe(cq, &cq->staged[0])) {
		cq->lost += n;
		cq_fail(cq);
		return;
	}
	if (n > 1) {
		slot = cq_slot(cq);
		if (!slot) {
			cq->completions++;
			cq->lost += n - 1;
			cq_fail(cq);
			return;
		}
		for (unsigned i = 1; i < n; i++)
			build_mini(&array[offsetof(struct flexio_dev_mini_cqe64, mini_cqe) + (i - 1) * 8], cq,
				   &cq->staged[i]);
		array[offsetof(struct flexio_dev_mini_cqe64, validity_iteration_count)] = cq_validity(cq);
		array[offsetof(struct flexio_dev_mini_cqe64, num_and_type)] =
			(uint8_t)((n - 2) << 4 | 3 << 2 | cq_owner(cq));
		nic_store_entry(slot, array);
		cq->pi++;
	}
	cq_written(cq, n, false, false);
}

/* Keeps cq in the operation's list so that its session is written when the operation ends;
 * false when the list is full (the caller writes the session at once). */
static bool op_keep(struct nic_op *op, struct nic_cq *cq)
{
	for (unsigned i = 0; i < op->ncqs; i++)
		if (op->staged[i].cq == cq && op->staged[i].cqn == cq->h.num)
			return true;
	if (op->ncqs == NIC_OP_CQS)
		return false;
	op->staged[op->ncqs].cq = cq;
	op->staged[op->ncqs].cqn = cq->h.num;
	op->ncqs++;
	return true;
}

void nic_op_end(struct nic_op *op)
{
	for (unsigned i = 0; i < op->ncqs; i++) {
		struct nic_cq *cq = op->staged[i].cq;

		pthread_mutex_lock(&cq->h.lock);
		if (cq->h.num == op->staged[i].cqn)
			cq_flush(cq);
		pthread_mutex_unlock(&cq->h.lock);
	}
	op->ncqs = 0;
}

int nic_cq_complete(struct nic_op *op, struct nic_cq *cq, const struct nic_cqe *c)
{
	int rc = 0;

	pthread_mutex_lock(&cq->h.lock);
	if (cq->error) {
		cq->lost++;
		rc = -EOVERFLOW;
		goto out;
	}
	if (cq->compress) {
		if (cq->nstaged && !joins_session(cq, c))
			cq_flush(cq);
		if (!cq->error && compressible_kind(c)) {
			if (!cq_room(cq, session_entries(cq->nstaged + 1))) {
				cq_flush(cq);
				goto overrun;
			}
			cq->staged[cq->nstaged++] = *c;
			if (cq->nstaged == 8 || !op_keep(op, cq))
				cq_flush(cq);
			goto out;
		}
		if (cq->error) {
			cq->lost++;
			rc = -EOVERFLOW;
			goto out;
		}
	}
	if (!cq_room(cq, 1))
		goto overrun;
	if (write_cqe(cq, c)) {
		cq->lost++;
		cq_fail(cq);
		rc = -EOVERFLOW;
		goto out;
	}
	cq_written(cq, 1, c->solicited || c->opcode == NIC_CQE_REQ_ERR || c->opcode == NIC_CQE_RESP_ERR,
		   c->force_event);
	goto out;
overrun:
	cq->lost++;
	cq_fail(cq);
	rc = -EOVERFLOW;
out:
	pthread_mutex_unlock(&cq->h.lock);
	return rc;
}

/* ---- Doorbells ------------------------------------------------------------------------------ */

int nic_cq_doorbell(struct nic_cq *cq, enum nic_doorbell_kind kind, uint32_t index)
{
	if (cq->error)
		return -EINVAL;
	if (kind == NIC_DB_ZERO_CQE) {
		cq->zero_cqes++;
		if (cq->arm != NIC_ARM_NONE || cq->always_armed)
			cq_fire(cq);
		return 0;
	}
	cq->arm = kind == NIC_DB_CQ_ARM ? NIC_ARM_NEXT : NIC_ARM_SOLICITED;
	/* Completions the consumer has not reached yet fire at once: arming after a poll that
	 * found nothing must not lose a completion that came in between. */
	if (((cq->pi - index) & NIC_NUM_MASK) && (cq->arm == NIC_ARM_NEXT || cq->pending_wakeup))
		cq_fire(cq);
	return 0;
}

int nic_eq_doorbell(struct nic_eq *eq, bool arm, uint32_t ci)
{
	if (eq->error)
		return -EINVAL;
	eq->ci = ci & NIC_NUM_MASK;
	if (!arm)
		return 0;
	if ((eq->pi - eq->ci) & NIC_NUM_MASK) {
		eq->events++;
		notify(eq->h.nic, NIC_EVENT_EQ, &eq->h, eq->cookie);
	} else {
		eq->armed = true;
	}
	return 0;
}

/* ---- Objects ------------------------------------------------------------------------------- */

static bool ring_ok(struct nic *nic, struct nic_mem mem, uint64_t len, uint64_t align)
{
	return mem.addr % align == 0 && nic_reach(nic, mem, 0, len, true);
}

int nic_cq_create(struct nic *nic, const struct nic_cq_attr *attr, uint32_t *cqn)
{
	struct nic_eq *eq = NULL;
	struct nic_cq *cq;

	if (attr->log_size > NIC_LOG_MAX_CQ_SIZE || (attr->target != NIC_CQ_NOTIFY && attr->target != NIC_CQ_EQ) ||
	    attr->comp_format > NIC_COMP_CSUM_STRIDX || attr->moderation_mode > NIC_MODERATION_CQE)
		return -EINVAL;
	if (!ring_ok(nic, attr->ring, 64ull << attr->log_size, 64) || attr->dbr.addr % 8 ||
	    !nic_reach(nic, attr->dbr, 0, 8, false))
		return -EFAULT;
	if (attr->target == NIC_CQ_EQ) {
		eq = (struct nic_eq *)nic_obj_get(nic, NIC_OBJ_EQ, attr->eqn);
		if (!eq)
			return -ENOENT;
	}
	cq = (struct nic_cq *)nic_obj_alloc(nic, NIC_OBJ_CQ);
	if (!cq) {
		nic_obj_put((struct nic_obj *)eq);
		return -ENOSPC;
	}
	cq->h.owner = attr->owner;
	cq->log_size = attr->log_size;
	cq->always_armed = attr->always_armed;
	cq->overrun_ignore = attr->overrun_ignore;
	cq->collapsed = attr->collapsed;
	cq->compress = attr->compress;
	cq->comp_format = attr->comp_format;
	cq->ring = attr->ring;
	cq->dbr = attr->dbr;
	cq->target = attr->target;
	cq->eq = eq;
	cq->cookie = attr->cookie;
	cq->mod_count = attr->moderation_count;
	cq->mod_period_us = attr->moderation_period_us;
	cq->mod_mode = attr->moderation_mode;
	cq->arm = attr->armed ? NIC_ARM_NEXT : NIC_ARM_NONE;
	cq->period_start = nic->env.now_ns(nic->env.user);
	*cqn = cq->h.num;
	nic_obj_publish(&cq->h);
	return 0;
}

int nic_cq_destroy(struct nic *nic, uint32_t cqn)
{
	struct nic_cq *cq = (struct nic_cq *)nic_table_lock(nic, NIC_OBJ_CQ, cqn);

	if (!cq)
		return -ENOENT;
	if (atomic_load(&cq->h.users)) {
		pthread_mutex_unlock(&cq->h.lock);
		return -EBUSY;
	}
	if (atomic_load_explicit(&cq->h.timer.listed, memory_order_relaxed))
		nic_timer_unlist(nic, &cq->h.timer);
	nic_obj_put((struct nic_obj *)cq->eq);
	nic_obj_retire(&cq->h);
	pthread_mutex_unlock(&cq->h.lock);
	nic_obj_recycle(&cq->h, cqn);
	return 0;
}

int nic_cq_moderate(struct nic *nic, uint32_t cqn, uint16_t count, uint16_t period_us, enum nic_moderation_mode mode)
{
	struct nic_cq *cq;

	if (mode != NIC_MODERATION_EVENT && mode != NIC_MODERATION_CQE)
		return -EINVAL;
	cq = (struct nic_cq *)nic_table_lock(nic, NIC_OBJ_CQ, cqn);
	if (!cq)
		return -ENOENT;
	cq->mod_count = count;
	cq->mod_period_us = period_us;
	cq->mod_mode = mode;
	cq->period_start = nic->env.now_ns(nic->env.user); /* a new period starts now */
	pthread_mutex_unlock(&cq->h.lock);
	return 0;
}

int nic_cq_query(struct nic *nic, uint32_t cqn, struct nic_cq_info *info)
{
	struct nic_cq *cq = (struct nic_cq *)nic_table_lock(nic, NIC_OBJ_CQ, cqn);

	if (!cq)
		return -ENOENT;
	*info = (struct nic_cq_info){
		.owner = cq->h.owner,
		.cookie = cq->cookie,
		.error = cq->error,
		.armed = cq->arm != NIC_ARM_NONE || cq->always_armed,
		.produced = cq->pi,
		.moderation_count = cq->mod_count,
		.moderation_period_us = cq->mod_period_us,
		.moderation_mode = cq->mod_mode,
		.completions = cq->completions,
		.events = cq->events,
		.lost = cq->lost,
	};
	pthread_mutex_unlock(&cq->h.lock);
	return 0;
}

int nic_eq_create(struct nic *nic, const struct nic_eq_attr *attr, uint32_t *eqn)
{
	struct nic_eq *eq;

	if (attr->log_size > NIC_LOG_MAX_CQ_SIZE)
		return -EINVAL;
	if (!ring_ok(nic, attr->ring, 64ull << attr->log_size, 64))
		return -EFAULT;
	eq = (struct nic_eq *)nic_obj_alloc(nic, NIC_OBJ_EQ);
	if (!eq)
		return -ENOSPC;
	eq->h.owner = attr->owner;
	eq->log_size = attr->log_size;
	eq->ring = attr->ring;
	eq->cookie = attr->cookie;
	eq->always_armed = attr->always_armed;
	eq->armed = attr->armed;
	*eqn = eq->h.num;
	nic_obj_publish(&eq->h);
	return 0;
}

int nic_eq_destroy(struct nic *nic, uint32_t eqn)
{
	struct nic_eq *eq = (struct nic_eq *)nic_table_lock(nic, NIC_OBJ_EQ, eqn);

	if (!eq)
		return -ENOENT;
	if (atomic_load(&eq->h.users)) {
		pthread_mutex_unlock(&eq->h.lock);
		return -EBUSY;
	}
	nic_obj_retire(&eq->h);
	pthread_mutex_unlock(&eq->h.lock);
	nic_obj_recycle(&eq->h, eqn);
	return 0;
}

int nic_eq_query(struct nic *nic, uint32_t eqn, struct nic_eq_info *info)
{
	struct nic_eq *eq = (struct nic_eq *)nic_table_lock(nic, NIC_OBJ_EQ, eqn);

	if (!eq)
		return -ENOENT;
	*info = (struct nic_eq_info){
		.error = eq->error,
		.armed = eq->armed || eq->always_armed,
		.produced = eq->pi,
		.consumed = eq->ci,
		.events = eq->events,
	};
	pthread_mutex_unlock(&eq->h.lock);
	return 0;
}
