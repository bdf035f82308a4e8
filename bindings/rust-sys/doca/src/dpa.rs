//! DOCA DPA: a context running DPA code (a dpacc-built application loaded with
//! [`flexio::App::load`]), DPA memory, kernel launches chained by sync events, and RPCs.
use std::fmt;
use std::ptr;
use std::time::{Duration, Instant};

use crate::{check, sys, Device, Error, Result};
use doca_sys::experimental as x;

/// The DPA code's functions take at most this many 64-bit arguments here: the C entries are
/// variadic, called with one call site per argument count (libdoca_dpa has no non-variadic form).
pub const MAX_ARGS: usize = 8;

/// A DOCA DPA context (`doca_dpa`) on a device, running a DPA application; destroyed (its DPA
/// memory and kernels in flight with it) when dropped.
///
/// ```no_run
/// use doca::{Device, Dpa, Launch, SyncEvent};
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let app = flexio::App::load("libpipeline.so", None)?; // dpacc ... -ldoca_dpa_dev, cc -shared
/// let dev = Device::open("mlx5_sim0")?;
/// let dpa = Dpa::new(&dev, &app)?;
/// let out = dpa.alloc(8)?;
/// let done = SyncEvent::new(&dpa, &dev)?;                   // DPA code sets it, the CPU waits
/// dpa.launch("hello", &[out.address()], Launch::threads(1).complete(&done, 1))?;
/// done.wait_gt(0, Some(std::time::Duration::from_secs(5)))?;
/// println!("{:?} {}", out.read(0, 8)?, dpa.rpc("twice", &[21])?);
/// # Ok(()) }
/// ```
pub struct Dpa<'a> {
    dpa: *mut sys::doca_dpa,
    app: &'a flexio::App,
    _dev: &'a Device,
}

// SAFETY: libdoca_dpa locks its context; the handle may be used from any thread.
unsafe impl Send for Dpa<'_> {}
unsafe impl Sync for Dpa<'_> {}

/// How [`Dpa::launch`] runs a kernel: on how many DPA threads, after which event passes which
/// threshold, and which event it sets (or adds to) when all its threads returned.
#[derive(Clone, Copy)]
pub struct Launch<'e> {
    threads: u32,
    wait: Option<(&'e SyncEvent<'e>, u64)>,
    complete: Option<(&'e SyncEvent<'e>, u64)>,
    add: bool,
}

impl<'e> Launch<'e> {
    /// A kernel on n DPA threads, waiting for nothing, completing nothing.
    pub fn threads(n: u32) -> Launch<'e> {
        Launch { threads: n, wait: None, complete: None, add: false }
    }

    /// It starts once event's value reaches threshold (>=).
    pub fn wait(mut self, event: &'e SyncEvent<'e>, threshold: u64) -> Launch<'e> {
        self.wait = Some((event, threshold));
        self
    }

    /// When all its threads returned, event is set to value (`doca_dpa_kernel_launch_update_set`).
    pub fn complete(mut self, event: &'e SyncEvent<'e>, value: u64) -> Launch<'e> {
        self.complete = Some((event, value));
        self
    }

    /// The completion adds its value to the event instead (`doca_dpa_kernel_launch_update_add`).
    pub fn add(mut self) -> Launch<'e> {
        self.add = true;
        self
    }
}

/// One call site per argument count: the C entries are variadic.
macro_rules! variadic {
    ($call:path, [$($fixed:expr),*], $a:expr) => {
        match $a.len() {
            0 => $call($($fixed),*),
            1 => $call($($fixed),*, $a[0]),
            2 => $call($($fixed),*, $a[0], $a[1]),
            3 => $call($($fixed),*, $a[0], $a[1], $a[2]),
            4 => $call($($fixed),*, $a[0], $a[1], $a[2], $a[3]),
            5 => $call($($fixed),*, $a[0], $a[1], $a[2], $a[3], $a[4]),
            6 => $call($($fixed),*, $a[0], $a[1], $a[2], $a[3], $a[4], $a[5]),
            7 => $call($($fixed),*, $a[0], $a[1], $a[2], $a[3], $a[4], $a[5], $a[6]),
            8 => $call($($fixed),*, $a[0], $a[1], $a[2], $a[3], $a[4], $a[5], $a[6], $a[7]),
            _ => unreachable!("the arity was checked"),
        }
    };
}

