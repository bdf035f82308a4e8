/*
 * OpenDOCA — written from the calls of NVIDIA's DOCA samples (3.2) and the DOCA programming
 * guides; no NVIDIA header text.
 */

/**
 * @file doca_clock.h
 * @brief DOCA clocks (3.2): timestamps of the host's clocks and of a device's, and cross-timestamps
 * pairing a clock's reading with a NIC clock's.
 *
 * A clock is named by one of the DOCA_CLOCK_* values (bits: the NIC ones together make a mask). A
 * host clock is read with the system's clocks (CLOCK_REALTIME, CLOCK_MONOTONIC,
 * CLOCK_MONOTONIC_RAW) or the CPU's cycle counter; a NIC clock is the device's, where the device
 * has it (doca_clock_cap_nic_*_is_supported: the simulated device has none yet).
 *
 * Declarations follow the release the program selects (doca_release.h): DOCA_VER_USED, default
 * the newest; the values of DOCA_CLOCK_* are the project's.
 */
#ifndef OPENDOCA_DOCA_CLOCK_H
#define OPENDOCA_DOCA_CLOCK_H

#include <stdint.h>
#include <time.h>
#include "doca_compat.h"
#include "doca_error.h"
#include "doca_types.h"
/* Programs size their device arguments with DOCA_DEVINFO_PCI_ADDR_SIZE having included this header
 * (3.2's clock_cross_timestamp does), as NVIDIA's includes the device header. */
#include "doca_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

struct doca_clock;
struct doca_dev;
struct doca_devinfo;

#if OPENDOCA_REL >= 31
/** The NIC's free-running clock (seconds and nanoseconds). */
#define DOCA_CLOCK_NIC_FREE_RUNNING (1ULL << 0)
/** The NIC's real-time clock (seconds and nanoseconds). */
#define DOCA_CLOCK_NIC_REAL_TIME (1ULL << 1)
/** The timer of the NIC's DPA (seconds and nanoseconds). */
#define DOCA_CLOCK_NIC_DPA_TIMER (1ULL << 2)
/** The host CPU's cycle counter (a count of cycles). */
#define DOCA_CLOCK_HOST_COUNTER_CYCLES (1ULL << 8)
/** The host's CLOCK_REALTIME. */
#define DOCA_CLOCK_HOST_REAL_TIME (1ULL << 9)
/** The host's CLOCK_MONOTONIC. */
#define DOCA_CLOCK_HOST_MONOTONIC (1ULL << 10)
/** The host's CLOCK_MONOTONIC_RAW. */
#define DOCA_CLOCK_HOST_MONOTONIC_RAW (1ULL << 11)

/** A clock's reading: a time (ts) or, for DOCA_CLOCK_HOST_COUNTER_CYCLES, a count (counter). */
union doca_clock_timespec_t {
	struct timespec ts; /**< seconds and nanoseconds */
	uint64_t counter;   /**< cycles */
};
#endif

/**
 * @brief Whether a device has a NIC free-running clock.
 *
 * @param [in] devinfo the device
 * @return DOCA_SUCCESS when it has, DOCA_ERROR_NOT_SUPPORTED when not, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.2
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_clock_cap_nic_free_running_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Whether a device has a NIC real-time clock.
 *
 * @param [in] devinfo the device
 * @return DOCA_SUCCESS when it has, DOCA_ERROR_NOT_SUPPORTED when not, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.2
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_clock_cap_nic_real_time_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Whether a device has a DPA timer.
 *
 * @param [in] devinfo the device
 * @return DOCA_SUCCESS when it has, DOCA_ERROR_NOT_SUPPORTED when not, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.2
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_clock_cap_nic_dpa_timer_is_supported(const struct doca_devinfo *devinfo);
#endif

/**
 * @brief Creates a clock of an open device (the device stays in use until the clock is destroyed).
 *
 * @param [in] dev the device
 * @param [out] clock the clock
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NO_MEMORY when out of memory.
 * @since 3.2
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_clock_create(struct doca_dev *dev, struct doca_clock **clock);
#endif

/**
 * @brief Destroys a clock.
 *
 * @param [in] clock the clock
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument.
 * @since 3.2
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_clock_destroy(struct doca_clock *clock);
#endif

/**
 * @brief Reads a clock.
 *
 * @param [in] clock the clock
 * @param [in] clock_type one DOCA_CLOCK_* value
 * @param [out] ts the reading
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NOT_SUPPORTED for a clock the
 *         device or the machine does not have.
 * @since 3.2
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_clock_get_timestamp(const struct doca_clock *clock, uint64_t clock_type,
				      union doca_clock_timespec_t *ts);
#endif

/**
 * @brief Reads a clock and a NIC clock at the same instant, as near as can be.
 *
 * @param [in] clock the clock
 * @param [in] primary_clock one DOCA_CLOCK_* value
 * @param [in] nic_clock one DOCA_CLOCK_NIC_* value
 * @param [out] primary_ts the primary clock's reading
 * @param [out] nic_ts the NIC clock's reading
 * @param [out] accuracy how far apart the readings may be, in the primary clock's unit
 * @return DOCA_SUCCESS, DOCA_ERROR_INVALID_VALUE for a bad argument, DOCA_ERROR_NOT_SUPPORTED for a clock the
 *         device or the machine does not have.
 * @since 3.2
 */
#if OPENDOCA_REL >= 31
DOCA_EXPERIMENTAL
doca_error_t doca_clock_get_crosstimestamp(const struct doca_clock *clock, uint64_t primary_clock, uint64_t nic_clock,
					   union doca_clock_timespec_t *primary_ts, union doca_clock_timespec_t *nic_ts,
					   uint64_t *accuracy);
#endif

#ifdef __cplusplus
}
#endif

#endif /* OPENDOCA_DOCA_CLOCK_H */
