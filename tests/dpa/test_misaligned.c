/* Misaligned loads and stores (core/dpa/README.md, "Faults"): performed byte by byte as BlueField-3
 * performs them, after every page touched passed its check; faults under strict alignment; atomics
 * and MMIO accesses always fault; windows split at their lines; counted per hart and process and
 * reported to the memory-model checker. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "memcheck.h"
#include "test_util.h"

/* Two read-write pages, a read-only one, then the guard page before anything else. */
#define RW_BASE DATA_BASE
#define RW_SIZE 0x2000ull
#define RO_BASE (RW_BASE + RW_SIZE)
#define RO_SIZE 0x1000ull
#define UNMAPPED (RO_BASE + RO_SIZE)

#define LBU(rd, rs1, imm) rv_i((imm), (rs1), 4, (rd), 0x03)
#define LHU(rd, rs1, imm) rv_i((imm), (rs1), 5, (rd), 0x03)
#define LWU(rd, rs1, imm) rv_i((imm), (rs1), 6, (rd), 0x03)
#define SH(rs2, rs1, imm) rv_s((imm), (rs2), (rs1), 1, 0x23)
#define LR_W(rd, rs1) AMO(0x02, 0, (rs1), 2, (rd))
#define SC_D(rd, rs2, rs1) AMO(0x03, (rs2), (rs1), 3, (rd))

/* "insn; ret" with a0 the address and a1 the value stored, in the layout above. */
static void open_guest(struct guest *g, uint32_t insn)
{
	static uint8_t ro_data[RO_SIZE];
	struct prog p = { .n = 0 };
	emit32(&p, insn);
	emit32(&p, RET);
	for (size_t i = 0; i < sizeof(ro_data); i++)
		ro_data[i] = (uint8_t)(0xa0 + i);
	struct test_segment segs[3] = {
		{ .vaddr = CODE_BASE, .flags = 5, .data = p.h, .filesz = p.n * 2, .memsz = p.n * 2 },
		{ .vaddr = RW_BASE, .flags = 6, .data = NULL, .filesz = 0, .memsz = RW_SIZE },
		{ .vaddr = RO_BASE, .flags = 4, .data = ro_data, .filesz = RO_SIZE, .memsz = RO_SIZE },
	};
	struct test_symbol sym = { "entry", CODE_BASE, p.n * 2, 1 };
	uint8_t *elf;
	size_t size = test_elf_build(&elf, CODE_BASE, segs, 3, &sym, 1);
	char err[DPA_ERROR_MAX];
	memset(g, 0, sizeof(*g));
	g->image = dpa_image_load(elf, size, err, sizeof(err));
	free(elf);
	assert_non_null(g->image);
	struct dpa_process_config pc = { .memory_size = 16 << 20, .heap_size = 1 << 20 };
	g->process = dpa_process_create(g->image, &pc, err, sizeof(err));
	assert_non_null(g->process);
	g->hart = dpa_hart_create(g->process, NULL);
	assert_non_null(g->hart);
	/* Distinct bytes, so that a wrong byte order or a missing byte shows. */
	uint8_t pattern[RW_SIZE];
	for (size_t i = 0; i < sizeof(pattern); i++)
		pattern[i] = (uint8_t)(i * 7 + 1);
	assert_int_equal(dpa_process_write(g->process, RW_BASE, pattern, sizeof(pattern)), 0);
}

/* The little-endian value of size bytes at address, as the host sees DPA memory. */
static uint64_t host_value(struct guest *g, uint64_t address, unsigned size)
{
	uint64_t v = 0;
	assert_int_equal(dpa_process_read(g->process, address, &v, size), 0);
	return v;
}

static uint64_t sign_extend(uint64_t v, unsigned size)
{
	unsigned shift = 64 - 8 * size;
	return size == 8 ? v : (uint64_t)((int64_t)(v << shift) >> shift);
}

