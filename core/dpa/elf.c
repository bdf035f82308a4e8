/*
 * ELF64 loader: validates a static RISC-V executable field by field and keeps its segments and
 * symbols. Every offset and size is checked against the file before use; sizes are capped so a
 * hostile file cannot make us allocate much.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <elf.h>
#include <string.h>

#include "internal.h"

#define ELF_FILE_MAX (256ull << 20)
#define ELF_SEGMENTS_MAX 64
#define ELF_SECTIONS_MAX 65280
#define ELF_SYMBOLS_MAX (1u << 20)
#define ELF_CODE_MAX (16ull << 20)
#define ELF_TLS_MAX (1u << 20)
#define ELF_TLS_ALIGN_MAX 4096u
/* Guest addresses stay below this so that the return address and apertures never collide. */
#define ELF_ADDRESS_LIMIT (1ull << 40)

void dpa_format_error(char *err, size_t err_size, const char *fmt, ...)
{
	if (err == NULL || err_size == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, err_size, fmt, ap);
	va_end(ap);
}

/* True when [offset, offset + size) lies inside a file of file_size bytes. */
static bool in_file(uint64_t offset, uint64_t size, uint64_t file_size)
{
	return offset <= file_size && size <= file_size - offset;
}

static int check_header(const Elf64_Ehdr *h, size_t size, char *err, size_t err_size)
{
	if (memcmp(h->e_ident, ELFMAG, SELFMAG) != 0)
		return dpa_format_error(err, err_size, "not an ELF file (bad magic)"), -EINVAL;
	if (h->e_ident[EI_CLASS] != ELFCLASS64)
		return dpa_format_error(err, err_size, "not ELF64 (class %u)", h->e_ident[EI_CLASS]), -EINVAL;
	if (h->e_ident[EI_DATA] != ELFDATA2LSB)
		return dpa_format_error(err, err_size, "not little-endian (data %u)", h->e_ident[EI_DATA]), -EINVAL;
	if (h->e_ident[EI_VERSION] != EV_CURRENT || h->e_version != EV_CURRENT)
		return dpa_format_error(err, err_size, "unsupported ELF version"), -EINVAL;
	if (h->e_type != ET_EXEC)
		return dpa_format_error(err, err_size, "not a static executable (type %u)", h->e_type), -EINVAL;
	if (h->e_machine != EM_RISCV)
		return dpa_format_error(err, err_size, "not RISC-V (machine %u)", h->e_machine), -EINVAL;
	if (h->e_flags & (EF_RISCV_FLOAT_ABI | EF_RISCV_RVE))
		return dpa_format_error(err, err_size,
					"needs a hardware float ABI or RV64E (flags 0x%x); the DPA is "
					"lp64 soft-float",
					h->e_flags),
		       -EINVAL;
	if (h->e_ehsize != sizeof(Elf64_Ehdr))
		return dpa_format_error(err, err_size, "bad ELF header size %u", h->e_ehsize), -EINVAL;
	if (h->e_phentsize != sizeof(Elf64_Phdr))
		return dpa_format_error(err, err_size, "bad program header size %u", h->e_phentsize), -EINVAL;
	if (h->e_phnum == 0 || h->e_phnum > ELF_SEGMENTS_MAX)
		return dpa_format_error(err, err_size, "bad program header count %u", h->e_phnum), -EINVAL;
	if (!in_file(h->e_phoff, (uint64_t)h->e_phnum * sizeof(Elf64_Phdr), size))
		return dpa_format_error(err, err_size, "program headers outside the file"), -EINVAL;
	if (h->e_entry & 1)
		return dpa_format_error(err, err_size, "misaligned entry point 0x%llx", (unsigned long long)h->e_entry),
		       -EINVAL;
	return 0;
}

