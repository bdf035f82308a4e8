/* What the DOCA DPA tests of RDMA and async ops share (dpa_util.h). */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include "dpa_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mem_util.h"

struct doca_dpa *dpa_util_start(struct doca_dev *dev, struct doca_dpa_app *app)
{
	struct doca_dpa *dpa = NULL;

	expect_ok(doca_dpa_create(dev, &dpa));
	expect_ok(doca_dpa_set_app(dpa, app));
	expect_ok(doca_dpa_start(dpa));
	return dpa;
}

struct doca_sync_event *dpa_util_event(struct doca_dev *dev, struct doca_dpa *dpa, bool dpa_publishes,
				       doca_dpa_dev_sync_event_t *handle)
{
	struct doca_sync_event *se = NULL;

	expect_ok(doca_sync_event_create(&se));
	if (dpa_publishes) {
		expect_ok(doca_sync_event_add_publisher_location_dpa(se, dpa));
		expect_ok(doca_sync_event_add_subscriber_location_cpu(se, dev));
	} else {
		expect_ok(doca_sync_event_add_publisher_location_cpu(se, dev));
		expect_ok(doca_sync_event_add_subscriber_location_dpa(se, dpa));
	}
	expect_ok(doca_sync_event_start(se));
	if (handle)
		expect_ok(doca_sync_event_get_dpa_handle(se, dpa, handle));
	return se;
}
