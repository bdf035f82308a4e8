/*
 * What the ports drivers (ports_driver.py) run, in a network namespace or not, with the
 * ports configured by FLEXIO_SIM_PORTS: mlx5_sim0's port 1 driven through port_dev.h.
 *
 *   port_tool echo [--swap] [--count N] [--idle MS] [--ready FILE]
 *       receives frames and sends each back (MACs swapped with --swap), until N frames or MS
 *       milliseconds without one (default 3000)
 *   port_tool send COUNT LEN [--swap] [--ready FILE]
 *       sends test frames 0..COUNT-1 of LEN bytes, each answered by the same frame (MACs
 *       swapped with --swap) before the next: exit 0 when all came back byte for byte
 *   port_tool idle MS [--ready FILE]
 *       no receive queue (frames no rule takes go the port's miss path) for MS milliseconds
 *   port_tool mkpcap FILE COUNT LEN
 *       writes test frames 0..COUNT-1 into a capture, with libpcap
 *
 * --ready FILE is created once the port is open. At the end each prints the port's counters
 * as one line "rx_frames=... tx_frames=...".
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "port_dev.h"

static const char *ready;

static void print_counters(void)
{
	struct flexio_verbs_port_counters c;

	if (flexio_verbs_port_counters(0, 1, &c))
		return;
	printf("rx_frames=%llu rx_bytes=%llu tx_frames=%llu tx_bytes=%llu rx_to_queue=%llu rx_missed=%llu "
	       "rx_dropped=%llu tx_dropped=%llu\n",
	       (unsigned long long)c.rx_frames, (unsigned long long)c.rx_bytes, (unsigned long long)c.tx_frames,
	       (unsigned long long)c.tx_bytes, (unsigned long long)c.rx_to_queue, (unsigned long long)c.rx_missed,
	       (unsigned long long)c.rx_dropped, (unsigned long long)c.tx_dropped);
	fflush(stdout);
}

static bool open_dev(struct port_dev *dev, bool with_rq)
{
	if (!port_dev_open(dev, 0, with_rq)) {
		fprintf(stderr, "port_tool: cannot open mlx5_sim0's queues\n");
		return false;
	}
	if (ready)
		close(open(ready, O_CREAT | O_WRONLY | O_CLOEXEC, 0644));
	return true;
}

static void swap_macs(uint8_t *frame)
{
	uint8_t mac[6];

	memcpy(mac, frame, 6);
	memcpy(frame, frame + 6, 6);
	memcpy(frame + 6, mac, 6);
}

static int echo(bool swap, long count, int idle_ms)
{
	struct port_dev dev;
	uint8_t frame[PORT_DEV_SLOT];
	long done = 0;
	int len;

	if (!open_dev(&dev, true))
		return 1;
	while ((count < 0 || done < count) && (len = port_dev_recv(&dev, frame, sizeof(frame), idle_ms, true)) != 0) {
		if (len < 0) {
			fprintf(stderr, "port_tool echo: an error completion\n");
			break;
		}
		if (swap)
			swap_macs(frame);
		if (port_dev_send(&dev, frame, (size_t)len))
			fprintf(stderr, "port_tool echo: the SQ refused a frame\n");
		done++;
	}
	print_counters();
	port_dev_close(&dev);
	return 0;
}

static int send_frames(long count, size_t len, bool swap)
{
	struct port_dev dev;
	uint8_t frame[PORT_DEV_SLOT], got[PORT_DEV_SLOT];
	int rc = 0;

	if (!open_dev(&dev, true))
		return 1;
	for (long n = 0; n < count && !rc; n++) {
		int got_len;

		port_dev_frame(frame, (unsigned)n, len);
		if (port_dev_send(&dev, frame, len)) {
			fprintf(stderr, "port_tool send: the SQ refused frame %ld\n", n);
			rc = 1;
			break;
		}
		got_len = port_dev_recv(&dev, got, sizeof(got), 3000, true);
		if (got_len != (int)len || !port_dev_frame_is(got, len, (unsigned)n, swap)) {
			fprintf(stderr, "port_tool send: frame %ld: %s (%d bytes)\n", n,
				got_len > 0 ? "came back different" : "did not come back", got_len);
			rc = 1;
		}
	}
	print_counters();
	port_dev_close(&dev);
	return rc;
}

static int idle(int ms)
{
	struct port_dev dev;
	struct timespec pause = { ms / 1000, (ms % 1000) * 1000000L };

	if (!open_dev(&dev, false))
		return 1;
	nanosleep(&pause, NULL);
	print_counters();
	port_dev_close(&dev);
	return 0;
}

int main(int argc, char **argv)
{
	bool swap = false;
	long count = -1;
	int idle_ms = 3000;
	int positional = 0;
	const char *args[4] = { 0 };

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--swap"))
			swap = true;
		else if (!strcmp(argv[i], "--count") && i + 1 < argc)
			count = atol(argv[++i]);
		else if (!strcmp(argv[i], "--idle") && i + 1 < argc)
			idle_ms = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--ready") && i + 1 < argc)
			ready = argv[++i];
		else if (positional < 4)
			args[positional++] = argv[i];
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (args[0] && !strcmp(args[0], "echo"))
		return echo(swap, count, idle_ms);
	if (args[0] && !strcmp(args[0], "send") && args[2])
		return send_frames(atol(args[1]), (size_t)atol(args[2]), swap);
	if (args[0] && !strcmp(args[0], "idle") && args[1])
		return idle(atoi(args[1]));
	if (args[0] && !strcmp(args[0], "mkpcap") && args[3])
		return port_dev_mkpcap(args[1], atol(args[2]), (size_t)atol(args[3])) ? 1 : 0;
	fprintf(stderr, "usage: port_tool echo|send|idle|mkpcap ... (see port_tool.c)\n");
	return 2;
}
