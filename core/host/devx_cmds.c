/*
 * The DEVX command builder (devx_cmds.h): PRM commands in the layouts of core/common/mlx5_prm.h,
 * issued through rdma-core's DEVX calls, their refusals turned into one reason.
 */
#include "devx_cmds.h"

#include "log.h"

#include "mlx5_prm.h"

#include <errno.h>
#include <infiniband/verbs.h>
#include <stdio.h>
#include <string.h>

/* The names of the commands, for reasons. */
static const char *command_name(uint16_t opcode)
{
	switch (opcode) {
	case MLX5_CMD_OP_QUERY_HCA_CAP:
		return "QUERY_HCA_CAP";
	case MLX5_CMD_OP_CREATE_CQ:
		return "CREATE_CQ";
	case MLX5_CMD_OP_QUERY_CQ:
		return "QUERY_CQ";
	case MLX5_CMD_OP_MODIFY_CQ:
		return "MODIFY_CQ";
	case MLX5_CMD_OP_CREATE_QP:
		return "CREATE_QP";
	case MLX5_CMD_OP_RST2INIT_QP:
		return "RST2INIT_QP";
	case MLX5_CMD_OP_INIT2INIT_QP:
		return "INIT2INIT_QP";
	case MLX5_CMD_OP_INIT2RTR_QP:
		return "INIT2RTR_QP";
	case MLX5_CMD_OP_RTR2RTS_QP:
		return "RTR2RTS_QP";
	case MLX5_CMD_OP_RTS2RTS_QP:
		return "RTS2RTS_QP";
	case MLX5_CMD_OP_SQD2RTS_QP:
		return "SQD2RTS_QP";
	case MLX5_CMD_OP_SIM_RTS2SQD_QP:
		return "RTS2SQD_QP";
	case MLX5_CMD_OP_2ERR_QP:
		return "2ERR_QP";
	case MLX5_CMD_OP_2RST_QP:
		return "2RST_QP";
	case MLX5_CMD_OP_QUERY_QP:
		return "QUERY_QP";
	case MLX5_CMD_OP_ALLOC_TRANSPORT_DOMAIN:
		return "ALLOC_TRANSPORT_DOMAIN";
	case MLX5_CMD_OP_CREATE_TIS:
		return "CREATE_TIS";
	case MLX5_CMD_OP_CREATE_TIR:
		return "CREATE_TIR";
	case MLX5_CMD_OP_CREATE_SQ:
		return "CREATE_SQ";
	case MLX5_CMD_OP_MODIFY_SQ:
		return "MODIFY_SQ";
	case MLX5_CMD_OP_CREATE_RQ:
		return "CREATE_RQ";
	case MLX5_CMD_OP_MODIFY_RQ:
		return "MODIFY_RQ";
	case MLX5_CMD_OP_QUERY_RQ:
		return "QUERY_RQ";
	case MLX5_CMD_OP_CREATE_RMP:
		return "CREATE_RMP";
	default:
		return "a command";
	}
}

static const char *status_name(unsigned status)
{
	switch (status) {
	case MLX5_CMD_STAT_BAD_OP_ERR:
		return "BAD_OP";
	case MLX5_CMD_STAT_BAD_PARAM_ERR:
		return "BAD_PARAM";
	case MLX5_CMD_STAT_BAD_RES_ERR:
		return "BAD_RESOURCE";
	case MLX5_CMD_STAT_BAD_RES_STATE_ERR:
		return "BAD_RESOURCE_STATE";
	case MLX5_CMD_STAT_NO_RES_ERR:
		return "NO_RESOURCES";
	default:
		return "error";
	}
}

/*
 * The reason a command failed with rc (-errno): what the device said when it says something (the
 * simulated device explains its refusals, status and syndrome included), else the command's name,
 * the errno and, for a firmware refusal (EREMOTEIO), the output's status and syndrome.
 */
