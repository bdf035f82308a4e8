/*
 * Flow steering of the simulated devices: what happens to each frame (steering.h), from the
 * rules the mlx5dv_dr_* entry points made (dr_*.c).
 *
 * Snapshots. The per-frame path takes no lock: after every change of a device's rules,
 * sim_steer_publish compiles them into one immutable snapshot (the tables, their matchers in
 * lookup order, each matcher's rules, the rules' actions flattened, the masks and values as
 * the 64-bit words of fte_match_param a matcher looks at) and swaps it in with one atomic
 * store. Readers announce themselves in one of two counters (a phase), spread over cache-line
 * slots by thread; the writer flips the phase twice and waits, each time, for the counters of
 * the phase it left to drain (a sleepable RCU): then no frame reads the old snapshot, which is
 * freed. So a rule added or removed under traffic takes effect for the next frame, and no
 * frame matched against another rule is lost or delayed by it.
 *
 * Lookup, as the hardware does it: a domain type's lookup starts at its root (level 0: the
 * level-0 tables of every domain of that type on the device, merged); in a table, matchers in
 * priority order (lower first, then creation order), and in a matcher its rules in creation
 * order; the first rule whose masked value equals the frame's masked fields takes the frame:
 * its counters count it, its destination decides (a table continues there); a rule without a
 * destination, a default-miss action or no rule at all is the domain's default.
 *
 * Pipelines. Received on the uplink: FDB (source_port the uplink; default and vport 0: on to
 * NIC RX), then NIC RX (TIRs; default: the port's miss path). Sent by an SQ: NIC TX (default:
 * on to FDB), then FDB (source_sqn the SQ, source_port 0, the PF; default and the uplink
 * vport: the wire; vport 0: back into the receive side).
 */
#include "dr_internal.h"
#include "ports.h"
#include "steering.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

/* ---- the device's state and its readers ---- */

#define READER_SLOTS 16
/* Destination tables a lookup may go through (levels only grow along a chain, so chains end;
 * this bounds the stack when destination arrays fork them). */
#define MAX_DEPTH 32
/* Copies a destination array may make of one frame. */
#define MAX_COPIES SIM_DR_MAX_DESTS

struct reader_slot {
	_Atomic unsigned long count[2];
} __attribute__((aligned(64)));

/* Root tables have these indexes in a snapshot; other tables follow. */
enum {
	ROOT_RX = MLX5DV_DR_DOMAIN_TYPE_NIC_RX,
	ROOT_TX = MLX5DV_DR_DOMAIN_TYPE_NIC_TX,
	ROOT_FDB = MLX5DV_DR_DOMAIN_TYPE_FDB,
	ROOTS
};

struct snap_action {
	uint8_t kind;               /* enum sim_dr_action_kind */
	uint32_t arg;               /* TIR number, table index, vport, or an array's destinations */
	struct sim_flow_cell *cell; /* counters */
};

struct snap_rule {
	uint32_t value;            /* its words in snapshot.words, as many as its matcher's */
	uint32_t action, nactions; /* in snapshot.actions (an array's destinations follow it) */
};

struct snap_matcher {
	uint32_t rule, nrules;
	uint32_t mask;               /* its mask words in snapshot.words */
	uint32_t nwords;             /* words of fte_match_param it looks at */
	uint8_t word[SIM_FTE_WORDS]; /* which */
};

struct snap_table {
	uint32_t matcher, nmatchers;
};

struct snapshot {
	bool any[ROOTS]; /* a root with matchers: that domain type looks frames up */
	bool inner;      /* some mask looks into a VXLAN tunnel (inner headers, VNI) */
	struct snap_table *tables;
	struct snap_matcher *matchers;
	struct snap_rule *rules;
	struct snap_action *actions;
	uint64_t *words;
};

