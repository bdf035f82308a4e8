/*
 * Windows of the simulated DPA: device access to host memory registered with ibv_reg_mr on
 * the window's PD (flexio_dev_multi_window_*, the DPA memory model).
 *
 * A thread configures an entity (0 or 1) with a window id and an mkey (WINDOW_CONFIG,
 * WINDOW_MKEY_CONFIG); WINDOW_PTR turns a host address of that region into a DPA address in
 * a window aperture (engine DPA_REGION_WINDOW: cached per hart, so stores reach host memory at
 * __dpa_thread_window_writeback() and host changes are seen after __dpa_thread_window_read_inv()).
 * An aperture maps the pages of one region (at most 4 GiB of it) at DPA addresses with the same
 * page offsets, so host cache lines and DPA cache lines coincide.
 *
 * Protection, at every access (the region may have been deregistered meanwhile): the key must
 * be a live region of the window's PD (flexio_verbs_mr_reach) and the bytes inside it.
 *   - loads fill whole 64-byte lines: a line with no byte of the region faults the load; the
 *     bytes of a partly covered line that lie outside the region read as zero;
 *   - stores are checked byte-exactly when they reach the host, at writeback (or eviction):
 *     a refused writeback faults the thread (DPA_FAULT_APERTURE at the refused address);
 *   - beyond the region's pages nothing is mapped: the access faults at once;
 *   - stores need IBV_ACCESS_LOCAL_WRITE on the region, loads no flag.
 * Services (core/dpa/dpa_ecall.h) refuse with -errno instead: bad entity or an entity not
 * configured -EINVAL, unknown window or key -ENOENT, region of another PD -EPERM, region
 * without write access -EACCES, host address or range outside the region -EFAULT.
 */
#include "sim_objects.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define APERTURE_MAX (1ull << 32) /* dpa_process_map_aperture's limit */
#define PAGE_MASK ((uint64_t)DPA_PAGE_SIZE - 1)

static struct sim_thread *thread_of(struct dpa_hart *hart)
{
	return dpa_hart_user(hart);
}

/* objects lock held */
static struct sim_window *find_window(struct sim_objects *o, uint32_t id)
{
	for (struct sim_window *w = o->windows; w; w = w->next)
		if (w->id == id && atomic_load(&w->live))
			return w;
	return NULL;
}

int sim_window_create(struct provider_process *process, uint32_t id, struct ibv_pd *pd)
{
	struct sim_objects *o = ((struct sim_process *)process)->objects;
	struct sim_window *w;

	if (!id || id > UINT16_MAX)
		return -EINVAL;
	w = calloc(1, sizeof(*w));
	if (!w)
		return -ENOMEM;
	w->id = id;
	w->pd = pd;
	atomic_init(&w->live, true);
	pthread_mutex_lock(&o->lock);
	if (find_window(o, id)) {
		pthread_mutex_unlock(&o->lock);
		free(w);
		return -EEXIST;
	}
	w->next = o->windows;
	o->windows = w;
	pthread_mutex_unlock(&o->lock);
	return 0;
}

void sim_window_destroy(struct provider_process *process, uint32_t id)
{
	struct sim_process *p = (struct sim_process *)process;
	struct sim_objects *o = p->objects;
	struct sim_window *w;

	pthread_mutex_lock(&o->lock);
	w = find_window(o, id);
	if (w) {
		atomic_store(&w->live, false);
		/* Its apertures go away: later accesses fault, dirty lines are dropped. */
		for (struct sim_aperture *a = o->apertures; a; a = a->next)
			if (a->window == w && a->mapped) {
				dpa_process_unmap(p->engine, a->base);
				a->mapped = false;
			}
	}
	pthread_mutex_unlock(&o->lock);
}

void sim_window_objects_free(struct sim_objects *o)
{
	while (o->apertures) {
		struct sim_aperture *next = o->apertures->next;

		free(o->apertures);
		o->apertures = next;
	}
	while (o->windows) {
		struct sim_window *next = o->windows->next;

		free(o->windows);
		o->windows = next;
	}
}

/* ---- the aperture ----------------------------------------------------------------------- */

static int refuse(struct sim_aperture *a, struct dpa_hart *hart, uint64_t offset)
{
	struct sim_thread *t = thread_of(hart);

	if (t)
		t->window_refused = a->base + offset;
	return -1;
}

