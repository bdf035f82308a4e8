/*
 * The NIC's queues made with DEVX commands (mlx5dv_devx_obj_create & co.), in the PRM layouts
 * of core/common/mlx5_prm.h: what libflexio's flexio_cq_create & co. issue (core/host
 * devx_cmds.c), and what any program may issue the same way.
 *
 *   CREATE_CQ (0x400)   cqc: log_cq_size, uar_page, st (ARMED: armed at creation),
 *                       always_armed_cq, oi, cc, cqe_comp_en and mini_cqe_res_format,
 *                       cq_period, cq_max_count, cq_period_mode; apu_cq with apu_element_type
 *                       THREAD: c_eqn_or_apu_element is a DPA thread, which each event
 *                       triggers; else an EQ (c_eqn, 0: no events, the CQ is polled); the ring
 *                       at cq_umem_id/cq_umem_offset, the doorbell record at dbr_umem_id/dbr_addr
 *   MODIFY_CQ, QUERY_CQ moderation (modify_field_select PERIOD, COUNT, PERIOD_MODE)
 *   CREATE_SQ (0x904)   sqc: cqn, user_index, tis_num_0; wq: pd, uar_page, log_wq_sz, the
 *                       ring at wq_umem_id/offset (64-byte WQEBBs); created in RST
 *   CREATE_RQ (0x908)   rqc: cqn, user_index; wq: wq_type (LINKED_LIST, CYCLIC), pd, uar_page,
 *                       log_wq_stride, log_wq_sz, ring and doorbell record; created in RST
 *   MODIFY_SQ, MODIFY_RQ, QUERY_SQ, QUERY_RQ  the state: RST to RDY, RDY to RDY or ERR, ERR
 *                       to ERR, any to RST (the state it is in given in sq_state / rq_state)
 *   CREATE_RMP (0x90c)  rmpc: state (RDY), wq as an RQ's
 *   CREATE_QP (0x500)   qpc: st RC, pd, uar_page, user_index, log_rq_size, log_rq_stride
 *                       (16-byte units), no_sq, log_sq_size, rq_type (REGULAR, RMP, ZERO_SIZE),
 *                       cqn_snd, cqn_rcv, srqn_rmpn_xrqn, the doorbell record; the rings at
 *                       wq_umem_id/offset (the RQ, then the SQ); created in RST
 *   RST2INIT_QP, INIT2INIT_QP, INIT2RTR_QP, RTR2RTS_QP, RTS2RTS_QP, SQD2RTS_QP, 2ERR_QP,
 *   2RST_QP             IB's RC state machine, each transition taking the qpc fields IB gives
 *                       it, opt_param_mask adding RRE/RWE/RAE and RNR_TIMEOUT; and RTS to SQD,
 *                       which the PRM does not publish, as 0x508 (mlx5_prm.h)
 *   QUERY_QP            the state (and the PSNs, the peer)
 *   CREATE_TIS (0x912)  tisc.transport_domain
 *
 * What a command names of the DPA comes from the DPA's provider (flexio_verbs_dpa_register):
 *   - memory: a umem id is a devx umem of the device, or a DPA process's memory object (its
 *     dumem id, flexio_verbs_dpa_memory_add), the offset then a DPA address;
 *   - a DPA thread (apu_cq): its sink, held while the CQ lives;
 *   - ownership: uar_page names a UAR of the device; a UAR bound to a DPA process
 *     (flexio_verbs_uar_bind) makes the queue that process's (its threads' doorbells are taken,
 *     those of others refused, core/nic's owners), any other UAR (or 0) the context's.
 * A work queue reports to CQs (receives from RMPs) of its own owner or of the host, never of
 * another DPA process (whose going would leave this queue on its freed ring) or of the
 * device's own (an emulated function's MSI-X vector).
 *
 * Refusals as the firmware's: EREMOTEIO, status BAD_PARAM (content), BAD_RESOURCE (a number
 * naming nothing), BAD_RESOURCE_STATE (a transition from another state) or NO_RESOURCES, a
 * syndrome of the simulated firmware's, and one line with the reason; what the simulated NIC
 * does not do (physical address lists instead of umems, 128-byte CQEs, striding or
 * memory-RQ types, other transports): EOPNOTSUPP.
 */
#include "devx_prm.h"
#include "dr_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CQE_BYTES 64u
#define WQEBB_BYTES 64u
#define LOG_WQEBB 6
#define LOG_MIN_RQ_STRIDE 4 /* one data segment */
/* MODIFY_SQ and MODIFY_RQ read their input up to the context's state. */
#define WQ_MODIFY_BYTES (PRM_BIT_OFF(modify_rq_in, ctx) / 8 + 4)

/* Syndromes of the refusals (the simulated firmware's own numbers). */
enum {
	SYNDROME_MEMORY = 0x1a8c1,    /* a ring or record outside the umem or DPA memory it names */
	SYNDROME_ALIGN = 0x1a8c2,     /* a ring or record not aligned as the NIC needs */
	SYNDROME_UAR = 0x1a8c3,       /* uar_page names no UAR of the device */
	SYNDROME_THREAD = 0x1a8c4,    /* apu_cq: no such DPA thread */
	SYNDROME_SIZE = 0x1a8c5,      /* a log size or stride out of range */
	SYNDROME_PEER = 0x1a8c6,      /* a CQ or RMP of another DPA process, or of the device */
	SYNDROME_NO_OBJECT = 0x1a8c7, /* a CQ, RMP, TD or TIS named does not exist */
	SYNDROME_NUMBER = 0x1a8c8,    /* the command names another object than its own */
	SYNDROME_STATE = 0x1a8c9,     /* the object is not in the state the command moves from */
	SYNDROME_VALUE = 0x1a8ca,     /* a field out of range for the transition */
	SYNDROME_FULL = 0x1a8cb,      /* no room for another object of the kind */
};

/* A command being answered (verbs_lock held until it is). */
struct cmd {
	const char *function; /* the entry point, for the line */
	const char *name;     /* the command's */
	struct verbs_ctx *context;
	struct nic *nic;
	uint8_t *out;
	size_t outlen;
};

static void fail(const struct cmd *c, unsigned status, uint32_t syndrome, const char *format, ...)
	__attribute__((format(printf, 4, 5)));
static void fail(const struct cmd *c, unsigned status, uint32_t syndrome, const char *format, ...)
{
	char reason[256];
	va_list args;
	int n = snprintf(reason, sizeof(reason), "%s: ", c->name);

	va_start(args, format);
	vsnprintf(reason + n, sizeof(reason) - (size_t)n, format, args);
	va_end(args);
	verbs_devx_fail(c->function, c->out, c->outlen, status, syndrome, "%s", reason);
}

/* What the simulated NIC does not do (verbs_lock released): EOPNOTSUPP. */
static int unsupported(const struct cmd *c, const char *what)
{
	verbs_dr_refuse(c->function, EOPNOTSUPP, "%s: %s: not simulated", c->name, what);
	return EOPNOTSUPP;
}

