/*
 * What a sync event's DPA handle (doca_dpa_dev_sync_event_t, doca_dpa_dev_sync_event_remote_net_t)
 * names in the DPA memory of the DOCA DPA context it was exported to: this descriptor, written
 * when the handle is made (sync_event_export.c). The event's 64-bit counter is host memory at
 * haddr, registered on the context's device with key mkey (local and remote read, write and
 * atomic access): DPA code reaches it through a FlexIO window configured with mkey
 * (flexio_dev_window_config, then flexio_dev_window_ptr_acquire(haddr)) and reads or stores it;
 * adds are RDMA fetch-and-adds with mkey as rkey (the DPA's atomics reach DPA memory only). Read by DPA code (DOCA DPA's device
 * library), so it includes nothing but <stdint.h>.
 */
#ifndef OPENDOCA_COMMON_SYNC_EVENT_DPA_H
#define OPENDOCA_COMMON_SYNC_EVENT_DPA_H

#include <stdint.h>

struct opendoca_dpa_sync_event {
	uint64_t haddr; /* the counter: 8 bytes, 8-byte aligned */
	uint32_t mkey;  /* its memory key on the DPA context's device */
	uint32_t flags; /* OPENDOCA_DPA_SYNC_EVENT_* */
};

/* The handle is a remote net event's (doca_sync_event_remote_net_get_dpa_handle): haddr and mkey
 * are the exporter's counter as the exporter's device knows it, the target of RDMA signals. */
#define OPENDOCA_DPA_SYNC_EVENT_REMOTE_NET 1u

#endif /* OPENDOCA_COMMON_SYNC_EVENT_DPA_H */
