/*
 * Big-endian fields in byte buffers (WQEs, CQEs, frames' headers): read and written a byte at a
 * time, so at any alignment and without aliasing another type; compilers make each one load or
 * store and a byte swap. Shared by the NIC engine and the simulated rdma-core device, which
 * build and parse the same layouts. (The PRM commands' bit fields: mlx5_prm.h.)
 */
#ifndef OPENFLEXIO_CORE_COMMON_BYTEORDER_H
#define OPENFLEXIO_CORE_COMMON_BYTEORDER_H

#include <stdint.h>

static inline uint16_t be16_get(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t be32_get(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t be64_get(const uint8_t *p)
{
	return (uint64_t)be32_get(p) << 32 | be32_get(p + 4);
}

static inline void be16_put(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void be32_put(uint8_t *p, uint32_t v)
{
	be16_put(p, (uint16_t)(v >> 16));
	be16_put(p + 2, (uint16_t)v);
}

static inline void be64_put(uint8_t *p, uint64_t v)
{
	be32_put(p, (uint32_t)(v >> 32));
	be32_put(p + 4, (uint32_t)v);
}

#endif
