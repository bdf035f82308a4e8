/*
 * What the simulated device's DEVX commands share: the PRM's layouts (core/common/mlx5_prm.h,
 * which the host library's command builder encodes with), the refusals every command makes
 * (devx_cmd.c), and the NIC objects programs and libflexio make with them (devx_transport.c:
 * TDs, RQTs, TIRs; devx_queue.c: CQs, SQs, RQs, RMPs, QPs, TISs).
 */
#ifndef OPENFLEXIO_VERBS_DEVX_PRM_H
#define OPENFLEXIO_VERBS_DEVX_PRM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "verbs_internal.h"

#include "mlx5_prm.h"

/* Command input header and output header (status, syndrome). */
#define PRM_HEADER 16

/* Checks a command's buffers (verbs_lock held): false when they cannot hold its header or the
 * output it needs (logged, verbs_lock released, errno EINVAL). */
bool verbs_devx_buffers_ok(const char *function, const void *in, size_t inlen, void *out, size_t outlen,
			   size_t need_out);
/* Refuses a command as the firmware does (verbs_lock released): EREMOTEIO, the status
 * (MLX5_CMD_STAT_*) and syndrome in the output, one line with the reason and both. */
void verbs_devx_fail(const char *function, void *out, size_t outlen, unsigned status, uint32_t syndrome,
		     const char *format, ...) __attribute__((format(printf, 6, 7)));
/* An opcode the simulated device does not serve (verbs_lock released): EOPNOTSUPP, one line. */
void verbs_devx_unserved(const char *function, uint16_t opcode, uint16_t op_mod);

/* NIC objects made with DEVX commands (struct verbs_devx_obj.nic; verbs_lock held by every call,
 * and released on return by those that answer a command). */

/* The registered object of context for the NIC object a create command (opcode) made, numbered
 * id, that number in out's header: NULL when memory runs out (logged, verbs_lock released; the
 * NIC object is the caller's to undo). */
struct verbs_devx_obj *verbs_devx_nic_wrap(const char *function, struct verbs_ctx *context, uint16_t opcode,
					   uint32_t id, uint8_t *out);
/* Destroys the NIC object behind obj (verbs_lock kept): 0, or EBUSY while others use it (what
 * uses such an object: verbs_devx_users). */
int verbs_devx_nic_destroy(struct verbs_devx_obj *obj);
const char *verbs_devx_users(const struct verbs_devx_obj *obj);

/* Transport objects (devx_transport.c): whether verbs_devx_transport_create serves opcode;
 * ALLOC_TRANSPORT_DOMAIN, CREATE_RQT, CREATE_TIR: the object, or NULL with errno. */
bool verbs_devx_is_transport(uint16_t opcode);
struct mlx5dv_devx_obj *verbs_devx_transport_create(const char *function, struct verbs_ctx *context, uint16_t opcode,
						    const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen);
/* MODIFY_RQT on an RQT: 0 or an errno value. */
int verbs_devx_transport_modify(const char *function, struct verbs_devx_obj *obj, const uint8_t *in, size_t inlen,
				uint8_t *out, size_t outlen);
/* Destroys a TD, RQT or TIR of the NIC (type: its create opcode): the NIC's 0 or -errno. */
int verbs_devx_transport_destroy(struct nic *nic, uint32_t type, uint32_t id);

/* The NIC's queues (devx_queue.c): whether verbs_devx_queue_create serves opcode (CREATE_CQ,
 * _SQ, _RQ, _RMP, _QP, _TIS); the object, or NULL with errno. */
bool verbs_devx_is_queue(uint16_t opcode);
struct mlx5dv_devx_obj *verbs_devx_queue_create(const char *function, struct verbs_ctx *context, const uint8_t *in,
						size_t inlen, uint8_t *out, size_t outlen);
/* A modify (query false) or query command on obj: MODIFY_CQ, _SQ, _RQ, the QP transitions;
 * QUERY_CQ, _SQ, _RQ, _QP. 0 or an errno value (EOPNOTSUPP: not a command obj takes). */
int verbs_devx_queue_command(const char *function, struct verbs_devx_obj *obj, bool query, const uint8_t *in,
			     size_t inlen, uint8_t *out, size_t outlen);

#endif
