/*
 * What a buffer array's DPA handle (doca_dpa_dev_buf_arr_t) names in the DPA memory of its target
 * DOCA DPA context's process: this table, written when the array starts (buf_array.c). Element i
 * is [elems[i].addr, + elems[i].len) of the array's map, reached from the DPA's device by key
 * elems[i].mkey. Read by DPA code (DOCA DPA's device library: a doca_dpa_dev_buf_t is the DPA
 * address of an element's entry), so it includes nothing but <stdint.h>.
 */
#ifndef OPENDOCA_COMMON_BUF_ARRAY_DPA_H
#define OPENDOCA_COMMON_BUF_ARRAY_DPA_H

#include <stdint.h>

struct opendoca_dpa_buf {
	uint64_t addr;
	uint64_t len;
	uint32_t mkey;
	uint32_t reserved;
};

struct opendoca_dpa_buf_arr {
	uint64_t num_elem;
	uint64_t elem_size;
	struct opendoca_dpa_buf elems[];
};

#endif /* OPENDOCA_COMMON_BUF_ARRAY_DPA_H */
