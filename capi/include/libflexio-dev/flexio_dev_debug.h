/**
 * @file
 * @brief OpenFlexIO — Flex IO SDK dev debug: traces written to the simulator's log.
 *
 * On NVIDIA's simulator (SimX) these functions write to its log; in OpenFlexIO
 * they write to the host's default message stream (FLEXIO_MSG_DEV_ALWAYS_PRINT),
 * which is where the simulated DPA's output appears.  For debugging only.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_DEBUG_H
#define OPENFLEXIO_FLEXIO_DEV_DEBUG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Writes the first characters of a string to the simulator's log.
 * @param str The string.
 * @param len The number of characters to write.
 * @since 24.01
 */
void print_sim_str(const char *str, int len);

/**
 * @brief Writes a value in hexadecimal to the simulator's log.
 * @param val The value.
 * @param len The most digits written (the most significant ones are dropped).
 * @since 24.01
 */
void print_sim_hex(uint64_t val, int len);

/**
 * @brief Writes a value in decimal to the simulator's log.
 * @param val The value.
 * @param len The most digits written (the most significant ones are dropped).
 * @since 24.01
 */
void print_sim_int(int val, int len);

/**
 * @brief Writes one character to the simulator's log.
 * @param val The character.
 * @since 24.01
 */
void print_sim_putc(int val);

/**
 * @brief Writes a trace line to the simulator's log.
 * @param text The label.
 * @param val The value traced.
 * @param func The name of the tracing function.
 * @param line The line of the trace.
 * @since 24.01
 */
void sim_trace(const char *text, uint64_t val, const char *func, int line);

/**
 * @brief Traces a value with a label, naming the calling function and line.
 * @param text The label.
 * @param val The value (converted to uint64_t).
 * @since 24.01
 */
#define SIM_TRACE(text, val) sim_trace(text, (uint64_t)(val), __func__, __LINE__)

/**
 * @brief Traces an expression, its text as the label.
 * @param val The expression.
 * @since 24.01
 */
#define SIM_TRACEVAL(val) SIM_TRACE(#val, val)

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_DEBUG_H */
