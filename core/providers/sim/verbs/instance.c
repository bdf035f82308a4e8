/*
 * One simulator per process.  libflexio.so.1 and libflexio_verbs.so.1 both contain it; when
 * both are loaded (a program linked with both, or libflexio_verbs preloaded into a libflexio
 * program), two registries would each refuse the other's objects.  So the copy first in the
 * global lookup order, the one a program's calls bind to, is the primary: it holds every
 * simulated object; the other one forwards each of its entry points (libflexio's own calls
 * bind to its own copy) to the primary's definition.
 *
 * At load time the primary also redirects the calls that other objects bound to rdma-core
 * (redirect.c).
 */
#include "verbs_internal.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>

static pthread_once_t role_once = PTHREAD_ONCE_INIT;
static bool secondary;
static void *primary; /* dlopen handle of the primary, when secondary */
static void *primary_entries[VERBS_ENTRY_COUNT];

struct link_map *verbs_object_of(const void *addr)
{
	struct link_map *map = NULL;
	Dl_info info;

	if (!addr || !dladdr1(addr, &info, (void **)&map, RTLD_DL_LINKMAP))
		return NULL;
	return map;
}

struct link_map *verbs_self(void)
{
	return verbs_object_of((const void *)&verbs_self);
}

bool verbs_object_is_simulator(struct link_map *object)
{
	void *handle, *marker;
	bool simulator;

	if (!object)
		return false;
	if (object == verbs_self())
		return true;
	if (!object->l_name || !object->l_name[0])
		return false; /* the program itself */
	handle = dlopen(object->l_name, RTLD_LAZY | RTLD_NOLOAD);
	if (!handle)
		return false;
	marker = dlvsym(handle, "flexio_verbs_context_device", "FLEXIO_VERBS_PRIVATE");
	simulator = marker && verbs_object_of(marker) == object;
	dlclose(handle);
	return simulator;
}

static void decide(void)
{
	void *marker = dlvsym(RTLD_DEFAULT, "flexio_verbs_context_device", "FLEXIO_VERBS_PRIVATE");
	struct link_map *first = verbs_object_of(marker);

	if (!first || first == verbs_self() || !first->l_name || !first->l_name[0])
		return;
	primary = dlopen(first->l_name, RTLD_LAZY | RTLD_NOLOAD);
	secondary = primary != NULL;
}

bool verbs_is_secondary(void)
{
	pthread_once(&role_once, decide);
	return secondary;
}

void *verbs_primary_entry(enum verbs_entry entry)
{
	void *fn = __atomic_load_n(&primary_entries[entry], __ATOMIC_ACQUIRE);

	if (!fn) {
		fn = dlvsym(primary, verbs_entries[entry].name, verbs_entries[entry].version);
		/* a primary from another build that lacks the entry: this copy answers itself
		 * (VERBS_DELEGATE), marked by its own address */
		if (!fn)
			fn = verbs_entries[entry].ours;
		__atomic_store_n(&primary_entries[entry], fn, __ATOMIC_RELEASE);
	}
	return fn == verbs_entries[entry].ours ? NULL : fn;
}

__attribute__((constructor)) static void verbs_load(void)
{
	if (!verbs_is_secondary())
		verbs_redirect();
}
