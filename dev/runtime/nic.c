/* NIC counters and the programmable congestion control table (current edition). */
#include "runtime.h"

void flexio_dev_nic_counters_config(uint32_t *counter_values, uint32_t *counter_ids, uint32_t num_counters)
{
	/* The manual: bad input crashes the process. The runtime checks ids and counts. */
	if (!counter_values || !counter_ids || num_counters == 0)
		__builtin_trap();
	__flexio_dev_ecall3(DPA_ECALL_NIC_COUNTERS_CONFIG, (uint64_t)(uintptr_t)counter_values,
			    (uint64_t)(uintptr_t)counter_ids, num_counters);
}

void flexio_dev_nic_counters_sample(void)
{
	__flexio_dev_ecall0(DPA_ECALL_NIC_COUNTERS_SAMPLE);
}

uint64_t flexio_dev_get_pcc_table_base(uint16_t vhca_id)
{
	uint64_t base = __flexio_dev_ecall1(DPA_ECALL_PCC_TABLE_BASE, vhca_id);

	return dev_status_of(base) == FLEXIO_DEV_STATUS_SUCCESS ? base : 0;
}