static int check_phdr(const Elf64_Phdr *p, unsigned index, size_t size, char *err, size_t err_size)
{
	if (p->p_type == PT_DYNAMIC || p->p_type == PT_INTERP)
		return dpa_format_error(err, err_size,
					"segment %u: dynamic executables are not "
					"supported",
					index),
		       -EINVAL;
	if (p->p_type == PT_TLS) {
		if (p->p_filesz > p->p_memsz || p->p_memsz > ELF_TLS_MAX)
			return dpa_format_error(err, err_size,
						"segment %u: thread-local storage of %llu "
						"bytes (at most %u)",
						index, (unsigned long long)p->p_memsz, ELF_TLS_MAX),
			       -EINVAL;
		if (!in_file(p->p_offset, p->p_filesz, size))
			return dpa_format_error(err, err_size,
						"segment %u: thread-local data outside the "
						"file",
						index),
			       -EINVAL;
		if (p->p_align > ELF_TLS_ALIGN_MAX || (p->p_align & (p->p_align - 1)) != 0)
			return dpa_format_error(err, err_size,
						"segment %u: bad thread-local alignment "
						"0x%llx",
						index, (unsigned long long)p->p_align),
			       -EINVAL;
		return 0;
	}
	if (p->p_type != PT_LOAD)
		return 0;
	if (p->p_filesz > p->p_memsz)
		return dpa_format_error(err, err_size, "segment %u: file size exceeds memory size", index), -EINVAL;
	if (!in_file(p->p_offset, p->p_filesz, size))
		return dpa_format_error(err, err_size, "segment %u: data outside the file", index), -EINVAL;
	if (p->p_align > 1 && ((p->p_align & (p->p_align - 1)) != 0 || p->p_align > (1ull << 30)))
		return dpa_format_error(err, err_size, "segment %u: bad alignment 0x%llx", index,
					(unsigned long long)p->p_align),
		       -EINVAL;
	if (p->p_align > 1 && (p->p_vaddr - p->p_offset) % p->p_align != 0)
		return dpa_format_error(err, err_size,
					"segment %u: address and offset disagree modulo "
					"the alignment",
					index),
		       -EINVAL;
	if (p->p_memsz > DPA_IMAGE_SPAN_MAX)
		return dpa_format_error(err, err_size, "segment %u: too large (%llu bytes)", index,
					(unsigned long long)p->p_memsz),
		       -EFBIG;
	if (p->p_vaddr < DPA_PAGE_SIZE || p->p_vaddr >= ELF_ADDRESS_LIMIT ||
	    p->p_memsz > ELF_ADDRESS_LIMIT - p->p_vaddr)
		return dpa_format_error(err, err_size, "segment %u: address 0x%llx out of range", index,
					(unsigned long long)p->p_vaddr),
		       -EINVAL;
	if (p->p_flags & ~(uint32_t)(PF_R | PF_W | PF_X) & 0x0fffffffu)
		return dpa_format_error(err, err_size, "segment %u: unknown flags 0x%x", index, p->p_flags), -EINVAL;
	if ((p->p_flags & PF_W) && (p->p_flags & PF_X))
		return dpa_format_error(err, err_size, "segment %u: writable code is not supported", index), -EINVAL;
	return 0;
}

static unsigned segment_perms(uint32_t flags)
{
	return ((flags & PF_R) ? DPA_PERM_R : 0) | ((flags & PF_W) ? DPA_PERM_W | DPA_PERM_R : 0) |
	       ((flags & PF_X) ? DPA_PERM_X | DPA_PERM_R : 0);
}

static int compare_segments(const void *a, const void *b)
{
	const struct dpa_segment *x = a, *y = b;
	return x->vaddr < y->vaddr ? -1 : x->vaddr > y->vaddr;
}

static uint64_t page_down(uint64_t x)
{
	return x & ~(uint64_t)(DPA_PAGE_SIZE - 1);
}

static uint64_t page_up(uint64_t x)
{
	return page_down(x + DPA_PAGE_SIZE - 1);
}

