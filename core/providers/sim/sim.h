/* The simulated BlueField-3 DPA provider: internals shared by its files. */
#ifndef OPENFLEXIO_CORE_SIM_H
#define OPENFLEXIO_CORE_SIM_H

#include "../../provider.h"

#include <common/flexio_common.h>
#include <dpa.h>
#include <dpa_ecall.h>
#include <flexio_verbs.h> /* core/providers/sim/verbs: the device NICs, memory regions */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

struct sim_thread;
struct sim_event;
struct sim_gdb;
struct sim_trace;
struct sim_trace_buf;
struct stats_registry;
struct stats_registry_process;
struct stats_registry_thread;

struct sim_process {
	struct dpa_process *engine;
	struct provider_events events;
	uint32_t dumem_id;
	atomic_bool failed;
	uint32_t status;          /* dpa_process_status once failed */
	pthread_mutex_t rpc_lock; /* one flexio_process_call at a time */
	struct sim_thread *rpc;
	uint64_t argbuf; /* DPA address of the RPC argument buffer */
	/* cmdq, threads, error handler, core dump */
	pthread_mutex_t threads_lock;   /* the list of threads */
	struct sim_thread *threads;     /* every thread of the process, newest first */
	atomic_bool threads_created;    /* a thread besides the RPC thread was created */
	_Atomic uint64_t error_handler; /* device address of the error handler, or 0 */
	uint32_t culprit;               /* id of the thread whose fatal error stopped the process */
	bool has_culprit;
	/* uar, outbox, window, mkey (sim_outbox.c, sim_window.c) */
	struct sim_objects *objects;
	/* event handlers (sim_event.c): their scheduler, made with the first one */
	struct dpa_sched *events_sched;
	bool events_deterministic;
	struct sim_event_runner *events_runner; /* deterministic mode: runs what the NIC triggers */
	/* queues (sim_queue.c): the device's NIC, the process's memory as the NICs see it, and its
	 * place among the live processes whose threads CQs may name */
	int device_index;
	struct nic *nic;
	struct flexio_verbs_space space;
	bool published;
	struct sim_process *next_live;
	/* flexio_dev_nic_counters_config (sim_counters.c): DPA addresses of its arrays, and the
	 * number of ids (0: not configured), stored last */
	_Atomic uint64_t nic_counter_values, nic_counter_ids;
	_Atomic uint32_t nic_counter_count;
	/* the GDB stub (sim_gdb.c), or NULL */
	struct sim_gdb *_Atomic gdb;
	/* timelines (sim_trace.c): whether a session records, since when, and what it recorded */
	atomic_bool tracing;
	_Atomic uint64_t trace_since;
	struct sim_trace *trace;
	/* dpa_stats (sim_stats.c): its slot in the device's statistics registry, or NULL */
	struct stats_registry_process *stats;
	struct stats_registry *stats_registry;
	uint32_t stats_slot;
};

/* A DPA thread: a hart with its thread-local area (thread context below tp, TLS above). */
struct sim_thread {
	struct sim_process *process;
	struct dpa_hart *hart;
	uint32_t id;
	uint64_t local_area; /* DPA address of the mapping */
	uint64_t ctx;        /* DPA address of its struct flexio_os_thread_ctx */
	uint64_t tp;
	uint64_t thread_local_storage; /* flexio_event_handler_attr's, or 0 */
	struct sim_thread *next;       /* in the process's list of threads */
	void *owner;                   /* the object running the thread (a cmdq worker), or NULL */
	struct sim_event *event;       /* set when the thread is an event handler (sim_event.c) */
	uint64_t name;                 /* DPA address of its NUL-terminated name ("" for none) */
	atomic_bool leaving;           /* being destroyed (sim_thread_leave) */
	/* uar, outbox, window, mkey: the thread's selections (sim_outbox.c, sim_window.c) */
	uint32_t outbox_id;     /* current outbox, 0 = none */
	uint32_t outbox_device; /* flexio_uar_device_id of the outbox, 0 = its own device */
	struct sim_window_entity {
		uint32_t window_id; /* 0 = not configured */
		uint32_t mkey;
	} window[2];                               /* FLEXIO_DEV_WINDOW_ENTITY_NUM */
	uint64_t window_refused;                   /* DPA address of the last window access refused */
	_Atomic(struct sim_trace_buf *) trace_buf; /* its timeline (sim_trace.c), made at its first event */
	/* dpa_stats (sim_stats.c): its registry slot (or NULL), and the hart's counters when the
	 * invocation being counted began */
	struct stats_registry_thread *stats;
	bool stats_begun;
	uint64_t stats_instret, stats_cycles, stats_misaligned, stats_time_ns, stats_start_us;
};

