/*
 * dpa-stats: a live, top-like view of the DPA processes and threads of a device, read from any
 * OS process through the public dpa_stats API (libdpa_stats; dpa_stats_ext.h for the event counts).
 *
 *   dpa-stats [-d DEVICE] [-i SECONDS] [-s COLUMN] [-p PROCESS_ID] [-n REFRESHES] [--keep] [--batch]
 *   dpa-stats --json [-d DEVICE] [-p PROCESS_ID] [-i SECONDS]
 *   dpa-stats --enable | --disable [-d DEVICE] [-p PROCESS_ID]
 *
 * Live mode turns the counters of every process on while it runs (and each process's, and the
 * default of those made later, back as they were when it leaves, unless --keep) and refreshes
 * every SECONDS (default 1). On a terminal it redraws the screen with ANSI escapes and reads keys:
 * '<' '>' choose the sort column, 'r' reverses it, 'p' steps through the processes (all, then
 * each), '+' '-' change the interval, 'q' quits. When standard output is not a terminal (a pipe,
 * a file), or with --batch, it writes each refresh as plain text after the previous one, with no
 * escapes and no keys, as top -b does: -n or a signal ends it. Rates are per second between two
 * refreshes. -p names a process that must exist when dpa-stats starts (an empty table once it
 * exits). --json prints one JSON document (with -i: rates over that many seconds) and exits;
 * --enable / --disable set the counters of one process (-p), or of every process and of those
 * made later, and exit.
 */
#define _GNU_SOURCE
#define DPA_STATS_ALLOW_EXPERIMENTAL_API
#include <dpa_stats.h>
#include <dpa_stats_ext.h>

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* One thread as shown: identity, name, counters, and its rates since the previous refresh. */
struct row {
	uint32_t process_id, thread_id;
	char thread_name[DPA_STATS_THREAD_NAME_SIZE];
	const char *process_name;
	uint64_t instructions, cycles, time, executions;
	dpa_stats_thread_events events;
	double instructions_rate, executions_rate;
	bool running; /* ran since the previous refresh */
};

struct view {
	dpa_stats_handler_t *h;
	const char *device;
	dpa_stats_process_list *processes;
	struct row *rows, *previous;
	uint32_t nrows, nprevious;
	double interval, elapsed;
	uint32_t only_process; /* DPA_STATS_ALL_PROCESSES: every one */
	int sort_column;
	bool reverse;
	bool batch; /* plain text, one refresh after another (not a terminal, or --batch) */
	bool drawn; /* a refresh was written */
};

enum column {
	COL_PID,
	COL_TID,
	COL_NAME,
	COL_STATE,
	COL_EXEC,
	COL_EXEC_RATE,
	COL_INSTR,
	COL_INSTR_RATE,
	COL_CYCLES,
	COL_TIME,
	COL_ACT,
	COL_WAKE,
	COL_RPC,
	COL_DB,
	COL_CQE,
	COL_MISALIGNED,
	COL_COUNT
};
static const char *const column_names[COL_COUNT] = { "PID",   "TID",     "NAME",   "S",       "EXEC", "EXEC/s",
						     "INSTR", "INSTR/s", "CYCLES", "TIME_MS", "ACT",  "WAKE",
						     "RPC",   "DB",      "CQE",    "MISAL" };

static struct termios saved_terminal;
static bool terminal_raw;
static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void terminal_restore(void)
{
	if (terminal_raw)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal);
	terminal_raw = false;
}

