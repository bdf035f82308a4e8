/*
 * What a buffer array's DPA handle (doca_dpa_dev_buf_arr_t) names in the DPA memory of its target
 * DOCA DPA context's process: this table, written when the array starts (buf_array.c). Element i
 * is [elems[i].addr, + elems[i].len) of the array's map, reached from the DPA's device by key
 * elems[i].mkey. Read by DPA code (DOCA DPA's device headers read it as their structures: a
 * doca_dpa_dev_buf_t is the DPA address of an element), so it includes nothing but <stdint.h>.
 */
#ifndef OPENDOCA_COMMON_BUF_ARRAY_DPA_H
#define OPENDOCA_COMMON_BUF_ARRAY_DPA_H

#include <stdint.h>

/* An element: DOCA DPA's struct doca_dpa_dev_buf (doca_dpa_dev_buf.h), 32 bytes; mkey is what
 * doca_dpa_dev_buf_get_mmap answers (the map's DPA handle: its key on the DPA's device). */
struct opendoca_dpa_buf {
	uint64_t addr;
	uint64_t len;
	uint32_t mkey;
	uint8_t reserved[12];
};

/*
 * The table: DOCA DPA's struct doca_dpa_dev_buf_arr (its first 8 bytes point at the elements,
 * 64 bytes in all), the array's shape in what DOCA leaves reserved, then the elements.
 */
struct opendoca_dpa_buf_arr {
	uint64_t bufs; /* DPA address of elems */
	uint64_t num_elem;
	uint64_t elem_size;
	uint8_t reserved[40];
	struct opendoca_dpa_buf elems[];
};

_Static_assert(sizeof(struct opendoca_dpa_buf) == 32, "struct doca_dpa_dev_buf is 32 bytes");
_Static_assert(sizeof(struct opendoca_dpa_buf_arr) == 64, "struct doca_dpa_dev_buf_arr is 64 bytes");

#endif /* OPENDOCA_COMMON_BUF_ARRAY_DPA_H */
