/*
 * The parameters of a DMA copy sample, as NVIDIA's DOCA DMA samples register theirs (the same
 * flags, types and checks), written for these tests: what a real sample gives argp.
 */
#ifndef TESTS_DOCA_ARGP_SAMPLE_PARAMS_H
#define TESTS_DOCA_ARGP_SAMPLE_PARAMS_H

#include <stdbool.h>

#include <doca_error.h>

#define SAMPLE_PCI_ADDR_SIZE 13 /* "XX:XX.X" or "XXXX:XX:XX.X" and its NUL */
#define SAMPLE_TEXT_SIZE 64
#define SAMPLE_PATH_SIZE 128

struct sample_config {
	char pci_address[SAMPLE_PCI_ADDR_SIZE];
	char text[SAMPLE_TEXT_SIZE];
	char descriptor_path[SAMPLE_PATH_SIZE];
	char buffer_path[SAMPLE_PATH_SIZE];
	int num_src_buf, num_dst_buf;
};

/* Registers the sample's flags (the remote ones when remote); the argp error otherwise. */
doca_error_t sample_register_params(bool remote);

#endif
