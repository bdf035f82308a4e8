/*
 * doca-dma-bench: DOCA DMA memcpy tasks through a progress engine on one thread, against host
 * memcpy measured in the same run. For 64 B and 64 KiB copies:
 *
 *   throughput   WINDOW tasks in flight; each completion callback resets its destination and
 *                submits the task again, as a copy loop does: tasks/s and GB/s;
 *   latency      one task at a time: doca_task_submit -> the callback (doca_pe_progress polling),
 *                the median of many;
 *   memcpy       the same copies by the CPU (the same buffers, round robin): copies/s, GB/s, and
 *                the time of one.
 *
 * The ratios printed are DMA / memcpy (throughput) and memcpy time / DMA latency. On the simulated
 * BlueField-3 the copies are the simulated NIC's DMA engine's (a thread of its own), so a copy
 * costs the progress thread the post and the poll, and the engine's thread the copy.
 *
 * Not a test: it prints, it judges nothing (README.md). Usage: doca-dma-bench [IBDEV [SECONDS
 * [WINDOW]]] (default mlx5_sim0 1 128; the best of 3 runs each).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dma.h>
#include <doca_mmap.h>
#include <doca_pe.h>

#define MAX_WINDOW 1024
#define ROUNDS 3

struct bench {
	struct doca_dev *dev;
	struct doca_pe *pe;
	struct doca_dma *dma;
	struct doca_mmap *src_map, *dst_map;
	struct doca_buf_inventory *inventory;
	struct doca_buf *src[MAX_WINDOW], *dst[MAX_WINDOW];
	struct doca_dma_task_memcpy *task[MAX_WINDOW];
	char *src_mem, *dst_mem;
	size_t size;
	int window;
	/* the run */
	double deadline;
	long completed;
	bool stopping;
	int inflight;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void check(doca_error_t err, const char *what)
{
	if (err != DOCA_SUCCESS) {
		fprintf(stderr, "doca-dma-bench: %s: %s\n", what, doca_error_get_descr(err));
		exit(1);
	}
}

static void completed(struct doca_dma_task_memcpy *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	struct bench *b = ctx_user_data.ptr;

	b->completed++;
	if (b->stopping) {
		b->inflight--;
		return;
	}
	doca_buf_reset_data_len(b->dst[task_user_data.u64]);
	if (doca_task_submit(doca_dma_task_memcpy_as_task(task)) != DOCA_SUCCESS)
		b->inflight--;
}

static void failed(struct doca_dma_task_memcpy *task, union doca_data task_user_data, union doca_data ctx_user_data)
{
	(void)task;
	(void)task_user_data;
	(void)ctx_user_data;
	fprintf(stderr, "doca-dma-bench: a copy failed: %s\n",
		doca_error_get_descr(doca_task_get_status(doca_dma_task_memcpy_as_task(task))));
	exit(1);
}

static struct doca_mmap *map(struct bench *b, void *addr, size_t len)
{
	struct doca_mmap *m;

	check(doca_mmap_create(&m), "doca_mmap_create");
	check(doca_mmap_set_memrange(m, addr, len), "doca_mmap_set_memrange");
	check(doca_mmap_add_dev(m, b->dev), "doca_mmap_add_dev");
	check(doca_mmap_start(m), "doca_mmap_start");
	return m;
}

static void open_bench(struct bench *b, const char *name, size_t size, int window)
{
	struct doca_devinfo **list;
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	uint32_t n;

	memset(b, 0, sizeof(*b));
	b->size = size;
	b->window = window;
	check(doca_devinfo_create_list(&list, &n), "doca_devinfo_create_list");
	for (uint32_t i = 0; i < n && !b->dev; i++)
		if (doca_devinfo_get_ibdev_name(list[i], ibdev, sizeof(ibdev)) == DOCA_SUCCESS && !strcmp(ibdev, name))
			check(doca_dev_open(list[i], &b->dev), "doca_dev_open");
	doca_devinfo_destroy_list(list);
	if (!b->dev)
		check(DOCA_ERROR_NOT_FOUND, name);
	check(doca_pe_create(&b->pe), "doca_pe_create");
	check(doca_dma_create(b->dev, &b->dma), "doca_dma_create");
	check(doca_dma_task_memcpy_set_conf(b->dma, completed, failed, (uint32_t)window), "set_conf");
	check(doca_ctx_set_user_data(doca_dma_as_ctx(b->dma), (union doca_data){ .ptr = b }), "user data");
	check(doca_pe_connect_ctx(b->pe, doca_dma_as_ctx(b->dma)), "doca_pe_connect_ctx");
	check(doca_ctx_start(doca_dma_as_ctx(b->dma)), "doca_ctx_start");
	b->src_mem = aligned_alloc(4096, size * window);
	b->dst_mem = aligned_alloc(4096, size * window);
	if (!b->src_mem || !b->dst_mem)
		check(DOCA_ERROR_NO_MEMORY, "buffers");
	memset(b->src_mem, 'x', size * window);
	memset(b->dst_mem, 0, size * window);
	b->src_map = map(b, b->src_mem, size * window);
	b->dst_map = map(b, b->dst_mem, size * window);
	check(doca_buf_inventory_create(2 * window, &b->inventory), "doca_buf_inventory_create");
	check(doca_buf_inventory_start(b->inventory), "doca_buf_inventory_start");
	for (int i = 0; i < window; i++) {
		check(doca_buf_inventory_buf_get_by_data(b->inventory, b->src_map, b->src_mem + i * size, size,
							 &b->src[i]),
		      "buf_get_by_data");
		check(doca_buf_inventory_buf_get_by_addr(b->inventory, b->dst_map, b->dst_mem + i * size, size,
							 &b->dst[i]),
		      "buf_get_by_addr");
		check(doca_dma_task_memcpy_alloc_init(b->dma, b->src[i], b->dst[i],
						      (union doca_data){ .u64 = (uint64_t)i }, &b->task[i]),
		      "doca_dma_task_memcpy_alloc_init");
	}
}