static int aperture_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	struct sim_aperture *a = user;
	uint64_t h = a->host_base + offset;
	uint64_t lo = h > a->region_start ? h : a->region_start;
	uint64_t hi = h + size < a->region_end ? h + size : a->region_end;
	const void *host;

	if (!atomic_load(&a->window->live) || lo >= hi)
		return refuse(a, hart, offset);
	host = flexio_verbs_mr_reach(a->window->pd, a->mkey, lo, hi - lo, 0);
	if (!host)
		return refuse(a, hart, offset);
	memset(dst, 0, size);
	memcpy((uint8_t *)dst + (lo - h), host, hi - lo);
	return 0;
}

static int aperture_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	struct sim_aperture *a = user;
	void *host;

	if (!atomic_load(&a->window->live))
		return refuse(a, hart, offset);
	host = flexio_verbs_mr_reach(a->window->pd, a->mkey, a->host_base + offset, size, IBV_ACCESS_LOCAL_WRITE);
	if (!host)
		return refuse(a, hart, offset);
	memcpy(host, src, size);
	return 0;
}

static const struct dpa_mmio_ops aperture_ops = { .read = aperture_read, .write = aperture_write };

/* The DPA address of haddr in region (w, mkey) = [start, end): an aperture made on demand
 * (objects lock held). */
