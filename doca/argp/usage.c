/*
 * The usage text (doca_argp_usage, --help, every parse error) and argp's messages to the user.
 *
 * The layout is NVIDIA's, as its samples' and applications' documentation shows it:
 *
 *     Usage: doca_dma_local_copy [DOCA Flags] [Program Flags]
 *
 *     DOCA Flags:
 *       -h, --help                        Print a help synopsis
 *       ...
 *       -j, --json <path>                 Parse command line flags from an input json file
 *
 *     Program Flags:
 *       -p, --pci-addr                    DOCA DMA device PCI address
 *
 * a flag's names and arguments text from column 3, its description from column 37 (one blank
 * after longer names); a DPDK program's line reads "[DPDK Flags] -- [DOCA Flags]". Commands
 * (3.0), whose layout NVIDIA's documentation does not show, are the project's: the command path
 * after the program's name, the flags valid at that command (its own and those its ancestors pass
 * down) under "Program Flags", its sub-commands under "Commands". Hidden flags and commands are
 * accepted and not listed.
 */
#include "argp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* The column a description starts at (counted from 0). */
#define DESCRIPTION_COLUMN 36

/* The name the usage text shows. */
static const char *program_name(void)
{
	/* A program that gave no name and has not started parsing: the process's. */
	return argp.program_name ? argp.program_name : program_invocation_short_name;
}

/* "  NAMES" then the description at its column. */
static void print_entry(const char *names, const char *description)
{
	int n = printf("  %s", names);

	printf("%*s%s\n", n < DESCRIPTION_COLUMN ? DESCRIPTION_COLUMN - n : 1, "", description);
}

static void print_flag(const struct argp_param *param)
{
	char *names = NULL;

	if (asprintf(&names, "%s%s%s%s%s%s%s", param->short_name ? "-" : "", param->short_name ? param->short_name : "",
		     param->short_name && param->long_name ? ", " : "", param->long_name ? "--" : "",
		     param->long_name ? param->long_name : "", param->arguments ? " " : "",
		     param->arguments ? param->arguments : "") < 0)
		names = NULL;
	print_entry(names ? names : "", param->description);
	free(names);
}

/* Whether cmd lists a flag of its own, or one an ancestor passes down. */
static bool lists_flags(const struct argp_cmd *cmd)
{
	for (const struct argp_cmd *c = cmd; c; c = c->parent)
		for (const struct argp_param *param = c->params; param; param = param->next)
			if (!param->hidden && (c == cmd || param->inherited))
				return true;
	return false;
}

static bool lists_commands(const struct argp_cmd *cmd)
{
	for (const struct argp_cmd *sub = cmd->subs; sub; sub = sub->next_sub)
		if (!sub->hidden)
			return true;
	return false;
}

/* The command names from the program's down to cmd. */
static void print_path(const struct argp_cmd *cmd)
{
	if (!cmd->parent)
		return;
	print_path(cmd->parent);
	printf(" %s", cmd->name);
}

void argp_print_usage(const struct argp_cmd *cmd)
{
	bool flags = lists_flags(cmd), commands = lists_commands(cmd);

	printf("Usage: %s", program_name());
	print_path(cmd);
	printf("%s [DOCA Flags]%s%s\n\nDOCA Flags:\n", argp.dpdk_callback ? " [DPDK Flags] --" : "",
	       flags ? " [Program Flags]" : "", commands ? " <Command>" : "");
	for (const struct argp_param *param = argp.general.params; param; param = param->next)
		print_flag(param);
	if (flags) {
		printf("\nProgram Flags:\n");
		for (const struct argp_cmd *c = cmd; c; c = c->parent)
			for (const struct argp_param *param = c->params; param; param = param->next)
				if (!param->hidden && (c == cmd || param->inherited))
					print_flag(param);
	}
	if (commands) {
		printf("\nCommands:\n");
		for (const struct argp_cmd *sub = cmd->subs; sub; sub = sub->next_sub)
			if (!sub->hidden)
				print_entry(sub->name, sub->description);
	}
	fflush(stdout);
}

void doca_argp_usage(void)
{
	argp_lock();
	if (!argp_check_open(__func__, true))
		argp_print_usage(argp.selected ? argp.selected : &argp.root);
	argp_unlock();
}

void argp_vmessage(enum doca_log_level level, const char *format, va_list ap)
{
	if (argp.logger_callback) {
		argp.logger_callback(level, format, ap);
		return;
	}
	vfprintf(stderr, format, ap);
	fputc('\n', stderr);
}

void argp_message(enum doca_log_level level, const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	argp_vmessage(level, format, ap);
	va_end(ap);
}
