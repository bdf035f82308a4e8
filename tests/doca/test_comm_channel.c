/*
 * DOCA Comm Channel (doca_comm_channel.h, 2.2): a service on the DPU's device for the host's PF (its
 * representor) and a client on a device at that PF's address, as NVIDIA's cc_server / cc_client and
 * sync_event_dpu / sync_event_host samples pair them; in one process and across a fork. Messages both
 * ways, handshakes, statistics, event channels, full queues, connections lost, and every function
 * with bad input (one SDK line naming it).
 *
 * The test runs with FLEXIO_SIM_DEVICES=mlx5_sim0,mlx5_sim1@3b:00.0: mlx5_sim0's default
 * representor is the host's PF at 0000:3b:00.0, which mlx5_sim1 stands for.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API /* as NVIDIA's samples build */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_comm_channel.h>
#include <doca_dev.h>

#include "dev.h"
#include "mem_util.h"

/* The service: named per process, as channels are the machine's (other test runs may listen). */
static char service_name[64];

typedef struct doca_comm_channel_ep_t ep_t;
typedef struct doca_comm_channel_addr_t addr_t;

/* err is want, and nothing was logged (a polling loop's answers are not failures). */
static void expect_quiet_at(doca_error_t err, doca_error_t want, int line)
{
	char *log = sdk_log_take();

	if (err != want || (log && *log))
		fail_msg("line %d: %s (want %s), log: %s", line, doca_get_error_name(err), doca_get_error_name(want),
			 log ? log : "");
	free(log);
}
#define expect_quiet(err, want) expect_quiet_at((err), (want), __LINE__)

static struct doca_dev_rep *open_rep(struct doca_dev *dev)
{
	struct doca_devinfo_rep **list;
	struct doca_dev_rep *rep;
	uint32_t n;

	expect_ok(doca_devinfo_rep_list_create(dev, DOCA_DEV_REP_FILTER_NET, &list, &n));
	assert_true(n >= 1);
	expect_ok(doca_dev_rep_open(list[0], &rep));
	expect_ok(doca_devinfo_rep_list_destroy(list));
	return rep;
}

struct service {
	struct doca_dev *dev;
	struct doca_dev_rep *rep;
	ep_t *ep;
};

static void service_up(struct service *s, uint16_t max_msg, uint16_t queue)
{
	s->dev = sim_dev_open(0);
	s->rep = open_rep(s->dev);
	expect_ok(doca_comm_channel_ep_create(&s->ep));
	expect_ok(doca_comm_channel_ep_set_device(s->ep, s->dev));
	expect_ok(doca_comm_channel_ep_set_device_rep(s->ep, s->rep));
	expect_ok(doca_comm_channel_ep_set_max_msg_size(s->ep, max_msg));
	expect_ok(doca_comm_channel_ep_set_send_queue_size(s->ep, queue));
	expect_ok(doca_comm_channel_ep_set_recv_queue_size(s->ep, queue));
	expect_ok(doca_comm_channel_ep_listen(s->ep, service_name));
}

static void service_down(struct service *s)
{
	expect_ok(doca_comm_channel_ep_destroy(s->ep));
	expect_ok(doca_dev_rep_close(s->rep));
	sim_dev_close(s->dev);
}

/* A client endpoint on the host's device (at the representor's address), not connected. */
static ep_t *client_ep(struct doca_dev **dev, uint16_t max_msg, uint16_t queue)
{
	ep_t *ep;

	*dev = sim_dev_open(1);
	expect_ok(doca_comm_channel_ep_create(&ep));
	expect_ok(doca_comm_channel_ep_set_device(ep, *dev));
	expect_ok(doca_comm_channel_ep_set_max_msg_size(ep, max_msg));
	expect_ok(doca_comm_channel_ep_set_send_queue_size(ep, queue));
	expect_ok(doca_comm_channel_ep_set_recv_queue_size(ep, queue));
	return ep;
}

static const struct timespec ms = { 0, 1000000 };

