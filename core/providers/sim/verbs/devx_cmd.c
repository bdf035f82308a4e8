/*
 * DEVX commands on the simulated devices (mlx5dv_devx_obj_create / _query / _modify / _destroy,
 * mlx5dv_devx_general_cmd; rdma-core's man pages): the PRM commands packet programs and
 * libflexio (core/host/devx_cmds.c) issue, in the PRM's big-endian layouts
 * (core/common/mlx5_prm.h).
 *
 *   ALLOC_FLOW_COUNTER (0x939)       mlx5dv_devx_obj_create: a bulk of flow counters
 *                                    (flow_counter_bulk_log_size, or flow_counter_bulk x 128,
 *                                    or one), consecutive ids; mlx5dv_devx_obj_destroy frees it
 *                                    (its DEALLOC_FLOW_COUNTER), EBUSY while actions count in it
 *   QUERY_FLOW_COUNTER (0x93b)       mlx5dv_devx_obj_query on such an object: packets and octets
 *                                    of num_of_counters counters from flow_counter_id, cleared
 *                                    when clear is set
 *   QUERY_HCA_CAP (0x100)            mlx5dv_devx_general_cmd, op_mod general capabilities (0,
 *                                    maximum or current): the BlueField-3 limits the simulated
 *                                    NIC has (queue and object counts and sizes, Ethernet, RoCE,
 *                                    RC, NIC flow table, eswitch manager, flow counters, ...)
 *   QUERY_NIC_VPORT_CONTEXT (0x754)  mlx5dv_devx_general_cmd: the PF's permanent MAC, MTU, RoCE
 *   ALLOC_TRANSPORT_DOMAIN (0x816), CREATE_RQT (0x916), MODIFY_RQT (0x917), CREATE_TIR (0x900)
 *                                    transport objects: devx_transport.c
 *   CREATE_CQ, _SQ, _RQ, _RMP, _QP, _TIS; MODIFY_CQ, _SQ, _RQ; QUERY_CQ, _SQ, _RQ, _QP; the QP
 *                                    transitions: the NIC's queues, devx_queue.c
 *
 * mlx5dv_devx_obj_destroy destroys what a create command made (its DESTROY_* or DEALLOC_*),
 * refused with EBUSY while other objects use it (devx_obj.c).
 *
 * Every other opcode (and capability type) fails with EOPNOTSUPP and one line naming it. A
 * command whose content the firmware would refuse fails as rdma-core reports it, EREMOTEIO
 * with a status (BAD_PARAM 0x3, ...) and a syndrome in the output; arguments that are no
 * command (NULL buffers, lengths shorter than its layout) fail with EINVAL.
 */
#include "devx_prm.h"
#include "dr_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HCA_CAP_BYTES (PRM_BIT_SZ(query_hca_cap_out, capability) / 8)
#define NIC_VPORT_BYTES 256 /* nic_vport_context */
#define MAX_BULK_LOG 14     /* the largest bulk: 16384 counters (log_max_flow_counter_bulk) */

static const char *opcode_name(uint16_t opcode)
{
	switch (opcode) {
	case MLX5_CMD_OP_QUERY_HCA_CAP:
		return "QUERY_HCA_CAP";
	case MLX5_CMD_OP_QUERY_NIC_VPORT_CONTEXT:
		return "QUERY_NIC_VPORT_CONTEXT";
	case MLX5_CMD_OP_ALLOC_FLOW_COUNTER:
		return "ALLOC_FLOW_COUNTER";
	case MLX5_CMD_OP_DEALLOC_FLOW_COUNTER:
		return "DEALLOC_FLOW_COUNTER";
	case MLX5_CMD_OP_QUERY_FLOW_COUNTER:
		return "QUERY_FLOW_COUNTER";
	case MLX5_CMD_OP_ALLOC_TRANSPORT_DOMAIN:
		return "ALLOC_TRANSPORT_DOMAIN";
	case MLX5_CMD_OP_CREATE_RQT:
		return "CREATE_RQT";
	case MLX5_CMD_OP_MODIFY_RQT:
		return "MODIFY_RQT";
	case MLX5_CMD_OP_CREATE_TIR:
		return "CREATE_TIR";
	case MLX5_CMD_OP_MODIFY_RQ:
		return "MODIFY_RQ";
	case MLX5_CMD_OP_CREATE_SQ:
		return "CREATE_SQ";
	case MLX5_CMD_OP_CREATE_RQ:
		return "CREATE_RQ";
	case MLX5_CMD_OP_CREATE_TIS:
		return "CREATE_TIS";
	case MLX5_CMD_OP_CREATE_CQ:
		return "CREATE_CQ";
	case MLX5_CMD_OP_CREATE_QP:
		return "CREATE_QP";
	case 0x770:
		return "QUERY_VPORT_COUNTER";
	case 0x750:
		return "QUERY_VPORT_STATE";
	default:
		return "an opcode";
	}
}

