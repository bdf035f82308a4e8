/*
 * DOCA graphs (doca_graph.h, 2.7 and later): tasks of contexts, program callbacks and instances of
 * other graphs run in dependency order by a progress engine.
 *
 * A graph is a directed acyclic graph of nodes (cycles are refused when an edge would close one);
 * an instance holds each node's data and the state of one run. Everything runs under the guard of
 * the graph's progress engine (ctx.h, "Threads"): the program's calls and the engine's progress,
 * so a graph needs no lock of its own and another thread is refused with DOCA_ERROR_NO_LOCK.
 *
 * A run (doca_graph_instance_submit): each node waits for as many completions as it has
 * dependencies; the root nodes start at once. A context node's task is submitted as the program's
 * doca_task_submit would, marked as the graph's (task->graph): the progress engine hands its
 * completion to opendoca_graph_task_done in place of the task's callbacks, as NVIDIA documents. A
 * user node's callback runs when the node becomes ready, on the thread that made it ready (the
 * submitting one for a root, the progress thread otherwise). A sub-graph node runs its instance as
 * a run of its own whose end completes the node. The first failure stops new nodes from starting;
 * the run ends once nothing is in flight, with the graph's completion or error callback (from
 * doca_pe_progress only: a run with a context node always has one in flight until a progress
 * call). A run that fails before anything is in flight is no run: doca_graph_instance_submit
 * returns the error.
 *
 * 2.2's graphs (graph_v2_2.c's forms, the work-queue model) are the same graphs with another
 * engine: created without one, they get a work queue once started (doca_graph_workq_add). Context
 * nodes run jobs through it (opendoca_workq_submit_job: the record marked as the graph's), whose
 * completions doca_workq_progress_retrieve hands to opendoca_graph_job_done (the node's event
 * filled) and the run's end becomes an event of type DOCA_GRAPH_JOB retrieved there. Before a work
 * queue a 2.2 graph's calls take its own guard, on one its work queue's too (in that order), so a
 * run's state is only ever touched under the work queue's guard.
 */
#include <stdlib.h>
#include <string.h>

#include "doca_graph.h"

#include "ctx.h"

enum node_kind {
	NODE_CTX,
	NODE_USER,
	NODE_SUB
};

struct graph_node {
	enum node_kind kind;
	uint32_t index;
	struct opendoca_ctx *ctx;         /* NODE_CTX: a reference held */
	doca_graph_user_node_cb_t cb;     /* NODE_USER */
	opendoca_graph_user_cb_v2_2 cb22; /* NODE_USER of a 2.2 graph */
	int job_type;                     /* NODE_CTX of a 2.2 graph */
	struct graph *sub;                /* NODE_SUB: a reference held */
	uint32_t *succ;                   /* the nodes waiting for this one */
	uint32_t num_succ, max_succ;
	uint32_t num_pred; /* the nodes this one waits for */
};

struct graph {
	struct opendoca_object object;
	void *handle;
	struct opendoca_engine *pe; /* a reference held; NULL for a 2.2 graph */
	/* 2.2 graphs: the guard of the calls, and the work queue added (a reference held), NULL: none */
	bool v22;
	struct opendoca_guard guard;
	struct opendoca_engine *workq;
	uint32_t running;             /* instances submitted and whose event is not retrieved */
	struct graph_instance *ended; /* the top-level instance whose run a job's completion just ended */
	struct graph_node **nodes;
	uint32_t num_nodes, max_nodes;
	uint32_t ctx_nodes;
	doca_graph_completion_cb_t completion, error;
	uint32_t num_instances; /* the configuration's; 0: not configured */
	uint32_t instances;     /* created and not destroyed */
	union doca_data user_data;
	bool started;
};

/* A node's state in an instance's run: 2.2's enum doca_graph_instance_node_state (graph_v2_2.c checks). */
enum node_state {
	NODE_NOT_STARTED = 0,
	NODE_STARTED = 1,
	NODE_COMPLETED = 2,
	NODE_ERROR = 3,
};

/*
 * A node of an instance: what a context node's task carries while it runs (task->graph), and the
 * node's state and result (its status) in the last run (2.2's queries).
 */
struct opendoca_graph_run {
	struct graph_instance *inst;
	uint32_t node;
	enum node_state state;
	union doca_data result;
};

struct node_data {
	bool set;
	struct doca_task *task;     /* NODE_CTX: the program's reference, checked at each submission */
	void *cookie;               /* NODE_USER */
	struct graph_instance *sub; /* NODE_SUB: its parent is this instance */
	struct doca_job *job;       /* NODE_CTX of a 2.2 graph */
	struct doca_event *ev;      /* 2.2: the node's event */
};

struct graph_instance {
	struct opendoca_object object;
	void *handle;
	struct graph *graph; /* a reference held */
	union doca_data user_data;
	struct node_data *data;
	struct opendoca_graph_run *runs;
	uint32_t *pending; /* per node, in a run: the dependencies not completed yet */
	uint32_t *ready;   /* a stack of the nodes to start */
	uint32_t num_ready;
	struct graph_instance *parent; /* the instance whose sub-graph node this one is the data of */
	uint32_t parent_node;
	uint32_t inflight; /* nodes started and not completed (context and sub-graph nodes) */
	doca_error_t status;
	bool submitted, failed;
};

static const struct opendoca_kind graph_kind = { "graph" };
static const struct opendoca_kind instance_kind = { "graph instance" };

/* The functions a run's failures name: the run began there. */
static const char submit_func[] = "doca_graph_instance_submit";

/* ---- Objects ---- */

static void graph_free(struct opendoca_object *object)
{
	struct graph *g = (struct graph *)object;

	for (uint32_t i = 0; i < g->num_nodes; i++) {
		struct graph_node *node = g->nodes[i];

		if (node->ctx)
			opendoca_handle_put(&node->ctx->object);
		if (node->sub)
			opendoca_handle_put(&node->sub->object);
		free(node->succ);
		free(node);
	}
	free(g->nodes);
	if (g->pe)
		opendoca_handle_put(&g->pe->object);
	free(g);
}

