/*
 * Transport objects a program makes itself with DEVX commands (mlx5dv_devx_obj_create), as
 * receive-side scaling over FlexIO RQs needs them (FlexIO has no RQT or RSS TIR call): the PRM
 * layouts of mlx5_ifc.h, executed on the device's simulated NIC (core/nic/transport.c).
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
 *   MODIFY_RQ (0x909)               mlx5dv_devx_obj_modify on the object libflexio gives for an
 *                                   RQ (flexio_rq_get_object): rq_state (in 08h bits 31:28) the
 *                                   RQ's state now, rqn (in 08h, 24 bits) its number, the new
 *                                   state in the context (ctx at 20h, state at bits 23:20): RST
 *                                   to RDY, RDY to RDY or ERR, ERR to ERR, any to RST, as mlx5
 *                                   takes them; modify_bitmask (in 10h) 0, nothing but the state
 *                                   changes. An RQ a frame longer than its WQE put in error is
 *                                   recovered so (ERR, RST, RDY), as Linux's mlx5e and DPDK's
 *                                   mlx5 recover theirs.
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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TIRC 0x20                  /* the context of CREATE_TIR_IN and CREATE_RQT_IN */
#define TIR_IN_BYTES (TIRC + 0x58) /* up to the inner hash selector */
#define RQT_LIST (TIRC + 0xf0)     /* rq_num[] of an RQT context */
#define DISP_DIRECT 0
#define DISP_INDIRECT 1
#define HASH_FN_XOR8 1
#define SELECT_IPSEC_SPI (1u << 4)

/* Syndromes of the refusals (the simulated firmware's own numbers). */
enum {
	SYNDROME_NO_OBJECT = 0x1a8b1,  /* a TD, RQ or RQT the command names does not exist */
	SYNDROME_RQT_SIZE = 0x1a8b2,   /* rqt_actual_size 0, above rqt_max_size or the device's */
	SYNDROME_RQT_NUMBER = 0x1a8b3, /* MODIFY_RQT names another RQT than its object */
	SYNDROME_DISP_TYPE = 0x1a8b4,  /* disp_type neither DIRECT nor INDIRECT */
	SYNDROME_HASH_FN = 0x1a8b5,    /* rx_hash_fn none of NONE, XOR8, TOEPLITZ */
	SYNDROME_RQ_NUMBER = 0x1a8b6,  /* MODIFY_RQ names another RQ than its object, or a gone one */
	SYNDROME_RQ_STATE = 0x1a8b7,   /* rq_state is not the RQ's, or no such transition */
};

#define RQC 0x20         /* the RQ context of MODIFY_RQ_IN */
#define RQ_IN_BYTES 0x24 /* up to the context's state */

bool sim_devx_is_transport(uint16_t opcode)
{
	return opcode == OP_ALLOC_TRANSPORT_DOMAIN || opcode == OP_CREATE_RQT || opcode == OP_CREATE_TIR;
}

/* Refuses with BAD_PARAM and a formatted reason (sim_lock released). */
static void refuse(const char *function, uint8_t *out, size_t outlen, uint32_t syndrome, const char *format, ...)
	__attribute__((format(printf, 5, 6)));
static void refuse(const char *function, uint8_t *out, size_t outlen, uint32_t syndrome, const char *format, ...)
{
	char reason[200];
	va_list args;

	va_start(args, format);
	vsnprintf(reason, sizeof(reason), format, args);
	va_end(args);
	sim_devx_bad_param(function, out, outlen, syndrome, reason);
}

/* An RQT context's list (entries, each an RQ number): 0, or an errno value (refused). table_max
 * is the table's rqt_max_size for MODIFY_RQT, whose context leaves that field 0 as Linux's mlx5e
 * writes it (only the list and its actual size change); 0 for CREATE_RQT, which sets it. */
static int rqt_list(const char *function, const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen,
		    uint32_t table_max, uint32_t *rqns, uint32_t *count)
{
	const uint8_t *rqtc = in + TIRC;
	uint32_t max, actual;

	if (inlen < RQT_LIST) {
		sim_dr_refuse(function, EINVAL, "inlen %zu: an RQT context needs %d bytes", inlen, RQT_LIST);
		return EINVAL;
	}
	max = table_max ? table_max : prm_field(rqtc, 0xb0, 16);
	actual = prm_field(rqtc, 0xd0, 16);
	if (prm_field(rqtc, 0xa5, 3) || prm_field(rqtc, 0xc0, 1)) {
		sim_dr_refuse(function, EOPNOTSUPP,
			      "RQT: list_q_type %u (rqtc 14h), rq_vhca_id_format %u (rqtc 18h): the simulated NIC's "
			      "tables list RQs of its own by number (0, 0)",
			      prm_field(rqtc, 0xa5, 3), prm_field(rqtc, 0xc0, 1));
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
		sim_dr_refuse(function, EINVAL, "inlen %zu: %u RQT entries need %zu bytes", inlen, actual,
			      RQT_LIST + 4 * (size_t)actual);
		return EINVAL;
	}
	for (uint32_t i = 0; i < actual; i++)
		rqns[i] = prm_get(in + RQT_LIST + 4 * i, 4) & 0xffffffu; /* rq_num: 24 bits */
	*count = actual;
	return 0;
}

