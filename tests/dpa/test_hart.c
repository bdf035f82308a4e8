/* Host->guest calls, guest->host services, LR/SC and AMOs. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "dpa_ecall.h"
#include "test_util.h"

static void test_call_arguments(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	for (unsigned r = 11; r <= 17; r++)
		emit32(&p, ADD(10, 10, r));
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	uint64_t args[8] = { 1, 2, 4, 8, 16, 32, 64, 128 }, r = 0;
	assert_int_equal(guest_call(&g, 0, args, 8, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 255);
	assert_int_equal(dpa_hart_call(g.hart, CODE_BASE, args, 9, &r), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_prepare_call(NULL, 0, NULL, 0), -EINVAL);
	assert_int_equal(dpa_hart_prepare_call(g.hart, 0, NULL, 1), -EINVAL);
	uint64_t address = 0, size = 0;
	assert_int_equal(dpa_image_symbol(g.image, "entry", &address, &size), 0);
	assert_int_equal(address, CODE_BASE);
	assert_int_equal(dpa_image_symbol(g.image, "missing", &address, &size), -ENOENT);
	/* repeated calls reuse the hart */
	for (int i = 0; i < 1000; i++)
		assert_int_equal(guest_call(&g, 0, args, 8, &r), DPA_STOP_RETURNED);
	guest_close(&g);
}

struct service_log {
	uint64_t args[6];
	unsigned calls;
};

static int64_t svc_sum(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct service_log *log = user;
	assert_non_null(dpa_hart_process(hart));
	memcpy(log->args, args, sizeof(log->args));
	log->calls++;
	return (int64_t)(args[0] + args[1] + args[2] + args[3] + args[4] + args[5]);
}

static int64_t svc_finish(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	dpa_hart_request_stop(hart, args[0]);
	return 0;
}

static void test_services(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LI(17, 0x100));      /* a7 = 0x100 (unused Linux slot -> fallback) */
	emit32(&p, LUI(17, 0x1000));    /* a7 = 0x1000 THREAD_FINISH? no: sum service */
	emit32(&p, ADDI(17, 17, 0x20)); /* a7 = DPA_ECALL_PRINT */
	emit32(&p, ECALL);
	emit32(&p, ADDI(10, 10, 1)); /* result + 1 */
	emit32(&p, LUI(17, 0x1000)); /* a7 = THREAD_FINISH */
	emit32(&p, ECALL);
	emit32(&p, LI(10, 0)); /* never reached */
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct service_log log = { 0 };
	assert_int_equal(dpa_process_set_service(g.process, DPA_ECALL_PRINT, svc_sum, &log), 0);
	assert_int_equal(dpa_process_set_service(g.process, DPA_ECALL_THREAD_FINISH, svc_finish, NULL), 0);
	assert_int_equal(dpa_process_set_service(g.process, 0x2000, svc_sum, NULL), -ERANGE);
	uint64_t args[6] = { 1, 2, 3, 4, 5, 6 };
	assert_int_equal(guest_call(&g, 0, args, 6, NULL), DPA_STOP_REQUESTED);
	assert_int_equal(log.calls, 1);
	assert_int_equal(log.args[5], 6);
	assert_int_equal(dpa_hart_reg(g.hart, 10), 0); /* the finish service's result */
	assert_int_equal(dpa_hart_stop_code(g.hart), 22);
	assert_int_equal(dpa_hart_pc(g.hart), CODE_BASE + 28); /* after the ecall */
	/* an unknown number faults without a fallback */
	assert_int_equal(dpa_process_set_service(g.process, DPA_ECALL_PRINT, NULL, NULL), 0);
	assert_int_equal(guest_call(&g, 0, args, 6, NULL), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_BAD_SERVICE);
	assert_int_equal(dpa_hart_fault(g.hart)->pc, CODE_BASE + 12);
	guest_close(&g);
}

