/*
 * A FlexIO device program that stores 64-bit words at offset 42 of its send buffers (after the
 * Ethernet, IPv4 and UDP headers), as BenchBF3's dpa_send does on BlueField-3
 * (device/misaligned_send_device.c): its frames leave mlx5_sim0's port 1 (the port's counters) and
 * arrive whole at mlx5_sim1 across the wire (FLEXIO_SIM_PORTS set by main), the misaligned
 * stores counted; under strict alignment (flexio_process_strict_alignment_set) the process
 * faults at the first of them and nothing leaves.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "misaligned_send.h"
#include "port_dev.h"

extern flexio_func_t ms_send;

struct sender {
	flexio_process *p;
	flexio_outbox *outbox;
	flexio_cq *cq;
	flexio_sq *sq;
	flexio_mkey *mkey;
	struct ms_queue q;
	flexio_uintptr_t queue;
};

static flexio_uintptr_t dpa_alloc(flexio_process *p, size_t size)
{
	flexio_uintptr_t daddr = 0;

	assert_int_equal(flexio_buf_dev_alloc(p, size, &daddr), FLEXIO_STATUS_SUCCESS);
	return daddr;
}

/* A process on dev's device with a send CQ and SQ on port 1, its buffers and their mkey. */
static void sender_open(struct sender *s, struct port_dev *dev)
{
	flexio_app *app;
	uint8_t cqes[64u << MS_LOG_DEPTH];
	struct flexio_cq_attr cq_attr = { .log_cq_depth = MS_LOG_DEPTH,
					  .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ,
					  .no_arm = true,
					  .cq_ring_qmem = { .memtype = FLEXIO_MEMTYPE_DPA } };
	struct flexio_wq_attr sq_attr = { .log_wq_depth = MS_LOG_DEPTH,
					  .wq_ring_qmem = { .memtype = FLEXIO_MEMTYPE_DPA } };
	struct flexio_mkey_attr mkey_attr = { .len = (size_t)MS_SLOT << MS_LOG_DEPTH,
					      .access = IBV_ACCESS_LOCAL_WRITE };

	memset(s, 0, sizeof(*s));
	assert_int_equal(flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "misaligned_send_test" }, &app),
			 0);
	assert_int_equal(flexio_process_create(dev->ctx, app, NULL, &s->p), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_outbox_create(s->p, &(struct flexio_outbox_attr){ 0 }, &s->outbox),
			 FLEXIO_STATUS_SUCCESS);
	/* CQEs start hardware-owned (op_own 0xF1). */
	memset(cqes, 0, sizeof(cqes));
	for (unsigned i = 0; i < 1u << MS_LOG_DEPTH; i++)
		cqes[i * 64 + 63] = 0xF1;
	s->q.cq_ring = dpa_alloc(s->p, sizeof(cqes));
	s->q.cq_dbr = dpa_alloc(s->p, 8);
	assert_int_equal(flexio_host2dev_memcpy(s->p, cqes, sizeof(cqes), s->q.cq_ring), FLEXIO_STATUS_SUCCESS);
	cq_attr.uar_id = flexio_uar_get_id(flexio_process_get_uar(s->p));
	cq_attr.cq_ring_qmem.daddr = s->q.cq_ring;
	cq_attr.cq_dbr_daddr = s->q.cq_dbr;
	assert_int_equal(flexio_cq_create(s->p, NULL, &cq_attr, &s->cq), FLEXIO_STATUS_SUCCESS);
	s->q.sq_ring = dpa_alloc(s->p, (size_t)64 << MS_LOG_DEPTH);
	sq_attr.uar_id = cq_attr.uar_id;
	sq_attr.pd = flexio_process_get_pd(s->p);
	sq_attr.wq_ring_qmem.daddr = s->q.sq_ring;
	assert_int_equal(flexio_sq_create(s->p, NULL, flexio_cq_get_cq_num(s->cq), &sq_attr, &s->sq),
			 FLEXIO_STATUS_SUCCESS);
	s->q.buffers = dpa_alloc(s->p, mkey_attr.len);
	mkey_attr.pd = sq_attr.pd;
	mkey_attr.daddr = s->q.buffers;
	assert_int_equal(flexio_device_mkey_create(s->p, &mkey_attr, &s->mkey), FLEXIO_STATUS_SUCCESS);
	s->q.sqn = flexio_sq_get_wq_num(s->sq);
	s->q.cqn = flexio_cq_get_cq_num(s->cq);
	s->q.mkey = flexio_mkey_get_id(s->mkey);
	s->q.outbox_id = flexio_outbox_get_id(s->outbox);
	assert_int_equal(flexio_copy_from_host(s->p, &s->q, sizeof(s->q), &s->queue), FLEXIO_STATUS_SUCCESS);
}

