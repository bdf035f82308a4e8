/* Misaligned loads, stores, AMOs and LR/SC at every width. The DPA performs
 * plain loads and stores as BlueField-3 does (not atomically), as qemu does:
 * a load prints the value it read, a store the buffer it wrote, so comparing
 * with qemu checks the bytes. Under --strict-alignment they fault, and the
 * atomics fault in both modes (qemu faults them too). The argument is the
 * byte offset into an aligned buffer. */
#include "fault_program.h"

static uint64_t buffer[4] __attribute__((aligned(16))) = { 0x8877665544332211ull, 0xf0eeddccbbaa9900ull,
							   0x0f1e2d3c4b5a6978ull, 0x8796a5b4c3d2e1f0ull };

static uintptr_t address_at(uintptr_t offset)
{
	return (uintptr_t)buffer + offset;
}

static void print_loaded(uint64_t value)
{
	rt_print("loaded ");
	rt_print_hex(value);
	rt_print_char('\n');
}

static void print_buffer(void)
{
	rt_print("buffer");
	for (unsigned i = 0; i < 4; i++) {
		rt_print_char(' ');
		rt_print_hex(buffer[i]);
	}
	rt_print_char('\n');
}

/* norvc: the assembler would otherwise pick the compressed form whenever the
 * registers allow, and the c.* cases below cover those. */
#define UNCOMPRESSED(text) ".option push\n\t.option norvc\n\t" text "\n\t.option pop"

#define LOAD_CASE(name, instruction)                                    \
	static void name(uintptr_t offset)                              \
	{                                                               \
		uint64_t value;                                         \
		__asm__ volatile(UNCOMPRESSED(instruction " %0, 0(%1)") \
				 : "=r"(value)                          \
				 : "r"(address_at(offset))              \
				 : "memory");                           \
		print_loaded(value);                                    \
	}

#define STORE_CASE(name, instruction)                                                  \
	static void name(uintptr_t offset)                                             \
	{                                                                              \
		__asm__ volatile(UNCOMPRESSED(instruction " %0, 0(%1)")                \
				 :                                                     \
				 : "r"(0xa1b2c3d4e5f60718ull), "r"(address_at(offset)) \
				 : "memory");                                          \
		print_buffer();                                                        \
	}

#define AMO_CASE(name, instruction)                                   \
	static void name(uintptr_t offset)                            \
	{                                                             \
		uint64_t value;                                       \
		__asm__ volatile(instruction " %0, %1, (%2)"          \
				 : "=r"(value)                        \
				 : "r"(1ull), "r"(address_at(offset)) \
				 : "memory");                         \
	}

LOAD_CASE(load_lh, "lh")
LOAD_CASE(load_lhu, "lhu")
LOAD_CASE(load_lw, "lw")
LOAD_CASE(load_lwu, "lwu")
LOAD_CASE(load_ld, "ld")
STORE_CASE(store_sh, "sh")
STORE_CASE(store_sw, "sw")
STORE_CASE(store_sd, "sd")
AMO_CASE(amo_swap_w, "amoswap.w")
AMO_CASE(amo_add_w, "amoadd.w")
AMO_CASE(amo_xor_w, "amoxor.w")
AMO_CASE(amo_and_w, "amoand.w")
AMO_CASE(amo_or_w, "amoor.w")
AMO_CASE(amo_min_w, "amomin.w")
AMO_CASE(amo_max_w, "amomax.w")
AMO_CASE(amo_minu_w, "amominu.w")
AMO_CASE(amo_maxu_w, "amomaxu.w")
AMO_CASE(amo_swap_d, "amoswap.d")
AMO_CASE(amo_add_d, "amoadd.d")
AMO_CASE(amo_xor_d, "amoxor.d")
AMO_CASE(amo_and_d, "amoand.d")
AMO_CASE(amo_or_d, "amoor.d")
AMO_CASE(amo_min_d, "amomin.d")
AMO_CASE(amo_max_d, "amomax.d")
AMO_CASE(amo_minu_d, "amominu.d")
AMO_CASE(amo_maxu_d, "amomaxu.d")
AMO_CASE(store_conditional_w, "sc.w")
AMO_CASE(store_conditional_d, "sc.d")

