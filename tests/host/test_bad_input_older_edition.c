/*
 * Bad input for the older edition's forms (FLEXIO_VER_USED below 24.10): the functions only that
 * edition declares (flexio_print_*, flexio_err_status, flexio_err_display, the emulated devices'
 * flexio_emu_db_to_cq_* and flexio_emulated_device_msix_* with their driver's side in
 * flexio_ext.h) and the FLEXIO_1.0 forms of the functions whose parameters changed
 * (flexio_app_create, flexio_process_error_handler_set, flexio_uar_create, flexio_outbox_create),
 * checked as test_bad_input.c checks the current edition: the error value and exactly one line
 * "flexio ERR <function>: <reason>", or success without a line for documented valid input.
 *
 */
#define FLEXIO_VER_USED FLEXIO_VER(23, 4, 0)
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <infiniband/mlx5dv.h>
#include <elf.h>

#include "bad_input_check.h"

extern struct flexio_app *bad_input_test; /* from the dpacc archive */
extern flexio_func_t bad_input_add;
extern flexio_func_t bad_input_task;

#define APP "bad_input_test"
/*
 * 23.x has NVIDIA 24.01's process attributes, which have no name: its processes take their
 * application's name.
 */
#define PROCESS APP
#define OTHER APP /* another process */

static const flexio_status F = FLEXIO_STATUS_FAILED, OK = FLEXIO_STATUS_SUCCESS;

static struct {
	struct mlx5dv_devx_uar *devx;
	struct ibv_context *ctx1;      /* mlx5_sim1 */
	struct mlx5dv_devx_uar *devx1; /* a devx UAR of mlx5_sim1 */
	void *elf;
	size_t elf_size;
	flexio_process *p, *other, *dead_p;
	flexio_uar *u, *other_u, *pu;
	flexio_outbox *o;
	flexio_window *w;
	flexio_cmdq *q;
	FILE *out;
} fx;

static char long_name[FLEXIO_MAX_NAME_LEN + 2];

static flexio_process *new_process(const char *name)
{
	flexio_process *p = NULL;

	(void)name; /* what the process is for; 23.x cannot give it a name */
	MUST(flexio_process_create(ctx, bad_input_test, NULL, &p));
	return p;
}

static int setup(void **state)
{
	struct flexio_cmdq_attr qa = { .workers = 1, .batch_size = 1, .state = FLEXIO_CMDQ_STATE_PENDING };
	flexio_uar *dead_u;
	flexio_outbox *dead_o;

	(void)state;
	memset(&fx, 0, sizeof(fx));
	bi_handle_count = 0;
	memset(long_name, 'a', FLEXIO_MAX_NAME_LEN + 1);
	flexio_log_lvl_set(FLEXIO_LOG_LVL_WARN);
	setenv("FLEXIO_SIM_DEVICES", "2", 1); /* objects of another device are bad input too */
	if (sim_device_open() || !bad_input_test)
		return -1;
	for (int i = 0; devices[i] && !fx.ctx1; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), "mlx5_sim1"))
			fx.ctx1 = ibv_open_device(devices[i]);
	assert_non_null(fx.ctx1);
	fx.devx1 = mlx5dv_devx_alloc_uar(fx.ctx1, MLX5DV_UAR_ALLOC_TYPE_NC);
	assert_non_null(fx.devx1);
	fx.devx = mlx5dv_devx_alloc_uar(ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
	fx.out = tmpfile();
	assert_non_null(fx.devx);
	assert_non_null(fx.out);
	fx.elf_size = flexio_app_get_elf_size(bad_input_test);
	fx.elf = malloc(fx.elf_size);
	assert_non_null(fx.elf);
	MUST(flexio_app_get_elf(bad_input_test, fx.elf, fx.elf_size));

	/* Destroyed: a process, a UAR and an outbox of the older forms. */
	fx.dead_p = new_process("bad_input_old_dead");
	MUST(flexio_uar_create(fx.dead_p, fx.devx, &dead_u));
	MUST(flexio_outbox_create(fx.dead_p, NULL, dead_u, &dead_o));
	MUST(flexio_outbox_destroy(dead_o));
	MUST(flexio_uar_destroy(dead_u));
	MUST(flexio_process_destroy(fx.dead_p));
	bi_stale(fx.dead_p, "process");
	bi_stale(dead_u, "UAR");
	bi_stale(dead_o, "outbox");

	fx.p = new_process(PROCESS);
	fx.other = new_process(OTHER);
	fx.pu = flexio_process_get_uar(fx.p);
	MUST(flexio_uar_create(fx.p, fx.devx, &fx.u));
	MUST(flexio_uar_create(fx.other, fx.devx, &fx.other_u));
	MUST(flexio_outbox_create(fx.p, NULL, fx.u, &fx.o));
	MUST(flexio_cmdq_create(fx.p, &qa, &fx.q));
	MUST(flexio_window_create(fx.p, flexio_process_get_pd(fx.p), &fx.w));
	bi_live(bad_input_test, "application");
	bi_live(fx.p, "process");
	bi_live(fx.other, "process");
	bi_live(fx.u, "UAR");
	bi_live(fx.pu, "UAR");
	bi_live(fx.other_u, "UAR");
	bi_live(fx.o, "outbox");
	bi_live(fx.q, "command queue");
	bi_live(fx.w, "window");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	MUST(flexio_process_destroy(fx.p));
	MUST(flexio_process_destroy(fx.other));
	mlx5dv_devx_free_uar(fx.devx); /* the caller's, not the UARs' */
	mlx5dv_devx_free_uar(fx.devx1);
	assert_int_equal(ibv_close_device(fx.ctx1), 0);
	fclose(fx.out);
	free(fx.elf);
	sim_device_close();
	return 0;
}

