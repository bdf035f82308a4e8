/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_graph.h
 * @brief DOCA graphs: tasks of several contexts and program callbacks run in dependency order.
 *
 * A graph is a set of nodes bound to one progress engine: context nodes (a task of a context
 * connected to the engine), user nodes (a callback of the program) and sub-graph nodes (an
 * instance of another graph). Edges say which node waits for which; the graph is acyclic. Once
 * started, a graph makes instances: each holds the data of every node (a task, a callback's
 * cookie, a sub-graph instance) and is submitted to the engine as a whole. doca_pe_progress runs
 * it: the root nodes first, then each node once all it depends on completed; the graph's
 * completion callback, or its error callback when a node failed, ends the run. An instance may
 * be submitted again once completed.
 *
 * The tasks of context nodes are the graph's while an instance runs: their own completion
 * callbacks are not called. After a node fails no new node starts; the instance completes once
 * the nodes in flight have.
 *
 * 2.2 (work queues): a graph is added to a work queue (doca_graph_workq_add) once started;
 * context nodes run a job (struct doca_job) of a context the work queue is added to, whose event
 * the node's struct doca_event receives; user nodes' callbacks get that event too; an instance is
 * submitted by doca_workq_graph_submit and doca_workq_progress_retrieve returns one event of type
 * DOCA_GRAPH_JOB when its run ends (DOCA_ERROR_AGAIN for the jobs of its nodes, which the graph
 * takes).
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest. The 2.5 - 2.6 forms are not served.
 */
#ifndef OPENDOCA_DOCA_GRAPH_H
#define OPENDOCA_DOCA_GRAPH_H

#include <stddef.h>
#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_ctx;
struct doca_event;
struct doca_job;
struct doca_pe;
struct doca_task;
struct doca_workq;

struct doca_graph;
struct doca_graph_node;
struct doca_graph_instance;

#if OPENDOCA_REL >= 27
/**
 * @brief Called by the progress engine when a graph instance's run ends.
 *
 * @param [in] instance the instance
 * @param [in] instance_user_data the instance's user data
 * @param [in] graph_user_data the graph's user data
 */
typedef void (*doca_graph_completion_cb_t)(struct doca_graph_instance *instance, union doca_data instance_user_data,
					   union doca_data graph_user_data);

/**
 * @brief A user node's work, called on the progress thread when the node runs.
 *
 * @param [in] cookie the instance's data of the node (doca_graph_instance_set_user_node_data)
 * @return DOCA_SUCCESS, or an error that fails the instance's run.
 */
typedef doca_error_t (*doca_graph_user_node_cb_t)(void *cookie);
#endif

#if OPENDOCA_REL == 22
/** The job types of graphs (2.2). */
enum doca_graph_job_types {
	DOCA_GRAPH_JOB = 917505, /**< the type of a graph instance's event (DOCA_ACTION_GRAPH_FIRST + 1) */
};

/** The state of a node in a graph instance's run (2.2). */
enum doca_graph_instance_node_state {
	DOCA_GRAPH_INSTANCE_NODE_STATE_NOT_STARTED = 0, /**< waiting for nodes it depends on */
	DOCA_GRAPH_INSTANCE_NODE_STATE_STARTED = 1,     /**< running */
	DOCA_GRAPH_INSTANCE_NODE_STATE_COMPLETED = 2,   /**< completed */
	DOCA_GRAPH_INSTANCE_NODE_STATE_ERROR = 3,       /**< its submission or execution failed */
};

/**
 * @brief A user node's work (2.2), called on the thread retrieving from the work queue when the node runs.
 *
 * @param [in] cookie the instance's data of the node (doca_graph_instance_set_user_node_data)
 * @param [in] ev the instance's event of the node, for the program to fill
 * @return DOCA_SUCCESS, or an error that fails the instance's run.
 */
typedef doca_error_t (*doca_graph_user_node_cb_t)(void *cookie, struct doca_event *ev);
#endif

/**
 * @brief Creates an empty graph bound to a progress engine.
 *
 * @param [in] pe the progress engine that runs the graph's instances
 * @param [out] graph the graph
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_create(struct doca_pe *pe, struct doca_graph **graph);
#endif

/**
 * @brief Creates an empty graph of jobs (2.2), for work queues.
 *
 * @param [out] graph the graph
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.2
 */
#if OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_create(struct doca_graph **graph) OPENDOCA_FORM(doca_graph_create_v2_2);

