/*
 * Contexts of simulated devices (ibv_open_device, mlx5dv_open_device, ibv_close_device).
 *
 * Closing follows rdma-core: ibv_close_device returns 0 even while protection domains,
 * memory regions or devx UARs of the context remain, and the kernel then destroys them with
 * the context.  So does the simulator: they become destroyed objects, which every later call
 * refuses (one log line), and a UAR page is unmapped.  A FlexIO process still using such a
 * protection domain loses its windows and keys, as it would on the hardware.
 */
#include "devx_prm.h"
#include "dr_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <unistd.h>

struct ibv_context *verbs_open(const char *function, struct verbs_device *device)
{
	struct verbs_ctx *context = calloc(1, sizeof(*context));

	if (!context)
		goto no_memory;
	context->device = device;
	/* sz covers every extended op, all filled by ops.c */
	context->vctx.sz = sizeof(context->vctx);
	context->vctx.context.abi_compat = __VERBS_ABI_IS_EXTENDED;
	context->vctx.context.device = &device->ibv;
	context->vctx.context.cmd_fd = -1;
	/* an fd that never becomes readable, blocking as rdma-core's: ibv_get_async_event waits
	 * as on a device without events, a program polling it just waits */
	context->vctx.context.async_fd = eventfd(0, EFD_CLOEXEC);
	context->vctx.context.num_comp_vectors = 1;
	pthread_mutex_init(&context->vctx.context.mutex, NULL);
	verbs_context_ops_init(&context->vctx);
	if (context->vctx.context.async_fd < 0)
		goto no_fd;
	pthread_mutex_lock(&verbs_lock);
	if (!verbs_registry_add(&context->vctx.context, VERBS_CONTEXT, context)) {
		pthread_mutex_unlock(&verbs_lock);
		close(context->vctx.context.async_fd);
		goto no_fd;
	}
	pthread_mutex_unlock(&verbs_lock);
	return &context->vctx.context;

no_fd:
	pthread_mutex_destroy(&context->vctx.context.mutex);
	free(context);
no_memory:
	verbs_err(function, "out of memory or file descriptors");
	errno = ENOMEM;
	return NULL;
}

/* The objects of one context, collected before any is destroyed (destroying changes the
 * registry being walked). */
struct children {
	struct verbs_ctx *context;
	struct child {
		void *object;
		enum verbs_kind kind;
	} * items;
	size_t count, capacity;
	bool failed;
	enum verbs_kind kind; /* of the objects being collected */
};

/* The context an object of a kind belongs to. */
static struct verbs_ctx *owner_of(enum verbs_kind kind, void *object)
{
	switch (kind) {
	case VERBS_MR:
		return ((struct verbs_mr *)object)->pd->context;
	case VERBS_PD:
		return ((struct verbs_pd *)object)->context;
	case VERBS_QP:
		return ((struct verbs_qp *)object)->context;
	case VERBS_SRQ:
		return ((struct verbs_srq *)object)->context;
	case VERBS_AH:
		return ((struct verbs_ah *)object)->pd->context;
	case VERBS_CQ:
		return ((struct verbs_cq *)object)->context;
	case VERBS_COMP_CHANNEL:
		return ((struct verbs_channel *)object)->context;
	case VERBS_DEVX_UMEM:
		return ((struct verbs_umem *)object)->context;
	case VERBS_DEVX_OBJ:
		return ((struct verbs_devx_obj *)object)->context;
	default:
		return ((struct verbs_uar *)object)->context;
	}
}

static void collect(void *object, void *arg)
{
	struct children *c = arg;
	struct verbs_ctx *owner = owner_of(c->kind, object);

	/* a CQ ibv_destroy_cq is finishing (waiting for acks) is that call's to free */
	if (owner != c->context || c->failed || (c->kind == VERBS_CQ && ((struct verbs_cq *)object)->destroying))
		return;
	if (c->count == c->capacity) {
		size_t capacity = c->capacity ? 2 * c->capacity : 16;
		struct child *items = realloc(c->items, capacity * sizeof(*items));

		if (!items) {
			c->failed = true;
			return;
		}
		c->items = items;
		c->capacity = capacity;
	}
	c->items[c->count++] = (struct child){ object, c->kind };
}

/* DEVX objects in the order they can go: users before what they use (TIRs before RQTs, work
 * queues before RMPs, TISs and CQs, TISs before TDs). */
