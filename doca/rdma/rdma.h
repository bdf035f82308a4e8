/*
 * DOCA RDMA inside libdoca_rdma (doca_rdma.h): the context and connection objects its units share
 * (rdma.c: 3.0's forms and the context; rdma_v2_6.c, rdma_v2_5.c: the older forms; rdma_socket.c:
 * a peer in another process; rdma_cm.c: the connection manager).
 *
 * How it runs. An RDMA context is a DOCA context (doca/README.md, "Writing a context") on one
 * device. Its start makes a completion queue (with a channel: the progress engine's
 * notifications); each connection (doca_rdma_export: 3.0 makes a new one per call up to
 * doca_rdma_set_max_num_connections, 2.5/2.6 have one, whose tasks name none) gets its transport
 * from one function, rdma_transport_create (rdma.c): an RC queue pair of the device on that CQ.
 * The exported details name the process, the context, a random token and the queue pair (its
 * number and GID). doca_rdma_connect to a peer of this process moves the queue pair to RTR/RTS
 * towards the peer's: tasks are work requests on it (receives: on the connected connection with
 * the fewest posted, or waiting in the context until one connects), wr_id the task; progress
 * polls the CQ and completes them. A write, read or atomic names the peer's memory by a buffer
 * of a map created from the peer's doca_mmap_export_rdma: its key on the peer's device is the
 * exporter's (opendoca_mmap_reach with the peer's device). The simulated devices of two processes
 * share no fabric: a peer in another process is reached over sockets of the machine
 * (rdma_socket.c), its memory through its exporter (opendoca_mmap_remote_read / _write), and so
 * are the connection manager's connections (rdma_cm.c). Remote net sync event tasks act on the
 * event's counter, memory the machine's processes share. A stop moves every queue pair to error
 * and ends the sockets: what was not executed completes with DOCA_ERROR_IO_FAILED.
 *
 * The datapath on the DPA (doca_ctx_set_datapath_on_dpa on a DOCA DPA context of the same
 * device): the context runs without a progress engine, and its DOCA DPA context makes what DPA
 * code posts on (struct opendoca_dpa_ops rdma_*, doca/dpa/rdma_dpa.c): at start a shared receive
 * queue and the handle doca_rdma_get_dpa_handle gives, per connection a DPA-side queue pair in
 * place of rdma_transport_create's, connected by doca_rdma_connect to a peer of this process
 * (the connection manager and peers in other processes serve CPU datapaths only). Completions
 * go to the DOCA DPA completion context doca_rdma_dpa_completion_attach names.
 */
#ifndef OPENDOCA_RDMA_RDMA_H
#define OPENDOCA_RDMA_RDMA_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "doca_error.h"
#include "doca_types.h"
#include "mmap.h"
#include "private.h"
#include "private_ctx.h"
#include "doca_rdma.h"

struct doca_dev;
struct opendoca_rdma_addr;
struct opendoca_rdma_srq;
struct ibv_comp_channel;
struct ibv_cq;
struct ibv_qp;

/* The longest buffer list a task takes on either side (the most the project's devices take). */
#define RDMA_MAX_LIST 30u

/* The most connections a context has (doca_rdma_set_max_num_connections). */
#define OPENDOCA_RDMA_MAX_CONNECTIONS 1024u

/* The bytes doca_rdma_export gives and doca_rdma_connect takes. */
struct opendoca_rdma_details {
	char magic[8];      /* "ODCARDMA" */
	uint32_t version;   /* 1 */
	uint32_t pid;       /* the exporting process */
	uint64_t rdma;      /* the exporting context's handle (in that process) */
	uint64_t token;     /* the connection's random token */
	uint32_t conn_id;   /* the connection's id in its context */
	uint32_t qpn;       /* its queue pair */
	uint8_t gid[16];    /* the queue pair's port GID */
	uint32_t gid_index; /* its index */
	uint32_t mtu;       /* enum ibv_mtu */
};

/* The task types, in the order of the context's table. */
enum rdma_kind_of_task {
	T_RECEIVE,
	T_SEND,
	T_SEND_IMM,
	T_READ,
	T_WRITE,
	T_WRITE_IMM,
	T_FETCH_ADD,
	T_CMP_SWP,
	T_SE_GET,
	T_SE_SET,
	T_SE_ADD,
	T_COUNT,
};

/* The library's part of a task. */
struct rdma_task {
	struct opendoca_rdma *rdma;
	struct opendoca_rdma_conn *conn; /* the program's connection (NULL: receive) */
	const struct doca_buf *src;
	struct doca_buf *dst;
	struct doca_buf *result;
	uint64_t data, cmp;                             /* add or swap data; compare data */
	const struct doca_sync_event_remote_net *event; /* the remote net sync event tasks' */
	doca_be32_t imm;
	/* results */
	uint32_t len;
	doca_be32_t result_imm;
	uint32_t opcode; /* enum doca_rdma_opcode */
	struct opendoca_rdma_conn *result_conn;
	uint8_t kind;
	struct rdma_task *next;
};

