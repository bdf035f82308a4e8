/*
 * ELF core dumps of DPA processes (flexio_coredump_create).
 *
 * An ELF64 RISC-V core as gdb-multiarch reads one without an OS ABI (its bare-metal RISC-V
 * support): ET_CORE, a PT_NOTE with NT_PRPSINFO and one NT_PRSTATUS per DPA thread (Linux's
 * RV64 layouts below), the thread whose fatal error stopped the process first (gdb's current
 * thread), then one PT_LOAD per region of DPA memory (ELF segments, heap, stacks,
 * thread-local areas, other data). Apertures (windows, outboxes) are not memory and are not
 * dumped, as the manual says of windows. All-zero pages are left as holes, so a large heap costs
 * little disk.
 */
#include "dump_file.h"

#include "log.h"

#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "core dumps are written in the host's byte order, which must be RISC-V's (little endian)"
#endif

/* Linux's struct elf_prstatus and elf_prpsinfo for RV64 (the host's <sys/procfs.h> describes
 * the host's own architecture): what gdb reads from NT_PRSTATUS and NT_PRPSINFO notes. */
struct rv64_timeval {
	int64_t sec, usec;
};

struct rv64_prstatus {
	int32_t si_signo, si_code, si_errno;
	int16_t cursig;
	uint16_t pad0;
	uint64_t sigpend, sighold;
	int32_t pid, ppid, pgrp, sid;
	struct rv64_timeval utime, stime, cutime, cstime;
	uint64_t regs[32]; /* pc, then x1..x31 */
	int32_t fpvalid;
	uint32_t pad1;
};
_Static_assert(sizeof(struct rv64_prstatus) == 376, "Linux RV64 elf_prstatus");
_Static_assert(offsetof(struct rv64_prstatus, regs) == 112, "Linux RV64 elf_prstatus");

struct rv64_prpsinfo {
	char state, sname, zomb, nice;
	uint32_t pad;
	uint64_t flag;
	uint32_t uid, gid;
	int32_t pid, ppid, pgrp, sid;
	char fname[16];
	char psargs[80];
};
_Static_assert(sizeof(struct rv64_prpsinfo) == 136, "Linux RV64 elf_prpsinfo");

/* A note's header and its name, "CORE" padded to 4-byte alignment. */
struct core_note_header {
	Elf64_Nhdr nhdr;
	char name[8];
};

#define CORE_PAGE 4096u
#define CHUNK (1u << 20)

/* Linux signal numbers gdb shows for the faults (the same on RISC-V and x86-64). */
enum {
	SIG_ILL = 4,
	SIG_TRAP = 5,
	SIG_ABRT = 6,
	SIG_BUS = 7,
	SIG_SEGV = 11,
	SIG_XCPU = 24,
	SIG_SYS = 31
};

static int fault_signal(enum flexio_fault_cause cause, bool culprit)
{
	switch (cause) {
	case FLEXIO_FAULT_NONE:
		return culprit ? SIG_ABRT : 0; /* flexio_dev_error, or a healthy thread */
	case FLEXIO_FAULT_MISALIGNED:
		return SIG_BUS;
	case FLEXIO_FAULT_ILLEGAL:
		return SIG_ILL;
	case FLEXIO_FAULT_BREAKPOINT:
		return SIG_TRAP;
	case FLEXIO_FAULT_WATCHDOG:
		return SIG_XCPU;
	case FLEXIO_FAULT_BAD_SERVICE:
		return SIG_SYS;
	default:
		return SIG_SEGV;
	}
}

static unsigned char *put_note(unsigned char *p, uint32_t type, const void *desc, uint32_t size)
{
	struct core_note_header h = { .nhdr = { .n_namesz = sizeof("CORE"), .n_descsz = size, .n_type = type },
				      .name = "CORE" };

	memcpy(p, &h, sizeof(h));
	memcpy(p + sizeof(h), desc, size);
	return p + sizeof(h) + size;
}

/* Pages are compared with a zero page by memcmp, which libc vectorises: a 1 GiB heap that was
 * never written is skipped in a fraction of a second. */
static bool all_zero(const unsigned char *p, size_t size)
{
	static const unsigned char zero_page[CORE_PAGE];

	return !memcmp(p, zero_page, size);
}

/* Writes a region's bytes at offset, skipping pages that are all zero. */
static bool write_region(int fd, struct process *process, const struct provider_memory_region *r, uint64_t offset,
			 unsigned char *buf)
{
	for (uint64_t done = 0; done < r->size; done += CHUNK) {
		size_t n = r->size - done < CHUNK ? (size_t)(r->size - done) : CHUNK;

		/* A region unmapped meanwhile (a queue destroyed by another thread) reads as zeros. */
		if (process->provider->memory_read(process->device, r->base + done, buf, n))
			continue;
		for (size_t page = 0; page < n; page += CORE_PAGE) {
			size_t len = n - page < CORE_PAGE ? n - page : CORE_PAGE;

			if (!all_zero(buf + page, len) && !dump_file_write(fd, buf + page, len, offset + done + page))
				return false;
		}
	}
	return true;
}

/* The provider's list of threads or of memory regions, grown until it fits. */
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

static uint32_t segment_flags(unsigned perms)
{
	return ((perms & PROVIDER_PERM_R) ? PF_R : 0) | ((perms & PROVIDER_PERM_W) ? PF_W : 0) |
	       ((perms & PROVIDER_PERM_X) ? PF_X : 0);
}

