/* The argp tests' shared helpers (argp_test.h). */
#include "argp_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <doca_log.h>

static FILE *sdk_file;

void sdk_log_open(void)
{
	struct doca_log_backend *backend;

	if (sdk_file)
		return;
	sdk_file = tmpfile();
	assert_non_null(sdk_file);
	assert_int_equal(doca_log_backend_create_with_file_sdk(sdk_file, &backend), DOCA_SUCCESS);
}

long sdk_mark(void)
{
	fflush(sdk_file);
	fseek(sdk_file, 0, SEEK_END);
	return ftell(sdk_file);
}

char *sdk_since(long mark)
{
	long end = sdk_mark();
	char *text = calloc(1, (size_t)(end - mark) + 1);

	assert_non_null(text);
	fseek(sdk_file, mark, SEEK_SET);
	assert_int_equal(fread(text, 1, (size_t)(end - mark), sdk_file), (size_t)(end - mark));
	fseek(sdk_file, 0, SEEK_END);
	return text;
}

int sdk_lines_since(long mark)
{
	char *text = sdk_since(mark);
	int lines = 0;

	for (const char *c = text; *c; c++)
		lines += *c == '\n';
	free(text);
	return lines;
}

void assert_one_sdk_line(long mark, const char *text)
{
	char *lines = sdk_since(mark);
	int count = 0;

	for (const char *c = lines; *c; c++)
		count += *c == '\n';
	if (count != 1 || !strstr(lines, text))
		fail_msg("wanted one SDK line with \"%s\", got %d:\n%s", text, count, lines);
	free(lines);
}

static char *file_text(FILE *file)
{
	long len;
	char *text;

	fflush(file);
	len = ftell(file);
	text = calloc(1, (size_t)len + 1);
	assert_non_null(text);
	rewind(file);
	assert_int_equal(fread(text, 1, (size_t)len, file), (size_t)len);
	return text;
}

void capture_begin(struct capture *c)
{
	fflush(stdout);
	fflush(stderr);
	c->out_file = tmpfile();
	c->err_file = tmpfile();
	assert_non_null(c->out_file);
	assert_non_null(c->err_file);
	c->saved_out = dup(STDOUT_FILENO);
	c->saved_err = dup(STDERR_FILENO);
	dup2(fileno(c->out_file), STDOUT_FILENO);
	dup2(fileno(c->err_file), STDERR_FILENO);
	c->out = c->err = NULL;
}

void capture_end(struct capture *c)
{
	fflush(stdout);
	fflush(stderr);
	dup2(c->saved_out, STDOUT_FILENO);
	dup2(c->saved_err, STDERR_FILENO);
	close(c->saved_out);
	close(c->saved_err);
	fseek(c->out_file, 0, SEEK_END);
	fseek(c->err_file, 0, SEEK_END);
	c->out = file_text(c->out_file);
	c->err = file_text(c->err_file);
	fclose(c->out_file);
	fclose(c->err_file);
}

void capture_free(struct capture *c)
{
	free(c->out);
	free(c->err);
}

void run_in_child(int (*fn)(void *arg), void *arg, struct capture *c, int *status)
{
	pid_t pid;
	int raw;

	capture_begin(c);
	pid = fork();
	if (pid == 0)
		exit(100 + fn(arg));
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &raw, 0), pid);
	capture_end(c);
	*status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
	if (*status != EXIT_SUCCESS && *c->err)
		print_message("the child exited with %d; its stderr:\n%s", *status, c->err);
}

doca_error_t start_with(const char *first, ...)
{
	const char *argv[64] = { "prog" };
	int argc = 1;
	va_list ap;

	va_start(ap, first);
	for (const char *arg = first; arg; arg = va_arg(ap, const char *)) {
		assert_true(argc < 63);
		argv[argc++] = arg;
	}
	va_end(ap);
	return doca_argp_start(argc, (char **)argv);
}

void config_record(struct config *cfg, const char *format, ...)
{
	size_t used = strlen(cfg->calls);
	va_list ap;

	va_start(ap, format);
	vsnprintf(cfg->calls + used, sizeof(cfg->calls) - used, format, ap);
	va_end(ap);
}

doca_error_t record_string(void *param, void *config)
{
	config_record(config, "s=%s;", (const char *)param);
	return DOCA_SUCCESS;
}

doca_error_t record_int(void *param, void *config)
{
	config_record(config, "i=%d;", *(int *)param);
	return DOCA_SUCCESS;
}

doca_error_t record_bool(void *param, void *config)
{
	config_record(config, "b=%d;", *(bool *)param);
	return DOCA_SUCCESS;
}

doca_error_t fail_callback(void *param, void *config)
{
	(void)param;
	config_record(config, "fail;");
	return DOCA_ERROR_INVALID_VALUE;
}

struct doca_argp_param *make_param(const char *short_name, const char *long_name, const char *description,
				   doca_argp_param_cb_t callback, enum doca_argp_type type, unsigned int flags)
{
	struct doca_argp_param *param;

	assert_int_equal(doca_argp_param_create(&param), DOCA_SUCCESS);
	if (short_name)
		doca_argp_param_set_short_name(param, short_name);
	if (long_name)
		doca_argp_param_set_long_name(param, long_name);
	if (description)
		doca_argp_param_set_description(param, description);
	if (callback)
		doca_argp_param_set_callback(param, callback);
	if (type != DOCA_ARGP_TYPE_UNKNOWN)
		doca_argp_param_set_type(param, type);
	if (flags & PARAM_MANDATORY)
		doca_argp_param_set_mandatory(param);
	if (flags & PARAM_MULTIPLE)
		doca_argp_param_set_multiplicity(param);
	if (flags & PARAM_CLI_ONLY)
		doca_argp_param_set_cli_only(param);
	if (flags & PARAM_SINGULAR)
		doca_argp_param_set_singular(param);
	if (flags & PARAM_INHERITED)
		doca_argp_param_set_inherited(param);
	if (flags & PARAM_HIDDEN)
		doca_argp_param_set_hidden(param);
	return param;
}

doca_error_t add_param(const char *short_name, const char *long_name, const char *description,
		       doca_argp_param_cb_t callback, enum doca_argp_type type, unsigned int flags)
{
	return doca_argp_register_param(make_param(short_name, long_name, description, callback, type, flags));
}

const char *data_path(const char *name)
{
	static char path[4096];

	snprintf(path, sizeof(path), "%s/%s", ARGP_TEST_DATA, name);
	return path;
}

char *data_text(const char *name)
{
	FILE *file = fopen(data_path(name), "r");
	char *text;

	if (!file)
		fail_msg("no test data %s", data_path(name));
	fseek(file, 0, SEEK_END);
	text = file_text(file);
	fclose(file);
	return text;
}

static char temp_path[64];

static void temp_remove(void)
{
	unlink(temp_path);
}

const char *temp_file(const char *text, size_t len)
{
	static bool registered;
	int fd;

	if (temp_path[0])
		unlink(temp_path);
	strcpy(temp_path, "/tmp/argp-test-XXXXXX");
	fd = mkstemp(temp_path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
	if (!registered) {
		atexit(temp_remove);
		registered = true;
	}
	return temp_path;
}

int argp_group_setup(void **state)
{
	(void)state;
	sdk_log_open();
	return 0;
}

int argp_test_teardown(void **state)
{
	(void)state;
	doca_argp_destroy(); /* a test that failed half-way leaves the parser: the next starts clean */
	doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_INFO);
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_WARNING);
	return 0;
}
