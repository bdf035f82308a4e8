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

struct ibv_context *sim_open(const char *function, struct sim_device *device)
{
	struct sim_context *context = calloc(1, sizeof(*context));

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
	sim_context_ops_init(&context->vctx);
	if (context->vctx.context.async_fd < 0)
		goto no_fd;
	pthread_mutex_lock(&sim_lock);
	if (!sim_registry_add(&context->vctx.context, SIM_CONTEXT, context)) {
		pthread_mutex_unlock(&sim_lock);
		close(context->vctx.context.async_fd);
		goto no_fd;
	}
	pthread_mutex_unlock(&sim_lock);
	return &context->vctx.context;

no_fd:
	pthread_mutex_destroy(&context->vctx.context.mutex);
	free(context);
no_memory:
	sim_err(function, "out of memory or file descriptors");
	errno = ENOMEM;
	return NULL;
}

/* The objects of one context, collected before any is destroyed (destroying changes the
 * registry being walked). */
struct children {
	struct sim_context *context;
	struct child {
		void *object;
		enum sim_kind kind;
	} * items;
	size_t count, capacity;
	bool failed;
	enum sim_kind kind; /* of the objects being collected */
};

/* The context an object of a kind belongs to. */
static struct sim_context *owner_of(enum sim_kind kind, void *object)
{
	switch (kind) {
	case SIM_MR:
		return ((struct sim_mr *)object)->pd->context;
	case SIM_PD:
		return ((struct sim_pd *)object)->context;
	case SIM_QP:
		return ((struct sim_qp *)object)->context;
	case SIM_SRQ:
		return ((struct sim_srq *)object)->context;
	case SIM_AH:
		return ((struct sim_ah *)object)->pd->context;
	case SIM_CQ:
		return ((struct sim_cq *)object)->context;
	case SIM_COMP_CHANNEL:
		return ((struct sim_channel *)object)->context;
	case SIM_DEVX_UMEM:
		return ((struct sim_umem *)object)->context;
	case SIM_DEVX_OBJ:
		return ((struct sim_devx_obj *)object)->context;
	default:
		return ((struct sim_uar *)object)->context;
	}
}

static void collect(void *object, void *arg)
{
	struct children *c = arg;
	struct sim_context *owner = owner_of(c->kind, object);

	/* a CQ ibv_destroy_cq is finishing (waiting for acks) is that call's to free */
	if (owner != c->context || c->failed || (c->kind == SIM_CQ && ((struct sim_cq *)object)->destroying))
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
	const struct sim_devx_obj *obj = child->object;

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

	while (first < c->count && c->items[first].kind != SIM_DEVX_OBJ)
		first++;
	while (first + n < c->count && c->items[first + n].kind == SIM_DEVX_OBJ)
		n++;
	if (n > 1)
		qsort(c->items + first, n, sizeof(*c->items), devx_order);
}

/* Destroys what the context still holds, as the kernel does at close (sim_lock held): users
 * before what they use (devx objects, whose queues may name the verbs CQs and SRQs by number,
 * QPs, SRQs, AHs, CQs, channels, regions, umems, PDs, UARs).  Returns false when memory ran out
 * before anything was destroyed. */
static bool destroy_children(struct sim_context *context)
{
	static const enum sim_kind order[] = { SIM_DEVX_OBJ,     SIM_QP, SIM_SRQ,       SIM_AH, SIM_CQ,
					       SIM_COMP_CHANNEL, SIM_MR, SIM_DEVX_UMEM, SIM_PD, SIM_UAR };
	struct children c = { .context = context };

	if (!context->pd_count && !context->uar_count && !context->object_count)
		return true;
	/* steering objects first: rules use actions, which use the devx objects below */
	if (!sim_dr_context_close(context))
		return false;
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		c.kind = order[k];
		sim_registry_each(c.kind, collect, &c);
	}
	if (c.failed) {
		free(c.items);
		return false;
	}
	sort_devx_objects(&c);
	for (size_t i = 0; i < c.count; i++) {
		switch (c.items[i].kind) {
		case SIM_QP:
			sim_qp_destroy(c.items[i].object);
			break;
		case SIM_SRQ:
			sim_srq_destroy(c.items[i].object);
			break;
		case SIM_AH:
			sim_ah_destroy(c.items[i].object);
			break;
		case SIM_CQ:
			sim_cq_destroy(c.items[i].object);
			break;
		case SIM_COMP_CHANNEL:
			sim_channel_destroy(c.items[i].object);
			break;
		case SIM_DEVX_UMEM:
			sim_umem_destroy(c.items[i].object);
			break;
		case SIM_DEVX_OBJ:
			sim_devx_obj_destroy(c.items[i].object);
			break;
		case SIM_MR:
			sim_mr_destroy(c.items[i].object);
			break;
		case SIM_PD:
			sim_pd_destroy(c.items[i].object);
			break;
		default:
			sim_uar_destroy(c.items[i].object);
			break;
		}
	}
	sim_dbg("ibv_close_device",
		"context %p closed with %zu object(s) still in it: destroyed "
		"with it, as the kernel does",
		(void *)&context->vctx.context, c.count);
	free(c.items);
	return true;
}

/* Returns 0, or -1 with errno set where rdma-core would crash (NULL, stale, foreign). */
SIM_EXPORT int ibv_close_device(struct ibv_context *context)
{
	__typeof__(&ibv_close_device) real = SIM_REAL(ibv_close_device);
	struct sim_context *sim;

	SIM_DELEGATE(ibv_close_device, (context));
	switch (sim_route(__func__, context, SIM_CONTEXT, (void **)&sim, real != NULL)) {
	case SIM_ROUTE_SIMULATED:
		break;
	case SIM_ROUTE_REAL:
		return real(context);
	default:
		return -1;
	}
	if (!destroy_children(sim)) {
		pthread_mutex_unlock(&sim_lock);
		sim_err(__func__, "out of memory");
		errno = ENOMEM;
		return -1;
	}
	close(context->async_fd);
	context->async_fd = -1;
	/* the ops stay: an inline helper of verbs.h called on the stale handle lands in ops.c,
	 * which refuses it */
	sim_registry_retire(context, sim);
	pthread_mutex_unlock(&sim_lock);
	sim_table_quiesce(); /* the regions and keys it held are out of the NIC's reach */
	return 0;
}

SIM_EXPORT int flexio_verbs_context_device(const struct ibv_context *context)
{
	struct sim_context *sim;
	int index = -1;

	SIM_DELEGATE(flexio_verbs_context_device, (context));
	pthread_mutex_lock(&sim_lock);
	if (sim_registry_lookup(context, SIM_CONTEXT, (void **)&sim))
		index = sim->device->index;
	pthread_mutex_unlock(&sim_lock);
	return index;
}
