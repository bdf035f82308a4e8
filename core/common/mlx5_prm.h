/*
 * The PRM command layouts of the NIC objects (mlx5_ifc): one description that the host library
 * encodes (core/host/devx_cmds.c, issuing them through mlx5dv_devx_obj_create & co.) and the
 * simulated device decodes (core/providers/sim/verbs devx_*.c), so that the two cannot disagree on a bit.
 *
 * The layouts are the public ones of Linux's include/linux/mlx5/mlx5_ifc.h and rdma-core's
 * and DPDK's copies: big-endian, bit 0 the most significant bit of byte 0, each field named as
 * there. As there, a layout is a structure of one byte per bit (`uint8_t field[width]`), never
 * instantiated: offsetof gives a field's bit offset and sizeof its width, so PRM_SET and
 * PRM_GET (MLX5_SET and MLX5_GET in those trees) are checked by the compiler. Only the fields
 * OpenFlexIO reads or writes are named; the others are reserved_at_<offset> gaps.
 */
#ifndef OPENFLEXIO_CORE_COMMON_MLX5_PRM_H
#define OPENFLEXIO_CORE_COMMON_MLX5_PRM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- accessors ---------------------------------------------------------------------------- */

#define PRM_BIT_OFF(typ, fld) offsetof(struct mlx5_ifc_##typ##_bits, fld)
#define PRM_BIT_SZ(typ, fld) sizeof(((struct mlx5_ifc_##typ##_bits *)0)->fld)
/* Bytes of a layout (a command's input or output buffer). */
#define PRM_BYTES(typ) (sizeof(struct mlx5_ifc_##typ##_bits) / 8)
/* The address of a field that starts on a byte: a sub-layout (a context) or a byte array. */
#define PRM_ADDR_OF(typ, p, fld) ((uint8_t *)(p) + PRM_BIT_OFF(typ, fld) / 8)
#define PRM_CADDR_OF(typ, p, fld) ((const uint8_t *)(p) + PRM_BIT_OFF(typ, fld) / 8)

/* A field of at most 32 bits, inside one big-endian dword. */
#define PRM_SET(typ, p, fld, v) prm_bits_set((uint8_t *)(p), PRM_BIT_OFF(typ, fld), PRM_BIT_SZ(typ, fld), (v))
#define PRM_GET(typ, p, fld) prm_bits_get((const uint8_t *)(p), PRM_BIT_OFF(typ, fld), PRM_BIT_SZ(typ, fld))
/* A 64-bit field on a 64-bit boundary (addresses, umem offsets). */
#define PRM_SET64(typ, p, fld, v) prm_be_put(PRM_ADDR_OF(typ, p, fld), 8, (v))
#define PRM_GET64(typ, p, fld) prm_be_get(PRM_CADDR_OF(typ, p, fld), 8)

/* bytes (at most 8) big-endian at p. */
static inline uint64_t prm_be_get(const uint8_t *p, size_t bytes)
{
	uint64_t v = 0;

	for (size_t i = 0; i < bytes; i++)
		v = v << 8 | p[i];
	return v;
}

static inline void prm_be_put(uint8_t *p, size_t bytes, uint64_t v)
{
	for (size_t i = bytes; i-- > 0; v >>= 8)
		p[i] = (uint8_t)v;
}

/* `width` bits at bit `bit` of a layout, inside one big-endian dword. */
static inline uint32_t prm_bits_get(const uint8_t *layout, size_t bit, size_t width)
{
	uint32_t v = (uint32_t)prm_be_get(layout + bit / 32 * 4, 4) >> (32 - bit % 32 - width);

	return width == 32 ? v : v & ((1u << width) - 1);
}

static inline void prm_bits_set(uint8_t *layout, size_t bit, size_t width, uint32_t value)
{
	uint8_t *dword = layout + bit / 32 * 4;
	unsigned shift = (unsigned)(32 - bit % 32 - width);
	uint32_t mask = (width == 32 ? 0xffffffffu : (1u << width) - 1) << shift;
	uint32_t v = (uint32_t)prm_be_get(dword, 4);

	prm_be_put(dword, 4, (v & ~mask) | ((value << shift) & mask));
}

/* ---- commands ------------------------------------------------------------------------------ */