struct sim_steer {
	struct sim_device *device;
	struct snapshot *_Atomic current; /* NULL: no rule */
	_Atomic unsigned phase;
	struct reader_slot slots[READER_SLOTS];
	/* sim_lock */
	uint64_t seq;
	struct sim_dr_table *tables;
	struct sim_dr_matcher *matchers;
};

/* Each device's state by its index, published with release stores. */
static struct sim_steer *_Atomic steers[SIM_MAX_CREATED];

/* A thread's reader slot, chosen once (round robin) so that threads share few cache lines. */
static _Atomic unsigned next_slot;
static __thread unsigned thread_slot; /* slot + 1; 0: not chosen yet */

struct reader {
	struct sim_steer *steer;
	unsigned slot, phase;
};

static const struct snapshot *read_begin(struct sim_steer *steer, struct reader *r)
{
	if (!thread_slot)
		thread_slot = atomic_fetch_add_explicit(&next_slot, 1, memory_order_relaxed) % READER_SLOTS + 1;
	r->steer = steer;
	r->slot = thread_slot - 1;
	r->phase = atomic_load(&steer->phase) & 1;
	/* seq_cst: the writer that misses this increment has published before our load below */
	atomic_fetch_add(&steer->slots[r->slot].count[r->phase], 1);
	return atomic_load(&steer->current);
}

static void read_end(struct reader *r)
{
	atomic_fetch_sub_explicit(&r->steer->slots[r->slot].count[r->phase], 1, memory_order_release);
}

/* Returns once every reader that may have loaded the previous snapshot is done (sim_lock
 * held; readers hold no lock, so they finish). Twice: a reader that read the phase before a
 * flip counts in the phase the second flip leaves. */
static void synchronize(struct sim_steer *steer)
{
	for (int round = 0; round < 2; round++) {
		unsigned left = atomic_fetch_add(&steer->phase, 1) & 1;

		for (unsigned i = 0; i < READER_SLOTS; i++)
			while (atomic_load(&steer->slots[i].count[left]))
				sched_yield();
	}
}

struct sim_steer *sim_steer_of(struct sim_device *device)
{
	struct sim_steer *steer = atomic_load_explicit(&steers[device->index], memory_order_relaxed);

	if (steer)
		return steer;
	steer = aligned_alloc(64, sizeof(*steer));
	if (!steer)
		return NULL;
	memset(steer, 0, sizeof(*steer));
	steer->device = device;
	atomic_store_explicit(&steers[device->index], steer, memory_order_release);
	return steer;
}

uint64_t sim_steer_seq(struct sim_steer *steer)
{
	return ++steer->seq;
}

#define LIST_ADD(head, node)                   \
	do {                                   \
		(node)->prev = NULL;           \
		(node)->next = (head);         \
		if (head)                      \
			(head)->prev = (node); \
		(head) = (node);               \
	} while (0)
#define LIST_REMOVE(head, node)                            \
	do {                                               \
		if ((node)->prev)                          \
			(node)->prev->next = (node)->next; \
		else                                       \
			(head) = (node)->next;             \
		if ((node)->next)                          \
			(node)->next->prev = (node)->prev; \
	} while (0)

void sim_steer_add_table(struct sim_steer *steer, struct sim_dr_table *table)
{
	LIST_ADD(steer->tables, table);
}

void sim_steer_remove_table(struct sim_steer *steer, struct sim_dr_table *table)
{
	LIST_REMOVE(steer->tables, table);
}

void sim_steer_add_matcher(struct sim_steer *steer, struct sim_dr_matcher *matcher)
{
	LIST_ADD(steer->matchers, matcher);
}

void sim_steer_remove_matcher(struct sim_steer *steer, struct sim_dr_matcher *matcher)
{
	LIST_REMOVE(steer->matchers, matcher);
}

/* ---- compiling ---- */

static void snapshot_free(struct snapshot *s)
{
	if (!s)
		return;
	free(s->tables);
	free(s->matchers);
	free(s->rules);
	free(s->actions);
	free(s->words);
	free(s);
}