/* The program's object for NIC object id (sim_lock held): NULL with the NIC object left to the
 * caller to undo when memory runs out (logged, sim_lock released). */
static struct sim_devx_obj *wrap(const char *function, struct sim_context *context, uint16_t opcode, uint32_t id,
				 uint8_t *out)
{
	struct sim_devx_obj *obj = sim_devx_obj_new(context, opcode, id);

	if (!obj) {
		sim_dr_refuse(function, ENOMEM, "out of memory");
		return NULL;
	}
	obj->transport = true;
	memset(out, 0, PRM_HEADER);
	prm_put(out + 8, 4, id);
	return obj;
}

static int nic_destroy_by_type(struct nic *nic, uint32_t type, uint32_t id)
{
	switch (type) {
	case OP_ALLOC_TRANSPORT_DOMAIN:
		return nic_td_destroy(nic, id);
	case OP_CREATE_RQT:
		return nic_rqt_destroy(nic, id);
	default:
		return nic_tir_destroy(nic, id);
	}
}

/* The hash of an indirect TIR context: 0, or an errno value (refused). */
static int tir_hash(const char *function, const uint8_t *tirc, uint8_t *out, size_t outlen, struct nic_rx_hash *hash)
{
	uint32_t fn = prm_field(tirc, 0x120, 4), select = prm_get(tirc + 0x50, 4);

	if (fn > NIC_RX_HASH_TOEPLITZ) {
		refuse(function, out, outlen, SYNDROME_HASH_FN,
		       "CREATE_TIR: rx_hash_fn %u (NONE 0, XOR8 1, TOEPLITZ 2)", fn);
		return EREMOTEIO;
	}
	if (fn == HASH_FN_XOR8 || prm_field(tirc, 0x100, 1) || (select & SELECT_IPSEC_SPI) ||
	    (select & ~(NIC_RX_HASH_L3_IPV6 | NIC_RX_HASH_L4_UDP | NIC_RX_HASH_FIELDS)) || prm_get(tirc + 0x54, 4)) {
		sim_dr_refuse(function, EOPNOTSUPP,
			      "CREATE_TIR: rx_hash_fn %u%s, selectors outer 0x%x inner 0x%x: the simulated NIC "
			      "hashes with Toeplitz (or none) over outer IPv4/IPv6 addresses and TCP/UDP ports",
			      fn, prm_field(tirc, 0x100, 1) ? " (symmetric)" : "", select, prm_get(tirc + 0x54, 4));
		return EOPNOTSUPP;
	}
	hash->fn = fn == NIC_RX_HASH_TOEPLITZ ? NIC_RX_HASH_TOEPLITZ : NIC_RX_HASH_NONE;
	hash->outer_select = select;
	memcpy(hash->toeplitz_key, tirc + 0x28, sizeof(hash->toeplitz_key));
	return 0;
}

