/*
 * The simulated DPA execution engine: an RV64IMAC+Zba/Zbb/Zbs interpreter with ELF images,
 * per-process address spaces, harts, a scheduler and the ecall service table.
 *
 * Internal to OpenFlexIO (not a public ABI). Conventions: functions returning int give 0 on
 * success and a negative errno value on failure; functions creating objects return NULL on
 * failure and, where an error buffer is passed, describe the reason in it.
 *
 * Objects:
 *   dpa_image   a validated, pre-decoded static RV64 ELF; immutable, shared by processes.
 *   dpa_process one address space built from an image: code/data from the ELF, a heap, hart
 *               stacks and MMIO apertures; owns the ecall service table.
 *   dpa_hart    one hardware-thread context (registers, counters, stack, window cache).
 *   dpa_sched   runs runnable harts on host worker threads, or deterministically on the caller.
 */
#ifndef OPENFLEXIO_DPA_H
#define OPENFLEXIO_DPA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dpa_image;
struct dpa_process;
struct dpa_hart;
struct dpa_sched;

/* A size for error buffers that always holds the whole message. */
#define DPA_ERROR_MAX 192

/* The DPA core clock; rdtime reports cycles converted to nanoseconds at this rate. */
#define DPA_CLOCK_HZ 1800000000ull

/* A call's return address: when the guest jumps here the call has returned. Never mapped. */
#define DPA_RETURN_ADDRESS 0xfffffffffffff000ull

/* ---- Images ---------------------------------------------------------------------------- */

/* Validates and pre-decodes a static RV64 ELF64 little-endian EXEC file (the bytes are copied).
 * Returns NULL and a message in err for malformed or hostile input. */
struct dpa_image *dpa_image_load(const void *elf, size_t size, char *err, size_t err_size);
/* Drops the caller's reference; the image is freed when no process uses it any more. */
void dpa_image_release(struct dpa_image *image);
uint64_t dpa_image_entry(const struct dpa_image *image);
/* The thread-local storage template (PT_TLS): each thread's block is filesz bytes of
 * template_data followed by memsz - filesz zero bytes, aligned to align; RISC-V code reaches
 * it at tp + offset. memsz 0: the image has none. */
struct dpa_tls {
	const void *template_data;
	uint64_t filesz, memsz, align;
};
const struct dpa_tls *dpa_image_tls(const struct dpa_image *image);
/* Looks a function or object up in .symtab (global symbols win over local ones). */
int dpa_image_symbol(const struct dpa_image *image, const char *name, uint64_t *address, uint64_t *size);
/* The bytes of DPA memory the image's segments span. */
uint64_t dpa_image_span(const struct dpa_image *image);
/* Whether address lies in an executable segment of the image. */
bool dpa_image_is_code(const struct dpa_image *image, uint64_t address);
/* The name of a symbol whose value is address (a global one before a local one), or NULL:
 * for reports (timelines name the functions threads run). A linear search. */
const char *dpa_image_symbol_name(const struct dpa_image *image, uint64_t address);
/* The symbol whose [value, value + size) holds address (the innermost: the highest value; a global
 * one before a local one), with address's offset into it in *offset (may be NULL), or NULL. For
 * reports: the function a pc is in. A linear search. */
const char *dpa_image_function(const struct dpa_image *image, uint64_t address, uint64_t *offset);
/* The source file and line of pc from the image's DWARF line table (elfutils' libdw), for reports:
 * 0, -ENOENT (the ELF has no debug info, or none for pc), -ENOMEM, -EINVAL. *file, a path as the
 * compiler recorded it, lives as long as the image. The first call reads the debug info; any
 * thread may call it. */
int dpa_image_source_line(const struct dpa_image *image, uint64_t pc, const char **file, unsigned *line);

/* ---- Processes ----------------------------------------------------------------------- */

struct dpa_process_config {
	uint64_t memory_size; /* DPA memory for ELF, heap and stacks; 0 = 256 MiB, at most 32 GiB */
	uint64_t heap_size;   /* 0 = no heap */
	uint64_t watchdog;    /* default instructions per activation for new harts; 0 = 1e10 */
};

struct dpa_process *dpa_process_create(struct dpa_image *image, const struct dpa_process_config *config, char *err,
				       size_t err_size);
