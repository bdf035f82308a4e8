/* Engine internals shared by the core/dpa sources. */
#ifndef OPENFLEXIO_DPA_INTERNAL_H
#define OPENFLEXIO_DPA_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "decode.h"
#include "dpa.h"
#include "dpa_ecall.h"

#define DPA_LIKELY(x) __builtin_expect(!!(x), 1)
#define DPA_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* A basic block is cut after this many instructions so that counts fit and budgets bite. */
#define DPA_BLOCK_MAX 1024

#define DPA_PAGE_SHIFT 12
#define DPA_MEMORY_DEFAULT (256ull << 20)
#define DPA_MEMORY_MAX (32ull << 30)
/* An image's segments span at most this much (more is a hostile or broken ELF). */
#define DPA_IMAGE_SPAN_MAX (1ull << 30)
#define DPA_WATCHDOG_DEFAULT 10000000000ull

/*
 * A pre-decoded instruction, one per code halfword. h is the offset of the handler label from
 * the interpreter's base label; block and cycles count the instructions and static cycles from
 * this one to the end of its basic block, which is what the interpreter charges on entry.
 * For branches and jal inside the code, imm is the target's distance in halfwords.
 */
struct dpa_op {
	int32_t h;
	int32_t imm;
	uint8_t rd, rs1, rs2, length;
	uint16_t block, cycles;
};

struct dpa_segment {
	uint64_t vaddr, memsz, offset, filesz;
	unsigned perms;
};

struct dpa_symbol {
	const char *name; /* in dpa_image.strings */
	uint8_t global;
	uint64_t value, size;
};

struct dpa_image {
	atomic_uint refs;
	uint8_t *file;
	size_t file_size;
	uint64_t entry;
	struct dpa_segment *segments;
	unsigned nsegments;
	uint64_t low, high; /* page-aligned span of all segments */
	/* Decoded code covers [code_base, code_base + code_span) plus two fetch-fault sentinels. */
	uint64_t code_base, code_span;
	struct dpa_op *ops;
	uint16_t *variants;         /* per op, for the tracing interpreter */
	struct dpa_tls tls;         /* memsz 0: the image has no thread-local storage */
	struct dpa_symbol *symbols; /* sorted by name, globals first */
	size_t nsymbols;
	char *strings;
	size_t strings_size;
	/* The translator's blocks for this image (jit.c), made at the first translated run. */
	struct dpa_jit *_Atomic jit;
	/* Its DWARF line table (source_line.c), opened at the first dpa_image_source_line. */
	struct dpa_source *_Atomic source;
};

struct dpa_region {
	enum dpa_region_kind kind;
	uint64_t base, size;
	unsigned perms;
	struct dpa_mmio_ops ops;
	void *user;
};

struct dpa_service {
	dpa_service_fn fn;
	void *user;
};

#define DPA_LINUX_SERVICES 256
#define DPA_RUNTIME_SERVICES (DPA_ECALL_LIMIT - DPA_ECALL_BASE)

struct dpa_process {
	struct dpa_image *image;
	/* DPA memory: guest [ram_base, ram_base + ram_size) is host [ram, ram + ram_size). */
	uint64_t ram_base, ram_size;
	uint8_t *ram;
	_Atomic uint8_t *perms; /* DPA_PERM_* per page of DPA memory */
	uint64_t aperture_base, aperture_limit;
	pthread_rwlock_t regions_lock;
	bool regions_lock_ready;
	struct dpa_region *regions; /* sorted by base */
	size_t nregions, regions_cap;
	uint64_t heap_base, heap_size;
	uint64_t watchdog;
	struct dpa_service linux_services[DPA_LINUX_SERVICES];
	struct dpa_service runtime_services[DPA_RUNTIME_SERVICES];
	struct dpa_service fallback;
	const uint64_t *window_epoch; /* dpa_process_set_window_epoch; NULL: never revoked */
	/* A debugger (debug.c): the process's own copy of the image's ops, with traps, which the
     * interpreter runs when set; the function a trap calls. Changed only while paused. */
	struct dpa_op *debug_ops;
	dpa_debug_fn debug_fn; /* what a trap calls: debug.c's, which calls the client's */
	void *debug_user;
	dpa_debug_fn debug_client_fn; /* the debugger's (dpa_process_debug_attach) */
	void *debug_client_user;
	atomic_uint debug_inside; /* harts between a trap and the return of debug_fn */
	/* Watchpoints (debug.c): nwatches of them in force; the harts run the slow interpreter,
     * which checks every access against them, while it is not 0. */
	struct dpa_watch {
		uint64_t address, length;
		unsigned kind; /* enum dpa_watch_kind */
	} watches[DPA_DEBUG_WATCHES];
	atomic_uint nwatches;
	/* The memory-model checker (memcheck.c): made at its first enable, then kept; on says
     * whether harts record and report (read where checks would cost, never per instruction). */
	struct dpa_memcheck *_Atomic memcheck;
	atomic_bool memcheck_on;
	_Atomic int engine; /* enum dpa_engine, never DEFAULT */
	/* Misaligned loads and stores (memory.c): fault instead of being performed; performed ones. */
	atomic_bool strict_alignment;
	_Atomic uint64_t misaligned;
	atomic_bool halted;
	atomic_uint next_hart_id;
	atomic_uint harts; /* alive */
	void *user;
	/* dpa_process_pause (pause.c): the harts, how many pauses are in force, and the condition
     * both harts (waiting for the pause to end) and pausers (waiting for harts to stop) wait
     * on; all guarded by pause_lock. */
	pthread_mutex_t pause_lock;
	pthread_cond_t pause_changed;
	unsigned pause_count;
	struct dpa_hart *hart_list;
};

