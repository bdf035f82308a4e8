/*
 * DOCA devices, the newest forms (3.x, and the 2.2 - 2.x forms that have not changed): lists of
 * the simulated devices as FLEXIO_SIM_DEVICES and FLEXIO_SIM_DEVICE_CONFIG configure them, every
 * property, the capabilities, opening and closing (a device in use is not closed), representors,
 * lookups as NVIDIA's samples make them; each bad input refused with one SDK line naming the
 * call. dev_2_2.c, dev_2_7.c and dev_1_4.c test the older releases' forms (main() runs them).
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <arpa/inet.h>
#include <infiniband/verbs.h>

#include <doca_dev.h>

#include "dev.h"
#include "dev_releases.h"
#include "dev_util.h"

/* The list of the simulated devices now configured (FLEXIO_SIM_DEVICES, unset: mlx5_sim0). */
static struct doca_devinfo **list_devices(uint32_t *count)
{
	struct doca_devinfo **list = NULL;

	sdk_begin();
	assert_int_equal(doca_devinfo_create_list(&list, count), DOCA_SUCCESS);
	sdk_silent();
	assert_non_null(list);
	return list;
}

/* The devinfo called name in list. */
static struct doca_devinfo *find(struct doca_devinfo **list, uint32_t count, const char *name)
{
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];

	for (uint32_t i = 0; i < count; i++) {
		assert_int_equal(doca_devinfo_get_ibdev_name(list[i], ibdev, sizeof(ibdev)), DOCA_SUCCESS);
		if (!strcmp(ibdev, name))
			return list[i];
	}
	fail_msg("no device %s", name);
	return NULL;
}

static void expect_pci(const struct doca_devinfo *devinfo, const char *want)
{
	char pci[DOCA_DEVINFO_PCI_ADDR_SIZE];

	assert_int_equal(doca_devinfo_get_pci_addr_str(devinfo, pci), DOCA_SUCCESS);
	assert_string_equal(pci, want);
}

/* ---- lists and properties ---- */

static void the_default_device_looks_like_a_bluefield3_ecpf(void **state)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	struct ibv_device **ibv = ibv_get_device_list(NULL);
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE], iface[DOCA_DEVINFO_IFACE_NAME_SIZE];
	uint8_t mac[DOCA_DEVINFO_MAC_ADDR_SIZE];
	__be64 guid = ibv_get_device_guid(ibv[0]);
	const uint8_t *g = (const uint8_t *)&guid;
	enum doca_pci_func_type type;
	uint64_t rate;
	uint16_t lid = 1, vhca = 1;

	(void)state;
	assert_true(count >= 1);
	assert_int_equal(doca_devinfo_get_ibdev_name(list[0], ibdev, sizeof(ibdev)), DOCA_SUCCESS);
	assert_string_equal(ibdev, "mlx5_sim0");
	expect_pci(list[0], "0000:03:00.0");
	assert_int_equal(doca_devinfo_get_iface_name(list[0], iface, sizeof(iface)), DOCA_SUCCESS);
	assert_string_equal(iface, "p0");
	/* the MAC address is the GUID without its middle 03:00, as a ConnectX's */
	assert_int_equal(doca_devinfo_get_mac_addr(list[0], mac, sizeof(mac)), DOCA_SUCCESS);
	assert_memory_equal(mac, g, 3);
	assert_memory_equal(mac + 3, g + 5, 3);
	assert_int_equal(doca_devinfo_get_lid(list[0], &lid), DOCA_SUCCESS);
	assert_int_equal(lid, 0); /* RoCE */
	assert_int_equal(doca_devinfo_get_active_rate(list[0], &rate), DOCA_SUCCESS);
	assert_true(rate == 200000000000ull); /* 4X HDR: 200 Gb/s */
	assert_int_equal(doca_devinfo_get_vhca_id(list[0], &vhca), DOCA_SUCCESS);
	assert_int_equal(vhca, 0);
	assert_int_equal(doca_devinfo_get_pci_func_type(list[0], &type), DOCA_SUCCESS);
	assert_int_equal(type, DOCA_PCI_FUNC_TYPE_PF);
	ibv_free_device_list(ibv);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

static void devices_are_listed_with_their_configured_pci_addresses(void **state)
{
	uint32_t count;
	struct doca_devinfo **list;
	uint8_t equal = 2;

	(void)state;
	sim_devices("3", NULL);
	list = list_devices(&count);
	assert_true(count >= 3);
	expect_pci(list[0], "0000:03:00.0");
	expect_pci(list[1], "0000:03:00.1");
	expect_pci(list[2], "0000:03:00.2");
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);

	/* a ninth function is the next PCI device's */
	sim_devices("16", NULL);
	list = list_devices(&count);
	expect_pci(list[8], "0000:03:01.0");
	expect_pci(list[15], "0000:03:01.7");
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);

	/* names and addresses as the hardware a program was written for has them */
	sim_devices("mlx5_0@0000:08:00.1,mlx5_1@B1:00.0,mlx5_2", NULL);
	list = list_devices(&count);
	expect_pci(find(list, count, "mlx5_0"), "0000:08:00.1");
	expect_pci(find(list, count, "mlx5_1"), "0000:b1:00.0");
	expect_pci(find(list, count, "mlx5_2"), "0000:03:00.2"); /* its place's default */
	assert_int_equal(doca_devinfo_is_equal_pci_addr(list[1], "b1:00.0", &equal), DOCA_SUCCESS);
	assert_int_equal(equal, 1);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(list[1], "0000:B1:00.0", &equal), DOCA_SUCCESS);
	assert_int_equal(equal, 1);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(list[1], "0001:b1:00.0", &equal), DOCA_SUCCESS);
	assert_int_equal(equal, 0);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(list[0], "b1:00.0", &equal), DOCA_SUCCESS);
	assert_int_equal(equal, 0);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

