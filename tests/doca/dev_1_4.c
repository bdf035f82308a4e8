/*
 * The DOCA Core programming guide's (1.x) device calls: doca_devinfo_property_get of every
 * property, doca_dev_as_devinfo with an output parameter, and remote devices (the host's
 * functions a BlueField's device sees), which outlive the device their list came from.
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <arpa/inet.h>

#include <doca_dev.h>

#include "dev_releases.h"
#include "dev_util.h"

/* A 1.x program's search: the device whose PCI_ADDR property is bdf (as the guide's era's samples). */
static struct doca_devinfo *find_by_bdf(struct doca_devinfo **list, uint32_t count, const struct doca_pci_bdf *want)
{
	struct doca_pci_bdf bdf;

	for (uint32_t i = 0; i < count; i++)
		if (doca_devinfo_property_get(list[i], DOCA_DEVINFO_PROPERTY_PCI_ADDR, (uint8_t *)&bdf, sizeof(bdf)) ==
			    DOCA_SUCCESS &&
		    bdf.raw == want->raw)
			return list[i];
	return NULL;
}

static void every_property(void **state)
{
	struct doca_devinfo **list, *devinfo = NULL;
	struct doca_dev *dev;
	uint32_t count;
	uint8_t value[256];
	struct doca_pci_bdf bdf = { 0 };

	(void)state;
	sim_devices("2", "mlx5_sim1:ipv4=10.0.0.7");
	assert_int_equal(doca_devinfo_list_create(&list, &count), DOCA_SUCCESS);
	bdf.bus = 3;
	bdf.device = 0;
	bdf.function = 1;
	devinfo = find_by_bdf(list, count, &bdf);
	assert_ptr_equal(devinfo, list[1]);
	assert_int_equal(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_IBDEV_NAME, value, 64), DOCA_SUCCESS);
	assert_string_equal((char *)value, "mlx5_sim1");
	assert_int_equal(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_IFACE_NAME, value, 256),
			 DOCA_SUCCESS);
	assert_string_equal((char *)value, "p1");
	assert_int_equal(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_VUID, value, 128), DOCA_SUCCESS);
	assert_string_equal((char *)value, "MT2400OFXSIMMLNXS1D0F1");
	assert_int_equal(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_IPV4_ADDR, value, 4), DOCA_SUCCESS);
	assert_int_equal(*(uint32_t *)value, inet_addr("10.0.0.7"));
	EXPECT_FAIL(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_IPV6_ADDR, value, 16),
		    DOCA_ERROR_NOT_FOUND, "doca_devinfo_property_get");

	/* sizes below the property's, an unknown property, NULL */
	EXPECT_FAIL(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_IBDEV_NAME, value, 63),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_property_get");
	EXPECT_FAIL(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_IFACE_NAME, value, 16),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_property_get");
	EXPECT_FAIL(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_VUID, value, 127),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_property_get");
	EXPECT_FAIL(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_PCI_ADDR, value, 1),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_property_get");
	EXPECT_FAIL(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_IPV4_ADDR, value, 3),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_property_get");
	EXPECT_FAIL(doca_devinfo_property_get(devinfo, (enum doca_devinfo_property)99, value, 256),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_property_get");
	EXPECT_FAIL(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_VUID, NULL, 128), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_property_get");
	EXPECT_FAIL(doca_devinfo_property_get(NULL, DOCA_DEVINFO_PROPERTY_VUID, value, 128), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_property_get");

	/* the guide's doca_dev_as_devinfo: "the same properties used to open the device" */
	assert_int_equal(doca_dev_open(devinfo, &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_list_destroy(list), DOCA_SUCCESS);
	devinfo = NULL;
	assert_int_equal(doca_dev_as_devinfo(dev, &devinfo), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_property_get(devinfo, DOCA_DEVINFO_PROPERTY_IBDEV_NAME, value, 64), DOCA_SUCCESS);
	assert_string_equal((char *)value, "mlx5_sim1");
	EXPECT_FAIL(doca_dev_as_devinfo(dev, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dev_as_devinfo");
	EXPECT_FAIL(doca_dev_as_devinfo(NULL, &devinfo), DOCA_ERROR_INVALID_VALUE, "doca_dev_as_devinfo");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	EXPECT_FAIL(doca_dev_as_devinfo(dev, &devinfo), DOCA_ERROR_INVALID_VALUE, "doca_dev_as_devinfo");
}

static void remote_devices(void **state)
{
	struct doca_devinfo **list;
	struct doca_devinfo_remote **remotes, *info = NULL, *fake[1] = { NULL };
	struct doca_dev_remote *remote;
	struct doca_dev *dev;
	uint32_t count = 0;
	uint8_t vuid[128];

	(void)state;
	sim_devices(NULL, "mlx5_sim0:rep=pf0hpf@3b:00.0,rep=pf0vf0@3b:00.2/vf,rep=nvme0@3b:00.4/emulated");
	assert_int_equal(doca_devinfo_list_create(&list, &count), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_list_destroy(list), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_remote_list_create(dev, DOCA_DEV_REMOTE_FILTER_NET, &remotes, &count),
			 DOCA_SUCCESS);
	assert_int_equal(count, 2);
	/* "dev can be closed after the remote list is created" */
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_remote_property_get(remotes[1], DOCA_DEVINFO_REMOTE_PROPERTY_VUID, vuid, 128),
			 DOCA_SUCCESS);
	assert_string_equal((char *)vuid, "MT2400OFXSIMMLNXS0D0F2");
	assert_int_equal(doca_dev_remote_open(remotes[1], &remote), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_remote_list_destroy(remotes), DOCA_SUCCESS);
	assert_int_equal(doca_dev_remote_as_devinfo(remote, &info), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_remote_property_get(info, DOCA_DEVINFO_REMOTE_PROPERTY_VUID, vuid, sizeof(vuid)),
			 DOCA_SUCCESS);
	assert_string_equal((char *)vuid, "MT2400OFXSIMMLNXS0D0F2");

	EXPECT_FAIL(doca_devinfo_remote_property_get(info, DOCA_DEVINFO_REMOTE_PROPERTY_VUID, vuid, 127),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_remote_property_get");
	EXPECT_FAIL(doca_devinfo_remote_property_get(info, (enum doca_devinfo_remote_property)9, vuid, 128),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_remote_property_get");
	EXPECT_FAIL(doca_devinfo_remote_property_get(info, DOCA_DEVINFO_REMOTE_PROPERTY_VUID, NULL, 128),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_remote_property_get");
	EXPECT_FAIL(doca_devinfo_remote_property_get(NULL, DOCA_DEVINFO_REMOTE_PROPERTY_VUID, vuid, 128),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_remote_property_get");
	EXPECT_FAIL(doca_dev_remote_as_devinfo(remote, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dev_remote_as_devinfo");
	EXPECT_FAIL(doca_dev_remote_as_devinfo(NULL, &info), DOCA_ERROR_INVALID_VALUE, "doca_dev_remote_as_devinfo");
	/* a representor is no remote device */
	EXPECT_FAIL(doca_dev_rep_close((struct doca_dev_rep *)remote), DOCA_ERROR_INVALID_VALUE, "doca_dev_rep_close");
	assert_int_equal(doca_dev_remote_close(remote), DOCA_SUCCESS);
	EXPECT_FAIL(doca_dev_remote_close(remote), DOCA_ERROR_INVALID_VALUE, "doca_dev_remote_close");
	EXPECT_FAIL(doca_dev_remote_open(NULL, &remote), DOCA_ERROR_INVALID_VALUE, "doca_dev_remote_open");
	EXPECT_FAIL(doca_devinfo_remote_list_destroy(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_remote_list_destroy");
	EXPECT_FAIL(doca_devinfo_remote_list_destroy(fake), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_remote_list_destroy");
	EXPECT_FAIL(doca_devinfo_remote_list_create(dev, DOCA_DEV_REMOTE_FILTER_ALL, &remotes, &count),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_remote_list_create"); /* dev is closed */
}

static void remote_device_filters(void **state)
{
	struct doca_devinfo **list;
	struct doca_devinfo_remote **remotes;
	struct doca_dev_remote *remote;
	struct doca_dev *dev;
	uint32_t count = 0;

	(void)state;
	sim_devices(NULL, "mlx5_sim0:rep=pf0hpf@3b:00.0,rep=nvme0@3b:00.4/emulated");
	assert_int_equal(doca_devinfo_list_create(&list, &count), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_list_destroy(list), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_remote_list_create(dev, DOCA_DEV_REMOTE_FILTER_ALL, &remotes, &count),
			 DOCA_SUCCESS);
	assert_int_equal(count, 2);
	assert_int_equal(doca_devinfo_remote_list_destroy(remotes), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_remote_list_create(dev, DOCA_DEV_REMOTE_FILTER_EMULATED, &remotes, &count),
			 DOCA_SUCCESS);
	assert_int_equal(count, 1);
	/* a remote device does not hold the device */
	assert_int_equal(doca_dev_remote_open(remotes[0], &remote), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(doca_dev_remote_close(remote), DOCA_SUCCESS);
	/* a remote list is no representor list */
	EXPECT_FAIL(doca_devinfo_rep_list_destroy((struct doca_devinfo_rep **)remotes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_list_destroy");
	assert_int_equal(doca_devinfo_remote_list_destroy(remotes), DOCA_SUCCESS);
}

int dev_1_4_tests(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(every_property, sim_reset),
		cmocka_unit_test_teardown(remote_devices, sim_reset),
		cmocka_unit_test_teardown(remote_device_filters, sim_reset),
	};

	return cmocka_run_group_tests_name("doca devices (1.x forms)", tests, NULL, NULL);
}
