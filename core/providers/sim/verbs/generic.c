/*
 * The rdma-core entry points the simulated device does not simulate (yet): queues, devx
 * objects, steering, crypto, ... (entries.h, VERBS_GENERIC).  Each one, given
 *   - a live simulated object: fails with EOPNOTSUPP and one log line naming the device;
 *   - a real rdma-core object: is rdma-core's call;
 *   - NULL, a destroyed simulated object, one of another kind, or a foreign pointer: is
 *     refused with one log line (EINVAL), never handed to rdma-core;
 * each in the failure convention of the call.  So no program crashes calling rdma-core on a
 * simulated context, whatever it calls.
 */
#include "verbs_internal.h"

#include <errno.h>

/* The parentheses keep verbs.h's function-like macros from expanding these definitions. */
#define VERBS_GENERIC(ret, name, version, params, args, kind, handle, fail)            \
	VERBS_EXPORT ret(name) params                                                  \
	{                                                                              \
		__typeof__(&name) real_ = VERBS_REAL(name);                            \
		void *object_;                                                         \
                                                                                       \
		VERBS_DELEGATE(name, args);                                            \
		switch (verbs_route(#name, (handle), kind, &object_, real_ != NULL)) { \
		case VERBS_ROUTE_SIMULATED:                                            \
			verbs_unsupported(#name, kind, object_);                       \
			return VERBS_FAIL_##fail(EOPNOTSUPP);                          \
		case VERBS_ROUTE_REAL:                                                 \
			return real_ args;                                             \
		default:                                                               \
			return VERBS_FAIL_##fail(errno);                               \
		}                                                                      \
	}

#define VERBS_GENERIC_VOID(name, version, params, args, kind, handle)                  \
	VERBS_EXPORT void(name) params                                                 \
	{                                                                              \
		__typeof__(&name) real_ = VERBS_REAL(name);                            \
		void *object_;                                                         \
                                                                                       \
		VERBS_DELEGATE_VOID(name, args);                                       \
		switch (verbs_route(#name, (handle), kind, &object_, real_ != NULL)) { \
		case VERBS_ROUTE_SIMULATED:                                            \
			verbs_unsupported(#name, kind, object_);                       \
			return;                                                        \
		case VERBS_ROUTE_REAL:                                                 \
			real_ args;                                                    \
			return;                                                        \
		default:                                                               \
			return;                                                        \
		}                                                                      \
	}

#include "entries.h"
