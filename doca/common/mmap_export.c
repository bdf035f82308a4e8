/*
 * Exports and imports of memory maps (doca_mmap_export_pci, doca_mmap_export_rdma, 2.2's
 * doca_mmap_export_dpu, 1.x's doca_mmap_export; doca_mmap_create_from_export), across the OS
 * processes of the machine.
 *
 * On NVIDIA's hardware an export names memory the device can reach over PCI or RDMA, and the
 * importer's device reaches it. Here each OS process has its own simulated NIC (inside libflexio),
 * so an importer in another process cannot reach the exporter's memory through its device. The
 * exporting process serves it instead: its first export starts a thread listening on an abstract
 * Unix socket, and a descriptor carries what an importer needs to ask that thread for the memory
 * (the process, the socket's name, the export's number and a random 128-bit token) besides the
 * range, the permissions and, for RDMA, the range's key on the exporting device. The exporter
 * checks every request against its own record of the export: the token, the range, the permissions
 * of the export's kind (PCI: PCI_READ_ONLY / PCI_READ_WRITE, RDMA: RDMA_READ / RDMA_WRITE). Stopping
 * or destroying the map revokes its exports under the lock the service copies under, so that no
 * importer reaches the memory once the call returns (NVIDIA: stop invalidates the maps created
 * from its exports). Neither ptrace rights nor a shared mapping are needed (process_vm_readv is
 * refused between unrelated processes where Yama restricts ptrace, and a program's memory is not
 * shareable after the fact).
 *
 * An import in the exporting process itself reaches the memory directly (a host pointer, and a
 * memory region registered on the importer's device, or for RDMA and DPA memory the exporter's key
 * on its device), as long as the export lives.
 *
 * Descriptors are untrusted bytes (they travel between programs): create_from_export checks the
 * length, magic, version, kind, permissions, range and socket name before anything else, then has
 * the exporter (its service, or this process's registry) confirm the descriptor byte for byte;
 * bytes that fail the checks are DOCA_ERROR_INVALID_VALUE, a descriptor the exporter does not
 * serve (revoked, forged, altered) DOCA_ERROR_NOT_PERMITTED.
 */
#include "doca_mmap.h"
#include "doca_log.h"

#include <errno.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "dev.h"
#include "mmap.h"
#include "private.h"

#define DESC_MAGIC "ODOCAMX"
#define DESC_VERSION 1u
#define ENDPOINT_PREFIX "openflexio-doca-mmap-"
#define ENDPOINT_LEN 64
#define TOKEN_LEN 16

/* The descriptor, in the byte order of the machine (both processes are on it). */
struct desc {
	char magic[8];
	uint32_t version;
	uint32_t size;        /* sizeof(struct desc) */
	uint32_t kind;        /* enum opendoca_export_kind */
	uint32_t mem_kind;    /* enum opendoca_mem_kind of the exported map */
	uint32_t permissions; /* what the export allows (DOCA_ACCESS_FLAG_*) */
	uint32_t key;         /* the range's key on the exporting device */
	uint64_t addr;
	uint64_t len;
	uint64_t export_id;
	int64_t pid;
	uint8_t token[TOKEN_LEN];
	char endpoint[ENDPOINT_LEN];
};

struct opendoca_export {
	struct opendoca_export *next;        /* in the registry */
	struct opendoca_export *next_in_map; /* in the map's list */
	const struct doca_dev *dev;
	bool may_read;
	bool may_write;
	struct desc desc; /* what the program was given */
};

struct opendoca_import {
	struct desc desc;
	struct doca_dev *dev; /* held */
	bool local;           /* the exporter is this process */
	bool may_read;
	bool may_write;
	struct ibv_mr *mr;    /* local host memory, registered on dev */
	pthread_mutex_t lock; /* one request at a time on the connection */
	int fd;
	pid_t fd_pid; /* the process that connected (a forked child connects anew) */
};

/* ---------------------------------------------------------------------------------------------- */
/* Permissions                                                                                    */
/* ---------------------------------------------------------------------------------------------- */

#define PCI_ACCESS (DOCA_ACCESS_FLAG_PCI_READ_ONLY | DOCA_ACCESS_FLAG_PCI_READ_WRITE)
#define RDMA_ACCESS (DOCA_ACCESS_FLAG_RDMA_READ | DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_ATOMIC)

