/*
 * What the client programs of tests/abi/clients share. Each client is a program built for one
 * release (its FLEXIO_VER_USED, chosen before this header) that passes that release's
 * structures to the current libflexio.so.1: on the stack, and in heap blocks of exactly the
 * structure's size, so that AddressSanitizer stops a library that reads past them.
 */
#ifndef OPENFLEXIO_TESTS_ABI_CLIENT_H
#define OPENFLEXIO_TESTS_ABI_CLIENT_H

#include <infiniband/verbs.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../unit/capture.h"

/* The image dpacc built (abi_clients), which each client loads again under its own name. */
extern struct flexio_app *abi_clients;

static int client_failures;

#define CHECK(cond)                                                                              \
	do {                                                                                     \
		if (!(cond)) {                                                                   \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
			client_failures++;                                                       \
		}                                                                                \
	} while (0)

/* A heap copy of *value of exactly size bytes (free() it). */
static inline void *exact_copy(const void *value, size_t size)
{
	void *copy = malloc(size);

	if (!copy)
		abort();
	memcpy(copy, value, size);
	return copy;
}
#define EXACT(type, ...) ((type *)exact_copy(&(type)__VA_ARGS__, sizeof(type)))

/* Opens mlx5_sim0. */
static inline struct ibv_context *client_device(struct ibv_device ***list)
{
	struct ibv_context *ctx = NULL;
	int n = 0;

	*list = ibv_get_device_list(&n);
	for (int i = 0; *list && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name((*list)[i]), "mlx5_sim0"))
			ctx = ibv_open_device((*list)[i]);
	if (!ctx) {
		fprintf(stderr, "cannot open mlx5_sim0\n");
		exit(1);
	}
	return ctx;
}

/* The ELF of the dpacc-built image, in a heap block of its exact size rounded to 8 bytes. */
static inline uint64_t *client_elf(size_t *size)
{
	uint64_t *elf;

	*size = flexio_app_get_elf_size(abi_clients);
	elf = calloc((*size + 7) / 8, 8);
	if (!*size || !elf || flexio_app_get_elf(abi_clients, elf, *size) != FLEXIO_STATUS_SUCCESS) {
		fprintf(stderr, "cannot read the ELF of abi_clients\n");
		exit(1);
	}
	return elf;
}

/* Everything written to f so far. */
static inline const char *client_file_text(FILE *f)
{
	static char text[65536];
	size_t n;

	fflush(f);
	rewind(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	return text;
}

/* Whether the file at path holds needle (binary files too). */
static inline int client_file_holds(const char *path, const char *needle)
{
	static char data[1 << 22];
	size_t n, len = strlen(needle);
	FILE *f = fopen(path, "rb");

	if (!f)
		return 0;
	n = fread(data, 1, sizeof(data), f);
	fclose(f);
	for (size_t i = 0; i + len <= n; i++)
		if (!memcmp(data + i, needle, len))
			return 1;
	return 0;
}

/* What the library wrote to stderr during the last CAPTURE. */
static struct stderr_capture client_capture __attribute__((unused));
#define CAPTURE(call) (capture_begin(&client_capture), (call), capture_end(&client_capture))

static inline int client_done(const char *name)
{
	if (client_failures) {
		fprintf(stderr, "%s: %d check(s) failed\n", name, client_failures);
		return 1;
	}
	printf("%s: OK\n", name);
	return 0;
}

#endif
