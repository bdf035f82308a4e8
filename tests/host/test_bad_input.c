/*
 * Bad input for every function libflexio exports, current edition (the older edition's forms:
 * test_bad_input_older_edition.c). Each call given bad input must return its documented error
 * value and log exactly one line, exactly "flexio ERR <function>: <reason>"; input documented
 * as valid must succeed without a line (bad_input_check.h). Every function taking a handle is
 * given NULL, an address that never was a handle, destroyed handles of its kind (destroyed by
 * their destroy call, and with their process) and live handles of every other kind; every
 * other argument gets NULL where it is a pointer and out-of-range values where it has a range.
 *
 * check_bad_input_coverage.py (a ctest test too) fails when an exported function has no case
 * here or in the older edition's file.
 *
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <errno.h>
#include <unistd.h>

#include "bad_input_check.h"

extern flexio_func_t bad_input_add, bad_input_task;

#define APP "bad_input_test"  /* the application (device/bad_input_device.c) */
#define PROCESS "bad_input"   /* the fixture's process */
#define BARE "bad_input_bare" /* a process with nothing created in it */
#define BUF_SIZE 64           /* the fixture's heap buffer */
#define ARGBUF_MAX 4096       /* PROVIDER_ARGBUF_MAX (core/provider.h) */
#define CMDQ_MAX_WORKERS 189  /* core/host/cmdq.c: the DPA threads applications may use */
#define MAX_STREAMS 64        /* core/host/process.h: streams per process */
#define NO_DIR "/nonexistent-bad-input-dir/out"

static const flexio_status F = FLEXIO_STATUS_FAILED, OK = FLEXIO_STATUS_SUCCESS;

struct queues;

/* What the cases work on: live objects of every kind, and destroyed ones. */
static struct {
	struct ibv_pd *pd, *other_pd;
	struct ibv_context *ctx1; /* mlx5_sim1 */
	struct ibv_pd *pd1;       /* a PD of mlx5_sim1 */
	void *elf;
	size_t elf_size;
	flexio_app *app, *dead_app;
	flexio_process *p, *bare, *dead_p;
	flexio_cmdq *q;
	flexio_event_handler *eh;
	flexio_uar *u, *ext, *pu;
	flexio_outbox *o;
	flexio_window *w;
	flexio_mkey *m;
	flexio_msg_stream *ds, *s; /* p's default stream (id 0) and another */
	struct queues *qs;         /* p's queues */
	flexio_transport_domain *td;
	flexio_sq_tis *tis;
	flexio_uintptr_t buf; /* BUF_SIZE bytes of p's heap */
	FILE *out;
	struct flexio_resource *res, *dead_res; /* DPA resources of RES_KEY in RES_FILE */
} fx;

#define RES_FILE "applications:\n  - key: bad_input\n    eus: [4]\n"
#define RES_KEY "bad_input"

static char long_name[FLEXIO_MAX_NAME_LEN + 2]; /* one character too many */

/* Not a function registered anywhere, and a pack function that packs nothing. */
static void not_a_stub(void)
{
}

static void pack_nothing(void *argbuf, va_list ap)
{
	(void)argbuf;
	(void)ap;
}

/* Opens the simulated device named name (sim_device_open listed them). */
static struct ibv_context *open_device(const char *name)
{
	struct ibv_context *c = NULL;

	for (int i = 0; devices && devices[i] && !c; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), name))
			c = ibv_open_device(devices[i]);
	assert_non_null(c);
	return c;
}

static flexio_process *new_process(const char *name)
{
	flexio_process *p = NULL;

	MUST(flexio_process_create(ctx, fx.app, &(struct flexio_process_attr){ .pd = fx.pd, .name = name }, &p));
	return p;
}

static const flexio_msg_stream_attr_t stream_attr = { .data_bsize = 4096,
						      .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_ASYNC,
						      .level = FLEXIO_MSG_DEV_INFO };
static const struct flexio_cmdq_attr cmdq_attr = { .workers = 1, .batch_size = 1, .state = FLEXIO_CMDQ_STATE_PENDING };

/* size bytes of p's heap, zeroed: queue rings and doorbell records. */
static struct flexio_qmem dpa_qmem(flexio_process *p, size_t size)
{
	return (struct flexio_qmem){ .memtype = FLEXIO_MEMTYPE_DPA, .daddr = dpa_zeroed(p, size) };
}

struct queues {
	flexio_cq *cq;
	flexio_sq *sq;
	flexio_rq *rq;
	flexio_rmp *rmp;
	flexio_qp *qp;
};

/* A queue of every kind in process p, all in DPA memory; the SQ sends through tis (NULL: its
 * own), the QP receives from the RMP. */
static void new_queues(flexio_process *p, flexio_sq_tis *tis, struct queues *q)
{
	struct flexio_cq_attr ca = { .log_cq_depth = 2,
				     .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ,
				     .cq_ring_qmem = dpa_qmem(p, 64 << 2),
				     .cq_dbr_daddr = dpa_zeroed(p, 64) };
	struct flexio_wq_attr sa = { .log_wq_depth = 2,
				     .pd = fx.pd,
				     .sq = { .tis = tis },
				     .wq_ring_qmem = dpa_qmem(p, 64 << 2),
				     .wq_dbr_qmem = dpa_qmem(p, 64) };
	struct flexio_wq_attr ra = { .log_wq_depth = 2,
				     .pd = fx.pd,
				     .rq = { .wq_type = FLEXIO_WQ_TYPE_CYCLIC },
				     .wq_ring_qmem = dpa_qmem(p, 64 << 2),
				     .wq_dbr_qmem = dpa_qmem(p, 64) };
	struct flexio_wq_attr ma = ra;
	struct flexio_qp_attr qa = { .transport_type = FLEXIO_QPC_ST_RC,
				     .pd = fx.pd,
				     .log_sq_depth = 2,
				     .rq_type = FLEXIO_QP_QPC_RQ_TYPE_SRQ_RMP_XRC_SRQ_XRQ,
				     .qp_wq_buff_qmem = dpa_qmem(p, 64 << 2),
				     .qp_wq_dbr_qmem = dpa_qmem(p, 64) };

	ma.wq_ring_qmem = dpa_qmem(p, 64 << 2);
	ma.wq_dbr_qmem = dpa_qmem(p, 64);
	MUST(flexio_cq_create(p, NULL, &ca, &q->cq));
	MUST(flexio_sq_create(p, NULL, flexio_cq_get_cq_num(q->cq), &sa, &q->sq));
	MUST(flexio_rq_create(p, NULL, flexio_cq_get_cq_num(q->cq), &ra, &q->rq));
	MUST(flexio_rmp_create(p, NULL, &ma, &q->rmp));
	qa.sq_cqn = qa.rq_cqn = flexio_cq_get_cq_num(q->cq);
	qa.rmpqn = flexio_rmp_get_wq_num(q->rmp);
	MUST(flexio_qp_create(p, NULL, &qa, &q->qp));
}

/* One object of every child kind in process p; destroyed by their destroy calls if destroy. */
static void children(flexio_process *p, bool destroy)
{
	flexio_msg_stream_attr_t sa = stream_attr;
	struct flexio_cmdq_attr qa = cmdq_attr;
	flexio_cmdq *q;
	flexio_uar *u;
	flexio_outbox *o;
	flexio_window *w;
	flexio_mkey *m;
	flexio_msg_stream *s;
	flexio_event_handler *e;
	flexio_uintptr_t d;
	struct queues qs;

	MUST(flexio_cmdq_create(p, &qa, &q));
	MUST(flexio_event_handler_create(p, &(struct flexio_event_handler_attr){ .host_stub_func = &bad_input_task },
					 &e));
	MUST(flexio_uar_create(p, &u));
	MUST(flexio_outbox_create(p, &(struct flexio_outbox_attr){ 0 }, &o));
	MUST(flexio_window_create(p, fx.pd, &w));
	MUST(flexio_buf_dev_alloc(p, BUF_SIZE, &d));
	MUST(flexio_device_mkey_create(
		p,
		&(struct flexio_mkey_attr){
			.pd = fx.pd, .daddr = d, .len = BUF_SIZE, .access = IBV_ACCESS_LOCAL_WRITE },
		&m));
	MUST(flexio_msg_stream_create(p, &sa, fx.out, NULL, &s));
	new_queues(p, NULL, &qs);
	if (destroy) {
		/* Users first: the device refuses to destroy a CQ or RMP still in use. */
		MUST(flexio_qp_destroy(qs.qp));
		MUST(flexio_rmp_destroy(qs.rmp));
		MUST(flexio_rq_destroy(qs.rq));
		MUST(flexio_sq_destroy(qs.sq));
		MUST(flexio_cq_destroy(qs.cq));
		MUST(flexio_cmdq_destroy(q));
		MUST(flexio_event_handler_destroy(e));
		MUST(flexio_outbox_destroy(o));
		MUST(flexio_uar_destroy(u));
		MUST(flexio_window_destroy(w));
		MUST(flexio_device_mkey_destroy(m));
		MUST(flexio_msg_stream_destroy(s));
	}
	bi_stale(q, "command queue");
	bi_stale(e, "event handler");
	bi_stale(u, "UAR");
	bi_stale(o, "outbox");
	bi_stale(w, "window");
	bi_stale(m, "memory key");
	bi_stale(s, "message stream");
	bi_stale(qs.cq, "CQ");
	bi_stale(qs.sq, "SQ");
	bi_stale(qs.rq, "RQ");
	bi_stale(qs.rmp, "RMP");
	bi_stale(qs.qp, "QP");
}

static int setup(void **state)
{
	flexio_msg_stream_attr_t sa = stream_attr;
	struct flexio_cmdq_attr qa = cmdq_attr;

	(void)state;
	memset(&fx, 0, sizeof(fx));
	bi_handle_count = 0;
	memset(long_name, 'a', FLEXIO_MAX_NAME_LEN + 1);
	flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN); /* whatever FLEXIO_LOG_LEVEL says */
	/* As current-release programs do first: the library then reads this release's layouts. */
	assert_int_equal(flexio_version_set(FLEXIO_VER_USED), FLEXIO_STATUS_SUCCESS);
	setenv("FLEXIO_SIM_DEVICES", "2", 1); /* objects of another device are bad input too */
	if (sim_device_open())
		return -1;
	fx.ctx1 = open_device("mlx5_sim1");
	fx.pd1 = ibv_alloc_pd(fx.ctx1);
	assert_non_null(fx.pd1);
	fx.pd = ibv_alloc_pd(ctx);
	fx.other_pd = ibv_alloc_pd(ctx);
	fx.out = tmpfile();
	assert_non_null(fx.pd);
	assert_non_null(fx.other_pd);
	assert_non_null(fx.out);
	MUST(flexio_app_get(&(struct flexio_app_select_attr){ .app_name = APP }, &fx.app));
	fx.elf_size = flexio_app_get_elf_size(fx.app);
	fx.elf = malloc(fx.elf_size);
	assert_non_null(fx.elf);
	MUST(flexio_app_get_elf(fx.app, fx.elf, fx.elf_size));

	/* Destroyed handles: an application, a process, and children of every kind. */
	MUST(flexio_app_create(
		&(struct flexio_app_attr){ .app_name = "bad_input_copy", .app_ptr = fx.elf, .app_bsize = fx.elf_size },
		&fx.dead_app));
	MUST(flexio_app_destroy(fx.dead_app));
	bi_stale(fx.dead_app, "application");
	fx.dead_p = new_process("bad_input_dead");
	children(fx.dead_p, true);
	children(fx.dead_p, false);
	MUST(flexio_process_destroy(fx.dead_p));
	bi_stale(fx.dead_p, "process");
	MUST(flexio_resources_create(RES_KEY, RES_FILE, strlen(RES_FILE), &fx.dead_res));
	MUST(flexio_resources_destroy(fx.dead_res));
	bi_stale(fx.dead_res, "DPA resources object");
	{
		flexio_transport_domain *td;
		flexio_sq_tis *tis;

		MUST(flexio_transport_domain_create(ctx, &td));
		MUST(flexio_sq_tis_create(ctx, td, &tis));
		MUST(flexio_sq_tis_destroy(tis));
		MUST(flexio_transport_domain_destroy(td));
		bi_stale(td, "transport domain");
		bi_stale(tis, "TIS");
	}

	/* Live ones. */
	fx.p = new_process(PROCESS);
	fx.bare = new_process(BARE);
	fx.pu = flexio_process_get_uar(fx.p);
	/* The queues' memory first: the cases count on nothing allocated after fx.buf. */
	fx.qs = calloc(1, sizeof(*fx.qs));
	assert_non_null(fx.qs);
	MUST(flexio_transport_domain_create(ctx, &fx.td));
	MUST(flexio_sq_tis_create(ctx, fx.td, &fx.tis));
	new_queues(fx.p, fx.tis, fx.qs);
	MUST(flexio_cmdq_create(fx.p, &qa, &fx.q));
	MUST(flexio_event_handler_create(fx.p, &(struct flexio_event_handler_attr){ .host_stub_func = &bad_input_task },
					 &fx.eh));
	MUST(flexio_uar_create(fx.p, &fx.u));
	MUST(flexio_uar_extend(fx.u, ctx, &fx.ext));
	MUST(flexio_outbox_create(fx.p, &(struct flexio_outbox_attr){ 0 }, &fx.o));
	MUST(flexio_window_create(fx.p, fx.pd, &fx.w));
	MUST(flexio_buf_dev_alloc(fx.p, BUF_SIZE, &fx.buf));
	MUST(flexio_device_mkey_create(
		fx.p,
		&(struct flexio_mkey_attr){
			.pd = fx.pd, .daddr = fx.buf, .len = BUF_SIZE, .access = IBV_ACCESS_LOCAL_WRITE },
		&fx.m));
	MUST(flexio_msg_stream_create(fx.p, &sa, fx.out, NULL, &fx.ds));
	MUST(flexio_msg_stream_create(fx.p, &sa, fx.out, NULL, &fx.s));
	assert_int_equal(flexio_msg_stream_get_id(fx.ds), FLEXIO_MSG_DEV_DEFAULT_STREAM_ID);
	bi_live(fx.app, "application");
	bi_live(fx.p, "process");
	bi_live(fx.bare, "process");
	bi_live(fx.q, "command queue");
	bi_live(fx.eh, "event handler");
	bi_live(fx.u, "UAR");
	bi_live(fx.ext, "UAR");
	bi_live(fx.pu, "UAR");
	bi_live(fx.o, "outbox");
	bi_live(fx.w, "window");
	bi_live(fx.m, "memory key");
	bi_live(fx.ds, "message stream");
	bi_live(fx.s, "message stream");
	bi_live(fx.qs->cq, "CQ");
	bi_live(fx.qs->sq, "SQ");
	bi_live(fx.qs->rq, "RQ");
	bi_live(fx.qs->rmp, "RMP");
	bi_live(fx.qs->qp, "QP");
	bi_live(fx.td, "transport domain");
	bi_live(fx.tis, "TIS");
	MUST(flexio_resources_create(RES_KEY, RES_FILE, strlen(RES_FILE), &fx.res));
	bi_live(fx.res, "DPA resources object");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	MUST(flexio_process_destroy(fx.p));
	MUST(flexio_process_destroy(fx.bare));
	free(fx.qs);
	/* p's SQ, which sent through the TIS, went with p. */
	MUST(flexio_sq_tis_destroy(fx.tis));
	MUST(flexio_transport_domain_destroy(fx.td));
	MUST(flexio_resources_destroy(fx.res));
	assert_int_equal(ibv_dealloc_pd(fx.pd), 0);
	assert_int_equal(ibv_dealloc_pd(fx.other_pd), 0);
	assert_int_equal(ibv_dealloc_pd(fx.pd1), 0);
	assert_int_equal(ibv_close_device(fx.ctx1), 0);
	fclose(fx.out);
	free(fx.elf);
	sim_device_close();
	return 0;
}