/* A NIC error as the firmware reports it (verbs_lock released); rc is the NIC's -errno. */
static void nic_refused(const struct cmd *c, int rc, const char *what)
{
	if (rc == -ENOSPC)
		fail(c, MLX5_CMD_STAT_NO_RES_ERR, SYNDROME_FULL, "the device has no room for another %s", what);
	else if (rc == -ENOENT)
		fail(c, MLX5_CMD_STAT_BAD_RES_ERR, SYNDROME_NO_OBJECT, "an object the %s names does not exist", what);
	else
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_VALUE, "the NIC refused the %s (%s)", what,
		     strerror(-rc));
}

/* ---- what the DPA's provider tells the device ---- */

static const struct flexio_verbs_dpa *_Atomic dpa;

VERBS_EXPORT void flexio_verbs_dpa_register(const struct flexio_verbs_dpa *ops)
{
	VERBS_DELEGATE_VOID(flexio_verbs_dpa_register, (ops));
	atomic_store(&dpa, ops);
}

/* DPA memory objects (verbs_lock): few, looked up when a queue is made. */
struct dpa_memory {
	uint32_t id;
	struct flexio_verbs_space *space;
	struct dpa_memory *next;
};
static struct dpa_memory *dpa_memories;

static struct dpa_memory *dpa_memory_find(uint32_t id)
{
	struct dpa_memory *m = dpa_memories;

	while (m && m->id != id)
		m = m->next;
	return m;
}

bool verbs_dpa_memory_known(uint32_t id)
{
	return dpa_memory_find(id) != NULL;
}

VERBS_EXPORT int flexio_verbs_dpa_memory_add(uint32_t id, struct flexio_verbs_space *space)
{
	struct dpa_memory *m;
	int rc = 0;

	VERBS_DELEGATE(flexio_verbs_dpa_memory_add, (id, space));
	if (!id || !space || !space->reach)
		return -EINVAL;
	pthread_mutex_lock(&verbs_lock);
	/* One umem id space: a devx umem of any device, or DPA memory (a queue of another device
	 * may live in it: the _cross_dev variants). */
	if (dpa_memory_find(id) || verbs_umem_id_used(id))
		rc = -EEXIST;
	else if (!(m = malloc(sizeof(*m))))
		rc = -ENOMEM;
	else {
		*m = (struct dpa_memory){ .id = id, .space = space, .next = dpa_memories };
		dpa_memories = m;
	}
	pthread_mutex_unlock(&verbs_lock);
	return rc;
}

VERBS_EXPORT void flexio_verbs_dpa_memory_remove(uint32_t id)
{
	struct dpa_memory **at, *gone = NULL;

	VERBS_DELEGATE_VOID(flexio_verbs_dpa_memory_remove, (id));
	pthread_mutex_lock(&verbs_lock);
	for (at = &dpa_memories; *at && (*at)->id != id; at = &(*at)->next)
		;
	if (*at) {
		gone = *at;
		*at = gone->next;
	}
	pthread_mutex_unlock(&verbs_lock);
	free(gone);
}

VERBS_EXPORT int flexio_verbs_uar_bind(const struct mlx5dv_devx_uar *uar, uint64_t owner)
{
	struct verbs_uar *sim;
	int rc = -EINVAL;

	VERBS_DELEGATE(flexio_verbs_uar_bind, (uar, owner));
	pthread_mutex_lock(&verbs_lock);
	if ((owner & 1) && verbs_registry_lookup(uar, VERBS_UAR, (void **)&sim)) {
		sim->dpa_owner = owner;
		rc = 0;
	}
	pthread_mutex_unlock(&verbs_lock);
	return rc;
}

/* ---- what a command names ---- */

struct uar_find {
	const struct verbs_device *device;
	uint32_t page;
	struct verbs_uar *found;
};

static void uar_match(void *object, void *arg)
{
	struct verbs_uar *uar = object;
	struct uar_find *f = arg;

	if (uar->context->device == f->device && uar->dv.page_id == f->page)
		f->found = uar;
}

/* The owner of the queue uar_page makes (false: refused). */
static bool uar_owner(const struct cmd *c, uint32_t page, uint64_t *owner)
{
	struct uar_find f = { .device = c->context->device, .page = page };

	*owner = verbs_owner(c->context);
	if (!page)
		return true;
	verbs_registry_each(VERBS_UAR, uar_match, &f);
	if (!f.found) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_UAR, "uar_page 0x%x is no UAR of the device", page);
		return false;
	}
	if (f.found->dpa_owner)
		*owner = f.found->dpa_owner;
	return true;
}

/* Where [offset, offset + len) of umem umem_id is for the NIC (false: refused). align: what
 * the NIC needs of the address; what names the ring or record in the reason. */
static bool place(const struct cmd *c, uint32_t umem_id, uint64_t offset, uint64_t len, unsigned align,
		  const char *what, struct nic_mem *mem)
{
	struct dpa_memory *dpa_mem = dpa_memory_find(umem_id);
	struct verbs_slot umem;

	if (dpa_mem) {
		if (offset + len < offset || !dpa_mem->space->reach(dpa_mem->space, offset, len, true)) {
			fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_MEMORY,
			     "%s: [0x%llx, +%llu) is not writable DPA memory of the process (umem 0x%x)", what,
			     (unsigned long long)offset, (unsigned long long)len, umem_id);
			return false;
		}
		*mem = (struct nic_mem){ .space = (uintptr_t)dpa_mem->space, .addr = offset };
	} else if (verbs_table_read(&c->context->device->umems, umem_id, umem_id, &umem)) {
		if (offset > umem.length || len > umem.length - offset) {
			fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_MEMORY,
			     "%s: [0x%llx, +%llu) is outside umem 0x%x (%llu bytes)", what, (unsigned long long)offset,
			     (unsigned long long)len, umem_id, (unsigned long long)umem.length);
			return false;
		}
		*mem = (struct nic_mem){ .space = FLEXIO_VERBS_SPACE_UMEM(umem_id), .addr = offset };
	} else {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_MEMORY,
		     "%s: umem 0x%x is neither a umem of the device nor DPA memory", what, umem_id);
		return false;
	}
	/* The NIC refuses misplaced rings too (-EFAULT), without saying where. */
	if (offset % align) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_ALIGN,
		     "%s: 0x%llx is not %u-byte aligned, as the NIC needs", what, (unsigned long long)offset, align);
		return false;
	}
	return true;
}

struct cq_find {
	const struct verbs_device *device;
	uint32_t cqn;
	bool found;
};

static void cq_match(void *object, void *arg)
{
	const struct verbs_devx_obj *obj = object;
	struct cq_find *f = arg;

	if (obj->nic && obj->type == MLX5_CMD_OP_CREATE_CQ && obj->id == f->cqn && obj->context->device == f->device)
		f->found = true;
}

/*
 * Whether a queue of owner may name CQ cqn (an RMP, rmp) of the device, which it holds already
 * (the NIC then refuses to destroy it, so the answer stays true): see the top of the file.
 */
