/*
 * rdma-core behind the simulator: its entry points (with the symbol versions programs bind
 * to) and the recognition of its objects, so that a foreign pointer is refused instead of
 * handed to rdma-core.
 */
#include "verbs_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

const struct verbs_entry_info verbs_entries[VERBS_ENTRY_COUNT] = {
#define VERBS_GENERIC(ret, name, version, params, args, kind, handle, fail) \
	[VERBS_E_##name] = { #name, #version, (void *)&name },
#define VERBS_GENERIC_VOID(name, version, params, args, kind, handle) \
	[VERBS_E_##name] = { #name, #version, (void *)&name },
#define VERBS_CUSTOM(name, version) [VERBS_E_##name] = { #name, #version, (void *)&name },
#define VERBS_PRIVATE(name) [VERBS_E_##name] = { #name, "FLEXIO_VERBS_PRIVATE", (void *)&name },
#include "entries.h"
#undef VERBS_GENERIC
#undef VERBS_GENERIC_VOID
#undef VERBS_CUSTOM
#undef VERBS_PRIVATE
};

static void *real_entries[VERBS_ENTRY_COUNT];
static pthread_once_t real_once = PTHREAD_ONCE_INIT;

/*
 * The definition a real object's call goes to: the next one after this library in the lookup
 * order (what this library interposes, or a stand-in placed between it and rdma-core), unless
 * that is nothing or another copy of the simulator (libibverbs bound before us, or both
 * libflexio and libflexio_verbs loaded): then rdma-core's own, from its library.
 */
static void resolve(void)
{
	void *ibverbs = dlopen("libibverbs.so.1", RTLD_LAZY | RTLD_NOLOAD);
	void *mlx5 = dlopen("libmlx5.so.1", RTLD_LAZY | RTLD_NOLOAD);

	for (int e = 0; e < VERBS_ENTRY_COUNT; e++) {
		const struct verbs_entry_info *info = &verbs_entries[e];
		void *library = !strncmp(info->version, "IBVERBS_", 8) ? ibverbs
				: !strncmp(info->version, "MLX5_", 5)  ? mlx5
								       : NULL;
		void *next;

		if (!library)
			continue; /* the private API has no rdma-core counterpart */
		next = dlvsym(RTLD_NEXT, info->name, info->version);
		if (!next || verbs_object_is_simulator(verbs_object_of(next)))
			next = dlvsym(library, info->name, info->version);
		real_entries[e] = next;
	}
	/* the handles stay open: rdma-core stays loaded as long as we are */
}

void *verbs_real(enum verbs_entry entry)
{
	pthread_once(&real_once, resolve);
	return real_entries[entry];
}

/* Real objects are looked up without verbs_lock (forwarded calls may take long); their own
 * lock keeps these sets consistent. */
static pthread_mutex_t real_lock = PTHREAD_MUTEX_INITIALIZER;
static struct verbs_map real_devices; /* every device rdma-core has listed */
static struct verbs_map remembered;   /* real objects that carry no owner, by kind (tag) */

static bool listed; /* rdma-core's device list was read at least once */

void real_devices_learn(struct ibv_device **list)
{
	pthread_mutex_lock(&real_lock);
	/* out of memory only makes a real device look foreign: refused, not a crash */
	for (; list && *list; list++)
		verbs_map_put(&real_devices, (uintptr_t)*list, *list, 0);
	pthread_mutex_unlock(&real_lock);
}

void real_devices_listed(void)
{
	__atomic_store_n(&listed, true, __ATOMIC_RELEASE);
}

/*
 * A program may hold real devices it listed before the simulator could see it (in a
 * constructor that ran before the redirection, say): before calling a pointer foreign for
 * want of real devices, read rdma-core's list once.
 */
static void list_once(void)
{
	__typeof__(&ibv_get_device_list) get = VERBS_REAL(ibv_get_device_list);
	__typeof__(&ibv_free_device_list) put = VERBS_REAL(ibv_free_device_list);
	int saved_errno = errno;
	struct ibv_device **list;

	if (__atomic_load_n(&listed, __ATOMIC_ACQUIRE) || !get || !put)
		return;
	real_devices_listed();
	list = get(NULL);
	real_devices_learn(list);
	if (list)
		put(list); /* rdma-core keeps its devices while they exist */
	errno = saved_errno;
}

static bool device_known(const struct ibv_device *device)
{
	bool known;

	pthread_mutex_lock(&real_lock);
	known = verbs_map_find(&real_devices, (uintptr_t)device) != NULL;
	pthread_mutex_unlock(&real_lock);
	return known;
}

bool real_is_device(const struct ibv_device *device)
{
	if (device_known(device))
		return true;
	list_once();
	return device_known(device);
}

bool real_any_device(void)
{
	bool any;

	list_once();
	pthread_mutex_lock(&real_lock);
	any = real_devices.used != 0;
	pthread_mutex_unlock(&real_lock);
	return any;
}

/*
 * Reads a pointer inside an object the program passed, without faulting when the pointer is
 * garbage: process_vm_readv on ourselves fails with EFAULT instead.  Where a sandbox forbids
 * the call, the pointer cannot be checked and is trusted (*trusted set).
 */
static bool read_pointer(const void *object, size_t offset, void **value, bool *trusted)
{
	struct iovec local = { .iov_base = value, .iov_len = sizeof(*value) };
	struct iovec remote = { .iov_base = (char *)object + offset, .iov_len = sizeof(*value) };
	int saved_errno = errno;
	ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);

	*trusted = n < 0 && (errno == ENOSYS || errno == EPERM);
	errno = saved_errno;
	return n == (ssize_t)sizeof(*value);
}

bool real_read_pointer(const void *object, size_t offset, void **value)
{
	bool trusted;

	return read_pointer(object, offset, value, &trusted);
}

bool real_is_context(const struct ibv_context *context)
{
	void *device;
	bool trusted;

	/* without real devices there are no real contexts: no need to look */
	if (!real_any_device())
		return false;
	if (!read_pointer(context, 0, &device, &trusted))
		return trusted;
	return real_is_device(device);
}

bool real_is_owned(const void *object, size_t context_offset)
{
	void *context;
	bool trusted;

	if (!real_any_device())
		return false;
	if (!read_pointer(object, context_offset, &context, &trusted))
		return trusted;
	return real_is_context(context);
}

void real_remember(enum verbs_kind kind, const void *object)
{
	pthread_mutex_lock(&real_lock);
	verbs_map_put(&remembered, (uintptr_t)object, (void *)object, kind);
	pthread_mutex_unlock(&real_lock);
}

bool real_remembered(enum verbs_kind kind, const void *object)
{
	struct verbs_map_slot *slot;
	bool known;

	pthread_mutex_lock(&real_lock);
	slot = verbs_map_find(&remembered, (uintptr_t)object);
	known = slot && slot->tag == (uint32_t)kind;
	pthread_mutex_unlock(&real_lock);
	return known;
}

void real_forget(const void *object)
{
	pthread_mutex_lock(&real_lock);
	verbs_map_remove(&remembered, (uintptr_t)object);
	pthread_mutex_unlock(&real_lock);
}
