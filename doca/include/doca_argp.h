/*
 * OpenDOCA — written from facts of NVIDIA's DOCA headers (names, types, values, layouts)
 * and the DOCA programming guides; no NVIDIA header text.
 */

/**
 * @file doca_argp.h
 * @brief DOCA argument parser: parameters, commands, JSON configuration and usage.
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest.
 */
#ifndef OPENDOCA_DOCA_ARGP_H
#define OPENDOCA_DOCA_ARGP_H

#include <stdint.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_log.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_argp_cmd;
struct doca_argp_param;

/** Types of argp parameters. */
enum doca_argp_type {
	DOCA_ARGP_TYPE_UNKNOWN = 0,
	DOCA_ARGP_TYPE_STRING = 1,
	DOCA_ARGP_TYPE_INT = 2,
	DOCA_ARGP_TYPE_BOOLEAN = 3,
	DOCA_ARGP_TYPE_JSON_OBJ = 4,
};

/** Parameter callback (2.2): receives the parsed value and the program configuration. */
#if OPENDOCA_REL <= 22
typedef doca_error_t (*callback_func)(void *param, void *config);
#endif
/** Command callback: receives the program configuration. */
#if OPENDOCA_REL >= 30
typedef doca_error_t (*doca_argp_cmd_cb_t)(void *config);
#endif
/** DPDK callback: receives the arguments after "--". */
#if OPENDOCA_REL >= 25
typedef doca_error_t (*doca_argp_dpdk_cb_t)(int argc, char **argv);
#endif
/** Receives argp's own messages instead of the DOCA log. */
#if OPENDOCA_REL >= 30
typedef doca_error_t (*doca_argp_logger_cb_t)(enum doca_log_level level, const char *format, va_list args);
#endif
/** Parameter callback: receives the parsed value and the program configuration. */
#if OPENDOCA_REL >= 25
typedef doca_error_t (*doca_argp_param_cb_t)(void *param, void *config);
#endif
/** Validation callback: receives the program configuration after parsing. */
#if OPENDOCA_REL >= 25
typedef doca_error_t (*doca_argp_validation_cb_t)(void *config);
#endif
/** DPDK callback (2.2): receives the arguments after "--". */
#if OPENDOCA_REL <= 22
typedef doca_error_t (*dpdk_callback)(int argc, char **argv);
#endif
/** Validation callback (2.2): receives the program configuration after parsing. */
#if OPENDOCA_REL <= 22
typedef doca_error_t (*validation_callback)(void *config);
#endif

