/*
 * rdma-core's calls bound before the simulator.
 *
 * A program linked `-libverbs -lmlx5 -lflexio` (the order NVIDIA's meson dependencies give)
 * binds its ibv_* and mlx5dv_* calls to libibverbs and libmlx5, which precede libflexio in
 * the lookup order, so they would never reach the simulated device.  libibverbs itself cannot
 * be taught about it: it lists only devices the kernel shows in sysfs/netlink (see README.md).
 * So, once at load time, the simulator rewrites those bindings: for every loaded object
 * (the program and its libraries, not rdma-core's own), each relocation slot (PLT/GOT
 * entry, or a function pointer in data) that holds, or would lazily resolve to, libibverbs'
 * or libmlx5's definition of an entry point the simulator serves, at the same symbol version,
 * is pointed at the simulator's definition, which forwards real objects to rdma-core.  Slots
 * bound to anything else (the simulator already, or another library interposing on rdma-core)
 * are left alone.  Slots in RELRO pages are made writable for the change and read-only again.
 */
#include "verbs_internal.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__x86_64__)
#define R_SLOT R_X86_64_JUMP_SLOT
#define R_GOT R_X86_64_GLOB_DAT
#define R_ABS R_X86_64_64
#elif defined(__aarch64__)
#define R_SLOT R_AARCH64_JUMP_SLOT
#define R_GOT R_AARCH64_GLOB_DAT
#define R_ABS R_AARCH64_ABS64
#endif

#if defined(R_SLOT) && __ELF_NATIVE_CLASS == 64

struct target {
	const char *name;
	const char *version;
	void *ours;
};

struct pass {
	struct target *targets; /* sorted by name */
	size_t count;
	struct link_map *self, *ibverbs, *mlx5;
	size_t redirected;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct target *)a)->name, ((const struct target *)b)->name);
}

static struct link_map *library_map(const char *soname)
{
	void *handle = dlopen(soname, RTLD_LAZY | RTLD_NOLOAD);
	struct link_map *map = NULL;

	if (handle) {
		if (dlinfo(handle, RTLD_DI_LINKMAP, &map))
			map = NULL;
		dlclose(handle); /* still loaded: the program or we depend on it */
	}
	return map;
}

static bool is_rdma_core(const struct pass *pass, const struct link_map *map)
{
	return map && (map == pass->ibverbs || map == pass->mlx5);
}

/* Whether the object is rdma-core's own (libibverbs, libmlx5, a provider), the simulator,
 * or the dynamic linker's: their bindings stay. */
static bool skip_object(const struct pass *pass, struct link_map *map)
{
	const char *name = map->l_name ? map->l_name : "";

	return is_rdma_core(pass, map) || map == pass->self || strstr(name, "/libibverbs/") || strstr(name, "-rdmav") ||
	       verbs_object_is_simulator(map);
}

/* Dynamic-section addresses: relocated in place by glibc on most targets, file-relative on
 * others; a value below the load address is file-relative. */
static uintptr_t dyn_addr(ElfW(Addr) base, ElfW(Addr) value)
{
	return value < base ? base + value : value;
}

struct object {
	struct link_map *map;
	ElfW(Addr) base;
	const ElfW(Sym) * symtab;
	const char *strtab;
	const ElfW(Half) * versym;
	const ElfW(Verneed) * verneed;
	uintptr_t relro_start, relro_end;
	void ***slots;
	void **values;
	size_t count, capacity;
};

/* The version a symbol of the object is required at, or NULL (unversioned). */
static const char *required_version(const struct object *o, size_t symbol)
{
	ElfW(Half) index;

	if (!o->versym)
		return NULL;
	index = o->versym[symbol] & 0x7fff;
	if (index < 2)
		return NULL;
	for (const ElfW(Verneed) *need = o->verneed; need;
	     need = need->vn_next ? (const void *)((const char *)need + need->vn_next) : NULL) {
		const ElfW(Vernaux) *aux = (const void *)((const char *)need + need->vn_aux);

		for (unsigned int i = 0; i < need->vn_cnt; i++) {
			if (aux->vna_other == index)
				return o->strtab + aux->vna_name;
			aux = (const void *)((const char *)aux + aux->vna_next);
		}
	}
	return ""; /* a version the object defines itself: not rdma-core's */
}

