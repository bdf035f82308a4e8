/*
 * libflexio_verbs through rdma-core's calls (this program links it before libibverbs) and
 * through its internal API: devices and their names, contexts, the port, PDs, MRs, devx UARs,
 * mlx5 direct verbs, what is not simulated yet, bad input of every kind (one log line, no
 * crash), key uniqueness, MR bounds, concurrency.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>

#include "flexio_verbs.h"

/* ---- stderr capture: every refusal must log exactly one line naming its function ---- */

static int saved_stderr = -1;
static FILE *capture_file;
static char captured[4096];

static void capture_begin(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	assert_non_null(capture_file);
	saved_stderr = dup(STDERR_FILENO);
	dup2(fileno(capture_file), STDERR_FILENO);
}

static const char *capture_end(void)
{
	size_t n;

	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	rewind(capture_file);
	n = fread(captured, 1, sizeof(captured) - 1, capture_file);
	captured[n] = '\0';
	fclose(capture_file);
	return captured;
}

static int line_count(const char *text)
{
	int lines = 0;

	for (; *text; text++)
		lines += *text == '\n';
	return lines;
}

/* Ends a capture begun before a refused call: one ERR line naming function, and errno. */
static void expect_refusal(const char *function, int expected_errno)
{
	int error = errno; /* first, before the capture's own calls touch it */
	const char *text = capture_end();
	char prefix[128];

	snprintf(prefix, sizeof(prefix), "flexio_verbs ERR %s: ", function);
	if (line_count(text) != 1 || strncmp(text, prefix, strlen(prefix)))
		fail_msg("expected one line \"%s...\", got \"%s\"", prefix, text);
	assert_int_equal(error, expected_errno);
}

static void expect_silence(void)
{
	assert_string_equal(capture_end(), "");
}

/* ---- helpers ---- */

static struct ibv_device *sim_device(int index)
{
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct ibv_device *device;

	assert_non_null(list);
	device = list[index];
	assert_non_null(device);
	ibv_free_device_list(list);
	return device; /* devices outlive the list, as in rdma-core */
}

static struct ibv_context *open_sim(int index)
{
	struct ibv_context *context = ibv_open_device(sim_device(index));

	assert_non_null(context);
	return context;
}

static int setup(void **state)
{
	(void)state;
	unsetenv("FLEXIO_SIM_DEVICES");
	return 0;
}

/* ---- device list ---- */

static void test_default_list(void **state)
{
	struct ibv_device **list;
	int count = -1;

	(void)state;
	capture_begin();
	list = ibv_get_device_list(&count);
	expect_silence();
	assert_non_null(list);
	assert_true(count >= 1);
	assert_null(list[count]);
	assert_string_equal(ibv_get_device_name(list[0]), "mlx5_sim0");
	assert_string_equal(list[0]->name, "mlx5_sim0");
	assert_int_equal(list[0]->node_type, IBV_NODE_CA);
	assert_int_equal(list[0]->transport_type, IBV_TRANSPORT_IB);
	for (int i = 1; i < count; i++)
		assert_true(strncmp(ibv_get_device_name(list[i]), "mlx5_sim", 8) != 0);
	ibv_free_device_list(list);
	/* num_devices is optional */
	list = ibv_get_device_list(NULL);
	assert_non_null(list);
	ibv_free_device_list(list);
}

static int sim_count(struct ibv_device **list)
{
	int n = 0;

	while (list[n] && !strncmp(list[n]->name, "mlx5_sim", 8))
		n++;
	return n;
}

static void test_device_count_from_environment(void **state)
{
	const char *invalid[] = { "0", "17", "-1", "abc", "3x", "", "99999999999999999999" };
	struct ibv_device **list;
	__be64 guids[16];

	(void)state;
	setenv("FLEXIO_SIM_DEVICES", "3", 1);
	list = ibv_get_device_list(NULL);
	assert_int_equal(sim_count(list), 3);
	for (int i = 0; i < 3; i++) {
		char name[16];

		snprintf(name, sizeof(name), "mlx5_sim%d", i);
		assert_string_equal(ibv_get_device_name(list[i]), name);
		guids[i] = ibv_get_device_guid(list[i]);
		assert_true(guids[i] != 0);
		for (int j = 0; j < i; j++)
			assert_true(guids[i] != guids[j]);
	}
	ibv_free_device_list(list);

	/* the same device, the same GUID, whatever the listing */
	setenv("FLEXIO_SIM_DEVICES", "16", 1);
	list = ibv_get_device_list(NULL);
	assert_int_equal(sim_count(list), 16);
	for (int i = 0; i < 3; i++)
		assert_true(ibv_get_device_guid(list[i]) == guids[i]);
	assert_string_equal(ibv_get_device_name(list[15]), "mlx5_sim15");
	ibv_free_device_list(list);

	for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		const char *text;

		setenv("FLEXIO_SIM_DEVICES", invalid[i], 1);
		capture_begin();
		list = ibv_get_device_list(NULL);
		text = capture_end();
		assert_non_null(list);
		assert_int_equal(sim_count(list), 1);
		assert_int_equal(line_count(text), 1);
		assert_non_null(strstr(text, "flexio_verbs WARN ibv_get_device_list: FLEXIO_SIM_DEVICES"));
		ibv_free_device_list(list);
	}
}

static void test_free_device_list_bad(void **state)
{
	struct ibv_device *foreign[2] = { NULL, NULL };
	struct ibv_device **list = ibv_get_device_list(NULL);

	(void)state;
	ibv_free_device_list(list);
	capture_begin();
	ibv_free_device_list(list);
	expect_refusal("ibv_free_device_list", EINVAL);
	capture_begin();
	ibv_free_device_list(NULL);
	expect_refusal("ibv_free_device_list", EINVAL);
	capture_begin();
	ibv_free_device_list(foreign);
	expect_refusal("ibv_free_device_list", EINVAL);
}

