/*
 * The uplink ports of the simulated devices in one process (core/net, core/net/PORTS.md):
 * an in-process wire between mlx5_sim0 and mlx5_sim1 (frames byte-exact both ways, counters,
 * a full RQ, an oversize frame, a frame longer than its receive WQE and the RQ recovered), a
 * unix wire whose other end is this test's own socket (malformed and oversize datagrams
 * dropped and counted), a pcap capture of a port read back with libpcap, captures replayed once
 * the program's RQ or rule is there, ibv_query_port's state and MTU, configuration errors (one
 * log line, the port down) and the private counters call's bad input.
 *
 * main() sets the configuration before the first verbs call (the ports open with each
 * device's NIC): FLEXIO_SIM_DEVICES=8,
 *   mlx5_sim0:1=wire:mlx5_sim1:1,mtu=4000,out=<dir>/sim0.pcap,capture_rx=1
 *   mlx5_sim2:1=wire:unix=ports-test-<pid>   mlx5_sim3:1=down   mlx5_sim4:1=bogus
 *   mlx5_sim6:1=pcap:in=<dir>/replay.pcap,start=rq   mlx5_sim7:1=pcap:in=<same>,start=rule
 * (mlx5_sim1:1 is the wire's other end by implication; mlx5_sim5 is left unconfigured).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmocka.h>
#include <pcap/pcap.h>

#include "port_dev.h"

static char capture_path[256], replay_path[256];
static char wire_name[64];
#define REPLAYED 20 /* frames in the capture replay_path */

static struct flexio_verbs_port_counters counters(int device)
{
	struct flexio_verbs_port_counters c;

	assert_int_equal(flexio_verbs_port_counters(device, 1, &c), 0);
	return c;
}

/* The counters once they stop moving (two reads 20 ms apart agree, within 2 s): a backend's
 * reader thread counts a frame after handing it to a queue, so the frame may be polled first. */
static struct flexio_verbs_port_counters counters_settled(int device)
{
	struct flexio_verbs_port_counters c = counters(device), again;

	for (int i = 0; i < 100; i++, c = again) {
		usleep(20000);
		again = counters(device);
		if (!memcmp(&again, &c, sizeof(c)))
			break;
	}
	return c;
}

/* ---- a frame longer than its receive WQE ---- */

/* As mlx5 hardware does (Linux's mlx5e and DPDK's mlx5 recover from it): an error CQE with the
 * LOCAL_LENGTH syndrome, the RQ in error (its other WQEs flushed), every frame after it dropped
 * and counted; the program recovers the RQ with MODIFY_RQ on its DEVX object (ERR to RST, the
 * WQEs posted again from index 0, RST to RDY), and frames arrive again. */
static void test_rq_length_error(void **state)
{
	struct port_dev a, b;
	struct mlx5dv_devx_obj *rq;
	struct flexio_verbs_port_counters before;
	struct nic_wq_info info;
	uint8_t frame[PORT_DEV_SLOT], got[PORT_DEV_SLOT];
	unsigned flushed = 0;
	int len;

	(void)state;
	assert_true(port_dev_open(&a, 0, true));
	assert_true(port_dev_open(&b, 1, true));
	/* the object flexio_rq_get_object gives for an RQ */
	rq = flexio_verbs_devx_obj_create(b.ctx, 0x908, b.rqn);
	assert_non_null(rq);
	assert_true(port_dev_rq_restart(&b, rq, 512)); /* receive WQEs of 512 bytes */
	before = counters(1);
	port_dev_frame(frame, 1, 1000);
	assert_int_equal(port_dev_send(&a, frame, 1000), 0);
	assert_int_equal(port_dev_recv(&b, got, sizeof(got), 1000, false), -1);
	assert_int_equal(b.syndrome, 0x01); /* LOCAL_LENGTH */
	while ((len = port_dev_recv(&b, got, sizeof(got), 0, false)) == -1) {
		assert_int_equal(b.syndrome, 0x05); /* WR_FLUSH */
		flushed++;
	}
	assert_int_equal(len, 0);
	assert_int_equal(flushed, (1u << PORT_DEV_LOG_RQ) - 1);
	assert_int_equal(nic_wq_query(b.nic, b.rqn, &info), 0);
	assert_int_equal(info.state, NIC_WQ_ERR);
	port_dev_frame(frame, 2, 100);
	assert_int_equal(port_dev_send(&a, frame, 100), 0);
	assert_int_equal(port_dev_recv(&b, got, sizeof(got), 50, false), 0);
	assert_int_equal(counters(1).rx_dropped - before.rx_dropped, 2);
	assert_int_equal(counters(1).rx_to_queue, before.rx_to_queue);

	/* MODIFY_RQ takes the state the RQ is in and the transitions mlx5 has, nothing else */
	assert_int_equal(port_dev_rq_modify(rq, b.rqn, 1, 0, 0), EREMOTEIO);     /* it is in ERR, not RDY */
	assert_int_equal(port_dev_rq_modify(rq, b.rqn, 3, 1, 0), EREMOTEIO);     /* no ERR -> RDY */
	assert_int_equal(port_dev_rq_modify(rq, b.rqn + 1, 3, 0, 0), EREMOTEIO); /* another RQ */
	assert_int_equal(port_dev_rq_modify(rq, b.rqn, 3, 0, 2), EOPNOTSUPP);    /* vsd: not simulated */
	assert_true(port_dev_rq_restart(&b, rq, PORT_DEV_SLOT));
	port_dev_frame(frame, 3, 1000);
	assert_int_equal(port_dev_send(&a, frame, 1000), 0);
	assert_int_equal(port_dev_recv(&b, got, sizeof(got), 1000, true), 1000);
	assert_true(port_dev_frame_is(got, 1000, 3, false));
	assert_int_equal(counters(1).rx_to_queue, before.rx_to_queue + 1);
	flexio_verbs_devx_obj_release(rq);
	port_dev_close(&a);
	port_dev_close(&b);
}

