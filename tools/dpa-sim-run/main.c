/*
 * dpa-sim-run: runs a freestanding static RV64 ELF on the simulated DPA the way qemu-riscv64
 * would run it (Linux initial stack, write/exit/exit_group ecalls, exit status), so the same
 * binary can be checked against qemu.
 *
 *   dpa-sim-run [--stats] [--trace] [--watchdog N] [--engine E] [--strict-alignment] [--help] [--] ELF
 *               [ARGS...]
 *
 * Options end at ELF (getopt_long with '+'): the arguments after it are the program's own.
 * Exit status: the program's exit status; 128 + signal on a fault, as for a killed process:
 * SIGBUS (135) misaligned access, SIGSEGV (139) unmapped or forbidden access or fetch, SIGILL
 * (132) illegal instruction, SIGTRAP (133) ebreak, SIGXCPU (152) watchdog, SIGSYS (159) other;
 * 125 for usage or loading errors. A fault is reported on stderr with its pc's source line when
 * the ELF has debug info, else its function. --stats writes counters to stderr, --trace writes
 * one line "<pc> <insn>" per executed instruction to stderr. --engine interpreter|translator
 * chooses the execution engine (default: FLEXIO_SIM_ENGINE, else the translator where the host
 * has one); a translator this host lacks is a usage error. Misaligned loads and stores are performed,
 * as BlueField-3 performs them (core/dpa/README.md, "Faults"), unless --strict-alignment or the
 * environment's FLEXIO_SIM_STRICT_ALIGNMENT=1 makes them faults; qemu-riscv64 performs them too.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dpa.h"
#include "dpa_ecall.h"

#define EXIT_USAGE 125
#define FILE_MAX (256u << 20)
#define STACK_SIZE (8u << 20)
#define WATCHDOG_DEFAULT 10000000000ull

struct run_state {
	bool exited;
	int status;
};

static void usage(FILE *out)
{
	fprintf(out,
		"usage: dpa-sim-run [--stats] [--trace] [--watchdog N] [--engine E] [--strict-alignment] [--help] [--] "
		"ELF [ARGS...]\n"
		"  --stats        write instruction, cycle and misaligned-access counters and the engine to\n"
		"                 stderr at the end\n"
		"  --trace        write \"<pc> <insn>\" to stderr for each executed instruction\n"
		"  --watchdog N   fault (exit 152) after N instructions without an exit (default %llu)\n"
		"  --engine E     interpreter or translator (default: FLEXIO_SIM_ENGINE, else the\n"
		"                 translator where this host has one)\n"
		"  --strict-alignment\n"
		"                 misaligned loads and stores fault (exit 135) instead of being performed\n"
		"                 (also FLEXIO_SIM_STRICT_ALIGNMENT=1)\n"
		"  --help         show this help\n",
		WATCHDOG_DEFAULT);
}

struct run_options {
	bool stats, trace, strict_alignment;
	uint64_t watchdog;
	enum dpa_engine engine;
	int elf_index; /* argv[elf_index] is the ELF, followed by its arguments */
};

static const char *const engine_names[] = {
	[DPA_ENGINE_INTERPRETER] = "interpreter",
	[DPA_ENGINE_TRANSLATOR] = "translator",
};

/* DPA_ENGINE_DEFAULT for a name that is not an engine's. */
static enum dpa_engine engine_from_name(const char *name)
{
	for (size_t e = 0; e < sizeof(engine_names) / sizeof(engine_names[0]); e++)
		if (engine_names[e] != NULL && strcmp(name, engine_names[e]) == 0)
			return (enum dpa_engine)e;
	return DPA_ENGINE_DEFAULT;
}

