/*
 * Flow steering of the simulated device through rdma-core's calls (mlx5dv_dr_*), and the DEVX
 * commands packet programs issue: matchers with masks and priorities, misses, drops, default
 * misses, table chains, destination arrays, flow counters, the NIC TX and FDB pipelines, the
 * fields of fte_match_param the device parses, bad input, and rules added and removed while
 * another thread feeds frames (`test_verbs_steering threads`, label concurrency).
 *
 * The rules are the device NIC's (core/nic): the test asks the NIC what it decides for a frame
 * (nic_flow_decide) and hands frames to its port as the port's attachment does (nic_port_rx);
 * they land in RQs made on the NIC (nic.h), counted there. The simulator is linked into the
 * program (its objects, not the shared library), so that the NIC engine the test calls is the
 * one the device has.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>

#include "nic.h"
#include "flexio_verbs.h"

/* ---- stderr capture: every refusal logs exactly one line naming its function ---- */

static int saved_stderr = -1;
static FILE *capture_file;
static char captured[4096];

static void capture_begin(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	assert_non_null(capture_file);
	saved_stderr = dup(STDERR_FILENO);
	dup2(fileno(capture_file), STDERR_FILENO);
}

static void expect_refusal(const char *function, int error, int expected)
{
	char prefix[128];
	size_t n;
	int lines = 0;

	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	rewind(capture_file);
	n = fread(captured, 1, sizeof(captured) - 1, capture_file);
	captured[n] = '\0';
	fclose(capture_file);
	for (const char *p = captured; *p; p++)
		lines += *p == '\n';
	snprintf(prefix, sizeof(prefix), "flexio_verbs ERR %s: ", function);
	if (lines != 1 || strncmp(captured, prefix, strlen(prefix)))
		fail_msg("expected one line \"%s...\", got \"%s\"", prefix, captured);
	assert_int_equal(error, expected);
}

/* A call that must fail with err and one line naming function. */
#define REFUSED_NULL(function, call, err)             \
	do {                                          \
		capture_begin();                      \
		assert_null(call);                    \
		expect_refusal(function, errno, err); \
	} while (0)
#define REFUSED_RC(function, call, err)             \
	do {                                        \
		int rc_;                            \
		capture_begin();                    \
		rc_ = (call);                       \
		expect_refusal(function, rc_, err); \
	} while (0)

/* ---- fte_match_param buffers ---- */

#define FTE 512
enum {
	OUTER = 0,
	MISC = 64,
	INNER = 128,
	MISC2 = 192
};
enum {
	CRIT_OUTER = 1,
	CRIT_MISC = 2,
	CRIT_INNER = 4,
	CRIT_MISC2 = 8
};

static struct mlx5dv_flow_match_parameters *param(size_t size)
{
	struct mlx5dv_flow_match_parameters *p = calloc(1, sizeof(*p) + FTE);

	assert_non_null(p);
	p->match_sz = size;
	return p;
}

static void put(struct mlx5dv_flow_match_parameters *p, size_t offset, const void *bytes, size_t n)
{
	memcpy((uint8_t *)p->match_buf + offset, bytes, n);
}

static void put16(struct mlx5dv_flow_match_parameters *p, size_t offset, uint16_t v)
{
	uint8_t b[2] = { (uint8_t)(v >> 8), (uint8_t)v };

	put(p, offset, b, 2);
}

static void ones(struct mlx5dv_flow_match_parameters *p, size_t offset, size_t n)
{
	memset((uint8_t *)p->match_buf + offset, 0xff, n);
}

/* Field offsets in fte_match_set_lyr_2_4. */
enum {
	SMAC = 0,
	ETHERTYPE = 6,
	DMAC = 8,
	VLAN = 14,
	IP_PROTOCOL = 16,
	VERSION_FLAGS = 18,
	TCP_SPORT = 20,
	TCP_DPORT = 22,
	TTL = 27,
	UDP_SPORT = 28,
	UDP_DPORT = 30,
	SRC_IP = 32,
	DST_IP = 48
};
/* ... and in fte_match_set_misc. */
enum {
	SOURCE_SQN = 1,
	SOURCE_PORT = 6,
	VXLAN_VNI = 20
};

static const uint8_t MAC_A[6] = { 0x02, 0, 0, 0, 0, 0xaa }, MAC_B[6] = { 0x02, 0, 0, 0, 0, 0xbb },
		     MAC_C[6] = { 0x02, 0, 0, 0, 0, 0xcc };

/* ---- frames ---- */

struct frame {
	uint8_t b[256];
	size_t len;
};

/* Ethernet (optionally one VLAN tag), IPv4, then UDP (17) or TCP (6), 32 bytes of payload. */
static struct frame eth_ip(const uint8_t dmac[6], uint8_t proto, uint16_t sport, uint16_t dport, int vid)
{
	struct frame f = { 0 };
	size_t off = 12, l4, l4_len = (proto == 6 ? 20 : 8) + 32;

	memcpy(f.b, dmac, 6);
	memcpy(f.b + 6, MAC_C, 6);
	if (vid >= 0) {
		f.b[12] = 0x81;
		f.b[14] = (uint8_t)(vid >> 8 | 0x20); /* priority 1 */
		f.b[15] = (uint8_t)vid;
		off += 4;
	}
	f.b[off] = 0x08;
	off += 2;
	f.b[off] = 0x45;
	f.b[off + 2] = (uint8_t)((20 + l4_len) >> 8);
	f.b[off + 3] = (uint8_t)(20 + l4_len);
	f.b[off + 8] = 64;
	f.b[off + 9] = proto;
	memcpy(f.b + off + 12, "\x0a\x00\x00\x01\x0a\x00\x00\x02", 8);
	l4 = off + 20;
	f.b[l4] = (uint8_t)(sport >> 8);
	f.b[l4 + 1] = (uint8_t)sport;
	f.b[l4 + 2] = (uint8_t)(dport >> 8);
	f.b[l4 + 3] = (uint8_t)dport;
	if (proto == 6)
		f.b[l4 + 12] = 0x50;
	else
		f.b[l4 + 5] = (uint8_t)l4_len;
	f.len = l4 + l4_len;
	return f;
}

/* ---- receive queues on the device's NIC ---- */

#define RQ_DEPTH 16
#define SLOT 2048

struct rxq {
	struct nic *nic;
	uint8_t *mem; /* CQ ring, CQ record, RQ ring, RQ record, data */
	struct mlx5dv_devx_umem *umem;
	struct ibv_mr *mr;
	uint32_t cqn, rqn, tdn, tirn;
	struct mlx5dv_devx_obj *tir; /* what flexio_rq_get_tir returns */
};

enum {
	CQ_RING = 0,
	CQ_DBR = 4096,
	RQ_RING = 8192,
	RQ_DBR = 8192 + 256,
	DATA = 16384,
	MEM = DATA + RQ_DEPTH * SLOT
};

static uint64_t received(const struct rxq *q)
{
	struct nic_wq_info info;

	assert_int_equal(nic_wq_query(q->nic, q->rqn, &info), 0);
	return info.received;
}

/* Posts receive WQEs so that RQ_DEPTH are free again. */
static void rxq_refill(struct rxq *q)
{
	uint32_t posted = (uint32_t)received(q) + RQ_DEPTH;
	uint8_t be[4] = { (uint8_t)(posted >> 24), (uint8_t)(posted >> 16), (uint8_t)(posted >> 8), (uint8_t)posted };
	uint32_t v;

	memcpy(&v, be, 4);
	__atomic_store_n((uint32_t *)(q->mem + RQ_DBR), v, __ATOMIC_RELEASE);
}

