/*
 * The host runtime's hot paths on the simulated device: an empty
 * flexio_process_call (median and p99 over many calls), the call rate of two
 * threads on two processes as a ratio of one thread's, and
 * flexio_host2dev_memcpy bandwidth next to the host's memcpy, measured in the
 * same run. Timing is printed, never judged: this is not a test.
 *
 * Usage: flexio-host-bench [CALLS]   (default 200000)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <infiniband/verbs.h>
#include <libflexio/flexio.h>

extern flexio_func_t bench_noop;

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void bench_rpc(flexio_process *process, size_t calls)
{
	double *samples = malloc(calls * sizeof(*samples));
	uint64_t ret;

	for (size_t i = 0; i < 1000; i++) /* warm up */
		flexio_process_call(process, &bench_noop, &ret);
	for (size_t i = 0; i < calls; i++) {
		double t0 = now_ns();

		flexio_process_call(process, &bench_noop, &ret);
		samples[i] = now_ns() - t0;
	}
	qsort(samples, calls, sizeof(*samples), compare_doubles);
	printf("flexio_process_call (empty RPC), %zu calls: median %.0f ns, p99 %.0f ns (target: median <= 2000 ns)\n",
	       calls, samples[calls / 2], samples[calls * 99 / 100]);
	free(samples);
}

struct caller {
	flexio_process *process;
	size_t calls;
};

static void *call_loop(void *arg)
{
	struct caller *c = arg;
	uint64_t ret;

	for (size_t i = 0; i < c->calls; i++)
		flexio_process_call(c->process, &bench_noop, &ret);
	return NULL;
}

/* Calls per second of `threads` threads, each calling its own process. */
static double call_rate(flexio_process **processes, int threads, size_t calls)
{
	struct caller callers[2];
	pthread_t tids[2];
	double t0 = now_ns();

	for (int i = 0; i < threads; i++) {
		callers[i] = (struct caller){ processes[i], calls };
		pthread_create(&tids[i], NULL, call_loop, &callers[i]);
	}
	for (int i = 0; i < threads; i++)
		pthread_join(tids[i], NULL);
	return threads * calls / ((now_ns() - t0) / 1e9);
}

/* Handle checks, look-ups and the device path of different processes share no lock. */
static void bench_rpc_scaling(flexio_process **processes, size_t calls)
{
	double one = 0, two = 0;

	for (int round = 0; round < 3; round++) { /* best of 3: the machine has other work */
		double r1 = call_rate(processes, 1, calls), r2 = call_rate(processes, 2, calls);

		one = r1 > one ? r1 : one;
		two = r2 > two ? r2 : two;
	}
	printf("flexio_process_call rate: 1 thread on 1 process %.2f M/s; 2 threads on 2 processes %.2f M/s = %.2fx "
	       "(target >= 1.8x)\n",
	       one / 1e6, two / 1e6, two / one);
}

/* Best of several rounds, in GB/s. */
static double rate(size_t size, int rounds, int (*copy)(void *ctx, void *src, size_t size), void *ctx, void *src)
{
	double best = 0;
	int reps = size < 65536 ? (int)(1048576 / size) : (size < 4194304 ? 16 : 4);

	for (int r = 0; r < rounds; r++) {
		double t0 = now_ns(), gbps;

		for (int i = 0; i < reps; i++)
			copy(ctx, src, size);
		gbps = (double)size * reps / (now_ns() - t0);
		best = gbps > best ? gbps : best;
	}
	return best;
}

struct dev_target {
	flexio_process *process;
	flexio_uintptr_t daddr;
};

static int copy_to_dpa(void *ctx, void *src, size_t size)
{
	struct dev_target *t = ctx;

	return flexio_host2dev_memcpy(t->process, src, size, t->daddr);
}

static int copy_on_host(void *ctx, void *src, size_t size)
{
	memcpy(ctx, src, size);
	__asm__ volatile("" : : "r"(ctx) : "memory");
	return 0;
}

static void bench_memcpy(flexio_process *process)
{
	size_t max = 16u << 20;
	unsigned char *src = malloc(max), *dst = malloc(max);
	struct dev_target t = { .process = process };

	memset(src, 0x5a, max);
	memset(dst, 0, max);
	flexio_buf_dev_alloc(process, max, &t.daddr);
	printf("flexio_host2dev_memcpy vs host memcpy (GB/s, best of 5; target >= 50%% for >= 1 MiB):\n");
	for (size_t size = 64; size <= max; size *= 4) {
		double dev = rate(size, 5, copy_to_dpa, &t, src);
		double host = rate(size, 5, copy_on_host, dst, src);

		printf("  %8zu B  host2dev %7.2f  memcpy %7.2f  ratio %.2f\n", size, dev, host, dev / host);
	}
	flexio_buf_dev_free(process, t.daddr);
	free(src);
	free(dst);
}

int main(int argc, char **argv)
{
	size_t calls = argc > 1 ? strtoul(argv[1], NULL, 0) : 200000;
	struct ibv_device **devs;
	struct ibv_context *ctx = NULL;
	flexio_process *process, *second;
	flexio_app *app;
	int n = 0;

	if (calls < 100)
		calls = 100;
	devs = ibv_get_device_list(&n);
	for (int i = 0; devs && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), "mlx5_sim0"))
			ctx = ibv_open_device(devs[i]);
	if (!ctx || flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "host_bench" }, &app) ||
	    flexio_process_create(ctx, app, NULL, &process) || flexio_process_create(ctx, app, NULL, &second)) {
		fprintf(stderr, "cannot set up the simulated device\n");
		return 1;
	}
	bench_rpc(process, calls);
	bench_rpc_scaling((flexio_process *[]){ process, second }, calls);
	bench_memcpy(process);
	flexio_process_destroy(second);
	flexio_process_destroy(process);
	ibv_close_device(ctx);
	ibv_free_device_list(devs);
	return 0;
}