static void properties_come_from_the_configuration(void **state)
{
	uint32_t count;
	struct doca_devinfo **list;
	char iface[DOCA_DEVINFO_IFACE_NAME_SIZE];
	uint8_t mac[DOCA_DEVINFO_MAC_ADDR_SIZE], ipv4[DOCA_DEVINFO_IPV4_ADDR_SIZE], ipv6[DOCA_DEVINFO_IPV6_ADDR_SIZE];
	uint8_t want6[16];
	const uint8_t want_mac[] = { 0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee };
	enum doca_pci_func_type type;
	uint32_t sf = 0;
	uint16_t vhca = 0;

	(void)state;
	/* unconfigured: no address */
	list = list_devices(&count);
	EXPECT_FAIL(doca_devinfo_get_ipv4_addr(list[0], ipv4, sizeof(ipv4)), DOCA_ERROR_NOT_FOUND,
		    "doca_devinfo_get_ipv4_addr");
	EXPECT_FAIL(doca_devinfo_get_ipv6_addr(list[0], ipv6, sizeof(ipv6)), DOCA_ERROR_NOT_FOUND,
		    "doca_devinfo_get_ipv6_addr");
	EXPECT_FAIL(doca_devinfo_get_sf_index(list[0], &sf), DOCA_ERROR_NOT_SUPPORTED, "doca_devinfo_get_sf_index");
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);

	sim_devices("mlx5_sim0,mlx5_sim1", "mlx5_sim1:iface=enp3s0f1s3,mac=02:AA:bb:cc:dd:ee,ipv4=192.168.100.2;"
					   "mlx5_sim1:ipv6=fe80::1,vhca=7,func=sf,sf=3");
	list = list_devices(&count);
	assert_int_equal(doca_devinfo_get_iface_name(list[1], iface, sizeof(iface)), DOCA_SUCCESS);
	assert_string_equal(iface, "enp3s0f1s3");
	assert_int_equal(doca_devinfo_get_mac_addr(list[1], mac, sizeof(mac)), DOCA_SUCCESS);
	assert_memory_equal(mac, want_mac, sizeof(mac));
	assert_int_equal(doca_devinfo_get_ipv4_addr(list[1], ipv4, sizeof(ipv4)), DOCA_SUCCESS);
	assert_int_equal(*(uint32_t *)ipv4, inet_addr("192.168.100.2"));
	assert_int_equal(inet_pton(AF_INET6, "fe80::1", want6), 1);
	assert_int_equal(doca_devinfo_get_ipv6_addr(list[1], ipv6, sizeof(ipv6)), DOCA_SUCCESS);
	assert_memory_equal(ipv6, want6, sizeof(want6));
	assert_int_equal(doca_devinfo_get_vhca_id(list[1], &vhca), DOCA_SUCCESS);
	assert_int_equal(vhca, 7);
	assert_int_equal(doca_devinfo_get_pci_func_type(list[1], &type), DOCA_SUCCESS);
	assert_int_equal(type, DOCA_PCI_FUNC_TYPE_SF);
	assert_int_equal(doca_devinfo_get_sf_index(list[1], &sf), DOCA_SUCCESS);
	assert_int_equal(sf, 3);
	/* the other device keeps its defaults */
	assert_int_equal(doca_devinfo_get_iface_name(list[0], iface, sizeof(iface)), DOCA_SUCCESS);
	assert_string_equal(iface, "p0");
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

