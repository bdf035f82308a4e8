/* Address space: regions, host accessors, every fault kind with its record, apertures and the
 * window cache. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

/* Runs one instruction at offset 0 of fresh code and returns the fault record's copy. */
static enum dpa_stop fault_of(uint32_t insn, uint64_t a0, uint64_t a1, struct dpa_fault *out)
{
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LI(5, 7)); /* a marker register for the dump */
	if ((insn & 3) == 3)
		emit32(&p, insn);
	else
		emit16(&p, (uint16_t)insn);
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	uint64_t args[2] = { a0, a1 };
	enum dpa_stop stop = guest_call(&g, 0, args, 2, NULL);
	const struct dpa_fault *f = dpa_hart_fault(g.hart);
	memset(out, 0, sizeof(*out));
	if (f != NULL)
		*out = *f;
	if (f != NULL) /* only the marker retired, and a jump before a fetch fault */
		assert_int_equal(out->instret, f->cause == DPA_FAULT_FETCH ? 2 : 1);
	guest_close(&g);
	return stop;
}

static void test_fault_records(void **state)
{
	(void)state;
	struct dpa_fault f;
	/* LR.D: misaligned atomics fault (plain loads are performed, test_misaligned.c). */
	assert_int_equal(fault_of(AMO(0x02, 0, 10, 3, 10), DATA_BASE + 4, 0, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_MISALIGNED);
	assert_int_equal(f.access, DPA_ACCESS_READ);
	assert_int_equal(f.pc, CODE_BASE + 4);
	assert_int_equal(f.address, DATA_BASE + 4);
	assert_int_equal(f.insn, AMO(0x02, 0, 10, 3, 10));
	assert_int_equal(f.regs[5], 7);
	assert_int_equal(f.regs[10], DATA_BASE + 4);

	assert_int_equal(fault_of(AMO(0x03, 11, 10, 2, 10), DATA_BASE + 2, 0, &f), DPA_STOP_FAULT); /* sc.w */
	assert_int_equal(f.cause, DPA_FAULT_MISALIGNED);
	assert_int_equal(f.access, DPA_ACCESS_WRITE);
	assert_int_equal(fault_of(SW(11, 10, 0), DATA_BASE + 2, 0, &f), DPA_STOP_RETURNED);
	assert_int_equal(fault_of(SB(11, 10, 0), DATA_BASE + 1, 0, &f), DPA_STOP_RETURNED);

	assert_int_equal(fault_of(LD(10, 10, 0), 0x8, 0, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_UNMAPPED);
	assert_int_equal(f.address, 8);
	assert_int_equal(fault_of(LD(10, 10, 0), DATA_BASE + DATA_SIZE, 0, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_UNMAPPED);
	assert_int_equal(fault_of(SD(11, 10, 0), CODE_BASE, 0, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_PERMISSION);
	assert_int_equal(f.access, DPA_ACCESS_WRITE);
	assert_int_equal(fault_of(LD(10, 10, 0), CODE_BASE, 0, &f), DPA_STOP_RETURNED);

	assert_int_equal(fault_of(JALR(0, 10, 0), DATA_BASE, 0, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_FETCH);
	assert_int_equal(f.pc, DATA_BASE);
	assert_int_equal(f.address, DATA_BASE);

	assert_int_equal(fault_of(0xffffffffu, 0, 0, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_ILLEGAL);
	assert_int_equal(f.pc, CODE_BASE + 4);
	assert_int_equal(f.insn, 0xffffffffu);
	assert_int_equal(fault_of(0x0000, 0, 0, &f), DPA_STOP_FAULT); /* c.unimp */
	assert_int_equal(f.cause, DPA_FAULT_ILLEGAL);
	assert_int_equal(fault_of(rv_i(0, 10, 3, 10, 0x07), 0, 0, &f), DPA_STOP_FAULT); /* fld */
	assert_int_equal(f.cause, DPA_FAULT_ILLEGAL);
	assert_int_equal(fault_of(EBREAK, 0, 0, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_BREAKPOINT);
	assert_int_equal(fault_of(0x9002, 0, 0, &f), DPA_STOP_FAULT); /* c.ebreak */
	assert_int_equal(f.cause, DPA_FAULT_BREAKPOINT);
	assert_int_equal(fault_of(ECALL, 0, 0, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_BAD_SERVICE);
	/* atomics need DPA memory and alignment */
	assert_int_equal(fault_of(AMO(0, 11, 10, 3, 10), DATA_BASE + 4, 1, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_MISALIGNED);
	assert_int_equal(fault_of(AMO(0, 11, 10, 2, 10), CODE_BASE, 1, &f), DPA_STOP_FAULT);
	assert_int_equal(f.cause, DPA_FAULT_PERMISSION);
}

static void test_watchdog(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, ADDI(10, 10, 1));
	emit32(&p, JAL(0, -4));
	assert_int_equal(guest_open(&g, &p, 100000), 0);
	assert_int_equal(guest_call(&g, 0, NULL, 0, NULL), DPA_STOP_FAULT);
	const struct dpa_fault *f = dpa_hart_fault(g.hart);
	assert_non_null(f);
	assert_int_equal(f->cause, DPA_FAULT_WATCHDOG);
	assert_true(f->instret <= 100000 && f->instret >= 99998);
	/* a new activation gets a fresh budget */
	assert_int_equal(guest_call(&g, 0, NULL, 0, NULL), DPA_STOP_FAULT);
	assert_true(dpa_hart_instret(g.hart) >= 199996);
	guest_close(&g);
}

static void test_regions_and_host_access(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	uint64_t heap, heap_size, base;
	assert_int_equal(dpa_process_heap(g.process, &heap, &heap_size), 0);
	assert_int_equal(heap_size, 1 << 20);
	struct dpa_region_info info;
	assert_int_equal(dpa_process_region(g.process, heap + 100, &info), 0);
	assert_int_equal(info.kind, DPA_REGION_HEAP);
	assert_int_equal(dpa_process_region(g.process, CODE_BASE, &info), 0);
	assert_int_equal(info.kind, DPA_REGION_CODE);
	assert_int_equal(info.perms, DPA_PERM_R | DPA_PERM_X);
	uint64_t v = 0x1122334455667788ull, back = 0;
	assert_int_equal(dpa_process_write(g.process, heap + 8, &v, 8), 0);
	assert_int_equal(dpa_process_read(g.process, heap + 8, &back, 8), 0);
	assert_int_equal(back, v);
	assert_int_equal(dpa_process_write(g.process, CODE_BASE, &v, 8), -EFAULT);
	assert_int_equal(dpa_process_read(g.process, heap + heap_size - 4, &back, 8), -EFAULT);
	assert_int_equal(dpa_process_read(g.process, 0, &back, 8), -EFAULT);
	assert_int_equal(dpa_process_read(g.process, UINT64_MAX - 3, &back, 8), -EFAULT);
	assert_null(dpa_process_host_pointer(g.process, CODE_BASE, 4, true));
	assert_non_null(dpa_process_host_pointer(g.process, CODE_BASE, 4, false));
	/* read-only data mapping, then unmap */
	assert_int_equal(dpa_process_map(g.process, DPA_REGION_DATA, 5000, DPA_PERM_R, &base), 0);
	assert_int_equal(dpa_process_region(g.process, base, &info), 0);
	assert_int_equal(info.size, 8192);
	assert_int_equal(dpa_process_write(g.process, base, &v, 8), -EFAULT);
	assert_int_equal(dpa_process_unmap(g.process, base), 0);
	assert_int_equal(dpa_process_read(g.process, base, &back, 8), -EFAULT);
	assert_int_equal(dpa_process_unmap(g.process, CODE_BASE), -ENOENT);
	assert_int_equal(dpa_process_map(g.process, DPA_REGION_CODE, 4096, DPA_PERM_R, &base), -EINVAL);
	assert_int_equal(dpa_process_map(g.process, DPA_REGION_DATA, 1ull << 40, 3, &base), -EINVAL);
	/* exhaustion is an error, not a crash */
	int n = 0;
	while (dpa_process_map(g.process, DPA_REGION_DATA, 1 << 20, 3, &base) == 0)
		n++;
	assert_true(n > 0 && n < 16);
	guest_close(&g);
}

/* An MMIO aperture recording accesses, used as outbox and as window backing memory. */
struct device {
	uint8_t mem[4096];
	unsigned reads, writes;
	int refuse;
};

static int dev_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	struct device *d = user;
	(void)hart;
	d->reads++;
	memcpy(dst, d->mem + offset, size);
	return d->refuse;
}

static int dev_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	struct device *d = user;
	(void)hart;
	d->writes++;
	memcpy(d->mem + offset, src, size);
	return d->refuse;
}

static const struct dpa_mmio_ops dev_ops = { dev_read, dev_write };

static void test_mmio(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, SD(11, 10, 0x100)); /* doorbell */
	emit32(&p, LW(10, 10, 0x104));
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	static struct device dev;
	memset(&dev, 0, sizeof(dev));
	uint64_t base, r = 0;
	assert_int_equal(dpa_process_map_aperture(g.process, DPA_REGION_MMIO, 4096, &dev_ops, &dev, &base), 0);
	uint64_t args[2] = { base, 0x8000000100000002ull };
	assert_int_equal(guest_call(&g, 0, args, 2, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0xffffffff80000001ull);
	assert_int_equal(dev.writes, 1);
	assert_int_equal(dev.reads, 1);
	dev.refuse = 1;
	assert_int_equal(guest_call(&g, 0, args, 2, &r), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_APERTURE);
	dev.refuse = 0;
	args[0] = base + 4096; /* guard gap after the aperture */
	assert_int_equal(guest_call(&g, 0, args, 2, &r), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_UNMAPPED);
	assert_int_equal(dpa_process_unmap(g.process, base), 0);
	args[0] = base;
	assert_int_equal(guest_call(&g, 0, args, 2, &r), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_UNMAPPED);
	guest_close(&g);
}

/* The DPA memory model: window writes reach memory only at writeback; host changes are seen after
 * invalidate. */
static void test_window_cache(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, SD(11, 10, 8)); /* 0: store */
	emit32(&p, LD(10, 10, 0)); /* 4: load a neighbour in the same line */
	emit32(&p, RET);
	emit32(&p, LD(10, 10, 0)); /* 12: load only */
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	static struct device dev;
	memset(&dev, 0, sizeof(dev));
	uint64_t host_value = 0xabcdull, base, r = 0;
	memcpy(dev.mem, &host_value, 8);
	assert_int_equal(dpa_process_map_aperture(g.process, DPA_REGION_WINDOW, 4096, &dev_ops, &dev, &base), 0);
	uint64_t args[2] = { base, 42 };
	assert_int_equal(guest_call(&g, 0, args, 2, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0xabcd);
	uint64_t seen;
	memcpy(&seen, dev.mem + 8, 8);
	assert_int_equal(seen, 0); /* not written back yet */
	assert_int_equal(dpa_hart_window_dirty_bytes(g.hart), 8);
	host_value = 0x9999;
	memcpy(dev.mem, &host_value, 8); /* the host changes memory */
	assert_int_equal(guest_call(&g, 12, args, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0xabcd); /* stale until invalidate */
	assert_int_equal(dpa_hart_window_invalidate(g.hart), 0);
	assert_int_equal(guest_call(&g, 12, args, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0x9999);
	memcpy(&seen, dev.mem + 8, 8);
	assert_int_equal(seen, 0); /* invalidate kept the dirty bytes */
	assert_int_equal(dpa_hart_window_writeback(g.hart), 0);
	memcpy(&seen, dev.mem + 8, 8);
	assert_int_equal(seen, 42);
	assert_int_equal(dpa_hart_window_dirty_bytes(g.hart), 0);
	guest_close(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fault_records),
		cmocka_unit_test(test_watchdog),
		cmocka_unit_test(test_regions_and_host_access),
		cmocka_unit_test(test_mmio),
		cmocka_unit_test(test_window_cache),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
