/*
 * Revoked window memory (dpa_process_set_window_epoch): once the epoch changes, no byte a
 * window cache holds is readable without the aperture's read callback agreeing again, neither
 * clean lines nor dirty ones; with the callback still agreeing the hart goes on. The last test
 * revokes from another thread while the hart reads in a loop (run under ThreadSanitizer by
 * test_dpa_window_epoch_tsan, FLEXIO_DPA_TSAN=ON).
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#define A0 10
#define A1 11
#define T0 5

/* Host memory behind a window, which the test may deregister. */
struct host_memory {
	uint8_t bytes[4096];
	atomic_bool registered;
	atomic_uint reads, writes;
};

static int host_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	struct host_memory *m = user;
	(void)hart;
	atomic_fetch_add(&m->reads, 1);
	if (!atomic_load(&m->registered))
		return -1;
	memcpy(dst, m->bytes + offset, size);
	return 0;
}

static int host_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	struct host_memory *m = user;
	(void)hart;
	atomic_fetch_add(&m->writes, 1);
	if (!atomic_load(&m->registered))
		return -1;
	memcpy(m->bytes + offset, src, size);
	return 0;
}

static const struct dpa_mmio_ops host_ops = { host_read, host_write };

/* Deregistration as the simulated verbs do it: the region goes, then the epoch moves on. */
static void deregister(struct host_memory *m, uint64_t *epoch)
{
	atomic_store(&m->registered, false);
	__atomic_fetch_add(epoch, 1, __ATOMIC_RELEASE);
}

static uint64_t map_window(struct guest *g, struct host_memory *m)
{
	uint64_t base = 0;
	atomic_init(&m->registered, true);
	atomic_init(&m->reads, 0);
	atomic_init(&m->writes, 0);
	assert_int_equal(dpa_process_map_aperture(g->process, DPA_REGION_WINDOW, sizeof(m->bytes), &host_ops, m, &base),
			 0);
	return base;
}

static void test_revoked_lines_refill_or_fault(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LD(A0, A0, 0)); /* 0: load */
	emit32(&p, RET);
	emit32(&p, SD(A1, A0, 0)); /* 8: store, no writeback */
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	static struct host_memory m;
	uint64_t epoch = 0, value = 0x1111, r = 0;
	memcpy(m.bytes, &value, 8);
	dpa_process_set_window_epoch(g.process, &epoch);
	uint64_t base = map_window(&g, &m);

	assert_int_equal(guest_call(&g, 0, &base, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0x1111);
	value = 0x2222;
	memcpy(m.bytes, &value, 8);
	assert_int_equal(guest_call(&g, 0, &base, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0x1111); /* a hit: the DPA memory model serves the cache until invalidate */
	assert_int_equal(atomic_load(&m.reads), 1);

	/* Another region went away: the line is read through the callback again. */
	__atomic_fetch_add(&epoch, 1, __ATOMIC_RELEASE);
	assert_int_equal(guest_call(&g, 0, &base, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0x2222);
	assert_int_equal(atomic_load(&m.reads), 2);

	/* This region went away: the clean line it filled is unreachable. */
	deregister(&m, &epoch);
	assert_int_equal(guest_call(&g, 0, &base, 1, &r), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_APERTURE);
	assert_int_equal(dpa_hart_fault(g.hart)->address, base);

	/* A dirty line cached before the deregistration: unreadable too, and its writeback is
     * refused by the write callback. */
	atomic_store(&m.registered, true);
	uint64_t store[2] = { base + 64, 0x3333 };
	assert_int_equal(guest_call(&g, 8, store, 2, NULL), DPA_STOP_RETURNED);
	assert_int_equal(guest_call(&g, 0, &store[0], 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(r, 0x3333); /* its own write, before the deregistration */
	deregister(&m, &epoch);
	assert_int_equal(guest_call(&g, 0, &store[0], 1, &r), DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_APERTURE);
	assert_int_equal(dpa_hart_window_dirty_bytes(g.hart), 8);
	assert_int_equal(dpa_hart_window_writeback(g.hart), -EIO);
	assert_int_equal(atomic_load(&m.writes), 1);
	guest_close(&g);
}

/* Without an epoch nothing is revoked: the cache behaves as before. */
static void test_no_epoch_keeps_lines(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LD(A0, A0, 0));
	emit32(&p, RET);
	assert_int_equal(guest_open(&g, &p, 0), 0);
	static struct host_memory m;
	uint64_t base = map_window(&g, &m), r = 0;
	assert_int_equal(guest_call(&g, 0, &base, 1, &r), DPA_STOP_RETURNED);
	atomic_store(&m.registered, false);
	assert_int_equal(guest_call(&g, 0, &base, 1, &r), DPA_STOP_RETURNED);
	assert_int_equal(atomic_load(&m.reads), 1);
	guest_close(&g);
}

struct reader {
	struct guest *g;
	uint64_t args[2];
	enum dpa_stop stop;
};

static void *read_in_a_loop(void *arg)
{
	struct reader *r = arg;
	r->stop = guest_call(r->g, 0, r->args, 2, NULL);
	return NULL;
}

/* The hart reads a window line in a loop on one thread; another thread deregisters. The next
 * read after it faults (a stale hit would spin on until the watchdog). */
static void test_revocation_from_another_thread(void **state)
{
	(void)state;
	struct prog p = { .n = 0 };
	struct guest g;
	emit32(&p, LD(T0, A0, 0)); /* 0: loop: the window line */
	emit32(&p, SD(T0, A1, 0)); /* 4: published for the test */
	emit32(&p, JAL(0, -8));    /* 8 */
	assert_int_equal(guest_open(&g, &p, 200000000), 0);
	static struct host_memory m;
	uint64_t epoch = 0, value = 0x5555;
	memcpy(m.bytes, &value, 8);
	dpa_process_set_window_epoch(g.process, &epoch);
	struct reader r = { .g = &g, .args = { map_window(&g, &m), DATA_BASE } };
	uint64_t *published = dpa_process_host_pointer(g.process, DATA_BASE, 8, false);
	assert_non_null(published);
	pthread_t thread;
	assert_int_equal(pthread_create(&thread, NULL, read_in_a_loop, &r), 0);
	while (__atomic_load_n(published, __ATOMIC_RELAXED) != 0x5555)
		;
	deregister(&m, &epoch);
	pthread_join(thread, NULL);
	assert_int_equal(r.stop, DPA_STOP_FAULT);
	assert_int_equal(dpa_hart_fault(g.hart)->cause, DPA_FAULT_APERTURE);
	assert_int_equal(atomic_load(&m.reads), 2); /* the first fill and the refused one */
	guest_close(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_revoked_lines_refill_or_fault),
		cmocka_unit_test(test_no_epoch_keeps_lines),
		cmocka_unit_test(test_revocation_from_another_thread),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