static bool peer_ok(const struct cmd *c, uint64_t owner, uint32_t number, bool rmp)
{
	struct cq_find f = { .device = c->context->device, .cqn = number };
	struct nic_cq_info cq = { 0 };
	struct nic_wq_info wq = { 0 };
	uint64_t peer;

	/* Held by the new queue: the query cannot fail (0 is no owner, the host's). */
	if (rmp)
		peer = nic_wq_query(c->nic, number, &wq) ? 0 : wq.owner;
	else
		peer = nic_cq_query(c->nic, number, &cq) ? 0 : cq.owner;
	if (!(peer & 1))
		return true;
	if (peer != owner) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_PEER,
		     "%s 0x%x is another process's (queues name their own process's, or the host's)",
		     rmp ? "RMP" : "CQ", number);
		return false;
	}
	if (!rmp)
		verbs_registry_each(VERBS_DEVX_OBJ, cq_match, &f);
	if (!rmp && !f.found) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_PEER,
		     "CQ 0x%x is one the device made itself (an emulated function's MSI-X vector)", number);
		return false;
	}
	return true;
}

/* The program's object for the NIC object the command made (number), its number in out; NULL,
 * with the NIC object destroyed by the caller, when memory runs out (verbs_lock released). */
static struct mlx5dv_devx_obj *made(const struct cmd *c, uint16_t opcode, uint32_t number,
				    int (*undo)(struct nic *, uint32_t))
{
	struct verbs_devx_obj *obj = verbs_devx_nic_wrap(c->function, c->context, opcode, number, c->out);

	if (!obj) {
		undo(c->nic, number);
		return NULL;
	}
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_devx_obj *)obj;
}

/* ---- completion queues ---- */

static struct mlx5dv_devx_obj *cq_create(const struct cmd *c, const uint8_t *in)
{
	const uint8_t *cqc = PRM_CADDR_OF(create_cq_in, in, cq_context);
	const struct flexio_verbs_dpa *provider = atomic_load(&dpa);
	struct flexio_verbs_sink *thread = NULL;
	struct nic_cq_attr attr = {
		.log_size = (uint8_t)PRM_GET(cqc, cqc, log_cq_size),
		.armed = PRM_GET(cqc, cqc, st) == MLX5_CQ_STATE_ARMED,
		.always_armed = PRM_GET(cqc, cqc, always_armed_cq),
		.overrun_ignore = PRM_GET(cqc, cqc, oi),
		.collapsed = PRM_GET(cqc, cqc, cc),
		.compress = PRM_GET(cqc, cqc, cqe_comp_en),
		.comp_format = (enum nic_comp_format)PRM_GET(cqc, cqc, mini_cqe_res_format),
		.moderation_count = (uint16_t)PRM_GET(cqc, cqc, cq_max_count),
		.moderation_period_us = (uint16_t)PRM_GET(cqc, cqc, cq_period),
		.moderation_mode = (enum nic_moderation_mode)PRM_GET(cqc, cqc, cq_period_mode),
	};
	uint32_t element = PRM_GET(cqc, cqc, c_eqn_or_apu_element), cqn;
	struct verbs_devx_obj *obj;
	int rc;

	if (!PRM_GET(create_cq_in, in, cq_umem_valid) || !PRM_GET(cqc, cqc, dbr_umem_valid)) {
		unsupported(c, "a ring or doorbell record not in a umem (cq_umem_valid, dbr_umem_valid 0)");
		return NULL;
	}
	if (PRM_GET(cqc, cqc, cqe_sz) || attr.comp_format > NIC_COMP_CSUM_STRIDX) {
		unsupported(c, "128-byte CQEs, or mini-CQEs of another format than HASH, CSUM, CSUM_STRIDX");
		return NULL;
	}
	if (attr.log_size > NIC_LOG_MAX_CQ_SIZE) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_SIZE, "log_cq_size %u is more than %d", attr.log_size,
		     NIC_LOG_MAX_CQ_SIZE);
		return NULL;
	}
	if (!uar_owner(c, PRM_GET(cqc, cqc, uar_page), &attr.owner) ||
	    !place(c, PRM_GET(create_cq_in, in, cq_umem_id), PRM_GET64(create_cq_in, in, cq_umem_offset),
		   (uint64_t)CQE_BYTES << attr.log_size, CQE_BYTES, "cq_umem_offset", &attr.ring) ||
	    !place(c, PRM_GET(cqc, cqc, dbr_umem_id), PRM_GET64(cqc, cqc, dbr_addr), 8, 8, "dbr_addr", &attr.dbr))
		return NULL;
	if (PRM_GET(cqc, cqc, apu_cq) && PRM_GET(cqc, cqc, apu_element_type) == MLX5_APU_ELEMENT_TYPE_THREAD) {
		thread = provider ? provider->thread_hold(element) : NULL;
		if (!thread) {
			fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_THREAD,
			     "c_eqn_or_apu_element 0x%x is no DPA thread of the device", element);
			return NULL;
		}
		attr.target = NIC_CQ_NOTIFY;
		attr.cookie = (uintptr_t)thread;
	} else {
		/* An EQ (the DPA's, apu_element_type EQ; an emulated function's vector), or none. */
		attr.target = element ? NIC_CQ_EQ : NIC_CQ_NOTIFY;
		attr.eqn = element;
	}
	rc = nic_cq_create(c->nic, &attr, &cqn);
	if (rc) {
		if (thread)
			provider->thread_release(thread);
		nic_refused(c, rc, "CQ");
		return NULL;
	}
	obj = verbs_devx_nic_wrap(c->function, c->context, MLX5_CMD_OP_CREATE_CQ, cqn, c->out);
	if (!obj) {
		nic_cq_destroy(c->nic, cqn);
		if (thread)
			provider->thread_release(thread);
		return NULL;
	}
	obj->thread = thread;
	pthread_mutex_unlock(&verbs_lock);
	return (struct mlx5dv_devx_obj *)obj;
}

/* MODIFY_CQ: the moderation fields modify_field_select names. */
static int cq_modify(const struct cmd *c, const struct verbs_devx_obj *obj, const uint8_t *in)
{
	const uint8_t *cqc = PRM_CADDR_OF(modify_cq_in, in, cq_context);
	uint32_t select = PRM_GET(modify_cq_in, in, modify_field_select);
	struct nic_cq_info info;

	if (select & ~(uint32_t)(MLX5_CQ_MODIFY_PERIOD | MLX5_CQ_MODIFY_COUNT | MLX5_CQ_MODIFY_PERIOD_MODE))
		return unsupported(c, "modify_field_select beyond the moderation (PERIOD, COUNT, PERIOD_MODE)");
	if (nic_cq_query(c->nic, obj->id, &info)) {
		fail(c, MLX5_CMD_STAT_BAD_RES_ERR, SYNDROME_NO_OBJECT, "CQ 0x%x is gone", obj->id);
		return EREMOTEIO;
	}
	if (select & MLX5_CQ_MODIFY_PERIOD)
		info.moderation_period_us = (uint16_t)PRM_GET(cqc, cqc, cq_period);
	if (select & MLX5_CQ_MODIFY_COUNT)
		info.moderation_count = (uint16_t)PRM_GET(cqc, cqc, cq_max_count);
	if (select & MLX5_CQ_MODIFY_PERIOD_MODE)
		info.moderation_mode = (enum nic_moderation_mode)PRM_GET(cqc, cqc, cq_period_mode);
	nic_cq_moderate(c->nic, obj->id, info.moderation_count, info.moderation_period_us, info.moderation_mode);
	return 0;
}

