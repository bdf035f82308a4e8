/*
 * flexio-l2-reflector: frames sent to a MAC address come back with their MAC addresses swapped,
 * reflected by a DPA event handler (device/l2_reflector_device.c). The host steers the frames
 * to the handler's RQ and lets it run (reflector.c), then prints the handler's counters.
 *
 * Usage: flexio-l2-reflector [-d DEVICE] [-m MAC] [-t SECONDS] [-n FRAMES] [-q LOG_DEPTH]
 *                            [--nic-mode] [-v]
 *   -d, --device     the device (default mlx5_sim0)
 *   -m, --mac        frames to this destination MAC are reflected (default 02:42:7e:7f:eb:02)
 *   -t, --seconds    stop after this long (default: until SIGINT/SIGTERM)
 *   -n, --frames     stop once this many frames were reflected
 *   -q, --log-depth  queue depths, log2 (default 8)
 *   --nic-mode       no FDB rules for the reflected frames (on a NIC rather than a DPU)
 *   -v, --verbose    the handler prints a line per frame
 * A line "ready" on stdout says the steering rules are in place; the exit status is 0 when no
 * error completion came (and, with -n, every frame asked for was reflected).
 */
#include "reflector.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void usage(const char *prog)
{
	fprintf(stderr, "usage: %s [-d DEVICE] [-m MAC] [-t SECONDS] [-n FRAMES] [-q LOG_DEPTH] [--nic-mode] [-v]\n",
		prog);
}

/* A whole non-negative number of text, or -1. */
static long long number(const char *text)
{
	char *end;
	long long v = strtoll(text, &end, 0);

	return *text && !*end && v >= 0 ? v : -1;
}

int main(int argc, char **argv)
{
	static const struct option options[] = { { "device", required_argument, NULL, 'd' },
						 { "mac", required_argument, NULL, 'm' },
						 { "seconds", required_argument, NULL, 't' },
						 { "frames", required_argument, NULL, 'n' },
						 { "log-depth", required_argument, NULL, 'q' },
						 { "nic-mode", no_argument, NULL, 'N' },
						 { "verbose", no_argument, NULL, 'v' },
						 { "help", no_argument, NULL, 'h' },
						 { 0 } };
	struct l2r_config config = { .device = "mlx5_sim0",
				     .mac = { 0x02, 0x42, 0x7e, 0x7f, 0xeb, 0x02 },
				     .log_depth = 8 };
	long long seconds = 0, frames = 0;
	struct l2r_state state = { 0 };
	struct sigaction sa = { .sa_handler = on_signal };
	struct l2r r;
	double deadline;
	int opt, ok;

	while ((opt = getopt_long(argc, argv, "d:m:t:n:q:vh", options, NULL)) != -1) {
		switch (opt) {
		case 'd':
			config.device = optarg;
			break;
		case 'm':
			if (l2r_parse_mac(optarg, config.mac)) {
				fprintf(stderr, "%s: '%s' is no MAC address (aa:bb:cc:dd:ee:ff)\n", argv[0], optarg);
				return 2;
			}
			break;
		case 't':
			seconds = number(optarg);
			break;
		case 'n':
			frames = number(optarg);
			break;
		case 'q':
			config.log_depth = (uint32_t)number(optarg);
			break;
		case 'N':
			config.nic_mode = 1;
			break;
		case 'v':
			config.verbose = 1;
			break;
		default:
			usage(argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	if (optind != argc || seconds < 0 || frames < 0) {
		usage(argv[0]);
		return 2;
	}
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
		return 1;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (l2r_create(&config, &r))
		return 1;
	printf("L2 reflector on %s: frames to %02x:%02x:%02x:%02x:%02x:%02x are reflected (RQ 0x%x, SQ 0x%x)\n",
	       config.device, config.mac[0], config.mac[1], config.mac[2], config.mac[3], config.mac[4], config.mac[5],
	       flexio_rq_get_wq_num(r.rq), flexio_sq_get_wq_num(r.sq));
	printf("ready\n");
	fflush(stdout);

	deadline = seconds ? now_s() + (double)seconds : 0;
	ok = l2r_read(&r, &state) == 0;
	while (ok && !stop && !(deadline && now_s() >= deadline) && !(frames && state.tx_frames >= (uint64_t)frames) &&
	       flexio_err_status_get(r.process) == 0) {
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
		ok = l2r_read(&r, &state) == 0;
	}
	if (flexio_err_status_get(r.process)) {
		fprintf(stderr, "l2_reflector: the DPA process failed (status %d)\n",
			(int)flexio_err_status_get(r.process));
		ok = 0;
	}
	/* The final figures: with the last invocation ended (one may be between its receives and
	 * its sends now). */
	ok = ok && l2r_read_settled(&r, &state) == 0;
	if (ok)
		l2r_print_counters(stdout, &state);
	ok = ok && !state.error_cqes && (!frames || state.tx_frames >= (uint64_t)frames);
	l2r_destroy(&r);
	return ok ? 0 : 1;
}
