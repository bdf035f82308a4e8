/*
 * The DPA's side of the simulated device's NIC queues. The host library makes the queues with
 * DEVX commands (core/host/devx_cmds.c), which libflexio_verbs' device answers on the device
 * NICs (core/providers/sim/verbs/devx_queue.c); what those commands name of the DPA, this file tells it
 * (flexio_verbs_dpa_register and its kin):
 *   - a process's DPA memory is a memory object whose umem id is the process's dumem id: the
 *     process's space (struct sim_process.space), answering with the engine's host pointers;
 *   - the queues made naming one of the process's UARs (uar_page) are the process's (owner:
 *     sim_queue_owner): a doorbell another process rings for them is refused and counted by the
 *     NIC (sim_uar_bind binds the library's UARs of the process);
 *   - a CQ for a DPA thread (apu_cq) names the thread by its id: its sink triggers the event
 *     handler at each event and holds it, so a handler destroyed before its CQ is only marked,
 *     never freed under the NIC.
 * And the doorbells DPA threads ring through their outboxes, which the NIC executes.
 */
#include "sim_objects.h"
#include "sim_trace.h"

#include <memcheck.h>
#include <nic.h>

#include <errno.h>
#include <stdlib.h>

/* The DEVX object type a DPA thread's object stands for (informative: the DPA_THREAD general
 * object, whose PRM is not public). */
#define DEVX_TYPE_DPA_THREAD 0xa00

/* A CQ's events for a DPA thread (the NIC's cookie). */
struct thread_sink {
	struct flexio_verbs_sink sink; /* first: the cookie */
	struct sim_event *event;       /* held */
	struct sim_process *process;
};

/* The live processes, whose threads a CQ may name (processes_lock, taken before threads_lock). */
static pthread_mutex_t processes_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sim_process *processes;

static void *space_reach(struct flexio_verbs_space *space, uint64_t addr, uint64_t len, bool write)
{
	struct sim_process *p = (struct sim_process *)((char *)space - offsetof(struct sim_process, space));

	if (!write) /* the NIC reads: what threads stored there must have been written back */
		dpa_process_memcheck_device_read(p->engine, addr, len);
	return dpa_process_host_pointer(p->engine, addr, len, write);
}

/* A completion fired a DPA thread's CQ: trigger its handler (queued; it runs on the scheduler). */
static void cq_notify(struct flexio_verbs_sink *sink, const struct nic_event *event)
{
	struct thread_sink *s = (struct thread_sink *)sink;

	if (event->kind != NIC_EVENT_COMPLETION)
		return;
	if (sim_tracing(s->process))
		sim_event_trace_wakeup(s->event, SIM_TRACE_CQE, event->queue);
	sim_event_trigger_queued(s->event);
}

static struct flexio_verbs_sink *thread_hold(uint32_t thread_id)
{
	struct thread_sink *s = malloc(sizeof(*s));
	struct sim_event *event = NULL;
	struct sim_process *owner = NULL;

	if (!s)
		return NULL;
	pthread_mutex_lock(&processes_lock);
	for (struct sim_process *p = processes; p && !event; p = p->next_live) {
		/* Held under the threads lock: the thread leaves the list before the handler's own
		 * reference goes (sim_event_activate). */
		pthread_mutex_lock(&p->threads_lock);
		for (struct sim_thread *t = p->threads; t && !event; t = t->next)
			if (t->id == thread_id && t->event) {
				event = t->event;
				owner = p;
				sim_event_hold(event);
			}
		pthread_mutex_unlock(&p->threads_lock);
	}
	pthread_mutex_unlock(&processes_lock);
	if (!event) {
		free(s);
		return NULL;
	}
	*s = (struct thread_sink){ .sink = { .notify = cq_notify }, .event = event, .process = owner };
	return &s->sink;
}

/* The CQ is gone: no event of it can come any more. */
static void thread_release(struct flexio_verbs_sink *sink)
{
	struct thread_sink *s = (struct thread_sink *)sink;

	sim_event_put(s->event);
	free(s);
}

static const struct flexio_verbs_dpa dpa = {
	.thread_hold = thread_hold,
	.thread_release = thread_release,
};

