/*
 * DOCA sync events (doca_sync_event.h): libdoca_common's internals, shared by sync_event.c (the
 * newest forms), sync_event_task.c (the event as a context: 2.5 tasks, 2.2 jobs),
 * sync_event_export.c (other processes, the DPA), sync_event_v2_7.c and sync_event_v2_2.c (the
 * forms of older releases).
 *
 * Design (doca/README.md, "Sync events"):
 *
 *   An event is a 64-bit counter and its configuration: one publisher and one subscriber location
 *   (DOCA's rule: each is set once, before start), and where the counter lives. Started, the
 *   counter is one of:
 *     - the program's memory (doca_sync_event_set_addr, 3.0's doca_sync_event_set_doca_buf);
 *     - a shared memory object (POSIX shm, named from the process, the event's number and a
 *       random 64-bit token) when a location is another process of the machine (remote PCI,
 *       remote net, 2.x's DPU): what export_to_remote_pci / _net / _dpu describe, and what
 *       create_from_export in another process maps;
 *     - else the event's own word.
 *   Every value operation is one atomic instruction on it (load, store, fetch-add), so the CPU,
 *   other processes and the DPA (through a window on the counter's memory) share it; waits poll.
 *
 *   Threads. DOCA documents the API as not thread-safe; what programs do anyway (one thread
 *   waits, another updates) is the point of an event and is safe here: value calls take the
 *   handle's reference only (lock-free), configuration calls the event's mutex. The counter's
 *   memory outlives every call in flight (it goes with the object's last reference), and a wait
 *   ends with DOCA_ERROR_BAD_STATE when its event stops or goes meanwhile.
 *
 *   As a context (doca_sync_event_as_ctx), the event serves both release models from one create
 *   function (its symbol is the same in 2.2 and 2.5): OPENDOCA_CTX_API_ANY, the model the
 *   program uses first. Tasks and jobs that read or update complete at submission; waits are
 *   kept per binding and completed by the progress operation once the value satisfies them.
 */
#ifndef OPENDOCA_COMMON_SYNC_EVENT_H
#define OPENDOCA_COMMON_SYNC_EVENT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "doca_error.h"
#include "private.h"
#include "private_ctx.h"

struct doca_sync_event_remote_net;

struct doca_dev;
struct doca_devinfo;
struct doca_dpa;
struct doca_gpu;
struct doca_job;
struct ibv_mr;
struct doca_sync_event;
struct opendoca_dpa;

/* Where a publisher or subscriber is (one of each per event). */
enum opendoca_se_location {
	OPENDOCA_SE_NONE = 0,
	OPENDOCA_SE_CPU,
	OPENDOCA_SE_DPA,
	OPENDOCA_SE_GPU,
	OPENDOCA_SE_DPU,        /* 2.2 - 2.10: the other side of the PCI link */
	OPENDOCA_SE_REMOTE_PCI, /* 2.7 and later: the same */
	OPENDOCA_SE_REMOTE_NET, /* a remote node */
};

/* A sync event's counter handed to a DOCA DPA context (sync_event_export.c). */
struct opendoca_se_dpa_export {
	struct opendoca_se_dpa_export *next;
	struct opendoca_dpa *dpa; /* held */
	struct ibv_mr *mr;        /* the counter's memory on the context's device, NULL: a remote net event's */
	uint64_t daddr;           /* the descriptor in DPA memory: the handle (sync_event_dpa.h) */
};

/* The descriptor an export hands out (export_to_remote_pci, _dpu, _net; 2.2's export_remote's first bytes). */
struct opendoca_se_desc {
	uint32_t magic;   /* OPENDOCA_SE_DESC_MAGIC */
	uint16_t version; /* 1 */
	uint16_t net;     /* export_to_remote_net's (remote_net_create_from_export takes it) */
	uint32_t pid;     /* the exporting process */
	uint32_t rkey;    /* net: the counter's key on the exporter's device (its DPA's, else its CPU's) */
	uint64_t id;      /* its event's number in that process */
	uint64_t token;   /* random: names the shared memory object with pid and id */
	uint64_t addr;    /* net: the counter's address in the exporting process, as rkey names it */
};
#define OPENDOCA_SE_DESC_MAGIC 0x45534f44u /* "DOSE" */