/* The address of the data symbol bad_input_data, read from the application's ELF. */
static uint64_t data_address(void)
{
	const unsigned char *elf = fx.elf;
	const Elf64_Ehdr *eh = fx.elf;
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(elf + eh->e_shoff);

	for (unsigned i = 0; i < eh->e_shnum; i++) {
		const Elf64_Sym *sym = (const Elf64_Sym *)(elf + sh[i].sh_offset);
		const char *names = (const char *)(elf + sh[sh[i].sh_link].sh_offset);

		if (sh[i].sh_type != SHT_SYMTAB)
			continue;
		for (size_t k = 0; k < sh[i].sh_size / sizeof(*sym); k++)
			if (!strcmp(names + sym[k].st_name, "bad_input_data"))
				return sym[k].st_value;
	}
	fail_msg("no symbol bad_input_data in the application's ELF");
	return 0;
}

/* ---- the FLEXIO_1.0 forms ------------------------------------------------------------------ */

static void app_create_older(void **state)
{
	static unsigned char junk[256];
	flexio_app *x = NULL;

	(void)state;
	EXPECT_ERR(flexio_app_create("bad_input_new", fx.elf, fx.elf_size, NULL), F, "flexio_app_create",
		   "app is NULL");
	EXPECT_ERR(flexio_app_create(NULL, fx.elf, fx.elf_size, &x), F, "flexio_app_create",
		   "application name is NULL or empty");
	EXPECT_ERR(flexio_app_create("", fx.elf, fx.elf_size, &x), F, "flexio_app_create",
		   "application name is NULL or empty");
	EXPECT_ERR(flexio_app_create(long_name, fx.elf, fx.elf_size, &x), F, "flexio_app_create",
		   "application name is longer than FLEXIO_MAX_NAME_LEN (%d)", FLEXIO_MAX_NAME_LEN);
	EXPECT_ERR(flexio_app_create("bad_input_new", NULL, fx.elf_size, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": no ELF image (pointer %p, size %zu)", (void *)NULL, fx.elf_size);
	EXPECT_ERR(flexio_app_create("bad_input_new", fx.elf, 0, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": no ELF image (pointer %p, size 0)", fx.elf);
	EXPECT_ERR(flexio_app_create("bad_input_new", junk, sizeof(junk), &x), F, "flexio_app_create",
		   "application \"bad_input_new\": not a DPA executable: not an ELF file (bad magic)");
	EXPECT_ERR(flexio_app_create("bad_input_new", junk, 10, &x), F, "flexio_app_create",
		   "application \"bad_input_new\": not a DPA executable: truncated ELF file (10 bytes)");
	assert_null(x);
}

static void error_handler_set_older(void **state)
{
	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_process_error_handler_set(h, "bad_input_task"), F,
			   "flexio_process_error_handler_set");
	EXPECT_ERR(flexio_process_error_handler_set(fx.other, NULL), F, "flexio_process_error_handler_set",
		   "handler is NULL or empty");
	EXPECT_ERR(flexio_process_error_handler_set(fx.other, ""), F, "flexio_process_error_handler_set",
		   "handler is NULL or empty");
	EXPECT_ERR(flexio_process_error_handler_set(fx.other, long_name), F, "flexio_process_error_handler_set",
		   "handler is longer than FLEXIO_MAX_NAME_LEN (%d)", FLEXIO_MAX_NAME_LEN);
	EXPECT_ERR(flexio_process_error_handler_set(fx.other, "no_such_function"), F,
		   "flexio_process_error_handler_set",
		   "application \"" APP "\" has no device function \"no_such_function\"");
	EXPECT_ERR(flexio_process_error_handler_set(fx.other, "bad_input_data"), F, "flexio_process_error_handler_set",
		   "\"bad_input_data\" is not a device function (0x%llx is not code)",
		   (unsigned long long)data_address());
	/* p has threads already (its command queue's workers). */
	EXPECT_ERR(flexio_process_error_handler_set(fx.p, "bad_input_task"), F, "flexio_process_error_handler_set",
		   "process \"" PROCESS "\" already has threads: set the error handler before creating the first one");
}

static void uar_create_older(void **state)
{
	struct mlx5dv_devx_uar *freed = mlx5dv_devx_alloc_uar(ctx, MLX5DV_UAR_ALLOC_TYPE_NC);
	struct mlx5dv_devx_uar *bogus[4] = { NULL, NULL, (struct mlx5dv_devx_uar *)bi_never_a_handle,
					     (struct mlx5dv_devx_uar *)fx.u };
	flexio_uar *x = NULL;

	(void)state;
	assert_non_null(freed);
	mlx5dv_devx_free_uar(freed);
	bogus[1] = freed;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_uar_create(h, fx.devx, &x), F, "flexio_uar_create");
	EXPECT_ERR(flexio_uar_create(fx.p, fx.devx, NULL), F, "flexio_uar_create", "flexio_uar is NULL");
	for (int i = 0; i < 4; i++)
		EXPECT_ERR(flexio_uar_create(fx.p, bogus[i], &x), F, "flexio_uar_create",
			   "devx_uar %p is not a live devx UAR of process \"" PROCESS "\"'s device", (void *)bogus[i]);
	EXPECT_ERR(flexio_uar_create(fx.p, fx.devx1, &x), F, "flexio_uar_create", /* of mlx5_sim1 */
		   "devx_uar %p is not a live devx UAR of process \"" PROCESS "\"'s device", (void *)fx.devx1);
	assert_null(x);
	/* The older form's UAR, used by an outbox. */
	EXPECT_ERR(flexio_uar_destroy(fx.u), F, "flexio_uar_destroy",
		   "UAR %u is used by an outbox: destroy the outbox first", flexio_uar_get_id(fx.u));
}

