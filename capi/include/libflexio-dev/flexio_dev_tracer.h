/**
 * @file
 * @brief OpenFlexIO — Flex IO SDK dev tracer: fast device messages made of a format
 * id and up to six 64-bit arguments, formatted on the host (message streams in
 * FLEXIO_LOG_DEV_SYNC_MODE_TRACER mode).
 *
 * A trace entry goes into the current buffer of the tracer (one per tracer-mode
 * stream of the process); a full buffer is sent to the host, which formats the
 * entries with the stream's tracer_msg_formats.  OpenFlexIO's host library
 * does not create tracer-mode streams yet: until a stream exists,
 * g_dev_p_tracer_ctx is NULL (or the stream's slot is) and the trace calls do
 * nothing.
 */
#ifndef OPENFLEXIO_FLEXIO_DEV_TRACER_H
#define OPENFLEXIO_FLEXIO_DEV_TRACER_H

#include <stdint.h>

#include <libflexio-dev/flexio_dev.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief One trace entry, as the host reads it (64 bytes).
 * @since 24.10
 */
struct flexio_tracer_msg {
	uint32_t format_id;   /**< Index of the format in the stream's tracer_msg_formats. */
	uint32_t reserved[3]; /**< Reserved. */
	uint64_t arg0;        /**< Argument 1 of the format. */
	uint64_t arg1;        /**< Argument 2 of the format. */
	uint64_t arg2;        /**< Argument 3 of the format. */
	uint64_t arg3;        /**< Argument 4 of the format. */
	uint64_t arg4;        /**< Argument 5 of the format. */
	uint64_t arg5;        /**< Argument 6 of the format. */
} __attribute__((__packed__, aligned(8)));

/**
 * @brief The state of one tracer (one tracer-mode stream), shared by the process's threads.
 * @since 24.10
 */
struct flexio_tracer_streams_data {
	uint8_t valid_lvl;          /**< Entries of this level or more severe are recorded. */
	uint8_t transport_mode;     /**< Transport to the host (enum flexio_tracer_transport). */
	uint16_t log_num_buf_msgs;  /**< log2 of the entries of one buffer. */
	uint32_t current_ix;        /**< Next entry index in the current buffer. */
	uint32_t max_entries_per_buf; /**< Entries one buffer holds. */
	volatile uint32_t writing;  /**< Threads writing an entry right now. */
	uint16_t buf_idx;           /**< Index of the current buffer (wraps with buf_mask). */
	uint16_t buf_mask;          /**< Mask of the buffer index. */
	struct flexio_tracer_msg *current_buffer; /**< The buffer being filled. */
	struct flexio_tracer_msg *buffer;         /**< The first buffer. */
};

/**
 * @brief The tracers of a process, by stream id.
 * @since 24.10
 */
struct flexio_dev_process_tracer_ctx {
	struct flexio_tracer_streams_data *tracer_ctx[FLEXIO_MSG_DEV_MAX_STREAMS_AMOUNT]; /**< NULL: no tracer. */
};

/**
 * @brief The process's tracers, set up by the runtime; NULL while there is none.
 * @since 24.10
 */
extern struct flexio_dev_process_tracer_ctx *g_dev_p_tracer_ctx;

/**
 * @brief Sends the current, partly filled buffer of a tracer to the host.
 * Not thread safe: no thread may trace meanwhile.  Does nothing without the tracer.
 * @param tracer_id The tracer (its stream id).
 * @since 24.10
 */
void flexio_dev_tracer_flush(uint8_t tracer_id);

/**
 * @brief Sends the current buffer of a tracer to the host.
 * Not thread safe.  Does nothing without the tracer.
 * @param tracer_id The tracer (its stream id).
 * @param num_msg The number of entries the buffer holds.
 * @since 24.10
 */
void flexio_dev_tracer_notify_host(uint8_t tracer_id, uint32_t num_msg);

/** @cond INTERNAL */
/* Internal: the next buffer of a tracer. */
#define TRACE_SWAP_BUFFERS(ctx) \
	((ctx)->buffer + ((uint32_t)((++(ctx)->buf_idx) & (ctx)->buf_mask) << (ctx)->log_num_buf_msgs))

