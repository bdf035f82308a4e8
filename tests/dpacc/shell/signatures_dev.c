/* Signatures dpacc must reject, one selected per build with -DREJECT_<n>. */
#include <stdint.h>

struct pair {
	int a, b;
};

#if defined(REJECT_FLOAT)
__dpa_rpc__ uint64_t takes_double(double x)
{
	return (uint64_t)x;
}
#elif defined(REJECT_STRUCT)
__dpa_rpc__ uint64_t takes_struct(struct pair p)
{
	return (uint64_t)p.a;
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
