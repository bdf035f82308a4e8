/*
 * doca-dpa-bench: the cost of DOCA DPA's kernel launches, RPCs and sync event round trips on the
 * simulated device, as ratios to FlexIO's own paths measured in the same run (README.md):
 *   - FlexIO event-handler activation (flexio-events-bench --child-latency, back to back: a
 *     host send -> the handler's first store seen by the host), the reference of the issue's
 *     target (a kernel launch <= 1.5x an activation);
 *   - flexio_process_call of the same empty RPC that doca_dpa_rpc calls, the reference of RDMA
 *     writes from DPA code (an RPC posting writes on an RDMA context whose datapath is on the DPA,
 *     each waited for on its completion context: one per RPC, and the cost of one in a batch).
 * Not a test: it prints, it judges nothing. Run from a Release tree:
 *   build/bin/doca-dpa-bench [SAMPLES]
 */
#define DOCA_ALLOW_EXPERIMENTAL_API
#define FLEXIO_ALLOW_EXPERIMENTAL_API

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <doca_dev.h>
#include <doca_ctx.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

extern struct doca_dpa_app *dpa_bench_app;
extern doca_dpa_func_t bench_empty_kernel, bench_empty_rpc, bench_pong_kernel, bench_rdma_writes;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void check(doca_error_t err, const char *what)
{
	if (err != DOCA_SUCCESS) {
		fprintf(stderr, "doca-dpa-bench: %s: %s\n", what, doca_error_get_descr(err));
		exit(1);
	}
}

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Sorts the samples and returns their median in us; prints the line. */
static double report(const char *what, uint64_t *v, size_t n, double reference_us)
{
	double median;

	qsort(v, n, sizeof(*v), compare_u64);
	median = v[n / 2] / 1e3;
	printf("  %-46s median %7.2f us  p99 %7.2f us", what, median, v[n * 99 / 100] / 1e3);
	if (reference_us > 0)
		printf("  = %5.2fx the activation", median / reference_us);
	printf("\n");
	return median;
}

/* The FlexIO activation latency (back to back, median in us), from flexio-events-bench in a child. */
static double flexio_activation_us(const char *self, size_t samples, double *idle_us)
{
	char cmd[PATH_MAX + 128], dir[PATH_MAX], line[512];
	double median = -1, value;
	FILE *p;

	snprintf(dir, sizeof(dir), "%s", self);
	*strrchr(dir, '/') = '\0';
	snprintf(cmd, sizeof(cmd), "FLEXIO_SIM_EVENT_WORKERS=1 %s/flexio-events-bench --child-latency %zu", dir,
		 samples);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	*idle_us = -1;
	while (fgets(line, sizeof(line), p)) {
		char *m = strstr(line, "median");

		if (!m || sscanf(m, "median %lf", &value) != 1)
			continue;
		if (strstr(line, "back to back: ibv_post_send -> first store"))
			median = value;
		else if (strstr(line, "after 200 us idle: ibv_post_send -> first store"))
			*idle_us = value;
	}
	pclose(p);
	return median;
}

static struct doca_dev *open_device(void)
{
	struct doca_devinfo **list;
	struct doca_dev *dev = NULL;
	uint32_t n;

	check(doca_devinfo_create_list(&list, &n), "doca_devinfo_create_list");
	for (uint32_t i = 0; i < n && !dev; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			check(doca_dev_open(list[i], &dev), "doca_dev_open");
	check(doca_devinfo_destroy_list(list), "doca_devinfo_destroy_list");
	if (!dev) {
		fprintf(stderr, "doca-dpa-bench: no device with a DPA\n");
		exit(1);
	}
	return dev;
}

static struct doca_sync_event *event(struct doca_dev *dev, struct doca_dpa *dpa, bool dpa_publishes)
{
	struct doca_sync_event *se;