/* Receives one message on ep within 5 s (the service also accepts and answers hellos meanwhile). */
static size_t receive(ep_t *ep, char *buf, size_t room, addr_t **peer)
{
	doca_error_t err = DOCA_ERROR_AGAIN;
	size_t len = room;

	for (int i = 0; i < 5000 && err == DOCA_ERROR_AGAIN; i++) {
		len = room;
		err = doca_comm_channel_ep_recvfrom(ep, buf, &len, DOCA_CC_MSG_FLAG_NONE, peer);
		if (err == DOCA_ERROR_AGAIN)
			nanosleep(&ms, NULL);
	}
	expect_ok(err);
	return len;
}

/* Connects a client: update_info says in progress until the service's recvfrom answered. */
static addr_t *connect_to(ep_t *client, ep_t *service)
{
	addr_t *peer, *none = NULL;
	doca_error_t err;
	char buf[8];
	size_t len = sizeof(buf);

	expect_ok(doca_comm_channel_ep_connect(client, service_name, &peer));
	expect_quiet(doca_comm_channel_peer_addr_update_info(peer), DOCA_ERROR_CONNECTION_INPROGRESS);
	/* the service answers the hello; no message yet */
	for (int i = 0; i < 5000; i++) {
		expect_quiet(doca_comm_channel_ep_recvfrom(service, buf, &len, 0, &none), DOCA_ERROR_AGAIN);
		err = doca_comm_channel_peer_addr_update_info(peer);
		if (err != DOCA_ERROR_CONNECTION_INPROGRESS)
			break;
		nanosleep(&ms, NULL);
	}
	expect_ok(err);
	assert_null(none);
	return peer;
}

static bool readable(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) == 1;
}

