/*
 * Applications on the null provider: what the host library asks of an image is its symbols (the
 * addresses of device functions) and, for the memory of its processes, its loadable segments.
 * The file is checked as far as those go (a static RV64 ELF executable whose segments, sections
 * and symbols lie inside it); nothing is decoded, since nothing runs. The simulator's loader
 * (core/dpa/elf.c) checks more, for its engine: the null provider is built without the engine.
 */
#include "null_internal.h"

#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Limits that keep a hostile file from making us allocate much (the simulator's). */
#define FILE_MAX (256ull << 20)
#define SEGMENTS_MAX 64
#define SYMBOLS_MAX (1u << 20)
/* DPA addresses stay below this: the argument buffer and the heap follow the segments. */
#define ADDRESS_LIMIT (1ull << 40)

/* Whether [offset, offset + size) lies inside a file of file_size bytes. */
static bool in_file(uint64_t offset, uint64_t size, size_t file_size)
{
	return offset <= file_size && size <= file_size - offset;
}

static int check_header(const Elf64_Ehdr *h, size_t size, char *err, size_t err_size)
{
	if (memcmp(h->e_ident, ELFMAG, SELFMAG))
		return snprintf(err, err_size, "not an ELF file"), -EINVAL;
	if (h->e_ident[EI_CLASS] != ELFCLASS64 || h->e_ident[EI_DATA] != ELFDATA2LSB)
		return snprintf(err, err_size, "not a 64-bit little-endian ELF file"), -EINVAL;
	if (h->e_type != ET_EXEC || h->e_machine != EM_RISCV)
		return snprintf(err, err_size, "not a static RISC-V executable (type %u, machine %u)", h->e_type,
				h->e_machine),
		       -EINVAL;
	if (h->e_phentsize != sizeof(Elf64_Phdr) || h->e_phnum == 0 || h->e_phnum > SEGMENTS_MAX ||
	    !in_file(h->e_phoff, (uint64_t)h->e_phnum * sizeof(Elf64_Phdr), size))
		return snprintf(err, err_size, "program headers missing or outside the file"), -EINVAL;
	if (h->e_shnum && (h->e_shentsize != sizeof(Elf64_Shdr) ||
			   !in_file(h->e_shoff, (uint64_t)h->e_shnum * sizeof(Elf64_Shdr), size)))
		return snprintf(err, err_size, "section headers outside the file"), -EINVAL;
	return 0;
}

static int load_segments(struct null_image *image, const Elf64_Ehdr *h, char *err, size_t err_size)
{
	image->segments = calloc(h->e_phnum, sizeof(*image->segments));
	if (!image->segments)
		return snprintf(err, err_size, "out of memory"), -ENOMEM;
	for (unsigned i = 0; i < h->e_phnum; i++) {
		Elf64_Phdr p;
		struct null_segment *s = &image->segments[image->nsegments];

		memcpy(&p, image->file + h->e_phoff + i * sizeof(p), sizeof(p));
		if (p.p_type != PT_LOAD || !p.p_memsz)
			continue;
		if (p.p_filesz > p.p_memsz || !in_file(p.p_offset, p.p_filesz, image->file_size) ||
		    p.p_vaddr >= ADDRESS_LIMIT || p.p_memsz > ADDRESS_LIMIT - p.p_vaddr)
			return snprintf(err, err_size, "segment %u outside the file or the address space", i), -EINVAL;
		*s = (struct null_segment){ .vaddr = p.p_vaddr,
					    .memsz = p.p_memsz,
					    .filesz = p.p_filesz,
					    .offset = p.p_offset,
					    .perms = (p.p_flags & PF_R ? PROVIDER_PERM_R : 0) |
						     (p.p_flags & PF_W ? PROVIDER_PERM_W : 0) |
						     (p.p_flags & PF_X ? PROVIDER_PERM_X : 0) };
		if (s->vaddr + s->memsz > image->high)
			image->high = s->vaddr + s->memsz;
		image->nsegments++;
	}
	return image->nsegments ? 0 : (snprintf(err, err_size, "no loadable segment"), -EINVAL);
}

/* By name, a name's global symbol first (locals of the same name may be many). */
static int compare_symbols(const void *a, const void *b)
{
	const struct null_symbol *x = a, *y = b;
	int by_name = strcmp(x->name, y->name);

	return by_name ? by_name : (int)y->global - (int)x->global;
}