/* What an importer of an export of kind, of a map with permissions, may do. */
static void export_may(uint32_t kind, uint32_t permissions, bool *read, bool *write)
{
	if (kind == OPENDOCA_EXPORT_PCI) {
		*read = permissions & PCI_ACCESS;
		*write = permissions & DOCA_ACCESS_FLAG_PCI_READ_WRITE;
	} else {
		*read = permissions & DOCA_ACCESS_FLAG_RDMA_READ;
		*write = permissions & (DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_ATOMIC);
	}
}

/* ---------------------------------------------------------------------------------------------- */
/* The wire: requests to the exporting process                                                    */
/* ---------------------------------------------------------------------------------------------- */

#define REQUEST_MAGIC 0x4f445251u /* "ODRQ" */
#define REPLY_MAGIC 0x4f445253u   /* "ODRS" */
#define MAX_TRANSFER (1u << 20)   /* bytes per request; larger copies take several */
#define MAX_CLIENTS 64
#define IO_TIMEOUT_SECONDS 5 /* a peer that stops mid-message is dropped */

enum op {
	OP_HELLO = 1, /* is the export served? its range and permissions */
	OP_READ = 2,
	OP_WRITE = 3,
};

struct request {
	uint32_t magic;
	uint32_t op;
	uint64_t export_id;
	uint8_t token[TOKEN_LEN];
	uint64_t addr;
	uint64_t len;
};

/* The reply; a HELLO's is followed by the export's descriptor, a READ's by the bytes read. */
struct reply {
	uint32_t magic;
	int32_t status; /* 0, or an errno value */
	uint64_t len;   /* READ: the bytes that follow */
};

static bool read_full(int fd, void *buf, size_t len)
{
	for (size_t done = 0; done < len;) {
		ssize_t n = recv(fd, (char *)buf + done, len - done, 0);

		if (n > 0)
			done += (size_t)n;
		else if (!n || errno != EINTR)
			return false;
	}
	return true;
}

static bool write_full(int fd, const void *buf, size_t len)
{
	for (size_t done = 0; done < len;) {
		/* MSG_NOSIGNAL: a peer gone is an error here, not SIGPIPE for the program. */
		ssize_t n = send(fd, (const char *)buf + done, len - done, MSG_NOSIGNAL);

		if (n > 0)
			done += (size_t)n;
		else if (n < 0 && errno != EINTR)
			return false;
	}
	return true;
}

static void set_timeouts(int fd)
{
	struct timeval timeout = { .tv_sec = IO_TIMEOUT_SECONDS };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof(timeout));
}

static socklen_t endpoint_address(const char *endpoint, struct sockaddr_un *address)
{
	size_t len = strlen(endpoint);

	memset(address, 0, sizeof(*address));
	address->sun_family = AF_UNIX;
	/* The abstract namespace: no file to clean up, gone with the process. */
	memcpy(address->sun_path + 1, endpoint, len);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + len);
}

/* ---------------------------------------------------------------------------------------------- */
/* The registry of exports and the service                                                        */
/* ---------------------------------------------------------------------------------------------- */

static struct {
	pthread_mutex_t lock; /* the exports, and the service's copies of their memory */
	struct opendoca_export *exports;
	uint64_t next_id;
	bool running;
	pid_t pid; /* the process the service runs in */
	int listen_fd;
	int wake_fd;
	pthread_t thread;
	char endpoint[ENDPOINT_LEN];
	char *bounce; /* the service's staging buffer (MAX_TRANSFER) */
} registry = { .lock = PTHREAD_MUTEX_INITIALIZER, .listen_fd = -1, .wake_fd = -1 };

static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

/* The export of id and token, under the registry lock. */
static struct opendoca_export *find_locked(uint64_t id, const uint8_t *token)
{
	for (struct opendoca_export *e = registry.exports; e; e = e->next)
		if (e->desc.export_id == id && !memcmp(e->desc.token, token, TOKEN_LEN))
			return e;
	return NULL;
}

