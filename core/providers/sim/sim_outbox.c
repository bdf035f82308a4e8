/*
 * Outboxes and UAR extensions of the simulated DPA: the doorbell page of each outbox is an
 * engine MMIO aperture (libflexio-dev/flexio_dev_dpa_arch.h has its registers). A doorbell is
 * one aligned 64-bit store to a register of the thread's current outbox; it is decoded here
 * into a struct provider_doorbell and
 *   - executed by the simulated NIC (sim_queue_doorbell), before the thread goes on,
 *   - reported to the host library (provider_events.doorbell; it logs it at debug level).
 * Any other access to the page (another size, an offset that is no register) faults the
 * thread, as would a store to a destroyed outbox (its page is unmapped).
 *
 * Services: OUTBOX_CONFIG, OUTBOX_UAR_EXTENSION, CROSS_DEVICE_RING_DB (core/dpa/dpa_ecall.h).
 */
#include "sim_objects.h"
#include "sim_stats.h"
#include "sim_trace.h"

#include <libflexio-dev/flexio_dev_dpa_arch.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static struct sim_objects *objects_of(struct provider_process *process)
{
	return ((struct sim_process *)process)->objects;
}

int sim_objects_init(struct sim_process *p)
{
	p->objects = calloc(1, sizeof(*p->objects));
	if (!p->objects)
		return -ENOMEM;
	pthread_mutex_init(&p->objects->lock, NULL);
	return 0;
}

void sim_objects_fini(struct sim_process *p)
{
	struct sim_objects *o = p->objects;

	if (!o)
		return;
	free(o->default_outbox); /* its page went with the engine */
	while (o->outboxes) {
		struct sim_outbox *next = o->outboxes->next;

		free(o->outboxes);
		o->outboxes = next;
	}
	while (o->extensions) {
		struct sim_extension *next = o->extensions->next;

		free(o->extensions);
		o->extensions = next;
	}
	while (o->mkeys) {
		struct sim_dev_mkey *next = o->mkeys->next;

		flexio_verbs_space_key_destroy(o->mkeys->pd, o->mkeys->key);
		free(o->mkeys);
		o->mkeys = next;
	}
	sim_window_objects_free(o);
	pthread_mutex_destroy(&o->lock);
	free(o);
	p->objects = NULL;
}

void sim_doorbell_ring(struct sim_process *p, struct sim_thread *t, const struct provider_doorbell *db)
{
	if (t) {
		sim_stats_count(t, STATS_REGISTRY_DOORBELLS);
		if (sim_tracing(p))
			sim_trace_doorbell(t, db);
	}
	sim_queue_doorbell(p, db);
	if (p->events.doorbell)
		p->events.doorbell(p->events.user, db);
}

/* The newest outbox with this id, live or not (objects lock held). */
static struct sim_outbox *find_outbox(struct sim_objects *o, uint32_t id, bool live_only)
{
	for (struct sim_outbox *b = o->outboxes; b; b = b->next)
		if (b->id == id && (!live_only || atomic_load(&b->live)))
			return b;
	return NULL;
}

static struct sim_thread *thread_of(struct dpa_hart *hart)
{
	return dpa_hart_user(hart);
}

/* Doorbell registers read as zero. */
static int outbox_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	struct sim_outbox *b = user;

	(void)hart;
	(void)offset;
	if (!atomic_load(&b->live))
		return -1;
	memset(dst, 0, size);
	return 0;
}

