//! Safe Rust API of OpenFlexIO's libflexio: the FlexIO SDK host API on the simulated
//! BlueField-3 DPA (`mlx5_sim0`).
//!
//! ```no_run
//! use flexio::{App, Device};
//! # fn main() -> flexio::Result<()> {
//! let app = App::load("libmy_app.so", None)?;        // a dpacc-built app in a shared object
//! let dev = Device::open("mlx5_sim0")?;
//! let proc = dev.process(&app)?;
//! let sum = app.function("weighted_sum")?;
//! assert_eq!(proc.call(&sum, &[1, 2, 3, 4, 5])?, 55);
//! let buf = proc.copy_from_host(b"hello")?;            // DPA heap memory
//! let mut back = [0u8; 5];
//! buf.read(0, &mut back)?;
//! println!("{}", proc.output()?);                      // device prints as text
//! # Ok(()) }
//! ```
//!
//! Every failure is an [`Error`] carrying the library's own log line; a fault in device code is
//! [`ErrorKind::DeviceFault`].  Handles are RAII: dropping a [`Process`] destroys it and
//! everything created in it; [`HeapBuffer`] and [`Process`] borrow what they live in.
//!
//! The first use checks that the loaded libflexio serves the API edition the bindings were
//! generated from (`flexio_version_set`) and fails with [`ErrorKind::Version`] otherwise.  It
//! also routes the library's log lines to the `log` crate (target [`LOG_TARGET`]).
//!
//! Experimental API: the `experimental` feature re-exports `flexio_sys::experimental` as
//! [`experimental`] (the safe layer itself uses a few experimental C entries internally).
use flexio_sys as sys;
use flexio_sys::experimental as x;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::fmt;
use std::marker::PhantomData;
use std::path::Path;
use std::ptr;
use std::sync::OnceLock;

#[cfg(feature = "experimental")]
pub use flexio_sys::experimental;

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The call failed (bad argument, bad handle, no memory, ...).
    Failed,
    /// The DPA process stopped on a fatal error (fault in device code, `flexio_dev_error`).
    DeviceFault { status: u32 },
    /// A device, application or function was not found.
    NotFound,
    /// Wrong number of arguments for a device function.
    Arity { expected: usize, given: usize },
    /// The library does not serve the API edition of these bindings.
    Version,
}

/// A failed libflexio call: the C function and the line the library logged for it.
#[derive(Debug, Clone)]
pub struct Error {
    pub kind: ErrorKind,
    pub function: &'static str,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ErrorKind::DeviceFault { status } => {
                write!(f, "{} [DPA process stopped, status {status:#x}]", self.message)
            }
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

fn last_error() -> String {
    // SAFETY: flexio_last_error returns a NUL-terminated thread-local string.
    unsafe { CStr::from_ptr(x::flexio_last_error()) }.to_string_lossy().into_owned()
}

fn fail(function: &'static str) -> Error {
    Error { kind: ErrorKind::Failed, function, message: last_error() }
}

fn error(kind: ErrorKind, function: &'static str, message: String) -> Error {
    Error { kind, function, message }
}

#[inline]
fn check(status: sys::flexio_status, function: &'static str) -> Result<()> {
    if status == sys::FLEXIO_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(fail(function))
    }
}

fn fmt_version(v: u64) -> String {
    format!("{}.{}.{}", v >> 24 & 0xff, v >> 16 & 0xff, v & 0xffff)
}

/// The API edition the bindings were generated from, "major.minor.sub".
pub fn api_version() -> String {
    fmt_version(sys::FLEXIO_BINDINGS_API_VERSION)
}

/// The API version the loaded libflexio implements (its `FLEXIO_CURRENT_VERSION`).
pub fn library_version() -> String {
    fmt_version(unsafe { x::flexio_version_get(ptr::null_mut()) })
}

/// The first use of the crate, once per process: routes the library's log to the `log` crate
/// (see [`LOG_TARGET`]), then the version handshake, which announces the bindings' edition to
/// the library.  Every entry point calls it.
pub fn init() -> Result<()> {
    static DONE: OnceLock<Result<()>> = OnceLock::new();
    DONE.get_or_init(|| {
        // First, so that a refused handshake is a log record too.
        unsafe { x::flexio_log_callback_set(Some(log_line), ptr::null_mut()) };
        let served = unsafe { x::flexio_version_get(ptr::null_mut()) };
        if unsafe { sys::flexio_version_set(sys::FLEXIO_BINDINGS_API_VERSION) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(error(
                ErrorKind::Version,
                "flexio_version_set",
                format!(
                    "flexio: these bindings were generated for FlexIO API {}, but the loaded libflexio implements {} and refuses it ({}); regenerate flexio-sys against this library or load a matching libflexio",
                    api_version(),
                    fmt_version(served),
                    last_error()
                ),
            ));
        }
        Ok(())
    })
    .clone()
}