int sim_serves(struct ibv_context *ibv_ctx);
void sim_services_install(struct sim_process *p);
/* The memory-model checker (sim_memcheck.c): on or off; an invocation of t ended. */
int sim_memcheck_set(struct provider_process *process, bool on);
void sim_memcheck_end(struct sim_thread *t, enum dpa_stop stop);
void sim_process_fail(struct sim_process *p, uint32_t status, const struct dpa_fault *fault);
/* The same, naming the thread whose fatal error it is (NULL: unknown). Before the process
 * stops, its error handler (if set) runs once on a new thread (sim_errors.c). */
void sim_process_fail_from(struct sim_process *p, struct sim_thread *t, uint32_t status, const struct dpa_fault *fault);
/* The engine's records in the provider interface's terms (sim_errors.c). */
enum flexio_fault_cause sim_fault_cause(enum dpa_fault_cause cause);
void sim_fault_record(const struct dpa_fault *fault, struct provider_fault *record);
unsigned sim_perms(unsigned dpa_perms);
void sim_run_error_handler(struct sim_process *p, struct sim_thread *culprit, uint32_t status,
			   const struct dpa_fault *fault);

/* uar, outbox, window, mkey (sim_outbox.c, sim_window.c). Objects live until the engine
 * process is gone: sim_objects_fini runs after dpa_process_destroy. */
struct sim_objects;
int sim_objects_init(struct sim_process *p);
void sim_objects_fini(struct sim_process *p);
void sim_outbox_services_install(struct sim_process *p);
/* The outbox every thread of p starts with (sim_outbox.c); made after the engine, before the
 * first thread. */
int sim_default_outbox_create(struct sim_process *p);
void sim_window_services_install(struct sim_process *p);
/* flexio_dev_nic_counters_config / _sample over the device's port counters (sim_counters.c). */
void sim_counters_services_install(struct sim_process *p);
int sim_pd_check(struct ibv_context *ibv_ctx, struct ibv_pd *pd);
int sim_pd_hold(struct ibv_context *ibv_ctx, struct ibv_pd *pd);
void sim_pd_release(struct ibv_pd *pd);
int sim_mr_range(struct ibv_pd *pd, uint32_t key, unsigned access, uint64_t *iova, uint64_t *length);
int sim_memory_dump(struct provider_process *process, uint64_t daddr, size_t size, struct ibv_pd *pd, uint32_t key);
int sim_uar_check(struct ibv_context *ibv_ctx, const struct mlx5dv_devx_uar *uar);
int sim_outbox_create(struct provider_process *process, uint32_t id);
void sim_outbox_destroy(struct provider_process *process, uint32_t id);
int sim_window_create(struct provider_process *process, uint32_t id, struct ibv_pd *pd);
void sim_window_destroy(struct provider_process *process, uint32_t id);
int sim_uar_extension_add(struct provider_process *process, uint32_t device_id, struct ibv_context *ibv_ctx);
void sim_uar_extension_remove(struct provider_process *process, uint32_t device_id);
int sim_device_mkey_create(struct provider_process *process, struct ibv_pd *pd, uint64_t daddr, uint64_t len,
			   int access, uint32_t *key);
void sim_device_mkey_destroy(struct provider_process *process, uint32_t key);

struct sim_thread *sim_thread_create(struct sim_process *p, const struct dpa_hart_config *config,
				     uint64_t thread_local_storage);
/* The thread's name (flexio_dev_get_current_thread_name), at most FLEXIO_MAX_NAME_LEN bytes;
 * NULL or "" for none. 0 or -ENOMEM. */
int sim_thread_set_name(struct sim_thread *t, const char *name);
/* Selects an outbox and a window for a new thread (ids, 0: none); -ENOENT for an unknown outbox. */
int sim_thread_preselect(struct sim_thread *t, uint32_t outbox_id, uint32_t window_id);
/* The thread context's metadata_parameter (flexio_event_handler_run's user_arg). */
int sim_thread_set_metadata(struct sim_thread *t, uint64_t value);
/* The thread is about to be destroyed (before its destroyer waits for its invocation to end):
 * no debugger holds it and no pause of its process stops it from here on, so the wait never
 * depends on a debugger or a pauser. The debugger no longer sees it. */
void sim_thread_leave(struct sim_thread *t);
void sim_thread_destroy(struct sim_thread *t);
/* Runs function on the thread until it returns, ends its invocation, or faults. */
enum provider_call_result sim_thread_call(struct sim_thread *t, uint64_t function, const uint64_t *args, unsigned nargs,
					  uint64_t *result);

