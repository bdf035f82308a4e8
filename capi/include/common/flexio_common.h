/**
 * @file
 * @brief OpenFlexIO — definitions shared by the host API (<libflexio/flexio.h>) and
 * the device API (<libflexio-dev/flexio_dev.h>): the same values on both sides
 * of a message stream or a DPA address.  The same in every release.
 */
#ifndef OPENFLEXIO_FLEXIO_COMMON_H
#define OPENFLEXIO_FLEXIO_COMMON_H

#include <stdint.h>

/** @brief An address in a DPA process's address space. @since 23.x */
typedef uint64_t flexio_uintptr_t;

/** @brief Device id of an extended UAR (flexio_uar_get_extended_id() on the host). @since 24.01 */
typedef uint32_t flexio_uar_device_id;

/** @brief A device message level (one of the FLEXIO_MSG_DEV_* levels below). @since 24.01 */
typedef uint8_t flexio_msg_dev_level;

/*
 * Device message levels: a stream shows the messages at or below its level.
 * (@since 24.01, each.)
 */
#define FLEXIO_MSG_DEV_NO_PRINT 0     /**< Level of a stream: nothing is shown. */
#define FLEXIO_MSG_DEV_ALWAYS_PRINT 1 /**< Shown whatever the stream's level. */
#define FLEXIO_MSG_DEV_ERROR 2        /**< Errors. */
#define FLEXIO_MSG_DEV_WARN 3         /**< Warnings. */
#define FLEXIO_MSG_DEV_INFO 4         /**< Information; the level of flexio_dev_print(). */
#define FLEXIO_MSG_DEV_DEBUG 5        /**< Debugging output. */

/** @brief Id of the default message stream. @since 24.01 */
#define FLEXIO_MSG_DEV_DEFAULT_STREAM_ID 0
/** @brief Streams a process can have. @since 24.01 */
#define FLEXIO_MSG_DEV_MAX_STREAMS_AMOUNT 255
/** @brief Pseudo stream id: every stream the host has open. @since 24.01 */
#define FLEXIO_MSG_DEV_BROADCAST_STREAM 0xff
/** @brief log2 of the longest device message in bytes, its NUL included (512 bytes). @since 24.01 */
#define FLEXIO_MSG_DEV_LOG_DATA_CHUNK_BSIZE 9

#endif /* OPENFLEXIO_FLEXIO_COMMON_H */
