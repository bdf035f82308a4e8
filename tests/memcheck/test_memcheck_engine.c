/*
 * The memory-model checker in the engine (core/dpa/memcheck.h), on hand-assembled code: each
 * rule caught with its hart, pc and address, the correct sequence silent, and nothing at all
 * while the checker is off.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <memcheck.h>
#include <dpa_ecall.h>

#include "../dpa/test_util.h"

#define A0 10
#define A1 11
#define A2 12
#define A7 17

/* The program (offsets from CODE_BASE). */
#define AT_LOAD 0      /* a0 = *a0 */
#define AT_STORE 8     /* *a0 = a1 */
#define AT_DOORBELL 16 /* *a0 = a1; *a2 = a1 (the doorbell) */
#define AT_CORRECT 28  /* *a0 = a1; memory writeback; *a2 = a1 */

static void program(struct prog *p)
{
	p->n = 0;
	emit32(p, LD(A0, A0, 0)); /* 0 */
	emit32(p, RET);
	emit32(p, SD(A1, A0, 0)); /* 8 */
	emit32(p, RET);
	emit32(p, SD(A1, A0, 0)); /* 16 */
	emit32(p, SD(A1, A2, 0)); /* 20 */
	emit32(p, RET);
	emit32(p, SD(A1, A0, 0)); /* 28 */
	emit32(p, LUI(A7, DPA_ECALL_MEMORY_WRITEBACK & ~0xfffu));
	emit32(p, ADDI(A7, A7, DPA_ECALL_MEMORY_WRITEBACK & 0xfff));
	emit32(p, ECALL);
	emit32(p, SD(A1, A2, 0));
	emit32(p, RET);
}

static struct dpa_memcheck_report reports[16];
static unsigned nreports;

static void on_report(void *user, const struct dpa_memcheck_report *r)
{
	(void)user;
	if (nreports < 16)
		reports[nreports] = *r;
	nreports++;
}

/* Host memory behind a window, and an MMIO register (the doorbell) that swallows stores. */
static uint8_t host[4096];

static int host_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	(void)user, (void)hart;
	memcpy(dst, host + offset, size);
	return 0;
}

static int host_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	(void)user, (void)hart;
	memcpy(host + offset, src, size);
	return 0;
}

static int mmio_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	(void)user, (void)hart, (void)offset;
	memset(dst, 0, size);
	return 0;
}

static int mmio_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	(void)user, (void)hart, (void)offset, (void)src, (void)size;
	return 0;
}

struct fixture {
	struct guest g;
	uint64_t window, doorbell;
};

static void open_fixture(struct fixture *f, bool checking)
{
	static const struct dpa_mmio_ops host_ops = { host_read, host_write };
	static const struct dpa_mmio_ops mmio_ops = { mmio_read, mmio_write };
	struct prog p;

	program(&p);
	memset(host, 0, sizeof(host));
	nreports = 0;
	assert_int_equal(guest_open(&f->g, &p, 0), 0);
	assert_int_equal(
		dpa_process_map_aperture(f->g.process, DPA_REGION_WINDOW, sizeof(host), &host_ops, NULL, &f->window),
		0);
	assert_int_equal(dpa_process_map_aperture(f->g.process, DPA_REGION_MMIO, 4096, &mmio_ops, NULL, &f->doorbell),
			 0);
	if (checking)
		assert_int_equal(dpa_process_memcheck(f->g.process, on_report, NULL), 0);
	assert_int_equal(dpa_process_memcheck_enabled(f->g.process), checking);
}

static void call(struct fixture *f, uint64_t at, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t *r)
{
	uint64_t args[3] = { a0, a1, a2 };
	enum dpa_stop stop = guest_call(&f->g, at, args, 3, r);
	if (stop != DPA_STOP_RETURNED)
		fail_msg("stop %d: fault %d at pc 0x%llx address 0x%llx", stop, dpa_hart_fault(f->g.hart)->cause,
			 (unsigned long long)dpa_hart_fault(f->g.hart)->pc,
			 (unsigned long long)dpa_hart_fault(f->g.hart)->address);
}

static void memory_not_written_back_before_doorbell(void **state)
{
	struct fixture f;
	uint64_t wqe = DATA_BASE + 0x100;

	(void)state;
	open_fixture(&f, true);
	call(&f, AT_DOORBELL, wqe, 7, f.doorbell, NULL);
	dpa_process_memcheck_device_read(f.g.process, wqe, 64); /* the NIC reads the WQE */
	assert_int_equal(nreports, 1);
	assert_int_equal(reports[0].rule, DPA_MEMCHECK_MEMORY_NOT_WRITTEN_BACK);
	assert_int_equal(reports[0].point, DPA_MEMCHECK_AT_NIC_READ);
	assert_int_equal(reports[0].hart_id, dpa_hart_id(f.g.hart));
	assert_int_equal(reports[0].pc, CODE_BASE + AT_DOORBELL);
	assert_int_equal(reports[0].address, wqe);
	dpa_process_memcheck_device_read(f.g.process, wqe, 64);
	assert_int_equal(nreports, 1); /* once per store */

	/* The canonical sequence: write, memory writeback, doorbell. */
	call(&f, AT_CORRECT, wqe, 8, f.doorbell, NULL);
	dpa_process_memcheck_device_read(f.g.process, wqe, 64);
	assert_int_equal(nreports, 1);
	guest_close(&f.g);
}

