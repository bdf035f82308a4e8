/*
 * Source lines of DPA pcs, for reports (the memory-model checker names the line of a misaligned
 * access): the image's DWARF line table, read with elfutils' libdw from the ELF bytes the image
 * keeps. Opened at the first question, kept with the image, freed with it. libdw fills its
 * per-unit caches while it answers, so one lock per image serializes the questions (they are
 * rare: a report is logged once per pc).
 */
#include "internal.h"

#include <elfutils/libdw.h>
#include <errno.h>
#include <libelf.h>
#include <stdlib.h>

struct dpa_source {
	pthread_mutex_t lock;
	bool opened;  /* elf and dwarf are what the image has (both NULL: no debug info) */
	Elf *elf;     /* over image->file */
	Dwarf *dwarf; /* NULL: the ELF has no DWARF libdw reads */
};

static pthread_once_t libelf_once = PTHREAD_ONCE_INIT;
static bool libelf_ready;

static void libelf_init(void)
{
	libelf_ready = elf_version(EV_CURRENT) != EV_NONE;
}

/* The image's source state, made at the first call; NULL when out of memory. */
static struct dpa_source *source_of(const struct dpa_image *image)
{
	struct dpa_image *mutable = (struct dpa_image *)image;
	struct dpa_source *source = atomic_load_explicit(&mutable->source, memory_order_acquire), *expected = NULL;

	if (source != NULL)
		return source;
	source = calloc(1, sizeof(*source));
	if (source == NULL)
		return NULL;
	pthread_mutex_init(&source->lock, NULL);
	if (!atomic_compare_exchange_strong_explicit(&mutable->source, &expected, source, memory_order_acq_rel,
						     memory_order_acquire)) {
		pthread_mutex_destroy(&source->lock);
		free(source);
		return expected;
	}
	return source;
}

/* Opens the DWARF of the image's ELF once; lock held. No debug info leaves dwarf NULL. */
static void source_open(struct dpa_source *source, const struct dpa_image *image)
{
	if (source->opened)
		return;
	source->opened = true;
	pthread_once(&libelf_once, libelf_init);
	if (!libelf_ready)
		return;
	/* Read only: libelf converts nothing for a little-endian ELF on a little-endian host. */
	source->elf = elf_memory((char *)image->file, image->file_size);
	if (source->elf != NULL)
		source->dwarf = dwarf_begin_elf(source->elf, DWARF_C_READ, NULL);
}

/* The compilation unit whose code holds pc: from .debug_aranges when the ELF has them, else
 * by asking each unit (clang emits no aranges by default). */
static bool unit_of(Dwarf *dwarf, uint64_t pc, Dwarf_Die *unit)
{
	Dwarf_CU *cu = NULL;

	if (dwarf_addrdie(dwarf, pc, unit) != NULL)
		return true;
	while (dwarf_get_units(dwarf, cu, &cu, NULL, NULL, unit, NULL) == 0)
		if (dwarf_haspc(unit, pc) > 0)
			return true;
	return false;
}

int dpa_image_source_line(const struct dpa_image *image, uint64_t pc, const char **file, unsigned *line)
{
	struct dpa_source *source;
	Dwarf_Die unit;
	Dwarf_Line *entry;
	const char *name = NULL;
	int number = 0;

	if (image == NULL || file == NULL || line == NULL)
		return -EINVAL;
	source = source_of(image);
	if (source == NULL)
		return -ENOMEM;
	pthread_mutex_lock(&source->lock);
	source_open(source, image);
	if (source->dwarf != NULL && unit_of(source->dwarf, pc, &unit) &&
	    (entry = dwarf_getsrc_die(&unit, pc)) != NULL && dwarf_lineno(entry, &number) == 0)
		name = dwarf_linesrc(entry, NULL, NULL);
	pthread_mutex_unlock(&source->lock);
	if (name == NULL || number <= 0)
		return -ENOENT;
	*file = name;
	*line = (unsigned)number;
	return 0;
}

void dpa_source_free(struct dpa_image *image)
{
	struct dpa_source *source = atomic_load_explicit(&image->source, memory_order_relaxed);

	if (source == NULL)
		return;
	if (source->dwarf != NULL)
		dwarf_end(source->dwarf);
	if (source->elf != NULL)
		elf_end(source->elf);
	pthread_mutex_destroy(&source->lock);
	free(source);
}
