/*
 * DOCA DMA copy: copies a host buffer into another through the device's DMA engine, with a DOCA
 * progress engine, as a DOCA 2.5 - 3.x program does it:
 *
 *   device (one that supports memcpy tasks) -> progress engine -> DMA context (task callbacks,
 *   number of tasks) -> memory maps of both buffers -> buffers from an inventory -> a memcpy
 *   task -> doca_pe_progress until its callback ran -> check -> tear down in reverse.
 *
 * Usage: doca-dma-copy [IBDEV_NAME [BYTES]]  (default: the first device that does DMA, 1 MiB)
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dma.h>
#include <doca_error.h>
#include <doca_log.h>
#include <doca_mmap.h>
#include <doca_pe.h>

DOCA_LOG_REGISTER(DMA_COPY);

/* What the callbacks report back (the task's user data points here). */
struct copy_result {
	bool done;
	doca_error_t status;
};

static void copy_completed(struct doca_dma_task_memcpy *task, union doca_data task_user_data,
			   union doca_data ctx_user_data)
{
	struct copy_result *result = task_user_data.ptr;

	(void)ctx_user_data;
	result->status = DOCA_SUCCESS;
	result->done = true;
	doca_task_free(doca_dma_task_memcpy_as_task(task));
}

static void copy_failed(struct doca_dma_task_memcpy *task, union doca_data task_user_data,
			union doca_data ctx_user_data)
{
	struct copy_result *result = task_user_data.ptr;

	(void)ctx_user_data;
	result->status = doca_task_get_status(doca_dma_task_memcpy_as_task(task));
	result->done = true;
	doca_task_free(doca_dma_task_memcpy_as_task(task));
}

/* Opens the device named name (NULL: the first one) that supports DMA memcpy tasks. */
static doca_error_t open_device(const char *name, struct doca_dev **dev)
{
	struct doca_devinfo **list;
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	uint32_t count;
	doca_error_t err = doca_devinfo_create_list(&list, &count);

	if (err != DOCA_SUCCESS)
		return err;
	err = DOCA_ERROR_NOT_FOUND;
	for (uint32_t i = 0; i < count && err == DOCA_ERROR_NOT_FOUND; i++) {
		if (doca_devinfo_get_ibdev_name(list[i], ibdev, sizeof(ibdev)) != DOCA_SUCCESS)
			continue;
		if (name && strcmp(name, ibdev) != 0)
			continue;
		if (doca_dma_cap_task_memcpy_is_supported(list[i]) != DOCA_SUCCESS)
			continue;
		err = doca_dev_open(list[i], dev);
	}
	doca_devinfo_destroy_list(list);
	return err;
}