static int refused(int rc, const char *name, const struct log_capture *said, const uint8_t *out, char *err)
{
	int n;

	if (said->text[0]) {
		snprintf(err, DEVX_ERROR_MAX, "%s", said->text);
		return rc;
	}
	n = snprintf(err, DEVX_ERROR_MAX, "%s: %s", name, strerror(-rc));
	if (rc == -EREMOTEIO && out && PRM_GET(mbox_out, out, status) && n > 0 && n < DEVX_ERROR_MAX)
		snprintf(err + n, DEVX_ERROR_MAX - (size_t)n, " (status %s 0x%x, syndrome 0x%x)",
			 status_name(PRM_GET(mbox_out, out, status)), PRM_GET(mbox_out, out, status),
			 PRM_GET(mbox_out, out, syndrome));
	return rc;
}

/* An errno value as a negative return, never 0 (a call that failed without setting errno). */
static int failure(int value)
{
	return value > 0 ? -value : -EIO;
}

static struct mlx5dv_devx_obj *create(const struct flexio_provider_ops *p, struct ibv_context *ctx, const void *in,
				      size_t inlen, uint32_t *number, char *err)
{
	uint8_t out[PRM_BYTES(create_obj_out)] = { 0 };
	const char *name = command_name((uint16_t)PRM_GET(mbox_in, in, opcode));
	struct mlx5dv_devx_obj *obj;
	struct log_capture said;

	log_capture_begin(&said);
	obj = p->devx_obj_create(ctx, in, inlen, out, sizeof(out));
	log_capture_end(&said);
	if (!obj) {
		refused(failure(errno), name, &said, out, err);
		return NULL;
	}
	*number = PRM_GET(create_obj_out, out, obj_number);
	return obj;
}

static int modify(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *obj, const void *in, size_t inlen,
		  char *err)
{
	uint8_t out[PRM_BYTES(mbox_out)] = { 0 };
	struct log_capture said;
	int rc;

	log_capture_begin(&said);
	rc = p->devx_obj_modify(obj, in, inlen, out, sizeof(out));
	log_capture_end(&said);
	return rc ? refused(failure(rc), command_name((uint16_t)PRM_GET(mbox_in, in, opcode)), &said, out, err) : 0;
}

static int query(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *obj, const void *in, size_t inlen,
		 void *out, size_t outlen, char *err)
{
	struct log_capture said;
	int rc;

	log_capture_begin(&said);
	rc = p->devx_obj_query(obj, in, inlen, out, outlen);
	log_capture_end(&said);
	return rc ? refused(failure(rc), command_name((uint16_t)PRM_GET(mbox_in, in, opcode)), &said, out, err) : 0;
}

int devx_query_caps(const struct flexio_provider_ops *p, struct ibv_context *ctx, struct devx_caps *caps, char *err)
{
	uint8_t in[PRM_BYTES(mbox_in)] = { 0 }, out[PRM_BYTES(query_hca_cap_out)] = { 0 };
	const uint8_t *cap = PRM_CADDR_OF(query_hca_cap_out, out, capability);
	struct log_capture said;
	int rc;

	PRM_SET(mbox_in, in, opcode, MLX5_CMD_OP_QUERY_HCA_CAP);
	PRM_SET(mbox_in, in, op_mod, 1); /* general device capabilities, current */
	log_capture_begin(&said);
	rc = p->devx_general_cmd(ctx, in, sizeof(in), out, sizeof(out));
	log_capture_end(&said);
	if (rc)
		return refused(failure(rc), "QUERY_HCA_CAP", &said, out, err);
	caps->log_max_cq_size = PRM_GET(cmd_hca_cap, cap, log_max_cq_sz);
	caps->log_max_wq_size = PRM_GET(cmd_hca_cap, cap, log_max_wq_sz);
	return 0;
}

int devx_pdn(const struct flexio_provider_ops *p, struct ibv_pd *pd, uint32_t *pdn, char *err)
{
	int rc = p->pd_number(pd, pdn);

	if (rc) {
		snprintf(err, DEVX_ERROR_MAX, "the device gives no PD number: %s", strerror(rc));
		return failure(rc);
	}
	return 0;
}

int devx_destroy(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *obj, const char *what, char *err)
{
	struct log_capture said;
	int rc;

	log_capture_begin(&said);
	rc = p->devx_obj_destroy(obj);
	log_capture_end(&said);
	if (!rc)
		return 0;
	if (said.text[0])
		snprintf(err, DEVX_ERROR_MAX, "%s", said.text);
	else
		snprintf(err, DEVX_ERROR_MAX, "destroying the %s: %s", what, strerror(rc));
	return failure(rc);
}

