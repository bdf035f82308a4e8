/*
 * Ethernet queues and what connects NICs: sends to a port sink (inline headers, checksum
 * offload), receives through a TIR (checksum flags, cyclic, linked-list and striding RQs,
 * errors), an RMP shared by two QPs, two NICs joined by a fabric (RC) and a wire (Ethernet),
 * the NIC's steering on both sides of a port and the port's counters, and receive-side scaling.
 */
#include "nic_test.h"

#include <sched.h>
#include <stdarg.h>
#include <setjmp.h>

#include <cmocka.h>

#define OWNER 9
#define PD 2
#define IOVA 0x40000ull
#define RW (NIC_ACCESS_LOCAL_WRITE | NIC_ACCESS_REMOTE_WRITE | NIC_ACCESS_REMOTE_READ)

struct fixture {
	struct test_env te;
	struct nic *nic;
	uint8_t *buf; /* 64 KiB under key */
	uint32_t key;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	te_init(&f->te);
	f->nic = te_nic(&f->te, NULL);
	f->buf = calloc(1, 65536);
	f->key = te_mkey(&f->te, PD, f->buf, 65536, IOVA, RW);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	nic_destroy(f->nic);
	te_fini(&f->te);
	free(f->buf);
	free(f);
	return 0;
}

static struct flexio_dev_cqe64 poll1(struct tcq *cq)
{
	struct flexio_dev_cqe64 cqe;

	assert_true(tcq_poll(cq, &cqe));
	return cqe;
}

/* ---- Frames ---------------------------------------------------------------------------------- */

static uint16_t csum16(const uint8_t *p, size_t len, uint32_t acc)
{
	for (size_t i = 0; i < len; i += 2)
		acc += (uint32_t)(p[i] << 8 | (i + 1 < len ? p[i + 1] : 0));
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);
	return (uint16_t)acc;
}

/* An Ethernet + IPv4 + UDP (proto 17) or TCP (6) frame with payload_len bytes of payload and
 * zero checksums; returns its length. */
static size_t make_frame(uint8_t *f, uint8_t proto, size_t payload_len)
{
	size_t l4_hdr = proto == 6 ? 20 : 8, ip_len = 20 + l4_hdr + payload_len;

	memset(f, 0, 14 + ip_len);
	memcpy(f, "\x02\x00\x00\x00\x00\x02\x02\x00\x00\x00\x00\x01\x08\x00", 14);
	f[14] = 0x45;
	f[16] = (uint8_t)(ip_len >> 8);
	f[17] = (uint8_t)ip_len;
	f[22] = 64;
	f[23] = proto;
	memcpy(f + 26, "\x0a\x00\x00\x01\x0a\x00\x00\x02", 8);
	f[34] = 0x30;
	f[35] = 0x39;
	f[36] = 0x00;
	f[37] = 0x50;
	if (proto == 17) {
		f[38] = (uint8_t)((8 + payload_len) >> 8);
		f[39] = (uint8_t)(8 + payload_len);
	} else {
		f[46] = 0x50; /* data offset 5 */
	}
	for (size_t i = 0; i < payload_len; i++)
		f[14 + 20 + l4_hdr + i] = (uint8_t)(i * 3 + 1);
	return 14 + ip_len;
}

/* Fills the frame's checksums as a sender stack would. */
static void fill_checksums(uint8_t *f, uint8_t proto, size_t len)
{
	size_t l4 = 34, l4_len = len - l4, field = proto == 6 ? l4 + 16 : l4 + 6;
	uint16_t c = (uint16_t)~csum16(f + 14, 20, 0);
	uint32_t pseudo;

	f[24] = (uint8_t)(c >> 8);
	f[25] = (uint8_t)c;
	pseudo = csum16(f + 26, 8, 0) + proto + (uint32_t)l4_len;
	c = (uint16_t)~csum16(f + l4, l4_len, pseudo);
	f[field] = (uint8_t)(c >> 8);
	f[field + 1] = (uint8_t)c;
}

static bool checksums_ok(const uint8_t *f, uint8_t proto, size_t len)
{
	uint32_t pseudo = csum16(f + 26, 8, 0) + proto + (uint32_t)(len - 34);

	return csum16(f + 14, 20, 0) == 0xffff && csum16(f + 34, len - 34, pseudo) == 0xffff;
}

/* ---- Sending -------------------------------------------------------------------------------- */

/* An Ethernet send WQE: ctrl, eth (hdr_len inline header bytes), one data segment. */
static void eth_wqe(struct tqp *sq, const uint8_t *hdr, uint16_t hdr_len, uint16_t cs_flags, uint32_t lkey,
		    uint64_t addr, uint32_t len)
{
	uint16_t pi = sq->sq_pi;
	unsigned extra = hdr_len > 2 ? (hdr_len - 2 + 15) / 16 : 0;
	union flexio_dev_sqe_seg *ctrl = tqp_seg(sq, pi, 0);

	flexio_dev_swqe_seg_ctrl_set(ctrl, pi, sq->qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS, FLEXIO_CTRL_SEG_SEND_EN);
	ctrl->ctrl.qpn_ds = cpu_to_be32(sq->qpn << 8 | (3 + extra));
	flexio_dev_swqe_seg_eth_set(tqp_seg(sq, pi, 1), cs_flags, 0, hdr_len, (uint8_t *)hdr);
	for (unsigned i = 0; i < extra; i++)
		memcpy(tqp_seg(sq, pi, 2 + i), hdr + 2 + 16 * i, 16);
	flexio_dev_swqe_seg_mem_ptr_data_set(tqp_seg(sq, pi, 2 + extra), len, lkey, addr);
	sq->sq_pi = (uint16_t)(pi + (3 + extra + 3) / 4);
}

static void test_eth_send(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_wq_info info;
	struct nic_stats stats;
	uint8_t frame[2000];
	uint32_t tdn, tisn;
	struct tcq cq;
	struct tqp sq;
	size_t len;

	assert_int_equal(nic_td_create(f->nic, &tdn), 0);
	assert_int_equal(nic_tis_create(f->nic, tdn, 3, &tisn), -EINVAL);
	assert_int_equal(nic_tis_create(f->nic, tdn, 2, &tisn), 0);
	tcq_create(&cq, &f->te, f->nic, OWNER, 4, NULL);
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 4, tisn);
	assert_int_equal(nic_tis_destroy(f->nic, tisn), -EBUSY);
	assert_int_equal(nic_td_destroy(f->nic, tdn), -EBUSY);

	/* The whole frame from memory, no inline headers, as FlexIO's samples send. */
	len = make_frame(f->buf, 17, 100);
	fill_checksums(f->buf, 17, len);
	eth_wqe(&sq, NULL, 0, 0, f->key, IOVA, (uint32_t)len);
	assert_int_equal(tqp_ring(&sq), 0);
	assert_int_equal(f->te.nframes, 1);
	assert_int_equal(f->te.frames[0].port, 2);
	assert_int_equal(f->te.frames[0].len, len);
	assert_memory_equal(f->te.frames[0].bytes, f->buf, len);
	cqe = poll1(&cq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 0);
	assert_int_equal(cqe.sop_rdrop, 0x0a);
	assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), sq.qpn);

	/* Headers inline (42 bytes over three segments), payload from memory, checksums left to
	 * the NIC: they come out right. */
	len = make_frame(frame, 17, 300);
	memcpy(f->buf + 4096, frame + 42, len - 42);
	eth_wqe(&sq, frame, 42, FLEXIO_ETH_SEG_L3CS | FLEXIO_ETH_SEG_L4CS, f->key, IOVA + 4096, (uint32_t)(len - 42));
	assert_int_equal(tqp_ring(&sq), 0);
	assert_int_equal(f->te.nframes, 2);
	assert_int_equal(f->te.frames[1].len, len);
	assert_true(checksums_ok(f->te.frames[1].bytes, 17, len));
	assert_memory_equal(f->te.frames[1].bytes + 42, frame + 42, len - 42);
	(void)poll1(&cq);
	len = make_frame(frame, 6, 50);
	memcpy(f->buf + 8192, frame, len);
	eth_wqe(&sq, NULL, 0, FLEXIO_ETH_SEG_L3CS | FLEXIO_ETH_SEG_L4CS, f->key, IOVA + 8192, (uint32_t)len);
	assert_int_equal(tqp_ring(&sq), 0);
	assert_true(checksums_ok(f->te.frames[2].bytes, 6, len));
	(void)poll1(&cq);
	nic_stats_get(f->nic, &stats);
	assert_int_equal(stats.tx_frames, 3);

	/* Longer than the port's MTU allows: a length error, the SQ goes to error. */
	eth_wqe(&sq, NULL, 0, 0, f->key, IOVA, 1519);
	assert_int_equal(tqp_ring(&sq), 0);
	cqe = poll1(&cq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 13);
	assert_int_equal(flexio_dev_cqe_get_err_synd(&cqe), 0x01);
	assert_int_equal(nic_wq_query(f->nic, sq.qpn, &info), 0);
	assert_int_equal(info.state, NIC_WQ_ERR);
	assert_int_equal(f->te.nframes, 3);

	/* ERR -> RST -> RDY: the SQ starts over at index 0; RC opcodes are not Ethernet's. */
	assert_int_equal(nic_wq_modify(f->nic, sq.qpn, NIC_WQ_RDY), -EINVAL);
	assert_int_equal(nic_wq_modify(f->nic, sq.qpn, NIC_WQ_RST), 0);
	assert_int_equal(nic_wq_modify(f->nic, sq.qpn, NIC_WQ_RDY), 0);
	sq.sq_pi = 0;
	flexio_dev_swqe_seg_ctrl_set(tqp_seg(&sq, 0, 0), 0, sq.qpn, MLX5_CTRL_SEG_CE_CQE_ALWAYS,
				     FLEXIO_CTRL_SEG_RDMA_WRITE);
	sq.sq_pi = 1;
	assert_int_equal(tqp_ring(&sq), 0);
	cqe = poll1(&cq);
	assert_int_equal(flexio_dev_cqe_get_err_synd(&cqe), 0x02);
	assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 0);
}

