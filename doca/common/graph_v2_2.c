/*
 * DOCA graphs of 2.2 (doca_graph.h): graphs of jobs run by a work queue. The graphs are graph.c's
 * (its module comment says how a 2.2 graph differs); here are 2.2's forms, which read the jobs
 * (struct doca_job is 2.2's) and call graph.c. The forms 2.2 shares with 2.7 (destroy, start,
 * stop, add_dependency, instance create and destroy) are graph.c's alone.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include "doca_ctx.h"
#include "doca_graph.h"

#include "ctx.h"

_Static_assert(DOCA_GRAPH_JOB == DOCA_ACTION_GRAPH_FIRST + 1, "2.2's graph job type");
_Static_assert(DOCA_GRAPH_INSTANCE_NODE_STATE_NOT_STARTED == 0 && DOCA_GRAPH_INSTANCE_NODE_STATE_STARTED == 1 &&
		       DOCA_GRAPH_INSTANCE_NODE_STATE_COMPLETED == 2 && DOCA_GRAPH_INSTANCE_NODE_STATE_ERROR == 3,
	       "graph.c's node states");

doca_error_t doca_graph_create(struct doca_graph **graph)
{
	return opendoca_graph_create_v2_2(graph, __func__);
}

doca_error_t doca_graph_ctx_node_create(struct doca_graph *graph, int job_type, const struct doca_ctx *ctx,
					struct doca_graph_node **node)
{
	return opendoca_graph_ctx_node_create_v2_2(graph, job_type, ctx, node, __func__);
}

doca_error_t doca_graph_user_node_create(struct doca_graph *graph, doca_graph_user_node_cb_t cb,
					 struct doca_graph_node **node)
{
	return opendoca_graph_user_node_create_v2_2(graph, cb, node, __func__);
}

doca_error_t doca_graph_workq_add(struct doca_graph *graph, struct doca_workq *workq)
{
	return opendoca_graph_workq_add(graph, workq, __func__);
}

doca_error_t doca_graph_workq_rm(struct doca_graph *graph, struct doca_workq *workq)
{
	return opendoca_graph_workq_rm(graph, workq, __func__);
}

doca_error_t doca_graph_instance_set_ctx_node_data(struct doca_graph_instance *graph_instance,
						   struct doca_graph_node *node, struct doca_job *job,
						   struct doca_event *ev)
{
	if (!job || !ev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%s is NULL", job ? "ev" : "job");
	return opendoca_graph_instance_set_ctx_node_data_v2_2(graph_instance, node, job, job->ctx, job->type, ev,
							      __func__);
}

doca_error_t doca_graph_instance_set_user_node_data(struct doca_graph_instance *graph_instance,
						    struct doca_graph_node *node, void *cookie, struct doca_event *ev)
{
	if (!ev)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "ev is NULL");
	return opendoca_graph_instance_set_user_node_data_v2_2(graph_instance, node, cookie, ev, __func__);
}

doca_error_t doca_workq_graph_submit(struct doca_workq *workq, struct doca_graph_instance *graph_instance,
				     union doca_data user_data)
{
	return opendoca_workq_graph_submit(workq, graph_instance, user_data, __func__);
}

doca_error_t doca_graph_instance_get_num_failed_nodes(const struct doca_graph_instance *graph_instance,
						      uint32_t *num_failed_nodes)
{
	return opendoca_graph_instance_failed_nodes(graph_instance, NULL, num_failed_nodes, __func__);
}

doca_error_t doca_graph_instance_get_failed_nodes(const struct doca_graph_instance *graph_instance,
						  const struct doca_graph_node **failed_nodes,
						  uint32_t *num_failed_nodes)
{
	if (!failed_nodes)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "failed_nodes is NULL");
	return opendoca_graph_instance_failed_nodes(graph_instance, failed_nodes, num_failed_nodes, __func__);
}

doca_error_t doca_graph_instance_node_get_state(const struct doca_graph_instance *graph_instance,
						const struct doca_graph_node *node,
						enum doca_graph_instance_node_state *state)
{
	int value = 0;
	doca_error_t err;

	if (!state)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "state is NULL");
	err = opendoca_graph_instance_node_run(graph_instance, node, &value, NULL, __func__);
	if (!err)
		*state = (enum doca_graph_instance_node_state)value;
	return err;
}

doca_error_t doca_graph_instance_node_get_result(const struct doca_graph_instance *graph_instance,
						 const struct doca_graph_node *node, union doca_data *result)
{
	if (!result)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "result is NULL");
	return opendoca_graph_instance_node_run(graph_instance, node, NULL, result, __func__);
}

doca_error_t doca_graph_sub_graph_node_create(struct doca_graph *graph, struct doca_graph *sub_graph,
					      struct doca_graph_node **node)
{
	return opendoca_graph_sub_graph_node_create_v2_2(graph, sub_graph, node, __func__);
}

doca_error_t doca_graph_instance_set_sub_graph_node_data(struct doca_graph_instance *graph_instance,
							 struct doca_graph_node *node,
							 struct doca_graph_instance *sub_graph_instance,
							 struct doca_event *ev)
{
	return opendoca_graph_instance_set_sub_graph_node_data_v2_2(graph_instance, node, sub_graph_instance, ev,
								    __func__);
}

void opendoca_graph_event_fill(struct doca_event *ev, doca_error_t status)
{
	*ev = (struct doca_event){ .type = DOCA_GRAPH_JOB, .result.u64 = (uint64_t)status };
}
