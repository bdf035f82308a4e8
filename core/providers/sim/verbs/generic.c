/*
 * The rdma-core entry points the simulated device does not simulate (yet): queues, devx
 * objects, steering, crypto, ... (entries.h, SIM_GENERIC).  Each one, given
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
#define SIM_GENERIC(ret, name, version, params, args, kind, handle, fail)            \
	SIM_EXPORT ret(name) params                                                  \
	{                                                                            \
		__typeof__(&name) real_ = SIM_REAL(name);                            \
		void *object_;                                                       \
                                                                                     \
		SIM_DELEGATE(name, args);                                            \
		switch (sim_route(#name, (handle), kind, &object_, real_ != NULL)) { \
		case SIM_ROUTE_SIMULATED:                                            \
			sim_unsupported(#name, kind, object_);                       \
			return SIM_FAIL_##fail(EOPNOTSUPP);                          \
		case SIM_ROUTE_REAL:                                                 \
			return real_ args;                                           \
		default:                                                             \
			return SIM_FAIL_##fail(errno);                               \
		}                                                                    \
	}

#define SIM_GENERIC_VOID(name, version, params, args, kind, handle)                  \
	SIM_EXPORT void(name) params                                                 \
	{                                                                            \
		__typeof__(&name) real_ = SIM_REAL(name);                            \
		void *object_;                                                       \
                                                                                     \
		SIM_DELEGATE_VOID(name, args);                                       \
		switch (sim_route(#name, (handle), kind, &object_, real_ != NULL)) { \
		case SIM_ROUTE_SIMULATED:                                            \
			sim_unsupported(#name, kind, object_);                       \
			return;                                                      \
		case SIM_ROUTE_REAL:                                                 \
			real_ args;                                                  \
			return;                                                      \
		default:                                                             \
			return;                                                      \
		}                                                                    \
	}

#include "entries.h"
