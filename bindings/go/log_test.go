package flexio_test

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"

	flexio "github.com/openflexio/openflexio/bindings/go"
	"github.com/openflexio/openflexio/bindings/go/capi"
)

// recorder is a slog.Handler keeping every record.
type recorder struct {
	mu      sync.Mutex
	records []slog.Record
}

func (r *recorder) Enabled(context.Context, slog.Level) bool { return true }
func (r *recorder) WithAttrs([]slog.Attr) slog.Handler       { return r }
func (r *recorder) WithGroup(string) slog.Handler            { return r }

func (r *recorder) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, rec.Clone())
	return nil
}

func (r *recorder) take() []slog.Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.records
	r.records = nil
	return out
}

func function(rec slog.Record) string {
	var fn string
	rec.Attrs(func(a slog.Attr) bool {
		if a.Key == "function" {
			fn = a.Value.String()
		}
		return true
	})
	return fn
}

// stderrOf runs f with fd 2 sent to a file and returns what was written there.
func stderrOf(t *testing.T, f func()) string {
	t.Helper()
	file, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	saved, err := syscall.Dup(2)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Dup3(int(file.Fd()), 2, 0); err != nil {
		t.Fatal(err)
	}
	f()
	syscall.Dup3(saved, 2, 0)
	syscall.Close(saved)
	text, err := os.ReadFile(file.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestFailureIsOneErrorRecord(t *testing.T) {
	_, p := newProcess(t)
	rec := &recorder{}
	flexio.SetLogger(slog.New(rec))
	defer flexio.SetLogger(nil)

	var err error
	stderr := stderrOf(t, func() { _, err = p.Alloc(1 << 40) })
	records := rec.take()
	if err == nil {
		t.Fatal("allocating 1 TiB succeeded")
	}
	if len(records) != 1 {
		t.Fatalf("%d records: %v", len(records), records)
	}
	r := records[0]
	if r.Level != slog.LevelError || function(r) != "flexio_buf_dev_alloc" ||
		!strings.HasPrefix(r.Message, "flexio_buf_dev_alloc: ") {
		t.Fatalf("record %v %q function %q", r.Level, r.Message, function(r))
	}
	// the error still carries the library's line, which the record says once
	if msg := err.(*flexio.Error).Message; msg != "flexio ERR "+r.Message {
		t.Fatalf("error %q, record %q", msg, r.Message)
	}
	if stderr != "" {
		t.Fatalf("stderr: %q", stderr)
	}
}

func TestSimulatedDeviceLogsToSlogDefault(t *testing.T) {
	rec := &recorder{}
	previous := slog.Default()
	slog.SetDefault(slog.New(rec))
	defer slog.SetDefault(previous)

	stderr := stderrOf(t, func() {
		if capi.IbvCloseDevice(nil) == 0 {
			t.Error("ibv_close_device(NULL) succeeded")
		}
	})
	records := rec.take()
	if len(records) != 1 || records[0].Level != slog.LevelError || function(records[0]) != "ibv_close_device" {
		t.Fatalf("records: %v", records)
	}
	if stderr != "" {
		t.Fatalf("stderr: %q", stderr)
	}
}