/* -EBUSY while harts of the process exist. */
int dpa_process_destroy(struct dpa_process *process);
struct dpa_image *dpa_process_image(const struct dpa_process *process);
void dpa_process_set_user(struct dpa_process *process, void *user);
void *dpa_process_user(const struct dpa_process *process);
int dpa_process_heap(const struct dpa_process *process, uint64_t *base, uint64_t *size);
/*
 * Execution engines (README.md, "Engines"). Both give the same results, faults, counters and
 * interleavings; the translator compiles basic blocks to host code (x86-64 hosts), the
 * interpreter runs the pre-decoded ops. DEFAULT is the environment's FLEXIO_SIM_ENGINE
 * ("interpreter" or "translator"), else the translator where the host has one. A process whose
 * harts are traced, debugged, watched or memory-checked runs them on the interpreter meanwhile.
 */
enum dpa_engine {
	DPA_ENGINE_DEFAULT,
	DPA_ENGINE_INTERPRETER,
	DPA_ENGINE_TRANSLATOR,
};
/* Takes effect at the harts' next run piece; -EINVAL for an unknown engine, -ENOTSUP for the
 * translator on a host without one. */
int dpa_process_set_engine(struct dpa_process *process, enum dpa_engine engine);
/* The engine the process's harts run on (never DEFAULT). */
enum dpa_engine dpa_process_engine(const struct dpa_process *process);
/* Whether this host has a translator. */
bool dpa_engine_translator_available(void);
/*
 * Misaligned loads and stores (README.md, "Faults"): performed as BlueField-3 performs them, not
 * atomically, unless the process asked for strict alignment, where they fault
 * (DPA_FAULT_MISALIGNED) as the DPA programming guide's "no unaligned accesses" reads. Misaligned
 * atomics (AMO, LR/SC) and MMIO accesses fault either way. Takes effect at the next access;
 * -EINVAL for a NULL process.
 */
int dpa_process_set_strict_alignment(struct dpa_process *process, bool strict);
bool dpa_process_strict_alignment(const struct dpa_process *process);
/* Misaligned loads and stores performed by the process's harts, ever (0 for NULL). */
uint64_t dpa_process_misaligned(const struct dpa_process *process);

/* Stops every hart of the process at its next scheduling point (flexio_dev_process_finish). */
void dpa_process_halt(struct dpa_process *process);
bool dpa_process_halted(const struct dpa_process *process);
/*
 * Stops every hart of the process at a safe point and returns once none executes, so that
 * another thread can read the harts' registers, pc and fault records (dpa_hart_reg, ...) and
 * DPA memory without racing with them (core dumps of a live process). A running hart stops at
 * a basic-block boundary within 65536 instructions, or at its next ecall; a hart inside an
 * ecall service (which may block, waiting for the host) or between runs counts as stopped at
 * once. Until dpa_process_resume: runs (dpa_hart_run, _call, the scheduler's) and the return
 * from services wait, and so do register writes from outside a run (dpa_hart_set_reg,
 * _set_pc, _prepare_*); a service in progress keeps running until it returns. Harts created
 * meanwhile start paused. Pauses nest: the process runs again when every pause is resumed.
 * The pausing thread must not run a hart of the process (nor wait for one to finish) before
 * it resumes: it would wait for itself.
 */
void dpa_process_pause(struct dpa_process *process);
void dpa_process_resume(struct dpa_process *process);
/* The hart is going away: no pause holds it any more (one in progress lets it go, later ones
 * neither stop it nor wait for it), so that it finishes what it runs and whoever waits for that
 * before destroying it never waits for a pauser (a debugger stopped at a breakpoint). */
void dpa_hart_pause_exempt(struct dpa_hart *hart);

/* ---- Memory ---------------------------------------------------------------------------- */

enum dpa_region_kind {
	DPA_REGION_CODE,   /* from the ELF, read + execute */
	DPA_REGION_RODATA, /* from the ELF, read only */
	DPA_REGION_DATA,   /* from the ELF or mapped, read + write */
	DPA_REGION_HEAP,
	DPA_REGION_STACK,
	DPA_REGION_MMIO,   /* coherent aperture: every access reaches the callbacks (outbox) */
	DPA_REGION_WINDOW, /* non-coherent aperture behind a per-hart cache (windows) */
};

enum {
	DPA_PERM_R = 1,
	DPA_PERM_W = 2,
	DPA_PERM_X = 4
};

