/*
 * Ports: where frames enter (nic_port_rx, from the port's attachment) and leave (nic_port_send,
 * from an SQ, to the link the attachment attached: nic_port_attach) the NIC, and the path
 * between a port and the queues. Each frame's headers are parsed once, on entry (frame.c);
 * that parse serves:
 *   - send: checksum offload (IPv4 header, TCP and UDP over IPv4 and IPv6, as the eth
 *     segment's flags ask), then send-side steering (NIC TX, FDB: flow.c): the wire, a
 *     loopback into the port's own receive side (the same parse), or a drop;
 *   - receive: receive-side steering (FDB, NIC RX) to TIRs, or the miss path (the port's
 *     receive TIR, else the attachment's kernel); an indirect TIR's RQ picked by the frame's
 *     hash (transport.c); checksum verification and header classification for the CQE (its
 *     L3/L4 OK bits and header types).
 * Each port counts what passes it, in the tallies of the queues its frames reach and, for what
 * reaches none, in its own atomics (internal.h): no lock and no atomic read-modify-write on
 * the per-frame path.
 */
#include "internal.h"
#include "byteorder.h"

/* The eth segment's checksum flags (mlx5 cs_flags, FlexIO's FLEXIO_ETH_SEG_L3CS / L4CS). */
enum {
	CS_L3 = 0x40,
	CS_L4 = 0x80
};

void nic_ports_init(struct nic *nic, unsigned nports)
{
	nic->nports = nports;
	for (unsigned p = 0; p < nports; p++) {
		pthread_mutex_init(&nic->ports[p].lock, NULL);
		nic->ports[p].attr.mtu = 1500;
		atomic_init(&nic->ports[p].max_frame, 1500 + 18);
	}
}

void nic_ports_fini(struct nic *nic)
{
	for (unsigned p = 0; p < nic->nports; p++)
		pthread_mutex_destroy(&nic->ports[p].lock);
}

static struct nic_port *port_of(struct nic *nic, unsigned port)
{
	return port >= 1 && port <= nic->nports ? &nic->ports[port - 1] : NULL;
}

int nic_port_set(struct nic *nic, unsigned port, const struct nic_port_attr *attr)
{
	struct nic_port *p = port_of(nic, port);
	struct nic_tir *tir = NULL;
	struct nic_obj *old;

	if (!p || attr->mtu < 68 || attr->mtu > NIC_MAX_MTU)
		return -EINVAL;
	if (attr->rx_tir && !(tir = (struct nic_tir *)nic_obj_get(nic, NIC_OBJ_TIR, attr->rx_tir)))
		return -ENOENT;
	if (tir && tir->rqt) {
		nic_obj_put(&tir->h); /* an indirect TIR: steering's destination, not a port's */
		return -EINVAL;
	}
	pthread_mutex_lock(&p->lock);
	old = (struct nic_obj *)p->tir;
	p->tir = tir;
	p->attr = *attr;
	/* The TIR cannot go while the port holds it; its RQ may (nic_rq_detach, which then turns
	 * rx_rqn to NIC_RQN_GONE): the number is stored under the TIR's lock, so that it is the RQ
	 * the TIR has, or detaching sees it. */
	if (tir) {
		pthread_mutex_lock(&tir->h.lock);
		atomic_store(&p->rx_rqn, tir->rq ? tir->rq->h.num : NIC_RQN_GONE);
		pthread_mutex_unlock(&tir->h.lock);
	} else {
		atomic_store(&p->rx_rqn, 0);
	}
	atomic_store(&p->max_frame, attr->mtu + 18);
	pthread_mutex_unlock(&p->lock);
	nic_obj_put(old);
	return 0;
}

int nic_port_attach(struct nic *nic, unsigned port, const struct nic_port_link *link)
{
	struct nic_port *p = port_of(nic, port);

	if (!p)
		return -EINVAL;
	atomic_store_explicit(&p->link, link, memory_order_release);
	return 0;
}

unsigned nic_port_max_frame(struct nic *nic, unsigned port)
{
	return atomic_load_explicit(&nic->ports[port - 1].max_frame, memory_order_relaxed);
}

int nic_port_get(struct nic *nic, unsigned port, struct nic_port_attr *attr)
{
	struct nic_port *p = port_of(nic, port);

	if (!p)
		return -EINVAL;
	pthread_mutex_lock(&p->lock);
	*attr = p->attr;
	pthread_mutex_unlock(&p->lock);
	return 0;
}

/* ---- Frames --------------------------------------------------------------------------------- */

/* A port counter: what no queue's lock covers (struct nic_port). */
static void count(atomic_uint_fast64_t *counter, uint64_t value)
{
	atomic_fetch_add_explicit(counter, value, memory_order_relaxed);
}

