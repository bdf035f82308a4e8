/*
 * The host library against the null provider (core/providers/null): what libflexio does itself
 * (argument checks, handles and their lifetimes, the application registry, heap bookkeeping,
 * message streams, errors and their one log line) on a device that runs nothing, with or
 * without the simulator in the library. The test plays the device's part through the null
 * provider's test interface (null.h): device messages, a stop.
 *
 * Run with FLEXIO_PROVIDERS naming libflexio-null.so, which this program also links: libflexio
 * loads it as a provider module, and both are the same loaded object.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <pthread.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../host/host_test.h"
#include "null.h"

extern flexio_func_t add, handler, on_error;

#define APP "null_test"

static flexio_app *app;
static struct ibv_pd *pd;

static int setup(void **state)
{
	(void)state;
	ctx = flexio_null_open("null0");
	pd = ctx ? flexio_null_pd_alloc(ctx) : NULL;
	if (!pd)
		return -1;
	return flexio_app_get(&(struct flexio_app_select_attr){ .app_name = APP, .ibv_ctx = ctx }, &app);
}

static int teardown(void **state)
{
	(void)state;
	assert_int_equal(flexio_null_pd_free(pd), 0);
	assert_int_equal(flexio_null_close(ctx), 0); /* nothing of the device is left */
	return 0;
}

static flexio_process *new_process(void)
{
	flexio_process *p = NULL;

	MUST(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = pd }, &p));
	return p;
}

/* call fails, logging one line as func that contains text. */
#define EXPECT_TEXT(call, func, text)                                                                           \
	do {                                                                                                    \
		struct stderr_capture c_;                                                                       \
		const char *text_;                                                                              \
		capture_begin(&c_);                                                                             \
		assert_int_equal((call), FLEXIO_STATUS_FAILED);                                                 \
		text_ = capture_end(&c_);                                                                       \
		if (!strstr(text_, "flexio ERR " func ": ") || !strstr(text_, text) || count_lines(text_) != 1) \
			fail_msg("expected one error line from %s with \"%s\", got:\n%s", func, text, text_);   \
	} while (0)

/* The stand-in device is a context like any other; contexts no provider serves are refused. */
static void contexts(void **state)
{
	struct ibv_context *other = flexio_null_open("null1"), *closed = flexio_null_open("closed");
	uint64_t junk[64] = { 0 };
	flexio_process *p;
	flexio_app *found;

	flexio_transport_domain *td;

	(void)state;
	assert_string_equal(ctx->device->name, "null0");
	/* What the device lacks fails as the defaults say, naming the device without rdma-core. */
	EXPECT_TEXT(flexio_transport_domain_create(ctx, &td), "flexio_transport_domain_create",
		    "on null0: ALLOC_TRANSPORT_DOMAIN: Operation not supported");
	assert_int_equal(flexio_null_close(closed), 0);
	EXPECT_TEXT(flexio_process_create(closed, app, NULL, &p), "flexio_process_create",
		    "is not an open device context this library can drive (only ");
	EXPECT_TEXT(flexio_process_create((struct ibv_context *)junk, app, NULL, &p), "flexio_process_create",
		    "the null provider's stand-in devices)");
	EXPECT_FAILURE_LOGGED(flexio_process_create(NULL, app, NULL, &p), "flexio_process_create");
	EXPECT_FAILURE_LOGGED(
		flexio_app_get(&(struct flexio_app_select_attr){ .app_name = APP, .ibv_ctx = closed }, &found),
		"flexio_app_get");
	/* A PD of another device, a dead PD, not a PD. */
	{
		struct ibv_pd *theirs = flexio_null_pd_alloc(other), *dead = flexio_null_pd_alloc(ctx);

		assert_int_equal(flexio_null_pd_free(dead), 0);
		EXPECT_TEXT(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = theirs }, &p),
			    "flexio_process_create", "is not a live protection domain of ibv_ctx");
		EXPECT_FAILURE_LOGGED(flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = dead }, &p),
				      "flexio_process_create");
		EXPECT_FAILURE_LOGGED(
			flexio_process_create(ctx, app, &(struct flexio_process_attr){ .pd = (void *)junk }, &p),
			"flexio_process_create");
		assert_int_equal(flexio_null_pd_free(theirs), 0);
	}
	/* The device is in use while a process is on it. */
	p = new_process();
	assert_int_equal(flexio_null_close(ctx), -EBUSY);
	MUST(flexio_process_destroy(p));
	assert_int_equal(flexio_null_close(other), 0);
}