impl<'a> Dpa<'a> {
    /// A context on dev running app, started.
    pub fn new(dev: &'a Device, app: &'a flexio::App) -> Result<Dpa<'a>> {
        let dpa = Dpa::unstarted(dev, app)?;
        dpa.start()?;
        Ok(dpa)
    }

    /// A context on dev with app set, not started (set its log level, then [`Dpa::start`]).
    pub fn unstarted(dev: &'a Device, app: &'a flexio::App) -> Result<Dpa<'a>> {
        let mut dpa = ptr::null_mut();
        // SAFETY: a live device, an out-parameter.
        check("doca_dpa_create", unsafe { x::doca_dpa_create(dev.as_raw(), &mut dpa) })?;
        // Dropped on failure: destroyed.
        let this = Dpa { dpa, app, _dev: dev };
        // SAFETY: the context's handle; a DOCA DPA application is the FlexIO application dpacc
        // built (libdoca_dpa runs it in a FlexIO process), which outlives the context ('a).
        check("doca_dpa_set_app", unsafe { x::doca_dpa_set_app(dpa, app.as_raw().cast()) })?;
        Ok(this)
    }

    /// `doca_dpa_start`: the application's process runs; kernels and RPCs may be called.
    pub fn start(&self) -> Result<()> {
        // SAFETY: the context's handle.
        check("doca_dpa_start", unsafe { x::doca_dpa_start(self.dpa) })
    }

    /// `doca_dpa_stop`: kernels in flight end, the process goes; [`Dpa::start`] runs it again.
    pub fn stop(&self) -> Result<()> {
        // SAFETY: the context's handle.
        check("doca_dpa_stop", unsafe { x::doca_dpa_stop(self.dpa) })
    }

    /// The application it runs.
    pub fn app(&self) -> &'a flexio::App {
        self.app
    }

    /// The context as DPA code names it (`doca_dpa_get_dpa_handle`: `doca_dpa_dev_t`).
    pub fn handle(&self) -> Result<u64> {
        let mut handle = 0;
        // SAFETY: the context's handle, an out-parameter.
        check("doca_dpa_get_dpa_handle", unsafe { x::doca_dpa_get_dpa_handle(self.dpa, &mut handle) })?;
        Ok(handle)
    }

    /// `doca_dpa_get_max_threads_per_kernel`.
    pub fn max_threads_per_kernel(&self) -> Result<u32> {
        let mut n = 0;
        // SAFETY: the context's handle, an out-parameter.
        check("doca_dpa_get_max_threads_per_kernel", unsafe {
            x::doca_dpa_get_max_threads_per_kernel(self.dpa, &mut n)
        })?;
        Ok(n)
    }

    /// `doca_dpa_peek_at_last_error`: an error when a kernel faulted and stopped the context.
    pub fn check(&self) -> Result<()> {
        // SAFETY: the context's handle.
        check("doca_dpa_peek_at_last_error", unsafe { x::doca_dpa_peek_at_last_error(self.dpa) })
    }

    /// size bytes of DPA memory (`doca_dpa_mem_alloc`), freed when dropped.
    pub fn alloc(&self, size: usize) -> Result<DpaMemory<'_>> {
        let mut address = 0;
        // SAFETY: the context's handle, an out-parameter.
        check("doca_dpa_mem_alloc", unsafe { x::doca_dpa_mem_alloc(self.dpa, size, &mut address) })?;
        Ok(DpaMemory { dpa: self, address, size })
    }

    /// The function name of the application (for function, the C function to blame) and its
    /// arguments checked against its arity.
    fn function(&self, function: &str, name: &str, args: &[u64]) -> Result<sys::doca_dpa_func_t> {
        let f =
            self.app.function(name).map_err(|e| Error::new(function, sys::DOCA_ERROR_INVALID_VALUE, e.message()))?;
        if args.len() != f.nargs() {
            return Err(Error::new(
                function,
                sys::DOCA_ERROR_INVALID_VALUE,
                format!("{name}() takes {} arguments ({} given)", f.nargs(), args.len()),
            ));
        }
        if args.len() > MAX_ARGS {
            return Err(Error::new(
                function,
                sys::DOCA_ERROR_NOT_SUPPORTED,
                format!("{name}() takes {} arguments: the binding passes at most {MAX_ARGS}", args.len()),
            ));
        }
        Ok(f.as_raw())
    }

    /// Launches kernel (a `__dpa_global__` function of the application, by name) with 64-bit
    /// arguments (one per parameter: DPA addresses, event handles, values) as `how` says
    /// (`doca_dpa_kernel_launch_update_set` / `_add`).  Returns at once; the kernel runs on the DPA.
    pub fn launch(&self, kernel: &str, args: &[u64], how: Launch<'_>) -> Result<()> {
        let function = if how.add { "doca_dpa_kernel_launch_update_add" } else { "doca_dpa_kernel_launch_update_set" };
        let func = self.function(function, kernel, args)?;
        let (wait, threshold) = how.wait.map_or((ptr::null_mut(), 0), |(e, t)| (e.event, t));
        let (comp, value) = how.complete.map_or((ptr::null_mut(), 0), |(e, v)| (e.event, v));
        let (d, n) = (self.dpa, how.threads);
        // SAFETY: live handles (the events outlive the call), a function of the application,
        // as many u64 arguments as it has parameters.
        let status = unsafe {
            if how.add {
                variadic!(x::doca_dpa_kernel_launch_update_add, [d, wait, threshold, comp, value, n, func], args)
            } else {
                variadic!(x::doca_dpa_kernel_launch_update_set, [d, wait, threshold, comp, value, n, func], args)
            }
        };
        check(function, status)
    }

    /// Calls rpc (a `__dpa_rpc__` function of the application, by name) with 64-bit arguments
    /// on the DPA and returns its 64-bit result (`doca_dpa_rpc`).
    pub fn rpc(&self, rpc: &str, args: &[u64]) -> Result<u64> {
        let func = self.function("doca_dpa_rpc", rpc, args)?;
        let (d, mut ret) = (self.dpa, 0u64);
        let r = &mut ret as *mut u64;
        // SAFETY: as launch; ret is an out-parameter.
        check("doca_dpa_rpc", unsafe { variadic!(x::doca_dpa_rpc, [d, func, r], args) })?;
        Ok(ret)
    }

    /// The `struct doca_dpa *` (for the `doca-sys` layer; valid while self lives).
    pub fn as_raw(&self) -> *mut sys::doca_dpa {
        self.dpa
    }

    /// Destroys the context, reporting a failure `Drop` ignores.
    pub fn close(self) -> Result<()> {
        let dpa = self.dpa;
        std::mem::forget(self);
        // SAFETY: the handle doca_dpa_create gave, destroyed once.
        check("doca_dpa_destroy", unsafe { x::doca_dpa_destroy(dpa) })
    }
}

