/*
 * The caller's structures, read in the layout of the release it was built for.
 *
 * Structures grew between NVIDIA's releases (capi/CHOICES-host.md, "Structures by release"):
 * a program built against 24.01's headers passes 24.01's flexio_process_attr (16 bytes), one
 * built against the current headers the current one (24 bytes). The library reads each in the
 * layout of the version the program announced with flexio_version_set, and in 24.01's when
 * it announced none (23.x and 24.x programs never call it), into the neutral forms below.
 * layouts_2401.c is compiled with 24.01's headers, layouts.c with the current ones.
 *
 * Include after <libflexio/flexio.h>: only types every release shares appear here.
 */
#ifndef OPENFLEXIO_CORE_HOST_LAYOUTS_H
#define OPENFLEXIO_CORE_HOST_LAYOUTS_H

#include <stddef.h>
#include <stdint.h>

struct process_args {
	struct ibv_pd *pd;
	int en_pcc;
	const char *name; /* NULL: none (24.01 has no name) */
};

struct app_args {
	const char *app_name;
	void *app_ptr;
	size_t app_bsize;
	const char *sig_sec_name;       /* 24.01: the signature section's name */
	void *sig_ptr;                  /* later: the signature itself */
	size_t sig_bsize;
	uint64_t dpa_api_version;
	uint64_t *flexio_dev_versions;
	size_t flexio_dev_versions_len_size;
};

struct stream_args {
	size_t data_bsize;
	int sync_mode;
	const char *stream_name;
	unsigned level;
	struct flexio_affinity mgmt_affinity;
	int tracer_mode;
	char **tracer_msg_formats;
	int transport_mode; /* 26.x; 0 (QP RC) before */
};

struct event_handler_args {
	flexio_func_t *host_stub_func;
	int continuable;
	uint64_t arg;
	flexio_uintptr_t thread_local_storage_daddr;
	struct flexio_affinity affinity;
	const char *name; /* NULL: none (24.01 has no name) */
};

/* The layouts of the caller's structures: those of the version announced with
 * flexio_version_set, or 24.01's when none was (version.c). */
uint64_t layouts_version(void);

/* Each reads the caller's structure (NULL: all zero). */
void layouts_process_attr(const void *attr, struct process_args *out);
void layouts_app_attr(const void *attr, struct app_args *out);
void layouts_stream_attr(const void *attr, struct stream_args *out);
void layouts_event_handler_attr(const void *attr, struct event_handler_args *out);

/* The same for 24.01's layouts (layouts_2401.c). */
void layouts_2401_process_attr(const void *attr, struct process_args *out);
void layouts_2401_app_attr(const void *attr, struct app_args *out);
void layouts_2401_stream_attr(const void *attr, struct stream_args *out);
void layouts_2401_event_handler_attr(const void *attr, struct event_handler_args *out);

#endif
