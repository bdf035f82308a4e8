/* Engine selection (README.md, "Engines"): the default from the environment, per process. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

bool dpa_engine_translator_available(void)
{
#ifdef DPA_HAVE_TRANSLATOR
	return true;
#else
	return false;
#endif
}

static enum dpa_engine engine_from_environment(void)
{
	const char *value = getenv("FLEXIO_SIM_ENGINE");
	if (value != NULL && strcmp(value, "interpreter") == 0)
		return DPA_ENGINE_INTERPRETER;
	return dpa_engine_translator_available() ? DPA_ENGINE_TRANSLATOR : DPA_ENGINE_INTERPRETER;
}

static enum dpa_engine default_engine;
static pthread_once_t default_engine_once = PTHREAD_ONCE_INIT;

static void read_default_engine(void)
{
	default_engine = engine_from_environment();
}

enum dpa_engine dpa_engine_default(void)
{
	pthread_once(&default_engine_once, read_default_engine);
	return default_engine;
}

int dpa_process_set_engine(struct dpa_process *process, enum dpa_engine engine)
{
	if (process == NULL)
		return -EINVAL;
	switch (engine) {
	case DPA_ENGINE_DEFAULT:
		engine = dpa_engine_default();
		break;
	case DPA_ENGINE_INTERPRETER:
		break;
	case DPA_ENGINE_TRANSLATOR:
		if (!dpa_engine_translator_available())
			return -ENOTSUP;
		break;
	default:
		return -EINVAL;
	}
	atomic_store_explicit(&process->engine, (int)engine, memory_order_relaxed);
	return 0;
}

enum dpa_engine dpa_process_engine(const struct dpa_process *process)
{
	return process == NULL ? DPA_ENGINE_DEFAULT
			       : (enum dpa_engine)atomic_load_explicit(&process->engine, memory_order_relaxed);
}

#ifndef DPA_HAVE_TRANSLATOR
/* Without a backend for this host the translator is never selected (dpa_process_set_engine
 * refuses it); these keep the interface whole. */
enum dpa_stop dpa_jit_exec(struct dpa_hart *hart, int64_t budget)
{
	return dpa_exec(hart, budget);
}

void dpa_jit_free(struct dpa_image *image)
{
	(void)image;
}
#endif