static void rxq_open(struct rxq *q, struct ibv_context *ctx, struct ibv_pd *pd)
{
	uint64_t space;

	memset(q, 0, sizeof(*q));
	q->nic = flexio_verbs_device_nic(0);
	assert_non_null(q->nic);
	q->mem = aligned_alloc(4096, MEM);
	assert_non_null(q->mem);
	memset(q->mem, 0, MEM);
	q->umem = mlx5dv_devx_umem_reg(ctx, q->mem, MEM, IBV_ACCESS_LOCAL_WRITE);
	assert_non_null(q->umem);
	q->mr = ibv_reg_mr(pd, q->mem + DATA, RQ_DEPTH * SLOT, IBV_ACCESS_LOCAL_WRITE);
	assert_non_null(q->mr);
	space = FLEXIO_VERBS_SPACE_UMEM(q->umem->umem_id);
	assert_int_equal(nic_cq_create(q->nic,
				       &(struct nic_cq_attr){ .owner = 1,
							      .log_size = 6,
							      .ring = { space, CQ_RING },
							      .dbr = { space, CQ_DBR },
							      .overrun_ignore = true },
				       &q->cqn),
			 0);
	assert_int_equal(nic_rq_create(q->nic,
				       &(struct nic_rq_attr){ .owner = 1,
							      .pd = pd->handle,
							      .cqn = q->cqn,
							      .kind = NIC_RQ_CYCLIC,
							      .log_depth = 4,
							      .log_stride = 4,
							      .ring = { space, RQ_RING },
							      .dbr = { space, RQ_DBR } },
				       &q->rqn),
			 0);
	for (unsigned i = 0; i < RQ_DEPTH; i++) {
		uint8_t *seg = q->mem + RQ_RING + 16 * i;
		uint64_t addr = (uint64_t)(uintptr_t)(q->mem + DATA + SLOT * i);

		for (int k = 0; k < 4; k++)
			seg[k] = (uint8_t)(SLOT >> (24 - 8 * k));
		for (int k = 0; k < 4; k++)
			seg[4 + k] = (uint8_t)(q->mr->lkey >> (24 - 8 * k));
		for (int k = 0; k < 8; k++)
			seg[8 + k] = (uint8_t)(addr >> (56 - 8 * k));
	}
	rxq_refill(q);
	assert_int_equal(nic_wq_modify(q->nic, q->rqn, NIC_WQ_RDY), 0);
	assert_int_equal(nic_td_create(q->nic, &q->tdn), 0);
	assert_int_equal(nic_tir_create(q->nic, q->tdn, q->rqn, &q->tirn), 0);
	q->tir = flexio_verbs_devx_obj_create(ctx, 0x900, q->tirn);
	assert_non_null(q->tir);
}

static void rxq_close(struct rxq *q)
{
	flexio_verbs_devx_obj_release(q->tir);
	assert_int_equal(nic_tir_destroy(q->nic, q->tirn), 0);
	assert_int_equal(nic_td_destroy(q->nic, q->tdn), 0);
	assert_int_equal(nic_wq_destroy(q->nic, q->rqn), 0);
	assert_int_equal(nic_cq_destroy(q->nic, q->cqn), 0);
	assert_int_equal(ibv_dereg_mr(q->mr), 0);
	assert_int_equal(mlx5dv_devx_umem_dereg(q->umem), 0);
	free(q->mem);
}

/* ---- fixture: a DEVX context, a PD, two RQs ---- */

struct fixture {
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct nic *nic;
	struct rxq q1, q2;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct mlx5dv_context_attr attr = { .flags = MLX5DV_CONTEXT_FLAGS_DEVX };

	assert_non_null(list);
	f->ctx = mlx5dv_open_device(list[0], &attr);
	ibv_free_device_list(list);
	assert_non_null(f->ctx);
	f->pd = ibv_alloc_pd(f->ctx);
	assert_non_null(f->pd);
	rxq_open(&f->q1, f->ctx, f->pd);
	rxq_open(&f->q2, f->ctx, f->pd);
	f->nic = flexio_verbs_device_nic(0);
	assert_non_null(f->nic);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	rxq_close(&f->q1);
	rxq_close(&f->q2);
	assert_int_equal(ibv_dealloc_pd(f->pd), 0);
	assert_int_equal(ibv_close_device(f->ctx), 0);
	free(f);
	return 0;
}

/* What steering does with a received frame. */
enum rx_verdict {
	RX_TIR,      /* to a TIR's RQ */
	RX_DROP,     /* dropped */
	RX_MISS,     /* the port's miss path */
	RX_TIR_MISS, /* both (a mirror) */
};

/* The verdict of a received frame, and its (first) TIR. */
static enum rx_verdict rx_of(struct nic *nic, const struct frame *fr, uint32_t *tirn)
{
	struct nic_flow_decision d;

	*tirn = 0;
	/* (a failure is a verdict no caller expects: called by the feeding thread too, where
	 * cmocka cannot assert) */
	if (nic_flow_decide(nic, NIC_FLOW_RX, 0, fr->b, fr->len, &d))
		return RX_DROP;
	*tirn = d.ntirs ? d.tir[0] : 0;
	if (d.ntirs)
		return d.miss ? RX_TIR_MISS : RX_TIR;
	return d.miss ? RX_MISS : RX_DROP;
}

static enum rx_verdict rx(struct fixture *f, const struct frame *fr, uint32_t *tirn)
{
	return rx_of(f->nic, fr, tirn);
}

/* What steering does with a frame SQ sqn sends. */
enum tx_verdict {
	TX_WIRE,     /* out through the port (and, with a loopback too, a copy back) */
	TX_DROP,     /* dropped */
	TX_LOOPBACK, /* back into the device's receive side */
};

static enum tx_verdict sent(struct fixture *f, uint32_t sqn, const struct frame *fr)
{
	struct nic_flow_decision d;

	assert_int_equal(nic_flow_decide(f->nic, NIC_FLOW_TX, sqn, fr->b, fr->len, &d), 0);
	return d.wire ? TX_WIRE : d.loopback ? TX_LOOPBACK : TX_DROP;
}

static void expect_tir(struct fixture *f, const struct frame *fr, uint32_t tirn)
{
	uint32_t got;

	assert_int_equal(rx(f, fr, &got), RX_TIR);
	assert_int_equal(got, tirn);
}

static void expect_rx(struct fixture *f, const struct frame *fr, enum rx_verdict verdict)
{
	uint32_t got;

	assert_int_equal(rx(f, fr, &got), verdict);
}

/* A matcher on the outer destination MAC of table t. */
static struct mlx5dv_dr_matcher *dmac_matcher(struct mlx5dv_dr_table *t, uint16_t priority)
{
	struct mlx5dv_flow_match_parameters *mask = param(64);
	struct mlx5dv_dr_matcher *m;

	ones(mask, OUTER + DMAC, 6);
	m = mlx5dv_dr_matcher_create(t, priority, CRIT_OUTER, mask);
	assert_non_null(m);
	free(mask);
	return m;
}

static struct mlx5dv_dr_rule *dmac_rule(struct mlx5dv_dr_matcher *m, const uint8_t mac[6], size_t n,
					struct mlx5dv_dr_action **actions)
{
	struct mlx5dv_flow_match_parameters *value = param(64);
	struct mlx5dv_dr_rule *r;

	put(value, OUTER + DMAC, mac, 6);
	r = mlx5dv_dr_rule_create(m, value, n, actions);
	assert_non_null(r);
	free(value);
	return r;
}

/* The same without asserting: for rules that must be refused. */
static struct mlx5dv_dr_rule *dmac_rule_maybe(struct mlx5dv_dr_matcher *m, const uint8_t mac[6],
					      struct mlx5dv_dr_action **action)
{
	struct mlx5dv_flow_match_parameters *value = param(64);
	struct mlx5dv_dr_rule *r;

	put(value, OUTER + DMAC, mac, 6);
	r = mlx5dv_dr_rule_create(m, value, 1, action);
	free(value);
	return r;
}

/* ---- tests ---- */

/* Masks and priorities: the first matching rule of the highest-priority matcher wins; no
 * rule, a miss. The NVIDIA packet processor's shape: NIC RX, root table, dmac -> TIR. */