/**
 * @brief Creates an argp command.
 *
 * @param [out] cmd the command
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_argp_cmd_create(struct doca_argp_cmd **cmd);
#endif

/**
 * @brief Destroys an argp command.
 *
 * @param [in] cmd the command
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_argp_cmd_destroy(struct doca_argp_cmd *cmd);
#endif

/**
 * @brief Adds a sub-command to a command.
 *
 * @param [in] cmd the command
 * @param [in] input_cmd input cmd
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_argp_cmd_register_cmd(struct doca_argp_cmd *cmd, struct doca_argp_cmd *input_cmd);
#endif

/**
 * @brief Adds a parameter to a command.
 *
 * @param [in] cmd the command
 * @param [in] input_param input param
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_argp_cmd_register_param(struct doca_argp_cmd *cmd, struct doca_argp_param *input_param);
#endif

/**
 * @brief Sets the callback of an argp command.
 *
 * @param [in] cmd the command
 * @param [in] callback the callback
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_argp_cmd_set_callback(struct doca_argp_cmd *cmd, doca_argp_cmd_cb_t callback);
#endif

/**
 * @brief Sets the description of an argp command.
 *
 * @param [in] cmd the command
 * @param [in] description description text
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_argp_cmd_set_description(struct doca_argp_cmd *cmd, const char *description);
#endif

/**
 * @brief Sets the hidden of an argp command.
 *
 * @param [in] cmd the command
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_argp_cmd_set_hidden(struct doca_argp_cmd *cmd);
#endif

/**
 * @brief Sets the name of an argp command.
 *
 * @param [in] cmd the command
 * @param [in] name name
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_argp_cmd_set_name(struct doca_argp_cmd *cmd, const char *name);
#endif

/**
 * @brief Releases the argument parser.
 *
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_destroy(void);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_destroy(void);
#endif

/**
 * @brief Sends argp's own messages to the DOCA log again.
 *
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_argp_disable_logger_callback(void);
#endif

/**
 * @brief Gets the grpc addr of an argument parser.
 *
 * @param [in] address the address
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
doca_error_t doca_argp_get_grpc_addr(const char **address);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_get_grpc_addr(const char **address);
#endif

/**
 * @brief Gets the log level of an argument parser.
 *
 * @param [out] log_level the log level
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_get_log_level(int *log_level);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_get_log_level(int *log_level);
#endif

/**
 * @brief Gets the sdk log level of an argument parser.
 *
 * @param [out] log_level the log level
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.5
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_get_sdk_log_level(int *log_level);
#endif

/**
 * @brief Initialises the argument parser for a program and its configuration.
 *
 * @param [in] program_name the program name shown in usage
 * @param [in] program_config passed to every parameter callback
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_init(const char *program_name, void *program_config);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_init(const char *program_name, void *program_config);
#endif

/**
 * @brief Creates an argp parameter.
 *
 * @param [out] param the parameter
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_param_create(struct doca_argp_param **param);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_param_create(struct doca_argp_param **param);
#endif

/**
 * @brief Destroys an argp parameter.
 *
 * @param [in] param the parameter
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_param_destroy(struct doca_argp_param *param);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_param_destroy(struct doca_argp_param *param);
#endif

/**
 * @brief Sets the arguments of an argp parameter.
 *
 * @param [in] param the parameter
 * @param [in] arguments argument placeholder shown in usage
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_arguments(struct doca_argp_param *param, const char *arguments);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_arguments(struct doca_argp_param *param, const char *arguments);
#endif

/**
 * @brief Sets the callback of an argp parameter.
 *
 * doca_argp_start calls it for each appearance of the flag with its value and the program's
 * configuration: a char * (DOCA_ARGP_TYPE_STRING), an int * (INT), a bool * (BOOLEAN) or json-c's
 * struct json_object * (JSON_OBJ), valid during the call only (copy what you keep).
 *
 * @param [in] param the parameter
 * @param [in] callback the callback
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: void doca_argp_param_set_callback(struct doca_argp_param *param, doca_argp_param_cb_t callback)
 * - 1.4, 2.2: void doca_argp_param_set_callback(struct doca_argp_param *param, callback_func callback)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_callback(struct doca_argp_param *param, doca_argp_param_cb_t callback);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_callback(struct doca_argp_param *param, callback_func callback);
#endif

/**
 * @brief Sets the cli only of an argp parameter.
 *
 * @param [in] param the parameter
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_cli_only(struct doca_argp_param *param);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_cli_only(struct doca_argp_param *param);
#endif

/**
 * @brief Sets the description of an argp parameter.
 *
 * @param [in] param the parameter
 * @param [in] description description text
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_description(struct doca_argp_param *param, const char *description);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_description(struct doca_argp_param *param, const char *description);
#endif

/**
 * @brief Sets the hidden of an argp parameter.
 *
 * @param [in] param the parameter
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_argp_param_set_hidden(struct doca_argp_param *param);
#endif

/**
 * @brief Sets the inherited of an argp parameter.
 *
 * @param [in] param the parameter
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_argp_param_set_inherited(struct doca_argp_param *param);
#endif

/**
 * @brief Sets the long name of an argp parameter.
 *
 * @param [in] param the parameter
 * @param [in] name name
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_long_name(struct doca_argp_param *param, const char *name);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_long_name(struct doca_argp_param *param, const char *name);
#endif

/**
 * @brief Sets the mandatory of an argp parameter.
 *
 * @param [in] param the parameter
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_mandatory(struct doca_argp_param *param);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_mandatory(struct doca_argp_param *param);
#endif

/**
 * @brief Sets the multiplicity of an argp parameter.
 *
 * @param [in] param the parameter
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_multiplicity(struct doca_argp_param *param);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_multiplicity(struct doca_argp_param *param);
#endif

/**
 * @brief Sets the short name of an argp parameter.
 *
 * @param [in] param the parameter
 * @param [in] name name
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_short_name(struct doca_argp_param *param, const char *name);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_short_name(struct doca_argp_param *param, const char *name);
#endif

/**
 * @brief Sets the singular of an argp parameter.
 *
 * @param [in] param the parameter
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
void doca_argp_param_set_singular(struct doca_argp_param *param);
#endif

/**
 * @brief Sets the type of an argp parameter.
 *
 * @param [in] param the parameter
 * @param [in] type type
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_param_set_type(struct doca_argp_param *param, enum doca_argp_type type);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_param_set_type(struct doca_argp_param *param, enum doca_argp_type type);
#endif

/**
 * @brief Adds a command to the program.
 *
 * @param [in] input_cmd input cmd
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_argp_register_cmd(struct doca_argp_cmd *input_cmd);
#endif

/**
 * @brief Sends argp's own messages to a callback instead of the DOCA log.
 *
 * @param [in] callback the callback
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 3.0
 */
