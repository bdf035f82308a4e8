/*
 * What a 2.2 DPA endpoint's handle (doca_dpa_dev_ep_t) names in DPA memory: its DPA QP endpoint and
 * the scratch words signals are written from (endpoint_v2_2.c writes it, device/endpoint_dev_v2_2.c
 * reads it). Shared by both sides: <stdint.h> only, naturally aligned fields.
 *
 * A memory handle (doca_dpa_dev_mem_t of doca_dpa_mem_dev_export) is the registration's keys:
 * lkey in the low 32 bits, rkey in the high ones. A 2.2 remote event handle (doca_sync_event_remote_t,
 * doca_dpa_dev_sync_event_remote_t) is {the counter's address, its rkey} on the device of the event's
 * DPA context (common/sync_event_v2_2.c).
 */
#ifndef OPENDOCA_DPA_ENDPOINT_DEV_H
#define OPENDOCA_DPA_ENDPOINT_DEV_H

#include <stdint.h>

/* Scratch words per endpoint: a signal's value is written from one (twice the send queue's depth). */
#define OPENDOCA_DPA_EP_SCRATCH 256u

struct opendoca_dpa_ep_desc {
	uint64_t qp;           /* DPA address of its struct opendoca_dpa_qp_desc */
	uint64_t scratch;      /* uint64_t[OPENDOCA_DPA_EP_SCRATCH] in DPA memory */
	uint32_t scratch_lkey; /* their key */
	uint32_t scratch_next; /* the next word to use (an atomic in DPA memory) */
};

#endif /* OPENDOCA_DPA_ENDPOINT_DEV_H */
