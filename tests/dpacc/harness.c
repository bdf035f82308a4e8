/* The dpacc test harness: application loading and calls (see harness.h). */
#include "harness.h"

#include <elf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio-dev/flexio_dev_dpa_arch.h>

#include "harness_services.h"

#define MEMORY_SIZE (16u << 20)
#define HEAP_SIZE (1u << 20)
#define ARGBUF_MAX 4096u

/* The image's PT_TLS segment: its template bytes and the size of the block it describes. */
struct tls_template {
	const uint8_t *data;
	uint64_t file_size;
	uint64_t mem_size;
	uint64_t align;
};

static int find_tls(const uint8_t *elf, size_t size, struct tls_template *tls)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)elf;

	memset(tls, 0, sizeof(*tls));
	if (size < sizeof(*eh) || eh->e_phentsize != sizeof(Elf64_Phdr) ||
	    eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(Elf64_Phdr) > size)
		return -1;
	for (unsigned i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const Elf64_Phdr *)(elf + eh->e_phoff) + i;

		if (ph->p_type != PT_TLS)
			continue;
		if (ph->p_offset + ph->p_filesz > size || ph->p_filesz > ph->p_memsz || ph->p_align > DPA_PAGE_SIZE)
			return -1;
		*tls = (struct tls_template){ elf + ph->p_offset, ph->p_filesz, ph->p_memsz, ph->p_align };
	}
	return 0;
}

/*
 * The thread-local area of the runtime contract: struct flexio_os_thread_ctx at tp - 64, the
 * TLS block (a copy of the template, zero-filled) at tp, tp aligned for the TLS block.
 */
static int setup_thread_area(struct harness *h, const struct tls_template *tls)
{
	uint64_t align = tls->align > FLEXIO_OS_THREAD_CTX_TP_OFFSET ? tls->align : FLEXIO_OS_THREAD_CTX_TP_OFFSET;
	struct flexio_os_thread_ctx ctx = { .version = FLEXIO_OS_THREAD_CTX_VERSION };
	uint64_t base, tp;

	if (dpa_process_map(h->process, DPA_REGION_DATA, align + tls->mem_size, DPA_PERM_R | DPA_PERM_W, &base))
		return -1;
	tp = base + align;
	if (dpa_process_write(h->process, tp - FLEXIO_OS_THREAD_CTX_TP_OFFSET, &ctx, sizeof(ctx)))
		return -1;
	if (tls->file_size && dpa_process_write(h->process, tp, tls->data, tls->file_size))
		return -1;
	dpa_hart_set_reg(h->hart, 4, tp);
	return 0;
}

static uint8_t *app_elf(flexio_app *app, size_t *size)
{
	uint64_t *elf;

	*size = flexio_app_get_elf_size(app);
	if (*size == 0)
		return NULL;
	elf = calloc(1, *size + sizeof(uint64_t));
	if (elf && flexio_app_get_elf(app, elf, *size) != FLEXIO_STATUS_SUCCESS) {
		free(elf);
		elf = NULL;
	}
	return (uint8_t *)elf;
}

static int load(struct harness *h, const uint8_t *elf, size_t size)
{
	struct dpa_process_config config = { .memory_size = MEMORY_SIZE, .heap_size = HEAP_SIZE };
	char err[DPA_ERROR_MAX];
	struct tls_template tls;
	struct dpa_image *image;
	uint64_t heap_size, result;

	image = dpa_image_load(elf, size, err, sizeof(err));
	if (!image) {
		fprintf(stderr, "harness: %s\n", err);
		return -1;
	}
	h->process = dpa_process_create(image, &config, err, sizeof(err));
	dpa_image_release(image);
	if (!h->process) {
		fprintf(stderr, "harness: %s\n", err);
		return -1;
	}
	h->hart = dpa_hart_create(h->process, NULL);
	if (!h->hart || find_tls(elf, size, &tls) || setup_thread_area(h, &tls) || harness_install_services(h) ||
	    dpa_process_heap(h->process, &h->heap, &heap_size) ||
	    dpa_process_map(h->process, DPA_REGION_DATA, ARGBUF_MAX, DPA_PERM_R | DPA_PERM_W, &h->argbuf))
		return -1;
	/* crt0's _start runs the image's constructors once, as the runtime does per process. */
	return dpa_hart_call(h->hart, dpa_image_entry(dpa_process_image(h->process)), NULL, 0, &result) ==
			       DPA_STOP_RETURNED
		       ? 0
		       : -1;
}

struct harness *harness_open(const char *app_name)
{
	struct flexio_app_select_attr select = { .app_name = app_name, .hw_model_id = FLEXIO_HW_MODEL_DEF };
	struct harness *h;
	uint8_t *elf;
	size_t size;
	int rc;

	if (!app_name)
		return NULL;
	h = calloc(1, sizeof(*h));
	if (!h)
		return NULL;
	if (flexio_app_get(&select, &h->app) != FLEXIO_STATUS_SUCCESS) {
		free(h);
		return NULL;
	}
	elf = app_elf(h->app, &size);
	rc = elf ? load(h, elf, size) : -1;
	free(elf);
	if (rc) {
		harness_close(h);
		return NULL;
	}
	return h;
}

void harness_close(struct harness *h)
{
	if (!h)
		return;
	if (h->hart)
		dpa_hart_destroy(h->hart);
	if (h->process)
		dpa_process_destroy(h->process);
	free(h);
}

enum dpa_stop harness_call(struct harness *h, flexio_func_t *fn, uint64_t *result, ...)
{
	char name[FLEXIO_MAX_NAME_LEN + 1], unpack_name[FLEXIO_MAX_NAME_LEN + 1];
	flexio_uintptr_t func_addr, unpack_addr;
	flexio_func_arg_pack_fn_t *pack;
	uint8_t argbuf[ARGBUF_MAX];
	size_t argbuf_size;
	uint64_t args[2];
	uint32_t pup;
	va_list ap;

	if (!h || !fn || !result)
		return DPA_STOP_FAULT;
	if (flexio_func_get_register_info(h->app, fn, &pup, name, unpack_name, sizeof(name), &argbuf_size, &pack,
					  &func_addr, &unpack_addr) != FLEXIO_STATUS_SUCCESS ||
	    !pup || argbuf_size > sizeof(argbuf))
		return DPA_STOP_FAULT;
	memset(argbuf, 0, sizeof(argbuf));
	va_start(ap, result);
	pack(argbuf, ap);
	va_end(ap);
	if (dpa_process_write(h->process, h->argbuf, argbuf, sizeof(argbuf)))
		return DPA_STOP_FAULT;
	h->text_len = 0;
	h->text[0] = '\0';
	h->end_service = 0;
	h->end_arg = 0;
	args[0] = h->argbuf;
	args[1] = func_addr;
	return dpa_hart_call(h->hart, unpack_addr, args, 2, result);
}

uint64_t harness_window_haddr(const struct harness *h)
{
	return h ? (uint64_t)(uintptr_t)h->window : 0;
}

int harness_read(const struct harness *h, uint64_t address, void *dst, size_t size)
{
	return h ? dpa_process_read(h->process, address, dst, size) : -1;
}

int harness_write(struct harness *h, uint64_t address, const void *src, size_t size)
{
	return h ? dpa_process_write(h->process, address, src, size) : -1;
}