struct opendoca_rdma_conn {
	struct opendoca_object object;
	struct opendoca_rdma *rdma; /* not a reference: the connection goes before its context */
	uint32_t id;
	union doca_data user_data;
	struct ibv_qp *qp;
	struct opendoca_rdma_details local;
	struct doca_dev *peer_dev; /* the peer context's device (its memory keys), once connected */
	bool connected;
	uint32_t posted_recv; /* receives posted and not completed */
	void *handle;         /* the program's pointer */
	/* a peer in another process (rdma_socket.c): sockets of the machine in place of the queue pair */
	bool other_process;
	int listen_fd, in_fd, out_fd;            /* -1: none */
	bool hello;                              /* in_fd's first message (the token) arrived */
	struct rdma_task *backlog, *backlog_end; /* sends waiting for room in the peer's socket */
	uint8_t cm_state;                        /* enum rdma_cm_state (rdma_cm.c); 0: no connection manager */
	uint16_t cm_port;                        /* the client's: the server's port */
	uint64_t cm_deadline;                    /* the client's: when to give up reaching it (ms) */
	struct opendoca_rdma_addr *cm_addr;      /* the peer's address (doca_rdma_connection_get_addr) */
};

struct opendoca_rdma {
	struct opendoca_object object;
	struct opendoca_ctx *ctx;
	void *handle;         /* the program's pointer */
	struct doca_dev *dev; /* a user held; 2.2: NULL until doca_ctx_dev_add, changes only while idle */
	pthread_mutex_t lock; /* connections, configuration, the device */
	/* configuration (idle) */
	uint32_t permissions;
	uint8_t grh;
	uint32_t gid_index;
	uint16_t max_conns;
	uint32_t sq_size, rq_size;
	uint32_t mtu; /* enum doca_mtu_size */
	uint32_t transport;
	uint32_t sl;
	uint32_t max_send_list, recv_list_len;
	uint16_t cm_timeout;
	uint8_t rnr_retry;
	/* the connection manager (rdma_cm.c) */
	/* 3.0's doca_rdma_connection_*_cb_t, which the units of older releases do not see */
	opendoca_callback cm_request, cm_established, cm_failure, cm_disconnect;
	int cm_listen_fd; /* -1: not listening */
	/* running */
	struct ibv_comp_channel *channel;
	struct ibv_cq *cq;
	struct opendoca_rdma_conn **conns;
	uint32_t nconns;
	struct rdma_task *pending, *pending_end; /* receives waiting for a connected connection */
	struct rdma_task *remote, *remote_end;   /* writes and reads on another process's memory */
	uint32_t max_sge;
	/* the datapath on the DPA (NULL: on the CPU): the DOCA DPA context (a reference held) */
	struct opendoca_dpa *dpa;
	struct doca_dpa_completion *dpa_comp; /* where completions go (checked again at start) */
	struct opendoca_dpa_rdma *dpa_rdma;   /* running: what DPA code posts on */
	uint64_t dpa_handle;                  /* running: doca_dpa_dev_rdma_t */
	struct opendoca_rdma_srq *srq;        /* 2.6's doca_rdma_create_with_srq: its SRQ (a user held) */
	/* 2.2 (rdma_v2_2.c): driven by a work queue, its binding while one is added (one at most) */
	bool workq;
	struct opendoca_binding *binding;
};

/* The context or connection behind a program's handle (a reference for the call), or NULL after opendoca_fail. */
struct opendoca_rdma *rdma_get(const struct doca_rdma *rdma, const char *func);
struct opendoca_rdma_conn *rdma_conn_get(const struct doca_rdma_connection *conn, const char *func);
/* DOCA_SUCCESS when the context is idle / running, else DOCA_ERROR_BAD_STATE after opendoca_fail naming func. */
doca_error_t rdma_idle(struct opendoca_rdma *rdma, const char *func);
/* The context's state (doca_ctx_get_state's), which the units of 2.2 do not see. */
enum opendoca_ctx_state rdma_state(struct opendoca_rdma *rdma);
doca_error_t rdma_running(struct opendoca_rdma *rdma, const char *func);

/*
 * A new connection of running context rdma (its lock held): its transport made, its handle open,
 * in the context's table. DOCA_ERROR_FULL past doca_rdma_set_max_num_connections.
 */