/* Internal: returns from the calling trace function when level lvl is not recorded. */
#define TRACER_CHECK_LOGING_LEVEL(trc_ctx, lvl) \
	do {                                    \
		if ((trc_ctx)->valid_lvl < (lvl)) \
			return;                 \
	} while (0)

/* Internal: when entry ix is past the buffer, sends the buffer and takes an entry of the next one. */
#define TRACER_CHECK_SWAP_BUFFER(trc_ctx, id, ix)                                                      \
	do {                                                                                           \
		while ((ix) >= (trc_ctx)->max_entries_per_buf) {                                       \
			if ((ix) == (trc_ctx)->max_entries_per_buf) {                                  \
				while ((trc_ctx)->writing) {                                           \
					;                                                              \
				}                                                                      \
				flexio_dev_tracer_notify_host(id, (uint32_t)(ix));                     \
				(trc_ctx)->current_buffer = TRACE_SWAP_BUFFERS(trc_ctx);               \
				__atomic_store_n(&(trc_ctx)->current_ix, 0, __ATOMIC_RELAXED);         \
			}                                                                              \
			(ix) = __atomic_fetch_add(&(trc_ctx)->current_ix, 1, __ATOMIC_RELAXED);        \
		}                                                                                      \
	} while (0)

/* Internal: records one entry with nargs arguments of args. */
static inline void __flexio_dev_trace(uint8_t tracer_id, flexio_msg_dev_level level, int format_id, int nargs,
				      const uint64_t *args)
{
	struct flexio_tracer_streams_data *trc_ctx;
	struct flexio_tracer_msg *msg;
	uint64_t ix;

	if (!g_dev_p_tracer_ctx || tracer_id >= FLEXIO_MSG_DEV_MAX_STREAMS_AMOUNT)
		return;
	trc_ctx = g_dev_p_tracer_ctx->tracer_ctx[tracer_id];
	if (!trc_ctx)
		return;
	TRACER_CHECK_LOGING_LEVEL(trc_ctx, level);
	ix = __atomic_fetch_add(&trc_ctx->current_ix, 1, __ATOMIC_SEQ_CST);
	TRACER_CHECK_SWAP_BUFFER(trc_ctx, tracer_id, ix);
	__atomic_fetch_add(&trc_ctx->writing, 1, __ATOMIC_SEQ_CST);
	msg = trc_ctx->current_buffer + ix;
	msg->format_id = (uint32_t)format_id;
	if (nargs > 0)
		msg->arg0 = args[0];
	if (nargs > 1)
		msg->arg1 = args[1];
	if (nargs > 2)
		msg->arg2 = args[2];
	if (nargs > 3)
		msg->arg3 = args[3];
	if (nargs > 4)
		msg->arg4 = args[4];
	if (nargs > 5)
		msg->arg5 = args[5];
	__atomic_fetch_sub(&trc_ctx->writing, 1, __ATOMIC_SEQ_CST);
}

/** @endcond */

/**
 * @brief Records a trace entry without arguments.
 * Does nothing when the tracer does not exist or does not record @p level.
 * @param tracer_id The tracer (its stream id).
 * @param level The entry's level (FLEXIO_MSG_DEV_*).
 * @param format_id The index of the format in the stream's tracer_msg_formats.
 * @since 24.10
 */
static inline void flexio_dev_trace_0(uint8_t tracer_id, flexio_msg_dev_level level, int format_id)
{
	__flexio_dev_trace(tracer_id, level, format_id, 0, NULL);
}

/**
 * @brief Records a trace entry with one argument.
 * Does nothing when the tracer does not exist or does not record @p level.
 * @param tracer_id The tracer (its stream id).
 * @param level The entry's level (FLEXIO_MSG_DEV_*).
 * @param format_id The index of the format in the stream's tracer_msg_formats.
 * @param arg0 Argument 1 of the format.
 * @since 24.10
 */
static inline void flexio_dev_trace_1(uint8_t tracer_id, flexio_msg_dev_level level, int format_id, uint64_t arg0)
{
	const uint64_t args[1] = {arg0};

	__flexio_dev_trace(tracer_id, level, format_id, 1, args);
}

/**
 * @brief Records a trace entry with two arguments.
 * Does nothing when the tracer does not exist or does not record @p level.
 * @param tracer_id The tracer (its stream id).
 * @param level The entry's level (FLEXIO_MSG_DEV_*).
 * @param format_id The index of the format in the stream's tracer_msg_formats.
 * @param arg0 Argument 1 of the format.
 * @param arg1 Argument 2 of the format.
 * @since 24.10
 */