static int cq_query(const struct cmd *c, const struct verbs_devx_obj *obj)
{
	uint8_t *cqc = PRM_ADDR_OF(query_cq_out, c->out, cq_context);
	struct nic_cq_info info;

	if (nic_cq_query(c->nic, obj->id, &info)) {
		fail(c, MLX5_CMD_STAT_BAD_RES_ERR, SYNDROME_NO_OBJECT, "CQ 0x%x is gone", obj->id);
		return EREMOTEIO;
	}
	PRM_SET(cqc, cqc, st, info.armed ? MLX5_CQ_STATE_ARMED : MLX5_CQ_STATE_FIRED);
	PRM_SET(cqc, cqc, cq_period, info.moderation_period_us);
	PRM_SET(cqc, cqc, cq_max_count, info.moderation_count);
	PRM_SET(cqc, cqc, cq_period_mode, info.moderation_mode);
	PRM_SET(cqc, cqc, producer_counter, info.produced);
	return 0;
}

/* ---- work queues ---- */

/* The receive ring of an RQ or RMP from its wq (false: refused). */
static bool rq_attr(const struct cmd *c, const uint8_t *wq, struct nic_rq_attr *attr)
{
	unsigned type = PRM_GET(wq, wq, wq_type);

	*attr = (struct nic_rq_attr){
		.pd = PRM_GET(wq, wq, pd),
		.kind = type == MLX5_WQ_TYPE_LINKED_LIST ? NIC_RQ_LINKED_LIST : NIC_RQ_CYCLIC,
		.log_depth = (uint8_t)PRM_GET(wq, wq, log_wq_sz),
		.log_stride = (uint8_t)PRM_GET(wq, wq, log_wq_stride),
	};
	if (type != MLX5_WQ_TYPE_LINKED_LIST && type != MLX5_WQ_TYPE_CYCLIC) {
		unsupported(c, "a wq_type other than LINKED_LIST and CYCLIC (striding)");
		return false;
	}
	if (!PRM_GET(wq, wq, wq_umem_valid) || !PRM_GET(wq, wq, dbr_umem_valid)) {
		unsupported(c, "a ring or doorbell record not in a umem (wq_umem_valid, dbr_umem_valid 0)");
		return false;
	}
	if (attr->log_depth > NIC_LOG_MAX_WQ_SIZE || attr->log_stride < LOG_MIN_RQ_STRIDE ||
	    attr->log_stride > NIC_LOG_MAX_RQ_STRIDE) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_SIZE,
		     "log_wq_sz %u (at most %d), log_wq_stride %u (%d..%d)", attr->log_depth, NIC_LOG_MAX_WQ_SIZE,
		     attr->log_stride, LOG_MIN_RQ_STRIDE, NIC_LOG_MAX_RQ_STRIDE);
		return false;
	}
	return uar_owner(c, PRM_GET(wq, wq, uar_page), &attr->owner) &&
	       place(c, PRM_GET(wq, wq, wq_umem_id), PRM_GET64(wq, wq, wq_umem_offset),
		     (uint64_t)1 << (attr->log_depth + attr->log_stride), 1, "wq_umem_offset", &attr->ring) &&
	       place(c, PRM_GET(wq, wq, dbr_umem_id), PRM_GET64(wq, wq, dbr_addr), 4, 4, "dbr_addr", &attr->dbr);
}

static struct mlx5dv_devx_obj *sq_create(const struct cmd *c, const uint8_t *in)
{
	const uint8_t *sqc = PRM_CADDR_OF(create_sq_in, in, ctx), *wq = PRM_CADDR_OF(sqc, sqc, wq);
	struct nic_sq_attr attr = {
		.pd = PRM_GET(wq, wq, pd),
		.user_index = PRM_GET(sqc, sqc, user_index),
		.cqn = PRM_GET(sqc, sqc, cqn),
		.tisn = PRM_GET(sqc, sqc, tis_lst_sz) ? PRM_GET(sqc, sqc, tis_num_0) : 0,
		.log_depth = (uint8_t)PRM_GET(wq, wq, log_wq_sz),
	};
	uint32_t sqn;
	int rc;

	if (PRM_GET(wq, wq, wq_type) != MLX5_WQ_TYPE_CYCLIC || !PRM_GET(wq, wq, wq_umem_valid)) {
		unsupported(c, "an SQ that is not a cyclic ring in a umem (wq_type, wq_umem_valid)");
		return NULL;
	}
	if (PRM_GET(sqc, sqc, state) != MLX5_WQ_STATE_RST || attr.log_depth > NIC_LOG_MAX_WQ_SIZE) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_SIZE,
		     "state %u (an SQ is created in RST), log_wq_sz %u (at most %d)", PRM_GET(sqc, sqc, state),
		     attr.log_depth, NIC_LOG_MAX_WQ_SIZE);
		return NULL;
	}
	/* The SQ's doorbell record is not read (the doorbell carries the producer index). */
	if (!uar_owner(c, PRM_GET(wq, wq, uar_page), &attr.owner) ||
	    !place(c, PRM_GET(wq, wq, wq_umem_id), PRM_GET64(wq, wq, wq_umem_offset),
		   (uint64_t)WQEBB_BYTES << attr.log_depth, WQEBB_BYTES, "wq_umem_offset", &attr.ring))
		return NULL;
	rc = nic_sq_create(c->nic, &attr, &sqn);
	if (rc) {
		nic_refused(c, rc, "SQ (its CQ, its TIS)");
		return NULL;
	}
	if (!peer_ok(c, attr.owner, attr.cqn, false)) {
		nic_wq_destroy(c->nic, sqn);
		return NULL;
	}
	return made(c, MLX5_CMD_OP_CREATE_SQ, sqn, nic_wq_destroy);
}

static struct mlx5dv_devx_obj *rq_create(const struct cmd *c, const uint8_t *in)
{
	const uint8_t *rqc = PRM_CADDR_OF(create_rq_in, in, ctx);
	struct nic_rq_attr attr;
	uint32_t rqn;
	int rc;

	if (PRM_GET(rqc, rqc, mem_rq_type)) {
		unsupported(c, "mem_rq_type other than an inline RQ");
		return NULL;
	}
	if (PRM_GET(rqc, rqc, state) != MLX5_WQ_STATE_RST) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_VALUE, "state %u: an RQ is created in RST",
		     PRM_GET(rqc, rqc, state));
		return NULL;
	}
	if (!rq_attr(c, PRM_CADDR_OF(rqc, rqc, wq), &attr))
		return NULL;
	attr.user_index = PRM_GET(rqc, rqc, user_index);
	attr.cqn = PRM_GET(rqc, rqc, cqn);
	rc = nic_rq_create(c->nic, &attr, &rqn);
	if (rc) {
		nic_refused(c, rc, "RQ (its CQ)");
		return NULL;
	}
	if (!peer_ok(c, attr.owner, attr.cqn, false)) {
		nic_wq_destroy(c->nic, rqn);
		return NULL;
	}
	return made(c, MLX5_CMD_OP_CREATE_RQ, rqn, nic_wq_destroy);
}