static void test_caps(void **state)
{
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_devinfo *info = doca_dev_as_devinfo(dev);
	uint32_t v;

	(void)state;
	expect_ok(doca_comm_channel_get_max_service_name_len(&v));
	assert_int_equal(v, 121);
	expect_ok(doca_comm_channel_get_max_message_size(info, &v));
	assert_int_equal(v, 4080);
	expect_ok(doca_comm_channel_get_max_send_queue_size(info, &v));
	assert_int_equal(v, 8192);
	expect_ok(doca_comm_channel_get_max_recv_queue_size(info, &v));
	assert_int_equal(v, 8192);
	expect_ok(doca_comm_channel_get_service_max_num_connections(info, &v));
	assert_int_equal(v, 512);
	expect_fail(doca_comm_channel_get_max_service_name_len(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_get_max_service_name_len");
	expect_fail(doca_comm_channel_get_max_message_size(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_get_max_message_size");
	expect_fail(doca_comm_channel_get_max_send_queue_size(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_get_max_send_queue_size");
	expect_fail(doca_comm_channel_get_max_recv_queue_size(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_get_max_recv_queue_size");
	expect_fail(doca_comm_channel_get_service_max_num_connections(info, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_get_service_max_num_connections");
	sim_dev_close(dev);
}

static void test_properties(void **state)
{
	struct doca_dev *dev = sim_dev_open(0), *got_dev = (struct doca_dev *)&dev;
	struct doca_dev_rep *rep = open_rep(dev), *got_rep = (struct doca_dev_rep *)&rep;
	ep_t *ep, *gone;
	uint16_t v;
	uint32_t users = opendoca_dev_users(dev);

	(void)state;
	expect_fail(doca_comm_channel_ep_create(NULL), DOCA_ERROR_INVALID_VALUE, "doca_comm_channel_ep_create");
	expect_ok(doca_comm_channel_ep_create(&ep));
	/* the defaults */
	expect_ok(doca_comm_channel_ep_get_device(ep, &got_dev));
	assert_null(got_dev);
	expect_ok(doca_comm_channel_ep_get_device_rep(ep, &got_rep));
	assert_null(got_rep);
	expect_ok(doca_comm_channel_ep_get_max_msg_size(ep, &v));
	assert_int_equal(v, 4080);
	expect_ok(doca_comm_channel_ep_get_send_queue_size(ep, &v));
	assert_int_equal(v, 64);
	expect_ok(doca_comm_channel_ep_get_recv_queue_size(ep, &v));
	assert_int_equal(v, 64);
	/* set, as used */
	expect_ok(doca_comm_channel_ep_set_device(ep, dev));
	assert_int_equal(opendoca_dev_users(dev), users + 1);
	expect_fail(doca_dev_close(dev), DOCA_ERROR_IN_USE, "doca_dev_close");
	expect_ok(doca_comm_channel_ep_set_device(ep, dev)); /* again: held once */
	assert_int_equal(opendoca_dev_users(dev), users + 1);
	expect_ok(doca_comm_channel_ep_get_device(ep, &got_dev));
	assert_ptr_equal(got_dev, dev);
	expect_ok(doca_comm_channel_ep_set_device_rep(ep, rep));
	expect_ok(doca_comm_channel_ep_get_device_rep(ep, &got_rep));
	assert_ptr_equal(got_rep, rep);
	expect_ok(doca_comm_channel_ep_set_max_msg_size(ep, 100));
	expect_ok(doca_comm_channel_ep_get_max_msg_size(ep, &v));
	assert_int_equal(v, 100);
	expect_ok(doca_comm_channel_ep_set_send_queue_size(ep, 10));
	expect_ok(doca_comm_channel_ep_get_send_queue_size(ep, &v));
	assert_int_equal(v, 16);
	expect_ok(doca_comm_channel_ep_set_recv_queue_size(ep, 8192));
	expect_ok(doca_comm_channel_ep_get_recv_queue_size(ep, &v));
	assert_int_equal(v, 8192);
	/* bad input: nothing changes */
	expect_fail(doca_comm_channel_ep_set_device(ep, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_set_device");
	expect_fail(doca_comm_channel_ep_set_device(NULL, dev), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_set_device");
	expect_fail(doca_comm_channel_ep_set_device_rep(ep, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_set_device_rep");
	expect_fail(doca_comm_channel_ep_set_max_msg_size(ep, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_set_max_msg_size");
	expect_fail(doca_comm_channel_ep_set_max_msg_size(ep, 4081), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_set_max_msg_size");
	expect_fail(doca_comm_channel_ep_set_send_queue_size(ep, 8193), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_set_send_queue_size");
	expect_fail(doca_comm_channel_ep_set_recv_queue_size(ep, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_set_recv_queue_size");
	expect_ok(doca_comm_channel_ep_get_max_msg_size(ep, &v));
	assert_int_equal(v, 100);
	expect_fail(doca_comm_channel_ep_get_device(ep, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_device");
	expect_fail(doca_comm_channel_ep_get_device_rep(NULL, &got_rep), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_device_rep");
	expect_fail(doca_comm_channel_ep_get_max_msg_size(ep, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_max_msg_size");
	expect_fail(doca_comm_channel_ep_get_send_queue_size(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_send_queue_size");
	expect_fail(doca_comm_channel_ep_get_recv_queue_size(ep, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_recv_queue_size");
	/* listening: the properties are fixed */
	expect_ok(doca_comm_channel_ep_listen(ep, service_name));
	expect_fail(doca_comm_channel_ep_set_max_msg_size(ep, 200), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_set_max_msg_size");
	expect_fail(doca_comm_channel_ep_set_device(ep, dev), DOCA_ERROR_BAD_STATE, "doca_comm_channel_ep_set_device");
	expect_fail(doca_comm_channel_ep_set_device_rep(ep, rep), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_set_device_rep");
	expect_fail(doca_comm_channel_ep_set_send_queue_size(ep, 4), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_set_send_queue_size");
	expect_fail(doca_comm_channel_ep_set_recv_queue_size(ep, 4), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_set_recv_queue_size");
	/* destroyed: refused, the device free again */
	gone = ep;
	expect_ok(doca_comm_channel_ep_destroy(ep));
	assert_int_equal(opendoca_dev_users(dev), users);
	expect_fail(doca_comm_channel_ep_destroy(gone), DOCA_ERROR_NOT_CONNECTED, "doca_comm_channel_ep_destroy");
	expect_fail(doca_comm_channel_ep_destroy(NULL), DOCA_ERROR_NOT_CONNECTED, "doca_comm_channel_ep_destroy");
	expect_fail(doca_comm_channel_ep_get_max_msg_size(gone, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_max_msg_size");
	expect_ok(doca_dev_rep_close(rep));
	sim_dev_close(dev);
}

static void test_listen_connect_bad(void **state)
{
	struct service srv = { 0 };
	struct doca_dev *cdev;
	ep_t *client = client_ep(&cdev, 4080, 8), *idle, *second;
	addr_t *peer = NULL;
	char long_name[130], buf[8];
	size_t len = sizeof(buf);
	int fd;

	(void)state;
	memset(long_name, 'n', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	/* no service yet: connecting fails at once (DOCA's rule), the client stays unconnected */
	expect_fail(doca_comm_channel_ep_connect(client, service_name, &peer), DOCA_ERROR_CONNECTION_ABORTED,
		    "doca_comm_channel_ep_connect");
	assert_null(peer);
	expect_ok(doca_comm_channel_ep_set_max_msg_size(client, 4080)); /* still configurable */
	expect_fail(doca_comm_channel_ep_get_event_channel(client, &fd, NULL), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_get_event_channel");
	service_up(&srv, 4080, 8);
	expect_ok(doca_comm_channel_ep_create(&idle));
	expect_fail(doca_comm_channel_ep_connect(idle, service_name, &peer), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_connect");
	expect_fail(doca_comm_channel_ep_listen(idle, service_name), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_listen");
	expect_ok(doca_comm_channel_ep_set_device(idle, srv.dev));
	expect_fail(doca_comm_channel_ep_listen(idle, service_name), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_listen");
	expect_fail(doca_comm_channel_ep_listen(NULL, service_name), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_listen");
	expect_fail(doca_comm_channel_ep_listen(idle, NULL), DOCA_ERROR_INVALID_VALUE, "doca_comm_channel_ep_listen");
	expect_fail(doca_comm_channel_ep_listen(idle, long_name), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_listen");
	expect_fail(doca_comm_channel_ep_listen(idle, "a/b"), DOCA_ERROR_INVALID_VALUE, "doca_comm_channel_ep_listen");
	expect_fail(doca_comm_channel_ep_connect(client, "", &peer), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_connect");
	expect_fail(doca_comm_channel_ep_connect(client, service_name, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_connect");
	expect_fail(doca_comm_channel_ep_connect(NULL, service_name, &peer), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_connect");
	/* idle: no channels, no messages, no service state */
	expect_fail(doca_comm_channel_ep_recvfrom(idle, buf, &len, 0, &peer), DOCA_ERROR_NOT_CONNECTED,
		    "doca_comm_channel_ep_recvfrom");
	expect_fail(doca_comm_channel_ep_get_event_channel(idle, &fd, &fd), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_get_event_channel");
	expect_fail(doca_comm_channel_ep_event_handle_arm_send(idle), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_event_handle_arm_send");
	expect_fail(doca_comm_channel_ep_event_handle_arm_recv(idle), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_event_handle_arm_recv");
	expect_fail(doca_comm_channel_ep_update_service_state_info(idle), DOCA_ERROR_BAD_STATE,
		    "doca_comm_channel_ep_update_service_state_info");
	/* a second service of the name for the same host function */
	expect_ok(doca_comm_channel_ep_create(&second));
	expect_ok(doca_comm_channel_ep_set_device(second, srv.dev));
	expect_ok(doca_comm_channel_ep_set_device_rep(second, srv.rep));
	expect_fail(doca_comm_channel_ep_listen(second, service_name), DOCA_ERROR_CONNECTION_ABORTED,
		    "doca_comm_channel_ep_listen");
	expect_ok(doca_comm_channel_ep_listen(second, "other"));
	expect_fail(doca_comm_channel_ep_listen(second, "third"), DOCA_ERROR_NOT_PERMITTED,
		    "doca_comm_channel_ep_listen");
	expect_fail(doca_comm_channel_ep_connect(second, service_name, &peer), DOCA_ERROR_NOT_PERMITTED,
		    "doca_comm_channel_ep_connect");
	/* connected: not again, and no service */
	peer = connect_to(client, srv.ep);
	expect_fail(doca_comm_channel_ep_connect(client, service_name, &peer), DOCA_ERROR_NOT_PERMITTED,
		    "doca_comm_channel_ep_connect");
	expect_fail(doca_comm_channel_ep_listen(client, "x"), DOCA_ERROR_NOT_PERMITTED, "doca_comm_channel_ep_listen");
	expect_fail(doca_comm_channel_ep_update_service_state_info(client), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_comm_channel_ep_update_service_state_info");
	expect_fail(doca_comm_channel_ep_get_service_event_channel(client, &fd), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_comm_channel_ep_get_service_event_channel");
	expect_ok(doca_comm_channel_ep_destroy(second));
	expect_ok(doca_comm_channel_ep_destroy(idle));
	expect_ok(doca_comm_channel_ep_destroy(client));
	sim_dev_close(cdev);
	service_down(&srv);
}

static void test_messages(void **state)
{
	struct service srv = { 0 };
	struct doca_dev *cdev;
	ep_t *client = client_ep(&cdev, 100, 8);
	addr_t *to_srv, *to_cli = NULL, *from, **list;
	char buf[256];
	uint64_t v;
	uint32_t n;
	size_t len;
	int send_ch, recv_ch, svc_ch;

	(void)state;
	service_up(&srv, 4080, 8);
	expect_ok(doca_comm_channel_ep_get_service_event_channel(srv.ep, &svc_ch));
	expect_ok(doca_comm_channel_ep_update_service_state_info(srv.ep));
	assert_false(readable(svc_ch));
	to_srv = connect_to(client, srv.ep);
	assert_true(readable(svc_ch)); /* a client came */
	expect_ok(doca_comm_channel_ep_update_service_state_info(srv.ep));
	assert_false(readable(svc_ch));
	expect_ok(doca_comm_channel_ep_get_peer_addr_list(srv.ep, &list, &n));
	assert_int_equal(n, 1);
	to_cli = list[0];
	expect_ok(doca_comm_channel_ep_get_pending_connections(srv.ep, &n));
	assert_int_equal(n, 0);

	/* client -> service; the receive channel readable while it waits */
	expect_ok(doca_comm_channel_ep_get_event_channel(srv.ep, &send_ch, &recv_ch));
	expect_ok(doca_comm_channel_ep_event_handle_arm_recv(srv.ep));
	assert_false(readable(recv_ch));
	expect_ok(doca_comm_channel_ep_sendto(client, "hello", 6, DOCA_CC_MSG_FLAG_NONE, to_srv));
	for (int i = 0; i < 5000 && !readable(recv_ch); i++)
		nanosleep(&ms, NULL);
	assert_true(readable(recv_ch));
	len = receive(srv.ep, buf, sizeof(buf), &from);
	assert_int_equal(len, 6);
	assert_string_equal(buf, "hello");
	assert_ptr_equal(from, to_cli);
	assert_false(readable(recv_ch));
	/* a message longer than the room stays queued */
	expect_ok(doca_comm_channel_ep_sendto(client, "0123456789", 10, 0, to_srv));
	len = 4;
	from = NULL;
	for (int i = 0; i < 5000 && !readable(recv_ch); i++)
		nanosleep(&ms, NULL);
	expect_fail(doca_comm_channel_ep_recvfrom(srv.ep, buf, &len, 0, &from), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_recvfrom");
	assert_int_equal(len, 4);
	assert_null(from);
	assert_int_equal(receive(srv.ep, buf, sizeof(buf), &from), 10);
	assert_memory_equal(buf, "0123456789", 10);

	/* service -> client: the connection carries the smaller largest message (the client's 100) */
	memset(buf, 'x', sizeof(buf));
	expect_fail(doca_comm_channel_ep_sendto(srv.ep, buf, 101, 0, to_cli), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_sendto");
	expect_ok(doca_comm_channel_ep_sendto(srv.ep, "HELLO", 6, 0, to_cli));
	assert_int_equal(receive(client, buf, sizeof(buf), &from), 6);
	assert_string_equal(buf, "HELLO");
	assert_ptr_equal(from, to_srv);
	len = sizeof(buf);
	expect_quiet(doca_comm_channel_ep_recvfrom(client, buf, &len, 0, &from), DOCA_ERROR_AGAIN);

	/* statistics as taken by update_info */
	expect_ok(doca_comm_channel_peer_addr_get_send_messages(to_srv, &v));
	assert_int_equal(v, 0);
	expect_ok(doca_comm_channel_peer_addr_update_info(to_srv));
	expect_ok(doca_comm_channel_peer_addr_get_send_messages(to_srv, &v));
	assert_int_equal(v, 2);
	expect_ok(doca_comm_channel_peer_addr_get_send_bytes(to_srv, &v));
	assert_int_equal(v, 16);
	expect_ok(doca_comm_channel_peer_addr_get_recv_messages(to_srv, &v));
	assert_int_equal(v, 1);
	expect_ok(doca_comm_channel_peer_addr_get_recv_bytes(to_srv, &v));
	assert_int_equal(v, 6);
	expect_ok(doca_comm_channel_peer_addr_get_send_in_flight_messages(to_srv, &v));
	assert_int_equal(v, 0);
	expect_ok(doca_comm_channel_peer_addr_update_info(to_cli));
	expect_ok(doca_comm_channel_peer_addr_get_recv_bytes(to_cli, &v));
	assert_int_equal(v, 16);
	/* user data */
	expect_ok(doca_comm_channel_peer_addr_get_user_data(to_cli, &v));
	assert_int_equal(v, 0);
	expect_ok(doca_comm_channel_peer_addr_set_user_data(to_cli, 42));
	expect_ok(doca_comm_channel_peer_addr_get_user_data(to_cli, &v));
	assert_int_equal(v, 42);

	/* bad input */
	expect_fail(doca_comm_channel_ep_sendto(client, NULL, 1, 0, to_srv), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_sendto");
	expect_fail(doca_comm_channel_ep_sendto(client, "x", 0, 0, to_srv), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_sendto");
	expect_fail(doca_comm_channel_ep_sendto(client, "x", 1, 1, to_srv), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_sendto");
	expect_fail(doca_comm_channel_ep_sendto(NULL, "x", 1, 0, to_srv), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_sendto");
	expect_fail(doca_comm_channel_ep_sendto(client, "x", 1, 0, NULL), DOCA_ERROR_NOT_CONNECTED,
		    "doca_comm_channel_ep_sendto");
	expect_fail(doca_comm_channel_ep_sendto(client, "x", 1, 0, to_cli), DOCA_ERROR_NOT_CONNECTED,
		    "doca_comm_channel_ep_sendto"); /* the service's */
	len = sizeof(buf);
	expect_fail(doca_comm_channel_ep_recvfrom(client, NULL, &len, 0, &from), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_recvfrom");
	expect_fail(doca_comm_channel_ep_recvfrom(client, buf, NULL, 0, &from), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_recvfrom");
	expect_fail(doca_comm_channel_ep_recvfrom(client, buf, &len, 0, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_recvfrom");
	expect_fail(doca_comm_channel_ep_recvfrom(client, buf, &len, 2, &from), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_recvfrom");
	expect_fail(doca_comm_channel_ep_recvfrom(NULL, buf, &len, 0, &from), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_recvfrom");
	expect_fail(doca_comm_channel_peer_addr_update_info(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_update_info");
	expect_fail(doca_comm_channel_peer_addr_get_user_data(to_cli, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_get_user_data");
	expect_fail(doca_comm_channel_peer_addr_set_user_data(NULL, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_set_user_data");
	expect_fail(doca_comm_channel_peer_addr_get_send_messages(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_get_send_messages");
	expect_fail(doca_comm_channel_peer_addr_get_send_bytes(to_cli, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_get_send_bytes");
	expect_fail(doca_comm_channel_peer_addr_get_recv_messages(to_cli, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_get_recv_messages");
	expect_fail(doca_comm_channel_peer_addr_get_recv_bytes(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_get_recv_bytes");
	expect_fail(doca_comm_channel_peer_addr_get_send_in_flight_messages(NULL, &v), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_get_send_in_flight_messages");
	expect_fail(doca_comm_channel_ep_get_event_channel(srv.ep, NULL, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_event_channel");
	expect_fail(doca_comm_channel_ep_get_service_event_channel(srv.ep, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_service_event_channel");
	expect_fail(doca_comm_channel_ep_event_handle_arm_recv(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_event_handle_arm_recv");
	expect_fail(doca_comm_channel_ep_event_handle_arm_send(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_event_handle_arm_send");
	expect_fail(doca_comm_channel_ep_update_service_state_info(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_update_service_state_info");
	expect_fail(doca_comm_channel_ep_get_peer_addr_list(srv.ep, NULL, &n), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_peer_addr_list");
	expect_fail(doca_comm_channel_ep_get_peer_addr_list(client, &list, &n), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_comm_channel_ep_get_peer_addr_list");
	expect_fail(doca_comm_channel_ep_get_pending_connections(srv.ep, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_get_pending_connections");
	expect_fail(doca_comm_channel_ep_get_pending_connections(client, &n), DOCA_ERROR_NOT_SUPPORTED,
		    "doca_comm_channel_ep_get_pending_connections");
	expect_fail(doca_comm_channel_ep_disconnect(client, to_cli), DOCA_ERROR_NOT_CONNECTED,
		    "doca_comm_channel_ep_disconnect");
	expect_fail(doca_comm_channel_ep_disconnect(NULL, to_srv), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_ep_disconnect");

	/* the client leaves: the service hears it once, then disconnects the peer */
	expect_ok(doca_comm_channel_ep_disconnect(client, to_srv));
	expect_fail(doca_comm_channel_peer_addr_update_info(to_srv), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_update_info");
	len = sizeof(buf);
	from = NULL;
	expect_fail(doca_comm_channel_ep_recvfrom(srv.ep, buf, &len, 0, &from), DOCA_ERROR_CONNECTION_RESET,
		    "doca_comm_channel_ep_recvfrom");
	assert_ptr_equal(from, to_cli);
	assert_true(readable(svc_ch));
	expect_quiet(doca_comm_channel_ep_recvfrom(srv.ep, buf, &len, 0, &from), DOCA_ERROR_AGAIN);
	expect_fail(doca_comm_channel_peer_addr_update_info(to_cli), DOCA_ERROR_CONNECTION_ABORTED,
		    "doca_comm_channel_peer_addr_update_info");
	expect_fail(doca_comm_channel_ep_sendto(srv.ep, "x", 1, 0, to_cli), DOCA_ERROR_CONNECTION_RESET,
		    "doca_comm_channel_ep_sendto");
	expect_ok(doca_comm_channel_ep_update_service_state_info(srv.ep));
	expect_ok(doca_comm_channel_ep_get_peer_addr_list(srv.ep, &list, &n));
	assert_int_equal(n, 0);
	expect_ok(doca_comm_channel_ep_disconnect(srv.ep, to_cli));
	expect_fail(doca_comm_channel_ep_disconnect(srv.ep, to_cli), DOCA_ERROR_NOT_CONNECTED,
		    "doca_comm_channel_ep_disconnect");
	/* and connects again on the same endpoint */
	to_srv = connect_to(client, srv.ep);
	expect_ok(doca_comm_channel_ep_sendto(client, "again", 6, 0, to_srv));
	assert_int_equal(receive(srv.ep, buf, sizeof(buf), &from), 6);
	assert_string_equal(buf, "again");
	/*
	 * The service answers and goes with a message of the client's unread: the client gets the
	 * answer, then hears the service went.
	 */
	expect_ok(doca_comm_channel_ep_sendto(client, "unread", 7, 0, to_srv));
	to_cli = from;
	expect_ok(doca_comm_channel_ep_sendto(srv.ep, "bye", 4, 0, to_cli));
	service_down(&srv);
	assert_int_equal(receive(client, buf, sizeof(buf), &from), 4);
	assert_string_equal(buf, "bye");
	len = sizeof(buf);
	expect_fail(doca_comm_channel_ep_recvfrom(client, buf, &len, 0, &from), DOCA_ERROR_CONNECTION_RESET,
		    "doca_comm_channel_ep_recvfrom");
	assert_ptr_equal(from, to_srv);
	expect_ok(doca_comm_channel_ep_destroy(client)); /* its connection with it */
	expect_fail(doca_comm_channel_peer_addr_set_user_data(to_srv, 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_comm_channel_peer_addr_set_user_data");
	sim_dev_close(cdev);
}

/* A full peer queue: DOCA_ERROR_AGAIN (not logged), the send channel readable once room came. */
static void test_queue_full(void **state)
{
	struct service srv = { 0 };
	struct doca_dev *cdev;
	ep_t *client = client_ep(&cdev, 4080, 1);
	addr_t *to_srv, *from;
	static char big[4080];
	char *buf = malloc(4080);
	int send_ch, sent = 0;
	doca_error_t err;

	(void)state;
	service_up(&srv, 4080, 1);
	to_srv = connect_to(client, srv.ep);
	expect_ok(doca_comm_channel_ep_get_event_channel(client, &send_ch, NULL));
	/* nothing waits for room: armed, readable at once */
	expect_ok(doca_comm_channel_ep_event_handle_arm_send(client));
	assert_true(readable(send_ch));
	while ((err = doca_comm_channel_ep_sendto(client, big, sizeof(big), 0, to_srv)) == DOCA_SUCCESS &&
	       sent < 100000)
		sent++;
	expect_quiet(err, DOCA_ERROR_AGAIN);
	assert_true(sent >= 1);
	expect_ok(doca_comm_channel_ep_event_handle_arm_send(client));
	assert_false(readable(send_ch));
	for (int i = 0; i < sent; i++)
		assert_int_equal(receive(srv.ep, buf, 4080, &from), 4080);
	for (int i = 0; i < 5000 && !readable(send_ch); i++)
		nanosleep(&ms, NULL);
	assert_true(readable(send_ch));
	expect_ok(doca_comm_channel_ep_sendto(client, big, sizeof(big), 0, to_srv));
	free(buf);
	expect_ok(doca_comm_channel_ep_destroy(client));
	sim_dev_close(cdev);
	service_down(&srv);
}

/* The client in a child process, as cc_client runs apart from cc_server. */
static int child_client(void)
{
	struct doca_dev *dev = sim_dev_open(1);
	ep_t *ep;
	addr_t *peer;
	doca_error_t err;
	char buf[64];
	size_t len = 0;

	if (doca_comm_channel_ep_create(&ep) || doca_comm_channel_ep_set_device(ep, dev))
		return 10;
	/* the service may not listen yet */
	for (int i = 0; i < 5000 && (err = doca_comm_channel_ep_connect(ep, service_name, &peer)); i++)
		nanosleep(&ms, NULL);
	if (err)
		return 11;
	for (int i = 0;
	     i < 5000 && (err = doca_comm_channel_peer_addr_update_info(peer)) == DOCA_ERROR_CONNECTION_INPROGRESS; i++)
		nanosleep(&ms, NULL);
	if (err || doca_comm_channel_ep_sendto(ep, "ping", 5, 0, peer))
		return 12;
	err = DOCA_ERROR_AGAIN;
	for (int i = 0; i < 5000 && err == DOCA_ERROR_AGAIN; i++) {
		len = sizeof(buf);
		err = doca_comm_channel_ep_recvfrom(ep, buf, &len, 0, &peer);
		if (err == DOCA_ERROR_AGAIN)
			nanosleep(&ms, NULL);
	}
	if (err || len != 5 || strcmp(buf, "pong"))
		return 13;
	if (doca_comm_channel_ep_disconnect(ep, peer) || doca_comm_channel_ep_destroy(ep))
		return 14;
	sim_dev_close(dev);
	return 0;
}

static void test_fork(void **state)
{
	struct service srv = { 0 };
	addr_t *from;
	char buf[64];
	pid_t pid;
	int status;
	size_t len;

	(void)state;
	service_up(&srv, 4080, 8);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(child_client());
	assert_int_equal(receive(srv.ep, buf, sizeof(buf), &from), 5);
	assert_string_equal(buf, "ping");
	expect_ok(doca_comm_channel_ep_sendto(srv.ep, "pong", 5, 0, from));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	len = sizeof(buf);
	expect_fail(doca_comm_channel_ep_recvfrom(srv.ep, buf, &len, 0, &from), DOCA_ERROR_CONNECTION_RESET,
		    "doca_comm_channel_ep_recvfrom");
	expect_ok(doca_comm_channel_ep_disconnect(srv.ep, from));
	service_down(&srv);
}

int main(void)
{
	snprintf(service_name, sizeof(service_name), "%s-%d", "cc_test", (int)getpid());
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_caps),
		cmocka_unit_test(test_properties),
		cmocka_unit_test(test_listen_connect_bad),
		cmocka_unit_test(test_messages),
		cmocka_unit_test(test_queue_full),
		cmocka_unit_test(test_fork),
	};

	sdk_log_capture();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