/* A device context that was open and is closed now (its address is used at once, before
 * another context could take it). */
static struct ibv_context *closed_context(void)
{
	struct ibv_context *c = ibv_open_device(ctx->device);

	assert_non_null(c);
	assert_int_equal(ibv_close_device(c), 0);
	return c;
}

/* A protection domain that was allocated and is deallocated now (used at once). */
static struct ibv_pd *dead_pd(void)
{
	struct ibv_pd *pd = ibv_alloc_pd(ctx);

	assert_non_null(pd);
	assert_int_equal(ibv_dealloc_pd(pd), 0);
	return pd;
}

/* ---- versions and logging ---------------------------------------------------------------- */

#define VER(v) (unsigned)FLEXIO_VER_MAJOR(v), (unsigned)FLEXIO_VER_MINOR(v), (unsigned)FLEXIO_VER_SUB(v)

static void versions(void **state)
{
	const uint64_t newer = FLEXIO_CURRENT_VERSION + 1, older = FLEXIO_LAST_SUPPORTED_VERSION - 1;
	const uint64_t other = FLEXIO_VER(24, 7, 0);

	(void)state;
	EXPECT_ERR(flexio_version_set(newer), F, "flexio_version_set",
		   "version %u.%u.%u is newer than FLEXIO_CURRENT_VERSION %u.%u.%u", VER(newer),
		   VER(FLEXIO_CURRENT_VERSION));
	EXPECT_ERR(flexio_version_set(FLEXIO_VER(99, 0, 0)), F, "flexio_version_set",
		   "version 99.0.0 is newer than FLEXIO_CURRENT_VERSION %u.%u.%u", VER(FLEXIO_CURRENT_VERSION));
	EXPECT_ERR(flexio_version_set(older), F, "flexio_version_set",
		   "version %u.%u.%u is older than FLEXIO_LAST_SUPPORTED_VERSION %u.%u.%u", VER(older),
		   VER(FLEXIO_LAST_SUPPORTED_VERSION));
	EXPECT_ERR(flexio_version_set(0), F, "flexio_version_set",
		   "version 0.0.0 is older than FLEXIO_LAST_SUPPORTED_VERSION %u.%u.%u",
		   VER(FLEXIO_LAST_SUPPORTED_VERSION));
	/* Set once; again the same (or _LATEST, the same) is fine; another one is not. */
	EXPECT_SILENT(flexio_version_set(FLEXIO_VER_USED), OK);
	EXPECT_SILENT(flexio_version_set(FLEXIO_VER_LATEST), OK);
	EXPECT_ERR(flexio_version_set(other), F, "flexio_version_set",
		   "version already set to %u.%u.%u; cannot change it to %u.%u.%u", VER(FLEXIO_CURRENT_VERSION),
		   VER(other));
	/* set_version NULL is valid. */
	EXPECT_SILENT(flexio_version_get(NULL), FLEXIO_CURRENT_VERSION);
	/* An announcement of a version not served is dropped without a word: its caller is a
	 * constructor, with no one to tell. */
	EXPECT_SILENT((flexio_version_announce(newer), 0), 0);
	EXPECT_SILENT((flexio_version_announce(older), 0), 0);
}

static void log_levels(void **state)
{
	(void)state;
	EXPECT_ERR(flexio_log_lvl_set((enum flexio_log_lvl)4), FLEXIO_LOG_LVL_WARN, "flexio_log_lvl_set",
		   "level 4 is not one of FLEXIO_LOG_LVL_ERR..FLEXIO_LOG_LVL_DBG (0-3)");
	EXPECT_ERR(flexio_log_lvl_set((enum flexio_log_lvl) - 1), FLEXIO_LOG_LVL_WARN, "flexio_log_lvl_set",
		   "level -1 is not one of FLEXIO_LOG_LVL_ERR..FLEXIO_LOG_LVL_DBG (0-3)");
	EXPECT_ERR(flexio_log_lvl_set((enum flexio_log_lvl)INT32_MAX), FLEXIO_LOG_LVL_WARN, "flexio_log_lvl_set",
		   "level %d is not one of FLEXIO_LOG_LVL_ERR..FLEXIO_LOG_LVL_DBG (0-3)", INT32_MAX);
	/* The level stayed WARN. */
	EXPECT_SILENT(flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN), FLEXIO_LOG_LVL_WARN);
}

static flexio_status nested_status;

/* A log callback that tries to replace itself: refused, and logged to stderr. */
static void replacing_callback(enum flexio_log_lvl lvl, const char *func, const char *msg, void *user)
{
	(void)lvl;
	(void)func;
	(void)msg;
	(void)user;
	nested_status = flexio_log_callback_set(NULL, NULL);
}

static void log_callback(void **state)
{
	(void)state;
	EXPECT_SILENT(flexio_log_callback_set(NULL, NULL), OK); /* NULL is valid: stderr */
	EXPECT_SILENT(flexio_log_callback_set(replacing_callback, NULL), OK);
	nested_status = (flexio_status)-1;
	/* The window line goes to the callback; the callback's own failure to stderr. */
	EXPECT_ERR((flexio_window_get_id(NULL), nested_status), F, "flexio_log_callback_set",
		   "called from a log callback: it would wait for that callback to return");
	EXPECT_SILENT(flexio_log_callback_set(NULL, NULL), OK);
}

static void last_error(void **state)
{
	char line[1024];

	(void)state;
	EXPECT_ERR(flexio_window_get_id(NULL), UINT32_MAX, "flexio_window_get_id", "%p is not a live window",
		   (void *)NULL);
	bi_expected(line, sizeof(line), "flexio_window_get_id", "%p is not a live window", (void *)NULL);
	EXPECT_SILENT_STR(flexio_last_error(), line);
	/* A call that succeeds leaves it. */
	EXPECT_SILENT(flexio_version_get(NULL), FLEXIO_CURRENT_VERSION);
	EXPECT_SILENT_STR(flexio_last_error(), line);
}

/* ---- applications -------------------------------------------------------------------------- */

static void app_create(void **state)
{
	static unsigned char junk[256];
	uint64_t versions[2] = { 1, 2 };
	struct flexio_app_attr a = { .app_name = "bad_input_new", .app_ptr = fx.elf, .app_bsize = fx.elf_size };
	flexio_app *x = NULL;

	(void)state;
	EXPECT_ERR(flexio_app_create(NULL, &x), F, "flexio_app_create", "fattr is NULL");
	EXPECT_ERR(flexio_app_create(&a, NULL), F, "flexio_app_create", "app is NULL");
	a.app_name = NULL;
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create", "application name is NULL or empty");
	a.app_name = "";
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create", "application name is NULL or empty");
	a.app_name = long_name;
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create",
		   "application name is longer than FLEXIO_MAX_NAME_LEN (%d)", FLEXIO_MAX_NAME_LEN);
	a.app_name = "bad_input_new";
	a.app_ptr = NULL;
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": no ELF image (pointer %p, size %zu)", (void *)NULL, fx.elf_size);
	a.app_ptr = fx.elf;
	a.app_bsize = 0;
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": no ELF image (pointer %p, size 0)", fx.elf);
	a.app_bsize = fx.elf_size;
	a.sig_bsize = 16;
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": sig_bsize 16 with a NULL sig_ptr");
	a.sig_bsize = 0;
	a.flexio_dev_versions_len_size = 2;
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": 2 device versions with a NULL array");
	a.flexio_dev_versions = versions;
	a.flexio_dev_versions_len_size = SIZE_MAX / sizeof(uint64_t) + 1;
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": %zu device versions is more than memory holds",
		   SIZE_MAX / sizeof(uint64_t) + 1);
	a.flexio_dev_versions_len_size = 2;
	a.app_ptr = junk;
	a.app_bsize = sizeof(junk);
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": not a DPA executable: not an ELF file (bad magic)");
	a.app_bsize = 10;
	EXPECT_ERR(flexio_app_create(&a, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": not a DPA executable: truncated ELF file (10 bytes)");
	assert_null(x);
}

static void app_handles(void **state)
{
	uint64_t *bin = malloc(fx.elf_size);

	(void)state;
	assert_non_null(bin);
	EXPECT_BAD_HANDLES(flexio_app, "application", flexio_app_destroy(h), F, "flexio_app_destroy");
	EXPECT_BAD_HANDLES(flexio_app, "application", flexio_app_get_elf(h, bin, fx.elf_size), F, "flexio_app_get_elf");
	EXPECT_ERR(flexio_app_get_elf(fx.app, NULL, fx.elf_size), F, "flexio_app_get_elf", "bin_buff is NULL");
	EXPECT_ERR(flexio_app_get_elf(fx.app, bin, fx.elf_size - 1), F, "flexio_app_get_elf",
		   "bin_size %zu is smaller than the ELF image of \"" APP "\" (%zu bytes)", fx.elf_size - 1,
		   fx.elf_size);
	EXPECT_ERR(flexio_app_get_elf(fx.app, bin, 0), F, "flexio_app_get_elf",
		   "bin_size 0 is smaller than the ELF image of \"" APP "\" (%zu bytes)", fx.elf_size);
	EXPECT_BAD_HANDLES(flexio_app, "application", flexio_app_get_elf_size(h), 0, "flexio_app_get_elf_size");
	EXPECT_BAD_HANDLES(flexio_app, "application", flexio_app_get_name(h), NULL, "flexio_app_get_name");
	free(bin);
}

static void app_get(void **state)
{
	struct flexio_app_select_attr s = { .app_name = APP };
	flexio_app *x = NULL;
	struct ibv_context *bogus[3] = { NULL, (struct ibv_context *)bi_never_a_handle, (struct ibv_context *)fx.p };

	(void)state;
	EXPECT_ERR(flexio_app_get(NULL, &x), F, "flexio_app_get", "attr is NULL");
	EXPECT_ERR(flexio_app_get(&s, NULL), F, "flexio_app_get", "app is NULL");
	EXPECT_ERR(flexio_app_get(NULL, NULL), F, "flexio_app_get", "attr is NULL");
	s.app_name = NULL;
	EXPECT_ERR(flexio_app_get(&s, &x), F, "flexio_app_get", "app_name is NULL or empty");
	s.app_name = "";
	EXPECT_ERR(flexio_app_get(&s, &x), F, "flexio_app_get", "app_name is NULL or empty");
	s.app_name = long_name;
	EXPECT_ERR(flexio_app_get(&s, &x), F, "flexio_app_get", "app_name is longer than FLEXIO_MAX_NAME_LEN (%d)",
		   FLEXIO_MAX_NAME_LEN);
	s.app_name = "no_such_app";
	EXPECT_ERR(flexio_app_get(&s, &x), F, "flexio_app_get",
		   "no application named \"no_such_app\" (is its dpacc archive linked into the program?)");
	s.app_name = "bad_input_copy"; /* destroyed */
	EXPECT_ERR(flexio_app_get(&s, &x), F, "flexio_app_get",
		   "no application named \"bad_input_copy\" (is its dpacc archive linked into the program?)");
	s.app_name = APP;
	s.hw_model_id = FLEXIO_HW_MODEL_CX8;
	EXPECT_ERR(flexio_app_get(&s, &x), F, "flexio_app_get",
		   "hw_model_id 2: the simulated device is a BlueField-3 DPA (FLEXIO_HW_MODEL_DEF or _BF3)");
	s.hw_model_id = 99;
	EXPECT_ERR(flexio_app_get(&s, &x), F, "flexio_app_get",
		   "hw_model_id 99: the simulated device is a BlueField-3 DPA (FLEXIO_HW_MODEL_DEF or _BF3)");
	s.hw_model_id = FLEXIO_HW_MODEL_DEF;
	EXPECT_SILENT(flexio_app_get(&s, &x), OK); /* ibv_ctx NULL: any device */
	assert_ptr_equal(x, fx.app);
	x = NULL;
	bogus[0] = closed_context();
	for (int i = 0; i < 3; i++) {
		s.ibv_ctx = bogus[i];
		EXPECT_ERR(flexio_app_get(&s, &x), F, "flexio_app_get",
			   "attr->ibv_ctx %p is not an open device context this library can drive (only the "
			   "simulated mlx5_sim devices)",
			   (void *)bogus[i]);
	}
	assert_null(x);
}

static void app_lists(void **state)
{
	flexio_app **list = NULL;
	uint32_t n = 0;

	(void)state;
	EXPECT_ERR(flexio_app_get_list(NULL, &n), F, "flexio_app_get_list", "app_list is NULL");
	EXPECT_ERR(flexio_app_get_list(&list, NULL), F, "flexio_app_get_list", "num_apps is NULL");
	EXPECT_ERR(flexio_app_get_list(NULL, NULL), F, "flexio_app_get_list", "app_list is NULL");
	EXPECT_ERR(flexio_app_list_free(NULL), F, "flexio_app_list_free",
		   "%p is not a list made by flexio_app_get_list", (void *)NULL);
	EXPECT_ERR(flexio_app_list_free((flexio_app **)bi_never_a_handle), F, "flexio_app_list_free",
		   "%p is not a list made by flexio_app_get_list", (void *)bi_never_a_handle);
	EXPECT_ERR(flexio_app_list_free((flexio_app **)fx.app), F, "flexio_app_list_free",
		   "%p is not a list made by flexio_app_get_list", (void *)fx.app);
	MUST(flexio_app_get_list(&list, &n));
	assert_true(n >= 1);
	EXPECT_ERR(flexio_app_list_free(list + 1), F, "flexio_app_list_free",
		   "%p is not a list made by flexio_app_get_list", (void *)(list + 1));
	EXPECT_SILENT(flexio_app_list_free(list), OK);
	EXPECT_ERR(flexio_app_list_free(list), F, "flexio_app_list_free", /* freed already */
		   "%p is not a list made by flexio_app_get_list", (void *)list);
}

/* ---- device functions -------------------------------------------------------------------- */

