/*
 * uar, outbox, window, mkey objects of a simulated DPA process (sim_outbox.c, sim_window.c,
 * sim_mr.c): what the device knows of them, shared by those files only.
 *
 * Lifetimes: the host library creates and destroys them through the provider ops; a destroyed
 * object is only marked dead and stays allocated until the process is gone (sim_objects_fini,
 * after dpa_process_destroy), because the engine may still be inside an aperture callback
 * holding it on a hart thread. Lists are guarded by the objects' lock.
 */
#ifndef OPENFLEXIO_CORE_SIM_OBJECTS_H
#define OPENFLEXIO_CORE_SIM_OBJECTS_H

#include "sim.h"
#include "flexio_verbs.h" /* core/providers/sim/verbs: flexio_verbs_mr_reach & co. */

struct sim_outbox {
	struct sim_process *process;
	uint32_t id;
	atomic_bool live;
	uint64_t base; /* DPA address of its doorbell page (an MMIO aperture) */
	struct sim_outbox *next;
};

struct sim_extension {
	uint32_t device_id; /* flexio_uar_device_id */
	int device_index;
	struct sim_extension *next;
};

struct sim_window {
	uint32_t id;
	struct ibv_pd *pd;
	atomic_bool live;
	struct sim_window *next;
};

/* A window aperture: host addresses [host_base, host_base + size) of region (window, mkey)
 * seen at DPA addresses [base, base + size). Made at the first flexio_dev_*window_ptr_acquire
 * that needs it; shared by every thread of the process. */
struct sim_aperture {
	struct sim_process *process;
	struct sim_window *window;
	uint32_t mkey;
	uint64_t region_start, region_end; /* the memory region, in the key's iova space */
	uint64_t host_base, size;          /* page-aligned view of it */
	uint64_t base;                     /* DPA address */
	bool mapped;                       /* false once its window is destroyed (objects lock) */
	struct sim_aperture *next;
};

struct sim_dev_mkey {
	uint32_t key;
	struct ibv_pd *pd;
	uint64_t daddr, len;
	int access;
	struct sim_dev_mkey *next;
};

struct sim_objects {
	pthread_mutex_t lock;
	struct sim_outbox *outboxes;
	struct sim_outbox *default_outbox; /* every thread's until it selects one (id 0) */
	struct sim_extension *extensions;
	struct sim_window *windows;
	struct sim_aperture *apertures;
	struct sim_dev_mkey *mkeys;
	void (*doorbell_hook)(void *user, const struct provider_doorbell *db);
	void *doorbell_user;
};

/* A doorbell thread t (NULL: none) rang: counted and traced for t, the NIC executes it, then the
 * host library hears of it. */
void sim_doorbell_ring(struct sim_process *p, struct sim_thread *t, const struct provider_doorbell *db);
/* Whether device_id is a live UAR extension of the process (objects lock not held). */
bool sim_extension_known(struct sim_process *p, uint32_t device_id);
/* Frees the window objects (sim_window.c), called by sim_objects_fini. */
void sim_window_objects_free(struct sim_objects *o);

#endif
