/* The ecall services of the dpacc test harness (see harness.h for what they record). */
#ifndef OPENFLEXIO_TESTS_DPACC_HARNESS_SERVICES_H
#define OPENFLEXIO_TESTS_DPACC_HARNESS_SERVICES_H

#include "harness.h"

/* Maps the outbox and window apertures and registers every service; 0 on success. */
int harness_install_services(struct harness *h);

#endif
