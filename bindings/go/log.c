/* The C half of log.go: the flexio_log_cb_t the library calls, handing each line to Go. */
#include <libflexio/flexio.h>

#include "_cgo_export.h"

static void flexio_go_log(enum flexio_log_lvl lvl, const char *func, const char *msg, void *user)
{
	(void)user;
	/* cgo exports take char *: the strings are only read, during the call */
	flexioLogLine((int)lvl, (char *)func, (char *)msg);
}

flexio_log_cb_t *flexio_go_log_callback(void)
{
	return flexio_go_log;
}
