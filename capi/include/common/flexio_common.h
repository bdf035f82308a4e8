/*
 * OpenFlexIO — definitions shared by the host API (<libflexio/flexio.h>) and
 * the device API (<libflexio-dev/flexio_dev.h>): the same values on both sides
 * of a message stream or a DPA address.
 */
#ifndef OPENFLEXIO_FLEXIO_COMMON_H
#define OPENFLEXIO_FLEXIO_COMMON_H

#include <stdint.h>

/* An address in a DPA process's address space. */
typedef uint64_t flexio_uintptr_t;

/* Device id of an extended UAR (flexio_uar_get_extended_id on the host). */
typedef uint32_t flexio_uar_device_id;

/* Device message levels: a stream shows the messages at or below its level. */
typedef enum flexio_msg_dev_level {
	FLEXIO_MSG_DEV_NO_PRINT = 0,     /* nothing is shown */
	FLEXIO_MSG_DEV_ALWAYS_PRINT = 1, /* shown whatever the stream's level */
	FLEXIO_MSG_DEV_ERROR = 2,
	FLEXIO_MSG_DEV_WARN = 3,
	FLEXIO_MSG_DEV_INFO = 4,         /* the level of flexio_dev_print() */
	FLEXIO_MSG_DEV_DEBUG = 5,
} flexio_msg_dev_level;

/* Id of the default message stream. */
#define FLEXIO_MSG_DEV_DEFAULT_STREAM_ID 0
/* Pseudo stream id: every stream the host has open. */
#define FLEXIO_MSG_DEV_BROADCAST_STREAM 0xFF

#endif /* OPENFLEXIO_FLEXIO_COMMON_H */
