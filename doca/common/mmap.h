/*
 * DOCA memory maps inside the libraries (doca_mmap.h): the map object its units share
 * (mmap.c: 2.5 and later; mmap_v2_2.c, mmap_v1_4.c: the older forms), what buffers ask of a map,
 * exports and imports (mmap_export.c), and what the other DOCA libraries reach memory through
 * (DOCA_PRIVATE): a buffer's memory is in this process, in another process of the machine (a map
 * created from a PCI export), or on the DPA, and the DMA context copies accordingly.
 *
 * The life of a map (NVIDIA's, 2.x): created, given one memory range (host memory, a dma-buf, DPA
 * memory), permissions and devices, then started: starting registers the range with each device
 * (ibv_reg_mr on the device's PD, the access from the permissions); a started map hands out
 * buffers and exports; stopping deregisters, revokes the exports and is refused while buffers
 * point into it. 1.x's maps (doca_mmap_create(name, ...), the DOCA Core programming guide) are
 * started first and then given devices and chunks (doca_mmap_dev_add, doca_mmap_populate), each
 * registered as it comes: a map remembers which life it leads (legacy).
 */
#ifndef OPENDOCA_COMMON_MMAP_H
#define OPENDOCA_COMMON_MMAP_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doca_error.h"
#include "doca_types.h"
#include "private.h"

struct doca_dev;
struct doca_mmap;
struct ibv_mr;
struct ibv_pd;
struct opendoca_export;
struct opendoca_import;
struct opendoca_reach;

/* Frees a memory range when its map is destroyed (doca_mmap_memrange_free_cb_t). */
typedef void(opendoca_mmap_free_cb)(void *addr, size_t len, void *opaque);

/* ---------------------------------------------------------------------------------------------- */
/* DOCA DPA contexts, as the memory family sees them                                              */
/* ---------------------------------------------------------------------------------------------- */

/*
 * The part of a DOCA DPA context (struct doca_dpa, libdoca_dpa) that maps over DPA memory
 * (doca_mmap_set_dpa_memrange) and buffer arrays for the DPA (doca_buf_arr_set_target_dpa) use:
 * the device it runs on and what its FlexIO process does for them. libdoca_dpa's context starts
 * with this structure and opens its handle with kind opendoca_dpa_kind(), so that the handle a
 * program passes is checked here like any other; libdoca_dpa, which links libflexio, gives the
 * operations (flexio_device_mkey_create, flexio_buf_dev_alloc, flexio_host2dev_memcpy ...), so
 * that libdoca_common reaches the device through rdma-core alone. Failures are logged by the
 * operation, as func's.
 */
struct opendoca_dpa;

/*
 * DOCA RDMA with its datapath on the DPA (doca_ctx_set_datapath_on_dpa): what libdoca_dpa makes
 * for libdoca_rdma (doca/dpa/rdma_dpa.c has the design): a shared receive queue and one DPA QP
 * endpoint per connection, which DPA code posts on through the context's DPA handle.
 */
struct opendoca_dpa_rdma;
struct doca_dpa_completion;

struct opendoca_dpa_rdma_attr {
	uint32_t max_conns; /* connections it will have */
	uint32_t sq_size;   /* work requests in flight per connection */
	uint32_t rq_size;   /* receives posted on the shared queue */
	int access;         /* IBV_ACCESS_REMOTE_{WRITE,READ,ATOMIC}: what peers may do */
	/* where completions go (doca_rdma_dpa_completion_attach), NULL: nowhere the program sees */
	struct doca_dpa_completion *completion;
	/*
	 * 2.6's doca_rdma_create_with_srq: the shared receive queue (rdma_srq_create's, of the same
	 * DOCA DPA context) the connections receive from in place of the context's own (rq_size
	 * unused); the datapath keeps it until it goes. NULL: its own.
	 */
	struct opendoca_dpa_rdma *srq;
};