static void instance_free(struct opendoca_object *object)
{
	struct graph_instance *inst = (struct graph_instance *)object;

	opendoca_handle_put(&inst->graph->object);
	free(inst->data);
	free(inst->runs);
	free(inst->pending);
	free(inst->ready);
	free(inst);
}

/* The engine that runs a graph's instances and calls its callbacks (NULL: a 2.2 graph on no work queue). */
static struct opendoca_engine *engine_of(const struct graph *g)
{
	return g->v22 ? g->workq : g->pe;
}

/* Takes a graph's guards (the module comment); false, after a failure of func, when another thread holds one. */
static bool graph_lock(struct graph *g, const char *func)
{
	if (!g->v22) {
		if (opendoca_guard_enter(&g->pe->guard))
			return true;
		opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the graph's progress engine is in use by another thread");
		return false;
	}
	if (!opendoca_guard_enter(&g->guard)) {
		opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the graph is in use by another thread");
		return false;
	}
	if (g->workq && !opendoca_guard_enter(&g->workq->guard)) {
		opendoca_guard_leave(&g->guard);
		opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the graph's work queue is in use by another thread");
		return false;
	}
	return true;
}

static void graph_unlock(struct graph *g)
{
	if (!g->v22) {
		opendoca_guard_leave(&g->pe->guard);
		return;
	}
	if (g->workq)
		opendoca_guard_leave(&g->workq->guard);
	opendoca_guard_leave(&g->guard);
}

/* The graph of a handle with its guards taken; NULL after a failure of func. */
static struct graph *graph_enter(const struct doca_graph *handle, const char *func)
{
	struct graph *g = opendoca_handle_get(handle, &graph_kind, func);

	if (g && !graph_lock(g, func)) {
		opendoca_handle_put(&g->object);
		return NULL;
	}
	return g;
}

static void graph_leave(struct graph *g)
{
	graph_unlock(g);
	opendoca_handle_put(&g->object);
}

static struct graph_instance *instance_enter(const struct doca_graph_instance *handle, const char *func)
{
	struct graph_instance *inst = opendoca_handle_get(handle, &instance_kind, func);

	if (inst && !graph_lock(inst->graph, func)) {
		opendoca_handle_put(&inst->object);
		return NULL;
	}
	return inst;
}

static void instance_leave(struct graph_instance *inst)
{
	graph_unlock(inst->graph);
	opendoca_handle_put(&inst->object);
}

/* The graph's node a program's pointer names; NULL when it names none of them (never dereferenced then). */
static struct graph_node *find_node(const struct graph *g, const struct doca_graph_node *node)
{
	for (uint32_t i = 0; i < g->num_nodes; i++)
		if ((const void *)g->nodes[i] == (const void *)node)
			return g->nodes[i];
	return NULL;
}

/* ---- Graphs ---- */

/* Creates a graph on progress engine engine (its reference is the graph's, or dropped on failure); NULL: 2.2's. */
static doca_error_t graph_create(struct opendoca_engine *engine, struct doca_graph **graph, const char *func)
{
	struct graph *g = calloc(1, sizeof(*g));

	if (!g) {
		if (engine)
			opendoca_handle_put(&engine->object);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a graph");
	}
	g->pe = engine;
	g->v22 = !engine;
	g->handle = opendoca_handle_open(&g->object, &graph_kind, graph_free);
	if (!g->handle) {
		if (engine)
			opendoca_handle_put(&engine->object);
		free(g);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no handle left for a graph");
	}
	*graph = g->handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_graph_create(struct doca_pe *pe, struct doca_graph **graph)
{
	struct opendoca_engine *engine;

	if (!graph)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "graph is NULL");
	engine = opendoca_handle_get(pe, &opendoca_pe_kind, __func__);
	if (!engine)
		return DOCA_ERROR_INVALID_VALUE;
	return graph_create(engine, graph, __func__);
}

doca_error_t opendoca_graph_create_v2_2(struct doca_graph **graph, const char *func)
{
	if (!graph)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "graph is NULL");
	return graph_create(NULL, graph, func);
}

doca_error_t doca_graph_destroy(struct doca_graph *graph)
{
	struct graph *g = graph_enter(graph, __func__);
	struct opendoca_object *object;

	if (!g)
		return opendoca_last_error();
	if (g->started) {
		graph_leave(g);
		return opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the graph is started: stop it first");
	}
	object = opendoca_handle_close(graph, &graph_kind, __func__);
	/* The graph's own reference and the call's may free it (and its engine): the guards are left first. */
	graph_unlock(g);
	opendoca_handle_put(&g->object);
	if (!object)
		return opendoca_last_error();
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	return DOCA_SUCCESS;
}

doca_error_t doca_graph_set_conf(struct doca_graph *graph, doca_graph_completion_cb_t graph_completion_cb,
				 doca_graph_completion_cb_t graph_error_cb, uint32_t num_instances)
{
	struct graph *g;
	doca_error_t err = DOCA_SUCCESS;

	if (!graph_completion_cb || !graph_error_cb)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "a callback is NULL");
	if (!num_instances)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "num_instances is 0");
	g = graph_enter(graph, __func__);
	if (!g)
		return opendoca_last_error();
	if (g->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the graph is started");
	else {
		g->completion = graph_completion_cb;
		g->error = graph_error_cb;
		g->num_instances = num_instances;
	}
	graph_leave(g);
	return err;
}

