/*
 * Walks every rdma-core entry point a program can call on a simulated device: each exported
 * ibv_* / mlx5dv_* function of libibverbs.so.1 and libmlx5.so.1 and each static inline
 * helper of verbs.h and mlx5dv.h, called the way a program calls it (by name, bound by the
 * program's link order), on the simulated device mlx5_sim0, a context, a PD, a memory region
 * and a devx UAR of it, with plausible arguments.  Other objects (CQs, QPs, ...) are ones
 * the simulated device never made, which it must refuse: for verbs objects a zeroed object
 * whose context is the simulated context, for opaque mlx5dv objects NULL.  Each call runs in a forked child, so a crash is caught and named.
 *
 * Expected outcomes:
 *   OK    the call works: it succeeds and logs nothing;
 *   FAIL  it fails by its own convention, with errno set and exactly one line
 *         "flexio_verbs ERR <function>: ..." (the function may be the one an inline helper
 *         calls);
 *   ANY   the function takes no simulated object (string helpers, fork control, ...): it
 *         must not crash;
 *   skipped, with the reason (helpers that call through an object's own function pointers,
 *   which only objects the simulated device cannot create yet have).
 *
 *   walk            run every entry; exit 1 naming each one that crashed or misbehaved
 *   walk --list     print "<name> walked" or "<name> skipped: <reason>", one per line
 *   walk NAME...    run only these
 *
 * walk_check.py compares the list with the libraries' dynamic symbols and the headers.
 */
#include <errno.h>
#include <fcntl.h>
#include <infiniband/mlx5dv.h>
#include <infiniband/verbs.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* Exported by libibverbs without a prototype in its public headers. */
int ibv_dontfork_range(void *base, size_t size);
int ibv_dofork_range(void *base, size_t size);
const char *ibv_get_sysfs_path(void);
int ibv_read_sysfs_file(const char *dir, const char *file, char *buf, size_t size);
void ibv_copy_qp_attr_from_kern(void *dst, void *src);
void ibv_copy_ah_attr_from_kern(void *dst, void *src);
void ibv_copy_path_rec_from_kern(void *dst, void *src);
void ibv_copy_path_rec_to_kern(void *dst, void *src);
struct _compat_ibv_port_attr;

/* ---- the simulated objects, made before the walk (children inherit them) ---- */

static struct {
	struct ibv_device **list;
	struct ibv_device *device;
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_mr *mr;
	struct mlx5dv_devx_uar *uar;
	/* objects "of the simulated context" the simulated device cannot create yet */
	struct ibv_cq *cq;
	struct ibv_cq_ex *cq_ex;
	struct ibv_qp *qp;
	struct ibv_qp_ex *qp_ex;
	struct ibv_srq *srq;
	struct ibv_wq *wq;
	struct ibv_ah *ah;
	struct ibv_mw *mw;
	struct ibv_xrcd *xrcd;
	struct ibv_comp_channel *channel;
	struct ibv_td *td;
	struct ibv_rwq_ind_table *ind_table;
	struct ibv_counters *counters;
	struct ibv_dm *dm;
	struct ibv_flow_action *flow_action;
	struct ibv_flow *flow;
} f;

static char buf[4096] __attribute__((aligned(4096)));
static char scratch[4096]; /* zeroed input/output buffers of any kind */

static void *zeroed(size_t size)
{
	void *p = calloc(1, size);

	if (!p)
		abort();
	return p;
}

