/* Instruction semantics: RV64IM, Zba/Zbb/Zbs, compressed forms, control flow and counters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "test_util.h"

#define A0 10
#define A1 11
#define OP(f7, f3) rv_r((f7), A1, A0, (f3), A0, 0x33)
#define OP32(f7, f3) rv_r((f7), A1, A0, (f3), A0, 0x3b)
#define UNARY(imm12, f3, opc) rv_i((imm12), A0, (f3), A0, (opc))

static const uint64_t MIN64 = 0x8000000000000000ull;

static void test_base_alu(void **state)
{
	(void)state;
	assert_int_equal(run_op(OP(0, 0), 5, 7), 12);
	assert_int_equal(run_op(OP(0x20, 0), 5, 7), (uint64_t)-2);
	assert_int_equal(run_op(OP(0, 1), 1, 65), 2);                   /* sll masks to 6 bits */
	assert_int_equal(run_op(OP(0, 2), (uint64_t)-1, 0), 1);         /* slt */
	assert_int_equal(run_op(OP(0, 3), (uint64_t)-1, 0), 0);         /* sltu */
	assert_int_equal(run_op(OP(0x20, 5), MIN64, 63), (uint64_t)-1); /* sra */
	assert_int_equal(run_op(OP(0, 5), MIN64, 63), 1);               /* srl */
	assert_int_equal(run_op(ADDI(A0, A0, -1), 0, 0), (uint64_t)-1);
	assert_int_equal(run_op(rv_i(-1, A0, 3, A0, 0x13), 5, 0), 1); /* sltiu a0, a0, -1 */
}

static void test_word_forms(void **state)
{
	(void)state;
	assert_int_equal(run_op(OP32(0, 0), 0x7fffffff, 1), 0xffffffff80000000ull); /* addw */
	assert_int_equal(run_op(OP32(0x20, 0), 0, 1), (uint64_t)-1);                /* subw */
	assert_int_equal(run_op(OP32(0, 1), 1, 31), 0xffffffff80000000ull);         /* sllw */
	assert_int_equal(run_op(OP32(0, 5), 0xffffffff80000000ull, 31), 1);         /* srlw */
	assert_int_equal(run_op(OP32(0x20, 5), 0x80000000ull, 31), (uint64_t)-1);   /* sraw */
	assert_int_equal(run_op(rv_i(1, A0, 0, A0, 0x1b), 0x7fffffff, 0), 0xffffffff80000000ull);
	assert_int_equal(run_op(rv_i(0, A0, 0, A0, 0x1b), 0x1ffffffffull, 0), (uint64_t)-1); /* sext.w */
	assert_int_equal(run_op(rv_i(0x400 | 4, A0, 5, A0, 0x1b), 0x80000000ull, 0), 0xfffffffff8000000ull);
}

static void test_muldiv(void **state)
{
	(void)state;
	assert_int_equal(run_op(OP(1, 0), 6, 7), 42);
	assert_int_equal(run_op(OP(1, 1), (uint64_t)-1, (uint64_t)-1), 0); /* mulh */
	assert_int_equal(run_op(OP(1, 1), MIN64, MIN64), 0x4000000000000000ull);
	assert_int_equal(run_op(OP(1, 2), (uint64_t)-1, (uint64_t)-1), (uint64_t)-1); /* mulhsu */
	assert_int_equal(run_op(OP(1, 3), (uint64_t)-1, (uint64_t)-1), (uint64_t)-2); /* mulhu */
	assert_int_equal(run_op(OP(1, 4), 7, 0), (uint64_t)-1);                       /* div by zero */
	assert_int_equal(run_op(OP(1, 4), MIN64, (uint64_t)-1), MIN64);               /* overflow */
	assert_int_equal(run_op(OP(1, 4), (uint64_t)-7, 2), (uint64_t)-3);
	assert_int_equal(run_op(OP(1, 5), 7, 0), (uint64_t)-1);     /* divu by zero */
	assert_int_equal(run_op(OP(1, 6), 7, 0), 7);                /* rem by zero */
	assert_int_equal(run_op(OP(1, 6), MIN64, (uint64_t)-1), 0); /* rem overflow */
	assert_int_equal(run_op(OP(1, 6), (uint64_t)-7, 2), (uint64_t)-1);
	assert_int_equal(run_op(OP(1, 7), 7, 0), 7);               /* remu by zero */
	assert_int_equal(run_op(OP32(1, 0), 0x10000, 0x10000), 0); /* mulw */
	assert_int_equal(run_op(OP32(1, 0), 0xffff, 0x10001), 0xffffffffffffffffull);
	assert_int_equal(run_op(OP32(1, 4), 0x80000000ull, (uint64_t)-1), 0xffffffff80000000ull);
	assert_int_equal(run_op(OP32(1, 4), 5, 0), (uint64_t)-1);             /* divw by zero */
	assert_int_equal(run_op(OP32(1, 5), 5, 0), (uint64_t)-1);             /* divuw by zero */
	assert_int_equal(run_op(OP32(1, 5), 0xfffffffe, 1), (uint64_t)-2);    /* divuw result sign-extends */
	assert_int_equal(run_op(OP32(1, 6), 0x80000000ull, (uint64_t)-1), 0); /* remw overflow */
	assert_int_equal(run_op(OP32(1, 6), 0x180000005ull, 0), 0xffffffff80000005ull);
	assert_int_equal(run_op(OP32(1, 7), 0x80000005ull, 0), 0xffffffff80000005ull);
}

