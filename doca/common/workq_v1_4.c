/*
 * The work queue properties of 1.x (the DOCA Core programming guide, 4.9.3 - 4.9.4): the depth,
 * read at any time, set only while the work queue is added to no context (its job records are
 * made per context as it is added).
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)

#include <string.h>

#include "doca_ctx.h"

#include "ctx.h"

/* The checks both calls share; the property's size is checked against size. */
static doca_error_t check(enum doca_workq_property property, const void *value, uint32_t size, const char *func)
{
	if (!value)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "value is NULL");
	if (property != DOCA_WORKQ_DEPTH)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "%d is not a work queue property", (int)property);
	if (size != sizeof(uint32_t))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, "the depth is %zu bytes, not %u", sizeof(uint32_t),
				     size);
	return DOCA_SUCCESS;
}

doca_error_t doca_workq_property_get(const struct doca_workq *handle, enum doca_workq_property property, uint8_t *value,
				     uint32_t size)
{
	struct opendoca_engine *workq;

	if (check(property, value, size, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	workq = opendoca_workq_enter(handle, __func__);
	if (!workq)
		return opendoca_last_error();
	memcpy(value, &workq->depth, sizeof(workq->depth));
	opendoca_workq_leave(workq);
	return DOCA_SUCCESS;
}

doca_error_t doca_workq_property_set(struct doca_workq *handle, enum doca_workq_property property, const uint8_t *value,
				     uint32_t size)
{
	struct opendoca_engine *workq;
	doca_error_t err = DOCA_SUCCESS;
	uint32_t depth;

	if (check(property, value, size, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	memcpy(&depth, value, sizeof(depth));
	if (opendoca_workq_check_depth(depth, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	workq = opendoca_workq_enter(handle, __func__);
	if (!workq)
		return opendoca_last_error();
	if (workq->num_bindings)
		err = opendoca_fail(DOCA_ERROR_BAD_STATE, __func__, "the work queue is added to %u contexts",
				    workq->num_bindings);
	else
		workq->depth = depth;
	opendoca_workq_leave(workq);
	return err;
}
