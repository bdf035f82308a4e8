/* Helpers for the engine tests: an ELF writer, an RV64 encoder and a guest harness. */
#ifndef DPA_TEST_UTIL_H
#define DPA_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "dpa.h"

#define CODE_BASE 0x10000ull
#define DATA_BASE 0x40000ull
#define DATA_SIZE 0x2000ull

struct test_segment {
	uint64_t vaddr;
	uint32_t flags; /* PF_R 4, PF_W 2, PF_X 1 */
	const void *data;
	uint64_t filesz, memsz;
};

struct test_symbol {
	const char *name;
	uint64_t value, size;
	int global;
};

/* Writes an ELF64 RISC-V executable into a malloc'ed buffer; returns its size. */
size_t test_elf_build(uint8_t **out, uint64_t entry, const struct test_segment *segments, unsigned nsegments,
		      const struct test_symbol *symbols, unsigned nsymbols);

/* Code as halfwords, so compressed and full instructions mix. */
struct prog {
	uint16_t h[8192];
	size_t n;
};
void emit32(struct prog *p, uint32_t word);
void emit16(struct prog *p, uint16_t half);
uint64_t prog_pc(const struct prog *p); /* address of the next instruction */

uint32_t rv_r(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op);
uint32_t rv_i(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op);
uint32_t rv_s(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t op);
uint32_t rv_b(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3);
uint32_t rv_u(uint32_t imm, uint32_t rd, uint32_t op);
uint32_t rv_j(int32_t imm, uint32_t rd);

#define ADDI(rd, rs1, imm) rv_i((imm), (rs1), 0, (rd), 0x13)
#define LI(rd, imm) ADDI((rd), 0, (imm))
#define ADD(rd, a, b) rv_r(0, (b), (a), 0, (rd), 0x33)
#define LD(rd, rs1, imm) rv_i((imm), (rs1), 3, (rd), 0x03)
#define LW(rd, rs1, imm) rv_i((imm), (rs1), 2, (rd), 0x03)
#define LH(rd, rs1, imm) rv_i((imm), (rs1), 1, (rd), 0x03)
#define LB(rd, rs1, imm) rv_i((imm), (rs1), 0, (rd), 0x03)
#define SD(rs2, rs1, imm) rv_s((imm), (rs2), (rs1), 3, 0x23)
#define SW(rs2, rs1, imm) rv_s((imm), (rs2), (rs1), 2, 0x23)
#define SB(rs2, rs1, imm) rv_s((imm), (rs2), (rs1), 0, 0x23)
#define LUI(rd, imm) rv_u((imm), (rd), 0x37)
#define JAL(rd, off) rv_j((off), (rd))
#define JALR(rd, rs1, imm) rv_i((imm), (rs1), 0, (rd), 0x67)
#define BEQ(a, b, off) rv_b((off), (b), (a), 0)
#define BNE(a, b, off) rv_b((off), (b), (a), 1)
#define RET JALR(0, 1, 0)
#define ECALL 0x00000073u
#define EBREAK 0x00100073u
#define AMO(funct5, rs2, rs1, f3, rd) rv_r(((funct5) << 2), (rs2), (rs1), (f3), (rd), 0x2f)
#define CSRRS(rd, csr, rs1) rv_i((int32_t)(csr), (rs1), 2, (rd), 0x73)
#define AUIPC(rd, imm) rv_u((imm), (rd), 0x17)

/* Compressed forms (RVC). Registers written r' are x8..x15; offsets are byte offsets. */
uint16_t rvc_lw(uint32_t rd, uint32_t rs1, uint32_t offset);
uint16_t rvc_ld(uint32_t rd, uint32_t rs1, uint32_t offset);
uint16_t rvc_sw(uint32_t rs2, uint32_t rs1, uint32_t offset);
uint16_t rvc_sd(uint32_t rs2, uint32_t rs1, uint32_t offset);
uint16_t rvc_lwsp(uint32_t rd, uint32_t offset);
uint16_t rvc_ldsp(uint32_t rd, uint32_t offset);
uint16_t rvc_swsp(uint32_t rs2, uint32_t offset);
uint16_t rvc_sdsp(uint32_t rs2, uint32_t offset);
uint16_t rvc_addi(uint32_t rd, int32_t imm);
uint16_t rvc_addi16sp(int32_t imm);
uint16_t rvc_addi4spn(uint32_t rd, uint32_t imm);
uint16_t rvc_beqz(uint32_t rs1, int32_t offset);
uint16_t rvc_bnez(uint32_t rs1, int32_t offset);
uint16_t rvc_j(int32_t offset);
#define RVC_JR(rs1) ((uint16_t)(0x8002u | (rs1) << 7))
#define RVC_JALR(rs1) ((uint16_t)(0x9002u | (rs1) << 7))
#define RVC_EBREAK ((uint16_t)0x9002u)

/* A process made of code at CODE_BASE (RX) and zeroed data at DATA_BASE (RW). */
struct guest {
	struct dpa_image *image;
	struct dpa_process *process;
	struct dpa_hart *hart;
};
int guest_open(struct guest *g, const struct prog *code, uint64_t watchdog);
void guest_close(struct guest *g);
/* Calls code at CODE_BASE + offset with up to 8 arguments. */
enum dpa_stop guest_call(struct guest *g, uint64_t offset, const uint64_t *args, unsigned nargs, uint64_t *result);
/* Runs a single R-type operation "op a0, a0, a1; ret" on two operands. */
uint64_t run_op(uint32_t insn, uint64_t a, uint64_t b);

#endif
