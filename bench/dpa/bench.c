/*
 * dpa-bench: measures the DPA engine against qemu-riscv64 and libriscv's interpreter.
 *
 *   dpa-bench [options] [WORKLOAD.elf]       (bench/dpa/run.sh builds everything and runs it)
 *
 * 1. instruction rate, program by program (the workload, and CoreMark and Dhrystone when given):
 *    the same ELF through dpa-sim-run on each engine, qemu-riscv64 and libriscv's emulator, each
 *    timed from outside; start-up is excluded by subtracting a run with a tiny iteration count,
 *    and the instruction count is dpa-sim-run's (--stats) over the same difference. Each time is
 *    the best of --repeat runs; every run's output must equal the interpreter's, exit status 0;
 * 2. host->guest call latency: median over 200 batches of 1000 calls of an identity function;
 * 3. guest->host ecall cost: median over 21 runs of 100000 ecalls, minus the same loop without;
 * 4. 16 harts interleaved by the deterministic scheduler vs one hart, same kernel.
 * 2-4 run in this process on the default engine (FLEXIO_SIM_ENGINE). Not a pass/fail test: it
 * prints the numbers (exit status 1 when a program cannot run or outputs differ).
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
#ifndef DPA_BENCH_SIM_RUN
#define DPA_BENCH_SIM_RUN "dpa-sim-run"
#endif

extern char **environ;

#define NOP_SERVICE (DPA_ECALL_LIMIT - 1)
#define WORKSPACE_SIZE (16u << 10)
#define HARTS 16
#define OUTPUT_MAX 4096
#define ARGS_MAX 8
#define RUNNERS 4 /* the two engines, qemu-riscv64, libriscv */

struct bench {
	struct dpa_image *image;
	struct dpa_process *process;
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
	dpa_process_set_service(b->process, NOP_SERVICE, service_nop, b);
	return 0;
}

/* ---- 1. programs through dpa-sim-run, qemu-riscv64 and libriscv ------------------------------ */

/* An emulator: its command line before the ELF. */
struct runner {
	const char *name;
	const char *argv[5];
	bool engine; /* dpa-sim-run --stats: its stderr gives the instruction count */
};

/* A program and its two argument lists: a tiny iteration count, and the measured one. */
struct program {
	const char *name, *elf;
	const char *small[ARGS_MAX], *big[ARGS_MAX];
};

struct run {
	double seconds;
	int status; /* exit status, or -1 when it could not run or was killed */
	char out[OUTPUT_MAX], err[OUTPUT_MAX];
};

/* Reads to the end (so that a writer never blocks on a full pipe), keeping the first size - 1 bytes. */
static void read_all(int fd, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;
	char rest[512];
	while ((n = len + 1 < size ? read(fd, buf + len, size - 1 - len) : read(fd, rest, sizeof(rest))) > 0)
		if (len + 1 < size)
			len += (size_t)n;
	buf[len] = 0;
}

/* Runs the runner's command, the ELF and args; times it from spawn to exit. stdout goes through a
 * pipe, stderr to a temporary file (read once the program has exited). */
static void run_once(const struct runner *r, const struct program *p, const char *const *args, struct run *out)
{
	const char *argv[16];
	size_t n = 0;
	for (size_t i = 0; r->argv[i] != NULL; i++)
		argv[n++] = r->argv[i];
	argv[n++] = p->elf;
	for (size_t i = 0; args[i] != NULL && n + 1 < sizeof(argv) / sizeof(argv[0]); i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	out->status = -1;
	out->out[0] = out->err[0] = 0;
	int pipefd[2];
	FILE *err = tmpfile();
	if (err == NULL || pipe(pipefd) != 0) {
		if (err != NULL)
			fclose(err);
		return;
	}
	posix_spawn_file_actions_t actions;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, pipefd[1], 1);
	posix_spawn_file_actions_adddup2(&actions, fileno(err), 2);
	posix_spawn_file_actions_addclose(&actions, pipefd[0]);
	pid_t pid;
	double t0 = now();
	int rc = posix_spawnp(&pid, argv[0], &actions, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&actions);
	close(pipefd[1]);
	if (rc == 0) {
		read_all(pipefd[0], out->out, sizeof(out->out));
		int status;
		waitpid(pid, &status, 0);
		out->seconds = now() - t0;
		out->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
		lseek(fileno(err), 0, SEEK_SET);
		read_all(fileno(err), out->err, sizeof(out->err));
	} else {
		snprintf(out->err, sizeof(out->err), "cannot run %s: %s", argv[0], strerror(rc));
	}
	close(pipefd[0]);
	fclose(err);
}

