/*
 * End-to-end packet tests through the L2 reflector of examples/l2_reflector: steering match,
 * miss and priority, malformed and oversize frames, a full RQ, rules removed and added while
 * traffic flows, and flows spread over several reflectors by RSS (DEVX RQT and indirect TIR),
 * also once a reflector's process is gone, each seen from the wire and in the counters.
 *
 * This program is the far end of mlx5_sim0's cable: FLEXIO_SIM_PORTS makes port 1 a wire
 * between processes ("wire:unix=NAME", core/net/wire.c), whose end 0 this program binds
 * before the device's NIC is made (its port then takes end 1). The reflectors run on mlx5_sim0
 * in this process; the port's counters come from flexio_verbs_port_counters (device index 0).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "reflector.h"
#include "flexio_verbs.h"

#define FRAME_MAX 9100
#define MTU_FRAME 1518 /* the port's MTU (1500) + an Ethernet header and a VLAN tag */

static const uint8_t mac1[6] = { 0x02, 0x42, 0x7e, 0x7f, 0xeb, 0x02 };
static const uint8_t mac2[6] = { 0x02, 0x42, 0x7e, 0x7f, 0xeb, 0x03 };
static const uint8_t mac_other[6] = { 0x02, 0x42, 0x7e, 0x7f, 0xeb, 0x99 };
static const uint8_t peer_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x0a, 0x01 };

static int wire_fd = -1;
static struct sockaddr_un wire_far; /* the reflectors' end */
static socklen_t wire_far_len;
static struct ibv_context *ctx;
/* The reflectors and shared table of the running test: the teardown destroys what a failed
 * test left (a reflector left behind would take the next test's frames). */
static struct l2r refl[3];
static struct l2r_flow_matcher *table;

static socklen_t wire_address(struct sockaddr_un *addr, const char *name, int end)
{
	int n;

	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	n = snprintf(addr->sun_path + 1, sizeof(addr->sun_path) - 1, "openflexio-wire/%s/%d", name, end);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n);
}

/* ---- frames ---- */

/* Frame seq of size bytes to dmac: numbered (bytes 14..17), the rest a pattern of seq. */
static size_t make_frame(uint8_t *f, uint32_t seq, size_t size, const uint8_t dmac[6])
{
	memcpy(f, dmac, 6);
	memcpy(f + 6, peer_mac, 6);
	f[12] = 0x88, f[13] = 0xb5;
	for (size_t j = 14; j < size; j++)
		f[j] = (uint8_t)(seq * 7 + j * 13);
	if (size >= 18)
		f[14] = (uint8_t)(seq >> 24), f[15] = (uint8_t)(seq >> 16), f[16] = (uint8_t)(seq >> 8),
		f[17] = (uint8_t)seq;
	return size;
}

static size_t size_of(uint32_t seq)
{
	static const size_t sizes[] = { 60, 64, 100, 128, 256, 512, 777, 1000, 1400, MTU_FRAME };

	return sizes[seq % (sizeof(sizes) / sizeof(sizes[0]))];
}

static uint32_t seq_of(const uint8_t *f)
{
	return (uint32_t)f[14] << 24 | (uint32_t)f[15] << 16 | (uint32_t)f[16] << 8 | f[17];
}

/* True when got (len bytes) is frame sent (sent_len bytes) reflected: MACs swapped. */
static bool is_reflection(const uint8_t *sent, size_t sent_len, const uint8_t *got, size_t len)
{
	return len == sent_len && !memcmp(got, sent + 6, 6) && !memcmp(got + 6, sent, 6) &&
	       !memcmp(got + 12, sent + 12, len - 12);
}

static void send_frame(const uint8_t *f, size_t len)
{
	assert_int_equal(sendto(wire_fd, f, len, 0, (struct sockaddr *)&wire_far, wire_far_len), (ssize_t)len);
}

/* The next frame off the wire within timeout_ms: its length, or -1. */
static ssize_t recv_frame(uint8_t *f, int timeout_ms)
{
	struct pollfd p = { .fd = wire_fd, .events = POLLIN };

	if (poll(&p, 1, timeout_ms) != 1)
		return -1;
	return recv(wire_fd, f, FRAME_MAX, 0);
}