struct dpa_region_info {
	enum dpa_region_kind kind;
	uint64_t base;
	uint64_t size;
	unsigned perms;
};

/* Aperture callbacks. offset is relative to the aperture base. MMIO sees each access (size 1,
 * 2, 4 or 8); a window reads whole 64-byte lines and writes runs of dirty bytes within a line
 * (from the hart's writeback or an eviction). Return 0, or nonzero to fault the hart. */
struct dpa_mmio_ops {
	int (*read)(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size);
	int (*write)(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size);
};

#define DPA_PAGE_SIZE 4096u

/* Maps size bytes (rounded up to pages) of zeroed DPA memory, placed with guard pages around it.
 * kind is DATA, HEAP or STACK; perms R or RW. */
int dpa_process_map(struct dpa_process *process, enum dpa_region_kind kind, uint64_t size, unsigned perms,
		    uint64_t *base);
/* Maps an aperture (kind MMIO or WINDOW) outside DPA memory. */
int dpa_process_map_aperture(struct dpa_process *process, enum dpa_region_kind kind, uint64_t size,
			     const struct dpa_mmio_ops *ops, void *user, uint64_t *base);
/* Host memory behind window apertures can be revoked (a memory region deregistered). The owner
 * of *epoch increments it (an atomic release increment) after each revocation; the window
 * caches of the process read it (an atomic acquire load) at every window access and, when it
 * changed since their lines were filled, forget every byte they hold but have not written, so
 * reads go through the aperture's read callback again. Dirty bytes are kept for writeback
 * (which the write callback checks) but are refilled before being read again. NULL (the
 * default): nothing is revoked. Set it before the process's harts run. */
void dpa_process_set_window_epoch(struct dpa_process *process, const uint64_t *epoch);
/* Unmaps a region created by dpa_process_map or dpa_process_map_aperture. */
int dpa_process_unmap(struct dpa_process *process, uint64_t base);
int dpa_process_region(const struct dpa_process *process, uint64_t address, struct dpa_region_info *info);
/* Every region (apertures included), sorted by base: fills out[0 .. min(count, max)) and
 * returns the count (core dumps walk the address space with it). */
size_t dpa_process_regions(const struct dpa_process *process, struct dpa_region_info *out, size_t max);

/* Host access to DPA memory (not apertures), bounds-checked. Writes need a writable region. */
int dpa_process_read(const struct dpa_process *process, uint64_t address, void *dst, size_t size);
int dpa_process_write(struct dpa_process *process, uint64_t address, const void *src, size_t size);
/* Fills [address, address + size) of writable DPA memory with the byte value. */
int dpa_process_fill(struct dpa_process *process, uint64_t address, int value, size_t size);
/* A host pointer to [address, address + size) if it lies in mapped DPA memory (and writable
 * memory when writable is set), else NULL. Valid until the region is unmapped. */
void *dpa_process_host_pointer(struct dpa_process *process, uint64_t address, size_t size, bool writable);

/* ---- ecall services ---------------------------------------------------------------------- */

/* args aliases a0..a5 of the calling hart; the return value is written to a0. A service ends
 * the hart's run with dpa_hart_request_stop; register writes take effect at once, a new pc
 * (dpa_hart_set_pc) only once the run has stopped. Counters and pc are up to date inside.
 * While a service runs its hart counts as stopped for dpa_process_pause: it may read args but
 * changes registers only through dpa_hart_set_reg (which waits for a pause to end). */
typedef int64_t (*dpa_service_fn)(struct dpa_hart *hart, void *user, uint64_t args[6]);

/* number: a Linux number below 256 or one in [DPA_ECALL_BASE, DPA_ECALL_LIMIT). fn NULL
 * removes the service. The window/memory writeback and fence services have built-in defaults. */
int dpa_process_set_service(struct dpa_process *process, uint64_t number, dpa_service_fn fn, void *user);
/* Called for numbers without a service (read a7 to know which). Without one, such an ecall
 * faults with DPA_FAULT_BAD_SERVICE. */
int dpa_process_set_fallback_service(struct dpa_process *process, dpa_service_fn fn, void *user);

/* ---- Harts --------------------------------------------------------------------------- */

