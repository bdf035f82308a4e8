/* Process life cycle: an address space built from an image. */
#include <errno.h>
#include <stdlib.h>

#include "internal.h"

struct dpa_process *dpa_process_create(struct dpa_image *image, const struct dpa_process_config *config, char *err,
				       size_t err_size)
{
	static const struct dpa_process_config defaults = { 0 };
	if (image == NULL) {
		dpa_format_error(err, err_size, "no image");
		return NULL;
	}
	if (config == NULL)
		config = &defaults;
	uint64_t memory = config->memory_size ? config->memory_size : DPA_MEMORY_DEFAULT;
	memory = (memory + DPA_PAGE_SIZE - 1) & ~(uint64_t)(DPA_PAGE_SIZE - 1);
	if (memory > DPA_MEMORY_MAX || memory < image->high - image->low ||
	    config->heap_size > memory - (image->high - image->low)) {
		dpa_format_error(err, err_size,
				 "DPA memory of %llu bytes cannot hold the image (%llu bytes) and the "
				 "heap (%llu bytes), or exceeds %llu",
				 (unsigned long long)memory, (unsigned long long)(image->high - image->low),
				 (unsigned long long)config->heap_size, DPA_MEMORY_MAX);
		return NULL;
	}
	struct dpa_process *process = calloc(1, sizeof(*process));
	if (process == NULL) {
		dpa_format_error(err, err_size, "out of memory");
		return NULL;
	}
	pthread_mutex_init(&process->pause_lock, NULL);
	pthread_cond_init(&process->pause_changed, NULL);
	atomic_fetch_add(&image->refs, 1);
	process->image = image;
	process->ram_size = memory;
	process->watchdog = config->watchdog ? config->watchdog : DPA_WATCHDOG_DEFAULT;
	atomic_init(&process->engine, (int)dpa_engine_default());
	if (dpa_memory_init(process, err, err_size) != 0) {
		dpa_process_destroy(process);
		return NULL;
	}
	if (config->heap_size != 0) {
		if (dpa_process_map(process, DPA_REGION_HEAP, config->heap_size, DPA_PERM_R | DPA_PERM_W,
				    &process->heap_base) != 0) {
			dpa_format_error(err, err_size, "no room for a heap of %llu bytes",
					 (unsigned long long)config->heap_size);
			dpa_process_destroy(process);
			return NULL;
		}
		process->heap_size = (config->heap_size + DPA_PAGE_SIZE - 1) & ~(uint64_t)(DPA_PAGE_SIZE - 1);
	}
	dpa_services_install_defaults(process);
	return process;
}

int dpa_process_destroy(struct dpa_process *process)
{
	if (process == NULL)
		return -EINVAL;
	if (atomic_load(&process->harts) != 0)
		return -EBUSY;
	dpa_memory_fini(process);
	dpa_debug_free(process);
	dpa_memcheck_free(process);
	dpa_image_release(process->image);
	pthread_cond_destroy(&process->pause_changed);
	pthread_mutex_destroy(&process->pause_lock);
	free(process);
	return 0;
}

struct dpa_image *dpa_process_image(const struct dpa_process *process)
{
	return process != NULL ? process->image : NULL;
}

void dpa_process_set_user(struct dpa_process *process, void *user)
{
	if (process != NULL)
		process->user = user;
}

void *dpa_process_user(const struct dpa_process *process)
{
	return process != NULL ? process->user : NULL;
}

void dpa_process_halt(struct dpa_process *process)
{
	if (process != NULL)
		atomic_store(&process->halted, true);
}

bool dpa_process_halted(const struct dpa_process *process)
{
	return process != NULL && atomic_load(&((struct dpa_process *)process)->halted);
}
