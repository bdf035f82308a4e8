/*
 * The device family's own internals, shared by its units (dev.c and dev_rep.c for the newest
 * forms, dev_v2_7.c, dev_v2_2.c and dev_v1_4.c for older ones, dev_props.c and dev_sysfs.c for
 * what a device is): the objects behind the handles and the functions each release's spelling
 * of a call shares. Hidden from everything else (dev.h is what other families get).
 *
 * Objects (handles, private.h):
 *   devinfo      a device as a listing saw it (doca_devinfo): its rdma-core device, properties,
 *                limits, capabilities and representors. Held by the lists that hold it and by
 *                the devices opened from it; its handle closes with the last holder, so a
 *                device opened from a list keeps its devinfo after the list is destroyed (the
 *                DOCA Core programming guide: destroying a list "only releases unopened devices").
 *   dev          an open device (doca_dev): an rdma-core context and protection domain, and the
 *                count of its users (dev.h); closed only when it has none.
 *   repinfo      a representor as a listing saw it (doca_devinfo_rep), or a 1.x remote device
 *                (doca_devinfo_remote): the same thing, two kinds of handle. Held like a devinfo.
 *   rep          an open representor (doca_dev_rep; a user of its device) or remote device
 *                (doca_dev_remote, 1.x: independent of the device, as the guide says).
 */
#ifndef OPENDOCA_COMMON_DEV_INTERNAL_H
#define OPENDOCA_COMMON_DEV_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <infiniband/verbs.h>

#include "dev.h"

struct doca_devinfo_rep;

/* Sizes of the properties (doca_dev.h's DOCA_DEVINFO_*_SIZE, the same in every release). */
#define DEV_IBDEV_NAME_SIZE 64
#define DEV_IFACE_NAME_SIZE 256
#define DEV_PCI_ADDR_SIZE 13
#define DEV_VUID_SIZE 128
#define DEV_MAC_SIZE 6
#define DEV_IPV4_SIZE 4
#define DEV_IPV6_SIZE 16

/* PCI function types, as enum doca_pci_func_type numbers them in every release. */
enum dev_func_type {
	DEV_FUNC_PF = 0,
	DEV_FUNC_VF = 1,
	DEV_FUNC_SF = 2
};

/* Representor filters, as every release numbers them (0 = all). */
#define DEV_FILTER_NET 2
#define DEV_FILTER_EMULATED 4

/* What a device is. Empty strings and false flags: the property is unknown (DOCA_ERROR_NOT_FOUND). */
struct dev_props {
	char ibdev_name[DEV_IBDEV_NAME_SIZE];
	char iface_name[DEV_IFACE_NAME_SIZE];
	char pci_addr[DEV_PCI_ADDR_SIZE]; /* "dddd:bb:dd.f", lower case */
	char vuid[DEV_VUID_SIZE];
	bool has_mac;
	uint8_t mac[DEV_MAC_SIZE];
	/* Addresses the configuration gives (a simulated device); otherwise the interface's, read
	 * at each query as the kernel has them now. */
	bool has_ipv4, has_ipv6;
	uint8_t ipv4[DEV_IPV4_SIZE], ipv6[DEV_IPV6_SIZE];
	bool has_vhca_id;
	uint16_t vhca_id;
	enum dev_func_type func_type;
	uint32_t sf_index;
	uint16_t lid;
	double active_rate_gbps; /* of port 1 */
	uint32_t max_msg_size;   /* of port 1 */
};

/* What a representor is. */
struct rep_props {
	char iface_name[DEV_IFACE_NAME_SIZE];
	char pci_addr[DEV_PCI_ADDR_SIZE];
	char vuid[DEV_VUID_SIZE];
	enum dev_func_type func_type;
	uint16_t vhca_id;
	bool emulated, hotplug;
};

/* The rdma-core device list a listing took, kept until the last devinfo of it goes. */
struct listing {
	_Atomic uint32_t refs;
	struct ibv_device **devices;
};

/* The part a devinfo and a repinfo share: the holders that keep the handle open. */
struct info {
	struct opendoca_object object;
	_Atomic uint32_t holders;
};

struct devinfo {
	struct info info;
	struct listing *listing;
	struct ibv_device *device;
	bool simulated;
	struct dev_props props;
	struct ibv_device_attr attr;
	uint32_t caps; /* OPENDOCA_CAP_BIT()s */
	uint32_t num_reps;
	struct rep_props *reps;
};

struct dev {
	struct opendoca_object object;
	struct devinfo *devinfo; /* held */
	struct ibv_context *context;
	struct ibv_pd *pd;
	pthread_mutex_t lock; /* users, closed */
	uint32_t users;
	bool closed;
};

struct repinfo {
	struct info info;
	struct devinfo *parent; /* held: the device the representor belongs to */
	struct dev *dev;        /* a reference to the device its list was made from (representors
				 * only: a 1.x remote device outlives it, the guide says) */
	struct rep_props props;
};

struct rep {
	struct opendoca_object object;
	struct repinfo *repinfo; /* held */
	struct dev *dev;         /* a user of it held (a representor); NULL (a remote device) */
};