/* Checks a command's buffers (verbs_lock held): false when they cannot hold its header or the
 * output it needs (logged, verbs_lock released, errno EINVAL). */
bool verbs_devx_buffers_ok(const char *function, const void *in, size_t inlen, void *out, size_t outlen,
			   size_t need_out)
{
	if (!in) {
		verbs_dr_refuse(function, EINVAL, "in is NULL");
		return false;
	}
	if (inlen < PRM_HEADER) {
		verbs_dr_refuse(function, EINVAL, "inlen %zu: a command has a %d-byte header", inlen, PRM_HEADER);
		return false;
	}
	if (!out || outlen < need_out) {
		verbs_dr_refuse(function, EINVAL, "out %s, outlen %zu: %s needs %zu bytes", out ? "given" : "NULL",
				outlen, opcode_name((uint16_t)prm_be_get(in, 2)), need_out);
		return false;
	}
	return true;
}

static const char *status_name(unsigned status)
{
	switch (status) {
	case MLX5_CMD_STAT_BAD_PARAM_ERR:
		return "BAD_PARAM";
	case MLX5_CMD_STAT_BAD_RES_ERR:
		return "BAD_RESOURCE";
	case MLX5_CMD_STAT_BAD_RES_STATE_ERR:
		return "BAD_RESOURCE_STATE";
	case MLX5_CMD_STAT_NO_RES_ERR:
		return "NO_RESOURCES";
	default:
		return "an error";
	}
}

/* Refuses a command as the firmware does (verbs_lock held): EREMOTEIO, status and syndrome. */
void verbs_devx_fail(const char *function, void *out, size_t outlen, unsigned status, uint32_t syndrome,
		     const char *format, ...)
{
	char reason[256];
	va_list args;

	va_start(args, format);
	vsnprintf(reason, sizeof(reason), format, args);
	va_end(args);
	if (out && outlen >= 8) {
		memset(out, 0, outlen < PRM_HEADER ? outlen : PRM_HEADER);
		PRM_SET(mbox_out, out, status, status);
		PRM_SET(mbox_out, out, syndrome, syndrome);
	}
	verbs_dr_refuse(function, EREMOTEIO, "%s (status %s, syndrome 0x%x)", reason, status_name(status), syndrome);
}

void verbs_devx_unserved(const char *function, uint16_t opcode, uint16_t op_mod)
{
	verbs_dr_refuse(function, EOPNOTSUPP, "%s 0x%x (op_mod 0x%x) is not served by the simulated device",
			opcode_name(opcode), opcode, op_mod);
}

/* ---- flow counters ---- */

/* The next flow counter id of each device (verbs_lock). */
static uint32_t next_counter_id[VERBS_MAX_CREATED];

static struct mlx5dv_devx_obj *alloc_flow_counter(const char *function, struct verbs_ctx *context, const uint8_t *in,
						  uint8_t *out, size_t outlen)
{
	unsigned log_size = in[14] & 0x1f, bulk = in[15];
	struct verbs_flow_counter *counter;
	struct verbs_devx_obj *obj;
	uint32_t count, *next = &next_counter_id[context->device->index];

	if (log_size)
		count = log_size <= MAX_BULK_LOG ? 1u << log_size : 0;
	else if (bulk)
		count = !(bulk & (bulk - 1)) && 128u * bulk <= 1u << MAX_BULK_LOG ? 128u * bulk : 0;
	else
		count = 1;
	if (!count) {
		verbs_devx_fail(
			function, out, outlen, MLX5_CMD_STAT_BAD_PARAM_ERR, 0x1,
			"ALLOC_FLOW_COUNTER: a bulk of 1, 128 x a power of two, or 2^log_size counters, at most 16384");
		return NULL;
	}
	if (!*next)
		*next = 1;
	counter = calloc(1, sizeof(*counter));
	if (counter)
		counter->cells = calloc(count, sizeof(*counter->cells));
	obj = counter && counter->cells ? verbs_devx_obj_new(context, MLX5_CMD_OP_ALLOC_FLOW_COUNTER, *next) : NULL;
	if (!obj) {
		if (counter)
			free(counter->cells);
		free(counter);
		verbs_dr_refuse(function, ENOMEM, "out of memory");
		return NULL;
	}
	counter->id = *next;
	counter->count = count;
	*next += count;
	obj->counter = counter;
	memset(out, 0, PRM_HEADER);
	prm_be_put(out + 8, 4, counter->id);
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_devx_obj *)obj;
}