static void test_device_name_and_guid_bad(void **state)
{
	struct ibv_device foreign;
	struct ibv_context *context = open_sim(0);

	(void)state;
	memset(&foreign, 0x5a, sizeof(foreign));
	capture_begin();
	assert_null(ibv_get_device_name(NULL));
	expect_refusal("ibv_get_device_name", EINVAL);
	capture_begin();
	assert_null(ibv_get_device_name(&foreign));
	expect_refusal("ibv_get_device_name", EINVAL);
	capture_begin();
	assert_true(ibv_get_device_guid(NULL) == 0);
	expect_refusal("ibv_get_device_guid", EINVAL);
	capture_begin();
	assert_true(ibv_get_device_guid(&foreign) == 0);
	expect_refusal("ibv_get_device_guid", EINVAL);
	/* a live simulated object of another kind is no device */
	capture_begin();
	assert_null(ibv_get_device_name((struct ibv_device *)context));
	expect_refusal("ibv_get_device_name", EINVAL);
	assert_int_equal(ibv_close_device(context), 0);
}

/* ---- contexts ---- */

static void test_open_close(void **state)
{
	struct ibv_device *device = sim_device(0);
	struct ibv_device_attr_ex attr_ex;
	struct ibv_context *context;
	struct ibv_pd *pd;

	(void)state;
	context = ibv_open_device(device);
	assert_non_null(context);
	assert_ptr_equal(context->device, device);
	assert_true(context->async_fd >= 0);
	assert_int_equal(context->num_comp_vectors, 1);
	/* verbs.h's inline extended helpers find no op and fall back or fail cleanly */
	assert_int_equal(ibv_query_device_ex(context, NULL, &attr_ex), 0);
	assert_int_equal(attr_ex.orig_attr.vendor_id, 0x02c9);
	pd = ibv_alloc_pd(context);
	capture_begin();
	assert_null(ibv_alloc_null_mr(pd));
	expect_refusal("ibv_alloc_null_mr", EOPNOTSUPP);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	assert_int_equal(ibv_close_device(context), 0);

	capture_begin();
	assert_int_equal(ibv_close_device(context), -1);
	expect_refusal("ibv_close_device", EINVAL);
	capture_begin();
	assert_int_equal(ibv_close_device(NULL), -1);
	expect_refusal("ibv_close_device", EINVAL);
	capture_begin();
	assert_null(ibv_open_device(NULL));
	expect_refusal("ibv_open_device", EINVAL);
}

static void test_open_foreign_device(void **state)
{
	struct ibv_device foreign;

	(void)state;
	memset(&foreign, 0, sizeof(foreign));
	strcpy(foreign.name, "mlx5_sim0");
	capture_begin();
	assert_null(ibv_open_device(&foreign));
	expect_refusal("ibv_open_device", EINVAL);
	/* garbage that is not even mapped memory */
	capture_begin();
	assert_null(ibv_open_device((struct ibv_device *)(uintptr_t)0x10));
	expect_refusal("ibv_open_device", EINVAL);
}

/* As rdma-core: closing succeeds while PDs, MRs or UARs remain, and destroys them. */
static void test_close_with_objects(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_context *other = open_sim(0);
	struct ibv_pd *pd = ibv_alloc_pd(context);
	struct ibv_pd *kept = ibv_alloc_pd(other);
	static char buffer[64];
	struct ibv_mr *mr = ibv_reg_mr(pd, buffer, sizeof(buffer), IBV_ACCESS_LOCAL_WRITE);
	struct mlx5dv_devx_uar *uar = mlx5dv_devx_alloc_uar(context, MLX5DV_UAR_ALLOC_TYPE_BF);
	uint32_t key = mr->lkey;

	(void)state;
	assert_non_null(uar);
	assert_int_equal(flexio_verbs_pd_hold(pd, 0), 0); /* a FlexIO process uses it */
	capture_begin();
	assert_int_equal(ibv_close_device(context), 0);
	expect_silence();
	/* everything in it is gone, as the kernel destroys it with the context */
	assert_null(flexio_verbs_mr_reach(pd, key, (uintptr_t)buffer, 1, 0));
	assert_null(flexio_verbs_uar_page(uar, NULL));
	assert_int_equal(flexio_verbs_pd_device(pd), -1);
	flexio_verbs_pd_release(pd); /* a late release is harmless */
	capture_begin();
	assert_int_equal(ibv_dereg_mr(mr), EINVAL);
	expect_refusal("ibv_dereg_mr", EINVAL);
	capture_begin();
	assert_int_equal(ibv_dealloc_pd(pd), EINVAL);
	expect_refusal("ibv_dealloc_pd", EINVAL);
	capture_begin();
	mlx5dv_devx_free_uar(uar);
	expect_refusal("mlx5dv_devx_free_uar", EINVAL);
	/* an inline helper of verbs.h on the closed context lands in the simulator: refused */
	capture_begin();
	assert_null(ibv_create_cq_ex(context, &(struct ibv_cq_init_attr_ex){ .cqe = 1 }));
	expect_refusal("ibv_create_cq_ex", EINVAL);
	/* another context of the device keeps its objects */
	assert_int_equal(flexio_verbs_pd_device(kept), 0);
	assert_int_equal(ibv_dealloc_pd(kept), 0);
	assert_int_equal(ibv_close_device(other), 0);
}

static void test_query_device(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_device_attr attr;

	(void)state;
	memset(&attr, 0xff, sizeof(attr));
	assert_int_equal(ibv_query_device(context, &attr), 0);
	assert_int_equal(attr.vendor_id, 0x02c9);
	assert_int_equal(attr.vendor_part_id, 0xa2dc);
	assert_non_null(strstr(attr.fw_ver, "simulator"));
	assert_true(attr.node_guid == ibv_get_device_guid(context->device));
	assert_int_equal(attr.phys_port_cnt, 1);
	assert_true(attr.max_mr > 0 && attr.max_pd > 0 && attr.max_qp > 0 && attr.max_cqe > 0);
	assert_true(attr.max_mr_size > 0);
	assert_true(attr.page_size_cap & 4096);

	capture_begin();
	assert_int_equal(ibv_query_device(context, NULL), EINVAL);
	expect_refusal("ibv_query_device", EINVAL);
	capture_begin();
	assert_int_equal(ibv_query_device(NULL, &attr), EINVAL);
	expect_refusal("ibv_query_device", EINVAL);
	assert_int_equal(ibv_close_device(context), 0);
	capture_begin();
	assert_int_equal(ibv_query_device(context, &attr), EINVAL);
	expect_refusal("ibv_query_device", EINVAL);
}

/* ---- protection domains ---- */

