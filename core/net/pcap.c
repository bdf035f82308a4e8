/*
 * pcap files on a port, through libpcap (the format is libpcap's, never written here):
 *   - captures: any port's frames sent (and received with capture_rx=1) into a file tcpdump
 *     and Wireshark read (out=FILE, every backend; ports.c calls the capture functions), its
 *     header written when the port opens;
 *   - the pcap backend: replays a capture into the port (in=FILE) on a thread of its own, once
 *     the program can take it: start=rule (its first receive steering rule is in place) or
 *     start=rq (a frame would reach a ready RQ with a receive WQE: through a receive rule's
 *     TIR, or the port's receive TIR), then delay=MS (default 0 with start=, else 500 from
 *     the port's opening: time for the program to make its queues and rules); back to back or
 *     paced by the capture's timestamps (pace=1), loop=N times (0: until the library goes; an
 *     empty capture is replayed once). Frames sent through the port go to the out= capture
 *     only.
 */
#include "internal.h"

#include <errno.h>
#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>


struct net_capture {
	pthread_mutex_t lock; /* the dumper: frames come from every thread */
	pcap_t *dead;
	pcap_dumper_t *dumper; /* NULL once closed */
};

struct net_capture *net_capture_open(struct net_port *port, const char *path)
{
	struct net_capture *capture = calloc(1, sizeof(*capture));

	if (!capture) {
		net_port_log(port, "out of memory");
		return NULL;
	}
	capture->dead = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 65535, PCAP_TSTAMP_PRECISION_MICRO);
	if (!capture->dead) {
		net_port_log(port, "pcap_open_dead failed");
		free(capture);
		return NULL;
	}
	capture->dumper = pcap_dump_open(capture->dead, path);
	/* the header now: a program that ends before its first frame leaves a capture tcpdump
	 * reads (empty), not an empty file */
	if (!capture->dumper || pcap_dump_flush(capture->dumper)) {
		net_port_log(port, "cannot write the capture %s: %s", path,
			     capture->dumper ? strerror(errno) : pcap_geterr(capture->dead));
		if (capture->dumper)
			pcap_dump_close(capture->dumper);
		pcap_close(capture->dead);
		free(capture);
		return NULL;
	}
	pthread_mutex_init(&capture->lock, NULL);
	return capture;
}

void net_capture_frame(struct net_capture *capture, const void *frame, size_t len)
{
	struct pcap_pkthdr header = { .caplen = (bpf_u_int32)len, .len = (bpf_u_int32)len };

	gettimeofday(&header.ts, NULL);
	pthread_mutex_lock(&capture->lock);
	if (capture->dumper) {
		pcap_dump((u_char *)capture->dumper, &header, frame);
		/* flushed at each frame: the file is complete whenever the process stops */
		pcap_dump_flush(capture->dumper);
	}
	pthread_mutex_unlock(&capture->lock);
}

/* At unload: the file is closed, the structure kept (a sending thread may still come). */
void net_capture_close(struct net_capture *capture)
{
	pthread_mutex_lock(&capture->lock);
	if (capture->dumper) {
		pcap_dump_close(capture->dumper);
		pcap_close(capture->dead);
		capture->dumper = NULL;
	}
	pthread_mutex_unlock(&capture->lock);
}

/* ---- the pcap backend: replay ---- */

/* What a replay waits for before its delay (start=). */
enum replay_start {
	START_OPEN, /* the port's opening */
	START_RULE, /* a receive steering rule */
	START_RQ,   /* a ready RQ with a receive WQE behind a rule or the port's receive TIR */
};

struct replay {
	pcap_t *in;
	char path[512];
	enum replay_start start;
	unsigned long delay_ms, pace, loops;
};

static bool started(struct net_port *port, enum replay_start start)
{
	switch (start) {
	case START_RULE:
		return nic_flow_rx_rules(port->nic);
	case START_RQ:
		return nic_port_ready(port->nic, port->num);
	default:
		return true;
	}
}

static int64_t usec(const struct timeval *tv)
{
	return (int64_t)tv->tv_sec * 1000000 + tv->tv_usec;
}