enum {
	MLX5_CMD_OP_QUERY_HCA_CAP = 0x100,
	MLX5_CMD_OP_CREATE_CQ = 0x400,
	MLX5_CMD_OP_DESTROY_CQ = 0x401,
	MLX5_CMD_OP_QUERY_CQ = 0x402,
	MLX5_CMD_OP_MODIFY_CQ = 0x403,
	MLX5_CMD_OP_CREATE_QP = 0x500,
	MLX5_CMD_OP_DESTROY_QP = 0x501,
	MLX5_CMD_OP_RST2INIT_QP = 0x502,
	MLX5_CMD_OP_INIT2RTR_QP = 0x503,
	MLX5_CMD_OP_RTR2RTS_QP = 0x504,
	MLX5_CMD_OP_RTS2RTS_QP = 0x505,
	MLX5_CMD_OP_2ERR_QP = 0x507,
	/* Not an mlx5 command: the PRM publishes none that drains a QP's send queue (RTS to SQD,
	 * IB's SQ drain). The simulated device takes this number for it, in the gap between 2ERR_QP
	 * and 2RST_QP, so that flexio_qp_modify keeps its SQD transition. */
	MLX5_CMD_OP_SIM_RTS2SQD_QP = 0x508,
	MLX5_CMD_OP_2RST_QP = 0x50a,
	MLX5_CMD_OP_QUERY_QP = 0x50b,
	MLX5_CMD_OP_SQD2RTS_QP = 0x50c,
	MLX5_CMD_OP_INIT2INIT_QP = 0x50e,
	MLX5_CMD_OP_QUERY_NIC_VPORT_CONTEXT = 0x754,
	MLX5_CMD_OP_ALLOC_TRANSPORT_DOMAIN = 0x816,
	MLX5_CMD_OP_DEALLOC_TRANSPORT_DOMAIN = 0x817,
	MLX5_CMD_OP_CREATE_TIR = 0x900,
	MLX5_CMD_OP_DESTROY_TIR = 0x902,
	MLX5_CMD_OP_CREATE_SQ = 0x904,
	MLX5_CMD_OP_MODIFY_SQ = 0x905,
	MLX5_CMD_OP_DESTROY_SQ = 0x906,
	MLX5_CMD_OP_QUERY_SQ = 0x907,
	MLX5_CMD_OP_CREATE_RQ = 0x908,
	MLX5_CMD_OP_MODIFY_RQ = 0x909,
	MLX5_CMD_OP_DESTROY_RQ = 0x90a,
	MLX5_CMD_OP_QUERY_RQ = 0x90b,
	MLX5_CMD_OP_CREATE_RMP = 0x90c,
	MLX5_CMD_OP_DESTROY_RMP = 0x90e,
	MLX5_CMD_OP_CREATE_TIS = 0x912,
	MLX5_CMD_OP_DESTROY_TIS = 0x914,
	MLX5_CMD_OP_CREATE_RQT = 0x916,
	MLX5_CMD_OP_MODIFY_RQT = 0x917,
	MLX5_CMD_OP_DESTROY_RQT = 0x918,
	MLX5_CMD_OP_ALLOC_FLOW_COUNTER = 0x939,
	MLX5_CMD_OP_DEALLOC_FLOW_COUNTER = 0x93a,
	MLX5_CMD_OP_QUERY_FLOW_COUNTER = 0x93b,
};

/* The status of a command's output (rdma-core returns EREMOTEIO with it and a syndrome). */
enum {
	MLX5_CMD_STAT_OK = 0x0,
	MLX5_CMD_STAT_BAD_OP_ERR = 0x2,
	MLX5_CMD_STAT_BAD_PARAM_ERR = 0x3,
	MLX5_CMD_STAT_BAD_RES_ERR = 0x5,
	MLX5_CMD_STAT_BAD_RES_STATE_ERR = 0x9,
	MLX5_CMD_STAT_NO_RES_ERR = 0xf,
};

/* Every command's input header, and every output's. */
struct mlx5_ifc_mbox_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0x40];
};

struct mlx5_ifc_mbox_out_bits {
	uint8_t status[0x8];
	uint8_t reserved_at_8[0x18];
	uint8_t syndrome[0x20];
	uint8_t reserved_at_40[0x40];
};

/* The output of the create commands that give a number (CREATE_CQ, _QP, _SQ, _RQ, _RMP, _TIS,
 * _TIR, _RQT: cqn, qpn, sqn, ... at the same place; ALLOC_TRANSPORT_DOMAIN's transport_domain). */
struct mlx5_ifc_create_obj_out_bits {
	uint8_t status[0x8];
	uint8_t reserved_at_8[0x18];
	uint8_t syndrome[0x20];
	uint8_t reserved_at_40[0x8];
	uint8_t obj_number[0x18];
	uint8_t reserved_at_60[0x20];
};

/* The general device capabilities (QUERY_HCA_CAP, op_mod 0 or 1): cmd_hca_cap, at the start of
 * the output's capability union. */
