/*
 * Devices, the fabric, the tables that find queues by number in O(1), doorbells (with the
 * owner check every doorbell passes), timers and statistics.
 */
#include "internal.h"

#include <stdlib.h>

/* ---- Queue memory accessors ------------------------------------------------------------ */

void nic_copy_in(void *dst, const void *ring_entry, size_t len)
{
	const uint64_t *src = ring_entry;
	uint64_t *out = dst;

	for (size_t i = 0; i < len / 8; i++)
		out[i] = __atomic_load_n(&src[i], __ATOMIC_RELAXED);
}

void nic_store_entry(void *ring_entry, const void *src)
{
	uint64_t *dst = ring_entry;
	const uint64_t *in = src;

	for (int i = 0; i < 7; i++)
		__atomic_store_n(&dst[i], in[i], __ATOMIC_RELAXED);
	__atomic_store_n(&dst[7], in[7], __ATOMIC_RELEASE);
}

/* Refusal counters: rare, so NIC-wide atomics do not slow the per-packet path. */
static void nic_count(atomic_uint_fast64_t *counter)
{
	atomic_fetch_add_explicit(counter, 1, memory_order_relaxed);
}

/* ---- Tables ------------------------------------------------------------------------------ */

static int nic_table_init(struct nic_table *t, unsigned log_size, size_t obj_size)
{
	uint32_t size = 1u << log_size;

	memset(t, 0, sizeof(*t));
	t->log_size = log_size;
	t->obj_size = obj_size;
	t->slots = calloc(size, sizeof(*t->slots));
	t->generation = calloc(size, sizeof(*t->generation));
	t->free_slots = malloc(size * sizeof(*t->free_slots));
	if (!t->slots || !t->generation || !t->free_slots) {
		free(t->slots);
		free(t->generation);
		free(t->free_slots);
		return -ENOMEM;
	}
	/* Lowest indexes first: numbers start small, as on hardware. */
	for (uint32_t i = size - 1; i >= 1; i--)
		t->free_slots[t->nfree++] = i;
	pthread_mutex_init(&t->lock, NULL);
	return 0;
}

static void nic_table_fini(struct nic_table *t)
{
	while (t->all) {
		struct nic_obj *next = t->all->all_next;

		if (t->all->type == NIC_OBJ_WQ) {
			nic_send_forget_copies(&((struct nic_wq *)t->all)->send);
			pthread_mutex_destroy(&((struct nic_wq *)t->all)->rlock);
		}
		pthread_mutex_destroy(&t->all->lock);
		free(t->all);
		t->all = next;
	}
	pthread_mutex_destroy(&t->lock);
	free(t->slots);
	free(t->generation);
	free(t->free_slots);
}

struct nic_obj *nic_obj_alloc(struct nic *nic, enum nic_obj_type type)
{
	struct nic_table *t = &nic->tables[type];
	struct nic_obj *obj;
	uint32_t index, generation;

	pthread_mutex_lock(&t->lock);
	if (!t->nfree) {
		pthread_mutex_unlock(&t->lock);
		return NULL;
	}
	obj = t->pool;
	if (obj) {
		t->pool = obj->pool_next;
	} else {
		/* Whole cache lines: queues driven by different threads share none. */
		size_t size = (t->obj_size + NIC_CACHE_LINE - 1) & ~(size_t)(NIC_CACHE_LINE - 1);

		obj = aligned_alloc(NIC_CACHE_LINE, size);
		if (obj)
			memset(obj, 0, size);
		if (!obj) {
			pthread_mutex_unlock(&t->lock);
			return NULL;
		}
		pthread_mutex_init(&obj->lock, NULL);
		obj->timer.obj = obj;
		if (type == NIC_OBJ_WQ)
			pthread_mutex_init(&((struct nic_wq *)obj)->rlock, NULL);
		obj->all_next = t->all;
		t->all = obj;
	}
	index = t->free_slots[--t->nfree];
	generation = t->generation[index]++ & (NIC_NUM_MASK >> t->log_size);
	pthread_mutex_unlock(&t->lock);

	pthread_mutex_lock(&obj->lock);
	if (type == NIC_OBJ_WQ)
		pthread_mutex_lock(&((struct nic_wq *)obj)->rlock);
	/* What follows is the previous life's: start afresh (the timer entry stays, see there). */
	memset((char *)obj + offsetof(struct nic_obj, nic), 0,
	       offsetof(struct nic_obj, pool_next) - offsetof(struct nic_obj, nic));
	if (type == NIC_OBJ_WQ)
		memset((char *)obj + offsetof(struct nic_wq, type), 0,
		       sizeof(struct nic_wq) - offsetof(struct nic_wq, type));
	else
		memset((char *)obj + sizeof(struct nic_obj), 0, t->obj_size - sizeof(struct nic_obj));
	obj->nic = nic;
	obj->type = type;
	obj->num = generation << t->log_size | index;
	return obj;
}

