/*
 * A DMA copy sample's flags (sample_params.h): the device's PCI address, the text to copy, and
 * for a copy across the host and the DPU the files that carry the export descriptor and the
 * buffer's address; the number of buffers each side chains. Each callback checks its value and
 * copies it into the configuration, as a sample's must (argp's value lives for the call only).
 */
#define DOCA_ALLOW_EXPERIMENTAL_API

#include "sample_params.h"

#include <stdio.h>
#include <string.h>

#include <doca_argp.h>
#include <doca_log.h>

/* As NVIDIA's samples name their sources ("::" included). */
DOCA_LOG_REGISTER(ARGP_TEST::SAMPLE_PARAMS);

/* Copies a string value into a field of size bytes; too long is the user's error. */
static doca_error_t copy_value(char *field, size_t size, const char *value)
{
	if (strnlen(value, size) == size) {
		DOCA_LOG_ERR("\"%s\" is longer than %zu characters", value, size - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	strcpy(field, value);
	return DOCA_SUCCESS;
}

static doca_error_t on_pci_address(void *param, void *config)
{
	struct sample_config *cfg = config;

	return copy_value(cfg->pci_address, sizeof(cfg->pci_address), param);
}

static doca_error_t on_text(void *param, void *config)
{
	struct sample_config *cfg = config;

	return copy_value(cfg->text, sizeof(cfg->text), param);
}

static doca_error_t on_descriptor_path(void *param, void *config)
{
	struct sample_config *cfg = config;

	return copy_value(cfg->descriptor_path, sizeof(cfg->descriptor_path), param);
}

static doca_error_t on_buffer_path(void *param, void *config)
{
	struct sample_config *cfg = config;

	return copy_value(cfg->buffer_path, sizeof(cfg->buffer_path), param);
}

/* A count of buffers: at least one. */
static doca_error_t count_value(int *field, const int *value)
{
	if (*value < 1)
		return DOCA_ERROR_INVALID_VALUE;
	*field = *value;
	return DOCA_SUCCESS;
}

static doca_error_t on_num_src_buf(void *param, void *config)
{
	return count_value(&((struct sample_config *)config)->num_src_buf, param);
}

static doca_error_t on_num_dst_buf(void *param, void *config)
{
	return count_value(&((struct sample_config *)config)->num_dst_buf, param);
}

/* One flag: created, described, registered (argp owns it from here, failure included). */
static doca_error_t add_flag(const char *short_name, const char *long_name, const char *description,
			     doca_argp_param_cb_t callback, enum doca_argp_type type)
{
	struct doca_argp_param *param;
	doca_error_t err = doca_argp_param_create(&param);

	if (err != DOCA_SUCCESS)
		return err;
	doca_argp_param_set_short_name(param, short_name);
	doca_argp_param_set_long_name(param, long_name);
	doca_argp_param_set_description(param, description);
	doca_argp_param_set_callback(param, callback);
	doca_argp_param_set_type(param, type);
	return doca_argp_register_param(param);
}

doca_error_t sample_register_params(bool remote)
{
	doca_error_t err;

	err = add_flag("p", "pci-addr", "PCI address of the DMA device", on_pci_address, DOCA_ARGP_TYPE_STRING);
	if (err == DOCA_SUCCESS)
		err = add_flag("t", "text", "Text to copy (local copy only)", on_text, DOCA_ARGP_TYPE_STRING);
	if (err == DOCA_SUCCESS && remote)
		err = add_flag("d", "descriptor-path", "File the export descriptor is written to or read from",
			       on_descriptor_path, DOCA_ARGP_TYPE_STRING);
	if (err == DOCA_SUCCESS && remote)
		err = add_flag("b", "buffer-path", "File the buffer's address and length are written to or read from",
			       on_buffer_path, DOCA_ARGP_TYPE_STRING);
	if (err == DOCA_SUCCESS)
		err = add_flag("ns", "num-src-buf", "Number of buffers chained as the source", on_num_src_buf,
			       DOCA_ARGP_TYPE_INT);
	if (err == DOCA_SUCCESS)
		err = add_flag("nd", "num-dst-buf", "Number of buffers chained as the destination", on_num_dst_buf,
			       DOCA_ARGP_TYPE_INT);
	return err;
}