// ------------------------------------------------------------------------------------------
// Logging

/// The `log` target of the library's log lines.  From the first use of the crate ([`init`])
/// each line the library logs at or above its level (`FLEXIO_LOG_LEVEL`, default WARN; or
/// `experimental::flexio_log_lvl_set`) is one record instead of a line on stderr: ERR →
/// `Error`, WARN → `Warn`, INFO → `Info`, DBG → `Debug`; the message is `"<function>:
/// <reason>"` and the key `function` names the C function (a FlexIO call, or an rdma-core call
/// the simulated device answered).  With no logger installed records go nowhere, so a failure
/// is reported once: by the [`Error`] carrying the same line.
pub const LOG_TARGET: &str = "flexio";

/// The library's log callback: runs on the thread that logged, which may be a library thread.
extern "C" fn log_line(lvl: sys::flexio_log_lvl, func: *const c_char, msg: *const c_char, _user: *mut c_void) {
    let level = match lvl {
        sys::FLEXIO_LOG_LVL_ERR => log::Level::Error,
        sys::FLEXIO_LOG_LVL_WARN => log::Level::Warn,
        sys::FLEXIO_LOG_LVL_INFO => log::Level::Info,
        _ => log::Level::Debug,
    };
    if !log::log_enabled!(target: LOG_TARGET, level) {
        return;
    }
    // SAFETY: the library passes NUL-terminated strings valid during the call.
    let (func, msg) = unsafe { (CStr::from_ptr(func).to_string_lossy(), CStr::from_ptr(msg).to_string_lossy()) };
    // A panic must not unwind into C (the process would abort): a panicking logger loses the line.
    let _ = std::panic::catch_unwind(|| {
        log::log!(target: LOG_TARGET, level, function = func.as_ref(); "{func}: {msg}");
    });
}

// ------------------------------------------------------------------------------------------
// Devices

/// An RDMA device with a DPA, opened through libflexio's ibverbs (`mlx5_sim0`, ...).
pub struct Device {
    ctx: *mut sys::ibv_context,
    name: String,
}

// SAFETY: an ibverbs context may be used from any thread (rdma-core's verbs are thread-safe).
unsafe impl Send for Device {}
unsafe impl Sync for Device {}

fn device_list() -> Result<(*mut *mut sys::ibv_device, Vec<String>)> {
    let mut n: c_int = 0;
    let list = unsafe { sys::ibv_get_device_list(&mut n) };
    if list.is_null() {
        return Err(error(ErrorKind::NotFound, "ibv_get_device_list", "ibv_get_device_list: no RDMA devices".into()));
    }
    let names = (0..n as usize)
        .map(|i| unsafe { CStr::from_ptr(sys::ibv_get_device_name(*list.add(i))) }.to_string_lossy().into_owned())
        .collect();
    Ok((list, names))
}

impl Device {
    /// Names of the devices libflexio serves.
    pub fn names() -> Result<Vec<String>> {
        init()?;
        let (list, names) = device_list()?;
        unsafe { sys::ibv_free_device_list(list) };
        Ok(names)
    }

    /// Opens the device called `name`.
    pub fn open(name: &str) -> Result<Device> {
        init()?;
        let (list, names) = device_list()?;
        let ctx = match names.iter().position(|n| n == name) {
            Some(i) => unsafe { sys::ibv_open_device(*list.add(i)) },
            None => ptr::null_mut(),
        };
        unsafe { sys::ibv_free_device_list(list) };
        if ctx.is_null() {
            return Err(error(
                ErrorKind::NotFound,
                "ibv_open_device",
                format!("ibv_open_device: no device named {name:?} (devices: {})", names.join(", ")),
            ));
        }
        Ok(Device { ctx, name: name.to_owned() })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The `struct ibv_context *` for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::ibv_context {
        self.ctx
    }

    /// Loads `app` into a new DPA process on this device; device prints are captured
    /// (see [`Process::output`]).
    pub fn process<'d>(&'d self, app: &'d App) -> Result<Process<'d>> {
        Process::new(self, app, true)
    }

    /// Like [`Device::process`], printing nothing captured: device messages go nowhere.
    pub fn process_uncaptured<'d>(&'d self, app: &'d App) -> Result<Process<'d>> {
        Process::new(self, app, false)
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        unsafe { sys::ibv_close_device(self.ctx) };
    }
}

impl fmt::Debug for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Device").field("name", &self.name).finish()
    }
}