struct mlx5dv_devx_obj *sim_devx_transport_create(const char *function, struct sim_context *context, uint16_t opcode,
						  const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen)
{
	struct sim_nic *nic = sim_nic_of(context->device);
	const uint8_t *tirc = in + TIRC;
	struct sim_devx_obj *obj;
	uint32_t id = 0, *rqns = NULL, count = 0, tdn;
	int rc;

	if (!nic) {
		sim_dr_refuse(function, ENOMEM, "out of memory");
		return NULL;
	}
	if (opcode == OP_CREATE_TIR && inlen < TIR_IN_BYTES) {
		sim_dr_refuse(function, EINVAL, "inlen %zu: CREATE_TIR's context needs %d bytes", inlen, TIR_IN_BYTES);
		return NULL;
	}
	switch (opcode) {
	case OP_ALLOC_TRANSPORT_DOMAIN:
		rc = nic_td_create(nic->nic, &id);
		break;
	case OP_CREATE_RQT:
		rqns = malloc(sizeof(*rqns) << NIC_LOG_MAX_RQT_SIZE);
		if (!rqns) {
			sim_dr_refuse(function, ENOMEM, "out of memory");
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
		uint32_t disp = prm_field(tirc, 0x20, 4);

		tdn = prm_field(tirc, 0x128, 24);
		if (disp == DISP_DIRECT) {
			rc = nic_tir_create(nic->nic, tdn, prm_field(tirc, 0xe8, 24), &id);
		} else if (disp == DISP_INDIRECT) {
			struct nic_rx_hash hash;

			if ((rc = tir_hash(function, tirc, out, outlen, &hash))) {
				errno = rc;
				return NULL;
			}
			rc = nic_tir_create_indirect(nic->nic, tdn, prm_field(tirc, 0x108, 24), &hash, &id);
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
		       opcode == OP_CREATE_RQT ? "CREATE_RQT: an entry is not an RQ of the device"
					       : "CREATE_TIR: its transport domain, RQ or RQT does not exist");
		return NULL;
	}
	if (rc) {
		sim_dr_refuse(function, rc == -ENOSPC ? ENOSPC : EINVAL, "the simulated NIC refused it (%d)", rc);
		return NULL;
	}
	obj = wrap(function, context, opcode, id, out);
	if (!obj) {
		nic_destroy_by_type(nic->nic, opcode, id);
		return NULL;
	}
	if (opcode == OP_CREATE_RQT)
		obj->rqt_max_size = prm_field(tirc, 0xb0, 16);
	pthread_mutex_unlock(&sim_lock);
	return (struct mlx5dv_devx_obj *)obj;
}

int sim_devx_transport_modify(const char *function, struct sim_devx_obj *obj, const uint8_t *in, size_t inlen,
			      uint8_t *out, size_t outlen)
{
	struct sim_nic *nic = sim_nic_of(obj->context->device);
	uint32_t *rqns, count;
	int rc;

	if (prm_get(in, 2) != OP_MODIFY_RQT || obj->type != OP_CREATE_RQT || !nic) {
		sim_devx_unserved(function, (uint16_t)prm_get(in, 2), (uint16_t)prm_get(in + 6, 2));
		return EOPNOTSUPP;
	}
	if (inlen < TIRC) {
		sim_dr_refuse(function, EINVAL, "inlen %zu: MODIFY_RQT needs %d bytes", inlen, TIRC);
		return EINVAL;
	}
	if (prm_field(in, 0x48, 24) != obj->id) {
		refuse(function, out, outlen, SYNDROME_RQT_NUMBER, "MODIFY_RQT: rqtn 0x%x is not this object's (0x%x)",
		       prm_field(in, 0x48, 24), obj->id);
		return EREMOTEIO;
	}
	if (!(in[0x17] & 1)) { /* nothing to modify but the list */
		memset(out, 0, PRM_HEADER);
		pthread_mutex_unlock(&sim_lock);
		return 0;
	}
	rqns = malloc(sizeof(*rqns) << NIC_LOG_MAX_RQT_SIZE);
	if (!rqns) {
		sim_dr_refuse(function, ENOMEM, "out of memory");
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
	pthread_mutex_unlock(&sim_lock);
	return 0;
}

int sim_devx_rq_modify(const char *function, struct sim_devx_obj *obj, const uint8_t *in, size_t inlen, uint8_t *out,
		       size_t outlen)
{
	struct sim_nic *nic = sim_nic_of(obj->context->device);
	uint32_t rqn = prm_field(in, 0x48, 24), from = prm_field(in, 0x40, 4), to = prm_field(in + RQC, 0x8, 4);
	struct nic_wq_info info;

	if (inlen < RQ_IN_BYTES) {
		sim_dr_refuse(function, EINVAL, "inlen %zu: MODIFY_RQ needs %d bytes", inlen, RQ_IN_BYTES);
		return EINVAL;
	}
	if (prm_get(in + 0x10, 4) || prm_get(in + 0x14, 4)) {
		sim_dr_refuse(function, EOPNOTSUPP,
			      "MODIFY_RQ: modify_bitmask 0x%08x%08x (in 10h): the simulated NIC changes an RQ's state "
			      "only (0)",
			      prm_get(in + 0x10, 4), prm_get(in + 0x14, 4));
		return EOPNOTSUPP;
	}
	if (rqn != obj->id || !nic || nic_wq_query(nic->nic, rqn, &info)) {
		refuse(function, out, outlen, SYNDROME_RQ_NUMBER,
		       "MODIFY_RQ: rqn 0x%x is not this object's live RQ (0x%x)", rqn, obj->id);
		return EREMOTEIO;
	}
	if (from != (uint32_t)info.state || nic_wq_modify(nic->nic, rqn, (enum nic_wq_state)to)) {
		refuse(function, out, outlen, SYNDROME_RQ_STATE,
		       "MODIFY_RQ: rq_state %u to %u: the RQ is in %u (RST 0, RDY 1, ERR 3), and goes from RST to RDY, "
		       "from RDY to RDY or ERR, from ERR to ERR, from any to RST",
		       from, to, info.state);
		return EREMOTEIO;
	}
	memset(out, 0, PRM_HEADER);
	pthread_mutex_unlock(&sim_lock);
	return 0;
}

int sim_devx_transport_destroy(struct sim_devx_obj *obj)
{
	struct sim_nic *nic = sim_nic_of(obj->context->device);
	int rc = nic ? nic_destroy_by_type(nic->nic, obj->type, obj->id) : 0;

	if (rc == -EBUSY)
		return EBUSY;
	obj->transport = false; /* gone from the NIC (or the NIC with it) */
	return 0;
}
