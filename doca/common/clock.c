/*
 * DOCA clocks (doca_clock.h, 3.2): the host's clocks read with the system's (clock_gettime, the
 * CPU's cycle counter); a device's NIC clocks where caps.h says the device has them (none yet: the
 * calls answer DOCA_ERROR_NOT_SUPPORTED, as NVIDIA's do for a device without the clock).
 */
#include <stdlib.h>
#include <time.h>

#include "doca_clock.h"
#include "doca_dev.h"

#include "caps.h"
#include "common.h"
#include "dev.h"

struct clock {
	struct opendoca_object object;
	struct doca_dev *dev; /* a user held */
};

static const struct opendoca_kind clock_kind = { "clock" };

#define NIC_CLOCKS (DOCA_CLOCK_NIC_FREE_RUNNING | DOCA_CLOCK_NIC_REAL_TIME | DOCA_CLOCK_NIC_DPA_TIMER)
#define HOST_CLOCKS                                                                               \
	(DOCA_CLOCK_HOST_COUNTER_CYCLES | DOCA_CLOCK_HOST_REAL_TIME | DOCA_CLOCK_HOST_MONOTONIC | \
	 DOCA_CLOCK_HOST_MONOTONIC_RAW)

/* A NIC clock's capability (one DOCA_CLOCK_NIC_* value). */
static enum opendoca_cap nic_cap(uint64_t clock_type)
{
	return clock_type == DOCA_CLOCK_NIC_FREE_RUNNING ? OPENDOCA_CAP_CLOCK_NIC_FREE_RUNNING
	       : clock_type == DOCA_CLOCK_NIC_REAL_TIME  ? OPENDOCA_CAP_CLOCK_NIC_REAL_TIME
							 : OPENDOCA_CAP_CLOCK_NIC_DPA_TIMER;
}

/* The cap calls answer with their status: DOCA_ERROR_NOT_SUPPORTED is an answer, not logged. */
static doca_error_t cap_status(const struct doca_devinfo *devinfo, enum opendoca_cap cap, const char *func)
{
	uint8_t supported;
	doca_error_t err = opendoca_devinfo_cap(devinfo, cap, &supported, func);

	return err ? err : supported ? DOCA_SUCCESS : DOCA_ERROR_NOT_SUPPORTED;
}

doca_error_t doca_clock_cap_nic_free_running_is_supported(const struct doca_devinfo *devinfo)
{
	return cap_status(devinfo, OPENDOCA_CAP_CLOCK_NIC_FREE_RUNNING, __func__);
}

doca_error_t doca_clock_cap_nic_real_time_is_supported(const struct doca_devinfo *devinfo)
{
	return cap_status(devinfo, OPENDOCA_CAP_CLOCK_NIC_REAL_TIME, __func__);
}

doca_error_t doca_clock_cap_nic_dpa_timer_is_supported(const struct doca_devinfo *devinfo)
{
	return cap_status(devinfo, OPENDOCA_CAP_CLOCK_NIC_DPA_TIMER, __func__);
}

static void clock_free(struct opendoca_object *object)
{
	struct clock *c = (struct clock *)object;

	opendoca_dev_release(c->dev);
	free(c);
}

doca_error_t doca_clock_create(struct doca_dev *dev, struct doca_clock **out)
{
	struct clock *c;
	doca_error_t err;
	void *handle;

	if (!out)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "clock is NULL");
	err = opendoca_dev_hold(dev, __func__);
	if (err)
		return err;
	c = calloc(1, sizeof(*c));
	if (!c) {
		opendoca_dev_release(dev);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no memory for a clock");
	}
	c->dev = dev;
	handle = opendoca_handle_open(&c->object, &clock_kind, clock_free);
	if (!handle) {
		opendoca_dev_release(dev);
		free(c);
		return opendoca_fail(DOCA_ERROR_NO_MEMORY, __func__, "no handle left for a clock");
	}
	*out = handle;
	return DOCA_SUCCESS;
}

