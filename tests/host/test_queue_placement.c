/*
 * Rings and doorbell records the NIC cannot use are refused with the reason: a CQ ring packed
 * into a structure at an offset that is not a multiple of 64 (as a public DPA program does for
 * its second and later workers), a doorbell record off 8 bytes, an SQ ring off 64. The error
 * line names the attribute, the address and the alignment; it said "the NIC refused the CQ:
 * refused" before.
 */
#include <libflexio/flexio.h>

#include "host_test.h"

extern struct flexio_app *queue_test; /* from the dpacc archive */

static flexio_process *p;

static int setup(void **state)
{
	(void)state;
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open() || !queue_test)
		return -1;
	return flexio_process_create(ctx, queue_test, NULL, &p);
}

static int teardown(void **state)
{
	(void)state;
	MUST(flexio_process_destroy(p));
	sim_device_close();
	return 0;
}

/* The one error line of call, which must fail. */
#define FAILURE_TEXT(call, text)                                                               \
	do {                                                                                   \
		struct stderr_capture c_;                                                      \
		capture_begin(&c_);                                                            \
		assert_int_equal((call), FLEXIO_STATUS_FAILED);                                \
		snprintf(text, sizeof(text), "%.*s", (int)sizeof(text) - 1, capture_end(&c_)); \
	} while (0)

/* The error is one line, naming the public function. */
static void one_line_of(const char *text, const char *func)
{
	const char *nl = strchr(text, '\n');

	assert_non_null(nl);
	assert_int_equal(nl[1], '\0');
	assert_non_null(strstr(text, func));
}

static void misplaced_rings_named(void **state)
{
	flexio_uintptr_t base;
	struct flexio_cq_attr ca = { .log_cq_depth = 2, .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ };
	struct flexio_wq_attr wa = { .log_wq_depth = 2 };
	struct flexio_wq_attr ra = { .log_wq_depth = 2, .rq = { .wq_type = FLEXIO_WQ_TYPE_LINKED_LIST } };
	flexio_cq *cq = NULL;
	flexio_sq *sq = NULL;
	flexio_rq *rq = NULL;
	char text[1024], want[160];

	(void)state;
	MUST(flexio_buf_dev_alloc(p, 8192, &base));
	MUST(flexio_buf_dev_memset(p, 0, 8192, base));
	wa.pd = flexio_process_get_pd(p);
	ra.pd = wa.pd;
	/* 536 bytes in: the second of a packed array of 536-byte worker structures. */
	ca.cq_ring_qmem.daddr = base + 536;
	ca.cq_dbr_daddr = base + 4096;
	FAILURE_TEXT(flexio_cq_create(p, NULL, &ca, &cq), text);
	snprintf(want, sizeof(want), "cq_ring_qmem: 0x%llx is not 64-byte aligned, as the NIC needs",
		 (unsigned long long)(base + 536));
	assert_non_null(strstr(text, want));
	one_line_of(text, "flexio_cq_create");
	assert_null(cq);
	ca.cq_ring_qmem.daddr = base;
	ca.cq_dbr_daddr = base + 4096 + 4;
	FAILURE_TEXT(flexio_cq_create(p, NULL, &ca, &cq), text);
	assert_non_null(strstr(text, "cq_dbr_daddr: "));
	assert_non_null(strstr(text, " is not 8-byte aligned"));
	ca.cq_dbr_daddr = base + 4096;
	MUST(flexio_cq_create(p, NULL, &ca, &cq));
	wa.wq_ring_qmem.daddr = base + 2048 + 32;
	FAILURE_TEXT(flexio_sq_create(p, NULL, flexio_cq_get_cq_num(cq), &wa, &sq), text);
	assert_non_null(strstr(text, "wq_ring_qmem: "));
	assert_non_null(strstr(text, " is not 64-byte aligned"));
	one_line_of(text, "flexio_sq_create");
	wa.wq_ring_qmem.daddr = base + 2048;
	MUST(flexio_sq_create(p, NULL, flexio_cq_get_cq_num(cq), &wa, &sq));
	/* An RQ's doorbell record needs 4 bytes' alignment. */
	ra.wq_ring_qmem.daddr = base + 6144;
	ra.wq_dbr_qmem.daddr = base + 4096 + 64 + 2;
	FAILURE_TEXT(flexio_rq_create(p, NULL, flexio_cq_get_cq_num(cq), &ra, &rq), text);
	assert_non_null(strstr(text, "wq_dbr_qmem: "));
	assert_non_null(strstr(text, " is not 4-byte aligned"));
	one_line_of(text, "flexio_rq_create");
	assert_null(rq);
	ra.wq_dbr_qmem.daddr = base + 4096 + 64;
	MUST(flexio_rq_create(p, NULL, flexio_cq_get_cq_num(cq), &ra, &rq));
	MUST(flexio_rq_destroy(rq));
	MUST(flexio_sq_destroy(sq));
	MUST(flexio_cq_destroy(cq));
	MUST(flexio_buf_dev_free(p, base));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(misplaced_rings_named),
	};

	return cmocka_run_group_tests_name("queue_placement", tests, setup, teardown);
}