/* The 16-bit ones' complement sum of len bytes (not yet folded). */
static uint32_t sum(const uint8_t *p, size_t len, uint32_t acc)
{
	for (size_t i = 0; i + 1 < len; i += 2)
		acc += be16_get(p + i);
	if (len & 1)
		acc += (uint32_t)p[len - 1] << 8;
	return acc;
}

static uint16_t fold(uint32_t acc)
{
	while (acc >> 16)
		acc = (acc & 0xffff) + (acc >> 16);
	return (uint16_t)acc;
}

/* The L4 checksum over the pseudo header and the segment as it is (its checksum field
 * included): 0xffff when a filled-in checksum is right. */
static uint16_t l4_sum(const uint8_t *f, const struct nic_frame_layout *l)
{
	uint32_t acc;

	if (l->l3_type == NIC_L3_IPV4)
		acc = sum(f + l->l3 + 12, 8, 0);
	else
		acc = sum(f + l->l3 + 8, 32, 0);
	acc += (l->l4_type == NIC_L4_TCP ? 6 : 17) + (uint32_t)l->l4_len;
	return fold(sum(f + l->l4, l->l4_len, acc));
}

static size_t l4_field(const struct nic_frame_layout *l)
{
	return l->l4 + (l->l4_type == NIC_L4_TCP ? 16 : 6);
}

/* Checksum offload: the frame's checksums filled as the eth segment's flags ask. */
static void checksums_fill(uint8_t *frame, const struct nic_frame_layout *l, uint8_t cs_flags)
{
	if ((cs_flags & CS_L3) && l->l3_type == NIC_L3_IPV4) {
		be16_put(frame + l->l3 + 10, 0);
		be16_put(frame + l->l3 + 10, (uint16_t)~fold(sum(frame + l->l3, l->l3_len, 0)));
	}
	if ((cs_flags & CS_L4) && l->l4_type) {
		uint16_t csum;

		be16_put(frame + l4_field(l), 0);
		csum = (uint16_t)~l4_sum(frame, l);
		if (l->l4_type == NIC_L4_UDP && !csum)
			csum = 0xffff; /* UDP sends a computed zero as all ones */
		be16_put(frame + l4_field(l), csum);
	}
}

/* The checksum flags and header types of a received frame (CQE bytes 28 and 29). */
static void classify(const struct nic_frame *fr, uint8_t *csum, uint8_t *l3_l4)
{
	const struct nic_frame_layout *l = &fr->l;
	const uint8_t *frame = fr->bytes;

	*csum = fr->len >= 14 ? NIC_CSUM_L2_OK : 0;
	*l3_l4 = (uint8_t)(l->l4_type << 4 | l->l3_type << 2);
	if (l->l3_type == NIC_L3_IPV6 ||
	    (l->l3_type == NIC_L3_IPV4 && fold(sum(frame + l->l3, l->l3_len, 0)) == 0xffff))
		*csum |= NIC_CSUM_L3_OK;
	if (l->l4_type && (*csum & NIC_CSUM_L3_OK) &&
	    ((l->l4_type == NIC_L4_UDP && l->l3_type == NIC_L3_IPV4 && !be16_get(frame + l4_field(l))) ||
	     l4_sum(frame, l) == 0xffff))
		*csum |= NIC_CSUM_L4_OK;
}

/* What a delivery counts for a port: the frame's arrival (rx_frames, rx_bytes), where it went
 * (rx_to_queue or rx_dropped), or both. In the RQ's tally when it reaches one, else in the
 * port's atomics. */
enum {
	COUNT_ARRIVAL = 1,
	COUNT_OUTCOME = 2
};

struct rx_count {
	struct nic_port *p;
	unsigned index; /* the port's, 0-based */
	unsigned what;  /* COUNT_* */
};

/* Counts a frame that reached no RQ (rc: 0 taken, else dropped) on the port's atomics. */
static void port_count(const struct rx_count *c, size_t len, int rc)
{
	if (!c)
		return;
	if (c->what & COUNT_ARRIVAL) {
		count(&c->p->rx_frames, 1);
		count(&c->p->rx_bytes, len);
	}
	if (c->what & COUNT_OUTCOME)
		count(rc ? &c->p->rx_dropped : &c->p->rx_to_queue, 1);
}

/* Delivers a parsed frame to RQ rqn, counting it as c says (NULL: only the RQ's own drop
 * counter): 0, or -ENOBUFS (no receive WQE) or -EIO (the RQ is gone, takes nothing, or went
 * to error taking it). */
