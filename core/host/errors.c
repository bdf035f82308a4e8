/*
 * Fatal errors of DPA processes: the process's error handler (flexio_process_error_handler_set,
 * both editions), ELF core dumps (flexio_coredump_create), crash data, the error status and its
 * fd (flexio_err_*), and the older edition's flexio_err_status / flexio_err_display.
 */
#include "process.h"

#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the error handler ----------------------------------------------------------------- */

/* Whether daddr lies in executable DPA memory of the process. */
static bool in_code(struct process *process, uint64_t daddr)
{
	struct provider_memory_region regions[64], *all = regions;
	size_t n = process->provider->memory_regions(process->device, regions, 64);
	bool found = false;

	if (n > 64) {
		all = calloc(n, sizeof(*all));
		if (!all)
			return false;
		n = process->provider->memory_regions(process->device, all, n);
	}
	for (size_t i = 0; i < n && !found; i++)
		found = (all[i].perms & DPA_PERM_X) && daddr >= all[i].base && daddr - all[i].base < all[i].size;
	if (all != regions)
		free(all);
	return found;
}

static flexio_status set_error_handler(const char *func, struct process *process, uint64_t daddr,
				       const char *name)
{
	int rc;

	if (!in_code(process, daddr)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "\"%s\" is not a device function (0x%llx is not code)", name,
			      (unsigned long long)daddr);
		return FLEXIO_STATUS_FAILED;
	}
	if (process_stopped(process, func))
		return FLEXIO_STATUS_FAILED;
	rc = process->provider->error_handler_set(process->device, daddr);
	if (rc == -EBUSY) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "process \"%s\" already has threads: set the error handler before creating the first one",
			      process->name);
		return FLEXIO_STATUS_FAILED;
	}
	if (rc) {
		process_log_stopped(process, func);
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

/*
 * The handler, void handler(uint64_t arg) (__dpa_global__), runs once on a new DPA thread of
 * the process when one of its threads hits a fatal error (a fault or flexio_dev_error), before
 * the process is reported in error. arg: bits 0-7 the process status (0x10 for a fault, the
 * user code of flexio_dev_error), bits 8-15 the fault cause (0 for flexio_dev_error), bits
 * 32-63 the id of the failing thread.
 */
__asm__(".symver flexio_process_error_handler_set_v1_1, flexio_process_error_handler_set@@FLEXIO_1.1");
FLEXIO_STABLE flexio_status flexio_process_error_handler_set_v1_1(flexio_process *process,
								  flexio_func_t *error_handler);
FLEXIO_STABLE flexio_status flexio_process_error_handler_set_v1_1(flexio_process *handle,
								  flexio_func_t *error_handler)
{
	static const char func[] = "flexio_process_error_handler_set";
	struct process *process = process_get(handle, func);
	flexio_status status = FLEXIO_STATUS_FAILED;
	struct func *f;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	f = app_find_func(process->app, error_handler, func);
	if (f)
		status = set_error_handler(func, process, f->dev_addr, f->name);
	process_put(process);
	return status;
}

/* The older edition names the handler by its symbol in the application's ELF. */
__asm__(".symver flexio_process_error_handler_set_v1_0, flexio_process_error_handler_set@FLEXIO_1.0");
FLEXIO_STABLE flexio_status flexio_process_error_handler_set_v1_0(flexio_process *process, const char *handler);
FLEXIO_STABLE flexio_status flexio_process_error_handler_set_v1_0(flexio_process *handle, const char *handler)
{
	static const char func[] = "flexio_process_error_handler_set";
	struct process *process = process_get(handle, func);
	flexio_status status = FLEXIO_STATUS_FAILED;
	uint64_t daddr, size;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	if (!app_valid_name(handler, "handler", func))
		;
	else if (dpa_image_symbol(process->app->image, handler, &daddr, &size))
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "application \"%s\" has no device function \"%s\"",
			      process->app->name, handler);
	else
		status = set_error_handler(func, process, daddr, handler);
	process_put(process);
	return status;
}