	check(doca_sync_event_create(&se), "doca_sync_event_create");
	if (dpa_publishes) {
		check(doca_sync_event_add_publisher_location_dpa(se, dpa), "add_publisher_location_dpa");
		check(doca_sync_event_add_subscriber_location_cpu(se, dev), "add_subscriber_location_cpu");
	} else {
		check(doca_sync_event_add_publisher_location_cpu(se, dev), "add_publisher_location_cpu");
		check(doca_sync_event_add_subscriber_location_dpa(se, dpa), "add_subscriber_location_dpa");
	}
	check(doca_sync_event_start(se), "doca_sync_event_start");
	return se;
}

/* Kernel launch -> its completion event seen by the CPU, num_threads threads. */
static void measure_launch(struct doca_dpa *dpa, struct doca_sync_event *comp, unsigned int num_threads,
			   uint64_t *value, size_t samples, uint64_t *lat)
{
	for (size_t i = 0; i < samples; i++) {
		uint64_t t0 = now_ns();

		++*value;
		check(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, *value, num_threads, &bench_empty_kernel),
		      "doca_dpa_kernel_launch_update_set");
		check(doca_sync_event_wait_gt(comp, *value - 1, UINT64_MAX), "doca_sync_event_wait_gt");
		lat[i] = now_ns() - t0;
	}
}

/* flexio_process_call of the empty RPC, on a FlexIO process of the same application. */
static void measure_flexio_call(struct doca_dev *dev, size_t samples, uint64_t *lat)
{
	char name[64];
	struct ibv_device **devs;
	struct ibv_context *ctx = NULL;
	flexio_process *process;
	uint64_t ret;
	int n;

	check(doca_devinfo_get_ibdev_name(doca_dev_as_devinfo(dev), name, sizeof(name)), "doca_devinfo_get_ibdev_name");
	devs = ibv_get_device_list(&n);
	for (int i = 0; devs && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), name))
			ctx = ibv_open_device(devs[i]);
	ibv_free_device_list(devs);
	if (!ctx || flexio_process_create(ctx, (flexio_app *)dpa_bench_app, NULL, &process)) {
		fprintf(stderr, "doca-dpa-bench: no FlexIO process on %s\n", name);
		exit(1);
	}
	for (size_t i = 0; i < samples; i++) {
		uint64_t t0 = now_ns();

		if (flexio_process_call(process, (flexio_func_t *)&bench_empty_rpc, &ret, (uint64_t)i) ||
		    ret != i + 1) {
			fprintf(stderr, "doca-dpa-bench: flexio_process_call failed\n");
			exit(1);
		}
		lat[i] = now_ns() - t0;
	}
	flexio_process_destroy(process);
	ibv_close_device(ctx);
}

/* One side of the RDMA benchmark: an RDMA context on the DPA with a completion context. */
struct rdma_side {
	struct doca_rdma *rdma;
	struct doca_dpa_completion *comp;
	doca_dpa_dev_completion_t comp_h;
	doca_dpa_dev_rdma_t h;
	struct doca_rdma_connection *conn;
	uint32_t conn_id;
	const void *details;
	size_t len;
	doca_dpa_dev_uintptr_t buf;
	struct doca_mmap *mmap;
	doca_dpa_dev_mmap_t key;
};

#define RDMA_PERMISSIONS (DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_READ)
#define RDMA_BYTES 64u