extern const struct opendoca_kind opendoca_devinfo_kind, opendoca_dev_kind, opendoca_repinfo_kind,
	opendoca_remote_info_kind, opendoca_rep_kind, opendoca_remote_kind;

/* ---- dev.c ---- */

/* The devinfo of handle (a reference taken: opendoca_handle_put it), or NULL after opendoca_fail. */
struct devinfo *dev_devinfo_get(const void *handle, const char *func);
/* The same for an open device. */
struct dev *dev_get(const void *handle, const char *func);
/* Takes a user of an open device (DOCA_ERROR_INVALID_VALUE after opendoca_fail once it is
 * closed) / drops one. */
doca_error_t dev_use(struct dev *dev, const char *func);
void dev_unuse(struct dev *dev);
/* Drops one holder of a devinfo or repinfo: its handle closes with the last. */
void dev_info_release(struct info *info);
/* One more holder, unless the last one is gone (the handle closing): false then. */
bool dev_info_hold(struct info *info);

/*
 * Lists handed to programs: an array of count handles of kind, which the program indexes. The
 * list takes over the items' holders; releasing it releases them. DOCA_ERROR_INVALID_VALUE
 * (after opendoca_fail) when list is no live list of kind.
 */
doca_error_t dev_list_publish(void *const *items, uint32_t count, const struct opendoca_kind *kind, void ***list,
			      uint32_t *count_out, const char *func);
doca_error_t dev_list_release(void **list, const struct opendoca_kind *kind, const char *func);

/* doca_devinfo_create_list (every release's spelling). */
doca_error_t dev_list_create(struct doca_devinfo ***list, uint32_t *count, const char *func);
doca_error_t dev_list_destroy(struct doca_devinfo **list, const char *func);
/* doca_devinfo_is_equal_pci_addr and its 2.2 spelling. */
doca_error_t dev_is_equal_pci_addr(const struct doca_devinfo *devinfo, const char *pci_addr, uint8_t *is_equal,
				   const char *func);
/* A capability query of doca_dev.h (every release's spelling). */
doca_error_t dev_cap(const struct doca_devinfo *devinfo, enum opendoca_cap cap, uint8_t *supported, const char *func);
/* A copy of the device's properties. */
doca_error_t dev_props_of(const struct doca_devinfo *devinfo, struct dev_props *props, const char *func);
/* The device's IPv4 / IPv6 address (size bytes at out), or DOCA_ERROR_NOT_FOUND. */
doca_error_t dev_ip_addr(const struct doca_devinfo *devinfo, int family, uint8_t *out, uint32_t size, const char *func);
/* doca_dev_as_devinfo (every release's spelling): the devinfo handle of an open device. */
struct doca_devinfo *dev_as_devinfo(const struct doca_dev *dev, const char *func);

/* ---- dev_rep.c ---- */

/*
 * A list of the representors (kind: opendoca_repinfo_kind) or remote devices
 * (opendoca_remote_info_kind) of open device dev, filtered by filter (0, DEV_FILTER_NET,
 * DEV_FILTER_EMULATED or both).
 */
doca_error_t dev_rep_list_create(struct doca_dev *dev, int filter, const struct opendoca_kind *kind, void ***list,
				 uint32_t *count, const char *func);
doca_error_t dev_rep_list_destroy(void **list, const struct opendoca_kind *kind, const char *func);
/* A representor's properties: a copy. */
doca_error_t dev_rep_props_of(const void *repinfo, const struct opendoca_kind *kind, struct rep_props *props,
			      const char *func);
doca_error_t dev_rep_is_equal_pci_addr(const struct doca_devinfo_rep *repinfo, const char *pci_addr, uint8_t *is_equal,
				       const char *func);
/* Opens a representor (kind opendoca_rep_kind) or a remote device (opendoca_remote_kind). */
doca_error_t dev_rep_open(const void *repinfo, const struct opendoca_kind *kind, void **rep, const char *func);
doca_error_t dev_rep_close(void *rep, const struct opendoca_kind *kind, const char *func);
/* The repinfo handle of an open representor or remote device. */
void *dev_rep_as_devinfo(void *rep, const struct opendoca_kind *kind, const char *func);

/* ---- dev_props.c: what a device is, as a listing reads it ---- */

/*
 * Reads the properties, limits, capabilities and representors of an rdma-core device into a
 * new devinfo, for public function func: false when it is no device DOCA can use (it cannot be
 * opened), logged at DEBUG.
 */
bool dev_props_read(struct devinfo *devinfo, const char *func);

/* ---- dev_sysfs.c: a real device's properties, read where rdma-core and the kernel keep them ---- */

/*
 * Fills what sysfs tells of rdma-core device ibdev (sysfs: where it is mounted, "/sys"):
 * PCI address, function type and SF number, network interface, MAC address, VUID (the PCI VPD's
 * VU keyword, when readable). Unknown ones stay empty.
 */
void dev_sysfs_read(const char *sysfs, const char *ibdev, struct dev_props *props);
/* Parses a PCI address "dddd:bb:dd.f" or "bb:dd.f" (hex, either case) into "dddd:bb:dd.f". */
bool dev_pci_addr_parse(const char *text, char out[DEV_PCI_ADDR_SIZE]);

#endif /* OPENDOCA_COMMON_DEV_INTERNAL_H */
