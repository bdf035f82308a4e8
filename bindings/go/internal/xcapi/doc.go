// Package xcapi is the experimental part of package capi for the idiomatic package's own use
// (generated; internal: not importable from outside the module). Users opt in to experimental
// functions with -tags flexio_experimental and package capi.
package xcapi