/* The older form takes the thread's window and outbox (each may be NULL). */
static void event_handler_create_older(void **state)
{
	struct flexio_event_handler_attr attr = { .host_stub_func = &bad_input_task };
	flexio_event_handler *x = NULL;
	void *bad[BI_MAX_HANDLES + 2];
	size_t n;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_event_handler_create(h, &attr, NULL, NULL, &x), F,
			   "flexio_event_handler_create");
	EXPECT_ERR(flexio_event_handler_create(fx.p, NULL, NULL, NULL, &x), F, "flexio_event_handler_create",
		   "fattr is NULL");
	EXPECT_SILENT(flexio_event_handler_create(fx.p, &attr, fx.w, fx.o, &x), OK);
	MUST(flexio_event_handler_destroy(x));
	n = bi_bad_handles("window", false, bad);
	for (size_t i = 0; i < n; i++)
		EXPECT_ERR(flexio_event_handler_create(fx.p, &attr, (flexio_window *)bad[i], NULL, &x), F,
			   "flexio_event_handler_create", "%p is not a live window of process \"" PROCESS "\"", bad[i]);
	n = bi_bad_handles("outbox", false, bad);
	for (size_t i = 0; i < n; i++)
		EXPECT_ERR(flexio_event_handler_create(fx.p, &attr, NULL, (flexio_outbox *)bad[i], &x), F,
			   "flexio_event_handler_create", "%p is not a live outbox of process \"" PROCESS "\"", bad[i]);
}