struct mlx5_ifc_cmd_hca_cap_bits {
	uint8_t reserved_at_0[0x88];
	uint8_t log_max_qp_sz[0x8];
	uint8_t reserved_at_90[0x38];
	uint8_t log_max_cq_sz[0x8];
	uint8_t reserved_at_d0[0x30b];
	uint8_t log_max_wq_sz[0x5];
	uint8_t reserved_at_3e0[0x420];
};

struct mlx5_ifc_query_hca_cap_out_bits {
	uint8_t status[0x8];
	uint8_t reserved_at_8[0x18];
	uint8_t syndrome[0x20];
	uint8_t reserved_at_40[0x40];
	uint8_t capability[0x8000]; /* the union of every capability type's layout */
};

/* ---- completion queues ---------------------------------------------------------------------- */

enum {
	MLX5_CQ_STATE_ARMED = 0x9, /* cqc.st: the next completion fires */
	MLX5_CQ_STATE_FIRED = 0xa, /* not armed */
};

enum {
	MLX5_CQ_PERIOD_MODE_START_FROM_EQE = 0x0, /* cqc.cq_period_mode */
	MLX5_CQ_PERIOD_MODE_START_FROM_CQE = 0x1,
};

/* cqc.mini_cqe_res_format: what a responder mini-CQE carries besides the byte count. */
enum {
	MLX5_CQE_RESP_FORMAT_HASH = 0x0,
	MLX5_CQE_RESP_FORMAT_CSUM = 0x1,
	MLX5_CQE_RESP_FORMAT_CSUM_STRIDX = 0x2,
};

/* cqc.apu_element_type, for a CQ of the DPA (apu_cq): c_eqn_or_apu_element names a DPA thread
 * (its device object id) or an EQ. */
enum {
	MLX5_APU_ELEMENT_TYPE_THREAD = 0x0,
	MLX5_APU_ELEMENT_TYPE_EQ = 0x1,
};

struct mlx5_ifc_cqc_bits {
	uint8_t status[0x4];
	uint8_t as_notify[0x1];
	uint8_t initiator_src_dct[0x1];
	uint8_t dbr_umem_valid[0x1];
	uint8_t apu_cq[0x1];
	uint8_t cqe_sz[0x3];
	uint8_t cc[0x1];
	uint8_t reserved_at_c[0x1];
	uint8_t scqe_break_moderation_en[0x1];
	uint8_t oi[0x1];
	uint8_t cq_period_mode[0x2];
	uint8_t cqe_comp_en[0x1];
	uint8_t mini_cqe_res_format[0x2];
	uint8_t st[0x4];
	uint8_t always_armed_cq[0x1];
	uint8_t apu_element_type[0x3];
	uint8_t reserved_at_1c[0x2];
	uint8_t cqe_compression_layout[0x2];
	uint8_t dbr_umem_id[0x20];
	uint8_t reserved_at_40[0x14];
	uint8_t page_offset[0x6];
	uint8_t reserved_at_5a[0x6];
	uint8_t reserved_at_60[0x3];
	uint8_t log_cq_size[0x5];
	uint8_t uar_page[0x18];
	uint8_t reserved_at_80[0x4];
	uint8_t cq_period[0xc];
	uint8_t cq_max_count[0x10];
	uint8_t c_eqn_or_apu_element[0x20];
	uint8_t reserved_at_c0[0x3];
	uint8_t log_page_size[0x5];
	uint8_t reserved_at_c8[0x18];
	uint8_t reserved_at_e0[0x20];
	uint8_t reserved_at_100[0x8];
	uint8_t last_notified_index[0x18];
	uint8_t reserved_at_120[0x8];
	uint8_t last_solicit_index[0x18];
	uint8_t reserved_at_140[0x8];
	uint8_t consumer_counter[0x18];
	uint8_t reserved_at_160[0x8];
	uint8_t producer_counter[0x18];
	uint8_t apu_user_arg[0x40];
	uint8_t dbr_addr[0x40];
};

struct mlx5_ifc_create_cq_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0x40];
	struct mlx5_ifc_cqc_bits cq_context;
	uint8_t cq_umem_offset[0x40];
	uint8_t cq_umem_id[0x20];
	uint8_t cq_umem_valid[0x1];
	uint8_t reserved_at_2e1[0x1f];
	uint8_t reserved_at_300[0x580];
};

/* MODIFY_CQ's modify_field_select. */
enum {
	MLX5_CQ_MODIFY_PERIOD = 1 << 0,
	MLX5_CQ_MODIFY_COUNT = 1 << 1,
	MLX5_CQ_MODIFY_PERIOD_MODE = 1 << 4,
};

