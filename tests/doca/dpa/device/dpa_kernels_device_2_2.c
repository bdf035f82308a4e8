/*
 * DPA code of the 2.2 tests (test_dpa_2_2.c), written against DOCA 2.2's device API: puts and
 * signals on endpoints, copies and host pointers by memory handles, doca_dpa_dev_printf.
 */
#define DOCA_VER_USED DOCA_VER(2, 2, 80)

#include <stdint.h>

#include <dpaintrin.h>
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>

/* Copies length bytes to the peer's memory and sets (set != 0) or adds to its event. */
__dpa_global__ void kernel_put_signal(doca_dpa_dev_ep_t ep, uint64_t local_addr, doca_dpa_dev_mem_t local_mem,
				      uint64_t length, uint64_t raddr, uint32_t rkey,
				      doca_dpa_dev_sync_event_remote_t ev, uint64_t count, uint64_t set)
{
	if (set)
		doca_dpa_dev_put_signal_set_nb(ep, local_addr, local_mem, length, raddr, rkey, ev, count);
	else
		doca_dpa_dev_put_signal_add_nb(ep, local_addr, local_mem, length, raddr, rkey, ev, count);
	doca_dpa_dev_ep_synchronize(ep);
}

__dpa_global__ void kernel_put(doca_dpa_dev_ep_t ep, uint64_t local_addr, doca_dpa_dev_mem_t local_mem, uint64_t length,
			       uint64_t raddr, uint32_t rkey)
{
	doca_dpa_dev_put_nb(ep, local_addr, length, local_mem, raddr, rkey);
	doca_dpa_dev_ep_synchronize(ep);
}

/* Copies, then doubles the first word of the destination through a host pointer. */
__dpa_global__ void kernel_copy(uint64_t dst, doca_dpa_dev_mem_t dst_mem, uint64_t src, doca_dpa_dev_mem_t src_mem,
				uint64_t length)
{
	doca_dpa_dev_uintptr_t p;

	doca_dpa_dev_memcpy_nb(dst, dst_mem, src, src_mem, length);
	doca_dpa_dev_memcpy_synchronize();
	doca_dpa_dev_external_ptr_get(dst, dst_mem, &p);
	__dpa_thread_window_read_inv();
	*(volatile uint64_t *)p *= 2;
	__dpa_thread_window_writeback();
}

/* A 3 x 2 matrix of 4-byte elements, transposed. */
__dpa_global__ void kernel_transpose(uint64_t dst, doca_dpa_dev_mem_t dst_mem, uint64_t src, doca_dpa_dev_mem_t src_mem)
{
	doca_dpa_dev_memcpy_transpose2D_nb(dst, dst_mem, src, src_mem, 24, 4, 2, 3);
	doca_dpa_dev_memcpy_synchronize();
}

/* Stores mem's rkey at host address out (registered as out_mem). */
__dpa_global__ void kernel_rkey(doca_dpa_dev_mem_t mem, uint64_t out, doca_dpa_dev_mem_t out_mem)
{
	doca_dpa_dev_uintptr_t p;

	doca_dpa_dev_external_ptr_get(out, out_mem, &p);
	*(volatile uint64_t *)p = doca_dpa_dev_mem_rkey_get(mem);
	__dpa_thread_window_writeback();
}

__dpa_global__ void kernel_hello(void)
{
	doca_dpa_dev_printf("hello from thread %u of %u\n", doca_dpa_dev_thread_rank(), doca_dpa_dev_num_threads());
}
