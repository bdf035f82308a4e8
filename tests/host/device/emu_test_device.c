/*
 * Device functions of the emulated-device test, in the older edition's API: an event handler
 * woken by an emulated queue's doorbells (through a doorbell-to-CQ mapping) that records each
 * doorbell CQE, raises an MSI-X vector for it and re-arms the mapping and its CQ, as a virtio or
 * NVMe emulation's data path does; RPCs that force the mapping and send MSI-X directly.
 */
#define FLEXIO_DEV_VER_USED FLEXIO_DEV_VER(23, 4, 0)
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "../emu_test.h"

/* Whether the CQE at the consumer index is the NIC's latest: its owner bit is the ring pass's. */
static int cqe_ready(struct emu_test_state *s, struct flexio_dev_cqe64 *cqe)
{
	uint8_t owner = flexio_dev_cqe_get_owner(cqe);

	/* The rest of the CQE is read after its owner byte, which the NIC writes last. */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return owner == ((s->ci >> s->log_depth) & 1);
}

/* Handles every doorbell CQE there is (one MSI-X each), then arms the mapping and the CQ. */
__dpa_global__ void emu_db_handler(uint64_t arg)
{
	struct emu_test_state *s = (struct emu_test_state *)arg;
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	flexio_dev_outbox_config(dtctx, (uint16_t)s->outbox_id);
	s->invocations++;
	for (;;) {
		struct flexio_dev_cqe64 *cqe =
			(struct flexio_dev_cqe64 *)s->ring + (s->ci & ((1u << s->log_depth) - 1));

		if (!cqe_ready(s, cqe))
			break;
		s->last_queue = flexio_dev_cqe_get_qpn(cqe);
		s->last_ctx = be32_to_cpu(cqe->srqn_uidx) & 0xFFFFFFu; /* the user index */
		s->last_value = flexio_dev_cqe_get_byte_cnt(cqe);
		s->last_count = flexio_dev_cqe_get_wqe_counter(cqe);
		s->ci++;
		s->cqes++;
		/* What the host reads once it sees the MSI-X is written before it is sent. */
		__atomic_thread_fence(__ATOMIC_RELEASE);
		if (s->msix_cqn)
			flexio_dev_msix_send(dtctx, s->msix_cqn);
	}
	flexio_dev_dbr_cq_set_ci((uint32_t *)s->dbr, s->ci);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	/* The mapping first: a doorbell rung since the queue was found empty writes its CQE now,
	 * which the CQ's arm (at the consumer index) then turns into the next invocation. */
	flexio_dev_db_ctx_arm(dtctx, s->cqn, s->emu_ctx_id);
	flexio_dev_cq_arm(dtctx, s->ci, s->cqn);
	flexio_dev_reschedule();
}

/* Arms the mapping and forces a doorbell (a handler that stopped before its queue was empty):
 * 0, or 1 when the outbox is not there. */
__dpa_rpc__ uint64_t emu_force_trigger(uint64_t arg)
{
	struct emu_test_state *s = (struct emu_test_state *)arg;
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)s->outbox_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return 1;
	flexio_dev_db_ctx_arm(dtctx, s->cqn, s->emu_ctx_id);
	flexio_dev_db_ctx_force_trigger(dtctx, s->cqn, s->emu_ctx_id);
	return 0;
}

/* Arms mapping emu_ctx_id on CQ cqn as given (right or wrong): 0, or 1 without the outbox. */
__dpa_rpc__ uint64_t emu_arm(uint64_t outbox_id, uint32_t cqn, uint32_t emu_ctx_id)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)outbox_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return 1;
	flexio_dev_db_ctx_arm(dtctx, cqn, emu_ctx_id);
	return 0;
}

/* Sends count MSI-X messages on CQ cqn: 0, or 1 without the outbox. */
__dpa_rpc__ uint64_t emu_msix_send(uint64_t outbox_id, uint32_t cqn, uint32_t count)
{
	struct flexio_dev_thread_ctx *dtctx;

	flexio_dev_get_thread_ctx(&dtctx);
	if (flexio_dev_outbox_config(dtctx, (uint16_t)outbox_id) != FLEXIO_DEV_STATUS_SUCCESS)
		return 1;
	for (uint32_t i = 0; i < count; i++)
		flexio_dev_msix_send(dtctx, cqn);
	return 0;
}