static int outbox_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	struct sim_outbox *b = user;
	struct sim_thread *t = thread_of(hart);
	struct provider_doorbell db = { .outbox_id = b->id };
	uint64_t v;

	if (!atomic_load(&b->live) || size != sizeof(v))
		return -1;
	memcpy(&v, src, sizeof(v));
	db.raw = v;
	db.thread_id = t ? t->id : 0;
	db.device_id = t ? t->outbox_device : 0;
	switch (offset) {
	case FLEXIO_OUTBOX_CQ_DB:
	case FLEXIO_OUTBOX_EQ_DB_REARM:
	case FLEXIO_OUTBOX_EQ_DB_NO_REARM:
		db.kind = offset == FLEXIO_OUTBOX_CQ_DB         ? PROVIDER_DB_CQ_ARM
			  : offset == FLEXIO_OUTBOX_EQ_DB_REARM ? PROVIDER_DB_EQ_REARM
								: PROVIDER_DB_EQ_NO_REARM;
		db.queue = v & 0xFFFFFF;
		db.index = (v >> 32) & 0xFFFFFF;
		break;
	case FLEXIO_OUTBOX_SXD_DB:
		db.kind = PROVIDER_DB_SEND;
		db.index = v & 0xFFFF;
		db.queue = (v >> 32) & 0xFFFFFF;
		break;
	case FLEXIO_OUTBOX_EMU_CAP:
	case FLEXIO_OUTBOX_EMU_CAP_TRIGGER:
		db.kind = offset == FLEXIO_OUTBOX_EMU_CAP ? PROVIDER_DB_EMU_ARM : PROVIDER_DB_EMU_TRIGGER;
		db.queue = v & 0xFFFFFF;
		db.extra = v >> 32;
		break;
	case FLEXIO_OUTBOX_RXT_DB:
		db.kind = PROVIDER_DB_ZERO_CQE;
		db.queue = v & 0xFFFFFF;
		break;
	case FLEXIO_OUTBOX_CC_DB:
		db.kind = PROVIDER_DB_CC;
		db.queue = (v >> 48) & 0xFFFF;
		db.index = (v >> 34) & 0x3;
		db.extra = (v & 0xFFFFFFFF) | (((v >> 32) & 1) << 32);
		break;
	case FLEXIO_OUTBOX_CC_DB_MSB:
		db.kind = PROVIDER_DB_CC_MSB;
		db.extra = v;
		break;
	default:
		return -1; /* no register there */
	}
	sim_doorbell_ring(b->process, t, &db);
	return 0;
}

static const struct dpa_mmio_ops outbox_ops = { .read = outbox_read, .write = outbox_write };

/*
 * The process's default outbox: its threads start with it selected (outbox_base in their
 * context, outbox_config_id 0), so device code that rings doorbells without calling
 * flexio_dev_outbox_config first — as NVIDIA's packet processor sample does — reaches the
 * queues of the process's device, as with the process's own UAR on hardware.
 */
int sim_default_outbox_create(struct sim_process *p)
{
	struct sim_outbox *b = calloc(1, sizeof(*b));
	int rc;

	if (!b)
		return -ENOMEM;
	b->process = p;
	atomic_init(&b->live, true);
	rc = dpa_process_map_aperture(p->engine, DPA_REGION_MMIO, FLEXIO_OUTBOX_PAGE_SIZE, &outbox_ops, b, &b->base);
	if (rc) {
		free(b);
		return rc;
	}
	p->objects->default_outbox = b;
	return 0;
}

int sim_outbox_create(struct provider_process *process, uint32_t id)
{
	struct sim_process *p = (struct sim_process *)process;
	struct sim_objects *o = p->objects;
	struct sim_outbox *b;
	int rc;

	if (!id || id > UINT16_MAX)
		return -EINVAL;
	b = calloc(1, sizeof(*b));
	if (!b)
		return -ENOMEM;
	b->process = p;
	b->id = id;
	atomic_init(&b->live, true);
	rc = dpa_process_map_aperture(p->engine, DPA_REGION_MMIO, FLEXIO_OUTBOX_PAGE_SIZE, &outbox_ops, b, &b->base);
	if (rc) {
		free(b);
		return rc;
	}
	pthread_mutex_lock(&o->lock);
	if (find_outbox(o, id, true)) {
		pthread_mutex_unlock(&o->lock);
		dpa_process_unmap(p->engine, b->base);
		free(b);
		return -EEXIST;
	}
	b->next = o->outboxes;
	o->outboxes = b;
	pthread_mutex_unlock(&o->lock);
	return 0;
}

void sim_outbox_destroy(struct provider_process *process, uint32_t id)
{
	struct sim_process *p = (struct sim_process *)process;
	struct sim_outbox *b;

	pthread_mutex_lock(&p->objects->lock);
	b = find_outbox(p->objects, id, true);
	if (b)
		atomic_store(&b->live, false);
	pthread_mutex_unlock(&p->objects->lock);
	/* The page goes away: a thread still using it faults. The object stays for its ring. */
	if (b)
		dpa_process_unmap(p->engine, b->base);
}

int sim_uar_extension_add(struct provider_process *process, uint32_t device_id, struct ibv_context *ibv_ctx)
{
	struct sim_objects *o = objects_of(process);
	int device_index = flexio_verbs_context_device(ibv_ctx);
	struct sim_extension *e;

	if (device_index < 0)
		return -EINVAL;
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	e->device_id = device_id;
	e->device_index = device_index;
	pthread_mutex_lock(&o->lock);
	e->next = o->extensions;
	o->extensions = e;
	pthread_mutex_unlock(&o->lock);
	return 0;
}

void sim_uar_extension_remove(struct provider_process *process, uint32_t device_id)
{
	struct sim_objects *o = objects_of(process);

	pthread_mutex_lock(&o->lock);
	for (struct sim_extension **link = &o->extensions; *link; link = &(*link)->next) {
		if ((*link)->device_id == device_id) {
			struct sim_extension *e = *link;

			*link = e->next;
			free(e);
			break;
		}
	}
	pthread_mutex_unlock(&o->lock);
}