static inline void flexio_dev_trace_2(uint8_t tracer_id, flexio_msg_dev_level level, int format_id, uint64_t arg0,
				      uint64_t arg1)
{
	const uint64_t args[2] = {arg0, arg1};

	__flexio_dev_trace(tracer_id, level, format_id, 2, args);
}

/**
 * @brief Records a trace entry with three arguments.
 * Does nothing when the tracer does not exist or does not record @p level.
 * @param tracer_id The tracer (its stream id).
 * @param level The entry's level (FLEXIO_MSG_DEV_*).
 * @param format_id The index of the format in the stream's tracer_msg_formats.
 * @param arg0 Argument 1 of the format.
 * @param arg1 Argument 2 of the format.
 * @param arg2 Argument 3 of the format.
 * @since 24.10
 */
static inline void flexio_dev_trace_3(uint8_t tracer_id, flexio_msg_dev_level level, int format_id, uint64_t arg0,
				      uint64_t arg1, uint64_t arg2)
{
	const uint64_t args[3] = {arg0, arg1, arg2};

	__flexio_dev_trace(tracer_id, level, format_id, 3, args);
}

/**
 * @brief Records a trace entry with four arguments.
 * Does nothing when the tracer does not exist or does not record @p level.
 * @param tracer_id The tracer (its stream id).
 * @param level The entry's level (FLEXIO_MSG_DEV_*).
 * @param format_id The index of the format in the stream's tracer_msg_formats.
 * @param arg0 Argument 1 of the format.
 * @param arg1 Argument 2 of the format.
 * @param arg2 Argument 3 of the format.
 * @param arg3 Argument 4 of the format.
 * @since 24.10
 */
static inline void flexio_dev_trace_4(uint8_t tracer_id, flexio_msg_dev_level level, int format_id, uint64_t arg0,
				      uint64_t arg1, uint64_t arg2, uint64_t arg3)
{
	const uint64_t args[4] = {arg0, arg1, arg2, arg3};

	__flexio_dev_trace(tracer_id, level, format_id, 4, args);
}

/**
 * @brief Records a trace entry with five arguments.
 * Does nothing when the tracer does not exist or does not record @p level.
 * @param tracer_id The tracer (its stream id).
 * @param level The entry's level (FLEXIO_MSG_DEV_*).
 * @param format_id The index of the format in the stream's tracer_msg_formats.
 * @param arg0 Argument 1 of the format.
 * @param arg1 Argument 2 of the format.
 * @param arg2 Argument 3 of the format.
 * @param arg3 Argument 4 of the format.
 * @param arg4 Argument 5 of the format.
 * @since 24.10
 */
static inline void flexio_dev_trace_5(uint8_t tracer_id, flexio_msg_dev_level level, int format_id, uint64_t arg0,
				      uint64_t arg1, uint64_t arg2, uint64_t arg3, uint64_t arg4)
{
	const uint64_t args[5] = {arg0, arg1, arg2, arg3, arg4};

	__flexio_dev_trace(tracer_id, level, format_id, 5, args);
}

/**
 * @brief Records a trace entry with six arguments.
 * Does nothing when the tracer does not exist or does not record @p level.
 * @param tracer_id The tracer (its stream id).
 * @param level The entry's level (FLEXIO_MSG_DEV_*).
 * @param format_id The index of the format in the stream's tracer_msg_formats.
 * @param arg0 Argument 1 of the format.
 * @param arg1 Argument 2 of the format.
 * @param arg2 Argument 3 of the format.
 * @param arg3 Argument 4 of the format.
 * @param arg4 Argument 5 of the format.
 * @param arg5 Argument 6 of the format.
 * @since 24.10
 */
static inline void flexio_dev_trace_6(uint8_t tracer_id, flexio_msg_dev_level level, int format_id, uint64_t arg0,
				      uint64_t arg1, uint64_t arg2, uint64_t arg3, uint64_t arg4, uint64_t arg5)
{
	const uint64_t args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};

	__flexio_dev_trace(tracer_id, level, format_id, 6, args);
}

#ifdef __cplusplus
}
#endif

#endif /* OPENFLEXIO_FLEXIO_DEV_TRACER_H */