/* Serves one request of the client on fd; false to drop the client. */
static bool serve_request(int fd)
{
	struct request rq;
	struct reply rp = { .magic = REPLY_MAGIC };
	struct opendoca_export *e;

	if (!read_full(fd, &rq, sizeof(rq)) || rq.magic != REQUEST_MAGIC || rq.op < OP_HELLO || rq.op > OP_WRITE ||
	    rq.len > MAX_TRANSFER)
		return false;
	/* The payload first, outside the lock: a slow client does not hold a stop up. */
	if (rq.op == OP_WRITE && !read_full(fd, registry.bounce, rq.len))
		return false;
	pthread_mutex_lock(&registry.lock);
	e = find_locked(rq.export_id, rq.token);
	if (!e) {
		rp.status = ENOENT;
	} else if (rq.op == OP_HELLO) {
		memcpy(registry.bounce, &e->desc, sizeof(e->desc));
		rp.len = sizeof(e->desc);
	} else if (e->desc.mem_kind != OPENDOCA_MEM_HOST) {
		rp.status = EOPNOTSUPP; /* DPA memory: the NIC reaches it (by its key), not the host */
	} else if (rq.addr < e->desc.addr || rq.addr - e->desc.addr > e->desc.len ||
		   rq.len > e->desc.len - (rq.addr - e->desc.addr)) {
		rp.status = ERANGE;
	} else if (rq.op == OP_READ ? !e->may_read : !e->may_write) {
		rp.status = EPERM;
	} else if (rq.op == OP_READ) {
		memcpy(registry.bounce, (const void *)(uintptr_t)rq.addr, rq.len);
		rp.len = rq.len;
	} else {
		memcpy((void *)(uintptr_t)rq.addr, registry.bounce, rq.len);
	}
	pthread_mutex_unlock(&registry.lock);
	return write_full(fd, &rp, sizeof(rp)) && (!rp.len || write_full(fd, registry.bounce, rp.len));
}

static void *serve(void *arg)
{
	struct pollfd fds[2 + MAX_CLIENTS] = { { .fd = registry.listen_fd, .events = POLLIN },
					       { .fd = registry.wake_fd, .events = POLLIN } };
	int clients = 0;

	(void)arg;
	for (;;) {
		if (poll(fds, (nfds_t)(2 + clients), -1) < 0)
			continue; /* EINTR */
		if (fds[1].revents)
			break;
		if (fds[0].revents & POLLIN) {
			int fd = accept4(registry.listen_fd, NULL, NULL, SOCK_CLOEXEC);

			if (fd >= 0 && clients == MAX_CLIENTS) {
				close(fd);
			} else if (fd >= 0) {
				set_timeouts(fd);
				fds[2 + clients++] = (struct pollfd){ .fd = fd, .events = POLLIN };
			}
		}
		for (int i = clients; i-- > 0;) {
			if (!fds[2 + i].revents)
				continue;
			if (!(fds[2 + i].revents & POLLIN) || !serve_request(fds[2 + i].fd)) {
				close(fds[2 + i].fd);
				fds[2 + i] = fds[2 + --clients];
			}
		}
	}
	while (clients--)
		close(fds[2 + clients].fd);
	return NULL;
}

/* A forked child has no service thread: it starts its own at its first export. */
static void fork_prepare(void)
{
	pthread_mutex_lock(&registry.lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&registry.lock);
}

static void fork_child(void)
{
	pthread_mutex_unlock(&registry.lock);
	if (registry.running) {
		close(registry.listen_fd);
		close(registry.wake_fd);
		registry.listen_fd = registry.wake_fd = -1;
		registry.running = false;
	}
}

