/*
 * OpenFlexIO — internal: the event_data member of struct flexio_dev_eqe
 * (<libflexio-dev/flexio_dev_queue_types.h> includes it inside the structure;
 * alone it declares nothing).
 *
 * event_data has an unnamed structure type, and compilers name such a type by
 * where it is declared.  The #line below gives it the place NVIDIA's header
 * gives it, so the type reads the same as NVIDIA's in every tool that prints
 * it (nv-api-check compares the printed field types of the 24.01 API); the
 * place reverts to this project's files after the include.
 */
#ifdef OPENFLEXIO_EQE_EVENT_DATA_MEMBER
#line 72 "nvinc/libflexio-dev/flexio_dev_queue_types.h"
	struct {
		__be32 rsvd00[6]; /* 20h..37h - Reserved. */
		__be32 cqn;       /* 38h - CQN in the 24 least significant bits. */
	} event_data; /**< 20h..3Bh - Event data (completion event layout: the CQN at 38h). */
#endif