/* ---- completion queues ---- */

struct mlx5dv_devx_obj *devx_cq_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
				       const struct devx_cq_attr *a, uint32_t *cqn, char *err)
{
	uint8_t in[PRM_BYTES(create_cq_in)] = { 0 };
	uint8_t *cqc = PRM_ADDR_OF(create_cq_in, in, cq_context);

	PRM_SET(create_cq_in, in, opcode, MLX5_CMD_OP_CREATE_CQ);
	PRM_SET(cqc, cqc, log_cq_size, a->log_size);
	PRM_SET(cqc, cqc, uar_page, a->uar_page);
	PRM_SET(cqc, cqc, apu_cq, a->dpa_thread);
	PRM_SET(cqc, cqc, apu_element_type, MLX5_APU_ELEMENT_TYPE_THREAD);
	PRM_SET(cqc, cqc, c_eqn_or_apu_element, a->element);
	PRM_SET(cqc, cqc, st, a->armed ? MLX5_CQ_STATE_ARMED : MLX5_CQ_STATE_FIRED);
	PRM_SET(cqc, cqc, always_armed_cq, a->always_armed);
	PRM_SET(cqc, cqc, oi, a->overrun_ignore);
	PRM_SET(cqc, cqc, cc, a->collapsed);
	PRM_SET(cqc, cqc, cqe_comp_en, a->compress);
	PRM_SET(cqc, cqc, mini_cqe_res_format, a->comp_format);
	PRM_SET(cqc, cqc, cq_period, a->period);
	PRM_SET(cqc, cqc, cq_max_count, a->max_count);
	PRM_SET(cqc, cqc, cq_period_mode, a->period_mode);
	PRM_SET(cqc, cqc, dbr_umem_valid, 1);
	PRM_SET(cqc, cqc, dbr_umem_id, a->dbr.umem_id);
	PRM_SET64(cqc, cqc, dbr_addr, a->dbr.offset);
	PRM_SET(create_cq_in, in, cq_umem_valid, 1);
	PRM_SET(create_cq_in, in, cq_umem_id, a->ring.umem_id);
	PRM_SET64(create_cq_in, in, cq_umem_offset, a->ring.offset);
	return create(p, ctx, in, sizeof(in), cqn, err);
}

int devx_cq_moderate(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *cq, uint32_t cqn, uint16_t max_count,
		     uint16_t period, uint8_t period_mode, char *err)
{
	uint8_t in[PRM_BYTES(modify_cq_in)] = { 0 };
	uint8_t *cqc = PRM_ADDR_OF(modify_cq_in, in, cq_context);

	PRM_SET(modify_cq_in, in, opcode, MLX5_CMD_OP_MODIFY_CQ);
	PRM_SET(modify_cq_in, in, cqn, cqn);
	PRM_SET(modify_cq_in, in, modify_field_select,
		MLX5_CQ_MODIFY_PERIOD | MLX5_CQ_MODIFY_COUNT | MLX5_CQ_MODIFY_PERIOD_MODE);
	PRM_SET(cqc, cqc, cq_period, period);
	PRM_SET(cqc, cqc, cq_max_count, max_count);
	PRM_SET(cqc, cqc, cq_period_mode, period_mode);
	return modify(p, cq, in, sizeof(in), err);
}

int devx_cq_moderation(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *cq, uint32_t cqn,
		       uint16_t *max_count, uint16_t *period, uint8_t *period_mode, char *err)
{
	uint8_t in[PRM_BYTES(query_cq_in)] = { 0 }, out[PRM_BYTES(query_cq_out)] = { 0 };
	const uint8_t *cqc = PRM_CADDR_OF(query_cq_out, out, cq_context);
	int rc;

	PRM_SET(query_cq_in, in, opcode, MLX5_CMD_OP_QUERY_CQ);
	PRM_SET(query_cq_in, in, cqn, cqn);
	rc = query(p, cq, in, sizeof(in), out, sizeof(out), err);
	if (rc)
		return rc;
	*max_count = (uint16_t)PRM_GET(cqc, cqc, cq_max_count);
	*period = (uint16_t)PRM_GET(cqc, cqc, cq_period);
	*period_mode = (uint8_t)PRM_GET(cqc, cqc, cq_period_mode);
	return 0;
}

