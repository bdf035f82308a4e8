/*
 * What DOCA programs take from a header beyond its declarations, compiled once per release (the
 * test builds it with DOCA_VER_USED and SAMPLE_HEADERS set): NVIDIA's DMA samples print sizes
 * with PRIu64 having included <doca_dma.h> alone; 3.2's clock sample sizes a PCI address with
 * DOCA_DEVINFO_PCI_ADDR_SIZE having included <doca_clock.h> alone.
 */
#include <stdio.h>

#include <doca_dma.h>

#include "sample_headers.h"

int SAMPLE_HEADERS(char *out, size_t size)
{
	return snprintf(out, size, "%" PRIu64 " %" PRIx64, (uint64_t)1 << 40, (uint64_t)0xdeadbeef);
}
