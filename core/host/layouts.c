/* The caller's structures in the layout of its release (layouts.h): the current layouts here. */
#include <libflexio/flexio.h>

#include "layouts.h"

#include <stdbool.h>

/* Layouts by release: 24.01's up to 24.9, the current ones from 24.10, the stream's 26.x
 * transport_mode from 26.0. */
static bool layouts_2401(void)
{
	return layouts_version() < FLEXIO_CURRENT_EDITION_FIRST_VERSION;
}

void layouts_process_attr(const void *caller, struct process_args *out)
{
	const struct flexio_process_attr *attr = caller;

	if (!caller)
		*out = (struct process_args){0};
	else if (layouts_2401())
		layouts_2401_process_attr(caller, out);
	else
		*out = (struct process_args){.pd = attr->pd, .en_pcc = attr->en_pcc, .name = attr->name};
}

void layouts_app_attr(const void *caller, struct app_args *out)
{
	const struct flexio_app_attr *attr = caller;

	if (layouts_2401())
		layouts_2401_app_attr(caller, out);
	else
		*out = (struct app_args){.app_name = attr->app_name, .app_ptr = attr->app_ptr,
					 .app_bsize = attr->app_bsize, .sig_ptr = attr->sig_ptr,
					 .sig_bsize = attr->sig_bsize, .dpa_api_version = attr->dpa_api_version,
					 .flexio_dev_versions = attr->flexio_dev_versions,
					 .flexio_dev_versions_len_size = attr->flexio_dev_versions_len_size};
}

void layouts_stream_attr(const void *caller, struct stream_args *out)
{
	const flexio_msg_stream_attr_t *attr = caller;

	if (layouts_2401()) {
		layouts_2401_stream_attr(caller, out);
		return;
	}
	*out = (struct stream_args){.data_bsize = attr->data_bsize, .sync_mode = attr->sync_mode,
				    .stream_name = attr->stream_name, .level = attr->level,
				    .mgmt_affinity = attr->mgmt_affinity, .tracer_mode = attr->tracer_mode,
				    .tracer_msg_formats = attr->tracer_msg_formats};
	/* 25.x structures end before transport_mode. */
	if (layouts_version() >= FLEXIO_RELEASE_26_FIRST_VERSION)
		out->transport_mode = attr->transport_mode;
}

void layouts_event_handler_attr(const void *caller, struct event_handler_args *out)
{
	const struct flexio_event_handler_attr *attr = caller;

	if (layouts_2401())
		layouts_2401_event_handler_attr(caller, out);
	else
		*out = (struct event_handler_args){.host_stub_func = attr->host_stub_func,
						   .continuable = attr->continuable, .arg = attr->arg,
						   .thread_local_storage_daddr = attr->thread_local_storage_daddr,
						   .affinity = attr->affinity, .name = attr->name};
}