/* ---- Receiving ----------------------------------------------------------------------------- */

/* An RQ with its CQ, a TIR and port 1 receiving into it. */
struct rx {
	struct tcq cq;
	uint32_t rqn, tirn, tdn;
	struct flexio_dev_wqe_rcv_data_seg *ring;
	uint32_t *dbr;
	uint16_t pi;
	unsigned log_stride;
};

static void rx_create(struct fixture *f, struct rx *rx, enum nic_rq_kind kind, unsigned log_stride,
		      unsigned log_num_strides, unsigned log_stride_size)
{
	void *base;
	uint64_t space = te_space(&f->te, (16ull << log_stride) + 64, &base);

	memset(rx, 0, sizeof(*rx));
	rx->ring = base;
	rx->dbr = (uint32_t *)((uint8_t *)base + (16ull << log_stride));
	rx->log_stride = log_stride;
	tcq_create(&rx->cq, &f->te, f->nic, OWNER, 5, NULL);
	assert_int_equal(nic_rq_create(f->nic,
				       &(struct nic_rq_attr){ .owner = OWNER,
							      .pd = PD,
							      .user_index = 0x33,
							      .cqn = rx->cq.cqn,
							      .kind = kind,
							      .log_depth = 4,
							      .log_stride = (uint8_t)log_stride,
							      .log_num_strides = (uint8_t)log_num_strides,
							      .log_stride_size = (uint8_t)log_stride_size,
							      .ring = { space, 0 },
							      .dbr = { space, 16ull << log_stride } },
				       &rx->rqn),
			 0);
	assert_int_equal(nic_td_create(f->nic, &rx->tdn), 0);
	assert_int_equal(nic_tir_create(f->nic, rx->tdn, rx->rqn, &rx->tirn), 0);
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500, .rx_tir = rx->tirn }), 0);
}

/* Writes WQE index (one data segment; after a next segment in linked lists). */
static void rx_wqe(struct rx *rx, uint16_t index, uint16_t next, uint32_t lkey, uint64_t addr, uint32_t len,
		   bool linked)
{
	uint8_t *wqe = (uint8_t *)rx->ring + ((size_t)(index & 15) << rx->log_stride);
	struct flexio_dev_wqe_rcv_data_seg *data = (void *)(wqe + (linked ? 16 : 0));

	if (linked)
		flexio_dev_swqe_seg_shared_receive_set((union flexio_dev_sqe_seg *)wqe, next, 0);
	data->byte_count = cpu_to_be32(len);
	data->lkey = cpu_to_be32(lkey);
	data->addr = cpu_to_be64(addr);
}

static void rx_post(struct rx *rx, unsigned n)
{
	rx->pi = (uint16_t)(rx->pi + n);
	__atomic_store_n(rx->dbr, cpu_to_be32(rx->pi), __ATOMIC_RELEASE);
}

static void test_eth_receive(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_wq_info info;
	struct nic_stats stats;
	uint8_t frame[2000];
	struct rx rx;
	size_t len;

	rx_create(f, &rx, NIC_RQ_CYCLIC, 4, 0, 0);
	len = make_frame(frame, 6, 200);
	fill_checksums(frame, 6, len);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), -EIO); /* the RQ is in RST */
	assert_int_equal(nic_wq_modify(f->nic, rx.rqn, NIC_WQ_RDY), 0);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), -ENOBUFS);
	for (uint16_t i = 0; i < 4; i++)
		rx_wqe(&rx, i, 0, f->key, IOVA + 1024 * i, 1024, false);
	rx_post(&rx, 4);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), 0);
	cqe = poll1(&rx.cq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 2);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), len);
	assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), rx.rqn);
	assert_int_equal(flexio_dev_cqe_get_user_index(&cqe), 0x33);
	assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 0);
	assert_int_equal(flexio_dev_cqe_get_csum_ok(&cqe), 7);      /* L2, L3, L4 OK */
	assert_int_equal(((uint8_t *)&cqe)[0x1d], 1 << 4 | 2 << 2); /* TCP over IPv4 */
	assert_memory_equal(f->buf, frame, len);
	assert_ptr_equal(flexio_dev_rwqe_get_addr(&rx.ring[0]), (void *)(uintptr_t)IOVA);

	/* A bad L4 checksum: L3 still OK. */
	frame[60] ^= 0xff;
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), 0);
	cqe = poll1(&rx.cq);
	assert_int_equal(flexio_dev_cqe_get_csum_ok(&cqe), 3);
	assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 1);
	/* Larger than the port takes. */
	assert_int_equal(nic_port_rx(f->nic, 1, f->buf, 1600), -EMSGSIZE);
	/* Larger than the WQE: a length error, the RQ goes to error and flushes. */
	rx_wqe(&rx, 2, 0, f->key, IOVA, 100, false);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), -EIO);
	cqe = poll1(&rx.cq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 14);
	assert_int_equal(flexio_dev_cqe_get_err_synd(&cqe), 0x01);
	assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 2);
	cqe = poll1(&rx.cq);
	assert_int_equal(flexio_dev_cqe_get_err_synd(&cqe), 0x05);
	assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 3);
	assert_int_equal(nic_wq_query(f->nic, rx.rqn, &info), 0);
	assert_int_equal(info.state, NIC_WQ_ERR);
	assert_int_equal(info.received, 2);
	nic_stats_get(f->nic, &stats);
	assert_int_equal(stats.rx_frames, 6);
	assert_int_equal(stats.rx_dropped, 4);
	/* the RQ goes though the port's TIR names it: the port's frames are dropped (-EIO, not
	 * -ENOENT: the port has a receive TIR), and so are they after the port is set again */
	assert_int_equal(nic_wq_destroy(f->nic, rx.rqn), 0);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), -EIO);
	assert_int_equal(nic_tir_destroy(f->nic, rx.tirn), -EBUSY); /* the port uses it */
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500, .rx_tir = rx.tirn }), 0);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), -EIO);
	assert_int_equal(nic_tir_rx(f->nic, rx.tirn, frame, len), -EIO);
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500 }), 0);
	assert_int_equal(nic_tir_destroy(f->nic, rx.tirn), 0);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), -ENOENT);
}

/* Linked-list RQ: WQEs are taken by their next pointers, whatever their order in the ring. */
static void test_linked_list(void **state)
{
	struct fixture *f = *state;
	const uint16_t order[] = { 0, 5, 2, 9, 3 };
	uint8_t frame[128];
	struct rx rx;

	rx_create(f, &rx, NIC_RQ_LINKED_LIST, 5, 0, 0);
	assert_int_equal(nic_wq_modify(f->nic, rx.rqn, NIC_WQ_RDY), 0);
	for (unsigned i = 0; i < 5; i++)
		rx_wqe(&rx, order[i], i < 4 ? order[i + 1] : 0, f->key, IOVA + 256 * order[i], 256, true);
	rx_post(&rx, 5);
	for (unsigned i = 0; i < 5; i++) {
		struct flexio_dev_cqe64 cqe;

		memset(frame, (int)i + 1, sizeof(frame));
		assert_int_equal(nic_port_rx(f->nic, 1, frame, 60 + i), 0);
		cqe = poll1(&rx.cq);
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), order[i]);
		assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 60 + i);
		assert_int_equal(f->buf[256 * order[i]], i + 1);
		assert_int_equal(flexio_dev_cqe_get_csum_ok(&cqe), 1); /* not IP: L2 only */
	}
	assert_int_equal(nic_port_rx(f->nic, 1, frame, 60), -ENOBUFS);
}

