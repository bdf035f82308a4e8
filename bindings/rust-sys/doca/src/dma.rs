//! DOCA DMA: a context on a device, started on a progress engine, copying between buffers.
use std::cell::Cell;
use std::ptr;

use crate::{check, sys, Buf, Device, Error, ProgressEngine, Result};

/// A DOCA DMA context (`doca_dma`) on a device, connected to a progress engine and started;
/// stopped (its tasks completed first) and destroyed when dropped.
///
/// ```no_run
/// use doca::{BufInventory, Device, Dma, Mmap, ProgressEngine};
/// # fn main() -> doca::Result<()> {
/// let dev = Device::open("mlx5_sim0")?;
/// let src = b"hello DOCA".to_vec();
/// let mut dst = vec![0u8; src.len()];
/// {
///     let msrc = Mmap::new(&src, &[&dev])?;
///     let mdst = Mmap::new_mut(&mut dst, &[&dev])?;
///     let inv = BufInventory::new(2)?;
///     let (s, d) = (inv.buf(&msrc, 0, src.len(), src.len())?, inv.buf(&mdst, 0, src.len(), 0)?);
///     let pe = ProgressEngine::new()?;
///     let dma = Dma::new(&dev, &pe, 16)?;
///     dma.memcpy(&s, &d)?;                                  // submit, progress until done
/// }                                                         // dropped: destroyed, in order
/// assert_eq!(dst, src);
/// # Ok(()) }
/// ```
pub struct Dma<'a> {
    dma: *mut sys::doca_dma,
    ctx: *mut sys::doca_ctx,
    pe: &'a ProgressEngine,
    _dev: &'a Device,
}

/// Where a task's completion lands: the task's user data points to it while memcpy waits.
type Outcome = Cell<Option<sys::doca_error_t>>;

unsafe extern "C" fn completed(task: *mut sys::doca_dma_task_memcpy, user: sys::doca_data, status: sys::doca_error_t) {
    // SAFETY: the user data is the Outcome of the memcpy call waiting for this task.
    unsafe {
        (*user.ptr.cast::<Outcome>()).set(Some(status));
        sys::doca_task_free(sys::doca_dma_task_memcpy_as_task(task));
    }
}

unsafe extern "C" fn done(task: *mut sys::doca_dma_task_memcpy, user: sys::doca_data, _ctx: sys::doca_data) {
    // SAFETY: called by the engine with the task and its user data.
    unsafe { completed(task, user, sys::DOCA_SUCCESS) }
}

unsafe extern "C" fn failed(task: *mut sys::doca_dma_task_memcpy, user: sys::doca_data, _ctx: sys::doca_data) {
    // SAFETY: as done; the status is the task's.
    unsafe { completed(task, user, sys::doca_task_get_status(sys::doca_dma_task_memcpy_as_task(task))) }
}

impl<'a> Dma<'a> {
    /// A DMA context on dev, num_tasks memcpy tasks at most in flight, started on pe.
    pub fn new(dev: &'a Device, pe: &'a ProgressEngine, num_tasks: u32) -> Result<Dma<'a>> {
        let mut dma = ptr::null_mut();
        // SAFETY: a live device, an out-parameter.
        check("doca_dma_create", unsafe { sys::doca_dma_create(dev.as_raw(), &mut dma) })?;
        // SAFETY: the new context's handle.
        let ctx = unsafe { sys::doca_dma_as_ctx(dma) };
        let this = Dma { dma, ctx, pe, _dev: dev }; // dropped on failure: destroyed
                                                    // SAFETY: live handles; the callbacks have the C types the task type calls.
        unsafe {
            check(
                "doca_dma_task_memcpy_set_conf",
                sys::doca_dma_task_memcpy_set_conf(dma, Some(done), Some(failed), num_tasks),
            )?;
            check("doca_pe_connect_ctx", sys::doca_pe_connect_ctx(pe.as_raw(), ctx))?;
            check("doca_ctx_start", sys::doca_ctx_start(ctx))?;
        }
        Ok(this)
    }

    /// The largest buffer a memcpy task takes on dev.
    pub fn max_buf_size(dev: &Device) -> Result<u64> {
        let mut size = 0;
        // SAFETY: the device's devinfo, an out-parameter.
        check("doca_dma_cap_task_memcpy_get_max_buf_size", unsafe {
            sys::doca_dma_cap_task_memcpy_get_max_buf_size(sys::doca_dev_as_devinfo(dev.as_raw()), &mut size)
        })?;
        Ok(size)
    }

    /// Copies src's data to dst (after dst's data): submits a memcpy task and progresses the
    /// engine until it completed; the task's status as an error when it failed.
    pub fn memcpy(&self, src: &Buf<'_>, dst: &Buf<'_>) -> Result<()> {
        let outcome: Outcome = Cell::new(None);
        let user = sys::doca_data { ptr: ptr::from_ref(&outcome).cast_mut().cast() };
        let mut task = ptr::null_mut();
        // SAFETY: live handles, an out-parameter; the outcome outlives the task (we wait below).
        check("doca_dma_task_memcpy_alloc_init", unsafe {
            sys::doca_dma_task_memcpy_alloc_init(self.dma, src.as_raw(), dst.as_raw(), user, &mut task)
        })?;
        // SAFETY: the task just allocated.
        let task = unsafe { sys::doca_dma_task_memcpy_as_task(task) };
        // SAFETY: as above; a refused task is still ours to free.
        if let Err(e) = check("doca_task_submit", unsafe { sys::doca_task_submit(task) }) {
            unsafe { sys::doca_task_free(task) };
            return Err(e);
        }
        while outcome.get().is_none() {
            if !self.pe.progress() {
                std::thread::yield_now();
            }
        }
        match outcome.get() {
            Some(sys::DOCA_SUCCESS) => Ok(()),
            Some(status) => Err(Error::of("doca_dma_task_memcpy", status)),
            None => unreachable!("the loop ends with an outcome"),
        }
    }
}

impl Drop for Dma<'_> {
    fn drop(&mut self) {
        // SAFETY: the context's handles.  Stopped (a running context: doca_ctx_stop; one that
        // stopped itself after a failed task is stopping already), idle once its tasks completed
        // through the engine, then destroyed once.
        unsafe {
            let mut state = sys::DOCA_CTX_STATE_IDLE;
            while sys::doca_ctx_get_state(self.ctx, &mut state) == sys::DOCA_SUCCESS
                && state != sys::DOCA_CTX_STATE_IDLE
            {
                if state == sys::DOCA_CTX_STATE_RUNNING || state == sys::DOCA_CTX_STATE_STARTING {
                    sys::doca_ctx_stop(self.ctx);
                } else {
                    self.pe.progress();
                }
            }
            sys::doca_dma_destroy(self.dma);
        }
    }
}
