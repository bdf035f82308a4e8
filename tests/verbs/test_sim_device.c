/*
 * The simulated device's extension (libflexio/flexio_sim.h): what a device is by default (a
 * BlueField-3 ECPF), PCI addresses given with FLEXIO_SIM_DEVICES, properties and representors
 * given with FLEXIO_SIM_DEVICE_CONFIG, what is not understood said once and ignored, a real
 * device (fake_rdma_core's fake0) left to the kernel, bad input refused with one line.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <infiniband/verbs.h>
#include <libflexio/flexio_sim.h>

static FILE *capture_file;
static int saved_stderr;
static char captured[8192];

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

static int lines(const char *text)
{
	int n = 0;

	for (; *text; text++)
		n += *text == '\n';
	return n;
}

/* The device called name in a fresh listing (devices live as long as the process). */
static struct ibv_device *device_named(const char *name)
{
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct ibv_device *found = NULL;

	assert_non_null(list);
	for (int i = 0; list[i]; i++)
		if (!strcmp(list[i]->name, name))
			found = list[i];
	ibv_free_device_list(list);
	assert_non_null(found);
	return found;
}

static int reset(void **state)
{
	(void)state;
	unsetenv("FLEXIO_SIM_DEVICES");
	unsetenv("FLEXIO_SIM_DEVICE_CONFIG");
	return 0;
}

static void defaults_look_like_a_bluefield3_ecpf(void **state)
{
	struct ibv_device *device;
	struct flexio_sim_device_attr attr;
	struct flexio_sim_rep_attr rep;
	__be64 guid;
	const uint8_t *g = (const uint8_t *)&guid;

	(void)state;
	setenv("FLEXIO_SIM_DEVICES", "2", 1);
	device = device_named("mlx5_sim1");
	guid = ibv_get_device_guid(device);
	assert_int_equal(flexio_sim_device_query(device, &attr, sizeof(attr)), 0);
	assert_string_equal(attr.pci_addr, "0000:03:00.1");
	assert_string_equal(attr.iface_name, "p1");
	assert_string_equal(attr.vuid, "MT2400OFXSIMMLNXS1D0F1");
	assert_memory_equal(attr.mac, g, 3);
	assert_memory_equal(attr.mac + 3, g + 5, 3);
	assert_int_equal(attr.has_ipv4, 0);
	assert_int_equal(attr.has_ipv6, 0);
	assert_int_equal(attr.vhca_id, 1);
	assert_int_equal(attr.func_type, FLEXIO_SIM_FUNC_PF);
	assert_int_equal(attr.num_reps, 1);
	assert_int_equal(flexio_sim_device_query_rep(device, 0, &rep, sizeof(rep)), 0);
	assert_string_equal(rep.iface_name, "pf1hpf");
	assert_string_equal(rep.pci_addr, "0000:3b:00.1");
	assert_string_equal(rep.vuid, "MT2400OFXSIMMLNXS0D0F1");
	assert_int_equal(rep.func_type, FLEXIO_SIM_FUNC_PF);
	assert_int_equal(rep.vhca_id, 17);
	assert_int_equal(rep.emulated, 0);
	assert_int_equal(rep.hotplug, 0);
}

static void pci_addresses_are_given_like_names(void **state)
{
	const char *invalid[] = { "mlx5_0@03:00",  "mlx5_0@0000:03:20.0", "mlx5_0@0000:03:00.8", "mlx5_0@",
				  "@0000:03:00.0", "mlx5_0@0000-03:00.0", "mlx5_0@g3:00.0" };
	struct flexio_sim_device_attr attr;

	(void)state;
	setenv("FLEXIO_SIM_DEVICES", "mlx5_0@0000:81:1f.7,mlx5_1@B1:00.0", 1);
	capture_begin();
	assert_int_equal(flexio_sim_device_query(device_named("mlx5_0"), &attr, sizeof(attr)), 0);
	assert_string_equal(attr.pci_addr, "0000:81:1f.7");
	assert_string_equal(attr.vuid, "MT2400OFXSIMMLNXS1D31F7");
	assert_int_equal(flexio_sim_device_query(device_named("mlx5_1"), &attr, sizeof(attr)), 0);
	assert_string_equal(attr.pci_addr, "0000:b1:00.0");
	assert_string_equal(capture_end(), "");

	for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		struct ibv_device **list;
		const char *text;

		setenv("FLEXIO_SIM_DEVICES", invalid[i], 1);
		capture_begin();
		list = ibv_get_device_list(NULL);
		text = capture_end();
		assert_non_null(list);
		assert_string_equal(list[0]->name, "mlx5_sim0");
		assert_int_equal(lines(text), 1);
		assert_non_null(strstr(text, "flexio_verbs WARN ibv_get_device_list: FLEXIO_SIM_DEVICES"));
		ibv_free_device_list(list);
	}
}

