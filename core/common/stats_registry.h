/*
 * The statistics registry of a simulated device: the DPA processes and threads that the
 * simulated provider (core/providers/sim/sim_stats.c, the writers) runs on the device, their counters and
 * event-tracer samples, and the counter state that dpa_stats (core/stats, the readers) sets.
 *
 * As on hardware, where the device is shared by every OS process of the machine, the registry is
 * one per device and user, mapped shared by every OS process that uses it. It is memory no other
 * program can take away: an anonymous file (memfd) sealed against shrinking and growing, so that
 * no access through a mapping can ever fault (a file another program could truncate would kill
 * its readers and writers with SIGBUS). OS processes find it through its index file,
 *   $FLEXIO_SIM_STATS_DIR/openflexio-stats-<device>-<uid>   (FLEXIO_SIM_STATS_DIR unset: /dev/shm)
 * which lists the OS processes holding it open (pid, start time, file descriptor): another one
 * opens it as /proc/<pid>/fd/<fd> of any that still runs, checks its seals, size and header,
 * maps it, and adds itself to the list; the first one (or the first after every holder has gone)
 * makes it. The index appears with its header (written, then linked) and is only ever read and
 * written with pread/pwrite under its flock, and checked: an index another program damaged or
 * truncated makes the registry unavailable to the OS processes that look for it afterwards
 * (dpa_stats_open says so; libflexio publishes nothing) until it is removed, never a crash; those
 * that hold it already go on. The registry lives as long as one of its holders: the counter state
 * of processes made later (DPA_STATS_ALL_PROCESSES) is also kept in the index, for a registry made
 * again. FLEXIO_SIM_STATS=0 keeps a process's DPA processes out of it (nothing is published).
 *
 * Layout (version STATS_REGISTRY_VERSION, all fixed-size): a header, STATS_REGISTRY_MAX_PROCESSES process
 * slots, STATS_REGISTRY_MAX_THREADS thread slots, then one ring of STATS_REGISTRY_SAMPLES event-tracer
 * samples per process slot. The file is sparse: only the pages written take memory.
 *
 * Concurrency: no lock after creation (the index's flock serialises finding or creating it).
 * A writer claims a slot by compare-and-swap of its owner word from 0 (or from an OS process that
 * no longer exists) to its own pid, fills it, then publishes it (live = 1, release); it retires
 * it with live = 0, then owner = 0. Readers take a slot only when live (acquire) and copy it,
 * then check that its owner and id did not change meanwhile (the slot was not reused). Counters
 * are atomics written with relaxed adds by the writer and zeroed by readers (a reset); the
 * counter control word is written by readers and read by writers at invocation boundaries.
 * Slots of an OS process that died without retiring them are ignored by readers (its pid is gone,
 * or belongs to a process started later) and reclaimed by writers. Every value read from the
 * registry is bounded before use (another program of the user may write anything there).
 */
#ifndef OPENFLEXIO_CORE_SIM_STATS_REGISTRY_H
#define OPENFLEXIO_CORE_SIM_STATS_REGISTRY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STATS_REGISTRY_MAGIC 0x31544154535846ull /* "FXSTAT1" */
/* Version 2: STATS_REGISTRY_MISALIGNED (one more event per thread). */
#define STATS_REGISTRY_VERSION 2u
#define STATS_REGISTRY_MAX_PROCESSES 256u
#define STATS_REGISTRY_MAX_THREADS 4096u
#define STATS_REGISTRY_SAMPLES 1024u /* per process; a power of two */
#define STATS_REGISTRY_NAME_SIZE 256u
#define STATS_REGISTRY_DEVICE_SIZE 64u

/* The counter control word: dpa_stats_counter_state in the low byte (ACTIVE 1, INACTIVE 2; a
 * reset is an action, never stored), dpa_stats_sample_type in the next. */
#define STATS_REGISTRY_ACTIVE 1u
#define STATS_REGISTRY_INACTIVE 2u
#define STATS_REGISTRY_TRACER 1u /* DPA_STATS_SAMPLE_TYPE_EVENT_TRACER */
#define STATS_REGISTRY_CONTROL(state, type) ((uint32_t)(state) | (uint32_t)(type) << 8)
#define STATS_REGISTRY_STATE(control) ((control)&0xffu)
#define STATS_REGISTRY_TYPE(control) (((control) >> 8) & 0xffu)

/* Events counted per thread, besides instructions, cycles, time and invocations. */
enum stats_registry_event {
	STATS_REGISTRY_ACTIVATIONS, /* flexio_dev_event_handler_activate / a host trigger aimed at it */
	STATS_REGISTRY_WAKEUPS,     /* triggers that found it asleep and started an invocation */
	STATS_REGISTRY_RPC_CALLS,   /* flexio_process_call run on it */
	STATS_REGISTRY_DOORBELLS,   /* doorbells it rang (outbox writes, cross-device doorbells) */
	STATS_REGISTRY_CQES,        /* CQEs (and EQEs) of CQs armed for it that triggered it */
	STATS_REGISTRY_MISALIGNED,  /* misaligned loads and stores it performed (core/dpa/README.md) */
	STATS_REGISTRY_EVENTS
};

/* One event-tracer sample. seq is STATS_REGISTRY_SEQ(process id, index in the ring's sequence),
 * stored (release) once the fields are written: a reader keeps the sample only if seq is the one
 * it expects before and after copying (so samples of a slot's previous process never match). */
