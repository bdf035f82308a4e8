/*
 * What the emulated-device test (test_emu_older_edition.c) and its device code
 * (device/emu_test_device.c) share: the state of the DPA handler woken by an emulated queue's
 * doorbells, in DPA heap memory (its address is the handler's argument).
 */
#ifndef OPENFLEXIO_TESTS_HOST_EMU_TEST_H
#define OPENFLEXIO_TESTS_HOST_EMU_TEST_H

#include <stdint.h>

struct emu_test_state {
	/* set by the host */
	uint64_t ring, dbr; /* the doorbell CQ's ring and doorbell record (DPA addresses) */
	uint32_t cqn, log_depth;
	uint32_t emu_ctx_id; /* flexio_emu_db_to_cq_ctx_get_id */
	uint32_t msix_cqn;   /* flexio_emulated_device_msix_get_cqn; 0: raise none */
	uint32_t outbox_id;
	/* the handler's */
	uint32_t ci;
	uint64_t invocations, cqes;
	/* the last doorbell CQE's fields */
	uint32_t last_queue, last_ctx, last_value, last_count;
};

#endif