static void register_fork_handlers(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* Stops the service when the library goes (dlclose, exit), so that no thread runs its code after. */
__attribute__((destructor)) static void service_stop(void)
{
	uint64_t one = 1;

	if (!registry.running || registry.pid != getpid())
		return;
	if (write(registry.wake_fd, &one, sizeof(one)) == sizeof(one))
		pthread_join(registry.thread, NULL);
}

/* Starts the service of this process if it does not run, under the registry lock. */
static doca_error_t service_start_locked(const char *func)
{
	struct sockaddr_un address;
	uint64_t nonce;
	int error;

	if (registry.running)
		return DOCA_SUCCESS;
	pthread_once(&fork_once, register_fork_handlers);
	if (!registry.bounce && !(registry.bounce = malloc(MAX_TRANSFER)))
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for the export service");
	if (getrandom(&nonce, sizeof(nonce), 0) != sizeof(nonce))
		return opendoca_fail(DOCA_ERROR_DRIVER, func, "no random number for the export service: %s",
				     strerror(errno));
	snprintf(registry.endpoint, sizeof(registry.endpoint), ENDPOINT_PREFIX "%d-%016llx", (int)getpid(),
		 (unsigned long long)nonce);
	registry.listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	registry.wake_fd = eventfd(0, EFD_CLOEXEC);
	if (registry.listen_fd < 0 || registry.wake_fd < 0 ||
	    bind(registry.listen_fd, (struct sockaddr *)&address, endpoint_address(registry.endpoint, &address)) ||
	    listen(registry.listen_fd, 16))
		goto fail;
	error = pthread_create(&registry.thread, NULL, serve, NULL);
	if (error) {
		errno = error;
		goto fail;
	}
	registry.running = true;
	registry.pid = getpid();
	return DOCA_SUCCESS;
fail:
	error = errno;
	if (registry.listen_fd >= 0)
		close(registry.listen_fd);
	if (registry.wake_fd >= 0)
		close(registry.wake_fd);
	registry.listen_fd = registry.wake_fd = -1;
	return opendoca_fail(DOCA_ERROR_DRIVER, func, "the export service of this process did not start: %s",
			     strerror(error));
}

/* ---------------------------------------------------------------------------------------------- */
/* Exporting                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

/* The capability a device needs for an export of kind. */
static doca_error_t device_can(const struct doca_dev *dev, enum opendoca_cap cap, const char *func)
{
	uint8_t supported = 0;
	doca_error_t err = opendoca_devinfo_cap(doca_dev_as_devinfo(dev), cap, &supported, func);

	if (!err && !supported)
		err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "device %p cannot %s", (void *)dev,
				    cap == OPENDOCA_CAP_MMAP_EXPORT_RDMA  ? "export memory for RDMA"
				    : cap == OPENDOCA_CAP_MMAP_EXPORT_PCI ? "export memory over PCI"
									  : "create a memory map from a PCI export");
	return err;
}

/* Checks an export of kind for dev of mmap (under its lock); *key: the range's key on dev. */
static doca_error_t exportable(struct opendoca_mmap *mmap, const struct doca_dev *dev, enum opendoca_export_kind kind,
			       uint32_t *key, const char *func)
{
	void *handle = opendoca_handle_of(&mmap->object);
	bool pci = kind == OPENDOCA_EXPORT_PCI;
	int index = -1;

	if (mmap->from_export)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p was created from an export",
				     handle);
	if (!atomic_load(&mmap->started))
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p is not started", handle);
	if (mmap->kind == OPENDOCA_MEM_DPA ? dev != mmap->dpa->dev : (index = opendoca_mmap_dev_index(mmap, dev)) < 0)
		return opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "device %p is not a device of memory map %p",
				     (void *)dev, handle);
	/* 1.x knows no permission for exports: its exports are readable and writable over PCI. */
	if (!mmap->legacy && !(mmap->permissions & (pci ? PCI_ACCESS : RDMA_ACCESS)))
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "memory map %p has no %s access permission",
				     handle, pci ? "PCI" : "RDMA");
	if (mmap->num_chunks != 1)
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
				     "memory map %p has %u chunks: an export describes one range", handle,
				     mmap->num_chunks);
	if (pci && mmap->kind == OPENDOCA_MEM_DMABUF)
		return opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
				     "memory map %p is a dma-buf: another process cannot reach it", handle);
	*key = index < 0 ? opendoca_mmap_dpa_key(mmap) : mmap->devs[index].mrs[0]->rkey;
	return device_can(dev, pci ? OPENDOCA_CAP_MMAP_EXPORT_PCI : OPENDOCA_CAP_MMAP_EXPORT_RDMA, func);
}

doca_error_t opendoca_mmap_export(struct opendoca_mmap *mmap, const struct doca_dev *dev,
				  enum opendoca_export_kind kind, const void **desc, size_t *desc_len, const char *func)
{
	struct opendoca_export *e = NULL;
	uint32_t key = 0;
	doca_error_t err;