enum dpa_stop {
	DPA_STOP_BUDGET,    /* the instruction budget of the run is used up; the hart can resume */
	DPA_STOP_RETURNED,  /* the called function returned (a0 holds its result) */
	DPA_STOP_REQUESTED, /* a service called dpa_hart_request_stop */
	DPA_STOP_FAULT,     /* see dpa_hart_fault */
	DPA_STOP_HALTED,    /* the process was halted */
};

enum dpa_fault_cause {
	DPA_FAULT_NONE,
	DPA_FAULT_MISALIGNED,     /* N-byte access not N-aligned */
	DPA_FAULT_UNMAPPED,       /* data access outside every region */
	DPA_FAULT_PERMISSION,     /* data access against the region's permissions */
	DPA_FAULT_FETCH,          /* instruction fetch outside executable memory */
	DPA_FAULT_ILLEGAL,        /* illegal or unsupported instruction or CSR */
	DPA_FAULT_BREAKPOINT,     /* ebreak */
	DPA_FAULT_WATCHDOG,       /* the activation's instruction budget is exhausted */
	DPA_FAULT_BAD_SERVICE,    /* ecall with a number nobody serves */
	DPA_FAULT_APERTURE,       /* an aperture callback refused the access */
	DPA_FAULT_STACK_OVERFLOW, /* in a call, an instruction would set sp outside the hart's
                               * stack [base, base + size]: it does not retire, address = sp */
};

enum dpa_access {
	DPA_ACCESS_NONE,
	DPA_ACCESS_READ,
	DPA_ACCESS_WRITE,
	DPA_ACCESS_EXECUTE
};

struct dpa_fault {
	enum dpa_fault_cause cause;
	enum dpa_access access;
	uint64_t pc;       /* the faulting instruction (the jump target for fetch faults) */
	uint64_t address;  /* data address, fetch address, or pc */
	uint32_t insn;     /* instruction word at pc when readable, else 0 */
	uint64_t regs[32]; /* x0..x31 at the fault */
	uint64_t instret;  /* instructions retired before the fault */
	uint64_t cycles;
};

struct dpa_hart_config {
	uint64_t stack_size; /* 0 = 64 KiB; mapped with a guard page below; calls keep sp in it
                          * (dpa_hart_prepare_call) */
	uint64_t watchdog;   /* instructions per activation; 0 = the process default */
};

struct dpa_hart *dpa_hart_create(struct dpa_process *process, const struct dpa_hart_config *cfg);
/* Fails with -EBUSY while the hart is queued in or run by a scheduler. */
int dpa_hart_destroy(struct dpa_hart *hart);
struct dpa_process *dpa_hart_process(const struct dpa_hart *hart);
unsigned dpa_hart_id(const struct dpa_hart *hart);
void dpa_hart_set_user(struct dpa_hart *hart, void *user);
void *dpa_hart_user(const struct dpa_hart *hart);
void dpa_hart_stack(const struct dpa_hart *hart, uint64_t *base, uint64_t *size);

/* Starts an activation: clears the fault, resets the watchdog, sets pc = function, a0.. = args
 * (at most 8), sp = stack top, ra = DPA_RETURN_ADDRESS; other registers are kept. Until the
 * next prepare, an instruction setting sp outside the hart's stack [base, base + size] faults
 * (DPA_FAULT_STACK_OVERFLOW), so no frame reaches other memory. */
int dpa_hart_prepare_call(struct dpa_hart *hart, uint64_t function, const uint64_t *args, unsigned nargs);
/* Starts an activation at pc with the registers as they are (sp included). The caller owns sp:
 * the program may move it anywhere (as a Linux program may), nothing checks it. */
int dpa_hart_prepare_entry(struct dpa_hart *hart, uint64_t pc);
/* Writes Linux's initial stack for a program's entry at the top of the hart's stack and sets sp:
 * sp -> argc, argv[0..argc-1], NULL, envp NULL, auxv AT_NULL; the strings above. 0, -EINVAL,
 * -ENOMEM, or -E2BIG when the arguments do not fit (the strings leave the stack a page). */
int dpa_hart_linux_stack(struct dpa_hart *hart, int argc, char *const argv[]);
/* Runs on the calling thread until it stops or has used budget instructions (0 = no budget;
 * the watchdog still applies). Budgets bite at basic-block boundaries: a run stops before a
 * block that does not fit, except that its first block always runs (blocks are at most 1024
 * instructions), so a hart progresses even with tiny budgets. */