/* ---- transport objects ---- */

struct mlx5dv_devx_obj *devx_td_alloc(const struct flexio_provider_ops *p, struct ibv_context *ctx, uint32_t *tdn,
				      char *err)
{
	uint8_t in[PRM_BYTES(mbox_in)] = { 0 };

	PRM_SET(mbox_in, in, opcode, MLX5_CMD_OP_ALLOC_TRANSPORT_DOMAIN);
	return create(p, ctx, in, sizeof(in), tdn, err);
}

struct mlx5dv_devx_obj *devx_tis_create(const struct flexio_provider_ops *p, struct ibv_context *ctx, uint32_t tdn,
					uint32_t *tisn, char *err)
{
	uint8_t in[PRM_BYTES(create_tis_in)] = { 0 };

	PRM_SET(create_tis_in, in, opcode, MLX5_CMD_OP_CREATE_TIS);
	PRM_SET(tisc, PRM_ADDR_OF(create_tis_in, in, ctx), transport_domain, tdn);
	return create(p, ctx, in, sizeof(in), tisn, err);
}

struct mlx5dv_devx_obj *devx_tir_create(const struct flexio_provider_ops *p, struct ibv_context *ctx, uint32_t tdn,
					uint32_t rqn, uint32_t *tirn, char *err)
{
	uint8_t in[PRM_BYTES(create_tir_in)] = { 0 };
	uint8_t *tirc = PRM_ADDR_OF(create_tir_in, in, ctx);

	PRM_SET(create_tir_in, in, opcode, MLX5_CMD_OP_CREATE_TIR);
	PRM_SET(tirc, tirc, disp_type, MLX5_TIRC_DISP_TYPE_DIRECT);
	PRM_SET(tirc, tirc, inline_rqn, rqn);
	PRM_SET(tirc, tirc, transport_domain, tdn);
	return create(p, ctx, in, sizeof(in), tirn, err);
}

/* ---- work queues ---- */

/* The wq part of an SQ, RQ or RMP context. */
static void wq_set(uint8_t *wq, const struct devx_wq_attr *a, unsigned wq_type)
{
	PRM_SET(wq, wq, wq_type, wq_type);
	PRM_SET(wq, wq, end_padding_mode, a->end_pad_mode);
	PRM_SET(wq, wq, pd, a->pdn);
	PRM_SET(wq, wq, uar_page, a->uar_page);
	PRM_SET(wq, wq, log_wq_stride, a->log_stride);
	PRM_SET(wq, wq, log_wq_sz, a->log_size);
	PRM_SET(wq, wq, dbr_umem_valid, 1);
	PRM_SET(wq, wq, dbr_umem_id, a->dbr.umem_id);
	PRM_SET64(wq, wq, dbr_addr, a->dbr.offset);
	PRM_SET(wq, wq, wq_umem_valid, 1);
	PRM_SET(wq, wq, wq_umem_id, a->ring.umem_id);
	PRM_SET64(wq, wq, wq_umem_offset, a->ring.offset);
}

struct mlx5dv_devx_obj *devx_sq_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
				       const struct devx_wq_attr *a, uint32_t *sqn, char *err)
{
	uint8_t in[PRM_BYTES(create_sq_in)] = { 0 };
	uint8_t *sqc = PRM_ADDR_OF(create_sq_in, in, ctx);

	PRM_SET(create_sq_in, in, opcode, MLX5_CMD_OP_CREATE_SQ);
	PRM_SET(sqc, sqc, state, MLX5_WQ_STATE_RST);
	PRM_SET(sqc, sqc, flush_in_error_en, 1);
	PRM_SET(sqc, sqc, allow_multi_pkt_send_wqe, a->allow_multi_pkt_send_wqe);
	PRM_SET(sqc, sqc, user_index, a->user_index);
	PRM_SET(sqc, sqc, cqn, a->cqn);
	PRM_SET(sqc, sqc, tis_lst_sz, 1);
	PRM_SET(sqc, sqc, tis_num_0, a->tisn);
	wq_set(PRM_ADDR_OF(sqc, sqc, wq), a, MLX5_WQ_TYPE_CYCLIC);
	return create(p, ctx, in, sizeof(in), sqn, err);
}

