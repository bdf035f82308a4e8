/* The caller's structures in NVIDIA 24.01's layouts (layouts.h): this file sees 24.01's headers. */
#define FLEXIO_VER_USED FLEXIO_VER(24, 1, 0)
#include <libflexio/flexio.h>

#include "../provider.h" /* provider_caller_bool */
#include "layouts.h"

#include <stddef.h>
#include <string.h>

_Static_assert(sizeof(struct flexio_qp_attr) == LAYOUTS_QP_ATTR_SIZE &&
		       offsetof(struct flexio_qp_attr, isolate_vl_tc) == LAYOUTS_QP_ATTR_LAST,
	       "flexio_qp_attr is read as it is: 24.01's layout must be the current one");

void layouts_2401_process_attr(const void *caller, struct process_args *out)
{
	const struct flexio_process_attr *attr = caller;

	*out = (struct process_args){ .pd = attr->pd, .en_pcc = attr->en_pcc };
}

void layouts_2401_app_attr(const void *caller, struct app_args *out)
{
	const struct flexio_app_attr *attr = caller;

	*out = (struct app_args){ .app_name = attr->app_name,
				  .app_ptr = attr->app_ptr,
				  .app_bsize = attr->app_bsize,
				  .sig_sec_name = attr->app_sig_sec_name };
}

void layouts_2401_stream_attr(const void *caller, struct stream_args *out)
{
	const flexio_msg_stream_attr_t *attr = caller;

	*out = (struct stream_args){ .data_bsize = attr->data_bsize,
				     .sync_mode = attr->sync_mode,
				     .stream_name = attr->stream_name,
				     .level = attr->level,
				     .mgmt_affinity = attr->mgmt_affinity,
				     .tracer_mode = attr->tracer_mode,
				     .tracer_msg_formats = attr->tracer_msg_formats };
}

void layouts_2401_event_handler_attr(const void *caller, struct event_handler_args *out)
{
	const struct flexio_event_handler_attr *attr = caller;

	*out = (struct event_handler_args){ .host_stub_func = attr->host_stub_func,
					    .continuable = attr->continuable,
					    .arg = attr->arg,
					    .thread_local_storage_daddr = attr->thread_local_storage_daddr,
					    .affinity = attr->affinity };
}

void layouts_2401_cq_attr(const void *caller, struct cq_args *out)
{
	const struct flexio_cq_attr *attr = caller;

	*out = (struct cq_args){ .log_cq_depth = attr->log_cq_depth,
				 .element_type = attr->element_type,
				 .emulated_eqn = attr->emulated_eqn,
				 .thread = attr->thread,
				 .uar_id = attr->uar_id,
				 .uar_base_addr = attr->uar_base_addr,
				 .cqe_comp_type = attr->cqe_comp_type,
				 .cq_period_mode = attr->cq_period_mode,
				 .cq_period = attr->cq_period,
				 .cq_max_count = attr->cq_max_count,
				 .no_arm = provider_caller_bool(&attr->no_arm),
				 .cc = provider_caller_bool(&attr->cc),
				 .overrun_ignore = attr->overrun_ignore,
				 .always_armed = attr->always_armed,
				 .cq_ring_qmem = attr->cq_ring_qmem,
				 .cq_dbr_daddr = attr->cq_dbr_daddr };
}

void layouts_2401_wq_attr(const void *caller, struct wq_args *out)
{
	const struct flexio_wq_attr *attr = caller;

	*out = (struct wq_args){ .log_wq_stride = attr->log_wq_stride,
				 .log_wq_depth = attr->log_wq_depth,
				 .uar_id = attr->uar_id,
				 .user_index = attr->user_index,
				 .pd = attr->pd,
				 .allow_multi_pkt_send_wqe = attr->sq.allow_multi_pkt_send_wqe,
				 .wq_type = attr->rq.wq_type,
				 .wq_ring_qmem = attr->wq_ring_qmem,
				 .wq_dbr_qmem = attr->wq_dbr_qmem };
}