static struct mlx5dv_devx_obj *rmp_create(const struct cmd *c, const uint8_t *in)
{
	const uint8_t *rmpc = PRM_CADDR_OF(create_rmp_in, in, ctx);
	unsigned state = PRM_GET(rmpc, rmpc, state);
	struct nic_rq_attr attr;
	uint32_t rmpn;
	int rc;

	if (state != MLX5_WQ_STATE_RST && state != MLX5_WQ_STATE_RDY) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_VALUE, "state %u: an RMP is created in RST or RDY",
		     state);
		return NULL;
	}
	if (!rq_attr(c, PRM_CADDR_OF(rmpc, rmpc, wq), &attr))
		return NULL;
	rc = nic_rmp_create(c->nic, &attr, &rmpn);
	if (!rc && state == MLX5_WQ_STATE_RDY && (rc = nic_wq_modify(c->nic, rmpn, NIC_WQ_RDY)))
		nic_wq_destroy(c->nic, rmpn);
	if (rc) {
		nic_refused(c, rc, "RMP");
		return NULL;
	}
	return made(c, MLX5_CMD_OP_CREATE_RMP, rmpn, nic_wq_destroy);
}

/* MODIFY_SQ, MODIFY_RQ: the state only (modify_bitmask 0), from the state it is in. The two
 * layouts agree on every field read here. */
static int wq_modify(const struct cmd *c, const struct verbs_devx_obj *obj, const uint8_t *in)
{
	uint32_t number = PRM_GET(modify_rq_in, in, rqn), from = PRM_GET(modify_rq_in, in, rq_state);
	uint32_t to = PRM_GET(rqc, PRM_CADDR_OF(modify_rq_in, in, ctx), state);
	const uint8_t *bitmask = PRM_CADDR_OF(modify_rq_in, in, modify_bitmask);
	struct nic_wq_info info;

	if (prm_be_get(bitmask, 8))
		return unsupported(c, "modify_bitmask other than 0 (the simulated NIC changes a queue's state only)");
	if (number != obj->id || nic_wq_query(c->nic, number, &info)) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_NUMBER,
		     "queue 0x%x is not this object's live queue (0x%x)", number, obj->id);
		return EREMOTEIO;
	}
	if (from != (uint32_t)info.state || nic_wq_modify(c->nic, number, (enum nic_wq_state)to)) {
		fail(c, MLX5_CMD_STAT_BAD_RES_STATE_ERR, SYNDROME_STATE,
		     "state %u to %u: the queue is in %u (RST 0, RDY 1, ERR 3), and goes from RST to RDY, from RDY to "
		     "RDY or ERR, from ERR to ERR, from any to RST",
		     from, to, info.state);
		return EREMOTEIO;
	}
	return 0;
}

/* QUERY_SQ, QUERY_RQ: the state, in the context at the same place of both outputs. */
static int wq_query(const struct cmd *c, const struct verbs_devx_obj *obj)
{
	struct nic_wq_info info;

	if (nic_wq_query(c->nic, obj->id, &info)) {
		fail(c, MLX5_CMD_STAT_BAD_RES_ERR, SYNDROME_NO_OBJECT, "queue 0x%x is gone", obj->id);
		return EREMOTEIO;
	}
	PRM_SET(rqc, PRM_ADDR_OF(query_rq_out, c->out, rq_context), state, (uint32_t)info.state);
	return 0;
}

/* ---- queue pairs ---- */

static struct mlx5dv_devx_obj *qp_create(const struct cmd *c, const uint8_t *in)
{
	const uint8_t *qpc = PRM_CADDR_OF(create_qp_in, in, qpc);
	unsigned rq_type = PRM_GET(qpc, qpc, rq_type);
	struct nic_qp_create_attr attr = {
		.pd = PRM_GET(qpc, qpc, pd),
		.user_index = PRM_GET(qpc, qpc, user_index),
		.sq_cqn = PRM_GET(qpc, qpc, cqn_snd),
		.rq_cqn = PRM_GET(qpc, qpc, cqn_rcv),
		.no_sq = PRM_GET(qpc, qpc, no_sq),
		.log_sq_depth = (uint8_t)PRM_GET(qpc, qpc, log_sq_size),
		.rq_type = (enum nic_qp_rq_type)rq_type,
		.log_rq_depth = (uint8_t)PRM_GET(qpc, qpc, log_rq_size),
		.log_rq_stride = (uint8_t)(PRM_GET(qpc, qpc, log_rq_stride) + LOG_MIN_RQ_STRIDE),
		.rmpn = PRM_GET(qpc, qpc, srqn_rmpn_xrqn),
	};
	uint32_t umem = PRM_GET(create_qp_in, in, wq_umem_id), qpn;
	uint64_t base = PRM_GET64(create_qp_in, in, wq_umem_offset), rq_bytes = 0, sq_bytes = 0;
	int rc;

	if (PRM_GET(qpc, qpc, st) != MLX5_QPC_ST_RC ||
	    (rq_type != MLX5_QPC_RQ_TYPE_REGULAR && rq_type != MLX5_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ &&
	     rq_type != MLX5_QPC_RQ_TYPE_ZERO_SIZE_RQ)) {
		unsupported(c, "a transport other than RC, or an rq_type other than REGULAR, RMP and ZERO_SIZE");
		return NULL;
	}
	if (!PRM_GET(create_qp_in, in, wq_umem_valid) || !PRM_GET(qpc, qpc, dbr_umem_valid)) {
		unsupported(c, "rings or a doorbell record not in a umem (wq_umem_valid, dbr_umem_valid 0)");
		return NULL;
	}
	/* mlx5's QP buffer: the RQ first, the SQ after it. */
	if (rq_type == MLX5_QPC_RQ_TYPE_REGULAR)
		rq_bytes = (uint64_t)1 << (attr.log_rq_depth + attr.log_rq_stride);
	if (!attr.no_sq)
		sq_bytes = (uint64_t)WQEBB_BYTES << attr.log_sq_depth;
	if (!uar_owner(c, PRM_GET(qpc, qpc, uar_page), &attr.owner) ||
	    (rq_bytes && !place(c, umem, base, rq_bytes, 1, "wq_umem_offset (RQ)", &attr.rq_ring)) ||
	    (sq_bytes && !place(c, umem, base + rq_bytes, sq_bytes, 16, "wq_umem_offset (SQ)", &attr.sq_ring)) ||
	    !place(c, PRM_GET(qpc, qpc, dbr_umem_id), PRM_GET64(qpc, qpc, dbr_addr), 8, 8, "dbr_addr", &attr.dbr))
		return NULL;
	rc = nic_qp_create(c->nic, &attr, &qpn);
	if (rc) {
		nic_refused(c, rc, "QP (its CQs, its RMP)");
		return NULL;
	}
	if ((!attr.no_sq && !peer_ok(c, attr.owner, attr.sq_cqn, false)) ||
	    (rq_type != MLX5_QPC_RQ_TYPE_ZERO_SIZE_RQ && !peer_ok(c, attr.owner, attr.rq_cqn, false)) ||
	    (rq_type == MLX5_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ && !peer_ok(c, attr.owner, attr.rmpn, true))) {
		nic_wq_destroy(c->nic, qpn);
		return NULL;
	}
	return made(c, MLX5_CMD_OP_CREATE_QP, qpn, nic_wq_destroy);
}