/* event handlers: provider operations (sim_event.c) */
struct provider_thread *sim_thread_create_event(struct provider_process *process,
						const struct provider_thread_config *config, char *err,
						size_t err_size);
int sim_thread_run(struct provider_thread *thread, uint64_t user_arg);
int sim_thread_trigger(struct provider_thread *thread);
void sim_thread_destroy_event(struct provider_thread *thread);
uint32_t sim_thread_id(struct provider_thread *thread);
/* flexio_dev_event_handler_activate of the event handler with this id by thread from: 0,
 * -ENOENT (no such handler in p), or sim_thread_trigger's errors. */
int sim_event_activate(struct sim_process *p, uint32_t id, uint32_t from);
/* Whether t is a continuable event handler (flexio_dev_yield ends its invocation). */
bool sim_thread_continuable(const struct sim_thread *t);
/* References to an event handler for its CQs (a destroyed handler is freed at the last put),
 * and a trigger that only queues the handler (from the NIC, with its locks held). */
void sim_event_hold(struct sim_event *e);
void sim_event_put(struct sim_event *e);
void sim_event_trigger_queued(struct sim_event *e);
/* Stops the event scheduler (every event handler is gone). */
void sim_events_fini(struct sim_process *p);

/* queues: the DPA's side of the NIC's queues (sim_queue.c) */
/* At creation: the process's NIC, and the device told of the DPA (flexio_verbs_dpa_register). */
int sim_queues_init(struct sim_process *p, struct ibv_context *ibv_ctx);
/* Once its dumem id is known: its memory named by it (the id changes when it is taken), its
 * threads found by the device. sim_queues_fini undoes it (any time). 0 or -ENOMEM. */
int sim_queues_publish(struct sim_process *p);
void sim_queues_fini(struct sim_process *p);
/* The NIC owner of p's queues and doorbells: p's address with the low bit set, so that queues
 * of DPA processes are told from those of the host's verbs (owner: a context's address). */
static inline uint64_t sim_queue_owner(const struct sim_process *p)
{
	return (uint64_t)(uintptr_t)p | 1;
}
/* A doorbell a thread of p rang, executed by the NIC it names. */
void sim_queue_doorbell(struct sim_process *p, const struct provider_doorbell *db);
/* Provider operations: uar_bind, thread_obj_create, thread_obj_release. */
int sim_uar_bind(struct provider_process *process, struct mlx5dv_devx_uar *uar);
struct mlx5dv_devx_obj *sim_thread_obj_create(struct ibv_context *ibv_ctx, struct provider_thread *thread);
void sim_thread_obj_release(struct mlx5dv_devx_obj *obj);

/* emulated devices: provider operations, and the emulation doorbells of the process's threads
 * for the NIC they name (NULL: none), executed by it (sim_emu.c) */
size_t sim_emu_functions(struct ibv_context *ibv_ctx, uint32_t *vhca_ids, size_t max);
struct provider_emu_db *sim_emu_db_map(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t queue_id, uint32_t cqn,
				       uint32_t *id, char *err, size_t err_size);
void sim_emu_db_unmap(struct provider_emu_db *mapping);
int sim_emu_db_ring(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t queue_id, uint32_t value);
int sim_emu_msix_eqs(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t *eqns, size_t max);
struct provider_msix *sim_emu_msix_create(struct provider_process *process, uint32_t vhca_id, uint16_t msix_id,
					  bool direct, struct ibv_context *target, uint32_t *cqn, char *err,
					  size_t err_size);
void sim_emu_msix_destroy(struct provider_msix *msix);
int sim_emu_msix_wait(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint16_t msix_id, uint64_t seen, int timeout_ms,
		      uint64_t *count);
void sim_emu_doorbell(struct sim_process *p, struct nic *nic, const struct provider_doorbell *db);

/* cmdq, threads, error handler, core dump: provider operations (sim_cmdq.c, sim_errors.c) */
struct provider_cmdq *sim_cmdq_create(struct provider_process *process, const struct provider_cmdq_config *config,
				      char *err, size_t err_size);
int sim_cmdq_task_add(struct provider_cmdq *cmdq, uint64_t function, uint64_t arg, const char *name);
int sim_cmdq_start(struct provider_cmdq *cmdq);
int sim_cmdq_is_empty(struct provider_cmdq *cmdq);
void sim_cmdq_destroy(struct provider_cmdq *cmdq);
int sim_error_handler_set(struct provider_process *process, uint64_t function);
size_t sim_thread_states(struct provider_process *process, struct provider_thread_state *states, size_t max);
size_t sim_memory_regions(struct provider_process *process, struct provider_memory_region *regions, size_t max);

#endif