/* Destroying the process releases its queues, mkey, outbox and memory. */
static void sender_close(struct sender *s)
{
	assert_int_equal(flexio_process_destroy(s->p), FLEXIO_STATUS_SUCCESS);
}

static uint64_t port_tx_frames(void)
{
	struct flexio_verbs_port_counters c;

	assert_int_equal(flexio_verbs_port_counters(0, 1, &c), 0);
	return c.tx_frames;
}

static uint64_t le64_at(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void frames_leave_the_port(void **state)
{
	struct port_dev a, b;
	struct sender s;
	uint8_t frame[PORT_DEV_SLOT];
	uint64_t sent = 0, tx_before;

	(void)state;
	assert_true(port_dev_open(&a, 0, false));
	assert_true(port_dev_open(&b, 1, true));
	sender_open(&s, &a);
	tx_before = port_tx_frames();
	assert_int_equal(flexio_process_call(s.p, &ms_send, &sent, s.queue, 4u), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(sent, 4);
	assert_int_equal(port_tx_frames() - tx_before, 4);
	for (uint64_t n = 0; n < 4; n++) {
		assert_int_equal(port_dev_recv(&b, frame, sizeof(frame), 2000, true), MS_FRAME);
		assert_int_equal(frame[0], 0xff);
		assert_int_equal(frame[12] << 8 | frame[13], 0x0800);
		assert_int_equal(frame[19], n); /* the IPv4 identification */
		assert_int_equal(le64_at(frame + MS_HEADERS), ms_stamp(n));
		assert_int_equal(le64_at(frame + MS_HEADERS + 8), n);
	}
	sender_close(&s);
	port_dev_close(&a);
	port_dev_close(&b);
}

static void strict_alignment_faults(void **state)
{
	struct port_dev a, b;
	struct sender s;
	struct flexio_process_fault fault;
	uint8_t frame[PORT_DEV_SLOT];
	uint64_t sent = 0, tx_before;

	(void)state;
	assert_true(port_dev_open(&a, 0, false));
	assert_true(port_dev_open(&b, 1, true));
	sender_open(&s, &a);
	assert_int_equal(flexio_process_strict_alignment_set(s.p, 1), FLEXIO_STATUS_SUCCESS);
	tx_before = port_tx_frames();
	assert_int_equal(flexio_process_call(s.p, &ms_send, &sent, s.queue, 4u), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_process_fault_get(s.p, &fault), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(fault.cause, FLEXIO_FAULT_MISALIGNED);
	assert_int_equal(fault.address, s.q.buffers + MS_HEADERS); /* the first frame's first word */
	assert_int_equal(port_tx_frames(), tx_before);
	assert_int_equal(port_dev_recv(&b, frame, sizeof(frame), 200, true), 0);
	sender_close(&s);
	port_dev_close(&a);
	port_dev_close(&b);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(frames_leave_the_port),
		cmocka_unit_test(strict_alignment_faults),
	};

	setenv("FLEXIO_SIM_DEVICES", "2", 1);
	setenv("FLEXIO_SIM_PORTS", "mlx5_sim0:1=wire:mlx5_sim1:1", 1);
	unsetenv("FLEXIO_SIM_PORTS_FILE");
	unsetenv("FLEXIO_SIM_STRICT_ALIGNMENT");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
