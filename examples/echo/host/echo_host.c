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

#include "example_setup.h"

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	struct echo_config config = {
		.messages = argc > 2 ? strtoull(argv[2], NULL, 0) : 10000,
		.msg_size = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 0) : 64,
		.window = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 0) : 16,
		.verify = 1,
	};
	struct echo_state client = { 0 }, server = { 0 };
	struct echo_pair pair = { 0 };
	struct example_setup setup;
	flexio_process *process;
	int ok = 0, made = 0;

	if (config.messages < 1) {
		fprintf(stderr, "MESSAGES must be at least 1\n");
		return 1;
	}
	/* The QPs' keys are made in the process's PD; the handlers ring their doorbells through the outbox. */
	if (example_setup_open(&setup, dev_name, "echo_app",
			       EXAMPLE_WITH_PD | EXAMPLE_WITH_STREAM | EXAMPLE_WITH_OUTBOX))
		goto out;
	process = setup.process;
	if (echo_pair_create(process, setup.pd, setup.outbox, &config, &pair))
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
	example_setup_close(&setup);
	return ok ? 0 : 1;
}
