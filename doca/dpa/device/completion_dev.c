/*
 * DPA completion contexts in device code (doca_dpa_dev_get_completion and the rest, 2.7 on):
 * reading the context's CQ in DPA memory (thread_dev.h has its descriptor). A context is read by
 * the thread it wakes (DOCA: one thread per completion context), so its counters need no lock.
 */
#include <stdint.h>

#include <dpaintrin.h>
#include <libflexio-dev/flexio_dev.h>
#include <libflexio-dev/flexio_dev_queue_access.h>

#include "doca_dpa_dev.h"
#include "thread_dev.h"

#define CQE_BYTES 64u

static struct opendoca_dpa_completion_desc *desc_of(doca_dpa_dev_completion_t handle)
{
	return (struct opendoca_dpa_completion_desc *)(uintptr_t)handle;
}

static struct flexio_dev_cqe64 *cqe_of(doca_dpa_dev_completion_element_t element)
{
	return (struct flexio_dev_cqe64 *)(uintptr_t)element;
}

int doca_dpa_dev_get_completion(doca_dpa_dev_completion_t dpa_comp_handle,
				doca_dpa_dev_completion_element_t *comp_element)
{
	struct opendoca_dpa_completion_desc *c = desc_of(dpa_comp_handle);
	uint32_t ci = c->read_ci;
	struct flexio_dev_cqe64 *cqe =
		(struct flexio_dev_cqe64 *)(uintptr_t)(c->ring +
						       (uint64_t)(ci & ((1u << c->log_depth) - 1)) * CQE_BYTES);

	/* The NIC flips the owner bit each pass over the ring: the CQE is new when it matches the pass. */
	if (flexio_dev_cqe_get_owner(cqe) != ((ci >> c->log_depth) & 1))
		return 0;
	__dpa_thread_memory_fence(__DPA_R, __DPA_R); /* the rest of the CQE after its owner bit */
	c->read_ci = ci + 1;
	*comp_element = (doca_dpa_dev_completion_element_t)(uintptr_t)cqe;
	return 1;
}

/* DOCA's completion types are the CQE opcodes (doca_dpa_dev_completion_type_t). */
doca_dpa_dev_completion_type_t doca_dpa_dev_get_completion_type(doca_dpa_dev_completion_element_t comp_element)
{
	return (doca_dpa_dev_completion_type_t)flexio_dev_cqe_get_opcode(cqe_of(comp_element));
}

uint32_t doca_dpa_dev_get_completion_user_data(doca_dpa_dev_completion_element_t comp_element)
{
	return flexio_dev_cqe_get_user_index(cqe_of(comp_element));
}

uint32_t doca_dpa_dev_get_completion_immediate(doca_dpa_dev_completion_element_t comp_element)
{
	return be32_to_cpu(*(volatile uint32_t *)&cqe_of(comp_element)->imm_inval_pkey);
}

void doca_dpa_dev_completion_ack(doca_dpa_dev_completion_t dpa_comp_handle, uint64_t num_comp)
{
	struct opendoca_dpa_completion_desc *c = desc_of(dpa_comp_handle);

	c->ack_ci += (uint32_t)num_comp;
	flexio_dev_dbr_cq_set_ci((uint32_t *)(uintptr_t)c->dbr, c->ack_ci);
	__dpa_thread_memory_writeback(); /* the NIC reads the consumer counter before reusing CQEs */
}

/* Armed at what was read: a completion not read yet wakes the thread at once. */
void doca_dpa_dev_completion_request_notification(doca_dpa_dev_completion_t dpa_comp_handle)
{
	struct opendoca_dpa_completion_desc *c = desc_of(dpa_comp_handle);

	flexio_dev_cq_arm(c->read_ci, c->cqn);
}