doca_error_t doca_clock_destroy(struct doca_clock *handle)
{
	struct opendoca_object *object = opendoca_handle_close(handle, &clock_kind, __func__);

	if (!object)
		return DOCA_ERROR_INVALID_VALUE;
	opendoca_handle_put(object);
	opendoca_handle_put(object);
	return DOCA_SUCCESS;
}

/* The CPU's cycle counter; false where the project reads none. */
static bool read_cycles(uint64_t *cycles)
{
#if defined(__x86_64__) || defined(__i386__)
	*cycles = __builtin_ia32_rdtsc();
	return true;
#elif defined(__aarch64__)
	__asm__ volatile("mrs %0, cntvct_el0" : "=r"(*cycles));
	return true;
#else
	(void)cycles;
	return false;
#endif
}

/* Reads one clock of c (one DOCA_CLOCK_* value, checked); a failure of func otherwise. */
static doca_error_t read_clock(struct clock *c, uint64_t clock_type, union doca_clock_timespec_t *ts, const char *func)
{
	clockid_t id = clock_type == DOCA_CLOCK_HOST_REAL_TIME   ? CLOCK_REALTIME
		       : clock_type == DOCA_CLOCK_HOST_MONOTONIC ? CLOCK_MONOTONIC
								 : CLOCK_MONOTONIC_RAW;
	doca_error_t err;

	if (clock_type & NIC_CLOCKS) {
		err = cap_status(doca_dev_as_devinfo(c->dev), nic_cap(clock_type), func);
		/* supported by no device yet (caps.h): there is nothing to read */
		return opendoca_fail(err ? err : DOCA_ERROR_NOT_SUPPORTED, func, "the device has no NIC clock %#llx",
				     (unsigned long long)clock_type);
	}
	if (clock_type == DOCA_CLOCK_HOST_COUNTER_CYCLES)
		return read_cycles(&ts->counter)
			       ? DOCA_SUCCESS
			       : opendoca_fail(DOCA_ERROR_NOT_SUPPORTED, func, "no cycle counter on this machine");
	if (clock_gettime(id, &ts->ts) != 0)
		return opendoca_fail(DOCA_ERROR_OPERATING_SYSTEM, func, "clock_gettime failed");
	return DOCA_SUCCESS;
}

/* Whether clock_type names one clock of mask. */
static bool one_of(uint64_t clock_type, uint64_t mask)
{
	return clock_type && !(clock_type & (clock_type - 1)) && (clock_type & mask);
}

doca_error_t doca_clock_get_timestamp(const struct doca_clock *handle, uint64_t clock_type,
				      union doca_clock_timespec_t *ts)
{
	struct clock *c;
	doca_error_t err;

	if (!ts)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "ts is NULL");
	if (!one_of(clock_type, NIC_CLOCKS | HOST_CLOCKS))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "%#llx is no DOCA_CLOCK_* value",
				     (unsigned long long)clock_type);
	c = opendoca_handle_get(handle, &clock_kind, __func__);
	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	err = read_clock(c, clock_type, ts, __func__);
	opendoca_handle_put(&c->object);
	return err;
}

doca_error_t doca_clock_get_crosstimestamp(const struct doca_clock *handle, uint64_t primary_clock, uint64_t nic_clock,
					   union doca_clock_timespec_t *primary_ts, union doca_clock_timespec_t *nic_ts,
					   uint64_t *accuracy)
{
	struct clock *c;
	doca_error_t err;

	if (!primary_ts || !nic_ts || !accuracy)
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__, "an output is NULL");
	if (!one_of(primary_clock, NIC_CLOCKS | HOST_CLOCKS) || !one_of(nic_clock, NIC_CLOCKS))
		return opendoca_fail(DOCA_ERROR_INVALID_VALUE, __func__,
				     "%#llx and %#llx are no primary and NIC clocks", (unsigned long long)primary_clock,
				     (unsigned long long)nic_clock);
	c = opendoca_handle_get(handle, &clock_kind, __func__);
	if (!c)
		return DOCA_ERROR_INVALID_VALUE;
	/* the NIC clock first: without it there is no pair (and no device has one yet, caps.h) */
	err = read_clock(c, nic_clock, nic_ts, __func__);
	opendoca_handle_put(&c->object);
	return err;
}
