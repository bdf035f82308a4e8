/*
 * flexio_dev_nic_counters_config / _sample (DPA_ECALL_NIC_COUNTERS_CONFIG / _SAMPLE): the
 * byte counters of the uplink ports of the process's device (libflexio_verbs' port layer,
 * flexio_verbs_port_counters), sampled as 32-bit values that wrap, into the array the
 * configuration named. FLEXIO_DEV_NIC_COUNTER_PORTk_{RX,TX}_BYTES is port k + 1 in rdma-core's
 * numbering; a port the device does not have reads 0.
 *
 * As the manual says, bad input crashes the process: more than SIM_NIC_COUNTERS_MAX ids, an
 * id that is no counter, arrays the process cannot read or write, a sample never configured
 * (a thread fault naming the ecall; the error handler runs).
 */
#include "sim.h"

#include <errno.h>
#include <string.h>

#include <libflexio-dev/flexio_dev.h>

#define SIM_NIC_COUNTERS_MAX 64

static struct sim_thread *thread_of(struct dpa_hart *hart)
{
	return dpa_hart_user(hart);
}

/* The calling thread crashes: cause, at the data address (0: the ecall itself). */
static int64_t crash(struct dpa_hart *hart, struct sim_process *p, enum dpa_fault_cause cause, uint64_t address,
		     uint64_t ecall)
{
	struct dpa_fault fault = { .cause = cause, .access = DPA_ACCESS_READ };

	fault.pc = dpa_hart_pc(hart);
	fault.address = address ? address : fault.pc;
	fault.insn = 0x00000073; /* ecall */
	for (unsigned i = 0; i < 32; i++)
		fault.regs[i] = dpa_hart_reg(hart, i);
	fault.instret = dpa_hart_instret(hart);
	fault.cycles = dpa_hart_cycles(hart);
	sim_process_fail_from(p, thread_of(hart), DPA_STATUS_THREAD_FAULT, &fault);
	dpa_hart_request_stop(hart, ecall);
	return -EFAULT;
}

static bool known_id(uint32_t id)
{
	return (id >= FLEXIO_DEV_NIC_COUNTER_PORT0_RX_BYTES && id <= FLEXIO_DEV_NIC_COUNTER_PORT3_RX_BYTES) ||
	       (id >= FLEXIO_DEV_NIC_COUNTER_PORT0_TX_BYTES && id <= FLEXIO_DEV_NIC_COUNTER_PORT3_TX_BYTES);
}

/* a0 = values array, a1 = ids array, a2 = number of ids. */
static int64_t counters_config(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_process *p = user;
	uint32_t ids[SIM_NIC_COUNTERS_MAX];
	uint32_t count = (uint32_t)args[2];

	if (!count || args[2] > SIM_NIC_COUNTERS_MAX)
		return crash(hart, p, DPA_FAULT_ILLEGAL, 0, DPA_ECALL_NIC_COUNTERS_CONFIG);
	if (dpa_process_read(p->engine, args[1], ids, count * sizeof(ids[0])))
		return crash(hart, p, DPA_FAULT_UNMAPPED, args[1], DPA_ECALL_NIC_COUNTERS_CONFIG);
	if (!dpa_process_host_pointer(p->engine, args[0], count * sizeof(uint32_t), true))
		return crash(hart, p, DPA_FAULT_UNMAPPED, args[0], DPA_ECALL_NIC_COUNTERS_CONFIG);
	for (uint32_t i = 0; i < count; i++)
		if (!known_id(ids[i]))
			return crash(hart, p, DPA_FAULT_ILLEGAL, 0, DPA_ECALL_NIC_COUNTERS_CONFIG);
	/* one configuration per process: the count last, so a sampling thread sees whole ones */
	atomic_store_explicit(&p->nic_counter_values, args[0], memory_order_relaxed);
	atomic_store_explicit(&p->nic_counter_ids, args[1], memory_order_relaxed);
	atomic_store_explicit(&p->nic_counter_count, count, memory_order_release);
	return 0;
}

static int64_t counters_sample(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_process *p = user;
	uint32_t count = atomic_load_explicit(&p->nic_counter_count, memory_order_acquire);
	uint64_t ids_at = atomic_load_explicit(&p->nic_counter_ids, memory_order_relaxed);
	uint64_t values_at = atomic_load_explicit(&p->nic_counter_values, memory_order_relaxed);
	uint32_t ids[SIM_NIC_COUNTERS_MAX], values[SIM_NIC_COUNTERS_MAX];

	(void)args;
	if (!count)
		return crash(hart, p, DPA_FAULT_ILLEGAL, 0, DPA_ECALL_NIC_COUNTERS_SAMPLE);
	/* the ids are read again: the program may have changed them since (still counters?) */
	if (dpa_process_read(p->engine, ids_at, ids, count * sizeof(ids[0])))
		return crash(hart, p, DPA_FAULT_UNMAPPED, ids_at, DPA_ECALL_NIC_COUNTERS_SAMPLE);
	for (uint32_t i = 0; i < count; i++) {
		struct flexio_verbs_port_counters c;
		bool tx = ids[i] >= FLEXIO_DEV_NIC_COUNTER_PORT0_TX_BYTES;

		if (!known_id(ids[i]))
			return crash(hart, p, DPA_FAULT_ILLEGAL, 0, DPA_ECALL_NIC_COUNTERS_SAMPLE);
		if (flexio_verbs_port_counters(p->device_index, (ids[i] & 0xf) + 1, &c))
			memset(&c, 0, sizeof(c));
		values[i] = (uint32_t)(tx ? c.tx_bytes : c.rx_bytes);
	}
	if (dpa_process_write(p->engine, values_at, values, count * sizeof(values[0])))
		return crash(hart, p, DPA_FAULT_UNMAPPED, values_at, DPA_ECALL_NIC_COUNTERS_SAMPLE);
	return 0;
}

void sim_counters_services_install(struct sim_process *p)
{
	dpa_process_set_service(p->engine, DPA_ECALL_NIC_COUNTERS_CONFIG, counters_config, p);
	dpa_process_set_service(p->engine, DPA_ECALL_NIC_COUNTERS_SAMPLE, counters_sample, p);
}
