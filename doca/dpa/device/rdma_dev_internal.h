/*
 * What the units of libdoca_dpa_dev_comm share (rdma_dev.c: the forms of 2.7 on; rdma_dev_v2_5.c:
 * those of 2.5 and 2.6): an RDMA context's descriptor and connections, and posting on them.
 */
#ifndef OPENDOCA_DPA_DEVICE_RDMA_DEV_INTERNAL_H
#define OPENDOCA_DPA_DEVICE_RDMA_DEV_INTERNAL_H

#include <stdint.h>

#include "dpa_qp_dev.h"
#include "rdma_dev.h"

struct opendoca_dpa_rdma_desc *opendoca_dev_rdma(uint64_t rdma);
/* Connection connection_id's endpoint; the process stops (OPENDOCA_DPA_DEV_ERROR_CONNECTION) if it has none. */
struct opendoca_dpa_qp_desc *opendoca_dev_rdma_conn(uint64_t rdma, uint32_t connection_id);
/* A transfer's length, 1 byte to 2 GiB; the process stops (OPENDOCA_DPA_DEV_ERROR_BAD_RANGE) otherwise. */
uint32_t opendoca_dev_rdma_length(uint64_t length);
/* Posts r on a connection, signaled unless flags has DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS. */
void opendoca_dev_rdma_post(uint64_t rdma, uint32_t connection_id, struct opendoca_dpa_qp_request *r, uint32_t flags);
/* Posts a receive of length bytes at addr (key lkey) on the context's shared receive queue (its
 * SRQ's when made with one; rdma may be a 2.6 SRQ's descriptor). */
void opendoca_dev_rdma_receive(uint64_t rdma, uint32_t lkey, uint64_t addr, uint64_t length);
/* Sets (add 0) or adds to a remote sync event's counter over a connection, unsignaled. */
void opendoca_dev_rdma_signal(uint64_t rdma, uint32_t connection_id, uint64_t remote_sync_event, uint64_t count,
			      int add);

#endif /* OPENDOCA_DPA_DEVICE_RDMA_DEV_INTERNAL_H */
