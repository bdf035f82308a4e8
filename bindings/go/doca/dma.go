package doca

/*
#cgo pkg-config: doca-dma
#include <doca_dma.h>

// The DMA task callbacks (the Go functions below, exported to C).
void docaGoDmaDone(struct doca_dma_task_memcpy *task, union doca_data task_user_data, union doca_data ctx_user_data);
void docaGoDmaFailed(struct doca_dma_task_memcpy *task, union doca_data task_user_data, union doca_data ctx_user_data);
*/
import "C"

import (
	"runtime"
	"runtime/cgo"
	"unsafe"

	"github.com/openflexio/openflexio/bindings/go/doca/capi"
)

// DMA is a DOCA DMA context (doca_dma) on a device, connected to a progress engine and
// started.  One goroutine at a time, as its engine.
type DMA struct {
	handle  *handle[capi.Dma]
	ctx     *capi.Ctx
	pe      *ProgressEngine
	dev     *Device
	cleanup runtime.Cleanup
}

// outcome is where a task's completion lands: the task's user data is a cgo.Handle of it.
type outcome struct {
	done   bool
	status capi.Error
}

func completed(task *C.struct_doca_dma_task_memcpy, user C.union_doca_data, status capi.Error) {
	h := cgo.Handle(*(*uintptr)(unsafe.Pointer(&user)))
	o := h.Value().(*outcome)
	o.done, o.status = true, status
	C.doca_task_free(C.doca_dma_task_memcpy_as_task(task))
}

//export docaGoDmaDone
func docaGoDmaDone(task *C.struct_doca_dma_task_memcpy, user, _ C.union_doca_data) {
	completed(task, user, capi.DOCA_SUCCESS)
}

//export docaGoDmaFailed
func docaGoDmaFailed(task *C.struct_doca_dma_task_memcpy, user, _ C.union_doca_data) {
	completed(task, user, capi.Error(C.doca_task_get_status(C.doca_dma_task_memcpy_as_task(task))))
}

// stopAndDestroy stops the context (a running one: doca_ctx_stop; one that stopped itself after
// a failed task is stopping already), progresses the engine until its tasks completed and it is
// idle, and destroys it.
func stopAndDestroy(pe *capi.Pe, ctx *capi.Ctx) func(*capi.Dma) capi.Error {
	return func(dma *capi.Dma) capi.Error {
		var state capi.CtxStates
		for {
			if code := capi.CtxGetState(ctx, &state); code != capi.DOCA_SUCCESS {
				return code
			}
			if state == capi.DOCA_CTX_STATE_IDLE {
				break
			}
			if state == capi.DOCA_CTX_STATE_RUNNING || state == capi.DOCA_CTX_STATE_STARTING {
				if code := capi.CtxStop(ctx); code != capi.DOCA_SUCCESS && code != capi.DOCA_ERROR_IN_PROGRESS {
					return code
				}
			} else {
				capi.PeProgress(pe)
			}
		}
		return capi.DmaDestroy(dma)
	}
}

// NewDMA makes a DMA context on dev, numTasks memcpy tasks at most in flight, started on pe.
func NewDMA(dev *Device, pe *ProgressEngine, numTasks int) (*DMA, error) {
	rawDev, err := dev.handle.live("doca_dma_create", "device")
	if err != nil {
		return nil, err
	}
	rawPe, err := pe.handle.live("doca_pe_connect_ctx", "progress engine")
	if err != nil {
		return nil, err
	}
	var raw *capi.Dma
	if err := call("doca_dma_create", func() capi.Error { return capi.DmaCreate(rawDev, &raw) }); err != nil {
		return nil, err
	}
	ctx := capi.DmaAsCtx(raw)
	d := &DMA{handle: newHandle(raw, "doca_dma_destroy", stopAndDestroy(rawPe, ctx)), ctx: ctx, pe: pe, dev: dev}
	d.cleanup = runtime.AddCleanup(d, (*handle[capi.Dma]).dropped, d.handle)
	err = call("doca_dma_task_memcpy_set_conf", func() capi.Error {
		return capi.DmaTaskMemcpySetConf(raw, capi.DmaTaskMemcpyCompletionCb(C.docaGoDmaDone),
			capi.DmaTaskMemcpyCompletionCb(C.docaGoDmaFailed), uint32(numTasks))
	})
	if err == nil {
		err = call("doca_pe_connect_ctx", func() capi.Error { return capi.PeConnectCtx(rawPe, ctx) })
	}
	if err == nil {
		err = call("doca_ctx_start", func() capi.Error { return capi.CtxStart(ctx) })
	}
	if err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// MaxBufSize is the largest buffer a memcpy task takes on dev.
func MaxBufSize(dev *Device) (uint64, error) {
	const fn = "doca_dma_cap_task_memcpy_get_max_buf_size"
	raw, err := dev.handle.live(fn, "device")
	if err != nil {
		return 0, err
	}
	var size uint64
	err = call(fn, func() capi.Error { return capi.DmaCapTaskMemcpyGetMaxBufSize(capi.DevAsDevinfo(raw), &size) })
	return size, err
}

// Memcpy copies src's data to dst (after dst's data): it submits a memcpy task and progresses
// the engine until the task completed; the task's status as an error when it failed.
func (d *DMA) Memcpy(src, dst *Buf) error {
	const fn = "doca_dma_task_memcpy_alloc_init"
	raw, err := d.handle.live(fn, "DMA context")
	if err != nil {
		return err
	}
	rawSrc, err := src.handle.live(fn, "buffer")
	if err != nil {
		return err
	}
	rawDst, err := dst.handle.live(fn, "buffer")
	if err != nil {
		return err
	}
	o := &outcome{}
	h := cgo.NewHandle(o)
	defer h.Delete()
	var user capi.Data
	user.SetU64(uint64(h))
	runtime.LockOSThread() // the engine's completions run on this thread, the error is read here
	defer runtime.UnlockOSThread()
	var task *capi.DmaTaskMemcpy
	if err := check(fn, capi.DmaTaskMemcpyAllocInit(raw, rawSrc, rawDst, user, &task)); err != nil {
		return err
	}
	t := capi.DmaTaskMemcpyAsTask(task)
	if err := check("doca_task_submit", capi.TaskSubmit(t)); err != nil {
		capi.TaskFree(t)
		return err
	}
	for !o.done {
		if !d.pe.Progress() {
			runtime.Gosched()
		}
	}
	if o.status != capi.DOCA_SUCCESS {
		return newError("doca_dma_task_memcpy", o.status, "the memcpy task completed with an error")
	}
	return nil
}

// Close stops the context (its tasks complete first) and destroys it.
func (d *DMA) Close() error {
	err := d.handle.close()
	if err == nil {
		d.cleanup.Stop()
	}
	return err
}