doca_error_t doca_graph_set_user_data(struct doca_graph *graph, union doca_data user_data)
{
	struct graph *g = graph_enter(graph, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!g)
		return opendoca_last_error();
	if (g->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the graph is started");
	else
		g->user_data = user_data;
	graph_leave(g);
	return err;
}

doca_error_t doca_graph_get_user_data(const struct doca_graph *graph, union doca_data *user_data)
{
	struct graph *g;

	if (!user_data)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "user_data is NULL");
	g = graph_enter(graph, __func__);
	if (!g)
		return opendoca_last_error();
	*user_data = g->user_data;
	graph_leave(g);
	return DOCA_SUCCESS;
}

/* Adds a node of kind to a graph entered, not started (its other fields are the caller's). */
static doca_error_t add_node(struct graph *g, enum node_kind kind, struct graph_node **out, const char *func)
{
	struct graph_node *node;

	if (g->started)
		return opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the graph is started: its nodes are fixed");
	if (g->num_nodes == g->max_nodes) {
		uint32_t max = g->max_nodes ? 2 * g->max_nodes : 8;
		struct graph_node **nodes = realloc(g->nodes, max * sizeof(*nodes));

		if (!nodes)
			return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for %u nodes", max);
		g->nodes = nodes;
		g->max_nodes = max;
	}
	node = calloc(1, sizeof(*node));
	if (!node)
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "no memory for a node");
	node->kind = kind;
	node->index = g->num_nodes;
	g->nodes[g->num_nodes++] = node;
	*out = node;
	return DOCA_SUCCESS;
}

doca_error_t doca_graph_node_create_from_ctx(struct doca_graph *graph, const struct doca_ctx *ctx,
					     struct doca_graph_node **node)
{
	struct opendoca_ctx *c;
	struct graph_node *n;
	struct graph *g;
	doca_error_t err;
	bool same_pe;

	if (!node)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "node is NULL");
	c = opendoca_handle_get(ctx, &opendoca_ctx_kind, __func__);
	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	g = graph_enter(graph, __func__);
	if (!g) {
		opendoca_handle_put(&c->object);
		return opendoca_last_error();
	}
	pthread_mutex_lock(&c->lock);
	same_pe = c->api == OPENDOCA_CTX_API_PE && c->pe == g->pe && !g->v22;
	pthread_mutex_unlock(&c->lock);
	if (!same_pe)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "the %s is not connected to the graph's progress engine", c->ops->name);
	else
		err = add_node(g, NODE_CTX, &n, __func__);
	if (err)
		opendoca_handle_put(&c->object);
	else {
		n->ctx = c; /* the reference taken above */
		g->ctx_nodes++;
		*node = (struct doca_graph_node *)n;
	}
	graph_leave(g);
	return err;
}

doca_error_t doca_graph_node_create_from_user(struct doca_graph *graph, doca_graph_user_node_cb_t cb,
					      struct doca_graph_node **node)
{
	struct graph_node *n;
	struct graph *g;
	doca_error_t err;

	if (!cb || !node)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", cb ? "node" : "cb");
	g = graph_enter(graph, __func__);
	if (!g)
		return opendoca_last_error();
	if (g->v22)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				    "a graph of 2.2's work queues: its user nodes' "
				    "callbacks take an event (doca_graph_user_node_create)");
	else
		err = add_node(g, NODE_USER, &n, __func__);
	if (!err) {
		n->cb = cb;
		*node = (struct doca_graph_node *)n;
	}
	graph_leave(g);
	return err;
}

doca_error_t opendoca_graph_ctx_node_create_v2_2(struct doca_graph *graph, int job_type, const struct doca_ctx *ctx,
						 struct doca_graph_node **node, const char *func)
{
	struct opendoca_ctx *c;
	struct graph_node *n;
	struct graph *g;
	doca_error_t err;
	bool workq_ctx;

	if (!node)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "node is NULL");
	c = opendoca_handle_get(ctx, &opendoca_ctx_kind, func);
	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	g = graph_enter(graph, func);
	if (!g) {
		opendoca_handle_put(&c->object);
		return opendoca_last_error();
	}
	pthread_mutex_lock(&c->lock);
	workq_ctx = opendoca_ctx_model(c) == OPENDOCA_CTX_API_WORKQ;
	pthread_mutex_unlock(&c->lock);
	if (!g->v22)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				    "the graph is of a progress engine (2.5 and later)");
	else if (!workq_ctx || !c->ops->job_init)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the %s takes no jobs of work queues",
				    c->ops->name);
	else
		err = add_node(g, NODE_CTX, &n, func);
	if (err)
		opendoca_handle_put(&c->object);
	else {
		n->ctx = c; /* the reference taken above */
		n->job_type = job_type;
		g->ctx_nodes++;
		*node = (struct doca_graph_node *)n;
	}
	graph_leave(g);
	return err;
}

doca_error_t opendoca_graph_user_node_create_v2_2(struct doca_graph *graph, opendoca_graph_user_cb_v2_2 cb,
						  struct doca_graph_node **node, const char *func)
{
	struct graph_node *n;
	struct graph *g;
	doca_error_t err;

	if (!cb || !node)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL", cb ? "node" : "cb");
	g = graph_enter(graph, func);
	if (!g)
		return opendoca_last_error();
	if (!g->v22)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				    "the graph is of a progress engine (2.5 and later)");
	else
		err = add_node(g, NODE_USER, &n, func);
	if (!err) {
		n->cb22 = cb;
		*node = (struct doca_graph_node *)n;
	}
	graph_leave(g);
	return err;
}

/* A sub-graph node (v22: 2.2's form, both graphs of work queues; else both of one progress engine). */
static doca_error_t sub_node_create(struct doca_graph *graph, struct doca_graph *sub_graph,
				    struct doca_graph_node **node, bool v22, const char *func)
{
	struct graph *g, *sub;
	struct graph_node *n;
	doca_error_t err;

