/*
 * nic-bench: the NIC engine's loopback echo rate, driven from host threads as DPA handlers
 * would drive it (poll a CQE, build a WQE, ring the doorbell, repost the receive WQE), with no
 * DPA in between: what the engine itself costs per packet.
 *   rc   one RC QP pair per thread: side A sends batches, side B echoes each message back;
 *   eth  one NIC per thread, its two ports wired to each other: an SQ sends frames out of
 *        port 1, they arrive on port 2's RQ, are echoed out of port 2 and come back to port 1.
 * Prints rates and the two-thread/one-thread ratios; it judges nothing.
 * Usage: nic-bench [seconds per run, default 1]
 */
#include <nic.h>

#include <libflexio-dev/flexio_dev_queue_access.h>

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PD 1
#define LOG_DEPTH 8
#define DEPTH (1u << LOG_DEPTH)
#define BATCH 32
#define MSG 64

static void die(const char *what)
{
	fprintf(stderr, "nic-bench: %s\n", what);
	exit(1);
}

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t now(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

/* ---- An environment over host memory: each space and key is one malloc'd buffer ------------- */

#define MAX_BUFS 256

static struct {
	uint8_t *base;
	uint64_t len;
} bufs[MAX_BUFS];
static unsigned nbufs;
static pthread_mutex_t setup_lock = PTHREAD_MUTEX_INITIALIZER;

/* A buffer: space number = key = index + 1, addresses 0..len. */
static uint32_t buffer(uint64_t len, void **base)
{
	void *p = NULL;
	uint32_t id;

	if (posix_memalign(&p, 4096, len))
		die("out of memory");
	memset(p, 0, len);
	pthread_mutex_lock(&setup_lock);
	if (nbufs == MAX_BUFS)
		die("too many buffers");
	bufs[nbufs].base = p;
	bufs[nbufs].len = len;
	id = ++nbufs;
	pthread_mutex_unlock(&setup_lock);
	*base = p;
	return id;
}

static void *reach(uint64_t id, uint64_t addr, uint64_t len)
{
	if (!id || id > MAX_BUFS || !bufs[id - 1].base || addr > bufs[id - 1].len || len > bufs[id - 1].len - addr)
		return NULL;
	return bufs[id - 1].base + addr;
}

static void *space_reach(void *user, uint64_t space, uint64_t addr, uint64_t len, bool write)
{
	(void)user;
	(void)write;
	return reach(space, addr, len);
}

static int mkey_reach(void *user, uint32_t pd, uint32_t key, uint64_t addr, uint64_t len, unsigned access, void **ptr)
{
	(void)user;
	(void)access;
	if (pd != PD)
		return -1;
	*ptr = reach(key, addr, len);
	return *ptr ? 0 : -1;
}

static uint64_t now_ns(void *user)
{
	(void)user;
	return now();
}

static void notify(void *user, const struct nic_event *event)
{
	(void)user;
	(void)event;
}

/* The eth NIC's ports are wired to each other (the link of both); user is the NIC. */
static int port_tx(void *user, unsigned port, const void *frame, size_t len)
{
	nic_port_rx(*(struct nic **)user, port == 1 ? 2 : 1, frame, len);
	return 0;
}

/* A NIC at *self, its ports wired to each other by link (which lives as long as the NIC). */
static struct nic *nic_new(struct nic **self, struct nic_port_link *link)
{
	struct nic_env env = {
		.user = self,
		.space_reach = space_reach,
		.mkey_reach = mkey_reach,
		.now_ns = now_ns,
		.notify = notify,
	};
	struct nic *nic = nic_create(&(struct nic_config){ .env = &env, .ports = 2 });

	if (!nic)
		die("nic_create");
	*self = nic;
	*link = (struct nic_port_link){ .transmit = port_tx, .user = self };
	if (nic_port_attach(nic, 1, link) || nic_port_attach(nic, 2, link))
		die("nic_port_attach");
	return nic;
}

/* ---- Queues ------------------------------------------------------------------------------------- */

struct cq {
	struct nic *nic;
	uint32_t cqn, ci;
	struct flexio_dev_cqe64 *ring;
	uint32_t *dbr;
};

static void cq_new(struct cq *cq, struct nic *nic)
{
	void *base;
	uint32_t id = buffer(64 * DEPTH + 64, &base);

	cq->nic = nic;
	cq->ci = 0;
	cq->ring = base;
	cq->dbr = (uint32_t *)((uint8_t *)base + 64 * DEPTH);
	for (unsigned i = 0; i < DEPTH; i++)
		cq->ring[i].op_own = 0xf1;
	if (nic_cq_create(nic,
			  &(struct nic_cq_attr){
				  .owner = 1, .log_size = LOG_DEPTH, .ring = { id, 0 }, .dbr = { id, 64 * DEPTH } },
			  &cq->cqn))
		die("nic_cq_create");
}

/* The next CQE if software owns it (the device's polling loop), consumed. */
static struct flexio_dev_cqe64 *cq_next(struct cq *cq)
{
	struct flexio_dev_cqe64 *cqe = &cq->ring[cq->ci & (DEPTH - 1)];
	uint64_t last = __atomic_load_n((const uint64_t *)cqe + 7, __ATOMIC_ACQUIRE);

	if ((uint8_t)(last >> 56 & 1) == !((cq->ci >> LOG_DEPTH) & 1))
		return NULL;
	cq->ci++;
	return cqe;
}

static void cq_done(struct cq *cq)
{
	__atomic_store_n(cq->dbr, cpu_to_be32(cq->ci & 0xffffff), __ATOMIC_RELEASE);
}

/* A send ring and a receive ring with their CQ: a QP's, or an SQ's and an RQ's. */
struct end {
	struct nic *nic;
	struct cq cq;
	uint32_t sqn, rqn;
	union flexio_dev_sqe_seg *sq;
	struct flexio_dev_wqe_rcv_data_seg *rq;
	uint32_t *dbr;
	uint16_t sq_pi, rq_pi;
	uint8_t *buf; /* DEPTH receive slots of MSG bytes, then the send data */
	uint32_t key;
	bool eth;
};

static void end_rings(struct end *e, struct nic *nic, uint64_t *space)
{
	void *base;

	e->nic = nic;
	*space = buffer(16 * DEPTH + 64 * DEPTH + 64, &base);
	e->rq = base;
	e->sq = (union flexio_dev_sqe_seg *)((uint8_t *)base + 16 * DEPTH);
	e->dbr = (uint32_t *)((uint8_t *)base + 16 * DEPTH + 64 * DEPTH);
	e->key = buffer(MSG * (DEPTH + 1), (void **)&e->buf);
	cq_new(&e->cq, nic);
}

static void post_recv(struct end *e)
{
	struct flexio_dev_wqe_rcv_data_seg *wqe = &e->rq[e->rq_pi & (DEPTH - 1)];

	wqe->byte_count = cpu_to_be32(MSG);
	wqe->lkey = cpu_to_be32(e->key);
	wqe->addr = cpu_to_be64((uint64_t)(e->rq_pi & (DEPTH - 1)) * MSG);
	e->rq_pi++;
	__atomic_store_n(e->dbr, cpu_to_be32(e->rq_pi), __ATOMIC_RELEASE);
}

/* Builds one send WQE of MSG bytes from offset in e's buffer (signaled or not). */
static void build_send(struct end *e, uint64_t offset, bool signaled)
{
	uint16_t pi = e->sq_pi++;
	union flexio_dev_sqe_seg *wqe = &e->sq[(pi & (DEPTH - 1)) * 4];

	flexio_dev_swqe_seg_ctrl_set(wqe, pi, e->sqn,
				     signaled ? MLX5_CTRL_SEG_CE_CQE_ALWAYS : MLX5_CTRL_SEG_CE_CQE_ON_CQE_ERROR,
				     e->eth ? FLEXIO_CTRL_SEG_SEND_EN : FLEXIO_CTRL_SEG_SEND_RC);
	if (e->eth) {
		flexio_dev_swqe_seg_eth_set(wqe + 1, 0, 0, 0, NULL);
		flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 2, MSG, e->key, offset);
	} else {
		flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 1, MSG, e->key, offset);
	}
}

