/*
 * The statistics registry of a simulated device: the DPA processes and threads that the
 * simulated provider (core/sim/sim_stats.c, the writers) runs on the device, their counters and
 * event-tracer samples, and the counter state that dpa_stats (core/stats, the readers) sets.
 *
 * As on hardware, where the device is shared by every OS process of the machine, the registry is
 * one file per device and user that every OS process maps shared:
 *   $FLEXIO_SIM_STATS_DIR/openflexio-<device>-<uid>   (FLEXIO_SIM_STATS_DIR unset: /dev/shm)
 * FLEXIO_SIM_STATS=0 keeps a process's DPA processes out of it (nothing is published).
 *
 * Layout (version SIM_STATS_VERSION, all fixed-size): a header, SIM_STATS_MAX_PROCESSES process
 * slots, SIM_STATS_MAX_THREADS thread slots, then one ring of SIM_STATS_SAMPLES event-tracer
 * samples per process slot. The file is sparse: tmpfs backs only the pages written.
 *
 * Concurrency: no lock after creation (an flock serialises the creator's initialisation only).
 * A writer claims a slot by compare-and-swap of its owner word from 0 (or from an OS process that
 * no longer exists) to its own pid, fills it, then publishes it (live = 1, release); it retires
 * it with live = 0, then owner = 0. Readers take a slot only when live (acquire) and copy it,
 * then check that its owner and id did not change meanwhile (the slot was not reused). Counters
 * are atomics written with relaxed adds by the writer and zeroed by readers (a reset); the
 * counter control word is written by readers and read by writers at invocation boundaries.
 * Slots of an OS process that died without retiring them are ignored by readers (its pid is gone,
 * or belongs to a process started later) and reclaimed by writers.
 */
#ifndef OPENFLEXIO_CORE_SIM_STATS_REGISTRY_H
#define OPENFLEXIO_CORE_SIM_STATS_REGISTRY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_STATS_MAGIC 0x31544154535846ull /* "FXSTAT1" */
#define SIM_STATS_VERSION 1u
#define SIM_STATS_MAX_PROCESSES 256u
#define SIM_STATS_MAX_THREADS 4096u
#define SIM_STATS_SAMPLES 1024u /* per process; a power of two */
#define SIM_STATS_NAME_SIZE 256u
#define SIM_STATS_DEVICE_SIZE 64u

/* The counter control word: dpa_stats_counter_state in the low byte (ACTIVE 1, INACTIVE 2; a
 * reset is an action, never stored), dpa_stats_sample_type in the next. */
#define SIM_STATS_ACTIVE 1u
#define SIM_STATS_INACTIVE 2u
#define SIM_STATS_TRACER 1u /* DPA_STATS_SAMPLE_TYPE_EVENT_TRACER */
#define SIM_STATS_CONTROL(state, type) ((uint32_t)(state) | (uint32_t)(type) << 8)
#define SIM_STATS_STATE(control) ((control)&0xffu)
#define SIM_STATS_TYPE(control) (((control) >> 8) & 0xffu)

/* Events counted per thread, besides instructions, cycles, time and invocations. */
enum sim_stats_event {
	SIM_STATS_ACTIVATIONS, /* flexio_dev_event_handler_activate / a host trigger aimed at it */
	SIM_STATS_WAKEUPS,     /* triggers that found it asleep and started an invocation */
	SIM_STATS_RPC_CALLS,   /* flexio_process_call run on it */
	SIM_STATS_DOORBELLS,   /* doorbells it rang (outbox writes, cross-device doorbells) */
	SIM_STATS_CQES,        /* CQEs (and EQEs) of CQs armed for it that triggered it */
	SIM_STATS_EVENTS
};

/* One event-tracer sample. seq is SIM_STATS_SEQ(process id, index in the ring's sequence),
 * stored (release) once the fields are written: a reader keeps the sample only if seq is the one
 * it expects before and after copying (so samples of a slot's previous process never match). */