static int devx_rank(const struct child *child)
{
	const struct verbs_devx_obj *obj = child->object;

	if (!obj->nic)
		return 7;
	switch (obj->type) {
	case MLX5_CMD_OP_CREATE_TIR:
		return 0;
	case MLX5_CMD_OP_CREATE_RQT:
		return 1;
	case MLX5_CMD_OP_CREATE_QP:
	case MLX5_CMD_OP_CREATE_SQ:
	case MLX5_CMD_OP_CREATE_RQ:
		return 2;
	case MLX5_CMD_OP_CREATE_RMP:
		return 3;
	case MLX5_CMD_OP_CREATE_TIS:
		return 4;
	case MLX5_CMD_OP_CREATE_CQ:
		return 5;
	default:
		return 6;
	}
}

static int devx_order(const void *a, const void *b)
{
	return devx_rank(a) - devx_rank(b);
}

/* The DEVX objects are collected together (one kind at a time): ranked in place. */
static void sort_devx_objects(struct children *c)
{
	size_t first = 0, n = 0;

	while (first < c->count && c->items[first].kind != VERBS_DEVX_OBJ)
		first++;
	while (first + n < c->count && c->items[first + n].kind == VERBS_DEVX_OBJ)
		n++;
	if (n > 1)
		qsort(c->items + first, n, sizeof(*c->items), devx_order);
}

/* Destroys what the context still holds, as the kernel does at close (verbs_lock held): users
 * before what they use (devx objects, whose queues may name the verbs CQs and SRQs by number,
 * QPs, SRQs, AHs, CQs, channels, regions, umems, PDs, UARs).  Returns false when memory ran out
 * before anything was destroyed. */
static bool destroy_children(struct verbs_ctx *context)
{
	static const enum verbs_kind order[] = { VERBS_DEVX_OBJ,     VERBS_QP, VERBS_SRQ,       VERBS_AH, VERBS_CQ,
						 VERBS_COMP_CHANNEL, VERBS_MR, VERBS_DEVX_UMEM, VERBS_PD, VERBS_UAR };
	struct children c = { .context = context };

	if (!context->pd_count && !context->uar_count && !context->object_count)
		return true;
	/* steering objects first: rules use actions, which use the devx objects below */
	if (!verbs_dr_context_close(context))
		return false;
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		c.kind = order[k];
		verbs_registry_each(c.kind, collect, &c);
	}
	if (c.failed) {
		free(c.items);
		return false;
	}
	sort_devx_objects(&c);
	for (size_t i = 0; i < c.count; i++) {
		switch (c.items[i].kind) {
		case VERBS_QP:
			verbs_qp_destroy(c.items[i].object);
			break;
		case VERBS_SRQ:
			verbs_srq_destroy(c.items[i].object);
			break;
		case VERBS_AH:
			verbs_ah_destroy(c.items[i].object);
			break;
		case VERBS_CQ:
			verbs_cq_destroy(c.items[i].object);
			break;
		case VERBS_COMP_CHANNEL:
			verbs_channel_destroy(c.items[i].object);
			break;
		case VERBS_DEVX_UMEM:
			verbs_umem_destroy(c.items[i].object);
			break;
		case VERBS_DEVX_OBJ:
			verbs_devx_obj_destroy(c.items[i].object);
			break;
		case VERBS_MR:
			verbs_mr_destroy(c.items[i].object);
			break;
		case VERBS_PD:
			verbs_pd_destroy(c.items[i].object);
			break;
		default:
			verbs_uar_destroy(c.items[i].object);
			break;
		}
	}
	verbs_dbg("ibv_close_device",
		  "context %p closed with %zu object(s) still in it: destroyed "
		  "with it, as the kernel does",
		  (void *)&context->vctx.context, c.count);
	free(c.items);
	return true;
}

/* Returns 0, or -1 with errno set where rdma-core would crash (NULL, stale, foreign). */
VERBS_EXPORT int ibv_close_device(struct ibv_context *context)
{
	__typeof__(&ibv_close_device) real = VERBS_REAL(ibv_close_device);
	struct verbs_ctx *sim;

	VERBS_DELEGATE(ibv_close_device, (context));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context);
	default:
		return -1;
	}
	if (!destroy_children(sim)) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "out of memory");
		errno = ENOMEM;
		return -1;
	}
	close(context->async_fd);
	context->async_fd = -1;
	/* the ops stay: an inline helper of verbs.h called on the stale handle lands in ops.c,
	 * which refuses it */
	verbs_registry_retire(context, sim);
	pthread_mutex_unlock(&verbs_lock);
	verbs_table_quiesce(); /* the regions and keys it held are out of the NIC's reach */
	return 0;
}

VERBS_EXPORT int flexio_verbs_context_device(const struct ibv_context *context)
{
	struct verbs_ctx *sim;
	int index = -1;

	VERBS_DELEGATE(flexio_verbs_context_device, (context));
	pthread_mutex_lock(&verbs_lock);
	if (verbs_registry_lookup(context, VERBS_CONTEXT, (void **)&sim))
		index = sim->device->index;
	pthread_mutex_unlock(&verbs_lock);
	return index;
}