impl Drop for Dpa<'_> {
    fn drop(&mut self) {
        // SAFETY: as close().
        unsafe { x::doca_dpa_destroy(self.dpa) };
    }
}

impl fmt::Debug for Dpa<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dpa").field("app", &self.app.name()).finish()
    }
}

/// DPA memory of a context (`doca_dpa_mem_alloc`), freed when dropped; its address is what
/// kernels and RPCs are given.
pub struct DpaMemory<'d> {
    dpa: &'d Dpa<'d>,
    address: u64,
    size: usize,
}

impl DpaMemory<'_> {
    /// Its DPA address (`doca_dpa_dev_uintptr_t`).
    pub fn address(&self) -> u64 {
        self.address
    }

    /// Its size in bytes.
    pub fn len(&self) -> usize {
        self.size
    }

    /// Whether it has no bytes (never: DOCA allocates at least one).
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    fn range(&self, function: &str, offset: usize, len: usize) -> Result<()> {
        match offset.checked_add(len) {
            Some(end) if end <= self.size => Ok(()),
            _ => Err(Error::new(
                function,
                sys::DOCA_ERROR_INVALID_VALUE,
                format!("bytes {offset}..{offset}+{len} are outside the {} bytes of DPA memory", self.size),
            )),
        }
    }

    /// Copies data to offset (`doca_dpa_h2d_memcpy`).
    pub fn write(&self, offset: usize, data: &[u8]) -> Result<()> {
        self.range("doca_dpa_h2d_memcpy", offset, data.len())?;
        // SAFETY: a live context; the source is data's bytes (the C API does not write them).
        check("doca_dpa_h2d_memcpy", unsafe {
            x::doca_dpa_h2d_memcpy(
                self.dpa.dpa,
                self.address + offset as u64,
                data.as_ptr().cast_mut().cast(),
                data.len(),
            )
        })
    }

    /// Fills out from offset (`doca_dpa_d2h_memcpy`).
    pub fn read_into(&self, offset: usize, out: &mut [u8]) -> Result<()> {
        self.range("doca_dpa_d2h_memcpy", offset, out.len())?;
        // SAFETY: a live context; out is writable for its length.
        check("doca_dpa_d2h_memcpy", unsafe {
            x::doca_dpa_d2h_memcpy(self.dpa.dpa, out.as_mut_ptr().cast(), self.address + offset as u64, out.len())
        })
    }

    /// len bytes from offset, copied to the host.
    pub fn read(&self, offset: usize, len: usize) -> Result<Vec<u8>> {
        let mut out = vec![0u8; len];
        self.read_into(offset, &mut out)?;
        Ok(out)
    }

    /// Sets every byte to value (`doca_dpa_memset`).
    pub fn memset(&self, value: u8) -> Result<()> {
        // SAFETY: a live context, the memory's range.
        check("doca_dpa_memset", unsafe { x::doca_dpa_memset(self.dpa.dpa, self.address, value.into(), self.size) })
    }
}