#define SIM_STATS_SEQ(process_id, index) ((uint64_t)(process_id) << 40 | (((index) + 1) & ((1ull << 40) - 1)))
struct sim_stats_sample {
	_Atomic uint64_t seq;
	uint64_t cycles;  /* the EU's cycles at the sample */
	uint64_t time_us; /* CLOCK_MONOTONIC, microseconds */
	uint32_t process_id, thread_id;
	uint32_t instructions; /* the EU's instructions at the sample (wraps) */
	uint16_t eu_id, sample_id_in_eu;
	uint8_t type; /* dpa_stats_event_sample_type */
	uint8_t reserved[7];
};

struct sim_stats_process {
	_Atomic uint32_t owner;   /* OS pid holding the slot; 0: free */
	_Atomic uint32_t live;    /* 1: published, the fields below are valid */
	uint64_t owner_start;     /* the owner's start time (field 22 of /proc/PID/stat) */
	_Atomic uint32_t id;      /* global DPA process id (never 0 nor DPA_STATS_ALL_PROCESSES) */
	_Atomic uint32_t threads; /* live threads */
	_Atomic uint32_t control; /* SIM_STATS_CONTROL(state, type) */
	uint32_t reserved;
	_Atomic uint64_t sample_head; /* samples ever written to the ring */
	char name[SIM_STATS_NAME_SIZE];
};

struct sim_stats_thread {
	_Atomic uint32_t owner; /* as in sim_stats_process */
	_Atomic uint32_t live;
	uint32_t process_slot; /* index of its process's slot */
	_Atomic uint32_t process_id;
	_Atomic uint32_t thread_id;
	uint32_t reserved;
	_Atomic uint64_t instructions, cycles;
	_Atomic uint64_t time_ns;    /* simulated time: cycles at the DPA clock */
	_Atomic uint64_t executions; /* invocations */
	_Atomic uint64_t events[SIM_STATS_EVENTS];
	char name[SIM_STATS_NAME_SIZE];
};

struct sim_stats_header {
	uint64_t magic;
	uint32_t version;
	uint32_t header_size;
	uint32_t max_processes, max_threads, samples, name_size;
	uint64_t file_size;
	_Atomic uint32_t next_process_id;
	_Atomic uint32_t default_control; /* what a process published later starts with */
	char device[SIM_STATS_DEVICE_SIZE];
};

/* A mapped registry. */
struct sim_stats_registry {
	struct sim_stats_header *header;
	struct sim_stats_process *processes;
	struct sim_stats_thread *threads;
	struct sim_stats_sample *samples; /* SIM_STATS_SAMPLES per process slot */
	size_t size;
};

/* The file's size for this layout. */
size_t sim_stats_file_size(void);
/* Whether device is a name the registry accepts (letters, digits, '_', '-', '.'; a letter first;
 * shorter than SIM_STATS_DEVICE_SIZE). */
bool sim_stats_device_name_valid(const char *device);
/* The registry file's path: 0, or -ENAMETOOLONG. */
int sim_stats_path(const char *device, char *path, size_t size);
/* Maps the registry of device, creating it when create is set (else -ENOENT when it does not
 * exist). 0, or a negative errno value (-EPROTO: a file of another layout). */
int sim_stats_map(const char *device, bool create, struct sim_stats_registry *registry);
void sim_stats_unmap(struct sim_stats_registry *registry);
/* Whether the OS process pid, started at start (0: unknown), still runs. */
bool sim_stats_owner_alive(uint32_t pid, uint64_t start);
/* The start time of OS process pid (field 22 of /proc/PID/stat), 0 when unknown. */
uint64_t sim_stats_process_start(uint32_t pid);
/* The ring of process slot index. */
static inline struct sim_stats_sample *sim_stats_ring(const struct sim_stats_registry *registry, uint32_t slot)
{
	return registry->samples + (size_t)slot * SIM_STATS_SAMPLES;
}

#endif
