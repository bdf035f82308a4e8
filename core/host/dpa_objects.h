/*
 * UARs, outboxes, windows, memory keys and recoverable buffers of a process (uar.c, outbox.c,
 * window.c, mkey.c). Each object is a child of its process (struct process_child): destroying
 * the process closes those still open.
 */
#ifndef OPENFLEXIO_CORE_HOST_DPA_OBJECTS_H
#define OPENFLEXIO_CORE_HOST_DPA_OBJECTS_H

#include <libflexio/flexio.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct process;
struct process_child;
struct ibv_context;
struct ibv_pd;
struct mlx5dv_devx_uar;

struct recoverable_buf {
	uint64_t daddr;
	size_t size; /* a multiple of RECOVERABLE_BLOCK_SIZE */
	uint32_t mkey;
	struct recoverable_buf *next;
};

/* The DPA memory block size: recoverable buffers are allocated in multiples of it. */
#define RECOVERABLE_BLOCK_SIZE 4096u

struct process_objects {
	/* Held while an outbox or window takes an id (then the children's lock, inside it), and
	 * around the list of recoverable buffers. */
	pthread_mutex_t lock;
	void *uar; /* the handle of the process's own UAR (flexio_process_get_uar) */
	struct recoverable_buf *recoverable;
	uint32_t last_outbox_id, last_window_id;
	bool ready; /* process_objects_init ran */
};

/* Once the process has its handle: creates the process UAR. 0 or -errno (logged). */
int process_objects_init(struct process *process);
/* When the process is freed (its children are gone): dumps the recoverable buffers left. */
void process_objects_fini(struct process *process);
/* flexio_buf_dev_free of a recoverable buffer: dumps it and forgets it (the heap block is
 * freed by the caller). False when daddr is no recoverable buffer. */
bool recoverable_buf_release(struct process *process, uint64_t daddr);

struct provider_doorbell;
/* provider_events.doorbell: logs the doorbell at debug level (user: the process). */
void outbox_on_doorbell(void *user, const struct provider_doorbell *doorbell);

/* The id of a live window / outbox handle of process: true, or false when it is none. */
bool window_id_in(struct process *process, const void *handle, uint32_t *id);
bool outbox_id_in(struct process *process, const void *handle, uint32_t *id);

/* The page id of the process's UAR on ibv_ctx's device that the queues the library makes there
 * name (their uar_page: the process's threads may ring their doorbells): its own UAR on its
 * device, else one extended there; 0 when it has none there (a cross-device queue is then the
 * host's). */
uint32_t uar_page_on(struct process *process, struct ibv_context *ibv_ctx);

/* Whether the process has a live outbox using uar (uar.c asks before destroying one). */
bool outbox_uses_uar(struct process *process, const struct process_child *uar);

#endif
