/*
 * The statistics registry file of a simulated device (layout and rules in sim_stats_registry.h):
 * its path, creation, mapping, and whether the OS process owning a slot still runs. Shared by
 * the writers (libflexio's simulated provider) and the readers (libdpa_stats).
 */
#include "sim_stats_registry.h"

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

#define SIM_STATS_DIR_ENV "FLEXIO_SIM_STATS_DIR"
#define SIM_STATS_DEFAULT_DIR "/dev/shm"

size_t sim_stats_file_size(void)
{
	size_t size = sizeof(struct sim_stats_header);

	size = (size + 63) & ~(size_t)63;
	size += SIM_STATS_MAX_PROCESSES * sizeof(struct sim_stats_process);
	size += SIM_STATS_MAX_THREADS * sizeof(struct sim_stats_thread);
	size = (size + 63) & ~(size_t)63;
	size += (size_t)SIM_STATS_MAX_PROCESSES * SIM_STATS_SAMPLES * sizeof(struct sim_stats_sample);
	return (size + 4095) & ~(size_t)4095;
}

bool sim_stats_device_name_valid(const char *device)
{
	size_t length = device ? strnlen(device, SIM_STATS_DEVICE_SIZE) : 0;

	if (!length || length >= SIM_STATS_DEVICE_SIZE || !isalpha((unsigned char)device[0]))
		return false;
	for (size_t i = 0; i < length; i++)
		if (!isalnum((unsigned char)device[i]) && !strchr("_-.", device[i]))
			return false;
	return true;
}

int sim_stats_path(const char *device, char *path, size_t size)
{
	const char *dir = getenv(SIM_STATS_DIR_ENV);
	int n;

	if (!dir || !*dir)
		dir = SIM_STATS_DEFAULT_DIR;
	n = snprintf(path, size, "%s/openflexio-%s-%u", dir, device, (unsigned)getuid());
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static void carve(struct sim_stats_registry *r, void *base, size_t size)
{
	char *at = base;
	size_t offset = (sizeof(struct sim_stats_header) + 63) & ~(size_t)63;

	r->header = base;
	r->processes = (struct sim_stats_process *)(at + offset);
	offset += SIM_STATS_MAX_PROCESSES * sizeof(struct sim_stats_process);
	r->threads = (struct sim_stats_thread *)(at + offset);
	offset += SIM_STATS_MAX_THREADS * sizeof(struct sim_stats_thread);
	offset = (offset + 63) & ~(size_t)63;
	r->samples = (struct sim_stats_sample *)(at + offset);
	r->size = size;
}

/* The creator's part, under the file's flock: size the file and write the header once. */
static int initialise(int fd, const char *device, size_t size)
{
	struct sim_stats_header header = {
		.magic = SIM_STATS_MAGIC,
		.version = SIM_STATS_VERSION,
		.header_size = sizeof(struct sim_stats_header),
		.max_processes = SIM_STATS_MAX_PROCESSES,
		.max_threads = SIM_STATS_MAX_THREADS,
		.samples = SIM_STATS_SAMPLES,
		.name_size = SIM_STATS_NAME_SIZE,
		.file_size = size,
		.next_process_id = 1,
		.default_control = SIM_STATS_CONTROL(SIM_STATS_INACTIVE, 0),
	};
	struct stat st;

	if (fstat(fd, &st))
		return -errno;
	if (st.st_size != 0)
		return 0; /* made by another OS process: checked by the caller once mapped */
	snprintf(header.device, sizeof(header.device), "%s", device);
	if (ftruncate(fd, (off_t)size))
		return -errno;
	if (pwrite(fd, &header, sizeof(header), 0) != (ssize_t)sizeof(header))
		return errno ? -errno : -EIO;
	return 0;
}

int sim_stats_map(const char *device, bool create, struct sim_stats_registry *registry)
{
	size_t size = sim_stats_file_size();
	char path[4096];
	struct stat st;
	void *base;
	int fd, rc;

	if (!sim_stats_device_name_valid(device))
		return -EINVAL;
	rc = sim_stats_path(device, path, sizeof(path));
	if (rc)
		return rc;
	fd = open(path, O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0600);
	if (fd < 0)
		return -errno;
	/* Writers and readers may race to create it: one initialises, the others wait here. */
	if (flock(fd, LOCK_EX)) {
		rc = -errno;
		close(fd);
		return rc;
	}
	rc = initialise(fd, device, size);
	if (!rc && fstat(fd, &st))
		rc = -errno;
	flock(fd, LOCK_UN);
	if (!rc && (size_t)st.st_size != size)
		rc = -EPROTO; /* another layout's file */
	if (rc) {
		close(fd);
		return rc;
	}
	base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	rc = base == MAP_FAILED ? -errno : 0;
	close(fd);
	if (rc)
		return rc;
	carve(registry, base, size);
	if (registry->header->magic != SIM_STATS_MAGIC || registry->header->version != SIM_STATS_VERSION ||
	    registry->header->header_size != sizeof(struct sim_stats_header) ||
	    registry->header->max_processes != SIM_STATS_MAX_PROCESSES ||
	    registry->header->max_threads != SIM_STATS_MAX_THREADS || registry->header->samples != SIM_STATS_SAMPLES ||
	    registry->header->file_size != size) {
		sim_stats_unmap(registry);
		return -EPROTO;
	}
	return 0;
}

void sim_stats_unmap(struct sim_stats_registry *registry)
{
	if (registry->header)
		munmap(registry->header, registry->size);
	memset(registry, 0, sizeof(*registry));
}

uint64_t sim_stats_process_start(uint32_t pid)
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

bool sim_stats_owner_alive(uint32_t pid, uint64_t start)
{
	uint64_t now;

	if (!pid || (kill((pid_t)pid, 0) && errno == ESRCH))
		return false;
	/* A pid that was reused since: another process, started later. */
	now = sim_stats_process_start(pid);
	return !start || !now || now == start;
}