static void rdma_side(struct doca_dev *dev, struct doca_dpa *dpa, struct rdma_side *s)
{
	check(doca_dpa_completion_create(dpa, 64, &s->comp), "doca_dpa_completion_create");
	check(doca_dpa_completion_start(s->comp), "doca_dpa_completion_start");
	check(doca_dpa_completion_get_dpa_handle(s->comp, &s->comp_h), "doca_dpa_completion_get_dpa_handle");
	check(doca_rdma_create(dev, &s->rdma), "doca_rdma_create");
	check(doca_rdma_set_permissions(s->rdma, RDMA_PERMISSIONS), "doca_rdma_set_permissions");
	check(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(s->rdma), dpa), "doca_ctx_set_datapath_on_dpa");
	check(doca_rdma_dpa_completion_attach(s->rdma, s->comp), "doca_rdma_dpa_completion_attach");
	check(doca_ctx_start(doca_rdma_as_ctx(s->rdma)), "doca_ctx_start");
	check(doca_rdma_get_dpa_handle(s->rdma, &s->h), "doca_rdma_get_dpa_handle");
	check(doca_rdma_export(s->rdma, &s->details, &s->len, &s->conn), "doca_rdma_export");
	check(doca_rdma_connection_get_id(s->conn, &s->conn_id), "doca_rdma_connection_get_id");
	check(doca_dpa_mem_alloc(dpa, RDMA_BYTES, &s->buf), "doca_dpa_mem_alloc");
	check(doca_mmap_create(&s->mmap), "doca_mmap_create");
	check(doca_mmap_set_dpa_memrange(s->mmap, dpa, s->buf, RDMA_BYTES), "doca_mmap_set_dpa_memrange");
	check(doca_mmap_set_permissions(s->mmap, RDMA_PERMISSIONS), "doca_mmap_set_permissions");
	check(doca_mmap_start(s->mmap), "doca_mmap_start");
	check(doca_mmap_dev_get_dpa_handle(s->mmap, dev, &s->key), "doca_mmap_dev_get_dpa_handle");
}

static void rdma_side_free(struct doca_dpa *dpa, struct rdma_side *s)
{
	check(doca_ctx_stop(doca_rdma_as_ctx(s->rdma)), "doca_ctx_stop");
	check(doca_rdma_destroy(s->rdma), "doca_rdma_destroy");
	check(doca_dpa_completion_destroy(s->comp), "doca_dpa_completion_destroy");
	check(doca_mmap_destroy(s->mmap), "doca_mmap_destroy");
	check(doca_dpa_mem_free(dpa, s->buf), "doca_dpa_mem_free");
}

/* RDMA writes from DPA code between two RDMA contexts of one DOCA DPA context, relative to call_us. */
static void measure_rdma(struct doca_dev *dev, struct doca_dpa *dpa, size_t samples, uint64_t *lat, double call_us,
			 double activation)
{
	const uint64_t batch = 1000;
	struct rdma_side a, b;
	uint64_t ret, t0;

	rdma_side(dev, dpa, &a);
	rdma_side(dev, dpa, &b);
	check(doca_rdma_connect(a.rdma, b.details, b.len, a.conn), "doca_rdma_connect");
	check(doca_rdma_connect(b.rdma, a.details, a.len, b.conn), "doca_rdma_connect");
	for (size_t i = 0; i < samples; i++) {
		t0 = now_ns();
		check(doca_dpa_rpc(dpa, &bench_rdma_writes, &ret, a.h, a.conn_id, b.key, b.buf, a.key, a.buf,
				   (uint64_t)RDMA_BYTES, a.comp_h, (uint64_t)1),
		      "doca_dpa_rpc");
		lat[i] = now_ns() - t0;
	}
	printf("  %-46s (%.2fx flexio_process_call)\n", "",
	       report("RPC: 1 RDMA write of 64 B from the DPA, waited", lat, samples, activation) / call_us);
	for (size_t i = 0; i < samples / 10 + 1; i++) {
		t0 = now_ns();
		check(doca_dpa_rpc(dpa, &bench_rdma_writes, &ret, a.h, a.conn_id, b.key, b.buf, a.key, a.buf,
				   (uint64_t)RDMA_BYTES, a.comp_h, batch),
		      "doca_dpa_rpc");
		lat[i] = (now_ns() - t0) / batch;
	}
	printf("  %-46s (%.2fx flexio_process_call)\n", "",
	       report("RDMA write of 64 B from the DPA, in a batch", lat, samples / 10 + 1, activation) / call_us);
	rdma_side_free(dpa, &a);
	rdma_side_free(dpa, &b);
}