static void outbox_create_older(void **state)
{
	struct ibv_context *closed = ibv_open_device(ctx->device);
	struct ibv_context *bogus[3] = { NULL, (struct ibv_context *)bi_never_a_handle, (struct ibv_context *)fx.p };
	flexio_outbox *x = NULL;
	flexio_uar *ext = NULL;
	void *bad[BI_MAX_HANDLES + 2];
	size_t n;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_outbox_create(h, NULL, fx.u, &x), F,
			   "flexio_outbox_create");
	EXPECT_ERR(flexio_outbox_create(fx.p, NULL, fx.u, NULL), F, "flexio_outbox_create", "outbox is NULL");
	EXPECT_SILENT(flexio_outbox_create(fx.p, NULL, fx.u, &x), OK); /* other_ctx NULL: the process's device */
	MUST(flexio_outbox_destroy(x));
	x = NULL;
	assert_non_null(closed);
	assert_int_equal(ibv_close_device(closed), 0);
	bogus[0] = closed;
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_outbox_create(fx.p, bogus[i], fx.u, &x), F, "flexio_outbox_create",
			   "other_ctx %p is not an open device of the sim provider", (void *)bogus[i]);
	/* The UAR: NULL, never a handle, destroyed, of another kind, of another process. */
	n = bi_bad_handles("UAR", true, bad);
	for (size_t i = 0; i < n; i++)
		EXPECT_ERR(flexio_outbox_create(fx.p, NULL, (flexio_uar *)bad[i], &x), F, "flexio_outbox_create",
			   "%p is not a live UAR of process \"" PROCESS "\"", bad[i]);
	EXPECT_ERR(flexio_outbox_create(fx.p, NULL, fx.other_u, &x), F, "flexio_outbox_create",
		   "%p is not a live UAR of process \"" PROCESS "\"", (void *)fx.other_u);
	/* A UAR of another device than the outbox's: the process's UAR for an outbox ringing
	 * mlx5_sim1's queues, and a UAR extended to mlx5_sim1 for one ringing mlx5_sim0's. */
	EXPECT_ERR(flexio_outbox_create(fx.p, fx.ctx1, fx.u, &x), F, "flexio_outbox_create",
		   "UAR %u belongs to another device than the outbox's (mlx5_sim1)", flexio_uar_get_id(fx.u));
	MUST(flexio_uar_extend(fx.pu, fx.ctx1, &ext));
	EXPECT_ERR(flexio_outbox_create(fx.p, NULL, ext, &x), F, "flexio_outbox_create",
		   "UAR %u belongs to another device than the outbox's (%s)", flexio_uar_get_id(ext),
		   ibv_get_device_name(ctx->device));
	MUST(flexio_uar_destroy(ext));
	assert_null(x);
}

/* ---- functions only the older edition declares ------------------------------------------------- */

static void print(void **state)
{
	flexio_process *p = NULL;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_print_init(h, NULL, 4096, fx.out, 1, NULL), F,
			   "flexio_print_init");
	EXPECT_ERR(flexio_print_init(fx.other, NULL, 4096, NULL, 1, NULL), F, "flexio_print_init", "out is NULL");
	EXPECT_ERR(flexio_print_init(fx.other, NULL, 0, fx.out, 1, NULL), F, "flexio_print_init",
		   "data_bsize 0 is not a power of two of at least 2048");
	EXPECT_ERR(flexio_print_init(fx.other, NULL, 1024, fx.out, 1, NULL), F, "flexio_print_init",
		   "data_bsize 1024 is not a power of two of at least 2048");
	EXPECT_ERR(flexio_print_init(fx.other, NULL, 3000, fx.out, 0, NULL), F, "flexio_print_init",
		   "data_bsize 3000 is not a power of two of at least 2048");
	EXPECT_ERR(flexio_print_init(fx.other, NULL, SIZE_MAX, fx.out, 0, NULL), F, "flexio_print_init",
		   "data_bsize %zu is not a power of two of at least 2048", SIZE_MAX);

	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_print_flush(h), F, "flexio_print_flush");
	EXPECT_ERR(flexio_print_flush(fx.other), F, "flexio_print_flush",
		   "process \"" OTHER "\" has no default message stream");
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_print_destroy(h), F, "flexio_print_destroy");
	EXPECT_ERR(flexio_print_destroy(fx.other), F, "flexio_print_destroy",
		   "process \"" OTHER "\" has no default message stream");

	/* Once per process; after its destruction, no more. */
	p = new_process("bad_input_old_print");
	EXPECT_SILENT(flexio_print_init(p, NULL, 4096, fx.out, 1, NULL), OK);
	EXPECT_ERR(flexio_print_init(p, NULL, 4096, fx.out, 1, NULL), F, "flexio_print_init",
		   "the process already has its default stream");
	EXPECT_SILENT(flexio_print_destroy(p), OK);
	EXPECT_ERR(flexio_print_flush(p), F, "flexio_print_flush", "process \"" APP "\" has no default message stream");
	EXPECT_ERR(flexio_print_destroy(p), F, "flexio_print_destroy",
		   "process \"" APP "\" has no default message stream");
	MUST(flexio_process_destroy(p));
}

