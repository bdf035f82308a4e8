/*
 * What the DOCA DPA observability tests look through (observe_util.h): the environment that makes
 * the simulated device trace, serve a GDB stub and publish statistics, and readers of each.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#define DPA_STATS_ALLOW_EXPERIMENTAL_API

#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include <dpa_stats.h>
#include <libflexio/flexio.h>
#include <libflexio/flexio_ext.h>

#include "mem_util.h"
#include "observe_util.h"

static char dir[] = "/tmp/doca-dpa-observe-XXXXXX";
char observe_trace_path[64];
static _Atomic unsigned gdb_port;

/* libflexio's lines: the GDB stub's port is in the one announcing it (the newest process's). */
static void on_log(enum flexio_log_lvl lvl, const char *func, const char *msg, void *user)
{
	const char *at = strstr(msg, "GDB stub listening on 127.0.0.1:");

	(void)lvl, (void)user;
	if (at)
		gdb_port = (unsigned)strtoul(at + strlen("GDB stub listening on 127.0.0.1:"), NULL, 10);
	fprintf(stderr, "flexio %s: %s\n", func, msg);
}

int observe_setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(observe_trace_path, sizeof(observe_trace_path), "%s/trace.json", dir);
	setenv("FLEXIO_SIM_TRACE", observe_trace_path, 1);
	setenv("FLEXIO_SIM_GDB", "0", 1);
	setenv("FLEXIO_SIM_STATS_DIR", dir, 1);
	flexio_log_callback_set(on_log, NULL);
	sdk_log_capture();
	return 0;
}

char *observe_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = calloc(1, 1 << 22);
	size_t n;

	assert_non_null(f);
	assert_non_null(text);
	n = fread(text, 1, (1 << 22) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

/* One GDB remote-protocol exchange (acknowledged mode): the reply's payload (free it). */
static char *gdb_ask(int fd, const char *payload)
{
	char packet[256], c;
	unsigned sum = 0;
	size_t cap = 1 << 16, n = 0;
	char *reply = malloc(cap);

	assert_non_null(reply);
	for (const char *p = payload; *p; p++)
		sum += (unsigned char)*p;
	snprintf(packet, sizeof(packet), "$%s#%02x", payload, sum & 0xff);
	assert_int_equal(send(fd, packet, strlen(packet), 0), (ssize_t)strlen(packet));
	do /* the ack, then the reply's start */
		assert_int_equal(recv(fd, &c, 1, 0), 1);
	while (c != '$');
	while (recv(fd, &c, 1, 0) == 1 && c != '#' && n + 1 < cap)
		reply[n++] = c;
	reply[n] = '\0';
	assert_int_equal(recv(fd, packet, 2, MSG_WAITALL), 2); /* the checksum */
	assert_int_equal(send(fd, "+", 1, 0), 1);
	return reply;
}

char *observe_gdb_threads(void)
{
	struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons((uint16_t)gdb_port) };
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	char *doc;

	assert_int_not_equal(gdb_port, 0);
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_true(fd >= 0);
	assert_int_equal(connect(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	doc = gdb_ask(fd, "qXfer:threads:read::0,fff0");
	free(gdb_ask(fd, "D"));
	close(fd);
	return doc;
}

char *observe_stats_thread_names(void)
{
	dpa_stats_handler_t *h = dpa_stats_open("mlx5_sim0");
	dpa_stats_process_list *processes;
	dpa_stats_thread_list *threads;
	char *names = calloc(1, 1 << 16);
	size_t n = 0;

	assert_non_null(h);
	assert_non_null(names);
	assert_int_equal(dpa_stats_read_processes_list(h, DPA_STATS_ALL_PROCESSES, &processes), DPA_STATS_STATUS_OK);
	assert_int_equal(dpa_stats_read_thread_list(h, processes, &threads), DPA_STATS_STATUS_OK);
	for (uint32_t i = 0; i < threads->threads_num && n + DPA_STATS_THREAD_NAME_SIZE + 2 < (1 << 16); i++)
		n += (size_t)snprintf(names + n, (1 << 16) - n, "%s\n", threads->threads[i].thread_name);
	dpa_stats_free_thread_list(threads);
	dpa_stats_free_process_list(processes);
	dpa_stats_close(h);
	return names;
}

int observe_teardown(void **state)
{
	char path[128];

	(void)state;
	unlink(observe_trace_path);
	snprintf(path, sizeof(path), "%s/openflexio-stats-mlx5_sim0-%u", dir, (unsigned)getuid());
	unlink(path);
	rmdir(dir);
	return 0;
}