static void test_match_priority_miss(void **state)
{
	struct fixture *f = *state;
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0);
	struct mlx5dv_dr_action *tir1 = mlx5dv_dr_action_create_dest_devx_tir(f->q1.tir);
	struct mlx5dv_dr_action *tir2 = mlx5dv_dr_action_create_dest_devx_tir(f->q2.tir);
	struct mlx5dv_flow_match_parameters *mask = param(64), *value = param(64);
	struct mlx5dv_dr_matcher *by_mac, *by_udp;
	struct mlx5dv_dr_rule *r1, *r2;
	struct frame udp = eth_ip(MAC_A, 17, 1000, 2000, -1), tcp = eth_ip(MAC_A, 6, 1000, 2000, -1),
		     other = eth_ip(MAC_B, 6, 1, 2, -1);
	uint64_t before;

	assert_non_null(d);
	assert_non_null(t);
	assert_non_null(tir1);
	assert_non_null(tir2);
	expect_rx(f, &udp, RX_MISS); /* no rule yet */
	by_mac = dmac_matcher(t, 1);
	r1 = dmac_rule(by_mac, MAC_A, 1, &tir1);
	expect_tir(f, &udp, f->q1.tirn);
	/* a matcher of higher priority (lower value) on ethertype and IP protocol */
	ones(mask, OUTER + ETHERTYPE, 2);
	ones(mask, OUTER + IP_PROTOCOL, 1);
	by_udp = mlx5dv_dr_matcher_create(t, 0, CRIT_OUTER, mask);
	assert_non_null(by_udp);
	put16(value, OUTER + ETHERTYPE, 0x0800);
	put(value, OUTER + IP_PROTOCOL, "\x11", 1);
	r2 = mlx5dv_dr_rule_create(by_udp, value, 1, &tir2);
	assert_non_null(r2);
	expect_tir(f, &udp, f->q2.tirn);
	expect_tir(f, &tcp, f->q1.tirn);
	expect_rx(f, &other, RX_MISS);
	/* through the port: the frame lands in the RQ */
	before = received(&f->q2);
	nic_port_rx(f->nic, 1, udp.b, udp.len);
	assert_int_equal(received(&f->q2), before + 1);
	assert_memory_equal(f->q2.mem + DATA + SLOT * (before % RQ_DEPTH), udp.b, udp.len);
	/* removed: the next frame sees the rule gone */
	assert_int_equal(mlx5dv_dr_rule_destroy(r2), 0);
	expect_tir(f, &udp, f->q1.tirn);
	assert_int_equal(mlx5dv_dr_rule_destroy(r1), 0);
	expect_rx(f, &udp, RX_MISS);
	assert_int_equal(mlx5dv_dr_matcher_destroy(by_udp), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(by_mac), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir1), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir2), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(t), 0);
	assert_int_equal(mlx5dv_dr_domain_sync(d, MLX5DV_DR_DOMAIN_SYNC_FLAGS_SW | MLX5DV_DR_DOMAIN_SYNC_FLAGS_HW), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);
	free(mask);
	free(value);
}

/* Drop, default miss, a rule without destination, and the first of two equal rules. */
static void test_drop_default_miss(void **state)
{
	struct fixture *f = *state;
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0);
	struct mlx5dv_dr_action *drop = mlx5dv_dr_action_create_drop();
	struct mlx5dv_dr_action *miss = mlx5dv_dr_action_create_default_miss();
	struct mlx5dv_dr_action *tir1 = mlx5dv_dr_action_create_dest_devx_tir(f->q1.tir);
	struct mlx5dv_dr_matcher *m = dmac_matcher(t, 0);
	struct frame a = eth_ip(MAC_A, 17, 1, 2, -1), b = eth_ip(MAC_B, 17, 1, 2, -1), c = eth_ip(MAC_C, 17, 1, 2, -1);
	struct mlx5dv_dr_rule *ra = dmac_rule(m, MAC_A, 1, &drop);
	struct mlx5dv_dr_rule *rb = dmac_rule(m, MAC_B, 1, &miss);
	struct mlx5dv_dr_rule *rc = dmac_rule(m, MAC_C, 0, NULL);
	struct mlx5dv_dr_rule *dup = dmac_rule(m, MAC_A, 1, &tir1); /* duplicates allowed by default */

	expect_rx(f, &a, RX_DROP); /* the first created wins */
	expect_rx(f, &b, RX_MISS);
	expect_rx(f, &c, RX_MISS);
	REFUSED_RC("mlx5dv_dr_action_destroy", mlx5dv_dr_action_destroy(drop), EBUSY);
	assert_int_equal(mlx5dv_dr_rule_destroy(ra), 0);
	expect_tir(f, &a, f->q1.tirn);
	mlx5dv_dr_domain_allow_duplicate_rules(d, false);
	REFUSED_NULL("mlx5dv_dr_rule_create", dmac_rule_maybe(m, MAC_A, &drop), EEXIST);
	assert_int_equal(mlx5dv_dr_rule_destroy(dup), 0);
	assert_int_equal(mlx5dv_dr_rule_destroy(rb), 0);
	assert_int_equal(mlx5dv_dr_rule_destroy(rc), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(drop), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(miss), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir1), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(t), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);
}

/* Table chains by level: root -> level 1 -> TIR; a miss in level 1 is the domain's miss. */
static void test_table_chain(void **state)
{
	struct fixture *f = *state;
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *root = mlx5dv_dr_table_create(d, 0), *t1 = mlx5dv_dr_table_create(d, 1);
	struct mlx5dv_dr_action *to_t1 = mlx5dv_dr_action_create_dest_table(t1);
	struct mlx5dv_dr_action *tir2 = mlx5dv_dr_action_create_dest_devx_tir(f->q2.tir);
	struct mlx5dv_flow_match_parameters *mask = param(64), *value = param(64);
	struct mlx5dv_dr_matcher *m0 = dmac_matcher(root, 0), *m1;
	struct mlx5dv_dr_rule *r0 = dmac_rule(m0, MAC_A, 1, &to_t1), *r1;
	struct frame hit = eth_ip(MAC_A, 17, 5, 4789 + 1, -1), wrong_port = eth_ip(MAC_A, 17, 5, 7, -1);

	assert_non_null(to_t1);
	ones(mask, OUTER + UDP_DPORT, 2);
	m1 = mlx5dv_dr_matcher_create(t1, 0, CRIT_OUTER, mask);
	assert_non_null(m1);
	put16(value, OUTER + UDP_DPORT, 4790);
	r1 = mlx5dv_dr_rule_create(m1, value, 1, &tir2);
	assert_non_null(r1);
	expect_tir(f, &hit, f->q2.tirn);
	expect_rx(f, &wrong_port, RX_MISS);
	/* a root table is no destination; a rule of level 1 cannot send to level 1 */
	REFUSED_NULL("mlx5dv_dr_action_create_dest_table", mlx5dv_dr_action_create_dest_table(root), EINVAL);
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(m1, value, 1, &to_t1), EINVAL);
	REFUSED_RC("mlx5dv_dr_table_destroy", mlx5dv_dr_table_destroy(t1), EBUSY);
	REFUSED_RC("mlx5dv_dr_domain_destroy", mlx5dv_dr_domain_destroy(d), EBUSY);
	assert_int_equal(mlx5dv_dr_rule_destroy(r1), 0);
	assert_int_equal(mlx5dv_dr_rule_destroy(r0), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m1), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m0), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(to_t1), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir2), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(t1), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(root), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);
	free(mask);
	free(value);
}

/* A destination array: each TIR's RQ gets a copy. */
static void test_dest_array(void **state)
{
	struct fixture *f = *state;
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0);
	struct mlx5dv_dr_action *tir1 = mlx5dv_dr_action_create_dest_devx_tir(f->q1.tir);
	struct mlx5dv_dr_action *tir2 = mlx5dv_dr_action_create_dest_devx_tir(f->q2.tir);
	struct mlx5dv_dr_action_dest_attr a1 = { .type = MLX5DV_DR_ACTION_DEST, .dest = tir1 };
	struct mlx5dv_dr_action_dest_attr a2 = { .type = MLX5DV_DR_ACTION_DEST, .dest = tir2 };
	struct mlx5dv_dr_action_dest_attr *dests[] = { &a1, &a2 };
	struct mlx5dv_dr_action *array = mlx5dv_dr_action_create_dest_array(d, 2, dests);
	struct mlx5dv_dr_matcher *m = dmac_matcher(t, 0);
	struct mlx5dv_dr_rule *r = dmac_rule(m, MAC_A, 1, &array);
	struct frame fr = eth_ip(MAC_A, 6, 80, 443, -1);
	uint64_t n1 = received(&f->q1), n2 = received(&f->q2);

	assert_non_null(array);
	nic_port_rx(f->nic, 1, fr.b, fr.len);
	assert_int_equal(received(&f->q1), n1 + 1);
	assert_int_equal(received(&f->q2), n2 + 1);
	assert_memory_equal(f->q2.mem + DATA + SLOT * (n2 % RQ_DEPTH), fr.b, fr.len);
	REFUSED_RC("mlx5dv_dr_action_destroy", mlx5dv_dr_action_destroy(tir2), EBUSY); /* the array holds it */
	assert_int_equal(mlx5dv_dr_rule_destroy(r), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(array), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir1), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir2), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(t), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);
	rxq_refill(&f->q1);
	rxq_refill(&f->q2);
}

