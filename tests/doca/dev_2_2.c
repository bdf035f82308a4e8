/*
 * 2.2's forms of the device calls: doca_devinfo_list_create, the doca_devinfo_get_is_*_supported
 * capabilities, doca_devinfo_rep_list_create with enum doca_dev_rep_filter, and the device lookups
 * of NVIDIA's 2.2 samples (samples/common.c).
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <doca_dev.h>

#include "caps.h"
#include "dev_releases.h"
#include "dev_util.h"

static void lists_and_capabilities(void **state)
{
	struct doca_devinfo **list, *fake[1] = { NULL };
	uint32_t count = 0;
	uint8_t yes = 2;

	(void)state;
	assert_int_equal(doca_devinfo_list_create(&list, &count), DOCA_SUCCESS);
	assert_true(count >= 1);
	assert_int_equal(doca_devinfo_get_is_pci_addr_equal(list[0], "03:00.0", &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 1);
	assert_int_equal(doca_devinfo_get_is_hotplug_manager_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 0);
	/* an export to the other side of the PCI bus: as the memory family says it works (caps.h) */
	assert_int_equal(doca_devinfo_get_is_mmap_export_dpu_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, (OPENDOCA_CAPS_SIMULATED >> OPENDOCA_CAP_MMAP_EXPORT_PCI) & 1);
	assert_int_equal(doca_devinfo_get_is_mmap_from_export_dpu_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, (OPENDOCA_CAPS_SIMULATED >> OPENDOCA_CAP_MMAP_CREATE_FROM_EXPORT_PCI) & 1);
	assert_int_equal(doca_devinfo_rep_get_is_list_all_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 1);
	assert_int_equal(doca_devinfo_rep_get_is_list_net_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 1);
	assert_int_equal(doca_devinfo_rep_get_is_list_emulated_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 1);

	EXPECT_FAIL(doca_devinfo_list_create(NULL, &count), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_list_create");
	EXPECT_FAIL(doca_devinfo_list_create(&list, NULL), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_list_create");
	EXPECT_FAIL(doca_devinfo_list_destroy(fake), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_list_destroy");
	EXPECT_FAIL(doca_devinfo_get_is_pci_addr_equal(list[0], "3:0.0", &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_is_pci_addr_equal");
	EXPECT_FAIL(doca_devinfo_get_is_pci_addr_equal(NULL, "03:00.0", &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_is_pci_addr_equal");
	EXPECT_FAIL(doca_devinfo_get_is_hotplug_manager_supported(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_is_hotplug_manager_supported");
	EXPECT_FAIL(doca_devinfo_get_is_mmap_export_dpu_supported(NULL, &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_is_mmap_export_dpu_supported");
	EXPECT_FAIL(doca_devinfo_get_is_mmap_from_export_dpu_supported(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_is_mmap_from_export_dpu_supported");
	EXPECT_FAIL(doca_devinfo_rep_get_is_list_all_supported(NULL, &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_is_list_all_supported");
	EXPECT_FAIL(doca_devinfo_rep_get_is_list_net_supported(NULL, &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_is_list_net_supported");
	EXPECT_FAIL(doca_devinfo_rep_get_is_list_emulated_supported(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_is_list_emulated_supported");
	assert_int_equal(doca_devinfo_list_destroy(list), DOCA_SUCCESS);
	EXPECT_FAIL(doca_devinfo_list_destroy(list), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_list_destroy");
}

static void representor_lists(void **state)
{
	struct doca_devinfo **list;
	struct doca_devinfo_rep **reps, *fake[1] = { NULL };
	struct doca_dev *dev;
	uint32_t count;
	uint8_t equal = 2;

	(void)state;
	assert_int_equal(doca_devinfo_list_create(&list, &count), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_list_destroy(list), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_list_create(dev, DOCA_DEV_REP_FILTER_NET, &reps, &count), DOCA_SUCCESS);
	assert_int_equal(count, 1);
	assert_int_equal(doca_devinfo_rep_get_is_pci_addr_equal(reps[0], "0000:3b:00.0", &equal), DOCA_SUCCESS);
	assert_int_equal(equal, 1);
	assert_int_equal(doca_devinfo_rep_get_is_pci_addr_equal(reps[0], "3b:00.1", &equal), DOCA_SUCCESS);
	assert_int_equal(equal, 0);
	EXPECT_FAIL(doca_devinfo_rep_get_is_pci_addr_equal(reps[0], "", &equal), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_is_pci_addr_equal");
	EXPECT_FAIL(doca_devinfo_rep_get_is_pci_addr_equal(NULL, "3b:00.0", &equal), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_is_pci_addr_equal");
	EXPECT_FAIL(doca_devinfo_rep_list_create(dev, 3, &reps, &count), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_list_create");
	EXPECT_FAIL(doca_devinfo_rep_list_create(NULL, DOCA_DEV_REP_FILTER_ALL, &reps, &count),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_rep_list_create");
	EXPECT_FAIL(doca_devinfo_rep_list_destroy(fake), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_rep_list_destroy");
	assert_int_equal(doca_devinfo_rep_list_destroy(reps), DOCA_SUCCESS);
	EXPECT_FAIL(doca_devinfo_rep_list_destroy(reps), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_rep_list_destroy");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* NVIDIA's 2.2 samples/common.c: open_doca_device_with_pci, open_doca_device_rep_with_pci. */
static doca_error_t open_doca_device_with_pci(const char *pci_addr, struct doca_dev **retval)
{
	struct doca_devinfo **dev_list;
	uint32_t nb_devs;
	uint8_t is_addr_equal = 0;
	doca_error_t res = doca_devinfo_list_create(&dev_list, &nb_devs);

	*retval = NULL;
	if (res != DOCA_SUCCESS)
		return res;
	for (size_t i = 0; i < nb_devs; i++) {
		res = doca_devinfo_get_is_pci_addr_equal(dev_list[i], pci_addr, &is_addr_equal);
		if (res == DOCA_SUCCESS && is_addr_equal && doca_dev_open(dev_list[i], retval) == DOCA_SUCCESS) {
			doca_devinfo_list_destroy(dev_list);
			return DOCA_SUCCESS;
		}
	}
	doca_devinfo_list_destroy(dev_list);
	return DOCA_ERROR_NOT_FOUND;
}

static doca_error_t open_doca_device_rep_with_pci(struct doca_dev *local, enum doca_dev_rep_filter filter,
						  const char *pci_addr, struct doca_dev_rep **retval)
{
	struct doca_devinfo_rep **rep_dev_list = NULL;
	uint32_t nb_rdevs = 0;
	uint8_t is_addr_equal = 0;
	doca_error_t result = doca_devinfo_rep_list_create(local, filter, &rep_dev_list, &nb_rdevs);

	*retval = NULL;
	if (result != DOCA_SUCCESS)
		return DOCA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < nb_rdevs; i++) {
		result = doca_devinfo_rep_get_is_pci_addr_equal(rep_dev_list[i], pci_addr, &is_addr_equal);
		if (result == DOCA_SUCCESS && is_addr_equal &&
		    doca_dev_rep_open(rep_dev_list[i], retval) == DOCA_SUCCESS) {
			doca_devinfo_rep_list_destroy(rep_dev_list);
			return DOCA_SUCCESS;
		}
	}
	doca_devinfo_rep_list_destroy(rep_dev_list);
	return DOCA_ERROR_NOT_FOUND;
}

static void the_2_2_samples_find_their_devices(void **state)
{
	struct doca_dev *dev;
	struct doca_dev_rep *rep;

	(void)state;
	/* the DMA copy sample's DPU side: -p 03:00.0 -r 3b:00.0 */
	assert_int_equal(open_doca_device_with_pci("03:00.0", &dev), DOCA_SUCCESS);
	assert_int_equal(open_doca_device_rep_with_pci(dev, DOCA_DEV_REP_FILTER_NET, "3b:00.0", &rep), DOCA_SUCCESS);
	EXPECT_FAIL(doca_dev_close(dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	assert_int_equal(doca_dev_rep_close(rep), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(open_doca_device_with_pci("03:00.7", &dev), DOCA_ERROR_NOT_FOUND);
}

int dev_2_2_tests(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(lists_and_capabilities, sim_reset),
		cmocka_unit_test_teardown(representor_lists, sim_reset),
		cmocka_unit_test_teardown(the_2_2_samples_find_their_devices, sim_reset),
	};

	return cmocka_run_group_tests_name("doca devices (2.2 forms)", tests, NULL, NULL);
}
