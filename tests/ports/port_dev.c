/* The ports tests' device queues (port_dev.h). */
#include "port_dev.h"

#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pcap/pcap.h>

#include <libflexio-dev/flexio_dev_queue_access.h>

#define OWNER 0x9017u
#define LOG_CQ 7
#define LOG_SQ 6
#define NRQ (1u << PORT_DEV_LOG_RQ)
/* The region: rings and records, then the frame buffers. */
#define SCQ 0u
#define SCQ_DBR 8192u
#define RCQ 16384u
#define RCQ_DBR 24576u
#define SQ_RING 32768u
#define RQ_RING 40960u
#define RQ_DBR 45056u
#define TX 65536u
#define RX (TX + (1u << LOG_SQ) * PORT_DEV_SLOT)
#define SIZE (RX + NRQ * PORT_DEV_SLOT)

static void *reach(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write)
{
	struct port_dev *dev = (struct port_dev *)((char *)space - offsetof(struct port_dev, space));

	(void)write;
	return addr <= dev->size && len <= dev->size - addr ? dev->mem + addr : NULL;
}

static uint64_t space_of(struct port_dev *dev)
{
	return (uint64_t)(uintptr_t)&dev->space;
}

static bool cq_make(struct port_dev *dev, uint32_t ring, uint32_t dbr, uint32_t *cqn)
{
	struct flexio_dev_cqe64 *cqes = (void *)(dev->mem + ring);

	for (unsigned i = 0; i < 1u << LOG_CQ; i++)
		cqes[i].op_own = 0xf1;
	return !nic_cq_create(dev->nic,
			      &(struct nic_cq_attr){ .owner = OWNER,
						     .log_size = LOG_CQ,
						     .ring = { space_of(dev), ring },
						     .dbr = { space_of(dev), dbr } },
			      cqn);
}

/* The next CQE of a CQ if software owns it (copied), advancing the consumer counter. */
static bool cq_poll(struct port_dev *dev, uint32_t ring, uint32_t dbr, uint32_t *ci, struct flexio_dev_cqe64 *out)
{
	struct flexio_dev_cqe64 *cqe = (void *)(dev->mem + ring + 64u * (*ci & ((1u << LOG_CQ) - 1)));
	uint64_t last = __atomic_load_n((const uint64_t *)cqe + 7, __ATOMIC_ACQUIRE);

	if (((last >> 56) & 1) == !((*ci >> LOG_CQ) & 1))
		return false;
	*out = *cqe;
	++*ci;
	__atomic_store_n((uint32_t *)(dev->mem + dbr), htobe32(*ci & 0xffffff), __ATOMIC_RELEASE);
	return true;
}

static void rq_post(struct port_dev *dev, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		unsigned slot = dev->rq_pi & (NRQ - 1);
		struct flexio_dev_wqe_rcv_data_seg *seg = (void *)(dev->mem + RQ_RING + 16u * slot);

		seg->byte_count = htobe32(dev->rq_wqe_bytes);
		seg->lkey = htobe32(dev->mr->lkey);
		seg->addr = htobe64((uint64_t)(uintptr_t)(dev->mem + RX + slot * PORT_DEV_SLOT));
		dev->rq_pi++;
	}
	__atomic_store_n((uint32_t *)(dev->mem + RQ_DBR), htobe32(dev->rq_pi), __ATOMIC_RELEASE);
}

void port_dev_repost(struct port_dev *dev, unsigned n)
{
	rq_post(dev, n);
}