/* The NIC's QP state of a QPC state, and back (IB numbers SQD 4, the QPC 5). */
static int qpc_state_from_nic(enum nic_qp_state state)
{
	return state == NIC_QP_SQD ? MLX5_QPC_STATE_SQD : (int)state;
}

static enum nic_qp_state nic_state_from_qpc(unsigned state)
{
	return state == MLX5_QPC_STATE_SQD ? NIC_QP_SQD : (enum nic_qp_state)state;
}

/* The states a transition command moves between (from -1: any); left as they are for another
 * command (the callers take only transitions: verbs_devx_queue_command). */
static void qp_transition(uint16_t opcode, int *from, unsigned *to)
{
	static const struct {
		uint16_t opcode;
		int from;
		unsigned to;
	} table[] = {
		{ MLX5_CMD_OP_RST2INIT_QP, MLX5_QPC_STATE_RST, MLX5_QPC_STATE_INIT },
		{ MLX5_CMD_OP_INIT2INIT_QP, MLX5_QPC_STATE_INIT, MLX5_QPC_STATE_INIT },
		{ MLX5_CMD_OP_INIT2RTR_QP, MLX5_QPC_STATE_INIT, MLX5_QPC_STATE_RTR },
		{ MLX5_CMD_OP_RTR2RTS_QP, MLX5_QPC_STATE_RTR, MLX5_QPC_STATE_RTS },
		{ MLX5_CMD_OP_RTS2RTS_QP, MLX5_QPC_STATE_RTS, MLX5_QPC_STATE_RTS },
		{ MLX5_CMD_OP_SIM_RTS2SQD_QP, MLX5_QPC_STATE_RTS, MLX5_QPC_STATE_SQD },
		{ MLX5_CMD_OP_SQD2RTS_QP, MLX5_QPC_STATE_SQD, MLX5_QPC_STATE_RTS },
		{ MLX5_CMD_OP_2ERR_QP, -1, MLX5_QPC_STATE_ERR },
		{ MLX5_CMD_OP_2RST_QP, -1, MLX5_QPC_STATE_RST },
	};

	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (table[i].opcode == opcode) {
			*from = table[i].from;
			*to = table[i].to;
		}
}

/* The attributes IB's RC state machine requires of a transition (nic.h, nic_qp_modify). */
static unsigned required_mask(enum nic_qp_state from, enum nic_qp_state to)
{
	if (to == NIC_QP_RST || to == NIC_QP_ERR)
		return NIC_QP_STATE;
	if (from == NIC_QP_RST && to == NIC_QP_INIT)
		return NIC_QP_STATE | NIC_QP_ACCESS | NIC_QP_PKEY_INDEX | NIC_QP_PORT;
	if (from == NIC_QP_INIT && to == NIC_QP_RTR)
		return NIC_QP_STATE | NIC_QP_PATH | NIC_QP_PATH_MTU | NIC_QP_DEST_QPN | NIC_QP_RQ_PSN |
		       NIC_QP_MAX_DEST_RD_ATOMIC | NIC_QP_MIN_RNR_TIMER;
	if (from == NIC_QP_RTR && to == NIC_QP_RTS)
		return NIC_QP_STATE | NIC_QP_SQ_PSN | NIC_QP_TIMEOUT | NIC_QP_RETRY_CNT | NIC_QP_RNR_RETRY |
		       NIC_QP_MAX_QP_RD_ATOMIC;
	return NIC_QP_STATE; /* INIT->INIT, RTS->RTS, RTS<->SQD: only the optional ones */
}

/* The path of an address path. */
static void qp_path(const uint8_t *ads, struct nic_path *path)
{
	uint32_t mac_high = PRM_GET(ads, ads, rmac_47_32), mac_low = PRM_GET(ads, ads, rmac_31_0);

	path->loopback = PRM_GET(ads, ads, fl);
	prm_be_put(path->dmac, 2, mac_high);
	prm_be_put(path->dmac + 2, 4, mac_low);
	/* RoCE: the peer by its GID, else by its MAC (a path without GRH that names one). */
	if (PRM_GET(ads, ads, grh) || !(mac_high | mac_low))
		memcpy(path->dgid, PRM_CADDR_OF(ads, ads, rgid_rip), sizeof(path->dgid));
}

static int qp_modify(const struct cmd *c, const struct verbs_devx_obj *obj, const uint8_t *in, size_t inlen)
{
	const uint8_t *qpc = PRM_CADDR_OF(rst2init_qp_in, in, qpc);
	const uint8_t *ads = PRM_CADDR_OF(qpc, qpc, primary_address_path);
	uint32_t qpn = PRM_GET(rst2init_qp_in, in, qpn), opt;
	struct nic_qp_attr now, to = { 0 };
	unsigned to_qpc = MLX5_QPC_STATE_RST, mask;
	int from = -1, rc;

	qp_transition((uint16_t)PRM_GET(mbox_in, in, opcode), &from, &to_qpc);
	if (from >= 0 && inlen < PRM_BYTES(rst2init_qp_in)) {
		verbs_dr_refuse(c->function, EINVAL, "inlen %zu: %s's input has %zu bytes", inlen, c->name,
				PRM_BYTES(rst2init_qp_in));
		return EINVAL;
	}
	if (qpn != obj->id || nic_qp_query(c->nic, qpn, &now)) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_NUMBER, "qpn 0x%x is not this object's live QP (0x%x)",
		     qpn, obj->id);
		return EREMOTEIO;
	}
	if (from >= 0 && qpc_state_from_nic(now.state) != from) {
		fail(c, MLX5_CMD_STAT_BAD_RES_STATE_ERR, SYNDROME_STATE, "the QP is in state %d (QPC)",
		     qpc_state_from_nic(now.state));
		return EREMOTEIO;
	}
	to.state = nic_state_from_qpc(to_qpc);
	mask = required_mask(now.state, to.state);
	if (from >= 0) {
		opt = PRM_GET(rst2init_qp_in, in, opt_param_mask);
		/* IB's optional attributes: the access flags of any of these transitions, the RNR timer
		 * of those to RTR, RTS and SQD. */
		if (opt & (MLX5_QP_OPTPAR_RRE | MLX5_QP_OPTPAR_RWE | MLX5_QP_OPTPAR_RAE))
			mask |= NIC_QP_ACCESS;
		if ((opt & MLX5_QP_OPTPAR_RNR_TIMEOUT) && to.state != NIC_QP_INIT)
			mask |= NIC_QP_MIN_RNR_TIMER;
		to.access = (PRM_GET(qpc, qpc, rre) ? NIC_ACCESS_REMOTE_READ : 0) |
			    (PRM_GET(qpc, qpc, rwe) ? NIC_ACCESS_REMOTE_WRITE : 0) |
			    (PRM_GET(qpc, qpc, rae) ? NIC_ACCESS_REMOTE_ATOMIC : 0);
		to.pkey_index = (uint16_t)PRM_GET(ads, ads, pkey_index);
		to.port = (uint8_t)PRM_GET(ads, ads, vhca_port_num);
		to.port = to.port ? to.port : 1;
		qp_path(ads, &to.path);
		to.path_mtu = (uint8_t)PRM_GET(qpc, qpc, mtu);
		to.dest_qpn = PRM_GET(qpc, qpc, remote_qpn);
		to.rq_psn = PRM_GET(qpc, qpc, next_rcv_psn);
		to.sq_psn = PRM_GET(qpc, qpc, next_send_psn);
		to.max_dest_rd_atomic = (uint8_t)PRM_GET(qpc, qpc, log_rra_max);
		to.max_rd_atomic = (uint8_t)PRM_GET(qpc, qpc, log_sra_max);
		to.min_rnr_timer = (uint8_t)PRM_GET(qpc, qpc, min_rnr_nak);
		to.timeout = (uint8_t)PRM_GET(ads, ads, ack_timeout);
		to.retry_cnt = (uint8_t)PRM_GET(qpc, qpc, retry_count);
		to.rnr_retry = (uint8_t)PRM_GET(qpc, qpc, rnr_retry);
	}
	rc = nic_qp_modify(c->nic, qpn, &to, mask);
	if (rc == -EPERM) {
		fail(c, MLX5_CMD_STAT_BAD_RES_STATE_ERR, SYNDROME_STATE, "no transition from state %d to %d (QPC)",
		     qpc_state_from_nic(now.state), to_qpc);
		return EREMOTEIO;
	}
	if (rc) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_VALUE,
		     "a field of the transition is out of range (mtu %u, vhca_port_num %u, min_rnr_nak %u)",
		     to.path_mtu, to.port, to.min_rnr_timer);
		return EREMOTEIO;
	}
	return 0;
}

