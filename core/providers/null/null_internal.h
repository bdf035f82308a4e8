/* The null provider: internals shared by its files (README.md says what it does). */
#ifndef OPENFLEXIO_CORE_PROVIDERS_NULL_INTERNAL_H
#define OPENFLEXIO_CORE_PROVIDERS_NULL_INTERNAL_H

#include "../../provider.h"
#include "null.h"

#include <infiniband/mlx5dv.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

/* ---- Applications (null_image.c) ------------------------------------------------------- */

struct null_segment {
	uint64_t vaddr, memsz, filesz, offset;
	unsigned perms; /* PROVIDER_PERM_* */
};

struct null_symbol {
	const char *name; /* in null_image.strings */
	uint64_t value, size;
	bool code;   /* in an executable section */
	bool global; /* not a local symbol */
};

/* An application as the null provider keeps it: the file, its loadable segments, its symbols
 * (sorted by name). */
struct null_image {
	unsigned char *file;
	size_t file_size;
	struct null_segment *segments;
	unsigned nsegments;
	uint64_t high; /* the end of the highest segment */
	struct null_symbol *symbols;
	size_t nsymbols;
	char *strings;
};

struct provider_image *null_image_load(const void *elf, size_t size, char *err, size_t err_size);
void null_image_release(struct provider_image *image);
int null_image_symbol(const struct provider_image *image, const char *name, struct provider_symbol *symbol);

/* ---- Devices and their rdma-core objects (null_device.c) -------------------------------- */

/* A stand-in device: the context handed out, and its device with its name. */
struct null_device {
	struct ibv_context context;
	struct ibv_device device;
	unsigned users; /* PDs, UARs, processes (under null_lock) */
	uint32_t next_page_id;
	struct null_device *next;
};

struct null_pd {
	struct ibv_pd pd;
	unsigned holds; /* processes, windows, memory keys (pd_hold) */
	struct null_pd *next;
};

struct null_mr {
	struct ibv_mr mr;
	int access;
	struct null_mr *next;
};

struct null_uar {
	struct mlx5dv_devx_uar uar;
	struct null_device *device;
	struct null_uar *next;
};

/* Guards every device, PD, memory region and UAR, and the list of processes. */
extern pthread_mutex_t null_lock;

/* Under null_lock: the open device whose context is ctx, the live PD of ctx's device, or NULL. */
struct null_device *null_device_locked(struct ibv_context *ctx);
struct null_pd *null_pd_locked(struct ibv_context *ctx, struct ibv_pd *pd);
/* A key no memory region or memory key has had. */
uint32_t null_key_new(void);

int null_serves(struct ibv_context *ctx);
int null_pd_check(struct ibv_context *ctx, struct ibv_pd *pd);
int null_pd_hold(struct ibv_context *ctx, struct ibv_pd *pd);
void null_pd_release(struct ibv_pd *pd);
int null_mr_range(struct ibv_pd *pd, uint32_t key, unsigned access, uint64_t *iova, uint64_t *length);
/* The host memory [iova, iova + size) of region key on pd, writable: its address, or NULL. */
void *null_mr_reach(struct ibv_pd *pd, uint32_t key, uint64_t size);
int null_uar_check(struct ibv_context *ctx, const struct mlx5dv_devx_uar *uar);
struct mlx5dv_devx_uar *null_uar_alloc(struct ibv_context *ctx);
void null_uar_free(struct mlx5dv_devx_uar *uar);
struct mlx5dv_devx_obj *null_devx_obj_create(struct ibv_context *ctx, const void *in, size_t inlen, void *out,
					     size_t outlen);
/* devx_obj_modify and devx_obj_query */
int null_devx_obj_command(struct mlx5dv_devx_obj *obj, const void *in, size_t inlen, void *out, size_t outlen);
int null_devx_obj_destroy(struct mlx5dv_devx_obj *obj);
int null_devx_general_cmd(struct ibv_context *ctx, const void *in, size_t inlen, void *out, size_t outlen);
int null_pd_number(struct ibv_pd *pd, uint32_t *pdn);

/* ---- Processes (null_process.c) --------------------------------------------------------- */

/* Outboxes, windows, UAR extensions and memory keys of a process: what the device would hold. */
enum null_object_kind {
	NULL_OUTBOX,
	NULL_WINDOW,
	NULL_UAR_EXTENSION,
	NULL_MKEY,
};

struct null_object {
	enum null_object_kind kind;
	uint32_t id; /* outbox or window id, extended UAR device id, memory key */
	struct null_object *next;
};

struct null_process {
	struct null_device *device;
	const struct null_image *image;
	struct provider_events events;
	uint32_t dumem_id;
	/* DPA memory besides the image: the argument buffer, then the heap */
	unsigned char *memory;
	uint64_t base, span, heap_size;
	pthread_mutex_t lock; /* calls (the argument buffer), objects, threads, command queues */
	atomic_bool stopped;
	bool threads_created;
	uint32_t next_thread_id;
	struct null_object *objects;
	/* flexio_null_* calls in progress (under null_lock): process_destroy waits for them */
	unsigned injections;
	pthread_cond_t injections_done;
	struct null_process *next; /* in null_processes */
};

extern struct null_process *null_processes;

#endif
