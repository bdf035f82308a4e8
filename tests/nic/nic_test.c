/* The NIC engine's test environment (nic_test.h). */
#include "nic_test.h"

#include <errno.h>
#include <stdarg.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static void *space_reach(void *user, uint64_t space, uint64_t addr, uint64_t len, bool write)
{
	struct test_env *te = user;

	(void)write;
	if (!space || space > te->nspaces || addr > te->spaces[space - 1].len || len > te->spaces[space - 1].len - addr)
		return NULL;
	return te->spaces[space - 1].base + addr;
}

/* Key accesses the calling thread holds (of any test environment). */
static _Thread_local int held_here;

static int mkey_reach(void *user, uint32_t pd, uint32_t key, uint64_t addr, uint64_t len, unsigned access, void **ptr)
{
	struct test_env *te = user;

	for (unsigned i = 0; i < te->nkeys; i++) {
		if (te->keys[i].key != key)
			continue;
		if (te->keys[i].pd != pd)
			return -EPERM;
		if ((te->keys[i].access & access) != access)
			return -EACCES;
		if (addr < te->keys[i].iova || addr - te->keys[i].iova > te->keys[i].len ||
		    len > te->keys[i].len - (addr - te->keys[i].iova))
			return -ERANGE;
		*ptr = te->keys[i].base + (addr - te->keys[i].iova);
		atomic_fetch_add(&te->held, 1);
		held_here++;
		return 0;
	}
	return -ENOENT;
}

static void mkey_done(void *user, uint32_t key)
{
	struct test_env *te = user;

	(void)key;
	atomic_fetch_sub(&te->held, 1);
	held_here--;
}

/* An event or a frame reported by a thread that still holds a key access. */
static void check_released(struct test_env *te)
{
	if (held_here)
		atomic_fetch_add(&te->held_at_event, 1);
}

static uint64_t now_ns(void *user)
{
	return atomic_load(&((struct test_env *)user)->now);
}

static void timer_request(void *user, uint64_t deadline)
{
	atomic_store(&((struct test_env *)user)->deadline, deadline);
}

static void notify(void *user, const struct nic_event *event)
{
	struct test_env *te = user;

	check_released(te);
	pthread_mutex_lock(&te->lock);
	if (te->nevents < TE_EVENTS)
		te->events[te->nevents++] = *event;
	pthread_mutex_unlock(&te->lock);
}

static int port_tx(void *user, unsigned port, const void *frame, size_t len)
{
	struct test_env *te = user;

	check_released(te);
	if (te->tx_rc)
		return te->tx_rc;
	if (te->wire[port]) {
		nic_port_rx(te->wire[port], te->wire_port[port], frame, len);
		return 0;
	}
	pthread_mutex_lock(&te->lock);
	if (te->nframes < TE_FRAMES && len <= sizeof(te->frames[0].bytes)) {
		te->frames[te->nframes].port = port;
		te->frames[te->nframes].len = len;
		memcpy(te->frames[te->nframes].bytes, frame, len);
		te->nframes++;
	}
	pthread_mutex_unlock(&te->lock);
	return 0;
}

void te_init(struct test_env *te)
{
	memset(te, 0, sizeof(*te));
	pthread_mutex_init(&te->lock, NULL);
	te->frames = calloc(TE_FRAMES, sizeof(*te->frames));
	assert_non_null(te->frames);
	atomic_init(&te->now, 1000000000ull);
	te->env = (struct nic_env){
		.user = te,
		.space_reach = space_reach,
		.mkey_reach = mkey_reach,
		.mkey_done = mkey_done,
		.now_ns = now_ns,
		.timer_request = timer_request,
		.notify = notify,
	};
	te->link = (struct nic_port_link){ .transmit = port_tx, .user = te };
}

void te_fini(struct test_env *te)
{
	assert_int_equal(atomic_load(&te->held), 0);
	assert_int_equal(atomic_load(&te->held_at_event), 0);
	for (unsigned i = 0; i < te->nspaces; i++)
		free(te->spaces[i].base);
	free(te->frames);
	pthread_mutex_destroy(&te->lock);
}

struct nic *te_nic(struct test_env *te, struct nic_fabric *fabric)
{
	struct nic *nic = nic_create(&(struct nic_config){ .env = &te->env, .fabric = fabric, .ports = 2 });

	assert_non_null(nic);
	for (unsigned port = 1; port <= 2; port++)
		assert_int_equal(nic_port_attach(nic, port, &te->link), 0);
	return nic;
}

