/*
 * What a device must do for the host library: the provider interface.
 *
 * core/host implements the public API (argument checks, handles, lifetimes,
 * heap bookkeeping, message streams) and reaches the DPA's own objects (processes, threads,
 * memory, windows, outboxes, whose PRM is not public) only through these operations. The
 * NIC's objects (CQs, SQs, RQs, RMPs, QPs, TISs, TIRs, RQTs) are not a provider's: core/host
 * makes them with DEVX commands on the device context (core/host/devx_cmds.c), as NVIDIA's
 * libflexio does; a provider tells its device what those commands name of the DPA.
 * core/providers/sim is the simulated BlueField-3 DPA, core/providers/null a device that runs
 * nothing (the host library's own tests); a DEVX provider for real hardware (rdma-core
 * mlx5dv_devx_*) would implement the same table. docs/howto/writing-a-provider.md says how to
 * write one.
 *
 * The interface uses no type of a device's own: applications come in as ELF bytes and go back
 * as opaque images, faults come back as records of the public fault causes
 * (<libflexio/flexio_ext.h>). Providers register themselves (PROVIDER_REGISTER), built into
 * libflexio or as modules it loads; operations a provider leaves NULL are filled with defaults
 * that fail cleanly (core/host/provider_defaults.c), so the host library calls every operation
 * without checking. The table is versioned as libgit2's backends are (PROVIDER_ABI_VERSION).
 *
 * Conventions: functions returning int give 0 or a negative errno and, where
 * an err buffer is passed, a one-line reason in it (PROVIDER_ERROR_MAX bytes hold any).
 */
#ifndef OPENFLEXIO_CORE_PROVIDER_H
#define OPENFLEXIO_CORE_PROVIDER_H

#include <libflexio/flexio.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROVIDER_ERROR_MAX 192

/* A bool field of a caller's structure (flexio_cq_attr, flexio_qp_attr_opt_param_mask), read as
 * the byte it is: nonzero is true. A binding or another compiler may store any byte there, and
 * reading a byte other than 0 or 1 as a bool is undefined behaviour. */
static inline bool provider_caller_bool(const bool *field)
{
	return *(const unsigned char *)field != 0;
}

/* An application's code as a provider loaded it: validated once, shared by its processes. */
struct provider_image;

/* A symbol of an image. */
struct provider_symbol {
	uint64_t address, size;
	bool code; /* in executable memory: a function */
};
struct ibv_context;
struct provider_process;
struct ibv_pd;
struct mlx5dv_devx_uar;

/* uar, outbox, window, mkey: a doorbell as the device decoded it (offsets and encodings:
 * libflexio-dev/flexio_dev_dpa_arch.h). */
enum provider_doorbell_kind {
	PROVIDER_DB_CQ_ARM,       /* FLEXIO_OUTBOX_CQ_DB: queue = cqn, index = ci */
	PROVIDER_DB_EQ_REARM,     /* FLEXIO_OUTBOX_EQ_DB_REARM: queue = eqn, index = ci */
	PROVIDER_DB_EQ_NO_REARM,  /* FLEXIO_OUTBOX_EQ_DB_NO_REARM: queue = eqn, index = ci */
	PROVIDER_DB_SEND,         /* FLEXIO_OUTBOX_SXD_DB: queue = sq/qp number, index = pi */
	PROVIDER_DB_EMU_ARM,      /* FLEXIO_OUTBOX_EMU_CAP: queue = qnum, extra = emu ctx id */
	PROVIDER_DB_EMU_TRIGGER,  /* FLEXIO_OUTBOX_EMU_CAP_TRIGGER: queue = cqn, extra = emu ctx id */
	PROVIDER_DB_ZERO_CQE,     /* FLEXIO_OUTBOX_RXT_DB: queue = cqn */
	PROVIDER_DB_CC,           /* FLEXIO_OUTBOX_CC_DB: queue = ccq id, index = next action,
				    * extra = rate | rtt_req << 32 */
	PROVIDER_DB_CC_MSB,       /* FLEXIO_OUTBOX_CC_DB_MSB: extra = the raw value */
	PROVIDER_DB_CROSS_DEVICE, /* flexio_dev_cross_device_ring_db: queue = qpn, index = pi */
};

