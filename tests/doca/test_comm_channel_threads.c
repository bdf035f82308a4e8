/*
 * DOCA Comm Channel endpoints used from several threads at once (also in the ThreadSanitizer
 * suite): DOCA gives an endpoint to one thread, OpenDOCA serializes the calls on an endpoint and its
 * peer addresses so that such use cannot corrupt it. A client sends from one thread while another
 * reads its statistics and user data; the service receives on one thread while another takes its
 * state and answers; then one thread destroys the client while another still calls on it.
 *
 * Runs with FLEXIO_SIM_DEVICES=mlx5_sim0,mlx5_sim1@3b:00.0 (see test_comm_channel.c).
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)
#define DOCA_ALLOW_EXPERIMENTAL_API
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <doca_comm_channel.h>
#include <doca_dev.h>

#include "mem_util.h"

/* The service: named per process, as channels are the machine's (other test runs may listen). */
static char service_name[64];
#define MESSAGES 2000

typedef struct doca_comm_channel_ep_t ep_t;
typedef struct doca_comm_channel_addr_t addr_t;

static const struct timespec pause_short = { 0, 100000 };

struct shared {
	ep_t *service, *client;
	addr_t *to_service;
	int received, sent;
	bool stop;
};

static void *client_sender(void *arg)
{
	struct shared *sh = arg;
	char msg[32];

	for (int i = 0; i < MESSAGES; i++) {
		doca_error_t err;
		int len = snprintf(msg, sizeof(msg), "%d", i) + 1;

		while ((err = doca_comm_channel_ep_sendto(sh->client, msg, (size_t)len, 0, sh->to_service)) ==
		       DOCA_ERROR_AGAIN)
			nanosleep(&pause_short, NULL);
		assert_int_equal(err, DOCA_SUCCESS);
	}
	__atomic_store_n(&sh->sent, MESSAGES, __ATOMIC_RELEASE);
	return NULL;
}

static void *client_reader(void *arg)
{
	struct shared *sh = arg;
	uint64_t v, last = 0;

	while (!__atomic_load_n(&sh->stop, __ATOMIC_ACQUIRE)) {
		assert_int_equal(doca_comm_channel_peer_addr_update_info(sh->to_service), DOCA_SUCCESS);
		assert_int_equal(doca_comm_channel_peer_addr_get_send_messages(sh->to_service, &v), DOCA_SUCCESS);
		assert_true(v >= last && v <= MESSAGES);
		last = v;
		assert_int_equal(doca_comm_channel_peer_addr_set_user_data(sh->to_service, v), DOCA_SUCCESS);
		assert_int_equal(doca_comm_channel_peer_addr_get_user_data(sh->to_service, &v), DOCA_SUCCESS);
		nanosleep(&pause_short, NULL);
	}
	return NULL;
}

static void *service_receiver(void *arg)
{
	struct shared *sh = arg;
	char buf[64];

	for (int want = 0; want < MESSAGES;) {
		addr_t *from;
		size_t len = sizeof(buf);
		doca_error_t err = doca_comm_channel_ep_recvfrom(sh->service, buf, &len, 0, &from);

		if (err == DOCA_ERROR_AGAIN) {
			nanosleep(&pause_short, NULL);
			continue;
		}
		assert_int_equal(err, DOCA_SUCCESS);
		assert_int_equal(atoi(buf), want); /* one connection keeps its order */
		want++;
		__atomic_store_n(&sh->received, want, __ATOMIC_RELEASE);
	}
	return NULL;
}

static void *service_watcher(void *arg)
{
	struct shared *sh = arg;

	while (!__atomic_load_n(&sh->stop, __ATOMIC_ACQUIRE)) {
		addr_t **list;
		uint32_t n, pending;
		int channel;

		assert_int_equal(doca_comm_channel_ep_update_service_state_info(sh->service), DOCA_SUCCESS);
		assert_int_equal(doca_comm_channel_ep_get_peer_addr_list(sh->service, &list, &n), DOCA_SUCCESS);
		assert_int_equal(doca_comm_channel_ep_get_pending_connections(sh->service, &pending), DOCA_SUCCESS);
		assert_true(n + pending <= 1);
		assert_int_equal(doca_comm_channel_ep_get_event_channel(sh->service, &channel, NULL), DOCA_SUCCESS);
		assert_int_equal(doca_comm_channel_ep_event_handle_arm_send(sh->service), DOCA_SUCCESS);
		nanosleep(&pause_short, NULL);
	}
	return NULL;
}