void nic_obj_publish(struct nic_obj *obj)
{
	struct nic_table *t = &obj->nic->tables[obj->type];

	atomic_store_explicit(&t->slots[obj->num & ((1u << t->log_size) - 1)], obj, memory_order_release);
	if (obj->type == NIC_OBJ_WQ)
		pthread_mutex_unlock(&((struct nic_wq *)obj)->rlock);
	pthread_mutex_unlock(&obj->lock);
}

void nic_obj_retire(struct nic_obj *obj)
{
	struct nic_table *t = &obj->nic->tables[obj->type];

	atomic_store_explicit(&t->slots[obj->num & ((1u << t->log_size) - 1)], NULL, memory_order_release);
	obj->num = 0;
}

void nic_obj_recycle(struct nic_obj *obj, uint32_t num)
{
	struct nic_table *t = &obj->nic->tables[obj->type];

	pthread_mutex_lock(&t->lock);
	t->free_slots[t->nfree++] = num & ((1u << t->log_size) - 1);
	obj->pool_next = t->pool;
	t->pool = obj;
	pthread_mutex_unlock(&t->lock);
}

static struct nic_obj *slot_of(struct nic *nic, enum nic_obj_type type, uint32_t num)
{
	struct nic_table *t = &nic->tables[type];

	if (!num || num > NIC_NUM_MASK)
		return NULL;
	return atomic_load_explicit(&t->slots[num & ((1u << t->log_size) - 1)], memory_order_acquire);
}

struct nic_obj *nic_table_lock(struct nic *nic, enum nic_obj_type type, uint32_t num)
{
	struct nic_obj *obj = slot_of(nic, type, num);

	if (!obj)
		return NULL;
	pthread_mutex_lock(&obj->lock);
	if (obj->num != num) {
		pthread_mutex_unlock(&obj->lock);
		return NULL;
	}
	return obj;
}

struct nic_wq *nic_wq_lock_recv(struct nic *nic, uint32_t num)
{
	struct nic_wq *wq = (struct nic_wq *)slot_of(nic, NIC_OBJ_WQ, num);

	if (!wq)
		return NULL;
	pthread_mutex_lock(&wq->rlock);
	if (wq->h.num != num) {
		pthread_mutex_unlock(&wq->rlock);
		return NULL;
	}
	return wq;
}

struct nic_obj *nic_obj_get(struct nic *nic, enum nic_obj_type type, uint32_t num)
{
	struct nic_obj *obj = nic_table_lock(nic, type, num);

	if (!obj)
		return NULL;
	atomic_fetch_add(&obj->users, 1);
	pthread_mutex_unlock(&obj->lock);
	return obj;
}

void nic_obj_put(struct nic_obj *obj)
{
	if (obj)
		atomic_fetch_sub(&obj->users, 1);
}

void nic_table_each(struct nic *nic, enum nic_obj_type type, void (*fn)(struct nic_obj *obj, void *arg), void *arg)
{
	struct nic_table *t = &nic->tables[type];

	pthread_mutex_lock(&t->lock);
	for (struct nic_obj *obj = t->all; obj; obj = obj->all_next) {
		pthread_mutex_lock(&obj->lock);
		if (obj->num)
			fn(obj, arg);
		pthread_mutex_unlock(&obj->lock);
	}
	pthread_mutex_unlock(&t->lock);
}

/* ---- The fabric -------------------------------------------------------------------------- */

struct nic_fabric {
	pthread_mutex_t lock;
	struct nic *nics;
};

struct nic_fabric *nic_fabric_create(void)
{
	struct nic_fabric *fabric = calloc(1, sizeof(*fabric));

	if (fabric)
		pthread_mutex_init(&fabric->lock, NULL);
	return fabric;
}

int nic_fabric_destroy(struct nic_fabric *fabric)
{
	pthread_mutex_lock(&fabric->lock);
	if (fabric->nics) {
		pthread_mutex_unlock(&fabric->lock);
		return -EBUSY;
	}
	pthread_mutex_unlock(&fabric->lock);
	pthread_mutex_destroy(&fabric->lock);
	free(fabric);
	return 0;
}

static bool zero(const uint8_t *bytes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (bytes[i])
			return false;
	return true;
}

