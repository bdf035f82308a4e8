/* The semantics of the instructions that need more than a C operator (M extension corner cases,
 * Zbb, the A extension on DPA memory), shared by the interpreter (exec.c) and the translator's
 * helpers (jit.c) so that both engines give the same results. */
#ifndef OPENFLEXIO_DPA_EXEC_OPS_H
#define OPENFLEXIO_DPA_EXEC_OPS_H

#include "internal.h"

static inline uint64_t mul_high_ss(uint64_t a, uint64_t b)
{
	return (uint64_t)(((__int128)(int64_t)a * (__int128)(int64_t)b) >> 64);
}

static inline uint64_t mul_high_su(uint64_t a, uint64_t b)
{
	return (uint64_t)(((__int128)(int64_t)a * (__int128)b) >> 64);
}

static inline uint64_t mul_high_uu(uint64_t a, uint64_t b)
{
	return (uint64_t)(((unsigned __int128)a * b) >> 64);
}

/* Division by zero and overflow follow the RISC-V M extension: no trap, fixed results. */
static inline uint64_t div_s64(uint64_t a, uint64_t b)
{
	if (b == 0)
		return UINT64_MAX;
	if ((int64_t)a == INT64_MIN && (int64_t)b == -1)
		return a;
	return (uint64_t)((int64_t)a / (int64_t)b);
}

static inline uint64_t rem_s64(uint64_t a, uint64_t b)
{
	if (b == 0)
		return a;
	if ((int64_t)a == INT64_MIN && (int64_t)b == -1)
		return 0;
	return (uint64_t)((int64_t)a % (int64_t)b);
}

static inline uint64_t div_s32(uint64_t a, uint64_t b)
{
	int32_t x = (int32_t)(uint32_t)a, y = (int32_t)(uint32_t)b;
	if (y == 0)
		return UINT64_MAX;
	if (x == INT32_MIN && y == -1)
		return (uint64_t)(int64_t)x;
	return (uint64_t)(int64_t)(x / y);
}

static inline uint64_t rem_s32(uint64_t a, uint64_t b)
{
	int32_t x = (int32_t)(uint32_t)a, y = (int32_t)(uint32_t)b;
	if (y == 0)
		return (uint64_t)(int64_t)x;
	if (x == INT32_MIN && y == -1)
		return 0;
	return (uint64_t)(int64_t)(x % y);
}

static inline uint64_t rotate_left64(uint64_t x, unsigned s)
{
	s &= 63;
	return (x << s) | (x >> ((64 - s) & 63));
}

static inline uint32_t rotate_left32(uint32_t x, unsigned s)
{
	s &= 31;
	return (x << s) | (x >> ((32 - s) & 31));
}

static inline uint64_t or_combine_bytes(uint64_t x)
{
	uint64_t r = 0;
	for (unsigned i = 0; i < 64; i += 8)
		if ((x >> i) & 0xff)
			r |= 0xffull << i;
	return r;
}

static inline void reserve(struct dpa_hart *hart, uint64_t address, uint8_t size, uint64_t value)
{
	hart->reserved = true;
	hart->reserved_address = address;
	hart->reserved_size = size;
	hart->reserved_value = value;
}

/* The reservation holds while the reserved word still has the value LR saw: compare-and-swap
 * against it, so a store by another hart in between makes SC fail. Returns rd. */
static inline uint64_t store_conditional32(struct dpa_hart *hart, uint32_t *p, uint64_t address, uint32_t value)
{
	bool held = hart->reserved && hart->reserved_address == address && hart->reserved_size == 4;
	uint32_t expected = (uint32_t)hart->reserved_value;
	hart->reserved = false;
	return held && __atomic_compare_exchange_n(p, &expected, value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) ? 0
														   : 1;
}

static inline uint64_t store_conditional64(struct dpa_hart *hart, uint64_t *p, uint64_t address, uint64_t value)
{
	bool held = hart->reserved && hart->reserved_address == address && hart->reserved_size == 8;
	uint64_t expected = hart->reserved_value;
	hart->reserved = false;
	return held && __atomic_compare_exchange_n(p, &expected, value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) ? 0
														   : 1;
}