static void func_pup_register(void **state)
{
	static const char *const unpack = "__dpacc_unpack_bad_input_add";

	(void)state;
	EXPECT_BAD_HANDLES(flexio_app, "application",
			   flexio_func_pup_register(h, "bad_input_add", unpack, not_a_stub, 16, pack_nothing), F,
			   "flexio_func_pup_register");
	EXPECT_ERR(flexio_func_pup_register(fx.app, NULL, unpack, not_a_stub, 16, pack_nothing), F,
		   "flexio_func_pup_register", "dev_func_name is NULL or empty");
	EXPECT_ERR(flexio_func_pup_register(fx.app, "", unpack, not_a_stub, 16, pack_nothing), F,
		   "flexio_func_pup_register", "dev_func_name is NULL or empty");
	EXPECT_ERR(flexio_func_pup_register(fx.app, long_name, unpack, not_a_stub, 16, pack_nothing), F,
		   "flexio_func_pup_register", "dev_func_name is longer than FLEXIO_MAX_NAME_LEN (%d)",
		   FLEXIO_MAX_NAME_LEN);
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_add", NULL, not_a_stub, 16, pack_nothing), F,
		   "flexio_func_pup_register", "dev_unpack_func_name is NULL or empty");
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_add", long_name, not_a_stub, 16, pack_nothing), F,
		   "flexio_func_pup_register", "dev_unpack_func_name is longer than FLEXIO_MAX_NAME_LEN (%d)",
		   FLEXIO_MAX_NAME_LEN);
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_add", unpack, NULL, 16, pack_nothing), F,
		   "flexio_func_pup_register", "host_stub_func_addr of \"bad_input_add\" is NULL");
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_add", unpack, not_a_stub, 16, NULL), F,
		   "flexio_func_pup_register", "host_pack_func of \"bad_input_add\" is NULL");
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_add", unpack, not_a_stub, ARGBUF_MAX + 1, pack_nothing),
		   F, "flexio_func_pup_register", "argbuf_size %d of \"bad_input_add\" is above %d bytes",
		   ARGBUF_MAX + 1, ARGBUF_MAX);
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_add", unpack, not_a_stub, SIZE_MAX, pack_nothing), F,
		   "flexio_func_pup_register", "argbuf_size %zu of \"bad_input_add\" is above %d bytes", SIZE_MAX,
		   ARGBUF_MAX);
	EXPECT_ERR(flexio_func_pup_register(fx.app, "no_such_function", unpack, not_a_stub, 16, pack_nothing), F,
		   "flexio_func_pup_register", "application \"" APP "\" has no device function \"no_such_function\"");
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_add", "no_such_unpack", not_a_stub, 16, pack_nothing), F,
		   "flexio_func_pup_register", "application \"" APP "\" has no device function \"no_such_unpack\"");
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_add", unpack, &bad_input_add, 16, pack_nothing), F,
		   "flexio_func_pup_register",
		   "application \"" APP "\": host stub %p is already registered (as \"bad_input_add\")",
		   (void *)&bad_input_add);
}

static void func_register(void **state)
{
	flexio_func_t *f = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_app, "application", flexio_func_register(h, "bad_input_add", &f), F,
			   "flexio_func_register");
	EXPECT_ERR(flexio_func_register(fx.app, "bad_input_add", NULL), F, "flexio_func_register", "out_func is NULL");
	EXPECT_ERR(flexio_func_register(fx.app, NULL, &f), F, "flexio_func_register", "dev_func_name is NULL or empty");
	EXPECT_ERR(flexio_func_register(fx.app, "", &f), F, "flexio_func_register", "dev_func_name is NULL or empty");
	EXPECT_ERR(flexio_func_register(fx.app, long_name, &f), F, "flexio_func_register",
		   "dev_func_name is longer than FLEXIO_MAX_NAME_LEN (%d)", FLEXIO_MAX_NAME_LEN);
	EXPECT_ERR(flexio_func_register(fx.app, "no_such_function", &f), F, "flexio_func_register",
		   "application \"" APP "\" has no device function \"no_such_function\"");
	assert_null(f);
}

static void func_get_register_info(void **state)
{
	uint32_t pup;
	char name[FLEXIO_MAX_NAME_LEN + 1], unpack[FLEXIO_MAX_NAME_LEN + 1];
	size_t argbuf, len = strlen("bad_input_add");
	flexio_func_arg_pack_fn_t *pack;
	flexio_uintptr_t da, ua;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_app, "application",
			   flexio_func_get_register_info(h, &bad_input_add, &pup, name, unpack, sizeof(name), &argbuf,
							 &pack, &da, &ua),
			   F, "flexio_func_get_register_info");
	EXPECT_ERR(flexio_func_get_register_info(fx.app, &bad_input_add, NULL, name, unpack, sizeof(name), &argbuf,
						 &pack, &da, &ua),
		   F, "flexio_func_get_register_info", "an output pointer is NULL");
	EXPECT_ERR(flexio_func_get_register_info(fx.app, &bad_input_add, &pup, NULL, unpack, sizeof(name), &argbuf,
						 &pack, &da, &ua),
		   F, "flexio_func_get_register_info", "an output pointer is NULL");
	EXPECT_ERR(flexio_func_get_register_info(fx.app, &bad_input_add, &pup, name, NULL, sizeof(name), &argbuf, &pack,
						 &da, &ua),
		   F, "flexio_func_get_register_info", "an output pointer is NULL");
	EXPECT_ERR(flexio_func_get_register_info(fx.app, &bad_input_add, &pup, name, unpack, sizeof(name), NULL, &pack,
						 &da, &ua),
		   F, "flexio_func_get_register_info", "an output pointer is NULL");
	EXPECT_ERR(flexio_func_get_register_info(fx.app, &bad_input_add, &pup, name, unpack, sizeof(name), &argbuf,
						 NULL, &da, &ua),
		   F, "flexio_func_get_register_info", "an output pointer is NULL");
	EXPECT_ERR(flexio_func_get_register_info(fx.app, &bad_input_add, &pup, name, unpack, sizeof(name), &argbuf,
						 &pack, NULL, &ua),
		   F, "flexio_func_get_register_info", "an output pointer is NULL");
	EXPECT_ERR(flexio_func_get_register_info(fx.app, &bad_input_add, &pup, name, unpack, sizeof(name), &argbuf,
						 &pack, &da, NULL),
		   F, "flexio_func_get_register_info", "an output pointer is NULL");
	EXPECT_ERR(
		flexio_func_get_register_info(fx.app, NULL, &pup, name, unpack, sizeof(name), &argbuf, &pack, &da, &ua),
		F, "flexio_func_get_register_info", "%p is not a function registered in application \"" APP "\"",
		(void *)NULL);
	EXPECT_ERR(flexio_func_get_register_info(fx.app, not_a_stub, &pup, name, unpack, sizeof(name), &argbuf, &pack,
						 &da, &ua),
		   F, "flexio_func_get_register_info", "%p is not a function registered in application \"" APP "\"",
		   (void *)not_a_stub);
	EXPECT_ERR(flexio_func_get_register_info(fx.app, &bad_input_add, &pup, name, unpack, len, &argbuf, &pack, &da,
						 &ua),
		   F, "flexio_func_get_register_info",
		   "func_name_size %zu cannot hold the names of \"bad_input_add\" (give FLEXIO_MAX_NAME_LEN + 1)", len);
	EXPECT_ERR(
		flexio_func_get_register_info(fx.app, &bad_input_add, &pup, name, unpack, 0, &argbuf, &pack, &da, &ua),
		F, "flexio_func_get_register_info",
		"func_name_size 0 cannot hold the names of \"bad_input_add\" (give FLEXIO_MAX_NAME_LEN + 1)");
}

/* ---- processes ------------------------------------------------------------------------------- */

static void process_create(void **state)
{
	struct flexio_process_attr attr = { .pd = fx.pd };
	struct ibv_context *bogus[3] = { NULL, (struct ibv_context *)bi_never_a_handle, (struct ibv_context *)fx.p };
	struct ibv_pd *pds[4] = { NULL, (struct ibv_pd *)bi_never_a_handle, (struct ibv_pd *)fx.w, NULL };
	flexio_process *x = NULL;

	(void)state;
	EXPECT_ERR(flexio_process_create(ctx, fx.app, &attr, NULL), F, "flexio_process_create", "process_ptr is NULL");
	EXPECT_ERR(flexio_process_create(NULL, fx.app, &attr, &x), F, "flexio_process_create", "ibv_ctx is NULL");
	bogus[0] = closed_context();
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_process_create(bogus[i], fx.app, &attr, &x), F, "flexio_process_create",
			   "ibv_ctx %p is not an open device context this library can drive (only the simulated "
			   "mlx5_sim devices)",
			   (void *)bogus[i]);
	EXPECT_BAD_HANDLES(flexio_app, "application", flexio_process_create(ctx, h, &attr, &x), F,
			   "flexio_process_create");
	attr.name = long_name;
	EXPECT_ERR(flexio_process_create(ctx, fx.app, &attr, &x), F, "flexio_process_create",
		   "process name is longer than FLEXIO_MAX_NAME_LEN (%d)", FLEXIO_MAX_NAME_LEN);
	attr.name = NULL;
	pds[3] = (struct ibv_pd *)ctx; /* a live object of another kind */
	pds[0] = dead_pd();
	for (int i = 0; i < 4; i++) {
		attr.pd = pds[i];
		EXPECT_ERR(flexio_process_create(ctx, fx.app, &attr, &x), F, "flexio_process_create",
			   "process_attr->pd %p is not a live protection domain of ibv_ctx", (void *)pds[i]);
	}
	assert_null(x);
	EXPECT_SILENT(flexio_process_create(ctx, fx.app, NULL, &x), OK); /* process_attr may be NULL */
	MUST(flexio_process_destroy(x));
}

static void process_handles(void **state)
{
	struct flexio_heap_mem_info info;

	(void)state;
	EXPECT_SILENT(flexio_process_destroy(NULL), OK); /* NULL is valid */
	EXPECT_BAD_NONNULL_HANDLES(flexio_process, "process", flexio_process_destroy(h), F, "flexio_process_destroy");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_get_dumem_id(h), UINT32_MAX,
			   "flexio_process_get_dumem_id");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_get_pd(h), NULL, "flexio_process_get_pd");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_get_uar(h), NULL, "flexio_process_get_uar");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_udbg_token_get(h), 0,
			   "flexio_process_udbg_token_get");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_mem_info_get(h, &info), F,
			   "flexio_process_mem_info_get");
	EXPECT_ERR(flexio_process_mem_info_get(fx.p, NULL), F, "flexio_process_mem_info_get", "info is NULL");
}

static void process_call(void **state)
{
	uint64_t ret = 7;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_call(h, &bad_input_add, &ret, 1ull, 2ull), F,
			   "flexio_process_call");
	EXPECT_ERR(flexio_process_call(fx.p, &bad_input_add, NULL, 1ull, 2ull), F, "flexio_process_call",
		   "func_ret is NULL");
	EXPECT_ERR(flexio_process_call(fx.p, NULL, &ret, 1ull, 2ull), F, "flexio_process_call",
		   "%p is not a function registered in application \"" APP "\"", (void *)NULL);
	EXPECT_ERR(flexio_process_call(fx.p, not_a_stub, &ret, 1ull, 2ull), F, "flexio_process_call",
		   "%p is not a function registered in application \"" APP "\"", (void *)not_a_stub);
	assert_int_equal(ret, 0); /* cleared before the function is looked up */
}

static void process_call_args(void **state)
{
	const uint64_t args[3] = { 1, 2, 3 };
	uint64_t ret = 7;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_call_args(h, &bad_input_add, &ret, args, 2), F,
			   "flexio_process_call_args");
	EXPECT_ERR(flexio_process_call_args(fx.p, &bad_input_add, &ret, NULL, 2), F, "flexio_process_call_args",
		   "args is NULL with nargs 2");
	EXPECT_ERR(flexio_process_call_args(fx.p, &bad_input_add, NULL, args, 2), F, "flexio_process_call_args",
		   "func_ret is NULL");
	EXPECT_ERR(flexio_process_call_args(fx.p, NULL, &ret, args, 2), F, "flexio_process_call_args",
		   "%p is not a function registered in application \"" APP "\"", (void *)NULL);
	EXPECT_ERR(flexio_process_call_args(fx.p, not_a_stub, &ret, args, 2), F, "flexio_process_call_args",
		   "%p is not a function registered in application \"" APP "\"", (void *)not_a_stub);
	EXPECT_ERR(flexio_process_call_args(fx.p, &bad_input_add, &ret, args, 1), F, "flexio_process_call_args",
		   "\"bad_input_add\" takes 2 arguments, 1 given");
	EXPECT_ERR(flexio_process_call_args(fx.p, &bad_input_add, &ret, args, 3), F, "flexio_process_call_args",
		   "\"bad_input_add\" takes 2 arguments, 3 given");
	EXPECT_ERR(flexio_process_call_args(fx.p, &bad_input_add, &ret, NULL, 0), F, "flexio_process_call_args",
		   "\"bad_input_add\" takes 2 arguments, 0 given");
	EXPECT_ERR(flexio_process_call_args(fx.p, &bad_input_add, &ret, args, SIZE_MAX), F, "flexio_process_call_args",
		   "\"bad_input_add\" takes 2 arguments, %zu given", SIZE_MAX);
	assert_int_equal(ret, 0);
}

static void error_handler_set(void **state)
{
	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_error_handler_set(h, &bad_input_task), F,
			   "flexio_process_error_handler_set");
	EXPECT_ERR(flexio_process_error_handler_set(fx.bare, NULL), F, "flexio_process_error_handler_set",
		   "%p is not a function registered in application \"" APP "\"", (void *)NULL);
	EXPECT_ERR(flexio_process_error_handler_set(fx.bare, not_a_stub), F, "flexio_process_error_handler_set",
		   "%p is not a function registered in application \"" APP "\"", (void *)not_a_stub);
	/* p has threads already (its command queue's workers). */
	EXPECT_ERR(flexio_process_error_handler_set(fx.p, &bad_input_task), F, "flexio_process_error_handler_set",
		   "process \"" PROCESS "\" already has threads: set the error handler before creating the first one");
}

/* ---- DPA heap memory --------------------------------------------------------------------------- */

/* The reason of a range outside p's heap buffers (format and arguments). */
#define HEAP_RANGE(daddr, size)                                                                                        \
	"process \"" PROCESS "\": [0x%llx, +%zu) is not inside an allocated heap buffer", (unsigned long long)(daddr), \
		(size_t)(size)

static void buf_dev_alloc(void **state)
{
	struct flexio_heap_mem_info info;
	flexio_uintptr_t d = 1;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_buf_dev_alloc(h, 64, &d), F, "flexio_buf_dev_alloc");
	assert_int_equal(d, 0);
	EXPECT_ERR(flexio_buf_dev_alloc(fx.p, 64, NULL), F, "flexio_buf_dev_alloc", "dest_daddr_p is NULL");
	EXPECT_ERR(flexio_buf_dev_alloc(fx.p, 0, &d), F, "flexio_buf_dev_alloc", "buff_bsize is 0");
	MUST(flexio_process_mem_info_get(fx.p, &info));
	EXPECT_ERR(flexio_buf_dev_alloc(fx.p, info.size + 1, &d), F, "flexio_buf_dev_alloc",
		   "process \"" PROCESS "\": no %zu bytes free in the DPA heap (%llu bytes, %zu in use)", info.size + 1,
		   (unsigned long long)info.size, info.allocated);
	EXPECT_ERR(flexio_buf_dev_alloc(fx.p, SIZE_MAX, &d), F, "flexio_buf_dev_alloc",
		   "process \"" PROCESS "\": no %zu bytes free in the DPA heap (%llu bytes, %zu in use)", SIZE_MAX,
		   (unsigned long long)info.size, info.allocated);
	assert_int_equal(d, 0);
}

static void buf_dev_free(void **state)
{
	flexio_uintptr_t d;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_buf_dev_free(h, fx.buf), F, "flexio_buf_dev_free");
	EXPECT_SILENT(flexio_buf_dev_free(fx.p, 0), OK); /* daddr 0 is valid */
	EXPECT_ERR(flexio_buf_dev_free(fx.p, fx.buf + 8), F, "flexio_buf_dev_free",
		   "process \"" PROCESS "\": 0x%llx is not an allocated heap buffer", (unsigned long long)fx.buf + 8);
	EXPECT_ERR(flexio_buf_dev_free(fx.p, 0x10), F, "flexio_buf_dev_free",
		   "process \"" PROCESS "\": 0x10 is not an allocated heap buffer");
	EXPECT_ERR(flexio_buf_dev_free(fx.p, UINT64_MAX), F, "flexio_buf_dev_free",
		   "process \"" PROCESS "\": 0xffffffffffffffff is not an allocated heap buffer");
	MUST(flexio_buf_dev_alloc(fx.p, 32, &d));
	EXPECT_SILENT(flexio_buf_dev_free(fx.p, d), OK);
	EXPECT_ERR(flexio_buf_dev_free(fx.p, d), F, "flexio_buf_dev_free", /* freed already */
		   "process \"" PROCESS "\": 0x%llx is not an allocated heap buffer", (unsigned long long)d);
}