struct dpa_window_cache;

enum dpa_sched_state {
	DPA_HART_IDLE,
	DPA_HART_QUEUED,
	DPA_HART_RUNNING
};

struct dpa_hart {
	/* x0..x31, the slot that writes to x0 go to, and the one sp-writing instructions fill
     * before their stack check (decode.h). */
	uint64_t regs[DPA_REG_SP_SCRATCH + 1];
	uint64_t pc;
	uint64_t instret, cycles;
	struct dpa_process *process;
	unsigned id;
	/* LR/SC reservation */
	bool reserved;
	uint8_t reserved_size;
	uint64_t reserved_address, reserved_value;
	bool stop_requested;
	uint64_t stop_code;
	bool faulted;
	struct dpa_fault fault;
	uint64_t watchdog, activation_start;
	uint64_t stack_base, stack_size;
	/* Where sp writes of the current activation must land: [sp_low, sp_low + sp_span]; the
     * stack for calls, everywhere for entries (the caller owns sp, dpa_hart_prepare_entry). */
	uint64_t sp_low, sp_span;
	struct dpa_window_cache *window;
	uint64_t memory_writebacks;
	uint64_t misaligned; /* misaligned loads and stores performed (memory.c) */
	dpa_trace_fn trace;
	void *trace_user;
	/* The watchpoint this hart stopped for (kind 0: none), while in the debugger's function. */
	unsigned watch_kind;
	uint64_t watch_address;
	/* A trap left the interpreter because watchpoints were set meanwhile (debug.c): switch
     * (run_slice_active goes on at once, in the slow one, at debug_resume_pc) and pass (the
     * instruction there runs without its trap firing again). */
	bool debug_switch, debug_pass;
	uint64_t debug_resume_pc;
	void *user;
	/* scheduler */
	enum dpa_sched_state sched_state;
	struct dpa_hart *sched_next;
	bool sched_cancel; /* dpa_sched_cancel: end the run at its quantum's end (sched lock) */
	/* pausing (pause.c): DPA_GATE_* bits, and the next hart of the process */
	atomic_uint gate;
	struct dpa_hart *process_next;
};

/* The gate of a hart (pause.c). ACTIVE: it executes or writes its registers; PAUSED: its
 * process is paused, so it may not become active. */
#define DPA_GATE_ACTIVE 1u
#define DPA_GATE_PAUSED 2u
/* Becomes active, waiting while the process is paused. */
void dpa_gate_enter(struct dpa_hart *hart);
/* Stops being active (the hart counts as stopped for pausers from here on). */
void dpa_gate_leave(struct dpa_hart *hart);
/* A safe point of an active hart: waits there while a pause is requested. */
void dpa_gate_check(struct dpa_hart *hart);
/* For register writes from outside the interpreter: enters unless the caller is the hart's own
 * run (then it is active already); true when the caller must leave afterwards. */
bool dpa_gate_outside_run(struct dpa_hart *hart);
void dpa_pause_add_hart(struct dpa_process *process, struct dpa_hart *hart);
void dpa_pause_remove_hart(struct dpa_process *process, struct dpa_hart *hart);

/* Slow paths of the interpreter (memory.c, dpa_window.c, services.c). They return 0 or a fault
 * cause and never touch the fault record. */
int dpa_memory_load_slow(struct dpa_hart *hart, uint64_t address, unsigned size, uint64_t *value);
int dpa_memory_store_slow(struct dpa_hart *hart, uint64_t address, unsigned size, uint64_t value);
/* The fault an atomic access at address would take (atomics only work on DPA memory). */
int dpa_memory_atomic_fault(const struct dpa_process *process, uint64_t address, unsigned size);
/* Copies the aperture containing [address, address + size), else returns a fault cause. */
int dpa_memory_aperture(struct dpa_process *process, uint64_t address, unsigned size, struct dpa_region *out);
int dpa_window_read(struct dpa_hart *hart, const struct dpa_region *region, uint64_t address, unsigned size,
		    uint64_t *value);
int dpa_window_write(struct dpa_hart *hart, const struct dpa_region *region, uint64_t address, unsigned size,
		     uint64_t value);