	if (!dev || !desc || !desc_len)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL",
				     !dev    ? "dev"
				     : !desc ? "export_desc"
					     : "export_desc_len");
	pthread_mutex_lock(&mmap->lock);
	err = exportable(mmap, dev, kind, &key, func);
	if (err)
		goto out;
	/* The same descriptor for the same device and kind. */
	for (e = mmap->exports; e; e = e->next_in_map)
		if (e->dev == dev && e->desc.kind == kind)
			goto out;
	e = calloc(1, sizeof(*e));
	if (!e) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory for an export");
		goto out;
	}
	if (getrandom(e->desc.token, TOKEN_LEN, 0) != TOKEN_LEN) {
		err = opendoca_fail(DOCA_ERROR_DRIVER, func, "no random token for the export: %s", strerror(errno));
		goto out;
	}
	memcpy(e->desc.magic, DESC_MAGIC, sizeof(e->desc.magic));
	e->desc.version = DESC_VERSION;
	e->desc.size = sizeof(e->desc);
	e->desc.kind = kind;
	e->desc.mem_kind = mmap->kind;
	e->desc.permissions = mmap->legacy && kind == OPENDOCA_EXPORT_PCI
				      ? mmap->permissions | DOCA_ACCESS_FLAG_PCI_READ_WRITE
				      : mmap->permissions;
	e->desc.key = key;
	e->desc.addr = mmap->chunks[0].addr;
	e->desc.len = mmap->chunks[0].len;
	e->desc.pid = getpid();
	e->dev = dev;
	export_may(kind, e->desc.permissions, &e->may_read, &e->may_write);
	pthread_mutex_lock(&registry.lock);
	err = service_start_locked(func);
	if (!err) {
		e->desc.export_id = ++registry.next_id;
		memcpy(e->desc.endpoint, registry.endpoint, ENDPOINT_LEN);
		e->next = registry.exports;
		registry.exports = e;
	}
	pthread_mutex_unlock(&registry.lock);
	if (err)
		goto out;
	e->next_in_map = mmap->exports;
	mmap->exports = e;
	mmap->exported = true;
out:
	if (!err) {
		*desc = &e->desc;
		*desc_len = sizeof(e->desc);
	} else {
		free(e);
	}
	pthread_mutex_unlock(&mmap->lock);
	return err;
}

void opendoca_mmap_revoke_exports(struct opendoca_mmap *mmap)
{
	struct opendoca_export *e, *next, **link;

	if (!mmap->exports)
		return;
	pthread_mutex_lock(&registry.lock);
	for (e = mmap->exports; e; e = e->next_in_map) {
		for (link = &registry.exports; *link != e; link = &(*link)->next)
			;
		*link = e->next;
	}
	pthread_mutex_unlock(&registry.lock);
	for (e = mmap->exports; e; e = next) {
		next = e->next_in_map;
		free(e);
	}
	mmap->exports = NULL;
}

/* ---------------------------------------------------------------------------------------------- */
/* Importing                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

/* Whether bytes (desc_len of them) are a descriptor this library made; *out a copy. */
static doca_error_t parse(const void *bytes, size_t desc_len, struct desc *out, const char *func)
{
	const char *why = NULL;
	size_t prefix = strlen(ENDPOINT_PREFIX), n;

	if (desc_len != sizeof(*out))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "an export descriptor has %zu bytes: %zu given",
				     sizeof(*out), desc_len);
	memcpy(out, bytes, sizeof(*out));
	n = strnlen(out->endpoint, ENDPOINT_LEN);
	if (memcmp(out->magic, DESC_MAGIC, sizeof(out->magic)))
		why = "not an export descriptor (magic)";
	else if (out->version != DESC_VERSION || out->size != sizeof(*out))
		why = "an export descriptor of another version";
	else if (out->kind != OPENDOCA_EXPORT_PCI && out->kind != OPENDOCA_EXPORT_RDMA)
		why = "an unknown kind of export";
	else if (out->mem_kind != OPENDOCA_MEM_HOST && out->mem_kind != OPENDOCA_MEM_DMABUF &&
		 out->mem_kind != OPENDOCA_MEM_DPA)
		why = "an unknown kind of memory";
	else if (out->permissions & ~opendoca_mmap_access_all())
		why = "undefined permissions";
	else if (!out->len || out->len > UINT64_MAX - out->addr)
		why = "not a memory range";
	else if (out->pid <= 0 || out->pid > INT32_MAX)
		why = "not a process";
	else if (n == ENDPOINT_LEN || n <= prefix || memcmp(out->endpoint, ENDPOINT_PREFIX, prefix) ||
		 strspn(out->endpoint + prefix, "0123456789abcdef-") != n - prefix)
		why = "not an export service";
	if (why)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the export descriptor is %s", why);
	return DOCA_SUCCESS;
}

