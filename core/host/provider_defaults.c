/*
 * What a provider that lacks an operation does: fail cleanly, as rdma-core's dummy_ops.c does
 * for its providers. Operations that create fail with EOPNOTSUPP and a reason; queries answer
 * "nothing"; releases of what was never created do nothing. The exceptions are the rdma-core
 * objects the host library makes for itself (protection domains, UARs): by default, rdma-core's
 * own calls make them, as they do on a device rdma-core drives.
 */
#include "provider_table.h"

#include <errno.h>
#include <infiniband/mlx5dv.h>
#include <stdio.h>

#define UNSUPPORTED "the device's provider does not support this"

static int no_serves(struct ibv_context *ibv_ctx)
{
	(void)ibv_ctx;
	return 0;
}

static struct provider_image *no_image_load(const void *elf, size_t size, char *err, size_t err_size)
{
	(void)elf, (void)size;
	snprintf(err, err_size, UNSUPPORTED);
	return NULL;
}

static void no_image_release(struct provider_image *image)
{
	(void)image;
}

static int no_image_symbol(const struct provider_image *image, const char *name, struct provider_symbol *symbol)
{
	(void)image, (void)name, (void)symbol;
	return -ENOENT;
}

static struct provider_process *no_process_create(struct ibv_context *ibv_ctx, const struct provider_image *image,
						  const struct provider_process_config *config,
						  const struct provider_events *events, char *err, size_t err_size)
{
	(void)ibv_ctx, (void)image, (void)config, (void)events;
	snprintf(err, err_size, UNSUPPORTED);
	return NULL;
}

static void no_process_destroy(struct provider_process *process)
{
	(void)process;
}

static void no_heap_range(struct provider_process *process, uint64_t *base, uint64_t *size)
{
	(void)process;
	*base = *size = 0;
}

static int no_memory_write(struct provider_process *process, uint64_t daddr, const void *src, size_t size)
{
	(void)process, (void)daddr, (void)src, (void)size;
	return -EOPNOTSUPP;
}

static int no_memory_read(struct provider_process *process, uint64_t daddr, void *dst, size_t size)
{
	(void)process, (void)daddr, (void)dst, (void)size;
	return -EOPNOTSUPP;
}

static int no_memory_set(struct provider_process *process, uint64_t daddr, int value, size_t size)
{
	(void)process, (void)daddr, (void)value, (void)size;
	return -EOPNOTSUPP;
}

static enum provider_call_result no_call(struct provider_process *process, const struct provider_call *call,
					 uint64_t *result)
{
	(void)process, (void)call;
	*result = 0;
	return PROVIDER_CALL_FAILED;
}

static uint32_t no_dumem_id(struct provider_process *process)
{
	(void)process;
	return 0;
}

static struct provider_thread *no_thread_create(struct provider_process *process,
						const struct provider_thread_config *config, char *err, size_t err_size)
{
	(void)process, (void)config;
	snprintf(err, err_size, UNSUPPORTED);
	return NULL;
}

static int no_thread_op(struct provider_thread *thread)
{
	(void)thread;
	return -EOPNOTSUPP;
}

static int no_thread_run(struct provider_thread *thread, uint64_t user_arg)
{
	(void)thread, (void)user_arg;
	return -EOPNOTSUPP;
}

static void no_thread_destroy(struct provider_thread *thread)
{
	(void)thread;
}

static uint32_t no_thread_id(struct provider_thread *thread)
{
	(void)thread;
	return 0;
}

static struct provider_cmdq *no_cmdq_create(struct provider_process *process, const struct provider_cmdq_config *config,
					    char *err, size_t err_size)
{
	(void)process, (void)config;
	snprintf(err, err_size, UNSUPPORTED);
	return NULL;
}

static int no_cmdq_task_add(struct provider_cmdq *cmdq, uint64_t function, uint64_t arg, const char *name)
{
	(void)cmdq, (void)function, (void)arg, (void)name;
	return -EOPNOTSUPP;
}

static int no_cmdq_start(struct provider_cmdq *cmdq)
{
	(void)cmdq;
	return -EOPNOTSUPP;
}

static int no_cmdq_is_empty(struct provider_cmdq *cmdq)
{
	(void)cmdq;
	return 1;
}

static void no_cmdq_destroy(struct provider_cmdq *cmdq)
{
	(void)cmdq;
}

static int no_error_handler_set(struct provider_process *process, uint64_t function)
{
	(void)process, (void)function;
	return -EOPNOTSUPP;
}

static size_t no_thread_states(struct provider_process *process, struct provider_thread_state *states, size_t max)
{
	(void)process, (void)states, (void)max;
	return 0;
}

static size_t no_memory_regions(struct provider_process *process, struct provider_memory_region *regions, size_t max)
{
	(void)process, (void)regions, (void)max;
	return 0;
}

static int no_pd_check(struct ibv_context *ibv_ctx, struct ibv_pd *pd)
{
	(void)ibv_ctx, (void)pd;
	return -EINVAL;
}

static void no_pd_release(struct ibv_pd *pd)
{
	(void)pd;
}