/* The ELF header, program headers and notes, in one buffer of *size bytes. */
static unsigned char *core_header(struct process *process, uint32_t id, const struct provider_thread_state *threads,
				  size_t nthreads, const struct provider_memory_region *regions, size_t nregions,
				  size_t *size)
{
	size_t notes_size = sizeof(struct core_note_header) * (1 + nthreads) + sizeof(struct rv64_prpsinfo) +
			    nthreads * sizeof(struct rv64_prstatus);
	size_t phdrs_end = sizeof(Elf64_Ehdr) + (1 + nregions) * sizeof(Elf64_Phdr);
	unsigned char *header = calloc(1, phdrs_end + notes_size), *p;
	Elf64_Ehdr ehdr = { .e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64, ELFDATA2LSB, EV_CURRENT,
					 ELFOSABI_NONE },
			    .e_type = ET_CORE,
			    .e_machine = EM_RISCV,
			    .e_version = EV_CURRENT,
			    .e_phoff = sizeof(Elf64_Ehdr),
			    .e_ehsize = sizeof(Elf64_Ehdr),
			    .e_phentsize = sizeof(Elf64_Phdr),
			    .e_phnum = (Elf64_Half)(1 + nregions) };
	Elf64_Phdr note = { .p_type = PT_NOTE, .p_offset = phdrs_end, .p_filesz = notes_size, .p_align = 4 };
	struct rv64_prpsinfo info = { .sname = 'R', .pid = (int32_t)id };
	uint64_t offset;

	if (!header)
		return NULL;
	if (process->app->elf_size >= sizeof(Elf64_Ehdr)) /* the image's ABI flags (float ABI, RVC) */
		ehdr.e_flags = ((const Elf64_Ehdr *)process->app->elf)->e_flags;
	memcpy(header, &ehdr, sizeof(ehdr));
	memcpy(header + sizeof(ehdr), &note, sizeof(note));
	offset = (phdrs_end + notes_size + CORE_PAGE - 1) / CORE_PAGE * CORE_PAGE;
	for (size_t i = 0; i < nregions; i++) {
		Elf64_Phdr load = { .p_type = PT_LOAD,
				    .p_flags = segment_flags(regions[i].perms),
				    .p_offset = offset,
				    .p_vaddr = regions[i].base,
				    .p_paddr = regions[i].base,
				    .p_filesz = regions[i].size,
				    .p_memsz = regions[i].size,
				    .p_align = CORE_PAGE };

		memcpy(header + sizeof(ehdr) + (1 + i) * sizeof(Elf64_Phdr), &load, sizeof(load));
		offset += regions[i].size;
	}

	/* pr_fname, pr_psargs: truncated, NUL-terminated */
	memcpy(info.fname, process->app->name, strnlen(process->app->name, sizeof(info.fname) - 1));
	memcpy(info.psargs, process->name, strnlen(process->name, sizeof(info.psargs) - 1));
	p = put_note(header + phdrs_end, NT_PRPSINFO, &info, sizeof(info));
	for (size_t i = 0; i < nthreads; i++) {
		const struct provider_thread_state *t = &threads[i];
		int sig = fault_signal(t->fault_cause, t->culprit);
		struct rv64_prstatus status = { .si_signo = sig,
						.cursig = (int16_t)sig,
						.pid = (int32_t)(t->id + 1), /* gdb's LWP: 0 means none */
						.ppid = (int32_t)id };

		status.regs[0] = t->pc;
		memcpy(&status.regs[1], &t->regs[1], 31 * sizeof(uint64_t));
		p = put_note(p, NT_PRSTATUS, &status, sizeof(status));
	}
	*size = phdrs_end + notes_size;
	return header;
}

static flexio_status coredump_create(struct process *process, const char *outfile, const char *func)
{
	struct provider_thread_state *threads = NULL;
	struct provider_memory_region *regions = NULL;
	size_t nthreads = 0, nregions = 0, header_size = 0;
	unsigned char *header = NULL, *buf = NULL;
	flexio_status status = FLEXIO_STATUS_FAILED;
	char path[PATH_MAX];
	uint64_t offset;
	uint32_t id;
	int fd = -1;

	if (outfile && !*outfile) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "outfile is empty (give NULL for flexio_dev.NNN.core)");
		return FLEXIO_STATUS_FAILED;
	}
	id = process->provider->dumem_id(process->device);
	threads = query(process, true, &nthreads);
	regions = query(process, false, &nregions);
	buf = malloc(CHUNK);
	if (threads && regions && nregions + 1 >= PN_XNUM) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func,
			      "process \"%s\" has too many memory regions (%zu) for an ELF core", process->name,
			      nregions);
		goto out;
	}
	header = threads && regions && buf
			 ? core_header(process, id, threads, nthreads, regions, nregions, &header_size)
			 : NULL;
	if (!header) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "out of memory");
		goto out;
	}
	fd = dump_file_open(outfile, "core", id, path, sizeof(path));
	if (fd < 0) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot create the core file %s: %s", path, strerror(errno));
		goto out;
	}
	if (!dump_file_write(fd, header, header_size, 0))
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
	flexio_log_at(FLEXIO_LOG_LVL_INFO, func, "process \"%s\": core dump in %s (%zu threads, %zu memory regions)",
		      process->name, path, nthreads, nregions);
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

FLEXIO_STABLE flexio_status flexio_coredump_create(flexio_process *handle, const char *outfile)
{
	struct process *process = process_get(handle, __func__);
	flexio_status status;
	bool paused;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	/* The threads stand still while their registers and memory are read: a consistent dump,
	 * and no reads racing their writes. */
	paused = process->provider->process_pause(process->device) == 0;
	status = coredump_create(process, outfile, __func__);
	if (paused)
		process->provider->process_resume(process->device);
	process_put(process);
	return status;
}
