/*
 * A DMA copy sample's flags (sample_params.c) through argp as the sample's main drives it: init,
 * register, start, destroy; its --help (golden), a command line, its JSON file, a value its
 * callback refuses.
 */
#include "argp_test.h"

#include <stdlib.h>
#include <string.h>

#include "sample_params.h"

static void sample_init(struct sample_config *cfg, bool remote)
{
	memset(cfg, 0, sizeof(*cfg));
	strcpy(cfg->pci_address, "03:00.0");
	cfg->num_src_buf = cfg->num_dst_buf = 1;
	assert_int_equal(doca_argp_init("doca_dma_copy", cfg), DOCA_SUCCESS);
	assert_int_equal(sample_register_params(remote), DOCA_SUCCESS);
}

static int help_in_child(void *arg)
{
	char *argv[] = { "/tmp/build/doca_dma_copy", "--help", NULL };

	(void)arg;
	return doca_argp_start(2, argv);
}

static void the_samples_help(void **state)
{
	struct sample_config cfg;
	struct capture io;
	char *want = data_text("golden/usage_sample.txt");
	int status;

	(void)state;
	sample_init(&cfg, true);
	run_in_child(help_in_child, NULL, &io, &status);
	assert_int_equal(status, EXIT_SUCCESS);
	assert_string_equal(io.out, want);
	free(want);
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void a_command_line(void **state)
{
	struct sample_config cfg;

	(void)state;
	sample_init(&cfg, false);
	assert_int_equal(START("-p", "0000:b1:00.1", "-t", "hello", "-ns", "4", "--num-dst-buf", "2"), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	/* The values outlive the parser: the sample copied them. */
	assert_string_equal(cfg.pci_address, "0000:b1:00.1");
	assert_string_equal(cfg.text, "hello");
	assert_int_equal(cfg.num_src_buf, 4);
	assert_int_equal(cfg.num_dst_buf, 2);
}

static void its_json_file(void **state)
{
	struct sample_config cfg;

	(void)state;
	sample_init(&cfg, true);
	assert_int_equal(START("-j", data_path("json/sample.json")), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	assert_string_equal(cfg.pci_address, "b1:00.0");
	assert_string_equal(cfg.text, "copied through a file");
	assert_string_equal(cfg.descriptor_path, "/tmp/export.txt");
	assert_string_equal(cfg.buffer_path, "/tmp/buffer.txt");
	assert_int_equal(cfg.num_src_buf, 2);
	assert_int_equal(cfg.num_dst_buf, 3);
}

static void values_its_callbacks_refuse(void **state)
{
	struct sample_config cfg;
	struct capture io;
	long mark;

	(void)state;
	sample_init(&cfg, false);
	mark = sdk_mark();
	capture_begin(&io);
	assert_int_equal(START("-p", "0000:b1:00.1-too-long"), DOCA_ERROR_INVALID_VALUE);
	capture_end(&io);
	assert_string_equal(io.err, "Encountered an error [Invalid input] while handling param \"pci-addr\"\n");
	assert_int_equal(sdk_lines_since(mark), 1);
	capture_free(&io);
	assert_string_equal(cfg.pci_address, "03:00.0");
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	sample_init(&cfg, false);
	capture_begin(&io);
	assert_int_equal(START("-ns", "0"), DOCA_ERROR_INVALID_VALUE);
	capture_end(&io);
	assert_string_equal(io.err, "Encountered an error [Invalid input] while handling param \"num-src-buf\"\n");
	capture_free(&io);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(the_samples_help, argp_test_teardown),
		cmocka_unit_test_teardown(a_command_line, argp_test_teardown),
		cmocka_unit_test_teardown(its_json_file, argp_test_teardown),
		cmocka_unit_test_teardown(values_its_callbacks_refuse, argp_test_teardown),
	};

	return cmocka_run_group_tests(tests, argp_group_setup, NULL);
}