struct mlx5_ifc_modify_cq_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0x8];
	uint8_t cqn[0x18];
	uint8_t modify_field_select[0x20];
	struct mlx5_ifc_cqc_bits cq_context;
	uint8_t reserved_at_280[0x60];
	uint8_t cq_umem_valid[0x1];
	uint8_t reserved_at_2e1[0x1f];
	uint8_t reserved_at_300[0x580];
};

/* QUERY_CQ_IN (cqn), and the input of every command on one object that takes nothing else. */
struct mlx5_ifc_query_cq_in_bits {
	uint8_t opcode[0x10];
	uint8_t reserved_at_10[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0x8];
	uint8_t cqn[0x18];
	uint8_t reserved_at_60[0x20];
};

struct mlx5_ifc_query_cq_out_bits {
	uint8_t status[0x8];
	uint8_t reserved_at_8[0x18];
	uint8_t syndrome[0x20];
	uint8_t reserved_at_40[0x40];
	struct mlx5_ifc_cqc_bits cq_context;
	uint8_t reserved_at_280[0x600];
};

/* ---- work queues: SQ, RQ, RMP ------------------------------------------------------------ */

enum {
	MLX5_WQ_TYPE_LINKED_LIST = 0x0, /* wq.wq_type */
	MLX5_WQ_TYPE_CYCLIC = 0x1,
};

enum {
	MLX5_WQ_END_PAD_MODE_NONE = 0x0, /* wq.end_padding_mode */
	MLX5_WQ_END_PAD_MODE_ALIGN = 0x1,
};

/* sqc.state, rqc.state, rmpc.state */
enum {
	MLX5_WQ_STATE_RST = 0x0,
	MLX5_WQ_STATE_RDY = 0x1,
	MLX5_WQ_STATE_ERR = 0x3,
};

struct mlx5_ifc_wq_bits {
	uint8_t wq_type[0x4];
	uint8_t wq_signature[0x1];
	uint8_t end_padding_mode[0x2];
	uint8_t cd_slave[0x1];
	uint8_t reserved_at_8[0x18];
	uint8_t hds_skip_first_sge[0x1];
	uint8_t log2_hds_buf_size[0x3];
	uint8_t reserved_at_24[0x7];
	uint8_t page_offset[0x5];
	uint8_t lwm[0x10];
	uint8_t reserved_at_40[0x8];
	uint8_t pd[0x18];
	uint8_t reserved_at_60[0x8];
	uint8_t uar_page[0x18];
	uint8_t dbr_addr[0x40];
	uint8_t hw_counter[0x20];
	uint8_t sw_counter[0x20];
	uint8_t reserved_at_100[0xc];
	uint8_t log_wq_stride[0x4];
	uint8_t reserved_at_110[0x3];
	uint8_t log_wq_pg_sz[0x5];
	uint8_t reserved_at_118[0x3];
	uint8_t log_wq_sz[0x5];
	uint8_t dbr_umem_valid[0x1];
	uint8_t wq_umem_valid[0x1];
	uint8_t reserved_at_122[0x1];
	uint8_t log_hairpin_num_packets[0x5];
	uint8_t reserved_at_128[0x3];
	uint8_t log_hairpin_data_sz[0x5];
	uint8_t reserved_at_130[0x4];
	uint8_t single_wqe_log_num_of_strides[0x4];
	uint8_t two_byte_shift_en[0x1];
	uint8_t reserved_at_139[0x4];
	uint8_t single_stride_log_num_of_bytes[0x3];
	uint8_t dbr_umem_id[0x20];
	uint8_t wq_umem_id[0x20];
	uint8_t wq_umem_offset[0x40];
	uint8_t reserved_at_1c0[0x440];
};

struct mlx5_ifc_sqc_bits {
	uint8_t rlky[0x1];
	uint8_t cd_master[0x1];
	uint8_t fre[0x1];
	uint8_t flush_in_error_en[0x1];
	uint8_t allow_multi_pkt_send_wqe[0x1];
	uint8_t min_wqe_inline_mode[0x3];
	uint8_t state[0x4];
	uint8_t reg_umr[0x1];
	uint8_t allow_swp[0x1];
	uint8_t hairpin[0x1];
	uint8_t reserved_at_f[0x11];
	uint8_t reserved_at_20[0x8];
	uint8_t user_index[0x18];
	uint8_t reserved_at_40[0x8];
	uint8_t cqn[0x18];
	uint8_t reserved_at_60[0x8];
	uint8_t hairpin_peer_rq[0x18];
	uint8_t reserved_at_80[0x10];
	uint8_t hairpin_peer_vhca[0x10];
	uint8_t reserved_at_a0[0x50];
	uint8_t packet_pacing_rate_limit_index[0x10];
	uint8_t tis_lst_sz[0x10];
	uint8_t reserved_at_110[0x10];
	uint8_t reserved_at_120[0x40];
	uint8_t reserved_at_160[0x8];
	uint8_t tis_num_0[0x18];
	struct mlx5_ifc_wq_bits wq;
};