static void buf_dev_memset(void **state)
{
	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_buf_dev_memset(h, 0, BUF_SIZE, fx.buf), F,
			   "flexio_buf_dev_memset");
	EXPECT_ERR(flexio_buf_dev_memset(fx.p, 0, BUF_SIZE + 1, fx.buf), F, "flexio_buf_dev_memset",
		   HEAP_RANGE(fx.buf, BUF_SIZE + 1));
	EXPECT_ERR(flexio_buf_dev_memset(fx.p, 0, 1, fx.buf + BUF_SIZE), F, "flexio_buf_dev_memset",
		   HEAP_RANGE(fx.buf + BUF_SIZE, 1));
	EXPECT_ERR(flexio_buf_dev_memset(fx.p, 0, 1, 0), F, "flexio_buf_dev_memset", HEAP_RANGE(0, 1));
	EXPECT_ERR(flexio_buf_dev_memset(fx.p, 0, SIZE_MAX, fx.buf), F, "flexio_buf_dev_memset",
		   HEAP_RANGE(fx.buf, SIZE_MAX));
	EXPECT_ERR(flexio_buf_dev_memset(fx.p, 0, 16, UINT64_MAX - 7), F, /* wraps around */
		   "flexio_buf_dev_memset", HEAP_RANGE(UINT64_MAX - 7, 16));
	EXPECT_SILENT(flexio_buf_dev_memset(fx.p, 0, 0, 0x10), OK); /* nothing to set */
}

static void copy_from_host(void **state)
{
	struct flexio_heap_mem_info info;
	char src[16] = "0123456789";
	flexio_uintptr_t d = 1;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_copy_from_host(h, src, sizeof(src), &d), F,
			   "flexio_copy_from_host");
	assert_int_equal(d, 0);
	EXPECT_ERR(flexio_copy_from_host(fx.p, NULL, sizeof(src), &d), F, "flexio_copy_from_host", "src_haddr is NULL");
	EXPECT_ERR(flexio_copy_from_host(fx.p, src, sizeof(src), NULL), F, "flexio_copy_from_host",
		   "dest_daddr_p is NULL");
	EXPECT_ERR(flexio_copy_from_host(fx.p, src, 0, &d), F, "flexio_copy_from_host", "buff_bsize is 0");
	MUST(flexio_process_mem_info_get(fx.p, &info));
	EXPECT_ERR(flexio_copy_from_host(fx.p, src, info.size + 1, &d), F, "flexio_copy_from_host",
		   "process \"" PROCESS "\": no %zu bytes free in the DPA heap (%llu bytes, %zu in use)", info.size + 1,
		   (unsigned long long)info.size, info.allocated);
	assert_int_equal(d, 0);
}

static void host2dev_memcpy(void **state)
{
	char src[BUF_SIZE + 1] = { 0 };

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_host2dev_memcpy(h, src, BUF_SIZE, fx.buf), F,
			   "flexio_host2dev_memcpy");
	EXPECT_ERR(flexio_host2dev_memcpy(fx.p, NULL, BUF_SIZE, fx.buf), F, "flexio_host2dev_memcpy",
		   "src_haddr is NULL");
	EXPECT_ERR(flexio_host2dev_memcpy(fx.p, src, BUF_SIZE + 1, fx.buf), F, "flexio_host2dev_memcpy",
		   HEAP_RANGE(fx.buf, BUF_SIZE + 1));
	EXPECT_ERR(flexio_host2dev_memcpy(fx.p, src, 8, fx.buf + BUF_SIZE - 4), F, "flexio_host2dev_memcpy",
		   HEAP_RANGE(fx.buf + BUF_SIZE - 4, 8));
	EXPECT_ERR(flexio_host2dev_memcpy(fx.p, src, 1, 0), F, "flexio_host2dev_memcpy", HEAP_RANGE(0, 1));
	EXPECT_ERR(flexio_host2dev_memcpy(fx.p, src, 16, UINT64_MAX - 7), F, /* wraps around */
		   "flexio_host2dev_memcpy", HEAP_RANGE(UINT64_MAX - 7, 16));
	EXPECT_SILENT(flexio_host2dev_memcpy(fx.p, src, 0, 0x10), OK); /* nothing to copy */
}

static void dev2host_memcpy(void **state)
{
	char dst[BUF_SIZE + 1];

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_dev2host_memcpy(h, dst, BUF_SIZE, fx.buf), F,
			   "flexio_dev2host_memcpy");
	EXPECT_ERR(flexio_dev2host_memcpy(fx.p, NULL, BUF_SIZE, fx.buf), F, "flexio_dev2host_memcpy",
		   "dst_haddr is NULL");
	EXPECT_ERR(flexio_dev2host_memcpy(fx.p, dst, BUF_SIZE + 1, fx.buf), F, "flexio_dev2host_memcpy",
		   HEAP_RANGE(fx.buf, BUF_SIZE + 1));
	EXPECT_ERR(flexio_dev2host_memcpy(fx.p, dst, 8, fx.buf + BUF_SIZE - 4), F, "flexio_dev2host_memcpy",
		   HEAP_RANGE(fx.buf + BUF_SIZE - 4, 8));
	EXPECT_ERR(flexio_dev2host_memcpy(fx.p, dst, 1, 0), F, "flexio_dev2host_memcpy", HEAP_RANGE(0, 1));
	EXPECT_ERR(flexio_dev2host_memcpy(fx.p, dst, 16, UINT64_MAX - 7), F, /* wraps around */
		   "flexio_dev2host_memcpy", HEAP_RANGE(UINT64_MAX - 7, 16));
	EXPECT_SILENT(flexio_dev2host_memcpy(fx.p, dst, 0, 0x10), OK); /* nothing to copy */
}

static void recoverable_buf_dev_alloc(void **state)
{
	struct flexio_heap_mem_info info;
	void *mem = aligned_alloc(4096, 3 * 4096);
	struct ibv_mr *rw, *ro, *foreign;
	flexio_uintptr_t d = 1;

	(void)state;
	assert_non_null(mem);
	rw = ibv_reg_mr(fx.pd, mem, 4096, IBV_ACCESS_LOCAL_WRITE);
	ro = ibv_reg_mr(fx.pd, (char *)mem + 4096, 4096, 0);
	foreign = ibv_reg_mr(fx.other_pd, (char *)mem + 8192, 4096, IBV_ACCESS_LOCAL_WRITE);
	assert_non_null(rw);
	assert_non_null(ro);
	assert_non_null(foreign);
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_recoverable_buf_dev_alloc(h, 4096, rw->lkey, &d), F,
			   "flexio_recoverable_buf_dev_alloc");
	assert_int_equal(d, 0);
	EXPECT_ERR(flexio_recoverable_buf_dev_alloc(fx.p, 4096, rw->lkey, NULL), F, "flexio_recoverable_buf_dev_alloc",
		   "dest_daddr_p is NULL");
	EXPECT_ERR(flexio_recoverable_buf_dev_alloc(fx.p, 0, rw->lkey, &d), F, "flexio_recoverable_buf_dev_alloc",
		   "buff_bsize is 0");
	MUST(flexio_process_mem_info_get(fx.p, &info));
	EXPECT_ERR(flexio_recoverable_buf_dev_alloc(fx.p, info.size + 1, rw->lkey, &d), F,
		   "flexio_recoverable_buf_dev_alloc",
		   "process \"" PROCESS "\": %zu bytes is more than the DPA heap (%llu bytes)", info.size + 1,
		   (unsigned long long)info.size);
	EXPECT_ERR(flexio_recoverable_buf_dev_alloc(fx.p, 4096, 0xdead00, &d), F, "flexio_recoverable_buf_dev_alloc",
		   "mkey 0xdead00: no live memory region has this key on the process's PD");
	EXPECT_ERR(flexio_recoverable_buf_dev_alloc(fx.p, 4096, ro->lkey, &d), F, "flexio_recoverable_buf_dev_alloc",
		   "mkey 0x%x: its memory region is not writable (IBV_ACCESS_LOCAL_WRITE)", ro->lkey);
	EXPECT_ERR(flexio_recoverable_buf_dev_alloc(fx.p, 4096, foreign->lkey, &d), F,
		   "flexio_recoverable_buf_dev_alloc",
		   "mkey 0x%x: its memory region is registered on another PD than the process's", foreign->lkey);
	EXPECT_ERR(flexio_recoverable_buf_dev_alloc(fx.p, 5000, rw->lkey, &d), F, "flexio_recoverable_buf_dev_alloc",
		   "mkey 0x%x: its memory region has 4096 bytes; a recoverable buffer of 5000 bytes needs exactly "
		   "8192 (whole 4096-byte DPA memory blocks)",
		   rw->lkey);
	assert_int_equal(d, 0);
	assert_int_equal(ibv_dereg_mr(rw), 0);
	assert_int_equal(ibv_dereg_mr(ro), 0);
	assert_int_equal(ibv_dereg_mr(foreign), 0);
	free(mem);
}

/* ---- command queues ---------------------------------------------------------------------------- */

static void cmdq_create(void **state)
{
	struct flexio_cmdq_attr qa = cmdq_attr;
	const int workers[] = { 0, -1, CMDQ_MAX_WORKERS + 1, INT32_MIN };
	flexio_cmdq *x = NULL;

	(void)state;
	EXPECT_ERR(flexio_cmdq_create(fx.p, &qa, NULL), F, "flexio_cmdq_create", "cmdq is NULL");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_cmdq_create(h, &qa, &x), F, "flexio_cmdq_create");
	EXPECT_ERR(flexio_cmdq_create(fx.p, NULL, &x), F, "flexio_cmdq_create", "fattr is NULL");
	for (size_t i = 0; i < sizeof(workers) / sizeof(workers[0]); i++) {
		qa.workers = workers[i];
		EXPECT_ERR(flexio_cmdq_create(fx.p, &qa, &x), F, "flexio_cmdq_create",
			   "fattr->workers is %d: give 1 to %d DPA threads", workers[i], CMDQ_MAX_WORKERS);
	}
	qa.workers = 1;
	qa.batch_size = 0;
	EXPECT_ERR(flexio_cmdq_create(fx.p, &qa, &x), F, "flexio_cmdq_create",
		   "fattr->batch_size is 0: a worker must run at least one task per invocation");
	qa.batch_size = -3;
	EXPECT_ERR(flexio_cmdq_create(fx.p, &qa, &x), F, "flexio_cmdq_create",
		   "fattr->batch_size is -3: a worker must run at least one task per invocation");
	qa.batch_size = 1;
	qa.state = (enum flexio_cmdq_state)2;
	EXPECT_ERR(flexio_cmdq_create(fx.p, &qa, &x), F, "flexio_cmdq_create",
		   "fattr->state 2 is neither FLEXIO_CMDQ_STATE_PENDING nor FLEXIO_CMDQ_STATE_RUNNING");
	qa.state = (enum flexio_cmdq_state) - 1;
	EXPECT_ERR(flexio_cmdq_create(fx.p, &qa, &x), F, "flexio_cmdq_create",
		   "fattr->state -1 is neither FLEXIO_CMDQ_STATE_PENDING nor FLEXIO_CMDQ_STATE_RUNNING");
	assert_null(x);
}

static void cmdq_handles(void **state)
{
	(void)state;
	EXPECT_BAD_HANDLES(flexio_cmdq, "command queue", flexio_cmdq_destroy(h), F, "flexio_cmdq_destroy");
	EXPECT_BAD_HANDLES(flexio_cmdq, "command queue", flexio_cmdq_task_add(h, &bad_input_task, 1), F,
			   "flexio_cmdq_task_add");
	EXPECT_ERR(flexio_cmdq_task_add(fx.q, NULL, 1), F, "flexio_cmdq_task_add",
		   "%p is not a function registered in application \"" APP "\"", (void *)NULL);
	EXPECT_ERR(flexio_cmdq_task_add(fx.q, not_a_stub, 1), F, "flexio_cmdq_task_add",
		   "%p is not a function registered in application \"" APP "\"", (void *)not_a_stub);
	EXPECT_BAD_HANDLES(flexio_cmdq, "command queue",
			   flexio_cmdq_task_add_as(h, &bad_input_task, 1, &bad_input_task), F,
			   "flexio_cmdq_task_add_as");
	EXPECT_ERR(flexio_cmdq_task_add_as(fx.q, &bad_input_task, 1, NULL), F, "flexio_cmdq_task_add_as",
		   "shown_func is NULL");
	EXPECT_ERR(flexio_cmdq_task_add_as(fx.q, &bad_input_task, 1, not_a_stub), F, "flexio_cmdq_task_add_as",
		   "%p is not a function registered in application \"" APP "\"", (void *)not_a_stub);
	EXPECT_ERR(flexio_cmdq_task_add_as(fx.q, not_a_stub, 1, &bad_input_task), F, "flexio_cmdq_task_add_as",
		   "%p is not a function registered in application \"" APP "\"", (void *)not_a_stub);
	EXPECT_BAD_HANDLES(flexio_cmdq, "command queue", flexio_cmdq_state_running(h), F, "flexio_cmdq_state_running");
	EXPECT_BAD_HANDLES(flexio_cmdq, "command queue", flexio_cmdq_is_empty(h), 0, "flexio_cmdq_is_empty");
}

/* ---- event handlers ---------------------------------------------------------------------------- */

static void event_handlers(void **state)
{
	struct flexio_event_handler_attr attr = { .host_stub_func = &bad_input_task };
	flexio_event_handler *x = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_event_handler_create(h, &attr, &x), F,
			   "flexio_event_handler_create");
	EXPECT_ERR(flexio_event_handler_create(fx.p, NULL, &x), F, "flexio_event_handler_create", "fattr is NULL");
	EXPECT_ERR(flexio_event_handler_create(fx.p, &attr, NULL), F, "flexio_event_handler_create",
		   "event_handler_ptr is NULL");
	attr.host_stub_func = not_a_stub;
	EXPECT_ERR(flexio_event_handler_create(fx.p, &attr, &x), F, "flexio_event_handler_create",
		   "%p is not a function registered in application \"" APP "\"", (void *)not_a_stub);
	attr = (struct flexio_event_handler_attr){ .host_stub_func = &bad_input_task,
						   .affinity = { .type = (enum flexio_affinity_type)7 } };
	EXPECT_ERR(flexio_event_handler_create(fx.p, &attr, &x), F, "flexio_event_handler_create",
		   "fattr->affinity.type 7 is not FLEXIO_AFFINITY_NONE, _STRICT or _GROUP");
	attr.affinity = (struct flexio_affinity){ .type = FLEXIO_AFFINITY_STRICT, .id = 256 };
	EXPECT_ERR(flexio_event_handler_create(fx.p, &attr, &x), F, "flexio_event_handler_create",
		   "fattr->affinity.id 256: the DPA has execution units 0..255");
	attr.affinity = (struct flexio_affinity){ 0 };
	attr.name = long_name;
	EXPECT_ERR(flexio_event_handler_create(fx.p, &attr, &x), F, "flexio_event_handler_create",
		   "fattr->name is longer than FLEXIO_MAX_NAME_LEN (%d)", FLEXIO_MAX_NAME_LEN);
	EXPECT_BAD_HANDLES(flexio_event_handler, "event handler", flexio_event_handler_destroy(h), F,
			   "flexio_event_handler_destroy");
	EXPECT_BAD_HANDLES(flexio_event_handler, "event handler", flexio_event_handler_run(h, 0), F,
			   "flexio_event_handler_run");
	EXPECT_BAD_HANDLES(flexio_event_handler, "event handler", flexio_event_handler_get_activation_id(h), UINT32_MAX,
			   "flexio_event_handler_get_activation_id");
	EXPECT_BAD_HANDLES(flexio_event_handler, "event handler", flexio_event_handler_get_id(h), UINT32_MAX,
			   "flexio_event_handler_get_id");
	EXPECT_BAD_HANDLES(flexio_event_handler, "event handler", flexio_event_handler_get_obj_id(h), UINT32_MAX,
			   "flexio_event_handler_get_obj_id");
	EXPECT_BAD_HANDLES(flexio_event_handler, "event handler", flexio_event_handler_get_thread(h), NULL,
			   "flexio_event_handler_get_thread");
	EXPECT_BAD_HANDLES(flexio_event_handler, "event handler", flexio_event_handler_get_thread_obj(h), NULL,
			   "flexio_event_handler_get_thread_obj");
}

