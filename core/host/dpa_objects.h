/*
 * UARs, outboxes, windows, memory keys and recoverable buffers of a process (uar.c, outbox.c,
 * window.c, mkey.c). Each object is registered in the handle registry and listed in its
 * process; destroying the process destroys those still alive (process_objects_fini).
 */
#ifndef OPENFLEXIO_CORE_HOST_DPA_OBJECTS_H
#define OPENFLEXIO_CORE_HOST_DPA_OBJECTS_H

#include <libflexio/flexio.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct flexio_process;
struct ibv_context;
struct ibv_pd;
struct mlx5dv_devx_uar;

struct flexio_uar {
	struct flexio_process *process;
	struct ibv_context *ibv_ctx;   /* the device the UAR belongs to */
	struct mlx5dv_devx_uar *devx;
	bool own_devx;                 /* allocated here (else the caller's, older edition) */
	uint32_t id;                   /* the devx UAR's page id */
	uint32_t extended_id;          /* flexio_uar_device_id of an extended UAR, else 0 */
	struct flexio_uar *next;
};

struct flexio_outbox {
	struct flexio_process *process;
	uint32_t id;                   /* 1..65535 */
	struct flexio_uar *uar;        /* the process UAR (older edition: the caller's) */
	struct ibv_context *other_ctx; /* older edition: multi-GVMI device, else NULL */
	struct flexio_outbox *next;
};

struct flexio_window {
	struct flexio_process *process;
	uint32_t id;                   /* 1..65535 */
	struct ibv_pd *pd;
	struct flexio_window *next;
};

struct flexio_mkey {
	struct flexio_process *process;
	uint32_t id;
	struct flexio_mkey *next;
};

struct recoverable_buf {
	uint64_t daddr;
	size_t size;                   /* a multiple of RECOVERABLE_BLOCK_SIZE */
	uint32_t mkey;
	struct recoverable_buf *next;
};

/* The DPA memory block size: recoverable buffers are allocated in multiples of it. */
#define RECOVERABLE_BLOCK_SIZE 4096u

struct process_objects {
	pthread_mutex_t lock;
	struct flexio_uar *uar;        /* the process's own UAR (flexio_process_get_uar) */
	struct flexio_uar *uars;       /* created with flexio_uar_create / _extend */
	struct flexio_outbox *outboxes;
	struct flexio_window *windows;
	struct flexio_mkey *mkeys;
	struct recoverable_buf *recoverable;
	uint32_t last_outbox_id, last_window_id;
	bool ready;                    /* process_objects_init ran */
};

/* After the provider process exists: creates the process UAR. 0 or -errno (logged). */
int process_objects_init(struct flexio_process *process);
/* Before the provider process goes: dumps recoverable buffers, destroys every object left. */
void process_objects_fini(struct flexio_process *process);
/* flexio_buf_dev_free of a recoverable buffer: dumps it and forgets it (the heap block is
 * freed by the caller). False when daddr is no recoverable buffer. */
bool recoverable_buf_release(struct flexio_process *process, uint64_t daddr);

struct provider_doorbell;
/* provider_events.doorbell: logs the doorbell at debug level (user: the process). */
void outbox_on_doorbell(void *user, const struct provider_doorbell *doorbell);

/* Internal to the family's files. */
void uar_free(struct flexio_uar *uar);
void outbox_free(struct flexio_outbox *outbox);
void window_free(struct flexio_window *window);
void mkey_free(struct flexio_mkey *mkey);
void recoverable_dump_all(struct flexio_process *process);

#endif