/* A process holds its PD; one created without a PD gets one of the device's, freed with it. */
static void protection_domains(void **state)
{
	flexio_process *p = new_process(), *own;
	struct ibv_context *device = flexio_null_open("null2");
	struct ibv_pd *made;

	(void)state;
	assert_int_equal(flexio_null_pd_free(pd), -EBUSY);
	MUST(flexio_process_destroy(p));

	MUST(flexio_process_create(device, app, NULL, &own));
	made = flexio_process_get_pd(own);
	assert_non_null(made);
	assert_ptr_equal(made->context, device);
	assert_int_equal(flexio_null_pd_free(made), -EBUSY); /* held by the process */
	MUST(flexio_process_destroy(own));
	assert_int_equal(flexio_null_close(device), 0); /* the PD and the process UAR went with it */
}

/* DPA memory is a plain buffer: what is written is read back; the heap is the host's
 * bookkeeping over it. */
static void memory_and_heap(void **state)
{
	flexio_process *p = new_process();
	uint64_t out[4] = { 0 }, in[4] = { 1, 2, 3, 4 }, zero[4] = { 0 };
	struct flexio_heap_mem_info info;
	flexio_uintptr_t a, b, c;

	(void)state;
	MUST(flexio_process_mem_info_get(p, &info));
	assert_int_not_equal(info.size, 0);
	assert_int_equal(info.requested, 0);
	MUST(flexio_buf_dev_alloc(p, sizeof(in), &a));
	MUST(flexio_host2dev_memcpy(p, in, sizeof(in), a));
	MUST(flexio_dev2host_memcpy(p, out, sizeof(out), a));
	assert_memory_equal(out, in, sizeof(in));
	MUST(flexio_buf_dev_memset(p, 0, sizeof(in), a));
	MUST(flexio_dev2host_memcpy(p, out, sizeof(out), a));
	assert_memory_equal(out, zero, sizeof(zero));
	MUST(flexio_copy_from_host(p, in, sizeof(in), &b));
	assert_int_not_equal(a, b);
	MUST(flexio_dev2host_memcpy(p, out, sizeof(out), b));
	assert_memory_equal(out, in, sizeof(in));
	MUST(flexio_process_mem_info_get(p, &info));
	assert_int_equal(info.requested, 2 * sizeof(in));

	/* More than the heap holds; addresses out of the memory; a buffer freed twice. */
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_alloc(p, info.size + 1, &c), "flexio_buf_dev_alloc");
	EXPECT_FAILURE_LOGGED(flexio_host2dev_memcpy(p, in, sizeof(in), info.base_addr + info.size),
			      "flexio_host2dev_memcpy");
	EXPECT_FAILURE_LOGGED(flexio_dev2host_memcpy(p, out, sizeof(out), 8), "flexio_dev2host_memcpy");
	MUST(flexio_buf_dev_free(p, a));
	EXPECT_FAILURE_LOGGED(flexio_buf_dev_free(p, a), "flexio_buf_dev_free");
	MUST(flexio_buf_dev_free(p, b));
	MUST(flexio_process_mem_info_get(p, &info));
	assert_int_equal(info.requested, 0);
	MUST(flexio_process_destroy(p));
}

/* A call runs nothing and answers its first argument: through a stub, the first packed one; by
 * name, the one it takes. */