uint64_t te_space(struct test_env *te, uint64_t len, void **base)
{
	void *p = NULL;

	assert_true(te->nspaces < TE_SPACES);
	assert_int_equal(posix_memalign(&p, 4096, len), 0);
	memset(p, 0, len);
	te->spaces[te->nspaces].base = p;
	te->spaces[te->nspaces].len = len;
	te->nspaces++;
	if (base)
		*base = p;
	return te->nspaces;
}

uint32_t te_mkey(struct test_env *te, uint32_t pd, void *base, uint64_t len, uint64_t iova, unsigned access)
{
	uint32_t key = 0x1000 + te->nkeys * 0x100 + 0x42;

	assert_true(te->nkeys < TE_KEYS);
	te->keys[te->nkeys].key = key;
	te->keys[te->nkeys].pd = pd;
	te->keys[te->nkeys].base = base;
	te->keys[te->nkeys].iova = iova;
	te->keys[te->nkeys].len = len;
	te->keys[te->nkeys].access = access;
	te->nkeys++;
	return key;
}

unsigned te_events(struct test_env *te, enum nic_event_kind kind, uint32_t queue)
{
	unsigned n = 0;

	pthread_mutex_lock(&te->lock);
	for (unsigned i = 0; i < te->nevents; i++)
		n += te->events[i].kind == kind && te->events[i].queue == queue;
	pthread_mutex_unlock(&te->lock);
	return n;
}

void te_clear(struct test_env *te)
{
	pthread_mutex_lock(&te->lock);
	te->nevents = 0;
	te->nframes = 0;
	pthread_mutex_unlock(&te->lock);
}

/* ---- CQs -------------------------------------------------------------------------------------- */

void tcq_create(struct tcq *cq, struct test_env *te, struct nic *nic, uint64_t owner, unsigned log,
		const struct nic_cq_attr *attr)
{
	struct nic_cq_attr a = attr ? *attr : (struct nic_cq_attr){ .armed = true };
	void *base;
	uint64_t space = te_space(te, (64ull << log) + 64, &base);

	memset(cq, 0, sizeof(*cq));
	cq->nic = nic;
	cq->owner = owner;
	cq->log = log;
	cq->ring = base;
	cq->dbr = (uint32_t *)((uint8_t *)base + (64ull << log));
	/* As the host library prepares a ring: invalid opcode, hardware owner for pass 0; and a
	 * validity count no pass 0 entry has, for compressed CQs. */
	for (unsigned i = 0; i < 1u << log; i++) {
		cq->ring[i].op_own = 0xf1;
		cq->ring[i].signature = 0xff;
	}
	a.owner = owner;
	a.log_size = (uint8_t)log;
	a.ring = (struct nic_mem){ .space = space, .addr = 0 };
	a.dbr = (struct nic_mem){ .space = space, .addr = 64ull << log };
	assert_int_equal(nic_cq_create(nic, &a, &cq->cqn), 0);
}

/* op_own, read with the entry's last 8-byte word: the engine stores that word last, with
 * release order, so this acquire load orders the reads of the rest after it. */
static uint8_t owner_byte(const struct flexio_dev_cqe64 *cqe)
{
	uint64_t last = __atomic_load_n((const uint64_t *)cqe + 7, __ATOMIC_ACQUIRE);

	return (uint8_t)(last >> 56);
}

static void set_ci(struct tcq *cq)
{
	__atomic_store_n(cq->dbr, cpu_to_be32(cq->ci & 0xffffff), __ATOMIC_RELEASE);
}

bool tcq_poll(struct tcq *cq, struct flexio_dev_cqe64 *out)
{
	struct flexio_dev_cqe64 *cqe = &cq->ring[cq->ci & ((1u << cq->log) - 1)];
	uint8_t hw_owner = !((cq->ci >> cq->log) & 1);

	/* The device loop: while (flexio_dev_cqe_get_owner(cqe) != hw_owner_bit) consume. */
	if ((owner_byte(cqe) & 1) == hw_owner)
		return false;
	*out = *cqe;
	cq->ci++;
	set_ci(cq);
	return true;
}

void tcq_arm(struct tcq *cq)
{
	assert_int_equal(nic_doorbell(cq->nic, cq->owner, NIC_DB_CQ_ARM, cq->cqn, cq->ci), 0);
}

