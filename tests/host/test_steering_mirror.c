/*
 * A mirror rule on a FlexIO RQ, as a public IDS program builds it: a catch-all NIC RX rule whose
 * action is a destination array of the default miss (the frame's normal path) and the RQ's TIR
 * (a copy for the DPA). rdma-core takes a default miss among the destinations; the simulated
 * device refused it ("no TIR, table or vport action"), so the program stopped at
 * mlx5dv_dr_action_create_dest_array. Frames replayed into the port must now reach the RQ (a
 * CQE appears on its CQ) and go their normal way as well (the port counts them missed).
 */
#include <libflexio/flexio.h>

#include "host_test.h"
#include "flexio_verbs.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

extern struct flexio_app *queue_test; /* from the dpacc archive */

enum {
	LOG_Q = 3,
	SLOT = 2048,
	FRAME = 60
};

static flexio_process *p;
static char pcap_path[] = "/tmp/flexio_mirror_XXXXXX";

/* A capture of two frames 50 ms apart, replayed in a loop at that pace (pace=1, loop=0). */
static int write_capture(void)
{
	static const uint32_t head[6] = { 0xa1b2c3d4, 2 | 4u << 16, 0, 0, 65535, 1 };
	unsigned char frame[FRAME] = { 2, 2, 2, 2, 2, 2, 2, 0x42, 0x7e, 0x7f, 0xeb, 2, 0x08, 0x00 };
	int fd = mkstemp(pcap_path);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "wb");

	if (!f)
		return -1;
	fwrite(head, sizeof(head), 1, f);
	for (uint32_t i = 0; i < 2; i++) {
		uint32_t rec[4] = { 0, i * 50000, FRAME, FRAME };

		fwrite(rec, sizeof(rec), 1, f);
		fwrite(frame, sizeof(frame), 1, f);
	}
	return fclose(f);
}

static int setup(void **state)
{
	char ports[128];

	(void)state;
	if (write_capture())
		return -1;
	snprintf(ports, sizeof(ports), "mlx5_sim0:1=pcap:in=%s,pace=1,loop=0,delay=0", pcap_path);
	setenv("FLEXIO_SIM_PORTS", ports, 1);
	if (flexio_version_set(FLEXIO_VER_USED) || sim_device_open() || !queue_test)
		return -1;
	return flexio_process_create(ctx, queue_test, NULL, &p);
}

static int teardown(void **state)
{
	(void)state;
	MUST(flexio_process_destroy(p));
	sim_device_close();
	unlink(pcap_path);
	return 0;
}

static flexio_uintptr_t dpa_copy(const void *src, size_t size)
{
	flexio_uintptr_t daddr;

	MUST(flexio_copy_from_host(p, (void *)src, size, &daddr));
	return daddr;
}