/* Every load at every misaligned offset inside a page and across the boundary of two pages. */
static void test_loads(void **state)
{
	(void)state;
	const struct load {
		uint32_t insn;
		unsigned size;
		int is_signed;
	} loads[] = {
		{ LH(10, 10, 0), 2, 1 },  { LHU(10, 10, 0), 2, 0 }, { LW(10, 10, 0), 4, 1 },
		{ LWU(10, 10, 0), 4, 0 }, { LD(10, 10, 0), 8, 0 },
	};

	for (size_t l = 0; l < sizeof(loads) / sizeof(loads[0]); l++) {
		struct guest g;
		open_guest(&g, loads[l].insn);
		uint64_t expected_count = 0;
		/* inside the first page, then across into the second */
		const uint64_t bases[] = { RW_BASE + 0x100, RW_BASE + 0x1000 - loads[l].size };
		for (unsigned b = 0; b < 2; b++)
			for (unsigned off = 1; off < loads[l].size; off++) {
				uint64_t address = bases[b] + off, r = 0;
				uint64_t args[1] = { address };
				assert_int_equal(guest_call(&g, 0, args, 1, &r), DPA_STOP_RETURNED);
				uint64_t want = host_value(&g, address, loads[l].size);
				assert_int_equal(r, loads[l].is_signed ? sign_extend(want, loads[l].size) : want);
				expected_count++;
			}
		assert_int_equal(dpa_hart_misaligned(g.hart), expected_count);
		assert_int_equal(dpa_process_misaligned(g.process), expected_count);
		guest_close(&g);
	}
	/* A byte load is never misaligned. */
	struct guest g;
	open_guest(&g, LBU(10, 10, 0));
	uint64_t args[1] = { RW_BASE + 3 }, r = 0;
	assert_int_equal(guest_call(&g, 0, args, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(dpa_hart_misaligned(g.hart), 0);
	guest_close(&g);
}

static void test_stores(void **state)
{
	(void)state;
	const struct store {
		uint32_t insn;
		unsigned size;
	} stores[] = {
		{ SH(11, 10, 0), 2 },
		{ SW(11, 10, 0), 4 },
		{ SD(11, 10, 0), 8 },
	};

	const uint64_t value = 0x8877665544332211ull;
	for (size_t s = 0; s < sizeof(stores) / sizeof(stores[0]); s++) {
		unsigned size = stores[s].size;
		struct guest g;
		open_guest(&g, stores[s].insn);
		/* inside the first page, then across into the second */
		const uint64_t bases[] = { RW_BASE + 0x200, RW_BASE + 0x1000 - size };
		uint64_t count = 0;
		for (unsigned b = 0; b < 2; b++)
			for (unsigned off = 1; off < size; off++) {
				uint64_t address = bases[b] + off;
				uint64_t before = host_value(&g, address - 1, 1),
					 after = host_value(&g, address + size, 1);
				uint64_t args[2] = { address, value };
				assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_RETURNED);
				uint64_t mask = size == 8 ? ~0ull : (1ull << (8 * size)) - 1;
				assert_int_equal(host_value(&g, address, size), value & mask);
				/* exactly size bytes */
				assert_int_equal(host_value(&g, address - 1, 1), before);
				assert_int_equal(host_value(&g, address + size, 1), after);
				count++;
			}
		assert_int_equal(dpa_hart_misaligned(g.hart), count);
		guest_close(&g);
	}
}

/* A misaligned access reaching an unmapped page or a page it may not write faults with the
 * access's address; a refused store writes none of its bytes. */
static void test_faults_across_pages(void **state)
{
	(void)state;
	struct guest g;
	open_guest(&g, LD(10, 10, 0));
	uint64_t args[2] = { UNMAPPED - 3, 0 }, r = 0;
	assert_int_equal(guest_call(&g, 0, args, 1, &r), DPA_STOP_FAULT);
	const struct dpa_fault *f = dpa_hart_fault(g.hart);
	assert_int_equal(f->cause, DPA_FAULT_UNMAPPED);
	assert_int_equal(f->access, DPA_ACCESS_READ);
	assert_int_equal(f->address, UNMAPPED - 3);
	assert_int_equal(f->pc, CODE_BASE);
	/* The read-only page is readable, also from the page before it. */
	args[0] = RO_BASE - 3;
	assert_int_equal(guest_call(&g, 0, args, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, host_value(&g, RO_BASE - 3, 8));
	assert_int_equal(dpa_hart_misaligned(g.hart), 1);
	guest_close(&g);

	open_guest(&g, SD(11, 10, 0));
	uint64_t before = host_value(&g, RO_BASE - 8, 8);
	args[0] = RO_BASE - 3;
	args[1] = ~0ull;
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_FAULT);
	f = dpa_hart_fault(g.hart);
	assert_int_equal(f->cause, DPA_FAULT_PERMISSION);
	assert_int_equal(f->access, DPA_ACCESS_WRITE);
	assert_int_equal(f->address, RO_BASE - 3);
	assert_int_equal(host_value(&g, RO_BASE - 8, 8), before); /* no partial write */
	assert_int_equal(host_value(&g, RO_BASE, 8), 0xa7a6a5a4a3a2a1a0ull);
	args[0] = UNMAPPED - 5;
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_PERMISSION); /* the first page refuses */
	assert_int_equal(dpa_hart_misaligned(g.hart), 0);
	assert_int_equal(dpa_process_misaligned(g.process), 0);
	guest_close(&g);
}

