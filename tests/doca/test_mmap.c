/*
 * DOCA memory maps with devices, in the newest release's API: registration at start (the keys a
 * device reaches the memory by), devices refused once started, exports and imports in one process
 * and across OS processes (a forked child imports the parent's export and reads and writes through
 * it; a read-only export refuses its writes; stopping the map revokes the child's import), and
 * descriptors of hostile bytes. Runs with two simulated devices (FLEXIO_SIM_DEVICES=2).
 */
#define DOCA_ALLOW_EXPERIMENTAL_API /* as NVIDIA's samples build */
#define _GNU_SOURCE                 /* memfd_create */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_dev.h>
#include <doca_mmap.h>

#include "buf.h"
#include "dev.h"
#include "mem_util.h"
#include "mmap.h"

#define MEM_SIZE (64u << 10)

struct fixture {
	struct doca_dev *dev0, *dev1;
	struct doca_buf_inventory *inv;
	uint8_t *memory;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	sdk_log_capture();
	assert_non_null(fx);
	fx->dev0 = sim_dev_open(0);
	fx->dev1 = sim_dev_open(1);
	fx->memory = aligned_alloc(4096, MEM_SIZE);
	assert_non_null(fx->memory);
	for (size_t i = 0; i < MEM_SIZE; i++)
		fx->memory[i] = (uint8_t)i;
	expect_ok(doca_buf_inventory_create(16, &fx->inv));
	expect_ok(doca_buf_inventory_start(fx->inv));
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	expect_ok(doca_buf_inventory_destroy(fx->inv));
	/* Every map released its devices: they close. */
	sim_dev_close(fx->dev0);
	sim_dev_close(fx->dev1);
	free(fx->memory);
	free(fx);
	return 0;
}

/* A started map over the fixture's memory, with permissions, on dev0. */
static struct doca_mmap *started_map(struct fixture *fx, uint32_t permissions)
{
	struct doca_mmap *mmap;

	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_memrange(mmap, fx->memory, MEM_SIZE));
	expect_ok(doca_mmap_add_dev(mmap, fx->dev0));
	expect_ok(doca_mmap_set_permissions(mmap, permissions));
	expect_ok(doca_mmap_start(mmap));
	return mmap;
}

/* A buffer over [offset, offset + len) of mmap, and its descriptor (the DMA context's view). */
static struct doca_buf *buf_over(struct fixture *fx, struct doca_mmap *mmap, uint64_t addr, size_t len,
				 struct opendoca_buf **desc)
{
	struct doca_buf *buf;

	expect_ok(doca_buf_inventory_buf_get_by_addr(fx->inv, mmap, (void *)(uintptr_t)addr, len, &buf));
	*desc = opendoca_buf_get(buf, "test");
	assert_non_null(*desc);
	return buf;
}

/* ---------------------------------------------------------------------------------------------- */