	if (!node)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "node is NULL");
	sub = opendoca_handle_get(sub_graph, &graph_kind, func);
	if (!sub)
		return DOCA_ERROR_INVALID_VALUE;
	g = graph_enter(graph, func);
	if (!g) {
		opendoca_handle_put(&sub->object);
		return opendoca_last_error();
	}
	/* sub runs only with its own started, and a graph with a node is not: graph cannot be in sub's nodes. */
	if (sub == g)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "a graph cannot be its own sub-graph");
	else if (v22 && (!g->v22 || !sub->v22))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "a graph of a progress engine (2.5 and later)");
	else if (!v22 && (sub->pe != g->pe || g->v22 || sub->v22))
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the sub-graph has another progress engine");
	else if (!sub->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the sub-graph is not started");
	else
		err = add_node(g, NODE_SUB, &n, func);
	if (err)
		opendoca_handle_put(&sub->object);
	else {
		n->sub = sub; /* the reference taken above */
		*node = (struct doca_graph_node *)n;
	}
	graph_leave(g);
	return err;
}

doca_error_t doca_graph_node_create_from_graph(struct doca_graph *graph, struct doca_graph *sub_graph,
					       struct doca_graph_node **node)
{
	return sub_node_create(graph, sub_graph, node, false, __func__);
}

doca_error_t opendoca_graph_sub_graph_node_create_v2_2(struct doca_graph *graph, struct doca_graph *sub_graph,
						       struct doca_graph_node **node, const char *func)
{
	return sub_node_create(graph, sub_graph, node, true, func);
}

/* Whether node target is reachable from node from (following the edges). */
static bool reaches(const struct graph *g, uint32_t from, uint32_t target, bool *seen)
{
	const struct graph_node *n = g->nodes[from];

	if (from == target)
		return true;
	if (seen[from])
		return false;
	seen[from] = true;
	for (uint32_t i = 0; i < n->num_succ; i++)
		if (reaches(g, n->succ[i], target, seen))
			return true;
	return false;
}

doca_error_t doca_graph_add_dependency(struct doca_graph *graph, struct doca_graph_node *from,
				       struct doca_graph_node *to)
{
	struct graph_node *f, *t;
	struct graph *g = graph_enter(graph, __func__);
	doca_error_t err = DOCA_SUCCESS;
	bool *seen;

	if (!g)
		return opendoca_last_error();
	f = find_node(g, from);
	t = find_node(g, to);
	if (!f || !t) {
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s (%p) is no node of the graph",
				    f ? "to" : "from", f ? (void *)to : (void *)from);
		goto out;
	}
	if (g->started) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the graph is started: its edges are fixed");
		goto out;
	}
	for (uint32_t i = 0; i < f->num_succ; i++)
		if (f->succ[i] == t->index)
			goto out; /* there already */
	seen = calloc(g->num_nodes, sizeof(*seen));
	if (!seen) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory to check the graph for cycles");
		goto out;
	}
	if (reaches(g, t->index, f->index, seen))
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "node %u -> node %u would close a cycle",
				    f->index, t->index);
	free(seen);
	if (err)
		goto out;
	if (f->num_succ == f->max_succ) {
		uint32_t max = f->max_succ ? 2 * f->max_succ : 4;
		uint32_t *succ = realloc(f->succ, max * sizeof(*succ));

		if (!succ) {
			err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a dependency");
			goto out;
		}
		f->succ = succ;
		f->max_succ = max;
	}
	f->succ[f->num_succ++] = t->index;
	t->num_pred++;
out:
	graph_leave(g);
	return err;
}

doca_error_t doca_graph_start(struct doca_graph *graph)
{
	struct graph *g = graph_enter(graph, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!g)
		return opendoca_last_error();
	if (g->started)
		goto out;
	/* 2.2's graphs have no configuration: their instances are as many as the program makes. */
	if (!g->num_instances && !g->v22) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__,
				    "the graph is not configured (doca_graph_set_conf)");
		goto out;
	}
	if (!g->ctx_nodes) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the graph has no context node");
		goto out;
	}
	for (uint32_t i = 0; i < g->num_nodes; i++) {
		struct graph_node *n = g->nodes[i];

		if (n->kind == NODE_CTX &&
		    atomic_load_explicit(&n->ctx->state, memory_order_relaxed) != OPENDOCA_CTX_RUNNING) {
			err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the %s of node %u is not running",
					    n->ctx->ops->name, i);
			goto out;
		}
		if (n->kind == NODE_SUB && !n->sub->started) {
			err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the sub-graph of node %u is not started",
					    i);
			goto out;
		}
	}
	g->started = true;
out:
	graph_leave(g);
	return err;
}

doca_error_t doca_graph_stop(struct doca_graph *graph)
{
	struct graph *g = graph_enter(graph, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!g)
		return opendoca_last_error();
	if (g->instances)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "%u instances of the graph exist: destroy them first",
				    g->instances);
	else if (g->workq)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__,
				    "the graph is added to a work queue: remove it first (doca_graph_workq_rm)");
	else
		g->started = false;
	graph_leave(g);
	return err;
}

/* ---- Instances ---- */

doca_error_t doca_graph_instance_create(const struct doca_graph *graph, struct doca_graph_instance **graph_instance)
{
	struct graph_instance *inst;
	struct graph *g;
	doca_error_t err = DOCA_SUCCESS;

	if (!graph_instance)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "graph_instance is NULL");
	g = graph_enter(graph, __func__);
	if (!g)
		return opendoca_last_error();
	if (!g->started) {
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the graph is not started");
		goto out;
	}
	if (!g->v22 && g->instances == g->num_instances) {
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "all %u instances of the graph exist",
				    g->num_instances);
		goto out;
	}
	inst = calloc(1, sizeof(*inst));
	if (inst) {
		inst->data = calloc(g->num_nodes, sizeof(*inst->data));
		inst->runs = calloc(g->num_nodes, sizeof(*inst->runs));
		inst->pending = calloc(g->num_nodes, sizeof(*inst->pending));
		inst->ready = calloc(g->num_nodes, sizeof(*inst->ready));
	}
	if (!inst || !inst->data || !inst->runs || !inst->pending || !inst->ready) {
		if (inst) {
			free(inst->data);
			free(inst->runs);
			free(inst->pending);
			free(inst->ready);
		}
		free(inst);
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for an instance of %u nodes",
				    g->num_nodes);
		goto out;
	}
	for (uint32_t i = 0; i < g->num_nodes; i++)
		inst->runs[i] = (struct opendoca_graph_run){ .inst = inst, .node = i };
	inst->graph = g;
	inst->handle = opendoca_handle_open(&inst->object, &instance_kind, instance_free);
	if (!inst->handle) {
		free(inst->data);
		free(inst->runs);
		free(inst->pending);
		free(inst->ready);
		free(inst);
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle left for a graph instance");
		goto out;
	}
	opendoca_handle_hold(&g->object);
	g->instances++;
	*graph_instance = inst->handle;