static void the_configuration_sets_each_property(void **state)
{
	struct ibv_device *device;
	struct flexio_sim_device_attr attr;
	struct flexio_sim_rep_attr rep;
	const uint8_t mac[] = { 0x0c, 0x42, 0xa1, 0x00, 0x00, 0x01 }, ipv4[] = { 10, 1, 2, 3 };

	(void)state;
	setenv("FLEXIO_SIM_DEVICE_CONFIG",
	       " mlx5_sim0:iface=en3f0pf0sf2,mac=0c:42:A1:00:00:01,ipv4=10.1.2.3\n"
	       "other_dev:iface=ignored;mlx5_sim0:ipv6=::1,vhca=0x20,func=sf,sf=2,vuid=MYDEVICE;"
	       "mlx5_sim0:rep=a@3b:00.0/vf/vhca=9,rep=b@3b:00.1/emulated/hotplug,rep=c@03:00.0/sf",
	       1);
	device = device_named("mlx5_sim0");
	capture_begin();
	assert_int_equal(flexio_sim_device_query(device, &attr, sizeof(attr)), 0);
	assert_string_equal(capture_end(), "");
	assert_string_equal(attr.iface_name, "en3f0pf0sf2");
	assert_memory_equal(attr.mac, mac, sizeof(mac));
	assert_int_equal(attr.has_ipv4, 1);
	assert_memory_equal(attr.ipv4, ipv4, sizeof(ipv4));
	assert_int_equal(attr.has_ipv6, 1);
	assert_int_equal(attr.ipv6[15], 1);
	assert_int_equal(attr.vhca_id, 0x20);
	assert_int_equal(attr.func_type, FLEXIO_SIM_FUNC_SF);
	assert_int_equal(attr.sf_index, 2);
	assert_string_equal(attr.vuid, "MYDEVICE");
	assert_int_equal(attr.num_reps, 3);
	assert_int_equal(flexio_sim_device_query_rep(device, 0, &rep, sizeof(rep)), 0);
	assert_string_equal(rep.iface_name, "a");
	assert_int_equal(rep.func_type, FLEXIO_SIM_FUNC_VF);
	assert_int_equal(rep.vhca_id, 9);
	assert_string_equal(rep.vuid, "MT2400OFXSIMMLNXS0D0F0");
	assert_int_equal(flexio_sim_device_query_rep(device, 1, &rep, sizeof(rep)), 0);
	assert_int_equal(rep.emulated, 1);
	assert_int_equal(rep.hotplug, 1);
	assert_string_equal(rep.vuid, "MT2400OFXSIMVNETS0D0F1");
	assert_int_equal(flexio_sim_device_query_rep(device, 2, &rep, sizeof(rep)), 0);
	assert_int_equal(rep.func_type, FLEXIO_SIM_FUNC_SF);
	assert_string_equal(rep.vuid, "MT2400OFXSIMMLNXS1D0F0SF2");

	setenv("FLEXIO_SIM_DEVICE_CONFIG", "mlx5_sim0:rep=a@3b:00.0,rep=none", 1);
	assert_int_equal(flexio_sim_device_query(device, &attr, sizeof(attr)), 0);
	assert_int_equal(attr.num_reps, 0);
}