struct opendoca_sync_event {
	struct opendoca_object object;
	pthread_mutex_t lock; /* configuration calls */
	atomic_bool started;
	bool imported; /* created from another event's export: started at creation, no configuration */
	enum opendoca_se_location publisher, subscriber;
	struct doca_dev *publisher_dev, *subscriber_dev;     /* CPU locations (held) */
	struct opendoca_dpa *publisher_dpa, *subscriber_dpa; /* DPA locations (held) */
	uint64_t *user_addr;                                 /* doca_sync_event_set_addr / set_doca_buf, NULL: none */
	_Atomic(uint64_t *) counter;                         /* where the value is (placed by each start) */
	_Alignas(8) uint64_t own;                            /* the counter when nothing else holds it */
	/* Shared memory (sync_event_export.c): the exporter's object, or the import's mapping. */
	uint64_t id, token;
	uint32_t pid;
	/* A remote net import: the exporter's counter as the exporter's device knows it, what DPA code
	 * signalling over the network names (the importer's mapping is no memory of the peer's NIC). */
	uint64_t peer_addr;
	uint32_t peer_rkey;
	void *shared;                 /* mapping of the shm object, NULL: none */
	bool named;                   /* this process created the name (unlinked when the event goes) */
	struct opendoca_se_desc desc; /* what the exports hand out */
	struct opendoca_se_dpa_export *dpa_exports;
	struct ibv_mr *remote_mr; /* 2.2's remote handle of an event without DPA location: its CPU device's */
	/* As a context (sync_event_task.c). */
	struct opendoca_ctx *ctx;
	bool ctx_started;    /* its start started the event: its stop stops it */
	int event_fd;        /* the notification of waits, -1 until the context runs */
	atomic_bool armed;   /* an update writes event_fd */
	atomic_uint waiters; /* wait tasks and jobs pending, for updates to look at armed */
};

extern const struct opendoca_kind opendoca_sync_event_kind, opendoca_sync_event_remote_net_kind;

/* The event of a handle with a reference for the call, or NULL after opendoca_fail naming func. */
static inline struct opendoca_sync_event *opendoca_se_get(const struct doca_sync_event *handle, const char *func)
{
	return opendoca_handle_get(handle, &opendoca_sync_event_kind, func);
}
static inline void opendoca_se_put(struct opendoca_sync_event *se)
{
	opendoca_handle_put(&se->object);
}

/* The started event's counter, or NULL when it is not started (after opendoca_fail naming func). */
uint64_t *opendoca_se_counter(struct opendoca_sync_event *se, const char *func);

/*
 * libdoca_rdma's remote net sync event tasks (DOCA_PRIVATE): the simulated machine's remote net
 * event is memory shared by the processes of the machine, so the get, set or add an RDMA task
 * makes of a remote net event (a handle of remote_net_create_from_export) is one atomic
 * instruction on its counter: *value is what is set or added, and gets the value read (before
 * the add). DOCA_ERROR_INVALID_VALUE for a bad handle, DOCA_ERROR_BAD_STATE when not started.
 */
enum opendoca_se_net_op {
	OPENDOCA_SE_NET_GET,
	OPENDOCA_SE_NET_SET,
	OPENDOCA_SE_NET_ADD
};
OPENDOCA_PRIVATE doca_error_t opendoca_sync_event_remote_net_op(const struct doca_sync_event_remote_net *event,
								enum opendoca_se_net_op op, uint64_t *value,
								const char *func);

/* ---- Configuration (sync_event.c) ---- */

/*
 * A new event and its handle of kind (opendoca_sync_event_kind: with its context;
 * opendoca_sync_event_remote_net_kind: without), for public function func.
 */
doca_error_t opendoca_se_new(const struct opendoca_kind *kind, struct opendoca_sync_event **se, void **handle,
			     const char *func);
/* Starts an event (doca_sync_event_start, and its context's start). */
doca_error_t opendoca_se_start(struct opendoca_sync_event *se, const char *func);
/* A GPU location: NOT_SUPPORTED (the simulated machine has none) once the arguments are right. */
doca_error_t opendoca_se_gpu_location(struct doca_sync_event *event, struct doca_gpu *gpu, const char *func);

/*
 * Sets the publisher (publisher true) or subscriber location of an event handle, with its CPU
 * device or DPA context (NULL for the others), as public function func.
 */
doca_error_t opendoca_se_add_location(struct doca_sync_event *handle, bool publisher, enum opendoca_se_location where,
				      struct doca_dev *dev, struct doca_dpa *dpa, const char *func);