void dpa_window_free(struct dpa_hart *hart);

/* The memory-model checker (memcheck.c, memcheck.h). */
struct dpa_memcheck_report;
static inline bool dpa_memcheck_on(const struct dpa_process *process)
{
	return atomic_load_explicit(&process->memcheck_on, memory_order_relaxed);
}
/* A store to DPA memory (address inside it, aligned), recorded by the slow interpreter (the
 * traced build, which runs while the checker is on). */
void dpa_memcheck_store(struct dpa_hart *hart, uint64_t address, uint64_t pc);
/* A point where the hart's writes must have been written back (doorbell or end, at_pc). */
void dpa_memcheck_publish(struct dpa_hart *hart, int point, uint64_t at_pc);
void dpa_memcheck_memory_writeback(struct dpa_hart *hart);
void dpa_memcheck_emit(struct dpa_process *process, const struct dpa_memcheck_report *report);
void dpa_memcheck_free(struct dpa_process *process);
/* Window side (dpa_window.c): reports the hart's window bytes not written back, once per store. */
void dpa_window_memcheck_publish(struct dpa_hart *hart, int point, uint64_t at_pc);

enum dpa_service_result {
	DPA_SERVICE_CONTINUE,
	DPA_SERVICE_STOP,
	DPA_SERVICE_MISSING
};
enum dpa_service_result dpa_service_call(struct dpa_hart *hart);
void dpa_services_install_defaults(struct dpa_process *process);

/* Interpreter (exec.c). budget > 0. */
enum dpa_stop dpa_exec(struct dpa_hart *hart, int64_t budget);
/* Translator (jit.c): as dpa_exec, with the same results; only for harts the fast interpreter
 * would run (no trace, checker, watchpoints). */
enum dpa_stop dpa_jit_exec(struct dpa_hart *hart, int64_t budget);
/* The engine processes start with (FLEXIO_SIM_ENGINE, else the translator where there is one). */
enum dpa_engine dpa_engine_default(void);
/* Frees an image's translations (image release). */
void dpa_jit_free(struct dpa_image *image);
enum dpa_stop dpa_exec_traced(struct dpa_hart *hart, int64_t budget);
/* Handler label offsets of the fast interpreter, indexed by enum dpa_variant, then the debug
 * trap's (a debugger's breakpoint, debug.c). */
const int32_t *dpa_exec_handlers(void);
#define DPA_HANDLER_DEBUG_TRAP DPA_VARIANT_COUNT
/* Whether an access of size bytes at address, of the access kinds in access (DPA_WATCH_READ,
 * DPA_WATCH_WRITE, both for an AMO), touches a watchpoint; the slow interpreter calls it for every
 * access while watchpoints are set. On a hit it records the watchpoint in the hart. */
static inline bool dpa_debug_watched(struct dpa_hart *hart, uint64_t address, uint64_t size, unsigned access)
{
	const struct dpa_process *process = hart->process;
	unsigned n = atomic_load_explicit(&process->nwatches, memory_order_relaxed);
	for (unsigned i = 0; i < n; i++) {
		const struct dpa_watch *w = &process->watches[i];
		if ((w->kind & access) && address < w->address + w->length && w->address < address + size) {
			hart->watch_kind = w->kind;
			hart->watch_address = w->address;
			return true;
		}
	}
	return false;
}
/* Whether a conditional branch of kind (beq .. bgeu) on a and b is taken: the interpreter's far
 * branches and the debugger's single step (dpa_hart_next_pc). */
static inline bool dpa_branch_taken(enum dpa_kind kind, uint64_t a, uint64_t b)
{
	switch (kind) {
	case DPA_K_beq:
		return a == b;
	case DPA_K_bne:
		return a != b;
	case DPA_K_blt:
		return (int64_t)a < (int64_t)b;
	case DPA_K_bge:
		return (int64_t)a >= (int64_t)b;
	case DPA_K_bltu:
		return a < b;
	default: /* bgeu */
		return a >= b;
	}
}
/* Frees the debugger's copy of the ops (process destroy). */
void dpa_debug_free(struct dpa_process *process);

/* Fills the fault record from the interpreter's state. */
void dpa_hart_record_fault(struct dpa_hart *hart, enum dpa_fault_cause cause, enum dpa_access access, uint64_t pc,
			   uint64_t address);

/* Image / memory helpers. */
int dpa_image_decode(struct dpa_image *image, char *err, size_t err_size);
void dpa_source_free(struct dpa_image *image);
int dpa_memory_init(struct dpa_process *process, char *err, size_t err_size);
void dpa_memory_fini(struct dpa_process *process);

static inline uint64_t dpa_cycles_to_ns(uint64_t cycles)
{
	return cycles / 9 * 5 + cycles % 9 * 5 / 9;
}

void dpa_format_error(char *err, size_t err_size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