#define STATS_REGISTRY_SEQ(process_id, index) ((uint64_t)(process_id) << 40 | (((index) + 1) & ((1ull << 40) - 1)))
struct stats_registry_sample {
	_Atomic uint64_t seq;
	uint64_t cycles;  /* the EU's cycles at the sample */
	uint64_t time_us; /* CLOCK_MONOTONIC, microseconds */
	uint32_t process_id, thread_id;
	uint32_t instructions; /* the EU's instructions at the sample (wraps) */
	uint16_t eu_id, sample_id_in_eu;
	uint8_t type; /* dpa_stats_event_sample_type */
	uint8_t reserved[7];
};

struct stats_registry_process {
	_Atomic uint32_t owner;   /* OS pid holding the slot; 0: free */
	_Atomic uint32_t live;    /* 1: published, the fields below are valid */
	uint64_t owner_start;     /* the owner's start time (field 22 of /proc/PID/stat) */
	_Atomic uint32_t id;      /* global DPA process id (never 0 nor DPA_STATS_ALL_PROCESSES) */
	_Atomic uint32_t threads; /* live threads */
	_Atomic uint32_t control; /* STATS_REGISTRY_CONTROL(state, type) */
	uint32_t reserved;
	_Atomic uint64_t sample_head; /* samples ever written to the ring */
	char name[STATS_REGISTRY_NAME_SIZE];
};

struct stats_registry_thread {
	_Atomic uint32_t owner; /* as in stats_registry_process */
	_Atomic uint32_t live;
	uint32_t process_slot; /* index of its process's slot */
	_Atomic uint32_t process_id;
	_Atomic uint32_t thread_id;
	_Atomic uint32_t name_seq; /* odd while name is written (stats_registry_thread_name_set) */
	_Atomic uint64_t instructions, cycles;
	_Atomic uint64_t time_ns;    /* simulated time: cycles at the DPA clock */
	_Atomic uint64_t executions; /* invocations */
	_Atomic uint64_t events[STATS_REGISTRY_EVENTS];
	char name[STATS_REGISTRY_NAME_SIZE];
};

struct stats_registry_header {
	uint64_t magic;
	uint32_t version;
	uint32_t header_size;
	uint32_t max_processes, max_threads, samples, name_size;
	uint64_t file_size;
	_Atomic uint32_t next_process_id;
	_Atomic uint32_t default_control; /* what a process published later starts with */
	char device[STATS_REGISTRY_DEVICE_SIZE];
};

/* The index file: this header, then STATS_REGISTRY_MAX_HOLDERS records at most. */
#define STATS_REGISTRY_INDEX_MAGIC 0x31584449545346ull /* "FSTIDX1" */
#define STATS_REGISTRY_INDEX_VERSION 1u
#define STATS_REGISTRY_MAX_HOLDERS 1024u
struct stats_registry_index {
	uint64_t magic;
	uint32_t version;
	uint32_t holder_size;     /* sizeof(struct stats_registry_holder) */
	uint32_t default_control; /* for a registry made again */
	uint32_t reserved;
};

/* An OS process holding the registry open. */
struct stats_registry_holder {
	uint32_t pid; /* 0: a free record */
	int32_t fd;
	uint64_t start; /* the holder's start time (stats_registry_process_start) */
};

/* A mapped registry. */
struct stats_registry {
	struct stats_registry_header *header;
	struct stats_registry_process *processes;
	struct stats_registry_thread *threads;
	struct stats_registry_sample *samples; /* STATS_REGISTRY_SAMPLES per process slot */
	size_t size;
	int fd;     /* the registry, open while mapped: other OS processes open it through it */
	int holder; /* its record in the index, or -1 */
	char device[STATS_REGISTRY_DEVICE_SIZE];
};

/* The registry's size for this layout. */
size_t stats_registry_file_size(void);
/* Whether device is a name the registry accepts (letters, digits, '_', '-', '.'; a letter first;
 * shorter than STATS_REGISTRY_DEVICE_SIZE). */
bool stats_registry_device_name_valid(const char *device);
/* The index file's path: 0, or -ENAMETOOLONG. */
int stats_registry_path(const char *device, char *path, size_t size);
/* Maps the registry of device, found through its index (created when there is none) or made.
 * 0, or a negative errno value (-EPROTO: an index file of another layout, or damaged). */
int stats_registry_map(const char *device, struct stats_registry *registry);
/* Unmaps it; this OS process no longer holds it. */
void stats_registry_unmap(struct stats_registry *registry);
/* Keeps control in the index as the default counter state of a registry made again (the live
 * one's is header->default_control). 0 or a negative errno value (-EPROTO: a damaged index, which
 * makes no registry again either). */
int stats_registry_default_save(const struct stats_registry *registry, uint32_t control);
/* Whether the OS process pid, started at start (0: unknown), still runs. */
bool stats_registry_owner_alive(uint32_t pid, uint64_t start);
/* The start time of OS process pid (field 22 of /proc/PID/stat), 0 when unknown. */
uint64_t stats_registry_process_start(uint32_t pid);
/* A thread's name changes while readers copy it (a command-queue worker is named by the task it
 * runs): the writer makes name_seq odd, writes the name, makes it even again; a reader copies
 * until it saw the same even name_seq before and after (a writer that died mid-way: a few tries,
 * then whatever it copied, NUL-terminated). The bytes are atomics, so a copy is never a race. */
void stats_registry_thread_name_set(struct stats_registry_thread *thread, const char *name);
void stats_registry_thread_name_get(struct stats_registry_thread *thread, char name[STATS_REGISTRY_NAME_SIZE]);
/* The ring of process slot index. */
static inline struct stats_registry_sample *stats_registry_ring(const struct stats_registry *registry, uint32_t slot)
{
	return registry->samples + (size_t)slot * STATS_REGISTRY_SAMPLES;
}

#endif