static void test_strict(void **state)
{
	(void)state;
	struct guest g;
	open_guest(&g, SW(11, 10, 0));
	assert_false(dpa_process_strict_alignment(g.process));
	assert_int_equal(dpa_process_set_strict_alignment(NULL, true), -EINVAL);
	assert_int_equal(dpa_process_set_strict_alignment(g.process, true), 0);
	assert_true(dpa_process_strict_alignment(g.process));
	uint64_t before = host_value(&g, RW_BASE + 0x10, 8);
	uint64_t args[2] = { RW_BASE + 0x13, ~0ull };
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_FAULT);
	const struct dpa_fault *f = dpa_hart_fault(g.hart);
	assert_int_equal(f->cause, DPA_FAULT_MISALIGNED);
	assert_int_equal(f->access, DPA_ACCESS_WRITE);
	assert_int_equal(f->address, RW_BASE + 0x13);
	assert_int_equal(host_value(&g, RW_BASE + 0x10, 8), before);
	/* Checked before mapping, as before: a misaligned access to no memory is misaligned. */
	args[0] = UNMAPPED + 1;
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_MISALIGNED);
	assert_int_equal(dpa_hart_misaligned(g.hart), 0);
	/* Off again: performed. */
	assert_int_equal(dpa_process_set_strict_alignment(g.process, false), 0);
	args[0] = RW_BASE + 0x13;
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_RETURNED);
	assert_int_equal(host_value(&g, RW_BASE + 0x13, 4), 0xffffffffu);
	assert_int_equal(dpa_hart_misaligned(g.hart), 1);
	guest_close(&g);
}

/* AMOs and LR/SC keep faulting when misaligned: atomicity is what the device cannot give. */
static void test_atomics_fault(void **state)
{
	(void)state;
	const uint32_t atomics[] = { AMO(0, 11, 10, 3, 10), AMO(0, 11, 10, 2, 10), AMO(1, 11, 10, 3, 10), LR_W(10, 10),
				     SC_D(10, 11, 10) };
	for (size_t i = 0; i < sizeof(atomics) / sizeof(atomics[0]); i++) {
		struct guest g;
		open_guest(&g, atomics[i]);
		uint64_t args[2] = { RW_BASE + 0x22, 1 };
		assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_FAULT);
		assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_MISALIGNED);
		assert_int_equal(dpa_hart_fault(g.hart)->address, RW_BASE + 0x22);
		assert_int_equal(dpa_hart_misaligned(g.hart), 0);
		guest_close(&g);
	}
}

struct device {
	uint8_t mem[4096];
	unsigned reads, writes;
};

static int dev_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	struct device *d = user;
	(void)hart;
	d->reads++;
	memcpy(dst, d->mem + offset, size);
	return 0;
}

static int dev_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	struct device *d = user;
	(void)hart;
	d->writes++;
	memcpy(d->mem + offset, src, size);
	return 0;
}

static const struct dpa_mmio_ops dev_ops = { dev_read, dev_write };