/* ---- a capture replayed once the program can take it ---- */

/* The frames of the capture, all received, in order. */
static void expect_replay(struct port_dev *dev)
{
	uint8_t got[PORT_DEV_SLOT];

	for (unsigned n = 0; n < REPLAYED; n++) {
		assert_int_equal(port_dev_recv(dev, got, sizeof(got), 2000, true), 100);
		assert_true(port_dev_frame_is(got, 100, n, false));
	}
	assert_int_equal(counters_settled(dev->index).rx_to_queue, REPLAYED);
}

/* start=rq: not while the device has queues but no RQ that takes the port's frames; at once
 * (no delay) when the port's receive TIR leads to a ready RQ with WQEs. */
static void test_replay_start_rq(void **state)
{
	struct timespec pause = { 0, 200 * 1000 * 1000 };
	struct port_dev dev;

	(void)state;
	assert_true(port_dev_open(&dev, 6, false));
	nanosleep(&pause, NULL);
	assert_int_equal(counters(6).rx_frames, 0);
	port_dev_close(&dev);
	assert_true(port_dev_open(&dev, 6, true));
	expect_replay(&dev);
	port_dev_close(&dev);
}

/* start=rule: not while an RQ takes the port's frames (the port's receive TIR) but no receive
 * rule is in place; then through the rule. */
