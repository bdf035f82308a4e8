/*
 * Setting up and tearing down an L2 reflector on a device (reflector.c), in the steps of NVIDIA's
 * packet processor sample: the DPA process and its message stream, the event handler, the SQ
 * and its CQ, the RQ and its CQ (rings, doorbell records and data buffers in DPA memory, a
 * device mkey over the buffers), the steering rules, the handler's record, and the handler
 * started. The example's program (l2_reflector_host.c) and the packet tests and benchmark use
 * it.
 */
#ifndef L2_REFLECTOR_REFLECTOR_H
#define L2_REFLECTOR_REFLECTOR_H

/* The queue, UAR, PD and key getters the sample uses are experimental in FlexIO. */
#ifndef FLEXIO_ALLOW_EXPERIMENTAL_API
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#endif
#include <libflexio/flexio.h>
#include <stdint.h>
#include <stdio.h>

#include "../l2_reflector_common.h"
#include "flow_steering.h"

struct l2r_config {
	const char *device;   /* ibverbs device name, e.g. mlx5_sim0 */
	uint8_t mac[6];       /* frames to this destination MAC are reflected */
	uint32_t log_depth;   /* RQ, SQ and CQ depths (log2), L2R_LOG_DEPTH_MIN..MAX */
	uint16_t rx_priority; /* the receive matcher's priority */
	int nic_mode;         /* no FDB rules for the send side (the sample's --nic-mode) */
	int verbose;          /* the handler prints a line per frame */
	/* Optional, for programs running several reflectors (tests): */
	struct ibv_context *ibv_ctx;       /* a context of device to use (kept open), else opened */
	struct l2r_flow_matcher *rx_table; /* put the receive matcher in this one's table */
};

/* A CQ or work queue's DPA memory. */
struct l2r_queue_mem {
	flexio_uintptr_t ring, dbr, data;
};

struct l2r {
	struct l2r_config config;
	struct ibv_context *ibv_ctx;
	flexio_process *process;
	flexio_msg_stream *stream;
	flexio_event_handler *handler;
	flexio_cq *rq_cq, *sq_cq;
	flexio_rq *rq;
	flexio_sq *sq;
	flexio_mkey *rq_mkey;
	struct l2r_queue_mem rq_cq_mem, sq_cq_mem, rq_mem, sq_mem;
	flexio_uintptr_t state_daddr; /* struct l2r_state */
	struct l2r_flow_matcher *rx_matcher, *tx_matcher;
	struct l2r_flow_rule *rx_rule, *tx_rule_table, *tx_rule_wire;
};

/* Everything made and the handler running: 0; -1 (said on stderr; what was made is undone). */
int l2r_create(const struct l2r_config *config, struct l2r *r);

/* The handler's record as it is now (its counters). 0 or -1. */
int l2r_read(const struct l2r *r, struct l2r_state *state);

/* The handler's record between two invocations, for final figures once traffic has stopped: a
 * read taken while an invocation runs can count a batch's frames received and not yet sent.
 * Reads until the handler has ended every invocation it began and two reads agree (at most a
 * second; then the last read). 0 or -1. */
int l2r_read_settled(const struct l2r *r, struct l2r_state *state);

/* The receive rule alone: removed (l2r_rx_rule_remove) and made again (l2r_rx_rule_add), for
 * tests that change steering under traffic. 0 or -1. */
int l2r_rx_rule_remove(struct l2r *r);
int l2r_rx_rule_add(struct l2r *r);

/* Undoes l2r_create (any part of it); r is zeroed. */
void l2r_destroy(struct l2r *r);

/* The counters, one line each, on out. */
void l2r_print_counters(FILE *out, const struct l2r_state *s);

#endif
