/*
 * Transport objects: transport domains, TISs (an SQ's port), TIRs (where received frames go)
 * and, for receive-side scaling, RQ tables and indirect TIRs, which spread frames over the RQs
 * of a table by a Toeplitz hash of their addresses and ports (the PRM's CREATE_RQT and
 * CREATE_TIR with disp_type INDIRECT; the hash is Microsoft's RSS hash, which mlx5 computes).
 */
#include "internal.h"

#include <string.h>

/* ---- Transport domains, TISs, TIRs ----------------------------------------------------------- */

int nic_obj_destroy(struct nic *nic, enum nic_obj_type type, uint32_t num, void (*release)(struct nic_obj *obj))
{
	struct nic_obj *obj = nic_table_lock(nic, type, num);

	if (!obj)
		return -ENOENT;
	if (atomic_load(&obj->users)) {
		pthread_mutex_unlock(&obj->lock);
		return -EBUSY;
	}
	if (release)
		release(obj);
	nic_obj_retire(obj);
	pthread_mutex_unlock(&obj->lock);
	nic_obj_recycle(obj, num);
	return 0;
}

int nic_td_create(struct nic *nic, uint32_t *tdn)
{
	struct nic_obj *td = nic_obj_alloc(nic, NIC_OBJ_TD);

	if (!td)
		return -ENOSPC;
	*tdn = td->num;
	nic_obj_publish(td);
	return 0;
}

int nic_td_destroy(struct nic *nic, uint32_t tdn)
{
	return nic_obj_destroy(nic, NIC_OBJ_TD, tdn, NULL);
}

int nic_tis_create(struct nic *nic, uint32_t tdn, unsigned port, uint32_t *tisn)
{
	struct nic_obj *td;
	struct nic_tis *tis;

	if (port < 1 || port > nic->nports)
		return -EINVAL;
	td = nic_obj_get(nic, NIC_OBJ_TD, tdn);
	if (!td)
		return -ENOENT;
	tis = (struct nic_tis *)nic_obj_alloc(nic, NIC_OBJ_TIS);
	if (!tis) {
		nic_obj_put(td);
		return -ENOSPC;
	}
	tis->td = (struct nic_td *)td;
	tis->port = port;
	*tisn = tis->h.num;
	nic_obj_publish(&tis->h);
	return 0;
}

static void tis_release(struct nic_obj *obj)
{
	nic_obj_put(&((struct nic_tis *)obj)->td->h);
}

int nic_tis_destroy(struct nic *nic, uint32_t tisn)
{
	return nic_obj_destroy(nic, NIC_OBJ_TIS, tisn, tis_release);
}

/* A TIR of TD tdn dispatching to dest (held by the caller, the reference passed to the TIR):
 * the RQ of a direct TIR, or the RQT of an indirect one hashing as hash says. */
static int tir_create(struct nic *nic, uint32_t tdn, struct nic_obj *dest, const struct nic_rx_hash *hash,
		      uint32_t *tirn)
{
	struct nic_obj *td = nic_obj_get(nic, NIC_OBJ_TD, tdn);
	struct nic_tir *tir;

	if (!td) {
		nic_obj_put(dest);
		return -ENOENT;
	}
	tir = (struct nic_tir *)nic_obj_alloc(nic, NIC_OBJ_TIR);
	if (!tir) {
		nic_obj_put(dest);
		nic_obj_put(td);
		return -ENOSPC;
	}
	tir->td = (struct nic_td *)td;
	tir->rq = hash ? NULL : (struct nic_wq *)dest;
	tir->rqt = hash ? (struct nic_rqt *)dest : NULL;
	tir->hash = hash ? *hash : (struct nic_rx_hash){ .fn = NIC_RX_HASH_NONE };
	*tirn = tir->h.num;
	nic_obj_publish(&tir->h);
	return 0;
}

int nic_tir_create(struct nic *nic, uint32_t tdn, uint32_t rqn, uint32_t *tirn)
{
	struct nic_wq *rq = nic_wq_get(nic, rqn, NIC_WQ_TYPE_RQ);

	return rq ? tir_create(nic, tdn, &rq->h, NULL, tirn) : -ENOENT;
}

static void tir_release(struct nic_obj *obj)
{
	struct nic_tir *tir = (struct nic_tir *)obj;

	nic_obj_put(&tir->td->h);
	nic_obj_put(tir->rqt ? &tir->rqt->h : (struct nic_obj *)tir->rq);
}

int nic_tir_destroy(struct nic *nic, uint32_t tirn)
{
	return nic_obj_destroy(nic, NIC_OBJ_TIR, tirn, tir_release);
}

/* ---- Receive-side scaling ---------------------------------------------------------------------- */

