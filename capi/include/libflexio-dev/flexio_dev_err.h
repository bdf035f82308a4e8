/**
 * @file
 * @brief OpenFlexIO — Flex IO SDK dev error handling: fatal user errors and the
 * per-thread recoverable error flag (errno).
 *
 * Fatal errors end the DPA process; the host reads the code in the
 * dpa_process_status of the process (flexio_err_status_get(), the error
 * handler fd, the coredump).  Codes:
 *     0         OK
 *     1..63     RTOS or firmware errors
 *     64..127   FlexIO SDK errors (0x40: flexio_dev_process_finish(),
 *               0x42: FLEXIO_DEV_ERROR_ILLEGAL_ERR)
 *     128..255  user defined, through flexio_dev_error() (23.x: 129..255)
 *
 * Recoverable errors of the device API set the calling thread's errno, read
 * and cleared with the functions below.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_ERR_H
#define OPENFLEXIO_FLEXIO_DEV_ERR_H

#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Flex IO dev error codes reported in dpa_process_status.
 * @since 23.x
 */
typedef enum flexio_dev_errors {
	/** flexio_dev_error() was given a code outside the user range. */
	FLEXIO_DEV_ERROR_ILLEGAL_ERR = 0x42,
} flexio_dev_error_t;

/**
 * @brief Exits the DPA process with a user (fatal) error code.
 * The host reads the code in dpa_process_status (flexio_err_status_get(), the
 * error handler fd, the coredump).  Does not return.
 * @param error The code, in the user range 128..255 (23.x: 129..255); any
 *        other value ends the process with FLEXIO_DEV_ERROR_ILLEGAL_ERR instead.
 * @since 23.x
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_error(uint8_t error);

/**
 * @brief Returns the recoverable error flag (errno) of a thread.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @return The thread's errno (an errno value such as EINVAL); 0 when none.
 * @since 23.x
 */
FLEXIO_DEV_EXP_ uint64_t flexio_dev_get_errno(struct flexio_dev_thread_ctx *dtctx);

/**
 * @brief Clears the recoverable error flag (errno) of a thread.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @since 23.x
 */
FLEXIO_DEV_EXP_ void flexio_dev_rst_errno(struct flexio_dev_thread_ctx *dtctx);

/**
 * @brief Returns the recoverable error flag (errno) of a thread and clears it.
 * @param dtctx The thread context (flexio_dev_get_thread_ctx()).
 * @return The thread's errno before clearing; 0 when none.
 * @since 23.x
 */
FLEXIO_DEV_EXP_ uint64_t flexio_dev_get_and_rst_errno(struct flexio_dev_thread_ctx *dtctx);


#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_ERR_H */