/* PRM helpers for the DEVX tests. */
static void be(uint8_t *p, size_t n, uint64_t v)
{
	for (size_t i = n; i-- > 0; v >>= 8)
		p[i] = (uint8_t)v;
}

static uint64_t get_be(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

/* The packets and bytes of counter id (QUERY_FLOW_COUNTER on its object), cleared if asked. */
static void query_counter(struct mlx5dv_devx_obj *obj, uint32_t id, bool clear, uint64_t *packets, uint64_t *bytes)
{
	uint8_t in[32] = { 0 }, out[32] = { 0 };

	be(in, 2, 0x93b);
	in[24] = clear ? 0x80 : 0;
	be(in + 26, 2, 1);
	be(in + 28, 4, id);
	assert_int_equal(mlx5dv_devx_obj_query(obj, in, sizeof(in), out, sizeof(out)), 0);
	*packets = get_be(out + 16, 8);
	*bytes = get_be(out + 24, 8);
}

/* Flow counters: a bulk from ALLOC_FLOW_COUNTER, an action on one of its counters. */
static void test_counters(void **state)
{
	struct fixture *f = *state;
	uint8_t in[16] = { 0 }, out[16] = { 0 };
	struct mlx5dv_devx_obj *bulk;
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0);
	struct mlx5dv_dr_matcher *m = dmac_matcher(t, 0);
	struct mlx5dv_dr_action *actions[2];
	struct mlx5dv_dr_rule *r;
	struct frame fr = eth_ip(MAC_B, 17, 1, 2, -1);
	uint64_t packets, bytes;
	uint32_t id;

	be(in, 2, 0x939);
	in[15] = 1; /* a bulk of 128 */
	bulk = mlx5dv_devx_obj_create(f->ctx, in, sizeof(in), out, sizeof(out));
	assert_non_null(bulk);
	id = (uint32_t)get_be(out + 8, 4);
	assert_int_not_equal(id, 0);
	actions[0] = mlx5dv_dr_action_create_flow_counter(bulk, 5);
	actions[1] = mlx5dv_dr_action_create_dest_devx_tir(f->q1.tir);
	assert_non_null(actions[0]);
	REFUSED_NULL("mlx5dv_dr_action_create_flow_counter", mlx5dv_dr_action_create_flow_counter(bulk, 128), EINVAL);
	REFUSED_NULL("mlx5dv_dr_action_create_flow_counter", mlx5dv_dr_action_create_flow_counter(f->q1.tir, 0),
		     EINVAL);
	r = dmac_rule(m, MAC_B, 2, actions);
	for (int i = 0; i < 3; i++)
		expect_tir(f, &fr, f->q1.tirn);
	query_counter(bulk, id + 5, false, &packets, &bytes);
	assert_int_equal(packets, 3);
	assert_int_equal(bytes, 3 * fr.len);
	query_counter(bulk, id + 4, false, &packets, &bytes);
	assert_int_equal(packets, 0);
	query_counter(bulk, id + 5, true, &packets, &bytes);
	assert_int_equal(packets, 3);
	query_counter(bulk, id + 5, false, &packets, &bytes);
	assert_int_equal(packets, 0);
	assert_int_equal(bytes, 0);
	REFUSED_RC("mlx5dv_devx_obj_destroy", mlx5dv_devx_obj_destroy(bulk), EBUSY);
	assert_int_equal(mlx5dv_dr_rule_destroy(r), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(actions[0]), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(actions[1]), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(bulk), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(t), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);
}

/* The send side: NIC TX, then FDB (the packet processor's shape: root -> level 1 -> uplink). */
static void test_tx_fdb(void **state)
{
	struct fixture *f = *state;
	struct mlx5dv_dr_domain *fdb = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_FDB);
	struct mlx5dv_dr_domain *tx = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_TX);
	struct mlx5dv_dr_table *root = mlx5dv_dr_table_create(fdb, 0), *sws = mlx5dv_dr_table_create(fdb, 1);
	struct mlx5dv_dr_table *txroot = mlx5dv_dr_table_create(tx, 0);
	struct mlx5dv_dr_action *to_sws = mlx5dv_dr_action_create_dest_table(sws);
	struct mlx5dv_dr_action *uplink = mlx5dv_dr_action_create_dest_vport(fdb, 0xffff);
	struct mlx5dv_dr_action *pf = mlx5dv_dr_action_create_dest_vport(fdb, 0);
	struct mlx5dv_dr_action *drop = mlx5dv_dr_action_create_drop();
	struct mlx5dv_flow_match_parameters *empty = param(64), *sqn_mask = param(128), *sqn = param(128);
	struct mlx5dv_dr_matcher *any = mlx5dv_dr_matcher_create(root, 0, 0, empty);
	struct mlx5dv_dr_matcher *by_sqn, *any1 = mlx5dv_dr_matcher_create(sws, 1, 0, empty);
	struct mlx5dv_dr_rule *r_any = mlx5dv_dr_rule_create(any, empty, 1, &to_sws);
	struct mlx5dv_dr_rule *r_wire = mlx5dv_dr_rule_create(any1, empty, 1, &uplink);
	struct mlx5dv_dr_rule *r7, *r8, *r_txdrop;
	struct mlx5dv_dr_matcher *txm = dmac_matcher(txroot, 0);
	struct frame fr = eth_ip(MAC_A, 17, 1, 2, -1), fb = eth_ip(MAC_B, 17, 1, 2, -1);

	assert_non_null(any);
	assert_non_null(any1);
	assert_non_null(r_any);
	assert_non_null(r_wire);
	assert_int_equal(sent(f, 3, &fr), TX_WIRE);
	/* the SQ 7's frames dropped, SQ 8's back to the PF */
	ones(sqn_mask, MISC + SOURCE_SQN, 3);
	by_sqn = mlx5dv_dr_matcher_create(sws, 0, CRIT_MISC, sqn_mask);
	assert_non_null(by_sqn);
	be((uint8_t *)sqn->match_buf + MISC + SOURCE_SQN, 3, 7);
	r7 = mlx5dv_dr_rule_create(by_sqn, sqn, 1, &drop);
	be((uint8_t *)sqn->match_buf + MISC + SOURCE_SQN, 3, 8);
	r8 = mlx5dv_dr_rule_create(by_sqn, sqn, 1, &pf);
	assert_non_null(r7);
	assert_non_null(r8);
	assert_int_equal(sent(f, 7, &fr), TX_DROP);
	assert_int_equal(sent(f, 8, &fr), TX_LOOPBACK);
	assert_int_equal(sent(f, 9, &fr), TX_WIRE);
	/* NIC TX comes first: a drop there */
	r_txdrop = dmac_rule(txm, MAC_B, 1, &drop);
	assert_int_equal(sent(f, 9, &fb), TX_DROP);
	assert_int_equal(sent(f, 9, &fr), TX_WIRE);
	/* received frames: FDB sends the uplink's to the PF by default; none of these rules
	 * match source_port 0xffff... but the empty root matcher does: on to level 1, whose
	 * catch-all sends to the uplink (a hairpin: not simulated, dropped) */
	expect_rx(f, &fr, RX_DROP);
	assert_int_equal(mlx5dv_dr_rule_destroy(r_wire), 0);
	expect_rx(f, &fr, RX_MISS);
	/* vports are FDB destinations; the device has the PF and the uplink */
	REFUSED_NULL("mlx5dv_dr_action_create_dest_vport", mlx5dv_dr_action_create_dest_vport(tx, 0xffff), EOPNOTSUPP);
	REFUSED_NULL("mlx5dv_dr_action_create_dest_vport", mlx5dv_dr_action_create_dest_vport(fdb, 5), EINVAL);
	assert_int_equal(mlx5dv_dr_rule_destroy(r_txdrop), 0);
	assert_int_equal(mlx5dv_dr_rule_destroy(r7), 0);
	assert_int_equal(mlx5dv_dr_rule_destroy(r8), 0);
	assert_int_equal(mlx5dv_dr_rule_destroy(r_any), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(txm), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(by_sqn), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(any1), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(any), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(to_sws), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(uplink), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(pf), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(drop), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(sws), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(root), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(txroot), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(fdb), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(tx), 0);
	free(empty);
	free(sqn_mask);
	free(sqn);
}