static bool queue(struct object *o, void **slot, void *value)
{
	if (o->count == o->capacity) {
		size_t capacity = o->capacity ? 2 * o->capacity : 16;
		void ***slots = realloc(o->slots, capacity * sizeof(*slots));
		void **values = slots ? realloc(o->values, capacity * sizeof(*values)) : NULL;

		if (slots)
			o->slots = slots;
		if (!values)
			return false;
		o->values = values;
		o->capacity = capacity;
	}
	o->slots[o->count] = slot;
	o->values[o->count++] = value;
	return true;
}

static void consider(struct pass *pass, struct object *o, const ElfW(Rela) * rela)
{
	unsigned long type = ELF64_R_TYPE(rela->r_info);
	size_t symbol = ELF64_R_SYM(rela->r_info);
	const ElfW(Sym) * sym;
	struct target key, *target;
	const char *version;
	struct link_map *bound;
	void **slot;

	if ((type != R_SLOT && type != R_GOT && type != R_ABS) || !symbol || (type == R_ABS && rela->r_addend))
		return;
	sym = &o->symtab[symbol];
	if (sym->st_shndx != SHN_UNDEF || ELF64_ST_TYPE(sym->st_info) == STT_OBJECT)
		return; /* the object defines it itself */
	key.name = o->strtab + sym->st_name;
	target = bsearch(&key, pass->targets, pass->count, sizeof(key), by_name);
	if (!target)
		return;
	version = required_version(o, symbol);
	if (version && strcmp(version, target->version))
		return; /* an older version of the call (IBVERBS_1.0): rdma-core's compat code */
	slot = (void **)(o->base + rela->r_offset);
	bound = verbs_object_of(*slot);
	if (bound == pass->self)
		return;
	if (bound == o->map || !bound) {
		/* a lazy PLT slot not called yet: where would it go? */
		bound = verbs_object_of(dlvsym(RTLD_DEFAULT, target->name, target->version));
		if (bound == pass->self)
			bound = pass->ibverbs; /* binding it now is what the linker would do */
	}
	if (!is_rdma_core(pass, bound) && !verbs_object_is_simulator(bound))
		return; /* an interposer of the program's: its business */
	queue(o, slot, target->ours);
}

static void apply(struct pass *pass, struct object *o)
{
	/* the pages the dynamic linker made read-only after relocation (_dl_protect_relro) */
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = o->relro_start & ~(page - 1);
	uintptr_t end = o->relro_end & ~(page - 1);
	bool relro = false;

	for (size_t i = 0; i < o->count; i++)
		relro |= (uintptr_t)o->slots[i] >= start && (uintptr_t)o->slots[i] < end;
	if (relro && mprotect((void *)start, end - start, PROT_READ | PROT_WRITE)) {
		verbs_warn("libflexio_verbs",
			   "cannot redirect the rdma-core calls of %s to the simulated "
			   "device (mprotect: %m): link -lflexio before -libverbs",
			   o->map->l_name[0] ? o->map->l_name : "the program");
		return;
	}
	for (size_t i = 0; i < o->count; i++)
		__atomic_store_n(o->slots[i], o->values[i], __ATOMIC_RELEASE);
	if (relro)
		mprotect((void *)start, end - start, PROT_READ);
	pass->redirected += o->count;
	verbs_dbg("libflexio_verbs", "%zu rdma-core call(s) of %s now reach the simulated device", o->count,
		  o->map->l_name[0] ? o->map->l_name : "the program");
}