struct mlx5_ifc_rqc_bits {
	uint8_t rlky[0x1];
	uint8_t delay_drop_en[0x1];
	uint8_t scatter_fcs[0x1];
	uint8_t vsd[0x1];
	uint8_t mem_rq_type[0x4];
	uint8_t state[0x4];
	uint8_t reserved_at_c[0x1];
	uint8_t flush_in_error_en[0x1];
	uint8_t hairpin[0x1];
	uint8_t reserved_at_f[0x11];
	uint8_t reserved_at_20[0x8];
	uint8_t user_index[0x18];
	uint8_t reserved_at_40[0x8];
	uint8_t cqn[0x18];
	uint8_t counter_set_id[0x8];
	uint8_t reserved_at_68[0x18];
	uint8_t reserved_at_80[0x8];
	uint8_t rmpn[0x18];
	uint8_t reserved_at_a0[0x8];
	uint8_t hairpin_peer_sq[0x18];
	uint8_t reserved_at_c0[0x10];
	uint8_t hairpin_peer_vhca[0x10];
	uint8_t reserved_at_e0[0xa0];
	struct mlx5_ifc_wq_bits wq;
};

struct mlx5_ifc_rmpc_bits {
	uint8_t reserved_at_0[0x8];
	uint8_t state[0x4];
	uint8_t reserved_at_c[0x14];
	uint8_t basic_cyclic_rcv_wqe[0x1];
	uint8_t reserved_at_21[0x1f];
	uint8_t reserved_at_40[0x140];
	struct mlx5_ifc_wq_bits wq;
};

/* CREATE_SQ_IN, CREATE_RQ_IN and CREATE_RMP_IN: the context after the header. */
struct mlx5_ifc_create_sq_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0xc0];
	struct mlx5_ifc_sqc_bits ctx;
};

struct mlx5_ifc_create_rq_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0xc0];
	struct mlx5_ifc_rqc_bits ctx;
};

struct mlx5_ifc_create_rmp_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0xc0];
	struct mlx5_ifc_rmpc_bits ctx;
};

/* MODIFY_SQ_IN and MODIFY_RQ_IN: the state the queue is in, its number, the fields to change
 * besides the state (modify_bitmask), the new context. */
struct mlx5_ifc_modify_sq_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t sq_state[0x4];
	uint8_t reserved_at_44[0x4];
	uint8_t sqn[0x18];
	uint8_t reserved_at_60[0x20];
	uint8_t modify_bitmask[0x40];
	uint8_t reserved_at_c0[0x40];
	struct mlx5_ifc_sqc_bits ctx;
};

struct mlx5_ifc_modify_rq_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t rq_state[0x4];
	uint8_t reserved_at_44[0x4];
	uint8_t rqn[0x18];
	uint8_t reserved_at_60[0x20];
	uint8_t modify_bitmask[0x40];
	uint8_t reserved_at_c0[0x40];
	struct mlx5_ifc_rqc_bits ctx;
};

/* QUERY_SQ_IN and QUERY_RQ_IN (sqn / rqn), and their outputs. */
struct mlx5_ifc_query_rq_in_bits {
	uint8_t opcode[0x10];
	uint8_t reserved_at_10[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0x8];
	uint8_t rqn[0x18];
	uint8_t reserved_at_60[0x20];
};

struct mlx5_ifc_query_sq_out_bits {
	uint8_t status[0x8];
	uint8_t reserved_at_8[0x18];
	uint8_t syndrome[0x20];
	uint8_t reserved_at_40[0xc0];
	struct mlx5_ifc_sqc_bits sq_context;
};

struct mlx5_ifc_query_rq_out_bits {
	uint8_t status[0x8];
	uint8_t reserved_at_8[0x18];
	uint8_t syndrome[0x20];
	uint8_t reserved_at_40[0xc0];
	struct mlx5_ifc_rqc_bits rq_context;
};

/* ---- transport objects: TD, TIS, TIR, RQT ------------------------------------------------- */

struct mlx5_ifc_alloc_transport_domain_out_bits {
	uint8_t status[0x8];
	uint8_t reserved_at_8[0x18];
	uint8_t syndrome[0x20];
	uint8_t reserved_at_40[0x8];
	uint8_t transport_domain[0x18];
	uint8_t reserved_at_60[0x20];
};