/* Segments may share a page only when neither makes the other's page writable and executable. */
static int check_layout(struct dpa_image *image, char *err, size_t err_size)
{
	struct dpa_segment *s = image->segments;
	uint64_t total = 0;
	bool entry_ok = false;
	qsort(s, image->nsegments, sizeof(*s), compare_segments);
	for (unsigned i = 0; i < image->nsegments; i++) {
		total += s[i].memsz;
		if (i > 0 && s[i].vaddr < s[i - 1].vaddr + s[i - 1].memsz)
			return dpa_format_error(err, err_size, "segments at 0x%llx and 0x%llx overlap",
						(unsigned long long)s[i - 1].vaddr, (unsigned long long)s[i].vaddr),
			       -EINVAL;
		if (i > 0 && page_down(s[i].vaddr) < page_up(s[i - 1].vaddr + s[i - 1].memsz)) {
			unsigned shared = s[i].perms | s[i - 1].perms;
			if ((shared & DPA_PERM_W) && (shared & DPA_PERM_X))
				return dpa_format_error(err, err_size,
							"segments at 0x%llx and 0x%llx share a page that would "
							"be writable and executable",
							(unsigned long long)s[i - 1].vaddr,
							(unsigned long long)s[i].vaddr),
				       -EINVAL;
		}
		if ((s[i].perms & DPA_PERM_X) && image->entry >= s[i].vaddr && image->entry - s[i].vaddr < s[i].memsz)
			entry_ok = true;
	}
	if (image->nsegments == 0)
		return dpa_format_error(err, err_size, "no loadable segment"), -EINVAL;
	image->low = page_down(s[0].vaddr);
	image->high = page_up(s[image->nsegments - 1].vaddr + s[image->nsegments - 1].memsz);
	if (total > DPA_IMAGE_SPAN_MAX || image->high - image->low > DPA_IMAGE_SPAN_MAX)
		return dpa_format_error(err, err_size,
					"segments span %llu bytes, more than the DPA "
					"memory",
					(unsigned long long)(image->high - image->low)),
		       -EFBIG;
	if (!entry_ok)
		return dpa_format_error(err, err_size,
					"entry point 0x%llx is not in an executable "
					"segment",
					(unsigned long long)image->entry),
		       -EINVAL;
	uint64_t code_low = UINT64_MAX, code_high = 0;
	for (unsigned i = 0; i < image->nsegments; i++) {
		if (!(s[i].perms & DPA_PERM_X))
			continue;
		if (s[i].vaddr < code_low)
			code_low = s[i].vaddr;
		if (s[i].vaddr + s[i].memsz > code_high)
			code_high = s[i].vaddr + s[i].memsz;
	}
	image->code_base = page_down(code_low);
	image->code_span = page_up(code_high) - image->code_base;
	if (image->code_span > ELF_CODE_MAX)
		return dpa_format_error(err, err_size, "code spans %llu bytes, more than %llu",
					(unsigned long long)image->code_span, ELF_CODE_MAX),
		       -EFBIG;
	return 0;
}

static int load_segments(struct dpa_image *image, const Elf64_Ehdr *h, char *err, size_t err_size)
{
	image->segments = calloc(h->e_phnum, sizeof(*image->segments));
	if (image->segments == NULL)
		return dpa_format_error(err, err_size, "out of memory"), -ENOMEM;
	for (unsigned i = 0; i < h->e_phnum; i++) {
		Elf64_Phdr p;
		memcpy(&p, image->file + h->e_phoff + (uint64_t)i * sizeof(p), sizeof(p));
		int rc = check_phdr(&p, i, image->file_size, err, err_size);
		if (rc != 0)
			return rc;
		if (p.p_type == PT_TLS) {
			image->tls = (struct dpa_tls){ .template_data = image->file + p.p_offset,
						       .filesz = p.p_filesz,
						       .memsz = p.p_memsz,
						       .align = p.p_align ? p.p_align : 1 };
			continue;
		}
		if (p.p_type != PT_LOAD || p.p_memsz == 0)
			continue;
		image->segments[image->nsegments++] = (struct dpa_segment){ .vaddr = p.p_vaddr,
									    .memsz = p.p_memsz,
									    .offset = p.p_offset,
									    .filesz = p.p_filesz,
									    .perms = segment_perms(p.p_flags) };
	}
	return check_layout(image, err, err_size);
}

static int compare_symbols(const void *a, const void *b)
{
	const struct dpa_symbol *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c != 0 ? c : (int)y->global - (int)x->global;
}

