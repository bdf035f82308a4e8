/* UARs and the objects that use them (uar.c, outbox.c, mkey.c). */
#ifndef OPENFLEXIO_CORE_HOST_UAR_H
#define OPENFLEXIO_CORE_HOST_UAR_H

#include "process.h"

struct uar {
	struct process_child child;  /* first: handle_get returns the object */
	struct ibv_context *ibv_ctx; /* the device the UAR belongs to */
	struct mlx5dv_devx_uar *devx;
	bool own_devx;        /* allocated here (else the caller's, older edition) */
	uint32_t id;          /* the devx UAR's page id */
	uint32_t extended_id; /* flexio_uar_device_id of an extended UAR, else 0 */
};

/* The UAR of a live handle with a reference (handle_put), or NULL logged as func. */
struct uar *uar_get(const flexio_uar *handle, const char *func);

/* Process destruction dumps the recoverable buffers left (mkey.c). */
void recoverable_dump_all(struct process *process);

#endif