static int64_t aperture_address(struct sim_process *p, struct sim_window *w, uint32_t mkey, uint64_t start,
				uint64_t end, uint64_t haddr)
{
	struct sim_objects *o = p->objects;
	struct sim_aperture *a;
	uint64_t view_end = (end + PAGE_MASK) & ~PAGE_MASK;
	int rc;

	for (a = o->apertures; a; a = a->next)
		if (a->window == w && a->mkey == mkey && a->mapped && a->region_start == start &&
		    a->region_end == end && haddr - a->host_base < a->size)
			return (int64_t)(a->base + (haddr - a->host_base));
	a = calloc(1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	a->process = p;
	a->window = w;
	a->mkey = mkey;
	a->region_start = start;
	a->region_end = end;
	a->host_base = start & ~PAGE_MASK;
	if (view_end - a->host_base > APERTURE_MAX) { /* a huge region: a 4 GiB view from haddr's page */
		a->host_base = haddr & ~PAGE_MASK;
		if (view_end - a->host_base > APERTURE_MAX)
			view_end = a->host_base + APERTURE_MAX;
	}
	a->size = view_end - a->host_base;
	rc = dpa_process_map_aperture(p->engine, DPA_REGION_WINDOW, a->size, &aperture_ops, a, &a->base);
	if (rc) {
		free(a);
		return rc;
	}
	a->mapped = true;
	a->next = o->apertures;
	o->apertures = a;
	return (int64_t)(a->base + (haddr - a->host_base));
}

/* ---- services --------------------------------------------------------------------------- */

/* The thread's configured entity e, or NULL with -EINVAL in *rc. */
static struct sim_window_entity *entity_of(struct dpa_hart *hart, uint64_t e, int64_t *rc)
{
	struct sim_thread *t = thread_of(hart);

	*rc = -EINVAL;
	if (!t || e >= sizeof(t->window) / sizeof(t->window[0]) || !t->window[e].window_id)
		return NULL;
	return &t->window[e];
}

/* Whether key names a region of w's PD: 0 or -errno (objects lock held). */
static int key_check(struct sim_window *w, uint64_t key, uint64_t *start, uint64_t *end)
{
	uint64_t iova, length;
	int rc;

	if (key > UINT32_MAX)
		return -ENOENT;
	rc = sim_mr_range(w->pd, (uint32_t)key, 0, &iova, &length);
	if (rc == -EINVAL) /* the window's PD is gone: no region can be reached through it */
		rc = -ENOENT;
	if (!rc && start) {
		*start = iova;
		*end = iova + length;
	}
	return rc;
}

/* a0 = entity, a1 = window id, a2 = mkey -> 0 or -errno. */
static int64_t window_config(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_process *p = user;
	struct sim_thread *t = thread_of(hart);
	struct sim_window *w;
	int rc;

	if (!t || args[0] >= sizeof(t->window) / sizeof(t->window[0]))
		return -EINVAL;
	pthread_mutex_lock(&p->objects->lock);
	w = args[1] && args[1] <= UINT16_MAX ? find_window(p->objects, (uint32_t)args[1]) : NULL;
	rc = w ? key_check(w, args[2], NULL, NULL) : -ENOENT;
	pthread_mutex_unlock(&p->objects->lock);
	if (rc)
		return rc;
	t->window[args[0]].window_id = (uint32_t)args[1];
	t->window[args[0]].mkey = (uint32_t)args[2];
	return 0;
}

/* a0 = entity, a1 = mkey -> 0 or -errno. */
static int64_t window_mkey_config(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_process *p = user;
	struct sim_window_entity *e;
	struct sim_window *w;
	int64_t rc;

	if (!(e = entity_of(hart, args[0], &rc)))
		return rc;
	pthread_mutex_lock(&p->objects->lock);
	w = find_window(p->objects, e->window_id);
	rc = w ? key_check(w, args[1], NULL, NULL) : -ENOENT;
	pthread_mutex_unlock(&p->objects->lock);
	if (!rc)
		e->mkey = (uint32_t)args[1];
	return rc;
}

/* a0 = entity, a1 = host address -> DPA address or -errno. */
static int64_t window_ptr(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_process *p = user;
	struct sim_window_entity *e;
	struct sim_window *w;
	uint64_t start, end, haddr = args[1];
	int64_t rc;

	if (!(e = entity_of(hart, args[0], &rc)))
		return rc;
	pthread_mutex_lock(&p->objects->lock);
	w = find_window(p->objects, e->window_id);
	rc = w ? key_check(w, e->mkey, &start, &end) : -ENOENT;
	if (!rc)
		rc = haddr >= start && haddr < end ? aperture_address(p, w, e->mkey, start, end, haddr) : -EFAULT;
	pthread_mutex_unlock(&p->objects->lock);
	return rc;
}

/* a0 = entity, a1 = host address, a2 = DPA address of the source, a3 = size -> 0 or -errno;
 * complete (visible to the host) on return. */
static int64_t window_copy_to_host(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_process *p = user;
	struct sim_window_entity *e;
	struct sim_window *w;
	const void *src;
	void *dst = NULL;
	int64_t rc;

	if (!(e = entity_of(hart, args[0], &rc)))
		return rc;
	if (!args[3])
		return 0;
	if (args[3] > UINT32_MAX)
		return -EINVAL;
	src = dpa_process_host_pointer(p->engine, args[2], args[3], false);
	if (!src)
		return -EFAULT;
	pthread_mutex_lock(&p->objects->lock);
	w = find_window(p->objects, e->window_id);
	rc = w ? key_check(w, e->mkey, NULL, NULL) : -ENOENT;
	if (!rc) {
		dst = flexio_verbs_mr_reach(w->pd, e->mkey, args[1], args[3], IBV_ACCESS_LOCAL_WRITE);
		if (!dst)
			rc = errno == ERANGE ? -EFAULT : -errno;
	}
	pthread_mutex_unlock(&p->objects->lock);
	if (!rc)
		memcpy(dst, src, args[3]);
	return rc;
}

/* __dpa_thread_window_writeback(): a store the window refuses faults the thread here. */
static int64_t window_writeback(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct sim_thread *t = thread_of(hart);
	struct dpa_fault fault = { .cause = DPA_FAULT_APERTURE, .access = DPA_ACCESS_WRITE };

	(void)args;
	if (dpa_hart_window_writeback(hart) == 0)
		return 0;
	fault.pc = dpa_hart_pc(hart);
	fault.address = t ? t->window_refused : 0;
	fault.insn = 0x00000073; /* ecall */
	for (unsigned i = 0; i < 32; i++)
		fault.regs[i] = dpa_hart_reg(hart, i);
	fault.instret = dpa_hart_instret(hart);
	fault.cycles = dpa_hart_cycles(hart);
	sim_process_fail_from(user, t, DPA_STATUS_THREAD_FAULT, &fault);
	dpa_hart_request_stop(hart, DPA_ECALL_WINDOW_WRITEBACK);
	return -EFAULT;
}

void sim_window_services_install(struct sim_process *p)
{
	/* A region deregistered after a thread cached some of its lines is unreachable at once:
	 * the caches drop those lines and refill through aperture_read, which checks the key. */
	dpa_process_set_window_epoch(p->engine, flexio_verbs_mr_epoch());
	dpa_process_set_service(p->engine, DPA_ECALL_WINDOW_CONFIG, window_config, p);
	dpa_process_set_service(p->engine, DPA_ECALL_WINDOW_MKEY_CONFIG, window_mkey_config, p);
	dpa_process_set_service(p->engine, DPA_ECALL_WINDOW_PTR, window_ptr, p);
	dpa_process_set_service(p->engine, DPA_ECALL_WINDOW_COPY_TO_HOST, window_copy_to_host, p);
	dpa_process_set_service(p->engine, DPA_ECALL_WINDOW_WRITEBACK, window_writeback, p);
}
