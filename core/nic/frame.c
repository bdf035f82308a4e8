/*
 * The NIC's one frame parser: a frame's headers are walked once, when the frame enters the NIC
 * (a port's receive side, nic_port_rx; an SQ's send, nic_port_send; a frame given to a TIR,
 * nic_tir_rx), and what the walk finds serves every stage after it:
 *   - the layout (where the IP and TCP/UDP headers are, their types and lengths): checksum
 *     offload on send, checksum verification and the CQE's header types on receive, the RSS
 *     hash input (ports.c, transport.c);
 *   - when steering has rules, the header fields in the layout its matchers use (the first
 *     sections of the PRM's fte_match_param: fte_match_set_lyr_2_4 of the outer headers, the
 *     misc parameters, fte_match_set_lyr_2_4 of the headers a VXLAN tunnel carries; flow.c).
 *     The inner frame is walked only when a matcher looks into tunnels.
 *
 * The two outputs judge one walk differently, as hardware does: the match fields take what the
 * frame's bytes hold (an IPv4 header whose total length overruns the frame still has its
 * addresses matched; a first fragment its ports), while the layout offloads and hashes only
 * headers whose lengths agree with the frame (no L4 for any fragment).
 */
#include "internal.h"
#include "byteorder.h"

/* The VXLAN UDP port (RFC 7348) and its header's I flag: the VNI is valid. */
#define VXLAN_PORT 4789
#define VXLAN_FLAG_VNI 0x08

/*
 * Walks the L2..L4 headers of f: fills *l (the layout; NULL: not wanted) and m (the fields as
 * fte_match_set_lyr_2_4 holds them, 64 bytes zeroed by the caller; NULL: not wanted). With
 * tunnel, a VXLAN packet gives its VNI and the frame it carries (*inner, *inner_len). Inlined
 * into each call: the common one (no rules, the layout alone) then tests nothing it need not.
 */
static inline __attribute__((always_inline)) void walk(const uint8_t *f, size_t len, struct nic_frame_layout *l,
						       uint8_t *m, bool tunnel, uint32_t *vni, const uint8_t **inner,
						       size_t *inner_len)
{
	size_t off = 12, l4, total = 0;
	uint16_t type;
	uint8_t proto;

	if (len < 14)
		return;
	if (m) {
		memcpy(m + 8, f, 6);     /* dmac */
		memcpy(m + 0, f + 6, 6); /* smac */
	}
	type = be16_get(f + off);
	if ((type == 0x8100 || type == 0x88a8) && off + 6 <= len) {
		if (m) {
			m[18] |= type == 0x8100 ? 0x80 : 0x40; /* cvlan_tag / svlan_tag */
			m[14] = f[off + 2];                    /* first_prio, first_cfi, first_vid */
			m[15] = f[off + 3];
		}
		off += 4;
		type = be16_get(f + off);
		while ((type == 0x8100 || type == 0x88a8) && off + 6 <= len) { /* further tags */
			off += 4;
			type = be16_get(f + off);
		}
	}
	off += 2;
	if (m)
		be16_put(m + 6, type); /* the ethertype after the VLAN tags */
	if (type == 0x0800 && off + 20 <= len && f[off] >> 4 == 4) {
		size_t ihl = (size_t)(f[off] & 15) * 4;
		uint16_t frag = be16_get(f + off + 6);

		if (ihl < 20 || off + ihl > len)
			return;
		proto = f[off + 9];
		if (m) {
			m[18] |= 4 << 1; /* ip_version */
			m[16] = proto;
			m[17] = f[off + 1]; /* dscp, ecn */
			m[27] = f[off + 8]; /* ttl */
			memcpy(m + 44, f + off + 12, 4);
			memcpy(m + 60, f + off + 16, 4);
			if (frag & 0x3fff)
				m[18] |= 0x20; /* frag */
		}
		total = be16_get(f + off + 2);
		if (l && total >= ihl && off + total <= len) {
			*l = (struct nic_frame_layout){ .l3 = off, .l3_type = NIC_L3_IPV4, .l3_len = ihl };
			/* a fragment's L4 header is not all there: offloads leave it alone */
			if (!(frag & 0x3fff))
				l->l4_len = total - ihl;
		}
		if (frag & 0x1fff)
			return; /* not the first fragment: no L4 header */
		l4 = off + ihl;
	} else if (type == 0x86dd && off + 40 <= len && f[off] >> 4 == 6) {
		size_t payload = be16_get(f + off + 4);

		proto = f[off + 6]; /* extension headers are not followed */
		if (m) {
			m[18] |= 6 << 1;
			m[16] = proto;
			m[17] = (uint8_t)(be16_get(f + off) >> 4);
			m[27] = f[off + 7];
			memcpy(m + 32, f + off + 8, 16);
			memcpy(m + 48, f + off + 24, 16);
		}
		if (l && off + 40 + payload <= len)
			*l = (struct nic_frame_layout){ .l3 = off, .l3_type = NIC_L3_IPV6, .l4_len = payload };
		l4 = off + 40;
	} else {
		return;
	}
	if (l && l->l3 && ((proto == 6 && l->l4_len >= 20) || (proto == 17 && l->l4_len >= 8))) {
		l->l4 = l4;
		l->l4_type = proto == 6 ? NIC_L4_TCP : NIC_L4_UDP;
	} else if (l) {
		l->l4_len = 0;
	}
	if (!m)
		return;
	if (proto == 6 && l4 + 20 <= len) {
		memcpy(m + 20, f + l4, 4); /* tcp_sport, tcp_dport */
		m[18] |= f[l4 + 12] & 1;   /* tcp_flags: NS, then the 8 others */
		m[19] = f[l4 + 13];
	} else if (proto == 17 && l4 + 8 <= len) {
		memcpy(m + 28, f + l4, 4); /* udp_sport, udp_dport */
		if (tunnel && be16_get(f + l4 + 2) == VXLAN_PORT && l4 + 16 + 14 <= len &&
		    (f[l4 + 8] & VXLAN_FLAG_VNI)) {
			*vni = (uint32_t)f[l4 + 12] << 16 | (uint32_t)f[l4 + 13] << 8 | f[l4 + 14];
			*inner = f + l4 + 16;
			*inner_len = len - l4 - 16;
		}
	}
}