struct provider_doorbell {
	enum provider_doorbell_kind kind;
	uint32_t outbox_id; /* the thread's outbox (0 for a cross-device doorbell without one) */
	uint32_t device_id; /* flexio_uar_device_id in effect; 0: the outbox's own device */
	uint32_t thread_id; /* the ringing DPA thread */
	uint32_t queue;
	uint32_t index;
	uint64_t extra;
	uint64_t raw; /* the 64-bit value stored (cross-device: qpn << 32 | pi) */
};

/* A DPA thread's fault: what stopped it, where, and its registers then. */
struct provider_fault {
	enum flexio_fault_cause cause;
	enum flexio_fault_access access;
	uint64_t pc;       /* the faulting instruction (the jump target for fetch faults) */
	uint64_t address;  /* data address, fetch address, or pc */
	uint32_t insn;     /* instruction word at pc when readable, else 0 */
	uint64_t regs[32]; /* x0..x31 at the fault */
	uint64_t instret;  /* instructions retired before the fault */
	uint64_t cycles;
};

/* A violation of the DPA memory model (flexio_ext.h, flexio_process_memcheck_set). */
struct provider_memcheck_report {
	enum flexio_memcheck_rule rule;
	bool at_end;      /* found at the end of an invocation */
	bool at_nic_read; /* found when the NIC read the bytes */
	bool has_thread;  /* thread_id names the thread at fault (it may be gone meanwhile) */
	uint32_t thread_id;
	uint64_t pc;      /* the stale load, the store not written back, or the misaligned access */
	uint64_t address; /* the first byte concerned */
	uint32_t size;    /* bytes concerned */
	uint64_t at_pc;   /* the doorbell store that published it, or 0 */
};

/* Where a pc of device code comes from (code_location); the strings live as long as the process. */
struct provider_code_location {
	const char *function; /* the function holding pc (its symbol), or NULL */
	uint64_t offset;      /* pc - the function's address */
	const char *file;     /* the source file of pc (the ELF's debug info), or NULL */
	unsigned line;        /* its line, when file is set */
};

/* Why a process stopped for good. */
struct provider_stop {
	uint32_t status; /* the dpa_process_status */
	bool has_thread; /* thread_id names the thread whose error stopped it */
	uint32_t thread_id;
	bool has_fault; /* that thread faulted: fault says how */
	struct provider_fault fault;
};

/* What the device tells the host library about a process, from its threads. */
struct provider_events {
	void *user;
	/* A device message (flexio_dev_msg, prints): stream id, level, text without NUL. Returns
	 * the bytes accepted (0 when there is no such stream). */
	int64_t (*message)(void *user, int stream_id, int level, const char *text, size_t len);
	/* The process stopped for good (stop->status: 0x40 after flexio_dev_process_finish,
	 * 128..255 from flexio_dev_error, 0x42 for an illegal user code, DPA_STATUS_THREAD_FAULT
	 * after a fault). Called once, from the thread that observed it. */
	void (*fatal)(void *user, const struct provider_stop *stop);
	/* uar, outbox, window, mkey: a doorbell a DPA thread rang (may be NULL). Called on the
	 * ringing thread; must not call back into the provider. */
	void (*doorbell)(void *user, const struct provider_doorbell *doorbell);
	/* The memory-model checker (memcheck_set) found device code breaking a rule of the DPA
	 * (may be NULL). Called on the thread that found it (a DPA thread's, or one the NIC
	 * reads on); must not call back into the provider, but for code_location. */
	void (*memcheck)(void *user, const struct provider_memcheck_report *report);
};

/* The dpa_process_status of a process whose thread faulted (range 1..63: the DPA OS). */
#define DPA_STATUS_THREAD_FAULT 0x10
#define DPA_STATUS_PROCESS_FINISH 0x40
#define DPA_STATUS_ILLEGAL_USER_ERROR 0x42

struct provider_process_config {
	uint64_t heap_size;   /* bytes of DPA heap; 0: the device's default */
	const char *name;     /* the process's name (its application's by default), for statistics */
	const char *app_name; /* its application's name: timelines name the process by both */
};

/* The largest argument buffer of a call: a function may declare at most this much. */
#define PROVIDER_ARGBUF_MAX 4096

/* A synchronous call of a device function on the process's RPC thread. */
struct provider_call {
	uint64_t function;    /* device address */
	const uint64_t *args; /* integer arguments (at most 8) */
	unsigned nargs;
	const void *argbuf; /* copied into DPA memory; its address replaces args[0] when set */
	size_t argbuf_size;
};