static void test_replay_start_rule(void **state)
{
	struct timespec pause = { 0, 200 * 1000 * 1000 };
	struct mlx5dv_flow_match_parameters any = { .match_sz = 0 };
	struct mlx5dv_dr_domain *domain;
	struct mlx5dv_dr_table *table;
	struct mlx5dv_dr_matcher *matcher;
	struct mlx5dv_dr_action *action;
	struct mlx5dv_dr_rule *rule;
	struct mlx5dv_devx_obj *tir;
	struct port_dev dev;

	(void)state;
	assert_true(port_dev_open(&dev, 7, true));
	nanosleep(&pause, NULL);
	assert_int_equal(counters(7).rx_frames, 0);
	domain = mlx5dv_dr_domain_create(dev.ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	assert_non_null(domain);
	table = mlx5dv_dr_table_create(domain, 0);
	assert_non_null(table);
	matcher = mlx5dv_dr_matcher_create(table, 0, 0, &any);
	assert_non_null(matcher);
	tir = flexio_verbs_devx_obj_create(dev.ctx, 0x900, dev.tirn); /* as flexio_rq_get_tir */
	assert_non_null(tir);
	action = mlx5dv_dr_action_create_dest_devx_tir(tir);
	assert_non_null(action);
	rule = mlx5dv_dr_rule_create(matcher, &any, 1, &action);
	assert_non_null(rule);
	expect_replay(&dev);
	assert_int_equal(counters(7).rx_missed, 0); /* all through the rule */
	assert_int_equal(mlx5dv_dr_rule_destroy(rule), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(action), 0);
	flexio_verbs_devx_obj_release(tir);
	assert_int_equal(mlx5dv_dr_matcher_destroy(matcher), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(table), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(domain), 0);
	port_dev_close(&dev);
}

/* ---- stderr capture: a configuration error logs exactly one line ---- */

static int saved_stderr = -1;
static FILE *capture_file;

static void stderr_begin(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	assert_non_null(capture_file);
	saved_stderr = dup(STDERR_FILENO);
	dup2(fileno(capture_file), STDERR_FILENO);
}

static const char *stderr_end(void)
{
	static char text[4096];
	size_t n;

	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	rewind(capture_file);
	n = fread(text, 1, sizeof(text) - 1, capture_file);
	text[n] = '\0';
	fclose(capture_file);
	return text;
}

/* ---- in-process wire ---- */

static void test_wire(void **state)
{
	struct port_dev a, b;
	struct flexio_verbs_port_counters ca, cb;
	uint8_t frame[PORT_DEV_SLOT], got[PORT_DEV_SLOT];

	(void)state;
	assert_true(port_dev_open(&a, 0, true));
	assert_true(port_dev_open(&b, 1, true));
	/* sim0 -> sim1, lengths from the shortest Ethernet frame up to sim1's MTU */
	for (unsigned n = 0; n < 20; n++) {
		size_t len = port_dev_frame(frame, n, 60 + n * 70);

		assert_int_equal(port_dev_send(&a, frame, len), 0);
		assert_int_equal(port_dev_recv(&b, got, sizeof(got), 1000, true), (int)len);
		assert_true(port_dev_frame_is(got, len, n, false));
	}
	/* and back */
	port_dev_frame(frame, 77, 1514);
	assert_int_equal(port_dev_send(&b, frame, 1514), 0);
	assert_int_equal(port_dev_recv(&a, got, sizeof(got), 1000, true), 1514);
	assert_true(port_dev_frame_is(got, 1514, 77, false));
	ca = counters(0);
	cb = counters(1);
	assert_int_equal(ca.tx_frames, 20);
	assert_int_equal(cb.rx_frames, 20);
	assert_int_equal(cb.rx_to_queue, 20);
	assert_int_equal(ca.tx_bytes, cb.rx_bytes);
	assert_int_equal(cb.tx_frames, 1);
	assert_int_equal(cb.tx_bytes, 1514);
	assert_int_equal(ca.rx_to_queue, 1);
	assert_int_equal(ca.rx_dropped + cb.rx_dropped + ca.tx_dropped + cb.tx_dropped, 0);

	/* longer than sim1's MTU (1500) but not sim0's (4000): sent, dropped on arrival */
	port_dev_frame(frame, 5, 3000);
	assert_int_equal(port_dev_send(&a, frame, 3000), 0);
	assert_int_equal(port_dev_recv(&b, got, sizeof(got), 50, true), 0);
	assert_int_equal(counters(1).rx_dropped, 1);
	assert_int_equal(counters(0).tx_frames, 21);

	/* a full RQ: 64 WQEs take 64 frames, the next 6 are dropped and counted, nothing else
	 * changes; once WQEs are posted again frames arrive again */
	for (unsigned n = 0; n < (1u << PORT_DEV_LOG_RQ) + 6; n++) {
		size_t len = port_dev_frame(frame, 1000 + n, 100);

		assert_int_equal(port_dev_send(&a, frame, len), 0);
	}
	cb = counters(1);
	assert_int_equal(cb.rx_dropped, 1 + 6);
	assert_int_equal(cb.rx_to_queue, 20 + 64);
	for (unsigned n = 0; n < 1u << PORT_DEV_LOG_RQ; n++) {
		assert_int_equal(port_dev_recv(&b, got, sizeof(got), 1000, false), 100);
		assert_true(port_dev_frame_is(got, 100, 1000 + n, false));
	}
	port_dev_repost(&b, 1u << PORT_DEV_LOG_RQ);
	port_dev_frame(frame, 2000, 64);
	assert_int_equal(port_dev_send(&a, frame, 64), 0);
	assert_int_equal(port_dev_recv(&b, got, sizeof(got), 1000, true), 64);
	assert_true(port_dev_frame_is(got, 64, 2000, false));
	port_dev_close(&a);
	port_dev_close(&b);
}

/* The capture of sim0's port (tx and rx) read back with libpcap. */
static void test_capture(void **state)
{
	char errbuf[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *header;
	const u_char *data;
	pcap_t *in;
	unsigned tx = 0, rx = 0, n = 0;

	(void)state;
	in = pcap_open_offline(capture_path, errbuf);
	assert_non_null(in);
	assert_int_equal(pcap_datalink(in), DLT_EN10MB);
	while (pcap_next_ex(in, &header, &data) == 1) {
		if (n < 20) /* the first frames sent, in order */
			assert_true(port_dev_frame_is(data, header->caplen, n, false));
		if (header->caplen == 1514 && port_dev_frame_is(data, 1514, 77, false))
			rx++;
		else
			tx++;
		n++;
	}
	pcap_close(in);
	assert_int_equal(rx, 1);
	assert_int_equal(tx, counters(0).tx_frames);
}

/* ---- unix wire: this test holds the other end ---- */

static socklen_t wire_end(struct sockaddr_un *addr, int end)
{
	int n;

	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	n = snprintf(addr->sun_path + 1, sizeof(addr->sun_path) - 1, "openflexio-wire/%s/%d", wire_name, end);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n);
}

static void test_unix_wire(void **state)
{
	struct sockaddr_un self, peer;
	socklen_t self_len, peer_len;
	uint8_t frame[PORT_DEV_SLOT], got[PORT_DEV_SLOT];
	struct flexio_verbs_port_counters c;
	struct port_dev d;
	int fd = socket(AF_UNIX, SOCK_DGRAM, 0);
	ssize_t n;

	(void)state;
	assert_true(port_dev_open(&d, 2, true)); /* binds end 0 */
	self_len = wire_end(&self, 1);
	peer_len = wire_end(&peer, 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&self, self_len), 0);
	/* good frames in both directions */
	port_dev_frame(frame, 9, 200);
	assert_int_equal(sendto(fd, frame, 200, 0, (struct sockaddr *)&peer, peer_len), 200);
	assert_int_equal(port_dev_recv(&d, got, sizeof(got), 2000, true), 200);
	assert_true(port_dev_frame_is(got, 200, 9, false));
	port_dev_frame(frame, 10, 300);
	assert_int_equal(port_dev_send(&d, frame, 300), 0);
	n = recv(fd, got, sizeof(got), 0);
	assert_int_equal(n, 300);
	assert_true(port_dev_frame_is(got, 300, 10, false));
	/* malformed (shorter than an Ethernet header) and oversize: dropped and counted */
	assert_int_equal(sendto(fd, frame, 10, 0, (struct sockaddr *)&peer, peer_len), 10);
	port_dev_frame(frame, 11, 1519);
	assert_int_equal(sendto(fd, frame, 1519, 0, (struct sockaddr *)&peer, peer_len), 1519);
	port_dev_frame(frame, 12, 1518); /* the longest a 1500 MTU takes (VLAN tag room) */
	assert_int_equal(sendto(fd, frame, 1518, 0, (struct sockaddr *)&peer, peer_len), 1518);
	assert_int_equal(port_dev_recv(&d, got, sizeof(got), 2000, true), 1518);
	assert_true(port_dev_frame_is(got, 1518, 12, false));
	c = counters_settled(2);
	assert_int_equal(c.rx_frames, 4);
	assert_int_equal(c.rx_bytes, 200 + 10 + 1519 + 1518);
	assert_int_equal(c.rx_dropped, 2);
	assert_int_equal(c.rx_to_queue, 2);
	assert_int_equal(c.tx_frames, 1);
	/* the other end gone: frames sent are dropped and counted */
	close(fd);
	assert_int_equal(port_dev_send(&d, frame, 100), 0);
	assert_int_equal(counters(2).tx_dropped, 1);
	port_dev_close(&d);
}

