/* Reads a test's DPA ELF image, named on the command line. */
#ifndef OPENFLEXIO_TESTS_ELF_FILE_H
#define OPENFLEXIO_TESTS_ELF_FILE_H

#include <stdio.h>
#include <stdlib.h>

struct elf_file {
	void *data;
	size_t size;
};

static inline struct elf_file elf_file_read(const char *path)
{
	struct elf_file f = { 0 };
	FILE *in = fopen(path, "rb");

	if (!in)
		return f;
	fseek(in, 0, SEEK_END);
	f.size = (size_t)ftell(in);
	rewind(in);
	f.data = malloc(f.size);
	if (!f.data || fread(f.data, 1, f.size, in) != f.size) {
		free(f.data);
		f.data = NULL;
		f.size = 0;
	}
	fclose(in);
	return f;
}

#endif