/* Striding RQ: 8 strides of 64 bytes per WQE; packets take whole strides, a packet that does
 * not fit what is left gets the next WQE after a filler CQE. */
static void test_striding(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	uint8_t frame[600];
	struct rx rx;

	rx_create(f, &rx, NIC_RQ_CYCLIC, 4, 3, 6);
	assert_int_equal(nic_wq_modify(f->nic, rx.rqn, NIC_WQ_RDY), 0);
	for (uint16_t i = 0; i < 4; i++)
		rx_wqe(&rx, i, 0, f->key, IOVA + 512 * i, 512, false);
	rx_post(&rx, 4);
	for (unsigned i = 0; i < 3; i++) {
		memset(frame, 'a' + (int)i, 100);
		assert_int_equal(nic_port_rx(f->nic, 1, frame, 100), 0);
		cqe = poll1(&rx.cq);
		assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 2 << 16 | 100);
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 2 * i);        /* stride index */
		assert_int_equal(be16_to_cpu(*(uint16_t *)((uint8_t *)&cqe + 2)), 0); /* WQE 0 */
		assert_int_equal(f->buf[128 * i], 'a' + i);
	}
	/* 200 bytes need 4 strides, 2 are left: filler, then WQE 1 from stride 0. */
	memset(frame, 'z', 200);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, 200), 0);
	cqe = poll1(&rx.cq);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 0x80000000u | 2 << 16);
	assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 6);
	cqe = poll1(&rx.cq);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 4 << 16 | 200);
	assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), 0);
	assert_int_equal(be16_to_cpu(*(uint16_t *)((uint8_t *)&cqe + 2)), 1);
	assert_int_equal(f->buf[512], 'z');
	/* More than a whole WQE: a length error. */
	assert_int_equal(nic_port_rx(f->nic, 1, frame, 513), -EIO);
	cqe = poll1(&rx.cq);
	assert_int_equal(flexio_dev_cqe_get_err_synd(&cqe), 0x01);
}

/* An RMP shared by two QPs: their peers' sends take its WQEs in turn. */
static void test_rmp(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct tcq cq, rcq1, rcq2;
	struct tqp s1, s2;
	uint32_t rmpn, q1, q2;
	void *base;
	uint64_t space = te_space(&f->te, 16 * 32 + 64, &base);
	struct rx ring = { .ring = base, .dbr = (uint32_t *)((uint8_t *)base + 16 * 32), .log_stride = 5 };
	struct nic_qp_create_attr qa = { .owner = OWNER, .pd = PD, .no_sq = true, .rq_type = NIC_QP_RQ_RMP };

	assert_int_equal(nic_rmp_create(f->nic,
					&(struct nic_rq_attr){ .owner = OWNER,
							       .pd = PD,
							       .kind = NIC_RQ_LINKED_LIST,
							       .log_depth = 4,
							       .log_stride = 5,
							       .ring = { space, 0 },
							       .dbr = { space, 16 * 32 } },
					&rmpn),
			 0);
	assert_int_equal(nic_wq_modify(f->nic, rmpn, NIC_WQ_RDY), 0);
	tcq_create(&cq, &f->te, f->nic, OWNER, 5, NULL);
	tcq_create(&rcq1, &f->te, f->nic, OWNER, 5, NULL);
	tcq_create(&rcq2, &f->te, f->nic, OWNER, 5, NULL);
	qa.rmpn = rmpn;
	qa.dbr = (struct nic_mem){ space, 16 * 32 + 8 };
	qa.rq_cqn = rcq1.cqn;
	assert_int_equal(nic_qp_create(f->nic, &qa, &q1), 0);
	qa.rq_cqn = rcq2.cqn;
	qa.user_index = 2;
	assert_int_equal(nic_qp_create(f->nic, &qa, &q2), 0);
	assert_int_equal(nic_wq_destroy(f->nic, rmpn), -EBUSY);
	tqp_create(&s1, &f->te, f->nic, OWNER, PD, &cq, &cq, 4, 2);
	tqp_create(&s2, &f->te, f->nic, OWNER, PD, &cq, &cq, 4, 2);
	for (int i = 0; i < 2; i++) {
		struct tqp *s = i ? &s2 : &s1;
		uint32_t q = i ? q2 : q1;
		struct tqp rq = { .nic = f->nic, .qpn = q };

		tqp_connect(&rq, s->qpn, NULL, RW);
		tqp_connect(s, q, NULL, RW);
	}
	for (uint16_t i = 0; i < 6; i++)
		rx_wqe(&ring, i, (uint16_t)(i + 1), f->key, IOVA + 1024 * i, 1024, true);
	rx_post(&ring, 6);
	for (unsigned i = 0; i < 6; i++) {
		struct tqp *s = i % 2 ? &s2 : &s1;
		struct tcq *rcq = i % 2 ? &rcq2 : &rcq1;

		f->buf[40000] = (uint8_t)(i + 100);
		assert_int_equal(tqp_send(s, f->key, IOVA + 40000, 1), 0);
		cqe = poll1(rcq);
		assert_int_equal(flexio_dev_cqe_get_wqe_counter(&cqe), i);
		assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), i % 2 ? q2 : q1);
		assert_int_equal(flexio_dev_cqe_get_user_index(&cqe), i % 2 ? 2 : 0);
		assert_int_equal(f->buf[1024 * i], i + 100);
		(void)poll1(&cq);
	}
	/* Empty: an RNR for the sender, not an error. */
	assert_int_equal(tqp_send(&s1, f->key, IOVA + 40000, 1), 0);
	assert_false(tcq_poll(&cq, &cqe));
	assert_false(tcq_poll(&rcq1, &cqe));
}

/* ---- Two NICs -------------------------------------------------------------------------------- */

