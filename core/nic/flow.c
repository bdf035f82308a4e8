/*
 * The NIC's steering engine (nic.h, "Flow steering"): flow tables, matchers, rules and their
 * actions, compiled into the structure frames are looked up in, and the lookups of the receive
 * and send pipelines (ports.c runs them on each frame, parsed once: frame.c).
 *
 * Snapshots. The per-frame path takes no lock: after every change of a NIC's rules, publish()
 * compiles them into one immutable snapshot (the tables, their matchers in lookup order, each
 * matcher's rules, the rules' actions flattened, the masks and values as the 64-bit words of
 * the match layout a matcher looks at) and swaps it in with one atomic store. Readers announce
 * themselves in one of two counters (a phase), spread over cache-line slots by thread; the
 * writer flips the phase twice and waits, each time, for the counters of the phase it left to
 * drain (a sleepable RCU): then no frame reads the old snapshot, which is freed. So a rule
 * added or removed under traffic takes effect for the next frame, and no frame matched against
 * another rule is lost or delayed by it.
 *
 * Lookup, as the hardware does it: a type's lookup starts at its root (level 0: the level-0
 * tables of that type, merged); in a table, matchers in priority order (lower first, then
 * creation order), and in a matcher its rules in creation order; the first rule whose masked
 * value equals the frame's masked fields takes the frame: its counters count it, its
 * destination decides (a table continues there); a rule without a destination, a default-miss
 * action or no rule at all is the type's default.
 */
#include "internal.h"

#include <sched.h>
#include <stdlib.h>

/* Destination tables a lookup may go through (levels only grow along a chain, so chains end;
 * this bounds the stack when destination arrays fork them). */
#define MAX_DEPTH 32

struct nic_flow_table {
	struct nic *nic;
	enum nic_flow_type type;
	uint32_t level;
	unsigned matchers, users; /* users: rules sending to it */
	uint32_t snap_index;      /* scratch of compile() */
	struct nic_flow_table *prev, *next;
};

struct nic_flow_matcher {
	struct nic_flow_table *table;
	uint16_t priority;
	uint64_t seq; /* creation order */
	uint64_t mask[NIC_MATCH_WORDS];
	unsigned rules;
	struct nic_flow_matcher *prev, *next; /* the NIC's matchers */
	struct nic_flow_rule *first, *last;   /* its rules, in creation order */
};

struct nic_flow_rule {
	struct nic_flow_matcher *matcher;
	bool hidden; /* left out of snapshots: being destroyed */
	uint64_t value[NIC_MATCH_WORDS];
	struct nic_flow_rule *prev, *next;
	size_t nactions;
	struct nic_flow_action actions[];
};

/* Root tables have these indexes in a snapshot; other tables follow. */
enum {
	ROOT_RX = NIC_FLOW_RX,
	ROOT_TX = NIC_FLOW_TX,
	ROOT_FDB = NIC_FLOW_FDB,
	ROOTS
};

struct snap_action {
	uint8_t kind;                 /* enum nic_flow_action_kind */
	uint32_t arg;                 /* TIR number, table index, vport, or an array's destinations */
	struct nic_flow_count *count; /* COUNT */
};

struct snap_rule {
	uint32_t value;            /* its words in snapshot.words, as many as its matcher's */
	uint32_t action, nactions; /* in snapshot.actions (an array's destinations follow it) */
};

struct snap_matcher {
	uint32_t rule, nrules;
	uint32_t mask;                 /* its mask words in snapshot.words */
	uint32_t nwords;               /* words of the match layout it looks at */
	uint8_t word[NIC_MATCH_WORDS]; /* which */
};

struct snap_table {
	uint32_t matcher, nmatchers;
};

struct nic_flow_snapshot {
	bool any[ROOTS]; /* a root with matchers: that type looks frames up */
	bool inner;      /* some mask looks into a VXLAN tunnel (inner headers, VNI) */
	struct snap_table *tables;
	struct snap_matcher *matchers;
	struct snap_rule *rules;
	struct snap_action *actions;
	uint64_t *words;
};

/* ---- readers ---- */