/* Nothing comes off the wire for quiet_ms. */
static void assert_quiet(int quiet_ms)
{
	uint8_t f[FRAME_MAX];

	assert_int_equal(recv_frame(f, quiet_ms), -1);
}

static struct flexio_verbs_port_counters port_counters(void)
{
	struct flexio_verbs_port_counters c;

	assert_int_equal(flexio_verbs_port_counters(0, 1, &c), 0);
	return c;
}

/* The port's counters once they have counted to_queue more frames into a queue and tx more sent
 * than in `from`: the port counts a frame after handing it on, so the frames (and what they made
 * the reflector send) may be back before their counts. */
static struct flexio_verbs_port_counters port_counters_after(const struct flexio_verbs_port_counters *from,
							     uint64_t to_queue, uint64_t tx)
{
	struct flexio_verbs_port_counters c = port_counters();

	for (int i = 0; i < 5000; i++) {
		if (c.rx_to_queue - from->rx_to_queue >= to_queue && c.tx_frames - from->tx_frames >= tx)
			break;
		usleep(1000);
		c = port_counters();
	}
	return c;
}

/* The reflector's counters once it has sent n frames (it counts a batch after its doorbell,
 * that is after the frames are on the wire). */
static struct l2r_state reflected(const struct l2r *r, uint64_t n)
{
	struct l2r_state s;

	for (int i = 0; i < 5000; i++) {
		assert_int_equal(l2r_read(r, &s), 0);
		if (s.tx_frames >= n)
			break;
		usleep(1000);
	}
	assert_int_equal(s.tx_frames, n);
	return s;
}

static struct l2r_state reflector_state(const struct l2r *r)
{
	struct l2r_state s;

	assert_int_equal(l2r_read(r, &s), 0);
	return s;
}

static void reflector_make(struct l2r *r, const uint8_t mac[6], uint32_t log_depth, struct l2r_flow_matcher *table,
			   uint16_t priority)
{
	struct l2r_config config = { .device = "mlx5_sim0",
				     .log_depth = log_depth,
				     .rx_priority = priority,
				     .nic_mode = 1,
				     .ibv_ctx = ctx,
				     .rx_table = table };

	memcpy(config.mac, mac, 6);
	assert_int_equal(l2r_create(&config, r), 0);
}

/*
 * Sends count frames (seq first.., to dmac_of(seq)) keeping window of them on the cable (at most
 * 8: a unix datagram socket queues net.unix.max_dgram_qlen datagrams, 10 by default, and the
 * wire drops what finds the other end's queue full), and
 * checks that each comes back reflected exactly once, in any order. progress (may be NULL)
 * counts the frames back.
 */
struct exchange {
	uint32_t first, count, window;
	const uint8_t *(*dmac_of)(uint32_t seq);
	_Atomic uint32_t back;
	int failed; /* 0, or the line that failed */
	char why[160];
};

static void *exchange_run(void *arg)
{
	struct exchange *x = arg;
	uint8_t *seen = calloc(x->count, 1), sent[FRAME_MAX], got[FRAME_MAX];
	uint32_t out = 0;

	while (!x->failed && atomic_load(&x->back) < x->count) {
		ssize_t n;
		uint32_t seq;

		while (out < x->count && out - atomic_load(&x->back) < x->window) {
			size_t len =
				make_frame(sent, x->first + out, size_of(x->first + out), x->dmac_of(x->first + out));

			if (sendto(wire_fd, sent, len, 0, (struct sockaddr *)&wire_far, wire_far_len) != (ssize_t)len)
				x->failed = __LINE__;
			out++;
		}
		n = recv_frame(got, 5000);
		seq = n >= 18 ? seq_of(got) : 0;
		if (n < 18 || seq < x->first || seq >= x->first + x->count) {
			snprintf(x->why, sizeof(x->why), "after %u of %u frames back: %s", atomic_load(&x->back),
				 x->count, n < 0 ? "nothing for 5 s" : "a frame that was not sent");
			x->failed = __LINE__;
			break;
		}
		make_frame(sent, seq, size_of(seq), x->dmac_of(seq));
		if (seen[seq - x->first]++ || !is_reflection(sent, size_of(seq), got, (size_t)n)) {
			snprintf(x->why, sizeof(x->why), "frame %u came back %s", seq,
				 seen[seq - x->first] > 1 ? "twice" : "changed");
			x->failed = __LINE__;
		}
		atomic_fetch_add(&x->back, 1);
	}
	free(seen);
	return NULL;
}