/* ---- ibv_query_port and configuration errors ---- */

static void query(int index, struct ibv_port_attr *attr)
{
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct ibv_context *ctx;

	assert_non_null(list);
	ctx = ibv_open_device(list[index]);
	assert_non_null(ctx);
	ibv_free_device_list(list);
	assert_int_equal(ibv_query_port(ctx, 1, attr), 0);
	assert_int_equal(ibv_close_device(ctx), 0);
}

static void test_query_port(void **state)
{
	struct ibv_port_attr attr;
	const char *log;

	(void)state;
	query(0, &attr); /* wired, MTU 4000 */
	assert_int_equal(attr.state, IBV_PORT_ACTIVE);
	assert_int_equal(attr.link_layer, IBV_LINK_LAYER_ETHERNET);
	assert_int_equal(attr.active_mtu, IBV_MTU_2048);
	assert_int_equal(attr.max_mtu, IBV_MTU_4096);
	query(1, &attr); /* the other end, MTU 1500 */
	assert_int_equal(attr.state, IBV_PORT_ACTIVE);
	assert_int_equal(attr.active_mtu, IBV_MTU_1024);
	query(3, &attr); /* down */
	assert_int_equal(attr.state, IBV_PORT_DOWN);
	assert_int_equal(attr.phys_state, 3);
	stderr_begin();
	query(4, &attr); /* a backend that does not exist */
	log = stderr_end();
	assert_int_equal(attr.state, IBV_PORT_DOWN);
	assert_non_null(strstr(log, "flexio_verbs ERR FLEXIO_SIM_PORTS: mlx5_sim4:1=bogus: no backend 'bogus'"));
	assert_ptr_equal(strchr(log, '\n'), log + strlen(log) - 1);
	query(5, &attr); /* unconfigured: up, frames out dropped */
	assert_int_equal(attr.state, IBV_PORT_ACTIVE);
}