/* Through a window, a misaligned access is split where it crosses a 64-byte line; an MMIO one
 * faults (a device register is accessed whole), and so does one leaving its aperture. */
static void test_apertures(void **state)
{
	(void)state;
	static struct device dev;
	for (size_t i = 0; i < sizeof(dev.mem); i++)
		dev.mem[i] = (uint8_t)(i * 3);
	struct guest g;
	open_guest(&g, LD(10, 10, 0));
	uint64_t window, mmio, r = 0;
	assert_int_equal(dpa_process_map_aperture(g.process, DPA_REGION_WINDOW, 4096, &dev_ops, &dev, &window), 0);
	assert_int_equal(dpa_process_map_aperture(g.process, DPA_REGION_MMIO, 4096, &dev_ops, &dev, &mmio), 0);
	uint64_t args[2] = { window + 60, 0 }, want;
	memcpy(&want, dev.mem + 60, 8);
	assert_int_equal(guest_call(&g, 0, args, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, want);
	assert_int_equal(dev.reads, 2); /* two lines filled */
	args[0] = window + 4096 - 4;
	assert_int_equal(guest_call(&g, 0, args, 1, &r), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_UNMAPPED);
	assert_int_equal(dpa_hart_fault(g.hart)->address, window + 4096 - 4);
	args[0] = mmio + 4;
	assert_int_equal(guest_call(&g, 0, args, 1, &r), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_MISALIGNED);
	assert_int_equal(dpa_hart_misaligned(g.hart), 1);
	guest_close(&g);

	open_guest(&g, SD(11, 10, 0));
	assert_int_equal(dpa_process_map_aperture(g.process, DPA_REGION_WINDOW, 4096, &dev_ops, &dev, &window), 0);
	args[0] = window + 128 - 3;
	args[1] = 0x0102030405060708ull;
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_RETURNED);
	assert_int_equal(dpa_hart_window_dirty_bytes(g.hart), 8);
	assert_int_equal(dpa_hart_window_writeback(g.hart), 0);
	uint64_t seen;
	memcpy(&seen, dev.mem + 128 - 3, 8);
	assert_int_equal(seen, 0x0102030405060708ull);
	assert_int_equal(dpa_hart_misaligned(g.hart), 1);
	guest_close(&g);
}

struct reports {
	unsigned n;
	struct dpa_memcheck_report last;
};

static void on_report(void *user, const struct dpa_memcheck_report *report)
{
	struct reports *r = user;
	r->n++;
	r->last = *report;
}

/* With the checker on, every misaligned access performed is reported with its pc (the host
 * library logs each pc once); none when strict alignment faults it. */
static void test_memcheck_reports(void **state)
{
	(void)state;
	struct guest g;
	struct reports reports = { 0 };
	open_guest(&g, SD(11, 10, 0));
	assert_int_equal(dpa_process_memcheck(g.process, on_report, &reports), 0);
	uint64_t args[2] = { RW_BASE + 0x31, 5 };
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_RETURNED);
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_RETURNED);
	assert_int_equal(reports.n, 2);
	assert_int_equal(reports.last.rule, DPA_MEMCHECK_MISALIGNED_ACCESS);
	assert_int_equal(reports.last.point, DPA_MEMCHECK_AT_ACCESS);
	assert_int_equal(reports.last.pc, CODE_BASE);
	assert_int_equal(reports.last.address, RW_BASE + 0x31);
	assert_int_equal(reports.last.size, 8);
	assert_ptr_equal(reports.last.hart, g.hart);
	assert_int_equal(host_value(&g, RW_BASE + 0x31, 8), 5);
	assert_int_equal(dpa_process_set_strict_alignment(g.process, true), 0);
	assert_int_equal(guest_call(&g, 0, args, 2, NULL), DPA_STOP_FAULT);
	assert_int_equal(reports.n, 2);
	guest_close(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loads),
		cmocka_unit_test(test_stores),
		cmocka_unit_test(test_faults_across_pages),
		cmocka_unit_test(test_strict),
		cmocka_unit_test(test_atomics_fault),
		cmocka_unit_test(test_apertures),
		cmocka_unit_test(test_memcheck_reports),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
