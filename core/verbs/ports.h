/*
 * The uplink ports of the simulated devices and their backends (wire, TAP, pcap, VXLAN):
 * where frames come from and go to. Implemented in ports.c and port_*.c (one file per backend).
 *
 * Receive: a backend hands each frame it gets to sim_port_receive, which asks steering
 * (steering.h) and delivers it to a TIR's RQ (nic_tir_rx), the port's miss path, or counts a
 * drop. Send: the NIC's port_tx (nic.c) calls sim_port_transmit, which asks steering and gives
 * the frame to the backend (or loops it back into the receive side).
 */
#ifndef OPENFLEXIO_CORE_VERBS_PORTS_H
#define OPENFLEXIO_CORE_VERBS_PORTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sim_nic;

void sim_port_receive(struct sim_nic *nic, unsigned port, const void *frame, size_t len);
void sim_port_transmit(struct sim_nic *nic, unsigned port, uint32_t sqn, const void *frame, size_t len);

/* Counters of a port since the device's NIC was made (flexio_dev_nic_counters_*, port
 * queries). */
struct sim_port_counters {
	uint64_t rx_frames, rx_bytes; /* arrived from the backend */
	uint64_t tx_frames, tx_bytes; /* given to the backend */
	uint64_t rx_to_queue;         /* delivered to an RQ */
	uint64_t rx_missed;           /* no rule: to the kernel, or dropped where there is none */
	uint64_t rx_dropped;          /* a drop rule, no WQE, too long, malformed */
	uint64_t tx_dropped;          /* a drop rule, or the backend failed */
};
void sim_port_counters(struct sim_nic *nic, unsigned port, struct sim_port_counters *counters);


/* ---- for nic.c and port.c ---- */

/* Opens the ports of a NIC just made, as FLEXIO_SIM_PORTS / FLEXIO_SIM_PORTS_FILE configure
 * them (PORTS.md): sets each port's MTU and starts its backend. Called by sim_nic_of with
 * sim_lock held, once the NIC is published (an in-process wire makes its peer's NIC). A port
 * whose configuration is wrong or whose backend cannot start logs one line and stays down. */
void sim_ports_open(struct sim_nic *nic);

/* What ibv_query_port reports of a port: whether a backend is connected (ACTIVE, else DOWN)
 * and its MTU. false for a port the device does not have. */
bool sim_port_state(struct sim_nic *nic, unsigned port, bool *connected, uint32_t *mtu);

/* The NIC of the device of creation index `index`, or NULL when it has none yet (nic.c;
 * lock-free: an acquire load). */
struct sim_nic *sim_nic_at(int index);

#endif