/* The fields: VLAN, L4 ports, TTL, IPv4 addresses, VXLAN VNI and inner headers. */
static void test_fields(void **state)
{
	struct fixture *f = *state;
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0);
	struct mlx5dv_dr_action *tir1 = mlx5dv_dr_action_create_dest_devx_tir(f->q1.tir);
	struct mlx5dv_flow_match_parameters *mask = param(FTE), *value = param(FTE);
	struct mlx5dv_dr_matcher *m;
	struct mlx5dv_dr_rule *r;
	struct frame tagged = eth_ip(MAC_A, 6, 1234, 80, 100), untagged = eth_ip(MAC_A, 6, 1234, 80, -1),
		     other_vid = eth_ip(MAC_A, 6, 1234, 80, 101), other_port = eth_ip(MAC_A, 6, 1235, 80, 100);
	struct frame vx = eth_ip(MAC_A, 17, 5555, 4789, -1), inner = eth_ip(MAC_B, 6, 1, 2, -1);

	/* cvlan_tag, first_vid, TCP source port, TTL, destination IPv4 */
	((uint8_t *)mask->match_buf)[OUTER + VERSION_FLAGS] = 0x80;
	put16(mask, OUTER + VLAN, 0x0fff);
	ones(mask, OUTER + TCP_SPORT, 2);
	ones(mask, OUTER + TTL, 1);
	ones(mask, OUTER + DST_IP + 12, 4);
	m = mlx5dv_dr_matcher_create(t, 0, CRIT_OUTER, mask);
	assert_non_null(m);
	((uint8_t *)value->match_buf)[OUTER + VERSION_FLAGS] = 0x80;
	put16(value, OUTER + VLAN, 100);
	put16(value, OUTER + TCP_SPORT, 1234);
	put(value, OUTER + TTL, "\x40", 1);
	put(value, OUTER + DST_IP + 12, "\x0a\x00\x00\x02", 4);
	r = mlx5dv_dr_rule_create(m, value, 1, &tir1);
	assert_non_null(r);
	expect_tir(f, &tagged, f->q1.tirn);
	expect_rx(f, &untagged, RX_MISS);
	expect_rx(f, &other_vid, RX_MISS);
	expect_rx(f, &other_port, RX_MISS);
	assert_int_equal(mlx5dv_dr_rule_destroy(r), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m), 0);

	/* VXLAN: the VNI (misc) and the inner destination MAC; after the UDP header (34), the
	 * VXLAN header (I flag, VNI 0x1234) and the inner frame */
	vx.b[34 + 8] = 0x08;
	vx.b[34 + 13] = 0x12;
	vx.b[34 + 14] = 0x34;
	memcpy(vx.b + 34 + 16, inner.b, inner.len);
	vx.len = 34 + 16 + inner.len;
	memset(mask->match_buf, 0, FTE);
	memset(value->match_buf, 0, FTE);
	ones(mask, MISC + VXLAN_VNI, 3);
	ones(mask, INNER + DMAC, 6);
	m = mlx5dv_dr_matcher_create(t, 0, CRIT_MISC | CRIT_INNER, mask);
	assert_non_null(m);
	be((uint8_t *)value->match_buf + MISC + VXLAN_VNI, 3, 0x1234);
	put(value, INNER + DMAC, MAC_B, 6);
	r = mlx5dv_dr_rule_create(m, value, 1, &tir1);
	assert_non_null(r);
	expect_tir(f, &vx, f->q1.tirn);
	vx.b[vx.len - inner.len + 5] = 0xcc; /* another inner MAC */
	expect_rx(f, &vx, RX_MISS);
	assert_int_equal(mlx5dv_dr_rule_destroy(r), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir1), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(t), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);
	free(mask);
	free(value);
}

/* Bad input: one line naming the function, rdma-core's errno. */
static void test_bad_input(void **state)
{
	struct fixture *f = *state;
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_domain *tx = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_TX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0), *txt = mlx5dv_dr_table_create(tx, 0);
	struct mlx5dv_dr_action *tir1 = mlx5dv_dr_action_create_dest_devx_tir(f->q1.tir);
	struct mlx5dv_dr_action *drop = mlx5dv_dr_action_create_drop(), *two[2];
	struct mlx5dv_flow_match_parameters *mask = param(64), *big = param(FTE + 4), *value = param(64);
	struct mlx5dv_dr_action_dest_attr reformat = { .type = MLX5DV_DR_ACTION_DEST_REFORMAT };
	struct mlx5dv_dr_action_dest_attr bogus = { .type = MLX5DV_DR_ACTION_DEST, .dest = (void *)mask };
	struct mlx5dv_dr_action_dest_attr *dests[] = { &reformat }, *bogus_dests[] = { &bogus };
	struct mlx5dv_dr_matcher *m = dmac_matcher(t, 0), *txm = dmac_matcher(txt, 0);
	struct mlx5dv_dr_matcher_layout layout = { .flags = MLX5DV_DR_MATCHER_LAYOUT_RESIZABLE };
	struct mlx5dv_dr_rule *r;

	REFUSED_NULL("mlx5dv_dr_domain_create", mlx5dv_dr_domain_create(NULL, MLX5DV_DR_DOMAIN_TYPE_NIC_RX), EINVAL);
	REFUSED_NULL("mlx5dv_dr_domain_create", mlx5dv_dr_domain_create(f->ctx, (enum mlx5dv_dr_domain_type)7), EINVAL);
	REFUSED_RC("mlx5dv_dr_domain_sync", mlx5dv_dr_domain_sync(d, 0x80), EINVAL);
	REFUSED_NULL("mlx5dv_dr_table_create", mlx5dv_dr_table_create(NULL, 0), EINVAL);
	REFUSED_NULL("mlx5dv_dr_table_create", mlx5dv_dr_table_create((struct mlx5dv_dr_domain *)t, 0), EINVAL);
	/* matchers */
	REFUSED_NULL("mlx5dv_dr_matcher_create", mlx5dv_dr_matcher_create(t, 0, CRIT_OUTER, NULL), EINVAL);
	REFUSED_NULL("mlx5dv_dr_matcher_create", mlx5dv_dr_matcher_create(t, 0, 0x80, mask), EINVAL);
	REFUSED_NULL("mlx5dv_dr_matcher_create", mlx5dv_dr_matcher_create(t, 0, CRIT_OUTER, big), EINVAL);
	big->match_sz = FTE;
	((uint8_t *)big->match_buf)[MISC2] = 1; /* metadata registers: not parsed */
	REFUSED_NULL("mlx5dv_dr_matcher_create", mlx5dv_dr_matcher_create(t, 0, CRIT_MISC2, big), EOPNOTSUPP);
	assert_non_null(mlx5dv_dr_matcher_create(t, 5, CRIT_OUTER, big)); /* misc 2 not enabled: ignored */
	assert_int_equal(mlx5dv_dr_matcher_set_layout(m, &layout), 0);
	REFUSED_RC("mlx5dv_dr_matcher_set_layout", mlx5dv_dr_matcher_set_layout(m, NULL), EINVAL);
	/* rules */
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(m, NULL, 1, &tir1), EINVAL);
	value->match_sz = 62;
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(m, value, 1, &tir1), EINVAL);
	value->match_sz = 64;
	((uint8_t *)value->match_buf)[OUTER + SMAC] = 1; /* outside the mask */
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(m, value, 1, &tir1), EINVAL);
	((uint8_t *)value->match_buf)[OUTER + SMAC] = 0;
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(m, value, 2, NULL), EINVAL);
	two[0] = tir1;
	two[1] = drop;
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(m, value, 2, two), EINVAL);
	two[1] = (struct mlx5dv_dr_action *)mask;
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(m, value, 2, two), EINVAL);
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(txm, value, 1, &tir1), EOPNOTSUPP);
	REFUSED_NULL("mlx5dv_dr_rule_create", mlx5dv_dr_rule_create(NULL, value, 1, &tir1), EINVAL);
	/* actions */
	REFUSED_NULL("mlx5dv_dr_action_create_dest_devx_tir", mlx5dv_dr_action_create_dest_devx_tir(NULL), EINVAL);
	REFUSED_NULL("mlx5dv_dr_action_create_dest_array", mlx5dv_dr_action_create_dest_array(d, 0, dests), EINVAL);
	REFUSED_NULL("mlx5dv_dr_action_create_dest_array", mlx5dv_dr_action_create_dest_array(d, 1, dests), EOPNOTSUPP);
	REFUSED_NULL("mlx5dv_dr_action_create_dest_array", mlx5dv_dr_action_create_dest_array(d, 1, bogus_dests),
		     EINVAL);
	bogus.dest = drop;
	REFUSED_NULL("mlx5dv_dr_action_create_dest_array", mlx5dv_dr_action_create_dest_array(d, 1, bogus_dests),
		     EINVAL);
	REFUSED_RC("mlx5dv_dr_action_destroy", mlx5dv_dr_action_destroy(NULL), EINVAL);
	/* in use, then destroyed */
	r = mlx5dv_dr_rule_create(m, value, 1, &tir1);
	assert_non_null(r);
	REFUSED_RC("mlx5dv_dr_matcher_destroy", mlx5dv_dr_matcher_destroy(m), EBUSY);
	REFUSED_RC("mlx5dv_dr_table_destroy", mlx5dv_dr_table_destroy(t), EBUSY);
	REFUSED_RC("mlx5dv_dr_action_destroy", mlx5dv_dr_action_destroy(tir1), EBUSY);
	assert_int_equal(mlx5dv_dr_rule_destroy(r), 0);
	REFUSED_RC("mlx5dv_dr_rule_destroy", mlx5dv_dr_rule_destroy(r), EINVAL);
	assert_int_equal(mlx5dv_dr_action_destroy(drop), 0);
	REFUSED_RC("mlx5dv_dr_action_destroy", mlx5dv_dr_action_destroy(drop), EINVAL);
	/* what is left goes with the context (a matcher, actions, tables, domains) */
	(void)mlx5dv_dr_matcher_create(t, 1, CRIT_OUTER, mask);
	free(mask);
	free(big);
	free(value);
}

