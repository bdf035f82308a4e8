/*
 * Pre-decoding: every halfword of executable memory becomes one dpa_op, because a jump may land
 * on any 2-byte boundary. Code is never writable, so the array stays valid for the image's life
 * and fence.i has nothing to do.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The code span as bytes plus, per page, whether it is executable. */
struct code_view {
	uint8_t *bytes;
	uint8_t *exec_page;
};

static int build_view(const struct dpa_image *image, struct code_view *view)
{
	uint64_t span = image->code_span, base = image->code_base;
	view->bytes = calloc(span, 1);
	view->exec_page = calloc(span / DPA_PAGE_SIZE, 1);
	if (view->bytes == NULL || view->exec_page == NULL)
		return -ENOMEM;
	for (unsigned i = 0; i < image->nsegments; i++) {
		const struct dpa_segment *s = &image->segments[i];
		uint64_t lo = s->vaddr, hi = s->vaddr + s->memsz;
		if (hi <= base || lo >= base + span)
			continue;
		if (s->perms & DPA_PERM_X) {
			for (uint64_t p = (lo - base) / DPA_PAGE_SIZE; p <= (hi - 1 - base) / DPA_PAGE_SIZE; p++)
				view->exec_page[p] = 1;
		}
		uint64_t copy_lo = lo < base ? base : lo;
		uint64_t file_hi = s->vaddr + s->filesz;
		uint64_t copy_hi = file_hi > base + span ? base + span : file_hi;
		if (copy_hi > copy_lo)
			memcpy(view->bytes + (copy_lo - base), image->file + s->offset + (copy_lo - s->vaddr),
			       copy_hi - copy_lo);
	}
	return 0;
}

static bool executable(const struct code_view *view, uint64_t index, uint64_t count)
{
	return index < count && view->exec_page[index * 2 / DPA_PAGE_SIZE];
}

static uint16_t halfword(const struct code_view *view, uint64_t index)
{
	return (uint16_t)(view->bytes[index * 2] | (view->bytes[index * 2 + 1] << 8));
}

/* Branches and jal inside the code jump by a halfword distance; others become the far kinds. */
static void resolve_target(struct dpa_insn *insn, uint64_t index, uint64_t count)
{
	bool branch = insn->kind >= DPA_K_beq && insn->kind <= DPA_K_bgeu;
	if (!branch && insn->kind != DPA_K_jal)
		return;
	int64_t target = (int64_t)index + insn->imm / 2;
	if (target >= 0 && (uint64_t)target < count) {
		insn->imm /= 2;
		return;
	}
	if (branch) {
		insn->rd = (uint8_t)(insn->kind - DPA_K_beq);
		insn->kind = DPA_K_branch_far;
	} else {
		insn->kind = DPA_K_jal_far;
	}
}

int dpa_image_decode(struct dpa_image *image, char *err, size_t err_size)
{
	const int32_t *handlers = dpa_exec_handlers();
	uint64_t count = image->code_span / 2;
	struct code_view view = { 0 };
	int rc = build_view(image, &view);
	image->ops = calloc(count + 2, sizeof(*image->ops));
	image->variants = calloc(count + 2, sizeof(*image->variants));
	if (rc != 0 || image->ops == NULL || image->variants == NULL) {
		free(view.bytes);
		free(view.exec_page);
		dpa_format_error(err, err_size, "out of memory decoding %llu bytes of code",
				 (unsigned long long)image->code_span);
		return -ENOMEM;
	}
	for (uint64_t i = count + 2; i-- > 0;) {
		struct dpa_insn insn = { .kind = DPA_K_fetch_fault, .length = 2 };
		if (executable(&view, i, count)) {
			bool hi_valid = executable(&view, i + 1, count);
			dpa_decode(halfword(&view, i), hi_valid ? halfword(&view, i + 1) : 0, hi_valid, &insn);
			resolve_target(&insn, i, count);
		}
		enum dpa_kind kind = (enum dpa_kind)insn.kind;
		enum dpa_variant variant = dpa_kind_first_variant(kind);
		unsigned block = 1, cycles = 1 + dpa_kind_cost(kind);
		if (dpa_kind_class(kind) == DPA_CLASS_SIMPLE) {
			const struct dpa_op *next = &image->ops[i + insn.length / 2];
			if (next->block < DPA_BLOCK_MAX) {
				block += next->block;
				cycles += next->cycles;
			} else {
				variant += 2; /* split: this instruction ends its block */
			}
		}
		if (dpa_kind_class(kind) != DPA_CLASS_TERMINAL && insn.length == 4)
			variant += 1;
		if (dpa_insn_sp_variant(&insn) != DPA_VARIANT_COUNT) {
			/* The checking variant validates the result in the scratch slot before it
             * becomes sp, so that a faulting instruction leaves sp as it was. */
			variant = dpa_insn_sp_variant(&insn);
			insn.rd = DPA_REG_SP_SCRATCH;
		}
		image->ops[i] = (struct dpa_op){ .h = handlers[variant],
						 .imm = insn.imm,
						 .rd = insn.rd,
						 .rs1 = insn.rs1,
						 .rs2 = insn.rs2,
						 .length = insn.length,
						 .block = (uint16_t)block,
						 .cycles = (uint16_t)cycles };
		image->variants[i] = (uint16_t)variant;
	}
	free(view.bytes);
	free(view.exec_page);
	return 0;
}
