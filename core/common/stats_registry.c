/*
 * The statistics registry of a simulated device (layout and rules in stats_registry.h): its
 * index file, finding, checking and mapping the registry of a holder or making it, and whether the
 * OS process owning a slot still runs. Shared by the writers (libflexio's simulated provider) and
 * the readers (libdpa_stats).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create, F_ADD_SEALS */
#endif
#include "stats_registry.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define STATS_REGISTRY_DIR_ENV "FLEXIO_SIM_STATS_DIR"
#define STATS_REGISTRY_DEFAULT_DIR "/dev/shm"
/* What a registry must be sealed with: it can neither shrink (mappings would fault) nor grow,
 * and no other seal can be added (a write seal would make it read-only under its writers). */
#define STATS_REGISTRY_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL)

size_t stats_registry_file_size(void)
{
	size_t size = sizeof(struct stats_registry_header);

	size = (size + 63) & ~(size_t)63;
	size += STATS_REGISTRY_MAX_PROCESSES * sizeof(struct stats_registry_process);
	size += STATS_REGISTRY_MAX_THREADS * sizeof(struct stats_registry_thread);
	size = (size + 63) & ~(size_t)63;
	size += (size_t)STATS_REGISTRY_MAX_PROCESSES * STATS_REGISTRY_SAMPLES * sizeof(struct stats_registry_sample);
	return (size + 4095) & ~(size_t)4095;
}

bool stats_registry_device_name_valid(const char *device)
{
	size_t length = device ? strnlen(device, STATS_REGISTRY_DEVICE_SIZE) : 0;

	if (!length || length >= STATS_REGISTRY_DEVICE_SIZE || !isalpha((unsigned char)device[0]))
		return false;
	for (size_t i = 0; i < length; i++)
		if (!isalnum((unsigned char)device[i]) && !strchr("_-.", device[i]))
			return false;
	return true;
}

int stats_registry_path(const char *device, char *path, size_t size)
{
	const char *dir = getenv(STATS_REGISTRY_DIR_ENV);
	int n;

	if (!dir || !*dir)
		dir = STATS_REGISTRY_DEFAULT_DIR;
	n = snprintf(path, size, "%s/openflexio-stats-%s-%u", dir, device, (unsigned)getuid());
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static void carve(struct stats_registry *r, void *base, size_t size)
{
	char *at = base;
	size_t offset = (sizeof(struct stats_registry_header) + 63) & ~(size_t)63;

	r->header = base;
	r->processes = (struct stats_registry_process *)(at + offset);
	offset += STATS_REGISTRY_MAX_PROCESSES * sizeof(struct stats_registry_process);
	r->threads = (struct stats_registry_thread *)(at + offset);
	offset += STATS_REGISTRY_MAX_THREADS * sizeof(struct stats_registry_thread);
	offset = (offset + 63) & ~(size_t)63;
	r->samples = (struct stats_registry_sample *)(at + offset);
	r->size = size;
}

/* ---- the index ------------------------------------------------------------------------------ */

static const struct stats_registry_index fresh_index = { .magic = STATS_REGISTRY_INDEX_MAGIC,
							 .version = STATS_REGISTRY_INDEX_VERSION,
							 .holder_size = sizeof(struct stats_registry_holder),
							 .default_control =
								 STATS_REGISTRY_CONTROL(STATS_REGISTRY_INACTIVE, 0) };

/* Makes the index at path, which appears with its header (linked once written): an index
 * without one was damaged by someone. 0, or a negative errno value (another OS process making it
 * at the same time is no error). */
static int index_create(const char *path)
{
	char made[4096 + 8];
	int fd, rc = 0;

	snprintf(made, sizeof(made), "%s.XXXXXX", path);
	fd = mkostemp(made, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (pwrite(fd, &fresh_index, sizeof(fresh_index), 0) != (ssize_t)sizeof(fresh_index))
		rc = -EIO;
	else if (link(made, path) && errno != EEXIST)
		rc = -errno;
	unlink(made);
	close(fd);
	return rc;
}

/* Opens device's index (made when there is none) and takes its flock: the fd, or a negative
 * errno value. A path that is not a regular file of this user (a FIFO would block, another user's
 * file could say anything) is -EPERM. */
static int index_lock(const char *device)
{
	char path[4096];
	struct stat st;
	int fd, rc = stats_registry_path(device, path, sizeof(path));

	if (rc)
		return rc;
	fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0 && errno == ENOENT) {
		rc = index_create(path);
		if (rc)
			return rc;
		fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	}
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != getuid())
		rc = -EPERM;
	else if (flock(fd, LOCK_EX))
		rc = -errno;
	if (rc) {
		close(fd);
		return rc;
	}
	return fd;
}