static void terminal_keys(void)
{
	struct termios raw;

	if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &saved_terminal))
		return;
	raw = saved_terminal;
	raw.c_lflag &= ~(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (!tcsetattr(STDIN_FILENO, TCSANOW, &raw))
		terminal_raw = true;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void report(dpa_stats_handler_t *h, const char *what)
{
	fprintf(stderr, "dpa-stats: %s: %s (status %d, in %s)\n", what, dpa_stats_get_error_message(h),
		(int)dpa_stats_get_error_code(h), dpa_stats_get_error_location(h));
}

/* Counter states as they were before the live view turned every process's on. */
struct saved_state {
	uint32_t process_id; /* DPA_STATS_ALL_PROCESSES: the default of processes made later */
	dpa_stats_counter_state state;
	dpa_stats_sample_type type;
};

/* The default and each live process's state into a new array *saved of *count; 0 or -1 (reported). */
static int states_save(dpa_stats_handler_t *h, struct saved_state **saved, uint32_t *count)
{
	dpa_stats_process_list *list = NULL;
	uint32_t n = 0;

	*saved = NULL;
	*count = 0;
	if (dpa_stats_read_processes_list(h, DPA_STATS_ALL_PROCESSES, &list)) {
		report(h, "cannot read the processes");
		return -1;
	}
	*saved = calloc(list->process_num + 1, sizeof(**saved));
	if (!*saved) {
		fprintf(stderr, "dpa-stats: out of memory\n");
		dpa_stats_free_process_list(list);
		return -1;
	}
	(*saved)[n].process_id = DPA_STATS_ALL_PROCESSES;
	if (dpa_stats_get_counter_state(h, DPA_STATS_ALL_PROCESSES, &(*saved)[n].state, &(*saved)[n].type)) {
		report(h, "cannot read the counters' state");
		dpa_stats_free_process_list(list);
		free(*saved);
		*saved = NULL;
		return -1;
	}
	n++;
	/* A process that exits meanwhile has nothing to restore. */
	for (uint32_t i = 0; i < list->process_num; i++) {
		struct saved_state *s = &(*saved)[n];

		s->process_id = list->processes[i].dpa_process_id;
		if (!dpa_stats_get_counter_state(h, s->process_id, &s->state, &s->type))
			n++;
	}
	dpa_stats_free_process_list(list);
	*count = n;
	return 0;
}

/* Puts the saved states back: the default (and so every process) first, then each process's own.
 * A process gone since is skipped. */
static void states_restore(dpa_stats_handler_t *h, const struct saved_state *saved, uint32_t count)
{
	dpa_stats_process_list *list = NULL;

	if (!count || dpa_stats_read_processes_list(h, DPA_STATS_ALL_PROCESSES, &list))
		return;
	dpa_stats_set_counter_state(h, DPA_STATS_ALL_PROCESSES, saved[0].state, saved[0].type);
	for (uint32_t i = 1; i < count; i++)
		for (uint32_t j = 0; j < list->process_num; j++)
			if (list->processes[j].dpa_process_id == saved[i].process_id)
				dpa_stats_set_counter_state(h, saved[i].process_id, saved[i].state, saved[i].type);
	dpa_stats_free_process_list(list);
}

static const char *process_name(const struct view *v, uint32_t id)
{
	for (uint32_t i = 0; i < v->processes->process_num; i++)
		if (v->processes->processes[i].dpa_process_id == id)
			return v->processes->processes[i].process_name;
	return "";
}

/* Reads processes, threads and counters; rates against the previous read. 0 or -1. */
static int refresh(struct view *v)
{
	dpa_stats_thread_list *threads = NULL;
	dpa_stats_perf_cumul_list *cumul = NULL;
	dpa_stats_thread_events_list *events = NULL;
	uint32_t pid = v->only_process;

	free(v->previous);
	v->previous = v->rows;
	v->nprevious = v->nrows;
	v->rows = NULL;
	v->nrows = 0;
	dpa_stats_free_process_list(v->processes);
	v->processes = NULL;
	if (dpa_stats_read_processes_list(v->h, DPA_STATS_ALL_PROCESSES, &v->processes)) {
		report(v->h, "cannot read the processes");
		return -1;
	}
	dpa_stats_sort_process_list(v->processes);
	if (pid != DPA_STATS_ALL_PROCESSES) {
		bool found = false;

		for (uint32_t i = 0; i < v->processes->process_num; i++)
			found |= v->processes->processes[i].dpa_process_id == pid;
		if (!found)
			return 0; /* not (or no longer) there: an empty table */
	}
	/* A process may exit between two reads: then its threads are simply not there. */
	if (dpa_stats_read_process_thread_list(v->h, pid, DPA_STATS_ALL_THREADS, &threads) ||
	    dpa_stats_read_process_cumul_info_list(v->h, pid, DPA_STATS_ALL_THREADS, &cumul) ||
	    dpa_stats_read_process_events_list(v->h, pid, DPA_STATS_ALL_THREADS, &events)) {
		int gone = dpa_stats_get_error_code(v->h) == DPA_STATS_STATUS_NO_SUCH_PROCESS;

		dpa_stats_free_thread_list(threads);
		dpa_stats_free_cumul_info_list(cumul);
		dpa_stats_free_events_list(events);
		if (gone)
			return 0;
		report(v->h, "cannot read the threads");
		return -1;
	}
	v->rows = calloc(threads->threads_num ? threads->threads_num : 1, sizeof(*v->rows));
	if (!v->rows) {
		fprintf(stderr, "dpa-stats: out of memory\n");
		dpa_stats_free_thread_list(threads);
		dpa_stats_free_cumul_info_list(cumul);
		dpa_stats_free_events_list(events);
		return -1;
	}
	for (uint32_t i = 0; i < threads->threads_num; i++) {
		struct row *r = &v->rows[v->nrows++];

		r->process_id = threads->threads[i].dpa_process_id;
		r->thread_id = threads->threads[i].dpa_thread_id;
		snprintf(r->thread_name, sizeof(r->thread_name), "%s", threads->threads[i].thread_name);
		r->process_name = process_name(v, r->process_id);
		for (uint32_t j = 0; j < cumul->samples_num; j++)
			if (cumul->samples[j].dpa_process_id == r->process_id &&
			    cumul->samples[j].dpa_thread_id == r->thread_id) {
				r->instructions = cumul->samples[j].instructions;
				r->cycles = cumul->samples[j].cycles;
				r->time = cumul->samples[j].time;
				r->executions = cumul->samples[j].num_executions;
			}
		for (uint32_t j = 0; j < events->samples_num; j++)
			if (events->samples[j].dpa_process_id == r->process_id &&
			    events->samples[j].dpa_thread_id == r->thread_id)
				r->events = events->samples[j];
		for (uint32_t j = 0; j < v->nprevious && v->elapsed > 0; j++)
			if (v->previous[j].process_id == r->process_id && v->previous[j].thread_id == r->thread_id &&
			    r->executions >= v->previous[j].executions) {
				r->executions_rate = (double)(r->executions - v->previous[j].executions) / v->elapsed;
				r->instructions_rate =
					(double)(r->instructions - v->previous[j].instructions) / v->elapsed;
				r->running = r->executions != v->previous[j].executions;
			}
	}
	dpa_stats_free_thread_list(threads);
	dpa_stats_free_cumul_info_list(cumul);
	dpa_stats_free_events_list(events);
	return 0;
}

static double column_value(const struct row *r, int column)
{
	switch (column) {
	case COL_PID:
		return r->process_id;
	case COL_TID:
		return r->thread_id;
	case COL_STATE:
		return r->running;
	case COL_EXEC:
		return (double)r->executions;
	case COL_EXEC_RATE:
		return r->executions_rate;
	case COL_INSTR:
		return (double)r->instructions;
	case COL_INSTR_RATE:
		return r->instructions_rate;
	case COL_CYCLES:
		return (double)r->cycles;
	case COL_TIME:
		return (double)r->time;
	case COL_ACT:
		return (double)r->events.activations;
	case COL_WAKE:
		return (double)r->events.wakeups;
	case COL_RPC:
		return (double)r->events.rpc_calls;
	case COL_DB:
		return (double)r->events.doorbells;
	case COL_CQE:
		return (double)r->events.cqes;
	case COL_MISALIGNED:
		return (double)r->events.misaligned;
	default:
		return 0;
	}
}

static const struct view *sorting;

/* By the chosen column (largest first for counters), then by process and thread id. */
static int compare_rows(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int c = sorting->sort_column, order;

	if (c == COL_NAME)
		order = strcmp(x->thread_name, y->thread_name);
	else {
		double vx = column_value(x, c), vy = column_value(y, c);

		order = vx < vy ? -1 : vx > vy;
		if (c != COL_PID && c != COL_TID)
			order = -order;
	}
	if (!order)
		order = x->process_id != y->process_id
				? (x->process_id < y->process_id ? -1 : 1)
				: (x->thread_id < y->thread_id ? -1 : x->thread_id > y->thread_id);
	return sorting->reverse ? -order : order;
}

static void draw(struct view *v)
{
	uint64_t instructions_rate = 0, executions_rate = 0;

	sorting = v;
	if (v->nrows) /* (rows is NULL when the process shown is gone) */
		qsort(v->rows, v->nrows, sizeof(*v->rows), compare_rows);
	for (uint32_t i = 0; i < v->nrows; i++) {
		instructions_rate += (uint64_t)v->rows[i].instructions_rate;
		executions_rate += (uint64_t)v->rows[i].executions_rate;
	}
	/* A terminal's screen is redrawn; elsewhere each refresh follows the last, a blank line apart. */
	if (!v->batch)
		printf("\033[H\033[2J");
	else if (v->drawn)
		printf("\n");
	v->drawn = true;
	printf("dpa-stats — %s: %u DPA processes, %u threads, %.0f invocations/s, %.1f M instructions/s  "
	       "(every %.1f s; showing %s)\n",
	       v->device, v->processes ? v->processes->process_num : 0, v->nrows, (double)executions_rate,
	       (double)instructions_rate / 1e6, v->interval,
	       v->only_process == DPA_STATS_ALL_PROCESSES ? "all processes" : "one process");
	if (v->batch)
		printf("sorted by %s%s\n\n", column_names[v->sort_column], v->reverse ? ", reversed" : "");
	else
		printf("keys: < > sort column (now %s%s), r reverse, p next process, + - interval, q quit\n\n",
		       column_names[v->sort_column], v->reverse ? ", reversed" : "");
	printf("%6s %-18s %5s %-20s %1s %10s %8s %14s %12s %14s %10s %8s %8s %6s %8s %8s %8s\n", "PID", "PROCESS",
	       "TID", "THREAD", "S", "EXEC", "EXEC/s", "INSTR", "INSTR/s", "CYCLES", "TIME_MS", "ACT", "WAKE", "RPC",
	       "DB", "CQE", "MISAL");
	for (uint32_t i = 0; i < v->nrows; i++) {
		const struct row *r = &v->rows[i];

		printf("%6u %-18.18s %5u %-20.20s %1s %10llu %8.0f %14llu %12.0f %14llu %10.3f %8llu %8llu %6llu %8llu "
		       "%8llu %8llu\n",
		       r->process_id, r->process_name, r->thread_id, r->thread_name, r->running ? "R" : "S",
		       (unsigned long long)r->executions, r->executions_rate, (unsigned long long)r->instructions,
		       r->instructions_rate, (unsigned long long)r->cycles, (double)r->time / 1e6,
		       (unsigned long long)r->events.activations, (unsigned long long)r->events.wakeups,
		       (unsigned long long)r->events.rpc_calls, (unsigned long long)r->events.doorbells,
		       (unsigned long long)r->events.cqes, (unsigned long long)r->events.misaligned);
	}
	fflush(stdout);
}

/* The process after the one shown (all processes after the last one). */
static uint32_t next_process(const struct view *v)
{
	const dpa_stats_process_list *l = v->processes;

	if (!l || !l->process_num)
		return DPA_STATS_ALL_PROCESSES;
	if (v->only_process == DPA_STATS_ALL_PROCESSES)
		return l->processes[0].dpa_process_id;
	for (uint32_t i = 0; i + 1 < l->process_num; i++)
		if (l->processes[i].dpa_process_id == v->only_process)
			return l->processes[i + 1].dpa_process_id;
	return DPA_STATS_ALL_PROCESSES;
}

/* Waits up to the interval for a key; applies it. Returns false on 'q'. */
static bool keys(struct view *v)
{
	struct pollfd in = { .fd = STDIN_FILENO, .events = POLLIN };
	double until = now() + v->interval;
	char key;

	while (!stop && now() < until) {
		int timeout = (int)((until - now()) * 1000) + 1;

		if (!terminal_raw) {
			struct timespec t = { timeout / 1000, (timeout % 1000) * 1000000L };

			nanosleep(&t, NULL);
			return !stop;
		}
		if (poll(&in, 1, timeout) != 1 || read(STDIN_FILENO, &key, 1) != 1)
			continue;
		switch (key) {
		case 'q':
			return false;
		case '<':
			v->sort_column = (v->sort_column + COL_COUNT - 1) % COL_COUNT;
			return true;
		case '>':
			v->sort_column = (v->sort_column + 1) % COL_COUNT;
			return true;
		case 'r':
			v->reverse = !v->reverse;
			return true;
		case 'p':
			v->only_process = next_process(v);
			return true;
		case '+':
			v->interval = v->interval < 60 ? v->interval * 2 : v->interval;
			return true;
		case '-':
			v->interval = v->interval > 0.2 ? v->interval / 2 : v->interval;
			return true;
		default:
			break;
		}
	}
	return !stop;
}

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void json(const struct view *v)
{
	printf("{\"device\": ");
	json_string(v->device);
	printf(", \"interval\": %.3f, \"processes\": [", v->elapsed);
	for (uint32_t i = 0; v->processes && i < v->processes->process_num; i++) {
		const dpa_stats_process_info *p = &v->processes->processes[i];
		dpa_stats_counter_state state = DPA_STATS_COUNTER_STATE_INACTIVE;
		dpa_stats_sample_type type = DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT;

		if (v->only_process != DPA_STATS_ALL_PROCESSES && p->dpa_process_id != v->only_process)
			continue;
		(void)dpa_stats_get_counter_state(v->h, p->dpa_process_id, &state, &type);
		printf("%s{\"id\": %u, \"name\": ", i && v->only_process == DPA_STATS_ALL_PROCESSES ? ", " : "",
		       p->dpa_process_id);
		json_string(p->process_name);
		printf(", \"threads\": %u, \"counters\": \"%s\", \"sample_type\": \"%s\"}", p->num_of_threads,
		       state == DPA_STATS_COUNTER_STATE_ACTIVE ? "active" : "inactive",
		       type == DPA_STATS_SAMPLE_TYPE_EVENT_TRACER ? "event_tracer" : "cumulative");
	}
	printf("], \"threads\": [");
	for (uint32_t i = 0; i < v->nrows; i++) {
		const struct row *r = &v->rows[i];

		printf("%s{\"process_id\": %u, \"thread_id\": %u, \"name\": ", i ? ", " : "", r->process_id,
		       r->thread_id);
		json_string(r->thread_name);
		printf(", \"instructions\": %llu, \"cycles\": %llu, \"time_ns\": %llu, \"executions\": %llu, "
		       "\"activations\": %llu, \"wakeups\": %llu, \"rpc_calls\": %llu, \"doorbells\": %llu, "
		       "\"cqes\": %llu, \"misaligned\": %llu, \"executions_per_s\": %.1f, \"instructions_per_s\": "
		       "%.1f}",
		       (unsigned long long)r->instructions, (unsigned long long)r->cycles, (unsigned long long)r->time,
		       (unsigned long long)r->executions, (unsigned long long)r->events.activations,
		       (unsigned long long)r->events.wakeups, (unsigned long long)r->events.rpc_calls,
		       (unsigned long long)r->events.doorbells, (unsigned long long)r->events.cqes,
		       (unsigned long long)r->events.misaligned, r->executions_rate, r->instructions_rate);
	}
	printf("]}\n");
}

static int column_by_name(const char *name)
{
	for (int c = 0; c < COL_COUNT; c++)
		if (!strcasecmp(name, column_names[c]))
			return c;
	return -1;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: dpa-stats [-d DEVICE] [-i SECONDS] [-s COLUMN] [-p PROCESS_ID] [-n REFRESHES] [--keep] "
		   "[--batch]\n"
		   "       dpa-stats --json [-d DEVICE] [-p PROCESS_ID] [-i SECONDS]\n"
		   "       dpa-stats --enable | --disable [-d DEVICE] [-p PROCESS_ID]\n"
		   "columns: PID TID NAME S EXEC EXEC/s INSTR INSTR/s CYCLES TIME_MS ACT WAKE RPC DB CQE\n");
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "device", required_argument, NULL, 'd' }, { "interval", required_argument, NULL, 'i' },
		{ "sort", required_argument, NULL, 's' },   { "process", required_argument, NULL, 'p' },
		{ "count", required_argument, NULL, 'n' },  { "json", no_argument, NULL, 'j' },
		{ "enable", no_argument, NULL, 'E' },       { "disable", no_argument, NULL, 'D' },
		{ "keep", no_argument, NULL, 'k' },         { "batch", no_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },         { NULL, 0, NULL, 0 },
	};
	struct view v = { .device = "mlx5_sim0",
			  .interval = 1.0,
			  .only_process = DPA_STATS_ALL_PROCESSES,
			  .sort_column = COL_INSTR_RATE,
			  .batch = !isatty(STDOUT_FILENO) };
	unsigned long process_id;
	bool as_json = false, keep = false, json_interval = false;
	int set_state = 0, opt, rc = 0;
	struct saved_state *saved = NULL;
	uint32_t nsaved = 0;
	long refreshes = -1;
	char *end;

	while ((opt = getopt_long(argc, argv, "d:i:s:p:n:bh", options, NULL)) != -1) {
		switch (opt) {
		case 'd':
			v.device = optarg;
			break;
		case 'i':
			v.interval = strtod(optarg, &end);
			/* (Written so that NaN fails too.) */
			if (end == optarg || *end || !(v.interval > 0 && v.interval <= 3600)) {
				fprintf(stderr, "dpa-stats: bad interval \"%s\"\n", optarg);
				return 2;
			}
			json_interval = true;
			break;
		case 's':
			v.sort_column = column_by_name(optarg);
			if (v.sort_column < 0) {
				fprintf(stderr, "dpa-stats: no column \"%s\"\n", optarg);
				usage(stderr);
				return 2;
			}
			break;
		case 'p':
			/* strtoul takes "-1" (as ULONG_MAX): a process id is a number below 2^32 - 1. */
			errno = 0;
			process_id = strtoul(optarg, &end, 0);
			if (*end || !*optarg || strchr(optarg, '-') || errno || process_id >= DPA_STATS_ALL_PROCESSES) {
				fprintf(stderr, "dpa-stats: bad process id \"%s\"\n", optarg);
				return 2;
			}
			v.only_process = (uint32_t)process_id;
			break;
		case 'n':
			refreshes = strtol(optarg, &end, 0);
			if (*end || refreshes < 1) {
				fprintf(stderr, "dpa-stats: bad count \"%s\"\n", optarg);
				return 2;
			}
			break;
		case 'j':
			as_json = true;
			break;
		case 'E':
			set_state = DPA_STATS_COUNTER_STATE_ACTIVE;
			break;
		case 'D':
			set_state = DPA_STATS_COUNTER_STATE_INACTIVE;
			break;
		case 'k':
			keep = true;
			break;
		case 'b':
			v.batch = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	v.h = dpa_stats_open(v.device);
	if (!v.h)
		return 1;
	if (set_state) {
		if (dpa_stats_set_counter_state(v.h, v.only_process, (dpa_stats_counter_state)set_state,
						DPA_STATS_SAMPLE_TYPE_CUMULATIVE_EVENT)) {
			report(v.h, "cannot set the counters");
			rc = 1;
		}
		dpa_stats_close(v.h);
		return rc;
	}
	if (v.only_process != DPA_STATS_ALL_PROCESSES) {
		dpa_stats_process_list *named = NULL;

		if (dpa_stats_read_processes_list(v.h, v.only_process, &named)) {
			report(v.h, "-p");
			rc = 1;
			goto out;
		}
		dpa_stats_free_process_list(named);
	}
	if (as_json) {
		double start = now();

		if (refresh(&v) ||
		    (json_interval &&
		     (nanosleep(&(struct timespec){ (time_t)v.interval,
						    (long)((v.interval - (double)(time_t)v.interval) * 1e9) },
				NULL),
		      v.elapsed = now() - start, refresh(&v)))) {
			rc = 1;
		} else {
			json(&v);
		}
		goto out;
	}
	/* Live: count while watching. */
	if (states_save(v.h, &saved, &nsaved)) {
		rc = 1;
		goto out;
	}
	if (dpa_stats_set_counter_state(v.h, DPA_STATS_ALL_PROCESSES, DPA_STATS_COUNTER_STATE_ACTIVE, saved[0].type)) {
		report(v.h, "cannot turn the counters on");
		rc = 1;
		goto out;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (!v.batch)
		terminal_keys();
	for (double last = now(); !stop && refreshes != 0; refreshes -= refreshes > 0) {
		double t = now();

		v.elapsed = t - last;
		last = t;
		if (refresh(&v)) {
			rc = 1;
			break;
		}
		draw(&v);
		if (refreshes != 1 && !keys(&v))
			break;
	}
	terminal_restore();
	if (!keep)
		states_restore(v.h, saved, nsaved);
out:
	free(saved);
	free(v.rows);
	free(v.previous);
	dpa_stats_free_process_list(v.processes);
	dpa_stats_close(v.h);
	return rc;
}