/**
 * @brief Adds a context node (2.2): a job of a type of a context.
 *
 * @param [in] graph the graph, not started
 * @param [in] job_type the type of the node's jobs
 * @param [in] ctx the context, of the work-queue model
 * @param [out] node the node
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when started,
 *         DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_ctx_node_create(struct doca_graph *graph, int job_type, const struct doca_ctx *ctx,
					struct doca_graph_node **node);

/**
 * @brief Adds a user node (2.2): a callback of the program.
 *
 * @param [in] graph the graph, not started
 * @param [in] cb the callback
 * @param [out] node the node
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when started,
 *         DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_user_node_create(struct doca_graph *graph, doca_graph_user_node_cb_t cb,
					 struct doca_graph_node **node);

/**
 * @brief Adds a sub-graph node (2.2): an instance of another graph, whose jobs run through the work queue of the
 *        graph running it.
 *
 * @param [in] graph the graph, not started
 * @param [in] sub_graph the other graph, started
 * @param [out] node the node
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the graph is started
 *         or the sub-graph is not, DOCA_ERROR_NOT_PERMITTED for the graph itself, DOCA_ERROR_NO_MEMORY when out of
 *         memory.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_sub_graph_node_create(struct doca_graph *graph, struct doca_graph *sub_graph,
					      struct doca_graph_node **node);

/**
 * @brief Adds a started graph to a work queue (2.2), which then runs its instances.
 *
 * @param [in] graph the graph, started, on no work queue
 * @param [in] workq a work queue added to every context of the graph's context nodes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when not started or on
 *         a work queue already, DOCA_ERROR_NOT_FOUND when a context of the graph lacks the work queue.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_workq_add(struct doca_graph *graph, struct doca_workq *workq);

/**
 * @brief Removes a graph from its work queue (2.2).
 *
 * @param [in] graph the graph
 * @param [in] workq its work queue
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NOT_FOUND when not on it,
 *         DOCA_ERROR_IN_USE while an instance of the graph runs.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_workq_rm(struct doca_graph *graph, struct doca_workq *workq);
#endif

/**
 * @brief Destroys a graph and its nodes.
 *
 * @param [in] graph the graph
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE while it is started, or
 *         DOCA_ERROR_IN_USE while another graph's node runs it.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
#endif
#if OPENDOCA_REL >= 27 || OPENDOCA_REL == 22
doca_error_t doca_graph_destroy(struct doca_graph *graph);
#endif

/**
 * @brief Sets a graph's callbacks and the number of its instances (before it starts).
 *
 * @param [in] graph the graph
 * @param [in] graph_completion_cb called when an instance's run ends well
 * @param [in] graph_error_cb called when a node of the instance failed
 * @param [in] num_instances the most instances at once
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when started.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_set_conf(struct doca_graph *graph, doca_graph_completion_cb_t graph_completion_cb,
				 doca_graph_completion_cb_t graph_error_cb, uint32_t num_instances);
#endif

/**
 * @brief Sets a graph's user data (before it starts), passed to its callbacks.
 *
 * @param [in] graph the graph
 * @param [in] user_data the user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when started.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_set_user_data(struct doca_graph *graph, union doca_data user_data);
#endif

/**
 * @brief Gets a graph's user data.
 *
 * @param [in] graph the graph
 * @param [out] user_data the user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_get_user_data(const struct doca_graph *graph, union doca_data *user_data);
#endif

/**
 * @brief Adds a context node: a task of ctx (a 2.5-style context, connected to the graph's progress engine).
 *
 * The node belongs to the graph (destroyed with it) and is a root until a dependency says otherwise.
 *
 * @param [in] graph the graph, not started
 * @param [in] ctx the context whose task the node runs
 * @param [out] node the node
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when started,
 *         DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_node_create_from_ctx(struct doca_graph *graph, const struct doca_ctx *ctx,
					     struct doca_graph_node **node);
#endif

/**
 * @brief Adds a user node: a callback of the program.
 *
 * @param [in] graph the graph, not started
 * @param [in] cb the node's work
 * @param [out] node the node
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when started,
 *         DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_node_create_from_user(struct doca_graph *graph, doca_graph_user_node_cb_t cb,
					      struct doca_graph_node **node);
#endif

/**
 * @brief Adds a sub-graph node: an instance of another started graph of the same progress engine.
 *
 * @param [in] graph the graph, not started
 * @param [in] sub_graph the graph the node runs an instance of (started; graph must not be in it)
 * @param [out] node the node
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when graph is started
 *         or sub_graph is not, DOCA_ERROR_NOT_PERMITTED when the graphs would form a cycle,
 *         DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_node_create_from_graph(struct doca_graph *graph, struct doca_graph *sub_graph,
					       struct doca_graph_node **node);
#endif

/**
 * @brief Makes node to wait for node from.
 *
 * @param [in] graph the graph of both nodes, not started
 * @param [in] from the node waited for
 * @param [in] to the node that waits
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when started,
 *         DOCA_ERROR_NOT_PERMITTED when the edge would close a cycle, DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
#endif
#if OPENDOCA_REL >= 27 || OPENDOCA_REL == 22
doca_error_t doca_graph_add_dependency(struct doca_graph *graph, struct doca_graph_node *from,
				       struct doca_graph_node *to);
#endif

/**
 * @brief Starts a graph: its nodes and edges are fixed, instances may be created.
 *
 * @param [in] graph the graph, with at least one context node, every context running, and a configuration
 * @return DOCA_SUCCESS (also when started already), DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         DOCA_ERROR_BAD_STATE without a context node, a configuration or a running context,
 *         DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
#endif
#if OPENDOCA_REL >= 27 || OPENDOCA_REL == 22
doca_error_t doca_graph_start(struct doca_graph *graph);
#endif

/**
 * @brief Stops a graph, once every instance it made was destroyed.
 *
 * @param [in] graph the graph
 * @return DOCA_SUCCESS (also when stopped already), DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         DOCA_ERROR_IN_USE while instances exist or another started graph's node runs it.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
#endif
#if OPENDOCA_REL >= 27 || OPENDOCA_REL == 22
doca_error_t doca_graph_stop(struct doca_graph *graph);
#endif

/**
 * @brief Creates an instance of a started graph, its nodes' data unset.
 *
 * @param [in] graph the graph
 * @param [out] graph_instance the instance
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when not started,
 *         DOCA_ERROR_NO_MEMORY past the configured number of instances or when out of memory.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
#endif
#if OPENDOCA_REL >= 27 || OPENDOCA_REL == 22
doca_error_t doca_graph_instance_create(const struct doca_graph *graph, struct doca_graph_instance **graph_instance);
#endif

/**
 * @brief Destroys an instance (its nodes' tasks stay the program's).
 *
 * @param [in] graph_instance the instance
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_IN_USE while it is submitted or
 *         is the data of another instance's sub-graph node.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
#elif OPENDOCA_REL == 22
__DOCA_EXPERIMENTAL
#endif
#if OPENDOCA_REL >= 27 || OPENDOCA_REL == 22
doca_error_t doca_graph_instance_destroy(struct doca_graph_instance *graph_instance);
#endif

/**
 * @brief Sets an instance's user data, passed to the graph's callbacks.
 *
 * @param [in] graph_instance the instance
 * @param [in] user_data the user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_IN_USE while it is submitted.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_set_user_data(struct doca_graph_instance *graph_instance, union doca_data user_data);
#endif

/**
 * @brief Gets an instance's user data.
 *
 * @param [in] graph_instance the instance
 * @param [out] user_data the user data
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_get_user_data(const struct doca_graph_instance *graph_instance,
					       union doca_data *user_data);
#endif

/**
 * @brief Sets the task a context node runs in an instance.
 *
 * @param [in] graph_instance the instance, not submitted
 * @param [in] node a context node of the instance's graph
 * @param [in] task an allocated task of the node's context; it must live as long as the instance
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE while submitted,
 *         DOCA_ERROR_NOT_PERMITTED for a node of another graph or kind, or a task of another context.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_set_ctx_node_data(struct doca_graph_instance *graph_instance,
						   struct doca_graph_node *node, struct doca_task *task);
#endif

/**
 * @brief Sets the cookie a user node's callback gets in an instance.
 *
 * @param [in] graph_instance the instance, not submitted
 * @param [in] node a user node of the instance's graph
 * @param [in] cookie the program's
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE while submitted,
 *         DOCA_ERROR_NOT_PERMITTED for a node of another graph or kind.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_set_user_node_data(struct doca_graph_instance *graph_instance,
						    struct doca_graph_node *node, void *cookie);
#endif

/**
 * @brief Sets the sub-graph instance a sub-graph node runs in an instance.
 *
 * @param [in] graph_instance the instance, not submitted
 * @param [in] node a sub-graph node of the instance's graph
 * @param [in] sub_graph_instance an instance of the node's graph, not submitted, not another node's
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE while submitted,
 *         DOCA_ERROR_NOT_PERMITTED for a node of another graph or kind, or an instance of another graph, submitted
 *         or another node's.
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_set_sub_graph_node_data(struct doca_graph_instance *graph_instance,
							 struct doca_graph_node *node,
							 struct doca_graph_instance *sub_graph_instance);
#endif

/**
 * @brief Submits an instance to its graph's progress engine: its root nodes start.
 *
 * @param [in] graph_instance the instance, every node's data set
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument or a node without data, DOCA_ERROR_IN_USE
 *         when submitted already, DOCA_ERROR_NO_LOCK when another thread uses the progress engine, or the
 *         error of submitting a root node's task (no node started then).
 * @since 2.7
 */