static void test_two_nics(void **state)
{
	struct fixture *f = *state;
	struct nic_fabric *fabric = nic_fabric_create();
	struct test_env *te2 = calloc(1, sizeof(*te2));
	struct nic *n1, *n2;
	struct tcq c1, c2;
	struct tqp a, b;
	uint8_t *buf2 = calloc(1, 65536);
	uint32_t key2;
	struct flexio_dev_cqe64 cqe;
	struct nic_port_attr p1 = { .mtu = 4096, .mac = { 2, 0, 0, 0, 0, 1 }, .gid = { 0xfe, 0x80, [15] = 1 } };
	struct nic_port_attr p2 = { .mtu = 4096, .mac = { 2, 0, 0, 0, 0, 2 }, .gid = { 0xfe, 0x80, [15] = 2 } };

	te_init(te2);
	n1 = te_nic(&f->te, fabric);
	n2 = te_nic(te2, fabric);
	assert_int_equal(nic_port_set(n1, 1, &p1), 0);
	assert_int_equal(nic_port_set(n2, 1, &p2), 0);
	struct nic_port_attr got;

	assert_int_equal(nic_port_get(n1, 1, &got), 0);
	assert_memory_equal(&got, &p1, sizeof(got));
	assert_int_equal(nic_port_get(n1, 3, &got), -EINVAL);
	assert_int_equal(nic_port_set(n1, 1, &(struct nic_port_attr){ .mtu = 20000 }), -EINVAL);
	assert_int_equal(nic_port_set(n1, 1, &(struct nic_port_attr){ .mtu = 1500, .rx_tir = 77 }), -ENOENT);
	key2 = te_mkey(te2, PD, buf2, 65536, IOVA, RW);
	tcq_create(&c1, &f->te, n1, OWNER, 5, NULL);
	tcq_create(&c2, te2, n2, OWNER, 5, NULL);
	tqp_create(&a, &f->te, n1, OWNER, PD, &c1, &c1, 4, 4);
	tqp_create(&b, te2, n2, OWNER, PD, &c2, &c2, 4, 4);
	/* a finds n2 by GID, b finds n1 by MAC. */
	struct nic_path to2 = { .dgid = { 0xfe, 0x80, [15] = 2 } }, to1 = { .dmac = { 2, 0, 0, 0, 0, 1 } };

	tqp_connect(&a, b.qpn, &to2, RW);
	tqp_connect(&b, a.qpn, &to1, RW);
	tqp_post_recv(&b, key2, IOVA, 4096);
	memcpy(f->buf, "across the fabric", 17);
	assert_int_equal(tqp_send(&a, f->key, IOVA, 17), 0);
	cqe = poll1(&c2);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), 17);
	assert_memory_equal(buf2, "across the fabric", 17);
	(void)poll1(&c1);
	/* And back, by RDMA write into n1's memory with n1's key. */
	memcpy(buf2 + 100, "and back", 8);
	assert_int_equal(tqp_rdma(&b, FLEXIO_CTRL_SEG_RDMA_WRITE, key2, IOVA + 100, 8, f->key, IOVA + 500), 0);
	(void)poll1(&c2);
	assert_memory_equal(f->buf + 500, "and back", 8);

	/* An Ethernet wire: n1's port 2 to n2's port 1. */
	struct tcq scq;
	struct tqp sq;
	struct rx rx;

	tcq_create(&scq, &f->te, n1, OWNER, 4, NULL);
	uint32_t tdn, tisn;

	assert_int_equal(nic_td_create(n1, &tdn), 0);
	assert_int_equal(nic_tis_create(n1, tdn, 2, &tisn), 0);
	tsq_create(&sq, &f->te, n1, OWNER, PD, &scq, 4, tisn);
	f->te.wire[2] = n2;
	f->te.wire_port[2] = 1;
	{
		void *base;
		uint64_t space = te_space(te2, 16 * 16 + 64, &base);
		uint32_t rqn, tirn, td2;

		rx.cq = c2;
		assert_int_equal(nic_rq_create(n2,
					       &(struct nic_rq_attr){ .owner = OWNER,
								      .pd = PD,
								      .cqn = c2.cqn,
								      .kind = NIC_RQ_CYCLIC,
								      .log_depth = 4,
								      .log_stride = 4,
								      .ring = { space, 0 },
								      .dbr = { space, 256 } },
					       &rqn),
				 0);
		assert_int_equal(nic_wq_modify(n2, rqn, NIC_WQ_RDY), 0);
		assert_int_equal(nic_td_create(n2, &td2), 0);
		assert_int_equal(nic_tir_create(n2, td2, rqn, &tirn), 0);
		p2.rx_tir = tirn;
		assert_int_equal(nic_port_set(n2, 1, &p2), 0);
		rx.ring = base;
		rx.dbr = (uint32_t *)((uint8_t *)base + 256);
		rx.log_stride = 4;
		rx.pi = 0;
		rx_wqe(&rx, 0, 0, key2, IOVA + 8192, 2048, false);
		rx_post(&rx, 1);
		size_t len = make_frame(f->buf + 1024, 17, 64);

		eth_wqe(&sq, NULL, 0, FLEXIO_ETH_SEG_L3CS | FLEXIO_ETH_SEG_L4CS, f->key, IOVA + 1024, (uint32_t)len);
		assert_int_equal(tqp_ring(&sq), 0);
		(void)poll1(&scq);
		cqe = poll1(&c2);
		assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), rqn);
		assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), len);
		assert_int_equal(flexio_dev_cqe_get_csum_ok(&cqe), 7); /* the sender's NIC filled them */
		assert_memory_equal(buf2 + 8192 + 42, f->buf + 1024 + 42, 64);
	}

	/* n2 goes away: n1's QP meets a dead peer (retry exceeded), nothing crashes. */
	assert_int_equal(nic_fabric_destroy(fabric), -EBUSY);
	nic_destroy(n2);
	assert_int_equal(tqp_send(&a, f->key, IOVA, 17), 0);
	cqe = poll1(&c1);
	assert_int_equal(flexio_dev_cqe_get_err_synd(&cqe), 0x15);
	nic_destroy(n1); /* releases its reference on n2, which is freed then */
	assert_int_equal(nic_fabric_destroy(fabric), 0);
	te_fini(te2);
	free(te2);
	free(buf2);
}

/* nic_tir_rx: frames to a TIR whatever the port's receive TIR (steering's destination). */
static void test_tir_rx(void **state)
{
	struct fixture *f = *state;
	struct flexio_dev_cqe64 cqe;
	struct nic_wq_info info;
	uint8_t frame[2000];
	struct rx rx;
	size_t len;

	rx_create(f, &rx, NIC_RQ_CYCLIC, 4, 0, 0);
	/* the port takes nothing itself: only steering reaches the RQ */
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500 }), 0);
	len = make_frame(frame, 17, 100);
	fill_checksums(frame, 17, len);
	assert_int_equal(nic_tir_rx(f->nic, rx.tirn, frame, len), -EIO); /* the RQ is in RST */
	assert_int_equal(nic_wq_modify(f->nic, rx.rqn, NIC_WQ_RDY), 0);
	assert_int_equal(nic_tir_rx(f->nic, rx.tirn, frame, len), -ENOBUFS);
	for (uint16_t i = 0; i < 4; i++)
		rx_wqe(&rx, i, 0, f->key, IOVA + 2048 * i, 2048, false);
	rx_post(&rx, 4);
	assert_int_equal(nic_tir_rx(f->nic, rx.tirn, frame, len), 0);
	cqe = poll1(&rx.cq);
	assert_int_equal(flexio_dev_cqe_get_opcode(&cqe), 2);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), len);
	assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), rx.rqn);
	assert_int_equal(flexio_dev_cqe_get_csum_ok(&cqe), 7);
	assert_int_equal(((uint8_t *)&cqe)[0x1d], 2 << 4 | 2 << 2); /* UDP over IPv4 */
	assert_memory_equal(f->buf, frame, len);
	/* a frame longer than the port's MTU is the port's business, not the TIR's */
	memset(frame + len, 0, 1600 - len);
	assert_int_equal(nic_tir_rx(f->nic, rx.tirn, frame, 1600), 0);
	(void)poll1(&rx.cq);
	assert_int_equal(nic_tir_rx(f->nic, rx.tirn, f->buf, 9997), -EMSGSIZE);
	assert_int_equal(nic_tir_rx(f->nic, rx.tirn + 1, frame, len), -ENOENT);
	assert_int_equal(nic_tir_rx(f->nic, 0, frame, len), -ENOENT);
	assert_int_equal(nic_wq_query(f->nic, rx.rqn, &info), 0);
	assert_int_equal(info.received, 2);
	assert_int_equal(info.dropped, 1);
	assert_int_equal(nic_tir_destroy(f->nic, rx.tirn), 0);
	assert_int_equal(nic_tir_rx(f->nic, rx.tirn, frame, len), -ENOENT);
	assert_int_equal(nic_wq_destroy(f->nic, rx.rqn), 0);
}

/* ---- Steering and the ports' counters ------------------------------------------------------- */

/* A match buffer (mask or value) in the NIC's layout, and its bytes. */
struct match {
	uint64_t w[NIC_MATCH_WORDS];
};

static uint8_t *match_bytes(struct match *m)
{
	return (uint8_t *)m->w;
}

/* fte_match_set_lyr_2_4 and fte_match_set_misc offsets. */
enum {
	M_DMAC = 8,
	M_VLAN = 14,
	M_FLAGS = 18, /* cvlan_tag 0x80 */
	M_SOURCE_SQN = NIC_MATCH_MISC + 1,
	M_VNI = NIC_MATCH_MISC + 20,
};

static struct nic_port_counters counters(struct fixture *f)
{
	struct nic_port_counters c;

	assert_int_equal(nic_port_counters(f->nic, 1, &c), 0);
	return c;
}

/* Posts the RQ's 16 WQEs, 2 KiB each at IOVA + base. */
static void rx_fill(struct rx *rx, struct fixture *f, uint64_t base)
{
	for (uint16_t i = 0; i < 16; i++)
		rx_wqe(rx, i, 0, f->key, IOVA + base + 2048u * i, 2048, false);
	rx_post(rx, 16);
	assert_int_equal(nic_wq_modify(f->nic, rx->rqn, NIC_WQ_RDY), 0);
}

/* A matcher of table on the outer destination MAC. */
static struct nic_flow_matcher *dmac_matcher(struct nic_flow_table *table, uint16_t priority)
{
	struct nic_flow_matcher *m;
	struct match mask = { 0 };

	memset(match_bytes(&mask) + M_DMAC, 0xff, 6);
	assert_int_equal(nic_flow_matcher_create(table, priority, mask.w, &m), 0);
	return m;
}

static struct nic_flow_rule *dmac_rule(struct nic_flow_matcher *m, const uint8_t *dmac,
				       const struct nic_flow_action *actions, size_t n)
{
	struct nic_flow_rule *r;
	struct match value = { 0 };

	memcpy(match_bytes(&value) + M_DMAC, dmac, 6);
	assert_int_equal(nic_flow_rule_create(m, value.w, actions, n, &r), 0);
	return r;
}

/* make_frame's frame with destination MAC dmac, checksums filled. */
static size_t frame_to(uint8_t *frame, const uint8_t *dmac, size_t payload)
{
	size_t len = make_frame(frame, 17, payload);

	fill_checksums(frame, 17, len);
	memcpy(frame, dmac, 6);
	return len;
}

static const uint8_t MAC_Q[6] = { 2, 0, 0, 0, 0, 0x11 }, MAC_OTHER[6] = { 2, 0, 0, 0, 0, 0x22 };

