/*
 * Emulated devices of the simulated BlueField-3 (the provider's "emulated devices" operations):
 * every simulated device is the emulation manager of FLEXIO_SIM_EMU_FUNCTIONS emulated PCI
 * functions (virtio or NVMe devices a host would see; default 1, at most 64) with VHCA ids 1,
 * 2, ..., each with queues 0..65535 whose doorbells its driver rings and SIM_EMU_MSIX MSI-X
 * vectors. The driver is whoever calls the extension API (flexio_emu_db_ring,
 * flexio_emu_msix_wait): a test, a program's CI.
 *
 *  - Doorbells. A mapping is an emulation doorbell context of the device's NIC (core/nic,
 *    emu.c), found by (function, queue) in the function's table without a lock: the driver's
 *    doorbell rings it, and DPA threads arm and force it through their outbox
 *    (sim_emu_doorbell), all executed by the NIC with its owner checks.
 *  - MSI-X. Vector v's EQ is an always-armed EQ of the device's NIC (made at first use) whose
 *    cookie is the vector: each of its EQEs is one MSI-X message, counted. CQs reporting to it
 *    (element type DPA_MSIX_EMULATED_CQ, the older edition's direct mode) send them with zero
 *    CQEs or completions. Without direct mode, an MSI-X object adds a CQ on the target device,
 *    owned by the process and always armed, each of whose events is one message of the vector
 *    (flexio_dev_msix_send's zero CQE). Waiters sleep on the device's condition variable, woken
 *    only when there are waiters.
 *
 * Devices are made at first use and live as long as the library, as the NICs they sit on do.
 * Locks: a device's lock (mappings, EQ creation) is taken before NIC locks; the NIC's events
 * take only the waiters' lock, which is taken before nothing.
 */
#include "sim.h"
#include "sim_trace.h"

#include <nic.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIM_EMU_FUNCTIONS_ENV "FLEXIO_SIM_EMU_FUNCTIONS"
#define SIM_EMU_DEFAULT_FUNCTIONS 1
#define SIM_EMU_MAX_FUNCTIONS 64
/* Queue numbers are 16-bit, as virtio's and NVMe's queue indexes are. */
#define SIM_EMU_QUEUES 65536
/* MSI-X vectors per function: as many as an EQ-to-MSI-X map holds (FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS). */
#define SIM_EMU_MSIX 64
/* core/providers/sim/verbs makes at most 64 distinct simulated devices in a process. */
#define SIM_EMU_MAX_DEVICES 64

struct sim_emu_device;

struct sim_emu_vector {
	struct flexio_verbs_sink sink; /* first: its EQ's cookie */
	struct sim_emu_device *device;
	uint32_t eqn;                 /* 0 until made (device lock) */
	_Atomic uint64_t raised;      /* MSI-X messages received */
	_Alignas(64) uint8_t eqe[64]; /* the EQ's ring: one entry, overwritten at each message */
};

struct sim_emu_function {
	uint32_t vhca_id;
	_Atomic uint32_t *queues; /* queue -> its mapping's context id (0: none); made at first map */
	struct sim_emu_vector vectors[SIM_EMU_MSIX];
};

struct sim_emu_device {
	struct nic *nic;
	/* Queue memory of the device's own (the vectors' EQ rings, the MSI-X CQs' rings): its
	 * addresses are host addresses of that memory, which outlives the queues naming it. */
	struct flexio_verbs_space space;
	pthread_mutex_t lock; /* mappings, EQ creation */
	pthread_mutex_t wait_lock;
	pthread_cond_t raised;
	atomic_uint waiters;
	unsigned nfunctions;
	struct sim_emu_function functions[];
};

/* An MSI-X object (flexio_msix): the vector, and the CQ made for it (not in direct mode). */
struct sim_emu_msix {
	struct flexio_verbs_sink sink; /* first: its CQ's cookie */
	struct sim_emu_vector *vector;
	struct sim_process *process; /* whose threads raise it */
	struct nic *nic;             /* the CQ's */
	uint32_t cqn;
	_Alignas(64) uint8_t ring[64]; /* the CQ's: one collapsed entry (zero CQEs write none) */
	uint64_t dbr;
};

/* A doorbell-to-CQ mapping (flexio_emu_db_to_cq_ctx). */
struct sim_emu_db {
	struct sim_emu_device *device;
	struct sim_emu_function *function;
	uint32_t queue, id;
};

static _Atomic(struct sim_emu_device *) devices[SIM_EMU_MAX_DEVICES];
static pthread_mutex_t devices_lock = PTHREAD_MUTEX_INITIALIZER;

static void *space_reach(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write)
{
	(void)space, (void)len, (void)write;
	return (void *)(uintptr_t)addr;
}