doca_error_t rdma_conn_new(struct opendoca_rdma *rdma, struct opendoca_rdma_conn **conn, const char *func);

/*
 * What every release's form calls (rdma.c): export (single: 2.5/2.6's one connection, its details
 * again on a second call) and connect; tasks on a connection (NULL: 2.5/2.6's, the context's one).
 */
doca_error_t rdma_export(const struct doca_rdma *rdma, const void **details, size_t *size,
			 struct doca_rdma_connection **connection, bool single, const char *func);
doca_error_t rdma_connect(struct doca_rdma *rdma, const void *details, size_t size,
			  struct doca_rdma_connection *connection, const char *func);
doca_error_t rdma_transfer_task(struct doca_rdma *rdma, unsigned kind, struct doca_rdma_connection *connection,
				const struct doca_buf *src, struct doca_buf *dst, doca_be32_t imm,
				union doca_data user_data, void *out, const char *func);
doca_error_t rdma_atomic_task(struct doca_rdma *rdma, unsigned kind, struct doca_rdma_connection *connection,
			      struct doca_buf *dst, struct doca_buf *result, uint64_t cmp, uint64_t data,
			      union doca_data user_data, void *out, const char *func);
doca_error_t rdma_se_task(struct doca_rdma *rdma, unsigned kind, struct doca_rdma_connection *connection,
			  const struct doca_sync_event_remote_net *event, const struct doca_buf *buf, uint64_t data,
			  union doca_data user_data, void *out, const char *func);
/* GRH of every form: sets set (0, 1; >1 refused) unless get; -1 with no get: get's output was NULL. */
doca_error_t rdma_grh(struct doca_rdma *rdma, int set, uint8_t *get, const char *func);
/* doca_rdma_get_dpa_handle of every form: the running DPA datapath's doca_dpa_dev_rdma_t. */
doca_error_t rdma_dpa_handle(struct doca_rdma *rdma, uint64_t *handle, const char *func);
/* DOCA_ERROR_NOT_SUPPORTED after opendoca_fail naming func when the datapath is on the DPA (lock held). */
doca_error_t rdma_cpu_datapath(struct opendoca_rdma *rdma, const char *func);
/* The result length of a read, receive or remote net sync event get task (kind). */
uint32_t rdma_result_len(const void *task, unsigned kind, const char *func);

/*
 * A new RDMA context (doca_rdma_create's work, for func): of dev, on a progress engine (2.5 and
 * later); or with workq (2.2) without a device (dev NULL) until doca_ctx_dev_add, driven by a work queue.
 */
doca_error_t rdma_create(struct doca_dev *dev, bool workq, struct doca_rdma **handle, const char *func);

/* What a device offers, for every release's getters (rdma.c). which: 0 message size, 1 queue size, 2 buffer list length. */
doca_error_t rdma_cap_u32(const struct doca_devinfo *devinfo, uint32_t *out, int which, const char *func);
doca_error_t rdma_gid_table_size(const struct doca_devinfo *devinfo, uint32_t *gid_table_size, const char *func);
doca_error_t rdma_gids(const struct doca_devinfo *devinfo, uint32_t start_index, uint32_t num_entries,
		       struct doca_rdma_gid *gid_array, const char *func);
/* DOCA_SUCCESS for RC, DOCA_ERROR_NOT_SUPPORTED (not logged) for DC, else DOCA_ERROR_INVALID_VALUE. */
doca_error_t rdma_transport_supported(const struct doca_devinfo *devinfo, int transport_type, const char *func);

/*
 * The property setters and getters of every release (rdma.c, rdma_v2_2.c). A setter checks the
 * context is idle and the value with its condition (false: the message), then stores it under
 * the lock. A getter refuses a 2.2 context without a device yet (DOCA_ERROR_BAD_STATE, as 2.2
 * documents).
 */
#define RDMA_SET(fn, type, arg, field, ok, why)                                                                \
	doca_error_t fn(struct doca_rdma *handle, type arg)                                                    \
	{                                                                                                      \
		struct opendoca_rdma *rdma = rdma_get(handle, __func__);                                       \
		doca_error_t err;                                                                              \
                                                                                                               \
		if (!rdma)                                                                                     \
			return DOCA_ERROR_INVALID_VALUE;                                                       \
		pthread_mutex_lock(&rdma->lock);                                                               \
		err = rdma_idle(rdma, __func__);                                                               \
		if (!err && !(ok))                                                                             \
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, why, (unsigned long long)arg); \
		if (!err)                                                                                      \
			rdma->field = arg;                                                                     \
		pthread_mutex_unlock(&rdma->lock);                                                             \
		opendoca_handle_put(&rdma->object);                                                            \
		return err;                                                                                    \
	}