static void calls(void **state)
{
	flexio_process *p = new_process(), *dead = new_process();
	flexio_func_t *by_name;
	uint64_t ret = 0;

	(void)state;
	MUST(flexio_process_call(p, &add, &ret, 40, 2));
	assert_int_equal(ret, 40);
	MUST(flexio_process_call(p, &add, &ret, 7, 9));
	assert_int_equal(ret, 7);
	MUST(flexio_func_register(app, "handler", &by_name));
	MUST(flexio_process_call(p, by_name, &ret, 123));
	assert_int_equal(ret, 123);
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, &add, NULL, 1, 2), "flexio_process_call");
	EXPECT_FAILURE_LOGGED(flexio_process_call(p, (flexio_func_t *)calls, &ret, 1, 2), "flexio_process_call");
	MUST(flexio_process_destroy(dead));
	EXPECT_FAILURE_LOGGED(flexio_process_call(dead, &add, &ret, 1, 2), "flexio_process_call");
	MUST(flexio_process_destroy(p));
}

/* Device messages reach the stream they name, at the stream's level. */
static void message_streams(void **state)
{
	flexio_msg_stream_attr_t attr = { .data_bsize = 4096,
					  .sync_mode = FLEXIO_LOG_DEV_SYNC_MODE_SYNC,
					  .level = FLEXIO_MSG_DEV_INFO };
	flexio_process *p = new_process();
	uint32_t id = flexio_process_get_dumem_id(p);
	flexio_msg_stream *s, *dflt;
	FILE *out = tmpfile(), *out2 = tmpfile();
	const char *text;

	(void)state;
	assert_non_null(out);
	assert_non_null(out2);
	MUST(flexio_msg_stream_create(p, &attr, out, NULL, &dflt));
	MUST(flexio_msg_stream_create(p, &attr, out2, NULL, &s));
	assert_int_equal(flexio_msg_stream_get_id(dflt), FLEXIO_MSG_DEV_DEFAULT_STREAM_ID);
	assert_true(flexio_null_message(id, FLEXIO_MSG_DEV_DEFAULT_STREAM_ID, FLEXIO_MSG_DEV_INFO, "to the default\n") >
		    0);
	assert_true(flexio_null_message(id, flexio_msg_stream_get_id(s), FLEXIO_MSG_DEV_ERROR, "an error\n") > 0);
	flexio_null_message(id, flexio_msg_stream_get_id(s), FLEXIO_MSG_DEV_DEBUG, "too detailed\n");
	assert_int_equal(flexio_null_message(id, 63, FLEXIO_MSG_DEV_INFO, "nobody listens\n"), 0);
	MUST(flexio_msg_stream_flush(dflt));
	MUST(flexio_msg_stream_flush(s));
	assert_string_equal(file_text(out), "to the default\n");
	text = file_text(out2);
	assert_non_null(strstr(text, "an error\n"));
	assert_null(strstr(text, "too detailed"));
	MUST(flexio_msg_stream_destroy(s));
	assert_int_equal(flexio_null_message(id, 1, FLEXIO_MSG_DEV_ERROR, "after its end\n"), 0);
	MUST(flexio_process_destroy(p));
	assert_int_equal(flexio_null_message(id, 0, FLEXIO_MSG_DEV_INFO, "no process\n"), -ENOENT);
	fclose(out);
	fclose(out2);
}

/* A process stopped by its device: the error fd, the status, and every later call refused
 * with one line saying why. */
static void errors(void **state)
{
	flexio_process *p = new_process(), *busy = new_process();
	flexio_event_handler *eh;
	flexio_func_t *f;
	uint64_t ret;

	(void)state;
	/* Code and data as the image's sections say; the handler must be in executable memory. */
	EXPECT_TEXT(flexio_func_register(app, "a_variable", &f), "flexio_func_register", "is data");
	MUST(flexio_process_error_handler_set(p, &on_error));
	MUST(flexio_event_handler_create(busy, &(struct flexio_event_handler_attr){ .host_stub_func = &handler }, &eh));
	EXPECT_TEXT(flexio_process_error_handler_set(busy, &on_error), "flexio_process_error_handler_set",
		    "already has threads");
	MUST(flexio_event_handler_destroy(eh));
	MUST(flexio_process_destroy(busy));

	assert_int_equal(flexio_err_status_get(p), 0);
	assert_false(fd_readable(flexio_err_handler_fd(p), 0));
	assert_int_equal(flexio_null_stop(flexio_process_get_dumem_id(p), 0x81, 0), 0);
	assert_int_equal(flexio_null_stop(flexio_process_get_dumem_id(p), 0x82, 0), -EALREADY);
	assert_true(fd_readable(flexio_err_handler_fd(p), 5000));
	assert_int_not_equal(flexio_err_status_get(p), 0);
	EXPECT_TEXT(flexio_process_call(p, &add, &ret, 1, 2), "flexio_process_call",
		    "has stopped on flexio_dev_error, status 0x81");
	MUST(flexio_process_destroy(p));
}