static void *replay_main(void *arg)
{
	struct net_port *port = arg;
	struct replay *r = port->state;
	char errbuf[PCAP_ERRBUF_SIZE];

	/* looked at every millisecond until it holds: the program's queues and rules are made on
	 * its own threads, which tell the port nothing */
	while (!started(port, r->start))
		if (net_port_wait(port, -1, 1) < 0)
			return NULL;
	if (net_port_wait(port, -1, (int)r->delay_ms) < 0)
		return NULL;
	for (unsigned long pass = 0, frames = 1; (!r->loops || pass < r->loops) && frames; pass++) {
		struct pcap_pkthdr *header;
		const u_char *data;
		int64_t first = -1;
		struct timeval start;

		if (pass && !(r->in = pcap_open_offline(r->path, errbuf)))
			return NULL; /* the file went away: what was replayed stays replayed */
		gettimeofday(&start, NULL);
		/* a pass without a frame ends the loop: an empty capture has nothing to repeat */
		for (frames = 0; pcap_next_ex(r->in, &header, &data) == 1; frames++) {
			if (r->pace) {
				struct timeval now;
				int64_t due;

				if (first < 0)
					first = usec(&header->ts);
				gettimeofday(&now, NULL);
				due = usec(&header->ts) - first - (usec(&now) - usec(&start));
				if (due > 1000 && net_port_wait(port, -1, (int)(due / 1000)) < 0)
					goto stop;
			} else if (net_port_wait(port, -1, 0) < 0) {
				goto stop;
			}
			/* a frame captured truncated arrives truncated (and is dropped if not whole) */
			net_port_receive(port, data, header->caplen);
		}
		pcap_close(r->in);
		r->in = NULL;
	}
	return NULL;
stop:
	pcap_close(r->in);
	r->in = NULL;
	return NULL;
}

static int pcap_backend_open(struct net_port *port, const char *args)
{
	static const char *const keys[] = { "in", "start", "delay", "pace", "loop", NULL };
	char errbuf[PCAP_ERRBUF_SIZE], start[512];
	struct replay *r;

	if (!net_port_args_check(port, args, keys))
		return -1;
	if (!port->capture && !strstr(args, "in=")) {
		net_port_log(port, "pcap needs in=FILE, out=FILE or both");
		return -1;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		net_port_log(port, "out of memory");
		return -1;
	}
	r->loops = 1;
	if (net_port_arg(args, "start", start, sizeof(start))) {
		if (!strcmp(start, "rule")) {
			r->start = START_RULE;
		} else if (!strcmp(start, "rq")) {
			r->start = START_RQ;
		} else {
			net_port_log(port, "start=%s is neither rule nor rq", start);
			goto fail;
		}
	}
	r->delay_ms = r->start == START_OPEN ? 500 : 0;
	if (!net_port_arg_uint(port, args, "delay", 0, 3600000, &r->delay_ms) ||
	    !net_port_arg_uint(port, args, "pace", 0, 1, &r->pace) ||
	    !net_port_arg_uint(port, args, "loop", 0, 1000000, &r->loops))
		goto fail;
	port->state = r;
	if (!net_port_arg(args, "in", r->path, sizeof(r->path)))
		return 0; /* capture only */
	r->in = pcap_open_offline(r->path, errbuf);
	if (!r->in) {
		net_port_log(port, "cannot read the capture %s: %s", r->path, errbuf);
		goto fail;
	}
	if (pcap_datalink(r->in) != DLT_EN10MB) {
		net_port_log(port, "%s is no Ethernet capture (link type %s)", r->path,
			     pcap_datalink_val_to_name(pcap_datalink(r->in)));
		pcap_close(r->in);
		goto fail;
	}
	if (net_port_thread_start(port, replay_main)) {
		pcap_close(r->in);
		goto fail;
	}
	return 0;
fail:
	port->state = NULL;
	free(r);
	return -1;
}

/* Frames sent through a pcap port go only to its capture (out=), written by ports.c. */
static int pcap_backend_transmit(struct net_port *port, const void *frame, size_t len)
{
	(void)frame, (void)len;
	return port->capture ? 0 : -ENOTCONN;
}

const struct net_backend net_pcap = {
	.name = "pcap",
	.open = pcap_backend_open,
	.transmit = pcap_backend_transmit,
};