bool sim_extension_known(struct sim_process *p, uint32_t device_id)
{
	bool known = false;

	pthread_mutex_lock(&p->objects->lock);
	for (struct sim_extension *e = p->objects->extensions; e && !known; e = e->next)
		known = e->device_id == device_id;
	pthread_mutex_unlock(&p->objects->lock);
	return known;
}

/* The older edition's event handlers start with an outbox and a window selected: as if the
 * thread had called flexio_dev_outbox_config and flexio_dev_window_config (entity 0, no key). */
int sim_thread_preselect(struct sim_thread *t, uint32_t outbox_id, uint32_t window_id)
{
	struct sim_process *p = t->process;
	struct flexio_os_thread_ctx ctx;
	struct sim_outbox *b = NULL;
	int rc = 0;

	if (dpa_process_read(p->engine, t->ctx, &ctx, sizeof(ctx)))
		return -EFAULT;
	pthread_mutex_lock(&p->objects->lock);
	if (outbox_id) {
		b = outbox_id <= UINT16_MAX ? find_outbox(p->objects, outbox_id, true) : NULL;
		if (b) {
			t->outbox_id = outbox_id;
			ctx.outbox_config_id = (uint16_t)outbox_id;
			ctx.outbox_base = b->base;
		} else {
			rc = -ENOENT;
		}
	}
	pthread_mutex_unlock(&p->objects->lock);
	if (!rc && window_id) {
		t->window[0].window_id = window_id;
		ctx.window_config_id = (uint16_t)window_id;
	}
	if (!rc && dpa_process_write(p->engine, t->ctx, &ctx, sizeof(ctx)))
		rc = -EFAULT;
	return rc;
}

/* a0 = outbox id -> DPA address of its doorbell page, or -ENOENT. */
static int64_t outbox_config(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_process *p = user;
	struct sim_thread *t = thread_of(hart);
	struct sim_outbox *b;
	uint64_t base = 0;

	if (!t)
		return -EPERM;
	pthread_mutex_lock(&p->objects->lock);
	b = args[0] ? find_outbox(p->objects, (uint32_t)args[0], true) : NULL;
	if (b && args[0] <= UINT16_MAX)
		base = b->base;
	pthread_mutex_unlock(&p->objects->lock);
	if (!base)
		return -ENOENT;
	t->outbox_id = (uint32_t)args[0];
	return (int64_t)base;
}

/* a0 = flexio_uar_device_id -> 0 or -ENOENT. The selection is the thread's, for its outbox's
 * doorbells, until it selects another (0: the outbox's own device again). */
static int64_t outbox_uar_extension(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_thread *t = thread_of(hart);

	if (!t)
		return -EPERM;
	if (args[0] > UINT32_MAX || (args[0] && !sim_extension_known(user, (uint32_t)args[0])))
		return -ENOENT;
	t->outbox_device = (uint32_t)args[0];
	return 0;
}

/* a0 = device id, a1 = qpn, a2 = pi -> 0 or -errno. */
static int64_t cross_device_ring_db(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_process *p = user;
	struct sim_thread *t = thread_of(hart);
	struct sim_outbox *b = NULL;
	struct provider_doorbell db = { .kind = PROVIDER_DB_CROSS_DEVICE };

	if (args[1] > 0xFFFFFF || args[2] > UINT32_MAX)
		return -EINVAL;
	if (args[0] > UINT32_MAX || !sim_extension_known(p, (uint32_t)args[0]))
		return -ENOENT;
	db.device_id = (uint32_t)args[0];
	db.queue = (uint32_t)args[1];
	db.index = (uint32_t)args[2];
	db.raw = args[1] << 32 | args[2];
	db.thread_id = t ? t->id : 0;
	if (t && t->outbox_id) {
		pthread_mutex_lock(&p->objects->lock);
		b = find_outbox(p->objects, t->outbox_id, true);
		pthread_mutex_unlock(&p->objects->lock);
		db.outbox_id = b ? b->id : 0;
	}
	sim_doorbell_ring(p, t, &db);
	return 0;
}

void sim_outbox_services_install(struct sim_process *p)
{
	dpa_process_set_service(p->engine, DPA_ECALL_OUTBOX_CONFIG, outbox_config, p);
	dpa_process_set_service(p->engine, DPA_ECALL_OUTBOX_UAR_EXTENSION, outbox_uar_extension, p);
	dpa_process_set_service(p->engine, DPA_ECALL_CROSS_DEVICE_RING_DB, cross_device_ring_db, p);
}