static void test_bitmanip(void **state)
{
	(void)state;
	assert_int_equal(run_op(OP(0x10, 2), 3, 100), 106);                   /* sh1add */
	assert_int_equal(run_op(OP(0x10, 6), 3, 100), 124);                   /* sh3add */
	assert_int_equal(run_op(OP32(0x04, 0), 0xffffffff00000001ull, 1), 2); /* add.uw */
	assert_int_equal(run_op(OP32(0x10, 4), 0xffffffff00000001ull, 1), 5); /* sh2add.uw */
	assert_int_equal(run_op(rv_i(0x080 | 4, A0, 1, A0, 0x1b), 0xffffffff80000000ull, 0),
			 0x800000000ull);                          /* slli.uw */
	assert_int_equal(run_op(OP(0x20, 7), 0xff, 0x0f), 0xf0);   /* andn */
	assert_int_equal(run_op(OP(0x20, 6), 0, 0), (uint64_t)-1); /* orn */
	assert_int_equal(run_op(OP(0x20, 4), 5, 5), (uint64_t)-1); /* xnor */
	assert_int_equal(run_op(UNARY(0x600, 1, 0x13), 0, 0), 64); /* clz */
	assert_int_equal(run_op(UNARY(0x600, 1, 0x13), 1, 0), 63);
	assert_int_equal(run_op(UNARY(0x601, 1, 0x13), 0, 0), 64);                                        /* ctz */
	assert_int_equal(run_op(UNARY(0x602, 1, 0x13), 0xff00ff, 0), 16);                                 /* cpop */
	assert_int_equal(run_op(UNARY(0x600, 1, 0x1b), 0xffffffff00000000ull, 0), 32);                    /* clzw */
	assert_int_equal(run_op(UNARY(0x601, 1, 0x1b), 0x100000000ull, 0), 32);                           /* ctzw */
	assert_int_equal(run_op(UNARY(0x602, 1, 0x1b), (uint64_t)-1, 0), 32);                             /* cpopw */
	assert_int_equal(run_op(OP(0x05, 4), (uint64_t)-1, 1), (uint64_t)-1);                             /* min */
	assert_int_equal(run_op(OP(0x05, 5), (uint64_t)-1, 1), 1);                                        /* minu */
	assert_int_equal(run_op(OP(0x05, 6), (uint64_t)-1, 1), 1);                                        /* max */
	assert_int_equal(run_op(OP(0x05, 7), (uint64_t)-1, 1), (uint64_t)-1);                             /* maxu */
	assert_int_equal(run_op(UNARY(0x604, 1, 0x13), 0x80, 0), (uint64_t)-128);                         /* sext.b */
	assert_int_equal(run_op(UNARY(0x605, 1, 0x13), 0x8000, 0), (uint64_t)-32768);                     /* sext.h */
	assert_int_equal(run_op(rv_r(0x04, 0, A0, 4, A0, 0x3b), 0x12345, 0), 0x2345);                     /* zext.h */
	assert_int_equal(run_op(OP(0x30, 1), MIN64 | 1, 1), 3);                                           /* rol */
	assert_int_equal(run_op(OP(0x30, 5), 3, 1), MIN64 | 1);                                           /* ror */
	assert_int_equal(run_op(OP(0x30, 5), 3, 0), 3);                                                   /* ror by 0 */
	assert_int_equal(run_op(UNARY(0x600 | 4, 5, 0x13), 0x10, 0), 1);                                  /* rori 4 */
	assert_int_equal(run_op(OP32(0x30, 1), 0x80000001ull, 1), 3);                                     /* rolw */
	assert_int_equal(run_op(OP32(0x30, 5), 1, 1), 0xffffffff80000000ull);                             /* rorw */
	assert_int_equal(run_op(UNARY(0x600 | 1, 5, 0x1b), 1, 0), 0xffffffff80000000ull);                 /* roriw */
	assert_int_equal(run_op(UNARY(0x287, 5, 0x13), 0x0100200000000003ull, 0), 0xff00ff00000000ffull); /* orc.b */
	assert_int_equal(run_op(UNARY(0x6b8, 5, 0x13), 0x0102030405060708ull, 0), 0x0807060504030201ull); /* rev8 */
	assert_int_equal(run_op(OP(0x24, 1), 0xff, 3), 0xf7);                                             /* bclr */
	assert_int_equal(run_op(OP(0x24, 5), 0x8, 3), 1);                                                 /* bext */
	assert_int_equal(run_op(OP(0x34, 1), 0x8, 3), 0);                                                 /* binv */
	assert_int_equal(run_op(OP(0x14, 1), 0, 63), MIN64);                                              /* bset */
	assert_int_equal(run_op(UNARY(0x480 | 63, 1, 0x13), (uint64_t)-1, 0), ~MIN64);                    /* bclri */
	assert_int_equal(run_op(UNARY(0x480 | 2, 5, 0x13), 4, 0), 1);                                     /* bexti */
	assert_int_equal(run_op(UNARY(0x680 | 1, 1, 0x13), 3, 0), 1);                                     /* binvi */
	assert_int_equal(run_op(UNARY(0x280 | 40, 1, 0x13), 0, 0), 1ull << 40);                           /* bseti */
}