enum provider_call_result {
	PROVIDER_CALL_RETURNED, /* *result holds the function's return value */
	PROVIDER_CALL_ENDED,    /* the function ended its thread (finish, reschedule): result 0 */
	PROVIDER_CALL_FAILED,   /* the process is in error state: see the fatal event */
};

/* Event handlers: DPA threads that run when triggered (a CQE on their armed CQ, an activation
 * from another thread of the process). */
struct provider_thread;

struct provider_thread_config {
	uint64_t function;             /* device address of void handler(uint64_t arg) */
	uint64_t arg;                  /* the handler's argument at every invocation */
	uint64_t thread_local_storage; /* device address the thread reads back, or 0 */
	bool continuable;              /* flexio_dev_yield resumes after it at the next trigger */
	const char *name;              /* flexio_dev_get_current_thread_name; "" for none */
	const char *function_name;     /* the handler's name in its application, for statistics */
	enum flexio_affinity_type affinity_type;
	uint32_t affinity_id;
	uint32_t outbox_id, window_id; /* selected from the start (older edition); 0: none */
};

/* cmdq, threads, error handler, core dump: types */
struct provider_cmdq;

struct provider_cmdq_config {
	unsigned workers;    /* DPA threads running tasks */
	unsigned batch_size; /* tasks a worker runs per invocation */
	bool running;        /* start running (else pending until cmdq_start) */
};

/* A DPA thread's registers for a core dump: its fault record when it faulted, else its
 * current state. */
struct provider_thread_state {
	uint32_t id;                         /* the thread id device code sees (flexio_dev_get_thread_id) */
	bool culprit;                        /* the thread whose fatal error stopped the process */
	enum flexio_fault_cause fault_cause; /* FLEXIO_FAULT_NONE: it did not fault */
	uint64_t pc;
	uint64_t regs[32]; /* x0..x31 */
};

/* A region of DPA memory (apertures are not memory and are not listed). */
enum {
	PROVIDER_PERM_R = 1,
	PROVIDER_PERM_W = 2,
	PROVIDER_PERM_X = 4
};
struct provider_memory_region {
	uint64_t base, size;
	unsigned perms; /* PROVIDER_PERM_* */
};

/* Emulated devices: the emulated PCI functions (virtio, NVMe) a device manages as emulation
 * manager, each named by its VHCA id (which is also the older edition's device_emulation_id).
 * A function has queues whose doorbells its driver rings, which doorbell-to-CQ mappings turn
 * into CQEs (armed and forced by device code: flexio_dev_db_ctx_arm / _force_trigger), and
 * MSI-X vectors, each behind an EQ of the device, which the DPA raises. The driver's side
 * (ringing, seeing the MSI-X messages) is OpenFlexIO's extension API (flexio_ext.h). */
struct provider_emu_db;
struct provider_msix;

/*
 * The layout of struct flexio_provider_ops. Within one version the table only grows, at its end:
 * a provider built with an older header registers a shorter table (its size), whose missing
 * operations get the defaults; one built with a newer header registers a longer one, whose
 * operations this library does not know and never calls. A change that moves, removes or retypes
 * a field makes a new version; a table of another version is refused.
 */
#define PROVIDER_ABI_VERSION 1

/* The fields a table starts with in every version: PROVIDER_TABLE_HEADER("name") sets them. */
#define PROVIDER_TABLE_HEADER(provider_name) \
	.abi_version = PROVIDER_ABI_VERSION, .size = sizeof(struct flexio_provider_ops), .name = (provider_name)

