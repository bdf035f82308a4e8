/* What the DOCA DPA tests of RDMA and async ops share (dpa_util.c): a started DOCA DPA context, sync events. */
#ifndef TESTS_DOCA_DPA_UTIL_H
#define TESTS_DOCA_DPA_UTIL_H

#include <stdbool.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_sync_event.h>

/* A DOCA DPA context of dev running app (every step checked). */
struct doca_dpa *dpa_util_start(struct doca_dev *dev, struct doca_dpa_app *app);
/* A started sync event the DPA publishes and the CPU waits on (dpa_publishes), or the reverse; its
 * DPA handle in *handle. */
struct doca_sync_event *dpa_util_event(struct doca_dev *dev, struct doca_dpa *dpa, bool dpa_publishes,
				       doca_dpa_dev_sync_event_t *handle);

#endif /* TESTS_DOCA_DPA_UTIL_H */