/* Receive-side steering: rules to TIRs, the miss path to the port's TIR or out of the NIC
 * (-ENOENT), a drop rule, a mirror, VLAN and VXLAN fields, flow counters, and the port's
 * counters of each; the CQE's checksum flags and header types come from the same parse. */
static void test_flow_rx(void **state)
{
	struct fixture *f = *state;
	struct nic_flow_count count = { 0 };
	struct nic_flow_table *root;
	struct nic_flow_matcher *by_mac, *by_vlan, *by_vni;
	struct nic_flow_rule *to_b, *vlan_drop, *mirror, *vni_rule;
	struct nic_flow_decision d;
	struct nic_port_counters c0, c;
	struct flexio_dev_cqe64 cqe;
	struct match mask = { 0 }, value = { 0 };
	uint8_t frame[2000], inner[200];
	struct rx a, b;
	size_t len, inner_len;

	rx_create(f, &b, NIC_RQ_CYCLIC, 4, 0, 0);
	rx_create(f, &a, NIC_RQ_CYCLIC, 4, 0, 0); /* the port's receive TIR: the miss path */
	rx_fill(&a, f, 0);
	rx_fill(&b, f, 32768);
	assert_false(nic_flow_rx_rules(f->nic));
	c0 = counters(f);
	assert_int_equal(nic_flow_table_create(f->nic, NIC_FLOW_RX, 0, &root), 0);
	by_mac = dmac_matcher(root, 1);
	to_b = dmac_rule(by_mac, MAC_Q,
			 (struct nic_flow_action[]){ { .kind = NIC_FLOW_COUNT, .count = &count },
						     { .kind = NIC_FLOW_TIR, .arg = b.tirn } },
			 2);
	assert_true(nic_flow_rx_rules(f->nic));
	assert_true(nic_port_ready(f->nic, 1));

	/* a rule's TIR: the CQE as the port's own delivery writes it */
	len = frame_to(frame, MAC_Q, 100);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), 0);
	cqe = poll1(&b.cq);
	assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), b.rqn);
	assert_int_equal(flexio_dev_cqe_get_csum_ok(&cqe), 7);      /* L2, L3, L4 OK */
	assert_int_equal(((uint8_t *)&cqe)[0x1d], 2 << 4 | 2 << 2); /* UDP over IPv4 */
	assert_memory_equal(f->buf + 32768, frame, len);
	assert_int_equal(atomic_load(&count.packets), 1);
	assert_int_equal(atomic_load(&count.bytes), len);
	/* no rule: the miss path, the port's TIR */
	len = frame_to(frame, MAC_OTHER, 100);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), 0);
	cqe = poll1(&a.cq);
	assert_int_equal(flexio_dev_cqe_get_qpn(&cqe), a.rqn);

	/* a VLAN-tagged frame: the rule on its VID (priority 0) drops it, whatever its MAC */
	len = frame_to(frame, MAC_Q, 100);
	memmove(frame + 16, frame + 12, len - 12);
	memcpy(frame + 12, "\x81\x00\x20\x05", 4); /* priority 1, VID 5 */
	len += 4;
	match_bytes(&mask)[M_VLAN] = 0x0f;
	match_bytes(&mask)[M_VLAN + 1] = 0xff;
	match_bytes(&mask)[M_FLAGS] = 0x80;
	match_bytes(&value)[M_VLAN + 1] = 5;
	match_bytes(&value)[M_FLAGS] = 0x80;
	assert_int_equal(nic_flow_matcher_create(root, 0, mask.w, &by_vlan), 0);
	assert_int_equal(nic_flow_rule_create(by_vlan, value.w, &(struct nic_flow_action){ .kind = NIC_FLOW_DROP }, 1,
					      &vlan_drop),
			 0);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), -EPERM);
	frame[15] = 6; /* another VID: the drop rule misses, the MAC rule takes it */
	assert_int_equal(nic_flow_decide(f->nic, NIC_FLOW_RX, 0, frame, len, &d), 0);
	assert_int_equal(d.ntirs, 1);
	assert_int_equal(d.tir[0], b.tirn);
	assert_int_equal(nic_flow_rule_destroy(&vlan_drop, 1), 0);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), 0);
	cqe = poll1(&b.cq);
	assert_int_equal(((uint8_t *)&cqe)[0x1d], 2 << 4 | 2 << 2); /* the headers found past the tag */
	assert_int_equal(flexio_dev_cqe_get_csum_ok(&cqe), 7);

	/* a VXLAN packet: a rule on its VNI and the MAC it carries (priority 0) */
	inner_len = frame_to(inner, MAC_OTHER, 40);
	len = make_frame(frame, 17, 8 + inner_len);
	frame[36] = 0x12; /* UDP destination port 4789 */
	frame[37] = 0xb5;
	memcpy(frame + 42, "\x08\x00\x00\x00\x00\x00\x2a\x00", 8); /* I flag, VNI 42 */
	memcpy(frame + 50, inner, inner_len);
	fill_checksums(frame, 17, len);
	memset(&mask, 0, sizeof(mask));
	memset(&value, 0, sizeof(value));
	memset(match_bytes(&mask) + M_VNI, 0xff, 3);
	memset(match_bytes(&mask) + NIC_MATCH_INNER + M_DMAC, 0xff, 6);
	match_bytes(&value)[M_VNI + 2] = 42;
	memcpy(match_bytes(&value) + NIC_MATCH_INNER + M_DMAC, MAC_OTHER, 6);
	assert_int_equal(nic_flow_matcher_create(root, 0, mask.w, &by_vni), 0);
	assert_int_equal(nic_flow_rule_create(by_vni, value.w,
					      &(struct nic_flow_action){ .kind = NIC_FLOW_TIR, .arg = a.tirn }, 1,
					      &vni_rule),
			 0);
	assert_int_equal(nic_flow_decide(f->nic, NIC_FLOW_RX, 0, frame, len, &d), 0);
	assert_int_equal(d.ntirs, 1);
	assert_int_equal(d.tir[0], a.tirn);
	frame[48] = 43; /* another VNI: the outer MAC (make_frame's) has no rule: missed */
	assert_int_equal(nic_flow_decide(f->nic, NIC_FLOW_RX, 0, frame, len, &d), 0);
	assert_int_equal(d.ntirs, 0);
	assert_true(d.miss);
	assert_int_equal(nic_flow_rule_destroy(&vni_rule, 1), 0);

	/* a mirror: the TIR's copy, then the miss path's; and without a receive TIR the miss path
	 * leaves the NIC (-ENOENT) */
	mirror = dmac_rule(by_mac, MAC_OTHER,
			   (struct nic_flow_action[]){ { .kind = NIC_FLOW_ARRAY, .arg = 2 },
						       { .kind = NIC_FLOW_TIR, .arg = b.tirn },
						       { .kind = NIC_FLOW_MISS } },
			   3);
	len = frame_to(frame, MAC_OTHER, 60);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), 0);
	(void)poll1(&b.cq);
	(void)poll1(&a.cq);
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500 }), 0);
	assert_int_equal(nic_port_rx(f->nic, 1, frame, len), -ENOENT);
	(void)poll1(&b.cq);
	assert_int_equal(nic_flow_rule_destroy(&mirror, 1), 0);
	/* malformed and oversize frames: dropped before any rule */
	assert_int_equal(nic_port_rx(f->nic, 1, frame, 13), -EMSGSIZE);
	assert_int_equal(nic_port_rx(f->nic, 1, f->buf, 1519), -EMSGSIZE);
	nic_port_rx_error(f->nic, 1, 77);

	c = counters(f);
	assert_int_equal(c.rx_frames - c0.rx_frames, 9);
	assert_int_equal(c.rx_to_queue - c0.rx_to_queue, 6); /* the mirror's second TIR copy: its RQ's alone */
	assert_int_equal(c.rx_missed - c0.rx_missed, 1);
	assert_int_equal(c.rx_dropped - c0.rx_dropped, 4);
	assert_int_equal(nic_port_counters(f->nic, 3, &c), -EINVAL);

	/* what the NIC refuses */
	memset(&mask, 0, sizeof(mask));
	match_bytes(&mask)[24] = 0xf; /* IPv4 IHL: not matched on */
	assert_int_equal(nic_flow_matcher_create(root, 0, mask.w, &by_vlan), -EOPNOTSUPP);
	value.w[0] = ~0ull; /* outside the MAC mask */
	assert_int_equal(nic_flow_rule_create(by_mac, value.w, NULL, 0, &mirror), -EINVAL);
	memset(&value, 0, sizeof(value));
	assert_int_equal(nic_flow_rule_create(by_mac, value.w,
					      &(struct nic_flow_action){ .kind = NIC_FLOW_VPORT, .arg = NIC_VPORT_PF },
					      1, &mirror),
			 -EINVAL); /* vports are FDB destinations */
	assert_int_equal(nic_flow_rule_create(by_mac, value.w,
					      (struct nic_flow_action[]){ { .kind = NIC_FLOW_DROP },
									  { .kind = NIC_FLOW_TIR, .arg = a.tirn } },
					      2, &mirror),
			 -EINVAL); /* one destination */
	assert_int_equal(nic_flow_rule_create(by_mac, value.w,
					      &(struct nic_flow_action){ .kind = NIC_FLOW_TABLE, .table = root }, 1,
					      &mirror),
			 -EINVAL); /* a table of a higher level */
	assert_int_equal(nic_flow_table_create(f->nic, 3, 0, &root), -EINVAL);
	assert_int_equal(nic_flow_decide(f->nic, NIC_FLOW_FDB, 0, frame, len, &d), -EINVAL);
	assert_int_equal(nic_flow_matcher_destroy(by_mac), -EBUSY);
	assert_int_equal(nic_flow_table_destroy(root), -EBUSY);

	assert_int_equal(nic_flow_rule_destroy(&to_b, 1), 0);
	assert_false(nic_flow_rx_rules(f->nic));
	assert_int_equal(nic_flow_matcher_destroy(by_mac), 0);
	assert_int_equal(nic_flow_matcher_destroy(by_vlan), 0);
	assert_int_equal(nic_flow_matcher_destroy(by_vni), 0);
	assert_int_equal(nic_flow_table_destroy(root), 0);
}