/* What is not understood is said once by the device query, not again by each representor's. */
static void what_is_not_understood_is_said_once(void **state)
{
	const char *bad[] = { "mac=00:11:22:33:44",
			      "mac=00:11:22:33:44:zz",
			      "ipv4=1.2.3",
			      "ipv6=::g",
			      "vhca=65536",
			      "func=xf",
			      "sf=-1",
			      "iface=",
			      "iface=a/b",
			      "iface=0123456789abcdef",
			      "rep=x",
			      "rep=x@3b:00",
			      "rep=x@3b:00.0/bogus",
			      "rep=x@3b:00.0/hotplug",
			      "unknown=1",
			      "noequals" };
	struct ibv_device *device = device_named("mlx5_sim0");
	struct flexio_sim_device_attr attr;
	struct flexio_sim_rep_attr rep;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char config[128];
		const char *text;

		snprintf(config, sizeof(config), "mlx5_sim0:%s,iface=good0", bad[i]);
		setenv("FLEXIO_SIM_DEVICE_CONFIG", config, 1);
		capture_begin();
		assert_int_equal(flexio_sim_device_query(device, &attr, sizeof(attr)), 0);
		text = capture_end();
		if (lines(text) != 1 ||
		    !strstr(text, "flexio_verbs WARN flexio_sim_device_query: FLEXIO_SIM_DEVICE_CONFIG"))
			fail_msg("%s: expected one warning, got \"%s\"", bad[i], text);
		assert_string_equal(attr.iface_name, "good0");
		capture_begin();
		if (attr.num_reps)
			assert_int_equal(flexio_sim_device_query_rep(device, 0, &rep, sizeof(rep)), 0);
		assert_string_equal(capture_end(), "");
	}
	setenv("FLEXIO_SIM_DEVICE_CONFIG", "no entry at all", 1);
	capture_begin();
	assert_int_equal(flexio_sim_device_query(device, &attr, sizeof(attr)), 0);
	assert_int_equal(lines(capture_end()), 1);
}

static void bad_input_is_refused(void **state)
{
	struct ibv_device *device = device_named("mlx5_sim0");
	struct flexio_sim_device_attr attr;
	struct flexio_sim_rep_attr rep;
	const char *text;
	int foreign, ret[6];

	(void)state;
	capture_begin();
	ret[0] = flexio_sim_device_query(NULL, &attr, sizeof(attr));
	ret[1] = flexio_sim_device_query(device, NULL, sizeof(attr));
	ret[2] = flexio_sim_device_query(device, &attr, sizeof(attr) - 1);
	ret[3] = flexio_sim_device_query((struct ibv_device *)&foreign, &attr, sizeof(attr));
	ret[4] = flexio_sim_device_query_rep(device, 1, &rep, sizeof(rep));
	ret[5] = flexio_sim_device_query_rep(device, 0, &rep, 3);
	text = capture_end();
	assert_int_equal(lines(text), 6); /* one line each */
	for (int i = 0; i < 6; i++)
		assert_int_equal(ret[i], i == 4 ? ERANGE : EINVAL);
	assert_int_equal(errno, EINVAL);
	assert_non_null(strstr(text, "flexio_verbs ERR flexio_sim_device_query_rep: mlx5_sim0 has 1 representor(s)"));
}

/* A later version's larger structure: filled as far as this one knows, zeroed beyond. */
static void a_larger_structure_is_zeroed_beyond(void **state)
{
	struct {
		struct flexio_sim_device_attr attr;
		char later[32];
	} bigger;

	(void)state;
	memset(&bigger, 0xff, sizeof(bigger));
	assert_int_equal(flexio_sim_device_query(device_named("mlx5_sim0"), &bigger.attr, sizeof(bigger)), 0);
	assert_string_equal(bigger.attr.pci_addr, "0000:03:00.0");
	for (size_t i = 0; i < sizeof(bigger.later); i++)
		assert_int_equal(bigger.later[i], 0);
}

/* A real device's properties are the kernel's: ENODEV, nothing said. */
static void a_real_device_is_left_to_the_kernel(void **state)
{
	struct flexio_sim_device_attr attr;
	struct flexio_sim_rep_attr rep;
	struct ibv_device *fake = device_named("fake0");

	(void)state;
	capture_begin();
	assert_int_equal(flexio_sim_device_query(fake, &attr, sizeof(attr)), ENODEV);
	assert_int_equal(flexio_sim_device_query_rep(fake, 0, &rep, sizeof(rep)), ENODEV);
	assert_string_equal(capture_end(), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(defaults_look_like_a_bluefield3_ecpf, reset),
		cmocka_unit_test_teardown(pci_addresses_are_given_like_names, reset),
		cmocka_unit_test_teardown(the_configuration_sets_each_property, reset),
		cmocka_unit_test_teardown(what_is_not_understood_is_said_once, reset),
		cmocka_unit_test_teardown(bad_input_is_refused, reset),
		cmocka_unit_test_teardown(a_larger_structure_is_zeroed_beyond, reset),
		cmocka_unit_test_teardown(a_real_device_is_left_to_the_kernel, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