/* A core dump of a process: its memory regions (the image's segments, the buffer) read back. */
static void core_dump(void **state)
{
	flexio_process *p = new_process();
	char base[] = "/tmp/flexio_null_core_XXXXXX", core[256];
	unsigned char magic[4] = { 0 };
	int fd = mkstemp(base);
	FILE *f;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	unlink(base);
	MUST(flexio_coredump_create(p, base));
	snprintf(core, sizeof(core), "%s.%u.core", base, flexio_process_get_dumem_id(p));
	f = fopen(core, "rb");
	assert_non_null(f);
	assert_int_equal(fread(magic, 1, 4, f), 4);
	fclose(f);
	unlink(core);
	assert_memory_equal(magic,
			    "\x7f"
			    "ELF",
			    4);
	MUST(flexio_process_destroy(p));
}

/* Objects of every kind: created, numbered, destroyed once; destroyed handles stay refused
 * after new objects take their memory; a process's objects go with it. */
static void objects(void **state)
{
	struct flexio_cmdq_attr pending = { .workers = 1, .batch_size = 1, .state = FLEXIO_CMDQ_STATE_PENDING };
	flexio_process *p = new_process();
	flexio_window *w, *w2;
	flexio_outbox *o;
	flexio_uar *u, *ext;
	flexio_mkey *m, *refused;
	flexio_cmdq *q;
	flexio_event_handler *eh;
	flexio_uintptr_t buf;

	(void)state;
	MUST(flexio_window_create(p, pd, &w));
	assert_int_equal(flexio_null_pd_free(pd), -EBUSY);
	MUST(flexio_window_destroy(w));
	MUST(flexio_window_create(p, pd, &w2));
	EXPECT_FAILURE_LOGGED(flexio_window_destroy(w), "flexio_window_destroy");
	assert_int_not_equal(flexio_window_get_id(w2), UINT32_MAX);
	MUST(flexio_outbox_create(p, &(struct flexio_outbox_attr){ 0 }, &o));
	assert_int_not_equal(flexio_outbox_get_id(o), UINT32_MAX);
	MUST(flexio_uar_create(p, &u));
	assert_int_not_equal(flexio_uar_get_id(u), flexio_uar_get_id(flexio_process_get_uar(p)));
	MUST(flexio_uar_extend(u, ctx, &ext));
	MUST(flexio_buf_dev_alloc(p, 64, &buf));
	MUST(flexio_device_mkey_create(
		p, &(struct flexio_mkey_attr){ .pd = pd, .daddr = buf, .len = 64, .access = IBV_ACCESS_LOCAL_WRITE },
		&m));
	EXPECT_FAILURE_LOGGED(
		flexio_device_mkey_create(
			p,
			&(struct flexio_mkey_attr){ .pd = pd, .daddr = 8, .len = 64, .access = IBV_ACCESS_LOCAL_WRITE },
			&refused),
		"flexio_device_mkey_create");

	/* A pending queue keeps its tasks until it runs; a running one runs them at once. */
	MUST(flexio_cmdq_create(p, &pending, &q));
	MUST(flexio_cmdq_task_add(q, &handler, 1));
	assert_int_equal(flexio_cmdq_is_empty(q), 0);
	MUST(flexio_cmdq_state_running(q));
	assert_int_equal(flexio_cmdq_is_empty(q), 1);
	MUST(flexio_cmdq_task_add(q, &handler, 2));
	assert_int_equal(flexio_cmdq_is_empty(q), 1);

	MUST(flexio_event_handler_create(p, &(struct flexio_event_handler_attr){ .host_stub_func = &handler }, &eh));
	MUST(flexio_event_handler_run(eh, 5));
	assert_int_not_equal(flexio_event_handler_get_id(eh), UINT32_MAX);

	/* The process goes with everything in it; its handles are refused after. */
	MUST(flexio_process_destroy(p));
	EXPECT_FAILURE_LOGGED(flexio_window_destroy(w2), "flexio_window_destroy");
	EXPECT_FAILURE_LOGGED(flexio_cmdq_task_add(q, &handler, 3), "flexio_cmdq_task_add");
	EXPECT_FAILURE_LOGGED(flexio_event_handler_run(eh, 5), "flexio_event_handler_run");
	EXPECT_FAILURE_LOGGED(flexio_device_mkey_destroy(m), "flexio_device_mkey_destroy");
	EXPECT_FAILURE_LOGGED(flexio_uar_destroy(ext), "flexio_uar_destroy");
	/* Every hold on the PD went with them: it can be freed (the fixture takes a new one). */
	assert_int_equal(flexio_null_pd_free(pd), 0);
	pd = flexio_null_pd_alloc(ctx);
	assert_non_null(pd);
}