/* FLEXIO_SIM_EMU_FUNCTIONS: a count 0..64; unset or anything else gives the default. */
static unsigned functions_configured(void)
{
	const char *value = getenv(SIM_EMU_FUNCTIONS_ENV);
	char *end;
	unsigned long n;

	if (!value || !*value)
		return SIM_EMU_DEFAULT_FUNCTIONS;
	n = strtoul(value, &end, 10);
	return *end || n > SIM_EMU_MAX_FUNCTIONS ? SIM_EMU_DEFAULT_FUNCTIONS : (unsigned)n;
}

/* The message of a vector: a waiter that saw fewer wakes (with the NIC's queue locks held). */
static void vector_raise(struct sim_emu_vector *v)
{
	struct sim_emu_device *d = v->device;

	atomic_fetch_add(&v->raised, 1);
	if (!atomic_load(&d->waiters))
		return;
	pthread_mutex_lock(&d->wait_lock);
	pthread_cond_broadcast(&d->raised);
	pthread_mutex_unlock(&d->wait_lock);
}

static void vector_notify(struct flexio_verbs_sink *sink, const struct nic_event *event)
{
	if (event->kind == NIC_EVENT_EQ)
		vector_raise((struct sim_emu_vector *)sink);
}

static void msix_notify(struct flexio_verbs_sink *sink, const struct nic_event *event)
{
	struct sim_emu_msix *m = (struct sim_emu_msix *)sink;

	if (event->kind != NIC_EVENT_COMPLETION)
		return;
	if (sim_tracing(m->process))
		sim_trace_eqe(m->process, event->queue);
	vector_raise(m->vector);
}

static struct sim_emu_device *device_new(struct nic *nic)
{
	unsigned n = functions_configured();
	struct sim_emu_device *d = aligned_alloc(64, (sizeof(*d) + n * sizeof(d->functions[0]) + 63) & ~(size_t)63);
	pthread_condattr_t attr;

	if (!d)
		return NULL;
	memset(d, 0, sizeof(*d) + n * sizeof(d->functions[0]));
	d->nic = nic;
	d->space.reach = space_reach;
	pthread_mutex_init(&d->lock, NULL);
	pthread_mutex_init(&d->wait_lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&d->raised, &attr);
	pthread_condattr_destroy(&attr);
	d->nfunctions = n;
	for (unsigned f = 0; f < n; f++) {
		d->functions[f].vhca_id = f + 1;
		for (unsigned v = 0; v < SIM_EMU_MSIX; v++) {
			d->functions[f].vectors[v].sink.notify = vector_notify;
			d->functions[f].vectors[v].device = d;
		}
	}
	return d;
}

/* The emulated side of simulated device index, made at first use; NULL for no such device. */
static struct sim_emu_device *device_at(int index)
{
	struct sim_emu_device *d;
	struct nic *nic;

	if (index < 0 || index >= SIM_EMU_MAX_DEVICES)
		return NULL;
	d = atomic_load(&devices[index]);
	if (d)
		return d;
	nic = flexio_verbs_device_nic(index);
	if (!nic)
		return NULL;
	pthread_mutex_lock(&devices_lock);
	d = atomic_load(&devices[index]);
	if (!d) {
		d = device_new(nic);
		atomic_store(&devices[index], d);
	}
	pthread_mutex_unlock(&devices_lock);
	return d;
}

static struct sim_emu_device *device_of(struct ibv_context *ibv_ctx)
{
	return device_at(flexio_verbs_context_device(ibv_ctx));
}

static struct sim_emu_function *function_of(struct sim_emu_device *d, uint32_t vhca_id)
{
	return d && vhca_id >= 1 && vhca_id <= d->nfunctions ? &d->functions[vhca_id - 1] : NULL;
}

/* Where a refusal comes from: no device, or no such function on it. */
static void no_function(struct sim_emu_device *d, struct ibv_context *ibv_ctx, uint32_t vhca_id, char *err,
			size_t err_size)
{
	if (!d)
		snprintf(err, err_size, "ibv_ctx %p is not a live context of a simulated device", (void *)ibv_ctx);
	else
		snprintf(err, err_size,
			 "the device has no emulated function with VHCA id %u (it has %u, VHCA ids from "
			 "1; " SIM_EMU_FUNCTIONS_ENV " sets how many)",
			 vhca_id, d->nfunctions);
}

size_t sim_emu_functions(struct ibv_context *ibv_ctx, uint32_t *vhca_ids, size_t max)
{
	struct sim_emu_device *d = device_of(ibv_ctx);

	if (!d)
		return 0;
	for (size_t f = 0; f < max && f < d->nfunctions; f++)
		vhca_ids[f] = d->functions[f].vhca_id;
	return d->nfunctions;
}