static void err_status_and_display(void **state)
{
	(void)state;
	/* NULL is not documented as valid here (it is for flexio_err_status_get). */
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_err_status(h), 0, "flexio_err_status");
	EXPECT_BAD_HANDLES_VOID(flexio_process, "process", flexio_err_display(h), "flexio_err_display");
}

/* ---- shared with the current edition, in the older edition's declaration ---------------------- */

static void func_get_register_info_older(void **state)
{
	uint32_t pup;
	char name[FLEXIO_MAX_NAME_LEN + 1], unpack[FLEXIO_MAX_NAME_LEN + 1];
	size_t argbuf;
	flexio_func_arg_pack_fn_t *pack;
	flexio_uintptr_t da, ua;

	(void)state;
	EXPECT_BAD_HANDLES(flexio_app, "application",
			   flexio_func_get_register_info(h, &bad_input_add, &pup, name, unpack, sizeof(name), &argbuf,
							 &pack, &da, &ua),
			   F, "flexio_func_get_register_info");
	EXPECT_ERR(flexio_func_get_register_info(bad_input_test, &bad_input_add, &pup, name, unpack, 5, &argbuf, &pack,
						 &da, &ua),
		   F, "flexio_func_get_register_info",
		   "func_name_size 5 cannot hold the names of \"bad_input_add\" (give FLEXIO_MAX_NAME_LEN + 1)");
}

/* ---- emulated devices (older edition only) ------------------------------------------------- */

/* A CQ of p on its device, ring and doorbell record in DPA memory; *daddr holds them. */
static flexio_cq *emu_cq(flexio_process *p, flexio_uintptr_t *daddr)
{
	struct flexio_cq_attr attr = { .log_cq_depth = 1, .element_type = FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ };
	flexio_cq *cq = NULL;

	MUST(flexio_buf_dev_alloc(p, 2 * 64 + 8, daddr));
	attr.cq_ring_qmem.daddr = *daddr;
	attr.cq_dbr_daddr = *daddr + 2 * 64;
	MUST(flexio_cq_create(p, NULL, &attr, &cq));
	return cq;
}