static void test_pd(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_pd *a = ibv_alloc_pd(context);
	struct ibv_pd *b = ibv_alloc_pd(context);
	static char buffer[64];
	struct ibv_mr *mr;

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_ptr_equal(a->context, context);
	assert_true(a->handle != b->handle);

	mr = ibv_reg_mr(a, buffer, sizeof(buffer), 0);
	assert_non_null(mr);
	capture_begin();
	assert_int_equal(ibv_dealloc_pd(a), EBUSY);
	expect_refusal("ibv_dealloc_pd", EBUSY);
	/* an MR is no PD, nor a PD an MR */
	capture_begin();
	assert_int_equal(ibv_dealloc_pd((struct ibv_pd *)mr), EINVAL);
	expect_refusal("ibv_dealloc_pd", EINVAL);
	capture_begin();
	assert_int_equal(ibv_dereg_mr((struct ibv_mr *)b), EINVAL);
	expect_refusal("ibv_dereg_mr", EINVAL);
	assert_int_equal(ibv_dereg_mr(mr), 0);
	assert_int_equal(ibv_dealloc_pd(a), 0);
	assert_int_equal(ibv_dealloc_pd(b), 0);

	capture_begin();
	assert_int_equal(ibv_dealloc_pd(a), EINVAL);
	expect_refusal("ibv_dealloc_pd", EINVAL);
	capture_begin();
	assert_int_equal(ibv_dealloc_pd(NULL), EINVAL);
	expect_refusal("ibv_dealloc_pd", EINVAL);
	capture_begin();
	assert_null(ibv_alloc_pd(NULL));
	expect_refusal("ibv_alloc_pd", EINVAL);
	assert_int_equal(ibv_close_device(context), 0);
	capture_begin();
	assert_null(ibv_alloc_pd(context));
	expect_refusal("ibv_alloc_pd", EINVAL);
}

/* ---- memory regions ---- */

static void test_reg_mr_forms(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_pd *pd = ibv_alloc_pd(context);
	unsigned int variable_access = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ;
	static char buffer[8192];
	struct ibv_mr *mrs[4];

	(void)state;
	/* constant flags: verbs.h calls ibv_reg_mr */
	mrs[0] = ibv_reg_mr(pd, buffer, 100, IBV_ACCESS_LOCAL_WRITE);
	/* flags not known at compile time: verbs.h calls ibv_reg_mr_iova2 */
	mrs[1] = ibv_reg_mr(pd, buffer + 100, 200, variable_access);
	/* an optional flag: ibv_reg_mr_iova2 as well */
	mrs[2] = ibv_reg_mr(pd, buffer + 300, 300, IBV_ACCESS_RELAXED_ORDERING);
	/* ibv_reg_mr_iova */
	mrs[3] = ibv_reg_mr_iova(pd, buffer + 600, 400, 0x100000, IBV_ACCESS_REMOTE_READ);
	for (int i = 0; i < 4; i++) {
		assert_non_null(mrs[i]);
		assert_ptr_equal(mrs[i]->context, context);
		assert_ptr_equal(mrs[i]->pd, pd);
		assert_true(mrs[i]->lkey != 0);
		assert_int_equal(mrs[i]->lkey, mrs[i]->rkey);
		for (int j = 0; j < i; j++) {
			assert_true(mrs[i]->lkey != mrs[j]->lkey);
			assert_true(mrs[i]->handle != mrs[j]->handle);
		}
	}
	assert_ptr_equal(mrs[1]->addr, buffer + 100);
	assert_int_equal(mrs[1]->length, 200);
	assert_ptr_equal(mrs[3]->addr, buffer + 600);
	assert_int_equal(mrs[3]->length, 400);
	/* direct calls of the real entry points, as older headers emit them */
	for (int i = 0; i < 4; i++)
		assert_int_equal(ibv_dereg_mr(mrs[i]), 0);
	mrs[0] = (ibv_reg_mr)(pd, buffer, 10, 0);
	mrs[1] = (ibv_reg_mr_iova)(pd, buffer, 10, 5, 0);
	mrs[2] = ibv_reg_mr_iova2(pd, buffer, 10, 5, 0);
	for (int i = 0; i < 3; i++) {
		assert_non_null(mrs[i]);
		assert_int_equal(ibv_dereg_mr(mrs[i]), 0);
	}
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	assert_int_equal(ibv_close_device(context), 0);
}

