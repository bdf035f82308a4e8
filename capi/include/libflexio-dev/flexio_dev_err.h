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

/** Flex IO dev error codes reported in dpa_process_status. */
typedef enum flexio_dev_errors {
	/** flexio_dev_error() was given a code outside the user range. */
	FLEXIO_DEV_ERROR_ILLEGAL_ERR = 0x42,
} flexio_dev_error_t;

/**
 * Exits the DPA process with the user (fatal) error code @p error, which the
 * host reads in dpa_process_status.  @p error must be in the user range
 * 128..255 (23.x: 129..255); any other value ends the process with
 * FLEXIO_DEV_ERROR_ILLEGAL_ERR instead.  Does not return.
 */
FLEXIO_DEV_EXP_ __attribute__((__noreturn__)) void flexio_dev_error(uint8_t error);

/** Returns the recoverable error flag (errno) of the thread of @p dtctx; 0 when none. */
FLEXIO_DEV_EXP_ uint64_t flexio_dev_get_errno(struct flexio_dev_thread_ctx *dtctx);

/** Clears the recoverable error flag (errno) of the thread of @p dtctx. */
FLEXIO_DEV_EXP_ void flexio_dev_rst_errno(struct flexio_dev_thread_ctx *dtctx);

/** Returns the recoverable error flag (errno) of the thread of @p dtctx and clears it. */
FLEXIO_DEV_EXP_ uint64_t flexio_dev_get_and_rst_errno(struct flexio_dev_thread_ctx *dtctx);


#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_ERR_H */