#if OPENDOCA_REL >= 30
DOCA_EXPERIMENTAL
doca_error_t doca_argp_register_logger_callback(doca_argp_logger_cb_t callback);
#endif

/**
 * @brief Adds a parameter to the program.
 *
 * @param [in] input_param input param
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_register_param(struct doca_argp_param *input_param);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_register_param(struct doca_argp_param *input_param);
#endif

/**
 * @brief Sets the callback that checks the configuration once parsed.
 *
 * @param [in] callback the callback
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_argp_register_validation_callback(doca_argp_validation_cb_t callback)
 * - 1.4, 2.2: doca_error_t doca_argp_register_validation_callback(validation_callback callback)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_register_validation_callback(doca_argp_validation_cb_t callback);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_register_validation_callback(validation_callback callback);
#endif

/**
 * @brief Sets the callback of --version.
 *
 * @param [in] callback the callback
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory or objects,
 *         or the error of the failing step.
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: doca_error_t doca_argp_register_version_callback(doca_argp_param_cb_t callback)
 * - 1.4, 2.2: doca_error_t doca_argp_register_version_callback(callback_func callback)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_register_version_callback(doca_argp_param_cb_t callback);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_register_version_callback(callback_func callback);
#endif

/**
 * @brief Sets the dpdk program of an argument parser.
 *
 * @param [in] callback the callback
 * @par Releases
 * - 2.5, 2.6, 2.7, 3.0, 3.1: void doca_argp_set_dpdk_program(doca_argp_dpdk_cb_t callback)
 * - 1.4, 2.2: void doca_argp_set_dpdk_program(dpdk_callback callback)
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_set_dpdk_program(doca_argp_dpdk_cb_t callback);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_set_dpdk_program(dpdk_callback callback);
#endif

/**
 * @brief Sets the grpc program of an argument parser.
 *
 * @since 2.2
 */
#if OPENDOCA_REL >= 25 && OPENDOCA_REL <= 27
DOCA_EXPERIMENTAL
void doca_argp_set_grpc_program(void);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_set_grpc_program(void);
#endif

/**
 * @brief Parses the command line (and a JSON file when given), calling the parameters' callbacks.
 *
 * @param [in] argc argument count
 * @param [out] argv arguments
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_BAD_STATE when the object's state does not allow it,
 *         or the error of the failing step.
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
doca_error_t doca_argp_start(int argc, char **argv);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
doca_error_t doca_argp_start(int argc, char **argv);
#endif

/**
 * @brief Prints the usage text (of the command parsed, once doca_argp_start ran) to stdout.
 *
 * The program goes on: as 3.x, which no longer exits here (2.x did); --help prints it and exits.
 *
 * @since 2.2
 */
#if OPENDOCA_REL >= 25
DOCA_EXPERIMENTAL
void doca_argp_usage(void);
#elif OPENDOCA_REL <= 22
__DOCA_EXPERIMENTAL
void doca_argp_usage(void);
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OPENDOCA_DOCA_ARGP_H */
