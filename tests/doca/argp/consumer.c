/*
 * A DOCA program using argp, built through a release's pkg-config directory alone (test_install.sh):
 * its flags -p/--pci-addr and -n/--num, parsed from the command line or a JSON file.
 */
#define DOCA_ALLOW_EXPERIMENTAL_API
#include <stdio.h>
#include <stdlib.h>

#include <doca_argp.h>

struct config {
	char pci[32];
	int num;
};

static doca_error_t on_pci(void *param, void *config)
{
	snprintf(((struct config *)config)->pci, sizeof(((struct config *)config)->pci), "%s", (const char *)param);
	return DOCA_SUCCESS;
}

static doca_error_t on_num(void *param, void *config)
{
	((struct config *)config)->num = *(int *)param;
	return DOCA_SUCCESS;
}

static doca_error_t add(const char *short_name, const char *long_name, const char *description,
			doca_error_t (*callback)(void *, void *), enum doca_argp_type type)
{
	struct doca_argp_param *param;
	doca_error_t err = doca_argp_param_create(&param);

	if (err)
		return err;
	doca_argp_param_set_short_name(param, short_name);
	doca_argp_param_set_long_name(param, long_name);
	doca_argp_param_set_description(param, description);
	doca_argp_param_set_callback(param, callback);
	doca_argp_param_set_type(param, type);
	return doca_argp_register_param(param);
}

int main(int argc, char **argv)
{
	struct config cfg = { "none", 0 };
	doca_error_t err = doca_argp_init("argp_consumer", &cfg);

	if (!err)
		err = add("p", "pci-addr", "Device PCI address", on_pci, DOCA_ARGP_TYPE_STRING);
	if (!err)
		err = add("n", "num", "A number", on_num, DOCA_ARGP_TYPE_INT);
	if (!err)
		err = doca_argp_start(argc, argv);
	if (!err)
		printf("pci=%s num=%d\n", cfg.pci, cfg.num);
	doca_argp_destroy();
	return err ? EXIT_FAILURE : EXIT_SUCCESS;
}