out:
	graph_leave(g);
	return err;
}

doca_error_t doca_graph_instance_destroy(struct doca_graph_instance *graph_instance)
{
	struct graph_instance *inst = instance_enter(graph_instance, __func__);
	struct opendoca_object *object;
	struct graph *g;

	if (!inst)
		return opendoca_last_error();
	g = inst->graph;
	if (inst->submitted || inst->parent) {
		instance_leave(inst);
		return opendoca_fail(DOCA_ERROR_IN_USE, __func__, "the instance %s",
				     inst->submitted ? "is submitted" : "is the data of a sub-graph node");
	}
	object = opendoca_handle_close(graph_instance, &instance_kind, __func__);
	if (object) {
		/* its sub-graph instances are free to go */
		for (uint32_t i = 0; i < g->num_nodes; i++)
			if (g->nodes[i]->kind == NODE_SUB && inst->data[i].set)
				inst->data[i].sub->parent = NULL;
		g->instances--;
	}
	opendoca_handle_hold(&g->object); /* the instance's references may free the graph, and it its engine */
	opendoca_handle_put(&inst->object);
	if (object) {
		opendoca_handle_put(object);
		opendoca_handle_put(object);
	}
	graph_unlock(g);
	opendoca_handle_put(&g->object);
	return object ? DOCA_SUCCESS : opendoca_last_error();
}

doca_error_t doca_graph_instance_set_user_data(struct doca_graph_instance *graph_instance, union doca_data user_data)
{
	struct graph_instance *inst = instance_enter(graph_instance, __func__);
	doca_error_t err = DOCA_SUCCESS;

	if (!inst)
		return opendoca_last_error();
	if (inst->submitted)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "the instance is submitted");
	else
		inst->user_data = user_data;
	instance_leave(inst);
	return err;
}

doca_error_t doca_graph_instance_get_user_data(const struct doca_graph_instance *graph_instance,
					       union doca_data *user_data)
{
	struct graph_instance *inst;

	if (!user_data)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "user_data is NULL");
	inst = instance_enter(graph_instance, __func__);
	if (!inst)
		return opendoca_last_error();
	*user_data = inst->user_data;
	instance_leave(inst);
	return DOCA_SUCCESS;
}

/* The node of an instance entered whose data a setter may set; NULL after a failure of func. */
static struct graph_node *data_node(struct graph_instance *inst, const struct doca_graph_node *node,
				    enum node_kind kind, const char *func)
{
	static const char *const kinds[] = { "context", "user", "sub-graph" };
	struct graph_node *n = find_node(inst->graph, node);

	if (!node)
		opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "node is NULL");
	else if (inst->submitted)
		opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the instance is submitted");
	else if (!n)
		opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "node %p is no node of the instance's graph",
			      (void *)node);
	else if (n->kind != kind)
		opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "node %u is a %s node, not a %s node", n->index,
			      kinds[n->kind], kinds[kind]);
	else
		return n;
	return NULL;
}

doca_error_t doca_graph_instance_set_ctx_node_data(struct doca_graph_instance *graph_instance,
						   struct doca_graph_node *node, struct doca_task *task)
{
	struct graph_instance *inst = instance_enter(graph_instance, __func__);
	struct opendoca_task *t;
	struct graph_node *n;
	doca_error_t err = DOCA_SUCCESS;

	if (!inst)
		return opendoca_last_error();
	n = data_node(inst, node, NODE_CTX, __func__);
	if (!n)
		err = opendoca_last_error();
	else if (inst->graph->v22)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__,
				    "a graph of 2.2's work queues runs jobs, not tasks");
	else if (!(t = opendoca_task_get(task, NULL, __func__)))
		err = DOCA_ERROR_INVALID_VALUE;
	else if (t->pool->ctx != n->ctx)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__, "the task is of a %s, not of node %u's %s",
				    t->pool->ctx->ops->name, n->index, n->ctx->ops->name);
	else
		inst->data[n->index] = (struct node_data){ .set = true, .task = task };
	instance_leave(inst);
	return err;
}

doca_error_t doca_graph_instance_set_user_node_data(struct doca_graph_instance *graph_instance,
						    struct doca_graph_node *node, void *cookie)
{
	struct graph_instance *inst = instance_enter(graph_instance, __func__);
	struct graph_node *n;
	doca_error_t err = DOCA_SUCCESS;

	if (!inst)
		return opendoca_last_error();
	n = data_node(inst, node, NODE_USER, __func__);
	if (!n)
		err = opendoca_last_error();
	else
		inst->data[n->index] = (struct node_data){ .set = true, .cookie = cookie };
	instance_leave(inst);
	return err;
}

doca_error_t opendoca_graph_instance_set_ctx_node_data_v2_2(struct doca_graph_instance *graph_instance,
							    struct doca_graph_node *node, struct doca_job *job,
							    const struct doca_ctx *job_ctx, int job_type,
							    struct doca_event *ev, const char *func)
{
	struct graph_instance *inst = instance_enter(graph_instance, func);
	struct graph_node *n;
	doca_error_t err = DOCA_SUCCESS;

