/*
 * Transport objects made with DEVX commands (mlx5dv_devx_obj_create): libflexio's (an RQ's
 * TD and TIR) and a program's, as receive-side scaling over FlexIO RQs needs them (FlexIO has
 * no RQT or RSS TIR call): the PRM layouts of core/common/mlx5_prm.h, executed on the device's
 * simulated NIC (core/nic/transport.c).
 *
 *   ALLOC_TRANSPORT_DOMAIN (0x816)  a TD; out: transport_domain (dword 2)
 *   CREATE_RQT (0x916)              an RQ table: rqtc at 20h, rqt_max_size (rqtc 14h, low 16
 *                                   bits), rqt_actual_size (rqtc 18h, low 16 bits), rq_num[] at
 *                                   rqtc F0h; every entry an RQ of the device (FlexIO's
 *                                   flexio_rq_get_wq_num); out: rqtn
 *   MODIFY_RQT (0x917)              mlx5dv_devx_obj_modify on an RQT: bitmask rqn_list (in 17h
 *                                   bit 0) replaces the list with the context's, up to the
 *                                   rqt_max_size the table was created with (the context's own
 *                                   rqt_max_size is not read: Linux leaves it 0)
 *   CREATE_TIR (0x900)              a TIR: tirc at 20h; disp_type DIRECT (inline_rqn, rqtc-less)
 *                                   or INDIRECT (indirect_table, rx_hash_fn NONE or TOEPLITZ,
 *                                   rx_hash_toeplitz_key, rx_hash_field_selector_outer: IPv4 or
 *                                   IPv6, TCP or UDP, source/destination address and port);
 *                                   transport_domain; out: tirn. The TIR is a steering
 *                                   destination (mlx5dv_dr_action_create_dest_devx_tir).
 *
 * mlx5dv_devx_obj_destroy frees them (DEALLOC_TRANSPORT_DOMAIN, DESTROY_RQT, DESTROY_TIR),
 * refused with EBUSY while something uses them (a TIR its TD or RQT); ibv_close_device frees
 * those left, TIRs first. Content the firmware refuses fails with EREMOTEIO, status BAD_PARAM
 * and a syndrome; what the simulated NIC does not do (XOR8 or symmetric hashing, IPsec SPI
 * fields, inner-header hashing, RQTs of other queue types or of other functions' RQs,
 * rq_vhca_id_format) fails with EOPNOTSUPP; each with one line naming the function.
 */
#include "devx_prm.h"
#include "dr_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* CREATE_TIR reads its input up to the inner hash selector. */
#define TIR_IN_BYTES (PRM_BIT_OFF(create_tir_in, ctx.rx_hash_field_selector_inner) / 8 + 4)
/* rq_num[] follows the RQT context (of CREATE_RQT_IN and MODIFY_RQT_IN alike). */
#define RQT_LIST PRM_BYTES(create_rqt_in)
#define SELECT_IPSEC_SPI (1u << 4)

/* Syndromes of the refusals (the simulated firmware's own numbers). */
enum {
	SYNDROME_NO_OBJECT = 0x1a8b1,  /* a TD, RQ or RQT the command names does not exist */
	SYNDROME_RQT_SIZE = 0x1a8b2,   /* rqt_actual_size 0, above rqt_max_size or the device's */
	SYNDROME_RQT_NUMBER = 0x1a8b3, /* MODIFY_RQT names another RQT than its object */
	SYNDROME_DISP_TYPE = 0x1a8b4,  /* disp_type neither DIRECT nor INDIRECT */
	SYNDROME_HASH_FN = 0x1a8b5,    /* rx_hash_fn none of NONE, XOR8, TOEPLITZ */
};

bool verbs_devx_is_transport(uint16_t opcode)
{
	return opcode == MLX5_CMD_OP_ALLOC_TRANSPORT_DOMAIN || opcode == MLX5_CMD_OP_CREATE_RQT ||
	       opcode == MLX5_CMD_OP_CREATE_TIR;
}