static void disconnect(struct opendoca_import *import)
{
	if (import->fd >= 0)
		close(import->fd);
	import->fd = -1;
}

/* One request to the exporting process (under the import's lock); *status its answer. */
static bool transact(struct opendoca_import *import, enum op op, uint64_t addr, uint64_t len, void *data,
		     struct reply *rp)
{
	struct request rq = {
		.magic = REQUEST_MAGIC, .op = op, .export_id = import->desc.export_id, .addr = addr, .len = len
	};
	struct sockaddr_un address;

	memcpy(rq.token, import->desc.token, TOKEN_LEN);
	/* A forked child shares its parent's connection: it makes its own. */
	if (import->fd >= 0 && import->fd_pid != getpid())
		disconnect(import);
	if (import->fd < 0) {
		import->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (import->fd < 0)
			return false;
		import->fd_pid = getpid();
		set_timeouts(import->fd);
		if (connect(import->fd, (struct sockaddr *)&address, endpoint_address(import->desc.endpoint, &address)))
			goto broken;
	}
	/* A HELLO reads the descriptor back into data, a READ its bytes (len of them, both). */
	if (!write_full(import->fd, &rq, sizeof(rq)) || (op == OP_WRITE && !write_full(import->fd, data, len)) ||
	    !read_full(import->fd, rp, sizeof(*rp)) || rp->magic != REPLY_MAGIC ||
	    (op != OP_WRITE && !rp->status && (rp->len != len || !read_full(import->fd, data, len))))
		goto broken;
	return true;
broken:
	disconnect(import);
	return false;
}

void opendoca_mmap_import_free(struct opendoca_import *import)
{
	disconnect(import);
	if (import->mr && ibv_dereg_mr(import->mr))
		opendoca_sdk_log(DOCA_LOG_LEVEL_WARNING, "doca_mmap_destroy", "deregistering an import failed: %s",
				 strerror(errno));
	if (import->dev)
		opendoca_dev_release(import->dev);
	pthread_mutex_destroy(&import->lock);
	free(import);
}

/*
 * Whether this process's export of desc still lives, exactly as desc describes it (a descriptor
 * is the export's, byte for byte: one with another range or permissions is refused); *dev its
 * device.
 */
static bool local_export_lives(const struct desc *desc, const struct doca_dev **dev)
{
	struct opendoca_export *e;
	bool same;

	pthread_mutex_lock(&registry.lock);
	e = find_locked(desc->export_id, desc->token);
	same = e && !memcmp(&e->desc, desc, sizeof(*desc));
	if (same && dev)
		*dev = e->dev;
	pthread_mutex_unlock(&registry.lock);
	return same;
}

/* Connects import to its exporter (another process, or this one) and checks the export is served. */
static doca_error_t attach(struct opendoca_import *import, const char *func)
{
	struct desc served;
	struct reply rp;
	bool ok;

	/* This process's service (a forked child's parent's is another process's). */
	pthread_mutex_lock(&registry.lock);
	import->local = import->desc.pid == getpid() && registry.running &&
			!strncmp(import->desc.endpoint, registry.endpoint, ENDPOINT_LEN);
	pthread_mutex_unlock(&registry.lock);
	if (import->local) {
		if (!local_export_lives(&import->desc, NULL))
			return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
					     "this process does not serve the export (revoked, or not its descriptor)");
		if (import->desc.mem_kind != OPENDOCA_MEM_HOST)
			return DOCA_SUCCESS;
		import->mr = ibv_reg_mr(opendoca_dev_ibv_pd(import->dev), (void *)(uintptr_t)import->desc.addr,
					import->desc.len, import->may_write ? IBV_ACCESS_LOCAL_WRITE : 0);
		if (!import->mr)
			return opendoca_fail(DOCA_ERROR_DRIVER, func,
					     "registering the exported memory with device %p failed: %s",
					     (void *)import->dev, strerror(errno));
		return DOCA_SUCCESS;
	}
	pthread_mutex_lock(&import->lock);
	ok = transact(import, OP_HELLO, 0, sizeof(served), &served, &rp);
	pthread_mutex_unlock(&import->lock);
	if (!ok)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				     "the exporting process (%lld) does not answer at %s: gone, or not this machine's",
				     (long long)import->desc.pid, import->desc.endpoint);
	if (rp.status)
		return opendoca_fail(
			DOCA_ERROR_NOT_PERMITTED, func,
			"the exporting process (%lld) does not serve this export (revoked, or a forged token)",
			(long long)import->desc.pid);
	if (memcmp(&served, &import->desc, sizeof(served)))
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				     "the export descriptor is not the one the exporting process gave");
	return DOCA_SUCCESS;
}

