/*
 * DOCA Comch (doca_comch.h): a server on the DPU's device for the host's PF (its representor) and a
 * client on a device at that PF's address, as NVIDIA's sync_event samples pair them; in one process
 * (two progress engines) and across a fork; messages both ways, connections made and lost, stop and
 * destroy with a connection live, and every function with bad input (one SDK line naming it).
 *
 * The test runs with FLEXIO_SIM_DEVICES=mlx5_sim0,mlx5_sim1@3b:00.0: mlx5_sim0's default
 * representor is the host's PF at 0000:3b:00.0, which mlx5_sim1 stands for.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API /* as NVIDIA's samples build */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include <doca_comch.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_pe.h>

#include "dev.h"
#include "mem_util.h"

#define NAME "comch_test"

/* What the callbacks saw. */
static struct {
	struct doca_comch_connection *server_conn; /* the last connected, NULL once it disconnected */
	int connects, disconnects;
	int server_msgs, client_msgs;
	char server_last[64], client_last[64];
	int sent, send_errors;
} seen;

static void on_server_msg(struct doca_comch_event_msg_recv *event, uint8_t *buf, uint32_t len,
			  struct doca_comch_connection *conn)
{
	assert_non_null(event);
	assert_true(len < sizeof(seen.server_last));
	memcpy(seen.server_last, buf, len);
	seen.server_last[len] = '\0';
	seen.server_msgs++;
	assert_ptr_equal(conn, seen.server_conn);
}

static void on_client_msg(struct doca_comch_event_msg_recv *event, uint8_t *buf, uint32_t len,
			  struct doca_comch_connection *conn)
{
	(void)event;
	(void)conn;
	assert_true(len < sizeof(seen.client_last));
	memcpy(seen.client_last, buf, len);
	seen.client_last[len] = '\0';
	seen.client_msgs++;
}

static void on_connect(struct doca_comch_event_connection_status_changed *event, struct doca_comch_connection *conn,
		       uint8_t ok)
{
	(void)event;
	assert_int_equal(ok, 1);
	seen.server_conn = conn;
	seen.connects++;
}

static void on_disconnect(struct doca_comch_event_connection_status_changed *event, struct doca_comch_connection *conn,
			  uint8_t ok)
{
	(void)event;
	(void)ok;
	if (conn == seen.server_conn)
		seen.server_conn = NULL;
	seen.disconnects++;
}

static void on_sent(struct doca_comch_task_send *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	(void)task_user_data;
	(void)ctx_user_data;
	seen.sent++;
	doca_task_free(doca_comch_task_send_as_task(task));
}

static void on_send_error(struct doca_comch_task_send *task, union doca_data task_user_data,
			  union doca_data ctx_user_data)
{
	(void)task_user_data;
	(void)ctx_user_data;
	seen.send_errors++;
	doca_task_free(doca_comch_task_send_as_task(task));
}

struct side {
	struct doca_dev *dev;
	struct doca_dev_rep *rep;
	struct doca_pe *pe;
	struct doca_comch_server *server;
	struct doca_comch_client *client;
	struct doca_ctx *ctx;
};

static struct doca_dev_rep *open_rep(struct doca_dev *dev)
{
	struct doca_devinfo_rep **list;
	struct doca_dev_rep *rep;
	uint32_t n;

	expect_ok(doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_NET, &list, &n));
	assert_true(n >= 1);
	expect_ok(doca_dev_rep_open(list[0], &rep));
	expect_ok(doca_devinfo_rep_destroy_list(list));
	return rep;
}

