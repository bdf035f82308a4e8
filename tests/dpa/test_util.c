#include "test_util.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

static size_t align_up(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

size_t test_elf_build(uint8_t **out, uint64_t entry, const struct test_segment *segments, unsigned nsegments,
		      const struct test_symbol *symbols, unsigned nsymbols)
{
	size_t off = sizeof(Elf64_Ehdr) + nsegments * sizeof(Elf64_Phdr);
	size_t seg_off[16];
	for (unsigned i = 0; i < nsegments; i++) {
		off = align_up(off, 4096) + segments[i].vaddr % 4096;
		seg_off[i] = off;
		off += segments[i].filesz;
	}
	static const char shstr[] = "\0.symtab\0.strtab\0.shstrtab";
	size_t strsz = 1;
	for (unsigned i = 0; i < nsymbols; i++)
		strsz += strlen(symbols[i].name) + 1;
	size_t symtab_off = align_up(off, 8);
	size_t symtab_size = (nsymbols + 1) * sizeof(Elf64_Sym);
	size_t strtab_off = symtab_off + symtab_size;
	size_t shstr_off = strtab_off + strsz;
	size_t sh_off = align_up(shstr_off + sizeof(shstr), 8);
	size_t total = sh_off + 4 * sizeof(Elf64_Shdr);
	uint8_t *f = calloc(1, total);
	Elf64_Ehdr h = { .e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64, ELFDATA2LSB, EV_CURRENT },
			 .e_type = ET_EXEC,
			 .e_machine = EM_RISCV,
			 .e_version = EV_CURRENT,
			 .e_entry = entry,
			 .e_phoff = sizeof(Elf64_Ehdr),
			 .e_shoff = sh_off,
			 .e_flags = 1 /* RVC */,
			 .e_ehsize = sizeof(Elf64_Ehdr),
			 .e_phentsize = sizeof(Elf64_Phdr),
			 .e_phnum = (uint16_t)nsegments,
			 .e_shentsize = sizeof(Elf64_Shdr),
			 .e_shnum = 4,
			 .e_shstrndx = 3 };
	memcpy(f, &h, sizeof(h));
	for (unsigned i = 0; i < nsegments; i++) {
		Elf64_Phdr p = { .p_type = PT_LOAD,
				 .p_flags = segments[i].flags,
				 .p_offset = seg_off[i],
				 .p_vaddr = segments[i].vaddr,
				 .p_paddr = segments[i].vaddr,
				 .p_filesz = segments[i].filesz,
				 .p_memsz = segments[i].memsz,
				 .p_align = 4096 };
		memcpy(f + sizeof(h) + i * sizeof(p), &p, sizeof(p));
		if (segments[i].filesz)
			memcpy(f + seg_off[i], segments[i].data, segments[i].filesz);
	}
	size_t name = 1;
	for (unsigned i = 0; i < nsymbols; i++) {
		Elf64_Sym s = { .st_name = (uint32_t)name,
				.st_info = ELF64_ST_INFO(symbols[i].global ? STB_GLOBAL : STB_LOCAL, STT_FUNC),
				.st_shndx = 1,
				.st_value = symbols[i].value,
				.st_size = symbols[i].size };
		memcpy(f + symtab_off + (i + 1) * sizeof(s), &s, sizeof(s));
		strcpy((char *)f + strtab_off + name, symbols[i].name);
		name += strlen(symbols[i].name) + 1;
	}
	memcpy(f + shstr_off, shstr, sizeof(shstr));
	Elf64_Shdr sh[4] = {
		{ 0 },
		{ .sh_name = 1,
		  .sh_type = SHT_SYMTAB,
		  .sh_offset = symtab_off,
		  .sh_size = symtab_size,
		  .sh_link = 2,
		  .sh_info = 1,
		  .sh_addralign = 8,
		  .sh_entsize = sizeof(Elf64_Sym) },
		{ .sh_name = 9, .sh_type = SHT_STRTAB, .sh_offset = strtab_off, .sh_size = strsz, .sh_addralign = 1 },
		{ .sh_name = 17,
		  .sh_type = SHT_STRTAB,
		  .sh_offset = shstr_off,
		  .sh_size = sizeof(shstr),
		  .sh_addralign = 1 },
	};
	memcpy(f + sh_off, sh, sizeof(sh));
	*out = f;
	return total;
}

