/*
 * dpa-bench: measures the DPA engine against qemu-riscv64 on the same RV64 workload.
 *
 *   dpa-bench [--rounds N] [--qemu PATH] [WORKLOAD.elf]
 *
 * 1. instruction rate: the whole workload program on the engine (instructions retired / wall
 *    time) and under qemu-riscv64 (same instruction count, since the program is deterministic;
 *    qemu's wall time minus its start-up time, measured with 0 rounds); checksums must agree;
 * 2. host->guest call latency: median over 200 batches of 1000 calls of an identity function;
 * 3. guest->host ecall cost: median over 21 runs of 100000 ecalls, minus the same loop without;
 * 4. 16 harts interleaved by the deterministic scheduler vs one hart, same kernel.
 * Not a pass/fail test: it prints the numbers.
 */
#include <errno.h>
#include <getopt.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dpa.h"
#include "memcheck.h"
#include "dpa_ecall.h"

#ifndef DPA_BENCH_WORKLOAD
#define DPA_BENCH_WORKLOAD "workload.elf"
#endif

extern char **environ;

#define NOP_SERVICE (DPA_ECALL_LIMIT - 1)
#define WORKSPACE_SIZE (16u << 10)
#define HARTS 16

struct bench {
	struct dpa_image *image;
	struct dpa_process *process;
	char output[64];
	size_t output_len;
	bool exited;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), compare_doubles);
	return v[n / 2];
}

static int64_t service_write(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct bench *b = user;
	size_t len = args[2];
	if (len > sizeof(b->output) - b->output_len)
		len = sizeof(b->output) - b->output_len;
	if (dpa_process_read(dpa_hart_process(hart), args[1], b->output + b->output_len, len) != 0)
		return -EFAULT;
	b->output_len += len;
	return (int64_t)args[2];
}

static int64_t service_exit(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct bench *b = user;
	b->exited = true;
	dpa_hart_request_stop(hart, args[0]);
	return 0;
}

static int64_t service_nop(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	return (int64_t)args[0];
}

static uint64_t symbol(const struct bench *b, const char *name)
{
	uint64_t address = 0;
	if (dpa_image_symbol(b->image, name, &address, NULL) != 0) {
		fprintf(stderr, "dpa-bench: the workload has no symbol %s\n", name);
		exit(1);
	}
	return address;
}

static int open_workload(struct bench *b, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		fprintf(stderr, "dpa-bench: cannot open %s\n", path);
		return -1;
	}
	static uint8_t file[4 << 20];
	size_t size = fread(file, 1, sizeof(file), f);
	fclose(f);
	char err[DPA_ERROR_MAX];
	b->image = dpa_image_load(file, size, err, sizeof(err));
	struct dpa_process_config config = { .heap_size = 4 << 20 };
	b->process = b->image ? dpa_process_create(b->image, &config, err, sizeof(err)) : NULL;
	if (b->process == NULL) {
		fprintf(stderr, "dpa-bench: %s: %s\n", path, err);
		return -1;
	}
	dpa_process_set_service(b->process, DPA_ECALL_LINUX_WRITE, service_write, b);
	dpa_process_set_service(b->process, DPA_ECALL_LINUX_EXIT, service_exit, b);
	dpa_process_set_service(b->process, NOP_SERVICE, service_nop, b);
	return 0;
}

/* Runs the program from _start with argv = {"workload", rounds}, like dpa-sim-run. */
static uint64_t run_program(struct bench *b, const char *rounds, double *seconds)
{
	struct dpa_hart_config hc = { .stack_size = 1 << 20 };
	struct dpa_hart *hart = dpa_hart_create(b->process, &hc);
	uint64_t base, size;
	dpa_hart_stack(hart, &base, &size);
	uint64_t strings = base + size - 64;
	dpa_process_write(b->process, strings, "workload", 9);
	dpa_process_write(b->process, strings + 16, rounds, strlen(rounds) + 1);
	uint64_t frame[7] = { 2, strings, strings + 16, 0, 0, 0, 0 };
	uint64_t sp = strings - sizeof(frame);
	dpa_process_write(b->process, sp, frame, sizeof(frame));
	dpa_hart_set_reg(hart, 2, sp);
	dpa_hart_prepare_entry(hart, dpa_image_entry(b->image));
	b->output_len = 0;
	b->exited = false;
	double t0 = now();
	enum dpa_stop stop = dpa_hart_run(hart, 0);
	*seconds = now() - t0;
	uint64_t n = dpa_hart_instret(hart);
	if (stop != DPA_STOP_REQUESTED || !b->exited) {
		fprintf(stderr, "dpa-bench: the workload did not exit (stop %d)\n", stop);
		exit(1);
	}
	dpa_hart_destroy(hart);
	return n;
}

