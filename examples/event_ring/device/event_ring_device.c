/*
 * The event-handler ring: N DPA threads pass a token around. Each handler, when triggered,
 * takes the token, counts one pass and activates the next handler in the ring, until the
 * token has gone round the given number of times.
 */
#include <libflexio-dev/flexio_dev.h>

/* What the host gives each handler (its argument is this record's address). */
struct ring_member {
	uint32_t index;
	uint32_t next_activation_id; /* the next handler in the ring */
	uint64_t token;              /* device address of the token, shared by the ring */
	uint64_t passes;             /* passes before the token stops */
};

__dpa_global__ void ring_handler(uint64_t member_daddr)
{
	struct ring_member *me = (struct ring_member *)member_daddr;
	volatile uint64_t *token = (volatile uint64_t *)me->token;
	uint64_t pass = *token + 1;

	/* Print before the token moves on: the host stops waiting once it sees the last pass. */
	if (pass % 16 == 0 || pass == me->passes)
		flexio_dev_print("pass %lu: thread %u has the token\n", pass, me->index);
	*token = pass;
	if (pass < me->passes)
		flexio_dev_event_handler_activate(me->next_activation_id);
	flexio_dev_thread_reschedule();
}

/* Hands the token to the first handler. */
__dpa_rpc__ uint64_t ring_start(uint32_t first_activation_id)
{
	flexio_dev_event_handler_activate(first_activation_id);
	return 0;
}