struct placed {
	struct sim_dr_matcher *matcher;
	uint32_t table;
};

/* Lookup order: by table, then priority, then creation. */
static int placed_order(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;

	if (x->table != y->table)
		return x->table < y->table ? -1 : 1;
	if (x->matcher->priority != y->matcher->priority)
		return x->matcher->priority < y->matcher->priority ? -1 : 1;
	return x->matcher->seq < y->matcher->seq ? -1 : x->matcher->seq > y->matcher->seq;
}

static void flatten(struct snap_action *out, const struct sim_dr_action *a)
{
	out->kind = (uint8_t)a->kind;
	out->cell = NULL;
	switch (a->kind) {
	case SIM_DR_ACT_TIR:
		out->arg = a->tirn;
		break;
	case SIM_DR_ACT_VPORT:
		out->arg = a->vport;
		break;
	case SIM_DR_ACT_ARRAY:
		out->arg = (uint32_t)a->ndests;
		break;
	case SIM_DR_ACT_COUNTER:
		out->arg = 0;
		out->cell = &a->counter->cells[a->offset];
		break;
	default:
		out->arg = 0; /* TABLE: set by the caller, which knows the indexes */
		break;
	}
}

/* The words of fte_match_param whose mask is not zero. */
static uint32_t mask_words(const struct sim_dr_matcher *m, uint8_t *word)
{
	uint32_t n = 0;

	for (uint32_t w = 0; w < SIM_FTE_WORDS; w++)
		if (m->mask[w])
			word[n++] = (uint8_t)w;
	return n;
}

static struct snapshot *compile(struct sim_steer *steer)
{
	size_t ntables = ROOTS, nmatchers = 0, nrules = 0, nactions = 0, nwords = 0;
	struct snapshot *s = calloc(1, sizeof(*s));
	struct placed *placed = NULL;
	size_t i, t;

	if (!s)
		return NULL;
	for (struct sim_dr_table *table = steer->tables; table; table = table->next)
		ntables += table->level != 0;
	for (struct sim_dr_matcher *m = steer->matchers; m; m = m->next) {
		uint8_t word[SIM_FTE_WORDS];
		uint32_t n = mask_words(m, word);

		nmatchers++;
		nwords += n;
		for (struct sim_dr_rule *r = m->first; r; r = r->next) {
			if (r->hidden)
				continue;
			nrules++;
			nwords += n;
			for (size_t k = 0; k < r->nactions; k++)
				nactions += 1 + (r->actions[k]->kind == SIM_DR_ACT_ARRAY ? r->actions[k]->ndests : 0);
		}
	}
	s->tables = calloc(ntables, sizeof(*s->tables));
	s->matchers = calloc(nmatchers + 1, sizeof(*s->matchers));
	s->rules = calloc(nrules + 1, sizeof(*s->rules));
	s->actions = calloc(nactions + 1, sizeof(*s->actions));
	s->words = calloc(nwords + 1, sizeof(*s->words));
	placed = calloc(nmatchers + 1, sizeof(*placed));
	if (!s->tables || !s->matchers || !s->rules || !s->actions || !s->words || !placed)
		goto fail;

	/* Number the tables: the level-0 tables of a domain type are its one root. */
	t = ROOTS;
	for (struct sim_dr_table *table = steer->tables; table; table = table->next)
		table->snap_index = table->level ? (uint32_t)t++ : (uint32_t)table->domain->type;
	i = 0;
	for (struct sim_dr_matcher *m = steer->matchers; m; m = m->next)
		placed[i++] = (struct placed){ m, m->table->snap_index };
	qsort(placed, nmatchers, sizeof(*placed), placed_order);

	size_t rule = 0, action = 0, words = 0;

