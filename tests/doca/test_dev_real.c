/*
 * A real device, read as NVIDIA's DOCA reads one: fake_rdma_core's fake0 (tests/verbs), listed
 * after the simulated devices, whose properties come from a sysfs tree made here (SYSFS_PATH, as
 * rdma-core takes it): its PCI function, network interface, MAC address and VPD. And the sysfs
 * reader itself (dev_sysfs.c, compiled in) on PFs, VFs, SFs and VPD images good and bad.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_dev.h>

#include "dev_internal.h"
#include "dev_util.h"

static char root[64];

static void make_dir(const char *path)
{
	char full[512];

	snprintf(full, sizeof(full), "%s/%s", root, path);
	for (char *slash = full + strlen(root) + 1; (slash = strchr(slash, '/')); slash++) {
		*slash = '\0';
		mkdir(full, 0755);
		*slash = '/';
	}
	assert_true(mkdir(full, 0755) == 0 || access(full, F_OK) == 0);
}

static void write_file(const char *path, const void *data, size_t size)
{
	char full[512];
	FILE *file;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	file = fopen(full, "w");
	assert_non_null(file);
	assert_int_equal(fwrite(data, 1, size, file), size);
	fclose(file);
}

static void link_to(const char *path, const char *target)
{
	char full[512], to[512];

	snprintf(full, sizeof(full), "%s/%s", root, path);
	snprintf(to, sizeof(to), "%s/%s", root, target);
	assert_int_equal(symlink(to, full), 0);
}

/* A VPD image: the ID string, VPD-R with PN and the given VU value, the end tag. */
static size_t vpd_image(uint8_t *out, const char *vu)
{
	size_t n = 0, vu_length = strlen(vu), r_length = 3 + 4 + 3 + vu_length;

	out[n++] = 0x82; /* ID string */
	out[n++] = 4;
	out[n++] = 0;
	memcpy(out + n, "BF-3", 4);
	n += 4;
	out[n++] = 0x90; /* VPD-R */
	out[n++] = (uint8_t)r_length;
	out[n++] = 0;
	memcpy(out + n, "PN\x04MBF3", 7);
	n += 7;
	out[n++] = 'V';
	out[n++] = 'U';
	out[n++] = (uint8_t)vu_length;
	memcpy(out + n, vu, vu_length);
	n += vu_length;
	out[n++] = 0x78; /* end */
	return n;
}

static int make_tree(void **state)
{
	uint8_t vpd[256];
	size_t size = vpd_image(vpd, "MT2304XZ02VDMLNXS0D0F0  ");

	(void)state;
	snprintf(root, sizeof(root), "/tmp/opendoca-sysfs-XXXXXX");
	assert_non_null(mkdtemp(root));
	/* fake0: the PF 0000:08:00.0 */
	make_dir("devices/pci0000:00/0000:08:00.0/net/enp8s0f0np0");
	write_file("devices/pci0000:00/0000:08:00.0/vpd", vpd, size);
	make_dir("class/infiniband/fake0");
	link_to("class/infiniband/fake0/device", "devices/pci0000:00/0000:08:00.0");
	make_dir("class/net/enp8s0f0np0");
	write_file("class/net/enp8s0f0np0/address", "0c:42:a1:11:22:33\n", 18);
	/* vf0: a VF of it, 0000:08:00.2, no interface, no VPD */
	make_dir("devices/pci0000:00/0000:08:00.2");
	link_to("devices/pci0000:00/0000:08:00.2/physfn", "devices/pci0000:00/0000:08:00.0");
	make_dir("class/infiniband/vf0");
	link_to("class/infiniband/vf0/device", "devices/pci0000:00/0000:08:00.2");
	/* sf0: SF 4 of the PF, an auxiliary device under it */
	make_dir("devices/pci0000:00/0000:08:00.0/mlx5_core.sf.2/net/enp8s0f0s4");
	write_file("devices/pci0000:00/0000:08:00.0/mlx5_core.sf.2/sfnum", "4\n", 2);
	make_dir("class/infiniband/sf0");
	link_to("class/infiniband/sf0/device", "devices/pci0000:00/0000:08:00.0/mlx5_core.sf.2");
	setenv("SYSFS_PATH", root, 1);
	return 0;
}

static int remove_tree(void **state)
{
	char command[128];

	(void)state;
	unsetenv("SYSFS_PATH");
	snprintf(command, sizeof(command), "rm -rf %s", root);
	return system(command);
}