static void test_compressed(void **state)
{
	(void)state;
	assert_int_equal(run_op(0x952e, 5, 7), 12);                             /* c.add a0, a1 */
	assert_int_equal(run_op(0x8d0d, 5, 7), (uint64_t)-2);                   /* c.sub a0, a1 */
	assert_int_equal(run_op(0x9d2d, 0x7fffffff, 1), 0xffffffff80000000ull); /* c.addw */
	assert_int_equal(run_op(0x9d0d, 0, 1), (uint64_t)-1);                   /* c.subw */
	assert_int_equal(run_op(0x8d2d, 6, 3), 5);                              /* c.xor */
	assert_int_equal(run_op(0x8d4d, 6, 3), 7);                              /* c.or */
	assert_int_equal(run_op(0x8d6d, 6, 3), 2);                              /* c.and */
	assert_int_equal(run_op(0x157d, 5, 0), 4);                              /* c.addi a0, -1 */
	assert_int_equal(run_op(0x2505, 0x7fffffff, 0), 0xffffffff80000000ull); /* c.addiw a0, 1 */
	assert_int_equal(run_op(0x4515, 0, 0), 5);                              /* c.li a0, 5 */
	assert_int_equal(run_op(0x7541, 0, 0), 0xffffffffffff0000ull);          /* c.lui a0, 0xffff0 */
	assert_int_equal(run_op(0x0506, 3, 0), 6);                              /* c.slli a0, 1 */
	assert_int_equal(run_op(0x8105, MIN64, 0), 0x4000000000000000ull);      /* c.srli a0, 1 */
	assert_int_equal(run_op(0x8505, MIN64, 0), 0xc000000000000000ull);      /* c.srai a0, 1 */
	assert_int_equal(run_op(0x893d, 0xff, 0), 0xf);                         /* c.andi a0, 15 */
	assert_int_equal(run_op(0x852e, 0, 9), 9);                              /* c.mv a0, a1 */
}

