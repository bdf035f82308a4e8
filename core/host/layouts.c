/* The caller's structures in the layout of its release (layouts.h): the current layouts here. */
#include <libflexio/flexio.h>

#include "../provider.h" /* provider_caller_bool */
#include "layouts.h"

#include <stdbool.h>
#include <stddef.h>

_Static_assert(sizeof(struct flexio_qp_attr) == LAYOUTS_QP_ATTR_SIZE &&
		       offsetof(struct flexio_qp_attr, isolate_vl_tc) == LAYOUTS_QP_ATTR_LAST,
	       "flexio_qp_attr is read as it is: its layout must be 24.01's");

/* Layouts by release: 24.01's up to 24.9, the current ones from 24.10, the stream's
 * transport_mode from 25.x (NVIDIA 25.1). */
static bool layouts_2401(void)
{
	return layouts_version() < FLEXIO_CURRENT_EDITION_FIRST_VERSION;
}

void layouts_process_attr(const void *caller, struct process_args *out)
{
	const struct flexio_process_attr *attr = caller;

	if (!caller)
		*out = (struct process_args){ 0 };
	else if (layouts_2401())
		layouts_2401_process_attr(caller, out);
	else
		*out = (struct process_args){ .pd = attr->pd, .en_pcc = attr->en_pcc, .name = attr->name };
}

void layouts_app_attr(const void *caller, struct app_args *out)
{
	const struct flexio_app_attr *attr = caller;

	if (layouts_2401())
		layouts_2401_app_attr(caller, out);
	else
		*out = (struct app_args){ .app_name = attr->app_name,
					  .app_ptr = attr->app_ptr,
					  .app_bsize = attr->app_bsize,
					  .sig_ptr = attr->sig_ptr,
					  .sig_bsize = attr->sig_bsize,
					  .dpa_api_version = attr->dpa_api_version,
					  .flexio_dev_versions = attr->flexio_dev_versions,
					  .flexio_dev_versions_len_size = attr->flexio_dev_versions_len_size };
}

void layouts_stream_attr(const void *caller, struct stream_args *out)
{
	const flexio_msg_stream_attr_t *attr = caller;

	if (layouts_2401()) {
		layouts_2401_stream_attr(caller, out);
		return;
	}
	*out = (struct stream_args){ .data_bsize = attr->data_bsize,
				     .sync_mode = attr->sync_mode,
				     .stream_name = attr->stream_name,
				     .level = attr->level,
				     .mgmt_affinity = attr->mgmt_affinity,
				     .tracer_mode = attr->tracer_mode,
				     .tracer_msg_formats = attr->tracer_msg_formats };
	/* Structures before 25.x end before transport_mode. */
	if (layouts_version() >= FLEXIO_MSG_TRANSPORT_FIRST_VERSION)
		out->transport_mode = attr->transport_mode;
}

void layouts_event_handler_attr(const void *caller, struct event_handler_args *out)
{
	const struct flexio_event_handler_attr *attr = caller;

	if (layouts_2401())
		layouts_2401_event_handler_attr(caller, out);
	else
		*out = (struct event_handler_args){ .host_stub_func = attr->host_stub_func,
						    .continuable = attr->continuable,
						    .arg = attr->arg,
						    .thread_local_storage_daddr = attr->thread_local_storage_daddr,
						    .affinity = attr->affinity,
						    .name = attr->name };
}

void layouts_cq_attr(const void *caller, struct cq_args *out)
{
	const struct flexio_cq_attr *attr = caller;

	if (layouts_2401()) {
		layouts_2401_cq_attr(caller, out);
		return;
	}
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
				 .cq_dbr_daddr = attr->cq_dbr_daddr,
				 .cqe_comp_format = attr->cqe_comp_format };
}

void layouts_wq_attr(const void *caller, struct wq_args *out)
{
	const struct flexio_wq_attr *attr = caller;

	if (layouts_2401()) {
		layouts_2401_wq_attr(caller, out);
		return;
	}
	*out = (struct wq_args){ .log_wq_stride = attr->log_wq_stride,
				 .log_wq_depth = attr->log_wq_depth,
				 .uar_id = attr->uar_id,
				 .user_index = attr->user_index,
				 .pd = attr->pd,
				 .allow_multi_pkt_send_wqe = attr->sq.allow_multi_pkt_send_wqe,
				 .tis = attr->sq.tis,
				 .wq_type = attr->rq.wq_type,
				 .end_pad_mode = attr->rq.end_pad_mode,
				 .vlan_strip_disable = attr->rq.vlan_strip_disable,
				 .td = attr->rq.td,
				 .wq_ring_qmem = attr->wq_ring_qmem,
				 .wq_dbr_qmem = attr->wq_dbr_qmem };
}