/* ---- queues ----------------------------------------------------------------------------------- */

/* Device contexts that are no open device: a closed one, an address that never was one, a handle. */
#define BOGUS_CONTEXTS(name)                                                                       \
	struct ibv_context *name[3] = { closed_context(), (struct ibv_context *)bi_never_a_handle, \
					(struct ibv_context *)fx.p }

static const struct flexio_cq_attr good_cq = { .log_cq_depth = 2, .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ };

static void cq_create(void **state)
{
	struct flexio_cq_attr ca = good_cq;
	flexio_event_handler *dead_eh = NULL, *foreign_eh = NULL;
	flexio_process *other = new_process("bad_input_other");
	BOGUS_CONTEXTS(bogus);
	flexio_cq *x = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_cq_create(h, NULL, &ca, &x), F, "flexio_cq_create");
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, NULL, &x), F, "flexio_cq_create", "fattr is NULL");
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, NULL), F, "flexio_cq_create", "cq is NULL");
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, NULL, NULL), F, "flexio_cq_create", "fattr is NULL");
	for (unsigned depth = 23; depth <= 255; depth += 232) {
		ca.log_cq_depth = (uint8_t)depth;
		EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
			   "fattr->log_cq_depth %u is more than 22", depth);
	}
	ca = good_cq;
	for (unsigned type = 1; type <= 255; type += 2) {
		ca.element_type = (uint8_t)type;
		if (type == FLEXIO_CQ_ELEMENT_TYPE_DPA_MSIX_EMULATED_CQ)
			continue;
		EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
			   "fattr->element_type %u is not FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD, _EXT_EQ, _NON_DPA_CQ or "
			   "_DPA_MSIX_EMULATED_CQ",
			   type);
	}
	ca = good_cq;
	ca.cqe_comp_type = (enum flexio_cqe_comp_type)3;
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
		   "fattr->cqe_comp_type 3 is not FLEXIO_CQE_COMP_NONE, _BASIC or _ENH");
	ca.cqe_comp_type = (enum flexio_cqe_comp_type) - 1;
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
		   "fattr->cqe_comp_type -1 is not FLEXIO_CQE_COMP_NONE, _BASIC or _ENH");
	ca = good_cq;
	ca.cqe_comp_format = (enum flexio_cqe_comp_format)3;
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
		   "fattr->cqe_comp_format 3 is not FLEXIO_CQE_COMP_FORMAT_HASH, _CSUM or _CSUM_STRIDX");
	ca = good_cq;
	ca.cq_period_mode = (enum flexio_cq_period_mode)2;
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
		   "fattr->cq_period_mode 2 is not FLEXIO_CQ_PERIOD_MODE_EVENT or _CQE");
	ca = good_cq;
	ca.cq_ring_qmem.memtype = (enum flexio_memtype)2;
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
		   "fattr->cq_ring_qmem.memtype 2 is not FLEXIO_MEMTYPE_DPA or FLEXIO_MEMTYPE_HOST");
	ca = good_cq;
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_cq_create(fx.p, bogus[i], &ca, &x), F, "flexio_cq_create",
			   "ibv_ctx %p is not an open device of the sim provider", (void *)bogus[i]);

	/* The thread of a DPA_THREAD CQ: a live event handler's of the same process. */
	ca.element_type = FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD;
	EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
		   "fattr->thread is NULL (element type DPA_THREAD)");
	MUST(flexio_event_handler_create(fx.p, &(struct flexio_event_handler_attr){ .host_stub_func = &bad_input_task },
					 &dead_eh));
	MUST(flexio_event_handler_destroy(dead_eh));
	MUST(flexio_event_handler_create(
		other, &(struct flexio_event_handler_attr){ .host_stub_func = &bad_input_task }, &foreign_eh));
	{
		void *threads[4] = { bi_never_a_handle, dead_eh, foreign_eh, fx.q };

		for (int i = 0; i < 4; i++) {
			ca.thread = threads[i];
			EXPECT_ERR(flexio_cq_create(fx.p, NULL, &ca, &x), F, "flexio_cq_create",
				   "fattr->thread %p is not the thread of a live event handler of process \"" PROCESS
				   "\"",
				   threads[i]);
		}
	}
	MUST(flexio_process_destroy(other));
	assert_null(x);
}

static void cq_handles(void **state)
{
	uint16_t count, period, mode;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_cq, "CQ", flexio_cq_destroy(h), F, "flexio_cq_destroy");
	EXPECT_BAD_HANDLES(flexio_cq, "CQ", flexio_cq_modify_moderation(h, 1, 1, FLEXIO_CQ_PERIOD_MODE_CQE), F,
			   "flexio_cq_modify_moderation");
	EXPECT_BAD_HANDLES(flexio_cq, "CQ", flexio_cq_query_moderation(h, &count, &period, &mode), F,
			   "flexio_cq_query_moderation");
	EXPECT_BAD_HANDLES(flexio_cq, "CQ", flexio_cq_get_cq_num(h), UINT32_MAX, "flexio_cq_get_cq_num");
	EXPECT_BAD_HANDLES(flexio_cq, "CQ", flexio_cq_get_obj(h), NULL, "flexio_cq_get_obj");
	for (unsigned m = 2; m <= UINT16_MAX; m += UINT16_MAX - 2)
		EXPECT_ERR(flexio_cq_modify_moderation(fx.qs->cq, 1, 1, (uint16_t)m), F, "flexio_cq_modify_moderation",
			   "mode %u is not FLEXIO_CQ_PERIOD_MODE_EVENT or _CQE", m);
	EXPECT_ERR(flexio_cq_query_moderation(fx.qs->cq, NULL, &period, &mode), F, "flexio_cq_query_moderation",
		   "max_count is NULL");
	EXPECT_ERR(flexio_cq_query_moderation(fx.qs->cq, &count, NULL, &mode), F, "flexio_cq_query_moderation",
		   "period is NULL");
	EXPECT_ERR(flexio_cq_query_moderation(fx.qs->cq, &count, &period, NULL), F, "flexio_cq_query_moderation",
		   "mode is NULL");
	/* In use by the fixture's work queues and QP: not destroyed, still live. */
	EXPECT_ERR(flexio_cq_destroy(fx.qs->cq), F, "flexio_cq_destroy",
		   "CQ 0x%x is in use: work queues or QPs report to it", flexio_cq_get_cq_num(fx.qs->cq));
	EXPECT_SILENT(flexio_cq_query_moderation(fx.qs->cq, &count, &period, &mode), OK);
}

/* The checks every work-queue creating call makes on its pointers and attributes, before it
 * looks at its device: call uses *wa_p and *x_p (wa: attributes that pass the library's checks,
 * x: a queue handle); is_rq: an RQ or RMP call. */
#define WQ_ATTR_CASES(call, func, out_name, is_rq)                                                                     \
	do {                                                                                                           \
		wa_p = NULL;                                                                                           \
		EXPECT_ERR(call, F, func, "fattr is NULL");                                                            \
		wa_p = &wa;                                                                                            \
		x_p = NULL;                                                                                            \
		EXPECT_ERR(call, F, func, "%s is NULL", out_name);                                                     \
		x_p = &x;                                                                                              \
		wa.log_wq_depth = 16;                                                                                  \
		EXPECT_ERR(call, F, func, "fattr->log_wq_depth 16 is more than 15");                                   \
		wa = good_wq;                                                                                          \
		wa.wq_ring_qmem.memtype = (enum flexio_memtype) - 1;                                                   \
		EXPECT_ERR(call, F, func,                                                                              \
			   "fattr->wq_ring_qmem.memtype -1 is not FLEXIO_MEMTYPE_DPA or FLEXIO_MEMTYPE_HOST");         \
		wa = good_wq;                                                                                          \
		wa.wq_dbr_qmem.memtype = (enum flexio_memtype)2;                                                       \
		EXPECT_ERR(call, F, func,                                                                              \
			   "fattr->wq_dbr_qmem.memtype 2 is not FLEXIO_MEMTYPE_DPA or FLEXIO_MEMTYPE_HOST");           \
		wa = good_wq;                                                                                          \
		for (size_t i = 0; is_rq && i < sizeof(bad_strides) / sizeof(bad_strides[0]); i++) {                   \
			wa.log_wq_stride = bad_strides[i];                                                             \
			EXPECT_ERR(call, F, func, "fattr->log_wq_stride %u is not 0 (the default, 4) or 4..10",        \
				   bad_strides[i]);                                                                    \
		}                                                                                                      \
		wa = good_wq;                                                                                          \
		wa.rq.wq_type = (enum flexio_wq_type)2;                                                                \
		if (is_rq)                                                                                             \
			EXPECT_ERR(call, F, func, "fattr->rq.wq_type 2 is not FLEXIO_WQ_TYPE_LINKED_LIST or _CYCLIC"); \
		wa = good_wq;                                                                                          \
		wa.rq.end_pad_mode = (enum flexio_wq_end_pad_mode)2;                                                   \
		if (is_rq)                                                                                             \
			EXPECT_ERR(call, F, func, "fattr->rq.end_pad_mode 2 is not FLEXIO_WQ_END_PAD_NONE or _ALIGN"); \
		wa = good_wq;                                                                                          \
	} while (0)

/* What is not a live protection domain of mlx5_sim0 for call (using wa), the last one mlx5_sim1's. */
#define WQ_PD_CASES(call, func, what)                                                                                 \
	do {                                                                                                          \
		struct ibv_pd *pds_[5] = { NULL, dead_pd(), (struct ibv_pd *)bi_never_a_handle, (struct ibv_pd *)ctx, \
					   fx.pd1 };                                                                  \
		for (int i = 0; i < 5; i++) {                                                                         \
			wa.pd = pds_[i];                                                                              \
			EXPECT_ERR(call, F, func, what " %p is not a live protection domain of %s", (void *)pds_[i],  \
				   ibv_get_device_name(ctx->device));                                                 \
		}                                                                                                     \
		wa = good_wq;                                                                                         \
	} while (0)

static const uint8_t bad_strides[] = { 1, 3, 11, 255 };
static struct flexio_wq_attr good_wq;

static void sq_create(void **state)
{
	struct flexio_wq_attr wa, *wa_p = &wa;
	flexio_sq *x = NULL, **x_p = &x;
	void *tises[4] = { bi_never_a_handle, fx.q, fx.p, NULL };
	BOGUS_CONTEXTS(bogus);

	(void)state;
	good_wq = (struct flexio_wq_attr){ .log_wq_depth = 2, .pd = fx.pd };
	wa = good_wq;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_sq_create(h, NULL, 0, &wa, &x), F, "flexio_sq_create");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_sq_create_cross_dev(h, fx.ctx1, 0, &wa, &x), F,
			   "flexio_sq_create_cross_dev");
	WQ_ATTR_CASES(flexio_sq_create(fx.p, NULL, 0, wa_p, x_p), "flexio_sq_create", "flexio_sq_ptr", false);
	WQ_ATTR_CASES(flexio_sq_create_cross_dev(fx.p, fx.ctx1, 0, wa_p, x_p), "flexio_sq_create_cross_dev",
		      "flexio_sq_ptr", false);
	WQ_PD_CASES(flexio_sq_create(fx.p, NULL, 0, &wa, &x), "flexio_sq_create", "fattr->pd");
	wa.log_wq_stride = 255; /* SQs take 64-byte WQEBBs whatever it says: the PD is what is wrong */
	wa.pd = NULL;
	EXPECT_ERR(flexio_sq_create(fx.p, NULL, 0, &wa, &x), F, "flexio_sq_create",
		   "fattr->pd %p is not a live protection domain of %s", (void *)NULL,
		   ibv_get_device_name(ctx->device));
	wa = good_wq;
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_sq_create(fx.p, bogus[i], 0, &wa, &x), F, "flexio_sq_create",
			   "ibv_ctx %p is not an open device of the sim provider", (void *)bogus[i]);
	tises[3] = fx.eh;
	for (int i = 0; i < 4; i++) {
		wa.sq.tis = tises[i];
		EXPECT_ERR(flexio_sq_create(fx.p, NULL, 0, &wa, &x), F, "flexio_sq_create",
			   "fattr->sq.tis %p is not a live TIS", tises[i]);
	}
	{
		void *bad[BI_MAX_HANDLES + 2];
		size_t n = bi_bad_handles("TIS", false, bad); /* NULL is valid: a TIS is made */
		flexio_transport_domain *td1;
		flexio_sq_tis *tis1;

		for (size_t i = 0; i < n; i++) {
			wa.sq.tis = bad[i];
			EXPECT_ERR(flexio_sq_create(fx.p, NULL, 0, &wa, &x), F, "flexio_sq_create",
				   "fattr->sq.tis %p is not a live TIS", bad[i]);
		}
		MUST(flexio_transport_domain_create(fx.ctx1, &td1));
		MUST(flexio_sq_tis_create(fx.ctx1, td1, &tis1));
		wa.sq.tis = tis1;
		EXPECT_ERR(flexio_sq_create(fx.p, NULL, 0, &wa, &x), F, "flexio_sq_create",
			   "fattr->sq.tis %p is a TIS of %s, not of the queue's device %s", (void *)tis1,
			   ibv_get_device_name(fx.ctx1->device), ibv_get_device_name(ctx->device));
		MUST(flexio_sq_tis_destroy(tis1));
		MUST(flexio_transport_domain_destroy(td1));
	}
	wa = good_wq;

	/* Cross-device: another device's context given, and a PD of it. */
	EXPECT_ERR(flexio_sq_create_cross_dev(fx.p, NULL, 0, &wa, &x), F, "flexio_sq_create_cross_dev",
		   "ibv_ctx is NULL: a cross-device queue needs another device's");
	EXPECT_ERR(flexio_sq_create_cross_dev(fx.p, ctx, 0, &wa, &x), F, "flexio_sq_create_cross_dev",
		   "ibv_ctx %p is a context of process \"" PROCESS "\"'s own device (%s): a cross-device queue needs "
		   "another device",
		   (void *)ctx, ibv_get_device_name(ctx->device));
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_sq_create_cross_dev(fx.p, bogus[i], 0, &wa, &x), F, "flexio_sq_create_cross_dev",
			   "ibv_ctx %p is not an open device of the sim provider", (void *)bogus[i]);
	EXPECT_ERR(flexio_sq_create_cross_dev(fx.p, fx.ctx1, 0, &wa, &x), F, "flexio_sq_create_cross_dev",
		   "fattr->pd %p is not a live protection domain of %s", (void *)fx.pd,
		   ibv_get_device_name(fx.ctx1->device));
	assert_null(x);
}