/* Refuses with BAD_PARAM (verbs_lock released). */
#define refuse(function, out, outlen, syndrome, ...) \
	verbs_devx_fail(function, out, outlen, MLX5_CMD_STAT_BAD_PARAM_ERR, syndrome, __VA_ARGS__)

/* An RQT context's list (entries, each an RQ number): 0, or an errno value (refused). table_max
 * is the table's rqt_max_size for MODIFY_RQT, whose context leaves that field 0 as Linux's mlx5e
 * writes it (only the list and its actual size change); 0 for CREATE_RQT, which sets it. */
static int rqt_list(const char *function, const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen,
		    uint32_t table_max, uint32_t *rqns, uint32_t *count)
{
	const uint8_t *rqtc = PRM_CADDR_OF(create_rqt_in, in, rqt_context);
	uint32_t max, actual;

	if (inlen < RQT_LIST) {
		verbs_dr_refuse(function, EINVAL, "inlen %zu: an RQT context needs %zu bytes", inlen, RQT_LIST);
		return EINVAL;
	}
	max = table_max ? table_max : PRM_GET(rqtc, rqtc, rqt_max_size);
	actual = PRM_GET(rqtc, rqtc, rqt_actual_size);
	if (PRM_GET(rqtc, rqtc, list_q_type) || PRM_GET(rqtc, rqtc, rq_vhca_id_format)) {
		verbs_dr_refuse(function, EOPNOTSUPP,
				"RQT: list_q_type %u (rqtc 14h), rq_vhca_id_format %u (rqtc 18h): the simulated NIC's "
				"tables list RQs of its own by number (0, 0)",
				PRM_GET(rqtc, rqtc, list_q_type), PRM_GET(rqtc, rqtc, rq_vhca_id_format));
		return EOPNOTSUPP;
	}
	if (table_max && (!actual || actual > max)) {
		refuse(function, out, outlen, SYNDROME_RQT_SIZE,
		       "MODIFY_RQT: rqt_actual_size %u (rqtc 18h): 1 <= actual <= the table's rqt_max_size %u", actual,
		       max);
		return EREMOTEIO;
	}
	if (!actual || actual > max || max > 1u << NIC_LOG_MAX_RQT_SIZE) {
		refuse(function, out, outlen, SYNDROME_RQT_SIZE,
		       "RQT: rqt_actual_size %u (rqtc 18h), rqt_max_size %u (rqtc 14h): 1 <= actual <= max <= %u",
		       actual, max, 1u << NIC_LOG_MAX_RQT_SIZE);
		return EREMOTEIO;
	}
	if (inlen < RQT_LIST + 4 * (size_t)actual) {
		verbs_dr_refuse(function, EINVAL, "inlen %zu: %u RQT entries need %zu bytes", inlen, actual,
				RQT_LIST + 4 * (size_t)actual);
		return EINVAL;
	}
	for (uint32_t i = 0; i < actual; i++)
		rqns[i] = (uint32_t)prm_be_get(in + RQT_LIST + 4 * i, 4) & 0xffffffu; /* rq_num: 24 bits */
	*count = actual;
	return 0;
}

struct verbs_devx_obj *verbs_devx_nic_wrap(const char *function, struct verbs_ctx *context, uint16_t opcode,
					   uint32_t id, uint8_t *out)
{
	struct verbs_devx_obj *obj = verbs_devx_obj_new(context, opcode, id);

	if (!obj) {
		verbs_dr_refuse(function, ENOMEM, "out of memory");
		return NULL;
	}
	obj->nic = true;
	memset(out, 0, PRM_HEADER);
	PRM_SET(create_obj_out, out, obj_number, id);
	return obj;
}

int verbs_devx_transport_destroy(struct nic *nic, uint32_t type, uint32_t id)
{
	switch (type) {
	case MLX5_CMD_OP_ALLOC_TRANSPORT_DOMAIN:
		return nic_td_destroy(nic, id);
	case MLX5_CMD_OP_CREATE_RQT:
		return nic_rqt_destroy(nic, id);
	default:
		return nic_tir_destroy(nic, id);
	}
}

