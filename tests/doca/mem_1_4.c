/*
 * A 1.x program's memory calls (the DOCA Core programming guide): maps named at creation, started
 * first, then given devices and chunks (each registered as it comes); properties; one export, a
 * descriptor the caller frees; inventories by name and buf_by_addr; the 1.x buffer getters.
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_mmap.h>

#include "buf.h"
#include "mem_releases.h"
#include "mem_util.h"
#include "mmap.h"

static char memory[2][4096] __attribute__((aligned(4096)));
static int freed[2];

static void count_free(void *addr, size_t len, void *opaque)
{
	assert_int_equal(len, 4096);
	assert_ptr_equal(addr, memory[(int *)opaque - freed]);
	(*(int *)opaque)++;
}

/* The key of [addr, addr + len) of a buffer's map on dev, through a buffer of inventory. */
static uint32_t key_of(struct doca_buf_inventory *inv, struct doca_mmap *mmap, char *addr, struct doca_dev *dev)
{
	struct opendoca_reach reach;
	struct doca_buf *buf;
	uint16_t before;

	expect_ok(doca_buf_inventory_buf_by_addr(inv, mmap, addr, 16, &buf));
	expect_ok(opendoca_mmap_reach(opendoca_buf_get(buf, "test")->mmap, dev, (uintptr_t)addr, 16, &reach, "test"));
	expect_ok(doca_buf_refcount_rm(buf, &before));
	assert_int_equal(before, 1);
	return reach.mkey;
}

void mmap_1_4_takes_devices_and_chunks_after_start(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_buf_inventory *inv;
	struct doca_mmap *mmap;
	struct doca_buf *buf = NULL;
	uint32_t chunks = 2;

	(void)state;
	expect_fail(doca_mmap_create("map", NULL), DOCA_ERROR_INVALID_VALUE, "doca_mmap_create");
	expect_ok(doca_mmap_create("map", &mmap));
	expect_ok(doca_mmap_property_set(mmap, DOCA_MMAP_MAX_NUM_CHUNKS, (const uint8_t *)&chunks, sizeof(chunks)));
	/* The guide: devices and chunks come after start. */
	expect_fail(doca_mmap_dev_add(mmap, dev), DOCA_ERROR_BAD_STATE, "doca_mmap_dev_add");
	expect_fail(doca_mmap_populate(mmap, memory[0], 4096, 4096, NULL, NULL), DOCA_ERROR_BAD_STATE,
		    "doca_mmap_populate");
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_mmap_populate(mmap, memory[0], 4096, 4096, count_free, &freed[0]));
	expect_ok(doca_mmap_dev_add(mmap, dev));
	expect_ok(doca_mmap_populate(mmap, memory[1], 4096, 4096, count_free, &freed[1]));
	expect_fail(doca_mmap_populate(mmap, memory[1], 4096, 4096, NULL, NULL), DOCA_ERROR_NO_MEMORY,
		    "doca_mmap_populate");
	expect_ok(doca_buf_inventory_create("inventory", 4, DOCA_BUF_EXTENSION_NONE, &inv));
	expect_ok(doca_buf_inventory_start(inv));
	/* Both chunks are registered with the device, each its own region. */
	assert_int_not_equal(key_of(inv, mmap, memory[0], dev), 0);
	assert_int_not_equal(key_of(inv, mmap, memory[1], dev), 0);
	assert_int_not_equal(key_of(inv, mmap, memory[0], dev), key_of(inv, mmap, memory[1], dev));
	/* A buffer lies in one chunk (the two are adjacent). */
	expect_fail(doca_buf_inventory_buf_by_addr(inv, mmap, memory[0] + 4000, 200, &buf), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_buf_by_addr");
	assert_null(buf);
	expect_ok(doca_buf_inventory_destroy(inv));
	/* 1.x removes devices from a started map. */
	expect_ok(doca_mmap_dev_rm(mmap, dev));
	expect_fail(doca_mmap_dev_rm(mmap, dev), DOCA_ERROR_NOT_FOUND, "doca_mmap_dev_rm");
	/* The chunks' callbacks, once each, at destroy. */
	expect_ok(doca_mmap_destroy(mmap));
	assert_int_equal(freed[0], 1);
	assert_int_equal(freed[1], 1);
	freed[0] = freed[1] = 0;
	sim_dev_close(dev);
}