#define AMO_FETCH(name, T, builtin)                     \
	static inline T name(T *p, T v)                 \
	{                                               \
		return builtin(p, v, __ATOMIC_SEQ_CST); \
	}
AMO_FETCH(amo_swap32, uint32_t, __atomic_exchange_n)
AMO_FETCH(amo_add32, uint32_t, __atomic_fetch_add)
AMO_FETCH(amo_xor32, uint32_t, __atomic_fetch_xor)
AMO_FETCH(amo_and32, uint32_t, __atomic_fetch_and)
AMO_FETCH(amo_or32, uint32_t, __atomic_fetch_or)
AMO_FETCH(amo_swap64, uint64_t, __atomic_exchange_n)
AMO_FETCH(amo_add64, uint64_t, __atomic_fetch_add)
AMO_FETCH(amo_xor64, uint64_t, __atomic_fetch_xor)
AMO_FETCH(amo_and64, uint64_t, __atomic_fetch_and)
AMO_FETCH(amo_or64, uint64_t, __atomic_fetch_or)
#undef AMO_FETCH

#define AMO_SELECT(name, T, keep_old)                                                                      \
	static inline T name(T *p, T v)                                                                    \
	{                                                                                                  \
		T old = __atomic_load_n(p, __ATOMIC_RELAXED);                                              \
		while (!(keep_old) &&                                                                      \
		       !__atomic_compare_exchange_n(p, &old, v, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) \
			;                                                                                  \
		if (keep_old)                                                                              \
			__atomic_thread_fence(__ATOMIC_SEQ_CST);                                           \
		return old;                                                                                \
	}
AMO_SELECT(amo_min_s32, int32_t, old <= v)
AMO_SELECT(amo_max_s32, int32_t, old >= v)
AMO_SELECT(amo_min_u32, uint32_t, old <= v)
AMO_SELECT(amo_max_u32, uint32_t, old >= v)
AMO_SELECT(amo_min_s64, int64_t, old <= v)
AMO_SELECT(amo_max_s64, int64_t, old >= v)
AMO_SELECT(amo_min_u64, uint64_t, old <= v)
AMO_SELECT(amo_max_u64, uint64_t, old >= v)
#undef AMO_SELECT

/* The AMOs, for both engines: kind, W (a word, sign-extended into rd) or D, operand type, operation. */
/* clang-format off */
#define DPA_AMO_OPS(X)                                                                            \
	X(amoswap_w, W, uint32_t, amo_swap32) X(amoadd_w, W, uint32_t, amo_add32)                 \
	X(amoxor_w, W, uint32_t, amo_xor32) X(amoand_w, W, uint32_t, amo_and32)                   \
	X(amoor_w, W, uint32_t, amo_or32) X(amomin_w, W, int32_t, amo_min_s32)                    \
	X(amomax_w, W, int32_t, amo_max_s32) X(amominu_w, W, uint32_t, amo_min_u32)               \
	X(amomaxu_w, W, uint32_t, amo_max_u32)                                                    \
	X(amoswap_d, D, uint64_t, amo_swap64) X(amoadd_d, D, uint64_t, amo_add64)                 \
	X(amoxor_d, D, uint64_t, amo_xor64) X(amoand_d, D, uint64_t, amo_and64)                   \
	X(amoor_d, D, uint64_t, amo_or64) X(amomin_d, D, int64_t, amo_min_s64)                    \
	X(amomax_d, D, int64_t, amo_max_s64) X(amominu_d, D, uint64_t, amo_min_u64)               \
	X(amomaxu_d, D, uint64_t, amo_max_u64)
/* clang-format on */
/* What an AMO leaves in rd: the old value, a word sign-extended. */
#define DPA_AMO_RESULT_W(old) ((uint64_t)(int64_t)(int32_t)(uint32_t)(old))
#define DPA_AMO_RESULT_D(old) ((uint64_t)(old))

#endif