struct mlx5_ifc_tisc_bits {
	uint8_t strict_lag_tx_port_affinity[0x1];
	uint8_t reserved_at_1[0x3];
	uint8_t lag_tx_port_affinity[0x4];
	uint8_t reserved_at_8[0x4];
	uint8_t prio[0x4];
	uint8_t reserved_at_10[0x10];
	uint8_t reserved_at_20[0x100];
	uint8_t reserved_at_120[0x8];
	uint8_t transport_domain[0x18];
	uint8_t reserved_at_140[0x8];
	uint8_t underlay_qpn[0x18];
	uint8_t reserved_at_160[0x3a0];
};

struct mlx5_ifc_create_tis_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0xc0];
	struct mlx5_ifc_tisc_bits ctx;
};

enum {
	MLX5_TIRC_DISP_TYPE_DIRECT = 0x0,
	MLX5_TIRC_DISP_TYPE_INDIRECT = 0x1,
};

enum {
	MLX5_RX_HASH_FN_NONE = 0x0,
	MLX5_RX_HASH_FN_INVERTED_XOR8 = 0x1,
	MLX5_RX_HASH_FN_TOEPLITZ = 0x2,
};

struct mlx5_ifc_rx_hash_field_select_bits {
	uint8_t l3_prot_type[0x1];
	uint8_t l4_prot_type[0x1];
	uint8_t selected_fields[0x1e];
};

struct mlx5_ifc_tirc_bits {
	uint8_t reserved_at_0[0x20];
	uint8_t disp_type[0x4];
	uint8_t reserved_at_24[0x1c];
	uint8_t reserved_at_40[0x40];
	uint8_t reserved_at_80[0x4];
	uint8_t lro_timeout_period_usecs[0x10];
	uint8_t lro_enable_mask[0x4];
	uint8_t lro_max_msg_sz[0x8];
	uint8_t reserved_at_a0[0x40];
	uint8_t reserved_at_e0[0x8];
	uint8_t inline_rqn[0x18];
	uint8_t rx_hash_symmetric[0x1];
	uint8_t reserved_at_101[0x1];
	uint8_t tunneled_offload_en[0x1];
	uint8_t reserved_at_103[0x5];
	uint8_t indirect_table[0x18];
	uint8_t rx_hash_fn[0x4];
	uint8_t reserved_at_124[0x2];
	uint8_t self_lb_block[0x2];
	uint8_t transport_domain[0x18];
	uint8_t rx_hash_toeplitz_key[10][0x20];
	struct mlx5_ifc_rx_hash_field_select_bits rx_hash_field_selector_outer;
	struct mlx5_ifc_rx_hash_field_select_bits rx_hash_field_selector_inner;
	uint8_t reserved_at_2c0[0x4c0];
};

struct mlx5_ifc_create_tir_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0xc0];
	struct mlx5_ifc_tirc_bits ctx;
};

/* An RQT context: its list (rq_num[], 32 bits each, the RQ number in the low 24) follows it. */
struct mlx5_ifc_rqtc_bits {
	uint8_t reserved_at_0[0xa5];
	uint8_t list_q_type[0x3];
	uint8_t reserved_at_a8[0x8];
	uint8_t rqt_max_size[0x10];
	uint8_t rq_vhca_id_format[0x1];
	uint8_t reserved_at_c1[0xf];
	uint8_t rqt_actual_size[0x10];
	uint8_t reserved_at_e0[0x6a0];
};

struct mlx5_ifc_create_rqt_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0xc0];
	struct mlx5_ifc_rqtc_bits rqt_context;
};

/* modify_bitmask: the list is replaced. */
enum {
	MLX5_MODIFY_RQT_RQN_LIST = 1 << 0,
};

struct mlx5_ifc_modify_rqt_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0x8];
	uint8_t rqtn[0x18];
	uint8_t reserved_at_60[0x20];
	uint8_t modify_bitmask[0x40];
	uint8_t reserved_at_c0[0x40];
	struct mlx5_ifc_rqtc_bits rqt_context;
};

/* ---- queue pairs --------------------------------------------------------------------------- */

/* qpc.state */
enum {
	MLX5_QPC_STATE_RST = 0x0,
	MLX5_QPC_STATE_INIT = 0x1,
	MLX5_QPC_STATE_RTR = 0x2,
	MLX5_QPC_STATE_RTS = 0x3,
	MLX5_QPC_STATE_SQER = 0x4,
	MLX5_QPC_STATE_SQD = 0x5,
	MLX5_QPC_STATE_ERR = 0x6,
};

