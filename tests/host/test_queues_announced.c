/*
 * A program built with the current headers (FLEXIO_VER_USED left to its default) that never
 * calls flexio_version_set, as NVIDIA's packet-processing sample of the 24.x era does when built
 * against today's headers: its structures are the current ones, and the library learns so from
 * the version <libflexio/flexio.h> announces. Before, it read them as 24.01's and misplaced
 * everything after flexio_wq_attr's SQ/RQ union (the rings' memory types and addresses).
 */
#include <libflexio/flexio.h>

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

static void current_layouts_without_version_set(void **state)
{
	struct flexio_cq_attr ca = { .log_cq_depth = 4,
				     .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ,
				     .cq_ring_qmem = { .daddr = dpa_zeroed(p, 64 << 4) },
				     .cq_dbr_daddr = dpa_zeroed(p, 64) };
	/* Zeroed but for the ring, as such programs fill it: the doorbell record's memory type is
	 * FLEXIO_MEMTYPE_DPA (0) by being left alone. */
	struct flexio_wq_attr sa = { .log_wq_depth = 3,
				     .uar_id = flexio_uar_get_id(flexio_process_get_uar(p)),
				     .pd = pd,
				     .wq_ring_qmem = { .daddr = dpa_zeroed(p, 64 << 3) } };
	struct flexio_wq_attr ra = { .log_wq_depth = 3,
				     .pd = pd,
				     .rq = { .wq_type = FLEXIO_WQ_TYPE_LINKED_LIST },
				     .wq_ring_qmem = { .daddr = dpa_zeroed(p, 16 << 3) },
				     .wq_dbr_qmem = { .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, 64) } };
	uint64_t set = 1;
	flexio_cq *cq = NULL;
	flexio_sq *sq = NULL;
	flexio_rq *rq = NULL;

	(void)state;
	/* Nothing was set: the layouts come from the announcement alone. */
	assert_int_equal(flexio_version_get(&set), FLEXIO_CURRENT_VERSION);
	assert_int_equal(set, 0);
	MUST(flexio_cq_create(p, NULL, &ca, &cq));
	MUST(flexio_sq_create(p, NULL, flexio_cq_get_cq_num(cq), &sa, &sq));
	assert_int_not_equal(flexio_sq_get_wq_num(sq), UINT32_MAX);
	MUST(flexio_rq_create(p, NULL, flexio_cq_get_cq_num(cq), &ra, &rq));
	assert_non_null(flexio_rq_get_tir(rq));
	MUST(flexio_rq_destroy(rq));
	MUST(flexio_sq_destroy(sq));
	MUST(flexio_cq_destroy(cq));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(current_layouts_without_version_set),
	};

	return cmocka_run_group_tests_name("queues_announced", tests, setup, teardown);
}