/* Whether a port of nic has the path's address (the port locks taken one at a time). */
static bool nic_has_address(struct nic *nic, const struct nic_path *path, bool by_gid)
{
	bool found = false;

	for (unsigned p = 0; p < nic->nports && !found; p++) {
		struct nic_port *port = &nic->ports[p];

		pthread_mutex_lock(&port->lock);
		found = by_gid ? !memcmp(port->attr.gid, path->dgid, sizeof(path->dgid))
			       : !memcmp(port->attr.mac, path->dmac, sizeof(path->dmac));
		pthread_mutex_unlock(&port->lock);
	}
	return found;
}

struct nic *nic_fabric_route(struct nic *from, const struct nic_path *path)
{
	bool by_gid = !zero(path->dgid, sizeof(path->dgid));
	struct nic *to = NULL;

	if (path->loopback || (!by_gid && zero(path->dmac, sizeof(path->dmac)))) {
		to = from;
	} else if (nic_has_address(from, path, by_gid)) {
		to = from; /* our own address: no fabric needed */
	} else if (from->fabric) {
		pthread_mutex_lock(&from->fabric->lock);
		for (struct nic *n = from->fabric->nics; n && !to; n = n->fabric_next)
			if (n != from && nic_has_address(n, path, by_gid))
				to = n;
		if (to)
			atomic_fetch_add(&to->refs, 1);
		pthread_mutex_unlock(&from->fabric->lock);
		return to;
	}
	if (to)
		atomic_fetch_add(&to->refs, 1);
	return to;
}

/* ---- Devices ---------------------------------------------------------------------------- */

static const size_t obj_sizes[NIC_OBJ_TYPES] = {
	[NIC_OBJ_CQ] = sizeof(struct nic_cq),   [NIC_OBJ_EQ] = sizeof(struct nic_eq),
	[NIC_OBJ_WQ] = sizeof(struct nic_wq),   [NIC_OBJ_TD] = sizeof(struct nic_td),
	[NIC_OBJ_TIS] = sizeof(struct nic_tis), [NIC_OBJ_TIR] = sizeof(struct nic_tir),
	[NIC_OBJ_RQT] = sizeof(struct nic_rqt), [NIC_OBJ_EMU] = sizeof(struct nic_emu_db),
};

struct nic *nic_create(const struct nic_config *config)
{
	unsigned log_size = config->log_max_objects ? config->log_max_objects : 14;
	unsigned nports = config->ports ? config->ports : 1;
	const struct nic_env *env = config->env;
	struct nic *nic;
	int t;

	if (!env || !env->space_reach || !env->mkey_reach || !env->now_ns || !env->notify || log_size < 2 ||
	    log_size > 20 || nports > NIC_MAX_PORTS)
		return NULL;
	/* aligned: the readers' slots of steering take whole cache lines */
	nic = aligned_alloc(NIC_CACHE_LINE, sizeof(*nic));
	if (!nic)
		return NULL;
	memset(nic, 0, sizeof(*nic));
	nic->env = *env;
	for (t = 0; t < NIC_OBJ_TYPES; t++)
		if (nic_table_init(&nic->tables[t], log_size, obj_sizes[t]))
			break;
	if (t < NIC_OBJ_TYPES) {
		while (t-- > 0)
			nic_table_fini(&nic->tables[t]);
		free(nic);
		return NULL;
	}
	nic_ports_init(nic, nports);
	nic_flow_init(nic);
	pthread_mutex_init(&nic->timer_lock, NULL);
	pthread_mutex_init(&nic->engine_lock, NULL);
	atomic_init(&nic->refs, 1);
	atomic_init(&nic->live, true);
	nic->fabric = config->fabric;
	if (nic->fabric) {
		pthread_mutex_lock(&nic->fabric->lock);
		nic->fabric_next = nic->fabric->nics;
		nic->fabric->nics = nic;
		pthread_mutex_unlock(&nic->fabric->lock);
	}
	return nic;
}

void nic_unref(struct nic *nic)
{
	if (atomic_fetch_sub(&nic->refs, 1) != 1)
		return;
	nic_flow_fini(nic);
	nic_ports_fini(nic);
	for (int t = 0; t < NIC_OBJ_TYPES; t++)
		nic_table_fini(&nic->tables[t]);
	pthread_mutex_destroy(&nic->timer_lock);
	pthread_mutex_destroy(&nic->engine_lock);
	free(nic);
}

/* nic_destroy: every queue dies at once, so that peers on other NICs find nothing any more. */
static void retire_all(struct nic_obj *obj, void *arg)
{
	(void)arg;
	if (obj->type == NIC_OBJ_WQ) {
		struct nic_wq *wq = (struct nic_wq *)obj;

		pthread_mutex_lock(&wq->rlock);
		if (wq->peer)
			nic_unref(wq->peer);
		wq->peer = NULL;
		nic_obj_retire(obj);
		pthread_mutex_unlock(&wq->rlock);
		return;
	}
	nic_obj_retire(obj);
}