/* Loads, stores and the sp-relative compressed forms, against the data segment. */
static void test_memory_forms(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, SD(11, 10, 8));             /* sd a1, 8(a0) */
	emit32(&p, LW(12, 10, 8));             /* lw a2, 8(a0) (sign-extends) */
	emit32(&p, rv_i(8, 10, 6, 13, 0x03));  /* lwu a3, 8(a0) */
	emit32(&p, LB(14, 10, 15));            /* lb a4, 15(a0) */
	emit32(&p, rv_i(14, 10, 5, 15, 0x03)); /* lhu a5, 14(a0) */
	emit16(&p, 0x6510);                    /* c.ld a2', 8(a0) -> ld a2... (c.ld x12, 8(x10)) */
	emit32(&p, ADD(10, 12, 13));           /* a0 = a2 + a3 */
	emit32(&p, ADD(10, 10, 14));
	emit32(&p, ADD(10, 10, 15));
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	uint64_t args[2] = { DATA_BASE, 0x8000000180000002ull }, r = 0;
	assert_int_equal(guest_call(&g, 0, args, 2, &r), DPA_STOP_RETURNED);
	/* a2 = ld = value; a3 = 0x80000002; a4 = (int8)0x80 = -128; a5 = 0x8000 */
	assert_int_equal(r, 0x8000000180000002ull + 0x80000002ull - 128 + 0x8000);
	guest_close(&g);

	/* c.sdsp / c.ldsp / c.swsp / c.lwsp / c.addi16sp / c.addi4spn */
	p.n = 0;
	emit16(&p, 0x7179); /* c.addi16sp sp, -48 */
	emit16(&p, 0xe42a); /* c.sdsp a0, 8(sp) */
	emit16(&p, 0xc82e); /* c.swsp a1, 16(sp) */
	emit16(&p, 0x0028); /* c.addi4spn a0, sp, 8 */
	emit16(&p, 0x6108); /* c.ld a0, 0(a0) */
	emit16(&p, 0x4642); /* c.lwsp a2, 16(sp) */
	emit16(&p, 0x9532); /* c.add a0, a2 */
	emit16(&p, 0x6622); /* c.ldsp a2, 8(sp) */
	emit16(&p, 0x9532); /* c.add a0, a2 */
	emit16(&p, 0x6145); /* c.addi16sp sp, 48 */
	emit16(&p, 0x8082); /* c.jr ra */
	assert_int_equal(guest_open(&g, &p, 0), 0);
	args[0] = 100;
	args[1] = 0xffffffff;
	assert_int_equal(guest_call(&g, 0, args, 2, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 100 + (uint64_t)-1 + 100);
	guest_close(&g);
}

/* Branches, jal/jalr links, auipc/lui, and exact instruction counts. */
static void test_control_flow(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	/* a0 = sum of 1..a0 with a loop, then call a leaf through jal, return */
	emit32(&p, LI(12, 0));         /* 0: a2 = 0 */
	emit32(&p, ADD(12, 12, 10));   /* 4: loop: a2 += a0 */
	emit32(&p, ADDI(10, 10, -1));  /* 8: a0-- */
	emit32(&p, BNE(10, 0, -8));    /* 12: bnez a0, loop */
	emit32(&p, ADDI(5, 1, 0));     /* 16: t0 = ra */
	emit32(&p, JAL(1, 12));        /* 20: call leaf at 32 */
	emit32(&p, ADDI(1, 5, 0));     /* 24: ra = t0 */
	emit32(&p, RET);               /* 28 */
	emit32(&p, rv_u(0, 13, 0x17)); /* 32: leaf: auipc a3, 0 -> a3 = 0x10020 */
	emit32(&p, ADD(10, 12, 13));   /* 36: a0 = a2 + a3 */
	emit16(&p, 0x8082);            /* 40: c.jr ra */
	assert_int_equal(guest_open(&g, &p, 0), 0);
	uint64_t args[1] = { 10 }, r = 0;
	assert_int_equal(guest_call(&g, 0, args, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 55 + CODE_BASE + 32);
	/* 1 + 10*3 + 2 (t0, jal) + 3 (leaf) + 2 (restore, ret) */
	assert_int_equal(dpa_hart_instret(g.hart), 38);
	/* cycles: 38 + taken-branch penalty for 9 taken bnez, jal, c.jr, ret */
	assert_int_equal(dpa_hart_cycles(g.hart), 38 + 2 * 12);
	guest_close(&g);
}

/* Branches whose target is outside the code (the "far" kind): each condition decides like the
 * near one; taken, the fetch at the target faults there, not taken, the next instruction runs. */
static void test_far_branches(void **state)
{
	(void)state;
	static const struct {
		uint32_t f3;
		bool taken_less, taken_equal; /* a0 = -1, a1 = 1; a0 = a1 = 5 */
	} cases[] = {
		{ 0, false, true },  /* beq */
		{ 1, true, false },  /* bne */
		{ 4, true, false },  /* blt: -1 < 1 signed */
		{ 5, false, true },  /* bge */
		{ 6, false, false }, /* bltu: 2^64 - 1 is not below 1 */
		{ 7, true, true },   /* bgeu */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct prog p = { .n = 0 };
		struct guest g;
		emit32(&p, rv_b(-2048, 11, 10, cases[i].f3)); /* 0: b<cond> a0, a1, code - 2048 */
		emit32(&p, LI(10, 1));                        /* 4: a0 = 1 */
		emit32(&p, RET);                              /* 8 */
		assert_int_equal(guest_open(&g, &p, 0), 0);
		for (int equal = 0; equal < 2; equal++) {
			uint64_t args[2] = { equal ? 5 : (uint64_t)-1, equal ? 5 : 1 }, r = 0;
			bool taken = equal ? cases[i].taken_equal : cases[i].taken_less;
			enum dpa_stop stop = guest_call(&g, 0, args, 2, &r);
			if (taken) {
				assert_int_equal(stop, DPA_STOP_FAULT);
				assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_FETCH);
				assert_int_equal(dpa_hart_fault(g.hart)->pc, CODE_BASE - 2048);
			} else {
				assert_int_equal(stop, DPA_STOP_RETURNED);
				assert_int_equal(r, 1);
			}
		}
		guest_close(&g);
	}
}

