/*
 * Live-handle registry.  Every object the API hands out is registered here
 * with its kind; public functions check a handle before touching it, so a
 * NULL, destroyed or foreign pointer is rejected with a log line instead of
 * being dereferenced.
 */
#ifndef OPENFLEXIO_CORE_HOST_HANDLE_H
#define OPENFLEXIO_CORE_HOST_HANDLE_H

#include <stdbool.h>

enum handle_kind {
	HANDLE_APP = 1,
	HANDLE_APP_LIST, /* an array made by flexio_app_get_list */
	HANDLE_FUNC,
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
};

/* Registers a new object; false only when memory runs out. */
bool handle_add(const void *object, enum handle_kind kind);
/* Forgets an object (before it is freed). */
void handle_remove(const void *object);
/* Whether object is a live object of this kind. */
bool handle_is(const void *object, enum handle_kind kind);

#endif
