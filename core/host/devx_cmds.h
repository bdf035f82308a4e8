/*
 * The DEVX command builder: the NIC objects of the host API (CQs, SQs, RQs, RMPs, QPs,
 * transport domains, TISs, TIRs) made, changed, read and destroyed with the PRM's commands
 * (core/common/mlx5_prm.h) through rdma-core's mlx5dv_devx_obj_create, _modify, _query and
 * _destroy on the device context, as NVIDIA's libflexio and DPDK's mlx5 drivers
 * (drivers/common/mlx5/mlx5_devx_cmds.c) do. Nothing here knows which device answers: the
 * simulated one (core/providers/sim/verbs) or a BlueField's firmware.
 *
 * Memory is named as the PRM names it: a umem id and an offset in it. Host memory is a devx
 * umem (mlx5dv_devx_umem_reg); the DPA memory of a process is the process's DPA memory object
 * (its dumem id, flexio_process_get_dumem_id), at offset its DPA address.
 *
 * Every function returns 0 (or the object) or a negative errno (NULL) with one reason in err
 * (DEVX_ERROR_MAX bytes): the command's name, the errno, the status and syndrome of a firmware
 * refusal, and the reason the device gave when it gives one (log.h: log_capture).
 */
#ifndef OPENFLEXIO_CORE_HOST_DEVX_CMDS_H
#define OPENFLEXIO_CORE_HOST_DEVX_CMDS_H

#include "../provider.h"

#include <infiniband/mlx5dv.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DEVX_ERROR_MAX 384

/* A ring or doorbell record: umem_id and the offset of its first byte there. */
struct devx_mem {
	uint32_t umem_id;
	uint64_t offset;
};

/* The limits of the device's queues (QUERY_HCA_CAP), log2. */
struct devx_caps {
	unsigned log_max_cq_size; /* CQEs of a CQ */
	unsigned log_max_wq_size; /* WQEBBs or receive WQEs of a work queue or a QP's ring */
};
int devx_query_caps(const struct flexio_provider_ops *p, struct ibv_context *ctx, struct devx_caps *caps, char *err);

/* The PD number (pdn) of a protection domain: 0, or -errno with a reason. */
int devx_pdn(const struct flexio_provider_ops *p, struct ibv_pd *pd, uint32_t *pdn, char *err);

/* Destroys an object (the DESTROY_* or DEALLOC_* of its create command): 0, -EBUSY while other
 * objects use it, or another -errno. */
int devx_destroy(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *obj, const char *what, char *err);

/* ---- completion queues ---- */

struct devx_cq_attr {
	uint8_t log_size;
	uint32_t uar_page; /* whose doorbells may arm it */
	bool dpa_thread;   /* apu_cq: events go to DPA thread `element` (its device object id) */
	uint32_t element;  /* the thread, or the EQ (c_eqn; 0: no events, the CQ is polled) */
	struct devx_mem ring, dbr;
	bool armed;        /* created armed (st ARMED) */
	bool always_armed; /* every completion an event */
	bool overrun_ignore;
	bool collapsed; /* cc: every CQE in entry 0 */
	bool compress;  /* cqe_comp_en, mini-CQEs in comp_format (MLX5_CQE_RESP_FORMAT_*) */
	uint8_t comp_format;
	uint16_t period, max_count; /* moderation; period in microseconds, at most 4095 */
	uint8_t period_mode;        /* MLX5_CQ_PERIOD_MODE_* */
};
struct mlx5dv_devx_obj *devx_cq_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
				       const struct devx_cq_attr *attr, uint32_t *cqn, char *err);
int devx_cq_moderate(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *cq, uint32_t cqn, uint16_t max_count,
		     uint16_t period, uint8_t period_mode, char *err);
int devx_cq_moderation(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *cq, uint32_t cqn,
		       uint16_t *max_count, uint16_t *period, uint8_t *period_mode, char *err);

/* ---- transport objects ---- */

struct mlx5dv_devx_obj *devx_td_alloc(const struct flexio_provider_ops *p, struct ibv_context *ctx, uint32_t *tdn,
				      char *err);
struct mlx5dv_devx_obj *devx_tis_create(const struct flexio_provider_ops *p, struct ibv_context *ctx, uint32_t tdn,
					uint32_t *tisn, char *err);