static void ring(struct end *e)
{
	if (nic_doorbell(e->nic, 1, NIC_DB_SEND, e->sqn, e->sq_pi))
		die("doorbell refused");
}

static void rc_pair(struct nic *nic, struct end *a, struct end *b)
{
	struct end *ends[2] = { a, b };

	for (int i = 0; i < 2; i++) {
		struct end *e = ends[i];
		uint64_t space;

		memset(e, 0, sizeof(*e));
		end_rings(e, nic, &space);
		if (nic_qp_create(nic,
				  &(struct nic_qp_create_attr){ .owner = 1,
								.pd = PD,
								.sq_cqn = e->cq.cqn,
								.rq_cqn = e->cq.cqn,
								.log_sq_depth = LOG_DEPTH,
								.rq_type = NIC_QP_RQ_REGULAR,
								.log_rq_depth = LOG_DEPTH,
								.log_rq_stride = 4,
								.sq_ring = { space, 16 * DEPTH },
								.rq_ring = { space, 0 },
								.dbr = { space, 16 * DEPTH + 64 * DEPTH } },
				  &e->sqn))
			die("nic_qp_create");
	}
	for (int i = 0; i < 2; i++) {
		uint32_t qpn = ends[i]->sqn;
		struct nic_qp_attr attr = { .state = NIC_QP_INIT, .port = 1 };

		if (nic_qp_modify(nic, qpn, &attr, NIC_QP_STATE | NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT))
			die("INIT");
		attr = (struct nic_qp_attr){ .state = NIC_QP_RTR, .dest_qpn = ends[1 - i]->sqn, .path_mtu = 5 };
		if (nic_qp_modify(nic, qpn, &attr,
				  NIC_QP_STATE | NIC_QP_PATH | NIC_QP_PATH_MTU | NIC_QP_DEST_QPN | NIC_QP_RQ_PSN |
					  NIC_QP_MAX_DEST_RD_ATOMIC | NIC_QP_MIN_RNR_TIMER))
			die("RTR");
		attr = (struct nic_qp_attr){ .state = NIC_QP_RTS, .rnr_retry = 7 };
		if (nic_qp_modify(nic, qpn, &attr,
				  NIC_QP_STATE | NIC_QP_SQ_PSN | NIC_QP_TIMEOUT | NIC_QP_RETRY_CNT | NIC_QP_RNR_RETRY |
					  NIC_QP_MAX_QP_RD_ATOMIC))
			die("RTS");
	}
}