/* Returns -1 when the options are good, else the exit status (0 after --help). */
static int parse_options(int argc, char **argv, struct run_options *opts)
{
	static const struct option long_options[] = {
		{ "stats", no_argument, NULL, 's' },
		{ "trace", no_argument, NULL, 't' },
		{ "watchdog", required_argument, NULL, 'w' },
		{ "engine", required_argument, NULL, 'e' },
		{ "strict-alignment", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *strict = getenv("FLEXIO_SIM_STRICT_ALIGNMENT");
	*opts = (struct run_options){ .watchdog = WATCHDOG_DEFAULT,
				      .engine = DPA_ENGINE_DEFAULT,
				      .strict_alignment = strict != NULL && *strict && strcmp(strict, "0") };
	int option;
	/* '+': stop at the ELF; ':' first: a missing value is reported as ':' rather than '?'. */
	while ((option = getopt_long(argc, argv, "+:h", long_options, NULL)) != -1) {
		char *end;
		switch (option) {
		case 's':
			opts->stats = true;
			break;
		case 't':
			opts->trace = true;
			break;
		case 'a':
			opts->strict_alignment = true;
			break;
		case 'w':
			errno = 0;
			opts->watchdog = strtoull(optarg, &end, 0);
			if (errno != 0 || *end != 0 || opts->watchdog == 0 || optarg[0] == '-') {
				fprintf(stderr, "dpa-sim-run: bad watchdog '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'e':
			opts->engine = engine_from_name(optarg);
			if (opts->engine == DPA_ENGINE_DEFAULT) {
				fprintf(stderr, "dpa-sim-run: unknown engine '%s' (interpreter or translator)\n",
					optarg);
				return EXIT_USAGE;
			}
			if (opts->engine == DPA_ENGINE_TRANSLATOR && !dpa_engine_translator_available()) {
				fprintf(stderr, "dpa-sim-run: this build has no translator for this host; use "
						"--engine interpreter\n");
				return EXIT_USAGE;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		case ':':
			fprintf(stderr, "dpa-sim-run: option '%s' needs a value\n", argv[optind - 1]);
			usage(stderr);
			return EXIT_USAGE;
		default:
			fprintf(stderr, "dpa-sim-run: unknown option '%s'\n", argv[optind - 1]);
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	opts->elf_index = optind;
	return -1;
}

static void *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	while (buf != NULL) {
		len += fread(buf + len, 1, cap - len, f);
		if (len < cap || cap >= FILE_MAX)
			break;
		char *grown = realloc(buf, cap * 2);
		if (grown == NULL) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = grown;
		cap *= 2;
	}
	bool failed = ferror(f) != 0;
	fclose(f);
	if (failed) {
		free(buf);
		return NULL;
	}
	*size = len;
	return buf;
}

static int64_t service_write(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	uint64_t fd = args[0], address = args[1], len = args[2];
	if (fd != 1 && fd != 2)
		return -EBADF;
	if (len == 0)
		return 0;
	const void *src = dpa_process_host_pointer(dpa_hart_process(hart), address, len, false);
	if (src == NULL)
		return -EFAULT;
	ssize_t n = write((int)fd, src, len);
	return n < 0 ? -errno : n;
}

static int64_t service_exit(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct run_state *state = user;
	state->exited = true;
	state->status = (int)(args[0] & 0xff);
	dpa_hart_request_stop(hart, args[0]);
	return 0;
}

static int64_t service_missing(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	(void)args;
	return -ENOSYS;
}

static void trace_line(void *user, struct dpa_hart *hart, uint64_t pc, uint32_t insn)
{
	(void)user;
	(void)hart;
	if ((insn & 3) == 3)
		fprintf(stderr, "%016llx %08x\n", (unsigned long long)pc, insn);
	else
		fprintf(stderr, "%016llx %04x\n", (unsigned long long)pc, insn);
}

static int fault_status(enum dpa_fault_cause cause)
{
	switch (cause) {
	case DPA_FAULT_MISALIGNED:
		return 128 + SIGBUS;
	case DPA_FAULT_UNMAPPED:
	case DPA_FAULT_PERMISSION:
	case DPA_FAULT_FETCH:
	case DPA_FAULT_APERTURE:
		return 128 + SIGSEGV;
	case DPA_FAULT_ILLEGAL:
		return 128 + SIGILL;
	case DPA_FAULT_BREAKPOINT:
		return 128 + SIGTRAP;
	case DPA_FAULT_WATCHDOG:
		return 128 + SIGXCPU;
	default:
		return 128 + SIGSYS;
	}
}

/* The fault, then where its pc is in the program: source line (debug info) or function. */
static void report_fault(const struct dpa_image *image, const struct dpa_fault *f)
{
	static const char *const names[32] = { "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
					       "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
					       "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6" };
	uint64_t offset = 0;
	const char *function = dpa_image_function(image, f->pc, &offset), *file;
	unsigned line;

	fprintf(stderr, "dpa-sim-run: fault: %s at pc=0x%llx addr=0x%llx", dpa_fault_cause_name(f->cause),
		(unsigned long long)f->pc, (unsigned long long)f->address);
	if (dpa_image_source_line(image, f->pc, &file, &line) == 0)
		fprintf(stderr, " (%s:%u%s%s)", file, line, function ? " in " : "", function ? function : "");
	else if (function)
		fprintf(stderr, " (%s+0x%llx)", function, (unsigned long long)offset);
	fputc('\n', stderr);
	for (int i = 0; i < 32; i++)
		fprintf(stderr, "%4s=%016llx%s", names[i], (unsigned long long)f->regs[i], i % 4 == 3 ? "\n" : " ");
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	struct run_options opts;
	int status = parse_options(argc, argv, &opts);
	if (status >= 0)
		return status;
	int i = opts.elf_index;

	size_t size = 0;
	void *file = read_file(argv[i], &size);
	if (file == NULL) {
		fprintf(stderr, "dpa-sim-run: cannot read %s: %s\n", argv[i], strerror(errno));
		return EXIT_USAGE;
	}
	char err[DPA_ERROR_MAX];
	struct dpa_image *image = dpa_image_load(file, size, err, sizeof(err));
	free(file);
	if (image == NULL) {
		fprintf(stderr, "dpa-sim-run: %s: %s\n", argv[i], err);
		return EXIT_USAGE;
	}
	struct dpa_process_config pconfig = { .watchdog = opts.watchdog };
	struct dpa_process *process = dpa_process_create(image, &pconfig, err, sizeof(err));
	dpa_image_release(image);
	if (process == NULL) {
		fprintf(stderr, "dpa-sim-run: %s: %s\n", argv[i], err);
		return EXIT_USAGE;
	}
	dpa_process_set_strict_alignment(process, opts.strict_alignment);
	if (dpa_process_set_engine(process, opts.engine) != 0) {
		fprintf(stderr, "dpa-sim-run: cannot select the %s engine\n", engine_names[opts.engine]);
		dpa_process_destroy(process);
		return EXIT_USAGE;
	}
	struct run_state state = { 0 };
	dpa_process_set_service(process, DPA_ECALL_LINUX_WRITE, service_write, &state);
	dpa_process_set_service(process, DPA_ECALL_LINUX_EXIT, service_exit, &state);
	dpa_process_set_service(process, DPA_ECALL_LINUX_EXIT_GROUP, service_exit, &state);
	dpa_process_set_fallback_service(process, service_missing, &state);

	struct dpa_hart_config hconfig = { .stack_size = STACK_SIZE };
	struct dpa_hart *hart = dpa_hart_create(process, &hconfig);
	if (hart == NULL || dpa_hart_linux_stack(hart, argc - i, argv + i) != 0) {
		fprintf(stderr, "dpa-sim-run: cannot set up the initial stack\n");
		if (hart != NULL)
			dpa_hart_destroy(hart);
		dpa_process_destroy(process);
		return EXIT_USAGE;
	}
	if (opts.trace)
		dpa_hart_set_trace(hart, trace_line, NULL);
	dpa_hart_set_reg(hart, 1, 0);
	dpa_hart_prepare_entry(hart, dpa_image_entry(image));

	double start = now_seconds();
	enum dpa_stop stop = dpa_hart_run(hart, 0);
	double elapsed = now_seconds() - start;
	fflush(stdout);

	if (stop == DPA_STOP_FAULT && dpa_hart_fault(hart) != NULL) {
		report_fault(dpa_process_image(process), dpa_hart_fault(hart));
		status = fault_status(dpa_hart_fault(hart)->cause);
	} else if (state.exited) {
		status = state.status;
	} else {
		fprintf(stderr, "dpa-sim-run: program stopped without exiting\n");
		status = 128 + SIGSYS;
	}
	if (opts.stats) {
		uint64_t n = dpa_hart_instret(hart);
		fprintf(stderr,
			"dpa-sim-run: instructions %llu cycles %llu wall %.6f s rate %.1f MIPS misaligned %llu engine "
			"%s\n",
			(unsigned long long)n, (unsigned long long)dpa_hart_cycles(hart), elapsed,
			elapsed > 0 ? (double)n / elapsed / 1e6 : 0.0, (unsigned long long)dpa_hart_misaligned(hart),
			engine_names[dpa_process_engine(process)]);
	}
	dpa_hart_destroy(hart);
	dpa_process_destroy(process);
	return status;
}