/* A capability answer of the *_cap_* / *_get_*_supported calls: DOCA_SUCCESS or DOCA_ERROR_NOT_SUPPORTED. */
enum opendoca_se_cap {
	OPENDOCA_SE_CAP_CPU,        /* what the CPU does: tasks, jobs */
	OPENDOCA_SE_CAP_EXPORT,     /* to another process (remote PCI, DPU, remote net), and from */
	OPENDOCA_SE_CAP_EXPORT_DPA, /* to the DPA */
	OPENDOCA_SE_CAP_GPU,        /* to a GPU: none here */
};
doca_error_t opendoca_se_cap(const struct doca_devinfo *devinfo, enum opendoca_se_cap cap, const char *func);

/* ---- Values ---- */

/* Waits until cmp(value & mask, wanted) holds, polling (yield: sched_yield between polls). */
enum opendoca_se_cmp {
	OPENDOCA_SE_GT,
	OPENDOCA_SE_EQ,
	OPENDOCA_SE_NEQ
};
static inline bool opendoca_se_satisfied(uint64_t value, enum opendoca_se_cmp cmp, uint64_t wanted, uint64_t mask)
{
	value &= mask;
	return cmp == OPENDOCA_SE_GT ? value > wanted : cmp == OPENDOCA_SE_EQ ? value == wanted : value != wanted;
}
doca_error_t opendoca_se_wait(struct doca_sync_event *handle, enum opendoca_se_cmp cmp, uint64_t value, uint64_t mask,
			      bool yield, const char *func);
/* An update made: tells the armed notification of the event's context (sync_event_task.c). */
void opendoca_se_updated(struct opendoca_sync_event *se);

/* ---- Other processes and the DPA (sync_event_export.c) ---- */

/* Makes the shared counter of a started event whose locations include another process (lock held). */
doca_error_t opendoca_se_share(struct opendoca_sync_event *se, const char *func);
/* Releases what sharing and DPA exports took (the object goes). */
void opendoca_se_unshare(struct opendoca_sync_event *se);
/* The descriptor of a started shared event. */
enum opendoca_se_export_kind {
	OPENDOCA_SE_EXPORT_PCI,    /* export_to_remote_pci, export_to_dpu: to dev's peer */
	OPENDOCA_SE_EXPORT_NET,    /* export_to_remote_net: a remote net publisher */
	OPENDOCA_SE_EXPORT_REMOTE, /* 2.2's export_remote: no device */
};
doca_error_t opendoca_se_export(struct doca_sync_event *handle, enum opendoca_se_export_kind kind, struct doca_dev *dev,
				const uint8_t **data, size_t *sz, const char *func);
/* An event over the counter a descriptor names: sync events (net false) or remote net ones. */
doca_error_t opendoca_se_import(struct doca_dev *dev, const uint8_t *data, size_t sz, bool net, void **out,
				const char *func);
/* The DPA handle of an event handle or of a remote net event handle (net); libdoca_dpa's kernel
 * launches use it for the events they wait on and update (DOCA_PRIVATE). */
OPENDOCA_PRIVATE doca_error_t opendoca_se_dpa_handle(const void *handle, bool net, struct doca_dpa *dpa, uint64_t *out,
						     const char *func);

/*
 * 2.2's remote handle (doca_sync_event_export_remote): what DPA code's signals (the 2.2
 * endpoints' doca_dpa_dev_put_signal_*_nb) write or add to: data[0] the counter's address, data[1]
 * its rkey on the device of the event's DPA context (the registration of its DPA handle), else of
 * its CPU location's device.
 */
doca_error_t opendoca_se_remote_handle(struct doca_sync_event *handle, uint64_t data[2], const char *func);

/* A GPU handle: NOT_SUPPORTED (no GPU here) once the arguments are right. */
doca_error_t opendoca_se_gpu_handle(const void *handle, bool net, const struct doca_gpu *gpu, const void *out,
				    const char *func);

/* ---- The context (sync_event_task.c) ---- */

doca_error_t opendoca_se_ctx_create(struct opendoca_sync_event *se, const char *func);

