/*
 * The layout test_misaligned_send.c (host) and device/misaligned_send_device.c (DPA) share: the
 * send queue the device program fills, in DPA memory. Host (x86-64) and DPA (RV64) are both LP64.
 */
#ifndef OPENFLEXIO_TESTS_PORTS_MISALIGNED_SEND_H
#define OPENFLEXIO_TESTS_PORTS_MISALIGNED_SEND_H

#include <stdint.h>

/* The frames: Ethernet + IPv4 + UDP headers (42 bytes), then two 64-bit words, a stamp and the
 * frame's number, stored where they fall: at offsets 42 and 50, not 8-byte aligned. */
#define MS_HEADERS 42
#define MS_FRAME 64
#define MS_SLOT 2048 /* bytes per send buffer (2 KiB aligned) */
#define MS_LOG_DEPTH 4

struct ms_queue {
	uint64_t sq_ring, cq_ring, cq_dbr, buffers; /* DPA addresses */
	uint32_t sqn, cqn, mkey, outbox_id;
	uint32_t pi, ci; /* WQEs posted, CQEs taken (the device's) */
	uint32_t errors; /* error CQEs */
	uint32_t rsvd;
};

/* The stamp of frame n (what the first misaligned word holds). */
static inline uint64_t ms_stamp(uint64_t n)
{
	return 0x0123456789abcdefull ^ (n * 0x9e3779b97f4a7c15ull);
}

#endif