/* A direct TIR: every frame it is given goes to RQ rqn. */
struct mlx5dv_devx_obj *devx_tir_create(const struct flexio_provider_ops *p, struct ibv_context *ctx, uint32_t tdn,
					uint32_t rqn, uint32_t *tirn, char *err);

/* ---- work queues: SQ, RQ, RMP ---- */

struct devx_wq_attr {
	uint32_t pdn, uar_page, user_index;
	uint32_t cqn;  /* SQ, RQ */
	uint32_t tisn; /* SQ */
	uint8_t log_size, log_stride;
	uint8_t wq_type;      /* MLX5_WQ_TYPE_*: RQ, RMP (an SQ is cyclic) */
	uint8_t end_pad_mode; /* MLX5_WQ_END_PAD_MODE_*: RQ, RMP */
	bool vlan_strip_disable;
	bool allow_multi_pkt_send_wqe; /* SQ */
	struct devx_mem ring, dbr;
};
/* Created in RST (SQ, RQ) or RDY (RMP). */
struct mlx5dv_devx_obj *devx_sq_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
				       const struct devx_wq_attr *attr, uint32_t *sqn, char *err);
struct mlx5dv_devx_obj *devx_rq_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
				       const struct devx_wq_attr *attr, uint32_t *rqn, char *err);
struct mlx5dv_devx_obj *devx_rmp_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
					const struct devx_wq_attr *attr, uint32_t *rmpn, char *err);
/* MODIFY_SQ / MODIFY_RQ: from the state the queue is in to another (MLX5_WQ_STATE_*). */
int devx_sq_modify(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *sq, uint32_t sqn, unsigned from,
		   unsigned to, char *err);
int devx_rq_modify(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *rq, uint32_t rqn, unsigned from,
		   unsigned to, char *err);
/* QUERY_RQ: its state. */
int devx_rq_state(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *rq, uint32_t rqn, unsigned *state,
		  char *err);

/* ---- queue pairs (RC) ---- */

struct devx_qp_attr {
	uint32_t pdn, uar_page, user_index;
	bool no_sq;
	uint8_t log_sq_size;
	uint8_t rq_type; /* MLX5_QPC_RQ_TYPE_* */
	uint8_t log_rq_size, log_rq_stride;
	uint32_t cqn_snd, cqn_rcv, rmpn;
	struct devx_mem wq, dbr; /* the receive ring, then the send ring; the doorbell record */
};
/* Created in RST. */
struct mlx5dv_devx_obj *devx_qp_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
				       const struct devx_qp_attr *attr, uint32_t *qpn, char *err);

/* What a QP transition may set (each transition reads those IB's state machine gives it). */
struct devx_qp_fields {
	uint8_t port;    /* vhca_port_num */
	unsigned access; /* IBV_ACCESS_REMOTE_WRITE, _READ, _ATOMIC */
	uint8_t mtu;     /* 1..5: 256..4096 */
	uint32_t remote_qpn, rq_psn, sq_psn;
	uint8_t log_rra_max, log_sra_max;
	uint8_t min_rnr_nak; /* 0..31 */
	uint8_t ack_timeout, retry_count, rnr_retry;
	bool loopback; /* fl: force loopback */
	bool grh;      /* rgid is the peer's GID */
	uint8_t rgid[16];
	uint8_t rmac[6];
};
/* Optional fields a transition applies on request (devx_qp_modify's optional). */
enum {
	DEVX_QP_OPT_ACCESS = 1 << 0,
	DEVX_QP_OPT_MIN_RNR_NAK = 1 << 1,
};
/* QPC states (MLX5_QPC_STATE_*): from is the QP's now (devx_qp_state). -EPERM, without a
 * command, for a transition IB's state machine does not have. */
int devx_qp_modify(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *qp, uint32_t qpn, unsigned from,
		   unsigned to, const struct devx_qp_fields *fields, unsigned optional, char *err);
int devx_qp_state(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *qp, uint32_t qpn, unsigned *state,
		  char *err);
/* "RST", "INIT", ... of a QPC state, NULL for none. */
const char *devx_qp_state_name(unsigned state);

#endif