	if (!inst)
		return opendoca_last_error();
	n = data_node(inst, node, NODE_CTX, func);
	if (!n)
		err = opendoca_last_error();
	else if (!inst->graph->v22)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the graph is of a progress engine: it runs tasks");
	else if ((const void *)job_ctx != (const void *)opendoca_ctx_handle(n->ctx))
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the job is not of node %u's %s", n->index,
				    n->ctx->ops->name);
	else if (job_type != n->job_type)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the job is of type %d, node %u runs type %d",
				    job_type, n->index, n->job_type);
	else
		inst->data[n->index] = (struct node_data){ .set = true, .job = job, .ev = ev };
	instance_leave(inst);
	return err;
}

doca_error_t opendoca_graph_instance_set_user_node_data_v2_2(struct doca_graph_instance *graph_instance,
							     struct doca_graph_node *node, void *cookie,
							     struct doca_event *ev, const char *func)
{
	struct graph_instance *inst = instance_enter(graph_instance, func);
	struct graph_node *n;
	doca_error_t err = DOCA_SUCCESS;

	if (!inst)
		return opendoca_last_error();
	n = data_node(inst, node, NODE_USER, func);
	if (!n)
		err = opendoca_last_error();
	else if (!inst->graph->v22)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				    "the graph is of a progress engine (2.5 and later)");
	else
		inst->data[n->index] = (struct node_data){ .set = true, .cookie = cookie, .ev = ev };
	instance_leave(inst);
	return err;
}

/* A sub-graph node's data: an instance of its graph, and 2.2's event (optional, NULL: none). */
static doca_error_t sub_node_data(struct doca_graph_instance *graph_instance, struct doca_graph_node *node,
				  struct doca_graph_instance *sub_graph_instance, struct doca_event *ev,
				  const char *func)
{
	struct graph_instance *inst = instance_enter(graph_instance, func);
	struct graph_instance *sub = NULL;
	struct node_data *data;
	struct graph_node *n;
	doca_error_t err = DOCA_SUCCESS;

	if (!inst)
		return opendoca_last_error();
	n = data_node(inst, node, NODE_SUB, func);
	if (!n) {
		err = opendoca_last_error();
		goto out;
	}
	sub = opendoca_handle_get(sub_graph_instance, &instance_kind, func);
	data = &inst->data[n->index];
	if (!sub)
		err = DOCA_ERROR_INVALID_VALUE;
	else if (sub->graph != n->sub)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the instance is not of node %u's sub-graph",
				    n->index);
	else if (sub->submitted)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "the sub-graph instance is submitted");
	else if (sub->parent && (sub->parent != inst || sub->parent_node != n->index))
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				    "the sub-graph instance is another node's data already");
	else {
		if (data->set && data->sub != sub)
			data->sub->parent = NULL;
		sub->parent = inst;
		sub->parent_node = n->index;
		*data = (struct node_data){ .set = true, .sub = sub, .ev = ev };
	}
	if (sub)
		opendoca_handle_put(&sub->object);
out:
	instance_leave(inst);
	return err;
}

doca_error_t doca_graph_instance_set_sub_graph_node_data(struct doca_graph_instance *graph_instance,
							 struct doca_graph_node *node,
							 struct doca_graph_instance *sub_graph_instance)
{
	return sub_node_data(graph_instance, node, sub_graph_instance, NULL, __func__);
}

doca_error_t opendoca_graph_instance_set_sub_graph_node_data_v2_2(struct doca_graph_instance *graph_instance,
								  struct doca_graph_node *node,
								  struct doca_graph_instance *sub_graph_instance,
								  struct doca_event *ev, const char *func)
{
	return sub_node_data(graph_instance, node, sub_graph_instance, ev, func);
}

/* ---- Runs ---- */

static void instance_complete_node(struct graph_instance *inst, uint32_t node, doca_error_t status);

static void run_fail(struct graph_instance *inst, doca_error_t status)
{
	if (!inst->failed) {
		inst->failed = true;
		inst->status = status;
	}
}

/* A node ended (status): on success the nodes waiting only for it become ready. */
static void node_done(struct graph_instance *inst, uint32_t node, doca_error_t status)
{
	const struct graph_node *n = inst->graph->nodes[node];

	inst->runs[node].state = status ? NODE_ERROR : NODE_COMPLETED;
	inst->runs[node].result.u64 = (uint64_t)status;
	if (status) {
		run_fail(inst, status);
		return;
	}
	for (uint32_t i = 0; i < n->num_succ; i++)
		if (--inst->pending[n->succ[i]] == 0)
			inst->ready[inst->num_ready++] = n->succ[i];
}

static doca_error_t run_begin(struct graph_instance *inst);

/* The top-level instance of a run (a sub-graph instance's runs for its parent's node). */
static struct graph_instance *run_root(struct graph_instance *inst)
{
	while (inst->parent)
		inst = inst->parent;
	return inst;
}

/* Starts the ready nodes (none once the run failed); user nodes run here. */
static void run_ready(struct graph_instance *inst)
{
	/* a 2.2 sub-graph's jobs go through the work queue of the graph running it */
	struct opendoca_engine *pe = engine_of(run_root(inst)->graph);
	while (inst->num_ready && !inst->failed) {
		uint32_t node = inst->ready[--inst->num_ready];
		const struct graph_node *n = inst->graph->nodes[node];
		struct node_data *data = &inst->data[node];
		doca_error_t err;

		inst->runs[node].state = NODE_STARTED;
		switch (n->kind) {
		case NODE_CTX:
			err = inst->graph->v22 ? opendoca_workq_submit_job(pe, data->job, &inst->runs[node],
									   "doca_workq_graph_submit")
					       : opendoca_task_submit_graph(data->task, &inst->runs[node], submit_func);
			if (err)
				node_done(inst, node, err);
			else
				inst->inflight++;
			break;
		case NODE_SUB:
			err = run_begin(data->sub);
			if (err)
				node_done(inst, node, err);
			else
				inst->inflight++;
			break;
		case NODE_USER:
			pe->callbacks++;
			err = inst->graph->v22 ? n->cb22(data->cookie, data->ev) : n->cb(data->cookie);
			pe->callbacks--;
			node_done(inst, node, err);
			break;
		}
	}
}