// ------------------------------------------------------------------------------------------
// Applications and functions

extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    fn dlerror() -> *mut c_char;
}
const RTLD_NOW: c_int = 2;
const RTLD_GLOBAL: c_int = 0x100;

fn registered_apps() -> Result<Vec<(String, *mut sys::flexio_app)>> {
    let mut list: *mut *mut sys::flexio_app = ptr::null_mut();
    let mut n: u32 = 0;
    check(unsafe { sys::flexio_app_get_list(&mut list, &mut n) }, "flexio_app_get_list")?;
    let apps = (0..n as usize)
        .map(|i| {
            let a = unsafe { *list.add(i) };
            (unsafe { CStr::from_ptr(x::flexio_app_get_name(a)) }.to_string_lossy().into_owned(), a)
        })
        .collect();
    unsafe { sys::flexio_app_list_free(list) };
    Ok(apps)
}

/// A DPA application registered with libflexio (built by dpacc).
pub struct App {
    app: *mut sys::flexio_app,
    dl: *mut c_void,
    name: String,
}

// SAFETY: applications are immutable once registered; the library locks its function table.
unsafe impl Send for App {}
unsafe impl Sync for App {}

impl App {
    /// Loads a dpacc-built application from a shared object (`gcc -shared
    /// -Wl,--whole-archive APP.a -Wl,--no-whole-archive -lflexio`): its constructor registers
    /// the application, whose device functions are the symbols named like them.  `name`
    /// defaults to the one application the object registers.  The object stays loaded.
    pub fn load(path: impl AsRef<Path>, name: Option<&str>) -> Result<App> {
        init()?;
        let before: Vec<String> = registered_apps()?.into_iter().map(|(n, _)| n).collect();
        let cpath = CString::new(path.as_ref().to_string_lossy().as_bytes()).unwrap();
        let dl = unsafe { dlopen(cpath.as_ptr(), RTLD_NOW | RTLD_GLOBAL) };
        if dl.is_null() {
            let why = unsafe { CStr::from_ptr(dlerror()) }.to_string_lossy().into_owned();
            return Err(error(ErrorKind::NotFound, "dlopen", format!("dlopen: {why}")));
        }
        let name = match name {
            Some(n) => n.to_owned(),
            None => {
                let new: Vec<String> =
                    registered_apps()?.into_iter().map(|(n, _)| n).filter(|n| !before.contains(n)).collect();
                if new.len() != 1 {
                    return Err(error(
                        ErrorKind::NotFound,
                        "flexio_app_get",
                        format!("flexio_app_get: {} registered {} new applications: name one", path.as_ref().display(), new.len()),
                    ));
                }
                new.into_iter().next().unwrap()
            }
        };
        Self::get_in(&name, dl)
    }

    /// An application already registered in this program (linked in, or loaded otherwise).
    pub fn get(name: &str) -> Result<App> {
        init()?;
        Self::get_in(name, ptr::null_mut())
    }