bool port_dev_open(struct port_dev *dev, int index, bool with_rq)
{
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct nic_port_attr port;

	memset(dev, 0, sizeof(*dev));
	dev->index = index;
	dev->rq_wqe_bytes = PORT_DEV_SLOT;
	if (!list)
		return false;
	dev->ctx = ibv_open_device(list[index]);
	ibv_free_device_list(list);
	dev->size = SIZE;
	dev->mem = aligned_alloc(4096, SIZE);
	if (!dev->ctx || !dev->mem)
		return false;
	memset(dev->mem, 0, SIZE);
	dev->space.reach = reach;
	dev->pd = ibv_alloc_pd(dev->ctx);
	dev->mr = dev->pd ? ibv_reg_mr(dev->pd, dev->mem, SIZE, IBV_ACCESS_LOCAL_WRITE) : NULL;
	dev->nic = flexio_verbs_device_nic(index);
	if (!dev->mr || !dev->nic || !cq_make(dev, SCQ, SCQ_DBR, &dev->scqn) || !cq_make(dev, RCQ, RCQ_DBR, &dev->rcqn))
		return false;
	if (nic_sq_create(dev->nic,
			  &(struct nic_sq_attr){ .owner = OWNER,
						 .pd = dev->pd->handle,
						 .cqn = dev->scqn,
						 .log_depth = LOG_SQ,
						 .ring = { space_of(dev), SQ_RING } },
			  &dev->sqn) ||
	    nic_wq_modify(dev->nic, dev->sqn, NIC_WQ_RDY))
		return false;
	if (!with_rq)
		return true;
	if (nic_rq_create(dev->nic,
			  &(struct nic_rq_attr){ .owner = OWNER,
						 .pd = dev->pd->handle,
						 .cqn = dev->rcqn,
						 .kind = NIC_RQ_CYCLIC,
						 .log_depth = PORT_DEV_LOG_RQ,
						 .log_stride = 4,
						 .ring = { space_of(dev), RQ_RING },
						 .dbr = { space_of(dev), RQ_DBR } },
			  &dev->rqn) ||
	    nic_wq_modify(dev->nic, dev->rqn, NIC_WQ_RDY) || nic_td_create(dev->nic, &dev->tdn) ||
	    nic_tir_create(dev->nic, dev->tdn, dev->rqn, &dev->tirn) || nic_port_get(dev->nic, 1, &port))
		return false;
	rq_post(dev, NRQ);
	port.rx_tir = dev->tirn;
	return !nic_port_set(dev->nic, 1, &port);
}

void port_dev_close(struct port_dev *dev)
{
	struct nic_port_attr port;

	if (dev->tirn && !nic_port_get(dev->nic, 1, &port)) {
		port.rx_tir = 0;
		nic_port_set(dev->nic, 1, &port);
		nic_tir_destroy(dev->nic, dev->tirn);
		nic_td_destroy(dev->nic, dev->tdn);
	}
	if (dev->rqn)
		nic_wq_destroy(dev->nic, dev->rqn);
	if (dev->sqn)
		nic_wq_destroy(dev->nic, dev->sqn);
	if (dev->rcqn)
		nic_cq_destroy(dev->nic, dev->rcqn);
	if (dev->scqn)
		nic_cq_destroy(dev->nic, dev->scqn);
	if (dev->mr)
		ibv_dereg_mr(dev->mr);
	if (dev->pd)
		ibv_dealloc_pd(dev->pd);
	if (dev->ctx)
		ibv_close_device(dev->ctx);
	free(dev->mem);
	memset(dev, 0, sizeof(*dev));
}

int port_dev_send(struct port_dev *dev, const void *frame, size_t len)
{
	uint16_t pi = dev->sq_pi;
	unsigned slot = pi & ((1u << LOG_SQ) - 1);
	union flexio_dev_sqe_seg *wqe = (void *)(dev->mem + SQ_RING + 64u * slot);
	uint8_t *buf = dev->mem + TX + slot * PORT_DEV_SLOT;
	struct flexio_dev_cqe64 cqe;
	int rc;

	if (len > PORT_DEV_SLOT)
		len = PORT_DEV_SLOT; /* the rest of a longer frame is the next slot's: still sent */
	memcpy(buf, frame, len);
	flexio_dev_swqe_seg_ctrl_set(&wqe[0], pi, dev->sqn, MLX5_CTRL_SEG_CE_CQE_ALWAYS, FLEXIO_CTRL_SEG_SEND_EN);
	wqe[0].ctrl.qpn_ds = htobe32(dev->sqn << 8 | 3);
	flexio_dev_swqe_seg_eth_set(&wqe[1], 0, 0, 0, NULL);
	flexio_dev_swqe_seg_mem_ptr_data_set(&wqe[2], (uint32_t)len, dev->mr->lkey, (uint64_t)(uintptr_t)buf);
	dev->sq_pi++;
	rc = nic_doorbell(dev->nic, OWNER, NIC_DB_SEND, dev->sqn, dev->sq_pi);
	if (rc)
		return rc;
	/* executed before the doorbell returned: its CQE is there */
	if (!cq_poll(dev, SCQ, SCQ_DBR, &dev->sci, &cqe))
		return -EIO;
	if (flexio_dev_cqe_get_opcode(&cqe) != 0)
		return 0x100 | flexio_dev_cqe_get_err_synd(&cqe);
	dev->sent++;
	return 0;
}

