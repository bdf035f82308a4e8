/*
 * The caller's structures, read in the layout of the release it was built for.
 *
 * Structures grew between NVIDIA's releases (capi/CHOICES-host.md, "Structures by release"):
 * a program built against 24.01's headers passes 24.01's flexio_process_attr (16 bytes), one
 * built against the current headers the current one (24 bytes). The library reads each in the
 * layout of the version the program set with flexio_version_set, else of the one its headers
 * announced (flexio_version_announce), else in 24.01's (23.x and 24.x programs built with
 * NVIDIA's headers do neither), into the neutral forms below.
 * layouts_2401.c is compiled with 24.01's headers, layouts.c with the current ones.
 *
 * Include after <libflexio/flexio.h>: only types every release shares appear here.
 */
#ifndef OPENFLEXIO_CORE_HOST_LAYOUTS_H
#define OPENFLEXIO_CORE_HOST_LAYOUTS_H

#include <stdbool.h>
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
	const char *sig_sec_name; /* 24.01: the signature section's name */
	void *sig_ptr;            /* later: the signature itself */
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
	int transport_mode; /* 25.7 on; 0 (QP RC) before */
};

struct event_handler_args {
	flexio_func_t *host_stub_func;
	int continuable;
	uint64_t arg;
	flexio_uintptr_t thread_local_storage_daddr;
	struct flexio_affinity affinity;
	const char *name; /* NULL: none (24.01 has no name) */
};

/* flexio_cq_attr: 24.01 has no cqe_comp_format. */
struct cq_args {
	uint8_t log_cq_depth;
	uint8_t element_type;
	uint32_t emulated_eqn;        /* the union as read both ways: which one counts depends on */
	struct flexio_thread *thread; /* element_type */
	uint32_t uar_id;
	void *uar_base_addr;
	int cqe_comp_type;
	int cq_period_mode;
	uint16_t cq_period;
	uint16_t cq_max_count;
	bool no_arm;
	bool cc;
	uint8_t overrun_ignore;
	uint8_t always_armed;
	struct flexio_qmem cq_ring_qmem;
	flexio_uintptr_t cq_dbr_daddr;
	int cqe_comp_format; /* FLEXIO_CQE_COMP_FORMAT_HASH (0) in 24.01 */
};

/* flexio_wq_attr: 24.01's SQ part has no tis, its RQ part only wq_type. Both parts of the union
 * are read (SQs use the one, RQs and RMPs the other). */
struct wq_args {
	uint8_t log_wq_stride;
	uint8_t log_wq_depth;
	uint32_t uar_id;
	uint32_t user_index;
	struct ibv_pd *pd;
	uint8_t allow_multi_pkt_send_wqe;
	struct flexio_sq_tis *tis; /* NULL in 24.01 */
	int wq_type;
	int end_pad_mode;                   /* FLEXIO_WQ_END_PAD_NONE (0) in 24.01 */
	uint8_t vlan_strip_disable;         /* 0 in 24.01 */
	struct flexio_transport_domain *td; /* NULL in 24.01 */
	struct flexio_qmem wq_ring_qmem;
	struct flexio_qmem wq_dbr_qmem;
};

/* flexio_qp_attr and flexio_qp_attr_opt_param_mask are the same in every release (NVIDIA's 24.01
 * facts, tests/headers/facts): they are read as they are, and layouts.c and layouts_2401.c
 * assert that the two layouts agree. */

/* The layouts of the caller's structures: those of the version given to flexio_version_set,
 * else of the oldest one the program's translation units announced (flexio_version_announce,
 * from <libflexio/flexio.h>), else 24.01's (version.c). */
uint64_t layouts_version(void);

/* Each reads the caller's structure (NULL: all zero). */
void layouts_process_attr(const void *attr, struct process_args *out);
void layouts_app_attr(const void *attr, struct app_args *out);
void layouts_stream_attr(const void *attr, struct stream_args *out);
void layouts_event_handler_attr(const void *attr, struct event_handler_args *out);
void layouts_cq_attr(const void *attr, struct cq_args *out);
void layouts_wq_attr(const void *attr, struct wq_args *out);

/* The same for 24.01's layouts (layouts_2401.c). */
void layouts_2401_process_attr(const void *attr, struct process_args *out);
void layouts_2401_app_attr(const void *attr, struct app_args *out);
void layouts_2401_stream_attr(const void *attr, struct stream_args *out);
void layouts_2401_event_handler_attr(const void *attr, struct event_handler_args *out);
void layouts_2401_cq_attr(const void *attr, struct cq_args *out);
void layouts_2401_wq_attr(const void *attr, struct wq_args *out);

/* sizeof(struct flexio_qp_attr) and the offset of its last field in every release. */
#define LAYOUTS_QP_ATTR_SIZE 184
#define LAYOUTS_QP_ATTR_LAST 181 /* isolate_vl_tc */

#endif