struct opendoca_dpa_ops {
	/* A memory key over [daddr, daddr + len) of the process's memory, IBV_ACCESS_* access. */
	doca_error_t (*mkey_create)(struct opendoca_dpa *dpa, uint64_t daddr, size_t len, int access, void **mkey,
				    uint32_t *key, const char *func);
	void (*mkey_destroy)(struct opendoca_dpa *dpa, void *mkey);
	/* Memory of the process's heap, written from the host, freed. */
	doca_error_t (*mem_alloc)(struct opendoca_dpa *dpa, size_t size, uint64_t *daddr, const char *func);
	doca_error_t (*mem_write)(struct opendoca_dpa *dpa, uint64_t daddr, const void *src, size_t size,
				  const char *func);
	void (*mem_free)(struct opendoca_dpa *dpa, uint64_t daddr);
	/* The DOCA RDMA datapath (the context started; its completion attached, started and ours):
	 * *handle is the doca_dpa_dev_rdma_t. */
	doca_error_t (*rdma_create)(struct opendoca_dpa *dpa, const struct opendoca_dpa_rdma_attr *attr,
				    struct opendoca_dpa_rdma **rdma, uint64_t *handle, const char *func);
	/* Whether completion is a DPA completion context of dpa (doca_rdma_dpa_completion_attach). */
	doca_error_t (*rdma_completion_check)(struct opendoca_dpa *dpa, struct doca_dpa_completion *completion,
					      const char *func);
	/* Connection id (< max_conns, once): its endpoint; *qpn and gid (16 bytes) for the peer. */
	doca_error_t (*rdma_conn_create)(struct opendoca_dpa_rdma *rdma, uint32_t id, uint32_t *qpn, uint8_t *gid,
					 const char *func);
	/* Connects connection id to the peer's QP (mtu: enum ibv_mtu). */
	doca_error_t (*rdma_conn_connect)(struct opendoca_dpa_rdma *rdma, uint32_t id, uint32_t peer_qpn,
					  const uint8_t *peer_gid, uint32_t mtu, const char *func);
	/* Every connection's QP to error: nothing more executes (the RDMA context stops). */
	void (*rdma_stop)(struct opendoca_dpa_rdma *rdma);
	/* Frees it (and detaches the completion); DPA code must no longer use its handle. */
	void (*rdma_destroy)(struct opendoca_dpa_rdma *rdma);
	/*
	 * 2.6's doca_rdma_srq on the DPA: a datapath without connections whose shared receive queue
	 * of size receives the datapaths made with it (attr.srq) share; *handle is the
	 * doca_dpa_dev_rdma_srq_t DPA code posts receives on. rdma_srq_destroy: its owner is done
	 * with it; it goes once no datapath uses it.
	 */
	doca_error_t (*rdma_srq_create)(struct opendoca_dpa *dpa, uint32_t size, struct opendoca_dpa_rdma **srq,
					uint64_t *handle, const char *func);
	void (*rdma_srq_destroy)(struct opendoca_dpa_rdma *srq);
};

struct opendoca_dpa {
	struct opendoca_object object;
	const struct opendoca_dpa_ops *ops;
	struct doca_dev *dev; /* the device it runs on (the context holds a user of it) */
};

/* The kind of DOCA DPA context handles ("DOCA DPA context"). */
OPENDOCA_PRIVATE const struct opendoca_kind *opendoca_dpa_kind(void);

/* ---------------------------------------------------------------------------------------------- */
/* The map                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/* Where a map's memory is. */
enum opendoca_mem_kind {
	OPENDOCA_MEM_NONE,     /* no range yet */
	OPENDOCA_MEM_HOST,     /* this process's memory: doca_mmap_set_memrange, doca_mmap_populate */
	OPENDOCA_MEM_DMABUF,   /* a dma-buf: doca_mmap_set_dmabuf_memrange */
	OPENDOCA_MEM_DPA,      /* a DPA process's heap: doca_mmap_set_dpa_memrange */
	OPENDOCA_MEM_IMPORTED, /* another map's, from its export: doca_mmap_create_from_export */
};

/* A memory range of a map: the one range of 2.x, or one of 1.x's populated chunks. */
struct opendoca_mmap_chunk {
	uint64_t addr;
	size_t len;
	bool memrange; /* the map's range (its free callback is the map's), not a populated chunk */
	opendoca_mmap_free_cb *free_cb;
	void *opaque;
};

/* A device of a map, and while the map is started, its memory regions (one per chunk). */
struct opendoca_mmap_dev {
	struct doca_dev *dev; /* a user of it is held (opendoca_dev_hold) */
	struct ibv_mr **mrs;
};

struct opendoca_mmap {
	struct opendoca_object object;
	pthread_mutex_t lock;  /* the control calls against each other, and against the export server */
	_Atomic bool started;  /* changes only while no buffer is out */
	_Atomic bool stopping; /* a stop counts the buffers: a buffer taken meanwhile waits */
	bool ever_started;
	bool legacy;      /* 1.x: devices and chunks come after start */
	bool thread_safe; /* doca_mmap_enable_thread_safety: destroy defers to the last buffer */
	bool exported;
	bool from_export;
	char *name; /* 1.x */
	union doca_data user_data;
	uint32_t permissions; /* DOCA_ACCESS_FLAG_* */
	uint32_t max_devices;
	uint32_t max_chunks;
	enum opendoca_mem_kind kind;
	struct opendoca_mmap_chunk *chunks;
	uint32_t num_chunks;
	opendoca_mmap_free_cb *free_cb; /* doca_mmap_set_free_cb: of the memory range */
	void *free_opaque;
	struct opendoca_mmap_dev *devs;
	uint32_t num_devs;
	int dmabuf_fd;
	size_t dmabuf_offset;
	struct opendoca_dpa *dpa; /* OPENDOCA_MEM_DPA: the context (held), and while started the range's key */
	void *dpa_mkey;
	uint32_t dpa_key;
	struct opendoca_export *exports; /* the descriptors handed out, revoked when the map stops */
	struct opendoca_import *import;  /* OPENDOCA_MEM_IMPORTED */
	_Atomic uint32_t num_bufs;
};