enum dpa_stop dpa_hart_run(struct dpa_hart *hart, uint64_t budget);
/* prepare_call + run until it stops; *result = a0 when it returned. */
enum dpa_stop dpa_hart_call(struct dpa_hart *hart, uint64_t function, const uint64_t *args, unsigned nargs,
			    uint64_t *result);

/* For services: ends the current run with DPA_STOP_REQUESTED after the ecall. */
void dpa_hart_request_stop(struct dpa_hart *hart, uint64_t code);
uint64_t dpa_hart_stop_code(const struct dpa_hart *hart);

uint64_t dpa_hart_reg(const struct dpa_hart *hart, unsigned index);
void dpa_hart_set_reg(struct dpa_hart *hart, unsigned index, uint64_t value);
uint64_t dpa_hart_pc(const struct dpa_hart *hart);
void dpa_hart_set_pc(struct dpa_hart *hart, uint64_t pc);
/* NULL when the hart has not faulted since its last prepare. */
const struct dpa_fault *dpa_hart_fault(const struct dpa_hart *hart);
const char *dpa_fault_cause_name(enum dpa_fault_cause cause);

/* Counters (up to date whenever the hart is not running and inside services). Cycle model:
 * 1 per instruction, +1 per load, +2 per multiply, +33 per divide/remainder, +3 per atomic,
 * +2 per taken branch or jump. Time is cycles at DPA_CLOCK_HZ, in nanoseconds. */
uint64_t dpa_hart_instret(const struct dpa_hart *hart);
uint64_t dpa_hart_cycles(const struct dpa_hart *hart);
uint64_t dpa_hart_time_ns(const struct dpa_hart *hart);

/* Window cache (the DPA memory model): writes to DPA_REGION_WINDOW apertures reach the callbacks only at
 * writeback (or when a full cache evicts a line); reads are served from the cache until
 * invalidate. */
int dpa_hart_window_writeback(struct dpa_hart *hart);
int dpa_hart_window_invalidate(struct dpa_hart *hart);
size_t dpa_hart_window_dirty_bytes(const struct dpa_hart *hart);
/* DPA memory is coherent in the simulator; the engine only counts memory writebacks so that a
 * strict runtime can check the sequences the DPA memory model requires. */
void dpa_hart_memory_writeback(struct dpa_hart *hart);
uint64_t dpa_hart_memory_writebacks(const struct dpa_hart *hart);
/* Misaligned loads and stores the hart performed (dpa_process_set_strict_alignment). */
uint64_t dpa_hart_misaligned(const struct dpa_hart *hart);

/* Calls fn before every instruction (slow: a separate interpreter loop). NULL turns it off. */
typedef void (*dpa_trace_fn)(void *user, struct dpa_hart *hart, uint64_t pc, uint32_t insn);
void dpa_hart_set_trace(struct dpa_hart *hart, dpa_trace_fn fn, void *user);

/* ---- Debuggers (debug.c; the GDB stub of core/providers/sim) ----------------------------- */

/*
 * Called on the hart's host thread when it reaches a trap, before the instruction there. The
 * hart has left its gate, as inside a service: it counts as stopped for dpa_process_pause and
 * its pc, registers and counters are up to date. fn may block (a debugger holds the thread
 * there). When it returns the hart executes the instruction at pc, or goes to the pc fn set
 * (dpa_hart_set_pc). Watchpoints (dpa_process_debug_watch) call it too, before the access.
 */
typedef void (*dpa_debug_fn)(void *user, struct dpa_hart *hart);
/* Readies the process for traps: from now on it runs a private copy of its image's decoded code
 * (images are shared by processes). Call with the process paused; a hart inside a service at
 * that moment sees traps from its next run piece (at most 65536 instructions later). */
int dpa_process_debug_attach(struct dpa_process *process, dpa_debug_fn fn, void *user);
/* Removes every trap and the function. Call with the process paused; returns once no hart is
 * inside fn (the caller must let held harts return from it, holding nothing they need). */
void dpa_process_debug_detach(struct dpa_process *process);
/* Sets or clears the trap at pc, an instruction of the image's code (-EINVAL elsewhere; -EPERM
 * before attach). The process must be paused; a trap costs nothing to the code around it. */
