/*
 * Flow steering of the simulated devices (rdma-core's mlx5dv_dr_* and the DEVX flow objects):
 * what the port layer (ports.h) asks for each frame. Implemented in steering.c and the
 * mlx5dv_dr_* entry points (dr_*.c). Lock-free on the per-frame path: rules change under
 * traffic without stopping it.
 */
#ifndef OPENFLEXIO_CORE_VERBS_STEERING_H
#define OPENFLEXIO_CORE_VERBS_STEERING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sim_nic;

/* What the receive side decided for a frame. */
enum sim_steer_rx_verdict {
	SIM_STEER_RX_TIR,      /* deliver to the RQ of TIR *tirn (nic_tir_rx) */
	SIM_STEER_RX_DROP,     /* a drop action took it: counted, gone */
	SIM_STEER_RX_MISS,     /* no rule took it (or a default-miss action): the port's miss path, which
			    * hands it to the kernel where the port has one (TAP), else drops it */
	SIM_STEER_RX_TIR_MISS, /* both: a destination array with a TIR and the default miss (a
				* mirror): the RQ of *tirn, and a copy down the miss path */
};

/* A frame received on port (1-based) of nic: the rules of its NIC_RX (and FDB) domains. */
enum sim_steer_rx_verdict sim_steer_rx(struct sim_nic *nic, unsigned port, const void *frame, size_t len,
				       uint32_t *tirn);

/* What the send side decided for a frame a send queue of the device sends. */
enum sim_steer_tx_verdict {
	SIM_STEER_TX_WIRE,     /* out through the port's backend (the default) */
	SIM_STEER_TX_DROP,     /* a drop action took it */
	SIM_STEER_TX_LOOPBACK, /* back into the device's receive side (FDB to a local vport) */
};

/* A frame sent on port by a send queue (sqn): the rules of the NIC_TX and FDB domains. */
enum sim_steer_tx_verdict sim_steer_tx(struct sim_nic *nic, unsigned port, uint32_t sqn, const void *frame, size_t len);

/* Whether the device has a rule in a NIC_RX domain; with armed, one whose TIR (or a TIR of its
 * destination array) would give a frame to an RQ now (nic_tir_ready). Takes sim_lock: for what
 * waits for its receiver (a capture's replay, port_pcap.c), not for frames. */
bool sim_steer_rx_ready(struct sim_nic *nic, bool armed);

#endif