static int load_symtab(struct dpa_image *image, const Elf64_Shdr *symtab, const Elf64_Shdr *strtab, char *err,
		       size_t err_size)
{
	if (symtab->sh_entsize != sizeof(Elf64_Sym) || symtab->sh_size % sizeof(Elf64_Sym))
		return dpa_format_error(err, err_size, "bad symbol table entry size"), -EINVAL;
	if (strtab->sh_type != SHT_STRTAB || strtab->sh_size == 0 ||
	    image->file[strtab->sh_offset + strtab->sh_size - 1] != 0)
		return dpa_format_error(err, err_size, "bad symbol string table"), -EINVAL;
	size_t count = symtab->sh_size / sizeof(Elf64_Sym);
	if (count > ELF_SYMBOLS_MAX)
		return dpa_format_error(err, err_size, "too many symbols (%zu)", count), -EFBIG;
	image->strings = malloc(strtab->sh_size);
	image->symbols = calloc(count ? count : 1, sizeof(*image->symbols));
	if (image->strings == NULL || image->symbols == NULL)
		return dpa_format_error(err, err_size, "out of memory"), -ENOMEM;
	memcpy(image->strings, image->file + strtab->sh_offset, strtab->sh_size);
	image->strings_size = strtab->sh_size;
	for (size_t i = 0; i < count; i++) {
		Elf64_Sym s;
		memcpy(&s, image->file + symtab->sh_offset + i * sizeof(s), sizeof(s));
		if (s.st_name >= strtab->sh_size)
			return dpa_format_error(err, err_size, "symbol %zu: name outside the string table", i), -EINVAL;
		unsigned type = s.st_info & 15, bind = s.st_info >> 4;
		if (s.st_shndx == 0 || image->strings[s.st_name] == 0 ||
		    (type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE))
			continue;
		image->symbols[image->nsymbols++] =
			(struct dpa_symbol){ .name = image->strings + s.st_name,
					     .global = bind == STB_GLOBAL || bind == STB_WEAK,
					     .value = s.st_value,
					     .size = s.st_size };
	}
	qsort(image->symbols, image->nsymbols, sizeof(*image->symbols), compare_symbols);
	return 0;
}

static int load_sections(struct dpa_image *image, const Elf64_Ehdr *h, char *err, size_t err_size)
{
	if (h->e_shoff == 0 && h->e_shnum == 0)
		return 0;
	if (h->e_shentsize != sizeof(Elf64_Shdr))
		return dpa_format_error(err, err_size, "bad section header size %u", h->e_shentsize), -EINVAL;
	if (h->e_shnum == 0 || h->e_shnum > ELF_SECTIONS_MAX)
		return dpa_format_error(err, err_size, "bad section count %u", h->e_shnum), -EINVAL;
	if (!in_file(h->e_shoff, (uint64_t)h->e_shnum * sizeof(Elf64_Shdr), image->file_size))
		return dpa_format_error(err, err_size, "section headers outside the file"), -EINVAL;
	if (h->e_shstrndx >= h->e_shnum)
		return dpa_format_error(err, err_size, "bad section name table index %u", h->e_shstrndx), -EINVAL;
	const Elf64_Shdr *symtab = NULL;
	Elf64_Shdr symtab_copy, strtab;
	for (unsigned i = 0; i < h->e_shnum; i++) {
		Elf64_Shdr s;
		memcpy(&s, image->file + h->e_shoff + (uint64_t)i * sizeof(s), sizeof(s));
		if (s.sh_type != SHT_NOBITS && !in_file(s.sh_offset, s.sh_size, image->file_size))
			return dpa_format_error(err, err_size, "section %u outside the file", i), -EINVAL;
		if (s.sh_type != SHT_SYMTAB)
			continue;
		if (symtab != NULL)
			return dpa_format_error(err, err_size, "more than one symbol table"), -EINVAL;
		if (s.sh_link == 0 || s.sh_link >= h->e_shnum)
			return dpa_format_error(err, err_size, "bad symbol string table index %u", s.sh_link), -EINVAL;
		symtab_copy = s;
		symtab = &symtab_copy;
	}
	if (symtab == NULL)
		return 0;
	memcpy(&strtab, image->file + h->e_shoff + (uint64_t)symtab->sh_link * sizeof(strtab), sizeof(strtab));
	if (strtab.sh_type != SHT_NOBITS && !in_file(strtab.sh_offset, strtab.sh_size, image->file_size))
		return dpa_format_error(err, err_size, "symbol string table outside the file"), -EINVAL;
	return load_symtab(image, symtab, &strtab, err, err_size);
}