static void rq_create(void **state)
{
	struct flexio_wq_attr wa, *wa_p = &wa;
	flexio_rq *x = NULL, **x_p = &x;
	void *tds[4] = { bi_never_a_handle, fx.q, fx.p, fx.eh };
	BOGUS_CONTEXTS(bogus);

	(void)state;
	good_wq = (struct flexio_wq_attr){ .log_wq_depth = 2, .pd = fx.pd, .rq = { .wq_type = FLEXIO_WQ_TYPE_CYCLIC } };
	wa = good_wq;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_rq_create(h, NULL, 0, &wa, &x), F, "flexio_rq_create");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_rq_create_cross_dev(h, fx.ctx1, 0, &wa, &x), F,
			   "flexio_rq_create_cross_dev");
	WQ_ATTR_CASES(flexio_rq_create(fx.p, NULL, 0, wa_p, x_p), "flexio_rq_create", "flexio_rq_ptr", true);
	WQ_ATTR_CASES(flexio_rq_create_cross_dev(fx.p, fx.ctx1, 0, wa_p, x_p), "flexio_rq_create_cross_dev",
		      "flexio_rq_ptr", true);
	WQ_PD_CASES(flexio_rq_create(fx.p, NULL, 0, &wa, &x), "flexio_rq_create", "fattr->pd");
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_rq_create(fx.p, bogus[i], 0, &wa, &x), F, "flexio_rq_create",
			   "ibv_ctx %p is not an open device of the sim provider", (void *)bogus[i]);
	for (int i = 0; i < 4; i++) {
		wa.rq.td = tds[i];
		EXPECT_ERR(flexio_rq_create(fx.p, NULL, 0, &wa, &x), F, "flexio_rq_create",
			   "fattr->rq.td %p is not a live transport domain", tds[i]);
	}
	{
		void *bad[BI_MAX_HANDLES + 2];
		size_t n = bi_bad_handles("transport domain", false, bad); /* NULL is valid: one is made */
		flexio_transport_domain *td1;

		for (size_t i = 0; i < n; i++) {
			wa.rq.td = bad[i];
			EXPECT_ERR(flexio_rq_create(fx.p, NULL, 0, &wa, &x), F, "flexio_rq_create",
				   "fattr->rq.td %p is not a live transport domain", bad[i]);
		}
		MUST(flexio_transport_domain_create(fx.ctx1, &td1));
		wa.rq.td = td1;
		EXPECT_ERR(flexio_rq_create(fx.p, NULL, 0, &wa, &x), F, "flexio_rq_create",
			   "fattr->rq.td %p is a transport domain of %s, not of the queue's device %s", (void *)td1,
			   ibv_get_device_name(fx.ctx1->device), ibv_get_device_name(ctx->device));
		MUST(flexio_transport_domain_destroy(td1));
	}
	wa = good_wq;
	EXPECT_ERR(flexio_rq_create_cross_dev(fx.p, NULL, 0, &wa, &x), F, "flexio_rq_create_cross_dev",
		   "ibv_ctx is NULL: a cross-device queue needs another device's");
	EXPECT_ERR(flexio_rq_create_cross_dev(fx.p, ctx, 0, &wa, &x), F, "flexio_rq_create_cross_dev",
		   "ibv_ctx %p is a context of process \"" PROCESS "\"'s own device (%s): a cross-device queue needs "
		   "another device",
		   (void *)ctx, ibv_get_device_name(ctx->device));
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_rq_create_cross_dev(fx.p, bogus[i], 0, &wa, &x), F, "flexio_rq_create_cross_dev",
			   "ibv_ctx %p is not an open device of the sim provider", (void *)bogus[i]);
	EXPECT_ERR(flexio_rq_create_cross_dev(fx.p, fx.ctx1, 0, &wa, &x), F, "flexio_rq_create_cross_dev",
		   "fattr->pd %p is not a live protection domain of %s", (void *)fx.pd,
		   ibv_get_device_name(fx.ctx1->device));
	assert_null(x);
}

static void rmp_create(void **state)
{
	struct flexio_wq_attr wa, *wa_p = &wa;
	flexio_rmp *x = NULL, **x_p = &x;
	BOGUS_CONTEXTS(bogus);

	(void)state;
	good_wq = (struct flexio_wq_attr){ .log_wq_depth = 2, .pd = fx.pd, .rq = { .wq_type = FLEXIO_WQ_TYPE_CYCLIC } };
	wa = good_wq;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_rmp_create(h, NULL, &wa, &x), F, "flexio_rmp_create");
	WQ_ATTR_CASES(flexio_rmp_create(fx.p, NULL, wa_p, x_p), "flexio_rmp_create", "flexio_rmp_ptr", true);
	/* A linked-list WQE needs room for its next segment and a data segment. */
	wa.rq.wq_type = FLEXIO_WQ_TYPE_LINKED_LIST;
	for (unsigned stride = 0; stride <= 4; stride += 4) {
		wa.log_wq_stride = (uint8_t)stride;
		EXPECT_ERR(flexio_rmp_create(fx.p, NULL, &wa, &x), F, "flexio_rmp_create",
			   "fattr->log_wq_stride %u: a linked-list WQE needs at least 5 (its next segment and a data "
			   "segment)",
			   stride);
	}
	wa = good_wq;
	WQ_PD_CASES(flexio_rmp_create(fx.p, NULL, &wa, &x), "flexio_rmp_create", "fattr->pd");
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_rmp_create(fx.p, bogus[i], &wa, &x), F, "flexio_rmp_create",
			   "ibv_ctx %p is not an open device of the sim provider", (void *)bogus[i]);
	assert_null(x);
}

static void wq_handles(void **state)
{
	(void)state;
	EXPECT_BAD_HANDLES(flexio_sq, "SQ", flexio_sq_destroy(h), F, "flexio_sq_destroy");
	EXPECT_BAD_HANDLES(flexio_sq, "SQ", flexio_sq_get_wq_num(h), UINT32_MAX, "flexio_sq_get_wq_num");
	EXPECT_BAD_HANDLES(flexio_rq, "RQ", flexio_rq_destroy(h), F, "flexio_rq_destroy");
	EXPECT_BAD_HANDLES(flexio_rq, "RQ", flexio_rq_set_err_state(h), F, "flexio_rq_set_err_state");
	EXPECT_BAD_HANDLES(flexio_rq, "RQ", flexio_rq_get_wq_num(h), UINT32_MAX, "flexio_rq_get_wq_num");
	EXPECT_BAD_HANDLES(flexio_rq, "RQ", flexio_rq_get_object(h), NULL, "flexio_rq_get_object");
	EXPECT_BAD_HANDLES(flexio_rq, "RQ", flexio_rq_get_tir(h), NULL, "flexio_rq_get_tir");
	EXPECT_BAD_HANDLES(flexio_rmp, "RMP", flexio_rmp_destroy(h), F, "flexio_rmp_destroy");
	EXPECT_BAD_HANDLES(flexio_rmp, "RMP", flexio_rmp_get_wq_num(h), UINT32_MAX, "flexio_rmp_get_wq_num");
	/* In use by the fixture's QP: not destroyed, still live. */
	EXPECT_ERR(flexio_rmp_destroy(fx.qs->rmp), F, "flexio_rmp_destroy", "RMP 0x%x is in use: QPs receive from it",
		   flexio_rmp_get_wq_num(fx.qs->rmp));
	EXPECT_SILENT(flexio_rmp_get_wq_num(fx.qs->rmp) != UINT32_MAX, true);
}

static const struct flexio_qp_attr good_qp = { .transport_type = FLEXIO_QPC_ST_RC,
					       .log_sq_depth = 2,
					       .log_rq_depth = 2,
					       .qp_access_mask = IBV_ACCESS_REMOTE_WRITE };

static void qp_create(void **state)
{
	static const int depths[] = { -1, 16, INT32_MAX, INT32_MIN };
	struct flexio_qp_attr qa = good_qp;
	flexio_qp *x = NULL;
	BOGUS_CONTEXTS(bogus);

	(void)state;
	qa.pd = fx.pd;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_qp_create(h, NULL, &qa, &x), F, "flexio_qp_create");
	EXPECT_ERR(flexio_qp_create(fx.p, NULL, NULL, &x), F, "flexio_qp_create", "qp_fattr is NULL");
	EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, NULL), F, "flexio_qp_create", "qp_ptr is NULL");
	EXPECT_ERR(flexio_qp_create(fx.p, NULL, NULL, NULL), F, "flexio_qp_create", "qp_fattr is NULL");
	for (uint32_t t = FLEXIO_QPC_ST_UC; t <= FLEXIO_QPC_ST_DC_CNAK; t++) {
		qa.transport_type = t;
		EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, &x), F, "flexio_qp_create",
			   "qp_fattr->transport_type %u is not FLEXIO_QPC_ST_RC (the only transport of QPs)", t);
	}
	qa.transport_type = FLEXIO_QPC_ST_RC;
	qa.rq_type = 2;
	EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, &x), F, "flexio_qp_create",
		   "qp_fattr->rq_type 2 is not FLEXIO_QP_QPC_RQ_TYPE_REGULAR, _SRQ_RMP_XRC_SRQ_XRQ or _ZERO_SIZE_RQ");
	qa.rq_type = FLEXIO_QP_QPC_RQ_TYPE_REGULAR;
	for (size_t i = 0; i < sizeof(depths) / sizeof(depths[0]); i++) {
		qa.log_sq_depth = depths[i];
		EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, &x), F, "flexio_qp_create",
			   "qp_fattr->log_sq_depth %d is not 0..15", depths[i]);
		qa.log_sq_depth = 2;
		qa.log_rq_depth = depths[i];
		EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, &x), F, "flexio_qp_create",
			   "qp_fattr->log_rq_depth %d is not 0..15", depths[i]);
		qa.log_rq_depth = 2;
	}
	qa.qp_access_mask = IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_MW_BIND;
	EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, &x), F, "flexio_qp_create",
		   "qp_fattr->qp_access_mask 0x%x has flags other than IBV_ACCESS_LOCAL_WRITE, _REMOTE_WRITE, "
		   "_REMOTE_READ and _REMOTE_ATOMIC",
		   (unsigned)(IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_MW_BIND));
	qa.qp_access_mask = IBV_ACCESS_REMOTE_WRITE;
	qa.qp_wq_buff_qmem.memtype = (enum flexio_memtype)2;
	EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, &x), F, "flexio_qp_create",
		   "qp_fattr->qp_wq_buff_qmem.memtype 2 is not FLEXIO_MEMTYPE_DPA or FLEXIO_MEMTYPE_HOST");
	qa.qp_wq_buff_qmem.memtype = FLEXIO_MEMTYPE_DPA;
	qa.qp_wq_dbr_qmem.memtype = (enum flexio_memtype) - 1;
	EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, &x), F, "flexio_qp_create",
		   "qp_fattr->qp_wq_dbr_qmem.memtype -1 is not FLEXIO_MEMTYPE_DPA or FLEXIO_MEMTYPE_HOST");
	qa.qp_wq_dbr_qmem.memtype = FLEXIO_MEMTYPE_DPA;
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_qp_create(fx.p, bogus[i], &qa, &x), F, "flexio_qp_create",
			   "ibv_ctx %p is not an open device of the sim provider", (void *)bogus[i]);
	{
		struct ibv_pd *pds[5] = { NULL, dead_pd(), (struct ibv_pd *)bi_never_a_handle, (struct ibv_pd *)ctx,
					  fx.pd1 };

		for (int i = 0; i < 5; i++) {
			qa.pd = pds[i];
			EXPECT_ERR(flexio_qp_create(fx.p, NULL, &qa, &x), F, "flexio_qp_create",
				   "qp_fattr->pd %p is not a live protection domain of %s", (void *)pds[i],
				   ibv_get_device_name(ctx->device));
		}
	}
	assert_null(x);
}

static void qp_handles(void **state)
{
	struct flexio_qp_attr qa = { .next_state = FLEXIO_QP_STATE_INIT };

	(void)state;
	EXPECT_BAD_HANDLES(flexio_qp, "QP", flexio_qp_modify(h, &qa, NULL), F, "flexio_qp_modify");
	EXPECT_BAD_HANDLES(flexio_qp, "QP", flexio_qp_destroy(h), F, "flexio_qp_destroy");
	EXPECT_BAD_HANDLES(flexio_qp, "QP", flexio_qp_get_qp_num(h), UINT32_MAX, "flexio_qp_get_qp_num");
	EXPECT_BAD_HANDLES(flexio_qp, "QP", flexio_qp_state_get(h), FLEXIO_QP_STATE_ERR, "flexio_qp_state_get");
	EXPECT_ERR(flexio_qp_modify(fx.qs->qp, NULL, NULL), F, "flexio_qp_modify", "fattr is NULL");
	for (int i = 0; i < 3; i++) {
		static const int states[] = { 5, 7, -1 };

		qa.next_state = (enum flexio_qp_state)states[i];
		EXPECT_ERR(flexio_qp_modify(fx.qs->qp, &qa, NULL), F, "flexio_qp_modify",
			   "fattr->next_state %d is not a QP state (FLEXIO_QP_STATE_RST, _INIT, _RTR, _RTS, SQD 4 or "
			   "FLEXIO_QP_STATE_ERR)",
			   states[i]);
	}
	EXPECT_SILENT(flexio_qp_state_get(fx.qs->qp), FLEXIO_QP_STATE_RST); /* unchanged */
}

static void transport_objects(void **state)
{
	flexio_transport_domain *td = NULL;
	flexio_sq_tis *tis = NULL;
	BOGUS_CONTEXTS(bogus);

	(void)state;
	EXPECT_ERR(flexio_transport_domain_create(NULL, &td), F, "flexio_transport_domain_create", "ibv_ctx is NULL");
	EXPECT_ERR(flexio_transport_domain_create(ctx, NULL), F, "flexio_transport_domain_create", "td is NULL");
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_transport_domain_create(bogus[i], &td), F, "flexio_transport_domain_create",
			   "ibv_ctx %p is not an open device context this library can drive (only the simulated "
			   "mlx5_sim devices)",
			   (void *)bogus[i]);
	EXPECT_BAD_HANDLES(flexio_transport_domain, "transport domain", flexio_transport_domain_destroy(h), F,
			   "flexio_transport_domain_destroy");
	EXPECT_BAD_HANDLES(flexio_transport_domain, "transport domain", flexio_sq_tis_create(ctx, h, &tis), F,
			   "flexio_sq_tis_create");
	EXPECT_ERR(flexio_sq_tis_create(NULL, NULL, &tis), F, "flexio_sq_tis_create", "ibv_ctx is NULL");
	EXPECT_ERR(flexio_sq_tis_create(ctx, NULL, NULL), F, "flexio_sq_tis_create", "tis is NULL");
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_sq_tis_create(bogus[i], NULL, &tis), F, "flexio_sq_tis_create",
			   "ibv_ctx %p is not an open device context this library can drive (only the simulated "
			   "mlx5_sim devices)",
			   (void *)bogus[i]);
	EXPECT_BAD_HANDLES(flexio_sq_tis, "TIS", flexio_sq_tis_destroy(h), F, "flexio_sq_tis_destroy");
	EXPECT_ERR(flexio_sq_tis_create(fx.ctx1, fx.td, &tis), F, "flexio_sq_tis_create",
		   "transport domain %p is of %s, not of ibv_ctx's device %s", (void *)fx.td,
		   ibv_get_device_name(ctx->device), ibv_get_device_name(fx.ctx1->device));
	/* In use by the fixture's TIS: not destroyed, still live. */
	EXPECT_ERR(flexio_transport_domain_destroy(fx.td), F, "flexio_transport_domain_destroy",
		   "transport domain %p is in use: TISs or TIRs use it", (void *)fx.td);
	EXPECT_ERR(flexio_sq_tis_destroy(fx.tis), F, "flexio_sq_tis_destroy", "TIS %p is in use: SQs send through it",
		   (void *)fx.tis);
	EXPECT_SILENT(flexio_sq_tis_create(ctx, fx.td, &tis), OK);
	EXPECT_SILENT(flexio_sq_tis_destroy(tis), OK);
	tis = NULL;
	assert_null(td);
	assert_null(tis);
}