enum {
	MLX5_QPC_ST_RC = 0x0, /* qpc.st */
};

enum {
	MLX5_QPC_PM_STATE_MIGRATED = 0x3, /* qpc.pm_state */
};

/* qpc.rq_type */
enum {
	MLX5_QPC_RQ_TYPE_REGULAR = 0x0,
	MLX5_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ = 0x1,
	MLX5_QPC_RQ_TYPE_ZERO_SIZE_RQ = 0x3,
};

/* The optional fields a QP transition applies (opt_param_mask). */
enum {
	MLX5_QP_OPTPAR_RRE = 1 << 1,
	MLX5_QP_OPTPAR_RAE = 1 << 2,
	MLX5_QP_OPTPAR_RWE = 1 << 3,
	MLX5_QP_OPTPAR_RNR_TIMEOUT = 1 << 6,
};

/* An address path: where a QP's packets go. */
struct mlx5_ifc_ads_bits {
	uint8_t fl[0x1];
	uint8_t free_ar[0x1];
	uint8_t reserved_at_2[0xe];
	uint8_t pkey_index[0x10];
	uint8_t reserved_at_20[0x8];
	uint8_t grh[0x1];
	uint8_t mlid[0x7];
	uint8_t rlid[0x10];
	uint8_t ack_timeout[0x5];
	uint8_t reserved_at_45[0x3];
	uint8_t src_addr_index[0x8];
	uint8_t reserved_at_50[0x4];
	uint8_t stat_rate[0x4];
	uint8_t hop_limit[0x8];
	uint8_t reserved_at_60[0x4];
	uint8_t tclass[0x8];
	uint8_t flow_label[0x14];
	uint8_t rgid_rip[16][0x8];
	uint8_t reserved_at_100[0x4];
	uint8_t f_dscp[0x1];
	uint8_t f_ecn[0x1];
	uint8_t reserved_at_106[0x1];
	uint8_t f_eth_prio[0x1];
	uint8_t ecn[0x2];
	uint8_t dscp[0x6];
	uint8_t udp_sport[0x10];
	uint8_t dei_cfi[0x1];
	uint8_t eth_prio[0x3];
	uint8_t sl[0x4];
	uint8_t vhca_port_num[0x8];
	uint8_t rmac_47_32[0x10];
	uint8_t rmac_31_0[0x20];
};