static void a_real_device_is_read_from_sysfs(void **state)
{
	struct doca_devinfo **list;
	struct doca_dev *dev;
	struct doca_devinfo_rep **reps;
	uint32_t count = 0, u32;
	char text[DOCA_DEVINFO_IFACE_NAME_SIZE], ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	const uint8_t want_mac[] = { 0x0c, 0x42, 0xa1, 0x11, 0x22, 0x33 };
	uint8_t mac[6], ipv4[4], yes = 2;
	enum doca_pci_func_type type;
	uint64_t rate;
	uint16_t vhca;

	(void)state;
	assert_int_equal(doca_devinfo_create_list(&list, &count), DOCA_SUCCESS);
	assert_int_equal(count, 2); /* mlx5_sim0, then the real ones */
	assert_int_equal(doca_devinfo_get_ibdev_name(list[1], ibdev, sizeof(ibdev)), DOCA_SUCCESS);
	assert_string_equal(ibdev, "fake0");
	assert_int_equal(doca_devinfo_get_pci_addr_str(list[1], text), DOCA_SUCCESS);
	assert_string_equal(text, "0000:08:00.0");
	assert_int_equal(doca_devinfo_get_iface_name(list[1], text, sizeof(text)), DOCA_SUCCESS);
	assert_string_equal(text, "enp8s0f0np0");
	assert_int_equal(doca_devinfo_get_mac_addr(list[1], mac, sizeof(mac)), DOCA_SUCCESS);
	assert_memory_equal(mac, want_mac, sizeof(mac));
	assert_int_equal(doca_devinfo_get_pci_func_type(list[1], &type), DOCA_SUCCESS);
	assert_int_equal(type, DOCA_PCI_FUNC_TYPE_PF);
	assert_int_equal(doca_devinfo_get_active_rate(list[1], &rate), DOCA_SUCCESS);
	assert_true(rate == 103125000000ull); /* 4X EDR: 4 lanes of 25.78125 Gb/s */
	/* not in sysfs, not in the kernel's network stack */
	EXPECT_FAIL(doca_devinfo_get_vhca_id(list[1], &vhca), DOCA_ERROR_NOT_SUPPORTED, "doca_devinfo_get_vhca_id");
	EXPECT_FAIL(doca_devinfo_get_ipv4_addr(list[1], ipv4, sizeof(ipv4)), DOCA_ERROR_NOT_FOUND,
		    "doca_devinfo_get_ipv4_addr");
	EXPECT_FAIL(doca_devinfo_get_sf_index(list[1], &u32), DOCA_ERROR_NOT_SUPPORTED, "doca_devinfo_get_sf_index");
	/* what the project implements on rdma-core's devices (caps.h) */
	for (int cap = 0; cap < OPENDOCA_CAP_COUNT; cap++) {
		assert_int_equal(opendoca_devinfo_cap(list[1], (enum opendoca_cap)cap, &yes, __func__), DOCA_SUCCESS);
		assert_int_equal(yes, (OPENDOCA_CAPS_REAL >> cap) & 1);
	}
	assert_int_equal(doca_dev_open(list[1], &dev), DOCA_SUCCESS);
	EXPECT_FAIL(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_ALL, &reps, &count),
		    DOCA_ERROR_NOT_SUPPORTED, "doca_devinfo_rep_create_list");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

static void functions_are_told_apart(void **state)
{
	char sysfs[128];
	struct dev_props props;

	(void)state;
	snprintf(sysfs, sizeof(sysfs), "%s", root);
	memset(&props, 0, sizeof(props));
	dev_sysfs_read(sysfs, "fake0", &props);
	assert_string_equal(props.pci_addr, "0000:08:00.0");
	assert_string_equal(props.vuid, "MT2304XZ02VDMLNXS0D0F0"); /* its padding dropped */
	assert_int_equal(props.func_type, DEV_FUNC_PF);

	memset(&props, 0, sizeof(props));
	dev_sysfs_read(sysfs, "vf0", &props);
	assert_string_equal(props.pci_addr, "0000:08:00.2");
	assert_int_equal(props.func_type, DEV_FUNC_VF);
	assert_string_equal(props.iface_name, "");
	assert_false(props.has_mac);
	assert_string_equal(props.vuid, "");

	memset(&props, 0, sizeof(props));
	dev_sysfs_read(sysfs, "sf0", &props);
	assert_string_equal(props.pci_addr, "0000:08:00.0"); /* its PF's */
	assert_int_equal(props.func_type, DEV_FUNC_SF);
	assert_int_equal(props.sf_index, 4);
	assert_string_equal(props.iface_name, "enp8s0f0s4");

	memset(&props, 0, sizeof(props));
	dev_sysfs_read(sysfs, "absent0", &props);
	assert_string_equal(props.pci_addr, "");
}

static void vpd_images_good_and_bad(void **state)
{
	uint8_t vpd[256];
	size_t size;
	struct dev_props props;

	(void)state;
	/* a VU keyword too long to be one, a truncated image, an image without VPD-R */
	size = vpd_image(vpd, "MT2304XZ02VDMLNXS0D0F0");
	vpd[size - 1 - 22 - 1] = 200; /* VU's length past the resource */
	write_file("devices/pci0000:00/0000:08:00.0/vpd", vpd, size);
	memset(&props, 0, sizeof(props));
	dev_sysfs_read(root, "fake0", &props);
	assert_string_equal(props.vuid, "");

	size = vpd_image(vpd, "MT2304XZ02VDMLNXS0D0F0");
	write_file("devices/pci0000:00/0000:08:00.0/vpd", vpd, size - 10);
	memset(&props, 0, sizeof(props));
	dev_sysfs_read(root, "fake0", &props);
	assert_string_equal(props.vuid, "");

	write_file("devices/pci0000:00/0000:08:00.0/vpd", "\x82\x02\x00XY\x78", 6);
	memset(&props, 0, sizeof(props));
	dev_sysfs_read(root, "fake0", &props);
	assert_string_equal(props.vuid, "");
}

static void pci_addresses_are_parsed_strictly(void **state)
{
	const char *good[][2] = { { "03:00.0", "0000:03:00.0" },
				  { "0000:03:00.1", "0000:03:00.1" },
				  { "ABCD:EF:1F.7", "abcd:ef:1f.7" } };
	const char *bad[] = {
		"",        "3:00.0",       "03:00.8", "03:20.0", "0000:03:00", "0000:03:00.0 ", "0000-03:00.0",
		"0x:00.0", "00000:03:00.0"
	};
	char out[DEV_PCI_ADDR_SIZE];

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_true(dev_pci_addr_parse(good[i][0], out));
		assert_string_equal(out, good[i][1]);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_false(dev_pci_addr_parse(bad[i], out));
	assert_false(dev_pci_addr_parse(NULL, out));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_real_device_is_read_from_sysfs),
		cmocka_unit_test(functions_are_told_apart),
		cmocka_unit_test(vpd_images_good_and_bad),
		cmocka_unit_test(pci_addresses_are_parsed_strictly),
	};

	return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