	for (i = 0; i < nmatchers; i++) {
		struct sim_dr_matcher *m = placed[i].matcher;
		struct snap_matcher *sm = &s->matchers[i];
		struct snap_table *st = &s->tables[placed[i].table];

		if (!st->nmatchers)
			st->matcher = (uint32_t)i;
		st->nmatchers++;
		sm->nwords = mask_words(m, sm->word);
		sm->mask = (uint32_t)words;
		for (uint32_t w = 0; w < sm->nwords; w++)
			s->words[words++] = m->mask[sm->word[w]];
		/* the tunnel is parsed only when a mask looks at the VNI or the inner headers */
		s->inner |= m->mask[(SIM_FTE_MISC + 20) / 8] != 0;
		for (uint32_t w = SIM_FTE_INNER / 8; w < SIM_FTE_INNER / 8 + 8; w++)
			s->inner |= m->mask[w] != 0;
		sm->rule = (uint32_t)rule;
		for (struct sim_dr_rule *r = m->first; r; r = r->next) {
			struct snap_rule *sr;

			if (r->hidden)
				continue;
			sr = &s->rules[rule++];
			sr->value = (uint32_t)words;
			for (uint32_t w = 0; w < sm->nwords; w++)
				s->words[words++] = r->value[sm->word[w]];
			sr->action = (uint32_t)action;
			for (size_t k = 0; k < r->nactions; k++) {
				const struct sim_dr_action *a = r->actions[k];
				size_t n = a->kind == SIM_DR_ACT_ARRAY ? a->ndests : 0;

				flatten(&s->actions[action], a);
				if (a->kind == SIM_DR_ACT_TABLE)
					s->actions[action].arg = a->table->snap_index;
				action++;
				for (size_t d = 0; d < n; d++, action++) {
					flatten(&s->actions[action], a->dests[d]);
					if (a->dests[d]->kind == SIM_DR_ACT_TABLE)
						s->actions[action].arg = a->dests[d]->table->snap_index;
				}
			}
			sr->nactions = (uint32_t)(action - sr->action);
			sm->nrules++;
		}
	}
	for (t = 0; t < ROOTS; t++)
		s->any[t] = s->tables[t].nmatchers != 0;
	free(placed);
	return s;
fail:
	free(placed);
	snapshot_free(s);
	return NULL;
}

int sim_steer_publish(struct sim_steer *steer)
{
	struct snapshot *s = compile(steer), *old;

	if (!s)
		return ENOMEM;
	old = atomic_exchange(&steer->current, s);
	synchronize(steer);
	snapshot_free(old);
	return 0;
}

/* ---- frames ---- */

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/*
 * The fields of an Ethernet frame as fte_match_set_lyr_2_4 holds them (out: 64 bytes,
 * zeroed). A VXLAN packet (UDP port 4789) gives its VNI and where the frame it carries starts.
 */
