/* The interpreter: semantic helpers, then the loop built twice (fast and traced). */
#include <limits.h>
#include <stdatomic.h>
#include <string.h>

#include "exec_ops.h"
#include "internal.h"

static void trace_step(struct dpa_hart *hart, uint64_t pc)
{
	uint16_t half[2] = { 0, 0 };
	uint32_t insn = 0;
	if (dpa_process_read(hart->process, pc, &half[0], 2) == 0) {
		insn = half[0];
		if ((half[0] & 3) == 3 && dpa_process_read(hart->process, pc + 2, &half[1], 2) == 0)
			insn |= (uint32_t)half[1] << 16;
	}
	hart->trace(hart->trace_user, hart, pc, insn);
}

#define EXEC_LOOP_NAME exec_fast
#define EXEC_LOOP_TRACE 0
#include "exec_loop.inc"
#undef EXEC_LOOP_NAME
#undef EXEC_LOOP_TRACE

#define EXEC_LOOP_NAME exec_traced
#define EXEC_LOOP_TRACE 1
#include "exec_loop.inc"
#undef EXEC_LOOP_NAME
#undef EXEC_LOOP_TRACE

enum dpa_stop dpa_exec(struct dpa_hart *hart, int64_t budget)
{
	return exec_fast(hart, budget, NULL);
}

enum dpa_stop dpa_exec_traced(struct dpa_hart *hart, int64_t budget)
{
	return exec_traced(hart, budget, NULL);
}

const int32_t *dpa_exec_handlers(void)
{
	const int32_t *handlers = NULL;
	exec_fast(NULL, 0, &handlers);
	return handlers;
}
