/* Crash data of a DPA process (flexio_crash_data): the fault, the registers and the status, as text. */
#include "dump_file.h"

#include "log.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

void crash_data_write(FILE *out, struct process *process)
{
	static const char *const reg_names[32] = { "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
						   "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
						   "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6" };
	const struct provider_fault *f = &process->stop.fault;
	bool stopped = atomic_load(&process->error);

	fprintf(out, "process: %s\napplication: %s\nstatus: 0x%x\n", process->name, process->app->name,
		stopped ? process->stop.status : 0);
	if (!stopped || !process->stop.has_fault) {
		fprintf(out, "fault: none\n");
		return;
	}
	fprintf(out,
		"fault: %s\npc: 0x%016llx\naddress: 0x%016llx\ninstruction: 0x%08x\n"
		"instructions retired: %llu\ncycles: %llu\n",
		flexio_fault_cause_name(f->cause), (unsigned long long)f->pc, (unsigned long long)f->address, f->insn,
		(unsigned long long)f->instret, (unsigned long long)f->cycles);
	for (int i = 0; i < 32; i++)
		fprintf(out, "x%-2d %-4s 0x%016llx\n", i, reg_names[i], (unsigned long long)f->regs[i]);
}

static flexio_status crash_data(struct process *process, const char *outfile, const char *func)
{
	char path[PATH_MAX];
	FILE *out;
	int fd;

	if (outfile && !*outfile) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "outfile is empty (give NULL for flexio_dev.NNN.crash)");
		return FLEXIO_STATUS_FAILED;
	}
	fd = dump_file_open(outfile, "crash", process->provider->dumem_id(process->device), path, sizeof(path));
	if (fd < 0 || !(out = fdopen(fd, "w"))) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot create %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return FLEXIO_STATUS_FAILED;
	}
	/* The manual's flexio_crash_data prints the crash info on the console and duplicates it to the file. */
	crash_data_write(stdout, process);
	fflush(stdout);
	crash_data_write(out, process);
	if (fclose(out)) {
		flexio_log_at(FLEXIO_LOG_LVL_ERR, func, "cannot write %s: %s", path, strerror(errno));
		return FLEXIO_STATUS_FAILED;
	}
	return FLEXIO_STATUS_SUCCESS;
}

FLEXIO_STABLE flexio_status flexio_crash_data(flexio_process *handle, const char *outfile)
{
	struct process *process = process_get(handle, __func__);
	flexio_status status;

	if (!process)
		return FLEXIO_STATUS_FAILED;
	status = crash_data(process, outfile, __func__);
	process_put(process);
	return status;
}
