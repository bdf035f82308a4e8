/*
 * DPA code of the DOCA RDMA-from-DPA tests (test_dpa_rdma.c): RPCs that post on RDMA contexts
 * whose datapath is on the DPA and read their completion contexts, written against the device
 * libraries as NVIDIA's samples write theirs (-ldoca_dpa_dev -ldoca_dpa_dev_comm); and the waits DPA code
 * posts on asynchronous-operations queues (test_dpa_post_wait.c).
 */
#include <stdint.h>

#include <doca_dpa_dev.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_sync_event.h>

__dpa_rpc__ uint64_t rpc_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_mmap_t key, uint64_t addr, uint64_t len)
{
	doca_dpa_dev_rdma_post_receive(rdma, key, addr, len);
	return 0;
}

/* An RDMA write of len bytes from (src_key, src) to the peer's (dst_key, dst), then a send with
 * immediate of the same source bytes. */
__dpa_rpc__ uint64_t rpc_write_then_send(doca_dpa_dev_rdma_t rdma, uint32_t conn, doca_dpa_dev_mmap_t dst_key,
					 uint64_t dst, doca_dpa_dev_mmap_t src_key, uint64_t src, uint64_t len,
					 uint32_t imm, uint32_t flags)
{
	doca_dpa_dev_rdma_post_write(rdma, conn, dst_key, dst, src_key, src, len, flags);
	doca_dpa_dev_rdma_post_send_imm(rdma, conn, src_key, src, len, imm, flags);
	return 0;
}

/* A read of the peer's (src_key, src) into (dst_key, dst) and an atomic add to the peer's dst2. */
__dpa_rpc__ uint64_t rpc_read_add(doca_dpa_dev_rdma_t rdma, uint32_t conn, doca_dpa_dev_mmap_t dst_key, uint64_t dst,
				  doca_dpa_dev_mmap_t src_key, uint64_t src, uint64_t len, uint64_t add_addr,
				  uint64_t value)
{
	doca_dpa_dev_rdma_post_read(rdma, conn, dst_key, dst, src_key, src, len, DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
	doca_dpa_dev_rdma_post_atomic_fetch_add(rdma, conn, src_key, add_addr, value, DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
	return 0;
}

/* The next completion of comp, acknowledged: 1 << 63 | type << 48 | user data << 32 | immediate,
 * or 0 when there is none. */
__dpa_rpc__ uint64_t rpc_poll(doca_dpa_dev_completion_t comp)
{
	doca_dpa_dev_completion_element_t e;
	uint64_t r;

	if (!doca_dpa_dev_get_completion(comp, &e))
		return 0;
	r = 1ull << 63 | (uint64_t)(doca_dpa_dev_get_completion_type(e) & 0xff) << 48 |
	    (uint64_t)(doca_dpa_dev_get_completion_user_data(e) & 0xffff) << 32 |
	    doca_dpa_dev_get_completion_immediate(e);
	doca_dpa_dev_completion_ack(comp, 1);
	return r;
}

__dpa_rpc__ uint64_t rpc_signal(doca_dpa_dev_rdma_t rdma, uint32_t conn, doca_dpa_dev_sync_event_remote_net_t event,
				uint64_t count, uint32_t add)
{
	if (add)
		doca_dpa_dev_rdma_signal_add(rdma, conn, event, count);
	else
		doca_dpa_dev_rdma_signal_set(rdma, conn, event, count);
	return 0;
}

/* A send on a connection the context lacks: the process stops. */
__dpa_rpc__ uint64_t rpc_bad_connection(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_mmap_t key, uint64_t addr)
{
	doca_dpa_dev_rdma_post_send(rdma, 99, key, addr, 8, DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
	return 0;
}

/* A wait posted on an asynchronous-operations queue, then a sync event set: the set comes after
 * the wait's condition holds (ne: the gate differs from value; else: exceeds it). */
__dpa_global__ void kernel_post_wait(doca_dpa_dev_async_ops_t ops, doca_dpa_dev_sync_event_t gate, uint64_t value,
				     uint32_t ne, doca_dpa_dev_sync_event_t after)
{
	if (ne)
		doca_dpa_dev_sync_event_post_wait_ne(ops, gate, value);
	else
		doca_dpa_dev_sync_event_post_wait_gt(ops, gate, value);
	doca_dpa_dev_sync_event_update_set(after, value + 1);
}

/* What a receiving DPA thread records (the host's copy: struct receiver of test_dpa_rdma.c). */
struct receiver {
	doca_dpa_dev_completion_t comp;
	doca_dpa_dev_sync_event_t done; /* set to the number of receives taken */
	uint64_t buf;                   /* DPA memory the receives land in */
	uint64_t received;              /* the sum of the received values */
	uint64_t count;
	uint64_t last_user_data;
};

/* A DPA thread woken by its completion context: takes every receive completion, adds up the
 * values, acknowledges, asks for the next notification and reschedules. */
__dpa_global__ void thread_receiver(uint64_t arg)
{
	struct receiver *r = (struct receiver *)arg;
	doca_dpa_dev_completion_element_t e;

	while (doca_dpa_dev_get_completion(r->comp, &e)) {
		r->received += *(volatile uint64_t *)r->buf;
		r->count++;
		r->last_user_data = doca_dpa_dev_get_completion_user_data(e);
		doca_dpa_dev_completion_ack(r->comp, 1);
	}
	doca_dpa_dev_sync_event_update_set(r->done, r->count);
	doca_dpa_dev_completion_request_notification(r->comp);
	doca_dpa_dev_thread_reschedule();
}

/* An RDMA write of one 8-byte word, from (src_key, src) to the peer's (dst_key, dst). */
__dpa_rpc__ uint64_t rpc_write(doca_dpa_dev_rdma_t rdma, uint32_t conn, doca_dpa_dev_mmap_t dst_key, uint64_t dst,
			       doca_dpa_dev_mmap_t src_key, uint64_t src, uint32_t flags)
{
	doca_dpa_dev_rdma_post_write(rdma, conn, dst_key, dst, src_key, src, 8, flags);
	return 0;
}