/* ---- core dumps ------------------------------------------------------------------------- */

/*
 * An ELF64 RISC-V core as gdb-multiarch reads one without an OS ABI (its bare-metal RISC-V
 * support): ET_CORE, a PT_NOTE with NT_PRPSINFO and one NT_PRSTATUS per DPA thread (Linux
 * RV64 layouts: 136 and 376 bytes, registers pc, x1..x31 at offset 112), the thread whose
 * fatal error stopped the process first (gdb's current thread), then one PT_LOAD per region
 * of DPA memory (ELF segments, heap, stacks, thread-local areas, other data). Apertures
 * (windows, outboxes) are not memory and are not dumped, as the seed says of windows.
 * All-zero pages are left as holes, so the 64 MiB heap costs little disk.
 */
#define EHDR_SIZE 64
#define PHDR_SIZE 56
#define NOTE_NAME "CORE"
#define NOTE_HEADER (12 + 8) /* namesz, descsz, type; "CORE\0" padded to 8 */
#define NT_PRSTATUS 1
#define NT_PRPSINFO 3
#define PRSTATUS_SIZE 376
#define PRSTATUS_PID 32
#define PRSTATUS_CURSIG 12
#define PRSTATUS_REGS 112
#define PRPSINFO_SIZE 136
#define CORE_PAGE 4096u
#define CHUNK (1u << 20)

/* Linux signal numbers gdb shows for the faults (the same on RISC-V and x86-64). */
enum { SIG_ILL = 4, SIG_TRAP = 5, SIG_ABRT = 6, SIG_BUS = 7, SIG_SEGV = 11, SIG_XCPU = 24, SIG_SYS = 31 };

static int fault_signal(int cause, bool culprit)
{
	switch (cause) {
	case DPA_FAULT_NONE:
		return culprit ? SIG_ABRT : 0; /* flexio_dev_error, or a healthy thread */
	case DPA_FAULT_MISALIGNED:
		return SIG_BUS;
	case DPA_FAULT_ILLEGAL:
		return SIG_ILL;
	case DPA_FAULT_BREAKPOINT:
		return SIG_TRAP;
	case DPA_FAULT_WATCHDOG:
		return SIG_XCPU;
	case DPA_FAULT_BAD_SERVICE:
		return SIG_SYS;
	default:
		return SIG_SEGV;
	}
}

static void put16(unsigned char *p, uint16_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
}

static void put32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static unsigned char *put_note_header(unsigned char *p, uint32_t type, uint32_t descsz)
{
	put32(p, sizeof(NOTE_NAME));
	put32(p + 4, descsz);
	put32(p + 8, type);
	memcpy(p + 12, NOTE_NAME, sizeof(NOTE_NAME));
	return p + NOTE_HEADER;
}

static void put_phdr(unsigned char *p, uint32_t type, uint32_t flags, uint64_t offset, uint64_t vaddr,
		     uint64_t size, uint64_t align)
{
	put32(p, type);
	put32(p + 4, flags);
	put64(p + 8, offset);
	put64(p + 16, vaddr);  /* p_vaddr */
	put64(p + 24, vaddr);  /* p_paddr */
	put64(p + 32, size);   /* p_filesz */
	put64(p + 40, size);   /* p_memsz */
	put64(p + 48, align);
}

/* The file name rules of the seed for dumps: outfile (or "flexio_dev") + ".NNN." + kind, NNN
 * the process id; a relative name goes in the current directory, or in /tmp when that fails. */