static void exchange_check(struct exchange *x)
{
	struct flexio_verbs_port_counters c;

	if (!x->failed)
		return;
	flexio_verbs_port_counters(0, 1, &c);
	fail_msg("exchange failed (line %d): %s; the port so far: rx %lu (to a queue %lu, missed %lu, dropped %lu), "
		 "tx %lu (dropped %lu)",
		 x->failed, x->why, (unsigned long)c.rx_frames, (unsigned long)c.rx_to_queue,
		 (unsigned long)c.rx_missed, (unsigned long)c.rx_dropped, (unsigned long)c.tx_frames,
		 (unsigned long)c.tx_dropped);
}

static const uint8_t *to_mac1(uint32_t seq)
{
	(void)seq;
	return mac1;
}

static const uint8_t *to_mac1_or_mac2(uint32_t seq)
{
	return seq & 1 ? mac2 : mac1;
}

/* ---- the tests ---- */

/* Frames to the reflector's MAC come back reflected; frames to another MAC are missed: no rule
 * takes them, and a wire has no kernel behind it, so they are counted and gone. */
static void test_match_and_miss(void **state)
{
	struct exchange x = { .first = 0, .count = 500, .window = 8, .dmac_of = to_mac1 };
	struct flexio_verbs_port_counters c0, c1;
	struct l2r *r = &refl[0];
	uint8_t f[FRAME_MAX];

	(void)state;
	reflector_make(r, mac1, 8, NULL, 0);
	c0 = port_counters();
	exchange_run(&x);
	exchange_check(&x);
	c1 = port_counters_after(&c0, 500, 500);
	assert_int_equal(c1.rx_to_queue - c0.rx_to_queue, 500);
	assert_int_equal(c1.tx_frames - c0.tx_frames, 500);
	reflected(r, 500);

	for (uint32_t i = 0; i < 50; i++)
		send_frame(f, make_frame(f, 1000 + i, size_of(i), mac_other));
	assert_quiet(300);
	c0 = port_counters();
	assert_int_equal(c0.rx_missed - c1.rx_missed, 50);
	assert_int_equal(c0.rx_to_queue, c1.rx_to_queue);
	assert_int_equal(reflector_state(r).rx_frames, 500);
}

/* Frames shorter than an Ethernet header or longer than the MTU allows are dropped and counted
 * by the port; the RQ sees none of them, and the next good frame comes back intact. */
static void test_malformed_and_oversize(void **state)
{
	static const size_t bad[] = { 1, 13, MTU_FRAME + 1, 4000, 9000 };
	struct flexio_verbs_port_counters c0, c1;
	uint8_t f[FRAME_MAX], got[FRAME_MAX];
	struct l2r *r = &refl[0];
	struct l2r_state s;
	ssize_t n;

	(void)state;
	reflector_make(r, mac1, 6, NULL, 0);
	c0 = port_counters();
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		make_frame(f, 7, FRAME_MAX, mac1);
		send_frame(f, bad[i]);
	}
	assert_quiet(300);
	c1 = port_counters();
	assert_int_equal(c1.rx_frames - c0.rx_frames, 5);
	assert_int_equal(c1.rx_dropped - c0.rx_dropped, 5);
	assert_int_equal(c1.rx_to_queue, c0.rx_to_queue);

	send_frame(f, make_frame(f, 8, MTU_FRAME, mac1));
	n = recv_frame(got, 5000);
	assert_true(is_reflection(f, MTU_FRAME, got, (size_t)n));
	s = reflected(r, 1);
	assert_int_equal(s.rx_frames, 1);
	assert_int_equal(s.error_cqes, 0);
}

/* What drains the wire while a burst is sent: the frames that come back. */
struct drain {
	uint8_t (*frames)[FRAME_MAX];
	size_t *lens;
	uint32_t max, got;
	atomic_bool stop;
};

static void *drain_run(void *arg)
{
	struct drain *d = arg;
	ssize_t n;

	/* Until told to stop and the wire has been quiet for 100 ms. */
	for (;;) {
		n = recv_frame(d->frames[d->got < d->max ? d->got : 0], 100);
		if (n < 0 && atomic_load(&d->stop))
			return NULL;
		if (n >= 0 && d->got < d->max)
			d->lens[d->got++] = (size_t)n;
	}
}

