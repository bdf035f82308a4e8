/*
 * Handles: how every object the API hands out is named, checked and kept alive.
 *
 * A program never holds an object's address. It holds a handle: an address inside a range of
 * the address space the library reserves and never maps, encoding a slot of the handle table
 * and that slot's generation. The table is libflexio's instance of core/common/handle_table.h
 * (libdoca_common keeps another); this file gives it the library's kinds and log lines.
 *
 * Each slot counts the references to its object. A public function turns the handle it was
 * given into the object with handle_get, which takes a reference only if the slot is open and
 * of the same generation and kind; the reference keeps the object alive until the function
 * drops it with handle_put. Destroying closes the handle (handle_close: of two destroyers one
 * wins) and drops the object's own reference; the object is freed by whoever drops the last
 * reference, so a call other threads started on it completes first. A closed slot is reused
 * only once its object is freed, with the next generation: a destroyed handle is refused even
 * when the object's memory, or its slot, has been reused since. Slots are reused oldest first,
 * so a stale handle could only alias a new object after 2^generation-bits reuses of every free
 * slot (capi/CHOICES-host.md).
 *
 * Handle checks are lock-free (one atomic compare-and-swap on the object's own slot, each
 * slot on its own cache line), so calls on different objects never serialise; only creating
 * and freeing objects take the table's lock.
 */
#ifndef OPENFLEXIO_CORE_HOST_HANDLE_H
#define OPENFLEXIO_CORE_HOST_HANDLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum handle_kind {
	HANDLE_APP = 1,
	HANDLE_PROCESS,
	HANDLE_EVENT_HANDLER,
	HANDLE_THREAD,
	HANDLE_CQ,
	HANDLE_SQ,
	HANDLE_RQ,
	HANDLE_RMP,
	HANDLE_QP,
	HANDLE_UAR,
	HANDLE_OUTBOX,
	HANDLE_WINDOW,
	HANDLE_MKEY,
	HANDLE_MSG_STREAM,
	HANDLE_CMDQ,
	HANDLE_TRANSPORT_DOMAIN,
	HANDLE_SQ_TIS,
	HANDLE_EMU_DB_TO_CQ, /* older edition: emulated devices */
	HANDLE_MSIX,
	HANDLE_MSIX_MAP,
	HANDLE_RESOURCES, /* 25.x on: the EUs a DPA resources file reserves */
	HANDLE_KIND_COUNT
};

/* The first member of every object with a handle. */
struct handle_object {
	uint32_t slot;
	enum handle_kind kind;
	void (*free_fn)(struct handle_object *object); /* frees the object; called once */
};

/*
 * Gives object (whose struct handle_object is initialised here) a handle of kind; the object
 * starts with one reference, its own, dropped when its handle is closed. free_fn runs when
 * the last reference goes. Returns the handle, or NULL when memory or slots run out.
 */
void *handle_open(struct handle_object *object, enum handle_kind kind, void (*free_fn)(struct handle_object *object));

/*
 * The object of handle when it is an open handle of kind, with a reference held for the
 * caller; otherwise NULL, and one log line as func ("%p is not a live <kind>"). NULL handles
 * are refused the same way.
 */
void *handle_get(const void *handle, enum handle_kind kind, const char *func);
/* The same without the log line, for callers that report in their own words. */
void *handle_try_get(const void *handle, enum handle_kind kind);

/*
 * Closes an open handle of kind: later handle_get calls refuse it. Returns the object with
 * two references the caller must drop (handle_put twice, or handle_release_closed): the one
 * taken for the call and the object's own. NULL with a log line as func when the handle is
 * not open (already destroyed, never valid, another kind): of two threads destroying the
 * same handle, exactly one gets the object.
 */
void *handle_close(const void *handle, enum handle_kind kind, const char *func);
/* Closes the handle of an object the caller holds a reference to (a process closing its
 * children). True when this call closed it: the caller then owns the object's own
 * reference too. False when it was closed already. */
bool handle_close_object(struct handle_object *object);

/* Another reference to an object the caller already holds one to. */
void handle_hold(struct handle_object *object);
/* Drops one reference; the last one frees the object (free_fn) and then its slot. */
void handle_put(struct handle_object *object);

/* The handle of an object (open or closed) the caller holds a reference to. */
void *handle_of(const struct handle_object *object);
/* Whether the object's handle is still open (it may be closed by another thread right after). */
bool handle_is_open(const struct handle_object *object);

/* The uint32_t at offset in the object of a live handle of kind (an id the object keeps for
 * its life); UINT32_MAX, logged as func, for a bad handle. The getters of ids are this. */
uint32_t handle_read_u32(const void *handle, enum handle_kind kind, size_t offset, const char *func);

/* How the API names a kind in its log lines: "process", "message stream", ... */
const char *handle_kind_name(enum handle_kind kind);

#endif