/* The task types, by number (their order in the context's table). */
enum {
	OPENDOCA_SE_TASK_GET,
	OPENDOCA_SE_TASK_NOTIFY_SET,
	OPENDOCA_SE_TASK_NOTIFY_ADD,
	OPENDOCA_SE_TASK_WAIT_GT,
	OPENDOCA_SE_TASK_WAIT_EQ,
	OPENDOCA_SE_TASK_WAIT_NEQ,
	OPENDOCA_SE_NUM_TASK_TYPES
};

/* The part of a task (or 2.2 job record) that is the event's. */
struct opendoca_se_op {
	struct opendoca_se_op *next; /* pending waits of a binding */
	unsigned type;               /* OPENDOCA_SE_TASK_* */
	uint64_t value, mask;        /* set_val, inc_val, wait_val and mask */
	uint64_t *out;               /* get's ret_val_ptr, notify_add's fetched_val_ptr */
};

extern const struct opendoca_task_type opendoca_se_task_types[OPENDOCA_SE_NUM_TASK_TYPES];

/* A task's configuration, allocation and fields, as the public function func of its type. */
doca_error_t opendoca_se_task_set_conf(struct doca_sync_event *handle, unsigned type, opendoca_callback completion,
				       opendoca_callback error, uint32_t num_tasks, const char *func);
doca_error_t opendoca_se_task_alloc(struct doca_sync_event *handle, unsigned type, uint64_t value, uint64_t mask,
				    uint64_t *out, union doca_data user_data, void **task, const char *func);
/* The event's part of a task of type (NULL after opendoca_fail naming func). */
struct opendoca_se_op *opendoca_se_task_op(const void *task, unsigned type, const char *func);
/* A task's struct doca_task * (NULL after opendoca_fail naming func). */
struct doca_task *opendoca_se_task_as_task(const void *task, unsigned type, const char *func);

/* 2.2's jobs: checks a job and fills its record (sync_event_v2_2.c; ops->job_init). */
doca_error_t opendoca_se_job_init(struct opendoca_task *task, const struct doca_job *job);

/* The configuration, allocation and conversion of each type. */
#define SET_CONF(kind, type)                                                                                \
	doca_error_t doca_sync_event_task_##kind##_set_conf(                                                \
		struct doca_sync_event *event, doca_sync_event_task_##kind##_completion_cb_t completion_cb, \
		doca_sync_event_task_##kind##_completion_cb_t error_cb, uint32_t num_tasks)                 \
	{                                                                                                   \
		return opendoca_se_task_set_conf(event, type, (opendoca_callback)completion_cb,             \
						 (opendoca_callback)error_cb, num_tasks, __func__);         \
	}
#define AS_TASK(kind, type)                                                                                    \
	struct doca_task *doca_sync_event_task_##kind##_as_doca_task(struct doca_sync_event_task_##kind *task) \
	{                                                                                                      \
		return opendoca_se_task_as_task(task, type, __func__);                                         \
	}
/* A field's getter and setter; a bad task is logged, and its getter answers 0. */
#define FIELD(kind, type, name, field, ftype)                                                               \
	ftype doca_sync_event_task_##kind##_get_##name(const struct doca_sync_event_task_##kind *task)      \
	{                                                                                                   \
		struct opendoca_se_op *op = opendoca_se_task_op(task, type, __func__);                      \
		return op ? (ftype)op->field : 0;                                                           \
	}                                                                                                   \
	void doca_sync_event_task_##kind##_set_##name(struct doca_sync_event_task_##kind *task, ftype name) \
	{                                                                                                   \
		struct opendoca_se_op *op = opendoca_se_task_op(task, type, __func__);                      \
		if (op)                                                                                     \
			op->field = name;                                                                   \
	}

#define WAIT_TYPE(kind, type)                                                                                         \
	SET_CONF(kind, type)                                                                                          \
	AS_TASK(kind, type)                                                                                           \
	FIELD(kind, type, wait_val, value, uint64_t)                                                                  \
	FIELD(kind, type, mask, mask, uint64_t)                                                                       \
	doca_error_t doca_sync_event_task_##kind##_alloc_init(struct doca_sync_event *event, uint64_t wait_val,       \
							      uint64_t mask, union doca_data user_data,               \
							      struct doca_sync_event_task_##kind **task)              \
	{                                                                                                             \
		return opendoca_se_task_alloc(event, type, wait_val, mask, NULL, user_data, (void **)task, __func__); \
	}

#endif /* OPENDOCA_COMMON_SYNC_EVENT_H */