/* The hash of an indirect TIR context: 0, or an errno value (refused). */
static int tir_hash(const char *function, const uint8_t *tirc, uint8_t *out, size_t outlen, struct nic_rx_hash *hash)
{
	uint32_t fn = PRM_GET(tirc, tirc, rx_hash_fn);
	/* The selectors whole: l3_prot_type and l4_prot_type are NIC_RX_HASH_L3_IPV6, _L4_UDP. */
	uint32_t select = (uint32_t)prm_be_get(PRM_CADDR_OF(tirc, tirc, rx_hash_field_selector_outer), 4);
	uint32_t inner = (uint32_t)prm_be_get(PRM_CADDR_OF(tirc, tirc, rx_hash_field_selector_inner), 4);
	bool symmetric = PRM_GET(tirc, tirc, rx_hash_symmetric);

	if (fn > NIC_RX_HASH_TOEPLITZ) {
		refuse(function, out, outlen, SYNDROME_HASH_FN,
		       "CREATE_TIR: rx_hash_fn %u (NONE 0, XOR8 1, TOEPLITZ 2)", fn);
		return EREMOTEIO;
	}
	if (fn == MLX5_RX_HASH_FN_INVERTED_XOR8 || symmetric || (select & SELECT_IPSEC_SPI) ||
	    (select & ~(NIC_RX_HASH_L3_IPV6 | NIC_RX_HASH_L4_UDP | NIC_RX_HASH_FIELDS)) || inner) {
		verbs_dr_refuse(function, EOPNOTSUPP,
				"CREATE_TIR: rx_hash_fn %u%s, selectors outer 0x%x inner 0x%x: the simulated NIC "
				"hashes with Toeplitz (or none) over outer IPv4/IPv6 addresses and TCP/UDP ports",
				fn, symmetric ? " (symmetric)" : "", select, inner);
		return EOPNOTSUPP;
	}
	hash->fn = fn == NIC_RX_HASH_TOEPLITZ ? NIC_RX_HASH_TOEPLITZ : NIC_RX_HASH_NONE;
	hash->outer_select = select;
	memcpy(hash->toeplitz_key, PRM_CADDR_OF(tirc, tirc, rx_hash_toeplitz_key), sizeof(hash->toeplitz_key));
	return 0;
}

