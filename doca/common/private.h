/*
 * The private API of the DOCA libraries: what libdoca_common gives libdoca_argp, libdoca_dma (and
 * later libdoca_dpa, libdoca_rdma) and its own families. Exported in libdoca_common's DOCA_PRIVATE
 * version node (opendoca_* names), so that one handle table, one log and one error record serve
 * every library of a process; no program uses it (no public header declares it).
 *
 * Conventions of a public DOCA function (doca/README.md):
 *   - each failure returns the documented doca_error_t (or NULL, 0 ...) and records it with
 *     opendoca_fail(), which logs exactly one line naming the public function to the SDK log
 *     backends (doca_log_backend_create_*_sdk, or 2.2's backends) and keeps the message as the
 *     calling thread's last error;
 *   - objects are handles (opendoca_handle_*): a destroyed object is refused even when its memory
 *     was reused, a call in flight keeps its object alive.
 */
#ifndef OPENDOCA_COMMON_PRIVATE_H
#define OPENDOCA_COMMON_PRIVATE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doca_error.h"

/* Marks the private functions libdoca_common exports to the other DOCA libraries. */
#define OPENDOCA_PRIVATE __attribute__((visibility("default")))

/* ---------------------------------------------------------------------------------------------- */
/* Errors                                                                                         */
/* ---------------------------------------------------------------------------------------------- */

/*
 * Records a failure of public function func (pass __func__ of the public function, or its name):
 * logs "func: <message>" once at ERROR to the SDK log and keeps it as the thread's last error.
 * Returns err, so that a public function ends with `return opendoca_fail(DOCA_ERROR_..., __func__,
 * "...", ...);`.
 */
OPENDOCA_PRIVATE doca_error_t opendoca_fail(doca_error_t err, const char *func, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

/* The calling thread's last failure: its code (DOCA_SUCCESS if none yet) and message ("" if none). */
OPENDOCA_PRIVATE doca_error_t opendoca_last_error(void);
OPENDOCA_PRIVATE const char *opendoca_last_error_message(void);

/* ---------------------------------------------------------------------------------------------- */
/* SDK log                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/*
 * Logs a message of the DOCA libraries (the SDK log: SDK backends, limited by the global SDK level)
 * at level (DOCA_LOG_LEVEL_*), as public function func.
 */
OPENDOCA_PRIVATE void opendoca_sdk_log(uint32_t level, const char *func, const char *format, ...)
	__attribute__((format(printf, 3, 4)));
OPENDOCA_PRIVATE void opendoca_sdk_vlog(uint32_t level, const char *func, const char *format, va_list ap)
	__attribute__((format(printf, 3, 0)));

/* ---------------------------------------------------------------------------------------------- */
/* Handles                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/*
 * A kind of object: how the API names it in log lines ("memory map"). A family defines one
 * `const struct opendoca_kind` per object type; kinds are told apart by address.
 */
struct opendoca_kind {
	const char *name;
};

/* The first member of every object with a handle. */
struct opendoca_object {
	uint32_t slot;
	const struct opendoca_kind *kind;
	void (*free_fn)(struct opendoca_object *object); /* frees the object; called once */
};

/*
 * A program never holds an object's address: it holds a handle, an address in a range the library
 * reserves and never maps, that encodes a slot of the handle table and the slot's generation. Each
 * slot counts references: opendoca_handle_get takes one for the call (refused once the handle is
 * closed, or when the slot was reused since: another generation), opendoca_handle_put drops it;
 * destroying closes the handle (of two destroyers, one wins) and drops the object's own reference;
 * the last reference frees the object (free_fn) and only then the slot is reused, with the next
 * generation. Lock-free per object (one compare-and-swap); creating and freeing take a lock. The
 * table is libdoca_common's own instance of core/common/handle_table.h (libflexio keeps another).
 */

/* Gives object a handle of kind, with one reference (the object's own); NULL when slots run out. */
OPENDOCA_PRIVATE void *opendoca_handle_open(struct opendoca_object *object, const struct opendoca_kind *kind,
					    void (*free_fn)(struct opendoca_object *object));
/*
 * The object of an open handle of kind, with a reference for the caller; NULL otherwise (NULL, a
 * closed or stale handle, another kind), after opendoca_fail(DOCA_ERROR_INVALID_VALUE, func, ...).
 */
OPENDOCA_PRIVATE void *opendoca_handle_get(const void *handle, const struct opendoca_kind *kind, const char *func);
/* The same without recording a failure (the caller reports it in its own words). */
OPENDOCA_PRIVATE void *opendoca_handle_try_get(const void *handle, const struct opendoca_kind *kind);
/*
 * Closes an open handle of kind; returns its object with two references to drop (opendoca_handle_put
 * twice): the call's and the object's own. NULL, after opendoca_fail, when it is not open.
 */
OPENDOCA_PRIVATE void *opendoca_handle_close(const void *handle, const struct opendoca_kind *kind, const char *func);
/* Another reference to an object the caller holds one to; dropping one (the last frees it). */
OPENDOCA_PRIVATE void opendoca_handle_hold(struct opendoca_object *object);
OPENDOCA_PRIVATE void opendoca_handle_put(struct opendoca_object *object);
/* The handle of an object the caller holds a reference to. */
OPENDOCA_PRIVATE void *opendoca_handle_of(const struct opendoca_object *object);

#endif /* OPENDOCA_COMMON_PRIVATE_H */
