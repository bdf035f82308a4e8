/*
 * A host program written for NVIDIA FlexIO 24.01 .. 24.07: no flexio_version_set (24.01 has
 * none), the application is the variable dpacc defines (extern struct flexio_app
 * *DEV_APP_NAME, the name given by meson), 24.01's structures (struct flexio_process_attr
 * {pd, en_pcc}, struct flexio_log_dev_attr through flexio_msg_stream_attr_t, 24.01's
 * flexio_cq_attr and flexio_wq_attr). RPC, a message stream printing from the device, the DPA
 * heap, an event handler woken by the CQEs of WQEs its process posts, and a device error.
 * Built with -Werror. As NVIDIA's 24.01 sources, it selects no release (24.01 had no version
 * macros): the build chooses 24.01 (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig/flexio-24.01).
 *
 * Usage: nv2401 [DEVICE]   (default mlx5_sim0)
 */
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

/* The application dpacc built (its name comes from the build: -DDEV_APP_NAME=...). */
extern struct flexio_app *DEV_APP_NAME;
extern flexio_func_t nv2401_sum, nv2401_read, nv2401_fail, nv2401_post_nops, nv2401_cq_handler;

/* The queues' state in DPA memory (the device code's struct nv2401_queues). */
struct nv2401_queues {
	uint64_t cq_ring, cq_dbr, cqn, log_cq, sq_ring, sqn, log_sq, outbox_id;
	uint64_t ci, pi, cqes, invocations;
};

#define LOG_CQ 2
#define LOG_SQ 3
#define NOP_BATCHES 10
#define NOPS_PER_BATCH 3

#define COUNT 8
#define USER_ERROR 0x85

static struct ibv_context *open_device(const char *name, struct ibv_device ***list)
{
	struct ibv_context *ctx = NULL;
	int n = 0;

	*list = ibv_get_device_list(&n);
	for (int i = 0; *list && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name((*list)[i]), name))
			ctx = ibv_open_device((*list)[i]);
	return ctx;
}

#define CHECK(cond, ...)                                                \
	do {                                                            \
		if (!(cond)) {                                          \
			fprintf(stderr, "nv2401 FAILED: " __VA_ARGS__); \
			fputc('\n', stderr);                            \
			goto out;                                       \
		}                                                       \
	} while (0)

