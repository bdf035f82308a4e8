/*
 * libflexio.so.1 and libflexio_verbs.so.1 both contain the simulator.  Loaded together (here:
 * this program links libflexio, and the test preloads libflexio_verbs, as an older log line
 * advised), they must act as one: objects made through the copy the program's calls bind to
 * are known to the other one, through which libflexio asks about them.
 *
 *   test_verbs_two_copies   exit 0 when every check passes
 */
#include <dlfcn.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio/flexio.h>

#define CHECK(condition)                                                                              \
	do {                                                                                          \
		if (!(condition)) {                                                                   \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
			exit(1);                                                                      \
		}                                                                                     \
	} while (0)

/* The definition inside libflexio itself, whatever the program's calls bind to. */
static void *in_libflexio(const char *name, const char *version)
{
	static void *handle;

	if (!handle)
		handle = dlopen("libflexio.so.1", RTLD_LAZY | RTLD_NOLOAD);
	CHECK(handle);
	return dlvsym(handle, name, version);
}

static const char *object_name(void *addr)
{
	Dl_info info;

	return dladdr(addr, &info) && info.dli_fname ? info.dli_fname : "?";
}

int main(void)
{
	int (*context_device)(const struct ibv_context *) = (int (*)(const struct ibv_context *))in_libflexio(
		"flexio_verbs_context_device", "FLEXIO_VERBS_PRIVATE");
	const char *(*device_name)(struct ibv_device *) =
		(const char *(*)(struct ibv_device *))in_libflexio("ibv_get_device_name", "IBVERBS_1.1");
	int (*dealloc_pd)(struct ibv_pd *) = (int (*)(struct ibv_pd *))in_libflexio("ibv_dealloc_pd", "IBVERBS_1.1");
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct ibv_context *context;
	struct ibv_pd *pd;

	printf("the program's ibv_get_device_list is in %s\n",
	       object_name(dlvsym(RTLD_DEFAULT, "ibv_get_device_list", "IBVERBS_1.1")));
	CHECK(context_device && device_name && dealloc_pd);
	CHECK(list && list[0]);
	CHECK(!strcmp(ibv_get_device_name(list[0]), "mlx5_sim0"));
	/* libflexio's own copy knows the device the program's copy listed */
	CHECK(device_name(list[0]) && !strcmp(device_name(list[0]), "mlx5_sim0"));
	context = ibv_open_device(list[0]);
	CHECK(context);
	/* ... and the context: what flexio_process_create asks */
	CHECK(context_device(context) == 0);
	pd = ibv_alloc_pd(context);
	CHECK(pd);
	CHECK(dealloc_pd(pd) == 0); /* made by one copy, destroyed through the other */
	CHECK(ibv_close_device(context) == 0);
	CHECK(context_device(context) == -1);
	ibv_free_device_list(list);
	/* and the library works as a whole */
	CHECK(flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN) >= 0);
	printf("one simulator\n");
	return 0;
}