struct flexio_provider_ops {
	/* The header, the same in every version. */
	uint32_t abi_version; /* PROVIDER_ABI_VERSION of the header the provider was built with */
	uint32_t size;        /* sizeof(struct flexio_provider_ops) in that header */
	const char *name;     /* unique among the providers: "sim", "null" */
	/* What it drives, for the error about a context no provider serves ("the simulated mlx5_sim
	 * devices"); its name when NULL. */
	const char *devices;
	/* Whether this provider serves the device of ibv_ctx (any pointer: NULL, closed or foreign
	 * contexts are not served). */
	int (*serves)(struct ibv_context *ibv_ctx);
	/* Validates and loads an application's ELF (the bytes are copied); NULL with a reason. */
	struct provider_image *(*image_load)(const void *elf, size_t size, char *err, size_t err_size);
	void (*image_release)(struct provider_image *image);
	/* A symbol of the image: 0, or -ENOENT. */
	int (*image_symbol)(const struct provider_image *image, const char *name, struct provider_symbol *symbol);
	struct provider_process *(*process_create)(struct ibv_context *ibv_ctx, const struct provider_image *image,
						   const struct provider_process_config *config,
						   const struct provider_events *events, char *err, size_t err_size);
	/* Stops every thread of the process and frees it. */
	void (*process_destroy)(struct provider_process *process);
	void (*heap_range)(struct provider_process *process, uint64_t *base, uint64_t *size);
	/* Host access to DPA memory: the whole range must be mapped. */
	int (*memory_write)(struct provider_process *process, uint64_t daddr, const void *src, size_t size);
	int (*memory_read)(struct provider_process *process, uint64_t daddr, void *dst, size_t size);
	int (*memory_set)(struct provider_process *process, uint64_t daddr, int value, size_t size);
	enum provider_call_result (*call)(struct provider_process *process, const struct provider_call *call,
					  uint64_t *result);
	/* Identifiers the device gives the process (dumem id: its DPA memory object, the umem id by
	 * which DEVX commands name its memory, their offsets being DPA addresses). */
	uint32_t (*dumem_id)(struct provider_process *process);

	/* Event handlers. A thread starts stopped; thread_run lets triggers run it (user_arg goes in
	 * its thread context's metadata_parameter). A trigger while it runs is latched: it runs
	 * once more after the current invocation ends. The handler ends an invocation by
	 * returning or with flexio_dev_thread_reschedule (waits for the next trigger), _finish (no
	 * more), _retrigger (runs again at once) or flexio_dev_yield (continuable threads resume
	 * after it at the next trigger). Idle threads cost no host CPU. */
	struct provider_thread *(*thread_create)(struct provider_process *process,
						 const struct provider_thread_config *config, char *err,
						 size_t err_size);
	int (*thread_run)(struct provider_thread *thread, uint64_t user_arg);
	/* -ESHUTDOWN once the process stopped, -EAGAIN before thread_run. */
	int (*thread_trigger)(struct provider_thread *thread);
	/* Stops the thread (a running invocation ends at its next scheduling point) and frees it. */
	void (*thread_destroy)(struct provider_thread *thread);
	/* The id device code sees (flexio_dev_get_thread_id), which is also the activation id other
	 * threads of the process pass to flexio_dev_event_handler_activate. */
	uint32_t (*thread_id)(struct provider_thread *thread);

	/* cmdq, threads, error handler, core dump */
	/* A queue of asynchronous calls function(arg) run in FIFO order by config->workers DPA
	 * threads of the process; NULL with a reason in err. */
	struct provider_cmdq *(*cmdq_create)(struct provider_process *process,
					     const struct provider_cmdq_config *config, char *err, size_t err_size);
	/* -ESHUTDOWN once the process stopped, -ENOMEM when the queue cannot grow. name: what
	 * the task is called while it runs (its worker's thread name, its timeline span), NULL for
	 * none; it stays valid while the process lives (a registered function's name). */
	int (*cmdq_task_add)(struct provider_cmdq *cmdq, uint64_t function, uint64_t arg, const char *name);
	/* Pending -> running (no effect when running). */
	int (*cmdq_start)(struct provider_cmdq *cmdq);
	/* 1 when every task added so far has run (returned or ended its invocation), else 0. */
	int (*cmdq_is_empty)(struct provider_cmdq *cmdq);
	/* Stops the workers (a running task is stopped within a scheduling quantum) and frees. */
	void (*cmdq_destroy)(struct provider_cmdq *cmdq);
	/* The device function run once, on a new thread, when a thread of the process hits a
	 * fatal error; -EBUSY once the process has threads besides its RPC thread. */
	int (*error_handler_set)(struct provider_process *process, uint64_t function);
	/* Fills up to max states (culprit first) and returns how many threads the process has. */
	size_t (*thread_states)(struct provider_process *process, struct provider_thread_state *states, size_t max);
	/* Fills up to max regions of DPA memory (by address) and returns how many there are. */
	size_t (*memory_regions)(struct provider_process *process, struct provider_memory_region *regions, size_t max);