int main(int argc, char **argv)
{
	size_t samples = argc > 1 ? strtoul(argv[1], NULL, 10) : 5000;
	uint64_t *lat = calloc(samples ? samples : 1, sizeof(*lat));
	struct doca_sync_event *comp, *ping, *pong, *done;
	doca_dpa_dev_sync_event_t hping, hpong;
	double activation, idle, call_us;
	struct doca_dpa *dpa;
	struct doca_dev *dev;
	uint64_t value = 0, ret;

	if (!samples || !lat) {
		fprintf(stderr, "usage: doca-dpa-bench [SAMPLES]\n");
		return 2;
	}
	activation = flexio_activation_us(argv[0], samples, &idle);
	printf("doca-dpa-bench, %zu samples each\n", samples);
	if (activation > 0)
		printf("  %-46s median %7.2f us  (after 200 us idle: %.2f us)\n",
		       "FlexIO event-handler activation, back to back", activation, idle);
	else
		printf("  FlexIO event-handler activation: flexio-events-bench did not run (ratios omitted)\n");

	dev = open_device();
	check(doca_dpa_create(dev, &dpa), "doca_dpa_create");
	check(doca_dpa_set_app(dpa, dpa_bench_app), "doca_dpa_set_app");
	check(doca_dpa_start(dpa), "doca_dpa_start");
	comp = event(dev, dpa, true);

	measure_flexio_call(dev, samples, lat);
	call_us = report("flexio_process_call (empty RPC)", lat, samples, activation);
	for (size_t i = 0; i < samples; i++) {
		uint64_t t0 = now_ns();

		check(doca_dpa_rpc(dpa, &bench_empty_rpc, &ret, (uint64_t)i), "doca_dpa_rpc");
		lat[i] = now_ns() - t0;
	}
	printf("  %-46s (%.2fx flexio_process_call)\n", "",
	       report("doca_dpa_rpc (empty RPC)", lat, samples, activation) / call_us);

	measure_rdma(dev, dpa, samples, lat, call_us, activation);

	measure_launch(dpa, comp, 1, &value, samples / 10 + 1, lat); /* warm-up */
	measure_launch(dpa, comp, 1, &value, samples, lat);
	report("kernel launch -> completion event, 1 thread", lat, samples, activation);
	measure_launch(dpa, comp, 64, &value, samples / 4 + 1, lat);
	report("kernel launch -> completion event, 64 threads", lat, samples / 4 + 1, activation);

	/* Ping-pong: the CPU sets ping, the kernel (one thread) answers on pong. */
	ping = event(dev, dpa, false);
	pong = event(dev, dpa, true);
	done = comp;
	check(doca_sync_event_get_dpa_handle(ping, dpa, &hping), "get_dpa_handle");
	check(doca_sync_event_get_dpa_handle(pong, dpa, &hpong), "get_dpa_handle");
	check(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, done, ++value, 1, &bench_pong_kernel, hping, hpong,
						(uint64_t)samples),
	      "doca_dpa_kernel_launch_update_set");
	for (size_t i = 0; i < samples; i++) {
		uint64_t t0 = now_ns();

		check(doca_sync_event_update_set(ping, 2 * i + 1), "doca_sync_event_update_set");
		check(doca_sync_event_wait_gt(pong, 2 * i, UINT64_MAX), "doca_sync_event_wait_gt");
		lat[i] = now_ns() - t0;
	}
	check(doca_sync_event_wait_gt(done, value - 1, UINT64_MAX), "doca_sync_event_wait_gt");
	report("sync event ping-pong CPU <-> DPA, round trip", lat, samples, activation);

	check(doca_sync_event_destroy(pong), "doca_sync_event_destroy");
	check(doca_sync_event_destroy(ping), "doca_sync_event_destroy");
	check(doca_sync_event_destroy(comp), "doca_sync_event_destroy");
	check(doca_dpa_destroy(dpa), "doca_dpa_destroy");
	check(doca_dev_close(dev), "doca_dev_close");
	free(lat);
	return 0;
}