static void run_threads(void *(*fn[])(void *), int n, struct shared *sh)
{
	pthread_t t[4];

	for (int i = 0; i < n; i++)
		assert_int_equal(pthread_create(&t[i], NULL, fn[i], sh), 0);
	/* the first two finish on their own; then the watchers stop */
	assert_int_equal(pthread_join(t[0], NULL), 0);
	assert_int_equal(pthread_join(t[1], NULL), 0);
	__atomic_store_n(&sh->stop, true, __ATOMIC_RELEASE);
	for (int i = 2; i < n; i++)
		assert_int_equal(pthread_join(t[i], NULL), 0);
}

static ep_t *endpoint(struct doca_dev *dev, struct doca_dev_rep *rep)
{
	ep_t *ep;

	expect_ok(doca_comm_channel_ep_create(&ep));
	expect_ok(doca_comm_channel_ep_set_device(ep, dev));
	expect_ok(doca_comm_channel_ep_set_send_queue_size(ep, 4));
	if (rep) {
		expect_ok(doca_comm_channel_ep_set_device_rep(ep, rep));
		expect_ok(doca_comm_channel_ep_listen(ep, service_name));
	}
	return ep;
}

static void *destroyer(void *arg)
{
	struct shared *sh = arg;

	nanosleep(&pause_short, NULL);
	assert_int_equal(doca_comm_channel_ep_destroy(sh->client), DOCA_SUCCESS);
	return NULL;
}

static void *late_caller(void *arg)
{
	struct shared *sh = arg;

	/* until the endpoint is gone: every call either works or is refused, none crashes. While
	 * the destroyer disconnects the endpoint, a send is refused as not connected; once the
	 * handle is gone, as an invalid value. */
	for (int i = 0; i < 100000; i++) {
		uint64_t v;
		doca_error_t err = doca_comm_channel_ep_sendto(sh->client, "x", 2, 0, sh->to_service);

		if (err == DOCA_ERROR_INVALID_VALUE)
			break;
		assert_true(err == DOCA_SUCCESS || err == DOCA_ERROR_AGAIN || err == DOCA_ERROR_NOT_CONNECTED);
		(void)doca_comm_channel_peer_addr_get_recv_bytes(sh->to_service, &v);
	}
	return NULL;
}

static void test_threads(void **state)
{
	struct doca_dev *dev0 = sim_dev_open(0), *dev1 = sim_dev_open(1);
	struct doca_devinfo_rep **list;
	struct doca_dev_rep *rep;
	struct shared sh = { 0 };
	void *(*traffic[])(void *) = { client_sender, service_receiver, client_reader, service_watcher };
	void *(*teardown[])(void *) = { destroyer, late_caller };
	uint32_t n;
	doca_error_t err;

	(void)state;
	expect_ok(doca_devinfo_rep_list_create(dev0, DOCA_DEV_REP_FILTER_NET, &list, &n));
	expect_ok(doca_dev_rep_open(list[0], &rep));
	expect_ok(doca_devinfo_rep_list_destroy(list));
	sh.service = endpoint(dev0, rep);
	sh.client = endpoint(dev1, NULL);
	expect_ok(doca_comm_channel_ep_connect(sh.client, service_name, &sh.to_service));
	for (int i = 0; i < 10000; i++) {
		char buf[8];
		size_t len = sizeof(buf);
		addr_t *from;

		(void)doca_comm_channel_ep_recvfrom(sh.service, buf, &len, 0, &from);
		err = doca_comm_channel_peer_addr_update_info(sh.to_service);
		if (err != DOCA_ERROR_CONNECTION_INPROGRESS)
			break;
		nanosleep(&pause_short, NULL);
	}
	assert_int_equal(err, DOCA_SUCCESS);
	run_threads(traffic, 4, &sh);
	assert_int_equal(sh.received, MESSAGES);
	sh.stop = false;
	run_threads(teardown, 2, &sh);
	free(sdk_log_take()); /* the late caller's refusals */
	expect_ok(doca_comm_channel_ep_destroy(sh.service));
	expect_ok(doca_dev_rep_close(rep));
	sim_dev_close(dev1);
	sim_dev_close(dev0);
}

int main(void)
{
	snprintf(service_name, sizeof(service_name), "%s-%d", "cc_threads", (int)getpid());
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads),
	};

	sdk_log_capture();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