struct caller {
	flexio_process *process;
	atomic_int *started;
	int failed;
};

/* Calls until the process is gone; every call either works or fails cleanly. */
static void *call_until_destroyed(void *arg)
{
	struct caller *c = arg;
	uint64_t ret;

	atomic_fetch_add(c->started, 1);
	while (flexio_process_call(c->process, &add, &ret, 1, 2) == FLEXIO_STATUS_SUCCESS)
		;
	c->failed++;
	return NULL;
}

struct destroyer {
	flexio_window *window;
	atomic_int *go;
	flexio_status status;
};

static void *destroy_when_told(void *arg)
{
	struct destroyer *d = arg;

	while (!atomic_load(d->go))
		;
	d->status = flexio_window_destroy(d->window);
	return NULL;
}

/* Threads at once: a process destroyed while four threads call it, a window destroyed by two. */
static void lifetimes(void **state)
{
	(void)state;
	for (int round = 0; round < 10; round++) {
		flexio_process *p = new_process();
		atomic_int started = 0, go = 0;
		struct caller callers[4];
		struct destroyer destroyers[2];
		pthread_t threads[4];
		struct stderr_capture c;
		flexio_window *w;

		MUST(flexio_window_create(p, pd, &w));
		capture_begin(&c);
		for (int i = 0; i < 2; i++) {
			destroyers[i] = (struct destroyer){ w, &go, FLEXIO_STATUS_SUCCESS };
			assert_int_equal(pthread_create(&threads[i], NULL, destroy_when_told, &destroyers[i]), 0);
		}
		atomic_store(&go, 1);
		for (int i = 0; i < 2; i++)
			pthread_join(threads[i], NULL);
		assert_int_equal(count_lines(capture_end(&c)), 1);
		assert_int_equal((destroyers[0].status == FLEXIO_STATUS_SUCCESS) +
					 (destroyers[1].status == FLEXIO_STATUS_SUCCESS),
				 1);

		capture_begin(&c);
		for (int i = 0; i < 4; i++) {
			callers[i] = (struct caller){ p, &started, 0 };
			assert_int_equal(pthread_create(&threads[i], NULL, call_until_destroyed, &callers[i]), 0);
		}
		while (atomic_load(&started) < 4)
			sched_yield();
		MUST(flexio_process_destroy(p));
		for (int i = 0; i < 4; i++) {
			pthread_join(threads[i], NULL);
			assert_int_equal(callers[i].failed, 1);
		}
		assert_int_equal(count_lines(capture_end(&c)), 4); /* each caller's last call */
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(contexts),        cmocka_unit_test(protection_domains),
		cmocka_unit_test(memory_and_heap), cmocka_unit_test(calls),
		cmocka_unit_test(message_streams), cmocka_unit_test(errors),
		cmocka_unit_test(core_dump),       cmocka_unit_test(objects),
		cmocka_unit_test(lifetimes),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