    fn get_in(name: &str, dl: *mut c_void) -> Result<App> {
        let cname = CString::new(name).unwrap();
        let attr = sys::flexio_app_select_attr { app_name: cname.as_ptr(), hw_model_id: 0, ibv_ctx: ptr::null_mut() };
        let mut app = ptr::null_mut();
        check(unsafe { sys::flexio_app_get(&attr, &mut app) }, "flexio_app_get")?;
        Ok(App { app, dl, name: name.to_owned() })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn as_raw(&self) -> *mut sys::flexio_app {
        self.app
    }

    /// The device function `name`: its handle is the symbol of that name.
    pub fn function(&self, name: &str) -> Result<Function> {
        let cname = CString::new(name).unwrap();
        // RTLD_DEFAULT (null) for applications linked into the program
        let handle = unsafe { dlsym(self.dl, cname.as_ptr()) };
        if handle.is_null() {
            return Err(error(
                ErrorKind::NotFound,
                "dlsym",
                format!("dlsym: application {:?} has no function {name:?}", self.name),
            ));
        }
        // SAFETY: the symbol is the stub function dpacc generated (a function address).
        let handle: sys::flexio_func_t = unsafe { std::mem::transmute::<*mut c_void, sys::flexio_func_t>(handle) };
        let size = sys::FLEXIO_MAX_NAME_LEN as usize + 1;
        let (mut n1, mut n2) = (vec![0 as c_char; size], vec![0 as c_char; size]);
        let (mut pup, mut argbuf, mut a1, mut a2) = (0u32, 0usize, 0u64, 0u64);
        let mut pack: sys::flexio_func_arg_pack_fn_t = None;
        check(
            unsafe {
                sys::flexio_func_get_register_info(
                    self.app, handle, &mut pup, n1.as_mut_ptr(), n2.as_mut_ptr(), size, &mut argbuf, &mut pack, &mut a1,
                    &mut a2,
                )
            },
            "flexio_func_get_register_info",
        )?;
        Ok(Function { handle, nargs: if pup != 0 { argbuf / 8 } else { 1 }, name: name.to_owned() })
    }
}

impl fmt::Debug for App {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("App").field("name", &self.name).finish()
    }
}

/// A device function (the handle dpacc generated) and its number of arguments.
#[derive(Clone, Debug)]
pub struct Function {
    handle: sys::flexio_func_t,
    nargs: usize,
    name: String,
}


impl Function {
    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn nargs(&self) -> usize {
        self.nargs
    }
    pub fn as_raw(&self) -> sys::flexio_func_t {
        self.handle
    }
}

// ------------------------------------------------------------------------------------------
// Processes

extern "C" {
    fn open_memstream(ptr: *mut *mut c_char, sizeloc: *mut usize) -> *mut sys::FILE;
    fn fflush(stream: *mut sys::FILE) -> c_int;
    fn fclose(stream: *mut sys::FILE) -> c_int;
    fn flockfile(stream: *mut sys::FILE);
    fn funlockfile(stream: *mut sys::FILE);
    fn free(p: *mut c_void);
}

struct Capture {
    file: *mut sys::FILE,
    // boxed: open_memstream keeps writing through these addresses
    buf: Box<(*mut c_char, usize)>,
    stream: *mut sys::flexio_msg_stream,
    read: std::cell::Cell<usize>,
}

/// DPA heap figures of a process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapInfo {
    pub base_addr: u64,
    pub size: usize,
    pub requested: usize,
    pub allocated: usize,
}

/// A DPA process running an application; dropped, it is destroyed with everything in it.
pub struct Process<'d> {
    p: *mut sys::flexio_process,
    capture: Option<Capture>,
    _device: PhantomData<&'d Device>,
}

// SAFETY: a process may be driven from another thread than the one that created it; calls are
// not made concurrently on one process (&self methods, no Sync).
unsafe impl Send for Process<'_> {}

macro_rules! call_variadic {
    ($p:expr, $f:expr, $ret:expr, $a:expr; $($i:literal)*) => {
        unsafe { sys::flexio_process_call($p, $f, $ret $(, $a[$i])*) }
    };
}