/* rdinstret/rdcycle see the instructions before them, exactly, mid-block. */
static void test_counters(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, CSRRS(11, 0xc02, 0)); /* rdinstret a1 */
	emit32(&p, LI(5, 1));
	emit32(&p, LI(5, 2));
	emit32(&p, CSRRS(10, 0xc02, 0));             /* rdinstret a0 */
	emit32(&p, rv_r(0x20, 11, 10, 0, 10, 0x33)); /* a0 -= a1 */
	emit32(&p, CSRRS(12, 0xc00, 0));             /* rdcycle a2 */
	emit32(&p, CSRRS(13, 0xc01, 0));             /* rdtime a3 */
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	uint64_t r = 0;
	assert_int_equal(guest_call(&g, 0, NULL, 0, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 3);
	assert_int_equal(dpa_hart_reg(g.hart, 12), 5);
	assert_int_equal(dpa_hart_reg(g.hart, 13), 6 * 5 / 9);
	guest_close(&g);
	assert_int_equal(run_op(CSRRS(10, 0xc03, 0), 0, 0), 0xdeadbeef);         /* hpmcounter3 */
	assert_int_equal(run_op(rv_i(0xc00, 0, 1, 10, 0x73), 0, 0), 0xdeadbeef); /* csrrw cycle */
}

/* A block longer than DPA_BLOCK_MAX is split and still counted exactly. */
static void test_long_block(void **state)
{
	(void)state;
	struct prog *p = calloc(1, sizeof(*p));
	struct guest g;
	for (int i = 0; i < 3000; i++)
		emit32(p, ADDI(10, 10, 1));
	emit32(p, RET);
	assert_int_equal(guest_open(&g, p, 0), 0);
	uint64_t r = 0;
	assert_int_equal(guest_call(&g, 0, NULL, 0, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 3000);
	assert_int_equal(dpa_hart_instret(g.hart), 3001);
	/* budgets stop at block boundaries and resume exactly */
	uint64_t zero = 0;
	assert_int_equal(dpa_hart_prepare_call(g.hart, CODE_BASE, &zero, 1), 0);
	uint64_t before = dpa_hart_instret(g.hart);
	assert_int_equal(dpa_hart_run(g.hart, 1500), DPA_STOP_BUDGET);
	assert_true(dpa_hart_instret(g.hart) - before <= 1500);
	while (dpa_hart_run(g.hart, 1500) == DPA_STOP_BUDGET)
		;
	assert_int_equal(dpa_hart_reg(g.hart, 10), 3000);
	assert_int_equal(dpa_hart_instret(g.hart) - before, 3001);
	guest_close(&g);
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base_alu),     cmocka_unit_test(test_word_forms),
		cmocka_unit_test(test_muldiv),       cmocka_unit_test(test_bitmanip),
		cmocka_unit_test(test_compressed),   cmocka_unit_test(test_memory_forms),
		cmocka_unit_test(test_control_flow), cmocka_unit_test(test_counters),
		cmocka_unit_test(test_long_block),   cmocka_unit_test(test_far_branches),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