/* The best of `repeat` runs (the least disturbed by the rest of the machine); false when one
 * fails. */
static bool run_best(const struct runner *r, const struct program *p, const char *const *args, unsigned repeat,
		     struct run *best)
{
	static struct run run;
	for (unsigned i = 0; i < repeat; i++) {
		run_once(r, p, args, &run);
		if (run.status != 0) {
			*best = run;
			return false;
		}
		if (i == 0 || run.seconds < best->seconds)
			*best = run;
	}
	return true;
}

static uint64_t instructions(const struct run *run)
{
	const char *at = strstr(run->err, "instructions ");
	return at == NULL ? 0 : strtoull(at + strlen("instructions "), NULL, 10);
}

/* Why a runner has no figure: the first line of its failed run's stderr. */
static void describe_failure(const struct run *run, char *note, size_t size)
{
	int len = (int)strcspn(run->err, "\n");
	if (run->status < 0)
		snprintf(note, size, "did not run: %.*s", len, len > 0 ? run->err : "killed");
	else
		snprintf(note, size, "did not run (exit %d): %.*s", run->status, len, run->err);
}

/* Returns false when a program's outputs (or the engines' instruction counts) differ, or the
 * interpreter cannot run it. */
static bool bench_program(const struct runner runners[RUNNERS], const struct program *p, unsigned repeat)
{
	static struct run small, big, reference;
	static char notes[RUNNERS][OUTPUT_MAX + 64];
	double seconds[RUNNERS];
	bool agree = true;
	uint64_t count = 0;
	for (int i = 0; i < RUNNERS; i++) {
		const struct runner *r = &runners[i];
		seconds[i] = 0;
		if (r->argv[0] == NULL) {
			snprintf(notes[i], sizeof(notes[i]), "not given");
			continue;
		}
		if (!run_best(r, p, p->small, repeat, &small)) {
			describe_failure(&small, notes[i], sizeof(notes[i]));
			continue;
		}
		if (!run_best(r, p, p->big, repeat, &big)) {
			describe_failure(&big, notes[i], sizeof(notes[i]));
			continue;
		}
		if (i == 0) {
			/* The interpreter: the reference output and the instruction count. */
			reference = big;
			count = instructions(&big) - instructions(&small);
		} else if (strcmp(big.out, reference.out) != 0) {
			snprintf(notes[i], sizeof(notes[i]), "output DIFFERS from the interpreter's:\n%s", big.out);
			agree = false;
			continue;
		} else if (r->engine && instructions(&big) - instructions(&small) != count) {
			snprintf(notes[i], sizeof(notes[i]), "retired %llu instructions, the interpreter %llu",
				 (unsigned long long)(instructions(&big) - instructions(&small)),
				 (unsigned long long)count);
			agree = false;
			continue;
		}
		seconds[i] = big.seconds - small.seconds;
		if (seconds[i] <= 0)
			snprintf(notes[i], sizeof(notes[i]), "no time left once start-up is excluded");
	}
	printf("%s (", p->name);
	for (size_t i = 0; p->big[i] != NULL; i++)
		printf(i == 0 ? "%s" : " %s", p->big[i]);
	if (seconds[0] <= 0) {
		printf("): no comparison without the interpreter's run\n  %-13s %s\n", runners[0].name, notes[0]);
		return false;
	}
	printf("): %llu instructions (start-up excluded), outputs %s\n", (unsigned long long)count,
	       agree ? "agree" : "DIFFER");
	for (int i = 0; i < RUNNERS; i++) {
		if (seconds[i] <= 0) {
			printf("  %-13s %s\n", runners[i].name, notes[i]);
			continue;
		}
		printf("  %-13s %7.3f s %7.0f M instructions/s", runners[i].name, seconds[i], count / seconds[i] / 1e6);
		/* engine rate / reference rate = reference time / engine time (same instructions) */
		for (int ref = 2; runners[i].engine && ref < RUNNERS; ref++)
			if (seconds[ref] > 0)
				printf("   %.2f x %s", seconds[ref] / seconds[i], runners[ref].name);
		printf("\n");
	}
	return agree;
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

static void usage(FILE *out)
{
	fprintf(out, "usage: dpa-bench [options] [WORKLOAD.elf]\n"
		     "  --rounds N               workload rounds (default 3000)\n"
		     "  --coremark ELF           also CoreMark (bench/dpa/programs), N iterations:\n"
		     "  --coremark-iterations N  (default 5000)\n"
		     "  --dhrystone ELF          also Dhrystone, N times its 500 runs:\n"
		     "  --dhrystone-batches N    (default 6000)\n"
		     "  --sim-run PATH           dpa-sim-run (default: this build's)\n"
		     "  --qemu PATH              qemu-riscv64 (default: from PATH)\n"
		     "  --libriscv PATH          libriscv's emulator, rvlinux (default: none)\n"
		     "  --repeat N               best of N runs of each (default 3)\n"
		     "  --memcheck               the memory-model checker on in the in-process parts\n"
		     "  --help                   show this help\n");
}

int main(int argc, char **argv)
{
	const char *rounds = "3000", *qemu = "qemu-riscv64", *elf = DPA_BENCH_WORKLOAD, *sim_run = DPA_BENCH_SIM_RUN;
	const char *libriscv = NULL, *coremark = NULL, *dhrystone = NULL;
	const char *coremark_iterations = "5000", *dhrystone_batches = "6000";
	unsigned repeat = 3;
	bool memcheck = false;
	static unsigned long memcheck_reports;
	static const struct option options[] = {
		{ "rounds", required_argument, NULL, 'r' },
		{ "qemu", required_argument, NULL, 'q' },
		{ "libriscv", required_argument, NULL, 'l' },
		{ "sim-run", required_argument, NULL, 's' },
		{ "coremark", required_argument, NULL, 'c' },
		{ "coremark-iterations", required_argument, NULL, 'C' },
		{ "dhrystone", required_argument, NULL, 'd' },
		{ "dhrystone-batches", required_argument, NULL, 'D' },
		{ "repeat", required_argument, NULL, 'n' },
		{ "memcheck", no_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
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
		case 'l':
			libriscv = optarg;
			break;
		case 's':
			sim_run = optarg;
			break;
		case 'c':
			coremark = optarg;
			break;
		case 'C':
			coremark_iterations = optarg;
			break;
		case 'd':
			dhrystone = optarg;
			break;
		case 'D':
			dhrystone_batches = optarg;
			break;
		case 'n':
			repeat = (unsigned)strtoul(optarg, NULL, 10);
			break;
		case 'm':
			memcheck = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc)
		elf = argv[optind];
	if (repeat == 0 || strtoull(rounds, NULL, 10) == 0) {
		usage(stderr);
		return 2;
	}

	const struct runner runners[RUNNERS] = {
		{ "interpreter", { sim_run, "--stats", "--engine", "interpreter", NULL }, true },
		{ "translator", { sim_run, "--stats", "--engine", "translator", NULL }, true },
		{ "qemu-riscv64", { qemu, NULL }, false },
		{ "libriscv", { libriscv, "--silent", NULL }, false },
	};
	/* CoreMark's performance run: seeds 0, 0, 0x66 and the iteration count. */
	const struct program programs[] = {
		{ "coremark",
		  coremark,
		  { "0", "0", "0x66", "1", NULL },
		  { "0", "0", "0x66", coremark_iterations, NULL } },
		{ "dhrystone", dhrystone, { "1", NULL }, { dhrystone_batches, NULL } },
		{ "workload", elf, { "1", NULL }, { rounds, NULL } },
	};
	bool ok = true;
	printf("instruction rate: best of %u runs each; ratios are engine rate / reference rate\n", repeat);
	for (size_t i = 0; i < sizeof(programs) / sizeof(programs[0]); i++)
		if (programs[i].elf != NULL)
			ok &= bench_program(runners, &programs[i], repeat);

	struct bench b = { 0 };
	if (open_workload(&b, elf) != 0)
		return 1;
	if (memcheck && dpa_process_memcheck(b.process, memcheck_report, &memcheck_reports) != 0)
		return 1;
	printf("in this process, on the %s:\n",
	       dpa_process_engine(b.process) == DPA_ENGINE_TRANSLATOR ? "translator" : "interpreter");
	bench_call(&b);
	bench_ecall(&b);
	bench_harts(&b, strtoull(rounds, NULL, 10) / 16 + 1);
	if (memcheck)
		printf("memcheck: on, %lu reports\n", memcheck_reports);
	dpa_process_destroy(b.process);
	dpa_image_release(b.image);
	return ok ? 0 : 1;
}
