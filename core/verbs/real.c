/*
 * rdma-core behind the simulator: its entry points (the next definitions after this library
 * in the lookup order, with the symbol versions programs bind to) and the recognition of its
 * objects, so that a foreign pointer is refused instead of handed to rdma-core.
 */
#include "verbs_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <sys/uio.h>
#include <unistd.h>

static struct real_verbs real;
static pthread_once_t real_once = PTHREAD_ONCE_INIT;

#define RESOLVE(member, symbol, version) \
	(*(void **)&real.member = dlvsym(RTLD_NEXT, symbol, version))

static void resolve(void)
{
	RESOLVE(get_device_list, "ibv_get_device_list", "IBVERBS_1.1");
	RESOLVE(free_device_list, "ibv_free_device_list", "IBVERBS_1.1");
	RESOLVE(get_device_name, "ibv_get_device_name", "IBVERBS_1.1");
	RESOLVE(get_device_guid, "ibv_get_device_guid", "IBVERBS_1.1");
	RESOLVE(open_device, "ibv_open_device", "IBVERBS_1.1");
	RESOLVE(close_device, "ibv_close_device", "IBVERBS_1.1");
	RESOLVE(query_device, "ibv_query_device", "IBVERBS_1.1");
	RESOLVE(alloc_pd, "ibv_alloc_pd", "IBVERBS_1.1");
	RESOLVE(dealloc_pd, "ibv_dealloc_pd", "IBVERBS_1.1");
	RESOLVE(reg_mr, "ibv_reg_mr", "IBVERBS_1.1");
	RESOLVE(reg_mr_iova, "ibv_reg_mr_iova", "IBVERBS_1.7");
	RESOLVE(reg_mr_iova2, "ibv_reg_mr_iova2", "IBVERBS_1.8");
	RESOLVE(dereg_mr, "ibv_dereg_mr", "IBVERBS_1.1");
	RESOLVE(devx_alloc_uar, "mlx5dv_devx_alloc_uar", "MLX5_1.7");
	RESOLVE(devx_free_uar, "mlx5dv_devx_free_uar", "MLX5_1.7");
}

const struct real_verbs *real_verbs(void)
{
	pthread_once(&real_once, resolve);
	return &real;
}

/*
 * The simulator only answers calls that bind to it: when libibverbs comes first in the lookup
 * order (linked before this library, or this library dlopen'ed), the program's rdma-core
 * calls never reach us.  Say so once at load time rather than let mlx5_sim0 silently vanish.
 */
__attribute__((constructor)) static void check_lookup_order(void)
{
	void *bound = dlvsym(RTLD_DEFAULT, "ibv_get_device_list", "IBVERBS_1.1");
	Dl_info bound_in, self;

	if (!bound || !dladdr(bound, &bound_in) || !dladdr((void *)check_lookup_order, &self))
		return;
	if (bound_in.dli_fbase != self.dli_fbase)
		sim_warn("libflexio_verbs",
			 "libibverbs precedes libflexio_verbs in the symbol lookup order, so rdma-core "
			 "calls bypass the simulated devices: link -lflexio_verbs before -libverbs or "
			 "set LD_PRELOAD=libflexio_verbs.so.1");
}

/* Real objects are looked up without sim_lock (forwarded calls may take long); their own
 * lock keeps these sets consistent. */
static pthread_mutex_t real_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sim_map real_devices; /* every device rdma-core has listed */
static struct sim_map real_uars;    /* devx UARs rdma-core allocated and did not free yet */

void real_devices_learn(struct ibv_device **list)
{
	pthread_mutex_lock(&real_lock);
	/* out of memory only makes a real device look foreign: refused, not a crash */
	for (; list && *list; list++)
		sim_map_put(&real_devices, (uintptr_t)*list, *list, 0);
	pthread_mutex_unlock(&real_lock);
}

bool real_is_device(const struct ibv_device *device)
{
	bool known;

	pthread_mutex_lock(&real_lock);
	known = sim_map_find(&real_devices, (uintptr_t)device) != NULL;
	pthread_mutex_unlock(&real_lock);
	return known;
}

static bool any_real_device(void)
{
	bool any;

	pthread_mutex_lock(&real_lock);
	any = real_devices.used != 0;
	pthread_mutex_unlock(&real_lock);
	return any;
}

/*
 * Reads the first pointer of an object the program passed, without faulting when the pointer
 * is garbage: process_vm_readv on ourselves fails with EFAULT instead.  Where a sandbox forbids
 * the call, the pointer cannot be checked and is trusted (*trusted set).
 */
static bool read_first_pointer(const void *object, void **first, bool *trusted)
{
	struct iovec local = {.iov_base = first, .iov_len = sizeof(*first)};
	struct iovec remote = {.iov_base = (void *)object, .iov_len = sizeof(*first)};
	int saved_errno = errno;
	ssize_t n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);

	*trusted = n < 0 && (errno == ENOSYS || errno == EPERM);
	errno = saved_errno;
	return n == (ssize_t)sizeof(*first);
}

bool real_is_context(const struct ibv_context *context)
{
	void *device;
	bool trusted;

	/* without real devices there are no real contexts: no need to look */
	if (!any_real_device())
		return false;
	if (!read_first_pointer(context, &device, &trusted))
		return trusted;
	return real_is_device(device);
}

bool real_is_owned(const void *pd_or_mr)
{
	void *context;
	bool trusted;

	if (!any_real_device())
		return false;
	if (!read_first_pointer(pd_or_mr, &context, &trusted))
		return trusted;
	return real_is_context(context);
}

void real_uar_learn(const struct mlx5dv_devx_uar *uar)
{
	pthread_mutex_lock(&real_lock);
	sim_map_put(&real_uars, (uintptr_t)uar, (void *)uar, 0);
	pthread_mutex_unlock(&real_lock);
}

bool real_uar_known(const struct mlx5dv_devx_uar *uar)
{
	bool known;

	pthread_mutex_lock(&real_lock);
	known = sim_map_find(&real_uars, (uintptr_t)uar) != NULL;
	pthread_mutex_unlock(&real_lock);
	return known;
}

void real_uar_forget(const struct mlx5dv_devx_uar *uar)
{
	pthread_mutex_lock(&real_lock);
	sim_map_remove(&real_uars, (uintptr_t)uar);
	pthread_mutex_unlock(&real_lock);
}