/* A burst far deeper than a 4-WQE RQ: the port's receive thread outruns the handler, frames that
 * find no receive WQE are dropped and counted, and every frame that reached the RQ comes back
 * intact and in order (nothing corrupted, nothing lost silently). */
static void test_full_rq(void **state)
{
	enum {
		BURST = 3000
	};
	struct drain d = { .max = BURST };
	struct flexio_verbs_port_counters c0, c1;
	uint8_t f[FRAME_MAX];
	struct l2r_state s;
	pthread_t drainer;
	struct l2r *r = &refl[0];
	uint32_t last = 0;

	(void)state;
	d.frames = calloc(BURST, FRAME_MAX);
	d.lens = calloc(BURST, sizeof(*d.lens));
	assert_non_null(d.frames);
	assert_non_null(d.lens);
	reflector_make(r, mac1, 2, NULL, 0);
	c0 = port_counters();
	assert_int_equal(pthread_create(&drainer, NULL, drain_run, &d), 0);
	for (uint32_t i = 0; i < BURST; i++)
		send_frame(f, make_frame(f, i + 1, 64, mac1));
	/* Everything delivered and reflected: the counters stop moving. */
	for (uint64_t before = UINT64_MAX; before != port_counters().tx_frames;) {
		before = port_counters().tx_frames;
		usleep(200000);
	}
	atomic_store(&d.stop, true);
	pthread_join(drainer, NULL);
	c1 = port_counters();
	s = reflector_state(r);
	print_message("%u frames: %lu to the RQ, %lu dropped (RQ full), %u reflected\n", BURST,
		      (unsigned long)(c1.rx_to_queue - c0.rx_to_queue), (unsigned long)(c1.rx_dropped - c0.rx_dropped),
		      d.got);
	assert_int_equal(c1.rx_frames - c0.rx_frames, BURST);
	assert_int_equal((c1.rx_to_queue - c0.rx_to_queue) + (c1.rx_dropped - c0.rx_dropped), BURST);
	assert_true(c1.rx_dropped > c0.rx_dropped);
	assert_int_equal(s.rx_frames, c1.rx_to_queue - c0.rx_to_queue);
	assert_int_equal(s.tx_frames, s.rx_frames);
	assert_int_equal(s.error_cqes, 0);
	/* What the wire could not hand to this end (its datagram queue full) is counted too. */
	assert_int_equal(d.got + (c1.tx_dropped - c0.tx_dropped), s.tx_frames);
	for (uint32_t i = 0; i < d.got; i++) {
		uint32_t seq = seq_of(d.frames[i]);

		make_frame(f, seq, 64, mac1);
		assert_true(seq > last);
		assert_true(is_reflection(f, 64, d.frames[i], d.lens[i]));
		last = seq;
	}
	free(d.frames);
	free(d.lens);
}

/* Two reflectors take the same MAC in one table: the matcher of priority 0 wins. Then, while
 * frames flow to it and to a third reflector's MAC (unrelated traffic), its rule is removed
 * (the priority-1 one takes over), added again and removed again: every frame comes back
 * exactly once and intact, the third reflector gets all of its frames. */