static void mirror_to_default_and_rq(void **state)
{
	struct ibv_pd *pd = flexio_process_get_pd(p);
	uint32_t uar_id = flexio_uar_get_id(flexio_process_get_uar(p));
	unsigned char ring[64 << LOG_Q] = { 0 }, op_own = 0xF1;
	struct mlx5_wqe_data_seg wqes[1 << LOG_Q];
	uint32_t dbr[2] = { 0, 0 };
	flexio_uintptr_t data, cq_ring;
	struct flexio_mkey *mkey;
	flexio_cq *cq;
	flexio_rq *rq;
	struct timespec pause = { 0, 1000000 };
	struct flexio_verbs_port_counters port = { 0 }, before;

	(void)state;
	for (size_t i = 63; i < sizeof(ring); i += 64)
		ring[i] = 0xF1; /* hardware-owned, as FlexIO's samples prepare rings */
	cq_ring = dpa_copy(ring, sizeof(ring));
	MUST(flexio_cq_create(p, NULL,
			      &(struct flexio_cq_attr){ .log_cq_depth = LOG_Q,
							.element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ,
							.uar_id = uar_id,
							.cq_ring_qmem = { .daddr = cq_ring },
							.cq_dbr_daddr = dpa_copy(dbr, sizeof(dbr)) },
			      &cq));
	MUST(flexio_buf_dev_alloc(p, SLOT << LOG_Q, &data));
	MUST(flexio_device_mkey_create(
		p,
		&(struct flexio_mkey_attr){
			.pd = pd, .daddr = data, .len = SLOT << LOG_Q, .access = IBV_ACCESS_LOCAL_WRITE },
		&mkey));
	for (uint32_t i = 0; i < 1u << LOG_Q; i++)
		mlx5dv_set_data_seg(&wqes[i], SLOT, flexio_mkey_get_id(mkey), data + (uint64_t)i * SLOT);
	dbr[0] = htobe32(1u << LOG_Q);
	MUST(flexio_rq_create(p, NULL, flexio_cq_get_cq_num(cq),
			      &(struct flexio_wq_attr){ .log_wq_depth = LOG_Q,
							.pd = pd,
							.wq_ring_qmem = { .daddr = dpa_copy(wqes, sizeof(wqes)) },
							.wq_dbr_qmem = { .daddr = dpa_copy(dbr, sizeof(dbr)) } },
			      &rq));

	struct mlx5dv_flow_match_parameters *mask = calloc(1, sizeof(*mask) + 512);
	struct mlx5dv_dr_domain *d = mlx5dv_dr_domain_create(ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);
	struct mlx5dv_dr_table *t = mlx5dv_dr_table_create(d, 0);
	struct mlx5dv_dr_matcher *m;
	struct mlx5dv_dr_action *miss = mlx5dv_dr_action_create_default_miss();
	struct mlx5dv_dr_action *tir = mlx5dv_dr_action_create_dest_devx_tir(flexio_rq_get_tir(rq));
	struct mlx5dv_dr_action_dest_attr normal = { .type = MLX5DV_DR_ACTION_DEST, .dest = miss };
	struct mlx5dv_dr_action_dest_attr copy = { .type = MLX5DV_DR_ACTION_DEST, .dest = tir };
	struct mlx5dv_dr_action_dest_attr *dests[2] = { &normal, &copy };
	struct mlx5dv_dr_action *mirror;
	struct mlx5dv_dr_rule *rule;

	assert_non_null(mask);
	mask->match_sz = 512;
	m = mlx5dv_dr_matcher_create(t, 0, 0, mask); /* criteria 0: every frame */
	assert_non_null(m);
	assert_non_null(miss);
	assert_non_null(tir);
	mirror = mlx5dv_dr_action_create_dest_array(d, 2, dests);
	assert_non_null(mirror);
	rule = mlx5dv_dr_rule_create(m, mask, 1, &mirror);
	assert_non_null(rule);
	/* The RQ's copy: a receive CQE (opcode 2), the frame's length. */
	for (int i = 0; i < 5000 && op_own == 0xF1; i++) {
		nanosleep(&pause, NULL);
		MUST(flexio_dev2host_memcpy(p, &op_own, 1, cq_ring + 63));
	}
	assert_int_equal(op_own >> 4, 2);
	MUST(flexio_dev2host_memcpy(p, ring, 64, cq_ring));
	assert_int_equal(be32toh(*(uint32_t *)(ring + 0x2c)), FRAME);
	/* The frames went their normal way too: the miss path, which a pcap port counts as missed.
	 * The rule takes every frame, so a miss counted from now on is a mirrored frame's (the
	 * frames replayed before the rule were missed as well: hence counted from here). */
	assert_int_equal(flexio_verbs_port_counters(0, 1, &before), 0);
	for (int i = 0; i < 5000; i++) {
		assert_int_equal(flexio_verbs_port_counters(0, 1, &port), 0);
		if (port.rx_missed > before.rx_missed)
			break;
		nanosleep(&pause, NULL);
	}
	assert_true(port.rx_missed > before.rx_missed);
	assert_true(port.rx_to_queue + port.rx_dropped > before.rx_to_queue + before.rx_dropped);
	/* The array holds both destinations. */
	assert_int_equal(mlx5dv_dr_action_destroy(miss), EBUSY);
	assert_int_equal(mlx5dv_dr_rule_destroy(rule), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(mirror), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(tir), 0);
	assert_int_equal(mlx5dv_dr_action_destroy(miss), 0);
	assert_int_equal(mlx5dv_dr_matcher_destroy(m), 0);
	assert_int_equal(mlx5dv_dr_table_destroy(t), 0);
	assert_int_equal(mlx5dv_dr_domain_destroy(d), 0);
	free(mask);
	MUST(flexio_rq_destroy(rq));
	MUST(flexio_device_mkey_destroy(mkey));
	MUST(flexio_cq_destroy(cq));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mirror_to_default_and_rq),
	};

	return cmocka_run_group_tests_name("steering_mirror", tests, setup, teardown);
}