static int qp_query(const struct cmd *c, const struct verbs_devx_obj *obj, const uint8_t *in)
{
	uint8_t *qpc = PRM_ADDR_OF(query_qp_out, c->out, qpc);
	struct nic_qp_attr attr;

	if (PRM_GET(qp_2err_in, in, qpn) != obj->id || nic_qp_query(c->nic, obj->id, &attr)) {
		fail(c, MLX5_CMD_STAT_BAD_PARAM_ERR, SYNDROME_NUMBER, "qpn 0x%x is not this object's live QP (0x%x)",
		     PRM_GET(qp_2err_in, in, qpn), obj->id);
		return EREMOTEIO;
	}
	PRM_SET(qpc, qpc, state, (uint32_t)qpc_state_from_nic(attr.state));
	PRM_SET(qpc, qpc, remote_qpn, attr.dest_qpn);
	PRM_SET(qpc, qpc, next_send_psn, attr.sq_psn);
	PRM_SET(qpc, qpc, next_rcv_psn, attr.rq_psn);
	return 0;
}

/* ---- TIS ---- */

static struct mlx5dv_devx_obj *tis_create(const struct cmd *c, const uint8_t *in)
{
	uint32_t tdn = PRM_GET(tisc, PRM_CADDR_OF(create_tis_in, in, ctx), transport_domain), tisn;
	int rc = nic_tis_create(c->nic, tdn, 1, &tisn);

	if (rc) {
		nic_refused(c, rc, "TIS (its transport domain)");
		return NULL;
	}
	return made(c, MLX5_CMD_OP_CREATE_TIS, tisn, nic_tis_destroy);
}

/* ---- the entry points' side ---- */

static const struct {
	uint16_t opcode;
	const char *name;
	size_t in_bytes, out_bytes; /* what the command needs of its buffers */
} commands[] = {
	{ MLX5_CMD_OP_CREATE_CQ, "CREATE_CQ", PRM_BYTES(create_cq_in), PRM_BYTES(create_obj_out) },
	{ MLX5_CMD_OP_MODIFY_CQ, "MODIFY_CQ", PRM_BIT_OFF(modify_cq_in, reserved_at_300) / 8, PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_QUERY_CQ, "QUERY_CQ", PRM_BYTES(query_cq_in), PRM_BIT_OFF(query_cq_out, reserved_at_280) / 8 },
	{ MLX5_CMD_OP_CREATE_SQ, "CREATE_SQ", PRM_BYTES(create_sq_in), PRM_BYTES(create_obj_out) },
	{ MLX5_CMD_OP_MODIFY_SQ, "MODIFY_SQ", WQ_MODIFY_BYTES, PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_QUERY_SQ, "QUERY_SQ", PRM_BYTES(query_rq_in), PRM_BYTES(query_sq_out) },
	{ MLX5_CMD_OP_CREATE_RQ, "CREATE_RQ", PRM_BYTES(create_rq_in), PRM_BYTES(create_obj_out) },
	{ MLX5_CMD_OP_MODIFY_RQ, "MODIFY_RQ", WQ_MODIFY_BYTES, PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_QUERY_RQ, "QUERY_RQ", PRM_BYTES(query_rq_in), PRM_BYTES(query_rq_out) },
	{ MLX5_CMD_OP_CREATE_RMP, "CREATE_RMP", PRM_BYTES(create_rmp_in), PRM_BYTES(create_obj_out) },
	{ MLX5_CMD_OP_CREATE_QP, "CREATE_QP", PRM_BYTES(create_qp_in), PRM_BYTES(create_obj_out) },
	{ MLX5_CMD_OP_RST2INIT_QP, "RST2INIT_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_INIT2INIT_QP, "INIT2INIT_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_INIT2RTR_QP, "INIT2RTR_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_RTR2RTS_QP, "RTR2RTS_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_RTS2RTS_QP, "RTS2RTS_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_SIM_RTS2SQD_QP, "RTS2SQD_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_SQD2RTS_QP, "SQD2RTS_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_2ERR_QP, "2ERR_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_2RST_QP, "2RST_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(mbox_out) },
	{ MLX5_CMD_OP_QUERY_QP, "QUERY_QP", PRM_BYTES(qp_2err_in), PRM_BYTES(query_qp_out) },
	{ MLX5_CMD_OP_CREATE_TIS, "CREATE_TIS", PRM_BYTES(create_tis_in), PRM_BYTES(create_obj_out) },
};

/* The object type (its create opcode) each modify or query command takes. */
static uint16_t object_of(uint16_t opcode)
{
	switch (opcode) {
	case MLX5_CMD_OP_MODIFY_CQ:
	case MLX5_CMD_OP_QUERY_CQ:
		return MLX5_CMD_OP_CREATE_CQ;
	case MLX5_CMD_OP_MODIFY_SQ:
	case MLX5_CMD_OP_QUERY_SQ:
		return MLX5_CMD_OP_CREATE_SQ;
	case MLX5_CMD_OP_MODIFY_RQ:
	case MLX5_CMD_OP_QUERY_RQ:
		return MLX5_CMD_OP_CREATE_RQ;
	case MLX5_CMD_OP_CREATE_CQ:
	case MLX5_CMD_OP_CREATE_SQ:
	case MLX5_CMD_OP_CREATE_RQ:
	case MLX5_CMD_OP_CREATE_RMP:
	case MLX5_CMD_OP_CREATE_QP:
	case MLX5_CMD_OP_CREATE_TIS:
		return 0;
	default:
		return MLX5_CMD_OP_CREATE_QP;
	}
}

static bool is_query(uint16_t opcode)
{
	return opcode == MLX5_CMD_OP_QUERY_CQ || opcode == MLX5_CMD_OP_QUERY_SQ || opcode == MLX5_CMD_OP_QUERY_RQ ||
	       opcode == MLX5_CMD_OP_QUERY_QP;
}

/* The name of one of these commands, its buffers checked: NULL when they are too short (refused,
 * verbs_lock released). */
static const char *command(const char *function, const uint8_t *in, size_t inlen, size_t outlen)
{
	uint16_t opcode = (uint16_t)PRM_GET(mbox_in, in, opcode);
	size_t i = 0;

	while (commands[i].opcode != opcode)
		i++;
	if (inlen >= commands[i].in_bytes && outlen >= commands[i].out_bytes)
		return commands[i].name;
	verbs_dr_refuse(function, EINVAL, "inlen %zu, outlen %zu: %s needs %zu and %zu bytes", inlen, outlen,
			commands[i].name, commands[i].in_bytes, commands[i].out_bytes);
	return NULL;
}

static bool is_command(uint16_t opcode)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (commands[i].opcode == opcode)
			return true;
	return false;
}