impl Drop for DpaMemory<'_> {
    fn drop(&mut self) {
        // SAFETY: memory of the (live: borrowed) context, freed once.
        unsafe { x::doca_dpa_mem_free(self.dpa.dpa, self.address) };
    }
}

impl fmt::Debug for DpaMemory<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DpaMemory({} bytes at {:#x})", self.size, self.address)
    }
}

/// Where a sync event is published or subscribed: the CPU of a device, or the DPA code of a
/// context.
#[derive(Clone, Copy, Debug)]
pub enum Location<'a> {
    /// The CPU (`doca_sync_event_add_*_location_cpu`).
    Cpu(&'a Device),
    /// The context's DPA code (`doca_sync_event_add_*_location_dpa`).
    Dpa(&'a Dpa<'a>),
}

impl<'a> From<&'a Device> for Location<'a> {
    fn from(dev: &'a Device) -> Location<'a> {
        Location::Cpu(dev)
    }
}

impl<'a> From<&'a Dpa<'a>> for Location<'a> {
    fn from(dpa: &'a Dpa<'a>) -> Location<'a> {
        Location::Dpa(dpa)
    }
}

/// A DOCA sync event (`doca_sync_event`): a 64-bit counter the CPU and DPA code update and wait
/// on; it borrows its locations and is destroyed when dropped.
pub struct SyncEvent<'a> {
    event: *mut sys::doca_sync_event,
    _locations: std::marker::PhantomData<Location<'a>>,
}

// SAFETY: libdoca_common locks its events; the handle may be used from any thread.
unsafe impl Send for SyncEvent<'_> {}
unsafe impl Sync for SyncEvent<'_> {}