static void index_unlock(int fd)
{
	flock(fd, LOCK_UN);
	close(fd);
}

/* Reads the index's header (flock held) into *head and, when holders is not NULL, its records
 * into holders[0 .. *count). 0, or -EPROTO for a file that is not an index of this version, or
 * damaged (truncated: a partial record at its end is ignored). */
static int index_read(int fd, struct stats_registry_index *head, struct stats_registry_holder *holders, unsigned *count)
{
	ssize_t n = pread(fd, head, sizeof(*head), 0);

	if (count)
		*count = 0;
	if (n != (ssize_t)sizeof(*head) || head->magic != fresh_index.magic || head->version != fresh_index.version ||
	    head->holder_size != fresh_index.holder_size)
		return -EPROTO;
	if (holders) {
		n = pread(fd, holders, STATS_REGISTRY_MAX_HOLDERS * sizeof(*holders), sizeof(*head));
		*count = n > 0 ? (unsigned)((size_t)n / sizeof(*holders)) : 0;
	}
	return 0;
}

/* The offset of holder record i. */
static off_t holder_offset(unsigned i)
{
	return (off_t)(sizeof(struct stats_registry_index) + i * sizeof(struct stats_registry_holder));
}

/* Writes holder record i (flock held): 0 or -EIO. */
static int holder_write(int index, unsigned i, const struct stats_registry_holder *holder)
{
	return pwrite(index, holder, sizeof(*holder), holder_offset(i)) == (ssize_t)sizeof(*holder) ? 0 : -EIO;
}

/* Lists this OS process as holding the registry open as fd (flock held): in a free record, one
 * of an OS process that is gone, or a new one. The record's index, or -1 when there is no room
 * (STATS_REGISTRY_MAX_HOLDERS OS processes hold it) or the write failed: the others then cannot find
 * the registry through this OS process, which changes nothing for this one. */
static int holder_add(int index, const struct stats_registry_holder *holders, unsigned count, int fd)
{
	struct stats_registry_holder me = { .pid = (uint32_t)getpid(), .fd = fd };
	unsigned i;

	me.start = stats_registry_process_start(me.pid);
	for (i = 0; i < count; i++)
		if (!holders[i].pid || !stats_registry_owner_alive(holders[i].pid, holders[i].start))
			break;
	return i < STATS_REGISTRY_MAX_HOLDERS && !holder_write(index, i, &me) ? (int)i : -1;
}

/* ---- the registry ----------------------------------------------------------------------------- */

/* Maps fd (a registry of device: sealed, of the layout's size, its header this layout's) into
 * registry, which takes fd; 0, or -EPROTO (fd is then the caller's still). */
