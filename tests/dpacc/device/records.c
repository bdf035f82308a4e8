/* Structs and unions by value, among scalar arguments: the device sees each member the host set. */
#include <stdint.h>
#include <stdio.h>

#include <libflexio-dev/flexio_dev.h>

#include "records.h"

/* Every member, printed; the result sums the integers so that a call without text is checked too. */
__dpa_rpc__ uint64_t records_mixed_sum(uint8_t first, struct records_mixed m, records_small_t small, double x,
				       const struct records_inner in, float y)
{
	printf("%u|%u %llu %u,%u,%u %u %u.%u.%u %d %d|%u %u|%lx %u %u %p|%d %d|%d|%u %u|%d\n", first, m.a,
	       (unsigned long long)m.b, m.arr[0], m.arr[1], m.arr[2], m.in.half, m.in.tag[0], m.in.tag[1], m.in.tag[2],
	       m.s, (int)(m.d * 4), m.pair[0].half, m.pair[1].tag[2], (unsigned long)m.u.word, m.flag, m.level, m.where,
	       (int)(small.scale * 2), small.offset, (int)(x * 8), in.half, in.tag[1], (int)(y * 4));
	return first + m.a + m.b + m.arr[0] + m.arr[1] + m.arr[2] + m.in.half + (uint64_t)(int64_t)m.s + m.flag +
	       m.level + (uint64_t)small.offset + in.half;
}
