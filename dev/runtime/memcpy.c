/* flexio_dev_memcpy16/32/64: copies in units the DPA moves in one access (25.1). */
#include "runtime.h"

void flexio_dev_memcpy16(uint16_t *dest, const uint16_t *src, uint64_t n)
{
	for (n /= sizeof(*dest); n; n--)
		*dest++ = *src++;
}

void flexio_dev_memcpy32(uint32_t *dest, const uint32_t *src, uint64_t n)
{
	for (n /= sizeof(*dest); n; n--)
		*dest++ = *src++;
}

void flexio_dev_memcpy64(uint64_t *dest, const uint64_t *src, uint64_t n)
{
	for (n /= sizeof(*dest); n; n--)
		*dest++ = *src++;
}