void nic_destroy(struct nic *nic)
{
	if (nic->fabric) {
		pthread_mutex_lock(&nic->fabric->lock);
		for (struct nic **link = &nic->fabric->nics; *link; link = &(*link)->fabric_next) {
			if (*link == nic) {
				*link = nic->fabric_next;
				break;
			}
		}
		pthread_mutex_unlock(&nic->fabric->lock);
	}
	atomic_store(&nic->live, false);
	nic_engine_stop(nic);
	for (int t = 0; t < NIC_OBJ_TYPES; t++)
		nic_table_each(nic, t, retire_all, NULL);
	pthread_mutex_lock(&nic->timer_lock);
	nic->timers = NULL;
	pthread_mutex_unlock(&nic->timer_lock);
	nic_unref(nic);
}

/* ---- Doorbells --------------------------------------------------------------------------- */

struct nic_obj *nic_doorbell_target(struct nic *nic, uint64_t owner, enum nic_obj_type type, uint32_t queue, int *rc)
{
	struct nic_obj *obj = nic_table_lock(nic, type, queue);

	if (!obj) {
		nic_count(&nic->refused_unknown);
		*rc = -ENOENT;
		return NULL;
	}
	if (obj->owner != owner) {
		pthread_mutex_unlock(&obj->lock);
		nic_count(&nic->refused_owner);
		*rc = -EPERM;
		return NULL;
	}
	return obj;
}

int nic_doorbell(struct nic *nic, uint64_t owner, enum nic_doorbell_kind kind, uint32_t queue, uint32_t index)
{
	struct nic_op op;
	struct nic_obj *obj;
	int rc = 0;

	nic_op_begin(&op);
	switch (kind) {
	case NIC_DB_SEND: {
		struct nic_wq *wq;

		obj = nic_doorbell_target(nic, owner, NIC_OBJ_WQ, queue, &rc);
		if (!obj)
			return rc;
		wq = (struct nic_wq *)obj;
		if (wq->type != NIC_WQ_TYPE_SQ && (wq->type != NIC_WQ_TYPE_QP || wq->no_sq)) {
			pthread_mutex_unlock(&obj->lock);
			nic_count(&nic->refused_unknown);
			return -ENOENT;
		}
		rc = nic_send_doorbell(&op, wq, (uint16_t)index);
		break;
	}
	case NIC_DB_CQ_ARM:
	case NIC_DB_CQ_ARM_SOLICITED:
	case NIC_DB_ZERO_CQE:
		obj = nic_doorbell_target(nic, owner, NIC_OBJ_CQ, queue, &rc);
		if (!obj)
			return rc;
		rc = nic_cq_doorbell((struct nic_cq *)obj, kind, index);
		break;
	case NIC_DB_EQ_UPDATE:
	case NIC_DB_EQ_ARM:
		obj = nic_doorbell_target(nic, owner, NIC_OBJ_EQ, queue, &rc);
		if (!obj)
			return rc;
		rc = nic_eq_doorbell((struct nic_eq *)obj, kind == NIC_DB_EQ_ARM, index);
		break;
	case NIC_DB_EMU_ARM:
	case NIC_DB_EMU_TRIGGER:
		/* The context is the object (its owner is its CQ's): index names it. */
		obj = nic_doorbell_target(nic, owner, NIC_OBJ_EMU, index, &rc);
		if (!obj)
			return rc;
		rc = nic_emu_doorbell(&op, (struct nic_emu_db *)obj, kind, queue);
		break;
	default:
		return -EINVAL;
	}
	if (!rc)
		obj->doorbells++;
	pthread_mutex_unlock(&obj->lock);
	nic_op_end(&op);
	if (rc == -EINVAL)
		nic_count(&nic->refused_state);
	else if (rc == -ENOENT)
		nic_count(&nic->refused_unknown);
	return rc;
}

/* ---- Timers ------------------------------------------------------------------------------- */

void nic_timer_list(struct nic *nic, struct nic_timer *timer, uint64_t deadline)
{
	/* Listed already for no later: the run at that deadline lists it again for this one (a
	 * moderated CQ's every completion would otherwise take the NIC's timer lock). */
	if (atomic_load_explicit(&timer->listed, memory_order_acquire) && deadline >= timer->deadline) {
		timer->deadline = deadline;
		return;
	}
	pthread_mutex_lock(&nic->timer_lock);
	timer->deadline = deadline;
	if (!timer->listed) {
		timer->listed = true;
		timer->next = nic->timers;
		nic->timers = timer;
	}
	pthread_mutex_unlock(&nic->timer_lock);
	if (nic->env.timer_request)
		nic->env.timer_request(nic->env.user, deadline);
}

