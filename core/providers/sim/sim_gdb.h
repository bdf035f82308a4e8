/*
 * The GDB stub of the simulated device (sim_gdb.c): a GDB remote serial protocol server per DPA
 * process, on a loopback TCP port, through which gdb-multiarch debugs the live DPA threads.
 */
#ifndef OPENFLEXIO_CORE_SIM_GDB_H
#define OPENFLEXIO_CORE_SIM_GDB_H

#include "sim.h"

/*
 * Listens on 127.0.0.1:port (0: a free port) for one debugger at a time; *bound (if not NULL)
 * receives the port. hold: the process stays paused until the first debugger resumes it (or
 * leaves), so that a debugger attached at once sees everything it runs. 0, -EALREADY when the
 * process has a stub, or a negative errno of socket, bind or listen.
 */
int sim_gdb_listen(struct sim_process *p, uint16_t port, bool hold, uint16_t *bound);
/* FLEXIO_SIM_GDB=PORT (and FLEXIO_SIM_GDB_WAIT=1 to hold the process until a debugger resumes
 * it), for a new process: listens on the first free port from PORT on and logs it. */
void sim_gdb_from_env(struct sim_process *p, const char *func);
/* The process is going away: ends the session (the debugger sees the process exit) and the
 * stub, lets every held thread go. */
void sim_gdb_close(struct sim_process *p);
/* Thread t faulted (before the process stops for it): with a debugger attached, reports the
 * fault as a signal and waits until the debugger resumes; then the process stops as usual. */
void sim_gdb_fault(struct sim_process *p, struct sim_thread *t, const struct dpa_fault *fault);
/* Thread t of p is being destroyed (sim_thread_leave, t->leaving set): the stub lets it go where
 * it holds it (a breakpoint, a step, a fault) and forgets its stop not reported yet. */
void sim_gdb_thread_leaving(struct sim_process *p, struct sim_thread *t);
/* The provider operation (flexio_process_gdb_listen). */
int sim_gdb_listen_op(struct provider_process *process, uint16_t port, uint16_t *bound);

#endif
