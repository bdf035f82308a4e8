/* Files that crash data and core dumps are written to (dump_file.h). */
#include "dump_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

int dump_file_open(const char *outfile, const char *kind, uint32_t id, char *path, size_t size)
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

bool dump_file_write(int fd, const void *buf, size_t size, uint64_t offset)
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