/* A timer being run by nic_timers_run is in its private list: it stays listed there, and a
 * later run of it finds its object dead or reborn and does nothing harmful. */
void nic_timer_unlist(struct nic *nic, struct nic_timer *timer)
{
	pthread_mutex_lock(&nic->timer_lock);
	for (struct nic_timer **link = &nic->timers; *link; link = &(*link)->next) {
		if (*link == timer) {
			*link = timer->next;
			timer->listed = false;
			break;
		}
	}
	pthread_mutex_unlock(&nic->timer_lock);
}

void nic_timers_run(struct nic *nic)
{
	uint64_t now = nic->env.now_ns(nic->env.user);
	struct nic_timer *run;

	pthread_mutex_lock(&nic->timer_lock);
	run = nic->timers;
	nic->timers = NULL;
	pthread_mutex_unlock(&nic->timer_lock);
	while (run) {
		struct nic_timer *timer = run;
		struct nic_obj *obj = timer->obj;
		struct nic_op op;

		nic_op_begin(&op);
		/* Taken off the private list under the lock, so that a listing from now on puts
		 * it on the NIC's list again. */
		pthread_mutex_lock(&nic->timer_lock);
		run = timer->next;
		timer->listed = false;
		pthread_mutex_unlock(&nic->timer_lock);

		pthread_mutex_lock(&obj->lock);
		if (obj->num && obj->type == NIC_OBJ_CQ) {
			nic_cq_timer((struct nic_cq *)obj);
		} else if (obj->num && obj->type == NIC_OBJ_WQ) {
			struct nic_wq *wq = (struct nic_wq *)obj;

			if (wq->send.stalled && now >= timer->deadline)
				nic_send_run(&op, wq);
			else if (wq->send.stalled)
				nic_timer_list(nic, timer, timer->deadline);
		}
		pthread_mutex_unlock(&obj->lock);
		nic_op_end(&op);
	}
}

/* ---- Statistics --------------------------------------------------------------------------- */

static void add_cq(struct nic_obj *obj, void *arg)
{
	struct nic_cq *cq = (struct nic_cq *)obj;
	struct nic_stats *s = arg;

	s->doorbells += obj->doorbells;
	s->zero_cqes += cq->zero_cqes;
	s->completions += cq->completions;
	s->events += cq->events;
	s->lost_completions += cq->lost;
}

static void add_eq(struct nic_obj *obj, void *arg)
{
	struct nic_stats *s = arg;

	s->doorbells += obj->doorbells;
	s->events += ((struct nic_eq *)obj)->events;
}

static void add_emu(struct nic_obj *obj, void *arg)
{
	((struct nic_stats *)arg)->doorbells += obj->doorbells;
}

static void add_wq(struct nic_obj *obj, void *arg)
{
	struct nic_wq *wq = (struct nic_wq *)obj;
	struct nic_stats *s = arg;

	s->doorbells += obj->doorbells;
	s->wqes += wq->send.wqes;
	s->tx_frames += wq->send.frames;
	if (wq->type == NIC_WQ_TYPE_RQ) {
		/* Its receive side is counted under its receive lock. */
		pthread_mutex_lock(&wq->rlock);
		s->rx_frames += wq->recv.received;
		pthread_mutex_unlock(&wq->rlock);
	}
}

void nic_stats_get(struct nic *nic, struct nic_stats *stats)
{
	memset(stats, 0, sizeof(*stats));
	nic_table_each(nic, NIC_OBJ_CQ, add_cq, stats);
	nic_table_each(nic, NIC_OBJ_EQ, add_eq, stats);
	nic_table_each(nic, NIC_OBJ_WQ, add_wq, stats);
	nic_table_each(nic, NIC_OBJ_EMU, add_emu, stats);
	for (unsigned p = 1; p <= nic->nports; p++) {
		struct nic_port_counters c;

		nic_port_counters(nic, p, &c);
		stats->rx_dropped += c.rx_dropped + c.rx_missed;
	}
	stats->rx_frames += stats->rx_dropped;
	stats->refused_unknown = atomic_load_explicit(&nic->refused_unknown, memory_order_relaxed);
	stats->refused_owner = atomic_load_explicit(&nic->refused_owner, memory_order_relaxed);
	stats->refused_state = atomic_load_explicit(&nic->refused_state, memory_order_relaxed);
}
