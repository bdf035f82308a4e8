/**
 * @file flexio_sim.h
 * OpenFlexIO's extension of the simulated rdma-core device (libflexio_verbs.so.1, and
 * libflexio.so.1, which contains it): what a real device's kernel driver and PCI configuration
 * space tell about a device, and rdma-core's API does not — its PCI address, network interface,
 * addresses, VUID, function type, and the representors of the functions it manages (a
 * BlueField's host PF, VFs, SFs and emulated functions). The DOCA libraries read a simulated
 * device through it as NVIDIA's DOCA reads sysfs for hardware; a program may too.
 *
 * The answers come from the configuration of the process (docs/doca-devices.md):
 * FLEXIO_SIM_DEVICES gives each device its PCI address (`mlx5_0@0000:03:00.0`),
 * FLEXIO_SIM_DEVICE_CONFIG the rest; each call reads them again, as ibv_get_device_list reads
 * FLEXIO_SIM_DEVICES. Unconfigured, a device looks like a BlueField-3's ECPF in DPU mode:
 * device N at 0000:03:00.N (functions 0..7 of bus 3, then the next PCI device), interface pN,
 * no IP address, a MAC address from its GUID, one PF representor pfNhpf of the host's PF N at
 * 0000:3b:00.N.
 *
 * Not part of NVIDIA's APIs: symbol version FLEXIO_SIM_1.0 of libflexio_verbs.so.1.
 */
#ifndef OPENFLEXIO_FLEXIO_SIM_H
#define OPENFLEXIO_FLEXIO_SIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ibv_device;
struct ibv_qp;

/** Size of a PCI address "dddd:bb:dd.f", terminating NUL included. */
#define FLEXIO_SIM_PCI_ADDR_SIZE 13
/** Size of a network interface name (Linux's IFNAMSIZ), terminating NUL included. */
#define FLEXIO_SIM_IFACE_NAME_SIZE 16
/** Size of a VUID (the VU keyword of the PCI VPD), terminating NUL included. */
#define FLEXIO_SIM_VUID_SIZE 128

/** The kind of PCI function a device or a representor is. */
enum flexio_sim_func_type {
	FLEXIO_SIM_FUNC_PF = 0, /**< a physical function */
	FLEXIO_SIM_FUNC_VF = 1, /**< an SR-IOV virtual function */
	FLEXIO_SIM_FUNC_SF = 2, /**< a scalable function */
};

/** What flexio_sim_device_query tells of a simulated device. */
struct flexio_sim_device_attr {
	char pci_addr[FLEXIO_SIM_PCI_ADDR_SIZE];     /**< "dddd:bb:dd.f", lower case */
	char iface_name[FLEXIO_SIM_IFACE_NAME_SIZE]; /**< its network interface */
	char vuid[FLEXIO_SIM_VUID_SIZE];             /**< its VUID */
	uint8_t mac[6];                              /**< its MAC address */
	uint8_t has_ipv4;                            /**< 1 when ipv4 holds a configured address */
	uint8_t has_ipv6;                            /**< 1 when ipv6 holds a configured address */
	uint8_t ipv4[4];                             /**< network byte order */
	uint8_t ipv6[16];                            /**< network byte order */
	uint16_t vhca_id;                            /**< its virtual HCA id */
	uint32_t func_type;                          /**< enum flexio_sim_func_type */
	uint32_t sf_index;                           /**< its SF number (FLEXIO_SIM_FUNC_SF) */
	uint32_t num_reps;                           /**< its representors (flexio_sim_device_query_rep) */
};

/** What flexio_sim_device_query_rep tells of a representor of a simulated device. */
struct flexio_sim_rep_attr {
	char iface_name[FLEXIO_SIM_IFACE_NAME_SIZE]; /**< the representor's network interface ("pf0hpf") */
	char pci_addr[FLEXIO_SIM_PCI_ADDR_SIZE];     /**< the represented function's, "dddd:bb:dd.f" */
	char vuid[FLEXIO_SIM_VUID_SIZE];             /**< the represented function's VUID */
	uint32_t func_type;                          /**< enum flexio_sim_func_type */
	uint16_t vhca_id;                            /**< the represented function's virtual HCA id */
	uint8_t emulated;                            /**< 1: an emulated function (virtio-net ...), 0: a network one */
	uint8_t hotplug;                             /**< 1: a hot-plugged emulated function */
};

/**
 * The properties of a simulated device.
 *
 * @param device     a device of ibv_get_device_list.
 * @param attr       filled with its properties.
 * @param attr_size  sizeof(*attr) as the caller knows it: a larger structure of a later version
 *                   is filled up to what this version knows, the rest zeroed.
 * @return 0; or an errno value, errno set too: ENODEV device is a real rdma-core device (nothing
 *         logged: its properties are the kernel's); EINVAL device is NULL or no device, attr is
 *         NULL or attr_size too small (one log line).
 * @since OpenFlexIO's addition to the simulated device (FLEXIO_SIM_1.0).
 */
int flexio_sim_device_query(struct ibv_device *device, struct flexio_sim_device_attr *attr, size_t attr_size);

/**
 * A representor of a simulated device: index 0 .. num_reps - 1 (flexio_sim_device_query).
 *
 * @param device     a device of ibv_get_device_list.
 * @param index      which representor.
 * @param attr       filled with its properties.
 * @param attr_size  sizeof(*attr) as the caller knows it (as flexio_sim_device_query's).
 * @return 0; or an errno value, errno set too: ENODEV a real rdma-core device; ERANGE no such
 *         representor; EINVAL as flexio_sim_device_query (each refusal but ENODEV logs one line).
 * @since OpenFlexIO's addition to the simulated device (FLEXIO_SIM_1.0).
 */
int flexio_sim_device_query_rep(struct ibv_device *device, uint32_t index, struct flexio_sim_rep_attr *attr,
				size_t attr_size);

/**
 * Hands the sends of a queue pair of a simulated device to the device's DMA engine, for the
 * queue pair's life. By default the simulated NIC executes the work requests ibv_post_send posts
 * before it returns; the DMA engine (a thread of the simulated NIC, started with the first such
 * queue pair) executes them later, in batches, as hardware does: the program learns of them
 * through its completion queue. The DOCA DMA library uses it for its copies.
 *
 * @param qp  a queue pair of ibv_create_qp.
 * @return 0; or an errno value, errno set too: ENODEV a real rdma-core device's queue pair
 *         (nothing logged: it is asynchronous already); EINVAL qp is NULL or no live queue pair
 *         (one log line).
 * @since OpenFlexIO's addition to the simulated device (FLEXIO_SIM_1.0).
 */
int flexio_sim_qp_use_dma_engine(struct ibv_qp *qp);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENFLEXIO_FLEXIO_SIM_H */