static void starting_registers_the_memory_with_each_device(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap, *ro;
	struct opendoca_buf *desc, *ro_desc;
	struct doca_buf *buf, *ro_buf;
	struct opendoca_reach reach, ro_reach;
	doca_dpa_dev_mmap_t handle;
	uint32_t users = opendoca_dev_users(fx->dev0);

	mmap = started_map(fx, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ);
	assert_int_equal(opendoca_dev_users(fx->dev0), users + 1);
	expect_fail(doca_dev_close(fx->dev0), DOCA_ERROR_IN_USE, "doca_dev_close");
	buf = buf_over(fx, mmap, (uintptr_t)fx->memory + 100, 50, &desc);
	expect_ok(opendoca_mmap_reach(desc->mmap, fx->dev0, (uintptr_t)fx->memory + 100, 50, &reach, "test"));
	assert_ptr_equal(reach.host, fx->memory + 100);
	assert_int_not_equal(reach.mkey, 0);
	assert_false(reach.remote);
	assert_true(reach.readable && reach.writable);
	/* No key without the device; the range must be the map's. */
	expect_fail(opendoca_mmap_reach(desc->mmap, fx->dev1, (uintptr_t)fx->memory, 8, &reach, "test"),
		    DOCA_ERROR_NOT_FOUND, "test");
	expect_fail(opendoca_mmap_reach(desc->mmap, fx->dev0, (uintptr_t)fx->memory + MEM_SIZE, 1, &reach, "test"),
		    DOCA_ERROR_INVALID_VALUE, "test");
	expect_ok(opendoca_mmap_reach(desc->mmap, NULL, (uintptr_t)fx->memory, MEM_SIZE, &reach, "test"));
	assert_int_equal(reach.mkey, 0);
	/* The DPA names the memory by the same key. */
	expect_ok(doca_mmap_dev_get_dpa_handle(mmap, fx->dev0, &handle));
	expect_ok(opendoca_mmap_reach(desc->mmap, fx->dev0, (uintptr_t)fx->memory, 8, &reach, "test"));
	assert_int_equal(handle, reach.mkey);
	expect_fail(doca_mmap_dev_get_dpa_handle(mmap, fx->dev1, &handle), DOCA_ERROR_NOT_FOUND,
		    "doca_mmap_dev_get_dpa_handle");
	expect_fail(doca_mmap_dev_get_dpa_handle(mmap, fx->dev0, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_dev_get_dpa_handle");
	/* Read-only permissions: a region devices read, not write; its own key. */
	ro = started_map(fx, DOCA_ACCESS_FLAG_LOCAL_READ_ONLY);
	ro_buf = buf_over(fx, ro, (uintptr_t)fx->memory, 8, &ro_desc);
	expect_ok(opendoca_mmap_reach(ro_desc->mmap, fx->dev0, (uintptr_t)fx->memory, 8, &ro_reach, "test"));
	assert_false(ro_reach.writable);
	assert_int_not_equal(ro_reach.mkey, reach.mkey);
	expect_ok(doca_buf_dec_refcount(ro_buf, NULL));
	expect_ok(doca_mmap_destroy(ro));
	expect_ok(doca_buf_dec_refcount(buf, NULL));
	/* Stopped: no handle. */
	expect_ok(doca_mmap_stop(mmap));
	expect_fail(doca_mmap_dev_get_dpa_handle(mmap, fx->dev0, &handle), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_dev_get_dpa_handle");
	expect_ok(doca_mmap_destroy(mmap));
	assert_int_equal(opendoca_dev_users(fx->dev0), users);
}

static void devices_come_before_start(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap;
	uint32_t users = opendoca_dev_users(fx->dev1);

	expect_ok(doca_mmap_create(&mmap));
	expect_fail(doca_mmap_add_dev(mmap, NULL), DOCA_ERROR_INVALID_VALUE, "doca_mmap_add_dev");
	expect_fail(doca_mmap_add_dev(mmap, (struct doca_dev *)fx->inv), DOCA_ERROR_INVALID_VALUE, "doca_mmap_add_dev");
	expect_ok(doca_mmap_add_dev(mmap, fx->dev0));
	expect_fail(doca_mmap_add_dev(mmap, fx->dev0), DOCA_ERROR_ALREADY_EXIST, "doca_mmap_add_dev");
	/* One device unless told more. */
	expect_fail(doca_mmap_add_dev(mmap, fx->dev1), DOCA_ERROR_NO_MEMORY, "doca_mmap_add_dev");
	assert_int_equal(opendoca_dev_users(fx->dev1), users);
	expect_ok(doca_mmap_set_max_num_devices(mmap, 2));
	expect_ok(doca_mmap_add_dev(mmap, fx->dev1));
	expect_fail(doca_mmap_set_max_num_devices(mmap, 1), DOCA_ERROR_INVALID_VALUE, "doca_mmap_set_max_num_devices");
	expect_ok(doca_mmap_rm_dev(mmap, fx->dev1));
	expect_fail(doca_mmap_rm_dev(mmap, fx->dev1), DOCA_ERROR_NOT_FOUND, "doca_mmap_rm_dev");
	assert_int_equal(opendoca_dev_users(fx->dev1), users);
	expect_ok(doca_mmap_add_dev(mmap, fx->dev1));
	expect_ok(doca_mmap_set_memrange(mmap, fx->memory, MEM_SIZE));
	expect_ok(doca_mmap_start(mmap));
	/* Started: the devices are what they are. */
	expect_fail(doca_mmap_add_dev(mmap, fx->dev0), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_add_dev");
	expect_fail(doca_mmap_rm_dev(mmap, fx->dev1), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_rm_dev");
	expect_ok(doca_mmap_stop(mmap));
	expect_ok(doca_mmap_rm_dev(mmap, fx->dev1));
	expect_ok(doca_mmap_destroy(mmap));
	assert_int_equal(opendoca_dev_users(fx->dev1), users);
}

/* An address range that is not mapped (mapped, then unmapped). */
static void *unmapped(size_t len)
{
	void *at = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	assert_true(at != MAP_FAILED);
	assert_int_equal(munmap(at, len), 0);
	return at;
}

static void a_failed_registration_leaves_the_map_stopped(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap;
	struct doca_buf *buf = NULL;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	void *gone = unmapped(page);
	int fd = memfd_create("dmabuf", 0);

	/* Memory that is not mapped: the device refuses it, the map stays stopped. */
	expect_ok(doca_mmap_create(&mmap));
	expect_ok(doca_mmap_set_max_num_devices(mmap, 2));
	expect_ok(doca_mmap_add_dev(mmap, fx->dev0));
	expect_ok(doca_mmap_add_dev(mmap, fx->dev1));
	expect_ok(doca_mmap_set_memrange(mmap, gone, page));
	expect_fail(doca_mmap_start(mmap), DOCA_ERROR_DRIVER, "doca_mmap_start");
	expect_fail(doca_buf_inventory_buf_get_by_addr(fx->inv, mmap, gone, 8, &buf), DOCA_ERROR_BAD_STATE,
		    "doca_buf_inventory_buf_get_by_args");
	expect_ok(doca_mmap_destroy(mmap));
	/* A dma-buf: the simulated device registers none (nor does the map start); without a device it does. */
	assert_true(fd >= 0);
	expect_ok(doca_mmap_create(&mmap));
	expect_fail(doca_mmap_set_dmabuf_memrange(mmap, -1, (void *)0x10000, 0, page), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_set_dmabuf_memrange");
	expect_ok(doca_mmap_set_dmabuf_memrange(mmap, fd, (void *)0x10000, 0, page));
	expect_fail(doca_mmap_set_memrange(mmap, fx->memory, 8), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_set_memrange");
	expect_ok(doca_mmap_add_dev(mmap, fx->dev0));
	expect_fail(doca_mmap_start(mmap), DOCA_ERROR_NOT_SUPPORTED, "doca_mmap_start");
	expect_ok(doca_mmap_rm_dev(mmap, fx->dev0));
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_buf_inventory_buf_get_by_addr(fx->inv, mmap, (void *)0x10100, 8, &buf));
	expect_ok(doca_buf_dec_refcount(buf, NULL));
	expect_ok(doca_mmap_destroy(mmap));
	close(fd);
}

static void devices_report_the_export_capabilities(void **state)
{
	struct fixture *fx = *state;
	uint8_t yes = 0;

	expect_ok(doca_mmap_cap_is_export_pci_supported(doca_dev_as_devinfo(fx->dev0), &yes));
	assert_int_equal(yes, 1);
	yes = 0;
	expect_ok(doca_mmap_cap_is_create_from_export_pci_supported(doca_dev_as_devinfo(fx->dev0), &yes));
	assert_int_equal(yes, 1);
	expect_fail(doca_mmap_cap_is_export_pci_supported(doca_dev_as_devinfo(fx->dev0), NULL),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_cap_is_export_pci_supported");
	expect_fail(doca_mmap_cap_is_create_from_export_pci_supported(NULL, &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_cap_is_create_from_export_pci_supported");
}

/* ---------------------------------------------------------------------------------------------- */
/* Exports in one process                                                                         */
/* ---------------------------------------------------------------------------------------------- */

static void exports_follow_the_rules(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap, *unstarted, *imported;
	const void *desc, *again;
	size_t len, len2;
	uint8_t flag;

	expect_ok(doca_mmap_create(&unstarted));
	expect_ok(doca_mmap_set_memrange(unstarted, fx->memory, MEM_SIZE));
	expect_ok(doca_mmap_add_dev(unstarted, fx->dev0));
	expect_ok(doca_mmap_set_permissions(unstarted, DOCA_ACCESS_FLAG_PCI_READ_WRITE));
	expect_fail(doca_mmap_export_pci(unstarted, fx->dev0, &desc, &len), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_export_pci");
	expect_ok(doca_mmap_destroy(unstarted));
	/* Without PCI (or RDMA) permission, no such export. */
	mmap = started_map(fx, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	expect_fail(doca_mmap_export_pci(mmap, fx->dev0, &desc, &len), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_export_pci");
	expect_fail(doca_mmap_export_rdma(mmap, fx->dev0, &desc, &len), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_export_rdma");
	expect_ok(doca_mmap_destroy(mmap));
	mmap = started_map(fx, DOCA_ACCESS_FLAG_PCI_READ_WRITE);
	expect_fail(doca_mmap_export_pci(mmap, fx->dev1, &desc, &len), DOCA_ERROR_NOT_FOUND, "doca_mmap_export_pci");
	expect_fail(doca_mmap_export_pci(mmap, NULL, &desc, &len), DOCA_ERROR_INVALID_VALUE, "doca_mmap_export_pci");
	expect_fail(doca_mmap_export_pci(mmap, fx->dev0, NULL, &len), DOCA_ERROR_INVALID_VALUE, "doca_mmap_export_pci");
	expect_fail(doca_mmap_export_pci(mmap, fx->dev0, &desc, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_export_pci");
	expect_fail(doca_mmap_export_pci(NULL, fx->dev0, &desc, &len), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_export_pci");
	expect_ok(doca_mmap_get_exported(mmap, &flag));
	assert_false(flag);
	expect_ok(doca_mmap_export_pci(mmap, fx->dev0, &desc, &len));
	expect_ok(doca_mmap_export_pci(mmap, fx->dev0, &again, &len2));
	assert_ptr_equal(desc, again);
	assert_int_equal(len, len2);
	expect_ok(doca_mmap_get_exported(mmap, &flag));
	assert_true(flag);
	/* An exported map is what it is. */
	expect_fail(doca_mmap_set_user_data(mmap, (union doca_data){ 0 }), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_set_user_data");
	/* The map created from it cannot be configured, started or exported; it stops (once). */
	expect_ok(doca_mmap_create_from_export(NULL, desc, len, fx->dev1, &imported));
	expect_ok(doca_mmap_get_from_export(imported, &flag));
	assert_true(flag);
	expect_fail(doca_mmap_start(imported), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_start");
	expect_fail(doca_mmap_set_permissions(imported, 0), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_set_permissions");
	expect_fail(doca_mmap_add_dev(imported, fx->dev0), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_add_dev");
	expect_fail(doca_mmap_export_pci(imported, fx->dev1, &again, &len2), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_export_pci");
	expect_ok(doca_mmap_stop(imported));
	expect_fail(doca_mmap_stop(imported), DOCA_ERROR_BAD_STATE, "doca_mmap_stop");
	expect_fail(doca_mmap_start(imported), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_start");
	expect_ok(doca_mmap_destroy(imported));
	/* Stopped, an exported map only goes. */
	expect_ok(doca_mmap_stop(mmap));
	expect_fail(doca_mmap_start(mmap), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_start");
	expect_ok(doca_mmap_destroy(mmap));
}

static void an_import_in_the_exporting_process_reaches_the_memory(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap, *imported, *again;
	struct opendoca_buf *desc;
	struct opendoca_reach reach;
	struct doca_buf *buf;
	const void *export;
	uint8_t *copy;
	void *addr;
	size_t len, range_len;

	mmap = started_map(fx, DOCA_ACCESS_FLAG_PCI_READ_ONLY | DOCA_ACCESS_FLAG_RDMA_WRITE);
	expect_ok(doca_mmap_export_pci(mmap, fx->dev0, &export, &len));
	/* A descriptor is bytes the program sends: a copy imports alike. */
	copy = malloc(len);
	memcpy(copy, export, len);
	expect_ok(doca_mmap_create_from_export(NULL, copy, len, fx->dev1, &imported));
	expect_ok(doca_mmap_get_memrange(imported, &addr, &range_len));
	assert_ptr_equal(addr, fx->memory);
	assert_int_equal(range_len, MEM_SIZE);
	buf = buf_over(fx, imported, (uintptr_t)fx->memory + 8, 8, &desc);
	expect_ok(opendoca_mmap_reach(desc->mmap, fx->dev1, (uintptr_t)fx->memory + 8, 8, &reach, "test"));
	assert_ptr_equal(reach.host, fx->memory + 8);
	assert_int_not_equal(reach.mkey, 0);
	assert_true(reach.readable);
	assert_false(reach.writable); /* PCI read-only */
	assert_false(reach.remote);
	/* Not another process's: no copy through an exporter. */
	expect_fail(opendoca_mmap_remote_read(desc->mmap, (uintptr_t)fx->memory, copy, 8, "test"),
		    DOCA_ERROR_INVALID_VALUE, "test");
	/* Buffers keep the imported map. */
	expect_fail(doca_mmap_destroy(imported), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_destroy");
	/* The exporter stops: the export is revoked, the import reaches nothing more. */
	expect_ok(doca_mmap_stop(mmap));
	expect_fail(opendoca_mmap_reach(desc->mmap, fx->dev1, (uintptr_t)fx->memory, 8, &reach, "test"),
		    DOCA_ERROR_BAD_STATE, "test");
	expect_fail(doca_mmap_create_from_export(NULL, copy, len, fx->dev1, &again), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_create_from_export");
	expect_ok(doca_buf_dec_refcount(buf, NULL));
	expect_ok(doca_mmap_destroy(imported));
	expect_ok(doca_mmap_destroy(mmap));
	free(copy);
}

static void an_rdma_export_carries_the_key(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap, *imported, *elsewhere;
	struct opendoca_buf *desc, *mine;
	struct opendoca_reach reach, exporter;
	struct doca_buf *buf, *own;
	doca_dpa_dev_mmap_t key, peer_key;
	const void *export;
	size_t len;

	mmap = started_map(fx, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ);
	expect_ok(doca_mmap_export_rdma(mmap, fx->dev0, &export, &len));
	expect_ok(doca_mmap_create_from_export(NULL, export, len, fx->dev0, &imported));
	own = buf_over(fx, mmap, (uintptr_t)fx->memory, 8, &mine);
	buf = buf_over(fx, imported, (uintptr_t)fx->memory, 8, &desc);
	expect_ok(opendoca_mmap_reach(mine->mmap, fx->dev0, (uintptr_t)fx->memory, 8, &exporter, "test"));
	expect_ok(opendoca_mmap_reach(desc->mmap, fx->dev0, (uintptr_t)fx->memory, 8, &reach, "test"));
	assert_true(reach.readable);
	assert_false(reach.writable); /* RDMA read only */
	/* On the exporting device, the importer names the memory by the exporter's key (an RDMA peer's rkey). */
	assert_int_not_equal(reach.mkey, 0);
	assert_int_equal(reach.mkey, exporter.mkey);
	/* Imported on another device, DPA code still names it by the exporter's key: the remote key
	 * it posts RDMA to the exporter with (its own device knows no key of the memory). */
	expect_ok(doca_mmap_create_from_export(NULL, export, len, fx->dev1, &elsewhere));
	expect_ok(doca_mmap_dev_get_dpa_handle(mmap, fx->dev0, &key));
	expect_ok(doca_mmap_dev_get_dpa_handle(elsewhere, fx->dev1, &peer_key));
	assert_int_equal(peer_key, key);
	expect_ok(doca_mmap_dev_get_dpa_handle(imported, fx->dev0, &peer_key));
	assert_int_equal(peer_key, key);
	expect_ok(doca_mmap_destroy(elsewhere));
	expect_ok(doca_buf_dec_refcount(buf, NULL));
	expect_ok(doca_buf_dec_refcount(own, NULL));
	expect_ok(doca_mmap_destroy(imported));
	expect_ok(doca_mmap_destroy(mmap));
}

/* ---------------------------------------------------------------------------------------------- */
/* Exports across processes                                                                       */
/* ---------------------------------------------------------------------------------------------- */

/* In a forked child: no cmocka there, a failed check exits with the line. */
#define CHILD_CHECK(cond)                                                                 \
	do {                                                                              \
		if (!(cond)) {                                                            \
			fprintf(stderr, "child: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
			_exit(1);                                                         \
		}                                                                         \
	} while (0)

struct child_args {
	struct fixture *fx;
	const void *desc;
	size_t len;
	int to_child[2];  /* the parent's "go on" */
	int to_parent[2]; /* the child's "ready" */
};

/* Runs child(args) in a forked child and checks it exited 0; the SDK lines it logged are dropped. */
static void in_child(void (*child)(struct child_args *), struct child_args *args, void (*parent)(struct child_args *))
{
	int status;
	pid_t pid;

	assert_int_equal(pipe(args->to_child), 0);
	assert_int_equal(pipe(args->to_parent), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		child(args);
		_exit(0);
	}
	if (parent)
		parent(args);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	for (int i = 0; i < 2; i++) {
		close(args->to_child[i]);
		close(args->to_parent[i]);
	}
	free(sdk_log_take());
}

/* The child's import and a buffer over all of it (through its own inventory). */
static struct doca_mmap *child_import(struct child_args *args, struct doca_buf **buf, struct opendoca_buf **desc)
{
	struct doca_mmap *imported = NULL;
	struct doca_buf_inventory *inv;
	void *addr;
	size_t len;

	CHILD_CHECK(doca_mmap_create_from_export(NULL, args->desc, args->len, args->fx->dev1, &imported) ==
		    DOCA_SUCCESS);
	CHILD_CHECK(doca_mmap_get_memrange(imported, &addr, &len) == DOCA_SUCCESS);
	CHILD_CHECK(addr == args->fx->memory && len == MEM_SIZE);
	CHILD_CHECK(doca_buf_inventory_create(1, &inv) == DOCA_SUCCESS);
	CHILD_CHECK(doca_buf_inventory_start(inv) == DOCA_SUCCESS);
	CHILD_CHECK(doca_buf_inventory_buf_get_by_addr(inv, imported, addr, len, buf) == DOCA_SUCCESS);
	*desc = opendoca_buf_get(*buf, "child");
	CHILD_CHECK(*desc);
	return imported;
}

static void child_reads_and_writes(struct child_args *args)
{
	uint64_t base = (uintptr_t)args->fx->memory;
	struct opendoca_reach reach;
	struct opendoca_buf *desc;
	struct doca_buf *buf;
	uint8_t *big = malloc(MEM_SIZE), small[16];

	child_import(args, &buf, &desc);
	CHILD_CHECK(opendoca_mmap_reach(desc->mmap, args->fx->dev1, base, MEM_SIZE, &reach, "child") == DOCA_SUCCESS);
	CHILD_CHECK(reach.remote && !reach.host && reach.readable && reach.writable);
	/* The parent's bytes, in pieces larger and smaller than one request. */
	CHILD_CHECK(big);
	memset(big, 0, MEM_SIZE);
	CHILD_CHECK(opendoca_mmap_remote_read(desc->mmap, base, big, MEM_SIZE, "child") == DOCA_SUCCESS);
	for (size_t i = 0; i < MEM_SIZE; i++)
		CHILD_CHECK(big[i] == (uint8_t)i);
	CHILD_CHECK(opendoca_mmap_remote_read(desc->mmap, base + 1000, small, 16, "child") == DOCA_SUCCESS);
	CHILD_CHECK(small[0] == (uint8_t)1000);
	/* Writes land in the parent. */
	memset(small, 0xab, sizeof(small));
	CHILD_CHECK(opendoca_mmap_remote_write(desc->mmap, base + 64, small, sizeof(small), "child") == DOCA_SUCCESS);
	/* Outside the export: refused here, before the exporter is asked. */
	CHILD_CHECK(opendoca_mmap_remote_write(desc->mmap, base + MEM_SIZE - 8, small, 16, "child") ==
		    DOCA_ERROR_INVALID_VALUE);
	free(big);
}

static void a_child_imports_and_copies_through_the_export(void **state)
{
	struct fixture *fx = *state;
	struct child_args args = { .fx = fx };
	struct doca_mmap *mmap = started_map(fx, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_PCI_READ_WRITE);

	expect_ok(doca_mmap_export_pci(mmap, fx->dev0, &args.desc, &args.len));
	in_child(child_reads_and_writes, &args, NULL);
	for (int i = 0; i < 16; i++)
		assert_int_equal(fx->memory[64 + i], 0xab);
	assert_int_equal(fx->memory[63], 63);
	assert_int_equal(fx->memory[80], 80);
	expect_ok(doca_mmap_destroy(mmap));
}

static void child_cannot_write(struct child_args *args)
{
	uint64_t base = (uintptr_t)args->fx->memory;
	struct opendoca_buf *desc;
	struct doca_buf *buf;
	uint8_t byte = 0;

	child_import(args, &buf, &desc);
	CHILD_CHECK(opendoca_mmap_remote_read(desc->mmap, base + 5, &byte, 1, "child") == DOCA_SUCCESS);
	CHILD_CHECK(byte == 5);
	CHILD_CHECK(opendoca_mmap_remote_write(desc->mmap, base + 5, &byte, 1, "child") == DOCA_ERROR_NOT_PERMITTED);
}

static void a_read_only_export_refuses_writes(void **state)
{
	struct fixture *fx = *state;
	struct child_args args = { .fx = fx };
	struct doca_mmap *mmap = started_map(fx, DOCA_ACCESS_FLAG_PCI_READ_ONLY);

	expect_ok(doca_mmap_export_pci(mmap, fx->dev0, &args.desc, &args.len));
	in_child(child_cannot_write, &args, NULL);
	assert_int_equal(fx->memory[5], 5);
	expect_ok(doca_mmap_destroy(mmap));
}

static void child_loses_its_import(struct child_args *args)
{
	uint64_t base = (uintptr_t)args->fx->memory;
	struct opendoca_buf *desc;
	struct doca_mmap *imported;
	struct doca_buf *buf;
	uint8_t byte = 0;
	char go;

	imported = child_import(args, &buf, &desc);
	CHILD_CHECK(opendoca_mmap_remote_read(desc->mmap, base + 7, &byte, 1, "child") == DOCA_SUCCESS);
	CHILD_CHECK(write(args->to_parent[1], "r", 1) == 1);
	CHILD_CHECK(read(args->to_child[0], &go, 1) == 1);
	/* The parent stopped its map. */
	CHILD_CHECK(opendoca_mmap_remote_read(desc->mmap, base + 7, &byte, 1, "child") ==
		    DOCA_ERROR_CONNECTION_ABORTED);
	CHILD_CHECK(doca_mmap_create_from_export(NULL, args->desc, args->len, args->fx->dev1, &imported) ==
		    DOCA_ERROR_NOT_PERMITTED);
}

static struct doca_mmap *revoked;

static void stop_between(struct child_args *args)
{
	char ready;

	assert_int_equal(read(args->to_parent[0], &ready, 1), 1);
	expect_ok(doca_mmap_stop(revoked));
	assert_int_equal(write(args->to_child[1], "g", 1), 1);
}

static void stopping_revokes_the_imports(void **state)
{
	struct fixture *fx = *state;
	struct child_args args = { .fx = fx };
	uint8_t *copy;

	revoked = started_map(fx, DOCA_ACCESS_FLAG_PCI_READ_ONLY);
	expect_ok(doca_mmap_export_pci(revoked, fx->dev0, &args.desc, &args.len));
	/* The descriptor goes with the stop: the child keeps a copy. */
	copy = malloc(args.len);
	memcpy(copy, args.desc, args.len);
	args.desc = copy;
	in_child(child_loses_its_import, &args, stop_between);
	expect_ok(doca_mmap_destroy(revoked));
	free(copy);
}

/* ---------------------------------------------------------------------------------------------- */

static void hostile_descriptors_are_refused(void **state)
{
	struct fixture *fx = *state;
	struct doca_mmap *mmap, *imported = NULL;
	const void *export;
	uint8_t *bytes;
	size_t len;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	int imports = 0;

	mmap = started_map(fx, DOCA_ACCESS_FLAG_PCI_READ_WRITE);
	expect_ok(doca_mmap_export_pci(mmap, fx->dev0, &export, &len));
	bytes = malloc(2 * len);
	expect_fail(doca_mmap_create_from_export(NULL, NULL, len, fx->dev0, &imported), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_create_from_export");
	expect_fail(doca_mmap_create_from_export(NULL, export, len, NULL, &imported), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_create_from_export");
	expect_fail(doca_mmap_create_from_export(NULL, export, len, fx->dev0, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_create_from_export");
	expect_fail(doca_mmap_create_from_export(NULL, export, len - 1, fx->dev0, &imported), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_create_from_export");
	expect_fail(doca_mmap_create_from_export(NULL, export, 0, fx->dev0, &imported), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_create_from_export");
	/* Random bytes, of random lengths and of the right one. */
	for (int i = 0; i < 3000; i++) {
		size_t n = i % 3 ? len : (size_t)(seed % (2 * len));

		for (size_t j = 0; j < 2 * len; j++) {
			seed ^= seed << 13;
			seed ^= seed >> 7;
			seed ^= seed << 17;
			bytes[j] = (uint8_t)seed;
		}
		expect_fail(doca_mmap_create_from_export(NULL, bytes, n, fx->dev0, &imported), DOCA_ERROR_INVALID_VALUE,
			    "doca_mmap_create_from_export");
	}
	/* Every byte of a true descriptor changed: refused, or the same export (what no check reads). */
	for (size_t at = 0; at < len; at++) {
		for (int flip = 1; flip < 256; flip <<= 2) {
			doca_error_t err;

			memcpy(bytes, export, len);
			bytes[at] ^= (uint8_t)flip;
			err = doca_mmap_create_from_export(NULL, bytes, len, fx->dev0, &imported);
			if (err == DOCA_SUCCESS) {
				expect_ok(doca_mmap_destroy(imported));
				imports++;
				continue;
			}
			if (err != DOCA_ERROR_INVALID_VALUE)
				expect_fail(err, DOCA_ERROR_NOT_PERMITTED, "doca_mmap_create_from_export");
			else
				expect_fail(err, DOCA_ERROR_INVALID_VALUE, "doca_mmap_create_from_export");
		}
	}
	/* A descriptor is the export's byte for byte: no changed one imports. */
	assert_int_equal(imports, 0);
	expect_ok(doca_mmap_create_from_export(NULL, export, len, fx->dev0, &imported));
	expect_ok(doca_mmap_destroy(imported));
	free(bytes);
	expect_ok(doca_mmap_destroy(mmap));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(starting_registers_the_memory_with_each_device, setup, teardown),
		cmocka_unit_test_setup_teardown(devices_come_before_start, setup, teardown),
		cmocka_unit_test_setup_teardown(a_failed_registration_leaves_the_map_stopped, setup, teardown),
		cmocka_unit_test_setup_teardown(devices_report_the_export_capabilities, setup, teardown),
		cmocka_unit_test_setup_teardown(exports_follow_the_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(an_import_in_the_exporting_process_reaches_the_memory, setup, teardown),
		cmocka_unit_test_setup_teardown(an_rdma_export_carries_the_key, setup, teardown),
		cmocka_unit_test_setup_teardown(a_child_imports_and_copies_through_the_export, setup, teardown),
		cmocka_unit_test_setup_teardown(a_read_only_export_refuses_writes, setup, teardown),
		cmocka_unit_test_setup_teardown(stopping_revokes_the_imports, setup, teardown),
		cmocka_unit_test_setup_teardown(hostile_descriptors_are_refused, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
