/*
 * The translator's internal interface: the run state generated code works on, the helpers it
 * calls for what it does not inline, and the backend that compiles a basic block to host code
 * (jit_x86_64.c). jit.c owns the per-image block cache and the run loop.
 */
#ifndef OPENFLEXIO_DPA_JIT_H
#define OPENFLEXIO_DPA_JIT_H

#include "internal.h"

/* Why generated code returned to the run loop (dpa_jit_run.exit_reason). */
enum dpa_jit_exit {
	DPA_JIT_EXIT_BUDGET,  /* block exit_op did not fit in the budget: nothing of it charged or run */
	DPA_JIT_EXIT_ENTER,   /* block exit_op has no translation yet: nothing of it charged or run */
	DPA_JIT_EXIT_FAULT,   /* instruction exit_op faulted (fault_*, address exit_value): it and the
			       * rest of its block, charged on entry, did not retire */
	DPA_JIT_EXIT_OUTSIDE, /* a jump retired; its target exit_value is not code */
	DPA_JIT_EXIT_STOP,    /* an ecall's service stopped the hart; exit_op is the next instruction */
};

/*
 * One run of generated code. While it runs, the run loop's locals live in host registers (left,
 * cycles) and generated code addresses this structure through another; helpers receive it.
 */
struct dpa_jit_run {
	struct dpa_hart *hart; /* its regs are what generated code reads and writes */
	const struct dpa_image *image;
	uint8_t *ram;
	_Atomic uint8_t *perms;
	uint64_t ram_base, ram_size;
	uint64_t code_base, code_span;
	void *const *entries; /* per op: the host code of the block it starts, or NULL */
	/* instret = instret_end - left: the instret of this run when its budget would be spent */
	uint64_t instret_end;
	int64_t left;
	uint64_t cycles;
	uint32_t exit_reason, exit_op;
	uint64_t exit_value;
	uint32_t fault_cause, fault_access;
};

/* Helpers generated code calls (jit.c). index is the op's index; they return 0 to go on, or 1
 * when the run must leave (they filled the exit fields). They read and write hart->regs. */
int dpa_jit_load(struct dpa_jit_run *run, uint32_t index, uint64_t address);
int dpa_jit_store(struct dpa_jit_run *run, uint32_t index, uint64_t address);
int dpa_jit_atomic(struct dpa_jit_run *run, uint32_t index);
int dpa_jit_ecall(struct dpa_jit_run *run, uint32_t index);

/* Executable memory of one image: the entry and exit routines, then blocks, appended. */
struct dpa_jit_arena {
	uint8_t *base;
	size_t size, used;
	void (*enter)(struct dpa_jit_run *run, const void *code);
	const uint8_t *exit;
};

/* Writes the entry and exit routines at the start of a fresh arena; false if it has no room. */
bool dpa_jit_backend_init(struct dpa_jit_arena *arena);
/* Compiles the basic block that starts at op index entry (as the interpreter runs it: the op's
 * block count of instructions) into the arena and returns its address, or NULL when the arena is
 * full. Blocks already in entries are jumped to directly, the others looked up there at run time
 * (through dpa_jit_run.entries). Called with the cache's lock held. */
void *dpa_jit_backend_compile(struct dpa_jit_arena *arena, const struct dpa_image *image, uint32_t entry,
			      void *_Atomic const *entries);

#endif