/* Takes a reference on each RQ of rqns into rqs: 0, or -EINVAL (count) / -ENOENT (not an RQ),
 * with nothing held. */
static int rqs_get(struct nic *nic, const uint32_t *rqns, uint32_t count, struct nic_wq **rqs)
{
	if (!count || count > 1u << NIC_LOG_MAX_RQT_SIZE)
		return -EINVAL;
	for (uint32_t i = 0; i < count; i++) {
		rqs[i] = nic_wq_get(nic, rqns[i], NIC_WQ_TYPE_RQ);
		if (!rqs[i]) {
			while (i-- > 0)
				nic_obj_put(&rqs[i]->h);
			return -ENOENT;
		}
	}
	return 0;
}

static void rqs_put(struct nic_wq **rqs, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++)
		nic_obj_put((struct nic_obj *)rqs[i]);
}

int nic_rqt_create(struct nic *nic, const uint32_t *rqns, uint32_t count, uint32_t *rqtn)
{
	struct nic_wq *rqs[1u << NIC_LOG_MAX_RQT_SIZE];
	struct nic_rqt *rqt;
	int rc = rqs_get(nic, rqns, count, rqs);

	if (rc)
		return rc;
	rqt = (struct nic_rqt *)nic_obj_alloc(nic, NIC_OBJ_RQT);
	if (!rqt) {
		rqs_put(rqs, count);
		return -ENOSPC;
	}
	memcpy(rqt->rqs, rqs, count * sizeof(*rqs));
	rqt->size = count;
	*rqtn = rqt->h.num;
	nic_obj_publish(&rqt->h);
	return 0;
}

int nic_rqt_modify(struct nic *nic, uint32_t rqtn, const uint32_t *rqns, uint32_t count)
{
	struct nic_wq *rqs[1u << NIC_LOG_MAX_RQT_SIZE], *old[1u << NIC_LOG_MAX_RQT_SIZE];
	struct nic_rqt *rqt;
	uint32_t old_size;
	int rc = rqs_get(nic, rqns, count, rqs);

	if (rc)
		return rc;
	rqt = (struct nic_rqt *)nic_table_lock(nic, NIC_OBJ_RQT, rqtn);
	if (!rqt) {
		rqs_put(rqs, count);
		return -ENOENT;
	}
	old_size = rqt->size;
	memcpy(old, rqt->rqs, old_size * sizeof(*old));
	memcpy(rqt->rqs, rqs, count * sizeof(*rqs));
	rqt->size = count;
	pthread_mutex_unlock(&rqt->h.lock);
	rqs_put(old, old_size);
	return 0;
}

static void rqt_release(struct nic_obj *obj)
{
	struct nic_rqt *rqt = (struct nic_rqt *)obj;

	rqs_put(rqt->rqs, rqt->size);
	rqt->size = 0;
}

int nic_rqt_destroy(struct nic *nic, uint32_t rqtn)
{
	return nic_obj_destroy(nic, NIC_OBJ_RQT, rqtn, rqt_release);
}

int nic_tir_create_indirect(struct nic *nic, uint32_t tdn, uint32_t rqtn, const struct nic_rx_hash *hash,
			    uint32_t *tirn)
{
	struct nic_obj *rqt;

	if ((hash->fn != NIC_RX_HASH_NONE && hash->fn != NIC_RX_HASH_TOEPLITZ) ||
	    (hash->outer_select & ~(NIC_RX_HASH_L3_IPV6 | NIC_RX_HASH_L4_UDP | NIC_RX_HASH_FIELDS)))
		return -EINVAL;
	rqt = nic_obj_get(nic, NIC_OBJ_RQT, rqtn);
	return rqt ? tir_create(nic, tdn, rqt, hash, tirn) : -ENOENT;
}

uint32_t nic_toeplitz(const uint8_t key[40], const uint8_t *input, size_t len)
{
	/* The 32 key bits at each input bit slide left one bit per input bit. */
	uint32_t hash = 0, window = (uint32_t)key[0] << 24 | (uint32_t)key[1] << 16 | (uint32_t)key[2] << 8 | key[3];

	for (size_t i = 0; i < len; i++) {
		uint8_t next = i + 4 < 40 ? key[i + 4] : 0;

		for (int bit = 7; bit >= 0; bit--) {
			if (input[i] >> bit & 1)
				hash ^= window;
			window = window << 1 | (uint32_t)(next >> bit & 1);
		}
	}
	return hash;
}

/* The hash input of a frame under selector select: source address, destination address,
 * source port, destination port, those selected, in that order (Microsoft RSS). Addresses only
 * from a frame of the selector's IP version, ports only from one of its L4 protocol (and not
 * a fragment); returns the input's length (0: nothing to hash). The headers are where the
 * frame's parse found them. */