/* ---- UARs, outboxes, windows, memory keys ------------------------------------------------------ */

static void uars(void **state)
{
	struct ibv_context *bogus[3] = { NULL, (struct ibv_context *)bi_never_a_handle, (struct ibv_context *)fx.p };
	flexio_uar *x = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_uar_create(h, &x), F, "flexio_uar_create");
	EXPECT_ERR(flexio_uar_create(fx.p, NULL), F, "flexio_uar_create", "flexio_uar is NULL");

	EXPECT_BAD_HANDLES(flexio_uar, "UAR", flexio_uar_destroy(h), F, "flexio_uar_destroy");
	EXPECT_ERR(flexio_uar_destroy(fx.pu), F, "flexio_uar_destroy",
		   "%p is process \"" PROCESS "\"'s own UAR: it is destroyed with the process", (void *)fx.pu);

	EXPECT_BAD_HANDLES(flexio_uar, "UAR", flexio_uar_extend(h, ctx, &x), F, "flexio_uar_extend");
	EXPECT_ERR(flexio_uar_extend(fx.u, ctx, NULL), F, "flexio_uar_extend", "extended is NULL");
	EXPECT_ERR(flexio_uar_extend(fx.u, NULL, &x), F, "flexio_uar_extend", "to_extend is NULL");
	EXPECT_ERR(flexio_uar_extend(fx.u, NULL, NULL), F, "flexio_uar_extend", "extended is NULL");
	EXPECT_ERR(flexio_uar_extend(fx.ext, ctx, &x), F, "flexio_uar_extend",
		   "UAR %u is an extended UAR already: extend the UAR it came from", flexio_uar_get_id(fx.ext));
	bogus[0] = closed_context();
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_uar_extend(fx.u, bogus[i], &x), F, "flexio_uar_extend",
			   "to_extend %p is not an open device of the sim provider (process \"" PROCESS "\")",
			   (void *)bogus[i]);

	EXPECT_BAD_HANDLES(flexio_uar, "UAR", flexio_uar_get_extended_id(h), UINT32_MAX, "flexio_uar_get_extended_id");
	EXPECT_ERR(flexio_uar_get_extended_id(fx.u), UINT32_MAX, "flexio_uar_get_extended_id",
		   "UAR %u is not an extended UAR (see flexio_uar_extend)", flexio_uar_get_id(fx.u));
	EXPECT_ERR(flexio_uar_get_extended_id(fx.pu), UINT32_MAX, "flexio_uar_get_extended_id",
		   "UAR %u is not an extended UAR (see flexio_uar_extend)", flexio_uar_get_id(fx.pu));
	EXPECT_BAD_HANDLES(flexio_uar, "UAR", flexio_uar_get_id(h), UINT32_MAX, "flexio_uar_get_id");
	assert_null(x);
}

static void outboxes(void **state)
{
	struct flexio_outbox_attr oa = { 0 };
	flexio_outbox *x = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_outbox_create(h, &oa, &x), F, "flexio_outbox_create");
	EXPECT_ERR(flexio_outbox_create(fx.p, NULL, &x), F, "flexio_outbox_create", "fattr is NULL");
	EXPECT_ERR(flexio_outbox_create(fx.p, &oa, NULL), F, "flexio_outbox_create", "outbox is NULL");
	EXPECT_ERR(flexio_outbox_create(fx.p, NULL, NULL), F, "flexio_outbox_create", "fattr is NULL");
	EXPECT_BAD_HANDLES(flexio_outbox, "outbox", flexio_outbox_destroy(h), F, "flexio_outbox_destroy");
	EXPECT_BAD_HANDLES(flexio_outbox, "outbox", flexio_outbox_get_id(h), UINT32_MAX, "flexio_outbox_get_id");
	EXPECT_BAD_HANDLES(flexio_outbox, "outbox", flexio_outbox_get_uar(h), NULL, "flexio_outbox_get_uar");
	assert_null(x);
}

static void windows(void **state)
{
	struct ibv_pd *pds[4] = { NULL, (struct ibv_pd *)bi_never_a_handle, (struct ibv_pd *)fx.w,
				  (struct ibv_pd *)ctx };
	const char *dev = ibv_get_device_name(ctx->device);
	flexio_window *x = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_window_create(h, fx.pd, &x), F, "flexio_window_create");
	EXPECT_ERR(flexio_window_create(fx.p, NULL, &x), F, "flexio_window_create", "pd is NULL");
	EXPECT_ERR(flexio_window_create(fx.p, fx.pd, NULL), F, "flexio_window_create", "window is NULL");
	EXPECT_ERR(flexio_window_create(fx.p, NULL, NULL), F, "flexio_window_create", "pd is NULL");
	pds[0] = dead_pd();
	for (int i = 0; i < 4; i++)
		EXPECT_ERR(flexio_window_create(fx.p, pds[i], &x), F, "flexio_window_create",
			   "pd %p is not a live protection domain of process \"" PROCESS "\"'s device (%s)",
			   (void *)pds[i], dev);
	EXPECT_BAD_HANDLES(flexio_window, "window", flexio_window_destroy(h), F, "flexio_window_destroy");
	EXPECT_BAD_HANDLES(flexio_window, "window", flexio_window_get_id(h), UINT32_MAX, "flexio_window_get_id");
	assert_null(x);
}

static void mkeys(void **state)
{
	struct flexio_mkey_attr ma = {
		.pd = fx.pd, .daddr = fx.buf, .len = BUF_SIZE, .access = IBV_ACCESS_LOCAL_WRITE
	};
	struct ibv_pd *pds[5] = { NULL, NULL, (struct ibv_pd *)bi_never_a_handle, (struct ibv_pd *)fx.w,
				  (struct ibv_pd *)ctx };
	flexio_mkey *x = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_device_mkey_create(h, &ma, &x), F,
			   "flexio_device_mkey_create");
	EXPECT_ERR(flexio_device_mkey_create(fx.p, NULL, &x), F, "flexio_device_mkey_create", "fattr is NULL");
	EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, NULL), F, "flexio_device_mkey_create", "mkey is NULL");
	EXPECT_ERR(flexio_device_mkey_create(fx.p, NULL, NULL), F, "flexio_device_mkey_create", "fattr is NULL");
	ma.access = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_MW_BIND;
	EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, &x), F, "flexio_device_mkey_create",
		   "fattr->access 0x%x has flags other than IBV_ACCESS_LOCAL_WRITE, _REMOTE_WRITE, _REMOTE_READ and "
		   "_REMOTE_ATOMIC",
		   (unsigned)(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_MW_BIND));
	ma.access = -1;
	EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, &x), F, "flexio_device_mkey_create",
		   "fattr->access 0xffffffff has flags other than IBV_ACCESS_LOCAL_WRITE, _REMOTE_WRITE, _REMOTE_READ "
		   "and _REMOTE_ATOMIC");
	ma.access = IBV_ACCESS_LOCAL_WRITE;
	ma.len = 0;
	EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, &x), F, "flexio_device_mkey_create", "fattr->len is 0");
	ma.len = BUF_SIZE + 1;
	EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, &x), F, "flexio_device_mkey_create",
		   HEAP_RANGE(fx.buf, BUF_SIZE + 1));
	ma.len = 8;
	ma.daddr = fx.buf + BUF_SIZE;
	EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, &x), F, "flexio_device_mkey_create",
		   HEAP_RANGE(fx.buf + BUF_SIZE, 8));
	ma.daddr = 0;
	EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, &x), F, "flexio_device_mkey_create", HEAP_RANGE(0, 8));
	ma.daddr = fx.buf;
	ma.len = SIZE_MAX;
	EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, &x), F, "flexio_device_mkey_create",
		   HEAP_RANGE(fx.buf, SIZE_MAX));
	ma.len = BUF_SIZE;
	ma.daddr = fx.buf;
	pds[1] = dead_pd();
	for (int i = 0; i < 5; i++) {
		ma.pd = pds[i];
		EXPECT_ERR(flexio_device_mkey_create(fx.p, &ma, &x), F, "flexio_device_mkey_create",
			   "fattr->pd %p is not a live protection domain of process \"" PROCESS "\"'s device",
			   (void *)pds[i]);
	}
	assert_null(x);
	EXPECT_SILENT(flexio_device_mkey_destroy(NULL), OK); /* NULL is valid */
	EXPECT_BAD_NONNULL_HANDLES(flexio_mkey, "memory key", flexio_device_mkey_destroy(h), F,
				   "flexio_device_mkey_destroy");
	EXPECT_BAD_HANDLES(flexio_mkey, "memory key", flexio_mkey_get_id(h), UINT32_MAX, "flexio_mkey_get_id");
}

/* ---- message streams ----------------------------------------------------------------------------- */

/* The cases every stream-creating call shares, on attr and out (default: a valid stream). */
#define STREAM_ATTR_CASES(call, func)                                                                                 \
	do {                                                                                                          \
		static const size_t sizes[] = { 0, 1024, 2047, 3000, 4097 };                                          \
		static const int levels[] = { UINT8_MAX,                                                              \
					      /* flexio_msg_dev_level is a uint8_t */ FLEXIO_MSG_DEV_ALWAYS_PRINT,    \
					      FLEXIO_MSG_DEV_DEBUG + 1 };                                             \
		static const int modes[] = { FLEXIO_LOG_DEV_SYNC_MODE_TRACER, 4, -1 };                                \
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {                                       \
			sa = stream_attr;                                                                             \
			sa.data_bsize = sizes[i];                                                                     \
			EXPECT_ERR(call, F, func, "data_bsize %zu is not a power of two of at least 2048", sizes[i]); \
		}                                                                                                     \
		for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {                                     \
			sa = stream_attr;                                                                             \
			sa.level = (flexio_msg_dev_level)levels[i];                                                   \
			EXPECT_ERR(call, F, func, "level %d is not NO_PRINT or ERROR..DEBUG", levels[i]);             \
		}                                                                                                     \
		for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {                                       \
			sa = stream_attr;                                                                             \
			sa.sync_mode = (flexio_msg_dev_sync_mode)modes[i];                                            \
			EXPECT_ERR(call, F, func,                                                                     \
				   "sync_mode %d: only SYNC, ASYNC and BATCH (tracer mode needs a device "            \
				   "tracer API the FlexIO manuals do not define)",                                    \
				   modes[i]);                                                                         \
		}                                                                                                     \
		sa = stream_attr;                                                                                     \
		sa.stream_name = long_name;                                                                           \
		EXPECT_ERR(call, F, func, "stream_name is longer than FLEXIO_MAX_NAME_LEN");                          \
		sa = stream_attr;                                                                                     \
	} while (0)

static void msg_stream_create(void **state)
{
	flexio_msg_stream_attr_t sa = stream_attr;
	flexio_msg_stream *x = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_msg_stream_create(h, &sa, fx.out, NULL, &x), F,
			   "flexio_msg_stream_create");
	EXPECT_ERR(flexio_msg_stream_create(fx.p, &sa, fx.out, NULL, NULL), F, "flexio_msg_stream_create",
		   "stream is NULL");
	EXPECT_ERR(flexio_msg_stream_create(fx.p, NULL, fx.out, NULL, &x), F, "flexio_msg_stream_create",
		   "stream_fattr is NULL");
	EXPECT_ERR(flexio_msg_stream_create(fx.p, &sa, NULL, NULL, &x), F, "flexio_msg_stream_create", "out is NULL");
	STREAM_ATTR_CASES(flexio_msg_stream_create(fx.p, &sa, fx.out, NULL, &x), "flexio_msg_stream_create");
	assert_null(x);
	/* ppthread and stream_name may be NULL (and are, here). */
	EXPECT_SILENT(flexio_msg_stream_create(fx.p, &sa, fx.out, NULL, &x), OK);
	MUST(flexio_msg_stream_destroy(x));
}

/* Stream ids run out at MAX_STREAMS per process. */
static void msg_stream_ids(void **state)
{
	flexio_msg_stream_attr_t sa = stream_attr;
	flexio_process *p = new_process("bad_input_streams");
	flexio_msg_stream *x = NULL;

	(void)state;
	for (int i = 0; i < MAX_STREAMS; i++)
		MUST(flexio_msg_stream_create(p, &sa, fx.out, NULL, &x));
	x = NULL;
	EXPECT_ERR(flexio_msg_stream_create(p, &sa, fx.out, NULL, &x), F, "flexio_msg_stream_create",
		   "the process has %d streams already", MAX_STREAMS);
	assert_null(x);
	MUST(flexio_process_destroy(p));
}

static void msg_stream_handles(void **state)
{
	const int levels[] = { UINT8_MAX, /* flexio_msg_dev_level is a uint8_t */ FLEXIO_MSG_DEV_ALWAYS_PRINT,
			       FLEXIO_MSG_DEV_DEBUG + 1 };

	(void)state;
	EXPECT_BAD_HANDLES(flexio_msg_stream, "message stream", flexio_msg_stream_destroy(h), F,
			   "flexio_msg_stream_destroy");
	EXPECT_BAD_HANDLES(flexio_msg_stream, "message stream", flexio_msg_stream_flush(h), F,
			   "flexio_msg_stream_flush");
	EXPECT_BAD_HANDLES(flexio_msg_stream, "message stream", flexio_msg_stream_get_id(h), -1,
			   "flexio_msg_stream_get_id");
	EXPECT_BAD_HANDLES(flexio_msg_stream, "message stream", flexio_msg_stream_level_set(h, FLEXIO_MSG_DEV_INFO), F,
			   "flexio_msg_stream_level_set");
	EXPECT_ERR(flexio_msg_stream_level_set(fx.ds, FLEXIO_MSG_DEV_INFO), F, "flexio_msg_stream_level_set",
		   "the default stream's level cannot be altered");
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
		EXPECT_ERR(flexio_msg_stream_level_set(fx.s, (flexio_msg_dev_level)levels[i]), F,
			   "flexio_msg_stream_level_set", "level %d is not NO_PRINT or ERROR..DEBUG", levels[i]);
}

static void log_dev(void **state)
{
	flexio_msg_stream_attr_t sa = stream_attr;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_log_dev_init(h, &sa, fx.out, NULL), F,
			   "flexio_log_dev_init");
	EXPECT_ERR(flexio_log_dev_init(fx.bare, NULL, fx.out, NULL), F, "flexio_log_dev_init", "stream_fattr is NULL");
	EXPECT_ERR(flexio_log_dev_init(fx.bare, &sa, NULL, NULL), F, "flexio_log_dev_init", "out is NULL");
	STREAM_ATTR_CASES(flexio_log_dev_init(fx.bare, &sa, fx.out, NULL), "flexio_log_dev_init");
	EXPECT_ERR(flexio_log_dev_init(fx.p, &sa, fx.out, NULL), F, "flexio_log_dev_init",
		   "the process already has its default stream");
	EXPECT_SILENT(flexio_log_dev_init(fx.bare, &sa, fx.out, NULL), OK); /* ppthread may be NULL */
	EXPECT_SILENT(flexio_log_dev_destroy(fx.bare), OK);

	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_log_dev_flush(h), F, "flexio_log_dev_flush");
	EXPECT_ERR(flexio_log_dev_flush(fx.bare), F, "flexio_log_dev_flush",
		   "process \"" BARE "\" has no default message stream");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_log_dev_destroy(h), F, "flexio_log_dev_destroy");
	EXPECT_ERR(flexio_log_dev_destroy(fx.bare), F, "flexio_log_dev_destroy",
		   "process \"" BARE "\" has no default message stream");
}