static void test_priority_and_rules_under_traffic(void **state)
{
	struct exchange x = { .first = 0, .count = 200, .window = 8, .dmac_of = to_mac1 };
	struct l2r *a = &refl[0], *b = &refl[1], *c = &refl[2];
	struct l2r_state sa, sb, sc;
	pthread_t sender;

	(void)state;
	/* The table's owner: a matcher of its own (priority 9) that no rule uses. */
	table = l2r_matcher_rx_dmac(ctx, 9);
	assert_non_null(table);
	reflector_make(b, mac1, 8, table, 1);
	reflector_make(a, mac1, 8, table, 0);
	reflector_make(c, mac2, 8, table, 0);

	exchange_run(&x);
	exchange_check(&x);
	assert_int_equal(reflected(a, 200).rx_frames, 200);
	assert_int_equal(reflector_state(b).rx_frames, 0);

	x = (struct exchange){ .first = 1000, .count = 6000, .window = 8, .dmac_of = to_mac1_or_mac2 };
	assert_int_equal(pthread_create(&sender, NULL, exchange_run, &x), 0);
	for (uint32_t step = 1; step <= 3; step++) {
		while (atomic_load(&x.back) < step * 1500 && !x.failed)
			usleep(1000);
		assert_int_equal(step == 2 ? l2r_rx_rule_add(a) : l2r_rx_rule_remove(a), 0);
	}
	pthread_join(sender, NULL);
	exchange_check(&x);
	sc = reflected(c, 3000);
	for (int i = 0; i < 5000 && reflector_state(a).tx_frames + reflector_state(b).tx_frames < 3200; i++)
		usleep(1000);
	sa = reflector_state(a), sb = reflector_state(b);
	print_message("mac1: %lu frames by the priority-0 reflector, %lu by the priority-1 one; mac2: %lu\n",
		      (unsigned long)sa.rx_frames, (unsigned long)sb.rx_frames, (unsigned long)sc.rx_frames);
	assert_int_equal(sc.rx_frames, 3000);
	assert_int_equal(sa.rx_frames + sb.rx_frames, 200 + 3000);
	assert_true(sa.rx_frames > 200);
	assert_true(sb.rx_frames > 0);
	assert_int_equal(sa.tx_frames + sb.tx_frames, 3200);
	assert_int_equal(sa.error_cqes + sb.error_cqes + sc.error_cqes, 0);
}

/* ---- receive-side scaling over the reflectors' RQs ---- */

/* Microsoft's RSS verification key. */
static const uint8_t rss_key[40] = { 0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
				     0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
				     0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa };

/* The Toeplitz hash, bit by bit as Microsoft's RSS specification states it: for each set input
 * bit, the 32 key bits starting at that bit's position. */
static uint32_t toeplitz(const uint8_t *input, size_t len)
{
	uint32_t hash = 0;

	for (size_t bit = 0; bit < 8 * len; bit++) {
		uint32_t window = 0;

		if (!(input[bit / 8] >> (7 - bit % 8) & 1))
			continue;
		for (size_t k = 0; k < 32; k++)
			window = window << 1 | (uint32_t)(rss_key[(bit + k) / 8] >> (7 - (bit + k) % 8) & 1);
		hash ^= window;
	}
	return hash;
}

static void put_be(uint8_t *p, size_t n, uint64_t v)
{
	for (size_t i = n; i-- > 0; v >>= 8)
		p[i] = (uint8_t)v;
}

/* A DEVX command that makes an object: the object, its number in *id. */
static struct mlx5dv_devx_obj *devx_make(const uint8_t *in, size_t inlen, uint32_t *id)
{
	uint8_t out[16] = { 0 };
	struct mlx5dv_devx_obj *obj = mlx5dv_devx_obj_create(ctx, in, inlen, out, sizeof(out));

	assert_non_null(obj);
	*id = ((uint32_t)out[9] << 16 | (uint32_t)out[10] << 8 | out[11]);
	return obj;
}

/* UDP frame seq to dmac: 10.9.<seq>.1:(3000 + 11 seq) -> 10.9.0.2:4789, 64 bytes of payload. */
static size_t udp_frame(uint8_t *f, uint32_t seq, const uint8_t dmac[6])
{
	memset(f, 0, 14 + 20 + 8 + 64);
	memcpy(f, dmac, 6);
	memcpy(f + 6, peer_mac, 6);
	f[12] = 0x08;
	f[14] = 0x45;
	put_be(f + 16, 2, 20 + 8 + 64);
	f[22] = 64;
	f[23] = 17;
	memcpy(f + 26, (uint8_t[]){ 10, 9, (uint8_t)seq, 1, 10, 9, 0, 2 }, 8);
	put_be(f + 34, 2, 3000 + 11 * seq);
	put_be(f + 36, 2, 4789);
	put_be(f + 38, 2, 8 + 64);
	put_be(f + 42, 4, seq);
	return 14 + 20 + 8 + 64;
}

/* The RSS objects a program makes over the reflectors' RQs with DEVX commands, and its rule. */
struct rss {
	struct mlx5dv_devx_obj *td, *rqt, *tir;
	struct l2r_flow_rule *rule;
};

