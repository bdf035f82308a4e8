/*
 * <doca_clock.h> alone gives what 3.2's clock_cross_timestamp sample takes from it: the clock
 * values and the device header's sizes (sample_headers.c has the rest).
 */
#include <doca_clock.h>

#include "sample_headers.h"

/* As the sample's configuration: a PCI address and two clocks. */
struct clock_sample_cfg {
	char pci_addr[DOCA_DEVINFO_PCI_ADDR_SIZE];
	uint64_t primary_clock, nic_clock;
};

size_t sample_headers_clock(void)
{
	struct clock_sample_cfg cfg = { .primary_clock = DOCA_CLOCK_HOST_REAL_TIME,
					.nic_clock = DOCA_CLOCK_NIC_REAL_TIME };

	return sizeof(cfg.pci_addr) + (cfg.primary_clock != cfg.nic_clock);
}
