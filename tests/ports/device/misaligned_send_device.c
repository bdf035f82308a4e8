/*
 * Device side of test_misaligned_send: sends UDP frames whose payload words are stored where a
 * 42-byte header leaves them, not 8-byte aligned, as published DPA code does on BlueField-3
 * (BenchBF3's dpa_send writes a uint64_t cycle stamp at offset 42 of its send buffer). The DPA
 * performs such stores (not atomically); under strict alignment they fault.
 */
#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../misaligned_send.h"

#define CQE_REQ 0x0

/* The headers: broadcast, EtherType IPv4, a 20-byte IPv4 header, an 8-byte UDP header. */
static void write_headers(uint8_t *f, uint32_t n)
{
	static const uint8_t src[6] = { 0x02, 0x00, 0x00, 0x00, 0x0b, 0xf3 };

	for (int i = 0; i < 6; i++) {
		f[i] = 0xff;
		f[6 + i] = src[i];
	}
	f[12] = 0x08, f[13] = 0x00;
	f[14] = 0x45, f[15] = 0;
	f[16] = 0, f[17] = MS_FRAME - 14;              /* total length */
	f[18] = (uint8_t)(n >> 8), f[19] = (uint8_t)n; /* identification */
	f[20] = 0, f[21] = 0, f[22] = 64, f[23] = 17;  /* no fragment, TTL, UDP */
	f[24] = 0, f[25] = 0;                          /* checksum: not checked */
	for (int i = 26; i < 34; i++)
		f[i] = (uint8_t)(i < 30 ? 10 : 11);             /* 10.10.10.10 -> 11.11.11.11 */
	f[34] = 0x12, f[35] = 0x34, f[36] = 0x12, f[37] = 0x34; /* ports */
	f[38] = 0, f[39] = MS_FRAME - 34, f[40] = 0, f[41] = 0;
}

/* The send completions so far. */
static void reap(struct ms_queue *q)
{
	for (;;) {
		struct flexio_dev_cqe64 *cqe =
			(struct flexio_dev_cqe64 *)q->cq_ring + (q->ci & ((1u << MS_LOG_DEPTH) - 1));

		if (flexio_dev_cqe_get_owner(cqe) != ((q->ci >> MS_LOG_DEPTH) & 1))
			return;
		__dpa_thread_memory_fence(__DPA_R, __DPA_R);
		if (flexio_dev_cqe_get_opcode(cqe) != CQE_REQ)
			q->errors++;
		q->ci++;
	}
}

/* Sends count frames (at most the SQ's depth), each completed before it returns; the number of
 * frames completed without error. */
__dpa_rpc__ uint64_t ms_send(uint64_t queue, uint32_t count)
{
	struct ms_queue *q = (struct ms_queue *)queue;
	struct flexio_dev_thread_ctx *dtctx;
	uint32_t first = q->ci, errors = q->errors;

	flexio_dev_get_thread_ctx(&dtctx);
	if (count > (1u << MS_LOG_DEPTH) || flexio_dev_outbox_config(dtctx, (uint16_t)q->outbox_id))
		return 0;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t slot = q->pi & ((1u << MS_LOG_DEPTH) - 1);
		uint8_t *f = (uint8_t *)(q->buffers + (uint64_t)slot * MS_SLOT);
		uint64_t *payload = (uint64_t *)(f + MS_HEADERS);
		union flexio_dev_sqe_seg *wqe = (union flexio_dev_sqe_seg *)(q->sq_ring + (uint64_t)slot * 64);

		write_headers(f, q->pi);
		/* The pattern of the published code: plain 8-byte stores through a uint64_t pointer
		 * at offset 42; volatile so that the compiler keeps them 8-byte stores. */
		((volatile uint64_t *)payload)[0] = ms_stamp(q->pi);
		((volatile uint64_t *)payload)[1] = q->pi;
		flexio_dev_swqe_seg_ctrl_set(wqe, q->pi, q->sqn, MLX5_CTRL_SEG_CE_CQE_ALWAYS, FLEXIO_CTRL_SEG_SEND_EN);
		flexio_dev_swqe_seg_eth_set(wqe + 1, 0, 0, 0, NULL);
		flexio_dev_swqe_seg_mem_ptr_data_set(wqe + 2, MS_FRAME, q->mkey, (uint64_t)f);
		q->pi++;
	}
	__dpa_thread_memory_writeback();
	flexio_dev_qp_sq_ring_db((uint16_t)q->pi, q->sqn);
	while (q->ci - first < count)
		reap(q);
	flexio_dev_dbr_cq_set_ci((uint32_t *)q->cq_dbr, q->ci);
	__dpa_thread_memory_writeback();
	return count - (q->errors - errors);
}