#define RDMA_GET(fn, constness, type, arg, field)                                                 \
	doca_error_t fn(constness struct doca_rdma *handle, type *arg)                            \
	{                                                                                         \
		struct opendoca_rdma *rdma = rdma_get(handle, __func__);                          \
		doca_error_t err = DOCA_SUCCESS;                                                  \
                                                                                                  \
		if (!rdma)                                                                        \
			return DOCA_ERROR_INVALID_VALUE;                                          \
		pthread_mutex_lock(&rdma->lock);                                                  \
		if (!arg)                                                                         \
			err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, #arg " is NULL"); \
		else if (!rdma->dev)                                                              \
			err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,                       \
					    "no device was added to the RDMA context");           \
		else                                                                              \
			*arg = (type)rdma->field;                                                 \
		pthread_mutex_unlock(&rdma->lock);                                                \
		opendoca_handle_put(&rdma->object);                                               \
		return err;                                                                       \
	}

/* ---- rdma_v2_2.c: 2.2's context (a device added, jobs on one work queue) ---- */

doca_error_t rdma_workq_bind(struct opendoca_binding *binding);
void rdma_workq_unbind(struct opendoca_binding *binding);
doca_error_t rdma_dev_add(struct opendoca_ctx *ctx, struct doca_dev *dev, const char *func);
void rdma_dev_rm(struct opendoca_ctx *ctx, struct doca_dev *dev);
/* Checks a job and fills the task's part (its context is set at submission, from the binding). */
doca_error_t rdma_job_init(struct opendoca_task *task, const struct doca_job *job);
/* Fills the program's struct doca_rdma_result the event's result points to (NULL: none). */
union doca_data rdma_job_result(struct opendoca_task *task, union doca_data given);

/* ---- rdma_srq_v2_6.c: 2.6's shared receive queues (datapath on the DPA only, as DOCA's) ---- */

/*
 * The DPA datapath of rdma, made with its SRQ (start_on_dpa): DOCA_ERROR_BAD_STATE unless the SRQ
 * runs; the SRQ's lock is held across the DOCA DPA context's call, so that it does not stop meanwhile.
 */
doca_error_t rdma_srq_start_on_dpa(struct opendoca_rdma *rdma, struct opendoca_dpa_rdma_attr *attr, const char *func);
/* The RDMA context made with srq goes: its user of the SRQ is released. */
void rdma_srq_unuse(struct opendoca_rdma_srq *srq);

/* ---- rdma_cm.c: the connection manager ---- */

/* Accepts requests, reads answers and ends; calls at most one program callback, last. */
bool rdma_cm_progress(struct opendoca_rdma *rdma);
/* Stops listening (the context stops). */
void rdma_cm_stop(struct opendoca_rdma *rdma);
/* Frees what the connection manager gave a connection (its address), as the connection goes. */
void rdma_cm_conn_free(struct opendoca_rdma_conn *conn);

/* ---- rdma_socket.c: a connection to a peer in another process ---- */

/* The header of a message on a connection's socket. */
struct rdma_sock_header {
	uint32_t type; /* rdma_socket.c's MSG_*, rdma_cm.c's CM_MSG_* */
	uint32_t has_imm;
	doca_be32_t imm;
	uint32_t len;   /* bytes of data after the header */
	uint64_t token; /* MSG_HELLO: the listener's token */
};

/* Listens for the peer of conn (doca_rdma_export): an abstract socket named by the process and token. */
doca_error_t rdma_sock_listen(struct opendoca_rdma_conn *conn, const char *func);
/* Connects conn to the peer's listening socket (doca_rdma_connect). */
doca_error_t rdma_sock_connect(struct opendoca_rdma_conn *conn, const struct opendoca_rdma_details *peer,
			       const char *func);
/*
 * Executes a send, send with immediate or the notification of a write with immediate on conn:
 * completes the task, or queues it until the peer's socket has room.
 */
void rdma_sock_submit(struct opendoca_rdma_conn *conn, struct rdma_task *t);
/* Accepts the peers, retries queued sends, hands messages to waiting receives. Whether anything happened. */
bool rdma_sock_progress(struct opendoca_rdma *rdma);
/* Whether a socket of the context has something for progress. */
bool rdma_sock_ready(struct opendoca_rdma *rdma);
/* Fails conn's queued sends (DOCA_ERROR_IO_FAILED) and closes its sockets. */
void rdma_sock_stop(struct opendoca_rdma_conn *conn);
/* The destination's buffers take len bytes, in order, each after its data (rdma.c). */
void rdma_grow(struct doca_buf *dst, uint64_t len, const char *func);

#endif /* OPENDOCA_RDMA_RDMA_H */