static int open_dump(const char *outfile, const char *kind, uint32_t id, char *path, size_t size)
{
	int fd, n;

	n = snprintf(path, size, "%s.%u.%s", outfile ? outfile : "flexio_dev", id, kind);
	if (n < 0 || (size_t)n >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 && path[0] != '/') {
		char fallback[PATH_MAX];
		int saved = errno;

		n = snprintf(fallback, sizeof(fallback), "/tmp/%s", path);
		if (n > 0 && (size_t)n < sizeof(fallback) && (size_t)n < size) {
			fd = open(fallback, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
			if (fd >= 0)
				memcpy(path, fallback, (size_t)n + 1);
		}
		if (fd < 0)
			errno = saved;
	}
	return fd;
}

static bool write_all(int fd, const void *buf, size_t size, uint64_t offset)
{
	const unsigned char *p = buf;

	while (size) {
		ssize_t n = pwrite(fd, p, size, (off_t)offset);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		size -= (size_t)n;
		offset += (uint64_t)n;
	}
	return true;
}

static bool all_zero(const unsigned char *p, size_t size)
{
	const uint64_t *w = (const uint64_t *)p;

	for (size_t i = 0; i < size / 8; i++)
		if (w[i])
			return false;
	return true;
}

/* Writes a region's bytes at offset, skipping pages that are all zero. */
static bool write_region(int fd, struct process *process, const struct provider_memory_region *r,
			 uint64_t offset, unsigned char *buf)
{
	for (uint64_t done = 0; done < r->size; done += CHUNK) {
		size_t n = r->size - done < CHUNK ? (size_t)(r->size - done) : CHUNK;

		/* A region unmapped meanwhile (a queue destroyed by another thread) reads as zeros. */
		if (process->provider->memory_read(process->device, r->base + done, buf, n))
			continue;
		for (size_t page = 0; page < n; page += CORE_PAGE) {
			size_t len = n - page < CORE_PAGE ? n - page : CORE_PAGE;

			if (!all_zero(buf + page, len) && !write_all(fd, buf + page, len, offset + done + page))
				return false;
		}
	}
	return true;
}

static void *query(struct process *process, bool threads, size_t *count)
{
	size_t elem = threads ? sizeof(struct provider_thread_state) : sizeof(struct provider_memory_region);
	size_t cap = 0, n;
	void *array = NULL;

	for (;;) {
		n = threads ? process->provider->thread_states(process->device, array, cap)
			    : process->provider->memory_regions(process->device, array, cap);
		if (n <= cap)
			break;
		free(array);
		cap = n + 4;
		array = calloc(cap, elem);
		if (!array)
			return NULL;
	}
	*count = n;
	return array ? array : calloc(1, elem);
}

static flexio_status coredump_create(struct process *process, const char *outfile, const char *func);

FLEXIO_STABLE flexio_status flexio_coredump_create(flexio_process *handle, const char *outfile)
{
	struct process *process = process_get(handle, __func__);
	flexio_status status;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	status = coredump_create(process, outfile, __func__);
	process_put(process);
	return status;
}

static flexio_status coredump_create(struct process *process, const char *outfile, const char *func)
{
	struct provider_thread_state *threads = NULL;
	struct provider_memory_region *regions = NULL;
	size_t nthreads = 0, nregions = 0, header_size, notes_size;
	unsigned char *header = NULL, *p, *buf = NULL;
	char path[PATH_MAX];
	uint64_t offset;
	uint32_t id, e_flags = 0;
	flexio_status status = FLEXIO_STATUS_FAILED;
	int fd = -1;

	if (outfile && !*outfile) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "outfile is empty (give NULL for flexio_dev.NNN.core)");
		return FLEXIO_STATUS_FAILED;
	}
	threads = query(process, true, &nthreads);
	regions = query(process, false, &nregions);
	buf = malloc(CHUNK);
	notes_size = NOTE_HEADER + PRPSINFO_SIZE + nthreads * (NOTE_HEADER + PRSTATUS_SIZE);
	header_size = EHDR_SIZE + (1 + nregions) * PHDR_SIZE + notes_size;
	header = threads && regions && buf ? calloc(1, header_size) : NULL;
	if (!header) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		goto out;
	}
	if (nregions + 1 >= 0xffff) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "process \"%s\" has too many memory regions (%zu) for an ELF core", process->name, nregions);
		goto out;
	}
	id = process->provider->dumem_id(process->device);
	fd = open_dump(outfile, "core", id, path, sizeof(path));
	if (fd < 0) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot create the core file %s: %s", path, strerror(errno));
		goto out;
	}
	if (process->app->elf_size >= EHDR_SIZE)
		memcpy(&e_flags, (const unsigned char *)process->app->elf + 48, 4); /* the image's ABI flags */

	/* ELF header */
	p = header;
	memcpy(p, "\177ELF", 4);
	p[4] = 2; /* ELFCLASS64 */
	p[5] = 1; /* ELFDATA2LSB */
	p[6] = 1; /* EV_CURRENT; OS ABI 0: none */
	put16(p + 16, 4);   /* ET_CORE */
	put16(p + 18, 243); /* EM_RISCV */
	put32(p + 20, 1);
	put64(p + 32, EHDR_SIZE); /* e_phoff */
	put32(p + 48, e_flags);
	put16(p + 52, EHDR_SIZE);
	put16(p + 54, PHDR_SIZE);
	put16(p + 56, (uint16_t)(1 + nregions));

	/* Program headers: the notes, then memory at page-aligned offsets. */
	offset = EHDR_SIZE + (1 + nregions) * PHDR_SIZE;
	put_phdr(header + EHDR_SIZE, 4 /* PT_NOTE */, 0, offset, 0, notes_size, 4);
	offset = (header_size + CORE_PAGE - 1) / CORE_PAGE * CORE_PAGE;
	for (size_t i = 0; i < nregions; i++) {
		uint32_t flags = ((regions[i].perms & DPA_PERM_R) ? 4u : 0u) | ((regions[i].perms & DPA_PERM_W) ? 2u : 0u) |
				 ((regions[i].perms & DPA_PERM_X) ? 1u : 0u);

		put_phdr(header + EHDR_SIZE + (1 + i) * PHDR_SIZE, 1 /* PT_LOAD */, flags, offset, regions[i].base,
			 regions[i].size, CORE_PAGE);
		offset += regions[i].size;
	}

	/* Notes: NT_PRPSINFO, then NT_PRSTATUS per thread (the culprit first). */
	p = put_note_header(header + EHDR_SIZE + (1 + nregions) * PHDR_SIZE, NT_PRPSINFO, PRPSINFO_SIZE);
	p[1] = 'R';
	put32(p + 24, id); /* pr_pid */
	/* pr_fname, pr_psargs: truncated, NUL-terminated */
	memcpy(p + 40, process->app->name, strnlen(process->app->name, 15));
	memcpy(p + 56, process->name, strnlen(process->name, 79));
	p += PRPSINFO_SIZE;
	for (size_t i = 0; i < nthreads; i++) {
		const struct provider_thread_state *t = &threads[i];
		int sig = fault_signal(t->fault_cause, t->culprit);

		p = put_note_header(p, NT_PRSTATUS, PRSTATUS_SIZE);
		put32(p, (uint32_t)sig);                 /* pr_info.si_signo */
		put16(p + PRSTATUS_CURSIG, (uint16_t)sig);
		put32(p + PRSTATUS_PID, t->id + 1);      /* gdb's LWP: thread id + 1 (0 means none) */
		put32(p + PRSTATUS_PID + 4, id);         /* pr_ppid: the process */
		put64(p + PRSTATUS_REGS, t->pc);
		for (int r = 1; r < 32; r++)
			put64(p + PRSTATUS_REGS + 8 * r, t->regs[r]);
		p += PRSTATUS_SIZE;
	}

	if (!write_all(fd, header, header_size, 0))
		goto write_failed;
	offset = (header_size + CORE_PAGE - 1) / CORE_PAGE * CORE_PAGE;
	for (size_t i = 0; i < nregions; i++) {
		if (!write_region(fd, process, &regions[i], offset, buf))
			goto write_failed;
		offset += regions[i].size;
	}
	if (ftruncate(fd, (off_t)offset))
		goto write_failed;
	if (close(fd)) {
		fd = -1;
		goto write_failed;
	}
	fd = -1;
	flexio_log_at(FLEXIO_LOG_LVL_INFO, func, "process \"%s\": core dump in %s (%zu threads, %zu memory regions)", process->name, path, nthreads,
		    nregions);
	status = FLEXIO_STATUS_SUCCESS;
	goto out;