static void emulated_devices(void **state)
{
	struct ibv_context *closed = ibv_open_device(ctx->device);
	/* Device contexts that are no open device: a closed one, an address that never was one, a handle. */
	struct ibv_context *bogus[3] = { NULL, (struct ibv_context *)bi_never_a_handle, (struct ibv_context *)fx.p };
	flexio_emu_db_to_cq_ctx *db = NULL, *dead_db = NULL, *x = NULL;
	flexio_emu_device_msix_map *map = NULL, *dead_map = NULL, *map1 = NULL, *xm = NULL;
	flexio_msix *msix = NULL, *direct = NULL, *dead_msix = NULL, *xx = NULL;
	flexio_process *p1 = NULL;
	flexio_uintptr_t daddr;
	flexio_cq *cq = emu_cq(fx.p, &daddr);
	uint32_t cqn = flexio_cq_get_cq_num(cq);
	uint32_t ids[2];
	uint64_t count;
	size_t n;
	const char *const no_ctx =
		"ibv_ctx %p is not an open device context this library can drive (only the simulated mlx5_sim devices)";

	(void)state;
	assert_non_null(closed);
	assert_int_equal(ibv_close_device(closed), 0);
	bogus[0] = closed;
	/* Live and destroyed objects of the three kinds, for the bad-handle lists. */
	MUST(flexio_emu_db_to_cq_map(ctx, 1, 1, cq, &dead_db));
	MUST(flexio_emu_db_to_cq_unmap(dead_db));
	MUST(flexio_emu_db_to_cq_map(ctx, 1, 0, cq, &db));
	MUST(flexio_emulated_device_msix_map_create(fx.p, 1, 4, &dead_map));
	MUST(flexio_emulated_device_msix_create(fx.p, ctx, 0, 0, 0, dead_map, &dead_msix));
	MUST(flexio_emulated_device_msix_destroy(dead_msix));
	MUST(flexio_emulated_device_msix_map_free(dead_map));
	MUST(flexio_emulated_device_msix_map_create(fx.p, 1, 4, &map));
	MUST(flexio_emulated_device_msix_create(fx.p, ctx, 0, 0, 1, map, &msix));
	MUST(flexio_emulated_device_msix_create(fx.p, NULL, 1, 0, 2, map, &direct));
	bi_stale(dead_db, "emulated doorbell to CQ mapping");
	bi_stale(dead_map, "EQ to MSI-X map");
	bi_stale(dead_msix, "MSI-X vector");
	bi_live(db, "emulated doorbell to CQ mapping");
	bi_live(map, "EQ to MSI-X map");
	bi_live(msix, "MSI-X vector");

	/* flexio_emu_db_to_cq_map */
	EXPECT_ERR(flexio_emu_db_to_cq_map(NULL, 1, 2, cq, &x), F, "flexio_emu_db_to_cq_map", "ibv_ctx is NULL");
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_emu_db_to_cq_map(bogus[i], 1, 2, cq, &x), F, "flexio_emu_db_to_cq_map", no_ctx,
			   (void *)bogus[i]);
	EXPECT_ERR(flexio_emu_db_to_cq_map(ctx, 1, 2, cq, NULL), F, "flexio_emu_db_to_cq_map",
		   "emu_db_to_cq_ctx is NULL");
	EXPECT_BAD_HANDLES(flexio_cq, "CQ", flexio_emu_db_to_cq_map(ctx, 1, 2, h, &x), F, "flexio_emu_db_to_cq_map");
	EXPECT_ERR(flexio_emu_db_to_cq_map(fx.ctx1, 1, 2, cq, &x), F, "flexio_emu_db_to_cq_map",
		   "CQ 0x%x is on mlx5_sim0, not on ibv_ctx's device mlx5_sim1: doorbells of an emulated function go "
		   "to a CQ of its emulation manager",
		   cqn);
	for (uint32_t vhca = 0; vhca <= 2; vhca += 2)
		EXPECT_ERR(flexio_emu_db_to_cq_map(ctx, vhca, 2, cq, &x), F, "flexio_emu_db_to_cq_map",
			   "cannot map queue 2 of emulated function %u to CQ 0x%x: the device has no emulated function "
			   "with VHCA id %u (it has 1, VHCA ids from 1; FLEXIO_SIM_EMU_FUNCTIONS sets how many)",
			   vhca, cqn, vhca);
	EXPECT_ERR(flexio_emu_db_to_cq_map(ctx, 1, 65536, cq, &x), F, "flexio_emu_db_to_cq_map",
		   "cannot map queue 65536 of emulated function 1 to CQ 0x%x: emu_dev_queue_id 65536 is over 65535",
		   cqn);
	EXPECT_ERR(flexio_emu_db_to_cq_map(ctx, 1, 0, cq, &x), F, "flexio_emu_db_to_cq_map",
		   "cannot map queue 0 of emulated function 1 to CQ 0x%x: queue 0 of emulated function 1 is mapped "
		   "already (context %u)",
		   cqn, flexio_emu_db_to_cq_ctx_get_id(db));
	assert_null(x);
	EXPECT_SILENT(flexio_emu_db_to_cq_map(ctx, 1, 65535, cq, &x), OK);
	MUST(flexio_emu_db_to_cq_unmap(x));

	/* flexio_emu_db_to_cq_unmap, flexio_emu_db_to_cq_ctx_get_id */
	EXPECT_BAD_HANDLES(flexio_emu_db_to_cq_ctx, "emulated doorbell to CQ mapping", flexio_emu_db_to_cq_unmap(h), F,
			   "flexio_emu_db_to_cq_unmap");
	EXPECT_BAD_HANDLES(flexio_emu_db_to_cq_ctx, "emulated doorbell to CQ mapping",
			   flexio_emu_db_to_cq_ctx_get_id(h), UINT32_MAX, "flexio_emu_db_to_cq_ctx_get_id");

	/* flexio_emulated_device_msix_map_create, _map_free */
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_emulated_device_msix_map_create(h, 1, 4, &xm), F,
			   "flexio_emulated_device_msix_map_create");
	EXPECT_ERR(flexio_emulated_device_msix_map_create(fx.p, 1, 4, NULL), F,
		   "flexio_emulated_device_msix_map_create", "map is NULL");
	for (unsigned max = 0; max <= 65; max += 65)
		EXPECT_ERR(flexio_emulated_device_msix_map_create(fx.p, 1, (uint16_t)max, &xm), F,
			   "flexio_emulated_device_msix_map_create",
			   "max_msix %u is not 1..FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS (64)", max);
	EXPECT_ERR(flexio_emulated_device_msix_map_create(fx.p, 2, 4, &xm), F, "flexio_emulated_device_msix_map_create",
		   "process \"" PROCESS "\"'s device mlx5_sim0 has no emulated function 2");
	assert_null(xm);
	EXPECT_SILENT(flexio_emulated_device_msix_map_create(fx.p, 1, FLEXIO_MAX_EQ_TO_MSIX_MAP_PAIRS, &xm), OK);
	EXPECT_SILENT(flexio_emulated_device_msix_map_free(xm), OK);
	EXPECT_BAD_HANDLES(flexio_emu_device_msix_map, "EQ to MSI-X map", flexio_emulated_device_msix_map_free(h), F,
			   "flexio_emulated_device_msix_map_free");

	/* flexio_emulated_device_msix_create, _destroy, the getters */
	EXPECT_BAD_HANDLES(flexio_process, "process", flexio_emulated_device_msix_create(h, ctx, 0, 0, 0, map, &xx), F,
			   "flexio_emulated_device_msix_create");
	EXPECT_ERR(flexio_emulated_device_msix_create(fx.p, ctx, 0, 0, 0, map, NULL), F,
		   "flexio_emulated_device_msix_create", "msix is NULL");
	EXPECT_BAD_HANDLES(flexio_emu_device_msix_map, "EQ to MSI-X map",
			   flexio_emulated_device_msix_create(fx.p, ctx, 0, 0, 0, h, &xx), F,
			   "flexio_emulated_device_msix_create");
	MUST(flexio_process_create(fx.ctx1, bad_input_test, NULL, &p1));
	MUST(flexio_emulated_device_msix_map_create(p1, 1, 4, &map1));
	EXPECT_ERR(flexio_emulated_device_msix_create(fx.p, ctx, 0, 0, 0, map1, &xx), F,
		   "flexio_emulated_device_msix_create",
		   "map is of a function of mlx5_sim1, not of process \"" PROCESS "\"'s device mlx5_sim0");
	MUST(flexio_process_destroy(p1));
	EXPECT_ERR(flexio_emulated_device_msix_create(fx.p, ctx, 0, 0, 4, map, &xx), F,
		   "flexio_emulated_device_msix_create",
		   "msix_id 4 is not in map (vectors 0..3 of emulated function 1)");
	EXPECT_ERR(flexio_emulated_device_msix_create(fx.p, NULL, 0, 0, 0, map, &xx), F,
		   "flexio_emulated_device_msix_create", "target_ibv_ctx is NULL");
	for (int i = 0; i < 3; i++)
		EXPECT_ERR(flexio_emulated_device_msix_create(fx.p, bogus[i], 0, 0, 0, map, &xx), F,
			   "flexio_emulated_device_msix_create",
			   "target_ibv_ctx %p is not an open device of the sim provider", (void *)bogus[i]);
	assert_null(xx);
	EXPECT_SILENT(flexio_emulated_device_msix_create(fx.p, fx.ctx1, 0, 0, 3, map, &xx),
		      OK); /* another device's CQ */
	EXPECT_SILENT(flexio_emulated_device_msix_destroy(xx), OK);
	EXPECT_BAD_HANDLES(flexio_msix, "MSI-X vector", flexio_emulated_device_msix_destroy(h), F,
			   "flexio_emulated_device_msix_destroy");
	EXPECT_BAD_HANDLES(flexio_msix, "MSI-X vector", flexio_emulated_device_msix_get_cqn(h), UINT32_MAX,
			   "flexio_emulated_device_msix_get_cqn");
	EXPECT_ERR(flexio_emulated_device_msix_get_cqn(direct), UINT32_MAX, "flexio_emulated_device_msix_get_cqn",
		   "the vector is in direct mode: no CQ was made for it (its EQ: flexio_emulated_device_msix_get_eqn)");
	EXPECT_BAD_HANDLES(flexio_msix, "MSI-X vector", flexio_emulated_device_msix_get_eqn(h), UINT32_MAX,
			   "flexio_emulated_device_msix_get_eqn");

	/* The driver's side */
	EXPECT_ERR(flexio_emu_functions_get(NULL, ids, 2, &n), F, "flexio_emu_functions_get", "ibv_ctx is NULL");
	EXPECT_ERR(flexio_emu_functions_get(closed, ids, 2, &n), F, "flexio_emu_functions_get", no_ctx, (void *)closed);
	EXPECT_ERR(flexio_emu_functions_get(ctx, ids, 2, NULL), F, "flexio_emu_functions_get", "count is NULL");
	EXPECT_ERR(flexio_emu_functions_get(ctx, NULL, 2, &n), F, "flexio_emu_functions_get", "vhca_ids is NULL");
	EXPECT_SILENT(flexio_emu_functions_get(ctx, NULL, 0, &n), OK);
	assert_int_equal(n, 1);
	EXPECT_ERR(flexio_emu_db_ring(NULL, 1, 0, 1), F, "flexio_emu_db_ring", "ibv_ctx is NULL");
	EXPECT_ERR(flexio_emu_db_ring(closed, 1, 0, 1), F, "flexio_emu_db_ring", no_ctx, (void *)closed);
	EXPECT_ERR(flexio_emu_db_ring(ctx, 2, 0, 1), F, "flexio_emu_db_ring", "mlx5_sim0 has no emulated function 2");
	EXPECT_ERR(flexio_emu_db_ring(ctx, 1, 65536, 1), F, "flexio_emu_db_ring",
		   "emu_dev_queue_id 65536 is not a queue of emulated function 1 (0..65535)");
	EXPECT_SILENT(flexio_emu_db_ring(ctx, 1, 7, 1), OK); /* no mapping: the doorbell goes nowhere */
	EXPECT_ERR(flexio_emu_msix_count(NULL, 1, 0, &count), F, "flexio_emu_msix_count", "ibv_ctx is NULL");
	EXPECT_ERR(flexio_emu_msix_count(closed, 1, 0, &count), F, "flexio_emu_msix_count", no_ctx, (void *)closed);
	EXPECT_ERR(flexio_emu_msix_count(ctx, 1, 0, NULL), F, "flexio_emu_msix_count", "count is NULL");
	EXPECT_ERR(flexio_emu_msix_count(ctx, 2, 0, &count), F, "flexio_emu_msix_count",
		   "mlx5_sim0 has no emulated function 2 with an MSI-X vector 0");
	EXPECT_ERR(flexio_emu_msix_count(ctx, 1, 64, &count), F, "flexio_emu_msix_count",
		   "mlx5_sim0 has no emulated function 1 with an MSI-X vector 64");
	EXPECT_SILENT(flexio_emu_msix_count(ctx, 1, 63, &count), OK);
	EXPECT_ERR(flexio_emu_msix_wait(NULL, 1, 0, 0, 0, &count), F, "flexio_emu_msix_wait", "ibv_ctx is NULL");
	EXPECT_ERR(flexio_emu_msix_wait(closed, 1, 0, 0, 0, &count), F, "flexio_emu_msix_wait", no_ctx, (void *)closed);
	EXPECT_ERR(flexio_emu_msix_wait(ctx, 1, 0, 0, 0, NULL), F, "flexio_emu_msix_wait", "count is NULL");
	EXPECT_ERR(flexio_emu_msix_wait(ctx, 1, 64, 0, 0, &count), F, "flexio_emu_msix_wait",
		   "mlx5_sim0 has no emulated function 1 with an MSI-X vector 64");
	EXPECT_SILENT(flexio_emu_msix_wait(ctx, 1, 63, UINT64_MAX, 0, &count), FLEXIO_STATUS_TIMEOUT);

	MUST(flexio_emulated_device_msix_destroy(direct));
	MUST(flexio_emu_db_to_cq_unmap(db));
	MUST(flexio_cq_destroy(cq));
	MUST(flexio_buf_dev_free(fx.p, daddr));
	/* msix and map go with fx.p. */
}

