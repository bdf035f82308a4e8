/*
 * Device code of every DOCA DPA release line, compiled for the DPA once per release by
 * test_dpa_headers.sh (DOCA_VER_USED set, -Wall -Wextra -Werror): every device header included,
 * every device function of the release called with arguments of its parameters' types (a form
 * the header gets wrong does not compile), every macro and enumeration used, as NVIDIA's DPA
 * samples of each release do. Compiled, not linked: the device library is not needed.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_buf_array.h>

#ifndef DOCA_DPA_DEVICE
#error "doca_dpa_dev.h defines DOCA_DPA_DEVICE"
#endif

/* Every release: the calling thread and sync events. */
static void every_release(doca_dpa_dev_sync_event_t event, uint64_t *value)
{
	unsigned int rank = doca_dpa_dev_thread_rank();

	doca_dpa_dev_sync_event_get(event, value);
	doca_dpa_dev_sync_event_update_add(event, rank);
	doca_dpa_dev_sync_event_update_set(event, doca_dpa_dev_num_threads());
	doca_dpa_dev_sync_event_wait_gt(event, *value, UINT64_MAX);
}

#if OPENDOCA_REL == 22
/* 2.2: registered memory, endpoints, remote events by value, printf (its kernel_launch sample). */
__dpa_global__ void dpa_headers_kernel(doca_dpa_dev_sync_event_t event, doca_dpa_dev_ep_t ep, doca_dpa_dev_mem_t mem,
				       uint64_t addr, uint32_t rkey, doca_dpa_dev_sync_event_remote_t remote)
{
	doca_dpa_dev_uintptr_t ptr;
	uint64_t value;

	every_release(event, &value);
	doca_dpa_dev_printf("thread %u of %u, rkey %u\n", doca_dpa_dev_thread_rank(), doca_dpa_dev_num_threads(),
			    doca_dpa_dev_mem_rkey_get(mem));
	doca_dpa_dev_external_ptr_get(addr, mem, &ptr);
	doca_dpa_dev_memcpy_nb(ptr, mem, addr, mem, 64);
	doca_dpa_dev_memcpy_transpose2D_nb(ptr, mem, addr, mem, 64, 4, 4, 4);
	doca_dpa_dev_memcpy_synchronize();
	doca_dpa_dev_put_nb(ep, addr, 64, mem, addr, rkey);
	doca_dpa_dev_put_signal_add_nb(ep, addr, mem, 64, addr, rkey, remote, 1);
	doca_dpa_dev_put_signal_set_nb(ep, addr, mem, 64, addr, rkey, remote, value);
	doca_dpa_dev_ep_synchronize(ep);
}
#endif

#if OPENDOCA_REL >= 25
/* 2.5 and later: buffer arrays. */
static doca_dpa_dev_buf_t buffers(doca_dpa_dev_buf_arr_t array, uint64_t *sum)
{
	doca_dpa_dev_buf_t buf = doca_dpa_dev_buf_array_get_buf(array, doca_dpa_dev_thread_rank());

	*sum = doca_dpa_dev_buf_get_addr(buf) + doca_dpa_dev_buf_get_len(buf);
	return buf;
}
#endif

#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
/* 2.5 - 2.10: copies and RDMA operations on buffers, waited for by the calling thread. */
static void buffer_operations(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_t dst, doca_dpa_dev_buf_t src)
{
	doca_dpa_dev_uintptr_t ptr = doca_dpa_dev_buf_get_external_ptr(src, 8);

	doca_dpa_dev_memcpy_nb(dst, 0, src, ptr & 7, 64);
	doca_dpa_dev_memcpy_transpose2D_nb(dst, 0, src, 0, 64, 4, 4, 4);
	doca_dpa_dev_memcpy_synchronize();
	doca_dpa_dev_rdma_write(rdma, dst, 0, src, 0, 64);
	doca_dpa_dev_rdma_read(rdma, dst, 0, src, 0, 64);
	doca_dpa_dev_rdma_atomic_fetch_add(rdma, dst, 0, 1);
	doca_dpa_dev_rdma_synchronize(rdma);
}
#endif

#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 26
/* 2.5, 2.6: remote events signalled on the RDMA context's one connection. */
static void signals(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_sync_event_remote_net_t remote)
{
	doca_dpa_dev_rdma_signal_add(rdma, remote, 1);
	doca_dpa_dev_rdma_signal_set(rdma, remote, 2);
}
#endif