static void parse_headers(const uint8_t *f, size_t len, uint8_t *out, uint32_t *vni, const uint8_t **inner,
			  size_t *inner_len)
{
	size_t off = 12, l4;
	uint16_t type;
	uint8_t proto;

	if (len < 14)
		return;
	memcpy(out + 8, f, 6);     /* dmac */
	memcpy(out + 0, f + 6, 6); /* smac */
	type = get16(f + off);
	if ((type == 0x8100 || type == 0x88a8) && off + 6 <= len) {
		out[18] |= type == 0x8100 ? 0x80 : 0x40; /* cvlan_tag / svlan_tag */
		out[14] = f[off + 2];                    /* first_prio, first_cfi, first_vid */
		out[15] = f[off + 3];
		off += 4;
		type = get16(f + off);
		while ((type == 0x8100 || type == 0x88a8) && off + 6 <= len) { /* further tags */
			off += 4;
			type = get16(f + off);
		}
	}
	off += 2;
	put16(out + 6, type); /* the ethertype after the VLAN tags */
	if (type == 0x0800 && off + 20 <= len && f[off] >> 4 == 4) {
		size_t ihl = (size_t)(f[off] & 15) * 4;
		uint16_t frag = get16(f + off + 6);

		if (ihl < 20 || off + ihl > len)
			return;
		out[18] |= 4 << 1; /* ip_version */
		out[16] = proto = f[off + 9];
		out[17] = f[off + 1]; /* dscp, ecn */
		out[27] = f[off + 8]; /* ttl */
		memcpy(out + 44, f + off + 12, 4);
		memcpy(out + 60, f + off + 16, 4);
		if (frag & 0x3fff)
			out[18] |= 0x20; /* frag */
		if (frag & 0x1fff)
			return; /* not the first fragment: no L4 header */
		l4 = off + ihl;
	} else if (type == 0x86dd && off + 40 <= len && f[off] >> 4 == 6) {
		out[18] |= 6 << 1;
		out[16] = proto = f[off + 6]; /* extension headers are not followed */
		out[17] = (uint8_t)(get16(f + off) >> 4);
		out[27] = f[off + 7];
		memcpy(out + 32, f + off + 8, 16);
		memcpy(out + 48, f + off + 24, 16);
		l4 = off + 40;
	} else {
		return;
	}
	if (proto == 6 && l4 + 20 <= len) {
		memcpy(out + 20, f + l4, 4); /* tcp_sport, tcp_dport */
		out[18] |= f[l4 + 12] & 1;   /* tcp_flags: NS, then the 8 others */
		out[19] = f[l4 + 13];
	} else if (proto == 17 && l4 + 8 <= len) {
		memcpy(out + 28, f + l4, 4); /* udp_sport, udp_dport */
		if (vni && get16(f + l4 + 2) == 4789 && l4 + 16 + 14 <= len && (f[l4 + 8] & 0x08)) {
			*vni = (uint32_t)f[l4 + 12] << 16 | (uint32_t)f[l4 + 13] << 8 | f[l4 + 14];
			*inner = f + l4 + 16;
			*inner_len = len - l4 - 16;
		}
	}
}

/* The frame as fte_match_param: outer headers, misc (source SQ and vport, VXLAN VNI), inner. */
static void parse(const uint8_t *frame, size_t len, bool tunnel, uint32_t sqn, uint16_t source_port, uint64_t *image)
{
	uint8_t *b = (uint8_t *)image;
	const uint8_t *inner = NULL;
	size_t inner_len = 0;
	uint32_t vni = 0;

	memset(image, 0, (SIM_FTE_INNER + 64));
	parse_headers(frame, len, b + SIM_FTE_OUTER, tunnel ? &vni : NULL, &inner, &inner_len);
	b[SIM_FTE_MISC + 1] = (uint8_t)(sqn >> 16); /* source_sqn */
	b[SIM_FTE_MISC + 2] = (uint8_t)(sqn >> 8);
	b[SIM_FTE_MISC + 3] = (uint8_t)sqn;
	put16(b + SIM_FTE_MISC + 6, source_port);
	if (inner) {
		b[SIM_FTE_MISC + 20] = (uint8_t)(vni >> 16); /* vxlan_vni */
		b[SIM_FTE_MISC + 21] = (uint8_t)(vni >> 8);
		b[SIM_FTE_MISC + 22] = (uint8_t)vni;
		parse_headers(inner, inner_len, b + SIM_FTE_INNER, NULL, NULL, NULL);
	}
}

/* Where a frame goes out of one domain type's lookup. */
struct decision {
	unsigned ntirs, nvports;
	uint32_t tir[MAX_COPIES], vport[MAX_COPIES];
	bool drop, miss;
};

struct lookup {
	const struct snapshot *s;
	const uint64_t *image;
	size_t len;
	struct decision *d;
};

static void lookup_table(const struct lookup *l, uint32_t table, unsigned depth);