/* Send-side steering: NIC TX, then FDB (the SQ's frames dropped, looped back into the port's
 * receive side with the checksums the NIC filled, or both looped back and sent), the cable
 * refusing a frame or not there, and the link state. */
static void test_flow_tx(void **state)
{
	struct fixture *f = *state;
	struct nic_flow_table *fdb, *tx;
	struct nic_flow_matcher *by_sqn, *tx_mac;
	struct nic_flow_rule *rule, *tx_drop;
	struct nic_port_counters c0, c;
	struct nic_port_attr attr;
	struct flexio_dev_cqe64 cqe;
	struct match mask = { 0 }, value = { 0 };
	struct tcq cq;
	struct tqp sq;
	struct rx a;
	size_t len;

	rx_create(f, &a, NIC_RQ_CYCLIC, 4, 0, 0);
	rx_fill(&a, f, 32768);
	tcq_create(&cq, &f->te, f->nic, OWNER, 5, NULL);
	tsq_create(&sq, &f->te, f->nic, OWNER, PD, &cq, 5, 0);
	len = make_frame(f->buf, 17, 100); /* zero checksums: the NIC fills them */
	c0 = counters(f);

	/* no rule: the wire */
	eth_wqe(&sq, NULL, 0, FLEXIO_ETH_SEG_L3CS | FLEXIO_ETH_SEG_L4CS, f->key, IOVA, (uint32_t)len);
	assert_int_equal(tqp_ring(&sq), 0);
	assert_int_equal(f->te.nframes, 1);
	assert_true(checksums_ok(f->te.frames[0].bytes, 17, len));

	/* FDB: the SQ's frames to the PF: received by the port's own receive side */
	assert_int_equal(nic_flow_table_create(f->nic, NIC_FLOW_FDB, 0, &fdb), 0);
	memset(match_bytes(&mask) + M_SOURCE_SQN, 0xff, 3);
	match_bytes(&value)[M_SOURCE_SQN] = (uint8_t)(sq.qpn >> 16);
	match_bytes(&value)[M_SOURCE_SQN + 1] = (uint8_t)(sq.qpn >> 8);
	match_bytes(&value)[M_SOURCE_SQN + 2] = (uint8_t)sq.qpn;
	assert_int_equal(nic_flow_matcher_create(fdb, 0, mask.w, &by_sqn), 0);
	assert_int_equal(nic_flow_rule_create(by_sqn, value.w,
					      &(struct nic_flow_action){ .kind = NIC_FLOW_VPORT, .arg = NIC_VPORT_PF },
					      1, &rule),
			 0);
	memset(f->buf + 32768, 0, len);
	eth_wqe(&sq, NULL, 0, FLEXIO_ETH_SEG_L3CS | FLEXIO_ETH_SEG_L4CS, f->key, IOVA, (uint32_t)len);
	assert_int_equal(tqp_ring(&sq), 0);
	assert_int_equal(f->te.nframes, 1);
	cqe = poll1(&a.cq);
	assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), len);
	assert_int_equal(flexio_dev_cqe_get_csum_ok(&cqe), 7); /* filled before the loop, as sent */
	assert_true(checksums_ok(f->buf + 32768, 17, len));
	/* both, through a destination array */
	assert_int_equal(nic_flow_rule_destroy(&rule, 1), 0);
	assert_int_equal(
		nic_flow_rule_create(by_sqn, value.w,
				     (struct nic_flow_action[]){ { .kind = NIC_FLOW_ARRAY, .arg = 2 },
								 { .kind = NIC_FLOW_VPORT, .arg = NIC_VPORT_PF },
								 { .kind = NIC_FLOW_VPORT, .arg = NIC_VPORT_UPLINK } },
				     3, &rule),
		0);
	eth_wqe(&sq, NULL, 0, 0, f->key, IOVA, (uint32_t)len);
	assert_int_equal(tqp_ring(&sq), 0);
	assert_int_equal(f->te.nframes, 2);
	(void)poll1(&a.cq);
	/* NIC TX first: a drop there */
	assert_int_equal(nic_flow_table_create(f->nic, NIC_FLOW_TX, 0, &tx), 0);
	tx_mac = dmac_matcher(tx, 0);
	tx_drop = dmac_rule(tx_mac, f->buf, &(struct nic_flow_action){ .kind = NIC_FLOW_DROP }, 1);
	eth_wqe(&sq, NULL, 0, 0, f->key, IOVA, (uint32_t)len);
	assert_int_equal(tqp_ring(&sq), 0);
	assert_int_equal(f->te.nframes, 2);
	assert_int_equal(nic_flow_rule_destroy(&tx_drop, 1), 0);
	assert_int_equal(nic_flow_rule_destroy(&rule, 1), 0);
	/* a cable that refuses the frame */
	f->te.tx_rc = -ENOTCONN;
	eth_wqe(&sq, NULL, 0, 0, f->key, IOVA, (uint32_t)len);
	assert_int_equal(tqp_ring(&sq), 0);
	f->te.tx_rc = 0;
	/* and no cable at all */
	assert_int_equal(nic_port_attach(f->nic, 1, NULL), 0);
	eth_wqe(&sq, NULL, 0, 0, f->key, IOVA, (uint32_t)len);
	assert_int_equal(tqp_ring(&sq), 0);
	assert_int_equal(nic_port_attach(f->nic, 3, &f->te.link), -EINVAL);
	assert_int_equal(nic_port_attach(f->nic, 1, &f->te.link), 0);
	for (unsigned i = 0; i < 6; i++)
		(void)poll1(&cq); /* every send completes, whatever became of its frame */
	assert_int_equal(f->te.nframes, 2);

	c = counters(f);
	assert_int_equal(c.tx_frames - c0.tx_frames, 2);
	assert_int_equal(c.tx_bytes - c0.tx_bytes, 2 * len);
	assert_int_equal(c.tx_dropped - c0.tx_dropped, 3);
	assert_int_equal(c.rx_frames - c0.rx_frames, 2);
	assert_int_equal(c.rx_to_queue - c0.rx_to_queue, 2);

	/* the link state is the attachment's to set, and the port's to report */
	assert_int_equal(nic_port_get(f->nic, 1, &attr), 0);
	assert_false(attr.down);
	attr.down = true;
	assert_int_equal(nic_port_set(f->nic, 1, &attr), 0);
	assert_int_equal(nic_port_get(f->nic, 1, &attr), 0);
	assert_true(attr.down);

	assert_int_equal(nic_flow_matcher_destroy(tx_mac), 0);
	assert_int_equal(nic_flow_matcher_destroy(by_sqn), 0);
	assert_int_equal(nic_flow_table_destroy(tx), 0);
	assert_int_equal(nic_flow_table_destroy(fdb), 0);
}

/* ---- Receive-side scaling ---------------------------------------------------------------------- */

/* Microsoft's RSS verification key. */
static const uint8_t rss_key[40] = { 0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
				     0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
				     0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa };

/* nic_toeplitz gives the hashes of Microsoft's "Verifying the RSS Hash Calculation" (IPv4:
 * source address, destination address, then source and destination port). */