#if OPENDOCA_REL == 25
/* 2.5: printf; the kernel of the initiator_target sample's kind. */
__dpa_global__ void dpa_headers_kernel(doca_dpa_dev_sync_event_t event, doca_dpa_dev_rdma_t rdma,
				       doca_dpa_dev_buf_arr_t array, doca_dpa_dev_sync_event_remote_net_t remote)
{
	uint64_t value;
	doca_dpa_dev_buf_t buf = buffers(array, &value);

	every_release(event, &value);
	doca_dpa_dev_printf("%llu\n", (unsigned long long)value);
	doca_dpa_dev_yield();
	buffer_operations(rdma, buf, buf);
	signals(rdma, remote);
}
#endif

#if OPENDOCA_REL >= 26
/* 2.6 and later: the device log and trace, the log macros. */
static void log_and_trace(uint64_t value)
{
	DOCA_DPA_DEV_LOG_ERR("error %llu\n", (unsigned long long)value);
	DOCA_DPA_DEV_LOG_WARN("warning\n");
	DOCA_DPA_DEV_LOG_INFO("information\n");
	DOCA_DPA_DEV_LOG_DBG("debugging\n");
#if OPENDOCA_REL <= 26
	DOCA_DPA_DEV_LOG_CRIT("critical\n");
#endif
	doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_INFO, "%u\n", doca_dpa_dev_thread_rank());
	doca_dpa_dev_trace(value, 1, 2, 3, 4);
	doca_dpa_dev_trace_flush();
	doca_dpa_dev_yield();
}

/* The layouts the inline functions read. */
_Static_assert(sizeof(struct doca_dpa_dev_buf) == 32, "a device buffer is 32 bytes");
_Static_assert(_Alignof(struct doca_dpa_dev_buf_arr) == 64, "a device buffer array is 64-byte aligned");
#endif

#if OPENDOCA_REL == 26
/* 2.6: sends and receives on buffers, shared receive queues. */
__dpa_global__ void dpa_headers_kernel(doca_dpa_dev_sync_event_t event, doca_dpa_dev_rdma_t rdma,
				       doca_dpa_dev_rdma_srq_t srq, doca_dpa_dev_buf_arr_t array,
				       doca_dpa_dev_sync_event_remote_net_t remote)
{
	uint64_t value;
	doca_dpa_dev_buf_t buf = buffers(array, &value);

	every_release(event, &value);
	log_and_trace(value);
	buffer_operations(rdma, buf, buf);
	signals(rdma, remote);
	doca_dpa_dev_rdma_post_send(rdma, buf, 0, 64);
	doca_dpa_dev_rdma_post_receive(rdma, buf, 0, 64);
	doca_dpa_dev_rdma_srq_post_receive(srq, buf, 0, 64);
}
#endif

#if OPENDOCA_REL >= 27
/*
 * 2.7 and later (the 2.9 - 3.x samples): a DPA thread woken by completions of its completion
 * context and by notifications, RDMA posts on a connection of the context.
 */
static void thread_and_completions(doca_dpa_dev_t dpa, doca_dpa_dev_completion_t comp,
				   doca_dpa_dev_notification_completion_t notify, doca_dpa_dev_rdma_t rdma,
				   doca_dpa_dev_mmap_t mmap, doca_dpa_dev_sync_event_remote_net_t remote)
{
	doca_dpa_dev_completion_element_t element;
	doca_dpa_dev_uintptr_t storage = doca_dpa_dev_thread_get_local_storage();
	uint32_t flags = DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH | DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS;

	doca_dpa_dev_device_set(dpa);
	if (doca_dpa_dev_get_completion(comp, &element)) {
		switch (doca_dpa_dev_get_completion_type(element)) {
		case DOCA_DPA_DEV_COMP_SEND:
		case DOCA_DPA_DEV_COMP_SEND_ERR:
		case DOCA_DPA_DEV_COMP_RECV_ERR:
			break;
		case DOCA_DPA_DEV_COMP_RECV_SEND:
		case DOCA_DPA_DEV_COMP_RECV_SEND_IMM:
		case DOCA_DPA_DEV_COMP_RECV_RDMA_WRITE_IMM:
			storage += doca_dpa_dev_get_completion_immediate(element);
			break;
		}
		storage += doca_dpa_dev_get_completion_user_data(element);
		doca_dpa_dev_completion_ack(comp, 1);
	}
	doca_dpa_dev_rdma_post_send(rdma, 0, mmap, storage, 64, DOCA_DPA_DEV_SUBMIT_FLAG_NONE);
	doca_dpa_dev_rdma_post_send_imm(rdma, 0, mmap, storage, 64, 7, flags);
	doca_dpa_dev_rdma_post_write(rdma, 0, mmap, storage, mmap, storage, 64, flags);
	doca_dpa_dev_rdma_post_receive(rdma, mmap, storage, 64);
	doca_dpa_dev_rdma_signal_add(rdma, 0, remote, 1);
	doca_dpa_dev_rdma_signal_set(rdma, 0, remote, 2);
	doca_dpa_dev_thread_notify(notify);
	doca_dpa_dev_completion_request_notification(comp);
	if (storage)
		doca_dpa_dev_thread_reschedule();
	doca_dpa_dev_thread_finish();
}
#endif