/* Wall time of qemu-riscv64 running the workload; its stdout goes to out. */
static double run_qemu(const char *qemu, const char *elf, const char *rounds, char *out, size_t out_size)
{
	int pipefd[2];
	if (pipe(pipefd) != 0)
		return -1;
	posix_spawn_file_actions_t actions;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, pipefd[1], 1);
	posix_spawn_file_actions_addclose(&actions, pipefd[0]);
	char *argv[] = { (char *)qemu, (char *)elf, (char *)rounds, NULL };
	pid_t pid;
	double t0 = now();
	int rc = posix_spawnp(&pid, qemu, &actions, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&actions);
	close(pipefd[1]);
	if (rc != 0) {
		close(pipefd[0]);
		return -1;
	}
	size_t len = 0;
	ssize_t n;
	while ((n = read(pipefd[0], out + len, out_size - 1 - len)) > 0)
		len += (size_t)n;
	out[len] = 0;
	close(pipefd[0]);
	int status;
	waitpid(pid, &status, 0);
	double t = now() - t0;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? t : -1;
}

static void bench_rate(struct bench *b, const char *qemu, const char *elf, const char *rounds)
{
	double seconds;
	run_program(b, "1", &seconds); /* warm up */
	uint64_t n = run_program(b, rounds, &seconds);
	double engine_rate = (double)n / seconds;
	printf("workload: %llu instructions (%s rounds)\n", (unsigned long long)n, rounds);
	printf("engine:   %.3f s  %.0f M instructions/s\n", seconds, engine_rate / 1e6);
	char engine_out[64];
	snprintf(engine_out, sizeof(engine_out), "%.*s", (int)b->output_len, b->output);
	char qemu_out[256];
	double base = run_qemu(qemu, elf, "0", qemu_out, sizeof(qemu_out));
	double t = run_qemu(qemu, elf, rounds, qemu_out, sizeof(qemu_out));
	if (base < 0 || t < 0) {
		printf("qemu:     %s did not run; no comparison\n", qemu);
		return;
	}
	double qemu_rate = (double)n / (t - base);
	printf("qemu:     %.3f s (%.3f s start-up excluded)  %.0f M instructions/s\n", t - base, base, qemu_rate / 1e6);
	printf("ratio:    engine / qemu = %.3f   checksums %s\n", engine_rate / qemu_rate,
	       strcmp(engine_out, qemu_out) == 0 ? "agree" : "DIFFER");
}

static void bench_call(struct bench *b)
{
	struct dpa_hart *hart = dpa_hart_create(b->process, NULL);
	uint64_t fn = symbol(b, "bench_identity"), r = 0;
	enum {
		BATCHES = 200,
		CALLS = 1000
	};
	static double per_call[BATCHES];
	for (int i = 0; i < BATCHES; i++) {
		double t0 = now();
		for (uint64_t k = 0; k < CALLS; k++) {
			if (dpa_hart_call(hart, fn, &k, 1, &r) != DPA_STOP_RETURNED || r != k) {
				fprintf(stderr, "dpa-bench: call failed\n");
				exit(1);
			}
		}
		per_call[i] = (now() - t0) / CALLS;
	}
	printf("host->guest call: %.1f ns (median of %d batches of %d)\n", median(per_call, BATCHES) * 1e9, BATCHES,
	       CALLS);
	dpa_hart_destroy(hart);
}