int dpa_process_debug_trap(struct dpa_process *process, uint64_t pc, bool set);
/* Watchpoints, as a RISC-V debug trigger has them: at most DPA_DEBUG_WATCHES, each on
 * [address, address + length) for the accesses of its kind. An instruction accessing such bytes
 * calls the trap function before it accesses anything (a store has not written); when fn returns
 * with the pc unchanged the instruction runs without being stopped again. While any is set the
 * process's harts run the slow interpreter (the one of trace hooks and the memory-model checker);
 * without any they run exactly as before. Atomics (LR, SC, AMO) are accesses too (an AMO both
 * reads and writes). Set or clear with the process paused, after attach (-EPERM before): -EINVAL
 * for a bad kind or length 0, -ENOSPC when DPA_DEBUG_WATCHES are set, -ENOENT clearing one not
 * set (address, length and kind must match). Detaching clears them all. */
#define DPA_DEBUG_WATCHES 4
enum dpa_watch_kind {
	DPA_WATCH_WRITE = 1,
	DPA_WATCH_READ = 2,
	DPA_WATCH_ACCESS = 3 /* reads and writes */
};
int dpa_process_debug_watch(struct dpa_process *process, uint64_t address, uint64_t length, enum dpa_watch_kind kind,
			    bool set);
/* In the trap function: the kind of the watchpoint the hart stopped for (its address in
 * *address), or 0 when it stopped at a trap. */
unsigned dpa_hart_debug_watch_hit(const struct dpa_hart *hart, uint64_t *address);
/* The pc the hart's next instruction leads to with its registers as they are (a branch's
 * outcome, a jump's target, pc itself for an instruction that faults): where a single step
 * stops. The hart must be stopped. */
uint64_t dpa_hart_next_pc(const struct dpa_hart *hart);
/* Writes x1..x31 (index 1..31) or pc (index 32) of a stopped hart (in fn, or paused) without
 * its gate, which dpa_hart_set_reg would wait for while the debugger holds the pause. */
void dpa_hart_debug_set_reg(struct dpa_hart *hart, unsigned index, uint64_t value);
/* While the caller holds a pause of the hart's process: paused = false lets this hart run while
 * the others stay paused; true pauses it again and returns once it has stopped. */
void dpa_hart_debug_hold(struct dpa_hart *hart, bool paused);

/* ---- Scheduler --------------------------------------------------------------------------- */

/* The longest spin_us a scheduler takes: an idle scheduler spins once, so it costs at most 1 % of a
 * CPU over any second. */
#define DPA_SCHED_SPIN_US_MAX 10000u

struct dpa_sched_config {
	unsigned workers;   /* host threads; ignored in deterministic mode */
	uint64_t quantum;   /* instructions per turn; 0 = 10000 */
	bool deterministic; /* one worker (the caller of dpa_sched_run), strict round robin */
	/* The longest a worker that found the queue empty polls it before sleeping, in microseconds
	 * (at most DPA_SCHED_SPIN_US_MAX; 0: it sleeps at once). One worker polls at a time; the
	 * time adapts, up to this, to the gaps between submissions (see sched.c). Ignored in
	 * deterministic mode. */
	unsigned spin_us;
	/* Called (without locks held, on a worker) when a hart stops for another reason than its
     * quantum; it may resubmit the hart. */
	void (*on_stop)(void *user, struct dpa_hart *hart, enum dpa_stop stop);
	void *user;
};

/* NULL for a NULL config, workers 0 or above 256 (not deterministic), spin_us above the maximum. */
struct dpa_sched *dpa_sched_create(const struct dpa_sched_config *config);
/* Waits for the running quanta to end; queued harts are dropped. */
void dpa_sched_destroy(struct dpa_sched *sched);
/* Queues a prepared hart; -EBUSY if it is already queued or running. */
int dpa_sched_submit(struct dpa_sched *sched, struct dpa_hart *hart);
/* Ends a hart's run: a queued hart leaves the queue, a running one stops at the end of its
 * quantum (a quantum is short: this is how a long run is cut); either way on_stop reports
 * DPA_STOP_BUDGET. No effect on an idle hart. */
void dpa_sched_cancel(struct dpa_sched *sched, struct dpa_hart *hart);
/* Returns when no hart is queued or running. In deterministic mode it runs them itself. */
int dpa_sched_run(struct dpa_sched *sched);

#ifdef __cplusplus
}
#endif

#endif