static const uint8_t mac_rss[6] = { 0x02, 0x42, 0x7e, 0x7f, 0xeb, 0x55 };

/* NVIDIA's way to spread flows over DPA handlers (FlexIO has no RQT call): a transport domain,
 * an RQ table over the three reflectors' RQs and an indirect Toeplitz TIR made with DEVX
 * commands, a steering rule sending mac_rss's frames to the TIR. */
static void rss_make(struct rss *x)
{
	uint8_t in[0x200] = { 0 };
	uint32_t tdn, rqtn, tirn;

	table = l2r_matcher_rx_dmac(ctx, 9);
	assert_non_null(table);
	reflector_make(&refl[0], mac1, 6, table, 0);
	reflector_make(&refl[1], mac2, 6, table, 0);
	reflector_make(&refl[2], mac_other, 6, table, 0);

	put_be(in, 2, 0x816); /* ALLOC_TRANSPORT_DOMAIN */
	x->td = devx_make(in, 16, &tdn);
	memset(in, 0, sizeof(in));
	put_be(in, 2, 0x916); /* CREATE_RQT: max and actual 3, the reflectors' RQs */
	put_be(in + 0x20 + 0x16, 2, 3);
	put_be(in + 0x20 + 0x1a, 2, 3);
	for (int i = 0; i < 3; i++)
		put_be(in + 0x110 + 4 * i, 4, flexio_rq_get_wq_num(refl[i].rq));
	x->rqt = devx_make(in, 0x110 + 12, &rqtn);
	memset(in, 0, sizeof(in));
	put_be(in, 2, 0x900);                        /* CREATE_TIR */
	put_be(in + 0x24, 4, 1u << 28);              /* disp_type INDIRECT */
	put_be(in + 0x40, 4, rqtn);                  /* indirect_table */
	put_be(in + 0x44, 4, 2u << 28 | tdn);        /* rx_hash_fn TOEPLITZ, transport_domain */
	memcpy(in + 0x48, rss_key, sizeof(rss_key)); /* rx_hash_toeplitz_key */
	put_be(in + 0x70, 4, 1u << 30 | 0xf);        /* outer: UDP over IPv4, addresses and ports */
	x->tir = devx_make(in, 0x110, &tirn);
	x->rule = l2r_rule_rx_to_tir(table, mac_rss, x->tir);
	assert_non_null(x->rule);
}

static void rss_destroy(struct rss *x)
{
	assert_int_equal(l2r_rule_destroy(x->rule), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(x->tir), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(x->rqt), 0);
	assert_int_equal(mlx5dv_devx_obj_destroy(x->td), 0);
}

/* Every frame comes back reflected, each reflector handles exactly the flows whose hash picks
 * its entry. */
static void test_rss_over_reflectors(void **state)
{
	static const uint8_t ms_input[12] = { 66, 9, 149, 187, 161, 142, 100, 80, 0x0a, 0xea, 0x06, 0xe6 };
	uint8_t f[FRAME_MAX], got[FRAME_MAX];
	uint32_t want[3] = { 0 };
	const uint32_t frames = 90;
	struct rss x;

	(void)state;
	assert_int_equal(toeplitz(ms_input, 12), 0x51ccc178); /* the test's hash is the specification's */
	rss_make(&x);
	for (uint32_t seq = 0; seq < frames; seq++) {
		size_t len = udp_frame(f, seq, mac_rss);
		ssize_t n;

		want[toeplitz(f + 26, 12) % 3]++;
		send_frame(f, len);
		n = recv_frame(got, 5000);
		if (n < 0)
			fail_msg("frame %u did not come back", seq);
		assert_true(is_reflection(f, len, got, (size_t)n));
	}
	print_message("%u flows: %u, %u and %u to the three reflectors\n", frames, want[0], want[1], want[2]);
	assert_true(want[0] && want[1] && want[2]);
	for (int i = 0; i < 3; i++)
		assert_int_equal(reflected(&refl[i], want[i]).rx_frames, want[i]);
	rss_destroy(&x);
}

/* A FlexIO process destroyed while its RQ is an entry of the program's RQT: its RQ goes with it
 * (the process's memory did), the table's entry then gives frames nowhere, and they are dropped
 * and counted; the other entries deliver as before. The process is destroyed with its queues
 * still made, as a program that dies or forgets them leaves it (its steering rules are the
 * program's: destroyed first). */
