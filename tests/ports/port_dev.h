/*
 * A simulated device's Ethernet queues driven from the host, as tests/verbs drives the NIC:
 * one SQ on port 1, one RQ behind a TIR that is the port's receive TIR (the NIC's miss path
 * delivers frames no steering rule took there), rings and buffers in one registered
 * region. Used by the ports tests (test_ports.c) and the tool their drivers run (port_tool.c).
 */
#ifndef OPENFLEXIO_TESTS_PORTS_PORT_DEV_H
#define OPENFLEXIO_TESTS_PORTS_PORT_DEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <infiniband/verbs.h>

#include "nic.h"
#include "flexio_verbs.h"

#define PORT_DEV_SLOT 4096 /* bytes per frame buffer: frames up to a 4078 MTU */
#define PORT_DEV_LOG_RQ 6  /* receive WQEs */

struct port_dev {
	int index;
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_mr *mr;
	struct flexio_verbs_space space; /* the region as queue memory: space addresses = offsets */
	uint8_t *mem;
	size_t size;
	struct nic *nic;
	uint32_t scqn, rcqn, sqn, rqn, tdn, tirn;
	uint32_t sci, rci; /* CQ consumer counters */
	uint16_t sq_pi, rq_pi;
	uint32_t rq_wqe_bytes; /* of the receive WQEs posted (PORT_DEV_SLOT unless restarted) */
	uint32_t sent;         /* frames given to the SQ */
	uint8_t syndrome;      /* of the last error CQE port_dev_recv took */
};

/* Opens simulated device index with its queues; with_rq false: no RQ (frames that miss go to
 * the backend's kernel, or nowhere). false when the device cannot be opened. */
bool port_dev_open(struct port_dev *dev, int index, bool with_rq);
void port_dev_close(struct port_dev *dev);
/* Sends a frame through port 1 and waits for its send completion: 0, or the CQE's syndrome
 * (| 0x100) when the SQ refused it. */
int port_dev_send(struct port_dev *dev, const void *frame, size_t len);
/* The next frame received (copied to buf, at most size bytes), waiting up to timeout_ms:
 * its length, 0 on timeout, -1 for an error CQE (its syndrome in dev->syndrome). Its WQE is
 * posted again when repost. */
int port_dev_recv(struct port_dev *dev, void *buf, size_t size, int timeout_ms, bool repost);
/* Gives back n receive WQEs taken by frames read with repost false. */
void port_dev_repost(struct port_dev *dev, unsigned n);
/* MODIFY_RQ through rq (the DEVX object standing for RQ rqn, as flexio_rq_get_object gives
 * one): from the state rq_state to state, modify_bitmask bitmask. 0 or mlx5dv_devx_obj_modify's
 * errno. */
int port_dev_rq_modify(struct mlx5dv_devx_obj *rq, uint32_t rqn, unsigned rq_state, unsigned state, uint64_t bitmask);
/* What a program does to an RQ in error (or to change its WQEs): MODIFY_RQ to RST, the doorbell
 * record from 0, every WQE posted again (of wqe_bytes), MODIFY_RQ RST to RDY. rq as above. */
bool port_dev_rq_restart(struct port_dev *dev, struct mlx5dv_devx_obj *rq, uint32_t wqe_bytes);
/* The test frame number n of len bytes (len >= 60): broadcast destination, src MAC 02:..:n,
 * EtherType 0x88b5 (local experimental), then a pattern of n. */
size_t port_dev_frame(uint8_t *frame, unsigned n, size_t len);
/* Whether frame is test frame n (any length) with its MACs swapped (swapped) or not. */
bool port_dev_frame_is(const uint8_t *frame, size_t len, unsigned n, bool swapped);
/* Writes test frames 0..count-1 of len bytes into a capture at path, with libpcap (timestamps a
 * millisecond apart): 0, or -1 (said on stderr). */
int port_dev_mkpcap(const char *path, long count, size_t len);

#endif