struct mlx5dv_devx_obj *devx_rq_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
				       const struct devx_wq_attr *a, uint32_t *rqn, char *err)
{
	uint8_t in[PRM_BYTES(create_rq_in)] = { 0 };
	uint8_t *rqc = PRM_ADDR_OF(create_rq_in, in, ctx);

	PRM_SET(create_rq_in, in, opcode, MLX5_CMD_OP_CREATE_RQ);
	PRM_SET(rqc, rqc, state, MLX5_WQ_STATE_RST);
	PRM_SET(rqc, rqc, flush_in_error_en, 1);
	PRM_SET(rqc, rqc, vsd, a->vlan_strip_disable);
	PRM_SET(rqc, rqc, user_index, a->user_index);
	PRM_SET(rqc, rqc, cqn, a->cqn);
	wq_set(PRM_ADDR_OF(rqc, rqc, wq), a, a->wq_type);
	return create(p, ctx, in, sizeof(in), rqn, err);
}

struct mlx5dv_devx_obj *devx_rmp_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
					const struct devx_wq_attr *a, uint32_t *rmpn, char *err)
{
	uint8_t in[PRM_BYTES(create_rmp_in)] = { 0 };
	uint8_t *rmpc = PRM_ADDR_OF(create_rmp_in, in, ctx);

	PRM_SET(create_rmp_in, in, opcode, MLX5_CMD_OP_CREATE_RMP);
	PRM_SET(rmpc, rmpc, state, MLX5_WQ_STATE_RDY);
	PRM_SET(rmpc, rmpc, basic_cyclic_rcv_wqe, a->wq_type == MLX5_WQ_TYPE_CYCLIC);
	wq_set(PRM_ADDR_OF(rmpc, rmpc, wq), a, a->wq_type);
	return create(p, ctx, in, sizeof(in), rmpn, err);
}

int devx_sq_modify(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *sq, uint32_t sqn, unsigned from,
		   unsigned to, char *err)
{
	uint8_t in[PRM_BYTES(modify_sq_in)] = { 0 };

	PRM_SET(modify_sq_in, in, opcode, MLX5_CMD_OP_MODIFY_SQ);
	PRM_SET(modify_sq_in, in, sq_state, from);
	PRM_SET(modify_sq_in, in, sqn, sqn);
	PRM_SET(sqc, PRM_ADDR_OF(modify_sq_in, in, ctx), state, to);
	return modify(p, sq, in, sizeof(in), err);
}

int devx_rq_modify(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *rq, uint32_t rqn, unsigned from,
		   unsigned to, char *err)
{
	uint8_t in[PRM_BYTES(modify_rq_in)] = { 0 };

	PRM_SET(modify_rq_in, in, opcode, MLX5_CMD_OP_MODIFY_RQ);
	PRM_SET(modify_rq_in, in, rq_state, from);
	PRM_SET(modify_rq_in, in, rqn, rqn);
	PRM_SET(rqc, PRM_ADDR_OF(modify_rq_in, in, ctx), state, to);
	return modify(p, rq, in, sizeof(in), err);
}

int devx_rq_state(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *rq, uint32_t rqn, unsigned *state,
		  char *err)
{
	uint8_t in[PRM_BYTES(query_rq_in)] = { 0 }, out[PRM_BYTES(query_rq_out)] = { 0 };
	int rc;

	PRM_SET(query_rq_in, in, opcode, MLX5_CMD_OP_QUERY_RQ);
	PRM_SET(query_rq_in, in, rqn, rqn);
	rc = query(p, rq, in, sizeof(in), out, sizeof(out), err);
	if (!rc)
		*state = PRM_GET(rqc, PRM_CADDR_OF(query_rq_out, out, rq_context), state);
	return rc;
}

/* ---- queue pairs ---- */