/* A thread's reader slot, chosen once (round robin) so that threads share few cache lines. */
static _Atomic unsigned next_slot;
static __thread unsigned thread_slot; /* slot + 1; 0: not chosen yet */

static const struct nic_flow_snapshot *read_begin(struct nic_flow *flow, struct nic_flow_reader *r)
{
	if (!thread_slot)
		thread_slot = atomic_fetch_add_explicit(&next_slot, 1, memory_order_relaxed) % NIC_FLOW_READERS + 1;
	r->flow = flow;
	r->slot = thread_slot - 1;
	r->phase = atomic_load(&flow->phase) & 1;
	/* seq_cst: the writer that misses this increment has published before our load below */
	atomic_fetch_add(&flow->slots[r->slot].count[r->phase], 1);
	return atomic_load(&flow->current);
}

static void read_end(struct nic_flow_reader *r)
{
	atomic_fetch_sub_explicit(&r->flow->slots[r->slot].count[r->phase], 1, memory_order_release);
}

/* Returns once every reader that may have loaded the previous snapshot is done (the steering
 * lock held; readers hold no lock, so they finish). Twice: a reader that read the phase before
 * a flip counts in the phase the second flip leaves. */
static void synchronize(struct nic_flow *flow)
{
	for (int round = 0; round < 2; round++) {
		unsigned left = atomic_fetch_add(&flow->phase, 1) & 1;

		for (unsigned i = 0; i < NIC_FLOW_READERS; i++)
			while (atomic_load(&flow->slots[i].count[left]))
				sched_yield();
	}
}

/* ---- compiling ---- */

static void snapshot_free(struct nic_flow_snapshot *s)
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
	struct nic_flow_matcher *matcher;
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

/* The words of the match layout whose mask is not zero. */
static uint32_t mask_words(const struct nic_flow_matcher *m, uint8_t *word)
{
	uint32_t n = 0;

	for (uint32_t w = 0; w < NIC_MATCH_WORDS; w++)
		if (m->mask[w])
			word[n++] = (uint8_t)w;
	return n;
}

static struct nic_flow_snapshot *compile(struct nic_flow *flow)
{
	size_t ntables = ROOTS, nmatchers = 0, nrules = 0, nactions = 0, nwords = 0;
	struct nic_flow_snapshot *s = calloc(1, sizeof(*s));
	struct placed *placed = NULL;
	size_t i, t;