/* DEVX general commands and what is not served. */
static void test_devx(void **state)
{
	struct fixture *f = *state;
	uint8_t in[32] = { 0 }, out[16 + 4096] = { 0 }, mac[6];
	struct nic_port_attr port;

	/* general capabilities (current) */
	be(in, 2, 0x100);
	be(in + 6, 2, 1);
	assert_int_equal(mlx5dv_devx_general_cmd(f->ctx, in, 16, out, sizeof(out)), 0);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[16 + 0x1b6 / 8] >> (7 - 0x1b7 % 8) & 3, 1); /* port_type: Ethernet */
	assert_int_equal(out[16 + 0x1b8 / 8], 1);                        /* num_ports */
	assert_int_equal(out[16 + 0x348 / 8], 14);                       /* log_max_flow_counter_bulk */
	assert_int_equal(out[16 + 0x1a6 / 8] & 0x03, 3);                 /* nic_flow_table, eswitch_manager */
	/* the PF's MAC and MTU */
	memset(in, 0, sizeof(in));
	be(in, 2, 0x754);
	assert_int_equal(mlx5dv_devx_general_cmd(f->ctx, in, 16, out, 16 + 256), 0);
	assert_int_equal(nic_port_get(f->q1.nic, 1, &port), 0);
	memcpy(mac, out + 16 + 0xf6, 6);
	assert_memory_equal(mac, port.mac, 6);
	assert_int_equal(get_be(out + 16 + 0x26, 2), port.mtu);
	/* refused */
	REFUSED_RC("mlx5dv_devx_general_cmd", mlx5dv_devx_general_cmd(f->ctx, in, 16, out, 16), EINVAL);
	REFUSED_RC("mlx5dv_devx_general_cmd", mlx5dv_devx_general_cmd(f->ctx, NULL, 16, out, 16), EINVAL);
	REFUSED_RC("mlx5dv_devx_general_cmd", mlx5dv_devx_general_cmd(NULL, in, 16, out, 16), EINVAL);
	be(in, 2, 0x100);
	be(in + 6, 2, 7 << 1 | 1); /* flow table capabilities */
	REFUSED_RC("mlx5dv_devx_general_cmd", mlx5dv_devx_general_cmd(f->ctx, in, 16, out, sizeof(out)), EOPNOTSUPP);
	be(in, 2, 0x770); /* QUERY_VPORT_COUNTER */
	be(in + 6, 2, 0);
	REFUSED_RC("mlx5dv_devx_general_cmd", mlx5dv_devx_general_cmd(f->ctx, in, 16, out, sizeof(out)), EOPNOTSUPP);
	be(in, 2, 0x900); /* CREATE_TIR without its context */
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, 16, out, 16), EINVAL);
	be(in, 2, 0x908); /* CREATE_RQ without its context */
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, 16, out, 16), EINVAL);
	be(in, 2, 0x200); /* CREATE_MKEY: not simulated */
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, 16, out, 16), EOPNOTSUPP);
	be(in, 2, 0x939);
	in[15] = 3; /* a bulk of 384: not a power of two */
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, 16, out, 16), EREMOTEIO);
	assert_int_equal(out[0], 0x3);
	be(in, 2, 0x909); /* QUERY_RQ on libflexio's TIR wrapper */
	REFUSED_RC("mlx5dv_devx_obj_query", mlx5dv_devx_obj_query(f->q1.tir, in, 16, out, 16), EOPNOTSUPP);
	REFUSED_RC("mlx5dv_devx_obj_modify", mlx5dv_devx_obj_modify(f->q1.tir, in, 16, out, 16), EOPNOTSUPP);
	REFUSED_RC("mlx5dv_devx_obj_destroy", mlx5dv_devx_obj_destroy(f->q1.tir), EBUSY);
	/* a counter queried outside its bulk */
	{
		struct mlx5dv_devx_obj *one;
		uint8_t q[32] = { 0 };
		uint32_t id;

		memset(in, 0, sizeof(in));
		be(in, 2, 0x939);
		one = mlx5dv_devx_obj_create(f->ctx, in, 16, out, 16);
		assert_non_null(one);
		id = (uint32_t)get_be(out + 8, 4);
		be(q, 2, 0x93b);
		be(q + 28, 4, id + 1);
		REFUSED_RC("mlx5dv_devx_obj_query", mlx5dv_devx_obj_query(one, q, 32, out, 32), EREMOTEIO);
		be(q + 28, 4, id);
		REFUSED_RC("mlx5dv_devx_obj_query", mlx5dv_devx_obj_query(one, q, 32, out, 16), EINVAL);
		assert_int_equal(mlx5dv_devx_obj_query(one, q, 32, out, 32), 0);
		assert_int_equal(mlx5dv_devx_obj_destroy(one), 0);
		REFUSED_RC("mlx5dv_devx_obj_destroy", mlx5dv_devx_obj_destroy(one), EINVAL);
	}
}

/* ---- receive-side scaling through DEVX ---- */

/* Microsoft's RSS verification key. */
static const uint8_t RSS_KEY[40] = { 0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
				     0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
				     0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa };

/* CREATE_RQT_IN (mlx5_ifc.h): rqtc at 20h, rqt_max_size at rqtc 14h, rqt_actual_size at rqtc
 * 18h (low 16 bits of each), rq_num[] at rqtc F0h. in holds 0x110 + 4 * n bytes. */
static size_t rqt_in(uint8_t *in, uint16_t opcode, uint32_t rqtn, const uint32_t *rqns, unsigned n)
{
	memset(in, 0, 0x110 + 4 * (size_t)n);
	be(in, 2, opcode);
	be(in + 0x08, 4, rqtn);     /* MODIFY_RQT: the table */
	in[0x17] = 1;               /* MODIFY_RQT: bitmask rqn_list */
	be(in + 0x20 + 0x16, 2, n); /* rqt_max_size */
	be(in + 0x20 + 0x1a, 2, n); /* rqt_actual_size */
	for (unsigned i = 0; i < n; i++)
		be(in + 0x110 + 4 * i, 4, rqns[i]);
	return 0x110 + 4 * (size_t)n;
}

/* CREATE_TIR_IN: tirc at 20h; disp_type (tirc 04h, bits 31..28), indirect_table (tirc 20h),
 * rx_hash_fn (tirc 24h, bits 31..28) and transport_domain, the Toeplitz key (tirc 28h), the
 * outer hash field selector (tirc 50h). */
static void tir_in(uint8_t *in, uint32_t tdn, uint32_t rqtn, uint32_t fn, uint32_t select)
{
	memset(in, 0, 0x20 + 0xf0);
	be(in, 2, 0x900);
	be(in + 0x20 + 0x04, 4, 1u << 28); /* INDIRECT */
	be(in + 0x20 + 0x20, 4, rqtn);
	be(in + 0x20 + 0x24, 4, fn << 28 | tdn);
	memcpy(in + 0x20 + 0x28, RSS_KEY, 40);
	be(in + 0x20 + 0x50, 4, select);
}

/* A UDP frame to MAC A of flow i (source port 2000 + 7 i, destination port 53). */
static struct frame udp_flow(unsigned i)
{
	struct frame fr = eth_ip(MAC_A, 17, (uint16_t)(2000 + 7 * i), 53, -1);

	fr.b[29] = (uint8_t)i; /* source address 10.0.<i>.1 */
	return fr;
}

/* NVIDIA's way to spread packets over FlexIO RQs: ALLOC_TRANSPORT_DOMAIN, CREATE_RQT over the
 * RQs, CREATE_TIR (INDIRECT, TOEPLITZ, UDP over IPv4), a steering rule to the TIR. Each frame
 * lands in the RQ of entry hash % 2; MODIFY_RQT changes the list; refusals as the firmware's;
 * destruction in order, and what a context leaves is freed at close. */
static void test_devx_rss(void **state)
{
	struct fixture *f = *state;
	uint8_t in[0x200], out[16];
	uint32_t rqns[2] = { f->q1.rqn, f->q2.rqn }, tdn, rqtn, tirn;
	struct mlx5dv_devx_obj *td, *rqt, *tir;
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0);
	struct mlx5dv_dr_matcher *m = dmac_matcher(t, 0);
	struct mlx5dv_dr_action *to_tir;
	struct mlx5dv_dr_rule *rule;
	uint64_t n1 = received(&f->q1), n2 = received(&f->q2), want1 = 0, want2 = 0;
	size_t len;

	memset(in, 0, 16);
	be(in, 2, 0x816);
	td = mlx5dv_devx_obj_create(f->ctx, in, 16, out, sizeof(out));
	assert_non_null(td);
	tdn = (uint32_t)get_be(out + 8, 4) & 0xffffff;
	/* rqt_actual_size 0 (max and actual in one dword): refused as the firmware refuses it */
	len = rqt_in(in, 0x916, 0, rqns, 2);
	be(in + 0x20 + 0x18, 4, 0);
	be(in + 0x20 + 0x14, 4, 2u << 16 | 2);
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, len, out, sizeof(out)), EREMOTEIO);
	assert_int_equal(out[0], 0x3); /* BAD_PARAM */
	len = rqt_in(in, 0x916, 0, (uint32_t[]){ f->q1.rqn, f->q1.cqn + 0x1000 }, 2);
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, len, out, sizeof(out)), EREMOTEIO);
	len = rqt_in(in, 0x916, 0, rqns, 2);
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, len - 4, out, sizeof(out)), EINVAL);
	in[0x20 + 0x18] = 0x80; /* rq_vhca_id_format: entries of a vhca_id and an RQ number */
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, len, out, sizeof(out)), EOPNOTSUPP);
	in[0x20 + 0x18] = 0;
	rqt = mlx5dv_devx_obj_create(f->ctx, in, len, out, sizeof(out));
	assert_non_null(rqt);
	rqtn = (uint32_t)get_be(out + 8, 4) & 0xffffff;
	tir_in(in, tdn, rqtn, 1 /* XOR8 */, 0xf);
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, 0x110, out, sizeof(out)), EOPNOTSUPP);
	tir_in(in, tdn, rqtn, 3 /* no hash function */, 0xf);
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, 0x110, out, sizeof(out)), EREMOTEIO);
	assert_int_equal(out[0], 0x3); /* BAD_PARAM */
	tir_in(in, tdn, rqtn, 2, 0xf);
	be(in + 0x20 + 0x04, 4, 2u << 28); /* a disp_type that is none */
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, 0x110, out, sizeof(out)), EREMOTEIO);
	tir_in(in, tdn, rqtn + 1, 2, 0xf);
	REFUSED_NULL("mlx5dv_devx_obj_create", mlx5dv_devx_obj_create(f->ctx, in, 0x110, out, sizeof(out)), EREMOTEIO);
	tir_in(in, tdn, rqtn, 2, 1u << 30 | 0xf); /* UDP over IPv4: addresses and ports */
	tir = mlx5dv_devx_obj_create(f->ctx, in, 0x110, out, sizeof(out));
	assert_non_null(tir);
	tirn = (uint32_t)get_be(out + 8, 4) & 0xffffff;
	to_tir = mlx5dv_dr_action_create_dest_devx_tir(tir);
	assert_non_null(to_tir);
	rule = dmac_rule(m, MAC_A, 1, &to_tir);

	for (unsigned i = 0; i < 12; i++) {
		struct frame fr = udp_flow(i);
		uint32_t hash = nic_toeplitz(RSS_KEY, fr.b + 26, 12);

		expect_tir(f, &fr, tirn);
		nic_port_rx(f->nic, 1, fr.b, fr.len);
		*(hash % 2 ? &want2 : &want1) += 1;
		assert_int_equal(received(&f->q1), n1 + want1);
		assert_int_equal(received(&f->q2), n2 + want2);
	}
	assert_true(want1 && want2); /* both RQs took some */
	rxq_refill(&f->q1);
	rxq_refill(&f->q2);
	/* MODIFY_RQT: the second RQ alone */
	len = rqt_in(in, 0x917, rqtn + 1, &f->q2.rqn, 1);
	REFUSED_RC("mlx5dv_devx_obj_modify", mlx5dv_devx_obj_modify(rqt, in, len, out, sizeof(out)), EREMOTEIO);
	REFUSED_RC("mlx5dv_devx_obj_modify", mlx5dv_devx_obj_modify(td, in, len, out, sizeof(out)), EOPNOTSUPP);
	/* a list longer than the table's rqt_max_size (2, from CREATE_RQT): refused */
	len = rqt_in(in, 0x917, rqtn, (uint32_t[]){ f->q2.rqn, f->q2.rqn, f->q2.rqn }, 3);
	REFUSED_RC("mlx5dv_devx_obj_modify", mlx5dv_devx_obj_modify(rqt, in, len, out, sizeof(out)), EREMOTEIO);
	assert_int_equal(out[0], 0x3); /* BAD_PARAM */
	len = rqt_in(in, 0x917, rqtn, &f->q2.rqn, 1);
	be(in + 0x20 + 0x16, 2, 0); /* rqt_max_size 0, as Linux's mlx5e_rqt_redirect leaves it */
	assert_int_equal(mlx5dv_devx_obj_modify(rqt, in, len, out, sizeof(out)), 0);
	n1 = received(&f->q1);
	n2 = received(&f->q2);
	for (unsigned i = 0; i < 6; i++) {
		struct frame fr = udp_flow(i);

		nic_port_rx(f->nic, 1, fr.b, fr.len);
	}
	assert_int_equal(received(&f->q1), n1);
	assert_int_equal(received(&f->q2), n2 + 6);
	rxq_refill(&f->q2);

	/* what uses an object goes first */
	REFUSED_RC("mlx5dv_devx_obj_destroy", mlx5dv_devx_obj_destroy(td), EBUSY);
	REFUSED_RC("mlx5dv_devx_obj_destroy", mlx5dv_devx_obj_destroy(rqt), EBUSY);
	assert_int_equal(mlx5dv_dr_rule_destroy(rule), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(to_tir), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(tir), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(rqt), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(td), 0);
	REFUSED_RC("mlx5dv_devx_obj_destroy", mlx5dv_devx_obj_destroy(td), EINVAL);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(t), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);

	/* left in a context that closes: freed, TIR before RQT before TD (the RQs can go after) */
	{
		struct ibv_device **list = ibv_get_device_list(NULL);
		struct mlx5dv_context_attr attr = { .flags = MLX5DV_CONTEXT_FLAGS_DEVX };
		struct ibv_context *ctx = mlx5dv_open_device(list[0], &attr);

		ibv_free_device_list(list);
		assert_non_null(ctx);
		memset(in, 0, 16);
		be(in, 2, 0x816);
		assert_non_null(mlx5dv_devx_obj_create(ctx, in, 16, out, sizeof(out)));
		tdn = (uint32_t)get_be(out + 8, 4) & 0xffffff;
		len = rqt_in(in, 0x916, 0, rqns, 2);
		assert_non_null(mlx5dv_devx_obj_create(ctx, in, len, out, sizeof(out)));
		rqtn = (uint32_t)get_be(out + 8, 4) & 0xffffff;
		tir_in(in, tdn, rqtn, 2, 0xf);
		assert_non_null(mlx5dv_devx_obj_create(ctx, in, 0x110, out, sizeof(out)));
		assert_int_equal(ibv_close_device(ctx), 0);
		assert_int_equal(nic_rqt_destroy(f->q1.nic, rqtn), -ENOENT); /* gone with the context */
	}
}