struct dpa_image *dpa_image_load(const void *elf, size_t size, char *err, size_t err_size)
{
	dpa_format_error(err, err_size, "no error");
	if (elf == NULL || size < sizeof(Elf64_Ehdr)) {
		dpa_format_error(err, err_size, "truncated ELF file (%zu bytes)", elf ? size : 0);
		return NULL;
	}
	if (size > ELF_FILE_MAX) {
		dpa_format_error(err, err_size, "ELF file too large (%zu bytes)", size);
		return NULL;
	}
	Elf64_Ehdr h;
	memcpy(&h, elf, sizeof(h));
	if (check_header(&h, size, err, err_size) != 0)
		return NULL;
	struct dpa_image *image = calloc(1, sizeof(*image));
	if (image == NULL || (image->file = malloc(size)) == NULL) {
		free(image);
		dpa_format_error(err, err_size, "out of memory");
		return NULL;
	}
	memcpy(image->file, elf, size);
	image->file_size = size;
	image->entry = h.e_entry;
	atomic_init(&image->refs, 1);
	if (load_segments(image, &h, err, err_size) != 0 || load_sections(image, &h, err, err_size) != 0 ||
	    dpa_image_decode(image, err, err_size) != 0) {
		dpa_image_release(image);
		return NULL;
	}
	return image;
}

void dpa_image_release(struct dpa_image *image)
{
	if (image == NULL || atomic_fetch_sub(&image->refs, 1) != 1)
		return;
	free(image->file);
	free(image->segments);
	dpa_jit_free(image);
	dpa_source_free(image);
	free(image->ops);
	free(image->variants);
	free(image->symbols);
	free(image->strings);
	free(image);
}

const struct dpa_tls *dpa_image_tls(const struct dpa_image *image)
{
	return image != NULL ? &image->tls : NULL;
}

uint64_t dpa_image_entry(const struct dpa_image *image)
{
	return image != NULL ? image->entry : 0;
}

uint64_t dpa_image_span(const struct dpa_image *image)
{
	return image != NULL ? image->high - image->low : 0;
}

bool dpa_image_is_code(const struct dpa_image *image, uint64_t address)
{
	for (unsigned i = 0; image != NULL && i < image->nsegments; i++) {
		const struct dpa_segment *s = &image->segments[i];
		if ((s->perms & DPA_PERM_X) && address >= s->vaddr && address - s->vaddr < s->memsz)
			return true;
	}
	return false;
}

int dpa_image_symbol(const struct dpa_image *image, const char *name, uint64_t *address, uint64_t *size)
{
	if (image == NULL || name == NULL)
		return -EINVAL;
	size_t lo = 0, hi = image->nsymbols;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(image->symbols[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == image->nsymbols || strcmp(image->symbols[lo].name, name) != 0)
		return -ENOENT;
	if (address != NULL)
		*address = image->symbols[lo].value;
	if (size != NULL)
		*size = image->symbols[lo].size;
	return 0;
}

const char *dpa_image_symbol_name(const struct dpa_image *image, uint64_t address)
{
	const char *local = NULL;
	for (size_t i = 0; image != NULL && i < image->nsymbols; i++) {
		const struct dpa_symbol *s = &image->symbols[i];
		if (s->value != address)
			continue;
		if (s->global)
			return s->name;
		if (local == NULL)
			local = s->name;
	}
	return local;
}

const char *dpa_image_function(const struct dpa_image *image, uint64_t address, uint64_t *offset)
{
	const struct dpa_symbol *function = NULL;
	for (size_t i = 0; image != NULL && i < image->nsymbols; i++) {
		const struct dpa_symbol *s = &image->symbols[i];
		if (address >= s->value && address - s->value < s->size &&
		    (function == NULL || s->value > function->value || (s->value == function->value && s->global)))
			function = s;
	}
	if (function == NULL)
		return NULL;
	if (offset != NULL)
		*offset = address - function->value;
	return function->name;
}