	if (!s)
		return NULL;
	for (struct nic_flow_table *table = flow->tables; table; table = table->next)
		ntables += table->level != 0;
	for (struct nic_flow_matcher *m = flow->matchers; m; m = m->next) {
		uint8_t word[NIC_MATCH_WORDS];
		uint32_t n = mask_words(m, word);

		nmatchers++;
		nwords += n;
		for (struct nic_flow_rule *r = m->first; r; r = r->next) {
			if (r->hidden)
				continue;
			nrules++;
			nwords += n;
			nactions += r->nactions;
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

	/* Number the tables: the level-0 tables of a type are its one root. */
	t = ROOTS;
	for (struct nic_flow_table *table = flow->tables; table; table = table->next)
		table->snap_index = table->level ? (uint32_t)t++ : (uint32_t)table->type;
	i = 0;
	for (struct nic_flow_matcher *m = flow->matchers; m; m = m->next)
		placed[i++] = (struct placed){ m, m->table->snap_index };
	qsort(placed, nmatchers, sizeof(*placed), placed_order);

	size_t rule = 0, action = 0, words = 0;

	for (i = 0; i < nmatchers; i++) {
		struct nic_flow_matcher *m = placed[i].matcher;
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
		s->inner |= m->mask[(NIC_MATCH_MISC + 20) / 8] != 0;
		for (uint32_t w = NIC_MATCH_INNER / 8; w < NIC_MATCH_WORDS; w++)
			s->inner |= m->mask[w] != 0;
		sm->rule = (uint32_t)rule;
		for (struct nic_flow_rule *r = m->first; r; r = r->next) {
			struct snap_rule *sr;

			if (r->hidden)
				continue;
			sr = &s->rules[rule++];
			sr->value = (uint32_t)words;
			for (uint32_t w = 0; w < sm->nwords; w++)
				s->words[words++] = r->value[sm->word[w]];
			sr->action = (uint32_t)action;
			for (size_t k = 0; k < r->nactions; k++, action++) {
				const struct nic_flow_action *a = &r->actions[k];

				s->actions[action] = (struct snap_action){
					.kind = (uint8_t)a->kind,
					.arg = a->kind == NIC_FLOW_TABLE ? a->table->snap_index : a->arg,
					.count = a->count,
				};
			}
			sr->nactions = (uint32_t)r->nactions;
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

/* Compiles the NIC's rules into a new snapshot and publishes it (the steering lock held), then
 * waits until no frame reads the one it replaced and frees that. 0, or -ENOMEM (the old
 * snapshot stays: the caller undoes its change). */
static int publish(struct nic_flow *flow)
{
	struct nic_flow_snapshot *s = compile(flow), *old;

	if (!s)
		return -ENOMEM;
	old = atomic_exchange(&flow->current, s);
	synchronize(flow);
	snapshot_free(old);
	return 0;
}

/* ---- frames ---- */

/* Where a frame goes out of one type's lookup. */
struct decision {
	unsigned ntirs, nvports;
	uint32_t tir[NIC_FLOW_MAX_DESTS], vport[NIC_FLOW_MAX_DESTS];
	bool drop, miss;
};

struct lookup {
	const struct nic_flow_snapshot *s;
	const uint64_t *image;
	size_t len;
	struct decision *d;
};

static void lookup_table(const struct lookup *l, uint32_t table, unsigned depth);

static void destination(const struct lookup *l, const struct snap_action *a, unsigned depth)
{
	struct decision *d = l->d;

	switch (a->kind) {
	case NIC_FLOW_TIR:
		if (d->ntirs < NIC_FLOW_MAX_DESTS)
			d->tir[d->ntirs++] = a->arg;
		break;
	case NIC_FLOW_VPORT:
		if (d->nvports < NIC_FLOW_MAX_DESTS)
			d->vport[d->nvports++] = a->arg;
		break;
	case NIC_FLOW_TABLE:
		if (depth < MAX_DEPTH)
			lookup_table(l, a->arg, depth + 1);
		else
			d->drop = true;
		break;
	case NIC_FLOW_DROP:
		d->drop = true;
		break;
	default: /* NIC_FLOW_MISS */
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

		if (a->kind == NIC_FLOW_COUNT) {
			atomic_fetch_add_explicit(&a->count->packets, 1, memory_order_relaxed);
			atomic_fetch_add_explicit(&a->count->bytes, l->len, memory_order_relaxed);
		} else if (a->kind == NIC_FLOW_ARRAY) {
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
		l->d->miss = true; /* no destination: the type's default */
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

unsigned nic_flow_enter(struct nic *nic, struct nic_flow_reader *r, enum nic_flow_type dir)
{
	struct nic_flow *flow = &nic->flow;
	const struct nic_flow_snapshot *s = read_begin(flow, r);

	/* a pipeline looks frames up when either of its types has rules */
	if (!s || (!s->any[ROOT_FDB] && !s->any[dir == NIC_FLOW_RX ? ROOT_RX : ROOT_TX])) {
		read_end(r);
		return 0;
	}
	r->s = s;
	return NIC_FRAME_MATCH | (s->inner ? NIC_FRAME_INNER : 0);
}

void nic_flow_end(struct nic_flow_reader *r)
{
	if (r->s)
		read_end(r);
	r->s = NULL;
}

/* The misc parameters a lookup sets itself: the sending SQ and the source vport. */
static void set_source(struct nic_frame *fr, uint32_t sqn, uint16_t source_port)
{
	uint8_t *misc = (uint8_t *)fr->m + NIC_MATCH_MISC;

	misc[1] = (uint8_t)(sqn >> 16); /* source_sqn */
	misc[2] = (uint8_t)(sqn >> 8);
	misc[3] = (uint8_t)sqn;
	misc[6] = (uint8_t)(source_port >> 8); /* source_port */
	misc[7] = (uint8_t)source_port;
}

void nic_flow_rx(const struct nic_flow_reader *r, struct nic_frame *fr, struct nic_flow_decision *d)
{
	const struct nic_flow_snapshot *s = r->s;
	struct decision fdb = { 0 }, rx = { 0 };
	bool to_nic = true;

	memset(d, 0, sizeof(*d));
	if (!s) {
		d->miss = true;
		return;
	}
	set_source(fr, 0, NIC_VPORT_UPLINK);
	if (s->any[ROOT_FDB]) {
		lookup_table(&(struct lookup){ s, fr->m, fr->len, &fdb }, ROOT_FDB, 0);
		/* the eswitch hands the PF its frames (vport 0, or by default); a frame it sends
		 * back to the uplink (hairpin) is not simulated: dropped */
		to_nic = fdb.miss || has_vport(&fdb, NIC_VPORT_PF);
	}
	if (to_nic) {
		if (s->any[ROOT_RX])
			lookup_table(&(struct lookup){ s, fr->m, fr->len, &rx }, ROOT_RX, 0);
		else
			rx.miss = true;
	}
	d->ntirs = rx.ntirs;
	memcpy(d->tir, rx.tir, sizeof(d->tir));
	d->miss = rx.miss;
}

void nic_flow_tx(const struct nic_flow_reader *r, struct nic_frame *fr, uint32_t sqn, struct nic_flow_decision *d)
{
	const struct nic_flow_snapshot *s = r->s;
	struct decision tx = { 0 }, fdb = { 0 };

	memset(d, 0, sizeof(*d));
	if (!s) {
		d->wire = true;
		return;
	}
	set_source(fr, sqn, NIC_VPORT_PF);
	if (s->any[ROOT_TX]) {
		lookup_table(&(struct lookup){ s, fr->m, fr->len, &tx }, ROOT_TX, 0);
		if (!tx.miss)
			return; /* NIC TX has no destination but the next stage: dropped */
	}
	if (s->any[ROOT_FDB])
		lookup_table(&(struct lookup){ s, fr->m, fr->len, &fdb }, ROOT_FDB, 0);
	else
		fdb.miss = true;
	d->wire = fdb.miss || has_vport(&fdb, NIC_VPORT_UPLINK);
	d->loopback = has_vport(&fdb, NIC_VPORT_PF);
}

int nic_flow_decide(struct nic *nic, enum nic_flow_type dir, uint32_t sqn, const void *frame, size_t len,
		    struct nic_flow_decision *decision)
{
	struct nic_flow_reader r;
	struct nic_frame fr;
	unsigned match;

	if (dir != NIC_FLOW_RX && dir != NIC_FLOW_TX)
		return -EINVAL;
	match = nic_flow_begin(nic, &r, dir);
	nic_frame_init(&fr, frame, len);
	nic_frame_parse(&fr, match);
	if (dir == NIC_FLOW_RX)
		nic_flow_rx(&r, &fr, decision);
	else
		nic_flow_tx(&r, &fr, sqn, decision);
	nic_flow_end(&r);
	return 0;
}

/* ---- objects ---- */

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

void nic_flow_init(struct nic *nic)
{
	pthread_mutex_init(&nic->flow.lock, NULL);
}

void nic_flow_fini(struct nic *nic)
{
	struct nic_flow *flow = &nic->flow;

	snapshot_free(atomic_load(&flow->current));
	for (struct nic_flow_matcher *m = flow->matchers, *next; m; m = next) {
		next = m->next;
		for (struct nic_flow_rule *r = m->first, *after; r; r = after) {
			after = r->next;
			free(r);
		}
		free(m);
	}
	for (struct nic_flow_table *t = flow->tables, *next; t; t = next) {
		next = t->next;
		free(t);
	}
	pthread_mutex_destroy(&flow->lock);
}

int nic_flow_table_create(struct nic *nic, enum nic_flow_type type, uint32_t level, struct nic_flow_table **table)
{
	struct nic_flow_table *t;

	if ((unsigned)type > NIC_FLOW_FDB)
		return -EINVAL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->nic = nic;
	t->type = type;
	t->level = level;
	pthread_mutex_lock(&nic->flow.lock);
	LIST_ADD(nic->flow.tables, t);
	pthread_mutex_unlock(&nic->flow.lock);
	*table = t;
	return 0;
}

/* A table without matchers is in no lookup: nothing to publish. */
int nic_flow_table_destroy(struct nic_flow_table *table)
{
	struct nic_flow *flow = &table->nic->flow;

	pthread_mutex_lock(&flow->lock);
	if (table->matchers || table->users) {
		pthread_mutex_unlock(&flow->lock);
		return -EBUSY;
	}
	LIST_REMOVE(flow->tables, table);
	pthread_mutex_unlock(&flow->lock);
	free(table);
	return 0;
}

/* A matcher without rules changes no lookup: nothing to publish. */
int nic_flow_matcher_create(struct nic_flow_table *table, uint16_t priority, const uint64_t *mask,
			    struct nic_flow_matcher **matcher)
{
	struct nic_flow *flow = &table->nic->flow;
	const uint8_t *bytes = (const uint8_t *)mask;
	struct nic_flow_matcher *m;

	for (size_t i = 0; i < NIC_MATCH_BYTES; i++)
		if (bytes[i] & ~nic_match_bits(i))
			return -EOPNOTSUPP;
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	m->table = table;
	m->priority = priority;
	memcpy(m->mask, mask, sizeof(m->mask));
	pthread_mutex_lock(&flow->lock);
	m->seq = ++flow->seq;
	LIST_ADD(flow->matchers, m);
	table->matchers++;
	pthread_mutex_unlock(&flow->lock);
	*matcher = m;
	return 0;
}

int nic_flow_matcher_destroy(struct nic_flow_matcher *matcher)
{
	struct nic_flow *flow = &matcher->table->nic->flow;

	pthread_mutex_lock(&flow->lock);
	if (matcher->rules) {
		pthread_mutex_unlock(&flow->lock);
		return -EBUSY;
	}
	LIST_REMOVE(flow->matchers, matcher);
	matcher->table->matchers--;
	pthread_mutex_unlock(&flow->lock);
	free(matcher);
	return 0;
}

/* Whether a destination fits a rule of table. */
static bool destination_fits(const struct nic_flow_table *table, const struct nic_flow_action *a)
{
	switch (a->kind) {
	case NIC_FLOW_TIR:
		return table->type == NIC_FLOW_RX;
	case NIC_FLOW_VPORT:
		return table->type == NIC_FLOW_FDB && (a->arg == NIC_VPORT_PF || a->arg == NIC_VPORT_UPLINK);
	case NIC_FLOW_TABLE:
		return a->table && a->table->nic == table->nic && a->table->type == table->type &&
		       a->table->level > table->level;
	case NIC_FLOW_MISS:
		return true;
	default:
		return false;
	}
}

static bool actions_fit(const struct nic_flow_table *table, const struct nic_flow_action *actions, size_t n)
{
	unsigned destinations = 0, count = 0;

	if (n > NIC_FLOW_MAX_ACTIONS + NIC_FLOW_MAX_DESTS || (n && !actions))
		return false;
	for (size_t i = 0; i < n; i++, count++) {
		const struct nic_flow_action *a = &actions[i];

		switch (a->kind) {
		case NIC_FLOW_COUNT:
			if (!a->count)
				return false;
			continue;
		case NIC_FLOW_DROP:
			break;
		case NIC_FLOW_ARRAY:
			if (!a->arg || a->arg > NIC_FLOW_MAX_DESTS || a->arg > n - i - 1)
				return false;
			for (uint32_t k = 1; k <= a->arg; k++)
				if (!destination_fits(table, &a[k]))
					return false;
			i += a->arg;
			break;
		default:
			if (!destination_fits(table, a))
				return false;
			break;
		}
		destinations++;
	}
	return destinations <= 1 && count <= NIC_FLOW_MAX_ACTIONS;
}

static void rule_unlink(struct nic_flow_rule *rule)
{
	struct nic_flow_matcher *m = rule->matcher;

	if (rule->prev)
		rule->prev->next = rule->next;
	else
		m->first = rule->next;
	if (rule->next)
		rule->next->prev = rule->prev;
	else
		m->last = rule->prev;
	m->rules--;
	for (size_t i = 0; i < rule->nactions; i++)
		if (rule->actions[i].kind == NIC_FLOW_TABLE)
			rule->actions[i].table->users--;
}

int nic_flow_rule_create(struct nic_flow_matcher *matcher, const uint64_t *value, const struct nic_flow_action *actions,
			 size_t n, struct nic_flow_rule **rule)
{
	struct nic_flow *flow = &matcher->table->nic->flow;
	struct nic_flow_rule *r;

	for (size_t w = 0; w < NIC_MATCH_WORDS; w++)
		if (value[w] & ~matcher->mask[w])
			return -EINVAL;
	if (!actions_fit(matcher->table, actions, n))
		return -EINVAL;
	r = calloc(1, sizeof(*r) + n * sizeof(r->actions[0]));
	if (!r)
		return -ENOMEM;
	r->matcher = matcher;
	memcpy(r->value, value, sizeof(r->value));
	r->nactions = n;
	if (n)
		memcpy(r->actions, actions, n * sizeof(*actions));
	pthread_mutex_lock(&flow->lock);
	r->prev = matcher->last;
	if (matcher->last)
		matcher->last->next = r;
	else
		matcher->first = r;
	matcher->last = r;
	matcher->rules++;
	for (size_t i = 0; i < n; i++)
		if (actions[i].kind == NIC_FLOW_TABLE)
			actions[i].table->users++;
	if (publish(flow)) {
		rule_unlink(r);
		pthread_mutex_unlock(&flow->lock);
		free(r);
		return -ENOMEM;
	}
	pthread_mutex_unlock(&flow->lock);
	*rule = r;
	return 0;
}

int nic_flow_rule_destroy(struct nic_flow_rule *const *rules, size_t n)
{
	struct nic *nic = n ? rules[0]->matcher->table->nic : NULL;
	struct nic_flow *flow;

	if (!n)
		return 0;
	for (size_t i = 1; i < n; i++)
		if (rules[i]->matcher->table->nic != nic)
			return -EINVAL;
	flow = &nic->flow;
	pthread_mutex_lock(&flow->lock);
	/* out of the lookups first, in one snapshot that may fail for memory: then nothing is
	 * destroyed */
	for (size_t i = 0; i < n; i++)
		rules[i]->hidden = true;
	if (publish(flow)) {
		for (size_t i = 0; i < n; i++)
			rules[i]->hidden = false;
		pthread_mutex_unlock(&flow->lock);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		rule_unlink(rules[i]);
	pthread_mutex_unlock(&flow->lock);
	for (size_t i = 0; i < n; i++)
		free(rules[i]);
	return 0;
}

/* ---- what a receiver waits for ---- */

/* A NIC RX rule (with ready: one of whose TIRs would give a frame to an RQ now), the steering
 * lock held. */
static bool rx_rule(struct nic *nic, bool ready)
{
	for (const struct nic_flow_matcher *m = nic->flow.matchers; m; m = m->next) {
		if (m->table->type != NIC_FLOW_RX)
			continue;
		for (const struct nic_flow_rule *r = m->first; r; r = r->next) {
			if (r->hidden)
				continue;
			if (!ready)
				return true;
			/* an array's destinations follow it in the list */
			for (size_t i = 0; i < r->nactions; i++)
				if (r->actions[i].kind == NIC_FLOW_TIR && nic_tir_ready(nic, r->actions[i].arg))
					return true;
		}
	}
	return false;
}

bool nic_flow_rx_rules(struct nic *nic)
{
	bool found;

	pthread_mutex_lock(&nic->flow.lock);
	found = rx_rule(nic, false);
	pthread_mutex_unlock(&nic->flow.lock);
	return found;
}

bool nic_flow_rx_ready(struct nic *nic)
{
	bool found;

	pthread_mutex_lock(&nic->flow.lock);
	found = rx_rule(nic, true);
	pthread_mutex_unlock(&nic->flow.lock);
	return found;
}