int port_dev_recv(struct port_dev *dev, void *out, size_t size, int timeout_ms, bool repost)
{
	struct timespec pause = { 0, 100 * 1000 };
	struct flexio_dev_cqe64 cqe;
	long waited_us = 0;
	uint32_t len;
	unsigned slot;

	while (!cq_poll(dev, RCQ, RCQ_DBR, &dev->rci, &cqe)) {
		if (waited_us >= (long)timeout_ms * 1000)
			return 0;
		nanosleep(&pause, NULL);
		waited_us += 100;
	}
	if (flexio_dev_cqe_get_opcode(&cqe) != 2) {
		dev->syndrome = flexio_dev_cqe_get_err_synd(&cqe);
		return -1;
	}
	len = flexio_dev_cqe_get_byte_cnt(&cqe);
	slot = flexio_dev_cqe_get_wqe_counter(&cqe) & (NRQ - 1);
	memcpy(out, dev->mem + RX + slot * PORT_DEV_SLOT, len < size ? len : size);
	if (repost)
		rq_post(dev, 1);
	return (int)len;
}

int port_dev_rq_modify(struct mlx5dv_devx_obj *rq, uint32_t rqn, unsigned rq_state, unsigned state, uint64_t bitmask)
{
	/* MODIFY_RQ_IN (the PRM's layout, big-endian): opcode; rq_state and rqn at 08h; the
	 * modify_bitmask at 10h; the RQ context at 20h, its state in bits 23:20 */
	uint8_t in[0x20 + 0x30] = { 0x09, 0x09 }, out[16] = { 0 };
	uint64_t mask = htobe64(bitmask);
	uint32_t word = htobe32(rq_state << 28 | rqn);

	memcpy(in + 8, &word, 4);
	memcpy(in + 0x10, &mask, 8);
	in[0x21] = (uint8_t)(state << 4);
	return mlx5dv_devx_obj_modify(rq, in, sizeof(in), out, sizeof(out));
}

bool port_dev_rq_restart(struct port_dev *dev, struct mlx5dv_devx_obj *rq, uint32_t wqe_bytes)
{
	struct nic_wq_info info;

	if (nic_wq_query(dev->nic, dev->rqn, &info) || port_dev_rq_modify(rq, dev->rqn, (unsigned)info.state, 0, 0))
		return false;
	/* after RST the NIC counts the WQEs it takes from 0, and so does the record */
	__atomic_store_n((uint32_t *)(dev->mem + RQ_DBR), 0, __ATOMIC_RELEASE);
	dev->rq_pi = 0;
	dev->rq_wqe_bytes = wqe_bytes;
	rq_post(dev, NRQ);
	return !port_dev_rq_modify(rq, dev->rqn, 0, 1, 0);
}

size_t port_dev_frame(uint8_t *frame, unsigned n, size_t len)
{
	static const uint8_t head[14] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 0, 0, 0, 0, 0, 0x88, 0xb5 };

	memcpy(frame, head, sizeof(head));
	frame[8] = (uint8_t)(n >> 24);
	frame[9] = (uint8_t)(n >> 16);
	frame[10] = (uint8_t)(n >> 8);
	frame[11] = (uint8_t)n;
	for (size_t i = 14; i < len; i++)
		frame[i] = (uint8_t)(n + i);
	return len;
}

bool port_dev_frame_is(const uint8_t *frame, size_t len, unsigned n, bool swapped)
{
	uint8_t expect[PORT_DEV_SLOT];

	if (len < 14 || len > sizeof(expect))
		return false;
	port_dev_frame(expect, n, len);
	if (swapped) {
		uint8_t mac[6];

		memcpy(mac, expect, 6);
		memcpy(expect, expect + 6, 6);
		memcpy(expect + 6, mac, 6);
	}
	return !memcmp(frame, expect, len);
}

int port_dev_mkpcap(const char *path, long count, size_t len)
{
	pcap_t *dead = pcap_open_dead(DLT_EN10MB, 65535);
	pcap_dumper_t *out = dead ? pcap_dump_open(dead, path) : NULL;
	uint8_t frame[PORT_DEV_SLOT];

	if (!out) {
		fprintf(stderr, "port_dev_mkpcap: cannot write %s\n", path);
		if (dead)
			pcap_close(dead);
		return -1;
	}
	for (long n = 0; n < count; n++) {
		struct pcap_pkthdr header = { .ts = { 1700000000 + n / 1000, (n % 1000) * 1000 },
					      .caplen = (bpf_u_int32)len,
					      .len = (bpf_u_int32)len };

		port_dev_frame(frame, (unsigned)n, len);
		pcap_dump((u_char *)out, &header, frame);
	}
	pcap_dump_close(out);
	pcap_close(dead);
	return 0;
}