static int query_flow_counter(const char *function, const struct verbs_flow_counter *counter, const uint8_t *in,
			      size_t inlen, uint8_t *out, size_t outlen)
{
	uint32_t id, n;
	bool clear;

	if (inlen < 32) {
		verbs_dr_refuse(function, EINVAL, "inlen %zu: QUERY_FLOW_COUNTER's input has 32 bytes", inlen);
		return EINVAL;
	}
	clear = in[24] & 0x80;
	n = prm_be_get(in + 26, 2);
	n = n ? n : 1;
	id = prm_be_get(in + 28, 4);
	if (id < counter->id || id - counter->id >= counter->count || n > counter->count - (id - counter->id)) {
		verbs_devx_fail(function, out, outlen, MLX5_CMD_STAT_BAD_PARAM_ERR, 0x2,
				"QUERY_FLOW_COUNTER: counters outside the object's bulk");
		return EREMOTEIO;
	}
	if (outlen < PRM_HEADER + 16 * (size_t)n) {
		verbs_dr_refuse(function, EINVAL, "outlen %zu: %u counter(s) need %zu bytes", outlen, n,
				PRM_HEADER + 16 * (size_t)n);
		return EINVAL;
	}
	memset(out, 0, PRM_HEADER);
	for (uint32_t i = 0; i < n; i++) {
		struct nic_flow_count *cell = &counter->cells[id - counter->id + i];
		uint64_t packets, bytes;

		if (clear) {
			packets = atomic_exchange_explicit(&cell->packets, 0, memory_order_relaxed);
			bytes = atomic_exchange_explicit(&cell->bytes, 0, memory_order_relaxed);
		} else {
			packets = atomic_load_explicit(&cell->packets, memory_order_relaxed);
			bytes = atomic_load_explicit(&cell->bytes, memory_order_relaxed);
		}
		prm_be_put(out + PRM_HEADER + 16 * i, 8, packets);
		prm_be_put(out + PRM_HEADER + 16 * i + 8, 8, bytes);
	}
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

void verbs_flow_counter_free(struct verbs_flow_counter *counter)
{
	free(counter->cells);
	free(counter);
}

/* ---- general commands ---- */

/* The general capabilities (cmd_hca_cap) of a BlueField-3 as the simulated NIC has them. */
static void hca_cap(const struct verbs_device *device, uint8_t *cap)
{
	static const struct {
		unsigned short bit, width;
		uint32_t value;
	} fields[] = {
		{ 0x80, 8, NIC_LOG_MAX_WQ_SIZE },   /* log_max_srq_sz */
		{ 0x88, 8, NIC_LOG_MAX_WQ_SIZE },   /* log_max_qp_sz */
		{ 0x9b, 5, 14 },                    /* log_max_qp */
		{ 0xab, 5, 14 },                    /* log_max_srq */
		{ 0xc8, 8, NIC_LOG_MAX_CQ_SIZE },   /* log_max_cq_sz */
		{ 0xdb, 5, 14 },                    /* log_max_cq */
		{ 0xe0, 8, NIC_LOG_MAX_CQ_SIZE },   /* log_max_eq_sz */
		{ 0xea, 6, 24 },                    /* log_max_mkey */
		{ 0xfc, 4, 14 },                    /* log_max_eq */
		{ 0x170, 16, 2 },                   /* gid_table_size */
		{ 0x181, 1, 1 },                    /* vport_counters */
		{ 0x190, 16, 1 },                   /* pkey_table_size */
		{ 0x1a6, 1, 1 },                    /* nic_flow_table */
		{ 0x1a7, 1, 1 },                    /* eswitch_manager */
		{ 0x1b6, 2, 1 },                    /* port_type: Ethernet */
		{ 0x1b8, 8, 1 },                    /* num_ports */
		{ 0x1c3, 5, 30 },                   /* log_max_msg */
		{ 0x1fc, 4, 1 },                    /* cqe_version */
		{ 0x201, 1, 1 },                    /* striding_rq */
		{ 0x21c, 1, 1 },                    /* eth_net_offloads */
		{ 0x21d, 1, 1 },                    /* roce */
		{ 0x222, 1, 1 },                    /* cq_moderation */
		{ 0x23f, 1, 1 },                    /* rc */
		{ 0x310, 8, 0x7f },                 /* flow_counter_bulk_alloc: 128 .. 8192 */
		{ 0x323, 5, 14 },                   /* log_max_transport_domain */
		{ 0x32b, 5, 24 },                   /* log_max_pd */
		{ 0x348, 8, MAX_BULK_LOG },         /* log_max_flow_counter_bulk */
		{ 0x350, 16, 0xffff },              /* max_flow_counter_15_0 */
		{ 0x363, 5, 14 },                   /* log_max_rq */
		{ 0x36b, 5, 14 },                   /* log_max_sq */
		{ 0x373, 5, 14 },                   /* log_max_tir */
		{ 0x37b, 5, 14 },                   /* log_max_tis */
		{ 0x383, 5, 14 },                   /* log_max_rmp */
		{ 0x38b, 5, 14 },                   /* log_max_rqt */
		{ 0x393, 5, NIC_LOG_MAX_RQT_SIZE }, /* log_max_rqt_size */
		{ 0x3db, 5, NIC_LOG_MAX_WQ_SIZE },  /* log_max_wq_sz */
		{ 0x444, 4, 2 },                    /* steering_format_version: ConnectX-7 */
		{ 0x470, 16, 1024 },                /* max_num_eqs */
	};

	prm_bits_set(cap, 0x30, 16, (uint32_t)device->index); /* vhca_id */
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		prm_bits_set(cap, fields[i].bit, fields[i].width, fields[i].value);
}

static int query_hca_cap(const char *function, struct verbs_ctx *context, uint16_t op_mod, uint8_t *out, size_t outlen)
{
	uint8_t cap[HCA_CAP_BYTES] = { 0 };

	if (op_mod >> 1) {
		verbs_devx_unserved(function, MLX5_CMD_OP_QUERY_HCA_CAP, op_mod);
		return EOPNOTSUPP;
	}
	hca_cap(context->device, cap);
	memset(out, 0, PRM_HEADER);
	memcpy(out + PRM_HEADER, cap, outlen - PRM_HEADER < sizeof(cap) ? outlen - PRM_HEADER : sizeof(cap));
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

static int query_nic_vport_context(const char *function, struct verbs_ctx *context, const uint8_t *in, uint8_t *out)
{
	struct verbs_nic *nic = verbs_nic_of(context->device);
	uint8_t *vport = out + PRM_HEADER, mac[6];
	struct nic_port_attr port = { .mtu = 1500 };

	if ((in[8] & 0x80) && prm_be_get(in + 10, 2)) {
		verbs_devx_fail(function, out, PRM_HEADER, MLX5_CMD_STAT_BAD_PARAM_ERR, 0x3,
				"QUERY_NIC_VPORT_CONTEXT: the simulated device has no other vport");
		return EREMOTEIO;
	}
	if (nic)
		nic_port_get(nic->nic, 1, &port);
	verbs_port_mac(context->device, mac);
	memset(out, 0, PRM_HEADER + NIC_VPORT_BYTES);
	prm_bits_set(vport, 0x1f, 1, 1);          /* roce_en */
	prm_bits_set(vport, 0x130, 16, port.mtu); /* mtu */
	memcpy(vport + 0xf6, mac, 6);             /* permanent_address */
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

/* ---- the entry points ---- */

/* Returns the object, or NULL with errno: EINVAL, EOPNOTSUPP (an opcode not served),
 * EREMOTEIO (a command the firmware refuses), ENOMEM. */
VERBS_EXPORT struct mlx5dv_devx_obj *mlx5dv_devx_obj_create(struct ibv_context *context, const void *in, size_t inlen,
							    void *out, size_t outlen)
{
	__typeof__(&mlx5dv_devx_obj_create) real = VERBS_REAL(mlx5dv_devx_obj_create);
	struct verbs_ctx *sim;
	uint16_t opcode;

	VERBS_DELEGATE(mlx5dv_devx_obj_create, (context, in, inlen, out, outlen));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context, in, inlen, out, outlen);
	default:
		return NULL;
	}
	if (!verbs_devx_buffers_ok(__func__, in, inlen, out, outlen, PRM_HEADER))
		return NULL;
	opcode = (uint16_t)prm_be_get(in, 2);
	if (opcode == MLX5_CMD_OP_ALLOC_FLOW_COUNTER)
		return alloc_flow_counter(__func__, sim, in, out, outlen);
	if (verbs_devx_is_transport(opcode))
		return verbs_devx_transport_create(__func__, sim, opcode, in, inlen, out, outlen);
	if (verbs_devx_is_queue(opcode))
		return verbs_devx_queue_create(__func__, sim, in, inlen, out, outlen);
	verbs_devx_unserved(__func__, opcode, (uint16_t)prm_be_get((const uint8_t *)in + 6, 2));
	return NULL;
}

/* Returns 0, or an errno value: EINVAL, EOPNOTSUPP (not served on this object), EREMOTEIO. */
VERBS_EXPORT int mlx5dv_devx_obj_query(struct mlx5dv_devx_obj *obj, const void *in, size_t inlen, void *out,
				       size_t outlen)
{
	__typeof__(&mlx5dv_devx_obj_query) real = VERBS_REAL(mlx5dv_devx_obj_query);
	struct verbs_devx_obj *sim;
	uint16_t opcode;

	VERBS_DELEGATE(mlx5dv_devx_obj_query, (obj, in, inlen, out, outlen));
	switch (verbs_route(__func__, obj, VERBS_DEVX_OBJ, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(obj, in, inlen, out, outlen);
	default:
		return errno;
	}
	if (!verbs_devx_buffers_ok(__func__, in, inlen, out, outlen, PRM_HEADER))
		return EINVAL;
	opcode = (uint16_t)prm_be_get(in, 2);
	if (opcode == MLX5_CMD_OP_QUERY_FLOW_COUNTER && sim->counter)
		return query_flow_counter(__func__, sim->counter, in, inlen, out, outlen);
	return verbs_devx_queue_command(__func__, sim, true, in, inlen, out, outlen);
}

/* An RQT takes MODIFY_RQT, a CQ MODIFY_CQ, an SQ or RQ its MODIFY_SQ or MODIFY_RQ, a QP its
 * transitions: 0, or EOPNOTSUPP for every other command and object, EINVAL for bad buffers,
 * EREMOTEIO for what the firmware refuses. */
VERBS_EXPORT int mlx5dv_devx_obj_modify(struct mlx5dv_devx_obj *obj, const void *in, size_t inlen, void *out,
					size_t outlen)
{
	__typeof__(&mlx5dv_devx_obj_modify) real = VERBS_REAL(mlx5dv_devx_obj_modify);
	struct verbs_devx_obj *sim;

	VERBS_DELEGATE(mlx5dv_devx_obj_modify, (obj, in, inlen, out, outlen));
	switch (verbs_route(__func__, obj, VERBS_DEVX_OBJ, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(obj, in, inlen, out, outlen);
	default:
		return errno;
	}
	if (!verbs_devx_buffers_ok(__func__, in, inlen, out, outlen, PRM_HEADER))
		return EINVAL;
	if (sim->type == MLX5_CMD_OP_CREATE_RQT && prm_be_get(in, 2) == MLX5_CMD_OP_MODIFY_RQT)
		return verbs_devx_transport_modify(__func__, sim, in, inlen, out, outlen);
	return verbs_devx_queue_command(__func__, sim, false, in, inlen, out, outlen);
}

/* Returns 0, or an errno value: EINVAL, EOPNOTSUPP (an opcode or capability type not served),
 * EREMOTEIO. */
VERBS_EXPORT int mlx5dv_devx_general_cmd(struct ibv_context *context, const void *in, size_t inlen, void *out,
					 size_t outlen)
{
	__typeof__(&mlx5dv_devx_general_cmd) real = VERBS_REAL(mlx5dv_devx_general_cmd);
	struct verbs_ctx *sim;
	uint16_t opcode, op_mod;

	VERBS_DELEGATE(mlx5dv_devx_general_cmd, (context, in, inlen, out, outlen));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context, in, inlen, out, outlen);
	default:
		return errno;
	}
	if (!verbs_devx_buffers_ok(__func__, in, inlen, out, outlen, PRM_HEADER))
		return EINVAL;
	opcode = (uint16_t)prm_be_get(in, 2);
	op_mod = (uint16_t)prm_be_get((const uint8_t *)in + 6, 2);
	switch (opcode) {
	case MLX5_CMD_OP_QUERY_HCA_CAP:
		return query_hca_cap(__func__, sim, op_mod, out, outlen);
	case MLX5_CMD_OP_QUERY_NIC_VPORT_CONTEXT:
		if (!verbs_devx_buffers_ok(__func__, in, inlen, out, outlen, PRM_HEADER + NIC_VPORT_BYTES))
			return EINVAL;
		return query_nic_vport_context(__func__, sim, in, out);
	default:
		verbs_devx_unserved(__func__, opcode, op_mod);
		return EOPNOTSUPP;
	}
}