extern const struct opendoca_kind opendoca_mmap_kind __attribute__((visibility("hidden")));

/* The map behind a program's handle (a reference for the call), or NULL after opendoca_fail. */
struct opendoca_mmap *opendoca_mmap_get(const struct doca_mmap *mmap, const char *func);
static inline void opendoca_mmap_put(struct opendoca_mmap *mmap)
{
	opendoca_handle_put(&mmap->object);
}

/*
 * A new map (legacy for 1.x's), not yet a handle: opendoca_mmap_open gives it one (or frees it),
 * opendoca_mmap_discard frees it. NULL after opendoca_fail when out of memory.
 */
struct opendoca_mmap *opendoca_mmap_alloc(bool legacy, const char *name, const union doca_data *user_data,
					  const char *func);
doca_error_t opendoca_mmap_open(struct opendoca_mmap *mmap, struct doca_mmap **handle, const char *func);
void opendoca_mmap_discard(struct opendoca_mmap *mmap);
/* Creates a map (a handle for *mmap); legacy for 1.x's. */
doca_error_t opendoca_mmap_create(bool legacy, const char *name, const union doca_data *user_data,
				  struct doca_mmap **mmap, const char *func);
/* Sets the map's one memory range, of kind (HOST, DMABUF, DPA), before start. */
doca_error_t opendoca_mmap_set_range(struct opendoca_mmap *mmap, enum opendoca_mem_kind kind, uint64_t addr, size_t len,
				     const char *func);
doca_error_t opendoca_mmap_add_device(struct opendoca_mmap *mmap, struct doca_dev *dev, const char *func);
doca_error_t opendoca_mmap_rm_device(struct opendoca_mmap *mmap, struct doca_dev *dev, const char *func);
/* 1.x: adds a chunk to a started map, registered with each device now. */
doca_error_t opendoca_mmap_populate(struct opendoca_mmap *mmap, void *addr, size_t len, size_t pg_sz,
				    opendoca_mmap_free_cb *free_cb, void *opaque, const char *func);
/* The dma-buf memory range of every release's form: buffers address [addr, addr + len). */
doca_error_t opendoca_mmap_set_dmabuf(struct doca_mmap *mmap, int fd, uint64_t addr, size_t offset, size_t len,
				      const char *func);
/* Every permission flag a release defines (DOCA_ACCESS_FLAG_*; 2.2's DPU flags are the PCI ones). */
uint32_t opendoca_mmap_access_all(void);
/* The rdma-core access (IBV_ACCESS_*) of the memory regions of a map with permissions (DOCA_ACCESS_FLAG_*). */
int opendoca_mmap_ibv_access(uint32_t permissions);
/* Whether the map may still be configured (not started, exported, nor created from an export). */
doca_error_t opendoca_mmap_configurable(struct opendoca_mmap *mmap, const char *func);
/* The index of dev among the map's devices, or -1. */
int opendoca_mmap_dev_index(const struct opendoca_mmap *mmap, const struct doca_dev *dev);

/* A map over DPA memory (mmap_dpa.c): its memory key, made at start, destroyed at stop; the key's value. */
doca_error_t opendoca_mmap_dpa_register(struct opendoca_mmap *mmap, const char *func);
void opendoca_mmap_dpa_deregister(struct opendoca_mmap *mmap);
uint32_t opendoca_mmap_dpa_key(const struct opendoca_mmap *mmap);

/* ---------------------------------------------------------------------------------------------- */
/* What buffers ask of a map                                                                      */
/* ---------------------------------------------------------------------------------------------- */

/*
 * A buffer over [addr, addr + len) of mmap comes: the map must be started (DOCA_ERROR_BAD_STATE)
 * and hold the range in one of its chunks (DOCA_ERROR_INVALID_VALUE); it then counts the buffer
 * and stays alive until opendoca_mmap_buf_unref. Safe from any thread (a stop racing with it
 * either sees the buffer or makes it fail).
 */