/* An SQ on port `port`'s TIS and an RQ receiving port `port`'s frames. */
static void eth_end(struct nic *nic, struct end *e, unsigned port)
{
	uint32_t tdn, tisn, tirn;
	uint64_t space;

	memset(e, 0, sizeof(*e));
	e->eth = true;
	end_rings(e, nic, &space);
	if (nic_td_create(nic, &tdn) || nic_tis_create(nic, tdn, port, &tisn) ||
	    nic_sq_create(nic,
			  &(struct nic_sq_attr){ .owner = 1,
						 .pd = PD,
						 .cqn = e->cq.cqn,
						 .tisn = tisn,
						 .log_depth = LOG_DEPTH,
						 .ring = { space, 16 * DEPTH } },
			  &e->sqn) ||
	    nic_rq_create(nic,
			  &(struct nic_rq_attr){ .owner = 1,
						 .pd = PD,
						 .cqn = e->cq.cqn,
						 .kind = NIC_RQ_CYCLIC,
						 .log_depth = LOG_DEPTH,
						 .log_stride = 4,
						 .ring = { space, 0 },
						 .dbr = { space, 16 * DEPTH + 64 * DEPTH } },
			  &e->rqn) ||
	    nic_wq_modify(nic, e->sqn, NIC_WQ_RDY) || nic_wq_modify(nic, e->rqn, NIC_WQ_RDY) ||
	    nic_tir_create(nic, tdn, e->rqn, &tirn) ||
	    nic_port_set(nic, port, &(struct nic_port_attr){ .mtu = 1500, .rx_tir = tirn }))
		die("Ethernet queues");
}

/* ---- The echo --------------------------------------------------------------------------------- */

struct run {
	struct end a, b;
	struct nic *eth_nic; /* eth: this run's NIC */
	uint64_t seconds_ns;
	uint64_t cpu_ns;   /* the thread's CPU time: the machine may be shared */
	uint64_t messages; /* delivered, both directions */
};

/* B echoes every message it has received; returns how many. */
static unsigned echo(struct end *b)
{
	struct flexio_dev_cqe64 *cqe;
	unsigned n = 0;

	while ((cqe = cq_next(&b->cq))) {
		if (flexio_dev_cqe_get_opcode(cqe) != 2)
			continue; /* its own send completions */
		/* The received slot is sent back as it is, then reposted. */
		build_send(b, (uint64_t)(flexio_dev_cqe_get_wqe_counter(cqe) & (DEPTH - 1)) * MSG,
			   (n + 1) % BATCH == 0);
		post_recv(b);
		n++;
	}
	cq_done(&b->cq);
	if (n)
		ring(b);
	return n;
}