struct mlx5dv_devx_obj *devx_qp_create(const struct flexio_provider_ops *p, struct ibv_context *ctx,
				       const struct devx_qp_attr *a, uint32_t *qpn, char *err)
{
	uint8_t in[PRM_BYTES(create_qp_in)] = { 0 };
	uint8_t *qpc = PRM_ADDR_OF(create_qp_in, in, qpc);

	PRM_SET(create_qp_in, in, opcode, MLX5_CMD_OP_CREATE_QP);
	PRM_SET(qpc, qpc, st, MLX5_QPC_ST_RC);
	PRM_SET(qpc, qpc, pm_state, MLX5_QPC_PM_STATE_MIGRATED);
	PRM_SET(qpc, qpc, pd, a->pdn);
	PRM_SET(qpc, qpc, uar_page, a->uar_page);
	PRM_SET(qpc, qpc, user_index, a->user_index);
	PRM_SET(qpc, qpc, no_sq, a->no_sq);
	PRM_SET(qpc, qpc, log_sq_size, a->log_sq_size);
	PRM_SET(qpc, qpc, rq_type, a->rq_type);
	PRM_SET(qpc, qpc, log_rq_size, a->log_rq_size);
	PRM_SET(qpc, qpc, log_rq_stride, a->log_rq_stride);
	PRM_SET(qpc, qpc, cqn_snd, a->cqn_snd);
	PRM_SET(qpc, qpc, cqn_rcv, a->cqn_rcv);
	PRM_SET(qpc, qpc, srqn_rmpn_xrqn, a->rmpn);
	PRM_SET(qpc, qpc, dbr_umem_valid, 1);
	PRM_SET(qpc, qpc, dbr_umem_id, a->dbr.umem_id);
	PRM_SET64(qpc, qpc, dbr_addr, a->dbr.offset);
	PRM_SET(create_qp_in, in, wq_umem_valid, 1);
	PRM_SET(create_qp_in, in, wq_umem_id, a->wq.umem_id);
	PRM_SET64(create_qp_in, in, wq_umem_offset, a->wq.offset);
	return create(p, ctx, in, sizeof(in), qpn, err);
}

/* The command of a transition of IB's state machine, or 0. */
static uint16_t qp_transition(unsigned from, unsigned to)
{
	if (to == MLX5_QPC_STATE_RST)
		return MLX5_CMD_OP_2RST_QP;
	if (to == MLX5_QPC_STATE_ERR)
		return MLX5_CMD_OP_2ERR_QP;
	switch (from << 4 | to) {
	case MLX5_QPC_STATE_RST << 4 | MLX5_QPC_STATE_INIT:
		return MLX5_CMD_OP_RST2INIT_QP;
	case MLX5_QPC_STATE_INIT << 4 | MLX5_QPC_STATE_INIT:
		return MLX5_CMD_OP_INIT2INIT_QP;
	case MLX5_QPC_STATE_INIT << 4 | MLX5_QPC_STATE_RTR:
		return MLX5_CMD_OP_INIT2RTR_QP;
	case MLX5_QPC_STATE_RTR << 4 | MLX5_QPC_STATE_RTS:
		return MLX5_CMD_OP_RTR2RTS_QP;
	case MLX5_QPC_STATE_RTS << 4 | MLX5_QPC_STATE_RTS:
		return MLX5_CMD_OP_RTS2RTS_QP;
	case MLX5_QPC_STATE_RTS << 4 | MLX5_QPC_STATE_SQD:
		return MLX5_CMD_OP_SIM_RTS2SQD_QP;
	case MLX5_QPC_STATE_SQD << 4 | MLX5_QPC_STATE_RTS:
		return MLX5_CMD_OP_SQD2RTS_QP;
	default:
		return 0;
	}
}

const char *devx_qp_state_name(unsigned state)
{
	static const char *const names[] = {
		[MLX5_QPC_STATE_RST] = "RST", [MLX5_QPC_STATE_INIT] = "INIT", [MLX5_QPC_STATE_RTR] = "RTR",
		[MLX5_QPC_STATE_RTS] = "RTS", [MLX5_QPC_STATE_SQER] = "SQER", [MLX5_QPC_STATE_SQD] = "SQD",
		[MLX5_QPC_STATE_ERR] = "ERR",
	};

	return state < sizeof(names) / sizeof(names[0]) ? names[state] : NULL;
}