	/* uar, outbox, window, mkey */
	/* 0 when pd is a live protection domain of ibv_ctx's device, else -EINVAL. */
	int (*pd_check)(struct ibv_context *ibv_ctx, struct ibv_pd *pd);
	/* Counts a user of pd (a process, a window, a memory key): while it has users the device
	 * refuses to deallocate it (ibv_dealloc_pd answers EBUSY, as rdma-core does for a PD with
	 * objects). 0, or -EINVAL when pd is not a live protection domain of ibv_ctx's device. */
	int (*pd_hold)(struct ibv_context *ibv_ctx, struct ibv_pd *pd);
	void (*pd_release)(struct ibv_pd *pd);
	/* The protection domain of a process created without one, and its end: NULL with errno
	 * set; 0 or a negative errno (-EBUSY while held). The defaults are rdma-core's
	 * ibv_alloc_pd and ibv_dealloc_pd: a provider whose contexts are not rdma-core's sets
	 * its own (never is one of its contexts given to libibverbs). */
	struct ibv_pd *(*pd_alloc)(struct ibv_context *ibv_ctx);
	int (*pd_dealloc)(struct ibv_pd *pd);
	/* The iova and length of the live host memory region whose lkey is key, registered on pd
	 * with every flag of access (IBV_ACCESS_*): -EINVAL pd is not a device PD, -ENOENT no
	 * such key, -EPERM the region is another PD's, -EACCES it lacks an access flag. */
	int (*mr_range)(struct ibv_pd *pd, uint32_t key, unsigned access, uint64_t *iova, uint64_t *length);
	/* Copies [daddr, daddr + size) of DPA memory to the start of host region key of pd
	 * (recoverable buffers); the region must be writable and at least size bytes long. */
	int (*memory_dump)(struct provider_process *process, uint64_t daddr, size_t size, struct ibv_pd *pd,
			   uint32_t key);
	/* 0 when uar is a live devx UAR (mlx5dv_devx_alloc_uar) of ibv_ctx's device, else -EINVAL. */
	int (*uar_check)(struct ibv_context *ibv_ctx, const struct mlx5dv_devx_uar *uar);
	/* A UAR of ibv_ctx's device for the host library's own (a process's, flexio_uar_create's),
	 * NULL with errno set, and its end. The defaults are rdma-core's mlx5dv_devx_alloc_uar
	 * (MLX5DV_UAR_ALLOC_TYPE_NC) and mlx5dv_devx_free_uar, as for pd_alloc. */
	struct mlx5dv_devx_uar *(*uar_alloc)(struct ibv_context *ibv_ctx);
	void (*uar_free)(struct mlx5dv_devx_uar *uar);
	/* Outbox id (1..65535, unique in the process) gets a doorbell page device code selects
	 * with flexio_dev_outbox_config(id); doorbells rung there are recorded (provider_doorbell). */
	int (*outbox_create)(struct provider_process *process, uint32_t id);
	void (*outbox_destroy)(struct provider_process *process, uint32_t id);
	/* Window id (1..65535, unique in the process) reaches host memory registered on pd. */
	int (*window_create)(struct provider_process *process, uint32_t id, struct ibv_pd *pd);
	void (*window_destroy)(struct provider_process *process, uint32_t id);
	/* An extended UAR: device code may name device_id (flexio_uar_device_id) in
	 * flexio_dev_outbox_config_uar_extension and flexio_dev_cross_device_ring_db. */
	int (*uar_extension_add)(struct provider_process *process, uint32_t device_id, struct ibv_context *ibv_ctx);
	void (*uar_extension_remove)(struct provider_process *process, uint32_t device_id);
	/* A memory key over [daddr, daddr + len) of DPA memory for the NIC, on pd; *key is never
	 * the key of a host memory region. */
	int (*device_mkey_create)(struct provider_process *process, struct ibv_pd *pd, uint64_t daddr, uint64_t len,
				  int access, uint32_t *key);
	void (*device_mkey_destroy)(struct provider_process *process, uint32_t key);