void nic_frame_parse(struct nic_frame *fr, unsigned match)
{
	uint8_t *m = (uint8_t *)fr->m;
	const uint8_t *inner = NULL;
	size_t inner_len = 0;
	uint32_t vni = 0;

	/* Parsed already with what is asked: the usual case of a frame that steering looped back
	 * from the send side to the receive side. More asked (the rules changed in between, so
	 * that a matcher now looks into tunnels): walked again, wholly. */
	if (fr->parsed && !(match & ~fr->match))
		return;
	match |= fr->match;
	fr->l = (struct nic_frame_layout){ 0 };
	if (match & NIC_FRAME_INNER)
		match |= NIC_FRAME_MATCH;
	if (match)
		memset(m, 0, match & NIC_FRAME_INNER ? NIC_MATCH_BYTES : NIC_MATCH_INNER);
	walk(fr->bytes, fr->len, &fr->l, match ? m + NIC_MATCH_OUTER : NULL, match & NIC_FRAME_INNER, &vni, &inner,
	     &inner_len);
	if (inner) {
		m[NIC_MATCH_MISC + 20] = (uint8_t)(vni >> 16); /* vxlan_vni */
		m[NIC_MATCH_MISC + 21] = (uint8_t)(vni >> 8);
		m[NIC_MATCH_MISC + 22] = (uint8_t)vni;
		walk(inner, inner_len, NULL, m + NIC_MATCH_INNER, false, NULL, NULL, NULL);
	}
	fr->parsed = true;
	fr->match = match;
}

uint8_t nic_match_bits(size_t byte)
{
	size_t in = byte % 64;

	switch (byte < NIC_MATCH_BYTES ? byte / 64 : 3) {
	case NIC_MATCH_OUTER / 64:
	case NIC_MATCH_INNER / 64:
		/* fte_match_set_lyr_2_4: all but bytes 24..26 (IPv4 IHL, L3/L4 OK bits) */
		return in >= 24 && in <= 26 ? 0 : 0xff;
	case NIC_MATCH_MISC / 64:
		/* source_sqn, source_port, vxlan_vni */
		return (in >= 1 && in <= 3) || in == 6 || in == 7 || (in >= 20 && in <= 22) ? 0xff : 0;
	default:
		return 0;
	}
}