int devx_qp_modify(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *qp, uint32_t qpn, unsigned from,
		   unsigned to, const struct devx_qp_fields *f, unsigned optional, char *err)
{
	uint8_t in[PRM_BYTES(rst2init_qp_in)] = { 0 };
	uint8_t *qpc = PRM_ADDR_OF(rst2init_qp_in, in, qpc);
	uint8_t *path = PRM_ADDR_OF(qpc, qpc, primary_address_path);
	uint16_t opcode = qp_transition(from, to);
	uint32_t opt = 0;

	if (!opcode) {
		snprintf(err, DEVX_ERROR_MAX, "no transition from %s to %s",
			 devx_qp_state_name(from) ? devx_qp_state_name(from) : "?", devx_qp_state_name(to));
		return -EPERM;
	}
	PRM_SET(rst2init_qp_in, in, opcode, opcode);
	PRM_SET(rst2init_qp_in, in, qpn, qpn);
	if (opcode == MLX5_CMD_OP_2RST_QP || opcode == MLX5_CMD_OP_2ERR_QP)
		return modify(p, qp, in, PRM_BYTES(qp_2err_in), err);
	if (optional & DEVX_QP_OPT_ACCESS)
		opt |= MLX5_QP_OPTPAR_RRE | MLX5_QP_OPTPAR_RWE | MLX5_QP_OPTPAR_RAE;
	if (optional & DEVX_QP_OPT_MIN_RNR_NAK)
		opt |= MLX5_QP_OPTPAR_RNR_TIMEOUT;
	PRM_SET(rst2init_qp_in, in, opt_param_mask, opt);
	PRM_SET(qpc, qpc, rre, !!(f->access & IBV_ACCESS_REMOTE_READ));
	PRM_SET(qpc, qpc, rwe, !!(f->access & IBV_ACCESS_REMOTE_WRITE));
	PRM_SET(qpc, qpc, rae, !!(f->access & IBV_ACCESS_REMOTE_ATOMIC));
	PRM_SET(qpc, qpc, mtu, f->mtu);
	PRM_SET(qpc, qpc, remote_qpn, f->remote_qpn);
	PRM_SET(qpc, qpc, next_rcv_psn, f->rq_psn);
	PRM_SET(qpc, qpc, next_send_psn, f->sq_psn);
	PRM_SET(qpc, qpc, log_rra_max, f->log_rra_max);
	PRM_SET(qpc, qpc, log_sra_max, f->log_sra_max);
	PRM_SET(qpc, qpc, min_rnr_nak, f->min_rnr_nak);
	PRM_SET(qpc, qpc, retry_count, f->retry_count);
	PRM_SET(qpc, qpc, rnr_retry, f->rnr_retry);
	PRM_SET(ads, path, vhca_port_num, f->port);
	PRM_SET(ads, path, ack_timeout, f->ack_timeout);
	PRM_SET(ads, path, fl, f->loopback);
	PRM_SET(ads, path, grh, f->grh);
	memcpy(PRM_ADDR_OF(ads, path, rgid_rip), f->rgid, sizeof(f->rgid));
	PRM_SET(ads, path, rmac_47_32, (uint32_t)f->rmac[0] << 8 | f->rmac[1]);
	PRM_SET(ads, path, rmac_31_0,
		(uint32_t)f->rmac[2] << 24 | (uint32_t)f->rmac[3] << 16 | (uint32_t)f->rmac[4] << 8 | f->rmac[5]);
	return modify(p, qp, in, sizeof(in), err);
}

int devx_qp_state(const struct flexio_provider_ops *p, struct mlx5dv_devx_obj *qp, uint32_t qpn, unsigned *state,
		  char *err)
{
	uint8_t in[PRM_BYTES(qp_2err_in)] = { 0 }, out[PRM_BYTES(query_qp_out)] = { 0 };
	int rc;

	PRM_SET(qp_2err_in, in, opcode, MLX5_CMD_OP_QUERY_QP);
	PRM_SET(qp_2err_in, in, qpn, qpn);
	rc = query(p, qp, in, sizeof(in), out, sizeof(out), err);
	if (!rc)
		*state = PRM_GET(qpc, PRM_CADDR_OF(query_qp_out, out, qpc), state);
	return rc;
}