static int deliver(struct nic *nic, uint32_t rqn, const struct nic_frame *fr, uint32_t rx_hash,
		   const struct rx_count *c)
{
	struct nic_op op;
	struct nic_rx_meta meta = { .opcode = NIC_CQE_RESP_SEND, .rx_hash = rx_hash };
	struct nic_sg sg = { .ptr = fr->bytes, .len = (uint32_t)fr->len };
	struct nic_wq *rq;
	int rc;

	rq = nic_wq_lock_recv(nic, rqn);
	if (!rq) {
		port_count(c, fr->len, -EIO);
		return -EIO;
	}
	classify(fr, &meta.csum, &meta.l3_l4);
	nic_op_begin(&op);
	switch (nic_recv_deliver(&op, rq, &sg, 1, (uint32_t)fr->len, &meta)) {
	case NIC_RX_OK:
		rc = 0;
		break;
	case NIC_RX_NO_WQE:
		rc = -ENOBUFS;
		break;
	default:
		rc = -EIO;
		break;
	}
	if (c) {
		struct nic_port_tally *t = &rq->tally[c->index];

		if (c->what & COUNT_ARRIVAL) {
			nic_tally(&t->rx_frames, 1);
			nic_tally(&t->rx_bytes, fr->len);
		}
		if (c->what & COUNT_OUTCOME)
			nic_tally(rc ? &t->rx_dropped : &t->rx_to_queue, 1);
	}
	pthread_mutex_unlock(&rq->rlock);
	nic_op_end(&op);
	return rc;
}

/* Delivers a parsed frame to the RQ of TIR tirn (of its table, by the frame's hash, for an
 * indirect one), counting it as c says: as deliver, or -ENOENT (no such TIR), -EIO (the TIR
 * has no RQ there). */
static int tir_deliver(struct nic *nic, uint32_t tirn, const struct nic_frame *fr, const struct rx_count *c)
{
	struct nic_tir *tir = (struct nic_tir *)nic_table_lock(nic, NIC_OBJ_TIR, tirn);
	uint32_t rqn, hash = 0;

	if (!tir) {
		port_count(c, fr->len, -ENOENT);
		return -ENOENT;
	}
	/* The TIR holds its RQ (users) until it or the RQ is destroyed; a frame in flight once its
	 * lock is released goes to the RQ it had, as hardware would: the RQ's number is checked
	 * again when its receive side is locked. */
	if (tir->rqt)
		rqn = nic_rss_pick(tir, fr, &hash);
	else
		rqn = tir->rq ? tir->rq->h.num : 0;
	pthread_mutex_unlock(&tir->h.lock);
	if (!rqn) {
		port_count(c, fr->len, -EIO); /* no RQ there: dropped */
		return -EIO;
	}
	return deliver(nic, rqn, fr, hash, c);
}

/* A frame arriving on port p (nic_port_rx's contract), parsed already or not. Inlined in both
 * callers, the port's receive side and a loopback: it is the per-frame path. */
static inline __attribute__((always_inline)) int receive(struct nic *nic, struct nic_port *p, struct nic_frame *fr)
{
	struct rx_count first = { p, (unsigned)(p - nic->ports), COUNT_ARRIVAL | COUNT_OUTCOME }, miss;
	struct nic_flow_decision d;
	struct nic_flow_reader r;
	unsigned match;
	uint32_t rqn;
	int rc = 0;

	/* malformed (shorter than an Ethernet header) or longer than the MTU allows: the MAC
	 * drops it before any rule sees it */
	if (fr->len < 14 || fr->len > atomic_load_explicit(&p->max_frame, memory_order_relaxed)) {
		port_count(&first, fr->len, -EMSGSIZE);
		return -EMSGSIZE;
	}
	match = nic_flow_begin(nic, &r, NIC_FLOW_RX);
	nic_frame_parse(fr, match);
	if (match) {
		nic_flow_rx(&r, fr, &d);
		nic_flow_end(&r);
	} else { /* no rule looks: the miss path */
		d.ntirs = 0;
		d.miss = true;
	}
	/* a destination array's other copies: each TIR's RQ counts its own drops */
	for (unsigned i = 0; i < d.ntirs; i++) {
		int copy = tir_deliver(nic, d.tir[i], fr, i ? NULL : &first);

		rc = i ? rc : copy;
	}
	if (!d.miss) {
		if (d.ntirs)
			return rc;
		port_count(&first, fr->len, -EPERM);
		return -EPERM;
	}
	/* The miss path: the port's own receive TIR when one is set (nic_port_set), else the
	 * attachment's (the kernel behind a TAP), else nowhere. A mirrored frame's arrival was
	 * counted with its first copy. */
	miss = (struct rx_count){ p, first.index, (d.ntirs ? 0 : COUNT_ARRIVAL) | COUNT_OUTCOME };
	rqn = atomic_load_explicit(&p->rx_rqn, memory_order_acquire);
	if (rqn)
		return deliver(nic, rqn, fr, 0, &miss);
	miss.what &= ~COUNT_OUTCOME;
	port_count(&miss, fr->len, 0);
	count(&p->rx_missed, 1);
	return -ENOENT;
}