impl<'d> Process<'d> {
    fn new(device: &'d Device, app: &'d App, capture: bool) -> Result<Process<'d>> {
        let mut p = ptr::null_mut();
        check(unsafe { sys::flexio_process_create(device.ctx, app.app, ptr::null(), &mut p) }, "flexio_process_create")?;
        let mut proc = Process { p, capture: None, _device: PhantomData };
        if capture {
            let mut buf = Box::new((ptr::null_mut(), 0usize));
            let file = unsafe { open_memstream(&mut buf.0, &mut buf.1) };
            if file.is_null() {
                return Err(error(ErrorKind::Failed, "open_memstream", "open_memstream failed".into()));
            }
            let mut attr: sys::flexio_msg_stream_attr_t = unsafe { std::mem::zeroed() };
            attr.data_bsize = 1 << 16;
            attr.sync_mode = sys::FLEXIO_LOG_DEV_SYNC_MODE_SYNC;
            attr.level = sys::FLEXIO_MSG_DEV_DEBUG;
            let mut stream = ptr::null_mut();
            let status = unsafe { sys::flexio_msg_stream_create(p, &mut attr, file, ptr::null_mut(), &mut stream) };
            proc.capture = Some(Capture { file, buf, stream, read: 0.into() });
            check(status, "flexio_msg_stream_create")?;
        }
        Ok(proc)
    }

    pub fn as_raw(&self) -> *mut sys::flexio_process {
        self.p
    }

    fn failed_call(&self, function: &'static str) -> Error {
        let message = last_error();
        let status = unsafe { x::flexio_err_status_get(self.p) };
        if status != 0 {
            error(ErrorKind::DeviceFault { status: status as u32 }, function, message)
        } else {
            error(ErrorKind::Failed, function, message)
        }
    }

    /// Runs device function `f` with `args` (one u64 per parameter: signed values as two's
    /// complement, pointers as device addresses) and returns its 64-bit result.
    #[inline]
    pub fn call(&self, f: &Function, args: &[u64]) -> Result<u64> {
        if args.len() != f.nargs {
            return Err(error(
                ErrorKind::Arity { expected: f.nargs, given: args.len() },
                "flexio_process_call",
                format!("{}() takes {} arguments ({} given)", f.name, f.nargs, args.len()),
            ));
        }
        let mut ret = 0u64;
        let (p, h, r) = (self.p, f.handle, &mut ret as *mut u64);
        // The variadic entry itself, as C calls it: one call site per argument count.
        let status = match args.len() {
            0 => call_variadic!(p, h, r, args;),
            1 => call_variadic!(p, h, r, args; 0),
            2 => call_variadic!(p, h, r, args; 0 1),
            3 => call_variadic!(p, h, r, args; 0 1 2),
            4 => call_variadic!(p, h, r, args; 0 1 2 3),
            5 => call_variadic!(p, h, r, args; 0 1 2 3 4),
            6 => call_variadic!(p, h, r, args; 0 1 2 3 4 5),
            7 => call_variadic!(p, h, r, args; 0 1 2 3 4 5 6),
            8 => call_variadic!(p, h, r, args; 0 1 2 3 4 5 6 7),
            _ => unsafe { x::flexio_process_call_args(p, h, r, args.as_ptr(), args.len()) },
        };
        if status != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call("flexio_process_call"));
        }
        Ok(ret)
    }

    /// Whether the process stopped on a fatal error.
    pub fn failed(&self) -> bool {
        unsafe { x::flexio_err_status_get(self.p) != 0 }
    }

    /// The library's crash report (fault, registers) as text.
    pub fn crash_data(&self) -> Result<String> {
        // The library writes <outfile>.<process id>.crash: a private directory holds it.
        let dir = std::env::temp_dir().join(format!("flexio-crash-{}-{:p}", std::process::id(), self.p));
        std::fs::create_dir_all(&dir).map_err(|e| error(ErrorKind::Failed, "flexio_crash_data", e.to_string()))?;
        let cpath = CString::new(dir.join("flexio").to_string_lossy().as_bytes()).unwrap();
        let status = unsafe { sys::flexio_crash_data(self.p, cpath.as_ptr()) };
        let mut text = String::new();
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            text += &std::fs::read_to_string(entry.path()).unwrap_or_default();
        }
        let _ = std::fs::remove_dir_all(&dir);
        check(status, "flexio_crash_data")?;
        Ok(text)
    }

    /// The text device code printed since the previous call.
    pub fn output(&self) -> Result<String> {
        let c = self.capture.as_ref().ok_or_else(|| {
            error(ErrorKind::Failed, "flexio_msg_stream_flush", "output is not captured".into())
        })?;
        check(unsafe { sys::flexio_msg_stream_flush(c.stream) }, "flexio_msg_stream_flush")?;
        Ok(take_output(c))
    }

    /// Allocates `size` bytes of DPA heap.
    pub fn alloc(&self, size: usize) -> Result<HeapBuffer<'_>> {
        let mut daddr = 0;
        if unsafe { sys::flexio_buf_dev_alloc(self.p, size, &mut daddr) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call("flexio_buf_dev_alloc"));
        }
        Ok(HeapBuffer { process: self, daddr, size })
    }

    /// A new heap buffer holding a copy of `data`.
    pub fn copy_from_host(&self, data: &[u8]) -> Result<HeapBuffer<'_>> {
        let mut daddr = 0;
        if unsafe { sys::flexio_copy_from_host(self.p, data.as_ptr() as *mut c_void, data.len(), &mut daddr) }
            != sys::FLEXIO_STATUS_SUCCESS
        {
            return Err(self.failed_call("flexio_copy_from_host"));
        }
        Ok(HeapBuffer { process: self, daddr, size: data.len() })
    }

    pub fn heap_info(&self) -> Result<HeapInfo> {
        let mut i: sys::flexio_heap_mem_info = unsafe { std::mem::zeroed() };
        check(unsafe { sys::flexio_process_mem_info_get(self.p, &mut i) }, "flexio_process_mem_info_get")?;
        Ok(HeapInfo { base_addr: i.base_addr, size: i.size, requested: i.requested, allocated: i.allocated })
    }
}