static void load_reserved_w(uintptr_t offset)
{
	uint64_t value;
	__asm__ volatile("lr.w %0, (%1)" : "=r"(value) : "r"(address_at(offset)) : "memory");
}

static void load_reserved_d(uintptr_t offset)
{
	uint64_t value;
	__asm__ volatile("lr.d %0, (%1)" : "=r"(value) : "r"(address_at(offset)) : "memory");
}

/* The compressed forms only take x8-x15, hence the fixed registers. */
static void compressed_lw(uintptr_t offset)
{
	register uintptr_t address __asm__("a1") = address_at(offset);
	register uint64_t value __asm__("a0");
	__asm__ volatile("c.lw a0, 0(a1)" : "=r"(value) : "r"(address) : "memory");
	print_loaded(value);
}

static void compressed_ld(uintptr_t offset)
{
	register uintptr_t address __asm__("a1") = address_at(offset);
	register uint64_t value __asm__("a0");
	__asm__ volatile("c.ld a0, 0(a1)" : "=r"(value) : "r"(address) : "memory");
	print_loaded(value);
}

static void compressed_sw(uintptr_t offset)
{
	register uintptr_t address __asm__("a1") = address_at(offset);
	register uint64_t value __asm__("a0") = 0x1122334455667788ull;
	__asm__ volatile("c.sw a0, 0(a1)" : : "r"(value), "r"(address) : "memory");
	print_buffer();
}

static void compressed_sd(uintptr_t offset)
{
	register uintptr_t address __asm__("a1") = address_at(offset);
	register uint64_t value __asm__("a0") = 0x1122334455667788ull;
	__asm__ volatile("c.sd a0, 0(a1)" : : "r"(value), "r"(address) : "memory");
	print_buffer();
}

/* sp is moved onto the misaligned address for the access only. */
static void compressed_ldsp(uintptr_t offset)
{
	uint64_t value;
	__asm__ volatile("mv t0, sp\n\tmv sp, %1\n\tc.ldsp %0, 0(sp)\n\tmv sp, t0"
			 : "=&r"(value)
			 : "r"(address_at(offset))
			 : "t0", "memory");
	print_loaded(value);
}

static void compressed_swsp(uintptr_t offset)
{
	__asm__ volatile("mv t0, sp\n\tmv sp, %0\n\tc.swsp %1, 0(sp)\n\tmv sp, t0"
			 :
			 : "r"(address_at(offset)), "r"(0x0102030405060708ull)
			 : "t0", "memory");
	print_buffer();
}

static const struct fault_case cases[] = {
	{ "lh", load_lh },
	{ "lhu", load_lhu },
	{ "lw", load_lw },
	{ "lwu", load_lwu },
	{ "ld", load_ld },
	{ "sh", store_sh },
	{ "sw", store_sw },
	{ "sd", store_sd },
	{ "amoswap.w", amo_swap_w },
	{ "amoadd.w", amo_add_w },
	{ "amoxor.w", amo_xor_w },
	{ "amoand.w", amo_and_w },
	{ "amoor.w", amo_or_w },
	{ "amomin.w", amo_min_w },
	{ "amomax.w", amo_max_w },
	{ "amominu.w", amo_minu_w },
	{ "amomaxu.w", amo_maxu_w },
	{ "amoswap.d", amo_swap_d },
	{ "amoadd.d", amo_add_d },
	{ "amoxor.d", amo_xor_d },
	{ "amoand.d", amo_and_d },
	{ "amoor.d", amo_or_d },
	{ "amomin.d", amo_min_d },
	{ "amomax.d", amo_max_d },
	{ "amominu.d", amo_minu_d },
	{ "amomaxu.d", amo_maxu_d },
	{ "lr.w", load_reserved_w },
	{ "lr.d", load_reserved_d },
	{ "sc.w", store_conditional_w },
	{ "sc.d", store_conditional_d },
	{ "c.lw", compressed_lw },
	{ "c.ld", compressed_ld },
	{ "c.sw", compressed_sw },
	{ "c.sd", compressed_sd },
	{ "c.ldsp", compressed_ldsp },
	{ "c.swsp", compressed_swsp },
};

int test_main(long argc, char **argv)
{
	return run_fault_case(cases, FAULT_CASE_COUNT(cases), argc, argv);
}