	/* Stops every running thread of the process at its next safe point (a basic-block
	 * boundary, or an ecall: a thread waiting in one, e.g. for the host, counts as stopped)
	 * and returns once none executes, so that thread_states and memory_read see a still
	 * process (core dumps of a live process). Threads, calls and the register writes of new
	 * calls wait until the matching process_resume; pauses nest. The pausing thread must not
	 * make calls into the process (call, cmdq_is_empty in deterministic mode) before it
	 * resumes: they would wait for it. 0, or a negative errno when the threads could not be
	 * stopped (then no resume is due). */
	int (*process_pause)(struct provider_process *process);
	void (*process_resume)(struct provider_process *process);
	/* A GDB remote-protocol stub into the process's live threads, listening on 127.0.0.1:port
	 * (0: a free port, written to *bound). 0, -EALREADY when the process has one, or a
	 * negative errno (-EADDRINUSE, ...). */
	int (*gdb_listen)(struct provider_process *process, uint16_t port, uint16_t *bound);
	/* The DPA memory-model checker on or off for the process (reports go to
	 * events.memcheck). 0, -ENOMEM, -EOPNOTSUPP. */
	int (*memcheck_set)(struct provider_process *process, bool on);
	/* Misaligned loads and stores fault (on) or are performed as the device does (off, the
	 * default). 0, -EOPNOTSUPP. */
	int (*strict_alignment_set)(struct provider_process *process, bool on);

	/* The DPA's side of the NIC's queues. */
	/* The process's threads may ring the doorbells of the queues made naming uar, a devx UAR
	 * of the library's on ibv_ctx's device (its uar_page: the outboxes of NVIDIA's current
	 * edition use the process UAR), for as long as the UAR lives. 0 or a negative errno. */
	int (*uar_bind)(struct provider_process *process, struct mlx5dv_devx_uar *uar);
	/* The DEVX object standing for a DPA thread (flexio_event_handler_get_thread_obj), of
	 * ibv_ctx's device; NULL when the device has none. Freed by thread_obj_release. */
	struct mlx5dv_devx_obj *(*thread_obj_create)(struct ibv_context *ibv_ctx, struct provider_thread *thread);
	void (*thread_obj_release)(struct mlx5dv_devx_obj *obj);

	/* Emulated devices (see struct provider_emu_db above). */
	/* Fills up to max VHCA ids of the emulated functions of ibv_ctx's device, in order, and
	 * returns how many it has (0: none, or a context the provider does not serve). */
	size_t (*emu_functions)(struct ibv_context *ibv_ctx, uint32_t *vhca_ids, size_t max);
	/* Maps the doorbell of queue queue_id of function vhca_id of ibv_ctx's device to CQ cqn of
	 * that device, armed: each doorbell while armed writes one CQE (core/nic/nic.h, "Emulated-
	 * device doorbells"); *id is the context id device code names. The CQ cannot be destroyed
	 * while mapped (its DESTROY_CQ: EBUSY). NULL with a reason: no such function, a queue out
	 * of range or mapped already, no such CQ on the device. */
	struct provider_emu_db *(*emu_db_map)(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t queue_id,
					      uint32_t cqn, uint32_t *id, char *err, size_t err_size);
	void (*emu_db_unmap)(struct provider_emu_db *db);
	/* The driver of function vhca_id rings the doorbell of queue queue_id with value: 0 (also
	 * when no mapping takes it: the doorbell goes nowhere, as on hardware), -ENOENT no such
	 * function, -EINVAL queue_id out of range. */
	int (*emu_db_ring)(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t queue_id, uint32_t value);
	/* The EQ numbers of MSI-X vectors 0..max - 1 of function vhca_id (eqns[v]: vector v's,
	 * for the vectors it has); returns how many vectors it has, or -ENOENT (no such function)
	 * or -ENOMEM. */
	int (*emu_msix_eqs)(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint32_t *eqns, size_t max);
	/* Vector msix_id of function vhca_id of the process's device, raised by the process's DPA
	 * threads: direct, through the vector's EQ (CQs of that device created on it, element
	 * type DPA_MSIX_EMULATED_CQ; *cqn is 0); else through a CQ made on target's device (*cqn),
	 * each of whose zero CQEs (flexio_dev_msix_send) is one MSI-X message. NULL with a reason. */
	struct provider_msix *(*emu_msix_create)(struct provider_process *process, uint32_t vhca_id, uint16_t msix_id,
						 bool direct, struct ibv_context *target, uint32_t *cqn, char *err,
						 size_t err_size);
	void (*emu_msix_destroy)(struct provider_msix *msix);
	/* The MSI-X messages vector msix_id of function vhca_id has received, in *count; while
	 * that is no more than seen, waits up to timeout_ms (0: no wait; negative: no limit):
	 * -ETIMEDOUT then. -ENOENT: no such function or vector. */
	int (*emu_msix_wait)(struct ibv_context *ibv_ctx, uint32_t vhca_id, uint16_t msix_id, uint64_t seen,
			     int timeout_ms, uint64_t *count);