doca_error_t opendoca_mmap_buf_ref(struct opendoca_mmap *mmap, uint64_t addr, size_t len, const char *func);
void opendoca_mmap_buf_unref(struct opendoca_mmap *mmap);
/* Whether [addr, addr + len) lies in one chunk of mmap. */
bool opendoca_mmap_holds(const struct opendoca_mmap *mmap, uint64_t addr, size_t len);

/* ---------------------------------------------------------------------------------------------- */
/* Exports and imports (mmap_export.c)                                                            */
/* ---------------------------------------------------------------------------------------------- */

/* What an export is for. */
enum opendoca_export_kind {
	OPENDOCA_EXPORT_PCI = 1,  /* doca_mmap_export_pci, 2.2's export_dpu, 1.x's doca_mmap_export */
	OPENDOCA_EXPORT_RDMA = 2, /* doca_mmap_export_rdma */
};

/*
 * Exports started mmap for dev (one of its devices; the DPA context's for DPA memory): the
 * descriptor stays the map's (*desc, *desc_len), until the map stops. The same one again for the
 * same device and kind.
 */
doca_error_t opendoca_mmap_export(struct opendoca_mmap *mmap, const struct doca_dev *dev,
				  enum opendoca_export_kind kind, const void **desc, size_t *desc_len,
				  const char *func);
/* opendoca_mmap_export for a program's handle (the export_* forms of every release). */
doca_error_t opendoca_mmap_export_form(struct doca_mmap *mmap, const struct doca_dev *dev,
				       enum opendoca_export_kind kind, const void **desc, size_t *desc_len,
				       const char *func);
/* Creates a map (a handle for *mmap) from an export descriptor, for device dev. */
doca_error_t opendoca_mmap_import(const char *name, const union doca_data *user_data, const void *desc, size_t desc_len,
				  struct doca_dev *dev, struct doca_mmap **mmap, const char *func);
/* opendoca_mmap_reach for a map created from an export. */
doca_error_t opendoca_mmap_import_reach(struct opendoca_import *import, const struct doca_dev *dev, uint64_t addr,
					size_t len, struct opendoca_reach *reach, const char *func);
/* An RDMA export's import: true, and *key the exporter's key (the rkey its RDMA peers name the
 * memory by, on whatever device the map was imported); false for other imports. */
bool opendoca_mmap_import_rkey(const struct opendoca_import *import, uint32_t *key);
/* Revokes every export of mmap (under its lock): no importer reaches its memory once this returns. */
void opendoca_mmap_revoke_exports(struct opendoca_mmap *mmap);
/* Ends an import (its connection, the exporter it held). */
void opendoca_mmap_import_free(struct opendoca_import *import);

/* ---------------------------------------------------------------------------------------------- */
/* How the other DOCA libraries reach a map's memory (DOCA_PRIVATE)                               */
/* ---------------------------------------------------------------------------------------------- */

/* How a range of a map is reached. */
struct opendoca_reach {
	void *host;    /* the memory, addressable in this process; NULL: not (DPA, another process, dma-buf) */
	uint32_t mkey; /* its memory key (lkey = rkey) on the device asked for; 0: none */
	bool remote;   /* another process's memory: opendoca_mmap_remote_read / _write */
	bool readable; /* what the map's permissions (or its export's) let a device do */
	bool writable;
};

/*
 * How [addr, addr + len) of started map mmap is reached, from device dev (NULL: no key wanted):
 * DOCA_ERROR_INVALID_VALUE when the range is not the map's, DOCA_ERROR_BAD_STATE when the map is
 * not started or its export was revoked, DOCA_ERROR_NOT_FOUND when dev is not one of its devices.
 * The reach holds while the caller holds a buffer of the map.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_mmap_reach(struct opendoca_mmap *mmap, const struct doca_dev *dev, uint64_t addr,
						  size_t len, struct opendoca_reach *reach, const char *func);
/*
 * Copies [addr, addr + len) of a map imported from another process's export to dst, or src to it,
 * through the exporting process (which checks the range and the export's permissions). Thread-safe.
 * DOCA_ERROR_NOT_PERMITTED when the export does not allow it, DOCA_ERROR_CONNECTION_ABORTED when
 * the exporter is gone or revoked the export.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_mmap_remote_read(struct opendoca_mmap *mmap, uint64_t addr, void *dst,
							size_t len, const char *func);
OPENDOCA_PRIVATE doca_error_t opendoca_mmap_remote_write(struct opendoca_mmap *mmap, uint64_t addr, const void *src,
							 size_t len, const char *func);

#endif /* OPENDOCA_COMMON_MMAP_H */
