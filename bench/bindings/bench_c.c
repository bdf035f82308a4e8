/*
 * bench/bindings, the C reference: the cost of one cheap library call
 * (flexio_process_mem_info_get) and of one empty flexio_process_call, measured the way every
 * language measures it (median over rounds of a loop); also the empty call through
 * flexio_process_call_args (what Go uses).  Prints "<name> <ns per call>".
 * Usage: flexio-bindings-bench-c [ITERATIONS] [ROUNDS]
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <infiniband/verbs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern flexio_func_t nop;

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 20000, rounds = argc > 2 ? atol(argv[2]) : 11;
	struct ibv_device **devs;
	struct ibv_context *ctx = NULL;
	flexio_app *app = NULL;
	flexio_process *p = NULL;
	double cheap[64], call[64], call_args[64];
	int n = 0;

	if (rounds > 64)
		rounds = 64;
	flexio_version_set(FLEXIO_VER_USED);
	devs = ibv_get_device_list(&n);
	for (int i = 0; i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(devs[i]), "mlx5_sim0"))
			ctx = ibv_open_device(devs[i]);
	ibv_free_device_list(devs);
	if (!ctx || flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "bindbench" }, &app) ||
	    flexio_process_create(ctx, app, NULL, &p)) {
		fprintf(stderr, "flexio-bindings-bench-c: cannot set up the simulated device\n");
		return 1;
	}
	for (long r = 0; r < rounds; r++) {
		struct flexio_heap_mem_info info;
		volatile flexio_status sink;
		uint64_t ret;
		double t = now_ns();

		for (long i = 0; i < iters * 10; i++)
			sink = flexio_process_mem_info_get(p, &info);
		cheap[r] = (now_ns() - t) / (double)(iters * 10);
		t = now_ns();
		for (long i = 0; i < iters; i++)
			sink = flexio_process_call(p, &nop, &ret);
		call[r] = (now_ns() - t) / (double)iters;
		t = now_ns();
		for (long i = 0; i < iters; i++)
			sink = flexio_process_call_args(p, &nop, &ret, NULL, 0);
		call_args[r] = (now_ns() - t) / (double)iters;
		(void)sink;
	}
	qsort(cheap, (size_t)rounds, sizeof(double), cmp);
	qsort(call, (size_t)rounds, sizeof(double), cmp);
	qsort(call_args, (size_t)rounds, sizeof(double), cmp);
	printf("c.cheap %.1f\nc.call %.1f\nc-args.call %.1f\n", cheap[rounds / 2], call[rounds / 2],
	       call_args[rounds / 2]);
	flexio_process_destroy(p);
	ibv_close_device(ctx);
	return 0;
}
