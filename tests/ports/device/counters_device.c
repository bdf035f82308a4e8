/* Device side of test_port_counters: flexio_dev_nic_counters_config / _sample. */
#include <libflexio-dev/flexio_dev.h>

/* Port 1 (PORT0) received and sent bytes, then port 2's (the device has none: 0). */
static uint32_t ids[4] = { FLEXIO_DEV_NIC_COUNTER_PORT0_RX_BYTES, FLEXIO_DEV_NIC_COUNTER_PORT0_TX_BYTES,
			   FLEXIO_DEV_NIC_COUNTER_PORT1_RX_BYTES, FLEXIO_DEV_NIC_COUNTER_PORT1_TX_BYTES };
static uint32_t values[4];
static uint32_t bad_ids[2] = { FLEXIO_DEV_NIC_COUNTER_PORT0_RX_BYTES, 0x99 };

__dpa_rpc__ uint64_t counters_config(uint64_t unused)
{
	(void)unused;
	flexio_dev_nic_counters_config(values, ids, 4);
	return 0;
}

/* Samples; returns counter index's value (4: the sum of the port 2 ones). */
__dpa_rpc__ uint64_t counters_sample(uint64_t index)
{
	flexio_dev_nic_counters_sample();
	return index < 4 ? values[index] : (uint64_t)values[2] + values[3];
}

/* An id that is no counter: the process crashes. */
__dpa_rpc__ uint64_t counters_bad_id(uint64_t unused)
{
	(void)unused;
	flexio_dev_nic_counters_config(values, bad_ids, 2);
	return 0;
}