/* The symbols of the symbol table section: named, defined ones. */
static int load_symbols(struct null_image *image, const Elf64_Ehdr *h, const Elf64_Shdr *symtab, char *err,
			size_t err_size)
{
	size_t count = symtab->sh_size / sizeof(Elf64_Sym);
	Elf64_Shdr strtab, section;

	if (symtab->sh_link >= h->e_shnum || symtab->sh_entsize != sizeof(Elf64_Sym) ||
	    !in_file(symtab->sh_offset, symtab->sh_size, image->file_size) || count > SYMBOLS_MAX)
		return snprintf(err, err_size, "symbol table outside the file"), -EINVAL;
	memcpy(&strtab, image->file + h->e_shoff + symtab->sh_link * sizeof(strtab), sizeof(strtab));
	if (!in_file(strtab.sh_offset, strtab.sh_size, image->file_size) || !strtab.sh_size)
		return snprintf(err, err_size, "symbol string table outside the file"), -EINVAL;
	image->strings = malloc(strtab.sh_size + 1);
	image->symbols = calloc(count ? count : 1, sizeof(*image->symbols));
	if (!image->strings || !image->symbols)
		return snprintf(err, err_size, "out of memory"), -ENOMEM;
	memcpy(image->strings, image->file + strtab.sh_offset, strtab.sh_size);
	image->strings[strtab.sh_size] = '\0'; /* every name ends inside the copy */
	for (size_t i = 0; i < count; i++) {
		Elf64_Sym sym;

		memcpy(&sym, image->file + symtab->sh_offset + i * sizeof(sym), sizeof(sym));
		if (!sym.st_name || sym.st_name >= strtab.sh_size || sym.st_shndx == SHN_UNDEF ||
		    sym.st_shndx >= SHN_LORESERVE)
			continue;
		if (sym.st_shndx >= h->e_shnum)
			return snprintf(err, err_size, "symbol %zu in no section", i), -EINVAL;
		memcpy(&section, image->file + h->e_shoff + sym.st_shndx * sizeof(section), sizeof(section));
		image->symbols[image->nsymbols++] =
			(struct null_symbol){ .name = image->strings + sym.st_name,
					      .value = sym.st_value,
					      .size = sym.st_size,
					      .code = section.sh_flags & SHF_EXECINSTR,
					      .global = ELF64_ST_BIND(sym.st_info) != STB_LOCAL };
	}
	qsort(image->symbols, image->nsymbols, sizeof(*image->symbols), compare_symbols);
	return 0;
}

static int load_sections(struct null_image *image, const Elf64_Ehdr *h, char *err, size_t err_size)
{
	for (unsigned i = 0; i < h->e_shnum; i++) {
		Elf64_Shdr s;

		memcpy(&s, image->file + h->e_shoff + i * sizeof(s), sizeof(s));
		if (s.sh_type == SHT_SYMTAB)
			return load_symbols(image, h, &s, err, err_size);
	}
	return 0; /* a stripped executable: no symbols */
}

struct provider_image *null_image_load(const void *elf, size_t size, char *err, size_t err_size)
{
	struct null_image *image;
	Elf64_Ehdr h;

	if (!elf || size < sizeof(h)) {
		snprintf(err, err_size, "truncated ELF file (%zu bytes)", elf ? size : 0);
		return NULL;
	}
	if (size > FILE_MAX) {
		snprintf(err, err_size, "ELF file too large (%zu bytes)", size);
		return NULL;
	}
	memcpy(&h, elf, sizeof(h));
	if (check_header(&h, size, err, err_size))
		return NULL;
	image = calloc(1, sizeof(*image));
	if (!image || !(image->file = malloc(size))) {
		free(image);
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	memcpy(image->file, elf, size);
	image->file_size = size;
	if (load_segments(image, &h, err, err_size) || load_sections(image, &h, err, err_size)) {
		null_image_release((struct provider_image *)image);
		return NULL;
	}
	return (struct provider_image *)image;
}

void null_image_release(struct provider_image *provider_image)
{
	struct null_image *image = (struct null_image *)provider_image;

	if (!image)
		return;
	free(image->file);
	free(image->segments);
	free(image->symbols);
	free(image->strings);
	free(image);
}

int null_image_symbol(const struct provider_image *provider_image, const char *name, struct provider_symbol *symbol)
{
	const struct null_image *image = (const struct null_image *)provider_image;
	size_t lo = 0, hi = image ? image->nsymbols : 0;

	if (!name)
		return -ENOENT;
	while (lo < hi) { /* the first symbol of that name */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(image->symbols[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!image || lo == image->nsymbols || strcmp(image->symbols[lo].name, name))
		return -ENOENT;
	*symbol = (struct provider_symbol){ .address = image->symbols[lo].value,
					    .size = image->symbols[lo].size,
					    .code = image->symbols[lo].code };
	return 0;
}
