/*
 * DPA code that includes a DOCA host header, as the device code of NVIDIA's dpa_nvqual sample does
 * (its shared definitions include doca_sync_event.h): the header, and doca_types.h under it, must
 * compile for the DPA, which has no kernel headers, and give the same types as on the host.
 */
#include <doca_sync_event.h>
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>

_Static_assert(sizeof(doca_be16_t) == 2 && sizeof(doca_be32_t) == 4 && sizeof(doca_be64_t) == 8,
	       "the big-endian DOCA types have their host sizes");

/* A kernel whose argument has a type of the host header. */
__dpa_global__ void host_headers_kernel(doca_dpa_dev_sync_event_t event, doca_be32_t value)
{
	doca_dpa_dev_sync_event_update_set(event, value);
}