unsigned tcq_poll_comp(struct tcq *cq, struct tcomp *out, unsigned max)
{
	struct flexio_dev_cqe64 *title = &cq->title; /* what mini-CQEs inherit */
	unsigned n = 0;

	while (n < max) {
		struct flexio_dev_cqe64 *cqe = &cq->ring[cq->ci & ((1u << cq->log) - 1)];
		uint8_t iteration = (uint8_t)(cq->ci >> cq->log);

		owner_byte(cqe); /* orders what follows after the entry's last word */
		if (flexio_dev_comp_cqe_get_validity_byte(cqe) != iteration)
			break;
		if (flexio_dev_comp_cqe_is_comp_cqe_array(cqe)) {
			unsigned count = flexio_dev_comp_cqe_get_num_comp_cqes(cqe);

			for (unsigned i = 0; i < count && n < max; i++) {
				uint64_t mini = flexio_dev_comp_cqe_get_comp_cqe(cqe, (int)i);
				const uint8_t *m = (const uint8_t *)&mini;
				uint8_t op = flexio_dev_cqe_get_opcode(title);
				uint32_t byte_cnt;

				memcpy(&byte_cnt, m + 4, 4);
				out[n++] = (struct tcomp){
					.opcode = op,
					.qpn = flexio_dev_cqe_get_qpn(title),
					.byte_cnt = be32_to_cpu(byte_cnt),
					.wqe_counter =
						op == 0 ? (uint16_t)(m[0] << 8 | m[1])
							: (uint16_t)(flexio_dev_cqe_get_wqe_counter(title) + i + 1),
					.mini = true,
				};
			}
		} else {
			*title = *cqe;
			out[n++] = (struct tcomp){
				.opcode = flexio_dev_cqe_get_opcode(cqe),
				.qpn = flexio_dev_cqe_get_qpn(cqe),
				.byte_cnt = flexio_dev_cqe_get_byte_cnt(cqe),
				.wqe_counter = flexio_dev_cqe_get_wqe_counter(cqe),
			};
		}
		cq->ci++;
		set_ci(cq);
	}
	return n;
}

/* ---- QPs ------------------------------------------------------------------------------------- */

void tqp_create(struct tqp *qp, struct test_env *te, struct nic *nic, uint64_t owner, uint32_t pd, struct tcq *scq,
		struct tcq *rcq, unsigned log_sq, unsigned log_rq)
{
	uint64_t rq_len = 16ull << log_rq, sq_len = 64ull << log_sq;
	void *base;
	struct nic_qp_create_attr a;

	memset(qp, 0, sizeof(*qp));
	qp->space = te_space(te, rq_len + sq_len + 64, &base);
	qp->nic = nic;
	qp->owner = owner;
	qp->log_sq = log_sq;
	qp->log_rq = log_rq;
	qp->rq_addr = 0;
	qp->sq_addr = rq_len;
	qp->dbr_addr = rq_len + sq_len;
	qp->rq = base;
	qp->sq = (union flexio_dev_sqe_seg *)((uint8_t *)base + rq_len);
	qp->dbr = (uint32_t *)((uint8_t *)base + qp->dbr_addr);
	a = (struct nic_qp_create_attr){
		.owner = owner,
		.pd = pd,
		.user_index = 0x77,
		.sq_cqn = scq->cqn,
		.rq_cqn = rcq->cqn,
		.log_sq_depth = (uint8_t)log_sq,
		.rq_type = NIC_QP_RQ_REGULAR,
		.log_rq_depth = (uint8_t)log_rq,
		.log_rq_stride = 4,
		.sq_ring = { qp->space, qp->sq_addr },
		.rq_ring = { qp->space, qp->rq_addr },
		.dbr = { qp->space, qp->dbr_addr },
	};
	assert_int_equal(nic_qp_create(nic, &a, &qp->qpn), 0);
}

