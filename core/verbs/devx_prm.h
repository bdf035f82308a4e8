/*
 * The PRM's command layouts as DEVX programs write them (big-endian fields, bit 0 the most
 * significant bit of byte 0), and the refusals every DEVX command shares (devx_cmd.c): one
 * place for what devx_cmd.c (counters, capabilities) and devx_transport.c (TDs, RQTs, TIRs)
 * both read and answer.
 */
#ifndef OPENFLEXIO_VERBS_DEVX_PRM_H
#define OPENFLEXIO_VERBS_DEVX_PRM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "verbs_internal.h"

/* Command input header and output header (status, syndrome). */
#define PRM_HEADER 16
#define STATUS_BAD_PARAM 0x3

/* The opcodes served, and those named in refusals. */
enum {
	OP_QUERY_HCA_CAP = 0x100,
	OP_QUERY_NIC_VPORT_CONTEXT = 0x754,
	OP_ALLOC_TRANSPORT_DOMAIN = 0x816,
	OP_DEALLOC_TRANSPORT_DOMAIN = 0x817,
	OP_CREATE_TIR = 0x900,
	OP_DESTROY_TIR = 0x902,
	OP_CREATE_RQ = 0x908,
	OP_MODIFY_RQ = 0x909,
	OP_CREATE_RQT = 0x916,
	OP_MODIFY_RQT = 0x917,
	OP_DESTROY_RQT = 0x918,
	OP_ALLOC_FLOW_COUNTER = 0x939,
	OP_DEALLOC_FLOW_COUNTER = 0x93a,
	OP_QUERY_FLOW_COUNTER = 0x93b,
};

static inline uint32_t prm_get(const uint8_t *p, size_t bytes)
{
	uint32_t v = 0;

	for (size_t i = 0; i < bytes; i++)
		v = v << 8 | p[i];
	return v;
}

static inline void prm_put(uint8_t *p, size_t bytes, uint64_t v)
{
	for (size_t i = bytes; i-- > 0; v >>= 8)
		p[i] = (uint8_t)v;
}

/* `width` bits at bit `bit` of a layout, inside one big-endian dword. */
static inline uint32_t prm_field(const uint8_t *layout, unsigned bit, unsigned width)
{
	uint32_t v = prm_get(layout + bit / 32 * 4, 4) >> (32 - bit % 32 - width);

	return width == 32 ? v : v & ((1u << width) - 1);
}

static inline void prm_set(uint8_t *layout, unsigned bit, unsigned width, uint32_t value)
{
	uint8_t *dword = layout + bit / 32 * 4;
	unsigned shift = 32 - bit % 32 - width;
	uint32_t mask = (width == 32 ? 0xffffffffu : (1u << width) - 1) << shift;
	uint32_t v = prm_get(dword, 4);

	prm_put(dword, 4, (v & ~mask) | ((value << shift) & mask));
}

/* Checks a command's buffers (sim_lock held): false when they cannot hold its header or the
 * output it needs (logged, sim_lock released, errno EINVAL). */
bool sim_devx_buffers_ok(const char *function, const void *in, size_t inlen, void *out, size_t outlen, size_t need_out);
/* Refuses a command as the firmware does (sim_lock released): EREMOTEIO, status BAD_PARAM and
 * syndrome in the output, one line with the reason. */
void sim_devx_bad_param(const char *function, void *out, size_t outlen, uint32_t syndrome, const char *reason);
/* An opcode the simulated device does not serve (sim_lock released): EOPNOTSUPP, one line. */
void sim_devx_unserved(const char *function, uint16_t opcode, uint16_t op_mod);

/* Transport objects a program makes with DEVX commands (devx_transport.c; sim_lock held, and
 * released on return). ALLOC_TRANSPORT_DOMAIN, CREATE_RQT, CREATE_TIR: the object, or NULL
 * with errno. */
struct mlx5dv_devx_obj *sim_devx_transport_create(const char *function, struct sim_context *context, uint16_t opcode,
						  const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen);
/* MODIFY_RQT on such an object: 0 or an errno value. */
int sim_devx_transport_modify(const char *function, struct sim_devx_obj *obj, const uint8_t *in, size_t inlen,
			      uint8_t *out, size_t outlen);
/* MODIFY_RQ on the object libflexio gives for an RQ (flexio_rq_get_object; type CREATE_RQ,
 * id the RQ's number): 0 or an errno value (sim_lock held, and released on return). */
int sim_devx_rq_modify(const char *function, struct sim_devx_obj *obj, const uint8_t *in, size_t inlen, uint8_t *out,
		       size_t outlen);
/* Frees the NIC object behind a program's transport object (sim_lock held, kept): 0, or EBUSY
 * while a TIR uses the TD or RQT (the NIC's -EBUSY). */
int sim_devx_transport_destroy(struct sim_devx_obj *obj);
/* Whether sim_devx_transport_* serve opcode. */
bool sim_devx_is_transport(uint16_t opcode);

#endif