int main(int argc, char **argv)
{
	const char *dev_name = argc > 1 ? argv[1] : "mlx5_sim0";
	struct flexio_process_attr process_attr = { 0 };
	flexio_msg_stream_attr_t stream_attr = { 0 };
	struct flexio_msg_stream *stream = NULL;
	struct flexio_process *process = NULL;
	struct flexio_heap_mem_info heap = { 0 };
	struct ibv_device **list = NULL;
	struct ibv_context *ctx;
	struct ibv_pd *pd = NULL;
	uint64_t values[COUNT], expected = 0, result = 0;
	flexio_uintptr_t daddr = 0, state = 0;
	struct flexio_event_handler_attr eh_attr = { 0 };
	struct flexio_outbox_attr outbox_attr = { 0 };
	struct flexio_event_handler *eh = NULL;
	struct flexio_cq_attr cq_attr = { 0 };
	struct flexio_wq_attr sq_attr = { 0 };
	struct flexio_outbox *outbox = NULL;
	struct nv2401_queues q = { 0 };
	struct flexio_cq *cq = NULL;
	struct flexio_sq *sq = NULL;
	uint8_t ring[64 << LOG_CQ];
	struct pollfd err_fd;
	int ok = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	ctx = open_device(dev_name, &list);
	CHECK(ctx, "cannot open %s", dev_name);
	pd = ibv_alloc_pd(ctx);
	CHECK(pd, "ibv_alloc_pd");

	/* 24.01's process attributes: a PD of ours and en_pcc, nothing else. */
	process_attr.pd = pd;
	process_attr.en_pcc = 0;
	CHECK(flexio_process_create(ctx, DEV_APP_NAME, &process_attr, &process) == FLEXIO_STATUS_SUCCESS,
	      "flexio_process_create");
	CHECK(flexio_process_get_pd(process) == pd, "the process does not use the PD it was given");
	printf("nv2401: process of %s created on %s\n", flexio_app_get_name(DEV_APP_NAME), dev_name);

	stream_attr.data_bsize = 4096;
	stream_attr.sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC;
	stream_attr.level = FLEXIO_MSG_DEV_INFO;
	CHECK(flexio_msg_stream_create(process, &stream_attr, stdout, NULL, &stream) == FLEXIO_STATUS_SUCCESS,
	      "flexio_msg_stream_create");

	/* The DPA heap: numbers in, their sum computed and stored by the device, read back. */
	CHECK(flexio_process_mem_info_get(process, &heap) == FLEXIO_STATUS_SUCCESS, "flexio_process_mem_info_get");
	printf("nv2401: DPA heap of %llu MiB\n", (unsigned long long)(heap.size >> 20));
	for (int i = 0; i < COUNT; i++)
		expected += values[i] = (uint64_t)(i + 1) * 1000003;
	CHECK(flexio_buf_dev_alloc(process, sizeof(values) + sizeof(uint64_t), &daddr) == FLEXIO_STATUS_SUCCESS,
	      "flexio_buf_dev_alloc");
	CHECK(flexio_host2dev_memcpy(process, values, sizeof(values), daddr) == FLEXIO_STATUS_SUCCESS,
	      "flexio_host2dev_memcpy");
	CHECK(flexio_process_call(process, &nv2401_sum, &result, daddr, (uint64_t)COUNT) == FLEXIO_STATUS_SUCCESS,
	      "flexio_process_call(nv2401_sum)");
	CHECK(result == expected, "sum %llu, expected %llu", (unsigned long long)result, (unsigned long long)expected);
	CHECK(flexio_process_call(process, &nv2401_read, &result, daddr + sizeof(values)) == FLEXIO_STATUS_SUCCESS &&
		      result == expected,
	      "the sum stored in the heap is %llu", (unsigned long long)result);
	printf("nv2401: sum %llu read back from the DPA heap\n", (unsigned long long)result);

	/* Queues: an event handler woken by the CQEs of NOP WQEs the process posts to an SQ, with
	 * 24.01's attribute structures; 30 CQEs through a ring of 4, so the owner bit flips often. */
	CHECK(flexio_outbox_create(process, &outbox_attr, &outbox) == FLEXIO_STATUS_SUCCESS, "flexio_outbox_create");
	CHECK(flexio_buf_dev_alloc(process, sizeof(q), &state) == FLEXIO_STATUS_SUCCESS, "flexio_buf_dev_alloc");
	eh_attr.host_stub_func = nv2401_cq_handler;
	eh_attr.arg = state;
	CHECK(flexio_event_handler_create(process, &eh_attr, &eh) == FLEXIO_STATUS_SUCCESS,
	      "flexio_event_handler_create");
	memset(ring, 0, sizeof(ring));
	for (size_t i = 63; i < sizeof(ring); i += 64)
		ring[i] = 0xF1; /* hardware-owned, no valid opcode */
	CHECK(flexio_copy_from_host(process, ring, sizeof(ring), &q.cq_ring) == FLEXIO_STATUS_SUCCESS &&
		      flexio_buf_dev_alloc(process, 64, &q.cq_dbr) == FLEXIO_STATUS_SUCCESS &&
		      flexio_buf_dev_memset(process, 0, 64, q.cq_dbr) == FLEXIO_STATUS_SUCCESS,
	      "the CQ's memory");
	cq_attr.log_cq_depth = LOG_CQ;
	cq_attr.element_type = FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD;
	cq_attr.thread = flexio_event_handler_get_thread(eh);
	cq_attr.uar_id = flexio_uar_get_id(flexio_process_get_uar(process));
	cq_attr.cq_ring_qmem.memtype = FLEXIO_MEMTYPE_DPA;
	cq_attr.cq_ring_qmem.daddr = q.cq_ring;
	cq_attr.cq_dbr_daddr = q.cq_dbr;
	CHECK(flexio_cq_create(process, NULL, &cq_attr, &cq) == FLEXIO_STATUS_SUCCESS, "flexio_cq_create");
	CHECK(flexio_buf_dev_alloc(process, 64 << LOG_SQ, &q.sq_ring) == FLEXIO_STATUS_SUCCESS, "the SQ's ring");
	sq_attr.log_wq_depth = LOG_SQ;
	sq_attr.uar_id = cq_attr.uar_id;
	sq_attr.pd = pd;
	sq_attr.wq_ring_qmem.memtype = FLEXIO_MEMTYPE_DPA;
	sq_attr.wq_ring_qmem.daddr = q.sq_ring;
	CHECK(flexio_sq_create(process, NULL, flexio_cq_get_cq_num(cq), &sq_attr, &sq) == FLEXIO_STATUS_SUCCESS,
	      "flexio_sq_create");
	q.cqn = flexio_cq_get_cq_num(cq);
	q.log_cq = LOG_CQ;
	q.sqn = flexio_sq_get_wq_num(sq);
	q.log_sq = LOG_SQ;
	q.outbox_id = flexio_outbox_get_id(outbox);
	CHECK(flexio_host2dev_memcpy(process, &q, sizeof(q), state) == FLEXIO_STATUS_SUCCESS, "flexio_host2dev_memcpy");
	CHECK(flexio_event_handler_run(eh, 0) == FLEXIO_STATUS_SUCCESS, "flexio_event_handler_run");
	for (int batch = 1; batch <= NOP_BATCHES; batch++) {
		CHECK(flexio_process_call(process, &nv2401_post_nops, &result, state, (uint64_t)NOPS_PER_BATCH) ==
				      FLEXIO_STATUS_SUCCESS &&
			      result == 0,
		      "flexio_process_call(nv2401_post_nops)");
		/* 24.01 has no device-to-host copy: an RPC reads the handler's counter. */
		for (int wait = 0; wait < 5000; wait++) {
			CHECK(flexio_process_call(process, &nv2401_read, &q.cqes,
						  state + offsetof(struct nv2401_queues, cqes)) ==
				      FLEXIO_STATUS_SUCCESS,
			      "flexio_process_call(nv2401_read)");
			if (q.cqes == (uint64_t)batch * NOPS_PER_BATCH)
				break;
			poll(NULL, 0, 1);
		}
		CHECK(q.cqes == (uint64_t)batch * NOPS_PER_BATCH, "the handler consumed %llu CQEs after batch %d",
		      (unsigned long long)q.cqes, batch);
	}
	printf("nv2401: an event handler consumed %llu CQEs of %d NOP WQEs\n", (unsigned long long)q.cqes,
	       NOP_BATCHES * NOPS_PER_BATCH);
	CHECK(flexio_sq_destroy(sq) == FLEXIO_STATUS_SUCCESS, "flexio_sq_destroy");
	sq = NULL;
	CHECK(flexio_cq_destroy(cq) == FLEXIO_STATUS_SUCCESS, "flexio_cq_destroy");
	cq = NULL;
	CHECK(flexio_event_handler_destroy(eh) == FLEXIO_STATUS_SUCCESS, "flexio_event_handler_destroy");
	eh = NULL;

	/* The error path: the device gives up; the call fails, the process reports the error. */
	err_fd.fd = flexio_err_handler_fd(process);
	err_fd.events = POLLIN;
	CHECK(err_fd.fd >= 0, "flexio_err_handler_fd");
	CHECK(flexio_err_status_get(process) == FLEXIO_DEV_NO_ERROR, "an error before the failing call");
	CHECK(flexio_process_call(process, &nv2401_fail, &result, (uint64_t)USER_ERROR) != FLEXIO_STATUS_SUCCESS,
	      "the failing call succeeded");
	CHECK(poll(&err_fd, 1, 5000) == 1, "the error fd did not turn readable");
	CHECK(flexio_err_status_get(process) == FLEXIO_DEV_USER_ERROR, "no user error status after flexio_dev_error");
	printf("nv2401: device error reported, status 0x%x\n", (unsigned)flexio_err_status_get(process));
	CHECK(flexio_process_call(process, &nv2401_read, &result, daddr) != FLEXIO_STATUS_SUCCESS,
	      "a call on the stopped process succeeded");
	ok = 1;
	printf("nv2401: OK\n");
out:
	if (sq)
		flexio_sq_destroy(sq);
	if (cq)
		flexio_cq_destroy(cq);
	if (eh)
		flexio_event_handler_destroy(eh);
	if (outbox)
		flexio_outbox_destroy(outbox);
	if (stream)
		flexio_msg_stream_destroy(stream);
	if (process)
		flexio_process_destroy(process);
	if (pd)
		ibv_dealloc_pd(pd);
	if (ctx)
		ibv_close_device(ctx);
	if (list)
		ibv_free_device_list(list);
	return ok ? 0 : 1;
}
