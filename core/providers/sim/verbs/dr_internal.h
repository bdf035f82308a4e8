/*
 * The rdma-core face of flow steering, private to libflexio_verbs: the mlx5dv_dr_* objects
 * (dr_domain.c, dr_table.c, dr_matcher.c, dr_rule.c, dr_action.c) and the DEVX flow counters
 * they count with (devx_cmd.c). They check their arguments as rdma-core does and translate
 * them into the device NIC's steering engine (core/nic: nic_flow_*), which holds the tables,
 * compiles them and steers every frame.
 *
 * The objects are made and destroyed under verbs_lock like every simulated object, each counting
 * its users (a table its matchers and the dest-table actions naming it, a matcher its rules,
 * an action the rules and destination arrays holding it, a domain its tables and actions):
 * destroying one in use is EBUSY, as in rdma-core. A domain is rdma-core's handle on a table
 * type of the device's NIC: the level-0 tables of every domain of a type are the NIC's one
 * root of that type.
 */
#ifndef OPENFLEXIO_CORE_VERBS_DR_INTERNAL_H
#define OPENFLEXIO_CORE_VERBS_DR_INTERNAL_H

#include "verbs_internal.h"

#include <stdatomic.h>

/* fte_match_param (PRM): 8 sections of 64 bytes; the match criteria's bit n enables section n.
 * The NIC matches the first three (NIC_MATCH_*); a mask on the others is refused. */
#define VERBS_FTE_BYTES 512
#define VERBS_FTE_WORDS (VERBS_FTE_BYTES / 8)
/* The criteria bits rdma-core takes (outer, misc, inner, misc 2..5). */
#define VERBS_FTE_CRITERIA_ALL 0x7fu

struct verbs_flow_counter;

struct verbs_dr_domain {
	struct verbs_ctx *context;
	struct nic *nic; /* the device's */
	enum mlx5dv_dr_domain_type type;
	unsigned tables, actions; /* users: EBUSY for mlx5dv_dr_domain_destroy */
	bool allow_duplicates;    /* mlx5dv_dr_domain_allow_duplicate_rules, default true */
};

struct verbs_dr_table {
	struct verbs_dr_domain *domain;
	uint32_t level;           /* 0: the root, where the domain's lookup starts */
	unsigned matchers, users; /* users: dest-table actions naming it */
	struct nic_flow_table *flow;
};

struct verbs_dr_matcher {
	struct verbs_dr_table *table;
	uint8_t criteria;
	uint64_t mask[VERBS_FTE_WORDS]; /* sections the criteria leave out are zero */
	unsigned rules;
	struct verbs_dr_rule *first, *last; /* its rules, in creation order */
	struct nic_flow_matcher *flow;
};

struct verbs_dr_rule {
	struct verbs_dr_matcher *matcher;
	uint64_t value[VERBS_FTE_WORDS]; /* inside the matcher's mask */
	size_t nactions;
	struct verbs_dr_action **actions;
	struct verbs_dr_rule *prev, *next;
	struct nic_flow_rule *flow;
};

enum verbs_dr_action_kind {
	VERBS_DR_ACT_TIR,   /* dest TIR (mlx5dv_dr_action_create_dest_devx_tir) */
	VERBS_DR_ACT_TABLE, /* dest table */
	VERBS_DR_ACT_VPORT, /* dest vport (FDB): the uplink or the PF */
	VERBS_DR_ACT_DROP,
	VERBS_DR_ACT_MISS,    /* default miss: what the domain does without rules */
	VERBS_DR_ACT_ARRAY,   /* dest array: each destination gets a copy */
	VERBS_DR_ACT_COUNTER, /* flow counter: counts, does not decide */
};

struct verbs_dr_action {
	enum verbs_dr_action_kind kind;
	struct verbs_device *device;        /* NULL for drop and default miss (made from nothing) */
	struct verbs_ctx *context;          /* of its domain or DEVX object; NULL when made from nothing */
	struct verbs_dr_domain *domain;     /* vport and array actions: their domain */
	unsigned users;                     /* rules and arrays holding it */
	uint32_t tirn;                      /* TIR */
	struct verbs_dr_table *table;       /* TABLE */
	uint32_t vport;                     /* VPORT */
	struct verbs_flow_counter *counter; /* COUNTER: the bulk of a DEVX flow counter object */
	uint32_t offset;                    /* COUNTER: which counter of its bulk */
	size_t ndests;                      /* ARRAY */
	struct verbs_dr_action **dests;
	/* drop and default miss given to a rule of a real rdma-core matcher: rdma-core's own
	 * action, made at that first use and destroyed with this one */
	struct mlx5dv_dr_action *real;
};

/* An ALLOC_FLOW_COUNTER object (devx_cmd.c): a bulk of counters with consecutive ids, each
 * what QUERY_FLOW_COUNTER reads and the NIC's rules count in. */
struct verbs_flow_counter {
	uint32_t id; /* of the first */
	uint32_t count;
	unsigned users; /* flow counter actions: the object cannot go meanwhile */
	bool orphan;    /* its object went with its context: the last action frees it */
	struct nic_flow_count *cells;
};

/* ---- dr_domain.c ---- */

/* Refuses a call holding verbs_lock: releases it, logs one line naming function, sets errno. */
void verbs_dr_refuse(const char *function, int err, const char *format, ...) __attribute__((format(printf, 3, 4)));
const char *verbs_dr_type_name(enum mlx5dv_dr_domain_type type);
/* Destroys the steering objects of a context being closed (verbs_lock held): false, with
 * nothing destroyed, when memory runs out. Actions another context's rules hold stay. */
bool verbs_dr_context_close(struct verbs_ctx *context);

/* ---- dr_action.c ---- */

/* What a rule of a real rdma-core matcher gets for actions[index] (verbs_lock held): rdma-core's
 * own action, or the twin of a simulated drop / default miss; NULL (logged, verbs_lock
 * released, errno set) for another simulated action. */
struct mlx5dv_dr_action *verbs_dr_action_for_real(const char *function, struct mlx5dv_dr_action *handle, size_t index);

/* ---- dr_matcher.c ---- */

/* Copies a mask or value into out (fte_match_param, zeroed): the sections criteria enable.
 * EINVAL when it is larger than fte_match_param. */
int verbs_dr_match_copy(const struct mlx5dv_flow_match_parameters *param, uint8_t criteria, uint64_t *out);

/* ---- devx_cmd.c ---- */

void verbs_flow_counter_free(struct verbs_flow_counter *counter);

/* ---- destroying live objects (verbs_lock held), users first ---- */

/* A rule whose NIC rule is destroyed already (nic_flow_rule_destroy). */
void verbs_dr_rule_destroy(struct verbs_dr_rule *rule);          /* dr_rule.c */
void verbs_dr_matcher_destroy(struct verbs_dr_matcher *matcher); /* dr_matcher.c; no rules left */
void verbs_dr_action_destroy(struct verbs_dr_action *action);    /* dr_action.c; no users left */
void verbs_dr_table_destroy(struct verbs_dr_table *table);       /* dr_table.c; nothing uses it */
void verbs_dr_domain_destroy(struct verbs_dr_domain *domain);    /* dr_domain.c; nothing uses it */
/* The context of a live steering object of kind, or NULL (an action made from nothing). */
struct verbs_ctx *verbs_dr_context_of(enum verbs_kind kind, void *object);

#endif
