/*
 * DOCA RDMA with its datapath on the DPA: what DPA code knows of an RDMA context, written by
 * libdoca_dpa (rdma_dpa.c has the design) into DPA memory and read by libdoca_dpa_dev_comm
 * (rdma_dev.c). doca_dpa_dev_rdma_t (doca_rdma_get_dpa_handle) is the DPA address of a struct
 * opendoca_dpa_rdma_desc. Shared by both sides, so it includes nothing but <stdint.h>; every
 * field is naturally aligned (x86-64 and riscv64 lay it out alike).
 */
#ifndef OPENDOCA_DPA_DEVICE_RDMA_DEV_H
#define OPENDOCA_DPA_DEVICE_RDMA_DEV_H

#include <stdint.h>

/*
 * The context's descriptor, 64-byte aligned. Line 0 is the host's (read-only on the DPA); line 1
 * is the receive side's state, under its spinlock (a struct spinlock_s: one word, 0 when free).
 * The connections' table follows: entry i is the DPA address of connection i's endpoint
 * descriptor (struct opendoca_dpa_qp_desc), 0 until the connection exists. A shared receive
 * queue of 2.6 (doca_dpa_dev_rdma_srq_t) is such a descriptor without connections.
 */
struct opendoca_dpa_rdma_desc {
	uint64_t rmp_ring; /* the receive queue every connection receives from: 16-byte WQEs */
	uint64_t rmp_dbr;  /* its doorbell record: DWORD 0 is the receive counter (big-endian) */
	uint64_t conns;    /* uint64_t[max_conns] */
	uint32_t max_conns;
	uint8_t log_rq_depth;
	uint8_t rsvd0[3];
	uint64_t
		srq; /* 2.6's doca_rdma_create_with_srq: the descriptor whose receive side is the connections' (0: this one) */
	uint64_t rsvd1[3];
	/* line 1: the receive side (rq_lock) */
	uint32_t rq_lock;
	uint32_t rq_pi;    /* receive WQEs posted */
	uint32_t rq_acked; /* receives the program acknowledged (doca_dpa_dev_rdma_receive_ack) */
	uint32_t rsvd2[13];
};

#endif /* OPENDOCA_DPA_DEVICE_RDMA_DEV_H */