/*
 * Begins a run of an instance whose nodes all have data. DOCA_SUCCESS: something is in flight and
 * the run ends in instance_complete_node's run_end; an error: it failed with nothing in flight.
 */
static doca_error_t run_begin(struct graph_instance *inst)
{
	const struct graph *g = inst->graph;

	inst->failed = false;
	inst->status = DOCA_SUCCESS;
	inst->inflight = 0;
	inst->num_ready = 0;
	/* the roots, the first on top */
	for (uint32_t i = g->num_nodes; i-- > 0;) {
		inst->runs[i].state = NODE_NOT_STARTED;
		inst->runs[i].result.u64 = 0;
		inst->pending[i] = g->nodes[i]->num_pred;
		if (!inst->pending[i])
			inst->ready[inst->num_ready++] = i;
	}
	inst->submitted = true;
	run_ready(inst);
	/* A context node is in flight until a progress call delivers it: nothing is only after a failure. */
	if (!inst->inflight) {
		inst->submitted = false;
		return inst->status;
	}
	return DOCA_SUCCESS;
}

/* Nothing is in flight any more: the run ends (in its parent's node, or with the graph's callback). */
static void run_end(struct graph_instance *inst)
{
	struct graph *g = inst->graph;
	inst->submitted = false;
	if (inst->parent) {
		struct doca_event *ev = inst->parent->data[inst->parent_node].ev;

		if (ev)
			opendoca_graph_event_fill(ev, inst->status);
		instance_complete_node(inst->parent, inst->parent_node, inst->status);
		return;
	}
	if (g->v22) {
		/* its event, which doca_workq_progress_retrieve returns now (opendoca_graph_job_done) */
		g->ended = inst;
		return;
	}
	/* The program may destroy or resubmit the instance from the callback: nothing of it is read after. */
	g->pe->callbacks++;
	(inst->status ? g->error : g->completion)(inst->handle, inst->user_data, g->user_data);
	g->pe->callbacks--;
}

/* A node in flight (a context's task, a sub-graph's run) ended, on the progress thread. */
static void instance_complete_node(struct graph_instance *inst, uint32_t node, doca_error_t status)
{
	inst->inflight--;
	node_done(inst, node, status);
	run_ready(inst);
	if (!inst->inflight)
		run_end(inst);
}

void opendoca_graph_task_done(struct opendoca_graph_run *run, doca_error_t status)
{
	instance_complete_node(run->inst, run->node, status);
}

struct doca_event *opendoca_graph_run_event(const struct opendoca_graph_run *run)
{
	return run->inst->data[run->node].ev;
}

bool opendoca_graph_job_done(struct opendoca_graph_run *run, doca_error_t status, union doca_data *user_data,
			     doca_error_t *run_status)
{
	struct graph_instance *inst = run->inst;
	struct graph *g = run_root(inst)->graph; /* the run's links stay until it ends */
	struct graph_instance *ended;

	instance_complete_node(inst, run->node, status);
	ended = g->ended;
	if (!ended)
		return false;
	g->ended = NULL;
	g->running--;
	/* The work queue's slot of the instance (doca_workq_graph_submit's) is given back with its event. */
	opendoca_engine_count(g->workq, -1);
	*user_data = ended->user_data;
	*run_status = ended->status;
	return true;
}

/*
 * Whether every node of an instance (and of its sub-graph instances) has its data, every task still
 * allocated (freed since it was set: refused before anything starts); else a failure of func.
 */
static doca_error_t check_data(const struct graph_instance *inst, const char *func)
{
	const struct graph *g = inst->graph;

	for (uint32_t i = 0; i < g->num_nodes; i++) {
		doca_error_t err;

		if (!inst->data[i].set)
			return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "node %u of the instance has no data", i);
		if (g->nodes[i]->kind == NODE_CTX && !g->v22 && !opendoca_task_get(inst->data[i].task, NULL, func))
			return DOCA_ERROR_INVALID_VALUE;
		if (g->nodes[i]->kind == NODE_SUB && (err = check_data(inst->data[i].sub, func)))
			return err;
	}
	return DOCA_SUCCESS;
}

doca_error_t doca_graph_instance_submit(struct doca_graph_instance *graph_instance)
{
	struct graph_instance *inst = instance_enter(graph_instance, __func__);
	doca_error_t err;

	if (!inst)
		return opendoca_last_error();
	if (inst->graph->v22)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, __func__,
				    "a graph of 2.2's work queues: its instances go through doca_workq_graph_submit");
	else if (inst->submitted)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "the instance is submitted already");
	else if (inst->parent)
		err = opendoca_fail(DOCA_ERROR_IN_USE, __func__, "the instance runs as the data of a sub-graph node");
	else if (!(err = check_data(inst, __func__)))
		err = run_begin(inst); /* its failure was recorded where it happened */
	instance_leave(inst);
	return err;
}

/* ---- 2.2: work queues ---- */