/* An unconfigured port drops and counts what it sends; a down one too. */
static void test_unconnected(void **state)
{
	struct port_dev d;
	uint8_t frame[128];

	(void)state;
	for (int index = 3; index <= 5; index += 2) {
		assert_true(port_dev_open(&d, index, true));
		port_dev_frame(frame, 1, sizeof(frame));
		assert_int_equal(port_dev_send(&d, frame, sizeof(frame)), 0);
		assert_int_equal(counters(index).tx_dropped, 1);
		assert_int_equal(counters(index).tx_frames, 0);
		port_dev_close(&d);
	}
}

static void test_counters_bad_input(void **state)
{
	struct flexio_verbs_port_counters c;

	(void)state;
	assert_int_equal(flexio_verbs_port_counters(0, 1, NULL), -EINVAL);
	assert_int_equal(flexio_verbs_port_counters(-1, 1, &c), -EINVAL);
	assert_int_equal(flexio_verbs_port_counters(64, 1, &c), -EINVAL);
	assert_int_equal(flexio_verbs_port_counters(0, 0, &c), -ENOENT);
	assert_int_equal(flexio_verbs_port_counters(0, 2, &c), -ENOENT);
	assert_int_equal(flexio_verbs_port_counters(40, 1, &c), -ENOENT); /* no such device (yet) */
}

int main(int argc, char **argv)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wire),
		cmocka_unit_test(test_rq_length_error),
		cmocka_unit_test(test_capture),
		cmocka_unit_test(test_unix_wire),
		cmocka_unit_test(test_replay_start_rq),
		cmocka_unit_test(test_replay_start_rule),
		cmocka_unit_test(test_query_port),
		cmocka_unit_test(test_unconnected),
		cmocka_unit_test(test_counters_bad_input),
	};
	const char *dir = argc > 1 ? argv[1] : "/tmp";
	char ports[1024];

	snprintf(capture_path, sizeof(capture_path), "%s/test_ports_sim0_%d.pcap", dir, (int)getpid());
	snprintf(replay_path, sizeof(replay_path), "%s/test_ports_replay_%d.pcap", dir, (int)getpid());
	snprintf(wire_name, sizeof(wire_name), "ports-test-%d", (int)getpid());
	snprintf(
		ports, sizeof(ports),
		"mlx5_sim0:1=wire:mlx5_sim1:1,mtu=4000,out=%s,capture_rx=1; mlx5_sim2:1=wire:unix=%s;"
		"mlx5_sim3:1=down\nmlx5_sim4:1=bogus;mlx5_sim6:1=pcap:in=%s,start=rq;mlx5_sim7:1=pcap:in=%s,start=rule",
		capture_path, wire_name, replay_path, replay_path);
	if (port_dev_mkpcap(replay_path, REPLAYED, 100))
		return 1;
	setenv("FLEXIO_SIM_DEVICES", "8", 1);
	setenv("FLEXIO_SIM_PORTS", ports, 1);
	unsetenv("FLEXIO_SIM_PORTS_FILE");
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(capture_path);
	unlink(replay_path);
	return rc;
}