static void *run_echo(void *arg)
{
	struct run *r = arg;
	uint64_t start = now(), cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID), sent = 0, back = 0;

	for (unsigned i = 0; i < DEPTH / 2; i++) {
		post_recv(&r->a);
		post_recv(&r->b);
	}
	while (now() - start < r->seconds_ns) {
		struct flexio_dev_cqe64 *cqe;

		/* A: a batch out whenever its window allows. */
		if (sent - back <= DEPTH / 2 - BATCH) {
			for (unsigned i = 0; i < BATCH; i++)
				build_send(&r->a, MSG * DEPTH, i == BATCH - 1);
			ring(&r->a);
			sent += BATCH;
		}
		echo(&r->b);
		while ((cqe = cq_next(&r->a.cq))) {
			if (flexio_dev_cqe_get_opcode(cqe) == 2) {
				back++;
				post_recv(&r->a);
			}
		}
		cq_done(&r->a.cq);
	}
	r->messages = sent + back;
	r->seconds_ns = now() - start;
	r->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
	return NULL;
}

struct rate {
	double wall; /* messages per second */
	double cpu;  /* messages per CPU-second of the threads */
	double busy; /* CPU time / wall time, summed over the threads */
};

/* Runs threads runs at once. */
static struct rate measure(struct run *runs, unsigned threads)
{
	struct rate rate = { 0 };
	uint64_t messages = 0, cpu = 0;
	pthread_t t[2];

	for (unsigned i = 0; i < threads; i++)
		if (pthread_create(&t[i], NULL, run_echo, &runs[i]))
			die("pthread_create");
	for (unsigned i = 0; i < threads; i++) {
		pthread_join(t[i], NULL);
		rate.wall += (double)runs[i].messages * 1e9 / (double)runs[i].seconds_ns;
		rate.busy += (double)runs[i].cpu_ns / (double)runs[i].seconds_ns;
		messages += runs[i].messages;
		cpu += runs[i].cpu_ns;
	}
	rate.cpu = (double)messages * 1e9 / (double)cpu;
	return rate;
}

static void report(const char *name, const char *unit, struct rate one, struct rate two)
{
	printf("  %s 1 thread : %6.2f M %s/s (%.2f M echoes/s), %.2f CPUs busy, %.2f M/CPU-s\n", name, one.wall / 1e6,
	       unit, one.wall / 2e6, one.busy, one.cpu / 1e6);
	printf("  %s 2 threads: %6.2f M %s/s, %.2f CPUs busy, %.2f M/CPU-s; 2 threads / 1: %.2f (per CPU-s: %.2f)\n",
	       name, two.wall / 1e6, unit, two.busy, two.cpu / 1e6, two.wall / one.wall, two.cpu / one.cpu);
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	struct nic *rc_nic, *eth_nics[2];
	struct nic_port_link rc_link, eth_links[2];
	struct run runs[2];
	struct rate rc1, rc2, eth1 = { 0 }, eth2 = { 0 };

	if (seconds <= 0)
		die("usage: nic-bench [seconds per run]");
	nic_new(&rc_nic, &rc_link);
	for (int i = 0; i < 2; i++) {
		memset(&runs[i], 0, sizeof(runs[i]));
		rc_pair(rc_nic, &runs[i].a, &runs[i].b);
	}
	for (int i = 0; i < 2; i++)
		runs[i].seconds_ns = (uint64_t)(seconds * 1e9);
	rc1 = measure(runs, 1);
	for (int i = 0; i < 2; i++) {
		memset(&runs[i], 0, sizeof(runs[i]));
		rc_pair(rc_nic, &runs[i].a, &runs[i].b);
		runs[i].seconds_ns = (uint64_t)(seconds * 1e9);
	}
	rc2 = measure(runs, 2);

	for (int n = 1; n <= 2; n++) {
		for (int i = 0; i < n; i++) {
			memset(&runs[i], 0, sizeof(runs[i]));
			nic_new(&eth_nics[i], &eth_links[i]);
			eth_end(eth_nics[i], &runs[i].a, 1);
			eth_end(eth_nics[i], &runs[i].b, 2);
			runs[i].seconds_ns = (uint64_t)(seconds * 1e9);
		}
		if (n == 1)
			eth1 = measure(runs, 1);
		else
			eth2 = measure(runs, 2);
		for (int i = 0; i < n; i++)
			nic_destroy(eth_nics[i]);
	}
	nic_destroy(rc_nic);

	printf("nic-bench: loopback echo, %u-byte messages, batches of %u, %.1f s per run\n", MSG, BATCH, seconds);
	report("rc ", "messages", rc1, rc2);
	report("eth", "frames", eth1, eth2);
	return 0;
}