static void setup(void)
{
	f.list = ibv_get_device_list(NULL);
	if (!f.list || !f.list[0] || strcmp(ibv_get_device_name(f.list[0]), "mlx5_sim0")) {
		fprintf(stderr, "walk: mlx5_sim0 is not the first device this program finds\n");
		exit(1);
	}
	f.device = f.list[0];
	f.ctx = ibv_open_device(f.device);
	f.pd = ibv_alloc_pd(f.ctx);
	f.mr = ibv_reg_mr(f.pd, buf, sizeof(buf), IBV_ACCESS_LOCAL_WRITE);
	f.uar = mlx5dv_devx_alloc_uar(f.ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
	if (!f.ctx || !f.pd || !f.mr || !f.uar) {
		fprintf(stderr, "walk: cannot make the simulated objects\n");
		exit(1);
	}
	/* programs poll the async fd non-blocking: so does the walk */
	fcntl(f.ctx->async_fd, F_SETFL, fcntl(f.ctx->async_fd, F_GETFL) | O_NONBLOCK);

#define OF_CONTEXT(field, type)                      \
	do {                                         \
		type *object = zeroed(sizeof(type)); \
		object->context = f.ctx;             \
		f.field = object;                    \
	} while (0)
	OF_CONTEXT(cq, struct ibv_cq);
	OF_CONTEXT(qp, struct ibv_qp);
	OF_CONTEXT(srq, struct ibv_srq);
	OF_CONTEXT(wq, struct ibv_wq);
	OF_CONTEXT(ah, struct ibv_ah);
	OF_CONTEXT(mw, struct ibv_mw);
	OF_CONTEXT(xrcd, struct ibv_xrcd);
	OF_CONTEXT(channel, struct ibv_comp_channel);
	OF_CONTEXT(td, struct ibv_td);
	OF_CONTEXT(ind_table, struct ibv_rwq_ind_table);
	OF_CONTEXT(counters, struct ibv_counters);
	OF_CONTEXT(dm, struct ibv_dm);
	OF_CONTEXT(flow_action, struct ibv_flow_action);
	OF_CONTEXT(flow, struct ibv_flow);
	f.cq_ex = zeroed(sizeof(*f.cq_ex));
	f.cq_ex->context = f.ctx;
	f.qp_ex = zeroed(sizeof(*f.qp_ex));
	f.qp_ex->qp_base.context = f.ctx;
	f.mw->pd = f.pd;
	f.mw->type = IBV_MW_TYPE_1;
}

/* ---- small helpers for multi-step calls ---- */

static int fresh_list(void)
{
	struct ibv_device **list = ibv_get_device_list(NULL);

	if (!list)
		return 1;
	ibv_free_device_list(list);
	return 0;
}

static int close_fresh(void)
{
	struct ibv_context *ctx = ibv_open_device(f.device);
	struct ibv_pd *pd = ctx ? ibv_alloc_pd(ctx) : NULL;

	/* rdma-core closes a context that still has a PD: so must the simulator */
	return !pd || ibv_close_device(ctx) != 0;
}

static int dealloc_fresh(void)
{
	struct ibv_pd *pd = ibv_alloc_pd(f.ctx);

	return !pd || ibv_dealloc_pd(pd) != 0;
}

/* A steering domain of the simulated context, destroyed again (it is simulated). */
static int domain_fresh(void)
{
	struct mlx5dv_dr_domain *domain = mlx5dv_dr_domain_create(f.ctx, MLX5DV_DR_DOMAIN_TYPE_NIC_RX);

	return !domain || mlx5dv_dr_domain_destroy(domain) != 0;
}

static int reg_fresh(void)
{
	struct ibv_mr *mr = (ibv_reg_mr)(f.pd, buf, 64, IBV_ACCESS_LOCAL_WRITE);

	return !mr;
}

static int dereg_fresh(void)
{
	struct ibv_mr *mr = ibv_reg_mr(f.pd, buf, 64, 0);

	return !mr || ibv_dereg_mr(mr) != 0;
}

static int free_uar_fresh(void)
{
	struct mlx5dv_devx_uar *uar = mlx5dv_devx_alloc_uar(f.ctx, MLX5DV_UAR_ALLOC_TYPE_BF);

	if (!uar)
		return 1;
	mlx5dv_devx_free_uar(uar);
	return 0;
}

static int query_port_compat(void)
{
	/* the exported entry point itself, with its older (shorter) attribute layout */
	return (ibv_query_port)(f.ctx, 1, (struct _compat_ibv_port_attr *)scratch) != 0;
}

static int query_port_inline(void)
{
	struct ibv_port_attr attr;

	return ibv_query_port(f.ctx, 1, &attr) != 0 || attr.state != IBV_PORT_ACTIVE;
}

static int no_async_event(void)
{
	struct ibv_async_event event;

	/* no event: -1 with EAGAIN on the non-blocking fd, as rdma-core on a quiet device */
	return !(ibv_get_async_event(f.ctx, &event) == -1 && errno == EAGAIN);
}

static int ack_port_event(void)
{
	struct ibv_async_event event = { .element.port_num = 1, .event_type = IBV_EVENT_PORT_ACTIVE };

	ibv_ack_async_event(&event);
	return 0;
}

static int init_obj_pd(void)
{
	struct mlx5dv_pd pd;
	struct mlx5dv_obj obj = { .pd = { .in = f.pd, .out = &pd } };

	return mlx5dv_init_obj(&obj, MLX5DV_OBJ_PD) != 0;
}

static int query_device_ex(void)
{
	struct ibv_device_attr_ex attr;

	return ibv_query_device_ex(f.ctx, NULL, &attr) != 0 || attr.orig_attr.vendor_id != 0x02c9;
}

static int open_dv(void)
{
	struct mlx5dv_context_attr attr = { .flags = MLX5DV_CONTEXT_FLAGS_DEVX };

	return mlx5dv_open_device(f.device, &attr) == NULL;
}

static int query_dv(void)
{
	struct mlx5dv_context attrs = { 0 };

	return mlx5dv_query_device(f.ctx, &attrs) != 0;
}

static int gid_ex(void)
{
	struct ibv_gid_entry entry;

	return ibv_query_gid_ex(f.ctx, 1, 1, &entry, 0) != 0 || entry.gid_type != IBV_GID_TYPE_ROCE_V2;
}

static int gid_ex_raw(void)
{
	struct ibv_gid_entry entry;

	return _ibv_query_gid_ex(f.ctx, 1, 0, &entry, 0, sizeof(entry)) != 0;
}

static int gid_table(void)
{
	struct ibv_gid_entry entries[4];

	return ibv_query_gid_table(f.ctx, entries, 4, 0) < 0;
}

static int gid_table_raw(void)
{
	struct ibv_gid_entry entries[4];

	return _ibv_query_gid_table(f.ctx, entries, 4, 0, sizeof(entries[0])) < 0;
}

static int bind_mw(void)
{
	struct ibv_mw_bind bind = { 0 };

	return ibv_bind_mw(f.qp, f.mw, &bind) != 0;
}

static int post_send(void)
{
	struct ibv_send_wr wr = { 0 }, *bad = NULL;

	return ibv_post_send(f.qp, &wr, &bad) != 0;
}

static int post_recv(void)
{
	struct ibv_recv_wr wr = { 0 }, *bad = NULL;

	return ibv_post_recv(f.qp, &wr, &bad) != 0;
}

static int post_srq_recv(void)
{
	struct ibv_recv_wr wr = { 0 }, *bad = NULL;

	return ibv_post_srq_recv(f.srq, &wr, &bad) != 0;
}

static int post_srq_ops(void)
{
	struct ibv_ops_wr wr = { 0 }, *bad = NULL;

	return ibv_post_srq_ops(f.srq, &wr, &bad) != 0;
}

static int poll_cq(void)
{
	struct ibv_wc wc;

	return ibv_poll_cq(f.cq, 1, &wc) < 0;
}

static int create_srq_ex(void)
{
	struct ibv_srq_init_attr_ex attr = { .comp_mask = IBV_SRQ_INIT_ATTR_PD, .pd = NULL };

	attr.pd = f.pd;
	return ibv_create_srq_ex(f.ctx, &attr) == NULL;
}

static int create_qp_ex(void)
{
	struct ibv_qp_init_attr_ex attr = { .comp_mask = IBV_QP_INIT_ATTR_PD, .qp_type = IBV_QPT_RC };

	attr.pd = f.pd;
	return ibv_create_qp_ex(f.ctx, &attr) == NULL;
}

static int create_cq_ex(void)
{
	struct ibv_cq_init_attr_ex attr = { .cqe = 16 };

	return ibv_create_cq_ex(f.ctx, &attr) == NULL;
}

static int query_rt_values(void)
{
	struct ibv_values_ex values = { .comp_mask = IBV_VALUES_MASK_RAW_CLOCK };

	return ibv_query_rt_values_ex(f.ctx, &values) != 0;
}

static int dv_query_port(void)
{
	struct mlx5dv_port info;

	return mlx5dv_query_port(f.ctx, 1, &info) != 0;
}

static int dv_mkey_check(void)
{
	struct mlx5dv_mkey_err err;

	return mlx5dv_mkey_check(NULL, &err) != 0;
}

static int ts_to_ns(void)
{
	struct mlx5dv_clock_info info = { .mult = 1, .mask = ~0ULL };

	(void)mlx5dv_ts_to_ns(&info, 1000);
	return 0;
}

static int vfio_list(void)
{
	struct mlx5dv_vfio_context_attr attr = { .pci_name = "0000:ff:1f.7" };
	struct ibv_device **list = mlx5dv_get_vfio_device_list(&attr);

	if (list)
		ibv_free_device_list(list);
	return 0;
}

static int devx_bits(void)
{
	_devx_set(scratch, 5, 8, 4);
	_devx_set64(scratch, 7, 64);
	return _devx_get(scratch, 8, 4) != 5 || _devx_get64(scratch, 64) != 7;
}

static int read_sysfs(void)
{
	char out[64];

	(void)ibv_read_sysfs_file("class/infiniband", "no_such_file", out, sizeof(out));
	return 0;
}

static int create_flow(void)
{
	struct ibv_flow_attr attr = { .size = sizeof(attr), .port = 1 };

	return ibv_create_flow(f.qp, &attr) == NULL;
}

/* ---- the entry points ---- */

#define NUL(x) ((x) == NULL)
#define NZ(x) ((x) != 0)
#define NEGV(x) ((x) < 0)
#define VOIDCALL(x) ((x), -1)
#define ANYCALL(x) ((void)(x), 0)

/*
 * X(name, expectation, status expression): 1 failed, 0 succeeded, -1 nothing returned.
 * S(name, reason): skipped.
 */
/* Not reformatted: entry tables as X-macro lists, one entry per row. */
/* clang-format off */
#define ENTRIES(X, S)                                                                              \
	/* ---- libibverbs: devices ---- */                                                        \
	X(ibv_get_device_list, OK, fresh_list())                                                   \
	X(ibv_free_device_list, OK, fresh_list())                                                  \
	X(ibv_get_device_name, OK, NUL(ibv_get_device_name(f.device)))                             \
	X(ibv_get_device_guid, OK, ibv_get_device_guid(f.device) == 0)                             \
	X(ibv_get_device_index, FAIL, ibv_get_device_index(f.device) < 0)                          \
	X(ibv_open_device, OK, NUL(ibv_open_device(f.device)))                                     \
	X(ibv_close_device, OK, close_fresh())                                                     \
	X(ibv_import_device, ANY, ANYCALL(ibv_import_device(-1)))                                  \
	/* ---- libibverbs: context ---- */                                                        \
	X(ibv_query_device, OK, NZ(ibv_query_device(f.ctx, (struct ibv_device_attr *)scratch)))    \
	X(ibv_query_port, OK, query_port_compat())                                                 \
	X(ibv_query_gid, OK, NZ(ibv_query_gid(f.ctx, 1, 0, (union ibv_gid *)scratch)))             \
	X(_ibv_query_gid_ex, OK, gid_ex_raw())                                                     \
	X(_ibv_query_gid_table, OK, gid_table_raw())                                               \
	X(ibv_query_pkey, OK, NZ(ibv_query_pkey(f.ctx, 1, 0, (__be16 *)scratch)))                  \
	X(ibv_get_pkey_index, OK, NEGV(ibv_get_pkey_index(f.ctx, 1, 0xffff)))                      \
	X(ibv_get_async_event, OK, no_async_event())                                               \
	X(ibv_ack_async_event, OK, ack_port_event())                                               \
	X(ibv_alloc_pd, OK, NUL(ibv_alloc_pd(f.ctx)))                                              \
	X(ibv_dealloc_pd, OK, dealloc_fresh())                                                     \
	X(ibv_import_pd, FAIL, NUL(ibv_import_pd(f.ctx, 1)))                                       \
	X(ibv_unimport_pd, FAIL, VOIDCALL(ibv_unimport_pd(f.pd)))                                  \
	X(ibv_create_comp_channel, OK,   NUL(ibv_create_comp_channel(f.ctx)))                      \
	X(ibv_destroy_comp_channel, FAIL, NZ(ibv_destroy_comp_channel(f.channel)))                 \
	X(ibv_create_cq, OK,   NUL(ibv_create_cq(f.ctx, 16, NULL, NULL, 0)))                       \
	X(ibv_resize_cq, FAIL, NZ(ibv_resize_cq(f.cq, 32)))                                        \
	X(ibv_destroy_cq, FAIL, NZ(ibv_destroy_cq(f.cq)))                                          \
	X(ibv_get_cq_event, FAIL,                                                                  \
	  NZ(ibv_get_cq_event(f.channel, (struct ibv_cq **)scratch, (void **)scratch)))            \
	X(ibv_ack_cq_events, FAIL, VOIDCALL(ibv_ack_cq_events(f.cq, 1)))                           \
	X(ibv_init_ah_from_wc, FAIL,                                                               \
	  NZ(ibv_init_ah_from_wc(f.ctx, 1, (struct ibv_wc *)scratch, (struct ibv_grh *)scratch,   \
				 (struct ibv_ah_attr *)(scratch + 1024))))                         \
	X(ibv_resolve_eth_l2_from_gid, FAIL,                                                       \
	  NZ(ibv_resolve_eth_l2_from_gid(f.ctx, (struct ibv_ah_attr *)scratch,                     \
					 (uint8_t *)scratch + 512, (uint16_t *)(scratch + 1024)))) \
	/* ---- libibverbs: PD ---- */                                                             \
	X(ibv_reg_mr, OK, reg_fresh())                                                           \
	X(ibv_reg_mr_iova, OK, NUL((ibv_reg_mr_iova)(f.pd, buf, 64, 0x1000, 0)))                   \
	X(ibv_reg_mr_iova2, OK, NUL(ibv_reg_mr_iova2(f.pd, buf, 64, 0x1000, 0)))                   \
	X(ibv_reg_dmabuf_mr, FAIL, NUL(ibv_reg_dmabuf_mr(f.pd, 0, 4096, 0, -1, 0)))                \
	X(ibv_dereg_mr, OK, dereg_fresh())                                                         \
	X(ibv_rereg_mr, FAIL,                                                                      \
	  NZ(ibv_rereg_mr(f.mr, IBV_REREG_MR_CHANGE_ACCESS, NULL, NULL, 0, IBV_ACCESS_REMOTE_READ))) \
	X(ibv_import_mr, FAIL, NUL(ibv_import_mr(f.pd, 1)))                                        \
	X(ibv_unimport_mr, FAIL, VOIDCALL(ibv_unimport_mr(f.mr)))                                  \
	X(ibv_import_dm, FAIL, NUL(ibv_import_dm(f.ctx, 1)))                                       \
	X(ibv_unimport_dm, FAIL, VOIDCALL(ibv_unimport_dm(f.dm)))                                  \
	X(ibv_create_srq, FAIL, NUL(ibv_create_srq(f.pd, (struct ibv_srq_init_attr *)scratch)))    \
	X(ibv_modify_srq, FAIL, NZ(ibv_modify_srq(f.srq, (struct ibv_srq_attr *)scratch, 0)))      \
	X(ibv_query_srq, FAIL, NZ(ibv_query_srq(f.srq, (struct ibv_srq_attr *)scratch)))           \
	X(ibv_destroy_srq, FAIL, NZ(ibv_destroy_srq(f.srq)))                                       \
	X(ibv_create_qp, FAIL, NUL(ibv_create_qp(f.pd, (struct ibv_qp_init_attr *)scratch)))       \
	X(ibv_query_qp, FAIL,                                                                      \
	  NZ(ibv_query_qp(f.qp, (struct ibv_qp_attr *)scratch, IBV_QP_STATE,                       \
			  (struct ibv_qp_init_attr *)(scratch + 1024))))                           \
	X(ibv_modify_qp, FAIL, NZ(ibv_modify_qp(f.qp, (struct ibv_qp_attr *)scratch, IBV_QP_STATE))) \
	X(ibv_destroy_qp, FAIL, NZ(ibv_destroy_qp(f.qp)))                                          \
	X(ibv_qp_to_qp_ex, FAIL, NUL(ibv_qp_to_qp_ex(f.qp)))                                       \
	X(ibv_query_qp_data_in_order, FAIL,                                                        \
	  ibv_query_qp_data_in_order(f.qp, IBV_WR_RDMA_WRITE, 0) == 0)                             \
	X(ibv_query_ece, FAIL, NZ(ibv_query_ece(f.qp, (struct ibv_ece *)scratch)))                 \
	X(ibv_set_ece, FAIL, NZ(ibv_set_ece(f.qp, (struct ibv_ece *)scratch)))                     \
	X(ibv_attach_mcast, FAIL, NZ(ibv_attach_mcast(f.qp, (union ibv_gid *)scratch, 0)))         \
	X(ibv_detach_mcast, FAIL, NZ(ibv_detach_mcast(f.qp, (union ibv_gid *)scratch, 0)))         \
	X(ibv_create_ah, FAIL, NUL(ibv_create_ah(f.pd, (struct ibv_ah_attr *)scratch)))            \
	X(ibv_create_ah_from_wc, FAIL,                                                             \
	  NUL(ibv_create_ah_from_wc(f.pd, (struct ibv_wc *)scratch, (struct ibv_grh *)scratch, 1))) \
	X(ibv_destroy_ah, FAIL, NZ(ibv_destroy_ah(f.ah)))                                          \
	/* ---- libibverbs: no simulated object involved ---- */                                  \
	X(ibv_fork_init, ANY, ANYCALL(ibv_fork_init()))                                            \
	X(ibv_is_fork_initialized, ANY, ANYCALL(ibv_is_fork_initialized()))                        \
	X(ibv_dontfork_range, ANY, ANYCALL(ibv_dontfork_range(buf, sizeof(buf))))                  \
	X(ibv_dofork_range, ANY, ANYCALL(ibv_dofork_range(buf, sizeof(buf))))                      \
	X(ibv_get_sysfs_path, ANY, ANYCALL(ibv_get_sysfs_path()))                                  \
	X(ibv_read_sysfs_file, ANY, read_sysfs())                                                  \
	X(ibv_node_type_str, ANY, ANYCALL(ibv_node_type_str(IBV_NODE_CA)))                         \
	X(ibv_port_state_str, ANY, ANYCALL(ibv_port_state_str(IBV_PORT_ACTIVE)))                   \
	X(ibv_event_type_str, ANY, ANYCALL(ibv_event_type_str(IBV_EVENT_PORT_ACTIVE)))             \
	X(ibv_wc_status_str, ANY, ANYCALL(ibv_wc_status_str(IBV_WC_SUCCESS)))                      \
	X(ibv_rate_to_mult, ANY, ANYCALL(ibv_rate_to_mult(IBV_RATE_10_GBPS)))                      \
	X(mult_to_ibv_rate, ANY, ANYCALL(mult_to_ibv_rate(4)))                                     \
	X(ibv_rate_to_mbps, ANY, ANYCALL(ibv_rate_to_mbps(IBV_RATE_10_GBPS)))                      \
	X(mbps_to_ibv_rate, ANY, ANYCALL(mbps_to_ibv_rate(10000)))                                 \
	X(ibv_copy_qp_attr_from_kern, ANY, VOIDCALL(ibv_copy_qp_attr_from_kern(scratch, scratch + 2048))) \
	X(ibv_copy_ah_attr_from_kern, ANY, VOIDCALL(ibv_copy_ah_attr_from_kern(scratch, scratch + 2048))) \
	X(ibv_copy_path_rec_from_kern, ANY,                                                        \
	  VOIDCALL(ibv_copy_path_rec_from_kern(scratch, scratch + 2048)))                          \
	X(ibv_copy_path_rec_to_kern, ANY, VOIDCALL(ibv_copy_path_rec_to_kern(scratch, scratch + 2048))) \
	/* ---- verbs.h inline helpers ---- */                                                     \
	X(verbs_get_ctx, ANY, ANYCALL(verbs_get_ctx(f.ctx)))                                       \
	S(__ibv_get_device_list, "only with RDMA_STATIC_PROVIDERS (static linking), where it "    \
	  "calls ibv_get_device_list")                                                             \
	X(___ibv_query_port, OK, query_port_inline())                                              \
	X(__ibv_reg_mr, OK, NUL(ibv_reg_mr(f.pd, buf, 64, IBV_ACCESS_LOCAL_WRITE)))                \
	X(__ibv_reg_mr_iova, OK, NUL(ibv_reg_mr_iova(f.pd, buf, 64, 0x2000, IBV_ACCESS_LOCAL_WRITE))) \
	X(ibv_query_device_ex, OK, query_device_ex())                                              \
	X(ibv_query_gid_ex, OK, gid_ex())                                                          \
	X(ibv_query_gid_table, OK, gid_table())                                                    \
	X(ibv_query_rt_values_ex, FAIL, query_rt_values())                                         \
	X(ibv_alloc_null_mr, FAIL, NUL(ibv_alloc_null_mr(f.pd)))                                   \
	X(ibv_advise_mr, FAIL,                                                                     \
	  NZ(ibv_advise_mr(f.pd, IBV_ADVISE_MR_ADVICE_PREFETCH, 0, (struct ibv_sge *)scratch, 1))) \
	X(ibv_alloc_mw, FAIL, NUL(ibv_alloc_mw(f.pd, IBV_MW_TYPE_1)))                              \
	X(ibv_dealloc_mw, FAIL, NZ(ibv_dealloc_mw(f.mw)))                                          \
	X(ibv_bind_mw, FAIL, bind_mw())                                                            \
	X(ibv_inc_rkey, ANY, ANYCALL(ibv_inc_rkey(0x100)))                                         \
	X(ibv_alloc_dm, FAIL, NUL(ibv_alloc_dm(f.ctx, (struct ibv_alloc_dm_attr *)scratch)))       \
	X(ibv_free_dm, FAIL, NZ(ibv_free_dm(f.dm)))                                                \
	X(ibv_reg_dm_mr, FAIL, NUL(ibv_reg_dm_mr(f.pd, f.dm, 0, 64, IBV_ACCESS_ZERO_BASED)))      \
	S(ibv_memcpy_to_dm, "calls the device memory's own memcpy_to_dm: no device memory can be " \
	  "allocated on the simulated device (ibv_alloc_dm fails)")                                \
	S(ibv_memcpy_from_dm, "calls the device memory's own memcpy_from_dm: no device memory can " \
	  "be allocated on the simulated device (ibv_alloc_dm fails)")                             \
	X(ibv_create_cq_ex, FAIL, create_cq_ex())                                                  \
	X(ibv_cq_ex_to_cq, ANY, ANYCALL(ibv_cq_ex_to_cq(f.cq_ex)))                                 \
	X(ibv_poll_cq, FAIL, poll_cq())                                                            \
	X(ibv_req_notify_cq, FAIL, NZ(ibv_req_notify_cq(f.cq, 0)))                                 \
	X(ibv_modify_cq, FAIL, NZ(ibv_modify_cq(f.cq, (struct ibv_modify_cq_attr *)scratch)))      \
	X(ibv_create_srq_ex, FAIL, create_srq_ex())                                                \
	X(ibv_get_srq_num, FAIL, NZ(ibv_get_srq_num(f.srq, (uint32_t *)scratch)))                  \
	X(ibv_post_srq_recv, FAIL, post_srq_recv())                                                \
	X(ibv_post_srq_ops, FAIL, post_srq_ops())                                                  \
	X(ibv_create_qp_ex, FAIL, create_qp_ex())                                                  \
	X(ibv_open_qp, FAIL, NUL(ibv_open_qp(f.ctx, (struct ibv_qp_open_attr *)scratch)))          \
	X(ibv_modify_qp_rate_limit, FAIL,                                                          \
	  NZ(ibv_modify_qp_rate_limit(f.qp, (struct ibv_qp_rate_limit_attr *)scratch)))            \
	X(ibv_post_send, FAIL, post_send())                                                        \
	X(ibv_post_recv, FAIL, post_recv())                                                        \
	X(ibv_is_qpt_supported, ANY, ANYCALL(ibv_is_qpt_supported(0, IBV_QPT_RC)))                 \
	X(ibv_alloc_td, FAIL, NUL(ibv_alloc_td(f.ctx, (struct ibv_td_init_attr *)scratch)))        \
	X(ibv_dealloc_td, FAIL, NZ(ibv_dealloc_td(f.td)))                                          \
	X(ibv_alloc_parent_domain, FAIL,                                                           \
	  NUL(ibv_alloc_parent_domain(f.ctx, (struct ibv_parent_domain_init_attr *)scratch)))      \
	X(ibv_open_xrcd, FAIL, NUL(ibv_open_xrcd(f.ctx, (struct ibv_xrcd_init_attr *)scratch)))    \
	X(ibv_close_xrcd, FAIL, NZ(ibv_close_xrcd(f.xrcd)))                                        \
	X(ibv_create_wq, FAIL, NUL(ibv_create_wq(f.ctx, (struct ibv_wq_init_attr *)scratch)))      \
	X(ibv_modify_wq, FAIL, NZ(ibv_modify_wq(f.wq, (struct ibv_wq_attr *)scratch)))             \
	X(ibv_destroy_wq, FAIL, NZ(ibv_destroy_wq(f.wq)))                                          \
	S(ibv_post_wq_recv, "calls the work queue's own post_recv: no work queue can be created on " \
	  "the simulated device (ibv_create_wq fails)")                                            \
	X(ibv_create_rwq_ind_table, FAIL,                                                          \
	  NUL(ibv_create_rwq_ind_table(f.ctx, (struct ibv_rwq_ind_table_init_attr *)scratch)))     \
	X(ibv_destroy_rwq_ind_table, FAIL, NZ(ibv_destroy_rwq_ind_table(f.ind_table)))             \
	X(ibv_create_flow, FAIL, create_flow())                                                    \
	X(ibv_destroy_flow, FAIL, NZ(ibv_destroy_flow(f.flow)))                                    \
	X(ibv_create_flow_action_esp, FAIL,                                                        \
	  NUL(ibv_create_flow_action_esp(f.ctx, (struct ibv_flow_action_esp_attr *)scratch)))      \
	X(ibv_modify_flow_action_esp, FAIL,                                                        \
	  NZ(ibv_modify_flow_action_esp(f.flow_action, (struct ibv_flow_action_esp_attr *)scratch))) \
	X(ibv_destroy_flow_action, FAIL, NZ(ibv_destroy_flow_action(f.flow_action)))               \
	X(ibv_flow_label_to_udp_sport, ANY, ANYCALL(ibv_flow_label_to_udp_sport(5)))               \
	X(ibv_create_counters, FAIL,                                                               \
	  NUL(ibv_create_counters(f.ctx, (struct ibv_counters_init_attr *)scratch)))               \
	X(ibv_destroy_counters, FAIL, NZ(ibv_destroy_counters(f.counters)))                        \
	X(ibv_attach_counters_point_flow, FAIL,                                                    \
	  NZ(ibv_attach_counters_point_flow(f.counters, (struct ibv_counter_attach_attr *)scratch, \
					    f.flow)))                                              \
	X(ibv_read_counters, FAIL, NZ(ibv_read_counters(f.counters, (uint64_t *)scratch, 1, 0)))   \
	CQ_EX_SKIPS(S)                                                                             \
	QP_EX_SKIPS(S)                                                                             \
	/* ---- libmlx5 ---- */                                                                    \
	X(mlx5dv_is_supported, OK, !mlx5dv_is_supported(f.device))                                 \
	X(mlx5dv_open_device, OK, open_dv())                                                       \
	X(mlx5dv_query_device, OK, query_dv())                                                     \
	X(mlx5dv_init_obj, OK, init_obj_pd())                                                      \
	X(mlx5dv_devx_alloc_uar, OK, NUL(mlx5dv_devx_alloc_uar(f.ctx, MLX5DV_UAR_ALLOC_TYPE_NC)))  \
	X(mlx5dv_devx_free_uar, OK, free_uar_fresh())                                              \
	X(mlx5dv_get_vfio_device_list, ANY, vfio_list())                                           \
	X(mlx5dv_vfio_get_events_fd, FAIL, NEGV(mlx5dv_vfio_get_events_fd(f.ctx)))                 \
	X(mlx5dv_vfio_process_events, FAIL, NZ(mlx5dv_vfio_process_events(f.ctx)))                \
	X(mlx5dv_set_context_attr, FAIL,                                                           \
	  NZ(mlx5dv_set_context_attr(f.ctx, MLX5DV_CTX_ATTR_BUF_ALLOCATORS, scratch)))             \
	X(mlx5dv_get_clock_info, FAIL,                                                             \
	  NZ(mlx5dv_get_clock_info(f.ctx, (struct mlx5dv_clock_info *)scratch)))                   \
	X(_mlx5dv_query_port, FAIL,                                                                \
	  NZ(_mlx5dv_query_port(f.ctx, 1, (struct mlx5dv_port *)scratch, sizeof(struct mlx5dv_port)))) \
	X(mlx5dv_create_cq, FAIL,                                                                  \
	  NUL(mlx5dv_create_cq(f.ctx, (struct ibv_cq_init_attr_ex *)scratch,                       \
			       (struct mlx5dv_cq_init_attr *)(scratch + 1024))))                   \
	X(mlx5dv_create_qp, FAIL,                                                                  \
	  NUL(mlx5dv_create_qp(f.ctx, (struct ibv_qp_init_attr_ex *)scratch,                       \
			       (struct mlx5dv_qp_init_attr *)(scratch + 1024))))                   \
	X(mlx5dv_create_wq, FAIL,                                                                  \
	  NUL(mlx5dv_create_wq(f.ctx, (struct ibv_wq_init_attr *)scratch,                          \
			       (struct mlx5dv_wq_init_attr *)(scratch + 1024))))                   \
	X(mlx5dv_alloc_dm, FAIL,                                                                   \
	  NUL(mlx5dv_alloc_dm(f.ctx, (struct ibv_alloc_dm_attr *)scratch,                          \
			      (struct mlx5dv_alloc_dm_attr *)(scratch + 1024))))                   \
	X(mlx5dv_dm_map_op_addr, FAIL, NUL(mlx5dv_dm_map_op_addr(f.dm, 0)))                        \
	X(mlx5dv_alloc_var, FAIL, NUL(mlx5dv_alloc_var(f.ctx, 0)))                                 \
	X(mlx5dv_free_var, FAIL, VOIDCALL(mlx5dv_free_var(NULL)))                                  \
	X(mlx5dv_pp_alloc, FAIL, NUL(mlx5dv_pp_alloc(f.ctx, 16, scratch, 0)))                      \
	X(mlx5dv_pp_free, FAIL, VOIDCALL(mlx5dv_pp_free(NULL)))                                    \
	X(mlx5dv_create_mkey, FAIL,                                                                \
	  NUL(mlx5dv_create_mkey(&(struct mlx5dv_mkey_init_attr){.pd = f.pd, .max_entries = 1})))  \
	X(mlx5dv_destroy_mkey, FAIL, NZ(mlx5dv_destroy_mkey(NULL)))                                \
	X(_mlx5dv_mkey_check, FAIL,                                                                \
	  NZ(_mlx5dv_mkey_check(NULL, (struct mlx5dv_mkey_err *)scratch, sizeof(struct mlx5dv_mkey_err)))) \
	X(mlx5dv_crypto_login, FAIL,                                                               \
	  NZ(mlx5dv_crypto_login(f.ctx, (struct mlx5dv_crypto_login_attr *)scratch)))              \
	X(mlx5dv_crypto_login_query_state, FAIL,                                                   \
	  NZ(mlx5dv_crypto_login_query_state(f.ctx, (enum mlx5dv_crypto_login_state *)scratch)))   \
	X(mlx5dv_crypto_logout, FAIL, NZ(mlx5dv_crypto_logout(f.ctx)))                             \
	X(mlx5dv_crypto_login_create, FAIL,                                                        \
	  NUL(mlx5dv_crypto_login_create(f.ctx, (struct mlx5dv_crypto_login_attr_ex *)scratch)))   \
	X(mlx5dv_crypto_login_query, FAIL,                                                         \
	  NZ(mlx5dv_crypto_login_query(NULL, (struct mlx5dv_crypto_login_query_attr *)scratch)))   \
	X(mlx5dv_crypto_login_destroy, FAIL, NZ(mlx5dv_crypto_login_destroy(NULL)))                \
	X(mlx5dv_dek_create, FAIL, NUL(mlx5dv_dek_create(f.ctx, (struct mlx5dv_dek_init_attr *)scratch))) \
	X(mlx5dv_dek_query, FAIL, NZ(mlx5dv_dek_query(NULL, (struct mlx5dv_dek_attr *)scratch)))   \
	X(mlx5dv_dek_destroy, FAIL, NZ(mlx5dv_dek_destroy(NULL)))                                  \
	X(mlx5dv_create_flow_matcher, FAIL,                                                        \
	  NUL(mlx5dv_create_flow_matcher(f.ctx, (struct mlx5dv_flow_matcher_attr *)scratch)))      \
	X(mlx5dv_destroy_flow_matcher, FAIL, NZ(mlx5dv_destroy_flow_matcher(NULL)))                \
	X(mlx5dv_create_flow, FAIL,                                                                \
	  NUL(mlx5dv_create_flow(NULL, (struct mlx5dv_flow_match_parameters *)scratch, 0, NULL)))  \
	X(mlx5dv_create_flow_action_esp, FAIL,                                                     \
	  NUL(mlx5dv_create_flow_action_esp(f.ctx, (struct ibv_flow_action_esp_attr *)scratch,     \
					    (struct mlx5dv_flow_action_esp *)(scratch + 1024))))   \
	X(mlx5dv_create_flow_action_modify_header, FAIL,                                           \
	  NUL(mlx5dv_create_flow_action_modify_header(f.ctx, 8, (uint64_t *)scratch,               \
						      MLX5DV_FLOW_TABLE_TYPE_NIC_RX)))             \
	X(mlx5dv_create_flow_action_packet_reformat, FAIL,                                         \
	  NUL(mlx5dv_create_flow_action_packet_reformat(                                           \
		  f.ctx, 0, NULL, MLX5DV_FLOW_ACTION_PACKET_REFORMAT_TYPE_L2_TUNNEL_TO_L2,         \
		  MLX5DV_FLOW_TABLE_TYPE_NIC_RX)))                                                 \
	X(mlx5dv_create_steering_anchor, FAIL,                                                     \
	  NUL(mlx5dv_create_steering_anchor(f.ctx, (struct mlx5dv_steering_anchor_attr *)scratch))) \
	X(mlx5dv_destroy_steering_anchor, FAIL, NZ(mlx5dv_destroy_steering_anchor(NULL)))          \
	X(mlx5dv_dci_stream_id_reset, FAIL, NZ(mlx5dv_dci_stream_id_reset(f.qp, 0)))               \
	X(mlx5dv_modify_qp_lag_port, FAIL, NZ(mlx5dv_modify_qp_lag_port(f.qp, 1)))                 \
	X(mlx5dv_query_qp_lag_port, FAIL,                                                          \
	  NZ(mlx5dv_query_qp_lag_port(f.qp, (uint8_t *)scratch, (uint8_t *)scratch + 1)))          \
	X(mlx5dv_modify_qp_udp_sport, FAIL, NZ(mlx5dv_modify_qp_udp_sport(f.qp, 4791)))            \
	X(mlx5dv_modify_qp_sched_elem, FAIL, NZ(mlx5dv_modify_qp_sched_elem(f.qp, NULL, NULL)))   \
	X(mlx5dv_map_ah_to_qp, FAIL, NZ(mlx5dv_map_ah_to_qp(f.ah, 1)))                             \
	X(mlx5dv_qp_ex_from_ibv_qp_ex, FAIL, NUL(mlx5dv_qp_ex_from_ibv_qp_ex(f.qp_ex)))            \
	X(mlx5dv_qp_cancel_posted_send_wrs, FAIL, NZ(mlx5dv_qp_cancel_posted_send_wrs(NULL, 1)))   \
	X(mlx5dv_reserved_qpn_alloc, FAIL, NZ(mlx5dv_reserved_qpn_alloc(f.ctx, (uint32_t *)scratch))) \
	X(mlx5dv_reserved_qpn_dealloc, FAIL, NZ(mlx5dv_reserved_qpn_dealloc(f.ctx, 1)))            \
	X(mlx5dv_sched_node_create, FAIL,                                                          \
	  NUL(mlx5dv_sched_node_create(f.ctx, (struct mlx5dv_sched_attr *)scratch)))               \
	X(mlx5dv_sched_node_modify, FAIL,                                                          \
	  NZ(mlx5dv_sched_node_modify(NULL, (struct mlx5dv_sched_attr *)scratch)))                 \
	X(mlx5dv_sched_node_destroy, FAIL, NZ(mlx5dv_sched_node_destroy(NULL)))                    \
	X(mlx5dv_sched_leaf_create, FAIL,                                                          \
	  NUL(mlx5dv_sched_leaf_create(f.ctx, (struct mlx5dv_sched_attr *)scratch)))               \
	X(mlx5dv_sched_leaf_modify, FAIL,                                                          \
	  NZ(mlx5dv_sched_leaf_modify(NULL, (struct mlx5dv_sched_attr *)scratch)))                 \
	X(mlx5dv_sched_leaf_destroy, FAIL, NZ(mlx5dv_sched_leaf_destroy(NULL)))                    \
	DEVX_ENTRIES(X)                                                                            \
	DR_ENTRIES(X)                                                                              \
	/* ---- mlx5dv.h inline helpers ---- */                                                    \
	X(mlx5dv_query_port, FAIL, dv_query_port())                                                \
	X(mlx5dv_mkey_check, FAIL, dv_mkey_check())                                                \
	X(mlx5dv_ts_to_ns, ANY, ts_to_ns())                                                        \
	X(_devx_set, ANY, devx_bits())                                                             \
	X(_devx_get, ANY, devx_bits())                                                             \
	X(_devx_set64, ANY, devx_bits())                                                           \
	X(_devx_get64, ANY, devx_bits())                                                           \
	MLX5_QP_EX_SKIPS(S)

#define DEVX_ENTRIES(X)                                                                            \
	X(mlx5dv_devx_general_cmd, FAIL, NZ(mlx5dv_devx_general_cmd(f.ctx, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_obj_create, FAIL,                                                            \
	  NUL(mlx5dv_devx_obj_create(f.ctx, scratch, 16, scratch + 1024, 16)))                     \
	X(mlx5dv_devx_obj_query, FAIL, NZ(mlx5dv_devx_obj_query(NULL, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_obj_modify, FAIL,                                                            \
	  NZ(mlx5dv_devx_obj_modify(NULL, scratch, 16, scratch + 1024, 16)))                       \
	X(mlx5dv_devx_obj_query_async, FAIL,                                                       \
	  NZ(mlx5dv_devx_obj_query_async(NULL, scratch, 16, 16, 1, NULL)))                         \
	X(mlx5dv_devx_obj_destroy, FAIL, NZ(mlx5dv_devx_obj_destroy(NULL)))                        \
	X(mlx5dv_devx_umem_reg, OK,   NUL(mlx5dv_devx_umem_reg(f.ctx, buf, sizeof(buf), 0)))       \
	X(mlx5dv_devx_umem_reg_ex, FAIL,                                                           \
	  NUL(mlx5dv_devx_umem_reg_ex(f.ctx, &(struct mlx5dv_devx_umem_in){.addr = buf,            \
									   .size = sizeof(buf)})))  \
	X(mlx5dv_devx_umem_dereg, FAIL, NZ(mlx5dv_devx_umem_dereg(NULL)))                          \
	X(mlx5dv_devx_query_eqn, FAIL, NZ(mlx5dv_devx_query_eqn(f.ctx, 0, (uint32_t *)scratch)))   \
	X(mlx5dv_devx_create_eq, FAIL,                                                             \
	  NUL(mlx5dv_devx_create_eq(f.ctx, scratch, 16, scratch + 1024, 16)))                      \
	X(mlx5dv_devx_destroy_eq, FAIL, NZ(mlx5dv_devx_destroy_eq(NULL)))                          \
	X(mlx5dv_devx_alloc_msi_vector, FAIL, NUL(mlx5dv_devx_alloc_msi_vector(f.ctx)))            \
	X(mlx5dv_devx_free_msi_vector, FAIL, NZ(mlx5dv_devx_free_msi_vector(NULL)))                \
	X(mlx5dv_devx_create_cmd_comp, FAIL, NUL(mlx5dv_devx_create_cmd_comp(f.ctx)))              \
	X(mlx5dv_devx_get_async_cmd_comp, FAIL,                                                    \
	  NZ(mlx5dv_devx_get_async_cmd_comp(NULL, (struct mlx5dv_devx_async_cmd_hdr *)scratch, 64))) \
	X(mlx5dv_devx_destroy_cmd_comp, FAIL, VOIDCALL(mlx5dv_devx_destroy_cmd_comp(NULL)))        \
	X(mlx5dv_devx_create_event_channel, FAIL,                                                  \
	  NUL(mlx5dv_devx_create_event_channel(f.ctx, 0)))                                         \
	X(mlx5dv_devx_subscribe_devx_event, FAIL,                                                  \
	  NZ(mlx5dv_devx_subscribe_devx_event(NULL, NULL, 2, (uint16_t *)scratch, 0)))             \
	X(mlx5dv_devx_subscribe_devx_event_fd, FAIL,                                               \
	  NZ(mlx5dv_devx_subscribe_devx_event_fd(NULL, 0, NULL, 0)))                               \
	X(mlx5dv_devx_get_event, FAIL,                                                             \
	  NEGV(mlx5dv_devx_get_event(NULL, (struct mlx5dv_devx_async_event_hdr *)scratch, 64)))    \
	X(mlx5dv_devx_destroy_event_channel, FAIL,                                                 \
	  VOIDCALL(mlx5dv_devx_destroy_event_channel(NULL)))                                       \
	X(mlx5dv_devx_cq_query, FAIL, NZ(mlx5dv_devx_cq_query(f.cq, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_cq_modify, FAIL, NZ(mlx5dv_devx_cq_modify(f.cq, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_qp_query, FAIL, NZ(mlx5dv_devx_qp_query(f.qp, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_qp_modify, FAIL, NZ(mlx5dv_devx_qp_modify(f.qp, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_srq_query, FAIL, NZ(mlx5dv_devx_srq_query(f.srq, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_srq_modify, FAIL,                                                            \
	  NZ(mlx5dv_devx_srq_modify(f.srq, scratch, 16, scratch + 1024, 16)))                      \
	X(mlx5dv_devx_wq_query, FAIL, NZ(mlx5dv_devx_wq_query(f.wq, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_wq_modify, FAIL, NZ(mlx5dv_devx_wq_modify(f.wq, scratch, 16, scratch + 1024, 16))) \
	X(mlx5dv_devx_ind_tbl_query, FAIL,                                                         \
	  NZ(mlx5dv_devx_ind_tbl_query(f.ind_table, scratch, 16, scratch + 1024, 16)))             \
	X(mlx5dv_devx_ind_tbl_modify, FAIL,                                                        \
	  NZ(mlx5dv_devx_ind_tbl_modify(f.ind_table, scratch, 16, scratch + 1024, 16)))

#define DR_ENTRIES(X)                                                                              \
	X(mlx5dv_dr_domain_create, OK, domain_fresh())                                           \
	X(mlx5dv_dr_domain_sync, FAIL, NZ(mlx5dv_dr_domain_sync(NULL, MLX5DV_DR_DOMAIN_SYNC_FLAGS_SW))) \
	X(mlx5dv_dr_domain_set_reclaim_device_memory, FAIL,                                        \
	  VOIDCALL(mlx5dv_dr_domain_set_reclaim_device_memory(NULL, true)))                        \
	X(mlx5dv_dr_domain_allow_duplicate_rules, FAIL,                                            \
	  VOIDCALL(mlx5dv_dr_domain_allow_duplicate_rules(NULL, true)))                            \
	X(mlx5dv_dr_domain_destroy, FAIL, NZ(mlx5dv_dr_domain_destroy(NULL)))                      \
	X(mlx5dv_dr_table_create, FAIL, NUL(mlx5dv_dr_table_create(NULL, 0)))                      \
	X(mlx5dv_dr_table_destroy, FAIL, NZ(mlx5dv_dr_table_destroy(NULL)))                        \
	X(mlx5dv_dr_matcher_create, FAIL,                                                          \
	  NUL(mlx5dv_dr_matcher_create(NULL, 0, 0, (struct mlx5dv_flow_match_parameters *)scratch))) \
	X(mlx5dv_dr_matcher_set_layout, FAIL,                                                      \
	  NZ(mlx5dv_dr_matcher_set_layout(NULL, (struct mlx5dv_dr_matcher_layout *)scratch)))      \
	X(mlx5dv_dr_matcher_destroy, FAIL, NZ(mlx5dv_dr_matcher_destroy(NULL)))                    \
	X(mlx5dv_dr_rule_create, FAIL,                                                             \
	  NUL(mlx5dv_dr_rule_create(NULL, (struct mlx5dv_flow_match_parameters *)scratch, 0, NULL))) \
	X(mlx5dv_dr_rule_destroy, FAIL, NZ(mlx5dv_dr_rule_destroy(NULL)))                          \
	X(mlx5dv_dr_action_create_dest_table, FAIL, NUL(mlx5dv_dr_action_create_dest_table(NULL))) \
	X(mlx5dv_dr_action_create_dest_root_table, FAIL,                                           \
	  NUL(mlx5dv_dr_action_create_dest_root_table(NULL, 0)))                                   \
	X(mlx5dv_dr_action_create_dest_ibv_qp, FAIL, NUL(mlx5dv_dr_action_create_dest_ibv_qp(f.qp))) \
	X(mlx5dv_dr_action_create_dest_devx_tir, FAIL,                                             \
	  NUL(mlx5dv_dr_action_create_dest_devx_tir(NULL)))                                        \
	X(mlx5dv_dr_action_create_dest_vport, FAIL, NUL(mlx5dv_dr_action_create_dest_vport(NULL, 1))) \
	X(mlx5dv_dr_action_create_dest_ib_port, FAIL,                                              \
	  NUL(mlx5dv_dr_action_create_dest_ib_port(NULL, 1)))                                      \
	X(mlx5dv_dr_action_create_dest_array, FAIL,                                                \
	  NUL(mlx5dv_dr_action_create_dest_array(NULL, 0, NULL)))                                  \
	X(mlx5dv_dr_action_create_flow_counter, FAIL,                                              \
	  NUL(mlx5dv_dr_action_create_flow_counter(NULL, 0)))                                      \
	X(mlx5dv_dr_action_create_modify_header, FAIL,                                             \
	  NUL(mlx5dv_dr_action_create_modify_header(NULL, 0, 8, (__be64 *)scratch)))               \
	X(mlx5dv_dr_action_create_packet_reformat, FAIL,                                           \
	  NUL(mlx5dv_dr_action_create_packet_reformat(                                             \
		  NULL, 0, MLX5DV_FLOW_ACTION_PACKET_REFORMAT_TYPE_L2_TUNNEL_TO_L2, 0, NULL)))     \
	X(mlx5dv_dr_action_create_push_vlan, FAIL, NUL(mlx5dv_dr_action_create_push_vlan(NULL, 0))) \
	X(mlx5dv_dr_action_create_flow_meter, FAIL,                                                \
	  NUL(mlx5dv_dr_action_create_flow_meter((struct mlx5dv_dr_flow_meter_attr *)scratch)))    \
	X(mlx5dv_dr_action_create_flow_sampler, FAIL,                                              \
	  NUL(mlx5dv_dr_action_create_flow_sampler((struct mlx5dv_dr_flow_sampler_attr *)scratch))) \
	X(mlx5dv_dr_action_create_aso, FAIL, NUL(mlx5dv_dr_action_create_aso(NULL, NULL, 0, 0, 0))) \
	X(mlx5dv_dr_action_modify_aso, FAIL, NZ(mlx5dv_dr_action_modify_aso(NULL, 0, 0, 0)))      \
	X(mlx5dv_dr_action_modify_flow_meter, FAIL,                                                \
	  NZ(mlx5dv_dr_action_modify_flow_meter(NULL, (struct mlx5dv_dr_flow_meter_attr *)scratch, 0))) \
	X(mlx5dv_dr_action_destroy, FAIL, NZ(mlx5dv_dr_action_destroy(NULL)))                      \
	X(mlx5dv_dr_aso_other_domain_link, FAIL,                                                   \
	  NZ(mlx5dv_dr_aso_other_domain_link(NULL, NULL, NULL, 0, 0)))                             \
	X(mlx5dv_dr_aso_other_domain_unlink, FAIL, NZ(mlx5dv_dr_aso_other_domain_unlink(NULL, NULL))) \
	X(mlx5dv_dump_dr_domain, FAIL, NZ(mlx5dv_dump_dr_domain(stdout, NULL)))                    \
	X(mlx5dv_dump_dr_table, FAIL, NZ(mlx5dv_dump_dr_table(stdout, NULL)))                      \
	X(mlx5dv_dump_dr_matcher, FAIL, NZ(mlx5dv_dump_dr_matcher(stdout, NULL)))                  \
	X(mlx5dv_dump_dr_rule, FAIL, NZ(mlx5dv_dump_dr_rule(stdout, NULL)))                        \
	/* actions made from nothing: the simulator's (a simulated rule takes them) */             \
	X(mlx5dv_dr_action_create_drop, ANY, ANYCALL(mlx5dv_dr_action_create_drop()))              \
	X(mlx5dv_dr_action_create_default_miss, ANY, ANYCALL(mlx5dv_dr_action_create_default_miss())) \
	X(mlx5dv_dr_action_create_pop_vlan, ANY, ANYCALL(mlx5dv_dr_action_create_pop_vlan()))      \
	X(mlx5dv_dr_action_create_tag, ANY, ANYCALL(mlx5dv_dr_action_create_tag(7)))

/* Helpers that call through an extended CQ's or QP's own function pointers. */
#define NO_CQ_EX "calls through the extended CQ's own function pointers: no CQ can be created on " \
		 "the simulated device (ibv_create_cq_ex fails)"
#define NO_QP_EX "calls through the extended QP's own function pointers: no QP can be created on " \
		 "the simulated device (ibv_create_qp_ex fails)"
#define CQ_EX_SKIPS(S)                                                                             \
	S(ibv_start_poll, NO_CQ_EX) S(ibv_next_poll, NO_CQ_EX) S(ibv_end_poll, NO_CQ_EX)           \
	S(ibv_wc_read_opcode, NO_CQ_EX) S(ibv_wc_read_vendor_err, NO_CQ_EX)                        \
	S(ibv_wc_read_byte_len, NO_CQ_EX) S(ibv_wc_read_imm_data, NO_CQ_EX)                        \
	S(ibv_wc_read_invalidated_rkey, NO_CQ_EX) S(ibv_wc_read_qp_num, NO_CQ_EX)                  \
	S(ibv_wc_read_src_qp, NO_CQ_EX) S(ibv_wc_read_wc_flags, NO_CQ_EX)                          \
	S(ibv_wc_read_slid, NO_CQ_EX) S(ibv_wc_read_sl, NO_CQ_EX)                                  \
	S(ibv_wc_read_dlid_path_bits, NO_CQ_EX) S(ibv_wc_read_completion_ts, NO_CQ_EX)             \
	S(ibv_wc_read_completion_wallclock_ns, NO_CQ_EX) S(ibv_wc_read_cvlan, NO_CQ_EX)            \
	S(ibv_wc_read_flow_tag, NO_CQ_EX) S(ibv_wc_read_tm_info, NO_CQ_EX)
#define QP_EX_SKIPS(S)                                                                             \
	S(ibv_wr_atomic_cmp_swp, NO_QP_EX) S(ibv_wr_atomic_fetch_add, NO_QP_EX)                    \
	S(ibv_wr_bind_mw, NO_QP_EX) S(ibv_wr_local_inv, NO_QP_EX) S(ibv_wr_rdma_read, NO_QP_EX)    \
	S(ibv_wr_rdma_write, NO_QP_EX) S(ibv_wr_rdma_write_imm, NO_QP_EX) S(ibv_wr_send, NO_QP_EX) \
	S(ibv_wr_send_imm, NO_QP_EX) S(ibv_wr_send_inv, NO_QP_EX) S(ibv_wr_send_tso, NO_QP_EX)     \
	S(ibv_wr_set_ud_addr, NO_QP_EX) S(ibv_wr_set_xrc_srqn, NO_QP_EX)                           \
	S(ibv_wr_set_inline_data, NO_QP_EX) S(ibv_wr_set_inline_data_list, NO_QP_EX)               \
	S(ibv_wr_set_sge, NO_QP_EX) S(ibv_wr_set_sge_list, NO_QP_EX) S(ibv_wr_start, NO_QP_EX)     \
	S(ibv_wr_complete, NO_QP_EX) S(ibv_wr_abort, NO_QP_EX) S(ibv_wr_atomic_write, NO_QP_EX)
#define MLX5_QP_EX_SKIPS(S)                                                                        \
	S(mlx5dv_wr_set_dc_addr, NO_QP_EX) S(mlx5dv_wr_set_dc_addr_stream, NO_QP_EX)               \
	S(mlx5dv_wr_mr_interleaved, NO_QP_EX) S(mlx5dv_wr_mr_list, NO_QP_EX)                       \
	S(mlx5dv_wr_mkey_configure, NO_QP_EX) S(mlx5dv_wr_set_mkey_access_flags, NO_QP_EX)         \
	S(mlx5dv_wr_set_mkey_layout_list, NO_QP_EX) S(mlx5dv_wr_set_mkey_layout_interleaved, NO_QP_EX) \
	S(mlx5dv_wr_set_mkey_sig_block, NO_QP_EX) S(mlx5dv_wr_set_mkey_crypto, NO_QP_EX)           \
	S(mlx5dv_wr_memcpy, NO_QP_EX) S(mlx5dv_wr_raw_wqe, NO_QP_EX)
/* clang-format on */

enum expect {
	OK,
	FAIL,
	ANY,
	SKIP
};

struct entry {
	const char *name;
	enum expect expect;
	int (*call)(void);
	const char *reason;
};

#define DEFINE_CALL(name, expect, status) \
	static int walk_##name(void)      \
	{                                 \
		return (status);          \
	}
#define DEFINE_NONE(name, reason)
ENTRIES(DEFINE_CALL, DEFINE_NONE)

#define WALKED(name, expect, status) { #name, expect, walk_##name, NULL },
#define SKIPPED(name, reason) { #name, SKIP, NULL, reason },
static const struct entry entries[] = { ENTRIES(WALKED, SKIPPED) };
#define ENTRY_COUNT (sizeof(entries) / sizeof(entries[0]))

/* ---- running one entry in a child ---- */

struct outcome {
	int status; /* the entry's status expression */
	int error;  /* errno after it */
	int lines;  /* ERR lines logged */
	int other;  /* other lines logged */
	char first[256];
};

static void child(const struct entry *e, int log, int report)
{
	struct outcome out = { 0 };
	char text[8192];
	ssize_t n;

	dup2(log, STDERR_FILENO);
	errno = 0;
	out.status = e->call();
	out.error = errno;
	fflush(stderr);
	n = pread(log, text, sizeof(text) - 1, 0);
	text[n > 0 ? n : 0] = '\0';
	for (char *line = text, *end; *line; line = end + 1) {
		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line) - 1;
		if (!strncmp(line, "flexio_verbs ERR ", 17)) {
			if (!out.lines++)
				snprintf(out.first, sizeof(out.first), "%.*s", (int)(end - line), line);
		} else if (!strncmp(line, "flexio_verbs ", 13) && strncmp(line, "flexio_verbs DBG", 16)) {
			out.other++;
		}
	}
	if (write(report, &out, sizeof(out)) != (ssize_t)sizeof(out))
		_exit(3);
	_exit(0); /* no exit handlers: the child leaks what the walk made, on purpose */
}

/* The first line of what a dead child wrote that says why (a sanitizer's report). */
static void death_note(int log, char *detail, size_t size)
{
	char text[8192];
	ssize_t n = pread(log, text, sizeof(text) - 1, 0);
	char *line;

	text[n > 0 ? n : 0] = '\0';
	line = strstr(text, "ERROR: ");
	if (!line)
		line = text;
	snprintf(detail, size, "%.*s", (int)strcspn(line, "\n"), line);
}

/* Runs one entry; returns NULL when it behaved, else what went wrong (static text). */
static const char *run(const struct entry *e, char *detail, size_t size)
{
	int log = memfd_create("walk-log", 0);
	struct outcome out;
	int pipefd[2], status;
	bool reported;
	pid_t pid;

	if (log < 0 || pipe(pipefd))
		return "cannot create a pipe";
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return "cannot fork";
	if (!pid) {
		close(pipefd[0]);
		child(e, log, pipefd[1]);
	}
	close(pipefd[1]);
	reported = read(pipefd[0], &out, sizeof(out)) == (ssize_t)sizeof(out);
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	if (!reported || !WIFEXITED(status) || WEXITSTATUS(status)) {
		/* killed by a signal, or a sanitizer caught the fault and exited */
		char note[400];

		death_note(log, note, sizeof(note));
		close(log);
		if (WIFSIGNALED(status))
			snprintf(detail, size, "%s; %s", strsignal(WTERMSIG(status)), note);
		else
			snprintf(detail, size, "exit status %d; %s", WEXITSTATUS(status), note);
		return "CRASHED";
	}
	close(log);
	switch (e->expect) {
	case OK:
		snprintf(detail, size, "%s", out.first);
		if (out.status > 0)
			return "failed, it should work";
		if (out.lines || out.other)
			return "worked but logged";
		return NULL;
	case FAIL:
		snprintf(detail, size, "errno %d, %d ERR line(s): %s", out.error, out.lines, out.first);
		if (out.status == 0)
			return "succeeded, it should fail";
		if (out.lines != 1 || out.other)
			return "did not log exactly one ERR line";
		if (!out.error)
			return "failed without errno";
		return NULL;
	default:
		return NULL;
	}
}

int main(int argc, char **argv)
{
	static const char *const names[] = { "works", "fails cleanly", "no crash" };
	int problems = 0, walked = 0;

	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (size_t i = 0; i < ENTRY_COUNT; i++) {
			if (entries[i].expect == SKIP)
				printf("%s skipped: %s\n", entries[i].name, entries[i].reason);
			else
				printf("%s walked\n", entries[i].name);
		}
		return 0;
	}
	setup();
	for (size_t i = 0; i < ENTRY_COUNT; i++) {
		const struct entry *e = &entries[i];
		char detail[512] = "";
		const char *problem;
		bool chosen = argc < 2;

		for (int a = 1; a < argc; a++)
			chosen |= !strcmp(argv[a], e->name);
		if (!chosen || e->expect == SKIP)
			continue;
		walked++;
		problem = run(e, detail, sizeof(detail));
		if (problem) {
			problems++;
			printf("FAIL %s (%s): %s [%s]\n", e->name, names[e->expect], problem, detail);
		} else {
			printf("ok   %s (%s)%s%s\n", e->name, names[e->expect], detail[0] ? ": " : "", detail);
		}
	}
	ibv_dereg_mr(f.mr);
	ibv_dealloc_pd(f.pd);
	mlx5dv_devx_free_uar(f.uar);
	ibv_close_device(f.ctx);
	ibv_free_device_list(f.list);
	printf("%d entry point(s) walked, %d misbehaved\n", walked, problems);
	return problems ? 1 : 0;
}
