// Command bench is bench/bindings' Go part: one cheap library call and one empty device call
// through the generated layer (capi; the call through ProcessCallArgs, as cgo cannot call
// the variadic flexio_process_call) and through the idiomatic package.
// Usage: go run ./internal/bench APP.so [ITERATIONS] [ROUNDS]
package main

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"time"

	flexio "github.com/openflexio/openflexio/bindings/go"
	"github.com/openflexio/openflexio/bindings/go/capi"
	"github.com/openflexio/openflexio/bindings/go/internal/xcapi"
)

/*
#include <stdlib.h>
*/
import "C"

func median(rounds, iters int, f func(n int)) float64 {
	v := make([]float64, rounds)
	for r := range v {
		t := time.Now()
		f(iters)
		v[r] = float64(time.Since(t).Nanoseconds()) / float64(iters)
	}
	sort.Float64s(v)
	return v[rounds/2]
}

func main() {
	iters, rounds := 20000, 11
	if len(os.Args) > 2 {
		iters, _ = strconv.Atoi(os.Args[2])
	}
	if len(os.Args) > 3 {
		rounds, _ = strconv.Atoi(os.Args[3])
	}
	app, err := flexio.LoadApp(os.Args[1], "")
	check(err)
	dev, err := flexio.Open("mlx5_sim0")
	check(err)
	defer dev.Close()
	proc, err := dev.NewProcess(app)
	check(err)
	defer proc.Close()
	nop, err := app.Function("nop")
	check(err)
	p, f := proc.Raw(), nop.Raw()
	scratch := C.calloc(8, 8) // C memory for the out-parameters
	defer C.free(scratch)
	info, ret := (*capi.HeapMemInfo)(scratch), (*uint64)(scratch)

	rawCheap := median(rounds, iters*10, func(n int) {
		for i := 0; i < n; i++ {
			capi.ProcessMemInfoGet(p, info)
		}
	})
	cheap := median(rounds, iters*10, func(n int) {
		for i := 0; i < n; i++ {
			proc.HeapInfo()
		}
	})
	rawCall := median(rounds, iters, func(n int) {
		for i := 0; i < n; i++ {
			xcapi.ProcessCallArgs(p, f, ret, nil, 0)
		}
	})
	call := median(rounds, iters, func(n int) {
		for i := 0; i < n; i++ {
			proc.Call(nop)
		}
	})
	fmt.Printf("go-capi.cheap %.1f\ngo.cheap %.1f\ngo-capi.call %.1f\ngo.call %.1f\n", rawCheap, cheap, rawCall, call)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