fn take_output(c: &Capture) -> String {
    unsafe {
        flockfile(c.file); // the stream's host thread writes under the same lock
        fflush(c.file);
        let (buf, len) = *c.buf;
        let from = c.read.get();
        let text = if len > from {
            String::from_utf8_lossy(std::slice::from_raw_parts(buf.add(from) as *const u8, len - from)).into_owned()
        } else {
            String::new()
        };
        c.read.set(len);
        funlockfile(c.file);
        text
    }
}

impl Drop for Process<'_> {
    fn drop(&mut self) {
        unsafe {
            sys::flexio_process_destroy(self.p); // flushes and destroys the stream too
            if let Some(c) = self.capture.take() {
                fclose(c.file);
                free(c.buf.0 as *mut c_void);
            }
        }
    }
}

impl fmt::Debug for Process<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Process");
        if let Ok(h) = self.heap_info() {
            d.field("heap_allocated", &h.allocated).field("heap_size", &h.size);
        }
        d.field("failed", &self.failed()).finish()
    }
}

// ------------------------------------------------------------------------------------------
// Heap buffers

/// A buffer in a process's DPA heap; freed when dropped.
pub struct HeapBuffer<'p> {
    process: &'p Process<'p>,
    daddr: u64,
    size: usize,
}

impl HeapBuffer<'_> {
    /// The device address (what device functions take as a pointer argument).
    pub fn daddr(&self) -> u64 {
        self.daddr
    }
    pub fn len(&self) -> usize {
        self.size
    }
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    fn bounds(&self, offset: usize, n: usize, function: &'static str) -> Result<()> {
        if offset.checked_add(n).map_or(true, |end| end > self.size) {
            return Err(error(
                ErrorKind::Failed,
                function,
                format!("[{offset}, +{n}) is outside the buffer's {} bytes", self.size),
            ));
        }
        Ok(())
    }

    /// Copies `data` into the buffer at `offset`.
    pub fn write(&self, offset: usize, data: &[u8]) -> Result<()> {
        self.bounds(offset, data.len(), "flexio_host2dev_memcpy")?;
        let p = self.process;
        if unsafe { sys::flexio_host2dev_memcpy(p.p, data.as_ptr() as *mut c_void, data.len(), self.daddr + offset as u64) }
            != sys::FLEXIO_STATUS_SUCCESS
        {
            return Err(p.failed_call("flexio_host2dev_memcpy"));
        }
        Ok(())
    }

    /// Fills `out` from the buffer at `offset`.
    pub fn read(&self, offset: usize, out: &mut [u8]) -> Result<()> {
        self.bounds(offset, out.len(), "flexio_dev2host_memcpy")?;
        let p = self.process;
        if unsafe { x::flexio_dev2host_memcpy(p.p, out.as_mut_ptr() as *mut c_void, out.len(), self.daddr + offset as u64) }
            != sys::FLEXIO_STATUS_SUCCESS
        {
            return Err(p.failed_call("flexio_dev2host_memcpy"));
        }
        Ok(())
    }

    /// The whole buffer.
    pub fn to_vec(&self) -> Result<Vec<u8>> {
        let mut v = vec![0; self.size];
        self.read(0, &mut v)?;
        Ok(v)
    }

    pub fn memset(&self, value: u8) -> Result<()> {
        check(unsafe { sys::flexio_buf_dev_memset(self.process.p, value as c_int, self.size, self.daddr) }, "flexio_buf_dev_memset")
    }
}

impl Drop for HeapBuffer<'_> {
    fn drop(&mut self) {
        unsafe { sys::flexio_buf_dev_free(self.process.p, self.daddr) };
    }
}

impl fmt::Debug for HeapBuffer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HeapBuffer {{ daddr: {:#x}, size: {} }}", self.daddr, self.size)
    }
}