doca_error_t opendoca_mmap_import(const char *name, const union doca_data *user_data, const void *bytes,
				  size_t desc_len, struct doca_dev *dev, struct doca_mmap **handle, const char *func)
{
	struct opendoca_import *import;
	struct opendoca_mmap *mmap;
	struct desc desc;
	doca_error_t err;

	if (!handle || !bytes)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", handle ? "export_desc" : "mmap");
	err = parse(bytes, desc_len, &desc, func);
	if (err)
		return err;
	err = opendoca_dev_hold(dev, func);
	if (err)
		return err;
	if (desc.kind == OPENDOCA_EXPORT_PCI) {
		err = device_can(dev, OPENDOCA_CAP_MMAP_CREATE_FROM_EXPORT_PCI, func);
		if (err) {
			opendoca_dev_release(dev);
			return err;
		}
	}
	import = calloc(1, sizeof(*import));
	if (!import) {
		opendoca_dev_release(dev);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	}
	import->desc = desc;
	import->dev = dev;
	import->fd = -1;
	pthread_mutex_init(&import->lock, NULL);
	export_may(desc.kind, desc.permissions, &import->may_read, &import->may_write);
	err = attach(import, func);
	if (err) {
		opendoca_mmap_import_free(import);
		return err;
	}
	mmap = opendoca_mmap_alloc(false, name, user_data, func);
	if (!mmap) {
		opendoca_mmap_import_free(import);
		return DOCA_ERROR_NO_MEMORY;
	}
	mmap->chunks = calloc(1, sizeof(*mmap->chunks));
	if (!mmap->chunks) {
		opendoca_mmap_import_free(import);
		opendoca_mmap_discard(mmap);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "out of memory");
	}
	mmap->chunks[0] = (struct opendoca_mmap_chunk){ .addr = desc.addr, .len = desc.len };
	mmap->num_chunks = 1;
	mmap->kind = OPENDOCA_MEM_IMPORTED;
	mmap->permissions = desc.permissions;
	mmap->import = import;
	mmap->from_export = true;
	/* Created started: buffers come at once; it never stops (it goes with destroy). */
	mmap->ever_started = true;
	atomic_store(&mmap->started, true);
	return opendoca_mmap_open(mmap, handle, func);
}

doca_error_t opendoca_mmap_import_reach(struct opendoca_import *import, const struct doca_dev *dev, uint64_t addr,
					size_t len, struct opendoca_reach *reach, const char *func)
{
	const struct doca_dev *exporter_dev = NULL;

	(void)len;
	*reach = (struct opendoca_reach){ .readable = import->may_read, .writable = import->may_write };
	if (!import->local) {
		reach->remote = true;
		return DOCA_SUCCESS;
	}
	if (!local_export_lives(&import->desc, &exporter_dev))
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the export of this memory map was revoked");
	if (import->desc.mem_kind == OPENDOCA_MEM_HOST)
		reach->host = (void *)(uintptr_t)addr;
	if (!dev)
		return DOCA_SUCCESS;
	/*
	 * A PCI import reaches the memory through its own region on its device; an RDMA import, and
	 * any import from the exporting device, by the exporter's key (an RDMA peer's rkey).
	 */
	if (import->mr && dev == import->dev && import->desc.kind == OPENDOCA_EXPORT_PCI)
		reach->mkey = import->mr->lkey;
	else if (dev == exporter_dev)
		reach->mkey = import->desc.key;
	else if (import->mr && dev == import->dev)
		reach->mkey = import->mr->lkey;
	else
		return opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "device %p reaches no key of this memory map",
				     (void *)dev);
	return DOCA_SUCCESS;
}