static void test_reg_mr_bad(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_pd *pd = ibv_alloc_pd(context);
	struct ibv_pd *dead = ibv_alloc_pd(context);
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	static char buffer[64];
	void *unmapped;

	(void)state;
	assert_int_equal(ibv_dealloc_pd(dead), 0);
	unmapped = mmap(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(unmapped != MAP_FAILED);
	munmap(unmapped, page);

	capture_begin();
	assert_null(ibv_reg_mr(NULL, buffer, sizeof(buffer), 0));
	expect_refusal("ibv_reg_mr", EINVAL);
	capture_begin();
	assert_null(ibv_reg_mr(dead, buffer, sizeof(buffer), 0));
	expect_refusal("ibv_reg_mr", EINVAL);
	capture_begin();
	assert_null(ibv_reg_mr(pd, NULL, sizeof(buffer), 0));
	expect_refusal("ibv_reg_mr", EINVAL);
	capture_begin();
	assert_null(ibv_reg_mr(pd, buffer, 0, 0));
	expect_refusal("ibv_reg_mr", EINVAL);
	capture_begin();
	assert_null(ibv_reg_mr(pd, buffer, SIZE_MAX, 0));
	expect_refusal("ibv_reg_mr", EINVAL);
	capture_begin();
	/* bit 30 is neither a known nor an optional access flag */
	assert_null(ibv_reg_mr(pd, buffer, sizeof(buffer), 1 << 30));
	expect_refusal("ibv_reg_mr", EINVAL);
	capture_begin();
	assert_null(ibv_reg_mr(pd, buffer, sizeof(buffer), IBV_ACCESS_REMOTE_WRITE));
	expect_refusal("ibv_reg_mr", EINVAL);
	capture_begin();
	assert_null(ibv_reg_mr(pd, unmapped, page, 0));
	expect_refusal("ibv_reg_mr", EFAULT);
	capture_begin();
	assert_null(ibv_reg_mr_iova(pd, buffer, sizeof(buffer), UINT64_MAX - 8, 0));
	expect_refusal("ibv_reg_mr_iova", EINVAL);
	capture_begin();
	assert_null(ibv_reg_mr_iova2(NULL, buffer, sizeof(buffer), 0, 0));
	expect_refusal("ibv_reg_mr_iova2", EINVAL);

	capture_begin();
	assert_int_equal(ibv_dereg_mr(NULL), EINVAL);
	expect_refusal("ibv_dereg_mr", EINVAL);
	{
		struct ibv_mr *mr = ibv_reg_mr(pd, buffer, sizeof(buffer), 0);

		assert_int_equal(ibv_dereg_mr(mr), 0);
		capture_begin();
		assert_int_equal(ibv_dereg_mr(mr), EINVAL);
		expect_refusal("ibv_dereg_mr", EINVAL);
	}
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	assert_int_equal(ibv_close_device(context), 0);
}

static int compare_keys(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static void expect_unique(uint32_t *keys, size_t n)
{
	qsort(keys, n, sizeof(*keys), compare_keys);
	assert_true(keys[0] != 0);
	for (size_t i = 1; i < n; i++)
		assert_true(keys[i] != keys[i - 1]);
}

#define MANY 300

static void test_keys_unique(void **state)
{
	static struct ibv_mr *mrs[2][MANY];
	static uint32_t keys[2][MANY];
	static char buffer[4096];
	struct ibv_context *contexts[2];
	struct ibv_pd *pds[2];

	(void)state;
	setenv("FLEXIO_SIM_DEVICES", "2", 1);
	for (int d = 0; d < 2; d++) {
		contexts[d] = open_sim(d);
		pds[d] = ibv_alloc_pd(contexts[d]);
	}
	for (int i = 0; i < MANY; i++) {
		for (int d = 0; d < 2; d++) {
			mrs[d][i] = ibv_reg_mr(pds[d], buffer + i, 16, IBV_ACCESS_LOCAL_WRITE);
			assert_non_null(mrs[d][i]);
			keys[d][i] = mrs[d][i]->lkey;
		}
		/* churn: keys of deregistered regions never collide with live ones */
		if (i % 3 == 0) {
			assert_int_equal(ibv_dereg_mr(mrs[0][i]), 0);
			mrs[0][i] = ibv_reg_mr(pds[0], buffer, 8, 0);
			keys[0][i] = mrs[0][i]->lkey;
		}
	}
	for (int d = 0; d < 2; d++) {
		expect_unique(keys[d], MANY);
		for (int i = 0; i < MANY; i++)
			assert_int_equal(ibv_dereg_mr(mrs[d][i]), 0);
		assert_int_equal(ibv_dealloc_pd(pds[d]), 0);
		assert_int_equal(ibv_close_device(contexts[d]), 0);
	}
}

/* ---- devx UARs ---- */

static void test_uar(void **state)
{
	struct ibv_context *context = open_sim(0);
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	struct mlx5dv_devx_uar *bf, *nc;
	int device = -1;

	(void)state;
	bf = mlx5dv_devx_alloc_uar(context, MLX5DV_UAR_ALLOC_TYPE_BF);
	nc = mlx5dv_devx_alloc_uar(context, MLX5DV_UAR_ALLOC_TYPE_NC);
	assert_non_null(bf);
	assert_non_null(nc);
	assert_int_equal((uintptr_t)bf->base_addr % page, 0);
	assert_true((char *)bf->reg_addr >= (char *)bf->base_addr &&
		    (char *)bf->reg_addr < (char *)bf->base_addr + page);
	assert_true(bf->page_id != nc->page_id);
	assert_true(bf->base_addr != nc->base_addr);
	/* a doorbell store lands in the page */
	*(volatile uint64_t *)bf->reg_addr = 0x1122334455667788ULL;
	assert_ptr_equal(flexio_verbs_uar_page(bf, &device), bf->base_addr);
	assert_int_equal(device, 0);
	assert_int_equal(
		*(uint64_t *)((char *)flexio_verbs_uar_page(bf, NULL) + ((char *)bf->reg_addr - (char *)bf->base_addr)),
		0x1122334455667788ULL);
	mlx5dv_devx_free_uar(bf);
	assert_null(flexio_verbs_uar_page(bf, NULL));
	capture_begin();
	mlx5dv_devx_free_uar(bf);
	expect_refusal("mlx5dv_devx_free_uar", EINVAL);
	capture_begin();
	mlx5dv_devx_free_uar(NULL);
	expect_refusal("mlx5dv_devx_free_uar", EINVAL);
	capture_begin();
	mlx5dv_devx_free_uar((struct mlx5dv_devx_uar *)context);
	expect_refusal("mlx5dv_devx_free_uar", EINVAL);
	capture_begin();
	assert_null(mlx5dv_devx_alloc_uar(context, 7));
	expect_refusal("mlx5dv_devx_alloc_uar", EINVAL);
	capture_begin();
	assert_null(mlx5dv_devx_alloc_uar(NULL, 0));
	expect_refusal("mlx5dv_devx_alloc_uar", EINVAL);
	mlx5dv_devx_free_uar(nc);
	assert_int_equal(ibv_close_device(context), 0);
	capture_begin();
	assert_null(mlx5dv_devx_alloc_uar(context, 0));
	expect_refusal("mlx5dv_devx_alloc_uar", EINVAL);
}

/* ---- device names ---- */

static void test_device_names(void **state)
{
	const char *invalid[] = {
		"mlx5_0,",                                                          /* an empty name */
		",mlx5_0",                                                          /* another */
		"mlx5_0,mlx5_0",                                                    /* the same device twice */
		"mlx5_a",                                                           /* no number last */
		"0mlx5",                                                            /* no letter first */
		"mlx5 0",                                                           /* a blank */
		"mlx5/0",                                                           /* a path */
		"a0,a1,a2,a3,a4,a5,a6,a7,a8,a9,b0,b1,b2,b3,b4,b5,b6",               /* 17 devices */
		"a123456789012345678901234567890123456789012345678901234567890123", /* 64 chars */
	};
	struct ibv_device **list;
	struct ibv_device *bond;
	struct ibv_context *context;
	__be64 guid;

	(void)state;
	setenv("FLEXIO_SIM_DEVICES", "mlx5_0,mlx5_bond_0", 1);
	capture_begin();
	list = ibv_get_device_list(NULL);
	expect_silence();
	assert_string_equal(ibv_get_device_name(list[0]), "mlx5_0");
	assert_string_equal(ibv_get_device_name(list[1]), "mlx5_bond_0");
	assert_string_equal(list[1]->ibdev_path, "/sys/class/infiniband/mlx5_bond_0");
	bond = list[1];
	guid = ibv_get_device_guid(bond);
	assert_true(guid != ibv_get_device_guid(list[0]));
	context = ibv_open_device(bond);
	assert_non_null(context);
	/* the index libflexio uses names the device, not its place in this list */
	assert_true(flexio_verbs_context_device(context) >= 0);
	assert_int_equal(ibv_close_device(context), 0);
	ibv_free_device_list(list);

	/* the same name is the same device, whatever else is listed with it */
	setenv("FLEXIO_SIM_DEVICES", "mlx5_bond_0", 1);
	list = ibv_get_device_list(NULL);
	assert_ptr_equal(list[0], bond);
	assert_true(ibv_get_device_guid(list[0]) == guid);
	assert_int_equal(sim_count(list), 0); /* not an mlx5_sim name */
	assert_true(list[1] == NULL || strcmp(list[1]->name, "mlx5_0"));
	ibv_free_device_list(list);

	for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		const char *text;

		setenv("FLEXIO_SIM_DEVICES", invalid[i], 1);
		capture_begin();
		list = ibv_get_device_list(NULL);
		text = capture_end();
		assert_non_null(list);
		assert_string_equal(list[0]->name, "mlx5_sim0");
		assert_int_equal(line_count(text), 1);
		assert_non_null(strstr(text, "flexio_verbs WARN ibv_get_device_list: FLEXIO_SIM_DEVICES"));
		ibv_free_device_list(list);
	}
}

/* ---- the port ---- */

static void test_port(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_port_attr attr;
	struct ibv_gid_entry entries[4], entry;
	union ibv_gid gid;
	__be16 pkey;
	char compat[256];

	(void)state;
	memset(&attr, 0xff, sizeof(attr));
	/* verbs.h's ibv_query_port: an inline helper calling through the context */
	assert_int_equal(ibv_query_port(context, 1, &attr), 0);
	assert_int_equal(attr.state, IBV_PORT_ACTIVE);
	assert_int_equal(attr.link_layer, IBV_LINK_LAYER_ETHERNET);
	assert_int_equal(attr.gid_tbl_len, 2);
	assert_int_equal(attr.pkey_tbl_len, 1);
	assert_int_equal(attr.port_cap_flags2, 0);
	/* the exported function, in the layout of older binaries */
	memset(compat, 0, sizeof(compat));
	assert_int_equal((ibv_query_port)(context, 1, (struct _compat_ibv_port_attr *)compat), 0);
	assert_int_equal(((struct ibv_port_attr *)compat)->state, IBV_PORT_ACTIVE);
	capture_begin();
	assert_int_equal(ibv_query_port(context, 2, &attr), EINVAL);
	expect_refusal("ibv_query_port", EINVAL);
	capture_begin();
	assert_int_equal(ibv_query_port(context, 0, &attr), EINVAL);
	expect_refusal("ibv_query_port", EINVAL);

	/* GIDs: the link-local address from the GUID, RoCE v1 then v2 */
	assert_int_equal(ibv_query_gid(context, 1, 0, &gid), 0);
	assert_int_equal(gid.raw[0], 0xfe);
	assert_int_equal(gid.raw[1], 0x80);
	assert_int_equal(ibv_query_gid_ex(context, 1, 1, &entry, 0), 0);
	assert_int_equal(entry.gid_type, IBV_GID_TYPE_ROCE_V2);
	assert_memory_equal(&entry.gid, &gid, sizeof(gid));
	assert_int_equal(ibv_query_gid_table(context, entries, 4, 0), 2);
	assert_int_equal(entries[0].gid_type, IBV_GID_TYPE_ROCE_V1);
	assert_int_equal(entries[1].gid_index, 1);
	capture_begin();
	assert_int_equal(ibv_query_gid(context, 1, 2, &gid), -1);
	expect_refusal("ibv_query_gid", EINVAL);
	capture_begin();
	assert_int_equal(ibv_query_gid_table(context, entries, 1, 0), -EINVAL);
	expect_refusal("ibv_query_gid_table", EINVAL);

	/* one P_Key, the default one */
	assert_int_equal(ibv_query_pkey(context, 1, 0, &pkey), 0);
	assert_int_equal(be16toh(pkey), 0xffff);
	assert_int_equal(ibv_get_pkey_index(context, 1, htobe16(0xffff)), 0);
	capture_begin();
	assert_int_equal(ibv_get_pkey_index(context, 1, htobe16(0x8001)), -1);
	expect_refusal("ibv_get_pkey_index", ENOENT);
	capture_begin();
	assert_int_equal(ibv_query_pkey(context, 1, 1, &pkey), -1);
	expect_refusal("ibv_query_pkey", EINVAL);

	/* the extended device query (inline, through the context) */
	{
		struct ibv_device_attr_ex attr_ex;

		assert_int_equal(ibv_query_device_ex(context, NULL, &attr_ex), 0);
		assert_int_equal(attr_ex.orig_attr.vendor_part_id, 0xa2dc);
		assert_int_equal(attr_ex.phys_port_cnt_ex, 1);
	}
	assert_int_equal(ibv_close_device(context), 0);
	capture_begin();
	assert_int_equal(ibv_query_port(context, 1, &attr), EINVAL);
	expect_refusal("ibv_query_port", EINVAL);
}

/* No asynchronous events: a non-blocking async_fd answers EAGAIN, as rdma-core would. */
static void test_async_events(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_async_event event;
	int flags = fcntl(context->async_fd, F_GETFL);

	(void)state;
	assert_int_equal(flags & O_NONBLOCK, 0); /* blocking, as rdma-core's */
	fcntl(context->async_fd, F_SETFL, flags | O_NONBLOCK);
	capture_begin();
	assert_int_equal(ibv_get_async_event(context, &event), -1);
	assert_int_equal(errno, EAGAIN);
	expect_silence();
	/* a port event of rdma-core's needs nothing acknowledged */
	event = (struct ibv_async_event){ .element.port_num = 1, .event_type = IBV_EVENT_PORT_ACTIVE };
	ibv_ack_async_event(&event);
	capture_begin();
	event = (struct ibv_async_event){ .element.cq = NULL, .event_type = IBV_EVENT_CQ_ERR };
	ibv_ack_async_event(&event);
	expect_refusal("ibv_ack_async_event", EINVAL);
	assert_int_equal(ibv_close_device(context), 0);
}

/* ---- mlx5 direct verbs ---- */

static void test_mlx5dv(void **state)
{
	struct ibv_device *device = sim_device(0);
	struct mlx5dv_context_attr devx = { .flags = MLX5DV_CONTEXT_FLAGS_DEVX };
	struct mlx5dv_context dv;
	struct ibv_context *context;
	struct mlx5dv_pd dv_pd = { 0 };
	struct mlx5dv_cq dv_cq;
	struct mlx5dv_obj obj;
	struct ibv_pd *pd;

	(void)state;
	assert_true(mlx5dv_is_supported(device));
	context = mlx5dv_open_device(device, &devx);
	assert_non_null(context);
	assert_ptr_equal(context->device, device);
	assert_int_equal(flexio_verbs_context_device(context), 0);
	assert_int_equal(mlx5dv_query_device(context, &dv), 0);
	assert_true(dv.flags & MLX5DV_CONTEXT_FLAGS_CQE_V1);
	pd = ibv_alloc_pd(context);
	obj = (struct mlx5dv_obj){ .pd = { .in = pd, .out = &dv_pd } };
	assert_int_equal(mlx5dv_init_obj(&obj, MLX5DV_OBJ_PD), 0);
	assert_int_equal(dv_pd.pdn, pd->handle);
	/* the simulated device has no CQ to describe */
	obj = (struct mlx5dv_obj){ .cq = { .in = NULL, .out = &dv_cq } };
	capture_begin();
	assert_int_equal(mlx5dv_init_obj(&obj, MLX5DV_OBJ_CQ), EINVAL);
	expect_refusal("mlx5dv_init_obj", EINVAL);
	capture_begin();
	assert_null(mlx5dv_open_device(device, &(struct mlx5dv_context_attr){ .comp_mask = 1 }));
	expect_refusal("mlx5dv_open_device", EINVAL);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	assert_int_equal(ibv_close_device(context), 0);
	/* opened without attributes too */
	context = mlx5dv_open_device(device, NULL);
	assert_non_null(context);
	assert_int_equal(ibv_close_device(context), 0);
}

/* What the simulated device does not do yet fails cleanly: NULL or an errno, one line. */
static void test_not_simulated_yet(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_pd *pd = ibv_alloc_pd(context);
	struct ibv_qp_init_attr qp_attr = { .qp_type = IBV_QPT_UD }; /* RC only (test_verbs_queues.c) */
	struct ibv_cq_init_attr_ex cq_attr = { .cqe = 16 };
	struct mlx5dv_dr_domain *domain;
	__be64 rewrite[1] = { 0 };
	char in[64] = { 0 }, out[64];

	(void)state;
	capture_begin();
	assert_null(mlx5dv_create_cq(context, &cq_attr, NULL));
	expect_refusal("mlx5dv_create_cq", EOPNOTSUPP);
	capture_begin();
	assert_null(ibv_create_qp(pd, &qp_attr));
	expect_refusal("ibv_create_qp", EOPNOTSUPP);
	/* steering (test_verbs_steering.c): a domain, but no header rewrites */
	domain = mlx5dv_dr_domain_create(context, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	assert_non_null(domain);
	capture_begin();
	assert_null(mlx5dv_dr_action_create_modify_header(domain, 0, sizeof(rewrite), rewrite));
	expect_refusal("mlx5dv_dr_action_create_modify_header", EOPNOTSUPP);
	assert_int_equal(mlx5dv_dr_domain_destroy(domain), 0);
	/* opcode 0 is no command the device serves */
	capture_begin();
	assert_null(mlx5dv_devx_obj_create(context, in, sizeof(in), out, sizeof(out)));
	expect_refusal("mlx5dv_devx_obj_create", EOPNOTSUPP);
	capture_begin();
	assert_int_equal(mlx5dv_devx_general_cmd(context, in, sizeof(in), out, sizeof(out)), EOPNOTSUPP);
	expect_refusal("mlx5dv_devx_general_cmd", EOPNOTSUPP);
	/* an inline helper of verbs.h calls through the context's op */
	capture_begin();
	assert_null(ibv_alloc_mw(pd, IBV_MW_TYPE_2));
	expect_refusal("ibv_alloc_mw", EOPNOTSUPP);
	/* a NULL object is refused, not handed to rdma-core */
	capture_begin();
	assert_int_equal(ibv_destroy_cq(NULL), EINVAL);
	expect_refusal("ibv_destroy_cq", EINVAL);
	capture_begin();
	assert_int_equal(mlx5dv_dr_domain_destroy(NULL), EINVAL);
	expect_refusal("mlx5dv_dr_domain_destroy", EINVAL);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	assert_int_equal(ibv_close_device(context), 0);
}

/* ---- the internal API ---- */

static void test_internal_owner(void **state)
{
	struct ibv_context *c0, *c1;
	struct ibv_pd *p0, *p1;
	struct ibv_pd foreign_pd = { 0 };

	(void)state;
	setenv("FLEXIO_SIM_DEVICES", "2", 1);
	c0 = open_sim(0);
	c1 = open_sim(1);
	p0 = ibv_alloc_pd(c0);
	p1 = ibv_alloc_pd(c1);
	capture_begin();
	assert_int_equal(flexio_verbs_context_device(c0), 0);
	assert_int_equal(flexio_verbs_context_device(c1), 1);
	assert_int_equal(flexio_verbs_pd_device(p0), 0);
	assert_int_equal(flexio_verbs_pd_device(p1), 1);
	assert_int_equal(flexio_verbs_context_device(NULL), -1);
	assert_int_equal(flexio_verbs_pd_device(NULL), -1);
	assert_int_equal(flexio_verbs_pd_device(&foreign_pd), -1);
	assert_int_equal(flexio_verbs_context_device((struct ibv_context *)p0), -1);
	assert_int_equal(flexio_verbs_pd_device((struct ibv_pd *)c0), -1);
	expect_silence();
	assert_int_equal(ibv_dealloc_pd(p0), 0);
	assert_int_equal(ibv_dealloc_pd(p1), 0);
	assert_int_equal(flexio_verbs_pd_device(p0), -1);
	assert_int_equal(ibv_close_device(c0), 0);
	assert_int_equal(ibv_close_device(c1), 0);
	assert_int_equal(flexio_verbs_context_device(c1), -1);
}

static void expect_unreachable(struct ibv_pd *pd, uint32_t key, uint64_t addr, size_t length, unsigned int access,
			       int expected_errno)
{
	errno = 0;
	assert_null(flexio_verbs_mr_reach(pd, key, addr, length, access));
	assert_int_equal(errno, expected_errno);
}

static void test_mr_reach(void **state)
{
	static char buffer[4096], other_buffer[64];
	struct ibv_context *c0, *c1;
	struct ibv_pd *pd, *other_pd, *pd1;
	struct ibv_mr *mr, *iova_mr, *mr1;
	uint64_t base = (uintptr_t)buffer;

	(void)state;
	setenv("FLEXIO_SIM_DEVICES", "2", 1);
	c0 = open_sim(0);
	c1 = open_sim(1);
	pd = ibv_alloc_pd(c0);
	other_pd = ibv_alloc_pd(c0);
	pd1 = ibv_alloc_pd(c1);
	mr = ibv_reg_mr(pd, buffer, sizeof(buffer), IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ);
	iova_mr = ibv_reg_mr_iova(pd, buffer, 256, 0x10000, IBV_ACCESS_REMOTE_READ);
	mr1 = ibv_reg_mr(pd1, other_buffer, sizeof(other_buffer), 0);
	assert_non_null(mr);
	assert_non_null(iova_mr);
	assert_non_null(mr1);

	capture_begin();
	assert_ptr_equal(flexio_verbs_mr_reach(pd, mr->lkey, base, sizeof(buffer), 0), buffer);
	assert_ptr_equal(
		flexio_verbs_mr_reach(pd, mr->rkey, base + 100, 10, IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ),
		buffer + 100);
	assert_ptr_equal(flexio_verbs_mr_reach(pd, mr->lkey, base + sizeof(buffer), 0, 0), buffer + sizeof(buffer));
	/* out of bounds, including ranges whose end wraps */
	expect_unreachable(pd, mr->lkey, base + 4090, 10, 0, ERANGE);
	expect_unreachable(pd, mr->lkey, base - 1, 1, 0, ERANGE);
	expect_unreachable(pd, mr->lkey, base + 1, SIZE_MAX, 0, ERANGE);
	expect_unreachable(pd, mr->lkey, UINT64_MAX, 2, 0, ERANGE);
	/* the wrong key, pd, device or access */
	expect_unreachable(pd, mr->lkey + 1, base, 1, 0, ENOENT);
	expect_unreachable(pd, 0, base, 1, 0, ENOENT);
	/* a key of another device's region: unknown here, or another region's that does not
	 * cover the range */
	assert_null(flexio_verbs_mr_reach(pd, mr1->lkey, (uintptr_t)other_buffer, 1, 0));
	assert_null(flexio_verbs_mr_reach(pd1, mr->lkey, base, 1, 0));
	expect_unreachable(other_pd, mr->lkey, base, 1, 0, EPERM);
	expect_unreachable(pd, mr->lkey, base, 1, IBV_ACCESS_REMOTE_WRITE, EACCES);
	expect_unreachable(NULL, mr->lkey, base, 1, 0, EINVAL);
	expect_unreachable((struct ibv_pd *)mr, mr->lkey, base, 1, 0, EINVAL);
	/* an iova region is addressed from its iova */
	assert_ptr_equal(flexio_verbs_mr_reach(pd, iova_mr->lkey, 0x10000 + 8, 8, 0), buffer + 8);
	expect_unreachable(pd, iova_mr->lkey, base, 8, 0, ERANGE);
	expect_unreachable(pd, iova_mr->lkey, 0x10000 + 250, 8, 0, ERANGE);
	assert_ptr_equal(flexio_verbs_mr_reach(pd1, mr1->lkey, (uintptr_t)other_buffer, 64, 0), other_buffer);
	/* a region's bounds, under the same checks */
	{
		uint64_t iova = 0, length = 0;

		assert_int_equal(flexio_verbs_mr_range(pd, iova_mr->lkey, IBV_ACCESS_REMOTE_READ, &iova, &length), 0);
		assert_int_equal(iova, 0x10000);
		assert_int_equal(length, 256);
		assert_int_equal(flexio_verbs_mr_range(pd, mr->lkey, 0, &iova, &length), 0);
		assert_int_equal(iova, base);
		assert_int_equal(length, sizeof(buffer));
		assert_int_equal(flexio_verbs_mr_range(other_pd, mr->lkey, 0, &iova, &length), -EPERM);
		assert_int_equal(flexio_verbs_mr_range(pd, mr->lkey, IBV_ACCESS_REMOTE_WRITE, &iova, &length), -EACCES);
		assert_int_equal(flexio_verbs_mr_range(pd, 0, 0, &iova, &length), -ENOENT);
		assert_int_equal(flexio_verbs_mr_range(NULL, mr->lkey, 0, &iova, &length), -EINVAL);
		assert_int_equal(flexio_verbs_mr_range(pd, mr->lkey, 0, NULL, &length), -EINVAL);
	}
	expect_silence();

	/* deregistered: the key no longer reaches anything */
	assert_int_equal(ibv_dereg_mr(mr), 0);
	expect_unreachable(pd, mr->lkey, base, 1, 0, ENOENT);
	assert_int_equal(ibv_dereg_mr(iova_mr), 0);
	assert_int_equal(ibv_dereg_mr(mr1), 0);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	expect_unreachable(pd, 0x100, base, 1, 0, EINVAL);
	assert_int_equal(ibv_dealloc_pd(other_pd), 0);
	assert_int_equal(ibv_dealloc_pd(pd1), 0);
	assert_int_equal(ibv_close_device(c0), 0);
	assert_int_equal(ibv_close_device(c1), 0);
}

/* ---- foreign and long-dead pointers ---- */

static void test_foreign_pointers(void **state)
{
	void *garbage[] = { (void *)(uintptr_t)0x8, (void *)(uintptr_t)0xdeadbeef000ULL, NULL };
	struct ibv_context *heap_context = calloc(1, sizeof(*heap_context) + 64);
	struct ibv_device_attr attr;
	char stack_object[256];

	(void)state;
	memset(stack_object, 0xa5, sizeof(stack_object));
	garbage[2] = stack_object;
	for (int i = 0; i < 4; i++) {
		void *p = i < 3 ? garbage[i] : (void *)heap_context;

		capture_begin();
		assert_null(ibv_alloc_pd(p));
		expect_refusal("ibv_alloc_pd", EINVAL);
		capture_begin();
		assert_int_equal(ibv_close_device(p), -1);
		expect_refusal("ibv_close_device", EINVAL);
		capture_begin();
		assert_int_equal(ibv_query_device(p, &attr), EINVAL);
		expect_refusal("ibv_query_device", EINVAL);
		capture_begin();
		assert_int_equal(ibv_dealloc_pd(p), EINVAL);
		expect_refusal("ibv_dealloc_pd", EINVAL);
		capture_begin();
		assert_null(ibv_reg_mr(p, stack_object, 8, 0));
		expect_refusal("ibv_reg_mr", EINVAL);
		capture_begin();
		assert_int_equal(ibv_dereg_mr(p), EINVAL);
		expect_refusal("ibv_dereg_mr", EINVAL);
		capture_begin();
		assert_null(mlx5dv_devx_alloc_uar(p, 0));
		expect_refusal("mlx5dv_devx_alloc_uar", EINVAL);
		capture_begin();
		mlx5dv_devx_free_uar(p);
		expect_refusal("mlx5dv_devx_free_uar", EINVAL);
		capture_begin();
		ibv_free_device_list(p);
		expect_refusal("ibv_free_device_list", EINVAL);
	}
	free(heap_context);
}

/* A pointer destroyed long ago (past the quarantine) is still refused, and never read. */
static void test_long_dead_pointer(void **state)
{
	struct ibv_context *context = open_sim(0);
	struct ibv_pd *old = ibv_alloc_pd(context);

	(void)state;
	assert_int_equal(ibv_dealloc_pd(old), 0);
	for (int i = 0; i < 1500; i++)
		assert_int_equal(ibv_dealloc_pd(ibv_alloc_pd(context)), 0);
	capture_begin();
	assert_int_equal(ibv_dealloc_pd(old), EINVAL);
	expect_refusal("ibv_dealloc_pd", EINVAL);
	assert_int_equal(ibv_close_device(context), 0);
}

/* ---- threads ---- */

#define THREADS 4
#define LIVE_PER_THREAD 64
#define ROUNDS 20

struct worker {
	struct ibv_pd *pd;
	struct ibv_mr *mrs[LIVE_PER_THREAD];
	int failures;
};

/* Lists devices and registers, checks and deregisters regions; the last round's regions stay
 * registered, so every thread's keys are live together at the end. */
static void *work(void *arg)
{
	struct worker *w = arg;
	static char buffer[4096];

	for (int round = 0; round < ROUNDS; round++) {
		ibv_free_device_list(ibv_get_device_list(NULL));
		for (int i = 0; i < LIVE_PER_THREAD; i++) {
			struct ibv_mr *mr = ibv_reg_mr(w->pd, buffer + i, 32, IBV_ACCESS_LOCAL_WRITE);

			w->mrs[i] = mr;
			w->failures += !mr || flexio_verbs_mr_reach(w->pd, mr->lkey, (uintptr_t)buffer + i, 32,
								    IBV_ACCESS_LOCAL_WRITE) != buffer + i;
		}
		for (int i = 0; round < ROUNDS - 1 && i < LIVE_PER_THREAD; i++)
			w->failures += ibv_dereg_mr(w->mrs[i]) != 0;
	}
	return NULL;
}

static void test_threads(void **state)
{
	struct ibv_context *context = open_sim(0);
	static struct worker workers[THREADS];
	static uint32_t keys[THREADS * LIVE_PER_THREAD];
	pthread_t threads[THREADS];

	(void)state;
	for (int t = 0; t < THREADS; t++) {
		/* two threads share each PD */
		workers[t].pd = t % 2 ? workers[t - 1].pd : ibv_alloc_pd(context);
		assert_int_equal(pthread_create(&threads[t], NULL, work, &workers[t]), 0);
	}
	for (int t = 0; t < THREADS; t++) {
		pthread_join(threads[t], NULL);
		assert_int_equal(workers[t].failures, 0);
		for (int i = 0; i < LIVE_PER_THREAD; i++)
			keys[t * LIVE_PER_THREAD + i] = workers[t].mrs[i]->lkey;
	}
	expect_unique(keys, THREADS * LIVE_PER_THREAD);
	for (int t = 0; t < THREADS; t++)
		for (int i = 0; i < LIVE_PER_THREAD; i++)
			assert_int_equal(ibv_dereg_mr(workers[t].mrs[i]), 0);
	for (int t = 0; t < THREADS; t += 2)
		assert_int_equal(ibv_dealloc_pd(workers[t].pd), 0);
	assert_int_equal(ibv_close_device(context), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_default_list, setup),
		cmocka_unit_test_setup(test_device_count_from_environment, setup),
		cmocka_unit_test_setup(test_free_device_list_bad, setup),
		cmocka_unit_test_setup(test_device_name_and_guid_bad, setup),
		cmocka_unit_test_setup(test_open_close, setup),
		cmocka_unit_test_setup(test_open_foreign_device, setup),
		cmocka_unit_test_setup(test_close_with_objects, setup),
		cmocka_unit_test_setup(test_query_device, setup),
		cmocka_unit_test_setup(test_pd, setup),
		cmocka_unit_test_setup(test_reg_mr_forms, setup),
		cmocka_unit_test_setup(test_reg_mr_bad, setup),
		cmocka_unit_test_setup(test_keys_unique, setup),
		cmocka_unit_test_setup(test_uar, setup),
		cmocka_unit_test_setup(test_device_names, setup),
		cmocka_unit_test_setup(test_port, setup),
		cmocka_unit_test_setup(test_async_events, setup),
		cmocka_unit_test_setup(test_mlx5dv, setup),
		cmocka_unit_test_setup(test_not_simulated_yet, setup),
		cmocka_unit_test_setup(test_internal_owner, setup),
		cmocka_unit_test_setup(test_mr_reach, setup),
		cmocka_unit_test_setup(test_foreign_pointers, setup),
		cmocka_unit_test_setup(test_long_dead_pointer, setup),
		cmocka_unit_test_setup(test_threads, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