static void server_up(struct side *s, uint32_t max_msg)
{
	s->dev = sim_dev_open(0);
	s->rep = open_rep(s->dev);
	expect_ok(doca_pe_create(&s->pe));
	expect_ok(doca_comch_server_create(s->dev, s->rep, NAME, &s->server));
	s->ctx = doca_comch_server_as_ctx(s->server);
	assert_non_null(s->ctx);
	expect_ok(doca_comch_server_set_max_msg_size(s->server, max_msg));
	expect_ok(doca_comch_server_set_recv_queue_size(s->server, 8));
	expect_ok(doca_pe_connect_ctx(s->pe, s->ctx));
	expect_ok(doca_comch_server_task_send_set_conf(s->server, on_sent, on_send_error, 8));
	expect_ok(doca_comch_server_event_msg_recv_register(s->server, on_server_msg));
	expect_ok(doca_comch_server_event_connection_status_changed_register(s->server, on_connect, on_disconnect));
	expect_ok(doca_ctx_start(s->ctx));
}

static void client_create_on(struct side *c, int dev_index, uint32_t max_msg)
{
	c->dev = sim_dev_open(dev_index);
	expect_ok(doca_pe_create(&c->pe));
	expect_ok(doca_comch_client_create(c->dev, NAME, &c->client));
	c->ctx = doca_comch_client_as_ctx(c->client);
	assert_non_null(c->ctx);
	expect_ok(doca_comch_client_set_max_msg_size(c->client, max_msg));
	expect_ok(doca_comch_client_set_recv_queue_size(c->client, 8));
	expect_ok(doca_pe_connect_ctx(c->pe, c->ctx));
	expect_ok(doca_comch_client_task_send_set_conf(c->client, on_sent, on_send_error, 8));
	expect_ok(doca_comch_client_event_msg_recv_register(c->client, on_client_msg));
}

/* A client on the host's device (at the representor's address). */
static void client_create(struct side *c, uint32_t max_msg)
{
	client_create_on(c, 1, max_msg);
}

static enum doca_ctx_states state_of(struct doca_ctx *ctx)
{
	enum doca_ctx_states state;

	expect_ok(doca_ctx_get_state(ctx, &state));
	return state;
}

/* Progresses both engines (b may be NULL) until *flag or the state wanted, for up to 5 s. */
static void progress_until(struct doca_pe *a, struct doca_pe *b, const int *flag, int want)
{
	struct timespec pause = { 0, 1000000 };

	for (int i = 0; i < 5000 && *flag != want; i++) {
		unsigned n = doca_pe_progress(a);

		if (b)
			n += doca_pe_progress(b);
		if (!n)
			nanosleep(&pause, NULL);
	}
	assert_int_equal(*flag, want);
}

static void send_from(struct side *s, struct doca_comch_connection *conn, const char *msg)
{
	struct doca_comch_task_send *task;

	if (s->server)
		expect_ok(doca_comch_server_task_send_alloc_init(s->server, conn, msg, (uint32_t)strlen(msg), &task));
	else
		expect_ok(doca_comch_client_task_send_alloc_init(s->client, conn, msg, (uint32_t)strlen(msg), &task));
	expect_ok(doca_task_submit(doca_comch_task_send_as_task(task)));
}

static void side_down(struct side *s)
{
	if (s->server)
		expect_ok(doca_comch_server_destroy(s->server));
	if (s->client)
		expect_ok(doca_comch_client_destroy(s->client));
	expect_ok(doca_pe_destroy(s->pe));
	if (s->rep)
		expect_ok(doca_dev_rep_close(s->rep));
	sim_dev_close(s->dev);
}

/* The connection handshake of a client, progressed with the server's engine. */
static struct doca_comch_connection *connect_client(struct side *srv, struct side *cli)
{
	struct doca_comch_connection *conn;
	int running;

