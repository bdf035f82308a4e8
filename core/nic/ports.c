/*
 * Ports: the frame sink (nic_env.port_tx) and source (nic_port_rx) of Ethernet SQs and RQs,
 * with what the NIC does to frames on the way: checksum offload on send (IPv4 header, TCP and
 * UDP over IPv4 and IPv6, as the eth segment's flags ask) and checksum verification and header
 * classification on receive (the CQE's L3/L4 OK bits and header types). Received frames go to
 * the port's receive TIR (nic_port_rx), or to the TIR steering chose (nic_tir_rx), whose RQ
 * an indirect TIR picks by the frame's hash (transport.c).
 */
#include "internal.h"

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

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

struct nic_frame_layout nic_frame_parse(const uint8_t *f, size_t len)
{
	struct nic_frame_layout l = { 0 };
	size_t off = 12;
	uint16_t type;
	uint8_t proto;

	if (len < 14)
		return l;
	type = get16(f + off);
	while ((type == 0x8100 || type == 0x88a8) && off + 6 <= len) { /* VLAN tags */
		off += 4;
		type = get16(f + off);
	}
	off += 2;
	if (type == 0x0800 && off + 20 <= len && f[off] >> 4 == 4) {
		size_t ihl = (size_t)(f[off] & 15) * 4, total = get16(f + off + 2);

		if (ihl < 20 || off + ihl > len || total < ihl || off + total > len)
			return l;
		l = (struct nic_frame_layout){ .l3 = off, .l3_type = NIC_L3_IPV4, .l3_len = ihl };
		if (get16(f + off + 6) & 0x3fff)
			return l; /* a fragment: its L4 header is not all there */
		proto = f[off + 9];
		l.l4 = off + ihl;
		l.l4_len = total - ihl;
	} else if (type == 0x86dd && off + 40 <= len && f[off] >> 4 == 6) {
		size_t payload = get16(f + off + 4);

		if (off + 40 + payload > len)
			return l;
		l = (struct nic_frame_layout){ .l3 = off, .l3_type = NIC_L3_IPV6 };
		proto = f[off + 6]; /* extension headers are not followed */
		l.l4 = off + 40;
		l.l4_len = payload;
	} else {
		return l;
	}
	if ((proto == 6 && l.l4_len >= 20) || (proto == 17 && l.l4_len >= 8)) {
		l.l4_type = proto == 6 ? NIC_L4_TCP : NIC_L4_UDP;
	} else {
		l.l4 = 0;
	}
	return l;
}

/* The 16-bit ones' complement sum of len bytes (not yet folded). */
static uint32_t sum(const uint8_t *p, size_t len, uint32_t acc)
{
	for (size_t i = 0; i + 1 < len; i += 2)
		acc += get16(p + i);
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

void nic_port_send(struct nic *nic, unsigned port, uint32_t sqn, uint8_t *frame, size_t len, uint8_t cs_flags)
{
	struct nic_frame_layout l = nic_frame_parse(frame, len);

	if ((cs_flags & CS_L3) && l.l3_type == NIC_L3_IPV4) {
		put16(frame + l.l3 + 10, 0);
		put16(frame + l.l3 + 10, (uint16_t)~fold(sum(frame + l.l3, l.l3_len, 0)));
	}
	if ((cs_flags & CS_L4) && l.l4_type) {
		uint16_t csum;

		put16(frame + l4_field(&l), 0);
		csum = (uint16_t)~l4_sum(frame, &l);
		if (l.l4_type == NIC_L4_UDP && !csum)
			csum = 0xffff; /* UDP sends a computed zero as all ones */
		put16(frame + l4_field(&l), csum);
	}
	nic->env.port_tx(nic->env.user, port, sqn, frame, len);
}

/* The checksum flags and header types of a received frame (CQE bytes 28 and 29). */
static void nic_frame_classify(const uint8_t *frame, size_t len, uint8_t *csum, uint8_t *l3_l4)
{
	struct nic_frame_layout l = nic_frame_parse(frame, len);

	*csum = len >= 14 ? NIC_CSUM_L2_OK : 0;
	*l3_l4 = (uint8_t)(l.l4_type << 4 | l.l3_type << 2);
	if (l.l3_type == NIC_L3_IPV6 || (l.l3_type == NIC_L3_IPV4 && fold(sum(frame + l.l3, l.l3_len, 0)) == 0xffff))
		*csum |= NIC_CSUM_L3_OK;
	if (l.l4_type && (*csum & NIC_CSUM_L3_OK) &&
	    ((l.l4_type == NIC_L4_UDP && l.l3_type == NIC_L3_IPV4 && !get16(frame + l4_field(&l))) ||
	     l4_sum(frame, &l) == 0xffff))
		*csum |= NIC_CSUM_L4_OK;
}

/* Delivers a frame to RQ rqn (0: none, -ENOENT): 0, or -ENOBUFS (no receive WQE) or -EIO (the RQ
 * is gone, takes nothing, or went to error taking it). */
static int deliver(struct nic *nic, uint32_t rqn, const void *frame, size_t len, uint32_t rx_hash)
{
	struct nic_op op = NIC_OP_INIT;
	struct nic_rx_meta meta = { .opcode = NIC_CQE_RESP_SEND, .rx_hash = rx_hash };
	struct nic_sg sg = { .ptr = frame, .len = (uint32_t)len };
	struct nic_wq *rq;
	int rc;

	if (!rqn)
		return -ENOENT;
	rq = nic_wq_lock_recv(nic, rqn);
	if (!rq)
		return -EIO;
	nic_frame_classify(frame, len, &meta.csum, &meta.l3_l4);
	switch (nic_recv_deliver(&op, rq, &sg, 1, (uint32_t)len, &meta)) {
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
	pthread_mutex_unlock(&rq->rlock);
	nic_op_end(&op);
	return rc;
}

int nic_port_rx(struct nic *nic, unsigned port, const void *frame, size_t len)
{
	struct nic_port *p = port_of(nic, port);
	uint32_t rqn;
	int rc;

	if (!p)
		return -EINVAL;
	rqn = atomic_load_explicit(&p->rx_rqn, memory_order_acquire);
	if (len > atomic_load_explicit(&p->max_frame, memory_order_relaxed))
		rc = -EMSGSIZE;
	else
		rc = deliver(nic, rqn, frame, len, 0);
	if (rc)
		atomic_fetch_add_explicit(&p->rx_dropped, 1, memory_order_relaxed);
	return rc;
}

bool nic_port_ready(struct nic *nic, unsigned port)
{
	struct nic_port *p = port_of(nic, port);

	return p && nic_rq_armed(nic, atomic_load(&p->rx_rqn));
}

int nic_tir_rx(struct nic *nic, uint32_t tirn, const void *frame, size_t len)
{
	struct nic_tir *tir;
	uint32_t rqn, hash = 0;

	if (len > NIC_MAX_FRAME)
		return -EMSGSIZE;
	tir = (struct nic_tir *)nic_table_lock(nic, NIC_OBJ_TIR, tirn);
	if (!tir)
		return -ENOENT;
	/* The TIR holds its RQ (users) until it or the RQ is destroyed; a frame in flight once its
	 * lock is released goes to the RQ it had, as hardware would: the RQ's number is checked
	 * again when its receive side is locked. */
	if (tir->rqt)
		rqn = nic_rss_pick(tir, frame, len, &hash);
	else
		rqn = tir->rq ? tir->rq->h.num : 0;
	pthread_mutex_unlock(&tir->h.lock);
	return rqn ? deliver(nic, rqn, frame, len, hash) : -EIO; /* no RQ there: dropped */
}
