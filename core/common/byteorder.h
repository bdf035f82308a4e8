/*
 * Big-endian fields in byte buffers (WQEs, CQEs, frames' headers), at any alignment: copied
 * through memcpy, so without aliasing another type, which compilers make one load or store and
 * a byte swap. Shared by the NIC engine and the simulated rdma-core device, which build and
 * parse the same layouts. (The PRM commands' bit fields: mlx5_prm.h.)
 */
#ifndef OPENFLEXIO_CORE_COMMON_BYTEORDER_H
#define OPENFLEXIO_CORE_COMMON_BYTEORDER_H

#include <endian.h>
#include <stdint.h>
#include <string.h>

static inline uint16_t be16_get(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return be16toh(v);
}

static inline uint32_t be32_get(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return be32toh(v);
}

static inline uint64_t be64_get(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return be64toh(v);
}

static inline void be16_put(uint8_t *p, uint16_t v)
{
	v = htobe16(v);
	memcpy(p, &v, sizeof(v));
}

static inline void be32_put(uint8_t *p, uint32_t v)
{
	v = htobe32(v);
	memcpy(p, &v, sizeof(v));
}

static inline void be64_put(uint8_t *p, uint64_t v)
{
	v = htobe64(v);
	memcpy(p, &v, sizeof(v));
}

#endif
