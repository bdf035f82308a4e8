/*
 * What the queue tests (test_queues.c; tests/concurrency's test_queue_events.c, tests/trace's
 * test_trace.c) and their device code (device/queue_test_device.c) share:
 * the state of a CQ its event handler polls and of an SQ an RPC posts to, in DPA memory. Fields
 * are 64 bits wide so that host (x86-64) and DPA (rv64) see the same layout.
 */
#ifndef OPENFLEXIO_TESTS_HOST_QUEUE_TEST_H
#define OPENFLEXIO_TESTS_HOST_QUEUE_TEST_H

#include <stdint.h>

/* A CQ polled by its event handler (queue_cq_handler's argument). */
struct queue_test_cq {
	uint64_t ring; /* DPA address of the CQEs */
	uint64_t dbr;  /* DPA address of the doorbell record */
	uint64_t cqn;
	uint64_t log_depth;
	uint64_t outbox_id;   /* the outbox the handler arms the CQ through */
	uint64_t ci;          /* consumer index */
	uint64_t cqes;        /* CQEs consumed */
	uint64_t invocations; /* times the handler ran */
	uint64_t last_opcode; /* opcode of the last CQE (op_own >> 4) */
	uint64_t not_req;     /* CQEs that were not send completions (REQ) */
	uint64_t spin;        /* iterations the handler spins before it ends each invocation */
	uint64_t arms;        /* times the handler armed the CQ */
};

/* An SQ posted to by queue_sq_post_nop. */
struct queue_test_sq {
	uint64_t ring; /* DPA address of the WQEBBs */
	uint64_t sqn;
	uint64_t log_depth;
	uint64_t outbox_id; /* the outbox the doorbell is rung through */
	uint64_t pi;        /* WQEBBs posted */
};

#endif
