/*
 * The set-up every example's host program starts with, and its teardown: open an rdma-core
 * device by name, optionally a protection domain, find the application dpacc built and create
 * its DPA process, optionally with a message stream that prints the device's output on stdout
 * and an outbox for the device's queue doorbells.
 *
 *   struct example_setup setup;
 *   if (example_setup_open(&setup, "mlx5_sim0", "my_app", EXAMPLE_WITH_PD | EXAMPLE_WITH_STREAM))
 *           ...
 *   ... flexio_process_call(setup.process, ...) ...
 *   example_setup_close(&setup);   (also after a failed open)
 *
 * example_device_open alone serves set-ups that make their process otherwise (the L2
 * reflector's, shared with tests that hand it an open device and a benchmark that renames its
 * application).
 *
 * Header only: the examples are built one program per directory, with plain gcc too
 * (build_with_gcc.sh), and need nothing but -I examples/common.
 */
#ifndef EXAMPLE_SETUP_H
#define EXAMPLE_SETUP_H

#include <stdio.h>
#include <string.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

enum example_setup_flags {
	EXAMPLE_WITH_PD = 1 << 0,     /* allocate setup.pd and give it to the process */
	EXAMPLE_WITH_STREAM = 1 << 1, /* device prints reach stdout through setup.stream */
	EXAMPLE_WITH_OUTBOX = 1 << 2, /* setup.outbox, whose id the device code configures its thread with */
};

struct example_setup {
	struct ibv_context *ibv_ctx;
	struct ibv_pd *pd; /* NULL without EXAMPLE_WITH_PD */
	struct flexio_app *app;
	struct flexio_process *process;
	struct flexio_msg_stream *stream; /* NULL without EXAMPLE_WITH_STREAM */
	struct flexio_outbox *outbox;     /* NULL without EXAMPLE_WITH_OUTBOX */
};

/* The rdma-core device named dev_name, opened; NULL after printing so to stderr. The device
 * list goes at once: an opened context outlives it (ibv_get_device_list(3)). */
static inline struct ibv_context *example_device_open(const char *dev_name)
{
	struct ibv_device **devs = ibv_get_device_list(NULL);
	struct ibv_context *ibv_ctx = NULL;

	for (int i = 0; devs && devs[i] && !ibv_ctx; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), dev_name))
			ibv_ctx = ibv_open_device(devs[i]);
	if (devs)
		ibv_free_device_list(devs);
	if (!ibv_ctx)
		fprintf(stderr, "Failed to open device %s\n", dev_name);
	return ibv_ctx;
}

/* Returns 0, or -1 after printing what failed to stderr; example_setup_close cleans up either way. */
static inline int example_setup_open(struct example_setup *setup, const char *dev_name, const char *app_name,
				     unsigned int flags)
{
	/* Synchronous: a device print is out before the call that made it returns. */
	flexio_msg_stream_attr_t stream_attr = {
		.data_bsize = 4096,
		.sync_mode = FLEXIO_MSG_DEV_SYNC_MODE_SYNC,
		.level = FLEXIO_MSG_DEV_INFO,
	};
	struct flexio_app_select_attr app_attr = { .app_name = app_name, .hw_model_id = FLEXIO_HW_MODEL_DEF };
	struct flexio_process_attr process_attr = { 0 };

	memset(setup, 0, sizeof(*setup));
	if (flexio_version_set(FLEXIO_VER_USED) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "This libflexio does not serve FLEXIO_VER_USED\n");
		return -1;
	}
	setup->ibv_ctx = example_device_open(dev_name);
	if (!setup->ibv_ctx)
		return -1;
	if (flags & EXAMPLE_WITH_PD) {
		setup->pd = ibv_alloc_pd(setup->ibv_ctx);
		if (!setup->pd) {
			fprintf(stderr, "Failed to allocate a protection domain on %s\n", dev_name);
			return -1;
		}
		process_attr.pd = setup->pd;
	}
	app_attr.ibv_ctx = setup->ibv_ctx;
	if (flexio_app_get(&app_attr, &setup->app) != FLEXIO_STATUS_SUCCESS ||
	    flexio_process_create(setup->ibv_ctx, setup->app, &process_attr, &setup->process) !=
		    FLEXIO_STATUS_SUCCESS) {
		setup->process = NULL;
		fprintf(stderr, "Failed to create the DPA process\n");
		return -1;
	}
	if ((flags & EXAMPLE_WITH_STREAM) && flexio_msg_stream_create(setup->process, &stream_attr, stdout, NULL,
								      &setup->stream) != FLEXIO_STATUS_SUCCESS) {
		setup->stream = NULL;
		fprintf(stderr, "Failed to create the message stream\n");
		return -1;
	}
	if ((flags & EXAMPLE_WITH_OUTBOX) && flexio_outbox_create(setup->process, &(struct flexio_outbox_attr){ 0 },
								  &setup->outbox) != FLEXIO_STATUS_SUCCESS) {
		setup->outbox = NULL;
		fprintf(stderr, "Failed to create the outbox\n");
		return -1;
	}
	return 0;
}

/* Destroys what example_setup_open made, in reverse; the process takes its heap buffers, queues
 * and other children with it. */
static inline void example_setup_close(struct example_setup *setup)
{
	if (setup->outbox)
		flexio_outbox_destroy(setup->outbox);
	if (setup->stream)
		flexio_msg_stream_destroy(setup->stream);
	if (setup->process)
		flexio_process_destroy(setup->process);
	if (setup->pd)
		ibv_dealloc_pd(setup->pd);
	if (setup->ibv_ctx)
		ibv_close_device(setup->ibv_ctx);
	memset(setup, 0, sizeof(*setup));
}

#endif /* EXAMPLE_SETUP_H */
