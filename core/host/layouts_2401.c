/* The caller's structures in NVIDIA 24.01's layouts (layouts.h): this file sees 24.01's headers. */
#define FLEXIO_VER_USED FLEXIO_VER(24, 1, 0)
#include <libflexio/flexio.h>

#include "layouts.h"

#include <string.h>

void layouts_2401_process_attr(const void *caller, struct process_args *out)
{
	const struct flexio_process_attr *attr = caller;

	*out = (struct process_args){.pd = attr->pd, .en_pcc = attr->en_pcc};
}

void layouts_2401_app_attr(const void *caller, struct app_args *out)
{
	const struct flexio_app_attr *attr = caller;

	*out = (struct app_args){.app_name = attr->app_name, .app_ptr = attr->app_ptr, .app_bsize = attr->app_bsize,
				 .sig_sec_name = attr->app_sig_sec_name};
}

void layouts_2401_stream_attr(const void *caller, struct stream_args *out)
{
	const flexio_msg_stream_attr_t *attr = caller;

	*out = (struct stream_args){.data_bsize = attr->data_bsize, .sync_mode = attr->sync_mode,
				    .stream_name = attr->stream_name, .level = attr->level,
				    .mgmt_affinity = attr->mgmt_affinity, .tracer_mode = attr->tracer_mode,
				    .tracer_msg_formats = attr->tracer_msg_formats};
}

void layouts_2401_event_handler_attr(const void *caller, struct event_handler_args *out)
{
	const struct flexio_event_handler_attr *attr = caller;

	*out = (struct event_handler_args){.host_stub_func = attr->host_stub_func, .continuable = attr->continuable,
					   .arg = attr->arg,
					   .thread_local_storage_daddr = attr->thread_local_storage_daddr,
					   .affinity = attr->affinity};
}
