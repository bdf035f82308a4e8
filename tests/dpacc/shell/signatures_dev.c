/* Signatures dpacc must reject, one selected per build with -DREJECT_<n>. */
#include <stdint.h>

struct pair {
	int a, b;
};

struct flexible {
	int n;
	int values[];
};

#pragma pack(push, 1)
struct pragma_packed {
	char c;
	int i;
};
#pragma pack(pop)

#if defined(REJECT_LONG_DOUBLE)
__dpa_rpc__ uint64_t takes_long_double(long double x)
{
	return (uint64_t)x;
}
#elif defined(REJECT_STRUCT)
struct with_long_double {
	struct pair p;
	long double x;
};

__dpa_rpc__ uint64_t takes_struct(struct with_long_double s)
{
	return (uint64_t)s.p.a;
}
#elif defined(REJECT_FLEXIBLE)
__dpa_rpc__ uint64_t takes_flexible(struct flexible f)
{
	return (uint64_t)f.n;
}
#elif defined(REJECT_PRAGMA_PACK)
__dpa_rpc__ uint64_t takes_pragma_packed(struct pragma_packed p)
{
	return (uint64_t)p.i;
}
#elif defined(LAYOUT)
/* Accepted; a host compiler told to pack structs lays it out unlike the DPA. */
struct padded {
	char c;
	long l;
};

__dpa_rpc__ uint64_t takes_pair_and_more(struct pair p, struct padded padded)
{
	return (uint64_t)(p.a + padded.l);
}
#elif defined(REJECT_VARIADIC)
__dpa_rpc__ uint64_t takes_varargs(int n, ...)
{
	return (uint64_t)n;
}
#elif defined(REJECT_MANY)
__dpa_rpc__ uint64_t takes_seventeen(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9,
				     int a10, int a11, int a12, int a13, int a14, int a15, int a16)
{
	return (uint64_t)(a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 + a16);
}
#endif
