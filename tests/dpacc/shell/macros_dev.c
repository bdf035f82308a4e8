/* The macros dpa-clang predefines for device code, for test_options.sh (-DEXPECT_MODEL=...). */
#include <libflexio-dev/flexio_dev.h>

#if !defined(__DPA) || !defined(__DPA__)
#error "__DPA and __DPA__ are predefined for device code"
#endif
#if !(__NV_DPA_BF3 < __NV_DPA_CX7 && __NV_DPA_CX7 < __NV_DPA_CX8 && __NV_DPA_CX8 < __NV_DPA_CX9)
#error "the __NV_DPA_<MODEL> macros are ordered by generation"
#endif
#if __NV_DPA != EXPECT_MODEL
#error "__NV_DPA is not the -mcpu model"
#endif

uint64_t macros_rpc(uint64_t x);

__dpa_rpc__ uint64_t macros_rpc(uint64_t x)
{
	return x;
}