bool opendoca_mmap_import_rkey(const struct opendoca_import *import, uint32_t *key)
{
	if (import->desc.kind != OPENDOCA_EXPORT_RDMA)
		return false;
	*key = import->desc.key;
	return true;
}

/* ---------------------------------------------------------------------------------------------- */
/* Copies through the exporting process (DOCA_PRIVATE)                                            */
/* ---------------------------------------------------------------------------------------------- */

static doca_error_t remote_copy(struct opendoca_mmap *mmap, enum op op, uint64_t addr, void *data, size_t len,
				const char *func)
{
	struct opendoca_import *import = mmap->import;
	void *handle = opendoca_handle_of(&mmap->object);
	doca_error_t err = DOCA_SUCCESS;
	struct reply rp;

	if (mmap->kind != OPENDOCA_MEM_IMPORTED || import->local)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				     "memory map %p is not another process's memory (reach it directly)", handle);
	if (!opendoca_mmap_holds(mmap, addr, len))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "[%#lx, +%zu) is outside memory map %p",
				     (unsigned long)addr, len, handle);
	if (op == OP_READ ? !import->may_read : !import->may_write)
		return opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the export of memory map %p does not allow %s",
				     handle, op == OP_READ ? "reads" : "writes");
	pthread_mutex_lock(&import->lock);
	for (size_t done = 0; done < len && !err;) {
		size_t piece = len - done < MAX_TRANSFER ? len - done : MAX_TRANSFER;

		if (!transact(import, op, addr + done, piece, (char *)data + done, &rp))
			err = opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, func,
					    "the exporting process (%lld) of memory map %p is gone",
					    (long long)import->desc.pid, handle);
		else if (rp.status == ENOENT)
			err = opendoca_fail(DOCA_ERROR_CONNECTION_ABORTED, func,
					    "the exporting process revoked the export of memory map %p", handle);
		else if (rp.status == EOPNOTSUPP)
			err = opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func,
					    "memory map %p is DPA memory: the exporting process cannot copy it",
					    handle);
		else if (rp.status)
			err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the exporting process refused: %s",
					    strerror(rp.status));
		done += piece;
	}
	pthread_mutex_unlock(&import->lock);
	return err;
}

doca_error_t opendoca_mmap_remote_read(struct opendoca_mmap *mmap, uint64_t addr, void *dst, size_t len,
				       const char *func)
{
	return remote_copy(mmap, OP_READ, addr, dst, len, func);
}

doca_error_t opendoca_mmap_remote_write(struct opendoca_mmap *mmap, uint64_t addr, const void *src, size_t len,
					const char *func)
{
	return remote_copy(mmap, OP_WRITE, addr, (void *)src, len, func);
}

/* ---------------------------------------------------------------------------------------------- */
/* The newest forms                                                                               */
/* ---------------------------------------------------------------------------------------------- */

doca_error_t opendoca_mmap_export_form(struct doca_mmap *handle, const struct doca_dev *dev,
				       enum opendoca_export_kind kind, const void **desc, size_t *desc_len,
				       const char *func)
{
	struct opendoca_mmap *mmap = opendoca_mmap_get(handle, func);
	doca_error_t err;

	if (!mmap)
		return DOCA_ERROR_INVALID_VALUE;
	err = opendoca_mmap_export(mmap, dev, kind, desc, desc_len, func);
	opendoca_mmap_put(mmap);
	return err;
}

doca_error_t doca_mmap_export_pci(struct doca_mmap *mmap, const struct doca_dev *dev, const void **export_desc,
				  size_t *export_desc_len)
{
	return opendoca_mmap_export_form(mmap, dev, OPENDOCA_EXPORT_PCI, export_desc, export_desc_len, __func__);
}

doca_error_t doca_mmap_export_rdma(struct doca_mmap *mmap, const struct doca_dev *dev, const void **export_desc,
				   size_t *export_desc_len)
{
	return opendoca_mmap_export_form(mmap, dev, OPENDOCA_EXPORT_RDMA, export_desc, export_desc_len, __func__);
}

doca_error_t doca_mmap_create_from_export(const union doca_data *user_data, const void *export_desc,
					  size_t export_desc_len, struct doca_dev *dev, struct doca_mmap **mmap)
{
	return opendoca_mmap_import(NULL, user_data, export_desc, export_desc_len, dev, mmap, __func__);
}
