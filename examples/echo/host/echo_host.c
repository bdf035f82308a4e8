/*
 * The loopback echo example: two RC QPs of one DPA process on the simulated device, connected
 * to each other, each served by an event handler woken by its receive CQ (echo_device.c). The
 * client handler sends MESSAGES messages of SIZE bytes, at most WINDOW outstanding; the server
 * handler sends each back; the client checks every payload and counts. The host sets it up
 * (echo_pair.c), wakes the client with an RPC and waits, reading the client's counters from DPA
 * memory.
 *
 * Usage: flexio-echo [DEVICE [MESSAGES [SIZE [WINDOW]]]]   (default: mlx5_sim0 10000 64 16)
 */
#include "echo_pair.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct ibv_context *open_device(struct ibv_device **devs, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), name))
			return ibv_open_device(devs[i]);
	return NULL;
}

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	struct echo_config config = {
		.messages = argc > 2 ? strtoull(argv[2], NULL, 0) : 10000,
		.msg_size = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 0) : 64,
		.window = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 0) : 16,
		.verify = 1,
	};
	struct flexio_app_select_attr app_attr = {.app_name = "echo_app", .hw_model_id = FLEXIO_HW_MODEL_DEF};
	flexio_msg_stream_attr_t stream_attr = {.data_bsize = 4096, .sync_mode = FLEXIO_MSG_DEV_SYNC_MODE_SYNC,
						.level = FLEXIO_MSG_DEV_INFO};
	struct echo_state client = {0}, server = {0};
	struct echo_pair pair = {0};
	flexio_process *process = NULL;
	flexio_msg_stream *stream = NULL;
	flexio_outbox *outbox = NULL;
	struct ibv_context *ibv_ctx = NULL;
	struct ibv_device **devs = NULL;
	struct ibv_pd *pd = NULL;
	flexio_app *app;
	int ok = 0, n = 0, made = 0;

	if (config.messages < 1) {
		fprintf(stderr, "MESSAGES must be at least 1\n");
		return 1;
	}
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
		return 1;
	devs = ibv_get_device_list(&n);
	if (devs)
		ibv_ctx = open_device(devs, n, dev_name);
	if (!ibv_ctx) {
		fprintf(stderr, "Failed to open device %s\n", dev_name);
		goto out;
	}
	app_attr.ibv_ctx = ibv_ctx;
	pd = ibv_alloc_pd(ibv_ctx);
	if (!pd || flexio_app_get(&app_attr, &app) != FLEXIO_STATUS_SUCCESS ||
	    flexio_process_create(ibv_ctx, app, &(struct flexio_process_attr){.pd = pd}, &process) !=
		    FLEXIO_STATUS_SUCCESS ||
	    flexio_msg_stream_create(process, &stream_attr, stdout, NULL, &stream) != FLEXIO_STATUS_SUCCESS ||
	    flexio_outbox_create(process, &(struct flexio_outbox_attr){0}, &outbox) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "Failed to create the DPA process\n");
		goto out;
	}
	if (echo_pair_create(process, pd, outbox, &config, &pair))
		goto out;
	made = 1;
	printf("Two DPA QPs (0x%x, 0x%x) connected; the client sends %lu messages of %u bytes, %u at a time\n",
	       flexio_qp_get_qp_num(pair.client.qp), flexio_qp_get_qp_num(pair.server.qp),
	       (unsigned long)config.messages, config.msg_size, config.window);
	if (echo_pair_start(&pair))
		goto out;
	/* 10 s without a single echo means it is stuck (ASan builds are slow, never that slow). */
	if (echo_pair_wait(&pair, 1000, 10000, &client) || echo_pair_read(&pair, &client, &server)) {
		fprintf(stderr, "The echo stopped after %lu of %lu messages (error 0x%x, process status %d)\n",
			(unsigned long)client.received, (unsigned long)config.messages, client.error,
			(int)flexio_err_status_get(process));
		goto out;
	}
	if (client.received != config.messages || server.received != config.messages ||
	    server.sent != config.messages || server.error) {
		fprintf(stderr, "Counts disagree: client got %lu, server got %lu and sent %lu (error 0x%x)\n",
			(unsigned long)client.received, (unsigned long)server.received, (unsigned long)server.sent,
			server.error);
		goto out;
	}
	printf("Echoed %lu messages of %u bytes between two DPA QPs\n", (unsigned long)config.messages,
	       config.msg_size);
	printf("Every payload came back intact and in order (client handler ran %lu times, server %lu)\n",
	       (unsigned long)client.activations, (unsigned long)server.activations);
	ok = 1;
out:
	if (made)
		echo_pair_destroy(&pair);
	if (outbox)
		flexio_outbox_destroy(outbox);
	flexio_process_destroy(process); /* also its stream and heap */
	if (pd)
		ibv_dealloc_pd(pd);
	if (ibv_ctx)
		ibv_close_device(ibv_ctx);
	if (devs)
		ibv_free_device_list(devs);
	return ok ? 0 : 1;
}
