/* Structs passed by value to device functions: one definition for the device code and the host
 * test, as a program shares its header between both sides. */
#ifndef DPACC_TEST_RECORDS_H
#define DPACC_TEST_RECORDS_H

#include <stdint.h>

struct records_inner {
	uint16_t half;
	uint8_t tag[3]; /* then one byte of padding */
};

/* Mixed widths with padding after a, in and s: 72 bytes, larger than two registers, so the
 * RISC-V psABI passes it by reference. */
struct records_mixed {
	uint8_t a;
	uint64_t b;
	uint32_t arr[3];
	struct records_inner in;
	int8_t s;
	double d;
	struct records_inner pair[2];
	union {
		uint32_t word;
		float real;
	} u;
	unsigned flag : 1;
	unsigned level : 7;
	void *where;
};

/* Two registers' worth (a float and an integer): passed in registers by the psABI. */
typedef struct {
	float scale;
	int32_t offset;
} records_small_t;

#endif
