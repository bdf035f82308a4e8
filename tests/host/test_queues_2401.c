/*
 * A 24.x program's queues: built against NVIDIA 24.01's structures (flexio_cq_attr without
 * cqe_comp_format, flexio_wq_attr with the smaller SQ/RQ union), never calling
 * flexio_version_set (its headers announce 24.1), so the library reads its attributes in 24.01's
 * layouts. A CQ and an SQ on it, an RQ, and
 * values the library must find at 24.01's offsets.
 */
#define FLEXIO_VER_USED FLEXIO_VER(24, 1, 0)
#include <libflexio/flexio.h>

#include <string.h>

#include "host_test.h"

extern struct flexio_app *queue_test; /* from the dpacc archive */

static flexio_process *p;
static struct ibv_pd *pd;

static int setup(void **state)
{
	(void)state;
	return process_with_pd_open(queue_test, &pd, &p);
}

static int teardown(void **state)
{
	(void)state;
	process_with_pd_close(pd, p);
	return 0;
}

static void queues_in_2401_layouts(void **state)
{
	struct flexio_cq_attr ca = { .log_cq_depth = 4,
				     .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ,
				     .cq_period_mode = FLEXIO_CQ_PERIOD_MODE_CQE,
				     .cq_period = 3,
				     .cq_max_count = 5,
				     .cq_ring_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 64 << 4) },
				     .cq_dbr_daddr = dpa_zeroed(p, 64) };
	struct flexio_wq_attr wa = { .log_wq_depth = 3,
				     .pd = pd,
				     .sq = { .allow_multi_pkt_send_wqe = 1 },
				     .wq_ring_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 64 << 3) },
				     .wq_dbr_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 64) } };
	uint16_t count, period, mode;
	flexio_cq *cq = NULL, *xc = NULL;
	flexio_sq *sq = NULL, *xs = NULL;
	flexio_rq *rq = NULL, *xr = NULL;

	(void)state;
	_Static_assert(sizeof(struct flexio_cq_attr) == 80 && sizeof(struct flexio_wq_attr) == 80,
		       "NVIDIA 24.01's sizes");
	MUST(flexio_cq_create(p, NULL, &ca, &cq));
	/* The moderation came from 24.01's offsets. */
	MUST(flexio_cq_query_moderation(cq, &count, &period, &mode));
	assert_int_equal(count, 5);
	assert_int_equal(period, 3);
	assert_int_equal(mode, FLEXIO_CQ_PERIOD_MODE_CQE);
	MUST(flexio_sq_create(p, NULL, flexio_cq_get_cq_num(cq), &wa, &sq));
	assert_int_not_equal(flexio_sq_get_wq_num(sq), UINT32_MAX);
	/* 24.01's RQ part is wq_type alone, right after the PD. */
	wa.rq.wq_type = FLEXIO_WQ_TYPE_CYCLIC;
	wa.wq_ring_qmem.daddr = dpa_zeroed(p, 16 << 3);
	MUST(flexio_rq_create(p, NULL, flexio_cq_get_cq_num(cq), &wa, &rq));
	wa.rq.wq_type = (enum flexio_wq_type)2;
	EXPECT_FAILURE_LOGGED(flexio_rq_create(p, NULL, flexio_cq_get_cq_num(cq), &wa, &xr), "flexio_rq_create");
	/* The ring's memory type is read where 24.01 has it (offset 32, not the current 48). */
	wa.rq.wq_type = FLEXIO_WQ_TYPE_CYCLIC;
	wa.wq_ring_qmem.memtype = (enum flexio_memtype)7;
	EXPECT_FAILURE_LOGGED(flexio_sq_create(p, NULL, flexio_cq_get_cq_num(cq), &wa, &xs), "flexio_sq_create");
	/* 24.01's bools holding bytes other than 0 and 1: read as bytes, nonzero true (as bools, undefined
	 * behaviour: UBSan stops the test). */
	memset(&ca.no_arm, 0x02, 1);
	memset(&ca.cc, 0xff, 1);
	MUST(flexio_cq_create(p, NULL, &ca, &xc));
	MUST(flexio_cq_destroy(xc));
	xc = NULL;
	ca.log_cq_depth = 23;
	EXPECT_FAILURE_LOGGED(flexio_cq_create(p, NULL, &ca, &xc), "flexio_cq_create");
	assert_null(xc);
	assert_null(xs);
	assert_null(xr);
	MUST(flexio_rq_destroy(rq));
	MUST(flexio_sq_destroy(sq));
	MUST(flexio_cq_destroy(cq));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(queues_in_2401_layouts),
	};

	return cmocka_run_group_tests_name("queues_2401", tests, setup, teardown);
}