static size_t hash_input(const struct nic_frame *fr, uint32_t select, uint8_t input[36])
{
	const struct nic_frame_layout l = fr->l;
	const uint8_t *frame = fr->bytes;
	int l3 = select & NIC_RX_HASH_L3_IPV6 ? NIC_L3_IPV6 : NIC_L3_IPV4;
	int l4 = select & NIC_RX_HASH_L4_UDP ? NIC_L4_UDP : NIC_L4_TCP;
	size_t n = 0, addr = l3 == NIC_L3_IPV6 ? 16 : 4, src = l3 == NIC_L3_IPV6 ? 8 : 12;

	if (l.l3_type != l3)
		return 0;
	if (select & NIC_RX_HASH_SRC_IP) {
		memcpy(input + n, frame + l.l3 + src, addr);
		n += addr;
	}
	if (select & NIC_RX_HASH_DST_IP) {
		memcpy(input + n, frame + l.l3 + src + addr, addr);
		n += addr;
	}
	if (l.l4_type != l4)
		return n;
	if (select & NIC_RX_HASH_L4_SPORT) {
		memcpy(input + n, frame + l.l4, 2);
		n += 2;
	}
	if (select & NIC_RX_HASH_L4_DPORT) {
		memcpy(input + n, frame + l.l4 + 2, 2);
		n += 2;
	}
	return n;
}

uint32_t nic_rss_pick(struct nic_tir *tir, const struct nic_frame *fr, uint32_t *hash)
{
	struct nic_rqt *rqt = tir->rqt;
	uint8_t input[36];
	size_t n;
	uint32_t rqn = 0;

	*hash = 0;
	if (tir->hash.fn == NIC_RX_HASH_TOEPLITZ && (n = hash_input(fr, tir->hash.outer_select, input)))
		*hash = nic_toeplitz(tir->hash.toeplitz_key, input, n);
	pthread_mutex_lock(&rqt->h.lock);
	if (rqt->size && rqt->rqs[*hash % rqt->size])
		rqn = rqt->rqs[*hash % rqt->size]->h.num;
	pthread_mutex_unlock(&rqt->h.lock);
	return rqn;
}

bool nic_tir_ready(struct nic *nic, uint32_t tirn)
{
	uint32_t rqns[1u << NIC_LOG_MAX_RQT_SIZE];
	struct nic_tir *tir = (struct nic_tir *)nic_table_lock(nic, NIC_OBJ_TIR, tirn);
	uint32_t n = 0;

	if (!tir)
		return false;
	/* the numbers under the TIR's (and table's) lock, the RQs checked after: a TIR's lock comes
	 * before no WQ lock */
	if (tir->rqt) {
		pthread_mutex_lock(&tir->rqt->h.lock);
		for (uint32_t i = 0; i < tir->rqt->size; i++)
			if (tir->rqt->rqs[i])
				rqns[n++] = tir->rqt->rqs[i]->h.num;
		pthread_mutex_unlock(&tir->rqt->h.lock);
	} else if (tir->rq) {
		rqns[n++] = tir->rq->h.num;
	}
	pthread_mutex_unlock(&tir->h.lock);
	for (uint32_t i = 0; i < n; i++)
		if (nic_rq_armed(nic, rqns[i]))
			return true;
	return false;
}

/* ---- An RQ destroyed while named ------------------------------------------------------------- */

static void tir_detach(struct nic_obj *obj, void *rq)
{
	struct nic_tir *tir = (struct nic_tir *)obj;

	if (tir->rq == rq) {
		tir->rq = NULL;
		nic_obj_put(rq);
	}
}

static void rqt_detach(struct nic_obj *obj, void *rq)
{
	struct nic_rqt *rqt = (struct nic_rqt *)obj;

	for (uint32_t i = 0; i < rqt->size; i++)
		if (rqt->rqs[i] == rq) {
			rqt->rqs[i] = NULL;
			nic_obj_put(rq);
		}
}

/* The engine's lock order puts every TIR and RQT after the WQ lock held here: the tables'
 * walks are safe (nothing takes a WQ lock holding either). */
void nic_rq_detach(struct nic_wq *rq)
{
	struct nic *nic = rq->h.nic;

	nic_table_each(nic, NIC_OBJ_TIR, tir_detach, rq);
	nic_table_each(nic, NIC_OBJ_RQT, rqt_detach, rq);
	for (unsigned p = 0; p < nic->nports; p++) {
		unsigned num = rq->h.num;

		atomic_compare_exchange_strong(&nic->ports[p].rx_rqn, &num, NIC_RQN_GONE);
	}
}
