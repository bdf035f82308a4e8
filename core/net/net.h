/*
 * The uplinks of the simulated devices: what is at the other end of each NIC port's cable, as
 * FLEXIO_SIM_PORTS / FLEXIO_SIM_PORTS_FILE configure it (PORTS.md): nothing, another simulated
 * port (wire), the Linux network stack (TAP), capture files (pcap), a VXLAN tunnel.
 *
 * A port's attachment stands behind the NIC's port interface (nic.h, "Ports"): what its backend
 * receives goes to nic_port_rx (the NIC parses, steers, delivers and counts), and what the NIC
 * sends out of the port comes here through the link the attachment attached to the port
 * (nic_port_attach). Frames no rule took (nic_port_rx's -ENOENT) go to the backend's kernel,
 * when it has one (a TAP). Nothing here knows rdma-core or the simulator: the integrator gives
 * a log and the NICs of other devices (an in-process wire's far end) through struct net_env.
 */
#ifndef OPENFLEXIO_CORE_NET_H
#define OPENFLEXIO_CORE_NET_H

#include <stddef.h>

struct nic;

struct net_env {
	void *user;
	/* One line in the integrator's log: what the configuration names ("FLEXIO_SIM_PORTS",
	 * "FLEXIO_SIM_PORTS_FILE") and what is wrong with it. */
	void (*log)(void *user, const char *what, const char *text);
	/* The NIC of the device called name, made if need be (which attaches its ports, here,
	 * before it returns), or NULL when there is no such device: the far end of an in-process
	 * wire. Called while a device attaches (net_device_attach), on the integrator's thread. */
	struct nic *(*device_nic)(void *user, const char *name);
};

/*
 * Attaches the ports of nic, the NIC of the device called name (FLEXIO_SIM_PORTS entries name
 * it), as the configuration says: each port's MTU and link state set on the NIC (nic_port_set),
 * its link attached (nic_port_attach: what the NIC sends goes to the port's capture, if any,
 * and its backend), its backend started. An entry that cannot be understood, or a backend that
 * cannot start, logs one line and leaves its port unconnected and down. The attachment lasts
 * until the library goes (the receive threads are stopped then). Once per NIC, called once it
 * can be found: an in-process wire's far end reaches it through env->device_nic. 0, or
 * -ENOMEM after one line logged (the ports stay unconnected).
 */
int net_device_attach(const struct net_env *env, struct nic *nic, const char *name);

#endif
