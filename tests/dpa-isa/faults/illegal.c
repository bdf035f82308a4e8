/* Encodings the DPA core must reject as illegal instructions (status 132):
 * F/D instructions and their compressed forms, CSRs other than the three
 * read-only counters, writes to those counters, privileged instructions,
 * reserved compressed encodings, and extensions the core lacks. "ebreak"
 * and "c.ebreak" stop with a breakpoint instead (status 133). */
#include "fault_program.h"

#define INSTRUCTION_CASE(name, directive)                 \
	static void name(uintptr_t unused)                \
	{                                                 \
		(void)unused;                             \
		__asm__ volatile(directive ::: "memory"); \
	}

INSTRUCTION_CASE(all_zero_halfword, ".2byte 0x0000")
INSTRUCTION_CASE(all_ones_word, ".4byte 0xffffffff")
INSTRUCTION_CASE(float_add, ".4byte 0x00007053")    /* fadd.s f0, f0, f0 */
INSTRUCTION_CASE(float_load, ".4byte 0x00012007")   /* flw f0, 0(sp) */
INSTRUCTION_CASE(double_move, ".4byte 0xe2000553")  /* fmv.x.d a0, f0 */
INSTRUCTION_CASE(compressed_fld, ".2byte 0x2000")   /* c.fld f8, 0(s0) */
INSTRUCTION_CASE(compressed_fsdsp, ".2byte 0xa002") /* c.fsdsp f0, 0(sp) */
INSTRUCTION_CASE(csr_mstatus, "csrr a0, mstatus")
INSTRUCTION_CASE(csr_fflags, "csrr a0, fflags")
INSTRUCTION_CASE(csr_sscratch, "csrr a0, sscratch")
INSTRUCTION_CASE(csr_cycleh, ".4byte 0xc8002573") /* csrr a0, cycleh (RV32 only) */
INSTRUCTION_CASE(csr_write_cycle, "csrw cycle, a0")
INSTRUCTION_CASE(csr_set_instret, "li a0, 1\n\tcsrs instret, a0")
INSTRUCTION_CASE(machine_return, "mret")
INSTRUCTION_CASE(supervisor_return, "sret")
INSTRUCTION_CASE(compressed_lui_zero, ".2byte 0x6501")      /* c.lui a0, 0 (reserved) */
INSTRUCTION_CASE(compressed_addi16sp_zero, ".2byte 0x6101") /* c.addi16sp sp, 0 (reserved) */
INSTRUCTION_CASE(compressed_addi4spn_zero, ".2byte 0x0008") /* c.addi4spn s0, sp, 0 (reserved) */
INSTRUCTION_CASE(compressed_addiw_x0, ".2byte 0x2005")      /* c.addiw x0, 1 (reserved) */
INSTRUCTION_CASE(compressed_jr_x0, ".2byte 0x8002")         /* c.jr x0 (reserved) */
INSTRUCTION_CASE(compressed_lwsp_x0, ".2byte 0x4002")       /* c.lwsp x0, 0(sp) (reserved) */
INSTRUCTION_CASE(sraiw_shamt_32, ".4byte 0x4205551b")       /* sraiw a0, a0, 32 (reserved) */
INSTRUCTION_CASE(amo_bad_width, ".4byte 0x00b5452f")        /* AMO with funct3 = 4 */
INSTRUCTION_CASE(zbc_clmul, ".4byte 0x0ab51533")            /* clmul a0, a0, a1 */
/* norvc, or the assembler would turn ebreak into c.ebreak */
INSTRUCTION_CASE(breakpoint, ".option push\n\t.option norvc\n\tebreak\n\t.option pop")
INSTRUCTION_CASE(compressed_breakpoint, "c.ebreak")

static const struct fault_case cases[] = {
	{ "zero", all_zero_halfword },
	{ "all-ones", all_ones_word },
	{ "fadd.s", float_add },
	{ "flw", float_load },
	{ "fmv.x.d", double_move },
	{ "c.fld", compressed_fld },
	{ "c.fsdsp", compressed_fsdsp },
	{ "csr-mstatus", csr_mstatus },
	{ "csr-fflags", csr_fflags },
	{ "csr-sscratch", csr_sscratch },
	{ "csr-cycleh", csr_cycleh },
	{ "csrw-cycle", csr_write_cycle },
	{ "csrs-instret", csr_set_instret },
	{ "mret", machine_return },
	{ "sret", supervisor_return },
	{ "c.lui-0", compressed_lui_zero },
	{ "c.addi16sp-0", compressed_addi16sp_zero },
	{ "c.addi4spn-0", compressed_addi4spn_zero },
	{ "c.addiw-x0", compressed_addiw_x0 },
	{ "c.jr-x0", compressed_jr_x0 },
	{ "c.lwsp-x0", compressed_lwsp_x0 },
	{ "sraiw-32", sraiw_shamt_32 },
	{ "amo-width-4", amo_bad_width },
	{ "clmul", zbc_clmul },
	{ "ebreak", breakpoint },
	{ "c.ebreak", compressed_breakpoint },
};

int test_main(long argc, char **argv)
{
	return run_fault_case(cases, FAULT_CASE_COUNT(cases), argc, argv);
}
