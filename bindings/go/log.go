package flexio

/*
#include <libflexio/flexio.h>

// log.c: the callback the library calls for each line; it calls flexioLogLine.
flexio_log_cb_t *flexio_go_log_callback(void);
*/
import "C"

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/openflexio/openflexio/bindings/go/capi"
	"github.com/openflexio/openflexio/bindings/go/internal/xcapi"
)

// The slog level of each library level (FLEXIO_LOG_LVL_ERR, _WARN, _INFO, _DBG).
var logLevels = [...]slog.Level{slog.LevelError, slog.LevelWarn, slog.LevelInfo, slog.LevelDebug}

var logger atomic.Pointer[slog.Logger]

// SetLogger sends the library's log records to l; nil (the default) sends them to
// slog.Default() as it is at each line, so slog.SetDefault applies.
func SetLogger(l *slog.Logger) { logger.Store(l) }

// installLog routes the library's log to slog, at load (init).
func installLog() {
	xcapi.LogCallbackSet((*capi.LogCb)(unsafe.Pointer(C.flexio_go_log_callback())), nil)
}

// flexioLogLine makes one record of a library line.  It runs on the thread that logged: a
// goroutine's thread inside a call, or one of the library's own threads.
//
//export flexioLogLine
func flexioLogLine(lvl C.int, function, reason *C.char) {
	level := slog.LevelDebug
	if lvl >= 0 && int(lvl) < len(logLevels) {
		level = logLevels[lvl]
	}
	l, ctx := logger.Load(), context.Background()
	if l == nil {
		l = slog.Default()
	}
	if !l.Enabled(ctx, level) {
		return
	}
	fn := C.GoString(function)
	// No source position: the caller is C, not Go code.
	r := slog.NewRecord(time.Now(), level, fn+": "+C.GoString(reason), 0)
	r.AddAttrs(slog.String("function", fn))
	_ = l.Handler().Handle(ctx, r)
}
