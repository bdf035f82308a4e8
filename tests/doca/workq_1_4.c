/*
 * The work queue properties of 1.x (the DOCA Core programming guide, 4.9.3 - 4.9.4): the depth,
 * read any time, set only while the work queue is added to no context. Built for 1.4.
 */
#define DOCA_VER_USED DOCA_VER(1, 4, 0)

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <doca_ctx.h>

#include "copy_context.h"
#include "sdk_lines.h"
#include "workq_1_4.h"

void work_queue_properties_1_4(void **state)
{
	struct doca_workq *workq;
	struct copy_ctx *cc;
	uint32_t depth = 0, big = 64;
	uint16_t small = 4;
	int device;

	(void)state;
	assert_int_equal(doca_workq_create(16, &workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_property_get(workq, DOCA_WORKQ_DEPTH, (uint8_t *)&depth, sizeof(depth)),
			 DOCA_SUCCESS);
	assert_int_equal(depth, 16);
	assert_int_equal(doca_workq_property_set(workq, DOCA_WORKQ_DEPTH, (const uint8_t *)&big, sizeof(big)),
			 DOCA_SUCCESS);
	assert_int_equal(doca_workq_property_get(workq, DOCA_WORKQ_DEPTH, (uint8_t *)&depth, sizeof(depth)),
			 DOCA_SUCCESS);
	assert_int_equal(depth, 64);
	/* Bad sizes, properties, values. */
	assert_int_equal(doca_workq_property_get(workq, DOCA_WORKQ_DEPTH, (uint8_t *)&small, sizeof(small)),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_property_get", 1);
	assert_int_equal(doca_workq_property_get(workq, (enum doca_workq_property)99, (uint8_t *)&depth, sizeof(depth)),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_property_get", 1);
	assert_int_equal(doca_workq_property_get(workq, DOCA_WORKQ_DEPTH, NULL, sizeof(depth)),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_property_get", 1);
	assert_int_equal(doca_workq_property_get(NULL, DOCA_WORKQ_DEPTH, (uint8_t *)&depth, sizeof(depth)),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_property_get", 1);
	depth = 0;
	assert_int_equal(doca_workq_property_set(workq, DOCA_WORKQ_DEPTH, (const uint8_t *)&depth, sizeof(depth)),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_property_set", 1);
	assert_int_equal(doca_workq_property_set(workq, DOCA_WORKQ_DEPTH, (const uint8_t *)&small, sizeof(small)),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_property_set", 1);
	assert_int_equal(doca_workq_property_set(NULL, DOCA_WORKQ_DEPTH, (const uint8_t *)&big, sizeof(big)),
			 DOCA_ERROR_INVALID_VALUE);
	sdk_lines_expect("doca_workq_property_set", 1);
	/* Added to a context: read only. */
	assert_int_equal(copy_ctx_create(OPENDOCA_CTX_API_WORKQ, COPY_SYNC, &cc), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_dev_add(copy_ctx_as_ctx(cc), (struct doca_dev *)&device), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_workq_add(copy_ctx_as_ctx(cc), workq), DOCA_SUCCESS);
	assert_int_equal(doca_workq_property_set(workq, DOCA_WORKQ_DEPTH, (const uint8_t *)&big, sizeof(big)),
			 DOCA_ERROR_BAD_STATE);
	sdk_lines_expect("doca_workq_property_set", 1);
	assert_int_equal(doca_workq_property_get(workq, DOCA_WORKQ_DEPTH, (uint8_t *)&depth, sizeof(depth)),
			 DOCA_SUCCESS);
	assert_int_equal(depth, 64);
	assert_int_equal(doca_ctx_workq_rm(copy_ctx_as_ctx(cc), workq), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_stop(copy_ctx_as_ctx(cc)), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_dev_rm(copy_ctx_as_ctx(cc), (struct doca_dev *)&device), DOCA_SUCCESS);
	assert_int_equal(copy_ctx_destroy(cc), DOCA_SUCCESS);
	assert_int_equal(doca_workq_destroy(workq), DOCA_SUCCESS);
}