	assert_int_equal(doca_ctx_start(cli->ctx), DOCA_ERROR_IN_PROGRESS);
	assert_int_equal(state_of(cli->ctx), DOCA_CTX_STATE_STARTING);
	for (int i = 0; i < 5000 && state_of(cli->ctx) != DOCA_CTX_STATE_RUNNING; i++) {
		doca_pe_progress(srv->pe);
		doca_pe_progress(cli->pe);
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	running = state_of(cli->ctx) == DOCA_CTX_STATE_RUNNING;
	assert_true(running);
	expect_ok(doca_comch_client_get_connection(cli->client, &conn));
	return conn;
}

static void test_one_process(void **state)
{
	struct side srv = { 0 }, cli = { 0 }, cli2 = { 0 };
	struct doca_comch_connection *conn, *server_conn;
	struct doca_comch_task_send *task;
	char big[100] = { 0 };
	int connects;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	server_up(&srv, 1024);
	client_create(&cli, 64);
	conn = connect_client(&srv, &cli);
	progress_until(srv.pe, cli.pe, &seen.connects, 1);
	server_conn = seen.server_conn;
	assert_ptr_equal(doca_comch_server_get_server_ctx(server_conn), srv.server);
	assert_ptr_equal(doca_comch_client_get_client_ctx(conn), cli.client);
	expect_ok(doca_comch_connection_set_user_data(server_conn, (union doca_data){ .u64 = 42 }));
	assert_int_equal(doca_comch_connection_get_user_data(server_conn).u64, 42);

	/* Messages both ways. */
	send_from(&cli, conn, "ping");
	progress_until(srv.pe, cli.pe, &seen.server_msgs, 1);
	assert_string_equal(seen.server_last, "ping");
	send_from(&srv, server_conn, "pong");
	progress_until(srv.pe, cli.pe, &seen.client_msgs, 1);
	assert_string_equal(seen.client_last, "pong");
	progress_until(srv.pe, cli.pe, &seen.sent, 2);

	/* The connection carries the smaller largest message: the client's 64 bytes. */
	expect_fail(doca_comch_server_task_send_alloc_init(srv.server, server_conn, big, sizeof(big), &task),
		    DOCA_ERROR_INVALID_VALUE, "doca_comch_server_task_send_alloc_init");
	/* Another side's connection. */
	expect_fail(doca_comch_server_task_send_alloc_init(srv.server, conn, "x", 1, &task), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_task_send_alloc_init");
	/* Configuration while running; destruction while running. */
	expect_fail(doca_comch_server_set_max_msg_size(srv.server, 16), DOCA_ERROR_BAD_STATE,
		    "doca_comch_server_set_max_msg_size");
	expect_fail(doca_comch_client_event_msg_recv_register(cli.client, on_client_msg), DOCA_ERROR_BAD_STATE,
		    "doca_comch_client_event_msg_recv_register");
	assert_int_not_equal(doca_comch_client_destroy(cli.client), DOCA_SUCCESS);
	free(sdk_log_take());

	/* A second client; the first stops: the server sees it go, its connection is refused after. */
	client_create(&cli2, 1024);
	connects = seen.connects;
	connect_client(&srv, &cli2);
	progress_until(srv.pe, cli2.pe, &seen.connects, connects + 1);
	expect_ok(doca_ctx_stop(cli.ctx));
	assert_int_equal(state_of(cli.ctx), DOCA_CTX_STATE_IDLE);
	progress_until(srv.pe, NULL, &seen.disconnects, 1);
	expect_fail(doca_comch_connection_set_user_data(server_conn, (union doca_data){ 0 }), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_connection_set_user_data");
	expect_fail(doca_comch_client_get_connection(cli.client, &conn), DOCA_ERROR_BAD_STATE,
		    "doca_comch_client_get_connection");

	/* The server stops with the second client connected: the client sees its server go and stops. */
	expect_ok(doca_ctx_stop(srv.ctx));
	assert_int_equal(state_of(srv.ctx), DOCA_CTX_STATE_IDLE);
	for (int i = 0; i < 5000 && state_of(cli2.ctx) != DOCA_CTX_STATE_IDLE; i++) {
		doca_pe_progress(cli2.pe);
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	assert_int_equal(state_of(cli2.ctx), DOCA_CTX_STATE_IDLE);
	free(sdk_log_take()); /* the stop's debug lines */
	side_down(&cli);
	side_down(&cli2);
	side_down(&srv);
}

static void test_server_destroyed_with_client_running(void **state)
{
	struct side srv = { 0 }, cli = { 0 };

	(void)state;
	memset(&seen, 0, sizeof(seen));
	server_up(&srv, 256);
	client_create(&cli, 256);
	connect_client(&srv, &cli);
	progress_until(srv.pe, cli.pe, &seen.connects, 1);
	/* A running server is not destroyed; stopped, it is, and its client notices. */
	assert_int_not_equal(doca_comch_server_destroy(srv.server), DOCA_SUCCESS);
	free(sdk_log_take());
	expect_ok(doca_ctx_stop(srv.ctx));
	side_down(&srv);
	for (int i = 0; i < 5000 && state_of(cli.ctx) != DOCA_CTX_STATE_IDLE; i++) {
		doca_pe_progress(cli.pe);
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	assert_int_equal(state_of(cli.ctx), DOCA_CTX_STATE_IDLE);
	free(sdk_log_take());
	side_down(&cli);
}

/* A client on the server's own device (a host program run on the one simulated BlueField, as the
 * samples' runs do) reaches the server too; the server's engine notifies; the server disconnects it. */
static void test_client_on_server_device(void **state)
{
	struct side srv = { 0 }, cli = { 0 };
	struct doca_comch_connection *conn;
	doca_notification_handle_t handle;
	struct pollfd pfd = { .events = POLLIN };

	(void)state;
	memset(&seen, 0, sizeof(seen));
	server_up(&srv, 1024);
	client_create_on(&cli, 0, 1024);
	conn = connect_client(&srv, &cli);
	progress_until(srv.pe, cli.pe, &seen.connects, 1);
	/* The server's engine's notification handle turns readable when the message arrives. */
	expect_ok(doca_pe_get_notification_handle(srv.pe, &handle));
	expect_ok(doca_pe_request_notification(srv.pe));
	pfd.fd = (int)handle;
	assert_int_equal(poll(&pfd, 1, 0), 0);
	send_from(&cli, conn, "same device");
	assert_int_equal(poll(&pfd, 1, 5000), 1);
	expect_ok(doca_pe_clear_notification(srv.pe, handle));
	progress_until(srv.pe, cli.pe, &seen.server_msgs, 1);
	assert_string_equal(seen.server_last, "same device");
	/* The server ends the connection: the client stops; the connection is gone for the server. */
	expect_ok(doca_comch_server_disconnect(srv.server, seen.server_conn));
	for (int i = 0; i < 5000 && state_of(cli.ctx) != DOCA_CTX_STATE_IDLE; i++) {
		doca_pe_progress(cli.pe);
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	assert_int_equal(state_of(cli.ctx), DOCA_CTX_STATE_IDLE);
	free(sdk_log_take()); /* the stop's debug lines */
	expect_fail(doca_comch_server_disconnect(srv.server, seen.server_conn), DOCA_ERROR_NOT_CONNECTED,
		    "doca_comch_server_disconnect");
	expect_ok(doca_ctx_stop(srv.ctx));
	side_down(&cli);
	side_down(&srv);
}

/* The client in a child process, as the host's sample runs apart from the DPU's. */
static int child_client(void)
{
	struct side cli = { 0 };
	struct doca_comch_connection *conn;
	struct doca_comch_task_send *task;
	enum doca_ctx_states st = DOCA_CTX_STATE_IDLE;

	memset(&seen, 0, sizeof(seen));
	cli.dev = sim_dev_open(1);
	if (doca_pe_create(&cli.pe) || doca_comch_client_create(cli.dev, NAME, &cli.client))
		return 10;
	cli.ctx = doca_comch_client_as_ctx(cli.client);
	if (doca_pe_connect_ctx(cli.pe, cli.ctx) ||
	    doca_comch_client_task_send_set_conf(cli.client, on_sent, on_send_error, 4) ||
	    doca_comch_client_event_msg_recv_register(cli.client, on_client_msg))
		return 11;
	if (doca_ctx_start(cli.ctx) != DOCA_ERROR_IN_PROGRESS)
		return 12;
	for (int i = 0; i < 5000 && st != DOCA_CTX_STATE_RUNNING; i++) {
		doca_pe_progress(cli.pe);
		doca_ctx_get_state(cli.ctx, &st);
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	if (st != DOCA_CTX_STATE_RUNNING || doca_comch_client_get_connection(cli.client, &conn))
		return 13;
	if (doca_comch_client_task_send_alloc_init(cli.client, conn, "hello", 5, &task) ||
	    doca_task_submit(doca_comch_task_send_as_task(task)))
		return 14;
	for (int i = 0; i < 5000 && !seen.client_msgs; i++) {
		doca_pe_progress(cli.pe);
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	if (strcmp(seen.client_last, "HELLO") || seen.sent != 1)
		return 15;
	if (doca_ctx_stop(cli.ctx) || doca_comch_client_destroy(cli.client) || doca_pe_destroy(cli.pe))
		return 16;
	sim_dev_close(cli.dev);
	return 0;
}

static void test_fork(void **state)
{
	struct side srv = { 0 };
	pid_t pid;
	int status;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	server_up(&srv, 1024);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(child_client());
	progress_until(srv.pe, NULL, &seen.server_msgs, 1);
	assert_string_equal(seen.server_last, "hello");
	send_from(&srv, seen.server_conn, "HELLO");
	progress_until(srv.pe, NULL, &seen.disconnects, 1);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	expect_ok(doca_ctx_stop(srv.ctx));
	side_down(&srv);
}

static void test_bad_input(void **state)
{
	struct side srv = { 0 };
	struct doca_dev *dev = sim_dev_open(0);
	struct doca_dev_rep *rep = open_rep(dev);
	struct doca_comch_server *server;
	struct doca_comch_client *client;
	struct doca_comch_task_send *task;
	struct doca_pe *pe;
	char long_name[130];
	uint32_t size, users = opendoca_dev_users(dev);

	(void)state;
	memset(long_name, 'n', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	expect_ok(doca_comch_cap_get_max_msg_size(doca_dev_as_devinfo(dev), &size));
	assert_true(size >= 1024);
	expect_ok(doca_comch_cap_server_is_supported(doca_dev_as_devinfo(dev)));
	expect_ok(doca_comch_cap_client_is_supported(doca_dev_as_devinfo(dev)));
	expect_fail(doca_comch_cap_get_max_msg_size(NULL, &size), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_cap_get_max_msg_size");
	expect_fail(doca_comch_cap_get_max_msg_size(doca_dev_as_devinfo(dev), NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_cap_get_max_msg_size");
	expect_fail(doca_comch_cap_server_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_cap_server_is_supported");
	expect_fail(doca_comch_cap_client_is_supported(NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_cap_client_is_supported");

	expect_fail(doca_comch_server_create(NULL, rep, NAME, &server), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_create");
	expect_fail(doca_comch_server_create(dev, NULL, NAME, &server), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_create");
	expect_fail(doca_comch_server_create(dev, rep, NULL, &server), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_create");
	expect_fail(doca_comch_server_create(dev, rep, "", &server), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_create");
	expect_fail(doca_comch_server_create(dev, rep, long_name, &server), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_create");
	expect_fail(doca_comch_server_create(dev, rep, NAME, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_create");
	expect_fail(doca_comch_client_create(NULL, NAME, &client), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_client_create");
	expect_fail(doca_comch_client_create(dev, NULL, &client), DOCA_ERROR_INVALID_VALUE, "doca_comch_client_create");
	expect_fail(doca_comch_client_create(dev, "a/b", &client), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_client_create");
	assert_int_equal(opendoca_dev_users(dev), users); /* nothing held by a refusal */

	expect_ok(doca_comch_server_create(dev, rep, NAME, &server));
	expect_ok(doca_comch_client_create(dev, NAME, &client));
	assert_int_equal(opendoca_dev_users(dev), users + 2);
	expect_fail(doca_comch_server_set_max_msg_size(server, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_set_max_msg_size");
	expect_fail(doca_comch_client_set_max_msg_size(client, size + 1), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_client_set_max_msg_size");
	expect_fail(doca_comch_server_set_recv_queue_size(server, 0), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_set_recv_queue_size");
	expect_fail(doca_comch_client_set_recv_queue_size(NULL, 8), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_client_set_recv_queue_size");
	expect_fail(doca_comch_server_event_msg_recv_register(server, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_event_msg_recv_register");
	expect_fail(doca_comch_server_event_connection_status_changed_register(server, on_connect, NULL),
		    DOCA_ERROR_INVALID_VALUE, "doca_comch_server_event_connection_status_changed_register");
	/* A client is no server. */
	expect_fail(doca_comch_server_set_max_msg_size((struct doca_comch_server *)client, 64),
		    DOCA_ERROR_INVALID_VALUE, "doca_comch_server_set_max_msg_size");
	expect_fail(doca_comch_server_task_send_set_conf(NULL, on_sent, on_send_error, 4), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_server_task_send_set_conf");
	expect_fail(doca_comch_client_task_send_alloc_init(client, NULL, "x", 1, &task), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_client_task_send_alloc_init");
	expect_fail(doca_comch_client_get_connection(client, NULL), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_client_get_connection");
	expect_fail(doca_comch_server_disconnect(server, NULL), DOCA_ERROR_NOT_CONNECTED,
		    "doca_comch_server_disconnect");
	expect_fail(doca_comch_connection_set_user_data(NULL, (union doca_data){ 0 }), DOCA_ERROR_INVALID_VALUE,
		    "doca_comch_connection_set_user_data");
	assert_int_equal(doca_comch_connection_get_user_data(NULL).u64, 0);
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_comch_connection_get_user_data");
	assert_null(doca_comch_server_get_server_ctx(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_comch_server_get_server_ctx");
	assert_null(doca_comch_client_as_ctx(NULL));
	expect_fail(DOCA_ERROR_INVALID_VALUE, DOCA_ERROR_INVALID_VALUE, "doca_comch_client_as_ctx");

	/* Destroying lets the device go; destroyed objects are refused. */
	expect_ok(doca_comch_server_destroy(server));
	expect_ok(doca_comch_client_destroy(client));
	assert_int_equal(opendoca_dev_users(dev), users);
	expect_fail(doca_comch_server_destroy(server), DOCA_ERROR_INVALID_VALUE, "doca_comch_server_destroy");
	expect_fail(doca_comch_client_destroy(client), DOCA_ERROR_INVALID_VALUE, "doca_comch_client_destroy");

	/* Two servers of one name: the second does not start. */
	server_up(&srv, 64);
	expect_ok(doca_comch_server_create(dev, rep, NAME, &server));
	expect_ok(doca_pe_create(&pe));
	expect_ok(doca_pe_connect_ctx(pe, doca_comch_server_as_ctx(server)));
	expect_fail(doca_ctx_start(doca_comch_server_as_ctx(server)), DOCA_ERROR_ALREADY_EXIST, "doca_ctx_start");
	expect_ok(doca_comch_server_destroy(server));
	expect_ok(doca_pe_destroy(pe));
	expect_ok(doca_ctx_stop(srv.ctx));
	side_down(&srv);
	expect_ok(doca_dev_rep_close(rep));
	sim_dev_close(dev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_one_process),
		cmocka_unit_test(test_server_destroyed_with_client_running),
		cmocka_unit_test(test_client_on_server_device),
		cmocka_unit_test(test_fork),
	};

	sdk_log_capture();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