static void test_process_gone_from_rqt(void **state)
{
	uint8_t f[FRAME_MAX], got[FRAME_MAX];
	struct flexio_verbs_port_counters before, after;
	uint32_t reflected_frames = 0, dropped = 0;
	struct rss x;

	(void)state;
	rss_make(&x);
	assert_int_equal(l2r_rule_destroy(refl[1].rx_rule), 0);
	assert_int_equal(l2r_matcher_destroy(refl[1].rx_matcher), 0);
	assert_int_equal(l2r_rule_destroy(refl[1].tx_rule_wire), 0);
	assert_int_equal(l2r_rule_destroy(refl[1].tx_rule_table), 0);
	assert_int_equal(l2r_matcher_destroy(refl[1].tx_matcher), 0);
	assert_int_equal(flexio_process_destroy(refl[1].process), FLEXIO_STATUS_SUCCESS);
	memset(&refl[1], 0, sizeof(refl[1]));

	before = port_counters();
	for (uint32_t seq = 0; seq < 60; seq++) {
		size_t len = udp_frame(f, seq, mac_rss);
		ssize_t n;

		send_frame(f, len);
		if (toeplitz(f + 26, 12) % 3 == 1) {
			dropped++;
			continue;
		}
		n = recv_frame(got, 5000);
		if (n < 0)
			fail_msg("frame %u did not come back", seq);
		assert_true(is_reflection(f, len, got, (size_t)n));
		reflected_frames++;
	}
	assert_quiet(100);
	print_message("%u frames reflected, %u to the destroyed process's entry\n", reflected_frames, dropped);
	assert_true(dropped > 0);
	after = port_counters_after(&before, reflected_frames, reflected_frames);
	assert_int_equal(after.rx_to_queue - before.rx_to_queue, reflected_frames);
	assert_int_equal(after.rx_dropped - before.rx_dropped, dropped);
	rss_destroy(&x);
}

/* Reflectors first (their matchers are in the table), the table last. */
static int test_teardown(void **state)
{
	(void)state;
	for (int i = 0; i < 3; i++)
		if (refl[i].process)
			l2r_destroy(&refl[i]);
	if (table)
		assert_int_equal(l2r_matcher_destroy(table), 0);
	table = NULL;
	return 0;
}

static int group_setup(void **state)
{
	char name[64], ports[128];
	struct sockaddr_un self;
	socklen_t len;
	struct ibv_device **devs;

	(void)state;
	snprintf(name, sizeof(name), "l2r-packets-%d", (int)getpid());
	wire_fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	len = wire_address(&self, name, 0);
	if (wire_fd < 0 || bind(wire_fd, (struct sockaddr *)&self, len))
		return -1;
	/* A large receive buffer: bursts come back faster than a test reads them. */
	if (setsockopt(wire_fd, SOL_SOCKET, SO_RCVBUFFORCE, &(int){ 8 << 20 }, sizeof(int)))
		setsockopt(wire_fd, SOL_SOCKET, SO_RCVBUF, &(int){ 8 << 20 }, sizeof(int));
	wire_far_len = wire_address(&wire_far, name, 1);
	snprintf(ports, sizeof(ports), "mlx5_sim0:1=wire:unix=%s", name);
	setenv("FLEXIO_SIM_PORTS", ports, 1);
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS)
		return -1;
	devs = ibv_get_device_list(NULL);
	ctx = devs && devs[0] ? ibv_open_device(devs[0]) : NULL;
	if (devs)
		ibv_free_device_list(devs);
	return ctx ? 0 : -1;
}

static int group_teardown(void **state)
{
	(void)state;
	if (ctx)
		ibv_close_device(ctx);
	close(wire_fd);
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_match_and_miss, test_teardown),
		cmocka_unit_test_teardown(test_malformed_and_oversize, test_teardown),
		cmocka_unit_test_teardown(test_full_rq, test_teardown),
		cmocka_unit_test_teardown(test_priority_and_rules_under_traffic, test_teardown),
		cmocka_unit_test_teardown(test_rss_over_reflectors, test_teardown),
		cmocka_unit_test_teardown(test_process_gone_from_rqt, test_teardown),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
