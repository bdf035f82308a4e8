//go:build flexio_experimental

package capi_test

import (
	"testing"

	"github.com/openflexio/openflexio/bindings/go/capi"
)

// With -tags flexio_experimental the experimental functions are part of package capi.
func TestExperimentalOptIn(t *testing.T) {
	if v := capi.VersionGet(nil); v != capi.FLEXIO_CURRENT_VERSION {
		t.Fatalf("library version %#x", v)
	}
}