/* Whether workq is added to the context of every context node of g and of its sub-graphs; else a failure of func. */
static doca_error_t check_bound(const struct graph *g, struct opendoca_engine *workq, const char *func)
{
	for (uint32_t i = 0; i < g->num_nodes; i++) {
		const struct graph_node *n = g->nodes[i];
		doca_error_t err;

		if (n->kind == NODE_CTX && !opendoca_workq_bound(workq, n->ctx))
			return opendoca_fail(DOCA_ERROR_NOT_FOUND, func,
					     "the work queue is not added to the %s of node %u", n->ctx->ops->name, i);
		if (n->kind == NODE_SUB && (err = check_bound(n->sub, workq, func)))
			return err;
	}
	return DOCA_SUCCESS;
}
doca_error_t opendoca_graph_workq_add(struct doca_graph *graph, struct doca_workq *workq, const char *func)
{
	struct opendoca_engine *wq;
	struct graph *g;
	doca_error_t err = DOCA_SUCCESS;

	wq = opendoca_handle_get(workq, &opendoca_workq_kind, func);
	if (!wq)
		return DOCA_ERROR_INVALID_VALUE;
	g = graph_enter(graph, func);
	if (!g) {
		opendoca_handle_put(&wq->object);
		return opendoca_last_error();
	}
	if (!g->v22)
		err = opendoca_fail(DOCA_ERROR_INVALID_VALUE, func,
				    "the graph is of a progress engine (2.5 and later)");
	else if (!g->started)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the graph is not started");
	else if (g->workq)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "the graph is added to a work queue already");
	if (!err)
		err = check_bound(g, wq, func);
	/* From here the graph's calls take the work queue's guard too: graph_unlock leaves the one taken now. */
	if (!err && !opendoca_guard_enter(&wq->guard))
		err = opendoca_fail(DOCA_ERROR_NO_LOCK, func, "the work queue is in use by another thread");
	if (!err) {
		g->workq = wq; /* the reference taken above */
		wq->graphs++;
	} else
		opendoca_handle_put(&wq->object);
	graph_leave(g);
	return err;
}

doca_error_t opendoca_graph_workq_rm(struct doca_graph *graph, struct doca_workq *workq, const char *func)
{
	struct graph *g = graph_enter(graph, func);
	struct opendoca_engine *wq;
	doca_error_t err = DOCA_SUCCESS;

	if (!g)
		return opendoca_last_error();
	wq = g->workq;
	if (!wq || opendoca_handle_of(&wq->object) != (const void *)workq)
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "the graph is not added to work queue %p",
				    (void *)workq);
	else if (g->running)
		err = opendoca_fail(DOCA_ERROR_IN_USE, func, "%u instances of the graph run on the work queue",
				    g->running);
	if (!err) {
		g->workq = NULL;
		wq->graphs--;
		opendoca_guard_leave(&wq->guard); /* taken by graph_enter: graph_leave no longer sees it */
		opendoca_handle_put(&wq->object);
	}
	graph_leave(g);
	return err;
}

doca_error_t opendoca_workq_graph_submit(struct doca_workq *workq, struct doca_graph_instance *graph_instance,
					 union doca_data user_data, const char *func)
{
	struct graph_instance *inst = instance_enter(graph_instance, func);
	struct graph *g;
	doca_error_t err;

	if (!inst)
		return opendoca_last_error();
	g = inst->graph;
	if (!g->v22)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func,
				    "the graph is of a progress engine (2.5 and later)");
	else if (!g->workq || opendoca_handle_of(&g->workq->object) != (const void *)workq)
		err = opendoca_fail(DOCA_ERROR_NOT_FOUND, func, "the instance's graph is not added to work queue %p",
				    (void *)workq);
	else if (inst->submitted)
		err = opendoca_fail(DOCA_ERROR_IN_USE, func, "the instance is submitted already");
	else if (atomic_load_explicit(&g->workq->inflight, memory_order_relaxed) >= g->workq->depth)
		err = opendoca_fail(DOCA_ERROR_NO_MEMORY, func, "the work queue is full: %u jobs are not retrieved yet",
				    g->workq->depth);
	else if (!(err = check_data(inst, func))) {
		inst->user_data = user_data;
		/* The instance's own slot in the work queue, until its event is retrieved. */
		opendoca_engine_count(g->workq, 1);
		g->running++;
		err = run_begin(inst); /* its failure was recorded where it happened */
		if (err) {
			opendoca_engine_count(g->workq, -1);
			g->running--;
		}
	}
	instance_leave(inst);
	return err;
}

/* ---- 2.2: the state of a run ---- */

doca_error_t opendoca_graph_instance_failed_nodes(const struct doca_graph_instance *graph_instance,
						  const struct doca_graph_node **failed_nodes,
						  uint32_t *num_failed_nodes, const char *func)
{
	struct graph_instance *inst;
	uint32_t room, n = 0;

	if (!num_failed_nodes)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "num_failed_nodes is NULL");
	inst = instance_enter(graph_instance, func);
	if (!inst)
		return opendoca_last_error();
	/* NULL failed_nodes: the count (doca_graph_instance_get_num_failed_nodes) */
	room = failed_nodes ? *num_failed_nodes : UINT32_MAX;
	for (uint32_t i = 0; i < inst->graph->num_nodes && n < room; i++)
		if (inst->runs[i].state == NODE_ERROR) {
			if (failed_nodes)
				failed_nodes[n] = (const struct doca_graph_node *)inst->graph->nodes[i];
			n++;
		}
	*num_failed_nodes = n;
	instance_leave(inst);
	return DOCA_SUCCESS;
}

doca_error_t opendoca_graph_instance_node_run(const struct doca_graph_instance *graph_instance,
					      const struct doca_graph_node *node, int *state, union doca_data *result,
					      const char *func)
{
	struct graph_instance *inst;
	struct graph_node *n;
	doca_error_t err = DOCA_SUCCESS;

	if (!node || (!state && !result))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%s is NULL",
				     node ? (state ? "result" : "state") : "node");
	inst = instance_enter(graph_instance, func);
	if (!inst)
		return opendoca_last_error();
	n = find_node(inst->graph, node);
	if (!n)
		err = opendoca_fail(DOCA_ERROR_NOT_PERMITTED, func, "node %p is no node of the instance's graph",
				    (const void *)node);
	else if (state)
		*state = (int)inst->runs[n->index].state;
	else if (inst->runs[n->index].state < NODE_COMPLETED)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, func, "node %u has not completed", n->index);
	else
		*result = inst->runs[n->index].result;
	instance_leave(inst);
	return err;
}
