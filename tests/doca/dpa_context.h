/*
 * A DOCA DPA context for the tests of what DOCA Core gives the DPA (test_mem_dpa.c,
 * test_sync_event_dpa.c). libdoca_dpa makes them (issue 21); until then the tests make one as it
 * will: a FlexIO process of a DPA application on the DOCA device's context and PD, the FlexIO
 * calls as its operations (mmap.h, struct opendoca_dpa), a handle of opendoca_dpa_kind().
 */
#ifndef TESTS_DOCA_DPA_CONTEXT_H
#define TESTS_DOCA_DPA_CONTEXT_H

#ifndef FLEXIO_ALLOW_EXPERIMENTAL_API
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#endif

#include <stdint.h>

#include <libflexio/flexio.h>

struct doca_dev;
struct doca_dpa;

/* A context running app on open device dev (held while it lives); *process is its FlexIO process. */
struct doca_dpa *dpa_context_create(struct doca_dev *dev, struct flexio_app *app, flexio_process **process);
void dpa_context_destroy(struct doca_dpa *dpa);
/* Calls func(a, b, c) on the DPA (flexio_process_call), its return value. */
uint64_t dpa_call(flexio_process *process, flexio_func_t *func, uint64_t a, uint64_t b, uint64_t c);

#endif