/* ---- errors and dumps ---------------------------------------------------------------------------- */

static void errors(void **state)
{
	uint32_t id = flexio_process_get_dumem_id(fx.p);
	struct flexio_process_fault fault;
	uint16_t gdb_port = 0;
	struct flexio_memcheck_info memcheck;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_err_handler_fd(h), -1, "flexio_err_handler_fd");
	EXPECT_SILENT(flexio_err_status_get(NULL), 0); /* NULL is valid */
	EXPECT_BAD_NONNULL_HANDLES(flexio_process, "process", flexio_err_status_get(h), 0, "flexio_err_status_get");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_fault_get(h, &fault), F,
			   "flexio_process_fault_get");
	EXPECT_ERR(flexio_process_fault_get(fx.p, NULL), F, "flexio_process_fault_get", "fault is NULL");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_memcheck_set(h, 1), F,
			   "flexio_process_memcheck_set");
	EXPECT_ERR(flexio_process_memcheck_set(fx.p, 2), F, "flexio_process_memcheck_set",
		   "enable is 2 (give 1 for on, 0 for off)");
	EXPECT_ERR(flexio_process_memcheck_set(fx.p, -1), F, "flexio_process_memcheck_set",
		   "enable is -1 (give 1 for on, 0 for off)");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_memcheck_get(h, &memcheck), F,
			   "flexio_process_memcheck_get");
	EXPECT_ERR(flexio_process_memcheck_get(fx.p, NULL), F, "flexio_process_memcheck_get", "info is NULL");
	EXPECT_SILENT(flexio_process_memcheck_get(fx.p, &memcheck), OK);
	assert_int_equal(memcheck.enabled, 0);
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_strict_alignment_set(h, 1), F,
			   "flexio_process_strict_alignment_set");
	EXPECT_ERR(flexio_process_strict_alignment_set(fx.p, 2), F, "flexio_process_strict_alignment_set",
		   "enable is 2 (give 1 for strict, 0 for performed)");
	EXPECT_SILENT(flexio_process_strict_alignment_set(fx.p, 0), OK);
	/* Documented: "unknown" for a value that is not a cause (no line). */
	EXPECT_SILENT_STR(flexio_fault_cause_name((enum flexio_fault_cause)(FLEXIO_FAULT_STACK_OVERFLOW + 1)),
			  "unknown");
	EXPECT_SILENT_STR(flexio_fault_cause_name((enum flexio_fault_cause) - 1), "unknown");
	EXPECT_SILENT_STR(flexio_fault_cause_name((enum flexio_fault_cause)INT32_MAX), "unknown");

	/* The GDB stub: a free port, then a second stub and a port in use refused. */
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_gdb_listen(h, 0, NULL), F,
			   "flexio_process_gdb_listen");
	EXPECT_SILENT(flexio_process_gdb_listen(fx.p, 0, &gdb_port), OK);
	assert_int_not_equal(gdb_port, 0);
	EXPECT_ERR(flexio_process_gdb_listen(fx.p, 0, NULL), F, "flexio_process_gdb_listen",
		   "no GDB stub on 127.0.0.1:0: the process has one already");
	EXPECT_ERR(flexio_process_gdb_listen(fx.bare, gdb_port, NULL), F, "flexio_process_gdb_listen",
		   "no GDB stub on 127.0.0.1:%u: %s", gdb_port, strerror(EADDRINUSE));

	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_crash_data(h, NO_DIR), F, "flexio_crash_data");
	EXPECT_ERR(flexio_crash_data(fx.p, ""), F, "flexio_crash_data",
		   "outfile is empty (give NULL for flexio_dev.NNN.crash)");
	EXPECT_ERR(flexio_crash_data(fx.p, NO_DIR), F, "flexio_crash_data", "cannot create %s.%u.crash: %s", NO_DIR, id,
		   strerror(ENOENT));

	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_coredump_create(h, NO_DIR), F, "flexio_coredump_create");
	EXPECT_ERR(flexio_coredump_create(fx.p, ""), F, "flexio_coredump_create",
		   "outfile is empty (give NULL for flexio_dev.NNN.core)");
	EXPECT_ERR(flexio_coredump_create(fx.p, NO_DIR), F, "flexio_coredump_create",
		   "cannot create the core file %s.%u.core: %s", NO_DIR, id, strerror(ENOENT));

	/* timelines (their good cases: tests/trace) */
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_trace_start(h, NO_DIR), F,
			   "flexio_process_trace_start");
	EXPECT_ERR(flexio_process_trace_start(fx.p, NULL), F, "flexio_process_trace_start", "path is NULL");
	EXPECT_ERR(flexio_process_trace_start(fx.p, ""), F, "flexio_process_trace_start", "path is empty");
	EXPECT_ERR(flexio_process_trace_start(fx.p, NO_DIR), F, "flexio_process_trace_start",
		   "process \"%s\": cannot write %s: %s", PROCESS, NO_DIR, strerror(ENOENT));
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_trace_stop(h), F, "flexio_process_trace_stop");
	EXPECT_ERR(flexio_process_trace_stop(fx.p), F, "flexio_process_trace_stop",
		   "process \"%s\": the process is not being traced", PROCESS);
}

/* outfile NULL is valid: flexio_dev.NNN.crash / .core in the working directory (a fresh one). */
static void dumps_default_name(void **state)
{
	char dir[] = "/tmp/bad_input_XXXXXX", cwd[4096], path[64];
	uint32_t id = flexio_process_get_dumem_id(fx.p);

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_non_null(mkdtemp(dir));
	assert_int_equal(chdir(dir), 0);
	fflush(stdout);
	EXPECT_SILENT(flexio_crash_data(fx.p, NULL), OK); /* the crash data also goes to stdout */
	EXPECT_SILENT(flexio_coredump_create(fx.p, NULL), OK);
	snprintf(path, sizeof(path), "flexio_dev.%u.crash", id);
	assert_int_equal(unlink(path), 0);
	snprintf(path, sizeof(path), "flexio_dev.%u.core", id);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* ---- objects of another device ------------------------------------------------------------------ */

static void other_device(void **state)
{
	void *mem = aligned_alloc(4096, 4096);
	struct ibv_mr *mr1;
	flexio_process *x = NULL;
	flexio_window *w = NULL;
	flexio_mkey *m = NULL;
	flexio_uintptr_t d = 1;

	(void)state;
	assert_non_null(mem);
	EXPECT_ERR(flexio_process_create(ctx, fx.app, &(struct flexio_process_attr){ .pd = fx.pd1 }, &x), F,
		   "flexio_process_create", "process_attr->pd %p is not a live protection domain of ibv_ctx",
		   (void *)fx.pd1);
	EXPECT_ERR(flexio_process_create(fx.ctx1, fx.app, &(struct flexio_process_attr){ .pd = fx.pd }, &x), F,
		   "flexio_process_create", "process_attr->pd %p is not a live protection domain of ibv_ctx",
		   (void *)fx.pd);
	EXPECT_ERR(flexio_window_create(fx.p, fx.pd1, &w), F, "flexio_window_create",
		   "pd %p is not a live protection domain of process \"" PROCESS "\"'s device (%s)", (void *)fx.pd1,
		   ibv_get_device_name(ctx->device));
	EXPECT_ERR(flexio_device_mkey_create(
			   fx.p,
			   &(struct flexio_mkey_attr){
				   .pd = fx.pd1, .daddr = fx.buf, .len = BUF_SIZE, .access = IBV_ACCESS_LOCAL_WRITE },
			   &m),
		   F, "flexio_device_mkey_create",
		   "fattr->pd %p is not a live protection domain of process \"" PROCESS "\"'s device", (void *)fx.pd1);
	/* The only region: keys are per device, so mlx5_sim0 has none with this key. */
	mr1 = ibv_reg_mr(fx.pd1, mem, 4096, IBV_ACCESS_LOCAL_WRITE);
	assert_non_null(mr1);
	EXPECT_ERR(flexio_recoverable_buf_dev_alloc(fx.p, 4096, mr1->lkey, &d), F, "flexio_recoverable_buf_dev_alloc",
		   "mkey 0x%x: no live memory region has this key on the process's PD", mr1->lkey);
	assert_int_equal(ibv_dereg_mr(mr1), 0);
	free(mem);
	assert_null(x);
	assert_null(w);
	assert_null(m);
	assert_int_equal(d, 0);
}

/* A management-thread affinity of no known type. */
static void stream_affinity(void **state)
{
	flexio_msg_stream_attr_t sa = stream_attr;
	flexio_msg_stream *x = NULL;

	(void)state;
	sa.mgmt_affinity.type = (enum flexio_affinity_type)7;
	EXPECT_ERR(flexio_msg_stream_create(fx.p, &sa, fx.out, NULL, &x), F, "flexio_msg_stream_create",
		   "mgmt_affinity.type 7 is not FLEXIO_AFFINITY_NONE, _STRICT or _GROUP");
	EXPECT_ERR(flexio_log_dev_init(fx.bare, &sa, fx.out, NULL), F, "flexio_log_dev_init",
		   "mgmt_affinity.type 7 is not FLEXIO_AFFINITY_NONE, _STRICT or _GROUP");
	sa.mgmt_affinity = (struct flexio_affinity){ .type = FLEXIO_AFFINITY_STRICT, .id = 256 };
	EXPECT_ERR(flexio_msg_stream_create(fx.p, &sa, fx.out, NULL, &x), F, "flexio_msg_stream_create",
		   "mgmt_affinity.id 256: the DPA has execution units 0..255");
}

/* A data symbol is not a device function: registering it fails (a call would run data). */
static void data_symbol_registered(void **state)
{
	flexio_func_t *f = NULL;

	(void)state;
	EXPECT_ERR(flexio_func_register(fx.app, "bad_input_data", &f), F, "flexio_func_register",
		   "\"bad_input_data\" of application \"" APP "\" is data, not a device function");
	EXPECT_ERR(flexio_func_pup_register(fx.app, "bad_input_data", "__dpacc_unpack_bad_input_add", not_a_stub, 16,
					    pack_nothing),
		   F, "flexio_func_pup_register",
		   "\"bad_input_data\" of application \"" APP "\" is data, not a device function");
}

/* A version with bits above the 32 FLEXIO_VER uses is shown as given. */
static void version_out_of_range(void **state)
{
	const uint64_t version = FLEXIO_CURRENT_VERSION | 1ull << 32;

	(void)state;
	EXPECT_ERR(flexio_version_set(version), F, "flexio_version_set",
		   "version 0x%llx is not a FLEXIO_VER(major, minor, sub) value", (unsigned long long)version);
}

/* DPA resources: arguments and handles (the file's form: test_resources.c). */
static void resources(void **state)
{
	/* A failed create leaves NULL in *res. */
	struct flexio_resource *r = (struct flexio_resource *)bi_never_a_handle;

	(void)state;
	EXPECT_ERR(flexio_resources_create(NULL, RES_FILE, strlen(RES_FILE), &r), F, "flexio_resources_create",
		   "app_key is NULL or empty");
	EXPECT_ERR(flexio_resources_create("", RES_FILE, strlen(RES_FILE), &r), F, "flexio_resources_create",
		   "app_key is NULL or empty");
	EXPECT_ERR(flexio_resources_create(RES_KEY, NULL, strlen(RES_FILE), &r), F, "flexio_resources_create",
		   "buffer is NULL");
	EXPECT_ERR(flexio_resources_create(RES_KEY, RES_FILE, strlen(RES_FILE), NULL), F, "flexio_resources_create",
		   "res is NULL");
	EXPECT_ERR(flexio_resources_create(RES_KEY, RES_FILE, 0, &r), F, "flexio_resources_create",
		   "size 0: a DPA resources file is 1 .. 1048576 bytes");
	EXPECT_ERR(flexio_resources_create(RES_KEY, RES_FILE, SIZE_MAX, &r), F, "flexio_resources_create",
		   "size %zu: a DPA resources file is 1 .. 1048576 bytes", SIZE_MAX);
	assert_null(r);
	EXPECT_BAD_HANDLES(struct flexio_resource, "DPA resources object", flexio_resources_destroy(h), F,
			   "flexio_resources_destroy");
	EXPECT_BAD_HANDLES(struct flexio_resource, "DPA resources object", flexio_resources_get_eugs_num(h), 0,
			   "flexio_resources_get_eugs_num");
	EXPECT_BAD_HANDLES(struct flexio_resource, "DPA resources object", flexio_resources_get_eus_num(h), 0,
			   "flexio_resources_get_eus_num");
	EXPECT_BAD_HANDLES(struct flexio_resource, "DPA resources object", flexio_resources_get_eus(h), NULL,
			   "flexio_resources_get_eus");
	EXPECT_SILENT(flexio_resources_get_eus_num(fx.res), 1);
	EXPECT_SILENT(flexio_resources_get_eus(fx.res)[0], 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(versions),
		cmocka_unit_test(log_levels),
		cmocka_unit_test(log_callback),
		cmocka_unit_test(last_error),
		cmocka_unit_test(app_create),
		cmocka_unit_test(app_handles),
		cmocka_unit_test(app_get),
		cmocka_unit_test(app_lists),
		cmocka_unit_test(func_pup_register),
		cmocka_unit_test(func_register),
		cmocka_unit_test(func_get_register_info),
		cmocka_unit_test(process_create),
		cmocka_unit_test(process_handles),
		cmocka_unit_test(process_call),
		cmocka_unit_test(process_call_args),
		cmocka_unit_test(error_handler_set),
		cmocka_unit_test(buf_dev_alloc),
		cmocka_unit_test(buf_dev_free),
		cmocka_unit_test(buf_dev_memset),
		cmocka_unit_test(copy_from_host),
		cmocka_unit_test(host2dev_memcpy),
		cmocka_unit_test(dev2host_memcpy),
		cmocka_unit_test(recoverable_buf_dev_alloc),
		cmocka_unit_test(cmdq_create),
		cmocka_unit_test(cmdq_handles),
		cmocka_unit_test(event_handlers),
		cmocka_unit_test(cq_create),
		cmocka_unit_test(cq_handles),
		cmocka_unit_test(sq_create),
		cmocka_unit_test(rq_create),
		cmocka_unit_test(rmp_create),
		cmocka_unit_test(wq_handles),
		cmocka_unit_test(qp_create),
		cmocka_unit_test(qp_handles),
		cmocka_unit_test(transport_objects),
		cmocka_unit_test(uars),
		cmocka_unit_test(outboxes),
		cmocka_unit_test(windows),
		cmocka_unit_test(mkeys),
		cmocka_unit_test(msg_stream_create),
		cmocka_unit_test(msg_stream_ids),
		cmocka_unit_test(msg_stream_handles),
		cmocka_unit_test(log_dev),
		cmocka_unit_test(errors),
		cmocka_unit_test(dumps_default_name),
		cmocka_unit_test(other_device),
		cmocka_unit_test(stream_affinity),
		cmocka_unit_test(data_symbol_registered),
		cmocka_unit_test(version_out_of_range),
		cmocka_unit_test(resources),
	};

	return cmocka_run_group_tests_name("bad_input", tests, setup, teardown);
}