static void bench_ecall(struct bench *b)
{
	struct dpa_hart *hart = dpa_hart_create(b->process, NULL);
	uint64_t with = symbol(b, "bench_ecalls"), without = symbol(b, "bench_no_ecalls");
	enum {
		RUNS = 21,
		N = 100000
	};
	double cost[RUNS];
	uint64_t args[2] = { N, NOP_SERVICE };
	for (int i = 0; i < RUNS; i++) {
		double t0 = now();
		dpa_hart_call(hart, with, args, 2, NULL);
		double t1 = now();
		dpa_hart_call(hart, without, args, 2, NULL);
		double t2 = now();
		cost[i] = ((t1 - t0) - (t2 - t1)) / N;
	}
	printf("guest->host ecall: %.1f ns (median of %d runs of %d ecalls, loop cost removed)\n",
	       median(cost, RUNS) * 1e9, RUNS, N);
	dpa_hart_destroy(hart);
}

static void bench_harts(struct bench *b, uint64_t rounds)
{
	uint64_t kernel = symbol(b, "bench_kernel"), heap, heap_size;
	dpa_process_heap(b->process, &heap, &heap_size);
	struct dpa_hart *harts[HARTS];
	for (int i = 0; i < HARTS; i++)
		harts[i] = dpa_hart_create(b->process, NULL);

	/* one hart does the work of all sixteen */
	uint64_t args[2] = { rounds * HARTS, heap };
	uint64_t before = dpa_hart_instret(harts[0]);
	double t0 = now();
	dpa_hart_call(harts[0], kernel, args, 2, NULL);
	double single_time = now() - t0;
	double single = (double)(dpa_hart_instret(harts[0]) - before) / single_time;

	for (int mode = 0; mode < 2; mode++) {
		struct dpa_sched_config config = { .deterministic = mode == 0, .workers = 2 };
		struct dpa_sched *sched = dpa_sched_create(&config);
		uint64_t total = 0;
		for (int i = 0; i < HARTS; i++) {
			uint64_t a[2] = { rounds, heap + (uint64_t)i * WORKSPACE_SIZE };
			total -= dpa_hart_instret(harts[i]);
			dpa_hart_prepare_call(harts[i], kernel, a, 2);
			dpa_sched_submit(sched, harts[i]);
		}
		t0 = now();
		dpa_sched_run(sched);
		double t = now() - t0;
		for (int i = 0; i < HARTS; i++)
			total += dpa_hart_instret(harts[i]);
		dpa_sched_destroy(sched);
		double rate = (double)total / t;
		printf("%d harts, %s: %.0f M instructions/s = %.2f x one hart (%.0f M/s)\n", HARTS,
		       mode == 0 ? "deterministic, 1 worker" : "2 worker threads", rate / 1e6, rate / single,
		       single / 1e6);
	}
	for (int i = 0; i < HARTS; i++)
		dpa_hart_destroy(harts[i]);
}

/* --memcheck: the memory-model checker on (its reports are only counted; the workload makes
 * none), to see its cost; off (the default) it must cost nothing. */
static void memcheck_report(void *user, const struct dpa_memcheck_report *report)
{
	(void)report;
	++*(unsigned long *)user;
}

int main(int argc, char **argv)
{
	const char *rounds = "1500", *qemu = "qemu-riscv64", *elf = DPA_BENCH_WORKLOAD;
	bool memcheck = false;
	static unsigned long memcheck_reports;
	static const struct option options[] = {
		{ "rounds", required_argument, NULL, 'r' },
		{ "qemu", required_argument, NULL, 'q' },
		{ "memcheck", no_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 },
	};
	int option;
	while ((option = getopt_long(argc, argv, "", options, NULL)) != -1) {
		switch (option) {
		case 'r':
			rounds = optarg;
			break;
		case 'q':
			qemu = optarg;
			break;
		case 'm':
			memcheck = true;
			break;
		default:
			fprintf(stderr, "usage: dpa-bench [--rounds N] [--qemu PATH] [--memcheck] [WORKLOAD.elf]\n");
			return 2;
		}
	}
	if (optind < argc)
		elf = argv[optind];
	struct bench b = { 0 };
	if (open_workload(&b, elf) != 0)
		return 1;
	if (memcheck && dpa_process_memcheck(b.process, memcheck_report, &memcheck_reports) != 0)
		return 1;
	bench_rate(&b, qemu, elf, rounds);
	bench_call(&b);
	bench_ecall(&b);
	bench_harts(&b, strtoull(rounds, NULL, 10) / 16 + 1);
	if (memcheck)
		printf("memcheck: on, %lu reports\n", memcheck_reports);
	dpa_process_destroy(b.process);
	dpa_image_release(b.image);
	return 0;
}