struct provider_emu_db *sim_emu_db_map(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t queue_id, uint32_t cqn,
				       uint32_t *id, char *err, size_t err_size)
{
	struct sim_emu_device *d = device_of(ibv_ctx);
	struct sim_emu_function *f = function_of(d, vhca_id);
	struct sim_emu_db *db;
	_Atomic uint32_t *queues;
	int rc;

	if (!f) {
		no_function(d, ibv_ctx, vhca_id, err, err_size);
		return NULL;
	}
	if (queue_id >= SIM_EMU_QUEUES) {
		snprintf(err, err_size, "emu_dev_queue_id %u is over %u", queue_id, SIM_EMU_QUEUES - 1);
		return NULL;
	}
	db = calloc(1, sizeof(*db));
	if (!db) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	pthread_mutex_lock(&d->lock);
	queues = atomic_load(&f->queues);
	if (!queues) {
		queues = calloc(SIM_EMU_QUEUES, sizeof(*queues));
		atomic_store(&f->queues, queues);
	}
	if (!queues) {
		snprintf(err, err_size, "out of memory");
		rc = -ENOMEM;
	} else if (atomic_load(&queues[queue_id])) {
		snprintf(err, err_size, "queue %u of emulated function %u is mapped already (context %u)", queue_id,
			 vhca_id, atomic_load(&queues[queue_id]));
		rc = -EBUSY;
	} else if ((rc = nic_emu_db_create(d->nic, &(struct nic_emu_db_attr){ .cqn = cqn, .queue = queue_id }, id))) {
		snprintf(err, err_size,
			 rc == -ENOENT ? "CQ 0x%x is not a live CQ of the device"
				       : "the device has no room for another mapping (CQ 0x%x)",
			 cqn);
	} else {
		atomic_store(&queues[queue_id], *id);
	}
	pthread_mutex_unlock(&d->lock);
	if (rc) {
		free(db);
		return NULL;
	}
	*db = (struct sim_emu_db){ .device = d, .function = f, .queue = queue_id, .id = *id };
	return (struct provider_emu_db *)db;
}

void sim_emu_db_unmap(struct provider_emu_db *mapping)
{
	struct sim_emu_db *db = (struct sim_emu_db *)mapping;
	struct sim_emu_device *d = db->device;

	pthread_mutex_lock(&d->lock);
	atomic_store(&atomic_load(&db->function->queues)[db->queue], 0);
	nic_emu_db_destroy(d->nic, db->id);
	pthread_mutex_unlock(&d->lock);
	free(db);
}

int sim_emu_db_ring(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t queue_id, uint32_t value)
{
	struct sim_emu_device *d = device_of(ibv_ctx);
	struct sim_emu_function *f = function_of(d, vhca_id);
	_Atomic uint32_t *queues;
	uint32_t id;

	if (!f)
		return -ENOENT;
	if (queue_id >= SIM_EMU_QUEUES)
		return -EINVAL;
	queues = atomic_load(&f->queues);
	id = queues ? atomic_load(&queues[queue_id]) : 0;
	/* No mapping (or one just removed: the NIC refuses its id): the doorbell goes nowhere. */
	if (id)
		(void)nic_emu_db_ring(d->nic, id, value);
	return 0;
}

/* Vector v's EQ, made at first use (device lock held): 0 or a negative errno. */
static int vector_eq(struct sim_emu_device *d, struct sim_emu_function *f, struct sim_emu_vector *v)
{
	struct nic_eq_attr attr = {
		.owner = (uintptr_t)f, /* no DPA thread rings an emulated function's EQ */
		.log_size = 0,
		.ring = { .space = (uintptr_t)&d->space, .addr = (uintptr_t)v->eqe },
		.cookie = (uintptr_t)&v->sink,
		.always_armed = true,
	};

	return v->eqn ? 0 : nic_eq_create(d->nic, &attr, &v->eqn);
}

int sim_emu_msix_eqs(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t *eqns, size_t max)
{
	struct sim_emu_device *d = device_of(ibv_ctx);
	struct sim_emu_function *f = function_of(d, vhca_id);
	int rc = 0;

	if (!f)
		return -ENOENT;
	pthread_mutex_lock(&d->lock);
	for (size_t v = 0; v < max && v < SIM_EMU_MSIX && !rc; v++) {
		rc = vector_eq(d, f, &f->vectors[v]);
		eqns[v] = f->vectors[v].eqn;
	}
	pthread_mutex_unlock(&d->lock);
	return rc ? -ENOMEM : SIM_EMU_MSIX;
}