void mmap_1_4_properties(void **state)
{
	struct doca_mmap *mmap;
	char name[16];
	uint32_t number = 0;
	uint8_t flag = 1;

	(void)state;
	expect_ok(doca_mmap_create("a name", &mmap));
	expect_ok(doca_mmap_property_get(mmap, DOCA_MMAP_NAME, (const uint8_t *)name, sizeof(name)));
	assert_string_equal(name, "a name");
	expect_fail(doca_mmap_property_get(mmap, DOCA_MMAP_NAME, (const uint8_t *)name, 6), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_property_get");
	expect_ok(doca_mmap_property_get(mmap, DOCA_MMAP_MAX_NUM_DEVICES, (const uint8_t *)&number, sizeof(number)));
	assert_int_equal(number, 1);
	expect_ok(doca_mmap_property_get(mmap, DOCA_MMAP_MAX_NUM_CHUNKS, (const uint8_t *)&number, sizeof(number)));
	assert_int_equal(number, 1);
	expect_ok(doca_mmap_property_get(mmap, DOCA_MMAP_EXPORTED, &flag, sizeof(flag)));
	assert_int_equal(flag, 0);
	expect_fail(doca_mmap_property_get(mmap, DOCA_MMAP_EXPORTED, (const uint8_t *)&number, sizeof(number)),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_property_get");
	expect_fail(doca_mmap_property_get(mmap, (enum doca_mmap_property)99, &flag, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_property_get");
	expect_fail(doca_mmap_property_get(mmap, DOCA_MMAP_NUM_BUFS, NULL, 4), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_property_get");
	/* Setting: the writable ones, of their size, valid values, before start. */
	number = 3;
	expect_ok(doca_mmap_property_set(mmap, DOCA_MMAP_MAX_NUM_DEVICES, (const uint8_t *)&number, sizeof(number)));
	expect_fail(doca_mmap_property_set(mmap, DOCA_MMAP_MAX_NUM_DEVICES, (const uint8_t *)&number, 2),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_property_set");
	number = 0;
	expect_fail(doca_mmap_property_set(mmap, DOCA_MMAP_MAX_NUM_CHUNKS, (const uint8_t *)&number, sizeof(number)),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_property_set");
	number = 0x100;
	expect_fail(doca_mmap_property_set(mmap, DOCA_MMAP_ACCESS_FLAGS, (const uint8_t *)&number, sizeof(number)),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_property_set");
	number = DOCA_ACCESS_LOCAL_READ_WRITE | DOCA_ACCESS_DPU_READ_ONLY;
	expect_ok(doca_mmap_property_set(mmap, DOCA_MMAP_ACCESS_FLAGS, (const uint8_t *)&number, sizeof(number)));
	expect_fail(doca_mmap_property_set(mmap, DOCA_MMAP_NAME, (const uint8_t *)"x", 2), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_property_set");
	expect_fail(doca_mmap_property_set(mmap, DOCA_MMAP_NUM_BUFS, (const uint8_t *)&number, 4),
		    DOCA_ERROR_NOT_PERMITTED, "doca_mmap_property_set");
	expect_fail(doca_mmap_property_set(mmap, DOCA_MMAP_MAX_NUM_DEVICES, NULL, 4), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_property_set");
	expect_ok(doca_mmap_property_get(mmap, DOCA_MMAP_ACCESS_FLAGS, (const uint8_t *)&number, sizeof(number)));
	assert_int_equal(number, DOCA_ACCESS_LOCAL_READ_WRITE | DOCA_ACCESS_DPU_READ_ONLY);
	expect_ok(doca_mmap_property_get(mmap, DOCA_MMAP_MAX_NUM_DEVICES, (const uint8_t *)&number, sizeof(number)));
	assert_int_equal(number, 3);
	expect_ok(doca_mmap_start(mmap));
	number = 2;
	expect_fail(doca_mmap_property_set(mmap, DOCA_MMAP_MAX_NUM_CHUNKS, (const uint8_t *)&number, sizeof(number)),
		    DOCA_ERROR_BAD_STATE, "doca_mmap_property_set");
	expect_ok(doca_mmap_destroy(mmap));
	expect_fail(doca_mmap_property_get(mmap, DOCA_MMAP_NUM_BUFS, (const uint8_t *)&number, 4),
		    DOCA_ERROR_INVALID_VALUE, "doca_mmap_property_get");
}

void mmap_1_4_exports_once(void **state)
{
	struct doca_dev *dev = sim_dev_open(0), *other = sim_dev_open(1);
	struct doca_mmap *mmap, *two, *imported;
	uint8_t *desc = NULL, *again = NULL, flag = 0;
	size_t len = 0;
	uint32_t chunks = 2;

	(void)state;
	expect_ok(doca_mmap_create("exported", &mmap));
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_mmap_dev_add(mmap, dev));
	expect_ok(doca_mmap_populate(mmap, memory[0], 4096, 4096, NULL, NULL));
	/* 1.x sets no export permission: its export is readable and writable over PCI. */
	expect_fail(doca_mmap_export(mmap, dev, NULL, &len), DOCA_ERROR_INVALID_VALUE, "doca_mmap_export");
	expect_ok(doca_mmap_export(mmap, dev, &desc, &len));
	assert_non_null(desc);
	expect_fail(doca_mmap_export(mmap, dev, &again, &len), DOCA_ERROR_NOT_PERMITTED, "doca_mmap_export");
	expect_ok(doca_mmap_property_get(mmap, DOCA_MMAP_EXPORTED, &flag, 1));
	assert_int_equal(flag, 1);
	expect_fail(doca_mmap_populate(mmap, memory[1], 4096, 4096, NULL, NULL), DOCA_ERROR_NOT_PERMITTED,
		    "doca_mmap_populate");
	expect_ok(doca_mmap_create_from_export("imported", desc, len, other, &imported));
	expect_ok(doca_mmap_property_get(imported, DOCA_MMAP_FROM_EXPORT, &flag, 1));
	assert_int_equal(flag, 1);
	expect_ok(doca_mmap_destroy(imported));
	expect_fail(doca_mmap_create_from_export("imported", desc, len - 1, other, &imported), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_create_from_export");
	free(desc); /* the caller's */
	expect_ok(doca_mmap_destroy(mmap));
	/* A descriptor describes one range: a map of two chunks exports none. */
	expect_ok(doca_mmap_create("two", &two));
	expect_ok(doca_mmap_property_set(two, DOCA_MMAP_MAX_NUM_CHUNKS, (const uint8_t *)&chunks, sizeof(chunks)));
	expect_ok(doca_mmap_start(two));
	expect_ok(doca_mmap_dev_add(two, dev));
	expect_ok(doca_mmap_populate(two, memory[0], 4096, 4096, NULL, NULL));
	expect_ok(doca_mmap_populate(two, memory[1], 4096, 4096, NULL, NULL));
	expect_fail(doca_mmap_export(two, dev, &desc, &len), DOCA_ERROR_NOT_SUPPORTED, "doca_mmap_export");
	expect_fail(doca_mmap_populate(two, memory[0] + 8, 8, 3, NULL, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_mmap_populate");
	expect_ok(doca_mmap_destroy(two));
	sim_dev_close(dev);
	sim_dev_close(other);
}

void buffers_1_4(void **state)
{
	struct doca_buf_inventory *inv;
	struct doca_mmap *mmap;
	struct doca_buf *buf;
	uint8_t *head;
	size_t len;
	uint16_t count;
	uint32_t number;
	char name[16];

	(void)state;
	expect_ok(doca_mmap_create(NULL, &mmap));
	expect_ok(doca_mmap_start(mmap));
	expect_ok(doca_mmap_populate(mmap, memory[0], 4096, 4096, NULL, NULL));
	expect_fail(doca_buf_inventory_create("inv", 2, 1, &inv), DOCA_ERROR_INVALID_VALUE,
		    "doca_buf_inventory_create");
	expect_ok(doca_buf_inventory_create("inv", 2, DOCA_BUF_EXTENSION_NONE, &inv));
	expect_ok(doca_buf_inventory_property_get(inv, DOCA_BUF_INVENTORY_NAME, (const uint8_t *)name, sizeof(name)));
	assert_string_equal(name, "inv");
	expect_fail(doca_buf_inventory_property_set(inv, DOCA_BUF_INVENTORY_NUM_ELEMENTS, (const uint8_t *)&number, 4),
		    DOCA_ERROR_NOT_PERMITTED, "doca_buf_inventory_property_set");
	expect_fail(doca_buf_inventory_property_get(inv, DOCA_BUF_INVENTORY_NUM_ELEMENTS, (const uint8_t *)&number, 2),
		    DOCA_ERROR_INVALID_VALUE, "doca_buf_inventory_property_get");
	expect_fail(doca_buf_inventory_buf_by_addr(inv, mmap, memory[0], 8, &buf), DOCA_ERROR_BAD_STATE,
		    "doca_buf_inventory_buf_by_addr");
	expect_ok(doca_buf_inventory_start(inv));
	expect_ok(doca_buf_inventory_buf_by_addr(inv, mmap, memory[0] + 16, 32, &buf));
	expect_ok(doca_buf_inventory_property_get(inv, DOCA_BUF_INVENTORY_NUM_FREE_ELEMENTS, (const uint8_t *)&number,
						  sizeof(number)));
	assert_int_equal(number, 1);
	expect_ok(doca_buf_head_get(buf, &head));
	expect_ok(doca_buf_len_get(buf, &len));
	assert_ptr_equal(head, memory[0] + 16);
	assert_int_equal(len, 32);
	expect_ok(doca_buf_refcount_get(buf, &count));
	assert_int_equal(count, 1);
	expect_fail(doca_buf_head_get(buf, NULL), DOCA_ERROR_INVALID_VALUE, "doca_buf_head_get");
	expect_fail(doca_buf_len_get(NULL, &len), DOCA_ERROR_INVALID_VALUE, "doca_buf_len_get");
	expect_ok(doca_buf_refcount_rm(buf, &count));
	assert_int_equal(count, 1); /* the count before */
	expect_fail(doca_buf_refcount_rm(buf, &count), DOCA_ERROR_BAD_STATE, "doca_buf_refcount_rm");
	expect_fail(doca_buf_refcount_get(buf, &count), DOCA_ERROR_INVALID_VALUE, "doca_buf_refcount_get");
	expect_ok(doca_buf_inventory_destroy(inv));
	expect_ok(doca_mmap_destroy(mmap));
}