static void destination(const struct lookup *l, const struct snap_action *a, unsigned depth)
{
	struct decision *d = l->d;

	switch (a->kind) {
	case SIM_DR_ACT_TIR:
		if (d->ntirs < MAX_COPIES)
			d->tir[d->ntirs++] = a->arg;
		break;
	case SIM_DR_ACT_VPORT:
		if (d->nvports < MAX_COPIES)
			d->vport[d->nvports++] = a->arg;
		break;
	case SIM_DR_ACT_TABLE:
		if (depth < MAX_DEPTH)
			lookup_table(l, a->arg, depth + 1);
		else
			d->drop = true;
		break;
	case SIM_DR_ACT_DROP:
		d->drop = true;
		break;
	default: /* SIM_DR_ACT_MISS */
		d->miss = true;
		break;
	}
}

static bool matches(const uint64_t *image, const struct snap_matcher *m, const uint64_t *mask, const uint64_t *value)
{
	for (uint32_t w = 0; w < m->nwords; w++)
		if ((image[m->word[w]] & mask[w]) != value[w])
			return false;
	return true;
}

static void take(const struct lookup *l, const struct snap_rule *r, unsigned depth)
{
	bool decided = false;

	for (uint32_t i = 0; i < r->nactions; i++) {
		const struct snap_action *a = &l->s->actions[r->action + i];

		if (a->kind == SIM_DR_ACT_COUNTER) {
			atomic_fetch_add_explicit(&a->cell->packets, 1, memory_order_relaxed);
			atomic_fetch_add_explicit(&a->cell->bytes, l->len, memory_order_relaxed);
		} else if (a->kind == SIM_DR_ACT_ARRAY) {
			for (uint32_t k = 1; k <= a->arg; k++)
				destination(l, a + k, depth);
			i += a->arg;
			decided = true;
		} else {
			destination(l, a, depth);
			decided = true;
		}
	}
	if (!decided)
		l->d->miss = true; /* no destination: the domain's default */
}

static void lookup_table(const struct lookup *l, uint32_t table, unsigned depth)
{
	const struct snap_table *t = &l->s->tables[table];

	for (uint32_t i = 0; i < t->nmatchers; i++) {
		const struct snap_matcher *m = &l->s->matchers[t->matcher + i];
		const uint64_t *mask = l->s->words + m->mask;

		for (uint32_t k = 0; k < m->nrules; k++) {
			const struct snap_rule *r = &l->s->rules[m->rule + k];

			if (matches(l->image, m, mask, l->s->words + r->value)) {
				take(l, r, depth);
				return;
			}
		}
	}
	l->d->miss = true;
}

static bool has_vport(const struct decision *d, uint32_t vport)
{
	for (unsigned i = 0; i < d->nvports; i++)
		if (d->vport[i] == vport)
			return true;
	return false;
}

static struct sim_steer *steer_of_nic(const struct sim_nic *nic)
{
	return nic ? atomic_load_explicit(&steers[nic->device->index], memory_order_acquire) : NULL;
}

enum sim_steer_rx_verdict sim_steer_rx(struct sim_nic *nic, unsigned port, const void *frame, size_t len,
				       uint32_t *tirn)
{
	uint64_t image[(SIM_FTE_INNER + 64) / 8];
	struct sim_steer *steer = steer_of_nic(nic);
	struct decision fdb = { 0 }, rx = { 0 };
	const struct snapshot *s;
	struct reader r;
	bool to_nic = true;

	(void)port; /* every port of a device shares its FDB and NIC RX tables */
	if (!steer)
		return SIM_STEER_RX_MISS;
	s = read_begin(steer, &r);
	if (!s || (!s->any[ROOT_RX] && !s->any[ROOT_FDB])) {
		read_end(&r);
		return SIM_STEER_RX_MISS;
	}
	parse(frame, len, s->inner, 0, SIM_VPORT_UPLINK, image);
	if (s->any[ROOT_FDB]) {
		lookup_table(&(struct lookup){ s, image, len, &fdb }, ROOT_FDB, 0);
		/* the eswitch hands the PF its frames (vport 0, or by default); a frame it sends
		 * back to the uplink (hairpin) is not simulated: dropped */
		to_nic = fdb.miss || has_vport(&fdb, 0);
	}
	if (to_nic) {
		if (s->any[ROOT_RX])
			lookup_table(&(struct lookup){ s, image, len, &rx }, ROOT_RX, 0);
		else
			rx.miss = true;
	}
	read_end(&r);
	if (rx.ntirs) {
		/* a destination array's other copies: each TIR's RQ counts its own drops */
		for (unsigned i = 1; i < rx.ntirs; i++)
			nic_tir_rx(nic->nic, rx.tir[i], frame, len);
		*tirn = rx.tir[0];
		return rx.miss ? SIM_STEER_RX_TIR_MISS : SIM_STEER_RX_TIR;
	}
	return rx.miss ? SIM_STEER_RX_MISS : SIM_STEER_RX_DROP;
}