static void visit(struct pass *pass, struct link_map *map, const ElfW(Phdr) * phdr, size_t phnum)
{
	struct object o = { .map = map, .base = map->l_addr };
	const ElfW(Rela) *rela = NULL, *jmprel = NULL;
	size_t rela_size = 0, jmprel_size = 0;
	const ElfW(Dyn) *dyn = map->l_ld;

	if (!dyn || skip_object(pass, map))
		return;
	for (size_t i = 0; i < phnum; i++)
		if (phdr[i].p_type == PT_GNU_RELRO) {
			o.relro_start = o.base + phdr[i].p_vaddr;
			o.relro_end = o.relro_start + phdr[i].p_memsz;
		}
	for (; dyn->d_tag != DT_NULL; dyn++) {
		switch (dyn->d_tag) {
		case DT_SYMTAB:
			o.symtab = (const void *)dyn_addr(o.base, dyn->d_un.d_ptr);
			break;
		case DT_STRTAB:
			o.strtab = (const void *)dyn_addr(o.base, dyn->d_un.d_ptr);
			break;
		case DT_VERSYM:
			o.versym = (const void *)dyn_addr(o.base, dyn->d_un.d_ptr);
			break;
		case DT_VERNEED:
			o.verneed = (const void *)dyn_addr(o.base, dyn->d_un.d_ptr);
			break;
		case DT_RELA:
			rela = (const void *)dyn_addr(o.base, dyn->d_un.d_ptr);
			break;
		case DT_RELASZ:
			rela_size = dyn->d_un.d_val;
			break;
		case DT_JMPREL:
			jmprel = (const void *)dyn_addr(o.base, dyn->d_un.d_ptr);
			break;
		case DT_PLTRELSZ:
			jmprel_size = dyn->d_un.d_val;
			break;
		case DT_PLTREL:
			if (dyn->d_un.d_val != DT_RELA)
				return; /* REL relocations: not on the targets handled here */
			break;
		default:
			break;
		}
	}
	if (!o.symtab || !o.strtab)
		return;
	for (size_t i = 0; rela && i < rela_size / sizeof(*rela); i++)
		consider(pass, &o, &rela[i]);
	for (size_t i = 0; jmprel && i < jmprel_size / sizeof(*jmprel); i++)
		consider(pass, &o, &jmprel[i]);
	if (o.count)
		apply(pass, &o);
	free(o.slots);
	free(o.values);
}

static int visit_phdr(struct dl_phdr_info *info, size_t size, void *data)
{
	struct pass *pass = data;
	struct link_map *map;

	(void)size;
	/* the link map of this object: the one whose load address and name match */
	for (map = pass->self; map && map->l_prev; map = map->l_prev)
		;
	for (; map; map = map->l_next)
		if (map->l_addr == info->dlpi_addr &&
		    !strcmp(map->l_name ? map->l_name : "", info->dlpi_name ? info->dlpi_name : ""))
			break;
	if (map)
		visit(pass, map, info->dlpi_phdr, info->dlpi_phnum);
	return 0;
}

void verbs_redirect(void)
{
	struct pass pass = { .self = verbs_self() };
	size_t n = 0;

	pass.ibverbs = library_map("libibverbs.so.1");
	pass.mlx5 = library_map("libmlx5.so.1");
	if (!pass.self || (!pass.ibverbs && !pass.mlx5))
		return;
	pass.targets = calloc(VERBS_ENTRY_COUNT, sizeof(*pass.targets));
	if (!pass.targets)
		return;
	for (int e = 0; e < VERBS_ENTRY_COUNT; e++)
		if (strcmp(verbs_entries[e].version, "FLEXIO_VERBS_PRIVATE"))
			pass.targets[n++] = (struct target){ verbs_entries[e].name, verbs_entries[e].version,
							     verbs_entries[e].ours };
	pass.count = n;
	qsort(pass.targets, n, sizeof(*pass.targets), by_name);
	dl_iterate_phdr(visit_phdr, &pass);
	free(pass.targets);
}

#else

void verbs_redirect(void)
{
	verbs_warn("libflexio_verbs", "rdma-core calls bound before libflexio cannot be redirected on "
				      "this architecture: link -lflexio before -libverbs");
}

#endif