void nic_port_send(struct nic_wq *sq, unsigned port, uint8_t *frame, size_t len, uint8_t cs_flags)
{
	struct nic *nic = sq->h.nic;
	struct nic_port_tally *t = &sq->tally[port - 1];
	const struct nic_port_link *link;
	struct nic_flow_decision d;
	struct nic_flow_reader r;
	struct nic_frame fr;
	unsigned match = nic_flow_begin(nic, &r, NIC_FLOW_TX);

	nic_frame_init(&fr, frame, len);
	/* parsed for what needs it: the offloads, the rules (a looped-back frame keeps it) */
	if (match || (cs_flags & (CS_L3 | CS_L4))) {
		nic_frame_parse(&fr, match);
		checksums_fill(frame, &fr.l, cs_flags);
	}
	if (match) {
		nic_flow_tx(&r, &fr, sq->h.num, &d);
		nic_flow_end(&r);
	} else { /* no rule looks: the wire */
		d.wire = true;
		d.loopback = false;
	}
	if (!d.wire && !d.loopback) {
		nic_tally(&t->tx_dropped, 1);
		return;
	}
	/* loopback: received by the port's own receive side (first: a destination array to both
	 * gives the PF its copy before the wire's) */
	if (d.loopback)
		receive(nic, &nic->ports[port - 1], &fr);
	if (!d.wire)
		return;
	link = atomic_load_explicit(&nic->ports[port - 1].link, memory_order_acquire);
	if (!link || link->transmit(link->user, port, frame, len)) {
		nic_tally(&t->tx_dropped, 1);
		return;
	}
	nic_tally(&t->tx_frames, 1);
	nic_tally(&t->tx_bytes, len);
}

int nic_port_rx(struct nic *nic, unsigned port, const void *frame, size_t len)
{
	struct nic_port *p = port_of(nic, port);
	struct nic_frame fr;

	if (!p)
		return -EINVAL;
	nic_frame_init(&fr, frame, len);
	return receive(nic, p, &fr);
}

void nic_port_rx_error(struct nic *nic, unsigned port, size_t len)
{
	struct nic_port *p = port_of(nic, port);

	if (p)
		port_count(&(struct rx_count){ p, port - 1, COUNT_ARRIVAL | COUNT_OUTCOME }, len, -EINVAL);
}

static uint64_t load(const _Atomic uint64_t *counter)
{
	return atomic_load_explicit(counter, memory_order_relaxed);
}

int nic_port_counters(struct nic *nic, unsigned port, struct nic_port_counters *counters)
{
	struct nic_port *p = port_of(nic, port);
	struct nic_table *t = &nic->tables[NIC_OBJ_WQ];

	if (!p)
		return -EINVAL;
	*counters = (struct nic_port_counters){
		.rx_frames = atomic_load_explicit(&p->rx_frames, memory_order_relaxed),
		.rx_bytes = atomic_load_explicit(&p->rx_bytes, memory_order_relaxed),
		.rx_to_queue = atomic_load_explicit(&p->rx_to_queue, memory_order_relaxed),
		.rx_missed = atomic_load_explicit(&p->rx_missed, memory_order_relaxed),
		.rx_dropped = atomic_load_explicit(&p->rx_dropped, memory_order_relaxed),
	};
	/* every work queue the NIC made, live or not: their tallies outlive them */
	pthread_mutex_lock(&t->lock);
	for (struct nic_obj *obj = t->all; obj; obj = obj->all_next) {
		const struct nic_port_tally *tally = &((struct nic_wq *)obj)->tally[port - 1];

		counters->rx_frames += load(&tally->rx_frames);
		counters->rx_bytes += load(&tally->rx_bytes);
		counters->rx_to_queue += load(&tally->rx_to_queue);
		counters->rx_dropped += load(&tally->rx_dropped);
		counters->tx_frames += load(&tally->tx_frames);
		counters->tx_bytes += load(&tally->tx_bytes);
		counters->tx_dropped += load(&tally->tx_dropped);
	}
	pthread_mutex_unlock(&t->lock);
	return 0;
}

bool nic_port_ready(struct nic *nic, unsigned port)
{
	struct nic_port *p = port_of(nic, port);

	return p && (nic_rq_armed(nic, atomic_load(&p->rx_rqn)) || nic_flow_rx_ready(nic));
}

int nic_tir_rx(struct nic *nic, uint32_t tirn, const void *frame, size_t len)
{
	struct nic_frame fr;

	if (len > NIC_MAX_FRAME)
		return -EMSGSIZE;
	nic_frame_init(&fr, frame, len);
	nic_frame_parse(&fr, 0);
	return tir_deliver(nic, tirn, &fr, NULL);
}
