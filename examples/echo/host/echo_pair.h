/*
 * A loopback echo pair: two RC QPs of one DPA process, connected to each other, each with a
 * receive CQ that wakes its event handler and a send CQ the handler polls (echo_device.c).
 * Used by the example (echo_host.c) and by bench/events.
 */
#ifndef ECHO_PAIR_H
#define ECHO_PAIR_H

#include <stdint.h>

#include <infiniband/verbs.h>
#ifndef FLEXIO_ALLOW_EXPERIMENTAL_API
#define FLEXIO_ALLOW_EXPERIMENTAL_API /* the id getters */
#endif
#include <libflexio/flexio.h>

#include "../echo_common.h"

/* What the pair does. */
struct echo_config {
	uint64_t messages; /* the client sends this many */
	uint32_t msg_size; /* bytes each: 8..ECHO_MAX_MSG_SIZE, a multiple of 8 */
	uint32_t window;   /* sends outstanding at most: 1..ECHO_MAX_WINDOW */
	int verify;        /* the client checks every payload */
};

#define ECHO_MAX_MSG_SIZE 65536u
#define ECHO_MAX_WINDOW 1024u

/* One QP of the pair with what it needs. */
struct echo_side {
	flexio_event_handler *handler;
	flexio_cq *rq_cq, *sq_cq;
	flexio_qp *qp;
	flexio_mkey *mkey;
	flexio_uintptr_t state;  /* struct echo_state, the handler's argument */
	flexio_uintptr_t queues; /* CQ rings, the QP buffer, doorbell records */
	flexio_uintptr_t bufs;   /* data buffers, covered by mkey */
};

struct echo_pair {
	flexio_process *process;
	struct echo_side client, server;
};

/*
 * Creates the pair in process (its PD pd; outbox: the one the handlers ring their doorbells
 * through) and connects the QPs: RST -> INIT -> RTR -> RTS. The handlers are not running yet.
 * Returns 0, or -1 after printing what failed (what was made is destroyed).
 */
int echo_pair_create(flexio_process *process, struct ibv_pd *pd, flexio_outbox *outbox,
		     const struct echo_config *config, struct echo_pair *pair);

/* Runs both handlers and wakes the client (RPC echo_start). 0 or -1. */
int echo_pair_start(struct echo_pair *pair);

/* Reads both handlers' states from DPA memory. 0 or -1. */
int echo_pair_read(const struct echo_pair *pair, struct echo_state *client, struct echo_state *server);

/*
 * Waits until the client has every echo back (or reports an error, or makes no progress for
 * stall_ms milliseconds), polling its state every poll_us microseconds. Returns 0 when done,
 * -1 otherwise; *client gets the client's last state.
 */
int echo_pair_wait(const struct echo_pair *pair, unsigned poll_us, unsigned stall_ms, struct echo_state *client);

/* Destroys what echo_pair_create made. */
void echo_pair_destroy(struct echo_pair *pair);

#endif