#if OPENDOCA_REL >= 27
DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_submit(struct doca_graph_instance *graph_instance);
#endif

#if OPENDOCA_REL == 22
/**
 * @brief Sets the job a context node runs in an instance (2.2), and the event its completion fills.
 *
 * @param [in] graph_instance the instance, not submitted
 * @param [in] node a context node of the instance's graph
 * @param [in] job a job of the node's context and type; it must live as long as the instance
 * @param [in] ev where the job's event goes when it completes
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE while submitted,
 *         DOCA_ERROR_NOT_PERMITTED for a node of another graph or kind, or a job of another context or type.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_set_ctx_node_data(struct doca_graph_instance *graph_instance,
						   struct doca_graph_node *node, struct doca_job *job,
						   struct doca_event *ev)
	OPENDOCA_FORM(doca_graph_instance_set_ctx_node_data_v2_2);

/**
 * @brief Sets the cookie and the event a user node's callback gets in an instance (2.2).
 *
 * @param [in] graph_instance the instance, not submitted
 * @param [in] node a user node of the instance's graph
 * @param [in] cookie the program's
 * @param [in] ev the node's event, passed to the callback
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE while submitted,
 *         DOCA_ERROR_NOT_PERMITTED for a node of another graph or kind.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_set_user_node_data(struct doca_graph_instance *graph_instance,
						    struct doca_graph_node *node, void *cookie, struct doca_event *ev)
	OPENDOCA_FORM(doca_graph_instance_set_user_node_data_v2_2);

/**
 * @brief Sets the sub-graph instance a sub-graph node runs in an instance (2.2).
 *
 * @param [in] graph_instance the instance, not submitted
 * @param [in] node a sub-graph node of the instance's graph
 * @param [in] sub_graph_instance an instance of the node's graph, not submitted, not another node's
 * @param [in] ev the node's event (optional: NULL), filled when the sub-graph instance's run ends (type
 *            DOCA_GRAPH_JOB, its status as result)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE while submitted,
 *         DOCA_ERROR_NOT_PERMITTED for a node of another graph or kind, or an instance of another graph, submitted
 *         or another node's.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t
doca_graph_instance_set_sub_graph_node_data(struct doca_graph_instance *graph_instance, struct doca_graph_node *node,
					    struct doca_graph_instance *sub_graph_instance, struct doca_event *ev)
	OPENDOCA_FORM(doca_graph_instance_set_sub_graph_node_data_v2_2);

/**
 * @brief Submits an instance to the work queue its graph is on (2.2): its root nodes start. The run's end is one
 *        event of type DOCA_GRAPH_JOB with user_data, retrieved by doca_workq_progress_retrieve.
 *
 * @param [in] workq the graph's work queue
 * @param [in] graph_instance the instance, every node's data set
 * @param [in] user_data the user data of the instance's event
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument or a node without data, DOCA_ERROR_IN_USE
 *         when submitted already, DOCA_ERROR_NOT_FOUND when the graph is not on workq, DOCA_ERROR_NO_MEMORY when
 *         the work queue is full, or the error of submitting a root node's job (no node started then).
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_workq_graph_submit(struct doca_workq *workq, struct doca_graph_instance *graph_instance,
				     union doca_data user_data);

/**
 * @brief The number of nodes that failed in an instance's run (2.2), during the run or after it.
 *
 * @param [in] graph_instance the instance
 * @param [out] num_failed_nodes the count
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_get_num_failed_nodes(const struct doca_graph_instance *graph_instance,
						      uint32_t *num_failed_nodes);

/**
 * @brief The nodes that failed in an instance's run (2.2), during the run or after it.
 *
 * @param [in] graph_instance the instance
 * @param [out] failed_nodes room for *num_failed_nodes nodes
 * @param [in,out] num_failed_nodes the room, then the nodes written (at most the room)
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_get_failed_nodes(const struct doca_graph_instance *graph_instance,
						  const struct doca_graph_node **failed_nodes,
						  uint32_t *num_failed_nodes);

/**
 * @brief A node's state in an instance's run (2.2), during the run or after it.
 *
 * @param [in] graph_instance the instance
 * @param [in] node a node of its graph
 * @param [out] state the state
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NOT_PERMITTED for a node of
 *         another graph.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_node_get_state(const struct doca_graph_instance *graph_instance,
						const struct doca_graph_node *node,
						enum doca_graph_instance_node_state *state);

/**
 * @brief A node's result in an instance's run (2.2): its status (u64), once it completed or failed.
 *
 * @param [in] graph_instance the instance
 * @param [in] node a node of its graph
 * @param [out] result the result
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NOT_PERMITTED for a node of
 *         another graph, DOCA_ERROR_BAD_STATE before the node completed.
 * @since 2.2
 */
__DOCA_EXPERIMENTAL
doca_error_t doca_graph_instance_node_get_result(const struct doca_graph_instance *graph_instance,
						 const struct doca_graph_node *node, union doca_data *result);
#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENDOCA_DOCA_GRAPH_H */