struct mlx5_ifc_qpc_bits {
	uint8_t state[0x4];
	uint8_t lag_tx_port_affinity[0x4];
	uint8_t st[0x8];
	uint8_t reserved_at_10[0x3];
	uint8_t pm_state[0x2];
	uint8_t reserved_at_15[0x1];
	uint8_t req_e2e_credit_mode[0x2];
	uint8_t offload_type[0x4];
	uint8_t end_padding_mode[0x2];
	uint8_t reserved_at_1e[0x2];
	uint8_t wq_signature[0x1];
	uint8_t block_lb_mc[0x1];
	uint8_t atomic_like_write_en[0x1];
	uint8_t latency_sensitive[0x1];
	uint8_t reserved_at_24[0x1];
	uint8_t drain_sigerr[0x1];
	uint8_t reserved_at_26[0x2];
	uint8_t pd[0x18];
	uint8_t mtu[0x3];
	uint8_t log_msg_max[0x5];
	uint8_t reserved_at_48[0x1];
	uint8_t log_rq_size[0x4];
	uint8_t log_rq_stride[0x3];
	uint8_t no_sq[0x1];
	uint8_t log_sq_size[0x4];
	uint8_t reserved_at_55[0x3];
	uint8_t ts_format[0x2];
	uint8_t reserved_at_5a[0x1];
	uint8_t rlky[0x1];
	uint8_t ulp_stateless_offload_mode[0x4];
	uint8_t counter_set_id[0x8];
	uint8_t uar_page[0x18];
	uint8_t reserved_at_80[0x8];
	uint8_t user_index[0x18];
	uint8_t reserved_at_a0[0x3];
	uint8_t log_page_size[0x5];
	uint8_t remote_qpn[0x18];
	struct mlx5_ifc_ads_bits primary_address_path;
	struct mlx5_ifc_ads_bits secondary_address_path;
	uint8_t log_ack_req_freq[0x4];
	uint8_t reserved_at_384[0x4];
	uint8_t log_sra_max[0x3];
	uint8_t reserved_at_38b[0x2];
	uint8_t retry_count[0x3];
	uint8_t rnr_retry[0x3];
	uint8_t reserved_at_393[0x1];
	uint8_t fre[0x1];
	uint8_t cur_rnr_retry[0x3];
	uint8_t cur_retry_count[0x3];
	uint8_t reserved_at_39b[0x5];
	uint8_t reserved_at_3a0[0x20];
	uint8_t reserved_at_3c0[0x8];
	uint8_t next_send_psn[0x18];
	uint8_t reserved_at_3e0[0x8];
	uint8_t cqn_snd[0x18];
	uint8_t reserved_at_400[0x8];
	uint8_t deth_sqpn[0x18];
	uint8_t reserved_at_420[0x20];
	uint8_t reserved_at_440[0x8];
	uint8_t last_acked_psn[0x18];
	uint8_t reserved_at_460[0x8];
	uint8_t ssn[0x18];
	uint8_t reserved_at_480[0x8];
	uint8_t log_rra_max[0x3];
	uint8_t reserved_at_48b[0x1];
	uint8_t atomic_mode[0x4];
	uint8_t rre[0x1];
	uint8_t rwe[0x1];
	uint8_t rae[0x1];
	uint8_t reserved_at_493[0x1];
	uint8_t page_offset[0x6];
	uint8_t reserved_at_49a[0x3];
	uint8_t cd_slave_receive[0x1];
	uint8_t cd_slave_send[0x1];
	uint8_t cd_master[0x1];
	uint8_t reserved_at_4a0[0x3];
	uint8_t min_rnr_nak[0x5];
	uint8_t next_rcv_psn[0x18];
	uint8_t reserved_at_4c0[0x8];
	uint8_t xrcd[0x18];
	uint8_t reserved_at_4e0[0x8];
	uint8_t cqn_rcv[0x18];
	uint8_t dbr_addr[0x40];
	uint8_t q_key[0x20];
	uint8_t reserved_at_560[0x5];
	uint8_t rq_type[0x3];
	uint8_t srqn_rmpn_xrqn[0x18];
	uint8_t reserved_at_580[0x8];
	uint8_t rmsn[0x18];
	uint8_t hw_sq_wqebb_counter[0x10];
	uint8_t sw_sq_wqebb_counter[0x10];
	uint8_t hw_rq_counter[0x20];
	uint8_t sw_rq_counter[0x20];
	uint8_t reserved_at_600[0x20];
	uint8_t reserved_at_620[0xf];
	uint8_t cgs[0x1];
	uint8_t cs_req[0x8];
	uint8_t cs_res[0x8];
	uint8_t dc_access_key[0x40];
	uint8_t reserved_at_680[0x3];
	uint8_t dbr_umem_valid[0x1];
	uint8_t reserved_at_684[0x9c];
	uint8_t dbr_umem_id[0x20];
};

struct mlx5_ifc_create_qp_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t qpc_ext[0x1];
	uint8_t reserved_at_41[0x3f];
	uint8_t opt_param_mask[0x20];
	uint8_t reserved_at_a0[0x20];
	struct mlx5_ifc_qpc_bits qpc;
	uint8_t wq_umem_offset[0x40];
	uint8_t wq_umem_id[0x20];
	uint8_t wq_umem_valid[0x1];
	uint8_t reserved_at_861[0x1f];
};

/* RST2INIT_QP_IN; INIT2INIT_QP, INIT2RTR_QP, RTR2RTS_QP, RTS2RTS_QP and SQD2RTS_QP have this
 * layout too (and so the simulated RTS2SQD). */
struct mlx5_ifc_rst2init_qp_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0x8];
	uint8_t qpn[0x18];
	uint8_t reserved_at_60[0x20];
	uint8_t opt_param_mask[0x20];
	uint8_t reserved_at_a0[0x20];
	struct mlx5_ifc_qpc_bits qpc;
	uint8_t reserved_at_800[0x80];
};

/* 2ERR_QP_IN and 2RST_QP_IN; QUERY_QP_IN has this layout too. */
struct mlx5_ifc_qp_2err_in_bits {
	uint8_t opcode[0x10];
	uint8_t uid[0x10];
	uint8_t reserved_at_20[0x10];
	uint8_t op_mod[0x10];
	uint8_t reserved_at_40[0x8];
	uint8_t qpn[0x18];
	uint8_t reserved_at_60[0x20];
};

struct mlx5_ifc_query_qp_out_bits {
	uint8_t status[0x8];
	uint8_t reserved_at_8[0x18];
	uint8_t syndrome[0x20];
	uint8_t reserved_at_40[0x40];
	uint8_t opt_param_mask[0x20];
	uint8_t reserved_at_a0[0x20];
	struct mlx5_ifc_qpc_bits qpc;
	uint8_t reserved_at_800[0x80];
};

#endif