static void test_toeplitz_vectors(void **state)
{
	static const struct {
		uint8_t input[12];
		uint32_t ip_only, with_ports;
	} v[] = {
		{ { 66, 9, 149, 187, 161, 142, 100, 80, 2794 >> 8, 2794 & 255, 1766 >> 8, 1766 & 255 },
		  0x323e8fc2,
		  0x51ccc178 },
		{ { 199, 92, 111, 2, 65, 69, 140, 83, 14230 >> 8, 14230 & 255, 4739 >> 8, 4739 & 255 },
		  0xd718262a,
		  0xc626b0ea },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		assert_int_equal(nic_toeplitz(rss_key, v[i].input, 8), v[i].ip_only);
		assert_int_equal(nic_toeplitz(rss_key, v[i].input, 12), v[i].with_ports);
	}
}

/* An RQ fed through an RQT: WQE buffers of its own, re-posted as frames arrive. */
struct rss_rq {
	struct rx rx;
	unsigned received;
};

static void rss_rq_make(struct fixture *f, struct rss_rq *q, unsigned index)
{
	rx_create(f, &q->rx, NIC_RQ_CYCLIC, 4, 0, 0);
	assert_int_equal(nic_wq_modify(f->nic, q->rx.rqn, NIC_WQ_RDY), 0);
	for (uint16_t i = 0; i < 16; i++)
		rx_wqe(&q->rx, i, 0, f->key, IOVA + 1024 * (16 * index + i % 4), 1024, false);
	rx_post(&q->rx, 16);
	q->received = 0;
}

/* The UDP (17) or TCP (6) frame of flow i: source 10.1.<i>.<i*7>, port 1000 + 37 i. */
static size_t flow_frame(uint8_t *frame, uint8_t proto, unsigned i)
{
	size_t len = make_frame(frame, proto, 64);

	frame[28] = (uint8_t)i;
	frame[29] = (uint8_t)(i * 7);
	frame[34] = (uint8_t)((1000 + 37 * i) >> 8);
	frame[35] = (uint8_t)(1000 + 37 * i);
	fill_checksums(frame, proto, len);
	return len;
}

/* The RQ of qs that took the last frame (its CQE read), or -1. */
static int rss_taken(struct rss_rq *qs, unsigned n, struct flexio_dev_cqe64 *cqe)
{
	for (unsigned k = 0; k < n; k++)
		if (tcq_poll(&qs[k].rx.cq, cqe)) {
			qs[k].received++;
			rx_post(&qs[k].rx, 1);
			return (int)k;
		}
	return -1;
}

/* An indirect TIR over an RQT of four RQs gives each frame to entry hash % 4, the hash being the
 * Toeplitz hash of the fields its selector names (also in the CQE, rx_hash_result); fields of
 * another protocol are left out; MODIFY_RQT changes the spread; what uses what cannot go. */
static void test_rss(void **state)
{
	struct fixture *f = *state;
	struct rss_rq qs[4];
	uint32_t rqns[4], rqtn, tirn, tdn, hash;
	struct nic_rx_hash h = { .fn = NIC_RX_HASH_TOEPLITZ,
				 .outer_select = NIC_RX_HASH_L4_UDP | NIC_RX_HASH_SRC_IP | NIC_RX_HASH_DST_IP |
						 NIC_RX_HASH_L4_SPORT | NIC_RX_HASH_L4_DPORT };
	struct flexio_dev_cqe64 cqe;
	unsigned used = 0;
	uint8_t frame[2000];
	size_t len;
	int k;

	memcpy(h.toeplitz_key, rss_key, sizeof(rss_key));
	for (unsigned i = 0; i < 4; i++) {
		rss_rq_make(f, &qs[i], i);
		rqns[i] = qs[i].rx.rqn;
	}
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500 }), 0);
	assert_int_equal(nic_td_create(f->nic, &tdn), 0);
	assert_int_equal(nic_rqt_create(f->nic, rqns, 0, &rqtn), -EINVAL);
	assert_int_equal(nic_rqt_create(f->nic, (uint32_t[]){ rqns[0], 0xabcd }, 2, &rqtn), -ENOENT);
	assert_int_equal(nic_rqt_create(f->nic, rqns, 4, &rqtn), 0);
	assert_int_equal(nic_tir_create_indirect(f->nic, tdn, rqtn, &(struct nic_rx_hash){ .fn = 1 }, &tirn), -EINVAL);
	assert_int_equal(nic_tir_create_indirect(f->nic, tdn, rqtn + 1, &h, &tirn), -ENOENT);
	assert_int_equal(nic_tir_create_indirect(f->nic, tdn, rqtn, &h, &tirn), 0);
	/* an indirect TIR is a steering destination, not a port's receive TIR */
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500, .rx_tir = tirn }), -EINVAL);

	/* UDP flows: hashed on addresses and ports, spread over the four RQs */
	for (unsigned i = 0; i < 32; i++) {
		len = flow_frame(frame, 17, i);
		hash = nic_toeplitz(rss_key, frame + 26, 12);
		assert_int_equal(nic_tir_rx(f->nic, tirn, frame, len), 0);
		k = rss_taken(qs, 4, &cqe);
		assert_int_equal(k, hash % 4);
		assert_int_equal(be32_to_cpu(*(__be32 *)((uint8_t *)&cqe + 0x0c)), hash);
		assert_int_equal(flexio_dev_cqe_get_byte_cnt(&cqe), len);
		used |= 1u << k;
	}
	assert_int_equal(used, 0xf);
	/* TCP on a UDP selector: the addresses only */
	len = flow_frame(frame, 6, 5);
	hash = nic_toeplitz(rss_key, frame + 26, 8);
	assert_int_equal(nic_tir_rx(f->nic, tirn, frame, len), 0);
	assert_int_equal(rss_taken(qs, 4, &cqe), hash % 4);
	assert_int_equal(be32_to_cpu(*(__be32 *)((uint8_t *)&cqe + 0x0c)), hash);
	/* not IPv4 at all: nothing to hash, the first entry */
	frame[12] = 0x88, frame[13] = 0xb5;
	assert_int_equal(nic_tir_rx(f->nic, tirn, frame, len), 0);
	assert_int_equal(rss_taken(qs, 4, &cqe), 0);
	assert_int_equal(be32_to_cpu(*(__be32 *)((uint8_t *)&cqe + 0x0c)), 0);

	/* MODIFY_RQT: a table of two entries, both the last RQ's and the first's */
	assert_int_equal(nic_rqt_modify(f->nic, rqtn, (uint32_t[]){ rqns[3], rqns[0] }, 2), 0);
	for (unsigned i = 0; i < 8; i++) {
		len = flow_frame(frame, 17, i);
		hash = nic_toeplitz(rss_key, frame + 26, 12);
		assert_int_equal(nic_tir_rx(f->nic, tirn, frame, len), 0);
		assert_int_equal(rss_taken(qs, 4, &cqe), hash % 2 ? 0 : 3);
	}
	/* An RQ in the table (and behind its own TIR) goes when destroyed: its entry gives frames
	 * nowhere (-EIO, dropped), the other entry still delivers; so does its TIR. */
	assert_int_equal(nic_wq_destroy(f->nic, rqns[3]), 0);
	for (unsigned i = 0; i < 8; i++) {
		len = flow_frame(frame, 17, i);
		hash = nic_toeplitz(rss_key, frame + 26, 12);
		assert_int_equal(nic_tir_rx(f->nic, tirn, frame, len), hash % 2 ? 0 : -EIO);
		assert_int_equal(rss_taken(qs, 4, &cqe), hash % 2 ? 0 : -1);
	}
	assert_int_equal(nic_tir_rx(f->nic, qs[3].rx.tirn, frame, len), -EIO);
	/* users before what they use */
	assert_int_equal(nic_rqt_destroy(f->nic, rqtn), -EBUSY); /* the TIR uses it */
	assert_int_equal(nic_td_destroy(f->nic, tdn), -EBUSY);
	assert_int_equal(nic_tir_destroy(f->nic, tirn), 0);
	assert_int_equal(nic_tir_rx(f->nic, tirn, frame, len), -ENOENT);
	assert_int_equal(nic_rqt_destroy(f->nic, rqtn), 0);
	assert_int_equal(nic_td_destroy(f->nic, tdn), 0);
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(nic_tir_destroy(f->nic, qs[i].rx.tirn), 0);
		assert_int_equal(nic_wq_destroy(f->nic, rqns[i]), i == 3 ? -ENOENT : 0);
	}
}

/* IPv6: an indirect TIR's hash is taken from the IPv6 header's addresses (bytes 8..39) and the
 * TCP ports, giving Microsoft's IPv6 vector (3ffe:2501:200:1fff::7 port 2794 to
 * 3ffe:2501:200:3::1 port 1766: 0x2cc18cd5 addresses only, 0x40207d3d with the ports); a UDP
 * datagram on a TCP selector has its addresses hashed only. */