	/* Timelines: what the process's DPA threads do (activations, RPCs, doorbells, CQEs, EQEs,
	 * faults) recorded with host and simulated timestamps, written as a Chrome trace (JSON).
	 * trace_start opens path for writing at once (-errno with a reason when it cannot) and
	 * records until trace_stop. The trace names the process as it was created (the config's
	 * name and app_name). -EBUSY while recording. */
	int (*trace_start)(struct provider_process *process, const char *path, char *err, size_t err_size);
	/* Stops recording and writes the trace: 0, -ENOENT when trace_start is not recording, -EIO. */
	int (*trace_stop)(struct provider_process *process, char *err, size_t err_size);

	/* The DEVX calls core/host makes the NIC's objects with (core/host/devx_cmds.c), with
	 * rdma-core's signatures and returns (errno set by devx_obj_create's NULL), and the PD
	 * number those commands name. The defaults are rdma-core's mlx5dv_devx_* and
	 * mlx5dv_init_obj: the simulated device answers them, as a BlueField's firmware does. A
	 * provider whose contexts are not rdma-core's sets its own (a device without a NIC fails
	 * them with EOPNOTSUPP). */
	struct mlx5dv_devx_obj *(*devx_obj_create)(struct ibv_context *ibv_ctx, const void *in, size_t inlen, void *out,
						   size_t outlen);
	int (*devx_obj_modify)(struct mlx5dv_devx_obj *obj, const void *in, size_t inlen, void *out, size_t outlen);
	int (*devx_obj_query)(struct mlx5dv_devx_obj *obj, const void *in, size_t inlen, void *out, size_t outlen);
	int (*devx_obj_destroy)(struct mlx5dv_devx_obj *obj);
	int (*devx_general_cmd)(struct ibv_context *ibv_ctx, const void *in, size_t inlen, void *out, size_t outlen);
	/* 0 and the PD's number in *pdn, or a positive errno. */
	int (*pd_number)(struct ibv_pd *pd, uint32_t *pdn);

	/* Where pc of the process's code comes from, for reports: fills what the image tells
	 * (the default tells nothing). Takes no lock an event callback's caller holds, so the
	 * callbacks may call it. */
	void (*code_location)(struct provider_process *process, uint64_t pc, struct provider_code_location *where);
};

/*
 * Adds a provider to the host library's table (a copy of ops, with defaults for what it lacks);
 * providers call it through PROVIDER_REGISTER. They are asked in the order of their priority
 * (lowest first; the simulator's is 0). Refused, with one log line: a table of another
 * PROVIDER_ABI_VERSION, one shorter than its header or of a size no version has, one without a
 * name or with a name registered already, one more than the table holds, and any once the
 * library has begun to use its providers (the first call that needs one).
 */
void provider_register(const struct flexio_provider_ops *ops, int priority);
typedef void provider_register_fn(const struct flexio_provider_ops *ops, int priority);

/*
 * Provider modules: shared objects the library loads when FLEXIO_PROVIDERS names them
 * (colon-separated: a path, or a name N for libflexio-N.so, next to libflexio.so.1 or wherever
 * the dynamic loader finds libraries), once, before it first needs a provider. It then calls
 * their entry point, PROVIDER_MODULE_ENTRY, with provider_register; the entry registers the
 * module's table and must call nothing else of the library. A module stays loaded for the life
 * of the process.
 */
#define PROVIDER_MODULE_ENTRY "flexio_provider_module_init"
typedef void provider_module_entry_fn(provider_register_fn *reg);

/*
 * How a provider registers itself: built into libflexio (the default), when the library is
 * loaded; compiled with PROVIDER_MODULE defined, as a module's entry point (one per module).
 */
#ifdef PROVIDER_MODULE
#define PROVIDER_REGISTER(ops, priority)                                                             \
	__attribute__((visibility("default"))) provider_module_entry_fn flexio_provider_module_init; \
	void flexio_provider_module_init(provider_register_fn *reg)                                  \
	{                                                                                            \
		reg(&(ops), (priority));                                                             \
	}
#else
#define PROVIDER_REGISTER(ops, priority)                                       \
	__attribute__((constructor)) static void provider_register_##ops(void) \
	{                                                                      \
		provider_register(&(ops), (priority));                         \
	}
#endif

#endif