static int attach(int fd, const char *device, struct stats_registry *registry)
{
	size_t size = stats_registry_file_size();
	int seals = fcntl(fd, F_GET_SEALS);
	const struct stats_registry_header *h;
	struct stat st;
	void *base;

	if (seals < 0 || (seals & STATS_REGISTRY_SEALS) != STATS_REGISTRY_SEALS ||
	    (seals & (F_SEAL_WRITE | F_SEAL_FUTURE_WRITE)) || fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size != size)
		return -EPROTO;
	base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED)
		return -EPROTO;
	h = base;
	if (h->magic != STATS_REGISTRY_MAGIC || h->version != STATS_REGISTRY_VERSION ||
	    h->header_size != sizeof(struct stats_registry_header) ||
	    h->max_processes != STATS_REGISTRY_MAX_PROCESSES || h->max_threads != STATS_REGISTRY_MAX_THREADS ||
	    h->samples != STATS_REGISTRY_SAMPLES || h->file_size != size ||
	    strncmp(h->device, device, STATS_REGISTRY_DEVICE_SIZE)) {
		munmap(base, size);
		return -EPROTO;
	}
	carve(registry, base, size);
	registry->fd = fd;
	snprintf(registry->device, sizeof(registry->device), "%s", device);
	return 0;
}

/* Opens and maps the registry a holder of the index holds: 0, or nonzero when it is gone or is
 * not a registry of device (whatever the record names is checked: anyone may write the index). */
static int attach_holder(const struct stats_registry_holder *holder, const char *device,
			 struct stats_registry *registry)
{
	struct stat st;
	char path[64];
	int fd;

	if (!holder->pid || holder->fd < 0 || !stats_registry_owner_alive(holder->pid, holder->start))
		return -ENOENT;
	snprintf(path, sizeof(path), "/proc/%u/fd/%d", (unsigned)holder->pid, (int)holder->fd);
	/* The descriptor may name anything now (its pid reused, or a record made up): only a regular
	 * file is opened (a device could act on being opened), and a FIFO swapped in meanwhile would
	 * not block. */
	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return -ENOENT;
	fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return -errno;
	if (attach(fd, device, registry)) {
		close(fd);
		return -EPROTO;
	}
	return 0;
}

/* Makes device's registry: a sealed anonymous file with its header, mapped into registry. */
static int create(const char *device, uint32_t default_control, struct stats_registry *registry)
{
	struct stats_registry_header header = {
		.magic = STATS_REGISTRY_MAGIC,
		.version = STATS_REGISTRY_VERSION,
		.header_size = sizeof(struct stats_registry_header),
		.max_processes = STATS_REGISTRY_MAX_PROCESSES,
		.max_threads = STATS_REGISTRY_MAX_THREADS,
		.samples = STATS_REGISTRY_SAMPLES,
		.name_size = STATS_REGISTRY_NAME_SIZE,
		.file_size = stats_registry_file_size(),
		.next_process_id = 1,
		.default_control = default_control,
	};
	char name[STATS_REGISTRY_DEVICE_SIZE + 32];
	int fd, rc = 0;

	snprintf(header.device, sizeof(header.device), "%s", device);
	snprintf(name, sizeof(name), "openflexio-stats-%s", device);
	fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (fd < 0)
		return -errno;
	if (ftruncate(fd, (off_t)header.file_size) || fcntl(fd, F_ADD_SEALS, STATS_REGISTRY_SEALS))
		rc = -errno;
	else if (pwrite(fd, &header, sizeof(header), 0) != (ssize_t)sizeof(header))
		rc = -EIO;
	else
		rc = attach(fd, device, registry);
	if (rc)
		close(fd);
	return rc;
}

int stats_registry_map(const char *device, struct stats_registry *registry)
{
	struct stats_registry_holder *holders;
	struct stats_registry_index head;
	unsigned count, i;
	int index, rc;

	memset(registry, 0, sizeof(*registry));
	registry->fd = registry->holder = -1;
	if (!stats_registry_device_name_valid(device))
		return -EINVAL;
	holders = malloc(STATS_REGISTRY_MAX_HOLDERS * sizeof(*holders));
	if (!holders)
		return -ENOMEM;
	index = index_lock(device);
	rc = index < 0 ? index : index_read(index, &head, holders, &count);
	if (!rc) {
		/* A holder's registry, else a new one (the first holder, or all of them gone). */
		rc = -ENOENT;
		for (i = 0; i < count && rc; i++)
			rc = attach_holder(&holders[i], device, registry);
		if (rc)
			rc = create(device, head.default_control, registry);
		if (!rc)
			registry->holder = holder_add(index, holders, count, registry->fd);
	}
	if (index >= 0)
		index_unlock(index);
	free(holders);
	return rc;
}