static struct ibv_pd *rdma_core_pd_alloc(struct ibv_context *ibv_ctx)
{
	return ibv_alloc_pd(ibv_ctx);
}

static int rdma_core_pd_dealloc(struct ibv_pd *pd)
{
	return -ibv_dealloc_pd(pd); /* 0 or an errno value */
}

static struct mlx5dv_devx_uar *rdma_core_uar_alloc(struct ibv_context *ibv_ctx)
{
	return mlx5dv_devx_alloc_uar(ibv_ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
}

static int rdma_core_pd_number(struct ibv_pd *pd, uint32_t *pdn)
{
	struct mlx5dv_pd dv = { 0 };
	struct mlx5dv_obj obj = { .pd = { .in = pd, .out = &dv } };
	int rc = mlx5dv_init_obj(&obj, MLX5DV_OBJ_PD);

	if (!rc)
		*pdn = dv.pdn;
	return rc;
}

static int no_mr_range(struct ibv_pd *pd, uint32_t key, unsigned access, uint64_t *iova, uint64_t *length)
{
	(void)pd, (void)key, (void)access, (void)iova, (void)length;
	return -EINVAL;
}

static int no_memory_dump(struct provider_process *process, uint64_t daddr, size_t size, struct ibv_pd *pd,
			  uint32_t key)
{
	(void)process, (void)daddr, (void)size, (void)pd, (void)key;
	return -EOPNOTSUPP;
}

static int no_uar_check(struct ibv_context *ibv_ctx, const struct mlx5dv_devx_uar *uar)
{
	(void)ibv_ctx, (void)uar;
	return -EINVAL;
}

static int no_object_create(struct provider_process *process, uint32_t id)
{
	(void)process, (void)id;
	return -EOPNOTSUPP;
}

static void no_object_destroy(struct provider_process *process, uint32_t id)
{
	(void)process, (void)id;
}

static int no_window_create(struct provider_process *process, uint32_t id, struct ibv_pd *pd)
{
	(void)process, (void)id, (void)pd;
	return -EOPNOTSUPP;
}

static int no_uar_extension_add(struct provider_process *process, uint32_t device_id, struct ibv_context *ibv_ctx)
{
	(void)process, (void)device_id, (void)ibv_ctx;
	return -EOPNOTSUPP;
}

static int no_device_mkey_create(struct provider_process *process, struct ibv_pd *pd, uint64_t daddr, uint64_t len,
				 int access, uint32_t *key)
{
	(void)process, (void)pd, (void)daddr, (void)len, (void)access, (void)key;
	return -EOPNOTSUPP;
}

static int no_process_pause(struct provider_process *process)
{
	(void)process;
	return -EOPNOTSUPP;
}

static int no_memcheck_set(struct provider_process *process, bool on)
{
	(void)process, (void)on;
	return -EOPNOTSUPP;
}

static int no_strict_alignment_set(struct provider_process *process, bool on)
{
	(void)process, (void)on;
	return -EOPNOTSUPP;
}

static int no_gdb_listen(struct provider_process *process, uint16_t port, uint16_t *bound)
{
	(void)process, (void)port, (void)bound;
	return -EOPNOTSUPP;
}

static void no_code_location(struct provider_process *process, uint64_t pc, struct provider_code_location *where)
{
	(void)process, (void)pc, (void)where;
}

/* A device whose queues are not told apart by the UAR they name has nothing to be told. */
static int no_uar_bind(struct provider_process *process, struct mlx5dv_devx_uar *uar)
{
	(void)process, (void)uar;
	return 0;
}

static struct mlx5dv_devx_obj *no_thread_obj_create(struct ibv_context *ibv_ctx, struct provider_thread *thread)
{
	(void)ibv_ctx, (void)thread;
	return NULL;
}

static void no_thread_obj_release(struct mlx5dv_devx_obj *obj)
{
	(void)obj;
}

static size_t no_emu_functions(struct ibv_context *ibv_ctx, uint32_t *vhca_ids, size_t max)
{
	(void)ibv_ctx, (void)vhca_ids, (void)max;
	return 0;
}

static struct provider_emu_db *no_emu_db_map(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t queue_id,
					     uint32_t cqn, uint32_t *id, char *err, size_t err_size)
{
	(void)ibv_ctx, (void)vhca_id, (void)queue_id, (void)cqn, (void)id;
	snprintf(err, err_size, UNSUPPORTED);
	return NULL;
}

static void no_emu_db_unmap(struct provider_emu_db *db)
{
	(void)db;
}

static int no_emu_db_ring(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t queue_id, uint32_t value)
{
	(void)ibv_ctx, (void)vhca_id, (void)queue_id, (void)value;
	return -ENOENT; /* a device without emulated functions */
}

static int no_emu_msix_eqs(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t *eqns, size_t max)
{
	(void)ibv_ctx, (void)vhca_id, (void)eqns, (void)max;
	return -ENOENT;
}

static struct provider_msix *no_emu_msix_create(struct provider_process *process, uint32_t vhca_id, uint16_t msix_id,
						bool direct, struct ibv_context *target, uint32_t *cqn, char *err,
						size_t err_size)
{
	(void)process, (void)vhca_id, (void)msix_id, (void)direct, (void)target, (void)cqn;
	snprintf(err, err_size, UNSUPPORTED);
	return NULL;
}

static void no_emu_msix_destroy(struct provider_msix *msix)
{
	(void)msix;
}

static int no_emu_msix_wait(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint16_t msix_id, uint64_t seen,
			    int timeout_ms, uint64_t *count)
{
	(void)ibv_ctx, (void)vhca_id, (void)msix_id, (void)seen, (void)timeout_ms, (void)count;
	return -ENOENT;
}

static int no_trace_start(struct provider_process *process, const char *path, char *err, size_t err_size)
{
	(void)process, (void)path;
	snprintf(err, err_size, UNSUPPORTED);
	return -EOPNOTSUPP;
}

static int no_trace_stop(struct provider_process *process, char *err, size_t err_size)
{
	(void)process;
	snprintf(err, err_size, UNSUPPORTED);
	return -EOPNOTSUPP;
}

#define FILL(op, fallback)                    \
	do {                                  \
		if (!ops->op)                 \
			ops->op = (fallback); \
	} while (0)

void provider_fill_defaults(struct flexio_provider_ops *ops)
{
	FILL(devices, ops->name);
	FILL(serves, no_serves);
	FILL(image_load, no_image_load);
	FILL(image_release, no_image_release);
	FILL(image_symbol, no_image_symbol);
	FILL(process_create, no_process_create);
	FILL(process_destroy, no_process_destroy);
	FILL(heap_range, no_heap_range);
	FILL(memory_write, no_memory_write);
	FILL(memory_read, no_memory_read);
	FILL(memory_set, no_memory_set);
	FILL(call, no_call);
	FILL(dumem_id, no_dumem_id);
	FILL(thread_create, no_thread_create);
	FILL(thread_run, no_thread_run);
	FILL(thread_trigger, no_thread_op);
	FILL(thread_destroy, no_thread_destroy);
	FILL(thread_id, no_thread_id);
	FILL(cmdq_create, no_cmdq_create);
	FILL(cmdq_task_add, no_cmdq_task_add);
	FILL(cmdq_start, no_cmdq_start);
	FILL(cmdq_is_empty, no_cmdq_is_empty);
	FILL(cmdq_destroy, no_cmdq_destroy);
	FILL(error_handler_set, no_error_handler_set);
	FILL(thread_states, no_thread_states);
	FILL(memory_regions, no_memory_regions);
	FILL(pd_check, no_pd_check);
	FILL(pd_hold, no_pd_check);
	FILL(pd_release, no_pd_release);
	FILL(pd_alloc, rdma_core_pd_alloc);
	FILL(pd_dealloc, rdma_core_pd_dealloc);
	FILL(mr_range, no_mr_range);
	FILL(memory_dump, no_memory_dump);
	FILL(uar_check, no_uar_check);
	FILL(uar_alloc, rdma_core_uar_alloc);
	FILL(uar_free, mlx5dv_devx_free_uar);
	FILL(outbox_create, no_object_create);
	FILL(outbox_destroy, no_object_destroy);
	FILL(window_create, no_window_create);
	FILL(window_destroy, no_object_destroy);
	FILL(uar_extension_add, no_uar_extension_add);
	FILL(uar_extension_remove, no_object_destroy);
	FILL(device_mkey_create, no_device_mkey_create);
	FILL(device_mkey_destroy, no_object_destroy);
	FILL(process_pause, no_process_pause);
	FILL(process_resume, no_process_destroy);
	FILL(gdb_listen, no_gdb_listen);
	FILL(memcheck_set, no_memcheck_set);
	FILL(strict_alignment_set, no_strict_alignment_set);
	FILL(uar_bind, no_uar_bind);
	FILL(thread_obj_create, no_thread_obj_create);
	FILL(thread_obj_release, no_thread_obj_release);
	FILL(emu_functions, no_emu_functions);
	FILL(emu_db_map, no_emu_db_map);
	FILL(emu_db_unmap, no_emu_db_unmap);
	FILL(emu_db_ring, no_emu_db_ring);
	FILL(emu_msix_eqs, no_emu_msix_eqs);
	FILL(emu_msix_create, no_emu_msix_create);
	FILL(emu_msix_destroy, no_emu_msix_destroy);
	FILL(emu_msix_wait, no_emu_msix_wait);
	FILL(trace_start, no_trace_start);
	FILL(trace_stop, no_trace_stop);
	FILL(devx_obj_create, mlx5dv_devx_obj_create);
	FILL(devx_obj_modify, mlx5dv_devx_obj_modify);
	FILL(devx_obj_query, mlx5dv_devx_obj_query);
	FILL(devx_obj_destroy, mlx5dv_devx_obj_destroy);
	FILL(devx_general_cmd, mlx5dv_devx_general_cmd);
	FILL(pd_number, rdma_core_pd_number);
	FILL(code_location, no_code_location);
}