enum sim_steer_tx_verdict sim_steer_tx(struct sim_nic *nic, unsigned port, uint32_t sqn, const void *frame, size_t len)
{
	uint64_t image[(SIM_FTE_INNER + 64) / 8];
	struct sim_steer *steer = steer_of_nic(nic);
	struct decision tx = { 0 }, fdb = { 0 };
	const struct snapshot *s;
	bool wire, loop;
	struct reader r;

	if (!steer)
		return SIM_STEER_TX_WIRE;
	s = read_begin(steer, &r);
	if (!s || (!s->any[ROOT_TX] && !s->any[ROOT_FDB])) {
		read_end(&r);
		return SIM_STEER_TX_WIRE;
	}
	parse(frame, len, s->inner, sqn, 0, image);
	if (s->any[ROOT_TX]) {
		lookup_table(&(struct lookup){ s, image, len, &tx }, ROOT_TX, 0);
		if (!tx.miss) {
			read_end(&r);
			return SIM_STEER_TX_DROP; /* NIC TX has no destination but the next stage */
		}
	}
	if (s->any[ROOT_FDB])
		lookup_table(&(struct lookup){ s, image, len, &fdb }, ROOT_FDB, 0);
	else
		fdb.miss = true;
	read_end(&r);
	wire = fdb.miss || has_vport(&fdb, SIM_VPORT_UPLINK);
	loop = has_vport(&fdb, 0);
	if (wire && loop) {
		/* a destination array to both: the PF's receive side gets its copy here */
		sim_port_receive(nic, port, frame, len);
		return SIM_STEER_TX_WIRE;
	}
	return wire ? SIM_STEER_TX_WIRE : loop ? SIM_STEER_TX_LOOPBACK : SIM_STEER_TX_DROP;
}

/* ---- what a receiver waits for ---- */

/* Whether a destination gives a frame to an RQ now. */
static bool dest_ready(struct sim_nic *nic, const struct sim_dr_action *a)
{
	if (a->kind == SIM_DR_ACT_TIR)
		return nic_tir_ready(nic->nic, a->tirn);
	for (size_t i = 0; a->kind == SIM_DR_ACT_ARRAY && i < a->ndests; i++)
		if (dest_ready(nic, a->dests[i]))
			return true;
	return false;
}

bool sim_steer_rx_ready(struct sim_nic *nic, bool armed)
{
	struct sim_steer *steer = steer_of_nic(nic);
	bool ready = false;

	if (!steer)
		return false;
	pthread_mutex_lock(&sim_lock);
	for (const struct sim_dr_matcher *m = steer->matchers; m && !ready; m = m->next) {
		if (m->table->domain->type != MLX5DV_DR_DOMAIN_TYPE_NIC_RX)
			continue;
		for (const struct sim_dr_rule *rule = m->first; rule && !ready; rule = rule->next)
			for (size_t i = 0; i < rule->nactions && !rule->hidden && !ready; i++)
				ready = !armed || dest_ready(nic, rule->actions[i]);
	}
	pthread_mutex_unlock(&sim_lock);
	return ready;
}
