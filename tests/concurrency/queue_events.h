/*
 * What test_queue_events.c and its device code (device/queue_events_device.c) share: a CQ an
 * event handler consumes, an SQ an RPC posts NOP WQEs to, in DPA memory. 64-bit fields, so host
 * (x86-64) and DPA (rv64) see one layout.
 */
#ifndef OPENFLEXIO_TESTS_CONCURRENCY_QUEUE_EVENTS_H
#define OPENFLEXIO_TESTS_CONCURRENCY_QUEUE_EVENTS_H

#include <stdint.h>

struct qe_cq {
	uint64_t ring, dbr, cqn, log_depth, outbox_id;
	uint64_t ci;          /* consumer index */
	uint64_t cqes;        /* CQEs consumed */
	uint64_t invocations; /* times the handler ran */
	uint64_t bad_phase;   /* CQEs whose owner bit was not the ring pass's (never expected) */
	uint64_t spin;        /* iterations the handler spins before it ends each invocation */
	uint64_t arms;        /* times the handler armed the CQ */
};

struct qe_sq {
	uint64_t ring, sqn, log_depth, outbox_id;
	uint64_t pi; /* WQEBBs posted */
};

#endif