static void test_rss_ipv6(void **state)
{
	static const uint8_t src[16] = { 0x3f, 0xfe, 0x25, 0x01, 0x02, 0x00, 0x1f, 0xff, 0, 0, 0, 0, 0, 0, 0, 7 };
	static const uint8_t dst[16] = { 0x3f, 0xfe, 0x25, 0x01, 0x02, 0x00, 0x00, 0x03, 0, 0, 0, 0, 0, 0, 0, 1 };
	struct fixture *f = *state;
	struct rss_rq qs[4];
	uint32_t rqns[4], rqtn, tdn, tirn[2];
	struct nic_rx_hash h = { .fn = NIC_RX_HASH_TOEPLITZ };
	struct flexio_dev_cqe64 cqe;
	uint8_t frame[74] = { 0 };

	memcpy(h.toeplitz_key, rss_key, sizeof(rss_key));
	for (unsigned i = 0; i < 4; i++) {
		rss_rq_make(f, &qs[i], i);
		rqns[i] = qs[i].rx.rqn;
	}
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500 }), 0);
	assert_int_equal(nic_td_create(f->nic, &tdn), 0);
	assert_int_equal(nic_rqt_create(f->nic, rqns, 4, &rqtn), 0);
	h.outer_select = NIC_RX_HASH_L3_IPV6 | NIC_RX_HASH_SRC_IP | NIC_RX_HASH_DST_IP | NIC_RX_HASH_L4_SPORT |
			 NIC_RX_HASH_L4_DPORT;
	assert_int_equal(nic_tir_create_indirect(f->nic, tdn, rqtn, &h, &tirn[0]), 0);
	h.outer_select = NIC_RX_HASH_L3_IPV6 | NIC_RX_HASH_SRC_IP | NIC_RX_HASH_DST_IP;
	assert_int_equal(nic_tir_create_indirect(f->nic, tdn, rqtn, &h, &tirn[1]), 0);

	/* Ethernet (IPv6), IPv6 (payload 20 bytes of TCP), TCP 2794 -> 1766 */
	frame[12] = 0x86, frame[13] = 0xdd;
	frame[14] = 0x60;
	frame[19] = 20;
	frame[20] = 6;
	frame[21] = 64;
	memcpy(frame + 22, src, 16);
	memcpy(frame + 38, dst, 16);
	frame[54] = 2794 >> 8, frame[55] = 2794 & 255, frame[56] = 1766 >> 8, frame[57] = 1766 & 255;
	frame[66] = 0x50;
	for (unsigned t = 0; t < 2; t++) {
		uint32_t want = t ? 0x2cc18cd5 : 0x40207d3d;

		assert_int_equal(nic_tir_rx(f->nic, tirn[t], frame, sizeof(frame)), 0);
		assert_int_equal(rss_taken(qs, 4, &cqe), want % 4);
		assert_int_equal(be32_to_cpu(*(__be32 *)((uint8_t *)&cqe + 0x0c)), want);
	}
	frame[20] = 17; /* UDP on the TCP selector: the addresses only */
	frame[58] = 0, frame[59] = 20;
	assert_int_equal(nic_tir_rx(f->nic, tirn[0], frame, sizeof(frame)), 0);
	assert_int_equal(rss_taken(qs, 4, &cqe), 0x2cc18cd5 % 4);
	assert_int_equal(be32_to_cpu(*(__be32 *)((uint8_t *)&cqe + 0x0c)), 0x2cc18cd5);

	assert_int_equal(nic_tir_destroy(f->nic, tirn[0]), 0);
	assert_int_equal(nic_tir_destroy(f->nic, tirn[1]), 0);
	assert_int_equal(nic_rqt_destroy(f->nic, rqtn), 0);
	assert_int_equal(nic_td_destroy(f->nic, tdn), 0);
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(nic_tir_destroy(f->nic, qs[i].rx.tirn), 0);
		assert_int_equal(nic_wq_destroy(f->nic, rqns[i]), 0);
	}
}

/* Frames in flight while the table changes and the TIR goes: a thread sends flows through an
 * indirect TIR and takes each frame's completion; meanwhile the table flips between two lists
 * (MODIFY_RQT) and at last the TIR is destroyed. Each frame lands in the entry its hash picks of
 * one list or the other, never elsewhere, until the TIR is gone (-ENOENT), and nothing else
 * fails. */
struct rss_flight {
	struct fixture *f;
	struct rss_rq *qs;
	uint32_t tirn;
	const unsigned *lists; /* two lists of two RQ indexes */
	atomic_uint sent, failed;
	unsigned wrong;
};

static void *rss_sender(void *arg)
{
	struct rss_flight *t = arg;
	struct flexio_dev_cqe64 cqe;
	uint8_t frame[2000];

	for (unsigned i = 0;; i++) {
		size_t len = flow_frame(frame, 17, i % 64);
		uint32_t hash = nic_toeplitz(rss_key, frame + 26, 12);
		int rc = nic_tir_rx(t->f->nic, t->tirn, frame, len), k;

		if (rc == -ENOENT)
			break; /* the TIR is gone */
		if (rc) {
			atomic_store(&t->failed, 1);
			break;
		}
		k = rss_taken(t->qs, 4, &cqe);
		if (k != (int)t->lists[hash % 2] && k != (int)t->lists[2 + hash % 2])
			t->wrong++;
		atomic_fetch_add(&t->sent, 1);
	}
	return NULL;
}

static void test_rss_in_flight(void **state)
{
	static const unsigned lists[4] = { 0, 1, 2, 3 };
	struct fixture *f = *state;
	struct rss_rq qs[4];
	uint32_t rqns[4], rqtn, tdn;
	struct nic_rx_hash h = { .fn = NIC_RX_HASH_TOEPLITZ,
				 .outer_select = NIC_RX_HASH_L4_UDP | NIC_RX_HASH_SRC_IP | NIC_RX_HASH_DST_IP |
						 NIC_RX_HASH_L4_SPORT | NIC_RX_HASH_L4_DPORT };
	struct rss_flight t = { .f = f, .qs = qs, .lists = lists };
	pthread_t sender;

	memcpy(h.toeplitz_key, rss_key, sizeof(rss_key));
	for (unsigned i = 0; i < 4; i++) {
		rss_rq_make(f, &qs[i], i);
		rqns[i] = qs[i].rx.rqn;
	}
	assert_int_equal(nic_port_set(f->nic, 1, &(struct nic_port_attr){ .mtu = 1500 }), 0);
	assert_int_equal(nic_td_create(f->nic, &tdn), 0);
	assert_int_equal(nic_rqt_create(f->nic, rqns, 2, &rqtn), 0);
	assert_int_equal(nic_tir_create_indirect(f->nic, tdn, rqtn, &h, &t.tirn), 0);
	assert_int_equal(pthread_create(&sender, NULL, rss_sender, &t), 0);
	for (unsigned flip = 0; flip < 400; flip++) {
		unsigned seen = atomic_load(&t.sent);

		assert_int_equal(nic_rqt_modify(f->nic, rqtn, rqns + (flip % 2 ? 0 : 2), 2), 0);
		while (atomic_load(&t.sent) == seen && !atomic_load(&t.failed))
			sched_yield(); /* a frame at least under each list */
	}
	assert_int_equal(nic_rqt_destroy(f->nic, rqtn), -EBUSY);
	assert_int_equal(nic_tir_destroy(f->nic, t.tirn), 0);
	assert_int_equal(pthread_join(sender, NULL), 0);
	assert_int_equal(atomic_load(&t.failed), 0);
	assert_int_equal(t.wrong, 0);
	assert_true(atomic_load(&t.sent) >= 400);

	assert_int_equal(nic_rqt_destroy(f->nic, rqtn), 0);
	assert_int_equal(nic_td_destroy(f->nic, tdn), 0);
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(nic_tir_destroy(f->nic, qs[i].rx.tirn), 0);
		assert_int_equal(nic_wq_destroy(f->nic, rqns[i]), 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_eth_send, setup, teardown),
		cmocka_unit_test_setup_teardown(test_eth_receive, setup, teardown),
		cmocka_unit_test_setup_teardown(test_linked_list, setup, teardown),
		cmocka_unit_test_setup_teardown(test_striding, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rmp, setup, teardown),
		cmocka_unit_test_setup_teardown(test_two_nics, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tir_rx, setup, teardown),
		cmocka_unit_test_setup_teardown(test_flow_rx, setup, teardown),
		cmocka_unit_test_setup_teardown(test_flow_tx, setup, teardown),
		cmocka_unit_test(test_toeplitz_vectors),
		cmocka_unit_test_setup_teardown(test_rss, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rss_ipv6, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rss_in_flight, setup, teardown),
	};

	return cmocka_run_group_tests_name("nic_eth", tests, NULL, NULL);
}