struct mlx5dv_devx_obj *verbs_devx_transport_create(const char *function, struct verbs_ctx *context, uint16_t opcode,
						    const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen)
{
	struct verbs_nic *nic = verbs_nic_of(context->device);
	const uint8_t *tirc = PRM_CADDR_OF(create_tir_in, in, ctx);
	struct verbs_devx_obj *obj;
	uint32_t id = 0, *rqns = NULL, count = 0, tdn;
	int rc;

	if (!nic) {
		verbs_dr_refuse(function, ENOMEM, "out of memory");
		return NULL;
	}
	if (opcode == MLX5_CMD_OP_CREATE_TIR && inlen < TIR_IN_BYTES) {
		verbs_dr_refuse(function, EINVAL, "inlen %zu: CREATE_TIR's context needs %zu bytes", inlen,
				TIR_IN_BYTES);
		return NULL;
	}
	switch (opcode) {
	case MLX5_CMD_OP_ALLOC_TRANSPORT_DOMAIN:
		rc = nic_td_create(nic->nic, &id);
		break;
	case MLX5_CMD_OP_CREATE_RQT:
		rqns = malloc(sizeof(*rqns) << NIC_LOG_MAX_RQT_SIZE);
		if (!rqns) {
			verbs_dr_refuse(function, ENOMEM, "out of memory");
			return NULL;
		}
		if ((rc = rqt_list(function, in, inlen, out, outlen, 0, rqns, &count))) {
			free(rqns);
			errno = rc;
			return NULL;
		}
		rc = nic_rqt_create(nic->nic, rqns, count, &id);
		free(rqns);
		break;
	default: {
		uint32_t disp = PRM_GET(tirc, tirc, disp_type);

		tdn = PRM_GET(tirc, tirc, transport_domain);
		if (disp == MLX5_TIRC_DISP_TYPE_DIRECT) {
			rc = nic_tir_create(nic->nic, tdn, PRM_GET(tirc, tirc, inline_rqn), &id);
		} else if (disp == MLX5_TIRC_DISP_TYPE_INDIRECT) {
			struct nic_rx_hash hash;

			if ((rc = tir_hash(function, tirc, out, outlen, &hash))) {
				errno = rc;
				return NULL;
			}
			rc = nic_tir_create_indirect(nic->nic, tdn, PRM_GET(tirc, tirc, indirect_table), &hash, &id);
		} else {
			refuse(function, out, outlen, SYNDROME_DISP_TYPE,
			       "CREATE_TIR: disp_type %u (DIRECT 0, INDIRECT 1)", disp);
			return NULL;
		}
		break;
	}
	}
	if (rc == -ENOENT) {
		refuse(function, out, outlen, SYNDROME_NO_OBJECT,
		       opcode == MLX5_CMD_OP_CREATE_RQT ? "CREATE_RQT: an entry is not an RQ of the device"
							: "CREATE_TIR: its transport domain, RQ or RQT does not exist");
		return NULL;
	}
	if (rc) {
		verbs_dr_refuse(function, rc == -ENOSPC ? ENOSPC : EINVAL, "the simulated NIC refused it (%d)", rc);
		return NULL;
	}
	obj = verbs_devx_nic_wrap(function, context, opcode, id, out);
	if (!obj) {
		verbs_devx_transport_destroy(nic->nic, opcode, id);
		return NULL;
	}
	if (opcode == MLX5_CMD_OP_CREATE_RQT)
		obj->rqt_max_size = PRM_GET(rqtc, PRM_CADDR_OF(create_rqt_in, in, rqt_context), rqt_max_size);
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_devx_obj *)obj;
}

int verbs_devx_transport_modify(const char *function, struct verbs_devx_obj *obj, const uint8_t *in, size_t inlen,
				uint8_t *out, size_t outlen)
{
	struct verbs_nic *nic = verbs_nic_of(obj->context->device);
	uint32_t *rqns, count;
	int rc;

	if (!nic) {
		verbs_dr_refuse(function, ENOMEM, "out of memory");
		return ENOMEM;
	}
	if (inlen < PRM_BIT_OFF(modify_rqt_in, rqt_context) / 8) {
		verbs_dr_refuse(function, EINVAL, "inlen %zu: MODIFY_RQT needs %zu bytes", inlen,
				PRM_BIT_OFF(modify_rqt_in, rqt_context) / 8);
		return EINVAL;
	}
	if (PRM_GET(modify_rqt_in, in, rqtn) != obj->id) {
		refuse(function, out, outlen, SYNDROME_RQT_NUMBER, "MODIFY_RQT: rqtn 0x%x is not this object's (0x%x)",
		       PRM_GET(modify_rqt_in, in, rqtn), obj->id);
		return EREMOTEIO;
	}
	/* nothing to modify but the list */
	if (!(prm_be_get(PRM_CADDR_OF(modify_rqt_in, in, modify_bitmask), 8) & MLX5_MODIFY_RQT_RQN_LIST)) {
		memset(out, 0, PRM_HEADER);
		pthread_mutex_unlock(&verbs_lock);
		return 0;
	}
	rqns = malloc(sizeof(*rqns) << NIC_LOG_MAX_RQT_SIZE);
	if (!rqns) {
		verbs_dr_refuse(function, ENOMEM, "out of memory");
		return ENOMEM;
	}
	if ((rc = rqt_list(function, in, inlen, out, outlen, obj->rqt_max_size, rqns, &count))) {
		free(rqns);
		return rc;
	}
	rc = nic_rqt_modify(nic->nic, obj->id, rqns, count);
	free(rqns);
	if (rc) {
		refuse(function, out, outlen, SYNDROME_NO_OBJECT, "MODIFY_RQT: an entry is not an RQ of the device");
		return EREMOTEIO;
	}
	memset(out, 0, PRM_HEADER);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}