impl<'a> SyncEvent<'a> {
    /// An event published at publisher and subscribed at subscriber (each a `&Device`, the
    /// CPU, or a `&Dpa`, its DPA code), started.
    pub fn new(publisher: impl Into<Location<'a>>, subscriber: impl Into<Location<'a>>) -> Result<SyncEvent<'a>> {
        let event = SyncEvent::unstarted()?;
        event.add_publisher(publisher)?;
        event.add_subscriber(subscriber)?;
        event.start()?;
        Ok(event)
    }

    /// An event to configure ([`SyncEvent::add_publisher`], [`SyncEvent::add_subscriber`],
    /// [`SyncEvent::start`]).
    pub fn unstarted() -> Result<SyncEvent<'a>> {
        let mut event = ptr::null_mut();
        // SAFETY: an out-parameter.
        check("doca_sync_event_create", unsafe { x::doca_sync_event_create(&mut event) })?;
        Ok(SyncEvent { event, _locations: std::marker::PhantomData })
    }

    fn add(&self, publisher: bool, at: Location<'a>) -> Result<()> {
        // SAFETY: live handles; the locations outlive the event ('a).
        unsafe {
            match (publisher, at) {
                (true, Location::Cpu(d)) => check(
                    "doca_sync_event_add_publisher_location_cpu",
                    x::doca_sync_event_add_publisher_location_cpu(self.event, d.as_raw()),
                ),
                (true, Location::Dpa(d)) => check(
                    "doca_sync_event_add_publisher_location_dpa",
                    x::doca_sync_event_add_publisher_location_dpa(self.event, d.dpa),
                ),
                (false, Location::Cpu(d)) => check(
                    "doca_sync_event_add_subscriber_location_cpu",
                    x::doca_sync_event_add_subscriber_location_cpu(self.event, d.as_raw()),
                ),
                (false, Location::Dpa(d)) => check(
                    "doca_sync_event_add_subscriber_location_dpa",
                    x::doca_sync_event_add_subscriber_location_dpa(self.event, d.dpa),
                ),
            }
        }
    }

    /// Who updates the event (before start).
    pub fn add_publisher(&self, at: impl Into<Location<'a>>) -> Result<()> {
        self.add(true, at.into())
    }

    /// Who waits on the event (before start).
    pub fn add_subscriber(&self, at: impl Into<Location<'a>>) -> Result<()> {
        self.add(false, at.into())
    }

    /// `doca_sync_event_start`.
    pub fn start(&self) -> Result<()> {
        // SAFETY: the event's handle.
        check("doca_sync_event_start", unsafe { x::doca_sync_event_start(self.event) })
    }

    /// The event as dpa's DPA code names it (`doca_sync_event_get_dpa_handle`), to pass to its
    /// kernels and RPCs.
    pub fn dpa_handle(&self, dpa: &Dpa<'_>) -> Result<u64> {
        let mut handle = 0;
        // SAFETY: live handles, an out-parameter.
        check("doca_sync_event_get_dpa_handle", unsafe {
            x::doca_sync_event_get_dpa_handle(self.event, dpa.dpa, &mut handle)
        })?;
        Ok(handle)
    }

    /// Its value (`doca_sync_event_get`).
    pub fn get(&self) -> Result<u64> {
        let mut value = 0;
        // SAFETY: the event's handle, an out-parameter.
        check("doca_sync_event_get", unsafe { x::doca_sync_event_get(self.event, &mut value) })?;
        Ok(value)
    }

    /// Sets its value (`doca_sync_event_update_set`).
    pub fn update_set(&self, value: u64) -> Result<()> {
        // SAFETY: the event's handle.
        check("doca_sync_event_update_set", unsafe { x::doca_sync_event_update_set(self.event, value) })
    }

    /// Adds value (`doca_sync_event_update_add`); returns the value before.
    pub fn update_add(&self, value: u64) -> Result<u64> {
        let mut fetched = 0;
        // SAFETY: the event's handle, an out-parameter.
        check("doca_sync_event_update_add", unsafe { x::doca_sync_event_update_add(self.event, value, &mut fetched) })?;
        Ok(fetched)
    }

    /// Waits until its value is greater than value.  timeout None: as long as it takes
    /// (`doca_sync_event_wait_gt`); else DOCA_ERROR_TIME_OUT once it passed (polling
    /// `doca_sync_event_get`).
    pub fn wait_gt(&self, value: u64, timeout: Option<Duration>) -> Result<()> {
        let Some(timeout) = timeout else {
            // SAFETY: the event's handle.
            return check("doca_sync_event_wait_gt", unsafe {
                x::doca_sync_event_wait_gt(self.event, value, u64::MAX)
            });
        };
        let deadline = Instant::now() + timeout;
        loop {
            let now = self.get()?;
            if now > value {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(Error::new(
                    "doca_sync_event_wait_gt",
                    sys::DOCA_ERROR_TIME_OUT,
                    format!("the value stayed {now}, not above {value}, for {timeout:?}"),
                ));
            }
            std::thread::sleep(Duration::from_micros(500));
        }
    }

    /// The `struct doca_sync_event *` (for the `doca-sys` layer; valid while self lives).
    pub fn as_raw(&self) -> *mut sys::doca_sync_event {
        self.event
    }

    /// Destroys the event, reporting a failure `Drop` ignores.
    pub fn close(self) -> Result<()> {
        let event = self.event;
        std::mem::forget(self);
        // SAFETY: the handle doca_sync_event_create gave, destroyed once.
        check("doca_sync_event_destroy", unsafe { x::doca_sync_event_destroy(event) })
    }
}

impl Drop for SyncEvent<'_> {
    fn drop(&mut self) {
        // SAFETY: as close().
        unsafe { x::doca_sync_event_destroy(self.event) };
    }
}

impl fmt::Debug for SyncEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SyncEvent").field("value", &self.get().ok()).finish()
    }
}
