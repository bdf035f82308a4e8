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

/** Writes the first @p len characters of @p str to the simulator's log. */
void print_sim_str(const char *str, int len);

/** Writes @p val in hexadecimal, at most @p len digits (the most significant ones are dropped). */
void print_sim_hex(uint64_t val, int len);

/** Writes @p val in decimal, at most @p len digits (the most significant ones are dropped). */
void print_sim_int(int val, int len);

/** Writes the character @p val. */
void print_sim_putc(int val);

/** Writes a trace line: @p text, @p val, the function @p func and the line @p line. */
void sim_trace(const char *text, uint64_t val, const char *func, int line);

/** Traces @p val with @p text, naming the calling function and line. */
#define SIM_TRACE(text, val) sim_trace(text, (uint64_t)(val), __func__, __LINE__)

/** Traces the expression @p val, its text as the label. */
#define SIM_TRACEVAL(val) SIM_TRACE(#val, val)

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_DEBUG_H */