/* An interface the kernel has: its addresses as getifaddrs gives them (lo: 127.0.0.1). */
static void addresses_are_the_interfaces_when_not_configured(void **state)
{
	uint32_t count;
	struct doca_devinfo **list;
	uint8_t ipv4[DOCA_DEVINFO_IPV4_ADDR_SIZE];

	(void)state;
	sim_devices(NULL, "mlx5_sim0:iface=lo");
	list = list_devices(&count);
	assert_int_equal(doca_devinfo_get_ipv4_addr(list[0], ipv4, sizeof(ipv4)), DOCA_SUCCESS);
	assert_int_equal(*(uint32_t *)ipv4, inet_addr("127.0.0.1"));
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

static void bad_configuration_items_are_ignored(void **state)
{
	uint32_t count;
	struct doca_devinfo **list;
	char iface[DOCA_DEVINFO_IFACE_NAME_SIZE];

	(void)state;
	/* the simulator warns (stderr, its own log); DOCA lists the device with what was understood */
	sim_devices(NULL, "mlx5_sim0:iface=x1,mac=zz,ipv4=1.2.3,bogus=1,vhca=70000;nonsense");
	list = list_devices(&count);
	assert_int_equal(doca_devinfo_get_iface_name(list[0], iface, sizeof(iface)), DOCA_SUCCESS);
	assert_string_equal(iface, "x1");
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

static void lists_refuse_bad_input(void **state)
{
	uint32_t count;
	struct doca_devinfo **list;
	struct doca_devinfo *fake[2] = { NULL, NULL };

	(void)state;
	EXPECT_FAIL(doca_devinfo_create_list(NULL, &count), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_create_list");
	EXPECT_FAIL(doca_devinfo_create_list(&list, NULL), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_create_list");
	EXPECT_FAIL(doca_devinfo_destroy_list(NULL), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_destroy_list");
	EXPECT_FAIL(doca_devinfo_destroy_list(fake), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_destroy_list");
	list = list_devices(&count);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	EXPECT_FAIL(doca_devinfo_destroy_list(list), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_destroy_list");
}

static void getters_refuse_bad_input(void **state)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	struct doca_devinfo *gone;
	char text[DOCA_DEVINFO_IFACE_NAME_SIZE];
	uint8_t bytes[16], equal;
	uint64_t rate;
	uint16_t u16;
	uint32_t u32;
	enum doca_pci_func_type type;

	(void)state;
	EXPECT_FAIL(doca_devinfo_get_ibdev_name(list[0], text, DOCA_DEVINFO_IBDEV_NAME_SIZE - 1),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_get_ibdev_name");
	EXPECT_FAIL(doca_devinfo_get_ibdev_name(list[0], NULL, DOCA_DEVINFO_IBDEV_NAME_SIZE), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_ibdev_name");
	EXPECT_FAIL(doca_devinfo_get_iface_name(list[0], text, 16), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_iface_name");
	EXPECT_FAIL(doca_devinfo_get_pci_addr_str(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_pci_addr_str");
	EXPECT_FAIL(doca_devinfo_get_ipv4_addr(list[0], bytes, 3), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_ipv4_addr");
	EXPECT_FAIL(doca_devinfo_get_ipv6_addr(list[0], bytes, 15), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_ipv6_addr");
	EXPECT_FAIL(doca_devinfo_get_mac_addr(list[0], bytes, 5), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_mac_addr");
	EXPECT_FAIL(doca_devinfo_get_lid(list[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_get_lid");
	EXPECT_FAIL(doca_devinfo_get_active_rate(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_active_rate");
	EXPECT_FAIL(doca_devinfo_get_vhca_id(list[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_get_vhca_id");
	EXPECT_FAIL(doca_devinfo_get_pci_func_type(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_pci_func_type");
	EXPECT_FAIL(doca_devinfo_get_sf_index(list[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_get_sf_index");
	EXPECT_FAIL(doca_devinfo_is_equal_pci_addr(list[0], "03:00", &equal), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_is_equal_pci_addr");
	EXPECT_FAIL(doca_devinfo_is_equal_pci_addr(list[0], "03:20.0", &equal), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_is_equal_pci_addr"); /* device 0x20 > 0x1f */
	EXPECT_FAIL(doca_devinfo_is_equal_pci_addr(list[0], "03:00.8", &equal), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_is_equal_pci_addr");
	EXPECT_FAIL(doca_devinfo_is_equal_pci_addr(list[0], NULL, &equal), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_is_equal_pci_addr");
	EXPECT_FAIL(doca_devinfo_is_equal_pci_addr(list[0], "03:00.0", NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_is_equal_pci_addr");

	/* a devinfo of a destroyed list, NULL, another kind of handle: refused */
	gone = list[0];
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	const struct doca_devinfo *bad[] = { gone, NULL, (const struct doca_devinfo *)&u32 };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_FAIL(doca_devinfo_get_ibdev_name(bad[i], text, sizeof(text)), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_ibdev_name");
		EXPECT_FAIL(doca_devinfo_get_iface_name(bad[i], text, sizeof(text)), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_iface_name");
		EXPECT_FAIL(doca_devinfo_get_pci_addr_str(bad[i], text), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_pci_addr_str");
		EXPECT_FAIL(doca_devinfo_get_ipv4_addr(bad[i], bytes, 4), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_ipv4_addr");
		EXPECT_FAIL(doca_devinfo_get_ipv6_addr(bad[i], bytes, 16), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_ipv6_addr");
		EXPECT_FAIL(doca_devinfo_get_mac_addr(bad[i], bytes, 6), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_mac_addr");
		EXPECT_FAIL(doca_devinfo_get_lid(bad[i], &u16), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_get_lid");
		EXPECT_FAIL(doca_devinfo_get_active_rate(bad[i], &rate), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_active_rate");
		EXPECT_FAIL(doca_devinfo_get_vhca_id(bad[i], &u16), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_vhca_id");
		EXPECT_FAIL(doca_devinfo_get_pci_func_type(bad[i], &type), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_pci_func_type");
		EXPECT_FAIL(doca_devinfo_get_sf_index(bad[i], &u32), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_get_sf_index");
		EXPECT_FAIL(doca_devinfo_is_equal_pci_addr(bad[i], "03:00.0", &equal), DOCA_ERROR_INVALID_VALUE,
			    "doca_devinfo_is_equal_pci_addr");
	}
}

/* ---- capabilities ---- */

static void capabilities_are_what_the_project_implements(void **state)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	uint8_t yes = 2;

	(void)state;
	assert_int_equal(doca_devinfo_cap_is_hotplug_manager_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 0);
	assert_int_equal(doca_devinfo_cap_is_notification_moderation_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 0);
	assert_int_equal(doca_devinfo_cap_is_accelerate_resource_reclaim_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 1);
	assert_int_equal(doca_devinfo_rep_cap_is_filter_all_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 1);
	assert_int_equal(doca_devinfo_rep_cap_is_filter_net_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 1);
	assert_int_equal(doca_devinfo_rep_cap_is_filter_emulated_supported(list[0], &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 1);
	/* every capability of caps.h as its table says, through the private API */
	for (int cap = 0; cap < OPENDOCA_CAP_COUNT; cap++) {
		assert_int_equal(opendoca_devinfo_cap(list[0], (enum opendoca_cap)cap, &yes, __func__), DOCA_SUCCESS);
		assert_int_equal(yes, (OPENDOCA_CAPS_SIMULATED >> cap) & 1);
	}
	EXPECT_FAIL(opendoca_devinfo_cap(list[0], OPENDOCA_CAP_COUNT, &yes, "caller"), DOCA_ERROR_INVALID_VALUE,
		    "caller");

	EXPECT_FAIL(doca_devinfo_cap_is_hotplug_manager_supported(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_cap_is_hotplug_manager_supported");
	EXPECT_FAIL(doca_devinfo_cap_is_notification_moderation_supported(NULL, &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_cap_is_notification_moderation_supported");
	EXPECT_FAIL(doca_devinfo_cap_is_accelerate_resource_reclaim_supported(NULL, &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_cap_is_accelerate_resource_reclaim_supported");
	EXPECT_FAIL(doca_devinfo_rep_cap_is_filter_all_supported(NULL, &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_cap_is_filter_all_supported");
	EXPECT_FAIL(doca_devinfo_rep_cap_is_filter_net_supported(list[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_cap_is_filter_net_supported");
	EXPECT_FAIL(doca_devinfo_rep_cap_is_filter_emulated_supported(NULL, &yes), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_cap_is_filter_emulated_supported");
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

/* The limits DMA and the other families read: rdma-core's attributes of the device. */
static void limits_are_rdma_cores(void **state)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	struct ibv_device_attr attr;

	(void)state;
	assert_int_equal(opendoca_devinfo_attr(list[0], &attr, __func__), DOCA_SUCCESS);
	assert_int_equal(attr.vendor_id, 0x02c9);
	assert_true(attr.max_sge > 0 && attr.max_mr_size > 0);
	EXPECT_FAIL(opendoca_devinfo_attr(list[0], NULL, "caller"), DOCA_ERROR_INVALID_VALUE, "caller");
	EXPECT_FAIL(opendoca_devinfo_attr(NULL, &attr, "caller"), DOCA_ERROR_INVALID_VALUE, "caller");
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

/* ---- opening and closing ---- */

static void an_open_device_keeps_its_devinfo_after_the_list(void **state)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	struct doca_devinfo *devinfo = list[0];
	struct doca_dev *dev = NULL;
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];

	(void)state;
	assert_int_equal(doca_dev_open(devinfo, &dev), DOCA_SUCCESS);
	assert_ptr_equal(doca_dev_as_devinfo(dev), devinfo);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	/* "This only releases unopened devices" (the DOCA Core programming guide) */
	assert_ptr_equal(doca_dev_as_devinfo(dev), devinfo);
	assert_int_equal(doca_devinfo_get_ibdev_name(devinfo, ibdev, sizeof(ibdev)), DOCA_SUCCESS);
	assert_string_equal(ibdev, "mlx5_sim0");
	assert_non_null(opendoca_dev_ibv_context(dev));
	assert_non_null(opendoca_dev_ibv_pd(dev));
	assert_int_equal(doca_dev_accelerate_resource_reclaim(dev), DOCA_SUCCESS);
	sdk_begin();
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	sdk_silent();
	/* gone with the device */
	EXPECT_FAIL(doca_devinfo_get_ibdev_name(devinfo, ibdev, sizeof(ibdev)), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_get_ibdev_name");
	assert_null(opendoca_dev_ibv_context(dev));
	assert_null(opendoca_dev_ibv_pd(dev));
}

/* Each open is a device of its own on the same devinfo (the guide: "creates a device"). */
static void reopening_makes_another_device(void **state)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	struct doca_dev *first, *second, *third;

	(void)state;
	assert_int_equal(doca_dev_open(list[0], &first), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[0], &second), DOCA_SUCCESS);
	assert_ptr_not_equal(first, second);
	assert_ptr_equal(doca_dev_as_devinfo(first), doca_dev_as_devinfo(second));
	assert_ptr_not_equal(opendoca_dev_ibv_context(first), opendoca_dev_ibv_context(second));
	assert_int_equal(doca_dev_close(first), DOCA_SUCCESS);
	EXPECT_FAIL(doca_dev_close(first), DOCA_ERROR_INVALID_VALUE, "doca_dev_close");
	assert_ptr_equal(doca_dev_as_devinfo(second), list[0]);
	/* closed, the devinfo opens again while its list lives */
	assert_int_equal(doca_dev_open(list[0], &third), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(third), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(second), DOCA_SUCCESS);
}

/* A device used by another object (an mmap, a context: opendoca_dev_hold) is not closed. */
static void a_device_in_use_is_not_closed(void **state)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	struct doca_dev *dev;
	struct ibv_mr *mr;
	static char buffer[64];

	(void)state;
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	assert_int_equal(opendoca_dev_hold(dev, "user"), DOCA_SUCCESS);
	assert_int_equal(opendoca_dev_hold(dev, "user"), DOCA_SUCCESS);
	assert_int_equal(opendoca_dev_users(dev), 2);
	EXPECT_FAIL(doca_dev_close(dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	opendoca_dev_release(dev);
	EXPECT_FAIL(doca_dev_close(dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	opendoca_dev_release(dev);
	assert_int_equal(opendoca_dev_users(dev), 0);

	/* a memory region on its PD a family forgot to count holds it too: rdma-core says EBUSY */
	mr = ibv_reg_mr(opendoca_dev_ibv_pd(dev), buffer, sizeof(buffer), IBV_ACCESS_LOCAL_WRITE);
	assert_non_null(mr);
	EXPECT_FAIL(doca_dev_close(dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	assert_int_equal(ibv_dereg_mr(mr), 0);

	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	EXPECT_FAIL(opendoca_dev_hold(dev, "user"), DOCA_ERROR_INVALID_VALUE, "user");
	assert_int_equal(opendoca_dev_users(dev), 0);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

static void open_and_close_refuse_bad_input(void **state)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	struct doca_devinfo *gone;
	struct doca_dev *dev = NULL;
	int not_a_handle;

	(void)state;
	EXPECT_FAIL(doca_dev_open(list[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_dev_open");
	EXPECT_FAIL(doca_dev_open(NULL, &dev), DOCA_ERROR_INVALID_VALUE, "doca_dev_open");
	assert_null(dev);
	EXPECT_FAIL(doca_dev_open((struct doca_devinfo *)&not_a_handle, &dev), DOCA_ERROR_INVALID_VALUE,
		    "doca_dev_open");
	/* no device, nothing to close (NVIDIA's DMA samples close a cleared device pointer again) */
	sdk_begin();
	assert_int_equal(doca_dev_close(NULL), DOCA_SUCCESS);
	sdk_silent();
	/* a devinfo is no device, nor a device a devinfo */
	EXPECT_FAIL(doca_dev_close((struct doca_dev *)list[0]), DOCA_ERROR_INVALID_VALUE, "doca_dev_close");
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	EXPECT_FAIL(doca_dev_open((struct doca_devinfo *)dev, &dev), DOCA_ERROR_INVALID_VALUE, "doca_dev_open");
	sdk_begin();
	assert_null(doca_dev_as_devinfo(NULL));
	sdk_one_line("doca_dev_as_devinfo");
	EXPECT_FAIL(doca_dev_accelerate_resource_reclaim(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_dev_accelerate_resource_reclaim");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	sdk_begin();
	assert_null(doca_dev_as_devinfo(dev));
	sdk_one_line("doca_dev_as_devinfo");
	gone = list[0];
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	EXPECT_FAIL(doca_dev_open(gone, &dev), DOCA_ERROR_INVALID_VALUE, "doca_dev_open");
}

/* ---- representors ---- */

static struct doca_dev *open_first(void)
{
	uint32_t count;
	struct doca_devinfo **list = list_devices(&count);
	struct doca_dev *dev;

	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	return dev;
}

static void the_default_representor_is_the_host_pf(void **state)
{
	struct doca_dev *dev = open_first();
	struct doca_devinfo_rep **reps;
	uint32_t count = 0;
	char pci[DOCA_DEVINFO_REP_PCI_ADDR_SIZE], vuid[DOCA_DEVINFO_REP_VUID_SIZE], iface[DOCA_DEVINFO_IFACE_NAME_SIZE];
	enum doca_pci_func_type type;
	uint8_t hotplug = 2, equal = 2;
	uint16_t vhca;

	(void)state;
	assert_int_equal(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &count), DOCA_SUCCESS);
	assert_int_equal(count, 1);
	assert_int_equal(doca_devinfo_rep_get_pci_addr_str(reps[0], pci), DOCA_SUCCESS);
	assert_string_equal(pci, "0000:3b:00.0");
	assert_int_equal(doca_devinfo_rep_get_vuid(reps[0], vuid, sizeof(vuid)), DOCA_SUCCESS);
	assert_string_equal(vuid, "MT2400OFXSIMMLNXS0D0F0");
	assert_int_equal(doca_devinfo_rep_get_iface_name(reps[0], iface, sizeof(iface)), DOCA_SUCCESS);
	assert_string_equal(iface, "pf0hpf");
	assert_int_equal(doca_devinfo_rep_get_pci_func_type(reps[0], &type), DOCA_SUCCESS);
	assert_int_equal(type, DOCA_PCI_FUNC_TYPE_PF);
	assert_int_equal(doca_devinfo_rep_get_is_hotplug(reps[0], &hotplug), DOCA_SUCCESS);
	assert_int_equal(hotplug, 0);
	assert_int_equal(doca_devinfo_rep_get_vhca_id(reps[0], &vhca), DOCA_SUCCESS);
	assert_int_equal(vhca, 16);
	assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(reps[0], "3b:00.0", &equal), DOCA_SUCCESS);
	assert_int_equal(equal, 1);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);

	assert_int_equal(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_EMULATED, &reps, &count),
			 DOCA_SUCCESS);
	assert_int_equal(count, 0);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

static void representors_come_from_the_configuration(void **state)
{
	struct doca_dev *dev;
	struct doca_devinfo_rep **reps;
	uint32_t count = 0;
	char pci[DOCA_DEVINFO_REP_PCI_ADDR_SIZE], vuid[DOCA_DEVINFO_REP_VUID_SIZE];
	enum doca_pci_func_type type;
	uint8_t hotplug;
	uint16_t vhca;

	(void)state;
	sim_devices(NULL, "mlx5_sim0:rep=pf0hpf@3b:00.0,rep=pf0vf0@3b:00.2/vf/vhca=40;"
			  "mlx5_sim0:rep=virtio0@3b:00.3/pf/emulated/hotplug/vuid=MYVUID,rep=en3f0pf0sf5@03:00.0/sf");
	dev = open_first();
	assert_int_equal(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_ALL, &reps, &count), DOCA_SUCCESS);
	assert_int_equal(count, 4);
	assert_int_equal(doca_devinfo_rep_get_pci_func_type(reps[1], &type), DOCA_SUCCESS);
	assert_int_equal(type, DOCA_PCI_FUNC_TYPE_VF);
	assert_int_equal(doca_devinfo_rep_get_vhca_id(reps[1], &vhca), DOCA_SUCCESS);
	assert_int_equal(vhca, 40);
	assert_int_equal(doca_devinfo_rep_get_vuid(reps[1], vuid, sizeof(vuid)), DOCA_SUCCESS);
	assert_string_equal(vuid, "MT2400OFXSIMMLNXS0D0F2");
	assert_int_equal(doca_devinfo_rep_get_vuid(reps[2], vuid, sizeof(vuid)), DOCA_SUCCESS);
	assert_string_equal(vuid, "MYVUID");
	assert_int_equal(doca_devinfo_rep_get_is_hotplug(reps[2], &hotplug), DOCA_SUCCESS);
	assert_int_equal(hotplug, 1);
	assert_int_equal(doca_devinfo_rep_get_pci_func_type(reps[3], &type), DOCA_SUCCESS);
	assert_int_equal(type, DOCA_PCI_FUNC_TYPE_SF);
	assert_int_equal(doca_devinfo_rep_get_vuid(reps[3], vuid, sizeof(vuid)), DOCA_SUCCESS);
	assert_string_equal(vuid, "MT2400OFXSIMMLNXS1D0F0SF3"); /* the DPU's side, SF at place 3 */
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);

	assert_int_equal(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_EMULATED, &reps, &count),
			 DOCA_SUCCESS);
	assert_int_equal(count, 1);
	assert_int_equal(doca_devinfo_rep_get_pci_addr_str(reps[0], pci), DOCA_SUCCESS);
	assert_string_equal(pci, "0000:3b:00.3");
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &count), DOCA_SUCCESS);
	assert_int_equal(count, 3);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_create_list(
				 dev, DOCA_DEVINFO_REP_FILTER_NET | DOCA_DEVINFO_REP_FILTER_EMULATED, &reps, &count),
			 DOCA_SUCCESS);
	assert_int_equal(count, 4);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* rep=none: a device that manages no embedded switch, as a host's ConnectX. */
static void a_device_without_representors_lists_none(void **state)
{
	struct doca_dev *dev;
	struct doca_devinfo_rep **reps;
	uint32_t count;
	uint8_t yes = 2;

	(void)state;
	sim_devices(NULL, "mlx5_sim0:rep=none");
	dev = open_first();
	assert_int_equal(doca_devinfo_rep_cap_is_filter_net_supported(doca_dev_as_devinfo(dev), &yes), DOCA_SUCCESS);
	assert_int_equal(yes, 0);
	EXPECT_FAIL(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_ALL, &reps, &count),
		    DOCA_ERROR_NOT_SUPPORTED, "doca_devinfo_rep_create_list");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

static void an_open_representor_uses_its_device(void **state)
{
	struct doca_dev *dev = open_first();
	struct doca_devinfo_rep **reps;
	struct doca_devinfo_rep *repinfo;
	struct doca_dev_rep *rep, *again;
	uint32_t count;
	char pci[DOCA_DEVINFO_REP_PCI_ADDR_SIZE];

	(void)state;
	assert_int_equal(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_ALL, &reps, &count), DOCA_SUCCESS);
	repinfo = reps[0];
	assert_int_equal(doca_dev_rep_open(repinfo, &rep), DOCA_SUCCESS);
	assert_int_equal(doca_dev_rep_open(repinfo, &again), DOCA_SUCCESS);
	assert_ptr_not_equal(rep, again);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_ptr_equal(doca_dev_rep_as_devinfo(rep), repinfo);
	assert_int_equal(doca_devinfo_rep_get_pci_addr_str(repinfo, pci), DOCA_SUCCESS);
	assert_int_equal(opendoca_dev_users(dev), 2);
	EXPECT_FAIL(doca_dev_close(dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	assert_int_equal(doca_dev_rep_close(rep), DOCA_SUCCESS);
	EXPECT_FAIL(doca_dev_rep_close(rep), DOCA_ERROR_INVALID_VALUE, "doca_dev_rep_close");
	assert_int_equal(doca_dev_rep_close(again), DOCA_SUCCESS);
	/* gone with the last representor that held it */
	EXPECT_FAIL(doca_devinfo_rep_get_pci_addr_str(repinfo, pci), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_pci_addr_str");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* A list outlives its device; its representors no longer open. */
static void a_representor_of_a_closed_device_does_not_open(void **state)
{
	struct doca_dev *dev = open_first();
	struct doca_devinfo_rep **reps;
	struct doca_dev_rep *rep = NULL;
	uint32_t count;
	char vuid[DOCA_DEVINFO_REP_VUID_SIZE];

	(void)state;
	assert_int_equal(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_ALL, &reps, &count), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_get_vuid(reps[0], vuid, sizeof(vuid)), DOCA_SUCCESS);
	EXPECT_FAIL(doca_dev_rep_open(reps[0], &rep), DOCA_ERROR_INVALID_VALUE, "doca_dev_rep_open");
	assert_null(rep);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
}

static void representors_refuse_bad_input(void **state)
{
	struct doca_dev *dev = open_first();
	struct doca_devinfo_rep **reps, *fake[1] = { NULL };
	struct doca_dev_rep *rep;
	uint32_t count;
	char text[DOCA_DEVINFO_REP_VUID_SIZE];
	enum doca_pci_func_type type;
	uint8_t u8;
	uint16_t u16;

	(void)state;
	EXPECT_FAIL(doca_devinfo_rep_create_list(dev, 1, &reps, &count), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_create_list");
	EXPECT_FAIL(doca_devinfo_rep_create_list(dev, 8, &reps, &count), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_create_list");
	EXPECT_FAIL(doca_devinfo_rep_create_list(NULL, 0, &reps, &count), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_create_list");
	EXPECT_FAIL(doca_devinfo_rep_create_list(dev, 0, NULL, &count), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_create_list");
	EXPECT_FAIL(doca_devinfo_rep_create_list(dev, 0, &reps, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_create_list");
	EXPECT_FAIL(doca_devinfo_rep_destroy_list(NULL), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_rep_destroy_list");
	EXPECT_FAIL(doca_devinfo_rep_destroy_list(fake), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_rep_destroy_list");

	assert_int_equal(doca_devinfo_rep_create_list(dev, 0, &reps, &count), DOCA_SUCCESS);
	/* a device list is no representor list, nor the reverse */
	EXPECT_FAIL(doca_devinfo_destroy_list((struct doca_devinfo **)reps), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_destroy_list");
	EXPECT_FAIL(doca_devinfo_rep_get_vuid(reps[0], text, DOCA_DEVINFO_REP_VUID_SIZE - 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_vuid");
	EXPECT_FAIL(doca_devinfo_rep_get_iface_name(reps[0], text, 16), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_iface_name");
	EXPECT_FAIL(doca_devinfo_rep_get_pci_addr_str(reps[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_pci_addr_str");
	EXPECT_FAIL(doca_devinfo_rep_get_pci_func_type(reps[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_pci_func_type");
	EXPECT_FAIL(doca_devinfo_rep_get_is_hotplug(reps[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_is_hotplug");
	EXPECT_FAIL(doca_devinfo_rep_get_vhca_id(reps[0], NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_vhca_id");
	EXPECT_FAIL(doca_devinfo_rep_is_equal_pci_addr(reps[0], "nonsense", &u8), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_is_equal_pci_addr");
	EXPECT_FAIL(doca_devinfo_rep_is_equal_pci_addr(reps[0], "3b:00.0", NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_is_equal_pci_addr");
	EXPECT_FAIL(doca_dev_rep_open(reps[0], NULL), DOCA_ERROR_INVALID_VALUE, "doca_dev_rep_open");
	EXPECT_FAIL(doca_dev_rep_open(NULL, &rep), DOCA_ERROR_INVALID_VALUE, "doca_dev_rep_open");
	EXPECT_FAIL(doca_dev_rep_close(NULL), DOCA_ERROR_INVALID_VALUE, "doca_dev_rep_close");
	EXPECT_FAIL(doca_dev_rep_close((struct doca_dev_rep *)dev), DOCA_ERROR_INVALID_VALUE, "doca_dev_rep_close");
	sdk_begin();
	assert_null(doca_dev_rep_as_devinfo(NULL));
	sdk_one_line("doca_dev_rep_as_devinfo");
	/* a devinfo is no representor information */
	EXPECT_FAIL(doca_devinfo_rep_get_pci_func_type((struct doca_devinfo_rep *)doca_dev_as_devinfo(dev), &type),
		    DOCA_ERROR_INVALID_VALUE, "doca_devinfo_rep_get_pci_func_type");
	EXPECT_FAIL(doca_devinfo_rep_get_vhca_id(NULL, &u16), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_rep_get_vhca_id");
	EXPECT_FAIL(doca_devinfo_rep_get_is_hotplug(NULL, &u8), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_is_hotplug");
	EXPECT_FAIL(doca_devinfo_rep_get_vuid(NULL, text, sizeof(text)), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_vuid");
	EXPECT_FAIL(doca_devinfo_rep_get_iface_name(NULL, text, sizeof(text)), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_iface_name");
	EXPECT_FAIL(doca_devinfo_rep_get_pci_addr_str(NULL, text), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_get_pci_addr_str");
	EXPECT_FAIL(doca_devinfo_rep_is_equal_pci_addr(NULL, "3b:00.0", &u8), DOCA_ERROR_INVALID_VALUE,
		    "doca_devinfo_rep_is_equal_pci_addr");
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	EXPECT_FAIL(doca_devinfo_rep_destroy_list(reps), DOCA_ERROR_INVALID_VALUE, "doca_devinfo_rep_destroy_list");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* ---- lookups as NVIDIA's samples of 2.9 - 3.3 make them (samples/common.c) ---- */

/* open_doca_device_with_pci */
static doca_error_t open_with_pci(const char *pci_addr, struct doca_dev **retval)
{
	struct doca_devinfo **dev_list;
	uint32_t nb_devs;
	uint8_t is_addr_equal = 0;
	doca_error_t res = doca_devinfo_create_list(&dev_list, &nb_devs);

	*retval = NULL;
	if (res != DOCA_SUCCESS)
		return res;
	for (size_t i = 0; i < nb_devs; i++) {
		res = doca_devinfo_is_equal_pci_addr(dev_list[i], pci_addr, &is_addr_equal);
		if (res == DOCA_SUCCESS && is_addr_equal && doca_dev_open(dev_list[i], retval) == DOCA_SUCCESS) {
			doca_devinfo_destroy_list(dev_list);
			return DOCA_SUCCESS;
		}
	}
	doca_devinfo_destroy_list(dev_list);
	return DOCA_ERROR_NOT_FOUND;
}

/* open_doca_device_with_ibdev_name */
static doca_error_t open_with_ibdev_name(const char *value, struct doca_dev **retval)
{
	struct doca_devinfo **dev_list;
	uint32_t nb_devs;
	char buf[DOCA_DEVINFO_IBDEV_NAME_SIZE] = {};
	doca_error_t res = doca_devinfo_create_list(&dev_list, &nb_devs);

	*retval = NULL;
	if (res != DOCA_SUCCESS)
		return res;
	for (size_t i = 0; i < nb_devs; i++) {
		res = doca_devinfo_get_ibdev_name(dev_list[i], buf, DOCA_DEVINFO_IBDEV_NAME_SIZE);
		if (res == DOCA_SUCCESS && strncmp(buf, value, DOCA_DEVINFO_IBDEV_NAME_SIZE) == 0 &&
		    doca_dev_open(dev_list[i], retval) == DOCA_SUCCESS) {
			doca_devinfo_destroy_list(dev_list);
			return DOCA_SUCCESS;
		}
	}
	doca_devinfo_destroy_list(dev_list);
	return DOCA_ERROR_NOT_FOUND;
}

/* open_doca_device_rep_with_pci and open_doca_device_rep_with_vuid */
static doca_error_t open_rep(struct doca_dev *local, const char *pci_addr, const char *vuid,
			     struct doca_dev_rep **retval)
{
	struct doca_devinfo_rep **rep_dev_list = NULL;
	uint32_t nb_rdevs = 0;
	uint8_t is_addr_equal = 0;
	char buf[DOCA_DEVINFO_REP_VUID_SIZE] = {};
	doca_error_t result =
		doca_devinfo_rep_create_list(local, DOCA_DEVINFO_REP_FILTER_NET, &rep_dev_list, &nb_rdevs);

	*retval = NULL;
	if (result != DOCA_SUCCESS)
		return DOCA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < nb_rdevs; i++) {
		bool match = pci_addr ? doca_devinfo_rep_is_equal_pci_addr(rep_dev_list[i], pci_addr, &is_addr_equal) ==
							DOCA_SUCCESS &&
						is_addr_equal
				      : doca_devinfo_rep_get_vuid(rep_dev_list[i], buf, DOCA_DEVINFO_REP_VUID_SIZE) ==
							DOCA_SUCCESS &&
						strncmp(buf, vuid, DOCA_DEVINFO_REP_VUID_SIZE) == 0;

		if (match && doca_dev_rep_open(rep_dev_list[i], retval) == DOCA_SUCCESS) {
			doca_devinfo_rep_destroy_list(rep_dev_list);
			return DOCA_SUCCESS;
		}
	}
	doca_devinfo_rep_destroy_list(rep_dev_list);
	return DOCA_ERROR_NOT_FOUND;
}

static void samples_find_devices_by_pci_address_and_name(void **state)
{
	struct doca_dev *dev;
	struct doca_dev_rep *rep;
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];

	(void)state;
	sim_devices("2", NULL);
	assert_int_equal(open_with_pci("03:00.1", &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_get_ibdev_name(doca_dev_as_devinfo(dev), ibdev, sizeof(ibdev)), DOCA_SUCCESS);
	assert_string_equal(ibdev, "mlx5_sim1");
	/* the host's PF 1, as the DMA samples' DPU side opens it (-r 3b:00.1) */
	assert_int_equal(open_rep(dev, "3b:00.1", NULL, &rep), DOCA_SUCCESS);
	assert_int_equal(doca_dev_rep_close(rep), DOCA_SUCCESS);
	assert_int_equal(open_rep(dev, NULL, "MT2400OFXSIMMLNXS0D0F1", &rep), DOCA_SUCCESS);
	assert_int_equal(doca_dev_rep_close(rep), DOCA_SUCCESS);
	assert_int_equal(open_rep(dev, "3b:00.0", NULL, &rep), DOCA_ERROR_NOT_FOUND);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);

	assert_int_equal(open_with_ibdev_name("mlx5_sim0", &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_get_ibdev_name(doca_dev_as_devinfo(dev), ibdev, sizeof(ibdev)), DOCA_SUCCESS);
	assert_string_equal(ibdev, "mlx5_sim0");
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(open_with_pci("04:00.0", &dev), DOCA_ERROR_NOT_FOUND);
	assert_int_equal(open_with_ibdev_name("mlx5_9", &dev), DOCA_ERROR_NOT_FOUND);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(the_default_device_looks_like_a_bluefield3_ecpf, sim_reset),
		cmocka_unit_test_teardown(devices_are_listed_with_their_configured_pci_addresses, sim_reset),
		cmocka_unit_test_teardown(properties_come_from_the_configuration, sim_reset),
		cmocka_unit_test_teardown(addresses_are_the_interfaces_when_not_configured, sim_reset),
		cmocka_unit_test_teardown(bad_configuration_items_are_ignored, sim_reset),
		cmocka_unit_test_teardown(lists_refuse_bad_input, sim_reset),
		cmocka_unit_test_teardown(getters_refuse_bad_input, sim_reset),
		cmocka_unit_test_teardown(capabilities_are_what_the_project_implements, sim_reset),
		cmocka_unit_test_teardown(limits_are_rdma_cores, sim_reset),
		cmocka_unit_test_teardown(an_open_device_keeps_its_devinfo_after_the_list, sim_reset),
		cmocka_unit_test_teardown(reopening_makes_another_device, sim_reset),
		cmocka_unit_test_teardown(a_device_in_use_is_not_closed, sim_reset),
		cmocka_unit_test_teardown(open_and_close_refuse_bad_input, sim_reset),
		cmocka_unit_test_teardown(the_default_representor_is_the_host_pf, sim_reset),
		cmocka_unit_test_teardown(representors_come_from_the_configuration, sim_reset),
		cmocka_unit_test_teardown(a_device_without_representors_lists_none, sim_reset),
		cmocka_unit_test_teardown(an_open_representor_uses_its_device, sim_reset),
		cmocka_unit_test_teardown(a_representor_of_a_closed_device_does_not_open, sim_reset),
		cmocka_unit_test_teardown(representors_refuse_bad_input, sim_reset),
		cmocka_unit_test_teardown(samples_find_devices_by_pci_address_and_name, sim_reset),
	};
	int failed = cmocka_run_group_tests_name("doca devices (newest forms)", tests, NULL, NULL);

	failed += dev_2_2_tests();
	failed += dev_2_7_tests();
	failed += dev_1_4_tests();
	return failed;
}