struct provider_msix *sim_emu_msix_create(struct provider_process *process, uint32_t vhca_id, uint16_t msix_id,
					  bool direct, struct ibv_context *target, uint32_t *cqn, char *err,
					  size_t err_size)
{
	struct sim_process *p = (struct sim_process *)process;
	struct sim_emu_device *d = device_at(p->device_index);
	struct sim_emu_function *f = function_of(d, vhca_id);
	struct sim_emu_msix *m;
	struct nic_cq_attr attr;
	int rc;

	if (!f) {
		no_function(d, NULL, vhca_id, err, err_size);
		return NULL;
	}
	if (msix_id >= SIM_EMU_MSIX) {
		snprintf(err, err_size, "msix_id %u: emulated function %u has vectors 0..%u", msix_id, vhca_id,
			 SIM_EMU_MSIX - 1);
		return NULL;
	}
	m = aligned_alloc(64, sizeof(*m));
	if (!m) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	memset(m, 0, sizeof(*m));
	m->sink.notify = msix_notify;
	m->process = p;
	m->vector = &f->vectors[msix_id];
	pthread_mutex_lock(&d->lock);
	rc = vector_eq(d, f, m->vector);
	pthread_mutex_unlock(&d->lock);
	if (rc) {
		snprintf(err, err_size, "the device has no room for the vector's EQ");
		free(m);
		return NULL;
	}
	*cqn = 0;
	if (direct)
		return (struct provider_msix *)m;
	m->nic = flexio_verbs_device_nic(flexio_verbs_context_device(target));
	if (!m->nic) {
		snprintf(err, err_size, "target_ibv_ctx %p is not a live context of a simulated device",
			 (void *)target);
		free(m);
		return NULL;
	}
	/* Owned by the process, so that its threads' zero CQEs are taken; always armed, so that
	 * each is a message; collapsed over one entry, which nothing but events ever needs. */
	attr = (struct nic_cq_attr){
		.owner = sim_queue_owner(p),
		.log_size = 0,
		.ring = { .space = (uintptr_t)&d->space, .addr = (uintptr_t)m->ring },
		.dbr = { .space = (uintptr_t)&d->space, .addr = (uintptr_t)&m->dbr },
		.target = NIC_CQ_NOTIFY,
		.cookie = (uintptr_t)&m->sink,
		.always_armed = true,
		.collapsed = true,
	};
	rc = nic_cq_create(m->nic, &attr, &m->cqn);
	if (rc) {
		snprintf(err, err_size, "the target device has no room for the vector's CQ");
		free(m);
		return NULL;
	}
	*cqn = m->cqn;
	return (struct provider_msix *)m;
}

void sim_emu_msix_destroy(struct provider_msix *msix)
{
	struct sim_emu_msix *m = (struct sim_emu_msix *)msix;

	/* Nothing else names the CQ (the host library maps emulation doorbells only to CQs of its
	 * handles), so it goes; its ring is then no longer reached. */
	if (m->cqn)
		nic_cq_destroy(m->nic, m->cqn);
	free(m);
}

int sim_emu_msix_wait(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint16_t msix_id, uint64_t seen, int timeout_ms,
		      uint64_t *count)
{
	struct sim_emu_device *d = device_of(ibv_ctx);
	struct sim_emu_function *f = function_of(d, vhca_id);
	struct sim_emu_vector *v;
	struct timespec deadline;
	int rc = 0;

	if (!f || msix_id >= SIM_EMU_MSIX)
		return -ENOENT;
	v = &f->vectors[msix_id];
	*count = atomic_load(&v->raised);
	if (*count > seen)
		return 0;
	if (!timeout_ms)
		return -ETIMEDOUT;
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout_ms / 1000;
	deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
	if (deadline.tv_nsec >= 1000000000) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&d->wait_lock);
	atomic_fetch_add(&d->waiters, 1);
	/* Counted as a waiter before looking again: a message from now on broadcasts. */
	while ((*count = atomic_load(&v->raised)) <= seen && rc != ETIMEDOUT)
		rc = timeout_ms < 0 ? pthread_cond_wait(&d->raised, &d->wait_lock)
				    : pthread_cond_timedwait(&d->raised, &d->wait_lock, &deadline);
	atomic_fetch_sub(&d->waiters, 1);
	pthread_mutex_unlock(&d->wait_lock);
	return *count > seen ? 0 : -ETIMEDOUT;
}

void sim_emu_doorbell(struct sim_process *p, struct nic *nic, const struct provider_doorbell *db)
{
	/* The emulation index is a 26-bit field of the outbox register. */
	if (nic)
		(void)nic_doorbell(nic, sim_queue_owner(p),
				   db->kind == PROVIDER_DB_EMU_ARM ? NIC_DB_EMU_ARM : NIC_DB_EMU_TRIGGER, db->queue,
				   (uint32_t)(db->extra & 0x3FFFFFF));
}