void emit32(struct prog *p, uint32_t word)
{
	p->h[p->n++] = (uint16_t)word;
	p->h[p->n++] = (uint16_t)(word >> 16);
}

void emit16(struct prog *p, uint16_t half)
{
	p->h[p->n++] = half;
}

uint64_t prog_pc(const struct prog *p)
{
	return CODE_BASE + p->n * 2;
}

uint32_t rv_r(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op)
{
	return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

uint32_t rv_i(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op)
{
	return (uint32_t)imm << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

uint32_t rv_s(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t op)
{
	uint32_t u = (uint32_t)imm;
	return (u >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | op;
}

uint32_t rv_b(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3)
{
	uint32_t u = (uint32_t)imm;
	return (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u >> 1 & 15) << 8 |
	       (u >> 11 & 1) << 7 | 0x63;
}

uint32_t rv_u(uint32_t imm, uint32_t rd, uint32_t op)
{
	return (imm & 0xfffff000u) | rd << 7 | op;
}

uint32_t rv_j(int32_t imm, uint32_t rd)
{
	uint32_t u = (uint32_t)imm;
	return (u >> 20 & 1) << 31 | (u >> 1 & 0x3ff) << 21 | (u >> 11 & 1) << 20 | (u >> 12 & 0xff) << 12 | rd << 7 |
	       0x6f;
}

/* RVC fields, as the RISC-V unprivileged spec lays them out per format. */
static uint32_t bit(uint32_t x, unsigned n)
{
	return (x >> n) & 1;
}

static uint32_t bits(uint32_t x, unsigned hi, unsigned lo)
{
	return (x >> lo) & ((1u << (hi - lo + 1)) - 1);
}

static uint16_t rvc_cl(uint32_t f3, uint32_t r, uint32_t rs1, uint32_t off, int dword)
{
	uint32_t low = dword ? bits(off, 7, 6) : (bit(off, 2) << 1 | bit(off, 6));
	return (uint16_t)(f3 << 13 | bits(off, 5, 3) << 10 | (rs1 - 8) << 7 | low << 5 | (r - 8) << 2);
}

uint16_t rvc_lw(uint32_t rd, uint32_t rs1, uint32_t offset)
{
	return rvc_cl(2, rd, rs1, offset, 0);
}

uint16_t rvc_ld(uint32_t rd, uint32_t rs1, uint32_t offset)
{
	return rvc_cl(3, rd, rs1, offset, 1);
}

uint16_t rvc_sw(uint32_t rs2, uint32_t rs1, uint32_t offset)
{
	return rvc_cl(6, rs2, rs1, offset, 0);
}

uint16_t rvc_sd(uint32_t rs2, uint32_t rs1, uint32_t offset)
{
	return rvc_cl(7, rs2, rs1, offset, 1);
}

uint16_t rvc_lwsp(uint32_t rd, uint32_t offset)
{
	return (uint16_t)(2u << 13 | bit(offset, 5) << 12 | rd << 7 | bits(offset, 4, 2) << 4 |
			  bits(offset, 7, 6) << 2 | 2);
}

uint16_t rvc_ldsp(uint32_t rd, uint32_t offset)
{
	return (uint16_t)(3u << 13 | bit(offset, 5) << 12 | rd << 7 | bits(offset, 4, 3) << 5 |
			  bits(offset, 8, 6) << 2 | 2);
}

uint16_t rvc_swsp(uint32_t rs2, uint32_t offset)
{
	return (uint16_t)(6u << 13 | bits(offset, 5, 2) << 9 | bits(offset, 7, 6) << 7 | rs2 << 2 | 2);
}

uint16_t rvc_sdsp(uint32_t rs2, uint32_t offset)
{
	return (uint16_t)(7u << 13 | bits(offset, 5, 3) << 10 | bits(offset, 8, 6) << 7 | rs2 << 2 | 2);
}

uint16_t rvc_addi(uint32_t rd, int32_t imm)
{
	uint32_t u = (uint32_t)imm;
	return (uint16_t)(bit(u, 5) << 12 | rd << 7 | bits(u, 4, 0) << 2 | 1);
}

uint16_t rvc_addi16sp(int32_t imm)
{
	uint32_t u = (uint32_t)imm;
	return (uint16_t)(3u << 13 | bit(u, 9) << 12 | 2u << 7 | bit(u, 4) << 6 | bit(u, 6) << 5 | bits(u, 8, 7) << 3 |
			  bit(u, 5) << 2 | 1);
}

uint16_t rvc_addi4spn(uint32_t rd, uint32_t imm)
{
	return (uint16_t)(bits(imm, 5, 4) << 11 | bits(imm, 9, 6) << 7 | bit(imm, 2) << 6 | bit(imm, 3) << 5 |
			  (rd - 8) << 2);
}

static uint16_t rvc_cb(uint32_t f3, uint32_t rs1, int32_t offset)
{
	uint32_t u = (uint32_t)offset;
	return (uint16_t)(f3 << 13 | bit(u, 8) << 12 | bits(u, 4, 3) << 10 | (rs1 - 8) << 7 | bits(u, 7, 6) << 5 |
			  bits(u, 2, 1) << 3 | bit(u, 5) << 2 | 1);
}

uint16_t rvc_beqz(uint32_t rs1, int32_t offset)
{
	return rvc_cb(6, rs1, offset);
}

uint16_t rvc_bnez(uint32_t rs1, int32_t offset)
{
	return rvc_cb(7, rs1, offset);
}

uint16_t rvc_j(int32_t offset)
{
	uint32_t u = (uint32_t)offset;
	return (uint16_t)(5u << 13 | bit(u, 11) << 12 | bit(u, 4) << 11 | bits(u, 9, 8) << 9 | bit(u, 10) << 8 |
			  bit(u, 6) << 7 | bit(u, 7) << 6 | bits(u, 3, 1) << 3 | bit(u, 5) << 2 | 1);
}

int guest_open(struct guest *g, const struct prog *code, uint64_t watchdog)
{
	memset(g, 0, sizeof(*g));
	struct test_segment segs[2] = {
		{ .vaddr = CODE_BASE, .flags = 5, .data = code->h, .filesz = code->n * 2, .memsz = code->n * 2 + 2 },
		{ .vaddr = DATA_BASE, .flags = 6, .data = NULL, .filesz = 0, .memsz = DATA_SIZE },
	};
	struct test_symbol sym = { "entry", CODE_BASE, code->n * 2, 1 };
	uint8_t *elf;
	size_t size = test_elf_build(&elf, CODE_BASE, segs, 2, &sym, 1);
	char err[DPA_ERROR_MAX];
	g->image = dpa_image_load(elf, size, err, sizeof(err));
	free(elf);
	if (g->image == NULL)
		return -1;
	struct dpa_process_config pc = { .memory_size = 16 << 20, .heap_size = 1 << 20, .watchdog = watchdog };
	g->process = dpa_process_create(g->image, &pc, err, sizeof(err));
	if (g->process == NULL)
		return -1;
	g->hart = dpa_hart_create(g->process, NULL);
	return g->hart != NULL ? 0 : -1;
}

void guest_close(struct guest *g)
{
	dpa_hart_destroy(g->hart);
	dpa_process_destroy(g->process);
	dpa_image_release(g->image);
}

enum dpa_stop guest_call(struct guest *g, uint64_t offset, const uint64_t *args, unsigned nargs, uint64_t *result)
{
	return dpa_hart_call(g->hart, CODE_BASE + offset, args, nargs, result);
}

uint64_t run_op(uint32_t insn, uint64_t a, uint64_t b)
{
	struct prog p = { .n = 0 };
	struct guest g;
	uint64_t args[2] = { a, b }, r = 0xdeadbeef;
	if ((insn & 3) == 3)
		emit32(&p, insn);
	else
		emit16(&p, (uint16_t)insn);
	emit32(&p, RET);
	if (guest_open(&g, &p, 0) == 0)
		guest_call(&g, 0, args, 2, &r);
	guest_close(&g);
	return r;
}
