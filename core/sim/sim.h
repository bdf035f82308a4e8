/* The simulated BlueField-3 DPA provider: internals shared by its files. */
#ifndef OPENFLEXIO_CORE_SIM_H
#define OPENFLEXIO_CORE_SIM_H

#include "../provider.h"

#include <common/flexio_common.h>
#include <dpa.h>
#include <dpa_ecall.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

struct sim_thread;

struct sim_process {
	struct dpa_process *engine;
	struct provider_events events;
	uint32_t dumem_id;
	atomic_bool failed;
	uint32_t status;             /* dpa_process_status once failed */
	pthread_mutex_t rpc_lock;    /* one flexio_process_call at a time */
	struct sim_thread *rpc;
	uint64_t argbuf;             /* DPA address of the RPC argument buffer */
};

/* A DPA thread: a hart with its thread-local area (thread context below tp, TLS above). */
struct sim_thread {
	struct sim_process *process;
	struct dpa_hart *hart;
	uint32_t id;
	uint64_t local_area;  /* DPA address of the mapping */
	uint64_t ctx;         /* DPA address of its struct flexio_os_thread_ctx */
	uint64_t tp;
	uint64_t thread_local_storage; /* flexio_event_handler_attr's, or 0 */
};

int sim_serves(struct ibv_context *ibv_ctx);
void sim_services_install(struct sim_process *p);
void sim_process_fail(struct sim_process *p, uint32_t status, const struct dpa_fault *fault);

struct sim_thread *sim_thread_create(struct sim_process *p, const struct dpa_hart_config *config,
				     uint64_t thread_local_storage);
void sim_thread_destroy(struct sim_thread *t);
/* Runs function on the thread until it returns, ends its invocation, or faults. */
enum provider_call_result sim_thread_call(struct sim_thread *t, uint64_t function, const uint64_t *args,
					  unsigned nargs, uint64_t *result);

#endif