/* A started memory map of [addr, addr + len) on dev. */
static doca_error_t map_memory(struct doca_dev *dev, void *addr, size_t len, struct doca_mmap **mmap)
{
	doca_error_t err = doca_mmap_create(mmap);

	if (err != DOCA_SUCCESS)
		return err;
	err = doca_mmap_set_memrange(*mmap, addr, len);
	if (err == DOCA_SUCCESS)
		err = doca_mmap_add_dev(*mmap, dev);
	if (err == DOCA_SUCCESS)
		err = doca_mmap_start(*mmap);
	if (err != DOCA_SUCCESS)
		doca_mmap_destroy(*mmap);
	return err;
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : NULL;
	size_t len = argc > 2 ? strtoull(argv[2], NULL, 0) : 1u << 20;
	struct doca_log_backend *log;
	struct doca_dev *dev = NULL;
	struct doca_pe *pe = NULL;
	struct doca_dma *dma = NULL;
	struct doca_mmap *src_map = NULL, *dst_map = NULL;
	struct doca_buf_inventory *inventory = NULL;
	struct doca_buf *src = NULL, *dst = NULL;
	struct doca_dma_task_memcpy *task;
	struct copy_result result = { false, DOCA_SUCCESS };
	char *src_mem = NULL, *dst_mem = NULL;
	uint64_t max_size;
	size_t copied = 0;
	doca_error_t err;

	if (doca_log_backend_create_standard() != DOCA_SUCCESS ||
	    doca_log_backend_create_with_file_sdk(stderr, &log) != DOCA_SUCCESS ||
	    doca_log_backend_set_sdk_level(log, DOCA_LOG_LEVEL_WARNING) != DOCA_SUCCESS)
		return EXIT_FAILURE;
	err = open_device(name, &dev);
	if (err != DOCA_SUCCESS) {
		DOCA_LOG_ERR("No device %s that supports DMA memcpy: %s", name ? name : "at all",
			     doca_error_get_descr(err));
		return EXIT_FAILURE;
	}
	err = doca_dma_cap_task_memcpy_get_max_buf_size(doca_dev_as_devinfo(dev), &max_size);
	if (err == DOCA_SUCCESS && len > max_size) {
		DOCA_LOG_ERR("%zu bytes: the device copies %llu at most", len, (unsigned long long)max_size);
		err = DOCA_ERROR_INVALID_VALUE;
	}
	if (err == DOCA_SUCCESS) {
		src_mem = malloc(len);
		dst_mem = calloc(1, len);
		if (!src_mem || !dst_mem || !len) {
			DOCA_LOG_ERR("Cannot allocate two buffers of %zu bytes", len);
			err = DOCA_ERROR_NO_MEMORY;
		} else {
			for (size_t i = 0; i < len; i++)
				src_mem[i] = (char)('a' + i % 26);
		}
	}
	/* The context: one task at a time is all this program needs. */
	if (err == DOCA_SUCCESS)
		err = doca_pe_create(&pe);
	if (err == DOCA_SUCCESS)
		err = doca_dma_create(dev, &dma);
	if (err == DOCA_SUCCESS)
		err = doca_dma_task_memcpy_set_conf(dma, copy_completed, copy_failed, 1);
	if (err == DOCA_SUCCESS)
		err = doca_pe_connect_ctx(pe, doca_dma_as_ctx(dma));
	if (err == DOCA_SUCCESS)
		err = doca_ctx_start(doca_dma_as_ctx(dma));
	/* The memory: a map per buffer, a DOCA buffer on each (the source full, the destination empty). */
	if (err == DOCA_SUCCESS)
		err = map_memory(dev, src_mem, len, &src_map);
	if (err == DOCA_SUCCESS)
		err = map_memory(dev, dst_mem, len, &dst_map);
	if (err == DOCA_SUCCESS)
		err = doca_buf_inventory_create(2, &inventory);
	if (err == DOCA_SUCCESS)
		err = doca_buf_inventory_start(inventory);
	if (err == DOCA_SUCCESS)
		err = doca_buf_inventory_buf_get_by_data(inventory, src_map, src_mem, len, &src);
	if (err == DOCA_SUCCESS)
		err = doca_buf_inventory_buf_get_by_addr(inventory, dst_map, dst_mem, len, &dst);
	/* The copy: submitted, then the progress engine runs until its callback did. */
	if (err == DOCA_SUCCESS)
		err = doca_dma_task_memcpy_alloc_init(dma, src, dst, (union doca_data){ .ptr = &result }, &task);
	if (err == DOCA_SUCCESS) {
		err = doca_task_submit(doca_dma_task_memcpy_as_task(task));
		if (err != DOCA_SUCCESS)
			doca_task_free(doca_dma_task_memcpy_as_task(task));
	}
	while (err == DOCA_SUCCESS && !result.done)
		doca_pe_progress(pe);
	if (err == DOCA_SUCCESS)
		err = result.status;
	if (err == DOCA_SUCCESS)
		err = doca_buf_get_data_len(dst, &copied);
	if (err == DOCA_SUCCESS) {
		if (copied == len && memcmp(src_mem, dst_mem, len) == 0)
			printf("Copied %zu bytes with DOCA DMA; the destination matches the source\n", copied);
		else
			err = DOCA_ERROR_UNEXPECTED;
	}
	if (err != DOCA_SUCCESS)
		DOCA_LOG_ERR("DMA copy failed: %s", doca_error_get_descr(err));

	/* Tear down in reverse: buffers, inventory, maps, context (stopped), engine, device. */
	if (src)
		doca_buf_dec_refcount(src, NULL);
	if (dst)
		doca_buf_dec_refcount(dst, NULL);
	if (inventory)
		doca_buf_inventory_destroy(inventory);
	if (src_map)
		doca_mmap_destroy(src_map);
	if (dst_map)
		doca_mmap_destroy(dst_map);
	if (dma) {
		doca_ctx_stop(doca_dma_as_ctx(dma));
		doca_dma_destroy(dma);
	}
	if (pe)
		doca_pe_destroy(pe);
	if (dev)
		doca_dev_close(dev);
	free(src_mem);
	free(dst_mem);
	return err == DOCA_SUCCESS ? EXIT_SUCCESS : EXIT_FAILURE;
}