void tqp_connect(struct tqp *qp, uint32_t dest_qpn, const struct nic_path *path, unsigned access)
{
	struct nic_qp_attr a = { .state = NIC_QP_INIT, .access = access, .port = 1 };

	assert_int_equal(
		nic_qp_modify(qp->nic, qp->qpn, &a, NIC_QP_STATE | NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT), 0);
	a = (struct nic_qp_attr){ .state = NIC_QP_RTR, .dest_qpn = dest_qpn, .path_mtu = 3, .min_rnr_timer = 1 };
	if (path)
		a.path = *path;
	assert_int_equal(nic_qp_modify(qp->nic, qp->qpn, &a,
				       NIC_QP_STATE | NIC_QP_PATH | NIC_QP_PATH_MTU | NIC_QP_DEST_QPN | NIC_QP_RQ_PSN |
					       NIC_QP_MAX_DEST_RD_ATOMIC | NIC_QP_MIN_RNR_TIMER),
			 0);
	a = (struct nic_qp_attr){ .state = NIC_QP_RTS, .retry_cnt = 7, .rnr_retry = 7, .timeout = 14 };
	assert_int_equal(nic_qp_modify(qp->nic, qp->qpn, &a,
				       NIC_QP_STATE | NIC_QP_SQ_PSN | NIC_QP_TIMEOUT | NIC_QP_RETRY_CNT |
					       NIC_QP_RNR_RETRY | NIC_QP_MAX_QP_RD_ATOMIC),
			 0);
}

void tqp_post_recv(struct tqp *qp, uint32_t lkey, uint64_t addr, uint32_t len)
{
	struct flexio_dev_wqe_rcv_data_seg *wqe = &qp->rq[qp->rq_pi & ((1u << qp->log_rq) - 1)];

	wqe->byte_count = cpu_to_be32(len);
	wqe->lkey = cpu_to_be32(lkey);
	wqe->addr = cpu_to_be64(addr);
	qp->rq_pi++;
	/* flexio_dev_dbr_rq_inc_pi after a write fence: the counter last, released. */
	__atomic_store_n(qp->dbr, cpu_to_be32(qp->rq_pi), __ATOMIC_RELEASE);
}

union flexio_dev_sqe_seg *tqp_seg(struct tqp *qp, uint16_t pi, unsigned i)
{
	unsigned segs = 4u << qp->log_sq;

	return &qp->sq[((unsigned)pi * 4 + i) & (segs - 1)];
}

int tqp_ring(struct tqp *qp)
{
	return nic_doorbell(qp->nic, qp->owner, NIC_DB_SEND, qp->qpn, qp->sq_pi);
}

int tqp_send(struct tqp *qp, uint32_t lkey, uint64_t addr, uint32_t len)
{
	uint16_t pi = qp->sq_pi;

	flexio_dev_swqe_seg_ctrl_set(tqp_seg(qp, pi, 0), pi, qp->qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
				     FLEXIO_CTRL_SEG_SEND_RC);
	flexio_dev_swqe_seg_mem_ptr_data_set(tqp_seg(qp, pi, 1), len, lkey, addr);
	qp->sq_pi++;
	return tqp_ring(qp);
}

int tqp_rdma(struct tqp *qp, flexio_ctrl_seg_t type, uint32_t lkey, uint64_t laddr, uint32_t len, uint32_t rkey,
	     uint64_t raddr)
{
	uint16_t pi = qp->sq_pi;

	flexio_dev_swqe_seg_ctrl_set(tqp_seg(qp, pi, 0), pi, qp->qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS, type);
	flexio_dev_swqe_seg_rdma_set(tqp_seg(qp, pi, 1), rkey, raddr);
	flexio_dev_swqe_seg_mem_ptr_data_set(tqp_seg(qp, pi, 2), len, lkey, laddr);
	qp->sq_pi++;
	return tqp_ring(qp);
}

void tsq_create(struct tqp *sq, struct test_env *te, struct nic *nic, uint64_t owner, uint32_t pd, struct tcq *cq,
		unsigned log_sq, uint32_t tisn)
{
	void *base;

	memset(sq, 0, sizeof(*sq));
	sq->space = te_space(te, 64ull << log_sq, &base);
	sq->nic = nic;
	sq->owner = owner;
	sq->log_sq = log_sq;
	sq->sq = base;
	assert_int_equal(nic_sq_create(nic,
				       &(struct nic_sq_attr){ .owner = owner,
							      .pd = pd,
							      .user_index = 0x55,
							      .cqn = cq->cqn,
							      .tisn = tisn,
							      .log_depth = (uint8_t)log_sq,
							      .ring = { sq->space, 0 } },
				       &sq->qpn),
			 0);
	assert_int_equal(nic_wq_modify(nic, sq->qpn, NIC_WQ_RDY), 0);
}

int tqp_nops(struct tqp *qp, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		flexio_dev_swqe_seg_ctrl_set(tqp_seg(qp, qp->sq_pi, 0), qp->sq_pi, qp->qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
					     FLEXIO_CTRL_SEG_NOP);
		qp->sq_pi++;
	}
	return tqp_ring(qp);
}
