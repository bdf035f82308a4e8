/*
 * A stand-in for the host runtime, for the dpacc tests: loads an application that a dpacc-built
 * archive registered (found through the public flexio_app_* / flexio_func_* calls) into a DPA
 * process of the engine, gives one hart a thread context and TLS the way the runtime must, and
 * calls registered functions with host-packed arguments through their unpack wrappers.
 *
 * Its ecall services record what the device runtime asked for: messages (also echoed to
 * stdout), the ecall that ended an invocation, doorbells written to the outbox, window
 * traffic into a host buffer, NIC counters and event activations.
 */
#ifndef OPENFLEXIO_TESTS_DPACC_HARNESS_H
#define OPENFLEXIO_TESTS_DPACC_HARNESS_H

#include <stdint.h>

#include <libflexio/flexio.h>

#include "dpa.h"
#include "dpa_ecall.h"

#define HARNESS_TEXT_MAX 8192
#define HARNESS_WINDOW_SIZE 4096
#define HARNESS_DOORBELLS_MAX 16

/* What the services answer to, and where they report. */
#define HARNESS_THREAD_ID 7u
#define HARNESS_TLS_DADDR 0x5000ull
#define HARNESS_OUTBOX_ID 3u
#define HARNESS_WINDOW_ID 9u
#define HARNESS_MKEY 0x77u
#define HARNESS_ACTIVATION_ID 11u
#define HARNESS_VHCA_ID 1u
#define HARNESS_PCC_TABLE_BASE 0x40000ull

struct harness_doorbell {
	uint64_t offset; /* in the outbox page */
	uint64_t value;
};

struct harness {
	flexio_app *app;
	struct dpa_process *process;
	struct dpa_hart *hart;
	uint64_t argbuf;      /* DPA address of the argument buffer */
	uint64_t heap;        /* DPA address of the process heap */
	uint64_t outbox_base; /* DPA address of the outbox aperture, 0 until configured */
	uint64_t window_base; /* DPA address of the window aperture */

	char text[HARNESS_TEXT_MAX]; /* every message received, concatenated */
	size_t text_len;
	int last_level;
	int last_stream;

	uint64_t end_service; /* the ecall that ended the last invocation, 0 if it returned */
	uint64_t end_arg;
	uint32_t activated;

	struct harness_doorbell doorbells[HARNESS_DOORBELLS_MAX];
	unsigned doorbell_count;

	uint8_t window[HARNESS_WINDOW_SIZE]; /* the host memory behind the window (mkey) */
	uint32_t window_mkey;

	uint64_t counter_values; /* DPA address of the NIC counter values array */
	uint64_t counter_ids;
	uint32_t counter_count;
	uint32_t counter_samples;
};

/* Finds the application by name, loads it and runs its constructors (_start). NULL on failure. */
struct harness *harness_open(const char *app_name);
void harness_close(struct harness *h);

/*
 * Calls the registered function fn with the host arguments that follow, packed by its
 * registered pack function. Clears the text and the end records first. Returns how the hart
 * stopped; *result receives a0 when it returned.
 */
enum dpa_stop harness_call(struct harness *h, flexio_func_t *fn, uint64_t *result, ...);

/* The host address a device program uses to reach harness->window through its window. */
uint64_t harness_window_haddr(const struct harness *h);

/* Copies size bytes of DPA memory at address (data or heap) into dst; 0 on success. */
int harness_read(const struct harness *h, uint64_t address, void *dst, size_t size);
int harness_write(struct harness *h, uint64_t address, const void *src, size_t size);

#endif