write_failed:
	flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot write the core file %s: %s", path, strerror(errno));
	unlink(path);
out:
	if (fd >= 0)
		close(fd);
	free(header);
	free(buf);
	free(threads);
	free(regions);
	return status;
}

/* ---- fatal errors ---------------------------------------------------------------------- */

FLEXIO_EXPERIMENTAL int flexio_err_handler_fd(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	int fd;

	if (!process)
		return -1;
	fd = process->error_fd; /* lives as long as the process, as the seed's does */
	process_put(process);
	return fd;
}

/* The dpa_process_status of a process stopped by an error (ranges of flexio_dev_error), else 0. */
static int error_status(struct process *process)
{
	if (!atomic_load(&process->error) || process->status == DPA_STATUS_PROCESS_FINISH)
		return 0;
	return (int)process->status;
}

FLEXIO_EXPERIMENTAL int flexio_err_status_get(flexio_process *handle)
{
	struct process *process;
	int status;

	if (!handle)
		return 0; /* NULL is valid: no process, no error */
	process = process_get(handle, __func__);
	if (!process)
		return 0;
	status = error_status(process);
	process_put(process);
	return status;
}

static void write_crash_data(FILE *out, struct process *process)
{
	static const char *const reg_names[32] = {
		"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
		"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
	const struct dpa_fault *f = &process->fault;
	bool stopped = atomic_load(&process->error);

	fprintf(out, "process: %s\napplication: %s\nstatus: 0x%x\n", process->name, process->app->name,
		stopped ? process->status : 0);
	if (!stopped || !process->has_fault) {
		fprintf(out, "fault: none\n");
		return;
	}
	fprintf(out, "fault: %s\npc: 0x%016llx\naddress: 0x%016llx\ninstruction: 0x%08x\n"
		     "instructions retired: %llu\ncycles: %llu\n",
		dpa_fault_cause_name(f->cause), (unsigned long long)f->pc, (unsigned long long)f->address, f->insn,
		(unsigned long long)f->instret, (unsigned long long)f->cycles);
	for (int i = 0; i < 32; i++)
		fprintf(out, "x%-2d %-4s 0x%016llx\n", i, reg_names[i], (unsigned long long)f->regs[i]);
}

static flexio_status crash_data(struct process *process, const char *outfile, const char *func)
{
	char path[PATH_MAX];
	FILE *out;
	int fd;

	if (outfile && !*outfile) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "outfile is empty (give NULL for flexio_dev.NNN.crash)");
		return FLEXIO_STATUS_FAILED;
	}
	fd = open_dump(outfile, "crash", process->provider->dumem_id(process->device), path, sizeof(path));
	if (fd < 0 || !(out = fdopen(fd, "w"))) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot create %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return FLEXIO_STATUS_FAILED;
	}
	/* The seed prints the crash info on the console and duplicates it to the file. */
	write_crash_data(stdout, process);
	fflush(stdout);
	write_crash_data(out, process);
	if (fclose(out)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot write %s: %s", path, strerror(errno));
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_crash_data(flexio_process *handle, const char *outfile)
{
	struct process *process = process_get(handle, __func__);
	flexio_status status;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	status = crash_data(process, outfile, __func__);
	process_put(process);
	return status;
}

/* ---- the older edition ------------------------------------------------------------------ */

FLEXIO_STABLE int flexio_err_status(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);
	int status;

	if (!process)
		return 0;
	status = atomic_load(&process->error_displayed) ? 0 : error_status(process);
	process_put(process);
	return status;
}

FLEXIO_STABLE void flexio_err_display(flexio_process *handle)
{
	struct process *process = process_get(handle, __func__);

	if (!process)
		return;
	write_crash_data(stderr, process);
	atomic_store(&process->error_displayed, true);
	process_put(process);
}
