/*
 * The writer side of the dpa_stats tests: a program that runs DPA event handlers on mlx5_sim0
 * until told to stop, for test_stats (another OS process) to watch.
 *
 *   stats_child [PROCESS_NAME]
 *
 * Makes a DPA process of the stats_test app (named PROCESS_NAME when given) with two handlers of
 * stats_spin: one named "worker_a", one unnamed (dpa_stats names it by its function). Prints
 * "ready PROCESS_ID THREAD_A THREAD_B\n" and keeps activating both (an RPC each, every
 * millisecond) until a line arrives on stdin (or stdin closes), then destroys everything and
 * prints "bye\n".
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <infiniband/verbs.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern flexio_func_t stats_spin, stats_activate;

static flexio_event_handler *handler(flexio_process *process, flexio_uintptr_t counter, const char *name)
{
	struct flexio_event_handler_attr attr = { .host_stub_func = &stats_spin, .arg = counter, .name = name };
	flexio_event_handler *eh = NULL;

	if (flexio_event_handler_create(process, &attr, &eh) || flexio_event_handler_run(eh, 0))
		return NULL;
	return eh;
}

int main(int argc, char **argv)
{
	struct pollfd in = { .fd = STDIN_FILENO, .events = POLLIN };
	struct flexio_process_attr pattr = { .name = argc > 1 ? argv[1] : NULL };
	struct ibv_context *ctx = NULL;
	struct ibv_device **devices;
	flexio_event_handler *a, *b;
	flexio_process *process;
	flexio_uintptr_t counter;
	flexio_app *app;
	uint64_t ret;
	int n = 0;

	devices = ibv_get_device_list(&n);
	for (int i = 0; devices && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), "mlx5_sim0"))
			ctx = ibv_open_device(devices[i]);
	if (!ctx || flexio_version_set(FLEXIO_VER_USED) ||
	    flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "stats_test", .ibv_ctx = ctx }, &app) ||
	    flexio_process_create(ctx, app, &pattr, &process) ||
	    flexio_buf_dev_alloc(process, sizeof(uint64_t), &counter) ||
	    flexio_buf_dev_memset(process, 0, sizeof(uint64_t), counter))
		return 1;
	a = handler(process, counter, "worker_a");
	b = handler(process, counter, NULL);
	if (!a || !b)
		return 1;
	printf("ready %u %u %u\n", flexio_process_get_dumem_id(process), flexio_event_handler_get_id(a),
	       flexio_event_handler_get_id(b));
	fflush(stdout);
	while (poll(&in, 1, 1) == 0) {
		if (flexio_process_call(process, &stats_activate, &ret, flexio_event_handler_get_activation_id(a)) ||
		    flexio_process_call(process, &stats_activate, &ret, flexio_event_handler_get_activation_id(b)))
			return 1;
	}
	flexio_event_handler_destroy(a);
	flexio_event_handler_destroy(b);
	flexio_process_destroy(process);
	ibv_close_device(ctx);
	ibv_free_device_list(devices);
	printf("bye\n");
	return 0;
}
