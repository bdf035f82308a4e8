/*
 * The program the GDB test debugs: writes its DPA application's ELF to argv[1] (for gdb's
 * symbols and source lines), creates a process (FLEXIO_SIM_GDB and FLEXIO_SIM_GDB_WAIT from the
 * test hold it until gdb continues), an idle event handler named "gdb_worker", and calls gdb_rpc
 * once; prints "result N" and exits 0 when everything worked.
 * With "spin" as argv[2] it first creates SPIN_IDLE_HANDLERS idle event handlers (more threads
 * than a GDB packet lists at once), calls gdb_spin (it returns once the debugger has set
 * gdb_spin_stop), prints "spun", then gdb_fault with a misaligned address, which must fail (the
 * process stops for the fault), and exits 0 when both did.
 * With "destroy" as argv[2] it creates an event handler of gdb_spin_handler ("gdb_spinner"),
 * prints "ready", then obeys lines on stdin: "spin" activates the handler (an RPC, printing
 * "activated" when it returned), "destroy spinner" destroys it (then prints "handler
 * destroyed"), "exit" destroys the process (and the handler if left) and exits 0 after printing
 * "destroyed": whatever a debugger is doing meanwhile.
 */
#define FLEXIO_ALLOW_EXPERIMENTAL_API
#include <libflexio/flexio.h>

#include <infiniband/verbs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern flexio_func_t gdb_rpc, gdb_handler, gdb_spin, gdb_fault, gdb_spin_handler, gdb_activate;

#define SPIN_IDLE_HANDLERS 2000

static int write_elf(flexio_app *app, const char *path)
{
	size_t size = flexio_app_get_elf_size(app);
	void *elf = malloc(size + 8);
	FILE *f = fopen(path, "wb");
	int rc = -1;

	if (elf && f && flexio_app_get_elf(app, elf, size) == FLEXIO_STATUS_SUCCESS && fwrite(elf, 1, size, f) == size)
		rc = 0;
	if (f && fclose(f))
		rc = -1;
	free(elf);
	return rc;
}

/* The "destroy" mode: 0 when every command worked. */
static int obey(flexio_process *process)
{
	struct flexio_event_handler_attr attr = { .host_stub_func = &gdb_spin_handler, .name = "gdb_spinner" };
	flexio_event_handler *spinner;
	uint64_t result;
	char line[64];

	if (flexio_event_handler_create(process, &attr, &spinner) != FLEXIO_STATUS_SUCCESS ||
	    flexio_event_handler_run(spinner, 0) != FLEXIO_STATUS_SUCCESS)
		return 1;
	printf("ready\n");
	fflush(stdout);
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strcmp(line, "spin")) {
			if (flexio_process_call(process, &gdb_activate, &result,
						flexio_event_handler_get_activation_id(spinner)) !=
			    FLEXIO_STATUS_SUCCESS)
				return 1;
			printf("activated\n");
		} else if (!strcmp(line, "destroy spinner")) {
			if (flexio_event_handler_destroy(spinner) != FLEXIO_STATUS_SUCCESS)
				return 1;
			printf("handler destroyed\n");
		} else if (!strcmp(line, "exit")) {
			if (flexio_process_destroy(process) != FLEXIO_STATUS_SUCCESS)
				return 1;
			printf("destroyed\n");
			return 0;
		} else {
			fprintf(stderr, "unknown command \"%s\"\n", line);
			return 1;
		}
		fflush(stdout);
	}
	return 1;
}

int main(int argc, char **argv)
{
	struct ibv_device **devices;
	struct ibv_context *ctx = NULL;
	flexio_app *app;
	flexio_process *process;
	flexio_event_handler *eh;
	uint64_t result = 0;
	int n = 0;

	if (argc != 2 && (argc != 3 || (strcmp(argv[2], "spin") && strcmp(argv[2], "destroy")))) {
		fprintf(stderr, "usage: %s ELF-OUTPUT [spin | destroy]\n", argv[0]);
		return 2;
	}
	if (flexio_version_set(FLEXIO_VER_USED)) /* this release's struct layouts */
		return 1;
	devices = ibv_get_device_list(&n);
	for (int i = 0; devices && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(devices[i]), "mlx5_sim0"))
			ctx = ibv_open_device(devices[i]);
	if (!ctx || flexio_app_get(&(struct flexio_app_select_attr){ .app_name = "gdb_test", .ibv_ctx = ctx }, &app) ||
	    write_elf(app, argv[1])) {
		fprintf(stderr, "no simulated device or application\n");
		return 1;
	}
	fflush(stderr);
	if (flexio_process_create(ctx, app, NULL, &process) != FLEXIO_STATUS_SUCCESS)
		return 1;
	if (argc == 3 && !strcmp(argv[2], "destroy")) {
		int rc = obey(process);

		ibv_close_device(ctx);
		ibv_free_device_list(devices);
		return rc;
	}
	if (argc == 3) {
		struct flexio_event_handler_attr idle = { .host_stub_func = &gdb_handler };

		for (int i = 0; i < SPIN_IDLE_HANDLERS; i++)
			if (flexio_event_handler_create(process, &idle, &eh) != FLEXIO_STATUS_SUCCESS)
				return 1;
		/* Only the debugger ends the spin; the fault ends the process (and its handlers). */
		if (flexio_process_call(process, &gdb_spin, &result, (uint64_t)5) != FLEXIO_STATUS_SUCCESS ||
		    result < 5)
			return 1;
		printf("spun\n");
		fflush(stdout);
		if (flexio_process_call(process, &gdb_fault, &result, (uint64_t)1) == FLEXIO_STATUS_SUCCESS)
			return 1;
		printf("fault\n");
		flexio_process_destroy(process);
		ibv_close_device(ctx);
		ibv_free_device_list(devices);
		return 0;
	}
	struct flexio_event_handler_attr attr = { .host_stub_func = &gdb_handler, .name = "gdb_worker" };
	if (flexio_event_handler_create(process, &attr, &eh) != FLEXIO_STATUS_SUCCESS ||
	    flexio_event_handler_run(eh, 0) != FLEXIO_STATUS_SUCCESS ||
	    flexio_process_call(process, &gdb_rpc, &result, (uint64_t)14) != FLEXIO_STATUS_SUCCESS)
		return 1;
	printf("result %llu\n", (unsigned long long)result);
	flexio_event_handler_destroy(eh);
	flexio_process_destroy(process);
	ibv_close_device(ctx);
	ibv_free_device_list(devices);
	return result == 43 ? 0 : 1;
}
