/*
 * What the device family (dev*.c) gives the other DOCA families (mmap, buffers, contexts, DMA ...):
 * the rdma-core objects behind an open device, the count of its users, and its capabilities.
 * Exported in DOCA_PRIVATE (private.h), so libdoca_dma and later libraries use it too.
 *
 * A doca_dev is an rdma-core context (ibv_open_device of the device's ibv_device) and a protection
 * domain on it (ibv_alloc_pd): memory maps register their memory regions on that PD, contexts make
 * their queues on that context. Whoever keeps using a device after the call that was given it (an
 * mmap the device was added to, a context, an inventory ...) holds a user of it
 * (opendoca_dev_hold), and releases it when done: doca_dev_close refuses with DOCA_ERROR_IN_USE
 * while a user is held, so the context and the PD outlive every user.
 */
#ifndef OPENDOCA_COMMON_DEV_H
#define OPENDOCA_COMMON_DEV_H

#include <stdint.h>

#include "caps.h"
#include "private.h"

struct doca_dev;
struct doca_devinfo;
struct ibv_context;
struct ibv_device_attr;
struct ibv_pd;

/*
 * Takes a user of open device dev, for public function func: DOCA_SUCCESS, or
 * DOCA_ERROR_INVALID_VALUE (after opendoca_fail naming func) when dev is not an open device
 * (NULL, closed, another kind of handle). Thread-safe.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_dev_hold(struct doca_dev *dev, const char *func);
/* Releases a user taken by opendoca_dev_hold. */
OPENDOCA_PRIVATE void opendoca_dev_release(struct doca_dev *dev);
/* The number of users of open device dev (0 when dev is not an open device): for tests and logs. */
OPENDOCA_PRIVATE uint32_t opendoca_dev_users(struct doca_dev *dev);

/*
 * The rdma-core context and protection domain of open device dev; NULL when dev is not an open
 * device. Valid while the caller holds a user of dev (or is inside a call given dev, which holds
 * it until the call returns).
 */
OPENDOCA_PRIVATE struct ibv_context *opendoca_dev_ibv_context(struct doca_dev *dev);
OPENDOCA_PRIVATE struct ibv_pd *opendoca_dev_ibv_pd(struct doca_dev *dev);

/*
 * Whether device information devinfo (a doca_devinfo of a list, or of an open device) has
 * capability cap (caps.h): *supported is 1 or 0. DOCA_ERROR_INVALID_VALUE (after opendoca_fail
 * naming func) for a bad devinfo, a NULL supported or an unknown cap.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_devinfo_cap(const struct doca_devinfo *devinfo, enum opendoca_cap cap,
						   uint8_t *supported, const char *func);

/*
 * The attributes rdma-core reports for devinfo's device (ibv_query_device, read when the device was
 * listed): its limits (max_mr_size, max_sge, max_qp_wr ...), for the families' *_cap_get_max_* calls.
 * DOCA_ERROR_INVALID_VALUE (after opendoca_fail naming func) for a bad devinfo or a NULL attr.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_devinfo_attr(const struct doca_devinfo *devinfo, struct ibv_device_attr *attr,
						    const char *func);
/*
 * The largest message devinfo's device moves in one work request (ibv_query_port's max_msg_sz of
 * port 1, read when the device was listed): the DMA family's largest buffer. As opendoca_devinfo_attr.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_devinfo_max_msg_size(const struct doca_devinfo *devinfo, uint64_t *size,
							    const char *func);

/*
 * The GID table of port 1 of devinfo's device, as rdma-core reports it now (ibv_query_port,
 * ibv_query_gid): its size in *table_size (unless NULL), and GIDs start to start + num - 1 in
 * gids (unless NULL: 16 bytes each; on failure some may be written). DOCA_ERROR_INVALID_VALUE for
 * a bad devinfo or a range past the table, DOCA_ERROR_DRIVER when rdma-core fails; one line
 * naming func.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_devinfo_gids(const struct doca_devinfo *devinfo, uint32_t start, uint32_t num,
						    uint8_t *gids, uint32_t *table_size, const char *func);

#endif /* OPENDOCA_COMMON_DEV_H */
