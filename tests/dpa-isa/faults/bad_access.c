/* Accesses the memory map forbids: unmapped addresses for loads, stores and
 * instruction fetch, stores to read-only segments and fetches from data.
 * Each must end the program with SIGSEGV semantics (status 139). */
#include "fault_program.h"

static const uint64_t read_only_word = 0x1234;
static uint32_t data_word = 0x00008067; /* "ret", to prove fetch is refused */

static void load_from(uintptr_t address)
{
	uint64_t value;
	__asm__ volatile("ld %0, 0(%1)" : "=r"(value) : "r"(address) : "memory");
}

static void store_to(uintptr_t address)
{
	__asm__ volatile("sd zero, 0(%0)" : : "r"(address) : "memory");
}

static void jump_to(uintptr_t address)
{
	__asm__ volatile("jalr ra, 0(%0)" : : "r"(address) : "ra", "memory");
}

static void load_null(uintptr_t unused)
{
	(void)unused;
	load_from(0);
}

static void store_null(uintptr_t unused)
{
	(void)unused;
	store_to(8);
}

static void jump_null(uintptr_t unused)
{
	(void)unused;
	jump_to(0);
}

static void amo_null(uintptr_t unused)
{
	uint64_t value;
	(void)unused;
	__asm__ volatile("amoadd.d %0, %1, (%2)" : "=r"(value) : "r"(1ull), "r"(16ull) : "memory");
}

static void store_text(uintptr_t unused)
{
	(void)unused;
	/* Aligned down: a misaligned store would fault for another reason. */
	store_to((uintptr_t)&run_fault_case & ~(uintptr_t)7);
}

static void store_rodata(uintptr_t unused)
{
	(void)unused;
	store_to((uintptr_t)&read_only_word);
}

static void jump_data(uintptr_t unused)
{
	(void)unused;
	jump_to((uintptr_t)&data_word);
}

static const struct fault_case cases[] = {
	{ "load-null", load_null }, { "store-null", store_null }, { "jump-null", jump_null },
	{ "amo-null", amo_null },   { "store-text", store_text }, { "store-rodata", store_rodata },
	{ "jump-data", jump_data },
};

int test_main(long argc, char **argv)
{
	return run_fault_case(cases, FAULT_CASE_COUNT(cases), argc, argv);
}