#if OPENDOCA_REL >= 27
/* 2.7 and later (2.9 and 2.10 have 3.0's DPA API): buffers written by device code, asynchronous operations, hash tables. */
__dpa_global__ void dpa_headers_kernel(doca_dpa_dev_sync_event_t event, doca_dpa_dev_t dpa,
				       doca_dpa_dev_completion_t comp, doca_dpa_dev_notification_completion_t notify,
				       doca_dpa_dev_rdma_t rdma, doca_dpa_dev_buf_arr_t array,
				       doca_dpa_dev_sync_event_remote_net_t remote, doca_dpa_dev_async_ops_t ops,
				       doca_dpa_dev_hash_table_t table)
{
	uint64_t value;
	doca_dpa_dev_buf_t buf = buffers(array, &value);
	doca_dpa_dev_mmap_t mmap = doca_dpa_dev_buf_get_mmap(buf);
	doca_dpa_dev_completion_element_t element = 0;

	every_release(event, &value);
	log_and_trace(value);
	doca_dpa_dev_buf_set_addr(buf, (uintptr_t)doca_dpa_dev_buf_get_external_ptr(buf));
	doca_dpa_dev_buf_set_len(buf, 64);
	doca_dpa_dev_buf_set_mmap(buf, mmap);
	value += doca_dpa_dev_mmap_get_external_ptr(mmap, value);
	doca_dpa_dev_post_memcpy(ops, mmap, value, mmap, value, 64, DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
	doca_dpa_dev_post_buf_memcpy(ops, buf, buf, DOCA_DPA_DEV_SUBMIT_FLAG_NONE);
	doca_dpa_dev_sync_event_post_wait_gt(ops, event, value);
	doca_dpa_dev_sync_event_post_wait_ne(ops, event, value);
	doca_dpa_dev_rdma_post_read(rdma, 0, mmap, value, mmap, value, 64, 0);
	doca_dpa_dev_rdma_post_write_imm(rdma, 0, mmap, value, mmap, value, 64, 1, 0);
	doca_dpa_dev_rdma_post_atomic_fetch_add(rdma, 0, mmap, value, 1, 0);
	doca_dpa_dev_rdma_post_buf_send(rdma, 0, buf, 0);
	doca_dpa_dev_rdma_post_buf_send_imm(rdma, 0, buf, 1, 0);
	doca_dpa_dev_rdma_post_buf_receive(rdma, buf);
	doca_dpa_dev_rdma_post_buf_write(rdma, 0, buf, buf, 0);
	doca_dpa_dev_rdma_post_buf_write_imm(rdma, 0, buf, buf, 1, 0);
	doca_dpa_dev_rdma_post_buf_read(rdma, 0, buf, buf, 0);
	doca_dpa_dev_rdma_post_buf_atomic_fetch_add(rdma, 0, buf, 1, 0);
	doca_dpa_dev_rdma_receive_ack(rdma, 1);
	value += doca_dpa_dev_rdma_completion_get_wr_index(element);
	doca_dpa_dev_hash_table_add(table, 1, value);
	if (doca_dpa_dev_hash_table_find(table, 1, &value))
		doca_dpa_dev_hash_table_remove(table, 1);
	thread_and_completions(dpa, comp, notify, rdma, mmap, remote);
}
#endif