static flexio_process *scratch; /* a process a failing case leaves: the test's teardown ends it */

static int destroy_scratch(void **state)
{
	(void)state;
	flexio_process_destroy(scratch);
	scratch = NULL;
	return 0;
}

/* flexio_print_init's UAR, when given, must be a live UAR of the process. */
static void print_init_uar(void **state)
{
	void *bad[BI_MAX_HANDLES + 2];
	size_t n = bi_bad_handles("UAR", false, bad);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		scratch = new_process("bad_input_old_print_uar");
		EXPECT_ERR(flexio_print_init(scratch, (flexio_uar *)bad[i], 4096, fx.out, 1, NULL), F,
			   "flexio_print_init", "%p is not a live UAR of process \"" APP "\"", bad[i]);
		destroy_scratch(NULL);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(app_create_older),
		cmocka_unit_test(error_handler_set_older),
		cmocka_unit_test(uar_create_older),
		cmocka_unit_test(outbox_create_older),
		cmocka_unit_test(event_handler_create_older),
		cmocka_unit_test(print),
		cmocka_unit_test(err_status_and_display),
		cmocka_unit_test(func_get_register_info_older),
		cmocka_unit_test(emulated_devices),
		cmocka_unit_test_teardown(print_init_uar, destroy_scratch),
	};

	return cmocka_run_group_tests_name("bad_input_older_edition", tests, setup, teardown);
}