int sim_queues_init(struct sim_process *p, struct ibv_context *ibv_ctx)
{
	flexio_verbs_dpa_register(&dpa);
	p->space.reach = space_reach;
	p->device_index = flexio_verbs_context_device(ibv_ctx);
	p->nic = flexio_verbs_device_nic(p->device_index);
	return p->nic ? 0 : -ENOMEM;
}

/* Ids for DPA memory when the process's own is taken: above the 24 bits of devx umem ids. */
static atomic_uint spare_ids = 1u << 24;

int sim_queues_publish(struct sim_process *p)
{
	int rc;

	/* The dumem id (dpa_stats' process id) names the memory, unless a devx umem of a device or
	 * another process's memory (of another device's statistics) has it already. */
	while ((rc = flexio_verbs_dpa_memory_add(p->dumem_id, &p->space)) == -EEXIST)
		p->dumem_id = atomic_fetch_add(&spare_ids, 1);
	if (rc)
		return rc;
	pthread_mutex_lock(&processes_lock);
	p->next_live = processes;
	processes = p;
	p->published = true;
	pthread_mutex_unlock(&processes_lock);
	return 0;
}

void sim_queues_fini(struct sim_process *p)
{
	struct sim_process **at;

	if (!p->published)
		return;
	pthread_mutex_lock(&processes_lock);
	for (at = &processes; *at != p; at = &(*at)->next_live)
		;
	*at = p->next_live;
	pthread_mutex_unlock(&processes_lock);
	flexio_verbs_dpa_memory_remove(p->dumem_id);
	p->published = false;
}

int sim_uar_bind(struct provider_process *process, struct mlx5dv_devx_uar *uar)
{
	return flexio_verbs_uar_bind(uar, sim_queue_owner((struct sim_process *)process));
}

struct mlx5dv_devx_obj *sim_thread_obj_create(struct ibv_context *ibv_ctx, struct provider_thread *thread)
{
	return flexio_verbs_devx_obj_create(ibv_ctx, DEVX_TYPE_DPA_THREAD, sim_thread_id(thread));
}

void sim_thread_obj_release(struct mlx5dv_devx_obj *obj)
{
	flexio_verbs_devx_obj_release(obj);
}

/* The NIC a doorbell goes to: the ringing thread's device, or the extension it named. */
static struct nic *doorbell_nic(struct sim_process *p, uint32_t device_id)
{
	int index = -1;

	if (!device_id)
		return p->nic;
	pthread_mutex_lock(&p->objects->lock);
	for (struct sim_extension *e = p->objects->extensions; e; e = e->next)
		if (e->device_id == device_id)
			index = e->device_index;
	pthread_mutex_unlock(&p->objects->lock);
	return index >= 0 ? flexio_verbs_device_nic(index) : NULL;
}

/* A doorbell a DPA thread rang: executed by the NIC before the thread goes on (the NIC
 * refuses and counts doorbells for queues the process does not own). Emulation doorbells
 * arm and force the NIC's emulation contexts (sim_emu.c); congestion-control doorbells have no
 * NIC queue to act on. */
void sim_queue_doorbell(struct sim_process *p, const struct provider_doorbell *db)
{
	enum nic_doorbell_kind kind;
	struct nic *nic;

	switch (db->kind) {
	case PROVIDER_DB_CQ_ARM:
		kind = NIC_DB_CQ_ARM;
		break;
	case PROVIDER_DB_EQ_REARM:
		kind = NIC_DB_EQ_ARM;
		break;
	case PROVIDER_DB_EQ_NO_REARM:
		kind = NIC_DB_EQ_UPDATE;
		break;
	case PROVIDER_DB_SEND:
	case PROVIDER_DB_CROSS_DEVICE:
		kind = NIC_DB_SEND;
		break;
	case PROVIDER_DB_ZERO_CQE:
		kind = NIC_DB_ZERO_CQE;
		break;
	case PROVIDER_DB_EMU_ARM:
	case PROVIDER_DB_EMU_TRIGGER:
		sim_emu_doorbell(p, doorbell_nic(p, db->device_id), db);
		return;
	default:
		return;
	}
	nic = doorbell_nic(p, db->device_id);
	if (nic)
		nic_doorbell(nic, sim_queue_owner(p), kind, db->queue, db->index);
}