static void test_builtin_services(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LUI(17, 0x1000));
	emit32(&p, ADDI(17, 17, 0x32)); /* MEMORY_WRITEBACK */
	emit32(&p, ECALL);
	emit32(&p, ADDI(17, 17, 1)); /* FENCE */
	emit32(&p, LI(10, DPA_FENCE_SPACE_SYSTEM));
	emit32(&p, ECALL);
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	uint64_t r = 1;
	assert_int_equal(guest_call(&g, 0, NULL, 0, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0);
	assert_int_equal(dpa_hart_memory_writebacks(g.hart), 1);
	guest_close(&g);
}

/* lr/sc: success, failure after an intervening store, failure on another address. */
static void test_lr_sc(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	/* a0 = address, a1 = value, a2 = address to store to in between (or 0), a3 = sc address */
	emit32(&p, AMO(0x02, 0, 10, 3, 14));  /* 0: lr.d a4, (a0) */
	emit32(&p, BEQ(12, 0, 8));            /* 4: skip store if a2 == 0 */
	emit32(&p, SD(11, 12, 0));            /* 8: sd a1, (a2) */
	emit32(&p, AMO(0x03, 11, 13, 3, 10)); /* 12: sc.d a0, a1, (a3) */
	emit32(&p, RET);
	emit32(&p, AMO(0x02, 0, 10, 2, 14));  /* 20: lr.w a4, (a0) */
	emit32(&p, AMO(0x03, 11, 10, 2, 10)); /* 24: sc.w a0, a1, (a0) */
	emit32(&p, AMO(0x03, 11, 13, 2, 15)); /* 28: sc.w a5, a1, (a3): no reservation now */
	emit32(&p, ADD(10, 10, 15));
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	uint64_t r = 9, v = 0;
	uint64_t ok[4] = { DATA_BASE, 77, 0, DATA_BASE };
	assert_int_equal(guest_call(&g, 0, ok, 4, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0);
	dpa_process_read(g.process, DATA_BASE, &v, 8);
	assert_int_equal(v, 77);
	uint64_t lost[4] = { DATA_BASE, 78, DATA_BASE, DATA_BASE };
	assert_int_equal(guest_call(&g, 0, lost, 4, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 1); /* the value changed under the reservation */
	uint64_t other[4] = { DATA_BASE, 79, 0, DATA_BASE + 8 };
	assert_int_equal(guest_call(&g, 0, other, 4, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 1);
	dpa_process_read(g.process, DATA_BASE + 8, &v, 8);
	assert_int_equal(v, 0);
	uint64_t word[4] = { DATA_BASE + 16, 5, 0, DATA_BASE + 16 };
	assert_int_equal(guest_call(&g, 20, word, 4, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 1); /* first sc.w succeeded (0), the second failed (1) */
	guest_close(&g);
}

static uint64_t amo(unsigned funct5, unsigned f3, uint64_t memory, uint64_t operand, uint64_t *after)
{
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, AMO(funct5, 11, 10, f3, 10));
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	dpa_process_write(g.process, DATA_BASE, &memory, 8);
	uint64_t args[2] = { DATA_BASE, operand }, r = 0;
	assert_int_equal(guest_call(&g, 0, args, 2, &r), DPA_STOP_RETURNED);
	dpa_process_read(g.process, DATA_BASE, after, 8);
	guest_close(&g);
	return r;
}

static void test_amos(void **state)
{
	(void)state;
	uint64_t m;
	const uint64_t hi = 0x1111111100000000ull;
	assert_int_equal(amo(0x00, 3, 5, 7, &m), 5); /* amoadd.d */
	assert_int_equal(m, 12);
	assert_int_equal(amo(0x00, 2, hi | 0xfffffffe, 3, &m), (uint64_t)-2); /* amoadd.w sign-extends */
	assert_int_equal(m, hi | 1);                                          /* and touches only the word */
	assert_int_equal(amo(0x01, 3, 5, 9, &m), 5);                          /* amoswap.d */
	assert_int_equal(m, 9);
	assert_int_equal(amo(0x04, 3, 6, 3, &m), 6); /* amoxor.d */
	assert_int_equal(m, 5);
	assert_int_equal(amo(0x0c, 3, 6, 3, &m), 6); /* amoand.d */
	assert_int_equal(m, 2);
	assert_int_equal(amo(0x08, 3, 6, 3, &m), 6); /* amoor.d */
	assert_int_equal(m, 7);
	assert_int_equal(amo(0x10, 3, 5, (uint64_t)-1, &m), 5); /* amomin.d */
	assert_int_equal(m, (uint64_t)-1);
	assert_int_equal(amo(0x14, 3, 5, (uint64_t)-1, &m), 5); /* amomax.d */
	assert_int_equal(m, 5);
	assert_int_equal(amo(0x18, 3, 5, (uint64_t)-1, &m), 5); /* amominu.d */
	assert_int_equal(m, 5);
	assert_int_equal(amo(0x1c, 3, 5, (uint64_t)-1, &m), 5); /* amomaxu.d */
	assert_int_equal(m, (uint64_t)-1);
	assert_int_equal(amo(0x10, 2, hi | 5, 0xffffffff, &m), 5); /* amomin.w: -1 < 5 */
	assert_int_equal(m, hi | 0xffffffff);
	assert_int_equal(amo(0x18, 2, hi | 5, 0xffffffff, &m), 5); /* amominu.w */
	assert_int_equal(m, hi | 5);
	assert_int_equal(amo(0x14, 2, hi | 0x80000000, 1, &m), 0xffffffff80000000ull); /* amomax.w */
	assert_int_equal(m, hi | 1);
	assert_int_equal(amo(0x1c, 2, hi | 0x80000000, 1, &m), 0xffffffff80000000ull); /* amomaxu.w */
	assert_int_equal(m, hi | 0x80000000);
	assert_int_equal(amo(0x01, 2, hi, 0xdeadbeef, &m), 0); /* amoswap.w */
	assert_int_equal(m, hi | 0xdeadbeef);
}

struct trace_log {
	unsigned count;
	uint64_t first_pc;
	uint32_t first_insn;
};

static void record_trace(void *user, struct dpa_hart *hart, uint64_t pc, uint32_t insn)
{
	struct trace_log *log = user;
	(void)hart;
	if (log->count++ == 0) {
		log->first_pc = pc;
		log->first_insn = insn;
	}
}

/* The traced loop sees every retired instruction and computes the same results. */
static void test_trace_and_halt(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LI(12, 3));
	emit32(&p, ADD(10, 10, 12)); /* loop: a0 += 3 */
	emit32(&p, ADDI(12, 12, -1));
	emit32(&p, BNE(12, 0, -8));
	emit16(&p, 0x8082); /* c.jr ra */
	assert_int_equal(guest_open(&g, &p, 0), 0);
	struct trace_log log = { 0 };
	dpa_hart_set_trace(g.hart, record_trace, &log);
	uint64_t arg = 1, r = 0;
	assert_int_equal(guest_call(&g, 0, &arg, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 1 + 3 + 2 + 1);
	assert_int_equal(log.count, dpa_hart_instret(g.hart));
	assert_int_equal(log.count, 1 + 3 * 3 + 1);
	assert_int_equal(log.first_pc, CODE_BASE);
	assert_int_equal(log.first_insn, LI(12, 3));
	dpa_hart_set_trace(g.hart, NULL, NULL);
	dpa_process_halt(g.process);
	assert_true(dpa_process_halted(g.process));
	assert_int_equal(guest_call(&g, 0, &arg, 1, &r), DPA_STOP_HALTED);
	guest_close(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_call_arguments),
		cmocka_unit_test(test_services),
		cmocka_unit_test(test_builtin_services),
		cmocka_unit_test(test_lr_sc),
		cmocka_unit_test(test_amos),
		cmocka_unit_test(test_trace_and_halt),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