static void memory_read_before_it_is_published_is_no_violation(void **state)
{
	struct fixture f;
	uint64_t dbr = DATA_BASE + 0x200;

	(void)state;
	open_fixture(&f, true);
	call(&f, AT_STORE, dbr, 1, 0, NULL);
	/* The NIC may read while the thread is between its store and its writeback. */
	dpa_process_memcheck_device_read(f.g.process, dbr, 4);
	assert_int_equal(nreports, 0);
	/* The invocation ends without a writeback: now the read is one. */
	dpa_hart_memcheck_end(f.g.hart);
	dpa_process_memcheck_device_read(f.g.process, dbr, 4);
	assert_int_equal(nreports, 1);
	assert_int_equal(reports[0].pc, CODE_BASE + AT_STORE);
	assert_int_equal(reports[0].address, dbr);
	guest_close(&f.g);
}

static void stale_window_read(void **state)
{
	struct fixture f;
	uint64_t r = 0;

	(void)state;
	open_fixture(&f, true);
	host[24] = 1;
	call(&f, AT_LOAD, f.window + 24, 0, 0, &r);
	assert_int_equal(r, 1);
	host[24] = 2; /* the host changes it */
	call(&f, AT_LOAD, f.window + 24, 0, 0, &r);
	assert_int_equal(r, 1); /* served from the cache, as the DPA memory model allows */
	assert_int_equal(nreports, 1);
	assert_int_equal(reports[0].rule, DPA_MEMCHECK_STALE_WINDOW_READ);
	assert_int_equal(reports[0].point, DPA_MEMCHECK_AT_LOAD);
	assert_int_equal(reports[0].pc, CODE_BASE + AT_LOAD);
	assert_int_equal(reports[0].address, f.window + 24);
	assert_ptr_equal(reports[0].hart, f.g.hart);

	/* With the invalidation: the new value, no report. */
	assert_int_equal(dpa_hart_window_invalidate(f.g.hart), 0);
	call(&f, AT_LOAD, f.window + 24, 0, 0, &r);
	assert_int_equal(r, 2);
	call(&f, AT_LOAD, f.window + 24, 0, 0, &r); /* a hit on unchanged memory */
	assert_int_equal(nreports, 1);
	guest_close(&f.g);
}

static void window_not_written_back(void **state)
{
	struct fixture f;

	(void)state;
	open_fixture(&f, true);
	/* At a doorbell. */
	call(&f, AT_DOORBELL, f.window + 64, 9, f.doorbell, NULL);
	assert_int_equal(nreports, 1);
	assert_int_equal(reports[0].rule, DPA_MEMCHECK_WINDOW_NOT_WRITTEN_BACK);
	assert_int_equal(reports[0].point, DPA_MEMCHECK_AT_DOORBELL);
	assert_int_equal(reports[0].pc, CODE_BASE + AT_DOORBELL);
	assert_int_equal(reports[0].at_pc, CODE_BASE + AT_DOORBELL + 4);
	assert_int_equal(reports[0].address, f.window + 64);
	assert_int_equal(reports[0].size, 8);
	dpa_hart_memcheck_end(f.g.hart);
	assert_int_equal(nreports, 1); /* reported once until written again */
	assert_int_equal(dpa_hart_window_writeback(f.g.hart), 0);

	/* At the end of an invocation. */
	call(&f, AT_STORE, f.window + 200, 3, 0, NULL);
	dpa_hart_memcheck_end(f.g.hart);
	assert_int_equal(nreports, 2);
	assert_int_equal(reports[1].point, DPA_MEMCHECK_AT_END);
	assert_int_equal(reports[1].pc, CODE_BASE + AT_STORE);
	assert_int_equal(reports[1].address, f.window + 200);

	/* Written back first: silent. */
	call(&f, AT_STORE, f.window + 296, 3, 0, NULL);
	assert_int_equal(dpa_hart_window_writeback(f.g.hart), 0);
	dpa_hart_memcheck_end(f.g.hart);
	assert_int_equal(nreports, 2);
	guest_close(&f.g);
}

static void off_is_silent(void **state)
{
	struct fixture f;
	uint64_t r;

	(void)state;
	open_fixture(&f, false);
	call(&f, AT_DOORBELL, DATA_BASE + 0x100, 7, f.doorbell, NULL);
	call(&f, AT_DOORBELL, f.window + 64, 9, f.doorbell, NULL);
	call(&f, AT_LOAD, f.window + 24, 0, 0, &r);
	host[24] = 5;
	call(&f, AT_LOAD, f.window + 24, 0, 0, &r);
	dpa_hart_memcheck_end(f.g.hart);
	dpa_process_memcheck_device_read(f.g.process, DATA_BASE + 0x100, 8);
	/* Turned on, then off again: silent too. */
	assert_int_equal(dpa_process_memcheck(f.g.process, on_report, NULL), 0);
	assert_int_equal(dpa_process_memcheck(f.g.process, NULL, NULL), 0);
	assert_false(dpa_process_memcheck_enabled(f.g.process));
	call(&f, AT_DOORBELL, DATA_BASE + 0x100, 7, f.doorbell, NULL);
	dpa_process_memcheck_device_read(f.g.process, DATA_BASE + 0x100, 8);
	assert_int_equal(nreports, 0);
	assert_int_equal(dpa_process_memcheck(NULL, on_report, NULL), -EINVAL);
	guest_close(&f.g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(memory_not_written_back_before_doorbell),
		cmocka_unit_test(memory_read_before_it_is_published_is_no_violation),
		cmocka_unit_test(stale_window_read),
		cmocka_unit_test(window_not_written_back),
		cmocka_unit_test(off_is_silent),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
