/*
 * The packet benchmark's seed: frames a reflector sends once, so that two reflectors wired to
 * each other bounce them for ever (each reflection swaps the MACs back). An RPC, run before any
 * frame exists: it posts the seed frames on the reflector's SQ exactly as its handler posts
 * reflections (control, Ethernet and data-pointer segments; the last asks for the completion),
 * so the handler's bookkeeping (sq_pi, then the completion it reaps) stays whole.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../../../examples/l2_reflector/l2_reflector_common.h"

/* count frames of len bytes, one per stride at frames (DPA memory under mkey), sent through the
 * SQ of the reflector whose record is at state. Returns the frames posted. */
__dpa_rpc__ uint64_t l2r_bench_seed(uint64_t state, uint64_t frames, uint32_t mkey, uint32_t count, uint32_t len)
{
	struct l2r_state *s = (struct l2r_state *)state;
	uint32_t depth = 1u << s->sq.log_depth;

	if (count == 0 || count > depth / 2)
		return 0;
	/* The RPC thread's default outbox rings the reflector's SQ. */
	for (uint32_t i = 0; i < count; i++) {
		union flexio_dev_sqe_seg *wqe =
			(union flexio_dev_sqe_seg *)(s->sq.ring + ((uint64_t)(s->sq_pi & (depth - 1)) << 6));

		flexio_dev_swqe_seg_ctrl_set(wqe, s->sq_pi, s->sq.number,
					     i + 1 == count ? MLX5_CTRL_SEG_CE_CQE_ALWAYS
							    : MLX5_CTRL_SEG_CE_CQE_ON_CQE_ERROR,
					     FLEXIO_CTRL_SEG_SEND_EN);
		flexio_dev_swqe_seg_eth_set(wqe + 1, 0, 0, 0, NULL);
		flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 2, len, mkey, frames + (uint64_t)i * L2R_BUF_SIZE);
		s->sq_pi++;
	}
	__dpa_thread_memory_writeback();
	flexio_dev_qp_sq_ring_db((uint16_t)s->sq_pi, s->sq.number);
	return count;
}