/* ---- rules changed under traffic ---- */

struct traffic {
	struct fixture *f;
	atomic_bool stop;
	_Atomic uint64_t a_frames;
	uint64_t a_wrong, b_frames, b_hit, b_wrong;
};

static void *feed(void *arg)
{
	struct traffic *t = arg;
	struct frame a = eth_ip(MAC_A, 17, 1, 2, -1), b = eth_ip(MAC_B, 17, 1, 2, -1);

	while (!atomic_load(&t->stop)) {
		uint32_t tirn = 0;

		/* MAC A's rule stays: never missed */
		if (rx_of(t->f->nic, &a, &tirn) != RX_TIR || tirn != t->f->q1.tirn)
			t->a_wrong++;
		t->a_frames++;
		/* MAC B's rule comes and goes: the TIR or a miss, nothing else */
		switch (rx_of(t->f->nic, &b, &tirn)) {
		case RX_TIR:
			t->b_hit++;
			if (tirn != t->f->q2.tirn)
				t->b_wrong++;
			break;
		case RX_MISS:
			break;
		default:
			t->b_wrong++;
			break;
		}
		t->b_frames++;
	}
	return NULL;
}

static void test_rules_under_traffic(void **state)
{
	struct fixture *f = *state;
	struct traffic t = { .f = f };
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(f->ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *tbl = mlx5dv_dr_table_create(d, 0);
	struct mlx5dv_dr_action *tir1 = mlx5dv_dr_action_create_dest_devx_tir(f->q1.tir);
	struct mlx5dv_dr_action *tir2 = mlx5dv_dr_action_create_dest_devx_tir(f->q2.tir);
	struct mlx5dv_dr_matcher *m = dmac_matcher(tbl, 0), *m2 = dmac_matcher(tbl, 1);
	struct mlx5dv_dr_rule *ra = dmac_rule(m, MAC_A, 1, &tir1);
	pthread_t feeder;

	assert_int_equal(pthread_create(&feeder, NULL, feed, &t), 0);
	/* at least 2000 changes, and until the feeder has looked up 10000 frames meanwhile */
	for (int i = 0; i < 2000 || atomic_load(&t.a_frames) < 10000; i++) {
		/* alternately in the matcher of A's rule and in another one */
		struct mlx5dv_dr_rule *rb = dmac_rule(i & 1 ? m : m2, MAC_B, 1, &tir2);

		if (i % 100 == 0)
			sched_yield();
		assert_int_equal(mlx5dv_dr_rule_destroy(rb), 0);
	}
	atomic_store(&t.stop, true);
	pthread_join(feeder, NULL);
	assert_true(atomic_load(&t.a_frames) >= 10000);
	print_message("%llu frames of the kept rule, %llu of the changing one (%llu to its TIR)\n",
		      (unsigned long long)atomic_load(&t.a_frames), (unsigned long long)t.b_frames,
		      (unsigned long long)t.b_hit);
	assert_int_equal(t.a_wrong, 0);
	assert_int_equal(t.b_wrong, 0);
	assert_int_equal(mlx5dv_dr_rule_destroy(ra), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m2), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir1), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir2), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(tbl), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);
}

/* Closing a context takes its steering objects with it: the rules leave the lookups. */
static void test_close_with_rules(void **state)
{
	struct fixture *f = *state;
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct ibv_context *ctx = ibv_open_device(list[0]);
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0), *t1 = mlx5dv_dr_table_create(d, 1);
	struct mlx5dv_dr_action *tir = mlx5dv_dr_action_create_dest_devx_tir(f->q1.tir); /* f's context */
	struct mlx5dv_dr_action *to_t1 = mlx5dv_dr_action_create_dest_table(t1);
	struct mlx5dv_dr_action_dest_attr a = { .type = MLX5DV_DR_ACTION_DEST, .dest = to_t1 };
	struct mlx5dv_dr_action_dest_attr *dests[] = { &a };
	struct mlx5dv_dr_action *array = mlx5dv_dr_action_create_dest_array(d, 1, dests);
	struct mlx5dv_dr_matcher *m = dmac_matcher(t, 0), *m1 = dmac_matcher(t1, 0);
	struct frame fr = eth_ip(MAC_A, 17, 1, 2, -1);

	ibv_free_device_list(list);
	assert_non_null(array);
	(void)dmac_rule(m, MAC_A, 1, &array);
	(void)dmac_rule(m1, MAC_A, 1, &tir);
	expect_tir(f, &fr, f->q1.tirn);
	assert_int_equal(ibv_close_device(ctx), 0);
	expect_rx(f, &fr, RX_MISS);
	REFUSED_RC("mlx5dv_dr_domain_destroy", mlx5dv_dr_domain_destroy(d), EINVAL);
	assert_int_equal(mlx5dv_dr_action_destroy(tir), 0); /* f's, free again */
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_match_priority_miss, setup, teardown),
		cmocka_unit_test_setup_teardown(test_drop_default_miss, setup, teardown),
		cmocka_unit_test_setup_teardown(test_table_chain, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dest_array, setup, teardown),
		cmocka_unit_test_setup_teardown(test_counters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tx_fdb, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fields, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_input, setup, teardown),
		cmocka_unit_test_setup_teardown(test_devx, setup, teardown),
		cmocka_unit_test_setup_teardown(test_devx_rss, setup, teardown),
		cmocka_unit_test_setup_teardown(test_close_with_rules, setup, teardown),
	};
	const struct CMUnitTest threads[] = {
		cmocka_unit_test_setup_teardown(test_rules_under_traffic, setup, teardown),
	};

	if (argc > 1 && !strcmp(argv[1], "threads"))
		return cmocka_run_group_tests_name("verbs_steering_threads", threads, NULL, NULL);
	return cmocka_run_group_tests_name("verbs_steering", tests, NULL, NULL);
}