bool verbs_devx_is_queue(uint16_t opcode)
{
	return is_command(opcode) && !object_of(opcode);
}

struct mlx5dv_devx_obj *verbs_devx_queue_create(const char *function, struct verbs_ctx *context, const uint8_t *in,
						size_t inlen, uint8_t *out, size_t outlen)
{
	struct verbs_nic *nic = verbs_nic_of(context->device);
	struct cmd c = { .function = function, .context = context, .out = out, .outlen = outlen };

	c.name = command(function, in, inlen, outlen);
	if (!c.name)
		return NULL;
	if (!nic) {
		verbs_dr_refuse(function, ENOMEM, "out of memory");
		return NULL;
	}
	c.nic = nic->nic;
	memset(out, 0, PRM_HEADER);
	switch (PRM_GET(mbox_in, in, opcode)) {
	case MLX5_CMD_OP_CREATE_CQ:
		return cq_create(&c, in);
	case MLX5_CMD_OP_CREATE_SQ:
		return sq_create(&c, in);
	case MLX5_CMD_OP_CREATE_RQ:
		return rq_create(&c, in);
	case MLX5_CMD_OP_CREATE_RMP:
		return rmp_create(&c, in);
	case MLX5_CMD_OP_CREATE_QP:
		return qp_create(&c, in);
	default:
		return tis_create(&c, in);
	}
}

int verbs_devx_queue_command(const char *function, struct verbs_devx_obj *obj, bool query, const uint8_t *in,
			     size_t inlen, uint8_t *out, size_t outlen)
{
	uint16_t opcode = (uint16_t)PRM_GET(mbox_in, in, opcode);
	struct verbs_nic *nic = verbs_nic_of(obj->context->device);
	struct cmd c = { .function = function, .context = obj->context, .out = out, .outlen = outlen };
	int rc;

	/* A command of another object (or none of these) is not served on this one. */
	if (!is_command(opcode) || object_of(opcode) != obj->type || is_query(opcode) != query) {
		verbs_devx_unserved(function, opcode, (uint16_t)PRM_GET(mbox_in, in, op_mod));
		return EOPNOTSUPP;
	}
	c.name = command(function, in, inlen, outlen);
	if (!c.name)
		return EINVAL;
	if (!nic) {
		verbs_dr_refuse(function, ENOMEM, "out of memory");
		return ENOMEM;
	}
	c.nic = nic->nic;
	memset(out, 0, outlen);
	switch (opcode) {
	case MLX5_CMD_OP_MODIFY_CQ:
		rc = cq_modify(&c, obj, in);
		break;
	case MLX5_CMD_OP_QUERY_CQ:
		rc = cq_query(&c, obj);
		break;
	case MLX5_CMD_OP_MODIFY_SQ:
	case MLX5_CMD_OP_MODIFY_RQ:
		rc = wq_modify(&c, obj, in);
		break;
	case MLX5_CMD_OP_QUERY_SQ:
	case MLX5_CMD_OP_QUERY_RQ:
		rc = wq_query(&c, obj);
		break;
	case MLX5_CMD_OP_QUERY_QP:
		rc = qp_query(&c, obj, in);
		break;
	default:
		rc = qp_modify(&c, obj, in, inlen);
		break;
	}
	if (!rc)
		pthread_mutex_unlock(&verbs_lock);
	return rc;
}

/* What uses an object of each kind the NIC refuses to destroy meanwhile, for the line. */
static const char *users_of(uint32_t type)
{
	switch (type) {
	case MLX5_CMD_OP_CREATE_CQ:
		return "work queues or QPs report to it";
	case MLX5_CMD_OP_CREATE_RMP:
		return "QPs receive from it";
	case MLX5_CMD_OP_CREATE_TIS:
		return "SQs send through it";
	case MLX5_CMD_OP_ALLOC_TRANSPORT_DOMAIN:
		return "TISs or TIRs use it";
	case MLX5_CMD_OP_CREATE_RQT:
		return "TIRs use it";
	default:
		return "the device uses it";
	}
}

const char *verbs_devx_users(const struct verbs_devx_obj *obj)
{
	return users_of(obj->type);
}

int verbs_devx_nic_destroy(struct verbs_devx_obj *obj)
{
	struct verbs_nic *nic = verbs_nic_of(obj->context->device);
	const struct flexio_verbs_dpa *provider = atomic_load(&dpa);
	int rc = 0;

	if (nic) {
		switch (obj->type) {
		case MLX5_CMD_OP_CREATE_CQ:
			rc = nic_cq_destroy(nic->nic, obj->id);
			break;
		case MLX5_CMD_OP_CREATE_SQ:
		case MLX5_CMD_OP_CREATE_RQ:
		case MLX5_CMD_OP_CREATE_RMP:
		case MLX5_CMD_OP_CREATE_QP:
			rc = nic_wq_destroy(nic->nic, obj->id);
			break;
		case MLX5_CMD_OP_CREATE_TIS:
			rc = nic_tis_destroy(nic->nic, obj->id);
			break;
		default:
			rc = verbs_devx_transport_destroy(nic->nic, obj->type, obj->id);
			break;
		}
	}
	if (rc == -EBUSY)
		return EBUSY;
	/* Gone from the NIC (or the NIC with it): no event of the CQ can come any more. */
	if (obj->thread)
		provider->thread_release(obj->thread);
	obj->thread = NULL;
	obj->nic = false;
	return 0;
}