void stats_registry_unmap(struct stats_registry *registry)
{
	struct stats_registry_holder record;
	struct stats_registry_index head;
	int index;

	if (!registry->header)
		return;
	/* Off the index while it still lists it (not when another program damaged or truncated it
	 * meanwhile): nobody tries this descriptor any more. */
	index = registry->holder >= 0 ? index_lock(registry->device) : -1;
	if (index >= 0 && !index_read(index, &head, NULL, NULL) &&
	    pread(index, &record, sizeof(record), holder_offset((unsigned)registry->holder)) ==
		    (ssize_t)sizeof(record) &&
	    record.pid == (uint32_t)getpid() && record.fd == registry->fd)
		holder_write(index, (unsigned)registry->holder, &(struct stats_registry_holder){ .pid = 0 });
	if (index >= 0)
		index_unlock(index);
	munmap(registry->header, registry->size);
	close(registry->fd);
	memset(registry, 0, sizeof(*registry));
	registry->fd = registry->holder = -1;
}

int stats_registry_default_save(const struct stats_registry *registry, uint32_t control)
{
	struct stats_registry_index head;
	int index = index_lock(registry->device), rc = index < 0 ? index : index_read(index, &head, NULL, NULL);

	if (!rc) {
		head.default_control = control;
		if (pwrite(index, &head, sizeof(head), 0) != (ssize_t)sizeof(head))
			rc = -EIO;
	}
	if (index >= 0)
		index_unlock(index);
	return rc;
}

uint64_t stats_registry_process_start(uint32_t pid)
{
	char path[64], text[1024];
	unsigned long long start = 0;
	const char *after_name;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%u/stat", (unsigned)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	text[n] = '\0';
	/* The command name (field 2) may hold spaces and parentheses: count fields after the last ')'. */
	after_name = strrchr(text, ')');
	if (!after_name)
		return 0;
	/* Fields 3..22 follow: skip 19 of them, then read the 20th (starttime). */
	if (sscanf(after_name + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
		   &start) != 1)
		return 0;
	return start;
}

bool stats_registry_owner_alive(uint32_t pid, uint64_t start)
{
	uint64_t now;

	if (!pid || (kill((pid_t)pid, 0) && errno == ESRCH))
		return false;
	/* A pid that was reused since: another process, started later. */
	now = stats_registry_process_start(pid);
	return !start || !now || now == start;
}

void stats_registry_thread_name_set(struct stats_registry_thread *thread, const char *name)
{
	size_t len = name ? strnlen(name, STATS_REGISTRY_NAME_SIZE - 1) : 0;

	atomic_fetch_add_explicit(&thread->name_seq, 1, memory_order_acq_rel);
	for (size_t i = 0; i < STATS_REGISTRY_NAME_SIZE; i++)
		__atomic_store_n(&thread->name[i], i < len ? name[i] : '\0', __ATOMIC_RELAXED);
	atomic_fetch_add_explicit(&thread->name_seq, 1, memory_order_release);
}

void stats_registry_thread_name_get(struct stats_registry_thread *thread, char name[STATS_REGISTRY_NAME_SIZE])
{
	for (int tries = 0; tries < 64; tries++) {
		uint32_t before = atomic_load_explicit(&thread->name_seq, memory_order_acquire);

		for (size_t i = 0; i < STATS_REGISTRY_NAME_SIZE; i++)
			name[i] = __atomic_load_n(&thread->name[i], __ATOMIC_RELAXED);
		atomic_thread_fence(memory_order_acquire);
		if (!(before & 1) && atomic_load_explicit(&thread->name_seq, memory_order_relaxed) == before)
			break;
	}
	name[STATS_REGISTRY_NAME_SIZE - 1] = '\0';
}