static void close_bench(struct bench *b)
{
	for (int i = 0; i < b->window; i++) {
		doca_task_free(doca_dma_task_memcpy_as_task(b->task[i]));
		doca_buf_dec_refcount(b->src[i], NULL);
		doca_buf_dec_refcount(b->dst[i], NULL);
	}
	doca_ctx_stop(doca_dma_as_ctx(b->dma));
	doca_buf_inventory_destroy(b->inventory);
	doca_mmap_destroy(b->src_map);
	doca_mmap_destroy(b->dst_map);
	doca_dma_destroy(b->dma);
	doca_pe_destroy(b->pe);
	doca_dev_close(b->dev);
	free(b->src_mem);
	free(b->dst_mem);
}

/* Tasks per second with window tasks in flight for seconds. */
static double throughput(struct bench *b, int window, double seconds)
{
	double start;
	long done;

	b->completed = 0;
	b->stopping = false;
	b->inflight = window;
	for (int i = 0; i < window; i++) {
		doca_buf_reset_data_len(b->dst[i]);
		check(doca_task_submit(doca_dma_task_memcpy_as_task(b->task[i])), "doca_task_submit");
	}
	start = now();
	while (now() - start < seconds)
		for (int i = 0; i < 64; i++)
			doca_pe_progress(b->pe);
	done = b->completed;
	seconds = now() - start;
	b->stopping = true;
	while (b->inflight)
		doca_pe_progress(b->pe);
	return done / seconds;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median time of one task alone: submit -> its callback. */
static double latency(struct bench *b, int samples)
{
	double *t = malloc(sizeof(double) * samples), median;

	b->stopping = true;
	for (int i = 0; i < samples; i++) {
		double start;

		b->completed = 0;
		b->inflight = 1;
		doca_buf_reset_data_len(b->dst[0]);
		start = now();
		check(doca_task_submit(doca_dma_task_memcpy_as_task(b->task[0])), "doca_task_submit");
		while (b->inflight)
			doca_pe_progress(b->pe);
		t[i] = now() - start;
	}
	qsort(t, samples, sizeof(double), cmp_double);
	median = t[samples / 2];
	free(t);
	return median;
}

/* Copies per second of memcpy over the same buffers, round robin. */
static double memcpy_rate(struct bench *b, double seconds)
{
	double start = now(), elapsed;
	long copies = 0;

	do {
		for (int i = 0; i < b->window; i++)
			memcpy(b->dst_mem + i * b->size, b->src_mem + i * b->size, b->size);
		/* the compiler keeps copies whose result is read */
		__asm__ volatile("" : : "r"(b->dst_mem) : "memory");
		copies += b->window;
	} while ((elapsed = now() - start) < seconds);
	return copies / elapsed;
}

static void run(const char *dev, size_t size, int window, double seconds)
{
	struct bench b;
	double dma = 0, cpu = 0, lat = 1e9, one;

	open_bench(&b, dev, size, window);
	for (int r = 0; r < ROUNDS; r++) {
		double x = throughput(&b, window, seconds), y = memcpy_rate(&b, seconds), l = latency(&b, 2000);

		dma = x > dma ? x : dma;
		cpu = y > cpu ? y : cpu;
		lat = l < lat ? l : lat;
	}
	one = 1 / cpu;
	printf("%6zu B  DMA  %10.0f tasks/s %8.2f GB/s   memcpy %11.0f copies/s %8.2f GB/s   ratio %.2fx\n", size, dma,
	       dma * size / 1e9, cpu, cpu * size / 1e9, dma / cpu);
	printf("%6zu B  latency: DMA task %8.2f us   memcpy %8.3f us   ratio %.3fx\n", size, lat * 1e6, one * 1e6,
	       one / lat);
	close_bench(&b);
}

int main(int argc, char **argv)
{
	const char *dev = argc > 1 ? argv[1] : "mlx5_sim0";
	double seconds = argc > 2 ? atof(argv[2]) : 1.0;
	int window = argc > 3 ? atoi(argv[3]) : 128;

	if (window < 1 || window > MAX_WINDOW || seconds <= 0) {
		fprintf(stderr, "usage: doca-dma-bench [IBDEV [SECONDS [WINDOW (1 - %d)]]]\n", MAX_WINDOW);
		return 2;
	}
	printf("doca-dma-bench: %s, %d tasks in flight, best of %d runs of %.1f s\n", dev, window, ROUNDS, seconds);
	run(dev, 64, window, seconds);
	run(dev, 65536, window < 64 ? window : 64, seconds);
	return 0;
}
